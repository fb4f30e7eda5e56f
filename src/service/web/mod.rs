//! The web part: what a game's page shows, read for the web server (which knows HTML and
//! HTTP, not games), through the same record, words and renderer as Discord's replies. A
//! game has a page only where the store says its channel is open to every member of its
//! server (noted by `page_link.rs`, as the asker's adapter sees the channel), and where the
//! server has not turned its pages off. An event's page (`event.rs`), a player's
//! (`player.rs`) and a server's index (`index.rs`) beside it.

mod event;
mod index;
mod kept;
mod player;

pub use event::{CrossCell, EventPage, PairingRow, RoundRow, StandingRow};
pub use index::{IndexPage, Listed};
pub(crate) use kept::{Drawing, Kept};
pub use player::{PlayerPage, PlotLine};

use std::sync::Arc;

use gipf::{ByColor, Color};
use gipf_render::{BoardView, RenderOptions};

use super::archive::{record_file_name, record_of};
use super::picture::draw;
use super::play::narrate::narrate;
use super::words::colour_word;
use super::{LiveGame, Service};
use crate::model::{ChannelId, GameStatus};
use crate::reply::Picture;
use crate::store::StoredGame;

/// A game's page, at one ply.
#[derive(Clone, Debug)]
pub struct GamePage {
    /// Who plays each colour, as the bot names them.
    pub players: ByColor<String>,
    /// The game, as its record's header names it (`standard`, `tournament (potentials …)`).
    pub game: String,
    /// Its event and round, where it is a tournament's.
    pub event: Option<String>,
    /// When it started, as the record dates it.
    pub date: String,
    /// Its time per move, if it has one.
    pub time: Option<String>,
    /// How it ended (`1-0, resignation`), or who is to move while it runs.
    pub state: String,
    /// Whether it is over: its pictures never change.
    pub finished: bool,
    /// Every completed turn.
    pub turns: Vec<PageTurn>,
    /// The ply shown: after that many turns.
    pub ply: usize,
    /// What the picture at that ply shows, for those who cannot see it.
    pub alt: String,
    /// How the game changed its players' ratings (`alice 1500 → 1662`), where it was rated.
    pub ratings: Vec<String>,
    /// The address of each player's page in the game's server.
    pub player_pages: ByColor<Option<String>>,
    /// The address of its event's page, where it is an event's game and that has one.
    pub event_page: Option<String>,
}

/// A completed turn, as the record writes it and in words.
#[derive(Clone, Debug)]
pub struct PageTurn {
    /// The official notation.
    pub notation: String,
    /// What it did, as Discord's announcement says it.
    pub words: String,
}

impl Service {
    /// What the processes on the service's database are doing, read on one snapshot: the
    /// operator's health probe (`/healthz`).
    pub fn status(&self) -> anyhow::Result<crate::store::status::Status> {
        crate::store::status::status(self.database(), self.config.clock.now())
    }

    /// Hears that whether every member of its server may read `channel` is now `open` (its
    /// permissions changed): the pages of its games, where it had been seen, follow.
    pub async fn channel_seen(self: &std::sync::Arc<Self>, channel: ChannelId, open: bool) {
        let noted = self.on_worker(move |s| s.store.renote_channel_open(channel, open));
        if let Ok(Err(e)) = noted.await {
            super::failed::log_failed("cannot note who may read a channel", &e);
        }
    }

    /// The page of the game at `key` at `ply` (its last if none, or past the end), if it
    /// has one.
    pub fn game_page(&self, key: &str, ply: Option<usize>) -> anyhow::Result<Option<GamePage>> {
        let Some(game) = self.game_with_page(key)? else {
            return Ok(None);
        };
        let record = record_of(&self.store, &game)?;
        let tag = |name: &str| record.header.get(name).map(str::to_owned);
        let replay = game.record()?;
        let turns = (replay.turns.iter().enumerate())
            .map(|(i, turn)| {
                let said = narrate(replay.games.get(i), turn);
                let words = [Some(said.action), said.effects].into_iter().flatten();
                PageTurn {
                    notation: game.turn_text(turn),
                    words: words.collect::<Vec<_>>().join(" "),
                }
            })
            .collect::<Vec<_>>();
        let ply = ply.unwrap_or(turns.len()).min(turns.len());
        let finished = game.stored.status != GameStatus::Active;
        let state = match finished {
            true => [tag("Result"), tag("Termination")]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(", "),
            false => {
                let mover = game.to_move();
                let colour = colour_word(mover).to_lowercase();
                format!("{} ({colour}) to move", game.stored.names[mover])
            }
        };
        Ok(Some(GamePage {
            players: game.stored.names.clone(),
            game: [
                tag("Variant"),
                tag("Potentials").map(|p| format!("potentials {p}")),
            ]
            .into_iter()
            .flatten()
            .collect::<Vec<_>>()
            .join(", "),
            event: (tag("Round").is_some()).then(|| {
                format!(
                    "{}, round {}",
                    tag("Event").unwrap_or_default(),
                    tag("Round").unwrap_or_default()
                )
            }),
            date: tag("Date").unwrap_or_default(),
            time: game
                .stored
                .time
                .map(|time| super::game::time::per_move(time.days)),
            state,
            finished,
            alt: alt_at(&game, ply)?,
            turns,
            ply,
            ratings: self.rating_words(&game)?,
            player_pages: self.player_pages(&game.stored)?,
            event_page: self.store.event_page_of_game(game.stored.id)?,
        }))
    }

