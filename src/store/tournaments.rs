//! The `tournaments` tables: an event, its entries in the order they came, and the games
//! and byes of its rounds (the games themselves are rows of `games` like any other).

use super::sql::{self, Conn, FromValue, Row, ToValue, Unreadable, Value, params};
use gipf::{ByColor, Color};
use gipf_ai::Level;

use super::challenges::ChallengeTerms;
use super::engine_requests;
use super::outbox::{self, Kind};
use super::stored_game::{StoredGame, insert_game};
use super::{Store, potentials_text, spec};
use crate::model::{
    ChannelId, ColorChoice, EventClocks, EventFormat, EventStatus, GameId, GameSpec, GameStatus,
    GuildId, OutboxId, TimeControl, TournamentId, UserId,
};

/// What a tournament is, as its creator set it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EventTerms {
    /// Its server.
    pub guild: GuildId,
    /// Its channel: its announcements, and its games' threads.
    pub channel: ChannelId,
    /// Its name.
    pub name: String,
    /// How it pairs.
    pub format: EventFormat,
    /// The game every round plays.
    pub spec: GameSpec,
    /// The time per move of its games, if any (a game out of time is lost).
    pub time: Option<TimeControl>,
    /// Whether its games count for ratings.
    pub rated: bool,
    /// When it starts by itself (Unix seconds), if it does.
    pub starts_at: Option<i64>,
    /// What it allows of its games' clocks.
    pub clocks: EventClocks,
    /// Members may still enter until this round is paired (a Swiss event's `late=`).
    pub late: Option<u32>,
    /// Who made it.
    pub created_by: UserId,
}

/// A player entered, in entry order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Who.
    pub user: UserId,
    /// The bot's engine, entered at this level.
    pub engine: Option<Level>,
    /// Withdrawn: not paired again.
    pub withdrawn: bool,
}

/// A tournament as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tournament {
    /// Its id.
    pub id: TournamentId,
    /// What it is.
    pub terms: EventTerms,
    /// Where it stands.
    pub status: EventStatus,
    /// Its entries, in the order they came: the pairing numbers them so.
    pub entries: Vec<Entry>,
    /// The rounds started so far.
    pub rounds_started: u32,
}

impl Tournament {
    /// The entry number of `user`, if entered.
    pub fn seat_of(&self, user: UserId) -> Option<usize> {
        self.entries.iter().position(|entry| entry.user == user)
    }
}

/// A game of an event, with how it stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EventGame {
    /// Its round.
    pub round: u32,
    /// The game.
    pub game: GameId,
    /// Where it is played (while it waits for its thread, the event's channel).
    pub channel: ChannelId,
    /// Its thread is not open yet: it is played nowhere (see [`StoredGame::waits_for_thread`]).
    pub waits_for_thread: bool,
    /// Who plays each colour.
    pub players: ByColor<UserId>,
    /// How it stands.
    pub status: GameStatus,
    /// Whose turn it was when it stopped (or is): who let an abandoned game lapse.
    pub to_move: Color,
}

/// How an event's status is spelled in its table.
impl ToValue for EventStatus {
    fn to_value(&self) -> Value {
        Value::Text(self.name().into())
    }
}

impl FromValue for EventStatus {
    fn from_value(value: Value) -> Result<EventStatus, Unreadable> {
        let name = String::from_value(value)?;
        EventStatus::ALL
            .into_iter()
            .find(|status| status.name() == name)
            .ok_or_else(|| format!("unknown event status `{name}`").into())
    }
}

/// The format from its `format` and `rounds` columns.
fn format(row: &Row, at: usize) -> sql::Result<EventFormat> {
    let word: String = row.get(at)?;
    let rounds: u32 = row.get(at + 1)?;
    Ok(if word == "swiss" {
        EventFormat::Swiss { rounds }
    } else {
        EventFormat::RoundRobin {
            cycles: u8::try_from(rounds).unwrap_or(1),
        }
    })
}

/// The `format` column of a format.
fn format_column(format: EventFormat) -> &'static str {
    match format {
        EventFormat::Swiss { .. } => "swiss",
        EventFormat::RoundRobin { .. } => "round-robin",
    }
}

