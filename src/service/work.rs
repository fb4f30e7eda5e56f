//! The engine's work that no command is waiting for: the turns the watch plays (left by a
//! restart, by a process that died, or failed a few minutes ago), and the requests an
//! engine worker claims (turns and analyses), each claimed by one process.

use super::Service;
use super::engine_player::told_stuck;
use crate::model::ChannelId;
use crate::reply::Reply;
use crate::store::RequestKind;

impl Service {
    /// The engine's turns the watch plays: every turn asked that no living process
    /// searches, claimed one by one, with their replies, each for its channel. Errors are
    /// logged.
    pub fn engine_turns(&self) -> Vec<(ChannelId, Reply)> {
        if let Err(e) = self.engine_player().ask_waiting() {
            tracing::error!(error = %format!("{e:#}"), "cannot find the engine's games");
        }
        let mut replies = Vec::new();
        while let Some(played) = self.engine_work(&[RequestKind::Turn]) {
            replies.extend(played);
        }
        replies
    }

    /// Claims the engine's request asked first (of `kinds`) that nobody living holds, and
    /// does it on this process's engine: its replies, each for its channel (on a process
    /// that posts nothing, an engine worker, its messages wait in the outbox for the bots).
    /// `None` when there is none to claim.
    pub fn engine_work(&self, kinds: &[RequestKind]) -> Option<Vec<(ChannelId, Reply)>> {
        let request = match self.store.claim_next_engine_request(kinds) {
            Ok(request) => request?,
            Err(e) => {
                tracing::error!(error = %format!("{e:#}"), "cannot claim the engine's work");
                return None;
            }
        };
        if let Some(engine) = request.engine_user {
            let name =
                super::names::plain_name(&self.store, engine).unwrap_or_else(|_| "gipf-bot".into());
            self.set_engine_user(engine, &name);
        }
        Some(match request.kind {
            RequestKind::Turn => {
                let played = self.engine_player().turn(request.game, None);
                self.settle_ends();
                told_stuck(played)
            }
            RequestKind::Analysis => self.analyses().claimed(request.game),
        })
    }
}
