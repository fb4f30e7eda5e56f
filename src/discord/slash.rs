//! The slash commands: their definitions, their options turned into the equivalent chat line
//! (so they go through the same parser and service as prefix commands), and autocomplete.

use std::collections::HashMap;

use gipf::{Pending, Position, Variant};
use serenity::all::{
    CommandDataOption, CommandDataOptionValue, CommandOptionType, CreateCommand,
    CreateCommandOption,
};

/// Discord shows at most this many autocomplete choices.
pub(crate) const MAX_CHOICES: usize = 25;

/// One option value, as the chat line needs it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Value {
    /// A string option.
    Text(String),
    /// A boolean option.
    Bool(bool),
    /// An integer option.
    Int(i64),
    /// A user option: the user's id.
    User(u64),
}

/// The options a user filled in, by name.
pub(crate) type Options = HashMap<String, Value>;

/// The options of an interaction, in the adapter's terms.
pub(crate) fn options(data: &[CommandDataOption]) -> Options {
    data.iter()
        .filter_map(|option| {
            let value = match &option.value {
                CommandDataOptionValue::String(s) => Value::Text(s.clone()),
                CommandDataOptionValue::Autocomplete { value, .. } => Value::Text(value.clone()),
                CommandDataOptionValue::Boolean(b) => Value::Bool(*b),
                CommandDataOptionValue::Integer(i) => Value::Int(*i),
                CommandDataOptionValue::User(id) => Value::User(id.get()),
                _ => return None,
            };
            Some((option.name.clone(), value))
        })
        .collect()
}

fn text<'a>(options: &'a Options, name: &str) -> Option<&'a str> {
    match options.get(name) {
        Some(Value::Text(s)) => Some(s.trim()).filter(|s| !s.is_empty()),
        _ => None,
    }
}

fn required<'a>(options: &'a Options, name: &str) -> Result<&'a str, String> {
    text(options, name).ok_or_else(|| format!("fill in `{name}`"))
}

/// The chat line (with `prefix`) that slash command `name` with `options` stands for.
///
/// ```text
/// /push entry:b1-c2 gipf:true answers:"row 1"  →  !gipf b1-c2 row 1
/// ```
pub(crate) fn chat_line(name: &str, options: &Options, prefix: &str) -> Result<String, String> {
    let words: Vec<String> = match name {
        "push" => {
            let gipf = matches!(options.get("gipf"), Some(Value::Bool(true)));
            let mut words = vec![
                if gipf { "gipf" } else { "push" }.to_string(),
                required(options, "entry")?.to_string(),
            ];
            words.extend(text(options, "answers").map(str::to_string));
            words
        }
        "challenge" => {
            let Some(Value::User(opponent)) = options.get("opponent") else {
                return Err("choose the `opponent`".into());
            };
            let mut words = vec!["challenge".to_string(), format!("<@{opponent}>")];
            for option in ["variant", "color", "extra"] {
                words.extend(text(options, option).map(str::to_string));
            }
            words
        }
        "move" => vec!["move".into(), required(options, "notation")?.to_string()],
        "row" => match options.get("number") {
            Some(Value::Int(n)) => vec!["row".into(), n.to_string()],
            _ => return Err("choose the row `number`".into()),
        },
        "take" | "keep" => vec![name.to_string(), required(options, "spots")?.to_string()],
        "board" => {
            let mut words = vec!["board".to_string()];
            words.extend(text(options, "side").map(str::to_string));
            words
        }
        "accept" | "decline" | "cancel" | "history" | "resign" | "games" | "rules" | "help" => {
            vec![name.to_string()]
        }
        other => return Err(format!("I don't know the command `/{other}`")),
    };
    Ok(format!("{prefix}{}", words.join(" ")))
}

/// One autocomplete choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Choice {
    /// A string choice: what is shown, and the value.
    Text(String, String),
    /// An integer choice: what is shown, and the value.
    Int(String, i64),
}

/// Discord's limit on the name and the value of an autocomplete choice.
const MAX_CHOICE_CHARS: usize = 100;

/// The autocomplete choices for option `option` of command `command`, given what was typed
/// and the channel's position (if a game is on).
pub(crate) fn suggestions(
    command: &str,
    option: &str,
    typed: &str,
    position: Option<&Position>,
) -> Vec<Choice> {
    let Some(position) = position else {
        return Vec::new();
    };
    let typed = typed.trim().to_lowercase();
    match (command, option, position.pending()) {
        ("push", "entry", Pending::Push) => {
            let typed = typed.replace(' ', "-");
            position
                .legal_entries()
                .map(|e| e.to_string())
                .filter(|e| e.starts_with(&typed))
                .take(MAX_CHOICES)
                .map(|e| Choice::Text(e.clone(), e))
                .collect()
        }
        ("row", "number", Pending::ChooseRow { rows }) => rows
            .iter()
            .enumerate()
            .map(|(i, row)| Choice::Int(format!("{}: {row}", i + 1), i as i64 + 1))
            .take(MAX_CHOICES)
            .collect(),
        ("take" | "keep", "spots", Pending::TakeGipf { gipf, .. }) => {
            // Complete the last word; keep the spots already chosen.
            let (done, last) = match typed.rsplit_once(' ') {
                Some((done, last)) => (format!("{} ", done.trim()), last),
                None => (String::new(), typed.as_str()),
            };
            let mut choices: Vec<Choice> = Vec::new();
            if done.is_empty() && "all".starts_with(last) {
                choices.push(Choice::Text("all".into(), "all".into()));
            }
            for spot in gipf.iter().map(|p| p.to_string()) {
                // Discord refuses the whole answer if one choice is over 100 characters.
                let fits = done.len() + spot.len() <= MAX_CHOICE_CHARS;
                if fits && spot.starts_with(last) && !done.split_whitespace().any(|d| d == spot) {
                    let value = format!("{done}{spot}");
                    choices.push(Choice::Text(value.clone(), value));
                }
            }
            choices.truncate(MAX_CHOICES);
            choices
        }
        _ => Vec::new(),
    }
}

