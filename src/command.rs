//! Chat lines into commands, and commands back into chat lines. Text only: nothing here
//! knows a game.
//!
//! Every command is one row of [`SYNTAX`]: its word, its parser, its line in `!help`, and
//! the arguments the Discord adapter builds its slash command from. Adding a command means
//! a row here, a variant of [`Command`] and its handler in the service.

use std::fmt;
use std::str::FromStr;

use gipf::notation::{ParseTurnError, TurnNotation};
use gipf::potentials::{LineNote, Options, Potential, parse_supplies};
use gipf::{ByColor, Entry, Kind, Point, Variant};
use gipf_ai::Level;

use crate::model::{ColorChoice, GameId, GameKind, GameScope, TimeControl, UserId};
use crate::text::{Span, Text};

/// The longest line the bot reads.
pub const MAX_INPUT_CHARS: usize = 500;

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

/// A command, parsed but not yet checked against any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `challenge @user [basic|standard|tournament] [white|black|random] [+N|+W/+B]`.
    Challenge {
        /// Who is challenged.
        opponent: UserId,
        /// Which game.
        variant: Variant,
        /// The challenger's colour.
        color: ColorChoice,
        /// The time per move, if any (`days=3`, `autoforfeit`).
        time: Option<TimeControl>,
        /// Play the game in a thread of its own (`thread`).
        thread: bool,
        /// Against the engine: its strength (`easy`, `medium`, `hard`).
        level: Option<Level>,
        /// Both players may ask the engine for hints (`hints`).
        hints: bool,
        /// Potentials for both players (`potentials=ZYD:3`), or Ultimate GIPF (`ultimate`).
        potentials: Option<Options>,
    },
    /// `claim`: the waiting player claims the win when the other's time is up.
    Claim,
    /// `accept`: the challenged user accepts.
    Accept,
    /// `decline`: the challenged user declines.
    Decline,
    /// `cancel`: the challenger withdraws.
    Cancel,
    /// `push b1 c2`, `push G b1 c2`, `gipf b1 c2`, optionally followed by answers.
    Push {
        /// Where.
        entry: Entry,
        /// Which piece.
        piece: Kind,
        /// Answers to the decisions the push may raise, in order.
        answers: Vec<Answer>,
    },
    /// `push b1 c2 zertz`, `push Zb1 c2`, `push z b1 c2`, `push b1 c2 basic`: a push in a
    /// game with potentials that names its piece: a loaded piece, or a basic piece that gives
    /// up the rest of the supply.
    Load {
        /// Where.
        entry: Entry,
        /// A potential's kind, or `None` for `basic`.
        kind: Option<Potential>,
        /// Answers to the decisions the push may raise.
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
    /// `move <official notation>`: a whole turn.
    Move(TurnNotation),
    /// `move` with the notation of games with potentials (`Zc3>c6`, `e1-e5+a5-f4`...).
    PotentialsMove(LineNote),
    /// `row 2`, `take e5`, `keep all`...
    Answer(Answer),
    /// `board [black|white]`.
    Board {
        /// Draw it from Black's side; `None`: from the side of the player to move.
        black_side: Option<bool>,
    },
    /// `history [id]`: the turns of this channel's game, or of game `id`.
    History {
        /// Which game; `None`: the channel's.
        game: Option<GameId>,
    },
    /// `export [id]`: the record of a game as a `.gipf` file with its header.
    Export {
        /// Which game; `None`: the channel's.
        game: Option<GameId>,
    },
    /// `replay [id]`: an animated picture of a whole game.
    Replay {
        /// Which game; `None`: the channel's.
        game: Option<GameId>,
    },
    /// `hint`: the engine's suggestion for the player to move, privately.
    Hint,
    /// `analyse [id]`: the turns of a finished game where the engine finds the most lost.
    Analyse {
        /// Which game; `None`: the channel's.
        game: Option<GameId>,
    },
    /// `rematch`: challenge the opponent of the channel's last game again, colours swapped.
    Rematch,
    /// `stats [@user]`: a player's rating and results in this server.
    Stats {
        /// Whose; `None`: the asker's.
        player: Option<UserId>,
    },
    /// `leaderboard [basic|standard|tournament|potentials]`: the best rated players of this
    /// server.
    Leaderboard {
        /// Which game's ratings; `None`: all games together.
        kind: Option<GameKind>,
    },
    /// `resign`.
    Resign,
    /// `abort`: end a game just begun, without a result.
    Abort,
    /// `settings [days=N|none] [abandon=N] [threads=on|off]`: show or change the server's
    /// settings.
    Settings {
        /// A new default time per move: `Some(None)` for none.
        days: Option<Option<u8>>,
        /// A new number of days before an idle game is abandoned.
        abandon: Option<u16>,
        /// Whether every game gets a thread of its own.
        threads: Option<bool>,
    },
    /// `notify dm on|off`: direct messages when it is your turn or you are challenged.
    Notify {
        /// Whether to send them.
        dm: bool,
    },
    /// `games [@user] [finished|all] [page=N]`: games of this server, newest first.
    Games {
        /// Only this player's games.
        player: Option<UserId>,
        /// Which games.
        scope: GameScope,
        /// Which page of the list, from 1.
        page: u32,
    },
    /// `rules`.
    Rules,
    /// `rules potentials`, `rules zertz`...: the potentials, or one power.
    RulesOf(Option<Potential>),
    /// `help`.
    Help,
}

/// The command in its canonical chat form, without the prefix: parsing it gives the same
/// command back.
///
/// ```
/// use gipf_bot::command::Command;
/// for line in ["push b1-c2 row 2 take e5", "gipf e9-e8", "challenge <@42> basic+0/+3 white"] {
///     assert_eq!(line.parse::<Command>().unwrap().to_string(), line);
/// }
/// ```
impl fmt::Display for Command {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Command::Challenge { .. } => line(f, "challenge", challenge_parts(self)),
            Command::Claim => f.write_str("claim"),
            Command::Accept => f.write_str("accept"),
            Command::Decline => f.write_str("decline"),
            Command::Cancel => f.write_str("cancel"),
            Command::Push {
                entry,
                piece,
                answers,
            } => {
                let word = if *piece == Kind::Gipf { "gipf" } else { "push" };
                write!(f, "{word} {entry}")?;
                answers.iter().try_for_each(|answer| write!(f, " {answer}"))
            }
            Command::Load {
                entry,
                kind,
                answers,
            } => {
                let word = kind.map_or("basic".to_string(), |k| potential_word(k).to_string());
                write!(f, "push {entry} {word}")?;
                answers.iter().try_for_each(|answer| write!(f, " {answer}"))
            }
            Command::Power { kind, from, to } => {
                write!(f, "{} {from} {to}", potential_word(*kind))
            }
            Command::Tamsk(Some(entry)) => write!(f, "tamsk {entry}"),
            Command::Tamsk(None) => f.write_str("tamsk skip"),
            Command::Move(notation) => write!(f, "move {notation}"),
            Command::PotentialsMove(note) => write!(f, "move {note}"),
            Command::Answer(answer) => answer.fmt(f),
            Command::Board { black_side: None } => f.write_str("board"),
            Command::Board {
                black_side: Some(black),
            } => write!(f, "board {}", if *black { "black" } else { "white" }),
            Command::History { game } => with_game(f, "history", *game),
            Command::Export { game } => with_game(f, "export", *game),
            Command::Replay { game } => with_game(f, "replay", *game),
            Command::Rematch => f.write_str("rematch"),
            Command::Hint => f.write_str("hint"),
            Command::Analyse { game } => with_game(f, "analyse", *game),
            Command::Stats { player: None } => f.write_str("stats"),
            Command::Stats {
                player: Some(player),
            } => write!(f, "stats {}", player.mention()),
            Command::Leaderboard { kind: None } => f.write_str("leaderboard"),
            Command::Leaderboard { kind: Some(kind) } => write!(f, "leaderboard {kind}"),
            Command::Resign => f.write_str("resign"),
            Command::Abort => f.write_str("abort"),
            Command::Settings { .. } => line(f, "settings", settings_parts(self)),
            Command::Notify { dm } => write!(f, "notify dm {}", if *dm { "on" } else { "off" }),
            Command::Games {
                player,
                scope,
                page,
            } => line(
                f,
                "games",
                [
                    player.map(UserId::mention),
                    (*scope != GameScope::Active).then(|| scope.word().into()),
                    (*page > 1).then(|| format!("page={page}")),
                ],
            ),
            Command::Rules => f.write_str("rules"),
            Command::RulesOf(None) => f.write_str("rules potentials"),
            Command::RulesOf(Some(kind)) => write!(f, "rules {}", potential_word(*kind)),
            Command::Help => f.write_str("help"),
        }
    }
}

/// What follows `challenge` in a challenge's line.
fn challenge_parts(command: &Command) -> Vec<Option<String>> {
    let Command::Challenge {
        opponent,
        variant,
        color,
        time,
        thread,
        level,
        hints,
        potentials,
    } = command
    else {
        return Vec::new();
    };
    let ultimate = potentials.is_some_and(|p| p.ultimate);
    vec![
        Some(opponent.mention()),
        Some(if ultimate {
            "ultimate".into()
        } else {
            variant.to_string()
        }),
        potentials
            .filter(|p| !p.ultimate)
            .map(|p| format!("potentials={}", chat_supplies(&p.supply))),
        Some(color.to_string()),
        level.map(|level| level.to_string()),
        hints.then(|| "hints".into()),
        time.map(|t| format!("days={}", t.days)),
        time.filter(|t| t.autoforfeit).map(|_| "autoforfeit".into()),
        thread.then(|| "thread".into()),
    ]
}

