//! Puzzles mined from the engine's own games: positions where exactly one turn reaches the
//! goal (wins at once, or captures the most pieces with no equal alternative).

use std::collections::HashSet;
use std::fmt;

use gipf::potentials::{Game, Options, Turn};

use crate::{Engine, Level, Limits, Request};

/// What a puzzle asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Win the game with this turn.
    Win,
    /// Capture this many pieces (a GIPF-piece counts 2), more than any other turn.
    Capture(u8),
}

impl fmt::Display for Goal {
    /// As the record's `[Puzzle]` header writes it: `win`, `capture 3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Goal::Win => f.write_str("win"),
            Goal::Capture(n) => write!(f, "capture {n}"),
        }
    }
}

/// A position and the one turn that reaches its goal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The game.
    pub options: Options,
    /// The turns that lead to the position, in the game's notation with the reserve.
    pub turns: Vec<String>,
    /// What to do.
    pub goal: Goal,
    /// The turn that does it, in the game's notation.
    pub solution: String,
}

impl Puzzle {
    /// The puzzle as a `.gipf` record: the game's headers, `[Puzzle "win"|"capture N"]` and
    /// `[Solution "<turn>"]`, then the turns to the position, one a line.
    pub fn record(&self) -> String {
        let mut text = format!("[Variant \"{}\"]\n", self.options.name());
        if let Some(potentials) = self.options.header() {
            text.push_str(&format!("[Potentials \"{potentials}\"]\n"));
        }
        text.push_str(&format!("[Puzzle \"{}\"]\n", self.goal));
        text.push_str(&format!("[Solution \"{}\"]\n", self.solution));
        for turn in &self.turns {
            text.push_str(turn);
            text.push('\n');
        }
        text
    }
}

/// How the mining went.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MiningStats {
    /// Self-play games played.
    pub games: usize,
    /// Positions where a turn wins at once or captures 2 pieces or more.
    pub candidates: usize,
    /// Candidates with more than one turn reaching the goal.
    pub not_unique: usize,
    /// Unique captures that the search refutes (the capture loses more than it gains).
    pub refuted: usize,
}

/// A turn written as the game's record writes it (the base game's notation without
/// potentials), with the reserve after it or without.
fn turn_text(options: &Options, turn: &Turn, with_reserve: bool) -> String {
    match (!options.is_plain(), with_reserve) {
        (true, true) => format!("{turn:#}"),
        (true, false) => turn.to_string(),
        (false, true) => format!("{:#}", turn.base_notation()),
        (false, false) => turn.base_notation().to_string(),
    }
}

/// Mines `wanted` puzzles from self-play games of `options` (the engine at `easy` on both
/// sides, seeded by `seed`), at most one a game, calling `progress` with the puzzles found
/// and the games played after every game.
///
/// ```
/// use gipf::potentials::{Game, Options};
/// use gipf_ai::puzzles::mine;
/// let (puzzles, stats) = mine(Options::plain(gipf::Variant::Standard), 1, 1, |_, _| {});
/// assert_eq!(puzzles.len(), 1);
/// assert!(stats.candidates >= 1);
/// // The record replays to the position, where the solution is legal.
/// let mut game = Game::new(puzzles[0].options);
/// for turn in &puzzles[0].turns {
///     game.play_notation(turn).unwrap();
/// }
/// game.play_notation(&puzzles[0].solution).unwrap();
/// ```
pub fn mine(
    options: Options,
    seed: u64,
    wanted: usize,
    mut progress: impl FnMut(usize, usize),
) -> (Vec<Puzzle>, MiningStats) {
    let mut engine = Engine::with_table_megabytes(16);
    let mut stats = MiningStats::default();
    let mut puzzles = Vec::new();
    while puzzles.len() < wanted && stats.games < wanted * 50 + 50 {
        let game_seed = seed.wrapping_mul(7919).wrapping_add(stats.games as u64);
        if let Some(puzzle) = mine_one_game(&mut engine, options, game_seed, &mut stats) {
            puzzles.push(puzzle);
        }
        stats.games += 1;
        progress(puzzles.len(), stats.games);
    }
    (puzzles, stats)
}

/// Plays one self-play game and returns the first puzzle found in it, from the sixth turn on.
fn mine_one_game(
    engine: &mut Engine,
    options: Options,
    seed: u64,
    stats: &mut MiningStats,
) -> Option<Puzzle> {
    engine.clear();
    let mut game = Game::new(options);
    let mut turns = Vec::new();
    while game.outcome().is_none() && turns.len() < 200 {
        if turns.len() >= 6
            && let Some((goal, solution)) = unique_goal(engine, &game, stats)
        {
            return Some(Puzzle {
                options,
                turns,
                goal,
                solution: turn_text(&options, &solution, false),
            });
        }
        let request = Request::level(Level::Easy).with_seed(seed ^ u64::from(game.plies()));
        let thought = engine.think_game(&game, &request).ok()?;
        turns.push(turn_text(&options, &thought.turn, true));
        game = thought.after;
    }
    None
}

/// The goal of `game` and the one turn that reaches it, if exactly one does.
fn unique_goal(engine: &mut Engine, game: &Game, stats: &mut MiningStats) -> Option<(Goal, Turn)> {
    let mover = game.to_move();
    let turns = game.legal_turns();
    let wins = distinct(
        (turns.iter())
            .filter(|(_, after)| after.outcome().is_some_and(|o| o.winner == mover))
            .collect(),
    );
    let captured = |after: &Game| after.lost(!mover).saturating_sub(game.lost(!mover));
    let (goal, best) = if wins.is_empty() {
        let most = turns.iter().map(|(_, after)| captured(after)).max()?;
        if most < 2 {
            return None;
        }
        let best = distinct(turns.iter().filter(|(_, a)| captured(a) == most).collect());
        (Goal::Capture(most), best)
    } else {
        (Goal::Win, wins)
    };
    stats.candidates += 1;
    let [(solution, after)] = best[..] else {
        stats.not_unique += 1;
        return None;
    };
    // A capture that the search, two turns deep, would not play is a trap, not a puzzle.
    if goal != Goal::Win {
        let thought = engine
            .think_game(game, &Request::limits(Limits::depth(2)))
            .ok()?;
        if thought.after.key() != after.key() {
            stats.refuted += 1;
            return None;
        }
    }
    Some((goal, solution.clone()))
}

/// The turns that lead to different games, the first of each kept.
fn distinct(turns: Vec<&(Turn, Game)>) -> Vec<&(Turn, Game)> {
    let mut seen = HashSet::new();
    turns
        .into_iter()
        .filter(|(_, g)| seen.insert(g.key()))
        .collect()
}
