//! A record as anyone may hand it to `replay` or attach it: a header, then turns. Read or
//! refused with its line, never a panic; one read is written back and read as the same game.
#![no_main]

use gipf::potentials::Options;
use gipf_bot::model::GameSpec;
use gipf_bot::record::{GameRecord, header, replay, turn_text};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(read) = header(text) else {
        return;
    };
    let Ok(spec) = read.rules(None, None) else {
        return;
    };
    let options = match spec {
        GameSpec::Plain(variant) => Options::plain(variant),
        GameSpec::Potentials(options) => options,
    };
    let Ok(game) = replay(text, options) else {
        return;
    };
    let turns = game
        .turns
        .iter()
        .map(|t| turn_text(&options, t, true))
        .collect();
    let written = GameRecord {
        header: read.clone(),
        turns,
    }
    .to_string();
    assert_eq!(header(&written).ok().as_ref(), Some(&read));
    let again = replay(&written, options).expect("a record written back reads");
    assert_eq!(again.last(), game.last());
});
