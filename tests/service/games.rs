//! The game service end to end over a temporary SQLite file: challenge to result, the shared
//! record by `!move`, decisions, permissions, restarts and races (what players read, every
//! refusal among it, is `words.rs`'s).

use crate::support::recorder::handle;
use gipf_bot::service::Asked;
use std::sync::{Arc, Barrier};
use std::time::Duration;

use gipf::{Color, Pending, Position, Reason, Variant};

use crate::support::games::find_at_turn_start;
use crate::support::table::{Table, click, play_random_turns, player, shown};
use gipf::random::Rng;
use gipf_bot::console::user_id;
use gipf_bot::model::ChannelId;
use gipf_bot::reply::Reply;
use gipf_bot::service::Config;

#[test]
fn a_game_from_challenge_to_resignation() {
    let mut table = Table::new();
    table.start("standard");
    let replies = table.say("alice", "!push b1 c2");
    assert_eq!(replies.len(), 1);
    let reply = &replies[0];
    assert!(
        shown(reply).contains("alice (white) played b1 -> c2, recorded as `c2 (11)`."),
        "{}",
        shown(reply)
    );
    assert_eq!(
        reply.mentions(),
        [user_id("bob")],
        "only the player to move is pinged"
    );
    assert!(shown(reply).contains(&user_id("bob").mention()));
    assert!(
        gipf_bot::console::plain(&reply.text).contains("@bob, your move"),
        "the console shows the ping by name"
    );
    assert!(
        reply
            .board
            .as_ref()
            .is_some_and(|board| board.png.starts_with(b"\x89PNG"))
    );
    // Resigning is asked about first: privately, pinging nobody, with a button that
    // confirms it; nothing changes until then.
    let asked = table.say("bob", "!resign").remove(0);
    assert!(asked.private && asked.mentions().is_empty(), "{asked:?}");
    assert_eq!(
        shown(&asked),
        "Resigning ends the game at once, and alice (white) wins it. Nothing was changed: \
         if you mean it, write `!resign confirm` or click Resign."
    );
    let labels: Vec<(&str, String)> = asked
        .buttons
        .iter()
        .map(|b| (b.label.as_str(), b.command.to_string()))
        .collect();
    assert_eq!(labels, [("Resign", "resign confirm".to_string())]);
    assert!(table.state().game.outcome().is_none());
    table.expect("carol", "!resign confirm", "not playing in this game");
    let text = table.text("bob", "!resign confirm");
    assert!(
        text.contains("bob resigned") && text.contains("you win"),
        "{text}"
    );
    let outcome = table.state().position().unwrap().outcome().unwrap();
    assert_eq!(
        (outcome.winner, outcome.reason),
        (Color::White, Reason::Resignation)
    );
    // The channel is free again.
    table.expect("bob", "!challenge @alice", "challenges you");
}

/// The turns `play_random_turns` plays from `seed`, as the rules alone play them: where
/// the game ends, and why.
fn random_turns_end(variant: Variant, seed: u64) -> Option<Reason> {
    let mut rng = Rng::new(seed);
    let mut position = Position::new(variant);
    for _ in 0..400 {
        if let Some(outcome) = position.outcome() {
            return Some(outcome.reason);
        }
        let turns = position.legal_turns();
        position = turns[rng.below(turns.len())].1;
    }
    None
}

#[test]
fn games_end_by_no_reserve_and_by_no_gipf() {
    let mut seen = Vec::new();
    for (variant, reason) in [
        ("basic", Reason::NoReserve),
        ("standard", Reason::NoReserve),
        ("standard", Reason::NoGipf),
    ] {
        let parsed: Variant = variant.parse().unwrap();
        let seed = (1..200u64)
            .find(|&seed| random_turns_end(parsed, seed) == Some(reason))
            .expect("a random game that ends so");
        let mut table = Table::new();
        table.start(variant);
        play_random_turns(&mut table, seed, 400);
        let state = table.state();
        let outcome = state
            .position()
            .unwrap()
            .outcome()
            .expect("random games end");
        seen.push(outcome.reason);
        let status = table.text("carol", "!board");
        assert!(status.contains("Game over"), "{status}");
        // Every stored turn replays to the same position.
        let replay = gipf_bot::record::base_replay(&state.turns.join("\n"), parsed).unwrap();
        assert_eq!(replay.last().outcome(), Some(outcome));
    }
    assert_eq!(
        seen,
        [Reason::NoReserve, Reason::NoReserve, Reason::NoGipf],
        "the service plays the games as the rules do"
    );
}

