//! The empty board: background, the panel's band, the hexagon, its 21 lines, 24 labelled dots
//! and 37 spots. It depends only on the side it is seen from, so each side is drawn once and
//! copied for every picture.

use std::sync::LazyLock;

use gipf::{Line, Point};
use image::RgbImage;

use super::RenderOptions;
use super::canvas::{Bounds, fill_rect};
use super::disc::{ConvexPolygon, Pt, crisp_segment, disc};
use super::layout::{self, DOT_RADIUS, HEIGHT, PANEL_LEFT, RIM_REACH, WIDTH, center_of};
use super::text::{self, Style, Weight};
use super::theme;

static FROM_WHITE: LazyLock<RgbImage> = LazyLock::new(|| {
    draw_empty_board(&RenderOptions {
        black_side: false,
        ..RenderOptions::default()
    })
});
static FROM_BLACK: LazyLock<RgbImage> = LazyLock::new(|| {
    draw_empty_board(&RenderOptions {
        black_side: true,
        ..RenderOptions::default()
    })
});

/// The empty board seen from the side `options` asks for.
pub(crate) fn empty_board(options: &RenderOptions) -> &'static RgbImage {
    if options.black_side {
        &FROM_BLACK
    } else {
        &FROM_WHITE
    }
}

/// Size of the coordinate labels.
pub(crate) const LABEL_SIZE: f32 = 34.0;
/// Room left between a label and the board's edge.
const LABEL_GAP: f32 = 7.0;

fn label_style() -> Style {
    Style {
        weight: Weight::Bold,
        size: LABEL_SIZE,
        paint: theme::LABEL,
    }
}

/// Each spot's name on a small tag below its centre, over any piece: for beginners.
pub(crate) fn draw_spot_names(image: &mut RgbImage, options: &RenderOptions) {
    let style = Style {
        weight: Weight::Bold,
        size: 19.0,
        paint: theme::LABEL,
    };
    for spot in Point::spots() {
        let (x, y) = center_of(spot, options);
        let name = spot.to_string();
        let (half_width, half_height) = (text::width(&name, &style) / 2.0 + 3.0, 11.0);
        let at = (x, y + layout::PIECE_RADIUS * 0.62);
        let tag = (
            at.0 - half_width,
            at.1 - half_height,
            at.0 + half_width,
            at.1 + half_height,
        );
        fill_rect(image, tag, theme::PAGE);
        text::draw_centered(image, &name, at, &style);
    }
}

/// The board's outline: the hexagon through the corner dots, grown by [`RIM_REACH`].
fn rim(options: &RenderOptions) -> ConvexPolygon {
    let corners: Vec<Pt> = Point::corner_dots().map(|p| center_of(p, options)).to_vec();
    ConvexPolygon::new(&corners)
}

/// The box `(left, top, right, bottom)` of the label of `dot`: outside the board, at least
/// [`LABEL_GAP`] from its edge, straight out from the board's side the dot is on (or along
/// the corner's bisector for the six corner dots).
pub(crate) fn label_box(dot: Point, options: &RenderOptions) -> Bounds {
    let rim = rim(options);
    let center = center_of(dot, options);
    let half_width = text::width(&dot.to_string(), &label_style()) / 2.0;
    let half_height = LABEL_SIZE * 0.37;
    let direction = side_normal(center, options).unwrap_or_else(|| layout::outward(center));
    let clear = |(cx, cy): Pt| {
        (0..=8).all(|i| {
            let t = i as f32 / 8.0;
            let (w, h) = (half_width * (2.0 * t - 1.0), half_height * (2.0 * t - 1.0));
            [
                (cx + w, cy - half_height),
                (cx + w, cy + half_height),
                (cx - half_width, cy + h),
                (cx + half_width, cy + h),
            ]
            .into_iter()
            .all(|p| rim.distance(p) - RIM_REACH >= LABEL_GAP)
        })
    };
    let mut reach = RIM_REACH;
    let mut at = center;
    for _ in 0..200 {
        at = (
            center.0 + direction.0 * reach,
            center.1 + direction.1 * reach,
        );
        if clear(at) {
            break;
        }
        reach += 0.5;
    }
    (
        at.0 - half_width,
        at.1 - half_height,
        at.0 + half_width,
        at.1 + half_height,
    )
}

