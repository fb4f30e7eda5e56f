//! The parser on every form players type, its refusals in chat and in slash words, and the
//! registry of rows.

use gipf::potentials::{ActionNote, Mark, PieceKind};
use gipf::{Entry, Point, Variant};
use gipf_ai::Level;

use super::*;
use crate::model::{BoardSide, ColorChoice, TimeControl};

pub(super) fn ok(line: &str) -> Command {
    parse(line, &Phrasing::chat("!")).unwrap().unwrap()
}

pub(super) fn err(line: &str) -> String {
    parse(line, &Phrasing::chat("!"))
        .unwrap()
        .unwrap_err()
        .to_string()
}

/// The refusal of the chat line a slash command stands for, said to its slash user.
pub(super) fn slash_err(line: &str) -> String {
    parse(line, &Phrasing::slash("!"))
        .unwrap()
        .unwrap_err()
        .to_string()
}

#[test]
fn a_refused_slash_command_names_slash_options() {
    // `/push entry:zz9`
    let push = slash_err("!push zz9");
    assert_eq!(
        push,
        "name the dot and the first spot, like `/push entry:b1-c2`; `b1 c2` or `b1c2` work too"
    );
    // `/push entry:b1-c2 answers:jump`
    let answers = slash_err("!push b1-c2 jump");
    assert!(
        answers.starts_with("in `answers` I understand"),
        "{answers}"
    );
    // `/challenge opponent:@42 extra:zz`: a bad option.
    let option = slash_err("!challenge <@42> zz");
    assert!(
        option.starts_with("I did not understand `extra:zz`"),
        "{option}"
    );
    assert!(
        option.contains("`/challenge opponent:@name variant:standard color:random`"),
        "{option}"
    );
    assert!(option.contains("`extra:+2` or `extra:+0/+3`"), "{option}");
    // `/challenge opponent:@42 autoforfeit:True`, without days.
    assert_eq!(
        slash_err("!challenge autoforfeit <@42>"),
        "`autoforfeit:True` goes with a time per move, like `days:3 autoforfeit:True`"
    );
    // `/challenge opponent:@42 variant:basic extra:+9`
    let extra = slash_err("!challenge <@42> basic +9");
    assert!(
        extra.contains("`extra:+2` (both) or `extra:+1/+3`"),
        "{extra}"
    );
    // `/challenge opponent:@42 potentials:Z2`: a potentials option.
    assert_eq!(
        slash_err("!challenge <@42> potentials=Z2"),
        "`potentials:z2`: `Z:2`: a supply holds 0, or 3 to 6 of a kind"
    );
    // `/settings abandon:5000`
    assert_eq!(
        slash_err("!settings abandon=5000"),
        "`abandon:5000`: games are abandoned after 1 to 3650 days"
    );
    assert!(slash_err("!settings days=20").ends_with("or `days:0`"));
    // `/settings puzzle_hour:24`; a channel that is no mention (typed only).
    assert_eq!(
        slash_err("!settings puzzle_hour=24"),
        "`puzzle_hour:24`: the daily puzzle's hour is 0 to 23, in UTC (`puzzle_hour:12` for noon)"
    );
    assert_eq!(
        slash_err("!settings puzzles=general"),
        "`puzzles:general`: name the daily puzzle's channel as `/settings puzzles:#channel`, or stop it with `/settings no_puzzles:True`"
    );
    // `/zertz from:c3 to:zz`, `/take spots:zz`, `/tamsk entry:e5`
    assert!(slash_err("!zertz c3 zz").ends_with("like `/zertz from:c3 to:c6`"));
    assert!(slash_err("!take zz").ends_with("like `/take spots:e5 f4`, or `/take spots:all`"));
    assert!(slash_err("!tamsk e5").ends_with("`/tamsk entry:skip`"));
    for line in [
        "!push zz9",
        "!push b1-c2 jump",
        "!challenge <@42> zz",
        "!challenge autoforfeit <@42>",
        "!challenge <@42> basic +9",
        "!challenge <@42> standard +2",
        "!challenge <@42> ultimate +2",
        "!challenge <@42> potentials=Z2",
        "!settings abandon=5000",
        "!settings days=20",
        "!settings puzzle_hour=24",
        "!zertz c3 zz",
        "!take zz",
        "!tamsk e5",
    ] {
        let said = slash_err(line);
        assert!(!said.contains('!') && !said.contains('='), "{line}: {said}");
    }
}

