use std::fmt;

use serde::{Deserialize, Serialize};

use super::{PieceKind, Potential};
use crate::{Bitboard, Color, Entry, Line, Outcome, Point, Row};

/// What the game waits for, always from the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pending {
    /// The action: a push or a potential move.
    Action,
    /// Rows of his colour interact: choose the one to deal with first.
    ChooseRow {
        /// The rows (at least two).
        rows: Vec<Row>,
    },
    /// A row is being dealt with: choose the optional pieces to take.
    Remove {
        /// The row.
        row: Row,
        /// Its optional spots (GIPF-pieces, converted GIPF-pieces, uncovered loaded pieces).
        optional: Bitboard,
    },
    /// His TAMSK piece was pushed onto `e5`: an extra push, or a skip.
    Tamsk,
    /// The game is over.
    GameOver(Outcome),
}

impl fmt::Display for Pending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pending::Action => f.write_str("a push or a potential move"),
            Pending::ChooseRow { rows } => {
                let names: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
                write!(
                    f,
                    "a choice of the row to deal with first ({})",
                    names.join(", ")
                )
            }
            Pending::Remove { row, optional } => write!(
                f,
                "a choice of the pieces to take from row {row} (any of {})",
                list(*optional)
            ),
            Pending::Tamsk => f.write_str("the TAMSK extra push (or a skip)"),
            Pending::GameOver(outcome) => write!(f, "nothing: {outcome}"),
        }
    }
}

/// One answer to a [`Pending`] question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Decision {
    /// Answers [`Pending::Action`]: push a piece in.
    Push {
        /// Where.
        entry: Entry,
        /// What.
        piece: PieceKind,
    },
    /// Answers [`Pending::Action`]: use the power of an uncovered loaded piece.
    Move {
        /// Z, D, Y or P.
        kind: Potential,
        /// The loaded piece.
        from: Point,
        /// The target.
        to: Point,
    },
    /// Answers [`Pending::Tamsk`]: push the TAMSK potential in here.
    Extra(Entry),
    /// Answers [`Pending::Tamsk`]: give the TAMSK potential up.
    Skip,
    /// Answers [`Pending::ChooseRow`].
    Row(Line),
    /// Answers [`Pending::Remove`]: the optional spots to take (the others stay).
    Take(Bitboard),
}

/// A decision of a game without potentials, as a [`Game`](super::Game) playing the same
/// game takes it: a push of a basic piece or a GIPF-piece, the row to remove first, the
/// GIPF-pieces of a row to take (in a game without potentials they are its optional pieces).
///
/// ```
/// use gipf::potentials::{Decision, Game, Options};
/// use gipf::{Position, Variant};
/// let mut position = Position::new(Variant::Standard);
/// let mut game = Game::new(Options::plain(Variant::Standard));
/// let push = position.legal_decisions()[0];
/// position.play(push).unwrap();
/// game.play(Decision::from(push)).unwrap();
/// assert_eq!(game.pieces(gipf::Color::White), position.pieces(gipf::Color::White));
/// ```
impl From<crate::Decision> for Decision {
    fn from(decision: crate::Decision) -> Decision {
        match decision {
            crate::Decision::Push { entry, piece } => Decision::Push {
                entry,
                piece: match piece {
                    crate::Kind::Basic => PieceKind::Basic,
                    crate::Kind::Gipf => PieceKind::Gipf,
                },
            },
            crate::Decision::Row(line) => Decision::Row(line),
            crate::Decision::Take(spots) => Decision::Take(spots),
        }
    }
}

/// A decision of a game without potentials back in the base game's terms (for
/// [`Position`](crate::Position)); a decision only potentials have is handed back.
///
/// ```
/// use gipf::potentials::{Decision, PieceKind, Potential};
/// let entry = "b1-c2".parse().unwrap();
/// let push = Decision::Push { entry, piece: PieceKind::Gipf };
/// assert_eq!(
///     gipf::Decision::try_from(push),
///     Ok(gipf::Decision::Push { entry, piece: gipf::Kind::Gipf })
/// );
/// let loaded = Decision::Push { entry, piece: PieceKind::Loaded(Potential::Zertz) };
/// assert_eq!(gipf::Decision::try_from(loaded), Err(loaded));
/// ```
impl TryFrom<Decision> for crate::Decision {
    type Error = Decision;

    fn try_from(decision: Decision) -> Result<crate::Decision, Decision> {
        Ok(match decision {
            Decision::Push { entry, piece } => crate::Decision::Push {
                entry,
                piece: match piece {
                    PieceKind::Basic => crate::Kind::Basic,
                    PieceKind::Gipf => crate::Kind::Gipf,
                    PieceKind::Loaded(_) => return Err(decision),
                },
            },
            Decision::Row(line) => crate::Decision::Row(line),
            Decision::Take(spots) => crate::Decision::Take(spots),
            Decision::Move { .. } | Decision::Extra(_) | Decision::Skip => return Err(decision),
        })
    }
}

