//! The daily puzzle end to end: the real bot against the fake Discord, its clock moved by
//! the test. A moderator names the channel by slash command; the puzzle appears there with
//! its picture, pinging nobody; members answer where only they read the verdict; a restart
//! posts nothing twice; a channel the bot may not post in shows in the settings.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use serde_json::json;

use crate::support::bot::{
    Bot, ask, assert_board, assert_no_unhandled, content, data, invoker, is_ephemeral, moved_clock,
    next_post, say, slash,
};
use crate::support::chat::{ALICE, BOB, CAROL, CHANNEL, OTHER_CHANNEL, assert_pings};
use crate::support::fake_discord::FakeDiscord;
use crate::support::puzzles::{puzzle_number, solution_of, wrong_answer_to};

/// 2026-11-26 12:00 UTC.
const NOON: i64 = 1_795_694_400;
const DAY: i64 = 86_400;
/// Discord's Manage Server permission.
const MANAGE_SERVER: u64 = 1 << 5;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_daily_puzzle_is_posted_once_a_day_answered_privately_and_a_refusal_is_shown() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("gipf.db");
    let discord = FakeDiscord::start().await;
    let now = Arc::new(AtomicI64::new(NOON + 3600));
    let config = moved_clock(&now);
    let bot = Bot::start_with(&discord, &db, config.clone()).await;
    discord.grant(CAROL.0, MANAGE_SERVER);

    // A typed mention of a channel outside the server is refused: the bot may be in it,
    // but this server's moderators cannot send it puzzles.
    let elsewhere = 920_000_000_000_000_099_u64;
    let typed = format!("!settings puzzles=<#{elsewhere}>");
    let refused = ask(&discord, say(CHANNEL, CAROL, &typed)).await;
    assert!(
        content(&refused).starts_with(&format!(
            "<#{elsewhere}> is not one of this server's text channels that I can see"
        )),
        "{refused:#}"
    );
    // `/settings puzzles:#other`, a channel option, by a moderator: said to her alone.
    let carol = invoker(CAROL, OTHER_CHANNEL);
    let options = json!([{ "name": "puzzles", "type": 7, "value": OTHER_CHANNEL.to_string() }]);
    let set = data(
        &slash(
            &discord,
            discord.slash_command_json(&carol, "settings", options),
        )
        .await,
    );
    assert!(is_ephemeral(&set), "{set:#}");
    assert!(
        content(&set).ends_with(&format!(
            "A puzzle is posted in <#{OTHER_CHANNEL}> every day at 12:00 UTC; the next within a minute."
        )),
        "{set:#}"
    );

    // The watch posts it there: the question, its picture, no ping.
    let post = next_post(&discord, OTHER_CHANNEL).await;
    assert_board(&post);
    let body = post.payload_json();
    assert!(
        content(&body).starts_with("The daily puzzle (number "),
        "{body:#}"
    );
    assert!(
        content(&body).contains("Answer with `/solve turn:<turn>` in this channel"),
        "{body:#}"
    );
    assert_pings(&body, &[]);
    assert!(discord.notified_users().is_empty());
    let first = puzzle_number(content(&body));

    // `/solve`: only alice reads that she is right.
    let alice = invoker(ALICE, OTHER_CHANNEL);
    let options = json!([{ "name": "turn", "type": 3, "value": solution_of(first) }]);
    let verdict = data(
        &slash(
            &discord,
            discord.slash_command_json(&alice, "solve", options),
        )
        .await,
    );
    assert!(is_ephemeral(&verdict), "{verdict:#}");
    assert!(content(&verdict).starts_with("Right: "), "{verdict:#}");
    // Typed, the verdict goes by direct message; the channel hears only that it went.
    let typed = format!("!solve {}", wrong_answer_to(first));
    discord.send_message(say(OTHER_CHANNEL, BOB, &typed)).await;
    let note = next_post(&discord, OTHER_CHANNEL).await.payload_json();
    assert_eq!(
        content(&note),
        "I sent bob the verdict on the daily puzzle in a direct message."
    );
    discord
        .next_call(|c| c.method == "POST" && c.route() == "/users/@me/channels")
        .await;
    let dm = discord.dm_channel_of(BOB.0).unwrap();
    let direct = next_post(&discord, dm).await.payload_json();
    assert!(
        content(&direct).starts_with("Not this one: ")
            && content(&direct).contains("One more try, your last"),
        "{direct:#}"
    );
    // His last try, wrong too, is final: the tally counts him.
    discord.send_message(say(OTHER_CHANNEL, BOB, &typed)).await;
    let note = next_post(&discord, OTHER_CHANNEL).await.payload_json();
    assert_eq!(
        content(&note),
        "I sent bob the verdict on the daily puzzle in a direct message."
    );
    let direct = next_post(&discord, dm).await.payload_json();
    assert!(
        content(&direct).starts_with("Not this one: ")
            && content(&direct).contains("So far today, 1 of the 2 members who answered found it."),
        "{direct:#}"
    );

    // A restart posts nothing again: the next post is the next day's, with the tally.
    bot.stop(&discord).await;
    let bot = Bot::start_with(&discord, &db, config.clone()).await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    now.fetch_add(DAY, Ordering::SeqCst);
    let body = next_post(&discord, OTHER_CHANNEL).await.payload_json();
    assert_ne!(puzzle_number(content(&body)), first, "{body:#}");
    assert!(
        content(&body).ends_with(&format!(
            "\nYesterday's puzzle: 1 of the 2 members who answered found it; the turn was `{}`.",
            solution_of(first)
        )),
        "{body:#}"
    );

    // The bot loses sight of the channel: the refused post shows in the settings.
    discord.refuse_messages_in(OTHER_CHANNEL);
    now.fetch_add(DAY, Ordering::SeqCst);
    let refused = next_post(&discord, OTHER_CHANNEL).await;
    assert_eq!(refused.status, 403);
    let asked = data(
        &slash(
            &discord,
            discord.slash_command_json(&carol, "settings", json!([])),
        )
        .await,
    );
    let expected = format!(
        "was not posted: Discord refused it (I need the View Channel, Send Messages, Attach \
         Files and Embed Links permissions in <#{OTHER_CHANNEL}>)."
    );
    // The refusal is recorded just after the post fails.
    let mut settings = content(&asked).to_string();
    for _ in 0..50 {
        if settings.contains(&expected) {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        let again = discord.slash_command_json(&carol, "settings", json!([]));
        settings = content(&data(&slash(&discord, again).await)).to_string();
    }
    assert!(settings.contains(&expected), "{settings}");
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}
