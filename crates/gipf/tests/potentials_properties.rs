//! Random games with potentials: they replay through their notation, pieces and potentials
//! are never created or lost, and without potentials the rules are those of `Position`.
#![allow(clippy::unwrap_used)]

use gipf::potentials::{Decision, Game, Options, Potential, Supply};
use gipf::random::Rng;
use gipf::{ByColor, Color, Point, Position, Variant};

/// A random game with potentials: one of the four games, random supplies within the caps.
fn random_options(rng: &mut Rng) -> Options {
    let variant = [Variant::BASIC, Variant::Standard, Variant::Tournament][rng.below(3)];
    if rng.below(4) == 0 {
        return Options::ultimate();
    }
    let supply = |rng: &mut Rng| {
        let mut s = Supply::default();
        for kind in Potential::ALL {
            s[kind] = [0, 3, 4][rng.below(3)];
        }
        s
    };
    let white = supply(rng);
    let black = if rng.below(2) == 0 {
        white
    } else {
        supply(rng)
    };
    Options::new(variant, ByColor::new(white, black)).unwrap_or_else(|_| {
        Options::new(variant, ByColor::splat(Supply::parse("T3,Z3,D3").unwrap())).unwrap()
    })
}

fn check_invariants(game: &Game, start: &Game) {
    for color in Color::ALL {
        assert_eq!(
            game.total(color),
            start.total(color),
            "basic pieces of {color}"
        );
        let supply = game.supply(color);
        let potentials =
            supply.total() + game.potentials_on_board(color) + game.out_of_game(color) as u32;
        assert_eq!(
            potentials,
            start.supply(color).total(),
            "potentials of {color}"
        );
        for kind in Potential::ALL {
            assert!(
                supply[kind] <= start.supply(color)[kind],
                "a potential came back"
            );
        }
        for (spot, stack) in game.stacks() {
            assert!(stack.is_valid(), "{spot}: {stack}");
        }
    }
}

/// Plays random decisions until the game ends or `plies` turns; every completed turn must
/// replay from its start through its printed notation to the same game.
fn random_game(seed: u64, plies: u16) -> (Game, u32, u32) {
    let mut rng = Rng::new(seed);
    let options = random_options(&mut rng);
    let start = Game::new(options);
    let mut game = start.clone();
    let mut turn_start = game.clone();
    let mut powers = 0;
    let mut tamsk = 0;
    while game.outcome().is_none() && game.plies() < plies {
        let decisions = game.legal_decisions();
        assert!(
            !decisions.is_empty(),
            "a live game always has a legal decision"
        );
        // Prefer potential moves and loaded pushes now and then, so powers get used.
        let moves: Vec<_> = decisions
            .iter()
            .filter(|d| matches!(d, Decision::Move { .. }))
            .collect();
        // And pushes that move a TAMSK piece onto e5.
        let triggers: Vec<_> = decisions
            .iter()
            .filter(|d| {
                matches!(d, Decision::Push { .. }) && {
                    let mut next = game.clone();
                    next.play(**d).is_ok() && next.pending() == gipf::potentials::Pending::Tamsk
                }
            })
            .collect();
        let decision = if !triggers.is_empty() {
            *triggers[rng.below(triggers.len())]
        } else if !moves.is_empty() && rng.below(2) == 0 {
            powers += 1;
            *moves[rng.below(moves.len())]
        } else {
            decisions[rng.below(decisions.len())]
        };
        let done = game.play(decision).unwrap();
        tamsk += (game.pending() == gipf::potentials::Pending::Tamsk) as u32;
        check_invariants(&game, &start);
        if done.is_empty() {
            continue;
        }
        let mut replayed = turn_start.clone();
        for turn in &done {
            let line = format!("{turn:#}");
            replayed.play_notation(&line).unwrap_or_else(|e| {
                panic!("seed {seed} ({options}): `{line}` does not replay: {e}")
            });
        }
        assert_eq!(
            replayed, game,
            "seed {seed}: the replay differs after {}",
            done[0]
        );
        turn_start = game.clone();
    }
    (game, powers, tamsk)
}

#[test]
fn random_games_with_potentials_replay_and_conserve() {
    let mut ended = 0;
    let mut powers = 0;
    let mut tamsk = 0;
    for seed in 0..60 {
        let (game, used, triggers) = random_game(seed, 120);
        ended += game.outcome().is_some() as u32;
        powers += used;
        tamsk += triggers;
    }
    assert!(tamsk > 3, "only {tamsk} TAMSK triggers");
    assert!(ended > 10, "only {ended} games ended");
    assert!(powers > 100, "only {powers} potential moves were played");
}

#[test]
fn refused_decisions_change_nothing() {
    let mut rng = Rng::new(7);
    let mut game = Game::new(Options::ultimate());
    let spots: Vec<Point> = Point::all().collect();
    let entries: Vec<_> = gipf::Entry::all().collect();
    for _ in 0..3000 {
        if game.outcome().is_some() {
            game = Game::new(Options::ultimate());
        }
        let wild = match rng.below(4) {
            0 => Decision::Move {
                kind: Potential::ALL[rng.below(5)],
                from: spots[rng.below(spots.len())],
                to: spots[rng.below(spots.len())],
            },
            1 => Decision::Extra(entries[rng.below(entries.len())]),
            2 => Decision::Take(Point::spots().filter(|_| rng.below(6) == 0).collect()),
            _ => Decision::Push {
                entry: entries[rng.below(entries.len())],
                piece: gipf::potentials::PieceKind::Loaded(Potential::ALL[rng.below(5)]),
            },
        };
        let before = game.clone();
        if game.play(wild).is_err() {
            assert_eq!(game, before);
        }
        let legal = game.legal_decisions();
        if !legal.is_empty() {
            game.play(legal[rng.below(legal.len())]).unwrap();
        }
    }
}

