//! The board pictures the service draws: a game's from the side its viewer sees it, and
//! the one call to the renderer every picture goes through (counted, see [`crate::cost`]).

use gipf::{ByColor, Color};

use super::LiveGame;
use super::game::time;
use crate::model::{BoardSide, UserId};
use crate::render::{self, BoardView, RenderOptions};
use crate::service::hands::Desk;
use crate::store::StoredGame;

/// Draws `view` as `options` say: every board picture of the service comes from here.
pub(super) fn draw(view: &BoardView, options: &RenderOptions) -> Vec<u8> {
    crate::cost::rendered();
    render::render(view, options)
}

impl Desk {
    /// The board picture of a game with `bottom` at the bottom, or else as its channel shows
    /// it (the server's side: [`Service::bottom_for`]).
    pub(super) fn picture(
        &self,
        game: &LiveGame,
        bottom: Option<Color>,
    ) -> anyhow::Result<Vec<u8>> {
        self.picture_with(game, bottom, false)
    }

    /// [`Service::picture`], with every spot named if `coordinates`.
    pub(super) fn picture_with(
        &self,
        game: &LiveGame,
        bottom: Option<Color>,
        coordinates: bool,
    ) -> anyhow::Result<Vec<u8>> {
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
        Ok(draw(&view, &options))
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
