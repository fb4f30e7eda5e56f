//! The bands around the board: the status header (who is to move or who won, and why; the
//! turn number; the game) and one card per player in the footer (name, colour, reserve as a
//! count and a stack, captures).

use gipf::{Color, Kind, Pending, Piece, Reason};
use image::{Rgb, RgbImage};

use super::canvas::Paint;
use super::disc::{ConvexPolygon, Pt};
use super::layout::{FOOTER_TOP, WIDTH};
use super::pieces::draw_piece;
use super::text::{self, Style, Weight};
use super::{BoardView, RenderOptions, theme};

const MARGIN: f32 = 24.0;

fn style(weight: Weight, size: f32, paint: Paint) -> Style {
    Style {
        weight,
        size,
        paint,
    }
}

fn name_of<'a>(view: &BoardView<'a>, color: Color) -> &'a str {
    let name = view.names[color.index()].trim();
    if name.is_empty() {
        match color {
            Color::White => "White",
            Color::Black => "Black",
        }
    } else {
        name
    }
}

/// What the header's second line says about the state of play.
fn detail(view: &BoardView, pending: &Pending) -> String {
    let position = view.position;
    match pending {
        Pending::GameOver(outcome) => {
            let loser = name_of(view, !outcome.winner);
            match outcome.reason {
                Reason::NoReserve => format!("{loser} has no piece left in reserve"),
                Reason::NoGipf => format!("{loser} has no GIPF-piece left"),
                Reason::Resignation => format!("{loser} resigned"),
            }
        }
        Pending::ChooseRow { rows } => {
            let numbers: Vec<String> = (1..=rows.len()).map(|n| n.to_string()).collect();
            format!("Choose the row to remove first: {}", numbers.join(" or "))
        }
        Pending::TakeGipf { gipf, .. } => {
            if gipf.count() == 1 {
                "Keep or take the marked GIPF-piece".to_string()
            } else {
                "Keep or take each marked GIPF-piece".to_string()
            }
        }
        Pending::Push => format!("Plays {}: push a piece", position.to_move()),
    }
}

/// Draws the status header.
pub(crate) fn draw_header(image: &mut RgbImage, view: &BoardView, pending: &Pending) {
    let position = view.position;
    let (color, verb, turn) = match pending {
        Pending::GameOver(outcome) => (
            outcome.winner,
            " wins",
            format!("{} turns", position.plies()),
        ),
        _ => (
            position.to_move(),
            " to move",
            format!("Turn {}", position.plies() + 1),
        ),
    };
    let kind = format!("{} game", position.variant());
    let right = WIDTH as f32 - MARGIN;
    let title = style(Weight::Bold, 32.0, theme::INK);
    let subtitle = style(Weight::Regular, 22.0, theme::LABEL);

    let turn_width = text::draw_right(
        image,
        &turn,
        (right, 44.0),
        &style(Weight::Bold, 28.0, theme::INK),
    );
    let kind_width = text::draw_right(image, &kind, (right, 78.0), &subtitle);

    let marker: Pt = (MARGIN + 18.0, 33.0);
    draw_piece(
        image,
        marker,
        17.0,
        Piece {
            color,
            kind: Kind::Basic,
        },
    );
    let left = MARGIN + 48.0;
    let verb_width = text::width(verb, &title);
    let room = right - turn_width - 24.0 - left - verb_width;
    let name = text::fit(name_of(view, color), &title, room);
    let name_width = text::draw(image, &name, (left, 44.0), &title);
    text::draw(image, verb, (left + name_width, 44.0), &title);

    let detail_room = right - kind_width - 24.0 - MARGIN;
    let detail = text::fit(&detail(view, pending), &subtitle, detail_room);
    text::draw(image, &detail, (MARGIN, 78.0), &subtitle);
}

/// Draws the two player cards, the player at the bottom of the board first.
pub(crate) fn draw_footer(
    image: &mut RgbImage,
    view: &BoardView,
    pending: &Pending,
    options: &RenderOptions,
) {
    let order = if options.black_side {
        [Color::Black, Color::White]
    } else {
        [Color::White, Color::Black]
    };
    let gap = 16.0;
    let card_width = (WIDTH as f32 - 2.0 * gap - gap) / 2.0;
    for (slot, color) in order.into_iter().enumerate() {
        let left = gap + slot as f32 * (card_width + gap);
        draw_card(
            image,
            view,
            pending,
            color,
            (left, FOOTER_TOP + 12.0),
            card_width,
        );
    }
}

const CARD_HEIGHT: f32 = 124.0;

