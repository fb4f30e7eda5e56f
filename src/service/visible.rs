//! Which games an answer may show: those whose channel the asker, and for a public answer
//! every reader of the channel it goes to, can view (see [`crate::sight`]).

use super::{Message, Via};
use crate::sight::{Audience, Seat, Sight};
use crate::store::{Damaged, GameFilter, Store, StoredGame};

/// Whose eyes a listing of games is for: a slash command's (`/games`, `/mygames`) and a
/// direct conversation's are the asker's alone; a typed one's, everyone's in the channel.
pub(super) fn listing_audience(message: &Message) -> Audience {
    if message.via == Via::Slash || message.guild.is_none() {
        Audience::Asker
    } else {
        Audience::Channel
    }
}

/// Whether the game at `seat` may be shown in an answer to `message` for `audience`.
pub(super) fn shown(message: &Message, seat: &Seat, audience: Audience) -> bool {
    message.sight.shows(seat, message.author.id, audience)
}

/// The games read at a time while a listing looks for the ones it may show.
const LISTING_BATCH: u32 = 100;

/// The games `filter` asks for that may be shown for `audience`: `filter.skip` of them
/// passed over, `filter.limit` at most, newest first. Hidden games are left out before the
/// page is cut, so pages hold no gaps and say nothing of what they leave out.
pub(super) fn visible_games(
    store: &Store,
    message: &Message,
    filter: GameFilter,
    audience: Audience,
) -> anyhow::Result<Vec<Result<StoredGame, Damaged>>> {
    if matches!(message.sight, Sight::Everything) {
        return store.games(&filter);
    }
    let (mut to_skip, limit, mut found) = (filter.skip, filter.limit, Vec::new());
    let mut batch = GameFilter {
        skip: 0,
        limit: LISTING_BATCH,
        ..filter
    };
    loop {
        let read = store.games(&batch)?;
        let exhausted = read.len() < LISTING_BATCH as usize;
        for game in read {
            let seat = match &game {
                Ok(stored) => stored.seat(),
                Err(damaged) => damaged.seat(),
            };
            if !shown(message, &seat, audience) {
                continue;
            }
            match to_skip.checked_sub(1) {
                Some(left) => to_skip = left,
                None => found.push(game),
            }
            if found.len() >= limit as usize {
                return Ok(found);
            }
        }
        if exhausted {
            return Ok(found);
        }
        batch.skip += LISTING_BATCH;
    }
}
