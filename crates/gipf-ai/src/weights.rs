//! The weights of the evaluation: one number per idea of GIPF strategy.

use crate::Score;

/// How much each feature of a position is worth, in centi-pieces (100 = one captured
/// basic piece). [`Weights::default`] holds the tuned values (see the crate README for how
/// they were measured); tests and tuning runs build others.
///
/// ```
/// use gipf_ai::Weights;
/// let weights = Weights::default();
/// // A capture is worth far more than a piece won back to the reserve.
/// assert!(weights.captured > 3 * weights.reserve);
/// // An open three of the player to move is nearer a row than one of his opponent.
/// assert!(weights.mover_three > weights.waiting_three);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Each piece of the opponent captured (a GIPF-piece counts 2), less each of one's own.
    pub captured: Score,
    /// Each piece in reserve more than the opponent: the turns one can still push.
    pub reserve: Score,
    /// Scale of the penalty for a nearly empty reserve (it grows as the reserve shrinks).
    pub low_reserve: Score,
    /// Each GIPF-piece on the board.
    pub gipf: Score,
    /// A single GIPF-piece left: one capture from losing.
    pub last_gipf: Score,
    /// Each line through a last GIPF-piece where the opponent has two pieces or more.
    pub exposed_gipf: Score,
    /// Each piece on the centre spot or next to it.
    pub centre: Score,
    /// Each piece two steps from the centre.
    pub inner_ring: Score,
    /// Each open three (three pieces and one empty spot in four on a line) of the mover.
    pub mover_three: Score,
    /// Each open three of the player who just moved.
    pub waiting_three: Score,
    /// Being the one to move.
    pub tempo: Score,
    /// Each uncovered loaded piece on the board, by its potential: TAMSK, ZÈRTZ, DVONN,
    /// YINSH, PÜNCT (games with potentials).
    pub loaded: [Score; 5],
    /// Each spot a loaded piece's power reaches now.
    pub reach: Score,
    /// Each potential still in the supply, to load.
    pub supply: Score,
}

impl Weights {
    /// Material and centre only, every other feature off: the evaluation of the classical
    /// reference engine for GIPF (a depth-5 search on material and centre), rebuilt from
    /// that description to measure this engine against.
    ///
    /// ```
    /// use gipf_ai::Weights;
    /// let reference = Weights::material_and_centre();
    /// assert_eq!((reference.mover_three, reference.last_gipf), (0, 0));
    /// assert_eq!(reference.captured, Weights::default().captured);
    /// assert!(reference.reserve > 0);
    /// ```
    pub fn material_and_centre() -> Weights {
        Weights {
            captured: 220,
            reserve: 25,
            centre: 6,
            inner_ring: 2,
            low_reserve: 0,
            gipf: 0,
            last_gipf: 0,
            exposed_gipf: 0,
            mover_three: 0,
            waiting_three: 0,
            tempo: 0,
            loaded: [0; 5],
            reach: 0,
            supply: 0,
        }
    }
}

impl Default for Weights {
    fn default() -> Weights {
        Weights {
            captured: 220,
            reserve: 0,
            low_reserve: 100,
            gipf: 30,
            last_gipf: 120,
            exposed_gipf: 40,
            centre: 12,
            inner_ring: 4,
            mover_three: 70,
            waiting_three: 45,
            tempo: 10,
            loaded: [20, 50, 40, 50, 40],
            reach: 3,
            supply: 15,
        }
    }
}
