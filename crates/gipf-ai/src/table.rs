//! The transposition table: what earlier searches learnt about positions, by Zobrist key.

use crate::Score;
use crate::score::WIN_THRESHOLD;

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub(crate) enum Bound {
    /// The score is exact.
    #[default]
    Exact,
    /// The true score is at least this (the search failed high).
    Lower,
    /// The true score is at most this (no child raised alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Entry {
    pub key: u64,
    /// The key of the best child found: the hash move, tried first next time.
    pub best: u64,
    pub score: Score,
    pub depth: u8,
    pub bound: Bound,
    /// The search that wrote it: older entries are replaced first.
    age: u8,
}

/// A fixed-size table of [`Entry`]s, one per slot, indexed by the low bits of the key.
///
/// ```
/// use gipf_ai::Table;
/// let table = Table::with_megabytes(1);
/// assert!(table.slots() >= 32_768 && table.megabytes() <= 1);
/// ```
pub struct Table {
    slots: Vec<Entry>,
    age: u8,
}

impl Table {
    /// A table of at most `megabytes` MiB (at least a few thousand slots): the number of
    /// slots is the largest power of two that fits, so a key's slot is a mask away.
    pub fn with_megabytes(megabytes: usize) -> Table {
        let bytes = megabytes.max(1) << 20;
        let per_slot = std::mem::size_of::<Entry>();
        let mut count = 4096;
        while count * 2 * per_slot <= bytes {
            count *= 2;
        }
        Table {
            slots: vec![Entry::default(); count],
            age: 0,
        }
    }

    /// How many entries fit.
    pub fn slots(&self) -> usize {
        self.slots.len()
    }

    /// The memory the entries take, in MiB, rounded down.
    pub fn megabytes(&self) -> usize {
        (self.slots.len() * std::mem::size_of::<Entry>()) >> 20
    }

    /// Forgets everything: a cleared table is as a new one (its age too), so that a search
    /// from it gives what a new engine gives.
    pub fn clear(&mut self) {
        self.slots.fill(Entry::default());
        self.age = 0;
    }

    /// Marks the start of a new search: entries of older ones give way first.
    pub(crate) fn next_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    fn index(&self, key: u64) -> usize {
        key as usize & (self.slots.len() - 1)
    }

    /// The entry stored for `key`, its score seen from `ply` turns below the root.
    pub(crate) fn probe(&self, key: u64, ply: usize) -> Option<Entry> {
        let entry = self.slots.get(self.index(key)).copied()?;
        (entry.key == key && key != 0).then(|| Entry {
            score: from_table(entry.score, ply),
            ..entry
        })
    }

    /// Stores a result; a deeper entry of the current search for another key is kept.
    pub(crate) fn store(
        &mut self,
        key: u64,
        ply: usize,
        (score, bound): (Score, Bound),
        depth: u8,
        best: u64,
    ) {
        let age = self.age;
        let index = self.index(key);
        let Some(slot) = self.slots.get_mut(index) else {
            return;
        };
        if slot.key != key && slot.age == age && slot.depth > depth {
            return;
        }
        *slot = Entry {
            key,
            best,
            score: to_table(score, ply),
            depth,
            bound,
            age,
        };
    }
}

/// Won and lost scores count turns from the root; the table stores them counted from the
/// position itself, so they stay right wherever the position is met again.
fn to_table(score: Score, ply: usize) -> Score {
    match score {
        s if s >= WIN_THRESHOLD => s + ply as Score,
        s if s <= -WIN_THRESHOLD => s - ply as Score,
        s => s,
    }
}

fn from_table(score: Score, ply: usize) -> Score {
    match score {
        s if s >= WIN_THRESHOLD => s - ply as Score,
        s if s <= -WIN_THRESHOLD => s + ply as Score,
        s => s,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::WIN;

    #[test]
    fn a_stored_result_comes_back_and_wins_are_rebased() {
        let mut table = Table::with_megabytes(1);
        table.store(0xABCD, 2, (WIN - 5, Bound::Lower), 3, 77);
        let entry = table.probe(0xABCD, 4).expect("stored");
        assert_eq!(entry.score, WIN - 7);
        assert_eq!(
            (entry.bound, entry.depth, entry.best),
            (Bound::Lower, 3, 77)
        );
        assert!(table.probe(0xABCE, 4).is_none());
        table.store(0xABCD, 0, (12, Bound::Exact), 1, 5);
        assert_eq!(table.probe(0xABCD, 0).map(|e| e.score), Some(12));
        table.clear();
        assert!(table.probe(0xABCD, 0).is_none());
    }

    #[test]
    fn the_size_stays_within_the_budget() {
        let table = Table::with_megabytes(64);
        assert!(table.megabytes() <= 64 && table.megabytes() >= 32);
        assert!(table.slots().is_power_of_two());
    }
}
