//! A match's player as the command line writes it (a level, `random`, `greedy`,
//! `reference`, `<n>ms`, `d<n>`, `d<n>~<noise>`), and one evaluation weight or search option
//! changed for one player (`first.mover_three=40`): read once, for `gipf-bot selfplay`.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::selfplay::Player;
use crate::{Level, Limits, Tuning, Weights};

/// Why a text is no player, or a change no player can take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerError {
    /// `d<n>~<noise>` with an unreadable depth.
    Depth(String),
    /// `d<n>~<noise>` with an unreadable noise.
    Noise(String),
    /// Not a player at all.
    NotAPlayer(String),
    /// A change not written `first.<name>=<value>` or `second.<name>=<value>`.
    NotAChange(String),
    /// No weight or search option has this name.
    NoWeight(String),
    /// The random or greedy player has no weights to change.
    Untunable(Player),
}

impl fmt::Display for PlayerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerError::Depth(text) => write!(f, "`{text}`: depth?"),
            PlayerError::Noise(text) => write!(f, "`{text}`: noise?"),
            PlayerError::NotAPlayer(text) => write!(
                f,
                "`{text}` is not a player: easy, medium, hard, random, <n>ms or d<n>"
            ),
            PlayerError::NotAChange(text) => write!(
                f,
                "`{text}` is not a change: write first.<weight>=<value> or second.<weight>=<value>"
            ),
            PlayerError::NoWeight(name) => write!(f, "no weight is called `{name}`"),
            PlayerError::Untunable(player) => write!(f, "the {player} player has no weights"),
        }
    }
}

impl std::error::Error for PlayerError {}

impl FromStr for Player {
    type Err = PlayerError;

    fn from_str(text: &str) -> Result<Player, PlayerError> {
        match text {
            "random" => return Ok(Player::Random),
            "greedy" => return Ok(Player::Greedy),
            // The classical reference: five turns deep on material and centre.
            "reference" => return Ok(Player::Tuned(Limits::depth(5), reference())),
            _ => {}
        }
        if let Ok(level) = text.parse::<Level>() {
            return Ok(level.into());
        }
        if let Some(millis) = text.strip_suffix("ms").and_then(|m| m.parse().ok()) {
            return Ok(Player::Engine(Limits::time(Duration::from_millis(millis))));
        }
        if let Some(depth) = text.strip_prefix('d').and_then(|d| d.parse().ok()) {
            return Ok(Player::Engine(Limits::depth(depth)));
        }
        // `d2~200`: 2 turns deep with scores blurred by up to 200, like the easy level.
        let Some((depth, noise)) = text.strip_prefix('d').and_then(|d| d.split_once('~')) else {
            return Err(PlayerError::NotAPlayer(text.to_string()));
        };
        Ok(Player::Engine(Limits {
            time: Some(Duration::from_millis(50)),
            max_depth: depth
                .parse()
                .map_err(|_| PlayerError::Depth(text.to_string()))?,
            noise: noise
                .parse()
                .map_err(|_| PlayerError::Noise(text.to_string()))?,
        }))
    }
}

/// The classical reference engine's tuning: material and centre, no reductions, no
/// quiescence.
fn reference() -> Tuning {
    Tuning {
        weights: Weights::material_and_centre(),
        reductions: false,
        quiescence: 0,
        table: true,
    }
}

/// One evaluation weight (names as in [`Weights`]) or search option (`reductions`,
/// `quiescence`) changed for the first or the second player: `first.mover_three=40`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The first player's (else the second's).
    pub first: bool,
    /// The weight or option.
    pub name: String,
    /// Its new value.
    pub value: i32,
}

impl FromStr for Change {
    type Err = PlayerError;

    fn from_str(text: &str) -> Result<Change, PlayerError> {
        let wrong = || PlayerError::NotAChange(text.to_string());
        let (key, value) = text.split_once('=').ok_or_else(wrong)?;
        let first = match key.split_once('.') {
            Some(("first", _)) => true,
            Some(("second", _)) => false,
            _ => return Err(wrong()),
        };
        let name = key.split_once('.').map_or("", |(_, name)| name);
        Ok(Change {
            first,
            name: name.to_string(),
            value: value.parse().map_err(|_| wrong())?,
        })
    }
}

impl Player {
    /// This player with `change` made (its side is the caller's business).
    pub fn changed(self, change: &Change) -> Result<Player, PlayerError> {
        let (limits, mut tuning) = match self {
            Player::Engine(limits) => (limits, Tuning::default()),
            Player::Tuned(limits, tuning) => (limits, tuning),
            Player::Random | Player::Greedy => return Err(PlayerError::Untunable(self)),
        };
        match change.name.as_str() {
            "reductions" => tuning.reductions = change.value != 0,
            "quiescence" => tuning.quiescence = change.value.max(0) as u32,
            name => *weight(&mut tuning.weights, name)? = change.value,
        }
        Ok(Player::Tuned(limits, tuning))
    }
}

/// The weight called `name`.
fn weight<'a>(weights: &'a mut Weights, name: &str) -> Result<&'a mut i32, PlayerError> {
    Ok(match name {
        "captured" => &mut weights.captured,
        "reserve" => &mut weights.reserve,
        "low_reserve" => &mut weights.low_reserve,
        "gipf" => &mut weights.gipf,
        "last_gipf" => &mut weights.last_gipf,
        "exposed_gipf" => &mut weights.exposed_gipf,
        "centre" => &mut weights.centre,
        "inner_ring" => &mut weights.inner_ring,
        "mover_three" => &mut weights.mover_three,
        "waiting_three" => &mut weights.waiting_three,
        "tempo" => &mut weights.tempo,
        "reach" => &mut weights.reach,
        "supply" => &mut weights.supply,
        "loaded_t" => &mut weights.loaded[0],
        "loaded_z" => &mut weights.loaded[1],
        "loaded_d" => &mut weights.loaded[2],
        "loaded_y" => &mut weights.loaded[3],
        "loaded_p" => &mut weights.loaded[4],
        other => return Err(PlayerError::NoWeight(other.to_string())),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_and_changes_read_as_the_tuning_runs_write_them() {
        assert_eq!("hard".parse(), Ok(Player::from(Level::Hard)));
        assert_eq!("random".parse(), Ok(Player::Random));
        assert_eq!("d3".parse(), Ok(Player::Engine(Limits::depth(3))));
        let blurred: Player = "d2~200".parse().unwrap();
        assert!(matches!(blurred, Player::Engine(l) if l.max_depth == 2 && l.noise == 200));
        let error = "d2~x".parse::<Player>().unwrap_err();
        assert_eq!(error.to_string(), "`d2~x`: noise?");
        assert!("chess".parse::<Player>().is_err());
        let change: Change = "first.mover_three=40".parse().unwrap();
        assert!(change.first && change.name == "mover_three" && change.value == 40);
        let Ok(Player::Tuned(_, tuning)) = Player::from(Level::Easy).changed(&change) else {
            panic!("a tuned player");
        };
        assert_eq!(tuning.weights.mover_three, 40);
        assert!("third.tempo=1".parse::<Change>().is_err());
        let nowhere: Change = "second.nowhere=1".parse().unwrap();
        let error = Player::from(Level::Easy).changed(&nowhere).unwrap_err();
        assert_eq!(error.to_string(), "no weight is called `nowhere`");
        assert!(Player::Random.changed(&change).is_err());
    }
}
