//! The store: the only place that knows SQL and how things are spelled in it, on SQLite (one
//! file, the default) or PostgreSQL. Every statement binds its parameters; everything going in
//! and out is a domain type.

use std::str::FromStr;
use std::sync::Mutex;

use anyhow::Context;
use gipf::Color;
use gipf::potentials::Options;

use crate::model::{
    ChallengeId, ChannelId, Clock, ColorChoice, GameId, GameSpec, GameStatus, GuildId, OutboxId,
    Partial, TimeControl, UserId,
};

/// Where a vacation pauses a game (`games` in the query): not in a round of an event that
/// keeps its clocks (`vacation=off`). A macro, for `stored_game.rs`'s columns.
macro_rules! pauses {
    () => {
        "NOT EXISTS (SELECT 1 FROM tournament_games tv JOIN tournaments ev \
         ON ev.id = tv.tournament_id WHERE tv.game_id = games.id AND ev.vacation = 0)"
    };
}

mod analyses;
mod archive;
mod backup;
mod challenges;
pub mod copy;
mod daily;
mod deadlines;
mod engine_requests;
mod games;
mod guilds;
mod interactions;
mod leases;
pub mod migrate;
mod notice_hours;
mod outbox;
mod puzzles;
mod ratings;
pub mod sql;
pub mod status;
mod stored_game;
mod takebacks;
mod tournaments;
mod users;
mod vacations;
mod web;
mod web_index;

pub use archive::GameFilter;
pub use challenges::{Challenge, ChallengeTerms};
pub use daily::{DailyAnswer, DailyAnswered, DailyPost, DailyServer, DailyTally};
pub use deadlines::MoreTime;
pub use engine_requests::{EngineRequest, RequestKind};
pub use games::{Progress, Saved};
pub use interactions::Unanswered;
pub use leases::Lease;
pub use notice_hours::{Held, NoticeHours};
pub use outbox::{Kind, Owed};
pub use puzzles::{LessonProgress, PuzzleProgress};
pub use ratings::{PlayerRecord, Rating, RatingRow};
pub use stored_game::{Damaged, StoredGame, Takeback};
pub use tournaments::{Entry, EventGame, EventTerms, Tournament};
pub use vacations::{Away, NoVacation, Paused, Vacation};
pub use web_index::{LISTED_GAMES, PagedGame, RatingChange, RatingPoint};

pub use backup::backup;
pub use sql::{Database, Fault, PATIENCE, one_command};

use sql::{Conn, FromValue, Row, ToValue, Unreadable, Value};

/// Ids are Discord snowflakes, below 2^63: both engines' 64-bit integers hold them as they
/// are.
macro_rules! sql_id {
    ($($id:ident: $inner:ty),*) => {$(
        impl ToValue for $id {
            fn to_value(&self) -> Value {
                Value::Int(self.0 as i64)
            }
        }

        impl FromValue for $id {
            fn from_value(value: Value) -> Result<$id, Unreadable> {
                i64::from_value(value).map(|n| $id(n as $inner))
            }
        }
    )*};
}

sql_id!(UserId: u64, ChannelId: u64, GuildId: u64, GameId: i64, ChallengeId: i64, OutboxId: i64);

impl ToValue for ColorChoice {
    fn to_value(&self) -> Value {
        Value::Text(self.name().into())
    }
}