/// The chat word of a potential: `tamsk`, `zertz`, `dvonn`, `yinsh`, `punct`.
pub fn potential_word(kind: Potential) -> &'static str {
    match kind {
        Potential::Tamsk => "tamsk",
        Potential::Zertz => "zertz",
        Potential::Dvonn => "dvonn",
        Potential::Yinsh => "yinsh",
        Potential::Punct => "punct",
    }
}

/// Supplies as the challenge option writes them: one for both, or `White's/Black's`.
fn chat_supplies(supply: &ByColor<gipf::potentials::Supply>) -> String {
    let one = |s: &gipf::potentials::Supply| {
        if s.is_empty() {
            "none".to_string()
        } else {
            s.to_string()
        }
    };
    let (white, black) = (&supply[gipf::Color::White], &supply[gipf::Color::Black]);
    if white == black {
        one(white)
    } else {
        format!("{}/{}", one(white), one(black))
    }
}

/// What follows `settings` in a settings line.
fn settings_parts(command: &Command) -> Vec<Option<String>> {
    let Command::Settings {
        days,
        abandon,
        threads,
    } = command
    else {
        return Vec::new();
    };
    vec![
        days.map(|days| match days {
            Some(days) => format!("days={days}"),
            None => "days=none".into(),
        }),
        abandon.map(|abandon| format!("abandon={abandon}")),
        threads.map(|on| format!("threads={}", if on { "on" } else { "off" })),
    ]
}

/// `word`, then each of `parts` that is given, separated by spaces.
fn line(
    f: &mut fmt::Formatter<'_>,
    word: &str,
    parts: impl IntoIterator<Item = Option<String>>,
) -> fmt::Result {
    f.write_str(word)?;
    parts
        .into_iter()
        .flatten()
        .try_for_each(|part| write!(f, " {part}"))
}

/// `word`, then the game's id if one is given.
fn with_game(f: &mut fmt::Formatter<'_>, word: &str, game: Option<GameId>) -> fmt::Result {
    line(f, word, [game.map(|id| id.to_string())])
}

/// Why a line is not a command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CommandError {
    /// The word is none of the bot's (other bots share the prefix): `closest` is the
    /// command it is a slip of, if it is one.
    Unknown {
        /// The word as typed, cut short.
        word: String,
        /// The command within a letter or two of it.
        closest: Option<&'static str>,
    },
    /// One of the bot's commands, written wrong: what is wrong and what would be right. It
    /// may quote the line.
    Invalid(String),
}

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CommandError::Unknown {
                word,
                closest: Some(closest),
            } => write!(
                f,
                "I don't know the command `{word}`: did you mean `{closest}`?"
            ),
            CommandError::Unknown {
                word,
                closest: None,
            } => {
                write!(f, "I don't know the command `{word}`")
            }
            CommandError::Invalid(text) => f.write_str(text),
        }
    }
}

impl std::error::Error for CommandError {}

fn error(text: impl Into<String>) -> CommandError {
    CommandError::Invalid(text.into())
}

/// How many single-letter edits (a letter added, removed, changed, or two neighbours
/// swapped) turn `a` into `b`.
fn edits(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut rows = vec![(0..=b.len()).collect::<Vec<usize>>()];
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let changed = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (rows[i - 1][j] + 1)
                .min(row[j - 1] + 1)
                .min(rows[i - 1][j - 1] + changed);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(rows[i - 2][j - 2] + 1);
            }
        }
        rows.push(row);
    }
    rows[a.len()][b.len()]
}

/// The command `word` is a slip of: two edits away at most (one when either has four letters
/// or fewer, so that other bots' short commands are not taken for ours: `play` is not
/// `replay`).
///
/// ```
/// use gipf_bot::command::closest_command;
/// assert_eq!(closest_command("pussh"), Some("push"));
/// assert_eq!(closest_command("chalenge"), Some("challenge"));
/// assert_eq!(closest_command("rwo"), Some("row"));
/// assert_eq!(closest_command("play"), None);
/// assert_eq!(closest_command("rank"), None);
/// assert_eq!(closest_command("replya"), Some("replay"));
/// ```
pub fn closest_command(word: &str) -> Option<&'static str> {
    SYNTAX
        .iter()
        .map(|syntax| (edits(word, syntax.word), syntax.word))
        .filter(|&(distance, command)| {
            distance
                <= if command.len().min(word.chars().count()) <= 4 {
                    1
                } else {
                    2
                }
        })
        .min()
        .map(|(_, command)| command)
}

/// How a command is written: its parser, its line in `!help`, and its arguments.
pub struct Syntax {
    /// The command word.
    pub word: &'static str,
    /// What it does, in a few words (the slash command's description).
    pub summary: &'static str,
    /// Its line in `!help`; `{p}` stands for the prefix.
    pub help: &'static str,
    /// Its arguments, required ones first (the slash command's options).
    pub args: &'static [Arg],
    /// Whether it is also a slash command (`gipf` is `/push` with `gipf:true`).
    pub slash: bool,
    parse: fn(&Words) -> Result<Command, CommandError>,
}

/// One argument of a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arg {
    /// Its name (a slash command's option name).
    pub name: &'static str,
    /// What to fill in.
    pub description: &'static str,
    /// What kind of value it takes.
    pub kind: ArgKind,
    /// Whether it must be given.
    pub required: bool,
    /// What the game in the channel can suggest for it.
    pub completion: Option<Completion>,
    /// The key it is written with in a chat line (`days=3`), if any.
    pub key: Option<&'static str>,
}

/// The kind of value an argument takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArgKind {
    /// Words, written into the line as given.
    Text,
    /// One of these words.
    Choice(&'static [&'static str]),
    /// Yes or no; yes writes this word right after the command word.
    Flag(&'static str),
    /// A whole number, at least `min`.
    Number {
        /// The smallest number allowed.
        min: u64,
    },
    /// A user, written as a mention.
    User,
}

/// What a game can suggest for an argument while it is typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completion {
    /// The legal entries of the push.
    Entry,
    /// The numbers of the rows to choose from.
    Row,
    /// The GIPF-pieces of the row being removed.
    GipfSpots,
    /// The player's loaded pieces that can use this command's potential.
    PotentialFrom,
    /// Where the loaded piece named in `from` can send its potential.
    PotentialTo,
}

/// A value given for an argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgValue {
    /// For [`ArgKind::Text`] and [`ArgKind::Choice`].
    Text(String),
    /// For [`ArgKind::Flag`].
    Flag(bool),
    /// For [`ArgKind::Number`].
    Number(i64),
    /// For [`ArgKind::User`].
    User(UserId),
}

const fn arg(name: &'static str, description: &'static str, kind: ArgKind) -> Arg {
    Arg {
        name,
        description,
        kind,
        required: false,
        completion: None,
        key: None,
    }
}

/// `arg`, written `key=value` in a chat line.
const fn keyed(arg: Arg, key: &'static str) -> Arg {
    Arg {
        key: Some(key),
        ..arg
    }
}

const fn required(arg: Arg) -> Arg {
    Arg {
        required: true,
        ..arg
    }
}

const fn completed(arg: Arg, completion: Completion) -> Arg {
    Arg {
        completion: Some(completion),
        ..arg
    }
}