#[test]
fn without_potentials_random_games_follow_position() {
    for seed in 0..40 {
        let mut rng = Rng::new(1000 + seed);
        let variant = [Variant::BASIC, Variant::Standard, Variant::Tournament][rng.below(3)];
        let mut position = Position::new(variant);
        let mut game = Game::new(Options::plain(variant));
        while position.outcome().is_none() {
            let decisions = position.legal_decisions();
            let done = position
                .play(decisions[rng.below(decisions.len())])
                .unwrap();
            for turn in done.iter() {
                let played = game
                    .play_notation(&format!("{turn:#}"))
                    .unwrap_or_else(|e| panic!("seed {seed} {variant}: `{turn:#}`: {e}"));
                // Written back in the base game's notation, the turn reads as Position's.
                let written: Vec<String> = played
                    .iter()
                    .map(|t| format!("{:#}", t.base_notation()))
                    .collect();
                assert_eq!(written, [format!("{turn:#}")], "seed {seed} {variant}");
                let short: Vec<String> = played
                    .iter()
                    .map(|t| t.base_notation().to_string())
                    .collect();
                assert_eq!(short, [turn.to_string()], "seed {seed} {variant}");
            }
        }
        for color in Color::ALL {
            assert_eq!(game.reserve(color), position.reserve(color));
            assert_eq!(game.lost(color), position.lost(color));
            assert_eq!(game.pieces(color), position.pieces(color));
            assert_eq!(
                game.gipf_pieces(color),
                position.pieces(color) & position.gipf_pieces()
            );
        }
        let (a, b) = (game.outcome().unwrap(), position.outcome().unwrap());
        assert_eq!(a.winner, b.winner, "seed {seed}");
    }
}

#[test]
fn without_potentials_perft_3_is_position_s() {
    for variant in [Variant::Standard, Variant::Tournament] {
        assert_eq!(
            Game::new(Options::plain(variant)).perft(3),
            Position::new(variant).perft(3),
            "{variant}"
        );
    }
}

#[test]
fn a_plain_decision_plays_the_same_on_the_machine_for_potentials_and_converts_to_position() {
    use gipf::potentials::Decision;
    let mut played = 0;
    for seed in 0..60 {
        let mut rng = Rng::new(5000 + seed);
        let variant = [Variant::BASIC, Variant::Standard, Variant::Tournament][rng.below(3)];
        let mut position = Position::new(variant);
        let mut game = Game::new(Options::plain(variant));
        while position.outcome().is_none() {
            let decisions = position.legal_decisions();
            let decision = decisions[rng.below(decisions.len())];
            position.play(decision).unwrap();
            game.play(Decision::from(decision))
                .unwrap_or_else(|e| panic!("seed {seed} {variant}: {decision:?}: {e}"));
            played += 1;
            for color in Color::ALL {
                assert_eq!(game.pieces(color), position.pieces(color), "seed {seed}");
                assert_eq!(game.reserve(color), position.reserve(color), "seed {seed}");
            }
            assert_eq!(game.to_move(), position.to_move(), "seed {seed}");
            // The whole state moves onto the base game's machine: the engine searches it
            // there.
            assert_eq!(Position::try_from(&game), Ok(position), "seed {seed}");
        }
        assert_eq!(
            game.outcome().map(|o| o.winner),
            position.outcome().map(|o| o.winner),
            "seed {seed}"
        );
    }
    assert!(played > 1_500, "{played} decisions");
}

#[test]
fn without_potentials_a_row_with_no_choice_goes_before_the_choice_is_asked() {
    use gipf::potentials::{Pending, Setup};
    // Two separate rows of White's, one with a GIPF-piece: the base game takes the other
    // first and then asks about the GIPF-piece, whichever row comes first along the lines.
    for pieces in [
        "b2 w, b3 W, b4 w, b5 w, h2 w, h3 w, h4 w, h5 w, e8 B",
        "b2 w, b3 w, b4 w, b5 w, h2 w, h3 W, h4 w, h5 w, e8 B",
    ] {
        let mut setup = gipf::Setup::new(Variant::Standard);
        setup.place_all(pieces).unwrap();
        let position = Position::from_setup(&setup).unwrap();
        let mut setup = Setup::new(Options::plain(Variant::Standard));
        setup
            .place_all(&pieces.replace(" ", ":").replace(",:", " "))
            .unwrap();
        let game = Game::from_setup(&setup);
        let gipf::Pending::TakeGipf { row, gipf } = position.pending() else {
            panic!("{pieces}: {}", position.pending());
        };
        let optional = gipf;
        assert_eq!(
            game.pending(),
            Pending::Remove { row, optional },
            "{pieces}"
        );
        assert_eq!(game.pieces(Color::White), position.pieces(Color::White));
        assert_eq!(game.reserve(Color::White), position.reserve(Color::White));
    }
}
