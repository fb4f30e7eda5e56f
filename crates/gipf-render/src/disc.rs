//! Antialiased discs and rings, drawn from their exact coverage (imageproc's circles are
//! jagged), and the other shapes of the board built the same way: thick segments, arrows,
//! outlines around rows and rounded convex polygons (whose solid inside imageproc's scanline
//! fill paints, leaving only the edge to the coverage pass).

use image::RgbImage;
use imageproc::drawing::draw_polygon_mut;
use imageproc::point::Point as Vertex;

use super::canvas::{EDGE_RAMP, Paint, blend, coverage, fill_sdf};

/// A point in pixel coordinates.
pub(crate) type Pt = (f32, f32);

fn length((x, y): Pt) -> f32 {
    (x * x + y * y).sqrt()
}

fn bounds_around((cx, cy): Pt, reach: f32) -> (f32, f32, f32, f32) {
    (cx - reach, cy - reach, cx + reach, cy + reach)
}

/// A filled disc.
pub(crate) fn disc(image: &mut RgbImage, center: Pt, radius: f32, paint: Paint, alpha: f32) {
    fill_sdf(
        image,
        bounds_around(center, radius + 1.0),
        paint,
        alpha,
        |x, y| length((x - center.0, y - center.1)) - radius,
    );
}

/// A disc of `fill` with an `outline` of `outline_width` pixels inside its edge, both
/// antialiased in a single pass (no seam between them). Each row measures only its two edge
/// bands: the pixels between them are the fill, those beyond them untouched.
pub(crate) fn outlined_disc(
    image: &mut RgbImage,
    center: Pt,
    radius: f32,
    fill: Paint,
    outline: Paint,
    outline_width: f32,
    alpha: f32,
) {
    // Pixel centres within `solid` of the centre are fully covered by the fill; beyond
    // `reach`, not at all.
    let reach = radius + EDGE_RAMP / 2.0;
    let solid = radius - outline_width - EDGE_RAMP / 2.0;
    let (_, y0, _, y1) = bounds_around(center, reach + 1.0);
    for y in y0.floor().max(0.0) as i32..y1.ceil() as i32 {
        let dy = y as f32 + 0.5 - center.1;
        if dy.abs() >= reach {
            continue;
        }
        let half = (reach * reach - dy * dy).sqrt();
        let (x0, x1) = (
            (center.0 - half - 0.5).floor().max(0.0) as i32,
            (center.0 + half + 0.5).ceil() as i32,
        );
        // The pixels x with centres inside the solid span.
        let (solid0, solid1) = if alpha >= 1.0 && dy.abs() < solid {
            let inner = (solid * solid - dy * dy).sqrt();
            (
                (center.0 - inner - 0.5).ceil() as i32,
                (center.0 + inner - 0.5).floor() as i32,
            )
        } else {
            (i32::MAX, i32::MIN)
        };
        for x in x0..x1 {
            if (solid0..=solid1).contains(&x) {
                blend(image, x, y, fill, 1.0);
                continue;
            }
            let edge = length((x as f32 + 0.5 - center.0, dy)) - radius;
            let outer = coverage(edge);
            if outer <= 0.0 {
                continue;
            }
            blend(image, x, y, outline, outer * alpha);
            blend(image, x, y, fill, coverage(edge + outline_width) * alpha);
        }
    }
}

/// A ring: the band of `width` pixels centred on the circle of `radius`.
pub(crate) fn ring(
    image: &mut RgbImage,
    center: Pt,
    radius: f32,
    width: f32,
    paint: Paint,
    alpha: f32,
) {
    fill_sdf(
        image,
        bounds_around(center, radius + width / 2.0 + 1.0),
        paint,
        alpha,
        |x, y| (length((x - center.0, y - center.1)) - radius).abs() - width / 2.0,
    );
}

/// A dashed ring: `dashes` dashes around the circle, each `duty` (0 to 1) of its period long,
/// the first centred straight to the right of the centre.
#[allow(clippy::too_many_arguments)]
pub(crate) fn dashed_ring(
    image: &mut RgbImage,
    center: Pt,
    radius: f32,
    width: f32,
    (dashes, duty): (u32, f32),
    paint: Paint,
    alpha: f32,
) {
    let dashes = dashes.max(1) as f32;
    let period = std::f32::consts::TAU * radius / dashes;
    fill_sdf(
        image,
        bounds_around(center, radius + width / 2.0 + 1.0),
        paint,
        alpha,
        |x, y| {
            let (dx, dy) = (x - center.0, y - center.1);
            let across = (length((dx, dy)) - radius).abs() - width / 2.0;
            // Where along the period the pixel is, 0 to 1, dashes centred on 0.
            let turn = dy.atan2(dx) / std::f32::consts::TAU * dashes + duty / 2.0;
            let phase = turn - turn.floor();
            let along = if phase <= duty {
                -phase.min(duty - phase)
            } else {
                (phase - duty).min(1.0 - phase)
            };
            across.max(along * period)
        },
    );
}

