//! Pictures for everyone: the take/keep badges name their spots, and an exchange (a
//! player's turn and the engine's answer in one picture) marks both turns.
#![allow(clippy::unwrap_used)]

use gipf::potentials::{Decision, Game, Options, Pending, PieceKind};
use gipf::{ByColor, Entry, Variant};
use image::RgbImage;

use super::layout::{PIECE_RADIUS, center_of};
use super::tests::{assert_paint, decode, find, offset};
use super::*;

#[test]
fn a_take_or_keep_badge_is_a_pill_as_wide_as_its_spot_s_name() {
    let (game, _) = find(Variant::Standard, |g| {
        matches!(g.pending(), Pending::Remove { .. })
    });
    let Pending::Remove { optional, .. } = game.pending() else {
        unreachable!()
    };
    let options = RenderOptions::default();
    let view = BoardView {
        game: &game,
        last_turn: None,
        names: ByColor::new("Ann", "Bob"),
        note: None,
    };
    let image = decode(&render(&view, &options));
    for spot in optional.iter() {
        let center = center_of(spot, &options);
        let badge = (center.0 + PIECE_RADIUS * 0.8, center.1 - PIECE_RADIUS * 0.8);
        // A disc of radius 21 ends before 26 px to either side; the pill reaches past it,
        // its label (`e5?`) between.
        for side in [-26.0, 26.0] {
            assert_paint(&image, offset(badge, side, 0.0), theme::DECISION);
        }
    }
}

/// Two pushes from the start of the standard game, the first from the first open entry,
/// the answer from the first open entry `answer` accepts (given the first's), and the
/// picture of the exchange: the game after, both turns, the image.
fn exchange_of(answer: impl Fn(Entry, Entry) -> bool) -> (Game, Vec<Turn>, RgbImage) {
    let mut game = Game::new(Options::plain(Variant::Standard));
    let first = game.open_entries().next().unwrap();
    let piece = PieceKind::Basic;
    let mut turns = game
        .play(Decision::Push {
            entry: first,
            piece,
        })
        .unwrap();
    let entry = game.open_entries().find(|e| answer(first, *e)).unwrap();
    turns.extend(game.play(Decision::Push { entry, piece }).unwrap());
    let view = BoardView {
        game: &game,
        last_turn: Some(&turns[1]),
        names: ByColor::new("Ann", "gipf-bot"),
        note: None,
    };
    let image = decode(&render_exchange(
        &view,
        Some(&turns[0]),
        &RenderOptions::default(),
    ));
    (game, turns, image)
}

#[test]
fn an_exchange_marks_the_turn_answered_and_the_answer_each_with_its_number() {
    // Each from a dot of its own.
    let (game, turns, image) = exchange_of(|first, entry| entry.dot() != first.dot());
    let [answered, answer] = [&turns[0], &turns[1]];
    let options = RenderOptions::default();
    let view = BoardView {
        game: &game,
        last_turn: Some(answer),
        names: ByColor::new("Ann", "gipf-bot"),
        note: None,
    };
    let dot = |turn: &Turn| match &turn.action {
        Some(gipf::potentials::Action::Push { path, .. }) => center_of(path.entry.dot(), &options),
        _ => unreachable!("a push"),
    };
    // Each dot carries its badge, in its turn's colour: below the digit, inside the badge.
    assert_paint(
        &image,
        offset(dot(answered), 0.0, 13.0),
        theme::ANSWERED_MOVE,
    );
    assert_paint(&image, offset(dot(answer), 0.0, 13.0), theme::LAST_MOVE);
    // Without the turn answered, only the last turn is marked, and not numbered.
    let plain = decode(&render(&view, &options));
    assert_ne!(image, plain);
    assert_paint(&plain, offset(dot(answered), 0.0, 13.0), theme::BOARD_RIM);
}

#[test]
fn two_turns_from_one_dot_show_both_numbers_side_by_side() {
    // The answer comes in from the same dot.
    let (_, turns, image) = exchange_of(|first, entry| entry.dot() == first.dot());
    let options = RenderOptions::default();
    let first = match &turns[0].action {
        Some(gipf::potentials::Action::Push { path, .. }) => path.entry,
        _ => unreachable!("a push"),
    };
    let dot = center_of(first.dot(), &options);
    let shift = super::moves::SHARED_DOT_SHIFT;
    // Each badge, in its turn's colour, below its digit: 1 on the left, 2 on the right,
    // neither covering the other.
    for side in [0.0, -10.0, 10.0] {
        assert_paint(
            &image,
            offset(dot, -shift + side, 13.0),
            theme::ANSWERED_MOVE,
        );
        assert_paint(&image, offset(dot, shift + side, 13.0), theme::LAST_MOVE);
    }
}
