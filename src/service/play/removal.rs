//! The words of a row being removed, for the player who removes it: whose each piece is,
//! where it goes when taken (back to his reserve, captured, out of the game), which choice
//! wins or loses the game on the spot, and which rows remain after his choice. The rules
//! crate answers every question, on copies of the game.

use gipf::potentials::{Base, Class, Decision, Game, Pending, Stack};
use gipf::{Bitboard, Color, Outcome, Point, Row};

use crate::command::Phrasing;
use crate::service::words::{ending_words, spot_list, spots, uses_potentials};
use crate::text;
use crate::text::{Span, Text};

/// How the game would end if `take` were the answer to the row being removed: `None` if it
/// goes on (or the answer is not legal).
pub(in crate::service) fn take_ends(game: &Game, take: Bitboard) -> Option<Outcome> {
    let mut after = game.clone();
    after.play(Decision::Take(take)).ok()?;
    after.outcome()
}

/// Whether answering `take` is legal and does not lose the game for the player at once.
pub(in crate::service) fn safe(game: &Game, take: Bitboard) -> bool {
    let me = game.to_move();
    let mut after = game.clone();
    after.play(Decision::Take(take)).is_ok() && after.outcome().is_none_or(|o| o.winner == me)
}

/// `your`, or the other colour's possessive: `black's`.
fn whose(color: Color, me: Color) -> String {
    if color == me {
        "your".to_string()
    } else {
        format!("{color}'s")
    }
}

/// A piece of a removal set in words, `one` or several of them: `your piece`, `black's
/// GIPF-pieces`, `your ZÈRTZ-loaded piece`, `a used DVONN potential`.
fn kind_words(stack: Stack, me: Color, several: bool) -> String {
    let s = if several { "s" } else { "" };
    let owner = whose(stack.color(), me);
    match stack.class() {
        Class::Basic => format!("{owner} piece{s}"),
        Class::Gipf => format!("{owner} GIPF-piece{s}"),
        Class::Loaded(kind) => format!("{owner} {}-loaded piece{s}", kind.name()),
        Class::Used => {
            let kind = match stack.base {
                Base::Used(kind) if stack.covers == 0 => kind,
                _ => stack.cover_kind,
            };
            if several {
                format!("used {} potentials", kind.name())
            } else {
                format!("a used {} potential", kind.name())
            }
        }
    }
}

/// The pieces on `set` in words, grouped: `your pieces at d2 d3, your GIPF-piece at d4,
/// black's piece at d6`.
pub(in crate::service) fn set_words(game: &Game, set: Bitboard) -> String {
    let me = game.to_move();
    let mut groups: Vec<(String, Stack, Vec<Point>)> = Vec::new();
    for point in set.iter() {
        let Some(stack) = game.stack(point) else {
            continue;
        };
        let key = kind_words(stack, me, false);
        match groups.iter_mut().find(|(k, _, _)| *k == key) {
            Some((_, _, points)) => points.push(point),
            None => groups.push((key, stack, vec![point])),
        }
    }
    let words: Vec<String> = groups
        .into_iter()
        .map(|(_, stack, points)| {
            format!(
                "{} at {}",
                kind_words(stack, me, points.len() > 1),
                spot_list(points.iter().copied())
            )
        })
        .collect();
    words.join(", ")
}

