//! The game service: a message in, replies out ([`Service::serve`]). It reads the channel's
//! game from the store once, asks the rules crate, and saves each change in one transaction
//! guarded by a version check.
//!
//! Its rooms are grouped as the parser's families are (`command/`): `play/` (the moves, the
//! prompt that asks the next player, the words of a removal, one preamble for a player's
//! command), `challenge/`, `game/` (resign, abort, claim, board, hint, takebacks, time per
//! move), `archive/` (records, lists, ratings), `server/` (settings, notifications),
//! `learn/` (lessons, puzzles, the daily puzzle, analyses, the browser), `tournament/`
//! (events in a channel, their rounds, games and standings) and `info.rs`. Each
//! family runs its commands, so a new command never reaches [`Service`]'s dispatch. Beside
//! them: what a message is (`message.rs`) and the settings (`config.rs`); one message
//! served with its work for later (`serve.rs`); the engine as a player (`engine.rs`), its
//! answer handed back without a thread waiting (`engine_answer.rs`); the
//! game read once (`load.rs`, `live.rs`); the announcements owed until posted (`outbox.rs`);
//! its pictures (`picture.rs`), drawn one a core at once (`drawing_seats.rs`); the shared words
//! (`words.rs`, `names.rs`); the rate limits (`limits.rs`); and the watch (`watch.rs`).
//!
//! A handler is handed what it touches (`hands.rs`): the bot's voice (`voice.rs`: its
//! prefix, how it writes commands, who it is), a desk with the store, an office with the
//! settings, a ledger that can end games, a keeper with the engine and the limits; only
//! the analyses are the whole [`Service`]'s. A family's [`Run::Hands`] is the most its
//! commands touch, and each handler's `impl` says what it touches itself.
//!
//! A handler returns its reply, or a [`Failure`]: a refusal (said privately to the asker,
//! nothing changed) or an internal error (logged, never shown).

mod alt_text;
mod archive;
mod challenge;
mod config;
mod drawing_seats;
mod engine;
mod engine_answer;
mod game;
mod hands;
mod info;
mod learn;
mod limits;
mod live;
mod load;
mod message;
mod names;
mod outbox;
mod picture;
mod play;
mod serve;
mod server;
mod tournament;
mod visible;
mod voice;
mod watch;
mod words;

pub use config::{Config, machine_cores};
pub use live::GameState;
pub use message::{Message, User, Via};
pub use outbox::Crash;
pub use serve::Served;
pub use watch::{TEND_EVERY, tend, watch_clock};

use gipf::Color;

use crate::command::{self, Command, CommandError, GameCommand};
use crate::model::GameStatus;
use crate::reply::Reply;
use crate::store::{Damaged, Database, Progress, Store, StoredGame};
use crate::text::Text;
use hands::{Desk, Keeper, Ledger};
use limits::Limited;
use live::LiveGame;
use voice::Voice;

/// The game service. Cheap to share: wrap it in an [`Arc`](std::sync::Arc).
pub struct Service {
    /// The store, the voice, the settings, the engine and the limits (`hands.rs`).
    keeper: Keeper,
    /// The threads of the commands' blocking work ([`Service::serve_async`]).
    commands: crate::workers::Workers,
    /// The threads that run the analyses (each waits for its turns' jobs in the engine
    /// pool); the engine's answers wait on no thread (`engine_answer.rs`).
    analyses: crate::workers::Workers,
    /// When the watch last asked for the threads of round games Discord refused one.
    thread_asks: tournament::ThreadAsks,
}

/// The service's own methods (its public calls, the dispatch, the analyses) reach every
/// layer ([`hands`]) through it; a handler handed a smaller layer cannot reach the service.
impl std::ops::Deref for Service {
    type Target = Keeper;

    fn deref(&self) -> &Keeper {
        &self.keeper
    }
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
    /// The layer its handlers are handed ([`hands`]): the most any of them touches.
    type Hands;

    /// Runs the command for the author of `message`.
    fn run(self, hands: &Self::Hands, message: &Message) -> Handled;
}

/// Turns a command down with `text`.
pub(crate) fn refuse<T>(text: impl Into<Text>) -> Result<T, Failure> {
    Err(Failure::Refused(text.into()))
}

/// The answer to a command when something on the bot's side failed.
pub(super) const INTERNAL_ERROR: &str =
    "Something went wrong on my side and nothing was changed. Please try again.";

impl Service {
    /// Opens `database` (a SQLite file or a PostgreSQL server, migrating it) and serves
    /// with `config`.
    pub fn open(database: impl Into<Database>, config: Config) -> anyhow::Result<Service> {
        Ok(Service {
            commands: crate::workers::Workers::new("worker", config.worker_threads),
            analyses: crate::workers::Workers::new("analyses", 2 * config.engine_threads),
            thread_asks: tournament::ThreadAsks::default(),
            keeper: Keeper::new(Service::store_of(database, &config)?, config),
        })
    }

