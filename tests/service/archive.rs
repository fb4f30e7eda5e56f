//! Every game kept: listing, records with headers, ratings, rematches and animated replays,
//! through the service over a temporary database (and the binary for `export`).

use crate::support::recorder::handle;
use gipf_bot::service::Asked;
use std::sync::{Arc, Barrier};

use crate::support::table::{Table, click, play_random_turns, shown};
use gipf::random::Rng;
use gipf::{Color, Position, Reason, Variant};
use gipf_bot::command::{ChallengeCommand, Command};
use gipf_bot::console::user_id;
use gipf_bot::model::{ChannelId, GuildId};
use gipf_bot::record;
use gipf_bot::reply::Reply;

const RECORD: &str = include_str!("../../crates/gipf/tests/data/tournament-41-plies.gipf");

/// The record file a reply attaches, as text.
fn attached(reply: &Reply) -> (String, String) {
    let (name, bytes) = reply.file.clone().expect("a file is attached");
    (name, String::from_utf8(bytes).unwrap())
}

/// A seed whose random game of `variant` ends for `reason` (by the rules alone).
fn seed_ending_by(variant: Variant, reason: Reason) -> u64 {
    (1..300u64)
        .find(|&seed| {
            let mut rng = Rng::new(seed);
            let mut position = Position::new(variant);
            for _ in 0..400 {
                if let Some(outcome) = position.outcome() {
                    return outcome.reason == reason;
                }
                let turns = position.legal_turns();
                position = turns[rng.below(turns.len())].1;
            }
            false
        })
        .expect("a random game that ends so")
}

#[test]
fn an_exported_record_replays_to_the_same_end_and_result() {
    let mut table = Table::new();
    table.start("standard");
    play_random_turns(
        &mut table,
        seed_ending_by(Variant::Standard, Reason::NoGipf),
        400,
    );
    let state = table.state();
    let outcome = state.position().unwrap().outcome().expect("the game ended");
    let reply = table.say("carol", "!export").remove(0);
    let (name, text) = attached(&reply);
    assert_eq!(name, format!("gipf-game-{}.gipf", state.id.0));
    let header = record::header(&text).unwrap();
    assert_eq!(
        header.get("Event"),
        Some(&*format!("gipf-bot game {}", state.id.0))
    );
    assert_eq!(header.get("Site"), Some("console"));
    assert_eq!(header.get("White"), Some("alice"));
    assert_eq!(header.get("Black"), Some("bob"));
    assert_eq!(header.get("Variant"), Some("standard"));
    let result = if outcome.winner == Color::White {
        "1-0"
    } else {
        "0-1"
    };
    assert_eq!(header.get("Result"), Some(result));
    assert_eq!(header.get("Termination"), Some("no GIPF-piece"));
    let date = header.get("Date").unwrap();
    assert!(
        date.len() == 10 && date.as_bytes()[4] == b'.' && date.starts_with("20"),
        "{date}"
    );
    // The record replays, by its header alone, to the very position the game ended in.
    let spec = record::header(&text).unwrap().rules(None, None).unwrap();
    let replay = record::replay(&text, spec.options()).unwrap();
    assert_eq!(*replay.last(), state.game);
    assert_eq!(replay.last().outcome(), Some(outcome));
    assert_eq!(replay.turns.len(), state.turns.len());
    // The same record by the game's number, from another channel of the server.
    table.channel = ChannelId(2);
    let again = table
        .say("carol", &format!("!export {}", state.id.0))
        .remove(0);
    assert_eq!(attached(&again).1, text);
    assert!(
        shown(&again).contains(&format!(": {result} (no GIPF-piece) after")),
        "{}",
        shown(&again)
    );
    // And nowhere else.
    let mut elsewhere = table.message("carol", &format!("!export {}", state.id.0));
    elsewhere.guild = Some(GuildId(7));
    let refused = table.serve(elsewhere.clone(), Asked::Line).remove(0);
    assert!(refused.private && refused.file.is_none(), "{refused:?}");
    assert!(shown(&refused).contains(&format!("no game {} in this server", state.id.0)));
    table.expect(
        "carol",
        "!export 999",
        "There is no game 999 in this server",
    );
    table.expect("carol", "!export x", "`x` is not a game's number");
}

