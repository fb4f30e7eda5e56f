//! The level of a game against the engine whose challenge names none: the challenger's last
//! level against it, or `easy` for his first game; and how the game's start says so.

use gipf_ai::Level;

use crate::command::Phrasing;
use crate::model::{GameScope, UserId};
use crate::store::{GameFilter, Store};

/// The level of a first game against the engine.
pub(in crate::service) const FIRST_LEVEL: Level = Level::Easy;

/// How many of his newest games are searched for his last level.
const RECENT_GAMES: u32 = 100;

/// The level `user` played the engine at last (among his newest games), or
/// [`FIRST_LEVEL`].
pub(in crate::service) fn default_level(store: &Store, user: UserId) -> anyhow::Result<Level> {
    let filter = GameFilter::of_player(user, GameScope::All, RECENT_GAMES);
    let last = store
        .games(&filter)?
        .into_iter()
        .filter_map(Result::ok)
        .find_map(|game| game.engine);
    Ok(last.unwrap_or(FIRST_LEVEL))
}

/// The sentence on the level a challenge gets by default, with the command that names
/// another (`me`: the bot's name).
pub(in crate::service) fn default_level_words(say: &Phrasing, me: &str) -> String {
    format!(
        "A challenge to me that names no level gets your last one ({FIRST_LEVEL} the first time): name another like {}.",
        say.cmd(&format!("challenge @{me} hard"))
    )
}
