//! The crosstable picture of a tournament: a line per player in the order of the standings
//! (number, rank, name, each round's opponent, colour and result, points, tie-breaks), on
//! the board picture's page, bands, fonts and pieces, encoded as the board's PNG is.
//!
//! An opponent is named by their line number in the table (the first column), as printed
//! crosstables do; the colour played is a small piece, a won game's cell is green and a
//! lost one's red, a Swiss bye reads `bye` and a round robin's rest `rest`.

use gipf::{Color, Kind, Piece};
use gipf_tournament::{Format, Played, Standing};
use image::RgbImage;

use super::canvas::{Paint, fill_rect, fill_rounded_rect};
use super::pieces::draw_piece;
use super::text::{self, Style, Weight};
use super::{encode, theme};

/// What a crosstable shows: the event's name, its players' names and standings, and the
/// games and byes of the rounds so far.
#[derive(Clone, Copy, Debug)]
pub struct CrosstableView<'a> {
    /// The event's name, the title of the picture.
    pub title: &'a str,
    /// A line under the title: the format, the round reached.
    pub subtitle: &'a str,
    /// Display names by entry index (any unicode; cut to fit).
    pub names: &'a [String],
    /// The standings, best first, as [`gipf_tournament::Event::standings`] gives them.
    pub standings: &'a [Standing],
    /// Every game paired so far, finished or not.
    pub games: &'a [Played],
    /// Every bye so far, as (round, player).
    pub byes: &'a [(u32, usize)],
    /// The round columns to draw (the rounds paired so far, or all of them).
    pub rounds: u32,
    /// The event's format: whether a bye is a point or a rest.
    pub format: Format,
}

/// Room around the table.
const MARGIN: f32 = 20.0;
/// The title band.
const TITLE_HEIGHT: f32 = 78.0;
/// The column headers.
const HEADER_HEIGHT: f32 = 38.0;
/// A player's line.
pub(crate) const ROW_HEIGHT: f32 = 44.0;
const NUMBER_WIDTH: f32 = 44.0;
const RANK_WIDTH: f32 = 56.0;
const NAME_WIDTH: f32 = 250.0;
/// A round's column.
pub(crate) const ROUND_WIDTH: f32 = 82.0;
const POINTS_WIDTH: f32 = 64.0;
const TIE_BREAK_WIDTH: f32 = 76.0;
/// The line under the table that says what its short headings mean.
const FOOTER_HEIGHT: f32 = 30.0;
/// The narrowest picture, for the title.
const MIN_WIDTH: f32 = 560.0;
/// Where the round columns start.
pub(crate) const ROUNDS_LEFT: f32 = MARGIN + NUMBER_WIDTH + RANK_WIDTH + NAME_WIDTH;
/// Where the first player's line starts.
pub(crate) const FIRST_ROW_TOP: f32 = MARGIN + TITLE_HEIGHT + HEADER_HEIGHT;

/// The size of the picture of `view`, in pixels.
pub fn crosstable_size(view: &CrosstableView) -> (u32, u32) {
    let tie_breaks = view.format.tie_breaks().len() as f32;
    let width = ROUNDS_LEFT
        + view.rounds as f32 * ROUND_WIDTH
        + POINTS_WIDTH
        + tie_breaks * TIE_BREAK_WIDTH
        + MARGIN;
    let height = FIRST_ROW_TOP + view.standings.len() as f32 * ROW_HEIGHT + FOOTER_HEIGHT + MARGIN;
    (width.max(MIN_WIDTH).ceil() as u32, height.ceil() as u32)
}

/// Draws the crosstable of `view` as PNG bytes of [`crosstable_size`].
///
/// Never panics; if encoding ever failed, the error is logged and the result is empty.
pub fn render_crosstable(view: &CrosstableView) -> Vec<u8> {
    encode(&draw_crosstable(view)).unwrap_or_else(|error| {
        tracing::error!(%error, "cannot encode the crosstable");
        Vec::new()
    })
}

