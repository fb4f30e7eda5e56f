//! The outbox on Discord: a reply that announces stored turns goes with a nonce Discord
//! enforces (so the same announcement posted twice within Discord's window is one message),
//! is marked sent once posted, and after a start the announcements never marked are posted
//! first. The test failpoint ([`Crash`]) stops the bot on that way.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use serenity::all::{CreateMessage, Http, Nonce};

use crate::model::OutboxId;
use crate::reply::Reply;
pub(crate) use crate::reply::owed_by;
use crate::service::{Crash, Service};

/// `message`, part `part` of `reply`, with the nonce of its first announcement: Discord
/// answers a second message with the same nonce in the channel (a post again after a crash)
/// with the first one, posting nothing.
pub(crate) fn with_nonce(message: CreateMessage, reply: &Reply, part: usize) -> CreateMessage {
    match reply.owed.first() {
        // At most 25 characters: `o`, 19 digits, `.`, the part.
        Some(first) => message
            .nonce(Nonce::String(format!("o{}.{part}", first.0)))
            .enforce_nonce(true),
        None => message,
    }
}

/// Whether the bot dies (a test's failpoint) before it posts what announces `owed`.
pub(crate) fn dies_before_post(service: &Service, owed: &[OutboxId]) -> bool {
    !owed.is_empty() && service.config().crash == Some(Crash::BeforePost)
}

/// Marks `owed` sent, off the async workers, unless the bot dies first (a test's failpoint).
pub(crate) async fn mark_sent(service: &Arc<Service>, owed: Vec<OutboxId>) {
    if owed.is_empty() || service.config().crash == Some(Crash::BeforeMark) {
        return;
    }
    let service = Arc::clone(service);
    let marked = tokio::task::spawn_blocking(move || service.sent(&owed)).await;
    if let Err(e) = marked {
        tracing::error!(error = %e, "marking announcements sent failed");
    }
}

/// Posts the announcements stored and never marked sent (a crash came first), in order per
/// channel, each marked sent once posted: once a process (`drained` says whether it did).
pub(crate) async fn drain_once(drained: &AtomicBool, service: &Arc<Service>, http: &Http) {
    if drained.swap(true, Ordering::SeqCst) {
        return;
    }
    let owing = Arc::clone(service);
    let unsent = tokio::task::spawn_blocking(move || owing.unsent())
        .await
        .unwrap_or_else(|e| {
            tracing::error!(error = %e, "reading the outbox failed");
            Vec::new()
        });
    if !unsent.is_empty() {
        tracing::info!(
            count = unsent.len(),
            "posting the announcements a restart left owed"
        );
    }
    for (channel, reply) in unsent {
        let owed = reply.owed.clone();
        let channel = serenity::all::ChannelId::new(channel.0);
        super::send::to_channel(http, channel, None, &[reply]).await;
        if service.config().crash == Some(Crash::WhileDraining) {
            return;
        }
        mark_sent(service, owed).await;
    }
}
