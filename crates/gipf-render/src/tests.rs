//! The board picture's tests: its size and bytes, the pieces, marks and cards probed at
//! known pixels, the replay's frames; and what the other test files share (decoding, probes,
//! the test games played from their records).
#![allow(clippy::unwrap_used)]

use gipf::potentials::{Action, Decision, Game, Options, Pending, PieceKind, Turn};
use gipf::random::Rng;
use gipf::{ByColor, Color, Point, Variant};
use image::{Rgb, RgbImage};

use super::layout::{
    GIPF_LIFT, GIPF_RING_RADIUS, NEW_PIECE_HALO_RADIUS, PANEL_LEFT, PIECE_RADIUS, center_of,
};
use super::panel::{CARD_DISC, CARD_HEIGHT, CARD_LEFT, CARD_WIDTH, TAG_BORDER, card_tops};
use super::pieces::GHOST_OUTLINE_WIDTH;
use super::*;

const RECORD: &str = include_str!("../../gipf/tests/data/tournament-41-plies.gipf");
/// The README's mid-game picture: its last push, `a1-d4`, ends on a black GIPF-piece.
const MIDGAME: &str = include_str!("../../../docs/images/standard-midgame.gipf");

pub(super) fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .unwrap()
        .to_rgb8()
}

pub(super) fn point(name: &str) -> Point {
    name.parse().unwrap()
}

fn picture(view: &BoardView, options: &RenderOptions) -> RgbImage {
    let image = decode(&render(view, options));
    assert_eq!(image.dimensions(), (IMAGE_WIDTH, IMAGE_HEIGHT));
    image
}

pub(super) fn probe(image: &RgbImage, (x, y): (f32, f32)) -> Rgb<u8> {
    *image.get_pixel(x as u32, y as u32)
}

pub(super) fn close(actual: Rgb<u8>, expected: Rgb<u8>) -> bool {
    actual
        .0
        .iter()
        .zip(expected.0)
        .all(|(a, e)| a.abs_diff(e) <= 12)
}

#[track_caller]
pub(super) fn assert_paint(image: &RgbImage, at: (f32, f32), expected: Rgb<u8>) {
    let actual = probe(image, at);
    assert!(
        close(actual, expected),
        "at {at:?}: {actual:?}, expected {expected:?}"
    );
}

pub(super) fn offset((x, y): (f32, f32), dx: f32, dy: f32) -> (f32, f32) {
    (x + dx, y + dy)
}

fn view<'a>(game: &'a Game, last_turn: Option<&'a Turn>) -> BoardView<'a> {
    BoardView {
        game,
        last_turn,
        names: ByColor::new("Ann", "Bob"),
        note: None,
    }
}

/// A game without potentials.
fn plain(variant: Variant) -> Game {
    Game::new(Options::plain(variant))
}

/// A record played through: `games[0]` is the start, `games[n]` the game after
/// `turns[n - 1]`.
pub(super) struct Replay {
    pub(super) games: Vec<Game>,
    pub(super) turns: Vec<Turn>,
}

impl Replay {
    /// The game after the last turn.
    pub(super) fn last(&self) -> &Game {
        &self.games[self.games.len() - 1]
    }
}

/// The test games: a record's turns, one a line, played from the start of the game
/// `options` describe; its `[Tag "value"]` header, blank lines and `#` comments left out.
/// (Records as players give them are the bot's to read; the renderer draws games.)
pub(super) fn played(text: &str, options: Options) -> Replay {
    let mut game = Game::new(options);
    let mut replay = Replay {
        games: vec![game.clone()],
        turns: Vec::new(),
    };
    let lines = text.lines().map(str::trim);
    for line in lines.filter(|l| !(l.is_empty() || l.starts_with('#') || l.starts_with('['))) {
        let turns = game.play_notation(line);
        for turn in turns.unwrap_or_else(|error| panic!("`{line}`: {error}")) {
            replay.turns.push(turn);
            replay.games.push(game.clone());
        }
    }
    replay
}

