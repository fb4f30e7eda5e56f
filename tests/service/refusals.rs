//! Words a newcomer reads at the end of a game and when a command is refused: the winner
//! named once, captures that read one way, refusals that name the real spots and options of
//! the position (issue 20, point 9).

use crate::support::games::{last_gipf_setup, removal_setup, shared_row};
use crate::support::table::{Table, reach};
use gipf_bot::console::user_id;
use gipf_bot::model::ChannelId;

#[test]
fn the_end_names_the_winner_once_and_captures_read_one_way() {
    let (turns, push, spot) = last_gipf_setup(false);
    let mut table = Table::new();
    let (mover, _) = reach(&mut table, "standard", &turns, &[format!("!push {push}")]);
    let color = table.state().game.to_move();
    let other = if mover == "alice" { "bob" } else { "alice" };
    let over = table.text(&mover, &format!("!take {spot}"));
    let lines: Vec<&str> = over.lines().collect();
    // Captures say who made them: never `Captured: white 4`, readable both ways.
    let game = &table.state().game;
    let captured = |player: &str, color: gipf::Color| match game.lost(!color) {
        0 => format!("{player} has captured no {} piece", !color),
        1 => format!("{player} has captured 1 {} piece", !color),
        n => format!("{player} has captured {n} {} pieces", !color),
    };
    assert!(
        lines[1].ends_with(&format!(
            "{}, {}.",
            captured("alice", gipf::Color::White),
            captured("bob", gipf::Color::Black)
        )),
        "{over}"
    );
    assert!(!over.contains("Captured:"), "{over}");
    // The winner once, the loser by name.
    let why = match game.outcome().map(|o| o.reason) {
        Some(gipf::Reason::NoGipf) => "has no GIPF-piece left on the board",
        Some(gipf::Reason::NoReserve) => "has no piece left in reserve",
        other => panic!("{other:?}"),
    };
    assert_eq!(
        lines[2],
        format!(
            "Game over: {mover} ({color}) wins: {other} ({}) {why}. Good game, <@{}>.",
            !color,
            user_id(other).0
        ),
        "{over}"
    );
    table.expect(
        other,
        "!board",
        &format!("Game over: {mover} ({color}) wins: {other}"),
    );
    // Resigning counts turns, the one unit a player reads.
    table.channel = ChannelId(2);
    table.start("basic");
    table.play_turn(gipf::Color::White, "!push b1 c2");
    table.expect(
        "bob",
        "!resign confirm",
        &format!(
            "bob resigned. <@{}>, you win the game, after 1 turn. Well played!",
            user_id("alice").0
        ),
    );
    table.channel = ChannelId(3);
    table.start("basic");
    table.expect(
        "alice",
        "!resign confirm",
        "you win the game, before any turn was played. Well played!",
    );
}

#[test]
fn ultimates_first_push_is_told_the_command_that_brings_in_a_gipf_piece() {
    let mut table = Table::new();
    table.start("ultimate");
    for line in ["!push a5 b5 zertz", "!push a5 b5 basic"] {
        table.expect(
            "alice",
            line,
            "Your first push must bring in a GIPF-piece: `!gipf a5 b5`. Nothing was changed.",
        );
    }
    table.play_turn(gipf::Color::White, "!gipf a5 b5");
    // A TAMSK word in a game whose player has no TAMSK says so.
    table.channel = ChannelId(2);
    table.start("standard potentials=ZYD:3");
    table.expect(
        "alice",
        "!tamsk skip",
        "You play without TAMSK potentials in this game, so there is no TAMSK extra push to make",
    );
}

#[test]
fn a_bare_answer_hears_the_real_options_of_the_question() {
    use gipf::potentials::Pending;
    let (turns, lines) = removal_setup("standard", None, |game, _, optional| {
        shared_row(game, optional).is_some()
    });
    assert_eq!(lines.len(), 2, "a choice of rows first: {lines:?}");
    let mut table = Table::new();
    let (mover, _) = reach(&mut table, "standard", &turns, &lines[..1]);
    let Pending::ChooseRow { rows } = table.state().game.pending() else {
        panic!("a choice of rows: {lines:?}");
    };
    let options: Vec<String> = (1..=rows.len()).map(|i| format!("`!row {i}`")).collect();
    let options = options.join(" or ");
    for bare in ["!row one", "!row"] {
        table.expect(
            &mover,
            bare,
            &format!("Say which row to remove first by its number: {options}. The question above, or `!board`, shows which is which."),
        );
    }
    // Another answer while the rows wait: every row is offered, not only `!row 1`.
    table.expect(
        &mover,
        "!keep all",
        &format!("First choose a row by its number: {options}"),
    );
    table.text(&mover, &lines[1]);
    let game = table.state().game;
    let Pending::Remove { optional, .. } = game.pending() else {
        panic!("a removal question");
    };
    let spots: Vec<String> = optional.iter().map(|p| p.to_string()).collect();
    for bare in ["!keep", "!take"] {
        let text = table.text(&mover, bare);
        assert!(
            text.starts_with(&format!(
                "Name the GIPF-pieces to take or keep by their spots; this row's are {}. Answer `!take ",
                spots.join(" ")
            )),
            "{text}"
        );
        assert!(
            !text.contains("e5 f4") && !text.contains("<spots>"),
            "{text}"
        );
    }
    // Not the player to move: the words as before.
    let other = if mover == "alice" { "bob" } else { "alice" };
    table.expect(
        other,
        "!keep",
        "say which GIPF-pieces to keep by their spots",
    );
}

/// A turn sent again (its answer lost) hears that it is stored already; another turn sent
/// out of turn hears only whose turn it is (issue 45: it was answered as a resend).
#[test]
fn only_the_same_turn_sent_again_is_told_it_is_stored() {
    let mut table = Table::new();
    table.start("standard");
    let played = table.text("alice", "!push a5 b5");
    assert!(played.contains("bob"), "{played}");
    let again = table.text("alice", "!push a5 b5");
    assert!(
        again.starts_with("Your turn `a5-")
            && again.contains("` is stored and announced already")
            && again.contains("It is bob's turn (black)"),
        "{again}"
    );
    let other = table.text("alice", "!push i5 h5");
    assert!(!other.contains("stored"), "{other}");
    assert!(other.starts_with("It is bob's turn (black)"), "{other}");
}