#[test]
fn the_shared_record_played_by_move_commands_reaches_the_known_position() {
    let mut table = Table::new();
    table.start("tournament");
    let record = include_str!("../../crates/gipf/tests/data/tournament-41-plies.gipf");
    for (i, line) in record.lines().enumerate() {
        let who = if i % 2 == 0 { "alice" } else { "bob" };
        let text = table.text(who, &format!("!move {line}"));
        assert!(text.contains("played"), "{line}: {text}");
    }
    let position = table.state().position().unwrap();
    assert_eq!(position.plies(), 41);
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
    let history = table.say("carol", "!history");
    let (name, bytes) = history[0]
        .file
        .clone()
        .expect("a long history comes as a file");
    assert!(name.ends_with(".gipf"));
    let replay =
        gipf_bot::record::base_replay(std::str::from_utf8(&bytes).unwrap(), Variant::Tournament)
            .unwrap();
    assert_eq!(*replay.last(), position);
}

/// Turns from the standard start after which White's next push has a real decision, and that push.
fn prefix_to_a_decision() -> (Vec<String>, String) {
    prefix_to(|_| true)
}

/// Like [`prefix_to_a_decision`], for a push whose row choice, answered `row 1`, raises a
/// second question in the same turn (`still_deciding` tells it from the position then).
fn prefix_to(still_deciding: impl Fn(&Position) -> bool) -> (Vec<String>, String) {
    find_at_turn_start(Variant::Standard, 500, 60, |position, turns| {
        if position.to_move() != Color::White || position.stage() != gipf::Stage::Push {
            return None;
        }
        position.legal_decisions().into_iter().find_map(|decision| {
            let mut next = position;
            next.play(decision).unwrap();
            let Pending::ChooseRow { rows } = next.pending() else {
                return None;
            };
            let mut first = next;
            first.play(gipf::Decision::Row(rows[0].line)).unwrap();
            let gipf::Decision::Push { entry, .. } = decision else {
                return None;
            };
            (next.to_move() == Color::White && still_deciding(&first))
                .then(|| (turns.to_vec(), entry.to_string()))
        })
    })
}

