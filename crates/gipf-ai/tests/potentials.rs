//! The engine in games with potentials and Ultimate GIPF: every answer a legal complete turn,
//! wins taken and losses avoided with each power, deadlines kept, answers stable.

use std::time::{Duration, Instant};

use gipf::potentials::{Action, Game, Options, Potential, Turn};
use gipf::random::Rng;
use gipf::{Color, Variant};
use gipf_ai::{Engine, Level, Limits, Request};

/// Ultimate, and each game with a mixed supply, every power among them.
fn games() -> Vec<Options> {
    let mut list = vec![Options::ultimate()];
    for (variant, spec) in [
        ("basic", "Z3,D3,P3"),
        ("standard", "Z3,D3,Y3,P3/Z3,D3,Y3,T3"),
        ("tournament", "T3,Z3,Y3,P3"),
    ] {
        list.push(Options::parse(variant, Some(spec)).expect("a valid supply"));
    }
    list
}

/// A game after up to `decisions` random decisions (any pending question, mid-turn ones
/// included), stopping before the game would end.
fn random_game(options: Options, seed: u64, decisions: usize) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(options);
    for _ in 0..decisions {
        let legal = game.legal_decisions();
        let Some(&decision) = legal.get(rng.below(legal.len().max(1))) else {
            break;
        };
        let mut next = game.clone();
        if next.play(decision).is_err() || next.outcome().is_some() {
            break;
        }
        game = next;
    }
    game
}

#[test]
fn every_answer_is_a_legal_complete_turn_leading_to_its_game() {
    let mut engine = Engine::with_table_megabytes(4);
    let mut checked = 0;
    let mut replayed = 0;
    for options in games() {
        for seed in 0..25u64 {
            let game = random_game(options, seed, (seed as usize * 11) % 120);
            let request = match seed % 3 {
                0 => Request::level(Level::Easy).with_seed(seed),
                1 => Request::limits(Limits::depth(2)),
                _ => Request::millis(20),
            };
            let thought = engine.think_game(&game, &request).expect("in progress");
            let legal = game.legal_turns();
            assert!(
                legal
                    .iter()
                    .any(|(_, after)| after.key() == thought.after.key()),
                "{options} seed {seed}: {thought} is not a legal turn"
            );
            assert_eq!(thought.turn.color, game.to_move());
            // From the start of a turn (where a replayed record rests), the notation the
            // bot plays replays to the same game.
            if game.before_action() || at_turn_start(&game) {
                let mut again = game.clone();
                again
                    .play_notation(&thought.turn.to_string())
                    .unwrap_or_else(|e| panic!("{options} seed {seed}: {thought}: {e}"));
                assert_eq!(again.key(), thought.after.key());
                replayed += 1;
            }
            assert!(!thought.reason.is_empty());
            checked += 1;
        }
    }
    assert_eq!(checked, 100);
    assert!(replayed > 50, "{replayed}");
}

/// Whether nothing of the turn of the player to move has been played yet.
fn at_turn_start(game: &Game) -> bool {
    let turn = game.current_turn();
    turn.action.is_none() && turn.before.iter().all(Vec::is_empty)
}

/// The power a turn uses: a potential move's kind, or TAMSK for a push that set one off.
fn power(turn: &Turn) -> Option<Potential> {
    match &turn.action {
        Some(Action::Move { kind, .. }) => Some(*kind),
        Some(Action::Push { extras, .. }) if !extras.is_empty() => Some(Potential::Tamsk),
        _ => None,
    }
}

/// Games from random play, at the start of a turn, where the mover has a turn using
/// `kind` that ends the game at once (won or lost by `mover_wins`) and a turn that does
/// not end it that way.
fn decisive_with(kind: Potential, mover_wins: bool, wanted: usize) -> Vec<Game> {
    let mut found = Vec::new();
    'games: for seed in 0..4000u64 {
        let options = games()[seed as usize % 4];
        let mut rng = Rng::new(seed * 7919 + 13);
        let mut game = Game::new(options);
        while game.outcome().is_none() && game.plies() < 150 {
            if at_turn_start(&game) {
                let turns = game.legal_turns();
                let ends = |after: &Game| {
                    after
                        .outcome()
                        .is_some_and(|o| (o.winner == game.to_move()) == mover_wins)
                };
                let with_power = turns
                    .iter()
                    .any(|(turn, after)| power(turn) == Some(kind) && ends(after));
                if with_power && turns.iter().any(|(_, after)| !ends(after)) {
                    found.push(game.clone());
                    if found.len() == wanted {
                        break 'games;
                    }
                    continue 'games;
                }
            }
            let legal = game.legal_decisions();
            let _ = game.play(legal[rng.below(legal.len())]);
        }
    }
    found
}

