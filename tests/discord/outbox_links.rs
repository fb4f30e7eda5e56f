//! A turn answered through a slash command keeps the message that announced it, as a typed
//! one does: sent again, it links that message. A crash after the answer and before its
//! marking neither posts it a second time (an interaction's follow-up has no nonce for
//! Discord to drop it by) nor tells its player to ask again.

use std::path::Path;

use gipf::{Position, Variant};
use gipf_bot::service::Crash;
use serde_json::Value;

use crate::outbox::{posted_in, start, stored};
use crate::support::bot::{Bot, content, invoker, next_push, slash, start_game, webhook};
use crate::support::chat::{ALICE, BOB, CHANNEL};
use crate::support::fake_discord::FakeDiscord;

/// Alice's `/push entry:<entry>` in the channel.
fn slash_push(discord: &FakeDiscord, entry: &str) -> Value {
    let push = serde_json::json!([{ "name": "entry", "type": 3, "value": entry }]);
    discord.slash_command_json(&invoker(ALICE, CHANNEL), "push", push)
}

/// A game started by a bot that does not die, then alice's first turn as a slash command
/// to one that dies at `crash` (if any), answered at once: the bot, the turn's entry, the
/// id of the message that answered it, and how many messages the channel had before.
async fn slash_turn(
    discord: &FakeDiscord,
    db: &Path,
    crash: Option<Crash>,
) -> (Bot, String, u64, usize) {
    let bot = start(discord, db, None).await;
    start_game(discord, CHANNEL).await;
    bot.stop(discord).await;
    let bot = start(discord, db, crash).await;
    let before = discord.messages_in(CHANNEL).len();
    let entry = next_push(&mut Position::new(Variant::Standard));
    let interaction = slash_push(discord, &entry);
    let token = interaction["token"].as_str().unwrap().to_string();
    let answer = slash(discord, interaction).await.payload_json();
    assert!(
        content(&answer["data"]).contains("alice (white) played"),
        "{answer:#}"
    );
    let original = discord.interaction_original(&token).expect("an original");
    let message: u64 = original["id"].as_str().unwrap().parse().unwrap();
    let kept = "SELECT COUNT(*) FROM outbox WHERE kind = 'turn' AND message_id IS NOT NULL";
    stored(db, kept, 1).await;
    (bot, entry, message, before)
}

/// Alice sends her turn `entry` again by slash command: she hears it was played, linking
/// `message` in the channel.
async fn sent_again_links(discord: &FakeDiscord, entry: &str, message: u64) {
    let again = slash(discord, slash_push(discord, entry))
        .await
        .payload_json();
    let text = content(&again["data"]);
    assert!(
        text.contains("is stored and announced already"),
        "{again:#}"
    );
    assert!(text.contains("It is bob's turn"), "{again:#}");
    assert!(text.contains("https://discord.com/channels/"), "{again:#}");
    assert!(text.contains(&format!("/{CHANNEL}/{message}")), "{again:#}");
}

#[tokio::test]
async fn a_slash_turn_sent_again_links_the_answer_that_announced_it() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    let (bot, entry, message, _) = slash_turn(&discord, &db, None).await;
    sent_again_links(&discord, &entry, message).await;
    bot.stop(&discord).await;
}

#[tokio::test]
async fn a_slash_turn_answered_and_not_marked_is_not_posted_again() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    let (bot, entry, message, before) = slash_turn(&discord, &db, Some(Crash::BeforeMark)).await;
    bot.stop(&discord).await;
    let followups = |discord: &FakeDiscord| {
        (discord.calls().iter())
            .filter(|c| c.method == "POST" && c.route().starts_with(&webhook("")))
            .count()
    };
    let followed = followups(&discord);
    let bot = start(&discord, &db, None).await;
    // Bob was pinged once, by the answer; the restart posts nothing, anywhere.
    assert!(posted_in(&discord, CHANNEL, before).is_empty());
    assert_eq!(followups(&discord), followed);
    let pinged: Vec<u64> = (discord.notifications().iter())
        .filter(|n| n.content.contains("alice (white) played"))
        .map(|n| n.user)
        .collect();
    assert_eq!(pinged, vec![BOB.0]);
    sent_again_links(&discord, &entry, message).await;
    bot.stop(&discord).await;
    let count = |query: &str| crate::outbox_kinds::count(&db, query);
    assert_eq!(
        count("SELECT COUNT(*) FROM outbox WHERE sent_at IS NULL"),
        0
    );
    assert_eq!(count("SELECT COUNT(*) FROM interactions_unanswered"), 0);
}
