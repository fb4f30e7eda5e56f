//! `learn`: a short course, one lesson a position ([`lesson_data`]). The learner does each
//! lesson's task with the commands of a real game (`!push e1 e2`, then `!take f5` when the
//! game asks), wherever he has no game and no challenge open (a direct conversation with
//! the bot, say); the rules crate plays it, and the lesson says what happened, shows it,
//! and what to try instead. `hint` gives the task's commands.

use gipf::ByColor;
use gipf::potentials::{Game, Turn};
use gipf_render::{BoardView, RenderOptions};

use super::lesson_data::{LESSONS, Lesson, start};
use super::lesson_refusal::what_was_wrong;
use crate::command::{Phrasing, PlayCommand};
use crate::model::{GameScope, Partial, UserId};
use crate::reply::{Picture, Reply};
use crate::service::names::remember_users;
use crate::service::play::prompt::prompt;
use crate::service::play::working::Working;
use crate::service::server::notify::privately;
use crate::service::voice::Voice;
use crate::service::{Failure, Handled, Message, refuse};
use crate::store::{GameFilter, Store};
use crate::text;
use crate::text::{Span, Text};

/// A lesson's board: the learner's side named `you`, every spot named, `last` marked.
fn lesson_picture(game: &Game, last: Option<&Turn>, note: &str) -> Picture {
    let view = BoardView {
        game,
        last_turn: last,
        names: ByColor::new("you", "Black"),
        note: Some(note),
    };
    let options = RenderOptions {
        coordinates: true,
        ..RenderOptions::default()
    };
    crate::service::picture::draw(&view, &options)
}

/// `!push a1 b2`, then answer `!take f5`: the commands of a lesson's task.
fn steps_words(lesson: &Lesson, say: &Phrasing) -> String {
    match lesson.steps {
        [first, rest @ ..] => {
            let mut words = format!("play {}", say.cmd(first));
            for step in rest {
                words.push_str(&format!(
                    ", then answer {} when the game asks",
                    say.cmd(step)
                ));
            }
            words
        }
        [] => String::new(),
    }
}

/// A refusal in lesson `title`: what was wrong, then a pointer to `hint` (never a command
/// that might be the task's answer).
fn lesson_refused(title: &str, why: &str, say: &Phrasing) -> Reply {
    let why = crate::service::words::as_sentence(Text::from(what_was_wrong(why)));
    let mut text = text![format!("{title}: ")];
    text.append(why);
    text.push(format!(
        " Try again ({} gives the commands).",
        say.cmd("hint")
    ));
    Reply::private(text)
}

/// What the lessons touch: the learner's progress in the store, and the bot's voice.
pub(in crate::service) struct Lessons<'a> {
    pub store: &'a Store,
    pub voice: &'a Voice,
}

