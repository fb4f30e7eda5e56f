use std::fmt;
use std::ops::{Index, IndexMut};

use serde::{Deserialize, Serialize};

use super::Potential;
use crate::{ByColor, Color};

/// A player's potentials not yet loaded: a count per kind (`docs/potentials.md` §2).
///
/// Printed as the record header writes it: kinds in the order T Z D Y P, no zero counts,
/// `-` when empty.
///
/// ```
/// use gipf::potentials::{Potential, Supply};
/// let supply: Supply = "Z3,T4".parse().unwrap();
/// assert_eq!(supply[Potential::Tamsk], 4);
/// assert_eq!(supply.to_string(), "T4,Z3");
/// assert_eq!(supply.total(), 7);
/// assert_eq!(Supply::default().to_string(), "-");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Supply(pub [u8; 5]);

/// Why a supply or a pair of supplies is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SupplyError {
    /// Not a kind letter and a count.
    Syntax(String),
    /// A kind named twice in one supply.
    Repeated(Potential),
    /// A count of 1, 2 or more than 6.
    Count {
        /// The kind.
        kind: Potential,
        /// The count given.
        count: u8,
    },
    /// More potentials than reserve pieces at the start.
    OverCap {
        /// Whose supply.
        color: Color,
        /// Its total.
        total: u32,
        /// The player's reserve at the start.
        cap: u8,
    },
    /// Ultimate GIPF has the fixed supply T3 Z3 D3 Y3 P3 for both players.
    UltimateFixed,
}

impl fmt::Display for SupplyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SupplyError::Syntax(s) => write!(
                f,
                "`{s}` is not a supply: write kind letters and counts like `T3,Z4` or `ZYD:3`, or `none`"
            ),
            SupplyError::Repeated(kind) => write!(f, "{} is named twice", kind.letter()),
            SupplyError::Count { kind, count } => write!(
                f,
                "`{}:{count}`: a supply holds 0, or 3 to 6 of a kind",
                kind.letter()
            ),
            SupplyError::OverCap { color, total, cap } => write!(
                f,
                "{color}'s supply of {total} potentials is more than his reserve of {cap} at the start"
            ),
            SupplyError::UltimateFixed => f.write_str(
                "ultimate has the fixed supply T3,Z3,D3,Y3,P3 for both players; it takes no potentials option",
            ),
        }
    }
}

impl std::error::Error for SupplyError {}

impl Supply {
    /// Ultimate GIPF's supply: three of each kind.
    pub const ULTIMATE: Supply = Supply([3; 5]);

    /// How many potentials in all.
    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| n as u32).sum()
    }

    /// Whether no potential is left.
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 5]
    }

    /// The kinds with a count above zero, in the order T Z D Y P.
    pub fn kinds(&self) -> impl Iterator<Item = Potential> + '_ {
        Potential::ALL.into_iter().filter(|&k| self[k] > 0)
    }

    /// Checks the counts: each 0 or 3 to 6.
    pub fn check(&self) -> Result<(), SupplyError> {
        for kind in Potential::ALL {
            let count = self[kind];
            if count != 0 && !(3..=6).contains(&count) {
                return Err(SupplyError::Count { kind, count });
            }
        }
        Ok(())
    }

    /// Reads the chat form (`docs/potentials.md` §12): `none`, or a comma list of items, an
    /// item being kind letters, `:` and a count (`ZYD:3`) or one kind letter and a count (`Z3`).
    /// The header form `T3,Z3` and `-` are read too. Counts are checked.
    ///
    /// ```
    /// use gipf::potentials::{Potential, Supply};
    /// let supply = Supply::parse("ZD:3,Y:6").unwrap();
    /// assert_eq!(supply.to_string(), "Z3,D3,Y6");
    /// assert!(Supply::parse("Z:2").unwrap_err().to_string().contains("0, or 3 to 6"));
    /// ```
    pub fn parse(text: &str) -> Result<Supply, SupplyError> {
        let text = text.trim();
        let mut supply = Supply::default();
        if text == "-" || text.eq_ignore_ascii_case("none") {
            return Ok(supply);
        }
        let mut named = [false; 5];
        for item in text.split(',') {
            let item = item.trim();
            let syntax = || SupplyError::Syntax(item.to_string());
            let (letters, count) = match item.split_once(':') {
                Some((letters, count)) => (letters, count),
                None if item.len() >= 2 && item.is_char_boundary(1) => item.split_at(1),
                None => return Err(syntax()),
            };
            let count: u8 = count.trim().parse().map_err(|_| syntax())?;
            if letters.is_empty() {
                return Err(syntax());
            }
            for c in letters.trim().chars() {
                let kind = Potential::from_letter(c).ok_or_else(syntax)?;
                if std::mem::replace(&mut named[kind.index()], true) {
                    return Err(SupplyError::Repeated(kind));
                }
                supply[kind] = count;
            }
        }
        supply.check()?;
        Ok(supply)
    }
}

impl std::str::FromStr for Supply {
    type Err = SupplyError;
    fn from_str(s: &str) -> Result<Supply, SupplyError> {
        Supply::parse(s)
    }
}

impl Index<Potential> for Supply {
    type Output = u8;
    fn index(&self, kind: Potential) -> &u8 {
        &self.0[kind.index()]
    }
}

impl IndexMut<Potential> for Supply {
    fn index_mut(&mut self, kind: Potential) -> &mut u8 {
        &mut self.0[kind.index()]
    }
}

impl fmt::Display for Supply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        let items: Vec<String> = self
            .kinds()
            .map(|k| format!("{}{}", k.letter(), self[k]))
            .collect();
        f.write_str(&items.join(","))
    }
}

/// Both players' supplies in the record header's form: `W:T3,Z3 B:-`.
///
/// ```
/// use gipf::ByColor;
/// use gipf::potentials::{supplies_to_string, parse_supplies};
/// let both = parse_supplies("W:T3,Z3 B:Z4,P3").unwrap();
/// assert_eq!(supplies_to_string(&both), "W:T3,Z3 B:Z4,P3");
/// assert_eq!(parse_supplies("Z3").unwrap(), ByColor::splat("Z3".parse().unwrap()));
/// // The chat form: one supply for both, or White's/Black's.
/// let chat = parse_supplies("TZDYP:3/none").unwrap();
/// assert_eq!(supplies_to_string(&chat), "W:T3,Z3,D3,Y3,P3 B:-");
/// ```
pub fn parse_supplies(text: &str) -> Result<ByColor<Supply>, SupplyError> {
    let text = text.trim();
    if let Some((white, black)) = text.split_once('/') {
        return Ok(ByColor::new(Supply::parse(white)?, Supply::parse(black)?));
    }
    let Some(rest) = text.strip_prefix("W:").or_else(|| text.strip_prefix("w:")) else {
        return Ok(ByColor::splat(Supply::parse(text)?));
    };
    let (white, black) = rest
        .split_once(char::is_whitespace)
        .ok_or_else(|| SupplyError::Syntax(text.to_string()))?;
    let black = black.trim();
    let black = black
        .strip_prefix("B:")
        .or_else(|| black.strip_prefix("b:"))
        .ok_or_else(|| SupplyError::Syntax(text.to_string()))?;
    Ok(ByColor::new(Supply::parse(white)?, Supply::parse(black)?))
}

/// The header form of two supplies: `W:<list> B:<list>`.
pub fn supplies_to_string(supplies: &ByColor<Supply>) -> String {
    format!("W:{} B:{}", supplies[Color::White], supplies[Color::Black])
}
