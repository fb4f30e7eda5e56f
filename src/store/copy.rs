//! `copy-db`: every table, id and sequence of one database into another, either way between
//! SQLite and PostgreSQL, so a server's data moves with it. The source is only read; the
//! destination, which must hold no data, ends at this release's schema (as the bot brings a
//! database on start). The read-only tools read through such a copy ([`ReadingCopy`]).

use anyhow::Context;

use super::sql::{Conn, Database, ToValue, params};
use super::{Store, migrate};
use crate::model::Clock;

/// Every table, each after the tables it refers to.
pub const TABLES: &[&str] = &[
    "users",
    "guild_settings",
    "notices",
    "ratings",
    "challenges",
    "games",
    "turns",
    "engine_requests",
    "puzzle_progress",
    "lesson_progress",
    "daily_puzzles",
    "daily_answers",
    "analyses",
    "analysis_turns",
    "analysis_comments",
    "tournaments",
    "tournament_entries",
    "tournament_games",
    "tournament_byes",
    "outbox",
    "interactions_unanswered",
];

/// The tables whose `id` the database gives out, and so has a sequence to carry over.
const SEQUENCES: &[&str] = &[
    "challenges",
    "games",
    "tournaments",
    "outbox",
    "interactions_unanswered",
];

/// How many rows each table had: what a copy moved.
pub type Copied = Vec<(&'static str, usize)>;

/// Copies every row of `from` into `to` (which must hold no rows yet), in one transaction
/// on `to`, reporting each table as it is done. `from` is only read, on one snapshot, at the
/// schema it is at (it is never migrated); `to` is brought to that schema, filled, then
/// brought to this release's.
pub fn copy(from: &Database, to: &Database, mut done: impl FnMut(&str)) -> anyhow::Result<Copied> {
    let (mut source, version, mut target) = ends(from, to)?;
    if migrate::version(&mut target)? > version {
        // The empty target has a later schema: the rows go through a copy brought to it.
        drop((source, target));
        let between = ReadingCopy::of(from)?;
        return copy(between.database(), to, done);
    }
    let copied = fill(&mut source, version, &mut target, &mut done)?;
    drop(target);
    Store::open(to.clone(), Clock::system()).with_context(|| format!("cannot migrate {to}"))?;
    tracing::debug!(%from, %to, from_schema = version, schema = migrate::STEPS.len(), "copied");
    Ok(copied)
}

/// [`copy`], but `to` is left at the schema of `from`: the same database on the other engine
/// (an old one is upgraded on PostgreSQL as it would be on SQLite).
pub fn copy_as_is(from: &Database, to: &Database) -> anyhow::Result<Copied> {
    let (mut source, version, mut target) = ends(from, to)?;
    if migrate::version(&mut target)? > version {
        anyhow::bail!("{to} has a later schema than {from}: copy into an empty database");
    }
    fill(&mut source, version, &mut target, &mut |_| ())
}

/// `from`, opened to be read only, its schema's version, and `to`, which holds no rows.
fn ends(from: &Database, to: &Database) -> anyhow::Result<(Conn, usize, Conn)> {
    let mut source = Conn::open_read_only(from).with_context(|| format!("cannot open {from}"))?;
    let version = migrate::version(&mut source).with_context(|| format!("cannot read {from}"))?;
    let mut target = Conn::open(to).with_context(|| format!("cannot open {to}"))?;
    if let Some(table) = first_filled(&mut target)? {
        anyhow::bail!("{to} already holds data (table {table}): copy into an empty database");
    }
    Ok((source, version, target))
}

/// Brings `target` to schema `version` (that of `source`) and copies every row of `source`
/// into it, read on one snapshot and written in one transaction.
fn fill(
    source: &mut Conn,
    version: usize,
    target: &mut Conn,
    done: &mut dyn FnMut(&str),
) -> anyhow::Result<Copied> {
    migrate::to(target, version)?;
    source.snapshot(|source| {
        target.transaction(|target| -> anyhow::Result<Copied> {
            let mut copied = Copied::new();
            for &table in TABLES {
                if !has_table(source, table)? {
                    continue;
                }
                let rows = copy_table(source, target, table)
                    .with_context(|| format!("cannot copy table {table}"))?;
                copied.push((table, rows));
                done(table);
            }
            for &table in SEQUENCES
                .iter()
                .filter(|t| copied.iter().any(|(c, _)| c == *t))
            {
                let next = last_given(source, table)?;
                set_last_given(target, table, next)?;
            }
            Ok(copied)
        })
    })
}

/// A database copied into a temporary SQLite file and brought to this release's schema
/// there: what the tools that must not change what they read (`doctor`, `export`) read. The
/// file goes when this is dropped.
pub struct ReadingCopy {
    database: Database,
    _folder: tempfile::TempDir,
}

impl ReadingCopy {
    /// Copies `database`, which is only read.
    pub fn of(database: &Database) -> anyhow::Result<ReadingCopy> {
        let folder = tempfile::Builder::new()
            .prefix("gipf-reading-")
            .tempdir()
            .context("cannot make a temporary folder for the copy")?;
        let copy = Database::Sqlite(folder.path().join("copy.db"));
        self::copy(database, &copy, |_| ())?;
        Ok(ReadingCopy {
            database: copy,
            _folder: folder,
        })
    }

    /// The copy.
    pub fn database(&self) -> &Database {
        &self.database
    }
}

/// The first table of `c` that holds a row, if any (a table not made yet holds none).
fn first_filled(c: &mut Conn) -> anyhow::Result<Option<&'static str>> {
    for &table in TABLES {
        if !has_table(c, table)? {
            continue;
        }
        let any = c.query_opt(&format!("SELECT 1 FROM {table} LIMIT 1"), params![], |_| {
            Ok(())
        })?;
        if any.is_some() {
            return Ok(Some(table));
        }
    }
    Ok(None)
}

