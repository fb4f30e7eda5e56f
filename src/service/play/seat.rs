//! The one preamble of a player's command in the channel's game: the game read once, the
//! button's stamp checked against it, and the colour its author plays there.

use gipf::Color;

use crate::reply::Stamp;
use crate::service::games::Games;
use crate::service::voice::Voice;
use crate::service::{Failure, LiveGame, Message, refuse};
use crate::text::Text;

/// The channel's active game and the colour the message's author plays in it; refused
/// where there is none, for a stale button, or with `not_playing` to a bystander.
pub(in crate::service) fn players_game(
    games: &Games,
    voice: &Voice,
    message: &Message,
    not_playing: impl FnOnce(&LiveGame) -> Text,
) -> Result<(LiveGame, Color), Failure> {
    let game = stamped_game(games, voice, message)?;
    seat(games, voice, message, game, not_playing)
}

/// The channel's active game, if any, a click's stamp checked against it.
pub(in crate::service) fn stamped_game(
    games: &Games,
    voice: &Voice,
    message: &Message,
) -> Result<Option<LiveGame>, Failure> {
    let game = games.in_channel(message.channel, false)?;
    check_stamp(voice, message, game.as_ref())?;
    Ok(game)
}

/// `game` with the colour the message's author plays in it ([`players_game`]).
pub(in crate::service) fn seat(
    games: &Games,
    voice: &Voice,
    message: &Message,
    game: Option<LiveGame>,
    not_playing: impl FnOnce(&LiveGame) -> Text,
) -> Result<(LiveGame, Color), Failure> {
    let game = game.ok_or_else(|| games.no_game_here(message, &voice.phrasing(message)))?;
    match game.color_of(message.author.id) {
        Some(color) => Ok((game, color)),
        None => Err(Failure::Refused(not_playing(&game))),
    }
}

/// Refuses a click on a button made for another game, or for an earlier question of this
/// one. The version it checks is the one the save is conditional on, so a click can never
/// answer a question it was not made for.
pub(in crate::service) fn check_stamp(
    voice: &Voice,
    message: &Message,
    game: Option<&LiveGame>,
) -> Result<(), Failure> {
    let Some(Stamp::Game { id, version }) = message.stamp else {
        return Ok(());
    };
    match game {
        None => refuse("That game is over: this button no longer does anything."),
        Some(game) if game.stored.id != id => refuse("That button belongs to an earlier game."),
        Some(game) if game.color_of(message.author.id).is_none() => {
            refuse("This is not your game: only its two players can use its buttons.")
        }
        Some(game) if game.stored.version != version => refuse(format!(
            "That button answers an earlier question, and the game has moved on. \
             See the latest message or {}.",
            voice.phrasing(message).cmd("board")
        )),
        Some(_) => Ok(()),
    }
}
