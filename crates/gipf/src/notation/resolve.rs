use super::{PushNote, RemovalNote, ResolveError, TurnNotation};
use crate::{Bitboard, Color, Decision, Entry, Pending, PlayError, Position, Removed, Stage, Turn};

/// Resolves the written push against the position where it is played.
fn resolve_push(note: PushNote, position: &Position) -> Result<Decision, ResolveError> {
    let piece = note.kind();
    let occupied = position.occupied();
    let entry = match note {
        PushNote::Onto { spot, .. } => {
            if spot.is_dot() {
                return Err(ResolveError::Push(format!(
                    "{spot} is a dot: write the first spot (like `c2`) or the dot and the end of the push (like `b1-e4`)"
                )));
            }
            if occupied.contains(spot) {
                return Err(ResolveError::Push(format!(
                    "{spot} is occupied: a push that moves pieces is written as its dot and where the last pushed piece ends, like `b1-e4`"
                )));
            }
            Entry::onto(spot)
                .next()
                .ok_or_else(|| ResolveError::Push(format!("no entry leads onto {spot}")))?
        }
        PushNote::Line { dot, end, .. } => {
            if dot.is_spot() {
                return Err(ResolveError::Push(
                    crate::EntryError::NotADot { point: dot }.to_string(),
                ));
            }
            let entry = dot
                .direction_to(end)
                .and_then(|direction| dot.neighbour(direction))
                .and_then(|first| Entry::new(dot, first))
                .ok_or_else(|| {
                    let firsts: Vec<String> = Entry::from_dot(dot).map(|e| e.first().to_string()).collect();
                    ResolveError::Push(format!(
                        "{dot}-{end}: {end} is not on a line entered from {dot}; from {dot} you can push to {}",
                        firsts.join(" or ")
                    ))
                })?;
            let empty = entry.ray() - occupied;
            if empty.is_empty() {
                return Err(PlayError::LineFull { entry }.into());
            }
            let first_empty = !occupied.contains(entry.first());
            let target = entry.line_target(occupied);
            if target != Some(end) && !(first_empty && end == entry.first()) {
                let written = match target {
                    Some(t) if !first_empty => format!("{dot}-{t}"),
                    _ => entry.first().to_string(),
                };
                return Err(ResolveError::Push(format!(
                    "{dot}-{end}: pushing in from {dot} toward {} moves the last piece to {}, so that push is written `{written}`",
                    entry.first(),
                    target.map_or_else(|| "nowhere".to_string(), |t| t.to_string()),
                )));
            }
            entry
        }
    };
    Ok(Decision::Push { entry, piece })
}

fn spots_of(notes: &[RemovalNote]) -> Bitboard {
    notes.iter().map(|n| n.spot).collect()
}

/// Checks the `G` and `*` marks of one group of written removals against what it removed.
fn check_marks(notes: &[RemovalNote], removed: &Removed) -> Result<(), ResolveError> {
    for note in notes {
        let gipf = removed.gipf.contains(note.spot);
        let captured = removed.captured.contains(note.spot);
        if gipf != note.gipf {
            let what = if gipf {
                "a GIPF-piece: write G before it"
            } else {
                "a basic piece: no G"
            };
            return Err(ResolveError::Marks(format!("{} held {what}", note.spot)));
        }
        if captured != note.captured {
            let what = if captured {
                "an opponent's piece: write * after it"
            } else {
                "one of the mover's own pieces: no *"
            };
            return Err(ResolveError::Marks(format!("{} held {what}", note.spot)));
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
                    self.push_error = Some(ResolveError::Push(
                        "the push is missing: after these removals the game goes on".into(),
                    ));
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
                return Err(ResolveError::Push("the push is missing".into()));
            }
            // List what would have been legal, without the pruning.
            search.prune = false;
            search.run(position, &mut Vec::new());
            search.seen.sort();
            search.seen.dedup();
            let legal: Vec<String> = search
                .seen
                .iter()
                .take(8)
                .map(|t| format!("`{t}`"))
                .collect();
            return Err(ResolveError::Removals(format!(
                "the removals written do not match the rows here; the legal turns with this push are {}",
                legal.join(", ")
            )));
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
