//! Legal turns, perft and random playouts.

use crate::random::Rng;
use crate::{Decision, Kind, Pending, Position, Stage, Turn};

impl Position {
    /// Every legal answer to the pending question (empty when the game is over).
    ///
    /// ```
    /// use gipf::{Position, Variant};
    /// assert_eq!(Position::new(Variant::Standard).legal_decisions().len(), 42);
    /// assert_eq!(Position::new(Variant::Tournament).legal_decisions().len(), 42); // GIPF only
    /// ```
    pub fn legal_decisions(&self) -> Vec<Decision> {
        match self.pending() {
            Pending::GameOver(_) => Vec::new(),
            Pending::Push => {
                let entries: Vec<_> = self.legal_entries().collect();
                self.legal_kinds()
                    .flat_map(|piece| {
                        entries
                            .iter()
                            .map(move |&entry| Decision::Push { entry, piece })
                    })
                    .collect()
            }
            Pending::ChooseRow { rows } => rows.iter().map(|r| Decision::Row(r.line)).collect(),
            Pending::TakeGipf { gipf, .. } => gipf.subsets().map(Decision::Take).collect(),
        }
    }

    /// Every distinct complete legal turn of the player to move, from here to the end of his
    /// turn, with the position after it. Two entries onto the same empty spot are two turns;
    /// decision sequences with the same removals are one.
    ///
    /// ```
    /// use gipf::{Position, Variant};
    /// let turns = Position::new(Variant::Standard).legal_turns();
    /// assert_eq!(turns.len(), 42);
    /// ```
    pub fn legal_turns(&self) -> Vec<(Turn, Position)> {
        let mut out = Vec::new();
        self.collect_turns(&mut out);
        out
    }

    fn collect_turns(&self, out: &mut Vec<(Turn, Position)>) {
        let mover = self.to_move();
        for decision in self.legal_decisions() {
            let mut next = *self;
            let Ok(done) = next.play(decision) else {
                continue;
            };
            match done.by(mover) {
                Some(turn) if !out.iter().any(|(t, _)| t == turn) => out.push((*turn, next)),
                Some(_) => {}
                None => next.collect_turns(out),
            }
        }
    }

    /// The number of leaves of the game tree `depth` complete turns deep.
    ///
    /// ```
    /// use gipf::{Position, Variant};
    /// let start = Position::new(Variant::Standard);
    /// assert_eq!(start.perft(1), 42);
    /// assert_eq!(start.perft(2), 1764);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.outcome().is_some() {
            return 0;
        }
        if self.stage() != Stage::Push {
            return self
                .legal_turns()
                .iter()
                .map(|(_, p)| p.perft(depth - 1))
                .sum();
        }
        // Most pushes complete the turn at once: count those without building turn lists.
        let mover = self.to_move();
        let (kinds, kind_count) = self.legal_kind_array();
        let mut total = 0;
        let own = self.pieces(mover).bits();
        let occupied = self.occupied().bits();
        for (index, data) in crate::entry::ENTRIES.iter().enumerate() {
            let Some((_, moving)) = data.push_span(occupied) else {
                continue;
            };
            if depth == 1 && !crate::row::has_row(crate::Bitboard(data.own_after_push(own, moving)))
            {
                total += kind_count as u64;
                continue;
            }
            let entry = crate::Entry(index as u8);
            for &piece in &kinds[..kind_count] {
                let mut next = *self;
                let Ok(done) = next.play(Decision::Push { entry, piece }) else {
                    continue;
                };
                total += match done.by(mover) {
                    Some(_) => next.perft(depth - 1),
                    None => next
                        .legal_turns()
                        .iter()
                        .map(|(_, p)| p.perft(depth - 1))
                        .sum(),
                };
            }
        }
        total
    }

    /// [`Position::legal_kinds`] in an array with their count: no allocation on hot paths.
    fn legal_kind_array(&self) -> ([Kind; 2], usize) {
        let mut kinds = [Kind::Basic; 2];
        let mut count = 0;
        for kind in self.legal_kinds() {
            kinds[count] = kind;
            count += 1;
        }
        (kinds, count)
    }

    /// Plays random legal decisions until the game ends; returns the number of turns played.
    ///
    /// ```
    /// use gipf::random::Rng;
    /// use gipf::{Position, Variant};
    /// let mut position = Position::new(Variant::Tournament);
    /// let turns = position.playout(&mut Rng::new(7));
    /// assert!(position.outcome().is_some());
    /// assert_eq!(u32::from(position.plies()), turns);
    /// ```
    pub fn playout(&mut self, rng: &mut Rng) -> u32 {
        let start = self.plies();
        while let Some(decision) = self.random_decision(rng) {
            // A generated decision is always legal.
            let _ = self.play(decision);
        }
        u32::from(self.plies() - start)
    }

    /// A uniformly random answer to the pending question; `None` when the game is over.
    ///
    /// ```
    /// use gipf::random::Rng;
    /// use gipf::{Position, Variant};
    /// let position = Position::new(Variant::Standard);
    /// let decision = position.random_decision(&mut Rng::new(1)).unwrap();
    /// assert!(position.legal_decisions().contains(&decision));
    /// ```
    pub fn random_decision(&self, rng: &mut Rng) -> Option<Decision> {
        match self.pending() {
            Pending::GameOver(_) => None,
            Pending::Push => {
                // Pushes are numbered kind by kind, then entry by entry, as listed by
                // `legal_decisions`.
                let (kinds, kind_count) = self.legal_kind_array();
                let open = self.legal_entries().count();
                let pick = rng.below(kind_count * open);
                let piece = *kinds[..kind_count].get(pick.checked_div(open)?)?;
                let entry = self.legal_entries().nth(pick % open)?;
                Some(Decision::Push { entry, piece })
            }
            other => {
                let options = match other {
                    Pending::ChooseRow { rows } => {
                        rows.iter().map(|r| Decision::Row(r.line)).collect()
                    }
                    _ => self.legal_decisions(),
                };
                options.get(rng.below(options.len())).copied()
            }
        }
    }
}
