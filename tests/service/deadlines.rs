//! Time per move against a clock the test moves on: the reminder when a quarter of the time is
//! left, the news that time is up, `!claim`, `autoforfeit`, and a restart in between. The
//! watch looks at the clock as the Discord adapter's does, and delivers into a recorder.

use crate::support::clocked::{Bench, HOUR};
use gipf::Color;
use gipf_bot::console::user_id;
use gipf_bot::model::ChannelId;

#[tokio::test]
async fn a_reminder_then_time_is_up_then_the_win_is_claimed_across_a_restart() {
    let mut bench = Bench::new();
    let said = bench
        .say(1, "alice", "!challenge @bob standard white days=1")
        .await;
    assert!(said[0].contains("1 day per move"), "{said:?}");
    let said = bench.say(1, "bob", "!accept").await;
    assert!(said[0].contains("Move by <t:"), "{said:?}");
    // Alice plays at once: Bob's day starts, and the reply says until when.
    let played = bench.say(1, "alice", "!push b1 c2").await;
    assert!(
        played[0].contains("your move (black)") && played[0].contains("Move by <t:"),
        "{played:?}"
    );

    // Nothing for 17 hours; the reminder when a quarter of the day is left (18 h).
    assert_eq!(bench.look_after(17 * HOUR).await, None);
    let (channel, reminder) = bench.look_after(2 * HOUR).await.unwrap();
    assert_eq!(channel, ChannelId(1));
    assert!(
        reminder.contains("a reminder: your move (black) in this game is due by <t:"),
        "{reminder}"
    );
    assert!(
        reminder.starts_with(&user_id("bob").mention()),
        "{reminder}"
    );
    // Reminded once only, and a restart changes nothing of that.
    bench.restart();
    let (_, up) = bench.look_after(7 * HOUR).await.unwrap();
    assert!(up.starts_with("bob (black) is out of time."), "{up}");
    assert!(
        up.contains(&format!(
            "{}, you may claim the win",
            user_id("alice").mention()
        )),
        "{up}"
    );
    assert_eq!(bench.look_after(48 * HOUR).await, None, "said once");

    // Bob cannot claim, Alice can: she wins on time.
    assert!(bench.say(1, "bob", "!claim").await[0].contains("It is your move"));
    let won = bench.say(1, "alice", "!claim").await;
    let lost = format!("{} (black) ran out of time.", user_id("bob").mention());
    assert!(won[0].contains(&lost), "{won:?}");
    let state = bench.state(ChannelId(1));
    assert_eq!(
        state.position().unwrap().outcome().map(|o| o.winner),
        Some(Color::White)
    );
    let board = &bench.say(1, "carol", "!board").await[0];
    assert!(board.contains("Game over: white wins on time."), "{board}");
}

#[tokio::test]
async fn autoforfeit_ends_the_game_by_itself_and_a_move_in_time_resets_the_clock() {
    let mut bench = Bench::new();
    bench
        .say(
            2,
            "alice",
            "!challenge @bob standard white days=2 autoforfeit",
        )
        .await;
    bench.say(2, "bob", "!accept").await;
    assert!(bench.say(2, "alice", "!claim").await[0].contains("It is your move"));
    // Alice's two days; she moves after a day and a half, before the reminder's half day.
    assert_eq!(bench.look_after(35 * HOUR).await, None);
    bench.say(2, "alice", "!push b1 c2").await;
    assert!(bench.say(2, "alice", "!claim").await[0].contains("has until <t:"));
    // Bob's two days run from his turn: reminded at 36 h, out at 48 h, and the game ends.
    assert_eq!(bench.look_after(35 * HOUR).await, None);
    let (_, reminder) = bench.look_after(2 * HOUR).await.unwrap();
    assert!(reminder.contains("a reminder"), "{reminder}");
    let (_, ended) = bench.look_after(13 * HOUR).await.unwrap();
    let (bob, alice) = (user_id("bob").mention(), user_id("alice").mention());
    assert!(
        ended.starts_with(&format!("{bob} (black) ran out of time. {alice}, you win")),
        "both are pinged: {ended}"
    );
    assert!(ended.contains("you win the game on time"), "{ended}");
    assert!(bench.say(2, "carol", "!board").await[0].contains("Game over"));
    // The channel is free again.
    assert!(bench.say(2, "bob", "!challenge @alice").await[0].contains("challenges you"));
}

#[tokio::test]
async fn a_game_with_potentials_is_lost_on_time_too() {
    let mut bench = Bench::new();
    bench
        .say(
            3,
            "alice",
            "!challenge @bob ultimate white days=1 autoforfeit",
        )
        .await;
    bench.say(3, "bob", "!accept").await;
    let played = bench.say(3, "alice", "!gipf b1 c2").await;
    assert!(played[0].contains("Move by <t:"), "{played:?}");
    let (_, reminder) = bench.look_after(19 * HOUR).await.unwrap();
    assert!(reminder.contains("a reminder"), "{reminder}");
    let (channel, ended) = bench.look_after(7 * HOUR).await.unwrap();
    assert_eq!(channel, ChannelId(3));
    let (bob, alice) = (user_id("bob").mention(), user_id("alice").mention());
    assert!(
        ended.starts_with(&format!("{bob} (black) ran out of time. {alice}, you win")),
        "both are pinged: {ended}"
    );
    assert!(
        ended.contains("you win the game on time (1 plies)"),
        "{ended}"
    );
    let state = bench.state(ChannelId(3));
    let game = state.potentials().expect("a game with potentials");
    assert_eq!(game.outcome().map(|o| o.winner), Some(Color::White));
    let board = &bench.say(3, "carol", "!board").await[0];
    assert!(
        board.starts_with(
            "Ultimate GIPF: alice (white) vs bob (black). Game over: white wins on time."
        ),
        "{board}"
    );
}
