//! Pictures of games with potentials: pixel probes at known spots, sizes, records and
//! replays.
#![allow(clippy::unwrap_used)]

use gipf::potentials::{
    Action, Base, Decision, Game, Options, Pending, PieceKind, Potential, Setup, Turn,
};
use gipf::random::Rng;
use gipf::{ByColor, Color};
use image::RgbImage;

use super::layout::{GIPF_RING_RADIUS, NEW_PIECE_HALO_RADIUS, PIECE_RADIUS, center_of};
use super::legend::{self, badge_center};
use super::panel::{CARD_HEIGHT, CARD_LEFT, CARD_WIDTH, card_tops};
use super::stacks::{COUNT_OFFSET, LAYER_STEP, USED_RADIUS, USED_RING_RADIUS};
use super::tests::{MAX_PNG_BYTES, assert_paint, close, decode, offset, played, point, probe};
use super::*;

/// A game set up with `stacks` (White to move), both supplies full: ultimate's rules, with
/// a GIPF-piece each out of the way.
fn set_up(stacks: &str) -> Game {
    let mut setup = Setup::new(Options::ultimate());
    setup.place_all("b5:W h2:B").unwrap();
    setup.place_all(stacks).unwrap();
    Game::from_setup(&setup)
}

fn view<'a>(game: &'a Game, last_turn: Option<&'a Turn>) -> BoardView<'a> {
    BoardView {
        game,
        last_turn,
        names: ByColor::new("Ann", "Bob"),
        note: None,
    }
}

fn picture(game: &Game, last_turn: Option<&Turn>) -> RgbImage {
    let image = decode(&render(&view(game, last_turn), &RenderOptions::default()));
    assert_eq!(image.dimensions(), (IMAGE_WIDTH, IMAGE_HEIGHT));
    image
}

fn at(name: &str) -> (f32, f32) {
    center_of(point(name), &RenderOptions::default())
}

/// Below a badge's letter, inside the badge.
const UNDER_LETTER: f32 = 15.0;

#[test]
fn a_loaded_piece_shows_its_kind_colour_and_letter_badge() {
    let game = set_up("c3:wT d3:bZ e3:wD f3:bY g3:wP");
    let image = picture(&game, None);
    let spots = ["c3", "d3", "e3", "f3", "g3"];
    for (kind, spot) in Potential::ALL.into_iter().zip(spots) {
        assert_paint(
            &image,
            offset(at(spot), 0.0, UNDER_LETTER),
            theme::kind(kind),
        );
        // Round the badge, the piece's own colour.
        let color = game.stack(point(spot)).unwrap().color();
        assert_paint(
            &image,
            offset(at(spot), -30.0, 0.0),
            theme::piece_paints(color).0,
        );
    }
}

#[test]
fn the_five_kind_colours_are_far_from_each_other_and_from_the_pieces_and_board() {
    let far = |a: image::Rgb<u8>, b: image::Rgb<u8>| {
        let d: u32 = (0..3).map(|c| u32::from(a.0[c].abs_diff(b.0[c]))).sum();
        d >= 90
    };
    let others = [
        theme::WHITE_PIECE,
        theme::BLACK_PIECE,
        theme::PLAY_AREA,
        theme::BOARD_RIM,
        theme::WHITE_GIPF_RING,
        theme::BLACK_GIPF_RING,
        theme::LAST_MOVE,
    ];
    for (i, &a) in theme::KINDS.iter().enumerate() {
        assert!(others.iter().all(|&o| far(a, o)), "kind {i}");
        assert!(theme::KINDS[i + 1..].iter().all(|&b| far(a, b)), "kind {i}");
    }
}

