//! End to end against the bot's own engine: one message per exchange, analyses posted
//! later, hints by direct message, the game browser and the lessons.

use gipf::{Position, Variant};
use gipf_bot::service::Config;
use serde_json::json;

use crate::support::fake_discord::{BOT_USER_ID, FakeDiscord, MessageSpec, RestCall};

use crate::support::bot::{
    Bot, answer_of, ask, assert_board, assert_no_unhandled, button_ids, content, data, interact,
    invoker, is_ephemeral, next_post, next_post_after, next_push, offered, say, slash, start_game,
};
use crate::support::chat::{ALICE, BOB, CAROL, CHANNEL, assert_pings};

/// The messages and pictures of one exchange with the engine since call number `since`:
/// one message, one picture, nothing else in the channel or by interaction; typed, the
/// bot showed it was typing meanwhile.
fn assert_exchange(discord: &FakeDiscord, since: usize) {
    let calls = discord.calls();
    let posts: Vec<&RestCall> = calls[since..]
        .iter()
        .filter(|c| {
            c.method == "POST"
                && (c.route().ends_with("/messages")
                    || c.route().ends_with("/callback")
                    || c.route().starts_with("/webhooks/"))
        })
        .collect();
    assert_eq!(posts.len(), 1, "one message per exchange: {posts:#?}");
    let pictures: usize = posts
        .iter()
        .map(|c| {
            c.files()
                .iter()
                .filter(|(name, _)| name == "board.png")
                .count()
        })
        .sum();
    assert_eq!(pictures, 1, "one picture per exchange");
    if posts[0].route().ends_with("/messages") {
        let typing = format!("/channels/{CHANNEL}/typing");
        assert!(
            calls[since..].iter().any(|c| c.route() == typing),
            "the bot shows it is typing while the engine thinks"
        );
    }
}

