//! Proves the fake Discord of `tests/support`: the real serenity client connects to it on
//! loopback, identifies, receives messages and interactions, and its replies (JSON and
//! multipart) are recorded; a dropped connection resumes, and a second client can connect
//! after the first one shut down.

use std::sync::Arc;

use serde_json::json;
use serenity::all::{
    ClientBuilder, CommandInteraction, ComponentInteraction, Context, CreateAllowedMentions,
    CreateAttachment, CreateAutocompleteResponse, CreateCommand, CreateInteractionResponse,
    CreateInteractionResponseMessage, CreateMessage, EventHandler, GatewayIntents, Http,
    HttpBuilder, Interaction, Message, ShardManager,
};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use crate::support::chat::{ALICE, BOB, CHANNEL, GUILD};
use crate::support::fake_discord::{
    APPLICATION_ID, BOT_USER_ID, FakeDiscord, Invoker, MessageSpec, RestCall, WAIT_TIMEOUT,
};

const TOKEN: &str = "fake-token";

/// A tiny bot: `!board` uploads a PNG, any other message gets `pong <content>` without pings;
/// slash commands, autocompletes and button clicks get a response. Every REST outcome is
/// reported on `outcomes`, so the test sees whether serenity accepted the fake's answers.
struct PongHandler {
    /// The PNG that `!board` uploads.
    board_png: Vec<u8>,
    /// `Ok(what)` or `Err(error)` for each REST call the handler made.
    outcomes: mpsc::UnboundedSender<Result<String, String>>,
}

impl PongHandler {
    fn report<T>(&self, what: &str, result: serenity::Result<T>) {
        let outcome = result
            .map(|_| what.to_owned())
            .map_err(|error| format!("{what}: {error}"));
        self.outcomes.send(outcome).unwrap();
    }

    async fn reply(&self, ctx: &Context, msg: &Message) {
        if msg.content == "!board" {
            let picture = CreateAttachment::bytes(self.board_png.clone(), "board.png");
            let message = CreateMessage::new().content("the board").add_file(picture);
            let sent = msg.channel_id.send_message(&ctx.http, message).await;
            let checked = sent.map(|sent| {
                assert_eq!(sent.attachments.len(), 1, "the fake describes the upload");
                assert_eq!(sent.attachments[0].filename, "board.png");
            });
            self.report("board", checked);
        } else {
            let message = CreateMessage::new()
                .content(format!("pong {}", msg.content))
                .allowed_mentions(CreateAllowedMentions::new());
            let sent = msg.channel_id.send_message(&ctx.http, message).await;
            self.report("pong", sent);
        }
    }

    async fn answer_command(&self, ctx: &Context, command: &CommandInteraction) {
        let message = CreateInteractionResponseMessage::new()
            .content(format!("you ran /{}", command.data.name));
        let sent = command.create_response(&ctx.http, CreateInteractionResponse::Message(message));
        self.report("command", sent.await);
    }

    async fn answer_autocomplete(&self, ctx: &Context, command: &CommandInteraction) {
        let choices = CreateAutocompleteResponse::new().add_string_choice("GIPF", "gipf");
        let sent =
            command.create_response(&ctx.http, CreateInteractionResponse::Autocomplete(choices));
        self.report("autocomplete", sent.await);
    }

    async fn answer_click(&self, ctx: &Context, click: &ComponentInteraction) {
        let sent = click.create_response(&ctx.http, CreateInteractionResponse::Acknowledge);
        self.report("click", sent.await);
    }
}

#[serenity::async_trait]
impl EventHandler for PongHandler {
    async fn message(&self, ctx: Context, msg: Message) {
        if !msg.author.bot {
            self.reply(&ctx, &msg).await;
        }
    }

    async fn interaction_create(&self, ctx: Context, interaction: Interaction) {
        match interaction {
            Interaction::Command(command) => self.answer_command(&ctx, &command).await,
            Interaction::Autocomplete(command) => self.answer_autocomplete(&ctx, &command).await,
            Interaction::Component(click) => self.answer_click(&ctx, &click).await,
            _ => {}
        }
    }
}

/// A running serenity client and what the test needs to drive it.
struct RunningBot {
    http: Arc<Http>,
    shard_manager: Arc<ShardManager>,
    outcomes: mpsc::UnboundedReceiver<Result<String, String>>,
    task: JoinHandle<serenity::Result<()>>,
}

