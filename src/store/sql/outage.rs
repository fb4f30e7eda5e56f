//! When the database does not take a command: down or locked for a while (waited for, up to
//! [`PATIENCE`]), or unable to write at all (a full disk, a read-only file). The log says once
//! that a database stopped answering and once that it answers again, not at every try.

use std::cell::Cell;
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use super::Database;

/// How long a command waits for a database that does not answer before it is refused.
pub const PATIENCE: Duration = Duration::from_secs(30);

/// The first wait between two tries, doubled after each, up to [`LONGEST_WAIT`].
const FIRST_WAIT: Duration = Duration::from_millis(200);
const LONGEST_WAIT: Duration = Duration::from_secs(2);

/// Why the database took nothing: whatever was asked was not changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The server is down or unreachable, or another writer holds the file's lock.
    NotAnswering,
    /// The disk under the database is full.
    DiskFull,
    /// The database cannot be written: a read-only file or server.
    ReadOnly,
}

impl Fault {
    /// Every fault, in order.
    pub const ALL: [Fault; 3] = [Fault::NotAnswering, Fault::DiskFull, Fault::ReadOnly];

    /// The fault `error` (or one of its causes) comes from, if any.
    pub fn of(error: &anyhow::Error) -> Option<Fault> {
        (error.downcast_ref::<Fault>().copied()).or_else(|| error.chain().find_map(super::fault_in))
    }
}

impl std::fmt::Display for Fault {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Fault::NotAnswering => "the database is not answering",
            Fault::DiskFull => "the database's disk is full",
            Fault::ReadOnly => "the database cannot be written (read-only)",
        })
    }
}

impl std::error::Error for Fault {}

/// Runs `attempt` until it goes through, or fails for another reason than a database that
/// does not answer, or the command it is part of (see [`one_command`]) has waited for the
/// database for [`PATIENCE`]: then the error says so (its [`Fault`] found by [`Fault::of`]).
/// Each try must be whole or nothing (a transaction), so that trying again applies it once.
/// A server gone for longer than that already is not waited for again.
pub fn patiently<T>(
    database: &Database,
    mut attempt: impl FnMut() -> anyhow::Result<T>,
) -> anyhow::Result<T> {
    let (mut wait, mut failed) = (FIRST_WAIT, None);
    loop {
        let tried = Instant::now();
        let error = match attempt() {
            Ok(done) => {
                answered(database, failed.is_some());
                return Ok(done);
            }
            Err(error) => error,
        };
        match Fault::of(&error) {
            Some(Fault::NotAnswering) => {
                let gone = unanswered(database, &error, tried);
                let since = *failed.get_or_insert_with(|| COMMAND.with(|c| c.waiting_since(tried)));
                let since = match database {
                    // A server's outage is the same for every command: once it has been
                    // down for long, a command is answered at once.
                    Database::Postgres(_) => since.min(gone),
                    // A file's lock is held against writers only, and readers go on.
                    Database::Sqlite(_) => since,
                };
                let waited = since.elapsed();
                if waited >= PATIENCE {
                    return Err(error.context(Fault::NotAnswering));
                }
                std::thread::sleep(wait.min(PATIENCE - waited));
                wait = (wait * 2).min(LONGEST_WAIT);
            }
            Some(fault) => return Err(error.context(fault)),
            None => return Err(error),
        }
    }
}

/// Runs `work`, one command, whose tries of the database share one [`PATIENCE`]: a command
/// that met an outage waits at most that long in all, whatever it asks of the database.
pub fn one_command<T>(work: impl FnOnce() -> T) -> T {
    let outer = COMMAND.with(|c| c.0.replace(Some(None)));
    let done = work();
    COMMAND.with(|c| c.0.set(outer));
    done
}

/// The command this thread serves, if any: since when it has waited for the database.
struct Command(Cell<Option<Option<Instant>>>);

impl Command {
    /// Since when this thread's command has waited, `tried` if it had not; `tried` outside a
    /// command.
    fn waiting_since(&self, tried: Instant) -> Instant {
        match self.0.get() {
            Some(Some(since)) => since,
            Some(None) => {
                self.0.set(Some(Some(tried)));
                tried
            }
            None => tried,
        }
    }
}

thread_local! {
    static COMMAND: Command = const { Command(Cell::new(None)) };
}

/// The databases that stopped answering, with since when: few, and each only until it
/// answers again.
static UNANSWERED: Mutex<Option<HashMap<String, Instant>>> = Mutex::new(None);
/// How many there are, read without the lock on every answer.
static COUNT: AtomicUsize = AtomicUsize::new(0);

/// Since when `database` has not answered: since `tried`, said in the log, if it answered
/// until then (`why` being its refusal of the try begun at `tried`).
fn unanswered(database: &Database, why: &dyn std::fmt::Display, tried: Instant) -> Instant {
    let Ok(mut gone) = UNANSWERED.lock() else {
        return tried;
    };
    let gone = gone.get_or_insert_with(HashMap::new);
    *gone.entry(database.to_string()).or_insert_with(|| {
        COUNT.fetch_add(1, Ordering::Relaxed);
        tracing::warn!(%database, error = %format!("{why:#}"), "the database is not answering: commands wait up to {} s for it", PATIENCE.as_secs());
        tried
    })
}

/// Says once, if `database` had stopped answering, that it answers again: a server's, at
/// any answer; a file's, once a try that met its lock goes through (its readers go on while
/// a writer holds it).
fn answered(database: &Database, after_waiting: bool) {
    if COUNT.load(Ordering::Relaxed) == 0
        || !(after_waiting || matches!(database, Database::Postgres(_)))
    {
        return;
    }
    let Ok(mut gone) = UNANSWERED.lock() else {
        return;
    };
    if let Some(since) = gone
        .as_mut()
        .and_then(|gone| gone.remove(&database.to_string()))
    {
        COUNT.fetch_sub(1, Ordering::Relaxed);
        tracing::info!(%database, after = ?since.elapsed(), "the database answers again");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fault_is_found_under_the_context_it_was_given() {
        for fault in Fault::ALL {
            let error = anyhow::anyhow!("cannot save the turn").context(fault);
            assert_eq!(Fault::of(&error.context("serving !push")), Some(fault));
        }
        assert_eq!(Fault::of(&anyhow::anyhow!("a bug")), None);
    }

    #[test]
    fn an_error_that_is_no_outage_is_not_tried_again() {
        let database = Database::Sqlite("/nowhere/tried-once.db".into());
        let mut tries = 0;
        let done: anyhow::Result<()> = patiently(&database, || {
            tries += 1;
            anyhow::bail!("a refusal")
        });
        assert!(done.is_err());
        assert_eq!(tries, 1);
    }

    #[test]
    fn a_database_that_answers_after_a_while_is_waited_for() {
        let database = Database::Sqlite("/nowhere/waited-for.db".into());
        let mut tries = 0;
        let done = patiently(&database, || {
            tries += 1;
            match tries {
                1..3 => Err(anyhow::Error::new(Fault::NotAnswering)),
                _ => Ok(tries),
            }
        });
        assert_eq!(done.unwrap(), 3);
        let gone = UNANSWERED.lock().unwrap();
        assert!(
            !gone.as_ref().unwrap().contains_key(&database.to_string()),
            "answered again"
        );
    }
}
