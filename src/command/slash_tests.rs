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

/// Asserts each slash command with its options is refused as the chat line it stands for
/// is refused in slash words.
fn refused_alike(cases: &[Case]) {
    let differ: Vec<(String, String)> = (cases.iter())
        .map(|(name, options, line)| (filled_err(name, options), slash_err(line)))
        .filter(|(filled, typed)| filled != typed)
        .collect();
    assert!(differ.is_empty(), "{differ:#?}");
}

#[test]
fn a_challenge_by_options_is_refused_as_its_chat_line() {
    // The options of /challenge, read as the chat reads the words of a challenge.
    use ArgValue::{Flag, Number};
    refused_alike(&[
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
    ]);
}

#[test]
fn a_move_by_options_is_refused_as_its_chat_line() {
    // The text options of moves, read by the chat's readers of moves.
    use ArgValue::{Flag, Number};
    refused_alike(&[
        ("push", &[("entry", text("zz9"))], "!push zz9"),
        (
            "push",
            &[("entry", text("b1-c2")), ("answers", text("jump"))],
            "!push b1-c2 jump",
        ),
        (
            "zertz",
            &[("from", text("c3")), ("to", text("zz"))],
            "!zertz c3 zz",
        ),
        ("take", &[("spots", text("zz"))], "!take zz"),
        ("tamsk", &[("entry", text("e5"))], "!tamsk e5"),
        ("row", &[("number", Number(0))], "!row 0"),
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
        ("move", &[("notation", text("zz"))], "!move zz"),
    ]);
}

#[test]
fn settings_and_questions_by_options_are_refused_as_their_chat_lines() {
    // Typed numbers and choices, checked as the chat's keyed words are.
    use ArgValue::Number;
    refused_alike(&[
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
        ("history", &[("game", Number(0))], "!history 0"),
        ("games", &[("page", Number(0))], "!games page=0"),
        ("notify", &[("dm", text("maybe"))], "!notify maybe"),
    ]);
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
    use ArgValue::{Flag, Number};
    let cases: &[Case] = &[
        (
            "push",
            &[
                ("entry", text("b1-c2")),
                ("piece", text("zertz")),
                ("answers", text("take e5 confirm")),
            ],
            "!push b1-c2 zertz take e5 confirm",
        ),
        (
            "take",
            &[("spots", text("e5")), ("confirm", Flag(true))],
            "!take e5 confirm",
        ),
        (
            "zertz",
            &[("from", text("c3")), ("to", text("c6"))],
            "!zertz c3 c6",
        ),
        ("move", &[("notation", text("Gd8-f7"))], "!move Gd8-f7"),
        (
            "solve",
            &[("turn", text("a5-f4;xGf4*"))],
            "!solve a5-f4;xGf4*",
        ),
        (
            "seek",
            &[
                ("variant", text("basic")),
                ("extra", text("+1/+2")),
                ("days", Number(3)),
            ],
            "!seek basic +1/+2 days=3",
        ),
        (
            "games",
            &[("player", BOB), ("which", text("all")), ("page", Number(2))],
            "!games <@42> all page=2",
        ),
        (
            "settings",
            &[("days", Number(0)), ("threads", text("on"))],
            "!settings days=none threads=on",
        ),
        ("learn", &[("lesson", Number(3))], "!learn 3"),
        ("settings", &[("labels", text("on"))], "!settings labels=on"),
        ("labels", &[("labels", text("off"))], "!labels off"),
        ("labels", &[], "!labels"),
        (
            "browse",
            &[("game", Number(12)), ("turn", Number(7))],
            "!browse 12 turn=7",
        ),
    ];
    for (name, options, line) in cases {
        let filled = from_options(name, &slash_options(options), &Phrasing::slash("!"));
        assert_eq!(filled, Ok(ok(line)), "{line}");
    }
}

