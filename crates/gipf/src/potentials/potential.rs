use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One of the five kinds of potential (`docs/potentials.md` §1), in the order T Z D Y P.
///
/// ```
/// use gipf::potentials::Potential;
/// assert_eq!("zèrtz".parse::<Potential>(), Ok(Potential::Zertz));
/// assert_eq!(Potential::from_letter('p'), Some(Potential::Punct));
/// assert_eq!(Potential::Dvonn.letter(), 'D');
/// assert_eq!(Potential::Zertz.to_string(), "ZÈRTZ");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Potential {
    /// An extra push after its loaded piece is pushed onto `e5` (reconstructed rules).
    Tamsk,
    /// Jump over a line of pieces.
    Zertz,
    /// Jump onto an adjacent opponent's basic piece or DVONN.
    Dvonn,
    /// Slide along a line over empty spots.
    Yinsh,
    /// Jump onto an adjacent opponent's PÜNCT or GIPF-piece.
    Punct,
}

impl Potential {
    /// The five kinds, in the order T Z D Y P.
    pub const ALL: [Potential; 5] = [
        Potential::Tamsk,
        Potential::Zertz,
        Potential::Dvonn,
        Potential::Yinsh,
        Potential::Punct,
    ];

    /// The uppercase letter: `T`, `Z`, `D`, `Y` or `P`.
    pub const fn letter(self) -> char {
        match self {
            Potential::Tamsk => 'T',
            Potential::Zertz => 'Z',
            Potential::Dvonn => 'D',
            Potential::Yinsh => 'Y',
            Potential::Punct => 'P',
        }
    }

    /// The kind of a letter, either case.
    pub const fn from_letter(c: char) -> Option<Potential> {
        Some(match c.to_ascii_uppercase() {
            'T' => Potential::Tamsk,
            'Z' => Potential::Zertz,
            'D' => Potential::Dvonn,
            'Y' => Potential::Yinsh,
            'P' => Potential::Punct,
            _ => return None,
        })
    }

    /// The game's name as printed: `TAMSK`, `ZÈRTZ`, `DVONN`, `YINSH`, `PÜNCT`.
    pub const fn name(self) -> &'static str {
        match self {
            Potential::Tamsk => "TAMSK",
            Potential::Zertz => "ZÈRTZ",
            Potential::Dvonn => "DVONN",
            Potential::Yinsh => "YINSH",
            Potential::Punct => "PÜNCT",
        }
    }

    /// Whether it moves by itself (Z, D, Y, P); TAMSK only gives an extra push.
    pub const fn moves(self) -> bool {
        !matches!(self, Potential::Tamsk)
    }

    pub(crate) const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Potential {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word or letter that names no potential.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePotentialError(pub String);

impl fmt::Display for ParsePotentialError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a potential: write tamsk, zertz, dvonn, yinsh or punct (or T, Z, D, Y, P)",
            self.0
        )
    }
}

impl std::error::Error for ParsePotentialError {}

/// Reads a letter or a game's name, any case, with or without its accent.
impl FromStr for Potential {
    type Err = ParsePotentialError;

    fn from_str(s: &str) -> Result<Potential, ParsePotentialError> {
        let word = s.trim().to_lowercase();
        let kind = match word.as_str() {
            "tamsk" => Potential::Tamsk,
            "zertz" | "zèrtz" => Potential::Zertz,
            "dvonn" => Potential::Dvonn,
            "yinsh" => Potential::Yinsh,
            "punct" | "pünct" => Potential::Punct,
            _ => {
                let mut chars = word.chars();
                match (chars.next().and_then(Potential::from_letter), chars.next()) {
                    (Some(kind), None) => kind,
                    _ => return Err(ParsePotentialError(s.trim().to_string())),
                }
            }
        };
        Ok(kind)
    }
}
