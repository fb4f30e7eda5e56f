//! The outbox for what comes later than a command's answer: a game's analysis (drawn again
//! from the stored analysis) and the end of a damaged game the watch abandons (its record
//! cannot be read, so its end is drawn from the row's columns) are posted once after a crash
//! at each failpoint, pinging whom they should.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use gipf::{Position, Variant};
use gipf_bot::service::{Config, Crash};

use crate::outbox::{posted_in, start, stored};
use crate::outbox_kinds::{after_each_start, count, on_clock, posted_once};
use crate::support::bot::{Bot, ask, content, next_push, say, start_game};
use crate::support::chat::{ALICE, BOB, CAROL, CHANNEL, OTHER_CHANNEL, assert_pings};
use crate::support::fake_discord::FakeDiscord;

/// Game 1's first turn no longer replays; game 2's turn in progress cannot be read at all.
const DAMAGE: &str = "UPDATE turns SET notation = 'b1-c9 (11)' WHERE game_id = 1 AND ply = 1;
                      UPDATE games SET partial = 'oops' WHERE id = 2";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn damaged_games_the_watch_abandons_are_announced_once_whatever_the_crash() {
    for crash in [Crash::BeforePost, Crash::BeforeMark] {
        let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
        let db = dir.path().join("gipf.db");
        let now = Arc::new(AtomicI64::new(1_800_000_000));
        let bot = Bot::start_with(&discord, &db, on_clock(&now, None)).await;
        for channel in [CHANNEL, OTHER_CHANNEL] {
            start_game(&discord, channel).await;
            let push = next_push(&mut Position::new(Variant::Standard));
            let played = ask(&discord, say(channel, ALICE, &format!("!push {push}"))).await;
            assert!(content(&played).contains("played"), "{played:#}");
        }
        bot.stop(&discord).await;
        crate::support::database::with_sql(&db, |c| c.execute_batch(DAMAGE).unwrap());
        let bot = Bot::start_with(&discord, &db, on_clock(&now, Some(crash))).await;
        let before = [CHANNEL, OTHER_CHANNEL].map(|c| discord.messages_in(c).len());
        // A month on, nobody has moved: the watch ends both games.
        now.fetch_add(31 * 86_400, Ordering::SeqCst);
        let abandoned = "SELECT COUNT(*) FROM games WHERE status = 'abandoned'";
        stored(&db, abandoned, 2).await;
        if crash == Crash::BeforeMark {
            for (channel, before) in [CHANNEL, OTHER_CHANNEL].into_iter().zip(before) {
                stored_post(&discord, channel, before).await;
            }
        }
        bot.stop(&discord).await;
        if crash == Crash::BeforePost {
            assert!(posted_in(&discord, CHANNEL, before[0]).is_empty());
            assert!(posted_in(&discord, OTHER_CHANNEL, before[1]).is_empty());
        }
        let both = [ALICE.0, BOB.0];
        after_each_start(
            &discord,
            &db,
            2,
            || on_clock(&now, None),
            |discord| {
                let said = "your standard GIPF here was abandoned";
                posted_once(discord, CHANNEL, before[0], said, &both);
                let said = "your game 2 here was abandoned";
                posted_once(discord, OTHER_CHANNEL, before[1], said, &both);
            },
        )
        .await;
        let unsent = count(&db, "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL");
        assert_eq!(unsent, 0, "{crash:?}");
    }
}

/// Waits until the bot has posted in `channel` after its first `before` messages.
async fn stored_post(discord: &FakeDiscord, channel: u64, before: usize) {
    let waited = tokio::time::timeout(crate::support::fake_discord::WAIT_TIMEOUT, async {
        while discord.messages_in(channel).len() <= before {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    })
    .await;
    waited.unwrap_or_else(|_| panic!("nothing posted in {channel}"));
}

/// The bot analysing at fixed depths (the same path as its timed searches, faster), with
/// the failpoint `crash`.
fn analysing(crash: Option<Crash>) -> Config {
    Config {
        analysis: gipf_ai::analyse::Budget {
            scan: gipf_ai::Limits::depth(1),
            confirm: gipf_ai::Limits::depth(2),
        },
        crash,
        ..Config::default()
    }
}

/// A game of 8 turns alice resigned, played with a bot that does not die, then carol's
/// `!analyse` to one that dies at `crash` (its plan answered): how many messages the
/// channel had after the plan.
async fn analysed(discord: &FakeDiscord, db: &Path, crash: Crash) -> usize {
    let bot = start(discord, db, None).await;
    start_game(discord, CHANNEL).await;
    let mut position = Position::new(Variant::Standard);
    for turn in 0..8 {
        let who = if turn % 2 == 0 { ALICE } else { BOB };
        let entry = next_push(&mut position);
        ask(discord, say(CHANNEL, who, &format!("!push {entry}"))).await;
    }
    ask(discord, say(CHANNEL, ALICE, "!resign confirm")).await;
    bot.stop(discord).await;
    let bot = Bot::start_with(discord, db, analysing(Some(crash))).await;
    let plan = ask(discord, say(CHANNEL, CAROL, "!analyse")).await;
    assert!(
        content(&plan).contains("I am looking at all 8 turns"),
        "{plan:#}"
    );
    let after_plan = discord.messages_in(CHANNEL).len();
    stored(db, "SELECT COUNT(*) FROM outbox WHERE kind = 'analysis'", 1).await;
    if crash == Crash::BeforeMark {
        stored_post(discord, CHANNEL, after_plan).await;
    }
    bot.stop(discord).await;
    after_plan
}

/// The analysis posted in the channel after its first `after_plan` messages: its heading
/// and each costly turn once, in order, pinging nobody.
fn analysis_posted_once(discord: &FakeDiscord, db: &Path, after_plan: usize) {
    let posted = posted_in(discord, CHANNEL, after_plan);
    let owed = count(db, "SELECT COUNT(*) FROM outbox WHERE kind = 'analysis'");
    assert_eq!(posted.len() as i64, owed, "{posted:#?}");
    assert!(
        content(&posted[0]).contains("that cost most"),
        "{:#}",
        posted[0]
    );
    for (n, turn) in (1..).zip(&posted[1..]) {
        assert!(
            content(turn).starts_with(&format!("{n}. Turn ")),
            "{turn:#}"
        );
    }
    for message in &posted {
        assert_pings(message, &[]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_stored_is_posted_once_whatever_the_crash() {
    let crashes = [
        (Crash::BeforePost, None),
        (Crash::BeforeMark, None),
        (Crash::BeforePost, Some(Crash::WhileDraining)),
    ];
    for (crash, draining) in crashes {
        let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
        let db = dir.path().join("gipf.db");
        let after_plan = analysed(&discord, &db, crash).await;
        if crash == Crash::BeforePost {
            assert!(posted_in(&discord, CHANNEL, after_plan).is_empty());
        }
        if draining.is_some() {
            let bot = Bot::start_with(&discord, &db, analysing(draining)).await;
            assert_eq!(posted_in(&discord, CHANNEL, after_plan).len(), 1);
            bot.stop(&discord).await;
        }
        after_each_start(
            &discord,
            &db,
            2,
            || analysing(None),
            |discord| {
                analysis_posted_once(discord, &db, after_plan);
            },
        )
        .await;
        let unsent = count(&db, "SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL");
        assert_eq!(unsent, 0, "{crash:?}, then {draining:?}");
    }
}
