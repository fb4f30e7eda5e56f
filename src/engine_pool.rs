//! The engine pool: searchers on threads of their own, as many as the machine has cores
//! unless told (`ENGINE_THREADS`), each with its own engine (and its table), fed by one fair
//! queue. Short work goes first (hints, then the quick levels, then the slow ones, analyses
//! last and never on the last free searcher); within a kind, nobody's second request starts
//! before every other player's first. A game is searched by one searcher at a time, and a
//! game's queued search can be dropped (a takeback, a resignation). The queue says how long
//! it is, so that a player can be told his wait and new work refused under overload.

use std::collections::{HashMap, HashSet};
use std::fmt;
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::model::{GameId, UserId};

/// What kind of search: the order in which the queue serves them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Class {
    /// A hint: short, and the player waits for it.
    Hint,
    /// A turn at a quick level (beginner, easy).
    Quick,
    /// A turn at a slow level (medium, hard), or the engine's view of a position.
    Slow,
    /// A game's analysis: it uses spare searchers and yields to the rest.
    Analysis,
}

/// Who asks for a search, for which game, of what kind, and how long it should take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ticket {
    /// The player it is for: the queue is fair between players.
    pub player: UserId,
    /// The game searched, if it is a game's (never two searches of one game at once).
    pub game: Option<GameId>,
    /// Its kind.
    pub class: Class,
    /// How long it should take, for the waits told.
    pub expected: Duration,
}

/// Why a search did not run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PoolError {
    /// The game already has a search waiting.
    Busy,
    /// It did not run to its end: dropped from the queue (its game changed), or it failed.
    Dropped,
    /// The pool is shutting down.
    Stopped,
}

impl fmt::Display for PoolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PoolError::Busy => "the game already has a search waiting",
            PoolError::Dropped => "the search was dropped or failed",
            PoolError::Stopped => "the engine pool is shutting down",
        })
    }
}

impl std::error::Error for PoolError {}

/// How long a new search would wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wait {
    /// Searches that would start before it (those under way included).
    pub ahead: usize,
    /// About how long before it starts.
    pub about: Duration,
}

/// A search in the queue.
struct Job<E> {
    ticket: Ticket,
    /// Its round: a player's searches take one round each, so that every player's next
    /// search comes before anyone's one after.
    round: u64,
    /// Its place in arrival order.
    seq: u64,
    work: Box<dyn FnOnce(&mut E) + Send>,
}

/// The queue and what runs, behind one lock.
struct Queue<E> {
    waiting: Vec<Job<E>>,
    /// The searches under way: their ticket and start.
    running: Vec<(Ticket, Instant)>,
    next_seq: u64,
    /// The round of the search started last.
    current_round: u64,
    /// The round of each player's search queued last (those not behind the current one).
    rounds: HashMap<UserId, u64>,
    stopping: bool,
}

struct Shared<E> {
    queue: Mutex<Queue<E>>,
    /// Signalled when a search is queued or the pool stops.
    work_ready: Condvar,
    threads: usize,
}

/// The pool. Dropping it lets the searches under way end, drops the rest, and joins the
/// threads.
pub struct EnginePool<E: 'static> {
    shared: Arc<Shared<E>>,
    threads: Vec<JoinHandle<()>>,
}

/// Where a job stands in the serving order: kind first, then its round, then arrival.
fn serving_key<E>(job: &Job<E>) -> (Class, u64, u64) {
    (job.ticket.class, job.round, job.seq)
}

impl<E> Queue<E> {
    /// The round a new search of `player` takes: the one after his last queued search, and
    /// never one already served.
    fn round_for(&self, player: UserId) -> u64 {
        let after_his_last = self.rounds.get(&player).map_or(0, |round| round + 1);
        after_his_last.max(self.current_round)
    }

    /// Takes the search at `i` off the queue as started.
    fn start(&mut self, i: usize) -> Job<E> {
        let job = self.waiting.swap_remove(i);
        self.running.push((job.ticket, Instant::now()));
        self.current_round = self.current_round.max(job.round);
        let current = self.current_round;
        self.rounds.retain(|_, round| *round >= current);
        job
    }

    /// The index of the search to start now, if any may: a game already under way waits,
    /// and an analysis never takes the last free searcher (while there are two or more).
    fn next(&self, threads: usize) -> Option<usize> {
        let busy: HashSet<GameId> = self.running.iter().filter_map(|(t, _)| t.game).collect();
        let free = threads.saturating_sub(self.running.len());
        let may_start = |job: &Job<E>| {
            job.ticket.game.is_none_or(|game| !busy.contains(&game))
                && (job.ticket.class != Class::Analysis || free > 1 || threads == 1)
        };
        (self.waiting.iter().enumerate())
            .filter(|(_, job)| may_start(job))
            .min_by_key(|(_, job)| serving_key(job))
            .map(|(i, _)| i)
    }

