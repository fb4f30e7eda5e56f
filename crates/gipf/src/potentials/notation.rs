//! The notation of a turn with potentials (`docs/potentials.md` §9): parsed, then resolved
//! against a game one part at a time, so that an error names the part that is wrong.

use std::fmt;

use super::{Decision, Game, Item, Mark, Pending, PieceKind, PlayError, Potential, Turn};
use crate::{Color, Entry, Point};

/// How a push is written: the spot alone (its first spot was empty), or `dot-end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathNote {
    /// `e2`.
    Spot(Point),
    /// `e1-e5`.
    Line {
        /// The dot.
        dot: Point,
        /// Where the furthest pushed stack ended.
        end: Point,
    },
}

impl fmt::Display for PathNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathNote::Spot(spot) => write!(f, "{spot}"),
            PathNote::Line { dot, end } => write!(f, "{dot}-{end}"),
        }
    }
}

/// The action as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionNote {
    /// A push and its TAMSK answers (`None`: `+-`).
    Push {
        /// The piece letter's kind.
        piece: PieceKind,
        /// The push.
        path: PathNote,
        /// `+` segments.
        extras: Vec<Option<PathNote>>,
    },
    /// `Zc3>c6`.
    Move {
        /// The kind.
        kind: Potential,
        /// The loaded piece.
        from: Point,
        /// The target.
        to: Point,
    },
}

/// A turn as written, checked for its form only.
///
/// ```
/// use gipf::potentials::{LineNote, ActionNote};
/// let note: LineNote = "Yb2>e5;xe2,e3,e4,ue5,e6* (9)".parse().unwrap();
/// assert!(matches!(note.action, Some(ActionNote::Move { .. })));
/// assert_eq!(note.after[0].len(), 5);
/// assert_eq!(note.reserve, Some(9));
/// assert!("Xb2>e5".parse::<LineNote>().is_err());
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineNote {
    /// Groups before the action.
    pub before: Vec<Vec<Item>>,
    /// The action, if any.
    pub action: Option<ActionNote>,
    /// Groups after it.
    pub after: Vec<Vec<Item>>,
    /// ` (n)`.
    pub reserve: Option<u8>,
}

impl fmt::Display for ActionNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionNote::Move { kind, from, to } => write!(f, "{}{from}>{to}", kind.letter()),
            ActionNote::Push {
                piece,
                path,
                extras,
            } => super::turn::write_push(f, *piece, path, extras),
        }
    }
}

/// Written back as read: `LineNote` → text → the same `LineNote`.
///
/// ```
/// use gipf::potentials::LineNote;
/// let text = "xue6*;e1-e5+a5-f4;xb2,Ze3 (4)";
/// assert_eq!(text.parse::<LineNote>().unwrap().to_string(), text);
/// ```
impl fmt::Display for LineNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut parts: Vec<String> = self.before.iter().map(|g| group_text(g)).collect();
        parts.extend(self.action.iter().map(ToString::to_string));
        parts.extend(self.after.iter().map(|g| group_text(g)));
        f.write_str(&parts.join(";"))?;
        if let Some(n) = self.reserve {
            write!(f, " ({n})")?;
        }
        Ok(())
    }
}

fn group_text(group: &[Item]) -> String {
    let items: Vec<String> = group.iter().map(ToString::to_string).collect();
    format!("x{}", items.join(","))
}

/// Why a text is not a turn in the notation (its form, not its legality).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLineError {
    /// The part that could not be read.
    pub part: String,
    /// What was expected.
    pub expected: &'static str,
}

impl fmt::Display for ParseLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "`{}` is not {}", self.part, self.expected)
    }
}

impl std::error::Error for ParseLineError {}

fn error(part: &str, expected: &'static str) -> ParseLineError {
    ParseLineError {
        part: part.to_string(),
        expected,
    }
}

fn spot(text: &str) -> Option<Point> {
    text.parse::<Point>().ok()
}

