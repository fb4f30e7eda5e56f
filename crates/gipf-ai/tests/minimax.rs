//! With its table, late move reductions, quiescence and noise off, the search scores a
//! position exactly as plain minimax does, and picks the best turn when only one is best.
//!
//! What stays on is what cannot change a score: principal variation search with its null
//! windows, alpha-beta cut-offs, and the ordering of turns (captures, killers, history).
//! The test checks that they do not: the pruned, ordered search must find the value of
//! the full tree.

mod common;

use std::collections::HashMap;
use std::time::Instant;

use common::{VARIANTS, random_position};
use gipf::random::Rng;
use gipf::{Bitboard, Decision, Pending, Position, Stage, Variant};
use gipf_ai::score::{INFINITY, WIN};
use gipf_ai::{Engine, Limits, Request, Score, Tuning, Weights, evaluate};

/// The search with everything that may change a score switched off (a search to a fixed
/// depth has no noise).
fn plain_engine() -> Engine {
    Engine::with_table_megabytes(1).with_tuning(Tuning {
        table: false,
        reductions: false,
        quiescence: 0,
        ..Tuning::default()
    })
}

/// The answers to the pending question that the search considers: all of them, except
/// that of the GIPF-pieces of a removed row it tries only three choices (the opponent's
/// taken and one's own kept, all taken, none taken; see the crate README), so plain
/// minimax must play the same game.
fn answers(position: &Position) -> Vec<Decision> {
    match position.pending() {
        Pending::TakeGipf { gipf, .. } => {
            let theirs = gipf & position.pieces(!position.to_move());
            let mut choices = vec![Decision::Take(theirs)];
            for take in [gipf, Bitboard::EMPTY] {
                if !choices.contains(&Decision::Take(take)) {
                    choices.push(Decision::Take(take));
                }
            }
            choices
        }
        _ => position.legal_decisions(),
    }
}

/// Every position one complete turn of the player to move away, each once: his decisions
/// are played one by one until the move passes or the game ends. Positions are told apart
/// by their Zobrist key, as the search tells them apart: two turns may leave the same game
/// with different records of the opponent's removals so far (which of his pieces were
/// captured on the way), and the record decides nothing.
fn children(position: &Position) -> Vec<Position> {
    let mover = position.to_move();
    let mut found = HashMap::new();
    let mut unfinished = vec![*position];
    while let Some(partial) = unfinished.pop() {
        for decision in answers(&partial) {
            let mut next = partial;
            next.play(decision).expect("a legal decision");
            if next.outcome().is_none() && next.to_move() == mover {
                unfinished.push(next);
            } else {
                found.entry(next.zobrist()).or_insert(next);
            }
        }
    }
    found.into_values().collect()
}

/// The score of a position after `mover`'s turn, for him, `ply` turns below the root.
fn child_score(child: &Position, mover: gipf::Color, depth: i32, ply: i32) -> Score {
    match child.outcome() {
        // The search's scores for a finished game: the sooner won, the better.
        Some(outcome) if outcome.winner == mover => WIN - ply,
        Some(_) => -(WIN - ply),
        None => -minimax(child, depth, ply),
    }
}

/// Plain negamax over complete turns, `depth` turns deep: the evaluation at the leaves,
/// every turn searched. A leaf whose player must still choose rows or GIPF-pieces at the
/// start of his turn is searched one turn more, as the search does (it judges positions
/// only once their pending removals are resolved).
fn minimax(position: &Position, depth: i32, ply: i32) -> Score {
    if depth <= 0 && position.stage() == Stage::Push {
        return evaluate(position, &Weights::default());
    }
    let depth = depth.max(1);
    let mover = position.to_move();
    children(position)
        .iter()
        .map(|child| child_score(child, mover, depth - 1, ply + 1))
        .max()
        .unwrap_or(-INFINITY)
}

/// Each turn at the root with its minimax score, `depth` turns deep (the turn included).
fn root_scores(position: &Position, depth: i32) -> Vec<(Position, Score)> {
    let mover = position.to_move();
    children(position)
        .into_iter()
        .map(|child| {
            let score = child_score(&child, mover, depth - 1, 1);
            (child, score)
        })
        .collect()
}

/// Compares the search with minimax on `position`; returns whether the best turn was
/// unique (and so compared too).
fn check(engine: &mut Engine, position: &Position, depth: u32, label: &str) -> bool {
    let scores = root_scores(position, depth as i32);
    assert!(!scores.is_empty(), "{label}: no turn");
    let thought = engine
        .think(position, &Request::limits(Limits::depth(depth)))
        .expect("a game in progress");
    if scores.len() == 1 {
        // A forced turn is not searched: it is judged one turn deep.
        let only = root_scores(position, 1);
        assert_eq!(thought.evaluation, only[0].1, "{label}: forced turn");
        assert_eq!(
            thought.after.zobrist(),
            only[0].0.zobrist(),
            "{label}: forced"
        );
        return true;
    }
    let best = scores.iter().map(|(_, s)| *s).max().unwrap_or(-INFINITY);
    assert_eq!(thought.evaluation, best, "{label}: {thought}");
    // Positions are told apart as the search tells them, by key.
    let best_turns: Vec<u64> = scores
        .iter()
        .filter(|(_, s)| *s == best)
        .map(|(p, _)| p.zobrist())
        .collect();
    assert!(
        best_turns.contains(&thought.after.zobrist()),
        "{label}: {thought} is not one of the best turns"
    );
    best_turns.len() == 1
}

