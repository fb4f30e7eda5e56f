//! The rulebook's worked examples and every ruling of `docs/rules.md`, one test each.
#![allow(clippy::unwrap_used)]

use gipf::{
    Bitboard, ByColor, Color, Decision, Entry, Kind, Pending, PlayError, Point, Position, Reason,
    Setup, Stage, Variant,
};

fn p(name: &str) -> Point {
    name.parse().unwrap()
}

fn spots(names: &str) -> Bitboard {
    names.split_whitespace().map(p).collect()
}

fn entry(text: &str) -> Entry {
    text.parse().unwrap()
}

fn push(text: &str) -> Decision {
    Decision::Push {
        entry: entry(text),
        piece: Kind::Basic,
    }
}

/// A mid-game position: both players have played, White to move, reserves 8 each.
fn position(variant: Variant, board: &str) -> Position {
    let mut setup = Setup::new(variant);
    setup.place_all(board).unwrap();
    setup.played = ByColor::splat(true);
    setup.gipf_phase = ByColor::splat(false);
    setup.reserve = ByColor::new(8, 8);
    Position::from_setup(&setup).unwrap()
}

fn rows(position: &Position) -> Vec<String> {
    match position.pending() {
        Pending::ChooseRow { rows } => rows.iter().map(|r| r.to_string()).collect(),
        other => panic!("expected a row choice, got {other:?}"),
    }
}

#[test]
fn a_full_line_cannot_be_pushed_into() {
    // Column b is full: b1-b2 would push a piece off the board.
    let mut game = position(Variant::BASIC, "b2 b, b3 w, b4 b, b5 w");
    let before = game;
    assert_eq!(
        game.play(push("b1 b2")),
        Err(PlayError::LineFull {
            entry: entry("b1 b2")
        })
    );
    assert_eq!(game, before, "an illegal push changes nothing");
    assert!(
        game.legal_entries()
            .all(|e| e != entry("b1 b2") && e != entry("b6 b5"))
    );
    assert_eq!(game.legal_entries().count(), 40);
    // Another line through b2 is open.
    game.play(push("a1 b2")).unwrap();
    assert_eq!(game.piece_at(p("c3")).map(|piece| piece.char()), Some('b'));
}

#[test]
fn a_push_moves_pieces_up_to_the_first_empty_spot_only() {
    // b2 b3 occupied, b4 empty, b5 occupied: b5 does not move.
    let mut game = position(Variant::BASIC, "b2 b, b3 w, b5 b");
    let done = game.play(push("b1-b2")).unwrap();
    assert_eq!(done.iter().next().unwrap().to_string(), "b1-b4");
    let column: String = ["b2", "b3", "b4", "b5"]
        .iter()
        .map(|s| game.piece_at(p(s)).unwrap().char())
        .collect();
    assert_eq!(column, "wbwb");
}

#[test]
fn a_row_interrupted_by_an_empty_spot_is_no_row() {
    let mut game = position(Variant::BASIC, "b4 w, c4 w, e4 w, f3 w");
    game.play(push("e9-e8")).unwrap();
    assert!(game.rows(Color::White).is_empty());
    assert_eq!(game.pending(), Pending::Push);
}

#[test]
fn extensions_of_both_colours_go_with_the_row() {
    // After e1-e4, c4 d4 e4 f3 are white; b4 and g2 (black) extend the row on both sides.
    let mut game = position(Variant::BASIC, "b4 b, c4 w, d4 w, f3 w, g2 b, e2 b, e3 w");
    let done = game.play(push("e1 e2")).unwrap();
    let turn = done.by(Color::White).unwrap();
    assert_eq!(turn.to_string(), "e1-e4;xb4*,c4,d4,e4,f3,g2*");
    assert_eq!(game.reserve(Color::White), 8 - 1 + 4);
    assert_eq!(game.lost(Color::Black), 2);
    assert!((game.occupied() & spots("b4 c4 d4 e4 f3 g2")).is_empty());
    assert_eq!(game.piece_at(p("e2")).map(|x| x.char()), Some('w'));
    assert_eq!(game.piece_at(p("e3")).map(|x| x.char()), Some('b'));
}

