// Temporary stand-in until the render branch is merged (removed in the merge).
use gipf::ByColor;

use super::RenderOptions;

/// What to draw of a game with potentials.
#[derive(Clone, Copy, Debug)]
pub struct PotentialsView<'a> {
    /// The game.
    pub game: &'a gipf::potentials::Game,
    /// The last turn.
    pub last_turn: Option<&'a gipf::potentials::Turn>,
    /// Names.
    pub names: ByColor<&'a str>,
    /// Note.
    pub note: Option<&'a str>,
}

/// Stand-in.
pub fn render_potentials(_view: &PotentialsView, _options: &RenderOptions) -> Vec<u8> {
    Vec::new()
}