#[test]
fn a_refused_chat_command_keeps_its_chat_words() {
    assert_eq!(
        err("!push zz9"),
        "name the dot and the first spot, like `!push b1 c2`; `b1-c2` or `b1c2` work too"
    );
    assert_eq!(
        err("!challenge <@42> zz"),
        "I did not understand `zz`: challenge someone like `!challenge @name standard random` \
         (game: basic, standard, tournament or ultimate; your colour: white, black or random; \
         basic takes extra pieces like `+2` or `+0/+3`)"
    );
    assert_eq!(
        err("!challenge <@42> autoforfeit"),
        "`autoforfeit` goes with a time per move, like `days=3 autoforfeit`"
    );
    assert_eq!(
        err("!challenge <@42> potentials=Z2"),
        "`potentials=z2`: `Z:2`: a supply holds 0, or 3 to 6 of a kind"
    );
    assert_eq!(
        err("!settings abandon=5000"),
        "`abandon=5000`: games are abandoned after 1 to 3650 days"
    );
    assert_eq!(
        err("!settings days=20"),
        "`days=20`: a default time per move is 1 to 14 days, or `days=none`"
    );
    assert_eq!(
        err("!push b1 c2 jump"),
        "after the push I understand `row N`, `take <spots>`, `take all`, `keep all`; not `jump`"
    );
}

#[test]
fn potentials_commands_in_every_form() {
    let b1c2: Entry = "b1-c2".parse().unwrap();
    let load = |kind: Option<Potential>| {
        Command::from(PlayCommand::Push {
            entry: b1c2,
            end: None,
            piece: Some(kind.map_or(PieceKind::Basic, PieceKind::Loaded)),
            answers: Vec::new(),
        })
    };
    for line in [
        "!push Zb1 c2",
        "!push zb1c2",
        "!push z b1 c2",
        "!push zertz b1 c2",
        "!push b1 c2 zertz",
        "!push b1-c2 ZÈRTZ",
        "!push b1 c2 Zertz",
    ] {
        assert_eq!(ok(line), load(Some(Potential::Zertz)), "{line}");
    }
    assert_eq!(ok("!push b1 c2 pünct"), load(Some(Potential::Punct)));
    assert_eq!(ok("!push b1 c2 basic"), load(None));
    assert!(err("!push b1 c2 zertz dvonn").contains("one piece per push"));
    assert!(err("!push g b1 c2 zertz").contains("never loaded"));
    let jump = Command::from(PlayCommand::Power {
        kind: Potential::Zertz,
        from: Point::C3,
        to: "c6".parse().unwrap(),
    });
    for line in [
        "!zertz c3 c6",
        "!zertz c3-c6",
        "!zertz c3>c6",
        "!zertz c3c6",
        "!ZERTZ C3 C6",
    ] {
        assert_eq!(ok(line), jump, "{line}");
    }
    assert!(err("!zertz c3").contains("like `!zertz c3 c6`"));
    assert!(err("!zertz 𑯳%d1g8").contains("like `!zertz c3 c6`"));
    assert!(err("!dvonn a1 b2").contains("a1 is a dot"));
    assert_eq!(ok("!tamsk skip"), PlayCommand::Tamsk(None).into());
    assert_eq!(
        ok("!tamsk a5 b5"),
        PlayCommand::Tamsk(Some("a5-b5".parse().unwrap())).into()
    );
    assert!(err("!tamsk e5").contains("tamsk skip"));
    assert_eq!(ok("!rules potentials"), InfoCommand::RulesOf(None).into());
    assert_eq!(
        ok("!rules DVONN"),
        InfoCommand::RulesOf(Some(Potential::Dvonn)).into()
    );
    assert_eq!(
        ok("!move zc3>c6"),
        PlayCommand::Move("Zc3>c6".parse().unwrap()).into()
    );
}

