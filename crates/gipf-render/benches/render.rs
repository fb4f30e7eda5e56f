//! Rendering and encoding the board picture of a busy mid-game position, and the encoding
//! alone (to tell drawing time from encoding time); a tournament's crosstable.
//! `cargo bench -p gipf-render`.

use gipf::potentials::{Game, Options, Turn};
use gipf::{ByColor, Variant};
use gipf_render::{BoardView, IMAGE_HEIGHT, IMAGE_WIDTH, RenderOptions, encode, render};

const RECORD: &str = include_str!("../../gipf/tests/data/tournament-41-plies.gipf");
/// An ultimate game: every kind loaded, used potentials and stacks on the board.
const POTENTIALS_RECORD: &str = include_str!("../../../docs/images/potentials-midgame.gipf");

fn main() {
    divan::main();
}

/// The games of a record (`games[0]` the start, then the game after each turn) and its
/// turns: its turn lines played from the start of the game `options` describe, its header,
/// blank lines and `#` comments left out.
fn played(text: &str, options: Options) -> (Vec<Game>, Vec<Turn>) {
    let mut game = Game::new(options);
    let (mut games, mut turns) = (vec![game.clone()], Vec::new());
    let lines = text.lines().map(str::trim);
    for line in lines.filter(|l| !(l.is_empty() || l.starts_with('#') || l.starts_with('['))) {
        let Ok(done) = game.play_notation(line) else {
            panic!("the record's turn `{line}` is legal");
        };
        for turn in done {
            turns.push(turn);
            games.push(game.clone());
        }
    }
    (games, turns)
}

/// Runs `f` on the view of the shared record's position with the most pieces on the board
/// (a game without potentials), with the turn that led to it.
fn with_busiest_view<R>(f: impl FnOnce(&BoardView) -> R) -> R {
    let (games, turns) = played(RECORD, Options::plain(Variant::Tournament));
    let ply = (0..games.len())
        .max_by_key(|&i| games[i].occupied().count())
        .unwrap_or(0);
    f(&BoardView {
        game: &games[ply],
        last_turn: ply.checked_sub(1).and_then(|i| turns.get(i)),
        names: ByColor::new("Ann", "Bob"),
        note: None,
    })
}

/// Draw and encode to PNG.
#[divan::bench]
fn render_and_encode(bencher: divan::Bencher) {
    with_busiest_view(|view| {
        let options = RenderOptions::default();
        let png = render(view, &options);
        eprintln!(
            "{} pieces on the board; picture {IMAGE_WIDTH}x{IMAGE_HEIGHT}, PNG {} bytes",
            view.game.occupied().count(),
            png.len()
        );
        bencher.bench(|| render(divan::black_box(view), &options));
    });
}

/// Encode the same picture again, as `render` does (a palette of 256 colours, then deflate).
#[divan::bench]
fn encode_only(bencher: divan::Bencher) {
    let png = with_busiest_view(|view| render(view, &RenderOptions::default()));
    let Ok(picture) = image::load_from_memory(&png) else {
        panic!("the picture decodes");
    };
    let picture = picture.to_rgb8();
    bencher.bench(|| encode(divan::black_box(&picture)).map(|png| png.len()).ok());
}

/// Draw and encode to PNG a game with potentials: the ultimate record's position with the
/// most stacks on the board, with the turn that led to it.
#[divan::bench]
fn render_potentials_and_encode(bencher: divan::Bencher) {
    let (games, turns) = played(POTENTIALS_RECORD, Options::ultimate());
    let ply = (0..games.len())
        .max_by_key(|&i| games[i].stacks().count())
        .unwrap_or(0);
    let view = BoardView {
        game: &games[ply],
        last_turn: ply.checked_sub(1).and_then(|i| turns.get(i)),
        names: ByColor::new("Ann", "Bob"),
        note: None,
    };
    let render_options = RenderOptions::default();
    let png = render(&view, &render_options);
    eprintln!(
        "{} stacks on the board; PNG {} bytes",
        view.game.stacks().count(),
        png.len()
    );
    bencher.bench(|| render(divan::black_box(&view), &render_options));
}

/// Draw and encode the crosstable of a 32-player, 7-round Swiss played to the end.
#[divan::bench]
fn render_crosstable_32_players(bencher: divan::Bencher) {
    use gipf_render::{CrosstableView, render_crosstable};
    use gipf_tournament::{Event, Format, Played, Winner};
    let mut event = Event::new(Format::Swiss { rounds: 7 }, 32);
    while let Ok(round) = event.pair_next_round() {
        for (board, game) in round.games.iter().enumerate() {
            let winner = if (board + round.number as usize).is_multiple_of(3) {
                Winner::Black
            } else {
                Winner::White
            };
            let (white, black) = (game.white, game.black);
            let winner = Some(winner);
            let number = round.number;
            event.games.push(Played {
                round: number,
                white,
                black,
                winner,
                forfeit: false,
            });
        }
    }
    let standings = event.standings();
    let names: Vec<String> = (1..=32).map(|n| format!("Player number {n}")).collect();
    let view = CrosstableView {
        title: "Winter Cup",
        subtitle: "Swiss, 7 rounds · final standings",
        names: &names,
        standings: &standings,
        games: &event.games,
        byes: &event.byes,
        rounds: 7,
        format: event.format,
    };
    eprintln!("crosstable PNG {} bytes", render_crosstable(&view).len());
    bencher.bench(|| render_crosstable(divan::black_box(&view)));
}
