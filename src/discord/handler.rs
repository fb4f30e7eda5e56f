//! Discord events into service calls: chat messages, slash commands, autocomplete and
//! button clicks. Events run concurrently; the service's version check keeps games safe.

use std::sync::{Arc, Mutex};

use serenity::all::{
    AutoArchiveDuration, ChannelType, CommandInteraction, ComponentInteraction, Context,
    CreateAllowedMentions, CreateAutocompleteResponse, CreateInteractionResponse,
    CreateInteractionResponseMessage, CreateThread, EventHandler, GuildChannel, Http, Interaction,
    Message as DiscordMessage, Ready, Role, RoleId,
};

use super::gate::Gate;
use super::incoming::{
    channels_of, member_of_interaction, message_from, names_channels, rights_of, site_of, user,
};
use super::interaction::{self, Asked};
use super::rights::{Member, RightsCache, member_of_message};
use super::sight::MemberSight;
use super::{outbox, send, slash};
use crate::command::{Command, Phrasing, Syntax};
use crate::model::{ChannelId, OutboxId, Rights, UserId};
use crate::reply::{FollowUp, IfRefused, Reply};
use crate::service::{GameState, Message, Served, Service, Via};
use crate::sight::{PlayersOnly, Sight};
use crate::text;
use crate::text::Span;

/// How long Discord shows the bot typing after it says so (it says 10 s).
const TYPING_LASTS: std::time::Duration = std::time::Duration::from_secs(8);

/// What an interaction's work leaves, kept while it is answered: the work for later and
/// the announcements its replies make.
type Left = Mutex<(Vec<FollowUp>, Vec<OutboxId>)>;

/// Said to interactions that arrive while the bot shuts down.
const RESTARTING: &str = "I am restarting: please try again in a minute.";

/// The serenity event handler of the bot.
pub(crate) struct Handler {
    service: Arc<Service>,
    /// The bot's own user id, for the mention prefix.
    bot_id: u64,
    dev_guild: Option<u64>,
    /// The first shard this process runs: its READY registers the slash commands.
    first_shard: u32,
    gate: Gate,
    /// Roles and overwrites read for the rights of chat messages' authors and for who may
    /// see which game.
    rights: Arc<RightsCache>,
    /// The direct-message channel opened with each user.
    dm_channels: std::sync::Mutex<std::collections::HashMap<UserId, serenity::all::ChannelId>>,
    /// Whether this process posted what the outbox owed at its start.
    drained: std::sync::atomic::AtomicBool,
}

/// The syntax row of a line that is one of the bot's commands, written right: whether the
/// author's rights or the place are worth asking Discord for is the row's to say.
fn row_of(line: &str, say: &Phrasing) -> Option<&'static Syntax> {
    crate::command::parse(line, say)?.ok()?.syntax()
}

/// Shows the bot typing in `channel` until dropped (Discord shows it for 10 s a call).
async fn typing(http: &Http, channel: serenity::all::ChannelId) {
    loop {
        if let Err(e) = channel.broadcast_typing(http).await {
            tracing::warn!(error = %e, "cannot show the bot typing");
        }
        tokio::time::sleep(TYPING_LASTS).await;
    }
}

impl Handler {
    pub(crate) fn new(
        service: Arc<Service>,
        bot_id: u64,
        (dev_guild, first_shard): (Option<u64>, u32),
        gate: Gate,
    ) -> Handler {
        Handler {
            service,
            bot_id,
            dev_guild,
            first_shard,
            gate,
            rights: Arc::default(),
            dm_channels: Default::default(),
            drained: Default::default(),
        }
    }

    /// What `member` can view, asked of Discord as the service needs it; outside a server,
    /// only the games he plays.
    fn sight(
        &self,
        http: &Arc<Http>,
        member: Option<Member>,
        here: serenity::all::ChannelId,
    ) -> Sight {
        let Some(member) = member else {
            return Sight::Member(Arc::new(PlayersOnly));
        };
        Sight::Member(Arc::new(MemberSight {
            http: Arc::clone(http),
            rights: Arc::clone(&self.rights),
            member,
            here,
            runtime: tokio::runtime::Handle::current(),
            answered: Mutex::default(),
        }))
    }

