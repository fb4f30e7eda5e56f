//! The game service: a message in, replies out. It reads the channel's game from the store
//! once, asks the rules crate, and saves each change in one transaction guarded by a version
//! check.
//!
//! It is a few parts, each one type in a room of its own: the games (`games.rs`: read,
//! saved, abandoned, their ends told), the pictures (`picture.rs`), the engine
//! (`engine.rs`), the outbox (`outbox.rs`), the rate limits (`limits.rs`), the bot's voice
//! (`voice.rs`: its prefix, how it writes commands, who it is) and the settings
//! (`config.rs`), over the store. A command family (its folder or file, as the parser's
//! families are in `command/`: `play/`, `challenge/`, `game/`, `archive/`, `server/`,
//! `learn/`, `tournament/`, `info.rs`) is handed the parts it uses by name, in its `Hands`,
//! and runs its commands (`Run`); `dispatch.rs` hands each its parts. Beside them: what a
//! message is (`message.rs`); one message served with its work for later (`serve.rs`); the
//! engine as a player (`engine_player.rs`); what a game's end does (`ends.rs`); the messages
//! owed drawn again after a restart (`recover.rs`); the game as the rules replay it
//! (`live.rs`); the shared words (`words.rs`, `names.rs`); the watch (`watch.rs`).
//!
//! A handler returns its reply, or a `Failure`: a refusal (said privately to the asker,
//! nothing changed) or an internal error (logged, never shown).

mod abandon;
mod alt_text;
mod answers;
mod archive;
mod challenge;
mod config;
mod deliver;
mod digest;
mod dispatch;
mod drawing_seats;
mod ends;
mod engine;
mod engine_player;
mod event_count;
mod failed;
mod failpoints;
mod game;
mod games;
mod info;
mod learn;
mod limits;
pub(crate) mod live;
mod message;
mod names;
mod outbox;
mod page_link;
mod picture;
mod play;
mod recover;
mod serve;
mod server;
mod sink;
mod tournament;
mod visible;
mod voice;
mod watch;
mod web;
mod words;
mod work;

pub use config::{Config, machine_cores};
#[cfg(feature = "failpoints")]
pub use failpoints::Crash;
pub use live::GameState;
pub use message::{Message, User, Via};
pub use serve::{Asked, Served};
pub use sink::{Posted, Refused, Sink};
pub use watch::{NAME_PATIENCE, TEND_EVERY};
pub use web::{
    CrossCell, EventPage, GamePage, IndexPage, Listed, PageTurn, PairingRow, PlayerPage, PlotLine,
    RoundRow, StandingRow,
};

use std::sync::Arc;

use crate::model::ChannelId;
use crate::reply::Reply;
use crate::store::Fault;
use crate::store::{Damaged, Database, Store};
use crate::text::Text;
use crate::workers::Workers;
use engine::Engine;
use games::Games;
use limits::{Limited, Limits};
use live::LiveGame;
use outbox::Outbox;
use picture::Pictures;
use tournament::ThreadAsks;
use voice::Voice;

/// The game service. Cheap to share: wrap it in an [`Arc`].
pub struct Service {
    /// Where everything is kept.
    store: Arc<Store>,
    /// Who the bot is and how it writes commands.
    voice: Arc<Voice>,
    /// The games: read, saved, ended.
    games: Games,
    /// The board pictures.
    pictures: Pictures,
    /// The finished games' drawings the pages served last.
    drawings: web::Kept,
    /// The engine and what it is searching.
    engine: Engine,
    /// The messages owed until they are posted.
    outbox: Outbox,
    /// Rate limits against spam.
    limits: Limits,
    /// The settings.
    config: Config,
    /// The threads of the commands' blocking work ([`Service::serve`]).
    commands: Workers,
    /// The threads that read and draw the web pages: below the commands', and refusing
    /// pages past [`PAGES_WAITING`] waiting, so that pages never slow the players' turns.
    pages: Workers,
    /// The threads that run the analyses (each waits for its turns' jobs in the engine
    /// pool); the engine's answers wait on no thread (`serve.rs`).
    analyses: Workers,
    /// When the watch last asked for the threads of round games Discord refused one.
    thread_asks: ThreadAsks,
    /// The work replies left for later, under way.
    later: serve::Later,
}

