//! The slash path: options fill their command directly, refused in the words the chat
//! line they stand for is refused in; their bounds and choices come from the rows and the
//! enums.

use gipf::potentials::Potential;
use gipf_ai::Level;

use super::tests::{err, ok, slash_err};
use super::*;
use crate::model::{BoardSide, ColorChoice, TimeControl};

/// Slash options by name.
pub(super) fn slash_options(pairs: &[(&str, ArgValue)]) -> SlashOptions {
    pairs
        .iter()
        .map(|(name, value)| (name.to_string(), value.clone()))
        .collect()
}

/// The refusal of slash command `name` with `options`, filled from them.
fn filled_err(name: &str, options: &[(&str, ArgValue)]) -> String {
    from_options(name, &slash_options(options), &Phrasing::slash("!"))
        .unwrap_err()
        .to_string()
}

fn text(value: &str) -> ArgValue {
    ArgValue::Text(value.into())
}

const BOB: ArgValue = ArgValue::User(UserId(42));

/// A slash command, its options, and the chat line it stands for.
type Case<'a> = (&'a str, &'a [(&'a str, ArgValue)], &'a str);

#[test]
fn slash_options_are_refused_in_the_words_of_their_chat_line() {
    use ArgValue::{Flag, Number};
    let cases: &[Case] = &[
        ("push", &[("entry", text("zz9"))], "!push zz9"),
        (
            "push",
            &[("entry", text("b1-c2")), ("answers", text("jump"))],
            "!push b1-c2 jump",
        ),
        (
            "challenge",
            &[("opponent", BOB), ("extra", text("zz"))],
            "!challenge <@42> zz",
        ),
        (
            "challenge",
            &[("opponent", BOB), ("autoforfeit", Flag(true))],
            "!challenge autoforfeit <@42>",
        ),
        (
            "challenge",
            &[
                ("opponent", BOB),
                ("variant", text("basic")),
                ("extra", text("+9")),
            ],
            "!challenge <@42> basic +9",
        ),
        (
            "challenge",
            &[
                ("opponent", BOB),
                ("variant", text("standard")),
                ("extra", text("+2")),
            ],
            "!challenge <@42> standard +2",
        ),
        (
            "challenge",
            &[
                ("opponent", BOB),
                ("variant", text("ultimate")),
                ("extra", text("+2")),
            ],
            "!challenge <@42> ultimate +2",
        ),
        (
            "challenge",
            &[("opponent", BOB), ("potentials", text("Z2"))],
            "!challenge <@42> potentials=Z2",
        ),
        (
            "challenge",
            &[("opponent", BOB), ("days", Number(20))],
            "!challenge <@42> days=20",
        ),
        (
            "settings",
            &[("abandon", Number(5000))],
            "!settings abandon=5000",
        ),
        ("settings", &[("days", Number(20))], "!settings days=20"),
        (
            "settings",
            &[("puzzle_hour", Number(24))],
            "!settings puzzle_hour=24",
        ),
        ("settings", &[("side", text("blue"))], "!settings side=blue"),
        (
            "settings",
            &[("threads", text("maybe"))],
            "!settings threads=maybe",
        ),
        (
            "zertz",
            &[("from", text("c3")), ("to", text("zz"))],
            "!zertz c3 zz",
        ),
        ("take", &[("spots", text("zz"))], "!take zz"),
        ("tamsk", &[("entry", text("e5"))], "!tamsk e5"),
        ("row", &[("number", Number(0))], "!row 0"),
        ("history", &[("game", Number(0))], "!history 0"),
        ("games", &[("page", Number(0))], "!games page=0"),
        ("board", &[("side", text("blue"))], "!board blue"),
        (
            "board",
            &[
                ("side", text("mine")),
                ("always", Flag(true)),
                ("coords", Flag(true)),
            ],
            "!board side mine coords",
        ),
        ("takeback", &[("answer", text("maybe"))], "!takeback maybe"),
        ("notify", &[("dm", text("maybe"))], "!notify maybe"),
        ("move", &[("notation", text("zz"))], "!move zz"),
    ];
    let differ: Vec<(String, String)> = (cases.iter())
        .map(|(name, options, line)| (filled_err(name, options), slash_err(line)))
        .filter(|(filled, typed)| filled != typed)
        .collect();
    assert!(differ.is_empty(), "{differ:#?}");
    // A word no choice offers (Discord sends none) is quoted with its option's name, where
    // the chat line's reading of the slash words could not place it.
    assert!(
        filled_err("rules", &[("topic", text("chess"))]).starts_with("`topic:chess`: ask for"),
        "{}",
        slash_err("!rules chess")
    );
}

