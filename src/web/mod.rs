//! The web adapter (issue 42): a game's page at an address nobody can guess, its board at
//! any ply, its record and replay; an event's page, a player's, and a server's index where
//! it lists its pages; served by axum on the bot's runtime (or alone, `gipf-bot web`).
//! It knows HTTP and HTML; the service reads and draws (off the async runtime, on tokio's
//! blocking pool). GET and HEAD only, no cookies, nothing from elsewhere (a strict
//! Content-Security-Policy); a game without a page, an unknown address and a wrong one all
//! answer the same 404.

mod event_page;
mod game_page;
mod index_page;
mod layout;
mod operator;
mod player_page;
mod plot;

use std::sync::Arc;

use anyhow::Context;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;

use crate::gateways::Gateways;
use crate::service::Service;
use crate::workers::WorkError;

/// What every answer carries: nothing may load from elsewhere, nor run but the bot's own
/// script; no page may frame it; the address is not told to other sites.
const SECURITY: [(&str, &str); 4] = [
    (
        "content-security-policy",
        "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; \
         base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    ),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
];

/// How long a finished game's picture or record may be kept: a year (it never changes).
const KEPT: &str = "public, max-age=31536000, immutable";

/// What the handlers share: the service, and the gate of the replays (drawing one takes a
/// picture a turn: one is drawn at a time).
#[derive(Clone)]
struct Web {
    service: Arc<Service>,
    replays: Arc<tokio::sync::Semaphore>,
    /// This process's Discord shards, for the operator.
    gateways: Arc<Gateways>,
}

/// The routes, on `service`, with the stages of this process's `gateways` for the
/// operator's probes.
pub fn router(service: Arc<Service>, gateways: Arc<Gateways>) -> Router {
    let web = Web {
        service,
        replays: Arc::new(tokio::sync::Semaphore::new(1)),
        gateways,
    };
    Router::new()
        .route("/game/{key}", get(page))
        .route("/game/{key}/record.gipf", get(record))
        .route("/game/{key}/replay.gif", get(replay))
        .route("/game/{key}/{picture}", get(picture))
        .route("/event/{key}", get(event))
        .route("/event/{key}/crosstable.png", get(crosstable))
        .route("/player/{key}", get(player))
        .route("/server/{key}", get(index))
        .route("/healthz", get(operator::healthz))
        .route("/metrics", get(operator::metrics))
        .route("/style.css", get(style))
        .route("/keys.js", get(keys))
        .fallback(|| async { not_found() })
        .layer(axum::middleware::map_response(secured))
        .with_state(web)
}

/// Listens on `bind` for the pages.
pub async fn listen(bind: std::net::SocketAddr) -> anyhow::Result<tokio::net::TcpListener> {
    let listening = tokio::net::TcpListener::bind(bind).await;
    listening.with_context(|| format!("cannot serve the web pages on {bind} (WEB_BIND)"))
}

/// Serves the pages on `listener` until `shutdown` completes.
pub async fn serve(
    listener: tokio::net::TcpListener,
    (service, gateways): (Arc<Service>, Arc<Gateways>),
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(service, gateways))
        .with_graceful_shutdown(shutdown)
        .await
}

async fn secured(mut response: Response) -> Response {
    let headers = response.headers_mut();
    for (name, value) in SECURITY {
        headers.insert(
            HeaderName::from_static(name),
            HeaderValue::from_static(value),
        );
    }
    response
}

/// The one answer to every address without a page.
fn not_found() -> Response {
    (StatusCode::NOT_FOUND, "There is no page here.\n").into_response()
}

/// The answer when the service failed (logged).
fn failed(e: impl std::fmt::Display) -> Response {
    tracing::error!(error = %e, "a web page failed");
    (
        StatusCode::INTERNAL_SERVER_ERROR,
        "Something went wrong on our side.\n",
    )
        .into_response()
}

/// Runs `work` on the service's pages' workers, off the async runtime (the HTML is
/// written there too): `None` becomes the 404, a full queue the 503.
async fn read<T: Send + 'static>(
    service: &Arc<Service>,
    work: impl FnOnce(&Service) -> anyhow::Result<Option<T>> + Send + 'static,
) -> Result<T, Response> {
    match service.on_pages(work).await {
        Ok(Ok(Some(found))) => Ok(found),
        Ok(Ok(None)) => Err(not_found()),
        Ok(Err(e)) => Err(failed(format!("{e:#}"))),
        Err(WorkError::Full) => Err(busy()),
        Err(e @ WorkError::Lost) => Err(failed(e)),
    }
}

