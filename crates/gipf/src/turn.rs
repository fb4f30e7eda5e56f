use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{Bitboard, Color, Entry, Kind, Point};

/// Pieces taken off the board in one part of a turn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Removed {
    /// Every spot emptied.
    pub spots: Bitboard,
    /// Those of them that held a GIPF-piece.
    pub gipf: Bitboard,
    /// Those of them that held an opponent's piece (captured, out of the game).
    pub captured: Bitboard,
}

impl Removed {
    /// Whether nothing was removed.
    pub fn is_empty(&self) -> bool {
        self.spots.is_empty()
    }
}

/// The push of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Push {
    /// Where the piece came in.
    pub entry: Entry,
    /// What came in.
    pub kind: Kind,
    /// Where the furthest pushed piece ended (the first spot when it was empty).
    pub end: Point,
}

impl Push {
    /// Whether the push moved pieces already on the board.
    pub fn moved_pieces(&self) -> bool {
        self.end != self.entry.first()
    }
}

/// One player's complete turn: removals at its start, the push, removals after it.
///
/// Its [`Display`](fmt::Display) is the official notation (`docs/rules.md` §7); the
/// alternate form `{:#}` adds the mover's reserve, ` (n)`.
///
/// ```
/// use gipf::{Position, Variant};
/// let mut position = Position::new(Variant::Tournament);
/// let done = position.play_notation("Ge8").unwrap();
/// let turn = done.iter().next().unwrap();
/// assert_eq!(turn.to_string(), "Ge8");
/// assert_eq!(format!("{turn:#}"), "Ge8 (16)");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Turn {
    /// Who played it.
    pub color: Color,
    /// Rows removed at the start of the turn (made by the opponent, or standing GIPF rows).
    pub start: Removed,
    /// The push; `None` when the game was decided before it.
    pub push: Option<Push>,
    /// Rows removed after the push.
    pub after: Removed,
    /// The mover's reserve after the turn.
    pub reserve: u8,
}

fn write_removed(f: &mut fmt::Formatter<'_>, removed: &Removed) -> fmt::Result {
    f.write_str("x")?;
    for (i, spot) in removed.spots.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        if removed.gipf.contains(spot) {
            f.write_str("G")?;
        }
        write!(f, "{spot}")?;
        if removed.captured.contains(spot) {
            f.write_str("*")?;
        }
    }
    Ok(())
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts = 0;
        if !self.start.is_empty() {
            write_removed(f, &self.start)?;
            parts += 1;
        }
        if let Some(push) = self.push {
            if parts > 0 {
                f.write_str(";")?;
            }
            if push.kind == Kind::Gipf {
                f.write_str("G")?;
            }
            if push.moved_pieces() {
                write!(f, "{}-{}", push.entry.dot(), push.end)?;
            } else {
                write!(f, "{}", push.end)?;
            }
            parts += 1;
        }
        if !self.after.is_empty() {
            if parts > 0 {
                f.write_str(";")?;
            }
            write_removed(f, &self.after)?;
        }
        if f.alternate() {
            write!(f, " ({})", self.reserve)?;
        }
        Ok(())
    }
}

/// The turns a call to [`Position::play`](crate::Position::play) completed: none while a
/// turn waits for a decision, one usually, two when the next player's turn ended before his
/// push (he had no reserve left after removing his rows).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Completed {
    turns: [Option<Turn>; 2],
}

impl Completed {
    pub(crate) fn add(&mut self, turn: Turn) {
        let slot = if self.turns[0].is_none() { 0 } else { 1 };
        self.turns[slot] = Some(turn);
    }

    /// The completed turns, in order.
    pub fn iter(&self) -> impl Iterator<Item = &Turn> {
        self.turns.iter().flatten()
    }

    /// How many turns were completed.
    pub fn len(&self) -> usize {
        self.iter().count()
    }

    /// Whether no turn was completed.
    pub fn is_empty(&self) -> bool {
        self.turns[0].is_none()
    }

    /// The turn `color` completed, if any.
    pub fn by(&self, color: Color) -> Option<&Turn> {
        self.iter().find(|t| t.color == color)
    }
}
