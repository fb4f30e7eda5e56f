//! The analysis of a real tournament game (the rules crate's test record).

use gipf::potentials::{Game, Options};
use gipf::random::Rng;
use gipf::{Color, Variant};
use gipf_ai::analyse::{Budget, analyse};
use gipf_ai::{Engine, Limits, Request};

/// A quick scan, a deeper look at the worst.
const BUDGET: Budget = Budget {
    scan: Limits::depth(1),
    confirm: Limits::depth(2),
};

const RECORD: &str = include_str!("../../gipf/tests/data/tournament-41-plies.gipf");

/// The record's turns, one a line.
fn record_turns() -> Vec<&'static str> {
    RECORD
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect()
}

#[test]
fn the_worst_turns_of_a_real_game_come_worst_first_with_a_better_turn() {
    let turns = record_turns();
    assert_eq!(turns.len(), 41);
    let mut engine = Engine::with_table_megabytes(8);
    let start = Game::new(Options::plain(Variant::Tournament));
    let mistakes = analyse(&mut engine, &start, &turns, &BUDGET, 4).expect("a legal record");
    assert_eq!(mistakes.len(), 4);
    for pair in mistakes.windows(2) {
        assert!(pair[0].loss >= pair[1].loss);
    }
    for mistake in &mistakes {
        assert!(mistake.loss > 0);
        assert_eq!(mistake.better_score - mistake.played_score, mistake.loss);
        assert_ne!(mistake.played, mistake.better);
        let color = if mistake.index % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        assert_eq!(mistake.color, color);
        assert!(
            mistake
                .to_string()
                .starts_with(&format!("turn {}", mistake.index + 1))
        );
        // The better turn is what a fresh engine thinks there at the confirming limits
        // (as `gipf-bot think` at that level would), with its reason and a cost in words.
        let mut before = gipf::Position::new(Variant::Tournament);
        for turn in &turns[..mistake.index] {
            before.play_notation(turn).unwrap();
        }
        let fresh = Engine::with_table_megabytes(8)
            .think(&before, &Request::limits(BUDGET.confirm))
            .unwrap();
        assert_eq!(mistake.better, fresh.turn.to_string());
        assert_eq!(mistake.reason, fresh.reason);
        assert!(mistake.cost().starts_with("cost") || mistake.cost().contains("win"));
    }
}

#[test]
fn an_illegal_record_turn_is_reported_with_its_index() {
    let mut engine = Engine::with_table_megabytes(1);
    let start = Game::new(Options::plain(Variant::Tournament));
    let error =
        analyse(&mut engine, &start, &["Ge8", "e8"], &BUDGET, 3).expect_err("e8 is no first turn");
    assert_eq!(error.index, 1);
}

#[test]
fn an_ultimate_game_is_analysed_in_its_own_notation() {
    // Twenty turns of random play: mistakes enough, each a turn of the record.
    let start = Game::new(Options::ultimate());
    let mut game = start.clone();
    let mut rng = Rng::new(23);
    let mut turns = Vec::new();
    while turns.len() < 20 && game.outcome().is_none() {
        let decisions = game.legal_decisions();
        let done = game
            .play(decisions[rng.below(decisions.len())])
            .expect("a legal decision");
        turns.extend(done.iter().map(|turn| turn.to_string()));
    }
    let mut engine = Engine::with_table_megabytes(8);
    let mistakes = analyse(&mut engine, &start, &turns, &BUDGET, 3).expect("the game's own record");
    assert_eq!(mistakes.len(), 3);
    for mistake in &mistakes {
        assert_eq!(
            mistake.played,
            played_turn(&start, &turns, mistake.index).to_string()
        );
        assert!(mistake.loss > 0);
        assert_ne!(mistake.played, mistake.better);
    }
}

/// The turn at `index` of a record, as the game writes it.
fn played_turn(start: &Game, turns: &[String], index: usize) -> gipf::potentials::Turn {
    let mut game = start.clone();
    for turn in &turns[..index] {
        game.play_notation(turn).expect("a legal turn");
    }
    let done = game.play_notation(&turns[index]).expect("a legal turn");
    done.into_iter().next().expect("one turn")
}

#[test]
fn an_analysis_does_not_depend_on_what_the_engine_searched_before() {
    let turns = record_turns();
    let start = Game::new(Options::plain(Variant::Tournament));
    let fresh = analyse(
        &mut Engine::with_table_megabytes(8),
        &start,
        &turns,
        &BUDGET,
        4,
    );
    // An engine that searched other games first, and its table's age wrapped around.
    let mut used = Engine::with_table_megabytes(8);
    let other = gipf::Position::new(Variant::Standard);
    for _ in 0..300 {
        used.think(&other, &Request::limits(Limits::depth(1)))
            .unwrap();
    }
    assert_eq!(
        analyse(&mut used, &start, &turns, &BUDGET, 4),
        fresh,
        "the same game, the same analysis"
    );
}
