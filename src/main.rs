//! The `gipf-bot` binary: a thin command line over the library.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use gipf::{Position, Variant};
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
    let cli = Cli::parse();
    let result = match cli.command {
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
