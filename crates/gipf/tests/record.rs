//! The shared tournament game record replays to its known final position.
#![allow(clippy::unwrap_used)]

use gipf::{Color, Kind, Pending, Piece, Point, Position, Variant};

const RECORD: &str = include_str!("data/tournament-41-plies.gipf");

fn replay() -> Position {
    let mut position = Position::new(Variant::Tournament);
    for (n, line) in RECORD.lines().enumerate() {
        if let Err(e) = position.play_notation(line) {
            panic!("line {}: {line}: {e}", n + 1);
        }
    }
    position
}

#[test]
fn tournament_record_reaches_the_known_final_position() {
    let position = replay();
    assert_eq!(position.plies(), 41);
    assert_eq!(position.to_move(), Color::Black);
    assert_eq!(position.pending(), Pending::Push);
    assert_eq!(
        (
            position.reserve(Color::White),
            position.reserve(Color::Black)
        ),
        (5, 1)
    );
    assert_eq!(
        (position.lost(Color::White), position.lost(Color::Black)),
        (2, 6)
    );
    let expected = "b4 b, b5 w, c4 B, c5 b, c6 w, d2 b, d5 W, d6 w, e2 w, e3 w, e5 w, e7 b, e8 b, \
                    f4 B, g2 b, g3 w, g5 W, h2 b";
    let mut board = Vec::new();
    for spot in Point::spots() {
        if let Some(piece) = position.piece_at(spot) {
            board.push(format!("{spot} {}", piece.char()));
        }
    }
    assert_eq!(board.join(", "), expected);
    assert_eq!(
        position.piece_at("d5".parse().unwrap()),
        Some(Piece {
            color: Color::White,
            kind: Kind::Gipf
        })
    );
    for color in Color::ALL {
        assert_eq!(position.total(color), 18);
    }
}

#[test]
fn every_turn_of_the_record_prints_back_to_a_turn_with_the_same_result() {
    let mut position = Position::new(Variant::Tournament);
    for line in RECORD.lines() {
        let mut reread = position;
        let done = position.play_notation(line).unwrap();
        let turn = done.iter().next().unwrap();
        reread.play_notation(&format!("{turn:#}")).unwrap();
        assert_eq!(reread, position, "{line} printed as {turn:#}");
    }
}
