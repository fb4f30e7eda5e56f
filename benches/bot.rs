//! One full command round trip: parse, load and replay the game, apply, persist in one
//! transaction (the turn and its announcement's outbox row), render the board PNG, and mark
//! the announcement sent. `cargo bench --bench bot`. The outbox's share of it stands alone:
//! `turn_write_with_outbox_row` against `turn_write_without_outbox_row` (the row's insert in
//! the turn's transaction), `outbox_row_marked` (its update once posted) and, for a turn
//! answered through an interaction, `outbox_row_noted` (its message kept before the marking).
#![allow(missing_docs, clippy::unwrap_used)]

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use divan::Bencher;
use gipf::Variant;
use gipf_bot::console::{Terminal, user_id};
use gipf_bot::model::{ChannelId, ColorChoice, GameSpec, GameStatus, Partial};
use gipf_bot::service::{Asked, Config, Message, Service, User, Via};
use gipf_bot::store::{ChallengeTerms, Progress, Store};

fn main() {
    divan::main();
}

const RECORD: &str = include_str!("../crates/gipf/tests/data/tournament-41-plies.gipf");

/// A channel whose tournament game stands after the record's first 18 turns.
fn prepared_channel(store: &Store, channel: ChannelId) {
    let (alice, bob) = (user_id("alice"), user_id("bob"));
    let terms = ChallengeTerms {
        guild: None,
        channel,
        challenger: alice,
        challenged: Some(bob),
        spec: GameSpec::Plain(Variant::Tournament),
        color: ColorChoice::White,
        time: None,
        thread: false,
        hints: false,
    };
    let hour = std::time::Duration::from_secs(3600);
    store.create_challenge(&terms, hour).unwrap();
    let challenge = store.challenge(channel).unwrap().unwrap();
    let players = gipf::ByColor::new(alice, bob);
    let game = store
        .start_game(&challenge, players, None)
        .unwrap()
        .unwrap()
        .game;
    let turns = RECORD.lines().take(18).enumerate();
    let progress = Progress {
        turns: turns
            .map(|(i, t)| (t.to_string(), if i % 2 == 0 { alice } else { bob }, None))
            .collect(),
        ..Progress::to(GameStatus::Active, Partial::default())
    };
    assert!(store.save(&game, progress).unwrap().is_some());
}

#[divan::bench(sample_count = 60, sample_size = 1)]
fn command_round_trip(bencher: Bencher) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bench.db");
    let service = Arc::new(Service::open(&path, Config::default()).unwrap());
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let store = Store::open(&path, gipf_bot::model::Clock::system()).unwrap();
    store.remember_user(user_id("alice"), "alice").unwrap();
    store.remember_user(user_id("bob"), "bob").unwrap();
    let next_channel = AtomicU64::new(1);
    bencher
        .with_inputs(|| {
            let channel = ChannelId(next_channel.fetch_add(1, Ordering::Relaxed));
            prepared_channel(&store, channel);
            Message {
                guild: None,
                channel,
                author: User {
                    id: user_id("alice"),
                    name: "alice".into(),
                },
                text: "!move h6-c4;xc6*,d6,f5,g4".into(),
                mentions: Vec::new(),
                channels: Vec::new(),
                stamp: None,
                // A channel without a server, as the console's: a direct message refuses
                // moves.
                via: Via::Console,
                site: None,
                rights: Default::default(),
                sight: gipf_bot::sight::Sight::Everything,
                answer_token: None,
            }
        })
        .bench_local_values(|message| {
            // Served to its end: the turn posted and its announcement marked sent.
            let shown = Arc::new(Terminal::default());
            runtime.block_on(service.serve(message, Asked::Line, Arc::clone(&shown)));
            let replies = shown.take();
            assert!(replies[0].board.is_some(), "{}", replies[0].text);
            replies
        });
}

