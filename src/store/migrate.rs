//! The schema's one numbered list of migrations, for both engines. Each step is written for
//! SQLite (`migrations/`); PostgreSQL runs the same step in its own types
//! ([`dialect::postgres_schema`]), or its own text (`migrations/postgres/`) where SQLite had to
//! rebuild a table to change it and PostgreSQL alters it in place.

use anyhow::Context;
use rusqlite_migration::{M, Migrations};

use super::sql::{Conn, dialect, params};

/// One step of the schema.
pub struct Step {
    /// Its file's name, `NNNN_what.sql`.
    pub name: &'static str,
    /// Its SQL for SQLite.
    pub sqlite: &'static str,
    /// Its SQL for PostgreSQL where it is not the SQLite text in PostgreSQL's types.
    pub postgres: Option<&'static str>,
}

impl Step {
    /// Its SQL for PostgreSQL.
    pub fn postgres(&self) -> String {
        self.postgres
            .map_or_else(|| dialect::postgres_schema(self.sqlite), str::to_owned)
    }
}

macro_rules! step {
    ($file:literal) => {
        Step {
            name: $file,
            sqlite: include_str!(concat!("../../migrations/", $file)),
            postgres: None,
        }
    };
    ($file:literal, postgres: $pg:literal) => {
        Step {
            name: $file,
            sqlite: include_str!(concat!("../../migrations/", $file)),
            postgres: Some(include_str!(concat!("../../migrations/postgres/", $pg))),
        }
    };
}

/// Every step, in order: step N makes schema version N.
pub const STEPS: &[Step] = &[
    step!("0001_init.sql"),
    step!("0002_challenge_ids_never_reused.sql", postgres: "0002_challenge_ids_never_reused.sql"),
    step!("0003_notices.sql"),
    step!("0004_games_end_without_a_winner.sql", postgres: "0004_games_end_without_a_winner.sql"),
    step!("0005_time_per_move.sql"),
    step!("0006_server_settings.sql"),
    step!("0007_threads.sql"),
    step!("0008_archive_and_ratings.sql"),
    step!("0009_engine_and_hints.sql"),
    step!("0010_potentials.sql", postgres: "0010_potentials.sql"),
    step!("0011_open_seeks.sql", postgres: "0011_open_seeks.sql"),
    step!("0012_beginner_level.sql", postgres: "0012_beginner_level.sql"),
    step!("0013_puzzles_and_lessons.sql"),
    step!("0014_board_sides.sql"),
    step!("0015_takebacks.sql"),
    step!("0016_daily_puzzles_and_analyses.sql"),
    step!("0017_outbox.sql"),
    step!("0018_tournaments.sql"),
    step!("0019_outbox_kinds.sql", postgres: "0019_outbox_kinds.sql"),
    step!("0020_pictures_for_everyone.sql"),
    step!("0021_analyses.sql"),
    step!("0022_second_tries_and_typed_dots.sql"),
    step!("0023_leases.sql"),
    step!("0024_engine_requests.sql"),
    step!("0025_reminders_and_waiting_round_games.sql"),
    step!("0026_process_lives.sql"),
    step!("0027_web_pages.sql", postgres: "0027_web_pages.sql"),
    step!("0028_web_settings.sql", postgres: "0028_web_settings.sql"),
    step!("0029_vacations.sql"),
    step!("0030_digest_and_quiet_hours.sql"),
    step!("0031_late_entry.sql"),
];

/// The SQLite steps as `rusqlite_migration` runs them (it keeps the version in SQLite's
/// `user_version`, as every database so far has).
pub fn sqlite_migrations() -> Migrations<'static> {
    Migrations::new(STEPS.iter().map(|step| M::up(step.sqlite)).collect())
}

/// The schema's step a database is at, read without changing anything: 0 for an empty one.
/// A database a later release brought further than this one knows is refused, with what to
/// do.
pub fn version(conn: &mut Conn) -> anyhow::Result<usize> {
    let done: i64 = if conn.sqlite().is_some() {
        conn.query_row("PRAGMA user_version", params![], |r| r.get(0))?
    } else {
        let table: Option<String> = conn.query_row(
            "SELECT CAST(to_regclass('schema_version') AS TEXT)",
            params![],
            |r| r.get(0),
        )?;
        match table {
            None => 0,
            Some(_) => conn.query_row(
                "SELECT COALESCE(MAX(version), 0) FROM schema_version",
                params![],
                |r| r.get(0),
            )?,
        }
    };
    let done = usize::try_from(done).unwrap_or(0);
    if done > STEPS.len() {
        anyhow::bail!(
            "the database is at schema {done}, made by a later release than this one (schema {}): use that release's gipf-bot",
            STEPS.len()
        );
    }
    Ok(done)
}

/// Brings a database up to step `last` (the last one at most), on either engine. The
/// number of steps run.
pub fn to(conn: &mut Conn, last: usize) -> anyhow::Result<usize> {
    let before = version(conn)?;
    match conn.sqlite() {
        Some(sqlite) => {
            sqlite_to(sqlite, last.min(STEPS.len())).map(|()| last.saturating_sub(before))
        }
        None => postgres_to(conn, last),
    }
}

/// Brings a SQLite file up to step `last`. Migrations that rebuild a table must not cascade
/// into the tables that refer to it: foreign keys are off while they run, and checked after.
fn sqlite_to(conn: &mut rusqlite::Connection, last: usize) -> anyhow::Result<()> {
    use rusqlite::OptionalExtension;
    conn.pragma_update(None, "foreign_keys", "OFF")?;
    sqlite_migrations()
        .to_version(conn, last)
        .context("cannot migrate the database")?;
    let broken: Option<String> = conn
        .query_row("PRAGMA foreign_key_check", [], |r| r.get(0))
        .optional()?;
    if let Some(table) = broken {
        anyhow::bail!("the migrated database has broken references in table {table}");
    }
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(())
}

/// Brings a PostgreSQL database up to step `last`, in one transaction, under a lock that
/// lets only one of several processes starting at once migrate (the others wait, then find
/// nothing to do). The version is kept in `schema_version`. The number of steps run.
pub fn postgres_to(conn: &mut Conn, last: usize) -> anyhow::Result<usize> {
    let last = last.min(STEPS.len());
    conn.transaction(|c| -> anyhow::Result<usize> {
        // Any number both processes agree on: the lock is the migration's, not a row's.
        c.execute("SELECT pg_advisory_xact_lock(7467697066)", params![])?;
        // No NOTICE that the table is there already, at every start.
        c.execute_batch("SET LOCAL client_min_messages = warning")?;
        c.execute_batch(
            "CREATE TABLE IF NOT EXISTS schema_version (
                 version BIGINT PRIMARY KEY,
                 name    TEXT NOT NULL
             )",
        )?;
        let done: i64 = c.query_row(
            "SELECT COALESCE(MAX(version), 0) FROM schema_version",
            params![],
            |r| r.get(0),
        )?;
        let done = usize::try_from(done).unwrap_or(0);
        for (index, step) in STEPS.iter().enumerate().take(last).skip(done) {
            c.execute_batch(&step.postgres())
                .with_context(|| format!("migration {} failed on PostgreSQL", step.name))?;
            c.execute(
                "INSERT INTO schema_version (version, name) VALUES (?1, ?2)",
                params![index + 1, step.name],
            )?;
        }
        Ok(last.saturating_sub(done))
    })
}
