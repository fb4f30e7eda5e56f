//! The `gipf-bot` binary: a thin command line over the library.

use std::io::Read;
use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::Context;
use clap::{Parser, Subcommand};
use gipf::Position;
use gipf_ai::selfplay::{MatchSettings, play_match_with};
use gipf_ai::{Engine, Level, Request};
use gipf_bot::console::Console;
use gipf_bot::model::GameSpec;
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
    /// Connect to Discord and serve (the default). Needs DISCORD_TOKEN; stops cleanly on
    /// Ctrl-C or SIGTERM after answering the commands in flight.
    Run(RunArgs),
    /// Play in the terminal: each input line is `<user>: <message>` (mentions as `@name`),
    /// replies are printed as `bot: ...`, board pictures saved to a folder. Reads until EOF,
    /// so a game can be scripted: `printf 'alice: !challenge @bob\n' | gipf-bot console`.
    /// `@gipf-bot` is the bot itself: challenge it to play its engine.
    Console {
        #[command(flatten)]
        settings: Settings,
        /// Where board pictures are written.
        #[arg(long, default_value = "boards")]
        boards: PathBuf,
    },
    /// Check a game record (header lines like `[Variant "standard"]`, then one turn per
    /// line in the official notation) and print the final state as JSON. Exits non-zero
    /// with the line number and the reason on an illegal turn.
    Replay {
        /// basic (basic+N, basic+W/+B for extra pieces), standard, tournament or ultimate.
        /// Default: the record header's Variant, else tournament.
        #[arg(long, value_parser = record::game_name)]
        variant: Option<String>,
        /// The potentials of both players, as the header's Potentials writes them
        /// (`W:T3,Z3 B:Z4,P3`, or one list for both, `Z3,D3`) or as the challenge option
        /// (`ZYD:3`, `TZDYP:3/none`). Default: the header's, else none.
        #[arg(long, value_parser = record::potentials_spec)]
        potentials: Option<String>,
        /// The record; `-` or nothing reads standard input.
        file: Option<PathBuf>,
    },
    /// Draw the board after a ply of a game record as a PNG picture, that ply's turn
    /// highlighted; or with --animate the whole game as an animated GIF.
    Render {
        /// basic (basic+N, basic+W/+B for extra pieces), standard, tournament or ultimate.
        /// Default: the record header's Variant, else tournament.
        #[arg(long, value_parser = record::game_name)]
        variant: Option<String>,
        /// The potentials of both players, as for `replay`. Default: the header's, else none.
        #[arg(long, value_parser = record::potentials_spec)]
        potentials: Option<String>,
        /// Show the position after this many turns (default: the end of the record).
        #[arg(long, conflicts_with = "animate")]
        ply: Option<usize>,
        /// Write the whole game as an animated GIF: one picture per turn, the end held.
        #[arg(long)]
        animate: bool,
        /// Draw the board from Black's side (the still picture or every frame of --animate).
        #[arg(long)]
        black_side: bool,
        /// The record; `-` reads standard input.
        file: PathBuf,
        /// Where to write the PNG.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Copy the database to a new file OUT with SQLite's online backup: safe while the bot
    /// runs (copying the file of a live database is not a backup).
    Backup {
        /// The database to back up.
        #[arg(long = "db", env = "DATABASE_PATH", default_value = DEFAULT_DATABASE, value_parser = database_path)]
        database: PathBuf,
        /// The new file to write (it must not exist yet).
        out: PathBuf,
    },
    /// Check a database before and after an upgrade: replay every stored game, on a copy (the
    /// database itself is not touched, not even migrated), and list each one that cannot be
    /// read with its number, channel, turn and reason. Exits 1 if any game is damaged.
    Doctor {
        /// The database to check.
        #[arg(long = "db", env = "DATABASE_PATH", default_value = DEFAULT_DATABASE, value_parser = database_path)]
        database: PathBuf,
    },
    /// Write the records of the games in the database, one `.gipf` file each (with a header:
    /// players, date, result), into the folder given with -o.
    Export {
        /// The database to read.
        #[arg(long = "db", env = "DATABASE_PATH", default_value = DEFAULT_DATABASE, value_parser = database_path)]
        database: PathBuf,
        /// Only this game (its number, as `!games` lists it).
        #[arg(long)]
        game: Option<i64>,
        /// The folder to write the records into (created if missing).
        #[arg(short, long)]
        output: PathBuf,
    },
    /// The engine's next complete turn for the player to move in a record (as `replay` reads
    /// it): prints one line, the turn in the official notation with its ` (n)`. Exits 1 with
    /// the reason if the game is over or the record is invalid. Answers within its time plus
    /// 100 ms.
    Think {
        /// basic, standard, tournament or ultimate. Default: the record header's Variant,
        /// else tournament.
        #[arg(long, value_parser = record::game_name)]
        variant: Option<String>,
        /// The potentials of both players, as for `replay`. Default: the record header's
        /// Potentials, else none.
        #[arg(long, value_parser = record::potentials_spec)]
        potentials: Option<String>,
        /// beginner (one turn ahead, many mistakes), easy (about 50 ms, with noise), medium
        /// (0.3 s) or hard (2 s); medium if neither this nor --time-ms is given.
        #[arg(long, conflicts_with = "time_ms")]
        level: Option<Level>,
        /// Think this many milliseconds at full strength.
        #[arg(long)]
        time_ms: Option<u64>,
        /// Seeds the noise of the easy level: the same seed, the same turn.
        #[arg(long, default_value = "0")]
        seed: u64,
        /// The record; `-` or nothing reads standard input.
        file: Option<PathBuf>,
    },
    /// Play the engine against itself and print the score of the first player (--white; the
    /// colours alternate from game to game) with a 95% interval, game lengths, unfinished
    /// games and time per turn.
    Selfplay {
        /// The first player's level.
        #[arg(long)]
        white: Level,
        /// The second player's level.
        #[arg(long)]
        black: Level,
        /// How many games (an even number plays each opening with both colours).
        #[arg(long)]
        games: u32,
        /// Seeds the openings (a few random turns) and the noise.
        #[arg(long, default_value = "1")]
        seed: u64,
        /// A game still on after this many turns counts as unfinished (half a point).
        #[arg(long, default_value = "300")]
        max_plies: u16,
        /// basic, standard, tournament or ultimate.
        #[arg(long, default_value = "standard", value_parser = record::game_name)]
        variant: String,
        /// The potentials of both players, as for `replay` (not with ultimate, whose supply
        /// is fixed).
        #[arg(long, value_parser = record::potentials_spec)]
        potentials: Option<String>,
    },
    /// The engine's speed on fixed positions at a fixed depth: nodes and nodes per second, a
    /// number to compare builds by.
    Bench {
        /// How many turns deep.
        #[arg(long, default_value = "3")]
        depth: u32,
    },
    /// Puzzles for `!puzzle`, mined from the engine's own games.
    Puzzles {
        #[command(subcommand)]
        action: PuzzlesCommand,
    },
    /// Count the leaves of the game tree DEPTH complete turns deep from the start.
    Perft {
        /// basic, standard, tournament or ultimate.
        #[arg(long, default_value = "tournament", value_parser = record::game_name)]
        variant: String,
        /// The potentials of both players, as for `replay` (not with ultimate, whose supply
        /// is fixed).
        #[arg(long, value_parser = record::potentials_spec)]
        potentials: Option<String>,
        /// How many turns deep.
        depth: u32,
    },
}

