//! The player panel right of the board: a card per player (colour, name, his GIPF-pieces on
//! the board, reserve as a count and a stack, captures, and who is to move or won), the card
//! of the player at the top of
//! the board at the top and the other's at the bottom, and between them the state of play
//! (turn number, game, whose turn or the result, and what is to decide or why it ended).

use gipf::potentials::Pending;
use gipf::{ByColor, Color, Kind, Outcome, Piece, Reason};
use image::{Rgb, RgbImage};

use super::canvas::{Paint, fill_rect, fill_rounded_rect};
use super::disc::Pt;
use super::layout::{HEIGHT, PANEL_LEFT, PANEL_WIDTH};
use super::legend::{self, Legend};
use super::pieces::draw_piece;
use super::text::{self, Style, Weight};
use super::{BoardView, RenderOptions, theme};

/// What the panel shows of a game.
pub(crate) struct Facts<'a> {
    /// Display names of White and Black.
    pub names: ByColor<&'a str>,
    /// Basic pieces in each reserve.
    pub reserve: ByColor<u8>,
    /// Basic pieces of each colour captured by the opponent.
    pub lost: ByColor<u8>,
    /// Whose turn it is (or would be).
    pub to_move: Color,
    /// The winner, once the game is over.
    pub winner: Option<Color>,
    /// Completed turns.
    pub plies: u16,
    /// The game, as the status names it: `standard game`, `ultimate game`...
    pub game: String,
    /// The line under whose turn it is: what to decide, why it ended, the note.
    pub detail: String,
    /// With potentials: each player's potentials still to load.
    pub legends: Option<ByColor<Legend>>,
    /// In the games with GIPF-pieces: each player's GIPF-pieces on the board.
    pub gipfs: Option<ByColor<u32>>,
}

impl<'a> Facts<'a> {
    /// The facts of `view`'s game, `pending` its pending decision.
    pub(crate) fn of_game(view: &BoardView<'a>, pending: &Pending) -> Facts<'a> {
        let game = view.game;
        let options = game.options();
        // A game with empty supplies is one of the plain games, and says so as they always
        // did: no legend, and its own name.
        let with_potentials = !options.is_plain();
        let name = if options.is_ultimate() {
            "ultimate game".to_string()
        } else if with_potentials {
            format!("{} + potentials", options.variant())
        } else {
            format!("{} game", options.variant())
        };
        let over = matches!(pending, Pending::GameOver(_));
        Facts {
            names: view.names,
            reserve: ByColor::from_fn(|c| game.reserve(c)),
            lost: ByColor::from_fn(|c| game.lost(c)),
            to_move: game.to_move(),
            winner: game.outcome().map(|o| o.winner),
            plies: game.plies(),
            game: name,
            detail: with_note(detail(pending, with_potentials), view.note, over),
            legends: with_potentials.then(|| {
                ByColor::from_fn(|c| Legend {
                    supply: game.supply(c),
                })
            }),
            gipfs: options
                .variant()
                .has_gipf_pieces()
                .then(|| ByColor::from_fn(|c| game.gipf_pieces(c).count())),
        }
    }

    /// The height of a card: taller with a legend.
    pub(crate) fn card_height(&self) -> f32 {
        if self.legends.is_some() {
            CARD_HEIGHT + legend::ROW_HEIGHT
        } else {
            CARD_HEIGHT
        }
    }
}

/// Room around the cards.
const PAD: f32 = 18.0;
/// Left edge of the cards.
pub(crate) const CARD_LEFT: f32 = PANEL_LEFT + PAD;
/// Width of a card.
pub(crate) const CARD_WIDTH: f32 = PANEL_WIDTH - 2.0 * PAD;
/// Height of a card.
pub(crate) const CARD_HEIGHT: f32 = 232.0;
/// Width of a card's border when it carries a tag (TO MOVE or WINNER).
pub(crate) const TAG_BORDER: f32 = 5.0;
/// Where a card's colour disc is, from the card's top-left corner.
pub(crate) const CARD_DISC: Pt = (38.0, 44.0);
const CARD_DISC_RADIUS: f32 = 24.0;
const CARD_CORNER: f32 = 14.0;
/// Background of a tagged card.
const CARD_LIT: Paint = Rgb([0xfb, 0xf6, 0xea]);

fn style(weight: Weight, size: f32, paint: Paint) -> Style {
    Style {
        weight,
        size,
        paint,
    }
}

fn name_of<'a>(facts: &Facts<'a>, color: Color) -> &'a str {
    let name = facts.names[color].trim();
    if name.is_empty() {
        colour_name(color)
    } else {
        name
    }
}

