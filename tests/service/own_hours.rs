//! A member's own hours against a clock the test moves (issue 43): the daily digest at his
//! hour in his zone (most urgent first, once a day, across a restart, none on a day with
//! nothing to do), quiet hours holding his direct-message pings until their end, folded
//! into one message; and the refusals of bad hours and zones, which change nothing.

use std::sync::atomic::Ordering;
use std::time::Duration;

use crate::support::clocked::{Bench, HOUR, looked};
use gipf_bot::console::user_id;
use gipf_bot::model::ChannelId;
use gipf_bot::reply::Reply;
use gipf_bot::text::Span;

/// The direct messages among `said`, each with whom it is for and what it says.
fn directs(said: &[(ChannelId, Reply)]) -> Vec<(String, String)> {
    (said.iter())
        .filter_map(|(_, reply)| {
            let to = reply.direct?;
            let name = ["alice", "bob"].into_iter().find(|n| user_id(n) == to)?;
            Some((name.to_string(), reply.text.to_string()))
        })
        .collect()
}

/// The instants `text` shows, in order.
fn times(reply: &Reply) -> Vec<i64> {
    (reply.text.spans().iter())
        .filter_map(|span| match span {
            Span::Time(at) => Some(*at),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn the_digest_comes_once_a_day_at_the_members_hour_most_urgent_first() {
    let mut bench = Bench::new();
    // 2027-01-15 08:00 UTC: 09:00 in Brussels.
    let start = bench.now.load(Ordering::SeqCst);
    bench
        .say(1, "alice", "!challenge @bob standard white days=3")
        .await;
    bench.say(1, "bob", "!accept").await;
    bench.say(1, "alice", "!push b1 c2").await;
    bench
        .say(2, "alice", "!challenge @bob standard white days=1")
        .await;
    bench.say(2, "bob", "!accept").await;
    bench.say(2, "alice", "!push i5 h5").await;

    let set = bench
        .say(9, "bob", "!notify digest on at 08:00 tz Europe/Brussels")
        .await;
    assert!(
        set[0].contains("Daily digest: at 08:00 (Europe/Brussels), the next one <t:"),
        "{set:?}"
    );
    // Alice has nothing to do: her digest never comes.
    bench.say(9, "alice", "!notify digest on at 08:00").await;

    assert!(directs(&bench.replies_after(22 * HOUR).await).is_empty());
    // 08:00 in Brussels is 07:00 UTC, 23 hours after the start.
    let said = bench.replies_after(HOUR).await;
    let sent = directs(&said);
    assert_eq!(sent.len(), 1, "{said:?}");
    assert_eq!(sent[0].0, "bob");
    let digest = &sent[0].1;
    assert!(
        digest.starts_with("Your daily digest: 2 games wait for your move, the most urgent first:"),
        "{digest}"
    );
    let (two, one) = (
        digest.find("\n#2: ").unwrap(),
        digest.find("\n#1: ").unwrap(),
    );
    assert!(two < one, "the game due first comes first: {digest}");
    assert!(digest.contains("against alice, standard, due "), "{digest}");
    assert!(digest.contains("alice played `i5-g5 (11)`."), "{digest}");
    let reply = &said.iter().find(|(_, r)| r.direct.is_some()).unwrap().1;
    assert_eq!(times(reply), [start + 86_400, start + 3 * 86_400]);

    // Once a day: not again at the next look, nor after a restart.
    assert!(directs(&bench.replies_after(Duration::ZERO).await).is_empty());
    bench.restart();
    assert!(directs(&bench.replies_after(12 * HOUR).await).is_empty());
    // Bob plays in both: the next day has nothing for him, and nothing comes.
    bench.say(1, "bob", "!push i5 h5").await;
    bench.say(2, "bob", "!push b1 c2").await;
    assert!(directs(&bench.replies_after(12 * HOUR).await).is_empty());
    let off = bench.say(9, "bob", "!notify digest off").await;
    assert!(off[0].contains("Daily digest: off"), "{off:?}");
}

#[tokio::test]
async fn quiet_hours_hold_direct_pings_until_their_end_in_one_message() {
    let mut bench = Bench::new();
    bench.say(9, "bob", "!notify dm on").await;
    // 08:00 UTC now: quiet until 10:00.
    let quiet = bench.say(9, "bob", "!notify quiet 07:30-10:00").await;
    assert!(
        quiet[0].contains("Quiet hours: 07:30-10:00 (UTC)"),
        "{quiet:?}"
    );
    assert!(quiet[0].contains("Times are in UTC"), "{quiet:?}");
    let challenged = bench
        .say(1, "alice", "!challenge @bob standard white")
        .await;
    assert_eq!(
        challenged.len(),
        1,
        "the channel's ping only: {challenged:?}"
    );
    assert!(
        challenged[0].contains(&user_id("bob").mention()),
        "{challenged:?}"
    );
    bench.say(1, "bob", "!accept").await;
    let played = bench.say(1, "alice", "!push b1 c2").await;
    assert_eq!(played.len(), 1, "{played:?}");

    assert!(directs(&bench.replies_after(HOUR).await).is_empty());
    let said = bench.replies_after(HOUR).await;
    let sent = directs(&said);
    assert_eq!(sent.len(), 1, "{said:?}");
    assert!(
        sent[0]
            .1
            .starts_with("While your quiet hours ran (2 messages):"),
        "{sent:?}"
    );
    assert!(sent[0].1.contains("challenges you"), "{sent:?}");
    assert!(sent[0].1.contains("b1"), "{sent:?}");
    assert!(
        directs(&bench.replies_after(Duration::ZERO).await).is_empty(),
        "once"
    );
    // Out of quiet hours, the copy comes at once.
    bench.say(1, "bob", "!push i5 h5").await;
    let next = bench.say(1, "alice", "!push a5 b5").await;
    assert_eq!(next.len(), 2, "the turn and bob's copy: {next:?}");
}

#[tokio::test]
async fn bad_hours_and_zones_are_refused_and_change_nothing() {
    let mut bench = Bench::new();
    let before = bench.say(9, "bob", "!notify").await;
    assert!(before[0].contains("Daily digest: off"), "{before:?}");
    let hour = bench.say(9, "bob", "!notify quiet 25:00-07:00").await;
    assert!(
        hour[0].starts_with(
            "`25:00-07:00` are not quiet hours: write when they start and when they end"
        ),
        "{hour:?}"
    );
    let zone = bench
        .say(9, "bob", "!notify digest on tz Europe/Brusels")
        .await;
    assert!(zone[0].contains("is not a time zone I know"), "{zone:?}");
    assert!(
        zone[0].contains("the nearest: `Europe/Brussels`"),
        "{zone:?}"
    );
    let at = bench.say(9, "bob", "!notify digest on at 8h").await;
    assert!(at[0].starts_with("`8h` is not a time of day"), "{at:?}");
    let off_at = bench.say(9, "bob", "!notify digest off at 08:00").await;
    assert!(off_at[0].contains("`digest off` stops it"), "{off_at:?}");
    assert_eq!(bench.say(9, "bob", "!notify").await, before);
}

#[tokio::test]
async fn of_two_processes_on_one_database_each_digest_goes_once() {
    let mut bench = Bench::new();
    let twin = bench.twin("second");
    bench
        .say(1, "alice", "!challenge @bob standard white days=3")
        .await;
    bench.say(1, "bob", "!accept").await;
    bench.say(1, "alice", "!push b1 c2").await;
    bench.say(9, "bob", "!notify digest on at 08:30").await;

    bench.now.fetch_add(3600, Ordering::SeqCst);
    let mut said = looked(&bench.service).await;
    said.extend(looked(&twin).await);
    assert_eq!(directs(&said).len(), 1, "{said:?}");

    // The first stops cleanly; the second takes the watch and sends the next day's, once.
    let first = std::sync::Arc::clone(&bench.service);
    std::thread::spawn(move || first.give_up_the_watch())
        .join()
        .unwrap();
    bench.now.fetch_add(86_400, Ordering::SeqCst);
    let mut said = looked(&twin).await;
    said.extend(looked(&bench.service).await);
    said.extend(looked(&twin).await);
    assert_eq!(directs(&said).len(), 1, "{said:?}");
}
