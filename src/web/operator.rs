//! For the operator: `/healthz` (is the database answering, what are the shards and the
//! processes doing) and `/metrics` (Prometheus's text format). Neither is for the world:
//! docs/deploy.md says to keep them off the reverse proxy.

use std::time::Duration;

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};

use super::Web;
use crate::store::Lease;
use crate::store::status::Status;
use crate::telemetry::gauge;

/// How long a probe waits for the database before it says it does not answer.
const PATIENCE: Duration = Duration::from_secs(1);

/// The database's status, or why there is none within [`PATIENCE`].
async fn status_now(web: &Web) -> Result<Status, String> {
    let service = std::sync::Arc::clone(&web.service);
    let read = tokio::task::spawn_blocking(move || service.status());
    match tokio::time::timeout(PATIENCE, read).await {
        Ok(Ok(Ok(status))) => Ok(status),
        Ok(Ok(Err(e))) => Err(format!("{e:#}")),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err("no answer within a second".into()),
    }
}

/// 200 and what the processes on the database and this one's shards are doing, or 503
/// when the database does not answer within a second.
pub(super) async fn healthz(State(web): State<Web>) -> Response {
    let status = match status_now(&web).await {
        Ok(status) => status,
        Err(why) => return unhealthy(why),
    };
    let lease = |lease: &Lease| serde_json::json!({ "name": lease.name, "holder": lease.holder, "renewed": lease.renewed, "until": lease.until });
    let body = serde_json::json!({
        "status": "ok",
        "database": "answers",
        "process": web.service.config().instance,
        "shards": web.gateways.stages(),
        "processes": status.processes.iter().map(lease).collect::<Vec<_>>(),
        "watch": status.watch.as_ref().map(lease),
        "unsent": status.unsent,
        "engine_waiting": status.engine_waiting,
        "games_running": status.games_running,
    });
    json(StatusCode::OK, body)
}

/// `/healthz`'s 503, saying why (logged).
fn unhealthy(why: String) -> Response {
    tracing::warn!(why = %why, "the health probe finds the database not answering");
    let body = serde_json::json!({ "status": "unavailable", "database": "not answering" });
    json(StatusCode::SERVICE_UNAVAILABLE, body)
}

fn json(status: StatusCode, body: serde_json::Value) -> Response {
    let headers = [
        (header::CONTENT_TYPE, "application/json"),
        (header::CACHE_CONTROL, "no-store"),
    ];
    (status, headers, body.to_string()).into_response()
}

/// What the bot counted and timed, and what the database and this process hold now, in
/// Prometheus's text format.
pub(super) async fn metrics(State(web): State<Web>) -> Response {
    let Some(recorder) = crate::telemetry::recorder() else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "No metrics in this process.\n",
        )
            .into_response();
    };
    let status = status_now(&web).await;
    gauge(
        "gipf_database_up",
        "Whether the database answered the scrape within a second",
        f64::from(u8::from(status.is_ok())),
    );
    if let Ok(status) = &status {
        let held = [
            (
                "gipf_outbox_unsent",
                "Messages owed and not posted yet",
                status.unsent,
            ),
            (
                "gipf_games_running",
                "Games being played",
                status.games_running,
            ),
            (
                "gipf_engine_requests_waiting",
                "Engine turns no living process searches yet",
                status.engine_waiting,
            ),
            (
                "gipf_processes_living",
                "Processes alive on the database",
                status.processes.len() as i64,
            ),
        ];
        for (name, help, value) in held {
            gauge(name, help, value as f64);
        }
    }
    this_process(&web);
    recorder.run_upkeep();
    let headers = [
        (header::CONTENT_TYPE, "text/plain; version=0.0.4"),
        (header::CACHE_CONTROL, "no-store"),
    ];
    (headers, recorder.render()).into_response()
}

/// Sets the gauges of what this process holds now: its searches, its pages waiting, its
/// name and its shards.
fn this_process(web: &Web) {
    let (searching, queued) = web.service.engine_load();
    gauge(
        "gipf_engine_searching",
        "Searches under way in this process",
        searching as f64,
    );
    gauge(
        "gipf_engine_queue",
        "Searches waiting for a searcher in this process",
        queued as f64,
    );
    gauge(
        "gipf_pages_waiting",
        "Web pages waiting for the pages' workers in this process",
        web.service.pages_waiting() as f64,
    );
    metrics::describe_gauge!("gipf_process_info", "This process, by name");
    metrics::gauge!("gipf_process_info", "process" => web.service.config().instance.clone())
        .set(1.0);
    metrics::describe_gauge!(
        "gipf_shard_connected",
        "Whether each shard's gateway is connected"
    );
    for (shard, stage) in web.gateways.stages() {
        let connected = f64::from(u8::from(stage == crate::gateways::CONNECTED));
        metrics::gauge!("gipf_shard_connected", "shard" => shard.to_string()).set(connected);
    }
}
