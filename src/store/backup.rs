//! A copy of a SQLite database taken while the bot runs, by SQLite's online backup.

use std::path::Path;
use std::time::Duration;

use anyhow::Context;
use rusqlite::Connection;

/// Copies the database at `db` to a new file `out` with SQLite's online backup: consistent
/// even while the bot writes to it (copying the file of a WAL database is not). The copy is
/// written beside `out` and renamed into place, so `out` is never half a database.
pub fn backup(db: &Path, out: &Path) -> anyhow::Result<()> {
    if out.exists() {
        anyhow::bail!("{} exists already: name a new file", out.display());
    }
    let source = Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .with_context(|| format!("cannot open the database {}", db.display()))?;
    source.busy_timeout(Duration::from_secs(5))?;
    let partial = out.with_extension("partial");
    source
        .backup(rusqlite::MAIN_DB, &partial, None)
        .with_context(|| format!("cannot back up into {}", partial.display()))?;
    std::fs::rename(&partial, out)
        .with_context(|| format!("cannot rename {} to {}", partial.display(), out.display()))?;
    tracing::info!(from = %db.display(), to = %out.display(), "backed up");
    Ok(())
}
