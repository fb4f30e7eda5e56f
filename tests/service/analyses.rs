//! `!analyse` on the engine pool: the same game gives the same analysis whatever the
//! searchers, a game's turn is answered while an analysis runs, and an analysis is kept and
//! shown again at once.

use crate::support::recorder::{Hold, Recorder};
use std::time::Duration;

use crate::support::table::{Table, shown};
use gipf_ai::Limits;
use gipf_ai::analyse::Budget;
use gipf_bot::console::{ENGINE_NAME, user_id};
use gipf_bot::model::ChannelId;
use gipf_bot::service::Config;

/// The rules crate's real tournament game (41 turns).
const RECORD: &str = include_str!("../../crates/gipf/tests/data/tournament-41-plies.gipf");

/// A table whose engine pool has `threads` searchers, analysing `depth` turns deep (one
/// more for the turns reported).
fn table(threads: usize, depth: u32) -> Table {
    let table = Table::with_config(Config {
        engine_threads: threads,
        analysis: Budget {
            scan: Limits::depth(depth),
            confirm: Limits::depth(depth + 1),
        },
        ..Config::default()
    });
    table
        .service
        .set_engine_user(user_id(ENGINE_NAME), ENGINE_NAME);
    table
}

/// Alice and Bob play the tournament game in channel 1, and Bob resigns: game 1.
fn finished_game(table: &mut Table) {
    table.channel = ChannelId(1);
    table.start("tournament");
    let turns: Vec<String> = (RECORD.lines())
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect();
    table.play_record(&turns);
    table.expect("bob", "!resign confirm", "bob resigned");
}

/// What the analysis of game 1, asked for by `who` in the table's channel, posts.
fn analysed(table: &mut Table, who: &str) -> Vec<String> {
    table.say(who, "!analyse 1").iter().map(shown).collect()
}

#[test]
fn the_same_game_gives_the_same_analysis_with_one_searcher_or_two() {
    let [one, two] = [1, 2].map(|threads| {
        let mut table = table(threads, 2);
        finished_game(&mut table);
        analysed(&mut table, "carol")
    });
    assert!(one.len() >= 3, "{one:?}");
    assert_eq!(one, two);
}

#[test]
fn a_game_against_the_bot_is_answered_while_an_analysis_runs() {
    let mut table = table(1, 3);
    finished_game(&mut table);
    let analysing = table.say_beside("carol", "!analyse 1", Recorder::default());
    assert!(shown(&analysing.first()).contains("I am looking at all 41 turns"));
    // The analysis's first job holds the one searcher.
    while table.service.engine_load() == (0, 0) {
        std::thread::sleep(Duration::from_millis(1));
    }
    table.channel = ChannelId(2);
    // The engine moves first: its turn comes in the start's place.
    let answer = table.say("dave", "!challenge @gipf-bot standard black beginner");
    assert_eq!(answer.len(), 1, "{answer:?}");
    assert!(
        shown(&answer[0]).contains("\nI (white) played "),
        "{answer:?}"
    );
    assert!(
        !analysing.is_done(),
        "the game's turn waited for one job of the analysis, not for all of it"
    );
    let posted = analysing.join();
    assert!(posted.len() - 1 > 1, "{posted:?}");
}

#[test]
fn an_analysis_is_kept_and_shown_again_at_once_and_one_runs_at_a_time() {
    let mut table = table(2, 2);
    finished_game(&mut table);
    table.channel = ChannelId(3);
    // Held in its first answer: the analysis is asked and not yet begun.
    let asked = table.say_beside("carol", "!analyse 1", Recorder::holding(Hold::FirstAnswer));
    assert!(shown(&asked.first()).contains("I am looking at all 41 turns"));
    // Asked again while it runs, in another channel: it is posted there too.
    table.channel = ChannelId(4);
    table.expect(
        "dave",
        "!analyse 1",
        "is being analysed already: its turns come here when I am done",
    );
    let posted = &asked.join()[1..];
    let in_channel = |channel: u64| -> Vec<String> {
        (posted.iter())
            .filter(|(c, _)| *c == ChannelId(channel))
            .map(|(_, reply)| shown(reply))
            .collect()
    };
    let first = in_channel(3);
    assert!(first.len() > 1, "{posted:?}");
    assert_eq!(in_channel(4), first);
    // Asked again once done, by someone else: the same, its heading at once, its turns
    // without a search.
    table.channel = ChannelId(5);
    let again = analysed(&mut table, "erin");
    assert_eq!(again, first);
    assert_eq!(table.service.engine_load(), (0, 0));
}

#[test]
fn the_plan_of_a_short_game_s_analysis_counts_the_turns_it_has() {
    let mut table = table(1, 1);
    table.start("standard");
    table.expect("alice", "!push i5 h5", "alice (white) played");
    table.expect("bob", "!resign confirm", "bob resigned");
    let plan = shown(&table.say("carol", "!analyse 1").remove(0));
    assert!(
        plan.contains(": I am looking at its one turn (")
            && plan.contains("What it cost comes here when I am done"),
        "{plan}"
    );
    table.expect("alice", "!rematch", "");
    table.expect("bob", "!accept", "Game on");
    table.expect("bob", "!push i5 h5", "bob (white) played");
    table.expect("alice", "!push a5 b5", "alice (black) played");
    table.expect("alice", "!resign confirm", "alice resigned");
    let plan = shown(&table.say("dave", "!analyse 2").remove(0));
    assert!(
        plan.contains(": I am looking at all 2 turns (")
            && plan.contains("The 2 turns that cost most come here when I am done"),
        "{plan}"
    );
}

#[test]
fn showing_a_stored_analysis_does_not_count_toward_the_limit_running_one_does() {
    let mut table = table(2, 1);
    finished_game(&mut table);
    table.channel = ChannelId(3);
    let first = analysed(&mut table, "carol");
    assert!(
        first[0].contains("I am looking at all 41 turns"),
        "{first:?}"
    );
    // Shown again at once, twice each, to the member who ran it and to another: no search,
    // and no refusal.
    let shown_again = analysed(&mut table, "erin");
    assert!(!shown_again[0].contains("I am looking"), "{shown_again:?}");
    for who in ["carol", "carol", "dave", "dave"] {
        assert_eq!(analysed(&mut table, who), shown_again, "{who}");
    }
    assert_eq!(table.service.engine_load(), (0, 0));
    // Running one counts: Carol ran one a moment ago and is refused a second game's; Dave,
    // who was only shown one, runs it, and is still shown the first game's.
    finished_game(&mut table);
    table.channel = ChannelId(3);
    table.expect("carol", "!analyse 2", "One analysis every 30 s");
    let mut posted = table.say("dave", "!analyse 2");
    let asked = posted.remove(0);
    assert!(
        shown(&asked).contains("I am looking at all 41 turns"),
        "{asked:?}"
    );
    assert!(posted.len() > 1, "{posted:?}");
    assert_eq!(analysed(&mut table, "dave"), shown_again);
}
