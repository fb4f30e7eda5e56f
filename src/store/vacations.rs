//! The `vacations` table: each member's budget of time away ([`Budget`]) and the vacation
//! that runs. A vacation moves the deadlines of the games it pauses where he is to move on
//! by its length as it starts, and a turn his opponent plays meanwhile starts his time at
//! his return; ended early (by his first turn, or `vacation off`), those deadlines come
//! back by what was left of it. So a deadline stored is always the true one, and the watch,
//! `claim` and every "move by" read it as they always did. Each start and end owes its game
//! channels one notice, in the same transaction.

use super::Store;
use super::outbox::{Kind, owe};
use super::sql::{self, Conn, params};
use crate::model::{GameId, GameStatus, UserId};
use crate::vacation::Budget;

/// The player to move in `games` (turns alternate, White first).
const TO_MOVE: &str = "CASE WHEN (SELECT COUNT(*) FROM turns WHERE turns.game_id = games.id) % 2 = 0 \
     THEN games.white ELSE games.black END";

/// A member's vacation budget, and the vacation that runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vacation {
    /// What is left to spend (seconds), the running vacation not yet spent.
    pub left: i64,
    /// The vacation that runs, if one does.
    pub away: Option<Away>,
}

/// A vacation that runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Away {
    /// When it started.
    pub since: i64,
    /// When it ends by itself.
    pub back: i64,
}

/// Why a vacation does not start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoVacation {
    /// One runs already.
    Running(Away),
    /// It is longer than the budget left (seconds).
    TooLong {
        /// What is left.
        left: i64,
    },
}

/// A vacation that started, or ended: how many games it pauses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Paused {
    /// The vacation.
    pub away: Away,
    /// The active games it pauses.
    pub games: usize,
}

impl Store {
    /// `user`'s budget and running vacation.
    pub fn vacation(&self, user: UserId) -> anyhow::Result<Vacation> {
        let now = self.clock.now();
        self.with(|c| Ok(read(c, user, now)?))
    }

    /// Starts a vacation for `user` until `back`: the deadlines of his games it pauses where
    /// he is to move (and whose time is not up) move on by its length; each of those games'
    /// channels is owed the notice. Refused if one runs or the budget is short.
    pub fn start_vacation(
        &self,
        user: UserId,
        back: i64,
    ) -> anyhow::Result<Result<Paused, NoVacation>> {
        let now = self.clock.now();
        self.with(|c| {
            c.transaction(|tx| {
                let vacation = read(tx, user, now)?;
                if let Some(away) = vacation.away {
                    return Ok(Err(NoVacation::Running(away)));
                }
                if back - now > vacation.left {
                    return Ok(Err(NoVacation::TooLong {
                        left: vacation.left,
                    }));
                }
                tx.execute(
                    "INSERT INTO vacations (user_id, budget, accrued, started_at, back_at)
                     VALUES (?1, ?2, ?3, ?4, ?5)
                     ON CONFLICT (user_id) DO UPDATE SET budget = excluded.budget,
                        accrued = excluded.accrued, started_at = excluded.started_at,
                        back_at = excluded.back_at",
                    params![user, vacation.left, Budget::month(now), now, back],
                )?;
                shift(tx, user, back - now, back, now)?;
                let games = owe_notices(tx, user, Kind::Away, now)?;
                let away = Away { since: now, back };
                Ok(Ok(Paused { away, games }))
            })
        })
    }

    /// Ends `user`'s vacation now (`vacation off`): what it left, if one ran.
    pub fn end_vacation(&self, user: UserId) -> anyhow::Result<Option<Paused>> {
        let now = self.clock.now();
        self.with(|c| c.transaction(|tx| Ok(end_in(tx, user, now)?)))
    }

    /// Ends every vacation whose time is over, each at its end: the members back.
    pub fn vacations_over(&self) -> anyhow::Result<Vec<UserId>> {
        let now = self.clock.now();
        self.with(|c| {
            c.transaction(|tx| {
                let over: Vec<(UserId, i64)> = tx.query_map(
                    "SELECT user_id, back_at FROM vacations WHERE back_at <= ?1 ORDER BY back_at",
                    params![now],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )?;
                for &(user, back) in &over {
                    end_in(tx, user, back)?;
                }
                Ok(over.into_iter().map(|(user, _)| user).collect())
            })
        })
    }
}

impl Store {
    /// How many of `user`'s active games a vacation does not pause (rounds of events made
    /// with `vacation=off`).
    pub fn games_keeping_clocks(&self, user: UserId) -> anyhow::Result<usize> {
        self.with(|c| {
            let kept: i64 = c.query_row(
                &format!(
                    "SELECT COUNT(*) FROM games WHERE status = ?2 AND (white = ?1 OR black = ?1)
                       AND NOT {}",
                    pauses!()
                ),
                params![user, GameStatus::Active],
                |r| r.get(0),
            )?;
            Ok(usize::try_from(kept).unwrap_or(0))
        })
    }
}

