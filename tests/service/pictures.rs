//! Pictures for everyone: spot labels as a member's or a server's setting (the member's
//! choice wins), and the alt text of every board, an exchange with the engine's too.

use gipf_bot::service::Asked;
use std::time::Duration;

use gipf_bot::console::user_id;
use gipf_bot::reply::Reply;
use gipf_bot::service::Config;

use crate::support::table::{Table, shown};

/// The PNG of the one board among `replies`.
fn png(replies: &[Reply]) -> Vec<u8> {
    let boards: Vec<&Vec<u8>> = replies
        .iter()
        .filter_map(|r| r.board.as_ref().map(|board| &board.png))
        .collect();
    assert_eq!(boards.len(), 1, "{replies:?}");
    boards[0].clone()
}

/// `author` says `text` with the Manage Server permission.
fn as_admin(table: &mut Table, author: &str, text: &str) -> String {
    let mut message = table.message(author, text);
    message.rights.manage_server = true;
    shown(&table.serve(message.clone(), Asked::Line)[0])
}

#[test]
fn spot_labels_follow_the_member_s_choice_else_the_server_s() {
    let mut table = Table::with_config(Config {
        picture_every: Duration::ZERO,
        ..Config::default()
    });
    table.start("standard");
    let bare = png(&table.say("alice", "!board"));
    let named = png(&table.say("alice", "!board coords"));
    assert_ne!(bare, named);
    table.expect(
        "alice",
        "!labels",
        "name no spot (as the server's pictures do)",
    );
    // Alice's own choice: her boards name every spot, bob's do not.
    table.expect(
        "alice",
        "!labels on",
        "From now on the boards shown or sent to you name every spot",
    );
    assert_eq!(png(&table.say("alice", "!board")), named);
    assert_eq!(png(&table.say("bob", "!board")), bare);
    // The server's: every picture in its channels, a turn's too, and bob's boards.
    let said = as_admin(&mut table, "carol", "!settings labels=on");
    assert!(
        said.contains("White at the bottom and name every spot"),
        "{said}"
    );
    assert_eq!(png(&table.say("bob", "!board")), named);
    let pushed = png(&table.say("alice", "!push b1 c2"));
    assert_eq!(pushed, png(&table.say("carol", "!board coords")));
    // The member's choice wins over the server's.
    table.expect("alice", "!labels off", "name no spot");
    assert_ne!(png(&table.say("alice", "!board")), pushed);
    table.expect(
        "alice",
        "!labels default",
        "name every spot (as the server's pictures do)",
    );
    assert_eq!(png(&table.say("alice", "!board")), pushed);
}

#[test]
fn every_board_says_the_position_in_words_an_exchange_both_turns() {
    let mut table = Table::new();
    table
        .service
        .set_engine_user(user_id("gipf-bot"), "gipf-bot");
    let start = table.say("alice", "!challenge @gipf-bot standard white easy");
    let alt = &start[0].board.as_ref().expect("the board").alt;
    assert!(
        alt.starts_with(
            "Board of a game of standard GIPF. White: alice. Black: gipf-bot. White to move. \
             White has 12 pieces in reserve and 3 GIPF-pieces on the board; Black has 12 and 3."
        ),
        "{alt}"
    );
    let answer = table.say("alice", "!push b1 c2");
    let board = answer[0].board.as_ref().expect("the exchange's board");
    for said in [
        "White to move.",
        "Marked 1, the turn answered: White pushed a basic piece in from b1 onto c2.",
        "Marked 2, the answer: Black pushed a basic piece in from",
    ] {
        assert!(board.alt.contains(said), "{said:?} in {}", board.alt);
    }
    assert!(board.alt.chars().count() <= 1024);
}
