//! The game service: a chat line or a command in, replies out. It loads the channel's game
//! from the store, asks the rules crate, and saves each change in one transaction guarded by
//! a version check. One file per command family, named as in the parser (`challenge.rs`,
//! `play.rs`, `game.rs`, `archive.rs`, `server.rs`, `info.rs`): each runs its family's
//! commands, so a new command never reaches [`Service`]'s dispatch. The other files hold
//! what the handlers share: the engine, time per move, limits, notifications, ratings, and
//! the prompts (`prompt.rs`, with `removal.rs` for the words of a row being removed).
//!
//! A handler returns its reply, or a [`Failure`]: a refusal (said privately to the asker,
//! nothing changed) or an internal error (logged, never shown).

mod analysis;
mod archive;
mod browse;
mod challenge;
mod daily;
mod engine;
mod game;
mod info;
mod lessons;
mod limits;
mod live;
mod notify;
mod play;
mod potentials;
mod prompt;
mod puzzle;
mod ratings;
mod removal;
mod server;
mod takeback;
mod time;
mod visible;

pub use live::GameState;
pub use time::watch_clock;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use gipf::{ByColor, Color};

use crate::command::{self, Command, CommandError, Phrasing};
use crate::model::{BoardSide, ChannelId, Clock, GameStatus, GuildId, Rights, UserId};
use crate::render::{self, BoardView, RenderOptions};
use crate::reply::{Reply, Stamp};
use crate::sight::Sight;
use crate::store::{Damaged, Progress, Store, StoredGame};
use crate::text;
use crate::text::{Span, Text};
use limits::{Limited, Limits};
use live::LiveGame;

/// A chat user as the adapter knows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct User {
    /// Their id.
    pub id: UserId,
    /// Their display name (any text: adapters show it as written, unable to ping).
    pub name: String,
}

/// A chat message addressed to the service.
#[derive(Clone, Debug)]
pub struct Message {
    /// The server, if any (the console and direct messages have none).
    pub guild: Option<GuildId>,
    /// The channel: one game at a time lives here.
    pub channel: ChannelId,
    /// Who wrote it.
    pub author: User,
    /// The text, mentions written as `<@id>`.
    pub text: String,
    /// The users mentioned in the text, with their names.
    pub mentions: Vec<User>,
    /// The channels mentioned in the text that are text channels of its server, as the
    /// adapter vouches for them: a command may name only those. The adapter looks them up
    /// only for the commands that take a channel.
    pub channels: Vec<ChannelId>,
    /// The button this command comes from, if it comes from one.
    pub stamp: Option<Stamp>,
    /// How it reached the bot.
    pub via: Via,
    /// What its author may do beyond playing, as Discord vouches for it.
    pub rights: Rights,
    /// Which games its author, and the readers of its channel, may be shown.
    pub sight: Sight,
    /// Where it was written, as a game record names the place: `<server> #<channel>`. The
    /// adapter looks it up only for the commands that start a game.
    pub site: Option<String>,
}

/// How a message reached the bot: it decides whether an unknown word is answered and in
/// which words hints are given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// Typed after the prefix, which other bots may share.
    Prefix,
    /// Typed after a mention of the bot.
    Mention,
    /// A slash command.
    Slash,
    /// A button.
    Button,
    /// A line of the console.
    Console,
}

impl Via {
    /// Whether it was for this bot for sure: only then does a word that is no command of
    /// ours get an answer.
    pub fn addressed(self) -> bool {
        self != Via::Prefix
    }
}

/// Settings of the service.
#[derive(Clone, Debug)]
pub struct Config {
    /// The command prefix, `!` by default.
    pub prefix: String,
    /// How long a challenge stays open.
    pub challenge_ttl: Duration,
    /// A member gets at most one board picture per channel this often (`!board` spam).
    pub picture_every: Duration,
    /// A challenger pings the same person with a challenge at most this often.
    pub challenge_ping_every: Duration,
    /// A game nobody has moved in for this long ends as abandoned, freeing its channel.
    pub abandon_after: Duration,
    /// What time it is (tests use tokio's paused time).
    pub clock: Clock,
    /// How often the adapter's watch looks at the clock: the deadlines of games with a
    /// time per move, idle games, and the daily puzzles.
    pub deadline_watch_every: Duration,
    /// How `!analyse` searches: every turn at the medium level, the turns it reports again
    /// at hard, as `gipf-bot think` would.
    pub analysis: gipf_ai::analyse::Budget,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            prefix: crate::defaults::PREFIX.into(),
            challenge_ttl: crate::defaults::CHALLENGE_TTL,
            picture_every: Duration::from_secs(10),
            challenge_ping_every: Duration::from_secs(600),
            abandon_after: crate::defaults::ABANDON_AFTER,
            clock: Clock::system(),
            deadline_watch_every: Duration::from_secs(60),
            analysis: gipf_ai::analyse::Budget {
                scan: gipf_ai::Level::Medium.limits(),
                confirm: gipf_ai::Level::Hard.limits(),
            },
        }
    }
}