    /// What an interaction's member may do (Discord sends his permissions in the channel)
    /// and which games he may be shown.
    fn vouched(
        &self,
        http: &Arc<Http>,
        guild: Option<serenity::all::GuildId>,
        channel: serenity::all::ChannelId,
        member: Option<&serenity::all::Member>,
    ) -> (Rights, Sight) {
        let sight = self.sight(http, member_of_interaction(guild, member), channel);
        (rights_of(member), sight)
    }

    fn prefix(&self) -> &str {
        &self.service.config().prefix
    }

    /// The chat line of a message that may be for the bot, and whether it is for sure: a
    /// mention command (`<@bot> push b1 c2`, the prefix put in place of the mention) is,
    /// a prefix command (which other bots may share) is not.
    fn command_text(&self, content: &str) -> Option<(String, Via)> {
        let trimmed = content.trim_start();
        for mention in [
            format!("<@{}>", self.bot_id),
            format!("<@!{}>", self.bot_id),
        ] {
            if let Some(rest) = trimmed.strip_prefix(&mention) {
                return Some((
                    format!("{}{}", self.prefix(), rest.trim_start()),
                    Via::Mention,
                ));
            }
        }
        trimmed
            .starts_with(self.prefix())
            .then(|| (content.to_string(), Via::Prefix))
    }

    /// The channel's active game, read off the async workers.
    async fn game_state(&self, channel: ChannelId) -> Option<GameState> {
        let service = Arc::clone(&self.service);
        let state = tokio::task::spawn_blocking(move || service.game_state(channel, false)).await;
        match state {
            Ok(Ok(state)) => state,
            Ok(Err(e)) => {
                tracing::error!(error = %format!("{e:#}"), channel = channel.0, "cannot read the game");
                None
            }
            Err(e) => {
                tracing::error!(error = %e, "game lookup task failed");
                None
            }
        }
    }

    async fn on_slash(&self, ctx: &Context, command: &CommandInteraction) {
        let Some(_pass) = self.gate.enter() else {
            refuse(command.create_response(&ctx.http, restarting())).await;
            return;
        };
        let options = slash::options(&command.data.options).given_to(self.service.engine_user_id());
        // The work the replies leave for later, and the announcements they make.
        let left: Left = Mutex::new((Vec::new(), Vec::new()));
        let work = async {
            // The options fill the command: no chat line is built from them.
            let say = Phrasing::slash(self.prefix());
            let parsed = crate::command::from_options(&command.data.name, &options, &say);
            let mentions = command
                .data
                .resolved
                .users
                .values()
                .filter(|u| !u.bot)
                .map(user)
                .collect();
            let row = parsed.as_ref().ok().and_then(Command::syntax);
            let site = if row.is_some_and(|row| row.starts_game) {
                site_of(&ctx.http, command.guild_id, command.channel_id).await
            } else {
                None
            };
            let message = Message {
                mentions,
                // Discord offers only the server's channels of the kinds asked for.
                channels: options.channels(),
                site,
                ..message_from(
                    command.guild_id,
                    command.channel_id,
                    &command.user,
                    format!("/{}", command.data.name),
                    Via::Slash,
                    self.vouched(
                        &ctx.http,
                        command.guild_id,
                        command.channel_id,
                        command.member.as_deref(),
                    ),
                )
            };
            // Answered with the engine's answer too, deferred if it is slow.
            let served = (self.service)
                .serve_parsed_async(message, parsed, std::future::pending())
                .await;
            self.answer_served(&ctx.http, command.channel_id, served, &left)
                .await
        };
        // Remembered before it may be deferred: a crash's lost answer is given at the restart.
        let remembered =
            outbox::remember(&self.service, &command.token, command.channel_id.get()).await;
        let answered = interaction::answer(&ctx.http, Asked::Command(command), work).await;
        self.after_answer(&ctx.http, command.channel_id, answered, left, remembered)
            .await;
    }