/// What to do with puzzles.
#[derive(Subcommand, Debug)]
enum PuzzlesCommand {
    /// Play the engine against itself (level easy on both sides) and keep the positions
    /// where exactly one turn reaches the goal: wins at once, or captures the most pieces
    /// with no equal alternative (a capture the engine would not play, two turns deep, is
    /// left out as a trap). Each puzzle is a `.gipf` record of the game up to the position,
    /// with `[Puzzle "win"|"capture N"]` and `[Solution "<turn>"]` headers.
    Generate {
        /// How many puzzles.
        #[arg(short = 'n', long, default_value = "20")]
        count: usize,
        /// The folder to write them into (created if missing), `puzzle-0001.gipf` onwards.
        #[arg(short, long)]
        output: PathBuf,
        /// basic, standard, tournament or ultimate.
        #[arg(long, default_value = "standard", value_parser = record::game_name)]
        variant: String,
        /// The potentials of both players, as for `replay`.
        #[arg(long, value_parser = record::potentials_spec)]
        potentials: Option<String>,
        /// Seeds the games: the same seed, the same puzzles.
        #[arg(long, default_value = "1")]
        seed: u64,
    },
}

/// The Discord bot's settings; each also comes from the environment or `.env`.
#[derive(clap::Args, Debug)]
struct RunArgs {
    #[command(flatten)]
    settings: Settings,
    /// The bot token (Developer Portal → your application → Bot → Reset Token).
    #[arg(long, env = "DISCORD_TOKEN", hide_env_values = true)]
    token: Option<String>,
    /// Register the slash commands in this server only (instantly) instead of globally
    /// (which can take up to an hour to show).
    #[arg(long, env = "DEV_GUILD_ID", value_parser = server_id)]
    dev_guild: Option<Blankable<u64>>,
    /// Send all Discord REST calls to this base URL (`http://host:port`), rate limiter off;
    /// the gateway URL is then asked from it too. For tests and proxies.
    #[arg(long, env = "DISCORD_API_PROXY", value_parser = proxy_url)]
    api_proxy: Option<Blankable<String>>,
    /// The shards this process runs: `auto` (as many as Discord recommends, all in this
    /// process) or `first-last/total`, like `0-1/4`, to share the servers between processes.
    #[arg(long, env = "SHARDS", default_value = "auto")]
    shards: gipf_bot::discord::Shards,
}

