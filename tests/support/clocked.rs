//! A service on a clock the test moves: lines said in chat as the console reads them, the
//! replies as Discord shows them, and what the watch says when it looks after a while.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use super::chat::shown_safely;
use super::recorder::Recorder;
use gipf_bot::console::{Console, user_id};
use gipf_bot::model::{ChannelId, Clock};
use gipf_bot::reply::Reply;
use gipf_bot::service::{Asked, Config, GameState, Service};

pub const HOUR: Duration = Duration::from_secs(3600);
/// A day in Unix seconds.
pub const DAY: i64 = 86_400;

/// The service on the test's database in `dir` (a PostgreSQL schema when the tests run on
/// one), opened on a thread of its own: PostgreSQL's client must not block the test's
/// runtime.
fn open(dir: &tempfile::TempDir, config: &Config) -> Arc<Service> {
    let path = dir.path().join("gipf.db");
    let config = config.clone();
    let opened = std::thread::spawn(move || {
        Service::open(super::database::database(&path), config).unwrap()
    });
    Arc::new(opened.join().unwrap())
}

pub struct Bench {
    pub dir: tempfile::TempDir,
    /// What time it is (Unix seconds): the service's clock, moved on by the test alone.
    pub now: Arc<AtomicI64>,
    pub config: Config,
    pub service: Arc<Service>,
    pub console: Console,
}

impl Bench {
    pub fn new() -> Bench {
        let dir = tempfile::tempdir().unwrap();
        let now = Arc::new(AtomicI64::new(1_800_000_000));
        let clock = Arc::clone(&now);
        let config = Config {
            clock: Clock::new(move || clock.load(Ordering::SeqCst)),
            ..Config::default()
        };
        let service = open(&dir, &config);
        let console = Console::new(dir.path().join("boards")).unwrap();
        Bench {
            dir,
            now,
            config,
            service,
            console,
        }
    }

    /// Says `text` as `author` in `channel`; the replies as Discord shows them.
    pub async fn say(&mut self, channel: u64, author: &str, text: &str) -> Vec<String> {
        let mut message = self
            .console
            .read_line(&format!("{author}: {text}"))
            .unwrap();
        message.channel = ChannelId(channel);
        let allowed = [user_id("alice"), user_id("bob")];
        let recorder = Arc::new(Recorder::default());
        *recorder.here.lock().unwrap() = Some(message.channel);
        self.service
            .serve(message, Asked::Line, Arc::clone(&recorder))
            .await;
        self.service.settle().await;
        let replies = recorder.take();
        replies.iter().map(|r| shown_safely(r, &allowed)).collect()
    }

    /// The game in `channel`, read on a thread of its own (see [`open`]).
    pub fn state(&self, channel: ChannelId) -> GameState {
        let service = Arc::clone(&self.service);
        let read = std::thread::spawn(move || service.game_state(channel, true).unwrap());
        read.join().unwrap().expect("a game in the channel")
    }

    pub fn restart(&mut self) {
        self.service = open(&self.dir, &self.config);
    }

    /// What the watch says when it looks at the clock `after` this much more time, if
    /// anything: a deadline's word comes at the first look after it is due.
    pub async fn look_after(&self, after: Duration) -> Option<(ChannelId, String)> {
        let after = i64::try_from(after.as_secs()).unwrap();
        self.now.fetch_add(after, Ordering::SeqCst);
        let recorder = Recorder::default();
        self.service.look(&recorder).await;
        let mut said = recorder.take_each();
        assert!(said.len() <= 1, "{said:?}");
        let (channel, reply) = said.pop()?;
        let shown = shown_safely(&reply, &[user_id("alice"), user_id("bob")]);
        Some((channel, shown))
    }

    /// Everything the watch and the process's tending post once the clock moved on `after`
    /// (a vacation's notices, owed to no process, are tended): each with its channel.
    pub async fn tend_after(&self, after: Duration) -> Vec<(ChannelId, String)> {
        let allowed = [user_id("alice"), user_id("bob")];
        (self.replies_after(after).await.into_iter())
            .map(|(channel, reply)| (channel, shown_safely(&reply, &allowed)))
            .collect()
    }

    /// [`Bench::tend_after`]'s replies as the service made them (with their buttons).
    pub async fn replies_after(&self, after: Duration) -> Vec<(ChannelId, Reply)> {
        let after = i64::try_from(after.as_secs()).unwrap();
        self.now.fetch_add(after, Ordering::SeqCst);
        looked(&self.service).await
    }

    /// A second process on the same database and clock, named `instance`.
    pub fn twin(&self, instance: &str) -> Arc<Service> {
        let config = Config {
            instance: instance.to_string(),
            ..self.config.clone()
        };
        open(&self.dir, &config)
    }
}

/// What `service`'s watch and tending post when they look now.
pub async fn looked(service: &Arc<Service>) -> Vec<(ChannelId, Reply)> {
    let recorder = Recorder::default();
    service.look(&recorder).await;
    service.tend(&recorder, Duration::from_secs(60)).await;
    recorder.take_each()
}

/// The instant of the first `<t:…:f>` after `after` in `said`.
pub fn time_after(said: &str, after: &str) -> i64 {
    let from = said
        .find(after)
        .unwrap_or_else(|| panic!("no {after:?} in {said}"))
        + after.len();
    let rest = &said[from..];
    let start = rest.find("<t:").expect("a time") + 3;
    let end = start + rest[start..].find(':').expect("its style");
    rest[start..end].parse().expect("a number")
}
