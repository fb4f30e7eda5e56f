//! The settings of the service: the prefix, the time limits of challenges, pictures and idle
//! games, the clock, the watch's rhythm and the analysis's budget.

use std::time::Duration;

use crate::model::{ChannelId, Clock};

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
    /// How `!analyse` searches: every turn 4 turns deep, the worst again 5 deep. Depths, not
    /// times, so that the same game gives the same analysis on any machine.
    pub analysis: gipf_ai::analyse::Budget,
    /// How many searches run at once (`ENGINE_THREADS`), each on a thread and an engine of
    /// its own (a 64 MB table each): the machine's cores by default.
    pub engine_threads: usize,
    /// How many worker threads do the service's blocking work (the database, the pictures,
    /// a hint's wait for the engine), one first-in first-out queue before them: 4 a core by
    /// default. The waits for the engine's answers have their own, 8 a searcher.
    pub worker_threads: usize,
    /// How long the engine's queue may grow before new games against it are refused (the
    /// games under way go on): a minute.
    pub engine_overload: Duration,
    /// A player whose turn would wait longer than this for a searcher is told so, his turn
    /// announced at once and the engine's answer following: about 5 s.
    pub engine_wait_told: Duration,
    /// This process's name among those sharing the database (`INSTANCE`): its leases and
    /// claims are held in it, and a process restarted under its name takes them back at
    /// once. The host's name by default; the Discord adapter adds its shard range.
    pub instance: String,
    /// Whether this process posts the messages it owes: a bot does; an engine worker, which
    /// has no Discord connection, leaves them in the outbox for the bots to post.
    pub posts_messages: bool,
    /// The address the game pages' links are written with (`WEB_BASE_URL`, else `http://`
    /// and `WEB_BIND`): none, no link is posted.
    pub web_base_url: Option<String>,
    /// The channel outside any server whose games this process's own pages show too: the
    /// console's, when it serves pages itself (`console --web`); no other web server
    /// reading the database shows them.
    pub own_pages: Option<ChannelId>,
    /// Where the bot dies on the way from a stored turn to its announcement marked sent
    /// (the tests' failpoints: `None` in service).
    #[cfg(feature = "failpoints")]
    pub crash: Option<super::Crash>,
}

/// The machine's cores, as many searchers as the engine pool has by default.
pub fn machine_cores() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
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
                scan: gipf_ai::Limits::depth(4),
                confirm: gipf_ai::Limits::depth(5),
            },
            engine_threads: machine_cores(),
            worker_threads: 4 * machine_cores(),
            engine_overload: Duration::from_secs(60),
            engine_wait_told: Duration::from_secs(5),
            instance: crate::store::host_name(),
            posts_messages: true,
            web_base_url: None,
            own_pages: None,
            #[cfg(feature = "failpoints")]
            crash: None,
        }
    }
}
