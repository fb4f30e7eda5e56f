//! A steady board (issue 20, point 4): every picture in a channel is drawn from one side,
//! White at the bottom or the server's choice; a player chooses the side of the pictures
//! sent to him (his `!board`, his direct messages, his replays). Played through the console
//! table, checked on the pictures' pixels.

use gipf_bot::service::Asked;
use std::time::Duration;

use crate::support::pictures::{bottom_of_gif, bottom_of_png};
use crate::support::table::{Table, shown};
use gipf::Color;
use gipf_bot::console::user_id;
use gipf_bot::reply::Reply;
use gipf_bot::service::Config;

/// The colour at the bottom of the one board among `replies` posted in the channel.
fn channel_bottom(replies: &[Reply]) -> Color {
    let boards: Vec<&Vec<u8>> = replies
        .iter()
        .filter(|r| r.direct.is_none())
        .filter_map(|r| r.board.as_ref().map(|board| &board.png))
        .collect();
    assert_eq!(boards.len(), 1, "{replies:?}");
    bottom_of_png(boards[0])
}

/// The colour at the bottom of the board of the direct message to `user` among `replies`.
fn direct_bottom(replies: &[Reply], user: &str) -> Color {
    let direct = replies
        .iter()
        .find(|r| r.direct == Some(user_id(user)))
        .unwrap_or_else(|| panic!("no direct message to {user}: {replies:?}"));
    bottom_of_png(
        direct
            .board
            .as_ref()
            .map(|board| &board.png)
            .expect("a board in the direct message"),
    )
}

/// `author` says `text` with the Manage Server permission.
fn as_admin(table: &mut Table, author: &str, text: &str) -> String {
    let mut message = table.message(author, text);
    message.rights.manage_server = true;
    let replies = table.serve(message.clone(), Asked::Line);
    shown(&replies[0])
}

#[test]
fn the_channel_sees_every_picture_from_white_s_side_whoever_moves() {
    let mut table = Table::new();
    table.start("standard");
    for (who, push) in [("alice", "b1 c2"), ("bob", "e9 e8"), ("alice", "a1 b2")] {
        let replies = table.say(who, &format!("!push {push}"));
        assert_eq!(channel_bottom(&replies), Color::White, "after {who}'s push");
    }
    let board = table.say("carol", "!board");
    assert_eq!(channel_bottom(&board), Color::White);
    let resigned = table.say("bob", "!resign confirm");
    assert_eq!(channel_bottom(&resigned), Color::White);
}

#[test]
fn a_server_draws_its_pictures_from_black_s_side_if_its_admins_say_so() {
    let mut table = Table::new();
    table.expect("carol", "!settings side=black", "Manage Server");
    let said = as_admin(&mut table, "dave", "!settings side=black");
    assert!(said.contains("Black at the bottom"), "{said}");
    table.expect(
        "carol",
        "!settings",
        "board pictures show Black at the bottom",
    );
    let started = {
        table.say("alice", "!challenge @bob standard white");
        table.say("bob", "!accept")
    };
    assert_eq!(channel_bottom(&started), Color::Black);
    for (who, push) in [("alice", "b1 c2"), ("bob", "e9 e8")] {
        let replies = table.say(who, &format!("!push {push}"));
        assert_eq!(channel_bottom(&replies), Color::Black, "after {who}'s push");
    }
    // A one-off picture from the other side, asked for by name.
    assert_eq!(
        channel_bottom(&table.say("carol", "!board white")),
        Color::White
    );
    let said = as_admin(&mut table, "dave", "!settings side=white");
    assert!(said.contains("White at the bottom"), "{said}");
    table.idle_for_days(0);
    assert_eq!(channel_bottom(&table.say("erin", "!board")), Color::White);
}

#[test]
fn a_player_sees_his_own_side_in_his_board_and_direct_messages() {
    // A picture for every `!board`, however quick.
    let mut table = Table::with_config(Config {
        picture_every: Duration::ZERO,
        ..Config::default()
    });
    table.start("standard");
    table.expect(
        "bob",
        "!board side",
        "as the server shows them (here White at the bottom)",
    );
    let chosen = table.text("bob", "!board side mine");
    assert!(
        chosen.contains("your own colour at the bottom in the games you play"),
        "{chosen}"
    );
    table.expect("bob", "!board side", "your own colour at the bottom");
    table.expect("bob", "!notify dm on", "direct message");
    table.expect("alice", "!board side black", "with Black at the bottom");

    // Alice's push: the channel keeps White's side; bob's copy is drawn from his seat.
    let replies = table.say("alice", "!push b1 c2");
    assert_eq!(channel_bottom(&replies), Color::White);
    assert_eq!(direct_bottom(&replies, "bob"), Color::Black);
    // His `!board` is his side; carol's, who chose none, the server's; one-offs win.
    assert_eq!(channel_bottom(&table.say("bob", "!board")), Color::Black);
    assert_eq!(channel_bottom(&table.say("carol", "!board")), Color::White);
    assert_eq!(
        channel_bottom(&table.say("carol", "!board mine")),
        Color::White
    );
    assert_eq!(channel_bottom(&table.say("alice", "!board")), Color::Black);
    assert_eq!(
        channel_bottom(&table.say("alice", "!board mine")),
        Color::White
    );

    // The replay agrees with his still pictures.
    let replay = table.say("bob", "!replay");
    let gif = &replay[0].file.as_ref().expect("a replay").1;
    assert_eq!(bottom_of_gif(gif), Color::Black);

    // Back to the server's side: the copy is the channel's picture again.
    table.expect("bob", "!board side default", "as the server shows them");
    let replies = table.say("bob", "!push e9 e8");
    assert_eq!(channel_bottom(&replies), Color::White);
    let replies = table.say("alice", "!push a1 b2");
    assert_eq!(direct_bottom(&replies, "bob"), Color::White);
}

#[test]
fn a_wrong_side_is_answered_with_the_sides_there_are() {
    let mut table = Table::new();
    table.start("standard");
    table.expect("bob", "!board up", "`!board side black`");
    table.expect("bob", "!board side left", "`mine`");
    table.expect("carol", "!settings side=red", "`white` or `black`");
}