fn parse_path(text: &str) -> Result<PathNote, ParseLineError> {
    const WHAT: &str = "a push: a spot like `e2`, or a dot and an end like `e1-e5`";
    let point = |part: &str| {
        spot(part).ok_or_else(|| match part.len() {
            // `c9`: a point's form, off the board.
            2 | 3 if part.starts_with(|c: char| c.is_ascii_lowercase()) => {
                error(part, "a point of the board")
            }
            _ => error(text, WHAT),
        })
    };
    match text.split_once('-') {
        Some((dot, end)) => match (point(dot)?, point(end)?) {
            (dot, end) if dot.is_dot() && end.is_spot() => Ok(PathNote::Line { dot, end }),
            _ => Err(error(text, WHAT)),
        },
        None => spot(text)
            .filter(|p| p.is_spot())
            .map(PathNote::Spot)
            .ok_or_else(|| error(text, WHAT)),
    }
}

fn parse_item(text: &str) -> Result<Item, ParseLineError> {
    const WHAT: &str = "a removed spot: an optional mark (G T Z D Y P u), a spot, an optional `*`";
    let (body, opponent) = match text.strip_suffix('*') {
        Some(body) => (body, true),
        None => (text, false),
    };
    let mut chars = body.chars();
    let first = chars.next().ok_or_else(|| error(text, WHAT))?;
    let (mark, rest) = match first {
        'G' => (Mark::Gipf, chars.as_str()),
        'u' => (Mark::Used, chars.as_str()),
        c if c.is_ascii_uppercase() => match Potential::from_letter(c) {
            Some(kind) => (Mark::Loaded(kind), chars.as_str()),
            None => return Err(error(text, WHAT)),
        },
        _ => (Mark::Basic, body),
    };
    let spot = spot(rest)
        .filter(|p| p.is_spot())
        .ok_or_else(|| error(text, WHAT))?;
    Ok(Item {
        spot,
        mark,
        opponent,
    })
}

fn parse_action(text: &str) -> Result<ActionNote, ParseLineError> {
    if let Some((from, to)) = text.split_once('>') {
        const WHAT: &str = "a potential move like `Zc3>c6`: a kind (Z Y D P), a spot, `>`, a spot";
        let mut chars = from.chars();
        let kind = chars
            .next()
            .filter(char::is_ascii_uppercase)
            .and_then(Potential::from_letter)
            .ok_or_else(|| error(text, WHAT))?;
        let (Some(from), Some(to)) = (spot(chars.as_str()), spot(to)) else {
            return Err(error(text, WHAT));
        };
        // A dot as the target is read, and refused by the rules with the legal targets.
        if !from.is_spot() {
            return Err(error(text, WHAT));
        }
        return Ok(ActionNote::Move { kind, from, to });
    }
    let mut segments = text.split('+');
    let push = segments.next().unwrap_or_default();
    let mut chars = push.chars();
    let (piece, path) = match chars.next() {
        Some('G') => (PieceKind::Gipf, chars.as_str()),
        Some(c) if c.is_ascii_uppercase() => match Potential::from_letter(c) {
            Some(kind) => (PieceKind::Loaded(kind), chars.as_str()),
            None => {
                return Err(error(
                    push,
                    "a push: a piece letter (G T Z D Y P) is optional",
                ));
            }
        },
        _ => (PieceKind::Basic, push),
    };
    let path = parse_path(path)?;
    let extras = segments
        .map(|s| {
            if s == "-" {
                Ok(None)
            } else {
                parse_path(s).map(Some)
            }
        })
        .collect::<Result<_, _>>()?;
    Ok(ActionNote::Push {
        piece,
        path,
        extras,
    })
}

impl std::str::FromStr for LineNote {
    type Err = ParseLineError;

