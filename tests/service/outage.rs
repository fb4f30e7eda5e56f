//! A database that does not answer for a while, under games at once: PostgreSQL stopped for
//! 10 s (every command waits and goes through, applied once) and for 60 s (commands are
//! refused after 30 s with nothing changed, and go through once it is back), the watch running
//! beside them all along; a SQLite file whose lock another writer holds; a full disk.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crate::support::database::postgres;
use crate::support::pg_server::PgServer;
use crate::support::recorder::{Recorder, handle};
use crate::support::table::{Table, shown};
use gipf_bot::model::{ChannelId, Clock};
use gipf_bot::reply::Reply;
use gipf_bot::service::{Config, Service};
use gipf_bot::store::Database;
use gipf_bot::store::sql::{Conn, params};

const NOT_ANSWERING: &str =
    "Nothing was changed: the database is not answering. Try again in a minute.";
const GAMES: u64 = 3;
const HOUR: i64 = 3600;

/// Replies, and how long they took to come.
type Answered = (Vec<Reply>, Duration);

/// Each of the `GAMES` channels' `author` says `text` at once, each on a thread of his own:
/// the threads, each giving its replies.
fn all_at_once(table: &mut Table, author: &str, text: &str) -> Vec<JoinHandle<Answered>> {
    let messages: Vec<_> = (1..=GAMES)
        .map(|channel| {
            table.channel = ChannelId(channel);
            table.message(author, text)
        })
        .collect();
    (messages.into_iter())
        .map(|message| {
            let service = Arc::clone(&table.service);
            std::thread::spawn(move || {
                let started = Instant::now();
                (handle(&service, &message), started.elapsed())
            })
        })
        .collect()
}

/// What each thread's replies said, and how long each took.
fn answers(threads: Vec<JoinHandle<Answered>>) -> Vec<(String, Duration)> {
    (threads.into_iter())
        .map(|thread| {
            let (replies, took) = thread.join().unwrap();
            (
                replies.iter().map(shown).collect::<Vec<_>>().join("\n"),
                took,
            )
        })
        .collect()
}

/// The turns each channel's game has.
fn turns(table: &Table) -> Vec<usize> {
    (1..=GAMES)
        .map(|channel| {
            let state = table.service.game_state(ChannelId(channel), true).unwrap();
            state.unwrap().turns.len()
        })
        .collect()
}

/// The watch, as the Discord adapter runs it, on a runtime of its own until dropped.
struct Watch {
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Watch {
    fn start(service: &Arc<Service>, sink: &Arc<Recorder>) -> Watch {
        let (stop, stopped) = tokio::sync::oneshot::channel();
        let (service, sink) = (Arc::clone(service), Arc::clone(sink));
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Runtime::new().unwrap();
            runtime.block_on(async move {
                tokio::select! {
                    () = service.watch(sink, Duration::from_secs(6)) => {}
                    _ = stopped => {}
                }
            });
        });
        Watch {
            stop: Some(stop),
            thread: Some(thread),
        }
    }
}

