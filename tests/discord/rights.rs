//! End to end, who may do what and where things go: direct messages, moderators' rights as
//! Discord vouches for them (in threads too), answers shown to the asker alone, and what
//! happens when Discord refuses a thread, a file or a direct message.

use gipf::{Position, Variant};
use serde_json::json;

use crate::support::fake_discord::{FakeDiscord, MessageSpec};

use crate::support::bot::{
    Bot, ask, assert_board, assert_no_unhandled, button_ids, click, content, data, invoker,
    is_ephemeral, next_post, next_post_after, next_push, say, slash, start_game,
};
use crate::support::chat::{ALICE, BOB, CAROL, CHANNEL, OTHER_CHANNEL, assert_pings};

/// Someone who moderates only where a channel's overwrite lets him.
const DAVE: (u64, &str) = (910_000_000_000_000_013, "dave");

/// Alice challenges Bob to a game in a thread of its own, in `CHANNEL`, and Bob accepts:
/// the thread.
async fn game_in_a_thread(discord: &FakeDiscord) -> u64 {
    let challenge = format!("!challenge <@{}> standard white thread", BOB.0);
    let spec = MessageSpec {
        mentions: vec![BOB],
        ..say(CHANNEL, ALICE, &challenge)
    };
    assert!(content(&ask(discord, spec).await).contains("challenges you"));
    let before = discord.threads_in(CHANNEL);
    ask(discord, say(CHANNEL, BOB, "!accept")).await;
    let thread = *discord.threads_in(CHANNEL).last().unwrap();
    assert!(!before.contains(&thread), "a new thread");
    let game_on = next_post(discord, thread).await;
    assert!(content(&game_on.payload_json()).starts_with("Game on"));
    thread
}

