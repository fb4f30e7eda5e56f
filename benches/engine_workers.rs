//! Exchanges a second that engine workers serve: a database holds games against the engine
//! where it opens and its turn is asked (as a bot leaves them), and real
//! `gipf-bot engine-worker --until-idle` processes claim and play them all; the rate is the
//! engine's turns played (searched, stored with their outbox rows, their board drawn) over
//! the wall-clock time, at levels medium and hard, with one searcher, two in one process, and
//! one in each of two processes. On SQLite, and on PostgreSQL when `BENCH_DATABASE_URL` (or
//! `TEST_DATABASE_URL`) names one (`bash .ci/postgres start` makes one).
//!
//! `cargo bench --bench engine_workers`
#![allow(missing_docs, clippy::unwrap_used)]

use std::process::{Command, Stdio};
use std::time::Instant;

use gipf::{ByColor, Variant};
use gipf_bot::console::{ENGINE_NAME, user_id};
use gipf_bot::model::{ChannelId, Clock, ColorChoice, GameSpec};
use gipf_bot::store::{ChallengeTerms, Database, Store};

/// The games each run serves, by level: a few seconds of searching for one core.
const RUNS: [(&str, u64); 2] = [("medium", 16), ("hard", 8)];
/// (processes, searchers each).
const SHAPES: [(u64, u64); 3] = [(1, 1), (1, 2), (2, 1)];

fn main() {
    let server =
        std::env::var("BENCH_DATABASE_URL").or_else(|_| std::env::var("TEST_DATABASE_URL"));
    println!(
        "| database | level | processes × searchers | exchanges | seconds | exchanges a second |"
    );
    println!("|---|---|---|---|---|---|");
    for (level, games) in RUNS {
        for (processes, searchers) in SHAPES {
            let dir = tempfile::tempdir().unwrap();
            let mut databases = vec![("SQLite", vec!["--db".to_string(), file(&dir)])];
            if let Ok(url) = &server {
                let name = format!(
                    "bench_{}_{level}_{processes}_{searchers}",
                    std::process::id()
                );
                databases.push((
                    "PostgreSQL",
                    vec!["--database-url".into(), scratch(url, &name)],
                ));
            }
            for (name, flags) in databases {
                let database = database_of(&flags);
                waiting_games(database, level, games);
                let (served, seconds) = serve(&flags, processes, searchers);
                assert_eq!(served, games, "every exchange served once");
                println!(
                    "| {name} | {level} | {processes} × {searchers} | {served} | {seconds:.1} | {:.2} |",
                    served as f64 / seconds
                );
            }
        }
    }
}

fn file(dir: &tempfile::TempDir) -> String {
    dir.path().join("bench.db").display().to_string()
}

/// A schema `name` of its own on the server at `url`: its URL.
fn scratch(url: &str, name: &str) -> String {
    let Database::Postgres(url) = Database::parse(url).unwrap() else {
        panic!("not a postgres:// URL")
    };
    let Database::Postgres(fresh) = Database::scratch(&url, name).unwrap() else {
        unreachable!()
    };
    fresh.as_str().to_string()
}

fn database_of(flags: &[String]) -> Database {
    match flags[0].as_str() {
        "--db" => Database::Sqlite(flags[1].clone().into()),
        _ => Database::parse(&flags[1]).unwrap(),
    }
}

/// `games` games against the engine at `level`, each where the engine opens and its turn
/// waits: as a bot leaves them when its searchers are busy.
fn waiting_games(database: Database, level: &str, games: u64) {
    let store = Store::open(database, Clock::system()).unwrap();
    let (alice, engine) = (user_id("alice"), user_id(ENGINE_NAME));
    store.remember_user(alice, "alice").unwrap();
    store.remember_user(engine, ENGINE_NAME).unwrap();
    for game in 0..games {
        let terms = ChallengeTerms {
            guild: None,
            channel: ChannelId(1_000 + game),
            challenger: alice,
            challenged: Some(engine),
            spec: GameSpec::Plain(Variant::Standard),
            color: ColorChoice::Black,
            time: None,
            thread: false,
            hints: false,
        };
        let players = ByColor::new(engine, alice);
        let level = level.parse().unwrap();
        store
            .start_engine_game(&terms, players, engine, level, None)
            .unwrap();
    }
}

/// Runs `processes` engine workers of `searchers` each until no work is left: the exchanges
/// they served, and the wall-clock seconds from their start to the last one's end.
fn serve(flags: &[String], processes: u64, searchers: u64) -> (u64, f64) {
    let started = Instant::now();
    let workers: Vec<_> = (0..processes)
        .map(|_| {
            Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
                .args(["engine-worker", "--until-idle", "--engine-threads"])
                .arg(searchers.to_string())
                .args(flags)
                .env("LOG_LEVEL", "warn")
                .stdout(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    let served = workers
        .into_iter()
        .map(|worker| {
            let out = worker.wait_with_output().unwrap();
            assert!(out.status.success());
            let said = String::from_utf8(out.stdout).unwrap();
            // `served 8 requests in 9.4 s (0.85 a second)`
            said.split_whitespace()
                .nth(1)
                .unwrap()
                .parse::<u64>()
                .unwrap()
        })
        .sum();
    (served, started.elapsed().as_secs_f64())
}