/// Draws the picture without encoding it.
pub(crate) fn draw_crosstable(view: &CrosstableView) -> RgbImage {
    let (width, height) = crosstable_size(view);
    let mut image = RgbImage::from_pixel(width, height, theme::PAGE);
    draw_title(&mut image, view);
    draw_headers(&mut image, view);
    let lines = Lines::of(view);
    for (index, standing) in view.standings.iter().enumerate() {
        let top = FIRST_ROW_TOP + index as f32 * ROW_HEIGHT;
        if index % 2 == 1 {
            fill_rect(
                &mut image,
                (MARGIN, top, width as f32 - MARGIN, top + ROW_HEIGHT),
                theme::STRIPE,
            );
        }
        draw_line(&mut image, view, &lines, standing, (index, top));
    }
    draw_footer(&mut image, view);
    image
}

/// Under the table, what its short headings mean: `No: entry number · Bu: Buchholz · …`.
fn draw_footer(image: &mut RgbImage, view: &CrosstableView) {
    let mut words = vec!["No: entry number".to_owned()];
    words.extend((view.format.tie_breaks().iter()).map(|t| format!("{}: {}", t.short(), t.name())));
    let note = style(Weight::Regular, 14.0, theme::LABEL);
    let room = image.width() as f32 - 2.0 * MARGIN;
    let shown = text::fit(&words.join(" · "), &note, room);
    let baseline = image.height() as f32 - MARGIN - 8.0;
    text::draw(image, &shown, (MARGIN, baseline), &note);
}

fn style(weight: Weight, size: f32, paint: Paint) -> Style {
    Style {
        weight,
        size,
        paint,
    }
}

fn draw_title(image: &mut RgbImage, view: &CrosstableView) {
    let right = image.width() as f32 - MARGIN;
    let band = (MARGIN, MARGIN, right, MARGIN + TITLE_HEIGHT - 10.0);
    fill_rounded_rect(image, band, 12.0, theme::BAND);
    let title = style(Weight::Bold, 28.0, theme::INK);
    let shown = text::fit(view.title, &title, right - 2.0 * MARGIN - 18.0);
    text::draw(image, &shown, (MARGIN + 18.0, MARGIN + 36.0), &title);
    let subtitle = style(Weight::Regular, 16.0, theme::LABEL);
    let shown = text::fit(view.subtitle, &subtitle, right - 2.0 * MARGIN - 18.0);
    text::draw(image, &shown, (MARGIN + 18.0, MARGIN + 58.0), &subtitle);
}

/// The column headers: `No`, `Rank`, `Player`, the rounds, `Pts` and the tie-breaks.
fn draw_headers(image: &mut RgbImage, view: &CrosstableView) {
    let header = style(Weight::Bold, 15.0, theme::LABEL);
    let middle = MARGIN + TITLE_HEIGHT + HEADER_HEIGHT / 2.0;
    text::draw_centered(image, "No", (MARGIN + NUMBER_WIDTH / 2.0, middle), &header);
    let rank_center = MARGIN + NUMBER_WIDTH + RANK_WIDTH / 2.0;
    text::draw_centered(image, "Rank", (rank_center, middle), &header);
    let name_left = MARGIN + NUMBER_WIDTH + RANK_WIDTH + 8.0;
    text::draw(image, "Player", (name_left, middle + 15.0 * 0.36), &header);
    for round in 1..=view.rounds {
        let center = ROUNDS_LEFT + (round as f32 - 0.5) * ROUND_WIDTH;
        text::draw_centered(image, &format!("R{round}"), (center, middle), &header);
    }
    let mut left = ROUNDS_LEFT + view.rounds as f32 * ROUND_WIDTH;
    text::draw_centered(image, "Pts", (left + POINTS_WIDTH / 2.0, middle), &header);
    left += POINTS_WIDTH;
    for &tie_break in view.format.tie_breaks() {
        let center = left + TIE_BREAK_WIDTH / 2.0;
        text::draw_centered(image, tie_break.short(), (center, middle), &header);
        left += TIE_BREAK_WIDTH;
    }
    let rule_top = MARGIN + TITLE_HEIGHT + HEADER_HEIGHT - 2.0;
    let right = image.width() as f32 - MARGIN;
    fill_rect(
        image,
        (MARGIN, rule_top, right, rule_top + 2.0),
        theme::BOARD_EDGE,
    );
}

