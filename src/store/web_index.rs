//! What the pages beside a game's read: an event's page and a player's in a server, each at
//! its own address, a server's index where it lists its pages, and the rating changes of
//! rated games. Each shows only what has a page (`web::SHOWN`).

use super::Store;
use super::sql::params;
use super::stored_game::{GAME_COLUMNS, game_row, readable};
use super::tournaments::{Tournament, events_where};
use super::web::{SHOWN, plausible};
use crate::model::{GameId, GuildId, TournamentId, UserId};
use crate::store::StoredGame;

/// The most games a player's page or a server's index lists (the latest).
pub const LISTED_GAMES: u32 = 200;

/// The condition on a row with a `guild_id` that the server's pages are not off.
const PAGES_ON: &str = "guild_id NOT IN (SELECT guild_id FROM guild_settings WHERE web = 'off')";

/// A player's rating before and after a rated game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingChange {
    /// The player.
    pub player: UserId,
    /// His rating before the game.
    pub before: f64,
    /// And after it.
    pub after: f64,
}

/// A player's rating before and after one of his rated games: the game's pool (`all` or a
/// game's kind), when the game started and ended, and the ratings.
#[derive(Clone, Debug, PartialEq)]
pub struct RatingPoint {
    /// `all`, or the kind of game (`basic`, `standard`, …).
    pub pool: String,
    /// When the game started (Unix seconds).
    pub started: i64,
    /// The rating before it.
    pub before: f64,
    /// When the game ended (Unix seconds).
    pub at: i64,
    /// The rating after it.
    pub rating: f64,
}

/// A game with a page, without its turns, and its page's address.
#[derive(Clone, Debug)]
pub struct PagedGame {
    /// The game.
    pub game: StoredGame,
    /// Its page's address.
    pub key: String,
}

impl Store {
    /// The rating changes of game `id` in the pool of its kind (`pool`), each player's.
    pub fn rating_changes(&self, id: GameId, pool: &str) -> anyhow::Result<Vec<RatingChange>> {
        self.with(|c| {
            Ok(c.query_map(
                "SELECT user_id, rating_before, rating_after FROM rating_changes
                 WHERE game_id = ?1 AND kind = ?2",
                params![id, pool],
                |r| {
                    Ok(RatingChange {
                        player: r.get(0)?,
                        before: r.get(1)?,
                        after: r.get(2)?,
                    })
                },
            )?)
        })
    }

    /// `player`'s ratings in `guild` after each rated game, oldest first (the latest
    /// thousand).
    pub fn rating_history(
        &self,
        guild: GuildId,
        player: UserId,
    ) -> anyhow::Result<Vec<RatingPoint>> {
        self.with(|c| {
            let mut points = c.query_map(
                "SELECT rc.kind, g.created_at, rc.rating_before, g.updated_at, rc.rating_after
                 FROM rating_changes rc JOIN games g ON g.id = rc.game_id
                 WHERE rc.user_id = ?1 AND g.guild_id = ?2
                 ORDER BY g.updated_at DESC, g.id DESC LIMIT 1000",
                params![player, guild],
                |r| {
                    Ok(RatingPoint {
                        pool: r.get(0)?,
                        started: r.get(1)?,
                        before: r.get(2)?,
                        at: r.get(3)?,
                        rating: r.get(4)?,
                    })
                },
            )?;
            points.reverse();
            Ok(points)
        })
    }

