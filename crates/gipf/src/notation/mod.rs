//! The official notation of a whole turn (RULES.md section 7): parsing text is separate
//! from resolving it against a position.

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