/// Each entry's number in the table (its entry number, from 1: it stays the same from
/// round to round), and whether ranks are shared.
pub(crate) struct Lines {
    number_of: Vec<Option<usize>>,
    shared_rank: Vec<bool>,
}

impl Lines {
    pub(crate) fn of(view: &CrosstableView) -> Lines {
        let entries = view
            .standings
            .iter()
            .map(|s| s.player + 1)
            .max()
            .unwrap_or(0);
        let mut number_of = vec![None; entries.max(view.names.len())];
        for standing in view.standings {
            number_of[standing.player] = Some(standing.player + 1);
        }
        let shared_rank = view
            .standings
            .iter()
            .map(|s| view.standings.iter().filter(|o| o.rank == s.rank).count() > 1)
            .collect();
        Lines {
            number_of,
            shared_rank,
        }
    }

    pub(crate) fn number(&self, player: usize) -> Option<usize> {
        self.number_of.get(player).copied().flatten()
    }
}

/// One player's line: number, rank, name, rounds, points and tie-breaks.
fn draw_line(
    image: &mut RgbImage,
    view: &CrosstableView,
    lines: &Lines,
    standing: &Standing,
    (index, top): (usize, f32),
) {
    let middle = top + ROW_HEIGHT / 2.0;
    let number = style(Weight::Regular, 15.0, theme::LABEL);
    text::draw_centered(
        image,
        &(standing.player + 1).to_string(),
        (MARGIN + NUMBER_WIDTH / 2.0, middle),
        &number,
    );
    let rank = match lines.shared_rank[index] {
        true => format!("{}=", standing.rank),
        false => standing.rank.to_string(),
    };
    let bold = style(Weight::Bold, 18.0, theme::INK);
    text::draw_centered(
        image,
        &rank,
        (MARGIN + NUMBER_WIDTH + RANK_WIDTH / 2.0, middle),
        &bold,
    );
    draw_name(image, view, standing, middle);
    for round in 1..=view.rounds {
        let left = ROUNDS_LEFT + (round - 1) as f32 * ROUND_WIDTH;
        let cell = Cell::of(view, standing.player, round);
        draw_cell(image, lines, cell, (left, top));
    }
    let mut left = ROUNDS_LEFT + view.rounds as f32 * ROUND_WIDTH;
    let points = standing.points.to_string();
    text::draw_centered(image, &points, (left + POINTS_WIDTH / 2.0, middle), &bold);
    left += POINTS_WIDTH;
    let value = style(Weight::Regular, 16.0, theme::INK);
    for (_, tie_break) in &standing.tie_breaks {
        let center = left + TIE_BREAK_WIDTH / 2.0;
        text::draw_centered(image, &tie_break.to_string(), (center, middle), &value);
        left += TIE_BREAK_WIDTH;
    }
}

/// The player's name, bold for the leader, greyed with a note once withdrawn.
fn draw_name(image: &mut RgbImage, view: &CrosstableView, standing: &Standing, middle: f32) {
    let fallback = format!("Player {}", standing.player + 1);
    let name = view
        .names
        .get(standing.player)
        .map_or(fallback.as_str(), |n| n.as_str());
    let left = MARGIN + NUMBER_WIDTH + RANK_WIDTH + 8.0;
    let (weight, paint) = match (standing.withdrawn, standing.rank) {
        (true, _) => (Weight::Regular, theme::LABEL),
        (false, 1) => (Weight::Bold, theme::INK),
        (false, _) => (Weight::Regular, theme::INK),
    };
    let name_style = style(weight, 18.0, paint);
    let note = style(Weight::Regular, 13.0, theme::LABEL);
    let room = NAME_WIDTH - 16.0;
    if standing.withdrawn {
        let shown = text::fit(name, &name_style, room);
        text::draw(image, &shown, (left, middle - 2.0), &name_style);
        text::draw(image, "withdrawn", (left, middle + 15.0), &note);
    } else {
        let shown = text::fit(name, &name_style, room);
        text::draw(image, &shown, (left, middle + 18.0 * 0.36), &name_style);
    }
}

