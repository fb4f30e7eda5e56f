//! The `analyses`, `analysis_turns` and `analysis_comments` tables: what `!analyse` found in
//! a game, kept whole to be shown again at once, and its comments by turn for `!browse`,
//! across restarts.

use gipf::Color;
use gipf_ai::analyse::Mistake;
use rusqlite::{OptionalExtension, Transaction, TransactionBehavior, params};

use super::{Store, outbox};
use crate::model::{ChannelId, GameId, OutboxId};

/// A colour as the `color` column writes it.
fn color_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

impl Store {
    /// Keeps the whole analysis of `game`: its costly turns, worst first (none: nothing cost
    /// anything), and their comments for `!browse`, by turn (numbered from 1); with its
    /// messages (its heading and each costly turn) owed to each of `channels`: each
    /// channel's outbox rows, in the messages' order.
    pub fn set_analysis(
        &self,
        game: GameId,
        mistakes: &[Mistake],
        comments: &[(u32, String)],
        channels: &[ChannelId],
    ) -> anyhow::Result<Vec<Vec<OutboxId>>> {
        let at = self.clock.now();
        self.with(|c| {
            let t = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            t.prepare_cached("DELETE FROM analysis_turns WHERE game_id = ?1")?
                .execute(params![game])?;
            t.prepare_cached("INSERT OR REPLACE INTO analyses (game_id) VALUES (?1)")?
                .execute(params![game])?;
            for (rank, m) in (1_i64..).zip(mistakes) {
                t.prepare_cached(
                    "INSERT INTO analysis_turns (game_id, rank, turn_index, color, played,
                         played_score, better, better_score, reason)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                )?
                .execute(params![
                    game,
                    rank,
                    m.index as i64,
                    color_name(m.color),
                    m.played,
                    m.played_score,
                    m.better,
                    m.better_score,
                    m.reason
                ])?;
            }
            write_comments(&t, game, comments)?;
            let owed = outbox::owe_analysis(&t, channels, game, 1 + mistakes.len(), at)?;
            t.commit()?;
            Ok(owed)
        })
    }

    /// The analysis of `game` kept by [`Store::set_analysis`], worst turn first, if it was
    /// analysed.
    pub fn analysis(&self, game: GameId) -> anyhow::Result<Option<Vec<Mistake>>> {
        self.with(|c| {
            let analysed = c
                .prepare_cached("SELECT 1 FROM analyses WHERE game_id = ?1")?
                .query_row(params![game], |_| Ok(()))
                .optional()?;
            if analysed.is_none() {
                return Ok(None);
            }
            let mut turns = c.prepare_cached(
                "SELECT turn_index, color, played, played_score, better, better_score, reason
                 FROM analysis_turns WHERE game_id = ?1 ORDER BY rank",
            )?;
            let mistakes = turns
                .query_map(params![game], |r| {
                    let color: String = r.get(1)?;
                    let (played_score, better_score) = (r.get(3)?, r.get(5)?);
                    Ok(Mistake {
                        index: r.get::<_, i64>(0)? as usize,
                        // The column allows only these two words.
                        color: if color == "black" {
                            Color::Black
                        } else {
                            Color::White
                        },
                        played: r.get(2)?,
                        played_score,
                        better: r.get(4)?,
                        better_score,
                        loss: better_score - played_score,
                        reason: r.get(6)?,
                    })
                })?
                .collect::<rusqlite::Result<Vec<Mistake>>>()?;
            Ok(Some(mistakes))
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

/// Replaces the comments of `game`'s analysis, within `t`.
fn write_comments(
    t: &Transaction<'_>,
    game: GameId,
    comments: &[(u32, String)],
) -> anyhow::Result<()> {
    t.prepare_cached("DELETE FROM analysis_comments WHERE game_id = ?1")?
        .execute(params![game])?;
    for (turn, comment) in comments {
        t.prepare_cached(
            "INSERT INTO analysis_comments (game_id, turn, comment) VALUES (?1, ?2, ?3)",
        )?
        .execute(params![game, turn, comment])?;
    }
    Ok(())
}