/// A record of a game without potentials, played through.
fn replay(text: &str, variant: Variant) -> Replay {
    played(text, Options::plain(variant))
}

/// A uniformly random decision, `None` once the game is over.
fn random_decision(game: &Game, rng: &mut Rng) -> Option<Decision> {
    let decisions = game.legal_decisions();
    (!decisions.is_empty()).then(|| decisions[rng.below(decisions.len())])
}

/// Plays seeded random games without potentials until the game after some decision
/// satisfies `wanted`; returns it with the turns completed so far.
pub(super) fn find(variant: Variant, wanted: impl Fn(&Game) -> bool) -> (Game, Vec<Turn>) {
    find_with(variant, |game, _| wanted(game))
}

/// Like [`find`], `wanted` also seeing the turns completed so far.
fn find_with(variant: Variant, wanted: impl Fn(&Game, &[Turn]) -> bool) -> (Game, Vec<Turn>) {
    for seed in 1..=20_000 {
        let mut rng = Rng::new(seed);
        let (mut game, mut turns) = (plain(variant), Vec::new());
        while let Some(decision) = random_decision(&game, &mut rng) {
            turns.extend(game.play(decision).unwrap());
            if wanted(&game, &turns) {
                return (game, turns);
            }
        }
    }
    panic!("no such game in 20000 random games")
}

#[test]
fn the_png_decodes_at_the_documented_size_with_a_board_of_at_least_900_pixels() {
    let game = plain(Variant::Standard);
    let png = render(&view(&game, None), &RenderOptions::default());
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let image = decode(&png);
    assert_eq!(image.dimensions(), (IMAGE_WIDTH, IMAGE_HEIGHT));
}

#[test]
fn pieces_show_their_colour_and_gipf_pieces_their_crown() {
    let game = plain(Variant::Standard);
    let options = RenderOptions::default();
    let image = picture(&view(&game, None), &options);
    let top = |name: &str| offset(center_of(point(name), &options), 0.0, -GIPF_LIFT);
    assert_paint(&image, top("b5"), theme::WHITE_PIECE);
    assert_paint(&image, top("e8"), theme::BLACK_PIECE);
    assert_paint(
        &image,
        offset(top("e2"), GIPF_RING_RADIUS, 0.0),
        theme::WHITE_GIPF_RING,
    );
    assert_paint(
        &image,
        offset(top("h2"), GIPF_RING_RADIUS, 0.0),
        theme::BLACK_GIPF_RING,
    );
    // A basic piece has no crown: the same probe lands on its body.
    let mut basic = plain(Variant::BASIC);
    basic.play_notation("b1-b3").unwrap();
    let image = picture(&view(&basic, None), &options);
    let b5 = center_of(point("b5"), &options);
    assert_paint(
        &image,
        offset(b5, GIPF_RING_RADIUS, 0.0),
        theme::WHITE_PIECE,
    );
    // An empty spot shows the board.
    assert_paint(&image, center_of(point("e5"), &options), theme::LINE);
    assert_paint(
        &image,
        offset(center_of(point("d5"), &options), 20.0, 14.0),
        theme::PLAY_AREA,
    );
}

#[test]
fn black_side_turns_the_board_and_keeps_the_pieces_on_their_points() {
    let game = plain(Variant::BASIC);
    let options = RenderOptions {
        black_side: true,
        ..RenderOptions::default()
    };
    let image = picture(&view(&game, None), &options);
    let b5 = center_of(point("b5"), &options);
    assert!(
        b5.0 > layout::CENTER.0,
        "b5 is on the right seen from Black"
    );
    assert_paint(&image, b5, theme::WHITE_PIECE);
    assert_paint(&image, center_of(point("b2"), &options), theme::BLACK_PIECE);
}

