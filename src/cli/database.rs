//! The database tools: `backup` (a consistent copy into a new SQLite file), `copy-db` (every
//! table between SQLite and PostgreSQL), `doctor` (every stored game replayed) and `export`
//! (a `.gipf` record per game). Each takes a SQLite file or a PostgreSQL URL, names it on its
//! first line, and never changes a database it only reads.

use std::path::PathBuf;

use anyhow::Context;

use super::settings::DatabaseArgs;
use crate::model::GameId;
use crate::progress::Progress;
use crate::service::{Config, Service};
use crate::store::Database;
use crate::store::copy::ReadingCopy;

/// The first line of a tool: the database it reads (a password shown as `***`).
pub(super) fn reading(database: &Database) {
    println!("Reading {database}.");
}

/// `gipf-bot backup`'s flags.
#[derive(clap::Args, Debug)]
pub struct BackupArgs {
    #[command(flatten)]
    database: DatabaseArgs,
    /// The new SQLite file to write (it must not exist yet).
    out: PathBuf,
}

impl BackupArgs {
    /// Copies the database to the new file: SQLite's online backup of a file, or every table
    /// of a PostgreSQL database.
    pub fn run(self) -> anyhow::Result<()> {
        let database = self.database.database()?;
        reading(&database);
        match database {
            Database::Sqlite(path) => crate::store::backup(&path, &self.out),
            Database::Postgres(url) => {
                if self.out.exists() {
                    anyhow::bail!("{} exists already: name a new file", self.out.display());
                }
                let partial = self.out.with_extension("partial");
                let into = Database::Sqlite(partial.clone());
                crate::store::copy::copy(&Database::Postgres(url), &into, |_| ())?;
                std::fs::rename(&partial, &self.out).with_context(|| {
                    format!(
                        "cannot rename {} to {}",
                        partial.display(),
                        self.out.display()
                    )
                })
            }
        }
    }
}

/// `gipf-bot copy-db`'s flags.
#[derive(clap::Args, Debug)]
pub struct CopyArgs {
    /// The database to copy: a SQLite file or a postgres:// URL.
    #[arg(long, value_parser = database)]
    from: Database,
    /// The database to copy into, which must hold no data yet: a SQLite file (created if
    /// missing) or a postgres:// URL.
    #[arg(long, value_parser = database)]
    to: Database,
}

fn database(text: &str) -> Result<Database, String> {
    Database::parse(text.trim()).map_err(|e| e.to_string())
}

impl CopyArgs {
    /// Copies every table, with a progress bar.
    pub fn run(self) -> anyhow::Result<()> {
        reading(&self.from);
        let mut bar = Progress::new("copying", crate::store::copy::TABLES.len());
        let mut done = 0;
        let copied = crate::store::copy::copy(&self.from, &self.to, |table| {
            done += 1;
            bar.set(done, table);
        })?;
        bar.finish();
        let rows: usize = copied.iter().map(|(_, rows)| rows).sum();
        println!(
            "Copied {rows} rows in {} tables from {} to {}.",
            copied.len(),
            self.from,
            self.to
        );
        Ok(())
    }
}

/// `gipf-bot doctor`'s flags.
#[derive(clap::Args, Debug)]
pub struct DoctorArgs {
    #[command(flatten)]
    database: DatabaseArgs,
}

impl DoctorArgs {
    /// Replays every game of a copy of the database; an error if any is damaged.
    pub fn run(self) -> anyhow::Result<()> {
        let database = self.database.database()?;
        reading(&database);
        let copy = ReadingCopy::of(&database)?;
        let (games, damaged) =
            Service::open(copy.database().clone(), Config::default())?.damaged_games()?;
        for game in &damaged {
            let place = match game.turn {
                Some(turn) => format!("turn {turn}"),
                None => "its stored state".into(),
            };
            println!(
                "game {}, channel {}, {place}: {}",
                game.id, game.channel.0, game.why
            );
        }
        match damaged.len() {
            0 => {
                println!(
                    "{}",
                    match games {
                        1 => "The one game replays.".to_string(),
                        n => format!("All {n} games replay."),
                    }
                );
                Ok(())
            }
            n => anyhow::bail!("{n} of {games} games cannot be read"),
        }
    }
}

/// `gipf-bot export`'s flags.
#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    #[command(flatten)]
    database: DatabaseArgs,
    /// Only this game (its number, as `!games` lists it).
    #[arg(long)]
    game: Option<i64>,
    /// The folder to write the records into (created if missing).
    #[arg(short, long)]
    output: PathBuf,
}

impl ExportArgs {
    /// Writes one record file per game, with a progress bar.
    pub fn run(self) -> anyhow::Result<()> {
        let database = self.database.database()?;
        reading(&database);
        let copy = ReadingCopy::of(&database)?;
        let service = Service::open(copy.database().clone(), Config::default())?;
        let output = &self.output;
        std::fs::create_dir_all(output)
            .with_context(|| format!("cannot create {}", output.display()))?;
        let records = service.records(self.game.map(GameId))?;
        let mut bar = Progress::new("exporting", records.len());
        for (n, (name, record)) in (1..).zip(&records) {
            let path = output.join(name);
            std::fs::write(&path, record.to_string())
                .with_context(|| format!("cannot write {}", path.display()))?;
            bar.set(n, name);
        }
        bar.finish();
        tracing::info!(games = records.len(), to = %output.display(), "exported");
        Ok(())
    }
}