    /// The player whose page in his server is at `key`, where the server's pages are on.
    pub fn player_at(&self, key: &str) -> anyhow::Result<Option<(GuildId, UserId)>> {
        if !plausible(key) {
            return Ok(None);
        }
        self.with(|c| {
            Ok(c.query_opt(
                &format!(
                    "SELECT guild_id, user_id FROM player_pages WHERE web_key = ?1 AND {PAGES_ON}"
                ),
                params![key],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?)
        })
    }

    /// The address of `player`'s page in `guild`, where the server's pages are on.
    pub fn player_page_of(&self, guild: GuildId, player: UserId) -> anyhow::Result<Option<String>> {
        self.with(|c| {
            Ok(c.query_opt(
                &format!(
                    "SELECT web_key FROM player_pages WHERE guild_id = ?1 AND user_id = ?2 AND {PAGES_ON}"
                ),
                params![guild, player],
                |r| r.get(0),
            )?)
        })
    }

    /// `player`'s games in `guild` that have pages, the latest first ([`LISTED_GAMES`] at
    /// most).
    pub fn player_games(&self, guild: GuildId, player: UserId) -> anyhow::Result<Vec<PagedGame>> {
        self.paged_games(
            "guild_id = ?1 AND (white = ?2 OR black = ?2)",
            guild,
            Some(player),
        )
    }

    /// The games of `guild` that have pages, the latest first ([`LISTED_GAMES`] at most).
    pub fn server_games(&self, guild: GuildId) -> anyhow::Result<Vec<PagedGame>> {
        self.paged_games("guild_id = ?1 AND CAST(?2 AS BIGINT) IS NULL", guild, None)
    }

    fn paged_games(
        &self,
        filter: &str,
        guild: GuildId,
        player: Option<UserId>,
    ) -> anyhow::Result<Vec<PagedGame>> {
        self.with(|c| {
            let rows = c.query_map(
                &format!(
                    "SELECT {GAME_COLUMNS}, web_key FROM games WHERE {filter} AND {SHOWN}
                     ORDER BY updated_at DESC, id DESC LIMIT ?3"
                ),
                params![guild, player, LISTED_GAMES],
                |r| Ok((game_row(r)?, r.get::<String>(31)?)),
            )?;
            // A damaged game has no page to show: left out.
            Ok(rows
                .into_iter()
                .filter_map(|(game, key)| {
                    Some(PagedGame {
                        game: readable(game).ok()?,
                        key,
                    })
                })
                .collect())
        })
    }

    /// The event whose page is at `key`, if it has a page.
    pub fn event_at(&self, key: &str) -> anyhow::Result<Option<Tournament>> {
        if !plausible(key) {
            return Ok(None);
        }
        self.with(|c| {
            let filter = format!("web_key = ?1 AND {SHOWN}");
            Ok(events_where(c, &filter, &key)?.into_iter().next())
        })
    }

    /// The address of event `id`'s page, if it has one.
    pub fn event_page_of(&self, id: TournamentId) -> anyhow::Result<Option<String>> {
        self.with(|c| {
            Ok(c.query_opt(
                &format!("SELECT web_key FROM tournaments WHERE id = ?1 AND {SHOWN}"),
                params![id.0],
                |r| r.get(0),
            )?
            .flatten())
        })
    }

    /// The address of the page of the event game `id` was played in, if it has one.
    pub fn event_page_of_game(&self, id: GameId) -> anyhow::Result<Option<String>> {
        self.with(|c| {
            Ok(c.query_opt(
                &format!(
                    "SELECT web_key FROM tournaments
                     WHERE id = (SELECT tournament_id FROM tournament_games WHERE game_id = ?1)
                         AND {SHOWN}"
                ),
                params![id],
                |r| r.get(0),
            )?
            .flatten())
        })
    }

    /// The events of `guild` that have pages, the latest first, and each page's address.
    pub fn server_events(&self, guild: GuildId) -> anyhow::Result<Vec<(Tournament, String)>> {
        self.with(|c| {
            let events = events_where(c, &format!("guild_id = ?1 AND {SHOWN}"), &guild)?;
            let mut paged = Vec::with_capacity(events.len());
            for event in events.into_iter().rev() {
                let key: Option<Option<String>> = c.query_opt(
                    "SELECT web_key FROM tournaments WHERE id = ?1",
                    params![event.id.0],
                    |r| r.get(0),
                )?;
                paged.extend(key.flatten().map(|key| (event, key)));
            }
            Ok(paged)
        })
    }

    /// The server whose index page is at `key`: one that lists its pages.
    pub fn server_at(&self, key: &str) -> anyhow::Result<Option<GuildId>> {
        if !plausible(key) {
            return Ok(None);
        }
        self.with(|c| {
            Ok(c.query_opt(
                "SELECT guild_id FROM guild_settings WHERE web_key = ?1 AND web = 'listed'",
                params![key],
                |r| r.get(0),
            )?)
        })
    }

    /// The address of `guild`'s index page, if it lists its pages.
    pub fn server_page_of(&self, guild: GuildId) -> anyhow::Result<Option<String>> {
        self.with(|c| {
            Ok(c.query_opt(
                "SELECT web_key FROM guild_settings WHERE guild_id = ?1 AND web = 'listed'",
                params![guild],
                |r| r.get(0),
            )?
            .flatten())
        })
    }
}
