//! End to end at the board: confirmations, removal questions, notation, board sides,
//! takebacks, deadlines, exports, rematches and open seeks.

use gipf::{Position, Variant};
use serde_json::{Value, json};

use crate::support::fake_discord::{FakeDiscord, GUILD_NAME, MessageSpec, RestCall};

use crate::support::bot::{
    Bot, ask, assert_board, assert_no_unhandled, button_ids, click, content, data, invoker,
    is_ephemeral, moved_clock, next_post, next_post_after, next_push, say, slash, start_game,
};
use crate::support::chat::{ALICE, BOB, CAROL, CHANNEL, GUILD, OTHER_CHANNEL, assert_pings};
use crate::support::games::{last_gipf_setup, removal_setup, shared_row};
use crate::support::pictures::bottom_of_png;

/// Starts a game in `channel` and plays `turns` (notation) by `!move`: alice White.
async fn replay_in(discord: &FakeDiscord, channel: u64, turns: &[String]) {
    start_game(discord, channel).await;
    for (i, turn) in turns.iter().enumerate() {
        let player = if i % 2 == 0 { ALICE } else { BOB };
        let body = ask(discord, say(channel, player, &format!("!move {turn}"))).await;
        assert!(content(&body).contains("played"), "{turn}: {body:#}");
    }
}

