//! Users' names as replies show them: as stored and cut short, as a message gives them, or
//! as a ping (the bot never pings itself: its engine needs no telling); and the names a
//! message brings, remembered for the replies and pictures to come.

use gipf::Color;

use super::voice::Voice;
use super::{LiveGame, Message};
use crate::model::UserId;
use crate::store::Store;
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

/// A user's name as stored, cut short.
pub(super) fn plain_name(store: &Store, id: UserId) -> anyhow::Result<String> {
    let name = store.user_name(id)?.unwrap_or_else(|| "someone".into());
    Ok(name.chars().take(32).collect())
}

/// A user's name, to show.
pub(super) fn name(store: &Store, id: UserId) -> anyhow::Result<Span> {
    Ok(Span::Name(plain_name(store, id)?))
}

/// A user's name as `message` gives it (its author's, or a mentioned user's), else as
/// stored: a player asked about need not have played yet.
pub(super) fn name_in(store: &Store, message: &Message, id: UserId) -> anyhow::Result<Span> {
    let given = std::iter::once(&message.author)
        .chain(&message.mentions)
        .find(|user| user.id == id);
    match given {
        Some(user) => Ok(Span::Name(user.name.chars().take(32).collect())),
        None => name(store, id),
    }
}

/// A user to ping; the bot itself is never pinged (its engine needs no telling).
pub(super) fn mention(store: &Store, voice: &Voice, id: UserId) -> anyhow::Result<Span> {
    if voice.is_me(id) {
        return name(store, id);
    }
    Ok(Span::Mention(id, plain_name(store, id)?))
}

/// The player of `color` in `game`, to ping (the engine is named, never pinged).
pub(super) fn mention_player(voice: &Voice, game: &LiveGame, color: Color) -> Span {
    let id = game.player(color);
    if voice.is_me(id) {
        return game.name(color);
    }
    Span::Mention(id, game.stored.names[color].clone())
}

/// Remembers the names of the author and the users mentioned, for the replies and the
/// pictures of games to come. Only commands that make a challenge or a game write them:
/// the others (`!help` among them) work on a database that cannot be written.
pub(super) fn remember_users(store: &Store, message: &Message) -> anyhow::Result<()> {
    for user in std::iter::once(&message.author).chain(&message.mentions) {
        store.remember_user(user.id, &user.name)?;
    }
    Ok(())
}
