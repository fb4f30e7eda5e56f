//! Matches between two players, for measuring strength: colours alternate, and each pair
//! of games starts from the same seeded random opening.

use std::fmt;
use std::time::{Duration, Instant};

use gipf::Color;
use gipf::potentials::{Game, Options};
use gipf::random::Rng;

use crate::{Engine, Level, Limits, Request, Tuning};

/// Who plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// Uniformly random legal decisions: the smoke test's opponent.
    Random,
    /// The turn that judges best at once (one turn deep, no quiescence): a player who sees
    /// every capture and threat of this turn and nothing beyond it.
    Greedy,
    /// The engine with these limits.
    Engine(Limits),
    /// The engine with these limits, tuned otherwise (to measure a change).
    Tuned(Limits, Tuning),
}

impl From<Level> for Player {
    fn from(level: Level) -> Player {
        Player::Engine(level.limits())
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Greedy => f.write_str("greedy (1 turn)"),
            Player::Engine(limits) | Player::Tuned(limits, _) => {
                match limits.time {
                    Some(time) => write!(f, "{} ms", time.as_millis())?,
                    None => write!(f, "depth {}", limits.max_depth)?,
                }
                if limits.time.is_some() && limits.max_depth < Limits::MAX_DEPTH {
                    write!(f, " depth ≤{}", limits.max_depth)?;
                }
                if limits.noise > 0 {
                    write!(f, " noise {}", limits.noise)?;
                }
                if let Player::Tuned(_, tuning) = self
                    && *tuning != Tuning::default()
                {
                    write!(f, " (tuned)")?;
                }
                Ok(())
            }
        }
    }
}

/// A match: `first` against `second`, `first` White in even games and Black in odd ones.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    /// The player whose score is reported.
    pub first: Player,
    /// His opponent.
    pub second: Player,
    /// Games in all (an even number gives each opening to both colours).
    pub games: u32,
    /// Seeds the openings and the engines' noise.
    pub seed: u64,
    /// A game still on after this many turns is unfinished (counts half a point).
    pub max_plies: u16,
    /// The game played, with or without potentials.
    pub options: Options,
    /// Random turns played before the players take over, the same for both games of a pair.
    pub opening_turns: u16,
    /// Table size of each engine, in MiB.
    pub table_megabytes: usize,
}

impl MatchSettings {
    /// `games` games of the standard game, 4 random opening turns, at most 300 turns each.
    ///
    /// ```
    /// use gipf_ai::Level;
    /// use gipf_ai::selfplay::{MatchSettings, Player};
    /// let settings = MatchSettings::new(Level::Easy.into(), Player::Random, 2, 1);
    /// assert_eq!(settings.opening_turns, 4);
    /// ```
    pub fn new(first: Player, second: Player, games: u32, seed: u64) -> MatchSettings {
        MatchSettings {
            first,
            second,
            games,
            seed,
            max_plies: 300,
            options: Options::plain(gipf::Variant::Standard),
            opening_turns: 4,
            table_megabytes: 16,
        }
    }
}

/// One game of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Whether the first player had White.
    pub first_is_white: bool,
    /// The winner; `None` for a game stopped at the turn limit.
    pub winner: Option<Color>,
    /// Turns played, the opening included.
    pub plies: u16,
}

impl GameResult {
    /// The first player's points: 1 for a win, ½ unfinished, 0 for a loss.
    pub fn first_points(&self) -> f64 {
        let first = if self.first_is_white {
            Color::White
        } else {
            Color::Black
        };
        match self.winner {
            Some(winner) if winner == first => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// Time a player spent on his turns.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TimeSpent {
    /// Turns played.
    pub turns: u32,
    /// Their total time.
    pub total: Duration,
    /// The longest.
    pub longest: Duration,
}

impl TimeSpent {
    fn add(&mut self, spent: Duration) {
        self.turns += 1;
        self.total += spent;
        self.longest = self.longest.max(spent);
    }

    /// The mean time per turn.
    pub fn mean(&self) -> Duration {
        self.total
            .checked_div(self.turns.max(1))
            .unwrap_or_default()
    }
}

/// The outcome of a match.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// What was played.
    pub settings: MatchSettings,
    /// Every game, in order.
    pub games: Vec<GameResult>,
    /// The first player's time per turn.
    pub first_time: TimeSpent,
    /// The second player's.
    pub second_time: TimeSpent,
}

impl MatchReport {
    /// The first player's points.
    pub fn points(&self) -> f64 {
        self.games.iter().map(GameResult::first_points).sum()
    }

    /// The first player's score, from 0 to 1.
    pub fn score(&self) -> f64 {
        self.points() / self.games.len().max(1) as f64
    }

    /// Games stopped at the turn limit.
    pub fn unfinished(&self) -> usize {
        self.games.iter().filter(|g| g.winner.is_none()).count()
    }

