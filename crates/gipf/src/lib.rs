//! The rules of GIPF (Kris Burm, 1996): the basic, standard and tournament games.
//!
//! Pure and fast: no I/O, positions are `Copy` and fit in a few cache lines, the board is a
//! set of bitboards. The vocabulary, one file each:
//!
//! - [`Point`] (a spot or a dot), [`Bitboard`] (a set of spots), [`Direction`], [`Line`],
//!   [`Entry`] (a dot and a first spot: `b1 c2`);
//! - [`Piece`], [`Color`], [`Kind`], [`Variant`];
//! - [`Position`]: the state machine of a game, resting at a [`Pending`] question answered by
//!   a [`Decision`];
//! - [`Turn`]: a completed turn, printed in the official notation; [`TurnNotation`]: that
//!   notation parsed, to be resolved against a position.
//!
//! ```
//! use gipf::{Color, Position, Variant};
//! let mut position = Position::new(Variant::Tournament);
//! for turn in ["Ge8", "Gd8-f7", "Ge9-e7"] {
//!     position.play_notation(turn).unwrap();
//! }
//! assert_eq!(position.to_move(), Color::Black);
//! assert_eq!(position.reserve(Color::White), 14);
//! ```

mod bitboard;
mod by_color;
mod color;
mod decision;
mod direction;
mod entry;
mod line;
mod movegen;
pub mod notation;
mod piece;
mod point;
mod position;
pub mod random;
mod row;
mod setup;
mod turn;
mod variant;

pub use bitboard::Bitboard;
pub use by_color::ByColor;
pub use color::Color;
pub use decision::{Decision, Outcome, Pending, PlayError, Reason};
pub use direction::Direction;
pub use entry::{Entry, EntryError};
pub use line::Line;
pub use piece::{Kind, Piece};
pub use point::{ParsePointError, Point};
pub use position::{Position, Stage};
pub use row::Row;
pub use setup::{Setup, SetupError};
pub use turn::{Completed, Push, Removed, Turn};
pub use variant::{ParseVariantError, Variant};
