//! Every error of the official notation: the variant it is, and the text players read.
#![allow(clippy::unwrap_used)]

use std::error::Error;

use gipf::notation::{NotationError, ParseTurnError, PushNote, ResolveError, TurnNotation};
use gipf::{ByColor, Entry, PlayError, Point, Position, Setup, Variant};

/// What every text of a [`ParseTurnError`] ends with.
const HOW: &str =
    " (a turn is written like `b6-f5`, `Ge8`, `xe7,e8;c7-e7` or `h6-c4;xc6*,d6,f5,g4`)";

fn parse_error(text: &str) -> ParseTurnError {
    text.parse::<TurnNotation>().unwrap_err()
}

fn resolve_error(position: &Position, text: &str) -> ResolveError {
    let note: TurnNotation = text.parse().unwrap();
    let error = note.resolve(position).unwrap_err();
    // Through `play_notation` the same error comes back, and nothing changes.
    let mut played = *position;
    assert_eq!(
        played.play_notation(text),
        Err(NotationError::Resolve(error.clone()))
    );
    assert_eq!(&played, position);
    error
}

/// A mid-game position: both players have played, White to move, reserves 8 each.
fn position(variant: Variant, board: &str) -> Position {
    let mut setup = Setup::new(variant);
    setup.place_all(board).unwrap();
    setup.played = ByColor::splat(true);
    setup.gipf_phase = ByColor::splat(false);
    setup.reserve = ByColor::splat(8);
    Position::from_setup(&setup).unwrap()
}

/// a2-b2 would make White rows b2-e2 and e2-e5, crossing on White's GIPF-piece at e2.
fn before_crossing_rows() -> Position {
    position(
        Variant::Tournament,
        "b2 w, c2 w, d2 W, e3 w, e4 w, e5 w, h5 W, b5 B",
    )
}

/// White's row on the long diagonal (with Black's g5 and h5) is gone at the start of his
/// turn; a push onto h5 then completes column h.
fn h5_emptied_twice() -> Position {
    position(
        Variant::BASIC,
        "c3 w, d4 w, e5 w, f5 w, g5 b, h5 b, h2 w, h3 w, h4 w",
    )
}

#[test]
fn parse_empty() {
    for text in ["", "  ", " (3)"] {
        let error = parse_error(text);
        assert_eq!(error, ParseTurnError::Empty);
        assert_eq!(error.to_string(), format!("the turn is empty{HOW}"));
    }
}

#[test]
fn parse_reserve_count_not_at_end() {
    let error = parse_error("e5 (7");
    assert_eq!(error, ParseTurnError::ReserveCountNotAtEnd);
    assert_eq!(
        error.to_string(),
        format!("the reserve count must be written as ` (n)` at the end{HOW}")
    );
}

#[test]
fn parse_not_a_reserve_count() {
    let error = parse_error("e5 (x)");
    assert_eq!(error, ParseTurnError::NotAReserveCount { text: "x".into() });
    assert_eq!(
        error.to_string(),
        format!("`x` is not a reserve count{HOW}")
    );
}

#[test]
fn parse_lone_semicolon() {
    let error = parse_error("a2-e2;");
    assert_eq!(error, ParseTurnError::LoneSemicolon);
    assert_eq!(
        error.to_string(),
        format!("a `;` has nothing on one side{HOW}")
    );
}

#[test]
fn parse_two_pushes() {
    let error = parse_error("e5;e6");
    assert_eq!(error, ParseTurnError::TwoPushes);
    assert_eq!(error.to_string(), format!("a turn has only one push{HOW}"));
}

#[test]
fn parse_point() {
    let error = parse_error("a2-j9");
    let point_error = "j9".parse::<Point>().unwrap_err();
    assert_eq!(error, ParseTurnError::Point(point_error.clone()));
    assert_eq!(
        error.to_string(),
        format!(
            "`j9` is not a point of the board: its columns are a to i, with rows 1-5 on a and i and 1-9 on e{HOW}"
        )
    );
    assert_eq!(
        error.source().map(|e| e.to_string()),
        Some(point_error.to_string())
    );
    // A removed spot that is not written at all.
    assert!(matches!(parse_error("xe5,;e6"), ParseTurnError::Point(_)));
}

