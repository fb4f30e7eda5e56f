//! A [`Sink`] that keeps every reply the service delivers, in order, as the person who asked
//! would read them: the service's tests serve messages through it and look at what came out.
//! It can refuse a channel's posts, as Discord refuses a channel the bot may not post in, and
//! hold the service at a chosen step until the test lets it go, so that a test does something
//! in between (a player resigns while the engine thinks).

use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

use gipf_bot::model::{ChannelId, UserId};
use gipf_bot::reply::Reply;
use gipf_bot::service::{Asked, Message, Posted, Refused, Service, Sink};

/// Where a recorder holds the service until [`Recorder::release`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hold {
    /// In its first answer: the work that answer leaves for later not begun.
    FirstAnswer,
    /// As it shows the bot typing, before the engine's answer is asked for.
    Typing,
}

/// Every reply delivered, in order: answers, posts and direct messages (marked as such by
/// their `direct`).
#[derive(Default)]
pub struct Recorder {
    replies: Mutex<Vec<(ChannelId, Reply)>>,
    /// Told each time a reply is kept.
    kept: Condvar,
    /// The channel answers go to.
    pub here: Mutex<Option<ChannelId>>,
    /// A channel whose posts are refused, and what the refusal says.
    refusing: Option<(ChannelId, String)>,
    /// A member who refuses direct messages (his privacy settings).
    refusing_direct: Option<UserId>,
    /// Where the service is held, if anywhere.
    hold: Option<Hold>,
    /// Whether the test let the service go.
    released: Mutex<bool>,
    /// Told when it does.
    let_go: Condvar,
    /// Whether the bot showed it is typing.
    typed: Mutex<bool>,
    /// Told when it does.
    typing_told: Condvar,
    /// Whether it opens threads (else it refuses them, as a channel where the bot may not),
    /// and those it opened, with their names.
    threads: Option<Mutex<Vec<(ChannelId, String)>>>,
    /// The channels its first threads are given.
    thread_ids: Vec<u64>,
    /// The one channel it opens threads under, if only one (others' are refused).
    threads_under: Option<ChannelId>,
}

/// The first thread a recorder opens; the next ones follow.
pub const FIRST_THREAD: u64 = 9000;

impl Recorder {
    /// A recorder that holds the service at `hold` until [`Recorder::release`].
    pub fn holding(hold: Hold) -> Recorder {
        Recorder {
            hold: Some(hold),
            ..Recorder::default()
        }
    }

    /// A recorder that opens the threads asked for (`FIRST_THREAD` and on).
    pub fn with_threads() -> Recorder {
        Recorder {
            threads: Some(Mutex::default()),
            ..Recorder::default()
        }
    }

    /// A recorder that opens the threads asked for as `channels`, in order (then
    /// `FIRST_THREAD` and on).
    pub fn with_threads_at(channels: &[u64]) -> Recorder {
        Recorder {
            thread_ids: channels.to_vec(),
            ..Recorder::with_threads()
        }
    }

    /// [`Recorder::with_threads_at`] under `parent` alone: threads under any other channel
    /// are refused.
    pub fn with_threads_under(parent: ChannelId, channels: &[u64]) -> Recorder {
        Recorder {
            threads_under: Some(parent),
            ..Recorder::with_threads_at(channels)
        }
    }

    /// The threads it opened, in order.
    pub fn threads_opened(&self) -> Vec<ChannelId> {
        let Some(threads) = &self.threads else {
            return Vec::new();
        };
        threads.lock().unwrap().iter().map(|(c, _)| *c).collect()
    }

    /// The name of thread `channel`, if this recorder opened it.
    pub fn thread_name(&self, channel: ChannelId) -> Option<String> {
        let opened = self.threads.as_ref()?.lock().unwrap();
        opened
            .iter()
            .find(|(c, _)| *c == channel)
            .map(|(_, n)| n.clone())
    }

    /// A recorder to which `user` refuses every direct message.
    pub fn refusing_direct(user: UserId) -> Recorder {
        Recorder {
            refusing_direct: Some(user),
            ..Recorder::default()
        }
    }

    /// A recorder in which `channel` refuses every post, saying `why` (as Discord refuses a
    /// channel the bot may not post in).
    pub fn refusing(channel: ChannelId, why: &str) -> Recorder {
        Recorder {
            refusing: Some((channel, why.to_string())),
            ..Recorder::default()
        }
    }

    /// The replies delivered since the last call, in order.
    pub fn take(&self) -> Vec<Reply> {
        self.take_each().into_iter().map(|(_, r)| r).collect()
    }

    /// [`Recorder::take`], each reply with the channel it went to (a direct message: the
    /// channel it is about).
    pub fn take_each(&self) -> Vec<(ChannelId, Reply)> {
        std::mem::take(&mut *self.replies.lock().unwrap())
    }

    /// Waits until `count` replies are kept (and not taken): a clone of them.
    pub fn wait_for(&self, count: usize) -> Vec<Reply> {
        let kept = self.replies.lock().unwrap();
        let (kept, waited) = (self.kept)
            .wait_timeout_while(kept, Duration::from_secs(60), |kept| kept.len() < count)
            .unwrap();
        assert!(!waited.timed_out(), "{count} replies never came: {kept:?}");
        kept.iter().map(|(_, reply)| reply.clone()).collect()
    }

