//! A plain game played on the machine for every game (a game with empty supplies) draws
//! exactly as it draws from its `Position`: the same pixels, from both sides, with and
//! without a note, mid-turn (rows to choose, GIPF-pieces to keep or take) and at the end.
#![allow(clippy::unwrap_used)]

use gipf::potentials::{self as rules, Game, Options};
use gipf::random::Rng;
use gipf::{ByColor, Color, Pending, Position, Variant};
use image::RgbImage;

use super::potentials::{self, PotentialsView};
use super::*;

/// The same plain game held both ways, with the last turn each completed.
struct Both {
    position: Position,
    game: Game,
    turn: Option<gipf::Turn>,
    game_turn: Option<rules::Turn>,
}

impl Both {
    fn new(variant: Variant) -> Both {
        Both {
            position: Position::new(variant),
            game: Game::new(Options::plain(variant)),
            turn: None,
            game_turn: None,
        }
    }

    fn play(&mut self, decision: gipf::Decision) {
        let done = self.position.play(decision).unwrap();
        self.turn = done.iter().last().copied().or(self.turn);
        let done = self.game.play(decision.into()).unwrap();
        self.game_turn = done.last().cloned().or(self.game_turn.take());
    }

    fn resign(&mut self, color: Color) {
        assert_eq!(
            self.position.resign(color).ok(),
            self.game.resign(color).ok()
        );
    }
}

/// Where two pictures differ: how many pixels, in which box.
fn difference(old: &RgbImage, new: &RgbImage) -> Option<(usize, (u32, u32, u32, u32))> {
    let (mut count, mut bounds) = (0, (u32::MAX, u32::MAX, 0, 0));
    for (x, y, pixel) in old.enumerate_pixels() {
        if new.get_pixel(x, y) != pixel {
            count += 1;
            bounds = (
                bounds.0.min(x),
                bounds.1.min(y),
                bounds.2.max(x),
                bounds.3.max(y),
            );
        }
    }
    (count > 0).then_some((count, bounds))
}

/// The differences between the two pictures of `both`, from each side, with and without a
/// note, each labelled with `what`.
fn differences(both: &Both, what: &str) -> Vec<String> {
    let names = ByColor::new("Ann", "Bob");
    let mut found = Vec::new();
    for black_side in [false, true] {
        for note in [None, Some("Move by 2026-11-25 18:00 UTC")] {
            let options = RenderOptions { black_side };
            let old = BoardView {
                position: &both.position,
                last_turn: both.turn.as_ref(),
                names,
                note,
            };
            let new = PotentialsView {
                game: &both.game,
                last_turn: both.game_turn.as_ref(),
                names,
                note,
            };
            let (old, new) = (draw(&old, &options), potentials::draw(&new, &options));
            if let Some((count, bounds)) = difference(&old, &new) {
                found.push(format!(
                    "{what} (black side {black_side}, note {}): {count} pixels in {bounds:?}",
                    note.is_some()
                ));
            }
        }
    }
    found
}

/// The kinds of moment compared so far: row choices, GIPF-piece choices, ends.
#[derive(Debug, Default)]
struct Covered {
    rows: usize,
    gipf: usize,
    ends: usize,
}

impl Covered {
    fn add(&mut self, pending: &Pending) {
        match pending {
            Pending::ChooseRow { .. } => self.rows += 1,
            Pending::TakeGipf { .. } => self.gipf += 1,
            Pending::GameOver(_) => self.ends += 1,
            Pending::Push => {}
        }
    }
}

/// Plays random game `seed` of `variant` on both machines and compares the pictures where
/// `wanted` (seeing the step and what is pending) says; with `resign`, also after a
/// resignation at step 20.
fn compare_random_game(
    variant: Variant,
    seed: u64,
    wanted: impl Fn(usize, &Pending) -> bool,
    resign: bool,
    covered: &mut Covered,
) -> Vec<String> {
    let mut rng = Rng::new(seed);
    let mut both = Both::new(variant);
    let mut found = Vec::new();
    for step in 1.. {
        let Some(decision) = both.position.random_decision(&mut rng) else {
            break;
        };
        both.play(decision);
        let pending = both.position.pending();
        if wanted(step, &pending) {
            covered.add(&pending);
            let what = format!("{variant} seed {seed} step {step} ({pending})");
            found.extend(differences(&both, &what));
        }
        if resign && step == 20 {
            let mut resigned = Both {
                game: both.game.clone(),
                game_turn: both.game_turn.clone(),
                ..both
            };
            resigned.resign(resigned.position.to_move());
            covered.add(&resigned.position.pending());
            let what = format!("{variant} seed {seed} resigned at step 20");
            found.extend(differences(&resigned, &what));
        }
    }
    found
}

#[test]
fn a_plain_game_draws_the_same_on_the_machine_for_every_game() {
    let mut found = Vec::new();
    for variant in [Variant::BASIC, Variant::Standard, Variant::Tournament] {
        let mut covered = Covered::default();
        // A few whole games: every choice, every tenth push, the end, a resignation.
        for seed in 1..=12 {
            let wanted = |step, pending: &Pending| step % 10 == 0 || *pending != Pending::Push;
            found.extend(compare_random_game(
                variant,
                seed,
                wanted,
                true,
                &mut covered,
            ));
        }
        // Rows to choose from are rare in random games: look for a few more.
        let mut seed = 100;
        while covered.rows < 3 {
            let wanted = |_, pending: &Pending| matches!(pending, Pending::ChooseRow { .. });
            found.extend(compare_random_game(
                variant,
                seed,
                wanted,
                false,
                &mut covered,
            ));
            seed += 1;
        }
        let gipf_pieces = variant != Variant::BASIC;
        assert!(
            covered.ends >= 12 && (covered.gipf > 0) == gipf_pieces,
            "{variant}: {covered:?}"
        );
    }
    assert!(
        found.is_empty(),
        "{} differences:\n{}",
        found.len(),
        found.join("\n")
    );
}
