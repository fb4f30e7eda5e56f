//! Many games at once through the Discord test double: n games of basic GIPF between people
//! (no engine), each in its own channel, each player sending his next turn as soon as the
//! last was answered. Prints turns a second, the time from a turn to its post (p50, p99,
//! max), and the process's peak threads and memory (`/proc/self/status`).
//! `cargo bench --bench games_at_once -- 200` (one size a run, so that the peak memory is
//! that size's; 1, 10, 50 and 200 without an argument, each in a process of its own).
//!
//! The Discord double runs in the same process. By default it keeps only a digest and the
//! size of each message with pictures, so that the peak is the bot's (with the double's
//! small bookkeeping, which it prints: `double keeps`); with `pictures` it keeps every
//! picture, as the tests' double does, and the peak is the whole process's.
#![allow(missing_docs, clippy::unwrap_used)]

#[path = "../tests/support/mod.rs"]
mod support;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use gipf::{Position, Variant};
use gipf_bot::service::Config;
use support::bot::{Bot, say};
use support::fake_discord::{FakeDiscord, MessageSpec};
use tokio::sync::mpsc;

/// Turns each player sends: the game is far from over after them.
const TURNS_EACH: usize = 8;

/// The posts of each channel, as they come.
type Posts = Arc<Mutex<HashMap<u64, mpsc::UnboundedSender<()>>>>;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let pictures = args.iter().any(|a| a == "pictures");
    let sizes: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
    if sizes.is_empty() {
        let me = std::env::current_exe().unwrap();
        for n in [1, 10, 50, 200] {
            let mut run = std::process::Command::new(&me);
            run.arg(n.to_string());
            if pictures {
                run.arg("pictures");
            }
            assert!(run.status().unwrap().success());
        }
        return;
    }
    for n in sizes {
        measure(n, pictures);
    }
}

/// The process's `Threads` and `VmHWM` (kB) now.
fn status() -> (usize, usize) {
    let text = std::fs::read_to_string("/proc/self/status").unwrap();
    let field = |name: &str| -> usize {
        (text.lines())
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.split_whitespace().next()?.parse().ok())
            .unwrap_or(0)
    };
    (field("Threads:"), field("VmHWM:"))
}

fn measure(games: usize, pictures: bool) {
    let peak_threads = Arc::new(Mutex::new(0));
    let running = Arc::new(AtomicBool::new(true));
    let sampler = {
        let (peak, running) = (Arc::clone(&peak_threads), Arc::clone(&running));
        std::thread::spawn(move || {
            while running.load(Ordering::Relaxed) {
                let (threads, _) = status();
                let mut peak = peak.lock().unwrap();
                *peak = (*peak).max(threads);
                drop(peak);
                std::thread::sleep(Duration::from_millis(10));
            }
        })
    };
    let runtime = gipf_bot::discord::runtime().unwrap();
    let (latencies, took, kept) = runtime.block_on(play(games, pictures));
    running.store(false, Ordering::Relaxed);
    sampler.join().unwrap();
    let (_, peak_kb) = status();
    let mut sorted = latencies.clone();
    sorted.sort_unstable();
    let at = |q: f64| sorted[((sorted.len() as f64 * q) as usize).min(sorted.len() - 1)];
    println!(
        "{games} games: {} turns in {:.1} s, {:.1} turns/s; p50 {:.2} s, p99 {:.2} s, max {:.2} s; \
         peak {} threads, {} MB; double keeps {:.1} MB{}",
        sorted.len(),
        took.as_secs_f64(),
        sorted.len() as f64 / took.as_secs_f64(),
        at(0.5).as_secs_f64(),
        at(0.99).as_secs_f64(),
        sorted.last().unwrap().as_secs_f64(),
        *peak_threads.lock().unwrap(),
        peak_kb / 1024,
        kept as f64 / 1e6,
        if pictures { " (every picture)" } else { "" }
    );
}

/// Plays `games` games at once: the time from each turn to its post, the whole time, and
/// the bytes the double keeps (every picture if `pictures`).
async fn play(games: usize, pictures: bool) -> (Vec<Duration>, Duration, usize) {
    let dir = tempfile::tempdir().unwrap();
    let discord = Arc::new(FakeDiscord::start().await);
    if !pictures {
        discord.keep_digests_only();
    }
    let bot = Bot::start_with(&discord, &dir.path().join("gipf.db"), Config::default()).await;
    let posts = Posts::default();
    let collector = tokio::spawn(collect(Arc::clone(&discord), Arc::clone(&posts)));
    let started = Instant::now();
    let tables: Vec<_> = (0..games as u64)
        .map(|g| {
            let (discord, posts) = (Arc::clone(&discord), Arc::clone(&posts));
            tokio::spawn(async move { one_game(&discord, &posts, g).await })
        })
        .collect();
    let mut latencies = Vec::new();
    for table in tables {
        latencies.extend(table.await.unwrap());
    }
    let took = started.elapsed();
    collector.abort();
    bot.stop(&discord).await;
    (latencies, took, discord.kept_bytes())
}

/// Hands every post of the bot to its channel's waiter.
async fn collect(discord: Arc<FakeDiscord>, posts: Posts) {
    loop {
        let call = discord
            .next_call(|c| {
                c.method == "POST"
                    && c.route().starts_with("/channels/")
                    && c.route().ends_with("/messages")
            })
            .await;
        let channel: u64 = (call.route().split('/').nth(2))
            .and_then(|id| id.parse().ok())
            .unwrap_or(0);
        if let Some(waiter) = posts.lock().unwrap().get(&channel) {
            let _ = waiter.send(());
        }
    }
}

/// One game in its own channel: the challenge, the accept, and the turns, each waiting for
/// the bot's post: the time of each turn.
async fn one_game(discord: &FakeDiscord, posts: &Posts, g: u64) -> Vec<Duration> {
    let channel = 930_000_000_000_000_000 + g;
    let white = (931_000_000_000_000_000 + 2 * g, "white");
    let black = (931_000_000_000_000_001 + 2 * g, "black");
    let (tell, mut told) = mpsc::unbounded_channel();
    posts.lock().unwrap().insert(channel, tell);
    let challenge = format!("!challenge <@{}> basic white", black.0);
    let spec = MessageSpec {
        mentions: vec![black],
        ..say(channel, white, &challenge)
    };
    discord.send_message(spec).await;
    told.recv().await.unwrap();
    discord.send_message(say(channel, black, "!accept")).await;
    told.recv().await.unwrap();
    let mut position = Position::new(Variant::BASIC);
    let mut rng = gipf::random::Rng::new(g + 1);
    let mut latencies = Vec::new();
    for ply in 0..2 * TURNS_EACH {
        let legal: Vec<_> = (position.legal_turns().into_iter())
            .filter(|(_, after)| after.outcome().is_none())
            .collect();
        let (turn, after) = &legal[rng.below(legal.len())];
        let player = if ply % 2 == 0 { white } else { black };
        let sent = Instant::now();
        let text = format!("!move {turn}");
        discord.send_message(say(channel, player, &text)).await;
        told.recv().await.unwrap();
        latencies.push(sent.elapsed());
        position = *after;
    }
    latencies
}
