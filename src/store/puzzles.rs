//! The `puzzle_progress` and `lesson_progress` tables: each member's open puzzle and his
//! streaks, his open lesson and the lessons done.

use super::sql::params;

use super::Store;
use crate::model::{Partial, UserId};

/// Where a member stands with the puzzles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PuzzleProgress {
    /// The puzzle he was given and has not answered, by its number in the set.
    pub current: Option<u32>,
    /// How many he was given.
    pub given: u32,
    /// How many he solved.
    pub solved: u32,
    /// Right answers in a row, up to now.
    pub streak: u32,
    /// His longest streak.
    pub best: u32,
}

/// Where a member stands with the lessons.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LessonProgress {
    /// The lesson he has open (from 0).
    pub open: Option<u32>,
    /// The first lesson he has not done.
    pub next: u32,
    /// The lessons done: bit n for lesson n.
    pub done: u32,
}

impl Store {
    /// Where `user` stands with the lessons.
    pub fn lesson_progress(&self, user: UserId) -> anyhow::Result<LessonProgress> {
        self.with(|c| {
            let row = c.query_opt(
                "SELECT open, next, done FROM lesson_progress WHERE user_id = ?1",
                params![user],
                |r| {
                    Ok(LessonProgress {
                        open: r.get(0)?,
                        next: r.get(1)?,
                        done: r.get(2)?,
                    })
                },
            )?;
            Ok(row.unwrap_or_default())
        })
    }

    /// Opens lesson `index` for `user`.
    pub fn open_lesson(&self, user: UserId, index: u32) -> anyhow::Result<()> {
        self.with(|c| {
            c.execute(
                "INSERT INTO lesson_progress (user_id, open) VALUES (?1, ?2) \
                 ON CONFLICT(user_id) DO UPDATE SET open = ?2, partial = '[]'",
                params![user, index],
            )?;
            Ok(())
        })
    }

    /// The decisions `user` made so far in the turn of his open lesson.
    pub fn lesson_partial(&self, user: UserId) -> anyhow::Result<Partial> {
        let stored: Option<String> = self.with(|c| {
            Ok(c.query_opt(
                "SELECT partial FROM lesson_progress WHERE user_id = ?1",
                params![user],
                |r| r.get(0),
            )?)
        })?;
        match stored {
            Some(text) => Ok(serde_json::from_str(&text)?),
            None => Ok(Partial::default()),
        }
    }

    /// Keeps the decisions `user` made so far in the turn of his open lesson `index` (if it
    /// is still open).
    pub fn set_lesson_partial(
        &self,
        user: UserId,
        index: u32,
        partial: &Partial,
    ) -> anyhow::Result<()> {
        let text = serde_json::to_string(partial)?;
        self.with(|c| {
            c.execute(
                "UPDATE lesson_progress SET partial = ?3 WHERE user_id = ?1 AND open = ?2",
                params![user, index, text],
            )?;
            Ok(())
        })
    }

    /// Marks lesson `index` done and closes it; returns the first lesson not done after it.
    pub fn finish_lesson(&self, user: UserId, index: u32) -> anyhow::Result<u32> {
        self.with(|c| {
            c.execute(
                "UPDATE lesson_progress SET open = NULL, partial = '[]', done = done | (1 << ?2), \
                 next = CASE WHEN next > ?2 THEN next ELSE ?2 + 1 END WHERE user_id = ?1",
                params![user, index],
            )?;
            Ok(())
        })?;
        Ok(self.lesson_progress(user)?.next)
    }

    /// Where `user` stands (nothing yet if he never asked for a puzzle).
    pub fn puzzle_progress(&self, user: UserId) -> anyhow::Result<PuzzleProgress> {
        self.with(|c| {
            let row = c.query_opt(
                "SELECT current, given, solved, streak, best FROM puzzle_progress \
                     WHERE user_id = ?1",
                params![user],
                |r| {
                    Ok(PuzzleProgress {
                        current: r.get(0)?,
                        given: r.get(1)?,
                        solved: r.get(2)?,
                        streak: r.get(3)?,
                        best: r.get(4)?,
                    })
                },
            )?;
            Ok(row.unwrap_or_default())
        })
    }

    /// Gives `user` puzzle `number`: it is his open one.
    pub fn give_puzzle(&self, user: UserId, number: u32) -> anyhow::Result<()> {
        self.with(|c| {
            c.execute(
                "INSERT INTO puzzle_progress (user_id, current, given) VALUES (?1, ?2, 1) \
                 ON CONFLICT(user_id) DO UPDATE SET current = ?2, given = puzzle_progress.given + 1, tries = 0",
                params![user, number],
            )?;
            Ok(())
        })
    }

    /// Counts a wrong answer to `user`'s open puzzle `number` if it is his first to it:
    /// `true` if it was (he gets one more try), `false` if he had one already (or the
    /// puzzle is no longer open).
    pub fn first_wrong_try(&self, user: UserId, number: u32) -> anyhow::Result<bool> {
        let changed = self.with(|c| {
            Ok(c.execute(
                "UPDATE puzzle_progress SET tries = tries + 1 \
                 WHERE user_id = ?1 AND current = ?2 AND tries = 0",
                params![user, number],
            )?)
        })?;
        Ok(changed > 0)
    }

    /// Closes `user`'s open puzzle (`number`, if it still is his open one): right answers
    /// lengthen his streak, a wrong one ends it. Returns where he stands after, or `None` if
    /// that puzzle was not open (answered meanwhile).
    pub fn answer_puzzle(
        &self,
        user: UserId,
        number: u32,
        right: bool,
    ) -> anyhow::Result<Option<PuzzleProgress>> {
        let changed = self.with(|c| {
            Ok(c.execute(
                "UPDATE puzzle_progress SET current = NULL, tries = 0, \
                 solved = solved + ?3, \
                 streak = CASE WHEN ?3 = 1 THEN streak + 1 ELSE 0 END, \
                 best = CASE WHEN ?3 = 1 AND streak + 1 > best THEN streak + 1 ELSE best END \
                 WHERE user_id = ?1 AND current = ?2",
                params![user, number, right],
            )?)
        })?;
        if changed == 0 {
            return Ok(None);
        }
        self.puzzle_progress(user).map(Some)
    }
}
