//! The channel's game beside its moves: `resign`, `abort`, `claim` (a win on time), `board`,
//! `hint` and `takeback`.

use std::fmt;

use super::options::Given;
use super::{ArgKind, Choices, Command, CommandError, Syntax, Words, arg, error};
use crate::model::BoardSide;

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
    /// `givetime`: the waiting player gives his opponent a fresh full time for his move.
    GiveTime,
    /// `board [white|black|mine|default]`: the board, from a side; `board side [...]`: the
    /// side of every board shown or sent to the asker, set or said.
    Board {
        /// The side: `None` for the one the asker chose, else the server's.
        side: Option<BoardSide>,
        /// `board side`: remember `side` for the asker (without a side: say which he chose).
        remember: bool,
        /// Every spot named on the picture, for beginners.
        coords: bool,
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

impl GameCommand {
    /// The word of its canonical line.
    pub fn word(&self) -> &'static str {
        match self {
            GameCommand::Resign { .. } => "resign",
            GameCommand::Abort => "abort",
            GameCommand::Claim => "claim",
            GameCommand::GiveTime => "givetime",
            GameCommand::Board { .. } => "board",
            GameCommand::Hint => "hint",
            GameCommand::Takeback(_) => "takeback",
        }
    }
}

impl TakebackAnswer {
    /// The answers to a request, as `/takeback` offers them.
    pub const ANSWERS: [TakebackAnswer; 2] = [TakebackAnswer::Accept, TakebackAnswer::Decline];

    /// Its word: `accept` or `decline` (and `ask` for a request).
    pub fn word(self) -> &'static str {
        match self {
            TakebackAnswer::Ask => "ask",
            TakebackAnswer::Accept => "accept",
            TakebackAnswer::Decline => "decline",
        }
    }
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
            GameCommand::GiveTime => f.write_str("givetime"),
            GameCommand::Board {
                side,
                remember,
                coords,
            } => {
                f.write_str(if *remember { "board side" } else { "board" })?;
                side.map_or(Ok(()), |side| write!(f, " {side}"))?;
                if *coords {
                    f.write_str(" coords")?;
                }
                Ok(())
            }
            GameCommand::Hint => f.write_str("hint"),
            GameCommand::Takeback(TakebackAnswer::Ask) => f.write_str("takeback"),
            GameCommand::Takeback(answer) => write!(f, "takeback {}", answer.word()),
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
        fill: |_| Ok(GameCommand::Claim.into()),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "givetime",
        summary: "Give your opponent a fresh full time for the move he is to make",
        help: "`{p}givetime`: your opponent, whose move it is, gets his full time per move again from now (as the button on his reminder does); not in events made with `givetime=off`",
        args: &[],
        slash: true,
        place: 22,
        parse: |words| words.alone(GameCommand::GiveTime),
        fill: |_| Ok(GameCommand::GiveTime.into()),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "board",
        summary: "Show the board",
        help: "`{p}board` (`{p}board black`, `white`, `mine`): the board, from the server's side or the one you chose (`{p}board coords`: every spot named); `{p}board side mine` (`white`, `black`, `default`): the side of every board shown or sent to you",
        args: &[
            arg(
                "side",
                "The colour at the bottom: white, black, mine (yours) or default (the server's)",
                ArgKind::Choice(Choices::BoardSides),
            ),
            // `board side black` in chat: the flag's word is `side`.
            arg(
                "always",
                "See every board shown or sent to you from this side",
                ArgKind::Flag("side"),
            ),
            arg(
                "coords",
                "Name every spot on the picture",
                ArgKind::Flag("coords"),
            ),
        ],
        slash: true,
        place: 170,
        // `board side mine` is a member's own setting, made anywhere.
        in_direct_messages: true,
        parse: parse_board,
        fill: fill_board,
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
        fill: |_| Ok(GameCommand::Hint.into()),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "takeback",
        summary: "Ask your opponent to undo your last turn, or answer such a request",
        help: "`{p}takeback`: ask your opponent to undo your last turn (and his reply, if he made one); he answers `{p}takeback accept` or `{p}takeback decline`",
        args: &[arg(
            "answer",
            "Your answer to your opponent's request (leave it out to ask for one)",
            ArgKind::Choice(Choices::TakebackAnswers),
        )],
        slash: true,
        place: 235,
        parse: parse_takeback,
        fill: |given| given.read("answer", parse_takeback),
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
        fill: |given| {
            let confirmed = given.flag("confirm");
            Ok(GameCommand::Resign { confirmed }.into())
        },
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
        fill: |_| Ok(GameCommand::Abort.into()),
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
    // `coords` (or `coordinates`) anywhere: every spot named.
    let named = |w: &&str| matches!(*w, "coords" | "coordinates");
    let coords = words.args.iter().any(named);
    let args: Vec<&str> = words.args.iter().copied().filter(|w| !named(w)).collect();
    let (remember, rest) = match args.as_slice() {
        ["side", rest @ ..] => (true, rest),
        rest => (false, rest),
    };
    let side = match rest {
        [] => None,
        [word] => Some(*word),
        _ => return Err(board_sides(words)),
    };
    board(side, remember, coords, words)
}

/// `/board [side] [always] [coords]`.
fn fill_board(given: &Given) -> Result<Command, CommandError> {
    let side = given.text("side").map(|side| side.to_lowercase());
    let remember = given.flag("always");
    board(
        side.as_deref(),
        remember,
        given.flag("coords"),
        &given.words(),
    )
}

/// The board from the side named `side`, once or from now on (`remember`), spots named or
/// not.
fn board(
    side: Option<&str>,
    remember: bool,
    coords: bool,
    words: &Words,
) -> Result<Command, CommandError> {
    let side = match side {
        Some(word) => Some(BoardSide::of_name(word).ok_or_else(|| board_sides(words))?),
        None => None,
    };
    if remember && coords {
        return Err(error(format!(
            "{} names the spots of one picture; {} sets the side of them all",
            words.cmd("board coords"),
            words.cmd("board side mine")
        )));
    }
    Ok(GameCommand::Board {
        side,
        remember,
        coords,
    }
    .into())
}

/// What `board` takes.
fn board_sides(words: &Words) -> CommandError {
    error(format!(
        "{} shows the board with White or Black at the bottom, or your own colour: {}, {} or {}; {} shows you every board from that side, {} as the server does",
        words.cmd("board"),
        words.options("board white"),
        words.options("board black"),
        words.options("board mine"),
        words.cmd("board side black"),
        words.cmd("board side default")
    ))
}
