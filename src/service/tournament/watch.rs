//! What the events call for when the watch looks: the open ones whose start time came
//! begin (or, too few entered, are called off), the running ones whose round is over go on
//! to the next round or end, and the round games still waiting for their threads ask for
//! them again now and then (`threads.rs`).

use super::Hands;
use super::results::event_record;
use super::rounds::{next_round, round_game, start_on_time};
use crate::model::{ChannelId, GameStatus};
use crate::reply::Reply;
use crate::store::Tournament;

/// What the events call for now, each reply for its channel: the open ones whose start
/// time came begin (or, too few entered, are called off), and the running ones whose
/// round is over go on to the next round or end. Errors are logged; the next watch tries
/// again.
pub(in crate::service) fn tournament_rounds(h: &Hands<'_>) -> Vec<(ChannelId, Reply)> {
    let mut due = Vec::new();
    let events = (h.store.tournaments_to_start())
        .and_then(|open| Ok((open, h.store.running_tournaments()?)));
    let (open, running) = match events {
        Ok(events) => events,
        Err(e) => {
            crate::service::failed::log_failed("cannot read the tournaments", &e);
            return due;
        }
    };
    for event in open {
        log_failure(&event, start_on_time(h, &event), &mut due);
    }
    for event in running {
        let next = event_record(h, &event).and_then(|record| {
            if record.round_finished() {
                next_round(h, &event)
            } else {
                Ok(Vec::new())
            }
        });
        log_failure(&event, next, &mut due);
        log_failure(&event, threads_to_ask_again(h, &event), &mut due);
    }
    due
}

/// Adds an event's replies to `due`, for its channel, or logs why there are none.
fn log_failure(
    event: &Tournament,
    replies: anyhow::Result<Vec<Reply>>,
    due: &mut Vec<(ChannelId, Reply)>,
) {
    match replies {
        Ok(replies) => due.extend(replies.into_iter().map(|r| (event.terms.channel, r))),
        Err(e) => {
            tracing::error!(error = %format!("{e:#}"), event = event.id.0, "a tournament cannot go on");
        }
    }
}

/// The replies that ask again for the threads of `event`'s games still waiting for one,
/// where it is time to: the channel is not told again if Discord refuses.
fn threads_to_ask_again(h: &Hands<'_>, event: &Tournament) -> anyhow::Result<Vec<Reply>> {
    let now = h.config.clock.now();
    let mut replies = Vec::new();
    for waiting in h.store.event_games(event.id)? {
        let waits = waiting.status == GameStatus::Active && waiting.waits_for_thread;
        if !waits || !h.thread_asks.due(waiting.game, now) {
            continue;
        }
        if let Some(stored) = h.store.game(waiting.game)? {
            replies.extend(round_game(h, event, waiting.round, stored, false)?);
        }
    }
    Ok(replies)
}
