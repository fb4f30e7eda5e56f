use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::ParseTurnError;
use crate::{Kind, Point};

/// One removed spot as written: `Ge5*` is a GIPF-piece of the opponent on e5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RemovalNote {
    /// The spot.
    pub spot: Point,
    /// Written with `G`: it held a GIPF-piece.
    pub gipf: bool,
    /// Written with `*`: it held an opponent's piece.
    pub captured: bool,
}

/// The push as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PushNote {
    /// `e5` or `Ge5`: a push onto an empty first spot.
    Onto {
        /// `G` was written.
        gipf: bool,
        /// The first spot.
        spot: Point,
    },
    /// `b1-e4`: the dot and where the furthest pushed piece ends.
    Line {
        /// `G` was written.
        gipf: bool,
        /// The dot.
        dot: Point,
        /// Where the furthest pushed piece ends.
        end: Point,
    },
}

impl PushNote {
    /// The kind of piece brought in.
    pub(super) fn kind(self) -> Kind {
        let gipf = match self {
            PushNote::Onto { gipf, .. } | PushNote::Line { gipf, .. } => gipf,
        };
        if gipf { Kind::Gipf } else { Kind::Basic }
    }
}

/// A turn as written in the official notation, not yet checked against a position.
///
/// ```
/// use gipf::notation::TurnNotation;
/// use gipf::{Position, Variant};
/// let note: TurnNotation = "xe7,e8;c7-e7 (4)".parse().unwrap();
/// assert_eq!(note.start.len(), 2);
/// assert_eq!(note.reserve, Some(4));
/// assert!("c7-e7;".parse::<TurnNotation>().is_err());
///
/// // Resolving it against a position gives the decisions to play.
/// let position = Position::new(Variant::Tournament);
/// let decisions = "Ge8".parse::<TurnNotation>().unwrap().resolve(&position).unwrap();
/// assert_eq!(decisions.len(), 1);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnNotation {
    /// Removals written before the push.
    pub start: Vec<RemovalNote>,
    /// The push, if any.
    pub push: Option<PushNote>,
    /// Removals written after the push.
    pub after: Vec<RemovalNote>,
    /// The ` (n)` reserve count, if written.
    pub reserve: Option<u8>,
}

fn parse_point(text: &str) -> Result<Point, ParseTurnError> {
    Ok(text.trim().parse()?)
}

/// `G` before a point: a GIPF-piece.
fn strip_gipf(text: &str) -> (bool, &str) {
    match text.strip_prefix('G') {
        Some(rest) => (true, rest),
        None => (false, text),
    }
}

/// The spots of one group of removals, `Ge5*,f4`, without its `x`.
fn parse_removals(list: &str) -> Result<Vec<RemovalNote>, ParseTurnError> {
    list.split(',')
        .map(|item| {
            let (gipf, rest) = strip_gipf(item.trim());
            let (captured, rest) = match rest.strip_suffix('*') {
                Some(rest) => (true, rest),
                None => (false, rest),
            };
            Ok(RemovalNote {
                spot: parse_point(rest)?,
                gipf,
                captured,
            })
        })
        .collect()
}

/// A push, `Ge5` or `b1-e4`.
fn parse_push(part: &str) -> Result<PushNote, ParseTurnError> {
    let (gipf, rest) = strip_gipf(part);
    Ok(match crate::entry::split_pair(rest) {
        Some((dot, end)) if rest.len() > 2 => PushNote::Line {
            gipf,
            dot: parse_point(dot)?,
            end: parse_point(end)?,
        },
        _ => PushNote::Onto {
            gipf,
            spot: parse_point(rest)?,
        },
    })
}

impl FromStr for TurnNotation {
    type Err = ParseTurnError;

    fn from_str(s: &str) -> Result<TurnNotation, ParseTurnError> {
        let mut text = s.trim();
        let mut note = TurnNotation::default();
        if let Some(open) = text.rfind('(') {
            let count = text[open + 1..]
                .strip_suffix(')')
                .ok_or(ParseTurnError::ReserveCountNotAtEnd)?;
            let count = count
                .trim()
                .parse()
                .map_err(|_| ParseTurnError::NotAReserveCount {
                    text: count.to_string(),
                })?;
            note.reserve = Some(count);
            text = text[..open].trim_end();
        }
        if text.is_empty() {
            return Err(ParseTurnError::Empty);
        }
        for part in text.split(';') {
            let part = part.trim();
            if part.is_empty() {
                return Err(ParseTurnError::LoneSemicolon);
            }
            if let Some(list) = part.strip_prefix(['x', 'X']) {
                let group = parse_removals(list)?;
                if note.push.is_some() {
                    note.after.extend(group);
                } else {
                    note.start.extend(group);
                }
            } else if note.push.is_some() {
                return Err(ParseTurnError::TwoPushes);
            } else {
                note.push = Some(parse_push(part)?);
            }
        }
        Ok(note)
    }
}

/// `G` before a GIPF-piece's spot, `*` after a captured one: `Ge5*`.
impl fmt::Display for RemovalNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let gipf = if self.gipf { "G" } else { "" };
        let captured = if self.captured { "*" } else { "" };
        write!(f, "{gipf}{}{captured}", self.spot)
    }
}

/// `e5`, `Ge5` or `b1-e4`.
impl fmt::Display for PushNote {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.kind() == Kind::Gipf {
            f.write_str("G")?;
        }
        match self {
            PushNote::Onto { spot, .. } => write!(f, "{spot}"),
            PushNote::Line { dot, end, .. } => write!(f, "{dot}-{end}"),
        }
    }
}

/// The notation as written: the inverse of parsing it.
///
/// ```
/// use gipf::notation::TurnNotation;
/// for text in ["xe7,e8;c7-e7 (4)", "Ge8", "h6-c4;xc6*,d6,Gf5,g4", "xd5"] {
///     assert_eq!(text.parse::<TurnNotation>().unwrap().to_string(), text);
/// }
/// ```
impl fmt::Display for TurnNotation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let group = |notes: &[RemovalNote]| {
            let spots: Vec<String> = notes.iter().map(|n| n.to_string()).collect();
            (!notes.is_empty()).then(|| format!("x{}", spots.join(",")))
        };
        let parts: Vec<String> = group(&self.start)
            .into_iter()
            .chain(self.push.map(|p| p.to_string()))
            .chain(group(&self.after))
            .collect();
        f.write_str(&parts.join(";"))?;
        if let Some(reserve) = self.reserve {
            write!(f, " ({reserve})")?;
        }
        Ok(())
    }
}
