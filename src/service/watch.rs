//! The watch: what the clock calls for while nobody writes. Every minute it asks the
//! service for the deadlines due (`game/time.rs` says what each calls for), the games left idle
//! too long, the tournaments' rounds whose last game ended (`tournament/rounds.rs`), the
//! engine's turns nobody else will ask for, and the daily puzzles (`learn/daily.rs`), and
//! hands each reply to the adapter. The deadlines live in the database,
//! so the watch goes on across restarts.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use gipf::{ByColor, Color};

use super::games::Games;
use super::names::mention;
use super::server::notify::direct_copies;
use super::voice::Voice;
use super::{LiveGame, Service};
use crate::model::{ChannelId, GameStatus, GuildId, UserId};
use crate::reply::Reply;
use crate::store::{Damaged, Kind, Store};
use crate::text;

/// What the deadlines and the idle games call for now, each reply for its game's channel
/// (with the direct copies for players who asked for them). Nothing is lost to an error: it
/// is logged and the next watch tries again.
pub(super) fn due(service: &Service) -> Vec<(ChannelId, Reply)> {
    let mut due = due_replies(service).unwrap_or_else(|e| {
        tracing::error!(error = %format!("{e:#}"), "cannot watch the deadlines");
        Vec::new()
    });
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
            let copies = direct_copies(store, pictures, channel, None, &reply)?;
            due.extend(std::iter::once(reply).chain(copies).map(|r| (channel, r)));
        }
    }
    Ok(due)
}

/// Ends the games nobody moved in for too long, damaged ones too, each with word to both
/// players in its channel.
fn abandon_idle_games(
    games: &Games,
    store: &Store,
    voice: &Voice,
) -> anyhow::Result<Vec<(ChannelId, Reply)>> {
    let mut ended = Vec::new();
    for (id, channel) in store.idle_games(games.abandon_days(None))? {
        let (game, players, guild) = match store.game(id) {
            Ok(Some(stored))
                if stored.status == GameStatus::Active
                    && games.abandoned(stored.guild, stored.updated_at)? =>
            {
                let Some(saved) = games.abandon(&stored, Some(Kind::Abandoned))? else {
                    continue;
                };
                (saved.spec.title(), saved.players, saved.guild)
            }
            Ok(_) => continue,
            Err(e) => match e.downcast::<Damaged>() {
                Ok(damaged)
                    if games.end_damaged(
                        &damaged,
                        GameStatus::Abandoned,
                        None,
                        Some(Kind::Abandoned),
                    )? =>
                {
                    (damaged_title(&damaged), damaged.players, damaged.guild)
                }
                Ok(_) => continue,
                Err(e) => return Err(e),
            },
        };
        ended.push((
            channel,
            abandoned_reply(store, voice, games, &game, players, guild)?,
        ));
    }
    Ok(ended)
}

/// The word to both `players` that their `game` (its title) was abandoned, with the days
/// of the server (`guild`) it took.
pub(super) fn abandoned_reply(
    store: &Store,
    voice: &Voice,
    games: &Games,
    game: &str,
    players: ByColor<UserId>,
    guild: Option<GuildId>,
) -> anyhow::Result<Reply> {
    let settings = guild.map(|g| store.guild_settings(g)).transpose()?;
    let days = games.abandon_days(settings);
    Ok(Reply::public(text![
        mention(store, voice, players[Color::White])?,
        " and ",
        mention(store, voice, players[Color::Black])?,
        format!(
            ", your {game} here was abandoned: nobody moved in it for {days} days, so it ended without a result. {} starts a new one.",
            voice.notice_phrasing().cmd("challenge @someone")
        )
    ]))
}

/// What a damaged game is called where its record cannot be read: `game 2`.
pub(super) fn damaged_title(damaged: &Damaged) -> String {
    format!("game {}", damaged.id)
}

