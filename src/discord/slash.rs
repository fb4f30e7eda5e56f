//! The slash commands, built from the parser's [`SYNTAX`]: their definitions (bounds and
//! choices from the rows), their options read as typed values (which fill the command
//! directly: see [`crate::command::from_options`]), and autocomplete from the channel's game.

use serenity::all::{
    ChannelType, CommandDataOption, CommandDataOptionValue, CommandOptionType, CreateCommand,
    CreateCommandOption,
};

use crate::command::{
    Arg, ArgKind, ArgValue, Completion, SYNTAX, SlashOptions, Subcommand, Syntax,
};
use crate::model::{ChannelId, UserId};

/// Discord shows at most this many autocomplete choices.
pub(crate) const MAX_CHOICES: usize = 25;

/// Discord's limit on the name and the value of an autocomplete choice.
const MAX_CHOICE_CHARS: usize = 100;

/// The options of an interaction, as argument values: a subcommand's (`/tournament join`)
/// with its name.
pub(crate) fn options(data: &[CommandDataOption]) -> SlashOptions {
    match data {
        [
            CommandDataOption {
                name,
                value: CommandDataOptionValue::SubCommand(inner),
                ..
            },
        ] => values(inner).of_subcommand(name),
        _ => values(data),
    }
}

/// The values of options `data`, by name.
fn values(data: &[CommandDataOption]) -> SlashOptions {
    data.iter()
        .filter_map(|option| {
            let value = match &option.value {
                CommandDataOptionValue::String(s) => ArgValue::Text(s.clone()),
                CommandDataOptionValue::Autocomplete { value, .. } => ArgValue::Text(value.clone()),
                CommandDataOptionValue::Boolean(b) => ArgValue::Flag(*b),
                CommandDataOptionValue::Integer(i) => ArgValue::Number(*i),
                CommandDataOptionValue::User(id) => ArgValue::User(UserId(id.get())),
                CommandDataOptionValue::Channel(id) => ArgValue::Channel(ChannelId(id.get())),
                _ => return None,
            };
            Some((option.name.clone(), value))
        })
        .collect()
}

/// One autocomplete choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Choice {
    /// A string choice: what is shown, and the value.
    Text(String, String),
    /// An integer choice: what is shown, and the value.
    Int(String, i64),
}

/// The autocomplete choices for option `option` of command `command`, given what was typed,
/// the channel's game (if one is on, with or without potentials) and the `from` option
/// already filled in.
pub(crate) fn suggestions(
    command: &str,
    option: &str,
    typed: &str,
    game: Option<&gipf::potentials::Game>,
    from: Option<&str>,
) -> Vec<Choice> {
    let completion = Syntax::of_slash(command)
        .and_then(|syntax| syntax.args.iter().find(|arg| arg.name == option))
        .and_then(|arg| arg.completion);
    let (Some(completion), Some(game)) = (completion, game) else {
        return Vec::new();
    };
    let typed = typed.trim().to_lowercase();
    let mut choices = game_suggestions(command, completion, &typed, game, from);
    choices.truncate(MAX_CHOICES);
    choices
}

