use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{Bitboard, Direction, Line, ParsePointError, Point};

/// One of the 42 ways into the play area: a dot and the first spot a piece is pushed onto.
///
/// Parse the chat form with [`str::parse`]: `b1 c2`, `b1-c2` and `b1c2` all work.
///
/// ```
/// use gipf::{Entry, EntryError};
/// let entry: Entry = "b1 c2".parse().unwrap();
/// assert_eq!(entry.to_string(), "b1-c2");
/// assert_eq!("B1C2".parse::<Entry>(), Ok(entry));
/// let err = "b1 c3".parse::<Entry>().unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "b1 c3: c3 is not a first spot from b1; from b1 you can push to b2 or c2"
/// );
/// assert!(matches!("e5 e6".parse::<Entry>(), Err(EntryError::NotADot { .. })));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Entry(pub(crate) u8);

#[derive(Clone, Copy)]
pub(crate) struct EntryData {
    pub dot: Point,
    pub first: Point,
    pub direction: Direction,
    /// The spots from the first one to the end of the line, as a set.
    pub ray: u64,
    pub line: Line,
    /// The bitboard index step of the push direction.
    pub shift: i32,
    /// The first spot's bit.
    pub first_bit: u64,
}

impl EntryData {
    /// See [`Entry::push_span`].
    #[inline]
    pub(crate) fn push_span(&self, occupied: u64) -> Option<(u32, u64)> {
        let empty = self.ray & !occupied;
        if empty == 0 {
            return None;
        }
        Some(if self.shift > 0 {
            let target = empty.trailing_zeros();
            (target, self.ray & ((1u64 << target) - 1))
        } else {
            let target = 63 - empty.leading_zeros();
            (target, self.ray & !((2u64 << target) - 1))
        })
    }

    /// `own` after a push here by its owner (given the push is legal).
    #[inline]
    pub(crate) fn own_after_push(&self, own: u64, moving: u64) -> u64 {
        let moved = if self.shift > 0 {
            (own & moving) << self.shift
        } else {
            (own & moving) >> -self.shift
        };
        (own & !moving) | moved | self.first_bit
    }
}

const fn build_entries() -> [EntryData; 42] {
    let placeholder = EntryData {
        dot: Point::A1,
        first: Point::B2,
        direction: Direction::Up,
        ray: 0,
        line: Line(0),
        shift: 0,
        first_bit: 0,
    };
    let mut entries = [placeholder; 42];
    let mut n = 0;
    let mut x = 0;
    while x <= 8 {
        let mut y = 0;
        while y <= 8 {
            if let Some(dot) = Point::from_xy(x, y)
                && dot.is_dot()
            {
                let mut d = 0;
                while d < 6 {
                    let direction = Direction::ALL[d];
                    if let Some(first) = dot.neighbour(direction)
                        && first.is_spot()
                    {
                        let mut ray = 0u64;
                        let mut line = 0;
                        let mut cursor = first;
                        loop {
                            ray |= 1 << cursor.spot_index();
                            match cursor.neighbour(direction) {
                                Some(next) if next.is_spot() => cursor = next,
                                _ => break,
                            }
                        }
                        while line < 21 {
                            if crate::line::LINES[line].mask == ray {
                                break;
                            }
                            line += 1;
                        }
                        entries[n] = EntryData {
                            dot,
                            first,
                            direction,
                            ray,
                            line: Line(line as u8),
                            shift: direction.shift(),
                            first_bit: 1 << first.spot_index(),
                        };
                        n += 1;
                    }
                    d += 1;
                }
            }
            y += 1;
        }
        x += 1;
    }
    assert!(n == 42);
    entries
}

pub(crate) static ENTRIES: [EntryData; 42] = build_entries();

impl Entry {
    /// All 42 entries, ordered by dot (column by column) and then by direction.
    pub fn all() -> impl Iterator<Item = Entry> {
        (0..42).map(Entry)
    }

    /// The entry from `dot` onto `first`, if that pair is one of the 42.
    pub fn new(dot: Point, first: Point) -> Option<Entry> {
        Entry::all().find(|e| e.dot() == dot && e.first() == first)
    }

