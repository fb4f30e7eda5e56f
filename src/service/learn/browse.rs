//! `browse`: one board that steps through a game, turn by turn, by its buttons (first,
//! back, forward, last, the engine's view); a click replaces the board it is under.

use gipf::ByColor;
use gipf::potentials::Game;
use gipf_ai::{Level, Request};
use gipf_render::{BoardView, RenderOptions};

use crate::command::ArchiveCommand;
use crate::engine_pool::Ticket;
use crate::model::{GameId, UserId};
use crate::record;
use crate::reply::{Button, Reply, Stamp};
use crate::service::engine::{Engine, class_of, expected_time};
use crate::service::words::game_heading;
use crate::service::{Handled, LiveGame, Message, Via};
use crate::store::Store;

/// A browser button: the same game at `turn`, with or without the engine's view.
fn step(label: &str, id: GameId, turn: usize, engine: bool, stamp: Stamp) -> Button {
    Button {
        label: label.into(),
        command: ArchiveCommand::Browse {
            game: Some(id),
            turn: Some(turn as u32),
            engine,
        }
        .into(),
        stamp,
    }
}

/// What the browser touches: the store (the analysis's comments) and the engine (its view).
pub(in crate::service) struct Browser<'a> {
    pub store: &'a Store,
    pub engine: &'a Engine,
}

impl Browser<'_> {
    /// `browse`: `game` after `turn` turns (the last if `None`).
    pub(in crate::service) fn browse(
        &self,
        message: &Message,
        game: &LiveGame,
        turn: Option<u32>,
        engine: bool,
    ) -> Handled {
        let total = game.stored.turns.len();
        let turn = turn.map_or(total, |n| (n as usize).min(total));
        // The states the game's load replayed: a click replays nothing more.
        let (state, last) = game.record()?.after_lines(turn);
        let id = game.stored.id;
        let mut text = game_heading(game);
        let options = state.options();
        match &last {
            Some(played) => text.push(format!(
                ". Turn {turn} of {total}: {} played `{}`.",
                played.color,
                record::turn_text(&options, played, true)
            )),
            None if total == 0 => text.push(". The start: no turn played yet."),
            None => text.push(format!(". The start, before turn 1 of {total}.")),
        };
        if let Some(comment) = self.store.analysis_comment(id, turn as u32)? {
            text.push(format!("\nThe analysis: {comment}."));
        }
        if engine
            && state.outcome().is_none()
            && let Some(view) = self.engine_view(state, message.author.id)?
        {
            text.push(view);
        }
        let names = &game.stored.names;
        let view = BoardView {
            game: state,
            last_turn: last,
            names: ByColor::new(
                names[gipf::Color::White].as_str(),
                names[gipf::Color::Black].as_str(),
            ),
            note: Some(&format!("Game {id}, turn {turn} of {total}")),
        };
        let stamp = Stamp::Game {
            id,
            version: game.stored.version,
        };
        let buttons = vec![
            step("⏮ First", id, 0, false, stamp),
            step("◀ Back", id, turn.saturating_sub(1), false, stamp),
            step("▶ Forward", id, (turn + 1).min(total), false, stamp),
            step("⏭ Last", id, total, false, stamp),
            step("Engine's view", id, turn, true, stamp),
        ];
        Ok(Reply {
            board: Some(crate::service::picture::draw(
                &view,
                &RenderOptions::default(),
            )),
            buttons,
            // A click steps the board it is under: one message, edited, pinging nobody.
            replaces: message.via == Via::Button,
            ..Reply::public(text)
        })
    }

    /// `The engine (white to move): …`: its choice in `state`, and what it thinks of it
    /// (nothing if the search gave no turn).
    fn engine_view(&self, state: &Game, asker: UserId) -> anyhow::Result<Option<String>> {
        let request = Request::level(Level::Medium).with_seed(u64::from(state.plies()));
        let ticket = Ticket {
            player: asker,
            game: None,
            class: class_of(Level::Medium),
            expected: expected_time(Level::Medium),
        };
        let searched = state.clone();
        let Ok(thought) = self
            .engine
            .run(ticket, move |e| e.think_game(&searched, &request))?
        else {
            return Ok(None);
        };
        Ok(Some(format!(
            "\nThe engine ({} to move): `{}`, which {} ({}).",
            state.to_move(),
            record::turn_text(&state.options(), &thought.turn, false),
            thought.reason,
            gipf_ai::score::describe(thought.evaluation)
        )))
    }
}
