//! The positions one complete turn away: every push with the removals it leads to, and the
//! removals the opponent's push left at the start of the turn.

use std::collections::HashSet;

use gipf::{Bitboard, Color, Decision, Pending, Position, Stage, Turn};

/// The push of a turn as a small number for killer and history tables: entry index × 2 +
/// kind (0 basic, 1 GIPF); [`NO_PUSH`] for a turn that ended the game before its push.
pub(crate) type PushId = u8;

/// A turn without a push.
pub(crate) const NO_PUSH: PushId = 84;

/// How many push ids there are, [`NO_PUSH`] included.
pub(crate) const PUSH_IDS: usize = NO_PUSH as usize + 1;

/// A position one complete turn away.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Child {
    pub position: Position,
    pub key: u64,
    pub push: PushId,
    /// Move-ordering priority, higher first.
    pub order: i64,
}

/// Fills `out` with the positions after every complete turn of the player to move, each
/// once: sequences of decisions (or two entries onto one empty spot) that give the same
/// position are searched once. The children come in key order (the search orders them).
pub(crate) fn expand(position: &Position, out: &mut Vec<Child>) {
    out.clear();
    collect(
        position,
        position.to_move(),
        NO_PUSH,
        &mut |next, _, push| {
            out.push(Child {
                key: next.zobrist(),
                position: next,
                push,
                order: 0,
            });
        },
    );
    // Sorting, not a scan per child: a crowded tournament position can have thousands of
    // turns (every subset of the GIPF-pieces of standing rows, after every push).
    out.sort_unstable_by_key(|child| child.key);
    out.dedup_by_key(|child| child.key);
}

/// Every distinct complete turn with the position after it and its key, each position
/// once (the first turn found that leads to it kept), in the order found.
pub(crate) fn expand_turns(position: &Position) -> Vec<(Turn, Position, u64)> {
    let mut all = Vec::new();
    collect(
        position,
        position.to_move(),
        NO_PUSH,
        &mut |next, turn, _| {
            if let Some(turn) = turn {
                all.push((turn, next, next.zobrist()));
            }
        },
    );
    let mut seen = HashSet::with_capacity(all.len());
    all.retain(|(_, _, key)| seen.insert(*key));
    all
}

/// Calls `emit` with the position after each way to finish the mover's turn, the turn
/// itself, and its push.
fn collect(
    position: &Position,
    mover: Color,
    push: PushId,
    emit: &mut impl FnMut(Position, Option<Turn>, PushId),
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
                    let id = (entry.index() * 2 + piece as usize) as PushId;
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
    push: PushId,
    emit: &mut impl FnMut(Position, Option<Turn>, PushId),
) {
    if next.outcome().is_none() && next.to_move() == mover {
        collect(&next, mover, push, emit);
    } else {
        emit(next, turn, push);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gipf::Variant;
    use gipf::random::Rng;

    #[test]
    fn children_are_the_distinct_positions_after_legal_turns() {
        for variant in [Variant::BASIC, Variant::Standard, Variant::Tournament] {
            for seed in 0..30 {
                let mut position = Position::new(variant);
                let mut rng = Rng::new(seed);
                for _ in 0..(seed * 7 % 60) {
                    match position.random_decision(&mut rng) {
                        Some(decision) => {
                            let _ = position.play(decision);
                        }
                        None => break,
                    }
                }
                let mut children = Vec::new();
                expand(&position, &mut children);
                let ours: Vec<u64> = children.iter().map(|c| c.key).collect();
                let mut theirs: Vec<u64> = position
                    .legal_turns()
                    .iter()
                    .map(|(_, p)| p.zobrist())
                    .collect();
                theirs.sort_unstable();
                theirs.dedup();
                // Every child is a legal turn's position, each once.
                assert!(ours.windows(2).all(|w| w[0] < w[1]));
                assert!(ours.iter().all(|k| theirs.binary_search(k).is_ok()));
                // Only choices among GIPF-pieces are left out.
                if !variant.has_gipf_pieces() {
                    assert_eq!(ours, theirs, "{variant} seed {seed}");
                }
                let turns = expand_turns(&position);
                assert_eq!(turns.len(), ours.len());
                let legal = position.legal_turns();
                for (turn, after, key) in turns {
                    assert_eq!(after.zobrist(), key);
                    assert!(legal.iter().any(|(t, p)| *t == turn && p.zobrist() == key));
                }
            }
        }
        let mut start = Vec::new();
        expand(&Position::new(Variant::Standard), &mut start);
        // 42 entries: 3 onto each occupied corner give 18 positions, 2 onto each of the
        // 12 empty edge spots give 12.
        assert_eq!(start.len(), 30);
    }
}