    /// How `game` changed its players' ratings in the pool of its kind, winner first.
    fn rating_words(&self, game: &LiveGame) -> anyhow::Result<Vec<String>> {
        let pool = game.stored.spec.kind().name();
        let mut changes = self.store.rating_changes(game.stored.id, pool)?;
        changes.sort_by(|a, b| (b.after - b.before).total_cmp(&(a.after - a.before)));
        Ok(changes
            .iter()
            .map(|change| {
                let name = self.store.user_name(change.player).ok().flatten();
                let (before, after) = (change.before.round(), change.after.round());
                format!(
                    "{} {before} → {after} ({:+}), {pool} games",
                    name.unwrap_or_else(|| "someone".into()),
                    after - before
                )
            })
            .collect())
    }

    /// The address of each of `game`'s players' pages in its server.
    fn player_pages(&self, game: &StoredGame) -> anyhow::Result<ByColor<Option<String>>> {
        let Some(guild) = game.guild else {
            return Ok(ByColor::new(None, None));
        };
        let page = |color| self.store.player_page_of(guild, game.players[color]);
        Ok(ByColor::new(page(Color::White)?, page(Color::Black)?))
    }

    /// The replay of the game at `key` as an animated GIF, as `!replay` sends it, and
    /// whether the game is over (the replay never changes then), if it has a page.
    pub fn game_gif(&self, key: &str) -> anyhow::Result<Option<(Arc<[u8]>, bool)>> {
        self.drawn(
            key,
            |_| Drawing::Replay,
            |game| {
                let names = &game.stored.names;
                let names =
                    ByColor::new(names[Color::White].as_str(), names[Color::Black].as_str());
                let replay = game.record()?;
                let bottom = self.pictures.bottom_for(&game.stored, None, None)?;
                let options = RenderOptions::seen_from(bottom);
                Ok(gipf_render::animate(
                    &replay.games,
                    &replay.turns,
                    names,
                    &options,
                )?)
            },
        )
    }

    /// The picture of the game at `key` after `ply` turns (its last if past the end), and
    /// whether the game is over (the picture never changes then), if it has a page.
    pub fn game_picture(&self, key: &str, ply: usize) -> anyhow::Result<Option<(Arc<[u8]>, bool)>> {
        let at = |stored: &StoredGame| Drawing::Ply(ply.min(stored.turns.len()));
        self.drawn(key, at, |game| Ok(self.picture_at(game, ply)?.png))
    }

    /// What `draw` draws of the game at `key`, and whether the game is over, if it has a
    /// page: a finished game's drawing (`which` of it) is drawn once and then kept.
    fn drawn(
        &self,
        key: &str,
        which: impl FnOnce(&StoredGame) -> Drawing,
        draw: impl FnOnce(&LiveGame) -> anyhow::Result<Vec<u8>>,
    ) -> anyhow::Result<Option<(Arc<[u8]>, bool)>> {
        let Some(stored) = self.store.game_at(key)? else {
            return Ok(None);
        };
        let finished = stored.status != GameStatus::Active;
        let (id, which) = (stored.id, which(&stored));
        if let Some(kept) = (finished.then(|| self.drawings.get(id, which))).flatten() {
            return Ok(Some((kept, true)));
        }
        let drawn: Arc<[u8]> = draw(&LiveGame::load(stored)?)?.into();
        if finished {
            self.drawings.keep(id, which, Arc::clone(&drawn));
        }
        Ok(Some((drawn, finished)))
    }

    /// The record of the game at `key`, as `gipf-bot export` writes it (its file's name and
    /// bytes), if it has a page.
    pub fn game_record(&self, key: &str) -> anyhow::Result<Option<(String, Vec<u8>)>> {
        let Some(game) = self.game_with_page(key)? else {
            return Ok(None);
        };
        let record = record_of(&self.store, &game)?;
        let name = record_file_name(game.stored.id);
        Ok(Some((name, record.to_string().into_bytes())))
    }

    /// The game at `key`, loaded, if it has a page.
    fn game_with_page(&self, key: &str) -> anyhow::Result<Option<LiveGame>> {
        let Some(stored) = self.store.game_at(key)? else {
            return Ok(None);
        };
        Ok(Some(LiveGame::load(stored)?))
    }

    /// The board of `game` after `ply` turns, drawn as its channel's pictures show it.
    fn picture_at(&self, game: &LiveGame, ply: usize) -> anyhow::Result<Picture> {
        let options = RenderOptions {
            coordinates: self.pictures.labels_for(&game.stored, None)?,
            ..RenderOptions::seen_from(self.pictures.bottom_for(&game.stored, None, None)?)
        };
        view_at(game, ply, |view| draw(view, &options))
    }
}

/// What the picture of `game` after `ply` turns shows, in words (its alt text), without
/// drawing it.
fn alt_at(game: &LiveGame, ply: usize) -> anyhow::Result<String> {
    view_at(game, ply, |view| {
        super::alt_text::describe(view, None, None)
    })
}

/// `look` at the board of `game` after `ply` turns (its last if past the end).
fn view_at<T>(
    game: &LiveGame,
    ply: usize,
    look: impl FnOnce(&BoardView) -> T,
) -> anyhow::Result<T> {
    let replay = game.record()?;
    let ply = ply.min(replay.turns.len());
    let names = &game.stored.names;
    let view = BoardView {
        game: &replay.games[ply],
        last_turn: ply.checked_sub(1).and_then(|i| replay.turns.get(i)),
        names: ByColor::new(names[Color::White].as_str(), names[Color::Black].as_str()),
        note: None,
    };
    Ok(look(&view))
}
