//! The bot's settings on the command line: each also comes from the environment or `.env`,
//! where a blank value means the default ([`defaults`]); each is checked as it is read, with a
//! clear answer.

use std::time::Duration;

use crate::defaults;
use crate::service::{Config, Service, machine_cores};
use crate::store::Database;

/// The database file unless told otherwise.
pub const DEFAULT_DATABASE: &str = "gipf.db";

/// Where the data lives: a SQLite file unless a PostgreSQL URL is given. Read by hand from
/// the environment (not by clap) so that a flag always wins over it: `--db old.db` reads
/// old.db even where `.env` sets DATABASE_URL.
#[derive(clap::Args, Debug)]
pub struct DatabaseArgs {
    /// The database: a SQLite file (a new one is created by the bot, never by the tools that
    /// read) or a postgres:// URL. From DATABASE_PATH if not given [default: gipf.db].
    #[arg(long = "db", value_name = "FILE|URL", value_parser = database_flag)]
    path: Option<Database>,
    /// A PostgreSQL 15 database to use instead of the file, several processes sharing it:
    /// postgres://user:password@host:5432/name. From DATABASE_URL (blank: the file) if not
    /// given; it wins over DATABASE_PATH.
    #[arg(long = "database-url", value_name = "URL", value_parser = database_url)]
    url: Option<Blankable<Database>>,
}

impl DatabaseArgs {
    /// The database these name: a flag given, else DATABASE_URL, else DATABASE_PATH, else
    /// the default file. Both flags given is an error naming both.
    pub fn database(&self) -> anyhow::Result<Database> {
        let url = self.url.as_ref().and_then(|url| url.0.clone());
        match (&self.path, url) {
            (Some(_), Some(_)) => anyhow::bail!(
                "--db and --database-url both name a database: give one (a postgres:// URL may go in either)"
            ),
            (Some(path), None) => Ok(path.clone()),
            (None, Some(url)) => Ok(url),
            (None, None) => from_environment(|key| std::env::var(key).ok()),
        }
    }
}

/// The database the environment names: DATABASE_URL if set and not blank, else
/// DATABASE_PATH, else the default file. A wrong value is answered with its variable's name.
fn from_environment(var: impl Fn(&str) -> Option<String>) -> anyhow::Result<Database> {
    if let Some(Blankable(Some(url))) = var("DATABASE_URL")
        .map(|text| database_url(&text))
        .transpose()
        .map_err(|e| anyhow::anyhow!("DATABASE_URL: {e}"))?
    {
        return Ok(url);
    }
    match var("DATABASE_PATH") {
        Some(text) => database_flag(&text).map_err(|e| anyhow::anyhow!("DATABASE_PATH: {e}")),
        None => Ok(Database::Sqlite(DEFAULT_DATABASE.into())),
    }
}

/// `--db`: a SQLite file or a PostgreSQL URL; blank means the default file.
fn database_flag(text: &str) -> Result<Database, String> {
    match text.trim() {
        "" => Ok(Database::Sqlite(DEFAULT_DATABASE.into())),
        text => Database::parse(text).map_err(|e| e.to_string()),
    }
}

fn database_url(text: &str) -> Result<Blankable<Database>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Blankable(None));
    }
    match Database::parse(text) {
        Ok(url @ Database::Postgres(_)) => Ok(Blankable(Some(url))),
        Ok(Database::Sqlite(_)) => Err(format!(
            "`{text}` is not a PostgreSQL URL: write it like postgres://gipf:secret@127.0.0.1:5432/gipf (a file goes in DATABASE_PATH)"
        )),
        Err(e) => Err(e.to_string()),
    }
}

/// The settings of the bot and the console: the database, the threads, and the rules of
/// play; each also comes from the environment or `.env`.
#[derive(clap::Args, Debug)]
pub struct Settings {
    #[command(flatten)]
    database: DatabaseArgs,
    #[command(flatten)]
    pub(super) pools: Pools,
    /// What starts a command in chat (up to 8 characters, no spaces).
    #[arg(long, env = "COMMAND_PREFIX", default_value = defaults::PREFIX, value_parser = command_prefix)]
    prefix: String,
    /// How many hours a challenge stays open (1 to 8760).
    #[arg(long, env = "CHALLENGE_TTL_HOURS", default_value_t = defaults::CHALLENGE_HOURS, value_parser = challenge_hours)]
    challenge_ttl_hours: u64,
    /// After how many days without a move a game ends as abandoned, freeing its channel
    /// (1 to 3650).
    #[arg(long, env = "ABANDON_AFTER_DAYS", default_value_t = defaults::ABANDON_DAYS, value_parser = abandon_days)]
    abandon_after_days: u64,
}

