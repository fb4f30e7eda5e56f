//! What each Discord shard of this process is doing, as the Discord adapter last heard
//! (`/healthz` and `/metrics` show it): a stage's name a shard, none of Discord's types.
//! A process without Discord (`gipf-bot web`, the console) has none.

use std::collections::BTreeMap;
use std::sync::{Mutex, PoisonError};

/// The shards' gateway stages, by shard number.
#[derive(Debug, Default)]
pub struct Gateways {
    stages: Mutex<BTreeMap<u32, String>>,
}

/// The stage a shard is in once Discord said it is ready.
pub const CONNECTED: &str = "connected";

impl Gateways {
    /// Hears that `shard` is now at `stage` (`connected`, `resuming`, …).
    pub fn heard(&self, shard: u32, stage: &str) {
        let mut stages = self.stages.lock().unwrap_or_else(PoisonError::into_inner);
        stages.insert(shard, stage.to_owned());
    }

    /// Every shard heard of, with its stage.
    pub fn stages(&self) -> BTreeMap<u32, String> {
        let stages = self.stages.lock().unwrap_or_else(PoisonError::into_inner);
        stages.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shard_keeps_the_stage_it_was_last_heard_at() {
        let gateways = Gateways::default();
        gateways.heard(1, "identifying");
        gateways.heard(0, CONNECTED);
        gateways.heard(1, "resuming");
        let stages: Vec<(u32, String)> = gateways.stages().into_iter().collect();
        assert_eq!(stages, [(0, "connected".into()), (1, "resuming".into())]);
    }
}
