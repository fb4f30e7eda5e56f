//! How to play: `help`, `rules`.

use std::fmt;

use gipf::potentials::Potential;

use super::{ArgKind, Choices, Command, CommandError, Syntax, Words, arg, error, potential_word};

/// A question about the bot or the game, answered the same in every channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InfoCommand {
    /// `rules`.
    Rules,
    /// `rules potentials`, `rules zertz`...: the potentials, or one power.
    RulesOf(Option<Potential>),
    /// `help`.
    Help,
    /// `help push`: one command's help (its word, as the syntax names it).
    HelpOn(&'static str),
}

impl InfoCommand {
    /// The word of its canonical line.
    pub fn word(&self) -> &'static str {
        match self {
            InfoCommand::Rules | InfoCommand::RulesOf(_) => "rules",
            InfoCommand::Help | InfoCommand::HelpOn(_) => "help",
        }
    }
}

impl From<InfoCommand> for Command {
    fn from(command: InfoCommand) -> Command {
        Command::Info(command)
    }
}

impl fmt::Display for InfoCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InfoCommand::Rules => f.write_str("rules"),
            InfoCommand::RulesOf(None) => f.write_str("rules potentials"),
            InfoCommand::RulesOf(Some(kind)) => write!(f, "rules {}", potential_word(*kind)),
            InfoCommand::Help => f.write_str("help"),
            InfoCommand::HelpOn(word) => write!(f, "help {word}"),
        }
    }
}

/// The family's rows.
pub(super) const SYNTAX: &[Syntax] = &[
    Syntax {
        word: "rules",
        summary: "The rules of GIPF, short; of the potentials; of one power",
        help: "",
        args: &[arg(
            "topic",
            "potentials, or one of them (all of GIPF if left out)",
            ArgKind::Choice(Choices::Topics),
        )],
        slash: true,
        place: 310,
        in_direct_messages: true,
        parse: parse_rules,
        fill: |given| given.read("topic", parse_rules),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "help",
        summary: "How to play with this bot",
        help: "",
        args: &[],
        slash: true,
        place: 320,
        in_direct_messages: true,
        parse: parse_help,
        fill: |_| Ok(InfoCommand::Help.into()),
        ..Syntax::DEFAULT
    },
];

/// `help`, or `help push` (`help !push`): one command's help. Whatever else follows, the
/// asker wants help: the whole list.
fn parse_help(words: &Words) -> Result<Command, CommandError> {
    let asked = match words.args[..] {
        [word] => word.trim_start_matches(|c: char| !c.is_alphanumeric()),
        _ => return Ok(InfoCommand::Help.into()),
    };
    Ok(match Syntax::of(&asked.to_lowercase()) {
        Some(syntax) if !syntax.help.is_empty() => InfoCommand::HelpOn(syntax.word),
        _ => InfoCommand::Help,
    }
    .into())
}

/// `rules`, `rules potentials`, `rules zertz`...
fn parse_rules(words: &Words) -> Result<Command, CommandError> {
    let topic = match words.args[..] {
        [] => return Ok(InfoCommand::Rules.into()),
        ["potentials" | "potential" | "ultimate"] => None,
        [word] => Some(word.parse::<Potential>().map_err(|_| {
            error(format!(
                "{}: ask for {}, {} or one power: {}, `zertz`, `dvonn`, `yinsh`, `punct`",
                words.given(word),
                words.cmd("rules"),
                words.cmd("rules potentials"),
                words.cmd("rules tamsk")
            ))
        })?),
        _ => {
            return Err(error(format!(
                "{} takes one word at most, like {}",
                words.bare("rules"),
                words.bare("rules zertz")
            )));
        }
    };
    Ok(InfoCommand::RulesOf(topic).into())
}
