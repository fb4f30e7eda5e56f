//! Chat lines into commands, and commands back into chat lines. Text only: nothing here
//! knows a game.
//!
//! The commands come in families, one file each, named by what they do: `challenge.rs`
//! (challenge, accept, decline, cancel, rematch), `play.rs` (pushes, whole turns, answers,
//! potentials), `game.rs` (resign, abort, claim, givetime, board, hint, takeback), `archive.rs`
//! (history, export, replay, games, analyse, stats, leaderboard), `server.rs` (settings,
//! notify with `notify.rs`, labels, vacation), `info.rs` (help, rules), `puzzle.rs` (puzzle,
//! learn, solve) and `tournament.rs` (tournament and its subcommands, tournaments; `create`'s
//! words in `tournament_create.rs`). A family's file
//! holds each of its commands whole: its variant, its printed form, its [`Syntax`] row
//! (word, `!help` line, slash options, what the adapter must look up first), its chat parser
//! and its slash filler. The service runs a family in its file of the same name, so adding a
//! command touches those two files.
//!
//! A slash command's options fill its command directly ([`from_options`], in `options.rs`):
//! each family reads them beside its chat words, through the same checks and refusals.
//! The kinds of rows and arguments are `syntax.rs`'s, the table of every family's rows
//! `families.rs`'s; how a command is written for the asker, `phrasing.rs`'s.
//!
//! This file holds what the families share: [`Command`], [`parse`], the errors and the
//! argument readers more than one family uses.

mod archive;
mod challenge;
mod families;
mod game;
mod info;
mod notify;
mod options;
mod phrasing;
mod play;
mod puzzle;
mod server;
#[cfg(test)]
mod slash_tests;
mod syntax;
#[cfg(test)]
mod tests;
mod tournament;
mod tournament_create;

use std::fmt;
use std::str::FromStr;

use gipf::potentials::Potential;

pub use archive::ArchiveCommand;
pub use challenge::ChallengeCommand;
pub use families::{Family, SYNTAX};
pub use game::{GameCommand, TakebackAnswer};
pub use info::InfoCommand;
pub use notify::NotifyChange;
pub use options::{ArgValue, SlashOptions, from_options};
pub use phrasing::Phrasing;
pub use play::{Answer, PlayCommand};
pub use puzzle::PuzzleCommand;
pub use server::{ServerCommand, SettingsChange, VacationAsk};
pub use syntax::{Arg, ArgKind, Choices, Completion, Subcommand, Syntax};
pub use tournament::TournamentCommand;
pub use tournament_create::{FormatKind, NewEvent, utc_minute};

use crate::model::UserId;
use syntax::{arg, at_least, between, completed, keyed, required};

/// The longest line the bot reads.
pub const MAX_INPUT_CHARS: usize = 500;

/// A command, parsed but not yet checked against any game: one of a family's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// A challenge, or an answer to one.
    Challenge(ChallengeCommand),
    /// A move in the channel's game.
    Play(PlayCommand),
    /// The channel's game beside its moves: resigning, aborting, its board.
    Game(GameCommand),
    /// Games past and present, and the ratings they make.
    Archive(ArchiveCommand),
    /// The server's settings and a member's own.
    Server(ServerCommand),
    /// How to play.
    Info(InfoCommand),
    /// Puzzles to solve.
    Puzzle(PuzzleCommand),
    /// A tournament in the channel, and the server's events.
    Tournament(TournamentCommand),
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
            Command::Challenge(command) => command.fmt(f),
            Command::Play(command) => command.fmt(f),
            Command::Game(command) => command.fmt(f),
            Command::Archive(command) => command.fmt(f),
            Command::Server(command) => command.fmt(f),
            Command::Info(command) => command.fmt(f),
            Command::Puzzle(command) => command.fmt(f),
            Command::Tournament(command) => command.fmt(f),
        }
    }
}

impl Command {
    /// The row that reads this command's canonical line: it says what the adapter must look
    /// up before the service runs the command.
    ///
    /// ```
    /// use gipf_bot::command::{ChallengeCommand, Command};
    /// let accept = Command::Challenge(ChallengeCommand::Accept);
    /// assert!(accept.syntax().is_some_and(|row| row.starts_game));
    /// ```
    pub fn syntax(&self) -> Option<&'static Syntax> {
        Syntax::of(self.word())
    }

    /// The family it belongs to.
    pub fn family(&self) -> Family {
        match self {
            Command::Challenge(_) => Family::Challenge,
            Command::Play(_) => Family::Play,
            Command::Game(_) => Family::Game,
            Command::Archive(_) => Family::Archive,
            Command::Server(_) => Family::Server,
            Command::Info(_) => Family::Info,
            Command::Puzzle(_) => Family::Puzzle,
            Command::Tournament(_) => Family::Tournament,
        }
    }

    /// The word its canonical line starts with, as its family names it (`take none` is
    /// `keep all`: `keep`).
    pub fn word(&self) -> &'static str {
        match self {
            Command::Challenge(command) => command.word(),
            Command::Play(command) => command.word(),
            Command::Game(command) => command.word(),
            Command::Archive(command) => command.word(),
            Command::Server(command) => command.word(),
            Command::Info(command) => command.word(),
            Command::Puzzle(command) => command.word(),
            Command::Tournament(command) => command.word(),
        }
    }
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
    /// One of the bot's commands, written wrong: what is wrong and what would be right, in
    /// the player's own syntax. It may quote the line.
    Invalid(String),
    /// An answer given alone without what it names (`row` without a number, `take` or
    /// `keep` without spots): the options of the question pending in the channel say what
    /// would be right; `generic` (as [`CommandError::Invalid`]) where none is pending.
    Unanswered {
        /// What to say without a pending question.
        generic: String,
    },
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
            CommandError::Invalid(text) | CommandError::Unanswered { generic: text } => {
                f.write_str(text)
            }
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

