use std::fmt;

use super::{Supply, SupplyError, parse_supplies, supplies_to_string};
use crate::{ByColor, Color, Variant};

/// Which game with which potentials (`docs/potentials.md` §2): one of the three games with a
/// supply per player, or Ultimate GIPF.
///
/// ```
/// use gipf::Variant;
/// use gipf::potentials::Options;
/// let ultimate = Options::ultimate();
/// assert_eq!(ultimate.name(), "ultimate");
/// assert_eq!(ultimate.reserve(), gipf::ByColor::splat(21));
/// let standard = Options::parse("standard", Some("W:Z3,D3 B:Z3,D3")).unwrap();
/// assert!(standard.has_potentials());
/// assert_eq!(standard.to_string(), "standard W:Z3,D3 B:Z3,D3");
/// // Too many: a standard reserve is 12.
/// assert!(Options::parse("standard", Some("TZDYP:3")).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// The game whose board and rules are used (Ultimate GIPF: the tournament game).
    pub variant: Variant,
    /// Ultimate GIPF: 21 basic pieces each, the fixed supply T3 Z3 D3 Y3 P3.
    pub ultimate: bool,
    /// Each player's supply at the start.
    pub supply: ByColor<Supply>,
}

impl Options {
    /// Ultimate GIPF.
    pub const fn ultimate() -> Options {
        Options {
            variant: Variant::Tournament,
            ultimate: true,
            supply: ByColor::splat(Supply::ULTIMATE),
        }
    }

    /// One of the three games with the given supplies, checked: each kind 0 or 3 to 6, and
    /// a total no larger than the player's reserve at the start.
    pub fn new(variant: Variant, supply: ByColor<Supply>) -> Result<Options, SupplyError> {
        let options = Options {
            variant,
            ultimate: false,
            supply,
        };
        for color in Color::ALL {
            let supply = &options.supply[color];
            supply.check()?;
            let cap = options.reserve()[color];
            if supply.total() > cap as u32 {
                return Err(SupplyError::OverCap {
                    color,
                    total: supply.total(),
                    cap,
                });
            }
        }
        Ok(options)
    }

    /// A game without potentials.
    pub const fn plain(variant: Variant) -> Options {
        Options {
            variant,
            ultimate: false,
            supply: ByColor::splat(Supply([0; 5])),
        }
    }

    /// Reads a game name (`basic+2`, `standard`, `tournament`, `ultimate`...) and the
    /// header's or the chat's form of the supplies. `ultimate` accepts only its own supply.
    pub fn parse(variant: &str, potentials: Option<&str>) -> Result<Options, String> {
        if variant.trim().eq_ignore_ascii_case("ultimate") {
            let ultimate = Options::ultimate();
            return match potentials.map(parse_supplies) {
                None => Ok(ultimate),
                Some(Ok(supply)) if supply == ultimate.supply => Ok(ultimate),
                Some(_) => Err(SupplyError::UltimateFixed.to_string()),
            };
        }
        let variant: Variant = variant.parse().map_err(|e| format!("{e}, or `ultimate`"))?;
        let supply = match potentials {
            Some(text) => parse_supplies(text).map_err(|e| e.to_string())?,
            None => ByColor::default(),
        };
        Options::new(variant, supply).map_err(|e| e.to_string())
    }

    /// Reserves at the start (Ultimate GIPF: 21 each).
    pub fn reserve(&self) -> ByColor<u8> {
        if self.ultimate {
            ByColor::splat(21)
        } else {
            self.variant.initial_reserve()
        }
    }

    /// Whether either player has potentials at the start.
    pub fn has_potentials(&self) -> bool {
        !self.supply[Color::White].is_empty() || !self.supply[Color::Black].is_empty()
    }

    /// The game's name: `ultimate`, or the variant's (`basic+2`, `standard`...).
    pub fn name(&self) -> String {
        if self.ultimate {
            "ultimate".to_string()
        } else {
            self.variant.to_string()
        }
    }

    /// Whether players bring in their GIPF-pieces (tournament and ultimate).
    pub(crate) fn tournament_rules(&self) -> bool {
        self.variant == Variant::Tournament
    }

    /// The record header's `Potentials` value, if the game has one (never for ultimate).
    pub fn header(&self) -> Option<String> {
        (!self.ultimate && self.has_potentials()).then(|| supplies_to_string(&self.supply))
    }
}

impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())?;
        if let Some(header) = self.header() {
            write!(f, " {header}")?;
        }
        Ok(())
    }
}
