//! The engine: a reusable searcher that keeps its table from turn to turn.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use gipf::Outcome;
use gipf::Position;
use gipf::potentials::Game;

use crate::clock::Clock;
use crate::level::{Level, Limits};
use crate::reason::reason;
use crate::root::{iterate, reorder, root_moves};
use crate::score::{describe, is_decided};
use crate::search::Search;
use crate::searchable::Searchable;
use crate::{Score, Table, Tuning, Weights};

/// The table size used unless told otherwise, in MiB.
pub const DEFAULT_TABLE_MEGABYTES: usize = 64;

/// What to think about: the limits, a seed for the noise, and a flag that cancels.
///
/// ```
/// use gipf_ai::{Level, Request};
/// let request = Request::level(Level::Medium).with_seed(7);
/// assert_eq!(request.seed, 7);
/// let quick = Request::millis(20);
/// assert_eq!(quick.limits.time.map(|t| t.as_millis()), Some(20));
/// ```
#[derive(Clone, Debug)]
pub struct Request {
    /// How long and deep to search.
    pub limits: Limits,
    /// Seeds the noise of weak levels: the same seed gives the same turn.
    pub seed: u64,
    /// Raise it from another thread to stop the search (the game ended): the answer comes
    /// at once, the best turn found so far.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Request {
    /// A search at a level.
    pub fn level(level: Level) -> Request {
        Request::limits(level.limits())
    }

    /// A search of `millis` milliseconds at full strength.
    pub fn millis(millis: u64) -> Request {
        Request::limits(Limits::time(Duration::from_millis(millis)))
    }

    /// A search with the given limits.
    pub fn limits(limits: Limits) -> Request {
        Request {
            limits,
            seed: 0,
            stop: None,
        }
    }

    /// The same, with a seed.
    pub fn with_seed(self, seed: u64) -> Request {
        Request { seed, ..self }
    }

    /// The same, cancelled when `stop` is raised.
    pub fn with_stop(self, stop: Arc<AtomicBool>) -> Request {
        Request {
            stop: Some(stop),
            ..self
        }
    }
}

/// The engine's answer: a complete turn and why.
#[derive(Clone, Debug)]
pub struct Thought<S: Searchable = Position> {
    /// The turn to play: removals at its start, the action, removals after it.
    pub turn: S::Turn,
    /// The state after it.
    pub after: S,
    /// How good the turn is for the player who makes it (see [`Score`]).
    pub evaluation: Score,
    /// One line for people: "captures 3 pieces", "saves your last GIPF-piece", ...
    pub reason: String,
    /// The deepest iteration completed, in turns.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// Time taken.
    pub elapsed: Duration,
}

impl<S: Searchable> Thought<S> {
    /// The turn in the official notation with the reserve after it, as the rules crate
    /// prints it: `a4-g2;xd4,c4,b4 (7)`.
    pub fn notation(&self) -> String {
        format!("{:#}", self.turn)
    }
}

impl<S: Searchable> fmt::Display for Thought<S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: {} ({})",
            self.notation(),
            self.reason,
            describe(self.evaluation)
        )
    }
}

/// Why there is nothing to think about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ThinkError {
    /// The game is over.
    GameOver(Outcome),
    /// The player to move has no legal turn (only a hand-made position can be like that).
    NoLegalTurn,
}

impl fmt::Display for ThinkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ThinkError::GameOver(outcome) => write!(f, "the game is over ({outcome})"),
            ThinkError::NoLegalTurn => f.write_str("the player to move has no legal turn"),
        }
    }
}

impl std::error::Error for ThinkError {}

/// A GIPF engine. Keep one per game (or per bot): its table carries what it learnt from
/// one turn to the next.
///
/// ```
/// use gipf::{Position, Variant};
/// use gipf_ai::{Engine, Limits, Request};
/// let mut engine = Engine::with_table_megabytes(1);
/// let start = Position::new(Variant::Standard);
/// let thought = engine.think(&start, &Request::limits(Limits::depth(2))).unwrap();
/// assert_eq!(thought.depth, 2);
/// assert!(start.legal_turns().iter().any(|(turn, _)| *turn == thought.turn));
/// ```
pub struct Engine {
    table: Table,
    tuning: Tuning,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::with_table_megabytes(DEFAULT_TABLE_MEGABYTES)
    }
}

