//! The picture of a game with potentials (`docs/potentials.md`): the plain picture's board,
//! panel and marks, with stacks for pieces ([`stacks`](super::stacks)), a legend of the
//! potentials still to load on each card, and potential moves marked like pushes.

use anyhow::{Context, bail};
use gipf::potentials::{Game, Options, Pending, Turn};
use gipf::{ByColor, Outcome, Reason};
use image::RgbImage;

use super::layout::{PIECE_RADIUS, center_of};
use super::legend::Legend;
use super::panel::{self, Facts};
use super::stacks::{draw_layer_count, draw_stack};
use super::{RenderOptions, board, encode, moves};
use crate::record::{self, PotentialsReplay};

/// What to draw of a game with potentials.
#[derive(Clone, Copy, Debug)]
pub struct PotentialsView<'a> {
    /// The game shown.
    pub game: &'a Game,
    /// The last completed turn, highlighted (or, mid-turn, the game's current turn).
    pub last_turn: Option<&'a Turn>,
    /// Display names of White and Black.
    pub names: ByColor<&'a str>,
    /// A line of the bot's own under the state of play (a deadline, an ending on time).
    pub note: Option<&'a str>,
}

/// Draws the picture without encoding it.
pub(crate) fn draw(view: &PotentialsView, options: &RenderOptions) -> RgbImage {
    let game = view.game;
    let mut image = board::empty_board(options).clone();
    let pending = game.pending();
    let turns = moves::highlighted_turns(game, view.last_turn);
    moves::draw_under(&mut image, &turns, options);
    moves::draw_removed(&mut image, game, &turns, options);
    for (spot, stack) in game.stacks() {
        draw_stack(&mut image, center_of(spot, options), PIECE_RADIUS, stack);
    }
    moves::draw_over(&mut image, game, &turns, options);
    for (spot, stack) in game.stacks() {
        draw_layer_count(&mut image, center_of(spot, options), PIECE_RADIUS, stack);
    }
    moves::draw_pending(&mut image, game, &pending, options);
    panel::draw_panel(&mut image, &facts(view, &pending), options);
    image
}

/// What the panel shows of a game with potentials.
fn facts<'a>(view: &PotentialsView<'a>, pending: &Pending) -> Facts<'a> {
    let game = view.game;
    let by_color = |f: &dyn Fn(gipf::Color) -> u8| ByColor::from_fn(f);
    let options = game.options();
    // A game with empty supplies is one of the plain games, and says so as they always did.
    let with_potentials = options.ultimate || options.has_potentials();
    let name = if options.ultimate {
        "ultimate game".to_string()
    } else if with_potentials {
        format!("{} + potentials", options.variant)
    } else {
        format!("{} game", options.variant)
    };
    Facts {
        names: view.names,
        reserve: by_color(&|c| game.reserve(c)),
        lost: by_color(&|c| game.lost(c)),
        to_move: game.to_move(),
        winner: game.outcome().map(|o| o.winner),
        plies: game.plies(),
        game: name,
        detail: panel::with_note(
            detail(pending, with_potentials),
            view.note,
            matches!(pending, Pending::GameOver(_)),
        ),
        legends: with_potentials.then(|| {
            ByColor::from_fn(|c| Legend {
                supply: game.supply(c),
            })
        }),
    }
}

/// What the status says under whose turn it is. Short: letters cost bytes. Without
/// potentials the only pieces a row may keep are GIPF-pieces, and the status names them.
fn detail(pending: &Pending, with_potentials: bool) -> String {
    let piece = if with_potentials {
        "piece"
    } else {
        "GIPF-piece"
    };
    match pending {
        // Without potentials a player with no move is one with no piece in reserve (the
        // board cannot fill up), which is how the plain games name it.
        Pending::GameOver(outcome) if !with_potentials && outcome.reason == Reason::NoMove => {
            panel::outcome_detail(&Outcome {
                reason: Reason::NoReserve,
                ..*outcome
            })
        }
        Pending::GameOver(outcome) => panel::outcome_detail(outcome),
        Pending::ChooseRow { rows } => panel::choose_row_detail(rows.len()),
        Pending::Remove { optional, .. } if optional.count() == 1 => {
            format!("Keep or take the marked {piece}")
        }
        Pending::Remove { .. } => format!("Keep or take each marked {piece}"),
        Pending::Tamsk => "TAMSK on e5: push it in again, or skip".to_string(),
        Pending::Action => String::new(),
    }
}

/// Draws the picture of `view` as PNG bytes, like [`render`](super::render).
///
/// Never panics. If encoding ever failed, the error is logged and the result is empty.
pub fn render_potentials(view: &PotentialsView, options: &RenderOptions) -> Vec<u8> {
    encode(&draw(view, options)).unwrap_or_else(|error| {
        tracing::error!(%error, "cannot encode the board picture");
        Vec::new()
    })
}

/// The players' names as a record's header gives them.
fn header_names(text: &str) -> anyhow::Result<(String, String)> {
    let header = record::header(text)?;
    let name = |tag: &str| header.get(tag).unwrap_or(tag).to_string();
    Ok((name("White"), name("Black")))
}

fn replay(text: &str, options: Options) -> anyhow::Result<PotentialsReplay> {
    record::replay_potentials(text, options).context("the record is not a legal game")
}

/// Renders the position after ply `ply` (default: the end) of a record with potentials,
/// that ply's turn highlighted, like [`render_record`](super::render_record).
pub fn render_potentials_record(
    text: &str,
    options: Options,
    ply: Option<usize>,
    render: &RenderOptions,
) -> anyhow::Result<Vec<u8>> {
    let replay = replay(text, options)?;
    let plies = replay.turns.len();
    let ply = ply.unwrap_or(plies);
    if ply > plies {
        bail!("the record has {plies} turns, so there is no position after turn {ply}");
    }
    let (white, black) = header_names(text)?;
    let view = PotentialsView {
        game: &replay.games[ply],
        last_turn: ply.checked_sub(1).and_then(|i| replay.turns.get(i)),
        names: ByColor::new(&white, &black),
        note: None,
    };
    encode(&draw(&view, render)).context("cannot encode the picture")
}

/// The replay of a record with potentials as an animated GIF, like
/// [`animate_record`](super::animate_record).
pub fn animate_potentials_record(text: &str, options: Options) -> anyhow::Result<Vec<u8>> {
    let replay = replay(text, options)?;
    let (white, black) = header_names(text)?;
    super::animate_potentials(&replay, ByColor::new(&white, &black))
}
