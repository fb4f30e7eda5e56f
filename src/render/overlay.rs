//! What is drawn on the pieces' spots besides the pieces: the last turn (entry dot and arrow
//! under the pieces, the new piece's halo over them, ghosts of removed pieces) and the pending
//! decision (numbered rows, GIPF-pieces to keep or take).

use gipf::{Bitboard, Color, Kind, Pending, Piece, Position, Push, Removed, Row, Turn};
use image::RgbImage;

use super::RenderOptions;
use super::disc::{Pt, arrow, disc, ring, stadium_outline};
use super::layout::{DOT_RADIUS, NEW_PIECE_HALO_RADIUS, PIECE_RADIUS, SPACING, center_of};
use super::pieces::draw_ghost;
use super::text::{self, Style, Weight};
use super::theme;

/// The turns whose removals show as ghosts and whose push is marked: the turn in progress if
/// it has pushed, else the last completed turn (plus the removals the turn in progress made
/// before its push, if any).
pub(crate) fn highlighted_turns(position: &Position, last_turn: Option<&Turn>) -> Vec<Turn> {
    let current = position.current_turn();
    if current.push.is_some() {
        return vec![current];
    }
    let mut turns: Vec<Turn> = last_turn.copied().into_iter().collect();
    if !current.start.is_empty() {
        turns.push(current);
    }
    turns
}

/// Draws the ghosts of the pieces `turns` removed, where their spot is still empty.
pub(crate) fn draw_removed(
    image: &mut RgbImage,
    position: &Position,
    turns: &[Turn],
    options: &RenderOptions,
) {
    for turn in turns {
        for removed in [&turn.start, &turn.after] {
            draw_removal(image, position, turn.color, removed, options);
        }
    }
}

fn draw_removal(
    image: &mut RgbImage,
    position: &Position,
    remover: Color,
    removed: &Removed,
    options: &RenderOptions,
) {
    for spot in removed.spots.iter() {
        if position.piece_at(spot).is_some() {
            continue;
        }
        let captured = removed.captured.contains(spot);
        let piece = Piece {
            color: if captured { !remover } else { remover },
            kind: if removed.gipf.contains(spot) {
                Kind::Gipf
            } else {
                Kind::Basic
            },
        };
        draw_ghost(
            image,
            center_of(spot, options),
            PIECE_RADIUS,
            piece,
            captured,
        );
    }
}

/// Marks the entry dot under the pieces.
pub(crate) fn draw_entry_dot(image: &mut RgbImage, push: &Push, options: &RenderOptions) {
    let dot = center_of(push.entry.dot(), options);
    disc(image, dot, DOT_RADIUS + 8.0, theme::LAST_MOVE, 0.3);
    disc(image, dot, DOT_RADIUS + 2.0, theme::LAST_MOVE, 1.0);
}

/// Width of the arrow's shaft.
pub(crate) const ARROW_WIDTH: f32 = 7.0;
/// The arrow stops this far short of the furthest pushed piece's centre: at its edge.
pub(crate) const ARROW_TIP_GAP: f32 = PIECE_RADIUS + 3.0;

/// Where the arrow of `push` starts (its dot) and ends (the near edge of the furthest pushed
/// piece, so the arrowhead shows in the gap before it and covers nothing on it).
pub(crate) fn arrow_ends(push: &Push, options: &RenderOptions) -> (Pt, Pt) {
    let from = center_of(push.entry.dot(), options);
    let end = center_of(push.end, options);
    let (dx, dy) = (end.0 - from.0, end.1 - from.1);
    let span = (dx * dx + dy * dy).sqrt().max(1.0);
    let back = ARROW_TIP_GAP.min(span - 1.0);
    (from, (end.0 - dx / span * back, end.1 - dy / span * back))
}

