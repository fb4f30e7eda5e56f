//! A game without potentials, held by the potentials machine, moved onto the base game's
//! faster [`Position`]: the engine searches it there.

use std::fmt;

use crate::potentials::game::Stage as GameStage;
use crate::potentials::{Action, Base, Game, Group, Mark, PieceKind};
use crate::{Bitboard, ByColor, Kind, Position, Push, Removed, Turn};

use super::Stage;

/// Why a [`Game`] has no [`Position`]: it is played with potentials.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HasPotentials;

impl fmt::Display for HasPotentials {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the game is played with potentials: the base game cannot hold it")
    }
}

impl std::error::Error for HasPotentials {}

/// The spots, GIPF-pieces and captures of the groups of a turn, as one removal.
fn removed(groups: &[Group]) -> Removed {
    let mut removed = Removed::default();
    for item in groups.iter().flatten() {
        removed.spots.insert(item.spot);
        if item.mark == Mark::Gipf {
            removed.gipf.insert(item.spot);
        }
        if item.opponent {
            removed.captured.insert(item.spot);
        }
    }
    removed
}

impl TryFrom<&Game> for Position {
    type Error = HasPotentials;

    /// The same game at the same point of the same turn, as the base game's machine holds
    /// it: equal to the [`Position`] that the same decisions give (the tests check this at
    /// every decision of random games). Only a game without potentials has one.
    ///
    /// ```
    /// use gipf::potentials::{Game, Options};
    /// use gipf::{Position, Variant};
    /// let mut game = Game::new(Options::plain(Variant::Tournament));
    /// let mut position = Position::new(Variant::Tournament);
    /// game.play_notation("Gb1-c2").unwrap();
    /// position.play_notation("Gb1-c2").unwrap();
    /// assert_eq!(Position::try_from(&game), Ok(position));
    /// assert!(Position::try_from(&Game::new(Options::ultimate())).is_err());
    /// ```
    fn try_from(game: &Game) -> Result<Position, HasPotentials> {
        if !game.options.is_plain() {
            return Err(HasPotentials);
        }
        let stage = match game.stage {
            GameStage::Start => Stage::Start,
            GameStage::Action => Stage::Push,
            GameStage::After => Stage::After,
            GameStage::Tamsk => return Err(HasPotentials),
        };
        let mut gipf = Bitboard::EMPTY;
        for spot in game.occupied.iter() {
            match game.stack(spot).map(|s| (s.base, s.covers)) {
                Some((Base::Basic, 0)) => {}
                Some((Base::Gipf, 0)) => gipf.insert(spot),
                _ => return Err(HasPotentials),
            }
        }
        let progress = &game.progress;
        let push = match &progress.action {
            None => None,
            Some(Action::Push {
                piece,
                path,
                extras,
            }) if extras.is_empty() => Some(Push {
                entry: path.entry,
                kind: match piece {
                    PieceKind::Basic => Kind::Basic,
                    PieceKind::Gipf => Kind::Gipf,
                    PieceKind::Loaded(_) => return Err(HasPotentials),
                },
                end: path.end,
            }),
            Some(_) => return Err(HasPotentials),
        };
        Ok(Position {
            variant: game.options.variant(),
            pieces: game.tops,
            gipf,
            reserve: game.reserve,
            lost: game.lost,
            to_move: game.to_move,
            gipf_phase: ByColor::from_fn(|c| game.phase[c] == crate::potentials::Phase::Gipf),
            played: game.played,
            stage,
            dealt: game.dealt,
            selected: game.selected,
            progress: Turn {
                color: progress.color,
                start: removed(&progress.before),
                push,
                after: removed(&progress.after),
                reserve: progress.reserve,
            },
            outcome: game.outcome,
            plies: game.plies,
        })
    }
}
