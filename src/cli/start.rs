//! Starting the bot: on Discord (`run`, the default), or in the terminal (`console`).

use std::path::PathBuf;

use anyhow::Context;
use clap::Parser;

use super::settings::{RunArgs, Settings};
use crate::console::Console;

/// `run` with its settings from the environment alone (when no command is given).
#[derive(Parser, Debug)]
struct RunOnly {
    #[command(flatten)]
    args: RunArgs,
}

impl RunArgs {
    /// Connects to Discord and serves until Ctrl-C or SIGTERM.
    pub fn run(self) -> anyhow::Result<()> {
        let settings = crate::discord::Settings {
            token: self.token.unwrap_or_default(),
            database: self.settings.database()?,
            config: crate::service::Config {
                instance: self.instance.name(),
                deadline_watch_every: std::time::Duration::from_millis(self.watch_every_ms),
                web_base_url: self.web.base_url(),
                ..self.settings.config()
            },
            web_bind: self.web.bind(),
            dev_guild: self.dev_guild.and_then(|id| id.0),
            api_proxy: self.api_proxy.and_then(|url| url.0),
            shards: self.shards,
        };
        let runtime = crate::discord::runtime().context("cannot start the async runtime")?;
        runtime.block_on(crate::discord::run(
            settings,
            crate::discord::shutdown_signal(),
        ))
    }
}

/// `gipf-bot` with no command: `run`, its settings from the environment or `.env` alone (a
/// setting there that does not parse ends the program with clap's answer).
pub fn run_from_environment() -> anyhow::Result<()> {
    match RunOnly::try_parse_from(["gipf-bot"]) {
        Ok(only) => only.args.run(),
        Err(e) => e.exit(),
    }
}

/// `gipf-bot console`'s flags: the settings, and where board pictures go.
#[derive(clap::Args, Debug)]
pub struct ConsoleArgs {
    #[command(flatten)]
    settings: Settings,
    /// Where board pictures are written.
    #[arg(long, default_value = "boards")]
    boards: PathBuf,
}

impl ConsoleArgs {
    /// Plays the lines of standard input until its end, answering on standard output.
    pub fn run(self) -> anyhow::Result<()> {
        let service = std::sync::Arc::new(self.settings.service()?);
        let mut console = Console::new(&self.boards)?;
        console.run(&service, std::io::stdin().lock(), std::io::stdout().lock())
    }
}
