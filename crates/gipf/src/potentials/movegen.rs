//! Legal decisions, complete turns and perft with potentials.

use super::{Decision, Game, Pending, Turn};
use crate::Entry;

impl Game {
    /// Every legal answer to the pending question (empty when the game is over).
    ///
    /// ```
    /// use gipf::potentials::{Game, Options};
    /// // Ultimate: the first push must be a GIPF-piece, at any of the 42 entries.
    /// assert_eq!(Game::new(Options::ultimate()).legal_decisions().len(), 42);
    /// ```
    pub fn legal_decisions(&self) -> Vec<Decision> {
        match self.pending() {
            Pending::GameOver(_) => Vec::new(),
            Pending::Action => self.action_decisions(),
            Pending::Tamsk => self
                .open_entries()
                .map(Decision::Extra)
                .chain([Decision::Skip])
                .collect(),
            Pending::ChooseRow { rows } => rows.iter().map(|r| Decision::Row(r.line)).collect(),
            Pending::Remove { row, .. } => self
                .legal_takes(&row)
                .into_iter()
                .map(Decision::Take)
                .collect(),
        }
    }

    /// Every push (piece kind by open entry) and potential move, built in one buffer.
    fn action_decisions(&self) -> Vec<Decision> {
        let mut entries = [Entry(0); 42];
        let mut open = 0;
        for entry in self.open_entries() {
            entries[open] = entry;
            open += 1;
        }
        let pieces = self.pushable_pieces();
        let mut decisions = Vec::with_capacity(pieces.clone().count() * open + 16);
        for piece in pieces {
            decisions.extend(
                entries[..open]
                    .iter()
                    .map(|&entry| Decision::Push { entry, piece }),
            );
        }
        self.each_potential_move(|kind, from, to| {
            decisions.push(Decision::Move { kind, from, to })
        });
        decisions
    }

    /// The entries whose line has an empty spot.
    pub fn open_entries(&self) -> impl Iterator<Item = Entry> + use<> {
        let empty = !self.occupied();
        Entry::all().filter(move |e| !(e.ray() & empty).is_empty())
    }

    /// Every distinct complete legal turn of the player to move, with the game after it.
    /// Two entries onto one empty spot are two turns; one potential move per (kind, from,
    /// to); orders of removal that take the same pieces are one turn.
    pub fn legal_turns(&self) -> Vec<(Turn, Game)> {
        let mut out = Vec::new();
        let mut chosen = Vec::new();
        self.walk_turns(false, &mut |turn, game, chose| {
            if !chose || first_of_its_kind(&mut chosen, &out, &turn) {
                out.push((turn, game));
            }
        });
        out
    }

    /// Calls `visit` with each complete turn of the player to move (duplicates included),
    /// the game after it, and whether a row or a take was chosen on the way.
    ///
    /// Only turns with such a choice can repeat another: two paths that part at an action
    /// or a TAMSK answer record different actions.
    pub(crate) fn walk_turns(&self, chose: bool, visit: &mut dyn FnMut(Turn, Game, bool)) {
        let mover = self.to_move;
        let mut done = Vec::with_capacity(2);
        for decision in self.legal_decisions() {
            let mut next = self.clone();
            done.clear();
            if next.advance(decision, &mut done).is_err() {
                continue;
            }
            let chose = chose || matches!(decision, Decision::Row(_) | Decision::Take(_));
            match done.drain(..).find(|t| t.color == mover) {
                Some(turn) => visit(turn, next, chose),
                None => next.walk_turns(chose, visit),
            }
        }
    }

    /// The number of leaves of the game tree `depth` complete turns deep.
    ///
    /// ```
    /// use gipf::potentials::{Game, Options};
    /// let start = Game::new(Options::ultimate());
    /// assert_eq!(start.perft(1), 42);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome.is_some() {
            return 0;
        }
        let mut count = 0;
        let mut chosen: Vec<Turn> = Vec::new();
        self.walk_turns(false, &mut |turn, game, chose| {
            if chose {
                if chosen.iter().any(|t| same_turn(t, &turn)) {
                    return;
                }
                chosen.push(turn);
            }
            count += if depth == 1 { 1 } else { game.perft(depth - 1) };
        });
        count
    }
}

/// Whether `turn`, reached through a choice, repeats none of the earlier such turns (their
/// indices in `out` kept in `chosen`); if so it is recorded as one.
fn first_of_its_kind(chosen: &mut Vec<usize>, out: &[(Turn, Game)], turn: &Turn) -> bool {
    if chosen.iter().any(|&i| same_turn(&out[i].0, turn)) {
        return false;
    }
    chosen.push(out.len());
    true
}

/// Two turns with the same action and the same removals, however grouped.
pub(crate) fn same_turn(a: &Turn, b: &Turn) -> bool {
    a.action == b.action
        && Turn::canonical(&a.before) == Turn::canonical(&b.before)
        && Turn::canonical(&a.after) == Turn::canonical(&b.after)
}
