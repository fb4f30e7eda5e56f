//! Every lesson against the rules crate: its position starts with White to move, its hint's
//! commands do its task (a question asked after each step but the last), and a turn the
//! rules allow that is not the task is told so.
#![allow(clippy::unwrap_used)]

use gipf::Color;
use gipf::potentials::{Game, Turn};

use super::lesson_data::{LESSONS, start};
use crate::command::{Command, Phrasing, parse};
use crate::service::play::working::Working;

/// `steps` played in turn from `before`: the turn completed at the last, or `None` if a step
/// completed none (each one but the last must leave a question).
fn play(before: &Game, steps: &[&str], title: &str) -> (Game, Option<Turn>) {
    let say = Phrasing::chat("!");
    let mut working = Working::new(before.clone(), Vec::new(), &say);
    for (i, step) in steps.iter().enumerate() {
        let Some(Ok(Command::Play(command))) = parse(&format!("!{step}"), &say) else {
            panic!("{title}: `{step}` is no move command");
        };
        if let Err(failure) = working.run(&command) {
            panic!("{title}: `{step}` is refused: {failure:?}");
        }
        let last = i + 1 == steps.len();
        assert_eq!(
            working.completed.is_empty(),
            !last,
            "{title}: `{step}` {} the turn",
            if last { "does not finish" } else { "finishes" }
        );
    }
    (working.game.clone(), working.completed.first().cloned())
}

/// For each lesson, a turn the rules allow that is not its task (none where every legal
/// turn does it).
const WRONG: [&[&str]; 10] = [
    &["push a1 b2"],
    &["push a1 b2"],
    &["push e1 e2"],
    &["push a1 b2", "keep f5"],
    &["push e1 e2", "row 1"],
    &["push e1 e2"],
    &[],
    &["push e1 e2 basic"],
    &["push e1 e2 basic", "tamsk skip"],
    &["push e1 e2 basic"],
];

#[test]
fn every_lesson_s_hint_does_its_task_and_a_wrong_turn_is_told() {
    assert_eq!(LESSONS.len(), 10);
    for (lesson, wrong) in LESSONS.iter().zip(WRONG) {
        let before = start(lesson).unwrap();
        assert_eq!(before.to_move(), Color::White, "{}", lesson.title);
        let (after, turn) = play(&before, lesson.steps, lesson.title);
        let turn = turn.expect("a whole turn");
        assert_eq!(
            (lesson.check)(&before, &after, &turn),
            Ok(()),
            "{}",
            lesson.title
        );
        if wrong.is_empty() {
            continue;
        }
        let (after, turn) = play(&before, wrong, lesson.title);
        let told = (lesson.check)(&before, &after, &turn.expect("a whole turn"));
        assert!(told.is_err(), "{}: {wrong:?}", lesson.title);
    }
}

#[test]
fn no_task_gives_its_own_command_away() {
    for lesson in &LESSONS {
        for step in lesson.steps {
            assert!(!lesson.task.contains(step), "{}", lesson.title);
            assert!(!lesson.text.contains(step), "{}", lesson.title);
        }
        assert!(!lesson.task.contains('`'), "{}", lesson.title);
    }
}
