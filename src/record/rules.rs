//! What game a record is: its header's `Variant` and `Potentials` (`docs/potentials.md`
//! §10), checked against the command line's `--variant` and `--potentials`, read once into a
//! [`GameSpec`].

use std::fmt;

use gipf::ByColor;
use gipf::potentials::{
    GameName, Options, OptionsError, Supply, SupplyError, parse_supplies, supplies_to_string,
};

use super::Header;
use crate::model::GameSpec;

/// Why a record's header and the command line make no game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// The header's `Variant` names no game.
    Variant(OptionsError),
    /// The header's `Potentials` is no supply.
    Potentials(SupplyError),
    /// The header and the command line name different values of tag `tag`.
    Disagree {
        /// `Variant` or `Potentials`.
        tag: &'static str,
        /// The header's value, as the bot writes it.
        header: String,
        /// The command line's value, as the bot writes it.
        flag: String,
    },
    /// The game and the supplies do not go together.
    Game(OptionsError),
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Variant(error) => write!(f, "the header's Variant: {error}"),
            RulesError::Potentials(error) => write!(f, "the header's Potentials: {error}"),
            RulesError::Disagree { tag, header, flag } => write!(
                f,
                "the header's {tag} is `{header}` and the command line's `{flag}`: leave one out"
            ),
            RulesError::Game(error) => write!(f, "{error}"),
        }
    }
}

impl std::error::Error for RulesError {}

/// One of two values, which must agree when both are given; `text` writes them.
fn agree<T: PartialEq>(
    tag: &'static str,
    header: Option<T>,
    flag: Option<T>,
    text: impl Fn(&T) -> String,
) -> Result<Option<T>, RulesError> {
    match (header, flag) {
        (Some(h), Some(f)) if h != f => Err(RulesError::Disagree {
            tag,
            header: text(&h),
            flag: text(&f),
        }),
        (h, f) => Ok(h.or(f)),
    }
}

impl Header {
    /// The rules the header names, checked against the command line's `--variant` and
    /// `--potentials` (either side may be left out; they must not differ). Without either,
    /// the tournament game without potentials.
    pub fn rules(
        &self,
        game: Option<GameName>,
        potentials: Option<ByColor<Supply>>,
    ) -> Result<GameSpec, RulesError> {
        let written = (self.get("Variant").map(str::parse::<GameName>))
            .transpose()
            .map_err(RulesError::Variant)?;
        let game = agree("Variant", written, game, GameName::to_string)?;
        let written = (self.get("Potentials").map(parse_supplies))
            .transpose()
            .map_err(RulesError::Potentials)?;
        let supply = agree("Potentials", written, potentials, supplies_to_string)?;
        let game = game.unwrap_or(GameName::Variant(gipf::Variant::Tournament));
        let options = Options::of(game, supply).map_err(RulesError::Game)?;
        Ok(GameSpec::from(options))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::header;
    use gipf::Variant;

    const RECORD: &str =
        "[Variant \"standard\"]\n[Potentials \"W:Z3,D3 B:Z3,D3\"]\nZc2 (11)\nDd7 (11)\n";

    fn game(name: &str) -> Option<GameName> {
        Some(name.parse().unwrap())
    }

    fn supplies(text: &str) -> Option<ByColor<Supply>> {
        Some(parse_supplies(text).unwrap())
    }

    #[test]
    fn header_and_command_line_must_agree() {
        let header = header(RECORD).unwrap();
        assert!(header.rules(game("standard"), supplies("ZD:3")).is_ok());
        let error = header.rules(None, supplies("Z3")).unwrap_err().to_string();
        assert!(error.contains("leave one out"), "{error}");
        assert!(header.rules(game("tournament"), None).is_err());
        let plain = Header::default();
        assert_eq!(
            plain.rules(None, None),
            Ok(GameSpec::Plain(Variant::Tournament))
        );
        assert_eq!(
            plain.rules(game("ultimate"), None),
            Ok(GameSpec::Potentials(Options::ultimate()))
        );
        let ultimate =
            super::super::header("[Variant \"ultimate\"]\n[Potentials \"Z3\"]\n").unwrap();
        assert!(
            ultimate
                .rules(None, None)
                .unwrap_err()
                .to_string()
                .contains("fixed supply")
        );
        let bad = super::super::header("[Potentials \"Z:2\"]\n").unwrap();
        let error = bad.rules(None, None).unwrap_err().to_string();
        assert!(error.contains("0, or 3 to 6"), "{error}");
    }
}