/// A setting that `.env` may leave blank (as `.env.example` does): blank means "not set".
#[derive(Clone, Debug)]
struct Blankable<T>(Option<T>);

fn server_id(text: &str) -> Result<Blankable<u64>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Blankable(None));
    }
    match text.parse::<u64>() {
        Ok(id) if id > 0 => Ok(Blankable(Some(id))),
        _ => Err(format!(
            "`{text}` is not a server id: turn on Developer Mode in Discord, right-click the server and Copy Server ID"
        )),
    }
}

fn proxy_url(text: &str) -> Result<Blankable<String>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Blankable(None));
    }
    if !(text.starts_with("http://") || text.starts_with("https://")) {
        return Err(format!(
            "`{text}` is not a base URL: write it like http://127.0.0.1:8080"
        ));
    }
    Ok(Blankable(Some(text.to_string())))
}

/// The database file; blank means the default.
fn database_path(text: &str) -> Result<PathBuf, String> {
    Ok(PathBuf::from(match text.trim() {
        "" => DEFAULT_DATABASE,
        path => path,
    }))
}

/// The command prefix: short, no spaces; blank means the default.
fn command_prefix(text: &str) -> Result<String, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(DEFAULT_PREFIX.into());
    }
    if text.chars().any(char::is_whitespace) || text.chars().count() > 8 {
        return Err(format!(
            "`{text}` cannot be a command prefix: use up to 8 characters without spaces, like `!`"
        ));
    }
    Ok(text.to_string())
}

/// Hours a challenge stays open: 1 to 8760 (a year); blank means the default.
fn challenge_hours(text: &str) -> Result<u64, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(DEFAULT_CHALLENGE_HOURS);
    }
    match text.parse::<u64>() {
        Ok(hours @ 1..=8760) => Ok(hours),
        _ => Err(format!("`{text}` is not a number of hours from 1 to 8760")),
    }
}

/// Days without a move before a game ends as abandoned: 1 to 3650; blank means the default.
fn abandon_days(text: &str) -> Result<u64, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(DEFAULT_ABANDON_DAYS);
    }
    match text.parse::<u64>() {
        Ok(days @ 1..=3650) => Ok(days),
        _ => Err(format!("`{text}` is not a number of days from 1 to 3650")),
    }
}

const DEFAULT_DATABASE: &str = "gipf.db";
const DEFAULT_ABANDON_DAYS: u64 = 30;
const DEFAULT_PREFIX: &str = "!";
const DEFAULT_CHALLENGE_HOURS: u64 = 24;

/// `run` with its settings from the environment alone (when no command is given).
#[derive(Parser, Debug)]
struct RunOnly {
    #[command(flatten)]
    args: RunArgs,
}

impl RunArgs {
    fn run(self) -> anyhow::Result<()> {
        let settings = gipf_bot::discord::Settings {
            token: self.token.unwrap_or_default(),
            database: self.settings.database.clone(),
            config: self.settings.config(),
            dev_guild: self.dev_guild.and_then(|id| id.0),
            api_proxy: self.api_proxy.and_then(|url| url.0),
            shards: self.shards,
        };
        let runtime = tokio::runtime::Runtime::new().context("cannot start the async runtime")?;
        runtime.block_on(gipf_bot::discord::run(
            settings,
            gipf_bot::discord::shutdown_signal(),
        ))
    }
}