impl RunningBot {
    /// Builds a client pointed at `discord` (as the adapter will) and starts it.
    async fn start(discord: &FakeDiscord, board_png: Vec<u8>) -> Self {
        let http = HttpBuilder::new(TOKEN)
            .proxy(discord.base_url())
            .ratelimiter_disabled(true)
            .build();
        let (outcome_tx, outcomes) = mpsc::unbounded_channel();
        let handler = PongHandler {
            board_png,
            outcomes: outcome_tx,
        };
        let mut client = ClientBuilder::new_with_http(http, intents())
            .event_handler(handler)
            .await
            .unwrap();
        let http = Arc::clone(&client.http);
        let shard_manager = Arc::clone(&client.shard_manager);
        let task = tokio::spawn(async move { client.start().await });
        Self {
            http,
            shard_manager,
            outcomes,
            task,
        }
    }

    /// The next REST outcome the handler reported; fails the test on an error.
    async fn outcome(&mut self) -> String {
        let outcome = tokio::time::timeout(WAIT_TIMEOUT, self.outcomes.recv()).await;
        outcome
            .expect("the handler reported nothing")
            .expect("handler gone")
            .unwrap()
    }

    /// Shuts every shard down and waits for `Client::start` to return.
    async fn stop(self) {
        self.shard_manager.shutdown_all().await;
        let ended = tokio::time::timeout(WAIT_TIMEOUT, self.task).await;
        ended.expect("client did not stop").unwrap().unwrap();
    }
}

fn intents() -> GatewayIntents {
    GatewayIntents::GUILD_MESSAGES
        | GatewayIntents::MESSAGE_CONTENT
        | GatewayIntents::DIRECT_MESSAGES
}

fn tiny_png() -> Vec<u8> {
    let picture = image::RgbaImage::from_fn(3, 2, |x, y| {
        image::Rgba([x as u8 * 80, y as u8 * 120, 7, 255])
    });
    let mut bytes = std::io::Cursor::new(Vec::new());
    picture
        .write_to(&mut bytes, image::ImageFormat::Png)
        .unwrap();
    bytes.into_inner()
}

fn posted_message_in(channel: u64) -> impl Fn(&RestCall) -> bool {
    move |call| call.method == "POST" && call.route() == format!("/channels/{channel}/messages")
}

fn say<'a>(content: &'a str) -> MessageSpec<'a> {
    MessageSpec {
        channel_id: CHANNEL,
        guild_id: Some(GUILD),
        author: ALICE,
        content,
        mentions: vec![],
    }
}

