//! Decisions: pushes, TAMSK answers, potential moves, rows.

use super::game::{Phase, Stage};
use super::rays;
use super::{Action, Decision, Game, Pending, PieceKind, PlayError, Potential, PushPath, Stack};
use crate::{Bitboard, Color, Direction, Entry, Point};

impl Game {
    /// Makes a decision for the player to move, then takes every forced decision after it.
    /// Returns the turns this completed. On error nothing changes.
    pub fn play(&mut self, decision: Decision) -> Result<Vec<super::Turn>, PlayError> {
        if let Some(outcome) = self.outcome {
            return Err(PlayError::GameOver(outcome));
        }
        let mut done = Vec::new();
        self.advance(decision, &mut done)?;
        Ok(done)
    }

    /// Like [`Game::play`], the completed turns pushed onto `done`. Every decision is checked
    /// before anything changes, so an error leaves the game as it was.
    pub(crate) fn advance(
        &mut self,
        decision: Decision,
        done: &mut Vec<super::Turn>,
    ) -> Result<(), PlayError> {
        if let Some(outcome) = self.outcome {
            return Err(PlayError::GameOver(outcome));
        }
        self.apply(decision)?;
        self.settle(done);
        Ok(())
    }

    /// Like [`Game::play`], but first checks that `color` is to move.
    pub fn play_as(
        &mut self,
        color: Color,
        decision: Decision,
    ) -> Result<Vec<super::Turn>, PlayError> {
        if self.outcome.is_none() && color != self.to_move {
            return Err(PlayError::NotYourTurn {
                to_move: self.to_move,
            });
        }
        self.play(decision)
    }

    fn apply(&mut self, decision: Decision) -> Result<(), PlayError> {
        let pending = self.pending();
        match (decision, &pending) {
            (Decision::Push { entry, piece }, Pending::Action) => self.push(entry, piece),
            (Decision::Move { kind, from, to }, Pending::Action) => {
                self.use_potential(kind, from, to)
            }
            (Decision::Extra(entry), Pending::Tamsk) => self.answer_tamsk(Some(entry)),
            (Decision::Skip, Pending::Tamsk) => self.answer_tamsk(None),
            (Decision::Row(line), Pending::ChooseRow { rows }) => {
                let Some(row) = rows.iter().find(|r| r.line == line).copied() else {
                    return Err(PlayError::NotARowToChoose {
                        line,
                        rows: rows.clone(),
                    });
                };
                match self.legal_takes(&row)[..] {
                    [take] => self.remove_row(&row, take),
                    _ => self.selected = Some(line),
                }
                Ok(())
            }
            (Decision::Take(take), Pending::Remove { row, optional }) => {
                if !take.is_subset(*optional) {
                    return Err(PlayError::NotOptional {
                        spots: take - *optional,
                        optional: *optional,
                    });
                }
                self.check_broken(row, take)?;
                self.remove_row(&row.clone(), take);
                Ok(())
            }
            _ => Err(PlayError::Pending(pending)),
        }
    }

    /// Whether the player to move may push this kind of piece now (reserve, phase, supply).
    pub fn check_piece(&self, piece: PieceKind) -> Result<(), PlayError> {
        let me = self.to_move;
        let first_turn = self.options.tournament_rules() && !self.played[me];
        match piece {
            PieceKind::Gipf if !self.options.tournament_rules() => {
                Err(PlayError::GipfNotInThisGame)
            }
            PieceKind::Gipf if self.phase[me] != Phase::Gipf => Err(PlayError::GipfPhaseOver),
            PieceKind::Gipf if self.reserve[me] < 2 => Err(PlayError::GipfNotAffordable {
                reserve: self.reserve[me],
            }),
            PieceKind::Gipf => Ok(()),
            _ if self.reserve[me] == 0 => Err(PlayError::NoReserve),
            _ if first_turn => Err(PlayError::FirstPushMustBeGipf),
            PieceKind::Loaded(_) if self.phase[me] == Phase::Basic => Err(PlayError::BasicPhase),
            PieceKind::Loaded(kind) if self.supply[me][kind] == 0 => {
                Err(PlayError::NoneInSupply { kind })
            }
            _ => Ok(()),
        }
    }

