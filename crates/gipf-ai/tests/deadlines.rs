//! Deadlines are kept, the stop flag is obeyed, and fixed seeds and depths give stable
//! answers.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use common::{VARIANTS, random_position};
use gipf::{Position, Variant};
use gipf_ai::{Engine, Level, Limits, Request};

#[test]
fn a_budget_is_kept_to_within_100_ms() {
    let mut engine = Engine::with_table_megabytes(8);
    for (index, variant) in VARIANTS.into_iter().enumerate() {
        let position = random_position(variant, index as u64, 30);
        let started = Instant::now();
        let thought = engine
            .think(&position, &Request::millis(150))
            .expect("in progress");
        let elapsed = started.elapsed();
        assert!(
            elapsed < Duration::from_millis(250),
            "{variant}: {elapsed:?}"
        );
        assert!(thought.depth >= 1, "{variant}: depth {}", thought.depth);
    }
    let start = Position::new(Variant::Standard);
    let thought = engine
        .think(&start, &Request::millis(150))
        .expect("in progress");
    assert!(thought.depth >= 3, "depth {} from the start", thought.depth);
}

#[test]
fn raising_the_stop_flag_ends_the_search_at_once() {
    let stop = Arc::new(AtomicBool::new(false));
    let raiser = {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(60));
            stop.store(true, Ordering::Relaxed);
        })
    };
    let mut engine = Engine::with_table_megabytes(8);
    let started = Instant::now();
    let request = Request::limits(Limits::time(Duration::from_secs(30))).with_stop(stop);
    let thought = engine
        .think(&Position::new(Variant::Standard), &request)
        .expect("in progress");
    assert!(
        started.elapsed() < Duration::from_millis(500),
        "{:?}",
        started.elapsed()
    );
    assert!(raiser.join().is_ok());
    assert!(
        Position::new(Variant::Standard)
            .legal_turns()
            .iter()
            .any(|(turn, _)| *turn == thought.turn)
    );
}

#[test]
fn a_fixed_depth_or_seed_gives_the_same_answer() {
    for variant in VARIANTS {
        let position = random_position(variant, 11, 40);
        let answer = |request: &Request, engine: &mut Engine| {
            engine.think(&position, request).expect("in progress").turn
        };
        let deep = Request::limits(Limits::depth(3));
        let mut reused = Engine::with_table_megabytes(4);
        let first = answer(&deep, &mut Engine::with_table_megabytes(4));
        assert_eq!(first, answer(&deep, &mut Engine::with_table_megabytes(4)));
        assert_eq!(first, answer(&deep, &mut reused));
        let easy = Request::level(Level::Easy).with_seed(3);
        let noisy = answer(&easy, &mut Engine::with_table_megabytes(4));
        assert_eq!(noisy, answer(&easy, &mut reused));
    }
}

#[test]
fn the_easy_level_varies_with_the_seed() {
    let position = Position::new(Variant::Standard);
    let mut engine = Engine::with_table_megabytes(1);
    let turns: std::collections::HashSet<String> = (0..12)
        .map(|seed| {
            let request = Request::level(Level::Easy).with_seed(seed);
            engine
                .think(&position, &request)
                .expect("in progress")
                .notation()
        })
        .collect();
    assert!(turns.len() >= 3, "{turns:?}");
}

#[test]
fn a_budget_of_zero_still_gives_a_legal_turn() {
    let mut engine = Engine::with_table_megabytes(1);
    for variant in VARIANTS {
        let position = random_position(variant, 5, 60);
        let thought = engine
            .think(&position, &Request::millis(0))
            .expect("in progress");
        assert!(
            position
                .legal_turns()
                .iter()
                .any(|(turn, _)| *turn == thought.turn)
        );
        assert!(
            thought.elapsed < Duration::from_millis(50),
            "{:?}",
            thought.elapsed
        );
    }
}

/// Two standing rows of White GIPF-pieces: every subset of them, at the start of the turn
/// and again after every push, would make millions of turns.
fn crowded() -> Position {
    let mut setup = gipf::Setup::new(Variant::Tournament);
    setup
        .place_all("c2 W, c3 W, c4 W, c5 W, c6 W, g2 W, g3 W, g4 W, g5 W, e5 B, d4 B, f6 B")
        .expect("a valid setup");
    setup.reserve = gipf::ByColor::new(4, 10);
    setup.played = gipf::ByColor::splat(true);
    setup.gipf_phase = gipf::ByColor::splat(false);
    Position::from_setup(&setup).expect("a valid position")
}

#[test]
fn a_crowded_tournament_position_keeps_the_budget() {
    let position = crowded();
    assert!(matches!(position.pending(), gipf::Pending::TakeGipf { .. }));
    let mut engine = Engine::with_table_megabytes(8);
    let started = Instant::now();
    let thought = engine
        .think(&position, &Request::millis(200))
        .expect("in progress");
    assert!(
        started.elapsed() < Duration::from_millis(300),
        "{:?}",
        started.elapsed()
    );
    let mut replayed = position;
    replayed
        .play_notation(&thought.notation())
        .expect("a legal turn");
    assert_eq!(replayed.zobrist(), thought.after.zobrist());
}
