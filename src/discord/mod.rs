//! The Discord adapter: the only part of the bot that knows Discord (and serenity).
//!
//! [`run`] connects with a bot token, registers the slash commands, and hands every prefix
//! command, mention command, slash command and button click to the [`Service`], then sends
//! its [`crate::reply::Reply`]s back (`send.rs`). It stops on a shutdown signal after the
//! commands in flight are answered.

mod gate;
mod handler;
mod incoming;
mod interaction;
mod markdown;
mod nonce;
mod rights;
mod send;
mod shards;
mod sight;
mod sink;
mod slash;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use serenity::all::{
    ClientBuilder, CreateAllowedMentions, GatewayError, GatewayIntents, Http, HttpBuilder,
};

use crate::service::{Config, Service};
use gate::Gate;
use handler::Handler;
pub use markdown::markdown;
pub use shards::{Shards, ShardsError, shard_of};

/// Where to get a token, said whenever the token is missing or refused.
pub const TOKEN_HELP: &str = "get a bot token from the Discord Developer Portal \
    (https://discord.com/developers/applications → your application → Bot → Reset Token) \
    and put it in `.env` as DISCORD_TOKEN=...";

/// How to let the bot read messages, said when Discord refuses the MESSAGE_CONTENT intent.
const INTENT_HELP: &str = "the MESSAGE CONTENT intent is off for this application, so prefix \
    commands like `!push b1 c2` cannot be read; mention commands (`@bot push b1 c2`) and slash \
    commands still work. Turn it on in the Developer Portal → your application → Bot → \
    Privileged Gateway Intents";

/// How long a shutdown waits for the commands in flight.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(30);
/// How long a shutdown waits for the gateway connection to close.
const CLOSE_TIMEOUT: Duration = Duration::from_secs(5);

/// Everything the Discord bot needs to run.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The bot token (`DISCORD_TOKEN`), without the `Bot ` prefix.
    pub token: String,
    /// Where the data lives.
    pub database: crate::store::Database,
    /// The service settings (command prefix, challenge lifetime).
    pub config: Config,
    /// Register the slash commands in this guild only (instantly) instead of globally.
    pub dev_guild: Option<u64>,
    /// Send every REST call to this base URL (`http://host:port`) with the rate limiter off;
    /// the gateway URL then comes from that server's `GET /api/v10/gateway`.
    pub api_proxy: Option<String>,
    /// The shards this process runs (`SHARDS`): all that Discord recommends by default.
    pub shards: Shards,
    /// Where the game pages are served beside Discord (`WEB_BIND`), if anywhere.
    pub web_bind: Option<std::net::SocketAddr>,
}

/// The async runtime the bot runs on: a worker a core, and tokio's blocking pool (used
/// only by the adapter's few short reads and marks; the service has its own workers, see
/// `workers.rs`) held to 4 threads a core instead of 512, so that threads stay flat under
/// load.
pub fn runtime() -> std::io::Result<tokio::runtime::Runtime> {
    let cores = crate::service::machine_cores();
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(cores)
        .max_blocking_threads(4 * cores)
        .enable_all()
        .build()
}

/// Runs the bot until `shutdown` completes (or Discord refuses it): then it stops taking
/// commands, finishes the ones in flight, closes the gateway and the database.
///
/// A missing or refused token is an error whose text says where to get one.
pub async fn run(settings: Settings, shutdown: impl Future<Output = ()>) -> anyhow::Result<()> {
    check_token(&settings.token)?;
    let bot_id = log_in(&settings).await?;
    let service = Arc::new(open_service(&settings).await?);
    let gateways = Arc::new(crate::gateways::Gateways::default());
    let _web = match settings.web_bind {
        Some(bind) => Some(serve_pages(bind, (Arc::clone(&service), Arc::clone(&gateways))).await?),
        None => None,
    };
    let gate = Gate::new();
    let first_shard = match settings.shards {
        Shards::Recommended => 0,
        Shards::Range { first, .. } => first,
    };
    let handler = Arc::new(Handler::new(
        service,
        bot_id,
        (settings.dev_guild, first_shard),
        gate.clone(),
        gateways,
    ));
    let mut watch = AbortOnDrop(tokio::spawn(watch(
        Arc::clone(&handler),
        Arc::new(make_http(&settings)),
    )));
    // GUILDS (not privileged) brings the role and channel updates that keep rights current.
    let mut intents = GatewayIntents::GUILDS
        | GatewayIntents::GUILD_MESSAGES
        | GatewayIntents::DIRECT_MESSAGES
        | GatewayIntents::MESSAGE_CONTENT;
    tokio::pin!(shutdown);
    loop {
        let mut client = ClientBuilder::new_with_http(make_http(&settings), intents)
            .event_handler_arc(Arc::clone(&handler))
            .await
            .context("cannot set up the Discord client")?;
        let shard_manager = Arc::clone(&client.shard_manager);
        let shards = settings.shards;
        let mut task = tokio::spawn(async move { connect(&mut client, shards).await });
        tokio::select! {
            ended = &mut task => {
                let ended = ended.context("the Discord client crashed")?;
                if connection_ended(ended, &mut intents, &handler)? {
                    return Ok(());
                }
            }
            () = &mut shutdown => {
                                // The watch holds the service too: it goes first (a look under way ends as
                // later work, which the stop waits for).
                watch.0.abort();
                let _ = (&mut watch.0).await;
                stop(&gate, &shard_manager, task, handler).await;
                return Ok(());
            }
        }
    }
}

