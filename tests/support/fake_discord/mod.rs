//! A fake Discord on loopback, so end-to-end tests run the real serenity client offline.
//!
//! [`FakeDiscord::start`] binds two listeners on `127.0.0.1:0`:
//!
//! * a hand-written HTTP/1.1 server (Content-Length or chunked bodies, keep-alive) that plays
//!   the REST API under `/api/v10`. The bot reaches it through serenity's proxy setting:
//!   `HttpBuilder::new(token).proxy(discord.base_url()).ratelimiter_disabled(true).build()`,
//!   which rewrites `https://discord.com/api/v10/...` into `{base_url}/api/v10/...`. Every
//!   request is recorded as a [`RestCall`] and answered with a plausible body; routes the fake
//!   does not know are answered `404` and listed by [`FakeDiscord::unhandled_routes`].
//! * a WebSocket gateway (plain JSON text frames) whose URL `GET /api/v10/gateway` hands out.
//!   It sends Hello, answers Identify with READY and Resume with RESUMED, acknowledges
//!   heartbeats, and pushes the dispatches a test asks for ([`FakeDiscord::send_message`],
//!   [`FakeDiscord::send_interaction`], [`FakeDiscord::send_dispatch`]).
//!
//! Every event pushed to the bot is first deserialized with serenity's own `Event` model, so a
//! malformed test payload fails loudly here instead of being dropped silently by the shard.
//! Waits ([`FakeDiscord::wait_ready`], [`FakeDiscord::next_call`], ...) are event-driven and
//! bounded by [`WAIT_TIMEOUT`], after which they panic with what the fake saw so far.
#![allow(clippy::unwrap_used, missing_docs)]

use std::collections::{HashMap, VecDeque};
use std::fmt::Write as _;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use futures::{SinkExt as _, StreamExt as _};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt as _, AsyncReadExt as _, AsyncWriteExt as _, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, oneshot, watch};
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::Message as WsMessage;
use tokio_tungstenite::tungstenite::handshake::server::{
    Request as WsRequest, Response as WsResponse,
};
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

/// How long any wait of the harness may take before it fails the test.
pub const WAIT_TIMEOUT: Duration = Duration::from_secs(10);

/// Heartbeat interval announced in Hello, in milliseconds (Discord's usual value).
pub const HEARTBEAT_INTERVAL_MS: u64 = 41_250;

/// The REST API prefix serenity 0.12.5 puts in front of every route.
pub const API_PREFIX: &str = "/api/v10";

/// Timestamp given to every message and member the fake makes up.
const TIMESTAMP: &str = "2024-01-01T00:00:00.000000+00:00";

mod faults;
mod gateway;
mod http;
mod rest;
mod server;

use gateway::accept_gateway;
use http::{HttpRequest, HttpResponse, accept_rest};
use server::Server;
// Not every test binary that includes the support uses them.
#[allow(unused_imports)]
pub use {
    faults::RestFault,
    server::{ADMINISTRATOR, MANAGE_THREADS, VIEW_CHANNEL},
};

/// First snowflake handed out; ids grow by one from here.
const FIRST_SNOWFLAKE: u64 = 1_200_000_000_000_000_000;

/// The name of every server, as `GET /guilds/{id}` tells it.
pub const GUILD_NAME: &str = "GIPF Club";

/// The bot's user id in READY and in `GET /users/@me`.
pub const BOT_USER_ID: u64 = 1_100_000_000_000_000_001;

/// The bot's application id in READY (serenity takes `Http::application_id` from it).
pub const APPLICATION_ID: u64 = 1_100_000_000_000_000_002;

/// The bot's username.
pub const BOT_USERNAME: &str = "gipf-bot";

/// A handle on a running fake Discord. Dropping it stops the listeners.
pub struct FakeDiscord {
    shared: Arc<Shared>,
    listeners: Vec<JoinHandle<()>>,
}

/// A user message to dispatch as `MESSAGE_CREATE` (see [`FakeDiscord::send_message`]).
#[derive(Clone, Debug)]
pub struct MessageSpec<'a> {
    /// Channel the message is posted in.
    pub channel_id: u64,
    /// Guild of the channel, `None` for a direct message.
    pub guild_id: Option<u64>,
    /// Author id and username.
    pub author: (u64, &'a str),
    /// The text typed.
    pub content: &'a str,
    /// Users mentioned (id and username), as Discord resolves `<@id>` mentions.
    pub mentions: Vec<(u64, &'a str)>,
}

/// Who triggers an interaction, and where (see the `*_json` builders on [`FakeDiscord`]).
#[derive(Clone, Copy, Debug)]
pub struct Invoker<'a> {
    /// The user's id.
    pub user_id: u64,
    /// The user's username.
    pub username: &'a str,
    /// The channel the interaction happens in.
    pub channel_id: u64,
    /// The guild, `None` in a direct message (then `user` is sent instead of `member`).
    pub guild_id: Option<u64>,
}

/// One HTTP request the bot made to the fake REST API.
#[derive(Clone, Debug)]
pub struct RestCall {
    /// HTTP method, upper case (`GET`, `POST`, ...).
    pub method: String,
    /// Full request path without the query, e.g. `/api/v10/channels/42/messages`.
    pub path: String,
    /// Query string without the `?` (serenity writes it as `&key=value&...`), or empty.
    pub query: String,
    /// Request headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// Raw request body.
    pub body: Vec<u8>,
    /// Status the fake answered with.
    pub status: u16,
}

/// One part of a `multipart/form-data` body.
#[derive(Clone, Debug)]
pub struct FormPart {
    /// The `name` of the part (`payload_json`, `files[0]`, ...).
    pub name: String,
    /// The `filename`, for file parts.
    pub filename: Option<String>,
    /// The part's own `Content-Type`, if given.
    pub content_type: Option<String>,
    /// The part's bytes.
    pub data: Vec<u8>,
}

/// Someone Discord notified of a message (see [`FakeDiscord::notifications`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Notification {
    /// Who.
    pub user: u64,
    /// Where the message is.
    pub channel: u64,
    /// What it says.
    pub content: String,
}

fn channel_of(state: &State, token: &str) -> u64 {
    state.interaction_channels.get(token).copied().unwrap_or(0)
}

/// The users a message's text mentions, `<@id>` or `<@!id>`.
fn mentioned_users(content: &str) -> Vec<u64> {
    let mut users = Vec::new();
    let mut rest = content;
    while let Some(at) = rest.find("<@") {
        rest = &rest[at + 2..];
        let digits = rest.strip_prefix('!').unwrap_or(rest);
        let end = digits.find('>').unwrap_or(0);
        if let Ok(user) = digits[..end].parse::<u64>()
            && !users.contains(&user)
        {
            users.push(user);
        }
    }
    users
}