    /// The entries from a dot (one from a corner dot, two from the others, none from a spot).
    pub fn from_dot(dot: Point) -> impl Iterator<Item = Entry> {
        Entry::all().filter(move |e| e.dot() == dot)
    }

    /// The entries whose first spot is `spot`.
    pub fn onto(spot: Point) -> impl Iterator<Item = Entry> {
        Entry::all().filter(move |e| e.first() == spot)
    }

    pub(crate) fn data(self) -> &'static EntryData {
        &ENTRIES[self.0 as usize]
    }

    /// The dot the piece is put on.
    pub fn dot(self) -> Point {
        self.data().dot
    }

    /// The spot the piece is pushed onto.
    pub fn first(self) -> Point {
        self.data().first
    }

    /// The direction of the push.
    pub fn direction(self) -> Direction {
        self.data().direction
    }

    /// The line the push moves pieces along.
    pub fn line(self) -> Line {
        self.data().line
    }

    /// The spots from the first one to the far end of the line.
    pub fn ray(self) -> Bitboard {
        Bitboard(self.data().ray)
    }

    /// Where a push here would move its last piece to: the first empty spot of the ray.
    pub(crate) fn line_target(self, occupied: Bitboard) -> Option<Point> {
        self.push_span(occupied)
            .map(|(target, _)| Point::from_spot_index(target))
    }

    /// For a push here: the bit index of the first empty spot of the ray, and the set of
    /// spots whose pieces move one step (from the first spot up to that empty one).
    /// `None` when the line is full.
    #[inline]
    pub(crate) fn push_span(self, occupied: Bitboard) -> Option<(u32, u64)> {
        self.data().push_span(occupied.0)
    }

    /// The index of this entry, `0..42`.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.dot(), self.first())
    }
}

/// Why a text does not name an entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryError {
    /// The text is not two points.
    Syntax {
        /// The text (cut to a sane length).
        text: String,
    },
    /// A point could not be read.
    Point(ParsePointError),
    /// The first point is a spot, not a dot.
    NotADot {
        /// The point given as the dot.
        point: Point,
    },
    /// The second point is not a first spot of that dot.
    NotAFirstSpot {
        /// The dot.
        dot: Point,
        /// The point given as the first spot.
        spot: Point,
    },
}

impl fmt::Display for EntryError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EntryError::Syntax { text } => write!(
                f,
                "`{text}` is not an entry: write a dot and the first spot, like `b1 c2`"
            ),
            EntryError::Point(e) => e.fmt(f),
            EntryError::NotADot { point } => write!(
                f,
                "{point} is a spot, not a dot: a piece enters from one of the dots around the board \
                 (a1-a5, b1-h1, b6-h6 and c7, d8, e9, f8, g7, i1-i5)"
            ),
            EntryError::NotAFirstSpot { dot, spot } => {
                let legal: Vec<String> = Entry::from_dot(*dot)
                    .map(|e| e.first().to_string())
                    .collect();
                write!(
                    f,
                    "{dot} {spot}: {spot} is not a first spot from {dot}; from {dot} you can push to {}",
                    legal.join(" or ")
                )
            }
        }
    }
}

impl std::error::Error for EntryError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EntryError::Point(error) => Some(error),
            _ => None,
        }
    }
}

impl Entry {
    /// Resolves a (dot, first spot) pair, explaining what is wrong with it.
    pub fn checked(dot: Point, first: Point) -> Result<Entry, EntryError> {
        if dot.is_spot() {
            return Err(EntryError::NotADot { point: dot });
        }
        Entry::new(dot, first).ok_or(EntryError::NotAFirstSpot { dot, spot: first })
    }
}

/// Splits `b1 c2`, `b1-c2` or `b1c2` into its two point texts.
pub(crate) fn split_pair(text: &str) -> Option<(&str, &str)> {
    let text = text.trim();
    if let Some((a, b)) = text.split_once(|c: char| c == '-' || c.is_whitespace()) {
        let b = b.trim_start_matches(|c: char| c == '-' || c.is_whitespace());
        return Some((a, b));
    }
    if text.len() == 4 && text.is_ascii() {
        return Some(text.split_at(2));
    }
    None
}

