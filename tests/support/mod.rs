//! Shared support code for the integration tests.
//!
//! The two test binaries, `tests/service/` and `tests/discord/`, include it once each
//! (`#[path = "../support/mod.rs"] mod support;`); not every test uses every helper.
#![allow(dead_code, clippy::unwrap_used, missing_docs)]

pub mod bot;
pub mod chat;
pub mod clocked;
pub mod database;
pub mod fake_discord;
pub mod games;
pub mod pages;
pub mod pg_server;
pub mod pictures;
pub mod puzzles;
pub mod recorder;
pub mod table;
