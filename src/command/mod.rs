//! Chat lines into commands, and commands back into chat lines. Text only: nothing here
//! knows a game.
//!
//! The commands come in families, one file each, named by what they do: `challenge.rs`
//! (challenge, accept, decline, cancel, rematch), `play.rs` (pushes, whole turns, answers,
//! potentials), `game.rs` (resign, abort, claim, board, hint, takeback), `archive.rs`
//! (history, export, replay, games, analyse, stats, leaderboard), `server.rs` (settings,
//! notify) and `info.rs` (help, rules). A family's file holds each of its commands whole: its variant,
//! its printed form, its [`Syntax`] row (word, `!help` line, slash options, what the
//! adapter must look up first) and its parser. The service runs a family in its file of the
//! same name, so adding a command touches those two files.
//!
//! This file holds what the families share: [`Command`], the registry of rows [`SYNTAX`],
//! [`parse`], [`Phrasing`], the errors and the argument readers more than one family uses.

mod archive;
mod challenge;
mod game;
mod info;
mod play;
mod puzzle;
mod server;
#[cfg(test)]
mod tests;

use std::fmt;
use std::str::FromStr;
use std::sync::LazyLock;

use gipf::potentials::Potential;

pub use archive::ArchiveCommand;
pub use challenge::ChallengeCommand;
pub use game::{GameCommand, TakebackAnswer};
pub use info::InfoCommand;
pub use play::{Answer, PlayCommand};
pub use puzzle::PuzzleCommand;
pub use server::{ServerCommand, SettingsChange};

use crate::model::{ChannelId, UserId};
use crate::text::{Span, Text};

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
        let line = self.to_string();
        Syntax::of(line.split(' ').next().unwrap_or_default())
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

/// How a command is written: its parser, its line in `!help`, its arguments, and what the
/// adapter must look up before the service runs it.
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
    /// Its place in the lists of commands (`!help`, `/help`, the slash commands), which
    /// mix the families: the rows are listed by it.
    pub place: u16,
    /// Whether a moderator or an admin may give it beyond what a player may (end anyone's
    /// game or challenge, change the settings): only then are the author's rights worth
    /// asking Discord for.
    pub moderated: bool,
    /// Whether it may start a game (an accepted challenge, or one to the bot itself): only
    /// then is where it was written worth asking Discord for, for the game's record.
    pub starts_game: bool,
    /// Whether its answer informs only the asker (a list, a player's record, the settings):
    /// a slash command's answer is then shown to him alone.
    pub asker_only: bool,
    /// Whether it makes sense in a direct conversation with the bot (the archive, help and
    /// rules, notices); games and challenges live in a server's channels.
    pub in_direct_messages: bool,
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
    /// A server's text channel, written as a mention.
    Channel,
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
    /// For [`ArgKind::Channel`].
    Channel(ChannelId),
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

/// Every family's rows.
const FAMILIES: [&[Syntax]; 7] = [
    challenge::SYNTAX,
    play::SYNTAX,
    game::SYNTAX,
    archive::SYNTAX,
    server::SYNTAX,
    info::SYNTAX,
    puzzle::SYNTAX,
];

/// Every command, in the order of `!help` (by [`Syntax::place`]).
pub static SYNTAX: LazyLock<Vec<&'static Syntax>> = LazyLock::new(|| {
    let mut rows: Vec<&'static Syntax> = FAMILIES.into_iter().flatten().collect();
    rows.sort_by_key(|syntax| syntax.place);
    rows
});

impl Syntax {
    /// What a row says when it says nothing more: a player's command that needs no rights,
    /// starts no game, answers everyone and belongs in a server's channel. Rows give their
    /// own word, help, arguments, place and parser, and only the flags that differ.
    pub(super) const DEFAULT: Syntax = Syntax {
        word: "",
        summary: "",
        help: "",
        args: &[],
        slash: false,
        place: 0,
        moderated: false,
        starts_game: false,
        asker_only: false,
        in_direct_messages: false,
        parse: |_| {
            Err(CommandError::Unknown {
                word: String::new(),
                closest: None,
            })
        },
    };

    /// The syntax of the command `word`.
    pub fn of(word: &str) -> Option<&'static Syntax> {
        SYNTAX.iter().copied().find(|syntax| syntax.word == word)
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
                Some(ArgValue::Channel(channel)) => format!("<#{}>", channel.0),
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
    /// backticks, without the command: what to add to a command, or what was given to it
    /// (words that fill no slash option are quoted as typed).
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

    /// `!help` (or `/help`): every command with an example, and the other ways to play;
    /// `typed` is how a command is typed in a message the bot can read (`!push b1 c2`, or
    /// without the MESSAGE CONTENT intent `@gipf-bot push b1 c2`).
    pub fn help(&self, typed: &str) -> Text {
        let mut text = crate::text![Span::Strong("Commands".into())];
        if self.slash {
            for syntax in SYNTAX.iter().filter(|s| s.slash) {
                text.push(format!("\n`{}`: {}", slash_usage(syntax), syntax.summary));
            }
            text.push(format!(
                "\nOptions like `entry`, `number` and `spots` suggest what is legal as you type. \
                 Buttons under a question answer it in one click. Every command also works typed \
                 in chat: `{typed}`."
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
            ArgKind::Channel => next.starts_with('#') || next.starts_with("<#"),
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
        self.say.options(&format!("{} {word}", self.word))
    }
}

/// `<@123>` or `<@!123>`.
fn parse_mention(word: &str) -> Option<UserId> {
    let inner = word.strip_prefix("<@")?.strip_suffix('>')?;
    let digits = inner.strip_prefix('!').unwrap_or(inner);
    digits.parse().ok().map(UserId)
}

/// Reads a line as a player of `say` writes it. `None` if it is not addressed to the bot
/// (no prefix: the line a slash command stands for has it too).
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
