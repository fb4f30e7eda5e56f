//! The pixel buffer and the one primitive every shape is drawn with: filling a signed
//! distance field with antialiasing. Solid axis-aligned rectangles need no antialiasing and
//! go to imageproc.

use image::{Rgb, RgbImage};
use imageproc::drawing::draw_filled_rect_mut;
use imageproc::rect::Rect;

/// An opaque RGB colour.
pub(crate) type Paint = Rgb<u8>;

/// An axis-aligned box in pixel coordinates: `(left, top, right, bottom)`.
pub(crate) type Bounds = (f32, f32, f32, f32);

/// Mixes `paint` over the pixel at `(x, y)` with opacity `alpha` (0 to 1); pixels outside
/// the image are ignored.
pub(crate) fn blend(image: &mut RgbImage, x: i32, y: i32, paint: Paint, alpha: f32) {
    if x < 0 || y < 0 || alpha <= 0.0 {
        return;
    }
    let Some(pixel) = image.get_pixel_mut_checked(x as u32, y as u32) else {
        return;
    };
    if alpha >= 1.0 {
        *pixel = paint;
        return;
    }
    for (channel, target) in pixel.0.iter_mut().zip(paint.0) {
        let mixed = *channel as f32 + (target as f32 - *channel as f32) * alpha;
        *channel = (mixed + 0.5) as u8;
    }
}

/// Paints a solid rectangle (integer pixel edges: the bounds are rounded outward, clipped to
/// the image).
pub(crate) fn fill_rect(image: &mut RgbImage, bounds: Bounds, paint: Paint) {
    let (x0, y0, x1, y1) = clip(image, bounds);
    if x1 > x0 && y1 > y0 {
        let rect = Rect::at(x0 as i32, y0 as i32).of_size(x1 - x0, y1 - y0);
        draw_filled_rect_mut(image, rect, paint);
    }
}

/// Paints a rectangle with round corners of `radius` (`bounds` and `radius` in whole pixels):
/// the straight parts as solid rectangles, the four corners as antialiased quarter discs.
pub(crate) fn fill_rounded_rect(image: &mut RgbImage, bounds: Bounds, radius: f32, paint: Paint) {
    let (left, top, right, bottom) = bounds;
    let r = radius
        .min((right - left) / 2.0)
        .min((bottom - top) / 2.0)
        .max(0.0);
    fill_rect(image, (left + r, top, right - r, bottom), paint);
    fill_rect(image, (left, top + r, left + r, bottom - r), paint);
    fill_rect(image, (right - r, top + r, right, bottom - r), paint);
    let corners = [
        ((left + r, top + r), (left, top)),
        ((right - r, top + r), (right - r, top)),
        ((left + r, bottom - r), (left, bottom - r)),
        ((right - r, bottom - r), (right - r, bottom - r)),
    ];
    for ((cx, cy), (x, y)) in corners {
        fill_sdf(image, (x, y, x + r, y + r), paint, 1.0, |px, py| {
            ((px - cx).powi(2) + (py - cy).powi(2)).sqrt() - r
        });
    }
}

/// The pixel range `x0..x1, y0..y1` covering `bounds`, inside the image.
fn clip(image: &RgbImage, (left, top, right, bottom): Bounds) -> (u32, u32, u32, u32) {
    let limit = |v: f32, max: u32| v.clamp(0.0, max as f32) as u32;
    (
        limit(left.floor(), image.width()),
        limit(top.floor(), image.height()),
        limit(right.ceil(), image.width()),
        limit(bottom.ceil(), image.height()),
    )
}

/// How much of a pixel a shape covers, from the signed distance of the pixel centre to the
/// shape's edge (negative inside): a linear ramp [`EDGE_RAMP`] pixels wide across the edge.
pub(crate) fn coverage(distance: f32) -> f32 {
    (0.5 - distance / EDGE_RAMP).clamp(0.0, 1.0)
}

