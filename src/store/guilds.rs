//! The `guild_settings` table: a server's defaults.

use super::sql::params;
use gipf::Color;

use super::Store;
use crate::model::{GuildId, GuildSettings, WebPages};

/// A colour as the `board_side` column writes it.
fn side_name(color: Color) -> &'static str {
    match color {
        Color::White => "white",
        Color::Black => "black",
    }
}

impl Store {
    /// A server's settings (all unset for a server that set none).
    pub fn guild_settings(&self, guild: GuildId) -> anyhow::Result<GuildSettings> {
        self.with(|c| {
            Ok(c.query_opt(
                "SELECT move_days, abandon_days, threads, board_side, puzzle_channel, puzzle_hour,
                     labels, web
                 FROM guild_settings WHERE guild_id = ?1",
                params![guild],
                |r| {
                    let side: String = r.get(3)?;
                    Ok(GuildSettings {
                        move_days: r.get(0)?,
                        abandon_days: r.get(1)?,
                        threads: r.get(2)?,
                        // The column allows only these two words.
                        board_side: if side == "black" {
                            Color::Black
                        } else {
                            Color::White
                        },
                        puzzle_channel: r.get(4)?,
                        puzzle_hour: r.get(5)?,
                        labels: r.get(6)?,
                        // The column allows only the words of `WebPages::ALL`.
                        web: WebPages::of_name(&r.get::<String>(7)?).unwrap_or_default(),
                    })
                },
            )?
            .unwrap_or_default())
        })
    }

    /// Replaces a server's settings.
    pub fn set_guild_settings(
        &self,
        guild: GuildId,
        settings: GuildSettings,
    ) -> anyhow::Result<()> {
        self.with(|c| {
            c.execute("INSERT INTO guild_settings (guild_id, move_days, abandon_days, threads, board_side,
                     puzzle_channel, puzzle_hour, labels, web, web_key)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)
                 ON CONFLICT(guild_id) DO UPDATE SET move_days = excluded.move_days,
                     abandon_days = excluded.abandon_days, threads = excluded.threads,
                     board_side = excluded.board_side, puzzle_channel = excluded.puzzle_channel,
                     puzzle_hour = excluded.puzzle_hour, labels = excluded.labels,
                     web = excluded.web,
                     web_key = COALESCE(guild_settings.web_key, excluded.web_key)", params![
                guild,
                settings.move_days,
                settings.abandon_days,
                settings.threads,
                side_name(settings.board_side),
                settings.puzzle_channel,
                settings.puzzle_hour,
                settings.labels,
                settings.web.name(),
                // The index page's address, made once and kept.
                super::stored_game::new_key()
            ])?;
            Ok(())
        })
    }
}
