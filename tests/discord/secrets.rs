//! The database's password is never shown: the bot binary, run on a PostgreSQL URL with a
//! password in it and logging everything (`LOG_LEVEL=debug`), plays a game's start and stops,
//! and nothing it wrote shows the password; where it names the database, it shows `***`.

use std::process::Command;

use crate::support::bot::{ask, content, say, start_game};
use crate::support::chat::{ALICE, CHANNEL, GUILD};
use crate::support::database::database;
use crate::support::fake_discord::FakeDiscord;
use gipf_bot::store::Database;

/// A password the URL carries (the test server trusts loopback, so it is not asked).
const PASSWORD: &str = "pw-of-the-bot-5e1c";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_never_shows_the_database_password() {
    let (discord, dir) = (FakeDiscord::start().await, tempfile::tempdir().unwrap());
    let Database::Postgres(url) = database(&dir.path().join("gipf.db")) else {
        return; // A file has no password: this runs on PostgreSQL (`.ci/test`'s second half).
    };
    let (scheme, rest) = url.as_str().split_once("://").unwrap();
    let (user, host) = rest.split_once('@').unwrap();
    let with_password = format!("{scheme}://{user}:{PASSWORD}@{host}");
    let log = dir.path().join("bot.log");
    let mut bot = Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
        .args([
            "run",
            "--database-url",
            &with_password,
            "--api-proxy",
            &discord.base_url(),
        ])
        .env("DISCORD_TOKEN", "fake-token")
        .env("DEV_GUILD_ID", GUILD.to_string())
        .env("LOG_LEVEL", "debug")
        .env_remove("DATABASE_URL")
        .stdout(std::fs::File::create(dir.path().join("bot.out")).unwrap())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .expect("the bot binary starts");
    discord.wait_shards(&[(0, 1)]).await;
    start_game(&discord, CHANNEL).await;
    let board = ask(&discord, say(CHANNEL, ALICE, "!board")).await;
    assert!(content(&board).contains("alice"), "{board:#}");
    // SIGTERM: a clean stop, its own lines logged too.
    let _ = Command::new("kill").arg(bot.id().to_string()).status();
    let _ = tokio::task::spawn_blocking(move || bot.wait()).await;
    let said = std::fs::read_to_string(&log).unwrap()
        + &std::fs::read_to_string(dir.path().join("bot.out")).unwrap();
    assert!(!said.contains(PASSWORD), "the password was shown:\n{said}");
    assert!(
        said.contains(&format!("database=postgres://{user}:***@")),
        "the database is named, without its password:\n{said}"
    );
}