#[test]
fn resolve_play() {
    let error = resolve_error(&Position::new(Variant::Standard), "Gc2");
    assert_eq!(error, ResolveError::Play(PlayError::GipfNotInThisGame));
    assert_eq!(
        error.to_string(),
        "GIPF-pieces can only be brought in in the tournament game"
    );
    assert_eq!(
        error.source().map(|e| e.to_string()),
        Some(PlayError::GipfNotInThisGame.to_string())
    );
    let full = position(Variant::BASIC, "b2 b, b3 w, b4 b, b5 w");
    let entry: Entry = "b1-b2".parse().unwrap();
    assert_eq!(
        resolve_error(&full, "b1-b3"),
        ResolveError::Play(PlayError::LineFull { entry })
    );
    assert_eq!(
        resolve_error(&Position::new(Variant::Tournament), "c2").to_string(),
        "your first push in the tournament game must bring in a GIPF-piece (write G before it)"
    );
}

#[test]
fn resolve_onto_a_dot() {
    let error = resolve_error(&Position::new(Variant::Tournament), "Gb1");
    assert_eq!(error, ResolveError::OntoADot { dot: Point::B1 });
    assert_eq!(
        error.to_string(),
        "b1 is a dot: write the first spot (like `c2`) or the dot and the end of the push (like `b1-e4`)"
    );
}

#[test]
fn resolve_onto_occupied_spot() {
    let error = resolve_error(&Position::new(Variant::Standard), "e2");
    assert_eq!(error, ResolveError::OntoOccupiedSpot { spot: Point::E2 });
    assert_eq!(
        error.to_string(),
        "e2 is occupied: a push that moves pieces is written as its dot and where the last pushed piece ends, like `b1-e4`"
    );
}

#[test]
fn resolve_no_entry_onto() {
    let error = resolve_error(&Position::new(Variant::Standard), "e5");
    assert_eq!(error, ResolveError::NoEntryOnto { spot: Point::E5 });
    assert_eq!(error.to_string(), "no entry leads onto e5");
}

#[test]
fn resolve_not_a_dot() {
    let error = resolve_error(&Position::new(Variant::Standard), "c3-c5");
    assert_eq!(error, ResolveError::NotADot { point: Point::C3 });
    assert_eq!(
        error.to_string(),
        "c3 is a spot, not a dot: a piece enters from one of the dots around the board \
         (a1-a5, b1-h1, b6-h6 and c7, d8, e9, f8, g7, i1-i5)"
    );
}

#[test]
fn resolve_not_on_a_line() {
    let error = resolve_error(&Position::new(Variant::Standard), "a2-c3");
    assert_eq!(
        error,
        ResolveError::NotOnALine {
            dot: Point::A2,
            end: Point::C3
        }
    );
    assert_eq!(
        error.to_string(),
        "a2-c3: c3 is not on a line entered from a2; from a2 you can push to b2 or b3"
    );
}

#[test]
fn resolve_written_as() {
    let e1_e2: Entry = "e1-e2".parse().unwrap();
    // e2 is occupied, e3 empty: the push ends on e3.
    let error = resolve_error(&Position::new(Variant::Standard), "e1-e4");
    assert_eq!(
        error,
        ResolveError::WrittenAs {
            entry: e1_e2,
            end: Point::E4,
            target: Point::E3,
            written: PushNote::Line {
                gipf: false,
                dot: Point::E1,
                end: Point::E3
            },
        }
    );
    assert_eq!(
        error.to_string(),
        "e1-e4: pushing in from e1 toward e2 moves the last piece to e3, so that push is written `e1-e3`"
    );
    // On an empty board the push only fills e2, and is written as that spot, `G` kept.
    let error = resolve_error(&Position::new(Variant::Tournament), "Ge1-e3");
    assert_eq!(
        error,
        ResolveError::WrittenAs {
            entry: e1_e2,
            end: Point::E3,
            target: Point::E2,
            written: PushNote::Onto {
                gipf: true,
                spot: Point::E2
            },
        }
    );
    assert_eq!(
        error.to_string(),
        "e1-e3: pushing in from e1 toward e2 moves the last piece to e2, so that push is written `e2`"
    );
}

#[test]
fn resolve_push_missing() {
    let error = resolve_error(&Position::new(Variant::Standard), "xe2");
    assert_eq!(error, ResolveError::PushMissing);
    assert_eq!(error.to_string(), "the push is missing");
}

