//! The SQLite store: the only place that knows SQL and how things are spelled in it. Every
//! statement binds its parameters; everything going in and out is a domain type.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Mutex;
use std::time::Duration;

use anyhow::Context;
use gipf::potentials::Options;
use gipf::{ByColor, Color, Variant};
use gipf_ai::Level;
use rusqlite::types::{FromSql, FromSqlError, FromSqlResult, ToSqlOutput, ValueRef};
use rusqlite::{Connection, OptionalExtension, Row, ToSql, TransactionBehavior, params};
use rusqlite_migration::{M, Migrations};

use crate::model::{
    ChallengeId, ChannelId, Clock, ColorChoice, GameId, GameStatus, GuildId, GuildSettings,
    Partial, TimeControl, UserId,
};

mod archive;
mod ratings;

pub use archive::GameFilter;
pub use ratings::{PlayerRecord, Rating, RatingRow};

/// The schema, one migration a file in `migrations/`.
pub fn migrations() -> Migrations<'static> {
    const STEPS: &[M<'static>] = &[
        M::up(include_str!("../migrations/0001_init.sql")),
        M::up(include_str!(
            "../migrations/0002_challenge_ids_never_reused.sql"
        )),
        M::up(include_str!("../migrations/0003_notices.sql")),
        M::up(include_str!(
            "../migrations/0004_games_end_without_a_winner.sql"
        )),
        M::up(include_str!("../migrations/0005_time_per_move.sql")),
        M::up(include_str!("../migrations/0006_server_settings.sql")),
        M::up(include_str!("../migrations/0007_threads.sql")),
        M::up(include_str!("../migrations/0008_archive_and_ratings.sql")),
        M::up(include_str!("../migrations/0009_engine_and_hints.sql")),
        M::up(include_str!("../migrations/0010_potentials.sql")),
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

sql_id!(UserId: u64, ChannelId: u64, GuildId: u64, GameId: i64, ChallengeId: i64);

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

/// The potentials column: `ultimate`, or the header's `W:<list> B:<list>`.
fn potentials_text(options: &Option<Options>) -> Option<String> {
    options.map(|o| {
        if o.ultimate {
            "ultimate".to_string()
        } else {
            gipf::potentials::supplies_to_string(&o.supply)
        }
    })
}

/// The potentials of a row whose variant is at `variant` and potentials at `variant + k`.
fn potentials(row: &Row, variant: usize, index: usize) -> rusqlite::Result<Option<Options>> {
    let Some(text) = row.get::<_, Option<String>>(index)? else {
        return Ok(None);
    };
    let name: String = row.get(variant)?;
    let (name, supply) = match text.as_str() {
        "ultimate" => ("ultimate", None),
        _ => (name.as_str(), Some(text.as_str())),
    };
    Options::parse(name, supply)
        .map(Some)
        .map_err(|e| unreadable(index, e))
}

/// What a challenge proposes: who plays whom, where, which game and which colours.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChallengeTerms {
    /// The server, if any.
    pub guild: Option<GuildId>,
    /// The channel the game will be played in.
    pub channel: ChannelId,
    /// Who challenges.
    pub challenger: UserId,
    /// Who is challenged.
    pub challenged: UserId,
    /// Which game.
    pub variant: Variant,
    /// The challenger's colour.
    pub color: ColorChoice,
    /// The time per move, if any.
    pub time: Option<TimeControl>,
    /// The game is to be played in a thread of its own.
    pub thread: bool,
    /// Both players may ask the engine for hints.
    pub hints: bool,
    /// The potentials of both players, or Ultimate GIPF (then `variant` is tournament).
    pub potentials: Option<Options>,
}

/// An open challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Its id.
    pub id: ChallengeId,
    /// What it proposes.
    pub terms: ChallengeTerms,
}

