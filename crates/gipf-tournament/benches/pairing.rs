//! Pairing time of a Swiss round: `cargo bench -p gipf-tournament`.
#![allow(missing_docs, clippy::unwrap_used)]

use divan::{Bencher, black_box};
use gipf_tournament::{Event, Format, Winner};

fn main() {
    divan::main();
}

/// A Swiss of `players` over `total` rounds with `rounds` played, results from a fixed
/// sequence in which White wins two games in three.
fn played_of(players: usize, total: u32, rounds: u32) -> Event {
    let mut event = Event::new(Format::Swiss { rounds: total }, players);
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..rounds {
        let round = event.pair_next_round().unwrap();
        event.record_round(&round);
        for game in round.games {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let winner = Winner::ALL[usize::from((seed >> 33).is_multiple_of(3))];
            event.record_result(round.number, game.white, game.black, winner);
        }
    }
    event
}

/// A Swiss of 9 rounds with `rounds` played.
fn played(players: usize, rounds: u32) -> Event {
    played_of(players, 9, rounds)
}

/// Pairing round `after + 1` of a 256-player Swiss (255 players: with a bye).
#[divan::bench(args = [0, 4, 8])]
fn swiss_256(bencher: Bencher, after: u32) {
    let event = played(256, after);
    bencher.bench(|| black_box(&event).pair_next_round().unwrap());
}

#[divan::bench(args = [0, 4, 8])]
fn swiss_255(bencher: Bencher, after: u32) {
    let event = played(255, after);
    bencher.bench(|| black_box(&event).pair_next_round().unwrap());
}

/// Far past the usual number of rounds: pairing round `after + 1` of a 40-round Swiss, where
/// many pairs have met and the colour rules bind.
#[divan::bench(args = [20, 30])]
fn swiss_256_long(bencher: Bencher, after: u32) {
    let event = played_of(256, 40, after);
    bencher.bench(|| black_box(&event).pair_next_round().unwrap());
}

/// The hardest small case: 32 players in round 31, every other pair met.
#[divan::bench]
fn swiss_32_last_round(bencher: Bencher) {
    let event = played_of(32, 31, 30);
    bencher.bench(|| black_box(&event).pair_next_round().unwrap());
}

#[divan::bench]
fn standings_256(bencher: Bencher) {
    let event = played(256, 8);
    bencher.bench(|| black_box(&event).standings());
}
