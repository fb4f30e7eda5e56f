//! Games against the bot's own engine, hints and analysis, through the service over a
//! temporary database (and the binary for `think`).
#![allow(clippy::unwrap_used, missing_docs)]

mod support;

use std::sync::Arc;
use std::time::Instant;

use gipf::{Color, Position, Variant};
use gipf_bot::console::{ENGINE_NAME, user_id};
use gipf_bot::model::ChannelId;
use gipf_bot::reply::Reply;
use support::table::{Table, play_random_turns, shown};

/// A table whose service knows the bot's own user.
fn table() -> Table {
    let table = Table::new();
    table
        .service
        .set_engine_user(user_id(ENGINE_NAME), ENGINE_NAME);
    table
}

/// The engine's turn after `reply`, which must hand it the move.
fn engine_turn(table: &Table, reply: &Reply) -> Reply {
    let game = reply.engine.expect("the engine is to move");
    let mut replies = table.service.engine_turn(game);
    assert_eq!(replies.len(), 1, "{replies:?}");
    let (channel, reply) = replies.remove(0);
    assert_eq!(channel, table.channel);
    reply
}

#[test]
fn the_engine_answers_each_turn_like_a_person() {
    let mut table = table();
    let start = table
        .say("alice", "!challenge @gipf-bot standard white easy")
        .remove(0);
    let text = shown(&start);
    assert!(
        text.starts_with(
            "Game on: standard GIPF against me, at level easy. White: alice, Black: gipf-bot."
        ),
        "{text}"
    );
    assert!(
        start.board.is_some() && start.engine.is_none(),
        "alice moves first"
    );
    for turn in 1..=3 {
        let position = table.state().position().unwrap();
        let entry = position.legal_entries().next().unwrap();
        let pushed = table.say("alice", &format!("!push {entry}")).remove(0);
        assert!(
            shown(&pushed).contains("alice (white) played"),
            "{}",
            shown(&pushed)
        );
        assert!(
            pushed.mentions().is_empty(),
            "nobody to ping: the engine moves next"
        );
        let answer = engine_turn(&table, &pushed);
        let text = shown(&answer);
        assert!(
            text.contains("gipf-bot (black) played"),
            "turn {turn}: {text}"
        );
        assert_eq!(answer.mentions(), [user_id("alice")]);
        assert!(answer.board.is_some() && answer.engine.is_none());
        let state = table.state();
        assert_eq!(state.position().unwrap().to_move(), Color::White);
        assert_eq!(state.turns.len(), 2 * turn);
    }
    // The engine's turn is asked for once: a second call finds nothing to do.
    assert!(table.service.engine_turn(table.state().id).is_empty());
    table.expect("alice", "!resign confirm", "alice resigned");
    // Games against the engine are not rated.
    table.expect("alice", "!stats", "alice has no rated game here yet");
}

#[test]
fn the_engine_moves_first_with_white_and_only_people_give_levels() {
    let mut table = table();
    let start = table
        .say("alice", "!challenge @gipf-bot tournament black hard")
        .remove(0);
    assert!(shown(&start).contains("I move first"), "{}", shown(&start));
    let started = Instant::now();
    let answer = engine_turn(&table, &start);
    // Hard thinks for two seconds at most, and answers within its budget.
    assert!(
        started.elapsed().as_millis() < 2_500,
        "{:?}",
        started.elapsed()
    );
    assert!(
        shown(&answer).contains("gipf-bot (white) played a GIPF-piece ")
            && shown(&answer).contains(", recorded as `G"),
        "{}",
        shown(&answer)
    );
    table.channel = ChannelId(2);
    table.expect(
        "alice",
        "!challenge @bob hard",
        "A level (`easy`, `medium`, `hard`) is for a game against me",
    );
}

#[test]
fn hints_come_privately_to_the_player_to_move_where_allowed() {
    let mut table = table();
    table.start("standard");
    table.expect("alice", "!hint", "Hints are for games against me");
    table.channel = ChannelId(2);
    table.expect(
        "alice",
        "!challenge @bob standard white hints",
        "(alice plays white, with hints for both players, unrated)",
    );
    table.expect("bob", "!accept", "Game on");
    table.expect("bob", "!hint", "it is not your move");
    table.expect("carol", "!hint", "Hints are for the players");
    let hint = table.say("alice", "!hint").remove(0);
    assert!(hint.private, "{hint:?}");
    let text = shown(&hint);
    let quoted: Vec<&str> = text.split('`').collect();
    let (suggested, command) = (quoted[1].to_string(), quoted[3].to_string());
    // The exact command that plays it: a push alone (dot and first spot) when the push
    // is the whole turn, as here at the start of a game.
    assert!(!suggested.contains(';'), "{text}");
    assert!(
        text.ends_with(&format!("Play it with `{command}`.")) && command.starts_with("!push "),
        "{text}"
    );
    let played = table.text("alice", &command);
    assert!(played.contains("alice (white) played"), "{played}");
    assert!(
        played.contains(&format!("recorded as `{suggested} (")),
        "{suggested}: {played}"
    );
    // A game with hints is not rated.
    table.expect("bob", "!resign confirm", "resigned");
    table.expect("alice", "!stats", "alice has no rated game here yet");
}