/// Whether a message's allowed mentions let a mention of `user` notify (none given: all do).
fn mention_allowed(payload: &Value, user: u64) -> bool {
    let allowed = &payload["allowed_mentions"];
    if allowed.is_null() {
        return true;
    }
    let parses_users = allowed["parse"]
        .as_array()
        .is_some_and(|p| p.iter().any(|k| k == "users"));
    let listed = allowed["users"]
        .as_array()
        .is_some_and(|u| u.iter().any(|id| id.as_str() == Some(&user.to_string())));
    parses_users || listed
}

/// A gateway session the bot opened (by Identify) or took up again (by Resume).
#[derive(Clone, Debug)]
pub struct ReadySession {
    /// The session id the fake gave out in READY.
    pub session_id: String,
    /// Whether the session was resumed (op 6) rather than identified (op 2).
    pub resumed: bool,
    /// The `d` of the Identify or Resume payload (token, intents, properties, ...).
    pub payload: Value,
}

impl RestCall {
    /// The path without the `/api/v10` prefix, e.g. `/channels/42/messages`.
    pub fn route(&self) -> &str {
        self.path.strip_prefix(API_PREFIX).unwrap_or(&self.path)
    }

    /// The value of a request header (name matched case-insensitively).
    pub fn header(&self, name: &str) -> Option<&str> {
        header_value(&self.headers, name)
    }

    /// Whether the body is `multipart/form-data`.
    pub fn is_multipart(&self) -> bool {
        self.header("content-type")
            .is_some_and(|value| value.starts_with("multipart/form-data"))
    }

