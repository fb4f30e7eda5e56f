//! Moves in the channel's game: `push` and `gipf`, `move` (a whole turn), the answers `row`,
//! `take` and `keep`, and in games with potentials the powers (`zertz`, `yinsh`, `dvonn`,
//! `punct`) and `tamsk`.

use std::fmt;

use gipf::potentials::{LineNote, PieceKind, Potential};
use gipf::{Entry, Point};

use super::options::Given;
use super::{
    Arg, ArgKind, Choices, Command, CommandError, Completion, Syntax, Words, arg, at_least,
    completed, error, potential_word, required,
};

/// An answer to a pending decision, given alone or up front with a push.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `row 2`: remove the row numbered 2 first.
    Row(usize),
    /// `take e5 f4`: take these GIPF-pieces of the row, keep the others.
    Take(Vec<Point>),
    /// `take all`.
    TakeAll,
    /// `keep e5`: keep these GIPF-pieces, take the others.
    Keep(Vec<Point>),
    /// `keep all`, `take none`.
    KeepAll,
}

fn spot_list(points: &[Point]) -> String {
    let words: Vec<String> = points.iter().map(Point::to_string).collect();
    words.join(" ")
}

/// The answer as a player types it: `row 2`, `take e5 f4`, `keep all`.
impl fmt::Display for Answer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Answer::Row(n) => write!(f, "row {n}"),
            Answer::Take(points) => write!(f, "take {}", spot_list(points)),
            Answer::TakeAll => f.write_str("take all"),
            Answer::Keep(points) => write!(f, "keep {}", spot_list(points)),
            Answer::KeepAll => f.write_str("keep all"),
        }
    }
}

/// A move in the channel's game, or a part of one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayCommand {
    /// `push b1 c2`, `gipf b1 c2` (or `push G b1 c2`), and with potentials `push b1 c2
    /// zertz` (or `push Zb1 c2`, `push z b1 c2`) and `push b1 c2 basic`, optionally followed
    /// by answers.
    Push {
        /// Where: the dot and the first spot.
        entry: Entry,
        /// The end of the pushed line, when the player named the push as the official
        /// notation does (`a5 c5` for `a5-c5`): the push along `entry` must end there.
        end: Option<Point>,
        /// The piece the command names: none for a plain `push` (a basic piece, unless the
        /// player still has potentials to load and must say which).
        piece: Option<PieceKind>,
        /// Answers to the decisions the push may raise, in order.
        answers: Vec<Answer>,
    },
    /// `zertz c3 c6`, `yinsh d2 d4`, `dvonn d4 d5`, `punct e4 e5`: a potential move.
    Power {
        /// Z, Y, D or P.
        kind: Potential,
        /// The loaded piece.
        from: Point,
        /// The target.
        to: Point,
    },
    /// `tamsk a5 b5` (the extra push's dot and first spot) or `tamsk skip`.
    Tamsk(Option<Entry>),
    /// `move <notation>`: a whole turn (`h6-c4;xc6*,d6`, with potentials `Zc3>c6`...).
    Move(LineNote),
    /// `row 2`, `take e5`, `keep all`...
    Answer(Answer),
    /// A move given with `confirm` (`take e5 confirm`): played even though it loses the
    /// game on the spot, which the player has been told.
    Confirmed(Box<PlayCommand>),
}

impl Answer {
    /// The word it is given with alone: `row`, `take` or `keep`.
    pub fn word(&self) -> &'static str {
        match self {
            Answer::Row(_) => "row",
            Answer::Take(_) | Answer::TakeAll => "take",
            Answer::Keep(_) | Answer::KeepAll => "keep",
        }
    }
}

impl PlayCommand {
    /// The word of its canonical line.
    pub fn word(&self) -> &'static str {
        match self {
            PlayCommand::Push {
                piece: Some(PieceKind::Gipf),
                ..
            } => "gipf",
            PlayCommand::Push { .. } => "push",
            PlayCommand::Power { kind, .. } => potential_word(*kind),
            PlayCommand::Tamsk(_) => "tamsk",
            PlayCommand::Move(_) => "move",
            PlayCommand::Answer(answer) => answer.word(),
            PlayCommand::Confirmed(inner) => inner.word(),
        }
    }

    /// The move itself, and whether it was confirmed.
    pub fn unconfirmed(&self) -> (&PlayCommand, bool) {
        match self {
            PlayCommand::Confirmed(inner) => (inner.unconfirmed().0, true),
            other => (other, false),
        }
    }
}

