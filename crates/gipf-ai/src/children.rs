//! The positions one complete turn away: every push with the removals it leads to, and the
//! removals the opponent's push left at the start of the turn.

use gipf::{Decision, Position, Stage};

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
/// position are searched once.
pub(crate) fn expand(position: &Position, out: &mut Vec<Child>) {
    out.clear();
    collect(position, position.to_move() as u8, NO_PUSH, out);
}

fn collect(position: &Position, mover: u8, push: PushId, out: &mut Vec<Child>) {
    if position.stage() == Stage::Push {
        // At most two kinds: kept in an array, no allocation on the hot path.
        let mut kinds = [None; 2];
        for (slot, kind) in kinds.iter_mut().zip(position.legal_kinds()) {
            *slot = Some(kind);
        }
        for entry in position.legal_entries() {
            for piece in kinds.into_iter().flatten() {
                let mut next = *position;
                if next.play(Decision::Push { entry, piece }).is_ok() {
                    let id = (entry.index() * 2 + piece as usize) as PushId;
                    settle(next, mover, id, out);
                }
            }
        }
    } else {
        for decision in position.legal_decisions() {
            let mut next = *position;
            if next.play(decision).is_ok() {
                settle(next, mover, push, out);
            }
        }
    }
}

/// Adds `next` if the turn is over, or goes on with the mover's next decision.
fn settle(next: Position, mover: u8, push: PushId, out: &mut Vec<Child>) {
    if next.outcome().is_none() && next.to_move() as u8 == mover {
        collect(&next, mover, push, out);
        return;
    }
    let key = next.zobrist();
    if out.iter().all(|child| child.key != key) {
        out.push(Child {
            position: next,
            key,
            push,
            order: 0,
        });
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
                let mut ours: Vec<u64> = children.iter().map(|c| c.key).collect();
                let mut theirs: Vec<u64> = position
                    .legal_turns()
                    .iter()
                    .map(|(_, p)| p.zobrist())
                    .collect();
                ours.sort_unstable();
                theirs.sort_unstable();
                theirs.dedup();
                assert_eq!(ours, theirs, "{variant} seed {seed}");
            }
        }
        let mut start = Vec::new();
        expand(&Position::new(Variant::Standard), &mut start);
        // 42 entries: 3 onto each occupied corner give 18 positions, 2 onto each of the
        // 12 empty edge spots give 12.
        assert_eq!(start.len(), 30);
    }
}
