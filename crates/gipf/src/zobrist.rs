//! Zobrist keys: a 64-bit fingerprint of a position, for transposition tables.

use crate::{Color, Kind, Pending, Position, Stage, Variant};

/// SplitMix64's mixing function: spreads any input over all 64 bits.
pub(crate) const fn mix(value: u64) -> u64 {
    let mut z = value.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One random key per (piece kind and colour, spot bit): built at compile time, so every
/// build and every machine agrees on the keys.
pub(crate) const PIECE_KEYS: [[u64; 64]; 4] = {
    let mut keys = [[0u64; 64]; 4];
    let mut piece = 0;
    while piece < 4 {
        let mut bit = 0;
        while bit < 64 {
            keys[piece][bit] = mix(((piece as u64) << 8 | bit as u64) ^ 0x5A17_0F61_9F00_0000);
            bit += 1;
        }
        piece += 1;
    }
    keys
};

/// Salts for the small counters and flags, each hashed with [`mix`].
const SALT_RESERVE: [u64; 2] = [0x1000_0000_0000_0001, 0x1000_0000_0000_0002];
const SALT_LOST: [u64; 2] = [0x2000_0000_0000_0001, 0x2000_0000_0000_0002];
const SALT_PHASE: [u64; 2] = [0x3000_0000_0000_0001, 0x3000_0000_0000_0002];
const SALT_KINDS: u64 = 0x4000_0000_0000_0000;
const SALT_TURN: u64 = 0x5000_0000_0000_0000;
const SALT_SELECTED: u64 = 0x6000_0000_0000_0000;
const SALT_OUTCOME: u64 = 0x7000_0000_0000_0000;
const SALT_VARIANT: u64 = 0x8000_0000_0000_0000;
const BLACK_TO_MOVE: u64 = mix(0x9000_0000_0000_0000);

pub(crate) fn piece_index(color: Color, kind: Kind) -> usize {
    match (color, kind) {
        (Color::White, Kind::Basic) => 0,
        (Color::White, Kind::Gipf) => 1,
        (Color::Black, Kind::Basic) => 2,
        (Color::Black, Kind::Gipf) => 3,
    }
}

fn bits_key(bits: u64, table: &[u64; 64]) -> u64 {
    let mut key = 0;
    let mut rest = bits;
    while rest != 0 {
        key ^= table[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    key
}

impl Position {
    /// A 64-bit fingerprint of everything that decides the game from here: the pieces and
    /// their kinds, reserves, captures, the player to move, the GIPF phases, the pushes he
    /// may make, where he is within his turn, and the outcome. Equal positions have equal
    /// keys; different ones have different keys but for a 2⁻⁶⁴ chance.
    ///
    /// It is computed from the bitboards when asked (about one table lookup per piece)
    /// rather than kept up to date move by move: the rules stay free of search concerns,
    /// and a search asks once per node, where a few dozen lookups cost less than the push.
    ///
    /// Whether each player has completed a turn is not stored in the key: the board and the
    /// reserves already tell it in every position a game can reach (it only decides the
    /// tournament game's first push, which [`Position::legal_kinds`] covers, and the "no
    /// GIPF" check before a first turn).
    ///
    /// ```
    /// use gipf::{Position, Variant};
    /// let start = Position::new(Variant::Standard);
    /// let mut a = start;
    /// a.play_notation("a5-c5").unwrap(); // White
    /// a.play_notation("a1-c3").unwrap(); // Black
    /// let mut b = start;
    /// b.play_notation("a5-c5").unwrap();
    /// assert_ne!(a.zobrist(), b.zobrist());
    /// assert_ne!(start.zobrist(), Position::new(Variant::Tournament).zobrist());
    /// let mut again = start;
    /// again.play_notation("a5-c5").unwrap();
    /// assert_eq!(again.zobrist(), b.zobrist());
    /// ```
    pub fn zobrist(&self) -> u64 {
        let gipf = self.gipf_pieces().bits();
        let mut key = 0;
        for color in Color::ALL {
            let own = self.pieces(color).bits();
            key ^= bits_key(own & !gipf, &PIECE_KEYS[piece_index(color, Kind::Basic)]);
            key ^= bits_key(own & gipf, &PIECE_KEYS[piece_index(color, Kind::Gipf)]);
            let side = color as usize;
            key ^= mix(SALT_RESERVE[side] ^ u64::from(self.reserve(color)));
            key ^= mix(SALT_LOST[side] ^ u64::from(self.lost(color)));
            key ^= mix(SALT_PHASE[side] ^ u64::from(self.in_gipf_phase(color)));
        }
        if self.to_move() == Color::Black {
            key ^= BLACK_TO_MOVE;
        }
        key ^= mix(SALT_VARIANT ^ variant_code(self.variant()));
        if let Some(outcome) = self.outcome() {
            return key ^ mix(SALT_OUTCOME ^ outcome.winner as u64);
        }
        if self.stage() == Stage::Push {
            if self.variant() == Variant::Tournament {
                let kinds = self.legal_kinds().fold(0, |set, k| set | 1 << k as u64);
                key ^= mix(SALT_KINDS ^ kinds);
            }
            return key;
        }
        // Within a turn: what was removed so far tells which rows were dealt with, and the
        // row whose GIPF-pieces are being decided on is part of the question.
        let turn = self.current_turn();
        let stage = self.stage() as u64;
        key ^= mix(SALT_TURN ^ stage ^ mix(turn.start.spots.bits()) ^ turn.after.spots.bits());
        if let Pending::TakeGipf { row, .. } = self.pending() {
            key ^= mix(SALT_SELECTED ^ row.line.index() as u64);
        }
        key
    }
}

pub(crate) fn variant_code(variant: Variant) -> u64 {
    match variant {
        Variant::Basic { extra } => {
            u64::from(extra[Color::White]) << 8 | u64::from(extra[Color::Black]) << 16
        }
        Variant::Standard => 1,
        Variant::Tournament => 2,
    }
}

#[cfg(test)]
mod tests {
    use crate::random::Rng;
    use crate::{Color, Position, Variant};

    #[test]
    fn equal_keys_mean_equal_boards_along_random_games() {
        let mut seen = std::collections::HashMap::new();
        for seed in 0..40 {
            let mut rng = Rng::new(seed);
            let mut position = Position::new(Variant::Tournament);
            while let Some(decision) = position.random_decision(&mut rng) {
                let state = |p: &Position| {
                    let colors = Color::ALL.map(|c| (p.pieces(c), p.reserve(c), p.lost(c)));
                    (colors, p.gipf_pieces(), p.to_move(), p.stage())
                };
                if let Some(other) = seen.insert(position.zobrist(), state(&position)) {
                    assert_eq!(other, state(&position));
                }
                let _ = position.play(decision);
            }
        }
        assert!(seen.len() > 1000, "{}", seen.len());
    }
}
