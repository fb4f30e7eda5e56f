//! A member's vacation budget, in one place: 7 days to start, 2 more on the 1st of each
//! month (UTC), at most 30; a vacation spends what it lasted, at least a day, and the
//! unused days of one ended early come back. The store keeps the budget as of a month and
//! the vacation that runs; while it runs, the clocks of his games stand still
//! (`store/vacations.rs`).

use crate::defaults::DAY;

/// The rules of the budget.
pub struct Budget;

impl Budget {
    /// What a member starts with.
    pub const START: i64 = 7 * DAY;
    /// What the 1st of each month adds.
    pub const MONTHLY: i64 = 2 * DAY;
    /// The most a member saves up.
    pub const MOST: i64 = 30 * DAY;
    /// The least one vacation spends.
    pub const LEAST_SPENT: i64 = DAY;
    /// The longest vacation asked for at once, in days.
    pub const MOST_DAYS: u8 = 30;

    /// The month of a moment, counted from January 1970 (UTC).
    pub fn month(unix: i64) -> i64 {
        let (year, month, _) = crate::text::civil(unix);
        (year - 1970) * 12 + month - 1
    }

    /// What a budget of `left` as of month `accrued` holds `now`: the months' days added
    /// since, up to [`Budget::MOST`] (a budget above it, as none is, stays as it is).
    pub fn at(left: i64, accrued: i64, now: i64) -> i64 {
        let months = (Budget::month(now) - accrued).max(0);
        let grown = left.saturating_add(months.saturating_mul(Budget::MONTHLY));
        grown.min(Budget::MOST.max(left))
    }

    /// What a vacation from `since` that ended `at` spent: what it lasted, at least
    /// [`Budget::LEAST_SPENT`].
    pub fn spent(since: i64, at: i64) -> i64 {
        (at - since).max(Budget::LEAST_SPENT)
    }
}

/// When a move's time starts that is handed on `at` to a player back from vacation at
/// `back` (if he is away): no earlier than his return.
pub fn time_starts(at: i64, back: Option<i64>) -> i64 {
    back.map_or(at, |back| back.max(at))
}

/// A number of seconds of vacation as a member reads it: `12 days`, `3 days and 5 hours`,
/// `7 hours` (whole hours, rounded down).
pub fn days_words(seconds: i64) -> String {
    let hours = seconds.max(0) / 3600;
    let (days, hours) = (hours / 24, hours % 24);
    let day_words = crate::text::count(days as u64, "day");
    match (days, hours) {
        (_, 0) => day_words,
        (0, _) => crate::text::count(hours as u64, "hour"),
        _ => format!(
            "{day_words} and {}",
            crate::text::count(hours as u64, "hour")
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-12-05 00:00 UTC, and the 1st of the next months.
    const DEC_5: i64 = 1_796_428_800;
    const JAN_1: i64 = 1_798_761_600;
    const FEB_1: i64 = 1_801_440_000;

    #[test]
    fn months_count_from_january_1970() {
        assert_eq!(Budget::month(0), 0);
        assert_eq!(Budget::month(DEC_5), 56 * 12 + 11);
        assert_eq!(Budget::month(JAN_1), 57 * 12);
        assert_eq!(Budget::month(JAN_1 - 1), 56 * 12 + 11);
    }

    #[test]
    fn the_first_of_each_month_adds_two_days_up_to_thirty() {
        let december = Budget::month(DEC_5);
        assert_eq!(Budget::at(Budget::START, december, DEC_5), 7 * DAY);
        assert_eq!(Budget::at(Budget::START, december, JAN_1 - 1), 7 * DAY);
        assert_eq!(Budget::at(Budget::START, december, JAN_1), 9 * DAY);
        assert_eq!(Budget::at(Budget::START, december, FEB_1), 11 * DAY);
        assert_eq!(Budget::at(29 * DAY, december, FEB_1), 30 * DAY);
        assert_eq!(Budget::at(5 * DAY, december, DEC_5 + 400 * DAY), 30 * DAY);
    }

    #[test]
    fn a_vacation_spends_what_it_lasted_and_at_least_a_day() {
        assert_eq!(Budget::spent(0, 3 * DAY), 3 * DAY);
        assert_eq!(Budget::spent(0, 3600), DAY);
        assert_eq!(Budget::spent(0, 0), DAY);
    }

    #[test]
    fn days_read_as_days_and_hours() {
        assert_eq!(days_words(12 * DAY), "12 days");
        assert_eq!(days_words(DAY), "1 day");
        assert_eq!(days_words(3 * DAY + 5 * 3600 + 59), "3 days and 5 hours");
        assert_eq!(days_words(7 * 3600), "7 hours");
        assert_eq!(days_words(-5), "0 days");
    }
}
