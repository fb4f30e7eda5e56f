//! The database a test runs on: the SQLite file it names, or, when `TEST_DATABASE_URL` names
//! a PostgreSQL server (as `.ci/run` does), a schema of that server of its own, the same one
//! each time the test names the same file (so a restart finds its data).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, OnceLock};

use gipf_bot::store::Database;
use gipf_bot::store::sql::Conn;

/// The PostgreSQL server the tests run on, if one is set.
pub fn postgres() -> Option<String> {
    std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|url| !url.trim().is_empty())
}

/// The database the test's file `path` stands for.
pub fn database(path: &Path) -> Database {
    // The service's logs, shown with a failing test's output.
    let _ = tracing_subscriber::fmt()
        .with_test_writer()
        .with_ansi(false)
        .with_env_filter("warn")
        .try_init();
    let Some(url) = postgres() else {
        return Database::Sqlite(path.to_path_buf());
    };
    static SCHEMAS: OnceLock<Mutex<HashMap<PathBuf, Database>>> = OnceLock::new();
    let mut schemas = SCHEMAS.get_or_init(Default::default).lock().unwrap();
    let next = schemas.len();
    schemas
        .entry(path.to_path_buf())
        .or_insert_with(|| {
            let Database::Postgres(url) = Database::parse(&url).unwrap() else {
                panic!("TEST_DATABASE_URL is not a postgres:// URL")
            };
            let name = format!("t{}_{next}", std::process::id());
            // PostgreSQL's client must not run on an async runtime's thread.
            std::thread::spawn(move || Database::scratch(&url, &name).unwrap())
                .join()
                .unwrap()
        })
        .clone()
}

/// A connection to the test's database, to change rows behind the service's back (from a
/// test without an async runtime: see [`with_sql`]).
pub fn sql(path: &Path) -> Conn {
    Conn::open(&database(path)).unwrap()
}

/// Runs `work` on a connection to the test's database, on a thread of its own: an async
/// test's thread drives its runtime, where PostgreSQL's client must not block.
pub fn with_sql<T: Send + 'static>(
    path: &Path,
    work: impl FnOnce(&mut Conn) -> T + Send + 'static,
) -> T {
    let database = database(path);
    std::thread::spawn(move || work(&mut Conn::open(&database).unwrap()))
        .join()
        .unwrap()
}

/// The command line's flags that name the test's database.
pub fn flags(path: &Path) -> Vec<String> {
    match database(path) {
        Database::Sqlite(file) => vec!["--db".into(), file.display().to_string()],
        Database::Postgres(url) => vec!["--database-url".into(), url.as_str().into()],
    }
}
