//! The SQLite store: the only place that knows SQL. Every statement binds its parameters.

use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use anyhow::Context;
use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};
use rusqlite_migration::{M, Migrations};

use crate::reply::UserId;

/// The schema, one migration a file in `migrations/`.
pub fn migrations() -> Migrations<'static> {
    const STEPS: &[M<'static>] = &[M::up(include_str!("../migrations/0001_init.sql"))];
    Migrations::from_slice(STEPS)
}

/// Seconds since the Unix epoch.
pub fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// An open challenge.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Challenge {
    /// Row id.
    pub id: i64,
    /// The challenger.
    pub challenger: UserId,
    /// The challenged user.
    pub challenged: UserId,
    /// The variant, as `gipf::Variant` prints it.
    pub variant: String,
    /// The challenger's colour: `white`, `black` or `random`.
    pub color: String,
    /// When it lapses (Unix seconds).
    pub expires_at: i64,
}

/// A game as stored: who plays, how it stands, and its turns in the official notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// Row id.
    pub id: i64,
    /// The channel it is played in.
    pub channel_id: u64,
    /// The variant, as `gipf::Variant` prints it.
    pub variant: String,
    /// White's player.
    pub white: UserId,
    /// Black's player.
    pub black: UserId,
    /// `active`, `white_won` or `black_won`.
    pub status: String,
    /// The colour that resigned, if one did.
    pub resigned: Option<String>,
    /// The optimistic-concurrency version.
    pub version: i64,
    /// The decisions of the turn in progress, as JSON.
    pub partial: String,
    /// Completed turns, in order.
    pub turns: Vec<String>,
}

/// What a save changes.
#[derive(Clone, Debug, Default)]
pub struct Progress {
    /// New completed turns: (notation, player).
    pub turns: Vec<(String, UserId)>,
    /// The decisions of the turn now in progress (JSON).
    pub partial: String,
    /// The new status.
    pub status: String,
    /// Who resigned, if someone did now.
    pub resigned: Option<String>,
}

/// A pool of connections to one database file.
pub struct Store {
    path: PathBuf,
    idle: Mutex<Vec<Connection>>,
}

fn open_connection(path: &Path) -> anyhow::Result<Connection> {
    let conn = Connection::open(path)
        .with_context(|| format!("cannot open the database {}", path.display()))?;
    conn.busy_timeout(std::time::Duration::from_secs(5))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.pragma_update(None, "synchronous", "NORMAL")?;
    Ok(conn)
}

impl Store {
    /// Opens (creating if needed) the database and brings its schema up to date.
    pub fn open(path: impl AsRef<Path>) -> anyhow::Result<Store> {
        let path = path.as_ref().to_path_buf();
        let mut conn = open_connection(&path)?;
        migrations()
            .to_latest(&mut conn)
            .context("cannot migrate the database")?;
        Ok(Store {
            path,
            idle: Mutex::new(vec![conn]),
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
            .execute(params![id.0 as i64, name])?;
            Ok(())
        })
    }

    /// A user's last known display name.
    pub fn user_name(&self, id: UserId) -> anyhow::Result<Option<String>> {
        self.with(|c| {
            Ok(c.prepare_cached("SELECT name FROM users WHERE id = ?1")?
                .query_row(params![id.0 as i64], |r| r.get(0))
                .optional()?)
        })
    }

    /// The open challenge in a channel; an expired one is deleted and not returned.
    pub fn challenge(&self, channel: u64) -> anyhow::Result<Option<Challenge>> {
        self.with(|c| {
            c.prepare_cached("DELETE FROM challenges WHERE channel_id = ?1 AND expires_at <= ?2")?
                .execute(params![channel as i64, now()])?;
            Ok(c.prepare_cached(
                "SELECT id, challenger, challenged, variant, color, expires_at FROM challenges WHERE channel_id = ?1",
            )?
            .query_row(params![channel as i64], |r| {
                Ok(Challenge {
                    id: r.get(0)?,
                    challenger: UserId(r.get::<_, i64>(1)? as u64),
                    challenged: UserId(r.get::<_, i64>(2)? as u64),
                    variant: r.get(3)?,
                    color: r.get(4)?,
                    expires_at: r.get(5)?,
                })
            })
            .optional()?)
        })
    }

    /// Records a challenge and returns its id; `None` if the channel has one already.
    #[allow(clippy::too_many_arguments)]
    pub fn create_challenge(
        &self,
        guild: Option<u64>,
        channel: u64,
        challenger: UserId,
        challenged: UserId,
        variant: &str,
        color: &str,
        ttl_seconds: i64,
    ) -> anyhow::Result<Option<i64>> {
        self.with(|c| {
            let created = now();
            let inserted = c
                .prepare_cached(
                    "INSERT INTO challenges (guild_id, channel_id, challenger, challenged, variant, color, created_at, expires_at)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8) ON CONFLICT(channel_id) DO NOTHING",
                )?
                .execute(params![
                guild.map(|g| g as i64),
                channel as i64,
                challenger.0 as i64,
                challenged.0 as i64,
                variant,
                color,
                created,
                created + ttl_seconds
            ])?;
            Ok((inserted == 1).then(|| c.last_insert_rowid()))
        })
    }

    /// Deletes a challenge; false if it was already gone.
    pub fn delete_challenge(&self, id: i64) -> anyhow::Result<bool> {
        self.with(|c| {
            Ok(c.prepare_cached("DELETE FROM challenges WHERE id = ?1")?
                .execute(params![id])?
                == 1)
        })
    }

