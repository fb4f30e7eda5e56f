//! The legend on a player's card in a game with potentials: the potentials he has still to
//! load, each kind as the badge its loaded pieces carry and a count (`Z 3`), or a word
//! when none is left.

use gipf::potentials::{Potential, Supply};
use image::RgbImage;

use super::stacks::kind_badge;
use super::text::{self, Style, Weight};
use super::theme;

/// The height the legend adds to a card.
pub(crate) const ROW_HEIGHT: f32 = 48.0;
/// Radius of a kind's badge in the legend.
pub(crate) const BADGE_RADIUS: f32 = 15.0;

/// What a card's legend shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Legend {
    /// The potentials not loaded yet.
    pub supply: Supply,
}

/// Where the badge of the `i`th kind shown goes, in a row from `left` to `right` centred on
/// `middle`: five even slots, so a full supply fills the row.
pub(crate) fn badge_center(i: usize, (left, right, middle): (f32, f32, f32)) -> (f32, f32) {
    let slot = (right - left) / Potential::ALL.len() as f32;
    (left + BADGE_RADIUS + slot * i as f32, middle)
}

/// Draws `legend` in the row from `left` to `right` whose top is `top`.
pub(crate) fn draw(image: &mut RgbImage, legend: &Legend, (left, right, top): (f32, f32, f32)) {
    let middle = top + ROW_HEIGHT / 2.0;
    if legend.supply.is_empty() {
        let style = Style {
            weight: Weight::Regular,
            size: 26.0,
            paint: theme::LABEL,
        };
        text::draw(image, "no potentials left", (left, middle + 9.0), &style);
        return;
    }
    let count_style = Style {
        weight: Weight::Bold,
        size: 28.0,
        paint: theme::INK,
    };
    for (i, kind) in legend.supply.kinds().enumerate() {
        let center = badge_center(i, (left, right, middle));
        kind_badge(image, center, BADGE_RADIUS, kind, 1.0);
        let count = legend.supply[kind].to_string();
        let x = center.0 + BADGE_RADIUS + 5.0;
        text::draw(image, &count, (x, middle + 10.0), &count_style);
    }
}
