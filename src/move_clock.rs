//! The time per move, in one place: from the instant a player's move starts and the game's
//! [`TimeControl`], when his time runs out (his deadline) and when he is reminded of it (when
//! a quarter of the time is left, at most a day). The store keeps both instants; the watch
//! compares them with the time. Every place that starts a move's time asks [`MoveClock`].

use crate::defaults::DAY;
use crate::model::TimeControl;

/// The clock of one move under a time per move: two instants (Unix seconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveClock {
    /// When the player to move runs out of time.
    pub deadline: i64,
    /// When he is reminded that his move is due: [`MoveClock::notice`] before the deadline.
    pub remind_at: i64,
}

impl MoveClock {
    /// The most time a reminder comes before its deadline: a day.
    pub const MOST_NOTICE: i64 = DAY;

    /// The clock of a move whose time starts `at` under `time`. A clock that stops (its
    /// player away) would be this one check: its time would start from his return.
    pub fn start(at: i64, time: TimeControl) -> MoveClock {
        let deadline = at + time.seconds();
        MoveClock {
            deadline,
            remind_at: deadline - MoveClock::notice(time),
        }
    }

    /// [`MoveClock::start`] for a game with `time`, none for a game without a time per move.
    pub fn of(at: i64, time: Option<TimeControl>) -> Option<MoveClock> {
        time.map(|time| MoveClock::start(at, time))
    }

    /// How long before the deadline the reminder comes under `time`: a quarter of the time
    /// per move, at most [`MoveClock::MOST_NOTICE`].
    pub fn notice(time: TimeControl) -> i64 {
        (time.seconds() / 4).min(MoveClock::MOST_NOTICE)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn days(days: u8) -> TimeControl {
        TimeControl {
            days,
            autoforfeit: false,
        }
    }

    #[test]
    fn the_deadline_is_the_start_plus_the_time_per_move() {
        let clock = MoveClock::start(1_000, days(3));
        assert_eq!(clock.deadline, 1_000 + 3 * DAY);
        assert_eq!(MoveClock::of(1_000, Some(days(3))), Some(clock));
        assert_eq!(MoveClock::of(1_000, None), None);
    }

    #[test]
    fn the_reminder_comes_a_quarter_of_the_time_before_and_at_most_a_day() {
        let hour = DAY / 24;
        for (time, notice) in [(1, 6 * hour), (2, 12 * hour), (3, 18 * hour), (4, DAY)] {
            let clock = MoveClock::start(0, days(time));
            assert_eq!(clock.deadline - clock.remind_at, notice, "{time} days");
        }
        for time in [5, 10, TimeControl::MAX_DAYS] {
            let clock = MoveClock::start(0, days(time));
            assert_eq!(clock.deadline - clock.remind_at, DAY, "{time} days");
        }
    }
}
