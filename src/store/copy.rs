//! `copy-db`: every table, id and sequence of one database into another, either way between
//! SQLite and PostgreSQL, so a server's data moves with it. Both ends are brought to this
//! release's schema first (as the bot does on start); the destination must hold no data.

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
/// on `to`, reporting each table as it is done.
pub fn copy(from: &Database, to: &Database, mut done: impl FnMut(&str)) -> anyhow::Result<Copied> {
    for end in [from, to] {
        Store::open(end.clone(), Clock::system()).with_context(|| format!("cannot open {end}"))?;
    }
    let mut source = Conn::open(from)?;
    let mut target = Conn::open(to)?;
    if let Some(table) = first_filled(&mut target)? {
        anyhow::bail!("{to} already holds data (table {table}): copy into an empty database");
    }
    let copied = target.transaction(|target| -> anyhow::Result<Copied> {
        let mut copied = Copied::new();
        for &table in TABLES {
            let rows = copy_table(&mut source, target, table)
                .with_context(|| format!("cannot copy table {table}"))?;
            copied.push((table, rows));
            done(table);
        }
        for &table in SEQUENCES {
            let next = last_given(&mut source, table)?;
            set_last_given(target, table, next)?;
        }
        Ok(copied)
    })?;
    tracing::info!(%from, %to, schema = migrate::STEPS.len(), "copied");
    Ok(copied)
}

fn first_filled(c: &mut Conn) -> anyhow::Result<Option<&'static str>> {
    for &table in TABLES {
        let any = c.query_opt(&format!("SELECT 1 FROM {table} LIMIT 1"), params![], |_| {
            Ok(())
        })?;
        if any.is_some() {
            return Ok(Some(table));
        }
    }
    Ok(None)
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