impl From<PlayCommand> for Command {
    fn from(command: PlayCommand) -> Command {
        Command::Play(command)
    }
}

impl fmt::Display for PlayCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayCommand::Push {
                entry,
                end,
                piece,
                answers,
            } => {
                // As the player named it: the first spot, or the end of the pushed line.
                let aim = match end {
                    Some(end) => format!("{}-{end}", entry.dot()),
                    None => entry.to_string(),
                };
                match piece {
                    None => write!(f, "push {aim}")?,
                    Some(PieceKind::Gipf) => write!(f, "gipf {aim}")?,
                    Some(PieceKind::Basic) => write!(f, "push {aim} basic")?,
                    Some(PieceKind::Loaded(kind)) => {
                        write!(f, "push {aim} {}", potential_word(*kind))?;
                    }
                }
                with_answers(f, answers)
            }
            PlayCommand::Power { kind, from, to } => {
                write!(f, "{} {from} {to}", potential_word(*kind))
            }
            PlayCommand::Tamsk(Some(entry)) => write!(f, "tamsk {entry}"),
            PlayCommand::Tamsk(None) => f.write_str("tamsk skip"),
            PlayCommand::Move(note) => write!(f, "move {note}"),
            PlayCommand::Answer(answer) => answer.fmt(f),
            PlayCommand::Confirmed(inner) => write!(f, "{inner} confirm"),
        }
    }
}

/// The answers given with a push, after it.
fn with_answers(f: &mut fmt::Formatter<'_>, answers: &[Answer]) -> fmt::Result {
    answers.iter().try_for_each(|answer| write!(f, " {answer}"))
}

const GIPF_SPOTS: Arg = completed(
    required(arg(
        "spots",
        "Their spots, like e5 f4, or all",
        ArgKind::Text,
    )),
    Completion::GipfSpots,
);

/// `confirm`: play a move that loses the game on the spot, after being told so.
pub(super) const CONFIRM: Arg = arg(
    "confirm",
    "Play it even though it loses the game at once (I ask first)",
    ArgKind::Flag("confirm"),
);

/// The arguments of a potential move: the loaded piece and the target.
const POWER_ARGS: &[Arg] = &[
    completed(
        required(arg("from", "The spot of your loaded piece", ArgKind::Text)),
        Completion::PotentialFrom,
    ),
    completed(
        required(arg("to", "Where its potential goes", ArgKind::Text)),
        Completion::PotentialTo,
    ),
];

