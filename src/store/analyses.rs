//! The `analysis_comments` table: what `!analyse` said of a game's costly turns, kept for
//! `!browse` across restarts.

use rusqlite::{OptionalExtension, TransactionBehavior, params};

use super::Store;
use crate::model::GameId;

impl Store {
    /// Replaces what the analysis of `game` said: a comment by turn (numbered from 1).
    pub fn set_analysis_comments(
        &self,
        game: GameId,
        comments: &[(u32, String)],
    ) -> anyhow::Result<()> {
        self.with(|c| {
            let t = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            t.prepare_cached("DELETE FROM analysis_comments WHERE game_id = ?1")?
                .execute(params![game])?;
            for (turn, comment) in comments {
                t.prepare_cached(
                    "INSERT INTO analysis_comments (game_id, turn, comment) VALUES (?1, ?2, ?3)",
                )?
                .execute(params![game, turn, comment])?;
            }
            t.commit()?;
            Ok(())
        })
    }

    /// What the analysis of `game` said of its turn `turn` (from 1), if anything.
    pub fn analysis_comment(&self, game: GameId, turn: u32) -> anyhow::Result<Option<String>> {
        self.with(|c| {
            Ok(c.prepare_cached(
                "SELECT comment FROM analysis_comments WHERE game_id = ?1 AND turn = ?2",
            )?
            .query_row(params![game, turn], |r| r.get(0))
            .optional()?)
        })
    }
}