#[test]
fn a_members_own_hours_and_clocks_by_options_are_their_chat_lines() {
    use ArgValue::{Flag, Number};
    let cases: &[Case] = &[
        (
            "notify",
            &[
                ("digest", text("on")),
                ("at", text("08:00")),
                ("tz", text("Europe/Brussels")),
            ],
            "!notify digest on at 08:00 tz europe/brussels",
        ),
        (
            "notify",
            &[("quiet", text("23:00-07:00")), ("dm", text("on"))],
            "!notify dm on quiet 23:00-07:00",
        ),
        ("notify", &[], "!notify"),
        ("vacation", &[("days", Number(5))], "!vacation 5"),
        ("vacation", &[("off", Flag(true))], "!vacation off"),
        ("givetime", &[], "!givetime"),
    ];
    for (name, options, line) in cases {
        let filled = from_options(name, &slash_options(options), &Phrasing::slash("!"));
        assert_eq!(filled, Ok(ok(line)), "{line}");
    }
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
    let choices = |word: &str, name: &str| match kind_of(word, name) {
        ArgKind::Choice(choices) => choices.words(),
        other => panic!("{other:?}"),
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
    assert_eq!(
        choices("tournament create", "format"),
        names(&FormatKind::ALL.map(FormatKind::word))
    );
    assert_eq!(
        choices("tournament join", "level"),
        names(&Level::ALL.map(Level::name))
    );
    // Every word offered is one its parser takes (its subcommand's, given to the bot 7).
    for syntax in SYNTAX.iter().filter(|syntax| syntax.slash) {
        let subs = syntax
            .subcommands
            .iter()
            .map(|sub| (Some(sub.word), sub.args));
        for (sub, args) in std::iter::once((None, syntax.args)).chain(subs) {
            for (arg, word) in choice_words(args) {
                let options = slash_options(&[(arg.name, text(word))]).given_to(Some(UserId(7)));
                let options = match sub {
                    Some(sub) => options.of_subcommand(sub),
                    None => options,
                };
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

/// Each choice option of `args` with each of its words.
fn choice_words(args: &[Arg]) -> Vec<(&Arg, &'static str)> {
    (args.iter())
        .flat_map(|arg| match arg.kind {
            ArgKind::Choice(choices) => choices.words().into_iter().map(|w| (arg, w)).collect(),
            _ => Vec::new(),
        })
        .collect()
}

/// The kind of option `name` of `/word`, or of `/command sub` for `word` `command sub`.
fn kind_of(word: &str, name: &str) -> ArgKind {
    let args = match word.split_once(' ') {
        Some((command, sub)) => Syntax::of(command).unwrap().subcommand(sub).unwrap().args,
        None => Syntax::of(word).unwrap().args,
    };
    args.iter().find(|arg| arg.name == name).unwrap().kind
}

/// The refusal of `/tournament sub` with options `pairs`.
fn refused(sub: &str, pairs: &[(&str, ArgValue)]) -> String {
    tournament(sub, pairs).unwrap_err().to_string()
}

/// The options of a Swiss event of 5 rounds, with `extra` (which may replace one).
fn swiss(extra: (&'static str, ArgValue)) -> Vec<(&'static str, ArgValue)> {
    vec![
        ("name", text("Cup")),
        ("format", text("swiss")),
        ("rounds", ArgValue::Number(5)),
        extra,
    ]
}

/// Slash options `pairs` of subcommand `sub` of `/tournament`, given to the bot 7.
fn tournament(sub: &str, pairs: &[(&str, ArgValue)]) -> Result<Command, CommandError> {
    let options = slash_options(pairs)
        .of_subcommand(sub)
        .given_to(Some(UserId(7)));
    from_options("tournament", &options, &Phrasing::slash("!"))
}

#[test]
fn tournament_subcommands_fill_the_commands_their_chat_lines_name() {
    use ArgValue::{Flag, Number};
    let winter = [
        ("name", text("Winter Cup")),
        ("format", text("swiss")),
        ("rounds", Number(5)),
        ("game", text("standard")),
        ("days", Number(3)),
        ("rated", Flag(true)),
    ];
    let spring = [
        ("name", text("Spring")),
        ("format", text("roundrobin")),
        ("double", Flag(true)),
        ("game", text("ultimate")),
        ("starts", text("2026-12-01T18:00")),
    ];
    let cases: &[Case] = &[
        (
            "create",
            &winter,
            "!tournament create \"Winter Cup\" swiss rounds=5 standard days=3 rated",
        ),
        (
            "create",
            &spring,
            "!tournament create \"Spring\" roundrobin double ultimate starts=2026-12-01T18:00",
        ),
        (
            "create",
            &[
                ("name", text("Basics")),
                ("format", text("roundrobin")),
                ("game", text("basic +2 days=4")),
            ],
            "!tournament create \"Basics\" roundrobin basic +2 days=4",
        ),
        ("join", &[], "!tournament join"),
        (
            "join",
            &[("level", text("medium"))],
            "!tournament join <@7> medium",
        ),
        ("leave", &[], "!tournament leave"),
        ("start", &[], "!tournament start"),
        ("standings", &[], "!tournament standings"),
        ("pairings", &[], "!tournament pairings"),
        (
            "pairings",
            &[("round", Number(2))],
            "!tournament pairings 2",
        ),
        ("withdraw", &[("member", BOB)], "!tournament withdraw <@42>"),
        ("cancel", &[], "!tournament cancel"),
    ];
    for (sub, options, line) in cases {
        assert_eq!(tournament(sub, options), Ok(ok(line)), "{line}");
    }
    let list = from_options(
        "tournaments",
        &SlashOptions::default(),
        &Phrasing::slash("!"),
    );
    assert_eq!(list, Ok(ok("!tournaments")));
}

#[test]
fn a_tournament_option_out_of_its_bounds_is_refused_as_typed() {
    use ArgValue::Number;
    let max_days = u64::from(TimeControl::MAX_DAYS);
    let max_rounds = u64::from(crate::model::EventFormat::MAX_SWISS_ROUNDS);
    let between = |min, max| ArgKind::Number {
        min,
        max: Some(max),
    };
    assert_eq!(
        kind_of("tournament create", "rounds"),
        between(1, max_rounds)
    );
    assert_eq!(kind_of("tournament create", "days"), between(1, max_days));
    let from_one = ArgKind::Number { min: 1, max: None };
    assert_eq!(kind_of("tournament pairings", "round"), from_one);
    assert_eq!(kind_of("tournament withdraw", "member"), ArgKind::User);
    assert_eq!(
        refused("create", &swiss(("rounds", Number(31)))),
        "`rounds:31`: a Swiss event has 1 to 30 rounds, like `rounds:5`"
    );
    assert_eq!(
        refused("create", &swiss(("rounds", Number(0)))),
        "`rounds:0`: a Swiss event has 1 to 30 rounds, like `rounds:5`"
    );
    assert_eq!(
        refused("create", &swiss(("days", Number(15)))),
        "`days:15`: the time per move is 1 to 14 days, like `days:3`"
    );
    assert_eq!(
        refused("create", &swiss(("days", Number(0)))),
        "`days:0`: the time per move is 1 to 14 days, like `days:3`"
    );
    assert_eq!(
        refused("create", &swiss(("starts", text("tomorrow")))),
        "`starts:tomorrow`: a start is a day and time in UTC, like `starts:2026-12-01T18:00`"
    );
    assert_eq!(
        refused("pairings", &[("round", Number(0))]),
        "`round:0`: a round is a number from 1, like `/tournament pairings round:2`"
    );
}

#[test]
fn a_tournament_by_options_is_refused_in_slash_words() {
    assert_eq!(
        refused("create", &swiss(("format", text("knockout")))),
        "`format:knockout`: the format is swiss or roundrobin"
    );
    assert_eq!(
        refused("create", &swiss(("game", text("hard")))),
        "a tournament pairs its players, gives colours, opens a thread for each game and ends \
         a game out of time by itself: name only its game and time, like \
         `/tournament create name:Winter Cup format:swiss rounds:5 game:standard days:3`"
    );
    assert_eq!(
        refused(
            "create",
            &[("name", text("Cup")), ("format", text("swiss"))]
        ),
        "how many rounds? Like `format:swiss rounds:5`"
    );
    assert_eq!(
        refused("join", &[("level", text("godlike"))]),
        "`level:godlike`: a level is one of beginner, easy, medium, hard"
    );
    assert_eq!(
        refused("create", &[("format", text("swiss"))]),
        "fill in `name`"
    );
    assert_eq!(refused("withdraw", &[]), "fill in `member`");
    let none = from_options(
        "tournament",
        &SlashOptions::default(),
        &Phrasing::slash("!"),
    );
    let none = none.unwrap_err().to_string();
    assert!(
        none.starts_with("choose one of `/tournament create`, `/tournament join`"),
        "{none}"
    );
    assert_eq!(refused("knockout", &[]), none);
}

#[test]
fn spot_labels_are_a_member_s_choice_and_a_server_s_setting() {
    use crate::model::Labels;
    assert_eq!(
        ok("!labels default"),
        ServerCommand::Labels(Some(Labels::Default)).into()
    );
    assert_eq!(ok("!labels"), ServerCommand::Labels(None).into());
    assert!(err("!labels maybe").contains("`!labels on`"));
    assert!(err("!settings labels=maybe").contains("spot labels are `on` or `off`"));
    // Typed as an option, the refusal quotes the option.
    let typed = filled_err("labels", &[("labels", text("maybe"))]);
    assert!(
        typed.starts_with("I did not understand `labels:maybe`"),
        "{typed}"
    );
    // The member's choice: its words from its enum.
    assert_eq!(Choices::Labels.words(), ["on", "off", "default"]);
}
