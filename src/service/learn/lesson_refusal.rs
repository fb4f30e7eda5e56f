//! A refusal inside a lesson: what was wrong, never a command to play instead. The play
//! path's refusals end with an example (`from e1 you can push to e2`, `push it with
//! !push e1 e2`, `from d4 the PÜNCT can move to e5`), which in a lesson may be the task's own answer: the lesson keeps the
//! refusal up to its first example and points to `hint`, which gives the task's commands
//! on request.

/// Where a refusal turns from what was wrong to what to play: each clause of a refusal
/// starts after one of these.
const CLAUSE_ENDS: [&str; 5] = ["; ", ": ", ". ", ", like ", ", or "];

/// What makes a clause an example: a command in a code span, spots offered to push to or
/// to move a power to, or the spot of the loaded piece to use.
const EXAMPLE_MARKS: [&str; 6] = [
    "`",
    "you can ",
    " can move to ",
    " can land on ",
    "yours is on ",
    "yours are on ",
];

/// The part of `refusal` that says what was wrong: its clauses up to the first one that
/// offers something to play (the first clause is always kept: it says what the learner
/// wrote, which gives nothing away), ended with a full stop.
pub(super) fn what_was_wrong(refusal: &str) -> String {
    let mut kept = String::new();
    let mut rest = refusal.trim();
    // What joins the clause kept last to the next, once that one is kept too.
    let mut joint = "";
    loop {
        let next = CLAUSE_ENDS
            .iter()
            .filter_map(|end| rest.find(end).map(|at| (at, end.len())))
            .min();
        let (clause, end, after) = match next {
            Some((at, len)) => (&rest[..at], &rest[at..at + len], &rest[at + len..]),
            None => (rest, "", ""),
        };
        if !kept.is_empty() && EXAMPLE_MARKS.iter().any(|mark| clause.contains(mark)) {
            break;
        }
        kept.push_str(joint);
        kept.push_str(clause);
        joint = end;
        if after.is_empty() {
            break;
        }
        rest = after;
    }
    format!("{}.", kept.trim_end_matches([' ', ',', ';', ':', '.']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_keeps_what_was_wrong_and_drops_its_examples() {
        for (refusal, kept) in [
            (
                "e1 e3: e3 is not a first spot from e1; from e1 you can push to e2",
                "e1 e3: e3 is not a first spot from e1.",
            ),
            (
                "your first push must bring in a GIPF-piece: `!gipf e1 e2`",
                "your first push must bring in a GIPF-piece.",
            ),
            (
                "you still have potentials to load (Z1 D1): name the piece, like `!push e1 e2 zertz`, or push a basic piece with `!push e1 e2 basic` and give up the rest of them (zertz, dvonn)",
                "you still have potentials to load (Z1 D1): name the piece.",
            ),
            (
                "e1 e4 names no push now: e2 is empty, so a piece pushed from e1 stops there, and the record writes `e2`. Push it with `!push e1 e2`",
                "e1 e4 names no push now.",
            ),
            (
                "e9 is not a target: from d4 the PÜNCT can move to e5",
                "e9 is not a target.",
            ),
            (
                "the line from e1 is full: no piece can be pushed in there",
                "the line from e1 is full: no piece can be pushed in there.",
            ),
        ] {
            assert_eq!(what_was_wrong(refusal), kept);
        }
    }
}
