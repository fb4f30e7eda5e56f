//! The `analyses`, `analysis_turns` and `analysis_comments` tables: what `!analyse` found in
//! a game, kept whole to be shown again at once, and its comments by turn for `!browse`,
//! across restarts.

use gipf::Color;
use gipf_ai::analyse::Mistake;

use super::engine_requests::{self, RequestKind};
use super::sql::{Conn, params};
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
    /// anything), and their comments for `!browse`, by turn (numbered from 1), answering its
    /// request: its messages (its heading and each costly turn) are owed to each channel the
    /// request named, in the same transaction. Each channel, with its outbox rows in the
    /// messages' order.
    pub fn set_analysis(
        &self,
        game: GameId,
        mistakes: &[Mistake],
        comments: &[(u32, String)],
    ) -> anyhow::Result<Vec<(ChannelId, Vec<OutboxId>)>> {
        let at = self.clock.now();
        self.with(|c| {
            c.transaction(|t| {
                write_analysis(t, game, mistakes, comments)?;
                let channels = engine_requests::answered(t, game, RequestKind::Analysis)?;
                let owed = outbox::owe_analysis(
                    t,
                    self.poster(),
                    &channels,
                    game,
                    1 + mistakes.len(),
                    at,
                )?;
                Ok(channels.into_iter().zip(owed).collect())
            })
        })
    }

    /// The analysis of `game` kept by [`Store::set_analysis`], worst turn first, if it was
    /// analysed.
    pub fn analysis(&self, game: GameId) -> anyhow::Result<Option<Vec<Mistake>>> {
        self.with(|c| {
            let analysed = c.query_opt(
                "SELECT 1 FROM analyses WHERE game_id = ?1",
                params![game],
                |_| Ok(()),
            )?;
            if analysed.is_none() {
                return Ok(None);
            }
            let mistakes = c.query_map(
                "SELECT turn_index, color, played, played_score, better, better_score, reason
                 FROM analysis_turns WHERE game_id = ?1 ORDER BY rank",
                params![game],
                |r| {
                    let color: String = r.get(1)?;
                    let (played_score, better_score) = (r.get(3)?, r.get(5)?);
                    Ok(Mistake {
                        index: r.get::<i64>(0)? as usize,
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
                },
            )?;
            Ok(Some(mistakes))
        })
    }

    /// What the analysis of `game` said of its turn `turn` (from 1), if anything.
    pub fn analysis_comment(&self, game: GameId, turn: u32) -> anyhow::Result<Option<String>> {
        self.with(|c| {
            Ok(c.query_opt(
                "SELECT comment FROM analysis_comments WHERE game_id = ?1 AND turn = ?2",
                params![game, turn],
                |r| r.get(0),
            )?)
        })
    }
}

/// Writes the analysis of `game` in place of any before, within the transaction `t`.
fn write_analysis(
    t: &mut Conn,
    game: GameId,
    mistakes: &[Mistake],
    comments: &[(u32, String)],
) -> anyhow::Result<()> {
    t.execute(
        "DELETE FROM analysis_turns WHERE game_id = ?1",
        params![game],
    )?;
    t.execute(
        "INSERT INTO analyses (game_id) VALUES (?1) ON CONFLICT (game_id) DO NOTHING",
        params![game],
    )?;
    for (rank, m) in (1_i64..).zip(mistakes) {
        t.execute(
            "INSERT INTO analysis_turns (game_id, rank, turn_index, color, played,
                 played_score, better, better_score, reason)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![
                game,
                rank,
                m.index as i64,
                color_name(m.color),
                m.played,
                m.played_score,
                m.better,
                m.better_score,
                m.reason
            ],
        )?;
    }
    write_comments(t, game, comments)
}

/// Replaces the comments of `game`'s analysis, within `t`.
fn write_comments(t: &mut Conn, game: GameId, comments: &[(u32, String)]) -> anyhow::Result<()> {
    t.execute(
        "DELETE FROM analysis_comments WHERE game_id = ?1",
        params![game],
    )?;
    for (turn, comment) in comments {
        t.execute(
            "INSERT INTO analysis_comments (game_id, turn, comment) VALUES (?1, ?2, ?3)",
            params![game, turn, comment],
        )?;
    }
    Ok(())
}
