//! Text in the embedded DejaVu Sans (regular and bold), drawn with ab_glyph.
//!
//! Any string can be drawn: control characters are skipped, and a character the font does
//! not have is drawn as the replacement character `�` (or `?`).

use std::sync::LazyLock;

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use image::RgbImage;

use super::canvas::{Paint, blend};

static REGULAR: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../../assets/DejaVuSans.ttf"))
        .expect("the embedded DejaVuSans.ttf is a valid font")
});

static BOLD: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../../assets/DejaVuSans-Bold.ttf"))
        .expect("the embedded DejaVuSans-Bold.ttf is a valid font")
});

/// Regular or bold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Weight {
    /// DejaVu Sans.
    Regular,
    /// DejaVu Sans Bold.
    Bold,
}

/// A font at a size.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    /// Regular or bold.
    pub weight: Weight,
    /// Height in pixels.
    pub size: f32,
    /// Colour.
    pub paint: Paint,
}

fn font(weight: Weight) -> &'static FontRef<'static> {
    match weight {
        Weight::Regular => &REGULAR,
        Weight::Bold => &BOLD,
    }
}

/// The glyph drawn for `c`: its own, or a placeholder when the font lacks it.
fn glyph_for(font: &FontRef<'static>, c: char) -> GlyphId {
    let id = font.glyph_id(c);
    if id.0 != 0 {
        return id;
    }
    let replacement = font.glyph_id('\u{FFFD}');
    if replacement.0 != 0 {
        replacement
    } else {
        font.glyph_id('?')
    }
}

/// The glyphs of `text` with their x offsets from the start, and the total advance.
fn layout(text: &str, weight: Weight, size: f32) -> (Vec<(GlyphId, f32)>, f32) {
    let font = font(weight);
    let scaled = font.as_scaled(PxScale::from(size));
    let mut glyphs = Vec::with_capacity(text.len());
    let mut caret = 0.0;
    let mut previous: Option<GlyphId> = None;
    for c in text.chars().filter(|c| !c.is_control()) {
        let id = glyph_for(font, c);
        if let Some(previous) = previous {
            caret += scaled.kern(previous, id);
        }
        glyphs.push((id, caret));
        caret += scaled.h_advance(id);
        previous = Some(id);
    }
    (glyphs, caret)
}

/// The width `text` takes in `style`.
pub(crate) fn width(text: &str, style: &Style) -> f32 {
    layout(text, style.weight, style.size).1
}

/// Draws `text` with its baseline starting at `(x, baseline)`; returns its width.
pub(crate) fn draw(
    image: &mut RgbImage,
    text: &str,
    (x, baseline): (f32, f32),
    style: &Style,
) -> f32 {
    let font = font(style.weight);
    let (glyphs, advance) = layout(text, style.weight, style.size);
    for (id, offset) in glyphs {
        let glyph = id.with_scale_and_position(style.size, point(x + offset, baseline));
        if let Some(outline) = font.outline_glyph(glyph) {
            let bounds = outline.px_bounds();
            let (left, top) = (bounds.min.x as i32, bounds.min.y as i32);
            outline.draw(|gx, gy, cover| {
                blend(image, left + gx as i32, top + gy as i32, style.paint, cover);
            });
        }
    }
    advance
}

/// Draws `text` centred on `(cx, cy)` (vertically on the height of capitals and digits).
pub(crate) fn draw_centered(image: &mut RgbImage, text: &str, (cx, cy): (f32, f32), style: &Style) {
    let text_width = width(text, style);
    draw(
        image,
        text,
        (cx - text_width / 2.0, cy + style.size * 0.36),
        style,
    );
}

/// Draws `text` ending at `right`; returns its width.
pub(crate) fn draw_right(
    image: &mut RgbImage,
    text: &str,
    (right, baseline): (f32, f32),
    style: &Style,
) -> f32 {
    let text_width = width(text, style);
    draw(image, text, (right - text_width, baseline), style);
    text_width
}

/// `text` cut to fit `max_width` in `style`, ending in `…` when cut. Control characters go;
/// very long texts are cut to their first 64 characters before measuring.
pub(crate) fn fit(text: &str, style: &Style, max_width: f32) -> String {
    let mut chars: Vec<char> = text.chars().filter(|c| !c.is_control()).take(64).collect();
    let cut = chars.len() < text.chars().filter(|c| !c.is_control()).count();
    let candidate: String = chars.iter().collect();
    if !cut && width(&candidate, style) <= max_width {
        return candidate;
    }
    while !chars.is_empty() {
        let shortened: String = chars.iter().collect::<String>().trim_end().to_string() + "…";
        if width(&shortened, style) <= max_width {
            return shortened;
        }
        chars.pop();
    }
    "…".to_string()
}

#[cfg(test)]
mod tests {
    use image::Rgb;

    use super::*;

    const STYLE: Style = Style {
        weight: Weight::Regular,
        size: 24.0,
        paint: Rgb([0, 0, 0]),
    };

    #[test]
    fn text_has_width_and_marks_the_image() {
        assert!(width("a1", &STYLE) > 20.0);
        let mut image = RgbImage::from_pixel(100, 40, Rgb([255, 255, 255]));
        draw(&mut image, "Hi", (5.0, 30.0), &STYLE);
        assert!(image.pixels().any(|p| p.0[0] < 100));
    }

    #[test]
    fn fitting_cuts_long_names_and_keeps_short_ones() {
        assert_eq!(fit("Ann", &STYLE, 200.0), "Ann");
        let long = fit(&"Bartholomew".repeat(20), &STYLE, 200.0);
        assert!(long.ends_with('…'), "{long}");
        assert!(width(&long, &STYLE) <= 200.0);
        assert_eq!(fit("line\nbreak", &STYLE, 500.0), "linebreak");
    }

    #[test]
    fn missing_glyphs_fall_back_to_a_placeholder() {
        let font = font(Weight::Regular);
        assert_ne!(glyph_for(font, '漢').0, 0);
        assert_ne!(glyph_for(font, 'Ж').0, 0);
        let mut image = RgbImage::new(200, 40);
        draw(&mut image, "名前 😀 Ωμέγα", (0.0, 30.0), &STYLE);
    }
}