impl Engine {
    /// An engine whose table takes at most `megabytes` MiB.
    pub fn with_table_megabytes(megabytes: usize) -> Engine {
        Engine {
            table: Table::with_megabytes(megabytes),
            tuning: Tuning::default(),
        }
    }

    /// The same engine judging positions with other weights (for tuning).
    pub fn with_weights(self, weights: Weights) -> Engine {
        let tuning = Tuning {
            weights,
            ..self.tuning
        };
        Engine { tuning, ..self }
    }

    /// The same engine tuned otherwise (for measuring a change by self-play).
    pub fn with_tuning(self, tuning: Tuning) -> Engine {
        Engine { tuning, ..self }
    }

    /// How it is tuned.
    pub fn tuning(&self) -> &Tuning {
        &self.tuning
    }

    /// Forgets what earlier searches learnt (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The best complete turn for the player to move, found within the request's limits.
    /// A stopped search returns the best turn it fully searched; stopped before any (a
    /// budget of 0, or the stop flag raised at once), it returns the first legal turn.
    pub fn think<S: Searchable>(
        &mut self,
        position: &S,
        request: &Request,
    ) -> Result<Thought<S>, ThinkError> {
        if let Some(outcome) = position.outcome() {
            return Err(ThinkError::GameOver(outcome));
        }
        let limits = request.limits;
        let clock = Clock::start(limits.time, request.stop.clone());
        let mut moves = root_moves(position, limits.noise, request.seed);
        let mover = position.to_move();
        self.table.next_search();
        let mut search = Search::new(&mut self.table, &self.tuning.weights, &clock);
        search.reductions = self.tuning.reductions;
        search.quiescence = self.tuning.quiescence;
        search.use_table = self.tuning.table;
        let mut best = (0, 0);
        let mut depth_done = 0;
        // A forced turn needs no search.
        let max_depth = if moves.len() == 1 {
            1
        } else {
            limits.max_depth
        };
        // The clock may stop even the first iteration (quiescence can make it long in a
        // crowded position); a turn is still returned, see below.
        search.clock_armed = true;
        let mut searched = false;
        for depth in 1..=max_depth {
            let found = iterate(&mut search, &mut moves, mover, depth, limits.noise > 0);
            let Some(found) = found else { break };
            searched = true;
            best = (found.index, found.score);
            if search.aborted {
                break;
            }
            depth_done = depth;
            reorder(&mut moves, found.index);
            best.0 = 0;
            if is_decided(found.score) || !time_for_another(&clock) {
                break;
            }
        }
        let nodes = search.nodes;
        let chosen = moves.get(best.0).cloned().ok_or(ThinkError::NoLegalTurn)?;
        if !searched {
            // Stopped before any turn was searched: the first legal turn, judged at a glance.
            best.1 = match chosen.position.outcome() {
                Some(outcome) => crate::search::terminal(outcome, mover, 1),
                None => -crate::evaluate(&chosen.position, &self.tuning.weights),
            };
        }
        Ok(Thought {
            reason: reason(position, &chosen, best.1),
            turn: chosen.turn,
            after: chosen.position,
            evaluation: best.1,
            depth: depth_done,
            nodes,
            elapsed: clock.elapsed(),
        })
    }

