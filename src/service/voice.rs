//! The bot's voice: who it is, and how it writes commands to whoever reads it (after the
//! prefix while typed commands reach it, else as slash commands).

use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, Ordering};

use gipf::potentials::Game;

use super::{LiveGame, Message, User, Via};
use crate::command::{self, Phrasing};
use crate::model::{GameId, GameStatus, UserId};
use crate::store::StoredGame;

/// Who the bot is and how it writes commands.
pub(crate) struct Voice {
    /// The command prefix, `!` by default.
    prefix: String,
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

    /// The command prefix.
    pub(super) fn prefix(&self) -> &str {
        &self.prefix
    }

    /// Remembers which user the bot itself is. Only the first call counts.
    pub(super) fn set_me(&self, me: User) {
        let _ = self.me.set(me);
    }

    /// The bot's own user, if the adapter told it.
    pub(super) fn engine_user(&self) -> Option<&User> {
        self.me.get()
    }

    /// The bot's own user id, if the adapter told it.
    pub(super) fn engine_id(&self) -> Option<UserId> {
        self.me.get().map(|me| me.id)
    }

    /// Whether `user` is the bot itself.
    pub(super) fn is_me(&self, user: UserId) -> bool {
        self.engine_id() == Some(user)
    }

    /// The game, if the bot's engine plays in it and is to move now.
    pub(super) fn to_move_in(&self, game: &LiveGame) -> Option<GameId> {
        (game.stored.status == GameStatus::Active)
            .then(|| self.moving_in(&game.stored, &game.game))?
            .map(|_| game.stored.id)
    }

    /// The bot's own user, if its engine plays in `stored` and is to move in `position`
    /// (the game as a turn leaves it, before it is saved).
    pub(super) fn moving_in(&self, stored: &StoredGame, position: &Game) -> Option<UserId> {
        let engine = self.engine_id()?;
        let to_move = stored.players[position.to_move()];
        (stored.engine.is_some() && position.outcome().is_none() && to_move == engine)
            .then_some(engine)
    }

    /// The bot's own name, as it signs its examples: `gipf-bot` until the adapter says.
    pub(super) fn my_name(&self) -> &str {
        self.engine_user().map_or("gipf-bot", |me| me.name.as_str())
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
            format!("@{} push b1 c2", self.my_name())
        }
    }

    /// Typed commands do not reach the bot: from now on it teaches slash commands.
    pub(super) fn prefix_unreadable(&self) {
        self.prefix_readable.store(false, Ordering::Relaxed);
    }

    /// The command word of `message`: after the prefix (or a slash command's `/`), in
    /// lower case.
    pub(super) fn command_word(&self, message: &Message) -> String {
        let text = message.text.trim_start();
        let rest = (text.get(..self.prefix.len()))
            .filter(|head| head.eq_ignore_ascii_case(&self.prefix))
            .map(|_| &text[self.prefix.len()..])
            .or_else(|| text.strip_prefix('/'))
            .unwrap_or(text);
        let word = rest.split_whitespace().next().unwrap_or_default();
        word.to_lowercase()
    }

    /// Whether words follow the message's first and make a valid command of `closest`.
    pub(super) fn makes_a_command(&self, message: &Message, closest: &str) -> bool {
        let rest = message
            .text
            .trim()
            .split_once(char::is_whitespace)
            .map(|(_, rest)| rest.trim());
        rest.is_some_and(|rest| {
            let line = format!("{}{closest} {rest}", self.prefix);
            matches!(command::parse(&line, &self.phrasing(message)), Some(Ok(_)))
        })
    }
}