/// A game as stored: who plays, how it stands, and its turns in the official notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// Its id.
    pub id: GameId,
    /// Its server, if any.
    pub guild: Option<GuildId>,
    /// Its channel.
    pub channel: ChannelId,
    /// Which game.
    pub variant: Variant,
    /// Who plays each colour.
    pub players: ByColor<UserId>,
    /// How it stands.
    pub status: GameStatus,
    /// The colour that resigned, if one did.
    pub resigned: Option<Color>,
    /// Who ended the game without a result, if someone did.
    pub ended_by: Option<UserId>,
    /// The optimistic-concurrency version: every save bumps it.
    pub version: i64,
    /// When it last changed (Unix seconds).
    pub updated_at: i64,
    /// The time per move, if any.
    pub time: Option<TimeControl>,
    /// When the player to move runs out of time (Unix seconds).
    pub deadline: Option<i64>,
    /// How far the warnings about this deadline went: 0 none, 1 reminded, 2 time is up.
    pub warned: u8,
    /// The colour that lost on time, if one did.
    pub forfeited: Option<Color>,
    /// The decisions of the turn in progress.
    pub partial: Partial,
    /// When it started (Unix seconds).
    pub created_at: i64,
    /// Where it was played, as its record names it (`<server> #<channel>`), if known.
    pub site: Option<String>,
    /// Both players may ask the engine for hints.
    pub hints: bool,
    /// Against the engine: its level.
    pub engine: Option<Level>,
    /// The potentials it is played with, or Ultimate GIPF.
    pub potentials: Option<Options>,
    /// Completed turns in the official notation, in order.
    pub turns: Vec<String>,
}

/// What a save changes.
#[derive(Clone, Debug)]
pub struct Progress {
    /// New completed turns: (notation, player).
    pub turns: Vec<(String, UserId)>,
    /// The decisions of the turn now in progress.
    pub partial: Partial,
    /// The new status.
    pub status: GameStatus,
    /// Who resigned, if someone did now.
    pub resigned: Option<Color>,
    /// Who ended the game without a result, if someone did now.
    pub ended_by: Option<UserId>,
    /// The colour that lost on time, if one did now.
    pub forfeited: Option<Color>,
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

const GAME_COLUMNS: &str = "id, variant, white, black, status, resigned, version, partial, \
     ended_by, updated_at, channel_id, move_days, autoforfeit, deadline, warned, forfeited, \
     guild_id, created_at, site, hints, engine_level, potentials";

/// A time control read from `move_days` and `autoforfeit` columns.
fn time_control(row: &Row, days: usize) -> rusqlite::Result<Option<TimeControl>> {
    let autoforfeit: bool = row.get(days + 1)?;
    Ok(row
        .get::<_, Option<u8>>(days)?
        .map(|days| TimeControl { days, autoforfeit }))
}

/// A `games` row of [`GAME_COLUMNS`], its turns still to be read; a row whose columns do not
/// read back is [`Damaged`], not an error, so that it can still be named and ended.
fn game_row(r: &Row) -> rusqlite::Result<Result<StoredGame, Damaged>> {
    let id = r.get(0)?;
    let players = ByColor::new(r.get(2)?, r.get(3)?);
    let (status, version, updated_at, channel, guild) =
        (r.get(4)?, r.get(6)?, r.get(9)?, r.get(10)?, r.get(16)?);
    let read = || -> rusqlite::Result<StoredGame> {
        Ok(StoredGame {
            id,
            variant: parsed(r, 1)?,
            players,
            status,
            resigned: parsed_color(r, 5)?,
            version,
            partial: decisions(r, 7)?,
            ended_by: r.get(8)?,
            updated_at,
            channel,
            time: time_control(r, 11)?,
            deadline: r.get(13)?,
            warned: r.get(14)?,
            forfeited: parsed_color(r, 15)?,
            guild,
            created_at: r.get(17)?,
            site: r.get(18)?,
            hints: r.get(19)?,
            engine: r
                .get::<_, Option<String>>(20)?
                .map(|level| level.parse().map_err(|e| unreadable(20, e)))
                .transpose()?,
            potentials: potentials(r, 1, 21)?,
            turns: Vec::new(),
        })
    };
    Ok(read().map_err(|e| Damaged {
        id,
        channel,
        guild,
        players,
        status,
        version,
        updated_at,
        turn: None,
        why: unreadable_why(&e),
    }))
}

/// What a column that does not read back held, in words.
fn unreadable_why(error: &rusqlite::Error) -> String {
    let rusqlite::Error::FromSqlConversionFailure(column, _, why) = error else {
        return error.to_string();
    };
    let what = match *column {
        1 => "its variant",
        5 => "who resigned",
        7 => "the decisions of the turn in progress",
        15 => "who lost on time",
        20 => "the engine's level",
        21 => "its potentials",
        _ => "a column",
    };
    format!("{what} cannot be read: {why}")
}

/// A stored game that cannot be brought back (a column or a turn that does not read back):
/// enough of it to name it, say why, and end it without loading it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Damaged {
    /// The game.
    pub id: GameId,
    /// Its channel.
    pub channel: ChannelId,
    /// Its server, if any.
    pub guild: Option<GuildId>,
    /// Who plays each colour.
    pub players: ByColor<UserId>,
    /// How it stands.
    pub status: GameStatus,
    /// Its version, for ending it only if nobody changed it meanwhile.
    pub version: i64,
    /// When it last changed (Unix seconds).
    pub updated_at: i64,
    /// The turn (from 1) that cannot be read, if one turn is at fault.
    pub turn: Option<usize>,
    /// Why, in words.
    pub why: String,
}

