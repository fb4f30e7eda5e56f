//! The bot's voice: who it is, and how it writes commands to whoever reads it (after the
//! prefix while typed commands reach it, else as slash commands).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use super::{Message, User, Via};
use crate::command::Phrasing;

/// Who the bot is and how it writes commands.
pub struct Voice {
    /// The command prefix, `!` by default.
    pub(super) prefix: String,
    /// Whether typed `!commands` reach the bot (Discord's MESSAGE CONTENT intent): without
    /// it, what the bot teaches is slash commands, which always do.
    prefix_readable: AtomicBool,
    /// The bot's own user, who plays the engine's side: set once the adapter knows it.
    me: OnceLock<User>,
}

impl Voice {
    /// The voice of a bot called with `prefix`, before the adapter says who it is.
    pub(super) fn new(prefix: &str) -> Voice {
        Voice {
            prefix: prefix.to_string(),
            prefix_readable: AtomicBool::new(true),
            me: OnceLock::new(),
        }
    }

    /// Remembers which user the bot itself is. Only the first call counts.
    pub(super) fn set_me(&self, me: User) {
        let _ = self.me.set(me);
    }

    /// The bot's own user, if the adapter told it.
    pub(super) fn engine_user(&self) -> Option<&User> {
        self.me.get()
    }

    /// How the author of `message` writes commands.
    pub(super) fn phrasing(&self, message: &Message) -> Phrasing {
        match message.via {
            Via::Slash | Via::Button => Phrasing::slash(&self.prefix),
            _ => self.notice_phrasing(),
        }
    }

    /// How the bot writes commands where nobody in particular asked: in chat words while
    /// typed commands reach it, else as slash commands.
    pub(super) fn notice_phrasing(&self) -> Phrasing {
        if self.prefix_readable.load(Ordering::Relaxed) {
            Phrasing::chat(&self.prefix)
        } else {
            Phrasing::slash(&self.prefix)
        }
    }

    /// How a command is typed in a message the bot can read: after the prefix, or (when
    /// Discord does not show it what people type) after a mention of it.
    pub(super) fn typed_example(&self) -> String {
        if self.prefix_readable.load(Ordering::Relaxed) {
            format!("{}push b1 c2", self.prefix)
        } else {
            let me = self.engine_user().map_or("gipf-bot", |me| me.name.as_str());
            format!("@{me} push b1 c2")
        }
    }

    /// Typed commands do not reach the bot: from now on it teaches slash commands.
    pub(super) fn prefix_unreadable(&self) {
        self.prefix_readable.store(false, Ordering::Relaxed);
    }
}
