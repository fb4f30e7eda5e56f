//! Where everything goes: the board on the left, the player panel on the right, and the
//! board's geometry.
//!
//! The image is landscape, 4:3, so that Discord's embed box (wider than tall) shows it as
//! large as it can: the board area on the left, the panel (a card per player and the state of
//! play between them) on the right. On the board a point's grid coordinates `(x, y)` map to
//! `sx = x·√3/2·spacing`, `sy_up = (y - x/2)·spacing` around the centre spot `e5`: columns
//! are vertical, `a1` is the bottom-left corner, `e1` the bottom, `e9` the top. Seen from
//! Black's side everything turns 180° about the centre.

use gipf::Point;

use super::RenderOptions;
use super::disc::Pt;

/// Width of the whole image.
pub(crate) const WIDTH: u32 = 1280;
/// Height of the whole image.
pub(crate) const HEIGHT: u32 = 960;
/// Width of the board area, at the left of the image.
pub(crate) const BOARD_WIDTH: f32 = 900.0;
/// Height of the board area: the whole height of the image.
pub(crate) const BOARD_HEIGHT: f32 = HEIGHT as f32;
/// Left edge of the player panel, right of the board area.
pub(crate) const PANEL_LEFT: f32 = BOARD_WIDTH;
/// Width of the player panel.
pub(crate) const PANEL_WIDTH: f32 = WIDTH as f32 - PANEL_LEFT;

const _: () = assert!(BOARD_WIDTH >= 900.0 && BOARD_HEIGHT >= 900.0);
const _: () = assert!(WIDTH * 3 == HEIGHT * 4);

/// Distance between neighbouring points.
pub(crate) const SPACING: f32 = 100.0;
/// Radius of a piece.
pub(crate) const PIECE_RADIUS: f32 = 38.0;
/// A GIPF-piece is two discs: the lower one this far below the upper one.
pub(crate) const GIPF_STACK_OFFSET: f32 = 7.0;
/// The upper disc of a GIPF-piece is lifted this far above the spot's centre.
pub(crate) const GIPF_LIFT: f32 = 3.0;
/// Radius of the ring that crowns a GIPF-piece.
pub(crate) const GIPF_RING_RADIUS: f32 = 20.0;
/// Radius of the ring around the piece the last turn brought in.
pub(crate) const NEW_PIECE_HALO_RADIUS: f32 = PIECE_RADIUS + 7.0;
/// Radius of a dot.
pub(crate) const DOT_RADIUS: f32 = 8.0;
/// How far the board's rim reaches beyond the dots.
pub(crate) const RIM_REACH: f32 = 30.0;

const HALF_SQRT3: f32 = 0.866_025_4;

/// The centre of the board: the spot [`Point::E5`].
pub(crate) const CENTER: Pt = (BOARD_WIDTH / 2.0, BOARD_HEIGHT / 2.0);

/// The pixel centre of a point.
pub(crate) fn center_of(point: Point, options: &RenderOptions) -> Pt {
    let x = point.x() as f32;
    let y = point.y() as f32;
    let right = (x - 4.0) * HALF_SQRT3 * SPACING;
    let up = (y - x / 2.0 - 2.0) * SPACING;
    let (right, up) = if options.black_side {
        (-right, -up)
    } else {
        (right, up)
    };
    (CENTER.0 + right, CENTER.1 - up)
}

/// The unit vector from the board's centre toward `p` (straight up for the centre itself).
pub(crate) fn outward(p: Pt) -> Pt {
    let (dx, dy) = (p.0 - CENTER.0, p.1 - CENTER.1);
    let span = (dx * dx + dy * dy).sqrt();
    if span < 1e-3 {
        (0.0, -1.0)
    } else {
        (dx / span, dy / span)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(name: &str, black_side: bool) -> Pt {
        let point: Point = name.parse().expect("a point");
        center_of(
            point,
            &RenderOptions {
                black_side,
                ..RenderOptions::default()
            },
        )
    }

    #[test]
    fn e5_is_the_centre_e1_the_bottom_e9_the_top() {
        assert_eq!(at("e5", false), CENTER);
        let (e1, e9) = (at("e1", false), at("e9", false));
        assert!(e1.1 > CENTER.1 + 350.0 && (e1.0 - CENTER.0).abs() < 0.01);
        assert!(e9.1 < CENTER.1 - 350.0);
        assert!(at("a1", false).0 < CENTER.0 - 300.0);
        assert!(at("i1", false).0 > CENTER.0 + 300.0);
    }

    #[test]
    fn black_side_turns_the_board_half_round() {
        let (white, black) = (at("b2", false), at("b2", true));
        assert!((white.0 + black.0 - 2.0 * CENTER.0).abs() < 0.01);
        assert!((white.1 + black.1 - 2.0 * CENTER.1).abs() < 0.01);
    }

    #[test]
    fn every_point_fits_in_the_board_area_with_room_for_its_label() {
        for point in Point::all() {
            let (x, y) = at(&point.to_string(), false);
            assert!(x > 80.0 && x < BOARD_WIDTH - 80.0, "{point}");
            assert!(y > 60.0 && y < BOARD_HEIGHT - 60.0, "{point}");
        }
    }
}
