//! The watch: what the clock calls for while nobody writes. Every minute it looks at the
//! deadlines due (`game/time.rs` says what each calls for), the games left idle too long
//! (`abandon.rs`), the tournaments' rounds whose last game ended (`tournament/watch.rs`), the
//! engine's turns nobody else will ask for, the members' digests and held pings
//! (`digest.rs`), and the daily puzzles (`learn/daily.rs`), and
//! delivers each reply through the adapter's sink. The deadlines live in the database, so
//! the watch goes on across restarts; of several processes, one keeps it.

use std::sync::Arc;
use std::time::Duration;

use super::abandon::abandon_idle_games;
use super::answers::answered;
use super::recover::{drain, post_left};
use super::server::notify::with_copies;
use super::sink::Sink;
use super::work::engine_turns;
use super::{LiveGame, Service};
use crate::model::ChannelId;
use crate::reply::Reply;

/// What the clock calls for now, if this process keeps the watch, delivered through
/// `sink`: the deadlines and idle games ([`due`]), the engine's turns nobody else will ask
/// for (after a restart, or a failed search), each answered by the engine where it waits
/// for it; then the daily puzzles, a refused one recorded for the server's settings to
/// tell.
async fn tick(service: &Arc<Service>, sink: &impl Sink) {
    let every = service.config.deadline_watch_every;
    let looked = service.on_worker(move |s| {
        if !s.holds_the_watch(every) {
            return None;
        }
        let mut due = due(s);
        s.settle_ends(None, due.iter_mut().map(|(c, r)| (*c, r)));
        Some((due, s.daily().daily_puzzles()))
    });
    let Ok(Some((due, daily))) = looked.await else {
        return;
    };
    let mut replies = Vec::with_capacity(due.len());
    for (channel, reply) in due {
        // A round's game where the engine has white waits for its first turn.
        let (answered, _) = answered(service, vec![reply], sink, channel).await;
        replies.extend(answered.into_iter().map(|reply| (channel, reply)));
    }
    replies.extend(engine_turns(service).await);
    service.deliver_each(sink, replies).await;
    for (post, reply) in daily {
        if let Some(why) = service
            .deliver_each(sink, vec![(post.channel, reply)])
            .await
        {
            let _ = service
                .on_worker(move |s| s.daily().refused(&post, &why))
                .await;
        }
    }
}

/// What the deadlines and the idle games call for now, each reply for its game's channel
/// (with the direct copies for players who asked for them). Nothing is lost to an error: it
/// is logged and the next watch tries again.
pub(super) fn due(service: &Service) -> Vec<(ChannelId, Reply)> {
    // Vacations over first: their players' clocks run again (the notices are owed).
    if let Err(e) = service.store.vacations_over() {
        super::failed::log_failed("cannot end the vacations that are over", &e);
    }
    let mut due = due_replies(service).unwrap_or_else(|e| {
        super::failed::log_failed("cannot watch the deadlines", &e);
        Vec::new()
    });
    // Members' own hours: the daily digests, the pings held through quiet hours.
    due.extend(super::digest::due_notices(service).unwrap_or_else(|e| {
        super::failed::log_failed("cannot send the digests and held pings", &e);
        Vec::new()
    }));
    // After the deadlines: a game lost on time may end its round, paired at once.
    due.extend(super::tournament::tournament_rounds(&service.events()));
    due
}

/// The deadlines due and the games left idle too long.
fn due_replies(service: &Service) -> anyhow::Result<Vec<(ChannelId, Reply)>> {
    let (store, pictures) = (&service.store, &service.pictures);
    let mut due = abandon_idle_games(&service.games, store, &service.voice)?;
    let deadlines = service.deadlines();
    for stored in store.games_due()? {
        let channel = stored.channel;
        let reply = match LiveGame::load(stored) {
            Ok(game) => deadlines.deadline_reply(&game)?,
            Err(e) => {
                tracing::error!(error = %format!("{e:#}"), channel = channel.0, "a game does not load");
                continue;
            }
        };
        if let Some(reply) = reply {
            let group = with_copies(store, pictures, channel, None, reply)?;
            due.extend(group.into_iter().map(|r| (channel, r)));
        }
    }
    Ok(due)
}

/// How often, at most, a process says it lives and looks for messages nobody living posts.
pub const TEND_EVERY: Duration = Duration::from_secs(2);

/// How long a starting process watches a living lease under its own name for a renewal
/// (every process renews every [`TEND_EVERY`]): renewed, a twin runs; not, it died.
pub const NAME_PATIENCE: Duration = Duration::from_millis(5_000);

