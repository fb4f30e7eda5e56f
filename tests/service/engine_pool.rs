//! The engine pool through the service: games against the bot searched side by side, and a
//! search still waiting for a searcher dropped when its game ends.

use std::sync::Arc;

use crate::support::recorder::Recorder;
use crate::support::table::{Beside, Table, shown};
use gipf_bot::console::{ENGINE_NAME, user_id};
use gipf_bot::model::ChannelId;
use gipf_bot::reply::Reply;
use gipf_bot::service::Config;

/// A table whose engine pool has `threads` searchers.
fn table(threads: usize) -> Table {
    let table = Table::with_config(Config {
        engine_threads: threads,
        ..Config::default()
    });
    table
        .service
        .set_engine_user(user_id(ENGINE_NAME), ENGINE_NAME);
    table
}

/// `who` challenges the bot at `hard` in `channel`, the bot moving first: the challenge,
/// served beside the test while the engine thinks of its first turn.
fn engine_moves_first(table: &mut Table, channel: u64, who: &str) -> Beside {
    table.channel = ChannelId(channel);
    table.say_beside(
        who,
        "!challenge @gipf-bot standard black hard",
        Recorder::default(),
    )
}

/// Waits until the engine's pool has `load` (searches under way, waiting), for 5 s at most.
fn wait_for_load(table: &Table, load: (usize, usize)) {
    let asked = std::time::Instant::now();
    while table.service.engine_load() != load && asked.elapsed().as_secs() < 5 {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    assert_eq!(table.service.engine_load(), load);
}

/// The replies of a game the engine was to open, whose game ended before it played: its
/// start alone, posted after all.
fn start_alone(replies: &[(ChannelId, Reply)]) {
    assert_eq!(replies.len(), 1, "{replies:?}");
    let start = shown(&replies[0].1);
    assert!(
        start.contains("I move first") && !start.contains(" played "),
        "{start}"
    );
}

#[test]
fn a_search_waiting_for_the_one_searcher_is_dropped_when_its_game_ends() {
    let mut table = table(1);
    let searching = engine_moves_first(&mut table, 1, "alice");
    wait_for_load(&table, (1, 0));
    // The second game's search waits for the only searcher, busy for two seconds.
    let waiting = engine_moves_first(&mut table, 2, "bob");
    wait_for_load(&table, (1, 1));
    table.channel = ChannelId(2);
    table.expect("bob", "!resign confirm", "bob resigned");
    start_alone(&waiting.join());
    assert!(
        !searching.is_done(),
        "dropped at once, not after the search under way"
    );
    let played = searching.join();
    assert_eq!(
        played.len(),
        1,
        "the first game's search went on: {played:?}"
    );
}

/// The engine's searches under way and waiting once both games' turns are asked for.
fn load_with_two_games(threads: usize) -> (usize, usize) {
    let mut table = table(threads);
    let searches = [
        engine_moves_first(&mut table, 1, "alice"),
        engine_moves_first(&mut table, 2, "bob"),
    ];
    let asked = std::time::Instant::now();
    let mut load = table.service.engine_load();
    while load.0 + load.1 < 2 && asked.elapsed().as_secs() < 5 {
        std::thread::sleep(std::time::Duration::from_millis(5));
        load = table.service.engine_load();
    }
    // Both asked; a free searcher takes a waiting search at once (well within a search's
    // second and more).
    std::thread::sleep(std::time::Duration::from_millis(300));
    load = table.service.engine_load();
    for search in searches {
        assert_eq!(search.join().len(), 1, "each game is answered");
    }
    load
}

#[test]
fn two_searchers_answer_two_games_side_by_side_and_one_takes_turns() {
    assert_eq!(load_with_two_games(2), (2, 0));
    assert_eq!(load_with_two_games(1), (1, 1));
}

#[test]
fn under_overload_a_new_game_against_the_bot_is_refused_and_those_under_way_go_on() {
    let mut table = Table::with_config(Config {
        engine_threads: 1,
        // Any search under way is more than this bot will queue.
        engine_overload: std::time::Duration::ZERO,
        ..Config::default()
    });
    table
        .service
        .set_engine_user(user_id(ENGINE_NAME), ENGINE_NAME);
    let searching = engine_moves_first(&mut table, 1, "alice");
    wait_for_load(&table, (1, 0));
    table.channel = ChannelId(2);
    table.expect(
        "bob",
        "!challenge @gipf-bot standard black hard",
        "I have too many games to think about just now",
    );
    assert_eq!(searching.join().len(), 1, "alice's game goes on");
    table.channel = ChannelId(1);
    assert_eq!(table.state().turns.len(), 1, "the engine played its turn");
}

#[test]
fn a_turn_that_waits_for_a_searcher_is_told_at_once_with_the_wait_and_answered_later() {
    let mut table = Table::with_config(Config {
        engine_threads: 1,
        // Any wait at all is worth a word here.
        engine_wait_told: std::time::Duration::ZERO,
        ..Config::default()
    });
    table
        .service
        .set_engine_user(user_id(ENGINE_NAME), ENGINE_NAME);
    table.channel = ChannelId(2);
    table.say("bob", "!challenge @gipf-bot standard white hard");
    let searching = engine_moves_first(&mut table, 1, "alice");
    wait_for_load(&table, (1, 0));
    table.channel = ChannelId(2);
    let served = table.say("bob", "!push b1 c2");
    assert_eq!(
        served.len(),
        2,
        "the turn at once, then the answer: {served:?}"
    );
    let told = shown(&served[0]);
    assert!(told.contains("bob (white) played b1 -> c2"), "{told}");
    assert!(
        told.contains("1 game is ahead of yours: my answer comes in about"),
        "{told}"
    );
    assert!(served[0].board.is_some(), "the turn is shown at once");
    let answer = shown(&served[1]);
    assert!(answer.contains("your move"), "{answer}");
    searching.join();
}

#[test]
fn games_waiting_for_the_engines_answer_hold_no_thread() {
    let mut table = Table::with_config(Config {
        engine_threads: 1,
        worker_threads: 1,
        ..Config::default()
    });
    let service = Arc::clone(&table.service);
    service.set_engine_user(user_id(ENGINE_NAME), ENGINE_NAME);
    let players: Vec<String> = (1..=12).map(|n| format!("player{n}")).collect();
    let waits: Vec<_> = (1..)
        .zip(&players)
        .map(|(channel, who)| engine_moves_first(&mut table, channel, who))
        .collect();
    // Every game's search is asked at once, one under way and the rest queued: none waits
    // for a thread to ask it (there were 8 such threads a searcher).
    wait_for_load(&table, (1, 11));
    // The one worker is not taken by the waits: a command is answered meanwhile.
    table.channel = ChannelId(100);
    let games_listed = table.say("carol", "!games");
    assert!(
        shown(&games_listed[0]).contains("Games in progress"),
        "{games_listed:?}"
    );
    // Their games end: the searches are dropped (the one under way stops), nothing is
    // played.
    for (channel, who) in (1..).zip(&players) {
        table.channel = ChannelId(channel);
        table.expect(who, "!resign confirm", "resigned");
    }
    for wait in waits {
        start_alone(&wait.join());
    }
    assert_eq!(service.engine_load(), (0, 0));
}