#[test]
fn history_of_any_game_by_its_number() {
    let mut table = Table::new();
    table.start("tournament");
    table.play_record(&["Ge8".into(), "Gd8-f7".into()]);
    table.channel = ChannelId(5);
    let history = table.text("carol", "!history 1");
    assert!(
        history.contains("Game 1, tournament GIPF") && history.contains("2. Gd8-f7"),
        "{history}"
    );
    table.expect("carol", "!history", "There is no game in this channel");
    // A long game's history is a file with the header.
    let mut table = Table::new();
    table.start("tournament");
    let turns: Vec<String> = RECORD.lines().map(str::to_string).collect();
    table.play_record(&turns);
    let reply = table.say("carol", "!history").remove(0);
    let (_, text) = attached(&reply);
    assert!(text.starts_with("[Event \"gipf-bot game 1\"]\n"), "{text}");
    assert!(
        text.contains("[Result \"*\"]") && !text.contains("Termination"),
        "{text}"
    );
    assert_eq!(
        record::replay(
            &text,
            record::header(&text)
                .unwrap()
                .rules(None, None)
                .unwrap()
                .options()
        )
        .unwrap()
        .turns
        .len(),
        41
    );
}

/// Plays `games` games, each in a channel of its own, ended by resignation (White wins).
fn resigned_games(table: &mut Table, games: u64) {
    for channel in 1..=games {
        table.channel = ChannelId(channel);
        table.start("basic");
        table.text("alice", "!push b1 c2");
        table.expect("bob", "!resign confirm", "bob resigned");
    }
}

#[test]
fn games_lists_finished_games_newest_first_page_by_page() {
    let mut table = Table::new();
    resigned_games(&mut table, 12);
    table.channel = ChannelId(20);
    table.start("standard");
    let active = table.text("carol", "!games");
    assert!(
        active.starts_with("Games in progress:\n**13** <#20>: alice"),
        "{active}"
    );
    assert!(!active.contains("**12**"), "{active}");
    let first = table.text("carol", "!games finished");
    assert!(
        first.starts_with(
            "Finished games:\n**12** alice vs bob, basic: alice won, 1-0 (bob resigned), 1 turn, "
        ),
        "{first}"
    );
    let listed: Vec<&str> = first.lines().filter(|l| l.starts_with("**")).collect();
    assert_eq!(listed.len(), 10, "{first}");
    assert!(listed[9].starts_with("**3** "), "{first}");
    assert!(first.contains("More: `!games finished page=2`"), "{first}");
    let second = table.text("carol", "!games finished page=2");
    let listed: Vec<&str> = second.lines().filter(|l| l.starts_with("**")).collect();
    assert_eq!(listed.len(), 2, "{second}");
    assert!(
        listed[1].starts_with("**1** ") && !second.contains("More:"),
        "{second}"
    );
    let all = table.text("carol", "!games @alice all");
    assert!(all.starts_with("Games of alice:\n**13** <#20>"), "{all}");
    table.expect(
        "carol",
        "!games @carol all",
        "No game of carol was played here.",
    );
    table.expect("carol", "!games finished page=3", "on that page");
}

#[test]
fn ratings_change_once_per_decided_game_and_rank_the_players() {
    let mut table = Table::new();
    table.expect("alice", "!stats", "alice has no rated game here yet");
    resigned_games(&mut table, 2);
    // An aborted game is unrated.
    table.channel = ChannelId(9);
    table.start("standard");
    table.expect("bob", "!abort", "aborted");
    let stats = table.text("carol", "!stats @alice");
    assert!(
        stats.starts_with("alice: rating 1")
            && stats.contains("2 rated games, 2 won, 0 lost, won 2 in a row."),
        "{stats}"
    );
    assert!(
        stats.contains("\nbasic: 2 games, 2 won, 0 lost, rating"),
        "{stats}"
    );
    let bob = table.text("bob", "!stats");
    assert!(
        bob.contains("2 rated games, 0 won, 2 lost, lost 2 in a row."),
        "{bob}"
    );
    let board = table.text("carol", "!leaderboard");
    let lines: Vec<&str> = board.lines().collect();
    assert!(
        lines[0].starts_with("**Leaderboard, all games**"),
        "{board}"
    );
    assert!(
        lines[1].starts_with("1. alice: 1") && lines[1].ends_with("2 games, 100% won"),
        "{board}"
    );
    assert!(
        lines[2].starts_with("2. bob: 1") && lines[2].ends_with("2 games, 0% won"),
        "{board}"
    );
    table.expect(
        "carol",
        "!leaderboard standard",
        "Nobody has a rating for standard GIPF here yet",
    );
    table.expect("carol", "!leaderboard chess", "`chess` is not a game");
}

