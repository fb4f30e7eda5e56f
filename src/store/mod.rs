//! The SQLite store: the only place that knows SQL and how things are spelled in it. Every
//! statement binds its parameters; everything going in and out is a domain type.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Mutex;
use std::time::Duration;

use anyhow::Context;
use gipf::Color;
use gipf::potentials::Options;
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSqlOutput, ValueRef};
use rusqlite::{Connection, OptionalExtension, Row, ToSql};
use rusqlite_migration::{M, Migrations};

use crate::model::{
    ChallengeId, ChannelId, Clock, ColorChoice, GameId, GameSpec, GameStatus, GuildId, OutboxId,
    Partial, TimeControl, UserId,
};

mod analyses;
mod archive;
mod challenges;
mod daily;
mod deadlines;
mod games;
mod guilds;
mod interactions;
mod outbox;
mod puzzles;
mod ratings;
mod takebacks;
mod tournaments;
mod users;

pub use archive::GameFilter;
pub use challenges::{Challenge, ChallengeTerms};
pub use daily::{DailyAnswer, DailyAnswered, DailyPost, DailyServer, DailyTally};
pub use games::Takeback;
pub use games::{Damaged, Progress, StoredGame};
pub use interactions::Unanswered;
pub use outbox::{Kind, Owed};
pub use puzzles::{LessonProgress, PuzzleProgress};
pub use ratings::{PlayerRecord, Rating, RatingRow};
pub use tournaments::{Entry, EventGame, EventTerms, Tournament, waits_for_thread};

/// The schema, one migration a file in `migrations/`.
pub fn migrations() -> Migrations<'static> {
    const STEPS: &[M<'static>] = &[
        M::up(include_str!("../../migrations/0001_init.sql")),
        M::up(include_str!(
            "../../migrations/0002_challenge_ids_never_reused.sql"
        )),
        M::up(include_str!("../../migrations/0003_notices.sql")),
        M::up(include_str!(
            "../../migrations/0004_games_end_without_a_winner.sql"
        )),
        M::up(include_str!("../../migrations/0005_time_per_move.sql")),
        M::up(include_str!("../../migrations/0006_server_settings.sql")),
        M::up(include_str!("../../migrations/0007_threads.sql")),
        M::up(include_str!(
            "../../migrations/0008_archive_and_ratings.sql"
        )),
        M::up(include_str!("../../migrations/0009_engine_and_hints.sql")),
        M::up(include_str!("../../migrations/0010_potentials.sql")),
        M::up(include_str!("../../migrations/0011_open_seeks.sql")),
        M::up(include_str!("../../migrations/0012_beginner_level.sql")),
        M::up(include_str!(
            "../../migrations/0013_puzzles_and_lessons.sql"
        )),
        M::up(include_str!("../../migrations/0014_board_sides.sql")),
        M::up(include_str!("../../migrations/0015_takebacks.sql")),
        M::up(include_str!(
            "../../migrations/0016_daily_puzzles_and_analyses.sql"
        )),
        M::up(include_str!("../../migrations/0017_outbox.sql")),
        M::up(include_str!("../../migrations/0018_tournaments.sql")),
        M::up(include_str!("../../migrations/0019_outbox_kinds.sql")),
        M::up(include_str!(
            "../../migrations/0020_pictures_for_everyone.sql"
        )),
        M::up(include_str!("../../migrations/0021_analyses.sql")),
        M::up(include_str!(
            "../../migrations/0022_second_tries_and_typed_dots.sql"
        )),
    ];
    Migrations::from_slice(STEPS)
}

