//! The base game's replay of a record: the [`Position`] after each turn, for the engine,
//! whose fast kernel `Position` is. Everything else replays every game on the one machine
//! ([`replay`](super::replay)).

use gipf::notation::{ParseTurnError, TurnNotation};
use gipf::{Position, Turn, Variant};

use super::{RecordError, RecordLine, record_lines};

/// A record played through: the position after each turn and the turns themselves.
#[derive(Clone, Debug)]
pub struct BaseReplay {
    /// `positions[0]` is the start; `positions[n]` follows `turns[n - 1]`.
    pub positions: Vec<Position>,
    /// Every completed turn, in order.
    pub turns: Vec<Turn>,
}

impl BaseReplay {
    /// The position after the last turn.
    pub fn last(&self) -> &Position {
        // `positions` always holds at least the start position.
        &self.positions[self.positions.len() - 1]
    }
}

/// Plays a whole record from the start of `variant`.
pub fn base_replay(text: &str, variant: Variant) -> Result<BaseReplay, RecordError> {
    let mut replay = BaseReplay {
        positions: vec![Position::new(variant)],
        turns: Vec::new(),
    };
    // A turn the engine completed by itself (the next player removed his rows and then had
    // no reserve): the record may write it on its own line.
    let mut implied: Option<Turn> = None;
    let turns = record_lines(text)?
        .into_iter()
        .filter_map(|(i, line)| match line {
            RecordLine::Turn(turn) => Some((i, turn)),
            RecordLine::Tag(..) => None,
        });
    for (line, turn) in turns {
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
