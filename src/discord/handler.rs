//! Discord events into service calls: chat messages, slash commands, autocomplete and
//! button clicks. Events run concurrently; the service's version check keeps games safe.

use std::sync::Arc;

use serenity::all::{
    CommandInteraction, ComponentInteraction, Context, CreateAllowedMentions,
    CreateAutocompleteResponse, CreateInteractionResponse, CreateInteractionResponseMessage,
    EventHandler, GuildChannel, Http, Interaction, Message as DiscordMessage, Ready, Role, RoleId,
};
use tokio::sync::oneshot;

use super::gate::Gate;
use super::incoming::{
    channels_of, member_of_interaction, message_from, names_channels, rights_of, site_of, user,
};
use super::interaction::{ANSWER_WITHIN, Answer, Asked};
use super::rights::{Member, RightsCache, member_of_message};
use super::sight::MemberSight;
use super::sink::{DirectChannels, DiscordSink};
use super::{send, slash};
use crate::command::{Command, Phrasing, Syntax};
use crate::gateways::{CONNECTED, Gateways};
use crate::model::{ChannelId, Rights, UserId};

use crate::service::{Asked as Asking, GameState, Message, Service, Via};
use crate::sight::{PlayersOnly, Sight};

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
    direct: Arc<DirectChannels>,
    /// Whether this process posted what the outbox owed at its start.
    drained: std::sync::atomic::AtomicBool,
    /// Each shard's gateway stage, for the operator's probes.
    gateways: Arc<Gateways>,
}

/// The syntax row of a line that is one of the bot's commands, written right: whether the
/// author's rights or the place are worth asking Discord for is the row's to say.
fn row_of(line: &str, say: &Phrasing) -> Option<&'static Syntax> {
    crate::command::parse(line, say)?.ok()?.syntax()
}