/// What the optional piece on `point` is and what taking it does: `your GIPF-piece at e5:
/// taking it puts it back in your reserve (2 pieces)`, `black's GIPF-piece at f6: taking it
/// captures it (2 pieces), and then black would have no GIPF-piece left on the board, so you
/// win the game`.
fn optional_words(game: &Game, point: Point, stack: Stack) -> String {
    let me = game.to_move();
    let pieces = stack.basic_pieces(stack.bottom);
    let counted = if pieces == 2 { " (2 pieces)" } else { "" };
    let goes = if stack.bottom == me {
        format!("puts it back in your reserve{counted}")
    } else {
        format!("captures it{counted}")
    };
    let potential = match stack.class() {
        Class::Loaded(kind) => format!(", and its {} potential leaves the game", kind.name()),
        _ => String::new(),
    };
    let ends = match take_ends(game, Bitboard::from(point)) {
        Some(outcome) if outcome.winner == me => {
            format!(", and then {}", ending_words(outcome, me))
        }
        Some(outcome) => format!(", but then {}", ending_words(outcome, me)),
        None => String::new(),
    };
    format!(
        "{} at {point}: taking it {goes}{potential}{ends}",
        kind_words(stack, me, false)
    )
}

/// What goes for sure when the row is removed: `your pieces at d2 d3 go back to your
/// reserve; black's piece at d6 is captured; a used DVONN potential at e4 leaves the game`.
fn compulsory_words(game: &Game, row: &Row, optional: Bitboard) -> Option<String> {
    let me = game.to_move();
    let compulsory = row.set - optional;
    let part = |class_of: &dyn Fn(Stack) -> bool, verb: (&str, &str)| {
        let set: Bitboard = compulsory
            .iter()
            .filter(|&p| game.stack(p).is_some_and(class_of))
            .collect();
        let several = set.count() > 1;
        (!set.is_empty()).then(|| {
            format!(
                "{} {}",
                set_words(game, set),
                if several { verb.1 } else { verb.0 }
            )
        })
    };
    let used = |s: Stack| s.class() == Class::Used;
    let parts: Vec<String> = [
        part(
            &|s| !used(s) && s.bottom == me,
            ("goes back to your reserve", "go back to your reserve"),
        ),
        part(
            &|s| !used(s) && s.bottom != me,
            ("is captured", "are captured"),
        ),
        part(&used, ("leaves the game", "leave the game")),
    ]
    .into_iter()
    .flatten()
    .collect();
    (!parts.is_empty()).then(|| parts.join("; "))
}

/// The rows of the player still to remove after answering `take`, if his turn goes on.
fn rows_after(game: &Game, take: Bitboard) -> Option<Vec<Row>> {
    let me = game.to_move();
    let mut after = game.clone();
    after.play(Decision::Take(take)).ok()?;
    if after.to_move() != me || after.outcome().is_some() {
        return Some(Vec::new());
    }
    Some(match after.pending() {
        Pending::Remove { row, .. } => vec![row],
        Pending::ChooseRow { rows } => rows,
        _ => Vec::new(),
    })
}

/// Which rows remain after this choice and when they go: the player's own (this turn), and
/// the opponent's that the push made (at the start of his turn).
fn rows_left_words(game: &Game, row: &Row, optional: Bitboard) -> Vec<String> {
    let me = game.to_move();
    let mut lines = Vec::new();
    let kept = rows_after(game, Bitboard::EMPTY).unwrap_or_default();
    let taken = rows_after(game, optional).unwrap_or_default();
    let mut told = vec![row.line];
    for other in kept.iter().chain(&taken) {
        if told.contains(&other.line) {
            continue;
        }
        told.push(other.line);
        let either = taken.iter().any(|r| r.line == other.line);
        let shared = other.set & optional;
        let (a, b) = other.ends();
        lines.push(if either || shared.is_empty() {
            format!("Then your row from {a} to {b} goes too, in this turn.")
        } else {
            format!(
                "Keeping {} leaves your row from {a} to {b} standing: you remove it next, in this turn; taking {} breaks it.",
                spots(shared),
                if shared.count() > 1 { "them" } else { "it" }
            )
        });
    }
    if !game.before_action() {
        for theirs in game.rows(!me).iter().filter(|r| game.must_deal(r)) {
            let (a, b) = theirs.ends();
            let shared = theirs.set & optional;
            let holds = if shared.is_empty() {
                String::new()
            } else {
                format!(", which holds {}", spots(shared))
            };
            lines.push(format!(
                "Your push also made {other} a row from {a} to {b}{holds}: if it still stands after your choice, {other} removes it at the start of the next turn.",
                other = !me
            ));
        }
    }
    lines
}

