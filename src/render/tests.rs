#![allow(clippy::unwrap_used)]

use gipf::{Color, Decision, Pending, Point, Position, Turn, Variant};
use image::{Rgb, RgbImage};

use super::layout::{GIPF_LIFT, GIPF_RING_RADIUS, NEW_PIECE_HALO_RADIUS};
use super::*;

const RECORD: &str = include_str!("../../crates/gipf/tests/data/tournament-41-plies.gipf");

fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .unwrap()
        .to_rgb8()
}

fn point(name: &str) -> Point {
    name.parse().unwrap()
}

fn picture(view: &BoardView, options: &RenderOptions) -> RgbImage {
    let image = decode(&render(view, options));
    assert_eq!(image.dimensions(), (IMAGE_WIDTH, IMAGE_HEIGHT));
    image
}

fn probe(image: &RgbImage, (x, y): (f32, f32)) -> Rgb<u8> {
    *image.get_pixel(x as u32, y as u32)
}

fn close(actual: Rgb<u8>, expected: Rgb<u8>) -> bool {
    actual
        .0
        .iter()
        .zip(expected.0)
        .all(|(a, e)| a.abs_diff(e) <= 12)
}

#[track_caller]
fn assert_paint(image: &RgbImage, at: (f32, f32), expected: Rgb<u8>) {
    let actual = probe(image, at);
    assert!(
        close(actual, expected),
        "at {at:?}: {actual:?}, expected {expected:?}"
    );
}

fn offset((x, y): (f32, f32), dx: f32, dy: f32) -> (f32, f32) {
    (x + dx, y + dy)
}

fn view<'a>(position: &'a Position, last_turn: Option<&'a Turn>) -> BoardView<'a> {
    BoardView {
        position,
        last_turn,
        names: ["Ann", "Bob"],
    }
}

/// Plays seeded random games until a position after some decision satisfies `wanted`;
/// returns it with the turns completed so far.
fn find(variant: Variant, wanted: impl Fn(&Position) -> bool) -> (Position, Vec<Turn>) {
    for seed in 1..20_000u64 {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut next_random = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut position = Position::new(variant);
        let mut turns = Vec::new();
        for _ in 0..400 {
            let Some(decision) = position.random_decision(&mut next_random) else {
                break;
            };
            let done = position.play(decision).unwrap();
            turns.extend(done.iter().copied());
            if wanted(&position) {
                return (position, turns);
            }
        }
    }
    panic!("no such position in 20000 random games");
}

#[test]
fn the_png_decodes_at_the_documented_size_with_a_board_of_at_least_900_pixels() {
    let position = Position::new(Variant::Standard);
    let png = render(&view(&position, None), &RenderOptions::default());
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let image = decode(&png);
    assert_eq!(image.dimensions(), (IMAGE_WIDTH, IMAGE_HEIGHT));
}

#[test]
fn pieces_show_their_colour_and_gipf_pieces_their_crown() {
    let position = Position::new(Variant::Standard);
    let options = RenderOptions::default();
    let image = picture(&view(&position, None), &options);
    let top = |name: &str| offset(point_center(point(name), &options), 0.0, -GIPF_LIFT);
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
    let mut basic = Position::new(Variant::BASIC);
    basic.play_notation("b1-b3").unwrap();
    let image = picture(&view(&basic, None), &options);
    let b5 = point_center(point("b5"), &options);
    assert_paint(
        &image,
        offset(b5, GIPF_RING_RADIUS, 0.0),
        theme::WHITE_PIECE,
    );
    // An empty spot shows the board.
    assert_paint(&image, point_center(point("e5"), &options), theme::LINE);
    assert_paint(
        &image,
        offset(point_center(point("d5"), &options), 20.0, 14.0),
        theme::PLAY_AREA,
    );
}

#[test]
fn black_side_turns_the_board_and_keeps_the_pieces_on_their_points() {
    let position = Position::new(Variant::BASIC);
    let options = RenderOptions { black_side: true };
    let image = picture(&view(&position, None), &options);
    let b5 = point_center(point("b5"), &options);
    assert!(
        b5.0 > layout::CENTER.0,
        "b5 is on the right seen from Black"
    );
    assert_paint(&image, b5, theme::WHITE_PIECE);
    assert_paint(
        &image,
        point_center(point("b2"), &options),
        theme::BLACK_PIECE,
    );
}

#[test]
fn the_last_push_marks_its_dot_and_new_piece() {
    let mut position = Position::new(Variant::BASIC);
    let done = position.play_notation("e1-e3").unwrap();
    let turn = *done.iter().next().unwrap();
    let options = RenderOptions::default();
    let image = picture(&view(&position, Some(&turn)), &options);
    let e2 = point_center(point("e2"), &options);
    // The push runs up column e: the side of the halo is clear of the arrow.
    assert_paint(
        &image,
        offset(e2, NEW_PIECE_HALO_RADIUS, 0.0),
        theme::LAST_MOVE,
    );
    assert_paint(
        &image,
        point_center(point("e1"), &options),
        theme::LAST_MOVE,
    );
    // The piece pushed on is not marked as new.
    let e3 = point_center(point("e3"), &options);
    assert!(!close(
        probe(&image, offset(e3, NEW_PIECE_HALO_RADIUS, 0.0)),
        theme::LAST_MOVE
    ));
    // Without the last turn nothing is marked.
    let plain = picture(&view(&position, None), &options);
    assert!(!close(
        probe(&plain, offset(e2, NEW_PIECE_HALO_RADIUS, 0.0)),
        theme::LAST_MOVE
    ));
}

