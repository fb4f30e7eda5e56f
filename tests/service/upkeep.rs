//! Around the games: an internal error never shown, stale buttons, damaged games in the
//! lists, spam limits, direct messages, aborts, abandonment, moderators and a server's
//! defaults, through the service over a temporary database.
use crate::support::recorder::{Recorder, serve};
use gipf_bot::service::Asked;
use gipf_bot::store::sql::params;
use std::sync::Arc;
use std::time::Duration;

use crate::support::table::{Table, click, shown};
use gipf_bot::console::user_id;
use gipf_bot::model::ChannelId;
use gipf_bot::service::Config;

#[test]
fn an_internal_error_is_logged_and_never_shown() {
    let mut table = Table::new();
    table.start("standard");
    table.text("alice", "!push b1 c2");
    // Break the database behind the service's back (a damaged game has answers of its own:
    // tests/damaged.rs).
    table
        .sql()
        .execute_batch("ALTER TABLE users RENAME TO people")
        .unwrap();
    let reply = table.say("bob", "!board").remove(0);
    let text = shown(&reply);
    assert!(reply.private, "{text}");
    assert!(
        text.starts_with("Something went wrong on my side and nothing was changed"),
        "{text}"
    );
    assert!(!text.contains("users") && !text.contains("table"), "{text}");
}

#[test]
fn the_buttons_of_a_withdrawn_challenge_never_answer_a_later_one() {
    let mut table = Table::new();
    let first = table.say("alice", "!challenge @bob").remove(0);
    table.expect("alice", "!cancel", "withdrew");
    let second = table.say("alice", "!challenge @bob").remove(0);
    assert_ne!(first.buttons[0].stamp, second.buttons[0].stamp);
    let stale = click(&mut table, "bob", &first.buttons[0]);
    assert!(
        stale.private && shown(&stale).contains("no longer does anything"),
        "{}",
        shown(&stale)
    );
    assert!(
        table
            .service
            .game_state(ChannelId(1), true)
            .unwrap()
            .is_none()
    );
    // The same goes across a restart (the database remembers the ids it gave out).
    table.expect("alice", "!cancel", "withdrew");
    table.restart();
    let third = table.say("alice", "!challenge @bob").remove(0);
    assert_ne!(third.buttons[0].stamp, second.buttons[0].stamp);
    let accepted = click(&mut table, "bob", &third.buttons[0]);
    assert!(shown(&accepted).contains("Game on"), "{}", shown(&accepted));
}

#[test]
fn a_damaged_game_is_listed_as_such_and_hides_no_other() {
    let mut table = Table::new();
    table.start("standard");
    table.text("alice", "!push b1 c2");
    table.channel = ChannelId(2);
    table.start("basic");
    let damaged = table
        .sql()
        .execute(
            "UPDATE turns SET notation = 'e5' WHERE game_id = (SELECT id FROM games WHERE channel_id = 1)",
            params![],
        )
        .unwrap();
    assert_eq!(damaged, 1);
    let list = table.text("carol", "!games");
    assert!(
        list.contains("<#1>: Game 1's record cannot be read at turn 1 (`e5`: ")
            && list.contains("Either player or a moderator can end it"),
        "{list}"
    );
    assert!(
        list.contains("<#2>: alice (white) vs bob (black), basic"),
        "{list}"
    );
}

#[test]
fn board_spam_gets_no_picture_and_challenge_spam_no_ping() {
    let mut table = Table::new();
    table.start("standard");
    let first = table.say("carol", "!board").remove(0);
    assert!(first.board.is_some());
    let again = table.say("carol", "!board").remove(0);
    assert!(again.board.is_none(), "a second picture within 10 s");
    assert!(
        shown(&again).contains("One board picture every 10 s"),
        "{}",
        shown(&again)
    );
    assert!(
        table.say("bob", "!board").remove(0).board.is_some(),
        "per member"
    );

    // Challenging the same person again and again pings them once.
    let mut table = Table::new();
    let first = table.say("alice", "!challenge @bob").remove(0);
    assert_eq!(first.mentions(), [user_id("bob")]);
    table.expect("alice", "!cancel", "withdrew");
    let second = table.say("alice", "!challenge @bob").remove(0);
    assert!(second.mentions().is_empty(), "{}", shown(&second));
    assert!(
        shown(&second).starts_with("bob, alice challenges you"),
        "{}",
        shown(&second)
    );
    // Without the limits (a zero window), every one pings.
    let mut table = Table::with_config(Config {
        picture_every: Duration::ZERO,
        challenge_ping_every: Duration::ZERO,
        ..Config::default()
    });
    table.text("alice", "!challenge @bob");
    table.expect("alice", "!cancel", "withdrew");
    assert_eq!(
        table.say("alice", "!challenge @bob").remove(0).mentions(),
        [user_id("bob")]
    );
}