impl FromStr for Entry {
    type Err = EntryError;

    fn from_str(s: &str) -> Result<Entry, EntryError> {
        let syntax = || EntryError::Syntax {
            text: s.chars().take(20).collect(),
        };
        let (dot, first) = split_pair(s).ok_or_else(syntax)?;
        let dot: Point = dot.parse().map_err(EntryError::Point)?;
        let first: Point = first.parse().map_err(EntryError::Point)?;
        Entry::checked(dot, first)
    }
}

impl Serialize for Entry {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Entry {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Entry, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RULES_LIST: &str = "a1-b2 a2-b2 a2-b3 a3-b3 a3-b4 a4-b4 a4-b5 a5-b5 b1-b2 b1-c2 b6-b5 b6-c6 \
        c1-c2 c1-d2 c7-c6 c7-d7 d1-d2 d1-e2 d8-d7 d8-e8 e1-e2 e9-e8 f1-f2 f1-e2 f8-f7 f8-e8 g1-g2 \
        g1-f2 g7-g6 g7-f7 h1-h2 h1-g2 h6-h5 h6-g6 i1-h2 i2-h3 i2-h2 i3-h4 i3-h3 i4-h5 i4-h4 i5-h5";

    #[test]
    fn the_42_entries_are_the_ones_rules_md_lists() {
        let mut ours: Vec<String> = Entry::all().map(|e| e.to_string()).collect();
        let mut theirs: Vec<String> = RULES_LIST.split_whitespace().map(String::from).collect();
        ours.sort();
        theirs.sort();
        assert_eq!(ours, theirs);
        for text in RULES_LIST.split_whitespace() {
            assert_eq!(
                text.parse::<Entry>().map(|e| e.to_string()).as_deref(),
                Ok(text)
            );
        }
    }

    #[test]
    fn corner_dots_have_one_entry_others_two() {
        for dot in Point::dots() {
            let n = Entry::from_dot(dot).count();
            let corner = ["a1", "a5", "e1", "e9", "i1", "i5"].contains(&dot.to_string().as_str());
            assert_eq!(n, if corner { 1 } else { 2 }, "{dot}");
        }
    }

    #[test]
    fn rays_run_from_first_spot_to_the_end_of_a_line() {
        for entry in Entry::all() {
            let line = entry.line();
            assert!(entry.ray().is_subset(line.bitboard()));
            assert!(entry.ray().contains(entry.first()));
            let back = entry.direction().opposite();
            assert_eq!(entry.first().neighbour(back), Some(entry.dot()));
        }
        let b1c2: Entry = "b1-c2".parse().unwrap();
        let ray: Vec<String> = b1c2.ray().iter().map(|p| p.to_string()).collect();
        assert_eq!(ray, ["c2", "d3", "e4", "f4", "g4", "h4"]);
    }

    #[test]
    fn chat_forms_and_errors() {
        for text in ["b1 c2", "b1-c2", "b1c2", " B1  C2 ", "b1 - c2"] {
            assert_eq!(
                text.parse::<Entry>().map(|e| e.to_string()),
                Ok("b1-c2".into()),
                "{text}"
            );
        }
        assert_eq!(
            "e1 e3".parse::<Entry>().unwrap_err().to_string(),
            "e1 e3: e3 is not a first spot from e1; from e1 you can push to e2"
        );
        let error = "x1 c2".parse::<Entry>().unwrap_err();
        let point_error = "x1".parse::<Point>().unwrap_err();
        assert_eq!(error, EntryError::Point(point_error.clone()));
        assert_eq!(
            std::error::Error::source(&error).map(|e| e.to_string()),
            Some(point_error.to_string())
        );
        assert!(matches!(
            "b1".parse::<Entry>(),
            Err(EntryError::Syntax { .. })
        ));
    }
}