#[test]
fn two_resignations_at_once_rate_the_game_once() {
    for _ in 0..5 {
        let mut table = Table::new();
        table.start("standard");
        let resignations = [
            table.message("alice", "!resign confirm"),
            table.message("bob", "!resign confirm"),
        ];
        let barrier = Arc::new(Barrier::new(2));
        std::thread::scope(|scope| {
            for message in resignations {
                let service = Arc::clone(&table.service);
                let barrier = Arc::clone(&barrier);
                scope.spawn(move || {
                    barrier.wait();
                    handle(&service, &message)
                });
            }
        });
        let alice = table.text("alice", "!stats");
        let bob = table.text("bob", "!stats");
        assert!(
            alice.contains("1 rated game,") && bob.contains("1 rated game,"),
            "{alice}\n{bob}"
        );
        let won = [&alice, &bob]
            .iter()
            .filter(|s| s.contains("1 won"))
            .count();
        assert_eq!(won, 1, "{alice}\n{bob}");
    }
}

#[test]
fn a_rematch_swaps_colours_and_keeps_the_options() {
    let mut table = Table::new();
    table.expect(
        "alice",
        "!challenge @bob standard white days=3",
        "challenges you",
    );
    table.expect("bob", "!accept", "Game on");
    table.expect("alice", "!rematch", "still being played");
    let over = table.say("bob", "!resign confirm").remove(0);
    let button = over
        .buttons
        .iter()
        .find(|b| b.command == Command::Challenge(ChallengeCommand::Rematch))
        .expect("a Rematch button");
    table.expect(
        "carol",
        "!rematch",
        "Only alice and bob can ask for a rematch",
    );
    let challenge = click(&mut table, "bob", button);
    let text = shown(&challenge);
    assert!(
        text.contains(
            "bob challenges you to a game of standard GIPF (bob plays white, 3 days per move"
        ),
        "{text}"
    );
    assert_eq!(challenge.mentions(), [user_id("alice")]);
    table.expect("alice", "!accept", "Game on");
    let state = table.state();
    assert_eq!(state.players[Color::White], user_id("bob"));
    assert_eq!(state.players[Color::Black], user_id("alice"));
    assert_eq!(state.position().unwrap().variant(), Variant::Standard);
    // The first game's button is for an earlier game now.
    table.expect("bob", "!resign confirm", "bob resigned");
    let stale = click(&mut table, "alice", button);
    assert!(
        stale.private && shown(&stale).contains("earlier game"),
        "{}",
        shown(&stale)
    );
}

#[test]
fn a_replay_is_an_animation_of_every_turn_under_8_mb() {
    let mut table = Table::new();
    table.expect("carol", "!replay", "There is no game in this channel");
    table.start("tournament");
    table.expect("alice", "!replay", "no turn yet");
    let turns: Vec<String> = RECORD.lines().map(str::to_string).collect();
    table.play_record(&turns);
    let reply = table.say("alice", "!replay").remove(0);
    let (name, gif) = reply.file.clone().unwrap();
    assert_eq!(name, "gipf-game-1.gif");
    assert!(gif.len() < 8 * 1024 * 1024, "{} bytes", gif.len());
    assert!(
        shown(&reply).contains("41 turns, one picture each"),
        "{}",
        shown(&reply)
    );
    let mut decoder = gif::DecodeOptions::new();
    decoder.set_color_output(gif::ColorOutput::Indexed);
    let mut frames = decoder.read_info(gif.as_slice()).unwrap();
    let (mut count, mut delays) = (0, Vec::new());
    while let Some(frame) = frames.read_next_frame().unwrap() {
        count += 1;
        delays.push(frame.delay);
    }
    assert_eq!(count, 42, "the start and one frame per turn");
    assert_eq!(delays.last(), Some(&gipf_render::FINAL_DELAY));
    assert_eq!(delays[0], gipf_render::TURN_DELAY);
    table.expect("alice", "!replay", "One replay every 30 s");
}

