//! Glicko-2 ratings (Glickman's system, by the `skillratings` crate): per server, player and
//! game, and for every game together. A game's result is rated in the transaction that ends
//! it, once: each game is a rating period of its own, as correspondence servers do.

use super::sql::{self, Conn, params};
use gipf::Color;
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};

use super::stored_game::StoredGame;
use super::{Store, parsed};
use crate::model::{GameKind, GameStatus, GuildId, UserId};

/// A Glicko-2 rating: the rating, its deviation (how unsure it still is) and its volatility.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 at the start).
    pub rating: f64,
    /// Its deviation (350 at the start, shrinking with every game).
    pub deviation: f64,
    /// How erratic the player's results are (0.06 at the start).
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::from(Glicko2Rating::new())
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Rating {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Glicko2Rating {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// A player's rating in one pool, with the games behind it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RatingRow {
    /// Whose.
    pub player: UserId,
    /// The rating.
    pub rating: Rating,
    /// Rated games played.
    pub games: u32,
    /// Rated games won.
    pub wins: u32,
}

/// A player's decided games in a server: wins and losses per game, and the current streak.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerRecord {
    /// `(game, wins, losses)` for each game played, of the rated games.
    pub by_kind: Vec<(GameKind, u32, u32)>,
    /// The latest rated results alike: `(won, how many)`.
    pub streak: Option<(bool, u32)>,
    /// `(wins, losses)` against the bot's engine: unrated.
    pub against_engine: (u32, u32),
    /// `(wins, losses)` of games between people played with hints: unrated.
    pub with_hints: (u32, u32),
}

/// How a decided game counts for a player: rated, against the engine, or with hints.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Counted {
    Rated,
    AgainstEngine,
    WithHints,
}

/// `(wins, losses)` of `results`.
fn tally<'a>(results: impl Iterator<Item = &'a (GameKind, bool)>) -> (u32, u32) {
    results.fold(
        (0, 0),
        |(w, l), &(_, won)| {
            if won { (w + 1, l) } else { (w, l + 1) }
        },
    )
}

/// The pool's name in the table: a game, or `all`.
fn pool(kind: Option<GameKind>) -> &'static str {
    kind.map_or("all", GameKind::name)
}

fn read(c: &mut Conn, guild: GuildId, pool: &str, player: UserId) -> sql::Result<Rating> {
    Ok(c.query_opt(
        "SELECT rating, deviation, volatility FROM ratings
         WHERE guild_id = ?1 AND kind = ?2 AND user_id = ?3",
        params![guild, pool, player],
        |r| {
            Ok(Rating {
                rating: r.get(0)?,
                deviation: r.get(1)?,
                volatility: r.get(2)?,
            })
        },
    )?
    .unwrap_or_default())
}

fn write(
    c: &mut Conn,
    (guild, pool): (GuildId, &str),
    player: UserId,
    rating: Rating,
    won: bool,
) -> sql::Result<()> {
    c.execute(
        "INSERT INTO ratings (guild_id, kind, user_id, rating, deviation, volatility, games, wins)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, 1, ?7)
         ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET
             rating = ?4, deviation = ?5, volatility = ?6, games = ratings.games + 1, wins = ratings.wins + ?7",
        params![
            guild,
            pool,
            player,
            rating.rating,
            rating.deviation,
            rating.volatility,
            u32::from(won)
        ],
    )?;
    Ok(())
}

/// Rates the result of `game`, won by `winner`, in the pool of its game and in `all`: once
/// only, whoever calls (the game's `rated` mark is set in the same transaction).
pub(super) fn rate(c: &mut Conn, game: &StoredGame, winner: Color) -> anyhow::Result<()> {
    let first = c.execute(
        "UPDATE games SET rated = 1 WHERE id = ?1 AND rated = 0",
        params![game.id],
    )?;
    let (winner, loser) = (game.players[winner], game.players[!winner]);
    // Games against the engine say nothing about how people play against people, and a
    // game with the engine's hints is not theirs alone.
    if first == 0
        || winner == loser
        || game.engine.is_some()
        || game.hints
        || super::tournaments::in_unrated_event(c, game.id)?
    {
        return Ok(());
    }
    let guild = game.guild.unwrap_or(GuildId(0));
    for kind in [None, Some(game.spec.kind())] {
        let at = (guild, pool(kind));
        let before = [read(c, guild, at.1, winner)?, read(c, guild, at.1, loser)?];
        let (won, lost) = glicko2(
            &before[0].into(),
            &before[1].into(),
            &Outcomes::WIN,
            &Glicko2Config::new(),
        );
        let after: [Rating; 2] = [won.into(), lost.into()];
        write(c, at, winner, after[0], true)?;
        write(c, at, loser, after[1], false)?;
        for (player, (before, after)) in [winner, loser].into_iter().zip(before.iter().zip(after)) {
            c.execute(
                "INSERT INTO rating_changes (game_id, user_id, kind, rating_before, rating_after)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![game.id, player, at.1, before.rating, after.rating],
            )?;
        }
    }
    Ok(())
}

