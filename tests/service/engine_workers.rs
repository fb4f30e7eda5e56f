//! The engine's work as rows any process may claim (issue 33): an engine worker (a process
//! with no Discord, which posts nothing) plays the engine's turn a bot left, and the bot posts
//! it once; two workers never play one request twice; a request held by a process that died
//! is taken once its life lease lapses; an analysis asked in two channels is done by a worker
//! and posted in both. On SQLite and, with `TEST_DATABASE_URL`, on PostgreSQL.

use crate::support::recorder::{Hold, Recorder, engine_work, tend};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use crate::support::database::{database, flags};
use crate::support::table::{Table, shown};
use gipf_ai::Limits;
use gipf_ai::analyse::Budget;
use gipf_bot::console::{ENGINE_NAME, user_id};
use gipf_bot::model::{ChannelId, Clock};
use gipf_bot::service::{Config, Service};
use gipf_bot::store::sql::{ToValue, params};
use gipf_bot::store::{RequestKind, Store};

const BOTH: [RequestKind; 2] = [RequestKind::Turn, RequestKind::Analysis];

/// Settings on a clock the test moves, for the process named `instance`.
fn on_clock(now: &Arc<AtomicI64>, instance: &str) -> Config {
    let now = Arc::clone(now);
    Config {
        clock: Clock::new(move || now.load(Ordering::SeqCst)),
        instance: instance.into(),
        engine_threads: 1,
        analysis: Budget {
            scan: Limits::depth(1),
            confirm: Limits::depth(2),
        },
        ..Config::default()
    }
}

/// A bot (named `bot-a`) on a table whose clock the test moves, the engine's user known.
fn bot() -> (Table, Arc<AtomicI64>) {
    let now = Arc::new(AtomicI64::new(1_800_000_000));
    let table = Table::with_config(on_clock(&now, "bot-a"));
    table
        .service
        .set_engine_user(user_id(ENGINE_NAME), ENGINE_NAME);
    table.service.keep_alive(Duration::from_secs(60));
    (table, now)
}

/// Another process on the table's database: an engine worker (it posts nothing) or a bot.
fn process(table: &Table, now: &Arc<AtomicI64>, instance: &str, worker: bool) -> Arc<Service> {
    let db = database(&table.dir.path().join("gipf.db"));
    let config = Config {
        posts_messages: !worker,
        ..on_clock(now, instance)
    };
    let service = Arc::new(Service::open(db, config).unwrap());
    service.keep_alive(Duration::from_secs(60));
    service
}

/// Alice starts a game against the engine in channel `channel` and pushes; the bot's answer
/// is left undone (the bot stopped before its searcher started: held for good as it shows
/// it is typing, the engine to move).
fn left_for_the_engine(table: &mut Table, channel: u64) {
    table.channel = ChannelId(channel);
    table.say("alice", "!challenge @gipf-bot standard white easy");
    let pushing = table.say_beside("alice", "!push b1 c2", Recorder::holding(Hold::Typing));
    pushing.typing();
    pushing.abandon();
}

/// What nobody living posts, posted by `service` as it tends its life.
fn left_unsent(service: &Arc<Service>) -> Vec<(ChannelId, gipf_bot::reply::Reply)> {
    tend(service, &Arc::default(), Duration::from_secs(60))
}

/// What `count`, a query of one number, reads with `params`.
fn count(table: &Table, count: &str, params: &[&dyn ToValue]) -> i64 {
    (table.sql())
        .query_row(count, params, |r| r.get(0))
        .unwrap()
}

/// How many turns game `game` has stored.
fn turns(table: &Table, game: i64) -> i64 {
    count(
        table,
        "SELECT COUNT(*) FROM turns WHERE game_id = ?1",
        params![game],
    )
}

#[test]
fn a_worker_plays_the_turn_a_bot_left_and_a_bot_posts_it_once() {
    let (mut table, now) = bot();
    left_for_the_engine(&mut table, 1);
    let worker = process(&table, &now, "worker-1", true);
    let played = engine_work(&worker, &BOTH).expect("a request to claim");
    assert!(!played.is_empty());
    assert_eq!(turns(&table, 1), 2, "the engine's turn is stored");
    assert!(
        engine_work(&worker, &BOTH).is_none(),
        "answered: no request"
    );
    // The worker posts nothing: the bot finds the message nobody living posts, once. Its own
    // (alice's push, which it posts itself) it leaves alone.
    let posted = left_unsent(&table.service);
    assert_eq!(posted.len(), 1, "{posted:?}");
    let (channel, reply) = &posted[0];
    assert_eq!(*channel, ChannelId(1));
    let text = shown(reply);
    assert!(text.contains("I (black) answered"), "{text}");
    assert_eq!(reply.mentions(), [user_id("alice")], "{text}");
    let other_bot = process(&table, &now, "bot-b", false);
    assert!(
        left_unsent(&other_bot).is_empty(),
        "claimed by the first bot"
    );
    assert!(left_unsent(&table.service).is_empty(), "and only once");
}

