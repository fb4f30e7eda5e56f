//! The engine pool through the service: games against the bot searched side by side, and a
//! search still waiting for a searcher dropped when its game ends.

use std::sync::Arc;

use crate::support::table::Table;
use gipf_bot::console::{ENGINE_NAME, user_id};
use gipf_bot::model::ChannelId;
use gipf_bot::reply::{FollowUp, HeldGame};
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

/// `who` challenges the bot at `hard` in `channel`, the bot moving first: the game.
fn engine_moves_first(table: &mut Table, channel: u64, who: &str) -> gipf_bot::model::GameId {
    table.channel = ChannelId(channel);
    let start = table
        .say(who, "!challenge @gipf-bot standard black hard")
        .remove(0);
    let Some(FollowUp::EngineAnswer(game)) = start.then else {
        panic!("the engine moves first: {start:?}");
    };
    game.id
}

#[test]
fn a_search_waiting_for_the_one_searcher_is_dropped_when_its_game_ends() {
    let mut table = table(1);
    let first = engine_moves_first(&mut table, 1, "alice");
    let second = engine_moves_first(&mut table, 2, "bob");
    let service = Arc::clone(&table.service);
    let searching = std::thread::spawn(move || service.engine_turn(first));
    std::thread::sleep(std::time::Duration::from_millis(200));
    // The second game's search waits for the only searcher, busy for two seconds.
    let service = Arc::clone(&table.service);
    let waiting = std::thread::spawn(move || service.engine_turn(second));
    std::thread::sleep(std::time::Duration::from_millis(200));
    table.channel = ChannelId(2);
    table.expect("bob", "!resign confirm", "bob resigned");
    let dropped = waiting.join().unwrap();
    assert!(dropped.is_empty(), "{dropped:?}");
    assert!(
        !searching.is_finished(),
        "dropped at once, not after the search under way"
    );
    let played = searching.join().unwrap();
    assert_eq!(
        played.len(),
        1,
        "the first game's search went on: {played:?}"
    );
}

/// The engine's searches under way and waiting once both games' turns are asked for.
fn load_with_two_games(threads: usize) -> (usize, usize) {
    let mut table = table(threads);
    let games = [
        engine_moves_first(&mut table, 1, "alice"),
        engine_moves_first(&mut table, 2, "bob"),
    ];
    let searches: Vec<_> = games
        .into_iter()
        .map(|game| {
            let service = Arc::clone(&table.service);
            std::thread::spawn(move || service.engine_turn(game))
        })
        .collect();
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
        assert_eq!(search.join().unwrap().len(), 1, "each game is answered");
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
    let game = engine_moves_first(&mut table, 1, "alice");
    let service = Arc::clone(&table.service);
    let searching = std::thread::spawn(move || service.engine_turn(game));
    while table.service.engine_load() == (0, 0) {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    table.channel = ChannelId(2);
    table.expect(
        "bob",
        "!challenge @gipf-bot standard black hard",
        "I have too many games to think about just now",
    );
    assert_eq!(searching.join().unwrap().len(), 1, "alice's game goes on");
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
    let busy = engine_moves_first(&mut table, 1, "alice");
    table.channel = ChannelId(2);
    table.say("bob", "!challenge @gipf-bot standard white hard");
    let service = Arc::clone(&table.service);
    let searching = std::thread::spawn(move || service.engine_turn(busy));
    while table.service.engine_load() == (0, 0) {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let push = table.message("bob", "!push b1 c2");
    let served = table.service.serve(&push);
    assert_eq!(served.now.len(), 1, "{:?}", served.now);
    let told = crate::support::table::shown(&served.now[0]);
    assert!(told.contains("bob (white) played b1 -> c2"), "{told}");
    assert!(
        told.contains("1 game is ahead of yours: my answer comes in about"),
        "{told}"
    );
    assert!(served.now[0].board.is_some(), "the turn is shown at once");
    let [later] = &served.later[..] else {
        panic!("the answer follows: {:?}", served.later);
    };
    assert!(matches!(later, FollowUp::EngineAnswer(_)));
    let answer = table.service.follow_up(later.clone());
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(
        crate::support::table::shown(&answer[0].1).contains("your move"),
        "{answer:?}"
    );
    searching.join().unwrap();
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
    let games: Vec<_> = (1..)
        .zip(&players)
        .map(|(channel, who)| engine_moves_first(&mut table, channel, who))
        .collect();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let waits: Vec<_> = (games.iter())
        .map(|&game| {
            let service = Arc::clone(&service);
            runtime.spawn(async move {
                service
                    .follow_up_async(FollowUp::EngineAnswer(HeldGame::read_again(game)))
                    .await
            })
        })
        .collect();
    // Every game's search is asked at once, one under way and the rest queued: none waits
    // for a thread to ask it (there were 8 such threads a searcher).
    let asked = std::time::Instant::now();
    while service.engine_load() != (1, 11) && asked.elapsed().as_secs() < 5 {
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    assert_eq!(service.engine_load(), (1, 11));
    // The one worker is not taken by the waits: a command is answered meanwhile.
    table.channel = ChannelId(100);
    let games_listed = {
        let message = table.message("carol", "!games");
        let service = Arc::clone(&service);
        runtime
            .block_on(async move { (service.serve_async(message, std::future::pending())).await })
    };
    assert!(
        crate::support::table::shown(&games_listed.now[0]).contains("Games in progress"),
        "{games_listed:?}"
    );
    // Their games end: the searches are dropped (the one under way stops), nothing is
    // played.
    for (channel, who) in (1..).zip(&players) {
        table.channel = ChannelId(channel);
        table.expect(who, "!resign confirm", "resigned");
    }
    for wait in waits {
        let replies = runtime.block_on(wait).unwrap();
        assert!(replies.is_empty(), "{replies:?}");
    }
    assert_eq!(service.engine_load(), (0, 0));
}