/// The `rounds` column of a format: a Swiss event's rounds, a round robin's cycles.
fn rounds_column(format: EventFormat) -> u32 {
    match format {
        EventFormat::Swiss { rounds } => rounds,
        EventFormat::RoundRobin { cycles } => u32::from(cycles),
    }
}

const EVENT_COLUMNS: &str = "id, guild_id, channel_id, name, format, rounds, variant, potentials,
     move_days, rated, starts_at, status, created_by, vacation, givetime, late";

/// An event's row, its entries and rounds not yet read.
fn event_row(row: &Row) -> sql::Result<Tournament> {
    Ok(Tournament {
        id: TournamentId(row.get(0)?),
        terms: EventTerms {
            guild: row.get(1)?,
            channel: row.get(2)?,
            name: row.get(3)?,
            format: format(row, 4)?,
            spec: spec(row, 6, 7)?,
            time: row.get::<Option<u8>>(8)?.map(|days| TimeControl {
                days,
                autoforfeit: true,
            }),
            rated: row.get(9)?,
            starts_at: row.get(10)?,
            created_by: row.get(12)?,
            clocks: EventClocks {
                no_vacation: !row.get::<bool>(13)?,
                no_givetime: !row.get::<bool>(14)?,
            },
            late: row.get(15)?,
        },
        status: row.get(11)?,
        entries: Vec::new(),
        rounds_started: 0,
    })
}

/// `event` with its entries and the number of its rounds started.
fn filled(c: &mut Conn, mut event: Tournament) -> anyhow::Result<Tournament> {
    event.entries = c.query_map(
        "SELECT user_id, engine_level, withdrawn FROM tournament_entries
             WHERE tournament_id = ?1 ORDER BY seat",
        params![event.id.0],
        |r| {
            Ok(Entry {
                user: r.get(0)?,
                engine: r
                    .get::<Option<String>>(1)?
                    .and_then(|level| level.parse().ok()),
                withdrawn: r.get(2)?,
            })
        },
    )?;
    event.rounds_started = c
        .query_row(
            "SELECT max(round) FROM (SELECT round FROM tournament_games WHERE tournament_id = ?1
             UNION ALL SELECT round FROM tournament_byes WHERE tournament_id = ?1) AS rounds",
            params![event.id.0],
            |r| r.get::<Option<u32>>(0),
        )?
        .unwrap_or(0);
    Ok(event)
}

/// The events `filter` (an SQL condition on `tournaments`, its parameter `?1`, with its
/// order and limit if any) picks.
pub(super) fn events_where(
    c: &mut Conn,
    filter: &str,
    value: &dyn ToValue,
) -> anyhow::Result<Vec<Tournament>> {
    let rows: Vec<Tournament> = c.query_map(
        &format!("SELECT {EVENT_COLUMNS} FROM tournaments WHERE {filter}"),
        params![value],
        event_row,
    )?;
    rows.into_iter().map(|event| filled(c, event)).collect()
}

