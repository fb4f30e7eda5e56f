//! A game as stored: its row in `games` read (a damaged one as what can be named of it),
//! and a new one inserted. The changes to a stored game are `games.rs`'s.

use super::sql::{self, Conn, Row, params};
use crate::sight::Seat;
use gipf::{ByColor, Color, Point};
use gipf_ai::Level;

use super::challenges::ChallengeTerms;
use super::{decisions, parsed_color, potentials_text, spec, time_control, unreadable};
use crate::model::{
    ChannelId, GameId, GameSpec, GameStatus, GuildId, Partial, TimeControl, UserId,
};
use crate::move_clock::MoveClock;

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
    /// Its channel: where it is played, or, while it waits for its thread, its event's.
    pub channel: ChannelId,
    /// A tournament's round game whose thread is not open yet (Discord refused it; the
    /// watch asks again): it is played nowhere meanwhile, and its time per move has not
    /// started. It is not its channel's game.
    pub waits_for_thread: bool,
    /// It is a round of an event (it ends as the event counts it: no rematch); a round
    /// game is one from its insert (`waits`: `start_round` enters it in its event).
    pub in_event: bool,
    /// Until when each player is on vacation, where his vacation pauses this game (not a
    /// round of an event made with `vacation=off`): his clock stands still meanwhile.
    pub away: ByColor<Option<i64>>,
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
    /// When he is reminded of it (Unix seconds): the deadline's [`MoveClock`] set both.
    pub remind_at: Option<i64>,
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

pub(super) const GAME_COLUMNS: &str = concat!(
    "id, variant, white, black, status, resigned, version, partial, \
     ended_by, updated_at, channel_id, move_days, autoforfeit, deadline, warned, forfeited, \
     guild_id, created_at, site, hints, engine_level, potentials, \
     CASE WHEN takeback_version = version THEN takeback_by END, takeback_declined, \
     (SELECT name FROM users WHERE users.id = games.white), \
     (SELECT name FROM users WHERE users.id = games.black), remind_at, waits_for_thread, \
     EXISTS (SELECT 1 FROM tournament_games t WHERE t.game_id = games.id), \
     (SELECT back_at FROM vacations v WHERE v.user_id = games.white AND ",
    pauses!(),
    "), \
     (SELECT back_at FROM vacations v WHERE v.user_id = games.black AND ",
    pauses!(),
    ")"
);

/// A player's name as the bot shows it: cut short, `someone` if never seen.
fn shown_name(stored: Option<String>) -> String {
    stored
        .unwrap_or_else(|| "someone".into())
        .chars()
        .take(32)
        .collect()
}

/// Both players' names as the bot shows them.
fn player_names(c: &mut Conn, players: ByColor<UserId>) -> sql::Result<ByColor<String>> {
    let white = shown_name(player_name(c, players[Color::White])?);
    Ok(ByColor::new(
        white,
        shown_name(player_name(c, players[Color::Black])?),
    ))
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
            remind_at: r.get(26)?,
            waits_for_thread: r.get(27)?,
            in_event: r.get(28)?,
            away: ByColor::new(r.get(29)?, r.get(30)?),
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

    /// This game with the time of its player to move started again by `clock` (none
    /// without a time per move), not yet reminded.
    pub(super) fn clock_started(mut self, clock: Option<MoveClock>) -> StoredGame {
        self.deadline = clock.map(|clock| clock.deadline);
        self.remind_at = clock.map(|clock| clock.remind_at);
        self.warned = 0;
        self
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
pub(super) fn readable(row: Result<StoredGame, Damaged>) -> anyhow::Result<StoredGame> {
    Ok(row?)
}

/// Who of `players` is away until when, and the first move's clock under `time` from `at`:
/// White moves first, and his time starts at his return from a vacation.
fn first_clock(
    c: &mut Conn,
    players: ByColor<UserId>,
    time: Option<TimeControl>,
    at: i64,
) -> anyhow::Result<(ByColor<Option<i64>>, Option<MoveClock>)> {
    let away = ByColor::new(
        super::vacations::back_of(c, players[Color::White])?,
        super::vacations::back_of(c, players[Color::Black])?,
    );
    let starts = crate::vacation::time_starts(at, away[Color::White]);
    Ok((away, MoveClock::of(starts, time)))
}

/// Inserts a new game on `terms` between `players`, started `at`; with `waits`, a round game
/// that waits in its event's channel (`terms.channel`) for its thread.
pub(super) fn insert_game(
    c: &mut Conn,
    terms: &ChallengeTerms,
    players: ByColor<UserId>,
    site: Option<&str>,
    engine: Option<Level>,
    waits: bool,
    at: i64,
) -> anyhow::Result<StoredGame> {
    let (away, clock) = first_clock(c, players, terms.time, at)?;
    let id = c.query_row(
        "INSERT INTO games (guild_id, channel_id, variant, white, black, created_at, updated_at,
                            move_days, autoforfeit, deadline, remind_at, site, hints, engine_level,
                            potentials, waits_for_thread, web_key)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)
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
            clock.map(|clock| clock.deadline),
            clock.map(|clock| clock.remind_at),
            site,
            terms.hints,
            engine.map(Level::name),
            potentials_text(terms.spec),
            waits,
            new_key()
        ],
        |r| r.get(0),
    )?;
    if let Some(guild) = terms.guild {
        give_player_pages(c, guild, players)?;
    }
    Ok(StoredGame {
        id,
        guild: terms.guild,
        channel: terms.channel,
        waits_for_thread: waits,
        in_event: waits,
        away,
        spec: terms.spec,
        players,
        status: GameStatus::Active,
        resigned: None,
        ended_by: None,
        version: 0,
        updated_at: at,
        time: terms.time,
        deadline: clock.map(|clock| clock.deadline),
        remind_at: clock.map(|clock| clock.remind_at),
        warned: 0,
        forfeited: None,
        partial: Partial::default(),
        created_at: at,
        site: site.map(str::to_string),
        hints: terms.hints,
        engine,
        takeback: None,
        names: player_names(c, players)?,
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

/// Gives `players` their pages in `guild`, where they have none yet.
fn give_player_pages(c: &mut Conn, guild: GuildId, players: ByColor<UserId>) -> sql::Result<()> {
    for player in [players[Color::White], players[Color::Black]] {
        c.execute(
            "INSERT INTO player_pages (guild_id, user_id, web_key) VALUES (?1, ?2, ?3)
             ON CONFLICT (guild_id, user_id) DO NOTHING",
            params![guild, player, new_key()],
        )?;
    }
    Ok(())
}

/// A new page's address (a game's, an event's, a player's): 128 random bits, in hex (the thread's generator is seeded by
/// the system's and cryptographically secure).
pub(super) fn new_key() -> String {
    let mut bits = [0u8; 16];
    rand::RngCore::fill_bytes(&mut rand::rng(), &mut bits);
    bits.iter().map(|byte| format!("{byte:02x}")).collect()
}