/// How many web pages may wait for the pages' workers: past them, a page is refused
/// (503) rather than queued without end.
const PAGES_WAITING: usize = 64;

/// Why a command did not go through.
#[derive(Debug)]
pub(crate) enum Failure {
    /// Turned down: said privately to the asker; the game is unchanged.
    Refused(Text),
    /// The channel's game cannot be read: whoever acts there is told why and how to end it.
    Damaged(Damaged),
    /// The database took nothing ([`Fault`]): the asker is told why, and to try again.
    Unavailable(Fault, anyhow::Error),
    /// Something broke on the bot's side: logged, never shown.
    Internal(anyhow::Error),
}

impl From<anyhow::Error> for Failure {
    fn from(e: anyhow::Error) -> Failure {
        match e.downcast::<Damaged>() {
            Ok(damaged) => Failure::Damaged(damaged),
            Err(e) => match Fault::of(&e) {
                Some(fault) => Failure::Unavailable(fault, e),
                None => Failure::Internal(e),
            },
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
    /// The parts its handlers are handed: the most any of them touches.
    type Hands<'a>;

    /// Runs the command for the author of `message`.
    fn run(self, hands: &Self::Hands<'_>, message: &Message) -> Handled;
}

/// Turns a command down with `text`.
pub(crate) fn refuse<T>(text: impl Into<Text>) -> Result<T, Failure> {
    Err(Failure::Refused(text.into()))
}

/// The answer to a command when something on the bot's side failed.
pub(super) const INTERNAL_ERROR: &str =
    "Something went wrong on my side and nothing was changed. Please try again.";

/// The answer to a command the database took nothing of, for `fault`.
pub(super) fn fault_text(fault: Fault) -> &'static str {
    match fault {
        Fault::NotAnswering => {
            "Nothing was changed: the database is not answering. Try again in a minute."
        }
        Fault::DiskFull => {
            "Nothing was changed: the database's disk is full. The bot's operator has to make room; try again after that."
        }
        Fault::ReadOnly => {
            "Nothing was changed: the database cannot be written (it is read-only). The bot's operator has to fix that; try again after."
        }
    }
}

impl Service {
    /// Opens `database` (a SQLite file or a PostgreSQL server, migrating it) and serves
    /// with `config`. What the process `config` names held before (it died with it) goes
    /// back to the queue.
    pub fn open(database: impl Into<Database>, config: Config) -> anyhow::Result<Service> {
        // What it does is counted from its start (`/metrics`).
        let _ = crate::telemetry::recorder();
        let store = Store::open(database, config.clock.clone())?
            .as_process(&config.instance, config.posts_messages)
            .showing(config.own_pages);
        store.take_back_claims()?;
        let store = Arc::new(store);
        let voice = Arc::new(Voice::new(&config.prefix));
        Ok(Service {
            games: Games::new(
                Arc::clone(&store),
                config.clock.clone(),
                config.abandon_after,
            ),
            pictures: Pictures::new(Arc::clone(&store), Arc::clone(&voice)),
            drawings: web::Kept::default(),
            engine: Engine::new(
                config.engine_threads,
                Arc::clone(&store),
                config.engine_wait_told,
                config.engine_overload,
            ),
            outbox: Outbox::new(Arc::clone(&store), config.clock.clone()),
            limits: Limits::default(),
            commands: Workers::new("worker", config.worker_threads),
            pages: Workers::yielding("pages", machine_cores().div_ceil(2), PAGES_WAITING),
            analyses: Workers::new("analyses", 2 * config.engine_threads),
            thread_asks: ThreadAsks::default(),
            later: serve::Later::default(),
            store,
            voice,
            config,
        })
    }

    /// The settings.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Where its data lives.
    pub fn database(&self) -> &Database {
        self.store.database()
    }

    /// Tells the service which user the bot itself is (its engine plays as that user). Only
    /// the first call counts.
    pub fn set_engine_user(&self, id: crate::model::UserId, name: &str) {
        self.voice.set_me(User {
            id,
            name: name.chars().take(32).collect(),
        });
    }

    /// The user the bot itself is, once it is told.
    pub fn engine_user_id(&self) -> Option<crate::model::UserId> {
        self.voice.engine_id()
    }

    /// How many of the engine's searches are under way, and how many wait for a searcher.
    pub fn engine_load(&self) -> (usize, usize) {
        self.engine.load()
    }

    /// How many web pages wait for the pages' workers in this process.
    pub fn pages_waiting(&self) -> usize {
        self.pages.queued()
    }

    /// Discord does not show the bot what people type (no MESSAGE CONTENT intent): from now
    /// on it teaches slash commands, which reach it all the same.
    pub fn prefix_unreadable(&self) {
        self.voice.prefix_unreadable();
    }

    /// The active game of a channel (or, with `include_finished`, the latest one).
    pub fn game_state(
        &self,
        channel: ChannelId,
        include_finished: bool,
    ) -> anyhow::Result<Option<GameState>> {
        let game = match self.games.in_channel(channel, include_finished) {
            Ok(game) => game,
            Err(Failure::Damaged(damaged)) => return Err(damaged.into()),
            Err(Failure::Internal(e) | Failure::Unavailable(_, e)) => return Err(e),
            Err(Failure::Refused(text)) => anyhow::bail!("{text:?}"),
        };
        Ok(game.map(GameState::of))
    }

    /// The records of every game (or of one), for `gipf-bot export`: file name and record.
    pub fn records(
        &self,
        game: Option<crate::model::GameId>,
    ) -> anyhow::Result<Vec<(String, crate::record::GameRecord)>> {
        archive::records(&self.store, game)
    }

    /// Every stored game that cannot be brought back, oldest first, and how many games
    /// there are: what `gipf-bot doctor` reports.
    pub fn damaged_games(&self) -> anyhow::Result<(usize, Vec<Damaged>)> {
        archive::damaged_games(&self.store)
    }

    /// Runs `work` on the commands' workers, off the async runtime.
    async fn on_worker<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&Service) -> T + Send + 'static,
    ) -> Result<T, crate::workers::WorkError> {
        let (service, account) = (Arc::clone(self), crate::cost::account());
        self.commands
            .run(move || crate::cost::charged_to(account, || work(&service)))
            .await
    }

