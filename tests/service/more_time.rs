//! `givetime` against a clock the test moves (issue 43): the waiting player gives his
//! opponent a fresh full time, by command or by the button under the reminder; the refusals
//! (himself, someone else, a game without a clock, one that is over) change nothing.

use std::time::Duration;

use crate::support::clocked::{Bench, DAY, HOUR, time_after};
use gipf_bot::command::{Command, GameCommand};
use gipf_bot::console::user_id;
use gipf_bot::model::ChannelId;

#[tokio::test]
async fn the_waiting_player_gives_his_opponent_a_fresh_full_time() {
    let mut bench = Bench::new();
    bench
        .say(1, "alice", "!challenge @bob standard white days=2")
        .await;
    bench.say(1, "bob", "!accept").await;
    let played = bench.say(1, "alice", "!push b1 c2").await;
    let due = time_after(&played[0], "Move by ");

    // The reminder, half a day before his deadline, carries Alice's button.
    let said = bench.replies_after(Duration::from_secs(36 * 3600)).await;
    let (channel, reminder) = said.first().expect("a reminder").clone();
    assert_eq!(channel, ChannelId(1));
    assert_eq!(reminder.buttons.len(), 1, "{reminder:?}");
    assert_eq!(reminder.buttons[0].label, "Give bob more time");
    assert_eq!(
        reminder.buttons[0].command,
        Command::Game(GameCommand::GiveTime)
    );

    // Refused to Bob himself, to a bystander; nothing moved.
    let himself = bench.say(1, "bob", "!givetime").await;
    assert_eq!(
        himself,
        ["It is your move: you can give more time only to your opponent, while his clock runs."]
    );
    let carol = bench.say(1, "carol", "!givetime").await;
    assert!(
        carol[0].contains("You are not playing in this game"),
        "{carol:?}"
    );
    let board = bench.say(1, "carol", "!board").await;
    assert_eq!(time_after(&board[0], "Move by "), due);

    // Alice gives it: two days from now, and a fresh reminder 12 hours before.
    let now = bench.now.load(std::sync::atomic::Ordering::SeqCst);
    let given = bench.say(1, "alice", "!givetime").await;
    let bob = user_id("bob").mention();
    assert!(
        given[0].starts_with(&format!(
            "{bob}, alice gives you more time: a fresh 2 days per move. Your move is now due by <t:"
        )),
        "{given:?}"
    );
    assert_eq!(time_after(&given[0], "due by "), now + 2 * DAY);
    let board = bench.say(1, "carol", "!board").await;
    assert_eq!(time_after(&board[0], "Move by "), now + 2 * DAY);
    assert!(
        bench
            .tend_after(Duration::from_secs(13 * 3600))
            .await
            .is_empty()
    );
    let again = bench.tend_after(Duration::from_secs(24 * 3600)).await;
    assert!(
        again.iter().any(|(_, said)| said.contains("a reminder")),
        "{again:?}"
    );
    // His old deadline passed: no time up.
    assert!(bench.tend_after(HOUR).await.is_empty());
    let claim = bench.say(1, "alice", "!claim").await;
    assert!(claim[0].starts_with("bob has until <t:"), "{claim:?}");

    // No clock, no time to give; a game over has none either.
    bench
        .say(2, "alice", "!challenge @bob standard white")
        .await;
    bench.say(2, "bob", "!accept").await;
    bench.say(2, "alice", "!push b1 c2").await;
    let none = bench.say(2, "alice", "!givetime").await;
    assert_eq!(
        none,
        ["This game has no time per move, so there is no time to give."]
    );
    bench.say(1, "alice", "!resign confirm").await;
    let over = bench.say(1, "alice", "!givetime").await;
    assert!(!over[0].contains("gives you more time"), "{over:?}");
}
