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
mod replays;

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

/// What the handlers share: the service, and the replays drawn.
#[derive(Clone)]
struct Web {
    service: Arc<Service>,
    replays: Arc<replays::Replays>,
    /// This process's Discord shards, for the operator.
    gateways: Arc<Gateways>,
}

/// The routes, on `service`, with the stages of this process's `gateways` for the
/// operator's probes.
pub fn router(service: Arc<Service>, gateways: Arc<Gateways>) -> Router {
    let web = Web {
        service,
        replays: Arc::default(),
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

/// Runs `work` on the service off the async runtime: `None` becomes the 404.
async fn read<T: Send + 'static>(
    service: &Arc<Service>,
    work: impl FnOnce(&Service) -> anyhow::Result<Option<T>> + Send + 'static,
) -> Result<T, Response> {
    let service = Arc::clone(service);
    match tokio::task::spawn_blocking(move || work(&service)).await {
        Ok(Ok(Some(found))) => Ok(found),
        Ok(Ok(None)) => Err(not_found()),
        Ok(Err(e)) => Err(failed(format!("{e:#}"))),
        Err(e) => Err(failed(e)),
    }
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
    let shown = key.clone();
    match read(&service, move |s| s.game_page(&shown, query.ply)).await {
        Ok(page) => game_page::html(&key, &page).into_response(),
        Err(refused) => refused,
    }
}

async fn picture(
    State(Web { service, .. }): State<Web>,
    Path((key, picture)): Path<(String, String)>,
) -> Response {
    let Some(ply) = (picture.strip_suffix(".png")).and_then(|ply| ply.parse::<usize>().ok()) else {
        return not_found();
    };
    match read(&service, move |s| s.game_picture(&key, ply)).await {
        Ok((picture, finished)) => {
            let cache = if finished { KEPT } else { "no-cache" };
            let headers = [
                (header::CONTENT_TYPE, "image/png"),
                (header::CACHE_CONTROL, cache),
            ];
            (headers, picture.png).into_response()
        }
        Err(refused) => refused,
    }
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
    // Only finished games' replays are kept: they never change.
    let (gif, finished) = match replays.kept(&key) {
        Some(gif) => (gif, true),
        None => {
            let Some(_turn) = replays.turn().await else {
                return failed("the replays' gate closed");
            };
            let asked = key.clone();
            match read(&service, move |s| s.game_gif(&asked)).await {
                Ok((gif, finished)) => {
                    let gif = Arc::new(gif);
                    if finished {
                        replays.keep(key, Arc::clone(&gif));
                    }
                    (gif, finished)
                }
                Err(refused) => return refused,
            }
        }
    };
    let headers = [
        (header::CONTENT_TYPE, "image/gif"),
        (
            header::CACHE_CONTROL,
            if finished { KEPT } else { "no-cache" },
        ),
    ];
    (headers, gif.to_vec()).into_response()
}

async fn event(State(Web { service, .. }): State<Web>, Path(key): Path<String>) -> Response {
    let shown = key.clone();
    match read(&service, move |s| s.event_page(&shown)).await {
        Ok(page) => event_page::html(&key, &page).into_response(),
        Err(refused) => refused,
    }
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
    match read(&service, move |s| s.player_page(&key)).await {
        Ok(page) => player_page::html(&page).into_response(),
        Err(refused) => refused,
    }
}

async fn index(State(Web { service, .. }): State<Web>, Path(key): Path<String>) -> Response {
    match read(&service, move |s| s.index_page(&key)).await {
        Ok(page) => index_page::html(&page).into_response(),
        Err(refused) => refused,
    }
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