#[test]
fn one_push_making_rows_of_both_colours() {
    // e1-e3 completes White's b2-e2 and Black's b3-e3. White removes his own at once;
    // Black removes his at the start of his turn (taken by itself: there is no choice).
    let mut game = position(Variant::BASIC, "b2 w, c2 w, d2 w, e2 b, b3 b, c3 b, d3 b");
    let done = game.play(push("e1-e2")).unwrap();
    assert_eq!(done.iter().count(), 1);
    assert_eq!(
        done.by(Color::White).unwrap().to_string(),
        "e1-e3;xb2,c2,d2,e2"
    );
    assert_eq!(game.to_move(), Color::Black);
    assert_eq!(game.stage(), Stage::Push);
    assert_eq!(game.current_turn().start.spots, spots("b3 c3 d3 e3"));
    assert_eq!(
        (game.reserve(Color::White), game.reserve(Color::Black)),
        (11, 12)
    );
    let done = game.play(push("i5-h5")).unwrap();
    assert_eq!(
        done.by(Color::Black).unwrap().to_string(),
        "xb3,c3,d3,e3;h5"
    );
}

#[test]
fn rows_sharing_no_piece_are_all_removed_without_asking() {
    let mut setup = Setup::new(Variant::BASIC);
    setup
        .place_all("b2 w, c2 w, d2 w, e2 w, g2 w, g3 w, g4 w, g5 w, h2 b")
        .unwrap();
    setup.played = ByColor::splat(true);
    let game = Position::from_setup(&setup).unwrap();
    assert_eq!(game.stage(), Stage::Push);
    assert_eq!(
        game.current_turn().start.spots,
        spots("b2 c2 d2 e2 g2 g3 g4 g5")
    );
    assert_eq!(game.reserve(Color::White), 20);
}

fn row_line(position: &Position, name: &str) -> gipf::Line {
    position
        .rows(Color::White)
        .iter()
        .find(|r| r.to_string() == name)
        .unwrap()
        .line
}

/// a2-b2 makes White rows b2-e2 and e2-e5 crossing on White's GIPF-piece at e2.
fn crossing_rows() -> Position {
    let mut game = position(
        Variant::Tournament,
        "b2 w, c2 w, d2 W, e3 w, e4 w, e5 w, h5 W, b5 B",
    );
    game.play(push("a2-b2")).unwrap();
    game
}

#[test]
fn intersecting_rows_keep_the_gipf_on_the_crossing_then_remove_the_other_row() {
    let mut game = crossing_rows();
    assert_eq!(rows(&game), ["e2-e5", "b2-e2"]);
    let first = row_line(&game, "b2-e2");
    game.play(Decision::Row(first)).unwrap();
    assert!(matches!(game.pending(), Pending::TakeGipf { gipf, .. } if gipf == spots("e2")));
    // Keep e2: b2 c2 d2 go; e2 e3 e4 e5 are still a row, dealt with next.
    game.play(Decision::Take(Bitboard::EMPTY)).unwrap();
    assert!(matches!(game.pending(), Pending::TakeGipf { row, .. } if row.to_string() == "e2-e5"));
    let done = game.play(Decision::Take(spots("e2"))).unwrap();
    assert_eq!(
        done.by(Color::White).unwrap().to_string(),
        "a2-e2;xb2,c2,d2,Ge2,e3,e4,e5"
    );
    assert!((game.occupied() & spots("b2 c2 d2 e2 e3 e4 e5")).is_empty());
}

#[test]
fn intersecting_rows_removing_one_can_break_the_other() {
    let mut game = crossing_rows();
    let column = row_line(&game, "e2-e5");
    game.play(Decision::Row(column)).unwrap();
    let done = game.play(Decision::Take(spots("e2"))).unwrap();
    // b2 c2 d2 are only three now: no longer a row, they stay.
    assert_eq!(
        done.by(Color::White).unwrap().to_string(),
        "a2-e2;Ge2,e3,e4,e5".replace(";G", ";xG")
    );
    assert_eq!(
        game.pieces(Color::White) & spots("b2 c2 d2"),
        spots("b2 c2 d2")
    );
    assert_eq!(game.legal_turns().len(), game.legal_push_count());
}

#[test]
fn the_row_choice_offers_exactly_the_distinct_outcomes() {
    let mut game = position(
        Variant::Tournament,
        "b2 w, c2 w, d2 W, e3 w, e4 w, e5 w, h5 W, b5 B",
    );
    let before = game;
    let turns: Vec<(gipf::Turn, Position)> = {
        game.play(push("a2-b2")).unwrap();
        game.legal_turns()
    };
    let mut written: Vec<String> = turns.iter().map(|(t, _)| t.to_string()).collect();
    written.sort();
    assert_eq!(
        written,
        [
            "a2-e2;xGe2,e3,e4,e5",
            "a2-e2;xb2,c2,d2,Ge2",
            "a2-e2;xb2,c2,d2,Ge2,e3,e4,e5",
            "a2-e2;xb2,c2,d2,e3,e4,e5",
        ]
    );
    // Every one of them can be played from before the push by its notation.
    for (turn, after) in &turns {
        let mut replay = before;
        replay.play_notation(&turn.to_string()).unwrap();
        assert_eq!(&replay, after);
    }
}

