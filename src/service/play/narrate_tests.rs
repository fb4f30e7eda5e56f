//! The turn in words: one fixed example for each kind of event, and random games of every
//! kind (no panic, every removal, power and lost GIPF-piece said).

use gipf::potentials::{Action, Game, Options, Setup, Turn};
use gipf::random::Rng;
use gipf::{Color, Variant};

use super::{after_turn, narrate};

/// The game `options` describes with `stacks` on the board, `to_move` to move.
fn game(options: Options, stacks: &str, to_move: Color) -> Game {
    let mut setup = Setup::new(options);
    setup.place_all(stacks).unwrap();
    setup.to_move = to_move;
    Game::from_setup(&setup)
}

/// The turn `notation` from `start`, in words: its action, then what followed.
fn said(start: &Game, notation: &str) -> (String, String) {
    let turn = start.clone().play_notation(notation).unwrap().remove(0);
    let words = narrate(Some(start), &turn);
    (words.action, words.effects.unwrap_or_default())
}

fn options(game: &str, supply: &str) -> Options {
    Options::parse(game, Some(supply)).unwrap()
}

#[test]
fn a_push_onto_an_empty_spot_is_its_action_alone() {
    let start = game(Options::plain(Variant::BASIC), "d5:b", Color::White);
    let turn = start.clone().play_notation("c2").unwrap().remove(0);
    let words = narrate(Some(&start), &turn);
    assert_eq!(
        words.action,
        "White pushed a basic piece in from b1 onto c2."
    );
    assert_eq!(words.effects, None);
}

#[test]
fn a_push_that_moves_pieces_says_how_far() {
    let start = game(Options::plain(Variant::BASIC), "d2:b d3:w", Color::White);
    let (action, _) = said(&start, "d1-d4");
    assert_eq!(
        action,
        "White pushed a basic piece in from d1 onto d2, moving the pieces ahead of it on as far as d4."
    );
}

#[test]
fn a_removal_says_what_went_back_to_the_reserve_and_what_was_captured() {
    let start = game(
        Options::plain(Variant::BASIC),
        "d3:w d4:w d5:w d6:b",
        Color::White,
    );
    let (_, effects) = said(&start, "d2;xd2,d3,d4,d5,d6*");
    assert_eq!(
        effects,
        "Then white removed a row: white's pieces at d2 d3 d4 d5 back to white's reserve, black's piece at d6 captured."
    );
}

#[test]
fn a_gipf_piece_taken_is_said_with_its_owner() {
    let start = game(
        Options::plain(Variant::Standard),
        "b5:W d3:w d4:w d5:w d6:B h2:B",
        Color::White,
    );
    let (_, effects) = said(&start, "d2;xd2,d3,d4,d5,Gd6*");
    assert!(
        effects.contains("black's GIPF-piece at d6 captured (2 pieces)"),
        "{effects}"
    );
}

#[test]
fn rows_made_for_the_other_player_are_said() {
    let start = game(
        Options::plain(Variant::BASIC),
        "d2:b d3:b d4:b d6:b",
        Color::White,
    );
    let (_, effects) = said(&start, "d1-d5");
    // The removal set: the run and the white piece that extends it.
    assert_eq!(
        effects,
        "This made black a row to deal with at the start of the next turn: d2 d3 d4 d5 d6."
    );
}

#[test]
fn a_dvonn_takes_over_a_piece_and_its_used_potential_leaves_the_game() {
    let start = game(
        options("basic", "D3"),
        "b2:w c3:wD d4:b e5:w f5:b",
        Color::White,
    );
    let (action, effects) = said(&start, "Dc3>d4;xb2,c3,ud4,e5,f5*");
    assert_eq!(
        action,
        "White's DVONN-loaded piece at c3 used its power: the DVONN potential jumped onto black's piece at d4, which is now white's; a basic piece stays at c3."
    );
    assert!(
        effects.contains("white's used potential at d4 out of the game"),
        "{effects}"
    );
    assert!(
        effects.contains("black's piece at f5 captured"),
        "{effects}"
    );
}

#[test]
fn a_punct_conversion_says_the_gipf_piece_changed_colour() {
    let start = game(
        options("standard", "P3"),
        "b5:W d4:wP d5:B h2:B",
        Color::White,
    );
    let (action, effects) = said(&start, "Pd4>d5");
    assert!(
        action.contains("jumped onto black's GIPF-piece at d5 and converted it"),
        "{action}"
    );
    assert!(action.contains("now a white GIPF-piece"), "{action}");
    assert_eq!(effects, "");
}

