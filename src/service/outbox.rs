//! The outbox part, the outbox seen from the service: each reply that makes an announcement
//! carries the outbox rows its command (or the watch, or the engine's answer) wrote
//! ([`Reply::owed`]), its direct copies the same rows; they are marked sent once posted
//! ([`Outbox::sent`]), and after a restart the rows never marked are claimed
//! ([`Outbox::claim_unsent`]) and posted again, each drawn from what it announces as stored
//! now (`recover.rs`). Also where a test makes the bot die on that way ([`Crash`]).
//!
//! A new kind of message owed is: a variant of [`Kind`](crate::store::Kind) with its word,
//! `owe` (in `store/outbox.rs`) called in the transaction of the change it tells (with the
//! subject it is drawn from: its id), an arm in `recover.rs`'s `of_game` (or a function beside it,
//! as for an abandonment or a tournament, drawn without loading a game) that draws it again,
//! and the reply that tells it handed its rows by `hand_owed` (a command's and the watch's
//! are already; an analysis hands each of its messages its own row). The sender, the nonces,
//! the marking and the drain are the same for every kind.

use std::sync::Arc;

use crate::model::{ChannelId, Clock, OutboxId};
use crate::reply::Reply;
use crate::store::{Owed, Store, Unanswered};

/// Where a test makes the bot die, as `kill -9` would, between storing a turn and marking its
/// announcement sent: the adapter stops there, and the test starts the bot again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crash {
    /// The turn is stored, its announcement not posted.
    BeforePost,
    /// The announcement is posted, not marked sent.
    BeforeMark,
    /// After a restart, the first unsent announcement is posted again, not marked sent, and
    /// the others wait.
    WhileDraining,
}

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

    /// Where the outbox stands before a command: the rows it writes come after. `None` if
    /// the store cannot tell (then nothing is claimed, and a restart announces its turns).
    pub(super) fn mark(&self) -> Option<OutboxId> {
        self.store
            .outbox_mark()
            .inspect_err(|e| tracing::error!(error = %format!("{e:#}"), "cannot read the outbox"))
            .ok()
    }

    /// Hands the rows of `channel` written since `mark` to the first of `replies` posted in
    /// that channel for everyone, which announces them, and to its direct copies (the direct
    /// replies right after it).
    pub(super) fn hand_owed(
        &self,
        mark: Option<OutboxId>,
        channel: ChannelId,
        replies: &mut [Reply],
    ) {
        let Some(at) = replies.iter().position(announces) else {
            return;
        };
        let owed = self.owed_since(mark, channel);
        give_owed(&owed, replies[at..].iter_mut());
    }

    /// [`Outbox::hand_owed`] for replies each with its channel (the watch's, later work's).
    pub(super) fn hand_owed_each(
        &self,
        mark: Option<OutboxId>,
        replies: &mut [(ChannelId, Reply)],
    ) {
        let mut channels: Vec<ChannelId> = replies.iter().map(|(c, _)| *c).collect();
        channels.dedup();
        for channel in channels {
            let Some(at) = replies
                .iter()
                .position(|(c, r)| *c == channel && announces(r) && r.owed.is_empty())
            else {
                continue;
            };
            let owed = self.owed_since(mark, channel);
            let group = replies[at..].iter_mut().take_while(|(c, _)| *c == channel);
            give_owed(&owed, group.map(|(_, reply)| reply));
        }
    }

    /// The unsent rows of `channel` written since `mark` (none if the store cannot tell).
    fn owed_since(&self, mark: Option<OutboxId>, channel: ChannelId) -> Vec<OutboxId> {
        let Some(mark) = mark else {
            return Vec::new();
        };
        self.store
            .owed_since(channel, mark)
            .inspect_err(|e| tracing::error!(error = %format!("{e:#}"), "cannot read the outbox"))
            .unwrap_or_default()
    }

    /// Marks `owed` sent: their announcement is posted. A failure is logged (a restart then
    /// posts them again, which Discord's nonce drops).
    /// `message` is the first message posted, which a turn sent again links to.
    pub(super) fn sent(&self, owed: &[OutboxId], message: Option<i64>) {
        if let Err(e) = self.store.mark_sent(owed, message) {
            tracing::error!(error = %format!("{e:#}"), "cannot mark announcements sent");
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
            .inspect_err(|e| tracing::error!(error = %format!("{e:#}"), "cannot read the outbox"))
            .unwrap_or_default()
    }
}

/// Gives `owed` to the first of `group` (an announcement) and to the direct copies right
/// after it ([`share_owed`]).
fn give_owed<'a>(owed: &[OutboxId], mut group: impl Iterator<Item = &'a mut Reply>) {
    let Some(first) = group.next() else {
        return;
    };
    first.owed.extend_from_slice(owed);
    let mut announcement = vec![first];
    announcement.extend(group.take_while(|reply| reply.direct.is_some()));
    share_owed(&mut announcement);
}

/// Gives the rows of the first of `announcement` to the others (its direct copies): each
/// posts with them (its own nonce), and only the last marks them sent.
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

/// Whether `reply` is posted for everyone in its channel: the one that announces a turn.
fn announces(reply: &Reply) -> bool {
    !reply.private && reply.direct.is_none()
}
