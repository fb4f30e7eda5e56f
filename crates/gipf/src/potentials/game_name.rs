//! A game's name as players and records write it: one of the three games (`basic+2`,
//! `standard`, `tournament`...) or `ultimate`.

use std::fmt;
use std::str::FromStr;

use super::OptionsError;
use crate::Variant;

/// The game a name picks, before any supplies are given.
///
/// ```
/// use gipf::Variant;
/// use gipf::potentials::GameName;
/// assert_eq!(" Ultimate".parse(), Ok(GameName::Ultimate));
/// assert_eq!("basic+2".parse::<GameName>().map(|g| g.to_string()).as_deref(), Ok("basic+2"));
/// let error = "chess".parse::<GameName>().unwrap_err();
/// assert!(error.to_string().ends_with(", or `ultimate`"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameName {
    /// One of the three games.
    Variant(Variant),
    /// Ultimate GIPF.
    Ultimate,
}

impl FromStr for GameName {
    type Err = OptionsError;

    fn from_str(text: &str) -> Result<GameName, OptionsError> {
        if text.trim().eq_ignore_ascii_case("ultimate") {
            return Ok(GameName::Ultimate);
        }
        text.parse()
            .map(GameName::Variant)
            .map_err(OptionsError::Game)
    }
}

impl fmt::Display for GameName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameName::Variant(variant) => write!(f, "{variant}"),
            GameName::Ultimate => f.write_str("ultimate"),
        }
    }
}
