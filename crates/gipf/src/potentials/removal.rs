//! Rows and their removal with potentials (`docs/potentials.md` §6).

use super::game::Stage;
use super::{Class, Game, Item, Mark, PlayError};
use crate::{Bitboard, Point, Row};

impl Game {
    /// The optional spots of a row's removal set: GIPF-pieces (true or converted) and
    /// uncovered loaded pieces.
    pub fn optional(&self, row: &Row) -> Bitboard {
        row.set
            .iter()
            .filter(|&p| self.stack(p).is_some_and(|s| s.class().is_optional()))
            .collect()
    }

    /// Whether a row must be dealt with: its removal set holds a compulsory spot, or its run
    /// an uncovered loaded piece. Otherwise it may stand.
    pub fn must_deal(&self, row: &Row) -> bool {
        let compulsory = !(row.set - self.optional(row)).is_empty();
        compulsory
            || row.run.iter().any(|p| {
                self.stack(p)
                    .is_some_and(|s| s.uncovered_loaded().is_some())
            })
    }

    /// Whether dealing with the row takes a used potential off a stack, which can make rows.
    pub(crate) fn uncovers(&self, row: &Row) -> bool {
        row.set.iter().any(|p| {
            self.stack(p)
                .is_some_and(|s| s.covers > 0 && !s.is_converted())
        })
    }

    /// The rows of the player to move to deal with now: those that must be, and those that
    /// may stand on lines not yet dealt with in this step.
    pub(crate) fn candidates(&self) -> Vec<Row> {
        let mut rows = self.rows(self.to_move);
        rows.retain(|r| self.must_deal(r) || self.dealt & (1 << r.line.0) == 0);
        rows
    }

    /// Checks that taking `take` (with the compulsory spots) leaves the row broken.
    pub(crate) fn check_broken(&self, row: &Row, take: Bitboard) -> Result<(), PlayError> {
        // The last four spots of the current streak, as a ring, and its length.
        let mut last = [(Point::E5, false); 4];
        let mut streak = 0;
        for &spot in row.line.spots().iter().filter(|&&p| row.run.contains(p)) {
            let after = self.stack(spot).and_then(|stack| match stack.class() {
                Class::Basic => None,
                Class::Used if stack.covers == 0 => None,
                Class::Used => Some(stack.uncover()),
                _ if take.contains(spot) => None,
                _ => Some(stack),
            });
            match after {
                Some(stack) if stack.color() == row.color => {
                    last[streak % 4] = (spot, stack.is_gipf());
                    streak += 1;
                }
                _ => streak = 0,
            }
            if streak >= 4 && !last.iter().all(|&(_, gipf)| gipf) {
                let spots = [0, 1, 2, 3].map(|i| last[(streak + i) % 4].0);
                return Err(PlayError::Unbroken { spots });
            }
        }
        Ok(())
    }

    /// Every legal choice of optional spots for the row.
    pub fn legal_takes(&self, row: &Row) -> Vec<Bitboard> {
        self.optional(row)
            .subsets()
            .filter(|&take| self.check_broken(row, take).is_ok())
            .collect()
    }

    /// Deals with a row: its compulsory spots and `take` go, in line order.
    pub(crate) fn remove_row(&mut self, row: &Row, take: Bitboard) {
        let me = self.to_move;
        let mut group = Vec::new();
        for &spot in row.line.spots().iter().filter(|&&p| row.set.contains(p)) {
            let Some(stack) = self.stack(spot) else {
                continue;
            };
            let class = stack.class();
            if class.is_optional() && !take.contains(spot) {
                continue;
            }
            let mark = match class {
                Class::Basic => Mark::Basic,
                Class::Used => Mark::Used,
                Class::Gipf => Mark::Gipf,
                Class::Loaded(kind) => Mark::Loaded(kind),
            };
            group.push(Item {
                spot,
                mark,
                opponent: stack.color() != me,
            });
            // The top potential leaves the game with it (a converted GIPF-piece's PÜNCT too).
            if matches!(class, Class::Used | Class::Loaded(_)) || stack.is_converted() {
                self.out[stack.color()] += 1;
            }
            if class == Class::Used {
                // The potential leaves the game; what it covered takes its colour back.
                let rest = (stack.covers > 0).then(|| stack.uncover());
                self.set(spot, rest);
                continue;
            }
            let owner = stack.bottom;
            let pieces = stack.basic_pieces(owner) as u8;
            if owner == me {
                self.reserve[me] += pieces;
            } else {
                self.lost[owner] += pieces;
            }
            self.set(spot, None);
        }
        let log = if self.stage == Stage::Start {
            &mut self.progress.before
        } else {
            &mut self.progress.after
        };
        log.push(group);
        self.dealt |= 1 << row.line.0;
        self.selected = None;
        self.check_gipf_loss(me);
    }
}
