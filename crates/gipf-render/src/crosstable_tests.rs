//! The crosstable picture: its size, a won and a lost game's cells, and an example written
//! to the target folder to look at.
#![allow(clippy::unwrap_used)]

use gipf_tournament::{Event, Format, Standing, Winner};

use super::crosstable::{FIRST_ROW_TOP, ROUND_WIDTH, ROUNDS_LEFT, ROW_HEIGHT};
use super::tests::{assert_paint, decode};
use super::{CrosstableView, crosstable_size, render_crosstable, theme};

/// A six-player, three-round Swiss: White wins every game but one, player 5 withdraws after
/// round 2, the last round still in play on its top board.
fn winter_cup() -> Event {
    let mut event = Event::new(Format::Swiss { rounds: 3 }, 6);
    for number in 1..=3 {
        let round = event.pair_next_round().unwrap();
        event.record_round(&round);
        for (board, game) in round.games.iter().enumerate() {
            let winner = match (number, board) {
                (3, 0) => continue,
                (2, 1) => Winner::Black,
                _ => Winner::White,
            };
            event.record_result(number, game.white, game.black, winner);
        }
        if number == 2 {
            event.withdrawn.push(5);
        }
    }
    event
}

/// The view of an event's standings so far.
fn view_of<'a>(
    event: &'a Event,
    standings: &'a [Standing],
    names: &'a [String],
    title: &'a str,
) -> CrosstableView<'a> {
    CrosstableView {
        title,
        subtitle: "Swiss, 3 rounds · round 3 in play",
        names,
        standings,
        games: &event.games,
        byes: &event.byes,
        rounds: event.total_rounds(),
        format: event.format,
    }
}

fn names() -> Vec<String> {
    [
        "Ann",
        "Bob",
        "Chloé",
        "Dmitri Alexandrovich Karamazov the Third",
        "Eve",
        "Fay 🦊",
    ]
    .map(String::from)
    .to_vec()
}

#[test]
fn the_crosstable_has_its_size_and_tells_a_win_from_a_loss() {
    let event = winter_cup();
    let standings = event.standings();
    let names = names();
    let view = view_of(&event, &standings, &names, "Winter Cup");
    let png = render_crosstable(&view);
    let image = decode(&png);
    assert_eq!(image.dimensions(), crosstable_size(&view));
    assert_eq!(
        crosstable_size(&view),
        (852, 450),
        "three rounds, two tie-breaks, six lines, the footer"
    );

    // Each entrant keeps his entry number, whatever his line (issue 45: it renumbered).
    let lines = super::crosstable::Lines::of(&view);
    for standing in &standings {
        assert_eq!(lines.number(standing.player), Some(standing.player + 1));
    }
    assert!(
        standings
            .iter()
            .enumerate()
            .any(|(line, s)| s.player != line),
        "{standings:?}"
    );

    let line_of = |player: usize| standings.iter().position(|s| s.player == player).unwrap();
    let cell_tint = |player: usize, round: u32| {
        let left = ROUNDS_LEFT + (round - 1) as f32 * ROUND_WIDTH;
        let top = FIRST_ROW_TOP + line_of(player) as f32 * ROW_HEIGHT;
        (left + ROUND_WIDTH / 2.0, top + 8.0)
    };
    let first = &event.games[0];
    assert_paint(&image, cell_tint(first.white, 1), theme::WIN_CELL);
    assert_paint(&image, cell_tint(first.black, 1), theme::LOSS_CELL);
    let in_play = event.games.iter().find(|g| g.winner.is_none()).unwrap();
    let line_paint = match line_of(in_play.white) % 2 {
        0 => theme::PAGE,
        _ => theme::STRIPE,
    };
    assert_paint(&image, cell_tint(in_play.white, 3), line_paint);

    // The workspace's target folder, two folders above this crate's.
    let workspace = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let folder = std::env::var_os("CARGO_TARGET_DIR")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| workspace.join("target"));
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join("crosstable-example.png"), &png).unwrap();
}

#[test]
fn a_round_robin_shows_its_rest_and_its_tie_breaks() {
    let mut event = Event::new(Format::RoundRobin { cycles: 1 }, 3);
    let round = event.pair_next_round().unwrap();
    let game = round.games[0];
    event.record_round(&round);
    event.record_result(1, game.white, game.black, Winner::Black);
    let standings = event.standings();
    let view = view_of(&event, &standings, &[], "");
    let image = decode(&render_crosstable(&view));
    assert_eq!(image.dimensions(), crosstable_size(&view));
    assert_eq!(
        image.dimensions(),
        (852, 318),
        "three rounds, two tie-breaks, three lines"
    );
    assert_eq!(standings[0].player, game.black);
    // The rest is worth nothing: its cell is not tinted as a Swiss bye's is.
    let resting = round.bye.unwrap();
    let line = standings.iter().position(|s| s.player == resting).unwrap();
    let line_paint = [theme::PAGE, theme::STRIPE][line % 2];
    let top = FIRST_ROW_TOP + line as f32 * ROW_HEIGHT;
    assert_paint(
        &image,
        (ROUNDS_LEFT + ROUND_WIDTH / 2.0, top + 8.0),
        line_paint,
    );
}

#[test]
fn a_game_not_played_out_is_marked_not_drawn_as_a_loss() {
    let event = winter_cup();
    let standings = event.standings();
    let names = names();
    let played = render_crosstable(&view_of(&event, &standings, &names, "Winter Cup"));
    let mut forfeited = event.clone();
    forfeited.games[0].forfeit = true;
    let marked = render_crosstable(&view_of(&forfeited, &standings, &names, "Winter Cup"));
    let (played, marked) = (decode(&played), decode(&marked));
    assert_eq!(played.dimensions(), marked.dimensions());
    // The first game's cells say it (its winner's `+`, its loser's `-`); an unchanged
    // picture redrawn is the same to the pixel.
    let differ = |x0: u32, x1: u32, y0: u32, y1: u32| {
        (x0..x1).any(|x| (y0..y1).any(|y| played.get_pixel(x, y) != marked.get_pixel(x, y)))
    };
    let round_one = (ROUNDS_LEFT as u32, (ROUNDS_LEFT + ROUND_WIDTH) as u32);
    let table = (
        FIRST_ROW_TOP as u32,
        (FIRST_ROW_TOP + 6.0 * ROW_HEIGHT) as u32,
    );
    assert!(differ(round_one.0, round_one.1, table.0, table.1));
    let again = decode(&render_crosstable(&view_of(
        &event,
        &standings,
        &names,
        "Winter Cup",
    )));
    assert_eq!(again, played);
}