    /// The kinds of piece the player to move may push now.
    pub fn legal_pieces(&self) -> Vec<PieceKind> {
        self.pushable_pieces().collect()
    }

    /// [`Game::legal_pieces`] without the buffer.
    pub(crate) fn pushable_pieces(&self) -> impl Iterator<Item = PieceKind> + Clone + '_ {
        let loaded = super::Potential::ALL.map(PieceKind::Loaded);
        [PieceKind::Basic, PieceKind::Gipf]
            .into_iter()
            .chain(loaded)
            .filter(|&p| self.check_piece(p).is_ok())
    }

    /// Whether the player to move has a legal push or potential move (`docs/potentials.md` §5).
    pub fn has_legal_move(&self) -> bool {
        let pushable =
            self.occupied() != Bitboard::ALL_SPOTS && self.pushable_pieces().next().is_some();
        pushable || self.has_potential_move()
    }

    /// Whether the player to move has a potential move, without listing them.
    fn has_potential_move(&self) -> bool {
        (self.movers & self.tops[self.to_move]).iter().any(|from| {
            self.stack(from)
                .and_then(|s| s.uncovered_loaded())
                .is_some_and(|kind| kind.moves() && !self.targets(kind, from).is_empty())
        })
    }

    /// Pushes `stack` in at `entry`; returns the path and whether it triggered the mover's
    /// TAMSK (his loaded TAMSK piece moved onto `e5`).
    fn push_stack(&mut self, entry: Entry, stack: Stack) -> Result<(PushPath, bool), PlayError> {
        let direction = entry.direction();
        let mut path = [Point::E5; 7];
        let mut len = 0;
        let mut next = Some(entry.first());
        loop {
            let Some(spot) = next.filter(|p| p.is_spot()) else {
                return Err(PlayError::LineFull { entry });
            };
            path[len] = spot;
            len += 1;
            if self.stack(spot).is_none() {
                break;
            }
            next = spot.neighbour(direction);
        }
        for i in (1..len).rev() {
            self.set(path[i], self.stack(path[i - 1]));
        }
        self.set(path[0], Some(stack));
        let tamsk = Stack::loaded(self.to_move, Potential::Tamsk);
        let trigger = path[1..len].contains(&Point::E5) && self.stack(Point::E5) == Some(tamsk);
        let end = path[len - 1];
        Ok((PushPath { entry, end }, trigger))
    }

    fn push(&mut self, entry: Entry, piece: PieceKind) -> Result<(), PlayError> {
        self.check_piece(piece)?;
        let me = self.to_move;
        let stack = match piece {
            PieceKind::Basic => Stack::basic(me),
            PieceKind::Gipf => Stack::gipf(me),
            PieceKind::Loaded(kind) => Stack::loaded(me, kind),
        };
        let (path, trigger) = self.push_stack(entry, stack)?;
        self.reserve[me] -= piece.weight();
        match piece {
            PieceKind::Gipf => {}
            PieceKind::Loaded(kind) => {
                self.supply[me][kind] -= 1;
                self.phase[me] = self.phase[me].max(Phase::Loaded);
            }
            PieceKind::Basic => {
                self.phase[me] = Phase::Basic;
                self.out[me] += self.supply[me].total() as u8;
                self.supply[me] = super::Supply::default();
            }
        }
        self.progress.action = Some(Action::Push {
            piece,
            path,
            extras: Vec::new(),
        });
        self.after_action(trigger);
        Ok(())
    }

    fn after_action(&mut self, tamsk: bool) {
        self.stage = if tamsk { Stage::Tamsk } else { Stage::After };
        self.dealt = 0;
        self.selected = None;
    }

    /// The TAMSK on `e5` leaves its piece: pushed in at `entry` as a used TAMSK, or out of
    /// the game (`None`).
    pub(crate) fn answer_tamsk(&mut self, entry: Option<Entry>) -> Result<(), PlayError> {
        let me = self.to_move;
        if let Some(entry) = entry.filter(|e| (e.ray() - self.occupied).is_empty()) {
            // Checked first so that a refused entry changes nothing.
            return Err(PlayError::LineFull { entry });
        }
        self.set(Point::E5, Some(Stack::basic(me)));
        let (answer, trigger) = match entry {
            Some(entry) => {
                let (path, trigger) = self.push_stack(entry, Stack::used(me, Potential::Tamsk))?;
                (Some(path), trigger)
            }
            None => {
                self.out[me] += 1;
                (None, false)
            }
        };
        if let Some(Action::Push { extras, .. }) = &mut self.progress.action {
            extras.push(answer);
        }
        self.after_action(trigger);
        Ok(())
    }

    /// Where an uncovered loaded piece on `from` can send its potential
    /// (`docs/potentials.md` §7).
    pub fn targets(&self, kind: Potential, from: Point) -> Bitboard {
        let Some(mover) = self.stack(from).map(|s| s.bottom) else {
            return Bitboard::EMPTY;
        };
        let occupied = self.occupied.0;
        let bit = from.spot_index();
        let mut targets = 0;
        for d in 0..Direction::ALL.len() {
            match kind {
                Potential::Tamsk => return Bitboard::EMPTY,
                Potential::Zertz => targets |= rays::jump(bit, d, occupied),
                Potential::Yinsh => targets |= rays::slide(bit, d, occupied),
                Potential::Dvonn | Potential::Punct => {
                    let spot = rays::neighbour(bit, d);
                    if spot == 0 {
                        continue;
                    }
                    let Some(target) = self.stack(Point::from_spot_index(spot.trailing_zeros()))
                    else {
                        continue;
                    };
                    if target.color() == !mover && target_of(kind, &target) {
                        targets |= spot;
                    }
                }
            }
        }
        Bitboard(targets)
    }

    /// Every legal potential move of the player to move: (kind, from, to).
    pub fn potential_moves(&self) -> Vec<(Potential, Point, Point)> {
        let mut moves = Vec::new();
        self.each_potential_move(|kind, from, to| moves.push((kind, from, to)));
        moves
    }

    /// Calls `visit` with each legal potential move, in the order of
    /// [`Game::potential_moves`].
    pub(crate) fn each_potential_move(&self, mut visit: impl FnMut(Potential, Point, Point)) {
        for from in (self.movers & self.tops[self.to_move]).iter() {
            let Some(kind) = self.stack(from).and_then(|s| s.uncovered_loaded()) else {
                continue;
            };
            if kind.moves() {
                for to in self.targets(kind, from).iter() {
                    visit(kind, from, to);
                }
            }
        }
    }

    fn use_potential(&mut self, kind: Potential, from: Point, to: Point) -> Result<(), PlayError> {
        let me = self.to_move;
        if !kind.moves() {
            return Err(PlayError::TamskDoesNotMove);
        }
        if !self.loaded(me, kind).contains(from) {
            return Err(PlayError::NotLoaded {
                kind,
                from,
                yours: self.loaded(me, kind),
            });
        }
        let legal = self.targets(kind, from);
        if !legal.contains(to) {
            return Err(PlayError::IllegalTarget {
                kind,
                from,
                to,
                legal,
            });
        }
        self.set(from, Some(Stack::basic(me)));
        let target = self.stack(to);
        let landed = match (kind, target) {
            (Potential::Zertz | Potential::Yinsh, _) => Stack::used(me, kind),
            (Potential::Punct, Some(t)) if t.base == super::Base::Gipf => {
                // Conversion (reconstructed): the top basic piece is captured.
                self.lost[!me] += 1;
                Stack::basic(!me).covered(Potential::Punct, 1)
            }
            (_, Some(t)) => t.covered(kind, 1),
            (_, None) => Stack::used(me, kind),
        };
        self.set(to, Some(landed));
        self.progress.action = Some(Action::Move { kind, from, to });
        self.check_gipf_loss(me);
        self.after_action(false);
        Ok(())
    }
}

/// Whether a stack of the opponent's colour is a target of a DVONN or PÜNCT.
fn target_of(kind: Potential, target: &Stack) -> bool {
    use super::Base;
    match kind {
        Potential::Dvonn => match target.base {
            _ if target.covers > 0 => target.cover_kind == Potential::Dvonn,
            Base::Basic | Base::Loaded(Potential::Dvonn) => true,
            _ => false,
        },
        Potential::Punct => match target.base {
            Base::Loaded(Potential::Punct) => {
                target.covers == 0 || target.cover_kind == Potential::Punct
            }
            Base::Gipf => target.covers == 0,
            _ => false,
        },
        _ => false,
    }
}
