//! The engine part: the bot's own engine (`gipf-ai`) in a pool of searchers, and what it is
//! searching. Each searcher has its own engine (its table at most 64 MB); the pool runs as
//! many searches at once as it has searchers, fairly between players and short work first,
//! so other commands never wait for them. A game's search is asked ([`Engine::search`]) and
//! its answer comes on a channel, awaited holding no thread; a hint or an engine's view waits
//! on the command's thread ([`Engine::run`]). A search stops early when its game ends, and a
//! game's search still queued is dropped when the game changes ([`Engine::stop`]).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use gipf::potentials::Game;
use gipf_ai::{Level, Request, ThinkError};
use tokio::sync::oneshot;

use super::LiveGame;
use crate::engine_pool::{Class, EnginePool, PoolError, Ticket, Wait};
use crate::model::GameId;
use crate::store::{RequestKind, Store};

/// The engine's transposition table.
const TABLE_MEGABYTES: usize = gipf_ai::DEFAULT_TABLE_MEGABYTES;

/// The engine and what it is doing.
pub(crate) struct Engine {
    /// The searchers; each makes its engine at its first search (its table is big).
    pool: EnginePool<gipf_ai::Engine>,
    /// The stop flag of each game's search queued or under way.
    thinking: Arc<Mutex<HashMap<GameId, Arc<AtomicBool>>>>,
    /// Whether the games a restart left waiting for the engine were looked for.
    resumed: AtomicBool,
    /// Where a search claims its request as it starts.
    store: Arc<Store>,
    /// A wait longer than this is told to the player.
    wait_told: Duration,
    /// A queue longer than this refuses new games against the engine.
    overload: Duration,
}

/// The engine's search in a game, asked of the pool: the game it searches and its stop flag
/// (its answer comes on the receiver [`Engine::search`] gives with it).
pub(crate) struct AskedSearch {
    pub(super) game: LiveGame,
    stop: Arc<AtomicBool>,
}

/// The answer to an [`AskedSearch`], once it comes.
pub(crate) type SearchAnswer = Result<Result<gipf_ai::Thought<Game>, ThinkError>, PoolError>;

impl Engine {
    /// The engine with `threads` searchers, claiming its requests in `store`; a wait longer
    /// than `wait_told` is told, a queue longer than `overload` refuses new games.
    pub(super) fn new(
        threads: usize,
        store: Arc<Store>,
        wait_told: Duration,
        overload: Duration,
    ) -> Engine {
        Engine {
            pool: EnginePool::new(threads, || {
                gipf_ai::Engine::with_table_megabytes(TABLE_MEGABYTES)
            }),
            thinking: Arc::default(),
            resumed: AtomicBool::new(false),
            store,
            wait_told,
            overload,
        }
    }

    /// Stops the engine's search in `game`: a queued one is dropped, one under way stops
    /// early (the game just ended or changed).
    pub(super) fn stop(&self, game: GameId) {
        if let Ok(thinking) = self.thinking.lock()
            && let Some(stop) = thinking.get(&game)
        {
            stop.store(true, Ordering::Relaxed);
        }
        self.pool.drop_game(game);
    }

    /// How many searches are under way, and how many wait for a searcher.
    pub(super) fn load(&self) -> (usize, usize) {
        self.pool.load()
    }

    /// How long a search asked for now would wait, if longer than a player is left waiting
    /// without a word.
    pub(super) fn long_wait(&self) -> Option<Wait> {
        let about = self.pool.backlog();
        let (running, waiting) = self.pool.load();
        (about > self.wait_told).then_some(Wait {
            ahead: running + waiting,
            about,
        })
    }

    /// The queue's length in time, if it is too long to take a new game against the engine.
    pub(super) fn overloaded(&self) -> Option<Duration> {
        let backlog = self.pool.backlog();
        (backlog > self.overload).then_some(backlog)
    }

