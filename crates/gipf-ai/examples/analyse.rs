//! The worst turns of a recorded game: `cargo run --release -p gipf-ai --example analyse --
//! <game> <record file> [depth] [count]` (a game name such as `tournament` or `ultimate`;
//! one turn a line, official notation; depth 3 and 5 mistakes unless told).

use gipf::potentials::{Game, Options};
use gipf_ai::analyse::{Budget, analyse};
use gipf_ai::{Engine, Limits};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = Options::parse(args.first().map_or("tournament", String::as_str), None)?;
    let path = args.get(1).ok_or("give the record file")?;
    let depth: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(3);
    let count = args.get(3).and_then(|c| c.parse().ok()).unwrap_or(5);
    let record = std::fs::read_to_string(path)?;
    let turns: Vec<&str> = record
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    // Every turn one turn less deep, the worst again at the full depth.
    let budget = Budget {
        scan: Limits::depth(depth.saturating_sub(1).max(1)),
        confirm: Limits::depth(depth),
    };
    let mut engine = Engine::default();
    for mistake in analyse(&mut engine, &Game::new(options), &turns, &budget, count)? {
        println!("{mistake}");
    }
    Ok(())
}