/// What one round's cell holds for a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    /// Nothing that round (before joining the schedule, after withdrawing).
    Empty,
    /// A bye: a point in a Swiss, a rest in a round robin.
    Bye { scores: bool },
    /// A game: the opponent, the colour played, the result once known, and whether it was
    /// not played out (drawn `+`/`-`, as FIDE's crosstables mark a forfeit).
    Game {
        opponent: usize,
        color: Color,
        won: Option<bool>,
        forfeit: bool,
    },
}

impl Cell {
    fn of(view: &CrosstableView, player: usize, round: u32) -> Cell {
        let game = view
            .games
            .iter()
            .find(|g| g.round == round && (g.white == player || g.black == player));
        if let Some(game) = game {
            let color = if game.white == player {
                Color::White
            } else {
                Color::Black
            };
            let opponent = game.opponent_of(player).unwrap_or(player);
            let won = game.winner_index().map(|winner| winner == player);
            return Cell::Game {
                opponent,
                color,
                won,
                forfeit: game.forfeit,
            };
        }
        if view.byes.contains(&(round, player)) {
            return Cell::Bye {
                scores: view.format.bye_scores(),
            };
        }
        Cell::Empty
    }

    /// The cell's background, if tinted.
    fn tint(self) -> Option<Paint> {
        match self {
            Cell::Game {
                won: Some(true), ..
            } => Some(theme::WIN_CELL),
            Cell::Game {
                won: Some(false), ..
            } => Some(theme::LOSS_CELL),
            Cell::Bye { scores: true } => Some(theme::BYE_CELL),
            _ => None,
        }
    }
}

/// Draws a round's cell: a tinted tile, the piece of the colour played, the opponent's line
/// number and the result (`1`, `0`, or `…` while in play).
fn draw_cell(image: &mut RgbImage, lines: &Lines, cell: Cell, (left, top): (f32, f32)) {
    let tile = (
        left + 4.0,
        top + 5.0,
        left + ROUND_WIDTH - 4.0,
        top + ROW_HEIGHT - 5.0,
    );
    if let Some(tint) = cell.tint() {
        fill_rounded_rect(image, tile, 8.0, tint);
    }
    let middle = (left + ROUND_WIDTH / 2.0, top + ROW_HEIGHT / 2.0);
    let plain = style(Weight::Regular, 15.0, theme::INK);
    match cell {
        Cell::Empty => {}
        Cell::Bye { scores } => {
            let word = if scores { "bye" } else { "rest" };
            text::draw_centered(image, word, middle, &plain);
        }
        Cell::Game {
            opponent,
            color,
            won,
            forfeit,
        } => {
            let piece = Piece {
                color,
                kind: Kind::Basic,
            };
            draw_piece(image, (left + 18.0, middle.1), 8.0, piece);
            let number = lines
                .number(opponent)
                .map_or("?".to_string(), |n| n.to_string());
            text::draw_centered(image, &number, (left + 42.0, middle.1), &plain);
            let result = match (won, forfeit) {
                (Some(true), false) => "1",
                (Some(false), false) => "0",
                (Some(true), true) => "+",
                (Some(false), true) => "-",
                (None, _) => "…",
            };
            let bold = style(Weight::Bold, 16.0, theme::INK);
            text::draw_centered(image, result, (left + 66.0, middle.1), &bold);
        }
    }
}