/// The threads of the engine's searches and of the commands' work: the bot's, the console's
/// and the engine worker's.
#[derive(clap::Args, Debug)]
pub struct Pools {
    /// How many engine searches run at once (1 to 64), each on a thread and an engine of its
    /// own, with a 64 MB table: the machine's cores if blank.
    #[arg(long, env = "ENGINE_THREADS", default_value = "", value_parser = engine_threads)]
    engine_threads: usize,
    /// How many threads do the commands' database and picture work (1 to 256), a fixed
    /// pool whose queue is answered in arrival order: four per core if blank.
    #[arg(long, env = "WORKER_THREADS", default_value = "", value_parser = worker_threads)]
    worker_threads: usize,
}

impl Pools {
    /// `config` with these threads.
    pub fn apply(&self, config: Config) -> Config {
        Config {
            engine_threads: self.engine_threads,
            worker_threads: self.worker_threads,
            ..config
        }
    }
}

/// A process's name among those sharing one database: the bot's and the engine worker's.
#[derive(clap::Args, Debug)]
pub struct Instance {
    /// This process's name among those sharing one database: what it claims is held in this
    /// name, and a process restarted under it takes its claims back at once (a living
    /// process under the same name stops it at its start). The host's name if blank; the bot
    /// adds its shard range, an engine worker its process id.
    #[arg(long, env = "INSTANCE", default_value = "", value_parser = instance_name)]
    instance: String,
}

impl Instance {
    /// Whether the name was left to its default (the host's).
    pub fn unnamed(&self) -> bool {
        self.instance.is_empty()
    }

    /// The name: the one given, or the host's.
    pub fn name(&self) -> String {
        match self.instance.as_str() {
            "" => crate::store::host_name(),
            name => name.to_string(),
        }
    }
}

/// A process's name: up to 64 letters, digits and `-_./:@`; blank means the host's name.
fn instance_name(text: &str) -> Result<String, String> {
    let text = text.trim();
    let fits = |c: char| c.is_ascii_alphanumeric() || "-_./:@".contains(c);
    match text {
        "" => Ok(String::new()),
        _ if text.len() <= 64 && text.chars().all(fits) => Ok(text.to_string()),
        _ => Err(format!(
            "`{text}` is not a process name: up to 64 letters, digits and - _ . / : @ (blank: the host's name)"
        )),
    }
}

impl Settings {
    /// Where the data lives.
    pub fn database(&self) -> anyhow::Result<Database> {
        self.database.database()
    }

    /// The service's settings these make.
    pub fn config(&self) -> Config {
        self.pools.apply(Config {
            prefix: self.prefix.clone(),
            challenge_ttl: Duration::from_secs(self.challenge_ttl_hours * defaults::HOUR_SECONDS),
            abandon_after: Duration::from_secs(self.abandon_after_days * defaults::DAY_SECONDS),
            ..Config::default()
        })
    }

    /// The service on the database, with these settings.
    pub fn service(&self) -> anyhow::Result<Service> {
        Service::open(self.database()?, self.config())
    }
}