#[test]
fn decisions_answered_interactively_up_front_and_across_a_restart() {
    let (prefix, push) = prefix_to_a_decision();
    let mut table = Table::new();
    table.start("standard");
    table.play_record(&prefix);
    let before = table.state();
    let reply = table.say("alice", &format!("!push {push}")).remove(0);
    assert!(
        shown(&reply).contains("choose which goes first"),
        "{}",
        shown(&reply)
    );
    assert!(shown(&reply).contains("1) ") && shown(&reply).contains("2) "));
    let numbered: Vec<String> = shown(&reply)
        .lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
        .map(str::to_string)
        .collect();
    assert_eq!(reply.buttons.len(), numbered.len());
    // Each row by its ends and its pieces in words: `1) from d5 to h2: white's piece at d5,
    // your GIPF-pieces at e5 g3, your pieces at f4 h2`.
    for (n, line) in (1..).zip(&numbered) {
        let (head, pieces) = line.split_once(": ").unwrap();
        assert!(
            head.starts_with(&format!("{n}) from ")) && head.contains(" to "),
            "{line}"
        );
        for piece in pieces.split(", ") {
            let (what, _) = piece.split_once(" at ").unwrap_or_else(|| panic!("{line}"));
            assert!(
                what.starts_with("your ") || what.starts_with("black's "),
                "{line}"
            );
        }
    }
    assert_eq!(reply.buttons[0].command.to_string(), "row 1");
    assert_eq!(
        table.state().turns.len(),
        before.turns.len(),
        "the turn is not complete yet"
    );
    // Mid-decision: the other player cannot act, a bad answer changes nothing, a restart keeps it.
    table.expect("bob", "!push b1 c2", "alice's turn");
    table.expect("alice", "!row 9", "There is no row 9");
    table.expect("alice", "!push e1 e2", "First choose which row");
    table.restart();
    assert!(matches!(
        table.state().position().unwrap().pending(),
        Pending::ChooseRow { .. }
    ));
    let mut text = table.text("alice", "!row 1");
    while !text.contains("your move") && !text.contains("Game over") {
        assert!(
            text.contains("take all") || text.contains("choose which"),
            "{text}"
        );
        let answer = if text.contains("take all") {
            "!keep all"
        } else {
            "!row 1"
        };
        text = table.text("alice", answer);
    }
    assert!(text.contains("alice (white) played"), "{text}");
    let answered = table.state().position().unwrap();
    // The same turn given up front in another channel gives the same position.
    table.channel = ChannelId(2);
    table.start("standard");
    table.play_record(&prefix);
    let turn = table
        .service
        .game_state(ChannelId(1), true)
        .unwrap()
        .unwrap()
        .turns
        .last()
        .cloned()
        .unwrap();
    let text = table.text("alice", &format!("!move {turn}"));
    assert!(text.contains("played"), "{text}");
    assert_eq!(table.state().position().unwrap(), answered);
}

#[test]
fn challenges_expire_and_can_be_declined_or_cancelled() {
    let mut table = Table::with_config(Config {
        challenge_ttl: Duration::ZERO,
        ..Config::default()
    });
    table.text("alice", "!challenge @bob");
    assert!(
        table.text("bob", "!accept").contains("no open challenge"),
        "expired at once"
    );
    let mut table = Table::new();
    table.text("alice", "!challenge @bob basic +1/+3 black");
    table.expect("bob", "!decline", "bob declined");
    table.text("alice", "!challenge @bob basic +0/+3 black");
    table.expect("alice", "!cancel", "withdrew");
    table.text("alice", "!challenge @bob basic +0/+3 black");
    table.text("bob", "!accept");
    let state = table.state();
    assert_eq!(
        state.players,
        gipf::ByColor::new(user_id("bob"), user_id("alice")),
        "alice asked for black"
    );
    assert_eq!(
        state.position().unwrap().variant(),
        Variant::Basic {
            extra: gipf::ByColor::new(0, 3)
        }
    );
    assert_eq!(state.position().unwrap().reserve(Color::Black), 15);
}

#[test]
fn players_may_play_in_several_channels_and_games_lists_them() {
    let mut table = Table::new();
    table.start("standard");
    table.channel = ChannelId(2);
    table.start("tournament");
    table.text("alice", "!gipf e9 e8");
    let list = table.text("carol", "!games");
    assert!(list.contains("<#1>") && list.contains("<#2>"), "{list}");
    assert!(
        list.contains("tournament, turn 2, bob (black) to play"),
        "{list}"
    );
    assert!(
        list.contains("standard, turn 1, alice (white) to play"),
        "{list}"
    );
}

#[test]
fn a_restart_mid_game_continues_it() {
    let mut table = Table::new();
    table.start("tournament");
    table.text("alice", "!gipf e9 e8");
    table.restart();
    let text = table.text("bob", "!push G d8 e8");
    assert!(
        text.contains("bob (black) played a GIPF-piece d8 -> e8, recorded as `Gd8-f7 (16)`."),
        "{text}"
    );
    table.restart();
    assert_eq!(table.state().turns, ["Ge8 (16)", "Gd8-f7 (16)"]);
}

