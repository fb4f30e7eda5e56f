//! Time per move: the loss on time (which `claim`, in `game.rs`, asks for), and the watch
//! over the deadlines (a reminder when a quarter of the time is left, at most a day; then the
//! news that time is up, or the end of the game when the challenge said `autoforfeit`). The
//! deadlines live in the database, so the watch goes on across restarts. The same watch
//! posts the daily puzzles (`daily.rs`).

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use gipf::Color;

use super::{LiveGame, Service};
use crate::model::{ChannelId, GameStatus, TimeControl};
use crate::reply::Reply;
use crate::store::{Damaged, Progress, StoredGame};
use crate::text;
use crate::text::{Span, Text};

/// `, 3 days per move` (and `, lost when time runs out`), for a challenge.
pub(super) fn describe(time: Option<TimeControl>) -> String {
    match time {
        Some(TimeControl {
            days,
            autoforfeit: true,
        }) => format!(", {days} days per move, lost when time runs out"),
        Some(TimeControl { days, .. }) => format!(", {days} days per move"),
        None => String::new(),
    }
}

/// ` Move by <deadline>.`, for a game with a time per move that is still on.
pub(super) fn due_by(game: &StoredGame) -> Text {
    match game.deadline {
        Some(deadline) if game.status == GameStatus::Active => {
            text![" Move by ", Span::Time(deadline), "."]
        }
        _ => Text::new(),
    }
}

/// The line the picture shows under the state of play: the deadline of the move, or a loss
/// on time (which the rules know as no more than a resignation).
pub(super) fn picture_note(game: &LiveGame) -> Option<String> {
    match (game.stored.forfeited, game.stored.deadline) {
        (Some(loser), _) => Some(format!("{} ran out of time", colour_word(loser))),
        (None, Some(deadline)) if game.stored.status == GameStatus::Active => {
            Some(format!("Move by {}", text::utc(deadline)))
        }
        _ => None,
    }
}

fn colour_word(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl Service {
    /// Ends `game` with a loss on time for `loser`; `None` if the game moved on meanwhile.
    pub(super) fn forfeit(&self, game: &LiveGame, loser: Color) -> anyhow::Result<Option<Reply>> {
        let progress = Progress {
            turns: Vec::new(),
            partial: game.stored.partial.clone(),
            status: GameStatus::Won(!loser),
            resigned: None,
            ended_by: None,
            forfeited: Some(loser),
        };
        let Some(stored) = self.save(&game.stored, progress)? else {
            return Ok(None);
        };
        let mut after = LiveGame {
            stored,
            game: game.game.clone(),
            last_turn: game.last_turn.clone(),
        };
        let _ = after.resign(loser);
        let plies = after.plies();
        // Both are told: the loser may not be watching the channel.
        let text = text![
            self.mention_player(game, loser),
            format!(" ({loser}) ran out of time. "),
            self.mention_player(game, !loser),
            format!(", you win the game on time ({plies} plies). Well played!")
        ];
        Ok(Some(Reply {
            board: Some(self.picture(&after, None)?),
            buttons: vec![super::prompt::rematch_button(&after)],
            ..Reply::public(text)
        }))
    }

    /// What the deadlines and the idle games call for now, each reply for its game's channel
    /// (with the direct copies for players who asked for them). Nothing is lost to an error: it is logged and
    /// the next watch tries again.
    pub fn due(&self) -> Vec<(ChannelId, Reply)> {
        match self.due_replies() {
            Ok(replies) => replies,
            Err(e) => {
                tracing::error!(error = %format!("{e:#}"), "cannot watch the deadlines");
                Vec::new()
            }
        }
    }

    fn due_replies(&self) -> anyhow::Result<Vec<(ChannelId, Reply)>> {
        let mut due = self.abandon_idle_games()?;
        for stored in self.store.games_due()? {
            let channel = stored.channel;
            let reply = match LiveGame::load(stored) {
                Ok(game) => self.deadline_reply(&game)?,
                Err(e) => {
                    tracing::error!(error = %format!("{e:#}"), channel = channel.0, "a game does not load");
                    continue;
                }
            };
            if let Some(reply) = reply {
                let copies = self.direct_copies(channel, None, &reply)?;
                due.extend(std::iter::once(reply).chain(copies).map(|r| (channel, r)));
            }
        }
        Ok(due)
    }

    /// Ends the games nobody moved in for too long, damaged ones too, each with word to both
    /// players in its channel.
    fn abandon_idle_games(&self) -> anyhow::Result<Vec<(ChannelId, Reply)>> {
        let mut ended = Vec::new();
        for channel in self.store.idle_game_channels(self.abandon_days(None))? {
            let (game, players, guild) = match self.store.game_in(channel, false) {
                Ok(Some(stored)) if self.abandoned(stored.guild, stored.updated_at)? => {
                    let Some(saved) = self.abandon(&stored)? else {
                        continue;
                    };
                    (saved.spec.title(), saved.players, saved.guild)
                }
                Ok(_) => continue,
                Err(e) => match e.downcast::<Damaged>() {
                    Ok(damaged)
                        if self
                            .store
                            .end_damaged(&damaged, GameStatus::Abandoned, None)? =>
                    {
                        (
                            format!("game {}", damaged.id),
                            damaged.players,
                            damaged.guild,
                        )
                    }
                    Ok(_) => continue,
                    Err(e) => return Err(e),
                },
            };
            let settings = guild.map(|g| self.store.guild_settings(g)).transpose()?;
            let days = self.abandon_days(settings);
            let reply = Reply::public(text![
                self.mention(players[Color::White])?,
                " and ",
                self.mention(players[Color::Black])?,
                format!(
                    ", your {game} here was abandoned: nobody moved in it for {days} days, so it ended without a result. {} starts a new one.",
                    self.notice_phrasing().cmd("challenge @someone")
                )
            ]);
            ended.push((channel, reply));
        }
        Ok(ended)
    }

    /// The reminder, the news that time is up, or the end of the game on time.
    fn deadline_reply(&self, game: &LiveGame) -> anyhow::Result<Option<Reply>> {
        let (Some(time), Some(deadline)) = (game.stored.time, game.stored.deadline) else {
            return Ok(None);
        };
        let to_move = game.to_move();
        let player = game.player(to_move);
        if self.config.clock.now() < deadline {
            self.store.mark_warned(game.stored.id, 1)?;
            return Ok(Some(Reply::public(text![
                self.mention(player)?,
                format!(", a reminder: your move ({to_move}) in this game is due by "),
                Span::Time(deadline),
                format!(" ({} days per move).", time.days)
            ])));
        }
        if time.autoforfeit {
            return self.forfeit(game, to_move);
        }
        self.store.mark_warned(game.stored.id, 2)?;
        Ok(Some(Reply::public(text![
            self.name(player)?,
            format!(" ({to_move}) is out of time. "),
            self.mention_player(game, !to_move),
            format!(
                ", you may claim the win with {}, or play on.",
                self.notice_phrasing().cmd("claim")
            )
        ])))
    }
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
            let mut due = watching.due();
            due.extend(watching.engine_turns());
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