/// Copies the database at `db` to a new file `out` with SQLite's online backup: consistent
/// even while the bot writes to it (copying the file of a WAL database is not). The copy is
/// written beside `out` and renamed into place, so `out` is never half a database.
pub fn backup(db: &Path, out: &Path) -> anyhow::Result<()> {
    if out.exists() {
        anyhow::bail!("{} exists already: name a new file", out.display());
    }
    let source = Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .with_context(|| format!("cannot open the database {}", db.display()))?;
    source.busy_timeout(Duration::from_secs(5))?;
    let partial = out.with_extension("partial");
    source
        .backup(rusqlite::MAIN_DB, &partial, None)
        .with_context(|| format!("cannot back up into {}", partial.display()))?;
    std::fs::rename(&partial, out)
        .with_context(|| format!("cannot rename {} to {}", partial.display(), out.display()))?;
    tracing::info!(from = %db.display(), to = %out.display(), "backed up");
    Ok(())
}

/// Ids are Discord snowflakes, below 2^63: SQLite's integers hold them as they are.
macro_rules! sql_id {
    ($($id:ident: $inner:ty),*) => {$(
        impl ToSql for $id {
            fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
                Ok(ToSqlOutput::from(self.0 as i64))
            }
        }

        impl FromSql for $id {
            fn column_result(value: ValueRef<'_>) -> FromSqlResult<$id> {
                i64::column_result(value).map(|n| $id(n as $inner))
            }
        }
    )*};
}

sql_id!(UserId: u64, ChannelId: u64, GuildId: u64, GameId: i64, ChallengeId: i64, OutboxId: i64);

impl ToSql for ColorChoice {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(self.name()))
    }
}

impl FromSql for ColorChoice {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<ColorChoice> {
        value
            .as_str()?
            .parse()
            .map_err(|e| FromSqlError::Other(Box::new(e)))
    }
}

/// How a status is spelled in the `games` table.
fn status_name(status: GameStatus) -> &'static str {
    match status {
        GameStatus::Active => "active",
        GameStatus::Won(Color::White) => "white_won",
        GameStatus::Won(Color::Black) => "black_won",
        GameStatus::Aborted => "aborted",
        GameStatus::Abandoned => "abandoned",
    }
}

impl ToSql for GameStatus {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::from(status_name(*self)))
    }
}

impl FromSql for GameStatus {
    fn column_result(value: ValueRef<'_>) -> FromSqlResult<GameStatus> {
        let name = value.as_str()?;
        [
            GameStatus::Active,
            GameStatus::Won(Color::White),
            GameStatus::Won(Color::Black),
            GameStatus::Aborted,
            GameStatus::Abandoned,
        ]
        .into_iter()
        .find(|status| status_name(*status) == name)
        .ok_or_else(|| FromSqlError::Other(format!("unknown game status `{name}`").into()))
    }
}

/// Why the text in column `index` does not read back as what was written there.
fn unreadable(
    index: usize,
    error: impl Into<Box<dyn std::error::Error + Send + Sync>>,
) -> rusqlite::Error {
    rusqlite::Error::FromSqlConversionFailure(index, rusqlite::types::Type::Text, error.into())
}

/// A column holding a value written by its `Display` (a variant), read back by its
/// `FromStr`. A value that does not read back is an error, never a default.
fn parsed<T>(row: &Row, index: usize) -> rusqlite::Result<T>
where
    T: FromStr,
    T::Err: std::error::Error + Send + Sync + 'static,
{
    let text: String = row.get(index)?;
    text.parse().map_err(|e| unreadable(index, e))
}

fn parsed_color(row: &Row, index: usize) -> rusqlite::Result<Option<Color>> {
    let name: Option<String> = row.get(index)?;
    name.map(|name| {
        Color::ALL
            .into_iter()
            .find(|c| c.name() == name)
            .ok_or_else(|| unreadable(index, format!("unknown colour `{name}`")))
    })
    .transpose()
}

/// The decisions of a turn in progress, kept as JSON.
fn decisions(row: &Row, index: usize) -> rusqlite::Result<Partial> {
    let json: String = row.get(index)?;
    serde_json::from_str(&json).map_err(|e| unreadable(index, e))
}

/// The potentials column of a game: `ultimate`, or the header's `W:<list> B:<list>`; none
/// for a game without potentials.
fn potentials_text(spec: GameSpec) -> Option<String> {
    spec.potentials().map(|o| {
        if o.is_ultimate() {
            "ultimate".to_string()
        } else {
            gipf::potentials::supplies_to_string(o.supply())
        }
    })
}

