//! Replies delivered through a [`Sink`], in order, and their announcements marked sent: the
//! one way every message leaves the service (a command's answers, the engine's answers, the
//! watch's warnings, the messages a restart left owed). A reply that opens a thread opens
//! it and moves its game there; a direct message the member refused turns his direct
//! messages off and the channel hears so; a file the channel refused goes to the asker.
//! The outbox rows an announcement carries are marked sent once it and its direct copies
//! are out, with the first message it made (what a turn sent again links to).

use std::sync::Arc;

use super::server::notify::direct_message_refused;
use super::sink::{Posted, Refused, Sink};
use super::{Service, failpoints::Failpoint};
use crate::model::{ChannelId, GameId, OutboxId, UserId};
use crate::reply::{IfRefused, Reply};
use crate::text;
use crate::text::Span;

/// Whom a batch of replies is for.
#[derive(Clone, Copy, Debug)]
pub(super) enum To {
    /// The asker of the message served, in its `channel`: the replies answer him.
    Asker {
        /// Where he asked.
        channel: ChannelId,
        /// Who he is: a file his channel refused goes to him.
        author: UserId,
    },
    /// Everyone in a channel (the watch's messages, later work, a message owed).
    Channel(ChannelId),
}

impl To {
    /// The channel the replies go to.
    fn channel(self) -> ChannelId {
        match self {
            To::Asker { channel, .. } | To::Channel(channel) => channel,
        }
    }
}

/// What delivering a batch did.
#[derive(Debug, Default)]
pub(super) struct Delivered {
    /// Why the channel refused a message outright, if it refused one.
    pub refused: Option<String>,
    /// The announcements posted, each with the first message that made it: marked sent by
    /// [`mark`], once whatever must come first is done.
    pub marks: Vec<(Vec<OutboxId>, Option<i64>)>,
    /// The announcements a post that may work later failed for, with all that followed it
    /// in the batch (not sent, so that they go again in order): let go of by [`mark`], for
    /// the next look at what nobody posts.
    pub again: Vec<OutboxId>,
    /// Whether a test's failpoint stopped the bot on the way.
    pub died: bool,
}

/// Delivers `replies` (an announcement is followed by its direct copies, which carry its
/// rows) through `sink` to `to`, in order. `noted`: the announcements' messages are kept
/// as soon as they are posted (an interaction's answer, which has no nonce to stop a second
/// post after a crash, and every announcement whose copies follow).
pub(super) async fn deliver(
    service: &Arc<Service>,
    sink: &impl Sink,
    to: To,
    replies: Vec<Reply>,
    noted: bool,
) -> Delivered {
    let failpoint = Failpoint::of(&service.config);
    let mut delivered = Delivered::default();
    // The first message of the announcement whose rows are being delivered.
    let mut announced: Option<i64> = None;
    let mut replies = replies.into_iter();
    while let Some(reply) = replies.next() {
        if failpoint.before_post() && !reply.owed.is_empty() {
            delivered.died = true;
            continue;
        }
        let (owed, continues) = (reply.owed.clone(), reply.owed_continues);
        let posted = match reply.direct {
            Some(user) => {
                send_direct(service, sink, to.channel(), user, &reply).await;
                None
            }
            None => {
                let posted = post(service, sink, to, reply).await;
                if posted.again {
                    let rest = replies.flat_map(|reply| reply.owed);
                    delivered.again = owed.into_iter().chain(rest).collect();
                    delivered.again.sort_by_key(|row| row.0);
                    delivered.again.dedup();
                    break;
                }
                delivered.refused = delivered.refused.or(posted.refused);
                posted.message
            }
        };
        if owed.is_empty() {
            continue;
        }
        announced = announced.or(posted);
        // Its message kept before the copies and the marking: what a restart links to.
        if let (true, Some(message), true) = (continues || noted, posted, announced == posted) {
            let rows = owed.clone();
            let _ = service
                .on_worker(move |s| s.outbox.posted(&rows, message))
                .await;
        }
        if !continues {
            delivered.marks.push((owed, announced.take()));
        }
    }
    delivered
}

/// Marks the announcements `delivered` posted sent (unless a test's failpoint stops the bot
/// first), and lets go of those to post again.
pub(super) async fn mark(service: &Arc<Service>, delivered: Delivered) {
    if Failpoint::of(&service.config).before_mark()
        || (delivered.marks.is_empty() && delivered.again.is_empty())
    {
        return;
    }
    let marked = service
        .on_worker(move |s| {
            for (owed, message) in &delivered.marks {
                s.outbox.sent(owed, *message);
            }
            s.outbox.let_go(&delivered.again);
        })
        .await;
    if let Err(e) = marked {
        tracing::error!(error = %e, "marking announcements sent failed");
    }
}

