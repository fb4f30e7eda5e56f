//! The outbox across crashes: the bot dies (a failpoint) between storing a turn and marking
//! its announcement sent, and after a restart every stored turn is announced exactly once,
//! pinging the player to move; Discord's nonce drops what was posted twice.

use std::path::Path;
use std::time::Duration;

use gipf::{Position, Variant};
use gipf_bot::service::{Config, Crash};
use serde_json::Value;

use crate::support::bot::{Bot, ask, content, next_post, next_push, say, start_game};
use crate::support::chat::{ALICE, BOB, CHANNEL, assert_pings};
use crate::support::fake_discord::{FakeDiscord, WAIT_TIMEOUT};

/// The bot with the failpoint `crash`.
pub(crate) async fn start(discord: &FakeDiscord, db: &Path, crash: Option<Crash>) -> Bot {
    let config = Config {
        crash,
        ..Config::default()
    };
    Bot::start_with(discord, db, config).await
}

/// How many turns the database at `db` stores, waited for until there are `turns`.
async fn stored_turns(db: &Path, turns: i64) {
    stored(db, "SELECT COUNT(*) FROM turns", turns).await;
}

/// Waits until `count` (a query of one number) reads at least `least` in the database at `db`.
pub(crate) async fn stored(db: &Path, count: &str, least: i64) {
    let waited = tokio::time::timeout(WAIT_TIMEOUT, async {
        loop {
            let stored = crate::outbox_kinds::count(db, count);
            if stored >= least {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    })
    .await;
    waited.unwrap_or_else(|_| panic!("never stored: {count}"));
}

/// What the bot posted in `channel` after its first `skip` messages.
pub(crate) fn posted_in(discord: &FakeDiscord, channel: u64, skip: usize) -> Vec<Value> {
    discord
        .messages_in(channel)
        .into_iter()
        .skip(skip)
        .collect()
}

/// What the bot posted in the channel after its first `skip` messages.
fn posted_since(discord: &FakeDiscord, skip: usize) -> Vec<Value> {
    posted_in(discord, CHANNEL, skip)
}

/// Alice's first turn with the bot dying at `crash` (a game started first): the number of
/// messages the channel had before the turn.
async fn crashed_turn(discord: &FakeDiscord, db: &Path, crash: Crash) -> usize {
    // The game's start is owed too: it is posted by a bot that does not die.
    let bot = start(discord, db, None).await;
    start_game(discord, CHANNEL).await;
    bot.stop(discord).await;
    let bot = start(discord, db, Some(crash)).await;
    let before = discord.messages_in(CHANNEL).len();
    let mut position = Position::new(Variant::Standard);
    let push = next_push(&mut position);
    discord
        .send_message(say(CHANNEL, ALICE, &format!("!push {push}")))
        .await;
    match crash {
        Crash::BeforeMark => drop(next_post(discord, CHANNEL).await),
        _ => stored_turns(db, 1).await,
    }
    bot.stop(discord).await;
    before
}

/// The one announcement of alice's turn, pinging bob.
fn assert_announced_once(posted: &[Value]) {
    assert_eq!(posted.len(), 1, "{posted:#?}");
    let body = &posted[0];
    assert!(content(body).contains("alice (white) played"), "{body:#}");
    assert_pings(body, &[BOB.0]);
}

/// Starts the bot once for each failpoint of `starts`, in turn: after each start alice's turn
/// stands announced exactly once.
async fn restarts_announce_once(
    discord: &FakeDiscord,
    db: &Path,
    before: usize,
    starts: &[Option<Crash>],
) {
    for &crash in starts {
        let bot = start(discord, db, crash).await;
        assert_announced_once(&posted_since(discord, before));
        bot.stop(discord).await;
    }
}

#[tokio::test]
async fn a_turn_stored_before_its_announcement_is_announced_after_the_restart() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    let before = crashed_turn(&discord, &db, Crash::BeforePost).await;
    assert!(posted_since(&discord, before).is_empty());
    // Marked sent at the first restart: the second owes nothing.
    restarts_announce_once(&discord, &db, before, &[None, None]).await;
}

#[tokio::test]
async fn an_announcement_posted_and_not_marked_is_posted_once() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    let before = crashed_turn(&discord, &db, Crash::BeforeMark).await;
    assert_announced_once(&posted_since(&discord, before));
    // The restart posts it again, with the same nonce: Discord drops it.
    restarts_announce_once(&discord, &db, before, &[None]).await;
}

