//! The `games` and `turns` tables: a game started, its turns, and every change to it in one
//! transaction guarded by its version (a game's row as stored is `stored_game.rs`'s).

use super::sql::{self, Conn, params};
use gipf::{ByColor, Color, Point};
use gipf_ai::Level;

use super::challenges::{Challenge, ChallengeTerms};
use super::engine_requests::{self, RequestKind};
use super::outbox::{self, Kind};
use super::ratings;
use super::stored_game::{
    Damaged, GAME_COLUMNS, StoredGame, game_row, insert_game, readable, with_turns,
};
use super::vacations;
use super::{Store, time_control};
use crate::model::{ChannelId, GameId, GameStatus, GuildId, OutboxId, Partial, UserId};
use crate::move_clock::MoveClock;

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

/// `game` with the move handed on at `at` by the completed turns of `progress`: the next
/// player's time starts now, or at his return from a vacation that pauses the game.
fn handed_on(
    tx: &mut Conn,
    game: &StoredGame,
    progress: &Progress,
    at: i64,
) -> sql::Result<StoredGame> {
    let next = match (game.turns.len() + progress.turns.len()) % 2 {
        0 => Color::White,
        _ => Color::Black,
    };
    let back = vacations::back_in(tx, game.id, game.players[next])?;
    let starts = crate::vacation::time_starts(at, back);
    Ok(game.clone().clock_started(MoveClock::of(starts, game.time)))
}

/// `game` after a turn played by hand ended its player's vacation (after the turns are
/// stored: this game is his opponent's to move, so its new clock stays).
fn back_by_playing(
    tx: &mut Conn,
    mut game: StoredGame,
    progress: &Progress,
    at: i64,
) -> sql::Result<StoredGame> {
    for color in Color::ALL {
        let player = game.players[color];
        if progress.turns.iter().any(|(_, by, _)| *by == player)
            && vacations::end_in(tx, player, at)?.is_some()
        {
            game.away[color] = None;
        }
    }
    Ok(game)
}

/// `clocked` (`game` with its new clock) as saved with `progress` at `at`.
fn progressed(
    mut saved: StoredGame,
    game: &StoredGame,
    progress: &Progress,
    at: i64,
) -> StoredGame {
    saved.version += 1;
    saved.partial = progress.partial.clone();
    saved.status = progress.status;
    saved.resigned = progress.resigned.or(game.resigned);
    saved.ended_by = progress.ended_by.or(game.ended_by);
    saved.forfeited = progress.forfeited.or(game.forfeited);
    saved.updated_at = at;
    let (turns, dots): (Vec<String>, Vec<Option<Point>>) = (progress.turns.iter())
        .map(|(notation, _, dot)| (notation.clone(), *dot))
        .unzip();
    saved.turns.extend(turns);
    saved.dots.extend(dots);
    // A request belongs to the position it was asked in.
    saved.takeback = None;
    saved
}

/// Writes what `progress` of `game` is owed: its completed turns' announcement and the
/// message it is announced with, if any (called in the transaction that saves it).
fn owe_progress(
    tx: &mut Conn,
    poster: Option<&str>,
    game: &StoredGame,
    progress: &Progress,
    at: i64,
) -> sql::Result<Vec<OutboxId>> {
    let ply = game.turns.len() + progress.turns.len();
    let turn = (!progress.turns.is_empty()).then_some(Kind::Turn);
    (turn.into_iter().chain(progress.announced))
        .map(|kind| outbox::owe(tx, poster, game.channel, kind, game.id.0, ply, at))
        .collect()
}

/// A change of a game saved: the game as saved, and the messages the change owes (the
/// outbox rows written in its transaction), which its announcement carries.
#[derive(Clone, Debug, PartialEq)]
pub struct Saved {
    /// The game as saved.
    pub game: StoredGame,
    /// The outbox rows written with it, oldest first.
    pub owed: Vec<OutboxId>,
}

impl Store {
    /// Turns a challenge into a game between `players`, in one transaction. `None` if the
    /// challenge was gone (someone else answered it first).
    pub fn start_game(
        &self,
        challenge: &Challenge,
        players: ByColor<UserId>,
        site: Option<&str>,
    ) -> anyhow::Result<Option<Saved>> {
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
    ) -> anyhow::Result<Saved> {
        let game = insert_game(tx, terms, players, site, engine, false, at)?;
        let owed = outbox::owe(
            tx,
            self.poster(),
            game.channel,
            Kind::GameOn,
            game.id.0,
            0,
            at,
        )?;
        Ok(Saved {
            game,
            owed: vec![owed],
        })
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
    ) -> anyhow::Result<Saved> {
        self.with(|c| {
            c.transaction(|tx| {
                let at = self.clock.now();
                let started = self.game_on(tx, terms, players, site, Some(level), at)?;
                // With white, the engine moves first: its turn is asked with the game.
                if players[Color::White] == engine {
                    engine_requests::ask_turn(tx, started.game.id, engine, at)?;
                }
                Ok(started)
            })
        })
    }

