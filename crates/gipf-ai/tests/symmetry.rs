//! Both colours are judged alike: a position and the same position with the colours
//! swapped ([`gipf::Position::colors_swapped`]) get the same evaluation for the player to
//! move, and the same scores from the search.
//!
//! The evaluation is from the view of the player to move, so the property is equality, not
//! a change of sign: in the swapped position the other colour is to move, with what the
//! first one had. The tempo bonus goes to the player to move in both, so it does not break
//! the symmetry.

mod common;

use common::VARIANTS;
use gipf::random::find_in_random_games;
use gipf::{ByColor, Stage, Turn, Variant};
use gipf_ai::{Engine, Tuning, Weights, evaluate};

/// Weights with every feature on, each a different number: a feature read for the wrong
/// colour can neither hide behind a zero weight nor cancel against another.
fn every_feature() -> Weights {
    Weights {
        captured: 211,
        reserve: 17,
        low_reserve: 103,
        gipf: 31,
        last_gipf: 127,
        exposed_gipf: 41,
        centre: 13,
        inner_ring: 5,
        mover_three: 71,
        waiting_three: 43,
        tempo: 11,
        loaded: [19, 53, 37, 47, 41],
        reach: 7,
        supply: 13,
    }
}

/// The three games and a basic game with a handicap (its extra pieces change sides too).
fn games() -> Vec<Variant> {
    let handicap = Variant::Basic {
        extra: ByColor::new(0, 2),
    };
    VARIANTS.into_iter().chain([handicap]).collect()
}

#[test]
fn a_position_and_its_colour_swap_are_evaluated_alike() {
    let weights = [
        Weights::default(),
        Weights::material_and_centre(),
        every_feature(),
    ];
    let (mut positions, mut mid_turn, mut finished) = (0, 0, 0);
    for variant in games() {
        // Every position of 60 random games, from the start to the end, mid-turn included.
        let _: Option<()> = find_in_random_games(variant, 60, 400, |position, _| {
            let swapped = position.colors_swapped();
            for weights in &weights {
                assert_eq!(
                    evaluate(&swapped, weights),
                    evaluate(position, weights),
                    "{variant}, {} turns in, {:?}: {weights:?}",
                    position.plies(),
                    position.pending()
                );
            }
            positions += 1;
            if position.outcome().is_some() {
                finished += 1;
            } else if position.stage() != Stage::Push {
                mid_turn += 1;
            }
            None
        });
    }
    assert!(positions > 7500, "{positions} positions");
    assert!(mid_turn > 150, "{mid_turn} mid-turn");
    assert_eq!(finished, 4 * 60);
}

/// The turn with the other colour.
fn turn_swapped(turn: Turn) -> Turn {
    Turn {
        color: !turn.color,
        ..turn
    }
}

#[test]
fn the_search_scores_every_turn_of_a_colour_swap_alike() {
    // Without its table and reductions the search's scores do not depend on the order it
    // tries turns in (which follows the Zobrist keys, different for the swapped position):
    // every turn's score must be the same with the colours swapped. Quiescence stays on.
    let tuning = Tuning {
        table: false,
        reductions: false,
        ..Tuning::default()
    };
    let mut engine = Engine::with_table_megabytes(1).with_tuning(tuning);
    let mut compared = 0;
    for variant in VARIANTS {
        let mut found = 0;
        let _: Option<()> = find_in_random_games(variant, 100, 400, |position, turns| {
            // Every position (mid-turn ones too) after 2, 7, 12, ... turns.
            if position.outcome().is_some() || turns.len() % 5 != 2 {
                return None;
            }
            let swapped = position.colors_swapped();
            let scored = engine.score_turns(position, 2);
            let mirrored = engine.score_turns(&swapped, 2);
            assert_eq!(mirrored.len(), scored.len());
            for (turn, after, score) in &scored {
                let other = mirrored
                    .iter()
                    .find(|(_, a, _)| *a == after.colors_swapped())
                    .unwrap_or_else(|| panic!("{variant}: {turn} has no mirror"));
                assert_eq!(other.0, turn_swapped(*turn), "{variant}");
                assert_eq!(other.2, *score, "{variant}: {turn}");
                compared += 1;
            }
            found += 1;
            (found >= 12).then_some(())
        });
        assert!(found >= 12, "{variant}: {found} positions");
    }
    assert!(compared > 1000, "{compared} turns compared");
}
