//! The `gipf-bot` binary: a thin command line over the library.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use gipf::{Position, Variant};
use gipf_bot::console::Console;
use gipf_bot::service::{Config, Service};
use gipf_bot::{record, render};

/// Play GIPF by correspondence on Discord, in a terminal, or check game records.
///
/// With no command, connects to Discord (see `run`).
#[derive(Parser, Debug)]
#[command(version, about, long_about)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Play in the terminal: each input line is `<user>: <message>` (mentions as `@name`),
    /// replies are printed as `bot: ...`, board pictures saved to a folder. Reads until EOF,
    /// so a game can be scripted: `printf 'alice: !challenge @bob\n' | gipf-bot console`.
    Console {
        #[command(flatten)]
        settings: Settings,
        /// Where board pictures are written.
        #[arg(long, default_value = "boards")]
        boards: PathBuf,
    },
    /// Check a game record (one turn per line, official notation) and print the final state
    /// as JSON. Exits non-zero with the line number and the reason on an illegal turn.
    Replay {
        /// basic (basic+N, basic+W/+B for extra pieces), standard or tournament.
        #[arg(long, default_value = "tournament")]
        variant: Variant,
        /// The record; `-` or nothing reads standard input.
        file: Option<PathBuf>,
    },
    /// Draw the board after a ply of a game record as a PNG picture, that ply's turn
    /// highlighted.
    Render {
        /// basic (basic+N, basic+W/+B for extra pieces), standard or tournament.
        #[arg(long, default_value = "tournament")]
        variant: Variant,
        /// Show the position after this many turns (default: the end of the record).
        #[arg(long)]
        ply: Option<usize>,
        /// Draw the board from Black's side.
        #[arg(long)]
        black_side: bool,
        /// The record; `-` reads standard input.
        file: PathBuf,
        /// Where to write the PNG.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Count the leaves of the game tree DEPTH complete turns deep from the start.
    Perft {
        /// basic, standard or tournament.
        #[arg(long, default_value = "tournament")]
        variant: Variant,
        /// How many turns deep.
        depth: u32,
    },
}

/// Settings shared by the bot and the console; each also comes from the environment or `.env`.
#[derive(clap::Args, Debug)]
struct Settings {
    /// The SQLite database file (created if missing).
    #[arg(long = "db", env = "DATABASE_PATH", default_value = "gipf.db")]
    database: PathBuf,
    /// What starts a command in chat.
    #[arg(long, env = "COMMAND_PREFIX", default_value = "!")]
    prefix: String,
    /// How many hours a challenge stays open.
    #[arg(long, env = "CHALLENGE_TTL_HOURS", default_value_t = 24)]
    challenge_ttl_hours: u64,
}

impl Settings {
    fn service(&self) -> anyhow::Result<Service> {
        let config = Config {
            prefix: self.prefix.clone(),
            challenge_ttl: std::time::Duration::from_secs(self.challenge_ttl_hours * 3600),
        };
        Service::open(&self.database, config)
    }
}

fn read_input(file: Option<&PathBuf>) -> anyhow::Result<String> {
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

fn main() -> ExitCode {
    // A missing .env is fine: settings may come from the environment or the command line.
    let _ = dotenvy::dotenv();
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("LOG_LEVEL")
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .init();
    let result = match cli.command {
        Some(Command::Console { settings, boards }) => settings.service().and_then(|service| {
            let mut console = Console::new(&boards)?;
            console.run(&service, std::io::stdin().lock(), std::io::stdout().lock())
        }),
        Some(Command::Replay { variant, file }) => read_input(file.as_ref()).and_then(|text| {
            let replay = record::replay(&text, variant)?;
            println!(
                "{}",
                serde_json::to_string(&record::StateJson::new(replay.last()))?
            );
            Ok(())
        }),
        Some(Command::Render {
            variant,
            ply,
            black_side,
            file,
            output,
        }) => read_input(Some(&file)).and_then(|text| {
            let options = render::RenderOptions { black_side };
            let png = render::render_record(&text, variant, ply, &options)?;
            std::fs::write(&output, png)
                .with_context(|| format!("cannot write {}", output.display()))
        }),
        Some(Command::Perft { variant, depth }) => {
            println!("{}", Position::new(variant).perft(depth));
            Ok(())
        }
        None => Err(anyhow::anyhow!("the Discord bot is not built yet")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gipf-bot: {e:#}");
            ExitCode::FAILURE
        }
    }
}
