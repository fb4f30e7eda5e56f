//! The outbox for every kind of message, not only a turn's announcement: the bot dies (a
//! failpoint) between storing a game's start, a challenge, a loss on time or a turn with its
//! direct copy, and marking it sent; after the restart each is posted exactly once, pinging
//! the right person. A slash command whose deferred answer was lost is answered by its token
//! while it lives, else in its channel.

use gipf_bot::store::sql::params;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use gipf::{Position, Variant};
use gipf_bot::model::Clock;
use gipf_bot::service::{Config, Crash};

use crate::outbox::{posted_in, start, stored};
use crate::support::bot::{
    Bot, answer_of, ask, content, invoker, next_post, next_push, say, start_game, webhook,
};
use crate::support::chat::{ALICE, BOB, CHANNEL, assert_pings};
use crate::support::fake_discord::{FakeDiscord, MessageSpec};

/// Alice's challenge to bob, with `terms` after his mention.
fn challenge_line(terms: &str) -> String {
    format!("!challenge <@{}> {terms}", BOB.0)
}

/// Alice's message `line`, which mentions bob.
fn challenge(line: &str) -> MessageSpec<'_> {
    MessageSpec {
        mentions: vec![BOB],
        ..say(CHANNEL, ALICE, line)
    }
}

/// What `query` (one number) reads in the database at `db`.
pub(crate) fn count(db: &Path, query: &str) -> i64 {
    let query = query.to_string();
    crate::support::database::with_sql(db, move |c| {
        c.query_row(&query, params![], |row| row.get(0)).unwrap()
    })
}

/// Starts the bot again for each of `starts` (failpoints): after each, `check` holds.
pub(crate) async fn after_each_start(
    discord: &FakeDiscord,
    db: &Path,
    starts: usize,
    config: impl Fn() -> Config,
    check: impl Fn(&FakeDiscord),
) {
    for _ in 0..starts {
        let bot = Bot::start_with(discord, db, config()).await;
        check(discord);
        bot.stop(discord).await;
    }
}

/// The one message posted in `channel` since its first `before`, which says `says` and pings
/// `pings`.
pub(crate) fn posted_once(
    discord: &FakeDiscord,
    channel: u64,
    before: usize,
    says: &str,
    pings: &[u64],
) {
    let posted = posted_in(discord, channel, before);
    assert_eq!(posted.len(), 1, "{posted:#?}");
    assert!(content(&posted[0]).contains(says), "{:#}", posted[0]);
    assert_pings(&posted[0], pings);
}

#[tokio::test]
async fn a_game_on_stored_before_it_was_posted_is_posted_once_after_the_restart() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    let bot = start(&discord, &db, None).await;
    ask(&discord, challenge(&challenge_line("standard white"))).await;
    bot.stop(&discord).await;
    let bot = start(&discord, &db, Some(Crash::BeforePost)).await;
    let before = discord.messages_in(CHANNEL).len();
    discord.send_message(say(CHANNEL, BOB, "!accept")).await;
    stored(&db, "SELECT COUNT(*) FROM games", 1).await;
    bot.stop(&discord).await;
    assert!(posted_in(&discord, CHANNEL, before).is_empty());
    // Alice plays White and moves first: she is pinged, once, the second start owing nothing.
    after_each_start(&discord, &db, 2, Config::default, |discord| {
        posted_once(
            discord,
            CHANNEL,
            before,
            "Game on: standard GIPF",
            &[ALICE.0],
        );
    })
    .await;
}

#[tokio::test]
async fn a_challenge_posted_and_not_marked_is_posted_once() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    let bot = start(&discord, &db, Some(Crash::BeforeMark)).await;
    let line = challenge_line("standard white");
    discord.send_message(challenge(&line)).await;
    drop(next_post(&discord, CHANNEL).await);
    bot.stop(&discord).await;
    // Posted again with the same nonce at the restart: Discord drops it.
    after_each_start(&discord, &db, 1, Config::default, |discord| {
        posted_once(discord, CHANNEL, 0, "challenges you", &[BOB.0]);
    })
    .await;
}

/// Alice's challenge to a bot that dies before posting it (it is stored): the bot.
async fn unposted_challenge(discord: &FakeDiscord, db: &Path) -> Bot {
    let bot = start(discord, db, Some(Crash::BeforePost)).await;
    let line = challenge_line("standard white");
    discord.send_message(challenge(&line)).await;
    stored(db, "SELECT COUNT(*) FROM outbox", 1).await;
    bot
}