#[test]
fn a_search_stops_when_its_game_ends_and_other_commands_never_wait() {
    let mut table = table();
    let start = table
        .say("alice", "!challenge @gipf-bot standard black hard")
        .remove(0);
    let game = start.engine.expect("the engine moves first");
    let service = Arc::clone(&table.service);
    let thinking = std::thread::spawn(move || {
        let started = Instant::now();
        (service.engine_turn(game), started.elapsed())
    });
    std::thread::sleep(std::time::Duration::from_millis(200));
    // Commands elsewhere are answered while the engine thinks.
    table.channel = ChannelId(2);
    let asked = Instant::now();
    table.expect("carol", "!games", "Games in progress");
    let board = table.say("carol", "!history 1");
    eprintln!(
        "while the engine thinks: !games and !history answered in {:?}",
        asked.elapsed()
    );
    assert!(shown(&board[0]).contains("no turn played yet"), "{board:?}");
    assert!(!thinking.is_finished(), "the engine was still thinking");
    table.channel = ChannelId(1);
    table.expect("alice", "!resign confirm", "alice resigned");
    let (replies, took) = thinking.join().unwrap();
    assert!(replies.is_empty(), "{replies:?}");
    assert!(took.as_millis() < 1_900, "the search ran on for {took:?}");
    assert!(
        table.state().turns.is_empty(),
        "nothing was played after the resignation"
    );
}

#[test]
fn a_finished_game_is_analysed_with_the_better_turns() {
    let mut table = table();
    table.start("standard");
    table.expect("carol", "!analyse", "is still being played");
    play_random_turns(&mut table, 5, 8);
    table.expect("bob", "!resign confirm", "bob resigned");
    let analysis = table.text("carol", "!analyse 1");
    assert!(
        analysis.starts_with("Game 1, standard GIPF: alice (white) vs bob (black): "),
        "{analysis}"
    );
    if !analysis.contains("no turn that lost") {
        assert!(analysis.contains("\n1. "), "{analysis}");
        // Each better turn comes with the command that would have played it: the push
        // alone when it is the whole turn, else the turn by `!move`.
        for line in analysis.lines().skip(1) {
            let (_, better) = line
                .split_once("; better ")
                .unwrap_or_else(|| panic!("{line}"));
            let notation = better.split(' ').next().unwrap();
            let (_, command) = line
                .split_once("; to play it: `")
                .unwrap_or_else(|| panic!("{line}"));
            assert!(
                command == format!("!move {notation}`")
                    || (!notation.contains(';') && command.starts_with("!push ")),
                "{line}"
            );
        }
    }
    table.expect("carol", "!analyse 1", "One analysis every 30 s");
}

#[test]
fn think_prints_one_legal_turn_or_says_why_not() {
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("game.gipf");
    let mut position = Position::new(Variant::Standard);
    let (first, after) = position.legal_turns().remove(0);
    std::fs::write(&record, format!("[Variant \"standard\"]\n{first:#}\n")).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
        .args(["think", "--level", "easy", "--seed", "3"])
        .arg(&record)
        .output()
        .unwrap();
    assert!(output.status.success(), "{output:?}");
    let line = String::from_utf8(output.stdout).unwrap();
    assert_eq!(line.lines().count(), 1, "{line}");
    position = after;
    let turn = line.trim();
    assert!(turn.ends_with(" (11)"), "{turn}");
    position.play_notation(turn).unwrap();
    // A game that is over has no next turn; a record that is no game has none either.
    let mut rng = gipf::random::Rng::new(1);
    let mut position = Position::new(Variant::BASIC);
    let mut turns = String::from("[Variant \"basic\"]\n");
    while position.outcome().is_none() {
        let legal = position.legal_turns();
        let (turn, after) = &legal[rng.below(legal.len())];
        turns.push_str(&format!("{turn:#}\n"));
        position = *after;
    }
    // A game with potentials is read as one (its own notation), and refused by the engine.
    let ultimate = "[Variant \"ultimate\"]\nGe8\nGb2\nZa1-b2\n";
    let potentials = "[Potentials \"Z3\"]\n";
    let refused = "I play the games without potentials only, for now";
    for (record_text, reason) in [
        (turns.as_str(), "the game is over"),
        ("z9\n", "line 1"),
        (ultimate, refused),
        (potentials, refused),
    ] {
        std::fs::write(&record, record_text).unwrap();
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_gipf-bot"))
            .args(["think", "--time-ms", "50"])
            .arg(&record)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1));
        assert!(output.stdout.is_empty());
        let error = String::from_utf8_lossy(&output.stderr);
        assert!(error.contains(reason), "{error}");
    }
}

#[test]
fn the_engine_says_once_which_games_it_plays() {
    let mut table = table();
    let refused = "I play the games without potentials only, for now";
    table.expect(
        "alice",
        "!challenge @gipf-bot ultimate",
        &format!("{refused} (basic, standard or tournament), and this is ultimate GIPF."),
    );
    table.expect(
        "alice",
        "!challenge @gipf-bot standard potentials=ZYD:3",
        "and this is standard GIPF with potentials.",
    );
    // A game with potentials and hints: no hint, and no analysis after it.
    table.expect(
        "alice",
        "!challenge @bob ultimate white hints",
        "challenges you",
    );
    table.expect("bob", "!accept", "Game on");
    table.expect(
        "alice",
        "!hint",
        &format!("{refused} (basic, standard or tournament), and this is ultimate GIPF, so I give no hints in it."),
    );
    table.expect("alice", "!gipf b1 c2", "alice (white) played");
    table.expect("bob", "!resign confirm", "resign");
    table.expect("alice", "!analyse", "so I cannot analyse it.");
}