/// The family's rows: a player's moves, which need no rights and start no game.
pub(super) const SYNTAX: &[Syntax] = &[
    Syntax {
        word: "push",
        summary: "Push a piece in: the dot and the first spot",
        help: "`{p}push b1 c2` (or `b1-c2`, `b1c2`): push a piece from dot b1 onto c2; `{p}push a5 c5` names a push as the record writes it, by its dot and where the pushed line ends",
        args: &[
            completed(
                required(arg(
                    "entry",
                    "Dot and first spot, like b1-c2",
                    ArgKind::Text,
                )),
                Completion::Entry,
            ),
            arg(
                "gipf",
                "Push a GIPF-piece (two stacked pieces)",
                ArgKind::Flag("g"),
            ),
            arg(
                "piece",
                "With potentials: a loaded piece's kind, or basic (giving up the rest of them)",
                ArgKind::Choice(Choices::Pieces),
            ),
            arg(
                "answers",
                "Answers to the decisions the push raises, like `row 1` or `take all`",
                ArgKind::Text,
            ),
        ],
        slash: true,
        place: 60,
        parse: |words| confirmable(words, |words| parse_push(words, None)),
        fill: |given| {
            let gipf = given.flag("gipf").then_some(PieceKind::Gipf);
            given.read_all(&["entry", "piece", "answers"], |words| {
                confirmable(words, |words| parse_push(words, gipf))
            })
        },
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "gipf",
        summary: "Bring in a GIPF-piece",
        help: "`{p}gipf b1 c2` or `{p}push G b1 c2`: bring in a GIPF-piece (tournament game)\n\
               `{p}push b1 c2 take e5`: a push with its decisions up front (`row 2`, `take e5 f4`, `take all`, `keep all`)",
        args: &[],
        slash: false,
        place: 70,
        parse: |words| confirmable(words, |words| parse_push(words, Some(PieceKind::Gipf))),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "move",
        summary: "Play a whole turn in the official notation",
        help: "`{p}move h6-c4;xc6*,d6,f5,g4`: a whole turn in the official notation",
        args: &[required(arg(
            "notation",
            "Like b6-f5 or xe7,e8;c7-e7",
            ArgKind::Text,
        ))],
        slash: true,
        place: 80,
        parse: |words| confirmable(words, parse_move),
        fill: |given| given.read("notation", |words| confirmable(words, parse_move)),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "zertz",
        summary: "Use a ZÈRTZ potential: jump over a line of pieces",
        help: "`{p}zertz c3 c6`, `{p}yinsh d2 d4`, `{p}dvonn d4 d5`, `{p}punct e4 e5`: use the potential of a loaded piece (its spot, then the target)\n\
               `{p}push b1 c2 zertz` (or `{p}push Zb1 c2`): push in a loaded piece; `{p}push b1 c2 basic`: a basic piece, giving up the rest of your potentials\n\
               `{p}tamsk a5 b5` or `{p}tamsk skip`: the extra push of a TAMSK pushed onto e5; `{p}rules potentials`, `{p}rules zertz`: how they work",
        args: POWER_ARGS,
        slash: true,
        place: 90,
        parse: |words| confirmable(words, |words| parse_power(words, Potential::Zertz)),
        fill: |given| fill_power(given, Potential::Zertz),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "yinsh",
        summary: "Use a YINSH potential: slide over empty spots",
        help: "",
        args: POWER_ARGS,
        slash: true,
        place: 100,
        parse: |words| confirmable(words, |words| parse_power(words, Potential::Yinsh)),
        fill: |given| fill_power(given, Potential::Yinsh),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "dvonn",
        summary: "Use a DVONN potential: jump onto a neighbouring opponent's piece",
        help: "",
        args: POWER_ARGS,
        slash: true,
        place: 110,
        parse: |words| confirmable(words, |words| parse_power(words, Potential::Dvonn)),
        fill: |given| fill_power(given, Potential::Dvonn),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "punct",
        summary: "Use a PÜNCT potential: jump onto a neighbouring PÜNCT or GIPF-piece",
        help: "",
        args: POWER_ARGS,
        slash: true,
        place: 120,
        parse: |words| confirmable(words, |words| parse_power(words, Potential::Punct)),
        fill: |given| fill_power(given, Potential::Punct),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "tamsk",
        summary: "Your TAMSK reached e5: its extra push (dot and first spot), or skip",
        help: "",
        args: &[completed(
            required(arg(
                "entry",
                "Dot and first spot of the extra push, like a5-b5, or skip",
                ArgKind::Text,
            )),
            Completion::Entry,
        )],
        slash: true,
        place: 130,
        parse: |words| confirmable(words, parse_tamsk),
        fill: |given| given.read("entry", |words| confirmable(words, parse_tamsk)),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "row",
        summary: "Choose which row to remove first",
        help: "`{p}row 2`, `{p}take e5`, `{p}take all`, `{p}keep all`: answer a pending decision; one that would lose the game at once is played only with `confirm` after it (`{p}take e5 confirm`)",
        args: &[completed(
            required(arg("number", "The row's number", at_least(1))),
            Completion::Row,
        )],
        slash: true,
        place: 140,
        parse: |words| confirmable(words, parse_lone_answer),
        fill: fill_row,
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "take",
        summary: "Take these GIPF-pieces of the row being removed",
        help: "",
        args: &[GIPF_SPOTS, CONFIRM],
        slash: true,
        place: 150,
        parse: |words| confirmable(words, parse_lone_answer),
        fill: fill_spots,
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "keep",
        summary: "Keep these GIPF-pieces of the row being removed",
        help: "",
        args: &[GIPF_SPOTS, CONFIRM],
        slash: true,
        place: 160,
        parse: |words| confirmable(words, parse_lone_answer),
        fill: fill_spots,
        ..Syntax::DEFAULT
    },
];

/// The official notation as players type it: `ge8` or `xgd5` mean `Ge8` and `xGd5` (a `g`
/// before a spot can only mark a GIPF-piece), and `zc3>c6` means `Zc3>c6` (so do the other
/// kind letters: `dd4` is a DVONN on d4, while the `d` of `d4` stays a column).
fn notation_text(raw: &str) -> String {
    let chars: Vec<char> = raw.chars().collect();
    let marks = |i: usize| {
        "gtzdyp".contains(chars[i])
            && chars.get(i + 1).is_some_and(|c| ('a'..='i').contains(c))
            && chars.get(i + 2).is_some_and(char::is_ascii_digit)
    };
    (0..chars.len())
        .map(|i| {
            if marks(i) {
                chars[i].to_ascii_uppercase()
            } else {
                chars[i]
            }
        })
        .collect()
}

