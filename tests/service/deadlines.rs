//! Time per move against tokio's paused clock: the reminder when a quarter of the time is
//! left, the news that time is up, `!claim`, `autoforfeit`, and a restart in between. The
//! watch is the one the Discord adapter runs; here it delivers into a channel.

use std::sync::Arc;
use std::time::Duration;

use crate::support::chat::shown_safely;
use gipf::Color;
use gipf_bot::console::{Console, user_id};
use gipf_bot::model::{ChannelId, Clock};
use gipf_bot::reply::Reply;
use gipf_bot::service::{Config, Service, watch_clock};
use tokio::sync::mpsc;

const HOUR: Duration = Duration::from_secs(3600);

/// A clock that starts at a fixed moment and follows tokio's (paused) time.
fn paused_clock() -> Clock {
    let origin = tokio::time::Instant::now();
    Clock::new(move || 1_800_000_000 + origin.elapsed().as_secs() as i64)
}

struct Bench {
    dir: tempfile::TempDir,
    config: Config,
    service: Arc<Service>,
    console: Console,
}

impl Bench {
    fn new() -> Bench {
        let dir = tempfile::tempdir().unwrap();
        let config = Config {
            clock: paused_clock(),
            ..Config::default()
        };
        let service = Arc::new(Service::open(dir.path().join("gipf.db"), config.clone()).unwrap());
        let console = Console::new(dir.path().join("boards")).unwrap();
        Bench {
            dir,
            config,
            service,
            console,
        }
    }

    /// Says `text` as `author` in `channel`; the replies as Discord shows them.
    fn say(&mut self, channel: u64, author: &str, text: &str) -> Vec<String> {
        let mut message = self
            .console
            .read_line(&format!("{author}: {text}"))
            .unwrap();
        message.channel = ChannelId(channel);
        let allowed = [user_id("alice"), user_id("bob")];
        let replies = self.service.handle(&message);
        replies.iter().map(|r| shown_safely(r, &allowed)).collect()
    }

    fn restart(&mut self) {
        self.service =
            Arc::new(Service::open(self.dir.path().join("gipf.db"), self.config.clone()).unwrap());
    }

    /// Starts watching the deadlines once a minute; what they call for comes out of the receiver.
    fn watch(
        &self,
    ) -> (
        tokio::task::JoinHandle<()>,
        mpsc::UnboundedReceiver<(ChannelId, Reply)>,
    ) {
        let (sender, receiver) = mpsc::unbounded_channel();
        let watching = tokio::spawn(watch_clock(
            Arc::clone(&self.service),
            Duration::from_secs(60),
            move |channel, reply| {
                let sender = sender.clone();
                async move {
                    let _ = sender.send((channel, reply));
                    Ok(())
                }
            },
        ));
        (watching, receiver)
    }
}

/// The next thing the watch says within `within` of (paused) time, if anything.
async fn heard(
    receiver: &mut mpsc::UnboundedReceiver<(ChannelId, Reply)>,
    within: Duration,
) -> Option<(ChannelId, String)> {
    let (channel, reply) = tokio::time::timeout(within, receiver.recv()).await.ok()??;
    let shown = shown_safely(&reply, &[user_id("alice"), user_id("bob")]);
    Some((channel, shown))
}