/// Settings shared by the bot and the console; each also comes from the environment or `.env`.
#[derive(clap::Args, Debug)]
struct Settings {
    /// The SQLite database file (created if missing).
    #[arg(long = "db", env = "DATABASE_PATH", default_value = DEFAULT_DATABASE, value_parser = database_path)]
    database: PathBuf,
    /// What starts a command in chat (up to 8 characters, no spaces).
    #[arg(long, env = "COMMAND_PREFIX", default_value = DEFAULT_PREFIX, value_parser = command_prefix)]
    prefix: String,
    /// How many hours a challenge stays open (1 to 8760).
    #[arg(long, env = "CHALLENGE_TTL_HOURS", default_value = "24", value_parser = challenge_hours)]
    challenge_ttl_hours: u64,
    /// After how many days without a move a game ends as abandoned, freeing its channel
    /// (1 to 3650).
    #[arg(long, env = "ABANDON_AFTER_DAYS", default_value = "30", value_parser = abandon_days)]
    abandon_after_days: u64,
}

impl Settings {
    fn config(&self) -> Config {
        Config {
            prefix: self.prefix.clone(),
            challenge_ttl: std::time::Duration::from_secs(self.challenge_ttl_hours * 3600),
            abandon_after: std::time::Duration::from_secs(self.abandon_after_days * 86_400),
            ..Config::default()
        }
    }

