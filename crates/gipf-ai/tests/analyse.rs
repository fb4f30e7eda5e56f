//! The analysis of a real tournament game (the rules crate's test record).

use gipf::{Color, Position, Variant};
use gipf_ai::Engine;
use gipf_ai::analyse::analyse;

const RECORD: &str = include_str!("../../gipf/tests/data/tournament-41-plies.gipf");

#[test]
fn the_worst_turns_of_a_real_game_come_worst_first_with_a_better_turn() {
    let turns: Vec<&str> = RECORD
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    assert_eq!(turns.len(), 41);
    let mut engine = Engine::with_table_megabytes(8);
    let start = Position::new(Variant::Tournament);
    let mistakes = analyse(&mut engine, start, &turns, 2, 4).expect("a legal record");
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
    }
}

#[test]
fn an_illegal_record_turn_is_reported_with_its_index() {
    let mut engine = Engine::with_table_megabytes(1);
    let start = Position::new(Variant::Tournament);
    let error = analyse(&mut engine, start, &["Ge8", "e8"], 1, 3).expect_err("e8 is no first turn");
    assert_eq!(error.index, 1);
}
