//! Vacations against a clock the test moves: the budget and its refusals, the clocks that
//! stand still in every game of the player away (no reminder, no claim), a turn his opponent
//! plays meanwhile starting his time at his return, the notices each game's channel gets
//! once, a restart in between, and an early end by his first turn giving the days back.

use std::time::Duration;

use crate::support::clocked::{Bench, DAY, HOUR, time_after};
use gipf_bot::console::user_id;
use gipf_bot::model::ChannelId;

/// Alice (white) and Bob play in channel 1 with 3 days per move, Bob to move; Bob (white)
/// and Alice in channel 2 with 1 day, Alice to move. When Bob's move in channel 1 is due.
async fn two_games(bench: &mut Bench) -> i64 {
    bench
        .say(1, "alice", "!challenge @bob standard white days=3")
        .await;
    bench.say(1, "bob", "!accept").await;
    let played = bench.say(1, "alice", "!push b1 c2").await;
    bench
        .say(2, "bob", "!challenge @alice standard white days=1")
        .await;
    bench.say(2, "alice", "!accept").await;
    bench.say(2, "bob", "!push b1 c2").await;
    time_after(&played[0], "Move by ")
}

#[tokio::test]
async fn a_vacation_stops_only_the_vacationers_clocks_and_ends_by_itself_across_a_restart() {
    let mut bench = Bench::new();
    let due = two_games(&mut bench).await;
    let start = bench.now.load(std::sync::atomic::Ordering::SeqCst);
    assert_eq!(due, start + 3 * DAY);

    // What a vacation is, and the refusals that change nothing.
    let look = bench.say(9, "bob", "!vacation").await;
    assert!(
        look[0].contains("You have 7 days of vacation left"),
        "{look:?}"
    );
    assert!(
        look[0].contains("`!vacation 5` stops your clocks in all your games"),
        "{look:?}"
    );
    let long = bench.say(9, "bob", "!vacation 40").await;
    assert_eq!(
        long,
        ["You have 7 days of vacation left: `!vacation 7` at most."],
    );
    let negative = bench.say(9, "bob", "!vacation -1").await;
    assert!(
        negative[0].starts_with("`-1` is not a vacation: give its length in whole days"),
        "{negative:?}"
    );
    assert!(bench.say(9, "bob", "!vacation").await[0].contains("7 days of vacation left"));

    // Five days away: both his games are paused, and each channel is told once.
    let away = bench.say(9, "bob", "!vacation 5").await;
    assert!(
        away[0].starts_with("You are on vacation until <t:"),
        "{away:?}"
    );
    assert!(
        away[0].contains("your clocks stand still in your 2 games"),
        "{away:?}"
    );
    assert_eq!(time_after(&away[0], "until "), start + 5 * DAY);
    let mut told = bench.tend_after(Duration::ZERO).await;
    told.sort_by_key(|(channel, _)| channel.0);
    let alice = user_id("alice").mention();
    assert_eq!(told.len(), 2, "{told:?}");
    assert_eq!(told[0].0, ChannelId(1));
    assert!(
        told[0]
            .1
            .starts_with(&format!("{alice}, bob is on vacation until <t:")),
        "{told:?}"
    );
    assert!(
        told[0]
            .1
            .ends_with("his clock in this game stands still until then.")
    );
    assert!(
        told[1]
            .1
            .ends_with("when it is his move, his time starts at his return.")
    );
    assert!(
        bench.tend_after(Duration::ZERO).await.is_empty(),
        "told once"
    );
    let again = bench.say(9, "bob", "!vacation 2").await;
    assert!(
        again[0].starts_with("You are on vacation already, until <t:"),
        "{again:?}"
    );

    // His deadline moved on by the five days; the board and the games list say why.
    let board = bench.say(1, "carol", "!board").await;
    assert_eq!(time_after(&board[0], "Move by "), due + 5 * DAY);
    assert!(
        board[0].contains("bob is on vacation until <t:"),
        "{board:?}"
    );
    let listed = bench.say(9, "alice", "!mygames").await;
    assert!(
        listed[0].contains("bob on vacation until <t:"),
        "{listed:?}"
    );

    // Four days on: no reminder, no time up, and no claim against him; Alice's own day in
    // channel 2 ran out meanwhile.
    let said = bench.tend_after(Duration::from_secs(4 * 86_400)).await;
    assert!(
        said.iter().all(|(channel, _)| *channel == ChannelId(2)),
        "{said:?}"
    );
    assert!(
        said.iter()
            .any(|(_, said)| said.starts_with("alice (black) is out of time.")),
        "{said:?}"
    );
    let claim = bench.say(1, "alice", "!claim").await;
    assert!(
        claim[0].starts_with("bob is on vacation until <t:"),
        "{claim:?}"
    );
    // She plays in channel 2 all the same, and Bob's day there starts at his return.
    let played = bench.say(2, "alice", "!push b1 c2").await;
    assert_eq!(time_after(&played[0], "Move by "), start + 5 * DAY + DAY);

    // A restart, then his return: each channel hears it once, with the move now due.
    bench.restart();
    let mut back = bench.tend_after(Duration::from_secs(86_400 + 3600)).await;
    back.sort_by_key(|(channel, _)| channel.0);
    assert_eq!(back.len(), 2, "{back:?}");
    assert!(
        back[0].1.starts_with(&format!(
            "{alice}, bob is back from vacation. His clock runs again"
        )),
        "{back:?}"
    );
    assert_eq!(time_after(&back[0].1, "due by "), due + 5 * DAY);
    assert_eq!(time_after(&back[1].1, "due by "), start + 6 * DAY);
    assert!(
        bench.tend_after(Duration::ZERO).await.is_empty(),
        "told once"
    );
    let left = bench.say(9, "bob", "!vacation").await;
    assert!(
        left[0].contains("You have 2 days of vacation left"),
        "{left:?}"
    );
    // The watch is back to his clocks: reminded when a quarter of his time is left.
    let reminded = bench.tend_after(Duration::from_secs(18 * 3600)).await;
    assert!(
        reminded.iter().any(|(_, said)| said.contains("a reminder")),
        "{reminded:?}"
    );
}

