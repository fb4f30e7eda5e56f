use super::{PushNote, RemovalNote, ResolveError, TurnNotation};
use crate::{
    Bitboard, Color, Decision, Entry, Pending, PlayError, Point, Position, Removed, Stage, Turn,
};

/// Resolves the written push against the position where it is played.
fn resolve_push(note: PushNote, position: &Position) -> Result<Decision, ResolveError> {
    let occupied = position.occupied();
    let entry = match note {
        PushNote::Onto { spot, .. } => resolve_onto(spot, occupied)?,
        PushNote::Line { gipf, dot, end } => resolve_line(gipf, dot, end, occupied)?,
    };
    Ok(Decision::Push {
        entry,
        piece: note.kind(),
    })
}

/// An entry onto an empty first spot, written as that spot alone. Every entry onto an empty
/// spot gives the same position, so the first one will do.
fn resolve_onto(spot: Point, occupied: Bitboard) -> Result<Entry, ResolveError> {
    if spot.is_dot() {
        return Err(ResolveError::OntoADot { dot: spot });
    }
    if occupied.contains(spot) {
        return Err(ResolveError::OntoOccupiedSpot { spot });
    }
    Entry::onto(spot)
        .next()
        .ok_or(ResolveError::NoEntryOnto { spot })
}

/// An entry written as its dot and where the last pushed piece ends.
fn resolve_line(
    gipf: bool,
    dot: Point,
    end: Point,
    occupied: Bitboard,
) -> Result<Entry, ResolveError> {
    if dot.is_spot() {
        return Err(ResolveError::NotADot { point: dot });
    }
    let entry = dot
        .direction_to(end)
        .and_then(|direction| dot.neighbour(direction))
        .and_then(|first| Entry::new(dot, first))
        .ok_or(ResolveError::NotOnALine { dot, end })?;
    let Some(target) = entry.line_target(occupied) else {
        return Err(PlayError::LineFull { entry }.into());
    };
    let first = entry.first();
    let first_empty = !occupied.contains(first);
    // A push onto an empty first spot may also be written with its dot: `b1-c2` for `c2`.
    if target != end && !(first_empty && end == first) {
        let written = if first_empty {
            PushNote::Onto { gipf, spot: first }
        } else {
            PushNote::Line {
                gipf,
                dot,
                end: target,
            }
        };
        return Err(ResolveError::WrittenAs {
            entry,
            end,
            target,
            written,
        });
    }
    Ok(entry)
}

fn spots_of(notes: &[RemovalNote]) -> Bitboard {
    notes.iter().map(|n| n.spot).collect()
}

/// Checks the `G` and `*` marks of one group of written removals against what it removed.
fn check_marks(notes: &[RemovalNote], removed: &Removed) -> Result<(), ResolveError> {
    for note in notes {
        let spot = note.spot;
        let held_gipf = removed.gipf.contains(spot);
        if held_gipf != note.gipf {
            return Err(ResolveError::GipfMark { spot, held_gipf });
        }
        let held_opponents = removed.captured.contains(spot);
        if held_opponents != note.captured {
            return Err(ResolveError::CaptureMark {
                spot,
                held_opponents,
            });
        }
    }
    Ok(())
}

struct Search<'a> {
    note: &'a TurnNotation,
    mover: Color,
    start: Bitboard,
    after: Bitboard,
    /// Legal turns seen, written out for the error message.
    seen: Vec<String>,
    /// Whether to skip decisions the written removals rule out.
    prune: bool,
    push_error: Option<ResolveError>,
}

impl Search<'_> {
    /// Depth-first over the decisions of the rest of the turn, pruned by the written removals.
    fn run(&mut self, position: &Position, path: &mut Vec<Decision>) -> Option<Turn> {
        let options: Vec<Decision> = match position.pending() {
            Pending::GameOver(_) => return None,
            Pending::Push => {
                if position.current_turn().start.spots != self.start {
                    let so_far = position.current_turn();
                    self.seen.push(if so_far.start.is_empty() {
                        "(the push alone)".into()
                    } else {
                        format!("{so_far};(the push)")
                    });
                    return None;
                }
                let Some(push) = self.note.push else {
                    self.push_error = Some(ResolveError::PushMissingAfterRemovals);
                    return None;
                };
                match resolve_push(push, position) {
                    Ok(decision) => vec![decision],
                    Err(e) => {
                        self.push_error.get_or_insert(e);
                        return None;
                    }
                }
            }
            Pending::ChooseRow { rows } => {
                let target = if position.stage() == Stage::Start {
                    self.start
                } else {
                    self.after
                };
                rows.iter()
                    .filter(|r| !self.prune || (r.set - position.gipf_pieces()).is_subset(target))
                    .map(|r| Decision::Row(r.line))
                    .collect()
            }
            Pending::TakeGipf { gipf, .. } => {
                let target = if position.stage() == Stage::Start {
                    self.start
                } else {
                    self.after
                };
                let allowed = if self.prune { gipf & target } else { gipf };
                allowed.subsets().map(Decision::Take).collect()
            }
        };
        for decision in options {
            let mut next = *position;
            let done = match next.play(decision) {
                Ok(done) => done,
                Err(e) => {
                    self.push_error.get_or_insert(e.into());
                    continue;
                }
            };
            path.push(decision);
            if let Some(turn) = done.by(self.mover) {
                if turn.start.spots == self.start && turn.after.spots == self.after {
                    return Some(*turn);
                }
                self.seen.push(turn.to_string());
            } else if let Some(turn) = self.run(&next, path) {
                return Some(turn);
            }
            path.pop();
        }
        None
    }
}

impl TurnNotation {
    /// The decisions that play this turn in `position`, checked to the last mark.
    pub fn resolve(&self, position: &Position) -> Result<Vec<Decision>, ResolveError> {
        if let Some(outcome) = position.outcome() {
            return Err(PlayError::GameOver(outcome).into());
        }
        if position.stage() == Stage::After {
            // The push of this turn was played already: a whole turn cannot follow.
            return Err(PlayError::DecisionPending(position.pending()).into());
        }
        let mut search = Search {
            note: self,
            mover: position.to_move(),
            start: spots_of(&self.start),
            after: spots_of(&self.after),
            seen: Vec::new(),
            prune: true,
            push_error: None,
        };
        let mut path = Vec::new();
        let turn = if position.stage() == Stage::Push && self.push.is_none() {
            None
        } else {
            search.run(position, &mut path)
        };
        let Some(turn) = turn else {
            if let Some(error) = search.push_error {
                return Err(error);
            }
            if self.push.is_none() {
                return Err(ResolveError::PushMissing);
            }
            // List what would have been legal, without the pruning.
            search.prune = false;
            search.run(position, &mut Vec::new());
            search.seen.sort();
            search.seen.dedup();
            let legal = search.seen.into_iter().take(8).collect();
            return Err(ResolveError::NoMatchingRemovals { legal });
        };
        check_marks(&self.start, &turn.start)?;
        check_marks(&self.after, &turn.after)?;
        if let Some(written) = self.reserve
            && written != turn.reserve
        {
            return Err(ResolveError::Reserve {
                written,
                actual: turn.reserve,
            });
        }
        Ok(path)
    }
}
