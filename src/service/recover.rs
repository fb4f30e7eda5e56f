//! The messages a restart (or a process that died) left owed, drawn again from what each
//! announces as stored now, by the family whose message it is: a turn or a game's start
//! (`play/prompt.rs`), a challenge (`challenge/`), a deadline's warning or a loss on time
//! (`game/time.rs`), an abandonment (`watch.rs`), an analysis (`learn/analysis.rs`), a
//! tournament's round or end (`tournament/`). One that later changes overtook says so, or
//! is dropped when it no longer means anything (a reminder the game moved past, a
//! challenge answered).

use gipf::Color;

use std::sync::Arc;

use super::abandon::{abandoned_reply, damaged_title};
use super::answers::answered;
use super::challenge::game_on;
use super::deliver::{Delivered, To, deliver, mark};
use super::failpoints::Failpoint;
use super::play::prompt::{played, position_reply};
use super::server::notify::with_copies;
use super::sink::Sink;
use super::{LiveGame, Service};
use crate::model::{ChannelId, GameStatus};
use crate::reply::Reply;
use crate::store::{Damaged, Kind, Owed};
use crate::text;

/// The message `owed` stands for, drawn from what it announces as stored now, carrying its
/// row; `None` if it no longer means anything.
fn recovered(service: &Service, owed: &Owed) -> anyhow::Result<Option<Reply>> {
    let reply = match owed.kind {
        Kind::Challenge => challenge(service, owed)?,
        Kind::Abandoned => abandoned(service, owed)?,
        Kind::Round | Kind::EventEnd => {
            super::tournament::recovered_event(&service.events(), owed)?
        }
        _ => {
            let Some(stored) = service.store.game(owed.game())? else {
                return Ok(None);
            };
            of_game(service, owed, LiveGame::load(stored)?)?
        }
    };
    Ok(reply.map(|reply| Reply {
        owed: vec![owed.id],
        ..reply
    }))
}

/// The notice of the challenge `owed` announces, if it is still open.
fn challenge(service: &Service, owed: &Owed) -> anyhow::Result<Option<Reply>> {
    match service.store.challenge(owed.channel)? {
        Some(open) if open.id == owed.challenge() => service
            .challenges()
            .challenge_reply(open.id, &open.terms, &service.voice.notice_phrasing())
            .map(Some),
        _ => Ok(None),
    }
}

/// The end of the game `owed` announces, abandoned: drawn from its row without replaying
/// it, or from the row's columns alone where its record cannot be read (a damaged game).
fn abandoned(service: &Service, owed: &Owed) -> anyhow::Result<Option<Reply>> {
    let (title, players, guild) = match service.store.game(owed.game()) {
        Ok(Some(stored)) => (stored.spec.title(), stored.players, stored.guild),
        Ok(None) => return Ok(None),
        Err(e) => {
            let damaged = e.downcast::<Damaged>()?;
            (damaged_title(&damaged), damaged.players, damaged.guild)
        }
    };
    let (store, voice, games) = (&service.store, &service.voice, &service.games);
    abandoned_reply(store, voice, games, &title, players, guild).map(Some)
}

/// The message `owed` stands for about `game`.
fn of_game(service: &Service, owed: &Owed, game: LiveGame) -> anyhow::Result<Option<Reply>> {
    let moved_on = (owed.ply as usize) < game.stored.turns.len();
    let (voice, pictures) = (&service.voice, &service.pictures);
    let say = voice.notice_phrasing();
    match owed.kind {
        Kind::Turn if moved_on => Ok(Some(overtaken(&game, owed.ply))),
        Kind::Turn => turn(service, &game).map(Some),
        Kind::GameOn if moved_on => {
            let mut text = game_on(&game, "");
            text.append(text![
                " (posted late: ",
                game.name(Color::White),
                " has moved since)"
            ]);
            Ok(Some(Reply::public(text)))
        }
        Kind::GameOn => {
            position_reply(voice, pictures, &game, vec![game_on(&game, "")], None, &say)
                .map(Some)
                .map_err(|failure| anyhow::anyhow!("{failure:?}"))
        }
        // A warning the game moved past, or that ended, means nothing now.
        Kind::Reminder | Kind::TimeUp if moved_on || game.stored.status != GameStatus::Active => {
            Ok(None)
        }
        Kind::Reminder | Kind::TimeUp => service.deadlines().warning(&game, owed.kind),
        Kind::Forfeit => match game.stored.forfeited {
            Some(loser) => service.deadlines().forfeit_reply(game, loser).map(Some),
            None => Ok(None),
        },
        Kind::Analysis => service.analyses().message(&game, owed.ply as usize),
        Kind::Away | Kind::Back => {
            let color = super::server::vacation::noticed_color(owed.ply);
            Ok(super::server::vacation::notice(
                voice, &game, color, owed.kind,
            ))
        }
        // Drawn without a game (`recovered`).
        Kind::Abandoned | Kind::Challenge | Kind::Round | Kind::EventEnd => Ok(None),
    }
}

