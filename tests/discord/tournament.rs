//! A whole Swiss event through the fake Discord (issue 34): six players, three rounds, each
//! game in a thread of its own under the event's channel; a game lost on time, a restart
//! in the middle, a withdrawal; the watch pairing each next round and the final standings
//! pinging the winner.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use serde_json::{Value, json};

use crate::support::bot::{
    Bot, ask, assert_no_unhandled, content, data, invoker, moved_clock, next_post, say, slash,
};
use crate::support::chat::{ALICE, BOB, CAROL, CHANNEL, GUILD};
use crate::support::fake_discord::{BOT_USER_ID, FakeDiscord, MessageSpec};

const DAVE: (u64, &str) = (910_000_000_000_000_013, "dave");
const ERIN: (u64, &str) = (910_000_000_000_000_014, "erin");
const FRANK: (u64, &str) = (910_000_000_000_000_015, "frank");
/// A moderator of the channel (Manage Messages).
const MODERATOR: (u64, &str) = (910_000_000_000_000_016, "mod");
const PLAYERS: [(u64, &str); 6] = [ALICE, BOB, CAROL, DAVE, ERIN, FRANK];
const MANAGE_MESSAGES: u64 = 1 << 13;

/// A game of a round as its thread shows it: the thread, White and Black.
#[derive(Clone, Copy, Debug)]
struct ThreadGame {
    thread: u64,
    white: (u64, &'static str),
    black: (u64, &'static str),
}

/// The users `<@id>` mentions in `text`, in order.
fn mentioned(text: &str) -> Vec<u64> {
    text.split("<@")
        .skip(1)
        .filter_map(|rest| rest.split('>').next()?.parse().ok())
        .collect()
}

fn player(id: u64) -> (u64, &'static str) {
    PLAYERS.into_iter().find(|p| p.0 == id).unwrap()
}

/// The next post in `channel` that says `text`, the ones before it passed over.
async fn post_saying(discord: &FakeDiscord, channel: u64, text: &str) -> Value {
    let route = format!("/channels/{channel}/messages");
    let wanted = text.to_string();
    discord
        .next_call(move |c| {
            c.method == "POST" && c.route() == route && content(&c.payload_json()).contains(&wanted)
        })
        .await
        .payload_json()
}

/// A round's games, once their threads are open: each notice in the hall names a thread,
/// whose first post names White and Black, both pinged.
async fn round_games(discord: &FakeDiscord, round: u32, games: usize) -> Vec<ThreadGame> {
    let mut found = Vec::new();
    for _ in 0..games {
        let notice = post_saying(discord, CHANNEL, "Game on in <#").await;
        let text = content(&notice);
        let thread: u64 = text
            .split("<#")
            .nth(1)
            .and_then(|rest| rest.split('>').next())
            .unwrap()
            .parse()
            .unwrap();
        let opening = next_post(discord, thread).await.payload_json();
        let said = content(&opening);
        assert!(
            said.starts_with(&format!("Winter Cup, round {round}: ")),
            "{said}"
        );
        let ids = mentioned(said);
        let users: Vec<String> = opening["allowed_mentions"]["users"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u.as_str().unwrap().to_string())
            .collect();
        assert_eq!(users.len(), 2, "both players pinged: {opening:#}");
        found.push(ThreadGame {
            thread,
            white: player(ids[0]),
            black: player(ids[1]),
        });
    }
    found
}

/// What `who` is answered to `/tournament sub` with `options` (`/tournaments` for no `sub`).
async fn tournament_slash(
    discord: &FakeDiscord,
    who: (u64, &str),
    sub: Option<&str>,
    options: Value,
) -> String {
    let interaction = match sub {
        Some(sub) => {
            let options = json!([{ "name": sub, "type": 1, "options": options }]);
            discord.slash_command_json(&invoker(who, CHANNEL), "tournament", options)
        }
        None => discord.slash_command_json(&invoker(who, CHANNEL), "tournaments", options),
    };
    content(&data(&slash(discord, interaction).await)).to_string()
}

async fn resign(discord: &FakeDiscord, game: ThreadGame, loser: (u64, &'static str)) {
    let said = ask(discord, say(game.thread, loser, "!resign confirm")).await;
    assert!(content(&said).contains("resigned"), "{said:#}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_six_player_swiss_is_played_through_threads_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("gipf.db");
    let discord = FakeDiscord::start().await;
    let now = Arc::new(AtomicI64::new(1_800_000_000));
    let config = moved_clock(&now);
    let bot = Bot::start_with(&discord, &db, config.clone()).await;
    discord.grant(MODERATOR.0, MANAGE_MESSAGES);
    let create = "!tournament create \"Winter Cup\" swiss rounds=3 standard days=1";
    let made = ask(&discord, say(CHANNEL, MODERATOR, create)).await;
    assert!(content(&made).contains("open for entries"), "{made:#}");
    for who in PLAYERS {
        let joined = ask(&discord, say(CHANNEL, who, "!tournament join")).await;
        assert!(
            content(&joined).contains("entered Winter Cup"),
            "{joined:#}"
        );
    }
    discord
        .send_message(say(CHANNEL, MODERATOR, "!tournament start"))
        .await;
    let announced = post_saying(&discord, CHANNEL, "round 1:").await;
    assert_eq!(mentioned(content(&announced)).len(), 6, "{announced:#}");
    let round = round_games(&discord, 1, 3).await;

    // Round 1: White resigns, Black resigns, and the third game is lost on time (White
    // never moves): the watch ends it and pairs round 2.
    resign(&discord, round[0], round[0].white).await;
    resign(&discord, round[1], round[1].black).await;
    now.fetch_add(86_400 + 60, Ordering::SeqCst);
    let lapsed = post_saying(&discord, round[2].thread, "time").await;
    let winner_pinged = format!("<@{}>, you win the game on time", round[2].black.0);
    assert!(content(&lapsed).contains(&winner_pinged), "{lapsed:#}");
    let second = post_saying(&discord, CHANNEL, "round 2:").await;
    assert!(
        content(&second).contains("Standings of Winter Cup:"),
        "{second:#}"
    );
    let round = round_games(&discord, 2, 3).await;

    // A restart in the middle of round 2; then a moderator withdraws a player, whose game
    // is played out.
    bot.stop(&discord).await;
    let bot = Bot::start_with(&discord, &db, config).await;
    let leaving = round[0].white;
    let withdraw = format!("!tournament withdraw <@{}>", leaving.0);
    let withdrawn = ask(
        &discord,
        MessageSpec {
            mentions: vec![leaving],
            ..say(CHANNEL, MODERATOR, &withdraw)
        },
    )
    .await;
    assert!(
        content(&withdrawn).contains("is withdrawn from Winter Cup"),
        "{withdrawn:#}"
    );
    for game in &round {
        resign(&discord, *game, game.black).await;
    }
    let third = post_saying(&discord, CHANNEL, "round 3:").await;
    let third_text = content(&third);
    assert!(
        third_text.contains("bye: "),
        "five players left: {third_text}"
    );
    let pairings = third_text.split("\n\n").next().unwrap();
    assert!(!mentioned(pairings).contains(&leaving.0), "{third_text}");
    let round = round_games(&discord, 3, 2).await;
    for game in &round {
        resign(&discord, *game, game.black).await;
    }
    let last = post_saying(&discord, CHANNEL, "is over").await;
    let winner = mentioned(content(&last))[0];
    assert_eq!(
        last["allowed_mentions"]["users"],
        serde_json::json!([winner.to_string()]),
        "{last:#}"
    );
    assert!(content(&last).contains(", withdrawn)"), "{last:#}");
    assert_eq!(discord.threads_in(CHANNEL).len(), 8, "a thread a game");
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_is_created_joined_and_started_by_slash_commands() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    discord.grant(MODERATOR.0, MANAGE_MESSAGES);
    // Registered as one command with its subcommands, beside /tournaments.
    let registered = discord.registered_commands(Some(GUILD));
    let command = |name: &str| registered.iter().find(|c| c["name"] == name).cloned();
    let subs = command("tournament").unwrap()["options"].clone();
    let words: Vec<&str> = (subs.as_array().unwrap().iter())
        .filter(|sub| sub["type"] == 1)
        .filter_map(|sub| sub["name"].as_str())
        .collect();
    // Each subcommand's options are the unit tests' (`src/discord/slash.rs`).
    assert_eq!(words.len(), 8, "{words:?}");
    assert!(
        ["create", "join", "start"]
            .iter()
            .all(|w| words.contains(w))
    );
    assert!(command("tournaments").is_some());

    let create = json!([
        { "name": "name", "type": 3, "value": "Slash Cup" },
        { "name": "format", "type": 3, "value": "roundrobin" },
        { "name": "game", "type": 3, "value": "standard" },
        { "name": "days", "type": 4, "value": 3 },
    ]);
    let made = tournament_slash(&discord, MODERATOR, Some("create"), create.clone()).await;
    assert!(made.contains("open for entries"), "{made}");
    assert!(
        made.contains("Enter with `/tournament join`"),
        "in slash words: {made}"
    );
    let refused = tournament_slash(&discord, ALICE, Some("create"), create).await;
    assert!(refused.contains("Manage Messages"), "{refused}");
    // A forged number past its bounds is refused as typed, in slash words.
    let forged = json!([{ "name": "round", "type": 4, "value": 0 }]);
    let refused = tournament_slash(&discord, ALICE, Some("pairings"), forged).await;
    assert!(
        refused.starts_with("`round:0`: a round is a number from 1"),
        "{refused}"
    );

    for who in [ALICE, BOB] {
        let joined = tournament_slash(&discord, who, Some("join"), json!([])).await;
        assert!(joined.contains("entered Slash Cup"), "{joined}");
    }
    // The bot's engine, entered at a level by its option alone.
    let level = json!([{ "name": "level", "type": 3, "value": "beginner" }]);
    let engine = tournament_slash(&discord, CAROL, Some("join"), level).await;
    assert!(
        engine.contains("at level beginner entered Slash Cup (3 players)"),
        "{engine}"
    );
    let standings = tournament_slash(&discord, CAROL, Some("standings"), json!([])).await;
    assert!(
        standings.contains(&format!("<@{BOT_USER_ID}>")) || standings.contains("gipf-bot"),
        "{standings}"
    );

    let early = tournament_slash(&discord, ALICE, Some("start"), json!([])).await;
    assert!(early.contains("Manage Messages"), "{early}");
    let started = tournament_slash(&discord, MODERATOR, Some("start"), json!([])).await;
    assert!(started.starts_with("**Slash Cup**, round 1:"), "{started}");
    assert!(started.contains("against gipf-bot"), "{started}");
    let listed = tournament_slash(&discord, CAROL, None, json!([])).await;
    assert!(listed.contains("Slash Cup"), "{listed}");
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}

#[tokio::test]
async fn a_round_game_whose_thread_discord_refused_waits_and_opens_once_it_may() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("gipf.db");
    let discord = FakeDiscord::start().await;
    let now = Arc::new(AtomicI64::new(1_800_000_000));
    let bot = Bot::start_with(&discord, &db, moved_clock(&now)).await;
    discord.grant(MODERATOR.0, MANAGE_MESSAGES);
    discord.refuse_threads_in(CHANNEL);
    let create = "!tournament create \"Winter Cup\" roundrobin basic days=1";
    let made = ask(&discord, say(CHANNEL, MODERATOR, create)).await;
    assert!(content(&made).contains("open for entries"), "{made:#}");
    for who in [ALICE, BOB] {
        ask(&discord, say(CHANNEL, who, "!tournament join")).await;
    }
    discord
        .send_message(say(CHANNEL, MODERATOR, "!tournament start"))
        .await;
    // The channel hears why the game has no thread, pinging nobody, and that it waits.
    let refused = post_saying(&discord, CHANNEL, "I could not open the thread").await;
    assert!(
        content(&refused).contains("Create Public Threads") && content(&refused).contains("waits"),
        "{refused:#}"
    );
    assert!(mentioned(content(&refused)).is_empty(), "{refused:#}");
    // The pairings say so, rather than name a channel the game is not played in.
    (discord)
        .send_message(say(CHANNEL, ALICE, "!tournament pairings"))
        .await;
    let pairings = post_saying(&discord, CHANNEL, "Winter Cup, round 1:").await;
    assert!(
        content(&pairings).contains("(its thread is opening)")
            && !content(&pairings).contains("<#"),
        "{pairings:#}"
    );
    // Two days pass, the watch asking quietly: the game, unplayable, is not lost on time.
    // A moderator grants the permission; ten minutes on, the watch asks again: the thread
    // opens and the game starts there, pinging both, its day a move from now.
    now.fetch_add(2 * 86_400, Ordering::SeqCst);
    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    discord.allow_threads_in(CHANNEL);
    now.fetch_add(10 * 60 + 1, Ordering::SeqCst);
    let games = round_games(&discord, 1, 1).await;
    let players = [games[0].white.0, games[0].black.0];
    assert!(
        players.contains(&ALICE.0) && players.contains(&BOB.0),
        "{games:?}"
    );
    let standings = ask(&discord, say(CHANNEL, ALICE, "!tournament standings")).await;
    assert!(content(&standings).contains("Winter Cup"), "{standings:#}");
    // Its crosstable is sent as what it is, not as a board.
    assert_eq!(
        standings["attachments"][0]["filename"], "crosstable.png",
        "{standings:#}"
    );
    assert_eq!(
        discord
            .messages_in(CHANNEL)
            .iter()
            .filter(|m| content(m).contains("I could not open"))
            .count(),
        1,
        "the channel is told once"
    );
    bot.stop(&discord).await;
    assert_no_unhandled(&discord);
}
