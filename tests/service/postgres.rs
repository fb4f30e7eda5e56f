//! Several processes on one database, and the way between SQLite and PostgreSQL. Each test
//! runs on the test's database (SQLite, or PostgreSQL when `TEST_DATABASE_URL` is set, as
//! `.ci/run` sets it); the ones about PostgreSQL alone say so and run only there.

use crate::support::recorder::handle;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use crate::support::database::{database, postgres};
use crate::support::table::{Table, shown};
use gipf_bot::model::{ChannelId, Clock};
use gipf_bot::service::{Config, Service};
use gipf_bot::store::sql::{Conn, params};
use gipf_bot::store::{Database, Store, copy};

/// A second process of the bot on the table's database.
fn second_process(table: &Table) -> Arc<Service> {
    let db = database(&table.dir.path().join("gipf.db"));
    Arc::new(Service::open(db, table.service.config().clone()).unwrap())
}

#[test]
fn two_accepts_at_once_on_two_processes_start_one_game() {
    for round in 0..5 {
        let mut table = Table::new();
        table.channel = ChannelId(10 + round);
        table.expect("alice", "!challenge @bob standard white", "challenges you");
        let other = second_process(&table);
        let accept = table.message("bob", "!accept");
        let (first, second) = (Arc::clone(&table.service), Arc::clone(&other));
        let (a, b) = (accept.clone(), accept);
        let one = std::thread::spawn(move || handle(&first, &a));
        let two = std::thread::spawn(move || handle(&second, &b));
        let answers = [one.join().unwrap(), two.join().unwrap()]
            .map(|replies| replies.iter().map(shown).collect::<Vec<_>>().join("\n"));
        let started = answers.iter().filter(|a| a.starts_with("Game on:")).count();
        assert_eq!(started, 1, "{answers:#?}");
        let games: i64 = table
            .sql()
            .query_row("SELECT COUNT(*) FROM games", params![], |r| r.get(0))
            .unwrap();
        assert_eq!(games, 1);
        // The process that lost the race shows the game that started, not an error.
        let loser = answers.iter().find(|a| !a.starts_with("Game on:")).unwrap();
        assert!(loser.starts_with("Game on (accepted already)"), "{loser}");
    }
}

#[test]
fn the_watch_is_kept_by_one_process_and_taken_over_when_its_lease_lapses() {
    let dir = tempfile::tempdir().unwrap();
    let db = database(&dir.path().join("gipf.db"));
    let now = Arc::new(AtomicI64::new(1_800_000_000));
    let clock = || {
        let reading = Arc::clone(&now);
        Clock::new(move || reading.load(Ordering::SeqCst))
    };
    let (first, second) = (
        Store::open(db.clone(), clock())
            .unwrap()
            .as_process("first", true),
        Store::open(db, clock()).unwrap().as_process("second", true),
    );
    let lease = Duration::from_secs(180);
    assert!(first.hold_lease("watch", lease).unwrap());
    assert!(!second.hold_lease("watch", lease).unwrap(), "one keeps it");
    now.fetch_add(60, Ordering::SeqCst);
    assert!(first.hold_lease("watch", lease).unwrap(), "renewed");
    now.fetch_add(179, Ordering::SeqCst);
    assert!(
        !second.hold_lease("watch", lease).unwrap(),
        "not lapsed yet"
    );
    // The first process dies (kill -9): nobody renews; once lapsed, the second takes over.
    now.fetch_add(1, Ordering::SeqCst);
    assert!(second.hold_lease("watch", lease).unwrap(), "taken over");
    assert!(!first.hold_lease("watch", lease).unwrap(), "and kept");
    second.release_lease("watch").unwrap();
    assert!(
        first.hold_lease("watch", lease).unwrap(),
        "given up on a clean stop"
    );
}

#[test]
fn copy_db_copies_every_game_and_the_copy_plays_on() {
    let mut table = Table::new();
    table.start("standard");
    table.expect("alice", "!push b1 c2", "played");
    table.channel = ChannelId(2);
    table.expect("alice", "!challenge @bob basic", "challenges you");
    let from = table.service.database().clone();
    let out = tempfile::tempdir().unwrap();
    let to = out.path().join("copy.db");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
        .args(["copy-db", "--from", from_arg(&from).as_str(), "--to"])
        .arg(&to)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{said} {}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(said.contains("Copied") && said.contains("tables"), "{said}");
    let copy = Service::open(to.clone(), Config::default()).unwrap();
    assert_eq!(copy.records(None).unwrap().len(), 1);
    let text = |service: &Service| {
        let records = service.records(None).unwrap();
        records
            .into_iter()
            .map(|(n, r)| (n, r.to_string()))
            .collect::<Vec<_>>()
    };
    assert_eq!(text(&copy), text(&table.service));
    // Ids go on past the copied ones: a new challenge is not given an old one's id.
    let mut into = Conn::open(&Database::Sqlite(to.clone())).unwrap();
    let challenges: i64 = into
        .query_row("SELECT COUNT(*) FROM challenges", params![], |r| r.get(0))
        .unwrap();
    assert_eq!(challenges, 1);
    // Into a database that holds data: refused, naming the table.
    let again = copy::copy(&from, &Database::Sqlite(to), |_| ()).unwrap_err();
    assert!(again.to_string().contains("already holds data"), "{again}");
}