#[test]
fn a_used_potential_is_neither_a_loaded_piece_nor_a_basic_piece() {
    let game = set_up("c3:wZ d3:wz e3:w f3:bY g3:by");
    let image = picture(&game, None);
    for (loaded, used, color) in [("c3", "d3", Color::White), ("f3", "g3", Color::Black)] {
        let paint = theme::piece_paints(color).0;
        let potential = match loaded {
            "c3" => Potential::Zertz,
            _ => Potential::Yinsh,
        };
        let kind = theme::kind(potential);
        // The loaded piece's badge is filled; the used one's inside is its body.
        assert_paint(&image, offset(at(loaded), 0.0, UNDER_LETTER), kind);
        let inside = probe(&image, offset(at(used), 0.0, UNDER_LETTER - 4.0));
        assert!(!close(inside, kind), "{used}: {inside:?}");
        // The used one's ring, in the kind's colour (lighter on black), shows at its side.
        assert_paint(
            &image,
            offset(at(used), super::stacks::USED_RING_RADIUS, 0.0),
            theme::kind_on(potential, color),
        );
        // Smaller than a piece: beyond its edge lies the board, where a piece has its body.
        let beyond = offset(at(used), USED_RADIUS + 5.0, 0.0);
        assert_paint(&image, beyond, theme::PLAY_AREA);
        assert_paint(&image, offset(at(loaded), USED_RADIUS + 5.0, 0.0), paint);
    }
    // A basic piece's centre is its body, with no ring at all.
    assert_paint(
        &image,
        offset(at("e3"), super::stacks::USED_RING_RADIUS, 0.0),
        theme::WHITE_PIECE,
    );
}

#[test]
fn a_stack_shows_each_lower_piece_as_a_rim_under_a_top_of_its_colour() {
    let game = set_up("d4:b|wd f4:bD|wd|bd");
    let image = picture(&game, None);
    // Two layers: the top (white) 5 px up, the black bottom's rim below its edge.
    let half = LAYER_STEP / 2.0;
    assert_paint(&image, offset(at("d4"), -28.0, -half), theme::WHITE_PIECE);
    assert_paint(&image, offset(at("d4"), 0.0, 37.0), theme::BLACK_PIECE);
    assert_paint(
        &image,
        offset(at("d4"), 18.0, -half),
        theme::kind(Potential::Dvonn),
    );
    // Three layers: black on white on black.
    assert_paint(
        &image,
        offset(at("f4"), -28.0, -LAYER_STEP),
        theme::BLACK_PIECE,
    );
    assert_paint(&image, offset(at("f4"), 0.0, 32.0), theme::WHITE_PIECE);
    assert_paint(&image, offset(at("f4"), -20.0, 38.0), theme::BLACK_PIECE);
    // The DVONN-loaded piece under f4 shows its kind on its rim; d4's plain piece does not.
    let rim = PIECE_RADIUS - LAYER_STEP / 2.0;
    assert_paint(
        &image,
        offset(at("f4"), 0.0, LAYER_STEP + rim),
        theme::kind(Potential::Dvonn),
    );
    assert_paint(
        &image,
        offset(at("d4"), 0.0, LAYER_STEP / 2.0 + rim),
        theme::BLACK_PIECE,
    );
    // Each counts its layers on a dark badge (left of the digit).
    for spot in ["d4", "f4"] {
        let badge = offset(at(spot), COUNT_OFFSET.0 - 8.0, COUNT_OFFSET.1);
        assert_paint(&image, badge, theme::LAYER_COUNT);
    }
}

#[test]
fn a_converted_gipf_piece_is_crowned_in_the_top_colour_over_the_captured_colour() {
    let game = set_up("d5:b|wp");
    let image = picture(&game, None);
    let upper = offset(at("d5"), 0.0, -LAYER_STEP / 2.0);
    assert_paint(
        &image,
        offset(upper, GIPF_RING_RADIUS, 0.0),
        theme::WHITE_GIPF_RING,
    );
    assert_paint(&image, offset(upper, -30.0, 0.0), theme::WHITE_PIECE);
    assert_paint(&image, offset(at("d5"), 0.0, 37.0), theme::BLACK_PIECE);
}

/// The row of the legend on the card of `color` (White's card is the lower one).
fn legend_row(color: Color) -> (f32, f32, f32) {
    let height = CARD_HEIGHT + legend::ROW_HEIGHT;
    let top = card_tops(height)[usize::from(color == Color::White)];
    let middle = top + 74.0 + legend::ROW_HEIGHT / 2.0;
    (CARD_LEFT + 20.0, CARD_LEFT + CARD_WIDTH - 20.0, middle)
}

