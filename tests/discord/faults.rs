//! Discord's failures as it documents them, met by the real bot through the fake: a rate
//! limit on one route and on every route (429 with `Retry-After`), server errors on a post
//! (500, 502 after the message was made, 503), each resumable close code of the gateway, an
//! invalid session, and the close codes that stop the bot with what to do. Nothing owed is
//! lost or posted twice, and nothing tries again in a loop.

use std::time::{Duration, Instant};

use gipf::{Position, Variant};
use serde_json::Value;

use crate::support::bot::{Bot, ask, content, next_push, say, start_game};
use crate::support::chat::{ALICE, BOB, CHANNEL, assert_pings};
use crate::support::fake_discord::{FakeDiscord, RestCall, RestFault, WAIT_TIMEOUT};

/// Whether `call` posts a turn's announcement in the channel.
fn is_announcement(call: &RestCall) -> bool {
    let route = format!("/channels/{CHANNEL}/messages");
    call.method == "POST"
        && call.route() == route
        && content(&call.payload_json()).contains(") played ")
}

/// The announcements of turns posted in the channel, as Discord keeps them.
fn announced(discord: &FakeDiscord) -> Vec<Value> {
    let messages = discord.messages_in(CHANNEL).into_iter();
    messages
        .filter(|m| content(m).contains(") played "))
        .collect()
}

/// The calls that tried to post an announcement, with Discord's answers.
fn announcement_calls(discord: &FakeDiscord) -> Vec<u16> {
    let calls = discord.calls().into_iter();
    calls.filter(is_announcement).map(|c| c.status).collect()
}

/// A game started, and the position both players see.
async fn game(discord: &FakeDiscord, db: &std::path::Path) -> (Bot, Position) {
    let bot = Bot::start(discord, db).await;
    start_game(discord, CHANNEL).await;
    (bot, Position::new(Variant::Standard))
}

/// `player` pushes the next entry of `position`, its announcement meeting `fault`; waits
/// until Discord took it: how long that took from the push.
async fn turn_meeting(
    discord: &FakeDiscord,
    position: &mut Position,
    player: (u64, &str),
    fault: RestFault,
) -> Duration {
    discord.fail_next(is_announcement, fault);
    let push = format!("!push {}", next_push(position));
    let pushed = Instant::now();
    discord.send_message(say(CHANNEL, player, &push)).await;
    discord
        .next_call(|c| is_announcement(c) && c.status == 200)
        .await;
    pushed.elapsed()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limited_announcement_goes_once_after_its_retry_after_on_its_route_or_all() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let (bot, mut position) = game(&discord, &dir.path().join("gipf.db")).await;
    let retry_after = Duration::from_secs(3);
    for (player, global) in [(ALICE, false), (BOB, true)] {
        let fault = RestFault::RateLimited {
            retry_after,
            global,
        };
        let took = turn_meeting(&discord, &mut position, player, fault).await;
        assert!(took >= retry_after, "posted {took:?} after the push");
        assert!(took < WAIT_TIMEOUT, "{took:?}");
    }
    let announced = announced(&discord);
    assert_eq!(announced.len(), 2, "{announced:#?}");
    assert!(content(&announced[0]).contains("alice (white) played"));
    assert_pings(&announced[0], &[BOB.0]);
    assert!(content(&announced[1]).contains("bob (black) played"));
    assert_pings(&announced[1], &[ALICE.0]);
    // Tried again at the watch's looks (every 2 s), not in a loop: the first try, at most
    // two in the 3 s limited, the one that went, for each turn.
    let calls = announcement_calls(&discord);
    let limited = calls.iter().filter(|&&status| status == 429).count();
    assert!((2..=6).contains(&limited), "{calls:?}");
    assert_eq!(calls.iter().filter(|&&status| status == 200).count(), 2);
    bot.stop(&discord).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn server_errors_on_a_post_leave_each_turn_announced_once() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let (bot, mut position) = game(&discord, &dir.path().join("gipf.db")).await;
    // The 502 comes after Discord made the message: the post again, with its nonce, is
    // answered with that message and makes none.
    let errors = [(ALICE, 500, false), (BOB, 502, true), (ALICE, 503, false)];
    for (player, status, done) in errors {
        let fault = RestFault::ServerError { status, done };
        let took = turn_meeting(&discord, &mut position, player, fault).await;
        assert!(took < WAIT_TIMEOUT, "{took:?}");
    }
    let announced = announced(&discord);
    assert_eq!(announced.len(), 3, "{announced:#?}");
    for (body, (player, ..)) in announced.iter().zip(errors) {
        assert!(
            content(body).contains(&format!("{} (", player.1)),
            "{body:#}"
        );
    }
    assert_eq!(announcement_calls(&discord), [500, 200, 502, 200, 503, 200]);
    bot.stop(&discord).await;
}