/// The announcement of the last turns of `game`, which nothing overtook: the turn and the
/// question to the player to move (pinged) with the board.
fn turn(service: &Service, game: &LiveGame) -> anyhow::Result<Reply> {
    let voice = &service.voice;
    let lines = match &game.last_turn {
        Some(turn) => played(voice, game, game.last_start(), std::slice::from_ref(turn)),
        None => Vec::new(),
    };
    let mover = game.last_turn.as_ref().map(|turn| turn.color);
    let say = voice.notice_phrasing();
    position_reply(voice, &service.pictures, game, lines, mover, &say)
        .map_err(|failure| anyhow::anyhow!("{failure:?}"))
}

/// The turn `ply` of `game`, announced after later turns were stored: the turn alone, saying
/// who moved since.
fn overtaken(game: &LiveGame, ply: i64) -> Reply {
    // Turns alternate, White first: the next turn is the other colour's.
    let next = if ply % 2 == 0 {
        Color::White
    } else {
        Color::Black
    };
    let notation = (game.stored.turns)
        .get(ply as usize - 1)
        .map_or("", |turn| turn.as_str());
    Reply::public(text![
        format!("Turn {ply}: `{notation}` (posted late: "),
        game.name(next),
        " has moved since)."
    ])
}

/// The messages owed that this process posts, oldest first (so in order per channel): with
/// `own` (at its start) its own too, written before a restart under its name; else those
/// nobody living posts (an engine worker's, or those of a process that died). Each is drawn
/// again from what it announces as stored now, answered in place by the engine where it
/// waits for it, and followed by its direct copies, each carrying its row.
async fn owed(service: &Arc<Service>, own: bool, sink: &impl Sink) -> Vec<(ChannelId, Reply)> {
    let claimed = service.on_worker(move |s| s.outbox.claim_unsent(own)).await;
    let mut out = Vec::new();
    for owed in claimed.unwrap_or_default() {
        let drawn = service.on_worker(move |s| drawn_again(s, &owed)).await;
        let Ok(Some(reply)) = drawn else {
            continue;
        };
        // The engine's answer, after a restart, is played here (else the watch plays it).
        let (replies, _) = answered(service, vec![reply], sink, owed.channel).await;
        let copied = service.on_worker(move |s| copied(s, &owed, replies)).await;
        out.extend(
            copied
                .unwrap_or_default()
                .into_iter()
                .map(|r| (owed.channel, r)),
        );
    }
    out
}

/// The message `owed` stands for, drawn again; `None` (marked sent) where it means nothing
/// any more, and where it cannot be drawn (logged).
fn drawn_again(service: &Service, owed: &Owed) -> Option<Reply> {
    match recovered(service, owed) {
        Ok(Some(reply)) => Some(reply),
        // What is gone, or was overtaken, owes nothing.
        Ok(None) => {
            service.outbox.sent(&[owed.id], None);
            None
        }
        Err(e) => {
            tracing::error!(error = %format!("{e:#}"), kind = %owed.kind, subject = owed.subject, "cannot post an owed message");
            None
        }
    }
}

/// `replies`, drawn again for `owed`, with their direct copies (the engine's answer comes
/// with its own), and without the announcement if it was posted before a crash (by an
/// interaction's answer, which has no nonce to drop it a second time): then only its copies
/// are left to send, and with none it is marked sent.
fn copied(service: &Service, owed: &Owed, mut replies: Vec<Reply>) -> Vec<Reply> {
    if !replies.iter().any(|reply| reply.direct.is_some())
        && let Some(first) = replies.first().cloned()
    {
        let (store, pictures) = (&service.store, &service.pictures);
        match with_copies(store, pictures, owed.channel, None, first) {
            Ok(group) => replies.splice(0..1, group).for_each(drop),
            Err(e) => tracing::error!(error = %format!("{e:#}"), "cannot copy an owed message"),
        }
    }
    if owed.posted.is_some() {
        replies.retain(|reply| reply.direct.is_some() || !reply.owed.contains(&owed.id));
        if !replies.iter().any(|reply| reply.owed.contains(&owed.id)) {
            service.outbox.sent(&[owed.id], None);
        }
    }
    replies
}

