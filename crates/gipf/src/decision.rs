use std::fmt;

use serde::{Deserialize, Serialize};

use crate::{Bitboard, Color, Entry, Kind, Line, Row};

/// What the game waits for, always from the player to move.
///
/// A decision with only one legal answer is never pending: the position takes it by itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Pending {
    /// Push a piece.
    Push,
    /// Rows of the mover's colour share pieces: choose which to remove first.
    ChooseRow {
        /// The rows to choose from (at least two).
        rows: Vec<Row>,
    },
    /// A row with GIPF-pieces is being removed: choose which GIPF-pieces to take.
    TakeGipf {
        /// The row being removed.
        row: Row,
        /// Its GIPF-pieces (either colour); any subset may be taken, the rest stay.
        gipf: Bitboard,
    },
    /// The game is over.
    GameOver(Outcome),
}

impl fmt::Display for Pending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pending::Push => f.write_str("a push"),
            Pending::ChooseRow { rows } => {
                let names: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
                write!(
                    f,
                    "a choice of the row to remove first ({})",
                    names.join(", ")
                )
            }
            Pending::TakeGipf { row, gipf } => {
                let spots: Vec<String> = gipf.iter().map(|p| p.to_string()).collect();
                write!(
                    f,
                    "a choice of the GIPF-pieces to take from row {row} ({})",
                    spots.join(", ")
                )
            }
            Pending::GameOver(outcome) => write!(f, "nothing: {outcome}"),
        }
    }
}

/// One answer to a [`Pending`] question.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "snake_case")]
pub enum Decision {
    /// Answers [`Pending::Push`].
    Push {
        /// Where the piece comes in.
        entry: Entry,
        /// A basic piece or a GIPF-piece.
        piece: Kind,
    },
    /// Answers [`Pending::ChooseRow`] with the line of the row to remove first.
    Row(Line),
    /// Answers [`Pending::TakeGipf`]: the GIPF-pieces to take (the others stay).
    Take(Bitboard),
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The loser had to push and had no piece in reserve.
    NoReserve,
    /// The loser had no GIPF-piece left on the board.
    NoGipf,
    /// The loser resigned.
    Resignation,
    /// The loser had no legal push and no legal potential move (games with potentials).
    NoMove,
}

/// The end of a game: who won and why. There are no draws.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner.
    pub winner: Color,
    /// Why the loser lost.
    pub reason: Reason,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let loser = !self.winner;
        match self.reason {
            Reason::NoReserve => write!(
                f,
                "{} wins: {loser} has no piece left in reserve",
                self.winner
            ),
            Reason::NoGipf => write!(
                f,
                "{} wins: {loser} has no GIPF-piece left on the board",
                self.winner
            ),
            Reason::Resignation => write!(f, "{} wins: {loser} resigned", self.winner),
            Reason::NoMove => write!(f, "{} wins: {loser} has no legal move", self.winner),
        }
    }
}

/// Why a decision was refused. The position is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The game is over.
    GameOver(Outcome),
    /// It is the other player's turn.
    NotYourTurn {
        /// Who is to move.
        to_move: Color,
    },
    /// Another decision must be made first.
    DecisionPending(Pending),
    /// Nothing but a push is pending: there is no row or GIPF-piece to decide on.
    PushPending,
    /// The line ahead of the dot has no empty spot.
    LineFull {
        /// The refused entry.
        entry: Entry,
    },
    /// GIPF-pieces cannot be brought in in this game.
    GipfNotInThisGame,
    /// The player already pushed a basic piece, which ended his GIPF phase.
    GipfPhaseOver,
    /// A GIPF-piece needs two pieces in reserve.
    GipfNotAffordable {
        /// The reserve the player has.
        reserve: u8,
    },
    /// In the tournament game, a player's first push must be a GIPF-piece.
    FirstPushMustBeGipf,
    /// The chosen line holds none of the rows to choose from.
    NotARowToChoose {
        /// The line chosen.
        line: Line,
        /// The rows that can be chosen.
        rows: Vec<Row>,
    },
    /// Spots that are not GIPF-pieces of the row being removed.
    NotTakeable {
        /// The offending spots.
        spots: Bitboard,
        /// The GIPF-pieces that may be taken.
        gipf: Bitboard,
    },
}

fn list(set: Bitboard) -> String {
    set.iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::GameOver(outcome) => write!(f, "the game is over ({outcome})"),
            PlayError::NotYourTurn { to_move } => write!(f, "it is {to_move}'s turn"),
            PlayError::DecisionPending(pending) => write!(f, "first comes {pending}"),
            PlayError::PushPending => f.write_str("there is no row to decide on now: push a piece"),
            PlayError::LineFull { entry } => write!(
                f,
                "{entry}: the line from {} has no empty spot, so nothing can be pushed in there",
                entry.dot()
            ),
            PlayError::GipfNotInThisGame => {
                f.write_str("GIPF-pieces can only be brought in in the tournament game")
            }
            PlayError::GipfPhaseOver => f.write_str(
                "you already pushed a basic piece, so you cannot bring in GIPF-pieces any more",
            ),
            PlayError::GipfNotAffordable { reserve } => write!(
                f,
                "a GIPF-piece takes 2 pieces from your reserve and you have {reserve}: push a basic piece"
            ),
            PlayError::FirstPushMustBeGipf => f.write_str(
                "your first push in the tournament game must bring in a GIPF-piece (write G before it)",
            ),
            PlayError::NotARowToChoose { line, rows } => {
                let names: Vec<String> = rows.iter().map(|r| r.to_string()).collect();
                write!(f, "there is no row to choose on line {line}; choose one of {}", names.join(", "))
            }
            PlayError::NotTakeable { spots, gipf } => write!(
                f,
                "{} {} not a GIPF-piece of this row; you may take any of {}",
                list(*spots),
                if spots.count() == 1 { "is" } else { "are" },
                list(*gipf)
            ),
        }
    }
}

impl std::error::Error for PlayError {}
