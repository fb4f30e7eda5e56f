use std::fmt;

use super::{GameName, OptionsError, Supply, SupplyError, parse_supplies, supplies_to_string};
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
/// assert!(Options::parse("standard", None).unwrap().is_plain());
/// ```
///
/// Its fields are private: every `Options` is checked (each supply fits its reserve, and
/// Ultimate GIPF has its own), and whether a game is played with potentials is decided
/// here, by [`Options::is_plain`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// The game whose board and rules are used (Ultimate GIPF: the tournament game).
    variant: Variant,
    /// Ultimate GIPF: 21 basic pieces each, the fixed supply T3 Z3 D3 Y3 P3.
    ultimate: bool,
    /// Each player's supply at the start.
    supply: ByColor<Supply>,
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
    pub fn parse(game: &str, potentials: Option<&str>) -> Result<Options, OptionsError> {
        let game: GameName = game.parse()?;
        let supply = match (game, potentials.map(parse_supplies)) {
            // Ultimate GIPF's supply is fixed: anything unreadable is not it either.
            (GameName::Ultimate, Some(Err(_))) => return Err(SupplyError::UltimateFixed.into()),
            (_, supply) => supply.transpose()?,
        };
        Options::of(game, supply)
    }

    /// The game `game` names with the supplies `supply` (none: empty ones), checked as
    /// [`Options::new`] does. `ultimate` accepts only its own supply.
    pub fn of(game: GameName, supply: Option<ByColor<Supply>>) -> Result<Options, OptionsError> {
        match game {
            GameName::Ultimate => {
                let ultimate = Options::ultimate();
                match supply {
                    Some(supply) if supply != ultimate.supply => {
                        Err(SupplyError::UltimateFixed.into())
                    }
                    _ => Ok(ultimate),
                }
            }
            GameName::Variant(variant) => Ok(Options::new(variant, supply.unwrap_or_default())?),
        }
    }

    /// The game whose board and rules are used (Ultimate GIPF: the tournament game).
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Whether this is Ultimate GIPF.
    pub fn is_ultimate(&self) -> bool {
        self.ultimate
    }

    /// Each player's supply at the start.
    pub fn supply(&self) -> &ByColor<Supply> {
        &self.supply
    }

    /// The game's name, as [`Options::parse`] reads it.
    pub fn game_name(&self) -> GameName {
        if self.ultimate {
            GameName::Ultimate
        } else {
            GameName::Variant(self.variant)
        }
    }

    /// Whether the game is played without potentials: neither Ultimate GIPF nor a supply on
    /// either side. The one place this is decided.
    pub fn is_plain(&self) -> bool {
        !self.ultimate && !self.has_potentials()
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
        self.game_name().to_string()
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