/// Watches the clock: every `every`, asks the service (off the async workers) what the
/// deadlines, the idle games, the engine's turns nobody else will ask for (after a restart,
/// or a failed search) and the daily puzzles call for, and hands each reply, with its
/// channel, to `deliver`, which says why Discord refused it if it did: a refused daily
/// puzzle is recorded for the server's settings to tell. Runs until dropped.
pub async fn watch_clock<F, Fut>(service: Arc<Service>, every: Duration, mut deliver: F)
where
    F: FnMut(ChannelId, Reply) -> Fut,
    Fut: Future<Output = Result<(), String>>,
{
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let watching = Arc::clone(&service);
        let (due, daily) = tokio::task::spawn_blocking(move || {
            if !watching.holds_the_watch(every) {
                return (Vec::new(), Vec::new());
            }
            let mark = watching.outbox.mark();
            let mut due = watching.due();
            due.extend(watching.engine_turns());
            watching.outbox.hand_owed_each(mark, &mut due);
            (due, watching.daily_puzzles())
        })
        .await
        .unwrap_or_else(|e| {
            tracing::error!(error = %e, "the watch failed");
            (Vec::new(), Vec::new())
        });
        for (channel, reply) in due {
            // A refusal is logged where it happens; the next reminder comes all the same.
            let _ = deliver(channel, reply).await;
        }
        for (post, reply) in daily {
            if let Err(why) = deliver(post.channel, reply).await {
                let watching = Arc::clone(&service);
                let _ = tokio::task::spawn_blocking(move || {
                    watching.daily_puzzle_refused(&post, &why);
                })
                .await;
            }
        }
    }
}

/// How often, at most, a process says it lives and looks for messages nobody living posts.
pub const TEND_EVERY: Duration = Duration::from_secs(2);

/// Tends this process's place among those sharing the database, every [`TEND_EVERY`] (or
/// `every`, the watch's tick, if shorter): says it lives (for `life`, at least three
/// ticks), then posts the messages nobody living posts (an engine worker's, or those of a
/// process that died), handing each to `deliver` with its channel. Runs until dropped.
pub async fn tend<F, Fut>(service: Arc<Service>, every: Duration, life: Duration, mut deliver: F)
where
    F: FnMut(ChannelId, Reply) -> Fut,
    Fut: Future<Output = Result<(), String>>,
{
    let every = every.min(TEND_EVERY);
    let life = life.max(every.saturating_mul(3));
    let mut ticks = tokio::time::interval(every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let looking = Arc::clone(&service);
        let left = tokio::task::spawn_blocking(move || {
            looking.keep_alive(life);
            looking.left_unsent()
        })
        .await
        .unwrap_or_default();
        for (channel, reply) in left {
            // A refusal is logged where it happens; the row stays this process's.
            let _ = deliver(channel, reply).await;
        }
    }
}

impl Service {
    /// What the deadlines, the idle games and the tournaments call for now, each reply for
    /// its channel (see [`due`]).
    pub fn due(&self) -> Vec<(ChannelId, Reply)> {
        let due = due(self);
        self.settle_ends();
        due
    }

    /// The daily puzzles due now, each with its post (see `learn/daily.rs`).
    pub fn daily_puzzles(&self) -> Vec<(crate::store::DailyPost, Reply)> {
        self.daily().daily_puzzles()
    }

    /// Records why Discord refused the post of a daily puzzle, for the settings to say.
    pub fn daily_puzzle_refused(&self, post: &crate::store::DailyPost, why: &str) {
        self.daily().refused(post, why);
    }

    /// Whether this process keeps the watch: of several processes on one database, one
    /// does, renewing its lease at each tick; if it dies, its lease lapses after three ticks
    /// and another process takes the watch over.
    pub fn holds_the_watch(&self, every: Duration) -> bool {
        self.store
            .hold_lease("watch", every.saturating_mul(3))
            .unwrap_or_else(|e| {
                tracing::error!(error = %format!("{e:#}"), "cannot take the watch's lease");
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

    /// Says that this process lives for `ttl`: what it claims (engine requests, messages to
    /// post) stays its own meanwhile. Renewed well before it lapses; if the process dies,
    /// another takes its claims over once it does.
    pub fn keep_alive(&self, ttl: Duration) {
        if let Err(e) = self.store.keep_alive(ttl) {
            tracing::error!(error = %format!("{e:#}"), "cannot renew this process's lease");
        }
    }
}