const GIPF_SPOTS: Arg = completed(
    required(arg(
        "spots",
        "Their spots, like e5 f4, or all",
        ArgKind::Text,
    )),
    Completion::GipfSpots,
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

const GAME_ID: Arg = arg(
    "game",
    "The game's number, as `games` lists it (this channel's game if left out)",
    ArgKind::Number { min: 1 },
);

/// Every command, in the order of `!help`.
pub const SYNTAX: &[Syntax] = &[
    Syntax {
        word: "challenge",
        summary: "Challenge someone to a game in this channel",
        help: "`{p}challenge @bob standard random`: challenge someone (basic, standard or tournament; your colour white, black or random; basic takes `+2` or `+0/+3` extra pieces; `hints` lets both ask for hints)\n\
               `{p}challenge @bob standard potentials=ZYD:3`: play with potentials (`T3,Z4`, `TZDYP:3/none` for White's/Black's); `{p}challenge @bob ultimate`: Ultimate GIPF\n\
               `{p}challenge @gipf-bot tournament hard`: play the bot itself (`easy`, `medium` or `hard`)",
        args: &[
            required(arg("opponent", "Whom to challenge", ArgKind::User)),
            arg(
                "variant",
                "Which game (standard if left out); ultimate is tournament with all five potentials",
                ArgKind::Choice(&["basic", "standard", "tournament", "ultimate"]),
            ),
            arg(
                "color",
                "Your colour (random if left out)",
                ArgKind::Choice(&["white", "black", "random"]),
            ),
            arg(
                "extra",
                "Basic game only: extra pieces, like +2 or +0/+3",
                ArgKind::Text,
            ),
            keyed(
                arg(
                    "days",
                    "Days per move, 1 to 14 (no limit if left out)",
                    ArgKind::Number { min: 1 },
                ),
                "days",
            ),
            arg(
                "autoforfeit",
                "With days: a player whose time runs out loses by himself",
                ArgKind::Flag("autoforfeit"),
            ),
            arg(
                "thread",
                "Play the game in a thread of its own",
                ArgKind::Flag("thread"),
            ),
            arg(
                "level",
                "Against the bot itself: its strength (medium if left out)",
                ArgKind::Choice(&["easy", "medium", "hard"]),
            ),
            arg(
                "hints",
                "Both players may ask the bot for hints (`hint`)",
                ArgKind::Flag("hints"),
            ),
            keyed(
                arg(
                    "potentials",
                    "Potentials for both, like ZYD:3 or T3,Z4 (White's/Black's: TZDYP:3/none)",
                    ArgKind::Text,
                ),
                "potentials",
            ),
        ],
        slash: true,
        parse: parse_challenge,
    },
    Syntax {
        word: "claim",
        summary: "Claim the win when your opponent's time per move is up",
        help: "`{p}challenge @bob days=3` (`autoforfeit`): 3 days per move; `{p}claim`: the win, once the other's time is up",
        args: &[],
        slash: true,
        parse: |words| words.alone(Command::Claim),
    },
    Syntax {
        word: "accept",
        summary: "Accept the challenge in this channel",
        help: "`{p}accept`, `{p}decline`: answer a challenge",
        args: &[],
        slash: true,
        parse: |words| words.alone(Command::Accept),
    },
    Syntax {
        word: "decline",
        summary: "Decline the challenge in this channel",
        help: "",
        args: &[],
        slash: true,
        parse: |words| words.alone(Command::Decline),
    },
    Syntax {
        word: "cancel",
        summary: "Withdraw your challenge",
        help: "`{p}cancel`: withdraw yours",
        args: &[],
        slash: true,
        parse: |words| words.alone(Command::Cancel),
    },
    Syntax {
        word: "push",
        summary: "Push a piece in: the dot and the first spot",
        help: "`{p}push b1 c2` (or `b1-c2`, `b1c2`): push a piece from dot b1 onto c2",
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
                ArgKind::Choice(&["tamsk", "zertz", "dvonn", "yinsh", "punct", "basic"]),
            ),
            arg(
                "answers",
                "Answers to the decisions the push raises, like `row 1` or `take all`",
                ArgKind::Text,
            ),
        ],
        slash: true,
        parse: |words| parse_push(words, Kind::Basic),
    },
    Syntax {
        word: "gipf",
        summary: "Bring in a GIPF-piece",
        help: "`{p}gipf b1 c2` or `{p}push G b1 c2`: bring in a GIPF-piece (tournament game)\n\
               `{p}push b1 c2 take e5`: a push with its decisions up front (`row 2`, `take e5 f4`, `take all`, `keep all`)",
        args: &[],
        slash: false,
        parse: |words| parse_push(words, Kind::Gipf),
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
        parse: parse_move,
    },
    Syntax {
        word: "zertz",
        summary: "Use a ZÈRTZ potential: jump over a line of pieces",
        help: "`{p}zertz c3 c6`, `{p}yinsh d2 d4`, `{p}dvonn d4 d5`, `{p}punct e4 e5`: use the potential of a loaded piece (its spot, then the target)\n\
               `{p}push b1 c2 zertz` (or `{p}push Zb1 c2`): push in a loaded piece; `{p}push b1 c2 basic`: a basic piece, giving up the rest of your potentials\n\
               `{p}tamsk a5 b5` or `{p}tamsk skip`: the extra push of a TAMSK pushed onto e5; `{p}rules potentials`, `{p}rules zertz`: how they work",
        args: POWER_ARGS,
        slash: true,
        parse: |words| parse_power(words, Potential::Zertz),
    },
    Syntax {
        word: "yinsh",
        summary: "Use a YINSH potential: slide over empty spots",
        help: "",
        args: POWER_ARGS,
        slash: true,
        parse: |words| parse_power(words, Potential::Yinsh),
    },
    Syntax {
        word: "dvonn",
        summary: "Use a DVONN potential: jump onto a neighbouring opponent's piece",
        help: "",
        args: POWER_ARGS,
        slash: true,
        parse: |words| parse_power(words, Potential::Dvonn),
    },
    Syntax {
        word: "punct",
        summary: "Use a PÜNCT potential: jump onto a neighbouring PÜNCT or GIPF-piece",
        help: "",
        args: POWER_ARGS,
        slash: true,
        parse: |words| parse_power(words, Potential::Punct),
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
        parse: parse_tamsk,
    },
    Syntax {
        word: "row",
        summary: "Choose which row to remove first",
        help: "`{p}row 2`, `{p}take e5`, `{p}take all`, `{p}keep all`: answer a pending decision",
        args: &[completed(
            required(arg(
                "number",
                "The row's number",
                ArgKind::Number { min: 1 },
            )),
            Completion::Row,
        )],
        slash: true,
        parse: parse_lone_answer,
    },
    Syntax {
        word: "take",
        summary: "Take these GIPF-pieces of the row being removed",
        help: "",
        args: &[GIPF_SPOTS],
        slash: true,
        parse: parse_lone_answer,
    },
    Syntax {
        word: "keep",
        summary: "Keep these GIPF-pieces of the row being removed",
        help: "",
        args: &[GIPF_SPOTS],
        slash: true,
        parse: parse_lone_answer,
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
        parse: parse_board,
    },
    Syntax {
        word: "history",
        summary: "The turns of this channel's game, or of any game by its number",
        help: "`{p}history` (`{p}history 12`): the turns of this channel's game (of game 12)",
        args: &[GAME_ID],
        slash: true,
        parse: |words| parse_game_id(words).map(|game| Command::History { game }),
    },
    Syntax {
        word: "export",
        summary: "The record of a game as a .gipf file",
        help: "`{p}export` (`{p}export 12`): the record of this channel's game (of game 12) as a file, with a header",
        args: &[GAME_ID],
        slash: true,
        parse: |words| parse_game_id(words).map(|game| Command::Export { game }),
    },
    Syntax {
        word: "replay",
        summary: "An animated picture of a whole game",
        help: "`{p}replay` (`{p}replay 12`): the whole game as an animated picture",
        args: &[GAME_ID],
        slash: true,
        parse: |words| parse_game_id(words).map(|game| Command::Replay { game }),
    },
    Syntax {
        word: "hint",
        summary: "The bot's suggestion for your move (games against it, or with hints)",
        help: "`{p}hint`: the bot's suggestion for your move, privately, in a game against it or one with `hints`",
        args: &[],
        slash: true,
        parse: |words| words.alone(Command::Hint),
    },
    Syntax {
        word: "analyse",
        summary: "The turns of a finished game that lost the most, with better ones",
        help: "`{p}analyse` (`{p}analyse 12`): after a game, the turns where the bot finds the most was lost, with the better turn",
        args: &[GAME_ID],
        slash: true,
        parse: |words| parse_game_id(words).map(|game| Command::Analyse { game }),
    },
    Syntax {
        word: "rematch",
        summary: "Challenge your last opponent here again, colours swapped",
        help: "`{p}rematch`: after a game, challenge the same opponent again, colours swapped, same options",
        args: &[],
        slash: true,
        parse: |words| words.alone(Command::Rematch),
    },
    Syntax {
        word: "resign",
        summary: "Resign the game",
        help: "`{p}resign`, `{p}rules`, `{p}help`",
        args: &[],
        slash: true,
        parse: |words| words.alone(Command::Resign),
    },
    Syntax {
        word: "abort",
        summary: "End a game just begun, without a result",
        help: "`{p}abort`: end a game without a result, before either player's second turn",
        args: &[],
        slash: true,
        parse: |words| words.alone(Command::Abort),
    },
    Syntax {
        word: "settings",
        summary: "The server's settings; members with Manage Server change them",
        help: "`{p}settings`: the server's settings (`{p}settings days=3 abandon=30 threads=on` changes them, with Manage Server)",
        args: &[
            keyed(
                arg(
                    "days",
                    "Default days per move for challenges that set none (0: none)",
                    ArgKind::Number { min: 0 },
                ),
                "days",
            ),
            keyed(
                arg(
                    "threads",
                    "Play every accepted challenge in a thread of its own",
                    ArgKind::Choice(&["on", "off"]),
                ),
                "threads",
            ),
            keyed(
                arg(
                    "abandon",
                    "Days without a move before a game ends as abandoned",
                    ArgKind::Number { min: 1 },
                ),
                "abandon",
            ),
        ],
        slash: true,
        parse: parse_settings,
    },
    Syntax {
        word: "notify",
        summary: "A direct message when it is your turn or you are challenged",
        help: "`{p}notify dm on` (or `off`): also a direct message, with the board, when it is your turn or you are challenged",
        args: &[required(arg(
            "dm",
            "Direct messages: on or off",
            ArgKind::Choice(&["on", "off"]),
        ))],
        slash: true,
        parse: parse_notify,
    },
    Syntax {
        word: "games",
        summary: "The games of this server, newest first",
        help: "`{p}games` (`{p}games @bob finished`, `all`, `page=2`): the games in progress (or ended) in this server",
        args: &[
            arg("player", "Only this player's games", ArgKind::User),
            arg(
                "which",
                "Games in progress (if left out), finished, or all",
                ArgKind::Choice(&["active", "finished", "all"]),
            ),
            keyed(
                arg("page", "Which page, from 1", ArgKind::Number { min: 1 }),
                "page",
            ),
        ],
        slash: true,
        parse: parse_games,
    },
    Syntax {
        word: "stats",
        summary: "A player's rating and results in this server",
        help: "`{p}stats` (`{p}stats @bob`): your rating (Glicko-2), games, wins and losses, streak",
        args: &[arg("player", "Whose (yours if left out)", ArgKind::User)],
        slash: true,
        parse: parse_stats,
    },
    Syntax {
        word: "leaderboard",
        summary: "The ten best rated players of this server",
        help: "`{p}leaderboard` (`{p}leaderboard tournament`): the top 10, all games or one",
        args: &[arg(
            "game",
            "Which game's ratings (all games together if left out)",
            ArgKind::Choice(&["basic", "standard", "tournament", "potentials"]),
        )],
        slash: true,
        parse: parse_leaderboard,
    },
    Syntax {
        word: "rules",
        summary: "The rules of GIPF, short; of the potentials; of one power",
        help: "",
        args: &[arg(
            "topic",
            "potentials, or one of them (all of GIPF if left out)",
            ArgKind::Choice(&["potentials", "tamsk", "zertz", "dvonn", "yinsh", "punct"]),
        )],
        slash: true,
        parse: parse_rules,
    },
    Syntax {
        word: "help",
        summary: "How to play with this bot",
        help: "",
        args: &[],
        slash: true,
        // Whatever follows, the asker wants help.
        parse: |_| Ok(Command::Help),
    },
];