    /// What an interaction's answer is, from what the service served: the work for later
    /// and the announcements made are kept in `left` for [`Handler::after_answer`]; the
    /// threads asked for are opened. Nothing if a test's failpoint stops the bot here.
    async fn answer_served(
        &self,
        http: &Http,
        channel: serenity::all::ChannelId,
        served: Served,
        left: &Left,
    ) -> Vec<Reply> {
        if outbox::dies_answering(&self.service, &served.now).await {
            return Vec::new();
        }
        if let Ok(mut left) = left.lock() {
            left.0.extend(served.later);
            left.1.extend(outbox::owed_by(&served.now));
        }
        self.open_threads(http, channel, served.now).await
    }

    /// Once an interaction is `answered`: its announcements' messages kept, the interaction
    /// forgotten, their direct copies sent and the announcements marked sent, then the work
    /// left for later. Kept and forgotten first: a restart after a crash here then neither
    /// posts them again (an interaction's follow-up has no nonce) nor asks to ask again.
    async fn after_answer(
        &self,
        http: &Http,
        channel: serenity::all::ChannelId,
        answered: interaction::Answered,
        left: Left,
        remembered: Option<i64>,
    ) {
        let (later, owed) = left.into_inner().unwrap_or_default();
        for (announced, message) in answered.announced {
            outbox::note_posted(&self.service, announced, message).await;
        }
        outbox::forget(&self.service, remembered).await;
        self.send_direct(http, channel, &answered.replies).await;
        outbox::mark_sent(&self.service, owed, None).await;
        self.follow_up(http, channel, later).await;
    }

    /// Does the work replies left (the engine's turns, analyses), one after the other, each
    /// answer posted in its channel once it is ready (the replies that asked are out already).
    /// The engine's answer to a turn that waited for a searcher comes this way, the bot
    /// typing in `here` meanwhile.
    async fn follow_up(&self, http: &Http, here: serenity::all::ChannelId, works: Vec<FollowUp>) {
        for work in works {
            let engine = matches!(work, FollowUp::EngineAnswer(_));
            let answers = self.service.follow_up_async(work);
            let answers = if engine {
                tokio::select! {
                    answers = answers => answers,
                    () = typing(http, here) => Vec::new(),
                }
            } else {
                answers.await
            };
            for (channel, reply) in answers {
                // A refusal is logged where it happens; nobody else is waiting for it.
                let _ = self.deliver(http, channel, reply).await;
            }
        }
    }

    /// Opens a thread for each reply that asks for one: its game moves there and the reply is
    /// posted there, the channel getting a short notice instead. Where Discord refuses the
    /// thread (no Create Public Threads permission), the game stays in the channel.
    async fn open_threads(
        &self,
        http: &Http,
        channel: serenity::all::ChannelId,
        replies: Vec<Reply>,
    ) -> Vec<Reply> {
        let mut kept = Vec::with_capacity(replies.len());
        for mut reply in replies {
            let Some(thread) = reply.thread.take() else {
                kept.push(reply);
                continue;
            };
            // Discord's limit on a thread's name.
            let name: String = thread.name.chars().take(100).collect();
            let opening = CreateThread::new(name)
                .kind(ChannelType::PublicThread)
                .auto_archive_duration(AutoArchiveDuration::OneWeek);
            let opened = match channel.create_thread(http, opening).await {
                Ok(opened) => opened.id,
                Err(e) => {
                    kept.extend(refused_thread(reply, thread.if_refused, &e));
                    continue;
                }
            };
            let (service, to) = (self.service(), ChannelId(opened.get()));
            let moved = tokio::task::spawn_blocking(move || service.move_game(thread.game, to))
                .await
                .unwrap_or(false);
            if moved {
                send::to_channel(http, opened, None, &[reply]).await;
                kept.push(Reply::public(text!["Game on in ", Span::Channel(to), "."]));
            } else {
                kept.push(reply);
            }
        }
        kept
    }

