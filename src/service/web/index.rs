//! What a server's index page shows, where its moderators list its pages (`settings
//! web=listed`): its games and events that have pages, the latest first.

use gipf::Color;

use super::super::Service;
use crate::model::GameStatus;
use crate::store::PagedGame;

/// A server's index page.
#[derive(Clone, Debug)]
pub struct IndexPage {
    /// Its events that have pages: `(name, where it stands, page)`.
    pub events: Vec<(String, String, String)>,
    /// Its games that have pages, the latest first.
    pub games: Vec<Listed>,
}

/// A game in a list: who played, what, how it stands, when, and its page.
#[derive(Clone, Debug)]
pub struct Listed {
    /// White's name, then Black's.
    pub players: [String; 2],
    /// The game (`standard GIPF`).
    pub game: String,
    /// `1-0`, `0-1`, `abandoned`, `no result`, or `being played`.
    pub state: String,
    /// The day it last changed (`2026-12-03`).
    pub date: String,
    /// Its page's address.
    pub page: String,
}

/// A game with a page, as a list shows it.
pub(super) fn listed(paged: PagedGame) -> Listed {
    let game = paged.game;
    Listed {
        players: [Color::White, Color::Black].map(|color| game.names[color].clone()),
        game: game.spec.title(),
        state: match game.status {
            GameStatus::Active => "being played",
            GameStatus::Won(Color::White) => "1-0",
            GameStatus::Won(Color::Black) => "0-1",
            GameStatus::Abandoned => "abandoned",
            GameStatus::Aborted => "no result",
        }
        .to_string(),
        date: crate::text::utc(game.updated_at)
            .get(..10)
            .unwrap_or_default()
            .to_string(),
        page: paged.key,
    }
}

impl Service {
    /// The index page of the server at `key`, if it lists its pages.
    pub fn index_page(&self, key: &str) -> anyhow::Result<Option<IndexPage>> {
        let Some(guild) = self.store.server_at(key)? else {
            return Ok(None);
        };
        let events = (self.store.server_events(guild)?.into_iter())
            .map(|(event, key)| (event.terms.name, event.status.name().to_string(), key))
            .collect();
        let games = self.store.server_games(guild)?;
        Ok(Some(IndexPage {
            events,
            games: games.into_iter().map(listed).collect(),
        }))
    }
}
