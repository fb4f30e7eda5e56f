//! What a message costs the service: replays of the game's record and board pictures
//! drawn, read from the thread's counters ([`gipf_bot::cost::Cost`]).

use crate::support::table::{Table, click, play_random_turns};
use gipf_bot::console::{ENGINE_NAME, user_id};
use gipf_bot::cost::Cost;

/// One exchange with the engine (the player's turn, the engine's answer in its place)
/// replays the game once and draws one picture.
#[test]
fn an_exchange_with_the_engine_replays_once_and_draws_once() {
    let mut table = Table::new();
    table
        .service
        .set_engine_user(user_id(ENGINE_NAME), ENGINE_NAME);
    table.say("alice", "!challenge @gipf-bot standard white easy");
    for push in ["!push b1 c2", "!push h1 g2", "!push a5 b5"] {
        let before = Cost::so_far();
        let answered = table.say("alice", push);
        let cost = before.since();
        println!("engine exchange: {cost:?}");
        assert_eq!(answered.len(), 1, "{answered:?}");
        assert!(answered[0].board.is_some());
        assert_eq!((cost.replays, cost.renders), (1, 1), "{push}");
    }
}

/// A takeback replays the game once: the state after the turns it keeps is one the load
/// already replayed.
#[test]
fn a_takeback_replays_once() {
    let mut table = Table::new();
    table
        .service
        .set_engine_user(user_id(ENGINE_NAME), ENGINE_NAME);
    table.say("alice", "!challenge @gipf-bot standard white easy");
    for push in ["!push b1 c2", "!push h1 g2"] {
        table.say("alice", push);
    }
    let before = Cost::so_far();
    let granted = table.say("alice", "!takeback");
    let cost = before.since();
    println!("takeback: {cost:?}");
    assert!(gipf_bot::discord::markdown(&granted[0].text).contains("took back"));
    assert_eq!(table.state().turns.len(), 2);
    assert_eq!((cost.replays, cost.renders), (1, 1));
}

/// A click of the browser's buttons replays the game once and draws one picture.
#[test]
fn a_browser_click_replays_once_and_draws_once() {
    let mut table = Table::new();
    table.start("standard");
    play_random_turns(&mut table, 7, 20);
    let browser = table.say("carol", "!browse 1 turn=3").remove(0);
    let forward = browser
        .buttons
        .iter()
        .find(|b| b.label.contains("Forward"))
        .unwrap()
        .clone();
    let before = Cost::so_far();
    let stepped = click(&mut table, "carol", &forward);
    let cost = before.since();
    println!("browse click: {cost:?}");
    assert!(stepped.board.is_some());
    assert_eq!((cost.replays, cost.renders), (1, 1));
}