impl Damaged {
    /// `game`, damaged at `turn` for `why`.
    pub fn of(game: &StoredGame, turn: Option<usize>, why: String) -> Damaged {
        Damaged {
            id: game.id,
            channel: game.channel,
            guild: game.guild,
            players: game.players,
            status: game.status,
            version: game.version,
            updated_at: game.updated_at,
            turn,
            why,
        }
    }
}

/// `game 12's record cannot be read at turn 7 (why)`.
impl std::fmt::Display for Damaged {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "game {}'s record cannot be read", self.id)?;
        if let Some(turn) = self.turn {
            write!(f, " at turn {turn}")?;
        }
        write!(f, " ({})", self.why)
    }
}

impl std::error::Error for Damaged {}

/// A game row read, as an error when it is damaged.
fn readable(row: Result<StoredGame, Damaged>) -> anyhow::Result<StoredGame> {
    Ok(row?)
}

/// Inserts a new game on `terms` between `players`, started `at`.
fn insert_game(
    c: &Connection,
    terms: &ChallengeTerms,
    players: ByColor<UserId>,
    site: Option<&str>,
    engine: Option<Level>,
    at: i64,
) -> anyhow::Result<StoredGame> {
    let deadline = terms.time.map(|t| at + t.seconds());
    c.execute(
        "INSERT INTO games (guild_id, channel_id, variant, white, black, created_at, updated_at,
                            move_days, autoforfeit, deadline, site, hints, engine_level, potentials)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
        params![
            terms.guild,
            terms.channel,
            terms.variant.to_string(),
            players[Color::White],
            players[Color::Black],
            at,
            terms.time.map(|t| t.days),
            terms.time.is_some_and(|t| t.autoforfeit),
            deadline,
            site,
            terms.hints,
            engine.map(Level::name),
            potentials_text(&terms.potentials)
        ],
    )?;
    Ok(StoredGame {
        id: GameId(c.last_insert_rowid()),
        guild: terms.guild,
        channel: terms.channel,
        variant: terms.variant,
        players,
        status: GameStatus::Active,
        resigned: None,
        ended_by: None,
        version: 0,
        updated_at: at,
        time: terms.time,
        deadline,
        warned: 0,
        forfeited: None,
        partial: Partial::default(),
        created_at: at,
        site: site.map(str::to_string),
        hints: terms.hints,
        engine,
        potentials: terms.potentials,
        turns: Vec::new(),
    })
}

