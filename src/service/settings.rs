//! `settings`: a server's default time per move and days before an idle game is abandoned,
//! shown to anyone, changed by members with Manage Server.

use super::{Handled, Message, Service, refuse};
use crate::model::GuildSettings;
use crate::reply::Reply;

impl Service {
    /// Shows the settings, or changes them: (days per move, days to abandon, threads).
    pub(super) fn settings(
        &self,
        message: &Message,
        (days, abandon, threads): (Option<Option<u8>>, Option<u16>, Option<bool>),
    ) -> Handled {
        let Some(guild) = message.guild else {
            return refuse("Settings belong to a server: ask in one of its channels.");
        };
        let mut settings = self.store.guild_settings(guild)?;
        if days.is_none() && abandon.is_none() && threads.is_none() {
            return Ok(Reply::public(self.describe_settings(settings)));
        }
        if !message.rights.manage_server {
            return refuse("Changing the settings takes the Manage Server permission.");
        }
        if let Some(days) = days {
            settings.move_days = days;
        }
        if let Some(abandon) = abandon {
            settings.abandon_days = Some(abandon);
        }
        if let Some(threads) = threads {
            settings.threads = threads;
        }
        self.store.set_guild_settings(guild, settings)?;
        Ok(Reply::public(format!(
            "Settings changed. {}",
            self.describe_settings(settings)
        )))
    }

    fn describe_settings(&self, settings: GuildSettings) -> String {
        let time = match settings.move_days {
            Some(days) => format!("{days} days per move"),
            None => "no time limit".to_string(),
        };
        let place = if settings.threads {
            "each in a thread of its own"
        } else {
            "in their channel"
        };
        format!(
            "This server's challenges that set no time per move get {time}; games are played \
             {place}; a game nobody moves in for {} days ends as abandoned.",
            self.abandon_days(Some(settings))
        )
    }

    /// Days without a move before a game ends as abandoned, by the server's settings or
    /// the bot's own.
    pub(super) fn abandon_days(&self, settings: Option<GuildSettings>) -> u64 {
        settings
            .and_then(|s| s.abandon_days)
            .map_or(self.config.abandon_after.as_secs() / 86_400, u64::from)
    }
}