#[test]
fn the_cards_show_the_potentials_still_to_load_as_badges() {
    let mut game = Game::new(Options::ultimate());
    game.play_notation("Ge8").unwrap();
    game.play_notation("Ge2").unwrap();
    game.play_notation("Zb2").unwrap();
    let image = picture(&game, None);
    // Black has all five; White has used up no kind, so also all five, Z now 2.
    for color in Color::ALL {
        let row = legend_row(color);
        for (i, kind) in Potential::ALL.into_iter().enumerate() {
            let center = badge_center(i, row);
            assert_paint(&image, offset(center, 0.0, 11.0), theme::kind(kind));
        }
    }
    assert_eq!(game.supply(Color::White)[Potential::Zertz], 2);
    assert_eq!(game.supply(Color::Black)[Potential::Zertz], 3);
}

#[test]
fn a_potential_move_is_marked_by_a_path_in_its_kind_colour() {
    let mut game = set_up("c3:wZ c4:b");
    let done = game.play_notation("Zc3>c5").unwrap();
    let turn = &done[0];
    assert!(matches!(turn.action, Some(Action::Move { .. })));
    let zertz = theme::kind(Potential::Zertz);
    let image = picture(&game, Some(turn));
    let plain = picture(&game, None);
    // Between c3 and the jumped c4, and round the landing spot c5 (on its side, clear of
    // the arrow coming up the column).
    let between = offset(at("c3"), 0.0, -50.0);
    let halo = offset(at("c5"), NEW_PIECE_HALO_RADIUS, 0.0);
    for spot in [between, halo, at("c3")] {
        assert_paint(&image, spot, zertz);
        assert!(!close(probe(&plain, spot), zertz));
    }
}

#[test]
fn a_zertz_path_never_hides_the_letters_of_the_pieces_it_jumps() {
    // A ZÈRTZ on e2 jumps a loaded piece, used potentials (on black, alone and on a
    // stack) and a loaded piece of each colour, to e7.
    let mut game = set_up("e2:wZ e3:bY e4:bz e5:wd e6:bD|wd|bd");
    let done = game.play_notation("Ze2>e7").unwrap();
    // As drawn, before each picture gets a palette of its own.
    let options = RenderOptions::default();
    let marked = draw(&view(&game, Some(&done[0])), &options);
    let unmarked = draw(&view(&game, None), &options);
    let zertz = theme::kind(Potential::Zertz);
    // The path shows across the jumped pieces' bodies...
    let body = offset(at("e3"), 0.0, PIECE_RADIUS - 8.0);
    assert_paint(&marked, body, zertz);
    // ...and never over their letters: round each middle, the pixels of the picture
    // without the path.
    for (spot, middle, reach) in [
        ("e3", at("e3"), super::stacks::BADGE_RADIUS - 1.0),
        ("e4", at("e4"), USED_RING_RADIUS),
        ("e5", at("e5"), USED_RING_RADIUS),
        ("e6", offset(at("e6"), 0.0, -LAYER_STEP), USED_RING_RADIUS),
    ] {
        for dy in -(reach as i32)..=reach as i32 {
            let p = offset(middle, 0.0, dy as f32);
            assert_eq!(probe(&marked, p), probe(&unmarked, p), "{spot} {dy}");
        }
    }
}

