//! The `games` and `turns` tables: a game as stored, its turns, and every change to it in
//! one transaction guarded by its version.

use super::sql::{self, Conn, Row, params};
use crate::defaults::DAY;
use crate::sight::Seat;
use gipf::{ByColor, Color, Point};
use gipf_ai::Level;

use super::challenges::{Challenge, ChallengeTerms};
use super::engine_requests::{self, RequestKind};
use super::outbox::{self, Kind};
use super::ratings;
use super::{Store, decisions, parsed_color, potentials_text, spec, time_control, unreadable};
use crate::model::{
    ChannelId, GameId, GameSpec, GameStatus, GuildId, Partial, TimeControl, UserId,
};

/// A takeback asked for in the game's present position (stored in its row; asked, declined
/// and carried out in `takebacks.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Takeback {
    /// The colour that asked.
    pub by: Color,
    /// The opponent declined it (no second request until a move is made).
    pub declined: bool,
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
    /// What game it is.
    pub spec: GameSpec,
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
    /// The takeback asked for in this position (none once a move is made), if any.
    pub takeback: Option<Takeback>,
    /// The players' names as stored (read with the game: one query).
    pub names: ByColor<String>,
    /// Completed turns in the official notation, in order.
    pub turns: Vec<String>,
    /// For each of `turns`, the dot its push came in from where the notation leaves it out
    /// (a push onto an empty spot), as its player named it; `None` where the notation says
    /// it all, or for a turn stored before migration 22 (the replay's choice stands).
    pub dots: Vec<Option<Point>>,
}

/// What a save changes.
#[derive(Clone, Debug)]
pub struct Progress {
    /// New completed turns: (notation, player, the dot the notation leaves out).
    pub turns: Vec<(String, UserId, Option<Point>)>,
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
    /// The message this change is owed besides its turns' announcement (a loss on time, an
    /// abandonment the watch tells), written to the outbox with it.
    pub announced: Option<Kind>,
    /// The engine's user, if the engine is to move once this is saved: its turn is asked
    /// of the engine pools with it (see `engine_requests.rs`).
    pub engine_to_move: Option<UserId>,
}

impl Progress {
    /// A change to `status` with the turn in progress at `partial`, and nothing else: no
    /// turn completed, nobody resigned or ended it, nothing owed, the engine not asked.
    pub fn to(status: GameStatus, partial: Partial) -> Progress {
        Progress {
            turns: Vec::new(),
            partial,
            status,
            resigned: None,
            ended_by: None,
            forfeited: None,
            announced: None,
            engine_to_move: None,
        }
    }
}

pub(super) const GAME_COLUMNS: &str = "id, variant, white, black, status, resigned, version, partial, \
     ended_by, updated_at, channel_id, move_days, autoforfeit, deadline, warned, forfeited, \
     guild_id, created_at, site, hints, engine_level, potentials, \
     CASE WHEN takeback_version = version THEN takeback_by END, takeback_declined, \
     (SELECT name FROM users WHERE users.id = games.white), \
     (SELECT name FROM users WHERE users.id = games.black)";

/// A player's name as the bot shows it: cut short, `someone` if never seen.
fn shown_name(stored: Option<String>) -> String {
    stored
        .unwrap_or_else(|| "someone".into())
        .chars()
        .take(32)
        .collect()
}

/// The stored name of user `id`.
fn player_name(c: &mut Conn, id: UserId) -> sql::Result<Option<String>> {
    c.query_opt("SELECT name FROM users WHERE id = ?1", params![id], |r| {
        r.get(0)
    })
}

