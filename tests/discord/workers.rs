//! An engine worker's turn reaches Discord: a game against the engine where the turn was
//! left to any process (its bot posted the player's turn and went on), an engine worker (a
//! process with no Discord, which posts nothing) plays it, and the running bot, looking for
//! messages nobody living posts, posts the engine's answer once, pinging the player.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use gipf_bot::console::{Console, ENGINE_NAME};
use gipf_bot::model::{ChannelId, GuildId, UserId};
use gipf_bot::service::{Asked, Config, Service, User};
use gipf_bot::store::RequestKind;

use crate::support::bot::{Bot, content};
use crate::support::chat::{ALICE, CHANNEL, GUILD, assert_pings};
use crate::support::database::database;
use crate::support::fake_discord::{BOT_USER_ID, FakeDiscord, WAIT_TIMEOUT};
use crate::support::recorder::{Hold, Recorder, engine_work, serve};

/// A process of the bot named `instance` on the test's database (alive for a minute): it
/// tells a player at once when the engine's answer is to wait for a searcher.
fn process(db: &Path, instance: &str, posts: bool) -> Service {
    let config = Config {
        instance: instance.into(),
        posts_messages: posts,
        engine_threads: 1,
        engine_wait_told: Duration::ZERO,
        ..Config::default()
    };
    let service = Service::open(database(db), config).unwrap();
    service.set_engine_user(UserId(BOT_USER_ID), ENGINE_NAME);
    service.keep_alive(Duration::from_secs(60));
    service
}

/// In another bot process: alice challenges the engine and pushes, and that process posts
/// what it owes (here: into a recorder, marked sent) and stops before it answers (held for
/// good as it shows it is typing); the engine's turn waits.
fn turn_left_to_any_engine(db: &Path, boards: &Path) {
    let other = Arc::new(process(db, "other-bot", true));
    let mut console = Console::new(boards).unwrap();
    let challenge = format!("!challenge <@{BOT_USER_ID}> standard white easy");
    for line in [challenge.as_str(), "!push b1 c2"] {
        let mut message = console.read_line(&format!("alice: {line}")).unwrap();
        (message.guild, message.channel) = (Some(GuildId(GUILD)), ChannelId(CHANNEL));
        // As Discord writes it: the mention as `<@id>`, the console's own ids replaced.
        (message.author.id, message.text) = (UserId(ALICE.0), line.to_string());
        message.mentions = (line.starts_with("!challenge"))
            .then(|| User {
                id: UserId(BOT_USER_ID),
                name: ENGINE_NAME.into(),
            })
            .into_iter()
            .collect();
        let recorder = Arc::new(Recorder::holding(Hold::Typing));
        let (serving, held) = (Arc::clone(&other), Arc::clone(&recorder));
        let served = std::thread::spawn(move || serve(&serving, &held, message, Asked::Line));
        if line.starts_with("!push") {
            // Alice's turn is stored and the engine's asked, the bot typing while its answer
            // comes: the process stops there, before its searcher starts.
            recorder.wait_typing();
            assert!(recorder.take().is_empty(), "her turn waits for the answer");
        } else {
            served.join().unwrap();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_workers_turn_is_posted_once_by_the_running_bot() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let db = dir.path().join("gipf.db");
    // Its watch looks once at the start, then in a minute: the worker takes the turn first.
    let bot = Bot::start(&discord, &db).await;
    let (at, boards) = (db.clone(), dir.path().join("boards"));
    tokio::task::spawn_blocking(move || turn_left_to_any_engine(&at, &boards))
        .await
        .unwrap();
    let at = db.clone();
    let played = tokio::task::spawn_blocking(move || {
        let worker = Arc::new(process(&at, "worker-1", false));
        engine_work(&worker, &[RequestKind::Turn, RequestKind::Analysis])
    })
    .await
    .unwrap();
    assert!(
        played.is_some_and(|replies| !replies.is_empty()),
        "the worker plays"
    );
    let answered = |discord: &FakeDiscord| {
        (discord.messages_in(CHANNEL).into_iter())
            .filter(|m| content(m).contains("I (black) answered"))
            .collect::<Vec<_>>()
    };
    let posted = tokio::time::timeout(WAIT_TIMEOUT, async {
        loop {
            if let Some(answer) = answered(&discord).pop() {
                return answer;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    })
    .await
    .expect("the bot posts the worker's turn");
    assert!(
        content(&posted).contains(&format!("<@{}>, your move (white)", ALICE.0)),
        "{posted:#}"
    );
    assert_pings(&posted, &[ALICE.0]);
    // Past the bot's next look for what nobody posts (every 2 s): still once.
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    assert_eq!(answered(&discord).len(), 1, "posted once");
    bot.stop(&discord).await;
}
