//! A completed turn in words, for any game (with or without potentials): what was pushed or
//! moved where, what each power did, what each removal took from whom and where it went,
//! the GIPF-pieces lost or converted, and the rows left for the other player. Read from the
//! game at the start of the turn and the turn; the notation is said beside it, not here.

use gipf::potentials::{
    Action, Decision, Game, Group, Item, Mark, PieceKind, Potential, Stack, Turn,
};
use gipf::{Color, Point};

use crate::service::words::{colour_word, spots};

/// A turn in words: its action, and what the action and the removals did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::service) struct Narration {
    /// What was pushed (or which power moved) where: `White pushed a GIPF-piece in from b1
    /// onto c2.`
    pub action: String,
    /// What followed, in one sentence, if anything did: `Then white removed …; it leaves
    /// black a row from b5 to e5.`
    pub effects: Option<String>,
}

/// `turn`, played from `start` (the game at the start of the turn; without it, the words
/// that need the board are left out).
pub(in crate::service) fn narrate(start: Option<&Game>, turn: &Turn) -> Narration {
    let mover = turn.color;
    let after = start.and_then(|game| after_turn(game, turn));
    let mut parts = Vec::new();
    parts.extend(removed_words(
        mover,
        &turn.before,
        start,
        "at the start of the turn",
    ));
    if let Some(Action::Push { extras, .. }) = &turn.action {
        parts.extend(
            extras
                .iter()
                .map(|extra| tamsk_words(mover, extra.as_ref())),
        );
    }
    // The removals after the action read the stacks where the action left them.
    let acted = start.and_then(|game| acted(game, turn));
    parts.extend(removed_words(
        mover,
        &turn.after,
        acted.as_ref().or(start),
        "then",
    ));
    if let (Some(start), Some(after)) = (start, &after) {
        parts.extend(gipf_lost_words(start, after));
        parts.extend(rows_left_words(mover, start, after));
    }
    let effects = (!parts.is_empty()).then(|| capitalised(&format!("{}.", parts.join("; "))));
    Narration {
        action: action_words(mover, turn.action.as_ref(), start),
        effects,
    }
}

/// The game right after the action of `turn`, before the removals it makes that need a
/// choice, if nothing was removed before the action.
fn acted(start: &Game, turn: &Turn) -> Option<Game> {
    let decision = match turn.action.as_ref()? {
        _ if !turn.before.iter().all(Vec::is_empty) => return None,
        Action::Push { piece, path, .. } => Decision::Push {
            entry: path.entry,
            piece: *piece,
        },
        Action::Move { kind, from, to } => Decision::Move {
            kind: *kind,
            from: *from,
            to: *to,
        },
    };
    let mut game = start.clone();
    game.play(decision).ok()?;
    Some(game)
}

/// The game after `turn`, played from `start` (the game at its start) by its notation.
pub(in crate::service) fn after_turn(start: &Game, turn: &Turn) -> Option<Game> {
    let mut game = start.clone();
    game.play_notation(&turn.to_string()).ok()?;
    Some(game)
}