    /// The body parsed as JSON. Panics if it is not JSON (use [`Self::payload_json`] for
    /// message payloads that may be multipart).
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|error| {
            panic!(
                "{} {} has no JSON body ({error}): {:?}",
                self.method,
                self.path,
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    /// The JSON payload, whether sent as a JSON body or as the `payload_json` part of a
    /// multipart body.
    pub fn payload_json(&self) -> Value {
        if !self.is_multipart() {
            return self.json();
        }
        let part = self
            .parts()
            .into_iter()
            .find(|part| part.name == "payload_json")
            .unwrap_or_else(|| panic!("{} {} has no payload_json part", self.method, self.path));
        serde_json::from_slice(&part.data).expect("payload_json part is not JSON")
    }

    /// The uploaded files (`files[n]` parts, in order of `n`) as (filename, bytes).
    /// Empty for a body that is not multipart.
    pub fn files(&self) -> Vec<(String, Vec<u8>)> {
        let mut files: Vec<(usize, String, Vec<u8>)> = self
            .parts()
            .into_iter()
            .filter_map(|part| {
                let index = part
                    .name
                    .strip_prefix("files[")?
                    .strip_suffix(']')?
                    .parse()
                    .ok()?;
                Some((index, part.filename.unwrap_or_default(), part.data))
            })
            .collect();
        files.sort_by_key(|(index, _, _)| *index);
        files
            .into_iter()
            .map(|(_, name, data)| (name, data))
            .collect()
    }

    /// The alt text of each uploaded file, in the order of [`RestCall::files`]: the
    /// `description` the payload's `attachments` give it (`None`: none given).
    pub fn descriptions(&self) -> Vec<Option<String>> {
        if !self.is_multipart() {
            return Vec::new();
        }
        let payload = self.payload_json();
        (0..self.files().len())
            .map(|index| {
                payload["attachments"]
                    .as_array()?
                    .iter()
                    .find(|a| a["id"] == json!(index))?["description"]
                    .as_str()
                    .map(str::to_owned)
            })
            .collect()
    }

    /// All parts of a multipart body (empty if the body is not multipart).
    pub fn parts(&self) -> Vec<FormPart> {
        let boundary = self.header("content-type").and_then(|value| {
            value.split(';').find_map(|param| {
                let param = param.trim();
                param
                    .strip_prefix("boundary=")
                    .map(|b| b.trim_matches('"').to_owned())
            })
        });
        match boundary {
            Some(boundary) if self.is_multipart() => parse_multipart(&self.body, &boundary),
            _ => Vec::new(),
        }
    }
}

impl FakeDiscord {
    /// Starts the REST server and the gateway on loopback ports picked by the system.
    pub async fn start() -> Self {
        let http_listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind REST listener");
        let gateway_listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind gateway listener");
        let http_addr = http_listener.local_addr().expect("REST address");
        let gateway_addr = gateway_listener.local_addr().expect("gateway address");
        let (changes, _) = watch::channel(0);
        let shared = Arc::new(Shared {
            base_url: format!("http://{http_addr}"),
            gateway_url: format!("ws://{gateway_addr}"),
            state: Mutex::new(State {
                next_snowflake: FIRST_SNOWFLAKE,
                ..State::default()
            }),
            changes,
        });
        let listeners = vec![
            tokio::spawn(accept_rest(http_listener, Arc::clone(&shared))),
            tokio::spawn(accept_gateway(gateway_listener, Arc::clone(&shared))),
        ];
        Self { shared, listeners }
    }

    /// `http://127.0.0.1:PORT`: what to give serenity's `HttpBuilder::proxy`.
    pub fn base_url(&self) -> String {
        self.shared.base_url.clone()
    }

    /// `ws://127.0.0.1:PORT`: the gateway URL `GET /api/v10/gateway` hands out.
    pub fn gateway_url(&self) -> String {
        self.shared.gateway_url.clone()
    }

    /// A fresh snowflake id, unique within this fake.
    pub fn new_id(&self) -> u64 {
        self.shared.state().new_id()
    }

    /// Waits until a gateway session is live (READY or RESUMED sent) and returns it.
    pub async fn wait_ready(&self) -> ReadySession {
        self.shared
            .wait_for("the bot's gateway session to be ready", |state| {
                state.live_sessions().next().cloned()
            })
            .await
    }

    /// Waits until the bot has no gateway connection open (for example after
    /// `shard_manager.shutdown_all()`), so that a later [`Self::wait_ready`] sees a new one.
    pub async fn wait_disconnected(&self) {
        self.shared
            .wait_for("the bot's gateway connections to close", |state| {
                state.connections.is_empty().then_some(())
            })
            .await;
    }

    /// Closes every gateway connection from the server side with close code 4000 (unknown
    /// error), as Discord does when it drops a bot. Serenity then reconnects and resumes
    /// (op 6); wait for that with [`Self::wait_ready`], whose session has `resumed == true`.
    pub fn disconnect_bot(&self) {
        self.close_bot(4000);
    }

    /// Closes every gateway connection from the server side with close `code`, e.g. 4004
    /// (authentication failed) or 4014 (disallowed intents), which serenity does not resume.
    pub fn close_bot(&self, code: u16) {
        let connections = std::mem::take(&mut self.shared.state().connections);
        for connection in connections {
            // A connection whose task already ended has nobody to tell.
            let _ = connection.commands.send(GatewayCommand::Close(code));
        }
        self.shared.changed();
    }

    /// Dispatches a `MESSAGE_CREATE` for a user message once the bot is ready, and returns
    /// the message id.
    pub async fn send_message(&self, spec: MessageSpec<'_>) -> u64 {
        let id = self.new_id();
        let mentions: Vec<Value> = spec
            .mentions
            .iter()
            .map(|&(id, name)| user_json(id, name, false))
            .collect();
        let mut message = json!({
            "id": id.to_string(),
            "channel_id": spec.channel_id.to_string(),
            "author": user_json(spec.author.0, spec.author.1, false),
            "content": spec.content,
            "timestamp": TIMESTAMP,
            "edited_timestamp": null,
            "tts": false,
            "mention_everyone": false,
            "mentions": mentions,
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "pinned": false,
            "type": 0,
        });
        if let Some(guild_id) = spec.guild_id {
            self.shared
                .state()
                .channel_guilds
                .insert(spec.channel_id, guild_id);
            message["guild_id"] = json!(guild_id.to_string());
            let roles = self.shared.state().roles_json(spec.author.0);
            message["member"] = json!({
                "roles": roles, "joined_at": TIMESTAMP, "deaf": false, "mute": false, "flags": 0,
            });
        }
        {
            let mut state = self.shared.state();
            state
                .usernames
                .insert(spec.author.0, spec.author.1.to_owned());
            for &(id, name) in &spec.mentions {
                state.usernames.insert(id, name.to_owned());
            }
        }
        self.send_dispatch("MESSAGE_CREATE", message).await;
        id
    }

    /// Dispatches an `INTERACTION_CREATE` once the bot is ready. Build the payload with
    /// [`Self::slash_command_json`], [`Self::autocomplete_json`] or
    /// [`Self::button_click_json`], or by hand.
    pub async fn send_interaction(&self, interaction: Value) {
        self.give_interaction_token(&interaction);
        self.send_dispatch("INTERACTION_CREATE", interaction).await;
    }

    /// Gives `interaction`'s token its life, as Discord does when it delivers one: also what
    /// a test calls for an interaction a bot took and died with (no session gets it then).
    pub fn give_interaction_token(&self, interaction: &Value) {
        if let (Some(token), Some(channel_id)) = (
            interaction["token"].as_str(),
            id_field(&interaction["channel_id"]),
        ) {
            let mut state = self.shared.state();
            state
                .interaction_channels
                .insert(token.to_owned(), channel_id);
            (state.interaction_tokens).insert(token.to_owned(), std::time::Instant::now());
            // A click's original message is the one clicked, until its answer makes another.
            if let Some(clicked) = interaction["message"].as_object() {
                let clicked = Value::Object(clicked.clone());
                state
                    .interaction_originals
                    .insert(token.to_owned(), clicked);
            }
        }
    }

    /// The message the interaction `token`'s answer made (`@original`), if it made one.
    pub fn interaction_original(&self, token: &str) -> Option<Value> {
        self.shared
            .state()
            .interaction_originals
            .get(token)
            .cloned()
    }

    /// Makes every interaction token given so far older by `by`, as if that time had
    /// passed: one older than 15 minutes is refused, as Discord does.
    pub fn age_interaction_tokens(&self, by: std::time::Duration) {
        for given in self.shared.state().interaction_tokens.values_mut() {
            *given = given.checked_sub(by).unwrap_or(*given);
        }
    }

    /// Dispatches any event (`t` = `event`, `d` = `data`) to every live session, after
    /// checking that serenity can deserialize it (panics with serde's error otherwise).
    pub async fn send_dispatch(&self, event: &str, data: Value) {
        let wrapped = json!({ "t": event, "d": data });
        if let Err(error) = serde_json::from_value::<serenity::model::event::Event>(wrapped) {
            panic!("serenity cannot deserialize this {event} ({error}): {data:#}");
        }
        // A server's events come on its shard only, as Discord sends them; the rest on 0.
        let guild = match event {
            "GUILD_CREATE" | "GUILD_UPDATE" => id_field(&data["id"]),
            _ => id_field(&data["guild_id"]),
        };
        let on_its_shard = |state: &State, connection: &Connection| {
            let session = connection.session.as_ref()?;
            let Some(&(shard, total)) = state.session_shards.get(&session.session_id) else {
                return Some(());
            };
            (guild.map_or(0, |guild| (guild >> 22) % total.max(1)) == shard).then_some(())
        };
        let what = format!("a live session for the shard of {event}");
        self.shared
            .wait_for(&what, |state| {
                (state.connections.iter()).find_map(|c| on_its_shard(state, c))
            })
            .await;
        let state = self.shared.state();
        for connection in &state.connections {
            if on_its_shard(&state, connection).is_some() {
                let command = GatewayCommand::Dispatch {
                    event: event.to_owned(),
                    data: data.clone(),
                };
                let _ = connection.commands.send(command);
            }
        }
    }

    /// Makes `GET /gateway/bot` recommend `shards` shards (1 unless set).
    pub fn recommend_shards(&self, shards: u64) {
        self.shared.state().recommended_shards = shards;
    }

    /// Waits until the live gateway sessions are those of `shards`, as their Identify named
    /// them: (shard, total).
    pub async fn wait_shards(&self, shards: &[(u64, u64)]) {
        let what = format!("live sessions for the shards {shards:?}");
        self.shared
            .wait_for(&what, |state| {
                let mut live: Vec<(u64, u64)> = (state.live_sessions())
                    .filter_map(|session| state.session_shards.get(&session.session_id).copied())
                    .collect();
                live.sort_unstable();
                (live == shards).then_some(())
            })
            .await;
    }

    /// Payload of a slash command (`type` 2). `options` is the array of
    /// `{"name", "type", "value"}` the user filled in (`json!([])` for none).
    pub fn slash_command_json(&self, invoker: &Invoker<'_>, name: &str, options: Value) -> Value {
        let command_id = self.command_id(name);
        self.interaction_json(
            invoker,
            2,
            json!({
                "id": command_id.to_string(), "name": name, "type": 1, "options": options,
            }),
        )
    }

    /// Payload of an autocomplete request (`type` 4) for a slash command option: `options`
    /// as for [`Self::slash_command_json`], with `"focused": true` on the option being typed.
    pub fn autocomplete_json(&self, invoker: &Invoker<'_>, name: &str, options: Value) -> Value {
        let command_id = self.command_id(name);
        self.interaction_json(
            invoker,
            4,
            json!({
                "id": command_id.to_string(), "name": name, "type": 1, "options": options,
            }),
        )
    }

    /// Payload of a click (`type` 3) on button `custom_id` of bot message `message_id`.
    pub fn button_click_json(
        &self,
        invoker: &Invoker<'_>,
        custom_id: &str,
        message_id: u64,
    ) -> Value {
        let message = self
            .shared
            .message_json(message_id, invoker.channel_id, &json!({}), &[]);
        let mut interaction = self.interaction_json(
            invoker,
            3,
            json!({
                "custom_id": custom_id, "component_type": 2,
            }),
        );
        interaction["message"] = message;
        interaction
    }

    /// Waits for the next REST call matching `predicate` that no earlier `next_call` took,
    /// and takes it. Panics after [`WAIT_TIMEOUT`], listing the calls seen.
    pub async fn next_call(&self, predicate: impl Fn(&RestCall) -> bool) -> RestCall {
        self.shared
            .wait_for("a matching REST call", |state| {
                let index = state.pending_calls.iter().position(&predicate)?;
                state.pending_calls.remove(index)
            })
            .await
    }

    /// Holds back the answer to the next REST call matching `predicate` (the call is still
    /// recorded at once, so [`Self::next_call`] sees it) until the returned sender is used or
    /// dropped: a way to keep a command of the bot in flight.
    pub fn hold(
        &self,
        predicate: impl Fn(&RestCall) -> bool + Send + 'static,
    ) -> oneshot::Sender<()> {
        let (release, released) = oneshot::channel();
        self.shared
            .state()
            .holds
            .push((Box::new(predicate), released));
        release
    }

    /// From now on keeps a message with pictures (a multipart body) as its digest and size
    /// only, once answered, keeps no payload of the messages created (for
    /// [`Self::messages_in`]), and of a message a nonce created only its id: a benchmark's
    /// thousands of messages would otherwise be counted in the bot's memory. Calls with
    /// pictures then have no parts and no files.
    pub fn keep_digests_only(&self) {
        self.shared.state().digests_only = true;
    }

    /// The bytes of the request bodies the fake keeps (a call not yet taken by
    /// [`Self::next_call`] is kept twice).
    pub fn kept_bytes(&self) -> usize {
        let state = self.shared.state();
        let bodies = |calls: &mut dyn Iterator<Item = &RestCall>| -> usize {
            calls.map(|call| call.body.len()).sum()
        };
        bodies(&mut state.all_calls.iter()) + bodies(&mut state.pending_calls.iter())
    }

    /// Every REST call recorded so far, in arrival order.
    pub fn calls(&self) -> Vec<RestCall> {
        self.shared.state().all_calls.clone()
    }

    /// The threads the bot opened in `channel`.
    pub fn threads_in(&self, channel: u64) -> Vec<u64> {
        let state = self.shared.state();
        let mut threads: Vec<u64> = state
            .server
            .threads
            .iter()
            .filter_map(|(thread, parent)| (*parent == channel).then_some(*thread))
            .collect();
        threads.sort_unstable();
        threads
    }

    /// Gives `user` these permissions (bits, like `1 << 13` for Manage Messages) on top of a
    /// plain member's, as their interactions will say.
    pub fn grant(&self, user: u64, permissions: u64) {
        self.shared.state().server.granted.insert(user, permissions);
    }

    /// Sets `user`'s permission overwrite in `channel` (bits allowed, bits denied), as a
    /// channel's settings do; `0, 0` takes it away. Discord tells the bot by a CHANNEL_UPDATE,
    /// which the test sends (`send_dispatch`) when it wants the bot to hear of it.
    pub fn overwrite(&self, channel: u64, user: u64, allow: u64, deny: u64) {
        self.shared
            .state()
            .server
            .overwrite(channel, user, false, allow, deny);
    }

    /// Sets `role`'s overwrite in `channel` (bits allowed, bits denied); the server's id is
    /// its @everyone role. `0, 0` takes it away. Discord tells the bot by a CHANNEL_UPDATE.
    pub fn role_overwrite(&self, channel: u64, role: u64, allow: u64, deny: u64) {
        self.shared
            .state()
            .server
            .overwrite(channel, role, true, allow, deny);
    }

    /// Hides `channel` of `guild` from everyone (@everyone denied View Channel) but the
    /// members named, who are allowed it by overwrites of their own.
    pub fn private_channel(&self, guild: u64, channel: u64, members: &[u64]) {
        let mut state = self.shared.state();
        state.channel_guilds.insert(channel, guild);
        state
            .server
            .overwrite(channel, guild, true, 0, VIEW_CHANNEL);
        for member in members {
            state
                .server
                .overwrite(channel, *member, false, VIEW_CHANNEL, 0);
        }
    }

    /// A new role of `guild` with `permissions` (bits), given to nobody yet; its id.
    pub fn create_role(&self, guild: u64, permissions: u64) -> u64 {
        let mut state = self.shared.state();
        let role = state.new_id();
        state.server.create_role(role, guild, permissions);
        role
    }

    /// Gives `user` a role: his next message or interaction carries it, as Discord's do.
    pub fn give_role(&self, user: u64, role: u64) {
        self.shared.state().server.give_role(user, role);
    }

    /// Takes a role from `user`: his next message or interaction no longer carries it.
    pub fn take_role(&self, user: u64, role: u64) {
        self.shared.state().server.take_role(user, role);
    }

    /// `role` of `guild` as a GUILD_ROLE_CREATE or GUILD_ROLE_UPDATE event carries it (a
    /// role granted with [`Self::grant`] has the user's id).
    pub fn role_event_json(&self, guild: u64, role: u64) -> Value {
        let roles = self.shared.state().server.roles_json(guild);
        let role = roles.into_iter().find(|r| id_field(&r["id"]) == Some(role));
        json!({ "guild_id": guild.to_string(), "role": role.expect("no such role") })
    }

    /// The server as a GUILD_UPDATE event describes it, with its owner.
    pub fn guild_json(&self, guild: u64) -> Value {
        let owner = self.shared.state().server.owner(guild);
        json!({
            "id": guild.to_string(), "name": GUILD_NAME, "icon": null,
            "owner_id": owner.to_string(), "verification_level": 0,
            "default_message_notifications": 0, "explicit_content_filter": 0,
            "roles": [], "emojis": [], "features": [], "mfa_level": 0,
            "system_channel_flags": 0, "premium_tier": 0, "preferred_locale": "en-US",
            "nsfw_level": 0, "stickers": [], "premium_progress_bar_enabled": false,
        })
    }

    /// Sets @everyone's permissions in `guild` (a plain member's unless changed).
    pub fn set_everyone(&self, guild: u64, permissions: u64) {
        self.shared.state().server.set_everyone(guild, permissions);
    }

    /// Makes `user` the owner of `guild`: every permission, whatever the overwrites say.
    pub fn set_owner(&self, guild: u64, user: u64) {
        self.shared.state().server.set_owner(guild, user);
    }

    /// A private thread in `parent` that a member opened, with its members (the bot among
    /// them, as it is in any thread it reads); its id.
    pub fn private_thread(&self, parent: u64, members: &[u64]) -> u64 {
        let mut state = self.shared.state();
        let thread = state.new_id();
        let guild = state.guild_of_channel(parent);
        state.channel_guilds.insert(thread, guild);
        state.server.threads.insert(thread, parent);
        let mut members = members.to_vec();
        members.push(BOT_USER_ID);
        state.server.private_threads.insert(thread, members);
        thread
    }

    /// `user`'s permissions in `channel`, as Discord works them out.
    pub fn permissions_in(&self, user: u64, channel: u64) -> u64 {
        self.shared.state().permissions_in(user, channel)
    }

    /// `channel` as a CHANNEL_UPDATE event describes it, with its overwrites.
    pub fn channel_json(&self, channel: u64) -> Value {
        self.shared.state().channel_json(channel)
    }

    /// Makes `user` refuse the bot's direct messages (their privacy settings): a message to
    /// them is refused with 403, as Discord does.
    pub fn refuse_dms_from(&self, user: u64) {
        self.shared.state().no_dms.push(user);
    }

    /// What the bot posted (the payloads) of the messages created in `channel`, in order: a
    /// post Discord dropped as a duplicate of its nonce is not among them.
    pub fn messages_in(&self, channel: u64) -> Vec<Value> {
        self.shared
            .state()
            .created
            .get(&channel)
            .cloned()
            .unwrap_or_default()
    }

    /// The direct-message channel the bot opened with `user`, if it did.
    pub fn dm_channel_of(&self, user: u64) -> Option<u64> {
        let state = self.shared.state();
        state
            .dm_channels
            .iter()
            .find_map(|(channel, u)| (*u == user).then_some(*channel))
    }

    /// Makes the bot lack the Attach Files permission in `channel`: a message with files
    /// posted there is refused with 403, Missing Permissions, as Discord does.
    pub fn refuse_files_in(&self, channel: u64) {
        self.shared.state().no_files.push(channel);
    }

    /// Makes the bot lack the View Channel permission in `channel` (a moderator hid it from
    /// the bot): every message posted there is refused with 403, Missing Access, as Discord
    /// does.
    pub fn refuse_messages_in(&self, channel: u64) {
        self.shared.state().no_access.push(channel);
    }

    /// Makes the bot lack the Create Public Threads permission in `channel`: opening a
    /// thread there is refused with 403, Missing Permissions, as Discord does.
    pub fn refuse_threads_in(&self, channel: u64) {
        self.shared.state().no_threads.push(channel);
    }

    /// Gives the bot Create Public Threads in `channel` again (a moderator granted it).
    pub fn allow_threads_in(&self, channel: u64) {
        self.shared
            .state()
            .no_threads
            .retain(|refused| *refused != channel);
    }

    /// Who Discord has notified so far, in order, as a person experiences it: a new message
    /// (posted, an interaction's answer or a follow-up) notifies the users it mentions that
    /// its allowed mentions let through. An edit notifies nobody, and neither does the first
    /// follow-up of a deferred command (it fills the "thinking..." message in), nor an
    /// ephemeral message.
    pub fn notifications(&self) -> Vec<Notification> {
        let calls = self.calls();
        let state = self.shared.state();
        let mut loading: Vec<&str> = Vec::new();
        let mut notified = Vec::new();
        for call in calls.iter().filter(|c| c.status < 300) {
            let segments: Vec<&str> = call.route().trim_start_matches('/').split('/').collect();
            let (channel, payload) = match (call.method.as_str(), segments.as_slice()) {
                ("POST", ["channels", channel, "messages"]) => {
                    (channel.parse().unwrap_or(0), call.payload_json())
                }
                ("POST", ["interactions", _, token, "callback"]) => {
                    let body = call.payload_json();
                    match body["type"].as_u64() {
                        Some(4) => (channel_of(&state, token), body["data"].clone()),
                        Some(5) => {
                            loading.push(token);
                            continue;
                        }
                        _ => continue,
                    }
                }
                ("PATCH", ["webhooks", _, token, "messages", "@original"]) => {
                    loading.retain(|t| t != token);
                    continue;
                }
                ("POST", ["webhooks", _, token]) => {
                    if let Some(i) = loading.iter().position(|t| t == token) {
                        loading.remove(i);
                        continue;
                    }
                    (channel_of(&state, token), call.payload_json())
                }
                _ => continue,
            };
            if payload["flags"]
                .as_u64()
                .is_some_and(|flags| flags & 64 != 0)
            {
                continue;
            }
            let content = payload["content"].as_str().unwrap_or_default().to_string();
            for user in mentioned_users(&content) {
                if mention_allowed(&payload, user) {
                    notified.push(Notification {
                        user,
                        channel,
                        content: content.clone(),
                    });
                }
            }
        }
        notified
    }

    /// The users notified so far, in order (see [`Self::notifications`]).
    pub fn notified_users(&self) -> Vec<u64> {
        self.notifications().iter().map(|n| n.user).collect()
    }

    /// `METHOD /path` of every request the fake could not answer (and of gateway opcodes it
    /// did not understand, as `GATEWAY op N`), in arrival order.
    pub fn unhandled_routes(&self) -> Vec<String> {
        self.shared.state().unhandled.clone()
    }

    /// The request target (path and query) of every gateway WebSocket connection so far.
    pub fn gateway_connection_targets(&self) -> Vec<String> {
        self.shared.state().gateway_targets.clone()
    }

    /// The commands last registered with `PUT .../commands`, globally (`guild_id` `None`) or
    /// for one guild.
    pub fn registered_commands(&self, guild_id: Option<u64>) -> Vec<Value> {
        self.shared
            .state()
            .commands
            .get(&guild_id)
            .cloned()
            .unwrap_or_default()
    }

    fn command_id(&self, name: &str) -> u64 {
        let mut state = self.shared.state();
        let registered = state
            .commands
            .values()
            .flatten()
            .find(|command| command["name"] == name)
            .and_then(|command| id_field(&command["id"]));
        registered.unwrap_or_else(|| state.new_id())
    }

    fn interaction_json(&self, invoker: &Invoker<'_>, kind: u8, data: Value) -> Value {
        let id = self.new_id();
        let user = user_json(invoker.user_id, invoker.username, false);
        self.shared
            .state()
            .usernames
            .insert(invoker.user_id, invoker.username.to_owned());
        let mut interaction = json!({
            "id": id.to_string(),
            "application_id": APPLICATION_ID.to_string(),
            "type": kind,
            "token": format!("interaction-token-{id}"),
            "version": 1,
            "data": data,
            "channel_id": invoker.channel_id.to_string(),
            "locale": "en-US",
            "entitlements": [],
            "attachment_size_limit": 26_214_400,
        });
        match invoker.guild_id {
            Some(guild_id) => {
                self.shared
                    .state()
                    .channel_guilds
                    .insert(invoker.channel_id, guild_id);
                interaction["guild_id"] = json!(guild_id.to_string());
                interaction["guild_locale"] = json!("en-US");
                // Discord sends the member's permissions in the channel with an interaction.
                let permissions = self
                    .shared
                    .state()
                    .permissions_in(invoker.user_id, invoker.channel_id);
                let roles = self.shared.state().roles_json(invoker.user_id);
                interaction["member"] = json!({
                    "user": user, "roles": roles, "joined_at": TIMESTAMP,
                    "deaf": false, "mute": false, "flags": 0,
                    "permissions": permissions.to_string(),
                });
            }
            None => interaction["user"] = user,
        }
        interaction
    }
}

impl Drop for FakeDiscord {
    fn drop(&mut self) {
        for listener in &self.listeners {
            listener.abort();
        }
    }
}

/// State shared by the handle, the REST connections and the gateway connections.
struct Shared {
    base_url: String,
    gateway_url: String,
    state: Mutex<State>,
    /// Bumped after every change of `state`; waiters re-check on each bump.
    changes: watch::Sender<u64>,
}

#[derive(Default)]
struct State {
    next_snowflake: u64,
    /// Calls not yet taken by `next_call`.
    pending_calls: VecDeque<RestCall>,
    all_calls: Vec<RestCall>,
    /// Whether a multipart body (a message with its pictures) is kept as its digest and
    /// size only ([`FakeDiscord::keep_digests_only`]).
    digests_only: bool,
    unhandled: Vec<String>,
    /// Open gateway connections (a connection closed by `disconnect_bot` leaves at once).
    connections: Vec<Connection>,
    next_connection_id: u64,
    gateway_targets: Vec<String>,
    /// Registered commands by guild (`None` = global).
    commands: HashMap<Option<u64>, Vec<Value>>,
    /// Channel of each interaction token, for the messages of webhook followups.
    interaction_channels: HashMap<String, u64>,
    /// When each interaction token was given: Discord refuses it 15 minutes later.
    interaction_tokens: HashMap<String, std::time::Instant>,
    /// The message each interaction's answer made (`@original`), as Discord returns it.
    interaction_originals: HashMap<String, Value>,
    /// Usernames the fake has seen, to describe users in made-up objects.
    usernames: HashMap<u64, String>,
    /// Calls whose answer waits for a release (see [`FakeDiscord::hold`]).
    holds: Vec<(HoldPredicate, oneshot::Receiver<()>)>,
    /// Channels where the bot may not attach files.
    no_files: Vec<u64>,
    /// Channels the bot may not see: every message posted there is refused.
    no_access: Vec<u64>,
    /// Channels where the bot may not open threads.
    no_threads: Vec<u64>,
    /// The servers' roles, members, overwrites and threads: who may do what.
    server: Server,
    /// The shard count `GET /gateway/bot` recommends (0 counts as 1).
    recommended_shards: u64,
    /// The shard each session identified as: (shard, total).
    session_shards: HashMap<String, (u64, u64)>,
    /// The server of each channel a message or interaction came from.
    channel_guilds: HashMap<u64, u64>,
    /// Direct-message channels, with their user.
    dm_channels: HashMap<u64, u64>,
    /// Users whose privacy settings refuse the bot's direct messages.
    no_dms: Vec<u64>,
    /// What the bot posted of each message created in a channel, in order (a post Discord
    /// dropped for its nonce created none).
    created: HashMap<u64, Vec<Value>>,
    /// Each enforced nonce of a channel: the message it created, and when.
    nonces: HashMap<(u64, String), (Value, std::time::Instant)>,
    /// The failures tests asked for, and the rate limits running.
    faults: faults::Faults,
}

type HoldPredicate = Box<dyn Fn(&RestCall) -> bool + Send>;

struct Connection {
    id: u64,
    commands: mpsc::UnboundedSender<GatewayCommand>,
    /// Set by Identify/Resume, moved to `session` once READY/RESUMED is sent.
    pending_session: Option<ReadySession>,
    /// The live session, if READY/RESUMED was sent on this connection.
    session: Option<ReadySession>,
}

enum GatewayCommand {
    Dispatch {
        event: String,
        data: Value,
    },
    /// A frame sent as it is (an invalid session's op 9).
    Send(Value),
    Close(u16),
}

impl State {
    /// A user's permissions in a channel, as Discord works them out.
    fn permissions_in(&self, user: u64, channel: u64) -> u64 {
        let guild = self.guild_of_channel(channel);
        self.server.permissions_in(guild, user, channel)
    }

    /// The roles a member's messages and interactions carry, as JSON.
    fn roles_json(&self, user: u64) -> Vec<String> {
        let roles = self.server.roles_of(user);
        roles.iter().map(u64::to_string).collect()
    }

    /// The direct-message channel with `user`: one per user, as Discord keeps it.
    fn dm_channel_with(&mut self, user: u64) -> u64 {
        let open = self.dm_channels.iter().find(|(_, u)| **u == user);
        if let Some((channel, _)) = open {
            return *channel;
        }
        let channel = self.new_id();
        self.dm_channels.insert(channel, user);
        channel
    }

    /// A channel or thread as `GET /channels/{id}` describes it.
    fn channel_json(&self, channel: u64) -> Value {
        let parent = self.server.threads.get(&channel).copied();
        let guild = self.guild_of_channel(parent.unwrap_or(channel)).to_string();
        if let Some(parent) = parent {
            return json!({
                "id": channel.to_string(), "name": "alice vs bob",
                "type": if self.server.private_threads.contains_key(&channel) { 12 } else { 11 },
                "guild_id": guild, "parent_id": parent.to_string(),
                "permission_overwrites": [], "position": 0, "nsfw": false,
                "rate_limit_per_user": 0, "flags": 0, "last_message_id": null,
                "owner_id": BOT_USER_ID.to_string(), "message_count": 1,
                "member_count": 1, "total_message_sent": 1,
                "thread_metadata": {
                    "archived": false, "auto_archive_duration": 10080,
                    "archive_timestamp": TIMESTAMP, "locked": false,
                },
            });
        }
        let overwrites = self.server.overwrites_json(channel);
        json!({
            "id": channel.to_string(), "type": 0, "name": "gipf", "guild_id": guild,
            "permission_overwrites": overwrites, "position": 0, "nsfw": false,
            "rate_limit_per_user": 0, "flags": 0, "last_message_id": null,
        })
    }

    /// The server of a channel the fake has seen used (0 if none).
    fn guild_of_channel(&self, channel: u64) -> u64 {
        let channel = self
            .server
            .threads
            .get(&channel)
            .copied()
            .unwrap_or(channel);
        self.channel_guilds.get(&channel).copied().unwrap_or(0)
    }

    fn new_id(&mut self) -> u64 {
        self.next_snowflake += 1;
        self.next_snowflake
    }

    fn live_sessions(&self) -> impl Iterator<Item = &ReadySession> {
        self.connections
            .iter()
            .filter_map(|connection| connection.session.as_ref())
    }
}

impl Shared {
    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn changed(&self) {
        self.changes.send_modify(|version| *version += 1);
    }

    /// Polls `check` on every state change until it yields, or panics after [`WAIT_TIMEOUT`].
    async fn wait_for<T>(&self, what: &str, mut check: impl FnMut(&mut State) -> Option<T>) -> T {
        let mut changes = self.changes.subscribe();
        let wait = async {
            loop {
                if let Some(found) = check(&mut self.state()) {
                    return found;
                }
                changes.changed().await.expect("the fake Discord is gone");
            }
        };
        match tokio::time::timeout(WAIT_TIMEOUT, wait).await {
            Ok(found) => found,
            Err(_) => {
                let state = self.state();
                let calls: Vec<String> = state
                    .all_calls
                    .iter()
                    .map(|call| format!("{} {} -> {}", call.method, call.path, call.status))
                    .collect();
                panic!(
                    "fake Discord: timed out after {WAIT_TIMEOUT:?} waiting for {what}\n\
                     REST calls: {calls:#?}\nunhandled: {:#?}\nopen gateway connections: {}",
                    state.unhandled,
                    state.connections.len(),
                );
            }
        }
    }

    fn user_json(&self, id: u64) -> Value {
        if id == BOT_USER_ID {
            return bot_user_json();
        }
        let name = self
            .state()
            .usernames
            .get(&id)
            .cloned()
            .unwrap_or_else(|| format!("user{id}"));
        user_json(id, &name, false)
    }

    /// A message object as Discord returns it for a message the bot posted: `payload` is what
    /// the bot sent (content, embeds, components) and `files` its uploads.
    fn message_json(
        &self,
        id: u64,
        channel_id: u64,
        payload: &Value,
        files: &[(String, Vec<u8>)],
    ) -> Value {
        let attachments: Vec<Value> = files
            .iter()
            .enumerate()
            .map(|(index, (filename, data))| {
                let attachment_id = self.state().new_id();
                // The alt text the payload gave the file (`attachments[n].description`), kept
                // as Discord keeps it.
                let description = payload["attachments"]
                    .as_array()
                    .and_then(|sent| sent.iter().find(|a| a["id"] == json!(index)))
                    .map_or(Value::Null, |sent| sent["description"].clone());
                let url = format!(
                    "{}/attachments/{channel_id}/{attachment_id}/{filename}",
                    self.base_url
                );
                json!({
                    "id": attachment_id.to_string(), "filename": filename, "size": data.len(),
                    "url": url, "proxy_url": url, "content_type": guess_content_type(filename),
                    "description": description,
                })
            })
            .collect();
        let field = |name: &str, default: Value| match &payload[name] {
            Value::Null => default,
            value => value.clone(),
        };
        json!({
            "id": id.to_string(),
            "channel_id": channel_id.to_string(),
            "author": bot_user_json(),
            "content": field("content", json!("")),
            "timestamp": TIMESTAMP,
            "edited_timestamp": null,
            "tts": field("tts", json!(false)),
            "mention_everyone": false,
            "mentions": [],
            "mention_roles": [],
            "attachments": attachments,
            "embeds": field("embeds", json!([])),
            "components": field("components", json!([])),
            "pinned": false,
            "type": 0,
            "flags": field("flags", json!(0)),
        })
    }

    /// Answers one REST request and records it.
    /// The answer to a request, and what it waits for (if it is held).
    fn handle_rest(&self, request: HttpRequest) -> (HttpResponse, Option<oneshot::Receiver<()>>) {
        let mut call = RestCall {
            method: request.method,
            path: request.path,
            query: request.query,
            headers: request.headers,
            body: request.body,
            status: 0,
        };
        let faulted = self.state().faults.meet(&call);
        let response = match faulted {
            Some(faults::Faulted::Refuse(answer)) => answer,
            Some(faults::Faulted::DoThenAnswer(answer)) => {
                self.answer_rest(&call);
                answer
            }
            None => self.answer_rest(&call),
        };
        call.status = response.status;
        let held = {
            let mut state = self.state();
            if state.digests_only && call.is_multipart() {
                call.body = digest(&call.body);
            }
            let held = state
                .holds
                .iter()
                .position(|(predicate, _)| predicate(&call))
                .map(|i| state.holds.remove(i).1);
            state.all_calls.push(call.clone());
            state.pending_calls.push_back(call);
            held
        };
        self.changed();
        (response, held)
    }

    /// The answer for `call` as Discord gives it when nothing fails.
    fn answer_rest(&self, call: &RestCall) -> HttpResponse {
        self.route(call).unwrap_or_else(|| {
            let route = format!("{} {}", call.method, call.path);
            eprintln!("fake Discord: unhandled route {route}");
            self.state().unhandled.push(route);
            HttpResponse::json(
                404,
                json!({ "message": "Unknown route (fake Discord)", "code": 0 }),
            )
        })
    }

    /// Whether `channel` is the direct-message channel of a user who refuses direct messages.
    fn refuses_dm_in(&self, channel: u64) -> bool {
        let state = self.state();
        state
            .dm_channels
            .get(&channel)
            .is_some_and(|user| state.no_dms.contains(user))
    }

    fn interaction_channel(&self, token: &str) -> u64 {
        let mut state = self.state();
        match state.interaction_channels.get(token) {
            Some(&channel_id) => channel_id,
            None => state.new_id(),
        }
    }

    /// `PUT .../commands`: replaces the command list and returns it with ids.
    fn register_commands(&self, guild_id: Option<u64>, body: Value) -> HttpResponse {
        let commands: Vec<Value> = body
            .as_array()
            .cloned()
            .unwrap_or_default()
            .into_iter()
            .map(|command| self.command_json(guild_id, command))
            .collect();
        self.state().commands.insert(guild_id, commands.clone());
        HttpResponse::json(200, json!(commands))
    }

    /// A command object as Discord returns it for a command the bot registered.
    fn command_json(&self, guild_id: Option<u64>, mut command: Value) -> Value {
        let mut state = self.state();
        let existing = state
            .commands
            .get(&guild_id)
            .and_then(|commands| commands.iter().find(|c| c["name"] == command["name"]))
            .and_then(|c| id_field(&c["id"]));
        let id = existing.unwrap_or_else(|| state.new_id());
        let version = state.new_id();
        command["id"] = json!(id.to_string());
        command["application_id"] = json!(APPLICATION_ID.to_string());
        command["version"] = json!(version.to_string());
        if command["type"].is_null() {
            command["type"] = json!(1);
        }
        if command["description"].is_null() {
            command["description"] = json!("");
        }
        if let Some(guild_id) = guild_id {
            command["guild_id"] = json!(guild_id.to_string());
        }
        command
    }

    /// Records a new gateway connection and returns its id.
    fn open_connection(
        &self,
        target: String,
        commands: mpsc::UnboundedSender<GatewayCommand>,
    ) -> u64 {
        let id = {
            let mut state = self.state();
            state.next_connection_id += 1;
            let id = state.next_connection_id;
            state.gateway_targets.push(target);
            state.connections.push(Connection {
                id,
                commands,
                pending_session: None,
                session: None,
            });
            id
        };
        self.changed();
        id
    }

    /// Makes the pending session of a connection live, once READY or RESUMED is sent.
    fn start_session(&self, connection_id: u64, resumed: bool) {
        let mut state = self.state();
        if let Some(connection) = state.connections.iter_mut().find(|c| c.id == connection_id) {
            connection.session = connection.pending_session.take().map(|mut session| {
                session.resumed = resumed;
                session
            });
        }
        drop(state);
        self.changed();
    }

    fn close_connection(&self, connection_id: u64) {
        self.state()
            .connections
            .retain(|connection| connection.id != connection_id);
        self.changed();
    }

    fn record_unhandled(&self, what: String) {
        eprintln!("fake Discord: unhandled {what}");
        self.state().unhandled.push(what);
        self.changed();
    }
}

fn bot_user_json() -> Value {
    user_json(BOT_USER_ID, BOT_USERNAME, true)
}

fn user_json(id: u64, username: &str, bot: bool) -> Value {
    json!({
        "id": id.to_string(),
        "username": username,
        "discriminator": "0",
        "global_name": null,
        "avatar": null,
        "bot": bot,
    })
}

fn application_json() -> Value {
    json!({
        "id": APPLICATION_ID.to_string(),
        "name": BOT_USERNAME,
        "icon": null,
        "description": "GIPF by correspondence (fake Discord)",
        "bot_public": false,
        "bot_require_code_grant": false,
        "verify_key": "0000",
        "flags": 0,
        "owner": user_json(1_100_000_000_000_000_003, "owner", false),
        "bot": bot_user_json(),
    })
}

/// A snowflake given as a JSON string or number.
fn id_field(value: &Value) -> Option<u64> {
    match value {
        Value::String(text) => text.parse().ok(),
        Value::Number(number) => number.as_u64(),
        _ => None,
    }
}

fn guess_content_type(filename: &str) -> &'static str {
    match filename.rsplit('.').next() {
        Some("png") => "image/png",
        Some("txt") => "text/plain; charset=utf-8",
        Some("json") => "application/json",
        _ => "application/octet-stream",
    }
}

fn header_value<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(key, _)| key.eq_ignore_ascii_case(name))
        .map(|(_, value)| value.as_str())
}

