//! A score: whole points for wins and byes, half points only inside tie-breaks.

use std::fmt;
use std::iter::Sum;
use std::ops::Add;

/// A number of points, kept in half points.
///
/// Games give whole points (no draws in GIPF); a half appears only in tie-breaks, where an
/// unplayed round counts as a draw.
///
/// ```
/// use gipf_tournament::Points;
/// assert_eq!(Points::whole(2).to_string(), "2");
/// assert_eq!(Points::from_halves(5).to_string(), "2.5");
/// assert_eq!(Points::whole(1) + Points::HALF, Points::from_halves(3));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Points(u32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point.
    pub const HALF: Points = Points(1);
    /// One point: a win, or a Swiss bye.
    pub const ONE: Points = Points(2);

    /// `n` whole points.
    pub const fn whole(n: u32) -> Points {
        Points(n * 2)
    }

    /// `halves` half points.
    pub const fn from_halves(halves: u32) -> Points {
        Points(halves)
    }

    /// The number of half points.
    pub const fn halves(self) -> u32 {
        self.0
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

impl fmt::Display for Points {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 % 2 {
            0 => write!(f, "{}", self.0 / 2),
            _ => write!(f, "{}.5", self.0 / 2),
        }
    }
}