/// A move given with the word `confirm` (anywhere after the command word, as a slash
/// command's flag puts it first): the move without it, confirmed.
fn confirmable(
    words: &Words,
    parse: impl Fn(&Words) -> Result<Command, CommandError>,
) -> Result<Command, CommandError> {
    if !words.args.contains(&"confirm") {
        return parse(words);
    }
    let args: Vec<&str> = words
        .args
        .iter()
        .copied()
        .filter(|a| *a != "confirm")
        .collect();
    let raw: Vec<&str> = words
        .raw
        .split_whitespace()
        .filter(|w| !w.eq_ignore_ascii_case("confirm"))
        .collect();
    let raw = raw.join(" ");
    let without = Words {
        args,
        raw: &raw,
        ..*words
    };
    parse(&without).map(confirmed)
}

/// `command`, confirmed if it is a move not confirmed yet.
fn confirmed(command: Command) -> Command {
    match command {
        Command::Play(PlayCommand::Confirmed(inner)) => PlayCommand::Confirmed(inner).into(),
        Command::Play(command) => PlayCommand::Confirmed(Box::new(command)).into(),
        other => other,
    }
}

/// `/zertz from:c3 to:c6` and the other powers: the loaded piece and the target read as
/// the chat reads them after the power's word.
fn fill_power(given: &Given, kind: Potential) -> Result<Command, CommandError> {
    given.read_all(&["from", "to"], |words| {
        confirmable(words, |words| parse_power(words, kind))
    })
}

/// `/row number:N`.
fn fill_row(given: &Given) -> Result<Command, CommandError> {
    let n = (given.number("number")).and_then(|n| usize::try_from(n).ok());
    let row = row_answer(n, Asked::Alone, &given.words())?;
    Ok(PlayCommand::Answer(row).into())
}

/// `/take spots:… [confirm]`, `/keep spots:… [confirm]`.
fn fill_spots(given: &Given) -> Result<Command, CommandError> {
    let command = given.read("spots", |words| confirmable(words, parse_lone_answer))?;
    Ok(if given.flag("confirm") {
        confirmed(command)
    } else {
        command
    })
}

fn parse_move(words: &Words) -> Result<Command, CommandError> {
    if words.raw.is_empty() {
        return Err(error(format!(
            "write the whole turn in the official notation, like {} or {}",
            words.cmd("move b6-f5"),
            words.cmd("move xe7,e8;c7-e7")
        )));
    }
    let note = notation_text(words.raw)
        .parse::<LineNote>()
        .map_err(|e| error(e.to_string()))?;
    Ok(PlayCommand::Move(note).into())
}

/// `zertz c3 c6` (also `c3-c6`, `c3>c6`, `c3c6`): a potential move.
fn parse_power(words: &Words, kind: Potential) -> Result<Command, CommandError> {
    let usage = || {
        error(format!(
            "name the {} piece's spot and the target, like {}",
            kind.name(),
            words.cmd(&format!("{} c3 c6", words.word))
        ))
    };
    let joined: String = words.args.concat();
    let points: Vec<&str> = joined.split(['-', '>']).filter(|p| !p.is_empty()).collect();
    let (from, to) = match points[..] {
        [from, to] => (from.to_string(), to.to_string()),
        // `c3c6`: the second point starts at the second letter.
        [both] => {
            let (cut, _) = both
                .char_indices()
                .skip(1)
                .find(|(_, c)| c.is_ascii_alphabetic())
                .ok_or_else(usage)?;
            (both[..cut].to_string(), both[cut..].to_string())
        }
        _ => return Err(usage()),
    };
    let point = |text: &str| {
        text.parse::<Point>()
            .map_err(|e| error(format!("{e}; {}", usage())))
    };
    let (from, to) = (point(&from)?, point(&to)?);
    if !from.is_spot() {
        return Err(error(format!(
            "{from} is a dot: a loaded piece stands on a spot ({})",
            usage()
        )));
    }
    Ok(PlayCommand::Power { kind, from, to }.into())
}