    fn from_str(text: &str) -> Result<LineNote, ParseLineError> {
        let text = text.trim();
        let (body, reserve) = match text.strip_suffix(')').and_then(|t| t.rsplit_once(" (")) {
            Some((body, n)) => {
                let n = n
                    .trim()
                    .parse()
                    .map_err(|_| error(text, "a turn: ` (n)` takes a number"))?;
                (body.trim(), Some(n))
            }
            None => (text, None),
        };
        let mut note = LineNote {
            before: Vec::new(),
            action: None,
            after: Vec::new(),
            reserve,
        };
        if body.is_empty() {
            return Err(error(text, "a turn"));
        }
        for segment in body.split(';') {
            let segment = segment.trim();
            if let Some(items) = segment.strip_prefix('x') {
                let group = items
                    .split(',')
                    .map(|i| parse_item(i.trim()))
                    .collect::<Result<_, _>>()?;
                if note.action.is_some() {
                    note.after.push(group);
                } else {
                    note.before.push(group);
                }
            } else if note.action.is_some() || !note.after.is_empty() {
                return Err(error(
                    segment,
                    "a removal group (`x…`): a turn has one action",
                ));
            } else {
                note.action = Some(parse_action(segment)?);
            }
        }
        Ok(note)
    }
}

/// Why a written turn cannot be played here. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineError {
    /// The form.
    Parse(ParseLineError),
    /// A decision of the turn was refused.
    Play(PlayError),
    /// The removals before (or after) the action are no legal step.
    Removals {
        /// Before the action?
        before: bool,
        /// As written.
        written: String,
        /// The legal ways, as written by the bot.
        legal: Vec<String>,
    },
    /// The game ended before the action, or the mover has no legal move: nothing may follow.
    NoAction,
    /// An action must follow the removals.
    ActionMissing,
    /// The push is written differently.
    WrittenAs {
        /// As written.
        written: String,
        /// How it is written.
        right: String,
    },
    /// A `+` without a TAMSK trigger.
    NoTrigger,
    /// A TAMSK trigger left unanswered.
    TriggerUnanswered,
    /// The action ended the game: nothing may follow.
    GameEnded,
    /// ` (n)` differs.
    Reserve {
        /// As written.
        written: u8,
        /// The mover's reserve.
        actual: u8,
    },
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Parse(e) => write!(f, "{e}"),
            LineError::Play(e) => write!(f, "{e}"),
            LineError::Removals {
                before,
                written,
                legal,
            } => {
                let when = if *before { "before" } else { "after" };
                let written = if written.is_empty() { "no removal".to_string() } else { format!("`{written}`") };
                let legal: Vec<String> = legal
                    .iter()
                    .map(|l| if l.is_empty() { "none".to_string() } else { format!("`{l}`") })
                    .collect();
                write!(
                    f,
                    "{written} {when} the action is not a legal way to deal with the rows; legal: {}",
                    legal.join(", ")
                )
            }
            LineError::NoAction => f.write_str(
                "the game is over or the player has no legal move here: the turn ends with its removals",
            ),
            LineError::ActionMissing => f.write_str("a push or a potential move must follow the removals"),
            LineError::WrittenAs { written, right } => write!(f, "`{written}` is written `{right}`"),
            LineError::NoTrigger => f.write_str(
                "`+` answers a TAMSK piece pushed onto e5, and no TAMSK of the mover was pushed there",
            ),
            LineError::TriggerUnanswered => f.write_str(
                "the push moved your TAMSK piece onto e5: add `+` and the extra push, or `+-` to skip it",
            ),
            LineError::GameEnded => f.write_str("the action ended the game: nothing may follow it"),
            LineError::Reserve { written, actual } => {
                write!(f, "the reserve after the turn is {actual}, not {written}")
            }
        }
    }
}

impl std::error::Error for LineError {}

fn groups_text(groups: &[Vec<Item>]) -> String {
    let turn = Turn {
        color: Color::White,
        before: groups.to_vec(),
        action: None,
        after: Vec::new(),
        reserve: 0,
    };
    turn.to_string()
}