/// Width of the antialiasing ramp across edges. Narrower than a pixel: edges stay smooth but
/// touch about half as many in-between pixels as a one-pixel ramp, and those pixels are what
/// the fast PNG encoder (which only shortens runs of equal bytes) pays for; shapes cost about
/// half as many bytes.
pub(crate) const EDGE_RAMP: f32 = 0.5;

/// Fills the shape whose signed distance field is `distance` (negative inside), looking only
/// at the pixels within `bounds`, with `paint` at opacity `alpha`, antialiased. Pixels that
/// already have the paint are skipped without measuring (blending would not change them).
pub(crate) fn fill_sdf(
    image: &mut RgbImage,
    bounds: Bounds,
    paint: Paint,
    alpha: f32,
    distance: impl Fn(f32, f32) -> f32,
) {
    let (x0, y0, x1, y1) = clip(image, bounds);
    for y in y0..y1 {
        let py = y as f32 + 0.5;
        for x in x0..x1 {
            if *image.get_pixel(x, y) == paint {
                continue;
            }
            let cover = coverage(distance(x as f32 + 0.5, py));
            if cover > 0.0 {
                blend(image, x as i32, y as i32, paint, cover * alpha);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blending_mixes_and_clips() {
        let mut image = RgbImage::from_pixel(2, 2, Rgb([0, 0, 0]));
        blend(&mut image, 0, 0, Rgb([200, 100, 0]), 0.5);
        assert_eq!(image.get_pixel(0, 0).0, [100, 50, 0]);
        blend(&mut image, -1, 5, Rgb([255, 255, 255]), 1.0);
        blend(&mut image, 2, 0, Rgb([255, 255, 255]), 1.0);
        assert_eq!(image.get_pixel(1, 0).0, [0, 0, 0]);
    }

    #[test]
    fn rectangles_fill_whole_pixels_and_clip() {
        let mut image = RgbImage::from_pixel(10, 10, Rgb([0, 0, 0]));
        fill_rect(&mut image, (2.5, 3.0, 5.0, 12.0), Rgb([9, 9, 9]));
        assert_eq!(image.get_pixel(2, 3).0, [9, 9, 9]);
        assert_eq!(image.get_pixel(4, 9).0, [9, 9, 9]);
        assert_eq!(image.get_pixel(5, 5).0, [0, 0, 0]);
        assert_eq!(image.get_pixel(3, 2).0, [0, 0, 0]);
        fill_rect(&mut image, (20.0, 20.0, 30.0, 30.0), Rgb([9, 9, 9]));
        fill_rect(&mut image, (4.0, 4.0, 4.0, 8.0), Rgb([1, 1, 1]));
    }

    #[test]
    fn rounded_rectangles_are_solid_inside_and_round_at_the_corners() {
        let mut image = RgbImage::from_pixel(40, 30, Rgb([0, 0, 0]));
        fill_rounded_rect(
            &mut image,
            (5.0, 5.0, 35.0, 25.0),
            6.0,
            Rgb([200, 200, 200]),
        );
        for (x, y) in [(5, 15), (34, 15), (20, 5), (20, 24), (7, 7), (32, 22)] {
            assert_eq!(image.get_pixel(x, y).0, [200, 200, 200], "({x}, {y})");
        }
        for (x, y) in [(5, 5), (34, 5), (5, 24), (34, 24), (4, 15), (20, 25)] {
            assert_eq!(image.get_pixel(x, y).0, [0, 0, 0], "({x}, {y})");
        }
    }

    #[test]
    fn coverage_ramps_across_the_edge() {
        assert_eq!(coverage(-EDGE_RAMP / 2.0), 1.0);
        assert_eq!(coverage(-EDGE_RAMP / 4.0), 0.75);
        assert_eq!(coverage(0.0), 0.5);
        assert_eq!(coverage(EDGE_RAMP / 2.0), 0.0);
    }
}