/// Distance from `p` to the segment `a`–`b`.
pub(crate) fn segment_distance(p: Pt, a: Pt, b: Pt) -> f32 {
    let (ax, ay) = (p.0 - a.0, p.1 - a.1);
    let (bx, by) = (b.0 - a.0, b.1 - a.1);
    let span = bx * bx + by * by;
    let t = if span > 0.0 {
        ((ax * bx + ay * by) / span).clamp(0.0, 1.0)
    } else {
        0.0
    };
    length((ax - bx * t, ay - by * t))
}

fn segment_bounds(a: Pt, b: Pt, reach: f32) -> (f32, f32, f32, f32) {
    (
        a.0.min(b.0) - reach,
        a.1.min(b.1) - reach,
        a.0.max(b.0) + reach,
        a.1.max(b.1) + reach,
    )
}

/// A thick segment with round caps.
pub(crate) fn segment(image: &mut RgbImage, a: Pt, b: Pt, width: f32, paint: Paint, alpha: f32) {
    crisp_segment(image, (a, b), width, 1.0, paint, alpha);
}

/// A thick segment whose antialiased edge is `1 / sharpness` pixels wide: a sharper edge
/// touches fewer pixels, which keeps long diagonal lines cheap to compress.
pub(crate) fn crisp_segment(
    image: &mut RgbImage,
    (a, b): (Pt, Pt),
    width: f32,
    sharpness: f32,
    paint: Paint,
    alpha: f32,
) {
    fill_sdf(
        image,
        segment_bounds(a, b, width / 2.0 + 1.0),
        paint,
        alpha,
        |x, y| (segment_distance((x, y), a, b) - width / 2.0) * sharpness,
    );
}

/// The outline of a stadium (a capsule around the segment `a`–`b` at distance `radius`),
/// `width` pixels thick: the frame drawn around a row.
pub(crate) fn stadium_outline(
    image: &mut RgbImage,
    (a, b): (Pt, Pt),
    radius: f32,
    width: f32,
    paint: Paint,
    alpha: f32,
) {
    fill_sdf(
        image,
        segment_bounds(a, b, radius + width / 2.0 + 1.0),
        paint,
        alpha,
        |x, y| (segment_distance((x, y), a, b) - radius).abs() - width / 2.0,
    );
}

/// A convex polygon's outward edge planes: for each edge a unit normal and an offset, so that
/// `max(n · p - offset)` is the signed distance to the polygon (exact inside and along edges),
/// and the edges themselves, for the exact distance outside.
pub(crate) struct ConvexPolygon {
    planes: Vec<(Pt, f32)>,
    edges: Vec<(Pt, Pt)>,
    bounds: (f32, f32, f32, f32),
}

impl ConvexPolygon {
    /// The polygon through `corners`, in either winding order.
    pub(crate) fn new(corners: &[Pt]) -> ConvexPolygon {
        let count = corners.len().max(1) as f32;
        let centroid = corners.iter().fold((0.0, 0.0), |(sx, sy), (x, y)| {
            (sx + x / count, sy + y / count)
        });
        let mut planes = Vec::with_capacity(corners.len());
        let mut edges = Vec::with_capacity(corners.len());
        for (i, &a) in corners.iter().enumerate() {
            let b = corners[(i + 1) % corners.len()];
            let edge = (b.0 - a.0, b.1 - a.1);
            let span = length(edge);
            if span == 0.0 {
                continue;
            }
            let mut normal = (edge.1 / span, -edge.0 / span);
            if normal.0 * (centroid.0 - a.0) + normal.1 * (centroid.1 - a.1) > 0.0 {
                normal = (-normal.0, -normal.1);
            }
            planes.push((normal, normal.0 * a.0 + normal.1 * a.1));
            edges.push((a, b));
        }
        let bounds = corners.iter().fold(
            (f32::MAX, f32::MAX, f32::MIN, f32::MIN),
            |(l, t, r, b), &(x, y)| (l.min(x), t.min(y), r.max(x), b.max(y)),
        );
        ConvexPolygon {
            planes,
            edges,
            bounds,
        }
    }

