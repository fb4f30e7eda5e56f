use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{Bitboard, Direction, Point};

/// One of the 21 lines through the play area (3 axes × 7), with a dot at each end.
///
/// ```
/// use gipf::Line;
/// assert_eq!(Line::all().count(), 21);
/// let longest = Line::all().filter(|l| l.spots().len() == 7).count();
/// assert_eq!(longest, 3);
/// let e = Line::through("e5".parse().unwrap(), gipf::Direction::Up);
/// assert_eq!(e.to_string(), "e2-e8");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Line(pub(crate) u8);

#[derive(Clone, Copy)]
pub(crate) struct LineData {
    pub spots: [Point; 7],
    pub len: u8,
    pub mask: u64,
    pub direction: Direction,
    /// The dot before the first spot and the dot after the last.
    pub end_dots: (Point, Point),
}

const fn is_spot(point: Option<Point>) -> bool {
    match point {
        Some(p) => p.is_spot(),
        None => false,
    }
}

/// The dot one step beyond a line's end spot (every line ends in a dot: checked when the
/// tables are built, at compile time).
const fn end_dot(spot: Point, direction: Direction) -> Point {
    match spot.neighbour(direction) {
        Some(dot) if dot.is_dot() => dot,
        _ => panic!("a line does not end in a dot"),
    }
}

const fn build_lines() -> ([LineData; 21], [[u8; 3]; 64]) {
    let empty = LineData {
        spots: [Point::E5; 7],
        len: 0,
        mask: 0,
        direction: Direction::Up,
        end_dots: (Point::E1, Point::E9),
    };
    let mut lines = [empty; 21];
    let mut line_of = [[u8::MAX; 3]; 64];
    let mut n = 0;
    let mut axis = 0;
    while axis < 3 {
        let direction = Direction::ALL[axis];
        let mut x = 1;
        while x <= 7 {
            let mut y = 1;
            while y <= 7 {
                if let Some(start) = Point::from_xy(x, y)
                    && start.is_spot()
                    && !is_spot(start.neighbour(direction.opposite()))
                {
                    let mut data = LineData {
                        direction,
                        end_dots: (end_dot(start, direction.opposite()), start),
                        ..empty
                    };
                    let mut cursor = start;
                    loop {
                        data.spots[data.len as usize] = cursor;
                        data.len += 1;
                        data.mask |= 1 << cursor.spot_index();
                        line_of[cursor.spot_index() as usize][axis] = n as u8;
                        match cursor.neighbour(direction) {
                            Some(next) if next.is_spot() => cursor = next,
                            _ => break,
                        }
                    }
                    data.end_dots.1 = end_dot(cursor, direction);
                    lines[n] = data;
                    n += 1;
                }
                y += 1;
            }
            x += 1;
        }
        axis += 1;
    }
    assert!(n == 21);
    (lines, line_of)
}

const TABLES: ([LineData; 21], [[u8; 3]; 64]) = build_lines();
pub(crate) static LINES: [LineData; 21] = TABLES.0;
static LINE_OF: [[u8; 3]; 64] = TABLES.1;

impl Line {
    /// All 21 lines: first the 7 columns, then the two other axes.
    pub fn all() -> impl Iterator<Item = Line> {
        (0..21).map(Line)
    }

    /// The line through a spot along a direction's axis.
    ///
    /// # Panics
    /// If `spot` is a dot.
    pub fn through(spot: Point, direction: Direction) -> Line {
        assert!(spot.is_spot(), "{spot} is a dot");
        Line(LINE_OF[spot.spot_index() as usize][direction.axis()])
    }

    pub(crate) fn through_index(spot_index: u32, axis: usize) -> Line {
        Line(LINE_OF[spot_index as usize][axis])
    }

    pub(crate) fn data(self) -> &'static LineData {
        &LINES[self.0 as usize]
    }

    /// The line's spots in order along its direction (4 to 7 of them).
    pub fn spots(self) -> &'static [Point] {
        let data = self.data();
        &data.spots[..data.len as usize]
    }

    /// The line's spots as a set.
    pub fn bitboard(self) -> Bitboard {
        Bitboard(self.data().mask)
    }

    /// The direction from the line's first spot to its last.
    pub fn direction(self) -> Direction {
        self.data().direction
    }

    /// The dots at the two ends of the line: the one before its first spot and the one
    /// after its last, in the line's direction.
    ///
    /// ```
    /// use gipf::{Direction, Line, Point};
    /// let column_e = Line::through(Point::E5, Direction::Up);
    /// assert_eq!(column_e.end_dots(), (Point::E1, Point::E9));
    /// ```
    pub fn end_dots(self) -> (Point, Point) {
        self.data().end_dots
    }

    /// The index of this line, `0..21`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Line {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let spots = self.spots();
        write!(f, "{}-{}", spots[0], spots[spots.len() - 1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Entry;

    #[test]
    fn line_lengths_are_six_4s_six_5s_six_6s_three_7s() {
        let mut lengths = [0; 8];
        for line in Line::all() {
            lengths[line.spots().len()] += 1;
        }
        assert_eq!(lengths, [0, 0, 0, 0, 6, 6, 6, 3]);
    }

    #[test]
    fn each_spot_lies_on_three_lines() {
        for spot in Point::spots() {
            let lines: Vec<Line> = (0..3)
                .map(|a| Line::through(spot, Direction::ALL[a]))
                .collect();
            for line in &lines {
                assert!(line.bitboard().contains(spot));
            }
            assert!(lines[0] != lines[1] && lines[1] != lines[2] && lines[0] != lines[2]);
        }
    }

    #[test]
    fn every_line_ends_in_dots() {
        for line in Line::all() {
            let spots = line.spots();
            let (before, after) = line.end_dots();
            assert!(before.is_dot() && after.is_dot(), "{line}");
            assert_eq!(
                spots[0].neighbour(line.direction().opposite()),
                Some(before)
            );
            assert_eq!(
                spots[spots.len() - 1].neighbour(line.direction()),
                Some(after)
            );
            // A piece pushed in from either end dot moves along this line.
            for (dot, first) in [(before, spots[0]), (after, spots[spots.len() - 1])] {
                assert_eq!(Entry::new(dot, first).map(|e| e.line()), Some(line));
            }
        }
        let ends: Vec<String> = Line::all()
            .map(|l| format!("{}-{}", l.end_dots().0, l.end_dots().1))
            .collect();
        assert_eq!(ends.len(), 21);
        assert_eq!(ends[0], "b1-b6");
        assert_eq!(ends[3], "e1-e9");
    }
}