    /// The best complete turn in any game the rules crate's one machine holds: the engine's
    /// one door for the bot. A game without potentials is searched on the base game's
    /// faster [`Position`] (its turn is then found among the game's own); one with
    /// potentials, Ultimate GIPF among them, on the game itself.
    ///
    /// ```
    /// use gipf::potentials::{Game, Options};
    /// use gipf_ai::{Engine, Limits, Request};
    /// let mut engine = Engine::with_table_megabytes(1);
    /// for options in [Options::ultimate(), Options::plain(gipf::Variant::Standard)] {
    ///     let game = Game::new(options);
    ///     let thought = engine.think_game(&game, &Request::limits(Limits::depth(1))).unwrap();
    ///     let mut after = game.clone();
    ///     after.play_notation(&thought.turn.to_string()).unwrap();
    ///     assert_eq!(after, thought.after);
    /// }
    /// ```
    pub fn think_game(
        &mut self,
        game: &Game,
        request: &Request,
    ) -> Result<Thought<Game>, ThinkError> {
        let Ok(position) = Position::try_from(game) else {
            return self.think(game, request);
        };
        let thought = self.think(&position, request)?;
        let (turn, after) = same_turn_on(game, &thought.after).ok_or(ThinkError::NoLegalTurn)?;
        Ok(Thought {
            turn,
            after,
            evaluation: thought.evaluation,
            reason: thought.reason,
            depth: thought.depth,
            nodes: thought.nodes,
            elapsed: thought.elapsed,
        })
    }

    /// The score, for the player to move in `before`, of his turn that leads to `after`,
    /// searched `depth` turns deep (the turn itself included) with a full window: what
    /// [`Engine::think`] would score that turn at that depth, to compare with its best.
    ///
    /// ```
    /// use gipf::{Position, Variant};
    /// use gipf_ai::{Engine, Limits, Request};
    /// let mut engine = Engine::with_table_megabytes(1);
    /// let start = Position::new(Variant::Standard);
    /// let best = engine.think(&start, &Request::limits(Limits::depth(2))).unwrap();
    /// assert_eq!(engine.score_of(&start, &best.after, 2), best.evaluation);
    /// ```
    pub fn score_of<S: Searchable>(&mut self, before: &S, after: &S, depth: u32) -> Score {
        let clock = Clock::start(None, None);
        self.table.next_search();
        let mut search = Search::new(&mut self.table, &self.tuning.weights, &clock);
        search.reductions = self.tuning.reductions;
        search.quiescence = self.tuning.quiescence;
        search.use_table = self.tuning.table;
        let below = depth.max(1) as i32 - 1;
        let window = (-crate::score::INFINITY, crate::score::INFINITY);
        search.child_score(after, after.key(), before.to_move(), below, 1, window)
    }

    /// Every distinct complete turn with its score searched `depth` turns deep, best first:
    /// for analysis, where the played turn must be scored as exactly as the best.
    pub fn score_turns<S: Searchable>(
        &mut self,
        position: &S,
        depth: u32,
    ) -> Vec<(S::Turn, S, Score)> {
        let clock = Clock::start(None, None);
        let mut moves = root_moves(position, 0, 0);
        self.table.next_search();
        let mut search = Search::new(&mut self.table, &self.tuning.weights, &clock);
        search.reductions = self.tuning.reductions;
        search.quiescence = self.tuning.quiescence;
        search.use_table = self.tuning.table;
        for d in 1..=depth.max(1) {
            iterate(&mut search, &mut moves, position.to_move(), d, true);
        }
        moves.sort_by_key(|m| std::cmp::Reverse(m.score));
        moves
            .into_iter()
            .map(|m| (m.turn, m.position, m.score))
            .collect()
    }
}

/// The turn of `game` that leads to the state `after` holds on the base game's machine.
fn same_turn_on(game: &Game, after: &Position) -> Option<(<Game as Searchable>::Turn, Game)> {
    let mut found = None;
    game.each_turn(&mut |next, turn, _| {
        if found.is_none() && Position::try_from(&next).as_ref() == Ok(after) {
            found = turn.map(|turn| (turn, next));
        }
    });
    found
}

/// Whether another iteration is likely to finish in time: each costs several times the
/// one before, so starting one past 40% of the budget mostly wastes the rest.
fn time_for_another(clock: &Clock) -> bool {
    if clock.stopped() {
        return false;
    }
    clock
        .budget()
        .is_none_or(|budget| clock.elapsed() * 5 < budget * 2)
}
