//! gipf-bot: play GIPF by correspondence in a Discord channel (or a terminal).
//!
//! A chat line becomes a [`command::Command`], the [`service`] plays it against the rules
//! crate [`gipf`] and the SQLite [`store`], and answers with a [`reply::Reply`]: a
//! [`text::Text`] that says what it means (names, pings, channels), and an optional board
//! picture from [`gipf_render`]. An adapter ([`console`] or [`discord`]) renders and delivers it.

pub mod cli;
pub mod command;
pub mod console;
pub mod cost;
pub mod defaults;
pub mod discord;
pub mod engine_pool;
pub mod gateways;
pub mod hours;
pub mod model;
pub mod move_clock;
pub mod progress;
pub mod record;
pub mod reply;
pub mod service;
pub mod sight;
pub mod store;
pub mod telemetry;
pub mod text;
pub mod vacation;
pub mod web;
pub mod workers;
