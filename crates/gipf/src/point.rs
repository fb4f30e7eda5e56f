use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Bitboard;

/// One of the 61 points of the board: a spot of the play area or a dot around it.
///
/// Internally `x` is the column index (`a` = 0 .. `i` = 8) and
/// `y = row - 1 + max(0, x - 4)`, so the six neighbour steps are `(0,±1)`, `(±1,0)`
/// and `±(1,1)` everywhere.
///
/// ```
/// use gipf::Point;
/// let e5: Point = "e5".parse().unwrap();
/// assert!(e5.is_spot());
/// assert!("b1".parse::<Point>().unwrap().is_dot());
/// assert!("a6".parse::<Point>().is_err());
/// assert_eq!(e5.to_string(), "e5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    x: u8,
    y: u8,
}

impl Point {
    /// The point at grid coordinates `(x, y)`, if it is on the board.
    pub const fn from_xy(x: i32, y: i32) -> Option<Point> {
        let low = if x > 4 { x - 4 } else { 0 };
        let high = if x + 4 < 8 { x + 4 } else { 8 };
        if x < 0 || x > 8 || y < low || y > high {
            None
        } else {
            Some(Point {
                x: x as u8,
                y: y as u8,
            })
        }
    }

    /// The point in column `col` (`0` = `a`) with the row number `row` (from 1).
    pub const fn from_column_row(col: u8, row: u8) -> Option<Point> {
        let x = col as i32;
        let shift = if x > 4 { x - 4 } else { 0 };
        Point::from_xy(x, row as i32 - 1 + shift)
    }

    /// Column index, `0` (`a`) to `8` (`i`).
    pub const fn x(self) -> i32 {
        self.x as i32
    }

    /// Grid y coordinate (not the row number): see the type's documentation.
    pub const fn y(self) -> i32 {
        self.y as i32
    }

    /// The column letter, `'a'` to `'i'`.
    pub const fn column(self) -> char {
        (b'a' + self.x) as char
    }

    /// The row number as written, from 1.
    pub const fn row(self) -> u8 {
        let shift = self.x.saturating_sub(4);
        self.y + 1 - shift
    }

    /// Whether this point is one of the 37 spots of the play area.
    pub const fn is_spot(self) -> bool {
        let (x, y) = (self.x as i32, self.y as i32);
        x >= 1 && x <= 7 && y >= 1 && y <= 7 && (x - y).abs() < 4
    }

    /// Whether this point is one of the 24 dots around the play area.
    pub const fn is_dot(self) -> bool {
        !self.is_spot()
    }

    /// The neighbouring point one step away, if it is on the board.
    pub const fn step(self, dx: i32, dy: i32) -> Option<Point> {
        Point::from_xy(self.x as i32 + dx, self.y as i32 + dy)
    }

    /// The single-spot bitboard of this point; empty for a dot.
    pub const fn bitboard(self) -> Bitboard {
        if self.is_spot() {
            Bitboard(1 << self.spot_index())
        } else {
            Bitboard::EMPTY
        }
    }

    /// Bit index of a spot in a [`Bitboard`]: `(x-1)*8 + (y-1)`. Meaningless for dots.
    pub(crate) const fn spot_index(self) -> u32 {
        (self.x as u32 - 1) * 8 + (self.y as u32 - 1)
    }

    /// The spot with the given bitboard index.
    pub(crate) const fn from_spot_index(index: u32) -> Point {
        Point {
            x: (index / 8 + 1) as u8,
            y: (index % 8 + 1) as u8,
        }
    }

    /// All 61 points, column by column, each column from row 1 up.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..9).flat_map(|x| (0..9).filter_map(move |y| Point::from_xy(x, y)))
    }

    /// The 37 spots, in the same order as [`Point::all`].
    pub fn spots() -> impl Iterator<Item = Point> {
        Point::all().filter(|p| p.is_spot())
    }

    /// The 24 dots, in the same order as [`Point::all`].
    pub fn dots() -> impl Iterator<Item = Point> {
        Point::all().filter(|p| p.is_dot())
    }
}

/// Why a text is not a point of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParsePointError {
    text: String,
}

impl fmt::Display for ParsePointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a point of the board (columns a-i; a and i have rows 1-5, e has 1-9)",
            self.text
        )
    }
}

impl std::error::Error for ParsePointError {}

impl FromStr for Point {
    type Err = ParsePointError;

    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let error = || ParsePointError {
            text: s.chars().take(12).collect(),
        };
        let bytes = s.as_bytes();
        if !(2..=2).contains(&bytes.len()) {
            return Err(error());
        }
        let col = bytes[0].to_ascii_lowercase();
        if !(b'a'..=b'i').contains(&col) || !bytes[1].is_ascii_digit() {
            return Err(error());
        }
        Point::from_column_row(col - b'a', bytes[1] - b'0').ok_or_else(error)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.column(), self.row())
    }
}

impl Serialize for Point {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Point {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Point, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_61_points_37_spots_24_dots() {
        assert_eq!(Point::all().count(), 61);
        assert_eq!(Point::spots().count(), 37);
        assert_eq!(Point::dots().count(), 24);
    }

    #[test]
    fn dots_are_the_ones_rules_md_lists() {
        let dots: Vec<String> = Point::dots().map(|p| p.to_string()).collect();
        let mut expected: Vec<&str> =
            "a1 a2 a3 a4 a5 i1 i2 i3 i4 i5 b1 c1 d1 e1 f1 g1 h1 b6 c7 d8 e9 f8 g7 h6"
                .split(' ')
                .collect();
        expected.sort();
        let mut dots_sorted = dots.clone();
        dots_sorted.sort();
        assert_eq!(dots_sorted, expected);
    }

    #[test]
    fn columns_have_5_to_9_points_and_round_trip() {
        for (col, len) in [5, 6, 7, 8, 9, 8, 7, 6, 5].into_iter().enumerate() {
            for row in 1..=9u8 {
                let p = Point::from_column_row(col as u8, row);
                assert_eq!(p.is_some(), row as usize <= len, "column {col} row {row}");
                if let Some(p) = p {
                    assert_eq!(p.to_string().parse::<Point>(), Ok(p));
                }
            }
        }
        assert_eq!(
            "E5".parse::<Point>().map(|p| p.to_string()),
            Ok("e5".to_string())
        );
        for bad in ["", "e", "e0", "j1", "e10", "a6", "i6", "55", "é5"] {
            assert!(bad.parse::<Point>().is_err(), "{bad}");
        }
    }
}
