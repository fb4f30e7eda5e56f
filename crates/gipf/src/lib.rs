//! The rules of GIPF (Kris Burm, 1996): the basic, standard and tournament games.
//!
//! Pure and fast: no I/O, positions are `Copy` and fit in a few cache lines, the board is a
//! set of bitboards. The vocabulary, one file each:
//!
//! - [`Point`] (a spot or a dot; every one named, [`Point::A1`] to [`Point::I5`]),
//!   [`Bitboard`] (a set of spots), [`Direction`], [`Line`] (21, each between two dots),
//!   [`Entry`] (a dot and a first spot: `b1 c2`);
//! - [`Piece`], [`Color`], [`ByColor`] (a value for each player), [`Kind`], [`Variant`];
//! - [`Position`]: the state machine of a game, resting at a [`Pending`] question answered by
//!   a [`Decision`]; [`Setup`] describes one by hand;
//! - [`Turn`]: a completed turn, printed in the official notation;
//! - [`Position::zobrist`]: a 64-bit key of a position, for search tables.
//! - [`Position::colors_swapped`]: the same position with the colours swapped, for tests of
//!   the symmetry of the rules and of an evaluation.
//!
//! Two modules hold what is not vocabulary of the board:
//!
//! - [`notation`]: the official notation of a turn, parsed ([`notation::TurnNotation`]),
//!   resolved against a position, and the typed errors of both;
//! - [`random`]: a seeded generator ([`random::Rng`]) for playouts, tests and benches, and
//!   [`random::find_in_random_games`].
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
pub mod potentials;
pub mod random;
mod row;
mod setup;
mod turn;
mod variant;
mod zobrist;

pub use bitboard::Bitboard;
pub use by_color::ByColor;
pub use color::Color;
pub use decision::{Decision, Outcome, Pending, PlayError, Reason};
pub use direction::Direction;
pub use entry::{Entry, EntryError};
pub use line::Line;
pub use piece::{Kind, Piece};
pub use point::{ParsePointError, Point};
pub use position::{HasPotentials, Position, Stage};
pub use row::Row;
pub use setup::{Setup, SetupError};
pub use turn::{Completed, Push, Removed, Turn};
pub use variant::{ParseVariantError, Variant};
