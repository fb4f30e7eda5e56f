//! What serving a message costs the thread that serves it: the games replayed from their
//! record and the board pictures drawn. Counted always (two atomic additions), so that a
//! test or a benchmark reads the cost of one message, one engine exchange or one click of
//! the browser. Work the service hands to its own threads is charged to the thread that
//! handed it over (`charged_to`), so a message costs what it costs wherever it ran.

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// One thread's counts.
#[derive(Debug, Default)]
pub(crate) struct Account {
    replays: AtomicU64,
    renders: AtomicU64,
}

thread_local! {
    /// The account this thread's work is charged to: its own, or (while it does work handed
    /// over by another thread) that thread's.
    static ACCOUNT: RefCell<Arc<Account>> = RefCell::new(Arc::default());
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
        ACCOUNT.with(|account| {
            let account = account.borrow();
            Cost {
                replays: account.replays.load(Ordering::Relaxed),
                renders: account.renders.load(Ordering::Relaxed),
            }
        })
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

/// The account of this thread's work, to charge work it hands over to.
pub(crate) fn account() -> Arc<Account> {
    ACCOUNT.with(|account| Arc::clone(&account.borrow()))
}

/// Does `work`, charging what it costs to `account` (the thread that handed it over).
pub(crate) fn charged_to<T>(account: Arc<Account>, work: impl FnOnce() -> T) -> T {
    /// This thread's own account, put back however the work ends (a panic too).
    struct Own(Option<Arc<Account>>);
    impl Drop for Own {
        fn drop(&mut self) {
            if let Some(own) = self.0.take() {
                ACCOUNT.with(|current| current.replace(own));
            }
        }
    }
    let _own = Own(Some(ACCOUNT.with(|current| current.replace(account))));
    work()
}

/// Counts a replay of a record.
pub(crate) fn replayed() {
    ACCOUNT.with(|account| account.borrow().replays.fetch_add(1, Ordering::Relaxed));
}

/// Counts a board picture drawn.
pub(crate) fn rendered() {
    ACCOUNT.with(|account| account.borrow().renders.fetch_add(1, Ordering::Relaxed));
}
