//! The outbox: the announcements the bot owes, written in the transaction of the turn they
//! announce and marked sent once posted, so that a restart posts what a crash left unsaid.

use rusqlite::{Connection, params};

use super::Store;
use crate::model::{ChannelId, GameId, OutboxId};

/// An announcement owed: a game's turns up to `ply`, in `channel`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Owed {
    /// The row.
    pub id: OutboxId,
    /// Where it is posted.
    pub channel: ChannelId,
    /// The game it announces.
    pub game: GameId,
    /// How many turns the game had stored when it was written.
    pub ply: i64,
}

/// Writes that the turns of `game` up to `ply` are owed to `channel`: called inside the
/// transaction that stores them.
pub(super) fn owe(
    tx: &Connection,
    game: GameId,
    channel: ChannelId,
    ply: usize,
    at: i64,
) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "INSERT INTO outbox (channel_id, game_id, ply, created_at) VALUES (?1, ?2, ?3, ?4)",
    )?
    .execute(params![channel, game, ply as i64, at])?;
    Ok(())
}

impl Store {
    /// The last row written so far: the rows a command writes come after it.
    pub fn outbox_mark(&self) -> anyhow::Result<OutboxId> {
        self.with(|c| {
            let last: i64 = c
                .prepare_cached("SELECT COALESCE(MAX(id), 0) FROM outbox")?
                .query_row([], |row| row.get(0))?;
            Ok(OutboxId(last))
        })
    }

    /// The unsent rows of `channel` written after `mark`, oldest first.
    pub fn owed_since(&self, channel: ChannelId, mark: OutboxId) -> anyhow::Result<Vec<OutboxId>> {
        self.with(|c| {
            let ids = c
                .prepare_cached(
                    "SELECT id FROM outbox WHERE channel_id = ?1 AND id > ?2 AND sent_at IS NULL
                     ORDER BY id",
                )?
                .query_map(params![channel, mark], |row| row.get(0))?
                .collect::<Result<_, _>>()?;
            Ok(ids)
        })
    }

    /// Every unsent row, in the order they were written (so in order per channel).
    pub fn unsent(&self) -> anyhow::Result<Vec<Owed>> {
        self.with(|c| {
            let owed = c
                .prepare_cached(
                    "SELECT id, channel_id, game_id, ply FROM outbox WHERE sent_at IS NULL
                     ORDER BY id",
                )?
                .query_map([], |row| {
                    Ok(Owed {
                        id: row.get(0)?,
                        channel: row.get(1)?,
                        game: row.get(2)?,
                        ply: row.get(3)?,
                    })
                })?
                .collect::<Result<_, _>>()?;
            Ok(owed)
        })
    }

    /// Marks `ids` sent: they are posted.
    pub fn mark_sent(&self, ids: &[OutboxId]) -> anyhow::Result<()> {
        if ids.is_empty() {
            return Ok(());
        }
        let at = self.clock.now();
        self.with(|c| {
            let tx = c.transaction()?;
            {
                let mut mark = tx.prepare_cached(
                    "UPDATE outbox SET sent_at = ?1 WHERE id = ?2 AND sent_at IS NULL",
                )?;
                for id in ids {
                    mark.execute(params![at, id])?;
                }
            }
            tx.commit()?;
            Ok(())
        })
    }
}
