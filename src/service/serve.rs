//! One message served, start to end, through the adapter's [`Sink`]: its command run on the
//! service's workers, the engine's answers put in place of the turns they answer
//! (`answers.rs`), the replies delivered and their announcements marked sent
//! (`deliver.rs`), and the work they leave for later (an answer after a long wait, an
//! analysis) done beside the next messages, each answered in its channel once ready. An
//! interaction the adapter can still answer after a restart is remembered before its
//! command runs and forgotten once answered. [`Service::serve`] is the one call an adapter
//! makes a message; [`Service::serve_blocking`] the same for code without a runtime.

use std::sync::{Arc, Mutex};

use tokio::task::JoinSet;

use super::answers::{answered, later_answer};
use super::deliver::{To, deliver, mark};
use super::failpoints::Failpoint;
use super::sink::Sink;
use super::{INTERNAL_ERROR, Message, Service};
use crate::command::{Command, CommandError};
use crate::model::ChannelId;
use crate::reply::{FollowUp, Reply};

/// What a message asks of the service.
#[derive(Debug)]
pub enum Asked {
    /// Its text, read as a chat line: no answer when it is none of the bot's commands.
    Line,
    /// A command read from something else than its text (a slash command's options, a
    /// button's), or why it is none.
    Command(Result<Command, CommandError>),
}

/// What became of a message served.
#[derive(Debug, Default)]
pub struct Served {
    /// Whether a test's failpoint stopped the bot before it answered (the adapter then
    /// answers nothing either).
    #[cfg(feature = "failpoints")]
    pub died: bool,
}

/// The work the service does beside the next messages (later work), to be waited for
/// before the service stops ([`Service::settle`]).
#[derive(Default)]
pub(super) struct Later {
    tasks: Mutex<JoinSet<()>>,
}

impl Later {
    /// Runs `work` beside what comes next. The work done already is let go of first: the
    /// set holds only what still runs.
    pub(super) fn spawn(&self, work: impl Future<Output = ()> + Send + 'static) {
        if let Ok(mut tasks) = self.tasks.lock() {
            while tasks.try_join_next().is_some() {}
            tasks.spawn(work);
        }
    }

    /// Waits until no work is left, later work started meanwhile included.
    async fn settle(&self) {
        loop {
            let Some(mut tasks) = self.tasks.lock().ok().map(|mut t| std::mem::take(&mut *t))
            else {
                return;
            };
            if tasks.is_empty() {
                return;
            }
            while tasks.join_next().await.is_some() {}
        }
    }
}