/// WCAG's contrast ratio of two colours, 1 to 21.
fn contrast(a: image::Rgb<u8>, b: image::Rgb<u8>) -> f32 {
    let luminance = |p: image::Rgb<u8>| {
        let linear = |c: u8| {
            let c = f32::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * linear(p.0[0]) + 0.7152 * linear(p.0[1]) + 0.0722 * linear(p.0[2])
    };
    let (a, b) = (luminance(a), luminance(b));
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

#[test]
fn used_potentials_stay_readable_on_black_at_discord_s_embed_size() {
    let game = set_up("c3:bt d3:bz e3:bd f3:by g3:bp");
    let image = picture(&game, None);
    // Discord shows the picture about 520 pixels wide.
    let scale = 520.0 / IMAGE_WIDTH as f32;
    let small = image::imageops::resize(
        &image,
        520,
        (IMAGE_HEIGHT as f32 * scale).round() as u32,
        image::imageops::FilterType::Triangle,
    );
    for (spot, kind) in ["c3", "d3", "e3", "f3", "g3"]
        .into_iter()
        .zip(Potential::ALL)
    {
        // The letter's strokes: the brightest pixels inside the ring, seen small.
        let (cx, cy) = at(spot);
        let (cx, cy) = ((cx * scale) as i32, (cy * scale) as i32);
        let mut letter: Vec<f32> = (-3..=3)
            .flat_map(|dx| (-3..=3).map(move |dy| (dx, dy)))
            .map(|(dx, dy)| small.get_pixel((cx + dx) as u32, (cy + dy) as u32))
            .map(|&p| contrast(p, theme::BLACK_PIECE))
            .collect();
        letter.sort_by(f32::total_cmp);
        // The fourth brightest: a stroke, not a lone pixel.
        let stroke = letter[letter.len() - 4];
        assert!(stroke >= 3.0, "{kind:?} on {spot}: contrast {stroke:.2}");
        // At full size the mark's colour reads as text does (4.5:1).
        let paint = theme::kind_on(kind, Color::Black);
        assert!(contrast(paint, theme::BLACK_PIECE) >= 4.5, "{kind:?}");
    }
}

#[test]
fn a_tamsk_extra_push_has_its_own_arrow_in_tamsk_colour() {
    let mut setup = Setup::new(Options::parse("basic", Some("T3")).unwrap());
    setup.place_all("e2:w e3:w e4:wT b5:b c5:b d5:b").unwrap();
    setup.reserve = ByColor::new(6, 6);
    let mut game = Game::from_setup(&setup);
    let done = game.play_notation("e1-e5+a5-f4").unwrap();
    let image = picture(&game, Some(&done[0]));
    // The push comes up column e from e1; the extra push enters at a5.
    assert_paint(&image, at("e1"), theme::LAST_MOVE);
    assert_paint(&image, at("a5"), theme::kind(Potential::Tamsk));
}

#[test]
fn removed_items_leave_ghosts() {
    // docs/potentials.md §7.2, example 2: the YINSH's row takes e2 e3 e4 back, e6 captured.
    let mut setup = Setup::new(Options::parse("basic", Some("Y3")).unwrap());
    setup.place_all("b2:wY e2:w e3:w e4:w e6:b").unwrap();
    let mut game = Game::from_setup(&setup);
    let done = game.play_notation("Yb2>e5;xe2,e3,e4,ue5,e6*").unwrap();
    let image = picture(&game, Some(&done[0]));
    let plain = picture(&game, None);
    assert_paint(&image, at("e6"), theme::CAPTURED);
    for spot in ["e2", "e5"] {
        let at = offset(at(spot), 10.0, 10.0);
        assert!(!close(probe(&image, at), probe(&plain, at)), "{spot}");
    }
}

/// One random decision, biased toward loading potentials and using them so that the
/// positions are busy with every kind of stack.
fn biased_decision(game: &Game, rng: &mut Rng) -> Option<Decision> {
    let decisions = game.legal_decisions();
    let pick = |list: Vec<Decision>, rng: &mut Rng| list.get(rng.below(list.len())).copied();
    if game.pending() == Pending::Action {
        let moves: Vec<Decision> = decisions
            .iter()
            .filter(|d| matches!(d, Decision::Move { .. }))
            .copied()
            .collect();
        if !moves.is_empty() && rng.below(2) == 0 {
            return pick(moves, rng);
        }
        let loaded: Vec<Decision> = decisions
            .iter()
            .filter(|d| {
                matches!(
                    d,
                    Decision::Push {
                        piece: PieceKind::Loaded(_),
                        ..
                    }
                )
            })
            .copied()
            .collect();
        if !loaded.is_empty() && rng.below(8) != 0 {
            return pick(loaded, rng);
        }
    }
    pick(decisions, rng)
}

/// A random ultimate game: the games after each completed turn (the start first), and the
/// turns.
pub(super) fn random_game(seed: u64, max_turns: usize) -> (Vec<Game>, Vec<Turn>) {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(Options::ultimate());
    let (mut games, mut turns) = (vec![game.clone()], Vec::new());
    while turns.len() < max_turns {
        let Some(decision) = biased_decision(&game, &mut rng) else {
            break;
        };
        for turn in game.play(decision).unwrap() {
            turns.push(turn);
            games.push(game.clone());
        }
    }
    (games, turns)
}

/// Stacks of more than one piece, loaded pieces and used potentials on the board.
fn busyness(game: &Game) -> (usize, usize, usize) {
    let stacks = game.stacks().map(|(_, s)| s);
    let (mut layered, mut loaded, mut used) = (0, 0, 0);
    for stack in stacks {
        layered += usize::from(stack.covers > 0);
        loaded += usize::from(stack.uncovered_loaded().is_some());
        used += usize::from(matches!(stack.base, Base::Used(_)));
    }
    (layered, loaded, used)
}

#[test]
fn a_busy_position_with_potentials_is_small() {
    // The position with the most stacks over a few random games.
    let mut busiest = None;
    let mut most = 0;
    for seed in 1..=6 {
        let (games, turns) = random_game(seed, 120);
        for (i, game) in games.iter().enumerate().skip(1) {
            let count = game.stacks().count() + busyness(game).0 * 2;
            if count > most && game.outcome().is_none() {
                most = count;
                busiest = Some((game.clone(), turns[i - 1].clone()));
            }
        }
    }
    let (game, turn) = busiest.unwrap();
    assert!(game.stacks().count() >= 25, "{}", game.stacks().count());
    for black_side in [false, true] {
        let options = RenderOptions {
            black_side,
            ..RenderOptions::default()
        };
        let busy = view(&game, Some(&turn));
        let png = render(&busy, &options);
        assert!(png.len() <= MAX_PNG_BYTES, "{} bytes", png.len());
        // The palette keeps the flat colours (the kinds', the pieces', the board's) within a
        // few steps; only blended edge pixels, about 1 in 100, may stray further.
        let drawn = draw(&busy, &options);
        let shown = decode(&png);
        let flat: Vec<image::Rgb<u8>> = theme::KINDS
            .into_iter()
            .chain([theme::WHITE_PIECE, theme::BLACK_PIECE, theme::PLAY_AREA])
            .collect();
        let (mut off, mut worst) = (0, 0);
        for (a, b) in drawn.pixels().zip(shown.pixels()) {
            let error = (0..3).map(|c| a.0[c].abs_diff(b.0[c])).max().unwrap_or(0);
            assert!(error <= 12 || !flat.contains(a), "{a:?} shown as {b:?}");
            off += usize::from(error > 12);
            worst = worst.max(error);
        }
        let pixels = (IMAGE_WIDTH * IMAGE_HEIGHT) as usize;
        assert!(off * 50 < pixels && worst <= 48, "{off} off, worst {worst}");
    }
}

const RECORD: &str = "[Variant \"ultimate\"]\n[White \"Ann\"]\nGe8\nGb2\nZd7\nDe2\n";

/// The picture of a record's end with potentials: its ZÈRTZ-loaded piece in the kind's
/// colour. Which ply of a record is drawn, and its refusal of one past the end, are the
/// CLI's (`render_record`, in `src/cli/records.rs`); its end is this picture.
#[test]
fn the_end_of_a_record_with_potentials_shows_its_loaded_piece() {
    let replay = played(RECORD, Options::ultimate());
    let names = ByColor::new("Ann", "Black");
    let (game, last_turn) = (replay.last(), replay.turns.last());
    let view = BoardView {
        game,
        last_turn,
        names,
        note: None,
    };
    let image = decode(&render(&view, &RenderOptions::default()));
    assert_eq!(replay.last().stack(point("d7")).unwrap().to_string(), "wZ");
    let d7 = offset(at("d7"), 0.0, UNDER_LETTER);
    assert_paint(&image, d7, theme::kind(Potential::Zertz));
}

/// Prints a record of a random ultimate game up to a position showing every kind loaded,
/// used potentials and a stack, its last turn a potential move: how
/// `docs/images/potentials-midgame.gipf` was made.
#[test]
#[ignore = "prints a record for the README's picture"]
fn print_a_midgame_record() {
    for seed in 1..2000 {
        let (games, turns) = random_game(seed, 70);
        for (i, game) in games.iter().enumerate().skip(30) {
            let (layered, _, used) = busyness(game);
            let kinds = Potential::ALL
                .iter()
                .all(|&k| Color::ALL.iter().any(|&c| !game.loaded(c, k).is_empty()));
            let moved = matches!(turns[i - 1].action, Some(Action::Move { .. }));
            if kinds && layered >= 2 && used >= 2 && moved && game.outcome().is_none() {
                println!("# seed {seed}, {i} turns");
                println!("[Variant \"ultimate\"]");
                for turn in &turns[..i] {
                    println!("{turn:#}");
                }
                return;
            }
        }
    }
    panic!("no such game");
}
