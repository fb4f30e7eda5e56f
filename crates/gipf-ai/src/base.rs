//! The base game on its fast machine, [`Position`]: what the search needs of it.

use gipf::{Bitboard, Color, Decision, Outcome, Pending, Position, Setup, Stage, Turn};

use crate::eval::{Board, open_threes};
use crate::searchable::{ActionId, NO_ACTION, Searchable};
use crate::{Score, TurnError, Weights};

impl Searchable for Position {
    type Turn = Turn;

    fn to_move(&self) -> Color {
        Position::to_move(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        Position::outcome(self)
    }

    fn key(&self) -> u64 {
        self.zobrist()
    }

    fn lost(&self, color: Color) -> u8 {
        Position::lost(self, color)
    }

    fn reserve(&self, color: Color) -> u8 {
        Position::reserve(self, color)
    }

    fn gipf_count(&self, color: Color) -> u32 {
        (self.pieces(color) & self.gipf_pieces()).count()
    }

    fn pieces(&self, color: Color) -> Bitboard {
        Position::pieces(self, color)
    }

    fn at_action(&self) -> bool {
        self.stage() == Stage::Push
    }

    fn each_turn(&self, emit: &mut dyn FnMut(Position, Option<Turn>, ActionId)) {
        collect(self, Position::to_move(self), NO_ACTION, emit);
    }

    fn evaluate(&self, weights: &Weights) -> Score {
        Board::of(self).value(weights)
    }

    fn open_threes(&self, color: Color) -> Score {
        let empty = !self.occupied().bits() & Bitboard::ALL_SPOTS.bits();
        open_threes(self.pieces(color).bits(), empty)
    }

    fn passed(&self) -> Option<Position> {
        let mut setup = Setup::new(self.variant());
        for spot in self.occupied().iter() {
            setup.board.push((spot, self.piece_at(spot)?));
        }
        setup.reserve = gipf::ByColor::from_fn(|c| Position::reserve(self, c));
        setup.lost = gipf::ByColor::from_fn(|c| Position::lost(self, c));
        setup.to_move = !Position::to_move(self);
        setup.played = gipf::ByColor::splat(true);
        setup.gipf_phase = gipf::ByColor::from_fn(|c| self.in_gipf_phase(c));
        Position::from_setup(&setup).ok()
    }

    fn removed(turn: &Turn) -> (u32, u32) {
        let removed = (turn.start.spots | turn.after.spots).count();
        (removed, (turn.start.captured | turn.after.captured).count())
    }

    fn play_notation(&mut self, text: &str) -> Result<(), TurnError> {
        Position::play_notation(self, text)
            .map(drop)
            .map_err(TurnError::Base)
    }
}

/// Calls `emit` with the position after each way to finish the mover's turn, the turn
/// itself, and its push.
fn collect(
    position: &Position,
    mover: Color,
    push: ActionId,
    emit: &mut dyn FnMut(Position, Option<Turn>, ActionId),
) {
    if position.stage() == Stage::Push {
        // At most two kinds: kept in an array, no allocation on the hot path.
        let mut kinds = [None; 2];
        for (slot, kind) in kinds.iter_mut().zip(position.legal_kinds()) {
            *slot = Some(kind);
        }
        for entry in position.legal_entries() {
            for piece in kinds.into_iter().flatten() {
                let mut next = *position;
                if let Ok(done) = next.play(Decision::Push { entry, piece }) {
                    let id = (entry.index() * 2 + piece as usize) as ActionId;
                    settle(next, done.by(mover).copied(), mover, id, emit);
                }
            }
        }
    } else {
        for decision in sensible_decisions(position, mover) {
            let mut next = *position;
            if let Ok(done) = next.play(decision) {
                settle(next, done.by(mover).copied(), mover, push, emit);
            }
        }
    }
}

/// The removal decisions worth searching. Of the GIPF-pieces in a row being removed, only
/// three choices: the opponent's taken and one's own kept, all taken, or none. Every subset
/// is legal, but with standing rows they multiply into thousands of turns after every
/// push, and the subsets in between are hardly ever better: a capture never hurts the
/// capturer, and keeping some of one's own GIPF-pieces but not all is a fine point the
/// search gives up for speed.
fn sensible_decisions(position: &Position, mover: Color) -> Vec<Decision> {
    match position.pending() {
        Pending::TakeGipf { gipf, .. } => {
            let theirs = gipf & position.pieces(!mover);
            let mut choices = vec![Decision::Take(theirs)];
            for take in [gipf, Bitboard::EMPTY] {
                if !choices.contains(&Decision::Take(take)) {
                    choices.push(Decision::Take(take));
                }
            }
            choices
        }
        _ => position.legal_decisions(),
    }
}

/// Emits `next` if the turn is over, or goes on with the mover's next decision.
fn settle(
    next: Position,
    turn: Option<Turn>,
    mover: Color,
    push: ActionId,
    emit: &mut dyn FnMut(Position, Option<Turn>, ActionId),
) {
    if next.outcome().is_none() && next.to_move() == mover {
        collect(&next, mover, push, emit);
    } else {
        emit(next, turn, push);
    }
}