    /// Waits until the bot shows it is typing.
    pub fn wait_typing(&self) {
        let typed = self.typed.lock().unwrap();
        let (typed, waited) = (self.typing_told)
            .wait_timeout_while(typed, Duration::from_secs(60), |typed| !*typed)
            .unwrap();
        drop(typed);
        assert!(!waited.timed_out(), "the bot never showed it was typing");
    }

    /// Lets the service go on.
    pub fn release(&self) {
        *self.released.lock().unwrap() = true;
        self.let_go.notify_all();
    }

    /// Holds the service here (this thread, its runtime with it) if it is to be held at
    /// `hold`, until the test lets it go.
    fn held_at(&self, hold: Hold) {
        if self.hold != Some(hold) {
            return;
        }
        let released = self.released.lock().unwrap();
        drop(
            self.let_go
                .wait_while(released, |released| !*released)
                .unwrap(),
        );
    }

    fn keep(&self, channel: ChannelId, reply: &Reply) -> Posted {
        let first = {
            let mut replies = self.replies.lock().unwrap();
            replies.push((channel, reply.clone()));
            replies.len() == 1
        };
        self.kept.notify_all();
        if first {
            self.held_at(Hold::FirstAnswer);
        }
        Posted::default()
    }

    fn here(&self) -> ChannelId {
        self.here.lock().unwrap().unwrap_or(ChannelId(0))
    }
}

impl Sink for Recorder {
    async fn answer(&self, reply: &Reply) -> Posted {
        self.keep(self.here(), reply)
    }

    async fn post(&self, channel: ChannelId, reply: &Reply) -> Posted {
        if let Some((refused, why)) = &self.refusing
            && *refused == channel
        {
            return Posted {
                refused: Some(why.clone()),
                ..Posted::default()
            };
        }
        self.keep(channel, reply)
    }

    async fn direct(&self, user: UserId, reply: &Reply) -> Result<(), Refused> {
        if self.refusing_direct == Some(user) {
            return Err(Refused::Forbidden);
        }
        let direct = Reply {
            direct: Some(user),
            ..reply.clone()
        };
        self.keep(self.here(), &direct);
        Ok(())
    }

    async fn open_thread(&self, parent: ChannelId, name: &str) -> Result<ChannelId, Refused> {
        let Some(threads) = &self.threads else {
            return Err(Refused::Failed("no threads in this test".into()));
        };
        if self.threads_under.is_some_and(|under| under != parent) {
            return Err(Refused::Forbidden);
        }
        let mut opened = threads.lock().unwrap();
        let n = opened.len();
        let thread = ChannelId(
            self.thread_ids
                .get(n)
                .copied()
                .unwrap_or(FIRST_THREAD + n as u64),
        );
        opened.push((thread, name.to_string()));
        Ok(thread)
    }

    async fn typing(&self, _: ChannelId) {
        *self.typed.lock().unwrap() = true;
        self.typing_told.notify_all();
        self.held_at(Hold::Typing);
    }

    async fn answer_late(&self, _: &str, _: &Reply) -> Result<Option<i64>, Refused> {
        Err(Refused::Failed(
            "no interactions in the service's tests".into(),
        ))
    }
}

/// A runtime for one blocking step of a test.
fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
}

/// Serves `message` (asking `asked`) through `recorder`, waiting for its later work too:
/// every reply it led to, in order.
pub fn serve(
    service: &Arc<Service>,
    recorder: &Arc<Recorder>,
    message: Message,
    asked: Asked,
) -> Vec<Reply> {
    *recorder.here.lock().unwrap() = Some(message.channel);
    service.serve_blocking(message, asked, Arc::clone(recorder));
    recorder.take()
}

/// Serves a chat line (`message`'s text): every reply it leads to, in order.
pub fn handle(service: &Arc<Service>, message: &Message) -> Vec<Reply> {
    serve(service, &Arc::default(), message.clone(), Asked::Line)
}

/// Posts what `service` owes at its start (a restart), through `recorder`: each reply with
/// its channel.
pub fn drain(service: &Arc<Service>, recorder: &Arc<Recorder>) -> Vec<(ChannelId, Reply)> {
    runtime().block_on(service.drain(&**recorder));
    recorder.take_each()
}

/// One look of the watch at the clock, through `recorder`: each reply with its channel.
pub fn look(service: &Arc<Service>, recorder: &Arc<Recorder>) -> Vec<(ChannelId, Reply)> {
    runtime().block_on(service.look(&**recorder));
    recorder.take_each()
}

/// One tend of the process (it lives for `life`): what nobody living posts, posted through
/// `recorder`, each reply with its channel.
pub fn tend(
    service: &Arc<Service>,
    recorder: &Arc<Recorder>,
    life: Duration,
) -> Vec<(ChannelId, Reply)> {
    runtime().block_on(service.tend(&**recorder, life));
    recorder.take_each()
}

/// Claims and does one of the engine's requests of `kinds`, as an engine worker does: its
/// replies, each for its channel (`None` when there is none to claim).
pub fn engine_work(
    service: &Arc<Service>,
    kinds: &[gipf_bot::store::RequestKind],
) -> Option<Vec<(ChannelId, Reply)>> {
    runtime().block_on(service.engine_work(kinds))
}