fn capitalised(words: &str) -> String {
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `a GIPF-piece`, `a ZÈRTZ-loaded piece`, `a basic piece`.
fn piece_words(piece: PieceKind) -> String {
    match piece {
        PieceKind::Basic => "a basic piece".to_string(),
        PieceKind::Gipf => "a GIPF-piece".to_string(),
        PieceKind::Loaded(kind) => format!("a {}-loaded piece", kind.name()),
    }
}

/// The first sentence: the push, or the power used, or why there was no action.
fn action_words(mover: Color, action: Option<&Action>, start: Option<&Game>) -> String {
    let who = colour_word(mover);
    match action {
        None => format!("{who}'s turn ended before any push: the game was over."),
        Some(Action::Push { piece, path, .. }) => {
            let (dot, first) = (path.entry.dot(), path.entry.first());
            let moved = if path.end == first {
                String::new()
            } else {
                format!(", moving the pieces ahead of it on as far as {}", path.end)
            };
            format!(
                "{who} pushed {} in from {dot} onto {first}{moved}.",
                piece_words(*piece)
            )
        }
        Some(Action::Move { kind, from, to }) => {
            let target = start.and_then(|game| game.stack(*to));
            format!(
                "{who}'s {}-loaded piece at {from} used its power: {}; a basic piece stays at {from}.",
                kind.name(),
                power_words(mover, *kind, *to, target)
            )
        }
    }
}

/// What a potential's move did: where it went, and what it took over or converted there.
fn power_words(mover: Color, kind: Potential, to: Point, target: Option<Stack>) -> String {
    let other = !mover;
    match (kind, target) {
        (Potential::Zertz, _) => {
            format!("the ZÈRTZ potential jumped over the line of pieces and landed on {to}")
        }
        (Potential::Yinsh, _) => format!("the YINSH potential slid over empty spots to {to}"),
        (Potential::Punct, Some(stack)) if stack.is_gipf() => format!(
            "the PÜNCT potential jumped onto {other}'s GIPF-piece at {to} and converted it: its top piece is captured, and the piece left under the PÜNCT is now a {mover} GIPF-piece"
        ),
        (_, Some(stack)) => format!(
            "the {} potential jumped onto {} at {to}, which is now {mover}'s",
            kind.name(),
            stack_words(stack)
        ),
        (_, None) => format!(
            "the {} potential jumped onto {other}'s stack at {to}, which is now {mover}'s",
            kind.name()
        ),
    }
}

/// A stack a power lands on: `black's piece`, `black's DVONN-loaded piece`, `black's
/// PÜNCT stack`.
fn stack_words(stack: Stack) -> String {
    let owner = stack.color();
    match (stack.uncovered_loaded(), stack.covers) {
        (Some(kind), _) => format!("{owner}'s {}-loaded piece", kind.name()),
        (None, 0) => format!("{owner}'s piece"),
        (None, _) => format!("{owner}'s {} stack", stack.cover_kind.name()),
    }
}

/// A TAMSK answer: the extra push made, or given up.
fn tamsk_words(mover: Color, extra: Option<&gipf::potentials::PushPath>) -> String {
    match extra {
        Some(path) => format!(
            "the TAMSK piece reached e5, and {mover} made the extra push from {} onto {}",
            path.entry.dot(),
            path.entry.first()
        ),
        None => format!("the TAMSK piece reached e5, and {mover} gave up the extra push"),
    }
}

/// Where an item goes: to whom it belonged and what became of it.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Fate {
    /// The remover's own piece, back to his reserve.
    Reserve,
    /// The opponent's piece, captured.
    Captured,
    /// A used potential, out of the game.
    Out,
}

/// What was removed in one part of the turn (`when`: before the action, or after it), in
/// words: `at the start of the turn white removed white's pieces at c3 d4 (back to white's
/// reserve) and black's GIPF-piece at e5 (captured)`.
fn removed_words(
    mover: Color,
    groups: &[Group],
    start: Option<&Game>,
    when: &str,
) -> Option<String> {
    let items: Vec<Item> = groups.iter().flatten().copied().collect();
    if items.is_empty() {
        return None;
    }
    let rows = groups.iter().filter(|g| !g.is_empty()).count();
    let rows = if rows == 1 {
        "a row".to_string()
    } else {
        format!("{rows} rows")
    };
    let mut kinds: Vec<(String, Vec<Point>)> = Vec::new();
    for item in &items {
        let words = item_words(mover, item, start);
        match kinds.iter_mut().find(|(k, _)| *k == words) {
            Some((_, points)) => points.push(item.spot),
            None => kinds.push((words, vec![item.spot])),
        }
    }
    let said: Vec<String> = kinds
        .into_iter()
        .map(|(words, points)| {
            let several = points.len() > 1;
            let points = spots(points.into_iter().collect());
            words
                .replace("{s}", if several { "s" } else { "" })
                .replace("{each}", if several { " each" } else { "" })
                .replace("{at}", &points)
        })
        .collect();
    Some(format!(
        "{when} {mover} removed {rows}: {}",
        said.join(", ")
    ))
}

