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
            Pending::Action => {
                let entries: Vec<Entry> = self.open_entries().collect();
                let mut decisions: Vec<Decision> = self
                    .legal_pieces()
                    .into_iter()
                    .flat_map(|piece| {
                        entries
                            .iter()
                            .map(move |&entry| Decision::Push { entry, piece })
                    })
                    .collect();
                decisions.extend(
                    self.potential_moves()
                        .into_iter()
                        .map(|(kind, from, to)| Decision::Move { kind, from, to }),
                );
                decisions
            }
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
        self.collect_turns(&mut out);
        out
    }

    fn collect_turns(&self, out: &mut Vec<(Turn, Game)>) {
        let mover = self.to_move;
        for decision in self.legal_decisions() {
            let mut next = self.clone();
            let Ok(done) = next.play(decision) else {
                continue;
            };
            match done.into_iter().find(|t| t.color == mover) {
                Some(turn) => {
                    if !out.iter().any(|(t, _)| same_turn(t, &turn)) {
                        out.push((turn, next));
                    }
                }
                None => next.collect_turns(out),
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
        let turns = self.legal_turns();
        if depth == 1 {
            return turns.len() as u64;
        }
        turns.iter().map(|(_, game)| game.perft(depth - 1)).sum()
    }
}

/// Two turns with the same action and the same removals, however grouped.
pub(crate) fn same_turn(a: &Turn, b: &Turn) -> bool {
    a.action == b.action
        && Turn::canonical(&a.before) == Turn::canonical(&b.before)
        && Turn::canonical(&a.after) == Turn::canonical(&b.after)
}
