//! What a game's end does beyond its row, done once for every game that ended
//! ([`Games::ended`](super::games::Games::ended)): the engine's search in it stops, and its
//! players' challenge pings are forgotten (the next challenge between them, a rematch, is
//! news and pings).

use gipf::Color;

use super::engine::Engine;
use super::games::Ended;
use super::limits::{Limited, Limits};

/// Reacts to each of `ended`, and gives them back (for the links to their pages).
pub(super) fn react(ended: Vec<Ended>, engine: &Engine, limits: &Limits) -> Vec<Ended> {
    for end in &ended {
        engine.stop(end.game);
        let [white, black] = [end.players[Color::White], end.players[Color::Black]];
        limits.forget(Limited::ChallengePing(white, black));
        limits.forget(Limited::ChallengePing(black, white));
    }
    ended
}
