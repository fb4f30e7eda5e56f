//! End to end: the real bot (serenity, service, SQLite) against the fake Discord of
//! `tests/support`, offline. Every step waits for the REST call it expects; no sleeps.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

mod support;

use std::time::{Duration, Instant};

use gipf::{Decision, Kind, Pending, Position, Variant};
use gipf_bot::discord::{Settings, run};
use gipf_bot::service::Config;
use serde_json::{Value, json};

use support::fake_discord::{
    APPLICATION_ID, BOT_USER_ID, FakeDiscord, GUILD_NAME, MessageSpec, RestCall, WAIT_TIMEOUT,
};

use support::bot::{
    Bot, answer_of, ask, assert_board, assert_no_unhandled, button_ids, click, content, data,
    interact, invoker, is_ephemeral, next_post, say, slash, webhook,
};
use support::chat::{ALICE, BOB, CAROL, CHANNEL, GUILD, OTHER_CHANNEL, assert_pings};
use support::games::{find_at_turn_start, last_gipf_setup, removal_setup, shared_row};
use support::pictures::bottom_of_png;

const BOT: (u64, &str) = (BOT_USER_ID, "gipf-bot");

/// `alice` challenges `bob` (standard, alice White) and bob accepts with `!accept`.
async fn start_game(discord: &FakeDiscord, channel: u64) {
    let challenge = format!("!challenge <@{}> standard white", BOB.0);
    let body = ask(
        discord,
        MessageSpec {
            mentions: vec![BOB],
            ..say(channel, ALICE, &challenge)
        },
    )
    .await;
    assert!(content(&body).contains("challenges you"), "{body:#}");
    let body = ask(discord, say(channel, BOB, "!accept")).await;
    assert!(content(&body).starts_with("Game on"), "{body:#}");
}

