//! The drawings of finished games the pages served last (a ply's picture, the replay),
//! kept in memory up to a size: a finished game never changes, and a page linked in a
//! forum is looked at by many. Only a drawing is kept, never whether the game has a page:
//! that is asked of the store at every request, so that `web=off` closes old links at once.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use crate::model::GameId;

/// How many bytes of drawings are kept at most.
const BUDGET: usize = 24 * 1024 * 1024;

/// What was drawn of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Drawing {
    /// The board after this many turns, as a PNG.
    Ply(usize),
    /// The whole game as an animated GIF.
    Replay,
}

/// A drawing of a game, and its bytes.
type Entry = ((GameId, Drawing), Arc<[u8]>);

/// The kept drawings, the latest used last.
#[derive(Default)]
pub(crate) struct Kept {
    drawings: Mutex<VecDeque<Entry>>,
}

impl Kept {
    /// The kept `drawing` of `game`, if there is one (it becomes the latest used).
    pub(crate) fn get(&self, game: GameId, drawing: Drawing) -> Option<Arc<[u8]>> {
        let mut drawings = self.drawings.lock().ok()?;
        let at = drawings.iter().position(|(k, _)| *k == (game, drawing))?;
        let found = drawings.remove(at)?;
        let bytes = Arc::clone(&found.1);
        drawings.push_back(found);
        Some(bytes)
    }

    /// Keeps `bytes` as `drawing` of `game`, letting the least used go past the budget.
    pub(crate) fn keep(&self, game: GameId, drawing: Drawing, bytes: Arc<[u8]>) {
        let Ok(mut drawings) = self.drawings.lock() else {
            return;
        };
        drawings.retain(|(k, _)| *k != (game, drawing));
        drawings.push_back(((game, drawing), bytes));
        let mut size: usize = drawings.iter().map(|(_, b)| b.len()).sum();
        while size > BUDGET && drawings.len() > 1 {
            if let Some((_, gone)) = drawings.pop_front() {
                size -= gone.len();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes(n: usize) -> Arc<[u8]> {
        vec![7; n].into()
    }

    #[test]
    fn a_kept_drawing_comes_back_and_the_least_used_goes_past_the_budget() {
        let kept = Kept::default();
        let (a, b) = (GameId(1), GameId(2));
        kept.keep(a, Drawing::Ply(3), bytes(BUDGET / 2));
        kept.keep(a, Drawing::Replay, bytes(BUDGET / 4));
        assert_eq!(
            kept.get(a, Drawing::Ply(3)).map(|b| b.len()),
            Some(BUDGET / 2)
        );
        assert!(kept.get(a, Drawing::Ply(4)).is_none());
        assert!(kept.get(b, Drawing::Ply(3)).is_none());
        // Ply 3 was used last: the replay goes first.
        kept.keep(b, Drawing::Ply(0), bytes(BUDGET / 2));
        assert!(kept.get(a, Drawing::Replay).is_none());
        assert!(kept.get(a, Drawing::Ply(3)).is_some());
        assert!(kept.get(b, Drawing::Ply(0)).is_some());
    }

    #[test]
    fn a_drawing_kept_twice_is_kept_once() {
        let kept = Kept::default();
        kept.keep(GameId(1), Drawing::Replay, bytes(10));
        kept.keep(GameId(1), Drawing::Replay, bytes(20));
        assert_eq!(kept.drawings.lock().unwrap().len(), 1);
        assert_eq!(
            kept.get(GameId(1), Drawing::Replay).map(|b| b.len()),
            Some(20)
        );
    }
}