impl Service {
    /// Serves `message`, which asks `asked`: runs its command, puts the engine's answers
    /// in place, delivers every reply through `sink` and marks what they announce sent; the
    /// work they leave for later goes on beside the next messages, delivered through `sink`
    /// too. Blocks no async worker: the database, the pictures and the engine run on the
    /// service's own threads.
    pub async fn serve<S: Sink + 'static>(
        self: &Arc<Self>,
        message: Message,
        asked: Asked,
        sink: Arc<S>,
    ) -> Served {
        let arrived = std::time::Instant::now();
        let (here, author) = (message.channel, message.author.id);
        let token = message.answer_token.clone();
        let noted = token.is_some();
        let ran = self.on_worker(move |s| {
            // Remembered before it may be deferred: a crash's lost answer is given after.
            let remembered = token.and_then(|token| s.outbox.remember_interaction(&token, here));
            (remembered, s.command(&message, asked))
        });
        let (remembered, replies) = ran.await.unwrap_or_else(|e| {
            tracing::error!(error = %e, "command task failed");
            (None, vec![Reply::private(INTERNAL_ERROR)])
        });
        let (replies, later) = answered(self, replies, &*sink, here).await;
        let failpoint = Failpoint::of(&self.config);
        if failpoint.before_post() && replies.iter().any(|reply| !reply.owed.is_empty()) {
            return died();
        }
        let to = To::Asker {
            channel: here,
            author,
        };
        let delivered = deliver(self, &*sink, to, replies, noted).await;
        // Forgotten before the marking: a restart after a crash in between neither posts
        // the answer again (an interaction's has no nonce) nor asks to ask again.
        if let Some(id) = remembered.filter(|_| !failpoint.before_forgetting()) {
            let _ = self
                .on_worker(move |s| s.outbox.forget_interaction(id))
                .await;
        }
        mark(self, delivered).await;
        crate::telemetry::replied(arrived.elapsed());
        self.follow_later(later, sink, here);
        Served::default()
    }

    /// [`Service::serve`] for code without an async runtime (a test, a benchmark, a
    /// script): it returns once the message's later work is done too.
    pub fn serve_blocking<S: Sink + 'static>(
        self: &Arc<Self>,
        message: Message,
        asked: Asked,
        sink: Arc<S>,
    ) -> Served {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build();
        let runtime = match runtime {
            Ok(runtime) => runtime,
            Err(e) => {
                tracing::error!(error = %e, "cannot start a runtime to serve a message");
                return Served::default();
            }
        };
        runtime.block_on(async {
            let served = self.serve(message, asked, sink).await;
            self.settle().await;
            served
        })
    }

    /// Waits until the work replies left for later is done (before the service stops).
    pub async fn settle(&self) {
        self.later.settle().await;
    }

    /// Does `later` beside the next messages: each piece of work's answers delivered in
    /// their channels through `sink` (the bot typing in `here` while the engine searches).
    fn follow_later<S: Sink + 'static>(
        self: &Arc<Self>,
        later: Vec<FollowUp>,
        sink: Arc<S>,
        here: ChannelId,
    ) {
        if later.is_empty() {
            return;
        }
        let service = Arc::clone(self);
        self.later.spawn(async move {
            for work in later {
                let replies = match work {
                    FollowUp::EngineAnswer(held) => {
                        later_answer(&service, held, &*sink, here).await
                    }
                    FollowUp::Analysis {
                        game,
                        channel,
                        again,
                    } => {
                        let analysed = service
                            .on_analyses(move |s| s.analyses().analysis(game, channel, again));
                        analysed.await.unwrap_or_default()
                    }
                };
                service.deliver_each(&*sink, replies).await;
            }
        });
    }

    /// Delivers `replies`, each for its channel, and marks what they announce sent: a
    /// channel's replies together, in order; after a post that may work later, the rest
    /// waits for the next look. Why a channel refused one, if it did.
    pub(super) async fn deliver_each(
        self: &Arc<Self>,
        sink: &impl Sink,
        replies: Vec<(ChannelId, Reply)>,
    ) -> Option<String> {
        let mut refused = None;
        let mut rest = replies.into_iter().peekable();
        while let Some((channel, first)) = rest.next() {
            let mut batch = vec![first];
            while let Some((_, reply)) = rest.next_if(|(c, _)| *c == channel) {
                batch.push(reply);
            }
            let mut delivered = deliver(self, sink, To::Channel(channel), batch, false).await;
            refused = refused.or(delivered.refused.clone());
            if !delivered.again.is_empty() {
                // Discord takes nothing just now: the rest waits for the next look, so that
                // an outage costs a post a look, not one an owed message.
                delivered
                    .again
                    .extend(rest.by_ref().flat_map(|(_, reply)| reply.owed));
            }
            mark(self, delivered).await;
        }
        refused
    }
}

/// What a message served comes to when a test's failpoint stops the bot before it answers.
#[cfg(feature = "failpoints")]
fn died() -> Served {
    Served { died: true }
}

/// Never: a build without failpoints does not die.
#[cfg(not(feature = "failpoints"))]
fn died() -> Served {
    Served::default()
}

#[cfg(test)]
mod tests {
    use super::Later;

    #[tokio::test]
    async fn later_work_done_is_let_go_of() {
        let later = Later::default();
        for _ in 0..100 {
            later.spawn(async {});
            tokio::task::yield_now().await;
        }
        later.spawn(async {});
        let held = later
            .tasks
            .lock()
            .map(|tasks| tasks.len())
            .unwrap_or(usize::MAX);
        assert!(held <= 2, "{held} tasks held after 101 done or running");
    }
}
