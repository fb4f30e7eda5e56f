//! The `engine_requests` table: the engine's work as rows any process's engine pool may
//! claim. A game where the engine is to move asks for its `turn` in the transaction that
//! hands the engine the move, and the engine's turn saved answers it; `analyse` asks for a
//! finished game's `analysis`, and storing the analysis answers it. A process claims a
//! request when its search starts (so work queued in a busy process is taken by an idle one,
//! an `engine-worker` or another bot); a request whose holder died is anyone's again.

use std::fmt;

use super::Store;
use super::leases::gone;
use super::sql::{self, Conn, FromValue, ToValue, Unreadable, Value, params};
use crate::model::{ChannelId, GameId, UserId};

/// What a request asks of the engine.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RequestKind {
    /// The engine's turn in a game where it is to move.
    Turn,
    /// A finished game's analysis.
    Analysis,
}

impl RequestKind {
    fn word(self) -> &'static str {
        match self {
            RequestKind::Turn => "turn",
            RequestKind::Analysis => "analysis",
        }
    }
}

impl fmt::Display for RequestKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

impl ToValue for RequestKind {
    fn to_value(&self) -> Value {
        Value::Text(self.word().into())
    }
}

impl FromValue for RequestKind {
    fn from_value(value: Value) -> Result<RequestKind, Unreadable> {
        match String::from_value(value)?.as_str() {
            "turn" => Ok(RequestKind::Turn),
            "analysis" => Ok(RequestKind::Analysis),
            other => Err(format!("unknown kind of engine request `{other}`").into()),
        }
    }
}

/// A request claimed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineRequest {
    /// The game it is about.
    pub game: GameId,
    /// What it asks.
    pub kind: RequestKind,
    /// The engine's user, for a turn: the player it moves as.
    pub engine_user: Option<UserId>,
    /// How many times its search failed before.
    pub failures: i64,
}

/// The channels of a request, as the column keeps them: ids separated by spaces.
fn channels_of(column: &str) -> Vec<ChannelId> {
    (column.split_whitespace())
        .filter_map(|id| id.parse().ok().map(ChannelId))
        .collect()
}

fn column_of(channels: &[ChannelId]) -> String {
    let ids: Vec<String> = channels.iter().map(|c| c.0.to_string()).collect();
    ids.join(" ")
}

/// Asks for the engine's turn in `game`, where `engine` is to move now: written in the
/// transaction that hands it the move, replacing any request before.
pub(super) fn ask_turn(tx: &mut Conn, game: GameId, engine: UserId, at: i64) -> sql::Result<()> {
    tx.execute(
        "INSERT INTO engine_requests (game_id, kind, engine_user, asked_at)
         VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (game_id, kind) DO UPDATE SET engine_user = excluded.engine_user,
             asked_at = excluded.asked_at, holder = NULL, not_before = 0, failures = 0",
        params![game, RequestKind::Turn, engine, at],
    )?;
    Ok(())
}

/// Deletes the request of `kind` in `game`, answered (or no longer wanted): the channels it
/// named.
pub(super) fn answered(
    tx: &mut Conn,
    game: GameId,
    kind: RequestKind,
) -> sql::Result<Vec<ChannelId>> {
    let channels: Option<String> = tx.query_opt(
        "DELETE FROM engine_requests WHERE game_id = ?1 AND kind = ?2 RETURNING channels",
        params![game, kind],
        |row| row.get(0),
    )?;
    Ok(channels.as_deref().map(channels_of).unwrap_or_default())
}

impl Store {
    /// Asks for the engine's turn in `game`, where `engine` is to move, unless it is asked
    /// already (a game a release before this one left waiting).
    pub fn ask_engine_turn(&self, game: GameId, engine: UserId) -> anyhow::Result<()> {
        let at = self.clock.now();
        self.with(|c| {
            c.execute(
                "INSERT INTO engine_requests (game_id, kind, engine_user, asked_at)
                 VALUES (?1, ?2, ?3, ?4) ON CONFLICT (game_id, kind) DO NOTHING",
                params![game, RequestKind::Turn, engine, at],
            )?;
            Ok(())
        })
    }

    /// Asks for the analysis of `game` in `channel`: true if it is asked now, false if it
    /// was asked already (then `channel` is added to those it is posted in).
    pub fn ask_analysis(&self, game: GameId, channel: ChannelId) -> anyhow::Result<bool> {
        let at = self.clock.now();
        self.with(|c| {
            c.transaction(|tx| {
                let asked = tx.execute(
                    "INSERT INTO engine_requests (game_id, kind, channels, asked_at)
                     VALUES (?1, ?2, ?3, ?4) ON CONFLICT (game_id, kind) DO NOTHING",
                    params![game, RequestKind::Analysis, channel.0.to_string(), at],
                )?;
                if asked == 1 {
                    return Ok(true);
                }
                let column: Option<String> = tx.query_opt(
                    "SELECT channels FROM engine_requests WHERE game_id = ?1 AND kind = ?2
                     FOR UPDATE",
                    params![game, RequestKind::Analysis],
                    |row| row.get(0),
                )?;
                let mut channels = column.as_deref().map(channels_of).unwrap_or_default();
                if !channels.contains(&channel) {
                    channels.push(channel);
                    tx.execute(
                        "UPDATE engine_requests SET channels = ?3 WHERE game_id = ?1 AND kind = ?2",
                        params![game, RequestKind::Analysis, column_of(&channels)],
                    )?;
                }
                Ok(false)
            })
        })
    }