impl Handler {
    pub(crate) fn new(
        service: Arc<Service>,
        bot_id: u64,
        (dev_guild, first_shard): (Option<u64>, u32),
        gate: Gate,
        gateways: Arc<Gateways>,
    ) -> Handler {
        Handler {
            service,
            bot_id,
            dev_guild,
            first_shard,
            gate,
            rights: Arc::default(),
            direct: Arc::default(),
            drained: Default::default(),
            gateways,
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
            answered: std::sync::Mutex::default(),
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

    /// The service the handler serves.
    pub(crate) fn service(&self) -> Arc<Service> {
        Arc::clone(&self.service)
    }

    /// The direct-message channels opened so far, which every sink shares.
    pub(crate) fn direct(&self) -> Arc<DirectChannels> {
        Arc::clone(&self.direct)
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
        // The options fill the command: no chat line is built from them.
        let say = Phrasing::slash(self.prefix());
        let parsed = crate::command::from_options(&command.data.name, &options, &say);
        let mentions = (command.data.resolved.users.values())
            .filter(|u| !u.bot)
            .map(user)
            .collect();
        let row = parsed.as_ref().ok().and_then(Command::syntax);
        let site = if row.is_some_and(|row| row.starts_game) {
            site_of(&ctx.http, command.guild_id, command.channel_id).await
        } else {
            None
        };
        let member = command.member.as_deref();
        let vouched = self.vouched(&ctx.http, command.guild_id, command.channel_id, member);
        let message = Message {
            mentions,
            // Discord offers only the server's channels of the kinds asked for.
            channels: options.channels(),
            site,
            answer_token: Some(command.token.clone()),
            ..message_from(
                command.guild_id,
                command.channel_id,
                &command.user,
                format!("/{}", command.data.name),
                Via::Slash,
                vouched,
            )
        };
        let asked = Asked::Command(Box::new(command.clone()));
        self.answer_interaction(&ctx.http, asked, message, Asking::Command(parsed))
            .await;
    }

    /// Serves `message`, an interaction's (`asked`), answered through it: with its first
    /// reply if that comes within [`ANSWER_WITHIN`], else after a deferral.
    async fn answer_interaction(
        &self,
        http: &Arc<Http>,
        asked: Asked,
        message: Message,
        asking: Asking,
    ) {
        let direct = Arc::clone(&self.direct);
        let sink = Arc::new(DiscordSink::interaction(
            Arc::clone(http),
            direct,
            Answer::to(asked),
        ));
        let (done, cancelled) = oneshot::channel::<()>();
        let deferral = tokio::spawn({
            let (sink, http) = (Arc::clone(&sink), Arc::clone(http));
            async move {
                tokio::select! {
                    () = tokio::time::sleep(ANSWER_WITHIN) => {
                        if let Some(answer) = sink.answer_of() {
                            answer.defer(&http).await;
                        }
                    }
                    _ = cancelled => {}
                }
            }
        });
        let served = self.service.serve(message, asking, Arc::clone(&sink)).await;
        // A test's failpoint stopped the bot: the interaction is left deferred, unanswered.
        #[cfg(feature = "failpoints")]
        if served.died {
            let _ = deferral.await;
            return;
        }
        #[cfg(not(feature = "failpoints"))]
        let _ = served;
        drop(done);
        let _ = deferral.await;
        if let Some(answer) = sink.answer_of() {
            answer.finish(http).await;
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
        let (stamp, command, text) = match send::parse_custom_id(&click.data.custom_id) {
            Some((stamp, command)) => {
                let text = format!("{}{command}", self.prefix());
                (Some(stamp), Some(command), text)
            }
            None => (None, None, String::new()),
        };
        let starts_game = (command.as_ref())
            .and_then(Command::syntax)
            .is_some_and(|row| row.starts_game);
        let site = match starts_game {
            true => site_of(&ctx.http, click.guild_id, click.channel_id).await,
            false => None,
        };
        let member = click.member.as_ref();
        let vouched = self.vouched(&ctx.http, click.guild_id, click.channel_id, member);
        let message = Message {
            stamp,
            site,
            answer_token: Some(click.token.clone()),
            ..message_from(
                click.guild_id,
                click.channel_id,
                &click.user,
                text,
                Via::Button,
                vouched,
            )
        };
        let asked = Asked::Click(Box::new(click.clone()));
        let asking = match command {
            Some(command) => Asking::Command(Ok(command)),
            None => Asking::Command(Err(crate::command::CommandError::Invalid(
                "I don't know that button.".into(),
            ))),
        };
        self.answer_interaction(&ctx.http, asked, message, asking)
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

    async fn channel_update(&self, ctx: Context, _: Option<GuildChannel>, new: GuildChannel) {
        self.rights.forget_channel(new.id);
        // Whether its games have pages follows who may read it now.
        match self
            .rights
            .open_to_all(&ctx.http, new.guild_id, new.id)
            .await
        {
            Ok(open) => {
                (self.service)
                    .channel_seen(ChannelId(new.id.get()), open)
                    .await
            }
            Err(e) => tracing::warn!(error = %e, "cannot read who may read a changed channel"),
        }
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

    async fn shard_stage_update(
        &self,
        _: Context,
        event: serenity::gateway::ShardStageUpdateEvent,
    ) {
        tracing::info!(shard = event.shard_id.0, stage = %event.new, "a shard's gateway stage changed");
        (self.gateways).heard(event.shard_id.0, &event.new.to_string());
    }

    async fn ready(&self, ctx: Context, ready: Ready) {
        tracing::info!(user = %ready.user.name, guilds = ready.guilds.len(), "connected to Discord");
        let shard = ready.shard.map_or(0, |shard| shard.id.0);
        self.gateways.heard(shard, CONNECTED);
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
        // What a crash left unannounced goes first, once a process.
        if !self.drained.swap(true, std::sync::atomic::Ordering::SeqCst) {
            let sink = DiscordSink::watch(Arc::clone(&ctx.http), Arc::clone(&self.direct));
            self.service.drain(&sink).await;
        }
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
        let direct = Arc::clone(&self.direct);
        let sink = DiscordSink::message(Arc::clone(&ctx.http), direct, msg.channel_id, msg.id);
        self.service
            .serve(message, Asking::Line, Arc::new(sink))
            .await;
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::service::Config;

    #[test]
    fn mention_and_prefix_commands_are_recognised() -> anyhow::Result<()> {
        let dir = tempfile::tempdir()?;
        let service = Service::open(dir.path().join("t.db"), Config::default())?;
        let handler = Handler::new(
            Arc::new(service),
            77,
            (None, 0),
            Gate::new(),
            Arc::default(),
        );
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
