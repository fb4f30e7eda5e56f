//! Every reason says concretely why, in words a player reads, in every game.

mod common;

use common::{VARIANTS, random_position};
use gipf::potentials::{Game, Options};
use gipf::random::Rng;
use gipf_ai::{Engine, Limits, Request, Searchable};

/// The reasons given for the engine's turns in random positions of every game.
fn reasons() -> Vec<(String, u8, String)> {
    let mut engine = Engine::with_table_megabytes(4);
    let request = Request::limits(Limits::depth(2));
    let mut found = Vec::new();
    for variant in VARIANTS {
        for seed in 0..30u64 {
            let position = random_position(variant, seed + 300, 10 + (seed as usize * 5) % 50);
            let thought = engine.think(&position, &request).expect("in progress");
            let captured =
                thought.after.lost(!position.to_move()) - position.lost(!position.to_move());
            found.push((format!("{variant} {seed}"), captured, thought.reason));
        }
    }
    for seed in 0..30u64 {
        let mut game = Game::new(Options::ultimate());
        let mut rng = Rng::new(seed + 700);
        for _ in 0..(seed * 3) {
            let legal = game.legal_decisions();
            let mut next = game.clone();
            let _ = next.play(legal[rng.below(legal.len())]);
            if next.outcome().is_some() {
                break;
            }
            game = next;
        }
        let thought = engine.think_game(&game, &request).expect("in progress");
        let captured = thought.after.lost(!game.to_move()) - game.lost(!game.to_move());
        found.push((format!("ultimate {seed}"), captured, thought.reason));
    }
    found
}

#[test]
fn every_reason_says_why_with_its_numbers_and_grammar() {
    let found = reasons();
    for (case, captured, reason) in &found {
        assert!(!reason.is_empty(), "{case}");
        assert!(!reason.contains("strongest position"), "{case}: {reason}");
        for wrong in ["1 pieces", "1 lines", "1 turns", "1 GIPF-pieces"] {
            assert!(!reason.contains(wrong), "{case}: {reason}");
        }
        if *captured > 0 && !reason.starts_with("wins") {
            let count = if *captured == 1 {
                "1 piece".to_string()
            } else {
                format!("{captured} pieces")
            };
            assert!(
                reason.contains(&format!("captures {count}")),
                "{case}: {reason}"
            );
        }
    }
    // The quiet reasons are varied: a threat, lines built or blocked, the centre...
    let kinds = [
        "threatens",
        "builds",
        "blocks",
        "centre",
        "nothing to capture",
        "limits",
    ];
    let used = kinds
        .iter()
        .filter(|k| found.iter().any(|(_, _, r)| r.contains(*k)))
        .count();
    assert!(used >= 4, "{used} kinds of quiet reason");
}

/// The most the player to move in `position` can capture at once.
fn best_capture<S: Searchable>(position: &S) -> u8 {
    let mover = position.to_move();
    let lost = position.lost(!mover);
    let mut best = 0;
    position.each_turn(&mut |next, _, _| best = best.max(next.lost(!mover).saturating_sub(lost)));
    best
}

/// The number in a reason's `(a capture of N piece(s))`, if it has one.
fn capture_in(reason: &str) -> Option<u8> {
    let (_, rest) = reason.split_once("(a capture of ")?;
    rest.split(' ').next()?.parse().ok()
}

#[test]
fn every_row_a_reason_stops_or_threatens_is_there_with_its_capture() {
    let mut engine = Engine::with_table_megabytes(4);
    let request = Request::limits(Limits::depth(2));
    let (mut stopped, mut threatened) = (0, 0);
    for variant in VARIANTS {
        for seed in 0..40u64 {
            let position = random_position(variant, seed + 900, 8 + (seed as usize * 7) % 60);
            let thought = engine.think(&position, &request).expect("in progress");
            let reason = &thought.reason;
            let case = format!("{variant} {seed}: {reason}");
            // No row is named by spots (it was, wrongly: "a row on e7-e8").
            assert!(!reason.contains(" on "), "{case}");
            let Some(capture) = capture_in(reason) else {
                continue;
            };
            if reason.contains("stops") {
                // The opponent could capture that many now, and no longer after the turn.
                let now = best_capture(&position.passed().expect("a passed position"));
                assert_eq!(now, capture, "{case}");
                assert!(best_capture(&thought.after) < capture, "{case}");
                stopped += 1;
            } else if reason.contains("threatens a row") {
                // The mover could capture that many if he moved again.
                let next = thought.after.passed().expect("a passed position");
                assert_eq!(best_capture(&next), capture, "{case}");
                threatened += 1;
            }
        }
    }
    assert!(
        stopped > 0 && threatened > 0,
        "{stopped} stopped, {threatened} threatened"
    );
}
