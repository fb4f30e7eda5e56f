//! `learn`: a short course, one lesson a position. The learner does each lesson's task with
//! the commands of a real game (`!push e1 e2`, `!zertz b2 d4`) wherever he has no game
//! (a direct conversation with the bot, say); the rules crate plays it, and the lesson says
//! what happened and what to try instead.

use gipf::potentials::{Action, Game, Options, Potential, Setup, Turn};
use gipf::{ByColor, Color, Point};

use crate::command::{Phrasing, PlayCommand};
use crate::render::{BoardView, RenderOptions};
use crate::reply::Reply;
use crate::service::hands::Desk;
use crate::service::play::Working;
use crate::service::{Failure, Handled, Message, refuse};
use crate::text;

/// What a lesson asks, checked on the game before and after the learner's turn: `Ok` when
/// done, else what to try instead.
type Check = fn(&Game, &Game, &Turn, &Phrasing) -> Result<(), String>;

/// One lesson: its position and words, and its task.
struct Lesson {
    title: &'static str,
    /// The game and its pieces, as `docs/potentials.md` writes stacks.
    game: &'static str,
    potentials: Option<&'static str>,
    pieces: &'static str,
    /// Two or three sentences.
    text: &'static str,
    /// The task; `{cmd:...}` is written as the learner writes commands.
    task: (&'static str, &'static str),
    check: Check,
}

const LESSONS: [Lesson; 5] = [
    Lesson {
        title: "The board and its coordinates",
        game: "basic",
        potentials: None,
        pieces: "",
        text: "GIPF is played on 37 spots, where pieces stand, ringed by 24 dots, where a piece \
               comes in. Columns run from a to i, left to right, and each column counts its \
               points from the bottom: the dot e1 is at White's side, e5 is the centre.",
        task: (
            "Bring a piece in from the dot e1 onto the spot e2 with ",
            "push e1 e2",
        ),
        check: |_, _, turn, say| match pushed(turn) {
            Some((dot, first, _)) if (dot, first) == (Point::E1, Point::E2) => Ok(()),
            Some((dot, first, _)) => Err(format!(
                "that piece came in from {dot} onto {first}; this lesson asks for the dot e1 \
                 and the spot e2: {}",
                say.cmd("push e1 e2")
            )),
            None => Err(format!("push a piece in: {}", say.cmd("push e1 e2"))),
        },
    },
    Lesson {
        title: "Pushing",
        game: "basic",
        potentials: None,
        pieces: "e2:w e3:w",
        text: "A piece pushed onto a spot that holds a piece slides the pieces in front of it \
               one step along the line, up to the first empty spot. A line with no empty spot \
               cannot be pushed into.",
        task: (
            "Push from e1 so that your pieces on e2 and e3 move up one spot, with ",
            "push e1 e2",
        ),
        check: |_, _, turn, say| match pushed(turn) {
            Some((Point::E1, Point::E2, end)) if end == Point::E4 => Ok(()),
            _ => Err(format!(
                "that push moved nothing on the e-line; push from e1 into e2: {}",
                say.cmd("push e1 e2")
            )),
        },
    },
    Lesson {
        title: "Rows and captures",
        game: "basic",
        potentials: None,
        pieces: "c3:w d4:w e5:w f5:b",
        text: "Four pieces of one colour in a line make a row. It is removed with every piece \
               directly extending it: your own go back to your reserve, your opponent's are \
               captured. Capture pieces; a player who cannot push loses.",
        task: (
            "Complete your row on the line b2-e5 and capture Black's piece on f5, with ",
            "push a1 b2",
        ),
        check: |before, after, _, say| {
            if after.lost(Color::Black) > before.lost(Color::Black) {
                Ok(())
            } else {
                Err(format!(
                    "that push makes no row; try the one that completes the line b2-e5 from \
                     the dot a1: {}",
                    say.cmd("push a1 b2")
                ))
            }
        },
    },
    Lesson {
        title: "GIPF-pieces",
        game: "standard",
        potentials: None,
        pieces: "c3:w d4:w e5:w h2:W f5:B g2:b",
        text: "A GIPF-piece is two pieces stacked. In a row being removed it is the remover's \
               choice: take it or leave it. In the standard and tournament games a player with \
               no GIPF-piece left loses.",
        task: (
            "Make the row b2-e5, take Black's only GIPF-piece on f5 with it and win, with ",
            "push a1 b2 take f5",
        ),
        check: |_, after, _, say| match after.outcome() {
            Some(outcome) if outcome.winner == Color::White => Ok(()),
            _ => Err(format!(
                "Black's GIPF-piece on f5 is still there: take it with your row, {}",
                say.cmd("push a1 b2 take f5")
            )),
        },
    },
    Lesson {
        title: "Potentials",
        game: "basic",
        potentials: Some("Z3"),
        pieces: "b2:wZ c3:b d3:w d5:w d6:w",
        text: "With the potentials a piece can be loaded with a power, used once instead of a \
               push. The ZÈRTZ jumps over a line of pieces onto the empty spot after it; a row it \
               makes is removed as after a push.",
        task: (
            "Jump your ZÈRTZ from b2 over c3 onto d4 and complete the row d3-d6, with ",
            "zertz b2 d4",
        ),
        check: |_, _, turn, say| match turn.action {
            Some(Action::Move {
                kind: Potential::Zertz,
                ..
            }) if !turn.after.is_empty() => Ok(()),
            _ => Err(format!(
                "this lesson asks for the ZÈRTZ jump that makes a row: {}",
                say.cmd("zertz b2 d4")
            )),
        },
    },
];

