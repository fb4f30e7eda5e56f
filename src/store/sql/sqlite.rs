//! The SQLite engine: one file, opened with a write-ahead log so that readers never wait for
//! the writer, and foreign keys checked.

use std::path::Path;
use std::time::Duration;

use anyhow::Context;
use rusqlite::types::{ToSqlOutput, ValueRef};
use rusqlite::{Connection, ToSql};

use super::{Fault, Result, Row, ToValue, Value};

/// The fault `error` is, if any: the file's lock held by another writer for longer than a
/// statement waits, a full disk, a file that cannot be written.
pub(super) fn fault(error: &rusqlite::Error) -> Option<Fault> {
    use rusqlite::ErrorCode;
    match error.sqlite_error_code()? {
        ErrorCode::DatabaseBusy | ErrorCode::DatabaseLocked => Some(Fault::NotAnswering),
        ErrorCode::DiskFull => Some(Fault::DiskFull),
        ErrorCode::ReadOnly => Some(Fault::ReadOnly),
        _ => None,
    }
}

/// Opens the file at `path` to read and write it (created if missing). A file the bot
/// cannot write (a read-only file system, or permissions) is refused as such.
pub(super) fn open(path: &Path) -> anyhow::Result<Connection> {
    writable(path).map_err(|error| match unwritable(path) {
        Some(why) => (error.context(format!("{} cannot be written: {why}", path.display())))
            .context(Fault::ReadOnly),
        None => error,
    })
}

/// Why the existing file at `path` cannot be written, if it cannot.
fn unwritable(path: &Path) -> Option<std::io::Error> {
    use std::io::ErrorKind;
    let opened = std::fs::OpenOptions::new().append(true).open(path);
    opened.err().filter(|e| {
        matches!(
            e.kind(),
            ErrorKind::PermissionDenied | ErrorKind::ReadOnlyFilesystem
        )
    })
}

/// How long one statement waits for another writer's lock: short, as a command's tries are
/// repeated by [`super::patiently`] up to its patience, and a try begun just before the end
/// of that patience must not run far past it.
const LOCK_WAIT: Duration = Duration::from_secs(1);

fn writable(path: &Path) -> anyhow::Result<Connection> {
    let conn = Connection::open(path)
        .with_context(|| format!("cannot open the database {}", path.display()))?;
    conn.busy_timeout(LOCK_WAIT)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    Ok(conn)
}

/// The file at `path`, opened to be read only: nothing in it changes (not even its journal
/// mode), and a missing file is not created.
pub(super) fn open_read_only(path: &Path) -> anyhow::Result<Connection> {
    if !path.is_file() {
        anyhow::bail!("there is no database at {}", path.display());
    }
    let conn = Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .with_context(|| format!("cannot open the database {}", path.display()))?;
    conn.busy_timeout(Duration::from_secs(5))?;
    Ok(conn)
}

impl ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::Borrowed(match self {
            Value::Null => ValueRef::Null,
            Value::Int(n) => ValueRef::Integer(*n),
            Value::Real(x) => ValueRef::Real(*x),
            Value::Text(text) => ValueRef::Text(text.as_bytes()),
            Value::Blob(bytes) => ValueRef::Blob(bytes),
        }))
    }
}

/// `sql` as SQLite reads it: a claim's row lock (`FOR UPDATE`, `SKIP LOCKED`) goes, as
/// SQLite's transaction holds the whole database's write lock from its start.
fn sqlite_spelling(sql: &str) -> std::borrow::Cow<'_, str> {
    if sql.contains(ROW_LOCK) {
        sql.replace(SKIP_LOCKED, "").replace(ROW_LOCK, "").into()
    } else {
        sql.into()
    }
}

const ROW_LOCK: &str = "FOR UPDATE";
const SKIP_LOCKED: &str = "FOR UPDATE SKIP LOCKED";

fn values(params: &[&dyn ToValue]) -> Vec<Value> {
    params.iter().map(|p| p.to_value()).collect()
}

pub(super) fn execute(c: &Connection, sql: &str, params: &[&dyn ToValue]) -> Result<usize> {
    let params = values(params);
    Ok(c.prepare_cached(&sqlite_spelling(sql))?
        .execute(rusqlite::params_from_iter(params.iter()))?)
}

pub(super) fn query(c: &Connection, sql: &str, params: &[&dyn ToValue]) -> Result<Vec<Row>> {
    let params = values(params);
    let mut statement = c.prepare_cached(&sqlite_spelling(sql))?;
    let width = statement.column_count();
    let mut rows = statement.query(rusqlite::params_from_iter(params.iter()))?;
    let mut read = Vec::new();
    while let Some(row) = rows.next()? {
        let cells = (0..width)
            .map(|i| {
                Ok(match row.get_ref(i)? {
                    ValueRef::Null => Value::Null,
                    ValueRef::Integer(n) => Value::Int(n),
                    ValueRef::Real(x) => Value::Real(x),
                    ValueRef::Text(text) => Value::Text(String::from_utf8_lossy(text).into_owned()),
                    ValueRef::Blob(bytes) => Value::Blob(bytes.to_vec()),
                })
            })
            .collect::<rusqlite::Result<Vec<Value>>>()?;
        read.push(Row::new(cells));
    }
    Ok(read)
}
