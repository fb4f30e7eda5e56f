//! Thinks about a position: `cargo run --release -p gipf-ai --example think -- <game>
//! <level or milliseconds> [seed] [turns in notation ...]`, for example
//! `think standard hard 1 b5-c5`. Prints the turn, the reason, the evaluation, the depth
//! reached and the speed.

use gipf::potentials::{Game, Options};
use gipf_ai::{Engine, Level, Request};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = Options::parse(args.first().map_or("standard", String::as_str), None)?;
    let budget = args.get(1).map_or("medium", String::as_str);
    let request = match budget.parse::<u64>() {
        Ok(millis) => Request::millis(millis),
        Err(_) => Request::level(budget.parse::<Level>()?),
    };
    let seed = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut game = Game::new(options);
    for turn in args.iter().skip(3) {
        game.play_notation(turn)?;
    }
    let mut engine = Engine::default();
    let thought = engine.think_game(&game, &request.with_seed(seed))?;
    println!("{thought}");
    println!(
        "depth {}, {} nodes in {:.0} ms ({:.0} nodes/s)",
        thought.depth,
        thought.nodes,
        thought.elapsed.as_secs_f64() * 1000.0,
        thought.nodes as f64 / thought.elapsed.as_secs_f64().max(1e-9)
    );
    Ok(())
}
