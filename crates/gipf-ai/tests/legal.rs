//! Every answer is a legal complete turn, in all three games, at any pending question.

mod common;

use common::{VARIANTS, random_position};
use gipf_ai::{Engine, Level, Limits, Request};

#[test]
fn every_answer_is_a_legal_complete_turn_leading_to_its_position() {
    let mut engine = Engine::with_table_megabytes(4);
    let mut checked = 0;
    let mut replayed_count = 0;
    for variant in VARIANTS {
        for seed in 0..40u64 {
            let position = random_position(variant, seed, (seed as usize * 13) % 150);
            let request = if seed % 3 == 0 {
                Request::level(Level::Easy).with_seed(seed)
            } else {
                Request::limits(Limits::depth(2))
            };
            let thought = engine
                .think(&position, &request)
                .expect("a game in progress");
            let turns = position.legal_turns();
            let legal = turns
                .iter()
                .find(|(turn, _)| *turn == thought.turn)
                .unwrap_or_else(|| panic!("{variant} seed {seed}: {thought} is not legal"));
            assert_eq!(legal.1.zobrist(), thought.after.zobrist());
            assert_eq!(thought.turn.color, position.to_move());
            // From the start of a turn (where a replayed record rests), the notation
            // replays to the same position.
            let progress = position.current_turn();
            if progress.push.is_none() && progress.start.is_empty() {
                let mut replayed = position;
                replayed
                    .play_notation(&thought.notation())
                    .expect("the engine's notation is readable");
                assert_eq!(replayed.zobrist(), thought.after.zobrist());
                replayed_count += 1;
            }
            assert!(!thought.reason.is_empty());
            checked += 1;
        }
    }
    assert_eq!(checked, 120);
    assert!(replayed_count > 60, "{replayed_count}");
}

#[test]
fn a_finished_game_has_no_answer() {
    let mut position = gipf::Position::new(gipf::Variant::Standard);
    let outcome = position.resign(gipf::Color::White).expect("in progress");
    let mut engine = Engine::with_table_megabytes(1);
    let answer = engine.think(&position, &Request::millis(10));
    assert_eq!(answer.err(), Some(gipf_ai::ThinkError::GameOver(outcome)));
}