    /// Runs `work` for a web page on the pages' workers, off the async runtime:
    /// [`WorkError::Full`](crate::workers::WorkError::Full) when as many pages wait as
    /// they take.
    pub async fn on_pages<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&Service) -> T + Send + 'static,
    ) -> Result<T, crate::workers::WorkError> {
        let service = Arc::clone(self);
        self.pages.run(move || work(&service)).await
    }

    /// Runs `work` on the analyses' workers, off the async runtime.
    async fn on_analyses<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&Service) -> T + Send + 'static,
    ) -> Result<T, crate::workers::WorkError> {
        let (service, account) = (Arc::clone(self), crate::cost::account());
        self.analyses
            .run(move || crate::cost::charged_to(account, || work(&service)))
            .await
    }

    /// Reacts once to each game that ended since the last look (`ends.rs`), and links the
    /// page of each in the last public reply of `replies` in its channel, where it has one
    /// (its channel's openness seen now from `message`, if the clock's work did not end it).
    fn settle_ends<'a>(
        &self,
        message: Option<&Message>,
        replies: impl IntoIterator<Item = (ChannelId, &'a mut Reply)>,
    ) {
        let ended = ends::react(self.games.ended(), &self.engine, &self.limits);
        page_link::link_ends(&self.store, &self.config, message, &ended, replies);
    }
}
