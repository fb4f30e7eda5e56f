//! The `gipf-bot` binary: a thin command line over the library. It parses the flags and
//! hands each command to its room in [`gipf_bot::cli`].

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use gipf_bot::cli::database::{BackupArgs, CopyArgs, DoctorArgs, ExportArgs};
use gipf_bot::cli::engine::{BenchArgs, GenerateArgs, PerftArgs, SelfplayArgs};
use gipf_bot::cli::records::{RenderArgs, ReplayArgs, ThinkArgs};
use gipf_bot::cli::settings::RunArgs;
use gipf_bot::cli::start::{ConsoleArgs, run_from_environment};
use gipf_bot::cli::status::StatusArgs;
use gipf_bot::cli::web::WebServeArgs;
use gipf_bot::cli::worker::EngineWorkerArgs;

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
    /// Connect to Discord and serve (the default). Needs DISCORD_TOKEN; stops cleanly on
    /// Ctrl-C or SIGTERM after answering the commands in flight.
    Run(RunArgs),
    /// Play in the terminal: each input line is `<user>: <message>` (mentions as `@name`),
    /// replies are printed as `bot: ...`, board pictures saved to a folder. Reads until EOF,
    /// so a game can be scripted: `printf 'alice: !challenge @bob\n' | gipf-bot console`.
    /// `@gipf-bot` is the bot itself: challenge it to play its engine.
    Console(ConsoleArgs),
    /// Serve the engine's work (its turns, analyses) for the bots sharing a PostgreSQL
    /// database, with no Discord connection: each searcher claims a request no living process
    /// searches, plays or stores it as a bot would, and leaves its messages for the bots to
    /// post. Add workers, on any machine, to add engine capacity. Stops on Ctrl-C or SIGTERM
    /// after the searches under way. Example: `gipf-bot engine-worker --database-url
    /// postgres://gipf:secret@10.0.0.5:5432/gipf --engine-threads 8`.
    EngineWorker(EngineWorkerArgs),
    /// Check a game record (header lines like `[Variant "standard"]`, then one turn per
    /// line in the official notation) and print the final state as JSON. Exits non-zero
    /// with the line number and the reason on an illegal turn.
    Replay(ReplayArgs),
    /// Draw the board after a ply of a game record as a PNG picture, that ply's turn
    /// highlighted; or with --animate the whole game as an animated GIF.
    Render(RenderArgs),
    /// Copy the database to a new SQLite file OUT, only reading it: SQLite's online backup,
    /// safe while the bot runs (copying the file of a live database is not a backup); a
    /// PostgreSQL database is copied table by table, on one snapshot, into this release's
    /// schema.
    Backup(BackupArgs),
    /// Copy every table, id and sequence of one database into another, empty one: from a
    /// SQLite file to PostgreSQL to grow past one process, or back. The source is only read
    /// (never migrated); the copy ends at this release's schema. Example: `gipf-bot copy-db --from gipf.db --to
    /// postgres://gipf:secret@127.0.0.1:5432/gipf`.
    CopyDb(CopyArgs),
    /// Check a database before and after an upgrade: replay every stored game, on a copy
    /// brought to this release's schema (the database itself is only read, never migrated),
    /// and list each one that cannot be read with its number, channel, turn and reason. Exits
    /// 1 if any game is damaged.
    Doctor(DoctorArgs),
    /// What the processes sharing the database are doing: each living one (its name, shards,
    /// since when, its last renewal), who keeps the watch, the messages owed and not posted,
    /// the engine's requests waiting and being searched, the games running. Only reads.
    Status(StatusArgs),
    /// Serve the game pages alone, from the database (WEB_BIND, like 127.0.0.1:8080): each
    /// game of a channel every member of its server may read has a page at an address
    /// nobody can guess; `run` serves them too when WEB_BIND is set.
    Web(WebServeArgs),
    /// Write the records of the games in the database, one `.gipf` file each (with a header:
    /// players, date, result), into the folder given with -o. The database is only read,
    /// through a copy, as `doctor` reads it.
    Export(ExportArgs),
    /// The engine's next complete turn for the player to move in a record (as `replay` reads
    /// it): prints one line, the turn in the official notation with its ` (n)`. Exits 1 with
    /// the reason if the game is over or the record is invalid. Answers within its time plus
    /// 100 ms.
    Think(ThinkArgs),
    /// Play the engine against itself and print the score of the first player (--white; the
    /// colours alternate from game to game) with a 95% interval, game lengths, unfinished
    /// games and time per turn.
    Selfplay(SelfplayArgs),
    /// The engine's speed on fixed positions at a fixed depth: nodes and nodes per second, a
    /// number to compare builds by.
    Bench(BenchArgs),
    /// Puzzles for `!puzzle`, mined from the engine's own games.
    Puzzles {
        #[command(subcommand)]
        action: PuzzlesCommand,
    },
    /// Count the leaves of the game tree DEPTH complete turns deep from the start.
    Perft(PerftArgs),
}