#[test]
fn challenges_with_potentials() {
    let potentials = |line: &str| match ok(line) {
        Command::Challenge(ChallengeCommand::Challenge { potentials, .. }) => {
            potentials.map(|p| (p.is_ultimate(), p.header()))
        }
        other => panic!("{other:?}"),
    };
    let both = |list: &str| Some((false, Some(format!("W:{list} B:{list}"))));
    assert_eq!(
        potentials("!challenge <@42> potentials=ZYD:3"),
        both("Z3,D3,Y3")
    );
    assert_eq!(
        potentials("!challenge <@42> potentials=T3,Z4"),
        both("T3,Z4")
    );
    assert_eq!(
        potentials("!challenge <@42> potentials=ZD:3,Y:6"),
        both("Z3,D3,Y6")
    );
    assert_eq!(
        potentials("!challenge <@42> tournament potentials=TZDYP:3/none"),
        Some((false, Some("W:T3,Z3,D3,Y3,P3 B:-".to_string())))
    );
    assert_eq!(potentials("!challenge <@42> potentials=none"), None);
    assert_eq!(
        potentials("!challenge <@42> ultimate").map(|p| p.0),
        Some(true)
    );
    assert!(err("!challenge <@42> potentials=Z:2").contains("0, or 3 to 6"));
    assert!(err("!challenge <@42> ultimate potentials=Z3").contains("fixed"));
    assert!(err("!challenge <@42> ultimate basic").contains("name one game"));
    assert!(err("!challenge <@42> potentials=z3 potentials=d3").contains("once"));
    assert!(err("!challenge <@42> potentials=").contains("`potentials=`"));
    assert!(err("!challenge <@42> potentials=,,").contains("`potentials=,,`"));
}

#[test]
fn pushes_in_every_form() {
    let b1c2: Entry = "b1-c2".parse().unwrap();
    for line in [
        "!push b1 c2",
        "!push b1-c2",
        "!push b1c2",
        "!PUSH B1 C2",
        "  !push   b1  -c2 ",
    ] {
        assert_eq!(
            ok(line),
            PlayCommand::Push {
                entry: b1c2,
                end: None,
                piece: None,
                answers: vec![]
            }
            .into(),
            "{line}"
        );
    }
    for line in [
        "!push G b1 c2",
        "!gipf b1 c2",
        "!push Gb1c2",
        "!push gb1-c2",
    ] {
        assert_eq!(
            ok(line),
            PlayCommand::Push {
                entry: b1c2,
                end: None,
                piece: Some(PieceKind::Gipf),
                answers: vec![]
            }
            .into(),
            "{line}"
        );
    }
    let e5: Point = "e5".parse().unwrap();
    assert_eq!(
        ok("!push b1 c2 row 2 take e5 keep all"),
        PlayCommand::Push {
            entry: b1c2,
            end: None,
            piece: None,
            answers: vec![Answer::Row(2), Answer::Take(vec![e5]), Answer::KeepAll]
        }
        .into()
    );
}

#[test]
fn bad_pushes_say_what_is_right() {
    assert_eq!(
        err("!push b1 c3"),
        "b1 c3: c3 is not a first spot from b1; from b1 you can push to b2 or c2"
    );
    assert!(err("!push e5 e6").contains("e5 is a spot, not a dot"));
    assert!(err("!push").contains("like `!push b1 c2`"));
    assert!(err("!push b1 c2 jump").contains("not `jump`"));
    assert!(err("!push zz c2").contains("not a point of the board"));
}

#[test]
fn challenges() {
    assert_eq!(
        ok("!challenge <@42>"),
        ChallengeCommand::Challenge {
            opponent: Some(UserId(42)),
            variant: Variant::Standard,
            color: ColorChoice::Random,
            time: None,
            thread: false,
            level: None,
            hints: false,
            potentials: None,
        }
        .into()
    );
    assert_eq!(
        ok("!challenge tournament <@!42> black"),
        ChallengeCommand::Challenge {
            opponent: Some(UserId(42)),
            variant: Variant::Tournament,
            color: ColorChoice::Black,
            time: None,
            thread: false,
            level: None,
            hints: false,
            potentials: None,
        }
        .into()
    );
    assert_eq!(
        ok("!challenge <@42> basic +0/+3 white"),
        ChallengeCommand::Challenge {
            opponent: Some(UserId(42)),
            variant: Variant::Basic {
                extra: gipf::ByColor::new(0, 3)
            },
            color: ColorChoice::White,
            time: None,
            thread: false,
            level: None,
            hints: false,
            potentials: None,
        }
        .into()
    );
    assert!(err("!challenge standard").contains("Mention the player"));
    assert!(err("!challenge <@42> standard +2").contains("basic game only"));
    assert!(err("!challenge <@42> basic +9").contains("0 to 3"));
    assert!(err("!challenge <@42> chess").contains("`chess`"));
}

