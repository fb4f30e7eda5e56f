//! The engine's turns that no command asks for, played by the watch of the clock: a game
//! whose answer a restart cut short, and a game whose search failed (the player hears of
//! it once, and the watch tries again a few minutes later, not at every look).

use crate::support::recorder::{Hold, Recorder};
use gipf_bot::reply::Reply;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use crate::support::table::{Table, shown};
use gipf_bot::console::{ENGINE_NAME, user_id};
use gipf_bot::model::Clock;
use gipf_bot::service::Config;

/// A table whose clock the test moves, the engine's user known (as the adapters tell it).
fn table() -> (Table, Arc<AtomicI64>) {
    let now = Arc::new(AtomicI64::new(1_795_694_400));
    let table = Table::with_config(Config {
        clock: Clock::new({
            let now = Arc::clone(&now);
            move || now.load(Ordering::SeqCst)
        }),
        ..Config::default()
    });
    table
        .service
        .set_engine_user(user_id(ENGINE_NAME), ENGINE_NAME);
    (table, now)
}

/// [`Table::restart`], the engine's user told again.
fn restart(table: &mut Table) {
    table.restart();
    table
        .service
        .set_engine_user(user_id(ENGINE_NAME), ENGINE_NAME);
}

#[test]
fn a_restart_before_the_engine_moved_does_not_leave_the_game_waiting() {
    let (mut table, _) = table();
    // The engine moves first; the bot stops before its turn is played.
    let challenge = "!challenge @gipf-bot standard black easy";
    let starting = table.say_beside("alice", challenge, Recorder::holding(Hold::Typing));
    starting.typing();
    starting.abandon();
    restart(&mut table);
    let played = table.look();
    assert_eq!(played.len(), 1, "{played:?}");
    let (channel, reply) = &played[0];
    assert_eq!(*channel, table.channel);
    // Nothing was posted before the restart: the game's start opens the message.
    let text = shown(reply);
    assert!(
        text.starts_with("Game on: standard GIPF against me")
            && text.contains("\nI (white) played "),
        "{text}"
    );
    assert_eq!(reply.mentions(), [user_id("alice")]);
    // Once: the game is alice's to move, and nothing else is due.
    assert!(table.look().is_empty());
    assert_eq!(table.state().turns.len(), 1);
}

#[test]
fn a_failed_search_is_said_once_and_tried_again_minutes_later() {
    let (mut table, now) = table();
    table.say("alice", "!challenge @gipf-bot standard white easy");
    let pushing = table.say_beside("alice", "!push b1 c2", Recorder::holding(Hold::Typing));
    pushing.typing();
    // The record breaks behind the bot's back before the engine reads it.
    let break_it = "UPDATE turns SET notation = 'b1-c9 (11)' WHERE game_id = 1 AND ply = 1";
    table.sql().execute_batch(break_it).unwrap();
    let posted: Vec<Reply> = pushing.join().into_iter().map(|(_, r)| r).collect();
    assert_eq!(posted.len(), 1, "{posted:?}");
    let text = shown(&posted[0]);
    assert!(
        text.starts_with("alice (white) played b1 -> c2")
            && text.ends_with(
                "\nSomething went wrong on my side choosing my move here (it is logged). I will try again in a few minutes."
            ),
        "{text}"
    );
    // The watch does not try again at once, nor say it twice.
    assert!(table.look().is_empty());
    now.fetch_add(300, Ordering::SeqCst);
    assert!(table.look().is_empty(), "still broken: quiet");
    // Mended, the next try plays.
    table
        .sql()
        .execute_batch("UPDATE turns SET notation = 'c2 (11)' WHERE game_id = 1 AND ply = 1")
        .unwrap();
    assert!(table.look().is_empty(), "not yet due");
    now.fetch_add(300, Ordering::SeqCst);
    let played = table.look();
    assert_eq!(played.len(), 1, "{played:?}");
    assert!(
        shown(&played[0].1).contains("I (black) answered "),
        "{}",
        shown(&played[0].1)
    );
    assert_eq!(table.state().turns.len(), 2);
}

/// Issue 32, point 2: a push onto an empty spot two dots reach is kept with the dot the
/// player typed. After a restart the engine's answer, played by the outbox's redraw of the
/// turn's announcement or by the watch (its words and the exchange picture), and the stored
/// game's replay all say it from that dot.
#[test]
fn after_a_restart_a_push_is_said_and_drawn_from_the_dot_the_player_typed() {
    // In the tournament game the board starts empty: h5 is reached from three dots, and
    // the record writes `Gh5` from any of them.
    let dots = ["i4", "h6", "i5"];
    for (dot, redrawn) in dots.into_iter().flat_map(|dot| [(dot, true), (dot, false)]) {
        let command = format!("!gipf {dot} h5");
        let (mut table, _) = table();
        table.say("alice", "!challenge @gipf-bot tournament white easy");
        // The engine is to answer; the bot stops before it does.
        let playing = table.say_beside("alice", &command, Recorder::holding(Hold::Typing));
        playing.typing();
        playing.abandon();
        restart(&mut table);
        let drawn = format!("pushed a GIPF-piece in from {dot} onto h5");
        let others: Vec<String> = (dots.iter())
            .filter(|other| **other != dot)
            .map(|other| format!("in from {other} onto h5"))
            .collect();

        // The outbox draws the owed announcement again, or the watch finds the game waiting:
        // either way the engine answers, the player's turn said and marked 1 from his dot.
        let answered = if redrawn { table.drain() } else { table.look() };
        let answers: Vec<_> = (answered.iter())
            .filter(|(_, reply)| shown(reply).contains("alice (white) played"))
            .collect();
        assert_eq!(answers.len(), 1, "{command}: {answered:?}");
        let reply = &answers[0].1;
        assert!(
            shown(reply).contains(&format!("alice (white) played a GIPF-piece {dot} -> h5,")),
            "{command}: {}",
            shown(reply)
        );
        let alt = &reply.board.as_ref().expect("the exchange's picture").alt;
        assert!(
            alt.contains(&format!("Marked 1, the turn answered: White {drawn}"))
                && others.iter().all(|other| !alt.contains(other)),
            "{command}: {alt}"
        );

        // The stored game's replay: its first turn as it was played.
        let id = table.state().id;
        let browsed = table
            .say("alice", &format!("!browse {} turn=1", id.0))
            .remove(0);
        let alt = &browsed.board.as_ref().expect("the turn's picture").alt;
        assert!(
            alt.contains(&format!("Last turn: White {drawn}"))
                && others.iter().all(|other| !alt.contains(other)),
            "{command}: {alt}"
        );
    }
}
