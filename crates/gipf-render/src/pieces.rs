//! Pieces: basic pieces as discs, GIPF-pieces as a stack of two crowned with a gold ring,
//! and the ghosts of removed pieces.

use gipf::{Kind, Piece};
use image::RgbImage;

use super::disc::{Pt, dashed_ring, disc, outlined_disc, ring, segment};
use super::layout::{GIPF_LIFT, GIPF_RING_RADIUS, GIPF_STACK_OFFSET};
use super::theme;

/// Draws `piece` of radius `radius` on the spot centred at `center`.
pub(crate) fn draw_piece(image: &mut RgbImage, center: Pt, radius: f32, piece: Piece) {
    let scale = radius / super::layout::PIECE_RADIUS;
    let outline_width = (2.5 * scale).max(1.2);
    let (body, outline) = theme::piece_paints(piece.color);
    let top = match piece.kind {
        Kind::Basic => center,
        Kind::Gipf => {
            let lift = GIPF_LIFT * scale;
            let lower = (center.0, center.1 + GIPF_STACK_OFFSET * scale - lift);
            outlined_disc(image, lower, radius, body, outline, outline_width, 1.0);
            (center.0, center.1 - lift)
        }
    };
    outlined_disc(image, top, radius, body, outline, outline_width, 1.0);
    if piece.kind == Kind::Gipf {
        ring(
            image,
            top,
            GIPF_RING_RADIUS * scale,
            5.0 * scale,
            theme::gipf_ring(piece.color),
            1.0,
        );
    }
}

/// Opacity of a ghost's body.
pub(crate) const GHOST_ALPHA: f32 = 0.55;
/// Width of a ghost's dashed outline.
pub(crate) const GHOST_OUTLINE_WIDTH: f32 = 4.0;
/// The dashes of a ghost's outline: how many, and the part of each period they fill.
pub(crate) const GHOST_DASHES: (u32, f32) = (14, 0.55);

/// Draws the ghost of a removed piece: its body half see-through inside a dashed outline
/// (clearly there, clearly not a piece); a captured one is crossed out in red.
pub(crate) fn draw_ghost(
    image: &mut RgbImage,
    center: Pt,
    radius: f32,
    piece: Piece,
    captured: bool,
) {
    let (body, outline) = theme::piece_paints(piece.color);
    disc(image, center, radius - 1.0, body, GHOST_ALPHA);
    dashed_ring(
        image,
        center,
        radius - GHOST_OUTLINE_WIDTH / 2.0,
        GHOST_OUTLINE_WIDTH,
        GHOST_DASHES,
        outline,
        0.9,
    );
    if piece.kind == Kind::Gipf {
        ring(
            image,
            center,
            GIPF_RING_RADIUS,
            4.0,
            theme::gipf_ring(piece.color),
            0.75,
        );
    }
    if captured {
        let reach = radius * 0.5;
        for (dx, dy) in [(reach, reach), (reach, -reach)] {
            segment(
                image,
                (center.0 - dx, center.1 - dy),
                (center.0 + dx, center.1 + dy),
                6.0,
                theme::CAPTURED,
                0.9,
            );
        }
    }
}
