//! The pixel buffer and the one primitive every shape is drawn with: filling a signed
//! distance field with antialiasing.

use image::{Rgb, RgbImage};

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

/// Paints a solid rectangle (integer pixel edges, clipped to the image).
pub(crate) fn fill_rect(image: &mut RgbImage, (left, top, right, bottom): Bounds, paint: Paint) {
    let (x0, y0, x1, y1) = clip(image, (left, top, right, bottom));
    for y in y0..y1 {
        for x in x0..x1 {
            image.put_pixel(x, y, paint);
        }
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
/// shape's edge (negative inside): a one-pixel-wide linear ramp across the edge.
pub(crate) fn coverage(distance: f32) -> f32 {
    (0.5 - distance).clamp(0.0, 1.0)
}

/// Fills the shape whose signed distance field is `distance` (negative inside), looking only
/// at the pixels within `bounds`, with `paint` at opacity `alpha`, antialiased.
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
    fn coverage_ramps_across_the_edge() {
        assert_eq!(coverage(-1.0), 1.0);
        assert_eq!(coverage(0.0), 0.5);
        assert_eq!(coverage(1.0), 0.0);
    }
}
