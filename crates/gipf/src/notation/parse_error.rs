use std::fmt;

use crate::ParsePointError;

/// Why a text is not a turn in the official notation.
///
/// Its text names the problem and shows how turns are written.
///
/// ```
/// use gipf::notation::{ParseTurnError, TurnNotation};
/// let error = "e5;e6".parse::<TurnNotation>().unwrap_err();
/// assert_eq!(error, ParseTurnError::TwoPushes);
/// assert!(error.to_string().starts_with("a turn has only one push (a turn is written like"));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseTurnError {
    /// Nothing is written (but perhaps a reserve count).
    Empty,
    /// A `(` is not closed by a `)` at the end of the text.
    ReserveCountNotAtEnd,
    /// The text between ` (` and `)` is not a count from 0 to 255.
    NotAReserveCount {
        /// The text between the parentheses.
        text: String,
    },
    /// A `;` has nothing before or after it.
    LoneSemicolon,
    /// Two parts of the turn are pushes.
    TwoPushes,
    /// A point is not a point of the board.
    Point(ParsePointError),
}

impl fmt::Display for ParseTurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseTurnError::Empty => f.write_str("the turn is empty"),
            ParseTurnError::ReserveCountNotAtEnd => {
                f.write_str("the reserve count must be written as ` (n)` at the end")
            }
            ParseTurnError::NotAReserveCount { text } => {
                write!(f, "`{text}` is not a reserve count")
            }
            ParseTurnError::LoneSemicolon => f.write_str("a `;` has nothing on one side"),
            ParseTurnError::TwoPushes => f.write_str("a turn has only one push"),
            ParseTurnError::Point(error) => error.fmt(f),
        }?;
        f.write_str(
            " (a turn is written like `b6-f5`, `Ge8`, `xe7,e8;c7-e7` or `h6-c4;xc6*,d6,f5,g4`)",
        )
    }
}

impl std::error::Error for ParseTurnError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ParseTurnError::Point(error) => Some(error),
            _ => None,
        }
    }
}

impl From<ParsePointError> for ParseTurnError {
    fn from(error: ParsePointError) -> ParseTurnError {
        ParseTurnError::Point(error)
    }
}
