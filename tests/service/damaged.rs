//! A game whose stored record cannot be read is contained: its channel says what is wrong
//! and how to end it, either player or a moderator ends it at any stage without loading it,
//! the abandonment watch ends it like any other, and the other games go on.

use gipf_bot::service::Asked;
use gipf_bot::store::sql::params;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use crate::support::table::{Table, play_random_turns};
use gipf_bot::model::{ChannelId, Clock, Rights};
use gipf_bot::service::Config;

/// Alice and Bob play in channel 1 and again in channel 2; then `damage` is run on the
/// database behind the bot's back.
fn two_games(config: Config, damage: &str) -> Table {
    let mut table = Table::with_config(config);
    table.start("standard days=3");
    play_random_turns(&mut table, 1, 6);
    table.channel = ChannelId(2);
    table.expect(
        "bob",
        "!challenge @alice standard white days=3",
        "challenges you",
    );
    table.expect("alice", "!accept", "Game on");
    table.expect("bob", "!push b1 c2", "played");
    table.sql().execute_batch(damage).unwrap();
    table.channel = ChannelId(1);
    table
}

const BAD_TURN: &str = "UPDATE turns SET notation = 'b1-c9 (11)' WHERE game_id = 1 AND ply = 4";

#[test]
fn a_damaged_game_says_why_and_either_player_ends_it_at_any_stage() {
    let mut table = two_games(Config::default(), BAD_TURN);
    let told = "Game 1's record cannot be read at turn 4 (`b1-c9 (11)`: ";
    let how = "Either player or a moderator can end it without a result with `!abort`";
    for (who, line) in [
        ("alice", "!push b1 c2"),
        ("bob", "!board"),
        ("erin", "!history"),
        ("erin", "!challenge @frank"),
    ] {
        let text = table.text(who, line);
        assert!(
            text.starts_with(told) && text.contains(how),
            "{line}: {text}"
        );
    }
    // The other game goes on, and the list names the damaged one with what to do.
    table.channel = ChannelId(2);
    table.expect("alice", "!push a5 b5", "played");
    let list = table.text("erin", "!games");
    assert!(
        list.contains("bob (white) vs alice (black)") && list.contains(told),
        "{list}"
    );
    table.channel = ChannelId(1);
    // Only its players or a moderator end it; six turns in, it is long past an abort.
    table.expect("erin", "!abort", "Only alice and bob can end this game");
    let text = table.text("bob", "!abort");
    assert!(
        text.starts_with("bob ended game 1, whose record cannot be read, without a result (")
            && text.contains(&gipf_bot::console::user_id("alice").mention())
            && text.ends_with("the channel is free for a new game."),
        "{text}"
    );
    let (status, ended_by): (String, i64) = table
        .sql()
        .query_row(
            "SELECT status, ended_by FROM games WHERE id = 1",
            params![],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(status, "aborted");
    assert_eq!(ended_by, gipf_bot::console::user_id("bob").0 as i64);
    table.expect("alice", "!challenge @bob", "challenges you");
}

#[test]
fn a_moderator_ends_a_game_whose_turn_in_progress_cannot_be_read() {
    let mut table = two_games(
        Config::default(),
        "UPDATE games SET partial = '[{\"kind\": \"push\"' WHERE id = 1",
    );
    let text = table.text("alice", "!push b1 c2");
    assert!(
        text.starts_with(
            "Game 1's record cannot be read (the decisions of the turn in progress cannot be read: "
        ),
        "{text}"
    );
    let mut moderator = table.message("mod", "!abort");
    moderator.rights = Rights {
        manage_messages: true,
        manage_server: false,
    };
    let replies = table.serve(moderator.clone(), Asked::Line);
    let text = crate::support::table::shown(&replies[0]);
    assert!(
        text.starts_with("mod ended game 1, whose record cannot be read, without a result (")
            && text.contains(&gipf_bot::console::user_id("alice").mention())
            && text.contains(&gipf_bot::console::user_id("bob").mention()),
        "{text}"
    );
    table.expect("bob", "!challenge @alice", "challenges you");
}

#[test]
fn a_damaged_game_left_idle_is_abandoned_and_the_deadline_watch_goes_on() {
    let now = Arc::new(AtomicI64::new(1_795_608_000));
    let reading = Arc::clone(&now);
    let config = Config {
        clock: Clock::new(move || reading.load(Ordering::SeqCst)),
        ..Config::default()
    };
    let mut table = two_games(config, BAD_TURN);
    // Past both games' deadlines: the watch still tells the readable game's players.
    now.fetch_add(4 * 86_400, Ordering::SeqCst);
    let due = table.look();
    assert!(!due.is_empty());
    assert!(due.iter().all(|(channel, _)| *channel == ChannelId(2)));
    // A month later nobody has touched the damaged game: it ends as abandoned.
    now.fetch_add(31 * 86_400, Ordering::SeqCst);
    table.expect("alice", "!push b1 c2", "There is no game in this channel");
    table.expect(
        "alice",
        "!board",
        "It ended as abandoned: nobody moved in it for too long.",
    );
    let status: String = table
        .sql()
        .query_row("SELECT status FROM games WHERE id = 1", params![], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(status, "abandoned");
    table.expect("alice", "!challenge @bob", "challenges you");
}

/// Runs `gipf-bot doctor --db DB`.
fn doctor(db: &std::path::Path) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
        .args(["doctor", "--db"])
        .arg(db)
        .env_remove("DATABASE_PATH")
        .output()
        .unwrap()
}

#[test]
fn doctor_lists_the_damaged_games_and_changes_nothing() {
    if crate::support::database::postgres().is_some() {
        return; // SQLite's own file: PostgreSQL has tests of its own (tests/service/postgres.rs)
    }
    let mut table = two_games(Config::default(), BAD_TURN);
    let db = table.dir.path().join("gipf.db");
    table.channel = ChannelId(2);
    let mut moderator = table.message("mod", "!abort");
    moderator.rights.manage_messages = true;
    drop(table.serve(moderator.clone(), Asked::Line));
    let damage = "UPDATE games SET partial = 'oops' WHERE id = 2";
    rusqlite::Connection::open(&db)
        .unwrap()
        .execute_batch(damage)
        .unwrap();
    let before = std::fs::read(&db).unwrap();
    let out = doctor(&db);
    let listed = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(1), "{listed}");
    let lines: Vec<&str> = listed.lines().collect();
    assert_eq!(lines.len(), 3, "{listed}");
    assert_eq!(lines[0], format!("Reading {}.", db.display()));
    assert!(
        lines[1].starts_with("game 1, channel 1, turn 4: `b1-c9 (11)`: `c9` is not a point"),
        "{listed}"
    );
    assert!(
        lines[2].starts_with(
            "game 2, channel 2, its stored state: the decisions of the turn in progress cannot be read"
        ),
        "{listed}"
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("2 of 2 games cannot be read"));
    assert_eq!(
        std::fs::read(&db).unwrap(),
        before,
        "the database is untouched"
    );
}

