use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{Bitboard, ByColor, Color, Completed, Kind, Piece, Point, Position, Variant};

/// A position described by hand: for problems, tests and analysis.
///
/// The player to move starts his turn: rows of his colour on the board are his to deal with
/// first, as after an opponent's push.
///
/// ```
/// use gipf::{ByColor, Color, Pending, Position, Setup, Variant};
/// let mut setup = Setup::new(Variant::Standard);
/// setup.place_all("b5 W, e2 W, h5 W, b2 B, e8 B, h2 B, c3 w").unwrap();
/// setup.reserve = ByColor::new(10, 12);
/// let position = Position::from_setup(&setup).unwrap();
/// assert_eq!(position.pending(), Pending::Push);
/// assert_eq!(position.total(Color::White), 3 * 2 + 1 + 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// The game.
    pub variant: Variant,
    /// Pieces on spots.
    pub board: Vec<(Point, Piece)>,
    /// Reserves of White and Black.
    pub reserve: ByColor<u8>,
    /// Pieces of White and Black captured by the opponent.
    pub lost: ByColor<u8>,
    /// Whose turn it is.
    pub to_move: Color,
    /// Whether each player has completed a turn (tournament: his first turn is over).
    pub played: ByColor<bool>,
    /// Tournament: whether each player may still bring in GIPF-pieces.
    pub gipf_phase: ByColor<bool>,
}

/// Why a setup is not a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// A piece is on a dot.
    PieceOnDot(Point),
    /// Two pieces on one spot.
    Doubled(Point),
    /// A piece text is not `<spot> <w|b|W|B>`.
    Syntax(String),
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::PieceOnDot(p) => write!(f, "{p} is a dot: pieces rest only on spots"),
            SetupError::Doubled(p) => write!(f, "{p} holds two pieces"),
            SetupError::Syntax(s) => write!(
                f,
                "`{s}` is not a piece: write a spot and w, b, W or B, like `e5 W`"
            ),
        }
    }
}

impl std::error::Error for SetupError {}

impl Setup {
    /// An empty board with the variant's start reserves, White to move, nobody has played.
    pub fn new(variant: Variant) -> Setup {
        Setup {
            variant,
            board: Vec::new(),
            reserve: variant.initial_reserve(),
            lost: ByColor::splat(0),
            to_move: Color::White,
            played: ByColor::splat(false),
            gipf_phase: ByColor::splat(variant == Variant::Tournament),
        }
    }

    /// Places pieces written as `e5 W, e6 b` (`w`/`b` basic, `W`/`B` GIPF).
    pub fn place_all(&mut self, text: &str) -> Result<(), SetupError> {
        for item in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let syntax = || SetupError::Syntax(item.to_string());
            let (spot, piece) = item.split_once(' ').ok_or_else(syntax)?;
            let spot: Point = spot.parse().map_err(|_| syntax())?;
            let mut chars = piece.trim().chars();
            let piece = chars
                .next()
                .and_then(Piece::from_char)
                .filter(|_| chars.next().is_none());
            self.board.push((spot, piece.ok_or_else(syntax)?));
        }
        Ok(())
    }
}

impl Position {
    /// The position a setup describes.
    pub fn from_setup(setup: &Setup) -> Result<Position, SetupError> {
        let mut pieces = ByColor::splat(Bitboard::EMPTY);
        let mut gipf = Bitboard::EMPTY;
        for &(spot, piece) in &setup.board {
            if spot.is_dot() {
                return Err(SetupError::PieceOnDot(spot));
            }
            if pieces.iter().any(|(_, set)| set.contains(spot)) {
                return Err(SetupError::Doubled(spot));
            }
            pieces[piece.color].insert(spot);
            if piece.kind == Kind::Gipf {
                gipf.insert(spot);
            }
        }
        let mut position = Position::raw(setup, pieces, gipf);
        position.settle(&mut Completed::default());
        Ok(position)
    }
}
