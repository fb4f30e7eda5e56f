//! The channel's game beside its moves: `resign`, `abort`, `claim` (a win on time), `board`,
//! `hint` and `takeback`.

use std::fmt;

use super::{ArgKind, Command, CommandError, Syntax, Words, arg, error};

/// A command about the channel's game that is not a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameCommand {
    /// `resign`; `resign confirm` after the bot asked whether the player means it.
    Resign {
        /// Given with `confirm`: the game ends.
        confirmed: bool,
    },
    /// `abort`: end a game just begun, without a result.
    Abort,
    /// `claim`: the waiting player claims the win when the other's time is up.
    Claim,
    /// `board [black|white]`.
    Board {
        /// Draw it from Black's side; `None`: from the side of the player to move.
        black_side: Option<bool>,
    },
    /// `hint`: the engine's suggestion for the player to move, privately.
    Hint,
    /// `takeback`: ask the opponent to undo your last turn; `takeback accept` or `takeback
    /// decline`: his answer.
    Takeback(TakebackAnswer),
}

/// What `takeback` says: a request, or the opponent's answer to one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TakebackAnswer {
    /// `takeback`: ask for one.
    Ask,
    /// `takeback accept` (`yes`): undo it.
    Accept,
    /// `takeback decline` (`no`): play on as it stands.
    Decline,
}

impl From<GameCommand> for Command {
    fn from(command: GameCommand) -> Command {
        Command::Game(command)
    }
}

impl fmt::Display for GameCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameCommand::Resign { confirmed: false } => f.write_str("resign"),
            GameCommand::Resign { confirmed: true } => f.write_str("resign confirm"),
            GameCommand::Abort => f.write_str("abort"),
            GameCommand::Claim => f.write_str("claim"),
            GameCommand::Board { black_side: None } => f.write_str("board"),
            GameCommand::Board {
                black_side: Some(black),
            } => write!(f, "board {}", if *black { "black" } else { "white" }),
            GameCommand::Hint => f.write_str("hint"),
            GameCommand::Takeback(TakebackAnswer::Ask) => f.write_str("takeback"),
            GameCommand::Takeback(TakebackAnswer::Accept) => f.write_str("takeback accept"),
            GameCommand::Takeback(TakebackAnswer::Decline) => f.write_str("takeback decline"),
        }
    }
}

/// The family's rows.
pub(super) const SYNTAX: &[Syntax] = &[
    Syntax {
        word: "claim",
        summary: "Claim the win when your opponent's time per move is up",
        help: "`{p}challenge @bob days=3` (`autoforfeit`): 3 days per move; `{p}claim`: the win, once the other's time is up",
        args: &[],
        slash: true,
        place: 20,
        parse: |words| words.alone(GameCommand::Claim),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "board",
        summary: "Show the board",
        help: "`{p}board` (`{p}board black`): the board",
        args: &[arg(
            "side",
            "The side to see the board from",
            ArgKind::Choice(&["white", "black"]),
        )],
        slash: true,
        place: 170,
        parse: parse_board,
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "hint",
        summary: "The bot's suggestion for your move (games against it, or with hints)",
        help: "`{p}hint`: the bot's suggestion for your move, privately, in a game against it or one with `hints`",
        args: &[],
        slash: true,
        place: 210,
        parse: |words| words.alone(GameCommand::Hint),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "takeback",
        summary: "Ask your opponent to undo your last turn, or answer such a request",
        help: "`{p}takeback`: ask your opponent to undo your last turn (and his reply, if he made one); he answers `{p}takeback accept` or `{p}takeback decline`",
        args: &[arg(
            "answer",
            "Your answer to your opponent's request (leave it out to ask for one)",
            ArgKind::Choice(&["accept", "decline"]),
        )],
        slash: true,
        place: 235,
        parse: parse_takeback,
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "resign",
        summary: "Resign the game",
        help: "`{p}resign` (then `{p}resign confirm`), `{p}rules`, `{p}help`",
        args: &[super::play::CONFIRM],
        slash: true,
        place: 240,
        parse: parse_resign,
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "abort",
        summary: "End a game just begun, without a result",
        help: "`{p}abort`: end a game without a result, before either player's second turn",
        args: &[],
        slash: true,
        place: 250,
        // A moderator ends any game.
        moderated: true,
        parse: |words| words.alone(GameCommand::Abort),
        ..Syntax::DEFAULT
    },
];

/// `resign`, or `resign confirm` to mean it.
fn parse_resign(words: &Words) -> Result<Command, CommandError> {
    match words.args.as_slice() {
        [] => Ok(GameCommand::Resign { confirmed: false }.into()),
        ["confirm"] => Ok(GameCommand::Resign { confirmed: true }.into()),
        _ => Err(error(format!(
            "{} takes nothing after it but {} (I ask before the game ends)",
            words.cmd("resign"),
            words.options("resign confirm")
        ))),
    }
}

/// `takeback`, `takeback accept` (`yes`), `takeback decline` (`no`).
fn parse_takeback(words: &Words) -> Result<Command, CommandError> {
    let answer = match words.args.as_slice() {
        [] => TakebackAnswer::Ask,
        ["accept" | "yes" | "agree" | "allow"] => TakebackAnswer::Accept,
        ["decline" | "no" | "refuse" | "deny"] => TakebackAnswer::Decline,
        _ => {
            return Err(error(format!(
                "{} asks your opponent to undo your last turn; to answer his request write {} or {}",
                words.cmd("takeback"),
                words.cmd("takeback accept"),
                words.cmd("takeback decline")
            )));
        }
    };
    Ok(GameCommand::Takeback(answer).into())
}

fn parse_board(words: &Words) -> Result<Command, CommandError> {
    let black_side = match words.args.as_slice() {
        [] => None,
        ["black"] => Some(true),
        ["white"] => Some(false),
        _ => {
            return Err(error(format!(
                "{} takes nothing, {} or {} (the side to see it from)",
                words.cmd("board"),
                words.options("board black"),
                words.options("board white")
            )));
        }
    };
    Ok(GameCommand::Board { black_side }.into())
}
