//! What stands on a spot, in every game: a basic piece or a GIPF-piece as
//! [`pieces`](super::pieces) draws it, and with potentials (`docs/potentials.md` §3) these
//! stacks, in the plain pieces' look.
//!
//! - A **loaded piece** is its basic piece with a filled badge in the kind's colour carrying
//!   the kind's letter: a power ready to use.
//! - A **used potential** shows the kind only as a ring and a lowercase letter in its colour,
//!   never filled: a spent power. Alone on its spot it is a smaller disc than a piece.
//! - A **DVONN or PÜNCT stack** is its layers seen from the side, each a little lower than
//!   the one above, so every lower piece shows as a rim of its colour under the top, which
//!   is a whole piece of the stack's colour; a small dark badge counts the layers, and a
//!   dot of a kind's colour on the bottom rim marks a loaded piece under the stack.
//! - A **converted GIPF-piece** is a GIPF-piece of its top's colour (the gold crown) whose
//!   lower disc is the captured colour's, with the PÜNCT's lowercase letter in the crown.

use gipf::potentials::{Base, Potential, Stack};
use gipf::{Color, Kind, Piece};
use image::RgbImage;

use super::disc::{Pt, disc, outlined_disc, ring};
use super::layout::PIECE_RADIUS;
use super::pieces::{draw_ghost, draw_piece};
use super::text::{self, Style, Weight};
use super::theme;

/// Radius of the badge that carries a loaded piece's letter.
pub(crate) const BADGE_RADIUS: f32 = 20.0;
/// Radius of a used potential alone on its spot: clearly smaller than a piece.
pub(crate) const USED_RADIUS: f32 = 28.0;
/// Radius of the ring that marks a used potential.
pub(crate) const USED_RING_RADIUS: f32 = 18.0;
/// How much lower each layer of a stack is drawn than the one on it.
pub(crate) const LAYER_STEP: f32 = 10.0;
/// Radius of the dot on a stack's rim that marks a loaded piece under it.
pub(crate) const LOADED_RIM_DOT: f32 = 4.5;
/// Where the layer count sits, from the spot's centre.
pub(crate) const COUNT_OFFSET: Pt = (29.0, -29.0);

/// The size of letters relative to the radius of their badge or ring.
const LETTER_SCALE: f32 = 1.3;

/// Draws `stack` of piece radius `radius` on the spot centred at `center`.
pub(crate) fn draw_stack(image: &mut RgbImage, center: Pt, radius: f32, stack: Stack) {
    let scale = radius / PIECE_RADIUS;
    if stack.is_converted() {
        draw_converted(image, center, radius, stack);
    } else if stack.covers > 0 {
        draw_layers(image, center, radius, stack);
    } else {
        draw_single(image, center, radius, stack.bottom, stack.base, scale);
    }
}

/// A stack of one piece: a basic piece, a GIPF-piece, a loaded piece or a lone used one.
fn draw_single(
    image: &mut RgbImage,
    center: Pt,
    radius: f32,
    color: Color,
    base: Base,
    scale: f32,
) {
    let piece = |kind| Piece { color, kind };
    match base {
        Base::Basic => draw_piece(image, center, radius, piece(Kind::Basic)),
        Base::Gipf => draw_piece(image, center, radius, piece(Kind::Gipf)),
        Base::Loaded(kind) => {
            draw_piece(image, center, radius, piece(Kind::Basic));
            kind_badge(image, center, BADGE_RADIUS * scale, kind, 1.0);
        }
        Base::Used(kind) => {
            draw_piece(image, center, USED_RADIUS * scale, piece(Kind::Basic));
            used_mark(image, center, USED_RING_RADIUS * scale, (kind, color));
        }
    }
}

/// The colours of a stack's layers, bottom to top.
pub(crate) fn layer_colors(stack: Stack) -> impl Iterator<Item = Color> {
    let bottom = stack.bottom;
    (0..=stack.covers).map(move |i| if i % 2 == 0 { bottom } else { !bottom })
}

/// The centre of layer `i` (0 at the bottom) of a stack of `layers`: the stack is centred
/// on the spot, each layer `LAYER_STEP` above the one under it.
pub(crate) fn layer_center(center: Pt, scale: f32, layers: u8, i: u8) -> Pt {
    let middle = f32::from(layers.saturating_sub(1)) / 2.0;
    let below = middle - f32::from(i);
    (center.0, center.1 + below * LAYER_STEP * scale)
}