impl Drop for Watch {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// When this process last renewed its life lease, read on `database`.
fn renewed(database: &Database) -> i64 {
    let database = database.clone();
    std::thread::spawn(move || {
        let mut conn = Conn::open(&database).unwrap();
        conn.query_row(
            "SELECT MAX(renewed) FROM leases WHERE name LIKE 'process %'",
            params![],
            |row| row.get(0),
        )
        .unwrap()
    })
    .join()
    .unwrap()
}

#[test]
fn postgresql_stopped_for_10_s_then_for_60_s_under_games_at_once() {
    if postgres().is_none() {
        return; // Runs in the PostgreSQL half of `.ci/test`, on a server of its own.
    }
    let server = PgServer::start();
    let database = Database::parse(&server.url()).unwrap();
    let now = Arc::new(AtomicI64::new(1_800_000_000));
    let clock = Arc::clone(&now);
    let config = Config {
        clock: Clock::new(move || clock.load(Ordering::SeqCst)),
        deadline_watch_every: Duration::from_millis(500),
        ..Config::default()
    };
    let mut table = Table::over(tempfile::tempdir().unwrap(), database.clone(), config);
    for channel in 1..=GAMES {
        table.channel = ChannelId(channel);
        table.expect(
            "alice",
            "!challenge @bob standard white days=1",
            "challenges you",
        );
        table.expect("bob", "!accept", "Game on");
    }
    let watched = Arc::new(Recorder::default());
    let watch = Watch::start(&table.service, &watched);

    // 10 s down: every push waits for the server, then goes through, once.
    server.stop();
    let pushes = all_at_once(&mut table, "alice", "!push b1 c2");
    std::thread::sleep(Duration::from_secs(10));
    server.resume();
    for (said, took) in answers(pushes) {
        assert!(said.contains("alice (white) played b1 -> c2"), "{said}");
        assert!(
            took >= Duration::from_secs(9),
            "it waited for the server: {took:?}"
        );
    }
    assert_eq!(turns(&table), [1, 1, 1]);

    // 60 s down: after 30 s every push is refused, and nothing changes.
    server.stop();
    let down = Instant::now();
    let pushes = all_at_once(&mut table, "bob", "!push b1 c2");
    // Bob's time runs out meanwhile: the watch reminds him once the server is back.
    now.fetch_add(20 * HOUR, Ordering::SeqCst);
    for (said, took) in answers(pushes) {
        assert_eq!(said, NOT_ANSWERING);
        assert!(
            took >= Duration::from_secs(29) && took < Duration::from_secs(45),
            "{took:?}"
        );
    }
    // Down for longer than a command waits: a command is answered at once.
    let started = Instant::now();
    table.channel = ChannelId(1);
    assert_eq!(table.text("bob", "!board"), NOT_ANSWERING);
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    std::thread::sleep(Duration::from_secs(60).saturating_sub(down.elapsed()));
    server.resume();
    assert_eq!(turns(&table), [1, 1, 1], "nothing changed");
    // The watch went on by itself: the reminders due while the server was down are posted,
    // and its life lease renewed at the clock's new time.
    let reminders = watched.wait_for(GAMES as usize);
    for reminder in &reminders {
        assert!(
            shown(reminder).contains("a reminder: your move (black)"),
            "{}",
            shown(reminder)
        );
    }
    let deadline = Instant::now() + Duration::from_secs(20);
    while renewed(&database) < now.load(Ordering::SeqCst) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(200));
    }
    assert_eq!(
        renewed(&database),
        now.load(Ordering::SeqCst),
        "the life lease is renewed"
    );
    for (said, _) in answers(all_at_once(&mut table, "bob", "!push b1 c2")) {
        assert!(said.contains("bob (black) played b1 -> c2"), "{said}");
    }
    assert_eq!(turns(&table), [2, 2, 2]);
    drop(watch);
}

/// Takes `file`'s write lock, as another writer would (an operator's `sqlite3` shell, a
/// script), and holds it for `hold` on a thread of its own.
fn hold_the_lock(file: &std::path::Path, hold: Duration) -> JoinHandle<()> {
    let writer = rusqlite::Connection::open(file).unwrap();
    writer.execute_batch("BEGIN IMMEDIATE").unwrap();
    std::thread::spawn(move || {
        std::thread::sleep(hold);
        writer.execute_batch("COMMIT").unwrap();
    })
}

#[test]
fn a_sqlite_writer_holding_the_lock_is_waited_for_up_to_30_s() {
    if postgres().is_some() {
        return; // SQLite's: it runs in the SQLite half of `.ci/test`.
    }
    let (mut short, mut long) = (Table::new(), Table::new());
    short.start("standard");
    long.start("standard");
    let file = |table: &Table| table.dir.path().join("gipf.db");
    let held = [
        hold_the_lock(&file(&short), Duration::from_secs(8)),
        hold_the_lock(&file(&long), Duration::from_secs(35)),
    ];
    let pushes = [&mut short, &mut long].map(|table| {
        let message = table.message("alice", "!push b1 c2");
        let service = Arc::clone(&table.service);
        std::thread::spawn(move || {
            let started = Instant::now();
            (handle(&service, &message), started.elapsed())
        })
    });
    let answered = answers(pushes.into());
    let [(short_said, short_took), (long_said, long_took)] = &answered[..] else {
        panic!("two answers: {answered:?}")
    };
    assert!(
        short_said.contains("alice (white) played b1 -> c2"),
        "{short_said}"
    );
    assert!(*short_took >= Duration::from_secs(7), "{short_took:?}");
    assert_eq!(long_said, NOT_ANSWERING);
    assert!(*long_took >= Duration::from_secs(29), "{long_took:?}");
    for thread in held {
        thread.join().unwrap();
    }
    assert_eq!(long.state().turns.len(), 0, "nothing changed");
    long.expect("alice", "!push b1 c2", "alice (white) played b1 -> c2");
}