#[test]
fn the_last_push_marks_its_dot_and_new_piece() {
    let mut game = plain(Variant::BASIC);
    let done = game.play_notation("e1-e3").unwrap();
    let turn = &done[0];
    let options = RenderOptions::default();
    let image = picture(&view(&game, Some(turn)), &options);
    let e2 = center_of(point("e2"), &options);
    // The push runs up column e: the side of the halo is clear of the arrow.
    assert_paint(
        &image,
        offset(e2, NEW_PIECE_HALO_RADIUS, 0.0),
        theme::LAST_MOVE,
    );
    let e1 = center_of(point("e1"), &options);
    assert_paint(&image, e1, theme::LAST_MOVE);
    // The arrow's shaft between the dot and the new piece.
    assert_paint(&image, offset(e1, 0.0, -35.0), theme::LAST_MOVE);
    // The piece pushed on is not marked as new.
    let e3 = center_of(point("e3"), &options);
    assert!(!close(
        probe(&image, offset(e3, NEW_PIECE_HALO_RADIUS, 0.0)),
        theme::LAST_MOVE
    ));
    // Without the last turn nothing is marked.
    let plain = picture(&view(&game, None), &options);
    for at in [
        offset(e2, NEW_PIECE_HALO_RADIUS, 0.0),
        offset(e1, 0.0, -35.0),
    ] {
        assert!(!close(probe(&plain, at), theme::LAST_MOVE));
    }
}

#[test]
fn the_arrowhead_shows_before_the_furthest_pushed_piece_and_leaves_it_whole() {
    let replay = replay(MIDGAME, Variant::Standard);
    let turn = replay.turns.last().unwrap();
    let game = replay.last();
    let Some(Action::Push { path: push, .. }) = turn.action else {
        panic!("the last turn is a push")
    };
    assert_eq!(push.end, point("d4"));
    for black_side in [false, true] {
        let options = RenderOptions {
            black_side,
            ..RenderOptions::default()
        };
        let image = picture(&view(game, Some(turn)), &options);
        let plain = picture(&view(game, None), &options);
        let (from, tip) = overlay::arrow_ends(push.entry, push.end, &options);
        let end = center_of(push.end, &options);
        let span = ((end.0 - from.0).powi(2) + (end.1 - from.1).powi(2)).sqrt();
        let dir = ((end.0 - from.0) / span, (end.1 - from.1) / span);
        // The head, in the gap before d4, is the highlight's colour, and plain without it.
        let in_head = offset(tip, -dir.0 * 8.0, -dir.1 * 8.0);
        assert_paint(&image, in_head, theme::LAST_MOVE);
        assert!(!close(probe(&plain, in_head), theme::LAST_MOVE));
        // The tip stops at d4's edge: its crown is whole on the side the arrow comes from.
        let top = offset(end, 0.0, -GIPF_LIFT);
        let ring = offset(top, -dir.0 * GIPF_RING_RADIUS, -dir.1 * GIPF_RING_RADIUS);
        assert_paint(&image, ring, theme::BLACK_GIPF_RING);
        let body = offset(
            top,
            -dir.0 * (PIECE_RADIUS - 6.0),
            -dir.1 * (PIECE_RADIUS - 6.0),
        );
        assert_paint(&image, body, theme::BLACK_PIECE);
    }
}

/// Perceived brightness, 0 to 255.
pub(super) fn luma(pixel: Rgb<u8>) -> f32 {
    let [r, g, b] = pixel.0.map(f32::from);
    0.299 * r + 0.587 * g + 0.114 * b
}