#[test]
fn converting_the_last_gipf_piece_says_it_is_gone() {
    let start = game(options("standard", "P3"), "b5:W d4:wP d5:B", Color::White);
    let (_, effects) = said(&start, "Pd4>d5");
    assert_eq!(effects, "Black has no GIPF-piece left.");
}

#[test]
fn zertz_and_yinsh_say_where_the_potential_went() {
    let start = game(options("standard", "Z3"), "c3:wZ c4:B c5:W", Color::White);
    let (action, _) = said(&start, "Zc3>c6");
    assert!(action.contains("jumped over the line of pieces and landed on c6"));
    let start = game(options("basic", "Y3"), "d2:wY d5:b", Color::White);
    let (action, _) = said(&start, "Yd2>d4");
    assert!(action.contains("slid over empty spots to d4"), "{action}");
}

/// Every removed spot, every power and every TAMSK answer of `turn` is in its words, and
/// a player left without a GIPF-piece is said so.
fn check(start: &Game, turn: &Turn, after: &Game) {
    let words = narrate(Some(start), turn);
    let effects = words.effects.clone().unwrap_or_default();
    let all = format!("{} {effects}", words.action);
    for item in turn.before.iter().chain(&turn.after).flatten() {
        assert!(all.contains(&item.spot.to_string()), "{turn}: {all}");
    }
    match &turn.action {
        Some(Action::Move { kind, from, to }) => {
            assert!(words.action.contains(kind.name()), "{turn}: {all}");
            assert!(words.action.contains(&format!("{from}")), "{turn}: {all}");
            assert!(words.action.contains(&format!("{to}")), "{turn}: {all}");
        }
        Some(Action::Push { extras, .. }) => {
            let answers = effects.matches("TAMSK piece reached e5").count();
            assert_eq!(answers, extras.len(), "{turn}: {all}");
        }
        None => {}
    }
    for color in Color::ALL {
        if !start.gipf_pieces(color).is_empty() && after.gipf_pieces(color).is_empty() {
            let lost = format!("{color} has no gipf-piece left");
            assert!(all.to_lowercase().contains(&lost), "{all}");
        }
    }
}

/// Random games of every kind, decision by decision: each turn said from its start.
#[test]
fn every_turn_of_random_games_of_every_kind_is_said() {
    let kinds = [
        Options::plain(Variant::BASIC),
        Options::plain(Variant::Standard),
        Options::plain(Variant::Tournament),
        options("basic", "T3,Z3,D3"),
        options("standard", "Y3,P3,D3"),
        Options::ultimate(),
    ];
    let mut turns = 0;
    for (seed, kind) in (0..6u64).flat_map(|seed| kinds.iter().map(move |k| (seed, *k))) {
        let mut rng = Rng::new(seed);
        let mut game = Game::new(kind);
        let mut start = game.clone();
        while game.outcome().is_none() && game.plies() < 120 {
            let decisions = game.legal_decisions();
            let decision = decisions[rng.below(decisions.len())];
            for turn in game.play(decision).unwrap() {
                let after = after_turn(&start, &turn).expect("the turn replays");
                check(&start, &turn, &after);
                start = after;
                turns += 1;
            }
        }
    }
    assert!(turns > 500, "{turns} turns said");
}

#[test]
fn a_converted_gipf_piece_pushed_into_a_row_is_said_as_converted() {
    // White's converted GIPF-piece on d2 (a black piece under White's PÜNCT) is pushed on
    // to d3 and taken with the row: the PÜNCT leaves, Black's piece under it is captured.
    let start = game(
        options("standard", "P3"),
        "b5:W h2:B d2:b|wp d4:w d5:w d6:w",
        Color::White,
    );
    let turn = start
        .clone()
        .play_notation("d1-d3;xd2,Gd3,d4,d5,d6")
        .unwrap();
    let turn = turn.last().unwrap();
    let words = narrate(Some(&start), turn);
    let effects = words.effects.unwrap_or_default();
    assert!(
        effects.contains("white's converted GIPF-piece at d3: the PÜNCT out of the game, black's piece under it captured"),
        "{turn}: {effects}"
    );
}
