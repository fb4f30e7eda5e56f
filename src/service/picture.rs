//! The board pictures the service draws: a game's from the side its viewer sees it, with
//! its spots named as the viewer or the server chose, and the one call to the renderer every
//! picture goes through (counted, see [`crate::cost`]), which also writes its alt text.

use gipf::{ByColor, Color};

use gipf::potentials::{Game, Turn};
use gipf_render::{BoardView, RenderOptions};

use super::LiveGame;
use super::alt_text;
use super::drawing_seats::Seat;
use super::game::time;
use crate::model::{BoardSide, Labels, UserId};
use crate::reply::Picture;
use crate::service::hands::Desk;
use crate::store::StoredGame;

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
        alt: alt_text::describe(view, exchange.answered, exchange.start),
    }
}

impl Desk {
    /// The board picture of a game with `bottom` at the bottom, or else as its channel shows
    /// it (the server's side: [`Service::bottom_for`]), its spots named as the server's
    /// pictures name them.
    pub(super) fn picture(
        &self,
        game: &LiveGame,
        bottom: Option<Color>,
    ) -> anyhow::Result<Picture> {
        let labels = self.labels_for(&game.stored, None)?;
        self.picture_with(game, bottom, labels)
    }

    /// [`Service::picture`], with every spot named if `coordinates`.
    pub(super) fn picture_with(
        &self,
        game: &LiveGame,
        bottom: Option<Color>,
        coordinates: bool,
    ) -> anyhow::Result<Picture> {
        let bottom = match bottom {
            Some(bottom) => bottom,
            None => self.bottom_for(&game.stored, None, None)?,
        };
        let note = time::picture_note(game);
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
        let engine = self.engine_user()?.id;
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
}
