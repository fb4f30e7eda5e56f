//! What a player's page in a server shows: his results by kind of game, his rating after
//! each rated game as lines to plot (one a pool), and his games that have pages.

use super::super::Service;
use super::super::names::plain_name;
use super::index::{Listed, listed};
use crate::model::GameKind;

/// A player's page in a server.
#[derive(Clone, Debug)]
pub struct PlayerPage {
    /// His name.
    pub name: String,
    /// His rated results, `(game, wins, losses)` a kind he played.
    pub by_kind: Vec<(String, u32, u32)>,
    /// `(wins, losses)` against the bot's engine (unrated).
    pub against_engine: (u32, u32),
    /// `(wins, losses)` of games played with hints (unrated).
    pub with_hints: (u32, u32),
    /// His rating after each rated game, a line a pool (`all` first).
    pub plot: Vec<PlotLine>,
    /// His games that have pages, the latest first.
    pub games: Vec<Listed>,
}

/// A player's rating over time in one pool.
#[derive(Clone, Debug, PartialEq)]
pub struct PlotLine {
    /// `all`, or the kind of game.
    pub pool: String,
    /// `(when, rating)`, oldest first.
    pub points: Vec<(i64, f64)>,
}

impl Service {
    /// The page of the player at `key`, if it is one.
    pub fn player_page(&self, key: &str) -> anyhow::Result<Option<PlayerPage>> {
        let Some((guild, player)) = self.store.player_at(key)? else {
            return Ok(None);
        };
        let record = self.store.player_record(Some(guild), player)?;
        let history = self.store.rating_history(guild, player)?;
        let pools = std::iter::once("all").chain(GameKind::ALL.iter().map(|kind| kind.name()));
        let plot = pools
            .map(|pool| {
                let games: Vec<_> = history.iter().filter(|p| p.pool == pool).collect();
                // From the rating before the first game kept, at its start.
                let start = games.first().map(|first| (first.started, first.before));
                let after = games.iter().map(|point| (point.at, point.rating));
                PlotLine {
                    pool: pool.to_string(),
                    points: start.into_iter().chain(after).collect(),
                }
            })
            .filter(|line| !line.points.is_empty())
            .collect();
        let games = self.store.player_games(guild, player)?;
        Ok(Some(PlayerPage {
            name: plain_name(&self.store, player)?,
            by_kind: (record.by_kind.iter())
                .map(|(kind, wins, losses)| (kind.name().to_string(), *wins, *losses))
                .collect(),
            against_engine: record.against_engine,
            with_hints: record.with_hints,
            plot,
            games: games.into_iter().map(listed).collect(),
        }))
    }
}
