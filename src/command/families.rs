//! Every family's rows gathered into one table, [`SYNTAX`], in the order of `!help`, and a
//! row found by its word. The one file that names every family; the families write their
//! rows with the kinds of `syntax.rs`, which names none of them.

use std::sync::LazyLock;

use super::syntax::Syntax;
use super::{archive, challenge, game, info, play, puzzle, server, tournament};

/// Every family's rows.
pub(super) const FAMILIES: [&[Syntax]; 8] = [
    challenge::SYNTAX,
    play::SYNTAX,
    game::SYNTAX,
    archive::SYNTAX,
    server::SYNTAX,
    info::SYNTAX,
    puzzle::SYNTAX,
    tournament::SYNTAX,
];

/// The families a command belongs to, by what it is about: what the operator's metrics
/// count commands by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Challenges and their answers.
    Challenge,
    /// The moves of a game.
    Play,
    /// A game beside its moves: resigning, aborting, its board.
    Game,
    /// Games past and present, and ratings.
    Archive,
    /// The server's settings and a member's own.
    Server,
    /// How to play.
    Info,
    /// Puzzles to solve.
    Puzzle,
    /// Tournaments and events.
    Tournament,
}

impl Family {
    /// Every family, in the order of `!help`.
    pub const ALL: [Family; 8] = [
        Family::Challenge,
        Family::Play,
        Family::Game,
        Family::Archive,
        Family::Server,
        Family::Info,
        Family::Puzzle,
        Family::Tournament,
    ];

    /// Its name, in lower case (`play`).
    pub fn name(self) -> &'static str {
        match self {
            Family::Challenge => "challenge",
            Family::Play => "play",
            Family::Game => "game",
            Family::Archive => "archive",
            Family::Server => "server",
            Family::Info => "info",
            Family::Puzzle => "puzzle",
            Family::Tournament => "tournament",
        }
    }
}

/// Every command, in the order of `!help` (by [`Syntax::place`]).
pub static SYNTAX: LazyLock<Vec<&'static Syntax>> = LazyLock::new(|| {
    let mut rows: Vec<&'static Syntax> = FAMILIES.into_iter().flatten().collect();
    rows.sort_by_key(|syntax| syntax.place);
    rows
});

impl Syntax {
    /// The syntax of the command `word`.
    pub fn of(word: &str) -> Option<&'static Syntax> {
        SYNTAX.iter().copied().find(|syntax| syntax.word == word)
    }

    /// The syntax of slash command `name` (`gipf` is none: it is `/push` with `gipf:True`).
    pub fn of_slash(name: &str) -> Option<&'static Syntax> {
        Syntax::of(name).filter(|syntax| syntax.slash)
    }
}
