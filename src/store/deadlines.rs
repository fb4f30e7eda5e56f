//! The deadlines of games with a time per move.

use super::sql::params;

use super::Store;
use super::outbox::{Kind, owe};
use super::stored_game::{Damaged, GAME_COLUMNS, StoredGame, game_row, with_turns};
use super::vacations;
use crate::defaults::DAY;
use crate::model::{ChannelId, GameId, GameStatus, OutboxId};
use crate::move_clock::MoveClock;

/// What giving a player more time did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoreTime {
    /// His move is now due by this instant (a full time per move from now, or from his
    /// return if he is on vacation).
    Given(i64),
    /// The game's event was made with `givetime=off`.
    Forbidden,
    /// The game moved on (a turn, its end) since it was read: nothing changed.
    MovedOn,
}

impl Store {
    /// The active games whose deadline calls for a word now: a reminder (its instant, which
    /// the game's [`MoveClock`](crate::move_clock::MoveClock) set, has come) or the news that
    /// time is up.
    pub fn games_due(&self) -> anyhow::Result<Vec<StoredGame>> {
        let now = self.clock.now();
        self.with(|c| {
            c.transaction(|tx| {
            let rows: Vec<Result<StoredGame, Damaged>> = tx
                .query_map(&format!(
                    "SELECT {GAME_COLUMNS} FROM games
                     WHERE status = ?1 AND deadline IS NOT NULL AND waits_for_thread = 0
                       AND ((warned = 0 AND remind_at <= ?2) OR (warned < 2 AND deadline <= ?2))
                     ORDER BY deadline"
                ), params![GameStatus::Active, now], game_row)?;
            let mut due = Vec::new();
            for row in rows {
                match row {
                    Ok(game) => due.push(with_turns(tx, game)?),
                    // A damaged game keeps its channel's players informed when they act
                    // there; it must not stop the watch over the others.
                    Err(damaged) => {
                        tracing::warn!(error = %damaged, "a damaged game's deadline is not watched");
                    }
                }
            }
            Ok(due)
            })
        })
    }

    /// The active games nobody moved in for longer than their server allows (`default_days`
    /// where it sets nothing), with their channels, the longest idle first: a round game
    /// waiting for its thread too (in its event's channel, which is not its own).
    pub fn idle_games(&self, default_days: u64) -> anyhow::Result<Vec<(GameId, ChannelId)>> {
        let now = self.clock.now();
        let default_days = i64::try_from(default_days).unwrap_or(i64::MAX / DAY);
        self.with(|c| {
            let rows = c.query_map(
                "SELECT games.id, games.channel_id FROM games
                 LEFT JOIN guild_settings ON guild_settings.guild_id = games.guild_id
                 WHERE games.status = ?1
                   AND games.updated_at <= ?2 - COALESCE(guild_settings.abandon_days, ?3) * ?4
                 ORDER BY games.updated_at",
                params![GameStatus::Active, now, default_days, DAY],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?;
            Ok(rows)
        })
    }

    /// Records how far the warnings about a game's deadline went (not a change of the game:
    /// its version, which its buttons carry, stays), and owes the warning (`kind`) in the
    /// same transaction: the warning's row.
    pub fn mark_warned(
        &self,
        game: &StoredGame,
        warned: u8,
        kind: Kind,
    ) -> anyhow::Result<OutboxId> {
        self.with(|c| {
            c.transaction(|tx| {
                tx.execute(
                    "UPDATE games SET warned = ?2 WHERE id = ?1",
                    params![game.id, warned],
                )?;
                let at = self.clock.now();
                Ok(owe(
                    tx,
                    self.poster(),
                    game.channel,
                    kind,
                    game.id.0,
                    game.turns.len(),
                    at,
                )?)
            })
        })
    }

    /// Gives the player to move in `game` a fresh full time per move (lichess's "+" in
    /// correspondence): from now, or from his return if a vacation pauses the game; not
    /// reminded yet. Not a change of the game (its version stays, as its buttons carry it);
    /// nothing changes if it moved on or its event forbids it.
    pub fn give_time(&self, game: &StoredGame) -> anyhow::Result<MoreTime> {
        let now = self.clock.now();
        let (Some(time), Some(deadline)) = (game.time, game.deadline) else {
            return Ok(MoreTime::MovedOn);
        };
        self.with(|c| {
            c.transaction(|tx| {
                let forbidden: Option<i64> = tx.query_opt(
                    "SELECT 1 FROM tournament_games JOIN tournaments
                       ON tournaments.id = tournament_games.tournament_id
                     WHERE tournament_games.game_id = ?1 AND tournaments.givetime = 0",
                    params![game.id],
                    |r| r.get(0),
                )?;
                if forbidden.is_some() {
                    return Ok(MoreTime::Forbidden);
                }
                let back = vacations::to_move_back(tx, game.id)?;
                let clock = MoveClock::start(crate::vacation::time_starts(now, back), time);
                let changed = tx.execute(
                    "UPDATE games SET deadline = ?4, remind_at = ?5, warned = 0
                     WHERE id = ?1 AND status = ?2 AND version = ?3 AND deadline = ?6",
                    params![
                        game.id,
                        GameStatus::Active,
                        game.version,
                        clock.deadline,
                        clock.remind_at,
                        deadline
                    ],
                )?;
                Ok(match changed {
                    0 => MoreTime::MovedOn,
                    _ => MoreTime::Given(clock.deadline),
                })
            })
        })
    }
}