/// What the end of the gateway's connection means: stopped (`true`), to connect again
/// without the MESSAGE_CONTENT intent Discord refused (`false`), or an error that says what
/// Discord refused (the token, or an intent) and what to do.
fn connection_ended(
    ended: serenity::Result<()>,
    intents: &mut GatewayIntents,
    handler: &Handler,
) -> anyhow::Result<bool> {
    let asked = || {
        let names: Vec<&str> = intents.iter_names().map(|(name, _)| name).collect();
        names.join(", ")
    };
    match ended {
        Ok(()) => Ok(true),
        Err(serenity::Error::Gateway(GatewayError::InvalidAuthentication)) => {
            anyhow::bail!("Discord refused the token (gateway close code 4004): {TOKEN_HELP}")
        }
        Err(serenity::Error::Gateway(GatewayError::DisallowedGatewayIntents))
            if intents.contains(GatewayIntents::MESSAGE_CONTENT) =>
        {
            tracing::warn!("{INTENT_HELP}");
            intents.remove(GatewayIntents::MESSAGE_CONTENT);
            handler.service().prefix_unreadable();
            Ok(false)
        }
        Err(serenity::Error::Gateway(GatewayError::DisallowedGatewayIntents)) => anyhow::bail!(
            "Discord refused a privileged gateway intent (close code 4014) though the bot asks \
             for none but {}: turn on what the Developer Portal → your application → Bot → \
             Privileged Gateway Intents lists, or tell us",
            asked()
        ),
        Err(serenity::Error::Gateway(GatewayError::InvalidGatewayIntents)) => anyhow::bail!(
            "Discord refused the gateway intents {} as invalid (close code 4013): this build \
             of the bot asks for intents Discord does not know; update the bot",
            asked()
        ),
        Err(e) => Err(e).context("the Discord connection failed"),
    }
}

/// The service on the bot's database, off the async workers, for the process named for its
/// host and shards (a restart of the same range takes back its claims), alive before it
/// claims or owes anything, so that nobody takes what it holds.
async fn open_service(settings: &Settings) -> anyhow::Result<Service> {
    let (database, mut config) = (settings.database.clone(), settings.config.clone());
    config.instance = format!("{}/shards {}", config.instance, settings.shards);
    let life = tend_life(&config);
    tokio::task::spawn_blocking(move || {
        let service = Service::open(database, config)?;
        tracing::info!(database = %service.database(), "database open");
        service.claim_name(crate::service::NAME_PATIENCE)?;
        service.keep_alive(life);
        Ok(service)
    })
    .await
    .context("the database task failed")?
}

/// Connects `shards` and serves their events until the connection ends.
async fn connect(client: &mut serenity::Client, shards: Shards) -> serenity::Result<()> {
    match shards {
        Shards::Recommended => client.start_autosharded().await,
        Shards::Range { first, last, total } => {
            tracing::info!(first, last, total, "connecting a range of shards");
            // Serenity's range takes its end as the last shard, included.
            client.start_shard_range(first..last, total).await
        }
    }
}

/// Serves the game pages on `bind` until the bot stops.
async fn serve_pages(
    bind: std::net::SocketAddr,
    served: (Arc<Service>, Arc<crate::gateways::Gateways>),
) -> anyhow::Result<AbortOnDrop> {
    let listener = crate::web::listen(bind).await?;
    tracing::info!(%bind, "serving the game pages");
    Ok(AbortOnDrop(tokio::spawn(async move {
        if let Err(e) = crate::web::serve(listener, served, std::future::pending()).await {
            tracing::error!(error = %e, "the web pages stopped");
        }
    })))
}

