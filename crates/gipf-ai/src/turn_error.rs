//! Why a turn written in a game's notation could not be played, on either machine the
//! engine searches (the base game's position, or the game with potentials).

use std::fmt;

use gipf::notation::NotationError;
use gipf::potentials::LineError;

/// What the rules crate said of a turn it refused, on the machine that refused it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TurnError {
    /// Refused by the base game's position.
    Base(NotationError),
    /// Refused by the game with potentials.
    Potentials(LineError),
}

impl fmt::Display for TurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TurnError::Base(error) => error.fmt(f),
            TurnError::Potentials(error) => error.fmt(f),
        }
    }
}

impl std::error::Error for TurnError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            TurnError::Base(error) => Some(error),
            TurnError::Potentials(error) => Some(error),
        }
    }
}