/// `tamsk a5 b5` or `tamsk skip`.
fn parse_tamsk(words: &Words) -> Result<Command, CommandError> {
    if words.args == ["skip"] {
        return Ok(PlayCommand::Tamsk(None).into());
    }
    let ((entry, end), rest) = parse_entry(&words.args, words).map_err(|e| {
        error(format!(
            "{e}; or give the extra push up with {}",
            words.cmd("tamsk skip")
        ))
    })?;
    if end.is_some() {
        return Err(error(format!(
            "name the extra push by its dot and first spot, like {}",
            words.cmd(&format!("tamsk {entry}"))
        )));
    }
    if let Some(extra) = rest.first() {
        return Err(error(format!(
            "I did not understand `{extra}` after the extra push"
        )));
    }
    Ok(PlayCommand::Tamsk(Some(entry)).into())
}

fn parse_lone_answer(words: &Words) -> Result<Command, CommandError> {
    let (answer, rest) = parse_answer(words.word, &words.args, Asked::Alone, words)?;
    if let Some(extra) = rest.first() {
        return Err(error(format!(
            "I did not understand `{extra}` after the answer"
        )));
    }
    Ok(PlayCommand::Answer(answer).into())
}

/// A push as named: its entry, and the end of its line when the player named that instead
/// of the first spot.
type Aim = (Entry, Option<Point>);

/// Reads an entry from the start of `args`: `b1 c2`, `b1-c2` or `b1c2`, or the dot and the
/// end of the pushed line as the notation writes it (`a5 c5`, then also its end). Returns
/// the rest.
fn parse_entry<'a>(
    args: &'a [&'a str],
    words: &Words,
) -> Result<(Aim, &'a [&'a str]), CommandError> {
    // The other ways to write it than the example's.
    let also = if words.say.slash { "b1 c2" } else { "b1-c2" };
    let usage = format!(
        "name the dot and the first spot, like {}; `{also}` or `b1c2` work too",
        words.cmd("push b1 c2")
    );
    let first = args
        .first()
        .ok_or_else(|| error(&usage))?
        .trim_end_matches('-');
    let (text, used) = if first.len() >= 4 {
        (first.to_string(), 1)
    } else {
        let second = args.get(1).ok_or_else(|| error(&usage))?;
        (format!("{first} {}", second.trim_start_matches('-')), 2)
    };
    let aim = match text.parse::<Entry>() {
        Ok(entry) => (entry, None),
        // `a5 c5`: the dot and the end of the pushed line, as the notation writes it.
        Err(e @ gipf::EntryError::NotAFirstSpot { dot, spot }) => match along(dot, spot) {
            Some(entry) => (entry, Some(spot)),
            None => return Err(error(e.to_string())),
        },
        Err(e @ (gipf::EntryError::Syntax { .. } | gipf::EntryError::Point(_))) => {
            return Err(error(format!("{e}. {}", capitalised(&usage))));
        }
        Err(other) => return Err(error(other.to_string())),
    };
    Ok((aim, &args[used..]))
}

/// `text` as a sentence of its own: its first letter a capital.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// The entry from `dot` whose line runs through `spot` further on, if one does: a dot's
/// lines part at the dot, so there is at most one.
fn along(dot: Point, spot: Point) -> Option<Entry> {
    Entry::from_dot(dot).find(|entry| entry.ray().contains(spot))
}

/// What a word names as the piece of a push in a game with potentials: a kind (letter or
/// name), or `basic`.
fn piece_word(word: &str) -> Option<PieceKind> {
    if word == "basic" {
        return Some(PieceKind::Basic);
    }
    word.parse::<Potential>().ok().map(PieceKind::Loaded)
}

/// A piece letter glued to the dot: `gb1` (GIPF), `zb1c2` (ZÈRTZ). Returns the piece and
/// the rest.
fn glued_piece(word: &str) -> Option<(PieceKind, &str)> {
    let mut chars = word.chars();
    let letter = chars.next()?;
    let piece = match letter {
        'g' => PieceKind::Gipf,
        other => PieceKind::Loaded(Potential::from_letter(other)?),
    };
    let rest = chars.as_str();
    let mut next = rest.chars();
    let starts_with_point = next.next().is_some_and(|c| ('a'..='i').contains(&c))
        && next.next().is_some_and(|c| c.is_ascii_digit());
    starts_with_point.then_some((piece, rest))
}

