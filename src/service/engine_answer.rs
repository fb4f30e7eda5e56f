//! The engine's answer handed back asynchronously: the game read and the search queued on a
//! worker, the answer awaited on the async runtime (a waiting game holds no thread, however
//! long the queue of searches), and the turn played on a worker once it comes. The blocking
//! path ([`Service::serve`], the watch) plays the same steps, waiting on its own thread.

use std::sync::Arc;

use super::engine::told_stuck;
use super::{LiveGame, Service};
use crate::engine_pool::PoolError;
use crate::model::{ChannelId, GameId};
use crate::reply::Reply;
use crate::workers::WorkError;

/// The engine's turn in a game: its replies, or the channel to tell the first time it fails.
pub(super) type EngineTurn = Result<Vec<(ChannelId, Reply)>, Option<ChannelId>>;

impl Service {
    /// Runs `work` on the commands' workers, off the async runtime.
    pub(super) async fn on_worker<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&Service) -> T + Send + 'static,
    ) -> Result<T, WorkError> {
        let service = Arc::clone(self);
        self.commands.run(move || work(&service)).await
    }

    /// [`Keeper::play_engine_turn`](super::hands::Keeper) for the asynchronous path: no
    /// thread is held while the search waits for a searcher and runs. It runs to its end
    /// even if its asker stops waiting, so that a turn searched is played (and owed to its
    /// channel). A step that panics (logged by the workers) gives no answer.
    pub(super) async fn engine_turn_async(
        self: &Arc<Self>,
        game: GameId,
        held: Option<LiveGame>,
    ) -> EngineTurn {
        let service = Arc::clone(self);
        let turn = tokio::spawn(async move {
            let asked = service
                .on_worker(move |s| {
                    (s.ask_engine(game, held.as_ref()))
                        .map_err(|e| s.engine_turn_told(game, Err(e)))
                })
                .await;
            let (asked, answer) = match asked {
                Ok(Ok(Some(asked))) => asked,
                Ok(Ok(None)) => return Ok(Vec::new()),
                Ok(Err(told)) => return told,
                Err(_) => return Err(None),
            };
            let answer = answer.await.unwrap_or(Err(PoolError::Dropped));
            (service.on_worker(move |s| {
                let played = s.heard(asked, answer).and_then(|thought| match thought {
                    Some((game, thought)) => s.play_thought(game, thought),
                    None => Ok(Vec::new()),
                });
                s.engine_turn_told(game, played)
            }))
            .await
            .unwrap_or(Err(None))
        });
        turn.await.unwrap_or_else(|e| {
            tracing::error!(error = %e, game = %game, "the engine's turn was lost");
            Err(None)
        })
    }

    /// [`Service::engine_turn`] for the asynchronous path ([`Service::engine_turn_async`]),
    /// with the announcements its replies owe handed to them.
    pub(super) async fn engine_follow_up(
        self: &Arc<Self>,
        game: GameId,
    ) -> Vec<(ChannelId, Reply)> {
        let Ok((mark, held)) =
            (self.on_worker(move |s| (s.outbox_mark(), s.held_game(game)))).await
        else {
            return Vec::new();
        };
        let played = self.engine_turn_async(game, held).await;
        (self.on_worker(move |s| {
            let mut replies = told_stuck(played);
            s.hand_owed_each(mark, &mut replies);
            replies
        }))
        .await
        .unwrap_or_default()
    }
}
