//! The engine pool under load, through the service: n games against the bot where the
//! players all push at once, each waiting for the engine's answer in its place, at `medium`
//! and at `hard`, with 1 and with 2 engine threads; and a hint asked meanwhile. Prints the
//! time from the ask to each answer (p50, p99, max). Then 4 `hard` exchanges played one at
//! a time and the same 4 at once (no hint), with 1 and 2 threads: how many times one
//! exchange the last of them takes. An exchange's time is the player's: from his push to
//! the bot's message with both turns.
//! `cargo bench --bench engine_pool` (about two minutes on 2 cores).
#![allow(missing_docs, clippy::unwrap_used)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use gipf_bot::console::{Console, ENGINE_NAME, Terminal, user_id};
use gipf_bot::model::{ChannelId, GuildId};
use gipf_bot::reply::Reply;
use gipf_bot::service::{Asked, Config, Message, Service};

/// A service with `threads` searchers, and a console to write its messages.
struct Bench {
    _dir: tempfile::TempDir,
    service: Arc<Service>,
    console: Console,
}

impl Bench {
    fn new(threads: usize) -> Bench {
        let dir = tempfile::tempdir().unwrap();
        let config = Config {
            engine_threads: threads,
            // Every answer in its turn's place, however long the queue: the pool measured.
            engine_wait_told: Duration::MAX,
            ..Config::default()
        };
        let service = Arc::new(Service::open(dir.path().join("bench.db"), config).unwrap());
        service.set_engine_user(user_id(ENGINE_NAME), ENGINE_NAME);
        let console = Console::new(dir.path().join("boards")).unwrap();
        Bench {
            _dir: dir,
            service,
            console,
        }
    }

    /// `text` said as `who` in `channel` of a server.
    fn message(&mut self, channel: u64, who: &str, text: &str) -> Message {
        let mut message = self.console.read_line(&format!("{who}: {text}")).unwrap();
        message.channel = ChannelId(channel);
        message.guild = Some(GuildId(1));
        message
    }

    /// Says `text` as `who` in `channel` of a server: the bot's replies.
    fn say(&mut self, channel: u64, who: &str, text: &str) -> Vec<Reply> {
        let message = self.message(channel, who, text);
        serve(&self.service, message)
    }

    /// A game against the bot at `level` in `channel`, its player to push: his push.
    fn engine_game(&mut self, channel: u64, level: &str) -> Message {
        let who = format!("player{channel}");
        let challenge = format!("!challenge @gipf-bot standard white {level}");
        let start = self.say(channel, &who, &challenge);
        assert!(
            format!("{:?}", start[0].text).contains("your move"),
            "{start:?}"
        );
        self.message(channel, &who, "!push b1 c2")
    }
}

/// Serves `message` to its end: the replies it made.
fn serve(service: &Arc<Service>, message: Message) -> Vec<Reply> {
    let shown = Arc::new(Terminal::default());
    service.serve_blocking(message, Asked::Line, Arc::clone(&shown));
    shown.take()
}

/// The `p`th percentile of sorted `times`.
fn percentile(times: &[Duration], p: usize) -> Duration {
    times[((times.len() * p).div_ceil(100)).clamp(1, times.len()) - 1]
}

/// `games` engine turns at `level` asked at once with `threads` searchers, and a hint
/// asked meanwhile: each answer's time from the ask, sorted, and the hint's.
fn under_load(threads: usize, level: &str, games: u64) -> (Vec<Duration>, Duration) {
    let mut bench = Bench::new(threads);
    let pushes: Vec<Message> = (1..=games).map(|c| bench.engine_game(c, level)).collect();
    let hints = games + 1;
    bench.say(hints, "hinted", "!challenge @other standard white hints");
    bench.say(hints, "other", "!accept");
    let asked = Instant::now();
    let turns = ask_at_once(&bench.service, pushes, asked);
    std::thread::sleep(Duration::from_millis(20));
    let hint_asked = Instant::now();
    let hint = bench.say(hints, "hinted", "!hint");
    let hint_time = hint_asked.elapsed();
    assert!(
        format!("{:?}", hint[0].text).contains("suggestion"),
        "{hint:?}"
    );
    let mut times: Vec<Duration> = turns.into_iter().map(|t| t.join().unwrap()).collect();
    times.sort();
    (times, hint_time)
}

/// Serves each of `pushes` at once, each on a thread of its own: each thread gives the
/// time from `asked` to its answer.
fn ask_at_once(
    service: &Arc<Service>,
    pushes: Vec<Message>,
    asked: Instant,
) -> Vec<std::thread::JoinHandle<Duration>> {
    (pushes.into_iter())
        .map(|push| {
            let service = Arc::clone(service);
            std::thread::spawn(move || {
                answered(&serve(&service, push));
                asked.elapsed()
            })
        })
        .collect()
}

/// Checks that `replies` are one exchange: the bot's one message with both turns.
fn answered(replies: &[Reply]) {
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(
        format!("{:?}", replies[0].text).contains(" played "),
        "{replies:?}"
    );
}

/// The same `games` exchanges at `level` (the same positions and seeds: the same searches
/// on a quiet machine), played one at a time and then all at once with no hint asked, with
/// `threads` searchers: each time one at a time, and each time at once, sorted.
fn alone_and_together(threads: usize, level: &str, games: u64) -> [Vec<Duration>; 2] {
    let alone = {
        let mut bench = Bench::new(threads);
        let pushes: Vec<Message> = (1..=games).map(|c| bench.engine_game(c, level)).collect();
        let mut times: Vec<Duration> = (pushes.into_iter())
            .map(|push| {
                let asked = Instant::now();
                answered(&serve(&bench.service, push));
                asked.elapsed()
            })
            .collect();
        times.sort();
        times
    };
    let mut bench = Bench::new(threads);
    let pushes: Vec<Message> = (1..=games).map(|c| bench.engine_game(c, level)).collect();
    let turns = ask_at_once(&bench.service, pushes, Instant::now());
    let mut together: Vec<Duration> = turns.into_iter().map(|t| t.join().unwrap()).collect();
    together.sort();
    [alone, together]
}

fn main() {
    println!("| threads | level | games at once | p50 | p99 | max | a hint meanwhile |");
    println!("|---|---|---|---|---|---|---|");
    for threads in [1, 2] {
        for (level, counts) in [("medium", &[1, 4, 16, 64][..]), ("hard", &[1, 4][..])] {
            for &games in counts {
                let (times, hint) = under_load(threads, level, games);
                println!(
                    "| {threads} | {level} | {games} | {:.2} s | {:.2} s | {:.2} s | {:.2} s |",
                    percentile(&times, 50).as_secs_f64(),
                    percentile(&times, 99).as_secs_f64(),
                    percentile(&times, 100).as_secs_f64(),
                    hint.as_secs_f64(),
                );
            }
        }
    }
    println!();
    println!(
        "| threads | 4 hard exchanges one at a time: p50, max | at once, no hint: p50, max | max at once / p50 alone |"
    );
    println!("|---|---|---|---|");
    for threads in [1, 2] {
        let [alone, together] = alone_and_together(threads, "hard", 4);
        let seconds = |times: &[Duration], p| percentile(times, p).as_secs_f64();
        println!(
            "| {threads} | {:.2} s, {:.2} s | {:.2} s, {:.2} s | {:.1} |",
            seconds(&alone, 50),
            seconds(&alone, 100),
            seconds(&together, 50),
            seconds(&together, 100),
            seconds(&together, 100) / seconds(&alone, 50),
        );
    }
}
