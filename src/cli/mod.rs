//! The command line's work, a room per family of tools: starting the bot ([`start`]) with
//! its settings ([`settings`]), the record tools ([`records`]), the database tools
//! ([`database`], [`status`]), the engine's tools ([`engine`]), the engine worker ([`worker`]) and the web pages ([`web`]). The binary only parses flags and
//! hands each command to its room.

pub mod database;
pub mod engine;
pub mod records;
pub mod settings;
pub mod start;
pub mod status;
pub mod web;
pub mod worker;

use std::io::Read;
use std::path::Path;

use anyhow::Context;

/// The text of `file`, or of standard input for `-` or no file.
fn read_input(file: Option<&Path>) -> anyhow::Result<String> {
    match file {
        Some(path) if path.as_os_str() != "-" => {
            std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))
        }
        _ => {
            let mut text = String::new();
            std::io::stdin()
                .read_to_string(&mut text)
                .context("cannot read standard input")?;
            Ok(text)
        }
    }
}