/// The push of a turn: its dot, first spot and where the pushed line ends.
fn pushed(turn: &Turn) -> Option<(Point, Point, Point)> {
    match &turn.action {
        Some(Action::Push { path, .. }) => Some((path.entry.dot(), path.entry.first(), path.end)),
        _ => None,
    }
}

/// The lesson's position, White to move.
fn start(lesson: &Lesson) -> anyhow::Result<Game> {
    let options = Options::parse(lesson.game, lesson.potentials)?;
    let mut setup = Setup::new(options);
    setup.place_all(lesson.pieces)?;
    Ok(Game::from_setup(&setup))
}

impl Desk {
    /// `learn [n]`: lesson `n` (from 1), or the learner's next one, with its picture and
    /// task; it stays open until done.
    pub(in crate::service) fn learn(&self, message: &Message, number: Option<u32>) -> Handled {
        self.remember_users(message)?;
        let user = message.author.id;
        let progress = self.store.lesson_progress(user)?;
        let index = match number {
            Some(n) if (1..=LESSONS.len() as u32).contains(&n) => n - 1,
            Some(n) => {
                return refuse(format!(
                    "There are lessons 1 to {}, not {n}: {}",
                    LESSONS.len(),
                    self.phrasing(message).cmd("learn 1")
                ));
            }
            None => progress.next.min(LESSONS.len() as u32 - 1),
        };
        self.store.open_lesson(user, index)?;
        let lesson = &LESSONS[index as usize];
        let game = start(lesson)?;
        let say = self.phrasing(message);
        let text = text![format!(
            "Lesson {} of {}: {}. {}\nYour task: {}{}. (Do it here, where you have no game; \
             {} shows it again, {} jumps to a lesson.)",
            index + 1,
            LESSONS.len(),
            lesson.title,
            lesson.text,
            lesson.task.0,
            say.cmd(lesson.task.1),
            say.cmd("learn"),
            say.cmd("learn 3"),
        )];
        let view = BoardView {
            game: &game,
            last_turn: None,
            names: ByColor::new("you", "Black"),
            note: Some(&format!("Lesson {}: {}", index + 1, lesson.title)),
        };
        let reply = Reply {
            board: Some(crate::service::picture::draw(
                &view,
                &RenderOptions {
                    coordinates: true,
                    ..RenderOptions::default()
                },
            )),
            ..Reply::private(text)
        };
        // A course is one learner's: typed in a server, it goes to his direct messages,
        // where he does its tasks; a slash command's answer is his alone.
        let what = format!("lesson {}", index + 1);
        Ok(self.privately(message, reply, &what, "learn"))
    }