impl Store {
    /// A player's rating in a server, for one game or (`None`) all together; `None` before
    /// his first rated game.
    pub fn rating(
        &self,
        guild: Option<GuildId>,
        kind: Option<GameKind>,
        player: UserId,
    ) -> anyhow::Result<Option<RatingRow>> {
        Ok(self.leaderboard_query(guild, kind, Some(player), 1)?.pop())
    }

    /// The best rated players of a server, for one game or all together, best first.
    pub fn leaderboard(
        &self,
        guild: Option<GuildId>,
        kind: Option<GameKind>,
        limit: u32,
    ) -> anyhow::Result<Vec<RatingRow>> {
        self.leaderboard_query(guild, kind, None, limit)
    }

    fn leaderboard_query(
        &self,
        guild: Option<GuildId>,
        kind: Option<GameKind>,
        player: Option<UserId>,
        limit: u32,
    ) -> anyhow::Result<Vec<RatingRow>> {
        self.with(|c| {
            let rows = c.query_map(
                "SELECT user_id, rating, deviation, volatility, games, wins FROM ratings
                 WHERE guild_id = ?1 AND kind = ?2 AND (CAST(?3 AS BIGINT) IS NULL OR user_id = ?3)
                 ORDER BY rating DESC, games DESC, user_id LIMIT ?4",
                params![guild.unwrap_or(GuildId(0)), pool(kind), player, limit],
                |r| {
                    Ok(RatingRow {
                        player: r.get(0)?,
                        rating: Rating {
                            rating: r.get(1)?,
                            deviation: r.get(2)?,
                            volatility: r.get(3)?,
                        },
                        games: r.get(4)?,
                        wins: r.get(5)?,
                    })
                },
            )?;
            Ok(rows)
        })
    }

    /// A player's decided games in a server (aborted and abandoned ones have no result).
    pub fn player_record(
        &self,
        guild: Option<GuildId>,
        player: UserId,
    ) -> anyhow::Result<PlayerRecord> {
        let results: Vec<(Counted, (GameKind, bool))> = self.with(|c| {
            let won = [Color::White, Color::Black].map(GameStatus::Won);
            let rows = c.query_map("SELECT variant, status, white, potentials IS NOT NULL, engine_level IS NOT NULL, hints
                 FROM games
                 WHERE guild_id IS NOT DISTINCT FROM CAST(?1 AS BIGINT) AND (white = ?2 OR black = ?2) AND status IN (?3, ?4)
                 ORDER BY updated_at DESC, id DESC", params![guild, player, won[0], won[1]], |r| {
                let status: GameStatus = r.get(1)?;
                let white: UserId = r.get(2)?;
                let color = if white == player {
                    Color::White
                } else {
                    Color::Black
                };
                let kind = GameKind::of(parsed(r, 0)?, r.get(3)?);
                let counted = match (r.get::<bool>(4)?, r.get::<bool>(5)?) {
                    (true, _) => Counted::AgainstEngine,
                    (false, true) => Counted::WithHints,
                    (false, false) => Counted::Rated,
                };
                Ok((counted, (kind, status == GameStatus::Won(color))))
            })?;
            Ok(rows)
        })?;
        let of = |wanted: Counted| {
            results
                .iter()
                .filter(move |(counted, _)| *counted == wanted)
                .map(|(_, result)| result)
        };
        let rated: Vec<&(GameKind, bool)> = of(Counted::Rated).collect();
        let mut record = PlayerRecord {
            against_engine: tally(of(Counted::AgainstEngine)),
            with_hints: tally(of(Counted::WithHints)),
            ..PlayerRecord::default()
        };
        for kind in GameKind::ALL {
            let (wins, losses) = tally(rated.iter().copied().filter(|(game, _)| *game == kind));
            if wins + losses > 0 {
                record.by_kind.push((kind, wins, losses));
            }
        }
        record.streak = rated.first().map(|&&(_, won)| {
            let alike = rated.iter().take_while(|&&&(_, w)| w == won).count();
            (won, alike as u32)
        });
        Ok(record)
    }
}