/// The colour at the bottom of the board picture a post or an answer carries.
fn board_bottom(call: &RestCall) -> gipf::Color {
    assert_board(call);
    let files = call.files();
    let (_, png) = files.iter().find(|(name, _)| name == "board.png").unwrap();
    bottom_of_png(png)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_deadline_watch_reminds_the_player_in_his_channel_and_by_direct_message() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicI64, Ordering};

    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    // A clock the test moves on; the watch looks often.
    let now = Arc::new(AtomicI64::new(1_800_000_000));
    let config = moved_clock(&now);
    let bot = Bot::start_with(&discord, &dir.path().join("gipf.db"), config).await;
    let challenge = format!("!challenge <@{}> standard white days=1", BOB.0);
    ask(
        &discord,
        MessageSpec {
            mentions: vec![BOB],
            ..say(CHANNEL, ALICE, &challenge)
        },
    )
    .await;
    ask(&discord, say(CHANNEL, BOB, "!accept")).await;
    ask(&discord, say(CHANNEL, BOB, "!notify dm on")).await;
    let mut position = Position::new(Variant::Standard);
    let push = next_push(&mut position);
    ask(&discord, say(CHANNEL, ALICE, &format!("!push {push}"))).await;
    // Bob's direct copy of that turn goes first.
    discord
        .next_call(|c| c.method == "POST" && c.route() == "/users/@me/channels")
        .await;
    let dm = discord.dm_channel_of(BOB.0).unwrap();
    let copy = next_post(&discord, dm).await.payload_json();
    assert!(content(&copy).contains("alice (white) played"), "{copy:#}");
    let before = discord.notified_users().len();

    // Eighteen hours on, a quarter of Bob's day is left: he hears it, in the channel and by DM.
    now.fetch_add(18 * 3600 + 60, Ordering::SeqCst);
    let reminder = next_post(&discord, CHANNEL).await.payload_json();
    assert!(
        content(&reminder).starts_with(&format!("<@{}>, a reminder: your move (black)", BOB.0)),
        "{reminder:#}"
    );
    assert_pings(&reminder, &[BOB.0]);
    let direct = next_post(&discord, dm).await.payload_json();
    assert!(content(&direct).contains("a reminder"), "{direct:#}");
    assert_eq!(discord.notified_users()[before..], [BOB.0, BOB.0]);
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_is_exported_with_its_place_and_rematched_by_button() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    start_game(&discord, CHANNEL).await;
    let pushed = ask(&discord, say(CHANNEL, ALICE, "!push b1 c2")).await;
    assert!(content(&pushed).contains("played"), "{pushed:#}");
    // `/resign` asks, privately; `/resign confirm:True` ends the game for all to see.
    let bob = invoker(BOB, CHANNEL);
    let asked = data(
        &slash(
            &discord,
            discord.slash_command_json(&bob, "resign", json!([])),
        )
        .await,
    );
    assert!(is_ephemeral(&asked), "{asked:#}");
    assert!(
        content(&asked).contains("if you mean it, write `/resign confirm:True` or click Resign."),
        "{asked:#}"
    );
    let confirm = json!([{ "name": "confirm", "type": 5, "value": true }]);
    let over = data(
        &slash(
            &discord,
            discord.slash_command_json(&bob, "resign", confirm),
        )
        .await,
    );
    assert!(!is_ephemeral(&over), "{over:#}");
    assert!(content(&over).contains("bob resigned"), "{over:#}");
    assert_pings(&over, &[ALICE.0]);
    let rematch = button_ids(&over)
        .into_iter()
        .find(|id| id.ends_with(":rematch"))
        .expect("a Rematch button");

    // The record names the server and the channel as Discord named them at the start.
    let export = next_post_after(&discord, say(CHANNEL, CAROL, "!export")).await;
    let files = export.files();
    let (name, record) = files.first().expect("the record is attached");
    assert_eq!(name, "gipf-game-1.gipf");
    let record = String::from_utf8_lossy(record);
    assert!(
        record.starts_with(&format!(
            "[Event \"gipf-bot game 1\"]\n[Site \"{GUILD_NAME} #gipf\"]\n"
        )),
        "{record}"
    );
    assert!(
        record.contains("[Result \"1-0\"]\n[Termination \"resignation\"]"),
        "{record}"
    );

    // Bob's click on Rematch challenges alice, pinging her alone; he now plays White.
    let before = discord.notified_users().len();
    let challenge = data(&click(&discord, BOB, CHANNEL, &rematch).await);
    assert!(
        content(&challenge)
            .contains("bob challenges you to a game of standard GIPF (bob plays white"),
        "{challenge:#}"
    );
    assert_pings(&challenge, &[ALICE.0]);
    assert_eq!(discord.notified_users()[before..], [ALICE.0]);
    let accepted = ask(&discord, say(CHANNEL, ALICE, "!accept")).await;
    assert!(
        content(&accepted).contains("White: bob, Black: alice"),
        "{accepted:#}"
    );

    // The first game, replayed as an animated picture.
    let replay = next_post_after(&discord, say(CHANNEL, CAROL, "!replay 1")).await;
    assert!(
        replay
            .files()
            .iter()
            .any(|(name, gif)| name == "gipf-game-1.gif" && gif.starts_with(b"GIF89a")),
        "{:#}",
        replay.payload_json()
    );
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_seek_is_taken_by_whoever_accepts_first() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;

    // /seek variant:basic days:3: posted for everyone, pinging nobody, with Accept only.
    let seek = discord.slash_command_json(
        &invoker(ALICE, CHANNEL),
        "seek",
        json!([
            { "name": "variant", "type": 3, "value": "basic" },
            { "name": "days", "type": 4, "value": 3 },
        ]),
    );
    let body = data(&slash(&discord, seek).await);
    assert!(!is_ephemeral(&body));
    let text = content(&body);
    assert!(
        text.starts_with("alice seeks a game of basic GIPF"),
        "{body:#}"
    );
    assert!(text.contains("3 days per move"), "{text}");
    assert!(
        text.contains("`/accept`") && text.contains("`/cancel`"),
        "{text}"
    );
    assert_pings(&body, &[]);
    assert!(discord.notified_users().is_empty(), "a seek pings nobody");
    let buttons = button_ids(&body);
    assert_eq!(buttons.len(), 1, "{buttons:?}");
    let accept = &buttons[0];

    // Its author cannot take it; a decline is no answer to a seek; a second seek waits.
    let own = data(&click(&discord, ALICE, CHANNEL, accept).await);
    assert!(is_ephemeral(&own));
    assert!(content(&own).contains("your own seek"), "{own:#}");
    let declined = ask(&discord, say(CHANNEL, BOB, "!decline")).await;
    assert!(
        content(&declined).contains("nobody declines it"),
        "{declined:#}"
    );
    let second = ask(&discord, say(CHANNEL, CAROL, "!seek standard")).await;
    assert!(
        content(&second).contains("alice already seeks a game here"),
        "{second:#}"
    );

    // Carol's click starts the game: she is the opponent, and White is pinged to move.
    let accepted = click(&discord, CAROL, CHANNEL, accept).await;
    let body = data(&accepted);
    assert!(
        content(&body).starts_with("Game on: basic GIPF"),
        "{body:#}"
    );
    assert!(content(&body).contains("carol"), "{body:#}");
    assert_board(&accepted);
    // Bob came too late: the game is carol's.
    let late = data(&click(&discord, BOB, CHANNEL, accept).await);
    assert!(
        content(&late).contains("no longer does anything"),
        "{late:#}"
    );

    // A seek withdrawn by its author in another channel.
    let body = ask(&discord, say(OTHER_CHANNEL, BOB, "!seek tournament")).await;
    assert!(content(&body).contains("bob seeks a game"), "{body:#}");
    let refused = ask(&discord, say(OTHER_CHANNEL, CAROL, "!cancel")).await;
    assert!(content(&refused).contains("Only bob"), "{refused:#}");
    let withdrawn = ask(&discord, say(OTHER_CHANNEL, BOB, "!cancel")).await;
    assert_eq!(content(&withdrawn), "bob withdrew the seek.");
    assert_no_unhandled(&discord);
    bot.stop(&discord).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_taken_by_who_then_plays_white_pings_its_author_too() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    let seek = ask(&discord, say(CHANNEL, ALICE, "!seek standard black")).await;
    assert!(content(&seek).contains("alice seeks a game"), "{seek:#}");
    let before = discord.notifications().len();

    // Carol plays White and moves first; alice, who waited, hears of it first: once each.
    let accepted = ask(&discord, say(CHANNEL, CAROL, "!accept")).await;
    let text = content(&accepted);
    assert!(text.starts_with("Game on: standard GIPF"), "{text}");
    assert!(
        text.contains(&format!("<@{}>, you move first", CAROL.0)),
        "{text}"
    );
    assert!(
        text.contains(&format!(
            "<@{}>, your seek was taken up: you play Black.",
            ALICE.0
        )),
        "{text}"
    );
    let notified: Vec<u64> = (discord.notifications().into_iter().skip(before))
        .map(|n| n.user)
        .collect();
    assert_eq!(notified, vec![ALICE.0, CAROL.0]);
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slash_accept_with_a_game_running_is_told_to_its_sender_alone() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    start_game(&discord, CHANNEL).await;
    let before = (
        discord.notifications().len(),
        discord.messages_in(CHANNEL).len(),
    );

    let accept = discord.slash_command_json(&invoker(ALICE, CHANNEL), "accept", json!([]));
    let body = data(&slash(&discord, accept).await);
    assert!(is_ephemeral(&body), "{body:#}");
    assert_eq!(
        content(&body),
        "There is no challenge to accept here: your game is running (White: alice, Black: \
         bob), and it is alice's move. See it with `/board`."
    );
    assert_pings(&body, &[]);
    assert_eq!(discord.notifications().len(), before.0, "nobody is pinged");
    assert_eq!(
        discord.messages_in(CHANNEL).len(),
        before.1,
        "nothing is posted"
    );
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_take_that_loses_is_asked_about_and_confirmed_by_its_button() {
    let (turns, push, spot) = last_gipf_setup(true);
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    // `/take` and `/resign` have a `confirm` option.
    for name in ["take", "keep", "resign"] {
        let command = discord
            .registered_commands(Some(GUILD))
            .into_iter()
            .find(|c| c["name"] == name)
            .unwrap();
        let options = command["options"].as_array().cloned().unwrap_or_default();
        assert!(
            options
                .iter()
                .any(|o| o["name"] == "confirm" && o["type"] == 5 && o["required"] == false),
            "{command:#}"
        );
    }
    replay_in(&discord, CHANNEL, &turns).await;
    let (mover, other) = if turns.len() % 2 == 0 {
        (ALICE, BOB)
    } else {
        (BOB, ALICE)
    };

    // The question pings the mover alone; neither its example nor a button takes the piece.
    let body = ask(&discord, say(CHANNEL, mover, &format!("!push {push}"))).await;
    assert!(
        content(&body).contains(&format!(
            "- your GIPF-piece at {spot}: taking it puts it back in your reserve (2 pieces), \
             but then you would have no GIPF-piece left on the board, so you lose the game."
        )),
        "{body:#}"
    );
    assert!(
        !content(&body).contains(&format!("`!take {spot}`")),
        "{body:#}"
    );
    assert_pings(&body, &[mover.0]);
    let ids = button_ids(&body);
    assert!(ids.iter().all(|id| !id.ends_with(":take all")), "{ids:?}");

    // `/take spots:<it>` is refused privately, pinging nobody, with a Confirm button.
    let spots = json!([{ "name": "spots", "type": 3, "value": spot }]);
    let take = discord.slash_command_json(&invoker(mover, CHANNEL), "take", spots);
    let refused = data(&slash(&discord, take).await);
    assert!(is_ephemeral(&refused), "{refused:#}");
    assert_eq!(
        content(&refused),
        format!(
            "`/take spots:{spot}` would end the game at once: you would have no GIPF-piece \
             left on the board, so you lose the game. Nothing was changed: if you mean it, \
             write `/take spots:{spot} confirm:True` or click the button."
        )
    );
    assert_pings(&refused, &[]);
    let confirm = button_ids(&refused);
    assert!(
        confirm.len() == 1 && confirm[0].ends_with(&format!(":take {spot} confirm")),
        "{confirm:?}"
    );

    // The opponent cannot use it; the mover's click ends the game and pings the winner.
    let theirs = data(&click(&discord, other, CHANNEL, &confirm[0]).await);
    assert!(is_ephemeral(&theirs), "{theirs:#}");
    assert!(
        content(&theirs).contains(&format!("It is {}'s turn", mover.1)),
        "{theirs:#}"
    );
    let over = data(&click(&discord, mover, CHANNEL, &confirm[0]).await);
    assert!(!is_ephemeral(&over), "{over:#}");
    assert!(
        content(&over).contains(&format!("Game over: {} (", other.1)),
        "{over:#}"
    );
    assert_pings(&over, &[other.0]);

    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_removal_question_names_each_piece_and_the_rows_that_remain() {
    let (turns, lines) = removal_setup("standard", None, |game, _, optional| {
        shared_row(game, optional).is_some()
    });
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    replay_in(&discord, CHANNEL, &turns).await;
    let mover = if turns.len() % 2 == 0 { ALICE } else { BOB };
    let mut body = Value::Null;
    for line in &lines {
        body = ask(&discord, say(CHANNEL, mover, line)).await;
    }
    // What the question says is checked against the rules crate's own game.
    let mut game = gipf::potentials::Game::new(gipf::potentials::Options::plain(Variant::Standard));
    for turn in &turns {
        game.play_notation(turn).unwrap();
    }
    for line in &lines {
        let command: gipf_bot::command::Command = line[1..].parse().unwrap();
        let decision = match command {
            gipf_bot::command::Command::Play(gipf_bot::command::PlayCommand::Push {
                entry,
                ..
            }) => gipf::potentials::Decision::Push {
                entry,
                piece: gipf::potentials::PieceKind::Basic,
            },
            gipf_bot::command::Command::Play(gipf_bot::command::PlayCommand::Answer(
                gipf_bot::command::Answer::Row(n),
            )) => {
                let gipf::potentials::Pending::ChooseRow { rows } = game.pending() else {
                    panic!("no row to choose");
                };
                gipf::potentials::Decision::Row(rows[n - 1].line)
            }
            other => panic!("{other:?}"),
        };
        game.play(decision).unwrap();
    }
    let gipf::potentials::Pending::Remove { row, optional } = game.pending() else {
        panic!("{body:#}");
    };
    let text = content(&body);
    let (a, b) = row.ends();
    assert!(
        text.contains(&format!(
            "<@{}>, your row from {a} to {b} is removed after your push.",
            mover.0
        )),
        "{text}"
    );
    for spot in optional.iter() {
        assert!(
            text.contains(&format!(
                "- your GIPF-piece at {spot}: taking it puts it back in your reserve (2 pieces)"
            )) || text.contains(&format!(
                "'s GIPF-piece at {spot}: taking it captures it (2 pieces)"
            )),
            "{spot}: {text}"
        );
    }
    let other = shared_row(&game, optional).unwrap();
    let (c, d) = other.ends();
    assert!(
        text.contains(&format!(
            " leaves your row from {c} to {d} standing: you remove it next, in this turn; taking "
        )),
        "{text}"
    );
    assert_pings(&body, &[mover.0]);
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_push_named_by_the_end_of_its_line_is_played_and_announced_by_both_names() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    start_game(&discord, CHANNEL).await;
    // An end the push does not reach: a reply that names both ways, pinging nobody.
    let refused = ask(&discord, say(CHANNEL, ALICE, "!push a5 d5")).await;
    assert_eq!(
        content(&refused),
        "a5 d5 names no push now: the push from a5 onto b5 moves pieces up to c5, and the \
         record writes `a5-c5`. Push it with `!push a5 b5` or `!push a5 c5`. Nothing was changed."
    );
    assert_pings(&refused, &[]);
    // As the record writes it: played, announced by both names, bob pinged.
    let played = ask(&discord, say(CHANNEL, ALICE, "!push a5 c5")).await;
    assert!(
        content(&played).starts_with("alice (white) played a5 -> b5, recorded as `a5-c5 (11)`."),
        "{played:#}"
    );
    assert_pings(&played, &[BOB.0]);
    // By slash command too.
    let entry = json!([{ "name": "entry", "type": 3, "value": "e9-e7" }]);
    let push = discord.slash_command_json(&invoker(BOB, CHANNEL), "push", entry);
    let body = data(&slash(&discord, push).await);
    assert!(
        content(&body).starts_with("bob (black) played e9 -> e8, recorded as `e9-e7 (11)`."),
        "{body:#}"
    );
    assert_pings(&body, &[ALICE.0]);
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_channel_s_board_stays_on_one_side_and_a_player_s_copies_on_his() {
    use gipf::Color;
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    start_game(&discord, CHANNEL).await;
    // Bob (black) sees his own side in what is sent to him, by slash command.
    let options = json!([
        { "name": "side", "type": 3, "value": "mine" },
        { "name": "always", "type": 5, "value": true },
    ]);
    let chosen = data(
        &slash(
            &discord,
            discord.slash_command_json(&invoker(BOB, CHANNEL), "board", options),
        )
        .await,
    );
    assert!(is_ephemeral(&chosen), "{chosen:#}");
    assert!(content(&chosen).contains("your own colour"), "{chosen:#}");
    ask(&discord, say(CHANNEL, BOB, "!notify dm on")).await;

    // Alice's push: White at the bottom in the channel, Black in bob's direct message.
    let mut position = Position::new(Variant::Standard);
    let push = next_push(&mut position);
    let post = next_post_after(&discord, say(CHANNEL, ALICE, &format!("!push {push}"))).await;
    assert_eq!(board_bottom(&post), Color::White);
    discord
        .next_call(|c| c.method == "POST" && c.route() == "/users/@me/channels")
        .await;
    let dm = discord
        .dm_channel_of(BOB.0)
        .expect("a direct message to bob");
    assert_eq!(board_bottom(&next_post(&discord, dm).await), Color::Black);
    // Bob's push: the channel's board does not turn round.
    let push = next_push(&mut position);
    let post = next_post_after(&discord, say(CHANNEL, BOB, &format!("!push {push}"))).await;
    assert_eq!(board_bottom(&post), Color::White);

    // An admin turns the server's pictures round: every picture in the channel follows.
    discord.grant(CAROL.0, 1 << 5);
    let options = json!([{ "name": "side", "type": 3, "value": "black" }]);
    let changed = data(
        &slash(
            &discord,
            discord.slash_command_json(&invoker(CAROL, CHANNEL), "settings", options),
        )
        .await,
    );
    assert!(
        content(&changed).contains("Black at the bottom"),
        "{changed:#}"
    );
    let push = next_push(&mut position);
    let post = next_post_after(&discord, say(CHANNEL, ALICE, &format!("!push {push}"))).await;
    assert_eq!(board_bottom(&post), Color::Black);
    assert_eq!(board_bottom(&next_post(&discord, dm).await), Color::Black);
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeback_is_asked_by_button_answered_by_its_buttons_and_by_slash_command() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    start_game(&discord, CHANNEL).await;
    ask(&discord, say(CHANNEL, ALICE, "!push b1 c2")).await;
    let replied = ask(&discord, say(CHANNEL, BOB, "!push e9 e8")).await;
    let take_back = button_ids(&replied)
        .into_iter()
        .find(|id| id.ends_with(":takeback"))
        .expect("a Take back button under the turn");
    // Alice clicks it: the request is public, pings bob alone, and carries his answers.
    let asked = data(&click(&discord, ALICE, CHANNEL, &take_back).await);
    assert!(!is_ephemeral(&asked), "{asked:#}");
    assert!(
        content(&asked).contains(
            "alice (white) asks for a takeback: undo their turn `c2 (11)` and your reply `e9-e7 (11)`"
        ),
        "{asked:#}"
    );
    assert_pings(&asked, &[BOB.0]);
    let answers = button_ids(&asked);
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert!(answers[0].ends_with(":takeback accept"), "{answers:?}");
    assert!(answers[1].ends_with(":takeback decline"), "{answers:?}");
    // A bystander's click is refused privately; bob's undoes both turns.
    let stranger = data(&click(&discord, CAROL, CHANNEL, &answers[0]).await);
    assert!(is_ephemeral(&stranger), "{stranger:#}");
    assert_pings(&stranger, &[]);
    let call = click(&discord, BOB, CHANNEL, &answers[0]).await;
    let accepted = data(&call);
    assert!(!is_ephemeral(&accepted), "{accepted:#}");
    assert!(
        content(&accepted).starts_with(
            "bob accepted the takeback: alice's turn `c2 (11)` and bob's reply `e9-e7 (11)` are taken back."
        ),
        "{accepted:#}"
    );
    assert_pings(&accepted, &[ALICE.0]);
    assert_board(&call);
    let stale = data(&click(&discord, BOB, CHANNEL, &answers[0]).await);
    assert!(is_ephemeral(&stale), "{stale:#}");
    assert!(content(&stale).contains("earlier question"), "{stale:#}");

    // By slash command: asked, then declined, in the slash words.
    ask(&discord, say(CHANNEL, ALICE, "!push b1 c2")).await;
    let alice = invoker(ALICE, CHANNEL);
    let asked = data(
        &slash(
            &discord,
            discord.slash_command_json(&alice, "takeback", json!([])),
        )
        .await,
    );
    assert!(
        content(&asked)
            .contains("Answer with `/takeback answer:accept` or `/takeback answer:decline`"),
        "{asked:#}"
    );
    assert_pings(&asked, &[BOB.0]);
    let decline = json!([{ "name": "answer", "type": 3, "value": "decline" }]);
    let bob = invoker(BOB, CHANNEL);
    let declined = data(
        &slash(
            &discord,
            discord.slash_command_json(&bob, "takeback", decline),
        )
        .await,
    );
    assert!(!is_ephemeral(&declined), "{declined:#}");
    assert!(
        content(&declined).contains("bob declined your takeback: the game goes on as it stands"),
        "{declined:#}"
    );
    assert_pings(&declined, &[ALICE.0]);
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}
