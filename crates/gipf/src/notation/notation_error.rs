use std::fmt;

use super::{ParseTurnError, ResolveError};

/// Why [`Position::play_notation`](crate::Position::play_notation) refused a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not in the notation.
    Parse(ParseTurnError),
    /// The text is not a legal turn here.
    Resolve(ResolveError),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Parse(e) => e.fmt(f),
            NotationError::Resolve(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for NotationError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            NotationError::Parse(error) => Some(error),
            NotationError::Resolve(error) => Some(error),
        }
    }
}
