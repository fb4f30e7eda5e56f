//! `gipf-bot status`: the living processes on a database, who keeps the watch, and the work
//! waiting (messages owed, the engine's requests, games running), read without changing it.

use super::settings::DatabaseArgs;
use crate::model::Clock;
use crate::store::status::{Status, status};

/// `gipf-bot status`'s flags.
#[derive(clap::Args, Debug)]
pub struct StatusArgs {
    #[command(flatten)]
    database: DatabaseArgs,
}

impl StatusArgs {
    /// Prints the status of the database, named on the first line.
    pub fn run(self) -> anyhow::Result<()> {
        let database = self.database.database()?;
        super::database::reading(&database);
        println!("{}", Shown(&status(&database, Clock::system().now())?));
        Ok(())
    }
}

/// The status as `gipf-bot status` prints it: a line a process, then the counts.
struct Shown<'a>(&'a Status);

impl std::fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let status = self.0;
        match status.processes.len() {
            0 => writeln!(f, "No process is running on this database.")?,
            1 => writeln!(f, "1 process is running:")?,
            n => writeln!(f, "{n} processes are running:")?,
        }
        for lease in &status.processes {
            let name = lease.name.trim_start_matches("process ");
            let (name, shards) = match name.split_once("/shards ") {
                Some((name, shards)) => (name, format!(", shards {shards}")),
                None => (name, String::new()),
            };
            writeln!(
                f,
                "  {name}{shards}: up since {} ({}), renewed {} ago",
                crate::text::utc(lease.since),
                ago(status.now - lease.since),
                ago(status.now - lease.renewed)
            )?;
        }
        match &status.watch {
            Some(watch) => writeln!(f, "The watch is kept by {}.", watch.holder)?,
            None => writeln!(f, "Nobody keeps the watch (deadlines wait for a bot).")?,
        }
        writeln!(f, "Messages owed, not posted yet: {}", status.unsent)?;
        writeln!(
            f,
            "Engine requests: {} waiting, {} being searched",
            status.engine_waiting, status.engine_claimed
        )?;
        write!(f, "Games running: {}", status.games_running)
    }
}

/// A span of seconds as a person reads it: `4 s`, `3 min`, `2 h 5 min`, `6 d 1 h`.
fn ago(seconds: i64) -> String {
    let seconds = seconds.max(0);
    match seconds {
        0..60 => format!("{seconds} s"),
        60..3600 => format!("{} min", seconds / 60),
        3600..86_400 => format!("{} h {} min", seconds / 3600, seconds % 3600 / 60),
        _ => format!("{} d {} h", seconds / 86_400, seconds % 86_400 / 3600),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spans_read_as_a_person_reads_them() {
        assert_eq!(ago(-3), "0 s");
        assert_eq!(ago(59), "59 s");
        assert_eq!(ago(61), "1 min");
        assert_eq!(ago(7500), "2 h 5 min");
        assert_eq!(ago(6 * 86_400 + 3700), "6 d 1 h");
    }
}
