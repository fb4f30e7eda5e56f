//! Pictures for everyone: the take/keep badges name their spots, and an exchange (a
//! player's turn and the engine's answer in one picture) marks both turns.
#![allow(clippy::unwrap_used)]

use gipf::potentials::{Decision, Game, Options, Pending, PieceKind};
use gipf::{ByColor, Variant};

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

#[test]
fn an_exchange_marks_the_turn_answered_and_the_answer_each_with_its_number() {
    let mut game = Game::new(Options::plain(Variant::Standard));
    let mut turns = Vec::new();
    let mut dots = Vec::new();
    for _ in 0..2 {
        // Each from a dot of its own.
        let entry = game
            .open_entries()
            .find(|entry| !dots.contains(&entry.dot()))
            .unwrap();
        dots.push(entry.dot());
        let piece = PieceKind::Basic;
        turns.extend(game.play(Decision::Push { entry, piece }).unwrap());
    }
    let [answered, answer] = [&turns[0], &turns[1]];
    let view = BoardView {
        game: &game,
        last_turn: Some(answer),
        names: ByColor::new("Ann", "gipf-bot"),
        note: None,
    };
    let options = RenderOptions::default();
    let image = decode(&render_exchange(&view, Some(answered), &options));
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
    let mut game = Game::new(Options::plain(Variant::Standard));
    let mut turns = Vec::new();
    let first = game.open_entries().next().unwrap();
    turns.extend(
        game.play(Decision::Push {
            entry: first,
            piece: PieceKind::Basic,
        })
        .unwrap(),
    );
    // The answer comes in from the same dot.
    let again = game
        .open_entries()
        .find(|entry| entry.dot() == first.dot())
        .unwrap();
    turns.extend(
        game.play(Decision::Push {
            entry: again,
            piece: PieceKind::Basic,
        })
        .unwrap(),
    );
    let [answered, answer] = [&turns[0], &turns[1]];
    let view = BoardView {
        game: &game,
        last_turn: Some(answer),
        names: ByColor::new("Ann", "gipf-bot"),
        note: None,
    };
    let options = RenderOptions::default();
    let image = decode(&render_exchange(&view, Some(answered), &options));
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
