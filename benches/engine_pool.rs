//! The engine pool under load, through the service: n games against the bot whose turns are
//! all asked for at once, at `medium` and at `hard`, with 1 and with 2 engine threads; and a
//! hint asked meanwhile. Prints the time from the ask to each answer (p50, p99, max). Then
//! 4 `hard` exchanges played one at a time and the same 4 at once (no hint), with 1 and 2
//! threads: how many times one exchange the last of them takes.
//! `cargo bench --bench engine_pool` (about two minutes on 2 cores).
#![allow(missing_docs, clippy::unwrap_used)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use gipf_bot::console::{Console, ENGINE_NAME, user_id};
use gipf_bot::model::{ChannelId, GameId, GuildId};
use gipf_bot::reply::FollowUp;
use gipf_bot::service::{Config, Service};

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

    /// Says `text` as `who` in `channel` of a server.
    fn say(&mut self, channel: u64, who: &str, text: &str) -> Vec<gipf_bot::reply::Reply> {
        let mut message = self.console.read_line(&format!("{who}: {text}")).unwrap();
        message.channel = ChannelId(channel);
        message.guild = Some(GuildId(1));
        self.service.handle(&message)
    }

    /// A game against the bot at `level` in `channel`, the bot to move.
    fn engine_game(&mut self, channel: u64, level: &str) -> GameId {
        let who = format!("player{channel}");
        let start = self
            .say(
                channel,
                &who,
                &format!("!challenge @gipf-bot standard black {level}"),
            )
            .remove(0);
        let Some(FollowUp::EngineAnswer(game)) = start.then else {
            panic!("the engine moves first: {start:?}");
        };
        game.id
    }
}

/// The `p`th percentile of sorted `times`.
fn percentile(times: &[Duration], p: usize) -> Duration {
    times[((times.len() * p).div_ceil(100)).clamp(1, times.len()) - 1]
}

/// `games` engine turns at `level` asked at once with `threads` searchers, and a hint
/// asked meanwhile: each answer's time from the ask, sorted, and the hint's.
fn under_load(threads: usize, level: &str, games: u64) -> (Vec<Duration>, Duration) {
    let mut bench = Bench::new(threads);
    let ids: Vec<GameId> = (1..=games).map(|c| bench.engine_game(c, level)).collect();
    let hints = games + 1;
    bench.say(hints, "hinted", "!challenge @other standard white hints");
    bench.say(hints, "other", "!accept");
    let asked = Instant::now();
    let turns = ask_at_once(&bench.service, ids, asked);
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

/// Asks the engine's turn in each of `games` at once, each on a thread of its own: each
/// thread gives its answer's time from `asked`.
fn ask_at_once(
    service: &Arc<Service>,
    games: Vec<GameId>,
    asked: Instant,
) -> Vec<std::thread::JoinHandle<Duration>> {
    (games.into_iter())
        .map(|game| {
            let service = Arc::clone(service);
            std::thread::spawn(move || {
                assert_eq!(service.engine_turn(game).len(), 1);
                asked.elapsed()
            })
        })
        .collect()
}

/// The same `games` exchanges at `level` (the same positions and seeds: the same searches
/// on a quiet machine), played one at a time and then all at once with no hint asked, with
/// `threads` searchers: each time one at a time, and each time at once, sorted.
fn alone_and_together(threads: usize, level: &str, games: u64) -> [Vec<Duration>; 2] {
    let alone = {
        let mut bench = Bench::new(threads);
        let ids: Vec<GameId> = (1..=games).map(|c| bench.engine_game(c, level)).collect();
        let mut times: Vec<Duration> = (ids.into_iter())
            .map(|game| {
                let asked = Instant::now();
                assert_eq!(bench.service.engine_turn(game).len(), 1);
                asked.elapsed()
            })
            .collect();
        times.sort();
        times
    };
    let mut bench = Bench::new(threads);
    let ids: Vec<GameId> = (1..=games).map(|c| bench.engine_game(c, level)).collect();
    let turns = ask_at_once(&bench.service, ids, Instant::now());
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