/// A database with one game, for the outbox's row alone: (the directory, its path, the store).
fn outbox_database() -> (tempfile::TempDir, std::path::PathBuf, Store) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bench.db");
    let store = Store::open(&path, gipf_bot::model::Clock::system()).unwrap();
    store.remember_user(user_id("alice"), "alice").unwrap();
    store.remember_user(user_id("bob"), "bob").unwrap();
    prepared_channel(&store, ChannelId(1));
    (dir, path, store)
}

/// A connection to `path` set as the store's own (WAL, synchronous NORMAL).
fn raw_connection(path: &std::path::Path) -> rusqlite::Connection {
    let db = rusqlite::Connection::open(path).unwrap();
    db.pragma_update(None, "synchronous", "NORMAL").unwrap();
    db
}

/// A transaction that writes as a turn's does (the game's row), and with `row` the outbox's
/// row too: set against each other, the row's insert alone.
fn turn_like_transaction(db: &mut rusqlite::Connection, row: bool) {
    let tx = db
        .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .unwrap();
    tx.prepare_cached("UPDATE games SET updated_at = updated_at + 1 WHERE id = 1")
        .unwrap()
        .execute([])
        .unwrap();
    if row {
        // As the store's `owe`: the row written and its id read back.
        let _: i64 = tx
            .prepare_cached(
                "INSERT INTO outbox (channel_id, kind, subject, ply, created_at)
                 VALUES (1, 'turn', 1, 19, 0) RETURNING id",
            )
            .unwrap()
            .query_row([], |row| row.get(0))
            .unwrap();
    }
    tx.commit().unwrap();
}

/// The outbox's part of a turn's transaction: the game's row written with the outbox's row.
#[divan::bench(sample_count = 400, sample_size = 1)]
fn turn_write_with_outbox_row(bencher: Bencher) {
    let (_dir, path, _store) = outbox_database();
    let mut db = raw_connection(&path);
    bencher.bench_local(|| turn_like_transaction(&mut db, true));
}

/// The same transaction without the outbox's row.
#[divan::bench(sample_count = 400, sample_size = 1)]
fn turn_write_without_outbox_row(bencher: Bencher) {
    let (_dir, path, _store) = outbox_database();
    let mut db = raw_connection(&path);
    bencher.bench_local(|| turn_like_transaction(&mut db, false));
}

/// A new unsent outbox row of the database at `db`.
fn unsent_row(db: &rusqlite::Connection) -> gipf_bot::model::OutboxId {
    let id = db
        .query_row(
            "INSERT INTO outbox (channel_id, kind, subject, ply, created_at)
             VALUES (1, 'turn', 1, 19, 0) RETURNING id",
            [],
            |row| row.get(0),
        )
        .unwrap();
    gipf_bot::model::OutboxId(id)
}

/// The outbox's other part of a turn: its row marked sent once posted (a transaction of its
/// own, as the adapter's).
#[divan::bench(sample_count = 200, sample_size = 1)]
fn outbox_row_marked(bencher: Bencher) {
    let (_dir, path, store) = outbox_database();
    let db = raw_connection(&path);
    bencher
        .with_inputs(|| unsent_row(&db))
        .bench_local_values(|row| store.mark_sent(&[row], Some(42)).unwrap());
}

/// What a turn answered through an interaction adds: its message kept on its row before the
/// direct copies and the marking (an update of its own).
#[divan::bench(sample_count = 200, sample_size = 1)]
fn outbox_row_noted(bencher: Bencher) {
    let (_dir, path, store) = outbox_database();
    let db = raw_connection(&path);
    bencher
        .with_inputs(|| unsent_row(&db))
        .bench_local_values(|row| store.note_posted(&[row], 42).unwrap());
}

/// The record's replay alone (41 turns), every state kept, as one load of a game costs: set
/// against `command_round_trip`, it says whether a stored snapshot would pay (a game of 150
/// turns costs about 150/41 of it).
#[divan::bench(sample_count = 100, sample_size = 1)]
fn replay_of_41_turns() -> gipf_bot::record::Replay {
    let options = gipf::potentials::Options::plain(Variant::Tournament);
    gipf_bot::record::replay(divan::black_box(RECORD), options).unwrap()
}