    /// Posts a reply the watch or later work gave for `channel` (or sends it directly);
    /// says why, if Discord refused to post it in the channel.
    pub(crate) async fn deliver(
        &self,
        http: &Http,
        channel: ChannelId,
        reply: Reply,
    ) -> Result<(), String> {
        self.deliver_unless(http, channel, reply, false).await
    }

    /// [`Handler::deliver`]; `dies` (a test's failpoint while draining) leaves its
    /// announcement unmarked. The announcement's rows are marked by its last direct copy
    /// when copies follow ([`Reply::owed_continues`]).
    pub(crate) async fn deliver_unless(
        &self,
        http: &Http,
        channel: ChannelId,
        reply: Reply,
        dies: bool,
    ) -> Result<(), String> {
        let channel = serenity::all::ChannelId::new(channel.0);
        if outbox::dies_before_post(&self.service, &reply.owed) {
            return Ok(());
        }
        let marks = !reply.owed_continues && !dies;
        let owed = reply.owed.clone();
        // A tournament's game the watch started: its thread is opened, the game moved there
        // and the reply posted in it; the channel hears where.
        let replies = if reply.thread.is_some() {
            self.open_threads(http, channel, vec![reply]).await
        } else {
            vec![reply]
        };
        let Some(reply) = replies.into_iter().next() else {
            return Ok(());
        };
        if reply.direct.is_some() {
            self.send_direct(http, channel, std::slice::from_ref(&reply))
                .await;
            if marks {
                outbox::mark_sent(&self.service, owed, None).await;
            }
            return Ok(());
        }
        let sent = send::to_channel(http, channel, None, &[reply]).await;
        match (marks, sent.announcement) {
            (true, announcement) => outbox::mark_sent(&self.service, owed, announcement).await,
            (false, Some(posted)) if !dies => {
                outbox::note_posted(&self.service, owed, posted).await
            }
            (false, _) => {}
        }
        match sent.refused {
            Some(why) => Err(why),
            None => Ok(()),
        }
    }

    /// The service the handler serves.
    pub(crate) fn service(&self) -> Arc<Service> {
        Arc::clone(&self.service)
    }

    /// The direct-message channel with `user`: opened once, then reused (Discord gives the
    /// same channel each time; asking again is a request wasted).
    async fn direct_channel(
        &self,
        http: &Http,
        user: UserId,
    ) -> serenity::Result<serenity::all::ChannelId> {
        let known = self
            .dm_channels
            .lock()
            .ok()
            .and_then(|dms| dms.get(&user).copied());
        if let Some(channel) = known {
            return Ok(channel);
        }
        let channel = serenity::all::UserId::new(user.0)
            .create_dm_channel(http)
            .await?
            .id;
        if let Ok(mut dms) = self.dm_channels.lock() {
            dms.insert(user, channel);
        }
        Ok(channel)
    }

    /// Sends the direct messages among `replies`. Where Discord refuses one, the user's
    /// direct messages are turned off and `channel` is told so.
    async fn send_direct(&self, http: &Http, channel: serenity::all::ChannelId, replies: &[Reply]) {
        for reply in replies {
            let Some(user) = reply.direct else { continue };
            let sent = match self.direct_channel(http, user).await {
                Ok(dm) => send::direct(http, dm, reply).await,
                Err(e) => Err(e),
            };
            match (sent, &reply.direct_note) {
                (Ok(()), None) => {}
                (Ok(()), Some(note)) => {
                    send::to_channel(http, channel, None, &[Reply::public(note.sent.clone())])
                        .await;
                }
                (Err(e), Some(note)) if send::is_forbidden(&e) => {
                    send::to_channel(http, channel, None, &[Reply::public(note.refused.clone())])
                        .await;
                }
                (Err(e), None) if send::is_forbidden(&e) => {
                    let service = Arc::clone(&self.service);
                    let notice =
                        tokio::task::spawn_blocking(move || service.direct_message_refused(user))
                            .await;
                    match notice {
                        Ok(notice) => {
                            send::to_channel(http, channel, None, &[notice]).await;
                        }
                        Err(e) => tracing::error!(error = %e, "direct message task failed"),
                    }
                }
                (Err(e), _) => {
                    tracing::warn!(error = %e, user = user.0, "cannot send a direct message")
                }
            }
        }
    }