/// A push legal now in the game of `CHANNEL`, as `/push` offers it.
async fn discord_entry(discord: &FakeDiscord) -> String {
    let typing = json!([{ "name": "entry", "type": 3, "value": "", "focused": true }]);
    let asking = discord.autocomplete_json(&invoker(ALICE, CHANNEL), "push", typing);
    let (_, answer) = interact(discord, asking).await;
    offered(&answer)[0].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_itself_plays_a_game_and_pings_only_its_opponent() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    let challenge = format!("!challenge <@{BOT_USER_ID}> standard white easy");
    let body = ask(&discord, say(CHANNEL, ALICE, &challenge)).await;
    assert!(
        content(&body).starts_with("Game on: standard GIPF against me, at level easy."),
        "{body:#}"
    );
    let mut position = Position::new(Variant::Standard);
    let entry = next_push(&mut position);
    let before = discord.notified_users().len();
    let calls = discord.calls().len();
    // One message per exchange: alice's turn and the engine's answer together, with the
    // board after both, pinging alice alone (it was two messages and two pictures, the
    // first asking the bot itself for its move).
    discord
        .send_message(say(CHANNEL, ALICE, &format!("!push {entry}")))
        .await;
    let answer = next_post(&discord, CHANNEL).await;
    let body = answer.payload_json();
    let text = content(&body);
    assert!(
        text.starts_with("alice (white) played ") && text.contains("\nI (black) answered "),
        "{body:#}"
    );
    assert!(
        text.contains(&format!("<@{}>, your move (white): ", ALICE.0)),
        "{body:#}"
    );
    assert!(!text.contains("gipf-bot"), "{body:#}");
    assert_pings(&body, &[ALICE.0]);
    assert_board(&answer);
    assert_exchange(&discord, calls);
    assert_eq!(discord.notified_users()[before..], [ALICE.0]);
    // By slash command: the same single message is the command's answer.
    let entry = discord_entry(&discord).await;
    let calls = discord.calls().len();
    let push = json!([{ "name": "entry", "type": 3, "value": entry }]);
    let answer = slash(
        &discord,
        discord.slash_command_json(&invoker(ALICE, CHANNEL), "push", push),
    )
    .await;
    let body = data(&answer);
    assert!(
        content(&body).starts_with("alice (white) played ")
            && content(&body).contains("\nI (black) answered "),
        "{body:#}"
    );
    assert_pings(&body, &[ALICE.0]);
    assert_board(&answer);
    assert_exchange(&discord, calls);
    // A refused turn is answered at once, and nothing follows it.
    let refused = ask(&discord, say(CHANNEL, ALICE, "!push j1 h2")).await;
    assert!(content(&refused).contains("`j1` is not"), "{refused:#}");
    // A hint is for alice's eyes only.
    let hint = data(
        &slash(
            &discord,
            discord.slash_command_json(&invoker(ALICE, CHANNEL), "hint", json!([])),
        )
        .await,
    );
    assert!(is_ephemeral(&hint), "{hint:#}");
    assert!(content(&hint).starts_with("My suggestion: `"), "{hint:#}");
    // With the exact command that plays it, in the words of the slash command asked.
    assert!(
        content(&hint).contains(". Play it with `/push entry:")
            || content(&hint).contains(". Play it with `/move notation:"),
        "{hint:#}"
    );
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_analysis_is_posted_later_with_a_picture_a_turn_and_pings_nobody() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    // Fixed depths instead of the bot's 0.3 s and 2 s a position: the same path, faster.
    let config = Config {
        analysis: gipf_ai::analyse::Budget {
            scan: gipf_ai::Limits::depth(1),
            confirm: gipf_ai::Limits::depth(2),
        },
        ..Config::default()
    };
    let bot = Bot::start_with(&discord, &dir.path().join("gipf.db"), config).await;
    start_game(&discord, CHANNEL).await;
    let mut position = Position::new(Variant::Standard);
    for turn in 0..8 {
        let who = if turn % 2 == 0 { ALICE } else { BOB };
        let entry = next_push(&mut position);
        ask(&discord, say(CHANNEL, who, &format!("!push {entry}"))).await;
    }
    ask(&discord, say(CHANNEL, ALICE, "!resign confirm")).await;
    let before = discord.notified_users().len();
    let queued = ask(&discord, say(CHANNEL, CAROL, "!analyse")).await;
    assert!(
        content(&queued).contains("I am looking at all 8 turns"),
        "{queued:#}"
    );
    assert_pings(&queued, &[]);
    // The turns that cost most follow by themselves: a heading, then one post a turn,
    // each with its picture and the command that plays the better turn.
    let heading = next_post(&discord, CHANNEL).await.payload_json();
    let said = content(&heading).to_string();
    if said.contains("no turn that cost anything") {
        panic!("pushes at the first open entry cost nothing? {heading:#}");
    }
    assert!(said.contains("that cost most"), "{heading:#}");
    let first = next_post(&discord, CHANNEL).await;
    let body = first.payload_json();
    assert!(content(&body).starts_with("1. Turn "), "{body:#}");
    // The better turn as the command that plays it: the push alone, or the whole turn.
    assert!(
        content(&body).contains("Better: `!push ") || content(&body).contains("Better: `!move "),
        "{body:#}"
    );
    assert_board(&first);
    assert_pings(&body, &[]);
    assert_eq!(
        discord.notified_users().len(),
        before,
        "nobody was notified"
    );
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_typed_hint_goes_by_direct_message_and_the_opponent_reads_none_of_it() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    let challenge = format!("!challenge <@{BOT_USER_ID}> standard white easy");
    let body = ask(&discord, say(CHANNEL, ALICE, &challenge)).await;
    assert!(content(&body).starts_with("Game on"), "{body:#}");
    // The channel hears that the hint went out, not the hint; nobody is pinged.
    let note = ask(&discord, say(CHANNEL, ALICE, "!hint")).await;
    assert_eq!(
        content(&note),
        "I sent alice my hint in a direct message.",
        "{note:#}"
    );
    assert_pings(&note, &[]);
    let dm = discord
        .dm_channel_of(ALICE.0)
        .expect("a direct message channel with alice");
    let hint = next_post(&discord, dm).await.payload_json();
    assert!(content(&hint).starts_with("My suggestion: `"), "{hint:#}");
    // With direct messages refused, the channel says where to ask privately, and the
    // refusal turns nothing off.
    discord.refuse_dms_from(ALICE.0);
    let asked = say(CHANNEL, ALICE, "!hint");
    let refused = next_post_after(&discord, asked).await.payload_json();
    assert!(
        content(&refused).starts_with("alice, I cannot send you a direct message")
            && content(&refused).ends_with("`/hint`."),
        "{refused:#}"
    );
    assert!(!content(&refused).contains("My suggestion"), "{refused:#}");
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_browsing_click_replaces_its_board_and_notifies_nobody() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    start_game(&discord, CHANNEL).await;
    let mut position = Position::new(Variant::Standard);
    for turn in 0..4 {
        let who = if turn % 2 == 0 { ALICE } else { BOB };
        let entry = next_push(&mut position);
        ask(&discord, say(CHANNEL, who, &format!("!push {entry}"))).await;
    }
    let board = ask(&discord, say(CHANNEL, CAROL, "!browse")).await;
    assert!(content(&board).contains(". Turn 4 of 4: "), "{board:#}");
    let ids = button_ids(&board);
    assert_eq!(ids.len(), 5, "{board:#}");
    let before = discord.notified_users().len();
    // "Back": the answer edits the clicked message (type 7), with the board of turn 3.
    let message = discord.new_id();
    let interaction = discord.button_click_json(&invoker(CAROL, CHANNEL), &ids[1], message);
    let answer = answer_of(&discord, interaction).await.payload_json();
    assert_eq!(answer["type"], 7, "{answer:#}");
    assert!(
        content(&answer["data"]).contains(". Turn 3 of 4: "),
        "{answer:#}"
    );
    assert_eq!(button_ids(&answer["data"]).len(), 5, "its buttons stay");
    assert_eq!(
        discord.notified_users().len(),
        before,
        "an edit notifies nobody"
    );
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lesson_is_learnt_in_a_direct_message_with_the_games_own_commands() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    // Typed in a server, the lesson goes to the learner's direct messages.
    let note = ask(&discord, say(CHANNEL, ALICE, "!learn")).await;
    assert_eq!(content(&note), "I sent alice lesson 1 in a direct message.");
    let dm = discord
        .dm_channel_of(ALICE.0)
        .expect("alice's direct messages");
    let lesson = next_post(&discord, dm).await;
    let body = lesson.payload_json();
    assert!(content(&body).starts_with("Lesson 1 of 10: "), "{body:#}");
    assert_board(&lesson);
    // A push there is the lesson's, not refused as a game would be.
    let in_dm = |content| MessageSpec {
        guild_id: None,
        ..say(dm, ALICE, content)
    };
    // So is a hint, which gives the task's command.
    let hint = ask(&discord, in_dm("!hint")).await;
    assert_eq!(content(&hint), "Lesson 1: play `!push e1 e2`.");
    let done = ask(&discord, in_dm("!push e1 e2")).await;
    assert!(content(&done).starts_with("Lesson 1 done"), "{done:#}");
    let next = next_post_after(&discord, in_dm("!learn"))
        .await
        .payload_json();
    assert!(content(&next).starts_with("Lesson 2 of 10: "), "{next:#}");
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn when_the_engine_moves_first_its_turn_opens_the_game_in_one_message_in_its_thread() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    let challenge = format!("!challenge <@{BOT_USER_ID}> standard black easy thread");
    let note = ask(&discord, say(CHANNEL, ALICE, &challenge)).await;
    let threads = discord.threads_in(CHANNEL);
    assert_eq!(threads.len(), 1, "{note:#}");
    let thread = threads[0];
    assert_eq!(content(&note), format!("Game on in <#{thread}>."));
    // In the thread, one message: the start, the engine's first turn, alice's question,
    // one picture, one ping for alice.
    let opening = next_post(&discord, thread).await;
    assert_board(&opening);
    let body = opening.payload_json();
    let lines: Vec<&str> = content(&body).lines().collect();
    assert!(
        lines[0].starts_with(
            "Game on: standard GIPF against me, at level easy. White: gipf-bot, Black: alice."
        ) && lines[1].starts_with("I (white) played "),
        "{body:#}"
    );
    assert!(
        content(&body).contains(&format!("<@{}>, your move (black)", ALICE.0)),
        "{body:#}"
    );
    assert_pings(&body, &[ALICE.0]);
    assert_eq!(discord.notified_users(), [ALICE.0]);
    // Nothing else was posted: not a picture of the empty board first.
    let posts = (discord.calls().into_iter())
        .filter(|c| c.method == "POST" && c.route().ends_with("/messages"))
        .count();
    assert_eq!(posts, 2, "the channel's note and the thread's opening");
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}
