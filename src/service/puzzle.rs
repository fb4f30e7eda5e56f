//! `puzzle`, `solve`: the bot's set of puzzles (mined from its engine's games by `gipf-bot
//! puzzles generate`, kept in `assets/puzzles.gipf`), one open puzzle a member, and his
//! streak of right answers.

use std::sync::LazyLock;

use gipf::ByColor;
use gipf::potentials::{Game, Turn};

use super::{Handled, Message, Run, Service, refuse};
use crate::command::PuzzleCommand;
use crate::model::GameSpec;
use crate::record;
use crate::render::{self, BoardView, RenderOptions};
use crate::reply::Reply;
use crate::store::PuzzleProgress;
use crate::text;

/// The records of the set, one after the other.
const SET: &str = include_str!("../../assets/puzzles.gipf");

/// One puzzle of the set, ready to show and check.
struct Puzzle {
    spec: GameSpec,
    /// `win` or `capture N`.
    goal: String,
    /// The position, and the turn that led to it.
    game: Game,
    last: Option<Turn>,
    /// The game after the solution.
    solved: Game,
    solution: String,
}

/// The set, read once. A record that does not replay is left out (and logged): the tests
/// check that none is.
static PUZZLES: LazyLock<Vec<Puzzle>> = LazyLock::new(|| {
    records()
        .filter_map(|text| {
            read(text)
                .map_err(|e| tracing::error!(error = %format!("{e:#}"), "a puzzle does not replay"))
                .ok()
        })
        .collect()
});

/// The records of the set: each starts at its first header line.
fn records() -> impl Iterator<Item = &'static str> {
    SET.split("\n\n").map(str::trim).filter(|r| !r.is_empty())
}

fn read(text: &str) -> anyhow::Result<Puzzle> {
    let header = record::header(text)?;
    let spec = header.rules(None, None).map_err(anyhow::Error::msg)?;
    let goal = header.get("Puzzle").unwrap_or("capture").to_string();
    let solution = (header.get("Solution"))
        .ok_or_else(|| anyhow::anyhow!("no solution"))?
        .to_string();
    let replay = record::replay(text, spec.options())?;
    let game = replay.last().clone();
    let mut solved = game.clone();
    solved.play_notation(&solution)?;
    Ok(Puzzle {
        spec,
        goal,
        last: replay.turns.last().cloned(),
        game,
        solved,
        solution,
    })
}

/// How many puzzles the set holds.
pub fn puzzle_count() -> usize {
    PUZZLES.len()
}

impl Run for PuzzleCommand {
    fn run(self, service: &Service, message: &Message) -> Handled {
        match self {
            PuzzleCommand::Next => service.next_puzzle(message),
            PuzzleCommand::Learn(number) => service.learn(message, number),
            PuzzleCommand::Solve { turn } => service.solve(message, &turn),
        }
    }
}

/// What the goal asks, in words: `wins at once`, `captures 2 pieces, more than any other
/// turn`.
fn task(goal: &str) -> String {
    match goal.strip_prefix("capture ") {
        Some("1") => "captures 1 piece, more than any other turn".into(),
        Some(n) => format!("captures {n} pieces, more than any other turn"),
        None => "wins the game at once".into(),
    }
}

/// Streaks in words: `streak 3, best 5`.
fn streaks(progress: &PuzzleProgress) -> String {
    format!(
        "{} solved, streak {}, best {}",
        progress.solved, progress.streak, progress.best
    )
}

impl Service {
    /// `puzzle`: the asker's open puzzle, or his next one, with its picture.
    fn next_puzzle(&self, message: &Message) -> Handled {
        let count = puzzle_count();
        if count == 0 {
            return refuse("I have no puzzles at the moment.");
        }
        self.remember_users(message)?;
        let user = message.author.id;
        let progress = self.store.puzzle_progress(user)?;
        let (number, again) = match progress.current {
            Some(open) if (open as usize) < count => (open, true),
            _ => {
                // Each member starts somewhere else in the set, then goes through it.
                let number = ((user.0 as usize % count) + progress.given as usize) % count;
                let number = number as u32;
                self.store.give_puzzle(user, number)?;
                (number, false)
            }
        };
        let puzzle = &PUZZLES[number as usize];
        let mover = puzzle.game.to_move();
        let say = self.phrasing(message);
        let text = text![
            format!("Puzzle {} for ", number + 1),
            text::Span::Name(message.author.name.clone()),
            format!(
                "{}: {} to move, in {}. Find the one turn that {}. Answer with {} (only you read \
                 whether it is right).",
                if again { ", still open" } else { "" },
                mover,
                puzzle.spec.title(),
                task(&puzzle.goal),
                say.cmd("solve <turn>"),
            )
        ];
        let names = ByColor::new("White", "Black");
        let view = BoardView {
            game: &puzzle.game,
            last_turn: puzzle.last.as_ref(),
            names,
            note: Some(&format!("Puzzle {}: {mover} to move", number + 1)),
        };
        // The solver's side at the bottom, every spot named.
        let options = RenderOptions {
            black_side: mover == gipf::Color::Black,
            coordinates: true,
        };
        Ok(Reply {
            board: Some(render::render(&view, &options)),
            ..Reply::public(text)
        })
    }

    /// `solve`: whether `turn` solves the asker's open puzzle; his streak follows.
    fn solve(&self, message: &Message, turn: &str) -> Handled {
        let say = self.phrasing(message);
        let user = message.author.id;
        let progress = self.store.puzzle_progress(user)?;
        let Some(puzzle) = progress.current.and_then(|n| PUZZLES.get(n as usize)) else {
            return refuse(format!(
                "You have no puzzle open: {} gives you one.",
                say.cmd("puzzle")
            ));
        };
        let number = progress.current.unwrap_or_default();
        // A turn that is no turn there loses nothing: the puzzle stays open.
        let mut answered = puzzle.game.clone();
        if let Err(e) = answered.play_notation(turn) {
            return refuse(format!(
                "`{turn}` is not a turn in puzzle {}: {e}. Nothing was changed; answer with {}.",
                number + 1,
                say.cmd("solve <turn>")
            ));
        }
        let right = answered.key() == puzzle.solved.key();
        let Some(after) = self.store.answer_puzzle(user, number, right)? else {
            return refuse("That puzzle was answered already.");
        };
        let text = if right {
            format!(
                "Right: `{turn}` {} ({}). {} for the next.",
                task(&puzzle.goal),
                streaks(&after),
                say.cmd("puzzle")
            )
        } else {
            format!(
                "Not this one: the one turn that {} was `{}`. Your streak starts again ({}). \
                 {} for the next.",
                task(&puzzle.goal),
                puzzle.solution,
                streaks(&after),
                say.cmd("puzzle")
            )
        };
        let reply = Reply::private(text);
        Ok(self.privately(message, reply, "the verdict on the puzzle", "solve"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_puzzle_of_the_set_replays_and_its_solution_reaches_its_goal() {
        assert!(records().count() >= 50);
        assert_eq!(puzzle_count(), records().count(), "a record did not replay");
        for puzzle in PUZZLES.iter() {
            let mover = puzzle.game.to_move();
            let gained = puzzle.solved.lost(!mover) - puzzle.game.lost(!mover);
            match puzzle.goal.strip_prefix("capture ") {
                Some(n) => assert_eq!(gained.to_string(), n, "{}", puzzle.solution),
                None => assert_eq!(puzzle.solved.outcome().map(|o| o.winner), Some(mover)),
            }
        }
    }
}
