//! A game nobody moved in for too long: the watch ends it, damaged ones too, and both
//! players hear it in its channel, with the days its server allows.

use gipf::{ByColor, Color};

use super::games::Games;
use super::names::mention;
use super::voice::Voice;
use crate::model::{ChannelId, GameStatus, GuildId, UserId};
use crate::reply::Reply;
use crate::store::{Damaged, Kind, Store};
use crate::text;

/// Ends the games nobody moved in for too long, damaged ones too, each with word to both
/// players in its channel.
pub(super) fn abandon_idle_games(
    games: &Games,
    store: &Store,
    voice: &Voice,
) -> anyhow::Result<Vec<(ChannelId, Reply)>> {
    let mut ended = Vec::new();
    for (id, channel) in store.idle_games(games.abandon_days(None))? {
        let (game, players, guild, owed) = match store.game(id) {
            Ok(Some(stored))
                if stored.status == GameStatus::Active
                    && games.abandoned(stored.guild, stored.updated_at)? =>
            {
                let Some(saved) = games.abandon(&stored, Some(Kind::Abandoned))? else {
                    continue;
                };
                let game = saved.game;
                (game.spec.title(), game.players, game.guild, saved.owed)
            }
            Ok(_) => continue,
            Err(e) => {
                let damaged = e.downcast::<Damaged>()?;
                let (status, announced) = (GameStatus::Abandoned, Some(Kind::Abandoned));
                let Some(owed) = games.end_damaged(&damaged, status, None, announced)? else {
                    continue;
                };
                let title = damaged_title(&damaged);
                (title, damaged.players, damaged.guild, owed)
            }
        };
        let reply = abandoned_reply(store, voice, games, &game, players, guild)?;
        ended.push((channel, Reply { owed, ..reply }));
    }
    Ok(ended)
}

/// The word to both `players` that their `game` (its title) was abandoned, with the days
/// of the server (`guild`) it took.
pub(super) fn abandoned_reply(
    store: &Store,
    voice: &Voice,
    games: &Games,
    game: &str,
    players: ByColor<UserId>,
    guild: Option<GuildId>,
) -> anyhow::Result<Reply> {
    let settings = guild.map(|g| store.guild_settings(g)).transpose()?;
    let days = games.abandon_days(settings);
    Ok(Reply::public(text![
        mention(store, voice, players[Color::White])?,
        " and ",
        mention(store, voice, players[Color::Black])?,
        format!(
            ", your {game} here was abandoned: nobody moved in it for {days} days, so it ended without a result. {} starts a new one.",
            voice.notice_phrasing().cmd("challenge @someone")
        )
    ]))
}

/// What a damaged game is called where its record cannot be read: `game 2`.
pub(super) fn damaged_title(damaged: &Damaged) -> String {
    format!("game {}", damaged.id)
}