    async fn on_autocomplete(&self, ctx: &Context, command: &CommandInteraction) {
        let Some(focused) = command.data.autocomplete() else {
            return;
        };
        let state = self.game_state(ChannelId(command.channel_id.get())).await;
        // A potential move's target depends on the piece named in `from`.
        let from = command
            .data
            .options
            .iter()
            .find_map(|o| match (&o.name[..], &o.value) {
                ("from", serenity::all::CommandDataOptionValue::String(v)) => Some(v.as_str()),
                _ => None,
            });
        let choices = slash::suggestions(
            &command.data.name,
            focused.name,
            focused.value,
            state.as_ref().map(|s| &s.game),
            from,
        );
        let mut response = CreateAutocompleteResponse::new();
        for choice in choices {
            response = match choice {
                slash::Choice::Text(name, value) => response.add_string_choice(name, value),
                slash::Choice::Int(name, value) => response.add_int_choice(name, value),
            };
        }
        let sent = command
            .create_response(&ctx.http, CreateInteractionResponse::Autocomplete(response))
            .await;
        if let Err(e) = sent {
            tracing::warn!(error = %e, "cannot answer an autocomplete");
        }
    }

    async fn on_click(&self, ctx: &Context, click: &ComponentInteraction) {
        let Some(_pass) = self.gate.enter() else {
            refuse(click.create_response(&ctx.http, restarting())).await;
            return;
        };
        // The service refuses a click made for another game or an earlier question.
        // The work the replies leave for later, and the announcements they make.
        let left: Left = Mutex::new((Vec::new(), Vec::new()));
        let work = async {
            match send::parse_custom_id(&click.data.custom_id) {
                None => vec![Reply::private("I don't know that button.")],
                Some((stamp, command)) => {
                    let text = format!("{}{command}", self.prefix());
                    let site = if command.syntax().is_some_and(|row| row.starts_game) {
                        site_of(&ctx.http, click.guild_id, click.channel_id).await
                    } else {
                        None
                    };
                    let message = Message {
                        stamp: Some(stamp),
                        site,
                        ..message_from(
                            click.guild_id,
                            click.channel_id,
                            &click.user,
                            text,
                            Via::Button,
                            self.vouched(
                                &ctx.http,
                                click.guild_id,
                                click.channel_id,
                                click.member.as_ref(),
                            ),
                        )
                    };
                    let served = (self.service)
                        .serve_command_async(message, command, std::future::pending())
                        .await;
                    self.answer_served(&ctx.http, click.channel_id, served, &left)
                        .await
                }
            }
        };
        // Remembered before it may be deferred: a crash's lost answer is given at the restart.
        let remembered =
            outbox::remember(&self.service, &click.token, click.channel_id.get()).await;
        let answered = interaction::answer(&ctx.http, Asked::Click(click), work).await;
        self.after_answer(&ctx.http, click.channel_id, answered, left, remembered)
            .await;
    }
}

fn restarting() -> CreateInteractionResponse {
    CreateInteractionResponse::Message(
        CreateInteractionResponseMessage::new()
            .content(RESTARTING)
            .allowed_mentions(CreateAllowedMentions::new())
            .ephemeral(true),
    )
}

async fn refuse(sent: impl Future<Output = serenity::Result<()>>) {
    if let Err(e) = sent.await {
        tracing::warn!(error = %e, "cannot answer an interaction");
    }
}

