//! The colours. The picture carries its own warm, light background so that it reads the
//! same in Discord's dark and light themes; white pieces have a dark outline so they stand
//! out on it, and black pieces, near-black with a darker outline, stand out by themselves.
//! (Only the black coins of the reserve stacks get a light edge, to show each coin.)

use gipf::Color;
use gipf::potentials::Potential;
use image::Rgb;

use super::canvas::Paint;

/// Background of the whole image.
pub(crate) const PAGE: Paint = Rgb([0xf3, 0xea, 0xd7]);
/// Background of the header and footer bands.
pub(crate) const BAND: Paint = Rgb([0xe4, 0xd5, 0xb5]);
/// The ring of dots around the play area.
pub(crate) const BOARD_RIM: Paint = Rgb([0xd9, 0xc2, 0x94]);
/// Edge of the board.
pub(crate) const BOARD_EDGE: Paint = Rgb([0x9c, 0x7f, 0x55]);
/// The play area (the 37 spots).
pub(crate) const PLAY_AREA: Paint = Rgb([0xee, 0xdf, 0xbf]);
/// The 21 lines.
pub(crate) const LINE: Paint = Rgb([0xaa, 0x94, 0x72]);
/// The dots.
pub(crate) const DOT: Paint = Rgb([0x5a, 0x47, 0x32]);
/// Coordinates and secondary text.
pub(crate) const LABEL: Paint = Rgb([0x4d, 0x3c, 0x2a]);
/// Main text.
pub(crate) const INK: Paint = Rgb([0x24, 0x1d, 0x16]);

/// Body of a white piece.
pub(crate) const WHITE_PIECE: Paint = Rgb([0xfc, 0xfb, 0xf7]);
/// Outline of a white piece.
pub(crate) const WHITE_OUTLINE: Paint = Rgb([0x3a, 0x32, 0x2a]);
/// Body of a black piece.
pub(crate) const BLACK_PIECE: Paint = Rgb([0x26, 0x24, 0x22]);
/// Outline of a black piece.
pub(crate) const BLACK_OUTLINE: Paint = Rgb([0x0a, 0x0a, 0x0a]);
/// The crown ring of a white GIPF-piece.
pub(crate) const WHITE_GIPF_RING: Paint = Rgb([0xb0, 0x7a, 0x0c]);
/// The crown ring of a black GIPF-piece.
pub(crate) const BLACK_GIPF_RING: Paint = Rgb([0xf0, 0xbe, 0x3c]);

/// The last turn: entry dot, arrow and new piece.
pub(crate) const LAST_MOVE: Paint = Rgb([0xe8, 0x59, 0x0c]);
/// The turn an exchange's last turn answered (the player's, before the engine's): a slate
/// blue, apart from the last turn's orange and the decisions' blues.
pub(crate) const ANSWERED_MOVE: Paint = Rgb([0x4f, 0x5d, 0x75]);
/// The cross on a captured piece's ghost.
pub(crate) const CAPTURED: Paint = Rgb([0xd0, 0x21, 0x21]);
/// GIPF-pieces awaiting keep-or-take, and the row they are in.
pub(crate) const DECISION: Paint = Rgb([0x1c, 0x6e, 0xd4]);
/// The rows to choose from, by number (cycled).
pub(crate) const ROW_CHOICES: [Paint; 4] = [
    Rgb([0x1c, 0x6e, 0xd4]),
    Rgb([0xa6, 0x1e, 0xbf]),
    Rgb([0x0b, 0x8a, 0x5f]),
    Rgb([0xc2, 0x25, 0x5c]),
];
/// The five kinds of potential, in the order T Z D Y P: saturated mid-dark hues spread
/// round the wheel away from the board's tans, the pieces' white and black, the gold crown
/// and the orange of the last move, each dark enough to carry a white letter: teal (TAMSK),
/// violet (ZÈRTZ), crimson (DVONN, after its red pieces), leaf green (YINSH) and royal blue
/// (PÜNCT).
pub(crate) const KINDS: [Paint; 5] = [
    Rgb([0x00, 0x85, 0x80]),
    Rgb([0x7a, 0x3c, 0xc8]),
    Rgb([0xc8, 0x1e, 0x3c]),
    Rgb([0x4a, 0x8c, 0x14]),
    Rgb([0x1e, 0x5a, 0xd2]),
];
/// The number of layers on a stack.
pub(crate) const LAYER_COUNT: Paint = Rgb([0x4d, 0x3c, 0x2a]);
/// A crosstable's cell of a won game.
pub(crate) const WIN_CELL: Paint = Rgb([0xc4, 0xe0, 0xa8]);
/// A crosstable's cell of a lost game.
pub(crate) const LOSS_CELL: Paint = Rgb([0xf0, 0xb8, 0xa8]);
/// A crosstable's cell of a bye worth a point.
pub(crate) const BYE_CELL: Paint = Rgb([0xdc, 0xd2, 0xee]);
/// Every other line of a crosstable, for the eye to follow it.
pub(crate) const STRIPE: Paint = Rgb([0xec, 0xe1, 0xc8]);
/// Text on coloured badges.
pub(crate) const ON_BADGE: Paint = Rgb([0xff, 0xff, 0xff]);

/// Body and outline of a piece of `color`.
pub(crate) fn piece_paints(color: Color) -> (Paint, Paint) {
    match color {
        Color::White => (WHITE_PIECE, WHITE_OUTLINE),
        Color::Black => (BLACK_PIECE, BLACK_OUTLINE),
    }
}

/// The colour of a kind of potential.
pub(crate) fn kind(kind: Potential) -> Paint {
    let index = match kind {
        Potential::Tamsk => 0,
        Potential::Zertz => 1,
        Potential::Dvonn => 2,
        Potential::Yinsh => 3,
        Potential::Punct => 4,
    };
    KINDS[index]
}

/// The crown ring of a GIPF-piece of `color`.
pub(crate) fn gipf_ring(color: Color) -> Paint {
    match color {
        Color::White => WHITE_GIPF_RING,
        Color::Black => BLACK_GIPF_RING,
    }
}

/// How far a kind's colour is lightened toward white on a black piece.
pub(crate) const LIGHTEN_ON_BLACK: f32 = 0.5;

/// The colour of a kind's ring and letter on a piece of `color`: the kind's own on white,
/// lightened on black, where the dark hues would sink into the piece once Discord shows the
/// picture at its embed size (about 520 px wide).
pub(crate) fn kind_on(kind_of: Potential, color: Color) -> Paint {
    let paint = kind(kind_of);
    match color {
        Color::White => paint,
        Color::Black => {
            let mix = |a: u8, b: u8| {
                let (a, b) = (f32::from(a), f32::from(b));
                (a + (b - a) * LIGHTEN_ON_BLACK).round() as u8
            };
            Rgb([0, 1, 2].map(|i| mix(paint.0[i], ON_BADGE.0[i])))
        }
    }
}
