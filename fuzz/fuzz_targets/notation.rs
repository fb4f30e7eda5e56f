//! A turn in the official notation, typed by anyone, against a game of every kind a few
//! turns in: refused or played, never a panic; a turn played is written back and read again
//! as the same turn.
#![no_main]

use gipf::potentials::{Game, Options};
use libfuzzer_sys::fuzz_target;

/// The games a line is tried on: plain, with potentials, Ultimate GIPF.
const GAMES: &[(&str, Option<&str>)] = &[
    ("basic", None),
    ("tournament", None),
    ("standard", Some("ZYD:3")),
    ("ultimate", None),
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let (opening, turn) = text.split_once('\n').unwrap_or(("", text));
    for (game, potentials) in GAMES {
        let options = Options::parse(game, *potentials).unwrap();
        let mut game = Game::new(options);
        // The first line's turns set a position up; those refused are left out.
        for line in opening.split(';').take(8) {
            let _ = game.play_notation(line);
        }
        let before = game.clone();
        let mut played = game.clone();
        match played.play_notation(turn) {
            Err(_) => assert_eq!(played, before, "a refused turn changed the game"),
            Ok(turns) => {
                let mut again = before.clone();
                for done in &turns {
                    again.play_notation(&format!("{done:#}")).unwrap();
                }
                assert_eq!(again, played, "`{turn}` written back reads as another turn");
            }
        }
        let _ = turn.parse::<gipf::notation::TurnNotation>();
    }
});