#[test]
fn a_pending_decision_must_be_made_before_anything_else() {
    let mut game = crossing_rows();
    let before = game;
    assert!(matches!(
        game.play(push("e1-e2")),
        Err(PlayError::DecisionPending(Pending::ChooseRow { .. }))
    ));
    assert!(matches!(
        game.play(Decision::Take(spots("e2"))),
        Err(PlayError::DecisionPending(_))
    ));
    let not_a_row = gipf::Line::through(p("h5"), gipf::Direction::Up);
    assert!(matches!(
        game.play(Decision::Row(not_a_row)),
        Err(PlayError::NotARowToChoose { .. })
    ));
    assert_eq!(game, before);
    let mut pushing = position(Variant::BASIC, "");
    assert_eq!(
        pushing.play(Decision::Take(Bitboard::EMPTY)),
        Err(PlayError::PushPending)
    );
}

#[test]
fn only_gipf_pieces_of_the_row_can_be_taken() {
    let mut game = crossing_rows();
    let line = row_line(&game, "b2-e2");
    game.play(Decision::Row(line)).unwrap();
    let err = game.play(Decision::Take(spots("e2 h5"))).unwrap_err();
    assert_eq!(
        err.to_string(),
        "h5 is not a GIPF-piece of this row; you may take any of e2"
    );
}

#[test]
fn a_gipf_only_row_may_stand_and_is_offered_once_per_step() {
    let mut setup = Setup::new(Variant::Tournament);
    setup.place_all("b2 W, c2 W, d2 W, e2 W, h5 B").unwrap();
    setup.played = ByColor::splat(true);
    setup.reserve = ByColor::new(8, 16);
    let mut game = Position::from_setup(&setup).unwrap();
    // Start of White's turn: offered, optional.
    assert!(
        matches!(game.pending(), Pending::TakeGipf { gipf, .. } if gipf == spots("b2 c2 d2 e2"))
    );
    game.play(Decision::Take(Bitboard::EMPTY)).unwrap();
    assert_eq!(
        game.pending(),
        Pending::Push,
        "kept: not offered again before the push"
    );
    game.play(Decision::Push {
        entry: entry("i5 h5"),
        piece: Kind::Gipf,
    })
    .unwrap();
    // After his own push: offered again.
    assert!(matches!(game.pending(), Pending::TakeGipf { .. }));
    let done = game.play(Decision::Take(Bitboard::EMPTY)).unwrap();
    assert_eq!(done.by(Color::White).unwrap().to_string(), "Gi5-g5");
    assert_eq!(game.to_move(), Color::Black);
    game.play(push("i1-h2")).unwrap();
    // After the opponent's push, at the start of White's turn: offered again; take two.
    assert!(matches!(game.pending(), Pending::TakeGipf { .. }));
    game.play(Decision::Take(spots("b2 c2"))).unwrap();
    assert_eq!(game.pending(), Pending::Push);
    assert_eq!(game.reserve(Color::White), 6 + 4);
}

#[test]
fn no_reserve_loses_at_the_start_of_the_turn_not_at_the_end() {
    let mut setup = Setup::new(Variant::BASIC);
    setup.place_all("b5 w, b2 b").unwrap();
    setup.played = ByColor::splat(true);
    setup.reserve = ByColor::new(1, 5);
    let mut game = Position::from_setup(&setup).unwrap();
    game.play(push("e1-e2")).unwrap();
    assert_eq!(game.reserve(Color::White), 0);
    assert_eq!(
        game.outcome(),
        None,
        "ending your own turn with no reserve is not yet a loss"
    );
    game.play(push("e9-e8")).unwrap();
    let outcome = game.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Color::Black, Reason::NoReserve)
    );
    assert!(matches!(
        game.play(push("b1-b2")),
        Err(PlayError::GameOver(_))
    ));
}

#[test]
fn rows_removed_at_the_start_can_save_a_player_with_no_reserve() {
    let mut setup = Setup::new(Variant::BASIC);
    setup.place_all("b2 w, c2 w, d2 w, e2 w, h2 b").unwrap();
    setup.played = ByColor::splat(true);
    setup.reserve = ByColor::new(0, 5);
    let game = Position::from_setup(&setup).unwrap();
    assert_eq!(game.outcome(), None);
    assert_eq!(game.reserve(Color::White), 4);
    assert_eq!(game.pending(), Pending::Push);
}