impl Syntax {
    /// The syntax of the command `word`.
    pub fn of(word: &str) -> Option<&'static Syntax> {
        SYNTAX.iter().find(|syntax| syntax.word == word)
    }

    /// The chat line (without prefix) that these argument values stand for: the command
    /// word, the words of its flags, then the other arguments in order.
    ///
    /// ```
    /// use gipf_bot::command::{ArgValue, Syntax};
    /// let push = Syntax::of("push").unwrap();
    /// let line = push.line(|arg| match arg.name {
    ///     "entry" => Some(ArgValue::Text("b1-c2".into())),
    ///     "gipf" => Some(ArgValue::Flag(true)),
    ///     _ => None,
    /// });
    /// assert_eq!(line, Ok("push g b1-c2".to_string()));
    /// ```
    pub fn line(&self, value: impl Fn(&Arg) -> Option<ArgValue>) -> Result<String, String> {
        let mut words = vec![self.word.to_string()];
        for arg in self
            .args
            .iter()
            .filter(|a| matches!(a.kind, ArgKind::Flag(_)))
        {
            if let (ArgKind::Flag(word), Some(ArgValue::Flag(true))) = (arg.kind, value(arg)) {
                words.push(word.to_string());
            }
        }
        for arg in self.args {
            let word = match value(arg) {
                Some(ArgValue::Text(text)) if !text.trim().is_empty() => text.trim().to_string(),
                Some(ArgValue::Number(n)) => n.to_string(),
                Some(ArgValue::User(user)) => user.mention(),
                _ if arg.required => return Err(format!("fill in `{}`", arg.name)),
                _ => continue,
            };
            words.push(match arg.key {
                Some(key) => format!("{key}={word}"),
                None => word,
            });
        }
        Ok(words.join(" "))
    }
}

/// How to write a command for the player who asked: in chat (`!push b1 c2`) or as a slash
/// command (`/push entry:b1-c2`), so that refusals, hints and help come in their own words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phrasing {
    prefix: String,
    slash: bool,
}

impl Phrasing {
    /// Commands typed in chat (or in the console) after `prefix`.
    pub fn chat(prefix: &str) -> Phrasing {
        Phrasing {
            prefix: prefix.to_string(),
            slash: false,
        }
    }

    /// Slash commands (for those who use them, and the buttons); their chat lines, which
    /// the parser reads, start with `prefix` too.
    pub fn slash(prefix: &str) -> Phrasing {
        Phrasing {
            slash: true,
            ..Phrasing::chat(prefix)
        }
    }

    /// A command line (chat form, no prefix) as this player writes it, in backticks.
    ///
    /// ```
    /// use gipf_bot::command::Phrasing;
    /// assert_eq!(Phrasing::chat("!").cmd("push b1 c2"), "`!push b1 c2`");
    /// assert_eq!(Phrasing::slash("!").cmd("push b1 c2"), "`/push entry:b1-c2`");
    /// assert_eq!(Phrasing::slash("!").cmd("gipf b1 c2"), "`/push entry:b1-c2 gipf:True`");
    /// assert_eq!(Phrasing::slash("!").cmd("take all"), "`/take spots:all`");
    /// assert_eq!(Phrasing::slash("!").cmd("board"), "`/board`");
    /// ```
    pub fn cmd(&self, line: &str) -> String {
        if self.slash {
            format!("`{}`", slash_form(line))
        } else {
            format!("`{}{line}`", self.prefix)
        }
    }

    /// The options of a command line (chat form, no prefix) as this player writes them, in
    /// backticks, without the command: what to add to a command, or what was given to it.
    ///
    /// ```
    /// use gipf_bot::command::Phrasing;
    /// let line = "challenge days=3 autoforfeit";
    /// assert_eq!(Phrasing::chat("!").options(line), "`days=3 autoforfeit`");
    /// assert_eq!(Phrasing::slash("!").options(line), "`days:3 autoforfeit:True`");
    /// ```
    pub fn options(&self, line: &str) -> String {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let slash_options = match slash_syntax(word, rest) {
            Some((syntax, rest)) if self.slash => slash_options(syntax, &rest),
            _ => Vec::new(),
        };
        if slash_options.is_empty() {
            format!("`{rest}`")
        } else {
            format!("`{}`", slash_options.join(" "))
        }
    }

    /// `!help` (or `/help`): every command with an example, and the other ways to play.
    pub fn help(&self) -> Text {
        let mut text = crate::text![Span::Strong("Commands".into())];
        if self.slash {
            for syntax in SYNTAX.iter().filter(|s| s.slash) {
                text.push(format!("\n`{}`: {}", slash_usage(syntax), syntax.summary));
            }
            text.push(format!(
                "\nOptions like `entry`, `number` and `spots` suggest what is legal as you type. \
                 Buttons under a question answer it in one click. Every command also works typed \
                 in chat: `{}push b1 c2`.",
                self.prefix
            ));
        } else {
            for syntax in SYNTAX.iter().filter(|s| !s.help.is_empty()) {
                text.push("\n")
                    .push(syntax.help.replace("{p}", &self.prefix));
            }
            text.push(
                "\nEvery command is a slash command too (type `/`), whose options suggest what \
                 is legal as you type; buttons under a question answer it in one click.",
            );
        }
        text
    }
}

/// The slash command a chat word stands for, and the words after it as it reads them:
/// `gipf b1 c2` is `/push` with the `gipf` flag.
fn slash_syntax(word: &str, rest: &str) -> Option<(&'static Syntax, String)> {
    let (word, rest) = match word {
        "gipf" => ("push", format!("g {rest}")),
        other => (other, rest.to_string()),
    };
    Syntax::of(word)
        .filter(|syntax| syntax.slash)
        .map(|syntax| (syntax, rest))
}

/// A chat line (no prefix) as the slash command it stands for.
///
/// ```
/// use gipf_bot::command::Phrasing;
/// let say = Phrasing::slash("!");
/// assert_eq!(say.cmd("push b1 c2 zertz"), "`/push entry:b1-c2 piece:zertz`");
/// assert_eq!(say.cmd("zertz c3 c6"), "`/zertz from:c3 to:c6`");
/// assert_eq!(say.cmd("push <dot> <first spot>"), "`/push entry:<dot>-<first spot>`");
/// assert_eq!(say.cmd("challenge @bob hints"), "`/challenge opponent:@bob hints:True`");
/// assert_eq!(say.cmd("games all page=2"), "`/games which:all page:2`");
/// assert_eq!(say.cmd("notify dm on"), "`/notify dm:on`");
/// ```
fn slash_form(line: &str) -> String {
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let Some((syntax, rest)) = slash_syntax(word, rest) else {
        return format!("/{line}");
    };
    std::iter::once(format!("/{}", syntax.word))
        .chain(slash_options(syntax, &rest))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The options the words of a chat line fill, as `name:value`, in the order of the
/// command's arguments, flags last. A flag's word, a `key=value` word and a `name value`
/// pair (`dm on`) fill their option wherever they stand; the other words fill the other
/// options in order.
fn slash_options(syntax: &Syntax, rest: &str) -> Vec<String> {
    let args = syntax.args;
    let mut values: Vec<Option<String>> = vec![None; args.len()];
    let mut free = Vec::new();
    let mut words = placeholder_words(rest).into_iter();
    while let Some(word) = words.next() {
        let flag = |arg: &Arg| matches!(arg.kind, ArgKind::Flag(f) if f == word);
        let keyed = |arg: &Arg| {
            let key = arg.key?;
            word.strip_prefix(key)?
                .strip_prefix('=')
                .map(str::to_string)
        };
        if let Some(i) = args.iter().position(flag) {
            values[i] = Some("True".into());
        } else if let Some((i, value)) = args
            .iter()
            .enumerate()
            .find_map(|(i, a)| Some((i, keyed(a)?)))
        {
            values[i] = Some(value);
        } else if let Some(i) = args.iter().position(|a| named(a, &word)) {
            values[i] = words.next();
        } else {
            free.push(word);
        }
    }
    fill_in_order(args, &mut values, free);
    let (flags, others): (Vec<_>, Vec<_>) = args
        .iter()
        .zip(values)
        .filter_map(|(arg, value)| Some((arg, format!("{}:{}", arg.name, value?))))
        .partition(|(arg, _)| matches!(arg.kind, ArgKind::Flag(_)));
    others
        .into_iter()
        .chain(flags)
        .map(|(_, option)| option)
        .collect()
}

/// Whether `word` names the option `arg`, its value following (`notify dm on`).
fn named(arg: &Arg, word: &str) -> bool {
    arg.name == word && arg.key.is_none() && !matches!(arg.kind, ArgKind::Flag(_))
}

/// Fills the options not yet filled, in order, with the `free` words: each takes the next
/// word if it fits (a choice one of its words, a user a mention, a number digits; an entry
/// takes two points, joined by `-`), the last one every word left.
fn fill_in_order(args: &[Arg], values: &mut [Option<String>], mut free: Vec<String>) {
    let open: Vec<usize> = (0..args.len())
        .filter(|&i| values[i].is_none() && args[i].key.is_none())
        .filter(|&i| !matches!(args[i].kind, ArgKind::Flag(_)))
        .collect();
    for (n, &i) in open.iter().enumerate() {
        let Some(next) = free.first() else {
            break;
        };
        let fits = match args[i].kind {
            ArgKind::Choice(choices) => choices.contains(&next.as_str()),
            ArgKind::User => next.starts_with('@') || next.starts_with("<@"),
            ArgKind::Number { .. } => next.parse::<u64>().is_ok(),
            ArgKind::Text | ArgKind::Flag(_) => true,
        };
        if !fits {
            continue;
        }
        let entry = args[i].completion == Some(Completion::Entry);
        values[i] = Some(if entry && !next.contains('-') && free.len() >= 2 {
            free.drain(..2).collect::<Vec<_>>().join("-")
        } else if n + 1 == open.len() {
            std::mem::take(&mut free).join(" ")
        } else {
            free.remove(0)
        });
    }
}

/// The words of a line, a placeholder like `<first spot>` counting as one.
fn placeholder_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match words.last_mut() {
            Some(open) if open.starts_with('<') && !open.ends_with('>') => {
                open.push(' ');
                open.push_str(word);
            }
            _ => words.push(word.to_string()),
        }
    }
    words
}