/// Why a decision was refused. The game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is over.
    GameOver(Outcome),
    /// It is the other player's turn.
    NotYourTurn {
        /// Who is to move.
        to_move: Color,
    },
    /// Another decision is pending.
    Pending(Pending),
    /// The line ahead of the dot has no empty spot.
    LineFull {
        /// The refused entry.
        entry: Entry,
    },
    /// The player has no piece in reserve (he may still have a potential move).
    NoReserve,
    /// GIPF-pieces are brought in only in the tournament game and ultimate.
    GipfNotInThisGame,
    /// The player pushed a loaded or basic piece, which ended his GIPF phase.
    GipfPhaseOver,
    /// A GIPF-piece takes two reserve pieces.
    GipfNotAffordable {
        /// His reserve.
        reserve: u8,
    },
    /// The first push of the tournament game and ultimate brings in a GIPF-piece.
    FirstPushMustBeGipf,
    /// He pushed a basic piece, which gave up the rest of his potentials.
    BasicPhase,
    /// None of that kind is left in his supply.
    NoneInSupply {
        /// The kind.
        kind: Potential,
    },
    /// TAMSK never moves by itself.
    TamskDoesNotMove,
    /// The spot holds no uncovered loaded piece of his of that kind.
    NotLoaded {
        /// The kind.
        kind: Potential,
        /// The spot named.
        from: Point,
        /// Where his uncovered pieces of that kind are.
        yours: Bitboard,
    },
    /// Not a target of that loaded piece.
    IllegalTarget {
        /// The kind.
        kind: Potential,
        /// The loaded piece.
        from: Point,
        /// The target named.
        to: Point,
        /// Its legal targets.
        legal: Bitboard,
    },
    /// The line holds none of the rows to choose from.
    NotARowToChoose {
        /// The line chosen.
        line: Line,
        /// The rows to choose from.
        rows: Vec<Row>,
    },
    /// Spots that are not optional pieces of the row.
    NotOptional {
        /// The offending spots.
        spots: Bitboard,
        /// The optional spots.
        optional: Bitboard,
    },
    /// The row would still have 4 pieces of its colour in a row, not all GIPF-pieces.
    Unbroken {
        /// The four spots.
        spots: [Point; 4],
    },
}

fn list(set: Bitboard) -> String {
    let names: Vec<String> = set.iter().map(|p| p.to_string()).collect();
    match names.len() {
        0 => "none".to_string(),
        1 => names[0].clone(),
        n => format!("{} or {}", names[..n - 1].join(", "), names[n - 1]),
    }
}

pub(crate) fn and_list(set: Bitboard) -> String {
    list(set).replace(" or ", " and ")
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(outcome) => write!(f, "the game is over ({outcome})"),
            PlayError::NotYourTurn { to_move } => write!(f, "it is {to_move}'s turn"),
            PlayError::Pending(pending) => write!(f, "first comes {pending}"),
            PlayError::LineFull { entry } => write!(
                f,
                "{entry}: the line from {} has no empty spot, so nothing can be pushed in there",
                entry.dot()
            ),
            PlayError::NoReserve => f.write_str("you have no piece in reserve: use a potential"),
            PlayError::GipfNotInThisGame => f.write_str(
                "GIPF-pieces can only be brought in in the tournament game and Ultimate GIPF",
            ),
            PlayError::GipfPhaseOver => f.write_str(
                "you already pushed a loaded or basic piece, so you cannot bring in GIPF-pieces any more",
            ),
            PlayError::GipfNotAffordable { reserve } => write!(
                f,
                "a GIPF-piece takes 2 pieces from your reserve and you have {reserve}"
            ),
            PlayError::FirstPushMustBeGipf => {
                f.write_str("your first push must bring in a GIPF-piece (write G before it)")
            }
            PlayError::BasicPhase => f.write_str(
                "you already pushed a basic piece, which gave up the rest of your potentials",
            ),
            PlayError::NoneInSupply { kind } => write!(f, "you have no {kind} potential left to load"),
            PlayError::TamskDoesNotMove => f.write_str(
                "a TAMSK potential never moves by itself: it gives an extra push when its piece is pushed onto e5",
            ),
            PlayError::NotLoaded { .. } | PlayError::IllegalTarget { .. } => self.fmt_power(f),
            PlayError::NotARowToChoose { line, rows } => {
                let names: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
                write!(f, "there is no row to choose on line {line}; choose one of {}", names.join(", "))
            }
            PlayError::NotOptional { spots, optional } => write!(
                f,
                "{} {} not an optional piece of this row; you may take any of {}",
                and_list(*spots),
                if spots.count() == 1 { "is" } else { "are" },
                list(*optional)
            ),
            PlayError::Unbroken { spots } => write!(
                f,
                "the row would not be broken: {} {} {} {} still hold 4 of its pieces in a row",
                spots[0], spots[1], spots[2], spots[3]
            ),
        }
    }
}

impl PlayError {
    /// A refused use of a potential's power, in words.
    fn fmt_power(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::NotLoaded { kind, from, yours } if yours.is_empty() => write!(
                f,
                "{from} holds no {kind}-loaded piece of yours, and you have none uncovered"
            ),
            PlayError::NotLoaded { kind, from, yours } => write!(
                f,
                "{from} holds no {kind}-loaded piece of yours; yours {} on {}",
                if yours.count() == 1 { "is" } else { "are" },
                and_list(*yours)
            ),
            PlayError::IllegalTarget {
                kind,
                from,
                to,
                legal,
            } => {
                let verb = if *kind == Potential::Zertz {
                    "land on"
                } else {
                    "move to"
                };
                if legal.is_empty() {
                    write!(
                        f,
                        "{to} is not a target: from {from} the {kind} has no move"
                    )
                } else {
                    write!(
                        f,
                        "{to} is not a target: from {from} the {kind} can {verb} {}",
                        list(*legal)
                    )
                }
            }
            _ => Ok(()),
        }
    }
}

impl std::error::Error for PlayError {}
