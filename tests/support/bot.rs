//! The real bot (serenity, service, SQLite) started against the fake Discord, and the
//! small steps the end-to-end tests take with it: say a line, wait for a post, send a slash
//! command or a click, and read what came back.

use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use gipf_bot::discord::{Settings, Shards, run};
use gipf_bot::service::Config;
use serde_json::Value;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use gipf::{Decision, Kind, Pending, Position};

use super::chat::{ALICE, BOB, GUILD};
use super::fake_discord::{
    APPLICATION_ID, FakeDiscord, Invoker, MessageSpec, RestCall, WAIT_TIMEOUT,
};

/// The bot running in this process, and the switch that stops it.
pub struct Bot {
    pub stop: oneshot::Sender<()>,
    pub task: JoinHandle<anyhow::Result<()>>,
}

impl Bot {
    /// Starts the bot against `discord` with the database `db`, and waits until it has
    /// registered its slash commands in the test guild (it is ready then).
    pub async fn start(discord: &FakeDiscord, db: &Path) -> Bot {
        Bot::start_with(discord, db, Config::default()).await
    }

    /// [`Bot::start`] with these service settings.
    pub async fn start_with(discord: &FakeDiscord, db: &Path, config: Config) -> Bot {
        Bot::start_sharded(discord, db, config, Shards::default()).await
    }

    /// [`Bot::start_with`] running these shards.
    pub async fn start_sharded(
        discord: &FakeDiscord,
        db: &Path,
        config: Config,
        shards: Shards,
    ) -> Bot {
        Bot::start_as(discord, db, config, shards, None).await
    }

    /// [`Bot::start_with`] serving the game pages on `web` too.
    pub async fn start_serving(
        discord: &FakeDiscord,
        db: &Path,
        config: Config,
        web: std::net::SocketAddr,
    ) -> Bot {
        Bot::start_as(discord, db, config, Shards::default(), Some(web)).await
    }

    async fn start_as(
        discord: &FakeDiscord,
        db: &Path,
        config: Config,
        shards: Shards,
        web_bind: Option<std::net::SocketAddr>,
    ) -> Bot {
        let settings = Settings {
            token: "fake-token".into(),
            database: super::database::database(db),
            config,
            dev_guild: Some(GUILD),
            api_proxy: Some(discord.base_url()),
            shards,
            web_bind,
        };
        let (stop, stopped) = oneshot::channel::<()>();
        let task = tokio::spawn(run(settings, async {
            let _ = stopped.await;
        }));
        let commands = format!("/applications/{APPLICATION_ID}/guilds/{GUILD}/commands");
        discord
            .next_call(|c| c.method == "PUT" && c.route() == commands)
            .await;
        Bot { stop, task }
    }

    /// Triggers the shutdown and waits for `run` to return.
    pub async fn stop(self, discord: &FakeDiscord) {
        self.stop_alone().await;
        discord.wait_disconnected().await;
    }

    /// [`Bot::stop`] for one of several bots on one fake Discord: the others stay connected.
    pub async fn stop_alone(self) {
        let _ = self.stop.send(());
        let ended = tokio::time::timeout(WAIT_TIMEOUT, self.task).await;
        ended.expect("the bot did not stop").unwrap().unwrap();
    }
}

pub fn say<'a>(channel: u64, author: (u64, &'a str), content: &'a str) -> MessageSpec<'a> {
    MessageSpec {
        channel_id: channel,
        guild_id: Some(GUILD),
        author,
        content,
        mentions: vec![],
    }
}

pub fn invoker(who: (u64, &str), channel: u64) -> Invoker<'_> {
    Invoker {
        user_id: who.0,
        username: who.1,
        channel_id: channel,
        guild_id: Some(GUILD),
    }
}

/// Service settings whose clock reads `now`, which the test moves on, and whose watch looks
/// every 20 ms.
pub fn moved_clock(now: &Arc<AtomicI64>) -> Config {
    let now = Arc::clone(now);
    Config {
        clock: gipf_bot::model::Clock::new(move || now.load(Ordering::SeqCst)),
        deadline_watch_every: Duration::from_millis(20),
        ..Config::default()
    }
}

/// The next message the bot posts in `channel`.
pub async fn next_post(discord: &FakeDiscord, channel: u64) -> RestCall {
    let route = format!("/channels/{channel}/messages");
    discord
        .next_call(move |c| c.method == "POST" && c.route() == route)
        .await
}

