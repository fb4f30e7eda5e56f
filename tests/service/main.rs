//! The game service end to end, over temporary SQLite files and the console: one test
//! binary (its support compiled once), a module a theme.
#![allow(clippy::unwrap_used, missing_docs)]

#[path = "../support/mod.rs"]
mod support;

mod analyses;
mod archive;
mod backup;
mod board_sides;
mod commands;
mod costs;
mod daily_puzzle;
mod damaged;
mod deadlines;
mod engine_games;
mod engine_pool;
mod engine_watch;
mod engine_workers;
mod games;
mod hostile;
mod lesson_refusals;
mod more_time;
mod newcomer;
mod operator;
mod outage;
mod own_hours;
mod pictures;
mod postgres;
mod potentials_games;
mod read_only_tools;
mod refusals;
mod sentences;
mod takebacks;
mod tournaments;
mod upgrade;
mod upkeep;
mod vacations;
mod web;
mod web_browser;
mod web_operator;
mod web_pages;
mod words;
