//! Starting the bot: on Discord (`run`, the default), or in the terminal (`console`).

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::Context;
use clap::Parser;

use super::settings::{RunArgs, Settings};
use crate::console::Console;
use crate::service::Service;

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

/// `gipf-bot console`'s flags: the settings, where board pictures go, and where the
/// console's own game pages are served.
#[derive(clap::Args, Debug)]
pub struct ConsoleArgs {
    #[command(flatten)]
    settings: Settings,
    /// Where board pictures are written.
    #[arg(long, default_value = "boards")]
    boards: PathBuf,
    /// Serve the console's game pages on this address, like `127.0.0.1:8080`: each game's
    /// replies give its link (only this web server shows the console's games).
    #[arg(long, value_name = "ADDRESS")]
    web: Option<std::net::SocketAddr>,
}

impl ConsoleArgs {
    /// Plays the lines of standard input until its end, answering on standard output; with
    /// `--web`, its pages are served meanwhile, and after the end until Ctrl-C.
    pub fn run(self) -> anyhow::Result<()> {
        let config = crate::service::Config {
            web_base_url: self.web.map(|bind| format!("http://{bind}")),
            own_pages: self.web.map(|_| crate::console::CONSOLE_CHANNEL),
            ..self.settings.config()
        };
        let service = Arc::new(Service::open(self.settings.database()?, config)?);
        let pages = self
            .web
            .map(|bind| Pages::start(bind, Arc::clone(&service)));
        let pages = pages.transpose()?;
        let mut console = Console::new(&self.boards)?;
        console.run(&service, std::io::stdin().lock(), std::io::stdout().lock())?;
        if let Some(pages) = pages {
            pages.until_stopped()?;
        }
        Ok(())
    }
}

/// The console's own web server, on a thread and runtime of its own beside the console's.
struct Pages {
    bind: std::net::SocketAddr,
    serving: std::thread::JoinHandle<anyhow::Result<()>>,
}

impl Pages {
    /// Serves `service`'s pages on `bind` (the address taken now, so that a taken one is
    /// said at once) until Ctrl-C or SIGTERM.
    fn start(bind: std::net::SocketAddr, service: Arc<Service>) -> anyhow::Result<Pages> {
        let listener = std::net::TcpListener::bind(bind)
            .with_context(|| format!("cannot serve the console's pages on {bind} (--web)"))?;
        listener.set_nonblocking(true)?;
        let serving = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()?;
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener)?;
                let stop = crate::discord::shutdown_signal();
                crate::web::serve(listener, (service, Default::default()), stop).await?;
                Ok(())
            })
        });
        println!(
            "The games played here get pages on http://{bind}: each game's replies give its link."
        );
        Ok(Pages { bind, serving })
    }

    /// After the console's input ended: serves on until Ctrl-C or SIGTERM.
    fn until_stopped(self) -> anyhow::Result<()> {
        println!(
            "The input ended; the pages are still served on http://{}/ until Ctrl-C.",
            self.bind
        );
        match self.serving.join() {
            Ok(served) => served,
            Err(_) => anyhow::bail!("the console's web server stopped with a panic"),
        }
    }
}
