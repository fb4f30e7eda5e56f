//! The three strengths the bot offers, and the limits of a search.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use crate::Score;

/// How long and how deep one search may go, and how much it may blur its judgement.
///
/// ```
/// use std::time::Duration;
/// use gipf_ai::Limits;
/// let limits = Limits::time(Duration::from_millis(200));
/// assert_eq!(limits.noise, 0);
/// assert_eq!(Limits::depth(3).time, None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The time budget; `None` searches to `max_depth` whatever it takes.
    pub time: Option<Duration>,
    /// The deepest iteration, in complete turns.
    pub max_depth: u32,
    /// Each candidate turn's score is shifted by a seeded random amount in
    /// `-noise..=noise` centi-pieces before the best is chosen: a weaker, varied player.
    pub noise: Score,
}

impl Limits {
    /// The deepest any search goes.
    pub const MAX_DEPTH: u32 = 60;

    /// Search for `time`, as deep as it allows.
    pub fn time(time: Duration) -> Limits {
        Limits {
            time: Some(time),
            max_depth: Limits::MAX_DEPTH,
            noise: 0,
        }
    }

    /// Search exactly `depth` complete turns deep, however long it takes: for tests and
    /// benchmarks.
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            time: None,
            max_depth: if depth == 0 { 1 } else { depth },
            noise: 0,
        }
    }
}

/// A strength of play offered to people.
///
/// ```
/// use gipf_ai::Level;
/// assert_eq!("hard".parse::<Level>(), Ok(Level::Hard));
/// assert_eq!(Level::Medium.to_string(), "medium");
/// assert!(Level::Easy.limits().noise > 0);
/// assert_eq!(Level::ALL[0], "beginner".parse().unwrap());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// At most 50 ms, its own turn only, with a lot of noise: it takes a win and avoids a
    /// loss it sees, but misses captures and rows now and then and never plans ahead. A
    /// new player beats it after a few games.
    Beginner,
    /// At most 50 ms (a few in practice), two turns deep (its turn and the reply), with
    /// noise: a beginner can win, yet it never loses to random play.
    Easy,
    /// About 0.3 s.
    Medium,
    /// 2 s.
    Hard,
}

impl Level {
    /// All levels, weakest first.
    pub const ALL: [Level; 4] = [Level::Beginner, Level::Easy, Level::Medium, Level::Hard];

    /// The search limits of the level.
    pub fn limits(self) -> Limits {
        match self {
            Level::Beginner => Limits {
                time: Some(Duration::from_millis(50)),
                max_depth: 1,
                noise: 500,
            },
            Level::Easy => Limits {
                time: Some(Duration::from_millis(50)),
                max_depth: 2,
                noise: 200,
            },
            Level::Medium => Limits::time(Duration::from_millis(300)),
            Level::Hard => Limits::time(Duration::from_millis(2000)),
        }
    }

    /// The lowercase name.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Beginner => "beginner",
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is none of `beginner`, `easy`, `medium`, `hard`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseLevelError(pub String);

impl fmt::Display for ParseLevelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a level: write beginner, easy, medium or hard",
            self.0
        )
    }
}

impl std::error::Error for ParseLevelError {}

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|level| level.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| ParseLevelError(s.to_string()))
    }
}