    /// Turns a challenge into a game, in one transaction. `None` if the challenge was gone
    /// (someone else answered it first).
    pub fn start_game(
        &self,
        guild: Option<u64>,
        channel: u64,
        challenge_id: i64,
        variant: &str,
        white: UserId,
        black: UserId,
    ) -> anyhow::Result<Option<i64>> {
        self.with(|c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            if tx.execute("DELETE FROM challenges WHERE id = ?1", params![challenge_id])? == 0 {
                return Ok(None);
            }
            let at = now();
            tx.execute(
                "INSERT INTO games (guild_id, channel_id, variant, white, black, created_at, updated_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6)",
                params![guild.map(|g| g as i64), channel as i64, variant, white.0 as i64, black.0 as i64, at],
            )?;
            let id = tx.last_insert_rowid();
            tx.commit()?;
            Ok(Some(id))
        })
    }

    /// The active game of a channel, or with `include_finished` the latest one.
    pub fn game_in(
        &self,
        channel: u64,
        include_finished: bool,
    ) -> anyhow::Result<Option<StoredGame>> {
        self.with(|c| {
            let tx = c.transaction()?;
            let game = tx
                .prepare_cached(
                    "SELECT id, channel_id, variant, white, black, status, resigned, version, partial FROM games
                     WHERE channel_id = ?1 AND (status = 'active' OR ?2) ORDER BY status = 'active' DESC, id DESC LIMIT 1",
                )?
                .query_row(params![channel as i64, include_finished], |r| {
                    Ok(StoredGame {
                        id: r.get(0)?,
                        channel_id: r.get::<_, i64>(1)? as u64,
                        variant: r.get(2)?,
                        white: UserId(r.get::<_, i64>(3)? as u64),
                        black: UserId(r.get::<_, i64>(4)? as u64),
                        status: r.get(5)?,
                        resigned: r.get(6)?,
                        version: r.get(7)?,
                        partial: r.get(8)?,
                        turns: Vec::new(),
                    })
                })
                .optional()?;
            let Some(mut game) = game else { return Ok(None) };
            game.turns = tx
                .prepare_cached("SELECT notation FROM turns WHERE game_id = ?1 ORDER BY ply")?
                .query_map(params![game.id], |r| r.get(0))?
                .collect::<Result<_, _>>()?;
            Ok(Some(game))
        })
    }

    /// Saves a game's progress if nobody changed it since `version` was read: all or nothing.
    /// Returns false (and writes nothing) when the version moved on.
    pub fn save(&self, game: &StoredGame, progress: &Progress) -> anyhow::Result<bool> {
        self.with(|c| {
            let tx = c.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let at = now();
            let updated = tx.execute(
                "UPDATE games SET version = version + 1, partial = ?1, status = ?2,
                        resigned = COALESCE(?3, resigned), updated_at = ?4
                 WHERE id = ?5 AND version = ?6",
                params![progress.partial, progress.status, progress.resigned, at, game.id, game.version],
            )?;
            if updated == 0 {
                return Ok(false);
            }
            let mut insert = tx.prepare_cached(
                "INSERT INTO turns (game_id, ply, notation, player, played_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            )?;
            for (i, (notation, player)) in progress.turns.iter().enumerate() {
                let ply = game.turns.len() + i + 1;
                insert.execute(params![game.id, ply as i64, notation, player.0 as i64, at])?;
            }
            drop(insert);
            tx.commit()?;
            Ok(true)
        })
    }

    /// The channels of a server with an active game, the latest played first (25 at most).
    pub fn active_game_channels(&self, guild: u64) -> anyhow::Result<Vec<u64>> {
        self.with(|c| {
            let mut statement = c.prepare_cached(
                "SELECT channel_id FROM games WHERE status = 'active' AND guild_id = ?1
                 ORDER BY updated_at DESC LIMIT 25",
            )?;
            let rows =
                statement.query_map(params![guild as i64], |r| Ok(r.get::<_, i64>(0)? as u64))?;
            Ok(rows.collect::<Result<_, _>>()?)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid() {
        assert!(migrations().validate().is_ok());
    }

    #[test]
    fn one_active_game_per_channel_is_enforced_by_the_database() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path().join("t.db")).unwrap();
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
    fn a_stale_version_writes_nothing() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path().join("t.db")).unwrap();
        store.remember_user(UserId(1), "a").unwrap();
        store.remember_user(UserId(2), "b").unwrap();
        store
            .create_challenge(None, 7, UserId(1), UserId(2), "standard", "white", 60)
            .unwrap();
        let challenge = store.challenge(7).unwrap().unwrap();
        store
            .start_game(None, 7, challenge.id, "standard", UserId(1), UserId(2))
            .unwrap()
            .unwrap();
        let game = store.game_in(7, false).unwrap().unwrap();
        let progress = Progress {
            turns: vec![("c2".into(), UserId(1))],
            partial: "[]".into(),
            status: "active".into(),
            resigned: None,
        };
        assert!(store.save(&game, &progress).unwrap());
        assert!(
            !store.save(&game, &progress).unwrap(),
            "the second writer read version 0 too"
        );
        let reloaded = store.game_in(7, false).unwrap().unwrap();
        assert_eq!(reloaded.turns, ["c2"]);
        assert_eq!(reloaded.version, 1);
    }
}
