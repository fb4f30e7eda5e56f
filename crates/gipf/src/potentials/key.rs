//! Zobrist keys of games with potentials, for transposition tables.

use super::game::{Phase, Stage};
use super::{Base, Game, Potential, Stack};
use crate::zobrist::{PIECE_KEYS, mix, piece_index, variant_code};
use crate::{Color, Kind};

/// Salts for everything but the plain pieces, each hashed with [`mix`]; distinct from the
/// salts of [`crate::Position::zobrist`]'s counters.
const SALT_STACK: u64 = 0xA100_0000_0000_0000;
const SALT_COUNTS: [u64; 2] = [0xA200_0000_0000_0001, 0xA200_0000_0000_0002];
const SALT_SUPPLY: [u64; 2] = [0xA300_0000_0000_0001, 0xA300_0000_0000_0002];
const SALT_TURN: u64 = 0xA400_0000_0000_0000;
const SALT_ROWS: u64 = 0xA500_0000_0000_0000;
const SALT_OUTCOME: u64 = 0xA600_0000_0000_0000;
const SALT_OPTIONS: u64 = 0xA700_0000_0000_0000;

impl Game {
    /// A 64-bit Zobrist fingerprint of everything that decides the game from here: every
    /// stack layer by layer (colour and kind of its base, its used DVONN or PÜNCT covers),
    /// the supplies still to load, reserves, losses, potentials out of the game, each
    /// player's phase and whether he has played, the player to move, where he is within his
    /// turn (rows dealt with, the row being taken from, a TAMSK extra push to answer), the
    /// outcome, and the game. Equal states have equal keys; different ones have different
    /// keys but for a 2⁻⁶⁴ chance.
    ///
    /// The record of the turn so far and the count of plies are not in it: they change
    /// what is written, not what can happen. Computed when asked, one lookup or mix per
    /// stack, like [`Position::zobrist`](crate::Position::zobrist), whose piece tables the
    /// plain basic and GIPF-pieces share.
    ///
    /// ```
    /// use gipf::potentials::{Game, Options};
    /// let start = Game::new(Options::ultimate());
    /// let (mut a, mut b) = (start.clone(), start.clone());
    /// for push in ["Ge8", "Ga1-b2", "Gi1-h2"] {
    ///     a.play_notation(push).unwrap();
    /// }
    /// for push in ["Gi1-h2", "Ga1-b2", "Ge8"] {
    ///     b.play_notation(push).unwrap();
    /// }
    /// assert_eq!(a.key(), b.key()); // one state, two move orders
    /// assert_ne!(a.key(), start.key());
    /// ```
    pub fn key(&self) -> u64 {
        let mut key = 0;
        for spot in self.occupied.iter() {
            if let Some(stack) = self.stack(spot) {
                key ^= stack_key(stack, spot.spot_index());
            }
        }
        for color in Color::ALL {
            let side = color as usize;
            let counts = [self.reserve[color], self.lost[color], self.out[color]];
            let phase = match self.phase[color] {
                Phase::Gipf => 0,
                Phase::Loaded => 1,
                Phase::Basic => 2,
            };
            let flags = phase | u64::from(self.played[color]) << 2;
            key ^= mix(SALT_COUNTS[side] ^ bytes(&counts) ^ flags << 32);
            key ^= mix(SALT_SUPPLY[side] ^ bytes(&self.supply[color].0));
        }
        key ^ self.turn_key() ^ self.options_key()
    }

    /// The player to move, where he is within his turn, and the outcome.
    fn turn_key(&self) -> u64 {
        let stage = match self.stage {
            Stage::Start => 0,
            Stage::Action => 1,
            Stage::Tamsk => 2,
            Stage::After => 3,
        };
        let selected = self.selected.map_or(0, |line| line.index() as u64 + 1);
        let turn = self.to_move as u64 | stage << 1 | selected << 8;
        let mut key = mix(SALT_TURN ^ turn) ^ mix(SALT_ROWS ^ u64::from(self.dealt));
        if let Some(outcome) = self.outcome {
            key ^= mix(SALT_OUTCOME ^ outcome.winner as u64 ^ (outcome.reason as u64) << 8);
        }
        key
    }

    fn options_key(&self) -> u64 {
        let variant = variant_code(self.options.variant());
        mix(SALT_OPTIONS ^ variant ^ u64::from(self.options.is_ultimate()) << 32)
    }
}

