use std::fmt;

use super::PushNote;
use crate::{Entry, EntryError, PlayError, Point};

/// Why a written turn is not a legal turn in a position. The position is unchanged.
///
/// Each variant holds what it talks about; its text says what is wrong and how to write it.
///
/// ```
/// use gipf::notation::{ResolveError, TurnNotation};
/// use gipf::{Point, Position, Variant};
/// let start = Position::new(Variant::Standard);
/// let note: TurnNotation = "e2".parse().unwrap();
/// let error = note.resolve(&start).unwrap_err();
/// assert_eq!(error, ResolveError::OntoOccupiedSpot { spot: Point::E2 });
/// assert!(error.to_string().starts_with("e2 is occupied: a push that moves pieces is written"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    /// The push or a decision is illegal.
    Play(PlayError),
    /// A push written as its first spot alone names a dot (`b1`).
    OntoADot {
        /// The dot written.
        dot: Point,
    },
    /// A push written as its first spot alone names an occupied spot: a push that moves
    /// pieces is written as its dot and where the last piece ends.
    OntoOccupiedSpot {
        /// The occupied spot written.
        spot: Point,
    },
    /// A push written as its first spot alone names a spot no entry leads onto.
    NoEntryOnto {
        /// The spot written.
        spot: Point,
    },
    /// A push written as `dot-end` starts from a spot.
    NotADot {
        /// The spot written as the dot.
        point: Point,
    },
    /// A push written as `dot-end` ends off every line entered from the dot.
    NotOnALine {
        /// The dot written.
        dot: Point,
        /// The end written.
        end: Point,
    },
    /// A push written as `dot-end` moves its last piece somewhere else than `end`.
    WrittenAs {
        /// The entry the written dot and end point along.
        entry: Entry,
        /// The end written.
        end: Point,
        /// Where that push moves its last piece.
        target: Point,
        /// How that push is written: as its first spot alone when that spot was empty,
        /// else as its dot and `target`.
        written: PushNote,
    },
    /// The turn is written without a push, but it goes on to a push.
    PushMissing,
    /// The turn is written as its removals alone, but after them the game goes on.
    PushMissingAfterRemovals,
    /// The written removals match no legal way of dealing with the rows.
    NoMatchingRemovals {
        /// Legal turns with the written push, in the notation, sorted, at most 8; where the
        /// removals before the push differ, the push is written `(the push)`.
        legal: Vec<String>,
    },
    /// A removed spot has `G` but held a basic piece, or lacks `G` but held a GIPF-piece.
    GipfMark {
        /// The spot.
        spot: Point,
        /// Whether it held a GIPF-piece (and so needs a `G`).
        held_gipf: bool,
    },
    /// A removed spot has `*` but held the mover's piece, or lacks `*` but held an
    /// opponent's piece.
    CaptureMark {
        /// The spot.
        spot: Point,
        /// Whether it held an opponent's piece (and so needs a `*`).
        held_opponents: bool,
    },
    /// The ` (n)` count differs from the reserve after the turn.
    Reserve {
        /// What was written.
        written: u8,
        /// What the reserve is.
        actual: u8,
    },
}

impl fmt::Display for ResolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ResolveError::Play(error) => error.fmt(f),
            ResolveError::OntoADot { dot } => write!(
                f,
                "{dot} is a dot: write the first spot (like `c2`) or the dot and the end of the push (like `b1-e4`)"
            ),
            ResolveError::OntoOccupiedSpot { spot } => write!(
                f,
                "{spot} is occupied: a push that moves pieces is written as its dot and where the last pushed piece ends, like `b1-e4`"
            ),
            ResolveError::NoEntryOnto { spot } => write!(f, "no entry leads onto {spot}"),
            ResolveError::NotADot { point } => EntryError::NotADot { point: *point }.fmt(f),
            ResolveError::NotOnALine { dot, end } => write_not_on_a_line(f, *dot, *end),
            ResolveError::WrittenAs {
                entry,
                end,
                target,
                written,
            } => write_written_as(f, *entry, *end, *target, *written),
            ResolveError::PushMissing => f.write_str("the push is missing"),
            ResolveError::PushMissingAfterRemovals => {
                f.write_str("the push is missing: after these removals the game goes on")
            }
            ResolveError::NoMatchingRemovals { legal } => {
                let legal: Vec<String> = legal.iter().map(|t| format!("`{t}`")).collect();
                write!(
                    f,
                    "the removals written do not match the rows here; the legal turns with this push are {}",
                    legal.join(", ")
                )
            }
            ResolveError::GipfMark { spot, held_gipf } => {
                let what = if *held_gipf {
                    "a GIPF-piece: write G before it"
                } else {
                    "a basic piece: no G"
                };
                write!(f, "{spot} held {what}")
            }
            ResolveError::CaptureMark {
                spot,
                held_opponents,
            } => {
                let what = if *held_opponents {
                    "an opponent's piece: write * after it"
                } else {
                    "one of the mover's own pieces: no *"
                };
                write!(f, "{spot} held {what}")
            }
            ResolveError::Reserve { written, actual } => {
                write!(f, "the reserve after this turn is {actual}, not {written}")
            }
        }
    }
}

fn write_not_on_a_line(f: &mut fmt::Formatter<'_>, dot: Point, end: Point) -> fmt::Result {
    let firsts: Vec<String> = Entry::from_dot(dot)
        .map(|e| e.first().to_string())
        .collect();
    write!(
        f,
        "{dot}-{end}: {end} is not on a line entered from {dot}; from {dot} you can push to {}",
        firsts.join(" or ")
    )
}

fn write_written_as(
    f: &mut fmt::Formatter<'_>,
    entry: Entry,
    end: Point,
    target: Point,
    written: PushNote,
) -> fmt::Result {
    let dot = entry.dot();
    write!(
        f,
        "{dot}-{end}: pushing in from {dot} toward {} moves the last piece to {target}, so that push is written `",
        entry.first()
    )?;
    // Where the push goes; a `G` written before it is not repeated here.
    match written {
        PushNote::Onto { spot, .. } => write!(f, "{spot}`"),
        PushNote::Line { dot, end, .. } => write!(f, "{dot}-{end}`"),
    }
}

impl std::error::Error for ResolveError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ResolveError::Play(error) => Some(error),
            _ => None,
        }
    }
}

impl From<PlayError> for ResolveError {
    fn from(error: PlayError) -> ResolveError {
        ResolveError::Play(error)
    }
}
