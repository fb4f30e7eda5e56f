//! Mined puzzles: each record replays to its position, where its solution, and no other
//! turn, reaches its goal.

use gipf::potentials::{Game, Options};
use gipf_ai::puzzles::{Goal, mine};

#[test]
fn every_mined_puzzle_has_exactly_one_solution() {
    for (options, wanted) in [
        (Options::plain(gipf::Variant::Standard), 3),
        (Options::plain(gipf::Variant::Tournament), 2),
        (Options::ultimate(), 2),
    ] {
        let mut calls = 0;
        let (puzzles, stats) = mine(options, 7, wanted, |_, _| calls += 1);
        assert_eq!(puzzles.len(), wanted, "{options}");
        assert_eq!(calls, stats.games);
        assert!(
            stats.candidates >= wanted + stats.not_unique + stats.refuted,
            "{stats:?}"
        );
        for puzzle in &puzzles {
            let mut game = Game::new(options);
            for turn in &puzzle.turns {
                game.play_notation(turn).unwrap();
            }
            let mover = game.to_move();
            let reaches = |after: &Game| match puzzle.goal {
                Goal::Win => after.outcome().is_some_and(|o| o.winner == mover),
                Goal::Capture(n) => after.lost(!mover) - game.lost(!mover) >= n,
            };
            let mut solved = game.clone();
            solved.play_notation(&puzzle.solution).unwrap();
            assert!(reaches(&solved), "{}", puzzle.record());
            let others = game
                .legal_turns()
                .into_iter()
                .filter(|(_, after)| reaches(after) && after.key() != solved.key())
                .count();
            assert_eq!(others, 0, "{}", puzzle.record());
            // The record names the game, the goal and the solution.
            let record = puzzle.record();
            assert!(record.contains(&format!("[Puzzle \"{}\"]", puzzle.goal)));
            assert!(record.contains(&format!("[Solution \"{}\"]", puzzle.solution)));
        }
    }
}
