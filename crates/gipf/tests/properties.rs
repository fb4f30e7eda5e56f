//! Property tests: random legal games keep every invariant; random input never breaks a game.
#![allow(clippy::unwrap_used)]

use gipf::notation::TurnNotation;
use gipf::random::{Rng, find_in_random_games};
use gipf::{
    Bitboard, ByColor, Color, Decision, Entry, Kind, Line, Pending, Position, Reason, Variant,
};
use proptest::prelude::*;

fn variant() -> impl Strategy<Value = Variant> {
    prop_oneof![
        Just(Variant::BASIC),
        (0u8..=3, 0u8..=3).prop_map(|(w, b)| Variant::Basic {
            extra: ByColor::new(w, b)
        }),
        Just(Variant::Standard),
        Just(Variant::Tournament),
    ]
}

/// Any decision at all, legal or not.
fn any_decision() -> impl Strategy<Value = Decision> {
    prop_oneof![
        (0usize..42, any::<bool>()).prop_map(|(e, g)| Decision::Push {
            entry: Entry::all().nth(e).unwrap(),
            piece: if g { Kind::Gipf } else { Kind::Basic },
        }),
        (0usize..21).prop_map(|l| Decision::Row(Line::all().nth(l).unwrap())),
        any::<u64>().prop_map(|bits| Decision::Take(bits_to_spots(bits))),
    ]
}

fn bits_to_spots(bits: u64) -> Bitboard {
    gipf::Point::spots()
        .enumerate()
        .filter(|(i, _)| bits & (1 << i) != 0)
        .map(|(_, p)| p)
        .collect()
}