/// Entries of a push or an extra push, the loaded pieces of the command's kind and their
/// targets, rows, and the optional pieces of a row (a game without potentials has only
/// GIPF-pieces there).
fn game_suggestions(
    command: &str,
    completion: Completion,
    typed: &str,
    game: &gipf::potentials::Game,
    from: Option<&str>,
) -> Vec<Choice> {
    use gipf::potentials::{Pending as P, Potential};
    let texts = |values: Vec<String>| {
        values
            .into_iter()
            .filter(|v| v.starts_with(typed))
            .map(|v| Choice::Text(v.clone(), v))
            .collect()
    };
    let kind = command.parse::<Potential>().ok();
    let moves = game.potential_moves();
    match (completion, game.pending()) {
        (Completion::Entry, P::Action | P::Tamsk) => {
            let typed = typed.replace(' ', "-");
            game.open_entries()
                .map(|e| e.to_string())
                .filter(|e| e.starts_with(&typed))
                .map(|e| Choice::Text(e.clone(), e))
                .collect()
        }
        (Completion::PotentialFrom, P::Action) => {
            let mut froms: Vec<String> = moves
                .iter()
                .filter(|m| Some(m.0) == kind)
                .map(|m| m.1.to_string())
                .collect();
            froms.dedup();
            texts(froms)
        }
        (Completion::PotentialTo, P::Action) => {
            let from = from.map(str::trim).unwrap_or_default().to_lowercase();
            texts(
                moves
                    .iter()
                    .filter(|m| Some(m.0) == kind && (from.is_empty() || m.1.to_string() == from))
                    .map(|m| m.2.to_string())
                    .collect(),
            )
        }
        (Completion::Row, P::ChooseRow { rows }) => (1..)
            .zip(rows.iter())
            .map(|(n, row)| Choice::Int(format!("{n}: {row}"), n))
            .collect(),
        (Completion::GipfSpots, P::Remove { optional, .. }) => {
            let spots: Vec<String> = optional.iter().map(|p| p.to_string()).collect();
            spot_choices(typed, &spots)
        }
        _ => Vec::new(),
    }
}

/// Completes the last of the spots typed, keeping the ones already chosen.
fn spot_choices(typed: &str, spots: &[String]) -> Vec<Choice> {
    let (done, last) = match typed.rsplit_once(' ') {
        Some((done, last)) => (format!("{} ", done.trim()), last),
        None => (String::new(), typed),
    };
    let mut choices: Vec<Choice> = Vec::new();
    if done.is_empty() && "all".starts_with(last) {
        choices.push(Choice::Text("all".into(), "all".into()));
    }
    for spot in spots {
        // Discord refuses the whole answer if one choice is over 100 characters.
        let fits = done.len() + spot.len() <= MAX_CHOICE_CHARS;
        if fits && spot.starts_with(last) && !done.split_whitespace().any(|d| d == spot) {
            let value = format!("{done}{spot}");
            choices.push(Choice::Text(value.clone(), value));
        }
    }
    choices
}

/// A slash command option for an argument.
fn option_of(arg: &Arg) -> CreateCommandOption {
    let kind = match arg.kind {
        ArgKind::Text | ArgKind::Choice(_) => CommandOptionType::String,
        ArgKind::Flag(_) => CommandOptionType::Boolean,
        ArgKind::Number { .. } => CommandOptionType::Integer,
        ArgKind::User => CommandOptionType::User,
        ArgKind::Channel => CommandOptionType::Channel,
    };
    let mut option = CreateCommandOption::new(kind, arg.name, arg.description)
        .required(arg.required)
        .set_autocomplete(arg.completion.is_some());
    match arg.kind {
        ArgKind::Choice(choices) => {
            for word in choices.words() {
                option = option.add_string_choice(word, word);
            }
        }
        ArgKind::Number { min, max } => {
            option = option.min_int_value(min);
            if let Some(max) = max {
                option = option.max_int_value(max);
            }
        }
        // Where members read what the bot posts: no voice channel, category or thread.
        ArgKind::Channel => {
            option = option.channel_types(vec![ChannelType::Text, ChannelType::News]);
        }
        _ => {}
    }
    option
}

/// A slash command's subcommand, with its options.
fn subcommand(sub: &Subcommand) -> CreateCommandOption {
    let option = CreateCommandOption::new(CommandOptionType::SubCommand, sub.word, sub.summary);
    (sub.args.iter())
        .map(option_of)
        .fold(option, CreateCommandOption::add_sub_option)
}