#[test]
fn removed_pieces_leave_ghosts_on_empty_spots_and_captures_are_crossed_out() {
    let options = RenderOptions::default();
    let replay = replay(RECORD, Variant::Tournament);
    // Turn 19 is White's `h6-c4;xc6*,d6,f5,g4`: black c6 captured, the white others returned.
    let turn = &replay.turns[18];
    let game = &replay.games[19];
    assert_eq!(turn.color, Color::White);
    let mut after = turn.after.iter().flatten();
    assert!(after.any(|item| item.spot == point("c6") && item.opponent));
    let image = picture(&view(game, Some(turn)), &options);
    let plain = picture(&view(game, None), &options);
    for name in ["c6", "d6", "f5", "g4"] {
        assert_eq!(game.stack(point(name)), None, "{name}");
    }
    let c6 = center_of(point("c6"), &options);
    assert_paint(&image, c6, theme::CAPTURED);
    for name in ["d6", "f5", "g4"] {
        let center = center_of(point(name), &options);
        // The body is drawn, see-through: neither the plain board nor a solid piece.
        let at = offset(center, 12.0, 12.0);
        let (ghost, board) = (probe(&image, at), probe(&plain, at));
        assert!(
            ghost
                .0
                .iter()
                .zip(board.0)
                .any(|(g, b)| g.abs_diff(b) >= 20),
            "{name}: {ghost:?} is the plain board {board:?}"
        );
        for solid in [theme::WHITE_PIECE, theme::BLACK_PIECE, theme::CAPTURED] {
            assert!(
                !close(ghost, solid),
                "{ghost:?} at {name} looks like a piece"
            );
        }
        // The outline is dashed: dark on part of the circle only (a piece's is whole).
        let radius = PIECE_RADIUS - GHOST_OUTLINE_WIDTH / 2.0;
        let samples = 64;
        let dark = (0..samples)
            .filter(|&i| {
                let angle = i as f32 / samples as f32 * std::f32::consts::TAU;
                let at = offset(center, radius * angle.cos(), radius * angle.sin());
                luma(probe(&plain, at)) - luma(probe(&image, at)) > 60.0
            })
            .count();
        assert!(
            (samples / 4..samples * 4 / 5).contains(&dark),
            "{name}: {dark} of {samples} outline samples are dark"
        );
    }
    // Without the last turn the spot is plain board.
    let d6 = center_of(point("d6"), &options);
    assert_paint(&plain, offset(d6, 12.0, 12.0), theme::PLAY_AREA);
}

#[test]
fn rows_to_choose_from_are_framed_and_numbered_in_order() {
    let (game, _) = find(Variant::Standard, |g| {
        matches!(g.pending(), Pending::ChooseRow { .. })
    });
    let Pending::ChooseRow { rows } = game.pending() else {
        unreachable!()
    };
    let options = RenderOptions::default();
    let image = picture(&view(&game, None), &options);
    for (index, row) in rows.iter().enumerate() {
        let paint = theme::ROW_CHOICES[index];
        let badge = overlay::badge_spot(game.occupied(), row, &options);
        // Below the digit, inside the badge.
        assert_paint(&image, offset(badge, 0.0, 13.0), paint);
        assert_paint(&image, offset(badge, -13.0, 0.0), paint);
    }
}

#[test]
fn gipf_pieces_awaiting_keep_or_take_are_marked() {
    let (game, _) = find(Variant::Standard, |g| {
        matches!(g.pending(), Pending::Remove { .. })
    });
    let Pending::Remove { optional: gipf, .. } = game.pending() else {
        unreachable!()
    };
    assert_eq!(
        gipf,
        gipf & (game.gipf_pieces(Color::White) | game.gipf_pieces(Color::Black))
    );
    let options = RenderOptions::default();
    let image = picture(&view(&game, None), &options);
    for spot in gipf.iter() {
        let center = center_of(spot, &options);
        assert_paint(
            &image,
            offset(center, -NEW_PIECE_HALO_RADIUS, 0.0),
            theme::DECISION,
        );
    }
}

#[test]
fn every_position_of_the_shared_record_renders_from_both_sides() {
    let replay = replay(RECORD, Variant::Tournament);
    for (ply, game) in replay.games.iter().enumerate() {
        let last_turn = ply.checked_sub(1).map(|i| &replay.turns[i]);
        for black_side in [false, true] {
            let options = RenderOptions {
                black_side,
                ..RenderOptions::default()
            };
            let png = render(&view(game, last_turn), &options);
            assert_eq!(decode(&png).dimensions(), (IMAGE_WIDTH, IMAGE_HEIGHT));
        }
    }
}