impl Game {
    /// Plays a whole turn written in the notation of `docs/potentials.md` §9. On error
    /// nothing changes. Returns the turns completed (the mover's, and the next player's when he
    /// lost at once).
    ///
    /// ```
    /// use gipf::potentials::{Game, Options};
    /// let mut game = Game::new(Options::parse("standard", Some("Z3,D3")).unwrap());
    /// let error = game.play_notation("Tc2").unwrap_err();
    /// assert_eq!(error.to_string(), "you have no TAMSK potential left to load");
    /// ```
    pub fn play_notation(&mut self, text: &str) -> Result<Vec<Turn>, LineError> {
        let note: LineNote = text.parse().map_err(LineError::Parse)?;
        let (game, done) = self.resolve(&note)?;
        *self = game;
        Ok(done)
    }

    /// Finds the game after the written turn, checking it part by part (`docs/potentials.md` §10).
    pub fn resolve(&self, note: &LineNote) -> Result<(Game, Vec<Turn>), LineError> {
        if let Some(outcome) = self.outcome {
            return Err(LineError::Play(PlayError::GameOver(outcome)));
        }
        let mover = self.to_move;
        // The step before the action.
        let mut steps = Vec::new();
        self.explore(mover, &mut steps);
        let wanted = Turn::canonical(&note.before);
        let before = |(game, done): &(Game, Option<Turn>)| match done {
            Some(turn) => turn.before.clone(),
            None => game.progress.before.clone(),
        };
        let Some((mut game, done)) = steps
            .iter()
            .find(|s| Turn::canonical(&before(s)) == wanted)
            .cloned()
        else {
            return Err(removals_error(true, &note.before, steps.iter().map(before)));
        };
        let mut completed: Vec<Turn> = done.into_iter().collect();
        let Some(action) = &note.action else {
            if game.outcome.is_none() {
                return Err(LineError::ActionMissing);
            }
            return check_reserve(note, game, completed);
        };
        if game.outcome.is_some() {
            return Err(LineError::NoAction);
        }
        let done = game.play_action(action)?;
        // The step after the action.
        let mut ends = Vec::new();
        match done.iter().position(|t| t.color == mover) {
            Some(_) => ends.push((game, done)),
            None => {
                let mut states = Vec::new();
                game.explore(mover, &mut states);
                for (game, turn) in states {
                    let mut done = done.clone();
                    done.extend(turn);
                    ends.push((game, done));
                }
            }
        }
        let after = |(_, done): &(Game, Vec<Turn>)| {
            done.iter()
                .find(|t| t.color == mover)
                .map(|t| t.after.clone())
                .unwrap_or_default()
        };
        let wanted = Turn::canonical(&note.after);
        let Some((game, mut done)) = ends
            .iter()
            .find(|e| Turn::canonical(&after(e)) == wanted)
            .cloned()
        else {
            return Err(removals_error(false, &note.after, ends.iter().map(after)));
        };
        completed.append(&mut done);
        check_reserve(note, game, completed)
    }

    /// Every way to finish the current removal step of `mover`: the game when it needs his
    /// action (or his turn is over), with his completed turn if it is.
    fn explore(&self, mover: Color, out: &mut Vec<(Game, Option<Turn>)>) {
        match self.pending() {
            Pending::ChooseRow { .. } | Pending::Remove { .. } if self.to_move == mover => {
                for decision in self.legal_decisions() {
                    let mut next = self.clone();
                    let Ok(done) = next.play(decision) else {
                        continue;
                    };
                    match done.into_iter().find(|t| t.color == mover) {
                        Some(turn) => out.push((next, Some(turn))),
                        None => next.explore(mover, out),
                    }
                }
            }
            _ => out.push((self.clone(), None)),
        }
    }