/// A `games` row of [`GAME_COLUMNS`], its turns still to be read; a row whose columns do not
/// read back is [`Damaged`], not an error, so that it can still be named and ended.
pub(super) fn game_row(r: &Row) -> sql::Result<Result<StoredGame, Damaged>> {
    let id = r.get(0)?;
    let players = ByColor::new(r.get(2)?, r.get(3)?);
    let (status, version, updated_at, channel, guild) =
        (r.get(4)?, r.get(6)?, r.get(9)?, r.get(10)?, r.get(16)?);
    let read = || -> sql::Result<StoredGame> {
        Ok(StoredGame {
            id,
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
                .get::<Option<String>>(20)?
                .map(|level| level.parse().map_err(|e| unreadable(20, e)))
                .transpose()?,
            spec: spec(r, 1, 21)?,
            takeback: match parsed_color(r, 22)? {
                Some(by) => Some(Takeback {
                    by,
                    declined: r.get(23)?,
                }),
                None => None,
            },
            names: ByColor::new(shown_name(r.get(24)?), shown_name(r.get(25)?)),
            turns: Vec::new(),
            dots: Vec::new(),
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
fn unreadable_why(error: &sql::Error) -> String {
    let sql::Error::Unreadable(column, why) = error else {
        return error.to_string();
    };
    let what = match *column {
        1 => "its variant",
        5 => "who resigned",
        7 => "the decisions of the turn in progress",
        15 => "who lost on time",
        20 => "the engine's level",
        21 => "its potentials",
        22 => "who asked for a takeback",
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

impl StoredGame {
    /// Where it is and who plays it: what decides who may see it.
    pub fn seat(&self) -> Seat {
        Seat {
            guild: self.guild,
            channel: self.channel,
            players: self.players,
        }
    }
}

impl Damaged {
    /// Where it is and who plays it: what decides who may see it.
    pub fn seat(&self) -> Seat {
        Seat {
            guild: self.guild,
            channel: self.channel,
            players: self.players,
        }
    }

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
pub(super) fn insert_game(
    c: &mut Conn,
    terms: &ChallengeTerms,
    players: ByColor<UserId>,
    site: Option<&str>,
    engine: Option<Level>,
    at: i64,
) -> anyhow::Result<StoredGame> {
    let deadline = terms.time.map(|t| at + t.seconds());
    let id = c.query_row(
        "INSERT INTO games (guild_id, channel_id, variant, white, black, created_at, updated_at,
                            move_days, autoforfeit, deadline, site, hints, engine_level, potentials)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)
         RETURNING id",
        params![
            terms.guild,
            terms.channel,
            terms.spec.variant().to_string(),
            players[Color::White],
            players[Color::Black],
            at,
            terms.time.map(|t| t.days),
            terms.time.is_some_and(|t| t.autoforfeit),
            deadline,
            site,
            terms.hints,
            engine.map(Level::name),
            potentials_text(terms.spec)
        ],
        |r| r.get(0),
    )?;
    Ok(StoredGame {
        id,
        guild: terms.guild,
        channel: terms.channel,
        spec: terms.spec,
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
        takeback: None,
        names: ByColor::new(
            shown_name(player_name(c, players[Color::White])?),
            shown_name(player_name(c, players[Color::Black])?),
        ),
        turns: Vec::new(),
        dots: Vec::new(),
    })
}

/// `game` with its turns read, and the dots their players named (a dot that does not
/// read as one is left to the replay, as for a turn stored before there were dots).
pub(super) fn with_turns(c: &mut Conn, mut game: StoredGame) -> anyhow::Result<StoredGame> {
    let rows: Vec<(String, Option<String>)> = c.query_map(
        "SELECT notation, dot FROM turns WHERE game_id = ?1 ORDER BY ply",
        params![game.id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    (game.turns, game.dots) = rows
        .into_iter()
        .map(|(notation, dot)| (notation, dot.and_then(|dot| dot.parse().ok())))
        .unzip();
    Ok(game)
}

/// Writes `turns`, completed at `at`, after the stored turns of `game`.
fn insert_turns(
    c: &mut Conn,
    game: &StoredGame,
    turns: &[(String, UserId, Option<Point>)],
    at: i64,
) -> sql::Result<()> {
    for (i, (notation, player, dot)) in turns.iter().enumerate() {
        let ply = game.turns.len() + i + 1;
        let dot = dot.map(|dot| dot.to_string());
        c.execute(
            "INSERT INTO turns (game_id, ply, notation, player, played_at, dot)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            params![game.id, ply as i64, notation, player, at, dot],
        )?;
    }
    Ok(())
}

/// Writes what `progress` of `game` is owed: its completed turns' announcement and the
/// message it is announced with, if any (called in the transaction that saves it).
fn owe_progress(
    tx: &mut Conn,
    poster: Option<&str>,
    game: &StoredGame,
    progress: &Progress,
    at: i64,
) -> sql::Result<()> {
    let ply = game.turns.len() + progress.turns.len();
    let turn = (!progress.turns.is_empty()).then_some(Kind::Turn);
    for kind in turn.into_iter().chain(progress.announced) {
        outbox::owe(tx, poster, game.channel, kind, game.id.0, ply, at)?;
    }
    Ok(())
}

impl Store {
    /// Turns a challenge into a game between `players`, in one transaction. `None` if the
    /// challenge was gone (someone else answered it first).
    pub fn start_game(
        &self,
        challenge: &Challenge,
        players: ByColor<UserId>,
        site: Option<&str>,
    ) -> anyhow::Result<Option<StoredGame>> {
        self.with(|c| {
            c.transaction(|tx| {
                if tx.execute(
                    "DELETE FROM challenges WHERE id = ?1",
                    params![challenge.id],
                )? == 0
                {
                    return Ok(None);
                }
                let at = self.clock.now();
                let game = self.game_on(tx, &challenge.terms, players, site, None, at)?;
                Ok(Some(game))
            })
        })
    }

    /// A new game inserted in `tx`, with its `Game on` owed.
    fn game_on(
        &self,
        tx: &mut Conn,
        terms: &ChallengeTerms,
        players: ByColor<UserId>,
        site: Option<&str>,
        engine: Option<Level>,
        at: i64,
    ) -> anyhow::Result<StoredGame> {
        let game = insert_game(tx, terms, players, site, engine, at)?;
        outbox::owe(
            tx,
            self.poster(),
            game.channel,
            Kind::GameOn,
            game.id.0,
            0,
            at,
        )?;
        Ok(game)
    }

    /// Starts a game between `players`, one of them the `engine` at `level`, right away (no
    /// challenge to answer).
    pub fn start_engine_game(
        &self,
        terms: &ChallengeTerms,
        players: ByColor<UserId>,
        engine: UserId,
        level: Level,
        site: Option<&str>,
    ) -> anyhow::Result<StoredGame> {
        self.with(|c| {
            c.transaction(|tx| {
                let at = self.clock.now();
                let game = self.game_on(tx, terms, players, site, Some(level), at)?;
                // With white, the engine moves first: its turn is asked with the game.
                if players[Color::White] == engine {
                    engine_requests::ask_turn(tx, game.id, engine, at)?;
                }
                Ok(game)
            })
        })
    }

    /// The active game of a channel, or with `include_finished` the latest one.
    pub fn game_in(
        &self,
        channel: ChannelId,
        include_finished: bool,
    ) -> anyhow::Result<Option<StoredGame>> {
        self.with(|c| {
            c.transaction(|tx| {
                let active = GameStatus::Active;
                let game = tx.query_opt(
                    &format!(
                        "SELECT {GAME_COLUMNS} FROM games
                     WHERE channel_id = ?1 AND (status = ?3 OR ?2)
                     ORDER BY status = ?3 DESC, id DESC LIMIT 1"
                    ),
                    params![channel, include_finished, active],
                    game_row,
                )?;
                game.map(|game| with_turns(tx, readable(game)?)).transpose()
            })
        })
    }

    /// The running games against the engine.
    pub fn running_engine_games(&self) -> anyhow::Result<Vec<GameId>> {
        self.with(|c| {
            let rows = c.query_map(
                "SELECT id FROM games WHERE status = ?1 AND engine_level IS NOT NULL ORDER BY id",
                params![GameStatus::Active],
                |r| r.get(0),
            )?;
            Ok(rows)
        })
    }

    /// Game `id`, with its turns.
    pub fn game(&self, id: GameId) -> anyhow::Result<Option<StoredGame>> {
        self.with(|c| {
            c.transaction(|tx| {
                let game = tx.query_opt(
                    &format!("SELECT {GAME_COLUMNS} FROM games WHERE id = ?1"),
                    params![id],
                    game_row,
                )?;
                game.map(|game| with_turns(tx, readable(game)?)).transpose()
            })
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
            c.transaction(|tx| {
            let at = self.clock.now();
            // A completed turn hands the move on: the next player's time starts now.
            let (deadline, warned) = match game.time {
                Some(time) if !progress.turns.is_empty() => (Some(at + time.seconds()), 0),
                _ => (game.deadline, game.warned),
            };
            let updated = tx.execute(
                "UPDATE games SET version = version + 1, partial = ?1, status = ?2,
                        resigned = COALESCE(CAST(?3 AS TEXT), resigned), updated_at = ?4,
                        ended_by = COALESCE(CAST(?7 AS BIGINT), ended_by), deadline = ?8, warned = ?9,
                        forfeited = COALESCE(CAST(?10 AS TEXT), forfeited)
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
            insert_turns(tx, game, &progress.turns, at)?;
            owe_progress(tx, self.poster(), game, &progress, at)?;
            if game.engine.is_some() {
                match progress.engine_to_move {
                    Some(engine) => engine_requests::ask_turn(tx, game.id, engine, at)?,
                    None => drop(engine_requests::answered(tx, game.id, RequestKind::Turn)?),
                }
            }
            if let (GameStatus::Won(winner), GameStatus::Active) = (progress.status, game.status) {
                ratings::rate(tx, game, winner)?;
            }
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
            let (turns, dots): (Vec<String>, Vec<Option<Point>>) = (progress.turns.into_iter())
                .map(|(notation, _, dot)| (notation, dot))
                .unzip();
            saved.turns.extend(turns);
            saved.dots.extend(dots);
            // A request belongs to the position it was asked in.
            saved.takeback = None;
            Ok(Some(saved))
            })
        })
    }

    /// Ends a damaged active game without a result (`status` aborted or abandoned, by
    /// `ended_by` if someone), without reading it: false if it changed meanwhile.
    /// `announced` is the message the end is owed, in the same transaction (the watch's
    /// [`Kind::Abandoned`], drawn again from the row's columns, which need no record).
    pub fn end_damaged(
        &self,
        game: &Damaged,
        status: GameStatus,
        ended_by: Option<UserId>,
        announced: Option<Kind>,
    ) -> anyhow::Result<bool> {
        let at = self.clock.now();
        self.with(|c| {
            c.transaction(|tx| {
                let ended = tx.execute(
                    "UPDATE games SET version = version + 1, status = ?3, ended_by = ?4,
                            updated_at = ?5
                     WHERE id = ?1 AND version = ?2 AND status = ?6",
                    params![
                        game.id,
                        game.version,
                        status,
                        ended_by,
                        at,
                        GameStatus::Active
                    ],
                )?;
                if ended == 1 {
                    engine_requests::answered(tx, game.id, RequestKind::Turn)?;
                }
                if ended == 1
                    && let Some(kind) = announced
                {
                    outbox::owe(tx, self.poster(), game.channel, kind, game.id.0, 0, at)?;
                }
                Ok(ended == 1)
            })
        })
    }

    /// Moves an active game to another channel (the thread opened for it); false if it is
    /// no longer active. A round game that waited for its thread (in no channel: a negative
    /// id, see `tournaments.rs`) starts its time per move only now.
    pub fn move_game(&self, game: GameId, channel: ChannelId) -> anyhow::Result<bool> {
        let now = self.clock.now();
        self.with(|c| {
            Ok(c.execute(
                "UPDATE games SET channel_id = ?2,
                     deadline = CASE WHEN channel_id < 0 AND deadline IS NOT NULL
                                     THEN ?4 + move_days * ?5 ELSE deadline END,
                     warned = CASE WHEN channel_id < 0 THEN 0 ELSE warned END
                 WHERE id = ?1 AND status = ?3",
                params![game, channel, GameStatus::Active, now, DAY],
            )? == 1)
        })
    }

    /// The channels of a server with an active game, the latest played first (25 at most).
    pub fn active_game_channels(&self, guild: GuildId) -> anyhow::Result<Vec<ChannelId>> {
        self.with(|c| {
            Ok(c.query_map(
                "SELECT channel_id FROM games WHERE status = ?2 AND guild_id = ?1
                 ORDER BY updated_at DESC LIMIT 25",
                params![guild, GameStatus::Active],
                |r| r.get(0),
            )?)
        })
    }
}