    /// Whether `game` has a search waiting (one under way only holds the next back).
    fn has_queued(&self, game: GameId) -> bool {
        self.waiting.iter().any(|job| job.ticket.game == Some(game))
    }
}

impl<E: 'static> EnginePool<E> {
    /// A pool of `threads` searchers (at least one), each with an engine made by `make`
    /// when it first searches.
    pub fn new(threads: usize, make: impl Fn() -> E + Send + Sync + 'static) -> EnginePool<E> {
        let threads = threads.max(1);
        let shared = Arc::new(Shared {
            queue: Mutex::new(Queue {
                waiting: Vec::new(),
                running: Vec::new(),
                next_seq: 0,
                current_round: 0,
                rounds: HashMap::new(),
                stopping: false,
            }),
            work_ready: Condvar::new(),
            threads,
        });
        let make = Arc::new(make);
        let handles = (0..threads)
            .map(|n| {
                let (shared, make) = (Arc::clone(&shared), Arc::clone(&make));
                std::thread::Builder::new()
                    .name(format!("searcher-{n}"))
                    .spawn(move || serve(&shared, &*make))
            })
            .filter_map(|spawned| match spawned {
                Ok(handle) => Some(handle),
                Err(e) => {
                    tracing::error!(error = %e, "cannot start a searcher thread");
                    None
                }
            })
            .collect();
        EnginePool {
            shared,
            threads: handles,
        }
    }

    /// How many searchers it has.
    pub fn threads(&self) -> usize {
        self.shared.threads
    }

    /// Queues `work` and waits for its answer (call it off the async runtime).
    pub fn run<T: Send + 'static>(
        &self,
        ticket: Ticket,
        work: impl FnOnce(&mut E) -> T + Send + 'static,
    ) -> Result<T, PoolError> {
        let (answer, answered) = mpsc::sync_channel(1);
        self.submit(ticket, move |engine| {
            // The caller may be gone: nobody to tell.
            let _ = answer.send(work(engine));
        })?;
        answered.recv().map_err(|_| PoolError::Dropped)
    }

    /// Queues `work`; it runs when a searcher is free and its turn comes.
    pub fn submit(
        &self,
        ticket: Ticket,
        work: impl FnOnce(&mut E) + Send + 'static,
    ) -> Result<(), PoolError> {
        let mut queue = lock(&self.shared.queue);
        if queue.stopping {
            return Err(PoolError::Stopped);
        }
        if ticket.game.is_some_and(|game| queue.has_queued(game)) {
            return Err(PoolError::Busy);
        }
        let (seq, round) = (queue.next_seq, queue.round_for(ticket.player));
        queue.next_seq += 1;
        queue.rounds.insert(ticket.player, round);
        queue.waiting.push(Job {
            ticket,
            round,
            seq,
            work: Box::new(work),
        });
        drop(queue);
        self.shared.work_ready.notify_all();
        Ok(())
    }

    /// Drops the queued search of `game`, if one waits: its caller hears it was dropped.
    /// A search under way is not stopped here (its game's stop flag does that).
    pub fn drop_game(&self, game: GameId) -> bool {
        let mut queue = lock(&self.shared.queue);
        let before = queue.waiting.len();
        queue.waiting.retain(|job| job.ticket.game != Some(game));
        queue.waiting.len() != before
    }

    /// How long a search with `ticket` would wait if queued now.
    pub fn wait_for(&self, ticket: &Ticket) -> Wait {
        let queue = lock(&self.shared.queue);
        let key = (ticket.class, queue.round_for(ticket.player), queue.next_seq);
        let ahead: Vec<&Job<E>> = (queue.waiting.iter())
            .filter(|job| serving_key(job) < key)
            .collect();
        let queued: Duration = ahead.iter().map(|job| job.ticket.expected).sum();
        Wait {
            ahead: ahead.len() + queue.running.len(),
            about: (queued + remaining(&queue.running)) / self.shared.threads as u32,
        }
    }

    /// How many searches are under way and how many wait.
    pub fn load(&self) -> (usize, usize) {
        let queue = lock(&self.shared.queue);
        (queue.running.len(), queue.waiting.len())
    }

    /// How long the queue is: about how long before a search queued last would start.
    pub fn backlog(&self) -> Duration {
        let queue = lock(&self.shared.queue);
        let queued: Duration = queue.waiting.iter().map(|job| job.ticket.expected).sum();
        (queued + remaining(&queue.running)) / self.shared.threads as u32
    }
}