#[tokio::test]
async fn a_crash_while_draining_still_announces_once() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    let before = crashed_turn(&discord, &db, Crash::BeforePost).await;
    let starts = [Some(Crash::WhileDraining), None];
    restarts_announce_once(&discord, &db, before, &starts).await;
}

#[tokio::test]
async fn an_announcement_overtaken_by_a_later_turn_says_so() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    let bot = start(&discord, &db, None).await;
    start_game(&discord, CHANNEL).await;
    bot.stop(&discord).await;
    let bot = start(&discord, &db, Some(Crash::BeforePost)).await;
    let before = discord.messages_in(CHANNEL).len();
    let mut position = Position::new(Variant::Standard);
    for (turn, player) in [ALICE, BOB].into_iter().enumerate() {
        let push = next_push(&mut position);
        discord
            .send_message(say(CHANNEL, player, &format!("!push {push}")))
            .await;
        stored_turns(&db, turn as i64 + 1).await;
    }
    bot.stop(&discord).await;
    let bot = start(&discord, &db, None).await;
    let posted = posted_since(&discord, before);
    assert_eq!(posted.len(), 2, "{posted:#?}");
    let late = content(&posted[0]);
    assert!(late.contains("posted late: bob has moved since"), "{late}");
    assert_pings(&posted[0], &[]);
    assert!(
        content(&posted[1]).contains("bob (black) played"),
        "{:#}",
        posted[1]
    );
    assert_pings(&posted[1], &[ALICE.0]);
    bot.stop(&discord).await;
}

#[tokio::test]
async fn an_accept_sent_again_shows_the_game_it_started() {
    let discord = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start(&discord, &dir.path().join("gipf.db"), None).await;
    start_game(&discord, CHANNEL).await;
    let again = ask(&discord, say(CHANNEL, BOB, "!accept")).await;
    let text = content(&again);
    assert!(text.starts_with("Game on (accepted already)"), "{again:#}");
    assert!(text.contains(&format!("<@{}>", ALICE.0)), "{again:#}");
    assert_pings(&again, &[ALICE.0]);
    bot.stop(&discord).await;
}

#[tokio::test]
async fn a_turn_sent_again_is_told_it_was_played() {
    let discord = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let bot = start(&discord, &dir.path().join("gipf.db"), None).await;
    start_game(&discord, CHANNEL).await;
    let mut position = Position::new(Variant::Standard);
    let push = format!("!push {}", next_push(&mut position));
    ask(&discord, say(CHANNEL, ALICE, &push)).await;
    // The bot keeps the message that announced the turn once Discord answers its post, a
    // moment after the post is seen here: the turn is sent again after that.
    let kept = "SELECT COUNT(*) FROM outbox WHERE kind = 'turn' AND message_id IS NOT NULL";
    stored(&dir.path().join("gipf.db"), kept, 1).await;
    let again = ask(&discord, say(CHANNEL, ALICE, &push)).await;
    let text = content(&again);
    assert!(
        text.contains("is stored and announced already"),
        "{again:#}"
    );
    assert!(text.contains("It is bob's turn"), "{again:#}");
    // It links the message that announced it.
    assert!(text.contains("https://discord.com/channels/"), "{again:#}");
    assert!(text.contains(&format!("/{CHANNEL}/")), "{again:#}");
    bot.stop(&discord).await;
}