/// Posts a reply that is no direct message: in a thread it opens (its game moved there, the
/// channel told where), else in its place. What became of the post.
async fn post(service: &Arc<Service>, sink: &impl Sink, to: To, mut reply: Reply) -> Posted {
    let Some(thread) = reply.thread.take() else {
        return post_here(service, sink, to, reply).await;
    };
    // Discord's limit on a thread's name.
    let name: String = thread.name.chars().take(100).collect();
    let opened = match sink.open_thread(to.channel(), &name).await {
        Ok(opened) => opened,
        Err(refused) => match refused_thread(reply, thread.if_refused, &refused) {
            Some(said) => return post_here(service, sink, to, said).await,
            None => return Posted::default(),
        },
    };
    let game = thread.game;
    let moved = service
        .on_worker(move |s| moved(s, game, opened))
        .await
        .unwrap_or(false);
    if !moved {
        return post_here(service, sink, to, reply).await;
    }
    let posted = sink.post(opened, &reply).await;
    let notice = Reply::public(text!["Game on in ", Span::Channel(opened), "."]);
    post_here(service, sink, to, notice).await;
    posted
}

/// Posts `reply` where `to` says: as the asker's answer, or in the channel; a file the
/// channel refused goes to the asker.
async fn post_here(service: &Arc<Service>, sink: &impl Sink, to: To, reply: Reply) -> Posted {
    match to {
        To::Channel(channel) => sink.post(channel, &reply).await,
        To::Asker { channel, author } => {
            let mut posted = sink.answer(&reply).await;
            for refused in std::mem::take(&mut posted.undelivered) {
                let direct = Reply {
                    direct: Some(author),
                    ..refused
                };
                send_direct(service, sink, channel, author, &direct).await;
            }
            posted
        }
    }
}

/// Sends `reply` to `user` directly; where he refuses direct messages, his are turned off
/// and `channel` is told so (or hears the reply's own note).
async fn send_direct(
    service: &Arc<Service>,
    sink: &impl Sink,
    channel: ChannelId,
    user: UserId,
    reply: &Reply,
) {
    let sent = sink.direct(user, reply).await;
    let note = match (sent, &reply.direct_note) {
        (Ok(()), None) => return,
        (Ok(()), Some(note)) => Reply::public(note.sent.clone()),
        (Err(Refused::Forbidden), Some(note)) => Reply::public(note.refused.clone()),
        (Err(Refused::Forbidden), None) => {
            match (service.on_worker(move |s| direct_message_refused(&s.store, &s.voice, user)))
                .await
            {
                Ok(notice) => notice,
                Err(e) => return tracing::error!(error = %e, "direct message task failed"),
            }
        }
        (Err(Refused::Failed(why)), _) => {
            return tracing::warn!(error = %why, user = user.0, "cannot send a direct message");
        }
    };
    sink.post(channel, &note).await;
}

/// What is posted when the thread `reply` asked for was `refused`: a challenge's game is
/// played in its channel, saying so; a round game waits (the watch asks again), and the
/// channel hears what the service said, if anything.
fn refused_thread(mut reply: Reply, if_refused: IfRefused, refused: &Refused) -> Option<Reply> {
    match if_refused {
        IfRefused::PlayHere => {
            tracing::warn!(
                ?refused,
                "cannot open a thread: the game stays in its channel"
            );
            reply.text.push(match refused {
                Refused::Forbidden => "\n(The game is played here: I may not open threads in this channel. A moderator can give me Create Public Threads.)",
                Refused::Failed(_) => "\n(The game is played here: Discord did not let me open a thread for it just now.)",
            });
            Some(reply)
        }
        IfRefused::Wait { say } => {
            tracing::warn!(
                ?refused,
                "cannot open a round game's thread: it waits for the next try"
            );
            say.map(Reply::public)
        }
    }
}

/// Moves a game just started into the thread opened for it: the one-game rule then holds
/// per thread, and the channel is free for the next challenge. False if that failed (the
/// game then stays in its channel).
fn moved(service: &Service, game: GameId, thread: ChannelId) -> bool {
    service.store.move_game(game, thread).unwrap_or_else(|e| {
        tracing::error!(error = %format!("{e:#}"), game = %game, "cannot move a game to its thread");
        false
    })
}
