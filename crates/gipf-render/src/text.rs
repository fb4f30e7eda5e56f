//! Text in the embedded DejaVu Sans (regular and bold), drawn with ab_glyph.
//!
//! Any string can be drawn: control characters and invisible formatting characters
//! (zero-width spaces and joiners, direction marks and overrides, variation selectors) are
//! skipped, and a character the font does not have is drawn as the replacement character `�`
//! (or `?`).

use std::sync::LazyLock;

use ab_glyph::{Font, FontRef, GlyphId, PxScale, ScaleFont, point};
use image::RgbImage;

use super::canvas::{Paint, blend};

static REGULAR: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../assets/DejaVuSans.ttf"))
        .expect("the embedded DejaVuSans.ttf is a valid font")
});

static BOLD: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(include_bytes!("../assets/DejaVuSans-Bold.ttf"))
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

/// Whether `c` is drawn at all: control characters and the invisible formatting characters
/// (U+200B–U+200F, U+202A–U+202E, U+2060–U+206F, U+FE00–U+FE0F, U+FEFF) are not, as the
/// font would show most of them as a placeholder.
fn is_drawn(c: char) -> bool {
    !c.is_control()
        && !matches!(
            c,
            '\u{200B}'..='\u{200F}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2060}'..='\u{206F}'
                | '\u{FE00}'..='\u{FE0F}'
                | '\u{FEFF}'
        )
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
    for c in text.chars().filter(|&c| is_drawn(c)) {
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

/// `text` cut to fit `max_width` in `style`, ending in `…` when cut. Characters that are not
/// drawn go; very long texts are cut to their first 64 characters before measuring.
pub(crate) fn fit(text: &str, style: &Style, max_width: f32) -> String {
    let drawn = text.chars().filter(|&c| is_drawn(c));
    let mut chars: Vec<char> = drawn.clone().take(64).collect();
    let cut = chars.len() < drawn.count();
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

/// `text` broken into at most `max_lines` lines of at most `max_width` in `style`, between
/// words; a word too long for a line, or text beyond the last line, is cut with `…`.
pub(crate) fn wrap(text: &str, style: &Style, max_width: f32, max_lines: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut words = text.split_whitespace().peekable();
    while let Some(word) = words.next() {
        if lines.len() == max_lines {
            break;
        }
        let mut line = word.to_string();
        while let Some(next) = words.peek() {
            let longer = format!("{line} {next}");
            if width(&longer, style) > max_width {
                break;
            }
            line = longer;
            words.next();
        }
        let last = lines.len() + 1 == max_lines;
        if last && words.peek().is_some() {
            line.push_str(" …");
        }
        lines.push(fit(&line, style, max_width));
    }
    lines
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
    fn invisible_formatting_characters_are_skipped() {
        let plain = width("Ann", &STYLE);
        for hidden in [
            "A\u{200B}nn",
            "\u{200F}Ann\u{200E}",
            "\u{202E}An\u{202C}n",
            "Ann\u{2060}\u{2066}",
            "An\u{FE0F}n",
            "\u{FEFF}Ann",
        ] {
            assert_eq!(width(hidden, &STYLE), plain, "{hidden:?}");
            assert_eq!(fit(hidden, &STYLE, 500.0), "Ann", "{hidden:?}");
        }
        let mut with = RgbImage::from_pixel(120, 40, Rgb([255, 255, 255]));
        let mut without = with.clone();
        draw(
            &mut with,
            "\u{200D}A\u{200B}nn\u{FE0F}",
            (5.0, 30.0),
            &STYLE,
        );
        draw(&mut without, "Ann", (5.0, 30.0), &STYLE);
        assert!(with == without);
    }

    #[test]
    fn wrapping_breaks_between_words_and_cuts_what_does_not_fit() {
        let lines = wrap("Choose the row to remove first: 1 or 2", &STYLE, 200.0, 3);
        assert!(lines.len() >= 2, "{lines:?}");
        assert!(lines.iter().all(|line| width(line, &STYLE) <= 200.0));
        assert_eq!(lines.join(" "), "Choose the row to remove first: 1 or 2");
        let cut = wrap(&"word ".repeat(50), &STYLE, 200.0, 2);
        assert_eq!(cut.len(), 2);
        assert!(cut[1].ends_with('…'), "{cut:?}");
        let long = wrap(&"x".repeat(100), &STYLE, 200.0, 2);
        assert!(long.len() == 1 && long[0].ends_with('…'), "{long:?}");
        assert!(wrap("   ", &STYLE, 200.0, 2).is_empty());
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