    /// Signed distance from `p` to the polygon's edge (negative inside), exact on both
    /// sides, so a grown polygon has round corners.
    pub(crate) fn distance(&self, p: Pt) -> f32 {
        let inside = self
            .planes
            .iter()
            .map(|((nx, ny), offset)| nx * p.0 + ny * p.1 - offset)
            .fold(f32::MIN, f32::max);
        if inside <= 0.0 {
            return inside;
        }
        // Outside, the nearest point of a convex polygon is on an edge that faces `p` (one
        // whose plane `p` is beyond): only those need measuring.
        self.planes
            .iter()
            .zip(&self.edges)
            .filter(|(((nx, ny), offset), _)| nx * p.0 + ny * p.1 - offset > 0.0)
            .map(|(_, &(a, b))| segment_distance(p, a, b))
            .fold(f32::MAX, f32::min)
    }

    /// The corners of the polygon shrunk by `inset` pixels (its edges moved inward), or
    /// `None` if it vanishes.
    fn inset_corners(&self, inset: f32) -> Option<Vec<Pt>> {
        let count = self.planes.len();
        if count < 3 {
            return None;
        }
        let mut corners = Vec::with_capacity(count);
        for i in 0..count {
            let ((ax, ay), a) = self.planes[i];
            let ((bx, by), b) = self.planes[(i + 1) % count];
            let (a, b) = (a - inset, b - inset);
            let det = ax * by - ay * bx;
            if det.abs() < 1e-4 {
                continue;
            }
            let corner = ((a * by - b * ay) / det, (ax * b - bx * a) / det);
            if self.distance(corner) > -inset + 0.01 {
                return None;
            }
            corners.push(corner);
        }
        (corners.len() >= 3).then_some(corners)
    }

    /// Fills the polygon grown by `grow` pixels (positive: larger, with round corners;
    /// negative: shrunk). An opaque fill paints its inside, well clear of the edge, with
    /// imageproc's scanline fill; the coverage pass then skips those pixels.
    pub(crate) fn fill(&self, image: &mut RgbImage, grow: f32, paint: Paint, alpha: f32) {
        if alpha >= 1.0 {
            // Scanline rounding may reach up to about 2 px outside the given corners: inset
            // them so that every pixel it paints is fully covered (distance ≤ -0.5).
            let inset = (3.0 - grow).max(0.0);
            if let Some(corners) = self.inset_corners(inset) {
                let vertices: Vec<Vertex<i32>> = corners
                    .iter()
                    .map(|&(x, y)| Vertex::new(x.round() as i32, y.round() as i32))
                    .collect();
                if vertices.first() != vertices.last() {
                    draw_polygon_mut(image, &vertices, paint);
                }
            }
        }
        self.fill_edge(image, grow, paint, alpha);
    }

    /// Fills the polygon grown by `grow` pixels with the coverage pass alone.
    fn fill_edge(&self, image: &mut RgbImage, grow: f32, paint: Paint, alpha: f32) {
        let (l, t, r, b) = self.bounds;
        let reach = grow.max(0.0) + 1.0;
        fill_sdf(
            image,
            (l - reach, t - reach, r + reach, b + reach),
            paint,
            alpha,
            |x, y| self.distance((x, y)) - grow,
        );
    }
}

/// An arrow from `from` to the tip `to`: a shaft of `width` and a triangular head, drawn in
/// one pass so the overlap is not painted twice.
pub(crate) fn arrow(image: &mut RgbImage, from: Pt, to: Pt, width: f32, paint: Paint, alpha: f32) {
    let span = length((to.0 - from.0, to.1 - from.1));
    if span < 1.0 {
        return;
    }
    let dir = ((to.0 - from.0) / span, (to.1 - from.1) / span);
    let head_length = (width * 3.2).min(span * 0.6);
    let head_half = width * 2.0;
    let base = (to.0 - dir.0 * head_length, to.1 - dir.1 * head_length);
    let side = (-dir.1 * head_half, dir.0 * head_half);
    let head = ConvexPolygon::new(&[
        to,
        (base.0 + side.0, base.1 + side.1),
        (base.0 - side.0, base.1 - side.1),
    ]);
    let shaft_end = (base.0 + dir.0 * 2.0, base.1 + dir.1 * 2.0);
    fill_sdf(
        image,
        segment_bounds(from, to, head_half + width + 1.0),
        paint,
        alpha,
        |x, y| {
            let shaft = segment_distance((x, y), from, shaft_end) - width / 2.0;
            shaft.min(head.distance((x, y)))
        },
    );
}

#[cfg(test)]
mod tests {
    use image::Rgb;

    use super::*;

