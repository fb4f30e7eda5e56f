//! The plain games draw the pixels they drew before every game went through one machine:
//! a few fixed pictures hash to the values recorded from the old drawing code.
#![allow(clippy::unwrap_used)]

use gipf::potentials::{Game, Options, Turn};
use gipf::random::Rng;
use gipf::{ByColor, Pending, Position, Variant};
use image::RgbImage;

use super::tests::played;
use super::*;

const MIDGAME: &str = include_str!("../../../docs/images/standard-midgame.gipf");
const NOTE: &str = "Move by 2026-11-25 18:00 UTC";

/// FNV-1a over the picture's pixels: stable across Rust versions, unlike `DefaultHasher`.
fn fnv(image: &RgbImage) -> u64 {
    image
        .as_raw()
        .iter()
        .fold(0xcbf2_9ce4_8422_2325, |hash, &byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        })
}

/// The first game of seeded random games of `variant` where `wanted`, with the last
/// completed turn: the decisions are `Position`'s random ones, as when the hashes were
/// recorded, played on the machine for every game.
fn first(variant: Variant, wanted: impl Fn(&Pending) -> bool) -> (Game, Option<Turn>) {
    for seed in 1.. {
        let mut rng = Rng::new(seed);
        let mut position = Position::new(variant);
        let mut game = Game::new(Options::plain(variant));
        let mut last = None;
        while let Some(decision) = position.random_decision(&mut rng) {
            position.play(decision).unwrap();
            last = game.play(decision.into()).unwrap().pop().or(last);
            if wanted(&position.pending()) {
                return (game, last);
            }
        }
    }
    unreachable!("the seeds run out")
}

#[test]
fn plain_pictures_are_the_pixels_they_were() {
    let replay = played(MIDGAME, Options::plain(Variant::Standard));
    let midgame = (replay.last().clone(), replay.turns.last().cloned());
    let row = first(Variant::Standard, |p| {
        matches!(p, Pending::ChooseRow { .. })
    });
    let gipf = first(Variant::Tournament, |p| {
        matches!(p, Pending::TakeGipf { .. })
    });
    let end = first(Variant::BASIC, |p| matches!(p, Pending::GameOver(_)));
    let mut hashes = Vec::new();
    for (game, last_turn) in [midgame, row, gipf, end] {
        for (black_side, note) in [(false, None), (true, Some(NOTE))] {
            let view = BoardView {
                game: &game,
                last_turn: last_turn.as_ref(),
                names: ByColor::new("Ann", "Bob"),
                note,
            };
            hashes.push(fnv(&draw(
                &view,
                &RenderOptions {
                    black_side,
                    ..RenderOptions::default()
                },
            )));
        }
    }
    // Drawn by the code that drew a plain game from its `Position` (gone since), on x86-64 Linux (a
    // libm whose `atan2` rounds otherwise could shade a ghost's dashes a step apart). The first
    // six, of the games with GIPF-pieces, were recorded again when the cards began to show
    // each player's GIPF-pieces on the board (issue 20, point 10); the basic game's two, whose
    // cards show none, are the old code's still. The two of the take/keep question were
    // recorded again when its badges began to name their spots (issue 32, point 10).
    let recorded: [u64; 8] = [
        0x3f89446d9d9fcf3a,
        0xc7cc76f328f3b1b7,
        0xa5613bac0f8e1197,
        0x4df608ae68b2f42d,
        0xac52182a9aada4a1,
        0xf35612f859370ce1,
        0x34f547ce13a1c57e,
        0xac98d4b538e4d193,
    ];
    assert_eq!(hashes, recorded, "{hashes:#x?}");
}
