//! Commands print themselves: every command's canonical line parses back to the same
//! command, so buttons and slash commands can carry typed commands as text.

use gipf::potentials::{LineNote, Options, PieceKind, Potential};
use gipf::{ByColor, Color, Entry, Point, Variant};
use gipf_ai::Level;
use gipf_bot::command::NotifyChange;
use gipf_bot::command::{
    Answer, ArchiveCommand, ChallengeCommand, Command, GameCommand, InfoCommand, Phrasing,
    PlayCommand, ServerCommand, SettingsChange, parse,
};
use gipf_bot::hours::{DayTime, Quiet, Zone};
use gipf_bot::model::{
    BoardSide, ChannelId, ColorChoice, GameId, GameKind, GameScope, Labels, TimeControl, UserId,
    WebPages,
};
use proptest::prelude::*;

fn point() -> impl Strategy<Value = Point> {
    proptest::sample::select(Point::spots().collect::<Vec<_>>())
}

fn answer() -> impl Strategy<Value = Answer> {
    prop_oneof![
        (1usize..9).prop_map(Answer::Row),
        proptest::collection::vec(point(), 1..4).prop_map(Answer::Take),
        proptest::collection::vec(point(), 1..4).prop_map(Answer::Keep),
        Just(Answer::TakeAll),
        Just(Answer::KeepAll),
    ]
}

fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![
        Just(Variant::Standard),
        Just(Variant::Tournament),
        (0u8..4, 0u8..4).prop_map(|(w, b)| Variant::Basic {
            extra: ByColor::new(w, b)
        }),
    ]
}

fn time() -> impl Strategy<Value = Option<TimeControl>> {
    proptest::option::of(
        (1u8..=TimeControl::MAX_DAYS, any::<bool>())
            .prop_map(|(days, autoforfeit)| TimeControl { days, autoforfeit }),
    )
}

fn color() -> impl Strategy<Value = ColorChoice> {
    proptest::sample::select(vec![
        ColorChoice::White,
        ColorChoice::Black,
        ColorChoice::Random,
    ])
}

/// Turns as the bot writes them, from a fixed list of the notation's shapes.
fn notation() -> impl Strategy<Value = LineNote> {
    proptest::sample::select(vec![
        "c2",
        "Ge8",
        "b6-f5",
        "xe7,e8;c7-e7 (4)",
        "h6-c4;xc6*,d6,f5,g4",
        "xGd5*,g2;Gd8-f7 (0)",
    ])
    .prop_map(|text| text.parse().unwrap())
}

fn potential() -> impl Strategy<Value = Potential> {
    proptest::sample::select(Potential::ALL.to_vec())
}

/// The commands of games with potentials.
fn potentials_command() -> impl Strategy<Value = Command> {
    let entry = proptest::sample::select(Entry::all().collect::<Vec<_>>());
    let spot = proptest::sample::select(Point::spots().collect::<Vec<_>>());
    let supply = proptest::sample::select(vec!["Z3", "T3,Z4", "ZYD:3", "TZDYP:3/none", "P6/D3"]);
    let line = proptest::sample::select(vec![
        "Zc3>c6",
        "e1-e5+a5-f4 (5)",
        "xue6*;Dd4>d5;xb2,Ze3",
        "Ta5-c5+-",
        "Pe4>e5",
    ]);
    prop_oneof![
        (
            entry.clone(),
            proptest::option::of(potential()),
            proptest::collection::vec(answer(), 0..2)
        )
            .prop_map(|(entry, kind, answers)| Command::from(PlayCommand::Push {
                entry,
                end: None,
                piece: Some(kind.map_or(PieceKind::Basic, PieceKind::Loaded)),
                answers
            })),
        (
            potential().prop_filter("TAMSK has no move", |k| k.moves()),
            spot.clone(),
            spot
        )
            .prop_map(|(kind, from, to)| PlayCommand::Power { kind, from, to }.into()),
        proptest::option::of(entry).prop_map(|entry| PlayCommand::Tamsk(entry).into()),
        line.prop_map(|l| PlayCommand::Move(l.parse().unwrap()).into()),
        proptest::option::of(potential()).prop_map(|topic| InfoCommand::RulesOf(topic).into()),
        (1u64..u64::MAX >> 1, supply, any::<bool>()).prop_map(|(id, supply, ultimate)| {
            let potentials = if ultimate {
                Options::ultimate()
            } else {
                Options::parse("basic+3", Some(supply)).unwrap()
            };
            ChallengeCommand::Challenge {
                opponent: Some(UserId(id)),
                variant: potentials.variant(),
                color: ColorChoice::Random,
                time: None,
                thread: false,
                level: None,
                hints: false,
                potentials: Some(potentials),
            }
            .into()
        }),
    ]
}

/// Challenges without potentials, and seeks (no opponent, so no engine level).
fn challenge() -> impl Strategy<Value = Command> {
    (
        proptest::option::of(1u64..u64::MAX >> 1),
        variant(),
        color(),
        time(),
        any::<bool>(),
        proptest::option::of(proptest::sample::select(Level::ALL.to_vec())),
        any::<bool>(),
    )
        .prop_map(|(id, variant, color, time, thread, level, hints)| {
            ChallengeCommand::Challenge {
                opponent: id.map(UserId),
                variant,
                color,
                time,
                thread,
                level: id.and(level),
                hints,
                potentials: None,
            }
            .into()
        })
}