    #[test]
    fn a_disc_is_solid_inside_empty_outside_and_soft_at_the_edge() {
        let mut image = RgbImage::from_pixel(40, 40, Rgb([0, 0, 0]));
        disc(&mut image, (20.0, 20.0), 10.0, Rgb([255, 255, 255]), 1.0);
        assert_eq!(image.get_pixel(20, 20).0, [255, 255, 255]);
        assert_eq!(image.get_pixel(20, 5).0, [0, 0, 0]);
        // A pixel straddling the edge is partly covered: antialiased.
        let edge = image.get_pixel(27, 26).0[0];
        assert!(edge > 0 && edge < 255, "{edge}");
    }

    #[test]
    fn an_outlined_disc_matches_its_distance_field() {
        let (center, radius, width) = ((20.3, 19.6), 12.0, 2.5);
        let mut image = RgbImage::from_pixel(40, 40, Rgb([30, 60, 90]));
        let (fill, outline) = (Rgb([250, 240, 230]), Rgb([10, 20, 30]));
        outlined_disc(&mut image, center, radius, fill, outline, width, 1.0);
        let mut expected = RgbImage::from_pixel(40, 40, Rgb([30, 60, 90]));
        for (x, y, pixel) in expected.enumerate_pixels_mut() {
            let edge = length((x as f32 + 0.5 - center.0, y as f32 + 0.5 - center.1)) - radius;
            for (paint, cover) in [(outline, coverage(edge)), (fill, coverage(edge + width))] {
                for (channel, target) in pixel.0.iter_mut().zip(paint.0) {
                    let mixed = *channel as f32 + (target as f32 - *channel as f32) * cover;
                    *channel = (mixed + 0.5) as u8;
                }
            }
        }
        assert!(image == expected);
    }

    #[test]
    fn a_ring_leaves_its_middle_alone() {
        let mut image = RgbImage::from_pixel(40, 40, Rgb([0, 0, 0]));
        ring(&mut image, (20.0, 20.0), 10.0, 3.0, Rgb([255, 0, 0]), 1.0);
        assert_eq!(image.get_pixel(20, 20).0, [0, 0, 0]);
        assert_eq!(image.get_pixel(29, 19).0, [255, 0, 0]);
    }

    #[test]
    fn a_dashed_ring_has_dashes_and_gaps() {
        let mut image = RgbImage::from_pixel(60, 60, Rgb([0, 0, 0]));
        dashed_ring(
            &mut image,
            (30.0, 30.0),
            20.0,
            3.0,
            (8, 0.5),
            Rgb([255, 0, 0]),
            1.0,
        );
        // The first dash is centred to the right, the first gap an eighth of a turn round.
        assert_eq!(image.get_pixel(50, 30).0, [255, 0, 0]);
        let gap = (30.0 + 20.0 * 0.38_f32, 30.0 + 20.0 * 0.92_f32);
        assert_eq!(image.get_pixel(gap.0 as u32, gap.1 as u32).0, [0, 0, 0]);
        assert_eq!(image.get_pixel(30, 30).0, [0, 0, 0]);
    }

    #[test]
    fn the_scanline_fill_matches_the_coverage_pass() {
        let hexagon: Vec<Pt> = (0..6)
            .map(|i| {
                let angle = i as f32 * std::f32::consts::TAU / 6.0 + 0.3;
                (50.3 + 40.0 * angle.cos(), 49.6 + 40.0 * angle.sin())
            })
            .collect();
        let polygon = ConvexPolygon::new(&hexagon);
        for grow in [-4.0, 0.0, 1.5, 6.0] {
            let mut fast = RgbImage::from_pixel(100, 100, Rgb([10, 20, 30]));
            let mut exact = fast.clone();
            polygon.fill(&mut fast, grow, Rgb([200, 150, 100]), 1.0);
            polygon.fill_edge(&mut exact, grow, Rgb([200, 150, 100]), 1.0);
            assert!(fast == exact, "grow {grow}");
        }
    }

    #[test]
    fn a_polygon_distance_is_negative_inside() {
        let square = ConvexPolygon::new(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]);
        assert_eq!(square.distance((5.0, 5.0)), -5.0);
        assert_eq!(square.distance((12.0, 5.0)), 2.0);
        // Beyond a corner: the distance to the corner, not to the edges' lines.
        assert_eq!(square.distance((13.0, 14.0)), 5.0);
        let segment = ConvexPolygon::new(&[(0.0, 0.0), (10.0, 0.0)]);
        assert_eq!(segment.distance((5.0, 3.0)), 3.0);
        assert_eq!(segment.distance((-3.0, -4.0)), 5.0);
    }
}
