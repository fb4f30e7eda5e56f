//! Glicko-2 ratings per server as `stats` and `leaderboard` (in `archive/mod.rs`) write them:
//! a game is rated when it is won (the store rates it in the transaction that ends the
//! game; aborted and abandoned games are unrated).

use crate::store::RatingRow;

/// `1624 ± 112`: a rating and twice its deviation (a 95% interval), rounded.
pub(in crate::service) fn rating_words(row: &RatingRow) -> String {
    format!(
        "{:.0} ± {:.0}",
        row.rating.rating,
        2.0 * row.rating.deviation
    )
}

/// `62%`: the share of games won.
pub(in crate::service) fn win_rate(row: &RatingRow) -> String {
    format!(
        "{:.0}%",
        100.0 * f64::from(row.wins) / f64::from(row.games.max(1))
    )
}