/// Settings shown or changed.
fn settings() -> impl Strategy<Value = Command> {
    (
        proptest::option::of(proptest::option::of(1u8..=TimeControl::MAX_DAYS)),
        proptest::option::of(1u16..=3650),
        proptest::option::of(any::<bool>()),
        proptest::option::of(proptest::sample::select(vec![Color::White, Color::Black])),
        proptest::option::of(proptest::option::of(1u64..u64::MAX >> 1)),
        proptest::option::of(0u8..24),
        proptest::option::of(any::<bool>()),
        proptest::option::of(proptest::sample::select(WebPages::ALL.to_vec())),
    )
        .prop_map(
            |(days, abandon, threads, side, puzzles, puzzle_hour, labels, web)| {
                ServerCommand::Settings(SettingsChange {
                    days,
                    abandon,
                    threads,
                    side,
                    puzzles: puzzles.map(|channel| channel.map(ChannelId)),
                    puzzle_hour,
                    labels,
                    web,
                })
                .into()
            },
        )
}

/// Lists of games.
fn games() -> impl Strategy<Value = Command> {
    (
        proptest::option::of(1u64..u64::MAX >> 1),
        proptest::sample::select(vec![GameScope::Active, GameScope::Finished, GameScope::All]),
        1u32..1000,
    )
        .prop_map(|(player, scope, page)| {
            ArchiveCommand::Games {
                player: player.map(UserId),
                scope,
                page,
            }
            .into()
        })
}

fn command() -> impl Strategy<Value = Command> {
    let entry = proptest::sample::select(Entry::all().collect::<Vec<_>>());
    let piece = proptest::sample::select(vec![None, Some(PieceKind::Gipf)]);
    prop_oneof![
        challenge(),
        (
            entry,
            any::<bool>(),
            piece,
            proptest::collection::vec(answer(), 0..3)
        )
            .prop_map(|(entry, far, piece, answers)| {
                // Named as the notation does: the dot and the end of the line.
                let end = far
                    .then(|| entry.ray().iter().filter(|p| *p != entry.first()).last())
                    .flatten();
                PlayCommand::Push {
                    entry,
                    end,
                    piece,
                    answers,
                }
                .into()
            }),
        notation().prop_map(|notation| PlayCommand::Move(notation).into()),
        answer().prop_map(|answer| PlayCommand::Answer(answer).into()),
        answer().prop_map(|answer| {
            PlayCommand::Confirmed(Box::new(PlayCommand::Answer(answer))).into()
        }),
        (
            proptest::option::of(proptest::sample::select(BoardSide::ALL.to_vec())),
            any::<bool>(),
            any::<bool>()
        )
            .prop_map(|(side, remember, coords)| GameCommand::Board {
                side,
                remember,
                coords: coords && !remember
            }
            .into()),
        notify(),
        proptest::option::of(proptest::sample::select(Labels::ALL.to_vec()))
            .prop_map(|labels| ServerCommand::Labels(labels).into()),
        settings(),
        games(),
        (0u8..4, proptest::option::of(1i64..i64::MAX)).prop_map(|(which, id)| {
            let game = id.map(GameId);
            match which {
                0 => ArchiveCommand::History { game },
                1 => ArchiveCommand::Export { game },
                2 => ArchiveCommand::Analyse { game },
                _ => ArchiveCommand::Replay { game },
            }
            .into()
        }),
        proptest::option::of(1u64..u64::MAX >> 1).prop_map(|player| ArchiveCommand::Stats {
            player: player.map(UserId)
        }
        .into()),
        proptest::option::of(proptest::sample::select(GameKind::ALL.to_vec()))
            .prop_map(|kind| ArchiveCommand::Leaderboard { kind }.into()),
        proptest::sample::select(vec![
            ChallengeCommand::Accept.into(),
            ChallengeCommand::Decline.into(),
            ChallengeCommand::Cancel.into(),
            ChallengeCommand::Rematch.into(),
            GameCommand::Hint.into(),
            GameCommand::Resign { confirmed: false }.into(),
            GameCommand::Resign { confirmed: true }.into(),
            GameCommand::Abort.into(),
            GameCommand::Claim.into(),
            InfoCommand::Rules.into(),
            InfoCommand::Help.into(),
        ]),
        potentials_command(),
    ]
}

proptest! {
    #[test]
    fn every_command_parses_back_from_its_canonical_line(command in command()) {
        let line = command.to_string();
        prop_assert_eq!(line.parse::<Command>(), Ok(command.clone()), "{}", line);
        // Its line's word names its syntax row, which the adapter asks.
        prop_assert!(command.syntax().is_some(), "{}", line);
        // As typed in chat, with a prefix, it is the same command.
        prop_assert_eq!(parse(&format!("!{line}"), &Phrasing::chat("!")), Some(Ok(command)));
    }
}

/// Every `notify` change: direct messages, the digest and its hour, quiet hours, a zone.
fn notify() -> impl Strategy<Value = Command> {
    let time = (0u16..1440).prop_map(|m| DayTime::of_minute(i64::from(m)).unwrap());
    let zone = proptest::sample::select(vec!["UTC", "Europe/Brussels", "America/New_York"])
        .prop_map(|name| Zone::named(name).unwrap());
    let quiet = (time.clone(), time.clone())
        .prop_filter("two times", |(from, to)| from != to)
        .prop_map(|(from, to)| Quiet { from, to });
    (
        proptest::option::of(any::<bool>()),
        proptest::option::of(any::<bool>()),
        proptest::option::of(time),
        proptest::option::of(proptest::option::of(quiet)),
        proptest::option::of(zone),
    )
        .prop_map(|(dm, digest, at, quiet, zone)| {
            // `at` with `digest off` is refused: an hour turns the digest on.
            let digest = if at.is_some() {
                digest.filter(|on| *on)
            } else {
                digest
            };
            let change = NotifyChange {
                dm,
                digest,
                at,
                quiet,
                zone,
            };
            ServerCommand::Notify(change).into()
        })
}
