use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Bitboard, Direction};

/// One of the 61 points of the board: a spot of the play area or a dot around it.
///
/// Internally `x` is the column index (`a` = 0 .. `i` = 8) and
/// `y = row - 1 + max(0, x - 4)`, so the six neighbour steps are `(0,±1)`, `(±1,0)`
/// and `±(1,1)` everywhere.
///
/// Every point has a name as a constant, like [`Point::E5`] (see "Named points" below).
///
/// ```
/// use gipf::Point;
/// let e5: Point = "e5".parse().unwrap();
/// assert_eq!(e5, Point::E5);
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

    /// The point one step away in `direction`, if it is on the board.
    ///
    /// ```
    /// use gipf::{Direction, Point};
    /// assert_eq!(Point::B1.neighbour(Direction::Up), Some(Point::B2));
    /// assert_eq!(Point::E5.neighbour(Direction::Left), Some(Point::D4));
    /// assert_eq!(Point::A1.neighbour(Direction::Down), None);
    /// ```
    pub const fn neighbour(self, direction: Direction) -> Option<Point> {
        let (dx, dy) = direction.delta();
        Point::from_xy(self.x as i32 + dx, self.y as i32 + dy)
    }

    /// The direction in which `other` lies on a straight line from `self`, if it does.
    pub(crate) const fn direction_to(self, other: Point) -> Option<Direction> {
        let (dx, dy) = (other.x() - self.x(), other.y() - self.y());
        let steps = if dx.abs() > dy.abs() {
            dx.abs()
        } else {
            dy.abs()
        };
        if steps == 0 || dx % steps != 0 || dy % steps != 0 {
            return None;
        }
        Direction::from_delta(dx / steps, dy / steps)
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

    /// The six corner dots, in order around the board: `a1 a5 e9 i5 i1 e1`.
    ///
    /// ```
    /// use gipf::{Entry, Point};
    /// assert_eq!(Point::corner_dots()[0], Point::A1);
    /// // A corner dot has a single entry, onto the corner spot in the same place.
    /// for (dot, spot) in Point::corner_dots().into_iter().zip(Point::corner_spots()) {
    ///     assert_eq!(Entry::from_dot(dot).map(|e| e.first()).collect::<Vec<_>>(), [spot]);
    /// }
    /// ```
    pub const fn corner_dots() -> [Point; 6] {
        [
            Point::A1,
            Point::A5,
            Point::E9,
            Point::I5,
            Point::I1,
            Point::E1,
        ]
    }

    /// The six corner spots of the play area, in the same order around as
    /// [`Point::corner_dots`]: `b2 b5 e8 h5 h2 e2`.
    ///
    /// ```
    /// use gipf::Point;
    /// assert!(Point::corner_spots().iter().all(|p| p.is_spot()));
    /// assert_eq!(Point::corner_spots()[2], Point::E8);
    /// ```
    pub const fn corner_spots() -> [Point; 6] {
        [
            Point::B2,
            Point::B5,
            Point::E8,
            Point::H5,
            Point::H2,
            Point::E2,
        ]
    }

    /// The point named by a column letter and a row number; a typo is a compile error.
    const fn named(column: char, row: u8) -> Point {
        match Point::from_column_row(column as u8 - b'a', row) {
            Some(point) => point,
            None => panic!("not a point of the board"),
        }
    }
}

/// Declares the named points: `Point::A1` is `a1`, and so on.
macro_rules! named_points {
    ($($name:ident = $column:literal $row:literal),* $(,)?) => {
        /// # Named points
        ///
        /// One constant for each of the 61 points, named as written in upper case: the
        /// dots `A1`..`A5`, `B1`, `B6`, ..., `I1`..`I5` and the spots `B2`..`H5` (the centre
        /// spot is [`Point::E5`]).
        ///
        /// ```
        /// use gipf::Point;
        /// assert_eq!(Point::E5.to_string(), "e5");
        /// assert!(Point::E5.is_spot() && Point::E9.is_dot());
        /// assert_eq!("h2".parse::<Point>(), Ok(Point::H2));
        /// ```
        impl Point {
            $(
                #[doc = concat!("The point `", $column, $row, "`.")]
                pub const $name: Point = Point::named($column, $row);
            )*
        }

        /// Every named point with its name, to check them against the parser.
        #[cfg(test)]
        const NAMED: &[(&str, Point)] = &[$((stringify!($name), Point::$name)),*];
    };
}

