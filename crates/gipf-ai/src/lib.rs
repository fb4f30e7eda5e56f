//! A GIPF engine on the rules crate [`gipf`]: alpha-beta search over complete turns (the
//! rows and GIPF-pieces a push leads to are decided inside the turn), an evaluation built
//! on GIPF strategy, three levels, and the tools to measure it (self-play, bench,
//! analysis of a game).
//!
//! ```
//! use gipf::{Position, Variant};
//! use gipf_ai::{Engine, Level, Request};
//! let mut engine = Engine::with_table_megabytes(4);
//! let position = Position::new(Variant::Standard);
//! let thought = engine.think(&position, &Request::level(Level::Easy).with_seed(1)).unwrap();
//! let mut after = position;
//! after.play_notation(&thought.turn.to_string()).unwrap();
//! assert_eq!(after, thought.after);
//! // The turn with the reserve after it, the reason, the evaluation: "a1-c3 (11): ..."
//! assert!(thought.to_string().starts_with(&thought.notation()));
//! ```
//!
//! The parts, one file each: [`Engine`] (a reusable searcher with its [`Table`]),
//! [`Request`] and [`Level`] / [`Limits`] (what to search), [`Thought`] (the answer),
//! [`evaluate`] with its [`Weights`], [`selfplay`] (matches and their report), [`bench`],
//! [`analyse`] (the turns of a game that lost most), [`TurnError`] (a written turn the rules
//! refused).

pub mod analyse;
mod base;
pub mod bench;
mod children;
mod clock;
mod engine;
mod eval;
mod level;
mod masks;
mod player_text;
mod potentials;
pub mod puzzles;
mod reason;
mod root;
pub mod score;
mod search;
mod searchable;
pub mod selfplay;
mod table;
mod tuning;
mod turn_error;
mod weights;

pub use engine::{DEFAULT_TABLE_MEGABYTES, Engine, Request, ThinkError, Thought};
pub use eval::evaluate;
pub use level::{Level, Limits, ParseLevelError};
pub use player_text::{Change, PlayerError};
pub use score::Score;
pub use searchable::{ActionId, NO_ACTION, Searchable};
pub use table::Table;
pub use tuning::Tuning;
pub use turn_error::TurnError;
pub use weights::Weights;