impl Service {
    /// Runs the watch through `sink` until dropped: every tick of the settings' watch (if
    /// this process keeps it), what the clock calls for (`tick`); and every
    /// [`TEND_EVERY`] (or the tick, if shorter), says this process lives for `life` (at
    /// least three ticks) and posts the messages nobody living posts (an engine worker's,
    /// or those of a process that died).
    pub async fn watch<S: Sink + 'static>(self: Arc<Self>, sink: Arc<S>, life: Duration) {
        let every = self.config.deadline_watch_every;
        let tending = async {
            let every = every.min(TEND_EVERY);
            let life = life.max(every.saturating_mul(3));
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                let (service, sink) = (Arc::clone(&self), Arc::clone(&sink));
                self.uncut(async move { service.tend(&*sink, life).await })
                    .await;
            }
        };
        let watching = async {
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                let (service, sink) = (Arc::clone(&self), Arc::clone(&sink));
                self.uncut(async move { service.look(&*sink).await }).await;
            }
        };
        tokio::join!(tending, watching);
    }

    /// Does `work` so that dropping the watch never cuts it short (a message posted and not
    /// yet marked sent would be posted again after a restart): as later work, which
    /// [`Service::settle`] waits for before the service stops.
    async fn uncut(&self, work: impl Future<Output = ()> + Send + 'static) {
        let (done, finished) = tokio::sync::oneshot::channel();
        self.later.spawn(async move {
            work.await;
            let _ = done.send(());
        });
        let _ = finished.await;
    }

    /// One look of the watch at the clock (if this process keeps the watch): what it calls
    /// for now, delivered through `sink` (`tick`).
    pub async fn look<S: Sink>(self: &Arc<Self>, sink: &S) {
        tick(self, sink).await;
    }

    /// Says this process lives for `life`, and posts through `sink` the messages nobody
    /// living posts (an engine worker's, or those of a process that died).
    pub async fn tend<S: Sink>(self: &Arc<Self>, sink: &S, life: Duration) {
        let _ = self.on_worker(move |s| s.keep_alive(life)).await;
        post_left(self, sink).await;
    }

    /// Posts through `sink` what this process owes at its start (a crash came first),
    /// before anything else: see `recover.rs`.
    pub async fn drain<S: Sink>(self: &Arc<Self>, sink: &S) {
        drain(self, sink).await;
    }

    /// Whether this process keeps the watch: of several processes on one database, one
    /// does, renewing its lease at each tick; if it dies, its lease lapses after three ticks
    /// and another process takes the watch over.
    fn holds_the_watch(&self, every: Duration) -> bool {
        self.store
            .hold_lease("watch", every.saturating_mul(3))
            .unwrap_or_else(|e| {
                super::failed::log_failed("cannot take the watch's lease", &e);
                false
            })
    }

    /// Hands the watch on, on a clean stop: another process takes it at its next tick. The
    /// engine requests this process holds go back to the queue, and the messages it still
    /// owes are posted by the next process that looks.
    pub fn give_up_the_watch(&self) {
        if let Err(e) = self.store.release_lease("watch") {
            tracing::warn!(error = %format!("{e:#}"), "cannot give the watch's lease up");
        }
        if let Err(e) = self.store.stop_holding() {
            tracing::warn!(error = %format!("{e:#}"), "cannot give this process's claims up");
        }
    }

    /// Refuses to go on, as a process starts, if another living process goes by its name
    /// (two bots with the same INSTANCE and SHARDS would share their leases and claims): its
    /// life lease renewed within `patience` ([`NAME_PATIENCE`] for a bot or a worker).
    pub fn claim_name(&self, patience: Duration) -> anyhow::Result<()> {
        if let Some(twin) = self.store.name_taken(patience)? {
            anyhow::bail!(
                "another living process runs as `{}` (up since {}, its lease renewed just now): give this one another INSTANCE (or SHARDS), or stop that one first",
                twin.holder,
                crate::text::utc(twin.since)
            );
        }
        Ok(())
    }

    /// Says that this process lives for `ttl`: what it claims (engine requests, messages to
    /// post) stays its own meanwhile. Renewed well before it lapses; if the process dies,
    /// another takes its claims over once it does.
    pub fn keep_alive(&self, ttl: Duration) {
        if let Err(e) = self.store.keep_alive(ttl) {
            super::failed::log_failed("cannot renew this process's lease", &e);
        }
    }
}