#[test]
fn removed_pieces_leave_ghosts_on_empty_spots_and_captures_are_crossed_out() {
    let options = RenderOptions::default();
    let replay = record::replay(RECORD, Variant::Tournament).unwrap();
    // Turn 19 is `h6-c4;xc6*,d6,f5,g4`: c6 captured, the others returned.
    let turn = &replay.turns[18];
    let position = &replay.positions[19];
    assert!(turn.after.captured.contains(point("c6")));
    let image = picture(&view(position, Some(turn)), &options);
    for name in ["c6", "d6", "f5", "g4"] {
        assert_eq!(position.piece_at(point(name)), None, "{name}");
    }
    let c6 = point_center(point("c6"), &options);
    assert_paint(&image, c6, theme::CAPTURED);
    let d6 = point_center(point("d6"), &options);
    let ghost = probe(&image, offset(d6, 12.0, 12.0));
    for solid in [theme::WHITE_PIECE, theme::BLACK_PIECE, theme::CAPTURED] {
        assert!(!close(ghost, solid), "{ghost:?} at d6 looks like a piece");
    }
    // Without the last turn the spot is plain board.
    let plain = picture(&view(position, None), &options);
    assert_paint(&plain, offset(d6, 12.0, 12.0), theme::PLAY_AREA);
}

#[test]
fn rows_to_choose_from_are_framed_and_numbered_in_order() {
    let (position, _) = find(Variant::Standard, |p| {
        matches!(p.pending(), Pending::ChooseRow { .. })
    });
    let Pending::ChooseRow { rows } = position.pending() else {
        unreachable!()
    };
    let options = RenderOptions::default();
    let image = picture(&view(&position, None), &options);
    for (index, row) in rows.iter().enumerate() {
        let paint = theme::ROW_CHOICES[index];
        let badge = overlay::badge_spot(&position, row, &options);
        // Below the digit, inside the badge.
        assert_paint(&image, offset(badge, 0.0, 13.0), paint);
        assert_paint(&image, offset(badge, -13.0, 0.0), paint);
    }
}

#[test]
fn gipf_pieces_awaiting_keep_or_take_are_marked() {
    let (position, _) = find(Variant::Standard, |p| {
        matches!(p.pending(), Pending::TakeGipf { .. })
    });
    let Pending::TakeGipf { gipf, .. } = position.pending() else {
        unreachable!()
    };
    let options = RenderOptions::default();
    let image = picture(&view(&position, None), &options);
    for spot in gipf.iter() {
        let center = point_center(spot, &options);
        assert_paint(
            &image,
            offset(center, -NEW_PIECE_HALO_RADIUS, 0.0),
            theme::DECISION,
        );
    }
}

#[test]
fn every_position_of_the_shared_record_renders_from_both_sides() {
    let replay = record::replay(RECORD, Variant::Tournament).unwrap();
    for (ply, position) in replay.positions.iter().enumerate() {
        let last_turn = ply.checked_sub(1).map(|i| &replay.turns[i]);
        for black_side in [false, true] {
            let options = RenderOptions { black_side };
            let png = render(&view(position, last_turn), &options);
            assert_eq!(decode(&png).dimensions(), (IMAGE_WIDTH, IMAGE_HEIGHT));
        }
    }
}

#[test]
fn render_record_picks_the_ply_and_refuses_one_past_the_end() {
    let options = RenderOptions::default();
    let start = decode(&render_record(RECORD, Variant::Tournament, Some(0), &options).unwrap());
    assert_eq!(start.dimensions(), (IMAGE_WIDTH, IMAGE_HEIGHT));
    let end = render_record(RECORD, Variant::Tournament, None, &options).unwrap();
    let last = render_record(RECORD, Variant::Tournament, Some(41), &options).unwrap();
    assert_eq!(end, last);
    assert!(render_record(RECORD, Variant::Tournament, Some(42), &options).is_err());
    assert!(render_record("z9", Variant::Tournament, None, &options).is_err());
    assert!(render_record("", Variant::Standard, None, &options).is_ok());
}

#[test]
fn any_name_renders_without_panicking() {
    let position = Position::new(Variant::Tournament);
    let long = "Ωμέγα-Жюль-名前テスト😀".repeat(40);
    for names in [
        ["名前テスト", "Ωμέγα 😀\u{200d}\n\t"],
        [long.as_str(), ""],
        ["\u{0}\u{7}", "   "],
        ["مرحبا", "שלום"],
    ] {
        let view = BoardView {
            position: &position,
            last_turn: None,
            names,
        };
        picture(&view, &RenderOptions::default());
    }
}

#[test]
fn finished_games_render_from_both_sides() {
    let mut position = Position::new(Variant::Standard);
    position.play_notation("e1-e3").unwrap();
    position.resign(Color::Black).unwrap();
    for black_side in [false, true] {
        picture(&view(&position, None), &RenderOptions { black_side });
    }
    let mut position = Position::new(Variant::Tournament);
    assert!(
        position
            .play(Decision::Push {
                entry: "e1 e2".parse().unwrap(),
                piece: gipf::Kind::Gipf,
            })
            .is_ok()
    );
    picture(&view(&position, None), &RenderOptions::default());
}

#[test]
fn the_picture_is_small() {
    let replay = record::replay(RECORD, Variant::Tournament).unwrap();
    let png = render(
        &view(replay.last(), replay.turns.last()),
        &RenderOptions::default(),
    );
    assert!(png.len() < 300 * 1024, "{} bytes", png.len());
}
