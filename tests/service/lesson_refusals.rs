//! A refusal inside a lesson says what was wrong and points to `hint`: over every step of
//! every lesson's task, every refused command (pushes from the task's dot to every point
//! and from every dot to its spot, with every piece; a power's every target; every
//! answer) names neither the task's command nor an example to play.

use crate::support::table::{Table, shown};

/// Every point of the board, dots included, by name.
fn points() -> Vec<String> {
    let names = ('a'..='i').flat_map(|column| (1..=9).map(move |row| format!("{column}{row}")));
    names
        .filter(|name| name.parse::<gipf::Point>().is_ok())
        .collect()
}

/// The dots around the board.
fn dots() -> Vec<String> {
    (points().into_iter())
        .filter(|name| name.parse::<gipf::Point>().unwrap().is_dot())
        .collect()
}

/// The task's commands, as the hint gives them: `Lesson 4: play `!push a1 b2`, then answer
/// `!take f5` when the game asks.`
fn steps(hint: &str) -> Vec<String> {
    hint.split('`')
        .skip(1)
        .step_by(2)
        .map(|command| command.trim_start_matches('!').to_string())
        .collect()
}

/// Commands near `step`, most of them refused: its kind of command at every point.
fn tries(step: &str) -> Vec<String> {
    let words: Vec<&str> = step.split_whitespace().collect();
    let mut tries = vec![
        "push".to_string(),
        "push e1".to_string(),
        "take".to_string(),
        "keep".to_string(),
        "row".to_string(),
        "row 3".to_string(),
        "tamsk skip".to_string(),
        "move zz".to_string(),
    ];
    match words.as_slice() {
        ["push" | "gipf", dot, first, ..] => {
            for point in points() {
                tries.push(format!("push {dot} {point}"));
                tries.push(format!("gipf {dot} {point}"));
            }
            for other in dots() {
                tries.push(format!("push {other} {first}"));
            }
            for piece in ["basic", "zertz", "dvonn", "tamsk", "punct", "yinsh", "gipf"] {
                tries.push(format!("push {dot} {first} {piece}"));
            }
        }
        [power, from, to] if !["take", "keep", "row"].contains(power) => {
            for point in points() {
                tries.push(format!("{power} {from} {point}"));
                tries.push(format!("{power} {point} {to}"));
            }
        }
        _ => {
            for point in points() {
                tries.push(format!("take {point}"));
                tries.push(format!("keep {point}"));
            }
            tries.extend(["take all", "keep all", "row 1", "row 2"].map(String::from));
        }
    }
    tries
}

/// What would give `step` away: the command itself, its spots in every written form.
fn give_aways(step: &str) -> Vec<String> {
    let words: Vec<&str> = step.split_whitespace().collect();
    let mut forms = vec![step.to_string()];
    if let [_, a, b, ..] = words.as_slice() {
        forms.extend([format!("{a} {b}"), format!("{a}-{b}"), format!("{a}{b}")]);
    }
    forms
}

/// Opens lesson `number` and plays the first `done` steps of its task.
fn open_at(table: &mut Table, number: usize, steps: &[String], done: usize) {
    table.expect("alice", &format!("!learn {number}"), "Lesson ");
    for step in &steps[..done] {
        table.expect("alice", &format!("!{step}"), &format!("Lesson {number}: "));
    }
}

#[test]
fn a_refusal_inside_a_lesson_never_gives_the_task_s_command_away() {
    let mut table = Table::new();
    let mut refused = 0;
    for number in 1..=10 {
        table.expect("alice", &format!("!learn {number}"), "Lesson ");
        let steps = steps(&table.text("alice", "!hint"));
        assert!(!steps.is_empty(), "lesson {number}");
        let forbidden: Vec<String> = steps.iter().flat_map(|s| give_aways(s)).collect();
        for done in 0..steps.len() {
            open_at(&mut table, number, &steps, done);
            for command in tries(&steps[done]) {
                let reply = table.say("alice", &format!("!{command}")).remove(0);
                if reply.board.is_some() {
                    // Played (a question, a missed task, the lesson done): start again.
                    open_at(&mut table, number, &steps, done);
                    continue;
                }
                refused += 1;
                let text = shown(&reply);
                assert!(
                    text.starts_with(&format!("Lesson {number}: "))
                        && text.ends_with(" Try again (`!hint` gives the commands)."),
                    "`!{command}`: {text}"
                );
                let said = text.replace("`!hint`", "");
                for give_away in &forbidden {
                    assert!(
                        !said.contains(give_away.as_str()) || command.contains(give_away.as_str()),
                        "`!{command}` in lesson {number} names `{give_away}`: {text}"
                    );
                }
                // No example to play: a code span quotes what the learner wrote, or a form
                // that names no spot (`row N`, `take <spots>`).
                for quoted in said.split('`').skip(1).step_by(2) {
                    let names_a_spot = quoted
                        .split(|c: char| !c.is_ascii_alphanumeric())
                        .any(|word| word.parse::<gipf::Point>().is_ok());
                    assert!(
                        command.contains(quoted) || !names_a_spot,
                        "`!{command}`: {text}"
                    );
                }
                assert!(!said.contains("you can "), "`!{command}`: {text}");
                // Nor the spots of a step's move together (`from d4 … to e5`), unless the
                // learner wrote them (the list of every dot names them all, and none).
                let said = said.replace("(a1-a5, b1-h1, b6-h6 and c7, d8, e9, f8, g7, i1-i5)", "");
                for step in &steps {
                    let spots: Vec<&str> = step.split_whitespace().skip(1).take(2).collect();
                    let named = spots.len() == 2 && spots.iter().all(|spot| said.contains(spot));
                    let his = spots.iter().all(|spot| command.contains(spot));
                    assert!(!named || his, "`!{command}` names `{step}`'s spots: {text}");
                }
            }
        }
    }
    assert!(refused > 1000, "{refused} refusals");
}