/// Tells the bot that `CHANNEL`'s settings changed, as Discord does, and gives it a moment
/// to hear it before the next message (events are handled concurrently).
async fn channel_changed(discord: &FakeDiscord) {
    discord
        .send_dispatch("CHANNEL_UPDATE", discord.channel_json(CHANNEL))
        .await;
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn direct_messages_on_request_and_off_when_discord_refuses_them() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    start_game(&discord, CHANNEL).await;
    let body = ask(&discord, say(CHANNEL, BOB, "!notify dm on")).await;
    assert!(content(&body).contains("direct message"), "{body:#}");

    // Alice's push pings bob in the channel and, as he asked, in a direct message with the board.
    let mut position = Position::new(Variant::Standard);
    let push = next_push(&mut position);
    let post = next_post_after(&discord, say(CHANNEL, ALICE, &format!("!push {push}"))).await;
    assert!(content(&post.payload_json()).contains("alice (white) played"));
    // The direct message follows the channel's post: its channel is opened first.
    discord
        .next_call(|c| c.method == "POST" && c.route() == "/users/@me/channels")
        .await;
    let dm = discord
        .dm_channel_of(BOB.0)
        .expect("no direct message channel with bob");
    let direct = next_post(&discord, dm).await;
    let body = direct.payload_json();
    assert!(
        content(&body).starts_with(&format!("In <#{CHANNEL}>:\nalice (white) played")),
        "{body:#}"
    );
    assert_board(&direct);
    let dms: Vec<u64> = discord
        .notifications()
        .iter()
        .filter(|n| n.channel == dm)
        .map(|n| n.user)
        .collect();
    assert_eq!(dms, [BOB.0], "the direct message notifies bob");
    assert!(
        discord.dm_channel_of(ALICE.0).is_none(),
        "alice did not ask for any"
    );

    // Bob's privacy settings now refuse them: the channel hears it once, and no more are tried.
    discord.refuse_dms_from(BOB.0);
    let push = next_push(&mut position);
    ask(&discord, say(CHANNEL, BOB, &format!("!push {push}"))).await;
    let push = next_push(&mut position);
    let post = next_post_after(&discord, say(CHANNEL, ALICE, &format!("!push {push}"))).await;
    assert!(content(&post.payload_json()).contains("alice (white) played"));
    let refused = discord
        .next_call(move |c| c.method == "POST" && c.route() == format!("/channels/{dm}/messages"))
        .await;
    assert_eq!(refused.status, 403);
    let notice = next_post(&discord, CHANNEL).await.payload_json();
    assert!(
        content(&notice).starts_with("I could not send bob a direct message"),
        "{notice:#}"
    );
    assert_pings(&notice, &[]);
    let push = next_push(&mut position);
    ask(&discord, say(CHANNEL, BOB, &format!("!push {push}"))).await;
    let push = next_push(&mut position);
    ask(&discord, say(CHANNEL, ALICE, &format!("!push {push}"))).await;
    let opened = discord
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.route() == "/users/@me/channels")
        .count();
    assert_eq!(
        opened, 1,
        "the direct-message channel is opened once and reused"
    );
    let tries = discord
        .calls()
        .iter()
        .filter(|c| c.route() == format!("/channels/{dm}/messages"))
        .count();
    assert_eq!(tries, 2, "after a refusal no direct message is tried");
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moderators_act_with_the_permissions_discord_vouches_for() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    let manage_server = 1 << 5;
    let manage_messages = 1 << 13;
    discord.grant(CAROL.0, manage_server | manage_messages);

    // Settings: anyone may read them; only Manage Server changes them.
    let days = json!([{ "name": "days", "type": 4, "value": 3 }]);
    let refused = data(
        &slash(
            &discord,
            discord.slash_command_json(&invoker(BOB, CHANNEL), "settings", days.clone()),
        )
        .await,
    );
    assert!(is_ephemeral(&refused));
    assert!(content(&refused).contains("Manage Server"), "{refused:#}");
    let changed = data(
        &slash(
            &discord,
            discord.slash_command_json(&invoker(CAROL, CHANNEL), "settings", days),
        )
        .await,
    );
    assert!(
        content(&changed).contains("get 3 days per move"),
        "{changed:#}"
    );

    let typed = ask(&discord, say(CHANNEL, BOB, "!settings days=5")).await;
    assert!(content(&typed).contains("Manage Server"), "{typed:#}");

    // A game under the server's time per move; a moderator ends it, typed (his permissions
    // worked out from the server's roles) or by slash command (Discord sends them).
    start_game(&discord, CHANNEL).await;
    let board = ask(&discord, say(CHANNEL, CAROL, "!board")).await;
    assert!(content(&board).contains("Move by <t:"), "{board:#}");
    let before = discord.notified_users().len();
    let typed = ask(&discord, say(CHANNEL, CAROL, "!abort")).await;
    assert!(
        content(&typed).starts_with("carol (a moderator) ended the game"),
        "{typed:#}"
    );
    assert_eq!(discord.notified_users()[before..], [ALICE.0, BOB.0]);
    start_game(&discord, CHANNEL).await;
    let refused = ask(&discord, say(CHANNEL, BOB, "!settings abandon=3")).await;
    assert!(content(&refused).contains("Manage Server"), "{refused:#}");
    let before = discord.notified_users().len();
    let ended = data(
        &slash(
            &discord,
            discord.slash_command_json(&invoker(CAROL, CHANNEL), "abort", json!([])),
        )
        .await,
    );
    assert!(
        content(&ended).starts_with("carol (a moderator) ended the game"),
        "{ended:#}"
    );
    assert_eq!(discord.notified_users()[before..], [ALICE.0, BOB.0]);
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_in_a_thread_of_its_own_leaves_the_channel_free() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    let challenge = format!("!challenge <@{}> standard white thread", BOB.0);
    let body = ask(
        &discord,
        MessageSpec {
            mentions: vec![BOB],
            ..say(CHANNEL, ALICE, &challenge)
        },
    )
    .await;
    assert!(
        content(&body).contains("in a thread of its own"),
        "{body:#}"
    );
    let accept = button_ids(&body)[0].clone();

    // Accepted by button: a thread named after the players holds the game and pings White.
    let answer = data(&click(&discord, BOB, CHANNEL, &accept).await);
    let threads = discord.threads_in(CHANNEL);
    assert_eq!(threads.len(), 1);
    let thread = threads[0];
    assert_eq!(content(&answer), format!("Game on in <#{thread}>."));
    let opened = discord
        .calls()
        .into_iter()
        .find(|c| c.method == "POST" && c.route() == format!("/channels/{CHANNEL}/threads"))
        .unwrap();
    assert_eq!(opened.json()["name"], "alice vs bob");
    assert_eq!(opened.json()["type"], 11, "a public thread");
    let game_on = next_post(&discord, thread).await;
    assert!(
        content(&game_on.payload_json()).starts_with("Game on"),
        "{:#}",
        game_on.payload_json()
    );
    assert_board(&game_on);
    assert_eq!(discord.notified_users().last(), Some(&ALICE.0));

    // The game is played in the thread; the channel takes another challenge meanwhile.
    let mut position = Position::new(Variant::Standard);
    let push = next_push(&mut position);
    let played = ask(&discord, say(thread, ALICE, &format!("!push {push}"))).await;
    assert!(
        content(&played).contains("alice (white) played"),
        "{played:#}"
    );
    let refused = ask(&discord, say(CHANNEL, ALICE, &format!("!push {push}"))).await;
    assert!(
        content(&refused).contains("There is no game in this channel"),
        "{refused:#}"
    );
    let again = format!("!challenge <@{}>", CAROL.0);
    let body = ask(
        &discord,
        MessageSpec {
            mentions: vec![CAROL],
            ..say(CHANNEL, BOB, &again)
        },
    )
    .await;
    assert!(content(&body).contains("challenges you"), "{body:#}");
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_thread_the_parent_channels_overwrites_decide_who_moderates() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    let manage_messages = 1 << 13;
    // Carol moderates the server by her role, but the game channel denies it to her: not in
    // its threads either, typed or by slash command.
    discord.grant(CAROL.0, manage_messages);
    discord.overwrite(CHANNEL, CAROL.0, 0, manage_messages);
    let thread = game_in_a_thread(&discord).await;
    let refused = ask(&discord, say(thread, CAROL, "!abort")).await;
    assert!(
        content(&refused).contains("Only alice and bob can abort this game"),
        "{refused:#}"
    );
    let by_slash = data(
        &slash(
            &discord,
            discord.slash_command_json(&invoker(CAROL, thread), "abort", json!([])),
        )
        .await,
    );
    assert!(
        content(&by_slash).contains("Only alice and bob can abort this game"),
        "{by_slash:#}"
    );
    // The channel lifts its denial: as soon as Discord says so, Carol moderates again.
    discord.overwrite(CHANNEL, CAROL.0, 0, 0);
    channel_changed(&discord).await;
    let ended = ask(&discord, say(thread, CAROL, "!abort")).await;
    assert!(
        content(&ended).starts_with("carol (a moderator) ended the game"),
        "{ended:#}"
    );

    // Dave has no role that moderates, but the game channel grants him Manage Messages: in
    // its threads too, typed and by slash command.
    discord.overwrite(CHANNEL, DAVE.0, manage_messages, 0);
    channel_changed(&discord).await;
    let thread = game_in_a_thread(&discord).await;
    let ended = ask(&discord, say(thread, DAVE, "!abort")).await;
    assert!(
        content(&ended).starts_with("dave (a moderator) ended the game"),
        "{ended:#}"
    );
    let thread = game_in_a_thread(&discord).await;
    let by_slash = data(
        &slash(
            &discord,
            discord.slash_command_json(&invoker(DAVE, thread), "abort", json!([])),
        )
        .await,
    );
    assert!(
        content(&by_slash).starts_with("dave (a moderator) ended the game"),
        "{by_slash:#}"
    );
    // Elsewhere in the server Dave is no moderator.
    start_game(&discord, OTHER_CHANNEL).await;
    let refused = ask(&discord, say(OTHER_CHANNEL, DAVE, "!abort")).await;
    assert!(
        content(&refused).contains("Only alice and bob can abort this game"),
        "{refused:#}"
    );
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slash_answers_that_inform_only_the_asker_are_shown_to_him_alone() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    start_game(&discord, CHANNEL).await;
    for (command, options, says) in [
        (
            "games",
            json!([{ "name": "page", "type": 4, "value": 99 }]),
            "No game",
        ),
        ("games", json!([]), "Games in progress"),
        ("stats", json!([]), "rated game"),
        ("settings", json!([]), "days"),
    ] {
        let answer = data(
            &slash(
                &discord,
                discord.slash_command_json(&invoker(CAROL, CHANNEL), command, options),
            )
            .await,
        );
        assert!(is_ephemeral(&answer), "/{command}: {answer:#}");
        assert!(content(&answer).contains(says), "/{command}: {answer:#}");
    }
    // The board is for everyone, and so is a list asked for in chat (a chat message cannot
    // be shown to one member alone).
    let board = data(
        &slash(
            &discord,
            discord.slash_command_json(&invoker(CAROL, CHANNEL), "board", json!([])),
        )
        .await,
    );
    assert!(!is_ephemeral(&board), "{board:#}");
    let listed = ask(&discord, say(CHANNEL, CAROL, "!games")).await;
    assert!(content(&listed).contains("Games in progress"), "{listed:#}");
    assert!(!is_ephemeral(&listed), "{listed:#}");
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn in_a_direct_message_a_challenge_is_answered_with_where_to_make_it() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    let dm = discord.new_id();
    let in_dm = |content| MessageSpec {
        guild_id: None,
        mentions: vec![BOB],
        ..say(dm, ALICE, content)
    };
    let challenge = format!("!challenge <@{}>", BOB.0);
    let answer = ask(&discord, in_dm(&challenge)).await;
    assert!(
        content(&answer).starts_with("Games and challenges live in a server's channels")
            && content(&answer).contains("`!challenge @someone` in a channel of a server we share"),
        "{answer:#}"
    );
    assert_pings(&answer, &[]);
    assert!(
        !discord.notified_users().contains(&BOB.0),
        "no challenge was made: bob hears nothing"
    );
    let answer = ask(&discord, in_dm("!push b1 c2")).await;
    assert!(
        content(&answer).starts_with("Games and challenges live in a server's channels"),
        "{answer:#}"
    );
    // What makes sense in a conversation with the bot is answered as anywhere.
    let rules = ask(&discord, in_dm("!rules")).await;
    assert!(content(&rules).contains("official notation"), "{rules:#}");
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_thread_is_refused_says_why_it_is_played_in_the_channel() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    discord.refuse_threads_in(CHANNEL);
    let challenge = format!("!challenge <@{}> standard white thread", BOB.0);
    let spec = MessageSpec {
        mentions: vec![BOB],
        ..say(CHANNEL, ALICE, &challenge)
    };
    assert!(content(&ask(&discord, spec).await).contains("in a thread of its own"));
    let game_on = ask(&discord, say(CHANNEL, BOB, "!accept")).await;
    assert!(
        content(&game_on).starts_with("Game on")
            && content(&game_on).contains(
                "(The game is played here: I may not open threads in this channel. A moderator can give me Create Public Threads.)"
            ),
        "{game_on:#}"
    );
    assert!(discord.threads_in(CHANNEL).is_empty());
    let mut position = Position::new(Variant::Standard);
    let push = next_push(&mut position);
    let played = ask(&discord, say(CHANNEL, ALICE, &format!("!push {push}"))).await;
    assert!(
        content(&played).contains("alice (white) played"),
        "{played:#}"
    );
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_file_comes_as_text_or_by_direct_message_naming_the_permission() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    start_game(&discord, CHANNEL).await;
    ask(&discord, say(CHANNEL, ALICE, "!push b1 c2")).await;
    ask(&discord, say(CHANNEL, BOB, "!resign confirm")).await;
    discord.refuse_files_in(CHANNEL);
    let route = format!("/channels/{CHANNEL}/messages");
    let refused = next_post_after(&discord, say(CHANNEL, CAROL, "!export")).await;
    assert_eq!(refused.status, 403);
    let note = next_post(&discord, CHANNEL).await;
    assert!(note.files().is_empty());
    assert!(
        content(&note.payload_json()).contains(
            "(I could not attach `gipf-game-1.gipf` here: I need the Attach Files permission in this channel. Here it is as text.)"
        ),
        "{:#}",
        note.payload_json()
    );
    let record = discord
        .next_call(move |c| c.method == "POST" && c.route() == route)
        .await
        .payload_json();
    let text = content(&record);
    assert!(
        text.starts_with("```\n[Event \"gipf-bot game 1\"]")
            && text.contains("[Result \"1-0\"]")
            && text.ends_with("c2 (11)\n```"),
        "{record:#}"
    );
    assert_pings(&record, &[]);
    // A GIF cannot be posted as text: the channel hears where it went, the asker gets it.
    let refused = next_post_after(&discord, say(CHANNEL, CAROL, "!replay")).await;
    assert_eq!(refused.status, 403);
    let note = next_post(&discord, CHANNEL).await;
    assert!(note.files().is_empty());
    assert!(
        content(&note.payload_json()).contains(
            "(I could not attach `gipf-game-1.gif` here: I need the Attach Files permission in this channel. I am sending it to you in a direct message.)"
        ),
        "{:#}",
        note.payload_json()
    );
    let route = "/users/@me/channels";
    discord
        .next_call(move |c| c.method == "POST" && c.route() == route)
        .await;
    let dm = discord
        .dm_channel_of(CAROL.0)
        .expect("carol's direct messages");
    let sent = next_post(&discord, dm).await;
    assert_eq!(sent.status, 200, "{sent:?}");
    assert_eq!(sent.files().len(), 1);
    let body = sent.payload_json();
    assert!(
        content(&body).starts_with("Here is `gipf-game-1.gif`, which I could not attach in <#"),
        "{body:#}"
    );
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}