/// One removed item, its spots left as `{at}` and its plural as `{s}` (and `{each}`):
/// `black's piece{s} at {at} captured`.
fn item_words(mover: Color, item: &Item, start: Option<&Game>) -> String {
    let owner = if item.opponent { !mover } else { mover };
    let fate = match item.mark {
        Mark::Used => Fate::Out,
        _ if item.opponent => Fate::Captured,
        _ => Fate::Reserve,
    };
    let goes = match fate {
        Fate::Reserve => format!("back to {mover}'s reserve"),
        Fate::Captured => "captured".to_string(),
        Fate::Out => "out of the game".to_string(),
    };
    match item.mark {
        Mark::Basic => format!("{owner}'s piece{{s}} at {{at}} {goes}"),
        Mark::Used => format!("{owner}'s used potential{{s}} at {{at}} {goes}"),
        Mark::Loaded(kind) => format!(
            "{owner}'s {}-loaded piece{{s}} at {{at}} {goes}, the potential out of the game",
            kind.name()
        ),
        Mark::Gipf if converted(start, item.spot) => {
            // A converted GIPF-piece is the other colour's basic piece under a PÜNCT.
            let (under, goes) = if item.opponent {
                (mover, format!("back to {mover}'s reserve"))
            } else {
                (!mover, "captured".to_string())
            };
            format!(
                "{owner}'s converted GIPF-piece{{s}} at {{at}}: the PÜNCT out of the game, {under}'s piece under it {goes}"
            )
        }
        Mark::Gipf => format!("{owner}'s GIPF-piece{{s}} at {{at}} {goes} (2 pieces{{each}})"),
    }
}

/// Whether the GIPF-piece on `spot` in `start` (the game before its removal) is a
/// converted one.
fn converted(start: Option<&Game>, spot: Point) -> bool {
    start
        .and_then(|game| game.stack(spot))
        .is_some_and(|stack| stack.is_converted())
}

/// `black has no GIPF-piece left`, for a player who had one at the start of the turn.
fn gipf_lost_words(start: &Game, after: &Game) -> Vec<String> {
    Color::ALL
        .into_iter()
        .filter(|&c| !start.gipf_pieces(c).is_empty() && after.gipf_pieces(c).is_empty())
        .map(|c| format!("{c} has no GIPF-piece left"))
        .collect()
}

/// The rows the turn made for the other player (none stood at its start), each by the
/// spots of its removal set: he deals with them at the start of his turn (those that need no
/// choice are already gone from `after`, in his turn begun).
fn rows_left_words(mover: Color, start: &Game, after: &Game) -> Option<String> {
    let other = !mover;
    if after.outcome().is_some() || after.to_move() != other {
        return None;
    }
    let standing = start.rows(other);
    let removed = after.current_turn().before.iter().filter(|g| !g.is_empty());
    let pending = after
        .rows(other)
        .into_iter()
        .filter(|row| !standing.contains(row));
    let rows: Vec<String> = removed
        .map(|group| spots(group.iter().map(|item| item.spot).collect()))
        .chain(pending.map(|row| spots(row.set)))
        .collect();
    let (word, list) = match rows.as_slice() {
        [] => return None,
        [one] => ("a row", one.clone()),
        [rest @ .., last] => ("rows", format!("{} and {last}", rest.join(", "))),
    };
    Some(format!(
        "this made {other} {word} to deal with at the start of the next turn: {list}"
    ))
}

#[cfg(test)]
#[path = "narrate_tests.rs"]
mod tests;
