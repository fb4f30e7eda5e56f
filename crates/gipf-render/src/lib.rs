//! The board picture the bot posts after every turn: a pure function from a game (and the
//! last turn) to PNG bytes, no I/O. Every game is drawn from the machine that plays them
//! all, [`gipf::potentials::Game`]: a game without potentials is one with empty supplies,
//! and looks as the plain games always have (no legend, no stacks). A whole game is
//! [`animate`]d as a GIF, and a tournament's standings drawn as a crosstable
//! ([`render_crosstable`]). The crate draws only: it reads no record and knows no chat.
//!
//! The picture is [`IMAGE_WIDTH`] × [`IMAGE_HEIGHT`] pixels, landscape 4:3 so that Discord's
//! embed box shows it as large as it can: the 900 × 960 board area on the left (White at the
//! bottom, or Black with [`RenderOptions::black_side`]), and on the right a panel with a card
//! per player (the one at the top of the board above) and the state of play between them. It
//! carries its own light background, so it reads the same in Discord's dark and light themes.
//!
//! ```
//! use gipf::Variant;
//! use gipf::potentials::{Game, Options};
//! use gipf_render::{BoardView, RenderOptions, render};
//! let game = Game::new(Options::plain(Variant::Standard));
//! let names = gipf::ByColor::new("Ann", "Bob");
//! let view = BoardView { game: &game, last_turn: None, names, note: None };
//! let png = render(&view, &RenderOptions::default());
//! assert_eq!(&png[1..4], b"PNG");
//! ```

mod animation;
mod board;
mod canvas;
mod crosstable;
mod disc;
mod layout;
mod legend;
mod moves;
mod overlay;
mod palette;
mod panel;
mod pieces;
mod stacks;
mod text;
mod theme;

use gipf::potentials::{Game, Turn};
use gipf::{ByColor, Color};
use image::RgbImage;

use palette::Palette;

pub use animation::{FINAL_DELAY, MAX_BYTES, TURN_DELAY, animate};
pub use crosstable::{CrosstableView, crosstable_size, render_crosstable};

/// Width of the picture in pixels.
pub const IMAGE_WIDTH: u32 = layout::WIDTH;
/// Height of the picture in pixels (the height of the board area).
pub const IMAGE_HEIGHT: u32 = layout::HEIGHT;

/// What to draw: a game, the turn that led to it, and the players' names.
#[derive(Clone, Copy, Debug)]
pub struct BoardView<'a> {
    /// The game shown (a game without potentials: one with empty supplies).
    pub game: &'a Game,
    /// The last completed turn, highlighted. When the game is in the middle of a turn that
    /// has acted (`game.current_turn().action` is Some), that action is highlighted instead.
    pub last_turn: Option<&'a Turn>,
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
    /// Name every spot on the board (`!board coords`, the lessons), for beginners.
    pub coordinates: bool,
}

impl RenderOptions {
    /// The board seen from `bottom`'s side: that colour at the bottom, its card below.
    pub fn seen_from(bottom: Color) -> RenderOptions {
        RenderOptions {
            black_side: bottom == Color::Black,
            ..RenderOptions::default()
        }
    }
}

/// Draws the picture without encoding it: the last turn's dots and arrows and the ghosts of
/// what it removed under the pieces, its halos and moves over them, then the pending
/// decision and the panel. [`encode`] makes it a PNG, as [`render`] does.
pub fn draw(view: &BoardView, options: &RenderOptions) -> RgbImage {
    draw_exchange(view, None, options)
}

/// [`draw`], and `answered` (the turn the last one answered) marked apart, both numbered.
fn draw_exchange(view: &BoardView, answered: Option<&Turn>, options: &RenderOptions) -> RgbImage {
    let game = view.game;
    let mut image = board::empty_board(options).clone();
    let pending = game.pending();
    let turns = moves::highlighted_turns(game, view.last_turn);
    if let Some(answered) = answered {
        moves::draw_answered_under(&mut image, game, answered, options);
    }
    moves::draw_under(&mut image, &turns, options);
    moves::draw_removed(&mut image, game, &turns, options);
    for (spot, stack) in game.stacks() {
        let center = layout::center_of(spot, options);
        stacks::draw_stack(&mut image, center, layout::PIECE_RADIUS, stack);
    }
    moves::draw_over(&mut image, game, &turns, options);
    if let Some(answered) = answered {
        moves::number_exchange(&mut image, answered, &turns, options);
    }
    for (spot, stack) in game.stacks() {
        let center = layout::center_of(spot, options);
        stacks::draw_layer_count(&mut image, center, layout::PIECE_RADIUS, stack);
    }
    moves::draw_pending(&mut image, game, &pending, options);
    if options.coordinates {
        board::draw_spot_names(&mut image, options);
    }
    panel::draw_panel(&mut image, &panel::Facts::of_game(view, &pending), options);
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
    render_exchange(view, None, options)
}

/// [`render`] for an exchange (a player's turn and the engine's answer in one picture):
/// `answered`, the turn the view's last turn answered, is marked too, in its own colour,
/// and the two are numbered 1 and 2.
pub fn render_exchange(
    view: &BoardView,
    answered: Option<&Turn>,
    options: &RenderOptions,
) -> Vec<u8> {
    let image = draw_exchange(view, answered, options);
    encode(&image).unwrap_or_else(|error| {
        tracing::error!(%error, "cannot encode the board picture");
        Vec::new()
    })
}

#[cfg(test)]
mod crosstable_tests;
#[cfg(test)]
mod exchange_tests;
#[cfg(test)]
mod potentials_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod unchanged_tests;