#[test]
fn a_player_who_asks_gets_his_turns_and_challenges_by_direct_message_too() {
    let mut table = Table::new();
    table.expect("bob", "!notify dm on", "direct message");
    let replies = table.say("alice", "!challenge @bob standard white");
    assert_eq!(replies.len(), 2, "{replies:?}");
    assert_eq!(replies[1].direct, Some(user_id("bob")));
    assert!(
        shown(&replies[1]).starts_with("In <#1>:\n<@"),
        "{}",
        shown(&replies[1])
    );
    table.text("bob", "!accept");
    let replies = table.say("alice", "!push b1 c2");
    assert_eq!(replies.len(), 2);
    assert!(replies[1].board.is_some() && replies[1].buttons.is_empty());
    // Alice did not ask, and nobody gets a copy of his own turn.
    let replies = table.say("bob", "!push e9 e8");
    assert_eq!(replies.len(), 1);
    table.expect("bob", "!notify dm off", "No more direct messages");
    assert_eq!(table.say("alice", "!push b1 c2").len(), 1);
    // A refused direct message turns them off and says so in the channel.
    table.text("bob", "!notify dm on");
    assert_eq!(table.say("bob", "!push e9 e8").len(), 1);
    let refusing = Arc::new(Recorder::refusing_direct(user_id("bob")));
    let push = table.message("alice", "!push b1 c2");
    let replies = serve(&table.service, &refusing, push, Asked::Line);
    assert_eq!(replies.len(), 2, "{replies:?}");
    let notice = shown(&replies[1]);
    assert!(
        notice.starts_with("I could not send bob a direct message"),
        "{notice}"
    );
    assert_eq!(table.say("bob", "!push e9 e8").len(), 1);
    assert_eq!(
        table.say("alice", "!push b1 c2").len(),
        1,
        "bob's direct messages are off"
    );
}

#[test]
fn a_game_just_begun_can_be_aborted_by_either_player_and_frees_the_channel() {
    let mut table = Table::new();
    table.start("standard");
    table.text("alice", "!push b1 c2");
    table.expect("carol", "!abort", "Only alice and bob can abort");
    let aborted = table.say("bob", "!abort").remove(0);
    assert!(
        shown(&aborted).starts_with("bob aborted the game with <@"),
        "{}",
        shown(&aborted)
    );
    assert_eq!(aborted.mentions(), [user_id("alice")]);
    table.expect("carol", "!board", "Aborted by bob: no result.");
    table.expect(
        "alice",
        "!push e9 e8",
        "Game 1 here was ended without a result.",
    );
    table.expect("alice", "!challenge @bob", "challenges you");

    // Past both players' first turns it is too late: resign instead.
    let mut table = Table::new();
    table.start("standard");
    for (who, push) in [("alice", "b1 c2"), ("bob", "e9 e8"), ("alice", "b1 c2")] {
        table.text(who, &format!("!push {push}"));
    }
    table.expect("bob", "!abort", "too late to abort");
    assert!(table.state().position().unwrap().outcome().is_none());
}

#[test]
fn a_game_nobody_moves_in_ends_as_abandoned_and_frees_the_channel() {
    let mut table = Table::new();
    table.start("standard");
    table.text("alice", "!push b1 c2");
    // A month and a day without a move.
    table.idle_for_days(31);
    table.expect(
        "bob",
        "!push e9 e8",
        "Game 1 here was abandoned: nobody moved for too long.",
    );
    table.expect(
        "carol",
        "!board",
        "Abandoned: nobody moved for 30 days, so it ended without a result.",
    );
    table.expect("carol", "!challenge @alice", "challenges you");
    // The record stays, with its turn.
    assert_eq!(table.state().turns, ["c2 (11)"]);
}

#[test]
fn moderators_end_any_game_and_withdraw_any_challenge() {
    let mut table = Table::new();
    table.start("standard");
    for (who, push) in [("alice", "b1 c2"), ("bob", "e9 e8"), ("alice", "b1 c2")] {
        table.text(who, &format!("!push {push}"));
    }
    table.expect("carol", "!abort", "or a moderator: Manage Messages");
    let mut message = table.message("carol", "!abort");
    message.rights.manage_messages = true;
    let ended = table.serve(message.clone(), Asked::Line).remove(0);
    assert!(
        shown(&ended).starts_with("carol (a moderator) ended the game of <@"),
        "{}",
        shown(&ended)
    );
    assert_eq!(ended.mentions(), [user_id("alice"), user_id("bob")]);
    table.expect("bob", "!board", "Aborted by carol: no result.");

    table.text("alice", "!challenge @bob");
    let mut message = table.message("carol", "!cancel");
    message.rights.manage_messages = true;
    let withdrawn = shown(&table.serve(message.clone(), Asked::Line).remove(0));
    assert_eq!(
        withdrawn,
        "carol (a moderator) withdrew the challenge of alice to bob."
    );
    table.expect("bob", "!accept", "no open challenge");
}

#[test]
fn a_server_sets_a_default_time_per_move_and_when_games_are_abandoned() {
    let mut table = Table::new();
    table.expect("carol", "!settings", "get no time limit");
    table.expect(
        "bob",
        "!settings days=3",
        "takes the Manage Server permission",
    );
    let mut message = table.message("carol", "!settings days=3 abandon=2");
    message.rights.manage_server = true;
    let changed = shown(&table.serve(message.clone(), Asked::Line).remove(0));
    assert!(
        changed.contains("Settings changed")
            && changed.contains("get 3 days per move")
            && changed.contains("for 2 days ends as abandoned"),
        "{changed}"
    );
    // A challenge that sets no time gets the server's; one that does keeps its own.
    table.expect("alice", "!challenge @bob white", "3 days per move");
    table.text("bob", "!accept");
    table.text("alice", "!push b1 c2");
    table.idle_for_days(3);
    table.expect("carol", "!board", "nobody moved for 2 days");
    table.expect("alice", "!challenge @bob days=1", "1 day per move");
}
