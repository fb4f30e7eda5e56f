//! Game records: one turn per line in the official notation, blank lines and `#` comments
//! ignored. Replaying one checks every turn and every ` (n)`.

use std::collections::BTreeMap;
use std::fmt;

use gipf::notation::{ParseTurnError, TurnNotation};
use gipf::{Color, Pending, Point, Position, Turn, Variant};
use serde::Serialize;

/// A record played through: the position after each turn and the turns themselves.
#[derive(Clone, Debug)]
pub struct Replay {
    /// `positions[0]` is the start; `positions[n]` follows `turns[n - 1]`.
    pub positions: Vec<Position>,
    /// Every completed turn, in order.
    pub turns: Vec<Turn>,
}

impl Replay {
    /// The position after the last turn.
    pub fn last(&self) -> &Position {
        // `positions` always holds at least the start position.
        &self.positions[self.positions.len() - 1]
    }
}

/// Where and why a record is illegal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// Line number, from 1.
    pub line: usize,
    /// The turn as written on that line.
    pub turn: String,
    /// Why it is refused.
    pub reason: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: `{}`: {}", self.line, self.turn, self.reason)
    }
}

impl std::error::Error for RecordError {}

/// The turn texts of a record with their line numbers.
pub fn turn_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
}

/// Plays a whole record from the start of `variant`.
pub fn replay(text: &str, variant: Variant) -> Result<Replay, RecordError> {
    let mut replay = Replay {
        positions: vec![Position::new(variant)],
        turns: Vec::new(),
    };
    // A turn the engine completed by itself (the next player removed his rows and then had
    // no reserve): the record may write it on its own line.
    let mut implied: Option<Turn> = None;
    for (line, turn) in turn_lines(text) {
        let error = |reason: String| RecordError {
            line,
            turn: turn.to_string(),
            reason,
        };
        if let Some(expected) = implied.take() {
            let note: TurnNotation = turn
                .parse()
                .map_err(|e: ParseTurnError| error(e.to_string()))?;
            let written: gipf::Bitboard = note.start.iter().map(|r| r.spot).collect();
            if note.push.is_some() || written != expected.start.spots {
                return Err(error(format!("the game ended with `{expected}`")));
            }
            continue;
        }
        let mut position = *replay.last();
        let done = position
            .play_notation(turn)
            .map_err(|e| error(e.to_string()))?;
        for (i, completed) in done.iter().enumerate() {
            replay.turns.push(*completed);
            replay.positions.push(position);
            if i == 1 {
                implied = Some(*completed);
            }
        }
    }
    Ok(replay)
}

/// A position as the `replay` command prints it.
#[derive(Clone, Debug, Serialize)]
pub struct StateJson {
    /// `basic`, `standard` or `tournament`.
    pub variant: String,
    /// Completed turns.
    pub plies: u16,
    /// Whose turn it is.
    pub to_move: Color,
    /// Reserves by colour.
    pub reserve: BTreeMap<Color, u8>,
    /// Pieces of each colour captured by the opponent (a GIPF-piece counts 2).
    pub lost: BTreeMap<Color, u8>,
    /// Occupied spots: `w`/`b` basic pieces, `W`/`B` GIPF-pieces.
    pub board: BTreeMap<String, String>,
    /// `ongoing`, `white_won` or `black_won`.
    pub status: String,
    /// The decision the player to move must make before pushing, if any.
    pub pending: Option<Pending>,
}

impl StateJson {
    /// The summary of a position.
    pub fn new(position: &Position) -> StateJson {
        let per_color =
            |f: &dyn Fn(Color) -> u8| Color::ALL.into_iter().map(|c| (c, f(c))).collect();
        let board = Point::spots()
            .filter_map(|p| {
                position
                    .piece_at(p)
                    .map(|piece| (p.to_string(), piece.char().to_string()))
            })
            .collect();
        // The JSON of POTENTIALS.md: `ongoing`, `white_won` or `black_won`.
        let status = match position.outcome() {
            None => "ongoing".to_string(),
            Some(outcome) => format!("{}_won", outcome.winner),
        };
        let pending = match position.pending() {
            Pending::Push | Pending::GameOver(_) => None,
            other => Some(other),
        };
        StateJson {
            variant: position.variant().name().to_string(),
            plies: position.plies(),
            to_move: position.to_move(),
            reserve: per_color(&|c| position.reserve(c)),
            lost: per_color(&|c| position.lost(c)),
            board,
            status,
            pending,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str = include_str!("../crates/gipf/tests/data/tournament-41-plies.gipf");

    #[test]
    fn the_shared_record_replays_to_the_known_json() {
        let replay = replay(&format!("# a comment\n\n{RECORD}"), Variant::Tournament).unwrap();
        let json = serde_json::to_value(StateJson::new(replay.last())).unwrap();
        assert_eq!(json["plies"], 41);
        assert_eq!(json["to_move"], "black");
        assert_eq!(json["reserve"], serde_json::json!({"white": 5, "black": 1}));
        assert_eq!(json["lost"], serde_json::json!({"white": 2, "black": 6}));
        assert_eq!(json["board"]["c4"], "B");
        assert_eq!(json["board"]["b5"], "w");
        assert_eq!(json["board"].as_object().map(|b| b.len()), Some(18));
        assert_eq!(json["status"], "ongoing");
        assert_eq!(json["pending"], serde_json::Value::Null);
        assert_eq!(replay.turns.len(), 41);
        assert_eq!(replay.positions.len(), 42);
    }

    #[test]
    fn an_illegal_line_is_reported_with_its_number_and_reason() {
        let err = replay("Ge8\n# comment\n\nb1-b2\n", Variant::Tournament).unwrap_err();
        assert_eq!(err.line, 4);
        assert_eq!(err.turn, "b1-b2");
        assert!(err.reason.contains("first push"), "{}", err.reason);
        let err = replay("Ge8 (15)", Variant::Tournament).unwrap_err();
        assert_eq!(err.reason, "the reserve after this turn is 16, not 15");
    }
}