#[test]
fn resolve_push_missing_after_removals() {
    // A standing row of White GIPF-pieces: taking b2 is a legal start, but not a whole turn.
    let mut setup = Setup::new(Variant::Tournament);
    setup.place_all("b2 W, c2 W, d2 W, e2 W, h5 B").unwrap();
    setup.played = ByColor::splat(true);
    setup.reserve = ByColor::new(8, 16);
    let standing = Position::from_setup(&setup).unwrap();
    let error = resolve_error(&standing, "xGb2");
    assert_eq!(error, ResolveError::PushMissingAfterRemovals);
    assert_eq!(
        error.to_string(),
        "the push is missing: after these removals the game goes on"
    );
}

#[test]
fn resolve_no_matching_removals() {
    let error = resolve_error(&before_crossing_rows(), "a2-e2");
    let legal = [
        "a2-e2;xGe2,e3,e4,e5",
        "a2-e2;xb2,c2,d2,Ge2",
        "a2-e2;xb2,c2,d2,Ge2,e3,e4,e5",
        "a2-e2;xb2,c2,d2,e3,e4,e5",
    ];
    assert_eq!(
        error,
        ResolveError::NoMatchingRemovals {
            legal: legal.map(String::from).to_vec()
        }
    );
    assert_eq!(
        error.to_string(),
        "the removals written do not match the rows here; the legal turns with this push are \
         `a2-e2;xGe2,e3,e4,e5`, `a2-e2;xb2,c2,d2,Ge2`, `a2-e2;xb2,c2,d2,Ge2,e3,e4,e5`, `a2-e2;xb2,c2,d2,e3,e4,e5`"
    );
}

#[test]
fn resolve_gipf_mark() {
    let error = resolve_error(&before_crossing_rows(), "a2-e2;xb2,c2,d2,e2,e3,e4,e5");
    assert_eq!(
        error,
        ResolveError::GipfMark {
            spot: Point::E2,
            held_gipf: true
        }
    );
    assert_eq!(error.to_string(), "e2 held a GIPF-piece: write G before it");
    let error = resolve_error(&before_crossing_rows(), "a2-e2;xGb2,c2,d2,Ge2,e3,e4,e5");
    assert_eq!(
        error,
        ResolveError::GipfMark {
            spot: Point::B2,
            held_gipf: false
        }
    );
    assert_eq!(error.to_string(), "b2 held a basic piece: no G");
}

#[test]
fn resolve_capture_mark() {
    let error = resolve_error(&h5_emptied_twice(), "xc3,d4,e5,f5,g5*,h5;h5;xh2,h3,h4,h5");
    assert_eq!(
        error,
        ResolveError::CaptureMark {
            spot: Point::H5,
            held_opponents: true
        }
    );
    assert_eq!(
        error.to_string(),
        "h5 held an opponent's piece: write * after it"
    );
    let error = resolve_error(&h5_emptied_twice(), "xc3,d4,e5,f5,g5*,h5*;h5;xh2,h3,h4,h5*");
    assert_eq!(
        error,
        ResolveError::CaptureMark {
            spot: Point::H5,
            held_opponents: false
        }
    );
    assert_eq!(
        error.to_string(),
        "h5 held one of the mover's own pieces: no *"
    );
}

#[test]
fn resolve_reserve() {
    let error = resolve_error(&before_crossing_rows(), "a2-e2;xGe2,e3,e4,e5 (9)");
    assert_eq!(
        error,
        ResolveError::Reserve {
            written: 9,
            actual: 12
        }
    );
    assert_eq!(
        error.to_string(),
        "the reserve after this turn is 12, not 9"
    );
}

#[test]
fn notation_errors_wrap_the_parse_or_resolve_error_as_their_source() {
    let mut position = Position::new(Variant::Standard);
    let error = position.play_notation("e5;e6").unwrap_err();
    assert_eq!(error, NotationError::Parse(ParseTurnError::TwoPushes));
    assert_eq!(error.to_string(), ParseTurnError::TwoPushes.to_string());
    assert_eq!(
        error.source().map(|e| e.to_string()),
        Some(ParseTurnError::TwoPushes.to_string())
    );
    let error = position.play_notation("e5").unwrap_err();
    let inner = ResolveError::NoEntryOnto { spot: Point::E5 };
    assert_eq!(error, NotationError::Resolve(inner.clone()));
    assert_eq!(error.to_string(), "no entry leads onto e5");
    assert_eq!(
        error.source().map(|e| e.to_string()),
        Some(inner.to_string())
    );
    // The chain goes down to the rule that was broken.
    let error = position.play_notation("Gc2").unwrap_err();
    let play = error.source().and_then(|e| e.source());
    assert_eq!(
        play.map(|e| e.to_string()),
        Some(PlayError::GipfNotInThisGame.to_string())
    );
}