/// Marks a push under the pieces: an arrow from the dot to the edge of the furthest moved
/// piece, showing in the gaps between the pushed pieces without hiding any of them.
pub(crate) fn draw_push_arrow(image: &mut RgbImage, push: &Push, options: &RenderOptions) {
    let (from, to) = arrow_ends(push, options);
    arrow(image, from, to, ARROW_WIDTH, theme::LAST_MOVE, 1.0);
}

/// Rings the piece a push brought in, over the pieces, if it is still there.
pub(crate) fn draw_new_piece(
    image: &mut RgbImage,
    position: &Position,
    mover: Color,
    push: &Push,
    options: &RenderOptions,
) {
    let first = push.entry.first();
    if position
        .piece_at(first)
        .is_some_and(|piece| piece.color == mover)
    {
        ring(
            image,
            center_of(first, options),
            NEW_PIECE_HALO_RADIUS,
            5.0,
            theme::LAST_MOVE,
            1.0,
        );
    }
}

/// Draws what the pending decision asks about.
pub(crate) fn draw_pending(
    image: &mut RgbImage,
    position: &Position,
    pending: &Pending,
    options: &RenderOptions,
) {
    match pending {
        Pending::ChooseRow { rows } => {
            let frames: Vec<_> = rows
                .iter()
                .enumerate()
                .map(|(index, row)| {
                    let paint = theme::ROW_CHOICES[index % theme::ROW_CHOICES.len()];
                    (row, paint)
                })
                .collect();
            for (row, paint) in &frames {
                frame_row(image, row, *paint, options);
            }
            for (index, (row, paint)) in frames.iter().enumerate() {
                let spot = badge_spot(position, row, options);
                badge(image, spot, &(index + 1).to_string(), *paint);
            }
        }
        Pending::TakeGipf { row, gipf } => {
            frame_row(image, row, theme::DECISION, options);
            mark_gipf_choices(image, *gipf, options);
        }
        Pending::Push | Pending::GameOver(_) => {}
    }
}

fn frame_row(image: &mut RgbImage, row: &Row, paint: image::Rgb<u8>, options: &RenderOptions) {
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

fn mark_gipf_choices(image: &mut RgbImage, gipf: Bitboard, options: &RenderOptions) {
    for spot in gipf.iter() {
        let center = center_of(spot, options);
        ring(
            image,
            center,
            NEW_PIECE_HALO_RADIUS,
            5.0,
            theme::DECISION,
            1.0,
        );
        let corner = (center.0 + PIECE_RADIUS * 0.8, center.1 - PIECE_RADIUS * 0.8);
        badge(image, corner, "?", theme::DECISION);
    }
}

/// Where a row's number goes: just beyond the end of its frame, at the end whose next point
/// along the line is free (a dot or an empty spot), if either is.
pub(crate) fn badge_spot(position: &Position, row: &Row, options: &RenderOptions) -> Pt {
    let (first, last) = row.ends();
    let (a, b) = (center_of(first, options), center_of(last, options));
    let span = ((b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)).sqrt().max(1.0);
    let dir = ((b.0 - a.0) / span, (b.1 - a.1) / span);
    let along = row.line.direction();
    let free = |point: Option<gipf::Point>| {
        point.is_none_or(|p| p.is_dot() || position.piece_at(p).is_none())
    };
    let reach = SPACING * 0.5;
    if free(last.neighbour(along)) || !free(first.neighbour(along.opposite())) {
        (b.0 + dir.0 * reach, b.1 + dir.1 * reach)
    } else {
        (a.0 - dir.0 * reach, a.1 - dir.1 * reach)
    }
}

/// A round coloured badge with a short white label.
fn badge(image: &mut RgbImage, center: Pt, label: &str, paint: image::Rgb<u8>) {
    disc(image, center, 24.0, theme::ON_BADGE, 1.0);
    disc(image, center, 21.0, paint, 1.0);
    let style = Style {
        weight: Weight::Bold,
        size: 30.0,
        paint: theme::ON_BADGE,
    };
    text::draw_centered(image, label, (center.0, center.1 + 0.5), &style);
}
