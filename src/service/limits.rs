//! Rate limits against spam from the chat box: a member gets at most one board picture per
//! channel every so often, and a challenger pings the same person with a challenge at most
//! once every so often. Kept in memory: a restart forgets them, which is harmless.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::model::{ChannelId, UserId};

/// What is limited.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Limited {
    /// A board picture for this member in this channel.
    Picture(UserId, ChannelId),
    /// A challenge from the first user pinging the second.
    ChallengePing(UserId, UserId),
    /// An animated replay for this member.
    Replay(UserId),
    /// An analysis for this member.
    Analysis(UserId),
}

/// When each limited thing last happened.
#[derive(Debug, Default)]
pub(crate) struct Limits {
    last: Mutex<HashMap<Limited, Instant>>,
}

/// Past this many remembered events, the ones older than their window are forgotten.
const PRUNE_ABOVE: usize = 4096;

impl Limits {
    /// Whether `what` may happen now, at most once every `every`; if so, it is recorded.
    pub(crate) fn allow(&self, what: Limited, every: Duration) -> bool {
        let now = Instant::now();
        let Ok(mut last) = self.last.lock() else {
            // A poisoned lock only means a panic elsewhere: never block a player for it.
            return true;
        };
        if last
            .get(&what)
            .is_some_and(|at| now.duration_since(*at) < every)
        {
            return false;
        }
        if last.len() > PRUNE_ABOVE {
            last.retain(|_, at| now.duration_since(*at) < every);
        }
        last.insert(what, now);
        true
    }

    /// Forgets when `what` last happened: the next time it is allowed.
    pub(crate) fn forget(&self, what: Limited) {
        if let Ok(mut last) = self.last.lock() {
            last.remove(&what);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn once_per_window_and_per_key() {
        let limits = Limits::default();
        let board = Limited::Picture(UserId(1), ChannelId(2));
        let minute = Duration::from_secs(60);
        assert!(limits.allow(board, minute));
        assert!(!limits.allow(board, minute));
        assert!(limits.allow(Limited::Picture(UserId(1), ChannelId(3)), minute));
        assert!(limits.allow(Limited::ChallengePing(UserId(1), UserId(2)), minute));
        assert!(
            limits.allow(board, Duration::ZERO),
            "a zero window limits nothing"
        );
        limits.forget(board);
        assert!(limits.allow(board, minute), "forgotten");
    }
}
