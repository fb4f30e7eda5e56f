//! The official notation of a whole turn (`docs/rules.md` §7), used for game records.
//!
//! # How a turn is written
//!
//! ```text
//! [removals;][G]<dot>-<end>[;removals]      a push that moves pieces
//! [removals;][G]<spot>                      a push onto an empty first spot
//! ```
//!
//! - `G` before the push: the piece brought in is a GIPF-piece.
//! - `<dot>-<end>`: the dot the piece was put on, and the spot where the **furthest** pushed
//!   piece ends; they lie on one line, which fixes the direction. When the first spot was
//!   empty only that spot is written: every entry onto it gives the same position.
//! - Removals are `x` and a comma list of the spots emptied: `G` before a spot marks a
//!   GIPF-piece, `*` after it an opponent's piece (captured). A GIPF-piece left standing is
//!   simply not listed. Removals before the push come from rows made by the opponent (or
//!   standing GIPF rows); removals after it follow the push. Several groups may follow each
//!   other (`;x…;x…`).
//! - A turn that decides the game before its push is its removals alone: `xGe5*,f4,g3,h2`.
//! - ` (n)` at the end, optional: the mover's reserve after the turn, checked when present.
//!
//! Examples: `Ge8`, `Gd8-f7`, `b6-f5`, `xe7,e8;c7-e7`, `h6-c4;xc6*,d6,f5,g4`,
//! `a4-g2;xd4,c4,b4,Ge4,g2*,Gf3* (7)`.
//!
//! # Parsing, resolving, printing
//!
//! Reading a turn takes two steps: [`TurnNotation`] is the text parsed, checked for its form
//! only ([`ParseTurnError`]); [`TurnNotation::resolve`] finds the decisions that play it in a
//! position, checking the push and every removal, `G`, `*` and count ([`ResolveError`]). [`Position::play_notation`] does both and plays the turn
//! ([`NotationError`]). The other way, a completed [`Turn`](crate::Turn) prints itself in
//! this notation.
//!
//! ```
//! use gipf::notation::{PushNote, TurnNotation};
//! use gipf::{Point, Position, Variant};
//!
//! // Parsing: the form only, no position needed.
//! let note: TurnNotation = "h6-c4;xc6*,d6,f5,g4 (7)".parse()?;
//! assert_eq!(note.push, Some(PushNote::Line { gipf: false, dot: Point::H6, end: Point::C4 }));
//! assert_eq!(note.after.len(), 4);
//! assert!(note.after[0].captured && note.after[0].spot == Point::C6);
//! assert_eq!(note.reserve, Some(7));
//!
//! // Resolving: the decisions that play it in a position.
//! let mut position = Position::new(Variant::Tournament);
//! let note: TurnNotation = "Ge8".parse()?;
//! for decision in note.resolve(&position)? {
//!     position.play(decision)?;
//! }
//! assert_eq!(position.reserve(gipf::Color::White), 16);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Printing: a [`Turn`](crate::Turn) displays in the notation, `{:#}` adds the reserve.
//!
//! ```
//! use gipf::{Position, Variant};
//! let mut position = Position::new(Variant::Standard);
//! // `b1-c2` onto the empty c2 is read, and printed as the spot alone.
//! let done = position.play_notation("b1-c2")?;
//! let turn = done.iter().next().ok_or("no turn completed")?;
//! assert_eq!(turn.to_string(), "c2");
//! assert_eq!(format!("{turn:#}"), "c2 (11)");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Errors say what is wrong, and hold it in their variants:
//!
//! ```
//! use gipf::notation::{NotationError, PushNote, ResolveError};
//! use gipf::{Point, Position, Variant};
//! let mut position = Position::new(Variant::Standard);
//! // e2 holds a piece, e3 is empty: the push from e1 ends on e3.
//! let error = position.play_notation("e1-e4").unwrap_err();
//! assert_eq!(
//!     error.to_string(),
//!     "e1-e4: pushing in from e1 toward e2 moves the last piece to e3, so that push is written `e1-e3`"
//! );
//! let NotationError::Resolve(ResolveError::WrittenAs { written, .. }) = error else {
//!     panic!("{error:?}");
//! };
//! assert_eq!(written, PushNote::Line { gipf: false, dot: Point::E1, end: Point::E3 });
//! assert_eq!(position, Position::new(Variant::Standard), "a refused turn changes nothing");
//! ```

mod notation_error;
mod parse_error;
mod resolve;
mod resolve_error;
mod turn_notation;

pub use notation_error::NotationError;
pub use parse_error::ParseTurnError;
pub use resolve_error::ResolveError;
pub use turn_notation::{PushNote, RemovalNote, TurnNotation};

use crate::{Completed, Position};

impl Position {
    /// Plays a whole turn written in the official notation. On error nothing changes.
    ///
    /// ```
    /// use gipf::{Color, Position, Variant};
    /// let mut position = Position::new(Variant::Tournament);
    /// position.play_notation("Ge8").unwrap();
    /// position.play_notation("Gd8-f7").unwrap();
    /// assert_eq!(position.to_move(), Color::White);
    /// let err = position.play_notation("e9-e8").unwrap_err();
    /// assert!(err.to_string().contains("written `e9-e7`"), "{err}");
    /// ```
    pub fn play_notation(&mut self, text: &str) -> Result<Completed, NotationError> {
        let note: TurnNotation = text.parse().map_err(NotationError::Parse)?;
        let decisions = note.resolve(self).map_err(NotationError::Resolve)?;
        let mut next = *self;
        let mut completed = Completed::default();
        for decision in decisions {
            for turn in next
                .play(decision)
                .map_err(|e| NotationError::Resolve(e.into()))?
                .iter()
            {
                completed.add(*turn);
            }
        }
        *self = next;
        Ok(completed)
    }
}
