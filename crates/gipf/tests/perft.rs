//! Perft: leaf counts of the game tree, each edge one complete legal turn.
#![allow(clippy::unwrap_used)]

use gipf::{Position, Variant};

#[test]
fn standard_perft_1_to_3() {
    let start = Position::new(Variant::Standard);
    assert_eq!([1, 2, 3].map(|d| start.perft(d)), [42, 1764, 73800]);
}

#[test]
fn basic_perft_matches_standard_shape() {
    // Same start spots as standard: no row can form in three turns, so the counts agree.
    let start = Position::new(Variant::BASIC);
    assert_eq!([1, 2, 3].map(|d| start.perft(d)), [42, 1764, 73800]);
}

#[test]
fn tournament_perft_1_to_3() {
    // Turn 1 and 2 must bring in a GIPF-piece (42 each); turn 3 may push either kind.
    let start = Position::new(Variant::Tournament);
    let counts = [1, 2, 3].map(|d| start.perft(d));
    assert_eq!(counts[0], 42);
    assert_eq!(counts[1], 42 * 42);
    assert_eq!(counts[2], 42 * 42 * 84);
}
