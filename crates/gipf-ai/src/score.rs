//! Scores: centi-pieces from the view of the player to move, and won or lost games.

/// An evaluation in hundredths of a captured basic piece, from the view of the player to
/// move: positive is good for him. Won and lost games lie beyond ±[`WIN_THRESHOLD`].
pub type Score = i32;

/// Above every evaluation and below every search score.
pub const INFINITY: Score = 2_000_000;

/// The score of a game won now; a win `n` turns away scores `WIN - n`, so the search
/// prefers the quickest win and the slowest loss.
pub const WIN: Score = 1_000_000;

/// Scores beyond this (either sign) are won or lost games, not evaluations.
pub const WIN_THRESHOLD: Score = WIN - 10_000;

/// Whether a score is a won or lost game rather than an evaluation.
///
/// ```
/// use gipf_ai::score::{is_decided, WIN};
/// assert!(is_decided(WIN - 3));
/// assert!(is_decided(-(WIN - 3)));
/// assert!(!is_decided(250));
/// ```
pub fn is_decided(score: Score) -> bool {
    score.abs() >= WIN_THRESHOLD
}

/// How many turns away a won or lost game is (the mover's turns and the opponent's), if
/// the score is one.
///
/// ```
/// use gipf_ai::score::{turns_to_end, WIN};
/// assert_eq!(turns_to_end(WIN - 1), Some(1));
/// assert_eq!(turns_to_end(-(WIN - 2)), Some(2));
/// assert_eq!(turns_to_end(40), None);
/// ```
pub fn turns_to_end(score: Score) -> Option<u32> {
    is_decided(score).then(|| (WIN - score.abs()).unsigned_abs())
}

/// A score for people: `+1.25` (pieces), or `wins in 3` / `loses in 2` (turns).
///
/// ```
/// use gipf_ai::score::{describe, WIN};
/// assert_eq!(describe(125), "+1.25");
/// assert_eq!(describe(-40), "-0.40");
/// assert_eq!(describe(WIN - 3), "wins in 3");
/// assert_eq!(describe(-(WIN - 2)), "loses in 2");
/// ```
pub fn describe(score: Score) -> String {
    match turns_to_end(score) {
        Some(turns) if score > 0 => format!("wins in {turns}"),
        Some(turns) => format!("loses in {turns}"),
        None => {
            let sign = if score < 0 { '-' } else { '+' };
            let abs = score.unsigned_abs();
            format!("{sign}{}.{:02}", abs / 100, abs % 100)
        }
    }
}
