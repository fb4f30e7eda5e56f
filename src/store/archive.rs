//! Listing the games of a server: every game stays in the database once it ends.

use super::sql::params;

use super::stored_game::{GAME_COLUMNS, game_row};
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

impl GameFilter {
    /// `player`'s games of `scope` in every server and channel, at most `limit` of them.
    pub fn of_player(player: UserId, scope: GameScope, limit: u32) -> GameFilter {
        GameFilter {
            guild: None,
            channel: None,
            player: Some(player),
            scope,
            skip: 0,
            limit,
        }
    }
}

impl Store {
    /// The games `filter` asks for, newest first (games in progress the soonest due first,
    /// those without a clock last), their turns left unread (a damaged one as what can be
    /// read of it).
    pub fn games(&self, filter: &GameFilter) -> anyhow::Result<Vec<Result<StoredGame, Damaged>>> {
        let scope = match filter.scope {
            GameScope::Active => 0,
            GameScope::Finished => 1,
            GameScope::All => 2,
        };
        self.with(|c| {
            let rows = c.query_map(
                &format!(
                    "SELECT {GAME_COLUMNS} FROM games
                 WHERE (CAST(?1 AS BIGINT) IS NULL OR guild_id = ?1)
                   AND (CAST(?2 AS BIGINT) IS NULL OR white = ?2 OR black = ?2)
                   AND (CAST(?7 AS BIGINT) IS NULL OR channel_id = ?7)
                   AND ((?3 = 0 AND status = ?4) OR (?3 = 1 AND status != ?4) OR ?3 = 2)
                 ORDER BY CASE WHEN ?3 = 0 THEN COALESCE(deadline, 9223372036854775807) END,
                          id DESC
                 LIMIT ?5 OFFSET ?6"
                ),
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
            Ok(rows)
        })
    }
}

impl Store {
    /// Every game's id, oldest first.
    pub fn game_ids(&self) -> anyhow::Result<Vec<GameId>> {
        self.with(|c| {
            let rows = c.query_map("SELECT id FROM games ORDER BY id", params![], |r| r.get(0))?;
            Ok(rows)
        })
    }
}
