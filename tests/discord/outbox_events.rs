//! The outbox for a tournament: a round's pairings, owed in the transaction that stores the
//! round, and the event's end, owed in the one that ends it, are each posted once after a
//! crash before the post or before the marking, drawn again from the stored event and
//! pinging its players (the end: its winner).

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::AtomicI64;

use gipf_bot::service::Crash;
use serde_json::Value;

use crate::outbox::stored;
use crate::outbox_kinds::{after_each_start, count, on_clock};
use crate::support::bot::{Bot, ask, content, next_post, say};
use crate::support::chat::{ALICE, BOB, CHANNEL};
use crate::support::fake_discord::{FakeDiscord, WAIT_TIMEOUT};

/// A moderator of the channel (Manage Messages).
const MODERATOR: (u64, &str) = (910_000_000_000_000_016, "mod");
const MANAGE_MESSAGES: u64 = 1 << 13;

/// Alice and bob enter a one-round event, created by a bot that does not die.
async fn event_entered(discord: &FakeDiscord, db: &Path, now: &Arc<AtomicI64>) {
    let bot = Bot::start_with(discord, db, on_clock(now, None)).await;
    discord.grant(MODERATOR.0, MANAGE_MESSAGES);
    let create = "!tournament create \"Winter Cup\" roundrobin standard days=1";
    let made = ask(discord, say(CHANNEL, MODERATOR, create)).await;
    assert!(content(&made).contains("open for entries"), "{made:#}");
    for who in [ALICE, BOB] {
        let joined = ask(discord, say(CHANNEL, who, "!tournament join")).await;
        assert!(
            content(&joined).contains("entered Winter Cup"),
            "{joined:#}"
        );
    }
    bot.stop(discord).await;
}

/// The posts of `channel` that say `says`.
fn posts_saying(discord: &FakeDiscord, channel: u64, says: &str) -> Vec<Value> {
    (discord.messages_in(channel).into_iter())
        .filter(|post| content(post).contains(says))
        .collect()
}

/// Waits until `channel` has a post that says `says`.
async fn posted_saying(discord: &FakeDiscord, channel: u64, says: &str) {
    let waited = tokio::time::timeout(WAIT_TIMEOUT, async {
        while posts_saying(discord, channel, says).is_empty() {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    })
    .await;
    waited.unwrap_or_else(|_| panic!("never posted: {says}"));
}

/// Exactly one post of the channel says `says`, and it pings `users` (in any order).
fn once_pinging(discord: &FakeDiscord, says: &str, users: &[u64]) {
    let posts = posts_saying(discord, CHANNEL, says);
    assert_eq!(posts.len(), 1, "{says}: {posts:#?}");
    let mut pinged: Vec<u64> = (posts[0]["allowed_mentions"]["users"].as_array())
        .into_iter()
        .flatten()
        .filter_map(|user| user.as_str()?.parse().ok())
        .collect();
    pinged.sort_unstable();
    let mut users = users.to_vec();
    users.sort_unstable();
    assert_eq!(pinged, users, "{:#}", posts[0]);
}

/// A message owed: its kind in the outbox, what it says, whom it pings.
struct Owed<'a> {
    kind: &'a str,
    says: &'a str,
    pings: &'a [u64],
}

/// Once `bot` (dying at `crash`) has stored the row of `owed` (and, dying at the marking,
/// posted it), stops it; then two starts that do not die leave it posted exactly once,
/// pinging whom it should, and nothing owed.
async fn posted_once_after(
    discord: &FakeDiscord,
    db: &Path,
    now: &Arc<AtomicI64>,
    bot: Bot,
    crash: Crash,
    owed: Owed<'_>,
) {
    let row = format!("SELECT COUNT(*) FROM outbox WHERE kind = '{}'", owed.kind);
    stored(db, &row, 1).await;
    if crash == Crash::BeforeMark {
        posted_saying(discord, CHANNEL, owed.says).await;
    }
    bot.stop(discord).await;
    if crash == Crash::BeforePost {
        assert!(posts_saying(discord, CHANNEL, owed.says).is_empty());
    }
    after_each_start(
        discord,
        db,
        2,
        || on_clock(now, None),
        |discord| {
            once_pinging(discord, owed.says, owed.pings);
        },
    )
    .await;
    let unsent = count(db, "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL");
    assert_eq!(unsent, 0, "{crash:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rounds_pairings_are_posted_once_whatever_the_crash() {
    for crash in [Crash::BeforePost, Crash::BeforeMark] {
        let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
        let db = dir.path().join("gipf.db");
        let now = Arc::new(AtomicI64::new(1_800_000_000));
        event_entered(&discord, &db, &now).await;
        let bot = Bot::start_with(&discord, &db, on_clock(&now, Some(crash))).await;
        (discord.send_message(say(CHANNEL, MODERATOR, "!tournament start"))).await;
        let round = "**Winter Cup**, round 1:";
        let owed = Owed {
            kind: "round",
            says: round,
            pings: &[ALICE.0, BOB.0],
        };
        posted_once_after(&discord, &db, &now, bot, crash, owed).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_events_end_is_posted_once_whatever_the_crash() {
    for crash in [Crash::BeforePost, Crash::BeforeMark] {
        let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
        let db = dir.path().join("gipf.db");
        let now = Arc::new(AtomicI64::new(1_800_000_000));
        event_entered(&discord, &db, &now).await;
        // The round starts with a bot that does not die: its one game in a thread.
        let bot = Bot::start_with(&discord, &db, on_clock(&now, None)).await;
        (discord.send_message(say(CHANNEL, MODERATOR, "!tournament start"))).await;
        posted_saying(&discord, CHANNEL, "Game on in <#").await;
        let notice = posts_saying(&discord, CHANNEL, "Game on in <#").remove(0);
        let thread: u64 = (content(&notice).split("<#").nth(1))
            .and_then(|rest| rest.split('>').next()?.parse().ok())
            .unwrap();
        drop(next_post(&discord, thread).await);
        bot.stop(&discord).await;
        // Bob resigns to a bot that dies on the way of the event's end.
        let bot = Bot::start_with(&discord, &db, on_clock(&now, Some(crash))).await;
        let resigned = ask(&discord, say(thread, BOB, "!resign confirm")).await;
        assert!(content(&resigned).contains("resigned"), "{resigned:#}");
        // The winner, alice, is named and pinged.
        let end = "**Winter Cup** is over. The winner: ";
        let owed = Owed {
            kind: "event_end",
            says: end,
            pings: &[ALICE.0],
        };
        posted_once_after(&discord, &db, &now, bot, crash, owed).await;
    }
}