/// Splits a `multipart/form-data` body into its parts.
fn parse_multipart(body: &[u8], boundary: &str) -> Vec<FormPart> {
    let delimiter = format!("--{boundary}").into_bytes();
    let mut parts = Vec::new();
    let mut sections = split_bytes(body, &delimiter).into_iter().skip(1);
    for section in sections.by_ref() {
        // The closing delimiter is `--boundary--`.
        if section.starts_with(b"--") {
            break;
        }
        let section = section.strip_prefix(b"\r\n").unwrap_or(section);
        let section = section.strip_suffix(b"\r\n").unwrap_or(section);
        let Some(header_end) = find_bytes(section, b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&section[..header_end]);
        let data = section[header_end + 4..].to_vec();
        let mut part = FormPart {
            name: String::new(),
            filename: None,
            content_type: None,
            data,
        };
        for line in head.split("\r\n") {
            let Some((key, value)) = line.split_once(':') else {
                continue;
            };
            let value = value.trim();
            if key.trim().eq_ignore_ascii_case("content-disposition") {
                for param in value.split(';').map(str::trim) {
                    if let Some(name) = param.strip_prefix("name=") {
                        part.name = name.trim_matches('"').to_owned();
                    } else if let Some(filename) = param.strip_prefix("filename=") {
                        part.filename = Some(filename.trim_matches('"').to_owned());
                    }
                }
            } else if key.trim().eq_ignore_ascii_case("content-type") {
                part.content_type = Some(value.to_owned());
            }
        }
        parts.push(part);
    }
    parts
}

fn find_bytes(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

fn split_bytes<'a>(mut haystack: &'a [u8], needle: &[u8]) -> Vec<&'a [u8]> {
    let mut pieces = Vec::new();
    while let Some(at) = find_bytes(haystack, needle) {
        pieces.push(&haystack[..at]);
        haystack = &haystack[at + needle.len()..];
    }
    pieces.push(haystack);
    pieces
}

/// What [`FakeDiscord::keep_digests_only`] keeps of a body: its hash and its size.
fn digest(body: &[u8]) -> Vec<u8> {
    use std::hash::{Hash as _, Hasher as _};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    body.hash(&mut hasher);
    format!("digest {:016x}, {} bytes", hasher.finish(), body.len()).into_bytes()
}
