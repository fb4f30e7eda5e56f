//! Tournaments of GIPF games: who plays whom each round, and who leads.
//!
//! Pure and small: no I/O, no clock, no dependencies. An [`Event`] is what a tournament has
//! recorded so far (its [`Format`], the entry count, withdrawals, the games and byes); from
//! it come the next [`Round`] ([`Event::pair_next_round`]) and the [`Standing`]s
//! ([`Event::standings`]). Players are indices `0..players` into the event's entry list, in
//! entry order. The vocabulary, one file each:
//!
//! - [`Format`] (round robin or Swiss) and [`Winner`] (there are no draws in GIPF);
//! - [`Points`]: a score, in half points so that tie-breaks can count unplayed rounds as
//!   draws;
//! - [`Pairing`], [`Round`], [`Played`] and [`Event`]: a round to play and the record;
//! - [`Standing`] and [`TieBreak`]: a line of the standings;
//! - [`PairingError`]: why a round cannot be paired, in a sentence a player can read.
//!
//! ```
//! use gipf_tournament::{Event, Format, Winner};
//! let mut event = Event::new(Format::RoundRobin { cycles: 1 }, 4);
//! let round = event.pair_next_round().unwrap();
//! assert_eq!((round.number, round.games.len(), round.bye), (1, 2, None));
//! event.record_round(&round);
//! for game in &round.games {
//!     assert!(event.record_result(1, game.white, game.black, Winner::White));
//! }
//! assert_eq!(event.next_round_number(), Some(2));
//! assert_eq!(event.standings()[0].points.to_string(), "1");
//! ```

mod colours;
mod error;
mod event;
mod format;
mod ledger;
mod matching;
mod points;
mod round_robin;
mod standings;
mod swiss;

pub use error::PairingError;
pub use event::{Event, Pairing, Played, Round};
pub use format::{Format, Winner};
pub use points::Points;
pub use standings::{Standing, TieBreak};
