//! The turns of a game that cost their player most, with the better turn and why: for
//! `!analyse`.

use std::fmt;

use gipf::potentials::Game;
use gipf::{Color, Position};

use crate::score::{describe, is_decided, turns_to_end};
use crate::search::terminal;
use crate::{Engine, Limits, Request, Score, Searchable, TurnError};

/// A loss smaller than this (in centi-pieces) is the searches' noise, not a mistake.
const NOISE: Score = 40;

/// How an analysis searches: every turn with `scan`, then the turns that cost most again
/// with `confirm` (each such search from a cleared table, so that it gives what a fresh
/// engine with these limits gives: `think` at the same level).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// For every turn of the game.
    pub scan: Limits,
    /// For the turns reported.
    pub confirm: Limits,
}

/// A turn that was worse than the best by `loss`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// The turn's index in the record (0 is White's first turn).
    pub index: usize,
    /// Who played it.
    pub color: Color,
    /// The turn played, in the game's notation (as `!move` takes it).
    pub played: String,
    /// Its score for the player.
    pub played_score: Score,
    /// The better turn, in the game's notation.
    pub better: String,
    /// Its score.
    pub better_score: Score,
    /// How much was lost: `better_score - played_score`.
    pub loss: Score,
    /// Why the better turn is good, in the engine's words.
    pub reason: String,
}

impl Mistake {
    /// What the turn cost, in words for the player who made it: "turned a won game into a
    /// lost one", "let a win in 3 slip", "lost the game: black wins in 4", "cost about 2.5
    /// pieces".
    ///
    /// ```
    /// use gipf::Color;
    /// use gipf_ai::analyse::Mistake;
    /// use gipf_ai::score::WIN;
    /// let mistake = |better_score, played_score| Mistake {
    ///     index: 4, color: Color::White, played: "b1-c2".into(), played_score,
    ///     better: "a5-c5".into(), better_score, loss: better_score - played_score,
    ///     reason: "captures 3 pieces".into(),
    /// };
    /// assert_eq!(mistake(WIN - 3, -(WIN - 4)).cost(), "turned a won game into a lost one");
    /// assert_eq!(mistake(WIN - 3, 120).cost(), "let a win in 3 turns slip");
    /// assert_eq!(mistake(40, -(WIN - 4)).cost(), "lost the game: black wins in 4 turns");
    /// assert_eq!(mistake(300, -250).cost(), "cost about 2.5 pieces");
    /// assert_eq!(mistake(100, -10).cost(), "cost about half a piece");
    /// ```
    pub fn cost(&self) -> String {
        let won = |score: Score| is_decided(score) && score > 0;
        let lost = |score: Score| is_decided(score) && score < 0;
        let turns = |score: Score| {
            let n = turns_to_end(score).unwrap_or(0);
            if n == 1 {
                "1 turn".to_string()
            } else {
                format!("{n} turns")
            }
        };
        match (won(self.better_score), lost(self.played_score)) {
            (true, true) => "turned a won game into a lost one".into(),
            (true, false) => format!("let a win in {} slip", turns(self.better_score)),
            (false, true) => format!(
                "lost the game: {} wins in {}",
                !self.color,
                turns(self.played_score)
            ),
            (false, false) => {
                // A captured piece weighs about 220 in the evaluation.
                let tenths = (self.loss * 10 + 110) / 220;
                match tenths {
                    0..=3 => "cost a little (less than half a piece)".into(),
                    4..=6 => "cost about half a piece".into(),
                    10 => "cost about 1 piece".into(),
                    _ => format!("cost about {}.{} pieces", tenths / 10, tenths % 10),
                }
            }
        }
    }
}

impl fmt::Display for Mistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "turn {} ({}): {} ({}); better {} ({})",
            self.index + 1,
            self.color,
            self.played,
            describe(self.played_score),
            self.better,
            describe(self.better_score)
        )
    }
}

/// A record turn that could not be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalyseError {
    /// Its index in the record.
    pub index: usize,
    /// What the rules crate said.
    pub error: TurnError,
}

impl fmt::Display for AnalyseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "turn {}: {}", self.index + 1, self.error)
    }
}

impl std::error::Error for AnalyseError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.error)
    }
}

/// One turn of a game, as an analysis judges it: its index in the record, the game
/// before and after it, and its text. Judging one is a job of its own (see [`judge_turn`]),
/// so that an analysis can be cut into small searches.
#[derive(Clone, Debug)]
pub struct PlayedTurn {
    /// Its index in the record (0 is White's first turn).
    pub index: usize,
    /// The game before it.
    pub before: Game,
    /// The game after it.
    pub after: Game,
    /// The turn as the record writes it.
    pub text: String,
}

/// Replays `turns` (in the game's notation) from `start`: every turn with the game before
/// and after it.
pub fn replay<T: AsRef<str>>(start: &Game, turns: &[T]) -> Result<Vec<PlayedTurn>, AnalyseError> {
    let mut state = start.clone();
    let mut played = Vec::with_capacity(turns.len());
    for (index, text) in turns.iter().enumerate() {
        let before = state.clone();
        state
            .play_notation(text.as_ref())
            .map_err(|e| AnalyseError {
                index,
                error: TurnError::Potentials(e),
            })?;
        played.push(PlayedTurn {
            index,
            before,
            after: state.clone(),
            text: text.as_ref().to_string(),
        });
    }
    Ok(played)
}

