//! How a command is written for the player who asked: in chat, or as the slash command a
//! chat line stands for (`push b1 c2` is `/push entry:b1-c2`), for the examples, hints and
//! help the bot gives in his own words.

use super::{Arg, ArgKind, Completion, SYNTAX, Syntax};
use crate::text::{Span, Text};

/// How to write a command for the player who asked: in chat (`!push b1 c2`) or as a slash
/// command (`/push entry:b1-c2`), so that refusals, hints and help come in their own words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phrasing {
    pub(super) prefix: String,
    pub(super) slash: bool,
}

impl Phrasing {
    /// Commands typed in chat (or in the console) after `prefix`.
    pub fn chat(prefix: &str) -> Phrasing {
        Phrasing {
            prefix: prefix.to_string(),
            slash: false,
        }
    }

    /// Slash commands (for those who use them, and the buttons), whose examples name their
    /// options; `prefix` is the chat's, should a line be read in these words.
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
            ArgKind::Choice(choices) => choices.words().contains(&next.as_str()),
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
