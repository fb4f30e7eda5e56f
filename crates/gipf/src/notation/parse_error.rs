use std::fmt;

/// Why a text is not a turn in the official notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTurnError {
    /// What is wrong, for a person.
    pub reason: String,
}

impl fmt::Display for ParseTurnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} (a turn is written like `b6-f5`, `Ge8`, `xe7,e8;c7-e7` or `h6-c4;xc6*,d6,f5,g4`)",
            self.reason
        )
    }
}

impl std::error::Error for ParseTurnError {}
