//! Listing the games of a server: every game stays in the database once it ends.

use rusqlite::params;

use super::games::{GAME_COLUMNS, game_row};
use super::{Damaged, Store, StoredGame};
use crate::model::{ChannelId, GameId, GameScope, GameStatus, GuildId, UserId};

/// Which games a listing shows, newest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameFilter {
    /// Only the games of this server.
    pub guild: Option<GuildId>,
    /// Only the games of this channel.
    pub channel: Option<ChannelId>,
    /// Only this player's games.
    pub player: Option<UserId>,
    /// Active, finished, or all.
    pub scope: GameScope,
    /// How many of the newest to skip.
    pub skip: u32,
    /// How many to list at most.
    pub limit: u32,
}

impl Store {
    /// The games `filter` asks for, newest first, their turns left unread (a damaged one as
    /// what can be read of it).
    pub fn games(&self, filter: &GameFilter) -> anyhow::Result<Vec<Result<StoredGame, Damaged>>> {
        let scope = match filter.scope {
            GameScope::Active => 0,
            GameScope::Finished => 1,
            GameScope::All => 2,
        };
        self.with(|c| {
            let mut statement = c.prepare_cached(&format!(
                "SELECT {GAME_COLUMNS} FROM games
                 WHERE (?1 IS NULL OR guild_id = ?1) AND (?2 IS NULL OR white = ?2 OR black = ?2)
                   AND (?7 IS NULL OR channel_id = ?7)
                   AND ((?3 = 0 AND status = ?4) OR (?3 = 1 AND status != ?4) OR ?3 = 2)
                 ORDER BY id DESC LIMIT ?5 OFFSET ?6"
            ))?;
            let rows = statement.query_map(
                params![
                    filter.guild,
                    filter.player,
                    scope,
                    GameStatus::Active,
                    filter.limit,
                    filter.skip,
                    filter.channel
                ],
                game_row,
            )?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
    }
}

impl Store {
    /// Every game's id, oldest first.
    pub fn game_ids(&self) -> anyhow::Result<Vec<GameId>> {
        self.with(|c| {
            let mut statement = c.prepare_cached("SELECT id FROM games ORDER BY id")?;
            let rows = statement.query_map([], |r| r.get(0))?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
    }
}
