use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Point;

/// A set of spots, one bit each (the 37 spots fit a `u64`).
///
/// Spot `(x, y)` is bit `(x-1)*8 + (y-1)`: along a column the index grows by 1, along the
/// other two axes by 8 and 9. Bits of cells that are not spots are never set, so shifting a
/// whole board along an axis never makes a false run across the board's edge.
///
/// ```
/// use gipf::{Bitboard, Point};
/// let e5: Point = "e5".parse().unwrap();
/// let set = Bitboard::from(e5) | Bitboard::from("b2".parse::<Point>().unwrap());
/// assert!(set.contains(e5));
/// assert_eq!(set.count(), 2);
/// assert_eq!(set.iter().map(|p| p.to_string()).collect::<Vec<_>>(), ["b2", "e5"]);
/// ```
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub(crate) u64);

impl Bitboard {
    /// No spot.
    pub const EMPTY: Bitboard = Bitboard(0);

    /// All 37 spots.
    pub const ALL_SPOTS: Bitboard = {
        let mut bits = 0u64;
        let mut x: i32 = 1;
        while x <= 7 {
            let mut y: i32 = 1;
            while y <= 7 {
                if (x - y).abs() < 4 {
                    bits |= 1 << ((x - 1) * 8 + (y - 1));
                }
                y += 1;
            }
            x += 1;
        }
        Bitboard(bits)
    };

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set holds `point` (never true for a dot).
    pub const fn contains(self, point: Point) -> bool {
        self.0 & point.bitboard().0 != 0
    }

    /// How many spots are in the set.
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Adds a spot (dots are ignored).
    pub fn insert(&mut self, point: Point) {
        self.0 |= point.bitboard().0;
    }

    /// Removes a spot.
    pub fn remove(&mut self, point: Point) {
        self.0 &= !point.bitboard().0;
    }

    /// Whether every spot of `self` is also in `other`.
    pub const fn is_subset(self, other: Bitboard) -> bool {
        self.0 & !other.0 == 0
    }

    /// The spots, in increasing bit order (column by column, row by row).
    pub fn iter(self) -> impl Iterator<Item = Point> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                return None;
            }
            let index = bits.trailing_zeros();
            bits &= bits - 1;
            Some(Point::from_spot_index(index))
        })
    }

    /// Every subset of this set (2^n of them, the empty set first).
    pub fn subsets(self) -> impl Iterator<Item = Bitboard> {
        // Enumerate submasks with the classic `(sub - 1) & mask` walk, in increasing order.
        let mask = self.0;
        let mut next = Some(0u64);
        std::iter::from_fn(move || {
            let current = next?;
            next = if current == mask {
                None
            } else {
                Some((current.wrapping_sub(mask)) & mask)
            };
            Some(Bitboard(current))
        })
    }

    /// The raw bits.
    pub const fn bits(self) -> u64 {
        self.0
    }
}

/// Serialized as a list of spot names, like `["b2", "e5"]`.
impl Serialize for Bitboard {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Bitboard {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Bitboard, D::Error> {
        let points = Vec::<Point>::deserialize(deserializer)?;
        if let Some(dot) = points.iter().find(|p| p.is_dot()) {
            return Err(serde::de::Error::custom(format!(
                "{dot} is a dot, not a spot"
            )));
        }
        Ok(points.into_iter().collect())
    }
}

impl From<Point> for Bitboard {
    fn from(point: Point) -> Bitboard {
        point.bitboard()
    }
}

impl FromIterator<Point> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Point>>(iter: I) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        for point in iter {
            set.insert(point);
        }
        set
    }
}

impl BitOr for Bitboard {
    type Output = Bitboard;
    fn bitor(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 | rhs.0)
    }
}

impl BitOrAssign for Bitboard {
    fn bitor_assign(&mut self, rhs: Bitboard) {
        self.0 |= rhs.0;
    }
}

impl BitAnd for Bitboard {
    type Output = Bitboard;
    fn bitand(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & rhs.0)
    }
}

impl BitAndAssign for Bitboard {
    fn bitand_assign(&mut self, rhs: Bitboard) {
        self.0 &= rhs.0;
    }
}

impl Sub for Bitboard {
    type Output = Bitboard;
    fn sub(self, rhs: Bitboard) -> Bitboard {
        Bitboard(self.0 & !rhs.0)
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the 37 spots.
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & Bitboard::ALL_SPOTS.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set()
            .entries(self.iter().map(|p| p.to_string()))
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn all_spots_matches_points() {
        assert_eq!(Bitboard::ALL_SPOTS.count(), 37);
        assert_eq!(Point::spots().collect::<Bitboard>(), Bitboard::ALL_SPOTS);
        for p in Point::spots() {
            assert_eq!(Point::from_spot_index(p.spot_index()), p);
        }
    }

    #[test]
    fn subsets_enumerates_each_once() {
        let set: Bitboard = ["b2", "e5", "h5"]
            .iter()
            .map(|s| s.parse::<Point>().unwrap())
            .collect();
        let subsets: Vec<Bitboard> = set.subsets().collect();
        assert_eq!(subsets.len(), 8);
        assert_eq!(subsets[0], Bitboard::EMPTY);
        assert!(subsets.iter().all(|s| s.is_subset(set)));
        let mut unique = subsets.clone();
        unique.dedup();
        assert_eq!(unique.len(), 8);
    }
}