fn check_invariants(position: &Position, totals: ByColor<u32>) {
    for color in Color::ALL {
        assert_eq!(
            position.total(color),
            totals[color],
            "{color}'s pieces are conserved"
        );
    }
    assert!((position.pieces(Color::White) & position.pieces(Color::Black)).is_empty());
    assert!(position.gipf_pieces().is_subset(position.occupied()));
    match position.pending() {
        Pending::GameOver(_) => assert!(position.legal_decisions().is_empty()),
        Pending::Push => assert_eq!(
            position.legal_decisions().len(),
            position.legal_push_count()
        ),
        Pending::ChooseRow { rows } => assert!(rows.len() >= 2),
        Pending::TakeGipf { gipf, .. } => assert!(!gipf.is_empty()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant_and_their_notation_round_trips(
        variant in variant(), seed in any::<u64>(), noise in proptest::collection::vec(any_decision(), 40)
    ) {
        let mut rng = Rng::new(seed);
        let mut position = Position::new(variant);
        let totals = ByColor::from_fn(|color| position.total(color));
        let mut turn_start = position;
        let mut noise = noise.into_iter().cycle();
        for _ in 0..400 {
            check_invariants(&position, totals);
            // A random decision, legal or not: refused ones change nothing.
            let attempt = noise.next().unwrap();
            let mut tried = position;
            match tried.play(attempt) {
                Ok(_) => prop_assert!(position.legal_decisions().contains(&attempt)),
                Err(_) => prop_assert_eq!(tried, position),
            }
            let Some(decision) = position.random_decision(&mut rng) else { break };
            // The bot stores the decisions of a turn in progress as JSON.
            let json = serde_json::to_string(&decision).unwrap();
            prop_assert_eq!(serde_json::from_str::<Decision>(&json).unwrap(), decision);
            let done = position.play(decision).unwrap();
            for turn in done.iter() {
                // The turn, printed and read back from where it started, gives the same game.
                let mut replay = turn_start;
                replay.play_notation(&format!("{turn:#}")).unwrap();
                if done.len() == 1 {
                    prop_assert_eq!(replay, position, "{}", turn);
                }
                let note: TurnNotation = turn.to_string().parse().unwrap();
                prop_assert_eq!(note.push.is_some(), turn.push.is_some());
                turn_start = replay;
            }
            if !done.is_empty() {
                turn_start = position;
            }
        }
    }

    #[test]
    fn every_generated_turn_applies_by_its_notation(variant in variant(), seed in any::<u64>(), plies in 0usize..60) {
        let mut rng = Rng::new(seed);
        let mut position = Position::new(variant);
        while usize::from(position.plies()) < plies {
            let Some(decision) = position.random_decision(&mut rng) else { break };
            position.play(decision).unwrap();
        }
        // Play on to the start of a turn.
        while position.stage() == gipf::Stage::After {
            let Some(decision) = position.random_decision(&mut rng) else { break };
            position.play(decision).unwrap();
        }
        let turns = position.legal_turns();
        if position.outcome().is_none() {
            prop_assert!(!turns.is_empty());
        }
        let fast = position.perft(1);
        prop_assert_eq!(fast, turns.len() as u64);
        for (turn, after) in &turns {
            let mut replay = position;
            replay.play_notation(&turn.to_string()).unwrap();
            prop_assert_eq!(&replay, after, "{}", turn);
        }
    }

    #[test]
    fn any_text_is_refused_or_played_without_panic(text in ".{0,40}", seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let mut position = Position::new(Variant::Tournament);
        for _ in 0..(seed % 30) {
            let Some(decision) = position.random_decision(&mut rng) else { break };
            position.play(decision).unwrap();
        }
        let before = position;
        if position.play_notation(&text).is_err() {
            prop_assert_eq!(position, before);
        }
        let _ = text.parse::<Entry>();
        let _ = text.parse::<Variant>();
    }

    #[test]
    fn turn_shaped_text_is_refused_or_played_without_panic(
        text in "(x(G?[a-i][0-9]\\*?,){0,3}G?[a-i][0-9]\\*?;)?G?[a-i][0-9](-[a-i][0-9])?(;x(G?[a-i][0-9]\\*?,){0,4}G?[a-i][0-9]\\*?)?( \\([0-9]{1,2}\\))?"
    ) {
        let mut position = Position::new(Variant::Standard);
        for turn in ["e1-e3", "b1-b3", "e1-e4", "b1-b4"] {
            position.play_notation(turn).unwrap();
        }
        let before = position;
        if position.play_notation(&text).is_err() {
            prop_assert_eq!(position, before);
        }
    }
}

#[test]
fn serde_round_trips_positions_and_turns() {
    let mut position = Position::new(Variant::Tournament);
    let done = position.play_notation("Ge8").unwrap();
    let json = serde_json::to_string(&position).unwrap();
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), position);
    let turn = *done.iter().next().unwrap();
    let json = serde_json::to_string(&turn).unwrap();
    assert!(json.contains(r#""end":"e8""#), "{json}");
    assert_eq!(serde_json::from_str::<gipf::Turn>(&json).unwrap(), turn);
    let json = serde_json::to_string(&position.pieces(Color::White)).unwrap();
    assert_eq!(json, r#"["e8"]"#);
    // Every kind of decision: a row's line and a set of spots too.
    let row = Decision::Row(Line::all().next().unwrap());
    assert_eq!(
        serde_json::to_string(&row).unwrap(),
        r#"{"kind":"row","value":0}"#
    );
    for decision in [
        Decision::Push {
            entry: "b1 c2".parse().unwrap(),
            piece: Kind::Gipf,
        },
        Decision::Take(position.pieces(Color::White)),
        row,
    ] {
        let json = serde_json::to_string(&decision).unwrap();
        assert_eq!(
            serde_json::from_str::<Decision>(&json).unwrap(),
            decision,
            "{json}"
        );
    }
}

/// The kind of question a position waits for, or why its game ended.
fn question(position: &Position) -> &'static str {
    match position.pending() {
        Pending::Push => "push",
        Pending::ChooseRow { .. } => "row choice",
        Pending::TakeGipf { .. } => "GIPF-pieces to take",
        Pending::GameOver(outcome) => match outcome.reason {
            Reason::NoReserve => "no reserve",
            Reason::NoGipf => "no GIPF",
            Reason::Resignation => "resignation",
            Reason::NoMove => "no legal move",
        },
    }
}

#[test]
fn random_games_reach_every_kind_of_question_and_ending() {
    for (variant, wanted) in [
        (Variant::BASIC, "row choice"),
        (Variant::BASIC, "no reserve"),
        (Variant::Standard, "GIPF-pieces to take"),
        (Variant::Standard, "no reserve"),
        (Variant::Tournament, "row choice"),
        (Variant::Tournament, "no GIPF"),
    ] {
        let found = find_in_random_games(variant, 5000, 500, |position, _| {
            (question(position) == wanted).then_some(())
        });
        assert!(found.is_some(), "{variant}: {wanted}");
    }
}