/// `/push entry:… [gipf] [answers]`.
fn slash_usage(syntax: &Syntax) -> String {
    let mut usage = format!("/{}", syntax.word);
    for arg in syntax.args {
        if arg.required {
            usage.push_str(&format!(" {}:…", arg.name));
        } else {
            usage.push_str(&format!(" [{}]", arg.name));
        }
    }
    usage
}

/// The words of a command line, as its parser reads them, and how the player writes
/// commands, for the examples in what it answers.
struct Words<'a> {
    /// The command word, lower case.
    word: &'a str,
    /// The words after it, lower case, split at spaces and commas.
    args: Vec<&'a str>,
    /// What follows the command word as typed (notation is case-sensitive).
    raw: &'a str,
    /// How the player writes commands.
    say: &'a Phrasing,
}

impl Words<'_> {
    /// `command` if nothing follows the command word.
    fn alone(&self, command: Command) -> Result<Command, CommandError> {
        if self.args.is_empty() {
            Ok(command)
        } else {
            Err(error(format!(
                "{} takes nothing after it",
                self.bare(self.word)
            )))
        }
    }

    /// A command line as the player writes it: `!push b1 c2`, `/push entry:b1-c2`.
    fn cmd(&self, line: &str) -> String {
        self.say.cmd(line)
    }

    /// A command line without the prefix (`row 2`), or the slash command it stands for.
    fn bare(&self, line: &str) -> String {
        if self.say.slash {
            self.say.cmd(line)
        } else {
            format!("`{line}`")
        }
    }

    /// Options of a command line as the player writes them: `days=3`, `days:3`.
    fn options(&self, line: &str) -> String {
        self.say.options(line)
    }

    /// A word given to this command, quoted as the player wrote it: `days=20` in chat is
    /// `days:20` by slash command.
    fn given(&self, word: &str) -> String {
        self.say.options(&format!("{} {word}", self.word))
    }
}

/// Reads a line as a player of `say` writes it. `None` if it is not addressed to the bot
/// (no prefix: the line a slash command stands for has it too).
///
/// ```
/// use gipf_bot::command::{parse, Command, Phrasing};
/// let chat = Phrasing::chat("!");
/// let command = parse("!PUSH  b1 c2", &chat).unwrap().unwrap();
/// assert!(matches!(command, Command::Push { .. }));
/// assert!(parse("hello", &chat).is_none());
/// assert_eq!(
///     parse("!push b1 c3", &chat).unwrap().unwrap_err().to_string(),
///     "b1 c3: c3 is not a first spot from b1; from b1 you can push to b2 or c2"
/// );
/// let refused = parse("!push zz9", &Phrasing::slash("!")).unwrap().unwrap_err();
/// assert!(refused.to_string().contains("`/push entry:b1-c2`"), "{refused}");
/// ```
pub fn parse(line: &str, say: &Phrasing) -> Option<Result<Command, CommandError>> {
    let prefix = &say.prefix;
    let trimmed = line.trim_start();
    let rest = trimmed
        .get(..prefix.len())
        .filter(|head| head.eq_ignore_ascii_case(prefix))
        .map(|_| &trimmed[prefix.len()..])?;
    // `!!!` or `!?` is chat, not a command: a command word starts with a letter.
    if !rest.trim_start().starts_with(char::is_alphabetic) {
        return None;
    }
    if line.chars().count() > MAX_INPUT_CHARS {
        return Some(Err(error(format!(
            "that message is too long for me: I read at most {MAX_INPUT_CHARS} characters"
        ))));
    }
    Some(parse_words(rest, say))
}

/// A command line without its prefix.
impl FromStr for Command {
    type Err = CommandError;

    fn from_str(line: &str) -> Result<Command, CommandError> {
        parse_words(line, &Phrasing::chat(""))
    }
}

fn parse_words(line: &str, say: &Phrasing) -> Result<Command, CommandError> {
    // Turns are shown in backticks: a copied one keeps them.
    let line = line.replace('`', " ");
    let lower = line.trim().to_lowercase();
    let mut split = lower.split_whitespace();
    let word = split.next().unwrap_or_default();
    // Commas and a lone `-` separate words too: `take e5, f4`, `push b1 - c2`.
    let args: Vec<&str> = split
        .flat_map(|w| w.split(','))
        .filter(|w| !w.is_empty() && *w != "-")
        .collect();
    let words = Words {
        word,
        args,
        // Keep the original case for notation (`G` marks GIPF-pieces there).
        raw: line
            .trim()
            .split_once(char::is_whitespace)
            .map_or("", |(_, r)| r.trim()),
        say,
    };
    match Syntax::of(word) {
        Some(syntax) => (syntax.parse)(&words),
        None => Err(CommandError::Unknown {
            word: word.chars().take(30).collect(),
            closest: closest_command(word),
        }),
    }
}

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

fn parse_move(words: &Words) -> Result<Command, CommandError> {
    if words.raw.is_empty() {
        return Err(error(format!(
            "write the whole turn in the official notation, like {} or {}",
            words.cmd("move b6-f5"),
            words.cmd("move xe7,e8;c7-e7")
        )));
    }
    let text = notation_text(words.raw);
    match text.parse::<TurnNotation>() {
        Ok(notation) => Ok(Command::Move(notation)),
        // The notation of games with potentials, if it is that.
        Err(e) => text
            .parse::<LineNote>()
            .map(Command::PotentialsMove)
            .map_err(|_: gipf::potentials::ParseLineError| error(ParseTurnError::to_string(&e))),
    }
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
    Ok(Command::Power { kind, from, to })
}

/// `tamsk a5 b5` or `tamsk skip`.
fn parse_tamsk(words: &Words) -> Result<Command, CommandError> {
    if words.args == ["skip"] {
        return Ok(Command::Tamsk(None));
    }
    let (entry, rest) = parse_entry(&words.args, words).map_err(|e| {
        error(format!(
            "{e}; or give the extra push up with {}",
            words.cmd("tamsk skip")
        ))
    })?;
    if let Some(extra) = rest.first() {
        return Err(error(format!(
            "I did not understand `{extra}` after the extra push"
        )));
    }
    Ok(Command::Tamsk(Some(entry)))
}

/// `rules`, `rules potentials`, `rules zertz`...
fn parse_rules(words: &Words) -> Result<Command, CommandError> {
    match words.args[..] {
        [] => Ok(Command::Rules),
        ["potentials" | "potential" | "ultimate"] => Ok(Command::RulesOf(None)),
        [word] => word
            .parse::<Potential>()
            .map(|k| Command::RulesOf(Some(k)))
            .map_err(|_| {
                error(format!(
                    "{}: ask for {}, {} or one power: {}, `zertz`, `dvonn`, `yinsh`, `punct`",
                    words.given(word),
                    words.cmd("rules"),
                    words.cmd("rules potentials"),
                    words.cmd("rules tamsk")
                ))
            }),
        _ => Err(error(format!(
            "{} takes one word at most, like {}",
            words.bare("rules"),
            words.bare("rules zertz")
        ))),
    }
}

fn parse_lone_answer(words: &Words) -> Result<Command, CommandError> {
    let (answer, rest) = parse_answer(words.word, &words.args, Asked::Alone, words)?;
    if let Some(extra) = rest.first() {
        return Err(error(format!(
            "I did not understand `{extra}` after the answer"
        )));
    }
    Ok(Command::Answer(answer))
}

fn parse_settings(words: &Words) -> Result<Command, CommandError> {
    let mut days = None;
    let mut abandon = None;
    let mut threads = None;
    for &arg in &words.args {
        if let Some(on) = arg.strip_prefix("threads=") {
            threads = Some(match on {
                "on" => true,
                "off" => false,
                _ => {
                    let given = words.given(arg);
                    return Err(error(format!("{given}: threads are `on` or `off`")));
                }
            });
        } else if let Some(n) = arg.strip_prefix("days=") {
            days = Some(match n {
                "none" | "0" => None,
                n => Some(default_days(n).ok_or_else(|| {
                    // A slash command's `days` is a number: 0 for none.
                    let none = if words.say.slash { "0" } else { "none" };
                    error(format!(
                        "{}: a default time per move is 1 to {} days, or {}",
                        words.given(arg),
                        TimeControl::MAX_DAYS,
                        words.options(&format!("settings days={none}"))
                    ))
                })?),
            });
        } else if let Some(n) = arg.strip_prefix("abandon=") {
            abandon = Some(
                n.parse::<u16>()
                    .ok()
                    .filter(|n| (1..=3650).contains(n))
                    .ok_or_else(|| {
                        let given = words.given(arg);
                        error(format!("{given}: games are abandoned after 1 to 3650 days"))
                    })?,
            );
        } else {
            return Err(error(format!(
                "I did not understand {}: change settings like {}",
                words.given(arg),
                words.cmd("settings days=3 abandon=30 threads=on")
            )));
        }
    }
    Ok(Command::Settings {
        days,
        abandon,
        threads,
    })
}