/// "White" or "Black": the status names the players by colour, the cards by name.
fn colour_name(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// The players in the order of the cards: the one at the top of the board first.
pub(crate) fn card_order(options: &RenderOptions) -> [Color; 2] {
    if options.black_side {
        [Color::White, Color::Black]
    } else {
        [Color::Black, Color::White]
    }
}

/// The tops of the upper card (the player at the top of the board) and of the lower one.
pub(crate) fn card_tops(height: f32) -> [f32; 2] {
    [PAD, HEIGHT as f32 - PAD - height]
}

/// Draws the panel: both cards and the state of play between them.
pub(crate) fn draw_panel(image: &mut RgbImage, facts: &Facts, options: &RenderOptions) {
    let height = facts.card_height();
    for (color, top) in card_order(options).into_iter().zip(card_tops(height)) {
        draw_card(image, facts, color, (top, height));
    }
    draw_status(image, facts, height);
}

/// Why a game ended, naming the loser by colour.
fn outcome_detail(outcome: &Outcome) -> String {
    let loser = colour_name(!outcome.winner);
    match outcome.reason {
        Reason::NoReserve => format!("{loser} has no piece left in reserve"),
        Reason::NoGipf => format!("{loser} has no GIPF-piece left"),
        Reason::Resignation => format!("{loser} resigned"),
        Reason::NoMove => format!("{loser} has no legal move"),
    }
}

/// "Remove row 1 or 2 first", "Remove row 1, 2 or 3 first".
fn choose_row_detail(rows: usize) -> String {
    let mut text = String::from("Remove row");
    for n in 1..=rows {
        let joint = match n {
            1 => " ",
            _ if n == rows => " or ",
            _ => ", ",
        };
        text.push_str(joint);
        text.push_str(&n.to_string());
    }
    text + " first"
}

/// What the status says under whose turn it is: the reason of the result, or what to decide
/// (nothing for an action). Short: every letter costs bytes in the PNG. Without potentials
/// the only pieces a row may keep are GIPF-pieces, and the status names them.
fn detail(pending: &Pending, with_potentials: bool) -> String {
    let piece = if with_potentials {
        "piece"
    } else {
        "GIPF-piece"
    };
    match pending {
        Pending::GameOver(outcome) => outcome_detail(outcome),
        Pending::ChooseRow { rows } => choose_row_detail(rows.len()),
        Pending::Remove { optional, .. } if optional.count() == 1 => {
            format!("Keep or take the marked {piece}")
        }
        Pending::Remove { .. } => format!("Keep or take each marked {piece}"),
        Pending::Tamsk => "TAMSK on e5: push it in again, or skip".to_string(),
        Pending::Action => String::new(),
    }
}

/// The detail under the state of play: the rules' (what to decide, why the game ended) and
/// the view's note (a deadline, or an ending the rules do not know, which replaces theirs).
fn with_note(rules: String, note: Option<&str>, over: bool) -> String {
    match note {
        Some(note) if over || rules.is_empty() => note.to_string(),
        Some(note) => format!("{rules}. {note}"),
        None => rules,
    }
}

/// Draws the state of play between cards `card_height` high: the turn, the game, who is to
/// move (or won) and the detail.
fn draw_status(image: &mut RgbImage, facts: &Facts, card_height: f32) {
    let (color, verb, turn) = match facts.winner {
        Some(winner) => (winner, "wins", format!("{} turns", facts.plies)),
        None => (
            facts.to_move,
            "to move",
            format!("Turn {}", facts.plies + 1),
        ),
    };
    let left = CARD_LEFT + 4.0;
    let right = CARD_LEFT + CARD_WIDTH - 4.0;
    let room = right - left;
    let body = style(Weight::Regular, 30.0, theme::INK);
    let details = text::wrap(&facts.detail, &body, room, 3);
    // The block runs from the top of the turn number (36 px above its baseline) to the verb's
    // baseline (220 px lower) and the detail lines under it; it sits in the middle of the room
    // between the cards.
    let height = 220.0 + details.len() as f32 * 38.0 + if details.is_empty() { 0.0 } else { 18.0 };
    let tops = card_tops(card_height);
    let (above, below) = (tops[0] + card_height, tops[1]);
    let mut y = above + (below - above - height) / 2.0 + 36.0;
    let heading = style(Weight::Bold, 50.0, theme::INK);
    text::draw(
        image,
        &text::fit(&turn, &heading, room),
        (left, y),
        &heading,
    );
    y += 44.0;
    // The game's name, smaller if it is long (`basic+1/+3 + potentials`).
    let game = &facts.game;
    let size = [32.0, 28.0, 24.0]
        .into_iter()
        .find(|&size| text::width(game, &style(Weight::Regular, size, theme::LABEL)) <= room)
        .unwrap_or(24.0);
    let subtitle = style(Weight::Regular, size, theme::LABEL);
    text::draw(
        image,
        &text::fit(game, &subtitle, room),
        (left, y),
        &subtitle,
    );

    y += 30.0;
    fill_rect(image, (left, y, right, y + 2.0), theme::BOARD_EDGE);

    y += 62.0;
    draw_piece(
        image,
        (left + 22.0, y - 15.0),
        22.0,
        Piece {
            color,
            kind: Kind::Basic,
        },
    );
    let title = style(Weight::Bold, 40.0, theme::INK);
    text::draw(image, colour_name(color), (left + 58.0, y), &title);
    y += 48.0;
    text::draw(image, verb, (left + 58.0, y), &title);

    y += 56.0;
    for line in details {
        text::draw(image, &line, (left, y), &body);
        y += 38.0;
    }
}

/// The tag a card carries (TO MOVE or WINNER) and its accent colour.
fn card_tag(facts: &Facts, color: Color) -> (Option<&'static str>, Paint) {
    match facts.winner {
        Some(winner) if winner == color => (Some("WINNER"), theme::WHITE_GIPF_RING),
        Some(_) => (None, theme::LINE),
        None if facts.to_move == color => (Some("TO MOVE"), theme::LAST_MOVE),
        None => (None, theme::LINE),
    }
}

/// Draws `color`'s card from `top`, `height` high.
fn draw_card(image: &mut RgbImage, facts: &Facts, color: Color, (top, height): (f32, f32)) {
    let left = CARD_LEFT;
    let (tag, accent) = card_tag(facts, color);
    let (border, width, inside) = if tag.is_some() {
        (accent, TAG_BORDER, CARD_LIT)
    } else {
        (theme::BOARD_EDGE, 2.0, theme::PAGE)
    };
    let (right, bottom) = (left + CARD_WIDTH, top + height);
    fill_rounded_rect(image, (left, top, right, bottom), CARD_CORNER, border);
    fill_rounded_rect(
        image,
        (left + width, top + width, right - width, bottom - width),
        CARD_CORNER - width,
        inside,
    );
    draw_piece(
        image,
        (left + CARD_DISC.0, top + CARD_DISC.1),
        CARD_DISC_RADIUS,
        Piece {
            color,
            kind: Kind::Basic,
        },
    );
    let right = left + CARD_WIDTH - 20.0;
    let name_style = style(Weight::Bold, 36.0, theme::INK);
    let name_left = left + 74.0;
    let name_right = match &facts.gipfs {
        Some(gipfs) => {
            let middle = top + CARD_DISC.1;
            draw_gipf_count(image, color, gipfs[color], (right, middle)) - 14.0
        }
        None => right,
    };
    let name = text::fit(name_of(facts, color), &name_style, name_right - name_left);
    text::draw(image, &name, (name_left, top + 56.0), &name_style);
    draw_coin_stack(image, color, facts.reserve[color], (right, bottom - 18.0));
    // The legend, if any, goes under the name, across the card; the counts under it.
    let counts_top = match &facts.legends {
        Some(legends) => {
            let row = (left + 20.0, right, top + 74.0);
            legend::draw(image, &legends[color], row);
            top + legend::ROW_HEIGHT
        }
        None => top,
    };
    draw_counts(
        image,
        facts,
        color,
        (left + 20.0, counts_top),
        right - COIN_WIDTH - 14.0,
    );
    if let Some(tag) = tag {
        draw_tag(image, tag, accent, (left + 20.0, bottom - 18.0));
    }
}

/// Radius of the GIPF-piece on a card.
pub(crate) const GIPF_ICON_RADIUS: f32 = 17.0;

/// The GIPF-pieces `color` has on the board, at the right end of his card's name row
/// (ending at `right`, centred on `middle`): a GIPF-piece as the board draws it and their
/// number. Returns where it begins.
fn draw_gipf_count(image: &mut RgbImage, color: Color, count: u32, (right, middle): Pt) -> f32 {
    let digits = style(Weight::Bold, 34.0, theme::INK);
    let number = count.to_string();
    let width = text::width(&number, &digits);
    text::draw(image, &number, (right - width, middle + 12.0), &digits);
    let center = (right - width - 8.0 - GIPF_ICON_RADIUS, middle);
    let piece = Piece {
        color,
        kind: Kind::Gipf,
    };
    draw_piece(image, center, GIPF_ICON_RADIUS, piece);
    center.0 - GIPF_ICON_RADIUS
}

/// Two lines of counts, each a bold number among words, as large as fits between `x` and
/// `right`: the reserve, and the opponent's pieces captured.
fn draw_counts(image: &mut RgbImage, facts: &Facts, color: Color, (x, top): Pt, right: f32) {
    let reserve_line = [
        (facts.reserve[color].to_string(), Weight::Bold),
        (" in reserve".to_string(), Weight::Regular),
    ];
    let captured_line = [
        ("captured ".to_string(), Weight::Regular),
        (facts.lost[!color].to_string(), Weight::Bold),
        (format!(" {}", !color), Weight::Regular),
    ];
    let lines: [&[(String, Weight)]; 2] = [&reserve_line, &captured_line];
    let styled = |weight: Weight, scale: f32| match weight {
        Weight::Bold => style(Weight::Bold, 34.0 * scale, theme::INK),
        Weight::Regular => style(Weight::Regular, 30.0 * scale, theme::LABEL),
    };
    let widest = lines
        .iter()
        .map(|parts| {
            let widths = parts
                .iter()
                .map(|(words, weight)| text::width(words, &styled(*weight, 1.0)));
            widths.sum::<f32>()
        })
        .fold(1.0, f32::max);
    let scale = ((right - x) / widest).min(1.0);
    for (parts, baseline) in lines.into_iter().zip([top + 110.0, top + 154.0]) {
        let mut caret = x;
        for (words, weight) in parts {
            caret += text::draw(image, words, (caret, baseline), &styled(*weight, scale));
        }
    }
}

/// A pill with the card's tag, its left end at `x`, standing on `bottom`.
fn draw_tag(image: &mut RgbImage, tag: &str, accent: Paint, (x, bottom): Pt) {
    let tag_style = style(Weight::Bold, 26.0, theme::ON_BADGE);
    let half_height = 19.0;
    let tag_width = (text::width(tag, &tag_style) + 2.0 * half_height).round();
    let middle = bottom - half_height;
    let pill = (x, middle - half_height, x + tag_width, middle + half_height);
    fill_rounded_rect(image, pill, half_height, accent);
    text::draw_centered(image, tag, (x + tag_width / 2.0, middle), &tag_style);
}

/// Width of a reserve coin.
const COIN_WIDTH: f32 = 46.0;
/// Height of a reserve coin, seen from the side.
const COIN_PITCH: f32 = 10.0;
/// The most coins the stack shows; a `+` on top tells there are more.
pub(crate) const COINS_SHOWN: u8 = 14;

/// The reserve as a pile of coins seen from the side, standing on `bottom` and ending at
/// `right`: one coin a piece, at most [`COINS_SHOWN`], with a `+` on top when there are more.
fn draw_coin_stack(image: &mut RgbImage, color: Color, count: u8, (right, bottom): Pt) {
    let (body, outline) = theme::piece_paints(color);
    let edge = match color {
        Color::White => outline,
        Color::Black => Rgb([0x9a, 0x94, 0x8c]),
    };
    let left = right - COIN_WIDTH;
    fill_rect(
        image,
        (left - 6.0, bottom, right + 6.0, bottom + 3.0),
        theme::BOARD_EDGE,
    );
    let shown = count.min(COINS_SHOWN);
    for i in 0..shown {
        let coin_bottom = (bottom - i as f32 * COIN_PITCH).round();
        let coin_top = coin_bottom - COIN_PITCH - 2.0;
        fill_rect(image, (left, coin_top, right, coin_bottom), edge);
        fill_rect(
            image,
            (left + 2.0, coin_top + 2.0, right - 2.0, coin_bottom - 2.0),
            body,
        );
    }
    if count > shown {
        let top = bottom - shown as f32 * COIN_PITCH - 2.0;
        let plus = style(Weight::Bold, 30.0, theme::INK);
        text::draw_centered(image, "+", (left - 14.0, top + 8.0), &plus);
    }
}
