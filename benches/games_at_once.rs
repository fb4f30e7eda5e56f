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
//!
//! With `web`, the bot serves the game pages too (as `gipf-bot run` with `WEB_BIND`), a
//! finished game of 16 turns is played first, and `wrk` (Debian's package) asks for its
//! page and pictures at every ply on 4 connections while the games play: compare the
//! turns' times with a run without `web` (issue 42: pages must not slow the turns by more
//! than 10%). `web=N` makes each connection wait N ms between its requests. `wrk` runs at
//! the lowest priority: its clients stand in for browsers on other machines.
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
use support::chat::{ALICE, BOB, CHANNEL};
use support::fake_discord::{FakeDiscord, MessageSpec};
use tokio::sync::mpsc;

/// Turns each player sends: the game is far from over after them.
const TURNS_EACH: usize = 8;

/// The posts of each channel, as they come.
type Posts = Arc<Mutex<HashMap<u64, mpsc::UnboundedSender<()>>>>;

/// How a run plays: whether the double keeps every picture, and the web load beside it
/// (`Some(ms)`: each connection's wait between its requests).
#[derive(Clone, Copy)]
struct Run {
    pictures: bool,
    web: Option<u64>,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let run = Run {
        pictures: args.iter().any(|a| a == "pictures"),
        web: args.iter().find_map(|a| match a.as_str() {
            "web" => Some(0),
            _ => a.strip_prefix("web=")?.parse().ok(),
        }),
    };
    let sizes: Vec<usize> = args.iter().filter_map(|a| a.parse().ok()).collect();
    if sizes.is_empty() {
        let me = std::env::current_exe().unwrap();
        for n in [1, 10, 50, 200] {
            let mut each = std::process::Command::new(&me);
            each.arg(n.to_string())
                .args(args.iter().filter(|a| a.parse::<usize>().is_err()));
            assert!(each.status().unwrap().success());
        }
        return;
    }
    for n in sizes {
        measure(n, run);
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

fn measure(games: usize, run: Run) {
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
    let (latencies, took, kept) = runtime.block_on(play(games, run));
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
        if run.pictures { " (every picture)" } else { "" }
    );
}

/// Plays `games` games at once: the time from each turn to its post, the whole time, and
/// the bytes the double keeps (every picture if `run.pictures`).
async fn play(games: usize, run: Run) -> (Vec<Duration>, Duration, usize) {
    let dir = tempfile::tempdir().unwrap();
    let discord = Arc::new(FakeDiscord::start().await);
    if !run.pictures {
        discord.keep_digests_only();
    }
    let db = dir.path().join("gipf.db");
    let web = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let bot = match run.web {
        Some(_) => {
            let config = Config {
                web_base_url: Some(format!("http://{web}")),
                ..Config::default()
            };
            Bot::start_serving(&discord, &db, config, web).await
        }
        None => Bot::start_with(&discord, &db, Config::default()).await,
    };
    let posts = Posts::default();
    let collector = tokio::spawn(collect(Arc::clone(&discord), Arc::clone(&posts)));
    let load = match run.web {
        Some(wait) => Some(page_load(&discord, &posts, (web, wait), dir.path()).await),
        None => None,
    };
    let started = Instant::now();
    let tables: Vec<_> = (0..games as u64)
        .map(|g| {
            let (discord, posts) = (Arc::clone(&discord), Arc::clone(&posts));
            tokio::spawn(async move { one_game(&discord, &posts, seats(g), g).await })
        })
        .collect();
    let mut latencies = Vec::new();
    for table in tables {
        latencies.extend(table.await.unwrap());
    }
    let took = started.elapsed();
    if let Some(load) = load {
        stop_load(load);
    }
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

/// Where game `g` is played, and by whom: its channel, white and black.
type Seats = (u64, (u64, &'static str), (u64, &'static str));

/// Game `g`'s own channel and players.
fn seats(g: u64) -> Seats {
    let white = (931_000_000_000_000_000 + 2 * g, "white");
    (930_000_000_000_000_000 + g, white, (white.0 + 1, "black"))
}

/// One game at `seats`: the challenge, the accept, and the turns (chosen by `seed`), each
/// waiting for the bot's post: the time of each turn.
async fn one_game(
    discord: &FakeDiscord,
    posts: &Posts,
    (channel, white, black): Seats,
    seed: u64,
) -> Vec<Duration> {
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
    let mut rng = gipf::random::Rng::new(seed + 1);
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

/// Plays a game of 16 turns to its end (a resignation) in a channel every member of the
/// server reads (the double's main one: the game has a page), then
/// starts `wrk` on the pages of that game served at `web`, each connection waiting `wait`
/// ms between its requests: the page and the picture at each ply, in turn.
async fn page_load(
    discord: &FakeDiscord,
    posts: &Posts,
    (web, wait): (std::net::SocketAddr, u64),
    dir: &std::path::Path,
) -> std::process::Child {
    let channel = CHANNEL;
    one_game(discord, posts, (channel, ALICE, BOB), 0).await;
    let (tell, mut told) = mpsc::unbounded_channel();
    posts.lock().unwrap().insert(channel, tell);
    discord
        .send_message(say(channel, ALICE, "!resign confirm"))
        .await;
    told.recv().await.unwrap();
    let db = rusqlite::Connection::open(dir.join("gipf.db")).unwrap();
    let key: String = (db.query_row(
        "SELECT web_key FROM games WHERE channel_id = ?1",
        [channel as i64],
        |row| row.get(0),
    ))
    .unwrap();
    let script = dir.join("pages.lua");
    let lua = format!(
        "local paths = {{}}\n\
         for ply = 0, {plies} do\n\
           paths[#paths + 1] = '/game/{key}?ply=' .. ply\n\
           paths[#paths + 1] = '/game/{key}/' .. ply .. '.png'\n\
         end\n\
         local i = 0\n\
         request = function() i = i % #paths + 1; return wrk.format('GET', paths[i]) end\n\
         delay = function() return {wait} end\n",
        plies = 2 * TURNS_EACH
    );
    std::fs::write(&script, lua).unwrap();
    // Niced: its clients stand in for browsers elsewhere, not for work of the bot's.
    (std::process::Command::new("nice"))
        .args(["-n19", "wrk", "-t1", "-c4", "-d1h", "--latency", "-s"])
        .arg(&script)
        .arg(format!("http://{web}/"))
        .spawn()
        .expect("wrk (apt-get install wrk)")
}

/// Stops `wrk` as Ctrl-C does: it prints what it measured.
fn stop_load(load: std::process::Child) {
    let stopped = std::process::Command::new("kill")
        .args(["-INT", &load.id().to_string()])
        .status();
    assert!(stopped.unwrap().success());
    load.wait_with_output().unwrap();
}
