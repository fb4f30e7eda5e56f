//! Alpha-beta over complete turns: principal variation search with a transposition table,
//! hash move, capture, killer and history ordering, and removals pending at the start of a
//! turn resolved before a position is judged.

use gipf::{Color, Outcome};

use crate::children::{Child, HISTORY_SLOTS, expand, is_action};
use crate::clock::Clock;
use crate::score::{INFINITY, WIN};
use crate::searchable::{ActionId, NO_ACTION, Searchable};
use crate::table::{Bound, Table};
use crate::{Score, Weights, evaluate};

/// Turns below the root beyond which the search stops extending.
const MAX_PLY: usize = 64;

/// Move-ordering priorities at or above this are tactical (hash move, game end, capture,
/// killer): never searched less deep.
const TACTICAL: i64 = 1 << 31;

/// How often (in nodes) the clock is read: often enough to stop within a millisecond.
const CLOCK_INTERVAL: u64 = 512;

/// The history slot of an action: ids share the slots.
fn history_slot(id: ActionId) -> usize {
    usize::from(id) % HISTORY_SLOTS
}

/// The score of a finished game for `mover`, `ply` turns below the root.
pub(crate) fn terminal(outcome: Outcome, mover: Color, ply: usize) -> Score {
    let score = WIN - ply as Score;
    if outcome.winner == mover {
        score
    } else {
        -score
    }
}

/// One search: its tables of the moment and its counters.
pub(crate) struct Search<'a, S: Searchable> {
    table: &'a mut Table,
    weights: &'a Weights,
    clock: &'a Clock,
    /// Whether the clock may stop the search.
    pub clock_armed: bool,
    /// Whether quiet turns late in the order are first searched one turn less deep.
    pub reductions: bool,
    /// Turns that capture or win back pieces searched beyond the depth (0: none).
    pub quiescence: u32,
    /// Whether the transposition table is looked up and written to.
    pub use_table: bool,
    pub nodes: u64,
    /// Positions made by expansions, and when the clock is read next.
    made: u64,
    next_check: u64,
    pub aborted: bool,
    buffers: Vec<Vec<Child<S>>>,
    killers: Vec<[ActionId; 2]>,
    history: Vec<u32>,
}