#[test]
fn challenges_with_time_and_the_engine() {
    assert_eq!(
        ok("!challenge <@42> days=3 autoforfeit"),
        ChallengeCommand::Challenge {
            opponent: Some(UserId(42)),
            variant: Variant::Standard,
            color: ColorChoice::Random,
            time: Some(TimeControl {
                days: 3,
                autoforfeit: true
            }),
            thread: false,
            level: None,
            hints: false,
            potentials: None,
        }
        .into()
    );
    assert!(err("!challenge <@42> days=15").contains("1 to 14 days"));
    assert_eq!(
        ok("!challenge <@42> hard hints"),
        ChallengeCommand::Challenge {
            opponent: Some(UserId(42)),
            variant: Variant::Standard,
            color: ColorChoice::Random,
            time: None,
            thread: false,
            level: Some(Level::Hard),
            hints: true,
            potentials: None,
        }
        .into()
    );
    assert!(err("!challenge <@42> autoforfeit").contains("goes with a time per move"));
}

#[test]
fn answers_moves_and_the_rest() {
    assert_eq!(ok("!row 2"), PlayCommand::Answer(Answer::Row(2)).into());
    assert_eq!(ok("!keep all"), PlayCommand::Answer(Answer::KeepAll).into());
    assert_eq!(
        ok("!take none"),
        PlayCommand::Answer(Answer::KeepAll).into()
    );
    assert!(err("!row zero").contains("row 2"));
    assert!(matches!(
        ok("!move xe7,e8;c7-e7"),
        Command::Play(PlayCommand::Move(_))
    ));
    assert!(
        matches!(ok("!move Gd8-f7"), Command::Play(PlayCommand::Move(n)) if n.action.is_some())
    );
    assert!(err("!move").contains("official notation"));
    assert_eq!(
        ok("!board black"),
        GameCommand::Board {
            side: Some(BoardSide::Black),
            remember: false,
            coords: false
        }
        .into()
    );
    assert_eq!(
        ok("!board side mine"),
        GameCommand::Board {
            side: Some(BoardSide::Mine),
            remember: true,
            coords: false
        }
        .into()
    );
    assert_eq!(
        ok("!board side"),
        GameCommand::Board {
            side: None,
            remember: true,
            coords: false
        }
        .into()
    );
    // Every spot named, on one picture; `coordinates` is read the same.
    for line in ["!board coords", "!board coordinates"] {
        assert_eq!(
            ok(line),
            GameCommand::Board {
                side: None,
                remember: false,
                coords: true
            }
            .into()
        );
    }
    assert!(err("!board side mine coords").contains("`!board coords` names the spots"));
    assert!(err("!board blue").contains("`!board side black`"));
    assert!(err("!board side up down").contains("`!board side default`"));
    // By slash command the side is an option, remembering it a flag whose word is `side`.
    let slash = Phrasing::slash("!");
    assert_eq!(
        slash.cmd("board side black"),
        "`/board side:black always:True`"
    );
    assert_eq!(slash.cmd("board mine"), "`/board side:mine`");
    let board = super::slash_tests::slash_options(&[
        ("side", ArgValue::Text("default".into())),
        ("always", ArgValue::Flag(true)),
    ]);
    assert_eq!(
        from_options("board", &board, &slash),
        Ok(ok("!board side default"))
    );
    assert_eq!(ok("!help"), InfoCommand::Help.into());
    assert_eq!(ok("!help push"), InfoCommand::HelpOn("push").into());
    assert_eq!(ok("!help !gipf"), InfoCommand::HelpOn("gipf").into());
    assert_eq!(ok("!help me please"), InfoCommand::Help.into());
    assert_eq!(ok("!help dance"), InfoCommand::Help.into());
    assert!(err("!resign now").contains("takes nothing"));
    assert!(err("!dance").contains("I don't know the command `dance`"));
    assert!(parse("push b1 c2", &Phrasing::chat("!")).is_none());
    assert!(matches!(
        parse("?push b1 c2", &Phrasing::chat("?")),
        Some(Ok(Command::Play(PlayCommand::Push { .. })))
    ));
}