/// A DVONN or PÜNCT stack: its layers bottom to top, the top marked with its used
/// potential, and the number of layers.
fn draw_layers(image: &mut RgbImage, center: Pt, radius: f32, stack: Stack) {
    let scale = radius / PIECE_RADIUS;
    let layers = stack.covers + 1;
    let mut top = center;
    let top_color = stack.color();
    for (i, color) in (0..layers).zip(layer_colors(stack)) {
        top = layer_center(center, scale, layers, i);
        draw_piece(
            image,
            top,
            radius,
            Piece {
                color,
                kind: Kind::Basic,
            },
        );
    }
    used_mark(
        image,
        top,
        USED_RING_RADIUS * scale,
        (stack.cover_kind, top_color),
    );
    // A loaded piece at the bottom keeps its power for when it is uncovered: a dot of its
    // kind's colour in the middle of its rim says so.
    if let Base::Loaded(kind) = stack.base {
        let bottom = layer_center(center, scale, layers, 0);
        let rim = (bottom.0, bottom.1 + radius - LAYER_STEP * scale / 2.0);
        disc(image, rim, LOADED_RIM_DOT * scale, theme::kind(kind), 1.0);
    }
}

/// A converted GIPF-piece: the captured colour's basic piece under the PÜNCT's colour,
/// crowned like a GIPF-piece of the top's colour.
fn draw_converted(image: &mut RgbImage, center: Pt, radius: f32, stack: Stack) {
    let scale = radius / PIECE_RADIUS;
    let top_color = stack.color();
    let lower = layer_center(center, scale, 2, 0);
    draw_piece(
        image,
        lower,
        radius,
        Piece {
            color: stack.bottom,
            kind: Kind::Basic,
        },
    );
    let upper = layer_center(center, scale, 2, 1);
    let (body, outline) = theme::piece_paints(top_color);
    outlined_disc(
        image,
        upper,
        radius,
        body,
        outline,
        (2.5 * scale).max(1.2),
        1.0,
    );
    ring(
        image,
        upper,
        super::layout::GIPF_RING_RADIUS * scale,
        5.0 * scale,
        theme::gipf_ring(top_color),
        1.0,
    );
    lowercase(
        image,
        upper,
        CROWN_LETTER * scale,
        stack.cover_kind,
        theme::kind_on(stack.cover_kind, top_color),
    );
}

/// Size of the PÜNCT's letter in a converted GIPF-piece's crown.
const CROWN_LETTER: f32 = 22.0;

/// A filled badge in the kind's colour with the kind's letter in white.
pub(crate) fn kind_badge(
    image: &mut RgbImage,
    center: Pt,
    radius: f32,
    kind: Potential,
    alpha: f32,
) {
    disc(image, center, radius, theme::kind(kind), alpha);
    let style = Style {
        weight: Weight::Bold,
        size: radius * LETTER_SCALE,
        paint: theme::ON_BADGE,
    };
    text::draw_centered(image, &kind.letter().to_string(), center, &style);
}

/// A used potential's mark on a piece of `color`: a ring and the lowercase letter, in the
/// kind's colour (lightened on a black piece, to stay readable when the picture is shown
/// small).
pub(crate) fn used_mark(
    image: &mut RgbImage,
    center: Pt,
    radius: f32,
    (kind, color): (Potential, Color),
) {
    let paint = theme::kind_on(kind, color);
    ring(image, center, radius, radius * USED_RING_WIDTH, paint, 1.0);
    lowercase(image, center, radius * USED_LETTER_SCALE, kind, paint);
}

/// The width of a used potential's ring, relative to its radius.
pub(crate) const USED_RING_WIDTH: f32 = 0.25;
/// The size of a used potential's letter, relative to its ring's radius.
pub(crate) const USED_LETTER_SCALE: f32 = 1.4;

