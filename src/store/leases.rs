//! The `leases` table: work that only one of several processes on one database may do at a
//! time, held by name until a moment, renewed by its holder, taken over once it lapses.

use std::time::Duration;

use super::Store;
use super::sql::params;

impl Store {
    /// Takes or renews the lease `name` for this process for `ttl`: true if this process
    /// holds it now, false if another one does and its lease has not lapsed.
    pub fn hold_lease(&self, name: &str, ttl: Duration) -> anyhow::Result<bool> {
        let now = self.clock.now();
        let until = now.saturating_add(i64::try_from(ttl.as_secs()).unwrap_or(i64::MAX));
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
}
