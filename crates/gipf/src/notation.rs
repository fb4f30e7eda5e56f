//! The official notation of a whole turn (RULES.md section 7): parsing text is separate
//! from resolving it against a position.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::{
    Bitboard, Color, Completed, Decision, Entry, Kind, Pending, PlayError, Point, Position,
    Removed, Stage, Turn,
};

/// One removed spot as written: `Ge5*` is a GIPF-piece of the opponent on e5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RemovalNote {
    /// The spot.
    pub spot: Point,
    /// Written with `G`: it held a GIPF-piece.
    pub gipf: bool,
    /// Written with `*`: it held an opponent's piece.
    pub captured: bool,
}

/// The push as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PushNote {
    /// `e5` or `Ge5`: a push onto an empty first spot.
    Onto {
        /// `G` was written.
        gipf: bool,
        /// The first spot.
        spot: Point,
    },
    /// `b1-e4`: the dot and where the furthest pushed piece ends.
    Line {
        /// `G` was written.
        gipf: bool,
        /// The dot.
        dot: Point,
        /// Where the furthest pushed piece ends.
        end: Point,
    },
}

impl PushNote {
    fn kind(self) -> Kind {
        let gipf = match self {
            PushNote::Onto { gipf, .. } | PushNote::Line { gipf, .. } => gipf,
        };
        if gipf { Kind::Gipf } else { Kind::Basic }
    }
}

/// A turn as written in the official notation, not yet checked against a position.
///
/// ```
/// use gipf::{Position, TurnNotation, Variant};
/// let note: TurnNotation = "xe7,e8;c7-e7 (4)".parse().unwrap();
/// assert_eq!(note.start.len(), 2);
/// assert_eq!(note.reserve, Some(4));
/// assert!("c7-e7;".parse::<TurnNotation>().is_err());
///
/// // Resolving it against a position gives the decisions to play.
/// let position = Position::new(Variant::Tournament);
/// let decisions = "Ge8".parse::<TurnNotation>().unwrap().resolve(&position).unwrap();
/// assert_eq!(decisions.len(), 1);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnNotation {
    /// Removals written before the push.
    pub start: Vec<RemovalNote>,
    /// The push, if any.
    pub push: Option<PushNote>,
    /// Removals written after the push.
    pub after: Vec<RemovalNote>,
    /// The ` (n)` reserve count, if written.
    pub reserve: Option<u8>,
}

/// Why a text is not a turn in the official notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTurnError {
    /// What is wrong, for a person.
    pub reason: String,
}

impl fmt::Display for ParseTurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (a turn is written like `b6-f5`, `Ge8`, `xe7,e8;c7-e7` or `h6-c4;xc6*,d6,f5,g4`)",
            self.reason
        )
    }
}

impl std::error::Error for ParseTurnError {}

fn syntax(reason: impl Into<String>) -> ParseTurnError {
    ParseTurnError {
        reason: reason.into(),
    }
}

fn parse_point(text: &str) -> Result<Point, ParseTurnError> {
    text.trim()
        .parse()
        .map_err(|e: crate::ParsePointError| syntax(e.to_string()))
}

impl FromStr for TurnNotation {
    type Err = ParseTurnError;

    fn from_str(s: &str) -> Result<TurnNotation, ParseTurnError> {
        let mut text = s.trim();
        let mut note = TurnNotation::default();
        if let Some(open) = text.rfind('(') {
            let count = text[open + 1..]
                .strip_suffix(')')
                .ok_or_else(|| syntax("the reserve count must be written as ` (n)` at the end"))?;
            let count = count
                .trim()
                .parse()
                .map_err(|_| syntax(format!("`{count}` is not a reserve count")))?;
            note.reserve = Some(count);
            text = text[..open].trim_end();
        }
        if text.is_empty() {
            return Err(syntax("the turn is empty"));
        }
        for part in text.split(';') {
            let part = part.trim();
            if part.is_empty() {
                return Err(syntax("a `;` has nothing on one side"));
            }
            if let Some(list) = part.strip_prefix(['x', 'X']) {
                let mut group = Vec::new();
                for item in list.split(',') {
                    let item = item.trim();
                    let (gipf, rest) = match item.strip_prefix('G') {
                        Some(rest) => (true, rest),
                        None => (false, item),
                    };
                    let (captured, rest) = match rest.strip_suffix('*') {
                        Some(rest) => (true, rest),
                        None => (false, rest),
                    };
                    group.push(RemovalNote {
                        spot: parse_point(rest)?,
                        gipf,
                        captured,
                    });
                }
                if note.push.is_some() {
                    &mut note.after
                } else {
                    &mut note.start
                }
                .extend(group);
            } else {
                if note.push.is_some() {
                    return Err(syntax("a turn has only one push"));
                }
                let (gipf, rest) = match part.strip_prefix('G') {
                    Some(rest) => (true, rest),
                    None => (false, part),
                };
                note.push = Some(match crate::entry::split_pair(rest) {
                    Some((dot, end)) if rest.len() > 2 => PushNote::Line {
                        gipf,
                        dot: parse_point(dot)?,
                        end: parse_point(end)?,
                    },
                    _ => PushNote::Onto {
                        gipf,
                        spot: parse_point(rest)?,
                    },
                });
            }
        }
        Ok(note)
    }
}

/// Why a written turn is not a legal turn in a position. The position is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// The push or a decision is illegal.
    Play(PlayError),
    /// The push as written does not describe a push here.
    Push(String),
    /// The removals written match no legal way of dealing with the rows.
    Removals(String),
    /// A removed spot is marked wrongly (`G` or `*`).
    Marks(String),
    /// The ` (n)` count differs from the reserve after the turn.
    Reserve {
        /// What was written.
        written: u8,
        /// What the reserve is.
        actual: u8,
    },
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::Play(e) => e.fmt(f),
            ResolveError::Push(s) | ResolveError::Removals(s) | ResolveError::Marks(s) => {
                f.write_str(s)
            }
            ResolveError::Reserve { written, actual } => {
                write!(f, "the reserve after this turn is {actual}, not {written}")
            }
        }
    }
}

impl std::error::Error for ResolveError {}

impl From<PlayError> for ResolveError {
    fn from(e: PlayError) -> ResolveError {
        ResolveError::Play(e)
    }
}

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

impl Position {
    /// Plays a whole turn written in the official notation. On error nothing changes.
    ///
    /// ```
    /// use gipf::{Color, Position, Variant};
    /// let mut position = Position::new(Variant::Tournament);
    /// position.play_notation("Ge8").unwrap();
    /// position.play_notation("Gd8-f7").unwrap();
    /// assert_eq!(position.to_move(), Color::White);
    /// let err = position.play_notation("e9-e8").unwrap_err();
    /// assert!(err.to_string().contains("written `e9-e7`"), "{err}");
    /// ```
    pub fn play_notation(&mut self, text: &str) -> Result<Completed, NotationError> {
        let note: TurnNotation = text.parse().map_err(NotationError::Parse)?;
        let decisions = note.resolve(self).map_err(NotationError::Resolve)?;
        let mut next = *self;
        let mut completed = Completed::default();
        for decision in decisions {
            for turn in next
                .play(decision)
                .map_err(|e| NotationError::Resolve(e.into()))?
                .iter()
            {
                completed.add(*turn);
            }
        }
        *self = next;
        Ok(completed)
    }
}

/// Why [`Position::play_notation`] refused a text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// The text is not in the notation.
    Parse(ParseTurnError),
    /// The text is not a legal turn here.
    Resolve(ResolveError),
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Parse(e) => e.fmt(f),
            NotationError::Resolve(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for NotationError {}
