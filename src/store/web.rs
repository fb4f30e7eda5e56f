//! What the web pages read: a game by its page's address, and which channels every member of
//! their server may read (only their games have pages, as the bot last saw them).

use super::Store;
use super::sql::params;
use super::stored_game::{GAME_COLUMNS, game_row, readable, with_turns};
use crate::model::{ChannelId, GameId};
use crate::store::StoredGame;

/// The condition on a row of `games` or `tournaments` that it has a page: a server's, in a
/// channel open to every member, in a server whose pages are not off.
pub(super) const SHOWN: &str = "guild_id IS NOT NULL
    AND channel_id IN (SELECT channel_id FROM open_channels WHERE open = 1)
    AND guild_id NOT IN (SELECT guild_id FROM guild_settings WHERE web = 'off')";

impl Store {
    /// The condition on a `games` row that it has a page: [`SHOWN`], or (where this process
    /// serves the console's pages) the console's channel's.
    fn game_shown(&self) -> String {
        match self.own_pages {
            // A number of the process's own settings, not anyone's input.
            Some(channel) => format!(
                "(({SHOWN}) OR (guild_id IS NULL AND channel_id = {}))",
                channel.0
            ),
            None => format!("({SHOWN})"),
        }
    }
}

/// Whether `key` could be a page address at all: hex, of a length the store writes.
pub(super) fn plausible(key: &str) -> bool {
    (32..=40).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_hexdigit())
}

impl Store {
    /// The game whose page is at `key`, with its turns, if it has a page: a server's game
    /// whose channel every member may read, where the server's pages are not off.
    pub fn game_at(&self, key: &str) -> anyhow::Result<Option<StoredGame>> {
        if !plausible(key) {
            return Ok(None);
        }
        self.with(|c| {
            c.transaction(|tx| {
                let game = tx.query_opt(
                    &format!(
                        "SELECT {GAME_COLUMNS} FROM games
                         WHERE web_key = ?1 AND {}",
                        self.game_shown()
                    ),
                    params![key],
                    game_row,
                )?;
                game.map(|game| with_turns(tx, readable(game)?)).transpose()
            })
        })
    }

    /// The address of game `id`'s page, if it has one.
    pub fn page_of(&self, id: GameId) -> anyhow::Result<Option<String>> {
        self.with(|c| {
            Ok(c.query_opt(
                &format!(
                    "SELECT web_key FROM games WHERE id = ?1 AND {}",
                    self.game_shown()
                ),
                params![id],
                |r| r.get(0),
            )?
            .flatten())
        })
    }

    /// Notes anew whether every member of its server may read `channel` (`open`), where it
    /// was noted before (its permissions changed): a game's page goes or comes with it.
    pub fn renote_channel_open(&self, channel: ChannelId, open: bool) -> anyhow::Result<()> {
        let at = self.clock.now();
        self.with(|c| {
            c.execute(
                "UPDATE open_channels SET open = ?2, seen_at = ?3 WHERE channel_id = ?1",
                params![channel, i64::from(open), at],
            )?;
            Ok(())
        })
    }

    /// Notes whether every member of its server may read `channel` (`open`), as the bot sees
    /// it now.
    pub fn note_channel_open(&self, channel: ChannelId, open: bool) -> anyhow::Result<()> {
        let at = self.clock.now();
        self.with(|c| {
            c.execute(
                "INSERT INTO open_channels (channel_id, open, seen_at) VALUES (?1, ?2, ?3)
                 ON CONFLICT (channel_id) DO UPDATE SET open = ?2, seen_at = ?3",
                params![channel, i64::from(open), at],
            )?;
            Ok(())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::super::stored_game::new_key;
    use super::*;

    #[test]
    fn page_addresses_are_128_random_bits_in_hex() {
        let (a, b) = (new_key(), new_key());
        assert_eq!(a.len(), 32);
        assert!(plausible(&a) && plausible(&b));
        assert_ne!(a, b);
        assert!(!plausible("1") && !plausible("../etc/passwd") && !plausible(&"g".repeat(32)));
    }
}