#[test]
fn two_workers_never_play_one_request_twice() {
    let (mut table, now) = bot();
    for channel in 1..=6 {
        left_for_the_engine(&mut table, channel);
    }
    let workers = ["worker-1", "worker-2"].map(|name| process(&table, &now, name, true));
    let served: Vec<usize> = std::thread::scope(|scope| {
        let serving = workers.each_ref().map(|worker| {
            scope.spawn(move || std::iter::from_fn(|| engine_work(worker, &BOTH)).count())
        });
        serving.map(|s| s.join().unwrap()).into()
    });
    assert_eq!(served.iter().sum::<usize>(), 6, "{served:?}");
    for game in 1..=6 {
        assert_eq!(turns(&table, game), 2, "game {game}");
    }
    let unsent = "SELECT COUNT(*) FROM outbox WHERE holder IS NULL AND sent_at IS NULL";
    let owed = count(&table, unsent, params![]);
    assert_eq!(owed, 6, "one message for the bots to post per engine turn");
}

#[test]
fn a_request_held_by_a_process_that_died_is_taken_once_its_life_lapses() {
    let (mut table, now) = bot();
    left_for_the_engine(&mut table, 1);
    // A worker claims the turn and dies (kill -9) before it plays it.
    let db = database(&table.dir.path().join("gipf.db"));
    let clock = Clock::new({
        let now = Arc::clone(&now);
        move || now.load(Ordering::SeqCst)
    });
    let dying = Store::open(db, clock)
        .unwrap()
        .as_process("worker-dies", false);
    dying.keep_alive(Duration::from_secs(30)).unwrap();
    let claimed = dying.claim_next_engine_request(&BOTH).unwrap().unwrap();
    assert_eq!((claimed.game.0, claimed.kind), (1, RequestKind::Turn));
    drop(dying);
    let worker = process(&table, &now, "worker-2", true);
    assert!(
        engine_work(&worker, &BOTH).is_none(),
        "its life has not lapsed"
    );
    assert_eq!(turns(&table, 1), 1);
    now.fetch_add(30, Ordering::SeqCst);
    assert!(engine_work(&worker, &BOTH).is_some(), "lapsed: taken over");
    assert_eq!(turns(&table, 1), 2);
}

#[test]
fn an_analysis_asked_in_two_channels_is_done_by_a_worker_and_posted_in_both() {
    let (mut table, now) = bot();
    table.channel = ChannelId(1);
    table.start("standard");
    table.expect("alice", "!push b1 c2", "played");
    table.expect("bob", "!resign confirm", "bob resigned");
    // The bot's own search of it held back, its answer out.
    let asking = table.say_beside("carol", "!analyse 1", Recorder::holding(Hold::FirstAnswer));
    let asked = asking.first();
    assert!(shown(&asked).contains("I am looking at"), "{asked:?}");
    table.channel = ChannelId(2);
    let again = table.say("dave", "!analyse 1");
    assert!(
        shown(&again[0]).contains("is being analysed already"),
        "{:?}",
        again
    );
    let worker = process(&table, &now, "worker-1", true);
    engine_work(&worker, &BOTH).expect("the analysis to claim");
    // The bot's own follow-up finds it done elsewhere: it posts nothing twice.
    let followed = &asking.join()[1..];
    assert!(
        followed
            .iter()
            .all(|(_, r)| !shown(r).contains("that cost")),
        "{followed:?}"
    );
    let posted = left_unsent(&table.service);
    let channels: Vec<u64> = posted.iter().map(|(c, _)| c.0).collect();
    assert!(
        channels.contains(&1) && channels.contains(&2),
        "{channels:?}"
    );
    assert!(
        (posted.iter()).all(|(_, r)| shown(r).starts_with("Game 1")),
        "{posted:?}"
    );
}

#[test]
fn the_engine_worker_command_plays_the_waiting_turns_and_says_how_many() {
    let (mut table, _) = bot();
    for channel in 1..=2 {
        left_for_the_engine(&mut table, channel);
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
        .args(["engine-worker", "--until-idle", "--engine-threads", "1"])
        .args(flags(&table.dir.path().join("gipf.db")))
        .env("LOG_LEVEL", "warn")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.starts_with("served 2 requests in "), "{said}");
    for game in 1..=2 {
        assert_eq!(turns(&table, game), 2, "game {game}");
    }
    // It gave back its life lease as it stopped: what it owes is anyone's to post now.
    let lives = "SELECT COUNT(*) FROM leases WHERE name LIKE 'process %engine-worker%'";
    let held = count(&table, lives, params![]);
    assert_eq!(held, 0);
}