    /// The 95% confidence interval of the first player's score (Wilson's interval: it
    /// stays within 0..1 and is sound at 100%).
    ///
    /// ```
    /// use gipf_ai::selfplay::wilson_interval;
    /// let (low, high) = wilson_interval(50.0, 100);
    /// assert!((low - 0.404).abs() < 0.001 && (high - 0.596).abs() < 0.001);
    /// let (low, high) = wilson_interval(20.0, 20);
    /// assert!(low > 0.83 && high == 1.0);
    /// ```
    pub fn interval(&self) -> (f64, f64) {
        wilson_interval(self.points(), self.games.len())
    }
}

/// Wilson's 95% interval for `points` out of `games`.
pub fn wilson_interval(points: f64, games: usize) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let n = games as f64;
    let p = points / n;
    let z = 1.96_f64;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z / (1.0 + z * z / n) * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

impl fmt::Display for MatchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s = &self.settings;
        let (low, high) = self.interval();
        let wins = self
            .games
            .iter()
            .filter(|g| g.first_points() == 1.0)
            .count();
        let losses = self
            .games
            .iter()
            .filter(|g| g.first_points() == 0.0)
            .count();
        writeln!(
            f,
            "{} vs {}: {} games of the {} game, seed {}, {} random opening turns, at most {} turns",
            s.first,
            s.second,
            self.games.len(),
            s.options,
            s.seed,
            s.opening_turns,
            s.max_plies
        )?;
        writeln!(
            f,
            "score {:.1}% [{:.1}%, {:.1}%] (95%): {wins} wins, {losses} losses, {} unfinished",
            100.0 * self.score(),
            100.0 * low,
            100.0 * high,
            self.unfinished()
        )?;
        let lengths: Vec<u16> = self.games.iter().map(|g| g.plies).collect();
        let mean = lengths.iter().map(|&l| f64::from(l)).sum::<f64>() / lengths.len().max(1) as f64;
        writeln!(
            f,
            "game length {:.1} turns on average ({} to {})",
            mean,
            lengths.iter().min().copied().unwrap_or(0),
            lengths.iter().max().copied().unwrap_or(0)
        )?;
        for (name, time) in [(&s.first, &self.first_time), (&s.second, &self.second_time)] {
            writeln!(
                f,
                "{name}: {:.1} ms per turn on average, longest {:.1} ms",
                time.mean().as_secs_f64() * 1000.0,
                time.longest.as_secs_f64() * 1000.0
            )?;
        }
        Ok(())
    }
}

/// Plays the whole match.
pub fn play_match(settings: &MatchSettings) -> MatchReport {
    play_match_with(settings, |_, _| {})
}

/// Plays the whole match, telling `progress` about every game as it ends.
pub fn play_match_with(
    settings: &MatchSettings,
    mut progress: impl FnMut(usize, &GameResult),
) -> MatchReport {
    let engine = |player: Player| {
        let engine = Engine::with_table_megabytes(settings.table_megabytes);
        match player {
            Player::Tuned(_, tuning) => engine.with_tuning(tuning),
            Player::Greedy => engine.with_tuning(Tuning {
                quiescence: 0,
                ..Tuning::default()
            }),
            _ => engine,
        }
    };
    let mut first = engine(settings.first);
    let mut second = engine(settings.second);
    let mut report = MatchReport {
        settings: settings.clone(),
        games: Vec::new(),
        first_time: TimeSpent::default(),
        second_time: TimeSpent::default(),
    };
    for game in 0..settings.games {
        first.clear();
        second.clear();
        let first_is_white = game % 2 == 0;
        let pair_seed = settings
            .seed
            .wrapping_mul(1_000_003)
            .wrapping_add(u64::from(game / 2));
        let mut position = opening(settings, pair_seed);
        while position.outcome().is_none() && position.plies() < settings.max_plies {
            let first_moves = (position.to_move() == Color::White) == first_is_white;
            let (player, engine, time) = if first_moves {
                (settings.first, &mut first, &mut report.first_time)
            } else {
                (settings.second, &mut second, &mut report.second_time)
            };
            let started = Instant::now();
            let turn_seed = pair_seed ^ u64::from(position.plies()) << 32;
            let next = play_turn(player, engine, &position, turn_seed);
            time.add(started.elapsed());
            if next == position {
                // No turn was found (cannot happen in a game in progress): stop, unfinished.
                break;
            }
            position = next;
        }
        let result = GameResult {
            first_is_white,
            winner: position.outcome().map(|o| o.winner),
            plies: position.plies(),
        };
        progress(game as usize, &result);
        report.games.push(result);
    }
    report
}

/// The pair's opening: the start, then `opening_turns` random turns.
fn opening(settings: &MatchSettings, seed: u64) -> Game {
    let mut rng = Rng::new(seed);
    let mut game = Game::new(settings.options);
    while game.plies() < settings.opening_turns && game.outcome().is_none() {
        game = random_turn(&game, &mut rng);
    }
    game
}

/// The game after one turn of uniformly random decisions.
fn random_turn(game: &Game, rng: &mut Rng) -> Game {
    let mover = game.to_move();
    let mut next = game.clone();
    while next.outcome().is_none() && next.to_move() == mover {
        let decisions = next.legal_decisions();
        let Some(&decision) = decisions.get(rng.below(decisions.len().max(1))) else {
            break;
        };
        // A generated decision is always legal.
        let _ = next.play(decision);
    }
    next
}

/// The game after `player`'s turn (unchanged if no turn was found).
fn play_turn(player: Player, engine: &mut Engine, game: &Game, seed: u64) -> Game {
    let limits = match player {
        Player::Random => return random_turn(game, &mut Rng::new(seed)),
        Player::Greedy => Limits::depth(1),
        Player::Engine(limits) | Player::Tuned(limits, _) => limits,
    };
    let request = Request::limits(limits).with_seed(seed);
    match engine.think_game(game, &request) {
        Ok(thought) => thought.after,
        Err(_) => game.clone(),
    }
}