/// The answer when as many pages wait as the bot takes: try again in a second.
fn busy() -> Response {
    let headers = [(header::RETRY_AFTER, "1")];
    let body = "The bot is busy: try again in a moment.\n";
    (StatusCode::SERVICE_UNAVAILABLE, headers, body).into_response()
}

#[derive(Deserialize)]
struct PlyQuery {
    ply: Option<usize>,
}

async fn page(
    State(Web { service, .. }): State<Web>,
    Path(key): Path<String>,
    Query(query): Query<PlyQuery>,
) -> Response {
    let drawn = move |s: &Service| {
        let page = s.game_page(&key, query.ply)?;
        Ok(page.map(|page| game_page::html(&key, &page)))
    };
    read(&service, drawn).await.into_response()
}

async fn picture(
    State(Web { service, .. }): State<Web>,
    Path((key, picture)): Path<(String, String)>,
) -> Response {
    let Some(ply) = (picture.strip_suffix(".png")).and_then(|ply| ply.parse::<usize>().ok()) else {
        return not_found();
    };
    match read(&service, move |s| s.game_picture(&key, ply)).await {
        Ok(drawn) => drawing("image/png", drawn),
        Err(refused) => refused,
    }
}

/// A game's drawing as `kind`, kept by browsers for a year once the game is `finished`.
fn drawing(kind: &'static str, (bytes, finished): (Arc<[u8]>, bool)) -> Response {
    let headers = [
        (header::CONTENT_TYPE, kind),
        (
            header::CACHE_CONTROL,
            if finished { KEPT } else { "no-cache" },
        ),
    ];
    (headers, axum::body::Bytes::from_owner(bytes)).into_response()
}

async fn record(State(Web { service, .. }): State<Web>, Path(key): Path<String>) -> Response {
    match read(&service, move |s| s.game_record(&key)).await {
        Ok((name, bytes)) => {
            let disposition = format!("attachment; filename=\"{name}\"");
            let headers = [
                (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
                (header::CONTENT_DISPOSITION, disposition),
            ];
            (headers, bytes).into_response()
        }
        Err(refused) => refused,
    }
}

async fn replay(
    State(Web {
        service, replays, ..
    }): State<Web>,
    Path(key): Path<String>,
) -> Response {
    let Ok(_turn) = replays.acquire().await else {
        return failed("the replays' gate closed");
    };
    match read(&service, move |s| s.game_gif(&key)).await {
        Ok(drawn) => drawing("image/gif", drawn),
        Err(refused) => refused,
    }
}

async fn event(State(Web { service, .. }): State<Web>, Path(key): Path<String>) -> Response {
    let drawn = move |s: &Service| Ok(s.event_page(&key)?.map(|p| event_page::html(&key, &p)));
    read(&service, drawn).await.into_response()
}

async fn crosstable(State(Web { service, .. }): State<Web>, Path(key): Path<String>) -> Response {
    match read(&service, move |s| s.event_picture(&key)).await {
        Ok(picture) => {
            let headers = [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, "no-cache"),
            ];
            (headers, picture.png).into_response()
        }
        Err(refused) => refused,
    }
}

async fn player(State(Web { service, .. }): State<Web>, Path(key): Path<String>) -> Response {
    let drawn = move |s: &Service| Ok(s.player_page(&key)?.map(|p| player_page::html(&p)));
    read(&service, drawn).await.into_response()
}

async fn index(State(Web { service, .. }): State<Web>, Path(key): Path<String>) -> Response {
    let drawn = move |s: &Service| Ok(s.index_page(&key)?.map(|p| index_page::html(&p)));
    read(&service, drawn).await.into_response()
}

async fn style() -> Response {
    let headers = [
        (header::CONTENT_TYPE, "text/css"),
        (header::CACHE_CONTROL, "public, max-age=3600"),
    ];
    (headers, layout::STYLE).into_response()
}

async fn keys() -> Response {
    let headers = [
        (header::CONTENT_TYPE, "text/javascript"),
        (header::CACHE_CONTROL, "public, max-age=3600"),
    ];
    (headers, layout::KEYS).into_response()
}
