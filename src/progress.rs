//! A progress bar on standard error for long command-line work: self-play, mining puzzles,
//! exports. Drawn only on a terminal, so logs and pipes stay clean.

use std::io::{IsTerminal, Write};
use std::time::{Duration, Instant};

/// Characters of the bar itself.
const WIDTH: usize = 30;

/// A bar of `done` out of `total`, with the time left at the pace so far.
pub struct Progress {
    label: String,
    total: usize,
    started: Instant,
    drawn: bool,
}

impl Progress {
    /// A bar for `total` steps of `label` (`mining puzzles`, `self-play`).
    pub fn new(label: &str, total: usize) -> Progress {
        Progress {
            label: label.to_string(),
            total: total.max(1),
            started: Instant::now(),
            drawn: false,
        }
    }

    /// The line for `done` steps and a `note`: `mining puzzles [#####.....] 3/10, 12 games, about 40 s left`.
    ///
    /// ```
    /// let progress = gipf_bot::progress::Progress::new("mining puzzles", 10);
    /// let line = progress.line(5, "12 games", std::time::Duration::from_secs(20));
    /// assert_eq!(line, "mining puzzles [###############...............] 5/10, 12 games, about 20 s left");
    /// ```
    pub fn line(&self, done: usize, note: &str, elapsed: Duration) -> String {
        let done = done.min(self.total);
        let filled = WIDTH * done / self.total;
        let bar: String = "#".repeat(filled) + &".".repeat(WIDTH - filled);
        let mut line = format!("{} [{bar}] {done}/{}", self.label, self.total);
        if !note.is_empty() {
            line.push_str(&format!(", {note}"));
        }
        if done > 0 && done < self.total {
            let left = elapsed.as_secs_f64() * (self.total - done) as f64 / done as f64;
            line.push_str(&format!(", about {} s left", left.round() as u64));
        }
        line
    }

    /// Redraws the bar for `done` steps (on a terminal only).
    pub fn set(&mut self, done: usize, note: &str) {
        let mut err = std::io::stderr();
        if !err.is_terminal() {
            return;
        }
        let line = self.line(done, note, self.started.elapsed());
        let _ = write!(err, "\r\x1b[2K{line}");
        let _ = err.flush();
        self.drawn = true;
    }

    /// Ends the bar's line, if one was drawn.
    pub fn finish(&mut self) {
        if std::mem::take(&mut self.drawn) {
            let _ = writeln!(std::io::stderr());
        }
    }
}