impl FromValue for ColorChoice {
    fn from_value(value: Value) -> Result<ColorChoice, Unreadable> {
        Ok(String::from_value(value)?.parse()?)
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

impl ToValue for GameStatus {
    fn to_value(&self) -> Value {
        Value::Text(status_name(*self).into())
    }
}

impl FromValue for GameStatus {
    fn from_value(value: Value) -> Result<GameStatus, Unreadable> {
        let name = String::from_value(value)?;
        [
            GameStatus::Active,
            GameStatus::Won(Color::White),
            GameStatus::Won(Color::Black),
            GameStatus::Aborted,
            GameStatus::Abandoned,
        ]
        .into_iter()
        .find(|status| status_name(*status) == name)
        .ok_or_else(|| format!("unknown game status `{name}`").into())
    }
}

/// Why the text in column `index` does not read back as what was written there.
fn unreadable(index: usize, error: impl Into<Unreadable>) -> sql::Error {
    sql::Error::Unreadable(index, error.into())
}

/// A column holding a value written by its `Display` (a variant), read back by its
/// `FromStr`. A value that does not read back is an error, never a default.
fn parsed<T>(row: &Row, index: usize) -> sql::Result<T>
where
    T: FromStr,
    T::Err: std::error::Error + Send + Sync + 'static,
{
    let text: String = row.get(index)?;
    text.parse().map_err(|e| unreadable(index, e))
}

fn parsed_color(row: &Row, index: usize) -> sql::Result<Option<Color>> {
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
fn decisions(row: &Row, index: usize) -> sql::Result<Partial> {
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
fn spec(row: &Row, variant: usize, index: usize) -> sql::Result<GameSpec> {
    let Some(text) = row.get::<Option<String>>(index)? else {
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
fn time_control(row: &Row, days: usize) -> sql::Result<Option<TimeControl>> {
    let autoforfeit: bool = row.get(days + 1)?;
    Ok(row
        .get::<Option<u8>>(days)?
        .map(|days| TimeControl { days, autoforfeit }))
}

/// A pool of connections to one database.
pub struct Store {
    database: Database,
    idle: Mutex<Idle>,
    clock: Clock,
    /// This process among those sharing the database, as its leases and claims name it.
    holder: String,
    /// Whether this process posts the messages it owes (an engine worker posts none).
    posts: bool,
    /// The channel outside any server whose games this process's pages show (the
    /// console's, when it serves its own pages).
    own_pages: Option<ChannelId>,
}

/// The name a process goes by when given none: its host's. A process restarted under its
/// name takes back at once what it held before (see `leases.rs`).
pub fn host_name() -> String {
    let host = std::fs::read_to_string("/etc/hostname").unwrap_or_default();
    match host.trim() {
        "" => "gipf-bot".into(),
        host => host.into(),
    }
}

/// How many idle connections the pool keeps: the service's workers rarely hold more at once.
const IDLE_CONNECTIONS: usize = 8;

/// The idle connections, and how many times the server was found gone: a connection taken
/// before the last time is not pooled again (it was opened to the server that went away,
/// and would fail whoever took it next).
struct Idle {
    conns: Vec<Conn>,
    losses: u64,
}

impl Store {
    /// What time it is by the store's clock (Unix seconds).
    pub fn now(&self) -> i64 {
        self.clock.now()
    }

    /// Opens (creating if needed) the database and brings its schema up to date.
    pub fn open(database: impl Into<Database>, clock: Clock) -> anyhow::Result<Store> {
        let database = database.into();
        let mut conn = Conn::open(&database)?;
        sql::patiently(&database, || migrate::to(&mut conn, migrate::STEPS.len()))
            .with_context(|| format!("cannot migrate the database {database}"))?;
        tracing::debug!(%database, engine = conn.engine(), "database open");
        Ok(Store {
            database,
            idle: Mutex::new(Idle {
                conns: vec![conn],
                losses: 0,
            }),
            clock,
            holder: host_name(),
            posts: true,
            own_pages: None,
        })
    }

    /// The store for the process named `holder` among those sharing the database, which
    /// posts the messages it owes if `posts`.
    pub fn as_process(self, holder: &str, posts: bool) -> Store {
        Store {
            holder: holder.into(),
            posts,
            ..self
        }
    }

    /// The store whose pages show the games of `channel` outside any server too (the
    /// console's own, when it serves pages itself).
    pub fn showing(self, channel: Option<ChannelId>) -> Store {
        Store {
            own_pages: channel,
            ..self
        }
    }

    /// The process that posts the messages this one owes: this one, or none (the next one
    /// that looks) where this one posts nothing.
    fn poster(&self) -> Option<&str> {
        self.posts.then_some(self.holder.as_str())
    }

    /// Where the data lives.
    pub fn database(&self) -> &Database {
        &self.database
    }

    /// Runs `f` on a pooled connection: again on a new one, for up to [`sql::PATIENCE`], if
    /// the database did not answer (`f` is a transaction: tried again, it applies once).
    fn with<T>(&self, mut f: impl FnMut(&mut Conn) -> anyhow::Result<T>) -> anyhow::Result<T> {
        sql::patiently(&self.database, || self.once(&mut f))
    }

    /// Runs `f` once on a pooled connection (or a new one).
    fn once<T>(&self, f: impl FnOnce(&mut Conn) -> anyhow::Result<T>) -> anyhow::Result<T> {
        let (pooled, taken_after) = {
            let mut idle =
                (self.idle.lock()).map_err(|_| anyhow::anyhow!("connection pool poisoned"))?;
            (idle.conns.pop(), idle.losses)
        };
        let mut conn = match pooled {
            Some(conn) => conn,
            None => Conn::open(&self.database)?,
        };
        let result = f(&mut conn);
        if let Ok(mut idle) = self.idle.lock() {
            if conn.lost() {
                // The server went away: its other connections are gone too, the ones in
                // use included.
                idle.conns.clear();
                idle.losses += 1;
            } else if conn.reusable()
                && idle.losses == taken_after
                && idle.conns.len() < IDLE_CONNECTIONS
            {
                idle.conns.push(conn);
            }
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use gipf::{ByColor, Variant};
    use rusqlite::Connection;
    use rusqlite_migration::{M, Migrations};

    use super::*;

    /// The end of a game by `loser`'s resignation.
    fn resigned_by(loser: Color) -> Progress {
        Progress {
            resigned: Some(loser),
            ..Progress::to(GameStatus::Won(!loser), Partial::default())
        }
    }

    /// A new database for a test: a file in `dir`, or with `TEST_DATABASE_URL` set, a schema
    /// of its own on that PostgreSQL server.
    pub(crate) fn test_database(dir: &tempfile::TempDir) -> Database {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        match std::env::var("TEST_DATABASE_URL") {
            Ok(url) if !url.trim().is_empty() => {
                let Ok(Database::Postgres(url)) = Database::parse(&url) else {
                    panic!("TEST_DATABASE_URL is not a postgres:// URL");
                };
                let n = NEXT.fetch_add(1, Ordering::Relaxed);
                Database::scratch(&url, &format!("u{}_{n}", std::process::id())).unwrap()
            }
            _ => Database::Sqlite(dir.path().join("t.db")),
        }
    }

    fn store_with_a_game() -> (tempfile::TempDir, Store, StoredGame) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(test_database(&dir), Clock::system()).unwrap();
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
        let (id, _) = store.create_challenge(&new, minute).unwrap().unwrap();
        let again = store.create_challenge(&new, minute).unwrap();
        assert_eq!(again, None, "one per channel");
        let challenge = store.challenge(ChannelId(7)).unwrap().unwrap();
        assert_eq!((challenge.id, &challenge.terms), (id, &new));
        let game = store
            .start_game(&challenge, ByColor::new(UserId(2), UserId(1)), None)
            .unwrap()
            .unwrap()
            .game;
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
        assert!(migrate::sqlite_migrations().validate().is_ok());
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
            ended_by: Some(UserId(2)),
            ..Progress::to(GameStatus::Aborted, Partial::default())
        };
        let aborted = store.save(&game, progress).unwrap().unwrap().game;
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
        let (new, _) = store.create_challenge(&terms, hour).unwrap().unwrap();
        assert!(new.0 > 5, "{new:?}");
        store.delete_challenge(new).unwrap();
        let (newer, _) = store.create_challenge(&terms, hour).unwrap().unwrap();
        assert!(newer.0 > new.0, "{newer:?} after {new:?}");
    }

    #[test]
    fn one_active_game_per_channel_is_enforced_by_the_database() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(test_database(&dir), Clock::system()).unwrap();
        store.remember_user(UserId(1), "a").unwrap();
        store.remember_user(UserId(2), "b").unwrap();
        store
            .with(|c| {
                let insert =
                    "INSERT INTO games (channel_id, variant, white, black, created_at, updated_at)
                          VALUES (7, 'standard', 1, 2, 0, 0)";
                c.execute(insert, sql::params![])?;
                assert!(c.execute(insert, sql::params![]).is_err());
                c.execute("UPDATE games SET status = 'white_won'", sql::params![])?;
                c.execute(insert, sql::params![])?;
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
            ..Progress::to(GameStatus::Active, Partial::default())
        };
        let saved = store.save(&game, progress.clone()).unwrap().unwrap().game;
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
            ..Progress::to(GameStatus::Active, Partial::default())
        };
        let played = store.save(&game, progress).unwrap().unwrap().game;
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
        let saved = store.save(&game, progress).unwrap().unwrap().game;
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
                    sql::params![],
                )?;
                // The CHECK constraint keeps bad colours out; a bad variant is caught on read.
                c.execute("UPDATE challenges SET variant = 'chess' WHERE channel_id = 8", sql::params![])?;
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
            .with(|c| {
                Ok(c.execute(
                    "UPDATE games SET hints = 0 WHERE id = ?1",
                    sql::params![game.id],
                )?)
            })
            .unwrap();
        let game = StoredGame {
            hints: false,
            ..game
        };
        let won = resigned_by(Color::Black);
        let saved = store.save(&game, won.clone()).unwrap().unwrap().game;
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
