use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Which of the three games is played.
///
/// ```
/// use gipf::Variant;
/// assert_eq!("standard".parse::<Variant>(), Ok(Variant::Standard));
/// assert_eq!("basic+2".parse::<Variant>(), Ok(Variant::Basic { extra: [2, 2] }));
/// assert_eq!(Variant::Basic { extra: [0, 3] }.to_string(), "basic+0/+3");
/// assert_eq!(Variant::Tournament.initial_reserve(), [18, 18]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Single pieces only, three each on the board at the start.
    Basic {
        /// Extra reserve pieces (0 to 3) for White and Black: a longer game, or a handicap.
        extra: [u8; 2],
    },
    /// Three GIPF-pieces each on the board at the start; no more can be brought in.
    Standard,
    /// Empty board; players bring in their own GIPF-pieces.
    Tournament,
}

impl Variant {
    /// The basic game with no extra pieces.
    pub const BASIC: Variant = Variant::Basic { extra: [0, 0] };

    /// Reserve of White and Black at the start.
    pub const fn initial_reserve(self) -> [u8; 2] {
        match self {
            Variant::Basic { extra } => [12 + extra[0], 12 + extra[1]],
            Variant::Standard => [12, 12],
            Variant::Tournament => [18, 18],
        }
    }

    /// Whether GIPF-pieces exist in this game (and so losing the last one loses the game).
    pub const fn has_gipf_pieces(self) -> bool {
        !matches!(self, Variant::Basic { .. })
    }

    /// The short name: `basic`, `standard` or `tournament`.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Basic { .. } => "basic",
            Variant::Standard => "standard",
            Variant::Tournament => "tournament",
        }
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Variant::Basic { extra: [0, 0] } => f.write_str("basic"),
            Variant::Basic { extra: [w, b] } if w == b => write!(f, "basic+{w}"),
            Variant::Basic { extra: [w, b] } => write!(f, "basic+{w}/+{b}"),
            other => f.write_str(other.name()),
        }
    }
}

/// Why a text is not a variant name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseVariantError;

impl fmt::Display for ParseVariantError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "the game is `basic`, `standard` or `tournament`; basic takes extra pieces as \
             `basic+2` (both) or `basic+1/+3` (White/Black), 0 to 3 each",
        )
    }
}

impl std::error::Error for ParseVariantError {}

impl FromStr for Variant {
    type Err = ParseVariantError;

    fn from_str(s: &str) -> Result<Variant, ParseVariantError> {
        let lower = s.trim().to_ascii_lowercase();
        match lower.as_str() {
            "standard" => return Ok(Variant::Standard),
            "tournament" => return Ok(Variant::Tournament),
            "basic" => return Ok(Variant::BASIC),
            _ => {}
        }
        let extra = lower.strip_prefix("basic+").ok_or(ParseVariantError)?;
        let count = |t: &str| match t.trim_start_matches('+').parse::<u8>() {
            Ok(n) if n <= 3 => Ok(n),
            _ => Err(ParseVariantError),
        };
        let extra = match extra.split_once('/') {
            Some((w, b)) => [count(w)?, count(b)?],
            None => [count(extra)?; 2],
        };
        Ok(Variant::Basic { extra })
    }
}