/// The key of a stack on a spot (its bit index): a plain basic or GIPF-piece takes
/// [`Position`](crate::Position)'s key, any other shape a mix of its layers.
fn stack_key(stack: Stack, bit: u32) -> u64 {
    if stack.covers == 0 {
        match stack.base {
            Base::Basic => return PIECE_KEYS[piece_index(stack.bottom, Kind::Basic)][bit as usize],
            Base::Gipf => return PIECE_KEYS[piece_index(stack.bottom, Kind::Gipf)][bit as usize],
            _ => {}
        }
    }
    let base = match stack.base {
        Base::Basic => 0,
        Base::Gipf => 1,
        Base::Loaded(kind) => 2 + kind_code(kind),
        Base::Used(kind) => 7 + kind_code(kind),
    };
    let cover = if stack.covers > 0 {
        u64::from(stack.covers) << 8 | kind_code(stack.cover_kind) << 16
    } else {
        0
    };
    let shape = stack.bottom as u64 | base << 1 | cover;
    mix(SALT_STACK ^ u64::from(bit) << 24 ^ shape)
}

fn kind_code(kind: Potential) -> u64 {
    Potential::ALL.iter().position(|&k| k == kind).unwrap_or(0) as u64
}

/// Up to eight small counts packed one per byte.
fn bytes(counts: &[u8]) -> u64 {
    counts
        .iter()
        .enumerate()
        .fold(0, |packed, (i, &c)| packed | u64::from(c) << (8 * i))
}

#[cfg(test)]
mod tests {
    use std::collections::HashMap;

    use proptest::prelude::*;

    use super::super::{Decision, Game, Options, PieceKind};
    use crate::random::Rng;
    use crate::{Entry, Variant};

    /// Everything the key covers, written out: two games with the same text are one state.
    fn state(game: &Game) -> String {
        format!(
            "{:?}",
            (
                game.board,
                (game.reserve, game.lost, game.out, game.supply),
                (game.phase, game.played, game.to_move, game.stage),
                (game.dealt, game.selected, game.outcome, game.options),
            )
        )
    }

    fn options(pick: usize) -> Options {
        let mixed = super::super::parse_supplies("W:T3,Z3,D4 B:Y3,P3,D3").unwrap();
        match pick {
            0 => Options::ultimate(),
            1 => Options::new(Variant::Standard, mixed).unwrap(),
            _ => Options::new(Variant::Tournament, mixed).unwrap(),
        }
    }

    /// Plays a random game; every state seen is checked against the keys seen before.
    fn walk(game: &mut Game, rng: &mut Rng, seen: &mut HashMap<u64, String>) {
        let mut states: HashMap<String, u64> = HashMap::new();
        for _ in 0..300 {
            let (key, text) = (game.key(), state(game));
            assert_eq!(game.clone().key(), key);
            if let Some(other) = seen.insert(key, text.clone()) {
                assert_eq!(other, text, "two states share the key {key:#x}");
            }
            if let Some(other) = states.insert(text, key) {
                assert_eq!(other, key, "one state, two keys");
            }
            let decisions = game.legal_decisions();
            if decisions.is_empty() {
                return;
            }
            game.play(decisions[rng.below(decisions.len())]).unwrap();
        }
    }

    /// Plays GIPF-pieces at three entries onto empty spots, in the order given.
    fn gipfs(options: Options, entries: [Entry; 3]) -> Game {
        let mut game = Game::new(options);
        for entry in entries {
            let piece = PieceKind::Gipf;
            game.play(Decision::Push { entry, piece }).unwrap();
        }
        game
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        #[test]
        fn keys_tell_states_apart_along_random_games(seed in any::<u64>(), pick in 0..3usize) {
            let mut rng = Rng::new(seed);
            let mut seen = HashMap::new();
            // Random games may end early (a GIPF-piece lost): play on until enough states.
            for _ in 0..40 {
                walk(&mut Game::new(options(pick)), &mut rng, &mut seen);
                if seen.len() > 300 {
                    break;
                }
            }
            prop_assert!(seen.len() > 300);
        }

        #[test]
        fn two_move_orders_to_one_state_give_one_key(a in 0..42u8, b in 0..42u8, c in 0..42u8) {
            let entries = [a, b, c].map(Entry);
            let firsts = entries.map(Entry::first);
            prop_assume!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
            for pick in [0, 2] {
                let one = gipfs(options(pick), entries);
                let other = gipfs(options(pick), [entries[2], entries[1], entries[0]]);
                prop_assert_eq!(state(&one), state(&other));
                prop_assert_eq!(one.key(), other.key());
                prop_assert_ne!(one.key(), Game::new(options(pick)).key());
            }
        }
    }
}
