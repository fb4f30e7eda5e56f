//! The `leases` table: work that only one of several processes on one database may do at a
//! time, held by name until a moment, renewed by its holder, taken over once it lapses.
//!
//! Each process also holds a lease on its own life (`process <name>`), renewed at every tick
//! of its watch: what it claims (an engine request, a message to post) stays its own while
//! that lease lives, and is anyone's once it lapses. A process restarted under its name takes
//! back at once what it held before it died.

use std::time::Duration;

use super::Store;
use super::sql::params;

/// SQL that is true where the holder in `column` is gone: none, or a process whose life
/// lease lapsed by the time in parameter `now`.
pub(super) fn gone(column: &str, now: usize) -> String {
    format!(
        "({column} IS NULL OR NOT EXISTS (SELECT 1 FROM leases
             WHERE leases.name = 'process ' || {column} AND leases.until > ?{now}))"
    )
}

/// The seconds a lease lasts for `ttl`: rounded up, so that a lease asked for is never none.
fn seconds(ttl: Duration) -> i64 {
    i64::try_from(ttl.as_millis().div_ceil(1000)).unwrap_or(i64::MAX)
}

impl Store {
    /// Takes or renews the lease `name` for this process for `ttl`: true if this process
    /// holds it now, false if another one does and its lease has not lapsed.
    pub fn hold_lease(&self, name: &str, ttl: Duration) -> anyhow::Result<bool> {
        let now = self.clock.now();
        let until = now.saturating_add(seconds(ttl));
        self.with(|c| {
            Ok(c.execute(
                "INSERT INTO leases (name, holder, until) VALUES (?1, ?2, ?3)
                 ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until
                 WHERE leases.holder = excluded.holder OR leases.until <= ?4",
                params![name, self.holder, until, now],
            )? == 1)
        })
    }

    /// Gives the lease `name` up, if this process holds it (on a clean stop, so that another
    /// process need not wait for it to lapse).
    pub fn release_lease(&self, name: &str) -> anyhow::Result<()> {
        self.with(|c| {
            c.execute(
                "DELETE FROM leases WHERE name = ?1 AND holder = ?2",
                params![name, self.holder],
            )?;
            Ok(())
        })
    }

    /// Says that this process lives, for `ttl`: what it claims stays its own meanwhile.
    pub fn keep_alive(&self, ttl: Duration) -> anyhow::Result<()> {
        self.hold_lease(&format!("process {}", self.holder), ttl)?;
        Ok(())
    }

    /// As a process starts: the engine requests its name held before go back to the queue
    /// (their searches died with the process that was running under it).
    pub fn take_back_claims(&self) -> anyhow::Result<()> {
        self.with(|c| {
            c.execute(
                "UPDATE engine_requests SET holder = NULL WHERE holder = ?1",
                params![self.holder],
            )?;
            Ok(())
        })
    }

    /// On a clean stop: the engine requests this process holds go back to the queue, and
    /// its life lease ends, so that another process posts what it still owes at once.
    pub fn stop_holding(&self) -> anyhow::Result<()> {
        self.take_back_claims()?;
        self.release_lease(&format!("process {}", self.holder))
    }
}
