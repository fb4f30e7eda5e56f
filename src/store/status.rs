//! What the processes sharing a database are doing (`gipf-bot status`), read without
//! changing anything: a read-only connection, no migration.

use super::leases::{Lease, gone};
use super::migrate;
use super::sql::{Conn, Database, ToValue, params};

/// What the processes on one database are doing, at one instant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Status {
    /// The instant it was read at (the clock's seconds).
    pub now: i64,
    /// The living processes' life leases, by name.
    pub processes: Vec<Lease>,
    /// The lease of the watch (deadlines, idle games, rounds), if a living process keeps it.
    pub watch: Option<Lease>,
    /// The messages owed and not posted yet.
    pub unsent: i64,
    /// The engine's requests nobody living searches yet.
    pub engine_waiting: i64,
    /// The engine's requests a living process searches.
    pub engine_claimed: i64,
    /// The games being played.
    pub games_running: i64,
}

/// The status of `database` at `now`, read on one snapshot. A database at another schema
/// than this release's is refused with what to do.
pub fn status(database: &Database, now: i64) -> anyhow::Result<Status> {
    let mut conn = Conn::open_read_only(database)?;
    let version = migrate::version(&mut conn)?;
    if version != migrate::STEPS.len() {
        anyhow::bail!(
            "the database is at schema {version} and this release reads schema {}: run the status of the release the bots run (or start them on this one first)",
            migrate::STEPS.len()
        );
    }
    conn.snapshot(|c| -> anyhow::Result<Status> {
        let leases = c.query_map(
            "SELECT name, holder, since, renewed, until, beats FROM leases
             WHERE until > ?1 ORDER BY name",
            params![now],
            Lease::read,
        )?;
        let (processes, others): (Vec<Lease>, Vec<Lease>) = leases
            .into_iter()
            .partition(|lease| lease.name.starts_with("process "));
        let count = |c: &mut Conn, sql: &str, now: &[&dyn ToValue]| -> anyhow::Result<i64> {
            Ok(c.query_row(sql, now, |r| r.get(0))?)
        };
        let waiting = format!(
            "SELECT COUNT(*) FROM engine_requests WHERE {}",
            gone("holder", 1)
        );
        let engine_waiting = count(c, &waiting, params![now])?;
        Ok(Status {
            now,
            watch: others.into_iter().find(|lease| lease.name == "watch"),
            unsent: count(c, "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL", &[])?,
            engine_waiting,
            engine_claimed: count(c, "SELECT COUNT(*) FROM engine_requests", &[])? - engine_waiting,
            games_running: count(c, "SELECT COUNT(*) FROM games WHERE status = 'active'", &[])?,
            processes,
        })
    })
}