/// `game` with its turns read.
fn with_turns(c: &Connection, mut game: StoredGame) -> anyhow::Result<StoredGame> {
    game.turns = c
        .prepare_cached("SELECT notation FROM turns WHERE game_id = ?1 ORDER BY ply")?
        .query_map(params![game.id], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(game)
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

    /// Remembers a user's display name.
    pub fn remember_user(&self, id: UserId, name: &str) -> anyhow::Result<()> {
        self.with(|c| {
            c.prepare_cached(
                "INSERT INTO users (id, name) VALUES (?1, ?2) ON CONFLICT(id) DO UPDATE SET name = excluded.name",
            )?
            .execute(params![id, name])?;
            Ok(())
        })
    }

    /// A user's last known display name.
    pub fn user_name(&self, id: UserId) -> anyhow::Result<Option<String>> {
        self.with(|c| {
            Ok(c.prepare_cached("SELECT name FROM users WHERE id = ?1")?
                .query_row(params![id], |r| r.get(0))
                .optional()?)
        })
    }

    /// Whether `user` wants a direct message when it is their turn or they are challenged.
    pub fn wants_dm(&self, user: UserId) -> anyhow::Result<bool> {
        self.with(|c| {
            let dm: Option<bool> = c
                .prepare_cached("SELECT dm FROM notices WHERE user_id = ?1")?
                .query_row(params![user], |r| r.get(0))
                .optional()?;
            Ok(dm.unwrap_or(false))
        })
    }

    /// Turns `user`'s direct messages on or off (a known user: see [`Store::remember_user`]).
    pub fn set_dm(&self, user: UserId, dm: bool) -> anyhow::Result<()> {
        self.with(|c| {
            c.prepare_cached(
                "INSERT INTO notices (user_id, dm) VALUES (?1, ?2) ON CONFLICT(user_id) DO UPDATE SET dm = excluded.dm",
            )?
            .execute(params![user, dm])?;
            Ok(())
        })
    }

    /// A server's settings (all unset for a server that set none).
    pub fn guild_settings(&self, guild: GuildId) -> anyhow::Result<GuildSettings> {
        self.with(|c| {
            Ok(c.prepare_cached(
                "SELECT move_days, abandon_days, threads FROM guild_settings WHERE guild_id = ?1",
            )?
            .query_row(params![guild], |r| {
                Ok(GuildSettings {
                    move_days: r.get(0)?,
                    abandon_days: r.get(1)?,
                    threads: r.get(2)?,
                })
            })
            .optional()?
            .unwrap_or_default())
        })
    }

    /// Replaces a server's settings.
    pub fn set_guild_settings(
        &self,
        guild: GuildId,
        settings: GuildSettings,
    ) -> anyhow::Result<()> {
        self.with(|c| {
            c.prepare_cached(
                "INSERT INTO guild_settings (guild_id, move_days, abandon_days, threads)
                 VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT(guild_id) DO UPDATE SET move_days = excluded.move_days,
                     abandon_days = excluded.abandon_days, threads = excluded.threads",
            )?
            .execute(params![
                guild,
                settings.move_days,
                settings.abandon_days,
                settings.threads
            ])?;
            Ok(())
        })
    }

    /// The open challenge in a channel; an expired one is deleted and not returned.
    pub fn challenge(&self, channel: ChannelId) -> anyhow::Result<Option<Challenge>> {
        self.with(|c| {
            c.prepare_cached("DELETE FROM challenges WHERE channel_id = ?1 AND expires_at <= ?2")?
                .execute(params![channel, self.clock.now()])?;
            Ok(c.prepare_cached(
                "SELECT id, guild_id, channel_id, challenger, challenged, variant, color,
                        move_days, autoforfeit, thread, hints, potentials
                 FROM challenges WHERE channel_id = ?1",
            )?
            .query_row(params![channel], |r| {
                Ok(Challenge {
                    id: r.get(0)?,
                    terms: ChallengeTerms {
                        guild: r.get(1)?,
                        channel: r.get(2)?,
                        challenger: r.get(3)?,
                        challenged: r.get(4)?,
                        variant: parsed(r, 5)?,
                        color: r.get(6)?,
                        time: time_control(r, 7)?,
                        thread: r.get(9)?,
                        hints: r.get(10)?,
                        potentials: potentials(r, 5, 11)?,
                    },
                })
            })
            .optional()?)
        })
    }

    /// Records a challenge open for `ttl`; `None` if the channel has one already.
    pub fn create_challenge(
        &self,
        new: &ChallengeTerms,
        ttl: Duration,
    ) -> anyhow::Result<Option<ChallengeId>> {
        self.with(|c| {
            let created = self.clock.now();
            let ttl = i64::try_from(ttl.as_secs()).unwrap_or(i64::MAX);
            let inserted = c
                .prepare_cached(
                    "INSERT INTO challenges (guild_id, channel_id, challenger, challenged, variant, color,
                                             created_at, expires_at, move_days, autoforfeit, thread, hints,
                                             potentials)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
                     ON CONFLICT(channel_id) DO NOTHING",
                )?
                .execute(params![
                    new.guild,
                    new.channel,
                    new.challenger,
                    new.challenged,
                    new.variant.to_string(),
                    new.color,
                    created,
                    created.saturating_add(ttl),
                    new.time.map(|t| t.days),
                    new.time.is_some_and(|t| t.autoforfeit),
                    new.thread,
                    new.hints,
                    potentials_text(&new.potentials)
                ])?;
            Ok((inserted == 1).then(|| ChallengeId(c.last_insert_rowid())))
        })
    }

    /// Deletes a challenge; false if it was already gone.
    pub fn delete_challenge(&self, id: ChallengeId) -> anyhow::Result<bool> {
        self.with(|c| {
            Ok(c.prepare_cached("DELETE FROM challenges WHERE id = ?1")?
                .execute(params![id])?
                == 1)
        })
    }

    /// Turns a challenge into a game between `players`, in one transaction. `None` if the
    /// challenge was gone (someone else answered it first).
    pub fn start_game(
        &self,
        challenge: &Challenge,
        players: ByColor<UserId>,
        site: Option<&str>,
    ) -> anyhow::Result<Option<StoredGame>> {
        self.with(|c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            if tx.execute(
                "DELETE FROM challenges WHERE id = ?1",
                params![challenge.id],
            )? == 0
            {
                return Ok(None);
            }
            let game = insert_game(&tx, &challenge.terms, players, site, None, self.clock.now())?;
            tx.commit()?;
            Ok(Some(game))
        })
    }

    /// Starts a game against the engine at `level` right away (no challenge to answer).
    pub fn start_engine_game(
        &self,
        terms: &ChallengeTerms,
        players: ByColor<UserId>,
        level: Level,
        site: Option<&str>,
    ) -> anyhow::Result<StoredGame> {
        self.with(|c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let game = insert_game(&tx, terms, players, site, Some(level), self.clock.now())?;
            tx.commit()?;
            Ok(game)
        })
    }

    /// The active game of a channel, or with `include_finished` the latest one.
    pub fn game_in(
        &self,
        channel: ChannelId,
        include_finished: bool,
    ) -> anyhow::Result<Option<StoredGame>> {
        self.with(|c| {
            let tx = c.transaction()?;
            let active = GameStatus::Active;
            let game = tx
                .prepare_cached(&format!(
                    "SELECT {GAME_COLUMNS} FROM games
                     WHERE channel_id = ?1 AND (status = ?3 OR ?2)
                     ORDER BY status = ?3 DESC, id DESC LIMIT 1"
                ))?
                .query_row(params![channel, include_finished, active], game_row)
                .optional()?;
            game.map(|game| with_turns(&tx, readable(game)?))
                .transpose()
        })
    }

    /// Game `id`, with its turns.
    pub fn game(&self, id: GameId) -> anyhow::Result<Option<StoredGame>> {
        self.with(|c| {
            let tx = c.transaction()?;
            let game = tx
                .prepare_cached(&format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"))?
                .query_row(params![id], game_row)
                .optional()?;
            game.map(|game| with_turns(&tx, readable(game)?))
                .transpose()
        })
    }

    /// Saves a game's progress if nobody changed it since `game` was read: all or nothing.
    /// Returns the game as saved (version bumped, turns appended), or `None` (having
    /// written nothing) when the version had moved on.
    pub fn save(
        &self,
        game: &StoredGame,
        progress: Progress,
    ) -> anyhow::Result<Option<StoredGame>> {
        let partial = serde_json::to_string(&progress.partial)?;
        self.with(|c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let at = self.clock.now();
            // A completed turn hands the move on: the next player's time starts now.
            let (deadline, warned) = match game.time {
                Some(time) if !progress.turns.is_empty() => (Some(at + time.seconds()), 0),
                _ => (game.deadline, game.warned),
            };
            let updated = tx.execute(
                "UPDATE games SET version = version + 1, partial = ?1, status = ?2,
                        resigned = COALESCE(?3, resigned), updated_at = ?4,
                        ended_by = COALESCE(?7, ended_by), deadline = ?8, warned = ?9,
                        forfeited = COALESCE(?10, forfeited)
                 WHERE id = ?5 AND version = ?6",
                params![
                    partial,
                    progress.status,
                    progress.resigned.map(Color::name),
                    at,
                    game.id,
                    game.version,
                    progress.ended_by,
                    deadline,
                    warned,
                    progress.forfeited.map(Color::name)
                ],
            )?;
            if updated == 0 {
                return Ok(None);
            }
            let mut insert = tx.prepare_cached(
                "INSERT INTO turns (game_id, ply, notation, player, played_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?;
            for (i, (notation, player)) in progress.turns.iter().enumerate() {
                let ply = game.turns.len() + i + 1;
                insert.execute(params![game.id, ply as i64, notation, player, at])?;
            }
            drop(insert);
            if let (GameStatus::Won(winner), GameStatus::Active) = (progress.status, game.status) {
                ratings::rate(&tx, game, winner)?;
            }
            tx.commit()?;
            let mut saved = game.clone();
            saved.version += 1;
            saved.partial = progress.partial;
            saved.status = progress.status;
            saved.resigned = progress.resigned.or(game.resigned);
            saved.ended_by = progress.ended_by.or(game.ended_by);
            saved.forfeited = progress.forfeited.or(game.forfeited);
            saved.updated_at = at;
            saved.deadline = deadline;
            saved.warned = warned;
            saved.turns.extend(progress.turns.into_iter().map(|(t, _)| t));
            Ok(Some(saved))
        })
    }

    /// Ends a damaged active game without a result (`status` aborted or abandoned, by
    /// `ended_by` if someone), without reading it: false if it changed meanwhile.
    pub fn end_damaged(
        &self,
        game: &Damaged,
        status: GameStatus,
        ended_by: Option<UserId>,
    ) -> anyhow::Result<bool> {
        self.with(|c| {
            let ended = c
                .prepare_cached(
                    "UPDATE games SET version = version + 1, status = ?3, ended_by = ?4,
                            updated_at = ?5
                     WHERE id = ?1 AND version = ?2 AND status = ?6",
                )?
                .execute(params![
                    game.id,
                    game.version,
                    status,
                    ended_by,
                    self.clock.now(),
                    GameStatus::Active
                ])?;
            Ok(ended == 1)
        })
    }

    /// Moves an active game to another channel (the thread opened for it); false if it is
    /// no longer active.
    pub fn move_game(&self, game: GameId, channel: ChannelId) -> anyhow::Result<bool> {
        self.with(|c| {
            Ok(
                c.prepare_cached("UPDATE games SET channel_id = ?2 WHERE id = ?1 AND status = ?3")?
                    .execute(params![game, channel, GameStatus::Active])?
                    == 1,
            )
        })
    }

    /// The active games whose deadline calls for a word now: a reminder (a quarter of the
    /// time per move left, at most a day: `move_days * 21600` seconds, capped at 86400) or the
    /// news that time is up.
    pub fn games_due(&self) -> anyhow::Result<Vec<StoredGame>> {
        let now = self.clock.now();
        let ids: Vec<ChannelId> = self.with(|c| {
            let mut statement = c.prepare_cached(
                "SELECT channel_id FROM games
                 WHERE status = ?1 AND deadline IS NOT NULL
                   AND ((warned = 0 AND deadline - MIN(move_days * 21600, 86400) <= ?2)
                        OR (warned < 2 AND deadline <= ?2))
                 ORDER BY deadline",
            )?;
            let rows = statement.query_map(params![GameStatus::Active, now], |r| r.get(0))?;
            Ok(rows.collect::<Result<_, _>>()?)
        })?;
        let mut due = Vec::new();
        for channel in ids {
            match self.game_in(channel, false) {
                Ok(game) => due.extend(game),
                // A damaged game keeps its channel's players informed when they act there;
                // it must not stop the watch over the others.
                Err(e) if e.is::<Damaged>() => {
                    tracing::warn!(error = %e, "a damaged game's deadline is not watched");
                }
                Err(e) => return Err(e),
            }
        }
        Ok(due)
    }

    /// Records how far the warnings about a game's deadline went (not a change of the game:
    /// its version, which its buttons carry, stays).
    pub fn mark_warned(&self, game: GameId, warned: u8) -> anyhow::Result<()> {
        self.with(|c| {
            c.prepare_cached("UPDATE games SET warned = ?2 WHERE id = ?1")?
                .execute(params![game, warned])?;
            Ok(())
        })
    }

    /// The channels of a server with an active game, the latest played first (25 at most).
    pub fn active_game_channels(&self, guild: GuildId) -> anyhow::Result<Vec<ChannelId>> {
        self.with(|c| {
            let mut statement = c.prepare_cached(
                "SELECT channel_id FROM games WHERE status = ?2 AND guild_id = ?1
                 ORDER BY updated_at DESC LIMIT 25",
            )?;
            let rows = statement.query_map(params![guild, GameStatus::Active], |r| r.get(0))?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store_with_a_game() -> (tempfile::TempDir, Store, StoredGame) {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path().join("t.db"), Clock::system()).unwrap();
        store.remember_user(UserId(1), "a").unwrap();
        store.remember_user(UserId(2), "b").unwrap();
        let new = ChallengeTerms {
            guild: Some(GuildId(5)),
            channel: ChannelId(7),
            challenger: UserId(1),
            challenged: UserId(2),
            variant: Variant::Basic {
                extra: gipf::ByColor::new(0, 3),
            },
            color: ColorChoice::Black,
            time: Some(TimeControl {
                days: 2,
                autoforfeit: false,
            }),
            thread: false,
            hints: true,
            potentials: None,
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
            M::up(include_str!("../migrations/0001_init.sql")),
            M::up(include_str!(
                "../migrations/0002_challenge_ids_never_reused.sql"
            )),
            M::up(include_str!("../migrations/0003_notices.sql")),
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
        let first = [M::up(include_str!("../migrations/0001_init.sql"))];
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
            turns: vec![("c2".into(), UserId(2))],
            partial: Partial::default(),
            status: GameStatus::Active,
            resigned: None,
            ended_by: None,
            forfeited: None,
        };
        let saved = store.save(&game, progress.clone()).unwrap().unwrap();
        assert!(
            store.save(&game, progress).unwrap().is_none(),
            "the second writer read version 0 too"
        );
        let reloaded = store.game_in(ChannelId(7), false).unwrap().unwrap();
        assert_eq!(reloaded, saved);
        assert_eq!(reloaded.turns, ["c2"]);
        assert_eq!(reloaded.version, 1);
    }

    #[test]
    fn statuses_colours_and_variants_read_back_as_written() {
        let (_dir, store, game) = store_with_a_game();
        let progress = Progress {
            turns: Vec::new(),
            partial: Partial::default(),
            status: GameStatus::Won(Color::White),
            resigned: Some(Color::Black),
            ended_by: None,
            forfeited: None,
        };
        let saved = store.save(&game, progress).unwrap().unwrap();
        assert!(store.game_in(ChannelId(7), false).unwrap().is_none());
        let finished = store.game_in(ChannelId(7), true).unwrap().unwrap();
        assert_eq!(finished, saved);
        assert_eq!(
            finished.variant,
            Variant::Basic {
                extra: gipf::ByColor::new(0, 3)
            }
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
        let won = Progress {
            turns: Vec::new(),
            partial: Partial::default(),
            status: GameStatus::Won(Color::White),
            resigned: Some(Color::Black),
            ended_by: None,
            forfeited: None,
        };
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
