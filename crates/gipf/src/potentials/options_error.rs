//! Why a game name and its supplies make no game.

use std::fmt;

use super::SupplyError;
use crate::ParseVariantError;

/// Why [`Options::parse`](super::Options::parse) refuses a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionsError {
    /// The name is neither one of the three games nor `ultimate`.
    Game(ParseVariantError),
    /// The supplies are unreadable, too large, or not Ultimate GIPF's own.
    Supply(SupplyError),
}

impl fmt::Display for OptionsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OptionsError::Game(error) => write!(f, "{error}, or `ultimate`"),
            OptionsError::Supply(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for OptionsError {}

impl From<SupplyError> for OptionsError {
    fn from(error: SupplyError) -> OptionsError {
        OptionsError::Supply(error)
    }
}
