//! Everything about how the engine plays that self-play may tune: the evaluation weights
//! and the search refinements that can be switched off to measure them.

use crate::Weights;

/// The engine's adjustable parts.
///
/// ```
/// use gipf_ai::{Tuning, Weights};
/// let tuning = Tuning::default();
/// assert!(tuning.reductions && tuning.table);
/// assert_eq!(tuning.weights, Weights::default());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tuning {
    /// How positions are judged.
    pub weights: Weights,
    /// Late move reductions: quiet turns late in the order are first searched one turn
    /// less deep.
    pub reductions: bool,
    /// How many turns that capture or win back pieces are searched beyond the depth
    /// (quiescence search), when the mover has an open three.
    pub quiescence: u32,
    /// The transposition table: positions searched are stored, and looked up for a score
    /// that settles the search or a turn to try first. Off only to measure it, or to test
    /// the search against plain minimax.
    pub table: bool,
}

impl Default for Tuning {
    fn default() -> Tuning {
        Tuning {
            weights: Weights::default(),
            reductions: true,
            quiescence: 2,
            table: true,
        }
    }
}
