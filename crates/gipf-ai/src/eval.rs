//! The static evaluation: how good a position is for the player to move.

use gipf::{ByColor, Color, Position};

use crate::masks::{AXIS_STEPS, CENTRE, INNER_RING, LINES_THROUGH};
use crate::{Score, Searchable, Weights};

/// The penalty for a reserve of 0, 1, 2, ... pieces, in units of
/// [`Weights::low_reserve`] / 10: a player who cannot push loses, and each piece fewer
/// brings that closer, faster and faster as the reserve runs out.
const LOW_RESERVE: [Score; 8] = [40, 28, 19, 12, 7, 4, 2, 1];

/// How good `state` is for the player to move, in centi-pieces (see [`Score`]). Only the
/// board, reserves, captures (and with potentials the loaded pieces and supplies) are
/// looked at: a finished game is the search's business.
///
/// ```
/// use gipf::{Position, Variant};
/// use gipf_ai::{evaluate, Weights};
/// let start = Position::new(Variant::Standard);
/// // The start is even; only the tempo of the player to move counts.
/// assert_eq!(evaluate(&start, &Weights::default()), Weights::default().tempo);
/// // The same start on the machine for potentials is judged the same.
/// let game = gipf::potentials::Game::new(gipf::potentials::Options::plain(Variant::Standard));
/// assert_eq!(evaluate(&game, &Weights::default()), Weights::default().tempo);
/// ```
pub fn evaluate<S: Searchable>(state: &S, weights: &Weights) -> Score {
    state.evaluate(weights)
}

/// What the evaluation of the base game looks at, read off either machine.
pub(crate) struct Board {
    pub mover: Color,
    /// Each colour's pieces (the tops of stacks with potentials).
    pub pieces: ByColor<u64>,
    /// Each colour's GIPF-pieces.
    pub gipf: ByColor<u64>,
    pub empty: u64,
    pub reserve: ByColor<u8>,
    pub lost: ByColor<u8>,
    /// Whether the game has GIPF-pieces (a lone one is then a weakness).
    pub gipf_game: bool,
}

impl Board {
    /// The board of a base game position.
    pub fn of(position: &Position) -> Board {
        let gipf = position.gipf_pieces().bits();
        Board {
            mover: position.to_move(),
            pieces: ByColor::from_fn(|c| position.pieces(c).bits()),
            gipf: ByColor::from_fn(|c| position.pieces(c).bits() & gipf),
            empty: !position.occupied().bits() & gipf::Bitboard::ALL_SPOTS.bits(),
            reserve: ByColor::from_fn(|c| position.reserve(c)),
            lost: ByColor::from_fn(|c| position.lost(c)),
            gipf_game: position.variant().has_gipf_pieces(),
        }
    }

    /// Its value for the player to move: both sides, the open threes, the tempo.
    pub fn value(&self, weights: &Weights) -> Score {
        let me = self.mover;
        let side = |color: Color| self.side_value(color, weights);
        let threes = |color: Color| open_threes(self.pieces[color], self.empty);
        side(me) - side(!me) + weights.mover_three * threes(me)
            - weights.waiting_three * threes(!me)
            + weights.tempo
    }

    /// What one colour has, whoever is to move.
    fn side_value(&self, color: Color, weights: &Weights) -> Score {
        let own = self.pieces[color];
        let reserve = Score::from(self.reserve[color]);
        let low = LOW_RESERVE
            .get(reserve as usize)
            .copied()
            .unwrap_or_default();
        let mut value = weights.reserve * reserve
            - weights.captured * Score::from(self.lost[color])
            - weights.low_reserve * low / 10
            + weights.centre * (own & CENTRE).count_ones() as Score
            + weights.inner_ring * (own & INNER_RING).count_ones() as Score;
        if self.gipf_game {
            let gipf = self.gipf[color];
            value += weights.gipf * gipf.count_ones() as Score;
            if gipf.count_ones() == 1 {
                let opponent = self.pieces[!color];
                value -= weights.last_gipf
                    + weights.exposed_gipf * exposed_lines(gipf, opponent, self.empty) as Score;
            }
        }
        value
    }
}

/// Lines through the spot of `gipf` where the opponent has two pieces or more and room to
/// bring more: where a row that takes it can grow.
fn exposed_lines(gipf: u64, opponent: u64, empty: u64) -> u32 {
    let bit = gipf.trailing_zeros() as usize;
    let Some(lines) = LINES_THROUGH.get(bit) else {
        return 0;
    };
    lines
        .iter()
        .filter(|&&line| (line & opponent).count_ones() >= 2 && line & empty != 0)
        .count() as u32
}

/// Windows of four spots on a line holding three of `own` and one empty spot: threats of a
/// row.
pub(crate) fn open_threes(own: u64, empty: u64) -> Score {
    let mut count = 0;
    for step in AXIS_STEPS {
        // Align the k-th spot of every window onto the window's first bit.
        let at = |set: u64, k: u32| set >> (k * step);
        let (a0, a1, a2, a3) = (own, at(own, 1), at(own, 2), at(own, 3));
        let (e0, e1, e2, e3) = (empty, at(empty, 1), at(empty, 2), at(empty, 3));
        let windows =
            (e0 & a1 & a2 & a3) | (a0 & e1 & a2 & a3) | (a0 & a1 & e2 & a3) | (a0 & a1 & a2 & e3);
        count += windows.count_ones();
    }
    count as Score
}

#[cfg(test)]
mod tests {
    use super::*;
    use gipf::{ByColor, Setup, Variant};

    fn position(text: &str, reserve: (u8, u8)) -> Position {
        let mut setup = Setup::new(Variant::Standard);
        setup.place_all(text).expect("a valid setup");
        setup.reserve = ByColor::new(reserve.0, reserve.1);
        setup.played = ByColor::splat(true);
        Position::from_setup(&setup).expect("a valid position")
    }

    #[test]
    fn an_open_three_is_seen_on_every_axis() {
        let spot = |s: &str| s.parse::<gipf::Point>().expect("a spot").bitboard().bits();
        let empty = gipf::Bitboard::ALL_SPOTS.bits();
        let column = spot("e3") | spot("e4") | spot("e5");
        // e2 and e6 complete it: two windows.
        assert_eq!(open_threes(column, empty & !column), 2);
        let diagonal = spot("c3") | spot("d4") | spot("e5");
        assert_eq!(open_threes(diagonal, empty & !diagonal), 2);
        assert_eq!(open_threes(spot("e5"), empty), 0);
    }

    #[test]
    fn captures_and_a_lone_gipf_piece_count_against_their_owner() {
        let weights = Weights::default();
        let even = position("b5 W, e2 W, h5 W, b2 B, e8 B, h2 B", (12, 12));
        let white_lone = position("b5 W, b2 B, e8 B, h2 B", (12, 12));
        assert!(evaluate(&white_lone, &weights) < evaluate(&even, &weights) - weights.last_gipf);
        let short = position("b5 W, e2 W, h5 W, b2 B, e8 B, h2 B", (2, 12));
        assert!(evaluate(&short, &weights) < evaluate(&even, &weights) - weights.low_reserve);
    }
}
