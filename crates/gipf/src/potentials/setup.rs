use std::fmt;

use super::game::Phase;
use super::{Game, Options, ParseStackError, Stack, Supply};
use crate::{ByColor, Color, Point};

/// A game with potentials described by hand: for the worked examples, tests and problems.
///
/// The defaults describe a game under way: both players have played and left their GIPF
/// phase, reserves and supplies as at the start, White to move, who starts his turn.
///
/// ```
/// use gipf::potentials::{Game, Options, Setup};
/// let mut setup = Setup::new(Options::plain(gipf::Variant::BASIC));
/// setup.place_all("c3:wZ d4:b").unwrap();
/// let game = Game::from_setup(&setup);
/// assert_eq!(game.stack(gipf::Point::C3).unwrap().to_string(), "wZ");
/// assert_eq!(game.targets(gipf::potentials::Potential::Zertz, gipf::Point::C3).count(), 1);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The game.
    pub options: Options,
    /// Stacks on spots.
    pub board: Vec<(Point, Stack)>,
    /// Reserves.
    pub reserve: ByColor<u8>,
    /// Basic pieces lost.
    pub lost: ByColor<u8>,
    /// Potentials not loaded.
    pub supply: ByColor<Supply>,
    /// Potentials out of the game.
    pub out: ByColor<u8>,
    /// Phases.
    pub phase: ByColor<Phase>,
    /// Whether each player has completed a turn.
    pub played: ByColor<bool>,
    /// Whose turn it is.
    pub to_move: Color,
}

/// Why a text is not a list of stacks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlaceError {
    /// Not `<spot>:<stack>`.
    Syntax(String),
    /// A dot.
    OnDot(Point),
    /// Not a stack.
    Stack(ParseStackError),
}

impl fmt::Display for PlaceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlaceError::Syntax(s) => write!(f, "`{s}` is not `<spot>:<stack>`, like `c3:wZ`"),
            PlaceError::OnDot(p) => write!(f, "{p} is a dot: stacks rest only on spots"),
            PlaceError::Stack(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PlaceError {}

impl Setup {
    /// An empty board (see the type's defaults).
    pub fn new(options: Options) -> Setup {
        Setup {
            options,
            board: Vec::new(),
            reserve: options.reserve(),
            lost: ByColor::splat(0),
            supply: *options.supply(),
            out: ByColor::splat(0),
            phase: ByColor::splat(Phase::Loaded),
            played: ByColor::splat(true),
            to_move: Color::White,
        }
    }

    /// Places stacks written as in the examples of `docs/potentials.md`: `c3:wZ c4:B d4:b|wd`.
    pub fn place_all(&mut self, text: &str) -> Result<(), PlaceError> {
        for item in text.split_whitespace() {
            let (spot, stack) = item
                .split_once(':')
                .ok_or_else(|| PlaceError::Syntax(item.to_string()))?;
            let spot: Point = spot
                .parse()
                .map_err(|_| PlaceError::Syntax(item.to_string()))?;
            if !spot.is_spot() {
                return Err(PlaceError::OnDot(spot));
            }
            let stack = stack.parse().map_err(PlaceError::Stack)?;
            self.board.retain(|(p, _)| *p != spot);
            self.board.push((spot, stack));
        }
        Ok(())
    }
}

impl Game {
    /// The game a setup describes, with every forced decision taken.
    pub fn from_setup(setup: &Setup) -> Game {
        let mut game = Game::empty(setup.options);
        for &(spot, stack) in &setup.board {
            game.set(spot, Some(stack));
        }
        game.reserve = setup.reserve;
        game.lost = setup.lost;
        game.supply = setup.supply;
        game.out = setup.out;
        game.phase = setup.phase;
        game.played = setup.played;
        game.to_move = setup.to_move;
        game.progress = super::Turn::new(setup.to_move);
        game.settle(&mut Vec::new());
        game
    }
}