/// The game service. Cheap to share: wrap it in an [`Arc`].
pub struct Service {
    store: Store,
    config: Config,
    limits: Limits,
    engine: engine::EngineSeat,
    analysis: analysis::AnalysisSeat,
    /// Whether typed `!commands` reach the bot (Discord's MESSAGE CONTENT intent): without
    /// it, what the bot teaches is slash commands, which always do.
    prefix_readable: std::sync::atomic::AtomicBool,
}

/// Why a command did not go through.
#[derive(Debug)]
pub(crate) enum Failure {
    /// Turned down: said privately to the asker; the game is unchanged.
    Refused(Text),
    /// The channel's game cannot be read: whoever acts there is told why and how to end it.
    Damaged(Damaged),
    /// Something broke on the bot's side: logged, never shown.
    Internal(anyhow::Error),
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Failure {
        match e.downcast::<Damaged>() {
            Ok(damaged) => Failure::Damaged(damaged),
            Err(e) => Failure::Internal(e),
        }
    }
}

impl From<Damaged> for Failure {
    fn from(damaged: Damaged) -> Failure {
        Failure::Damaged(damaged)
    }
}

/// What a handler gives: its reply, or why there is none.
pub(crate) type Handled = Result<Reply, Failure>;

/// A family of commands, run by the service file of its name.
trait Run {
    /// Runs the command for the author of `message`.
    fn run(self, service: &Service, message: &Message) -> Handled;
}

/// Turns a command down with `text`.
pub(crate) fn refuse<T>(text: impl Into<Text>) -> Result<T, Failure> {
    Err(Failure::Refused(text.into()))
}

/// The answer to a command when something on the bot's side failed.
const INTERNAL_ERROR: &str =
    "Something went wrong on my side and nothing was changed. Please try again.";

