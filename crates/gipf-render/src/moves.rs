//! The last turn, marked: the entry dot and arrow of a push (and of each TAMSK extra push,
//! in TAMSK's colour), the new piece's halo, a potential move's path from its loaded piece
//! to its target in the kind's colour, and the ghosts of what the turn removed; in an
//! exchange, the turn it answered too, each numbered. Also the pending decision.

use gipf::Point;
use gipf::potentials::{Action, Game, Group, Item, Mark, Pending, Potential, Turn};
use image::RgbImage;

use super::RenderOptions;
use super::canvas::Paint;
use super::disc::{Pt, arrow, disc, segment_distance};
use super::layout::{NEW_PIECE_HALO_RADIUS, PIECE_RADIUS, center_of};
use super::overlay::{self, ARROW_WIDTH, draw_halo, short_of};
use super::stacks::{Gone, GoneKind, draw_mark, draw_stack_ghost};
use super::theme;

/// The turns to mark: the turn in progress if it has acted, else the last completed turn
/// (plus the removals the turn in progress made before its action, if any).
pub(crate) fn highlighted_turns(game: &Game, last_turn: Option<&Turn>) -> Vec<Turn> {
    let current = game.current_turn();
    if current.action.is_some() {
        return vec![current.clone()];
    }
    let mut turns: Vec<Turn> = last_turn.cloned().into_iter().collect();
    let removed = current.before.iter().any(|group| !group.is_empty());
    if removed && !turns.contains(current) {
        turns.push(current.clone());
    }
    turns
}

/// The pushes of a turn and their colours: the push, then its TAMSK extra pushes.
fn pushes(turn: &Turn) -> Vec<(gipf::Entry, Point, Paint)> {
    let Some(Action::Push { path, extras, .. }) = &turn.action else {
        return Vec::new();
    };
    let tamsk = theme::kind(Potential::Tamsk);
    let extras = extras.iter().flatten().map(|p| (p.entry, p.end, tamsk));
    std::iter::once((path.entry, path.end, theme::LAST_MOVE))
        .chain(extras)
        .collect()
}

/// Under the pieces: the dots and arrows of the pushes.
pub(crate) fn draw_under(image: &mut RgbImage, turns: &[Turn], options: &RenderOptions) {
    for (entry, end, paint) in turns.iter().flat_map(pushes) {
        overlay::draw_entry_dot(image, entry, paint, options);
        overlay::draw_push_arrow(image, (entry, end), paint, options);
    }
}

/// Over the pieces: the halo of each piece a push brought in (if still there and the
/// mover's), and the path of a potential move.
pub(crate) fn draw_over(
    image: &mut RgbImage,
    game: &Game,
    turns: &[Turn],
    options: &RenderOptions,
) {
    for turn in turns {
        for (entry, _, paint) in pushes(turn) {
            let first = entry.first();
            if game.stack(first).is_some_and(|s| s.color() == turn.color) {
                draw_halo(image, first, paint, options);
            }
        }
        if let Some(Action::Move { kind, from, to }) = turn.action {
            draw_potential_move(image, kind, (from, to), options);
            draw_crossed_marks(image, game, (from, to), options);
        }
    }
}

/// The path of a potential move, over the pieces so that it shows across those a ZÈRTZ
/// jumps: a dot on the loaded piece it left, an arrow to the halo round its target, in the
/// kind's colour on a white edge (which keeps it visible on black pieces).
pub(crate) fn draw_potential_move(
    image: &mut RgbImage,
    kind: Potential,
    (from, to): (Point, Point),
    options: &RenderOptions,
) {
    let paint = theme::kind(kind);
    let (start, target) = (center_of(from, options), center_of(to, options));
    let tip = short_of(start, target, NEW_PIECE_HALO_RADIUS - 2.0);
    arrow(image, start, tip, ARROW_WIDTH + 4.0, theme::ON_BADGE, 0.9);
    disc(image, start, MOVE_DOT_RADIUS + 2.0, theme::ON_BADGE, 0.9);
    arrow(image, start, tip, ARROW_WIDTH, paint, 1.0);
    disc(image, start, MOVE_DOT_RADIUS, paint, 1.0);
    draw_halo(image, to, paint, options);
}

/// Draws again, over a potential move's path, the marks of the pieces it crosses (those a
/// ZÈRTZ jumped): their letters stay readable, the path shows across the rest of them.
fn draw_crossed_marks(
    image: &mut RgbImage,
    game: &Game,
    (from, to): (Point, Point),
    options: &RenderOptions,
) {
    let (start, target) = (center_of(from, options), center_of(to, options));
    for (spot, stack) in game.stacks() {
        let center = center_of(spot, options);
        let crossed = segment_distance(center, start, target) < PIECE_RADIUS;
        if crossed && spot != from && spot != to {
            draw_mark(image, center, PIECE_RADIUS, stack);
        }
    }
}