/// Whether `table` is in the database's schema.
fn has_table(c: &mut Conn, table: &str) -> anyhow::Result<bool> {
    let sql = if c.sqlite().is_some() {
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1"
    } else {
        "SELECT 1 WHERE to_regclass(?1) IS NOT NULL"
    };
    Ok(c.query_opt(sql, params![table], |_| Ok(()))?.is_some())
}

/// The columns of `table`, in order.
pub fn columns(c: &mut Conn, table: &str) -> anyhow::Result<Vec<String>> {
    let sql = if c.sqlite().is_some() {
        "SELECT name FROM pragma_table_info(?1) ORDER BY cid"
    } else {
        "SELECT column_name::text FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = ?1 ORDER BY ordinal_position"
    };
    Ok(c.query_map(sql, params![table], |r| r.get(0))?)
}

fn copy_table(source: &mut Conn, target: &mut Conn, table: &str) -> anyhow::Result<usize> {
    // Quoted: a column may be named with a word PostgreSQL reserves (`right`).
    let names: Vec<String> = columns(source, table)?
        .iter()
        .map(|name| format!("\"{name}\""))
        .collect();
    let names = names.join(", ");
    let rows = source.query_map(&format!("SELECT {names} FROM {table}"), params![], |r| {
        Ok(r.clone().into_cells())
    })?;
    let Some(width) = rows.first().map(Vec::len) else {
        return Ok(0);
    };
    let slots: Vec<String> = (1..=width).map(|i| format!("?{i}")).collect();
    let insert = format!(
        "INSERT INTO {table} ({names}) VALUES ({})",
        slots.join(", ")
    );
    for row in &rows {
        let params: Vec<&dyn ToValue> = row.iter().map(|v| v as &dyn ToValue).collect();
        target.execute(&insert, &params)?;
    }
    Ok(rows.len())
}

/// The last id `table` gave out (0 if none): SQLite's `sqlite_sequence`, PostgreSQL's
/// identity sequence, or the largest id if higher.
fn last_given(c: &mut Conn, table: &str) -> anyhow::Result<i64> {
    let sql = if c.sqlite().is_some() {
        "SELECT MAX(COALESCE((SELECT seq FROM sqlite_sequence WHERE name = ?1), 0),
                    COALESCE((SELECT MAX(id) FROM {table}), 0))"
    } else {
        "SELECT GREATEST(COALESCE(pg_sequence_last_value(pg_get_serial_sequence(?1, 'id')), 0),
                         COALESCE((SELECT MAX(id) FROM {table}), 0))"
    };
    Ok(c.query_row(&sql.replace("{table}", table), params![table], |r| r.get(0))?)
}

fn set_last_given(c: &mut Conn, table: &str, last: i64) -> anyhow::Result<()> {
    if last == 0 {
        return Ok(());
    }
    if c.sqlite().is_some() {
        let updated = c.execute(
            "UPDATE sqlite_sequence SET seq = ?2 WHERE name = ?1",
            params![table, last],
        )?;
        if updated == 0 {
            c.execute(
                "INSERT INTO sqlite_sequence (name, seq) VALUES (?1, ?2)",
                params![table, last],
            )?;
        }
    } else {
        c.execute(
            "SELECT setval(pg_get_serial_sequence(?1, 'id'), ?2)",
            params![table, last],
        )?;
    }
    Ok(())
}
