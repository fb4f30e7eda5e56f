//! End to end: the real bot (serenity, service, SQLite) against the fake Discord of
//! `tests/support`, offline: a game from challenge to resignation, rows, restarts, tokens,
//! intents and shutdown. Every step waits for the REST call it expects; no sleeps.

use std::time::{Duration, Instant};

use gipf::{Decision, Kind, Pending, Position, Variant};
use gipf_bot::discord::{Settings, run};
use gipf_bot::service::Config;
use serde_json::{Value, json};

use crate::support::fake_discord::{
    APPLICATION_ID, BOT_USER_ID, FakeDiscord, MessageSpec, WAIT_TIMEOUT,
};

use crate::support::bot::{
    Bot, answer_of, ask, assert_board, assert_no_unhandled, button_ids, click, content, data,
    interact, invoker, is_ephemeral, next_post, next_post_after, next_push, own_decisions, say,
    start_game, webhook,
};
use crate::support::chat::{ALICE, BOB, CAROL, CHANNEL, GUILD, OTHER_CHANNEL, assert_pings};
use crate::support::games::find_at_turn_start;

const BOT: (u64, &str) = (BOT_USER_ID, "gipf-bot");

/// A random standard game (seeded) up to a position where the player to move can push into
/// a choice of rows, and every choice ends the turn: the turns before (notation), the push
/// and the number of rows.
fn row_choice_setup() -> (Vec<String>, String, usize) {
    find_at_turn_start(Variant::Standard, 200, 80, |position, turns| {
        // Past 30 turns, so that the record is long enough to come as a file.
        if turns.len() <= 30 || position.pending() != Pending::Push {
            return None;
        }
        own_decisions(position).find_map(|(entry, after)| {
            let Pending::ChooseRow { rows } = after.pending() else {
                return None;
            };
            let ends_turn = rows.iter().all(|row| {
                let mut chosen = after;
                chosen.play(Decision::Row(row.line)).is_ok()
                    && chosen.to_move() != position.to_move()
            });
            ends_turn.then(|| (turns.to_vec(), entry.to_string(), rows.len()))
        })
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_from_challenge_to_resignation() {
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;

    // Another bot's command gets no answer: the next post answers the slip that follows.
    discord
        .send_message(say(CHANNEL, ALICE, "!play some music"))
        .await;
    let slip = format!("!chalenge <@{}>", BOB.0);
    let spec = MessageSpec {
        mentions: vec![BOB],
        ..say(CHANNEL, ALICE, &slip)
    };
    let body = ask(&discord, spec).await;
    assert!(
        content(&body).contains("did you mean `!challenge`?"),
        "{body:#}"
    );

    // The challenge pings bob only, with Accept/Decline buttons.
    let challenge = format!("!challenge <@{}> standard white", BOB.0);
    discord
        .send_message(MessageSpec {
            mentions: vec![BOB],
            ..say(CHANNEL, ALICE, &challenge)
        })
        .await;
    let body = next_post(&discord, CHANNEL).await.payload_json();
    assert!(content(&body).contains(&format!("<@{}>", BOB.0)));
    assert_pings(&body, &[BOB.0]);
    let challenge_buttons = button_ids(&body);
    assert_eq!(challenge_buttons.len(), 2);
    assert!(
        challenge_buttons[0].starts_with("gipf:c") && challenge_buttons[0].ends_with(":accept"),
        "{challenge_buttons:?}"
    );
    let accept = &challenge_buttons[0];

    // A stranger's click on Accept is refused, privately; bob's starts the game.
    let refused = data(&click(&discord, CAROL, CHANNEL, accept).await);
    assert!(is_ephemeral(&refused));
    assert!(content(&refused).contains("Only bob"), "{refused:#}");
    let accepted = click(&discord, BOB, CHANNEL, accept).await;
    let body = data(&accepted);
    assert!(!is_ephemeral(&body));
    assert!(content(&body).starts_with("Game on"), "{body:#}");
    assert_pings(&body, &[ALICE.0]);
    assert_board(&accepted);
    assert_eq!(
        discord.notified_users(),
        [BOB.0, ALICE.0],
        "bob of the challenge, alice of her move"
    );
    // The used buttons disappear from the challenge.
    let messages = format!("/channels/{CHANNEL}/messages/");
    let cleared = discord
        .next_call(move |c| c.method == "PATCH" && c.route().starts_with(&messages))
        .await;
    assert_eq!(cleared.json()["components"], json!([]));
    // A copy of the old Accept button (another client may still show it) does nothing.
    let again = data(&click(&discord, BOB, CHANNEL, accept).await);
    assert!(is_ephemeral(&again));
    assert!(
        content(&again).contains("no longer does anything"),
        "{again:#}"
    );

    // Several pushes: prefix, mention prefix (works without MESSAGE_CONTENT), prefix.
    let mut position = Position::new(Variant::Standard);
    let mention = format!("<@{BOT_USER_ID}>");
    for (turn, (player, other)) in [(ALICE, BOB), (BOB, ALICE), (ALICE, BOB)]
        .into_iter()
        .enumerate()
    {
        let entry = next_push(&mut position);
        let line = if turn == 1 {
            format!("{mention} push {entry}")
        } else {
            format!("!push {entry}")
        };
        discord
            .send_message(MessageSpec {
                mentions: if turn == 1 { vec![BOT] } else { vec![] },
                ..say(CHANNEL, player, &line)
            })
            .await;
        let reply = next_post(&discord, CHANNEL).await;
        let body = reply.payload_json();
        assert!(content(&body).contains("played"), "{body:#}");
        assert!(content(&body).contains(&format!("<@{}>, your move", other.0)));
        assert_pings(&body, &[other.0]);
        assert_board(&reply);
    }

    // Bob is to move. An illegal push, a move out of turn, a stranger's move: refused,
    // as replies to the message (a channel message cannot be ephemeral), pinging nobody.
    for (who, line, expected) in [
        (BOB, "!push b1 c3", "not a first spot"),
        (ALICE, "!push b1 c2", "It is bob's turn"),
        (CAROL, "!push b1 c2", "You are not playing"),
        (BOB, "!move b1-z9", ""),
    ] {
        let body = ask(&discord, say(CHANNEL, who, line)).await;
        assert!(content(&body).contains(expected), "{line}: {body:#}");
        assert!(!content(&body).contains("played"), "{line}: {body:#}");
        assert_pings(&body, &[]);
        assert!(body["message_reference"].is_object(), "{body:#}");
    }

    // Other people's chatter and bots (the bot itself included) are ignored.
    discord.send_message(say(CHANNEL, CAROL, "nice game")).await;
    discord
        .send_dispatch(
            "MESSAGE_CREATE",
            json!({
                "id": discord.new_id().to_string(), "channel_id": CHANNEL.to_string(),
                "guild_id": GUILD.to_string(),
                "author": { "id": BOT_USER_ID.to_string(), "username": "gipf-bot",
                            "discriminator": "0", "global_name": null, "avatar": null, "bot": true },
                "content": "!resign", "timestamp": "2024-01-01T00:00:00+00:00",
                "edited_timestamp": null, "tts": false, "mention_everyone": false,
                "mentions": [], "mention_roles": [], "attachments": [], "embeds": [],
                "pinned": false, "type": 0,
            }),
        )
        .await;

    // @everyone in a command is echoed harmlessly and pings nobody.
    let everyone = format!("!challenge <@{}> @everyone", CAROL.0);
    let body = ask(
        &discord,
        MessageSpec {
            mentions: vec![CAROL],
            ..say(OTHER_CHANNEL, ALICE, &everyone)
        },
    )
    .await;
    assert!(!content(&body).contains("@everyone"), "{body:#}");
    assert_pings(&body, &[]);

    // Bob resigns. He is asked first, in a reply that pings nobody, with a Resign button
    // made for this moment of the game; a stranger's click on it is refused; his click
    // ends the game, and alice wins and is pinged; the button then does nothing.
    let asked = ask(&discord, say(CHANNEL, BOB, "!resign")).await;
    assert_eq!(
        content(&asked),
        "Resigning ends the game at once, and alice (white) wins it. Nothing was changed: \
         if you mean it, write `!resign confirm` or click Resign."
    );
    assert_pings(&asked, &[]);
    let resign = button_ids(&asked);
    assert!(
        resign.len() == 1
            && resign[0].starts_with("gipf:g")
            && resign[0].ends_with(":resign confirm"),
        "{resign:?}"
    );
    let stranger = data(&click(&discord, CAROL, CHANNEL, &resign[0]).await);
    assert!(is_ephemeral(&stranger), "{stranger:#}");
    assert!(content(&stranger).contains("not your game"), "{stranger:#}");
    let body = data(&click(&discord, BOB, CHANNEL, &resign[0]).await);
    assert!(!is_ephemeral(&body), "{body:#}");
    assert!(content(&body).contains("bob resigned"), "{body:#}");
    assert_pings(&body, &[ALICE.0]);
    let stale = data(&click(&discord, BOB, CHANNEL, &resign[0]).await);
    assert!(is_ephemeral(&stale), "{stale:#}");
    assert!(
        content(&stale).contains("no longer does anything"),
        "{stale:#}"
    );
    // Nothing answered the chatter, the bot's own message or anything else.
    let posts = discord
        .calls()
        .iter()
        .filter(|c| c.method == "POST" && c.route() == format!("/channels/{CHANNEL}/messages"))
        .count();
    assert_eq!(
        posts,
        1 + 1 + 3 + 4 + 1,
        "one answers the slip `!chalenge`, one asks bob whether he resigns"
    );

    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
    eprintln!("challenge-to-resignation took {:?}", started.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rows_are_chosen_by_button_and_by_text() {
    let started = Instant::now();
    let (turns, push, rows) = row_choice_setup();
    eprintln!(
        "row choice after {} turns, push {push}, {rows} rows",
        turns.len()
    );
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;

    for channel in [CHANNEL, OTHER_CHANNEL] {
        start_game(&discord, channel).await;
        for (i, turn) in turns.iter().enumerate() {
            let player = if i % 2 == 0 { ALICE } else { BOB };
            let body = ask(&discord, say(channel, player, &format!("!move {turn}"))).await;
            assert!(content(&body).contains("played"), "{turn}: {body:#}");
        }
    }
    let mover = if turns.len() % 2 == 0 { ALICE } else { BOB };

    // The push raises the choice: numbered buttons stamped with the game and the turn.
    let mut choices = Vec::new();
    for channel in [CHANNEL, OTHER_CHANNEL] {
        let body = ask(&discord, say(channel, mover, &format!("!push {push}"))).await;
        assert!(
            content(&body).contains("choose which goes first"),
            "{body:#}"
        );
        assert_pings(&body, &[mover.0]);
        let ids = button_ids(&body);
        assert_eq!(ids.len(), rows);
        assert!(
            ids[0].starts_with("gipf:") && ids[0].ends_with(":row 1"),
            "{ids:?}"
        );
        choices.push(ids);
    }

    // Channel one: a stranger's click is refused; the mover's click plays; clicking again
    // (the turn has moved on) is refused politely, and privately.
    let stranger = data(&click(&discord, CAROL, CHANNEL, &choices[0][0]).await);
    assert!(is_ephemeral(&stranger));
    assert!(content(&stranger).contains("not your game"), "{stranger:#}");
    let played = click(&discord, mover, CHANNEL, &choices[0][0]).await;
    let body = data(&played);
    assert!(!is_ephemeral(&body));
    assert!(content(&body).contains("played"), "{body:#}");
    assert_board(&played);
    // Its answer is kept as the turn's announcement, which a repeat of the turn links.
    let kept = "SELECT COUNT(*) FROM outbox WHERE message_id IS NOT NULL
                AND id = (SELECT MAX(id) FROM outbox WHERE kind = 'turn')";
    crate::outbox::stored(&dir.path().join("gipf.db"), kept, 1).await;
    let stale = data(&click(&discord, mover, CHANNEL, &choices[0][0]).await);
    assert!(is_ephemeral(&stale));
    assert!(content(&stale).contains("earlier question"), "{stale:#}");

    // Channel two: `/row number` suggests the pending rows; then the choice is typed.
    let typing = json!([{ "name": "number", "type": 4, "value": "", "focused": true }]);
    let asking = discord.autocomplete_json(&invoker(mover, OTHER_CHANNEL), "row", typing);
    let (_, answer) = interact(&discord, asking).await;
    assert_eq!(answer["type"], 8);
    let numbers: Vec<u64> = answer["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["value"].as_u64())
        .collect();
    assert_eq!(numbers, (1..=rows as u64).collect::<Vec<_>>());
    let body = ask(&discord, say(OTHER_CHANNEL, mover, &format!("!row {rows}"))).await;
    assert!(content(&body).contains("played"), "{body:#}");

    // A long game's record comes as a `.gipf` attachment.
    let history = next_post_after(&discord, say(OTHER_CHANNEL, CAROL, "!history")).await;
    let files = history.files();
    assert!(
        files.iter().any(|(name, bytes)| name.ends_with(".gipf")
            && String::from_utf8_lossy(bytes).contains(&turns[0])),
        "{:?}",
        files.iter().map(|f| &f.0).collect::<Vec<_>>()
    );

    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
    eprintln!("row choices took {:?}", started.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn simultaneous_pushes_and_a_restart() {
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("gipf.db");
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &db).await;
    start_game(&discord, CHANNEL).await;
    let mut position = Position::new(Variant::Standard);
    let entry = next_push(&mut position);
    let body = ask(&discord, say(CHANNEL, ALICE, &format!("!push {entry}"))).await;
    assert!(content(&body).contains("played"));

    // Bob sends two different pushes at once: exactly one is played.
    let entries: Vec<String> = position.legal_entries().map(|e| e.to_string()).collect();
    let (first, second) = (
        format!("!push {}", entries[0]),
        format!("!push {}", entries[1]),
    );
    discord.send_message(say(CHANNEL, BOB, &first)).await;
    discord.send_message(say(CHANNEL, BOB, &second)).await;
    let answers = [
        next_post(&discord, CHANNEL).await.payload_json(),
        next_post(&discord, CHANNEL).await.payload_json(),
    ];
    let played: Vec<&Value> = answers
        .iter()
        .filter(|b| content(b).contains("played"))
        .collect();
    assert_eq!(played.len(), 1, "{answers:#?}");
    // Whichever push was played, alice's next push must be legal and raise nothing.
    let candidates: Vec<Position> = entries[..2]
        .iter()
        .map(|e| {
            let mut after = position;
            let push = Decision::Push {
                entry: e.parse().unwrap(),
                piece: Kind::Basic,
            };
            after.play(push).unwrap();
            after
        })
        .collect();
    let entry = candidates[0]
        .legal_entries()
        .find(|e| {
            candidates.iter().all(|p| {
                let mut after = *p;
                let push = Decision::Push {
                    entry: *e,
                    piece: Kind::Basic,
                };
                after.play(push).is_ok() && after.pending() == Pending::Push
            })
        })
        .unwrap()
        .to_string();

    // The bot restarts against the same database; the game goes on.
    bot.stop(&discord).await;
    let bot = Bot::start(&discord, &db).await;
    let body = ask(&discord, say(CHANNEL, ALICE, &format!("!push {entry}"))).await;
    assert!(content(&body).contains("alice (white) played"), "{body:#}");
    assert_pings(&body, &[BOB.0]);

    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
    eprintln!(
        "simultaneous pushes and restart took {:?}",
        started.elapsed()
    );
}

#[tokio::test]
async fn a_missing_or_mangled_token_says_where_to_get_one() {
    for token in [" ", "\"MTA.abc-def_0\"", "MTA abc"] {
        let settings = Settings {
            token: token.into(),
            database: std::path::PathBuf::from("unused.db").into(),
            config: Config::default(),
            dev_guild: None,
            api_proxy: Some("http://127.0.0.1:9".into()),
            shards: Default::default(),
            web_bind: None,
        };
        let error = tokio::time::timeout(Duration::from_secs(5), run(settings, async {}))
            .await
            .unwrap()
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("Developer Portal") && error.contains("DISCORD_TOKEN"),
            "{token}: {error}"
        );
        assert!(!error.contains('\n'));
    }
}

#[tokio::test]
async fn a_rejected_token_says_where_to_get_one() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    // A Discord that refuses every token, as the real one does with `401 Unauthorized`.
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let server = tokio::spawn(async move {
        while let Ok((mut socket, _)) = listener.accept().await {
            let mut request = vec![0; 8192];
            let _ = socket.read(&mut request).await;
            let body = r#"{"message": "401: Unauthorized", "code": 0}"#;
            let response = format!(
                "HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\n\
                 content-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = socket.write_all(response.as_bytes()).await;
        }
    });
    let settings = Settings {
        token: "revoked-token".into(),
        database: std::path::PathBuf::from("unused.db").into(),
        config: Config::default(),
        dev_guild: None,
        api_proxy: Some(base),
        shards: Default::default(),
        web_bind: None,
    };
    let error = tokio::time::timeout(WAIT_TIMEOUT, run(settings, async {}))
        .await
        .unwrap()
        .unwrap_err()
        .to_string();
    assert!(error.starts_with("Discord refused the token"), "{error}");
    assert!(
        error.contains("Reset Token") && !error.contains('\n'),
        "{error}"
    );
    server.abort();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_message_content_intent_mention_commands_still_work() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    let message_content = 1 << 15;
    let first = discord.wait_ready().await;
    assert_ne!(
        first.payload["intents"].as_u64().unwrap() & message_content,
        0
    );

    // Discord refuses the privileged intent (close code 4014): the bot comes back without it.
    discord.close_bot(4014);
    let commands = format!("/applications/{APPLICATION_ID}/guilds/{GUILD}/commands");
    discord
        .next_call(|c| c.method == "PUT" && c.route() == commands)
        .await;
    let second = discord.wait_ready().await;
    assert!(!second.resumed);
    assert_eq!(
        second.payload["intents"].as_u64().unwrap() & message_content,
        0
    );

    // Typed `!push` would not reach the bot now: its prompts teach slash commands instead.
    let line = format!("<@{BOT_USER_ID}> challenge <@{}> standard white", BOB.0);
    let spec = MessageSpec {
        mentions: vec![BOT, BOB],
        ..say(CHANNEL, ALICE, &line)
    };
    let challenge = ask(&discord, spec).await;
    assert!(content(&challenge).contains("`/accept`"), "{challenge:#}");
    let line = format!("<@{BOT_USER_ID}> accept");
    let spec = MessageSpec {
        mentions: vec![BOT],
        ..say(CHANNEL, BOB, &line)
    };
    let game_on = ask(&discord, spec).await;
    assert!(
        content(&game_on).contains("`/push") && !content(&game_on).contains("`!"),
        "{game_on:#}"
    );

    let line = format!("<@{BOT_USER_ID}> help");
    let body = ask(
        &discord,
        MessageSpec {
            mentions: vec![BOT],
            ..say(CHANNEL, ALICE, &line)
        },
    )
    .await;
    // The help (in several messages) names the typed form the bot can still read: a
    // mention, in its last lines.
    let mut help = content(&body).to_string();
    while !help.contains("Every command also works typed in chat") {
        let rest = next_post(&discord, CHANNEL).await.payload_json();
        help.push_str(content(&rest));
    }
    assert!(
        help.contains("Every command also works typed in chat: `@gipf-bot push b1 c2`."),
        "{body:#}"
    );
    assert!(!help.contains("`!push"), "{help}");
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_in_flight_is_answered_before_shutdown() {
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let Bot { stop, task } = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    start_game(&discord, CHANNEL).await;

    // Alice's `/push` is held at its deferral: it is in flight.
    let mut position = Position::new(Variant::Standard);
    let entry = next_push(&mut position);
    let alice = invoker(ALICE, CHANNEL);
    let push = json!([{ "name": "entry", "type": 3, "value": entry }]);
    let interaction = discord.slash_command_json(&alice, "push", push);
    let id = interaction["id"].as_str().unwrap().to_string();
    let token = interaction["token"].as_str().unwrap().to_string();
    let callback = format!("/interactions/{id}/{token}/callback");
    let release = discord.hold({
        let callback = callback.clone();
        move |c| c.method == "POST" && c.route() == callback
    });
    discord.send_interaction(interaction).await;
    let answering = discord
        .next_call(move |c| c.method == "POST" && c.route() == callback)
        .await;
    assert_eq!(answering.payload_json()["type"], 4);

    // Shutdown: once it has begun, new commands are turned away (the first ones may still
    // slip in before the bot sees the signal; they are answered as usual).
    stop.send(()).unwrap();
    let bob = invoker(BOB, CHANNEL);
    let mut refused = false;
    for _ in 0..500 {
        let help = discord.slash_command_json(&bob, "help", json!([]));
        let (_, answer) = interact(&discord, help).await;
        assert_eq!(answer["type"], 4, "{answer:#}");
        if content(&answer["data"]).contains("restarting") {
            assert!(is_ephemeral(&answer["data"]), "{answer:#}");
            refused = true;
            break;
        }
        assert!(content(&answer["data"]).contains("Commands"), "{answer:#}");
    }
    assert!(refused, "the bot never began to shut down");
    assert!(
        !task.is_finished(),
        "the bot stopped with a command in flight"
    );

    // The held command goes on, is answered, and only then does the bot stop.
    release.send(()).unwrap();
    let ended = tokio::time::timeout(WAIT_TIMEOUT, task).await;
    ended.expect("the bot did not stop").unwrap().unwrap();
    let answered = discord
        .calls()
        .into_iter()
        .find(|c| c.route().contains(&token) && c.status == 204)
        .expect("the command in flight was not answered");
    let body = data(&answered);
    assert!(content(&body).contains("alice (white) played"), "{body:#}");
    assert_pings(&body, &[BOB.0]);
    discord.wait_disconnected().await;
    assert_no_unhandled(&discord);
    eprintln!(
        "shutdown with a command in flight took {:?}",
        started.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_slow_command_is_deferred_privately_and_its_ping_still_arrives() {
    if crate::support::database::postgres().is_some() {
        return; // SQLite's own file: PostgreSQL has tests of its own (tests/service/postgres.rs)
    }
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("gipf.db");
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &db).await;
    start_game(&discord, CHANNEL).await;
    let before = discord.notified_users();

    // Another writer holds the database, so the push cannot be saved for a while.
    let lock = rusqlite::Connection::open(&db).unwrap();
    lock.execute_batch("BEGIN IMMEDIATE").unwrap();
    let mut position = Position::new(Variant::Standard);
    let entry = next_push(&mut position);
    let push = json!([{ "name": "entry", "type": 3, "value": entry }]);
    let interaction = discord.slash_command_json(&invoker(ALICE, CHANNEL), "push", push);
    let token = interaction["token"].as_str().unwrap().to_string();
    let deferral = answer_of(&discord, interaction).await.payload_json();
    assert_eq!(deferral["type"], 5, "{deferral:#}");
    assert!(
        is_ephemeral(&deferral["data"]),
        "the thinking is private: {deferral:#}"
    );
    lock.execute_batch("COMMIT").unwrap();

    // The public reply is a new message (a follow-up), so bob is notified; the private
    // "thinking..." is filled in by an edit.
    let route = webhook(&token);
    let followup = discord
        .next_call(move |c| c.method == "POST" && c.route() == route)
        .await;
    let body = followup.payload_json();
    assert!(content(&body).contains("alice (white) played"), "{body:#}");
    assert!(!is_ephemeral(&body));
    assert_board(&followup);
    let notified = discord.notified_users();
    assert_eq!(notified[before.len()..], [BOB.0], "bob hears of his move");
    let original = format!("{}/messages/@original", webhook(&token));
    assert!(
        discord
            .calls()
            .iter()
            .any(|c| c.method == "PATCH" && c.route() == original),
        "the thinking message was left hanging"
    );
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_picture_still_announces_the_turn() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    start_game(&discord, CHANNEL).await;
    discord.refuse_files_in(CHANNEL);
    let mut position = Position::new(Variant::Standard);
    let entry = next_push(&mut position);
    discord
        .send_message(say(CHANNEL, ALICE, &format!("!push {entry}")))
        .await;
    let route = format!("/channels/{CHANNEL}/messages");
    let refused = discord
        .next_call({
            let route = route.clone();
            move |c| c.method == "POST" && c.route() == route
        })
        .await;
    assert_eq!(refused.status, 403);
    let text_only = discord
        .next_call(move |c| c.method == "POST" && c.route() == route)
        .await;
    assert!(text_only.files().is_empty());
    let body = text_only.payload_json();
    assert!(
        content(&body).contains("alice (white) played ")
            && content(&body).contains(", recorded as `"),
        "{body:#}"
    );
    assert!(content(&body).contains("Attach Files"), "{body:#}");
    assert_pings(&body, &[BOB.0]);
    assert_eq!(discord.notified_users().last(), Some(&BOB.0));
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}
