//! The bot's set of puzzles, mined from its engine's games by `gipf-bot puzzles generate`
//! and kept in `assets/puzzles.gipf`: each puzzle ready to show and check (the one turn that
//! wins at once, or captures more than any other), and the verdict on an answer with the
//! streaks after it.

use std::sync::LazyLock;

use gipf::potentials::{Game, Turn};
use gipf::{ByColor, Color};

use crate::command::{self, Command, Phrasing};
use crate::model::GameSpec;
use crate::record;
use crate::service::Failure;
use crate::service::play::working::Working;
use crate::service::words::colour_word;
use crate::store::PuzzleProgress;
use gipf_render::{BoardView, RenderOptions};

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
    pub(in crate::service) fn task(&self) -> String {
        match self.goal.strip_prefix("capture ") {
            Some("1") => "captures 1 piece, more than any other turn".into(),
            Some(n) => format!("captures {n} pieces, more than any other turn"),
            None => "wins the game at once".into(),
        }
    }

    /// Its picture, titled `title`: the solver's side at the bottom, every spot named.
    pub(in crate::service) fn picture(&self, title: &str) -> crate::reply::Picture {
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

    /// Whether `turn` solves it; an error (saying why) if it is no turn there. The turn is
    /// written in the notation, or as the move commands write it (`c1 c2`, `c1 c2 take f6`,
    /// `push G b1 c2`, `zertz c3 c6`): every form a game takes.
    pub(in crate::service) fn solved_by(&self, turn: &str) -> Result<bool, String> {
        let mut answered = self.game.clone();
        let answered = match answered.play_notation(turn) {
            Ok(_) => answered,
            Err(notation) => match as_command(&self.game, turn) {
                Some(played) => played?,
                None => return Err(notation.to_string()),
            },
        };
        Ok(answered.key() == self.solved.key())
    }
}

/// `answer` played from `game` as move commands: a push (`push` understood when it names
/// none) or a power's move, then the answers to its questions (`take f6`, `keep all`,
/// `row 1`): the game after the whole turn, or why it is no whole turn there; `None` if it
/// is no move command at all.
fn as_command(game: &Game, answer: &str) -> Option<Result<Game, String>> {
    let say = Phrasing::chat("!");
    let play = |line: &str| match command::parse(&format!("!{line}"), &say)? {
        Ok(Command::Play(play)) => Some(play),
        _ => None,
    };
    // The whole answer as one command, else the move and each answer after it.
    let commands = match play(answer).or_else(|| play(&format!("push {answer}"))) {
        Some(command) => vec![command],
        None => answer_parts(answer)
            .iter()
            .map(|part| play(part).or_else(|| play(&format!("push {part}"))))
            .collect::<Option<Vec<_>>>()?,
    };
    let mover = game.to_move();
    let mut working = Working::new(game.clone(), Vec::new(), &say);
    for command in &commands {
        if let Err(failure) = working.run(command) {
            return Some(Err(match failure {
                Failure::Refused(reason) => reason.to_string(),
                _ => "I could not play it".to_string(),
            }));
        }
    }
    if working.completed.iter().all(|turn| turn.color != mover) {
        return Some(Err(format!(
            "that turn is not finished: it still asks {}; write its answers after it, like `c1 c2 take f6` or `c1 c2 row 1`",
            working.game.pending()
        )));
    }
    Some(Ok(working.game))
}

/// `zertz c3 c6 row 1 take f6` cut before each answer: `zertz c3 c6`, `row 1`, `take f6`.
fn answer_parts(answer: &str) -> Vec<String> {
    let mut parts: Vec<Vec<&str>> = Vec::new();
    for word in answer.split_whitespace() {
        let starts = ["take", "keep", "row"]
            .iter()
            .any(|answer| word.eq_ignore_ascii_case(answer));
        match parts.last_mut() {
            Some(part) if !starts => part.push(word),
            _ => parts.push(vec![word]),
        }
    }
    parts.into_iter().map(|part| part.join(" ")).collect()
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
pub(in crate::service) fn puzzle_count() -> usize {
    PUZZLES.len()
}

/// Streaks in words: `4 solved, streak 3, best 5`.
fn streaks(progress: &PuzzleProgress) -> String {
    format!(
        "{} solved, streak {}, best {}",
        progress.solved, progress.streak, progress.best
    )
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
    use gipf::potentials::{Action, Mark, PieceKind};

    /// The solution of `puzzle` written as `!push` and the powers write it, each with the
    /// answers its questions might need.
    fn command_forms(puzzle: &Puzzle) -> Vec<String> {
        let turn = puzzle.game.clone().play_notation(&puzzle.solution).unwrap();
        let turn = &turn[0];
        let base = match &turn.action {
            Some(Action::Push { piece, path, .. }) => {
                let gipf = if *piece == PieceKind::Gipf { "G " } else { "" };
                format!("{gipf}{} {}", path.entry.dot(), path.entry.first())
            }
            Some(Action::Move { kind, from, to }) => {
                format!("{} {from} {to}", command::potential_word(*kind))
            }
            None => return Vec::new(),
        };
        let gipf: Vec<String> = (turn.after.iter().flatten())
            .filter(|item| item.mark == Mark::Gipf)
            .map(|item| item.spot.to_string())
            .collect();
        let take = format!("take {}", gipf.join(" "));
        let answers = ["", "take all", "keep all", &take];
        ["", "row 1", "row 2"]
            .iter()
            .flat_map(|row| answers.iter().map(move |answer| format!("{row} {answer}")))
            .map(|answers| format!("{base} {}", answers.trim()).trim().to_string())
            .collect()
    }

    #[test]
    fn every_puzzle_is_solved_by_its_turn_written_as_a_move_command() {
        // A puzzle that opens on a row of the mover's to deal with first is answered in
        // the notation (a command answers one question at a time).
        let opening_on_a_push = PUZZLES
            .iter()
            .filter(|p| p.game.pending() == gipf::potentials::Pending::Action);
        let mut checked = 0;
        for puzzle in opening_on_a_push {
            checked += 1;
            let forms = command_forms(puzzle);
            let answers: Vec<_> = forms.iter().map(|f| puzzle.solved_by(f)).collect();
            assert!(
                answers.contains(&Ok(true)),
                "{}: {forms:?} {answers:?}",
                puzzle.solution
            );
            // A push that still asks a question is said to be unfinished, not wrong.
            if let Err(answer) = &answers[0] {
                assert!(answer.contains("not finished"), "{forms:?}: {answer}");
            }
        }
        assert!(checked >= 40, "{checked} puzzles");
    }

    #[test]
    fn an_answer_that_is_neither_a_command_nor_a_turn_is_refused_with_the_notations_reason() {
        let puzzle = &PUZZLES[0];
        let answer = puzzle.solved_by("z9").unwrap_err();
        assert!(!answer.is_empty(), "{answer}");
        assert_eq!(puzzle.solved_by(&puzzle.solution), Ok(true));
    }

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
