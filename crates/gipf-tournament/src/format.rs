//! The two formats of an event, and who won a game.

use std::fmt;

/// How an event pairs its players.
///
/// ```
/// use gipf_tournament::{Format, TieBreak};
/// assert_eq!(Format::Swiss { rounds: 5 }.to_string(), "Swiss, 5 rounds");
/// assert_eq!(Format::RoundRobin { cycles: 2 }.to_string(), "double round robin");
/// assert_eq!(Format::Swiss { rounds: 5 }.min_players(), 3);
/// assert_eq!(Format::RoundRobin { cycles: 1 }.tie_breaks(), [TieBreak::SonnebornBerger, TieBreak::DirectEncounter]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// Everyone meets everyone, by the circle method (Berger tables).
    RoundRobin {
        /// How many times each pair meets: 1, or 2 with the colours swapped the second time.
        /// Further cycles alternate the colours again.
        cycles: u8,
    },
    /// A fixed number of rounds, each pairing players of equal scores who have not met.
    Swiss {
        /// The rounds in all.
        rounds: u32,
    },
}

impl Format {
    /// The short name, `"round robin"` or `"swiss"`.
    pub const fn name(self) -> &'static str {
        match self {
            Format::RoundRobin { .. } => "round robin",
            Format::Swiss { .. } => "swiss",
        }
    }

    /// The fewest active players needed to pair the first round: 2 for a round robin, 3 for
    /// a Swiss.
    pub const fn min_players(self) -> usize {
        match self {
            Format::RoundRobin { .. } => 2,
            Format::Swiss { .. } => 3,
        }
    }

    /// The tie-breaks of the standings, in the order they separate equal scores:
    /// Buchholz then Sonneborn-Berger for a Swiss, Sonneborn-Berger then the direct
    /// encounter for a round robin.
    pub const fn tie_breaks(self) -> &'static [crate::TieBreak] {
        use crate::TieBreak::{Buchholz, DirectEncounter, SonnebornBerger};
        match self {
            Format::RoundRobin { .. } => &[SonnebornBerger, DirectEncounter],
            Format::Swiss { .. } => &[Buchholz, SonnebornBerger],
        }
    }

    /// Whether a bye is worth a win: yes in a Swiss (a pairing-allocated bye); no in a round
    /// robin, where with an odd count everyone rests once a cycle.
    pub const fn bye_scores(self) -> bool {
        matches!(self, Format::Swiss { .. })
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Format::RoundRobin { cycles: 1 } => f.write_str("round robin"),
            Format::RoundRobin { cycles: 2 } => f.write_str("double round robin"),
            Format::RoundRobin { cycles } => write!(f, "round robin, {cycles} cycles"),
            Format::Swiss { rounds: 1 } => f.write_str("Swiss, 1 round"),
            Format::Swiss { rounds } => write!(f, "Swiss, {rounds} rounds"),
        }
    }
}

/// Who won a game. There are no draws in GIPF.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Winner {
    /// The player who moved first.
    White,
    /// The player who moved second.
    Black,
}

impl Winner {
    /// Both winners, White first.
    pub const ALL: [Winner; 2] = [Winner::White, Winner::Black];

    /// The lowercase name, `"white"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Winner::White => "white",
            Winner::Black => "black",
        }
    }
}

impl fmt::Display for Winner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
