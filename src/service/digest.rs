//! What the watch sends members by direct message on their own hours: the daily digest (the
//! games where it is his move, most urgent first; nothing on a day with nothing to do), and
//! the pings held through his quiet hours, folded into one message at their end. Each send is
//! claimed in the store first (the digest's next instant moved on, the held pings deleted), so
//! that of several processes, and across a restart, it goes out once.

use super::Service;
use super::games::Games;
use crate::hours::{DayTime, Zone};
use crate::model::{ChannelId, GameScope, UserId};
use crate::reply::Reply;
use crate::service::LiveGame;
use crate::store::{GameFilter, Held, Store};
use crate::text;
use crate::text::{Span, Text};

/// The most games a digest reads.
const DIGEST_GAMES: u32 = 100;

/// The digests due and the held pings released, each a direct message with the channel
/// told if Discord refuses it.
pub(super) fn due_notices(service: &Service) -> anyhow::Result<Vec<(ChannelId, Reply)>> {
    let store = &service.store;
    let mut due = Vec::new();
    for (user, hours) in store.digests_due()? {
        let (Some(minute), Some(was_due)) = (hours.digest, hours.digest_next) else {
            continue;
        };
        let Some(at) = DayTime::of_minute(i64::from(minute)) else {
            continue;
        };
        // A day missed while no process ran is not sent late: the next comes at its hour.
        let next = Zone::stored(hours.zone.as_deref()).next(store.now(), at);
        if store.claim_digest(user, was_due, next)? {
            due.extend(digest(&service.games, store, user)?);
        }
    }
    due.extend(store.release_held()?.into_iter().map(folded));
    Ok(due)
}

/// `user`'s digest: his games where it is his move, most urgent first; none if there are
/// none.
fn digest(
    games: &Games,
    store: &Store,
    user: UserId,
) -> anyhow::Result<Option<(ChannelId, Reply)>> {
    let filter = GameFilter::of_player(user, GameScope::Active, DIGEST_GAMES);
    let mut waiting: Vec<LiveGame> = Vec::new();
    for listed in store.games(&filter)?.into_iter().flatten() {
        if let Ok(Some(game)) = games.in_channel(listed.channel, false)
            && game.stored.id == listed.id
            && game.player(game.to_move()) == user
        {
            waiting.push(game);
        }
    }
    waiting.sort_by_key(|game| (game.stored.deadline.unwrap_or(i64::MAX), game.stored.id.0));
    let Some(first) = waiting.first().map(|game| game.stored.channel) else {
        return Ok(None);
    };
    let mut text = text![format!(
        "Your daily digest: {} for your move, the most urgent first:",
        match waiting.len() {
            1 => "1 game waits".to_string(),
            n => format!("{n} games wait"),
        }
    )];
    for game in &waiting {
        text.push("\n").append(waiting_line(game));
    }
    let reply = Reply {
        text,
        direct: Some(user),
        ..Reply::default()
    };
    Ok(Some((first, reply)))
}

/// `#channel: your move (black) against alice, due <t:…>; alice played `a5-c5 (11)`.`
fn waiting_line(game: &LiveGame) -> Text {
    let to_move = game.to_move();
    let mut line = text![
        Span::Channel(game.stored.channel),
        format!(": your move ({to_move}) against "),
        game.name(!to_move),
        format!(", {}", game.stored.spec.name()),
    ];
    if let Some(deadline) = game.stored.deadline {
        line.push(", due ").push(Span::Time(deadline));
    }
    match &game.last_turn {
        Some(turn) => line
            .push("; ")
            .push(game.name(!to_move))
            .push(format!(" played `{}`.", game.turn_text(turn))),
        None => line.push("; the first turn is yours."),
    };
    line
}

/// The pings `held` through a member's quiet hours, as one direct message.
fn folded(held: Held) -> (ChannelId, Reply) {
    let first = held
        .said
        .first()
        .map_or(ChannelId(0), |(channel, ..)| *channel);
    let mut text = text![format!(
        "While your quiet hours ran ({}):",
        match held.said.len() {
            1 => "1 message".to_string(),
            n => format!("{n} messages"),
        }
    )];
    for (channel, at, said) in held.said {
        text.push("\n\nIn ")
            .push(Span::Channel(channel))
            .push(", ")
            .push(Span::Time(at))
            .push(":\n")
            .append(said);
    }
    let reply = Reply {
        text,
        direct: Some(held.user),
        ..Reply::default()
    };
    (first, reply)
}