#[test]
fn two_concurrent_pushes_exactly_one_applies() {
    for _ in 0..5 {
        let mut table = Table::new();
        table.start("standard");
        let first = table.message("alice", "!push b1 c2");
        let second = table.message("alice", "!push e1 e2");
        let barrier = Arc::new(Barrier::new(2));
        let replies: Vec<Vec<Reply>> = std::thread::scope(|scope| {
            let handles: Vec<_> = [first, second]
                .into_iter()
                .map(|message| {
                    let service = Arc::clone(&table.service);
                    let barrier = Arc::clone(&barrier);
                    scope.spawn(move || {
                        barrier.wait();
                        handle(&service, &message)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let played = replies
            .iter()
            .flatten()
            .filter(|r| shown(r).contains("played"))
            .count();
        assert_eq!(played, 1, "{replies:?}");
        let refused = replies
            .iter()
            .flatten()
            .find(|r| !shown(r).contains("played"))
            .unwrap();
        assert!(
            shown(refused).contains("moved on") || shown(refused).contains("It is bob's turn"),
            "{}",
            shown(refused)
        );
        assert_eq!(table.state().turns.len(), 1);
    }
}

/// A copy of `message` as a click on `button`.
/// A click on `button` by `author`, as the Discord adapter hands it over: its command, typed.
/// A standard game in which alice (white) has just pushed into a question that leaves her
/// another in the same turn, and the reply that asks it, with its buttons.
fn asked_twice_in_a_turn() -> (Table, Reply) {
    // After `row 1` the same player still has a question in the same turn, so the turn
    // number alone cannot tell the old buttons from the new ones: the game's version does.
    let (prefix, push) = prefix_to(|after| {
        after.to_move() == Color::White
            && matches!(
                after.pending(),
                Pending::ChooseRow { .. } | Pending::TakeGipf { .. }
            )
    });
    let mut table = Table::new();
    table.start("standard");
    table.play_record(&prefix);
    let asked = table.say("alice", &format!("!push {push}")).remove(0);
    (table, asked)
}

#[test]
fn a_button_answers_only_the_question_it_was_made_for() {
    let (mut table, asked) = asked_twice_in_a_turn();
    assert!(asked.buttons.len() >= 2, "{asked:?}");
    let before = table.state();
    // Commands come parsed from slash commands too: `row 0` must not reach the rules.
    let message = table.message("alice", "!row 1");
    let row = gipf_bot::command::PlayCommand::Answer(gipf_bot::command::Answer::Row(0));
    let replies = table.serve(message, Asked::Command(Ok(row.into())));
    assert!(
        shown(&replies[0]).contains("There is no row 0"),
        "{}",
        shown(&replies[0])
    );

    // Nobody but the mover answers: not a stranger's click, not the opponent, not a stranger.
    let refused = click(&mut table, "carol", &asked.buttons[0]);
    assert!(
        refused.private && shown(&refused).contains("not your game"),
        "{}",
        shown(&refused)
    );
    table.expect("bob", "!row 1", "It is alice's turn");
    table.expect("carol", "!row 1", "You are not playing in this game");
    assert_eq!(
        table.state().position().unwrap(),
        before.position().unwrap()
    );

    // The mover answers by text; the old buttons are now stale, even within the same turn.
    let next = table.say("alice", "!row 1").remove(0);
    assert!(
        shown(&next).contains("take all") || shown(&next).contains("choose which"),
        "{}",
        shown(&next)
    );
    let middle = table.state();
    assert_eq!(
        middle.turns.len(),
        before.turns.len(),
        "still the same turn"
    );
    for button in &asked.buttons {
        let stale = click(&mut table, "alice", button);
        assert!(
            stale.private && shown(&stale).contains("earlier question"),
            "{}",
            shown(&stale)
        );
    }
    assert_eq!(
        table.state().position().unwrap(),
        middle.position().unwrap(),
        "stale clicks change nothing"
    );

    the_board_asks_again_and_resigning_mid_decision_ends_the_game(&mut table, &next);
}

/// `!board` shows the pending question's buttons again, as the reply that asked it (`next`)
/// did; then resigning in the middle of a decision ends the game.
fn the_board_asks_again_and_resigning_mid_decision_ends_the_game(table: &mut Table, next: &Reply) {
    let shown = table.say("bob", "!board").remove(0);
    assert!(!shown.buttons.is_empty());
    assert_eq!(shown.buttons, next.buttons);
    table.expect("alice", "!resign confirm", "alice resigned");
    let over = table.state();
    assert_eq!(
        over.position().unwrap().outcome().map(|o| o.reason),
        Some(Reason::Resignation)
    );
    table.restart();
    assert_eq!(
        table.state().position().unwrap().outcome(),
        over.position().unwrap().outcome()
    );
}

#[test]
fn games_outside_a_server_stay_private() {
    let mut table = Table::new();
    table.start("standard");
    table.channel = ChannelId(2);
    table.start("basic");
    let mut message = table.message("carol", "!games");
    message.guild = None;
    let reply = table.serve(message.clone(), Asked::Line).remove(0);
    let list = shown(&reply);
    assert!(list.contains("<#2>") && !list.contains("<#1>"), "{list}");
    // The console names a channel instead of showing Discord's markup.
    let plain = gipf_bot::console::plain(&reply.text);
    assert!(
        plain.contains("#channel-2:") && !plain.contains('<'),
        "{plain}"
    );
}

/// The chat command a player types for a decision in `position`.
fn chat_command(position: &Position, decision: gipf::Decision) -> String {
    match decision {
        gipf::Decision::Push { entry, piece } => match piece {
            gipf::Kind::Basic => format!("!push {entry}"),
            gipf::Kind::Gipf => format!("!gipf {entry}"),
        },
        gipf::Decision::Row(line) => {
            let Pending::ChooseRow { rows } = position.pending() else {
                panic!("a row decision without a row choice")
            };
            let number = rows.iter().position(|r| r.line == line).unwrap() + 1;
            format!("!row {number}")
        }
        gipf::Decision::Take(spots) if spots.is_empty() => "!keep all".into(),
        gipf::Decision::Take(spots) => {
            let spots: Vec<String> = spots.iter().map(|p| p.to_string()).collect();
            format!("!take {}", spots.join(", "))
        }
    }
}

#[test]
fn random_games_played_one_decision_at_a_time_by_chat_match_the_rules() {
    let mut decisions_with_a_choice = 0;
    for (seed, variant) in [
        (3u64, "standard"),
        (5, "tournament"),
        (11, "standard"),
        (17, "basic"),
    ] {
        let mut table = Table::new();
        table.start(variant);
        let mut expected = table.state().position().unwrap();
        let mut rng = Rng::new(seed);
        for step in 0..400 {
            let Some(decision) = expected.random_decision(&mut rng) else {
                break;
            };
            if !matches!(decision, gipf::Decision::Push { .. }) {
                decisions_with_a_choice += 1;
            }
            let command = chat_command(&expected, decision);
            let color = expected.to_move();
            let mut reply = table.text(player(color), &command);
            expected.play(decision).unwrap();
            // A decision that loses on the spot is asked about, and played once confirmed.
            if expected.outcome().is_some_and(|o| o.winner != color) {
                assert!(
                    reply.contains("would end the game at once"),
                    "{variant} step {step}: {command}: {reply}"
                );
                reply = table.text(player(color), &format!("{command} confirm"));
            }
            assert_eq!(
                table.state().position().unwrap(),
                expected,
                "{variant} step {step}: {command}: {reply}"
            );
            if step % 23 == 22 {
                table.restart();
            }
        }
        // What was stored replays to the same game.
        let stored = table.state();
        let record =
            gipf_bot::record::base_replay(&stored.turns.join("\n"), expected.variant()).unwrap();
        assert_eq!(record.turns.len(), stored.turns.len());
    }
    assert!(
        decisions_with_a_choice >= 4,
        "{decisions_with_a_choice} decisions besides pushes"
    );
}