named_points! {
    A1 = 'a' 1, A2 = 'a' 2, A3 = 'a' 3, A4 = 'a' 4, A5 = 'a' 5,
    B1 = 'b' 1, B2 = 'b' 2, B3 = 'b' 3, B4 = 'b' 4, B5 = 'b' 5, B6 = 'b' 6,
    C1 = 'c' 1, C2 = 'c' 2, C3 = 'c' 3, C4 = 'c' 4, C5 = 'c' 5, C6 = 'c' 6, C7 = 'c' 7,
    D1 = 'd' 1, D2 = 'd' 2, D3 = 'd' 3, D4 = 'd' 4, D5 = 'd' 5, D6 = 'd' 6, D7 = 'd' 7,
    D8 = 'd' 8,
    E1 = 'e' 1, E2 = 'e' 2, E3 = 'e' 3, E4 = 'e' 4, E5 = 'e' 5, E6 = 'e' 6, E7 = 'e' 7,
    E8 = 'e' 8, E9 = 'e' 9,
    F1 = 'f' 1, F2 = 'f' 2, F3 = 'f' 3, F4 = 'f' 4, F5 = 'f' 5, F6 = 'f' 6, F7 = 'f' 7,
    F8 = 'f' 8,
    G1 = 'g' 1, G2 = 'g' 2, G3 = 'g' 3, G4 = 'g' 4, G5 = 'g' 5, G6 = 'g' 6, G7 = 'g' 7,
    H1 = 'h' 1, H2 = 'h' 2, H3 = 'h' 3, H4 = 'h' 4, H5 = 'h' 5, H6 = 'h' 6,
    I1 = 'i' 1, I2 = 'i' 2, I3 = 'i' 3, I4 = 'i' 4, I5 = 'i' 5,
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
            "`{}` is not a point of the board: its columns are a to i, with rows 1-5 on a and i and 1-9 on e",
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
    fn the_61_named_points_are_the_points_their_names_say() {
        assert_eq!(NAMED.len(), 61);
        for &(name, point) in NAMED {
            assert_eq!(point.to_string(), name.to_ascii_lowercase());
        }
        let mut named: Vec<Point> = NAMED.iter().map(|&(_, point)| point).collect();
        named.sort();
        assert_eq!(named, Point::all().collect::<Vec<_>>());
        assert_eq!(Point::E5, Point::from_xy(4, 4).unwrap());
    }

    #[test]
    fn neighbours_step_along_each_direction_and_back() {
        for point in Point::all() {
            for direction in Direction::ALL {
                let (dx, dy) = direction.delta();
                let expected = Point::from_xy(point.x() + dx, point.y() + dy);
                let next = point.neighbour(direction);
                assert_eq!(next, expected, "{point} {direction:?}");
                if let Some(next) = next {
                    assert_eq!(next.neighbour(direction.opposite()), Some(point));
                    assert_eq!(point.direction_to(next), Some(direction));
                }
            }
        }
        assert_eq!(Point::I5.neighbour(Direction::Up), None);
        assert_eq!(Point::E1.direction_to(Point::E9), Some(Direction::Up));
        assert_eq!(Point::A2.direction_to(Point::C3), None);
        assert_eq!(Point::E5.direction_to(Point::E5), None);
    }

    #[test]
    fn corners_go_around_the_board_in_order() {
        let dots = Point::corner_dots();
        let spots = Point::corner_spots();
        assert!(dots.iter().all(|p| p.is_dot()) && spots.iter().all(|p| p.is_spot()));
        let names = |points: [Point; 6]| points.map(|p| p.to_string()).join(" ");
        assert_eq!(names(dots), "a1 a5 e9 i5 i1 e1");
        assert_eq!(names(spots), "b2 b5 e8 h5 h2 e2");
        for i in 0..6 {
            // Each corner spot is the step from its corner dot toward the centre, and the
            // next corner (around the board) lies straight along the edge of the play area.
            let toward_centre = dots[i].direction_to(Point::E5);
            assert_eq!(
                toward_centre.and_then(|d| dots[i].neighbour(d)),
                Some(spots[i])
            );
            let next = spots[(i + 1) % 6];
            assert!(spots[i].direction_to(next).is_some(), "{} {next}", spots[i]);
        }
    }

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