/// The question of a row being removed: what goes for sure, what each optional piece is
/// and what taking it does, the rows that remain, and the answers (never one that loses
/// the game as the example).
pub(in crate::service) fn removal_prompt(
    game: &Game,
    row: &Row,
    optional: Bitboard,
    player: Span,
    say: &Phrasing,
    when: &str,
) -> Vec<Text> {
    let potentials = uses_potentials(game);
    let verb = if potentials { "dealt with" } else { "removed" };
    let (a, b) = row.ends();
    let mut head = format!(", your row from {a} to {b} is {verb} {when}.");
    if let Some(sure) = compulsory_words(game, row, optional) {
        head.push_str(&format!(" In any case, {sure}."));
    }
    let mut lines = vec![text![player, head]];
    lines.push(Text::from(if optional.count() > 1 {
        "Your choice: take any of these pieces; those you keep stay on their spots."
    } else {
        "Your choice: take this piece, or keep it on its spot."
    }));
    for point in optional.iter() {
        if let Some(stack) = game.stack(point) {
            lines.push(Text::from(format!(
                "- {}.",
                optional_words(game, point, stack)
            )));
        }
    }
    let note = match (potentials, game.must_deal(row)) {
        (true, true) => Some(
            "The row must end broken: no 4 of its pieces may stay in a row, unless all 4 are GIPF-pieces.",
        ),
        (true, false) => Some("This row may also stay as it is."),
        (false, false) => Some("The row is all GIPF-pieces, so it may also stay as it is."),
        (false, true) => None,
    };
    lines.extend(note.map(Text::from));
    lines.extend(
        rows_left_words(game, row, optional)
            .into_iter()
            .map(Text::from),
    );
    lines.push(Text::from(answer_words(game, row, optional, say)));
    lines
}

/// The pieces a `take` example takes: one if that is safe, else the fewest that are, the
/// opponent's pieces before the remover's own; none when only `take all` or `keep all` is
/// legal and safe.
pub(in crate::service) fn take_example(
    game: &Game,
    row: &Row,
    optional: Bitboard,
) -> Option<Bitboard> {
    let remover = game.to_move();
    let own = |take: &Bitboard| {
        take.iter()
            .filter(|&spot| game.stack(spot).is_some_and(|s| s.color() == remover))
            .count()
    };
    let mut takes = game.legal_takes(row);
    takes.sort_by_key(|take| (take.count(), own(take)));
    takes
        .into_iter()
        .find(|&take| !take.is_empty() && take != optional && safe(game, take))
}

/// `Answer `!take e5` (the ones to take), `!take all` or `!keep all`.`, with only the
/// answers that are legal and do not lose the game as examples.
fn answer_words(game: &Game, row: &Row, optional: Bitboard, say: &Phrasing) -> String {
    let mut answers = Vec::new();
    if let Some(take) = take_example(game, row, optional) {
        answers.push(format!(
            "{} (the ones to take)",
            say.cmd(&format!("take {}", spots(take)))
        ));
    }
    if safe(game, optional) {
        answers.push(say.cmd("take all"));
    }
    if safe(game, Bitboard::EMPTY) {
        answers.push(say.cmd("keep all"));
    }
    let mut words = match answers.len() {
        0 => format!(
            "Every answer loses the game at once: give yours with `confirm` after it, like {}.",
            say.cmd("take all confirm")
        ),
        1 => format!("Answer {}.", answers[0]),
        n => format!(
            "Answer {} or {}.",
            answers[..n - 1].join(", "),
            answers[n - 1]
        ),
    };
    if game.clone().play(Decision::Take(Bitboard::EMPTY)).is_err() {
        words.push_str(" Keeping them all would leave the row unbroken.");
    }
    words
}
