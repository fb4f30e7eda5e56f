//! A regression number: nodes and nodes per second for fixed positions at a fixed depth.

use std::fmt;
use std::time::Duration;

use gipf::potentials::{Game, Options};
use gipf::random::Rng;
use gipf::{Position, Variant};

use crate::{Engine, Limits, Request, Searchable};

/// One position searched.
#[derive(Clone, Debug)]
pub struct BenchLine {
    /// Which position.
    pub name: String,
    /// The depth searched, in turns.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
    /// The turn chosen, in notation: a change means the search changed.
    pub turn: String,
}

/// All positions searched.
#[derive(Clone, Debug)]
pub struct BenchReport {
    /// One line per position.
    pub lines: Vec<BenchLine>,
}

impl BenchReport {
    /// Positions searched in all.
    pub fn nodes(&self) -> u64 {
        self.lines.iter().map(|l| l.nodes).sum()
    }

    /// Time taken in all.
    pub fn elapsed(&self) -> Duration {
        self.lines.iter().map(|l| l.elapsed).sum()
    }

    /// Nodes per second over all positions.
    pub fn nodes_per_second(&self) -> f64 {
        self.nodes() as f64 / self.elapsed().as_secs_f64().max(1e-9)
    }
}

impl fmt::Display for BenchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for line in &self.lines {
            writeln!(
                f,
                "{:<28} depth {}  {:>10} nodes  {:>8.1} ms  {:>9.0} nodes/s  {}",
                line.name,
                line.depth,
                line.nodes,
                line.elapsed.as_secs_f64() * 1000.0,
                line.nodes as f64 / line.elapsed.as_secs_f64().max(1e-9),
                line.turn
            )?;
        }
        writeln!(
            f,
            "total {} nodes in {:.1} ms: {:.0} nodes/s",
            self.nodes(),
            self.elapsed().as_secs_f64() * 1000.0,
            self.nodes_per_second()
        )
    }
}

/// The bench positions: each game's start, and two positions reached by seeded random
/// turns (the same on every machine).
pub fn positions() -> Vec<(String, Position)> {
    let mut list = vec![
        ("basic start".to_string(), Position::new(Variant::BASIC)),
        (
            "standard start".to_string(),
            Position::new(Variant::Standard),
        ),
        (
            "tournament start".to_string(),
            Position::new(Variant::Tournament),
        ),
    ];
    for (variant, seed, turns) in [(Variant::Standard, 3, 16), (Variant::Tournament, 5, 20)] {
        let mut position = Position::new(variant);
        let mut rng = Rng::new(seed);
        while position.plies() < turns {
            let Some(decision) = position.random_decision(&mut rng) else {
                break;
            };
            let _ = position.play(decision);
        }
        list.push((format!("{variant} seed {seed} turn {turns}"), position));
    }
    list
}

/// Games with potentials for [`bench`]: the start of Ultimate GIPF, and games of ultimate
/// and of a mixed supply after seeded random turns.
pub fn games_with_potentials() -> Vec<(String, Game)> {
    let mut list = vec![("ultimate start".to_string(), Game::new(Options::ultimate()))];
    let mixed = Options::parse("standard", Some("Z3,D3,Y3,P3/Z3,D3,Y3,T3"));
    for (options, seed, turns) in [(Ok(Options::ultimate()), 2, 14), (mixed, 11, 12)] {
        let Ok(options) = options else { continue };
        let mut game = Game::new(options);
        let mut rng = Rng::new(seed);
        while game.plies() < turns && game.outcome().is_none() {
            let decisions = game.legal_decisions();
            let Some(&decision) = decisions.get(rng.below(decisions.len().max(1))) else {
                break;
            };
            let _ = game.play(decision);
        }
        list.push((format!("{options} seed {seed} turn {turns}"), game));
    }
    list
}

/// Searches every position of [`positions`] and game of [`games_with_potentials`] `depth`
/// turns deep with a fresh 16 MiB table.
///
/// ```
/// let report = gipf_ai::bench::bench(1);
/// assert_eq!(report.lines.len(), 8);
/// assert!(report.nodes() > 0);
/// ```
pub fn bench(depth: u32) -> BenchReport {
    let mut engine = Engine::with_table_megabytes(16);
    let mut lines = Vec::new();
    for (name, position) in positions() {
        lines.extend(bench_line(&mut engine, name, &position, depth));
    }
    for (name, game) in games_with_potentials() {
        lines.extend(bench_line(&mut engine, name, &game, depth));
    }
    BenchReport { lines }
}

/// One line of the bench: `state` searched `depth` turns deep with a cleared table.
fn bench_line<S: Searchable>(
    engine: &mut Engine,
    name: String,
    state: &S,
    depth: u32,
) -> Option<BenchLine> {
    engine.clear();
    let thought = engine
        .think(state, &Request::limits(Limits::depth(depth)))
        .ok()?;
    Some(BenchLine {
        name,
        depth: thought.depth,
        nodes: thought.nodes,
        elapsed: thought.elapsed,
        turn: thought.notation(),
    })
}