/// The slash commands, as registered with Discord: their options, or their subcommands.
pub(crate) fn definitions() -> Vec<CreateCommand> {
    SYNTAX
        .iter()
        .filter(|syntax| syntax.slash)
        .map(|syntax| {
            let command = CreateCommand::new(syntax.word).description(syntax.summary);
            let options = syntax.args.iter().map(option_of);
            let subcommands = syntax.subcommands.iter().map(subcommand);
            options
                .chain(subcommands)
                .fold(command, CreateCommand::add_option)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use gipf::Variant;

    use crate::command::{Command, Phrasing, from_options};

    fn opts(pairs: &[(&str, ArgValue)]) -> SlashOptions {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.clone()))
            .collect()
    }

    /// Slash command `name` with `options`, filled as the adapter fills it.
    fn fill(name: &str, options: &SlashOptions) -> Result<Command, String> {
        from_options(name, options, &Phrasing::slash("!")).map_err(|e| e.to_string())
    }

    fn chat(line: &str) -> Result<Command, String> {
        line.parse::<Command>().map_err(|e| e.to_string())
    }

    #[test]
    fn slash_options_fill_the_commands_their_chat_lines_name() {
        let push = opts(&[
            ("entry", ArgValue::Text("b1-c2".into())),
            ("gipf", ArgValue::Flag(true)),
            ("answers", ArgValue::Text("row 1".into())),
        ]);
        assert_eq!(fill("push", &push), chat("push g b1-c2 row 1"));
        let challenge = opts(&[
            ("opponent", ArgValue::User(UserId(42))),
            ("variant", ArgValue::Text("basic".into())),
            ("extra", ArgValue::Text("+2".into())),
        ]);
        assert_eq!(
            fill("challenge", &challenge),
            chat("challenge <@42> basic +2")
        );
        let row = opts(&[("number", ArgValue::Number(2))]);
        assert_eq!(fill("row", &row), chat("row 2"));
        let daily = opts(&[
            ("puzzles", ArgValue::Channel(ChannelId(5))),
            ("puzzle_hour", ArgValue::Number(18)),
        ]);
        assert_eq!(
            fill("settings", &daily),
            chat("settings puzzles=<#5> puzzle_hour=18")
        );
        let off = opts(&[("no_puzzles", ArgValue::Flag(true))]);
        assert_eq!(fill("settings", &off), chat("settings puzzles=off"));
        assert_eq!(fill("resign", &SlashOptions::default()), chat("resign"));
        assert_eq!(
            fill("push", &SlashOptions::default()),
            Err("fill in `entry`".into())
        );
        assert_eq!(
            fill("gipf", &SlashOptions::default()),
            Err("I don't know the command `/gipf`".into()),
            "not a slash command"
        );
    }

    #[test]
    fn definitions_carry_the_rows_bounds_and_choices() {
        let definitions: Vec<serde_json::Value> = definitions()
            .iter()
            .map(|command| serde_json::to_value(command).unwrap_or_default())
            .collect();
        let option = |command: &str, name: &str| {
            let command = definitions.iter().find(|c| c["name"] == command);
            let options = command.and_then(|c| c["options"].as_array()).cloned();
            options
                .unwrap_or_default()
                .into_iter()
                .find(|o| o["name"] == name)
                .unwrap_or_default()
        };
        let bounds = |command: &str, name: &str| {
            let option = option(command, name);
            (option["min_value"].as_u64(), option["max_value"].as_u64())
        };
        assert_eq!(bounds("settings", "abandon"), (Some(1), Some(3650)));
        assert_eq!(bounds("settings", "puzzle_hour"), (Some(0), Some(23)));
        assert_eq!(bounds("settings", "days"), (Some(0), Some(14)));
        assert_eq!(bounds("challenge", "days"), (Some(1), Some(14)));
        assert_eq!(bounds("row", "number"), (Some(1), None));
        let choices = |command: &str, name: &str| -> Vec<String> {
            let option = option(command, name);
            let choices = option["choices"].as_array().cloned().unwrap_or_default();
            choices
                .iter()
                .filter_map(|c| c["value"].as_str().map(str::to_string))
                .collect()
        };
        let levels: Vec<String> = gipf_ai::Level::ALL.map(|l| l.to_string()).to_vec();
        assert_eq!(choices("challenge", "level"), levels);
        let colors = crate::model::ColorChoice::ALL
            .map(|c| c.to_string())
            .to_vec();
        assert_eq!(choices("challenge", "color"), colors);
        let topics = choices("rules", "topic");
        let kinds = gipf::potentials::Potential::ALL.map(crate::command::potential_word);
        assert_eq!(topics[1..], kinds);
    }

    #[test]
    fn entries_are_suggested_from_the_position() {
        use gipf::potentials::{Game, Options};
        let start = Game::new(Options::plain(Variant::Standard));
        let legal = gipf::Position::new(Variant::Standard)
            .legal_entries()
            .count();
        let all = suggestions("push", "entry", "", Some(&start), None);
        assert_eq!(all.len(), MAX_CHOICES.min(legal));
        let b1 = suggestions("push", "entry", "B1 ", Some(&start), None);
        assert!(!b1.is_empty());
        assert!(
            b1.iter()
                .all(|c| matches!(c, Choice::Text(_, v) if v.starts_with("b1-")))
        );
        assert!(suggestions("row", "number", "", Some(&start), None).is_empty());
        assert!(suggestions("push", "entry", "", None, None).is_empty());
        assert!(suggestions("push", "answers", "", Some(&start), None).is_empty());
    }

    #[test]
    fn potential_moves_are_suggested_from_the_game() {
        use gipf::potentials::{Game, Options, Setup};
        let mut setup = Setup::new(Options::parse("basic", Some("Z3,Y3")).unwrap());
        setup.place_all("c3:wZ c4:b d2:wY").unwrap();
        let game = Game::from_setup(&setup);
        let values = |choices: Vec<Choice>| -> Vec<String> {
            choices
                .into_iter()
                .map(|c| match c {
                    Choice::Text(_, v) => v,
                    Choice::Int(_, n) => n.to_string(),
                })
                .collect()
        };
        let from = suggestions("zertz", "from", "", Some(&game), None);
        assert_eq!(values(from), ["c3"]);
        let to = suggestions("zertz", "to", "", Some(&game), Some("c3"));
        assert_eq!(values(to), ["c5"]);
        let yinsh = suggestions("yinsh", "to", "d", Some(&game), Some("d2"));
        assert!(values(yinsh).iter().all(|v| v.starts_with('d')));
    }

    /// Options `options` (as registered) with each required one filled as a user would.
    fn required_filled(options: &[serde_json::Value]) -> SlashOptions {
        options
            .iter()
            .filter(|o| o["required"] == true)
            .map(|o| {
                let choice = o["choices"][0]["value"].as_str();
                let value = match o["type"].as_u64() {
                    // A Swiss event needs its rounds too: a round robin needs nothing more.
                    _ if o["name"] == "format" => ArgValue::Text("roundrobin".into()),
                    _ if choice.is_some() => ArgValue::Text(choice.unwrap_or_default().into()),
                    Some(6) => ArgValue::User(UserId(42)),
                    Some(4) => ArgValue::Number(1),
                    _ if o["name"] == "entry" => ArgValue::Text("b1-c2".into()),
                    _ if o["name"] == "notation" => ArgValue::Text("c2".into()),
                    _ if o["name"] == "from" => ArgValue::Text("c3".into()),
                    _ if o["name"] == "to" => ArgValue::Text("c6".into()),
                    _ if o["name"] == "turn" => ArgValue::Text("a5-c5".into()),
                    _ if o["name"] == "name" => ArgValue::Text("Winter Cup".into()),
                    _ => ArgValue::Text("all".into()),
                };
                (o["name"].as_str().unwrap_or_default().to_string(), value)
            })
            .collect()
    }

    /// Asserts `options` (as registered) put the required ones first, as Discord demands.
    fn required_first(name: &str, options: &[serde_json::Value]) {
        let required: Vec<bool> = options.iter().map(|o| o["required"] == true).collect();
        assert!(required.windows(2).all(|w| w[0] || !w[1]), "{name}");
    }

    #[test]
    fn every_definition_is_filled_from_its_required_options() {
        let mut names = Vec::new();
        for command in definitions() {
            let json = serde_json::to_value(&command).unwrap_or_default();
            let name = json["name"].as_str().unwrap_or_default().to_string();
            let options = json["options"].as_array().cloned().unwrap_or_default();
            assert!(json["description"].as_str().is_some_and(|d| d.len() <= 100));
            // A command's subcommands (type 1) are filled each from its own options.
            let (subcommands, options): (Vec<_>, Vec<_>) =
                options.into_iter().partition(|o| o["type"] == 1);
            assert!(subcommands.is_empty() || options.is_empty(), "{name}");
            required_first(&name, &options);
            if subcommands.is_empty() {
                let filled = required_filled(&options);
                assert!(fill(&name, &filled).is_ok(), "{name}: {filled:?}");
            }
            for sub in &subcommands {
                let word = sub["name"].as_str().unwrap_or_default();
                let options = sub["options"].as_array().cloned().unwrap_or_default();
                assert!(sub["description"].as_str().is_some_and(|d| d.len() <= 100));
                assert!(
                    options
                        .iter()
                        .all(|o| o["description"].as_str().is_some_and(|d| d.len() <= 100))
                );
                required_first(word, &options);
                let filled = required_filled(&options).of_subcommand(word);
                assert!(fill(&name, &filled).is_ok(), "{name} {word}: {filled:?}");
            }
            names.push(name);
        }
        assert_eq!(names.len(), 43, "{names:?}");
        assert!(names.iter().any(|n| n == "tournaments"), "{names:?}");
    }

    #[test]
    fn tournament_subcommands_carry_their_bounds_and_choices() {
        let definitions: Vec<serde_json::Value> = definitions()
            .iter()
            .map(|command| serde_json::to_value(command).unwrap_or_default())
            .collect();
        let tournament = definitions.iter().find(|c| c["name"] == "tournament");
        let subs = tournament.and_then(|c| c["options"].as_array()).cloned();
        let subs = subs.unwrap_or_default();
        let words: Vec<&str> = subs.iter().filter_map(|s| s["name"].as_str()).collect();
        let all = [
            "create",
            "join",
            "leave",
            "start",
            "standings",
            "pairings",
            "withdraw",
            "cancel",
        ];
        assert_eq!(words, all);
        assert!(subs.iter().all(|s| s["type"] == 1));
        let option = |sub: &str, name: &str| {
            let sub = subs.iter().find(|s| s["name"] == sub);
            let options = sub.and_then(|s| s["options"].as_array()).cloned();
            let found = options
                .unwrap_or_default()
                .into_iter()
                .find(|o| o["name"] == name);
            found.unwrap_or_default()
        };
        let bounds = |sub: &str, name: &str| {
            let option = option(sub, name);
            (option["min_value"].as_u64(), option["max_value"].as_u64())
        };
        assert_eq!(bounds("create", "rounds"), (Some(1), Some(30)));
        assert_eq!(bounds("create", "days"), (Some(1), Some(14)));
        assert_eq!(bounds("pairings", "round"), (Some(1), None));
        let choices = |sub: &str, name: &str| -> Vec<String> {
            let option = option(sub, name);
            let choices = option["choices"].as_array().cloned().unwrap_or_default();
            (choices.iter())
                .filter_map(|c| c["value"].as_str().map(str::to_string))
                .collect()
        };
        let formats = crate::command::FormatKind::ALL.map(|k| k.word().to_string());
        assert_eq!(choices("create", "format"), formats);
        let levels = gipf_ai::Level::ALL.map(|l| l.to_string());
        assert_eq!(choices("join", "level"), levels);
        // Option types: the member a user, the rated a flag, the name and the game texts.
        let kind = |sub: &str, name: &str| option(sub, name)["type"].as_u64();
        assert_eq!(kind("withdraw", "member"), Some(6));
        assert_eq!(kind("create", "rated"), Some(5));
        assert_eq!(kind("create", "name"), Some(3));
        assert_eq!(kind("create", "game"), Some(3));
        assert_eq!(option("create", "name")["required"], true);
        assert_eq!(option("create", "format")["required"], true);
    }
}