#[test]
fn any_name_renders_without_panicking() {
    let game = plain(Variant::Tournament);
    let long = "Ωμέγα-Жюль-名前テスト😀".repeat(40);
    let invisible = "\u{200B}\u{200F}\u{202E}\u{2066}\u{FE0F}".repeat(30);
    for names in [
        ByColor::new("名前テスト", "Ωμέγα 😀\u{200d}\n\t"),
        ByColor::new(long.as_str(), ""),
        ByColor::new("\u{0}\u{7}", "   "),
        ByColor::new("مرحبا", "שלום"),
        ByColor::new(invisible.as_str(), "\u{FEFF}"),
    ] {
        let view = BoardView {
            game: &game,
            last_turn: None,
            names,
            note: None,
        };
        for black_side in [false, true] {
            picture(
                &view,
                &RenderOptions {
                    black_side,
                    ..RenderOptions::default()
                },
            );
        }
    }
}

#[test]
fn invisible_formatting_characters_in_names_draw_nothing() {
    let game = plain(Variant::Standard);
    let options = RenderOptions::default();
    let clean = picture(&view(&game, None), &options);
    let names = ByColor::new("\u{200B}A\u{200D}nn\u{FE0F}", "\u{202E}B\u{2060}ob\u{200E}");
    let marked = picture(
        &BoardView {
            game: &game,
            last_turn: None,
            names,
            note: None,
        },
        &options,
    );
    assert!(
        clean == marked,
        "the formatting characters changed the picture"
    );
}

/// The colour a card's disc shows and whether its border has the tag's accent, for the upper
/// card (slot 0) and the lower one (slot 1).
fn card(image: &RgbImage, slot: usize) -> (Rgb<u8>, Rgb<u8>) {
    let top = card_tops(CARD_HEIGHT)[slot];
    let disc = probe(image, (CARD_LEFT + CARD_DISC.0, top + CARD_DISC.1));
    let border = probe(
        image,
        (CARD_LEFT + TAG_BORDER / 2.0, top + CARD_HEIGHT / 2.0),
    );
    (disc, border)
}

/// Checks that the lower card is the player at the bottom of the board, the upper one the
/// other, and that only `tagged`'s card has the `accent` border.
#[track_caller]
fn assert_cards(image: &RgbImage, black_side: bool, tagged: Color, accent: Rgb<u8>) {
    let bottom = if black_side {
        Color::Black
    } else {
        Color::White
    };
    for (slot, color) in [(0, !bottom), (1, bottom)] {
        let (disc, border) = card(image, slot);
        let body = theme::piece_paints(color).0;
        assert!(close(disc, body), "card {slot} shows {disc:?}, not {color}");
        assert_eq!(
            close(border, accent),
            color == tagged,
            "card {slot} ({color}) border {border:?}, black side {black_side}"
        );
    }
}

#[test]
fn the_card_of_the_player_to_move_is_tagged_from_both_sides() {
    let mut game = plain(Variant::Standard);
    for black_side in [false, true] {
        let image = picture(
            &view(&game, None),
            &RenderOptions {
                black_side,
                ..RenderOptions::default()
            },
        );
        assert_cards(&image, black_side, Color::White, theme::LAST_MOVE);
    }
    game.play_notation("e1-e3").unwrap();
    for black_side in [false, true] {
        let image = picture(
            &view(&game, None),
            &RenderOptions {
                black_side,
                ..RenderOptions::default()
            },
        );
        assert_cards(&image, black_side, Color::Black, theme::LAST_MOVE);
    }
}