    /// Whether the games a restart left waiting are still to be looked for: true once.
    pub(super) fn first_resume(&self) -> bool {
        !self.resumed.swap(true, Ordering::Relaxed)
    }

    /// Runs `search` in the engine pool, when its turn comes, and waits for its answer.
    pub(super) fn run<T: Send + 'static>(
        &self,
        ticket: Ticket,
        search: impl FnOnce(&mut gipf_ai::Engine) -> T + Send + 'static,
    ) -> anyhow::Result<T> {
        Ok(self.pool.run(ticket, search)?)
    }

    /// Queues the engine's search for its turn in `game` at `level`: the search, and the
    /// receiver its answer comes on (awaited, it holds no thread); `None` when the game has
    /// a search waiting already (that one answers). The search claims the game's request
    /// as it starts: a process idle meanwhile (an engine worker) may have taken it; then it
    /// stops here, and its player hears from that one.
    pub(super) fn search(
        &self,
        game: LiveGame,
        level: Level,
    ) -> Option<(AskedSearch, oneshot::Receiver<SearchAnswer>)> {
        let id = game.stored.id;
        let stop = Arc::new(AtomicBool::new(false));
        if let Ok(mut thinking) = self.thinking.lock() {
            thinking.insert(id, Arc::clone(&stop));
        }
        let seed = u64::from(game.game.plies()) ^ id.0.unsigned_abs().rotate_left(17);
        let request = Request::level(level)
            .with_seed(seed)
            .with_stop(Arc::clone(&stop));
        let ticket = Ticket {
            // Fair between the people who play it.
            player: game.player(!game.to_move()),
            game: Some(id),
            class: class_of(level),
            expected: expected_time(level),
        };
        let position = game.game.clone();
        let (answer, answered) = oneshot::channel();
        let (store, stopped) = (Arc::clone(&self.store), Arc::clone(&stop));
        let queued = self.pool.submit(ticket, move |searcher| {
            if !store
                .claim_engine_request(id, RequestKind::Turn)
                .unwrap_or(false)
            {
                stopped.store(true, Ordering::Relaxed);
            }
            let thought = match stopped.load(Ordering::Relaxed) {
                true => Err(PoolError::Dropped),
                false => {
                    let started = std::time::Instant::now();
                    let thought = searcher.think_game(&position, &request);
                    crate::telemetry::searched(started.elapsed());
                    Ok(thought)
                }
            };
            // The asker may be gone (the bot stops): nobody to tell.
            let _ = answer.send(thought);
        });
        let answered = match queued {
            Ok(()) => answered,
            Err(PoolError::Busy) => return None,
            Err(e) => {
                let (failed, answered) = oneshot::channel();
                let _ = failed.send(Err(e));
                answered
            }
        };
        Some((AskedSearch { game, stop }, answered))
    }

    /// What the engine's search `asked` gave, once its `answer` came: its game and turn,
    /// unless the game ended or changed meanwhile (its stop flag raised) or it found none.
    pub(super) fn heard(
        &self,
        asked: AskedSearch,
        answer: SearchAnswer,
    ) -> anyhow::Result<Option<(LiveGame, gipf_ai::Thought<Game>)>> {
        let AskedSearch { game, stop } = asked;
        if let Ok(mut thinking) = self.thinking.lock() {
            thinking.remove(&game.stored.id);
        }
        match answer {
            _ if stop.load(Ordering::Relaxed) => Ok(None),
            Ok(Ok(thought)) => Ok(Some((game, thought))),
            Ok(Err(_)) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }
}

/// The queue's kind of a search at `level`: the quick levels go before the slow ones.
pub(super) fn class_of(level: Level) -> Class {
    match level {
        Level::Beginner | Level::Easy => Class::Quick,
        Level::Medium | Level::Hard => Class::Slow,
    }
}

/// About how long a search at `level` takes, for the waits told.
pub(super) fn expected_time(level: Level) -> Duration {
    level.limits().time.unwrap_or(Duration::from_secs(2))
}
