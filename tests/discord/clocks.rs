//! A correspondence player's clocks end to end (issue 43): the real bot against the fake
//! Discord, its clock moved by the test. Bob's daily digest comes by direct message at his
//! hour, pinging nobody; his `/vacation` is said to him alone and to Alice in the game's
//! channel, pinging her, and so is his return; his reminder carries Alice's "Give bob more
//! time" button, which gives him a fresh time, pinging him.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use serde_json::json;

use crate::support::bot::{
    Bot, ask, assert_no_unhandled, button_ids, click, content, data, invoker, is_ephemeral,
    moved_clock, next_post, say, slash,
};
use crate::support::chat::{ALICE, BOB, CHANNEL, assert_pings};
use crate::support::fake_discord::{FakeDiscord, MessageSpec};

/// 2026-11-26 13:00 UTC.
const ONE_PM: i64 = 1_795_698_000;
const DAY: i64 = 86_400;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_digest_a_vacation_and_more_time_reach_each_player_as_discord_shows_them() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let now = Arc::new(AtomicI64::new(ONE_PM));
    let bot = Bot::start_with(&discord, &dir.path().join("gipf.db"), moved_clock(&now)).await;
    let challenge = format!("!challenge <@{}> standard white days=2", BOB.0);
    let spec = MessageSpec {
        mentions: vec![BOB],
        ..say(CHANNEL, ALICE, &challenge)
    };
    ask(&discord, spec).await;
    ask(&discord, say(CHANNEL, BOB, "!accept")).await;
    ask(&discord, say(CHANNEL, ALICE, "!push b1 c2")).await;

    // `/notify digest:on at:13:30`: to him alone; at 13:30 the digest, by direct message.
    let bob = invoker(BOB, CHANNEL);
    let options = json!([
        { "name": "digest", "type": 3, "value": "on" },
        { "name": "at", "type": 3, "value": "13:30" }
    ]);
    let set = data(
        &slash(
            &discord,
            discord.slash_command_json(&bob, "notify", options),
        )
        .await,
    );
    assert!(is_ephemeral(&set), "{set:#}");
    assert!(
        content(&set).contains("Daily digest: at 13:30 (UTC)"),
        "{set:#}"
    );
    now.store(ONE_PM + 31 * 60, Ordering::SeqCst);
    discord
        .next_call(|c| c.method == "POST" && c.route() == "/users/@me/channels")
        .await;
    let dm = discord.dm_channel_of(BOB.0).unwrap();
    let digest = next_post(&discord, dm).await.payload_json();
    assert!(
        content(&digest).starts_with("Your daily digest: 1 game waits for your move"),
        "{digest:#}"
    );
    assert!(content(&digest).contains(&format!("<#{CHANNEL}>: your move (black) against alice")));
    assert_pings(&digest, &[]);

    // `/vacation days:3`: to him alone; Alice hears it in the channel, pinged.
    let options = json!([{ "name": "days", "type": 4, "value": 3 }]);
    let away = data(
        &slash(
            &discord,
            discord.slash_command_json(&bob, "vacation", options),
        )
        .await,
    );
    assert!(is_ephemeral(&away), "{away:#}");
    assert!(
        content(&away).starts_with("You are on vacation until <t:"),
        "{away:#}"
    );
    let told = next_post(&discord, CHANNEL).await.payload_json();
    assert!(
        content(&told).starts_with(&format!("<@{}>, bob is on vacation until <t:", ALICE.0)),
        "{told:#}"
    );
    assert_pings(&told, &[ALICE.0]);
    let went = ONE_PM + 31 * 60;

    // His return, three days on: Alice is told, his move due two days after his push's.
    now.store(went + 3 * DAY + 60, Ordering::SeqCst);
    let back = next_post(&discord, CHANNEL).await.payload_json();
    assert!(
        content(&back).contains("bob is back from vacation"),
        "{back:#}"
    );
    let due = ONE_PM + 2 * DAY + 3 * DAY;
    assert!(content(&back).contains(&format!("<t:{due}:f>")), "{back:#}");

    // Twelve hours before it, his reminder, with Alice's button.
    now.store(due - 12 * 3600 + 60, Ordering::SeqCst);
    let reminder = next_post(&discord, CHANNEL).await.payload_json();
    assert!(
        content(&reminder).contains("a reminder: your move (black)"),
        "{reminder:#}"
    );
    assert_pings(&reminder, &[BOB.0]);
    let give = button_ids(&reminder);
    assert_eq!(give.len(), 1, "{reminder:#}");
    let given = data(&click(&discord, ALICE, CHANNEL, &give[0]).await);
    let fresh = due - 12 * 3600 + 60 + 2 * DAY;
    assert_eq!(
        content(&given),
        format!(
            "<@{}>, alice gives you more time: a fresh 2 days per move. Your move is now due by <t:{fresh}:f> (<t:{fresh}:R>).",
            BOB.0
        )
    );
    assert_pings(&given, &[BOB.0]);
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}