/// A small file system of a test's own (tmpfs), to fill up or make read-only: root's alone
/// (the CI's); unmounted when dropped.
struct SmallDisk {
    dir: tempfile::TempDir,
}

impl SmallDisk {
    /// A disk of `size` (as `mount` reads it: `2m`), or none where the tests may not mount.
    fn mount(size: &str) -> Option<SmallDisk> {
        let dir = tempfile::tempdir().unwrap();
        let mounted = std::process::Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={size}"), "tmpfs"])
            .arg(dir.path())
            .status();
        if !mounted.is_ok_and(|status| status.success()) {
            eprintln!("cannot mount a small disk here (not root?): skipped");
            return None;
        }
        Some(SmallDisk { dir })
    }

    fn path(&self) -> &std::path::Path {
        self.dir.path()
    }

    /// Makes it read-only (`true`) or writable again.
    fn read_only(&self, read_only: bool) {
        let option = if read_only {
            "remount,ro"
        } else {
            "remount,rw"
        };
        let status = std::process::Command::new("mount")
            .args(["-o", option])
            .arg(self.path())
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// Fills it up: the file that takes the last byte.
    fn fill(&self) -> std::path::PathBuf {
        use std::io::Write;
        let path = self.path().join("filler");
        let mut filler = std::fs::File::create(&path).unwrap();
        for chunk in [65_536, 512, 1] {
            while filler.write_all(&vec![0; chunk]).is_ok() {}
        }
        path
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = std::process::Command::new("umount")
            .arg("-l")
            .arg(self.dir.path())
            .status();
    }
}

/// A table whose SQLite file is on `disk`.
fn table_on(disk: &SmallDisk) -> Table {
    let database = Database::Sqlite(disk.path().join("gipf.db"));
    Table::over(tempfile::tempdir().unwrap(), database, Config::default())
}

#[test]
fn a_full_disk_refuses_a_turn_clearly_and_writes_nothing_of_it() {
    let Some(disk) = SmallDisk::mount("4m") else {
        return;
    };
    let mut table = table_on(&disk);
    table.start("standard");
    table.expect("alice", "!push b1 c2", "alice (white) played b1 -> c2");
    let filler = disk.fill();
    let said = table.text("bob", "!push b1 c2");
    assert!(
        said.starts_with("Nothing was changed: the database's disk is full."),
        "{said}"
    );
    assert_eq!(table.state().turns.len(), 1);
    std::fs::remove_file(filler).unwrap();
    table.expect("bob", "!push b1 c2", "bob (black) played b1 -> c2");
    // What it says is what it keeps: read again from the file, the game has both turns.
    table.service = Arc::new(
        Service::open(
            Database::Sqlite(disk.path().join("gipf.db")),
            Config::default(),
        )
        .unwrap(),
    );
    assert_eq!(table.state().turns.len(), 2);
}

#[test]
fn a_read_only_database_is_refused_at_start_with_what_it_is() {
    let Some(disk) = SmallDisk::mount("4m") else {
        return;
    };
    let file = disk.path().join("gipf.db");
    let mut table = table_on(&disk);
    table.start("standard");
    let service = std::mem::replace(
        &mut table.service,
        Arc::new(
            Service::open(
                tempfile::tempdir().unwrap().path().join("other.db"),
                Config::default(),
            )
            .unwrap(),
        ),
    );
    drop(service);
    disk.read_only(true);
    let refused = Service::open(Database::Sqlite(file.clone()), Config::default()).err();
    let said = format!("{:#}", refused.expect("a read-only database is refused"));
    let why = format!(
        "{} cannot be written: Read-only file system",
        file.display()
    );
    assert!(
        said.starts_with("the database cannot be written (read-only)"),
        "{said}"
    );
    assert!(said.contains(&why), "{said}");
    disk.read_only(false);
    table.service = Arc::new(Service::open(Database::Sqlite(file), Config::default()).unwrap());
    table.expect("alice", "!push b1 c2", "alice (white) played b1 -> c2");
}
