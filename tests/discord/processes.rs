//! Two processes of the bot on one database (PostgreSQL when `TEST_DATABASE_URL` is set, as
//! in CI; else one SQLite file): each runs its own range of Discord's shards, both play the
//! servers of theirs, and the watch is kept by one of them at a time, taken over by the other
//! once the first dies and its lease lapses.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use gipf::{Position, Variant};
use gipf_bot::discord::{Shards, shard_of};
use gipf_bot::model::Clock;
use gipf_bot::service::Config;
use gipf_bot::store::sql::params;

use crate::outbox::stored;
use crate::support::bot::{Bot, ask, assert_no_unhandled, content, next_push, say};
use crate::support::chat::{ALICE, BOB, GUILD};
use crate::support::database::with_sql;
use crate::support::fake_discord::{FakeDiscord, MessageSpec};

/// A line said in `guild`'s `channel`.
fn said_in<'a>(guild: u64, channel: u64, author: (u64, &'a str), line: &'a str) -> MessageSpec<'a> {
    MessageSpec {
        guild_id: Some(guild),
        mentions: if line.starts_with("!challenge") {
            vec![BOB]
        } else {
            Vec::new()
        },
        ..say(channel, author, line)
    }
}

/// Both processes' settings: one clock the test moves, a watch every half second.
fn on_clock(now: &Arc<AtomicI64>) -> Config {
    let now = Arc::clone(now);
    Config {
        clock: Clock::new(move || now.load(Ordering::SeqCst)),
        deadline_watch_every: Duration::from_millis(500),
        ..Config::default()
    }
}

/// Two processes: shards 0-1 and 2-3 of 4, on one database, started in that order.
async fn two_processes(
    discord: &FakeDiscord,
    db: &std::path::Path,
    now: &Arc<AtomicI64>,
) -> [Bot; 2] {
    discord.recommend_shards(4);
    let first = Bot::start_sharded(
        discord,
        db,
        on_clock(now),
        "0-1/4".parse::<Shards>().unwrap(),
    )
    .await;
    discord.wait_shards(&[(0, 4), (1, 4)]).await;
    let second = Bot::start_sharded(
        discord,
        db,
        on_clock(now),
        "2-3/4".parse::<Shards>().unwrap(),
    )
    .await;
    discord.wait_shards(&[(0, 4), (1, 4), (2, 4), (3, 4)]).await;
    [first, second]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_on_one_database_play_the_servers_of_all_four_shards() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    let now = Arc::new(AtomicI64::new(1_800_000_000));
    let [first, second] = two_processes(&discord, &db, &now).await;
    for k in 0..4_u64 {
        let guild = GUILD + (k << 22);
        let channel = 920_000_000_000_000_000 + k;
        let challenge = format!("!challenge <@{}> standard white", BOB.0);
        let asked = ask(&discord, said_in(guild, channel, ALICE, &challenge)).await;
        assert!(
            content(&asked).contains("challenges you"),
            "shard {}: {asked:#}",
            shard_of(guild, 4)
        );
        let accepted = ask(&discord, said_in(guild, channel, BOB, "!accept")).await;
        assert!(content(&accepted).starts_with("Game on"), "{accepted:#}");
        let push = format!("!push {}", next_push(&mut Position::new(Variant::Standard)));
        let played = ask(&discord, said_in(guild, channel, ALICE, &push)).await;
        assert!(content(&played).contains("played"), "{played:#}");
    }
    let games = with_sql(&db, |c| {
        c.query_row(
            "SELECT COUNT(*) FROM games WHERE status = 'active'",
            params![],
            |r| r.get::<i64>(0),
        )
        .unwrap()
    });
    assert_eq!(games, 4, "one game in a server of each shard");
    assert_no_unhandled(&discord);
    first.stop_alone().await;
    second.stop(&discord).await;
}

/// The process that keeps the watch now.
fn watch_keeper(db: &std::path::Path) -> Option<String> {
    with_sql(db, |c| {
        c.query_opt(
            "SELECT holder FROM leases WHERE name = 'watch'",
            params![],
            |r| r.get(0),
        )
        .unwrap()
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_the_process_keeping_the_watch_dies_the_other_does_its_work_once() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    let now = Arc::new(AtomicI64::new(1_800_000_000));
    let [first, second] = two_processes(&discord, &db, &now).await;
    let (guild, channel) = (GUILD, 920_000_000_000_000_100);
    let challenge = format!("!challenge <@{}> standard white days=1 autoforfeit", BOB.0);
    ask(&discord, said_in(guild, channel, ALICE, &challenge)).await;
    ask(&discord, said_in(guild, channel, BOB, "!accept")).await;
    // The first process started first and keeps the watch while it lives.
    let keeper = watch_keeper(&db).expect("the watch is kept");
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    assert_eq!(
        watch_keeper(&db).as_deref(),
        Some(keeper.as_str()),
        "kept, not shared"
    );
    // It dies (no clean stop: its lease stays) and alice never moves: a day and an hour
    // on, she has lost on time, and the lease has lapsed.
    first.task.abort();
    let before = discord.messages_in(channel).len();
    now.fetch_add(25 * 3600, Ordering::SeqCst);
    stored(
        &db,
        "SELECT COUNT(*) FROM games WHERE status = 'black_won'",
        1,
    )
    .await;
    // Some ticks more: nothing is said twice.
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    let said: Vec<String> = discord.messages_in(channel)[before..]
        .iter()
        .map(|m| m["content"].as_str().unwrap_or_default().to_string())
        .collect();
    let lost = said.iter().filter(|m| m.contains("on time")).count();
    assert_eq!(lost, 1, "{said:#?}");
    assert_ne!(watch_keeper(&db), Some(keeper), "taken over");
    second.stop_alone().await;
}
