use serde::{Deserialize, Serialize};

use crate::Color;

/// A basic piece or a GIPF-piece (two basic pieces stacked).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    /// A single piece.
    Basic,
    /// Two pieces stacked: counts as one on the board, as two in reserve and when captured.
    Gipf,
}

impl Kind {
    /// How many reserve pieces this kind is made of: 1 or 2.
    pub const fn weight(self) -> u8 {
        match self {
            Kind::Basic => 1,
            Kind::Gipf => 2,
        }
    }
}

/// A piece on the board.
///
/// ```
/// use gipf::{Color, Kind, Piece};
/// let piece = Piece { color: Color::Black, kind: Kind::Gipf };
/// assert_eq!(piece.char(), 'B');
/// assert_eq!(Piece::from_char('w'), Some(Piece { color: Color::White, kind: Kind::Basic }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// Basic or GIPF.
    pub kind: Kind,
}

impl Piece {
    /// `w`/`b` for basic pieces, `W`/`B` for GIPF-pieces.
    pub const fn char(self) -> char {
        match (self.color, self.kind) {
            (Color::White, Kind::Basic) => 'w',
            (Color::Black, Kind::Basic) => 'b',
            (Color::White, Kind::Gipf) => 'W',
            (Color::Black, Kind::Gipf) => 'B',
        }
    }

    /// The piece written as [`Piece::char`] writes it.
    pub const fn from_char(c: char) -> Option<Piece> {
        let (color, kind) = match c {
            'w' => (Color::White, Kind::Basic),
            'b' => (Color::Black, Kind::Basic),
            'W' => (Color::White, Kind::Gipf),
            'B' => (Color::Black, Kind::Gipf),
            _ => return None,
        };
        Some(Piece { color, kind })
    }
}
