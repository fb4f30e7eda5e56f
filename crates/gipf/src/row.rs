use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{Bitboard, Color, Line, Point};

/// Four or more pieces of one colour in a line, with everything that must go with them.
///
/// ```
/// use gipf::{Color, Position, Setup, Variant};
/// let mut setup = Setup::new(Variant::BASIC);
/// setup.place_all("b2 w, c2 w, d2 w, e2 w, e3 b").unwrap();
/// setup.to_move = Color::Black; // White's row waits for White's turn
/// let position = Position::from_setup(&setup).unwrap();
/// let rows = position.rows(Color::White);
/// assert_eq!(rows.len(), 1);
/// assert_eq!(rows[0].to_string(), "b2-e2");
/// assert_eq!(rows[0].set.count(), 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Row {
    /// The line the row lies on (a line holds at most one row).
    pub line: Line,
    /// The colour of the four or more pieces in a row.
    pub color: Color,
    /// The run of pieces of that colour.
    pub run: Bitboard,
    /// The removal set: the run and every piece that directly extends it on the line.
    pub set: Bitboard,
}

impl Row {
    /// The row of `color` on `line`, given that colour's pieces and all occupied spots.
    pub(crate) fn on(line: Line, color: Color, own: Bitboard, occupied: Bitboard) -> Option<Row> {
        let spots = line.spots();
        let (mut start, mut len) = (0, 0);
        for (i, &spot) in spots.iter().enumerate() {
            if own.contains(spot) {
                len += 1;
                if len >= 4 {
                    start = i + 1 - len;
                }
            } else {
                if len >= 4 {
                    break;
                }
                len = 0;
            }
        }
        if len < 4 {
            return None;
        }
        let run: Bitboard = spots[start..start + len].iter().copied().collect();
        let mut first = start;
        while first > 0 && occupied.contains(spots[first - 1]) {
            first -= 1;
        }
        let mut last = start + len;
        while last < spots.len() && occupied.contains(spots[last]) {
            last += 1;
        }
        let set = spots[first..last].iter().copied().collect();
        Some(Row {
            line,
            color,
            run,
            set,
        })
    }

    /// The two end spots of the removal set, in the line's order.
    pub fn ends(&self) -> (Point, Point) {
        let mut spots = self.line.spots().iter().filter(|p| self.set.contains(**p));
        let first = spots.next().copied().unwrap_or(self.line.spots()[0]);
        let last = spots.next_back().copied().unwrap_or(first);
        (first, last)
    }

    /// Whether two rows' removal sets share a spot.
    pub fn intersects(&self, other: &Row) -> bool {
        !(self.set & other.set).is_empty()
    }
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.ends();
        write!(f, "{a}-{b}")
    }
}

/// Lines holding four or more of `own` in a row, as a bit set of line indices.
pub(crate) fn row_lines(own: Bitboard) -> u32 {
    let b = own.0;
    let mut lines = 0u32;
    for (axis, shift) in [(0usize, 1u32), (1, 8), (2, 9)] {
        let mut starts = b & (b >> shift) & (b >> (2 * shift)) & (b >> (3 * shift));
        while starts != 0 {
            let index = starts.trailing_zeros();
            starts &= starts - 1;
            lines |= 1 << Line::through_index(index, axis).0;
        }
    }
    lines
}

/// Whether `own` holds four in a row anywhere.
pub(crate) fn has_row(own: Bitboard) -> bool {
    let b = own.0;
    [1u32, 8, 9]
        .iter()
        .any(|&s| b & (b >> s) & (b >> (2 * s)) & (b >> (3 * s)) != 0)
}
