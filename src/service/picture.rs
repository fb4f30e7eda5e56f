//! The pictures part: a game's board from the side its viewer sees it, with its spots named
//! as the viewer or the server chose, and the one call to the renderer every picture goes
//! through ([`draw`], counted, see [`crate::cost`]), which also writes its alt text.

use std::sync::Arc;

use gipf::{ByColor, Color};

use gipf::potentials::{Game, Turn};
use gipf_render::{BoardView, RenderOptions};

use super::LiveGame;
use super::alt_text;
use super::drawing_seats::Seat;
use super::words::colour_word;
use crate::model::{BoardSide, ChannelId, GameStatus, Labels, UserId};
use crate::reply::Picture;
use crate::service::voice::Voice;
use crate::store::{Store, StoredGame};
use crate::text;

/// Draws `view` as `options` say, with its alt text: every board picture of the service
/// comes from here.
pub(super) fn draw(view: &BoardView, options: &RenderOptions) -> Picture {
    draw_exchange(view, Exchange::default(), options)
}

/// What a game's picture knows beyond its view: the turn its last turn answered, marked
/// too (an exchange with the engine), and the game at the start of the last turn, so
/// that the alt text says what that turn removed.
#[derive(Clone, Copy, Default)]
struct Exchange<'a> {
    answered: Option<&'a Turn>,
    start: Option<&'a Game>,
}

/// [`draw`], with what `exchange` knows.
fn draw_exchange(view: &BoardView, exchange: Exchange, options: &RenderOptions) -> Picture {
    crate::cost::rendered();
    let png = {
        let _seat = Seat::take();
        gipf_render::render_exchange(view, exchange.answered, options)
    };
    Picture {
        png,
        drawn: crate::reply::Drawn::Board,
        alt: alt_text::describe(view, exchange.answered, exchange.start),
    }
}

/// The board pictures: what the viewers chose, read from the store, and whether the bot
/// itself played the last turn (then its picture shows the whole exchange).
pub(crate) struct Pictures {
    store: Arc<Store>,
    voice: Arc<Voice>,
}

impl Pictures {
    /// The pictures of the games in `store`, the engine being `voice`'s own user.
    pub(super) fn new(store: Arc<Store>, voice: Arc<Voice>) -> Pictures {
        Pictures { store, voice }
    }

    /// The board picture of a game with `bottom` at the bottom, or else as its channel shows
    /// it (the server's side: [`Pictures::bottom_for`]), its spots named as the server's
    /// pictures name them.
    pub(super) fn of(&self, game: &LiveGame, bottom: Option<Color>) -> anyhow::Result<Picture> {
        let labels = self.labels_for(&game.stored, None)?;
        self.with_labels(game, bottom, labels)
    }

    /// [`Pictures::of`], with every spot named if `coordinates`.
    pub(super) fn with_labels(
        &self,
        game: &LiveGame,
        bottom: Option<Color>,
        coordinates: bool,
    ) -> anyhow::Result<Picture> {
        let bottom = match bottom {
            Some(bottom) => bottom,
            None => self.bottom_for(&game.stored, None, None)?,
        };
        let note = picture_note(game);
        let names = &game.stored.names;
        let names = ByColor::new(names[Color::White].as_str(), names[Color::Black].as_str());
        let view = BoardView {
            game: &game.game,
            last_turn: game.last_turn.as_ref(),
            names,
            note: note.as_deref(),
        };
        let options = RenderOptions {
            coordinates,
            ..RenderOptions::seen_from(bottom)
        };
        let exchange = Exchange {
            answered: self.answered_in(game),
            start: game.last_start(),
        };
        Ok(draw_exchange(&view, exchange, &options))
    }

    /// The player's turn that the engine's last turn in `game` answered, if that is how the
    /// game stands: its picture shows the whole exchange.
    fn answered_in<'a>(&self, game: &'a LiveGame) -> Option<&'a Turn> {
        let engine = self.voice.engine_id()?;
        let (last, before) = (game.last_turn.as_ref()?, game.turn_before_last()?);
        let answer = game.stored.engine.is_some()
            && game.player(last.color) == engine
            && game.player(before.color) != engine;
        answer.then_some(before)
    }

    /// Whether the pictures of `game` shown to `viewer` (`None`: to its channel) name every
    /// spot: as the viewer chose (`labels`), else as the server's do (`settings labels`;
    /// none outside a server).
    pub(super) fn labels_for(
        &self,
        game: &StoredGame,
        viewer: Option<UserId>,
    ) -> anyhow::Result<bool> {
        let server = match game.guild {
            Some(guild) => self.store.guild_settings(guild)?.labels,
            None => false,
        };
        let chosen = match viewer {
            Some(user) => self.store.labels(user)?,
            None => Labels::Default,
        };
        Ok(chosen.shown(server))
    }

    /// The colour at the bottom of the pictures of `game` shown to `viewer` (`None`: to its
    /// channel): the side asked for, else the one the viewer chose (`board side`), else the
    /// server's (`settings side`; White outside a server). `mine` is the viewer's colour in
    /// the game, if he plays it.
    pub(super) fn bottom_for(
        &self,
        game: &StoredGame,
        viewer: Option<UserId>,
        asked: Option<BoardSide>,
    ) -> anyhow::Result<Color> {
        let server = match game.guild {
            Some(guild) => self.store.guild_settings(guild)?.board_side,
            None => Color::White,
        };
        let chosen = match (asked, viewer) {
            (Some(side), _) => Some(side),
            (None, Some(user)) => self.store.board_side(user)?,
            (None, None) => None,
        };
        let mine = viewer.and_then(|user| {
            [Color::White, Color::Black]
                .into_iter()
                .find(|&color| game.players[color] == user)
        });
        Ok(chosen.map_or(server, |side| side.bottom(mine, server)))
    }

    /// The `board` of a public reply in `channel`, as `user` sees it: redrawn from his side
    /// and with his spot labels when he chose others than the channel's (the reply shows the
    /// channel's game).
    pub(super) fn for_viewer(
        &self,
        channel: ChannelId,
        user: UserId,
        board: &Picture,
    ) -> anyhow::Result<Picture> {
        let chosen =
            self.store.board_side(user)?.is_some() || self.store.labels(user)? != Labels::Default;
        if !chosen {
            return Ok(board.clone());
        }
        let Some(stored) = self.store.game_in(channel, true)? else {
            return Ok(board.clone());
        };
        let bottom = self.bottom_for(&stored, Some(user), None)?;
        let labels = self.labels_for(&stored, Some(user))?;
        if bottom == self.bottom_for(&stored, None, None)?
            && labels == self.labels_for(&stored, None)?
        {
            return Ok(board.clone());
        }
        self.with_labels(&LiveGame::load(stored)?, Some(bottom), labels)
    }
}

/// The line the picture shows under the state of play: the deadline of the move, or a loss
/// on time (which the rules know as no more than a resignation).
fn picture_note(game: &LiveGame) -> Option<String> {
    match (game.stored.forfeited, game.stored.deadline) {
        (Some(loser), _) => Some(format!("{} ran out of time", colour_word(loser))),
        (None, Some(deadline)) if game.stored.status == GameStatus::Active => {
            Some(format!("Move by {}", text::utc(deadline)))
        }
        _ => None,
    }
}
