//! The empty board: background, bands, the hexagon, its 21 lines, 24 labelled dots and 37
//! spots. It depends only on the side it is seen from, so each side is drawn once and
//! copied for every picture.

use std::sync::LazyLock;

use gipf::{Line, Point};
use image::RgbImage;

use super::RenderOptions;
use super::canvas::fill_rect;
use super::disc::{ConvexPolygon, Pt, crisp_segment, disc};
use super::layout::{
    self, DOT_RADIUS, FOOTER_HEIGHT, FOOTER_TOP, HEADER_HEIGHT, HEIGHT, WIDTH, center_of,
};
use super::text::{self, Style, Weight};
use super::theme;

static FROM_WHITE: LazyLock<RgbImage> =
    LazyLock::new(|| draw_empty_board(&RenderOptions { black_side: false }));
static FROM_BLACK: LazyLock<RgbImage> =
    LazyLock::new(|| draw_empty_board(&RenderOptions { black_side: true }));

/// The empty board seen from the side `options` asks for.
pub(crate) fn empty_board(options: &RenderOptions) -> &'static RgbImage {
    if options.black_side {
        &FROM_BLACK
    } else {
        &FROM_WHITE
    }
}

/// The two dots at the ends of a line.
pub(crate) fn line_ends(line: Line) -> Option<(Point, Point)> {
    let spots = line.spots();
    let (dx, dy) = line.direction().delta();
    let before = spots.first()?.step(-dx, -dy)?;
    let after = spots.last()?.step(dx, dy)?;
    Some((before, after))
}

fn draw_empty_board(options: &RenderOptions) -> RgbImage {
    let mut image = RgbImage::from_pixel(WIDTH, HEIGHT, theme::PAGE);
    let width = WIDTH as f32;
    fill_rect(&mut image, (0.0, 0.0, width, HEADER_HEIGHT), theme::BAND);
    fill_rect(
        &mut image,
        (0.0, FOOTER_TOP, width, FOOTER_TOP + FOOTER_HEIGHT),
        theme::BAND,
    );
    let separator = |y: f32| (0.0, y - 1.0, width, y + 1.0);
    fill_rect(&mut image, separator(HEADER_HEIGHT), theme::BOARD_EDGE);
    fill_rect(&mut image, separator(FOOTER_TOP), theme::BOARD_EDGE);

    let corners: Vec<Pt> = layout::corner_dots()
        .map(|p| center_of(p, options))
        .collect();
    let outer = ConvexPolygon::new(&corners);
    outer.fill(&mut image, 30.0, theme::BOARD_EDGE, 1.0);
    outer.fill(&mut image, 27.0, theme::BOARD_RIM, 1.0);
    let spot_corners: Vec<Pt> = layout::corner_spots()
        .map(|p| center_of(p, options))
        .collect();
    ConvexPolygon::new(&spot_corners).fill(&mut image, 40.0, theme::PLAY_AREA, 1.0);

    for line in Line::all() {
        if let Some((start, end)) = line_ends(line) {
            crisp_segment(
                &mut image,
                (center_of(start, options), center_of(end, options)),
                2.2,
                1.8,
                theme::LINE,
                1.0,
            );
        }
    }
    for spot in Point::spots() {
        disc(&mut image, center_of(spot, options), 4.5, theme::LINE, 1.0);
    }
    let label = Style {
        weight: Weight::Bold,
        size: 25.0,
        paint: theme::LABEL,
    };
    for dot in Point::dots() {
        let center = center_of(dot, options);
        disc(&mut image, center, DOT_RADIUS, theme::DOT, 1.0);
        let (ox, oy) = layout::outward(center);
        let reach = 30.0 + 12.0 * ox.abs();
        text::draw_centered(
            &mut image,
            &dot.to_string(),
            (center.0 + ox * reach, center.1 + oy * reach),
            &label,
        );
    }
    image
}
