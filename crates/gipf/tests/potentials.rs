//! `docs/potentials.md`: every worked example, the rulings around them, and the refusals.
#![allow(clippy::unwrap_used)]

use gipf::potentials::{Game, LineError, Options, Pending, PlayError, Potential, Setup};
use gipf::{Color, Point, Reason, Variant};

/// A game from a board, White to move, with both supplies `supply`.
fn game(variant: &str, supply: &str, board: &str) -> Game {
    let mut setup = Setup::new(Options::parse(variant, Some(supply)).unwrap());
    setup.place_all(board).unwrap();
    Game::from_setup(&setup)
}

fn board(game: &Game) -> String {
    let stacks: Vec<String> = game.stacks().map(|(p, s)| format!("{p}:{s}")).collect();
    stacks.join(" ")
}

fn spots(text: &str) -> gipf::Bitboard {
    text.split_whitespace()
        .map(|s| s.parse::<Point>().unwrap())
        .collect()
}

/// Plays a line, and checks the board after it.
fn plays(game: &mut Game, line: &str, after: &str) {
    let done = game
        .play_notation(line)
        .unwrap_or_else(|e| panic!("{line}: {e}"));
    assert_eq!(done[0].to_string(), line.split(" (").next().unwrap());
    assert_eq!(board(game), after, "after {line}");
}

fn refused(game: &Game, line: &str) -> LineError {
    let mut copy = game.clone();
    let error = copy.play_notation(line).expect_err(line);
    assert_eq!(&copy, game, "{line} changed the game");
    error
}

#[test]
fn gen_8_a_row_of_gipf_pieces_with_a_loaded_piece_must_be_broken() {
    let mut setup = Setup::new(Options::parse("tournament", Some("Z3")).unwrap());
    setup
        .place_all("b2:W c3:W e5:W f5:W d3:wZ d2:b g6:B")
        .unwrap();
    let start = Game::from_setup(&setup);
    for legal in ["d1-d4;xZd4", "d1-d4;xGc3", "d1-d4;xGe5", "d1-d4;xGb2,Gf5"] {
        let mut game = start.clone();
        game.play_notation(legal)
            .unwrap_or_else(|e| panic!("{legal}: {e}"));
    }
    let mut game = start.clone();
    game.play_notation("d1-d4;xZd4").unwrap();
    assert_eq!(
        game.reserve(Color::White),
        18,
        "the basic piece back, the ZÈRTZ out"
    );
    assert_eq!(game.stack(Point::D4), None);
    for illegal in ["d1-d4", "d1-d4;xGb2"] {
        let error = refused(&start, illegal);
        assert!(
            matches!(error, LineError::Removals { before: false, .. }),
            "{illegal}: {error}"
        );
    }
    // In decisions: the unbroken choice names its four spots.
    let mut game = start.clone();
    game.play(gipf::potentials::Decision::Push {
        entry: "d1 d2".parse().unwrap(),
        piece: gipf::potentials::PieceKind::Basic,
    })
    .unwrap();
    let Pending::Remove { optional, .. } = game.pending() else {
        panic!("{:?}", game.pending());
    };
    assert_eq!(optional, spots("b2 c3 d4 e5 f5"));
    let error = game
        .play(gipf::potentials::Decision::Take(spots("b2")))
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "the row would not be broken: c3 d4 e5 f5 still hold 4 of its pieces in a row"
    );
}

#[test]
fn zertz_example_1_jumps_over_both_gipf_pieces() {
    let mut game = game("standard", "Z3", "c3:wZ c4:B c5:W b2:B b5:W");
    assert_eq!(game.targets(Potential::Zertz, Point::C3), spots("c6"));
    let error = refused(&game, "Zc3>c7");
    assert_eq!(
        error.to_string(),
        "c7 is not a target: from c3 the ZÈRTZ can land on c6"
    );
    plays(&mut game, "Zc3>c6", "b2:B b5:W c3:w c4:B c5:W c6:wz");
}

#[test]
fn zertz_example_2_a_line_to_a_dot_gives_no_move() {
    let game = game("basic", "Z3", "b4:wZ b5:b");
    assert!(game.targets(Potential::Zertz, Point::B4).is_empty());
    assert!(game.potential_moves().is_empty());
}

#[test]
fn zertz_example_3_lands_in_a_row() {
    let mut game = game("basic", "Z3", "c3:wZ d4:b e4:b e6:w e7:w e8:w");
    let reserve = game.reserve(Color::White);
    plays(&mut game, "Zc3>e5;xe4*,ue5,e6,e7,e8", "c3:w d4:b");
    assert_eq!(game.reserve(Color::White), reserve + 3);
    assert_eq!(game.lost(Color::Black), 1);
}

#[test]
fn yinsh_example_1_slides_over_empty_spots_only() {
    let mut game = game("basic", "Y3", "d2:wY d5:b");
    let targets = game.targets(Potential::Yinsh, Point::D2);
    assert!(targets.contains(Point::D3) && targets.contains(Point::D4));
    assert!(!targets.contains(Point::D6));
    assert!(
        refused(&game, "Yd2>d6")
            .to_string()
            .starts_with("d6 is not a target")
    );
    plays(&mut game, "Yd2>d4", "d2:w d4:wy d5:b");
}

