//! The link of a game's page in a reply: given only where every member of the game's server
//! may read its channel, as the asker's adapter sees it now (and noted so for the pages), or
//! as it was last seen where nobody asked (a game ended by the clock or by the engine).

use super::games::Ended;
use super::{Config, Message};
use crate::model::{ChannelId, GameId, GuildId};
use crate::reply::Reply;
use crate::sight::Sight;
use crate::store::{Store, StoredGame, Tournament};

/// Which game a link is for: the game, its server and its channel.
#[derive(Clone, Copy, Debug)]
pub(super) struct Paged {
    pub id: GameId,
    pub guild: Option<GuildId>,
    pub channel: ChannelId,
}

impl From<&StoredGame> for Paged {
    fn from(game: &StoredGame) -> Paged {
        Paged {
            id: game.id,
            guild: game.guild,
            channel: game.channel,
        }
    }
}

/// The address of `game`'s page, for a reply to `message` (`None`: no message, as the clock's
/// work): its channel noted open to every member or not, as the asker's adapter sees it now
/// when he asks in that channel; a link only where it is open and the pages have an address
/// (`WEB_BASE_URL`).
pub(super) fn page_link(
    store: &Store,
    config: &Config,
    message: Option<&Message>,
    game: impl Into<Paged>,
) -> Option<String> {
    let game = game.into();
    let base = config.web_base_url.as_deref()?;
    // Outside a server, only the console's games have pages, on its own web server.
    if game.guild.is_none() && config.own_pages != Some(game.channel) {
        return None;
    }
    if let Some(message) = message {
        note_open(store, message, game.channel);
    }
    let key = (store.page_of(game.id))
        .inspect_err(|e| super::failed::log_failed("cannot read a game's page", e))
        .ok()??;
    Some(format!("{}/game/{key}", base.trim_end_matches('/')))
}

/// The address of `event`'s page, where it has one (its channel noted open: see
/// [`note_open`]) and the pages have an address.
pub(super) fn event_link(store: &Store, config: &Config, event: &Tournament) -> Option<String> {
    let base = config.web_base_url.as_deref()?;
    let key = (store.event_page_of(event.id))
        .inspect_err(|e| super::failed::log_failed("cannot read an event's page", e))
        .ok()??;
    Some(format!("{}/event/{key}", base.trim_end_matches('/')))
}

/// Notes whether every member of its server may read `channel`, as `message`'s adapter sees
/// it now (nothing where it sees nothing: a direct message, the console).
pub(super) fn note_open(store: &Store, message: &Message, channel: ChannelId) {
    let Sight::Member(sight) = &message.sight else {
        return;
    };
    if let Err(e) = store.note_channel_open(channel, sight.open_to_all(channel)) {
        super::failed::log_failed("cannot note who may read a channel", &e);
    }
}

/// Each of `ended`'s page link, where it has one, on a line of its own at the end of the
/// last public reply in its channel among `replies` (the one that tells the end).
pub(super) fn link_ends<'a>(
    store: &Store,
    config: &Config,
    message: Option<&Message>,
    ended: &[Ended],
    replies: impl IntoIterator<Item = (ChannelId, &'a mut Reply)>,
) {
    if config.web_base_url.is_none() || ended.is_empty() {
        return;
    }
    let mut replies: Vec<_> = replies.into_iter().collect();
    for end in ended.iter().filter(|end| end.readable) {
        let told = replies.iter_mut().rev().find(|(channel, reply)| {
            *channel == end.channel && !reply.private && reply.direct.is_none()
        });
        let Some((_, reply)) = told else {
            continue;
        };
        let paged = Paged {
            id: end.game,
            guild: end.guild,
            channel: end.channel,
        };
        if let Some(page) = page_link(store, config, message, paged) {
            reply
                .text
                .push(format!("\nReplay it on its page: <{page}>"));
        }
    }
}