    /// The lesson `user` has open, if any: his play commands go to it where he has no game.
    pub(in crate::service) fn open_lesson(&self, user: crate::model::UserId) -> Option<u32> {
        (self.store.lesson_progress(user).ok()?.open).filter(|&n| (n as usize) < LESSONS.len())
    }

    /// A play command done in the open lesson: played on the lesson's position by the rules
    /// crate, then checked against the task.
    pub(in crate::service) fn lesson_try(
        &self,
        message: &Message,
        index: u32,
        command: &PlayCommand,
    ) -> Handled {
        let lesson = &LESSONS[index as usize];
        let before = start(lesson)?;
        let say = self.phrasing(message);
        let mut working = Working::new(before.clone(), Vec::new(), &say);
        let played = working.run(command);
        let title = format!("Lesson {}", index + 1);
        if let Err(Failure::Refused(why)) = played {
            let mut text = text![format!("{title}: ")];
            text.append(why);
            text.push(format!(" Try again: {}.", say.cmd(lesson.task.1)));
            return Ok(Reply::private(text));
        }
        played?;
        let Some(turn) = working.completed.first() else {
            return Ok(Reply::private(format!(
                "{title}: your turn is not over yet; give the whole turn in one command, like {}.",
                say.cmd(lesson.task.1)
            )));
        };
        match (lesson.check)(&before, &working.game, turn, &say) {
            Ok(()) => {
                let next = self.store.finish_lesson(message.author.id, index)?;
                let more = if (next as usize) < LESSONS.len() {
                    format!("{} for lesson {}.", say.cmd("learn"), next + 1)
                } else {
                    format!(
                        "That was the last lesson: {} to play me, {} for a puzzle.",
                        say.cmd("challenge @gipf-bot beginner"),
                        say.cmd("puzzle")
                    )
                };
                Ok(Reply::private(format!("{title} done: well played. {more}")))
            }
            Err(feedback) => Ok(Reply::private(format!("{title}: {feedback}."))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lesson_starts_and_its_own_command_does_its_task() {
        let say = Phrasing::chat("!");
        for lesson in &LESSONS {
            let before = start(lesson).unwrap();
            assert_eq!(before.to_move(), Color::White, "{}", lesson.title);
            let line = lesson.task.1;
            let Some(Ok(crate::command::Command::Play(command))) =
                crate::command::parse(&format!("!{line}"), &say)
            else {
                panic!("{line}");
            };
            let mut working = Working::new(before.clone(), Vec::new(), &say);
            working
                .run(&command)
                .unwrap_or_else(|_| panic!("{}: {line}", lesson.title));
            let turn = working.completed.first().expect("a whole turn");
            assert_eq!(
                (lesson.check)(&before, &working.game, turn, &say),
                Ok(()),
                "{}",
                lesson.title
            );
            // The first other push of White is not the task (it says what to try).
            let entry = before
                .open_entries()
                .find(|e| e.first() != Point::B2 && e.dot() != Point::E1)
                .unwrap();
            let mut other = before.clone();
            let done = other
                .play(gipf::potentials::Decision::Push {
                    entry,
                    piece: gipf::potentials::PieceKind::Basic,
                })
                .unwrap();
            if let Some(turn) = done.first() {
                assert!(
                    (lesson.check)(&before, &other, turn, &say).is_err(),
                    "{}",
                    lesson.title
                );
            }
        }
    }
}
