//! The `leases` table: work that only one of several processes on one database may do at a
//! time, held by name until a moment, renewed by its holder, taken over once it lapses.
//!
//! Each process also holds a lease on its own life (`process <name>`), renewed at every tick
//! of its watch: what it claims (an engine request, a message to post) stays its own while
//! that lease lives, and is anyone's once it lapses. A process restarted under its name takes
//! back at once what it held before it died.

use std::time::Duration;

use super::Store;
use super::sql::{self, Row, params};

/// A lease as the `leases` table keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lease {
    /// What it is for: `watch`, or `process <name>` for a process's life.
    pub name: String,
    /// The process holding it.
    pub holder: String,
    /// When its holder took it.
    pub since: i64,
    /// When its holder last renewed it.
    pub renewed: i64,
    /// When it lapses unless renewed.
    pub until: i64,
    /// How many times it was taken or renewed.
    pub beats: i64,
}

impl Lease {
    /// The lease of a row `name, holder, since, renewed, until, beats`.
    pub(super) fn read(row: &Row) -> sql::Result<Lease> {
        Ok(Lease {
            name: row.get(0)?,
            holder: row.get(1)?,
            since: row.get(2)?,
            renewed: row.get(3)?,
            until: row.get(4)?,
            beats: row.get(5)?,
        })
    }
}

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
    /// holds it now, false if another one does and its lease has not lapsed. A lease taken
    /// from another holder (or a lapsed one) starts its `since` again.
    pub fn hold_lease(&self, name: &str, ttl: Duration) -> anyhow::Result<bool> {
        let now = self.clock.now();
        let until = now.saturating_add(seconds(ttl));
        self.with(|c| {
            Ok(c.execute(
                "INSERT INTO leases (name, holder, until, since, renewed, beats)
                     VALUES (?1, ?2, ?3, ?4, ?4, 1)
                 ON CONFLICT (name) DO UPDATE SET holder = excluded.holder,
                     until = excluded.until, renewed = excluded.renewed,
                     beats = leases.beats + 1,
                     since = CASE WHEN leases.holder = excluded.holder AND leases.until > ?4
                                  THEN leases.since ELSE excluded.since END
                 WHERE leases.holder = excluded.holder OR leases.until <= ?4",
                params![name, self.holder, until, now],
            )? == 1)
        })
    }

    /// Whether another living process goes by this process's name, as it starts: its life
    /// lease has not lapsed and is renewed within `patience` (one that died renews nothing:
    /// a process restarted at once after a crash waits `patience` here, once). Its lease
    /// as last seen, if so.
    pub fn name_taken(&self, patience: Duration) -> anyhow::Result<Option<Lease>> {
        let name = format!("process {}", self.holder);
        let Some(first) = self.lease(&name)? else {
            return Ok(None);
        };
        let started = std::time::Instant::now();
        while started.elapsed() < patience {
            std::thread::sleep(patience.min(Duration::from_millis(100)));
            match self.lease(&name)? {
                Some(now) if now.beats != first.beats => return Ok(Some(now)),
                Some(_) => {}
                None => return Ok(None),
            }
        }
        Ok(None)
    }

    /// The lease `name`, if it lives.
    fn lease(&self, name: &str) -> anyhow::Result<Option<Lease>> {
        let now = self.clock.now();
        self.with(|c| {
            Ok(c.query_opt(
                "SELECT name, holder, since, renewed, until, beats FROM leases
                 WHERE name = ?1 AND until > ?2",
                params![name, now],
                Lease::read,
            )?)
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
