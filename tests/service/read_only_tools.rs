//! The tools that only read a database (`doctor`, `export`, `backup`) never change it: each
//! runs on every upgrade fixture, on the test's engine (a fixture is put into PostgreSQL at
//! its own schema), and the database's schema and rows (and a SQLite file's bytes) are the
//! same after. Each tool names the database on its first line, a password as `***`, and no
//! output of a tool shows the password.

use std::path::Path;
use std::process::{Command, Output};

use gipf_bot::store::Database;
use gipf_bot::store::copy;
use gipf_bot::store::migrate;
use gipf_bot::store::sql::Conn;

use crate::support::database::database;
use crate::upgrade::{fixture, fixtures};

/// A password the test's URL carries (the test server trusts loopback, so it is not asked).
const PASSWORD: &str = "pw-never-shown-7f3a";

/// Runs `gipf-bot ARGS` with no database in its environment (`.env` and all).
fn tool(args: &[&str], cwd: &Path) -> Output {
    let output = Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
        .args(args)
        .current_dir(cwd)
        .env_remove("DATABASE_URL")
        .env_remove("DATABASE_PATH")
        .env("LOG_LEVEL", "debug")
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        !said.contains(PASSWORD),
        "{args:?} showed the password: {said}"
    );
    output
}

/// What a database holds: its schema's version, and each table's columns and rows as text.
fn contents(database: &Database) -> Vec<String> {
    let mut conn = Conn::open_read_only(database).unwrap();
    let mut held = vec![format!("schema {}", migrate::version(&mut conn).unwrap())];
    for table in copy::TABLES {
        let columns = copy::columns(&mut conn, table).unwrap();
        if columns.is_empty() {
            continue;
        }
        let quoted: Vec<String> = columns.iter().map(|c| format!("\"{c}\"")).collect();
        let sql = format!("SELECT {} FROM {table}", quoted.join(", "));
        let mut rows = conn
            .query_map(&sql, &[], |r| Ok(format!("{:?}", r.clone().into_cells())))
            .unwrap();
        rows.sort();
        held.push(format!(
            "{table} ({}): {}",
            columns.join(", "),
            rows.join("; ")
        ));
    }
    held
}

/// The URL of a PostgreSQL database with [`PASSWORD`] in it.
fn with_password(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap();
    let (user, host) = rest.split_once('@').unwrap();
    format!("{scheme}://{user}:{PASSWORD}@{host}")
}

#[test]
fn doctor_export_and_backup_leave_every_fixture_as_it_was() {
    for schema in fixtures() {
        let (fixture_db, exports) = fixture(schema);
        let work = tempfile::tempdir().unwrap();
        let file = work.path().join("gipf.db");
        std::fs::copy(&fixture_db, &file).unwrap();
        let database = database(&file);
        let (flag, shown) = match &database {
            Database::Sqlite(_) => (file.display().to_string(), file.display().to_string()),
            Database::Postgres(url) => {
                copy::copy_as_is(&Database::Sqlite(file.clone()), &database).unwrap();
                let url = with_password(url.as_str());
                let shown = Database::parse(&url).unwrap().to_string();
                assert!(shown.contains(":***@"), "{shown}");
                (url, shown)
            }
        };
        let before = (contents(&database), std::fs::read(&file).unwrap());
        assert_eq!(before.0[0], format!("schema {schema}"));
        let out = work.path().join("out");
        let backup = work.path().join("backup.db");
        for args in [
            vec!["doctor", "--db", &flag],
            vec!["export", "--db", &flag, "-o", out.to_str().unwrap()],
            vec!["backup", "--db", &flag, backup.to_str().unwrap()],
        ] {
            let output = tool(&args, work.path());
            let said = String::from_utf8_lossy(&output.stdout);
            assert!(
                output.status.success(),
                "schema {schema}, {args:?}: {output:?}"
            );
            assert_eq!(
                said.lines().next(),
                Some(format!("Reading {shown}.").as_str())
            );
            let after = (contents(&database), std::fs::read(&file).unwrap());
            assert!(
                after == before,
                "schema {schema}: {args:?} changed the database"
            );
        }
        let names = |dir: &Path| {
            let mut names: Vec<String> = std::fs::read_dir(dir)
                .unwrap()
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .collect();
            names.sort();
            names
        };
        assert_eq!(names(&out), names(&exports), "schema {schema}'s records");
        let games = |database: &Database| {
            let mut conn = Conn::open_read_only(database).unwrap();
            conn.query_row("SELECT COUNT(*) FROM games", &[], |r| r.get::<i64>(0))
                .unwrap()
        };
        assert_eq!(games(&Database::Sqlite(backup)), games(&database));
    }
}