/// Says `content` in `channel` and returns the bot's answer.
pub async fn ask(discord: &FakeDiscord, spec: MessageSpec<'_>) -> Value {
    let channel = spec.channel_id;
    discord.send_message(spec).await;
    next_post(discord, channel).await.payload_json()
}

pub fn content(body: &Value) -> &str {
    body["content"].as_str().unwrap_or_default()
}

/// The message an interaction's answer (callback) or a post carries.
pub fn data(call: &RestCall) -> Value {
    let body = call.payload_json();
    if body["data"].is_object() {
        body["data"].clone()
    } else {
        body
    }
}

/// The board picture of a reply: shown by its embed, a PNG that decodes.
pub fn assert_board(call: &RestCall) {
    let body = data(call);
    assert_eq!(
        body["embeds"][0]["image"]["url"], "attachment://board.png",
        "{body:#}"
    );
    let files = call.files();
    let (name, png) = files
        .iter()
        .find(|(name, _)| name == "board.png")
        .expect("no board.png uploaded");
    assert_eq!(name, "board.png");
    let picture = image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("board.png is not a PNG");
    assert!(picture.width() > 0 && picture.height() > 0);
}

/// The custom ids of a message's buttons.
pub fn button_ids(body: &Value) -> Vec<String> {
    body["components"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|row| row["components"].as_array().cloned().unwrap_or_default())
        .filter_map(|b| b["custom_id"].as_str().map(str::to_string))
        .collect()
}

pub fn webhook(token: &str) -> String {
    format!("/webhooks/{APPLICATION_ID}/{token}")
}

/// Sends an interaction and returns its answer (callback).
pub async fn answer_of(discord: &FakeDiscord, interaction: Value) -> RestCall {
    let id = interaction["id"].as_str().unwrap().to_string();
    let token = interaction["token"].as_str().unwrap().to_string();
    discord.send_interaction(interaction).await;
    let callback = format!("/interactions/{id}/{token}/callback");
    discord
        .next_call(move |c| c.method == "POST" && c.route() == callback)
        .await
}

/// Sends an interaction and returns its token and its answer's body.
pub async fn interact(discord: &FakeDiscord, interaction: Value) -> (String, Value) {
    let token = interaction["token"].as_str().unwrap().to_string();
    (token, answer_of(discord, interaction).await.payload_json())
}

/// Sends a slash command and returns its answer, a new message (type 4): a command takes
/// milliseconds, so it is answered with its reply, never by editing a deferral.
pub async fn slash(discord: &FakeDiscord, interaction: Value) -> RestCall {
    let answer = answer_of(discord, interaction).await;
    assert_eq!(
        answer.payload_json()["type"],
        4,
        "{:#}",
        answer.payload_json()
    );
    answer
}

/// Clicks `custom_id` on a new message of `channel` and returns the bot's answer, a new
/// message (type 4).
pub async fn click(
    discord: &FakeDiscord,
    who: (u64, &str),
    channel: u64,
    custom_id: &str,
) -> RestCall {
    let message = discord.new_id();
    let interaction = discord.button_click_json(&invoker(who, channel), custom_id, message);
    slash(discord, interaction).await
}

/// Whether a message is shown to its reader alone.
pub fn is_ephemeral(body: &Value) -> bool {
    body["flags"].as_u64().is_some_and(|f| f & 64 != 0)
}

/// Every call the bot made was one the fake Discord knows.
pub fn assert_no_unhandled(discord: &FakeDiscord) {
    assert_eq!(discord.unhandled_routes(), Vec::<String>::new());
}

/// `alice` challenges `bob` (standard, alice White) and bob accepts with `!accept`.
pub async fn start_game(discord: &FakeDiscord, channel: u64) {
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
pub fn next_push(position: &mut Position) -> String {
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

/// Says `spec` and returns the bot's next post in its channel.
pub async fn next_post_after(discord: &FakeDiscord, spec: MessageSpec<'_>) -> RestCall {
    let channel = spec.channel_id;
    discord.send_message(spec).await;
    next_post(discord, channel).await
}

/// The basic pushes from `position` that end in a decision of the mover's own (not rows
/// left to the opponent's next turn).
pub fn own_decisions(position: Position) -> impl Iterator<Item = (gipf::Entry, Position)> {
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

/// The values of an autocomplete answer's choices.
pub fn offered(answer: &Value) -> Vec<String> {
    answer["data"]["choices"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["value"].as_str().unwrap().to_string())
        .collect()
}