/// Under the pieces, the turn that an exchange's last turn answered (a player's turn, then
/// the engine's, in one picture): its pushes in [`theme::ANSWERED_MOVE`], and the ghosts of
/// what it removed where the spot is still empty.
pub(crate) fn draw_answered_under(
    image: &mut RgbImage,
    game: &Game,
    answered: &Turn,
    options: &RenderOptions,
) {
    for (entry, end, _) in pushes(answered) {
        overlay::draw_entry_dot(image, entry, theme::ANSWERED_MOVE, options);
        overlay::draw_push_arrow(image, (entry, end), theme::ANSWERED_MOVE, options);
    }
    for groups in [&answered.before, &answered.after] {
        draw_removal(image, game, answered.color, groups, options);
    }
}

/// Numbers an exchange's turns on the dots they entered from, in their colours: 1 the turn
/// answered, 2 the answer (`turns`, the last turn marked). Two numbers on one dot sit side
/// by side, 1 on the left, so that neither covers the other.
pub(crate) fn number_exchange(
    image: &mut RgbImage,
    answered: &Turn,
    turns: &[Turn],
    options: &RenderOptions,
) {
    let numbered: Vec<(&str, Paint, Point)> =
        std::iter::once(("1", theme::ANSWERED_MOVE, answered))
            .chain(turns.iter().map(|turn| ("2", theme::LAST_MOVE, turn)))
            .filter_map(|(number, paint, turn)| {
                let (entry, _, _) = pushes(turn).into_iter().next()?;
                Some((number, paint, entry.dot()))
            })
            .collect();
    for &(number, paint, dot) in &numbered {
        let shared = numbered
            .iter()
            .any(|&(other, _, at)| at == dot && other != number);
        let mut center = center_of(dot, options);
        if shared {
            center.0 += if number == "1" {
                -SHARED_DOT_SHIFT
            } else {
                SHARED_DOT_SHIFT
            };
        }
        overlay::badge(image, center, number, paint);
    }
}

/// How far each of two numbers on one dot stands from it, to its side: a badge's disc
/// (radius 24) then just clears the other's.
pub(crate) const SHARED_DOT_SHIFT: f32 = 25.0;

/// Radius of the dot on the spot a potential move started from.
pub(crate) const MOVE_DOT_RADIUS: f32 = 9.0;

/// Draws the ghosts of what `turns` removed, where the spot is now empty: of each spot, the
/// last thing taken off it before the action (the piece at the bottom), then the last after
/// it. A spot emptied before a push, filled by it and emptied again lost two pieces, and
/// shows both ghosts, one on the other.
pub(crate) fn draw_removed(
    image: &mut RgbImage,
    game: &Game,
    turns: &[Turn],
    options: &RenderOptions,
) {
    for turn in turns {
        for groups in [&turn.before, &turn.after] {
            draw_removal(image, game, turn.color, groups, options);
        }
    }
}

fn draw_removal(
    image: &mut RgbImage,
    game: &Game,
    remover: gipf::Color,
    groups: &[Group],
    options: &RenderOptions,
) {
    let mut last: Vec<&Item> = Vec::new();
    for item in groups.iter().flatten() {
        last.retain(|i| i.spot != item.spot);
        last.push(item);
    }
    for item in last {
        if game.stack(item.spot).is_none() {
            let center: Pt = center_of(item.spot, options);
            draw_stack_ghost(image, center, gone(remover, item));
        }
    }
}

/// What `item`, removed by `remover`, took.
fn gone(remover: gipf::Color, item: &Item) -> Gone {
    let color = if item.opponent { !remover } else { remover };
    let what = match item.mark {
        Mark::Basic => GoneKind::Basic,
        Mark::Gipf => GoneKind::Gipf,
        Mark::Loaded(kind) => GoneKind::Loaded(kind),
        Mark::Used => GoneKind::Used,
    };
    Gone {
        color,
        what,
        captured: item.opponent && what != GoneKind::Used,
    }
}

/// Draws what the pending decision asks about: the rows to choose from, the pieces to keep
/// or take, the TAMSK piece that may push again.
pub(crate) fn draw_pending(
    image: &mut RgbImage,
    game: &Game,
    pending: &Pending,
    options: &RenderOptions,
) {
    match pending {
        Pending::ChooseRow { rows } => {
            overlay::draw_row_choices(image, rows, game.occupied(), options);
        }
        Pending::Remove { row, optional } => {
            overlay::draw_take_choices(image, row, *optional, options);
        }
        Pending::Tamsk => draw_halo(image, Point::E5, theme::kind(Potential::Tamsk), options),
        Pending::Action | Pending::GameOver(_) => {}
    }
}