#[test]
fn losing_the_last_gipf_piece_loses_and_both_at_once_the_remover_loses() {
    // a4-b4 makes White's row b4 c4 d4 e4 with e4 White's last GIPF and f3 Black's last.
    let game = position(Variant::Standard, "c4 w, d4 w, e4 W, f3 B");
    let mut keep = game;
    keep.play(push("a4-b4")).unwrap();
    let mut take_black = keep;
    take_black.play(Decision::Take(spots("f3"))).unwrap();
    let outcome = take_black.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Color::White, Reason::NoGipf)
    );
    let mut take_both = keep;
    take_both.play(Decision::Take(spots("e4 f3"))).unwrap();
    assert_eq!(take_both.outcome().map(|o| o.winner), Some(Color::Black));
    let mut take_none = keep;
    take_none.play(Decision::Take(Bitboard::EMPTY)).unwrap();
    assert_eq!(take_none.outcome(), None);
    assert_eq!(take_none.to_move(), Color::Black);
}

#[test]
fn the_last_gipf_rule_holds_in_the_tournament_game_only_after_the_first_turn() {
    let mut game = Position::new(Variant::Tournament);
    game.play(Decision::Push {
        entry: entry("e9-e8"),
        piece: Kind::Gipf,
    })
    .unwrap();
    assert_eq!(
        game.outcome(),
        None,
        "Black has no GIPF-piece yet, and that is fine"
    );
}

#[test]
fn tournament_gipf_phase_rules() {
    let mut game = Position::new(Variant::Tournament);
    assert_eq!(
        game.play(push("b1 c2")),
        Err(PlayError::FirstPushMustBeGipf)
    );
    game.play_notation("Ge8").unwrap();
    game.play_notation("Gd8-f7").unwrap();
    // White may bring in more GIPF-pieces, until his first basic push.
    game.play_notation("Gb2").unwrap();
    game.play_notation("b3").unwrap();
    assert!(game.in_gipf_phase(Color::White) && !game.in_gipf_phase(Color::Black));
    game.play_notation("c2").unwrap();
    assert!(!game.in_gipf_phase(Color::White));
    let gipf = Decision::Push {
        entry: entry("b1 c2"),
        piece: Kind::Gipf,
    };
    assert_eq!(game.play(gipf), Err(PlayError::GipfPhaseOver));
    assert_eq!(game.legal_kinds().collect::<Vec<_>>(), [Kind::Basic]);
    let mut standard = Position::new(Variant::Standard);
    assert_eq!(standard.play(gipf), Err(PlayError::GipfNotInThisGame));
    let mut setup = Setup::new(Variant::Tournament);
    setup.place_all("e5 W, e6 B").unwrap();
    setup.played = ByColor::splat(true);
    setup.reserve = ByColor::new(1, 4);
    let mut poor = Position::from_setup(&setup).unwrap();
    assert_eq!(
        poor.play(gipf),
        Err(PlayError::GipfNotAffordable { reserve: 1 })
    );
}

#[test]
fn pieces_are_conserved_and_the_start_positions_are_right() {
    for (variant, total) in [
        (Variant::BASIC, 15),
        (Variant::Standard, 18),
        (Variant::Tournament, 18),
    ] {
        let game = Position::new(variant);
        assert_eq!(game.total(Color::White), total);
        assert_eq!(game.total(Color::Black), total);
    }
    let handicap = Position::new(Variant::Basic {
        extra: ByColor::new(0, 3),
    });
    assert_eq!(
        (
            handicap.reserve(Color::White),
            handicap.reserve(Color::Black)
        ),
        (12, 15)
    );
    let standard = Position::new(Variant::Standard);
    assert_eq!(standard.gipf_pieces(), spots("b5 e2 h5 b2 e8 h2"));
    assert_eq!(standard.pieces(Color::White), spots("b5 e2 h5"));
}

#[test]
fn resignation_ends_the_game_at_once() {
    let mut game = Position::new(Variant::Standard);
    let outcome = game.resign(Color::Black).unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Color::White, Reason::Resignation)
    );
    assert!(game.resign(Color::White).is_err());
    assert_eq!(
        game.play_as(Color::White, push("b1 c2")),
        Err(PlayError::GameOver(outcome))
    );
}

#[test]
fn only_the_player_to_move_plays() {
    let mut game = Position::new(Variant::Standard);
    assert_eq!(
        game.play_as(Color::Black, push("b1 c2")),
        Err(PlayError::NotYourTurn {
            to_move: Color::White
        })
    );
}

