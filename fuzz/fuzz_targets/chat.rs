//! A chat line as the console reads it (`name: text`, mentions as `@name`) and as a command
//! (`!…`, typed or as a slash command's text): a command, a refusal or not a command, never
//! a panic, and a refusal always says something.
#![no_main]

use gipf_bot::command::{Phrasing, parse};
use gipf_bot::console::Console;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(line) = std::str::from_utf8(data) else {
        return;
    };
    for say in [
        Phrasing::chat("!"),
        Phrasing::slash("!"),
        Phrasing::chat("gipf!"),
    ] {
        if let Some(Err(refused)) = parse(line, &say) {
            assert!(!refused.to_string().trim().is_empty());
        }
    }
    thread_local! {
        static CONSOLE: std::cell::RefCell<Console> = std::cell::RefCell::new(
            Console::new(std::env::temp_dir().join("gipf-fuzz-boards")).unwrap(),
        );
    }
    CONSOLE.with(|console| {
        if let Ok(message) = console.borrow_mut().read_line(line) {
            let _ = parse(&message.text, &Phrasing::chat("!"));
        }
    });
});
