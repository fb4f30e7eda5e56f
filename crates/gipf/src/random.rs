//! Random numbers and random games: seeded, reproducible, not cryptographic. For playouts,
//! tests and benches.
//!
//! ```
//! use gipf::random::Rng;
//! use gipf::{Position, Variant};
//! let mut rng = Rng::new(7);
//! let mut position = Position::new(Variant::Tournament);
//! position.playout(&mut rng);
//! assert!(position.outcome().is_some());
//! // The same seed plays the same game.
//! let mut again = Position::new(Variant::Tournament);
//! again.playout(&mut Rng::new(7));
//! assert_eq!(again, position);
//! ```

use crate::{Position, Turn, Variant};

/// A seeded generator of random numbers (SplitMix64): the same seed gives the same numbers,
/// on every machine. Fast and well mixed, but predictable: never use it for secrets.
///
/// ```
/// use gipf::random::Rng;
/// let mut a = Rng::new(0);
/// let mut b = a.clone();
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!((0..100).all(|_| a.below(6) < 6));
/// ```
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator started from `seed`; any seed, 0 included, gives a good sequence.
    pub const fn new(seed: u64) -> Rng {
        Rng { state: seed }
    }

    /// The next number, uniform over all of `u64`.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        // SplitMix64 (Steele, Lea and Flood): a Weyl sequence through a mixing function.
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n`, every one as likely (to within 2⁻⁶⁴); `0` when `n` is 0.
    #[inline]
    pub fn below(&mut self, n: usize) -> usize {
        // The high half of a 64×64-bit product: no division, and no modulo bias to speak of.
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

/// Plays random games and returns the first thing `visit` finds in one of them.
///
/// Game `seed` (from 1 to `games`) starts from [`Position::new`] and is played decision by
/// decision with [`Position::random_decision`] and an [`Rng`] seeded with `seed`, so every
/// game can be replayed. `visit` sees the start position and the position after every
/// decision, with the turns completed so far in that game; a game stops when it ends or
/// after `max_turns` turns.
///
/// ```
/// use gipf::random::find_in_random_games;
/// use gipf::{Pending, Variant};
/// // A random game in which a player must choose between intersecting rows.
/// let found = find_in_random_games(Variant::Tournament, 2000, 100, |position, turns| {
///     matches!(position.pending(), Pending::ChooseRow { .. }).then(|| turns.len())
/// });
/// assert!(found.is_some());
/// ```
pub fn find_in_random_games<T>(
    variant: Variant,
    games: u64,
    max_turns: usize,
    mut visit: impl FnMut(&Position, &[Turn]) -> Option<T>,
) -> Option<T> {
    for seed in 1..=games {
        let mut rng = Rng::new(seed);
        let mut position = Position::new(variant);
        let mut turns = Vec::new();
        if let Some(found) = visit(&position, &turns) {
            return Some(found);
        }
        while turns.len() < max_turns {
            let Some(decision) = position.random_decision(&mut rng) else {
                break;
            };
            // A generated decision is always legal; stop this game if it ever is not.
            let Ok(done) = position.play(decision) else {
                break;
            };
            turns.extend(done.iter().copied());
            if let Some(found) = visit(&position, &turns) {
                return Some(found);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_gives_the_same_numbers_and_zero_is_a_good_seed() {
        let first: Vec<u64> = {
            let mut rng = Rng::new(0);
            (0..4).map(|_| rng.next_u64()).collect()
        };
        let mut again = Rng::new(0);
        assert!(first.iter().all(|&n| again.next_u64() == n));
        assert!(first.iter().all(|&n| n != 0));
        assert_ne!(first[0], Rng::new(1).next_u64());
    }

    #[test]
    fn below_covers_the_range_about_evenly() {
        let mut rng = Rng::new(42);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[rng.below(6)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_000..11_000).contains(&c)),
            "{counts:?}"
        );
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn random_games_are_visited_from_the_start_and_replay_by_seed() {
        let mut visits = 0;
        let none: Option<()> = find_in_random_games(Variant::Standard, 3, 5, |position, turns| {
            visits += 1;
            assert!(turns.len() <= 5);
            assert_eq!(usize::from(position.plies()), turns.len());
            None
        });
        assert_eq!(none, None);
        assert!(
            visits >= 3 * 6,
            "each game: the start and at least one decision a turn"
        );
        let record = |seed| {
            find_in_random_games(Variant::Tournament, seed, 30, |position, turns| {
                (turns.len() == 30 || position.outcome().is_some()).then(|| turns.to_vec())
            })
        };
        assert_eq!(record(1), record(1));
        assert!(record(1).is_some_and(|turns| !turns.is_empty()));
    }
}