/// `turn` against the engine's best with `limits`, if it lost more than the searches'
/// noise. The table is cleared first, so that the same turn and limits give the same
/// answer on any engine (with a table of the same size) whatever it searched before: with
/// limits of depth, not time, an analysis is the same on every machine. A game without
/// potentials is judged on the base game's faster [`Position`].
pub fn judge_turn(engine: &mut Engine, turn: &PlayedTurn, limits: Limits) -> Option<Mistake> {
    engine.clear();
    let text = turn.text.as_str();
    match (
        Position::try_from(&turn.before),
        Position::try_from(&turn.after),
    ) {
        (Ok(before), Ok(after)) => judge(engine, (turn.index, &before, &after, text), limits),
        _ => judge(
            engine,
            (turn.index, &turn.before, &turn.after, text),
            limits,
        ),
    }
}

/// The indices of the turns of `scanned` to judge again for a report of `count`: the worst
/// of the scan, a few more than asked for, since some turn out less bad.
pub fn to_confirm(scanned: &[Mistake], count: usize) -> Vec<usize> {
    let mut worst: Vec<&Mistake> = scanned.iter().collect();
    worst.sort_by_key(|m| std::cmp::Reverse(m.loss));
    worst.iter().take(count * 2).map(|m| m.index).collect()
}

/// The `count` of `confirmed` that cost most, worst first (the earlier turn first among
/// equals).
pub fn reported(mut confirmed: Vec<Mistake>, count: usize) -> Vec<Mistake> {
    confirmed.sort_by_key(|m| (std::cmp::Reverse(m.loss), m.index));
    confirmed.truncate(count);
    confirmed
}

/// Replays `turns` (in the game's notation) from `start`, any game the one machine holds,
/// judges every turn against the engine's best with `budget.scan`, judges the worst again
/// with `budget.confirm`, and returns the `count` that cost most, worst first (turns that
/// lost nothing are left out). Each turn is judged from a cleared table ([`judge_turn`]):
/// with limits of depth, the same game gives the same analysis anywhere.
///
/// ```
/// use gipf::potentials::{Game, Options};
/// use gipf_ai::analyse::{Budget, analyse};
/// use gipf_ai::{Engine, Limits};
/// let mut engine = Engine::with_table_megabytes(4);
/// let budget = Budget { scan: Limits::depth(1), confirm: Limits::depth(2) };
/// for (options, turns) in [
///     (Options::plain(gipf::Variant::Standard), ["a5-c5", "a1-c3"]),
///     (Options::ultimate(), ["Gb5", "Gb2"]),
/// ] {
///     let mistakes = analyse(&mut engine, &Game::new(options), &turns, &budget, 3).unwrap();
///     assert!(mistakes.iter().all(|m| m.loss > 0 && m.better_score - m.played_score == m.loss));
/// }
/// ```
pub fn analyse<T: AsRef<str>>(
    engine: &mut Engine,
    start: &Game,
    turns: &[T],
    budget: &Budget,
    count: usize,
) -> Result<Vec<Mistake>, AnalyseError> {
    let played = replay(start, turns)?;
    let scanned: Vec<Mistake> = (played.iter())
        .filter_map(|turn| judge_turn(engine, turn, budget.scan))
        .collect();
    let confirmed = (to_confirm(&scanned, count).into_iter())
        .filter_map(|index| judge_turn(engine, played.get(index)?, budget.confirm))
        .collect();
    Ok(reported(confirmed, count))
}

/// The turn `text` played from `before` (leading to `after`) against the engine's best
/// with `limits`, if it lost more than the searches' noise.
fn judge<S: Searchable>(
    engine: &mut Engine,
    (index, before, after, text): (usize, &S, &S, &str),
    limits: Limits,
) -> Option<Mistake> {
    let request = Request::limits(limits);
    let best = engine.think(before, &request).ok()?;
    if best.after.key() == after.key() {
        return None;
    }
    let mover = before.to_move();
    // The played turn at the depth the best one was scored at: the same horizon.
    let played_score = match after.outcome() {
        Some(outcome) => terminal(outcome, mover, 1),
        None => engine.score_of(before, after, best.depth),
    };
    let loss = best.evaluation - played_score;
    (loss >= NOISE).then(|| Mistake {
        index,
        color: mover,
        played: without_reserve(text).to_string(),
        played_score,
        better: best.turn.to_string(),
        better_score: best.evaluation,
        loss,
        reason: best.reason,
    })
}

/// A turn as a record writes it, without the reserve after it: `b1-c2 (11)` -> `b1-c2`.
fn without_reserve(text: &str) -> &str {
    match text.trim().rsplit_once(" (") {
        Some((turn, count)) if count.ends_with(')') => turn,
        _ => text.trim(),
    }
}
