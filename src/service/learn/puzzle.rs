//! `puzzle`, `solve`: the bot's set of puzzles (mined from its engine's games by `gipf-bot
//! puzzles generate`, kept in `assets/puzzles.gipf`), one open puzzle a member, and his
//! streak of right answers.

use std::sync::LazyLock;

use gipf::potentials::{Game, Turn};
use gipf::{ByColor, Color};

use crate::command::PuzzleCommand;
use crate::model::GameSpec;
use crate::record;
use crate::render::{BoardView, RenderOptions};
use crate::reply::Reply;
use crate::service::words::colour_word;
use crate::service::{Handled, Message, Run, Service, refuse};
use crate::store::PuzzleProgress;
use crate::text;

/// The records of the set, one after the other.
const SET: &str = include_str!("../../../assets/puzzles.gipf");

/// One puzzle of the set, ready to show and check.
pub(in crate::service) struct Puzzle {
    spec: GameSpec,
    /// `win` or `capture N`.
    goal: String,
    /// The position, and the turn that led to it.
    game: Game,
    last: Option<Turn>,
    /// The game after the solution.
    solved: Game,
    /// The turn that solves it, as the notation writes it.
    pub(in crate::service) solution: String,
}

impl Puzzle {
    /// Puzzle `number` of the set (from 0), if there is one.
    pub(in crate::service) fn get(number: u32) -> Option<&'static Puzzle> {
        PUZZLES.get(number as usize)
    }

    /// What it asks, in words: `White to move, in standard GIPF. Find the one turn that
    /// wins the game at once.`
    pub(in crate::service) fn question(&self) -> String {
        let mover = colour_word(self.game.to_move());
        format!(
            "{mover} to move, in {}. Find the one turn that {}.",
            self.spec.title(),
            self.task()
        )
    }

    /// What the goal asks, in words: `wins at once`, `captures 2 pieces, more than any
    /// other turn`.
    fn task(&self) -> String {
        match self.goal.strip_prefix("capture ") {
            Some("1") => "captures 1 piece, more than any other turn".into(),
            Some(n) => format!("captures {n} pieces, more than any other turn"),
            None => "wins the game at once".into(),
        }
    }

    /// Its picture, titled `title`: the solver's side at the bottom, every spot named.
    pub(in crate::service) fn picture(&self, title: &str) -> Vec<u8> {
        let mover = self.game.to_move();
        let view = BoardView {
            game: &self.game,
            last_turn: self.last.as_ref(),
            names: ByColor::new(colour_word(Color::White), colour_word(Color::Black)),
            note: Some(&format!("{title}: {mover} to move")),
        };
        let options = RenderOptions {
            black_side: mover == gipf::Color::Black,
            coordinates: true,
        };
        crate::service::picture::draw(&view, &options)
    }

    /// Whether `turn` solves it; an error (saying why) if it is no turn there.
    pub(in crate::service) fn solved_by(&self, turn: &str) -> Result<bool, String> {
        let mut answered = self.game.clone();
        answered.play_notation(turn).map_err(|e| e.to_string())?;
        Ok(answered.key() == self.solved.key())
    }
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
    let spec = header.rules(None, None)?;
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

/// Streaks in words: `4 solved, streak 3, best 5`.
fn streaks(progress: &PuzzleProgress) -> String {
    format!(
        "{} solved, streak {}, best {}",
        progress.solved, progress.streak, progress.best
    )
}

impl Service {
    /// `puzzle`: the asker's open puzzle, or his next one, with its picture. In the channel
    /// of the server's daily puzzle, that one comes first, until he has answered it.
    fn next_puzzle(&self, message: &Message) -> Handled {
        let count = puzzle_count();
        if count == 0 {
            return refuse("I have no puzzles at the moment.");
        }
        self.remember_users(message)?;
        let user = message.author.id;
        if let Some(daily) = self.unanswered_daily(message)? {
            return self.show_daily(message, &daily);
        }
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
        let say = self.phrasing(message);
        let text = text![
            format!("Puzzle {} for ", number + 1),
            text::Span::Name(message.author.name.clone()),
            format!(
                "{}: {} Answer with {} (only you read whether it is right).",
                if again { ", still open" } else { "" },
                puzzle.question(),
                say.cmd("solve <turn>"),
            )
        ];
        Ok(Reply {
            board: Some(puzzle.picture(&format!("Puzzle {}", number + 1))),
            ..Reply::public(text)
        })
    }

    /// `solve`: whether `turn` solves the asker's open puzzle (in the daily puzzle's channel,
    /// the daily one until he has answered it); his streak follows.
    fn solve(&self, message: &Message, turn: &str) -> Handled {
        if let Some(daily) = self.unanswered_daily(message)? {
            return self.solve_daily(message, &daily, turn);
        }
        let say = self.phrasing(message);
        let user = message.author.id;
        let progress = self.store.puzzle_progress(user)?;
        let Some(puzzle) = progress.current.and_then(Puzzle::get) else {
            let mut text = text::Text::new();
            let mut open = "You have no puzzle open";
            if let Some(daily) = self.daily_here(message)? {
                text.push("You have answered today's daily puzzle; the next comes ")
                    .push(text::Span::Time(self.next_daily_time(&daily)?))
                    .push(". ");
                open = "You have no puzzle of your own open";
            }
            text.push(format!("{open}: {} gives you one.", say.cmd("puzzle")));
            return refuse(text);
        };
        let number = progress.current.unwrap_or_default();
        // A turn that is no turn there loses nothing: the puzzle stays open.
        let right = match puzzle.solved_by(turn) {
            Ok(right) => right,
            Err(e) => {
                return refuse(format!(
                    "`{turn}` is not a turn in puzzle {}: {e}. Nothing was changed; answer with {}.",
                    number + 1,
                    say.cmd("solve <turn>")
                ));
            }
        };
        let Some(after) = self.store.answer_puzzle(user, number, right)? else {
            return refuse("That puzzle was answered already.");
        };
        let text = format!(
            "{} {} for the next.",
            verdict(puzzle, turn, right, &after),
            say.cmd("puzzle")
        );
        let reply = Reply::private(text);
        Ok(self.privately(message, reply, "the verdict on the puzzle", "solve"))
    }
}

/// Right or not, the solution if not, and the streaks after.
pub(in crate::service) fn verdict(
    puzzle: &Puzzle,
    turn: &str,
    right: bool,
    after: &PuzzleProgress,
) -> String {
    if right {
        format!("Right: `{turn}` {} ({}).", puzzle.task(), streaks(after))
    } else {
        format!(
            "Not this one: the one turn that {} was `{}`. Your streak starts again ({}).",
            puzzle.task(),
            puzzle.solution,
            streaks(after)
        )
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