/// What game a row holds, from its variant column at `variant` and its potentials column at
/// `index`.
fn spec(row: &Row, variant: usize, index: usize) -> rusqlite::Result<GameSpec> {
    let Some(text) = row.get::<_, Option<String>>(index)? else {
        return Ok(GameSpec::Plain(parsed(row, variant)?));
    };
    let name: String = row.get(variant)?;
    let (name, supply) = match text.as_str() {
        "ultimate" => ("ultimate", None),
        _ => (name.as_str(), Some(text.as_str())),
    };
    Options::parse(name, supply)
        .map(GameSpec::Potentials)
        .map_err(|e| unreadable(index, e))
}

/// A time control read from `move_days` and `autoforfeit` columns.
fn time_control(row: &Row, days: usize) -> rusqlite::Result<Option<TimeControl>> {
    let autoforfeit: bool = row.get(days + 1)?;
    Ok(row
        .get::<_, Option<u8>>(days)?
        .map(|days| TimeControl { days, autoforfeit }))
}

/// A pool of connections to one database file.
pub struct Store {
    path: PathBuf,
    idle: Mutex<Vec<Connection>>,
    clock: Clock,
}

fn open_connection(path: &Path) -> anyhow::Result<Connection> {
    let conn = Connection::open(path)
        .with_context(|| format!("cannot open the database {}", path.display()))?;
    conn.busy_timeout(Duration::from_secs(5))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    Ok(conn)
}

impl Store {
    /// Opens (creating if needed) the database and brings its schema up to date.
    pub fn open(path: impl AsRef<Path>, clock: Clock) -> anyhow::Result<Store> {
        let path = path.as_ref().to_path_buf();
        let mut conn = open_connection(&path)?;
        // Migrations that rebuild a table must not cascade into the tables that refer to it:
        // foreign keys are off while they run, and checked after.
        conn.pragma_update(None, "foreign_keys", "OFF")?;
        migrations()
            .to_latest(&mut conn)
            .context("cannot migrate the database")?;
        let broken: Option<String> = conn
            .query_row("PRAGMA foreign_key_check", [], |r| r.get(0))
            .optional()?;
        if let Some(table) = broken {
            anyhow::bail!("the migrated database has broken references in table {table}");
        }
        conn.pragma_update(None, "foreign_keys", "ON")?;
        Ok(Store {
            path,
            idle: Mutex::new(vec![conn]),
            clock,
        })
    }

    /// Runs `f` on a pooled connection.
    fn with<T>(&self, f: impl FnOnce(&mut Connection) -> anyhow::Result<T>) -> anyhow::Result<T> {
        let pooled = self
            .idle
            .lock()
            .map_err(|_| anyhow::anyhow!("connection pool poisoned"))?
            .pop();
        let mut conn = match pooled {
            Some(conn) => conn,
            None => open_connection(&self.path)?,
        };
        let result = f(&mut conn);
        if let Ok(mut idle) = self.idle.lock()
            && idle.len() < 8
        {
            idle.push(conn);
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use gipf::{ByColor, Variant};

    use super::*;

    /// The end of a game by `loser`'s resignation.
    fn resigned_by(loser: Color) -> Progress {
        Progress {
            turns: Vec::new(),
            partial: Partial::default(),
            status: GameStatus::Won(!loser),
            resigned: Some(loser),
            ended_by: None,
            forfeited: None,
            announced: None,
        }
    }

    fn store_with_a_game() -> (tempfile::TempDir, Store, StoredGame) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path().join("t.db"), Clock::system()).unwrap();
        store.remember_user(UserId(1), "a").unwrap();
        store.remember_user(UserId(2), "b").unwrap();
        let new = ChallengeTerms {
            guild: Some(GuildId(5)),
            channel: ChannelId(7),
            challenger: UserId(1),
            challenged: Some(UserId(2)),
            spec: GameSpec::Plain(Variant::Basic {
                extra: gipf::ByColor::new(0, 3),
            }),
            color: ColorChoice::Black,
            time: Some(TimeControl {
                days: 2,
                autoforfeit: false,
            }),
            thread: false,
            hints: true,
        };
        let minute = Duration::from_secs(60);
        let id = store.create_challenge(&new, minute).unwrap().unwrap();
        let again = store.create_challenge(&new, minute).unwrap();
        assert_eq!(again, None, "one per channel");
        let challenge = store.challenge(ChannelId(7)).unwrap().unwrap();
        assert_eq!((challenge.id, &challenge.terms), (id, &new));
        let game = store
            .start_game(&challenge, ByColor::new(UserId(2), UserId(1)), None)
            .unwrap()
            .unwrap();
        assert_eq!(
            store
                .start_game(&challenge, ByColor::new(UserId(2), UserId(1)), None)
                .unwrap(),
            None
        );
        (dir, store, game)
    }

