//! Immediate wins are taken (both kinds), immediate losses avoided.

mod common;

use common::{can_win_at_once, losable_positions, winnable_positions, won};
use gipf::{Reason, Variant};
use gipf_ai::score::WIN;
use gipf_ai::{Engine, Level, Limits, Request};

fn takes_the_win(variant: Variant, reason: Reason) {
    let positions = winnable_positions(variant, reason, 6);
    assert!(
        positions.len() >= 3,
        "{variant}: only {} positions",
        positions.len()
    );
    let mut engine = Engine::with_table_megabytes(4);
    for position in positions {
        let mover = position.to_move();
        for request in [
            Request::limits(Limits::depth(1)),
            Request::limits(Limits::depth(3)),
            Request::level(Level::Easy).with_seed(5),
            // The beginner's blur never hides a win it sees (its clock left out: a
            // loaded machine must not decide the test).
            Request::limits(Limits {
                time: None,
                ..Level::Beginner.limits()
            })
            .with_seed(5),
        ] {
            let thought = engine.think(&position, &request).expect("in progress");
            assert!(won(&thought.after, mover, reason), "{variant}: {thought}");
            assert_eq!(thought.evaluation, WIN - 1);
            let expected = match reason {
                Reason::NoGipf => "wins: takes the opponent's last GIPF-piece",
                _ => "wins: the opponent cannot push",
            };
            assert_eq!(thought.reason, expected);
        }
    }
}

#[test]
fn a_win_by_the_opponents_empty_reserve_is_taken() {
    takes_the_win(Variant::BASIC, Reason::NoReserve);
}

#[test]
fn a_win_by_capturing_the_last_gipf_piece_is_taken() {
    takes_the_win(Variant::Standard, Reason::NoGipf);
    takes_the_win(Variant::Tournament, Reason::NoGipf);
}

#[test]
fn a_turn_that_lets_the_opponent_win_at_once_is_avoided() {
    for variant in [Variant::BASIC, Variant::Standard] {
        let positions = losable_positions(variant, 5);
        assert!(positions.len() >= 3, "{variant}: only {}", positions.len());
        let mut engine = Engine::with_table_megabytes(4);
        for position in positions {
            let thought = engine
                .think(&position, &Request::limits(Limits::depth(2)))
                .expect("in progress");
            assert!(
                thought.after.outcome().is_some() || !can_win_at_once(&thought.after),
                "{variant}: {thought}"
            );
            assert!(thought.evaluation > -(WIN - 2), "{thought}");
        }
    }
}
