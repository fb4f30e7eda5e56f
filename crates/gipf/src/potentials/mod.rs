//! The potentials expansion and Ultimate GIPF (`docs/potentials.md`): stacks, loaded pieces,
//! the five powers, the removal choices they bring, and their notation.
//!
//! A separate state machine, [`Game`], so that the games without potentials keep the speed
//! of [`Position`](crate::Position); with empty supplies it plays those games by the same
//! rules (the tests check this against [`Position`](crate::Position) by perft).
//!
//! The vocabulary, one file each: [`Potential`] (T Z D Y P), [`Supply`], [`Options`] (game
//! and supplies), [`Stack`] (the pieces on a spot), [`Turn`] with its [`Action`] and removal
//! [`Item`]s, [`Pending`] / [`Decision`] / [`PlayError`], [`LineNote`] (a turn as written) and
//! [`LineError`], [`Setup`].
//!
//! TAMSK and PÜNCT against a GIPF-piece follow reconstructed rules: the official text is
//! lost (`docs/potentials.md` §7.4, §7.5).
//!
//! ```
//! use gipf::potentials::{Game, Options, Setup};
//! use gipf::{Color, Point, Variant};
//! // docs/potentials.md §7.2, example 2: the YINSH slides to e5 and makes a white row.
//! let mut setup = Setup::new(Options::parse("basic", Some("Y3")).unwrap());
//! setup.place_all("b2:wY e2:w e3:w e4:w e6:b").unwrap();
//! let mut game = Game::from_setup(&setup);
//! let reserve = game.reserve(Color::White);
//! game.play_notation("Yb2>e5;xe2,e3,e4,ue5,e6*").unwrap();
//! assert_eq!(game.stacks().map(|(p, s)| format!("{p}:{s}")).collect::<Vec<_>>(), ["b2:w"]);
//! assert_eq!(game.reserve(Color::White), reserve + 3);
//! assert_eq!(game.lost(Color::Black), 1);
//! ```

mod decision;
pub(crate) mod game;
mod game_name;
mod key;
mod movegen;
mod notation;
mod options;
mod options_error;
mod play;
mod potential;
mod rays;
mod removal;
mod setup;
mod stack;
mod supply;
mod turn;

pub use decision::{Decision, Pending, PlayError};
pub use game::{Game, Phase};
pub use game_name::GameName;
pub use notation::{ActionNote, LineError, LineNote, ParseLineError, PathNote};
pub use options::Options;
pub use options_error::OptionsError;
pub use potential::{ParsePotentialError, Potential};
pub use setup::{PlaceError, Setup};
pub use stack::{Base, Class, ParseStackError, Stack};
pub use supply::{Supply, SupplyError, parse_supplies, supplies_to_string};
pub use turn::{Action, BaseNotation, Group, Item, Mark, PieceKind, PushPath, Turn};
