//! `settings`: a server's default time per move and days before an idle game is abandoned,
//! shown to anyone, changed by members with Manage Server; `notify`: a member's direct
//! messages.

use super::{Handled, Message, Run, Service, refuse};
use crate::command::ServerCommand;
use crate::model::GuildSettings;
use crate::reply::Reply;

impl Run for ServerCommand {
    fn run(self, service: &Service, message: &Message) -> Handled {
        match self {
            ServerCommand::Settings {
                days,
                abandon,
                threads,
            } => service.settings(message, (days, abandon, threads)),
            ServerCommand::Notify { dm } => service.notify(message, dm),
        }
    }
}

impl Service {
    /// Shows the settings, or changes them: (days per move, days to abandon, threads).
    fn settings(
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

    /// Turns a member's direct messages on or off.
    fn notify(&self, message: &Message, dm: bool) -> Handled {
        self.remember_users(message)?;
        self.store.set_dm(message.author.id, dm)?;
        Ok(Reply::private(if dm {
            "I will also send you a direct message, with the board, when it is your turn or you \
             are challenged. If Discord refuses it (your privacy settings), I will say so and stop."
        } else {
            "No more direct messages from me: the pings in the channel stay."
        }))
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