    /// Whether the request of `kind` in `game` waits or is searched.
    pub fn engine_asked(&self, game: GameId, kind: RequestKind) -> anyhow::Result<bool> {
        self.with(|c| {
            Ok(c.query_opt(
                "SELECT 1 FROM engine_requests WHERE game_id = ?1 AND kind = ?2",
                params![game, kind],
                |_| Ok(()),
            )?
            .is_some())
        })
    }

    /// Claims the request of `kind` in `game` for this process, as its search starts: false
    /// if there is none (answered already), or another living process holds it, or it
    /// failed and waits before it is tried again.
    pub fn claim_engine_request(&self, game: GameId, kind: RequestKind) -> anyhow::Result<bool> {
        let now = self.clock.now();
        self.with(|c| {
            Ok(c.execute(
                &format!(
                    "UPDATE engine_requests SET holder = ?3
                     WHERE game_id = ?1 AND kind = ?2 AND not_before <= ?4
                       AND (holder = ?3 OR {})",
                    gone("engine_requests.holder", 4)
                ),
                params![game, kind, self.holder, now],
            )? == 1)
        })
    }

    /// Claims the request asked first that nobody living holds, for this process: of
    /// several processes looking at once, each claims another (`SKIP LOCKED`).
    pub fn claim_next_engine_request(
        &self,
        kinds: &[RequestKind],
    ) -> anyhow::Result<Option<EngineRequest>> {
        let now = self.clock.now();
        // The kinds' own words, not data: nothing from outside is spliced in.
        let kinds: Vec<String> = kinds.iter().map(|k| format!("'{}'", k.word())).collect();
        let kinds = kinds.join(", ");
        self.with(|c| {
            c.transaction(|tx| {
                let next = tx.query_opt(
                    &format!(
                        "SELECT r.game_id, r.kind, r.engine_user, r.failures
                         FROM engine_requests r
                         WHERE r.kind IN ({kinds}) AND r.not_before <= ?1 AND {}
                           AND (r.holder IS NULL OR r.holder <> ?2)
                         ORDER BY r.asked_at, r.game_id LIMIT 1
                         FOR UPDATE SKIP LOCKED",
                        gone("r.holder", 1)
                    ),
                    params![now, self.holder],
                    |row| {
                        Ok(EngineRequest {
                            game: row.get(0)?,
                            kind: row.get(1)?,
                            engine_user: row.get(2)?,
                            failures: row.get(3)?,
                        })
                    },
                )?;
                if let Some(request) = &next {
                    tx.execute(
                        "UPDATE engine_requests SET holder = ?3 WHERE game_id = ?1 AND kind = ?2",
                        params![request.game, request.kind, self.holder],
                    )?;
                }
                Ok(next)
            })
        })
    }

    /// Gives the request of `kind` in `game` back after its search failed, to be tried
    /// again from `retry_at`: how many times it has failed now.
    pub fn engine_request_failed(
        &self,
        game: GameId,
        kind: RequestKind,
        retry_at: i64,
    ) -> anyhow::Result<i64> {
        self.with(|c| {
            let failures: Option<i64> = c.query_opt(
                "UPDATE engine_requests SET holder = NULL, not_before = ?3, failures = failures + 1
                 WHERE game_id = ?1 AND kind = ?2 RETURNING failures",
                params![game, kind, retry_at],
                |row| row.get(0),
            )?;
            Ok(failures.unwrap_or(1))
        })
    }

    /// Deletes the request of `kind` in `game` (its search failed for good): the channels
    /// it named.
    pub fn drop_engine_request(
        &self,
        game: GameId,
        kind: RequestKind,
    ) -> anyhow::Result<Vec<ChannelId>> {
        self.with(|c| c.transaction(|tx| Ok(answered(tx, game, kind)?)))
    }

    /// How many requests wait for a process to claim them, and how many are searched.
    pub fn engine_requests_count(&self) -> anyhow::Result<(i64, i64)> {
        self.with(|c| {
            Ok(c.query_row(
                "SELECT CAST(COALESCE(SUM(CASE WHEN holder IS NULL THEN 1 ELSE 0 END), 0) AS BIGINT),
                        CAST(COALESCE(SUM(CASE WHEN holder IS NULL THEN 0 ELSE 1 END), 0) AS BIGINT)
                 FROM engine_requests",
                params![],
                |row| Ok((row.get(0)?, row.get(1)?)),
            )?)
        })
    }
}
