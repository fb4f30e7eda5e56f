//! Antialiased discs and rings, drawn from their exact coverage (imageproc's circles are
//! jagged), and the other shapes of the board built the same way: thick segments, arrows,
//! outlines around rows and rounded convex polygons.

use image::RgbImage;

use super::canvas::{Paint, blend, coverage, fill_sdf};

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
/// antialiased in a single pass (no seam between them).
pub(crate) fn outlined_disc(
    image: &mut RgbImage,
    center: Pt,
    radius: f32,
    fill: Paint,
    outline: Paint,
    outline_width: f32,
    alpha: f32,
) {
    let (x0, y0, x1, y1) = bounds_around(center, radius + 1.0);
    let (x0, y0) = (x0.floor().max(0.0) as i32, y0.floor().max(0.0) as i32);
    for y in y0..y1.ceil() as i32 {
        for x in x0..x1.ceil() as i32 {
            let edge = length((x as f32 + 0.5 - center.0, y as f32 + 0.5 - center.1)) - radius;
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

/// Distance from `p` to the segment `a`–`b`.
fn segment_distance(p: Pt, a: Pt, b: Pt) -> f32 {
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
/// `max(n · p - offset)` is the signed distance to the polygon (exact inside and along edges).
pub(crate) struct ConvexPolygon {
    planes: Vec<(Pt, f32)>,
    corners: Vec<Pt>,
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
        }
        let bounds = corners.iter().fold(
            (f32::MAX, f32::MAX, f32::MIN, f32::MIN),
            |(l, t, r, b), &(x, y)| (l.min(x), t.min(y), r.max(x), b.max(y)),
        );
        ConvexPolygon {
            planes,
            corners: corners.to_vec(),
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
        if inside <= 0.0 || self.corners.len() < 2 {
            return inside;
        }
        let count = self.corners.len();
        (0..count)
            .map(|i| segment_distance(p, self.corners[i], self.corners[(i + 1) % count]))
            .fold(f32::MAX, f32::min)
    }

    /// Fills the polygon grown by `grow` pixels (positive: larger, with round corners;
    /// negative: shrunk).
    pub(crate) fn fill(&self, image: &mut RgbImage, grow: f32, paint: Paint, alpha: f32) {
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
    fn a_ring_leaves_its_middle_alone() {
        let mut image = RgbImage::from_pixel(40, 40, Rgb([0, 0, 0]));
        ring(&mut image, (20.0, 20.0), 10.0, 3.0, Rgb([255, 0, 0]), 1.0);
        assert_eq!(image.get_pixel(20, 20).0, [0, 0, 0]);
        assert_eq!(image.get_pixel(29, 19).0, [255, 0, 0]);
    }

    #[test]
    fn a_polygon_distance_is_negative_inside() {
        let square = ConvexPolygon::new(&[(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]);
        assert_eq!(square.distance((5.0, 5.0)), -5.0);
        assert_eq!(square.distance((12.0, 5.0)), 2.0);
    }
}
