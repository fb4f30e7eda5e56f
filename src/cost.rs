//! What serving a message costs the thread that serves it: the games replayed from their
//! record and the board pictures drawn. Counted always (two thread-local additions), so
//! that a test or a benchmark reads the cost of one message, one engine exchange or one
//! click of the browser.

use std::cell::Cell;

thread_local! {
    static REPLAYS: Cell<u64> = const { Cell::new(0) };
    static RENDERS: Cell<u64> = const { Cell::new(0) };
}

/// Replays and renders done on this thread.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Cost {
    /// Records replayed ([`crate::record::replay`]).
    pub replays: u64,
    /// Board pictures drawn by the service.
    pub renders: u64,
}

impl Cost {
    /// What this thread has done so far.
    pub fn so_far() -> Cost {
        Cost {
            replays: REPLAYS.with(Cell::get),
            renders: RENDERS.with(Cell::get),
        }
    }

    /// What this thread has done since `self` was read.
    pub fn since(self) -> Cost {
        let now = Cost::so_far();
        Cost {
            replays: now.replays - self.replays,
            renders: now.renders - self.renders,
        }
    }
}

/// Counts a replay of a record.
pub(crate) fn replayed() {
    REPLAYS.with(|n| n.set(n.get() + 1));
}

/// Counts a board picture drawn.
pub(crate) fn rendered() {
    RENDERS.with(|n| n.set(n.get() + 1));
}