    /// Plays the action and its TAMSK answers.
    fn play_action(&mut self, action: &ActionNote) -> Result<Vec<Turn>, LineError> {
        let mut done = match action {
            ActionNote::Move { kind, from, to } => self.play(Decision::Move {
                kind: *kind,
                from: *from,
                to: *to,
            }),
            ActionNote::Push { piece, path, .. } => {
                self.check_piece(*piece).map_err(LineError::Play)?;
                let entry = self.entry_for(*path)?;
                self.play(Decision::Push {
                    entry,
                    piece: *piece,
                })
            }
        }
        .map_err(LineError::Play)?;
        if let ActionNote::Push {
            piece,
            path,
            extras,
        } = action
        {
            self.check_written(&done, *path, 0, piece.letter())?;
            for (i, extra) in extras.iter().enumerate() {
                if self.pending() != Pending::Tamsk {
                    return Err(LineError::NoTrigger);
                }
                let decision = match extra {
                    Some(path) => Decision::Extra(self.entry_for(*path)?),
                    None => Decision::Skip,
                };
                done.extend(self.play(decision).map_err(LineError::Play)?);
                if let Some(path) = extra {
                    self.check_written(&done, *path, i + 1, None)?;
                }
            }
            if self.pending() == Pending::Tamsk {
                return Err(LineError::TriggerUnanswered);
            }
        }
        Ok(done)
    }

    /// The entry a written push names: the dot's entry on the end's line, or an entry onto
    /// the spot.
    fn entry_for(&self, path: PathNote) -> Result<Entry, LineError> {
        match path {
            PathNote::Spot(spot) => Entry::onto(spot)
                .next()
                .ok_or_else(|| LineError::WrittenAs {
                    written: path.to_string(),
                    right: "a dot and an end, like `e1-e5`: it is not a first spot".to_string(),
                }),
            PathNote::Line { dot, end } => Entry::from_dot(dot)
                .find(|e| e.ray().contains(end))
                .ok_or_else(|| LineError::WrittenAs {
                    written: path.to_string(),
                    right: format!("with an end on a line from {dot}"),
                }),
        }
    }

    /// Checks the written form of the push (index 0) or extra push just played.
    fn check_written(
        &self,
        done: &[Turn],
        path: PathNote,
        index: usize,
        letter: Option<char>,
    ) -> Result<(), LineError> {
        let action = match &self.progress.action {
            Some(action) => Some(action),
            None => done.iter().rev().find_map(|t| t.action.as_ref()),
        };
        let Some(super::Action::Push {
            path: first,
            extras,
            ..
        }) = action
        else {
            return Ok(());
        };
        let played = match index {
            0 => Some(*first),
            i => extras.get(i - 1).copied().flatten(),
        };
        let Some(played) = played else {
            return Ok(());
        };
        let matches = match path {
            PathNote::Spot(spot) => played.end == played.entry.first() && played.end == spot,
            PathNote::Line { end, .. } => played.end == end,
        };
        if matches {
            return Ok(());
        }
        let letter = letter.map(String::from).unwrap_or_default();
        Err(LineError::WrittenAs {
            written: format!("{letter}{path}"),
            right: format!("{letter}{played}"),
        })
    }
}

fn removals_error(
    before: bool,
    written: &[Vec<Item>],
    legal: impl Iterator<Item = Vec<Vec<Item>>>,
) -> LineError {
    let mut texts: Vec<String> = Vec::new();
    for groups in legal {
        let text = groups_text(&groups);
        if !texts.contains(&text) {
            texts.push(text);
        }
    }
    texts.truncate(8);
    LineError::Removals {
        before,
        written: groups_text(written),
        legal: texts,
    }
}

fn check_reserve(
    note: &LineNote,
    game: Game,
    done: Vec<Turn>,
) -> Result<(Game, Vec<Turn>), LineError> {
    let Some(written) = note.reserve else {
        return Ok((game, done));
    };
    let actual = done
        .first()
        .map(|t| t.reserve)
        .unwrap_or(game.reserve[game.to_move]);
    if written != actual {
        return Err(LineError::Reserve { written, actual });
    }
    Ok((game, done))
}
