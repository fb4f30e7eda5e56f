//! The outbox on Discord: a reply that announces stored turns goes with a nonce Discord
//! enforces (so the same announcement posted twice within Discord's window is one message),
//! is marked sent once posted, and after a start the announcements never marked are posted
//! first. The test failpoint ([`Crash`]) stops the bot on that way.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serenity::all::{CreateMessage, Http, MessageId, Nonce};

use super::handler::Handler;
use super::interaction;
use crate::model::OutboxId;
use crate::reply::Reply;
pub(crate) use crate::reply::owed_by;
use crate::service::{Crash, Service};

/// `message`, part `part` of `reply`, with the nonce of its first announcement: Discord
/// answers a second message with the same nonce in the channel (a post again after a crash)
/// with the first one, posting nothing.
/// A direct copy of the announcement has a nonce of its own (Discord enforces a nonce per
/// author, across channels), told apart by its recipient.
pub(crate) fn with_nonce(message: CreateMessage, reply: &Reply, part: usize) -> CreateMessage {
    let Some(first) = reply.owed.first() else {
        return message;
    };
    let nonce = match reply.direct {
        // At most 25 characters: `o`, 19 digits, `.`, the part.
        None => format!("o{}.{part}", first.0),
        // At most 25: `d`, 13 base-36 digits, `.`, the part, `.`, the recipient's last 6
        // base-36 digits (the two players of a game are told apart).
        Some(user) => format!(
            "d{}.{part}.{}",
            base36(first.0.unsigned_abs()),
            base36(user.0 % 36u64.pow(6))
        ),
    };
    message.nonce(Nonce::String(nonce)).enforce_nonce(true)
}

/// `n` in base 36 (digits, then small letters).
fn base36(mut n: u64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
    let mut digits = Vec::new();
    loop {
        digits.push(DIGITS[(n % 36) as usize]);
        n /= 36;
        if n == 0 {
            break;
        }
    }
    digits.reverse();
    String::from_utf8_lossy(&digits).into_owned()
}

/// Whether the bot dies (a test's failpoint) before it posts what announces `owed`.
pub(crate) fn dies_before_post(service: &Service, owed: &[OutboxId]) -> bool {
    !owed.is_empty() && service.config().crash == Some(Crash::BeforePost)
}

/// Whether the bot dies (a test's failpoint) before it answers an interaction with what
/// `replies` announce: then only once the interaction is deferred, which is left unanswered
/// (its "thinking..." for good), as a crash leaves it.
pub(crate) async fn dies_answering(service: &Service, replies: &[Reply]) -> bool {
    if !dies_before_post(service, &owed_by(replies)) {
        return false;
    }
    let deferred = interaction::ANSWER_WITHIN + std::time::Duration::from_millis(200);
    tokio::time::sleep(deferred).await;
    true
}

/// Marks `owed` sent, off the async workers, unless the bot dies first (a test's failpoint);
/// `message` is the first message that announced them, if known.
pub(crate) async fn mark_sent(
    service: &Arc<Service>,
    owed: Vec<OutboxId>,
    message: Option<MessageId>,
) {
    if owed.is_empty() || service.config().crash == Some(Crash::BeforeMark) {
        return;
    }
    let service = Arc::clone(service);
    let message = message.and_then(|id| i64::try_from(id.get()).ok());
    let marked = tokio::task::spawn_blocking(move || service.sent(&owed, message)).await;
    if let Err(e) = marked {
        tracing::error!(error = %e, "marking announcements sent failed");
    }
}

/// Keeps `message` as the post that announced `owed`, whose marking waits for its direct
/// copies.
pub(crate) async fn note_posted(service: &Arc<Service>, owed: Vec<OutboxId>, message: MessageId) {
    let Ok(message) = i64::try_from(message.get()) else {
        return;
    };
    let service = Arc::clone(service);
    let noted = tokio::task::spawn_blocking(move || service.posted(&owed, message)).await;
    if let Err(e) = noted {
        tracing::error!(error = %e, "keeping an announcement's message failed");
    }
}

