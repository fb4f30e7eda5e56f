//! The states one complete turn away: every action with the removals it leads to, and the
//! removals the opponent's action left at the start of the turn.

use std::collections::HashSet;

use crate::searchable::{ActionId, NO_ACTION, Searchable};

/// How many slots the history table has; action ids share them modulo this.
pub(crate) const HISTORY_SLOTS: usize = 1024;

/// A state one complete turn away.
#[derive(Clone, Debug)]
pub(crate) struct Child<S> {
    pub position: S,
    pub key: u64,
    pub push: ActionId,
    /// Move-ordering priority, higher first.
    pub order: i64,
}

/// Fills `out` with the states after every complete turn of the player to move, each
/// once: sequences of decisions (or two entries onto one empty spot) that give the same
/// state are searched once. The children come in key order (the search orders them).
pub(crate) fn expand<S: Searchable>(position: &S, out: &mut Vec<Child<S>>) {
    out.clear();
    position.each_turn(&mut |next, _, push| {
        out.push(Child {
            key: next.key(),
            position: next,
            push,
            order: 0,
        });
    });
    // Sorting, not a scan per child: a crowded tournament position can have thousands of
    // turns (every subset of the GIPF-pieces of standing rows, after every push).
    out.sort_unstable_by_key(|child| child.key);
    out.dedup_by_key(|child| child.key);
}

/// Every distinct complete turn with the state after it and its key, each state once
/// (the first turn found that leads to it kept), in the order found.
pub(crate) fn expand_turns<S: Searchable>(position: &S) -> Vec<(S::Turn, S, u64)> {
    let mut all = Vec::new();
    position.each_turn(&mut |next, turn, _| {
        if let Some(turn) = turn {
            let key = next.key();
            all.push((turn, next, key));
        }
    });
    let mut seen = HashSet::with_capacity(all.len());
    all.retain(|(_, _, key)| seen.insert(*key));
    all
}

/// Whether an action id is a real action (not a turn that ended before it).
pub(crate) fn is_action(id: ActionId) -> bool {
    id != NO_ACTION
}

#[cfg(test)]
mod tests {
    use super::*;
    use gipf::random::Rng;
    use gipf::{Position, Variant};

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