    #[test]
    fn migrations_are_valid() {
        assert!(migrations().validate().is_ok());
    }

    #[test]
    fn rebuilding_the_games_table_keeps_every_turn() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        // A database of the schema before migration 0004, with a game and its turns.
        let mut old = Connection::open(&path).unwrap();
        old.pragma_update(None, "foreign_keys", "ON").unwrap();
        let before = [
            M::up(include_str!("../../migrations/0001_init.sql")),
            M::up(include_str!(
                "../../migrations/0002_challenge_ids_never_reused.sql"
            )),
            M::up(include_str!("../../migrations/0003_notices.sql")),
        ];
        Migrations::from_slice(&before).to_latest(&mut old).unwrap();
        old.execute_batch(
            "INSERT INTO users (id, name) VALUES (1, 'a'), (2, 'b');
             INSERT INTO games (id, channel_id, variant, white, black, status, version, created_at, updated_at)
             VALUES (4, 7, 'standard', 1, 2, 'active', 2, 0, 0);
             INSERT INTO turns (game_id, ply, notation, player, played_at)
             VALUES (4, 1, 'c2 (11)', 1, 0), (4, 2, 'e8 (11)', 2, 0);",
        )
        .unwrap();
        drop(old);
        let store = Store::open(&path, Clock::system()).unwrap();
        let game = store.game_in(ChannelId(7), false).unwrap().unwrap();
        assert_eq!(game.turns, ["c2 (11)", "e8 (11)"], "the rebuild cascaded");
        assert_eq!((game.version, game.ended_by), (2, None));
        let progress = Progress {
            turns: Vec::new(),
            partial: Partial::default(),
            status: GameStatus::Aborted,
            resigned: None,
            ended_by: Some(UserId(2)),
            forfeited: None,
            announced: None,
        };
        let aborted = store.save(&game, progress).unwrap().unwrap();
        let reloaded = store.game_in(ChannelId(7), true).unwrap().unwrap();
        assert_eq!(reloaded, aborted);
        assert_eq!(reloaded.status, GameStatus::Aborted);
        assert_eq!(reloaded.ended_by, Some(UserId(2)));
    }

    #[test]
    fn challenge_ids_are_never_reused_even_past_the_migration() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.db");
        // A database of the first schema whose challenge 5 was withdrawn.
        let mut old = Connection::open(&path).unwrap();
        let first = [M::up(include_str!("../../migrations/0001_init.sql"))];
        Migrations::from_slice(&first).to_latest(&mut old).unwrap();
        old.execute_batch(
            "INSERT INTO users (id, name) VALUES (1, 'a'), (2, 'b');
             INSERT INTO challenges (id, channel_id, challenger, challenged, variant, color, created_at, expires_at)
             VALUES (3, 9, 1, 2, 'standard', 'white', 0, 9999999999),
                    (5, 8, 1, 2, 'standard', 'white', 0, 9999999999);
             DELETE FROM challenges WHERE id = 5;",
        )
        .unwrap();
        drop(old);
        let store = Store::open(&path, Clock::system()).unwrap();
        let kept = store.challenge(ChannelId(9)).unwrap().unwrap();
        assert_eq!(
            kept.id,
            ChallengeId(3),
            "open challenges survive the migration"
        );
        let terms = ChallengeTerms {
            channel: ChannelId(7),
            ..kept.terms
        };
        let hour = Duration::from_secs(3600);
        let new = store.create_challenge(&terms, hour).unwrap().unwrap();
        assert!(new.0 > 5, "{new:?}");
        store.delete_challenge(new).unwrap();
        let newer = store.create_challenge(&terms, hour).unwrap().unwrap();
        assert!(newer.0 > new.0, "{newer:?} after {new:?}");
    }

    #[test]
    fn one_active_game_per_channel_is_enforced_by_the_database() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path().join("t.db"), Clock::system()).unwrap();
        store.remember_user(UserId(1), "a").unwrap();
        store.remember_user(UserId(2), "b").unwrap();
        store
            .with(|c| {
                let insert =
                    "INSERT INTO games (channel_id, variant, white, black, created_at, updated_at)
                          VALUES (7, 'standard', 1, 2, 0, 0)";
                c.execute(insert, [])?;
                assert!(c.execute(insert, []).is_err());
                c.execute("UPDATE games SET status = 'white_won'", [])?;
                c.execute(insert, [])?;
                Ok(())
            })
            .unwrap();
    }

    #[test]
    fn a_stale_version_writes_nothing_and_a_save_returns_the_game_as_saved() {
        let (_dir, store, game) = store_with_a_game();
        let loaded = store.game_in(ChannelId(7), false).unwrap().unwrap();
        assert_eq!(loaded, game);
        let progress = Progress {
            turns: vec![("c2".into(), UserId(2), Some(gipf::Point::B1))],
            partial: Partial::default(),
            status: GameStatus::Active,
            resigned: None,
            ended_by: None,
            forfeited: None,
            announced: None,
        };
        let saved = store.save(&game, progress.clone()).unwrap().unwrap();
        assert!(
            store.save(&game, progress).unwrap().is_none(),
            "the second writer read version 0 too"
        );
        let reloaded = store.game_in(ChannelId(7), false).unwrap().unwrap();
        assert_eq!(reloaded, saved);
        assert_eq!(reloaded.turns, ["c2"]);
        // The dot its player named is kept beside the notation, which leaves it out.
        assert_eq!(reloaded.dots, [Some(gipf::Point::B1)]);
        assert_eq!(reloaded.version, 1);
    }

    #[test]
    fn a_takeback_stands_in_its_position_only_and_undoes_all_or_nothing() {
        let (_dir, store, game) = store_with_a_game();
        let progress = Progress {
            turns: vec![
                ("c2".into(), UserId(2), None),
                ("e8".into(), UserId(1), None),
            ],
            partial: Partial::default(),
            status: GameStatus::Active,
            resigned: None,
            ended_by: None,
            forfeited: None,
            announced: None,
        };
        let played = store.save(&game, progress).unwrap().unwrap();
        assert!(store.ask_takeback(&played, Color::White).unwrap());
        assert!(
            !store.ask_takeback(&played, Color::Black).unwrap(),
            "one stands"
        );
        let asked = store.game_in(ChannelId(7), false).unwrap().unwrap();
        let request = Takeback {
            by: Color::White,
            declined: false,
        };
        assert_eq!(
            (asked.takeback, asked.version),
            (Some(request), played.version)
        );
        // A stale reader undoes nothing; one of another's request neither.
        assert!(store.take_back(&game, 0, None).unwrap().is_none());
        assert!(
            store
                .take_back(&asked, 0, Some(Color::Black))
                .unwrap()
                .is_none()
        );
        let undone = store
            .take_back(&asked, 0, Some(Color::White))
            .unwrap()
            .unwrap();
        let reloaded = store.game_in(ChannelId(7), false).unwrap().unwrap();
        assert_eq!(reloaded, undone);
        assert!(reloaded.turns.is_empty() && reloaded.takeback.is_none());
        assert_eq!(reloaded.version, asked.version + 1);
    }

    #[test]
    fn statuses_colours_and_variants_read_back_as_written() {
        let (_dir, store, game) = store_with_a_game();
        let progress = resigned_by(Color::Black);
        let saved = store.save(&game, progress).unwrap().unwrap();
        assert!(store.game_in(ChannelId(7), false).unwrap().is_none());
        let finished = store.game_in(ChannelId(7), true).unwrap().unwrap();
        assert_eq!(finished, saved);
        assert_eq!(
            finished.spec,
            GameSpec::Plain(Variant::Basic {
                extra: gipf::ByColor::new(0, 3)
            })
        );
        assert_eq!(finished.resigned, Some(Color::Black));
        assert_eq!(store.active_game_channels(GuildId(5)).unwrap(), []);
    }

    #[test]
    fn an_unknown_stored_colour_is_an_error_not_a_coin_toss() {
        let (_dir, store, _game) = store_with_a_game();
        store
            .with(|c| {
                c.execute(
                    "INSERT INTO challenges (channel_id, challenger, challenged, variant, color, created_at, expires_at)
                     VALUES (8, 1, 2, 'standard', 'white', 0, 9999999999)",
                    [],
                )?;
                // The CHECK constraint keeps bad colours out; a bad variant is caught on read.
                c.execute("UPDATE challenges SET variant = 'chess' WHERE channel_id = 8", [])?;
                Ok(())
            })
            .unwrap();
        assert!(store.challenge(ChannelId(8)).is_err());
    }

    #[test]
    fn a_won_game_is_rated_once_in_its_pool_and_in_all() {
        let (_dir, store, game) = store_with_a_game();
        // With hints (as challenged) the game is not the players' alone: unrated.
        let (_other, hinted, with_hints) = store_with_a_game();
        let lost = resigned_by(Color::White);
        hinted.save(&with_hints, lost).unwrap().unwrap();
        assert_eq!(
            hinted.rating(Some(GuildId(5)), None, UserId(1)).unwrap(),
            None
        );
        // Without them, rated.
        store
            .with(|c| Ok(c.execute("UPDATE games SET hints = 0 WHERE id = ?1", [game.id])?))
            .unwrap();
        let game = StoredGame {
            hints: false,
            ..game
        };
        let won = resigned_by(Color::Black);
        let saved = store.save(&game, won.clone()).unwrap().unwrap();
        // Saving the ended game again (a stale writer that got through) rates nothing more.
        store.save(&saved, won).unwrap().unwrap();
        let guild = Some(GuildId(5));
        // White is user 2 (see store_with_a_game), the winner.
        for kind in [None, Some(crate::model::GameKind::Basic)] {
            let winner = store.rating(guild, kind, UserId(2)).unwrap().unwrap();
            let loser = store.rating(guild, kind, UserId(1)).unwrap().unwrap();
            assert_eq!(
                (winner.games, winner.wins, loser.games, loser.wins),
                (1, 1, 1, 0)
            );
            // Glicko-2 from 1500/350/0.06 each: the winner gains what the loser loses.
            assert!((winner.rating.rating - 1662.3).abs() < 0.1, "{winner:?}");
            assert!((loser.rating.rating - 1337.7).abs() < 0.1, "{loser:?}");
            assert!((winner.rating.deviation - 290.3).abs() < 0.1, "{winner:?}");
        }
        assert_eq!(
            store
                .rating(guild, Some(crate::model::GameKind::Standard), UserId(2))
                .unwrap(),
            None
        );
        let board = store.leaderboard(guild, None, 10).unwrap();
        assert_eq!(
            board.iter().map(|r| r.player).collect::<Vec<_>>(),
            [UserId(2), UserId(1)]
        );
        assert_eq!(store.leaderboard(Some(GuildId(6)), None, 10).unwrap(), []);
    }
}