    /// The store of the process `config` names. What that name held before (its process
    /// died with it) goes back to the queue.
    fn store_of(database: impl Into<Database>, config: &Config) -> anyhow::Result<Store> {
        let store = Store::open(database, config.clock.clone())?
            .as_process(&config.instance, config.posts_messages);
        store.take_back_claims()?;
        Ok(store)
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Where its data lives.
    pub fn database(&self) -> &Database {
        self.store.database()
    }

    /// Handles a chat line; no replies when the line is not a command (a slash command
    /// comes parsed: [`Service::execute_parsed`]). This blocks on the database and the
    /// renderer: adapters call [`Service::serve`].
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
            // A learner's move written wrong is refused as his lesson refuses.
            Err(CommandError::Invalid(text) | CommandError::Unanswered { generic: text })
                if let Some(refused) = self.lesson_parse_refusal(message, &text) =>
            {
                vec![refused]
            }
            Err(CommandError::Invalid(text)) => {
                vec![Reply::private(words::as_sentence(text.into()))]
            }
            Err(CommandError::Unanswered { generic }) => {
                vec![Reply::private(self.options_now(message).unwrap_or(generic))]
            }
        }
    }
}

impl Desk {
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
}

impl Voice {
    /// The command word of `message`: after the prefix (or a slash command's `/`), in
    /// lower case.
    pub(super) fn command_word(&self, message: &Message) -> String {
        let text = message.text.trim_start();
        let rest = (text.get(..self.prefix.len()))
            .filter(|head| head.eq_ignore_ascii_case(&self.prefix))
            .map(|_| &text[self.prefix.len()..])
            .or_else(|| text.strip_prefix('/'))
            .unwrap_or(text);
        let word = rest.split_whitespace().next().unwrap_or_default();
        word.to_lowercase()
    }

    /// Whether words follow the message's first and make a valid command of `closest`.
    fn makes_a_command(&self, message: &Message, closest: &str) -> bool {
        let rest = message
            .text
            .trim()
            .split_once(char::is_whitespace)
            .map(|(_, rest)| rest.trim());
        rest.is_some_and(|rest| {
            let line = format!("{}{closest} {rest}", self.prefix);
            matches!(command::parse(&line, &self.phrasing(message)), Some(Ok(_)))
        })
    }
}

impl Desk {
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
}

impl Voice {
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
}

impl Service {
    /// Runs a command that came parsed (a button's); `message.text` is not read.
    pub fn execute(&self, message: &Message, command: Command) -> Vec<Reply> {
        let row = command.syntax();
        // In a direct conversation with the bot (the console has no server either, but is
        // one table for everyone) nobody else would see a challenge or a game.
        let direct = message.guild.is_none() && message.via != Via::Console;
        // A learner's moves go to his lesson: asked only here, not on every move in a server.
        let learning = || {
            matches!(command, Command::Play(_) | Command::Game(GameCommand::Hint))
                && self.open_lesson(message.author.id).is_some()
        };
        if direct && row.is_some_and(|row| !row.in_direct_messages) && !learning() {
            return vec![Reply::private(self.not_in_direct_messages(message))];
        }
        // A slash command's answer that informs only its asker is shown to him alone.
        let asker_only = message.via == Via::Slash && row.is_some_and(|row| row.asker_only);
        let mark = self.outbox_mark();
        let handled = self.dispatch(message, command).and_then(|replies| {
            let mut all = Vec::with_capacity(replies.len());
            for mut reply in replies {
                reply.private |= asker_only;
                let copies =
                    self.direct_copies(message.channel, Some(message.author.id), &reply)?;
                all.push(reply);
                all.extend(copies);
            }
            Ok(all)
        });
        match handled {
            Ok(mut replies) => {
                self.hand_owed(mark, message.channel, &mut replies);
                replies
            }
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
}

impl Desk {
    /// Remembers the names of the author and the users mentioned, for the replies and the
    /// pictures of games to come. Only commands that make a challenge or a game write them:
    /// the others (`!help` among them) work on a database that cannot be written.
    fn remember_users(&self, message: &Message) -> anyhow::Result<()> {
        for user in std::iter::once(&message.author).chain(&message.mentions) {
            self.store.remember_user(user.id, &user.name)?;
        }
        Ok(())
    }
}

impl Service {
    /// Runs a command in the service file of its family: its reply, or (a tournament's
    /// round started) the replies of each of the round's games too.
    fn dispatch(&self, message: &Message, command: Command) -> Result<Vec<Reply>, Failure> {
        let one = match command {
            Command::Tournament(command) => return command.run_all(self, message),
            Command::Challenge(command) => command.run(self, message),
            Command::Play(command) => command.run(self, message),
            Command::Game(command) => command.run(self, message),
            Command::Archive(command) => command.run(self, message),
            Command::Server(command) => command.run(self, message),
            Command::Info(command) => command.run(self, message),
            Command::Puzzle(command) => command.run(self, message),
        };
        one.map(|reply| vec![reply])
    }
}

impl Ledger {
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
}

impl Service {
    /// Discord does not show the bot what people type (no MESSAGE CONTENT intent): from now
    /// on it teaches slash commands, which reach it all the same.
    pub fn prefix_unreadable(&self) {
        self.voice.prefix_unreadable();
    }
}
