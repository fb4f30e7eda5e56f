//! The outbox part, the outbox seen from the service: each reply that makes an announcement
//! carries the outbox rows the change it tells wrote, as the store said when it saved it
//! ([`Reply::owed`]), its direct copies the same rows; they are marked sent once posted
//! ([`Outbox::sent`], by `deliver.rs`), and after a restart the rows never marked are
//! claimed ([`Outbox::claim_unsent`]) and posted again, each drawn from what it announces
//! as stored now (`recover.rs`).
//!
//! A new kind of message owed is: a variant of [`Kind`](crate::store::Kind) with its word,
//! `owe` (in `store/outbox.rs`) called in the transaction of the change it tells (with the
//! subject it is drawn from: its id), its row handed back by the store with the change and
//! carried by the reply that tells it, and an arm in `recover.rs` that draws it again. The
//! sender, the nonces, the marking and the drain are the same for every kind.

use std::sync::Arc;

use crate::model::{ChannelId, Clock, OutboxId};
use crate::reply::Reply;
use crate::store::{Owed, Store, Unanswered};

/// How long Discord lets an interaction's token answer it (seconds): 15 minutes.
const INTERACTION_TOKEN_LIFE: i64 = 15 * 60;

/// The outbox: the messages owed until they are posted.
pub(crate) struct Outbox {
    store: Arc<Store>,
    clock: Clock,
}

impl Outbox {
    /// The outbox of `store`, on `clock` (an interaction's token lives 15 minutes).
    pub(super) fn new(store: Arc<Store>, clock: Clock) -> Outbox {
        Outbox { store, clock }
    }

    /// Marks `owed` sent: their announcement is posted. A failure is logged (a restart then
    /// posts them again, which Discord's nonce drops).
    /// `message` is the first message posted, which a turn sent again links to.
    pub(super) fn sent(&self, owed: &[OutboxId], message: Option<i64>) {
        if let Err(e) = self.store.mark_sent(owed, message) {
            super::failed::log_failed("cannot mark announcements sent", &e);
        }
    }

    /// Lets go of `owed`, whose post failed and may work later: the next look at what
    /// nobody posts (every [`TEND_EVERY`](super::watch::TEND_EVERY)) posts them again, by any
    /// living process. A failure is logged (a restart then posts them).
    pub(super) fn let_go(&self, owed: &[OutboxId]) {
        if let Err(e) = self.store.let_go(owed) {
            super::failed::log_failed("cannot let go of announcements", &e);
        }
    }

    /// Keeps `message` as the post that announced `owed` (not yet marked sent: its direct
    /// copies follow). A failure is logged (the announcement is then not linked).
    pub(super) fn posted(&self, owed: &[OutboxId], message: i64) {
        if let Err(e) = self.store.note_posted(owed, message) {
            tracing::error!(error = %format!("{e:#}"), "cannot keep an announcement's message");
        }
    }

    /// Remembers an interaction taken in `channel` (its `token`) before it is deferred: the
    /// row, `None` if it cannot be written (then a crash loses its answer, as before).
    pub(super) fn remember_interaction(&self, token: &str, channel: ChannelId) -> Option<i64> {
        (self.store.remember_interaction(token, channel))
            .inspect_err(
                |e| tracing::error!(error = %format!("{e:#}"), "cannot remember an interaction"),
            )
            .ok()
    }

    /// Forgets interaction `id`: it is answered.
    pub(super) fn forget_interaction(&self, id: i64) {
        if let Err(e) = self.store.forget_interaction(id) {
            tracing::error!(error = %format!("{e:#}"), "cannot forget an interaction");
        }
    }

    /// The interactions a crash left unanswered, oldest first, each with whether its token
    /// still lives (Discord's 15 minutes, on the service's clock).
    pub(super) fn unanswered(&self) -> Vec<(Unanswered, bool)> {
        let now = self.clock.now();
        (self.store.unanswered())
            .inspect_err(
                |e| tracing::error!(error = %format!("{e:#}"), "cannot read the interactions"),
            )
            .unwrap_or_default()
            .into_iter()
            .map(|asked| {
                let lives = now - asked.at < INTERACTION_TOKEN_LIFE;
                (asked, lives)
            })
            .collect()
    }

    /// The messages stored and never marked sent that this process posts: its own (`own`:
    /// written before a restart under its name) and those nobody living posts. Oldest first.
    pub(super) fn claim_unsent(&self, own: bool) -> Vec<Owed> {
        self.store
            .claim_unsent(own)
            .inspect_err(|e| super::failed::log_failed("cannot read the outbox", e))
            .unwrap_or_default()
    }
}

/// Gives the rows of the first of `announcement` to the others (its direct copies): each
/// posts with them (its own nonce), and the last's delivery marks them sent.
pub(super) fn share_owed(announcement: &mut [&mut Reply]) {
    let Some(owed) = announcement.first().map(|first| first.owed.clone()) else {
        return;
    };
    let last = announcement.len() - 1;
    for (at, reply) in announcement.iter_mut().enumerate() {
        if at > 0 {
            reply.owed = owed.clone();
        }
        reply.owed_continues = at < last && !owed.is_empty();
    }
}
