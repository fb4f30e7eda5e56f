//! `gipf-bot backup`: a copy of a live database that the bot can open and play on.

use crate::support::recorder::handle;
use std::path::Path;
use std::process::{Command, Output};
use std::sync::Arc;

use gipf_bot::console::{CONSOLE_CHANNEL, Console};
use gipf_bot::service::{Config, Service};

/// Runs `gipf-bot backup --db DB OUT`.
fn backup(db: &Path, out: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
        .args(["backup", "--db"])
        .arg(db)
        .arg(out)
        .env_remove("DATABASE_PATH")
        .output()
        .unwrap()
}

#[test]
fn a_backup_taken_while_the_bot_writes_holds_the_games() {
    if crate::support::database::postgres().is_some() {
        return; // SQLite's own file: PostgreSQL has tests of its own (tests/service/postgres.rs)
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("gipf.db");
    let service = Arc::new(Service::open(&db, Config::default()).unwrap());
    let mut console = Console::new(dir.path().join("boards")).unwrap();
    for line in [
        "alice: !challenge @bob standard white",
        "bob: !accept",
        "alice: !push b1 c2",
    ] {
        handle(&service, &console.read_line(line).unwrap());
    }
    // Another writer is in the middle of a transaction: the backup still takes a
    // consistent copy (the write-ahead log is part of it; the open transaction is not).
    let writer = rusqlite::Connection::open(&db).unwrap();
    writer
        .execute_batch("BEGIN IMMEDIATE; UPDATE users SET name = 'mallory'")
        .unwrap();
    let out = dir.path().join("copy.db");
    let run = backup(&db, &out);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    writer.execute_batch("ROLLBACK").unwrap();

    let copy = Arc::new(Service::open(&out, Config::default()).unwrap());
    let state = copy.game_state(CONSOLE_CHANNEL, false).unwrap().unwrap();
    assert_eq!(state.turns, ["c2 (11)"]);
    let board = handle(&copy, &console.read_line("carol: !board").unwrap());
    assert!(
        board[0]
            .text
            .to_string()
            .contains("alice (white) vs bob (black)")
    );

    // It never overwrites: a second backup into the same file is refused.
    let again = backup(&db, &out);
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("exists already"));
}