#[test]
fn finished_games_tag_the_winner_from_both_sides() {
    let mut game = plain(Variant::Standard);
    game.play_notation("e1-e3").unwrap();
    game.resign(Color::Black).unwrap();
    for black_side in [false, true] {
        let image = picture(
            &view(&game, None),
            &RenderOptions {
                black_side,
                ..RenderOptions::default()
            },
        );
        assert_cards(&image, black_side, Color::White, theme::WHITE_GIPF_RING);
    }
    let mut game = plain(Variant::Standard);
    game.resign(Color::White).unwrap();
    for black_side in [false, true] {
        let image = picture(
            &view(&game, None),
            &RenderOptions {
                black_side,
                ..RenderOptions::default()
            },
        );
        assert_cards(&image, black_side, Color::Black, theme::WHITE_GIPF_RING);
    }
    let mut game = plain(Variant::Tournament);
    assert!(
        game.play(Decision::Push {
            entry: "e1 e2".parse().unwrap(),
            piece: PieceKind::Gipf,
        })
        .is_ok()
    );
    picture(&view(&game, None), &RenderOptions::default());
}

/// The bound of issue 13: at most 80,000 bytes (an RGB PNG of the same picture is ~230 KB).
pub(super) const MAX_PNG_BYTES: usize = 80_000;

#[test]
fn the_picture_is_small() {
    let replay = replay(RECORD, Variant::Tournament);
    let png = render(
        &view(replay.last(), replay.turns.last()),
        &RenderOptions::default(),
    );
    assert!(png.len() <= MAX_PNG_BYTES, "{} bytes", png.len());
}

#[test]
fn the_busiest_random_positions_stay_small_and_look_the_same_with_a_palette() {
    let mut rng = Rng::new(13);
    for variant in [Variant::Standard, Variant::Tournament, Variant::BASIC] {
        // The game with the most pieces on the board over a few random games.
        let mut busiest = (0, plain(variant), None);
        for _ in 0..20 {
            let mut game = plain(variant);
            let mut last = None;
            while let Some(decision) = random_decision(&game, &mut rng) {
                last = game.play(decision).unwrap().pop().or(last);
                let pieces = game.occupied().count();
                if pieces > busiest.0 && game.outcome().is_none() {
                    busiest = (pieces, game.clone(), last.clone());
                }
            }
        }
        let (pieces, game, last) = busiest;
        let view = view(&game, last.as_ref());
        let drawn = draw(&view, &RenderOptions::default());
        let png = render(&view, &RenderOptions::default());
        assert!(
            png.len() <= MAX_PNG_BYTES,
            "{variant}, {pieces} pieces: {} bytes",
            png.len()
        );
        // Every pixel within a few steps of the true colour.
        let shown = decode(&png);
        let worst = drawn
            .pixels()
            .zip(shown.pixels())
            .map(|(a, b)| (0..3).map(|c| a.0[c].abs_diff(b.0[c])).max().unwrap_or(0))
            .max();
        // 16 steps at most, on the soft edges of letters and rings only (12 before the cards
        // showed their GIPF-pieces, whose gold crowns take a few of the 256 colours).
        assert!(
            worst.is_some_and(|w| w <= 16),
            "{variant}: off by {worst:?}"
        );
    }
}

#[test]
fn a_busy_picture_is_small_too() {
    // Rows to choose from, ghosts of the pieces the last turn removed, and GIPF-pieces.
    let (game, turns) = find_with(Variant::Standard, |game, turns| {
        let ghosts = moves::highlighted_turns(game, turns.last())
            .iter()
            .flat_map(|turn| turn.before.iter().chain(&turn.after).flatten())
            .any(|item| game.stack(item.spot).is_none());
        let gipf_pieces = game.gipf_pieces(Color::White) | game.gipf_pieces(Color::Black);
        matches!(game.pending(), Pending::ChooseRow { .. }) && ghosts && gipf_pieces.count() >= 2
    });
    let long = "Bartholomew-Ωμέγα-名前".repeat(4);
    for black_side in [false, true] {
        let busy = BoardView {
            game: &game,
            last_turn: turns.last(),
            names: ByColor::new(&long, &long),
            note: None,
        };
        let png = render(
            &busy,
            &RenderOptions {
                black_side,
                ..RenderOptions::default()
            },
        );
        assert!(png.len() <= MAX_PNG_BYTES, "{} bytes", png.len());
    }
}

