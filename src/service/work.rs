//! The engine's work that no command is waiting for: the turns the watch plays (left by a
//! restart, by a process that died, or failed a few minutes ago), and the requests an
//! engine worker claims (turns and analyses), each claimed by one process.

use std::sync::Arc;

use super::Service;
use super::answers::engine_turn;
use super::engine_player::told_stuck;
use crate::model::ChannelId;
use crate::reply::Reply;
use crate::store::RequestKind;

/// The engine's turns the watch plays: every turn asked that no living process searches,
/// claimed one by one, with their replies, each for its channel. Errors are logged.
pub(super) async fn engine_turns(service: &Arc<Service>) -> Vec<(ChannelId, Reply)> {
    let asked = service.on_worker(|s| s.engine_player().ask_waiting()).await;
    if let Ok(Err(e)) = asked {
        super::failed::log_failed("cannot find the engine's games", &e);
    }
    let mut replies = Vec::new();
    while let Some(played) = service.engine_work(&[RequestKind::Turn]).await {
        replies.extend(played);
    }
    replies
}

impl Service {
    /// Claims the engine's request asked first (of `kinds`) that nobody living holds, and
    /// does it on this process's engine: its replies, each for its channel (on a process
    /// that posts nothing, an engine worker, its messages wait in the outbox for the bots).
    /// `None` when there is none to claim.
    pub async fn engine_work(
        self: &Arc<Self>,
        kinds: &[RequestKind],
    ) -> Option<Vec<(ChannelId, Reply)>> {
        let kinds = kinds.to_vec();
        let claimed = self.on_worker(move |s| {
            let request = s.store.claim_next_engine_request(&kinds)?;
            if let Some(engine) = request.as_ref().and_then(|r| r.engine_user) {
                let name = super::names::plain_name(&s.store, engine)
                    .unwrap_or_else(|_| "gipf-bot".into());
                s.set_engine_user(engine, &name);
            }
            anyhow::Ok(request)
        });
        let request = match claimed.await {
            Ok(Ok(request)) => request?,
            Ok(Err(e)) => {
                super::failed::log_failed("cannot claim the engine's work", &e);
                return None;
            }
            Err(_) => return None,
        };
        Some(match request.kind {
            RequestKind::Turn => told_stuck(engine_turn(self, request.game, None).await),
            RequestKind::Analysis => {
                let analysed = self.on_analyses(move |s| s.analyses().claimed(request.game));
                analysed.await.unwrap_or_default()
            }
        })
    }
}
