//! The failures that the watch, the outbox and the engine's work meet and go on from, each
//! logged: but a database that does not answer only once (the log says so when it stops
//! answering, and once when it answers again), not at every tick until it is back.

use crate::store::Fault;

/// Logs that `what` failed with `e`, unless that is the database not answering.
pub(super) fn log_failed(what: &str, e: &anyhow::Error) {
    if Fault::of(e) != Some(Fault::NotAnswering) {
        tracing::error!(error = %format!("{e:#}"), "{what}");
    }
}
