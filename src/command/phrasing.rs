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
            Some((_, args, rest)) if self.slash => slash_options(args, &rest),
            _ => Vec::new(),
        };
        if slash_options.is_empty() {
            format!("`{}`", after_subcommand(word, rest))
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
                if syntax.subcommands.is_empty() {
                    let usage = slash_usage(syntax.word, syntax.args);
                    text.push(format!("\n`{usage}`: {}", syntax.summary));
                }
                for sub in syntax.subcommands {
                    let usage = slash_usage(&format!("{} {}", syntax.word, sub.word), sub.args);
                    text.push(format!("\n`{usage}`: {}", sub.summary));
                }
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

/// The slash command a chat word stands for (with its subcommand: `tournament join`), its
/// options, and the words after it as it reads them: `gipf b1 c2` is `/push` with the
/// `gipf` flag.
fn slash_syntax(word: &str, rest: &str) -> Option<(String, &'static [Arg], String)> {
    let (word, rest) = match word {
        "gipf" => ("push", format!("g {rest}")),
        other => (other, rest.to_string()),
    };
    let syntax = Syntax::of_slash(word)?;
    if syntax.subcommands.is_empty() {
        return Some((syntax.word.to_string(), syntax.args, rest));
    }
    let (sub, after) = rest
        .trim_start()
        .split_once(' ')
        .unwrap_or((rest.trim(), ""));
    let sub = syntax.subcommand(sub)?;
    Some((
        format!("{} {}", syntax.word, sub.word),
        sub.args,
        after.to_string(),
    ))
}

/// The words after a command's word and, if it names one of its subcommands, after that
/// too: what fills its options (`create rounds=5` is `rounds=5`).
fn after_subcommand<'a>(word: &str, rest: &'a str) -> &'a str {
    let rest = rest.trim_start();
    let (sub, after) = rest.split_once(' ').unwrap_or((rest, ""));
    match Syntax::of(word) {
        Some(syntax) if syntax.subcommand(sub).is_some() => after,
        _ => rest,
    }
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
/// assert_eq!(
///     say.cmd("tournament create \"Winter Cup\" swiss rounds=5 standard days=3 rated"),
///     "`/tournament create name:Winter Cup format:swiss rounds:5 game:standard days:3 rated:True`"
/// );
/// assert_eq!(say.cmd("tournament join @gipf-bot medium"), "`/tournament join level:medium`");
/// assert_eq!(say.cmd("tournament pairings 2"), "`/tournament pairings round:2`");
/// assert_eq!(say.cmd("tournament withdraw @member"), "`/tournament withdraw member:@member`");
/// assert_eq!(say.cmd("tournaments"), "`/tournaments`");
/// ```
fn slash_form(line: &str) -> String {
    let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
    let Some((name, args, rest)) = slash_syntax(word, rest) else {
        return format!("/{line}");
    };
    std::iter::once(format!("/{name}"))
        .chain(slash_options(args, &rest))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The options the words of a chat line fill, as `name:value`, in the order of the
/// command's arguments, flags last. A flag's word, a `key=value` word and a `name value`
/// pair (`dm on`) fill their option wherever they stand; the other words fill the other
/// options in order.
fn slash_options(args: &[Arg], rest: &str) -> Vec<String> {
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
/// takes two points, joined by `-`; a text no word a choice after it offers), the last one
/// every word left. A word that fits none of the options left fills none (`tournament join
/// @gipf-bot medium`: the bot is no option of `/tournament join`, its level is).
fn fill_in_order(args: &[Arg], values: &mut [Option<String>], mut free: Vec<String>) {
    let open: Vec<usize> = (0..args.len())
        .filter(|&i| values[i].is_none() && args[i].key.is_none())
        .filter(|&i| !matches!(args[i].kind, ArgKind::Flag(_)))
        .collect();
    for (n, &i) in open.iter().enumerate() {
        while (free.first()).is_some_and(|word| !open[n..].iter().any(|&j| fits(&args[j], word))) {
            free.remove(0);
        }
        let Some(next) = free.first() else {
            break;
        };
        // A text takes any word, but not one a choice after it offers (`swiss` is a
        // format, not an event's name).
        let later_choice = (open[n + 1..].iter()).any(
            |&j| matches!(args[j].kind, ArgKind::Choice(c) if c.words().contains(&next.as_str())),
        );
        let text = matches!(args[i].kind, ArgKind::Text);
        if !fits(&args[i], next) || (text && later_choice) {
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

/// Whether `word` may fill option `arg`: a choice one of its words, a user a mention, a
/// channel a channel's, a number digits.
fn fits(arg: &Arg, word: &str) -> bool {
    match arg.kind {
        ArgKind::Choice(choices) => choices.words().contains(&word),
        ArgKind::User => word.starts_with('@') || word.starts_with("<@"),
        ArgKind::Channel => word.starts_with('#') || word.starts_with("<#"),
        ArgKind::Number { .. } => word.parse::<u64>().is_ok(),
        ArgKind::Text | ArgKind::Flag(_) => true,
    }
}

/// The words of a line, a placeholder like `<first spot>` counting as one, and words in
/// quotes (an event's `"Winter Cup"`) as one, without their quotes.
fn placeholder_words(text: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut quoted = false;
    for word in text.split_whitespace() {
        match words.last_mut() {
            Some(open) if quoted || (open.starts_with('<') && !open.ends_with('>')) => {
                open.push(' ');
                open.push_str(word.trim_end_matches('"'));
                quoted &= !word.ends_with('"');
            }
            _ => match word.strip_prefix('"') {
                Some(inner) => {
                    quoted = !inner.ends_with('"');
                    words.push(inner.trim_end_matches('"').to_string());
                }
                None => words.push(word.to_string()),
            },
        }
    }
    words
}

/// `/push entry:… [gipf] [answers]`: command `name` (with its subcommand) and its `args`.
fn slash_usage(name: &str, args: &[Arg]) -> String {
    let mut usage = format!("/{name}");
    for arg in args {
        if arg.required {
            usage.push_str(&format!(" {}:…", arg.name));
        } else {
            usage.push_str(&format!(" [{}]", arg.name));
        }
    }
    usage
}
