use std::fmt;

use crate::PlayError;

/// Why a written turn is not a legal turn in a position. The position is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// The push or a decision is illegal.
    Play(PlayError),
    /// The push as written does not describe a push here.
    Push(String),
    /// The removals written match no legal way of dealing with the rows.
    Removals(String),
    /// A removed spot is marked wrongly (`G` or `*`).
    Marks(String),
    /// The ` (n)` count differs from the reserve after the turn.
    Reserve {
        /// What was written.
        written: u8,
        /// What the reserve is.
        actual: u8,
    },
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::Play(e) => e.fmt(f),
            ResolveError::Push(s) | ResolveError::Removals(s) | ResolveError::Marks(s) => {
                f.write_str(s)
            }
            ResolveError::Reserve { written, actual } => {
                write!(f, "the reserve after this turn is {actual}, not {written}")
            }
        }
    }
}

impl std::error::Error for ResolveError {}

impl From<PlayError> for ResolveError {
    fn from(e: PlayError) -> ResolveError {
        ResolveError::Play(e)
    }
}
