//! Every reason says concretely why, in words a player reads, in every game.

mod common;

use common::{VARIANTS, random_position};
use gipf::potentials::{Game, Options};
use gipf::random::Rng;
use gipf_ai::{Engine, Limits, Request};

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