#[test]
fn yinsh_example_2_captures() {
    let mut game = game("basic", "Y3", "b2:wY e2:w e3:w e4:w e6:b");
    let reserve = game.reserve(Color::White);
    plays(&mut game, "Yb2>e5;xe2,e3,e4,ue5,e6*", "b2:w");
    assert_eq!(game.reserve(Color::White), reserve + 3);
    assert_eq!(game.lost(Color::Black), 1);
}

#[test]
fn dvonn_example_1_only_the_used_dvonn_leaves() {
    let mut game = game("basic", "D3", "b2:w c3:wD d4:b e5:w f5:b");
    let reserve = game.reserve(Color::White);
    plays(&mut game, "Dc3>d4;xb2,c3,ud4,e5,f5*", "d4:b");
    assert_eq!(game.reserve(Color::White), reserve + 3);
    assert_eq!(game.lost(Color::Black), 1);
}

#[test]
fn dvonn_example_2_stacks_alternate() {
    let mut setup = Setup::new(Options::parse("basic", Some("D3")).unwrap());
    setup.place_all("d4:b|wd e4:bD").unwrap();
    setup.to_move = Color::Black;
    let mut game = Game::from_setup(&setup);
    plays(&mut game, "De4>d4", "d4:b|wd|bd e4:b");
    assert_eq!(game.stack(Point::D4).unwrap().color(), Color::Black);
}

#[test]
fn dvonn_example_3_uncovering_makes_a_new_row_in_the_same_step() {
    let mut game = game("basic", "D3", "c3:w c4:w c5:w c6:w|bd d6:w e6:w f5:w");
    let reserve = game.reserve(Color::White);
    plays(&mut game, "c2;xc2,c3,c4,c5,uc6*;xc6,d6,e6,f5", "");
    assert_eq!(game.reserve(Color::White), reserve + 7);
}

#[test]
fn punct_example_1_and_its_refusals() {
    let mut game = game("basic", "P3", "e4:wP e5:bP f5:bP");
    plays(&mut game, "Pe4>e5", "e4:w e5:bP|wp f5:bP");
    plays(&mut game, "Pf5>e5", "e4:w e5:bP|wp|bp f5:b");
    for target in ["e5:b", "e5:bZ", "e5:w|bd"] {
        let game = self::game("basic", "P3,Z3,D3", &format!("e4:wP {target}"));
        let error = refused(&game, "Pe4>e5");
        assert_eq!(
            error.to_string(),
            "e5 is not a target: from e4 the PÜNCT has no move",
            "onto {target}"
        );
    }
}

#[test]
fn punct_example_2_converts_a_gipf_piece_reconstructed() {
    let mut game = game("standard", "P3", "b5:W d4:wP d5:B h2:B");
    plays(&mut game, "Pd4>d5", "b5:W d4:w d5:b|wp h2:B");
    assert_eq!(game.lost(Color::Black), 1);
    assert!(game.stack(Point::D5).unwrap().is_gipf());
    assert_eq!(game.gipf_pieces(Color::White), spots("b5 d5"));
    // Against the last GIPF-piece it wins at once.
    let mut last = self::game("standard", "P3", "b5:W d4:wP d5:B");
    last.play_notation("Pd4>d5").unwrap();
    let outcome = last.outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Color::White, Reason::NoGipf)
    );
}

#[test]
fn tamsk_example_1_the_extra_push_reconstructed() {
    let mut setup = Setup::new(Options::parse("basic", Some("T3")).unwrap());
    setup.place_all("e2:w e3:w e4:wT b5:b c5:b d5:b").unwrap();
    setup.reserve = gipf::ByColor::new(6, 12);
    let start = Game::from_setup(&setup);
    let mut game = start.clone();
    plays(
        &mut game,
        "e1-e5+a5-f4 (5)",
        "b5:wt c5:b d5:b e2:w e3:w e4:w e5:b f4:w",
    );
    assert_eq!(game.to_move(), Color::Black, "no row remains");
    let mut skip = start.clone();
    plays(&mut skip, "e1-e5+-;xe2,e3,e4,e5 (9)", "b5:b c5:b d5:b");
    // The push alone leaves the choice unanswered; a `+` with no trigger is refused.
    assert_eq!(
        refused(&start, "e1-e5").to_string(),
        LineError::TriggerUnanswered.to_string()
    );
    assert_eq!(refused(&start, "c2+-"), LineError::NoTrigger);
    // In decisions: the TAMSK question comes right after the push.
    let mut game = start.clone();
    game.play(gipf::potentials::Decision::Push {
        entry: "e1 e2".parse().unwrap(),
        piece: gipf::potentials::PieceKind::Basic,
    })
    .unwrap();
    assert_eq!(game.pending(), Pending::Tamsk);
}