#[test]
fn notation_errors_say_what_is_wrong() {
    let mut game = crossing_rows();
    let message =
        |game: &mut Position, text: &str| game.play_notation(text).unwrap_err().to_string();
    let mut before = position(
        Variant::Tournament,
        "b2 w, c2 w, d2 W, e3 w, e4 w, e5 w, h5 W, b5 B",
    );
    assert_eq!(
        message(&mut before, "a2-e2"),
        "the removals written do not match the rows here; the legal turns with this push are \
         `a2-e2;xGe2,e3,e4,e5`, `a2-e2;xb2,c2,d2,Ge2`, `a2-e2;xb2,c2,d2,Ge2,e3,e4,e5`, `a2-e2;xb2,c2,d2,e3,e4,e5`"
    );
    assert!(message(&mut before, "a2-e2;xb2,c2,d2,e2,e3,e4,e5").contains("e2 held a GIPF-piece"));
    assert!(
        message(&mut before, "a2-e2;xGe2,e3,e4,e5 (9)")
            .contains("reserve after this turn is 12, not 9")
    );
    assert!(message(&mut before, "a2-d2").contains("written `a2-e2`"));
    assert!(message(&mut before, "e5").contains("e5 is occupied"));
    assert!(message(&mut before, "a2-c3").contains("not on a line entered from a2"));
    assert!(
        message(&mut game, "b1-c2").contains("first comes"),
        "{}",
        message(&mut game, "b1-c2")
    );
    assert!(message(&mut before, "a2-e2;").contains("nothing on one side"));
}

#[test]
fn the_notation_examples_of_rules_md_play_as_written() {
    // `Ge8`, `Gd8-f7`, `b6-f5`, `xe7,e8;c7-e7`, `h6-c4;xc6*,d6,f5,g4` and
    // `g1-e3;xf2,f3,f5,Gf6*,f7` are turns of the shared record (tests/record.rs). The last:
    let mut setup = Setup::new(Variant::Standard);
    setup
        .place_all("b4 w, c4 w, d4 W, e4 B, f3 b, h5 W, b2 B")
        .unwrap();
    setup.played = ByColor::splat(true);
    setup.reserve = ByColor::new(3, 5);
    let mut game = Position::from_setup(&setup).unwrap();
    let done = game
        .play_notation("a4-g2;xd4,c4,b4,Ge4,g2*,Gf3* (7)")
        .unwrap();
    assert_eq!(
        format!("{:#}", done.by(Color::White).unwrap()),
        "a4-g2;xb4,c4,d4,Ge4,Gf3*,g2* (7)"
    );
    assert_eq!(game.reserve(Color::White), 7);
    assert_eq!(game.lost(Color::Black), 3);
    assert!((game.occupied() & spots("b4 c4 d4 e4 f3 g2")).is_empty());
    assert_eq!(game.outcome(), None, "both still have a GIPF-piece");
}

#[test]
fn a_spot_emptied_at_the_start_and_again_after_the_push_is_marked_per_group() {
    // White starts with a row on the long diagonal, extended by Black's g5 and h5; his push
    // onto the emptied h5 then completes column h. h5 is captured in the first group and
    // White's own in the second: each group's marks are checked against its own removal.
    let game = position(
        Variant::BASIC,
        "c3 w, d4 w, e5 w, f5 w, g5 b, h5 b, h2 w, h3 w, h4 w",
    );
    // The start row shares nothing with another, so it is already gone.
    assert_eq!(game.current_turn().start.spots, spots("c3 d4 e5 f5 g5 h5"));
    let written = "xc3,d4,e5,f5,g5*,h5*;h5;xh2,h3,h4,h5 (15)";
    let mut played = game;
    let done = played.play_notation(written).unwrap();
    assert_eq!(format!("{:#}", done.by(Color::White).unwrap()), written);
    assert_eq!(played.lost(Color::Black), 2);
    assert!((played.occupied() & spots("c3 d4 e5 f5 g5 h2 h3 h4 h5")).is_empty());

    for wrong in [
        "xc3,d4,e5,f5,g5*,h5;h5;xh2,h3,h4,h5",
        "xc3,d4,e5,f5,g5*,h5*;h5;xh2,h3,h4,h5*",
    ] {
        let mut refused = game;
        let error = refused.play_notation(wrong).unwrap_err().to_string();
        assert!(error.starts_with("h5 held"), "{wrong}: {error}");
        assert_eq!(refused, game, "a refused turn changes nothing");
    }
}