#[tokio::test]
async fn serenity_talks_to_the_fake_discord() {
    let started = std::time::Instant::now();
    let discord = FakeDiscord::start().await;
    let png = tiny_png();
    let mut bot = RunningBot::start(&discord, png.clone()).await;

    // Start-up: the client asks for the gateway URL, then the shard connects with `?v=10`.
    let gateway = discord.next_call(|call| call.route() == "/gateway").await;
    assert_eq!(
        (gateway.method.as_str(), gateway.path.as_str()),
        ("GET", "/api/v10/gateway")
    );
    assert_eq!(gateway.header("authorization"), Some("Bot fake-token"));
    let session = discord.wait_ready().await;
    assert!(!session.resumed);
    assert_eq!(session.payload["token"], "Bot fake-token");
    assert_eq!(session.payload["intents"], intents().bits());
    assert_eq!(discord.gateway_connection_targets(), ["/?v=10"]);

    // A message gets a `pong` that pings nobody.
    let mentioned = MessageSpec {
        content: "hello <@900000000000000011>",
        mentions: vec![BOB],
        ..say("")
    };
    discord.send_message(mentioned).await;
    let reply = discord.next_call(posted_message_in(CHANNEL)).await;
    assert!(!reply.is_multipart());
    let body = reply.json();
    assert_eq!(body["content"], "pong hello <@900000000000000011>");
    assert_eq!(
        body["allowed_mentions"],
        json!({ "parse": [], "users": [], "roles": [] })
    );
    assert_eq!(bot.outcome().await, "pong");
    // The shard took the application id from READY (handled before the message).
    assert_eq!(
        bot.http.application_id().map(|id| id.get()),
        Some(APPLICATION_ID)
    );

    // A slash command gets a message response (type 4) on its callback route.
    let alice = Invoker {
        user_id: ALICE.0,
        username: ALICE.1,
        channel_id: CHANNEL,
        guild_id: Some(GUILD),
    };
    let command = discord.slash_command_json(
        &alice,
        "new",
        json!([{ "name": "game", "type": 3, "value": "gipf" }]),
    );
    discord.send_interaction(command.clone()).await;
    let callback = discord
        .next_call(|call| call.path.ends_with("/callback"))
        .await;
    let expected = format!(
        "/interactions/{}/{}/callback",
        command["id"].as_str().unwrap(),
        command["token"].as_str().unwrap()
    );
    assert_eq!(
        (callback.method.as_str(), callback.route()),
        ("POST", expected.as_str())
    );
    assert_eq!(callback.status, 204);
    assert_eq!(
        callback.json(),
        json!({ "type": 4, "data": { "content": "you ran /new", "attachments": [] } })
    );
    assert_eq!(bot.outcome().await, "command");

    // Autocomplete (type 8 answer) and a button click (type 6 answer), in a direct message.
    let in_dm = Invoker {
        guild_id: None,
        ..alice
    };
    let typing = json!([{ "name": "game", "type": 3, "value": "gi", "focused": true }]);
    discord
        .send_interaction(discord.autocomplete_json(&in_dm, "new", typing))
        .await;
    let callback = discord
        .next_call(|call| call.path.ends_with("/callback"))
        .await;
    assert_eq!(callback.json()["type"], 8);
    assert_eq!(callback.json()["data"]["choices"][0]["value"], "gipf");
    assert_eq!(bot.outcome().await, "autocomplete");
    let board_message = discord.new_id();
    discord
        .send_interaction(discord.button_click_json(&in_dm, "resign", board_message))
        .await;
    let callback = discord
        .next_call(|call| call.path.ends_with("/callback"))
        .await;
    assert_eq!(callback.json()["type"], 6);
    assert_eq!(bot.outcome().await, "click");

    // A picture goes up as multipart: `payload_json` plus `files[0]`.
    discord.send_message(say("!board")).await;
    let upload = discord.next_call(posted_message_in(CHANNEL)).await;
    assert!(upload.is_multipart());
    assert_eq!(upload.payload_json()["content"], "the board");
    assert_eq!(
        upload.payload_json()["attachments"],
        json!([{ "id": 0, "filename": "board.png", "description": null }])
    );
    assert_eq!(upload.files(), vec![("board.png".to_owned(), png.clone())]);
    assert_eq!(bot.outcome().await, "board");

    // The REST answers the adapter relies on at start-up deserialize.
    let me = bot.http.get_current_user().await.unwrap();
    assert_eq!((me.id.get(), me.bot), (BOT_USER_ID, true));
    let app = bot.http.get_current_application_info().await.unwrap();
    assert_eq!(app.id.get(), APPLICATION_ID);
    let registered = bot
        .http
        .create_global_commands(&vec![CreateCommand::new("new").description("Start a game")])
        .await
        .unwrap();
    assert_eq!(registered[0].name, "new");
    assert_eq!(discord.registered_commands(None)[0]["name"], "new");

    // Discord drops the connection: the shard resumes and goes on answering.
    discord.disconnect_bot();
    let resumed = discord.wait_ready().await;
    assert!(resumed.resumed);
    assert_eq!(resumed.session_id, session.session_id);
    discord.send_message(say("still there?")).await;
    assert_eq!(
        discord.next_call(posted_message_in(CHANNEL)).await.json()["content"],
        "pong still there?"
    );
    assert_eq!(bot.outcome().await, "pong");

    // The bot restarts: the first client shuts down, a second one identifies afresh.
    bot.stop().await;
    discord.wait_disconnected().await;
    let mut second = RunningBot::start(&discord, png).await;
    let fresh = discord.wait_ready().await;
    assert!(!fresh.resumed);
    assert_ne!(fresh.session_id, session.session_id);
    discord.send_message(say("second life")).await;
    assert_eq!(
        discord.next_call(posted_message_in(CHANNEL)).await.json()["content"],
        "pong second life"
    );
    assert_eq!(second.outcome().await, "pong");

    // Nothing went unanswered; a route the fake does not know gets a 404 and is listed.
    assert_eq!(discord.unhandled_routes(), Vec::<String>::new());
    let unknown = serenity::all::GuildId::new(GUILD)
        .emojis(&second.http)
        .await;
    assert!(unknown.is_err());
    let expected = format!("GET /api/v10/guilds/{GUILD}/emojis");
    assert_eq!(discord.unhandled_routes(), [expected]);
    second.stop().await;
    eprintln!("handshake test took {:?}", started.elapsed());
}