#[test]
fn slash_options_fill_the_command_their_chat_line_names() {
    let filled = |name: &str, options: &[(&str, ArgValue)]| {
        from_options(name, &slash_options(options), &Phrasing::slash("!")).unwrap()
    };
    assert_eq!(
        filled(
            "push",
            &[
                ("entry", text("b1-c2")),
                ("piece", text("zertz")),
                ("answers", text("take e5 confirm"))
            ]
        ),
        ok("!push b1-c2 zertz take e5 confirm")
    );
    assert_eq!(
        filled(
            "take",
            &[("spots", text("e5")), ("confirm", ArgValue::Flag(true))]
        ),
        ok("!take e5 confirm")
    );
    assert_eq!(
        filled("zertz", &[("from", text("c3")), ("to", text("c6"))]),
        ok("!zertz c3 c6")
    );
    assert_eq!(
        filled("move", &[("notation", text("Gd8-f7"))]),
        ok("!move Gd8-f7")
    );
    assert_eq!(
        filled("solve", &[("turn", text("a5-f4;xGf4*"))]),
        ok("!solve a5-f4;xGf4*")
    );
    assert_eq!(
        filled(
            "seek",
            &[
                ("variant", text("basic")),
                ("extra", text("+1/+2")),
                ("days", ArgValue::Number(3))
            ]
        ),
        ok("!seek basic +1/+2 days=3")
    );
    assert_eq!(
        filled(
            "games",
            &[
                ("player", BOB),
                ("which", text("all")),
                ("page", ArgValue::Number(2))
            ]
        ),
        ok("!games <@42> all page=2")
    );
    assert_eq!(
        filled(
            "settings",
            &[("days", ArgValue::Number(0)), ("threads", text("on"))]
        ),
        ok("!settings days=none threads=on")
    );
    assert_eq!(
        filled("learn", &[("lesson", ArgValue::Number(3))]),
        ok("!learn 3")
    );
    assert_eq!(
        filled(
            "browse",
            &[
                ("game", ArgValue::Number(12)),
                ("turn", ArgValue::Number(7))
            ]
        ),
        ok("!browse 12 turn=7")
    );
}

#[test]
fn a_slash_option_is_read_whole_not_rebuilt_into_a_chat_line() {
    // `potentials:W:Z3 B:D3` is one option: a chat line would split it at the space.
    let options = [("opponent", BOB), ("potentials", text("W:Z3 B:D3"))];
    let filled = from_options("challenge", &slash_options(&options), &Phrasing::slash("!"));
    let Ok(Command::Challenge(ChallengeCommand::Challenge { potentials, .. })) = filled else {
        panic!("{filled:?}")
    };
    assert_eq!(
        potentials.and_then(|p| p.header()),
        Some("W:Z3 B:D3".to_string())
    );
    assert!(err("!challenge <@42> potentials=W:Z3 B:D3").contains("did not understand"));
    // Its prefix is no part of it: the same options fill the same command after any prefix.
    let push = slash_options(&[("entry", text("b1-c2"))]);
    assert_eq!(
        from_options("push", &push, &Phrasing::slash("?")),
        from_options("push", &push, &Phrasing::slash("gipf!"))
    );
    // An overlong text is bounded as a typed one is.
    let long = slash_options(&[("entry", text(&"a".repeat(600)))]);
    let refused = from_options("push", &long, &Phrasing::slash("!")).unwrap_err();
    assert!(refused.to_string().contains("at most 500"), "{refused}");
}