    /// The active game of a channel, or with `include_finished` the latest one (never a
    /// round game waiting for its thread: it is played nowhere yet).
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
                     WHERE channel_id = ?1 AND waits_for_thread = 0 AND (status = ?3 OR ?2)
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
    pub fn save(&self, game: &StoredGame, progress: Progress) -> anyhow::Result<Option<Saved>> {
        let partial = serde_json::to_string(&progress.partial)?;
        self.with(|c| {
            c.transaction(|tx| {
            let at = self.clock.now();
            // A completed turn hands the move on: the next player's time starts now (at
            // his return, if he is on vacation), and ends the vacation of whoever played it.
            let clocked = match progress.turns.is_empty() {
                true => game.clone(),
                false => handed_on(tx, game, &progress, at)?,
            };
            let updated = tx.execute(
                "UPDATE games SET version = version + 1, partial = ?1, status = ?2,
                        resigned = COALESCE(CAST(?3 AS TEXT), resigned), updated_at = ?4,
                        ended_by = COALESCE(CAST(?7 AS BIGINT), ended_by), deadline = ?8, warned = ?9,
                        forfeited = COALESCE(CAST(?10 AS TEXT), forfeited), remind_at = ?11
                 WHERE id = ?5 AND version = ?6",
                params![
                    partial,
                    progress.status,
                    progress.resigned.map(Color::name),
                    at,
                    game.id,
                    game.version,
                    progress.ended_by,
                    clocked.deadline,
                    clocked.warned,
                    progress.forfeited.map(Color::name),
                    clocked.remind_at
                ],
            )?;
            if updated == 0 {
                return Ok(None);
            }
            insert_turns(tx, game, &progress.turns, at)?;
            let clocked = back_by_playing(tx, clocked, &progress, at)?;
            let owed = owe_progress(tx, self.poster(), game, &progress, at)?;
            if game.engine.is_some() {
                match progress.engine_to_move {
                    Some(engine) => engine_requests::ask_turn(tx, game.id, engine, at)?,
                    None => drop(engine_requests::answered(tx, game.id, RequestKind::Turn)?),
                }
            }
            if let (GameStatus::Won(winner), GameStatus::Active) = (progress.status, game.status) {
                ratings::rate(tx, game, winner)?;
            }
            let game = progressed(clocked, game, &progress, at);
            Ok(Some(Saved { game, owed }))
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
    ) -> anyhow::Result<Option<Vec<OutboxId>>> {
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
                if ended == 0 {
                    return Ok(None);
                }
                engine_requests::answered(tx, game.id, RequestKind::Turn)?;
                let owed = (announced.into_iter())
                    .map(|kind| {
                        outbox::owe(tx, self.poster(), game.channel, kind, game.id.0, 0, at)
                    })
                    .collect::<sql::Result<Vec<_>>>()?;
                Ok(Some(owed))
            })
        })
    }

    /// Moves an active game to another channel (the public thread opened for it, read by
    /// whoever reads the game's channel, whose openness it takes); false if it is no longer
    /// active. A round game that waited for its thread starts its time per move
    /// only now.
    pub fn move_game(&self, game: GameId, channel: ChannelId) -> anyhow::Result<bool> {
        let now = self.clock.now();
        self.with(|c| {
            c.transaction(|tx| {
                let time = tx.query_opt(
                    "SELECT move_days, autoforfeit FROM games WHERE id = ?1",
                    params![game],
                    |r| time_control(r, 0),
                )?;
                let starts = crate::vacation::time_starts(now, vacations::to_move_back(tx, game)?);
                let clock = MoveClock::of(starts, time.flatten());
                let deadline = clock.map(|clock| clock.deadline);
                // A public thread is read by whoever reads its channel: its openness too.
                tx.execute(
                    "INSERT INTO open_channels (channel_id, open, seen_at)
                     SELECT ?2, open, seen_at FROM open_channels
                     WHERE channel_id = (SELECT channel_id FROM games WHERE id = ?1)
                     ON CONFLICT (channel_id) DO NOTHING",
                    params![game, channel],
                )?;
                Ok(tx.execute(
                    "UPDATE games SET channel_id = ?2,
                         deadline = CASE WHEN waits_for_thread = 1 AND deadline IS NOT NULL
                                         THEN ?4 ELSE deadline END,
                         remind_at = CASE WHEN waits_for_thread = 1 AND deadline IS NOT NULL
                                          THEN ?5 ELSE remind_at END,
                         warned = CASE WHEN waits_for_thread = 1 THEN 0 ELSE warned END,
                         waits_for_thread = 0
                     WHERE id = ?1 AND status = ?3",
                    params![
                        game,
                        channel,
                        GameStatus::Active,
                        deadline,
                        clock.map(|c| c.remind_at)
                    ],
                )? == 1)
            })
        })
    }

    /// The channels of a server with an active game, the latest played first (25 at most).
    pub fn active_game_channels(&self, guild: GuildId) -> anyhow::Result<Vec<ChannelId>> {
        self.with(|c| {
            Ok(c.query_map(
                "SELECT channel_id FROM games
                 WHERE status = ?2 AND guild_id = ?1 AND waits_for_thread = 0
                 ORDER BY updated_at DESC LIMIT 25",
                params![guild, GameStatus::Active],
                |r| r.get(0),
            )?)
        })
    }
}