fn draw_card(
    image: &mut RgbImage,
    view: &BoardView,
    pending: &Pending,
    color: Color,
    (left, top): Pt,
    card_width: f32,
) {
    let position = view.position;
    let (tag, accent) = match pending {
        Pending::GameOver(outcome) if outcome.winner == color => {
            (Some("WINNER"), theme::WHITE_GIPF_RING)
        }
        Pending::GameOver(_) => (None, theme::LINE),
        _ if position.to_move() == color => (Some("TO MOVE"), theme::LAST_MOVE),
        _ => (None, theme::LINE),
    };
    let radius = 12.0;
    let card = ConvexPolygon::new(&[
        (left + radius, top + radius),
        (left + card_width - radius, top + radius),
        (left + card_width - radius, top + CARD_HEIGHT - radius),
        (left + radius, top + CARD_HEIGHT - radius),
    ]);
    if tag.is_some() {
        card.fill(image, radius, accent, 1.0);
        card.fill(image, radius - 3.0, Rgb([0xfb, 0xf6, 0xea]), 1.0);
    } else {
        card.fill(image, radius, theme::BOARD_EDGE, 0.5);
        card.fill(image, radius - 1.5, theme::PAGE, 1.0);
    }

    draw_piece(
        image,
        (left + 36.0, top + 34.0),
        20.0,
        Piece {
            color,
            kind: Kind::Basic,
        },
    );
    let right = left + card_width - 16.0;
    let reserve = position.reserve(color);
    let stack_left = draw_coin_stack(image, color, reserve, (right, top + CARD_HEIGHT - 12.0));

    let name_style = style(Weight::Bold, 28.0, theme::INK);
    let name = text::fit(
        name_of(view, color),
        &name_style,
        stack_left - 16.0 - left - 66.0,
    );
    text::draw(image, &name, (left + 66.0, top + 44.0), &name_style);

    let count = style(Weight::Bold, 22.0, theme::INK);
    let words = style(Weight::Regular, 20.0, theme::LABEL);
    let x = left + 20.0;
    let written = text::draw(image, &reserve.to_string(), (x, top + 84.0), &count);
    let reserve_right =
        x + written + text::draw(image, " in reserve", (x + written, top + 84.0), &words);
    let captured = position.lost(!color);
    let written = text::draw(image, &captured.to_string(), (x, top + 114.0), &count);
    let phrase = format!(" captured ({})", !color);
    let text_right = reserve_right
        .max(x + written + text::draw(image, &phrase, (x + written, top + 114.0), &words));

    if let Some(tag) = tag {
        let tag_style = style(Weight::Bold, 17.0, theme::ON_BADGE);
        let tag_width = text::width(tag, &tag_style) + 22.0;
        let middle = top + 92.0;
        let tag_right = (stack_left - 16.0).max(text_right + 12.0 + tag_width);
        let pill = ConvexPolygon::new(&[
            (tag_right - tag_width + 13.0, middle),
            (tag_right - 13.0, middle),
        ]);
        pill.fill(image, 14.0, accent, 1.0);
        text::draw_centered(
            image,
            tag,
            (tag_right - tag_width / 2.0, middle),
            &tag_style,
        );
    }
}

const COIN_WIDTH: f32 = 34.0;
const COIN_PITCH: f32 = 7.0;
const COINS_PER_PILE: u8 = 9;
const PILE_GAP: f32 = 6.0;

/// The reserve as piles of coins seen from the side (up to nine a pile, the first pile on
/// the right), standing on `bottom` and ending at `right`; returns the left edge.
fn draw_coin_stack(image: &mut RgbImage, color: Color, count: u8, (right, bottom): Pt) -> f32 {
    let (body, outline) = theme::piece_paints(color);
    let edge = match color {
        Color::White => outline,
        Color::Black => Rgb([0x9a, 0x94, 0x8c]),
    };
    let piles = count.min(27).div_ceil(COINS_PER_PILE).max(1);
    for i in 0..count.min(27) {
        let pile = (i / COINS_PER_PILE) as f32;
        let left = right - COIN_WIDTH - pile * (COIN_WIDTH + PILE_GAP);
        let coin_bottom = bottom - (i % COINS_PER_PILE) as f32 * COIN_PITCH;
        let coin = ConvexPolygon::new(&[
            (left + 3.0, coin_bottom - COIN_PITCH + 3.0),
            (left + COIN_WIDTH - 3.0, coin_bottom - COIN_PITCH + 3.0),
            (left + COIN_WIDTH - 3.0, coin_bottom - 3.0),
            (left + 3.0, coin_bottom - 3.0),
        ]);
        coin.fill(image, 3.0, edge, 1.0);
        coin.fill(image, 1.5, body, 1.0);
    }
    right - piles as f32 * (COIN_WIDTH + PILE_GAP) + PILE_GAP
}
