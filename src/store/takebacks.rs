//! Takebacks, in the `games` table: a request to undo the last turn, stored with the
//! version of the game it was asked at (so any move lets it lapse), and the undoing itself,
//! which drops turns and the turn in progress in one transaction.

use super::engine_requests::{self, RequestKind};
use super::sql::params;
use gipf::Color;

use super::Store;
use super::stored_game::StoredGame;
use crate::model::{GameStatus, Partial};
use crate::move_clock::MoveClock;

impl Store {
    /// Records `by`'s request to take back in `game` as it was read: false (writing nothing)
    /// if the game moved on or a request already stands in this position.
    pub fn ask_takeback(&self, game: &StoredGame, by: Color) -> anyhow::Result<bool> {
        self.with(|c| {
            // No second request while one stands, nor the same player's again once declined.
            let asked = c.execute(
                "UPDATE games SET takeback_by = ?3, takeback_version = version,
                            takeback_declined = 0
                     WHERE id = ?1 AND version = ?2 AND status = ?4
                           AND (takeback_version IS DISTINCT FROM version
                                OR (takeback_declined = 1 AND takeback_by <> ?3))",
                params![game.id, game.version, by.name(), GameStatus::Active],
            )?;
            Ok(asked == 1)
        })
    }

    /// Declines the request of `by` standing in `game` as it was read: false (writing
    /// nothing) if there is none to decline.
    pub fn decline_takeback(&self, game: &StoredGame, by: Color) -> anyhow::Result<bool> {
        self.with(|c| {
            let declined = c.execute(
                "UPDATE games SET takeback_declined = 1
                     WHERE id = ?1 AND version = ?2 AND takeback_version = version
                           AND takeback_by = ?3 AND takeback_declined = 0",
                params![game.id, game.version, by.name()],
            )?;
            Ok(declined == 1)
        })
    }

    /// Undoes the end of `game` as it was read, all or nothing: keeps its first `keep`
    /// turns, drops the turn in progress and any request, and gives the player to move then
    /// a whole time per move. With `asked_by`, only while that colour's request stands
    /// undeclined. Returns the game as saved, or `None` (having written nothing) if it moved
    /// on meanwhile.
    pub fn take_back(
        &self,
        game: &StoredGame,
        keep: usize,
        asked_by: Option<Color>,
    ) -> anyhow::Result<Option<StoredGame>> {
        let partial = serde_json::to_string(&Partial::default())?;
        let kept = i64::try_from(keep)?;
        self.with(|c| {
            c.transaction(|tx| {
                let at = self.clock.now();
                // The player to move after it: his time starts now, or at his return.
                let next = if keep.is_multiple_of(2) { Color::White } else { Color::Black };
                let back = super::vacations::back_in(tx, game.id, game.players[next])?;
                let starts = crate::vacation::time_starts(at, back);
                let clocked = game.clone().clock_started(MoveClock::of(starts, game.time));
                let updated = tx.execute(
                    "UPDATE games SET version = version + 1, partial = ?3, updated_at = ?4,
                        deadline = ?5, remind_at = ?8, warned = 0, takeback_by = NULL,
                        takeback_version = NULL, takeback_declined = 0
                 WHERE id = ?1 AND version = ?2 AND status = ?6
                       AND (CAST(?7 AS TEXT) IS NULL OR (takeback_by = ?7 AND takeback_version = version
                                           AND takeback_declined = 0))",
                    params![
                        game.id,
                        game.version,
                        partial,
                        at,
                        clocked.deadline,
                        GameStatus::Active,
                        asked_by.map(Color::name),
                        clocked.remind_at
                    ],
                )?;
                if updated == 0 {
                    return Ok(None);
                }
                tx.execute(
                    "DELETE FROM turns WHERE game_id = ?1 AND ply > ?2",
                    params![game.id, kept],
                )?;
                // Against the engine, a takeback gives the move back to the person.
                engine_requests::answered(tx, game.id, RequestKind::Turn)?;
                let mut saved = clocked;
                saved.version += 1;
                saved.partial = Partial::default();
                saved.updated_at = at;
                saved.takeback = None;
                saved.turns.truncate(keep);
                saved.dots.truncate(keep);
                Ok(Some(saved))
            })
        })
    }
}
