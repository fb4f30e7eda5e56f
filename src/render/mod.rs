//! PLACEHOLDER until the renderer branch lands: same interface, a blank PNG.
#![allow(missing_docs)]
pub struct BoardView<'a> {
    pub position: &'a gipf::Position,
    pub last_turn: Option<&'a gipf::Turn>,
    pub names: [&'a str; 2],
}
#[derive(Clone, Debug, Default)]
pub struct RenderOptions {
    pub black_side: bool,
}
pub fn render(_view: &BoardView, _options: &RenderOptions) -> Vec<u8> {
    let mut out = Vec::new();
    let image = image::RgbImage::new(4, 4);
    let _ = image.write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png);
    out
}