#[test]
fn hostile_input_is_bounded_and_quoted_as_typed() {
    assert!(err(&format!("!push {}", "a".repeat(600))).contains("at most 500"));
    // The error quotes what was typed; adapters make it unable to ping (see
    // `discord::markdown`).
    let text = err("!hi@everyone");
    assert!(text.contains("`hi@everyone`"), "{text}");
    let shown = crate::discord::markdown(&crate::text::Text::from(text));
    assert!(!shown.contains("@everyone"), "{shown}");
    let text = err("!challenge <@1> <@&55>");
    let shown = crate::discord::markdown(&crate::text::Text::from(text));
    assert!(!shown.contains("<@&"), "{shown}");
}

#[test]
fn chat_that_only_looks_like_a_command_is_ignored() {
    for line in [
        "!",
        "!!!",
        "!?",
        "! ",
        "!123",
        "!@everyone",
        "hello !push b1 c2",
    ] {
        assert!(parse(line, &Phrasing::chat("!")).is_none(), "{line}");
    }
    assert!(matches!(
        ok("! board"),
        Command::Game(GameCommand::Board { .. })
    ));
    // A word prefix matches in any case.
    assert!(matches!(
        parse("GIPF! board", &Phrasing::chat("gipf!")),
        Some(Ok(Command::Game(GameCommand::Board { .. })))
    ));
}

#[test]
fn what_players_copy_and_type_is_understood() {
    let b1c2: Entry = "b1-c2".parse().unwrap();
    for line in ["!push b1 - c2", "!push b1- c2", "!push `b1 c2`"] {
        assert!(
            matches!(ok(line), Command::Play(PlayCommand::Push { entry, .. }) if entry == b1c2),
            "{line}"
        );
    }
    let e5: Point = "e5".parse().unwrap();
    let f4: Point = "f4".parse().unwrap();
    assert_eq!(
        ok("!take e5, f4"),
        PlayCommand::Answer(Answer::Take(vec![e5, f4])).into()
    );
    assert_eq!(
        ok("!take e5,f4"),
        PlayCommand::Answer(Answer::Take(vec![e5, f4])).into()
    );
    // The bot shows turns in backticks; a copied turn keeps them.
    let Command::Play(PlayCommand::Move(note)) = ok("!move `c2 (11)`") else {
        panic!("not a move")
    };
    assert_eq!(note.reserve, Some(11));
    // A lower-case `g` before a column marks a GIPF-piece; before a row number it is column g.
    let Command::Play(PlayCommand::Move(note)) = ok("!move xgd5*,g2;gd8-f7") else {
        panic!("not a move")
    };
    let marks: Vec<Mark> = note.before[0].iter().map(|item| item.mark).collect();
    assert_eq!(marks, [Mark::Gipf, Mark::Basic]);
    assert!(matches!(
        note.action,
        Some(ActionNote::Push {
            piece: PieceKind::Gipf,
            ..
        })
    ));
}

#[test]
fn every_row_has_a_word_and_a_place_of_its_own() {
    let rows = families::FAMILIES
        .iter()
        .map(|family| family.len())
        .sum::<usize>();
    assert_eq!(SYNTAX.len(), rows);
    assert!(SYNTAX.windows(2).all(|w| w[0].place < w[1].place));
    for syntax in SYNTAX.iter() {
        assert_eq!(Syntax::of(syntax.word).map(|s| s.place), Some(syntax.place));
    }
    // The help begins with a challenge and ends with the rules and itself.
    let words: Vec<&str> = SYNTAX.iter().map(|syntax| syntax.word).collect();
    assert_eq!(words[..3], ["challenge", "seek", "claim"]);
    assert_eq!(words[words.len() - 2..], ["rules", "help"]);
}