    fn service(&self) -> anyhow::Result<Service> {
        Service::open(&self.database, self.config())
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

/// `gipf-bot think`: the engine's turn after a record.
fn think(
    text: &str,
    rules: GameSpec,
    level: Option<Level>,
    time_ms: Option<u64>,
    seed: u64,
) -> anyhow::Result<()> {
    let options = rules.options();
    let replay = record::replay(text, options)?;
    let request = match time_ms {
        Some(millis) => Request::millis(millis),
        None => Request::level(level.unwrap_or(Level::Medium)),
    };
    let mut engine = Engine::with_table_megabytes(64);
    let thought = engine.think_game(replay.last(), &request.with_seed(seed))?;
    println!("{}", record::turn_text(&options, &thought.turn, true));
    tracing::info!(
        reason = %thought.reason,
        depth = thought.depth,
        nodes = thought.nodes,
        ms = thought.elapsed.as_millis() as u64,
        "thought"
    );
    Ok(())
}

/// `gipf-bot export`: one record file per game.
fn export(
    database: &std::path::Path,
    game: Option<gipf_bot::model::GameId>,
    output: &std::path::Path,
) -> anyhow::Result<()> {
    if !database.exists() {
        anyhow::bail!("there is no database at {}", database.display());
    }
    let service = Service::open(database, Config::default())?;
    std::fs::create_dir_all(output)
        .with_context(|| format!("cannot create {}", output.display()))?;
    let records = service.records(game)?;
    let mut bar = gipf_bot::progress::Progress::new("exporting", records.len());
    for (n, (name, record)) in (1..).zip(&records) {
        let path = output.join(name);
        std::fs::write(&path, record.to_string())
            .with_context(|| format!("cannot write {}", path.display()))?;
        bar.set(n, name);
    }
    bar.finish();
    tracing::info!(games = records.len(), to = %output.display(), "exported");
    Ok(())
}

/// `gipf-bot puzzles generate`: mines `count` puzzles into `output`, with a progress bar.
fn generate_puzzles(
    rules: GameSpec,
    count: usize,
    output: &std::path::Path,
    seed: u64,
) -> anyhow::Result<()> {
    std::fs::create_dir_all(output)
        .with_context(|| format!("cannot create {}", output.display()))?;
    let started = std::time::Instant::now();
    let mut bar = gipf_bot::progress::Progress::new("mining puzzles", count);
    let (puzzles, stats) = gipf_ai::puzzles::mine(rules.options(), seed, count, |found, games| {
        bar.set(found, &format!("{games} games"))
    });
    bar.finish();
    for (n, puzzle) in (1..).zip(&puzzles) {
        let path = output.join(format!("puzzle-{n:04}.gipf"));
        std::fs::write(&path, puzzle.record())
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    let seconds = started.elapsed().as_secs_f64();
    let wins = (puzzles.iter())
        .filter(|p| p.goal == gipf_ai::puzzles::Goal::Win)
        .count();
    println!(
        "{} puzzles ({wins} to win, {} to capture) in {}, from {} games in {seconds:.0} s: {:.1} a minute.",
        puzzles.len(),
        puzzles.len() - wins,
        output.display(),
        stats.games,
        puzzles.len() as f64 * 60.0 / seconds.max(0.001),
    );
    println!(
        "{} candidates: {} with more than one solution, {} captures the search refuted.",
        stats.candidates, stats.not_unique, stats.refuted
    );
    Ok(())
}

/// `gipf-bot doctor`: replays every game of a copy of `database`; an error if any is damaged.
fn doctor(database: &std::path::Path) -> anyhow::Result<()> {
    if !database.exists() {
        anyhow::bail!("there is no database at {}", database.display());
    }
    let copy = std::env::temp_dir().join(format!("gipf-doctor-{}.db", std::process::id()));
    gipf_bot::store::backup(database, &copy)?;
    let checked = Service::open(&copy, Config::default()).and_then(|s| s.damaged_games());
    for leftover in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{leftover}", copy.display()));
    }
    let (games, damaged) = checked?;
    for game in &damaged {
        let place = match game.turn {
            Some(turn) => format!("turn {turn}"),
            None => "its stored state".into(),
        };
        println!(
            "game {}, channel {}, {place}: {}",
            game.id, game.channel.0, game.why
        );
    }
    match damaged.len() {
        0 => {
            println!("All {games} games replay.");
            Ok(())
        }
        n => anyhow::bail!("{n} of {games} games cannot be read"),
    }
}

/// Runs one of the engine's commands: `think`, `selfplay`, `bench`.
fn engine_tool(command: Command) -> anyhow::Result<()> {
    match command {
        Command::Think {
            variant,
            potentials,
            level,
            time_ms,
            seed,
            file,
        } => read_input(file.as_ref()).and_then(|text| {
            let rules = record::header(&text)?
                .rules(variant.as_deref(), potentials.as_deref())
                .map_err(anyhow::Error::msg)?;
            think(&text, rules, level, time_ms, seed)
        }),
        Command::Selfplay {
            white,
            black,
            games,
            seed,
            max_plies,
            variant,
            potentials,
        } => {
            let rules = record::Header::default()
                .rules(Some(&variant), potentials.as_deref())
                .map_err(anyhow::Error::msg)?;
            let start = MatchSettings::new(white.into(), black.into(), games, seed);
            let settings = MatchSettings {
                max_plies,
                options: rules.options(),
                ..start
            };
            let mut bar = gipf_bot::progress::Progress::new("self-play", games as usize);
            let mut points = 0.0;
            let report = play_match_with(&settings, |index, game| {
                points += game.first_points();
                bar.set(index + 1, &format!("first player {points:.1} points"));
            });
            bar.finish();
            println!("{report}");
            Ok(())
        }
        Command::Bench { depth } => {
            print!("{}", gipf_ai::bench::bench(depth));
            Ok(())
        }
        _ => Ok(()),
    }
}

/// `gipf-bot replay`: the final state of a record as JSON.
fn replay_json(
    text: &str,
    variant: Option<String>,
    potentials: Option<String>,
) -> anyhow::Result<String> {
    let rules = record::header(text)?
        .rules(variant.as_deref(), potentials.as_deref())
        .map_err(anyhow::Error::msg)?;
    let replay = record::replay(text, rules.options())?;
    Ok(serde_json::to_string(&record::StateJson::new(
        replay.last(),
    ))?)
}

/// `gipf-bot render`: a record's position after `ply` turns as a PNG, or the whole game as
/// a GIF.
fn render_file(
    text: &str,
    rules: GameSpec,
    ply: Option<usize>,
    animate: bool,
    black_side: bool,
) -> anyhow::Result<Vec<u8>> {
    let options = render::RenderOptions {
        black_side,
        ..render::RenderOptions::default()
    };
    if animate {
        render::animate_record(text, rules, &options)
    } else {
        render::render_record(text, rules, ply, &options)
    }
}

/// Runs a command of the command line (none: `run`).
fn execute(command: Option<Command>) -> anyhow::Result<()> {
    match command {
        Some(Command::Console { settings, boards }) => settings.service().and_then(|service| {
            let mut console = Console::new(&boards)?;
            console.run(&service, std::io::stdin().lock(), std::io::stdout().lock())
        }),
        Some(Command::Replay {
            variant,
            potentials,
            file,
        }) => read_input(file.as_ref()).and_then(|text| {
            println!("{}", replay_json(&text, variant, potentials)?);
            Ok(())
        }),
        Some(Command::Render {
            variant,
            potentials,
            ply,
            animate,
            black_side,
            file,
            output,
        }) => {
            let text = read_input(Some(&file))?;
            let rules = record::header(&text)?
                .rules(variant.as_deref(), potentials.as_deref())
                .map_err(anyhow::Error::msg)?;
            let picture = render_file(&text, rules, ply, animate, black_side)?;
            std::fs::write(&output, picture)
                .with_context(|| format!("cannot write {}", output.display()))
        }
        Some(Command::Export {
            database,
            game,
            output,
        }) => export(&database, game.map(gipf_bot::model::GameId), &output),
        Some(Command::Backup { database, out }) => gipf_bot::store::backup(&database, &out),
        Some(Command::Doctor { database }) => doctor(&database),
        Some(
            command @ (Command::Think { .. } | Command::Selfplay { .. } | Command::Bench { .. }),
        ) => engine_tool(command),
        Some(Command::Puzzles {
            action:
                PuzzlesCommand::Generate {
                    count,
                    output,
                    variant,
                    potentials,
                    seed,
                },
        }) => {
            let rules = record::Header::default()
                .rules(Some(&variant), potentials.as_deref())
                .map_err(anyhow::Error::msg)?;
            generate_puzzles(rules, count, &output, seed)
        }
        Some(Command::Perft {
            variant,
            potentials,
            depth,
        }) => {
            let rules = record::Header::default()
                .rules(Some(&variant), potentials.as_deref())
                .map_err(anyhow::Error::msg)?;
            let count = match rules {
                GameSpec::Plain(variant) => Position::new(variant).perft(depth),
                GameSpec::Potentials(options) => gipf::potentials::Game::new(options).perft(depth),
            };
            println!("{count}");
            Ok(())
        }
        Some(Command::Run(args)) => args.run(),
        None => match RunOnly::try_parse_from(["gipf-bot"]) {
            Ok(only) => only.args.run(),
            Err(e) => e.exit(),
        },
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
    fn blank_settings_from_env_example_mean_the_defaults() {
        assert!(server_id("").is_ok_and(|id| id.0.is_none()));
        assert!(server_id(" 42 ").is_ok_and(|id| id.0 == Some(42)));
        assert!(server_id("0").is_err() && server_id("abc").is_err());
        assert!(proxy_url("").is_ok_and(|url| url.0.is_none()));
        assert!(proxy_url("127.0.0.1:80").is_err());
        assert_eq!(
            database_path(" ").ok(),
            Some(PathBuf::from(DEFAULT_DATABASE))
        );
        assert_eq!(command_prefix("").ok().as_deref(), Some(DEFAULT_PREFIX));
        assert_eq!(command_prefix("gipf!").ok().as_deref(), Some("gipf!"));
        assert!(command_prefix("a b").is_err());
        assert_eq!(challenge_hours("").ok(), Some(DEFAULT_CHALLENGE_HOURS));
        assert!(challenge_hours("0").is_err() && challenge_hours("99999999999999").is_err());
        assert_eq!(abandon_days(" ").ok(), Some(DEFAULT_ABANDON_DAYS));
        assert!(abandon_days("0").is_err() && abandon_days("x").is_err());
    }

    #[test]
    fn every_setting_of_env_example_parses_as_written() {
        // The file as shipped, with a token filled in: every other line left as it is.
        let example = include_str!("../.env.example");
        let mut args = vec!["gipf-bot".to_string(), "run".to_string()];
        for line in example.lines().map(str::trim) {
            let Some((key, value)) = line.split_once('=').filter(|_| !line.starts_with('#')) else {
                continue;
            };
            let flag = match key {
                "DISCORD_TOKEN" => "--token",
                "DATABASE_PATH" => "--db",
                "COMMAND_PREFIX" => "--prefix",
                "CHALLENGE_TTL_HOURS" => "--challenge-ttl-hours",
                "ABANDON_AFTER_DAYS" => "--abandon-after-days",
                "DEV_GUILD_ID" => "--dev-guild",
                "DISCORD_API_PROXY" => "--api-proxy",
                "LOG_LEVEL" => continue,
                other => panic!("{other} in .env.example is not a setting"),
            };
            args.push(format!("{flag}={value}"));
        }
        let cli = Cli::try_parse_from(&args).unwrap_or_else(|e| panic!("{e}"));
        let Some(Command::Run(run)) = cli.command else {
            panic!("not run")
        };
        assert!(run.dev_guild.is_none_or(|id| id.0.is_none()));
        assert_eq!(run.settings.prefix, "!");
        assert_eq!(run.settings.challenge_ttl_hours, 24);
        assert_eq!(run.settings.abandon_after_days, 30);
    }
}
