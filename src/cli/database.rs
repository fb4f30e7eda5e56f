//! The database tools: `backup` (SQLite's online copy), `doctor` (every stored game
//! replayed, on a copy) and `export` (a `.gipf` record per game).

use std::path::{Path, PathBuf};

use anyhow::Context;

use super::settings::{DEFAULT_DATABASE, database_path};
use crate::model::GameId;
use crate::progress::Progress;
use crate::service::{Config, Service};

/// `gipf-bot backup`'s flags.
#[derive(clap::Args, Debug)]
pub struct BackupArgs {
    /// The database to back up.
    #[arg(long = "db", env = "DATABASE_PATH", default_value = DEFAULT_DATABASE, value_parser = database_path)]
    database: PathBuf,
    /// The new file to write (it must not exist yet).
    out: PathBuf,
}

impl BackupArgs {
    /// Copies the database to the new file.
    pub fn run(self) -> anyhow::Result<()> {
        crate::store::backup(&self.database, &self.out)
    }
}

/// `gipf-bot doctor`'s flags.
#[derive(clap::Args, Debug)]
pub struct DoctorArgs {
    /// The database to check.
    #[arg(long = "db", env = "DATABASE_PATH", default_value = DEFAULT_DATABASE, value_parser = database_path)]
    database: PathBuf,
}

impl DoctorArgs {
    /// Replays every game of a copy of the database; an error if any is damaged.
    pub fn run(self) -> anyhow::Result<()> {
        let database = existing(&self.database)?;
        let copy = std::env::temp_dir().join(format!("gipf-doctor-{}.db", std::process::id()));
        crate::store::backup(database, &copy)?;
        let checked = Service::open(&copy, Config::default()).and_then(|s| s.damaged_games());
        for leftover in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{leftover}", copy.display()));
        }
        let (games, damaged) = checked?;
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
                println!("All {games} games replay.");
                Ok(())
            }
            n => anyhow::bail!("{n} of {games} games cannot be read"),
        }
    }
}

/// `gipf-bot export`'s flags.
#[derive(clap::Args, Debug)]
pub struct ExportArgs {
    /// The database to read.
    #[arg(long = "db", env = "DATABASE_PATH", default_value = DEFAULT_DATABASE, value_parser = database_path)]
    database: PathBuf,
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
        let service = Service::open(existing(&self.database)?, Config::default())?;
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

/// The database, if there is one: a tool that reads it must not create an empty one.
fn existing(database: &Path) -> anyhow::Result<&Path> {
    if !database.exists() {
        anyhow::bail!("there is no database at {}", database.display());
    }
    Ok(database)
}
