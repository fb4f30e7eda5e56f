//! Why a round cannot be paired.

use std::fmt;

/// Why [`Event::pair_next_round`](crate::Event::pair_next_round) refused.
///
/// ```
/// use gipf_tournament::PairingError;
/// let error = PairingError::TooFewPlayers { active: 2, needed: 3 };
/// assert_eq!(error.to_string(), "pairing this round needs at least 3 players; the event has 2");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairingError {
    /// A game of the current round has no result yet.
    RoundUnfinished {
        /// The round being played.
        round: u32,
        /// How many of its games are unfinished.
        unfinished: usize,
    },
    /// Every round has been paired, or no later round could have a game.
    EventOver,
    /// Too few players are still in the event to pair a round.
    TooFewPlayers {
        /// Players who have not withdrawn.
        active: usize,
        /// The fewest needed: at the start 3 for a Swiss and 2 for a round robin, later 2.
        needed: usize,
    },
    /// The record names a player outside the entry list, or pairs a player with themselves:
    /// the stored event is damaged.
    BadRecord {
        /// The round of the damaged entry.
        round: u32,
        /// The player it names.
        player: usize,
    },
}

impl fmt::Display for PairingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PairingError::RoundUnfinished {
                round,
                unfinished: 1,
            } => write!(f, "round {round} still has a game in play"),
            PairingError::RoundUnfinished { round, unfinished } => {
                write!(f, "round {round} still has {unfinished} games in play")
            }
            PairingError::EventOver => {
                f.write_str("the event is over: every round has been paired")
            }
            PairingError::TooFewPlayers { active, needed } => write!(
                f,
                "pairing this round needs at least {needed} players; the event has {active}"
            ),
            PairingError::BadRecord { round, player } => write!(
                f,
                "the event's record of round {round} is damaged (player {player} is not an \
                 entry, or plays themselves)"
            ),
        }
    }
}

impl std::error::Error for PairingError {}