/// A server's default days per move, if `n` is one.
fn default_days(n: &str) -> Option<u8> {
    n.parse::<u8>()
        .ok()
        .filter(|n| (1..=TimeControl::MAX_DAYS).contains(n))
}

fn parse_notify(words: &Words) -> Result<Command, CommandError> {
    let dm = match words.args.as_slice() {
        ["dm", "on"] | ["on"] => true,
        ["dm", "off"] | ["off"] => false,
        _ => {
            return Err(error(format!(
                "turn direct messages on or off: {} or {}",
                words.cmd("notify dm on"),
                words.cmd("notify dm off")
            )));
        }
    };
    Ok(Command::Notify { dm })
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
    Ok(Command::Board { black_side })
}

/// `12` or `#12`: a game's number, if one is given.
fn parse_game_id(words: &Words) -> Result<Option<GameId>, CommandError> {
    match words.args.as_slice() {
        [] => Ok(None),
        [id] => id
            .trim_start_matches('#')
            .parse::<i64>()
            .ok()
            .filter(|&id| id > 0)
            .map(|id| Some(GameId(id)))
            .ok_or_else(|| {
                error(format!(
                    "{} is not a game's number: {} lists them, then {}",
                    words.given(id),
                    words.cmd("games finished"),
                    words.cmd(&format!("{} 12", words.word))
                ))
            }),
        _ => Err(error(format!(
            "{} takes one game's number at most, like {}",
            words.bare(words.word),
            words.cmd(&format!("{} 12", words.word))
        ))),
    }
}

fn parse_games(words: &Words) -> Result<Command, CommandError> {
    let (mut player, mut scope, mut page) = (None, None, None);
    for word in &words.args {
        if let Some(user) = parse_mention(word).filter(|_| player.is_none()) {
            player = Some(user);
        } else if let Some(which) = [GameScope::Active, GameScope::Finished, GameScope::All]
            .into_iter()
            .find(|s| s.word() == *word)
            .filter(|_| scope.is_none())
        {
            scope = Some(which);
        } else if let Some(n) = word
            .strip_prefix("page=")
            .and_then(|n| n.parse::<u32>().ok())
            .filter(|&n| n >= 1 && page.is_none())
        {
            page = Some(n);
        } else {
            return Err(error(format!(
                "{} is not something {} takes: write {}, {}, {} or {}",
                words.given(word),
                words.bare("games"),
                words.cmd("games"),
                words.cmd("games @someone"),
                words.cmd("games finished"),
                words.cmd("games all page=2")
            )));
        }
    }
    Ok(Command::Games {
        player,
        scope: scope.unwrap_or_default(),
        page: page.unwrap_or(1),
    })
}

fn parse_stats(words: &Words) -> Result<Command, CommandError> {
    match words.args.as_slice() {
        [] => Ok(Command::Stats { player: None }),
        [who] if parse_mention(who).is_some() => Ok(Command::Stats {
            player: parse_mention(who),
        }),
        _ => Err(error(format!(
            "{} takes nothing (your own) or a mention: {}",
            words.cmd("stats"),
            words.cmd("stats @someone")
        ))),
    }
}

fn parse_leaderboard(words: &Words) -> Result<Command, CommandError> {
    match words.args.as_slice() {
        [] => Ok(Command::Leaderboard { kind: None }),
        [game] => game
            .parse()
            .map(|kind| Command::Leaderboard { kind: Some(kind) })
            .map_err(|e: String| error(format!("{e}, or nothing for all games together"))),
        _ => Err(error(format!(
            "{} takes one game at most: {}",
            words.cmd("leaderboard"),
            words.cmd("leaderboard tournament")
        ))),
    }
}

/// `<@123>` or `<@!123>`.
fn parse_mention(word: &str) -> Option<UserId> {
    let inner = word.strip_prefix("<@")?.strip_suffix('>')?;
    let digits = inner.strip_prefix('!').unwrap_or(inner);
    digits.parse().ok().map(UserId)
}

fn parse_challenge(words: &Words) -> Result<Command, CommandError> {
    let usage = format!(
        "challenge someone like {} (game: basic, standard, tournament or ultimate; your colour: \
         white, black or random; basic takes extra pieces like {} or {})",
        words.cmd("challenge @name standard random"),
        words.options("challenge +2"),
        words.options("challenge +0/+3")
    );
    let mut opponent = None;
    let mut variant = None;
    let mut extra = None;
    let mut color = None;
    let mut days = None;
    let mut autoforfeit = false;
    let mut thread = false;
    let mut hints = false;
    let mut level = None;
    let mut ultimate = false;
    // `potentials=T3,Z4` is one option although its commas split words: read it whole.
    let lower = words.raw.to_lowercase();
    let mut spec = None;
    let mut args = Vec::new();
    for word in lower.split_whitespace() {
        match word.strip_prefix("potentials=") {
            Some(_) if spec.is_some() => {
                return Err(error(format!("give {} once", words.given("potentials="))));
            }
            Some(value) => spec = Some(value),
            None => args.extend(word.split(',').filter(|w| !w.is_empty() && *w != "-")),
        }
    }
    for &arg in &args {
        if arg == "ultimate" {
            ultimate = true;
        } else if let Some(n) = arg.strip_prefix("days=") {
            let n = n
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=TimeControl::MAX_DAYS).contains(n));
            days = Some(n.ok_or_else(|| {
                error(format!(
                    "{}: the time per move is 1 to {} days, like {}",
                    words.given(arg),
                    TimeControl::MAX_DAYS,
                    words.options("challenge days=3")
                ))
            })?);
        } else if arg == "autoforfeit" {
            autoforfeit = true;
        } else if arg == "thread" {
            thread = true;
        } else if arg == "hints" {
            hints = true;
        } else if let Ok(l) = arg.parse::<Level>() {
            level = Some(l);
        } else if let Some(user) = parse_mention(arg) {
            if opponent.replace(user).is_some() {
                return Err(error("challenge one player at a time"));
            }
        } else if let Ok(c) = arg.parse::<ColorChoice>() {
            color = Some(c);
        } else if arg.starts_with('+') {
            extra = Some(arg);
        } else if let Ok(v) = arg.parse::<Variant>() {
            variant = Some(v);
        } else {
            return Err(error(format!(
                "I did not understand {}: {usage}",
                words.given(arg)
            )));
        }
    }
    let opponent = opponent.ok_or_else(|| error(format!("whom? Mention the player: {usage}")))?;
    if ultimate && (variant.is_some() || extra.is_some()) {
        return Err(error(format!(
            "{} is a game of its own: name one game",
            words.options("challenge ultimate")
        )));
    }
    let variant = with_extra(
        variant.unwrap_or(if ultimate {
            Variant::Tournament
        } else {
            Variant::Standard
        }),
        extra,
        words,
    )?;
    let potentials = challenge_potentials(variant, ultimate, spec, words)?;
    if autoforfeit && days.is_none() {
        return Err(error(format!(
            "{} goes with a time per move, like {}",
            words.options("challenge autoforfeit"),
            words.options("challenge days=3 autoforfeit")
        )));
    }
    Ok(Command::Challenge {
        opponent,
        variant,
        color: color.unwrap_or(ColorChoice::Random),
        time: days.map(|days| TimeControl { days, autoforfeit }),
        thread,
        level,
        hints,
        potentials,
    })
}

/// The potentials a challenge names: Ultimate GIPF's, or `potentials=SPEC` checked against
/// the game's reserves.
fn challenge_potentials(
    variant: Variant,
    ultimate: bool,
    spec: Option<&str>,
    words: &Words,
) -> Result<Option<Options>, CommandError> {
    match (ultimate, spec) {
        (true, Some(_)) => Err(error(
            gipf::potentials::SupplyError::UltimateFixed.to_string(),
        )),
        (true, None) => Ok(Some(Options::ultimate())),
        (false, None) => Ok(None),
        (false, Some(spec)) => {
            let given = words.given(&format!("potentials={spec}"));
            let refuse = |e: &dyn fmt::Display| error(format!("{given}: {e}"));
            let supply = parse_supplies(spec).map_err(|e| refuse(&e))?;
            let options = Options::new(variant, supply).map_err(|e| refuse(&e))?;
            Ok(options.has_potentials().then_some(options))
        }
    }
}

/// The basic game with `extra` pieces (`+2`, `+0/+3`), if any are asked for.
fn with_extra(
    variant: Variant,
    extra: Option<&str>,
    words: &Words,
) -> Result<Variant, CommandError> {
    let Some(extra) = extra else {
        return Ok(variant);
    };
    if variant.name() != "basic" {
        return Err(error(format!(
            "extra pieces ({} to `+3`) are for the basic game only",
            words.options("challenge +1")
        )));
    }
    format!("basic{extra}")
        .parse()
        .map_err(|e: gipf::ParseVariantError| {
            // The rules crate's words are the chat's: `basic+2`.
            if words.say.slash {
                error(format!(
                    "{}: extra pieces are 0 to 3 each, like {} (both) or {} (White/Black)",
                    words.given(extra),
                    words.options("challenge +2"),
                    words.options("challenge +1/+3")
                ))
            } else {
                error(e.to_string())
            }
        })
}

