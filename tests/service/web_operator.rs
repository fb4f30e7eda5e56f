//! The operator's two paths: `/metrics` counts what the bot did (commands by family, turns
//! stored, reply latency) and says what the database and the process hold; `/healthz` says
//! each shard's gateway stage. The only test of this binary that scrapes `/metrics` (the
//! recorder is the process's: its gauges are set at the scrape).

use std::sync::Arc;

use axum::http::StatusCode;
use gipf_bot::gateways::Gateways;

use super::web::{get_beside, played};

/// The value of the sample `series` (name and labels, as written) in `metrics`.
fn sample(metrics: &str, series: &str) -> f64 {
    let line = (metrics.lines())
        .find(|line| {
            line.strip_prefix(series)
                .is_some_and(|rest| rest.starts_with(' '))
        })
        .unwrap_or_else(|| panic!("no {series} in\n{metrics}"));
    line[series.len()..].trim().parse().unwrap()
}

#[test]
fn metrics_count_commands_turns_and_replies_and_say_what_runs() {
    let table = played();
    let gateways = Arc::new(Gateways::default());
    gateways.heard(0, "connected");
    gateways.heard(1, "resuming");
    let scraped = get_beside(&table.service, gateways, "GET", "/metrics");
    assert_eq!(scraped.status, StatusCode::OK);
    assert_eq!(scraped.header("content-type"), "text/plain; version=0.0.4");
    let metrics = scraped.text();
    // Six turns were typed here (other tests of this process count too: at least).
    assert!(sample(&metrics, r#"gipf_commands_total{family="play"}"#) >= 6.0);
    assert!(sample(&metrics, "gipf_turns_stored_total") >= 6.0);
    assert!(sample(&metrics, r#"gipf_commands_total{family="puzzle"}"#) >= 0.0);
    assert!(sample(&metrics, "gipf_reply_seconds_count") >= 7.0);
    assert!(
        metrics.contains("# TYPE gipf_reply_seconds histogram"),
        "{metrics}"
    );
    let fast = sample(&metrics, r#"gipf_reply_seconds_bucket{le="10"}"#);
    assert!(fast >= 7.0 && fast <= sample(&metrics, "gipf_reply_seconds_count"));
    // Read from this table's database and process at the scrape.
    assert_eq!(sample(&metrics, "gipf_games_running"), 1.0);
    assert_eq!(sample(&metrics, "gipf_outbox_unsent"), 0.0);
    assert_eq!(sample(&metrics, "gipf_database_up"), 1.0);
    assert_eq!(sample(&metrics, "gipf_engine_queue"), 0.0);
    assert_eq!(sample(&metrics, "gipf_pages_waiting"), 0.0);
    let process = &table.service.config().instance;
    let info = format!(r#"gipf_process_info{{process="{process}"}}"#);
    assert_eq!(sample(&metrics, &info), 1.0);
    assert_eq!(sample(&metrics, r#"gipf_shard_connected{shard="0"}"#), 1.0);
    assert_eq!(sample(&metrics, r#"gipf_shard_connected{shard="1"}"#), 0.0);
    // HEAD answers too, without a body; nothing else does.
    let head = get_beside(&table.service, Arc::default(), "HEAD", "/metrics");
    assert_eq!((head.status, head.body.len()), (StatusCode::OK, 0));
    let post = get_beside(&table.service, Arc::default(), "POST", "/metrics");
    assert_eq!(post.status, StatusCode::METHOD_NOT_ALLOWED);
}

#[test]
fn the_health_probe_says_each_shards_gateway_stage() {
    let table = played();
    let gateways = Arc::new(Gateways::default());
    gateways.heard(0, "identifying");
    gateways.heard(0, "connected");
    gateways.heard(3, "resuming");
    let probed = get_beside(&table.service, gateways, "GET", "/healthz");
    assert_eq!(probed.status, StatusCode::OK);
    let said: serde_json::Value = serde_json::from_slice(&probed.body).unwrap();
    assert_eq!(
        said["shards"],
        serde_json::json!({"0": "connected", "3": "resuming"})
    );
    assert_eq!(said["process"], table.service.config().instance.as_str());
    // A process without Discord (`gipf-bot web`) has no shards to tell.
    let alone = get_beside(&table.service, Arc::default(), "GET", "/healthz");
    let said: serde_json::Value = serde_json::from_slice(&alone.body).unwrap();
    assert_eq!(said["shards"], serde_json::json!({}));
}