#[serenity::async_trait]
impl EventHandler for Handler {
    // Roles and overwrites decide who may moderate: when they change, they are read anew.
    async fn guild_role_create(&self, _: Context, new: Role) {
        self.rights.forget_server(new.guild_id);
    }

    async fn guild_role_update(&self, _: Context, _: Option<Role>, new: Role) {
        self.rights.forget_server(new.guild_id);
    }

    // A new owner has every right.
    async fn guild_update(
        &self,
        _: Context,
        _: Option<serenity::all::Guild>,
        new: serenity::all::PartialGuild,
    ) {
        self.rights.forget_server(new.id);
    }

    async fn guild_role_delete(
        &self,
        _: Context,
        guild: serenity::all::GuildId,
        _: RoleId,
        _: Option<Role>,
    ) {
        self.rights.forget_server(guild);
    }

    async fn channel_update(&self, _: Context, _: Option<GuildChannel>, new: GuildChannel) {
        self.rights.forget_channel(new.id);
    }

    async fn thread_update(&self, _: Context, _: Option<GuildChannel>, new: GuildChannel) {
        self.rights.forget_channel(new.id);
    }

    async fn channel_delete(
        &self,
        _: Context,
        channel: GuildChannel,
        _: Option<Vec<DiscordMessage>>,
    ) {
        self.rights.forget_channel(channel.id);
    }

    async fn ready(&self, ctx: Context, ready: Ready) {
        tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
        // The bot's own user plays the engine's side.
        self.service
            .set_engine_user(UserId(ready.user.id.get()), &ready.user.name);
        // Every shard is told READY; one registration per connection of the process is enough.
        if ready
            .shard
            .is_some_and(|shard| shard.id.0 != self.first_shard)
        {
            return;
        }
        // What a crash left unannounced goes first.
        outbox::drain_once(&self.drained, self, &ctx.http).await;
        let commands = slash::definitions();
        let registered = match self.dev_guild.filter(|&id| id != 0) {
            Some(guild) => {
                serenity::all::GuildId::new(guild)
                    .set_commands(&ctx.http, commands)
                    .await
            }
            None => serenity::all::Command::set_global_commands(&ctx.http, commands).await,
        };
        match registered {
            Ok(list) => {
                tracing::info!(count = list.len(), guild = ?self.dev_guild, "slash commands registered")
            }
            Err(e) => tracing::error!(error = %e, "cannot register the slash commands"),
        }
    }

    async fn message(&self, ctx: Context, msg: DiscordMessage) {
        if msg.author.bot {
            return;
        }
        let Some((text, via)) = self.command_text(&msg.content) else {
            return;
        };
        // While shutting down, chat commands are left unanswered (they can be sent again).
        let Some(_pass) = self.gate.enter() else {
            return;
        };
        let row = row_of(&text, &Phrasing::chat(self.prefix()));
        let needed = row.is_some_and(|row| row.moderated);
        let rights = self.rights.of_message(&ctx.http, &msg, needed).await;
        let sight = self.sight(&ctx.http, member_of_message(&msg), msg.channel_id);
        let site = if row.is_some_and(|row| row.starts_game) {
            site_of(&ctx.http, msg.guild_id, msg.channel_id).await
        } else {
            None
        };
        let channels = if row.is_some_and(names_channels) {
            channels_of(&ctx.http, msg.guild_id, &text).await
        } else {
            Vec::new()
        };
        let message = Message {
            mentions: msg.mentions.iter().filter(|u| !u.bot).map(user).collect(),
            channels,
            site,
            ..message_from(
                msg.guild_id,
                msg.channel_id,
                &msg.author,
                text,
                via,
                (rights, sight),
            )
        };
        // While the engine thinks, the channel shows the bot typing: the player sees his
        // command was taken (a refused one is answered at once, having nothing to wait for).
        let served = (self.service)
            .serve_async(message, typing(&ctx.http, msg.channel_id))
            .await;
        let later = served.later;
        let owed = outbox::owed_by(&served.now);
        if outbox::dies_before_post(&self.service, &owed) {
            return;
        }
        let replies = self
            .open_threads(&ctx.http, msg.channel_id, served.now)
            .await;
        let (direct, replies): (Vec<Reply>, Vec<Reply>) =
            replies.into_iter().partition(|r| r.direct.is_some());
        let sent = send::to_channel(&ctx.http, msg.channel_id, Some(msg.id), &replies).await;
        let refused = sent.undelivered;
        // A file the channel refused goes to whoever asked for it.
        let author = crate::model::UserId(msg.author.id.get());
        let direct: Vec<Reply> = (direct.into_iter())
            .chain(refused.into_iter().map(|reply| Reply {
                direct: Some(author),
                ..reply
            }))
            .collect();
        // Marked once the direct copies are out too.
        self.send_direct(&ctx.http, msg.channel_id, &direct).await;
        outbox::mark_sent(&self.service, owed, sent.announcement).await;
        self.follow_up(&ctx.http, msg.channel_id, later).await;
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        match interaction {
            Interaction::Command(command) => self.on_slash(&ctx, &command).await,
            Interaction::Autocomplete(command) => self.on_autocomplete(&ctx, &command).await,
            Interaction::Component(click) => self.on_click(&ctx, &click).await,
            _ => {}
        }
    }
}

