//! Puzzles to solve and lessons to learn from: `puzzle`, `solve`, `learn`.

use std::fmt;

use super::options::Given;
use super::{Arg, ArgKind, Command, CommandError, Syntax, Words, arg, at_least, error, required};

/// A puzzle asked for, or an answer to one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleCommand {
    /// `puzzle`: the asker's next puzzle, with its picture.
    Next,
    /// `learn [n]`: lesson `n` (from 1), or the asker's next one.
    Learn(Option<u32>),
    /// `solve <turn>`: an answer to the asker's puzzle, as a move command or in the
    /// notation.
    Solve {
        /// The turn, as written.
        turn: String,
    },
}

impl PuzzleCommand {
    /// The word of its canonical line.
    pub fn word(&self) -> &'static str {
        match self {
            PuzzleCommand::Next => "puzzle",
            PuzzleCommand::Learn(_) => "learn",
            PuzzleCommand::Solve { .. } => "solve",
        }
    }
}

impl From<PuzzleCommand> for Command {
    fn from(command: PuzzleCommand) -> Command {
        Command::Puzzle(command)
    }
}

impl fmt::Display for PuzzleCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PuzzleCommand::Next => f.write_str("puzzle"),
            PuzzleCommand::Learn(None) => f.write_str("learn"),
            PuzzleCommand::Learn(Some(n)) => write!(f, "learn {n}"),
            PuzzleCommand::Solve { turn } => write!(f, "solve {turn}"),
        }
    }
}

const TURN: Arg = required(arg(
    "turn",
    "The turn as a move command or in the notation: c1 c2, c1 c2 take f6, zertz c3 c6, a5-c5",
    ArgKind::Text,
));

/// The family's rows: anyone may ask, anywhere.
pub(super) const SYNTAX: &[Syntax] = &[
    Syntax {
        word: "puzzle",
        summary: "A puzzle: find the one turn that wins, or captures most",
        help: "`{p}puzzle`: a position from the engine's own games where exactly one turn wins at once, or captures more pieces than any other; answer with `{p}solve`",
        args: &[],
        slash: true,
        place: 295,
        in_direct_messages: true,
        parse: |words| words.alone(PuzzleCommand::Next),
        fill: |_| Ok(PuzzleCommand::Next.into()),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "learn",
        summary: "A short course: the board, pushing, rows, GIPF-pieces, potentials",
        help: "`{p}learn` (`{p}learn 3`): a lesson with a picture and a task you do with the game's own commands (`{p}hint` gives them) wherever you have no game and no challenge open (typed in a server, it comes by direct message); `{p}learn` again for the next",
        args: &[arg(
            "lesson",
            "Which lesson, from 1 (your next if left out)",
            at_least(1),
        )],
        slash: true,
        place: 294,
        in_direct_messages: true,
        parse: parse_learn,
        fill: fill_learn,
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "solve",
        summary: "Your answer to your puzzle (said to you alone), and your streak",
        help: "`{p}solve c1 c2 take f6` (or `{p}solve a5-c5`): your answer to your puzzle (in the channel of the server's daily puzzle, to that one), written as you would play it (what follows `{p}push`, a power's command like `zertz c3 c6`, or `{p}move`'s notation); you alone read whether it was right (a typed answer by direct message), and your streak of right answers; a wrong turn gets one more try before the solution",
        args: &[TURN],
        slash: true,
        place: 296,
        asker_only: true,
        in_direct_messages: true,
        parse: parse_solve,
        fill: |given| given.read("turn", parse_solve),
        ..Syntax::DEFAULT
    },
];

fn parse_learn(words: &Words) -> Result<Command, CommandError> {
    match words.args[..] {
        [] => Ok(PuzzleCommand::Learn(None).into()),
        [n] => n
            .parse::<u32>()
            .map(|n| PuzzleCommand::Learn(Some(n)).into())
            .map_err(|_| not_a_lesson(&words.given(n), words)),
        _ => Err(error(format!(
            "{} takes a lesson's number at most, like {}",
            words.bare("learn"),
            words.cmd("learn 3")
        ))),
    }
}

/// `/learn [lesson]`.
fn fill_learn(given: &Given) -> Result<Command, CommandError> {
    let Some(n) = given.number("lesson") else {
        return Ok(PuzzleCommand::Learn(None).into());
    };
    let n =
        u32::try_from(n).map_err(|_| not_a_lesson(&given.quote("lesson", n), &given.words()))?;
    Ok(PuzzleCommand::Learn(Some(n)).into())
}

/// The refusal of a lesson's number that is none, quoted as `given`.
fn not_a_lesson(given: &str, words: &Words) -> CommandError {
    error(format!(
        "{given} is not a lesson's number: {} starts the next, {} the third",
        words.cmd("learn"),
        words.cmd("learn 3")
    ))
}

fn parse_solve(words: &Words) -> Result<Command, CommandError> {
    if words.args.is_empty() {
        return Err(error(format!(
            "{} needs your turn as you would play it, like {} or {}",
            words.bare("solve"),
            words.cmd("solve c1 c2"),
            words.cmd("solve c1 c2 take f6")
        )));
    }
    // The notation is case-sensitive (`G`, the powers' letters): the words as typed.
    Ok(PuzzleCommand::Solve {
        turn: words.raw.trim().to_string(),
    }
    .into())
}
