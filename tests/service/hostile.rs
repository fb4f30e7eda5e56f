//! Random and hostile chat lines against the service: no panic, an answer for every command,
//! no ping but the allowed ones, and every stored game still replays.

use crate::support::chat::shown_safely;
use crate::support::recorder::handle;
use gipf_bot::console::{CONSOLE_CHANNEL, Console, user_id};
use gipf_bot::service::{Config, Service};
use proptest::prelude::*;

fn line() -> impl Strategy<Value = String> {
    let command = prop_oneof![
        Just("push".to_string()),
        Just("gipf".to_string()),
        Just("move".to_string()),
        Just("challenge".to_string()),
        Just("accept".to_string()),
        Just("row".to_string()),
        Just("take".to_string()),
        Just("keep".to_string()),
        Just("resign".to_string()),
        Just("board".to_string()),
        Just("history".to_string()),
        Just("zertz".to_string()),
        Just("dvonn".to_string()),
        Just("yinsh".to_string()),
        Just("punct".to_string()),
        Just("tamsk".to_string()),
        Just("rules".to_string()),
        "[a-z]{1,8}",
    ];
    let argument = prop_oneof![
        "[a-i][0-9]",
        "[a-i][0-9][ -]?[a-i][0-9]",
        Just("@everyone".to_string()),
        Just("@here".to_string()),
        Just("<@&123>".to_string()),
        Just("<@42>".to_string()),
        Just("@bob".to_string()),
        Just("'; DROP TABLE games; --".to_string()),
        Just("all".to_string()),
        Just("potentials=@everyone".to_string()),
        "potentials=[TZDYPtzdyp:,/0-9]{0,10}",
        Just("ultimate".to_string()),
        Just("skip".to_string()),
        "(zertz|dvonn|basic|z|Z)",
        "[a-i][0-9][>-]?[a-i][0-9]",
        "[0-9]{1,3}",
        "\\PC{0,12}",
        "x[a-i][0-9]\\*?,G[a-i][0-9];[a-i][0-9]-[a-i][0-9]",
    ];
    (
        command,
        proptest::collection::vec(argument, 0..5),
        any::<bool>(),
        0usize..3,
    )
        .prop_map(|(command, args, huge, who)| {
            let author = ["alice", "bob", "mallory"][who];
            let mut text = format!("!{command} {}", args.join(" "));
            if huge {
                text.push_str(&"x".repeat(600));
            }
            format!("{author}: {text}")
        })
}

/// Display names as hostile as the lines: they are echoed in replies.
const NAMES: [&str; 3] = [
    "@everyone",
    "<@&77> [x](https://x.io)",
    "**mallory** `@here` ||",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn hostile_lines_never_break_the_service(
        lines in proptest::collection::vec(line(), 1..40),
        potentials in any::<bool>(),
    ) {
        let dir = tempfile::tempdir().unwrap();
        let service = std::sync::Arc::new(Service::open(dir.path().join("gipf.db"), Config::default()).unwrap());
        let mut console = Console::new(dir.path().join("boards")).unwrap();
        // A game in progress, so moves have something to hit: with potentials or not.
        let challenge = if potentials {
            "alice: !challenge @bob ultimate white"
        } else {
            "alice: !challenge @bob standard white"
        };
        for setup in [challenge, "bob: !accept"] {
            let message = console.read_line(setup).unwrap();
            handle(&service, &message);
        }
        for (i, line) in lines.iter().enumerate() {
            let mut message = console.read_line(line).unwrap();
            message.author.name = NAMES[i % NAMES.len()].to_string();
            let replies = handle(&service, &message);
            prop_assert!(!replies.is_empty(), "no answer to {}", line);
            let mut allowed = vec![user_id("alice"), user_id("bob"), message.author.id];
            allowed.extend(message.mentions.iter().map(|m| m.id));
            for reply in &replies {
                shown_safely(reply, &allowed);
            }
            // Whatever happened, the channel's game still replays (loading it replays every
            // turn). A game is only changed while it is the channel's latest, so this checks
            // every game the lines start.
            let state = service.game_state(CONSOLE_CHANNEL, true).unwrap();
            prop_assert!(state.is_some());
        }
    }
}
