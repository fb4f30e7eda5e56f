//! When a search must stop: a deadline, and a flag another thread may raise.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// The stop conditions of one search.
#[derive(Clone, Debug)]
pub(crate) struct Clock {
    start: Instant,
    deadline: Option<Instant>,
    stop: Option<Arc<AtomicBool>>,
}

impl Clock {
    /// Starts now; stops at `budget` from now (never if `None`) or when `stop` is raised.
    pub fn start(budget: Option<Duration>, stop: Option<Arc<AtomicBool>>) -> Clock {
        let start = Instant::now();
        Clock {
            start,
            deadline: budget.map(|b| start + b),
            stop,
        }
    }

    /// Time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// The time the search was given, if any.
    pub fn budget(&self) -> Option<Duration> {
        self.deadline.map(|d| d - self.start)
    }

    /// Whether the search must stop now.
    pub fn expired(&self) -> bool {
        self.stopped() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Whether the stop flag was raised.
    pub fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}
