//! The bot against the fake Discord of `tests/support`, offline, one test binary (its
//! support compiled once): each module a theme. Every step waits for the REST call it
//! expects; no sleeps.
#![allow(clippy::unwrap_used, clippy::expect_used, missing_docs)]

#[path = "../support/mod.rs"]
mod support;

mod clocks;
mod daily;
mod e2e;
mod engine;
mod faults;
mod handshake;
mod kill;
mod outbox;
mod outbox_ends;
mod outbox_events;
mod outbox_kinds;
mod outbox_links;
mod pages;
mod pictures;
mod play;
mod privacy;
mod processes;
mod rights;
mod secrets;
mod shards;
mod slash;
mod tournament;
mod workers;