/// What to do with puzzles.
#[derive(Subcommand, Debug)]
enum PuzzlesCommand {
    /// Play the engine against itself (level easy on both sides) and keep the positions
    /// where exactly one turn reaches the goal: wins at once, or captures the most pieces
    /// with no equal alternative (a capture the engine would not play, two turns deep, is
    /// left out as a trap). Each puzzle is a `.gipf` record of the game up to the position,
    /// with `[Puzzle "win"|"capture N"]` and `[Solution "<turn>"]` headers.
    Generate(GenerateArgs),
}

/// Runs a command of the command line (none: `run`).
fn execute(command: Option<Command>) -> anyhow::Result<()> {
    match command {
        None => run_from_environment(),
        Some(Command::Run(args)) => args.run(),
        Some(Command::Console(args)) => args.run(),
        Some(Command::EngineWorker(args)) => args.run(),
        Some(Command::Replay(args)) => args.run(),
        Some(Command::Render(args)) => args.run(),
        Some(Command::Backup(args)) => args.run(),
        Some(Command::CopyDb(args)) => args.run(),
        Some(Command::Doctor(args)) => args.run(),
        Some(Command::Export(args)) => args.run(),
        Some(Command::Status(args)) => args.run(),
        Some(Command::Web(args)) => args.run(),
        Some(Command::Think(args)) => args.run(),
        Some(Command::Selfplay(args)) => args.run(),
        Some(Command::Bench(args)) => args.run(),
        Some(Command::Puzzles {
            action: PuzzlesCommand::Generate(args),
        }) => args.run(),
        Some(Command::Perft(args)) => args.run(),
    }
}

fn main() -> ExitCode {
    // A missing .env is fine: settings may come from the environment or the command line.
    let _ = dotenvy::dotenv();
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("LOG_LEVEL")
                // The migration library's line for each copy a tool reads is not news.
                .unwrap_or_else(|_| {
                    tracing_subscriber::EnvFilter::new("info,rusqlite_migration=warn")
                }),
        )
        .with_writer(std::io::stderr)
        // Colour codes only for a person at a terminal, never in a log file or a pipe.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    match execute(cli.command) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gipf-bot: {e:#}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_commands_help_lists_only_the_flags_it_uses() {
        use clap::CommandFactory;
        let help = |name: &str| {
            let mut cli = Cli::command();
            let command = cli.find_subcommand_mut(name).unwrap();
            command.render_long_help().to_string()
        };
        let bot_only = [
            "--token",
            "--shards",
            "--dev-guild",
            "--api-proxy",
            "--watch-every-ms",
        ];
        let play = ["--prefix", "--challenge-ttl-hours", "--abandon-after-days"];
        let run = help("run");
        for flag in bot_only.iter().chain(&play).chain(&["--instance", "--db"]) {
            assert!(run.contains(flag), "run: {flag}");
        }
        let worker = help("engine-worker");
        for flag in bot_only.iter().chain(&play) {
            assert!(!worker.contains(flag), "engine-worker: {flag}\n{worker}");
        }
        for flag in [
            "--instance",
            "--engine-threads",
            "--worker-threads",
            "--poll-ms",
            "--db",
        ] {
            assert!(worker.contains(flag), "engine-worker: {flag}");
        }
        let console = help("console");
        for flag in bot_only.iter().chain(&["--instance"]) {
            assert!(!console.contains(flag), "console: {flag}\n{console}");
        }
        let web = help("web");
        for flag in bot_only.iter().chain(&play).chain(&["--instance"]) {
            assert!(!web.contains(flag), "web: {flag}\n{web}");
        }
        assert!(
            web.contains("--web-bind") && web.contains("--web-base-url") && web.contains("--db")
        );
        assert!(run.contains("--web-bind") && !console.contains("--web-bind"));
        for tool in ["doctor", "export", "backup", "status"] {
            let said = help(tool);
            assert!(
                said.contains("--db") && said.contains("--database-url"),
                "{tool}"
            );
            assert!(
                !said.contains("--prefix") && !said.contains("--engine-threads"),
                "{tool}"
            );
            assert!(
                !said.contains("database file (created if missing)"),
                "{tool}"
            );
        }
    }

    #[test]
    fn every_command_parses_its_flags() {
        for line in [
            "gipf-bot run --token=x --dev-guild=",
            "gipf-bot replay --variant basic+0/+3 --potentials ZYD:3 -",
            "gipf-bot think --variant ultimate --level hard",
            "gipf-bot selfplay --white hard --black easy --games 2 --variant ultimate",
            "gipf-bot selfplay --white d2~200 --black reference --games 2 --change first.tempo=20",
            "gipf-bot puzzles generate -o out --potentials Z3,D3",
            "gipf-bot perft 2",
        ] {
            let parsed = Cli::try_parse_from(line.split_whitespace());
            assert!(parsed.is_ok(), "{line}: {parsed:?}");
        }
        for (line, answer) in [
            ("gipf-bot replay --variant chess", ", or `ultimate`"),
            ("gipf-bot perft --potentials Z:2 1", "0, or 3 to 6"),
            (
                "gipf-bot selfplay --white d2 --black 5s --games 2",
                "is not a player",
            ),
        ] {
            let error = Cli::try_parse_from(line.split_whitespace()).unwrap_err();
            assert!(error.to_string().contains(answer), "{line}: {error}");
        }
    }
}
