//! `kill -9` of a real bot process (the `gipf-bot` binary, not a task) while the engine's
//! turn it claimed is being searched: the other process, on the other shards of the same
//! database, takes the turn once the dead one's life lease lapses, and the game's channel
//! gets the engine's answer once.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use gipf::{Position, Variant};
use gipf_bot::store::sql::params;

use crate::support::bot::{ask, content, next_push, say};
use crate::support::chat::{ALICE, CHANNEL, GUILD};
use crate::support::database::{flags, with_sql};
use crate::support::fake_discord::{BOT_USER_ID, FakeDiscord};

/// The bot binary on the fake Discord and the test's database, running `shards`, with a
/// watch every 300 ms and one searcher.
fn bot_process(discord: &FakeDiscord, db: &std::path::Path, shards: &str) -> Child {
    Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
        .arg("run")
        .args(flags(db))
        .args(["--shards", shards, "--api-proxy", &discord.base_url()])
        .env("DISCORD_TOKEN", "fake-token")
        .env("DEV_GUILD_ID", GUILD.to_string())
        .env("WATCH_EVERY_MS", "300")
        .env("ENGINE_THREADS", "1")
        .env("LOG_LEVEL", "warn")
        .stdout(Stdio::null())
        .spawn()
        .expect("the bot binary starts")
}

/// Who holds the engine's request in game 1 now, if anyone.
fn request_holder(db: &std::path::Path) -> Option<String> {
    with_sql(db, |c| {
        c.query_opt(
            "SELECT holder FROM engine_requests WHERE game_id = 1 AND kind = 'turn'",
            params![],
            |r| r.get::<Option<String>>(0),
        )
        .unwrap()
        .flatten()
    })
}

/// Waits up to `limit` for `ready`, looking every 20 ms.
async fn wait_for(limit: Duration, mut ready: impl FnMut() -> bool) -> bool {
    let until = Instant::now() + limit;
    while Instant::now() < until {
        if ready() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    false
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_killed_mid_search_leaves_the_engines_turn_to_the_other_process() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    discord.recommend_shards(2);
    // The test server is on shard 0 of 2: the first process serves it.
    let mut first = bot_process(&discord, &db, "0-0/2");
    discord.wait_shards(&[(0, 2)]).await;
    let mut second = bot_process(&discord, &db, "1-1/2");
    discord.wait_shards(&[(0, 2), (1, 2)]).await;
    let challenge = format!("!challenge <@{BOT_USER_ID}> standard white hard");
    let started = ask(&discord, say(CHANNEL, ALICE, &challenge)).await;
    assert!(content(&started).starts_with("Game on"), "{started:#}");
    let before = discord.messages_in(CHANNEL).len();
    let push = format!("!push {}", next_push(&mut Position::new(Variant::Standard)));
    discord.send_message(say(CHANNEL, ALICE, &push)).await;
    // The first process claims the engine's turn as its search starts (a hard one takes a
    // second or two): killed there, with no clean stop.
    let claimed = wait_for(Duration::from_secs(10), || {
        request_holder(&db).is_some_and(|holder| holder.ends_with("shards 0-0/2"))
    })
    .await;
    assert!(claimed, "the first process searches the engine's turn");
    first.kill().unwrap();
    first.wait().unwrap();
    // Its life lease lapses in about a second; the second takes the turn and posts it.
    let answered = |discord: &FakeDiscord| {
        (discord.messages_in(CHANNEL).into_iter().skip(before))
            .filter(|m| content(m).contains("I (black) answered"))
            .count()
    };
    assert!(
        wait_for(Duration::from_secs(30), || answered(&discord) > 0).await,
        "the engine's turn is played by the process left: {:#?}",
        discord.messages_in(CHANNEL)
    );
    // Once: a while on, still one answer, and the game has two turns.
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(answered(&discord), 1, "{:#?}", discord.messages_in(CHANNEL));
    let turns = with_sql(&db, |c| {
        c.query_row("SELECT COUNT(*) FROM turns", params![], |r| r.get::<i64>(0))
            .unwrap()
    });
    assert_eq!(turns, 2);
    let alice_announced = (discord.messages_in(CHANNEL).into_iter().skip(before))
        .any(|m| content(&m).contains("alice (white) played"));
    assert!(
        alice_announced,
        "alice's turn, owed by the dead process, is posted too"
    );
    // A clean stop of the second: SIGTERM, and it ends well.
    let stopped = Command::new("kill")
        .args(["-TERM", &second.id().to_string()])
        .status()
        .unwrap();
    assert!(stopped.success());
    assert!(second.wait().unwrap().success());
}