/// Posts what this process owes at its start (a crash came first): oldest first, in order
/// per channel, each marked sent once posted with its direct copies; the interactions a
/// crash left unanswered are answered by their tokens while they live.
pub(super) async fn drain(service: &Arc<Service>, sink: &impl Sink) {
    let unsent = owed(service, true, sink).await;
    if !unsent.is_empty() {
        tracing::info!(
            count = unsent.len(),
            "posting the messages a restart left owed"
        );
    }
    let unsent = answer_unanswered(service, sink, unsent).await;
    let failpoint = Failpoint::of(&service.config);
    for (channel, reply) in unsent {
        if failpoint.while_draining() {
            // The failpoint stops the bot once the first is posted, before it is marked.
            deliver(service, sink, To::Channel(channel), vec![reply], false).await;
            return;
        }
        service.deliver_each(sink, vec![(channel, reply)]).await;
    }
}

/// Posts what nobody living posts (an engine worker's messages, or those of a process that
/// died), which this process takes over while it runs.
pub(super) async fn post_left(service: &Arc<Service>, sink: &impl Sink) {
    let left = owed(service, false, sink).await;
    service.deliver_each(sink, left).await;
}

/// What an interaction hears whose command changed nothing (a question, a refusal) when a
/// restart cut its answer: that it may ask again, so that its "thinking…" does not hang.
const ASK_AGAIN: &str =
    "I restarted before I could answer this, and it changed nothing: please ask again.";

/// Answers each interaction a crash left unanswered with the messages its command left
/// owed in its channel (`unsent`'s rows written after it was taken): by its token while it
/// lives; else (or if the token is refused) they stay in `unsent`, to be posted in the
/// channel. One that left nothing owed is told to ask again. The messages left, in order.
async fn answer_unanswered(
    service: &Arc<Service>,
    sink: &impl Sink,
    unsent: Vec<(ChannelId, Reply)>,
) -> Vec<(ChannelId, Reply)> {
    let unanswered = (service.on_worker(|s| s.outbox.unanswered()).await).unwrap_or_default();
    let mut left = Vec::with_capacity(unsent.len());
    let mut answered_ids = std::collections::HashSet::new();
    for (channel, reply) in unsent {
        // The latest interaction of the channel taken before the message's rows were written.
        let asker = unanswered.iter().rev().find(|(asked, lives)| {
            *lives
                && asked.channel == channel
                && reply.direct.is_none()
                && reply.owed.first().is_some_and(|first| *first > asked.mark)
        });
        let Some((asked, _)) = asker else {
            left.push((channel, reply));
            continue;
        };
        let message = match sink.answer_late(&asked.token, &reply).await {
            Ok(message) => message,
            Err(refused) => {
                tracing::warn!(?refused, "an interaction's token is refused");
                left.push((channel, reply));
                continue;
            }
        };
        answered_ids.insert(asked.id);
        let (owed, continues) = (reply.owed, reply.owed_continues);
        let marks = match (continues, message) {
            (false, _) => vec![(owed, message)],
            (true, Some(message)) => {
                let _ = service
                    .on_worker(move |s| s.outbox.posted(&owed, message))
                    .await;
                Vec::new()
            }
            (true, None) => Vec::new(),
        };
        let delivered = Delivered {
            marks,
            ..Delivered::default()
        };
        mark(service, delivered).await;
    }
    let failpoint = Failpoint::of(&service.config);
    for (asked, lives) in unanswered {
        if lives && !answered_ids.contains(&asked.id) {
            let said = sink
                .answer_late(&asked.token, &Reply::private(ASK_AGAIN))
                .await;
            if let Err(refused) = said {
                tracing::warn!(?refused, "an interaction's token is refused");
            }
        }
        if !failpoint.before_forgetting() {
            let _ = service
                .on_worker(move |s| s.outbox.forget_interaction(asked.id))
                .await;
        }
    }
    left
}