/// The outward normal of the board's side that `p` lies on, or `None` at a corner.
fn side_normal(p: Pt, options: &RenderOptions) -> Option<Pt> {
    let corners: Vec<Pt> = Point::corner_dots().map(|c| center_of(c, options)).to_vec();
    let mut sides = Vec::new();
    for (i, &a) in corners.iter().enumerate() {
        let b = corners[(i + 1) % corners.len()];
        let (ex, ey) = (b.0 - a.0, b.1 - a.1);
        let span = (ex * ex + ey * ey).sqrt();
        let (nx, ny) = (ey / span, -ex / span);
        let across = (p.0 - a.0) * nx + (p.1 - a.1) * ny;
        let along = ((p.0 - a.0) * ex + (p.1 - a.1) * ey) / (span * span);
        if across.abs() < 1.0 && along > 0.01 && along < 0.99 {
            let outward = layout::outward(p);
            let sign = if nx * outward.0 + ny * outward.1 < 0.0 {
                -1.0
            } else {
                1.0
            };
            sides.push((nx * sign, ny * sign));
        }
    }
    (sides.len() == 1).then(|| sides[0])
}

fn draw_empty_board(options: &RenderOptions) -> RgbImage {
    let mut image = RgbImage::from_pixel(WIDTH, HEIGHT, theme::PAGE);
    fill_rect(
        &mut image,
        (PANEL_LEFT, 0.0, WIDTH as f32, HEIGHT as f32),
        theme::BAND,
    );
    fill_rect(
        &mut image,
        (PANEL_LEFT - 1.0, 0.0, PANEL_LEFT + 1.0, HEIGHT as f32),
        theme::BOARD_EDGE,
    );

    rim(options).fill(&mut image, RIM_REACH, theme::BOARD_RIM, 1.0);
    let spot_corners: Vec<Pt> = Point::corner_spots()
        .map(|p| center_of(p, options))
        .to_vec();
    ConvexPolygon::new(&spot_corners).fill(&mut image, 40.0, theme::PLAY_AREA, 1.0);

    for line in Line::all() {
        let (start, end) = line.end_dots();
        crisp_segment(
            &mut image,
            (center_of(start, options), center_of(end, options)),
            2.2,
            1.0,
            theme::LINE,
            1.0,
        );
    }
    for spot in Point::spots() {
        disc(&mut image, center_of(spot, options), 4.5, theme::LINE, 1.0);
    }
    let label = label_style();
    for dot in Point::dots() {
        let center = center_of(dot, options);
        disc(&mut image, center, DOT_RADIUS, theme::DOT, 1.0);
        let (left, top, right, bottom) = label_box(dot, options);
        text::draw_centered(
            &mut image,
            &dot.to_string(),
            ((left + right) / 2.0, (top + bottom) / 2.0),
            &label,
        );
    }
    image
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_sit_clear_of_the_board_inside_the_board_area() {
        for black_side in [false, true] {
            let options = RenderOptions {
                black_side,
                ..RenderOptions::default()
            };
            let rim = rim(&options);
            let mut boxes: Vec<Bounds> = Vec::new();
            for dot in Point::dots() {
                let (left, top, right, bottom) = label_box(dot, &options);
                assert!(left >= 8.0 && right <= PANEL_LEFT - 8.0, "{dot}");
                assert!(top >= 8.0 && bottom <= HEIGHT as f32 - 8.0, "{dot}");
                for corner in [(left, top), (right, top), (left, bottom), (right, bottom)] {
                    assert!(
                        rim.distance(corner) - RIM_REACH >= LABEL_GAP - 0.01,
                        "{dot}"
                    );
                }
                // Near its dot.
                let (cx, cy) = center_of(dot, &options);
                let (lx, ly) = ((left + right) / 2.0, (top + bottom) / 2.0);
                assert!(
                    ((lx - cx).powi(2) + (ly - cy).powi(2)).sqrt() < 75.0,
                    "{dot}"
                );
                for other in &boxes {
                    let apart = left >= other.2 || right <= other.0 || top >= other.3;
                    assert!(apart || bottom <= other.1, "{dot} overlaps another label");
                }
                boxes.push((left, top, right, bottom));
            }
        }
    }
}
