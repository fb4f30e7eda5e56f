//! A round game's thread asked for again. Discord may refuse a thread (the bot lacks Create
//! Public Threads in the event's channel); the game then waits with no channel, and the
//! watch asks for its thread again every [`ASK_EVERY`] seconds, quietly, until a moderator
//! grants the permission.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::model::{GameId, GameStatus};
use crate::reply::Reply;
use crate::service::Service;
use crate::store::Tournament;

/// How often a waiting game's thread is asked for (seconds).
const ASK_EVERY: i64 = 10 * 60;

/// When each waiting game's thread was last asked for, in this process.
#[derive(Default)]
pub(in crate::service) struct ThreadAsks {
    last: Mutex<HashMap<GameId, i64>>,
}

impl ThreadAsks {
    /// Whether `game`'s thread is to be asked for again at `now` (then noted as asked). A
    /// game seen for the first time is not: its thread was asked for just now, as its round
    /// started, or (after a restart) it waits one more turn of the clock.
    fn due(&self, game: GameId, now: i64) -> bool {
        let Ok(mut last) = self.last.lock() else {
            return false;
        };
        match last.get(&game).copied() {
            Some(asked) if now - asked < ASK_EVERY => false,
            asked => {
                last.insert(game, now);
                asked.is_some()
            }
        }
    }
}

impl Service {
    /// The replies that ask again for the threads of `event`'s games still waiting for one,
    /// where it is time to: the channel is not told again if Discord refuses.
    pub(super) fn threads_to_ask_again(&self, event: &Tournament) -> anyhow::Result<Vec<Reply>> {
        let now = self.config.clock.now();
        let mut replies = Vec::new();
        for waiting in self.store.event_games(event.id)? {
            let waits = waiting.status == GameStatus::Active && waiting.waits_for_thread;
            if !waits || !self.thread_asks.due(waiting.game, now) {
                continue;
            }
            if let Some(stored) = self.store.game(waiting.game)? {
                replies.extend(self.round_game(event, waiting.round, stored, false)?);
            }
        }
        Ok(replies)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_waiting_thread_is_asked_for_again_every_ten_minutes_from_when_it_was_first_seen() {
        let asks = ThreadAsks::default();
        let game = GameId(7);
        assert!(!asks.due(game, 1_000), "first seen: just asked for");
        assert!(!asks.due(game, 1_000 + ASK_EVERY - 1));
        assert!(asks.due(game, 1_000 + ASK_EVERY));
        assert!(!asks.due(game, 1_000 + ASK_EVERY + 5));
        assert!(asks.due(game, 1_000 + 2 * ASK_EVERY));
        assert!(
            !asks.due(GameId(8), 1_000 + 2 * ASK_EVERY),
            "another game: its own clock"
        );
    }
}
