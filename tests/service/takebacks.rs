//! Takebacks (issue 20, point 7), as the players read them in the console: asked, accepted,
//! declined, lapsed, refused; mid-turn; against the engine; with a time per move.

use crate::support::recorder::{Hold, Recorder};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use crate::support::games::removal_setup;
use crate::support::table::{Table, click, player, shown};
use gipf::potentials::Pending;
use gipf_bot::console::{ENGINE_NAME, user_id};
use gipf_bot::model::Clock;
use gipf_bot::reply::Reply;
use gipf_bot::service::Config;

/// The one reply to `text` by `author`.
fn one(table: &mut Table, author: &str, text: &str) -> Reply {
    let mut replies = table.say(author, text);
    assert_eq!(replies.len(), 1, "{text}: {replies:?}");
    replies.remove(0)
}

fn labels(reply: &Reply) -> Vec<(String, String)> {
    reply
        .buttons
        .iter()
        .map(|b| (b.label.clone(), b.command.to_string()))
        .collect()
}

fn assert_contains(reply: &Reply, expected: &str) {
    let text = shown(reply);
    assert!(text.contains(expected), "expected {expected:?} in {text:?}");
}

#[test]
fn a_takeback_asked_and_accepted_undoes_the_turn_and_the_reply() {
    let mut table = Table::new();
    table.start("standard");
    table.text("alice", "!push b1 c2");
    let replied = one(&mut table, "bob", "!push e9 e8");
    // The turn reply offers the player to move a Take back button.
    assert!(labels(&replied).contains(&("Take back".into(), "takeback".into())));
    let asked = one(&mut table, "alice", "!takeback");
    assert!(!asked.private);
    assert_eq!(asked.mentions(), [user_id("bob")], "only bob is asked");
    assert_eq!(
        shown(&asked),
        format!(
            "{}, alice (white) asks for a takeback: undo their turn `c2 (11)` and your reply \
             `e9-e7 (11)`, so that it is alice's move again. Answer with `!takeback accept` or \
             `!takeback decline`, or a button below. The request lapses once a move is made.",
            user_id("bob").mention()
        )
    );
    assert_eq!(
        labels(&asked),
        [
            ("Accept takeback".into(), "takeback accept".into()),
            ("Decline takeback".into(), "takeback decline".into())
        ]
    );
    // A second request, from either side, is answered clearly and changes nothing.
    let again = one(&mut table, "alice", "!takeback");
    assert!(again.private);
    assert_contains(
        &again,
        "You already asked for a takeback, and bob has not answered yet",
    );
    let crossed = one(&mut table, "bob", "!takeback");
    assert_contains(
        &crossed,
        "alice asked for a takeback first: answer it with `!takeback accept` or `!takeback decline`",
    );
    // The board says it stands, for whoever lost the message.
    table.expect(
        "carol",
        "!board",
        "alice asks for a takeback, and bob has not answered yet: `!takeback accept` or `!takeback decline`.",
    );
    // Only bob answers it: not alice, not a bystander.
    let own = click(&mut table, "alice", &asked.buttons[0]);
    assert!(own.private);
    assert_contains(
        &own,
        "You asked for this takeback: it is for bob to answer.",
    );
    let stranger = click(&mut table, "carol", &asked.buttons[0]);
    assert!(stranger.private);
    assert_contains(&stranger, "only its two players can use its buttons");
    assert_eq!(table.state().turns.len(), 2, "nothing changed yet");

    let accepted = click(&mut table, "bob", &asked.buttons[0]);
    assert!(!accepted.private && accepted.board.is_some());
    assert_eq!(accepted.mentions(), [user_id("alice")], "alice is to move");
    assert_contains(
        &accepted,
        "bob accepted the takeback: alice's turn `c2 (11)` and bob's reply `e9-e7 (11)` are taken back.",
    );
    assert_contains(
        &accepted,
        &format!("{}, your move (white)", user_id("alice").mention()),
    );
    assert!(table.state().turns.is_empty());
    // The record follows; the button is spent.
    table.expect("bob", "!history", "no turn played yet");
    let stale = click(&mut table, "bob", &asked.buttons[0]);
    assert!(stale.private);
    assert_contains(&stale, "That button answers an earlier question");
    // The game goes on from there.
    table.expect("alice", "!push a5 b5", "alice (white) played a5 -> b5");
}

#[test]
fn a_declined_takeback_stands_until_a_move_and_a_request_lapses_with_a_move() {
    let mut table = Table::new();
    table.start("standard");
    table.text("alice", "!push b1 c2");
    // Bob is to move: alice's takeback undoes her turn alone.
    let asked = one(&mut table, "alice", "!takeback");
    assert_contains(
        &asked,
        "undo their turn `c2 (11)`, so that it is alice's move again",
    );
    let declined = one(&mut table, "bob", "!takeback no");
    assert!(!declined.private);
    assert_eq!(declined.mentions(), [user_id("alice")]);
    assert_eq!(
        shown(&declined),
        format!(
            "{}, bob declined your takeback: the game goes on as it stands, and it is bob's move.",
            user_id("alice").mention()
        )
    );
    table.expect(
        "alice",
        "!takeback",
        "bob declined your takeback in this position: the game goes on as it stands. You can ask again once a move is made.",
    );
    table.expect(
        "bob",
        "!takeback accept",
        "You declined this takeback already",
    );
    let late = click(&mut table, "bob", &asked.buttons[0]);
    assert_contains(&late, "You declined this takeback already");
    assert_eq!(table.state().turns.len(), 1);

    // A move is made: alice may ask again; her own next move lets the request lapse.
    table.text("bob", "!push e9 e8");
    let asked = one(&mut table, "alice", "!takeback");
    assert_contains(
        &asked,
        "undo their turn `c2 (11)` and your reply `e9-e7 (11)`",
    );
    table.text("alice", "!push a5 b5");
    let lapsed = click(&mut table, "bob", &asked.buttons[0]);
    assert_contains(&lapsed, "That button answers an earlier question");
    table.expect("bob", "!takeback accept", "There is no takeback to answer");
    assert_eq!(table.state().turns.len(), 3, "nothing was taken back");
}