#[test]
fn the_rows_say_which_commands_need_rights_or_start_a_game() {
    let words = |has: fn(&Syntax) -> bool| -> Vec<&str> {
        SYNTAX
            .iter()
            .filter(|syntax| has(syntax))
            .map(|syntax| syntax.word)
            .collect()
    };
    assert_eq!(
        words(|syntax| syntax.moderated),
        ["decline", "cancel", "abort", "settings", "tournament"]
    );
    assert_eq!(words(|syntax| syntax.starts_game), ["challenge", "accept"]);
    // A command finds its row by its canonical line.
    let row = |line: &str| ok(line).syntax().map(|syntax| syntax.word);
    assert_eq!(row("!take none"), Some("keep"));
    assert_eq!(row("!push G b1 c2"), Some("gipf"));
    assert_eq!(row("!move zc3>c6"), Some("move"));
    assert_eq!(row("!rules dvonn"), Some("rules"));
    // A family names its word without printing the command.
    for line in [
        "!seek",
        "!challenge <@42>",
        "!accept",
        "!decline",
        "!cancel",
        "!rematch",
        "!push b1 c2",
        "!gipf b1 c2",
        "!push b1 c2 zertz",
        "!zertz c3 c6",
        "!punct e4 e5",
        "!tamsk skip",
        "!move b6-f5",
        "!row 2",
        "!take e5",
        "!take none",
        "!keep all",
        "!take e5 confirm",
        "!resign confirm",
        "!abort",
        "!claim",
        "!board side mine",
        "!hint",
        "!takeback accept",
        "!history 3",
        "!export",
        "!replay",
        "!analyse",
        "!browse 2 turn=3",
        "!games all",
        "!mygames",
        "!stats",
        "!leaderboard basic",
        "!settings days=3",
        "!notify dm on",
        "!rules",
        "!rules zertz",
        "!help",
        "!puzzle",
        "!learn 2",
        "!solve a5-c5",
    ] {
        let command = ok(line);
        let printed = command.to_string();
        assert_eq!(printed.split(' ').next(), Some(command.word()), "{line}");
    }
}

#[test]
fn a_push_may_name_the_end_of_its_line_and_any_move_may_be_confirmed() {
    let a5b5: Entry = "a5-b5".parse().unwrap();
    let c5: Point = "c5".parse().unwrap();
    for line in ["!push a5 c5", "!push a5-c5", "!push a5c5"] {
        assert_eq!(
            ok(line),
            PlayCommand::Push {
                entry: a5b5,
                end: Some(c5),
                piece: None,
                answers: vec![]
            }
            .into(),
            "{line}"
        );
    }
    // Printed as named, so a button or a slash line reads back the same.
    assert_eq!(ok("!push a5 c5").to_string(), "push a5-c5");
    // A point on no line of the dot is refused as before, naming the first spots.
    assert_eq!(
        err("!push b1 d4"),
        "b1 d4: d4 is not a first spot from b1; from b1 you can push to b2 or c2"
    );
    assert!(err("!tamsk a5 c5").contains("`!tamsk a5-b5`"));
    let e5: Point = "e5".parse().unwrap();
    let take = PlayCommand::Answer(Answer::Take(vec![e5]));
    for line in ["!take e5 confirm", "!take confirm e5"] {
        assert_eq!(
            ok(line),
            PlayCommand::Confirmed(Box::new(take.clone())).into(),
            "{line}"
        );
    }
    assert_eq!(ok("!take confirm e5").to_string(), "take e5 confirm");
    assert!(matches!(
        ok("!move b6-f5 confirm"),
        Command::Play(PlayCommand::Confirmed(_))
    ));
    assert_eq!(
        ok("!resign confirm"),
        GameCommand::Resign { confirmed: true }.into()
    );
    assert_eq!(
        ok("!resign"),
        GameCommand::Resign { confirmed: false }.into()
    );
    assert!(err("!resign now").contains("`!resign` takes nothing after it but `confirm`"));
}