fn option(
    kind: CommandOptionType,
    name: &str,
    description: &str,
    required: bool,
) -> CreateCommandOption {
    CreateCommandOption::new(kind, name, description).required(required)
}

fn simple(name: &str, description: &str) -> CreateCommand {
    CreateCommand::new(name).description(description)
}

/// The slash commands, as registered with Discord.
pub(crate) fn definitions() -> Vec<CreateCommand> {
    let variants = [Variant::BASIC, Variant::Standard, Variant::Tournament];
    let mut variant = option(
        CommandOptionType::String,
        "variant",
        "Which game (standard if left out)",
        false,
    );
    for v in variants {
        variant = variant.add_string_choice(v.name(), v.name());
    }
    let color = option(
        CommandOptionType::String,
        "color",
        "Your colour (random if left out)",
        false,
    )
    .add_string_choice("white", "white")
    .add_string_choice("black", "black")
    .add_string_choice("random", "random");
    let side = option(
        CommandOptionType::String,
        "side",
        "The side to see the board from",
        false,
    )
    .add_string_choice("white", "white")
    .add_string_choice("black", "black");
    let gipf_spots = || {
        option(
            CommandOptionType::String,
            "spots",
            "Their spots, like e5 f4, or all",
            true,
        )
        .set_autocomplete(true)
    };
    vec![
        simple("push", "Push a piece in: the dot and the first spot")
            .add_option(
                option(
                    CommandOptionType::String,
                    "entry",
                    "Dot and first spot, like b1-c2",
                    true,
                )
                .set_autocomplete(true),
            )
            .add_option(option(
                CommandOptionType::Boolean,
                "gipf",
                "Push a GIPF-piece (two stacked pieces)",
                false,
            ))
            .add_option(option(
                CommandOptionType::String,
                "answers",
                "Answers to the decisions the push raises, like `row 1` or `take all`",
                false,
            )),
        simple("challenge", "Challenge someone to a game in this channel")
            .add_option(option(
                CommandOptionType::User,
                "opponent",
                "Whom to challenge",
                true,
            ))
            .add_option(variant)
            .add_option(color)
            .add_option(option(
                CommandOptionType::String,
                "extra",
                "Basic game only: extra pieces, like +2 or +0/+3",
                false,
            )),
        simple("accept", "Accept the challenge in this channel"),
        simple("decline", "Decline the challenge in this channel"),
        simple("cancel", "Withdraw your challenge"),
        simple("move", "Play a whole turn in the official notation").add_option(option(
            CommandOptionType::String,
            "notation",
            "Like b6-f5 or xe7,e8;c7-e7",
            true,
        )),
        simple("row", "Choose which row to remove first").add_option(
            option(
                CommandOptionType::Integer,
                "number",
                "The row's number",
                true,
            )
            .min_int_value(1)
            .set_autocomplete(true),
        ),
        simple("take", "Take these GIPF-pieces of the row being removed").add_option(gipf_spots()),
        simple("keep", "Keep these GIPF-pieces of the row being removed").add_option(gipf_spots()),
        simple("board", "Show the board").add_option(side),
        simple("history", "The game record, as a .gipf file"),
        simple("resign", "Resign the game"),
        simple("games", "The games in progress in this server"),
        simple("rules", "The rules of GIPF, short"),
        simple("help", "How to play with this bot"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(pairs: &[(&str, Value)]) -> Options {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect()
    }

    #[test]
    fn slash_commands_become_chat_lines() {
        let push = opts(&[
            ("entry", Value::Text("b1-c2".into())),
            ("gipf", Value::Bool(true)),
            ("answers", Value::Text("row 1".into())),
        ]);
        assert_eq!(
            chat_line("push", &push, "!"),
            Ok("!gipf b1-c2 row 1".into())
        );
        let challenge = opts(&[
            ("opponent", Value::User(42)),
            ("variant", Value::Text("basic".into())),
            ("extra", Value::Text("+2".into())),
        ]);
        assert_eq!(
            chat_line("challenge", &challenge, "?"),
            Ok("?challenge <@42> basic +2".into())
        );
        assert_eq!(
            chat_line("row", &opts(&[("number", Value::Int(2))]), "!"),
            Ok("!row 2".into())
        );
        assert_eq!(
            chat_line("resign", &Options::new(), "!"),
            Ok("!resign".into())
        );
        assert!(chat_line("push", &Options::new(), "!").is_err());
    }

    #[test]
    fn entries_are_suggested_from_the_position() {
        let start = Position::new(Variant::Standard);
        let all = suggestions("push", "entry", "", Some(&start));
        assert_eq!(all.len(), MAX_CHOICES.min(start.legal_entries().count()));
        let b1 = suggestions("push", "entry", "B1 ", Some(&start));
        assert!(!b1.is_empty());
        assert!(
            b1.iter()
                .all(|c| matches!(c, Choice::Text(_, v) if v.starts_with("b1-")))
        );
        assert!(suggestions("row", "number", "", Some(&start)).is_empty());
        assert!(suggestions("push", "entry", "", None).is_empty());
    }

    #[test]
    fn every_definition_has_a_chat_line() {
        for command in definitions() {
            let json = serde_json::to_value(&command).unwrap_or_default();
            let name = json["name"].as_str().unwrap_or_default().to_string();
            assert!(
                !matches!(chat_line(&name, &Options::new(), "!"), Err(e) if e.contains("don't know")),
                "{name}"
            );
        }
    }
}
