//! The root of a search: the player's complete turns, each with the position it leads to.

use gipf::Color;
use gipf::random::Rng;

use crate::Score;
use crate::children::expand_turns;
use crate::score::{INFINITY, is_decided};
use crate::search::Search;
use crate::searchable::Searchable;

/// One candidate turn at the root.
#[derive(Clone, Debug)]
pub(crate) struct RootMove<S: Searchable> {
    pub turn: S::Turn,
    pub position: S,
    pub key: u64,
    /// The score of the last iteration that searched it (an upper bound for a turn that
    /// was only shown to be no better than the best).
    pub score: Score,
    /// The seeded blur added to its score when choosing (0 at full strength).
    pub noise: Score,
}

/// Every distinct complete turn, each position once (the first notation kept).
pub(crate) fn root_moves<S: Searchable>(position: &S, noise: Score, seed: u64) -> Vec<RootMove<S>> {
    expand_turns(position)
        .into_iter()
        .map(|(turn, after, key)| {
            let blur = if noise > 0 {
                let mut rng = Rng::new(seed ^ key);
                rng.below(2 * noise as usize + 1) as Score - noise
            } else {
                0
            };
            RootMove {
                turn,
                position: after,
                key,
                score: 0,
                noise: blur,
            }
        })
        .collect()
}

/// What an iteration found: the index of the best turn and its score.
pub(crate) struct Found {
    pub index: usize,
    pub score: Score,
}

/// Searches every root turn `depth` turns deep (the turn itself included). Turns after the
/// first are only proven no better, unless `exact` asks for every score (noise and
/// analysis need them). Returns `None` if the clock stopped the search before the first
/// turn was done; a stopped iteration returns the best turn fully searched so far.
pub(crate) fn iterate<S: Searchable>(
    search: &mut Search<'_, S>,
    moves: &mut [RootMove<S>],
    mover: Color,
    depth: u32,
    exact: bool,
) -> Option<Found> {
    let mut best: Option<Found> = None;
    let mut best_judged = -INFINITY;
    let mut alpha = -INFINITY;
    let below = depth as i32 - 1;
    for (index, root) in moves.iter_mut().enumerate() {
        let (after, key) = (&root.position, root.key);
        let score = if index == 0 || exact {
            search.child_score(after, key, mover, below, 1, (-INFINITY, INFINITY))
        } else {
            let probe = search.child_score(after, key, mover, below, 1, (alpha, alpha + 1));
            if probe > alpha {
                search.child_score(after, key, mover, below, 1, (alpha, INFINITY))
            } else {
                probe
            }
        };
        if search.aborted {
            break;
        }
        root.score = score;
        let judged = if is_decided(score) {
            score
        } else {
            score + root.noise
        };
        if best.is_none() || judged > best_judged {
            best_judged = judged;
            best = Some(Found { index, score });
        }
        alpha = alpha.max(score);
    }
    best
}

/// Puts the best turn first and the rest by their last score: the next iteration searches
/// the likeliest best first, which makes the others cheap to refute.
pub(crate) fn reorder<S: Searchable>(moves: &mut [RootMove<S>], best: usize) {
    moves.swap(0, best);
    if let Some((_, rest)) = moves.split_first_mut() {
        rest.sort_by_key(|m| std::cmp::Reverse(m.score));
    }
}
