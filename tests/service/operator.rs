//! What an operator of several processes relies on: `gipf-bot status` shows the living
//! processes and the work waiting; a second process under a living one's name stops at its
//! start; an engine worker never creates a database.

use std::path::Path;
use std::process::{Command, Output};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use gipf_bot::console::Console;
use gipf_bot::service::{Config, Service};

use crate::support::database::{flags, sql};
use crate::support::recorder::handle;

/// Runs `gipf-bot ARGS` with no database in its environment.
fn tool(args: &[String]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
        .args(args)
        .env_remove("DATABASE_URL")
        .env_remove("DATABASE_PATH")
        .output()
        .unwrap()
}

/// The service on the test's database `db`, as the process named `name`.
fn process(db: &Path, name: &str) -> Arc<Service> {
    let config = Config {
        instance: name.into(),
        ..Config::default()
    };
    Arc::new(Service::open(crate::support::database::database(db), config).unwrap())
}

fn now() -> i64 {
    gipf_bot::model::Clock::system().now()
}

#[test]
fn status_shows_the_living_processes_the_watch_and_the_work_waiting() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("gipf.db");
    let bot = process(&db, "bot-a/shards 0-1/4");
    let worker = process(&db, "worker-b");
    for service in [&bot, &worker] {
        service.keep_alive(Duration::from_secs(30));
    }
    let mut console = Console::new(dir.path().join("boards")).unwrap();
    for line in ["alice: !challenge @bob standard white", "bob: !accept"] {
        handle(&bot, &console.read_line(line).unwrap());
    }
    let now = now();
    let mut conn = sql(&db);
    conn.execute_batch(&format!(
        "UPDATE outbox SET sent_at = {now};
         INSERT INTO outbox (channel_id, kind, subject, ply, created_at)
             VALUES (1, 'turn', 1, 0, {now}), (1, 'turn', 1, 1, {now});
         INSERT INTO engine_requests (game_id, kind, asked_at, holder)
             VALUES (1, 'turn', {now}, NULL), (1, 'analysis', {now}, 'bot-a/shards 0-1/4');
         INSERT INTO leases (name, holder, until, since, renewed, beats)
             VALUES ('watch', 'bot-a/shards 0-1/4', {}, {}, {now}, 7),
                    ('process gone', 'gone', {}, {}, {}, 3);",
        now + 90,
        now - 600,
        now - 1,
        now - 900,
        now - 31,
    ))
    .unwrap();
    let mut args = vec!["status".to_string()];
    args.extend(flags(&db));
    let out = tool(&args);
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{out:?}");
    let lines: Vec<&str> = said.lines().collect();
    assert!(lines[0].starts_with("Reading "), "{said}");
    assert_eq!(lines[1], "2 processes are running:", "{said}");
    assert!(
        lines[2].starts_with("  bot-a, shards 0-1/4: up since 20"),
        "{said}"
    );
    assert!(lines[2].ends_with(" ago"), "{said}");
    assert!(lines[3].starts_with("  worker-b: up since 20"), "{said}");
    assert_eq!(
        lines[4..],
        [
            "The watch is kept by bot-a/shards 0-1/4.",
            "Messages owed, not posted yet: 2",
            "Engine requests: 1 waiting, 1 being searched",
            "Games running: 1",
        ],
        "{said}"
    );
}

#[test]
fn a_second_process_under_a_living_ones_name_stops_at_its_start() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("gipf.db");
    let first = process(&db, "twin");
    first.keep_alive(Duration::from_secs(30));
    let living = Arc::new(AtomicBool::new(true));
    let beating = {
        let (first, living) = (Arc::clone(&first), Arc::clone(&living));
        std::thread::spawn(move || {
            while living.load(Ordering::Relaxed) {
                first.keep_alive(Duration::from_secs(30));
                std::thread::sleep(Duration::from_millis(100));
            }
        })
    };
    let second = process(&db, "twin");
    let refused = second.claim_name(Duration::from_secs(5)).unwrap_err();
    assert!(
        refused
            .to_string()
            .starts_with("another living process runs as `twin`"),
        "{refused}"
    );
    assert!(
        refused.to_string().contains("another INSTANCE"),
        "{refused}"
    );
    // The first one dies (renews nothing more): a restart under its name goes on.
    living.store(false, Ordering::Relaxed);
    beating.join().unwrap();
    let restarted = process(&db, "twin");
    restarted.claim_name(Duration::from_millis(500)).unwrap();
    // A name nobody holds is taken at once.
    process(&db, "other")
        .claim_name(Duration::from_secs(60))
        .unwrap();
}

#[test]
fn an_engine_worker_never_creates_a_database() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("missing.db");
    let out = tool(&[
        "engine-worker".into(),
        "--db".into(),
        db.display().to_string(),
        "--until-idle".into(),
    ]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(
        said.contains(&format!("there is no database at {}", db.display())),
        "{said}"
    );
    assert!(said.contains("--database-url"), "{said}");
    assert!(!db.exists());
}

#[test]
fn a_database_that_does_not_answer_is_said_once_and_its_password_never() {
    if crate::support::database::postgres().is_some() {
        return; // No server is needed: it runs once, in the SQLite half of `.ci/test`.
    }
    // Nothing listens on port 1: every try for 30 s is refused.
    let url = "postgres://gipf:pw-of-nobody-93@127.0.0.1:1/gipf";
    let out = tool(&["doctor".into(), "--db".into(), url.into()]);
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    let log_line = "the database is not answering: commands wait up to 30 s for it";
    assert_eq!(said.matches(log_line).count(), 1, "{said}");
    assert!(
        said.contains(
            "cannot open postgres://gipf:***@127.0.0.1:1/gipf: the database is not answering"
        ),
        "{said}"
    );
    assert!(
        said.contains("cannot connect to postgres://gipf:***@127.0.0.1:1/gipf"),
        "{said}"
    );
    assert!(!said.contains("pw-of-nobody-93"), "{said}");
}