/// `--from`'s text for `database`.
fn from_arg(database: &Database) -> String {
    match database {
        Database::Sqlite(path) => path.display().to_string(),
        Database::Postgres(url) => url.as_str().to_string(),
    }
}

#[test]
fn both_engines_make_the_same_tables_and_columns() {
    let Some(_) = postgres() else {
        return; // PostgreSQL alone: .ci/run sets TEST_DATABASE_URL
    };
    let dir = tempfile::tempdir().unwrap();
    let sqlite = Database::Sqlite(dir.path().join("s.db"));
    let server = database(&dir.path().join("p.db"));
    let mut tables = Vec::new();
    for db in [sqlite, server] {
        Store::open(db.clone(), Clock::system()).unwrap();
        let mut conn = Conn::open(&db).unwrap();
        // In any order: PostgreSQL adds a column at the end where SQLite rebuilt the table.
        let columns: Vec<(String, Vec<String>)> = copy::TABLES
            .iter()
            .map(|table| {
                let mut names = copy::columns(&mut conn, table).unwrap();
                names.sort();
                (table.to_string(), names)
            })
            .collect();
        tables.push(columns);
    }
    assert_eq!(tables[0], tables[1]);
}

#[test]
fn a_lost_connection_refuses_the_turn_whole_and_the_bot_goes_on() {
    let Some(_) = postgres() else {
        return; // PostgreSQL alone: a SQLite file has no connection to lose
    };
    let mut table = Table::new();
    table.start("standard");
    // The server drops every connection of the bot (a restart, a network cut); the test's
    // connections are named for its schema, so other tests' are left alone.
    table
        .sql()
        .execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
             WHERE application_name = current_setting('application_name')
               AND pid <> pg_backend_pid()",
            params![],
        )
        .unwrap();
    // The turn is stored whole (on a new connection) or refused whole, never half.
    let first = table.text("alice", "!push b1 c2");
    let stored = table.state().turns.len();
    if first.contains("nothing was changed") {
        assert_eq!(stored, 0, "refused, so nothing written: {first}");
        table.expect("alice", "!push b1 c2", "played");
    } else {
        assert!(first.contains("played"), "{first}");
        assert_eq!(stored, 1, "played, so stored: {first}");
    }
    // And the bot goes on.
    table.expect("bob", "!push e9 e8", "played");
    assert_eq!(table.state().turns.len(), 2);
}

/// Forwards every connection made to `listener` to `target`, byte for byte, both ways.
fn forward(listener: std::net::TcpListener, target: String) {
    for client in listener.incoming().flatten() {
        let Ok(server) = std::net::TcpStream::connect(&target) else {
            continue;
        };
        let pipes = [
            (client.try_clone().unwrap(), server.try_clone().unwrap()),
            (server, client),
        ];
        for (mut from, mut to) in pipes {
            std::thread::spawn(move || {
                let _ = std::io::copy(&mut from, &mut to);
                let _ = to.shutdown(std::net::Shutdown::Both);
            });
        }
    }
}

#[test]
fn a_start_before_postgresql_is_up_waits_for_it_and_goes_on() {
    let Some(url) = postgres() else {
        return; // About PostgreSQL alone.
    };
    // The server's address, and a port where nothing listens yet.
    let rest = url.split_once('@').map_or(url.as_str(), |(_, rest)| rest);
    let address = rest.split('/').next().unwrap().to_string();
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = free.local_addr().unwrap().port();
    drop(free);
    let late_url = url.replacen(&address, &format!("127.0.0.1:{port}"), 1);
    let late = Database::parse(&late_url).unwrap();
    let started = std::time::Instant::now();
    let opening = std::thread::spawn(move || Store::open(late, Clock::system()).map(drop));
    // PostgreSQL "comes up" on that port a second and a half later.
    std::thread::sleep(Duration::from_millis(1_500));
    assert!(!opening.is_finished(), "still waiting, not given up");
    let listener = std::net::TcpListener::bind(("127.0.0.1", port)).unwrap();
    std::thread::spawn(move || forward(listener, address));
    let opened = opening.join().unwrap();
    assert!(opened.is_ok(), "{opened:?}");
    assert!(started.elapsed() >= Duration::from_millis(1_500));
}