#[test]
fn a_note_under_the_state_of_play_shows_in_the_panel_only() {
    let game = plain(Variant::Standard);
    let options = RenderOptions::default();
    // As drawn: each picture's palette is its own, so the encoded colours may shift a step.
    let plain = draw(&view(&game, None), &options);
    let noted = draw(
        &BoardView {
            note: Some("Move by 2026-11-25 18:00 UTC"),
            ..view(&game, None)
        },
        &options,
    );
    let changed: Vec<u32> = plain
        .enumerate_pixels()
        .filter(|(x, y, pixel)| noted.get_pixel(*x, *y) != *pixel)
        .map(|(x, _, _)| x)
        .collect();
    assert!(changed.len() > 500, "the note was not drawn");
    assert!(
        changed.iter().all(|&x| x as f32 >= PANEL_LEFT),
        "the note reached into the board"
    );
}

#[test]
fn a_replay_too_big_for_discord_is_drawn_at_half_the_size() {
    let replay = replay(MIDGAME, Variant::Standard);
    let (games, turns) = (&replay.games, &replay.turns);
    let names = ByColor::new("Ann", "Bob");
    let size = |gif: &[u8]| {
        let decoder = gif::DecodeOptions::new().read_info(gif).unwrap();
        (decoder.width(), decoder.height())
    };
    let options = RenderOptions::default();
    let full = animation::animate_within(games, turns, (names, &options), usize::MAX).unwrap();
    assert_eq!(size(&full), (IMAGE_WIDTH as u16, IMAGE_HEIGHT as u16));
    let half = animation::animate_within(games, turns, (names, &options), full.len() - 1).unwrap();
    assert_eq!(
        size(&half),
        (IMAGE_WIDTH as u16 / 2, IMAGE_HEIGHT as u16 / 2)
    );
    assert!(
        half.len() < full.len() * 2 / 3,
        "{} of {}",
        half.len(),
        full.len()
    );
}

#[test]
fn a_replay_is_drawn_from_the_side_of_the_still_pictures() {
    let replay = replay(MIDGAME, Variant::Standard);
    let (games, turns) = (&replay.games[..3], &replay.turns[..2]);
    let names = ByColor::new("Ann", "Bob");
    for bottom in [Color::White, Color::Black] {
        let options = RenderOptions::seen_from(bottom);
        let gif = animation::animate_within(games, turns, (names, &options), usize::MAX).unwrap();
        let mut decoder = gif::DecodeOptions::new();
        decoder.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = decoder.read_info(gif.as_slice()).unwrap();
        let frame = decoder.read_next_frame().unwrap().unwrap();
        let rgb: Vec<u8> = frame
            .buffer
            .chunks(4)
            .flat_map(|p| [p[0], p[1], p[2]])
            .collect();
        let first = RgbImage::from_raw(u32::from(frame.width), u32::from(frame.height), rgb);
        let first = first.unwrap();
        // The upper card is the player at the top of the board, as in the still picture.
        let still = draw(&view(&games[0], None), &options);
        let (upper, _) = card(&first, 0);
        assert!(close(upper, card(&still, 0).0), "{bottom}: {upper:?}");
        let top_player = theme::piece_paints(!bottom).0;
        assert!(close(upper, top_player), "{bottom}: {upper:?}");
    }
}

/// Whether the name row of the card in `slot` (its right half) shows a GIPF-piece's crown
/// of `color`.
fn card_shows_a_crown(image: &RgbImage, slot: usize, color: Color) -> bool {
    let top = card_tops(CARD_HEIGHT)[slot];
    let gold = theme::gipf_ring(color);
    let (left, right) = (CARD_LEFT + CARD_WIDTH / 2.0, CARD_LEFT + CARD_WIDTH - 25.0);
    (left as u32..right as u32)
        .flat_map(|x| ((top + 15.0) as u32..(top + 75.0) as u32).map(move |y| (x, y)))
        .any(|(x, y)| close(*image.get_pixel(x, y), gold))
}