/// Reads an entry from the start of `args`: `b1 c2`, `b1-c2` or `b1c2`. Returns the rest.
fn parse_entry<'a>(
    args: &'a [&'a str],
    words: &Words,
) -> Result<(Entry, &'a [&'a str]), CommandError> {
    // The other ways to write it than the example's.
    let also = if words.say.slash { "b1 c2" } else { "b1-c2" };
    let usage = format!(
        "name the dot and the first spot, like {} (also `{also}` or `b1c2`)",
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
    let entry = text.parse::<Entry>().map_err(|e| match e {
        gipf::EntryError::Syntax { .. } | gipf::EntryError::Point(_) => {
            error(format!("{e} ({usage})"))
        }
        other => error(other.to_string()),
    })?;
    Ok((entry, &args[used..]))
}

/// What a word names as the piece of a push in a game with potentials: a kind (letter or
/// name), or `basic`.
fn load_word(word: &str) -> Option<Option<Potential>> {
    if word == "basic" {
        return Some(None);
    }
    word.parse::<Potential>().ok().map(Some)
}

/// A piece letter glued to the dot: `gb1` (GIPF), `zb1c2` (ZÈRTZ). Returns the letter and
/// the rest.
fn glued_letter(word: &str) -> Option<(char, &str)> {
    let mut chars = word.chars();
    let letter = chars.next().filter(|c| "gtzdyp".contains(*c))?;
    let rest = chars.as_str();
    let mut next = rest.chars();
    let starts_with_point = next.next().is_some_and(|c| ('a'..='i').contains(&c))
        && next.next().is_some_and(|c| c.is_ascii_digit());
    starts_with_point.then_some((letter, rest))
}

/// `push [G] b1 c2 [answers]`, `gipf b1 c2 [answers]`, also with the `G` glued: `Gb1c2`. In
/// games with potentials the piece may be named: `push Zb1 c2`, `push z b1 c2`, `push zertz
/// b1 c2`, `push b1 c2 zertz`, `push b1 c2 basic`.
fn parse_push(words: &Words, mut piece: Kind) -> Result<Command, CommandError> {
    let mut args: Vec<&str> = words.args.clone();
    let mut load = None;
    match args.first().copied() {
        Some("g") => {
            piece = Kind::Gipf;
            args.remove(0);
        }
        Some(first) if load_word(first).is_some() => {
            load = load_word(first);
            args.remove(0);
        }
        _ => {}
    }
    if let Some((letter, rest)) = args.first().and_then(|first| glued_letter(first)) {
        match letter {
            'g' => piece = Kind::Gipf,
            kind => load = Potential::from_letter(kind).map(Some),
        }
        args[0] = rest;
    }
    let (entry, mut rest) = parse_entry(&args, words)?;
    let mut answers = Vec::new();
    while let Some((word, tail)) = rest.split_first() {
        if let Some(named) = load_word(word) {
            if load.replace(named).is_some() {
                return Err(error("name one piece per push"));
            }
            rest = tail;
            continue;
        }
        let (answer, after) = parse_answer(word, tail, Asked::AfterPush, words)?;
        answers.push(answer);
        rest = after;
    }
    match load {
        Some(_) if piece == Kind::Gipf => Err(error(
            "a GIPF-piece is never loaded: push either a GIPF-piece or a loaded piece",
        )),
        Some(kind) => Ok(Command::Load {
            entry,
            kind,
            answers,
        }),
        None => Ok(Command::Push {
            entry,
            piece,
            answers,
        }),
    }
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
            let n = first
                .and_then(|a| a.parse::<usize>().ok())
                .filter(|n| *n >= 1);
            let n = n.ok_or_else(|| {
                error(format!(
                    "say which row by its number, like {}",
                    example("row 2")
                ))
            })?;
            Ok((Answer::Row(n), &args[1..]))
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
                return Err(error(format!(
                    "say which GIPF-pieces to {word} by their spots, like {}, or {}",
                    example(&format!("{word} e5 f4")),
                    example(&format!("{word} all"))
                )));
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

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line, &Phrasing::chat("!")).unwrap().unwrap()
    }

    fn err(line: &str) -> String {
        parse(line, &Phrasing::chat("!"))
            .unwrap()
            .unwrap_err()
            .to_string()
    }

    /// The refusal of the chat line a slash command stands for, said to its slash user.
    fn slash_err(line: &str) -> String {
        parse(line, &Phrasing::slash("!"))
            .unwrap()
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn a_refused_slash_command_names_slash_options() {
        // `/push entry:zz9`
        let push = slash_err("!push zz9");
        assert_eq!(
            push,
            "name the dot and the first spot, like `/push entry:b1-c2` (also `b1 c2` or `b1c2`)"
        );
        // `/push entry:b1-c2 answers:jump`
        let answers = slash_err("!push b1-c2 jump");
        assert!(
            answers.starts_with("in `answers` I understand"),
            "{answers}"
        );
        // `/challenge opponent:@42 extra:zz`: a bad option.
        let option = slash_err("!challenge <@42> zz");
        assert!(
            option.starts_with("I did not understand `extra:zz`"),
            "{option}"
        );
        assert!(
            option.contains("`/challenge opponent:@name variant:standard color:random`"),
            "{option}"
        );
        assert!(option.contains("`extra:+2` or `extra:+0/+3`"), "{option}");
        // `/challenge opponent:@42 autoforfeit:True`, without days.
        assert_eq!(
            slash_err("!challenge autoforfeit <@42>"),
            "`autoforfeit:True` goes with a time per move, like `days:3 autoforfeit:True`"
        );
        // `/challenge opponent:@42 variant:basic extra:+9`
        let extra = slash_err("!challenge <@42> basic +9");
        assert!(
            extra.contains("`extra:+2` (both) or `extra:+1/+3`"),
            "{extra}"
        );
        // `/challenge opponent:@42 potentials:Z2`: a potentials option.
        assert_eq!(
            slash_err("!challenge <@42> potentials=Z2"),
            "`potentials:z2`: `Z:2`: a supply holds 0, or 3 to 6 of a kind"
        );
        // `/settings abandon:5000`
        assert_eq!(
            slash_err("!settings abandon=5000"),
            "`abandon:5000`: games are abandoned after 1 to 3650 days"
        );
        assert!(slash_err("!settings days=20").ends_with("or `days:0`"));
        // `/zertz from:c3 to:zz`, `/take spots:zz`, `/tamsk entry:e5`
        assert!(slash_err("!zertz c3 zz").ends_with("like `/zertz from:c3 to:c6`"));
        assert!(slash_err("!take zz").ends_with("like `/take spots:e5 f4`, or `/take spots:all`"));
        assert!(slash_err("!tamsk e5").ends_with("`/tamsk entry:skip`"));
        for line in [
            "!push zz9",
            "!push b1-c2 jump",
            "!challenge <@42> zz",
            "!challenge autoforfeit <@42>",
            "!challenge <@42> basic +9",
            "!challenge <@42> standard +2",
            "!challenge <@42> ultimate +2",
            "!challenge <@42> potentials=Z2",
            "!settings abandon=5000",
            "!settings days=20",
            "!zertz c3 zz",
            "!take zz",
            "!tamsk e5",
        ] {
            let said = slash_err(line);
            assert!(!said.contains('!') && !said.contains('='), "{line}: {said}");
        }
    }

    #[test]
    fn a_refused_chat_command_keeps_its_chat_words() {
        assert_eq!(
            err("!push zz9"),
            "name the dot and the first spot, like `!push b1 c2` (also `b1-c2` or `b1c2`)"
        );
        assert_eq!(
            err("!challenge <@42> zz"),
            "I did not understand `zz`: challenge someone like `!challenge @name standard random` \
             (game: basic, standard, tournament or ultimate; your colour: white, black or random; \
             basic takes extra pieces like `+2` or `+0/+3`)"
        );
        assert_eq!(
            err("!challenge <@42> autoforfeit"),
            "`autoforfeit` goes with a time per move, like `days=3 autoforfeit`"
        );
        assert_eq!(
            err("!challenge <@42> potentials=Z2"),
            "`potentials=z2`: `Z:2`: a supply holds 0, or 3 to 6 of a kind"
        );
        assert_eq!(
            err("!settings abandon=5000"),
            "`abandon=5000`: games are abandoned after 1 to 3650 days"
        );
        assert_eq!(
            err("!settings days=20"),
            "`days=20`: a default time per move is 1 to 14 days, or `days=none`"
        );
        assert_eq!(
            err("!push b1 c2 jump"),
            "after the push I understand `row N`, `take <spots>`, `take all`, `keep all`; not `jump`"
        );
    }

    #[test]
    fn potentials_commands_in_every_form() {
        let b1c2: Entry = "b1-c2".parse().unwrap();
        let load = |kind| Command::Load {
            entry: b1c2,
            kind,
            answers: Vec::new(),
        };
        for line in [
            "!push Zb1 c2",
            "!push zb1c2",
            "!push z b1 c2",
            "!push zertz b1 c2",
            "!push b1 c2 zertz",
            "!push b1-c2 ZÈRTZ",
            "!push b1 c2 Zertz",
        ] {
            assert_eq!(ok(line), load(Some(Potential::Zertz)), "{line}");
        }
        assert_eq!(ok("!push b1 c2 pünct"), load(Some(Potential::Punct)));
        assert_eq!(ok("!push b1 c2 basic"), load(None));
        assert!(err("!push b1 c2 zertz dvonn").contains("one piece per push"));
        assert!(err("!push g b1 c2 zertz").contains("never loaded"));
        let jump = Command::Power {
            kind: Potential::Zertz,
            from: Point::C3,
            to: "c6".parse().unwrap(),
        };
        for line in [
            "!zertz c3 c6",
            "!zertz c3-c6",
            "!zertz c3>c6",
            "!zertz c3c6",
            "!ZERTZ C3 C6",
        ] {
            assert_eq!(ok(line), jump, "{line}");
        }
        assert!(err("!zertz c3").contains("like `!zertz c3 c6`"));
        assert!(err("!zertz 𑯳%d1g8").contains("like `!zertz c3 c6`"));
        assert!(err("!dvonn a1 b2").contains("a1 is a dot"));
        assert_eq!(ok("!tamsk skip"), Command::Tamsk(None));
        assert_eq!(
            ok("!tamsk a5 b5"),
            Command::Tamsk(Some("a5-b5".parse().unwrap()))
        );
        assert!(err("!tamsk e5").contains("tamsk skip"));
        assert_eq!(ok("!rules potentials"), Command::RulesOf(None));
        assert_eq!(ok("!rules DVONN"), Command::RulesOf(Some(Potential::Dvonn)));
        assert_eq!(
            ok("!move zc3>c6"),
            Command::PotentialsMove("Zc3>c6".parse().unwrap())
        );
    }

    #[test]
    fn challenges_with_potentials() {
        let potentials = |line: &str| match ok(line) {
            Command::Challenge { potentials, .. } => potentials.map(|p| (p.ultimate, p.header())),
            other => panic!("{other:?}"),
        };
        let both = |list: &str| Some((false, Some(format!("W:{list} B:{list}"))));
        assert_eq!(
            potentials("!challenge <@42> potentials=ZYD:3"),
            both("Z3,D3,Y3")
        );
        assert_eq!(
            potentials("!challenge <@42> potentials=T3,Z4"),
            both("T3,Z4")
        );
        assert_eq!(
            potentials("!challenge <@42> potentials=ZD:3,Y:6"),
            both("Z3,D3,Y6")
        );
        assert_eq!(
            potentials("!challenge <@42> tournament potentials=TZDYP:3/none"),
            Some((false, Some("W:T3,Z3,D3,Y3,P3 B:-".to_string())))
        );
        assert_eq!(potentials("!challenge <@42> potentials=none"), None);
        assert_eq!(
            potentials("!challenge <@42> ultimate").map(|p| p.0),
            Some(true)
        );
        assert!(err("!challenge <@42> potentials=Z:2").contains("0, or 3 to 6"));
        assert!(err("!challenge <@42> ultimate potentials=Z3").contains("fixed"));
        assert!(err("!challenge <@42> ultimate basic").contains("name one game"));
        assert!(err("!challenge <@42> potentials=z3 potentials=d3").contains("once"));
        assert!(err("!challenge <@42> potentials=").contains("`potentials=`"));
        assert!(err("!challenge <@42> potentials=,,").contains("`potentials=,,`"));
    }

    #[test]
    fn pushes_in_every_form() {
        let b1c2: Entry = "b1-c2".parse().unwrap();
        for line in [
            "!push b1 c2",
            "!push b1-c2",
            "!push b1c2",
            "!PUSH B1 C2",
            "  !push   b1  -c2 ",
        ] {
            assert_eq!(
                ok(line),
                Command::Push {
                    entry: b1c2,
                    piece: Kind::Basic,
                    answers: vec![]
                },
                "{line}"
            );
        }
        for line in [
            "!push G b1 c2",
            "!gipf b1 c2",
            "!push Gb1c2",
            "!push gb1-c2",
        ] {
            assert_eq!(
                ok(line),
                Command::Push {
                    entry: b1c2,
                    piece: Kind::Gipf,
                    answers: vec![]
                },
                "{line}"
            );
        }
        let e5: Point = "e5".parse().unwrap();
        assert_eq!(
            ok("!push b1 c2 row 2 take e5 keep all"),
            Command::Push {
                entry: b1c2,
                piece: Kind::Basic,
                answers: vec![Answer::Row(2), Answer::Take(vec![e5]), Answer::KeepAll]
            }
        );
    }

    #[test]
    fn bad_pushes_say_what_is_right() {
        assert_eq!(
            err("!push b1 c3"),
            "b1 c3: c3 is not a first spot from b1; from b1 you can push to b2 or c2"
        );
        assert!(err("!push e5 e6").contains("e5 is a spot, not a dot"));
        assert!(err("!push").contains("like `!push b1 c2`"));
        assert!(err("!push b1 c2 jump").contains("not `jump`"));
        assert!(err("!push zz c2").contains("not a point of the board"));
    }

    #[test]
    fn challenges() {
        assert_eq!(
            ok("!challenge <@42>"),
            Command::Challenge {
                opponent: UserId(42),
                variant: Variant::Standard,
                color: ColorChoice::Random,
                time: None,
                thread: false,
                level: None,
                hints: false,
                potentials: None,
            }
        );
        assert_eq!(
            ok("!challenge tournament <@!42> black"),
            Command::Challenge {
                opponent: UserId(42),
                variant: Variant::Tournament,
                color: ColorChoice::Black,
                time: None,
                thread: false,
                level: None,
                hints: false,
                potentials: None,
            }
        );
        assert_eq!(
            ok("!challenge <@42> basic +0/+3 white"),
            Command::Challenge {
                opponent: UserId(42),
                variant: Variant::Basic {
                    extra: gipf::ByColor::new(0, 3)
                },
                color: ColorChoice::White,
                time: None,
                thread: false,
                level: None,
                hints: false,
                potentials: None,
            }
        );
        assert!(err("!challenge standard").contains("Mention the player"));
        assert!(err("!challenge <@42> standard +2").contains("basic game only"));
        assert!(err("!challenge <@42> basic +9").contains("0 to 3"));
        assert!(err("!challenge <@42> chess").contains("`chess`"));
        assert_eq!(
            ok("!challenge <@42> days=3 autoforfeit"),
            Command::Challenge {
                opponent: UserId(42),
                variant: Variant::Standard,
                color: ColorChoice::Random,
                time: Some(TimeControl {
                    days: 3,
                    autoforfeit: true
                }),
                thread: false,
                level: None,
                hints: false,
                potentials: None,
            }
        );
        assert!(err("!challenge <@42> days=15").contains("1 to 14 days"));
        assert_eq!(
            ok("!challenge <@42> hard hints"),
            Command::Challenge {
                opponent: UserId(42),
                variant: Variant::Standard,
                color: ColorChoice::Random,
                time: None,
                thread: false,
                level: Some(Level::Hard),
                hints: true,
                potentials: None,
            }
        );
        assert!(err("!challenge <@42> autoforfeit").contains("goes with a time per move"));
    }

    #[test]
    fn answers_moves_and_the_rest() {
        assert_eq!(ok("!row 2"), Command::Answer(Answer::Row(2)));
        assert_eq!(ok("!keep all"), Command::Answer(Answer::KeepAll));
        assert_eq!(ok("!take none"), Command::Answer(Answer::KeepAll));
        assert!(err("!row zero").contains("row 2"));
        assert!(matches!(ok("!move xe7,e8;c7-e7"), Command::Move(_)));
        assert!(matches!(ok("!move Gd8-f7"), Command::Move(n) if n.push.is_some()));
        assert!(err("!move").contains("official notation"));
        assert_eq!(
            ok("!board black"),
            Command::Board {
                black_side: Some(true)
            }
        );
        assert_eq!(ok("!help"), Command::Help);
        assert!(err("!resign now").contains("takes nothing"));
        assert!(err("!dance").contains("I don't know the command `dance`"));
        assert!(parse("push b1 c2", &Phrasing::chat("!")).is_none());
        assert!(matches!(
            parse("?push b1 c2", &Phrasing::chat("?")),
            Some(Ok(Command::Push { .. }))
        ));
    }

    #[test]
    fn hostile_input_is_bounded_and_quoted_as_typed() {
        assert!(err(&format!("!push {}", "a".repeat(600))).contains("at most 500"));
        // The error quotes what was typed; adapters make it unable to ping (see
        // `discord::markdown`).
        let text = err("!hi@everyone");
        assert!(text.contains("`hi@everyone`"), "{text}");
        let shown = crate::discord::markdown(&crate::text::Text::from(text));
        assert!(!shown.contains("@everyone"), "{shown}");
        let text = err("!challenge <@1> <@&55>");
        let shown = crate::discord::markdown(&crate::text::Text::from(text));
        assert!(!shown.contains("<@&"), "{shown}");
    }

    #[test]
    fn chat_that_only_looks_like_a_command_is_ignored() {
        for line in [
            "!",
            "!!!",
            "!?",
            "! ",
            "!123",
            "!@everyone",
            "hello !push b1 c2",
        ] {
            assert!(parse(line, &Phrasing::chat("!")).is_none(), "{line}");
        }
        assert!(matches!(ok("! board"), Command::Board { .. }));
        // A word prefix matches in any case.
        assert!(matches!(
            parse("GIPF! board", &Phrasing::chat("gipf!")),
            Some(Ok(Command::Board { .. }))
        ));
    }

    #[test]
    fn what_players_copy_and_type_is_understood() {
        let b1c2: Entry = "b1-c2".parse().unwrap();
        for line in ["!push b1 - c2", "!push b1- c2", "!push `b1 c2`"] {
            assert!(
                matches!(ok(line), Command::Push { entry, .. } if entry == b1c2),
                "{line}"
            );
        }
        let e5: Point = "e5".parse().unwrap();
        let f4: Point = "f4".parse().unwrap();
        assert_eq!(
            ok("!take e5, f4"),
            Command::Answer(Answer::Take(vec![e5, f4]))
        );
        assert_eq!(
            ok("!take e5,f4"),
            Command::Answer(Answer::Take(vec![e5, f4]))
        );
        // The bot shows turns in backticks; a copied turn keeps them.
        let Command::Move(note) = ok("!move `c2 (11)`") else {
            panic!("not a move")
        };
        assert_eq!(note.reserve, Some(11));
        // A lower-case `g` before a column marks a GIPF-piece; before a row number it is column g.
        let Command::Move(note) = ok("!move xgd5*,g2;gd8-f7") else {
            panic!("not a move")
        };
        assert!(note.start[0].gipf && !note.start[1].gipf);
        assert!(matches!(
            note.push,
            Some(gipf::notation::PushNote::Line { gipf: true, .. })
        ));
    }
}
