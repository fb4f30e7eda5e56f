//! Rendering and encoding the board picture of a busy mid-game position.

use gipf::Variant;
use gipf_bot::record;
use gipf_bot::render::{BoardView, IMAGE_HEIGHT, IMAGE_WIDTH, RenderOptions, render};

const RECORD: &str = include_str!("../crates/gipf/tests/data/tournament-41-plies.gipf");

fn main() {
    divan::main();
}

/// The position of the shared record with the most pieces on the board, with the turn
/// that led to it.
fn busiest() -> (gipf::Position, Option<gipf::Turn>) {
    let Ok(replay) = record::replay(RECORD, Variant::Tournament) else {
        panic!("the shared record replays");
    };
    let ply = (0..replay.positions.len())
        .max_by_key(|&i| replay.positions[i].occupied().count())
        .unwrap_or(0);
    let last_turn = ply.checked_sub(1).map(|i| replay.turns[i]);
    (replay.positions[ply], last_turn)
}

/// Draw and encode to PNG.
#[divan::bench]
fn render_and_encode(bencher: divan::Bencher) {
    let (position, last_turn) = busiest();
    let view = BoardView {
        position: &position,
        last_turn: last_turn.as_ref(),
        names: ["Ann", "Bob"],
    };
    let options = RenderOptions::default();
    let png = render(&view, &options);
    eprintln!(
        "{} pieces on the board; picture {IMAGE_WIDTH}x{IMAGE_HEIGHT}, PNG {:.1} KB",
        position.occupied().count(),
        png.len() as f64 / 1024.0
    );
    bencher.bench(|| render(divan::black_box(&view), &options));
}