#[test]
fn the_command_line_exports_every_game_and_animates_a_record() {
    let mut table = Table::new();
    resigned_games(&mut table, 2);
    let out = table.dir.path().join("records");
    let db = table.dir.path().join("gipf.db");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
        .arg("export")
        .args(crate::support::database::flags(&db))
        .env_remove("DATABASE_URL")
        .arg("-o")
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success());
    let mut files: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|f| f.unwrap().file_name().into_string().unwrap())
        .collect();
    files.sort();
    assert_eq!(files, ["gipf-game-1.gipf", "gipf-game-2.gipf"]);
    let first = std::fs::read_to_string(out.join("gipf-game-1.gipf")).unwrap();
    assert!(
        first.contains(
            "[Variant \"basic\"]\n[Result \"1-0\"]\n[Termination \"resignation\"]\n\nc2 (11)\n"
        ),
        "{first}"
    );
    // `render --animate` reads the header for the game and the names.
    let gif = table.dir.path().join("game.gif");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
        .args(["render", "--animate", "-o"])
        .arg(&gif)
        .arg(out.join("gipf-game-1.gipf"))
        .status()
        .unwrap();
    assert!(status.success());
    assert!(std::fs::read(&gif).unwrap().starts_with(b"GIF89a"));
    // A header that contradicts the command line is an error.
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
        .args(["replay", "--variant", "standard"])
        .arg(out.join("gipf-game-1.gipf"))
        .output()
        .unwrap();
    assert!(!output.status.success());
    let error = String::from_utf8_lossy(&output.stderr);
    assert!(
        error.contains("the header's Variant is `basic` and the command line's `standard`"),
        "{error}"
    );
}

#[test]
fn a_rematch_after_a_short_game_pings_the_opponent() {
    let mut table = Table::new();
    table.start("standard");
    // A second challenge at once would not ping bob again (he was pinged a moment ago)...
    table.expect("alice", "!resign confirm", "resigned");
    // ...but a game between them just ended: the rematch is news and pings him.
    let challenge = table.say("alice", "!rematch").remove(0);
    assert!(
        shown(&challenge).contains("challenges you"),
        "{}",
        shown(&challenge)
    );
    assert_eq!(challenge.mentions(), [user_id("bob")]);
    table.expect("alice", "!cancel", "withdrew");
    // Withdrawn and made again at once, with no game in between: not pinged again.
    let again = table.say("alice", "!rematch").remove(0);
    assert!(again.mentions().is_empty(), "{}", shown(&again));
}

#[test]
fn mygames_lists_my_games_everywhere_my_move_first() {
    let mut table = Table::new();
    table.channel = ChannelId(1);
    table.start("standard");
    table.expect("alice", "!push b1 c2", "played");
    table.channel = ChannelId(2);
    table.start("tournament days=3");
    table.channel = ChannelId(3);
    table.expect("bob", "!challenge @carol", "challenges you");
    table.expect("carol", "!accept", "Game on");
    table.channel = ChannelId(4);
    let text = table.text("alice", "!mygames");
    let lines: Vec<&str> = text.lines().collect();
    let expected = [
        "Your games in progress (2):",
        "Your move:",
        "<#2>: alice (white) vs bob (black), tournament, turn 1, alice (white) to play, move by <t:",
        "Your opponent's move:",
        "<#1>: alice (white) vs bob (black), standard, turn 2, bob (black) to play",
    ];
    assert_eq!(lines.len(), expected.len(), "{text}");
    for (line, want) in lines.iter().zip(expected) {
        assert!(
            line.starts_with(want),
            "{line:?} should start with {want:?}"
        );
    }
    table.expect(
        "dave",
        "!mygames",
        "You have no game in progress. Start one with `!challenge @someone`.",
    );
}

