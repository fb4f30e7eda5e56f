//! Positions for the tests, found in seeded random games of the rules crate.

#![allow(dead_code)] // Each test file uses some of these helpers.

use gipf::random::{Rng, find_in_random_games};
use gipf::{Color, Position, Reason, Variant};

/// The three games.
pub const VARIANTS: [Variant; 3] = [Variant::BASIC, Variant::Standard, Variant::Tournament];

/// A position after `decisions` random decisions from the start (or the last one before
/// the game ended): any pending question, mid-turn ones included.
pub fn random_position(variant: Variant, seed: u64, decisions: usize) -> Position {
    let mut rng = Rng::new(seed);
    let mut position = Position::new(variant);
    for _ in 0..decisions {
        let Some(decision) = position.random_decision(&mut rng) else {
            break;
        };
        let mut next = position;
        let _ = next.play(decision);
        if next.outcome().is_some() {
            break;
        }
        position = next;
    }
    position
}

/// Whether a position after a turn is a win for `mover`, for `reason`.
pub fn won(after: &Position, mover: Color, reason: Reason) -> bool {
    after
        .outcome()
        .is_some_and(|o| o.winner == mover && o.reason == reason)
}

/// Whether the player to move can win at once.
pub fn can_win_at_once(position: &Position) -> bool {
    let mover = position.to_move();
    position
        .legal_turns()
        .iter()
        .any(|(_, after)| after.outcome().is_some_and(|o| o.winner == mover))
}

/// Positions (the first `count` found) where the player to move has a turn that wins at
/// once for `reason` and a turn that does not.
pub fn winnable_positions(variant: Variant, reason: Reason, count: usize) -> Vec<Position> {
    let mut found = Vec::new();
    let _: Option<()> = find_in_random_games(variant, 3000, 400, |position, _| {
        if position.outcome().is_some() {
            return None;
        }
        let mover = position.to_move();
        let turns = position.legal_turns();
        let wins = turns.iter().filter(|(_, a)| won(a, mover, reason)).count();
        if wins > 0 && wins < turns.len() && !found.contains(position) {
            found.push(*position);
        }
        (found.len() >= count).then_some(())
    });
    found
}

/// Positions where some turns let the opponent win at once and others do not.
pub fn losable_positions(variant: Variant, count: usize) -> Vec<Position> {
    let mut found = Vec::new();
    let _: Option<()> = find_in_random_games(variant, 3000, 400, |position, _| {
        if position.outcome().is_some() || can_win_at_once(position) {
            return None;
        }
        let turns = position.legal_turns();
        let losing = turns
            .iter()
            .filter(|(_, after)| after.outcome().is_none() && can_win_at_once(after))
            .count();
        if losing > 0 && losing < turns.len() && !found.contains(position) {
            found.push(*position);
        }
        (found.len() >= count).then_some(())
    });
    found
}
