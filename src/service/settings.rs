//! `settings`: a server's default time per move and days before an idle game is abandoned,
//! shown to anyone, changed by members with Manage Server.

use super::{Handled, Message, Service, refuse};
use crate::model::{GuildSettings, TimeControl};
use crate::reply::Reply;

impl Service {
    pub(super) fn settings(
        &self,
        message: &Message,
        days: Option<Option<u8>>,
        abandon: Option<u16>,
    ) -> Handled {
        let Some(guild) = message.guild else {
            return refuse("Settings belong to a server: ask in one of its channels.");
        };
        let mut settings = self.store.guild_settings(guild)?;
        if days.is_none() && abandon.is_none() {
            return Ok(Reply::public(self.describe_settings(settings)));
        }
        if !message.rights.manage_server {
            return refuse(format!(
                "Changing the settings takes the Manage Server permission, as Discord vouches for \
                 it with a slash command: {}.",
                "`/settings`"
            ));
        }
        if let Some(days) = days {
            settings.move_days = days;
        }
        if let Some(abandon) = abandon {
            settings.abandon_days = Some(abandon);
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
        format!(
            "This server's challenges that set no time per move get {time}; a game nobody moves \
             in for {} days ends as abandoned.",
            self.abandon_days(Some(settings))
        )
    }

    /// The time per move of a challenge: its own, or its server's default.
    pub(super) fn time_for(
        &self,
        message: &Message,
        time: Option<TimeControl>,
    ) -> anyhow::Result<Option<TimeControl>> {
        if time.is_some() {
            return Ok(time);
        }
        let Some(guild) = message.guild else {
            return Ok(None);
        };
        let settings = self.store.guild_settings(guild)?;
        Ok(settings.move_days.map(|days| TimeControl {
            days,
            autoforfeit: false,
        }))
    }

    /// Days without a move before a game ends as abandoned, by the server's settings or
    /// the bot's own.
    pub(super) fn abandon_days(&self, settings: Option<GuildSettings>) -> u64 {
        settings
            .and_then(|s| s.abandon_days)
            .map_or(self.config.abandon_after.as_secs() / 86_400, u64::from)
    }
}