#[test]
fn a_win_with_each_power_is_taken() {
    let mut engine = Engine::with_table_megabytes(4);
    for kind in Potential::ALL {
        let positions = decisive_with(kind, true, 3);
        assert!(!positions.is_empty(), "no win with {kind} found");
        for game in positions {
            // The easy level's depth and noise, without its clock (a loaded machine).
            let easy = Limits {
                time: None,
                ..Level::Easy.limits()
            };
            let thought = engine
                .think_game(&game, &Request::limits(easy).with_seed(5))
                .expect("in progress");
            let outcome = thought.after.outcome();
            assert_eq!(
                outcome.map(|o| o.winner),
                Some(game.to_move()),
                "{kind}: {thought} does not win"
            );
        }
    }
}

#[test]
fn a_loss_with_each_power_is_avoided() {
    let mut engine = Engine::with_table_megabytes(4);
    let mut seen = 0;
    for kind in Potential::ALL {
        for game in decisive_with(kind, false, 3) {
            let thought = engine
                .think_game(&game, &Request::limits(Limits::depth(1)))
                .expect("in progress");
            let lost = (thought.after.outcome()).is_some_and(|o| o.winner != game.to_move());
            assert!(!lost, "{kind}: {thought} loses at once");
            seen += 1;
        }
    }
    assert!(seen >= 3, "{seen} positions");
}

#[test]
fn the_deadline_is_kept_in_crowded_games() {
    let mut engine = Engine::with_table_megabytes(16);
    let budget = Duration::from_millis(150);
    for options in games() {
        for seed in [3u64, 8] {
            let game = random_game(options, seed, 90);
            let started = Instant::now();
            let thought = engine.think_game(&game, &Request::limits(Limits::time(budget)));
            let spent = started.elapsed();
            assert!(thought.is_ok(), "{options} seed {seed}");
            assert!(
                spent < budget + Duration::from_millis(150),
                "{options} seed {seed}: {spent:?}"
            );
        }
    }
}

#[test]
fn a_fixed_seed_and_depth_give_the_same_answer() {
    for options in games() {
        let game = random_game(options, 2, 30);
        let answer = |seed: u64| {
            let mut engine = Engine::with_table_megabytes(2);
            let request = Request::limits(Limits::depth(2));
            let plain = engine.think_game(&game, &request).expect("in progress");
            engine.clear();
            // The easy level's noise, without its clock: depth and seed alone decide.
            let easy = Limits {
                time: None,
                ..Level::Easy.limits()
            };
            let noisy = (engine.think_game(&game, &Request::limits(easy).with_seed(seed)))
                .expect("in progress");
            (plain.turn.to_string(), noisy.turn.to_string())
        };
        assert_eq!(answer(9), answer(9), "{options}");
    }
}

#[test]
fn a_game_without_potentials_plays_as_the_base_game_engine() {
    // The one door searches it on `Position`: the same turn as asking there directly.
    let mut engine = Engine::with_table_megabytes(4);
    for variant in [Variant::BASIC, Variant::Standard, Variant::Tournament] {
        for seed in 0..6u64 {
            let game = random_game(Options::plain(variant), seed, 40);
            let position = gipf::Position::try_from(&game).expect("no potentials");
            let request = Request::limits(Limits::depth(2));
            engine.clear();
            let base = engine.think(&position, &request).expect("in progress");
            engine.clear();
            let thought = engine.think_game(&game, &request).expect("in progress");
            assert_eq!(gipf::Position::try_from(&thought.after), Ok(base.after));
            assert_eq!(
                (thought.evaluation, thought.depth),
                (base.evaluation, base.depth)
            );
            assert_eq!(
                thought.turn.color,
                Color::ALL[usize::from(position.to_move() == Color::Black)]
            );
        }
    }
}