#[test]
fn a_slash_option_out_of_its_bounds_is_refused_as_typed() {
    let bounds = |word: &str, name: &str| {
        let row = Syntax::of(word).unwrap();
        row.args.iter().find(|arg| arg.name == name).unwrap().kind
    };
    let max_days = u64::from(TimeControl::MAX_DAYS);
    assert_eq!(
        bounds("settings", "abandon"),
        ArgKind::Number {
            min: 1,
            max: Some(3650)
        }
    );
    assert_eq!(
        bounds("settings", "puzzle_hour"),
        ArgKind::Number {
            min: 0,
            max: Some(23)
        }
    );
    assert_eq!(
        bounds("settings", "days"),
        ArgKind::Number {
            min: 0,
            max: Some(max_days)
        }
    );
    assert_eq!(
        bounds("challenge", "days"),
        ArgKind::Number {
            min: 1,
            max: Some(max_days)
        }
    );
    // Past its bounds (Discord keeps them; a forged answer may not), the value is refused
    // by the check the chat line goes through, in slash words.
    assert_eq!(
        filled_err("settings", &[("abandon", ArgValue::Number(3651))]),
        "`abandon:3651`: games are abandoned after 1 to 3650 days"
    );
    assert_eq!(
        filled_err(
            "challenge",
            &[("opponent", BOB), ("days", ArgValue::Number(15))]
        ),
        "`days:15`: the time per move is 1 to 14 days, like `days:3`"
    );
    assert_eq!(
        filled_err("browse", &[("turn", ArgValue::Number(-1))]),
        "`turn:-1` is not a number of turns: write `/browse game:12 turn:7`"
    );
}

#[test]
fn choice_lists_are_their_enums() {
    let choices = |word: &str, name: &str| {
        let row = Syntax::of(word).unwrap();
        match row.args.iter().find(|arg| arg.name == name).unwrap().kind {
            ArgKind::Choice(choices) => choices.words(),
            other => panic!("{other:?}"),
        }
    };
    let names = |all: &[&'static str]| all.to_vec();
    assert_eq!(
        choices("challenge", "level"),
        names(&Level::ALL.map(Level::name))
    );
    assert_eq!(
        choices("challenge", "color"),
        names(&ColorChoice::ALL.map(ColorChoice::name))
    );
    let kinds = Potential::ALL.map(potential_word);
    assert_eq!(choices("push", "piece")[..5], kinds);
    assert_eq!(choices("rules", "topic")[1..], kinds);
    assert_eq!(
        choices("leaderboard", "game"),
        names(&crate::model::GameKind::ALL.map(crate::model::GameKind::name))
    );
    assert_eq!(
        choices("board", "side"),
        names(&BoardSide::ALL.map(BoardSide::name))
    );
    assert_eq!(
        choices("games", "which"),
        names(&crate::model::GameScope::ALL.map(crate::model::GameScope::word))
    );
    assert_eq!(
        choices("settings", "side"),
        names(&gipf::Color::ALL.map(gipf::Color::name))
    );
    // Every word offered is one its parser takes.
    for syntax in SYNTAX.iter().filter(|syntax| syntax.slash) {
        for arg in syntax.args {
            let ArgKind::Choice(choices) = arg.kind else {
                continue;
            };
            for word in choices.words() {
                let options = slash_options(&[(arg.name, text(word))]);
                let filled = from_options(syntax.word, &options, &Phrasing::slash("!"));
                let refused = filled.as_ref().err().map(ToString::to_string);
                assert!(
                    refused.as_ref().is_none_or(|e| e.starts_with("fill in")),
                    "{} {}:{word}: {refused:?}",
                    syntax.word,
                    arg.name
                );
            }
        }
    }
}
