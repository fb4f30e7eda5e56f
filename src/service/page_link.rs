//! The link of a game's page in a reply: given only where every member of the game's server
//! may read its channel, as the asker's adapter sees it now (and noted so for the pages).

use super::{Config, Message};
use crate::sight::Sight;
use crate::store::{Store, StoredGame};

/// The address of `game`'s page, for a reply to `message`: its channel noted open to every
/// member or not, as the asker's adapter sees it now, and a link only where it is open and
/// the pages have an address (`WEB_BASE_URL`).
pub(super) fn page_link(
    store: &Store,
    config: &Config,
    message: &Message,
    game: &StoredGame,
) -> Option<String> {
    let base = config.web_base_url.as_deref()?;
    let open = match &message.sight {
        Sight::Member(sight) if game.guild.is_some() => sight.open_to_all(game.channel),
        _ => false,
    };
    if let Err(e) = store.note_channel_open(game.channel, open) {
        super::failed::log_failed("cannot note who may read a channel", &e);
    }
    let key = (store.page_of(game.id))
        .inspect_err(|e| super::failed::log_failed("cannot read a game's page", e))
        .ok()??;
    Some(format!("{}/game/{key}", base.trim_end_matches('/')))
}