#[tokio::test]
async fn a_challenge_answered_before_the_restart_is_not_posted_late() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    let bot = unposted_challenge(&discord, &db).await;
    // Withdrawn meanwhile (by hand, as another process of the bot would): nothing to say.
    crate::support::database::with_sql(&db, |c| {
        c.execute("DELETE FROM challenges", params![]).unwrap()
    });
    bot.stop(&discord).await;
    after_each_start(&discord, &db, 1, Config::default, |discord| {
        assert!(discord.messages_in(CHANNEL).is_empty());
    })
    .await;
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL"),
        0
    );
}

/// The bot's settings on a clock the test moves on (its watch looking often), with the
/// failpoint `crash`.
pub(crate) fn on_clock(now: &Arc<AtomicI64>, crash: Option<Crash>) -> Config {
    let now = Arc::clone(now);
    Config {
        clock: Clock::new(move || now.load(Ordering::SeqCst)),
        deadline_watch_every: Duration::from_millis(20),
        crash,
        ..Config::default()
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_loss_on_time_stored_before_it_was_posted_is_posted_once_after_the_restart() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    let now = Arc::new(AtomicI64::new(1_800_000_000));
    let bot = Bot::start_with(&discord, &db, on_clock(&now, None)).await;
    let line = challenge_line("standard white days=1 autoforfeit");
    ask(&discord, challenge(&line)).await;
    ask(&discord, say(CHANNEL, BOB, "!accept")).await;
    bot.stop(&discord).await;
    let bot = Bot::start_with(&discord, &db, on_clock(&now, Some(Crash::BeforePost))).await;
    let before = discord.messages_in(CHANNEL).len();
    // Alice never moves: a day and an hour on, she has lost on time.
    now.fetch_add(25 * 3600, Ordering::SeqCst);
    stored(
        &db,
        "SELECT COUNT(*) FROM games WHERE forfeited IS NOT NULL",
        1,
    )
    .await;
    bot.stop(&discord).await;
    assert!(posted_in(&discord, CHANNEL, before).is_empty());
    let config = || on_clock(&now, None);
    after_each_start(&discord, &db, 2, config, |discord| {
        posted_once(
            discord,
            CHANNEL,
            before,
            "(white) ran out of time",
            &[ALICE.0, BOB.0],
        );
    })
    .await;
}

/// Bob's direct-message channel, and how many messages it had.
fn direct_to_bob(discord: &FakeDiscord) -> (u64, usize) {
    let dm = discord.dm_channel_of(BOB.0).expect("bob's direct messages");
    (dm, discord.messages_in(dm).len())
}

#[tokio::test]
async fn a_direct_copy_is_sent_once_whatever_the_crash() {
    for crash in [Crash::BeforePost, Crash::BeforeMark] {
        let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
        let db = dir.path().join("gipf.db");
        let bot = start(&discord, &db, None).await;
        start_game(&discord, CHANNEL).await;
        ask(&discord, say(CHANNEL, BOB, "!notify dm on")).await;
        bot.stop(&discord).await;
        let bot = start(&discord, &db, Some(crash)).await;
        let before = discord.messages_in(CHANNEL).len();
        let push = next_push(&mut Position::new(Variant::Standard));
        let turn = format!("!push {push}");
        discord.send_message(say(CHANNEL, ALICE, &turn)).await;
        stored(&db, "SELECT COUNT(*) FROM turns", 1).await;
        if crash == Crash::BeforeMark {
            let dm = discord
                .next_call(|c| c.method == "POST" && c.route() == "/users/@me/channels")
                .await;
            drop(dm);
            let (dm, _) = direct_to_bob(&discord);
            drop(next_post(&discord, dm).await);
        }
        bot.stop(&discord).await;
        after_each_start(&discord, &db, 2, Config::default, |discord| {
            posted_once(discord, CHANNEL, before, "alice (white) played", &[BOB.0]);
            let (dm, copies) = direct_to_bob(discord);
            assert_eq!(copies, 1, "{crash:?}: {:#?}", discord.messages_in(dm));
        })
        .await;
    }
}

#[tokio::test]
async fn a_crash_while_draining_posts_a_game_on_once_and_drops_its_answered_challenge() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    // A challenge and the game it started, neither posted.
    let bot = unposted_challenge(&discord, &db).await;
    discord.send_message(say(CHANNEL, BOB, "!accept")).await;
    stored(&db, "SELECT COUNT(*) FROM games", 1).await;
    bot.stop(&discord).await;
    // The challenge was accepted meanwhile: only the game's start is owed, posted by the
    // start that dies while draining, then not again.
    let starts = [Some(Crash::WhileDraining), None, None];
    for crash in starts {
        let bot = start(&discord, &db, crash).await;
        posted_once(&discord, CHANNEL, 0, "Game on: standard GIPF", &[ALICE.0]);
        bot.stop(&discord).await;
    }
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL"),
        0
    );
}