#[tokio::test]
async fn his_first_turn_ends_the_vacation_and_gives_the_days_not_used_back() {
    let mut bench = Bench::new();
    let due = two_games(&mut bench).await;
    // Alice is to move in channel 2: her vacation moves that deadline on.
    let board = bench.say(2, "carol", "!board").await;
    let hers = time_after(&board[0], "Move by ");
    bench.say(9, "alice", "!vacation 6").await;
    bench.tend_after(Duration::ZERO).await;
    let board = bench.say(2, "carol", "!board").await;
    assert_eq!(time_after(&board[0], "Move by "), hers + 6 * DAY);

    // Bob is not away: his clock runs as ever.
    let claim = bench.say(2, "bob", "!claim").await;
    assert!(
        claim[0].starts_with("alice is on vacation until"),
        "{claim:?}"
    );
    let bobs = bench.say(1, "carol", "!board").await;
    assert_eq!(time_after(&bobs[0], "Move by "), due);

    // 26 hours later Bob plays in channel 1: Alice's time there starts now, not at her
    // return (that game is hers to move once he played, and she is away: at her return).
    bench.tend_after(Duration::from_secs(26 * 3600)).await;
    bench.say(1, "bob", "!push i5 h5").await;
    // She plays in channel 1 herself: her vacation ends, 26 hours spent.
    let played = bench.say(1, "alice", "!push b1 c2").await;
    assert!(played[0].contains("your move (black)"), "{played:?}");
    let back = bench.tend_after(Duration::ZERO).await;
    assert_eq!(back.len(), 2, "{back:?}");
    let board = bench.say(2, "carol", "!board").await;
    assert_eq!(
        time_after(&board[0], "Move by "),
        hers + 26 * HOUR.as_secs() as i64
    );
    assert!(!board[0].contains("vacation"), "{board:?}");
    let left = bench.say(9, "alice", "!vacation").await;
    assert!(
        left[0].contains("You have 5 days and 22 hours of vacation left"),
        "{left:?}"
    );

    // A vacation ended at once still spends a day.
    bench.say(9, "alice", "!vacation 1").await;
    let off = bench.say(9, "alice", "!vacation off").await;
    assert!(
        off[0].starts_with("Welcome back: your clocks run again"),
        "{off:?}"
    );
    assert!(
        off[0].ends_with("You have 4 days and 22 hours of vacation left."),
        "{off:?}"
    );
    let none = bench.say(9, "alice", "!vacation off").await;
    assert!(none[0].starts_with("You are not on vacation"), "{none:?}");
}