/// The bot answers a command in the channel: it is connected.
async fn answers(discord: &FakeDiscord) {
    let body = ask(discord, say(CHANNEL, ALICE, "!board")).await;
    assert!(!content(&body).is_empty(), "{body:#}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_gateways_resumable_closes_and_invalid_sessions_are_come_back_from() {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    discord.beat_every(Duration::from_secs(1));
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    discord.wait_ready().await;
    // Unknown error, unknown opcode, decode error, already authenticated, invalid seq,
    // rate limited, session timed out.
    for code in [4000, 4001, 4002, 4005, 4007, 4008, 4009] {
        discord.close_bot(code);
        let session = discord.wait_ready().await;
        // A timed-out session is begun anew, as Discord asks; the others resume.
        assert_eq!(session.resumed, code != 4009, "{code}");
        answers(&discord).await;
    }
    // Not authenticated: serenity notices at its next heartbeat (a second here, about 41
    // s with Discord's interval) and identifies again.
    discord.close_bot(4003);
    let session = discord.wait_ready().await;
    assert!(!session.resumed);
    answers(&discord).await;
    for resumable in [false, true] {
        discord.invalidate_sessions(resumable);
        let session = discord.wait_ready().await;
        assert_eq!(session.resumed, resumable);
        answers(&discord).await;
    }
    // One connection, one Identify or Resume each time: nothing connected in a loop.
    assert_eq!(discord.gateway_connection_targets().len(), 11);
    // The bot stops; serenity 0.12.5 leaves the connection of a shard it restarted (after
    // 4003, 4009 or an invalid session) open until the process ends.
    bot.stop_alone().await;
}

/// The bot's end when every Identify from now on is closed with `code`.
async fn stopped_by(code: u16) -> String {
    let dir = tempfile::tempdir().unwrap();
    let discord = FakeDiscord::start().await;
    let bot = Bot::start(&discord, &dir.path().join("gipf.db")).await;
    discord.wait_ready().await;
    discord.close_at_identify(Some(code));
    discord.invalidate_sessions(false);
    let ended = tokio::time::timeout(WAIT_TIMEOUT * 2, bot.task).await;
    let error = ended.expect("the bot went on").unwrap().unwrap_err();
    format!("{error:#}")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_refused_token_stops_the_bot_saying_where_to_get_one() {
    let said = stopped_by(4004).await;
    assert!(
        said.starts_with("Discord refused the token (gateway close code 4004)"),
        "{said}"
    );
    assert!(
        said.contains("Reset Token") && said.contains("DISCORD_TOKEN"),
        "{said}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_intents_stop_the_bot_naming_them() {
    let said = stopped_by(4013).await;
    assert!(said.contains("close code 4013"), "{said}");
    assert!(
        said.contains("GUILDS, GUILD_MESSAGES, DIRECT_MESSAGES, MESSAGE_CONTENT"),
        "{said}"
    );
    // 4014 drops MESSAGE_CONTENT once (the bot goes on with mentions and slash commands);
    // refused again, without it, the bot stops.
    let said = stopped_by(4014).await;
    assert!(said.contains("close code 4014"), "{said}");
    assert!(
        said.contains("for none but GUILDS, GUILD_MESSAGES, DIRECT_MESSAGES:"),
        "{said}"
    );
}
