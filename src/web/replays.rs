//! The replays (animated GIFs) the pages serve: drawing one takes a picture a turn, so one is
//! drawn at a time, and the last few of finished games are kept (they never change).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use tokio::sync::Semaphore;

/// How many finished games' replays are kept.
const KEPT: usize = 8;

/// The replays drawn and being drawn.
pub(super) struct Replays {
    /// One drawing at a time.
    drawing: Semaphore,
    /// The latest finished games' replays, the newest last: `(page, GIF)`.
    kept: Mutex<VecDeque<(String, Arc<Vec<u8>>)>>,
}

impl Default for Replays {
    fn default() -> Replays {
        Replays {
            drawing: Semaphore::new(1),
            kept: Mutex::default(),
        }
    }
}

impl Replays {
    /// The kept replay of the game at `key`, if there is one.
    pub(super) fn kept(&self, key: &str) -> Option<Arc<Vec<u8>>> {
        let kept = self.kept.lock().ok()?;
        kept.iter()
            .find(|(k, _)| k == key)
            .map(|(_, gif)| Arc::clone(gif))
    }

    /// Keeps the replay of a finished game, the oldest let go past [`KEPT`].
    pub(super) fn keep(&self, key: String, gif: Arc<Vec<u8>>) {
        if let Ok(mut kept) = self.kept.lock() {
            kept.retain(|(k, _)| *k != key);
            kept.push_back((key, gif));
            while kept.len() > KEPT {
                kept.pop_front();
            }
        }
    }

    /// Waits for the turn to draw one.
    pub(super) async fn turn(&self) -> Option<tokio::sync::SemaphorePermit<'_>> {
        self.drawing.acquire().await.ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_latest_replays_are_kept() {
        let replays = Replays::default();
        for i in 0..KEPT + 2 {
            replays.keep(format!("{i}"), Arc::new(vec![i as u8]));
        }
        assert!(replays.kept("0").is_none() && replays.kept("1").is_none());
        assert_eq!(
            *replays.kept(&format!("{}", KEPT + 1)).unwrap(),
            vec![KEPT as u8 + 1]
        );
        replays.keep("2".into(), Arc::new(vec![9]));
        assert_eq!(*replays.kept("2").unwrap(), vec![9]);
        assert_eq!(replays.kept.lock().unwrap().len(), KEPT);
    }
}