#[tokio::test(start_paused = true)]
async fn a_reminder_then_time_is_up_then_the_win_is_claimed_across_a_restart() {
    let mut bench = Bench::new();
    let said = bench.say(1, "alice", "!challenge @bob standard white days=1");
    assert!(said[0].contains("1 days per move"), "{said:?}");
    let said = bench.say(1, "bob", "!accept");
    assert!(said[0].contains("Move by <t:"), "{said:?}");
    // Alice plays at once: Bob's day starts, and the reply says until when.
    let played = bench.say(1, "alice", "!push b1 c2");
    assert!(
        played[0].contains("your move (black)") && played[0].contains("Move by <t:"),
        "{played:?}"
    );
    let (watching, mut receiver) = bench.watch();

    // Nothing for 17 hours; the reminder when a quarter of the day is left (18 h).
    assert_eq!(heard(&mut receiver, 17 * HOUR).await, None);
    let (channel, reminder) = heard(&mut receiver, 2 * HOUR).await.unwrap();
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
    watching.abort();
    bench.restart();
    let (watching, mut receiver) = bench.watch();
    let (_, up) = heard(&mut receiver, 7 * HOUR).await.unwrap();
    assert!(up.starts_with("bob (black) is out of time."), "{up}");
    assert!(
        up.contains(&format!(
            "{}, you may claim the win",
            user_id("alice").mention()
        )),
        "{up}"
    );
    assert_eq!(heard(&mut receiver, 48 * HOUR).await, None, "said once");
    watching.abort();

    // Bob cannot claim, Alice can: she wins on time.
    assert!(bench.say(1, "bob", "!claim")[0].contains("It is your move"));
    let won = bench.say(1, "alice", "!claim");
    let lost = format!("{} (black) ran out of time.", user_id("bob").mention());
    assert!(won[0].contains(&lost), "{won:?}");
    let state = bench
        .service
        .game_state(ChannelId(1), true)
        .unwrap()
        .unwrap();
    assert_eq!(
        state.position().unwrap().outcome().map(|o| o.winner),
        Some(Color::White)
    );
    let board = &bench.say(1, "carol", "!board")[0];
    assert!(board.contains("Game over: white wins on time."), "{board}");
}

#[tokio::test(start_paused = true)]
async fn autoforfeit_ends_the_game_by_itself_and_a_move_in_time_resets_the_clock() {
    let mut bench = Bench::new();
    bench.say(
        2,
        "alice",
        "!challenge @bob standard white days=2 autoforfeit",
    );
    bench.say(2, "bob", "!accept");
    assert!(bench.say(2, "alice", "!claim")[0].contains("It is your move"));
    let (watching, mut receiver) = bench.watch();
    // Alice's two days; she moves after a day and a half, before the reminder's half day.
    assert_eq!(heard(&mut receiver, 35 * HOUR).await, None);
    bench.say(2, "alice", "!push b1 c2");
    assert!(bench.say(2, "alice", "!claim")[0].contains("has until <t:"));
    // Bob's two days run from his turn: reminded at 36 h, out at 48 h, and the game ends.
    assert_eq!(heard(&mut receiver, 35 * HOUR).await, None);
    let (_, reminder) = heard(&mut receiver, 2 * HOUR).await.unwrap();
    assert!(reminder.contains("a reminder"), "{reminder}");
    let (_, ended) = heard(&mut receiver, 13 * HOUR).await.unwrap();
    let (bob, alice) = (user_id("bob").mention(), user_id("alice").mention());
    assert!(
        ended.starts_with(&format!("{bob} (black) ran out of time. {alice}, you win")),
        "both are pinged: {ended}"
    );
    assert!(ended.contains("you win the game on time"), "{ended}");
    watching.abort();
    assert!(bench.say(2, "carol", "!board")[0].contains("Game over"));
    // The channel is free again.
    assert!(bench.say(2, "bob", "!challenge @alice")[0].contains("challenges you"));
}

#[tokio::test(start_paused = true)]
async fn a_game_with_potentials_is_lost_on_time_too() {
    let mut bench = Bench::new();
    bench.say(
        3,
        "alice",
        "!challenge @bob ultimate white days=1 autoforfeit",
    );
    bench.say(3, "bob", "!accept");
    let played = bench.say(3, "alice", "!gipf b1 c2");
    assert!(played[0].contains("Move by <t:"), "{played:?}");
    let (watching, mut receiver) = bench.watch();
    let (_, reminder) = heard(&mut receiver, 19 * HOUR).await.unwrap();
    assert!(reminder.contains("a reminder"), "{reminder}");
    let (channel, ended) = heard(&mut receiver, 7 * HOUR).await.unwrap();
    watching.abort();
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
    let state = bench
        .service
        .game_state(ChannelId(3), true)
        .unwrap()
        .unwrap();
    let game = state.potentials().expect("a game with potentials");
    assert_eq!(game.outcome().map(|o| o.winner), Some(Color::White));
    let board = &bench.say(3, "carol", "!board")[0];
    assert!(
        board.starts_with(
            "Ultimate GIPF: alice (white) vs bob (black). Game over: white wins on time."
        ),
        "{board}"
    );
}
