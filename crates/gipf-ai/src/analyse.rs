//! The turns of a game where the player lost most, with the better turn: for `!analyse`.

use std::fmt;

use gipf::potentials::Game;
use gipf::{Color, Position};

use crate::score::describe;
use crate::{Engine, Score, Searchable};

/// A turn that was worse than the best by `loss`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistake {
    /// The turn's index in the record (0 is White's first turn).
    pub index: usize,
    /// Who played it.
    pub color: Color,
    /// The turn played, in notation.
    pub played: String,
    /// Its score for the player, searched as deep as the best.
    pub played_score: Score,
    /// The best turn found, in notation.
    pub better: String,
    /// Its score.
    pub better_score: Score,
    /// How much was lost: `better_score - played_score`.
    pub loss: Score,
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
    pub message: String,
}

impl fmt::Display for AnalyseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "turn {}: {}", self.index + 1, self.message)
    }
}

impl std::error::Error for AnalyseError {}

/// Replays `turns` (in the game's notation) from `start`, any game the one machine holds,
/// scores every turn against the best one searched `depth` turns deep, and returns the
/// `count` worst, worst first (turns that lost nothing are left out). A game without
/// potentials is analysed on the base game's faster [`Position`].
///
/// ```
/// use gipf::potentials::{Game, Options};
/// use gipf_ai::Engine;
/// use gipf_ai::analyse::analyse;
/// let mut engine = Engine::with_table_megabytes(4);
/// for (options, turns) in [
///     (Options::plain(gipf::Variant::Standard), ["a5-c5", "a1-c3"]),
///     (Options::ultimate(), ["Gb5", "Gb2"]),
/// ] {
///     let mistakes = analyse(&mut engine, &Game::new(options), &turns, 1, 3).unwrap();
///     assert!(mistakes.iter().all(|m| m.loss > 0 && m.better_score - m.played_score == m.loss));
/// }
/// ```
pub fn analyse<T: AsRef<str>>(
    engine: &mut Engine,
    start: &Game,
    turns: &[T],
    depth: u32,
    count: usize,
) -> Result<Vec<Mistake>, AnalyseError> {
    match Position::try_from(start) {
        Ok(position) => analyse_on(engine, position, turns, depth, count),
        Err(_) => analyse_on(engine, start.clone(), turns, depth, count),
    }
}

/// [`analyse`] on one machine.
fn analyse_on<S: Searchable, T: AsRef<str>>(
    engine: &mut Engine,
    start: S,
    turns: &[T],
    depth: u32,
    count: usize,
) -> Result<Vec<Mistake>, AnalyseError> {
    let mut position = start;
    let mut mistakes = Vec::new();
    for (index, text) in turns.iter().enumerate() {
        let before = position.clone();
        position
            .play_notation(text.as_ref())
            .map_err(|message| AnalyseError { index, message })?;
        let key = position.key();
        let scored = engine.score_turns(&before, depth);
        let Some((best_turn, _, best_score)) = scored.first() else {
            continue;
        };
        let Some((played_turn, _, played_score)) =
            scored.iter().find(|(_, after, _)| after.key() == key)
        else {
            continue;
        };
        let (best_score, played_score) = (*best_score, *played_score);
        if best_score > played_score {
            mistakes.push(Mistake {
                index,
                color: before.to_move(),
                played: format!("{played_turn:#}"),
                played_score,
                better: format!("{best_turn:#}"),
                better_score: best_score,
                loss: best_score - played_score,
            });
        }
    }
    mistakes.sort_by_key(|m| std::cmp::Reverse(m.loss));
    mistakes.truncate(count);
    Ok(mistakes)
}