#[test]
fn a_takeback_is_refused_with_nothing_to_undo_to_bystanders_and_after_the_game() {
    let mut table = Table::new();
    table.start("standard");
    let version = |table: &Table| table.state().turns.len();
    table.expect(
        "alice",
        "!takeback",
        "You have not played a turn in this game yet, so there is nothing to take back.",
    );
    table.text("alice", "!push b1 c2");
    table.expect(
        "bob",
        "!takeback",
        "You have not played a turn in this game yet",
    );
    table.expect(
        "carol",
        "!takeback",
        "Only alice and bob can ask for or answer a takeback in this game.",
    );
    table.expect(
        "alice",
        "!takeback maybe",
        "`!takeback` asks your opponent to undo your last turn; to answer his request write `!takeback accept` or `!takeback decline`",
    );
    assert_eq!(version(&table), 1);
    table.text("bob", "!resign confirm");
    let over = one(&mut table, "alice", "!takeback");
    assert!(over.private);
    assert!(
        !shown(&over).contains("asks for a takeback"),
        "{}",
        shown(&over)
    );
    assert_eq!(version(&table), 1);
}

#[test]
fn a_takeback_mid_turn_undoes_the_push_whose_decisions_are_pending() {
    let (turns, lines) = removal_setup("standard", None, |_, _, optional| optional.count() >= 1);
    let mut table = Table::new();
    table.start("standard");
    table.play_record(&turns);
    let mover = player(table.state().game.to_move()).to_string();
    let other = if mover == "alice" { "bob" } else { "alice" };
    for line in &lines {
        table.say(&mover, line);
    }
    assert_ne!(
        table.state().game.pending(),
        Pending::Action,
        "a question is pending"
    );
    let asked = one(&mut table, &mover, "!takeback");
    assert_contains(
        &asked,
        &format!(
            "asks for a takeback: undo their turn in progress, so that it is {mover}'s move again"
        ),
    );
    let accepted = click(&mut table, other, &asked.buttons[0]);
    assert_contains(
        &accepted,
        &format!("{other} accepted the takeback: {mover}'s turn in progress is taken back."),
    );
    assert_eq!(accepted.mentions(), [user_id(&mover)]);
    let state = table.state();
    assert_eq!(state.turns, turns, "the completed turns stay");
    assert_eq!(
        state.game.pending(),
        Pending::Action,
        "{mover} starts the turn again"
    );
}

#[test]
fn a_takeback_gives_the_player_to_move_a_whole_time_per_move() {
    let now = Arc::new(AtomicI64::new(1_800_000_000));
    let clock = {
        let now = Arc::clone(&now);
        Clock::new(move || now.load(Ordering::Relaxed))
    };
    let mut table = Table::with_config(Config {
        clock,
        ..Config::default()
    });
    table.text("alice", "!challenge @bob standard white days=2");
    table.text("bob", "!accept");
    table.text("alice", "!push b1 c2");
    now.fetch_add(86_400, Ordering::Relaxed);
    let asked = one(&mut table, "alice", "!takeback");
    now.fetch_add(3_600, Ordering::Relaxed);
    let accepted = click(&mut table, "bob", &asked.buttons[0]);
    let due = 1_800_000_000 + 86_400 + 3_600 + 2 * 86_400;
    assert_contains(&accepted, &format!("Move by <t:{due}:f>"));
}

#[test]
fn against_the_engine_a_takeback_is_granted_at_once_and_undoes_its_reply() {
    let mut table = Table::new();
    table
        .service
        .set_engine_user(user_id(ENGINE_NAME), ENGINE_NAME);
    table.say("alice", "!challenge @gipf-bot standard white easy");
    // The player's turn waits for the engine's answer, which comes as one reply.
    let answer = one(&mut table, "alice", "!push b1 c2");
    assert_contains(&answer, "I (black) answered ");
    let reply = table.state().turns[1].clone();
    assert!(labels(&answer).contains(&("Take back".into(), "takeback".into())));
    let granted = click(
        &mut table,
        "alice",
        &answer.buttons[answer.buttons.len() - 1],
    );
    assert_eq!(granted.mentions(), [user_id("alice")]);
    assert_contains(
        &granted,
        &format!(
            "alice took back their turn `c2 (11)` and my reply `{reply}` (against me a takeback needs no consent)."
        ),
    );
    assert!(granted.board.is_some());
    assert!(table.state().turns.is_empty());

    // Asked while the engine is to move, it undoes the player's turn alone, and the
    // engine's turn then finds nothing to do.
    let pushing = table.say_beside("alice", "!push b1 c2", Recorder::holding(Hold::Typing));
    pushing.typing();
    let granted = one(&mut table, "alice", "!takeback");
    assert_contains(&granted, "alice took back their turn `c2 (11)` (against me");
    assert!(table.state().turns.is_empty());
    let after = pushing.join();
    assert!(
        after
            .iter()
            .all(|(_, r)| !shown(r).contains("I (black) answered")),
        "the engine played nothing: {after:?}"
    );
    assert!(table.state().turns.is_empty());
}