impl Service {
    /// Opens the database at `path` (migrating it) and serves with `config`.
    pub fn open(path: impl AsRef<Path>, config: Config) -> anyhow::Result<Service> {
        Ok(Service {
            store: Store::open(path, config.clock.clone())?,
            config,
            limits: Limits::default(),
            engine: engine::EngineSeat::default(),
            analysis: analysis::AnalysisSeat::default(),
            prefix_readable: std::sync::atomic::AtomicBool::new(true),
        })
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Handles a chat line; no replies when the line is not a command (a slash command
    /// comes parsed: [`Service::execute_parsed`]). This blocks on the database and the
    /// renderer: from async code use [`Service::handle_async`].
    pub fn handle(&self, message: &Message) -> Vec<Reply> {
        match command::parse(&message.text, &self.phrasing(message)) {
            None => Vec::new(),
            Some(parsed) => self.execute_parsed(message, parsed),
        }
    }

    /// Runs a command read from something else than `message.text` (a slash command's
    /// options), or answers why it is none, as [`Service::handle`] answers a chat line.
    pub fn execute_parsed(
        &self,
        message: &Message,
        parsed: Result<Command, CommandError>,
    ) -> Vec<Reply> {
        match parsed {
            Ok(command) => self.execute(message, command),
            Err(CommandError::Unknown { word, closest }) => {
                self.unknown_word(message, &word, closest)
            }
            Err(CommandError::Invalid(text)) => vec![Reply::private(text)],
            Err(CommandError::Unanswered { generic }) => {
                vec![Reply::private(self.options_now(message).unwrap_or(generic))]
            }
        }
    }

    /// The answer to a word that is none of the bot's commands. After the prefix, which other
    /// bots share, only a slip of ours is answered, and only when the words after it make a
    /// valid command or its author has a game or challenge here; said to the bot for sure
    /// (a mention, the console), every word is answered.
    fn unknown_word(&self, message: &Message, word: &str, closest: Option<&str>) -> Vec<Reply> {
        let say = self.phrasing(message);
        let Some(closest) = closest else {
            if !message.via.addressed() {
                return Vec::new();
            }
            return vec![Reply::private(format!(
                "I don't know the command `{word}`. Try {} for the list.",
                say.cmd("help")
            ))];
        };
        if !message.via.addressed()
            && !self.makes_a_command(message, closest)
            && !self.plays_here(message).unwrap_or(false)
        {
            return Vec::new();
        }
        vec![Reply::private(format!(
            "I don't know the command `{word}`: did you mean {}?",
            say.cmd(closest)
        ))]
    }

    /// Whether words follow the message's first and make a valid command of `closest`.
    fn makes_a_command(&self, message: &Message, closest: &str) -> bool {
        let rest = message
            .text
            .trim()
            .split_once(char::is_whitespace)
            .map(|(_, rest)| rest.trim());
        rest.is_some_and(|rest| {
            let line = format!("{}{closest} {rest}", self.config.prefix);
            matches!(command::parse(&line, &self.phrasing(message)), Some(Ok(_)))
        })
    }

    /// Whether the message's author plays, or has challenged or is challenged, here.
    fn plays_here(&self, message: &Message) -> anyhow::Result<bool> {
        let me = message.author.id;
        let playing = self
            .store
            .game_in(message.channel, false)?
            .is_some_and(|game| {
                game.players[Color::White] == me || game.players[Color::Black] == me
            });
        let challenged = self
            .store
            .challenge(message.channel)?
            .is_some_and(|open| open.terms.challenger == me || open.terms.challenged == Some(me));
        Ok(playing || challenged)
    }

    /// What a command that needs a server's channel is answered in a direct conversation.
    fn not_in_direct_messages(&self, message: &Message) -> String {
        let say = self.phrasing(message);
        format!(
            "Games and challenges live in a server's channels, where both players see them: \
             write {} in a channel of a server we share. Here I answer {}, {}, {}, {} and {}.",
            say.cmd("challenge @someone"),
            say.cmd("mygames"),
            say.cmd("help"),
            say.cmd("rules"),
            say.cmd("notify dm on"),
            say.cmd("board side mine"),
        )
    }

    /// Runs a command that came parsed (a button's); `message.text` is not read.
    pub fn execute(&self, message: &Message, command: Command) -> Vec<Reply> {
        let row = command.syntax();
        // In a direct conversation with the bot (the console has no server either, but is
        // one table for everyone) nobody else would see a challenge or a game.
        let direct = message.guild.is_none() && message.via != Via::Console;
        // A learner's moves go to his lesson: asked only here, not on every move in a server.
        let learning =
            || matches!(command, Command::Play(_)) && self.open_lesson(message.author.id).is_some();
        if direct && row.is_some_and(|row| !row.in_direct_messages) && !learning() {
            return vec![Reply::private(self.not_in_direct_messages(message))];
        }
        // A slash command's answer that informs only its asker is shown to him alone.
        let asker_only = message.via == Via::Slash && row.is_some_and(|row| row.asker_only);
        let handled = self.dispatch(message, command).and_then(|mut reply| {
            reply.private |= asker_only;
            let copies = self.direct_copies(message.channel, Some(message.author.id), &reply)?;
            Ok(std::iter::once(reply).chain(copies).collect())
        });
        match handled {
            Ok(replies) => replies,
            Err(Failure::Refused(text)) => vec![Reply::private(text)],
            Err(Failure::Damaged(damaged)) => {
                tracing::warn!(error = %damaged, channel = message.channel.0, "damaged game");
                vec![Reply::private(self.damage_text(&damaged, message))]
            }
            Err(Failure::Internal(e)) => {
                tracing::error!(error = %format!("{e:#}"), channel = message.channel.0, "command failed");
                vec![Reply::private(INTERNAL_ERROR)]
            }
        }
    }

    /// [`Service::handle`] on tokio's blocking pool, off the async workers.
    pub async fn handle_async(self: &Arc<Self>, message: Message) -> Vec<Reply> {
        self.off_the_runtime(move |service| service.handle(&message))
            .await
    }

    /// [`Service::execute_parsed`] on tokio's blocking pool, off the async workers.
    pub async fn execute_parsed_async(
        self: &Arc<Self>,
        message: Message,
        parsed: Result<Command, CommandError>,
    ) -> Vec<Reply> {
        self.off_the_runtime(move |service| service.execute_parsed(&message, parsed))
            .await
    }

    /// [`Service::execute`] on tokio's blocking pool, off the async workers.
    pub async fn execute_async(self: &Arc<Self>, message: Message, command: Command) -> Vec<Reply> {
        self.off_the_runtime(move |service| service.execute(&message, command))
            .await
    }

    async fn off_the_runtime(
        self: &Arc<Self>,
        work: impl FnOnce(&Service) -> Vec<Reply> + Send + 'static,
    ) -> Vec<Reply> {
        let service = Arc::clone(self);
        tokio::task::spawn_blocking(move || work(&service))
            .await
            .unwrap_or_else(|e| {
                tracing::error!(error = %e, "command task failed");
                vec![Reply::private(INTERNAL_ERROR)]
            })
    }

    /// Remembers the names of the author and the users mentioned, for the replies and the
    /// pictures of games to come. Only commands that make a challenge or a game write them:
    /// the others (`!help` among them) work on a database that cannot be written.
    fn remember_users(&self, message: &Message) -> anyhow::Result<()> {
        for user in std::iter::once(&message.author).chain(&message.mentions) {
            self.store.remember_user(user.id, &user.name)?;
        }
        Ok(())
    }

    /// Runs a command in the service file of its family.
    fn dispatch(&self, message: &Message, command: Command) -> Handled {
        match command {
            Command::Challenge(command) => command.run(self, message),
            Command::Play(command) => command.run(self, message),
            Command::Game(command) => command.run(self, message),
            Command::Archive(command) => command.run(self, message),
            Command::Server(command) => command.run(self, message),
            Command::Info(command) => command.run(self, message),
            Command::Puzzle(command) => command.run(self, message),
        }
    }

    /// Saves a game's progress (see [`Store::save`]); a game that ends stops the engine's
    /// search in it, if one is under way.
    fn save(&self, game: &StoredGame, progress: Progress) -> anyhow::Result<Option<StoredGame>> {
        let saved = self.store.save(game, progress)?;
        if saved
            .as_ref()
            .is_some_and(|g| g.status != GameStatus::Active)
        {
            self.stop_thinking(game.id);
            // A game between them just ended: the next challenge between them (a rematch)
            // is news, not spam, and pings.
            let [white, black] = [game.players[Color::White], game.players[Color::Black]];
            self.limits.forget(Limited::ChallengePing(white, black));
            self.limits.forget(Limited::ChallengePing(black, white));
        }
        Ok(saved)
    }

    /// A user's name as stored, cut short.
    fn plain_name(&self, id: UserId) -> anyhow::Result<String> {
        let name = self
            .store
            .user_name(id)?
            .unwrap_or_else(|| "someone".into());
        Ok(name.chars().take(32).collect())
    }

    /// A user's name, to show.
    fn name(&self, id: UserId) -> anyhow::Result<Span> {
        Ok(Span::Name(self.plain_name(id)?))
    }

    /// A user's name as `message` gives it (its author's, or a mentioned user's), else as
    /// stored: a player asked about need not have played yet.
    fn name_in(&self, message: &Message, id: UserId) -> anyhow::Result<Span> {
        let given = std::iter::once(&message.author)
            .chain(&message.mentions)
            .find(|user| user.id == id);
        match given {
            Some(user) => Ok(Span::Name(user.name.chars().take(32).collect())),
            None => self.name(id),
        }
    }

    /// A user to ping; the bot itself is never pinged (its engine needs no telling).
    fn mention(&self, id: UserId) -> anyhow::Result<Span> {
        if self.engine_user().is_some_and(|me| me.id == id) {
            return self.name(id);
        }
        Ok(Span::Mention(id, self.plain_name(id)?))
    }

    /// The player of `color` in `game`, to ping (the engine is named, never pinged).
    fn mention_player(&self, game: &LiveGame, color: Color) -> Span {
        let id = game.player(color);
        if self.engine_user().is_some_and(|me| me.id == id) {
            return game.name(color);
        }
        Span::Mention(id, game.stored.names[color].clone())
    }

    /// How the author of `message` writes commands.
    fn phrasing(&self, message: &Message) -> Phrasing {
        match message.via {
            Via::Slash | Via::Button => Phrasing::slash(&self.config.prefix),
            _ => self.notice_phrasing(),
        }
    }

    /// How the bot writes commands where nobody in particular asked: in chat words while
    /// typed commands reach it, else as slash commands.
    fn notice_phrasing(&self) -> Phrasing {
        if self
            .prefix_readable
            .load(std::sync::atomic::Ordering::Relaxed)
        {
            Phrasing::chat(&self.config.prefix)
        } else {
            Phrasing::slash(&self.config.prefix)
        }
    }

    /// How a command is typed in a message the bot can read: after the prefix, or (when
    /// Discord does not show it what people type) after a mention of it.
    fn typed_example(&self) -> String {
        if self
            .prefix_readable
            .load(std::sync::atomic::Ordering::Relaxed)
        {
            format!("{}push b1 c2", self.config.prefix)
        } else {
            let me = self.engine_user().map_or("gipf-bot", |me| me.name.as_str());
            format!("@{me} push b1 c2")
        }
    }

    /// Discord does not show the bot what people type (no MESSAGE CONTENT intent): from now
    /// on it teaches slash commands, which reach it all the same.
    pub fn prefix_unreadable(&self) {
        self.prefix_readable
            .store(false, std::sync::atomic::Ordering::Relaxed);
    }

    /// No game is being played here: said with the one that ended here in the last day, if
    /// one did (a late move should learn who won, not only that nothing is on).
    fn no_game_here(&self, message: &Message) -> Failure {
        let say = self.phrasing(message);
        let start = format!("Start one with {}.", say.cmd("challenge @someone"));
        let ended = match self.store.game_in(message.channel, true) {
            Ok(Some(stored)) if stored.status != GameStatus::Active => Some(stored),
            _ => None,
        };
        let recent = ended.filter(|g| self.config.clock.now() - g.updated_at < 86_400);
        let Some(game) = recent.and_then(|stored| LiveGame::load(stored).ok()) else {
            return Failure::Refused(Text::from(format!(
                "There is no game in this channel. {start}"
            )));
        };
        let how = match (game.stored.status, game.outcome()) {
            (GameStatus::Aborted, _) => "was ended without a result".to_string(),
            (GameStatus::Abandoned, _) => "was abandoned: nobody moved for too long".to_string(),
            (_, Some(outcome)) if game.stored.forfeited.is_some() => {
                format!("is over: {} won on time", outcome.winner)
            }
            (_, Some(outcome)) => format!("is over ({outcome})"),
            (_, None) => "is over".to_string(),
        };
        let mut text = text![format!("Game {} here {how}. ", game.stored.id)];
        text.push(game.name(Color::White))
            .push(" played white, ")
            .push(game.name(Color::Black))
            .push(format!(
                " black. Either may ask for a {}; anyone may {}",
                say.cmd("rematch"),
                start.replacen("Start one", "start a new game", 1)
            ));
        Failure::Refused(text)
    }
}

impl Service {
    /// The active game of a channel (or, with `include_finished`, the latest one).
    pub fn game_state(
        &self,
        channel: ChannelId,
        include_finished: bool,
    ) -> anyhow::Result<Option<GameState>> {
        let game = match self.live_game(channel, include_finished) {
            Ok(game) => game,
            Err(Failure::Damaged(damaged)) => return Err(damaged.into()),
            Err(Failure::Internal(e)) => return Err(e),
            Err(Failure::Refused(text)) => anyhow::bail!("{text:?}"),
        };
        Ok(game.map(GameState::of))
    }

    /// Whether nobody moved in an active game for longer than its server (or the bot)
    /// allows. The server's settings are read only for a game idle a day at least, the least
    /// any server may set, so that a busy game costs no extra query.
    fn abandoned(&self, guild: Option<GuildId>, updated_at: i64) -> anyhow::Result<bool> {
        let idle = u64::try_from(self.config.clock.now() - updated_at).unwrap_or(0);
        if idle < 86_400 && self.config.abandon_after.as_secs() >= 86_400 {
            return Ok(false);
        }
        let settings = guild
            .map(|guild| self.store.guild_settings(guild))
            .transpose()?;
        Ok(idle >= self.abandon_days(settings) * 86_400)
    }

    /// The channel's active game (or, with `include_finished`, its latest), ended first if
    /// it was left idle too long. A game that cannot be read is [`Failure::Damaged`].
    fn live_game(
        &self,
        channel: ChannelId,
        include_finished: bool,
    ) -> Result<Option<LiveGame>, Failure> {
        let mut stored = match self.store.game_in(channel, include_finished) {
            Ok(Some(stored)) => stored,
            Ok(None) => return Ok(None),
            Err(e) => match Failure::from(e) {
                Failure::Damaged(damaged) => {
                    return self.damaged_here(damaged, channel, include_finished);
                }
                other => return Err(other),
            },
        };
        if stored.status == GameStatus::Active && self.abandoned(stored.guild, stored.updated_at)? {
            match self.abandon(&stored)? {
                Some(saved) => stored = saved,
                // Someone moved just now after all.
                None => return self.live_game(channel, include_finished),
            }
            if !include_finished {
                return Ok(None);
            }
        }
        match LiveGame::load(stored) {
            Ok(game) => Ok(Some(game)),
            Err(damaged) => self.damaged_here(damaged, channel, include_finished),
        }
    }

    /// Ends a game nobody moved in for too long, freeing its channel: the game as saved, or
    /// `None` if someone moved meanwhile.
    fn abandon(&self, stored: &StoredGame) -> anyhow::Result<Option<StoredGame>> {
        let progress = Progress {
            turns: Vec::new(),
            partial: stored.partial.clone(),
            status: GameStatus::Abandoned,
            resigned: None,
            ended_by: None,
            forfeited: None,
        };
        let saved = self.save(stored, progress)?;
        if saved.is_some() {
            tracing::info!(game = %stored.id, channel = stored.channel.0, "game abandoned");
        }
        Ok(saved)
    }

    /// A damaged game found in `channel`: abandoned like any other game left idle too long
    /// (without reading it), else refused with what to do about it.
    fn damaged_here(
        &self,
        damaged: Damaged,
        channel: ChannelId,
        include_finished: bool,
    ) -> Result<Option<LiveGame>, Failure> {
        let active = damaged.status == GameStatus::Active;
        if active && self.abandoned(damaged.guild, damaged.updated_at)? {
            if self
                .store
                .end_damaged(&damaged, GameStatus::Abandoned, None)?
            {
                tracing::info!(game = %damaged.id, channel = channel.0, "damaged game abandoned");
            }
            return self.live_game(channel, include_finished);
        }
        Err(Failure::Damaged(damaged))
    }

    /// What to tell whoever acts in the channel of a damaged game.
    fn damage_text(&self, damaged: &Damaged, message: &Message) -> Text {
        let said = damaged.to_string();
        let mut text = text![format!("G{}", &said[1..])];
        text.push(match damaged.status {
            GameStatus::Active => format!(
                ", so it cannot go on. Either player or a moderator can end it without a result with {}; the channel is then free for a new game.",
                self.phrasing(message).cmd("abort")
            ),
            GameStatus::Abandoned => {
                ". It ended as abandoned: nobody moved in it for too long.".into()
            }
            GameStatus::Aborted => ". It was ended without a result.".into(),
            GameStatus::Won(_) => ". It is over.".into(),
        });
        text
    }

    /// The board picture of a game with `bottom` at the bottom, or else as its channel shows
    /// it (the server's side: [`Service::bottom_for`]).
    fn picture(&self, game: &LiveGame, bottom: Option<Color>) -> anyhow::Result<Vec<u8>> {
        self.picture_with(game, bottom, false)
    }

    /// [`Service::picture`], with every spot named if `coordinates`.
    fn picture_with(
        &self,
        game: &LiveGame,
        bottom: Option<Color>,
        coordinates: bool,
    ) -> anyhow::Result<Vec<u8>> {
        let bottom = match bottom {
            Some(bottom) => bottom,
            None => self.bottom_for(&game.stored, None, None)?,
        };
        let note = time::picture_note(game);
        let names = &game.stored.names;
        let names = ByColor::new(names[Color::White].as_str(), names[Color::Black].as_str());
        let view = BoardView {
            game: &game.game,
            last_turn: game.last_turn.as_ref(),
            names,
            note: note.as_deref(),
        };
        let options = RenderOptions {
            coordinates,
            ..RenderOptions::seen_from(bottom)
        };
        Ok(render::render(&view, &options))
    }

    /// The colour at the bottom of the pictures of `game` shown to `viewer` (`None`: to its
    /// channel): the side asked for, else the one the viewer chose (`board side`), else the
    /// server's (`settings side`; White outside a server). `mine` is the viewer's colour in
    /// the game, if he plays it.
    fn bottom_for(
        &self,
        game: &StoredGame,
        viewer: Option<UserId>,
        asked: Option<BoardSide>,
    ) -> anyhow::Result<Color> {
        let server = match game.guild {
            Some(guild) => self.store.guild_settings(guild)?.board_side,
            None => Color::White,
        };
        let chosen = match (asked, viewer) {
            (Some(side), _) => Some(side),
            (None, Some(user)) => self.store.board_side(user)?,
            (None, None) => None,
        };
        let mine = viewer.and_then(|user| {
            [Color::White, Color::Black]
                .into_iter()
                .find(|&color| game.players[color] == user)
        });
        Ok(chosen.map_or(server, |side| side.bottom(mine, server)))
    }
}