impl Store {
    /// Makes a tournament, open for entries; `None` if its channel has one open or running.
    pub fn create_tournament(&self, terms: &EventTerms) -> anyhow::Result<Option<TournamentId>> {
        self.with(|c| {
            let made = c.query_opt(
                "INSERT INTO tournaments (guild_id, channel_id, name, format, rounds, variant,
                         potentials, move_days, rated, starts_at, status, created_by, created_at,
                         web_key, vacation, givetime, late)
                     SELECT CAST(?1 AS BIGINT), CAST(?2 AS BIGINT), ?3, ?4, CAST(?5 AS BIGINT), ?6, ?7,
                            CAST(?8 AS BIGINT), CAST(?9 AS BIGINT), CAST(?10 AS BIGINT), 'open',
                            CAST(?11 AS BIGINT), CAST(?12 AS BIGINT), ?13, CAST(?14 AS BIGINT),
                            CAST(?15 AS BIGINT), CAST(?16 AS BIGINT)
                     WHERE NOT EXISTS (SELECT 1 FROM tournaments WHERE channel_id = ?2
                                       AND status IN ('open', 'running'))
                 RETURNING id",
                params![
                    terms.guild,
                    terms.channel,
                    terms.name,
                    format_column(terms.format),
                    rounds_column(terms.format),
                    terms.spec.variant().to_string(),
                    potentials_text(terms.spec),
                    terms.time.map(|t| t.days),
                    terms.rated,
                    terms.starts_at,
                    terms.created_by,
                    self.clock.now(),
                    super::stored_game::new_key(),
                    !terms.clocks.no_vacation,
                    !terms.clocks.no_givetime,
                    terms.late
                ],
                |r| r.get(0),
            )?;
            Ok(made.map(TournamentId))
        })
    }

    /// The event open or running in `channel`, if any.
    pub fn tournament_in(&self, channel: ChannelId) -> anyhow::Result<Option<Tournament>> {
        self.with(|c| {
            let found = events_where(
                c,
                "channel_id = ?1 AND status IN ('open', 'running')",
                &channel,
            )?;
            Ok(found.into_iter().next())
        })
    }

    /// The latest event of `channel`, whatever its status (a finished one stays readable
    /// until the next is created there), if it ever had one.
    pub fn latest_tournament_in(&self, channel: ChannelId) -> anyhow::Result<Option<Tournament>> {
        self.with(|c| {
            let found = events_where(c, "channel_id = ?1 ORDER BY id DESC LIMIT 1", &channel)?;
            Ok(found.into_iter().next())
        })
    }

    /// A server's events, the latest first (25 at most).
    pub fn tournaments_of(&self, guild: GuildId) -> anyhow::Result<Vec<Tournament>> {
        self.with(|c| events_where(c, "guild_id = ?1 ORDER BY id DESC LIMIT 25", &guild))
    }

    /// The events being played, everywhere: the watch looks at their rounds.
    pub fn running_tournaments(&self) -> anyhow::Result<Vec<Tournament>> {
        self.with(|c| events_where(c, "status = 'running' AND ?1 = ?1 ORDER BY id", &0))
    }

    /// The open events whose start time has come.
    pub fn tournaments_to_start(&self) -> anyhow::Result<Vec<Tournament>> {
        let now = self.clock.now();
        self.with(|c| events_where(c, "status = 'open' AND starts_at <= ?1 ORDER BY id", &now))
    }

    /// Enters `user` (the engine at `engine`) in an open event, or a running one before the
    /// round its `late=` names is paired (seated last); false if already in it or entries
    /// are closed.
    pub fn enter(
        &self,
        event: TournamentId,
        user: UserId,
        engine: Option<Level>,
    ) -> anyhow::Result<bool> {
        self.with(|c| {
            Ok(c.execute(
                "INSERT INTO tournament_entries (tournament_id, seat, user_id, engine_level)
                 SELECT CAST(?1 AS BIGINT), coalesce((SELECT max(seat) + 1 FROM tournament_entries
                                      WHERE tournament_id = ?1), 0), CAST(?2 AS BIGINT), ?3
                 WHERE EXISTS (SELECT 1 FROM tournaments WHERE id = ?1 AND (status = 'open'
                     OR (status = 'running' AND late > (SELECT coalesce(max(round), 0) FROM
                         (SELECT round FROM tournament_games WHERE tournament_id = ?1
                          UNION ALL SELECT round FROM tournament_byes WHERE tournament_id = ?1)
                         AS rounds))))
                 ON CONFLICT DO NOTHING",
                params![event.0, user, engine.map(Level::name)],
            )? == 1)
        })
    }

    /// Takes `user` out of an open event; false if he was not in it.
    pub fn leave(&self, event: TournamentId, user: UserId) -> anyhow::Result<bool> {
        self.with(|c| {
            Ok(c.execute(
                "DELETE FROM tournament_entries WHERE tournament_id = ?1 AND user_id = ?2
                 AND (SELECT status FROM tournaments WHERE id = ?1) = 'open'",
                params![event.0, user],
            )? == 1)
        })
    }

    /// Withdraws `user` from a running event: not paired again; false if he was not in it
    /// or withdrawn already.
    pub fn withdraw(&self, event: TournamentId, user: UserId) -> anyhow::Result<bool> {
        self.with(|c| {
            Ok(c.execute(
                "UPDATE tournament_entries SET withdrawn = 1
                 WHERE tournament_id = ?1 AND user_id = ?2 AND withdrawn = 0",
                params![event.0, user],
            )? == 1)
        })
    }

    /// Moves an event from `from` to `to`; false if it was not at `from` (someone else
    /// moved it first).
    pub fn set_event_status(
        &self,
        event: TournamentId,
        from: EventStatus,
        to: EventStatus,
    ) -> anyhow::Result<bool> {
        self.with(|c| {
            Ok(c.execute(
                "UPDATE tournaments SET status = ?3 WHERE id = ?1 AND status = ?2",
                params![event.0, from, to],
            )? == 1)
        })
    }

    /// Starts an open event with its entries seated in `seats`' order (the pairing numbers
    /// them so), in one transaction; false if it was not open (someone else started it).
    pub fn begin_event(&self, event: TournamentId, seats: &[UserId]) -> anyhow::Result<bool> {
        self.with(|c| {
            c.transaction(|tx| {
                let begun = tx.execute(
                    "UPDATE tournaments SET status = ?3 WHERE id = ?1 AND status = ?2",
                    params![event.0, EventStatus::Open, EventStatus::Running],
                )?;
                if begun == 0 {
                    return Ok(false);
                }
                // Out of the way first: each seat is one entry's at every step.
                tx.execute(
                    "UPDATE tournament_entries SET seat = -1 - seat WHERE tournament_id = ?1",
                    params![event.0],
                )?;
                for (seat, user) in seats.iter().enumerate() {
                    tx.execute(
                        "UPDATE tournament_entries SET seat = ?3
                         WHERE tournament_id = ?1 AND user_id = ?2",
                        params![event.0, *user, seat],
                    )?;
                }
                Ok(true)
            })
        })
    }

    /// Ends a running event, with its end owed to its channel in the same transaction;
    /// the end's row, `None` if it was not running (someone else ended it first).
    pub fn finish_tournament(&self, event: &Tournament) -> anyhow::Result<Option<OutboxId>> {
        let at = self.clock.now();
        self.with(|c| {
            c.transaction(|tx| {
                let (running, finished) = (EventStatus::Running, EventStatus::Finished);
                let ended = tx.execute(
                    "UPDATE tournaments SET status = ?3 WHERE id = ?1 AND status = ?2",
                    params![event.id.0, running, finished],
                )? == 1;
                if !ended {
                    return Ok(None);
                }
                let owed = outbox::owe(
                    tx,
                    self.poster(),
                    event.terms.channel,
                    Kind::EventEnd,
                    event.id.0,
                    0,
                    at,
                )?;
                Ok(Some(owed))
            })
        })
    }

    /// The event `id`, if it exists.
    pub fn tournament(&self, id: TournamentId) -> anyhow::Result<Option<Tournament>> {
        self.with(|c| Ok(events_where(c, "id = ?1", &id.0)?.into_iter().next()))
    }

    /// Starts round `round` of a running event, in one transaction: a game for each of
    /// `pairings` (each waiting in the event's channel for its thread) and the bye, with the
    /// round's pairings owed: the games and the row; `None` if the round was started already,
    /// by this process or another at the same time.
    pub fn start_round(
        &self,
        event: &Tournament,
        round: u32,
        pairings: &[ByColor<UserId>],
        bye: Option<UserId>,
    ) -> anyhow::Result<Option<(Vec<StoredGame>, OutboxId)>> {
        self.with(|c| {
            c.transaction(|tx| {
            // The event's row is held first, so that a second start of the round at the same
            // time waits for this one, then finds it started (on PostgreSQL, each statement
            // sees what others committed before it; SQLite's write lock is held already).
            tx.execute("UPDATE tournaments SET status = status WHERE id = ?1", params![event.id.0])?;
            if filled(tx, event.clone())?.rounds_started >= round {
                return Ok(None);
            }
            let now = self.clock.now();
            let mut games = Vec::with_capacity(pairings.len());
            for players in pairings {
                let engine = [Color::White, Color::Black].into_iter().find_map(|color| {
                    (event.entries.iter())
                        .find(|entry| entry.user == players[color])
                        .and_then(|entry| entry.engine)
                });
                let terms = ChallengeTerms {
                    guild: Some(event.terms.guild),
                    channel: event.terms.channel,
                    challenger: players[Color::White],
                    challenged: Some(players[Color::Black]),
                    spec: event.terms.spec,
                    color: ColorChoice::White,
                    time: event.terms.time,
                    thread: true,
                    hints: false,
                };
                let game = insert_game(tx, &terms, *players, None, engine, true, now)?;
                // The engine with white moves first: its turn is asked with the game.
                let white = players[Color::White];
                if (event.entries.iter()).any(|entry| entry.user == white && entry.engine.is_some()) {
                    engine_requests::ask_turn(tx, game.id, white, now)?;
                }
                tx.execute("INSERT INTO tournament_games (game_id, tournament_id, round) VALUES (?1, ?2, ?3)", params![game.id, event.id.0, round])?;
                games.push(game);
            }
            if let Some(user) = bye {
                tx.execute("INSERT INTO tournament_byes (tournament_id, round, user_id) VALUES (?1, ?2, ?3)", params![event.id.0, round, user])?;
            }
            let (channel, id) = (event.terms.channel, event.id.0);
            let owed = outbox::owe(tx, self.poster(), channel, Kind::Round, id, round as usize, now)?;
            Ok(Some((games, owed)))
            })
        })
    }

    /// The games of an event, round by round.
    pub fn event_games(&self, event: TournamentId) -> anyhow::Result<Vec<EventGame>> {
        self.with(|c| {
            let rows = c.query_map(
                "SELECT t.round, g.id, g.channel_id, g.white, g.black, g.status,
                            (SELECT count(*) FROM turns WHERE game_id = g.id), g.waits_for_thread
                     FROM tournament_games t JOIN games g ON g.id = t.game_id
                     WHERE t.tournament_id = ?1 ORDER BY t.round, g.id",
                params![event.0],
                |r| {
                    let turns: i64 = r.get(6)?;
                    Ok(EventGame {
                        round: r.get(0)?,
                        game: r.get(1)?,
                        channel: r.get(2)?,
                        waits_for_thread: r.get(7)?,
                        players: ByColor::new(r.get(3)?, r.get(4)?),
                        status: r.get(5)?,
                        to_move: if turns % 2 == 0 {
                            Color::White
                        } else {
                            Color::Black
                        },
                    })
                },
            )?;
            Ok(rows)
        })
    }

    /// The byes of an event: `(round, player)`.
    pub fn event_byes(&self, event: TournamentId) -> anyhow::Result<Vec<(u32, UserId)>> {
        self.with(|c| {
            let rows = c.query_map(
                "SELECT round, user_id FROM tournament_byes WHERE tournament_id = ?1
                     ORDER BY round",
                params![event.0],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?;
            Ok(rows)
        })
    }

    /// The event and round a game was played in, for its record: `(name, round)`.
    pub fn event_of_game(&self, game: GameId) -> anyhow::Result<Option<(String, u32)>> {
        self.with(|c| {
            Ok(c.query_opt(
                "SELECT e.name, t.round FROM tournament_games t
                 JOIN tournaments e ON e.id = t.tournament_id WHERE t.game_id = ?1",
                params![game],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?)
        })
    }
}

/// Whether `game` belongs to an event whose games do not count for ratings.
pub(super) fn in_unrated_event(c: &mut Conn, game: GameId) -> sql::Result<bool> {
    Ok(c.query_opt(
        "SELECT e.rated = 0 FROM tournament_games t JOIN tournaments e ON e.id = t.tournament_id
         WHERE t.game_id = ?1",
        params![game],
        |r| r.get::<bool>(0),
    )?
    .unwrap_or(false))
}

#[cfg(test)]
#[path = "waiting_round_games_tests.rs"]
mod tests;
