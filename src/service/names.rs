//! Users' names as replies show them: as stored and cut short, as a message gives them, or
//! as a ping (the bot never pings itself: its engine needs no telling).

use gipf::Color;

use super::{LiveGame, Message};
use crate::model::UserId;
use crate::service::hands::Desk;
use crate::service::voice::Voice;
use crate::text::{Span, Text};

/// `{lead}alice and bob{rest}`: a game's two players named in a sentence, as the refusals
/// of whoever else acts in their game say it.
pub(super) fn between_players(game: &LiveGame, lead: &str, rest: &str) -> Text {
    crate::text![
        lead,
        game.name(Color::White),
        " and ",
        game.name(Color::Black),
        rest
    ]
}

impl Desk {
    /// A user's name as stored, cut short.
    pub(super) fn plain_name(&self, id: UserId) -> anyhow::Result<String> {
        let name = self
            .store
            .user_name(id)?
            .unwrap_or_else(|| "someone".into());
        Ok(name.chars().take(32).collect())
    }

    /// A user's name, to show.
    pub(super) fn name(&self, id: UserId) -> anyhow::Result<Span> {
        Ok(Span::Name(self.plain_name(id)?))
    }

    /// A user's name as `message` gives it (its author's, or a mentioned user's), else as
    /// stored: a player asked about need not have played yet.
    pub(super) fn name_in(&self, message: &Message, id: UserId) -> anyhow::Result<Span> {
        let given = std::iter::once(&message.author)
            .chain(&message.mentions)
            .find(|user| user.id == id);
        match given {
            Some(user) => Ok(Span::Name(user.name.chars().take(32).collect())),
            None => self.name(id),
        }
    }

    /// A user to ping; the bot itself is never pinged (its engine needs no telling).
    pub(super) fn mention(&self, id: UserId) -> anyhow::Result<Span> {
        if self.engine_user().is_some_and(|me| me.id == id) {
            return self.name(id);
        }
        Ok(Span::Mention(id, self.plain_name(id)?))
    }
}

impl Voice {
    /// The player of `color` in `game`, to ping (the engine is named, never pinged).
    pub(super) fn mention_player(&self, game: &LiveGame, color: Color) -> Span {
        let id = game.player(color);
        if self.engine_user().is_some_and(|me| me.id == id) {
            return game.name(color);
        }
        Span::Mention(id, game.stored.names[color].clone())
    }
}