/// A task that ends with its handle, whichever way `run` returns.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// Watches the clock (deadlines, idle games, daily puzzles) and posts what it calls for;
/// beside it, tends the process's life lease and posts what nobody living posts (an engine
/// worker's messages, or those of a process that died).
async fn watch(handler: Arc<Handler>, http: Arc<Http>) {
    let service = handler.service();
    let life = tend_life(service.config());
    let sink = Arc::new(sink::DiscordSink::watch(http, handler.direct()));
    service.watch(sink, life).await;
}

/// How long a process's life lease lasts: three ticks of its watch, at most 30 s (it is
/// renewed every 2 s, so a dead bot's claims go to another within half a minute).
fn tend_life(config: &crate::service::Config) -> Duration {
    config.deadline_watch_every.saturating_mul(3).min(MOST_LIFE)
}

/// The longest a bot's life lease lasts.
const MOST_LIFE: Duration = Duration::from_secs(30);

/// Refuses a missing token, or one pasted with characters no token has.
fn check_token(token: &str) -> anyhow::Result<()> {
    let token = token.trim();
    if token.is_empty() {
        anyhow::bail!("no Discord token: {TOKEN_HELP}");
    }
    // A token is letters, digits, `.`, `_` and `-` (serenity adds the `Bot ` itself).
    let bare = token.strip_prefix("Bot ").unwrap_or(token);
    if !bare
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'))
    {
        anyhow::bail!(
            "the Discord token has characters no token has (pasted with quotes or spaces?): {TOKEN_HELP}"
        );
    }
    Ok(())
}

/// Checks the token with Discord (and the proxy's gateway, if there is one); returns the
/// bot's own user id.
async fn log_in(settings: &Settings) -> anyhow::Result<u64> {
    let http = make_http(settings);
    let me = match http.get_current_user().await {
        Ok(me) => me,
        Err(serenity::Error::Http(e)) if e.status_code().map(|s| s.as_u16()) == Some(401) => {
            anyhow::bail!("Discord refused the token: {TOKEN_HELP}");
        }
        Err(e) => return Err(e).context("cannot reach Discord"),
    };
    tracing::info!(bot = %me.name, id = me.id.get(), "logged in");
    if let Some(proxy) = &settings.api_proxy {
        // Without this check serenity would fall back to Discord's own gateway in silence.
        http.get_gateway().await.with_context(|| {
            format!("the API proxy {proxy} did not answer GET /api/v10/gateway")
        })?;
    }
    Ok(me.id.get())
}

/// A clean stop: no new commands, the ones in flight answered, the gateway closed, and the
/// database closed off the async workers.
async fn stop(
    gate: &Gate,
    shard_manager: &serenity::gateway::ShardManager,
    mut task: tokio::task::JoinHandle<serenity::Result<()>>,
    handler: Arc<Handler>,
) {
    tracing::info!("shutting down: finishing the commands in flight");
    gate.close();
    // The commands in flight, then the work their replies left for later (an analysis).
    let settled = async {
        gate.idle().await;
        handler.service().settle().await;
    };
    if tokio::time::timeout(DRAIN_TIMEOUT, settled).await.is_err() {
        tracing::warn!("some commands did not finish in time");
    }
    shard_manager.shutdown_all().await;
    // shutdown_all does not reach a client whose shard is between connections.
    match tokio::time::timeout(CLOSE_TIMEOUT, &mut task).await {
        Ok(Err(e)) => tracing::warn!(error = %e, "the Discord client did not stop cleanly"),
        Err(_) => {
            tracing::warn!("the Discord client did not stop in time: closing it");
            task.abort();
        }
        Ok(Ok(_)) => {}
    }
    // The client is gone with its task; the watch is handed on at once (another process
    // need not wait for its lease to lapse), and the last handle on the service (and so the
    // database connection) goes with the handler.
    let closed = tokio::task::spawn_blocking(move || {
        handler.service().give_up_the_watch();
        drop(handler);
    });
    if let Err(e) = closed.await {
        tracing::warn!(error = %e, "the database did not close cleanly");
    }
    tracing::info!("stopped");
}

/// The REST client, pointed at the proxy if there is one. Every message it sends pings
/// nobody unless the message itself names the users it may ping.
fn make_http(settings: &Settings) -> Http {
    let builder = HttpBuilder::new(settings.token.trim())
        .default_allowed_mentions(CreateAllowedMentions::new());
    match &settings.api_proxy {
        Some(base) => builder
            .proxy(base.trim_end_matches('/'))
            .ratelimiter_disabled(true)
            .build(),
        None => builder.build(),
    }
}

/// Completes on Ctrl-C or, on Unix, SIGTERM (what `systemctl stop` sends).
pub async fn shutdown_signal() {
    let ctrl_c = async {
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => {
                term.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = terminate => {}
    }
}
