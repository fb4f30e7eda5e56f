//! Every game on the rules crate's machine for potentials, [`Game`]: what the search needs
//! of it, and what the evaluation adds for loaded pieces, their powers and the supplies.

use gipf::potentials::{Decision, Game, Item, Mark, Pending, PieceKind, Potential, Setup, Turn};
use gipf::{Bitboard, ByColor, Color, Outcome};

use crate::eval::{Board, open_threes};
use crate::searchable::{ActionId, NO_ACTION, Searchable};
use crate::{Score, TurnError, Weights};

impl Searchable for Game {
    type Turn = Turn;

    fn to_move(&self) -> Color {
        Game::to_move(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn key(&self) -> u64 {
        Game::key(self)
    }

    fn lost(&self, color: Color) -> u8 {
        Game::lost(self, color)
    }

    fn reserve(&self, color: Color) -> u8 {
        Game::reserve(self, color)
    }

    fn gipf_count(&self, color: Color) -> u32 {
        self.gipf_pieces(color).count()
    }

    fn pieces(&self, color: Color) -> Bitboard {
        Game::pieces(self, color)
    }

    fn at_action(&self) -> bool {
        matches!(self.pending(), Pending::Action)
    }

    fn each_turn(&self, emit: &mut dyn FnMut(Game, Option<Turn>, ActionId)) {
        collect(self, Game::to_move(self), NO_ACTION, emit);
    }

    fn evaluate(&self, weights: &Weights) -> Score {
        let board = board(self);
        let me = board.mover;
        board.value(weights) + powers(self, me, weights) - powers(self, !me, weights)
    }

    fn open_threes(&self, color: Color) -> Score {
        let empty = !self.occupied().bits() & Bitboard::ALL_SPOTS.bits();
        open_threes(self.pieces(color).bits(), empty)
    }

    fn passed(&self) -> Option<Game> {
        let mut setup = Setup::new(self.options());
        setup.board = self.stacks().collect();
        setup.reserve = ByColor::from_fn(|c| Game::reserve(self, c));
        setup.lost = ByColor::from_fn(|c| Game::lost(self, c));
        setup.supply = ByColor::from_fn(|c| self.supply(c));
        setup.out = ByColor::from_fn(|c| self.out_of_game(c));
        setup.phase = ByColor::from_fn(|c| self.phase(c));
        setup.played = ByColor::splat(true);
        setup.to_move = !Game::to_move(self);
        Some(Game::from_setup(&setup))
    }

    fn removed(turn: &Turn) -> (u32, u32) {
        let items = || turn.before.iter().chain(&turn.after).flatten();
        let pieces = |item: &Item| u32::from(item.mark != Mark::Used);
        let removed = items().map(pieces).sum();
        let captured = items().filter(|i| i.opponent).map(pieces).sum();
        (removed, captured)
    }

    fn play_notation(&mut self, text: &str) -> Result<(), TurnError> {
        Game::play_notation(self, text)
            .map(drop)
            .map_err(TurnError::Potentials)
    }
}

/// What the base game's evaluation looks at, read off the machine for potentials: the
/// top of a stack decides its colour.
fn board(game: &Game) -> Board {
    Board {
        mover: Game::to_move(game),
        pieces: ByColor::from_fn(|c| game.pieces(c).bits()),
        gipf: ByColor::from_fn(|c| game.gipf_pieces(c).bits()),
        empty: !game.occupied().bits() & Bitboard::ALL_SPOTS.bits(),
        reserve: ByColor::from_fn(|c| Game::reserve(game, c)),
        lost: ByColor::from_fn(|c| Game::lost(game, c)),
        gipf_game: game.options().variant().has_gipf_pieces(),
    }
}

/// The slot of a potential in [`Weights::loaded`]: T, Z, D, Y, P.
fn slot(kind: Potential) -> usize {
    match kind {
        Potential::Tamsk => 0,
        Potential::Zertz => 1,
        Potential::Dvonn => 2,
        Potential::Yinsh => 3,
        Potential::Punct => 4,
    }
}

/// What `color`'s potentials are worth: each uncovered loaded piece by its kind, each spot
/// its power can reach now, and each potential still in the supply.
fn powers(game: &Game, color: Color, weights: &Weights) -> Score {
    let supply = game.supply(color).total() as Score * weights.supply;
    if game.potentials_on_board(color) == 0 {
        return supply;
    }
    let mut value = supply;
    for spot in game.pieces(color).iter() {
        let Some(kind) = game.stack(spot).and_then(|s| s.uncovered_loaded()) else {
            continue;
        };
        value += weights.loaded[slot(kind)];
        if kind.moves() {
            value += weights.reach * game.targets(kind, spot).count() as Score;
        }
    }
    value
}

/// A small number for an action, equal for equal actions in sibling states.
fn action_id(decision: &Decision) -> Option<ActionId> {
    // A spot's bit, 0 to 63.
    let spot = |p: gipf::Point| p.bitboard().bits().trailing_zeros() as ActionId;
    match *decision {
        Decision::Push { entry, piece } => {
            let kind = match piece {
                PieceKind::Basic => 0,
                PieceKind::Gipf => 1,
                PieceKind::Loaded(kind) => 2 + slot(kind) as ActionId,
            };
            Some(entry.index() as ActionId * 8 + kind)
        }
        Decision::Move { kind, from, to } => {
            Some(336 + (slot(kind) as ActionId * 64 + spot(from)) * 64 + spot(to))
        }
        _ => None,
    }
}

/// Calls `emit` with the game after each way to finish the mover's turn, the turn itself,
/// and the id of its action.
fn collect(
    game: &Game,
    mover: Color,
    action: ActionId,
    emit: &mut dyn FnMut(Game, Option<Turn>, ActionId),
) {
    for decision in sensible_decisions(game, mover) {
        let mut next = game.clone();
        let Ok(done) = next.play(decision) else {
            continue;
        };
        let id = action_id(&decision).unwrap_or(action);
        match done.into_iter().find(|t| t.color == mover) {
            Some(turn) => emit(next, Some(turn), id),
            None if next.outcome().is_some() => emit(next, None, id),
            None => collect(&next, mover, id, emit),
        }
    }
}

/// The decisions worth searching. Of the optional pieces of a row (GIPF-pieces and loaded
/// pieces), only three choices, as in the base game: the opponent's taken and one's own
/// kept, all taken, none taken; the subsets in between multiply the turns for a fine point
/// (and where none of the three is legal, every legal choice is searched).
fn sensible_decisions(game: &Game, mover: Color) -> Vec<Decision> {
    let decisions = game.legal_decisions();
    let Pending::Remove { optional, .. } = game.pending() else {
        return decisions;
    };
    let sensible = [optional & game.pieces(!mover), optional, Bitboard::EMPTY];
    let chosen: Vec<Decision> = decisions
        .iter()
        .copied()
        .filter(|d| matches!(d, Decision::Take(set) if sensible.contains(set)))
        .collect();
    if chosen.is_empty() { decisions } else { chosen }
}
