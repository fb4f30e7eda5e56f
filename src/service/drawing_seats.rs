//! How many board pictures are drawn at once: one a core. Drawing is all computing, so more
//! at once gains no speed, and each holds its canvas (a few MB) while it draws: with every
//! worker thread drawing, the canvases were most of the bot's memory (measured with
//! `games_at_once` and heaptrack). A worker that finds every seat taken waits for one.

use std::sync::{Condvar, Mutex, PoisonError};

/// The seats taken, and the signal that one was freed.
static TAKEN: Mutex<usize> = Mutex::new(0);
static FREED: Condvar = Condvar::new();

/// A seat to draw in, given back when dropped.
pub(super) struct Seat(());

impl Seat {
    /// Waits for a free seat (one a core) and takes it.
    pub(super) fn take() -> Seat {
        let seats = super::machine_cores();
        let mut taken = TAKEN.lock().unwrap_or_else(PoisonError::into_inner);
        while *taken >= seats {
            taken = FREED.wait(taken).unwrap_or_else(PoisonError::into_inner);
        }
        *taken += 1;
        Seat(())
    }
}

impl Drop for Seat {
    fn drop(&mut self) {
        let mut taken = TAKEN.lock().unwrap_or_else(PoisonError::into_inner);
        *taken = taken.saturating_sub(1);
        drop(taken);
        FREED.notify_one();
    }
}