impl<'a, S: Searchable> Search<'a, S> {
    pub fn new(table: &'a mut Table, weights: &'a Weights, clock: &'a Clock) -> Search<'a, S> {
        Search {
            table,
            weights,
            clock,
            clock_armed: false,
            reductions: true,
            quiescence: 0,
            use_table: true,
            nodes: 0,
            made: 0,
            next_check: 0,
            aborted: false,
            buffers: (0..=MAX_PLY).map(|_| Vec::with_capacity(96)).collect(),
            killers: vec![[NO_ACTION; 2]; MAX_PLY + 1],
            history: vec![0; HISTORY_SLOTS],
        }
    }

    /// The score of a child position for the player who moved into it, with bounds given
    /// from that player's view.
    pub fn child_score(
        &mut self,
        child: &S,
        key: u64,
        mover: Color,
        depth: i32,
        ply: usize,
        (alpha, beta): (Score, Score),
    ) -> Score {
        match child.outcome() {
            Some(outcome) => terminal(outcome, mover, ply),
            None => -self.negamax(child, key, depth, ply, -beta, -alpha),
        }
    }

    /// Counts the positions an expansion made, and reads the clock every
    /// [`CLOCK_INTERVAL`] × 8 of them: in a crowded position one node may expand thousands.
    fn charge(&mut self, made: usize) {
        self.made += made as u64;
        if self.made >= self.next_check {
            self.next_check = self.made + 8 * CLOCK_INTERVAL;
            if self.clock_armed && self.clock.expired() {
                self.aborted = true;
            }
        }
    }

    fn tick(&mut self) {
        self.nodes += 1;
        if self.clock_armed && self.nodes.is_multiple_of(CLOCK_INTERVAL) && self.clock.expired() {
            self.aborted = true;
        }
    }

    /// The table's word on a position: its score if it settles the search here (`Ok`), else
    /// the best turn it remembers to try first (`Err`, 0 if none).
    fn probe(
        &self,
        key: u64,
        ply: usize,
        depth: i32,
        (alpha, beta): (Score, Score),
    ) -> Result<Score, u64> {
        if !self.use_table {
            return Err(0);
        }
        let Some(entry) = self.table.probe(key, ply) else {
            return Err(0);
        };
        let cut = i32::from(entry.depth) >= depth
            && match entry.bound {
                Bound::Exact => true,
                Bound::Lower => entry.score >= beta,
                Bound::Upper => entry.score <= alpha,
            };
        if cut {
            Ok(entry.score)
        } else {
            Err(entry.best)
        }
    }

    /// A child's score by principal variation search: the first child with the full window,
    /// the others with a null window first (late quiet ones a turn shallower), searched
    /// again only if they beat alpha.
    fn pvs_child(
        &mut self,
        child: &Child<S>,
        index: usize,
        mover: Color,
        depth: i32,
        ply: usize,
        (alpha, beta): (Score, Score),
    ) -> Score {
        let (p, k) = (&child.position, child.key);
        if index == 0 {
            return self.child_score(p, k, mover, depth - 1, ply + 1, (alpha, beta));
        }
        // Late quiet turns rarely turn out best: a shallower look first, the full depth
        // only if it beats alpha.
        let reduce = self.reductions && depth >= 3 && index >= 3 && child.order < TACTICAL;
        let window = (alpha, alpha + 1);
        let mut probe = if reduce {
            self.child_score(p, k, mover, depth - 2, ply + 1, window)
        } else {
            alpha + 1
        };
        if probe > alpha {
            probe = self.child_score(p, k, mover, depth - 1, ply + 1, window);
        }
        if probe > alpha && probe < beta {
            self.child_score(p, k, mover, depth - 1, ply + 1, (alpha, beta))
        } else {
            probe
        }
    }

    fn negamax(
        &mut self,
        position: &S,
        key: u64,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
    ) -> Score {
        self.tick();
        if self.aborted {
            return 0;
        }
        let mut depth = depth;
        if depth <= 0 {
            if position.at_action() || ply >= MAX_PLY {
                return self.quiesce(position, ply, alpha, beta, self.quiescence);
            }
            // Rows wait to be removed at the start of this turn: a quiet position only
            // after they are.
            depth = 1;
        }
        let original_alpha = alpha;
        let hash_move = match self.probe(key, ply, depth, (alpha, beta)) {
            Ok(score) => return score,
            Err(hash_move) => hash_move,
        };
        let Some(mut children) = self.buffers.get_mut(ply).map(std::mem::take) else {
            return evaluate(position, self.weights);
        };
        expand(position, &mut children);
        self.charge(children.len());
        self.order(position, &mut children, hash_move, ply);
        let mover = position.to_move();
        let mut best = -INFINITY;
        let mut best_key = 0;
        for (index, child) in children.iter().enumerate() {
            let score = self.pvs_child(child, index, mover, depth, ply, (alpha, beta));
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                best_key = child.key;
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                self.reward(child, position, depth, ply);
                break;
            }
        }
        if let Some(slot) = self.buffers.get_mut(ply) {
            *slot = children;
        }
        if self.aborted {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.remember(key, ply, (best, bound), depth, best_key);
        best
    }

    /// Stores a searched node's score in the table, unless the table is off.
    fn remember(&mut self, key: u64, ply: usize, scored: (Score, Bound), depth: i32, best: u64) {
        if self.use_table {
            let stored_depth = depth.clamp(0, i32::from(u8::MAX)) as u8;
            self.table.store(key, ply, scored, stored_depth, best);
        }
    }

    /// The evaluation, unless the player to move can capture or win back pieces: then the
    /// best of standing pat and those turns, `left` turns deep at most.
    fn quiesce(
        &mut self,
        position: &S,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        left: u32,
    ) -> Score {
        let stand = evaluate(position, self.weights);
        let me = position.to_move();
        if left == 0 || stand >= beta || ply >= MAX_PLY || position.open_threes(me) == 0 {
            return stand;
        }
        let Some(mut children) = self.buffers.get_mut(ply).map(std::mem::take) else {
            return stand;
        };
        expand(position, &mut children);
        self.charge(children.len());
        alpha = alpha.max(stand);
        let mut best = stand;
        for child in &children {
            let after = &child.position;
            let gains =
                after.lost(!me) > position.lost(!me) || after.reserve(me) >= position.reserve(me);
            if !gains {
                continue;
            }
            self.tick();
            let score = match after.outcome() {
                Some(outcome) => terminal(outcome, me, ply + 1),
                None => -self.quiesce(after, ply + 1, -beta, -alpha, left - 1),
            };
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        if let Some(slot) = self.buffers.get_mut(ply) {
            *slot = children;
        }
        best
    }

    /// Sorts children: the hash move, then captures (most first), then killers, then by
    /// history.
    fn order(&self, position: &S, children: &mut [Child<S>], hash_move: u64, ply: usize) {
        let opponent = !position.to_move();
        let lost_before = i64::from(position.lost(opponent));
        let killers = self.killers.get(ply).copied().unwrap_or([NO_ACTION; 2]);
        for child in children.iter_mut() {
            let captured = i64::from(child.position.lost(opponent)) - lost_before;
            let history = self.history.get(history_slot(child.push)).copied();
            child.order = if child.key == hash_move {
                i64::MAX
            } else if child.position.outcome().is_some() {
                // Winning (or losing) at once: look at it early, the score ends the search.
                1 << 40
            } else if captured > 0 {
                (1 << 32) + captured
            } else if killers.contains(&child.push) && is_action(child.push) {
                TACTICAL
            } else {
                i64::from(history.unwrap_or_default()).min(TACTICAL - 1)
            };
        }
        children.sort_unstable_by_key(|child| std::cmp::Reverse(child.order));
    }

    /// A quiet turn that cut the search off: try it early in sibling positions.
    fn reward(&mut self, child: &Child<S>, position: &S, depth: i32, ply: usize) {
        let opponent = !position.to_move();
        if child.position.lost(opponent) > position.lost(opponent) || !is_action(child.push) {
            return;
        }
        if let Some(killers) = self.killers.get_mut(ply)
            && killers[0] != child.push
        {
            killers[1] = killers[0];
            killers[0] = child.push;
        }
        if let Some(count) = self.history.get_mut(history_slot(child.push)) {
            *count = count.saturating_add((depth * depth) as u32);
        }
    }
}
