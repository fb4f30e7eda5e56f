//! The colour rules of a Swiss: who may take which colour, who wants which, who gets it.
//!
//! A player's colours may differ by at most 2 (whites minus blacks, after the game) and
//! never run three of one colour in a row.

use std::ops::Not;

/// A colour in a player's history.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Colour {
    White,
    Black,
}

impl Not for Colour {
    type Output = Colour;
    fn not(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// Whites minus blacks.
pub(crate) fn difference(history: &[Colour]) -> i32 {
    history
        .iter()
        .map(|&colour| if colour == Colour::White { 1 } else { -1 })
        .sum()
}

/// Whether taking `colour` next keeps a player within the rules.
pub(crate) fn allows(history: &[Colour], colour: Colour) -> bool {
    let step = if colour == Colour::White { 1 } else { -1 };
    let balanced = (difference(history) + step).abs() <= 2;
    let third_in_a_row = history.len() >= 2 && history[history.len() - 2..] == [colour, colour];
    balanced && !third_in_a_row
}

/// Whether two players can meet with the colour rules kept, one way round or the other.
pub(crate) fn can_meet(first: &[Colour], second: &[Colour]) -> bool {
    (allows(first, Colour::White) && allows(second, Colour::Black))
        || (allows(first, Colour::Black) && allows(second, Colour::White))
}

/// The colour a player is due, and how strongly: first the imbalance, then a repeat of the
/// last two; with balanced colours the one not played last; none before the first game.
pub(crate) fn preference(history: &[Colour]) -> Option<(Colour, (i32, bool))> {
    let last = *history.last()?;
    let difference = difference(history);
    let repeated = history.len() >= 2 && history[history.len() - 2] == last;
    let due = match difference {
        d if d > 0 => Colour::Black,
        d if d < 0 => Colour::White,
        _ => !last,
    };
    Some((due, (difference.abs(), repeated)))
}

/// Whether two players want the same colour.
pub(crate) fn clash(first: &[Colour], second: &[Colour]) -> bool {
    matches!((preference(first), preference(second)), (Some((a, _)), Some((b, _))) if a == b)
}

/// The colour the higher-placed player of a pair takes: the only one the rules allow, else
/// each player's due colour, the stronger claim (then the higher place) winning a clash;
/// two players without history alternate by board, White on the top board.
pub(crate) fn higher_takes(higher: &[Colour], lower: &[Colour], board: usize) -> Colour {
    let fits = |colour: Colour| allows(higher, colour) && allows(lower, !colour);
    match (fits(Colour::White), fits(Colour::Black)) {
        (true, false) => return Colour::White,
        (false, true) => return Colour::Black,
        _ => {}
    }
    match (preference(higher), preference(lower)) {
        (Some((due, _)), None) => due,
        (None, Some((due, _))) => !due,
        (Some((high, _)), Some((low, _))) if high != low => high,
        (Some((high, strength)), Some((_, lower_strength))) => {
            if lower_strength > strength {
                !high
            } else {
                high
            }
        }
        (None, None) if board.is_multiple_of(2) => Colour::White,
        (None, None) => Colour::Black,
    }
}

#[cfg(test)]
mod tests {
    use super::Colour::{Black as B, White as W};
    use super::*;

    #[test]
    fn the_rules_forbid_a_third_in_a_row_and_an_imbalance_of_three() {
        assert!(!allows(&[W, W], W));
        assert!(allows(&[W, W], B));
        assert!(!allows(&[W, B, W, W], W));
        assert!(allows(&[B, W, B], B));
        assert!(!can_meet(&[W, W], &[B, W, W]));
        assert!(can_meet(&[W, W], &[B, B]));
    }

    #[test]
    fn the_stronger_claim_wins_a_clash() {
        assert_eq!(higher_takes(&[W], &[W, W], 0), W);
        assert_eq!(higher_takes(&[B], &[W], 0), W);
        assert_eq!(higher_takes(&[], &[], 0), W);
        assert_eq!(higher_takes(&[], &[], 1), B);
        assert_eq!(higher_takes(&[W, B, B], &[B, W, W], 0), W);
    }
}
