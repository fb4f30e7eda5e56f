//! Hot paths of the rules: `cargo bench -p gipf`.
#![allow(missing_docs, clippy::unwrap_used)]

use divan::{Bencher, black_box};
use gipf::random::Rng;
use gipf::{Decision, Position, Variant};

fn main() {
    divan::main();
}

/// The position after 18 plies of the shared tournament record.
fn midgame() -> Position {
    let record = include_str!("../tests/data/tournament-41-plies.gipf");
    let mut position = Position::new(Variant::Tournament);
    for line in record.lines().take(18) {
        position.play_notation(line).unwrap();
    }
    position
}

#[divan::bench]
fn legal_push_count(bencher: Bencher) {
    let position = midgame();
    bencher.bench(|| black_box(&position).legal_push_count());
}

#[divan::bench]
fn apply_push(bencher: Bencher) {
    let position = midgame();
    let decision = Decision::Push {
        entry: "a5-b5".parse().unwrap(),
        piece: gipf::Kind::Basic,
    };
    bencher.bench(|| {
        let mut next = *black_box(&position);
        next.play(decision).unwrap()
    });
}

#[divan::bench]
fn play_notation(bencher: Bencher) {
    let position = midgame();
    bencher.bench(|| {
        let mut next = *black_box(&position);
        next.play_notation(black_box("h6-c4;xc6*,d6,f5,g4"))
            .unwrap()
    });
}

#[divan::bench]
fn legal_turns(bencher: Bencher) {
    let position = midgame();
    bencher.bench(|| black_box(&position).legal_turns().len());
}

/// One whole random tournament game per iteration.
#[divan::bench(sample_count = 200, sample_size = 100)]
fn random_tournament_playout(bencher: Bencher) {
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    bencher.bench_local(|| {
        let mut position = Position::new(Variant::Tournament);
        position.playout(&mut rng)
    });
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn perft_standard_4() -> u64 {
    Position::new(Variant::Standard).perft(black_box(4))
}

#[divan::bench(sample_count = 1, sample_size = 1)]
fn perft_standard_5() -> u64 {
    Position::new(Variant::Standard).perft(black_box(5))
}

/// A random ultimate game (at most 200 decisions) per iteration: the potentials' rules as a
/// whole, with every legal decision listed at each step.
#[divan::bench(sample_count = 20, sample_size = 5)]
fn random_ultimate_playout(bencher: Bencher) {
    use gipf::potentials::{Game, Options};
    let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
    bencher.bench_local(|| {
        let mut game = Game::new(Options::ultimate());
        for _ in 0..200 {
            let decisions = game.legal_decisions();
            if decisions.is_empty() || game.outcome().is_some() {
                break;
            }
            game.play(decisions[rng.below(decisions.len())]).unwrap();
        }
        game.plies()
    });
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn perft_ultimate_3() -> u64 {
    use gipf::potentials::{Game, Options};
    Game::new(Options::ultimate()).perft(black_box(3))
}
