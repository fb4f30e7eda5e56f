//! The marks drawn on the board besides the pieces, wherever they come from
//! ([`moves`](super::moves) says which to draw): a push's entry dot and arrow, the halo
//! round a piece, the numbered frames of rows to choose from, the pieces to keep or take.

use gipf::{Bitboard, Entry, Point, Row};
use image::RgbImage;

use super::RenderOptions;
use super::canvas::Paint;
use super::disc::{Pt, arrow, disc, ring, segment, stadium_outline};
use super::layout::{DOT_RADIUS, NEW_PIECE_HALO_RADIUS, PIECE_RADIUS, SPACING, center_of};
use super::text::{self, Style, Weight};
use super::theme;

/// Marks the entry dot of a push under the pieces.
pub(crate) fn draw_entry_dot(
    image: &mut RgbImage,
    entry: Entry,
    paint: Paint,
    options: &RenderOptions,
) {
    let dot = center_of(entry.dot(), options);
    disc(image, dot, DOT_RADIUS + 8.0, paint, 0.3);
    disc(image, dot, DOT_RADIUS + 2.0, paint, 1.0);
}

/// Width of the arrow's shaft.
pub(crate) const ARROW_WIDTH: f32 = 7.0;
/// The arrow stops this far short of the furthest pushed piece's centre: at its edge.
pub(crate) const ARROW_TIP_GAP: f32 = PIECE_RADIUS + 3.0;

/// Where the arrow of a push from `entry` to `end` starts (its dot) and ends (the near edge
/// of the furthest pushed piece, so the arrowhead shows in the gap before it and covers
/// nothing on it).
pub(crate) fn arrow_ends(entry: Entry, end: Point, options: &RenderOptions) -> (Pt, Pt) {
    let from = center_of(entry.dot(), options);
    (from, short_of(from, center_of(end, options), ARROW_TIP_GAP))
}

/// The point `gap` short of `to` on the way from `from` (at least a pixel past `from`).
pub(crate) fn short_of(from: Pt, to: Pt, gap: f32) -> Pt {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let span = (dx * dx + dy * dy).sqrt().max(1.0);
    let back = gap.min(span - 1.0);
    (to.0 - dx / span * back, to.1 - dy / span * back)
}

/// Marks a push under the pieces: an arrow from the dot to the edge of the furthest moved
/// piece, showing in the gaps between the pushed pieces without hiding any of them.
pub(crate) fn draw_push_arrow(
    image: &mut RgbImage,
    (entry, end): (Entry, Point),
    paint: Paint,
    options: &RenderOptions,
) {
    let (from, to) = arrow_ends(entry, end, options);
    arrow(image, from, to, ARROW_WIDTH, paint, 1.0);
}

/// A ring around the piece on `spot`, over the pieces.
pub(crate) fn draw_halo(image: &mut RgbImage, spot: Point, paint: Paint, options: &RenderOptions) {
    let center = center_of(spot, options);
    ring(image, center, NEW_PIECE_HALO_RADIUS, 5.0, paint, 1.0);
}

/// Frames the rows to choose from, each in its colour, and numbers them in order;
/// `occupied` tells where a number has room.
pub(crate) fn draw_row_choices(
    image: &mut RgbImage,
    rows: &[Row],
    occupied: Bitboard,
    options: &RenderOptions,
) {
    let paint = |index: usize| theme::ROW_CHOICES[index % theme::ROW_CHOICES.len()];
    for (index, row) in rows.iter().enumerate() {
        frame_row(image, row, paint(index), options);
    }
    for (index, row) in rows.iter().enumerate() {
        let spot = badge_spot(occupied, row, options);
        badge(image, spot, &(index + 1).to_string(), paint(index));
    }
}

/// Frames the row being dealt with and marks the pieces to keep or take in it.
pub(crate) fn draw_take_choices(
    image: &mut RgbImage,
    row: &Row,
    choices: Bitboard,
    options: &RenderOptions,
) {
    frame_row(image, row, theme::DECISION, options);
    mark_choices(image, choices, options);
}

fn frame_row(image: &mut RgbImage, row: &Row, paint: Paint, options: &RenderOptions) {
    let (first, last) = row.ends();
    stadium_outline(
        image,
        (center_of(first, options), center_of(last, options)),
        PIECE_RADIUS + 6.0,
        5.0,
        paint,
        0.95,
    );
}

fn mark_choices(image: &mut RgbImage, choices: Bitboard, options: &RenderOptions) {
    for spot in choices.iter() {
        let center = center_of(spot, options);
        draw_halo(image, spot, theme::DECISION, options);
        let corner = (center.0 + PIECE_RADIUS * 0.8, center.1 - PIECE_RADIUS * 0.8);
        // Named, so that the picture says which spot `!take`/`!keep` asks about.
        badge(image, corner, &format!("{spot}?"), theme::DECISION);
    }
}

/// Where a row's number goes: just beyond the end of its frame, at the end whose next point
/// along the line is free (a dot or an empty spot), if either is.
pub(crate) fn badge_spot(occupied: Bitboard, row: &Row, options: &RenderOptions) -> Pt {
    let (first, last) = row.ends();
    let (a, b) = (center_of(first, options), center_of(last, options));
    let span = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt().max(1.0);
    let dir = ((b.0 - a.0) / span, (b.1 - a.1) / span);
    let along = row.line.direction();
    let free =
        |point: Option<gipf::Point>| point.is_none_or(|p| p.is_dot() || !occupied.contains(p));
    let reach = SPACING * 0.5;
    if free(last.neighbour(along)) || !free(first.neighbour(along.opposite())) {
        (b.0 + dir.0 * reach, b.1 + dir.1 * reach)
    } else {
        (a.0 - dir.0 * reach, a.1 - dir.1 * reach)
    }
}

/// A round coloured badge with a short white label: one character in a disc, a longer
/// label (a spot's name) smaller, in a pill as wide as it.
pub(crate) fn badge(image: &mut RgbImage, center: Pt, label: &str, paint: Paint) {
    let one = label.chars().count() <= 1;
    let style = Style {
        weight: Weight::Bold,
        size: if one { 30.0 } else { 24.0 },
        paint: theme::ON_BADGE,
    };
    if one {
        disc(image, center, 24.0, theme::ON_BADGE, 1.0);
        disc(image, center, 21.0, paint, 1.0);
    } else {
        let half = (text::width(label, &style) / 2.0 - 12.0).max(1.0);
        let ends = ((center.0 - half, center.1), (center.0 + half, center.1));
        segment(image, ends.0, ends.1, 48.0, theme::ON_BADGE, 1.0);
        segment(image, ends.0, ends.1, 42.0, paint, 1.0);
    }
    text::draw_centered(image, label, (center.0, center.1 + 0.5), &style);
}