/// The first legal entry of `position` as `b1-c2`, played on it.
fn next_push(position: &mut Position) -> String {
    let entry = position.legal_entries().next().unwrap();
    position
        .play(Decision::Push {
            entry,
            piece: Kind::Basic,
        })
        .unwrap();
    assert_eq!(
        position.pending(),
        Pending::Push,
        "pick pushes that raise nothing"
    );
    entry.to_string()
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

async fn next_post_after(discord: &FakeDiscord, spec: MessageSpec<'_>) -> RestCall {
    let channel = spec.channel_id;
    discord.send_message(spec).await;
    next_post(discord, channel).await
}

/// The basic pushes from `position` that end in a decision of his own (not
/// rows left to the opponent's next turn).
fn own_decisions(position: Position) -> impl Iterator<Item = (gipf::Entry, Position)> {
    position.legal_entries().filter_map(move |entry| {
        let mut after = position;
        let push = Decision::Push {
            entry,
            piece: Kind::Basic,
        };
        let own = after.play(push).is_ok() && after.to_move() == position.to_move();
        own.then_some((entry, after))
    })
}

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

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slash_commands_with_autocomplete() {
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;

    let registered = discord.registered_commands(Some(GUILD));
    let names: Vec<&str> = registered
        .iter()
        .filter_map(|c| c["name"].as_str())
        .collect();
    for name in [
        "push",
        "challenge",
        "accept",
        "row",
        "take",
        "keep",
        "board",
        "help",
    ] {
        assert!(names.contains(&name), "{name} not in {names:?}");
    }
    assert!(discord.registered_commands(None).is_empty());

    // /challenge opponent:@bob variant:standard color:white
    let alice = invoker(ALICE, CHANNEL);
    let mut challenge = discord.slash_command_json(
        &alice,
        "challenge",
        json!([
            { "name": "opponent", "type": 6, "value": BOB.0.to_string() },
            { "name": "variant", "type": 3, "value": "standard" },
            { "name": "color", "type": 3, "value": "white" },
        ]),
    );
    challenge["data"]["resolved"] = json!({ "users": { BOB.0.to_string(): {
        "id": BOB.0.to_string(), "username": BOB.1, "discriminator": "0",
        "global_name": null, "avatar": null, "bot": false,
    } } });
    let body = data(&slash(&discord, challenge).await);
    let ping = format!("<@{}>, alice challenges you", BOB.0);
    assert!(content(&body).starts_with(&ping), "{body:#}");
    assert_pings(&body, &[BOB.0]);
    assert_eq!(
        discord.notified_users(),
        [BOB.0],
        "bob hears of the challenge"
    );

    // /accept by bob.
    let accept = discord.slash_command_json(&invoker(BOB, CHANNEL), "accept", json!([]));
    let edit = slash(&discord, accept).await;
    assert!(content(&data(&edit)).starts_with("Game on"));
    assert_board(&edit);
    assert_eq!(
        discord.notified_users(),
        [BOB.0, ALICE.0],
        "alice hears it is her move"
    );

    // Autocomplete of /push entry: the legal entries starting with what was typed.
    let typing = json!([{ "name": "entry", "type": 3, "value": "b", "focused": true }]);
    let (_, answer) = interact(&discord, discord.autocomplete_json(&alice, "push", typing)).await;
    assert_eq!(answer["type"], 8);
    let offered: Vec<String> = answer["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap().to_string())
        .collect();
    let position = Position::new(Variant::Standard);
    let legal: Vec<String> = position
        .legal_entries()
        .map(|e| e.to_string())
        .filter(|e| e.starts_with('b'))
        .take(25)
        .collect();
    assert!(!legal.is_empty());
    assert_eq!(offered, legal);

    // /push entry:<the first offer> plays; a bad one from bob is answered ephemerally.
    let push = json!([{ "name": "entry", "type": 3, "value": offered[0] }]);
    let body = data(&slash(&discord, discord.slash_command_json(&alice, "push", push)).await);
    assert!(content(&body).contains("alice (white) played"), "{body:#}");
    assert!(
        content(&body).contains("`/push entry:<dot>-<first spot>`"),
        "slash words: {body:#}"
    );
    assert_pings(&body, &[BOB.0]);
    assert_eq!(
        discord.notified_users(),
        [BOB.0, ALICE.0, BOB.0],
        "bob hears of his move"
    );

    let bad = json!([{ "name": "entry", "type": 3, "value": "z9-z8" }]);
    let bob = invoker(BOB, CHANNEL);
    let refused = data(&slash(&discord, discord.slash_command_json(&bob, "push", bad)).await);
    assert!(is_ephemeral(&refused), "{refused:#}");
    assert_pings(&refused, &[]);
    assert_eq!(
        discord.notified_users().len(),
        3,
        "a refusal notifies nobody"
    );

    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
    eprintln!("slash commands took {:?}", started.elapsed());
}

#[tokio::test]
async fn a_missing_or_mangled_token_says_where_to_get_one() {
    for token in [" ", "\"MTA.abc-def_0\"", "MTA abc"] {
        let settings = Settings {
            token: token.into(),
            database: "unused.db".into(),
            config: Config::default(),
            dev_guild: None,
            api_proxy: Some("http://127.0.0.1:9".into()),
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
        database: "unused.db".into(),
        config: Config::default(),
        dev_guild: None,
        api_proxy: Some(base),
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
    // The help (in two messages) names the typed form the bot can still read: a mention.
    let rest = next_post(&discord, CHANNEL).await.payload_json();
    let help = format!("{}{}", content(&body), content(&rest));
    assert!(
        help.contains("Every command also works typed in chat: `@gipf-bot push b1 c2`."),
        "{body:#}"
    );
    assert!(!help.contains("`!push"), "{help}");
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

/// A random standard game (seeded) up to a position where White's next (basic) push removes
/// a row with GIPF-pieces and asks White which to take: the turns before (notation), the
/// push, and the spots of the GIPF-pieces in question. Keeping them all, or taking the first
/// of them, ends White's turn.
fn take_gipf_setup() -> (Vec<String>, Position, String, Vec<String>) {
    find_at_turn_start(Variant::Standard, 500, 80, |position, turns| {
        if position.to_move() != gipf::Color::White || position.pending() != Pending::Push {
            return None;
        }
        own_decisions(position).find_map(|(entry, after)| {
            let Pending::TakeGipf { gipf, .. } = after.pending() else {
                return None;
            };
            let first: gipf::Bitboard = gipf.iter().take(1).collect();
            let ends_turn = [gipf::Bitboard::EMPTY, first].into_iter().all(|take| {
                let mut answered = after;
                answered.play(Decision::Take(take)).is_ok()
                    && answered.to_move() == gipf::Color::Black
                    && answered.outcome().is_none()
            });
            let spots = || gipf.iter().map(|p| p.to_string()).collect();
            ends_turn.then(|| (turns.to_vec(), position, entry.to_string(), spots()))
        })
    })
}

/// The notation (`{:#}`) of White's turn from `position`, pushing `push` and taking `take`.
fn expected_turn(mut position: Position, push: &str, take: &[String]) -> String {
    let push = Decision::Push {
        entry: push.parse().unwrap(),
        piece: Kind::Basic,
    };
    assert!(position.play(push).unwrap().is_empty());
    let take = take
        .iter()
        .map(|s| s.parse::<gipf::Point>().unwrap())
        .collect();
    let done = position.play(Decision::Take(take)).unwrap();
    format!("{:#}", done.by(gipf::Color::White).unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn gipf_pieces_are_kept_by_button_and_taken_by_slash_command() {
    let started = Instant::now();
    let (turns, before, push, spots) = take_gipf_setup();
    eprintln!(
        "GIPF-piece decision after {} turns, push {push}, GIPF-pieces {spots:?}",
        turns.len()
    );
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;

    let mut buttons = Vec::new();
    for channel in [CHANNEL, OTHER_CHANNEL] {
        start_game(&discord, channel).await;
        for (i, turn) in turns.iter().enumerate() {
            let player = if i % 2 == 0 { ALICE } else { BOB };
            let body = ask(&discord, say(channel, player, &format!("!move {turn}"))).await;
            assert!(content(&body).contains("played"), "{turn}: {body:#}");
        }
        // White's push raises the question: Take all / Keep all, pinging White only.
        let reply = next_post_after(&discord, say(channel, ALICE, &format!("!push {push}"))).await;
        let body = reply.payload_json();
        assert!(!content(&body).contains("played"), "{body:#}");
        for spot in &spots {
            assert!(
                content(&body).contains(&format!(" at {spot}: taking it ")),
                "{body:#}"
            );
        }
        assert!(content(&body).contains("keep all"), "{body:#}");
        assert_pings(&body, &[ALICE.0]);
        assert_board(&reply);
        let ids = button_ids(&body);
        assert_eq!(ids.len(), 2, "{ids:?}");
        assert!(
            ids[0].starts_with("gipf:") && ids[0].ends_with(":take all"),
            "{ids:?}"
        );
        assert!(ids[1].ends_with(":keep all"), "{ids:?}");
        let labels: Vec<&str> = body["components"][0]["components"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|b| b["label"].as_str())
            .collect();
        assert_eq!(labels, ["Take all", "Keep all"]);
        buttons.push(ids);
    }

    // Channel one: a stranger's "Keep all" is refused privately; White's ends the turn with
    // the GIPF-pieces left standing (none of them in the removal), and pings Black.
    let stranger = data(&click(&discord, CAROL, CHANNEL, &buttons[0][1]).await);
    assert!(is_ephemeral(&stranger));
    assert!(content(&stranger).contains("not your game"), "{stranger:#}");
    let kept = expected_turn(before, &push, &[]);
    for spot in &spots {
        assert!(!kept.contains(&format!("G{spot}")), "{kept}");
    }
    let played = click(&discord, ALICE, CHANNEL, &buttons[0][1]).await;
    let body = data(&played);
    assert!(!is_ephemeral(&body));
    let arrow = push.replace('-', " -> ");
    let line = format!("alice (white) played {arrow}, recorded as `{kept}`.");
    assert!(content(&body).contains(&line), "{body:#}");
    assert!(content(&body).contains(&format!("<@{}>, your move", BOB.0)));
    assert_pings(&body, &[BOB.0]);
    assert_board(&played);
    // The other button of that message is used up too.
    let stale = data(&click(&discord, ALICE, CHANNEL, &buttons[0][0]).await);
    assert!(is_ephemeral(&stale));
    assert!(content(&stale).contains("earlier question"), "{stale:#}");

    // Channel two: `/take spots` suggests exactly `all` and the pending GIPF-pieces.
    let white = invoker(ALICE, OTHER_CHANNEL);
    let typing = json!([{ "name": "spots", "type": 3, "value": "", "focused": true }]);
    let (_, answer) = interact(&discord, discord.autocomplete_json(&white, "take", typing)).await;
    assert_eq!(answer["type"], 8);
    let offered: Vec<String> = answer["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap().to_string())
        .collect();
    let mut expected = vec!["all".to_string()];
    expected.extend(spots.iter().cloned());
    assert_eq!(offered, expected);
    // `/take spots:<the first GIPF-piece>` takes that one (its `G` shows in the removal).
    let chosen = json!([{ "name": "spots", "type": 3, "value": offered[1] }]);
    let before_take = discord.notified_users().len();
    let edit = slash(&discord, discord.slash_command_json(&white, "take", chosen)).await;
    let body = data(&edit);
    let taken = expected_turn(before, &push, &spots[..1]);
    assert!(taken.contains(&format!("G{}", spots[0])), "{taken}");
    let line = format!("alice (white) played {arrow}, recorded as `{taken}`.");
    assert!(content(&body).contains(&line), "{body:#}");
    assert_pings(&body, &[BOB.0]);
    assert_board(&edit);
    assert_eq!(
        discord.notified_users()[before_take..],
        [BOB.0],
        "bob hears of his move"
    );

    // The records agree: each channel's last turn is the one decided there.
    for (channel, last) in [(CHANNEL, &kept), (OTHER_CHANNEL, &taken)] {
        let history = next_post_after(&discord, say(channel, CAROL, "!history")).await;
        let record = match history
            .files()
            .into_iter()
            .find(|(n, _)| n.ends_with(".gipf"))
        {
            Some((_, bytes)) => String::from_utf8(bytes).unwrap(),
            None => content(&history.payload_json()).to_string(),
        };
        let final_turn = record
            .lines()
            .rfind(|l| !l.trim().is_empty() && !l.starts_with("```"))
            .unwrap();
        assert!(
            final_turn.ends_with(last.as_str()),
            "{final_turn} vs {last}"
        );
    }

    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
    eprintln!("GIPF-piece decisions took {:?}", started.elapsed());
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
async fn the_deadline_watch_reminds_the_player_in_his_channel_and_by_direct_message() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicI64, Ordering};

    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    // A clock the test moves on; the watch looks often.
    let now = Arc::new(AtomicI64::new(1_800_000_000));
    let config = Config {
        clock: gipf_bot::model::Clock::new({
            let now = Arc::clone(&now);
            move || now.load(Ordering::SeqCst)
        }),
        deadline_watch_every: Duration::from_millis(20),
        ..Config::default()
    };
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

/// The values of an autocomplete answer's choices.
fn offered(answer: &Value) -> Vec<String> {
    answer["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_with_potentials_by_slash_command() {
    use gipf::potentials::{Decision, Game, Options, PieceKind, Potential};
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    let (alice, bob) = (invoker(ALICE, CHANNEL), invoker(BOB, CHANNEL));

    // /challenge ... potentials:Z3,D3, then /accept.
    let mut challenge = discord.slash_command_json(
        &alice,
        "challenge",
        json!([
            { "name": "opponent", "type": 6, "value": BOB.0.to_string() },
            { "name": "color", "type": 3, "value": "white" },
            { "name": "potentials", "type": 3, "value": "Z3,D3" },
        ]),
    );
    challenge["data"]["resolved"] = json!({ "users": { BOB.0.to_string(): {
        "id": BOB.0.to_string(), "username": BOB.1, "discriminator": "0",
        "global_name": null, "avatar": null, "bot": false,
    } } });
    let body = data(&slash(&discord, challenge).await);
    assert!(
        content(&body).contains("With potentials: White Z3,D3, Black Z3,D3."),
        "{body:#}"
    );
    let accept = discord.slash_command_json(&bob, "accept", json!([]));
    let accepted = slash(&discord, accept).await;
    assert!(
        content(&data(&accepted)).contains("`/push entry:b1-c2 piece:zertz`"),
        "{:#}",
        data(&accepted)
    );
    assert_board(&accepted);

    // A push that names no piece keeps the potentials: refused privately, with the choices.
    let push = |entry: &str, piece: Option<&str>| {
        let mut options = vec![json!({ "name": "entry", "type": 3, "value": entry })];
        if let Some(piece) = piece {
            options.push(json!({ "name": "piece", "type": 3, "value": piece }));
        }
        Value::Array(options)
    };
    let refused = data(
        &slash(
            &discord,
            discord.slash_command_json(&alice, "push", push("a1-b2", None)),
        )
        .await,
    );
    assert!(is_ephemeral(&refused), "{refused:#}");
    assert!(
        content(&refused).contains("`/push entry:a1-b2 piece:zertz`"),
        "{refused:#}"
    );
    let notified = discord.notified_users();

    // The same turns on the rules crate, to know what the bot must answer.
    let mut game = Game::new(Options::parse("standard", Some("Z3,D3")).unwrap());
    let mut expect_turn = |entry: &str, kind: Potential| {
        let decision = Decision::Push {
            entry: entry.parse().unwrap(),
            piece: PieceKind::Loaded(kind),
        };
        format!("{:#}", game.play(decision).unwrap()[0])
    };
    let zertz = expect_turn("a1-b2", Potential::Zertz);
    let dvonn = expect_turn("a2-b3", Potential::Dvonn);
    let body = data(
        &slash(
            &discord,
            discord.slash_command_json(&alice, "push", push("a1-b2", Some("zertz"))),
        )
        .await,
    );
    assert!(
        content(&body).contains(&format!(
            "alice (white) played a ZÈRTZ-loaded piece a1 -> b2, recorded as `{zertz}`."
        )),
        "{body:#}"
    );
    assert_pings(&body, &[BOB.0]);
    let body = data(
        &slash(
            &discord,
            discord.slash_command_json(&bob, "push", push("a2-b3", Some("dvonn"))),
        )
        .await,
    );
    assert!(
        content(&body).contains(&format!(
            "bob (black) played a DVONN-loaded piece a2 -> b3, recorded as `{dvonn}`."
        )),
        "{body:#}"
    );
    let mut heard = notified.clone();
    heard.extend([BOB.0, ALICE.0]);
    assert_eq!(discord.notified_users(), heard, "each hears of his move");

    // /zertz: the loaded piece and then its landing spots are suggested as alice types.
    let moves: Vec<(Potential, String, String)> = game
        .potential_moves()
        .into_iter()
        .map(|(kind, from, to)| (kind, from.to_string(), to.to_string()))
        .collect();
    let (_, from, to) = moves
        .iter()
        .find(|m| m.0 == Potential::Zertz)
        .expect("the ZÈRTZ can jump")
        .clone();
    let typing = json!([{ "name": "from", "type": 3, "value": "", "focused": true }]);
    let (_, answer) = interact(&discord, discord.autocomplete_json(&alice, "zertz", typing)).await;
    assert_eq!(offered(&answer), std::slice::from_ref(&from));
    let typing = json!([
        { "name": "from", "type": 3, "value": from },
        { "name": "to", "type": 3, "value": "", "focused": true },
    ]);
    let (_, answer) = interact(&discord, discord.autocomplete_json(&alice, "zertz", typing)).await;
    let targets: Vec<String> = moves
        .iter()
        .filter(|m| m.0 == Potential::Zertz && m.1 == from)
        .map(|m| m.2.clone())
        .collect();
    assert_eq!(offered(&answer), targets);

    // The jump, played by slash command: bob is pinged and sees the board.
    let jump = json!([
        { "name": "from", "type": 3, "value": from },
        { "name": "to", "type": 3, "value": to },
    ]);
    let played = slash(&discord, discord.slash_command_json(&alice, "zertz", jump)).await;
    let body = data(&played);
    assert!(
        content(&body).contains(&format!("alice (white) played `Z{from}>{to}")),
        "{body:#}"
    );
    assert_pings(&body, &[BOB.0]);
    assert_board(&played);

    // In chat, a DVONN named on the wrong spot is refused with where bob's DVONN stands.
    let body = ask(&discord, say(CHANNEL, BOB, "!dvonn c3 c4")).await;
    assert!(
        content(&body).contains("c3 holds no DVONN-loaded piece of yours; yours is on b3")
            || content(&body).contains("c3 holds no DVONN-loaded piece of yours; yours are on b3"),
        "{body:#}"
    );
    assert_pings(&body, &[]);

    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

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

/// Starts a game in `channel` and plays `turns` (notation) by `!move`: alice White.
async fn replay_in(discord: &FakeDiscord, channel: u64, turns: &[String]) {
    start_game(discord, channel).await;
    for (i, turn) in turns.iter().enumerate() {
        let player = if i % 2 == 0 { ALICE } else { BOB };
        let body = ask(discord, say(channel, player, &format!("!move {turn}"))).await;
        assert!(content(&body).contains("played"), "{turn}: {body:#}");
    }
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
    const DM: u64 = 777;
    let in_dm = |content| MessageSpec {
        guild_id: None,
        ..say(DM, ALICE, content)
    };
    let lesson = next_post_after(&discord, in_dm("!learn")).await;
    let body = lesson.payload_json();
    assert!(content(&body).starts_with("Lesson 1 of 5: "), "{body:#}");
    assert_board(&lesson);
    // A push in a direct message is the lesson's, not refused as a game would be.
    let done = ask(&discord, in_dm("!push e1 e2")).await;
    assert!(content(&done).starts_with("Lesson 1 done"), "{done:#}");
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

/// The colour at the bottom of the board picture a post or an answer carries.
fn board_bottom(call: &RestCall) -> gipf::Color {
    assert_board(call);
    let files = call.files();
    let (_, png) = files.iter().find(|(name, _)| name == "board.png").unwrap();
    bottom_of_png(png)
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
