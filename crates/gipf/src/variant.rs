use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{ByColor, Color, Point};

/// Which of the three games is played.
///
/// ```
/// use gipf::{ByColor, Variant};
/// assert_eq!("standard".parse::<Variant>(), Ok(Variant::Standard));
/// assert_eq!("basic+2".parse::<Variant>(), Ok(Variant::Basic { extra: ByColor::splat(2) }));
/// let handicap = Variant::Basic { extra: ByColor::new(0, 3) };
/// assert_eq!(handicap.to_string(), "basic+0/+3");
/// assert_eq!(handicap.initial_reserve(), ByColor::new(12, 15));
/// assert_eq!(Variant::Tournament.initial_reserve(), ByColor::splat(18));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Single pieces only, three each on the board at the start.
    Basic {
        /// Extra reserve pieces (0 to 3) for White and Black: a longer game, or a handicap.
        extra: ByColor<u8>,
    },
    /// Three GIPF-pieces each on the board at the start; no more can be brought in.
    Standard,
    /// Empty board; players bring in their own GIPF-pieces.
    Tournament,
}

impl Variant {
    /// The basic game with no extra pieces.
    pub const BASIC: Variant = Variant::Basic {
        extra: ByColor::splat(0),
    };

    /// Where White's pieces stand at the start of the basic and standard games.
    pub const WHITE_START: [Point; 3] = [Point::B5, Point::E2, Point::H5];

    /// Where Black's pieces stand at the start of the basic and standard games.
    pub const BLACK_START: [Point; 3] = [Point::B2, Point::E8, Point::H2];

    /// Where a player's pieces stand at the start: [`Variant::WHITE_START`] and
    /// [`Variant::BLACK_START`] in the basic and standard games, nowhere in the tournament
    /// game.
    ///
    /// ```
    /// use gipf::{Color, Point, Variant};
    /// assert_eq!(Variant::Standard.start_spots(Color::Black), [Point::B2, Point::E8, Point::H2]);
    /// assert!(Variant::Tournament.start_spots(Color::White).is_empty());
    /// ```
    pub const fn start_spots(self, color: Color) -> &'static [Point] {
        match (self, color) {
            (Variant::Tournament, _) => &[],
            (_, Color::White) => &Variant::WHITE_START,
            (_, Color::Black) => &Variant::BLACK_START,
        }
    }

    /// Reserve of White and Black at the start.
    pub fn initial_reserve(self) -> ByColor<u8> {
        match self {
            Variant::Basic { extra } => extra.map(|n| 12 + n),
            Variant::Standard => ByColor::splat(12),
            Variant::Tournament => ByColor::splat(18),
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
        let Variant::Basic { extra } = *self else {
            return f.write_str(self.name());
        };
        match (extra[Color::White], extra[Color::Black]) {
            (0, 0) => f.write_str("basic"),
            (w, b) if w == b => write!(f, "basic+{w}"),
            (w, b) => write!(f, "basic+{w}/+{b}"),
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
            Some((w, b)) => ByColor::new(count(w)?, count(b)?),
            None => ByColor::splat(count(extra)?),
        };
        Ok(Variant::Basic { extra })
    }
}