#[test]
fn doctor_passes_a_healthy_database_of_an_earlier_release() {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("gipf.db");
    let fixture = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/upgrade/schema-10.db"
    );
    std::fs::copy(fixture, &db).unwrap();
    let out = doctor(&db);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("Reading {}.\nAll 18 games replay.\n", db.display())
    );
    assert_eq!(std::fs::read(&db).unwrap(), std::fs::read(fixture).unwrap());
}

#[test]
fn the_watch_ends_idle_games_damaged_or_not_and_tells_both_players() {
    let now = Arc::new(AtomicI64::new(1_795_608_000));
    let reading = Arc::clone(&now);
    let config = Config {
        clock: Clock::new(move || reading.load(Ordering::SeqCst)),
        ..Config::default()
    };
    // Game 1 (channel 1) has a turn that does not replay, game 2 (channel 2) a turn in
    // progress that cannot be read at all; a third game starts a month on.
    let damage = format!("{BAD_TURN}; UPDATE games SET partial = 'oops' WHERE id = 2");
    let mut table = two_games(config, &damage);
    now.fetch_add(31 * 86_400, Ordering::SeqCst);
    table.channel = ChannelId(3);
    table.start("basic");
    let ended = table.look();
    let channels: Vec<ChannelId> = ended.iter().map(|(channel, _)| *channel).collect();
    assert_eq!(channels, [ChannelId(1), ChannelId(2)]);
    let (alice, bob) = (
        gipf_bot::console::user_id("alice"),
        gipf_bot::console::user_id("bob"),
    );
    for (channel, reply) in &ended {
        let text = crate::support::table::shown(reply);
        let mut pinged = reply.mentions();
        pinged.sort_unstable();
        let mut players = vec![alice, bob];
        players.sort_unstable();
        assert_eq!(pinged, players, "{text}");
        assert!(
            text.contains("was abandoned: nobody moved in it for 30 days, so it ended without a result. `!challenge @someone` starts a new one."),
            "{channel:?}: {text}"
        );
    }
    // Ended without being replayed, so a turn that does not replay is no obstacle.
    let first = crate::support::table::shown(&ended[0].1);
    assert!(first.contains("your standard GIPF here"), "{first}");
    let second = crate::support::table::shown(&ended[1].1);
    assert!(second.contains("your game 2 here"), "{second}");
    let statuses: Vec<String> = table
        .sql()
        .query_map("SELECT status FROM games ORDER BY id", params![], |r| {
            r.get(0)
        })
        .unwrap();
    assert_eq!(statuses, ["abandoned", "abandoned", "active"]);
    // Said once: the next watch finds nothing more to end.
    assert!(table.look().is_empty());
}
