//! A slash command's options, typed, as its family reads them: [`from_options`] fills the
//! command from them directly (no chat line is built and parsed), each value checked and
//! refused as the chat parse checks and refuses the same words.

use std::collections::HashMap;
use std::fmt;

use super::{Command, CommandError, MAX_INPUT_CHARS, Phrasing, Syntax, Words, error, too_long};
use crate::model::{ChannelId, UserId};

/// A value given for an argument.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArgValue {
    /// For [`super::ArgKind::Text`] and [`super::ArgKind::Choice`].
    Text(String),
    /// For [`super::ArgKind::Flag`].
    Flag(bool),
    /// For [`super::ArgKind::Number`].
    Number(i64),
    /// For [`super::ArgKind::User`].
    User(UserId),
    /// For [`super::ArgKind::Channel`].
    Channel(ChannelId),
}

/// The value as a slash command shows it after its option's name (`days:3`, `gipf:True`).
impl fmt::Display for ArgValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgValue::Text(text) => f.write_str(text),
            ArgValue::Flag(true) => f.write_str("True"),
            ArgValue::Flag(false) => f.write_str("False"),
            ArgValue::Number(n) => write!(f, "{n}"),
            ArgValue::User(user) => f.write_str(&user.mention()),
            ArgValue::Channel(channel) => write!(f, "<#{}>", channel.0),
        }
    }
}

/// The options a user filled in, by name, with the subcommand they belong to (if the
/// command has subcommands) and who the bot itself is (an option may name it by a level).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SlashOptions {
    values: HashMap<String, ArgValue>,
    subcommand: Option<String>,
    me: Option<UserId>,
}

impl FromIterator<(String, ArgValue)> for SlashOptions {
    fn from_iter<I: IntoIterator<Item = (String, ArgValue)>>(options: I) -> SlashOptions {
        SlashOptions {
            values: options.into_iter().collect(),
            ..SlashOptions::default()
        }
    }
}

impl SlashOptions {
    /// These options, given to subcommand `word` (`/tournament join`).
    pub fn of_subcommand(self, word: &str) -> SlashOptions {
        SlashOptions {
            subcommand: Some(word.to_string()),
            ..self
        }
    }

    /// These options, given to the bot `me` (`/tournament join level:medium` enters it).
    pub fn given_to(self, me: Option<UserId>) -> SlashOptions {
        SlashOptions { me, ..self }
    }

    /// The subcommand they were given to, if any.
    pub fn subcommand(&self) -> Option<&str> {
        self.subcommand.as_deref()
    }

    /// The value of option `name`, if it was filled in.
    pub fn get(&self, name: &str) -> Option<&ArgValue> {
        self.values.get(name)
    }

    /// The channels among the values (Discord offers only the kinds the option asks for).
    pub fn channels(&self) -> Vec<ChannelId> {
        (self.values.values())
            .filter_map(|value| match value {
                ArgValue::Channel(channel) => Some(*channel),
                _ => None,
            })
            .collect()
    }

    /// Whether option `name` is filled in: a text with more than spaces, a flag set, or
    /// any other value.
    fn has(&self, name: &str) -> bool {
        match self.get(name) {
            Some(ArgValue::Text(text)) => !text.trim().is_empty(),
            Some(ArgValue::Flag(set)) => *set,
            Some(_) => true,
            None => false,
        }
    }

    /// How many characters the texts hold in all.
    fn text_chars(&self) -> usize {
        (self.values.values())
            .map(|value| match value {
                ArgValue::Text(text) => text.chars().count(),
                _ => 0,
            })
            .sum()
    }
}

/// A slash command's options as its family reads them, with how its asker writes commands.
pub(super) struct Given<'a> {
    word: &'static str,
    options: &'a SlashOptions,
    say: &'a Phrasing,
}