impl<E: 'static> Drop for EnginePool<E> {
    fn drop(&mut self) {
        {
            let mut queue = lock(&self.shared.queue);
            queue.stopping = true;
            queue.waiting.clear();
        }
        self.shared.work_ready.notify_all();
        for thread in self.threads.drain(..) {
            if thread.join().is_err() {
                tracing::error!("a searcher thread panicked");
            }
        }
    }
}

/// What is left of the searches under way, by what they were expected to take.
fn remaining(running: &[(Ticket, Instant)]) -> Duration {
    (running.iter())
        .map(|(ticket, started)| ticket.expected.saturating_sub(started.elapsed()))
        .sum()
}

/// Locks the queue; a searcher that panicked holding it left it whole (each change is one
/// step), so it is used as it is.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// One searcher: takes the next search the queue allows, runs it with its own engine, and
/// again, until the pool stops. A search that panics loses its engine, not the searcher.
fn serve<E>(shared: &Shared<E>, make: &(dyn Fn() -> E + Send + Sync)) {
    let mut engine: Option<E> = None;
    loop {
        let job = {
            let mut queue = lock(&shared.queue);
            loop {
                if queue.stopping {
                    return;
                }
                if let Some(i) = queue.next(shared.threads) {
                    break queue.start(i);
                }
                queue = shared
                    .work_ready
                    .wait(queue)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        };
        let ticket = job.ticket;
        let searcher = engine.get_or_insert_with(make);
        let ran = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (job.work)(searcher)));
        if ran.is_err() {
            tracing::error!(game = ?ticket.game, "a search panicked: its engine is made anew");
            engine = None;
        }
        let mut queue = lock(&shared.queue);
        if let Some(i) = queue.running.iter().position(|(t, _)| *t == ticket) {
            queue.running.swap_remove(i);
        }
        drop(queue);
        // A game's next search, or an analysis held back, may start now.
        shared.work_ready.notify_all();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the searches of a test did, in order.
    type Log = Arc<Mutex<Vec<&'static str>>>;

    fn ticket(player: u64, game: Option<i64>, class: Class) -> Ticket {
        Ticket {
            player: UserId(player),
            game: game.map(GameId),
            class,
            expected: Duration::from_secs(2),
        }
    }

    /// Occupies a searcher until the returned sender is dropped or sent to.
    fn occupy(pool: &EnginePool<()>, player: u64) -> mpsc::Sender<()> {
        let (release, released) = mpsc::channel::<()>();
        let (started, start) = mpsc::channel();
        pool.submit(ticket(player, None, Class::Hint), move |_| {
            let _ = started.send(());
            let _ = released.recv();
        })
        .unwrap();
        start.recv_timeout(Duration::from_secs(5)).unwrap();
        release
    }

    fn logged(pool: &EnginePool<()>, log: &Log, ticket: Ticket, name: &'static str) {
        let log = Arc::clone(log);
        pool.submit(ticket, move |_| lock(&log).push(name)).unwrap();
    }

    /// Waits until `log` holds `n` entries, and returns them.
    fn wait_log(log: &Log, n: usize) -> Vec<&'static str> {
        let until = Instant::now() + Duration::from_secs(5);
        while lock(log).len() < n && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(5));
        }
        lock(log).clone()
    }

    #[test]
    fn nobodys_second_request_starts_before_another_players_first() {
        let pool = EnginePool::new(1, || ());
        let log = Log::default();
        let busy = occupy(&pool, 9);
        for name in ["a1", "a2", "a3", "a4", "a5"] {
            logged(&pool, &log, ticket(1, None, Class::Slow), name);
        }
        logged(&pool, &log, ticket(2, None, Class::Slow), "b1");
        logged(&pool, &log, ticket(3, None, Class::Slow), "c1");
        let wait = pool.wait_for(&ticket(4, None, Class::Slow));
        // Behind the one under way and the three players' first requests.
        assert_eq!(wait.ahead, 4);
        assert!(wait.about > Duration::from_secs(5), "{wait:?}");
        drop(busy);
        let order = wait_log(&log, 7);
        assert_eq!(order, ["a1", "b1", "c1", "a2", "a3", "a4", "a5"]);
    }

    #[test]
    fn hints_and_quick_levels_go_first_and_analyses_last() {
        let pool = EnginePool::new(1, || ());
        let log = Log::default();
        let busy = occupy(&pool, 9);
        logged(&pool, &log, ticket(1, Some(1), Class::Analysis), "analysis");
        logged(&pool, &log, ticket(2, Some(2), Class::Slow), "hard");
        logged(&pool, &log, ticket(3, Some(3), Class::Quick), "easy");
        logged(&pool, &log, ticket(4, Some(4), Class::Hint), "hint");
        assert!(
            pool.backlog() >= Duration::from_secs(8),
            "{:?}",
            pool.backlog()
        );
        drop(busy);
        assert_eq!(wait_log(&log, 4), ["hint", "easy", "hard", "analysis"]);
    }

    #[test]
    fn a_game_is_searched_once_at_a_time_and_its_queued_search_can_be_dropped() {
        let pool = EnginePool::new(2, || ());
        let busy = [occupy(&pool, 8), occupy(&pool, 9)];
        let game = ticket(1, Some(7), Class::Slow);
        let (done, result) = mpsc::channel();
        let waiting = {
            let pool = Arc::new(pool);
            let queued = Arc::clone(&pool);
            let waiter = std::thread::spawn(move || {
                let _ = done.send(queued.run(game, |_| 42));
            });
            while pool.wait_for(&ticket(2, None, Class::Analysis)).ahead < 3 {
                std::thread::sleep(Duration::from_millis(5));
            }
            assert_eq!(pool.submit(game, |_| {}), Err(PoolError::Busy));
            assert!(pool.drop_game(GameId(7)));
            (pool, waiter)
        };
        assert_eq!(
            result.recv_timeout(Duration::from_secs(5)).unwrap(),
            Err(PoolError::Dropped)
        );
        let (pool, waiter) = waiting;
        waiter.join().unwrap();
        drop(busy);
        // Dropped, the game may be searched again.
        assert_eq!(pool.run(game, |_| 42), Ok(42));
    }

    #[test]
    fn searches_run_side_by_side_and_analyses_leave_a_searcher_free() {
        let pool = EnginePool::new(2, || ());
        // Two searches that finish only together: they run at the same time.
        let both = Arc::new(std::sync::Barrier::new(2));
        let (done, finished) = mpsc::channel();
        for player in [1, 2] {
            let (both, done) = (Arc::clone(&both), done.clone());
            pool.submit(ticket(player, None, Class::Slow), move |_| {
                both.wait();
                let _ = done.send(());
            })
            .unwrap();
        }
        for _ in 0..2 {
            finished.recv_timeout(Duration::from_secs(5)).unwrap();
        }
        // One analysis under way: a second waits, a hint does not.
        let log = Log::default();
        let (release, released) = mpsc::channel::<()>();
        pool.submit(ticket(1, Some(1), Class::Analysis), move |_| {
            let _ = released.recv();
        })
        .unwrap();
        while pool.wait_for(&ticket(5, None, Class::Hint)).ahead < 1 {
            std::thread::sleep(Duration::from_millis(5));
        }
        logged(&pool, &log, ticket(2, Some(2), Class::Analysis), "analysis");
        logged(&pool, &log, ticket(3, None, Class::Hint), "hint");
        assert_eq!(wait_log(&log, 1), ["hint"]);
        std::thread::sleep(Duration::from_millis(50));
        assert_eq!(wait_log(&log, 1), ["hint"], "the second analysis waits");
        drop(release);
        assert_eq!(wait_log(&log, 2), ["hint", "analysis"]);
    }

    #[test]
    fn a_games_next_search_waits_for_the_one_under_way() {
        let pool = EnginePool::new(2, || ());
        let log = Log::default();
        let (release, released) = mpsc::channel::<()>();
        let (started, start) = mpsc::channel();
        let first = Arc::clone(&log);
        pool.submit(ticket(1, Some(7), Class::Slow), move |_| {
            let _ = started.send(());
            let _ = released.recv();
            lock(&first).push("first");
        })
        .unwrap();
        start.recv_timeout(Duration::from_secs(5)).unwrap();
        logged(&pool, &log, ticket(1, Some(7), Class::Slow), "second");
        std::thread::sleep(Duration::from_millis(50));
        assert!(
            wait_log(&log, 0).is_empty(),
            "a searcher is free, but the game is searched"
        );
        drop(release);
        assert_eq!(wait_log(&log, 2), ["first", "second"]);
    }

    #[test]
    fn a_search_that_panics_fails_alone() {
        let pool = EnginePool::new(1, || 0_u32);
        let failed = pool.run(ticket(1, Some(1), Class::Slow), |_| -> u32 {
            panic!("a bug")
        });
        assert_eq!(failed, Err(PoolError::Dropped));
        assert_eq!(pool.run(ticket(1, Some(1), Class::Slow), |n| *n + 1), Ok(1));
    }
}