#[test]
fn logs_that_are_not_a_terminal_carry_no_colour_codes() {
    let dir = tempfile::tempdir().unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
        .args(["console", "--db"])
        .arg(dir.path().join("gipf.db"))
        .current_dir(dir.path())
        .env("LOG_LEVEL", "info")
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(log.contains("INFO"), "the migration is logged: {log}");
    assert!(!log.contains('\u{1b}'), "no colour codes: {log:?}");
}

/// Runs the binary with `args` and `record` as its input file: (exit code, stdout, stderr).
fn tool(args: &[&str], record: &str) -> (Option<i32>, String, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("game.gipf");
    std::fs::write(&file, record).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
        .args(args)
        .arg(&file)
        .output()
        .unwrap();
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (
        output.status.code(),
        text(&output.stdout),
        text(&output.stderr),
    )
}

#[test]
fn a_record_without_a_header_is_read_as_the_game_the_tool_says() {
    let (code, json, said) = tool(&["replay"], "Gb1-c2 (16)\n");
    assert_eq!(code, Some(0), "{said}");
    assert!(json.starts_with('{'), "{json}");
    assert!(
        said.contains(
            "the record has no Variant header, so it is read as tournament GIPF; give --variant"
        ),
        "{said}"
    );
    // Named by the flag, nothing is assumed.
    let (code, _, said) = tool(&["replay", "--variant", "standard"], "b1-c2 (11)\n");
    assert_eq!(code, Some(0), "{said}");
    assert!(!said.contains("Variant header"), "{said}");
    // A record that is no tournament game says which game it was read as.
    let (code, _, said) = tool(&["replay"], "b1-c2 (11)\n");
    assert_eq!(code, Some(1), "{said}");
    assert!(
        said.contains(
            "the record does not replay as tournament GIPF: give its game with --variant"
        ),
        "{said}"
    );
}

#[test]
fn think_on_a_finished_record_exits_1_with_the_reason() {
    let resigned =
        "[Variant \"standard\"]\n[Result \"0-1\"]\n[Termination \"resignation\"]\n\nb1-c2 (11)\n";
    let (code, turn, said) = tool(&["think", "--level", "beginner"], resigned);
    assert_eq!(code, Some(1), "{said}");
    assert!(turn.is_empty(), "{turn}");
    assert!(
        said.contains("the game is over (the record's Result is `0-1`)"),
        "{said}"
    );
    // The same record still running: a turn.
    let running = "[Variant \"standard\"]\n[Result \"*\"]\n\nb1-c2 (11)\n";
    let (code, turn, said) = tool(&["think", "--level", "beginner"], running);
    assert_eq!(code, Some(0), "{said}");
    assert!(!turn.trim().is_empty());
}

/// `!games` lists the games in progress the soonest due first, each with its deadline
/// (issue 43): the game of one day a move comes before a newer one of three days.
#[test]
fn games_in_progress_are_listed_the_soonest_due_first() {
    let mut table = Table::new();
    let in_server = |table: &mut Table, channel: u64, author: &str, text: &str| {
        table.channel = ChannelId(channel);
        let mut message = table.message(author, text);
        message.guild = Some(GuildId(5));
        let replies = table.serve(message, Asked::Line);
        replies.iter().map(shown).collect::<Vec<_>>().join("\n")
    };
    for (channel, black, days) in [(1, "bob", 1), (2, "carol", 3)] {
        let challenge = format!("!challenge @{black} standard white days={days}");
        in_server(&mut table, channel, "alice", &challenge);
        let started = in_server(&mut table, channel, black, "!accept");
        assert!(started.contains("Game on"), "{started}");
    }
    let listed = in_server(&mut table, 2, "alice", "!games");
    let (bob, carol) = (
        listed.find("vs bob").unwrap(),
        listed.find("vs carol").unwrap(),
    );
    assert!(bob < carol, "the game due first, first: {listed}");
    assert!(listed.matches("move by").count() >= 2, "{listed}");
}
