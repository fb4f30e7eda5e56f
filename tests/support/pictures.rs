//! Which side a board picture of the bot is drawn from, read off its pixels.

use gipf::Color;

/// Where the upper card's colour disc is: the panel starts at x = 900, the card 18 px in,
/// its disc 38 px right of and 44 px below the card's corner (`gipf-render`'s `panel.rs`). The upper
/// card is the player at the top of the board.
const UPPER_CARD_DISC: (u32, u32) = (956, 62);

/// The colour at the bottom of a picture whose pixel at the upper card's disc is `pixel`.
fn bottom_under(pixel: [u8; 3]) -> Color {
    let light = pixel.iter().map(|&c| u32::from(c)).sum::<u32>() > 3 * 128;
    // White's card at the top: the board is seen from Black's side.
    if light { Color::Black } else { Color::White }
}

/// The colour at the bottom of a board PNG.
pub fn bottom_of_png(png: &[u8]) -> Color {
    let image = image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a PNG")
        .to_rgb8();
    bottom_under(image.get_pixel(UPPER_CARD_DISC.0, UPPER_CARD_DISC.1).0)
}

/// The colour at the bottom of the first frame of a replay GIF (drawn at full size).
pub fn bottom_of_gif(gif: &[u8]) -> Color {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::RGBA);
    let mut decoder = options.read_info(gif).expect("a GIF");
    let frame = decoder
        .read_next_frame()
        .expect("a frame")
        .expect("a first frame");
    let (x, y) = UPPER_CARD_DISC;
    let at = ((y * u32::from(frame.width) + x) * 4) as usize;
    bottom_under([frame.buffer[at], frame.buffer[at + 1], frame.buffer[at + 2]])
}