#[test]
fn each_card_shows_the_gipf_pieces_its_player_has_on_the_board() {
    let start = plain(Variant::Standard);
    let facts = panel::Facts::of_game(&view(&start, None), &start.pending());
    assert_eq!(facts.gipfs, Some(ByColor::new(3, 3)));
    let image = draw(&view(&start, None), &RenderOptions::default());
    // The upper card is Black's, the lower White's, each with its own crown.
    assert!(card_shows_a_crown(&image, 0, Color::Black));
    assert!(card_shows_a_crown(&image, 1, Color::White));
    // A GIPF-piece taken: the count follows the board.
    let (game, _) = find(Variant::Tournament, |g| {
        g.gipf_pieces(Color::White).count() != g.gipf_pieces(Color::Black).count()
    });
    let facts = panel::Facts::of_game(&view(&game, None), &game.pending());
    let on_board = ByColor::from_fn(|c| game.gipf_pieces(c).count());
    assert_eq!(facts.gipfs, Some(on_board));
    // The basic game has no GIPF-pieces, and its cards none.
    let basic = plain(Variant::BASIC);
    let facts = panel::Facts::of_game(&view(&basic, None), &basic.pending());
    assert_eq!(facts.gipfs, None);
    let image = draw(&view(&basic, None), &RenderOptions::default());
    for (slot, color) in [(0, Color::Black), (1, Color::White)] {
        assert!(!card_shows_a_crown(&image, slot, color));
    }
}

#[test]
fn a_plain_game_s_panel_reads_as_the_plain_games_always_did() {
    let (game, _) = find(Variant::Standard, |g| {
        matches!(g.pending(), Pending::Remove { .. })
    });
    let facts = panel::Facts::of_game(&view(&game, None), &game.pending());
    assert_eq!(facts.game, "standard game");
    assert!(facts.legends.is_none());
    assert!(
        facts.detail.contains("marked GIPF-piece"),
        "{}",
        facts.detail
    );
    // Out of reserve, the machine for every game has no move: the plain games say why.
    let (game, _) = find(Variant::BASIC, |g| g.outcome().is_some());
    let facts = panel::Facts::of_game(&view(&game, None), &game.pending());
    assert!(
        facts.detail.ends_with("has no piece left in reserve"),
        "{}",
        facts.detail
    );
    // With potentials, the game says so and the cards carry the legend.
    let game = Game::new(Options::parse("standard", Some("Z3")).unwrap());
    let facts = panel::Facts::of_game(&view(&game, None), &game.pending());
    assert_eq!(facts.game, "standard + potentials");
    assert!(facts.legends.is_some());
}

#[test]
fn coordinates_name_every_spot_on_a_tag_over_the_board() {
    let game = Game::new(Options::plain(Variant::Standard));
    let plain = picture(&view(&game, None), &RenderOptions::default());
    let named = picture(
        &view(&game, None),
        &RenderOptions {
            coordinates: true,
            ..RenderOptions::default()
        },
    );
    for spot in gipf::Point::spots() {
        let (x, y) = layout::center_of(spot, &RenderOptions::default());
        let below = (x, y + layout::PIECE_RADIUS * 0.62 - 9.0);
        // The tag's edge, above the name's letters: the page's colour, not the board's.
        let at = |image: &image::RgbImage| *image.get_pixel(below.0 as u32 + 1, below.1 as u32);
        // The pictures go through the 256-colour palette: near, not equal.
        let near = |Rgb(c): Rgb<u8>| (0..3).all(|i| c[i].abs_diff(theme::PAGE.0[i]) <= 4);
        assert!(near(at(&named)), "{spot}: {:?}", at(&named));
        assert!(!near(at(&plain)), "{spot}: {:?}", at(&plain));
    }
}
