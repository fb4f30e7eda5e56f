//! The operator's metrics (`/metrics`, issue 42): what the bot counts and times as it works,
//! through the `metrics` facade, rendered in Prometheus's text format by the exporter's
//! recorder, installed once a process. What the database knows (messages unsent, games
//! running) is read at each scrape instead (see `web/operator.rs`).

use std::sync::OnceLock;
use std::time::Duration;

use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

use crate::command::Family;

/// Commands run, by family.
pub const COMMANDS: &str = "gipf_commands_total";
/// Turns stored (typed, prepared or the engine's).
pub const TURNS: &str = "gipf_turns_stored_total";
/// From a message's arrival to its replies delivered, in seconds.
pub const REPLY_SECONDS: &str = "gipf_reply_seconds";
/// One search of the engine, in seconds.
pub const SEARCH_SECONDS: &str = "gipf_engine_search_seconds";

/// The buckets of the reply latency: a turn answers in milliseconds, an engine's in seconds.
const REPLY_BUCKETS: [f64; 12] = [
    0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 10.0,
];
/// The buckets of a search: its levels think from a few milliseconds to half a minute.
const SEARCH_BUCKETS: [f64; 10] = [0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0];

/// How often the recorder folds what was timed into its buckets, scraped or not (so that
/// nothing grows between scrapes).
const UPKEEP: Duration = Duration::from_secs(5);

static HANDLE: OnceLock<Option<PrometheusHandle>> = OnceLock::new();

/// The process's recorder, installed on the first call (`None` if another recorder was
/// installed first: then nothing is rendered here).
pub fn recorder() -> Option<&'static PrometheusHandle> {
    HANDLE.get_or_init(install).as_ref()
}

fn install() -> Option<PrometheusHandle> {
    let builder = PrometheusBuilder::new()
        .set_buckets_for_metric(Matcher::Full(REPLY_SECONDS.into()), &REPLY_BUCKETS)
        .and_then(|b| {
            b.set_buckets_for_metric(Matcher::Full(SEARCH_SECONDS.into()), &SEARCH_BUCKETS)
        });
    let handle = match builder.and_then(PrometheusBuilder::install_recorder) {
        Ok(handle) => handle,
        Err(e) => {
            tracing::warn!(error = %e, "cannot install the metrics recorder: /metrics stays empty");
            return None;
        }
    };
    describe();
    let upkeep = handle.clone();
    let started = std::thread::Builder::new()
        .name("metrics upkeep".into())
        .spawn(move || {
            loop {
                std::thread::sleep(UPKEEP);
                upkeep.run_upkeep();
            }
        });
    if let Err(e) = started {
        tracing::warn!(error = %e, "cannot start the metrics upkeep: they are folded at each scrape");
    }
    Some(handle)
}

/// Says what each metric is, and counts every family from zero (a rate needs its start).
fn describe() {
    metrics::describe_counter!(COMMANDS, "Commands run, by family");
    metrics::describe_counter!(TURNS, "Turns stored");
    metrics::describe_histogram!(
        REPLY_SECONDS,
        metrics::Unit::Seconds,
        "From a message's arrival to its replies delivered"
    );
    metrics::describe_histogram!(SEARCH_SECONDS, metrics::Unit::Seconds, "One engine search");
    for family in Family::ALL {
        metrics::counter!(COMMANDS, "family" => family.name()).absolute(0);
    }
    metrics::counter!(TURNS).absolute(0);
}

/// Counts a command of `family`.
pub fn command(family: Family) {
    metrics::counter!(COMMANDS, "family" => family.name()).increment(1);
}

/// Counts `turns` stored.
pub fn turns_stored(turns: usize) {
    metrics::counter!(TURNS).increment(turns as u64);
}

/// Times a message's answer, from its arrival.
pub fn replied(took: Duration) {
    metrics::histogram!(REPLY_SECONDS).record(took.as_secs_f64());
}

/// Times a search of the engine.
pub fn searched(took: Duration) {
    metrics::histogram!(SEARCH_SECONDS).record(took.as_secs_f64());
}

/// Sets a gauge read at the scrape (`name`, with its `help`).
pub fn gauge(name: &'static str, help: &'static str, value: f64) {
    metrics::describe_gauge!(name, help);
    metrics::gauge!(name).set(value);
}