/// The Discord bot's settings; each also comes from the environment or `.env`.
#[derive(clap::Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    pub(super) settings: Settings,
    #[command(flatten)]
    pub(super) instance: Instance,
    /// How often the watch looks at the clock, in milliseconds (100 to 3600000): deadlines,
    /// idle games, the engine's turns left over. A process that dies lets the watch go after
    /// three of these, its claims within 30 s.
    #[arg(long, env = "WATCH_EVERY_MS", default_value_t = 60_000, value_parser = clap::value_parser!(u64).range(100..=3_600_000))]
    pub(super) watch_every_ms: u64,
    /// The bot token (Developer Portal → your application → Bot → Reset Token).
    #[arg(long, env = "DISCORD_TOKEN", hide_env_values = true)]
    pub(super) token: Option<String>,
    /// Register the slash commands in this server only (instantly) instead of globally
    /// (which can take up to an hour to show).
    #[arg(long, env = "DEV_GUILD_ID", value_parser = server_id)]
    pub(super) dev_guild: Option<Blankable<u64>>,
    /// Send all Discord REST calls to this base URL (`http://host:port`), rate limiter off;
    /// the gateway URL is then asked from it too. For tests and proxies.
    #[arg(long, env = "DISCORD_API_PROXY", value_parser = proxy_url)]
    pub(super) api_proxy: Option<Blankable<String>>,
    /// The shards this process runs: `auto` (as many as Discord recommends, all in this
    /// process) or `first-last/total`, like `0-1/4`, to share the servers between processes.
    #[arg(long, env = "SHARDS", default_value = "auto")]
    pub(super) shards: crate::discord::Shards,
    #[command(flatten)]
    pub(super) web: WebArgs,
}

/// A setting that `.env` may leave blank (as `.env.example` does): blank means "not set".
#[derive(Clone, Debug)]
pub struct Blankable<T>(pub(super) Option<T>);

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

/// The command prefix: short, no spaces; blank means the default.
fn command_prefix(text: &str) -> Result<String, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(defaults::PREFIX.into());
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
        return Ok(defaults::CHALLENGE_HOURS);
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
        return Ok(defaults::ABANDON_DAYS);
    }
    match text.parse::<u64>() {
        Ok(days @ 1..=3650) => Ok(days),
        _ => Err(format!("`{text}` is not a number of days from 1 to 3650")),
    }
}

/// Searches at once: 1 to 64; blank means the machine's cores.
fn engine_threads(text: &str) -> Result<usize, String> {
    thread_count(text, 64, machine_cores(), "engine threads", "one per core")
}

/// The commands' worker threads: 1 to 256; blank means four per core.
fn worker_threads(text: &str) -> Result<usize, String> {
    thread_count(
        text,
        256,
        4 * machine_cores(),
        "worker threads",
        "four per core",
    )
}

