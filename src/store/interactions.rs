//! The interactions taken and not answered yet: a slash command or a click is remembered
//! before it is deferred and forgotten once answered, so that the answer a crash lost is
//! given after the restart.

use super::sql::params;

use super::Store;
use crate::model::{ChannelId, OutboxId};

/// An interaction the bot took and never answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unanswered {
    /// The row.
    pub id: i64,
    /// Its token, which answers it while it lives.
    pub token: String,
    /// Where it was asked.
    pub channel: ChannelId,
    /// The outbox's last row when it was taken: the rows its command wrote come after.
    pub mark: OutboxId,
    /// When it was taken (Unix seconds).
    pub at: i64,
}

impl Store {
    /// Remembers an interaction taken in `channel` with `token`: the row.
    pub fn remember_interaction(&self, token: &str, channel: ChannelId) -> anyhow::Result<i64> {
        let at = self.clock.now();
        self.with(|c| {
            Ok(c.query_row(
                "INSERT INTO interactions_unanswered (token, channel_id, outbox_mark, created_at)
                 VALUES (?1, ?2, (SELECT COALESCE(MAX(id), 0) FROM outbox), ?3)
                 RETURNING id",
                params![token, channel, at],
                |r| r.get(0),
            )?)
        })
    }

    /// Forgets interaction `id`: it is answered.
    pub fn forget_interaction(&self, id: i64) -> anyhow::Result<()> {
        self.with(|c| {
            c.execute(
                "DELETE FROM interactions_unanswered WHERE id = ?1",
                params![id],
            )?;
            Ok(())
        })
    }

    /// The interactions never answered, oldest first.
    pub fn unanswered(&self) -> anyhow::Result<Vec<Unanswered>> {
        self.with(|c| {
            let rows = c.query_map(
                "SELECT id, token, channel_id, outbox_mark, created_at
                     FROM interactions_unanswered ORDER BY id",
                params![],
                |row| {
                    Ok(Unanswered {
                        id: row.get(0)?,
                        token: row.get(1)?,
                        channel: row.get(2)?,
                        mark: row.get(3)?,
                        at: row.get(4)?,
                    })
                },
            )?;
            Ok(rows)
        })
    }
}
