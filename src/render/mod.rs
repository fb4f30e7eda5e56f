//! The board picture the bot posts after every turn: a pure function from a position (and
//! the last turn) to PNG bytes, no I/O.
//!
//! The picture is [`IMAGE_WIDTH`] × [`IMAGE_HEIGHT`] pixels, landscape 4:3 so that Discord's
//! embed box shows it as large as it can: the 900 × 960 board area on the left (White at the
//! bottom, or Black with [`RenderOptions::black_side`]), and on the right a panel with a card
//! per player (the one at the top of the board above) and the state of play between them. It
//! carries its own light background, so it reads the same in Discord's dark and light themes.
//!
//! ```
//! use gipf::{Position, Variant};
//! use gipf_bot::render::{BoardView, RenderOptions, render};
//! let position = Position::new(Variant::Standard);
//! let names = gipf::ByColor::new("Ann", "Bob");
//! let view = BoardView { position: &position, last_turn: None, names, note: None };
//! let png = render(&view, &RenderOptions::default());
//! assert_eq!(&png[1..4], b"PNG");
//! ```

mod animation;
mod board;
mod canvas;
mod disc;
mod layout;
mod legend;
mod moves;
mod overlay;
mod palette;
mod panel;
mod pieces;
mod potentials;
mod stacks;
mod text;
mod theme;

use anyhow::{Context, bail};
use gipf::{ByColor, Point, Variant};
use image::RgbImage;

use palette::Palette;

pub use animation::{FINAL_DELAY, MAX_BYTES, TURN_DELAY, animate, animate_potentials};
pub use potentials::{
    PotentialsView, animate_potentials_record, render_potentials, render_potentials_record,
};

use crate::record;

/// Width of the picture in pixels.
pub const IMAGE_WIDTH: u32 = layout::WIDTH;
/// Height of the picture in pixels (the height of the board area).
pub const IMAGE_HEIGHT: u32 = layout::HEIGHT;

/// What to draw: a position, the turn that led to it, and the players' names.
#[derive(Clone, Copy, Debug)]
pub struct BoardView<'a> {
    /// The position shown.
    pub position: &'a gipf::Position,
    /// The last completed turn, highlighted. When the position is in the middle of a turn
    /// (position.current_turn().push is Some), highlight that push instead.
    pub last_turn: Option<&'a gipf::Turn>,
    /// Display names of White and Black (any unicode, may be long: truncate sensibly).
    pub names: ByColor<&'a str>,
    /// A line of the bot's own under the state of play: the deadline of the move, or how a
    /// game ended that the rules do not know (on time).
    pub note: Option<&'a str>,
}

/// How to draw it.
#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    /// Draw the board from Black's side (turned 180°, labels still upright).
    pub black_side: bool,
}

/// Draws the picture without encoding it.
fn draw(view: &BoardView, options: &RenderOptions) -> RgbImage {
    let position = view.position;
    let mut image = board::empty_board(options).clone();
    let pending = position.pending();
    let turns = overlay::highlighted_turns(position, view.last_turn);
    let pushes: Vec<_> = turns
        .iter()
        .filter_map(|turn| turn.push.map(|push| (turn.color, push)))
        .collect();

    // Under the pieces: the last push's dot and arrow, then the removed pieces' ghosts.
    for (_, push) in &pushes {
        overlay::draw_entry_dot(&mut image, push.entry, theme::LAST_MOVE, options);
        let path = (push.entry, push.end);
        overlay::draw_push_arrow(&mut image, path, theme::LAST_MOVE, options);
    }
    overlay::draw_removed(&mut image, position, &turns, options);
    for spot in Point::spots() {
        if let Some(piece) = position.piece_at(spot) {
            pieces::draw_piece(
                &mut image,
                layout::center_of(spot, options),
                layout::PIECE_RADIUS,
                piece,
            );
        }
    }
    for (mover, push) in &pushes {
        overlay::draw_new_piece(&mut image, position, *mover, push.entry, options);
    }
    overlay::draw_pending(&mut image, position, &pending, options);
    panel::draw_panel(
        &mut image,
        &panel::Facts::of_position(view, &pending),
        options,
    );
    image
}

/// Encodes a picture as a palette PNG of at most 256 colours: about a quarter of the bytes
/// of an RGB PNG. Palette images compress best unfiltered; deflate level 4 is the knee
/// (measured on the busiest picture: level 2 gives 72.5 KB in 2.5 ms, level 4 67.5 KB in
/// 3.4 ms, fdeflate with filtering 95 KB in 1 ms).
pub fn encode(image: &RgbImage) -> Result<Vec<u8>, png::EncodingError> {
    let palette = Palette::of(image);
    let mut bytes = Vec::with_capacity(96 * 1024);
    let mut encoder = png::Encoder::new(&mut bytes, image.width(), image.height());
    encoder.set_color(png::ColorType::Indexed);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_palette(palette.rgb_bytes());
    encoder.set_deflate_compression(png::DeflateCompression::Level(4));
    encoder.set_filter(png::Filter::NoFilter);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&palette.indexed(image))?;
    writer.finish()?;
    Ok(bytes)
}

/// Draws the board picture of `view` as PNG bytes, [`IMAGE_WIDTH`] × [`IMAGE_HEIGHT`].
///
/// Never panics. Encoding into memory cannot fail in practice; if it ever did, the error is
/// logged and the result is empty.
pub fn render(view: &BoardView, options: &RenderOptions) -> Vec<u8> {
    let image = draw(view, options);
    encode(&image).unwrap_or_else(|error| {
        tracing::error!(%error, "cannot encode the board picture");
        Vec::new()
    })
}

/// The replay of a game record as an animated GIF, the players named as its header names
/// them.
pub fn animate_record(text: &str, variant: Option<Variant>) -> anyhow::Result<Vec<u8>> {
    let replay =
        record::replay_with_header(text, variant).context("the record is not a legal game")?;
    let header = record::header(text)?;
    let names = ByColor::new(
        header.get("White").unwrap_or("White"),
        header.get("Black").unwrap_or("Black"),
    );
    animate(&replay, names)
}

/// Renders the position after ply `ply` (default: the end) of a game record, that ply's turn
/// highlighted. The game is the record header's, or `variant`.
pub fn render_record(
    text: &str,
    variant: Option<Variant>,
    ply: Option<usize>,
    options: &RenderOptions,
) -> anyhow::Result<Vec<u8>> {
    let replay =
        record::replay_with_header(text, variant).context("the record is not a legal game")?;
    let plies = replay.turns.len();
    let ply = ply.unwrap_or(plies);
    if ply > plies {
        bail!("the record has {plies} turns, so there is no position after turn {ply}");
    }
    let position = &replay.positions[ply];
    let last_turn = ply.checked_sub(1).and_then(|i| replay.turns.get(i));
    let header = record::header(text)?;
    let view = BoardView {
        position,
        last_turn,
        names: ByColor::new(
            header.get("White").unwrap_or("White"),
            header.get("Black").unwrap_or("Black"),
        ),
        note: None,
    };
    let image = draw(&view, options);
    encode(&image).context("cannot encode the picture")
}

#[cfg(test)]
mod one_path_tests;
#[cfg(test)]
mod potentials_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod unchanged_tests;