/// Remembers the interaction `token` asked in `channel` before it is deferred, off the async
/// workers: the row to forget once it is answered.
pub(crate) async fn remember(service: &Arc<Service>, token: &str, channel: u64) -> Option<i64> {
    let (service, token) = (Arc::clone(service), token.to_string());
    let channel = crate::model::ChannelId(channel);
    (tokio::task::spawn_blocking(move || service.remember_interaction(&token, channel)).await)
        .ok()
        .flatten()
}

/// Forgets the interaction `remembered`: it is answered (unless the bot died before it was, a
/// test's failpoint: all but [`Crash::BeforeMark`], which comes after).
pub(crate) async fn forget(service: &Arc<Service>, remembered: Option<i64>) {
    let Some(id) = remembered else {
        return;
    };
    if service
        .config()
        .crash
        .is_some_and(|crash| crash != Crash::BeforeMark)
    {
        return;
    }
    let service = Arc::clone(service);
    let _ = tokio::task::spawn_blocking(move || service.forget_interaction(id)).await;
}

/// Answers each interaction a crash left unanswered with the messages its command left owed
/// in its channel (`unsent`'s rows written after it was taken): by its token while it lives;
/// else (or if Discord refuses the token) they stay in `unsent`, to be posted in the channel.
/// The messages left, in their order.
async fn answer_unanswered(
    handler: &Handler,
    http: &Http,
    unsent: Vec<(crate::model::ChannelId, Reply)>,
) -> Vec<(crate::model::ChannelId, Reply)> {
    let service = handler.service();
    let asking = Arc::clone(&service);
    let unanswered = tokio::task::spawn_blocking(move || asking.unanswered())
        .await
        .unwrap_or_default();
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
        let answered = match asker {
            Some((asked, _)) => {
                let sent = interaction::follow_by_token(http, &asked.token, &reply)
                    .await
                    .inspect_err(
                        |e| tracing::warn!(error = %e, "an interaction's token is refused"),
                    );
                if sent.is_ok() {
                    answered_ids.insert(asked.id);
                }
                sent.ok()
            }
            None => None,
        };
        match answered {
            Some(message) if !reply.owed_continues => {
                mark_sent(&service, reply.owed, message).await
            }
            Some(Some(message)) => note_posted(&service, reply.owed, message).await,
            Some(None) => {}
            None => left.push((channel, reply)),
        }
    }
    for (asked, lives) in unanswered {
        if lives && !answered_ids.contains(&asked.id) {
            say_ask_again(http, &asked.token).await;
        }
        forget(&service, Some(asked.id)).await;
    }
    left
}

/// What an interaction hears whose command changed nothing (a question, a refusal) when a
/// restart cut its answer: that it may ask again, so that its "thinking…" does not hang.
const ASK_AGAIN: &str =
    "I restarted before I could answer this, and it changed nothing: please ask again.";

/// Answers a living interaction whose command left nothing owed with [`ASK_AGAIN`].
async fn say_ask_again(http: &Http, token: &str) {
    let reply = Reply::private(ASK_AGAIN);
    if let Err(e) = interaction::follow_by_token(http, token, &reply).await {
        tracing::warn!(error = %e, "an interaction's token is refused");
    }
}

/// Posts the messages stored and never marked sent (a crash came first), in order per
/// channel, each marked sent once posted with its direct copies: once a process (`drained`
/// says whether it did).
pub(crate) async fn drain_once(drained: &AtomicBool, handler: &Handler, http: &Http) {
    if drained.swap(true, Ordering::SeqCst) {
        return;
    }
    let owing = handler.service();
    let unsent = tokio::task::spawn_blocking(move || owing.unsent())
        .await
        .unwrap_or_else(|e| {
            tracing::error!(error = %e, "reading the outbox failed");
            Vec::new()
        });
    if !unsent.is_empty() {
        tracing::info!(
            count = unsent.len(),
            "posting the messages a restart left owed"
        );
    }
    let service = handler.service();
    let unsent = answer_unanswered(handler, http, unsent).await;
    for (channel, reply) in unsent {
        let dies = service.config().crash == Some(Crash::WhileDraining);
        // The failpoint stops the bot once the first is posted, before it is marked.
        let _ = handler.deliver_unless(http, channel, reply, dies).await;
        if dies {
            return;
        }
    }
}