/// What is posted when Discord refused (`e`) the thread `reply` asked for: a challenge's
/// game is played in its channel, saying so; a round game waits (the watch asks again), and
/// the channel hears what the service said, if anything.
fn refused_thread(mut reply: Reply, if_refused: IfRefused, e: &serenity::Error) -> Option<Reply> {
    match if_refused {
        IfRefused::PlayHere => {
            tracing::warn!(error = %e, "cannot open a thread: the game stays in its channel");
            reply.text.push(if send::is_forbidden(e) {
                "\n(The game is played here: I may not open threads in this channel. A moderator can give me Create Public Threads.)"
            } else {
                "\n(The game is played here: Discord did not let me open a thread for it just now.)"
            });
            Some(reply)
        }
        IfRefused::Wait { say } => {
            tracing::warn!(error = %e, "cannot open a round game's thread: it waits for the next try");
            say.map(Reply::public)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::Config;

    #[test]
    fn mention_and_prefix_commands_are_recognised() -> anyhow::Result<()> {
        let dir = tempfile::tempdir()?;
        let service = Service::open(dir.path().join("t.db"), Config::default())?;
        let handler = Handler::new(Arc::new(service), 77, (None, 0), Gate::new());
        assert_eq!(
            handler.command_text("<@77> push b1 c2"),
            Some(("!push b1 c2".into(), Via::Mention))
        );
        assert_eq!(
            handler.command_text("  <@!77>board"),
            Some(("!board".into(), Via::Mention))
        );
        assert_eq!(
            handler.command_text("!help"),
            Some(("!help".into(), Via::Prefix))
        );
        assert_eq!(handler.command_text("<@78> push b1 c2"), None);
        assert_eq!(handler.command_text("hello"), None);
        Ok(())
    }

    #[test]
    fn the_rows_decide_what_is_asked_of_discord() {
        let chat = Phrasing::chat("!");
        assert!(row_of("!abort", &chat).is_some_and(|row| row.moderated));
        assert!(row_of("!settings days=3", &chat).is_some_and(|row| row.moderated));
        assert!(row_of("!challenge <@42>", &chat).is_some_and(|row| row.starts_game));
        assert!(row_of("!accept", &Phrasing::slash("!")).is_some_and(|row| row.starts_game));
        // A line written wrong, or none of ours, asks for nothing.
        assert!(row_of("!abort now", &chat).is_none());
        assert!(row_of("!dance", &chat).is_none());
        assert!(row_of("!push b1 c2", &chat).is_some_and(|row| !row.moderated && !row.starts_game));
    }
}