impl Lessons<'_> {
    /// `learn [n]`: lesson `n` (from 1), or the learner's next one, with its picture and
    /// task; it stays open until done. After the last, the course says it is finished.
    pub(in crate::service) fn learn(&self, message: &Message, number: Option<u32>) -> Handled {
        remember_users(self.store, message)?;
        let user = message.author.id;
        let progress = self.store.lesson_progress(user)?;
        let say = self.voice.phrasing(message);
        let count = LESSONS.len() as u32;
        let index = match number {
            Some(n) if (1..=count).contains(&n) => n - 1,
            Some(n) => {
                return refuse(format!(
                    "There are lessons 1 to {count}, not {n}: {}",
                    say.cmd("learn 1")
                ));
            }
            None if progress.next >= count => {
                let text = course_finished(progress.done, &say);
                return Ok(privately(
                    self.voice.prefix(),
                    message,
                    Reply::private(text),
                    "the course",
                    "learn",
                ));
            }
            None => progress.next,
        };
        self.store.open_lesson(user, index)?;
        let lesson = &LESSONS[index as usize];
        let game = start(lesson)?;
        let mut text = text![format!(
            "Lesson {} of {count}: {}. {}\nYour task: {}. ({} gives its commands if you need \
             them; {} shows the lesson again, {} jumps to a lesson.)",
            index + 1,
            lesson.title,
            lesson.text,
            lesson.task,
            say.cmd("hint"),
            say.cmd("learn"),
            say.cmd("learn 3"),
        )];
        if self.busy(user)? {
            text.push(
                "\nWhile you have a game or a challenge open, your moves are the game's: do \
                 this lesson once it is over.",
            );
        }
        let note = format!("Lesson {}: {}", index + 1, lesson.title);
        let reply = Reply {
            board: Some(lesson_picture(&game, None, &note)),
            ..Reply::private(text)
        };
        // A course is one learner's: typed in a server, it goes to his direct messages,
        // where he does its tasks; a slash command's answer is his alone.
        let what = format!("lesson {}", index + 1);
        Ok(privately(
            self.voice.prefix(),
            message,
            reply,
            &what,
            "learn",
        ))
    }

    /// Whether `user` plays a game or has a challenge open: then his moves are never his
    /// lesson's.
    fn busy(&self, user: UserId) -> anyhow::Result<bool> {
        let filter = GameFilter::of_player(user, GameScope::Active, 1);
        Ok(!self.store.games(&filter)?.is_empty() || self.store.in_open_challenge(user)?)
    }

    /// The lesson `user` has open, if his commands go to it: never while he plays a game or
    /// has a challenge open.
    pub(in crate::service) fn open_lesson(&self, user: UserId) -> Option<u32> {
        let open = (self.store.lesson_progress(user).ok()?.open)
            .filter(|&n| (n as usize) < LESSONS.len())?;
        (!self.busy(user).ok()?).then_some(open)
    }

    /// `hint` in the open lesson: the commands of its task.
    pub(in crate::service) fn lesson_hint(&self, message: &Message, index: u32) -> Handled {
        let lesson = &LESSONS[index as usize];
        let say = self.voice.phrasing(message);
        Ok(Reply::private(format!(
            "Lesson {}: {}.",
            index + 1,
            steps_words(lesson, &say)
        )))
    }

    /// A play command done in the open lesson: played on the lesson's position (after the
    /// answers given so far in its turn) by the rules crate, then checked against the task
    /// once the turn is whole, or the turn's next question asked.
    pub(in crate::service) fn lesson_try(
        &self,
        message: &Message,
        index: u32,
        command: &PlayCommand,
    ) -> Handled {
        let lesson = &LESSONS[index as usize];
        let user = message.author.id;
        let before = start(lesson)?;
        let say = self.voice.phrasing(message);
        let mut working = self.lesson_turn(user, &before, &say)?;
        let played = working.run(command);
        let title = format!("Lesson {}", index + 1);
        let hint = say.cmd("hint");
        if let Err(Failure::Refused(why)) = played {
            return Ok(lesson_refused(&title, &why.to_string(), &say));
        }
        played?;
        let Some(turn) = working.completed.first().cloned() else {
            self.store
                .set_lesson_partial(user, index, &Partial(working.partial.clone()))?;
            return Ok(self.lesson_question(message, &title, &working.game, &say));
        };
        self.store
            .set_lesson_partial(user, index, &Partial::default())?;
        let after = &working.game;
        let picture = lesson_picture(after, Some(&turn), &format!("{title}: your turn"));
        let text = match (lesson.check)(&before, after, &turn) {
            Ok(()) => {
                let next = self.store.finish_lesson(user, index)?;
                let done = self.store.lesson_progress(user)?.done;
                format!(
                    "{title} done: well played. {}",
                    after_lesson(next, done, &say)
                )
            }
            Err(feedback) => format!(
                "{title}: {feedback}. The lesson starts again from its position ({hint} gives \
                 the commands)."
            ),
        };
        Ok(Reply {
            board: Some(picture),
            ..Reply::private(text)
        })
    }

    /// A move command written wrong by a learner whose commands go to his open lesson:
    /// refused as the lesson refuses, with what was wrong and no example to play. `None`
    /// for any other command, or another author.
    pub(in crate::service) fn lesson_parse_refusal(
        &self,
        message: &Message,
        why: &str,
    ) -> Option<Reply> {
        if !crate::command::is_move_word(&self.voice.command_word(message)) {
            return None;
        }
        let index = self.open_lesson(message.author.id)?;
        let title = format!("Lesson {}", index + 1);
        Some(lesson_refused(&title, why, &self.voice.phrasing(message)))
    }

    /// The learner's turn in his lesson as far as he has played it: the lesson's position
    /// and the answers he gave so far (none if they no longer play).
    fn lesson_turn<'a>(
        &self,
        user: UserId,
        before: &Game,
        say: &'a Phrasing,
    ) -> anyhow::Result<Working<'a>> {
        let partial = self.store.lesson_partial(user)?.0;
        let mut game = before.clone();
        let replayed = partial.iter().all(|&decision| game.play(decision).is_ok());
        Ok(if replayed {
            Working::new(game, partial, say)
        } else {
            Working::new(before.clone(), Vec::new(), say)
        })
    }

    /// What the lesson's turn asks next, as a real game asks it, with its picture.
    fn lesson_question(
        &self,
        message: &Message,
        title: &str,
        game: &Game,
        say: &Phrasing,
    ) -> Reply {
        let player = Span::Name(message.author.name.clone());
        let mut text = text![format!("{title}: ")];
        text.append(Text::join(prompt(game, &game.pending(), player, say), "\n"));
        Reply {
            board: Some(lesson_picture(game, None, &format!("{title}: your answer"))),
            ..Reply::private(text)
        }
    }
}

/// What follows a lesson done: the next (`next`, from 0), or the end of the course, with
/// the lessons skipped (`done`: bit n for lesson n + 1).
fn after_lesson(next: u32, done: u32, say: &Phrasing) -> String {
    if (next as usize) < LESSONS.len() {
        return format!("{} for lesson {}.", say.cmd("learn"), next + 1);
    }
    format!("That was the last lesson. {}", course_finished(done, say))
}

/// What the course says once its last lesson is done: finished, or which lessons are left.
fn course_finished(done: u32, say: &Phrasing) -> String {
    let left: Vec<u32> = (1..=LESSONS.len() as u32)
        .filter(|n| done & (1 << (n - 1)) == 0)
        .collect();
    let play = format!(
        "{} to play me, {} for a puzzle.",
        say.cmd("challenge @gipf-bot beginner"),
        say.cmd("puzzle")
    );
    match left.first() {
        None => format!(
            "You have done all {} lessons: the course is finished. {} opens one again; {play}",
            LESSONS.len(),
            say.cmd("learn 3")
        ),
        Some(first) => {
            let numbers: Vec<String> = left.iter().map(u32::to_string).collect();
            format!(
                "You have reached the end of the course; still to do: {} ({} opens the \
                 first). Or {play}",
                crate::service::words::and_list(&numbers),
                say.cmd(&format!("learn {first}"))
            )
        }
    }
}
