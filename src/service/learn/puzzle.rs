//! `puzzle`, `solve`: one open puzzle of the set (`puzzle_set.rs`) a member, his streak of
//! right answers, and in the daily puzzle's channel the daily one first (`daily.rs`);
//! `learn`: the lessons (`lessons.rs`).

use crate::command::PuzzleCommand;
use crate::model::Clock;
use crate::reply::Reply;
use crate::service::learn::daily::Daily;
use crate::service::learn::lessons::Lessons;
use crate::service::learn::puzzle_set::{Puzzle, puzzle_count, verdict};
use crate::service::names::remember_users;
use crate::service::server::notify::privately;
use crate::service::voice::Voice;
use crate::service::{Handled, Message, Run, refuse};
use crate::store::Store;
use crate::text;

/// What the puzzles and the lessons touch: the store (each member's progress), the bot's
/// voice and the clock (the daily puzzle's day).
pub(in crate::service) struct Hands<'a> {
    pub store: &'a Store,
    pub voice: &'a Voice,
    pub clock: &'a Clock,
}

impl Run for PuzzleCommand {
    type Hands<'a> = Hands<'a>;

    fn run(self, hands: &Hands<'_>, message: &Message) -> Handled {
        match self {
            PuzzleCommand::Next => hands.next_puzzle(message),
            PuzzleCommand::Learn(number) => hands.lessons().learn(message, number),
            PuzzleCommand::Solve { turn } => hands.solve(message, &turn),
        }
    }
}

impl Hands<'_> {
    /// The daily puzzle, with what it touches.
    fn daily(&self) -> Daily<'_> {
        Daily {
            store: self.store,
            voice: self.voice,
            clock: self.clock,
        }
    }

    /// The lessons, with what they touch.
    fn lessons(&self) -> Lessons<'_> {
        Lessons {
            store: self.store,
            voice: self.voice,
        }
    }

    /// `puzzle`: the asker's open puzzle, or his next one, with its picture. In the channel
    /// of the server's daily puzzle, that one comes first, until he has answered it.
    fn next_puzzle(&self, message: &Message) -> Handled {
        let count = puzzle_count();
        if count == 0 {
            return refuse("I have no puzzles at the moment.");
        }
        remember_users(self.store, message)?;
        let user = message.author.id;
        if let Some((daily, last_try)) = self.daily().unanswered_daily(message)? {
            return self.daily().show_daily(message, &daily, last_try);
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
        let puzzle = Puzzle::get(number).ok_or_else(|| anyhow::anyhow!("no puzzle {number}"))?;
        let say = self.voice.phrasing(message);
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
        if let Some((daily, _)) = self.daily().unanswered_daily(message)? {
            return self.daily().solve_daily(message, &daily, turn);
        }
        let say = self.voice.phrasing(message);
        let user = message.author.id;
        let progress = self.store.puzzle_progress(user)?;
        let Some(puzzle) = progress.current.and_then(Puzzle::get) else {
            let mut text = text::Text::new();
            let mut open = "You have no puzzle open";
            if let Some(daily) = self.daily().daily_here(message)? {
                text.push("You have answered today's daily puzzle; the next comes ")
                    .push(text::Span::Time(self.daily().next_daily_time(&daily)?))
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
        // A wrong turn gets one more try before the solution.
        if !right && self.store.first_wrong_try(user, number)? {
            let text = format!(
                "Not this one: `{turn}` is a turn there, but not the one that {}. One more try: \
                 answer again with {} (a second wrong answer shows the solution).",
                puzzle.task(),
                say.cmd("solve <turn>")
            );
            let reply = Reply::private(text);
            return Ok(privately(
                self.voice.prefix(),
                message,
                reply,
                "the verdict on the puzzle",
                "solve",
            ));
        }
        let Some(after) = self.store.answer_puzzle(user, number, right)? else {
            return refuse("That puzzle was answered already.");
        };
        let text = format!(
            "{} {} for the next.",
            verdict(puzzle, turn, right, &after),
            say.cmd("puzzle")
        );
        let reply = Reply::private(text);
        Ok(privately(
            self.voice.prefix(),
            message,
            reply,
            "the verdict on the puzzle",
            "solve",
        ))
    }
}