/// Whether `word` is one of a player's move commands (`push`, `take`, `move`, …).
pub fn is_move_word(word: &str) -> bool {
    play::SYNTAX.iter().any(|syntax| syntax.word == word)
}

/// The command `word` is a slip of: one edit away (a letter more, less, changed, or two
/// swapped), two for words of seven letters or more; so other bots' short commands are not
/// taken for ours (`play` is not `replay`, `dance` is not `cancel`).
///
/// ```
/// use gipf_bot::command::closest_command;
/// assert_eq!(closest_command("pussh"), Some("push"));
/// assert_eq!(closest_command("chalenge"), Some("challenge"));
/// assert_eq!(closest_command("chalnge"), Some("challenge"));
/// assert_eq!(closest_command("rwo"), Some("row"));
/// assert_eq!(closest_command("play"), None);
/// assert_eq!(closest_command("rank"), None);
/// assert_eq!(closest_command("dance"), None);
/// assert_eq!(closest_command("replya"), Some("replay"));
/// ```
pub fn closest_command(word: &str) -> Option<&'static str> {
    let allowed = if word.chars().count() >= 7 { 2 } else { 1 };
    SYNTAX
        .iter()
        .map(|syntax| (edits(word, syntax.word), syntax.word))
        .filter(|&(distance, _)| distance <= allowed)
        .min()
        .map(|(_, command)| command)
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
    /// The slash option these words were given in, when they are one option's value
    /// rather than a chat line's: a refusal quotes them as that option (`extra:zz`).
    option: Option<&'a str>,
}

impl Words<'_> {
    /// `command` if nothing follows the command word.
    fn alone(&self, command: impl Into<Command>) -> Result<Command, CommandError> {
        if self.args.is_empty() {
            Ok(command.into())
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
        match self.option {
            Some(name) => {
                let value = (word.strip_prefix(name))
                    .and_then(|rest| rest.strip_prefix('='))
                    .unwrap_or(word);
                format!("`{name}:{value}`")
            }
            None => self.say.options(&format!("{} {word}", self.word)),
        }
    }
}

/// `<@123>` or `<@!123>`.
fn parse_mention(word: &str) -> Option<UserId> {
    let inner = word.strip_prefix("<@")?.strip_suffix('>')?;
    let digits = inner.strip_prefix('!').unwrap_or(inner);
    digits.parse().ok().map(UserId)
}

/// Reads a line as a player of `say` writes it. `None` if it is not addressed to the bot
/// (no prefix). A slash command has no line: [`from_options`] reads its options.
///
/// ```
/// use gipf_bot::command::{parse, Command, Phrasing};
/// let chat = Phrasing::chat("!");
/// let command = parse("!PUSH  b1 c2", &chat).unwrap().unwrap();
/// assert!(matches!(command, Command::Play(_)));
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
        return Some(Err(too_long()));
    }
    Some(parse_words(rest, say))
}

/// The refusal of a command over [`MAX_INPUT_CHARS`].
fn too_long() -> CommandError {
    error(format!(
        "that message is too long for me: I read at most {MAX_INPUT_CHARS} characters"
    ))
}

/// A command line without its prefix.
impl FromStr for Command {
    type Err = CommandError;

    fn from_str(line: &str) -> Result<Command, CommandError> {
        parse_words(line, &Phrasing::chat(""))
    }
}

/// The words of `text` (lower case) as a parser reads them: split at spaces, and at commas
/// and a lone `-` too (`take e5, f4`, `push b1 - c2`).
fn split_args(text: &str) -> Vec<&str> {
    text.split_whitespace()
        .flat_map(|w| w.split(','))
        .filter(|w| !w.is_empty() && *w != "-")
        .collect()
}

fn parse_words(line: &str, say: &Phrasing) -> Result<Command, CommandError> {
    // Turns are shown in backticks: a copied one keeps them.
    let line = line.replace('`', " ");
    let lower = line.trim().to_lowercase();
    let (word, rest) = lower
        .split_once(char::is_whitespace)
        .unwrap_or((&lower, ""));
    let words = Words {
        word,
        args: split_args(rest),
        // Keep the original case for notation (`G` marks GIPF-pieces there).
        raw: line
            .trim()
            .split_once(char::is_whitespace)
            .map_or("", |(_, r)| r.trim()),
        say,
        option: None,
    };
    match Syntax::of(word) {
        Some(syntax) => (syntax.parse)(&words),
        None => Err(CommandError::Unknown {
            word: word.chars().take(30).collect(),
            closest: closest_command(word),
        }),
    }
}
