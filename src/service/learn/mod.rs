//! Learning rooms: the lessons, the puzzles and the daily puzzle, the analysis of a finished
//! game, and the browser that steps through one. Each reads a game (or a puzzle) once and
//! works on the states its replay keeps.

pub(super) mod analysis;
pub(super) mod browse;
pub(super) mod daily;
pub(super) mod lesson_data;
mod lesson_refusal;
#[cfg(test)]
mod lesson_tests;
pub(super) mod lessons;
pub(super) mod puzzle;
pub(super) mod puzzle_set;