/// A position from the first 10% to 70% of a seeded random game (by decisions), one
/// still open, unlike those about to end; `mid_turn` asks for one where the player to move
/// must choose rows or GIPF-pieces (`None` if the game has none there).
fn mid_game(variant: Variant, seed: u64, mid_turn: bool) -> Option<Position> {
    let mut rng = Rng::new(seed);
    let mut game = vec![Position::new(variant)];
    let mut position = game[0];
    while let Some(decision) = position.random_decision(&mut rng) {
        position.play(decision).expect("a legal decision");
        game.push(position);
    }
    let window = &game[game.len() / 10..game.len() * 7 / 10];
    if mid_turn {
        return window.iter().find(|p| p.stage() != Stage::Push).copied();
    }
    window.get(rng.below(window.len())).copied()
}

/// Positions of all three games, `count_per_game` of each, at a push or mid-turn.
fn positions(
    count_per_game: usize,
    seed_base: u64,
    mid_turn: bool,
) -> Vec<(Variant, u64, Position)> {
    let mut out = Vec::new();
    for variant in VARIANTS {
        let found = (seed_base..seed_base + 500)
            .filter_map(|seed| Some((variant, seed, mid_game(variant, seed, mid_turn)?)))
            .take(count_per_game);
        out.extend(found);
    }
    assert_eq!(out.len(), 3 * count_per_game);
    out
}

#[test]
fn the_plain_search_finds_the_minimax_score_two_turns_deep() {
    let start = Instant::now();
    let mut engine = plain_engine();
    let mut unique = 0;
    // 30 positions at a push, and 6 where rows or GIPF-pieces are still to choose.
    let chosen = [positions(10, 100, false), positions(2, 100, true)].concat();
    for (variant, seed, position) in &chosen {
        let label = format!("{variant} seed {seed}, depth 2");
        unique += usize::from(check(&mut engine, position, 2, &label));
    }
    assert!(
        unique >= 20,
        "only {unique} positions with a single best turn"
    );
    eprintln!(
        "depth 2: {} positions, {unique} with a single best turn, {:?}",
        chosen.len(),
        start.elapsed()
    );
}

#[test]
fn the_plain_search_finds_the_minimax_score_three_turns_deep() {
    let start = Instant::now();
    let mut engine = plain_engine();
    let mut unique = 0;
    let chosen = [positions(3, 200, false), positions(1, 200, true)].concat();
    for (variant, seed, position) in &chosen {
        let label = format!("{variant} seed {seed}, depth 3");
        unique += usize::from(check(&mut engine, position, 3, &label));
    }
    assert!(
        unique >= 6,
        "only {unique} positions with a single best turn"
    );
    eprintln!(
        "depth 3: {} positions, {unique} with a single best turn, {:?}",
        chosen.len(),
        start.elapsed()
    );
}

#[test]
fn the_plain_search_finds_the_minimax_score_four_turns_deep() {
    // Late move reductions act only in a node searched three turns deep or more, so only
    // from four turns at the root: here the switch matters. With reductions on, the search
    // scored each of these three positions otherwise than minimax when this was written.
    let start = Instant::now();
    let mut engine = plain_engine();
    for (variant, seed, position) in positions(1, 400, false) {
        let label = format!("{variant} seed {seed}, depth 4");
        check(&mut engine, &position, 4, &label);
    }
    eprintln!("depth 4: 3 positions, {:?}", start.elapsed());
}

#[test]
fn every_turn_is_scored_as_minimax_scores_it() {
    // `score_turns` searches every root turn with the full window: each score is exact.
    let mut engine = plain_engine();
    let mut compared = 0;
    for (variant, seed, position) in positions(4, 300, false) {
        let expected = root_scores(&position, 2);
        let scored = engine.score_turns(&position, 2);
        assert_eq!(scored.len(), expected.len(), "{variant} seed {seed}");
        for (turn, after, score) in scored {
            let minimax = expected
                .iter()
                .find(|(p, _)| p.zobrist() == after.zobrist())
                .map(|(_, s)| *s)
                .unwrap_or_else(|| panic!("{variant} seed {seed}: {turn} is not a turn"));
            assert_eq!(score, minimax, "{variant} seed {seed}: {turn}");
            compared += 1;
        }
    }
    assert!(compared > 300, "{compared}");
}

#[test]
fn the_turns_walked_are_legal_turns_and_all_of_them_in_the_basic_game() {
    // Only choices among GIPF-pieces are left out: in the basic game, without them, the
    // walk above gives exactly the positions after the rules crate's legal turns.
    for variant in VARIANTS {
        for seed in 0..20 {
            let position = random_position(variant, seed, (seed as usize * 37) % 120);
            let mut ours: Vec<u64> = children(&position).iter().map(Position::zobrist).collect();
            let mut legal: Vec<u64> = position
                .legal_turns()
                .iter()
                .map(|(_, after)| after.zobrist())
                .collect();
            ours.sort_unstable();
            legal.sort_unstable();
            legal.dedup();
            assert!(
                ours.iter().all(|key| legal.binary_search(key).is_ok()),
                "{variant} seed {seed}"
            );
            if !variant.has_gipf_pieces() {
                assert_eq!(ours, legal, "{variant} seed {seed}");
            }
        }
    }
}