impl Given<'_> {
    /// The text of option `name`, trimmed (backticks, which turns are shown in, read as
    /// spaces), if it holds more than spaces.
    pub(super) fn text(&self, name: &str) -> Option<String> {
        match self.options.get(name) {
            Some(ArgValue::Text(text)) => {
                let text = text.replace('`', " ");
                Some(text.trim().to_string()).filter(|text| !text.is_empty())
            }
            _ => None,
        }
    }

    /// Whether flag `name` is set.
    pub(super) fn flag(&self, name: &str) -> bool {
        matches!(self.options.get(name), Some(ArgValue::Flag(true)))
    }

    /// The number of option `name`.
    pub(super) fn number(&self, name: &str) -> Option<i64> {
        match self.options.get(name) {
            Some(ArgValue::Number(n)) => Some(*n),
            _ => None,
        }
    }

    /// The bot itself, if the adapter said who it is.
    pub(super) fn me(&self) -> Option<UserId> {
        self.options.me
    }

    /// The user of option `name`.
    pub(super) fn user(&self, name: &str) -> Option<UserId> {
        match self.options.get(name) {
            Some(ArgValue::User(user)) => Some(*user),
            _ => None,
        }
    }

    /// The value of option `name`, texts in lower case as the chat parse reads them.
    pub(super) fn value(&self, name: &str) -> Option<ArgValue> {
        match self.options.get(name)? {
            ArgValue::Text(_) => self.text(name).map(|t| ArgValue::Text(t.to_lowercase())),
            other => Some(other.clone()),
        }
    }

    /// Option `name` with `value`, quoted as its asker gave it: `days:20`.
    pub(super) fn quote(&self, name: &str, value: impl fmt::Display) -> String {
        format!("`{name}:{value}`")
    }

    /// The words of text option `name`, read by `read` as the chat parse reads the words
    /// after the command word; a refusal quotes them as that option.
    pub(super) fn read<T>(&self, name: &str, read: impl FnOnce(&Words) -> T) -> T {
        let raw = self.text(name).unwrap_or_default();
        let lower = raw.to_lowercase();
        read(&Words {
            word: self.word,
            args: super::split_args(&lower),
            raw: &raw,
            say: self.say,
            option: Some(name),
        })
    }

    /// The words of text options `names`, one after the other, read by `read` as the chat
    /// parse reads the words after the command word (`/push`'s entry, piece and answers).
    pub(super) fn read_all<T>(&self, names: &[&str], read: impl FnOnce(&Words) -> T) -> T {
        let texts: Vec<String> = (names.iter())
            .map(|name| self.text(name).unwrap_or_default().to_lowercase())
            .collect();
        let args = texts.iter().flat_map(|text| super::split_args(text));
        read(&Words {
            args: args.collect(),
            ..self.words()
        })
    }

    /// The text options `names` that were given, each written after its name as the chat
    /// line writes it (`dm on at 08:00`), read by `read` as the chat parse reads them.
    pub(super) fn read_named<T>(&self, names: &[&str], read: impl FnOnce(&Words) -> T) -> T {
        let line: Vec<String> = (names.iter())
            .filter_map(|name| Some(format!("{name} {}", self.text(name)?.to_lowercase())))
            .collect();
        let line = line.join(" ");
        read(&Words {
            args: super::split_args(&line),
            ..self.words()
        })
    }

    /// No words after the command word: for the examples of a refusal.
    pub(super) fn words(&self) -> Words<'_> {
        Words {
            word: self.word,
            args: Vec::new(),
            raw: "",
            say: self.say,
            option: None,
        }
    }
}

/// Fills slash command `name` from its `options`, refusing as the chat parse refuses the
/// same words (in `say`'s words: slash ones). No chat line is built on the way.
///
/// ```
/// use gipf_bot::command::{ArgValue, Command, Phrasing, SlashOptions, from_options};
/// let say = Phrasing::slash("!");
/// let push: SlashOptions = [
///     ("entry".to_string(), ArgValue::Text("b1-c2".into())),
///     ("gipf".to_string(), ArgValue::Flag(true)),
/// ]
/// .into_iter()
/// .collect();
/// let command = from_options("push", &push, &say).unwrap();
/// assert_eq!(command, "gipf b1-c2".parse::<Command>().unwrap());
/// let refused = from_options("push", &SlashOptions::default(), &say).unwrap_err();
/// assert_eq!(refused.to_string(), "fill in `entry`");
/// ```
pub fn from_options(
    name: &str,
    options: &SlashOptions,
    say: &Phrasing,
) -> Result<Command, CommandError> {
    let syntax = Syntax::of_slash(name)
        .ok_or_else(|| error(format!("I don't know the command `/{name}`")))?;
    let (args, fill) = match options.subcommand() {
        None if syntax.subcommands.is_empty() => (syntax.args, syntax.fill),
        sub => {
            let sub = sub.and_then(|word| syntax.subcommand(word));
            let sub = sub.ok_or_else(|| unknown_subcommand(syntax, say))?;
            (sub.args, sub.fill)
        }
    };
    if let Some(missing) = (args.iter()).find(|arg| arg.required && !options.has(arg.name)) {
        return Err(error(format!("fill in `{}`", missing.name)));
    }
    if options.text_chars() > MAX_INPUT_CHARS {
        return Err(too_long());
    }
    fill(&Given {
        word: syntax.word,
        options,
        say,
    })
}

/// The refusal of a subcommand `syntax` does not have (or of none where it needs one).
fn unknown_subcommand(syntax: &Syntax, say: &Phrasing) -> CommandError {
    let words: Vec<String> = (syntax.subcommands.iter())
        .map(|sub| say.cmd(&format!("{} {}", syntax.word, sub.word)))
        .collect();
    error(format!("choose one of {}", words.join(", ")))
}