#[test]
fn the_record_example_of_section_10() {
    let options = Options::parse("standard", Some("W:Z3,D3 B:Z3,D3")).unwrap();
    let mut game = Game::new(options);
    game.play_notation("Zc2 (11)").unwrap();
    game.play_notation("Dd7 (11)").unwrap();
    assert_eq!(game.supply(Color::White).to_string(), "Z2,D3");
    assert_eq!(game.supply(Color::Black).to_string(), "Z3,D2");
    assert_eq!(board(&game), "b2:B b5:W c2:wZ d7:bD e2:W e8:B h2:B h5:W");
    assert_eq!(
        game.play_notation("Zg2 (11)").unwrap_err(),
        LineError::Reserve {
            written: 11,
            actual: 10
        }
    );
}

#[test]
fn phases_loading_and_the_first_basic_piece() {
    let options = Options::parse("tournament", Some("Z3,Y3")).unwrap();
    let mut game = Game::new(options);
    assert_eq!(
        refused(&game, "Zb2").to_string(),
        PlayError::FirstPushMustBeGipf.to_string()
    );
    game.play_notation("Gb2").unwrap();
    game.play_notation("Gb5").unwrap();
    game.play_notation("Zc2").unwrap();
    // His first loaded piece ended his GIPF phase.
    assert_eq!(
        refused(
            &{
                let mut g = game.clone();
                g.play_notation("Gh2").unwrap();
                g
            },
            "Gc6"
        )
        .to_string(),
        PlayError::GipfPhaseOver.to_string()
    );
    game.play_notation("Gh2").unwrap();
    game.play_notation("c6").unwrap();
    assert!(
        game.supply(Color::White).is_empty(),
        "the first basic piece forfeits the supply"
    );
    game.play_notation("Yh5").unwrap();
    assert_eq!(
        refused(&game, "Yg6").to_string(),
        PlayError::BasicPhase.to_string()
    );
    assert_eq!(game.stack(Point::C2).unwrap().to_string(), "wZ");
}

#[test]
fn a_loaded_piece_is_named_where_it_is_not() {
    let game = game("basic", "Z3", "d4:wZ f5:wZ c3:w");
    assert_eq!(
        refused(&game, "Zc3>c6").to_string(),
        "c3 holds no ZÈRTZ-loaded piece of yours; yours are on d4 and f5"
    );
}

#[test]
fn no_legal_move_loses_and_an_empty_reserve_does_not_while_a_potential_moves() {
    let mut setup = Setup::new(Options::parse("basic", Some("Y3")).unwrap());
    setup.place_all("c3:wY e5:b").unwrap();
    setup.reserve = gipf::ByColor::new(0, 10);
    let game = Game::from_setup(&setup);
    assert_eq!(game.pending(), Pending::Action, "the YINSH can still move");
    let mut stuck = Setup::new(Options::parse("basic", Some("Y3")).unwrap());
    stuck.place_all("c3:w e5:b").unwrap();
    stuck.reserve = gipf::ByColor::new(0, 10);
    let outcome = Game::from_setup(&stuck).outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Color::Black, Reason::NoMove)
    );
}

#[test]
fn supplies_are_checked() {
    for (spec, message) in [
        ("Z:2", "0, or 3 to 6"),
        ("Z7", "0, or 3 to 6"),
        ("Z3,Z4", "named twice"),
        ("TZDYP:3", "more than his reserve"),
    ] {
        let error = Options::parse("standard", Some(spec))
            .unwrap_err()
            .to_string();
        assert!(error.contains(message), "{spec}: {error}");
    }
    assert!(Options::parse("ultimate", Some("Z3")).is_err());
    assert_eq!(
        Options::parse("ultimate", Some("W:T3,Z3,D3,Y3,P3 B:T3,Z3,D3,Y3,P3")).unwrap(),
        Options::ultimate()
    );
    assert_eq!(
        Options::parse("basic+3", Some("TZDYP:3")).unwrap().name(),
        "basic+3"
    );
}

#[test]
fn ultimate_perft_1_to_3() {
    let start = Game::new(Options::ultimate());
    assert_eq!(start.reserve(Color::White), 21);
    // Turn 3: a GIPF-piece, a basic piece or one of five loaded pieces, at 42 entries.
    assert_eq!(
        [1, 2, 3].map(|d| start.perft(d)),
        [42, 42 * 42, 42 * 42 * 42 * 7]
    );
}

#[test]
fn without_potentials_it_counts_what_position_counts() {
    for variant in [Variant::Standard, Variant::BASIC, Variant::Tournament] {
        let game = Game::new(Options::plain(variant));
        let position = gipf::Position::new(variant);
        for depth in 1..=2 {
            assert_eq!(
                game.perft(depth),
                position.perft(depth),
                "{variant} {depth}"
            );
        }
    }
}

#[test]
fn variant_independent_stack_codes_read_back() {
    for code in [
        "w", "W", "wZ", "wz", "wt", "b|wd", "bD|wd|bd", "bP|wp", "b|wp",
    ] {
        let stack: gipf::potentials::Stack = code.parse().unwrap();
        assert_eq!(stack.to_string(), code);
    }
    for bad in ["wZ|bd", "b|wp|bp", "w|wd", "W|bp", "wq", "b|bd"] {
        assert!(bad.parse::<gipf::potentials::Stack>().is_err(), "{bad}");
    }
}