/// A number of `what` from 1 to `most`; blank means `blank` (said as `blank_is`).
fn thread_count(
    text: &str,
    most: usize,
    blank: usize,
    what: &str,
    blank_is: &str,
) -> Result<usize, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(blank);
    }
    match text.parse::<usize>() {
        Ok(threads) if (1..=most).contains(&threads) => Ok(threads),
        _ => Err(format!(
            "`{text}` is not a number of {what} from 1 to {most} (leave it blank for {blank_is})"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    /// `run`'s flags, as the binary reads them.
    #[derive(Parser, Debug)]
    struct Run {
        #[command(flatten)]
        args: RunArgs,
    }

    #[test]
    fn blank_settings_from_env_example_mean_the_defaults() {
        assert!(server_id("").is_ok_and(|id| id.0.is_none()));
        assert!(server_id(" 42 ").is_ok_and(|id| id.0 == Some(42)));
        assert!(server_id("0").is_err() && server_id("abc").is_err());
        assert!(proxy_url("").is_ok_and(|url| url.0.is_none()));
        assert!(proxy_url("127.0.0.1:80").is_err());
        assert!(database_url(" ").is_ok_and(|url| url.0.is_none()));
        assert!(database_url("postgres://bot@db:5432/gipf").is_ok_and(|url| url.0.is_some()));
        let wrong = database_url("gipf.db").unwrap_err();
        assert!(wrong.contains("a file goes in DATABASE_PATH"), "{wrong}");
        let wrong = database_url("postgres://bot@db:x/gipf").unwrap_err();
        assert!(wrong.contains("port `x`"), "{wrong}");
        assert_eq!(
            database_flag(" ").ok(),
            Some(Database::Sqlite(DEFAULT_DATABASE.into()))
        );
        assert_eq!(command_prefix("").ok().as_deref(), Some(defaults::PREFIX));
        assert_eq!(command_prefix("gipf!").ok().as_deref(), Some("gipf!"));
        assert!(command_prefix("a b").is_err());
        assert_eq!(challenge_hours("").ok(), Some(defaults::CHALLENGE_HOURS));
        assert!(challenge_hours("0").is_err() && challenge_hours("99999999999999").is_err());
        assert_eq!(abandon_days(" ").ok(), Some(defaults::ABANDON_DAYS));
        assert!(abandon_days("0").is_err() && abandon_days("x").is_err());
        assert_eq!(engine_threads("").ok(), Some(machine_cores()));
        assert_eq!(engine_threads(" 3 ").ok(), Some(3));
        assert!(engine_threads("0").is_err() && engine_threads("65").is_err());
        assert_eq!(worker_threads("").ok(), Some(4 * machine_cores()));
        assert_eq!(worker_threads("12").ok(), Some(12));
        assert!(worker_threads("0").is_err() && worker_threads("257").is_err());
    }

    #[test]
    fn every_setting_of_env_example_parses_as_written() {
        // The file as shipped, with a token filled in: every other line left as it is.
        let example = include_str!("../../.env.example");
        let mut args = vec!["gipf-bot".to_string()];
        for line in example.lines().map(str::trim) {
            let Some((key, value)) = line.split_once('=').filter(|_| !line.starts_with('#')) else {
                continue;
            };
            let flag = match key {
                "DISCORD_TOKEN" => "--token",
                "DATABASE_PATH" => "--db",
                "DATABASE_URL" => "--database-url",
                "COMMAND_PREFIX" => "--prefix",
                "CHALLENGE_TTL_HOURS" => "--challenge-ttl-hours",
                "ABANDON_AFTER_DAYS" => "--abandon-after-days",
                "DEV_GUILD_ID" => "--dev-guild",
                "DISCORD_API_PROXY" => "--api-proxy",
                "SHARDS" => "--shards",
                "ENGINE_THREADS" => "--engine-threads",
                "WORKER_THREADS" => "--worker-threads",
                "INSTANCE" => "--instance",
                "WATCH_EVERY_MS" => "--watch-every-ms",
                "WEB_BIND" => "--web-bind",
                "WEB_BASE_URL" => "--web-base-url",
                // The engine worker's own, checked in `worker.rs`.
                "ENGINE_POLL_MS" => continue,
                "LOG_LEVEL" => continue,
                other => panic!("{other} in .env.example is not a setting"),
            };
            args.push(format!("{flag}={value}"));
        }
        let run = Run::try_parse_from(&args)
            .unwrap_or_else(|e| panic!("{e}"))
            .args;
        assert!(run.dev_guild.is_none_or(|id| id.0.is_none()));
        assert_eq!(run.settings.prefix, "!");
        assert_eq!(run.settings.challenge_ttl_hours, 24);
        assert_eq!(run.settings.abandon_after_days, 30);
        assert_eq!(run.settings.pools.engine_threads, machine_cores());
        assert_eq!(run.settings.pools.worker_threads, 4 * machine_cores());
        assert!(run.instance.unnamed());
        assert_eq!(run.watch_every_ms, 60_000);
        assert_eq!((run.web.bind(), run.web.base_url()), (None, None));
    }

    #[test]
    fn the_pages_links_are_written_with_the_base_url_else_the_bind() {
        let parsed = |flags: &[&str]| {
            let args = ["gipf-bot"].iter().chain(flags).copied();
            Run::try_parse_from(args).map(|run| (run.args.web.bind(), run.args.web.base_url()))
        };
        let bind = "127.0.0.1:8080".parse().ok();
        let bound = parsed(&["--web-bind=127.0.0.1:8080"]).unwrap();
        assert_eq!(bound, (bind, Some("http://127.0.0.1:8080".into())));
        let proxied = parsed(&[
            "--web-bind=127.0.0.1:8080",
            "--web-base-url=https://gipf.example.org",
        ]);
        assert_eq!(
            proxied.unwrap().1.as_deref(),
            Some("https://gipf.example.org")
        );
        let wrong = parsed(&["--web-bind=localhost"]).unwrap_err().to_string();
        assert!(wrong.contains("write it like 127.0.0.1:8080"), "{wrong}");
    }

    /// A tool's database flags, as the binary reads them.
    #[derive(Parser, Debug)]
    struct Tool {
        #[command(flatten)]
        database: DatabaseArgs,
    }

    #[test]
    fn a_database_flag_wins_over_the_environment() {
        let url = "postgres://bot:hunter2@db:5432/gipf";
        let both = |key: &str| match key {
            "DATABASE_URL" => Some(url.to_string()),
            "DATABASE_PATH" => Some("other.db".to_string()),
            _ => None,
        };
        assert_eq!(
            from_environment(both).unwrap(),
            Database::parse(url).unwrap()
        );
        let file = |key: &str| (key == "DATABASE_PATH").then(|| " x.db ".to_string());
        assert_eq!(
            from_environment(file).unwrap(),
            Database::Sqlite("x.db".into())
        );
        let blank = |_: &str| Some(String::new());
        assert_eq!(
            from_environment(blank).unwrap(),
            Database::Sqlite(DEFAULT_DATABASE.into())
        );
        let wrong = |key: &str| (key == "DATABASE_URL").then(|| "gipf.db".to_string());
        let said = from_environment(wrong).unwrap_err().to_string();
        assert!(
            said.starts_with("DATABASE_URL: `gipf.db` is not a PostgreSQL URL"),
            "{said}"
        );
        let parsed = |line: &str| {
            Tool::try_parse_from(line.split_whitespace())
                .unwrap()
                .database
                .database()
        };
        assert_eq!(
            parsed("t --db old.db").unwrap(),
            Database::Sqlite("old.db".into())
        );
        // A URL where a file is expected is a URL, shown without its password.
        let given = parsed(&format!("t --db {url}")).unwrap();
        assert_eq!(given.to_string(), "postgres://bot:***@db:5432/gipf");
        let said = parsed(&format!("t --db old.db --database-url {url}"))
            .unwrap_err()
            .to_string();
        assert!(said.contains("--db and --database-url both"), "{said}");
        assert!(!said.contains("hunter2"), "{said}");
    }

    #[test]
    fn a_process_name_is_checked_with_what_would_be_right() {
        assert_eq!(instance_name(" bot-a/shards ").unwrap(), "bot-a/shards");
        assert_eq!(instance_name("bot-a.eu:1@host").unwrap(), "bot-a.eu:1@host");
        assert_eq!(instance_name("  ").unwrap(), "");
        let said = instance_name("bot a").unwrap_err();
        assert!(
            said.contains("up to 64 letters, digits and - _ . / : @"),
            "{said}"
        );
        assert!(instance_name(&"x".repeat(65)).is_err());
    }
}

/// Where the game pages are served, and the address their links are written with.
#[derive(clap::Args, Debug, Clone)]
pub struct WebArgs {
    /// Serve the game pages on this address, like `127.0.0.1:8080` (blank: no web server).
    /// Behind a reverse proxy, bind to loopback and set WEB_BASE_URL.
    #[arg(long, env = "WEB_BIND", value_parser = web_bind)]
    web_bind: Option<Blankable<std::net::SocketAddr>>,
    /// The address the links in Discord are written with, like `https://gipf.example.org`
    /// (default: `http://` and WEB_BIND).
    #[arg(long, env = "WEB_BASE_URL", value_parser = proxy_url)]
    web_base_url: Option<Blankable<String>>,
}

impl WebArgs {
    /// The address to serve on, if any.
    pub fn bind(&self) -> Option<std::net::SocketAddr> {
        self.web_bind.as_ref().and_then(|bind| bind.0)
    }

    /// The address the links are written with: WEB_BASE_URL, else `http://` and WEB_BIND;
    /// none without either.
    pub fn base_url(&self) -> Option<String> {
        let given = self.web_base_url.as_ref().and_then(|url| url.0.clone());
        given.or_else(|| self.bind().map(|bind| format!("http://{bind}")))
    }
}

fn web_bind(text: &str) -> Result<Blankable<std::net::SocketAddr>, String> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(Blankable(None));
    }
    match text.parse() {
        Ok(bind) => Ok(Blankable(Some(bind))),
        Err(_) => Err(format!(
            "`{text}` is not an address to listen on: write it like 127.0.0.1:8080"
        )),
    }
}
