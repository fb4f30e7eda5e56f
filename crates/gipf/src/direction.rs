use serde::{Deserialize, Serialize};

/// One of the six directions along the lines of the board.
///
/// Named as seen from White's seat: [`Up`](Direction::Up) runs along a column toward `e9`.
/// Each variant names its step on the grid of [`Point`](crate::Point); take the step with
/// [`Point::neighbour`](crate::Point::neighbour).
///
/// ```
/// use gipf::{Direction, Point};
/// assert_eq!(Point::B1.neighbour(Direction::Up), Some(Point::B2));
/// assert_eq!(Point::B2.neighbour(Direction::UpRight), Some(Point::C2));
/// assert_eq!(Direction::Up.opposite(), Direction::Down);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// Grid step `(0, 1)`: up a column.
    Up,
    /// Grid step `(1, 0)`: to the right and, left of `e`, upward (`b2` to `c2`).
    UpRight,
    /// Grid step `(1, 1)`: to the right and, right of `e`, upward (`b2` to `c3`).
    Right,
    /// Grid step `(0, -1)`.
    Down,
    /// Grid step `(-1, 0)`.
    DownLeft,
    /// Grid step `(-1, -1)`.
    Left,
}

impl Direction {
    /// All six directions; `ALL[i]` and `ALL[i + 3]` are opposite.
    pub const ALL: [Direction; 6] = [
        Direction::Up,
        Direction::UpRight,
        Direction::Right,
        Direction::Down,
        Direction::DownLeft,
        Direction::Left,
    ];

    /// The grid step `(dx, dy)` of this direction.
    pub(crate) const fn delta(self) -> (i32, i32) {
        match self {
            Direction::Up => (0, 1),
            Direction::UpRight => (1, 0),
            Direction::Right => (1, 1),
            Direction::Down => (0, -1),
            Direction::DownLeft => (-1, 0),
            Direction::Left => (-1, -1),
        }
    }

    /// The axis, `0..3`: opposite directions share one.
    pub const fn axis(self) -> usize {
        self as usize % 3
    }

    /// The direction pointing the other way.
    pub const fn opposite(self) -> Direction {
        Direction::ALL[(self as usize + 3) % 6]
    }

    /// How far a spot's bit index moves for one step (see [`crate::Bitboard`]).
    pub(crate) const fn shift(self) -> i32 {
        match self {
            Direction::Up => 1,
            Direction::UpRight => 8,
            Direction::Right => 9,
            Direction::Down => -1,
            Direction::DownLeft => -8,
            Direction::Left => -9,
        }
    }

    /// The direction whose step is `(dx, dy)`, if any.
    pub(crate) const fn from_delta(dx: i32, dy: i32) -> Option<Direction> {
        let mut i = 0;
        while i < 6 {
            let (x, y) = Direction::ALL[i].delta();
            if x == dx && y == dy {
                return Some(Direction::ALL[i]);
            }
            i += 1;
        }
        None
    }
}
