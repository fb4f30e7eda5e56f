//! The bot's set of puzzles, read as a solver would: a puzzle's solution, and a legal turn
//! that is not it.

/// Record `number` (from 1) of the set.
fn record(number: usize) -> &'static str {
    include_str!("../../assets/puzzles.gipf")
        .split("\n\n")
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .nth(number - 1)
        .unwrap()
}

/// The solution of puzzle `number` (from 1).
pub fn solution_of(number: usize) -> String {
    let header = gipf_bot::record::header(record(number)).unwrap();
    header.get("Solution").unwrap().to_string()
}

/// A legal turn of puzzle `number` that does not solve it, as the notation writes it.
pub fn wrong_answer_to(number: usize) -> String {
    let record = record(number);
    let spec = gipf_bot::record::header(record)
        .unwrap()
        .rules(None, None)
        .unwrap();
    let game = gipf_bot::record::replay(record, spec.options())
        .unwrap()
        .last()
        .clone();
    let mut solved = game.clone();
    solved.play_notation(&solution_of(number)).unwrap();
    let (wrong, _) = game
        .legal_turns()
        .into_iter()
        .find(|(_, after)| after.key() != solved.key())
        .unwrap();
    gipf_bot::record::turn_text(&spec.options(), &wrong, false)
}

/// The number in `Puzzle 17 for alice: ...` or `... (number 17): ...`.
pub fn puzzle_number(text: &str) -> usize {
    let rest = match text.split_once("(number ") {
        Some((_, rest)) => rest,
        None => text.strip_prefix("Puzzle ").unwrap(),
    };
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().unwrap()
}