/// `push [G] b1 c2 [answers]`, `gipf b1 c2 [answers]`, also with the `G` glued: `Gb1c2`. In
/// games with potentials the piece may be named: `push Zb1 c2`, `push z b1 c2`, `push zertz
/// b1 c2`, `push b1 c2 zertz`, `push b1 c2 basic`.
fn parse_push(words: &Words, mut piece: Option<PieceKind>) -> Result<Command, CommandError> {
    let mut args: Vec<&str> = words.args.clone();
    let mut name = |named: PieceKind| match piece.replace(named) {
        None => Ok(()),
        Some(PieceKind::Gipf) if matches!(named, PieceKind::Loaded(_)) => Err(error(
            "a GIPF-piece is never loaded: push either a GIPF-piece or a loaded piece",
        )),
        Some(_) => Err(error("name one piece per push")),
    };
    match args.first().copied() {
        Some("g") => {
            name(PieceKind::Gipf)?;
            args.remove(0);
        }
        Some(first) if piece_word(first).is_some() => {
            name(piece_word(first).unwrap_or(PieceKind::Basic))?;
            args.remove(0);
        }
        _ => {}
    }
    if let Some((glued, rest)) = args.first().and_then(|first| glued_piece(first)) {
        name(glued)?;
        args[0] = rest;
    }
    let ((entry, end), mut rest) = parse_entry(&args, words)?;
    let mut answers = Vec::new();
    while let Some((word, tail)) = rest.split_first() {
        if let Some(named) = piece_word(word) {
            name(named)?;
            rest = tail;
            continue;
        }
        let (answer, after) = parse_answer(word, tail, Asked::AfterPush, words)?;
        answers.push(answer);
        rest = after;
    }
    Ok(PlayCommand::Push {
        entry,
        end,
        piece,
        answers,
    }
    .into())
}

/// The spots at the start of `args`, and the words after them.
fn leading_spots<'a>(args: &'a [&'a str]) -> (Vec<Point>, &'a [&'a str]) {
    let points: Vec<Point> = args.iter().map_while(|a| a.parse().ok()).collect();
    (points.clone(), &args[points.len()..])
}

/// Where answers are given: as a command of their own, or after a push.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Asked {
    Alone,
    AfterPush,
}

/// An answer as the player writes it where he gives it: `take e5` alone or after a push in
/// chat; `/take spots:e5`, or `answers:take e5` after a push, by slash command.
fn answer_example(answer: &str, asked: Asked, words: &Words) -> String {
    match asked {
        Asked::AfterPush if words.say.slash => format!("`answers:{answer}`"),
        _ => words.bare(answer),
    }
}

/// An answer without what it names: given alone, the pending question tells the real
/// options; after a push there is none yet.
fn unanswered(asked: Asked, generic: String) -> CommandError {
    match asked {
        Asked::Alone => CommandError::Unanswered { generic },
        Asked::AfterPush => error(generic),
    }
}

/// `row N`, if `n` is a row's number.
fn row_answer(n: Option<usize>, asked: Asked, words: &Words) -> Result<Answer, CommandError> {
    let example = answer_example("row 2", asked, words);
    let n = n.filter(|n| *n >= 1).ok_or_else(|| {
        unanswered(
            asked,
            format!("say which row by its number, like {example}"),
        )
    })?;
    Ok(Answer::Row(n))
}

/// One answer starting at `word`; returns it and the words after it.
fn parse_answer<'a>(
    word: &str,
    args: &'a [&'a str],
    asked: Asked,
    words: &Words,
) -> Result<(Answer, &'a [&'a str]), CommandError> {
    let keep = word == "keep";
    let example = |answer: &str| answer_example(answer, asked, words);
    match (word, args.first().copied()) {
        ("row", first) => {
            let n = first.and_then(|a| a.parse::<usize>().ok());
            Ok((row_answer(n, asked, words)?, &args[1..]))
        }
        ("take" | "keep", Some("all")) => {
            let all = if keep {
                Answer::KeepAll
            } else {
                Answer::TakeAll
            };
            Ok((all, &args[1..]))
        }
        ("take" | "keep", Some("none")) => {
            let none = if keep {
                Answer::TakeAll
            } else {
                Answer::KeepAll
            };
            Ok((none, &args[1..]))
        }
        ("take" | "keep", _) => {
            let (points, rest) = leading_spots(args);
            if points.is_empty() {
                return Err(unanswered(
                    asked,
                    format!(
                        "say which GIPF-pieces to {word} by their spots, like {}, or {}",
                        example(&format!("{word} e5 f4")),
                        example(&format!("{word} all"))
                    ),
                ));
            }
            let answer = if keep {
                Answer::Keep(points)
            } else {
                Answer::Take(points)
            };
            Ok((answer, rest))
        }
        (other, _) => Err(error(format!(
            "{} I understand `row N`, `take <spots>`, `take all`, `keep all`; not `{other}`",
            if words.say.slash {
                "in `answers`"
            } else {
                "after the push"
            }
        ))),
    }
}
