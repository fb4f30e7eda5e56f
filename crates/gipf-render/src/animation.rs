//! The replay of a whole game as an animated GIF: the start, then one picture per turn with
//! that turn marked as in the still pictures, the final position held. GIF because Discord
//! animates GIF attachments inline (of an APNG it shows the first frame only).
//!
//! All frames share one palette, counted over every picture first, so a frame can send only
//! the box of pixels its turn changed, the unchanged ones in it transparent: a turn moves a
//! few pieces and the panel, so a frame is a few kilobytes.

use std::borrow::Cow;

use gif::{DisposalMethod, Encoder, EncodingError, Frame, Repeat};
use gipf::ByColor;
use gipf::potentials::{Game, Turn};
use image::RgbImage;

use super::palette::{Histogram, Palette};
use super::{BoardView, RenderOptions, draw};

/// How long each turn shows, in hundredths of a second.
pub const TURN_DELAY: u16 = 80;
/// How long the final position is held before the replay starts again.
pub const FINAL_DELAY: u16 = 500;

/// Discord's limit on an attachment, less a margin: a longer game (some hundreds of turns)
/// is replayed at half the size.
pub const MAX_BYTES: usize = 7_800_000;

/// The animated replay of a game: a frame for each of `games` (the start, then the game
/// after each of `turns`, that turn marked), drawn as `options` asks (the side of the still
/// pictures), at most [`MAX_BYTES`].
///
/// ```
/// use gipf::potentials::{Game, Options};
/// let mut game = Game::new(Options::plain(gipf::Variant::Standard));
/// let mut games = vec![game.clone()];
/// let turns = game.play_notation("b1-c2").unwrap();
/// games.push(game);
/// let names = gipf::ByColor::new("Ann", "Bob");
/// let options = gipf_render::RenderOptions::default();
/// let gif = gipf_render::animate(&games, &turns, names, &options).unwrap();
/// assert_eq!(&gif[..6], b"GIF89a");
/// ```
pub fn animate(
    games: &[Game],
    turns: &[Turn],
    names: ByColor<&str>,
    options: &RenderOptions,
) -> Result<Vec<u8>, EncodingError> {
    animate_within(games, turns, (names, options), MAX_BYTES)
}

/// [`animate`], at half the size if the full size takes more than `max_bytes`.
pub(crate) fn animate_within(
    games: &[Game],
    turns: &[Turn],
    (names, options): (ByColor<&str>, &RenderOptions),
    max_bytes: usize,
) -> Result<Vec<u8>, EncodingError> {
    let picture = |i: usize| {
        let view = BoardView {
            game: &games[i],
            last_turn: i.checked_sub(1).and_then(|t| turns.get(t)),
            names,
            note: None,
        };
        draw(&view, options)
    };
    animate_frames(games.len(), picture, max_bytes)
}

/// The animation of `frames` pictures drawn by `picture`, at half the size if the full size
/// takes more than `max_bytes`.
fn animate_frames(
    frames: usize,
    picture: impl Fn(usize) -> RgbImage,
    max_bytes: usize,
) -> Result<Vec<u8>, EncodingError> {
    let full = encode(frames, &picture, 1)?;
    if full.len() <= max_bytes {
        return Ok(full);
    }
    encode(frames, &picture, 2)
}

/// The animation with every picture shrunk by `shrink`.
fn encode(
    frames: usize,
    draw: &impl Fn(usize) -> RgbImage,
    shrink: u32,
) -> Result<Vec<u8>, EncodingError> {
    let picture = |i: usize| {
        let drawn = draw(i);
        match shrink {
            1 => drawn,
            n => image::imageops::resize(
                &drawn,
                drawn.width() / n,
                drawn.height() / n,
                image::imageops::FilterType::Triangle,
            ),
        }
    };
    let mut histogram = Histogram::new();
    for i in 0..frames {
        histogram.add(&picture(i));
    }
    // 255 colours and, after them, the transparent entry.
    let palette = Palette::median_cut(&histogram, 255);
    let transparent = palette.colours.len() as u8;
    let mut colours = palette.rgb_bytes();
    colours.resize(256 * 3, 0);

    let side = |n: u32| u16::try_from(n / shrink).unwrap_or(u16::MAX);
    let (width, height) = (side(super::IMAGE_WIDTH), side(super::IMAGE_HEIGHT));
    let mut gif = Vec::new();
    {
        let mut encoder = Encoder::new(&mut gif, width, height, &colours)?;
        encoder.set_repeat(Repeat::Infinite)?;
        let mut shown: Option<Vec<u8>> = None;
        for i in 0..frames {
            let indexed = palette.indexed(&picture(i));
            let mut frame = match &shown {
                None => Frame {
                    width,
                    height,
                    buffer: Cow::Borrowed(&indexed),
                    ..Frame::default()
                },
                Some(before) => changes(before, &indexed, width, transparent),
            };
            frame.delay = if i + 1 == frames {
                FINAL_DELAY
            } else {
                TURN_DELAY
            };
            frame.dispose = DisposalMethod::Keep;
            encoder.write_frame(&frame)?;
            shown = Some(indexed);
        }
    }
    Ok(gif)
}

/// The frame that turns picture `before` into `after` (both `width` entries a row): the box
/// of changed pixels, the unchanged ones in it `transparent`. One transparent pixel when
/// nothing changed, so that the frame still takes its time.
fn changes(before: &[u8], after: &[u8], width: u16, transparent: u8) -> Frame<'static> {
    let w = usize::from(width);
    let (mut left, mut top, mut right, mut bottom) = (usize::MAX, usize::MAX, 0, 0);
    for (i, (a, b)) in before.iter().zip(after).enumerate() {
        if a != b {
            let (x, y) = (i % w, i / w);
            left = left.min(x);
            right = right.max(x);
            top = top.min(y);
            bottom = bottom.max(y);
        }
    }
    if left == usize::MAX {
        return Frame {
            width: 1,
            height: 1,
            transparent: Some(transparent),
            buffer: Cow::Owned(vec![transparent]),
            ..Frame::default()
        };
    }
    let mut buffer = Vec::with_capacity((right - left + 1) * (bottom - top + 1));
    for y in top..=bottom {
        let row = y * w;
        for x in left..=right {
            let (a, b) = (before[row + x], after[row + x]);
            buffer.push(if a == b { transparent } else { b });
        }
    }
    // The box lies within the picture, whose sides fit in a u16.
    let side = |n: usize| u16::try_from(n).unwrap_or(u16::MAX);
    Frame {
        left: side(left),
        top: side(top),
        width: side(right - left + 1),
        height: side(bottom - top + 1),
        transparent: Some(transparent),
        buffer: Cow::Owned(buffer),
        ..Frame::default()
    }
}
