//! Random games for the integration tests, from the rules crate's one seeded walker.

use gipf::random::find_in_random_games;
use gipf::{Position, Variant};

/// Plays seeded random games of `variant` (at most `max_turns` turns each) and returns the
/// first thing `find` accepts at the start of a turn: a position that the turns so far (in
/// notation, `{:#}`) describe completely, with no decision of the mover made yet.
pub fn find_at_turn_start<T>(
    variant: Variant,
    games: u64,
    max_turns: usize,
    mut find: impl FnMut(Position, &[String]) -> Option<T>,
) -> T {
    find_in_random_games(variant, games, max_turns, |position, turns| {
        let started = position.current_turn();
        if !started.start.is_empty() || started.push.is_some() {
            return None;
        }
        let record: Vec<String> = turns.iter().map(|turn| format!("{turn:#}")).collect();
        find(*position, &record)
    })
    .unwrap_or_else(|| panic!("no such position in {games} random games of {variant}"))
}