/// A stack's mark drawn again over a path that crosses it (a ZÈRTZ jump), so that the path
/// never hides it: a loaded piece's badge, or the middle of a used potential or a GIPF-piece
/// cleared to its piece's colour and its ring, crown and letter drawn on it. A basic piece has
/// none.
pub(crate) fn draw_mark(image: &mut RgbImage, center: Pt, radius: f32, stack: Stack) {
    let scale = radius / PIECE_RADIUS;
    let color = stack.color();
    let body = theme::piece_paints(color).0;
    let gipf = super::layout::GIPF_RING_RADIUS * scale;
    let crown = |image: &mut RgbImage, at: Pt| {
        disc(image, at, gipf + 4.0 * scale, body, 1.0);
        ring(image, at, gipf, 5.0 * scale, theme::gipf_ring(color), 1.0);
    };
    if stack.is_converted() {
        let upper = layer_center(center, scale, 2, 1);
        crown(image, upper);
        let paint = theme::kind_on(stack.cover_kind, color);
        lowercase(image, upper, CROWN_LETTER * scale, stack.cover_kind, paint);
        return;
    }
    let used = |image: &mut RgbImage, at: Pt, kind: Potential| {
        let ring_radius = USED_RING_RADIUS * scale;
        disc(image, at, ring_radius * (1.0 + USED_RING_WIDTH), body, 1.0);
        used_mark(image, at, ring_radius, (kind, color));
    };
    if stack.covers > 0 {
        let layers = stack.covers + 1;
        used(
            image,
            layer_center(center, scale, layers, stack.covers),
            stack.cover_kind,
        );
        return;
    }
    match stack.base {
        Base::Basic => {}
        Base::Gipf => crown(
            image,
            (center.0, center.1 - super::layout::GIPF_LIFT * scale),
        ),
        Base::Loaded(kind) => kind_badge(image, center, BADGE_RADIUS * scale, kind, 1.0),
        Base::Used(kind) => used(image, center, kind),
    }
}

/// The kind's lowercase letter of `size`, centred on its x-height (descenders and
/// ascenders reach out evenly enough for `d`, `p`, `t`, `y` and `z`).
fn lowercase(image: &mut RgbImage, center: Pt, size: f32, kind: Potential, paint: image::Rgb<u8>) {
    let letter = kind.letter().to_ascii_lowercase().to_string();
    let style = Style {
        weight: Weight::Bold,
        size,
        paint,
    };
    let width = text::width(&letter, &style);
    let baseline = center.1 + size * 0.27;
    text::draw(image, &letter, (center.0 - width / 2.0, baseline), &style);
}

/// Radius of the layer count's badge.
const COUNT_RADIUS: f32 = 12.0;

/// The number of layers of a stack of more than one piece (not a converted GIPF-piece),
/// small, at its upper right. Drawn after the last turn's marks, which could hide it.
pub(crate) fn draw_layer_count(image: &mut RgbImage, center: Pt, radius: f32, stack: Stack) {
    if stack.covers == 0 || stack.is_converted() {
        return;
    }
    let scale = radius / PIECE_RADIUS;
    let layers = stack.covers + 1;
    let at = (
        center.0 + COUNT_OFFSET.0 * scale,
        center.1 + COUNT_OFFSET.1 * scale,
    );
    disc(
        image,
        at,
        (COUNT_RADIUS + 2.0) * scale,
        theme::ON_BADGE,
        1.0,
    );
    disc(image, at, COUNT_RADIUS * scale, theme::LAYER_COUNT, 1.0);
    let style = Style {
        weight: Weight::Bold,
        size: 18.0 * scale,
        paint: theme::ON_BADGE,
    };
    text::draw_centered(image, &layers.to_string(), at, &style);
}

/// The ghost of what a removal took off a spot now empty: a basic piece (with its kind's
/// badge, faded, if it was loaded), a GIPF-piece, or a used potential (smaller).
pub(crate) fn draw_stack_ghost(image: &mut RgbImage, center: Pt, gone: Gone) {
    let (kind, radius) = match gone.what {
        GoneKind::Gipf => (Kind::Gipf, PIECE_RADIUS),
        GoneKind::Basic | GoneKind::Loaded(_) => (Kind::Basic, PIECE_RADIUS),
        GoneKind::Used => (Kind::Basic, USED_RADIUS),
    };
    let piece = Piece {
        color: gone.color,
        kind,
    };
    draw_ghost(image, center, radius, piece, gone.captured);
    if let GoneKind::Loaded(kind) = gone.what {
        kind_badge(
            image,
            center,
            BADGE_RADIUS,
            kind,
            super::pieces::GHOST_ALPHA,
        );
    }
}

/// What a removal took off a spot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Gone {
    /// Its colour.
    pub color: Color,
    /// What it was.
    pub what: GoneKind,
    /// Whether its basic piece went to the remover as a capture.
    pub captured: bool,
}

/// The kinds of thing a removal takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum GoneKind {
    /// A plain basic piece.
    Basic,
    /// A GIPF-piece, true or converted.
    Gipf,
    /// A loaded piece, whole.
    Loaded(Potential),
    /// A used potential, alone.
    Used,
}