/// Alice's first turn as a slash command to a bot that dies before answering it (a game
/// started first by one that does not): its token, and how many messages the channel had.
async fn crashed_slash_turn(discord: &FakeDiscord, db: &Path) -> (String, usize) {
    let bot = start(discord, db, None).await;
    start_game(discord, CHANNEL).await;
    bot.stop(discord).await;
    let bot = start(discord, db, Some(Crash::BeforePost)).await;
    let before = discord.messages_in(CHANNEL).len();
    let entry = next_push(&mut Position::new(Variant::Standard));
    let push = serde_json::json!([{ "name": "entry", "type": 3, "value": entry }]);
    let interaction = discord.slash_command_json(&invoker(ALICE, CHANNEL), "push", push);
    let token = interaction["token"].as_str().unwrap().to_string();
    // Deferred ("thinking..."), then never answered.
    let deferral = answer_of(discord, interaction).await.payload_json();
    assert_eq!(deferral["type"], 5, "{deferral:#}");
    stored(db, "SELECT COUNT(*) FROM turns", 1).await;
    bot.stop(discord).await;
    (token, before)
}

/// The next follow-up posted through the interaction `token`.
async fn followup_by_token(discord: &FakeDiscord, token: &str) -> serde_json::Value {
    let route = webhook(token);
    discord
        .next_call(move |c| c.method == "POST" && c.route() == route)
        .await
        .payload_json()
}

#[tokio::test]
async fn a_slash_command_whose_answer_a_crash_lost_is_answered_by_its_token() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    let (token, before) = crashed_slash_turn(&discord, &db).await;
    let bot = start(&discord, &db, None).await;
    let followup = followup_by_token(&discord, &token).await;
    assert!(
        content(&followup).contains("alice (white) played"),
        "{followup:#}"
    );
    assert_pings(&followup, &[BOB.0]);
    bot.stop(&discord).await;
    // Answered there, not in the channel; and answered once: the next start owes nothing.
    after_each_start(&discord, &db, 1, Config::default, |discord| {
        assert!(posted_in(discord, CHANNEL, before).is_empty());
    })
    .await;
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM interactions_unanswered"),
        0
    );
}

#[tokio::test]
async fn a_lost_answer_whose_token_died_is_posted_in_the_channel() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    let (_, before) = crashed_slash_turn(&discord, &db).await;
    // Sixteen minutes on, Discord refuses the token: the turn is announced in the channel.
    discord.age_interaction_tokens(Duration::from_secs(16 * 60));
    after_each_start(&discord, &db, 2, Config::default, |discord| {
        posted_once(discord, CHANNEL, before, "alice (white) played", &[BOB.0]);
    })
    .await;
}

#[tokio::test]
async fn a_question_whose_answer_a_crash_lost_is_told_to_ask_again() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    let bot = start(&discord, &db, None).await;
    start_game(&discord, CHANNEL).await;
    bot.stop(&discord).await;
    // Alice asks for the board; the bot takes the interaction (its row) and dies before it
    // answers: the question changed nothing and left nothing owed.
    let asked =
        discord.slash_command_json(&invoker(ALICE, CHANNEL), "board", serde_json::json!([]));
    let token = asked["token"].as_str().unwrap().to_string();
    discord.give_interaction_token(&asked);
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let row = token.clone();
    crate::support::database::with_sql(&db, move |c| {
        c.execute(
            "INSERT INTO interactions_unanswered (token, channel_id, outbox_mark, created_at)
             VALUES (?1, ?2, (SELECT COALESCE(MAX(id), 0) FROM outbox), ?3)",
            params![row, CHANNEL, now],
        )
        .unwrap()
    });
    let bot = start(&discord, &db, None).await;
    let followup = followup_by_token(&discord, &token).await;
    assert!(
        content(&followup).contains("please ask again"),
        "{followup:#}"
    );
    assert_pings(&followup, &[]);
    bot.stop(&discord).await;
    assert_eq!(
        count(&db, "SELECT COUNT(*) FROM interactions_unanswered"),
        0
    );
}
