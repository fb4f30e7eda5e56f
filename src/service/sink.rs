//! Where the service's messages go: what an adapter does with Discord or a terminal. The
//! service drives a message from its command to its last reply and pushes each piece into
//! a [`Sink`] (answer the asker, post in a channel, send directly, open a thread, show the
//! bot typing); the adapter does only that, and sequences nothing.

use std::future::Future;

use crate::model::{ChannelId, UserId};
use crate::reply::Reply;

/// What became of a reply posted (or answered).
#[derive(Debug, Default)]
pub struct Posted {
    /// The first message it made, if known: what a turn sent again links to.
    pub message: Option<i64>,
    /// Why the place refused it outright, in words a moderator acts on (it was not posted).
    pub refused: Option<String>,
    /// What could not be posted there and goes to the asker directly instead (a file the
    /// channel refused, too long to post as text).
    pub undelivered: Vec<Reply>,
    /// Whether it failed just then, in a way that may work later (Discord's rate limit, a
    /// server error, no answer): it was not posted, or not all of it.
    pub again: bool,
}

/// Why a thread or a direct message was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    /// Not allowed: a permission the bot lacks, or the member's privacy settings.
    Forbidden,
    /// It failed just then (Discord was unavailable, say): it may work later.
    Failed(String),
}

/// An adapter's side of the service: each call does one thing and says what became of it.
/// The service calls them in the order the messages must appear.
pub trait Sink: Send + Sync {
    /// Answers the message being served with `reply`, in its channel (a private reply where
    /// only the asker sees it, if the adapter can hide it; else as an answer to him).
    fn answer(&self, reply: &Reply) -> impl Future<Output = Posted> + Send;

    /// Posts `reply` for everyone in `channel`.
    fn post(&self, channel: ChannelId, reply: &Reply) -> impl Future<Output = Posted> + Send;

    /// Sends `reply` to `user` directly.
    fn direct(
        &self,
        user: UserId,
        reply: &Reply,
    ) -> impl Future<Output = Result<(), Refused>> + Send;

    /// Opens a public thread named `name` under `channel`: the thread's channel.
    fn open_thread(
        &self,
        channel: ChannelId,
        name: &str,
    ) -> impl Future<Output = Result<ChannelId, Refused>> + Send;

    /// Shows the bot typing in `channel` until the future is dropped.
    fn typing(&self, channel: ChannelId) -> impl Future<Output = ()> + Send;

    /// Answers an asker who waited across a restart (`token`, the handle the adapter gave
    /// with his message: [`Message::answer_token`](super::Message::answer_token)) with
    /// `reply`: the first message it made, if known.
    fn answer_late(
        &self,
        token: &str,
        reply: &Reply,
    ) -> impl Future<Output = Result<Option<i64>, Refused>> + Send;
}
