//! Turns a second the store keeps, on SQLite and on PostgreSQL, from one process and from
//! two on one database: each process runs 4 writers, each with a game of its own, saving
//! one turn after another as the service does (the version-checked update, the turn's row and
//! its outbox row, in one transaction) for 5 seconds. The processes are real ones: this
//! program starts copies of itself. PostgreSQL is measured when `BENCH_DATABASE_URL` (or
//! `TEST_DATABASE_URL`) names one; `bash .ci/postgres start` makes one.
//!
//! `cargo bench --bench stored_turns`
#![allow(missing_docs, clippy::unwrap_used)]

use std::process::Command;
use std::time::{Duration, Instant};

use gipf::{ByColor, Variant};
use gipf_bot::console::user_id;
use gipf_bot::model::{ChannelId, Clock, ColorChoice, GameSpec, GameStatus, Partial};
use gipf_bot::store::{ChallengeTerms, Database, Progress, Store};

const WRITERS: u64 = 4;
const RUN: Duration = Duration::from_secs(5);

fn main() {
    if let Ok(spec) = std::env::var("STORED_TURNS_WORKER") {
        let (database, first_channel) = spec.split_once('|').expect("database|channel");
        let database = Database::parse(database).unwrap();
        println!("{}", worker(&database, first_channel.parse().unwrap()));
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let mut databases = vec![("SQLite", dir.path().join("bench.db").display().to_string())];
    let server =
        std::env::var("BENCH_DATABASE_URL").or_else(|_| std::env::var("TEST_DATABASE_URL"));
    if let Ok(url) = server {
        databases.push(("PostgreSQL", fresh_schema(&url)));
    }
    println!("| database | processes | turns stored | turns a second |");
    println!("|---|---|---|---|");
    for (name, database) in databases {
        for processes in [1_u64, 2] {
            let turns = run(&database, processes);
            let per_second = turns as f64 / RUN.as_secs_f64();
            println!("| {name} | {processes} | {turns} | {per_second:.0} |");
        }
    }
}

/// A schema of its own on the server at `url`.
fn fresh_schema(url: &str) -> String {
    let Database::Postgres(url) = Database::parse(url).unwrap() else {
        panic!("not a postgres:// URL")
    };
    let name = format!("bench_{}", std::process::id());
    let Database::Postgres(fresh) = Database::scratch(&url, &name).unwrap() else {
        unreachable!()
    };
    fresh.as_str().to_string()
}

/// Starts `processes` workers on `database` at once; the turns they stored in all.
fn run(database: &str, processes: u64) -> u64 {
    // Migrated once, before the workers race to open it.
    Store::open(Database::parse(database).unwrap(), Clock::system()).unwrap();
    let exe = std::env::current_exe().unwrap();
    let children: Vec<_> = (0..processes)
        .map(|p| {
            let channel = 1_000 * (p + 1) + processes * 100_000 + rand_base();
            Command::new(&exe)
                .env("STORED_TURNS_WORKER", format!("{database}|{channel}"))
                .stdout(std::process::Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    children
        .into_iter()
        .map(|child| {
            let out = child.wait_with_output().unwrap();
            assert!(out.status.success());
            String::from_utf8(out.stdout)
                .unwrap()
                .trim()
                .parse::<u64>()
                .unwrap()
        })
        .sum()
}

/// Channels not used by an earlier run on the same database.
fn rand_base() -> u64 {
    u64::from(std::process::id()) * 10_000_000
}

/// One process: `WRITERS` threads, each saving turns of its own game; the turns stored.
fn worker(database: &Database, first_channel: u64) -> u64 {
    let store = std::sync::Arc::new(Store::open(database.clone(), Clock::system()).unwrap());
    let threads: Vec<_> = (0..WRITERS)
        .map(|w| {
            let store = std::sync::Arc::clone(&store);
            std::thread::spawn(move || play(&store, ChannelId(first_channel + w)))
        })
        .collect();
    threads.into_iter().map(|t| t.join().unwrap()).sum()
}

/// Saves turns in a new game in `channel` for [`RUN`]; how many.
fn play(store: &Store, channel: ChannelId) -> u64 {
    let (alice, bob) = (user_id("alice"), user_id("bob"));
    store.remember_user(alice, "alice").unwrap();
    store.remember_user(bob, "bob").unwrap();
    let terms = ChallengeTerms {
        guild: None,
        channel,
        challenger: alice,
        challenged: Some(bob),
        spec: GameSpec::Plain(Variant::Standard),
        color: ColorChoice::White,
        time: None,
        thread: false,
        hints: false,
    };
    store
        .create_challenge(&terms, Duration::from_secs(3600))
        .unwrap();
    let challenge = store.challenge(channel).unwrap().unwrap();
    let mut game = store
        .start_game(&challenge, ByColor::new(alice, bob), None)
        .unwrap()
        .unwrap()
        .game;
    let (started, mut turns) = (Instant::now(), 0);
    while started.elapsed() < RUN {
        let player = if turns % 2 == 0 { alice } else { bob };
        let progress = Progress {
            turns: vec![("c2 (11)".into(), player, None)],
            ..Progress::to(GameStatus::Active, Partial::default())
        };
        game = store
            .save(&game, progress)
            .unwrap()
            .expect("no other writer")
            .game;
        turns += 1;
    }
    turns
}