/// `user`'s vacation row as of `now` (a member never seen starts with [`Budget::START`]).
fn read(c: &mut Conn, user: UserId, now: i64) -> sql::Result<Vacation> {
    let row: Option<(i64, i64, Option<i64>, Option<i64>)> = c.query_opt(
        "SELECT budget, accrued, started_at, back_at FROM vacations WHERE user_id = ?1",
        params![user],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
    )?;
    let Some((budget, accrued, since, back)) = row else {
        return Ok(Vacation {
            left: Budget::START,
            away: None,
        });
    };
    let away = since.zip(back).map(|(since, back)| Away { since, back });
    Ok(Vacation {
        left: Budget::at(budget, accrued, now),
        away,
    })
}

/// Ends `user`'s running vacation `at` (inside a transaction): it spends what it lasted
/// (at least a day), the deadlines it moved come back by what was left of it, and each
/// game's channel is owed the news. `None` if none ran.
pub(super) fn end_in(tx: &mut Conn, user: UserId, at: i64) -> sql::Result<Option<Paused>> {
    let vacation = read(tx, user, at)?;
    let Some(away) = vacation.away else {
        return Ok(None);
    };
    let left = (vacation.left - Budget::spent(away.since, at)).max(0);
    tx.execute(
        "UPDATE vacations SET budget = ?2, accrued = ?3, started_at = NULL, back_at = NULL
         WHERE user_id = ?1",
        params![user, left, Budget::month(at)],
    )?;
    shift(tx, user, at - away.back, at, at)?;
    let games = owe_notices(tx, user, Kind::Back, at)?;
    Ok(Some(Paused { away, games }))
}

/// Moves the deadlines of `user`'s paused games where he is to move, whose time was not up
/// `now`, by `by`; their reminders come no earlier than `floor`.
fn shift(tx: &mut Conn, user: UserId, by: i64, floor: i64, now: i64) -> sql::Result<usize> {
    tx.execute(
        &format!(
            "UPDATE games SET deadline = deadline + ?2,
                remind_at = CASE WHEN remind_at + ?2 < ?3 THEN ?3 ELSE remind_at + ?2 END
             WHERE status = ?4 AND deadline IS NOT NULL AND deadline > ?5
               AND waits_for_thread = 0 AND {TO_MOVE} = ?1 AND {}",
            pauses!()
        ),
        params![user, by, floor, GameStatus::Active, now],
    )
}

/// Owes the notice `kind` to the channel of each of `user`'s active games the vacation
/// pauses (not against the engine, which waits for nobody), the row's `ply` his colour
/// (0 White, 1 Black); held by no process, so whichever looks first posts it. How many.
fn owe_notices(tx: &mut Conn, user: UserId, kind: Kind, at: i64) -> sql::Result<usize> {
    let games: Vec<(GameId, crate::model::ChannelId, bool)> = tx.query_map(
        &format!(
            "SELECT id, channel_id, black = ?1 FROM games
             WHERE status = ?2 AND (white = ?1 OR black = ?1) AND engine_level IS NULL
               AND waits_for_thread = 0 AND {} ORDER BY id",
            pauses!()
        ),
        params![user, GameStatus::Active],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )?;
    for &(game, channel, black) in &games {
        owe(tx, None, channel, kind, game.0, usize::from(black), at)?;
    }
    Ok(games.len())
}

/// When `user` comes back from a vacation that pauses `game`, if one runs: his time there
/// starts no earlier.
pub(super) fn back_in(tx: &mut Conn, game: GameId, user: UserId) -> sql::Result<Option<i64>> {
    let back: Option<Option<i64>> = tx.query_opt(
        &format!(
            "SELECT back_at FROM vacations, games WHERE vacations.user_id = ?2
               AND games.id = ?1 AND {}",
            pauses!()
        ),
        params![game, user],
        |r| r.get(0),
    )?;
    Ok(back.flatten())
}

/// When the player to move in `game` comes back from a vacation that pauses it, if one
/// runs.
pub(super) fn to_move_back(tx: &mut Conn, game: GameId) -> sql::Result<Option<i64>> {
    let back: Option<Option<i64>> = tx.query_opt(
        &format!(
            "SELECT back_at FROM vacations, games WHERE games.id = ?1
               AND vacations.user_id = {TO_MOVE} AND {}",
            pauses!()
        ),
        params![game],
        |r| r.get(0),
    )?;
    Ok(back.flatten())
}

/// When `user` comes back from a running vacation, if one runs (for a game just made).
pub(super) fn back_of(tx: &mut Conn, user: UserId) -> sql::Result<Option<i64>> {
    let back: Option<Option<i64>> = tx.query_opt(
        "SELECT back_at FROM vacations WHERE user_id = ?1",
        params![user],
        |r| r.get(0),
    )?;
    Ok(back.flatten())
}
