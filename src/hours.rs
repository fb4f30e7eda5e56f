//! A member's hours, as pure code: a time of day (`08:00`) in his time zone (an IANA name,
//! `Europe/Brussels`, by `chrono-tz`), the next instant it comes, and quiet hours
//! (`23:00-07:00`), in which his direct-message pings wait for their end. Deadlines never
//! move for any of it: these say only when a message goes out.

use std::fmt;

use chrono::{Duration, LocalResult, NaiveTime, TimeZone, Timelike};
use chrono_tz::{TZ_VARIANTS, Tz};

/// Minutes in a day.
const DAY_MINUTES: u16 = 24 * 60;

/// A time of day, to the minute.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct DayTime(u16);

impl DayTime {
    /// `08:00`, `8:00`, `23:59`; `None` for anything else (`25:00`, `8h`).
    pub fn parse(text: &str) -> Option<DayTime> {
        let (hours, minutes) = text.split_once(':')?;
        let all_digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !all_digits(hours) || hours.len() > 2 || minutes.len() != 2 || !all_digits(minutes) {
            return None;
        }
        let (hours, minutes): (u16, u16) = (hours.parse().ok()?, minutes.parse().ok()?);
        (hours < 24 && minutes < 60).then_some(DayTime(hours * 60 + minutes))
    }

    /// The time `minute` minutes after midnight, if it is one.
    pub fn of_minute(minute: i64) -> Option<DayTime> {
        u16::try_from(minute)
            .ok()
            .filter(|m| *m < DAY_MINUTES)
            .map(DayTime)
    }

    /// Minutes after midnight.
    pub fn minute(self) -> u16 {
        self.0
    }

    fn naive(self) -> NaiveTime {
        NaiveTime::from_hms_opt(u32::from(self.0 / 60), u32::from(self.0 % 60), 0)
            .unwrap_or(NaiveTime::MIN)
    }
}

impl fmt::Display for DayTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:02}:{:02}", self.0 / 60, self.0 % 60)
    }
}

/// A time zone, by its IANA name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Zone(Tz);

impl Zone {
    /// Coordinated Universal Time, where a member named no zone.
    pub const UTC: Zone = Zone(Tz::UTC);

    /// The zone named `name` (any case: `europe/brussels`), else the three names nearest it.
    pub fn named(name: &str) -> Result<Zone, Vec<&'static str>> {
        let wanted = name.trim().to_lowercase();
        if let Some(tz) = TZ_VARIANTS
            .iter()
            .find(|tz| tz.name().to_lowercase() == wanted)
        {
            return Ok(Zone(*tz));
        }
        let mut scored: Vec<(usize, &'static str)> = TZ_VARIANTS
            .iter()
            .map(|tz| (nearness(&wanted, tz.name()), tz.name()))
            .collect();
        scored.sort();
        Err(scored.into_iter().take(3).map(|(_, name)| name).collect())
    }

    /// A stored name, UTC if it no longer names a zone.
    pub fn stored(name: Option<&str>) -> Zone {
        name.and_then(|name| Zone::named(name).ok())
            .unwrap_or(Zone::UTC)
    }

    /// Its IANA name.
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// The local time of day at `unix`, to the minute.
    fn time_at(self, unix: i64) -> Option<DayTime> {
        let local = self.0.timestamp_opt(unix, 0).single()?;
        DayTime::of_minute(i64::from(local.hour() * 60 + local.minute()))
    }

    /// The first instant after `after` when the clocks of this zone read `at` (on a day
    /// they skip it, as a summer time begins, the first minute after it).
    pub fn next(self, after: i64, at: DayTime) -> i64 {
        let Some(local) = self.0.timestamp_opt(after, 0).single() else {
            return after + i64::from(DAY_MINUTES) * 60;
        };
        let mut day = local.date_naive();
        for _ in 0..4 {
            let mut time = day.and_time(at.naive());
            for _ in 0..4 {
                let instant = match self.0.from_local_datetime(&time) {
                    LocalResult::Single(t) | LocalResult::Ambiguous(t, _) => t.timestamp(),
                    LocalResult::None => {
                        time += Duration::minutes(30);
                        continue;
                    }
                };
                if instant > after {
                    return instant;
                }
                break;
            }
            day = day.succ_opt().unwrap_or(day);
        }
        after + i64::from(DAY_MINUTES) * 60
    }
}

/// How far `wanted` (lowercase) is from the zone `name`: the edit distance to its city (its
/// last part) or to the whole name, whichever is nearer.
fn nearness(wanted: &str, name: &str) -> usize {
    let lower = name.to_lowercase();
    let city = lower.rsplit('/').next().unwrap_or(&lower);
    let wanted_city = wanted.rsplit('/').next().unwrap_or(wanted);
    edits(wanted_city, city).min(edits(wanted, &lower))
}

/// The edit distance (insertions, deletions, substitutions) between `a` and `b`.
fn edits(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (above + 1)
                .min(row[j] + 1)
                .min(diagonal + usize::from(ca != *cb));
            diagonal = above;
        }
    }
    row[b.len()]
}

/// Quiet hours: from one time of day to another (across midnight when the end comes first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quiet {
    /// When they start.
    pub from: DayTime,
    /// When they end.
    pub to: DayTime,
}

impl Quiet {
    /// `23:00-07:00`; `None` unless both ends are times of day and they differ.
    pub fn parse(text: &str) -> Option<Quiet> {
        let (from, to) = text.split_once('-')?;
        let quiet = Quiet {
            from: DayTime::parse(from)?,
            to: DayTime::parse(to)?,
        };
        (quiet.from != quiet.to).then_some(quiet)
    }

    /// If `now` falls in these hours in `zone`: when they end.
    pub fn end(self, now: i64, zone: Zone) -> Option<i64> {
        let time = zone.time_at(now)?;
        let inside = match self.from < self.to {
            true => self.from <= time && time < self.to,
            false => time >= self.from || time < self.to,
        };
        inside.then(|| zone.next(now, self.to))
    }
}

impl fmt::Display for Quiet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-12-05 00:00 UTC.
    const SATURDAY: i64 = 1_796_428_800;

    fn time(text: &str) -> DayTime {
        DayTime::parse(text).unwrap()
    }

    #[test]
    fn times_of_day_read_as_people_write_them() {
        assert_eq!(time("08:00").minute(), 480);
        assert_eq!(time("8:05").minute(), 485);
        assert_eq!(time("23:59").to_string(), "23:59");
        for wrong in [
            "25:00", "24:00", "8", "8h", "08:60", "-1:00", "08:0", "a:bc", "",
        ] {
            assert_eq!(DayTime::parse(wrong), None, "{wrong}");
        }
    }

    #[test]
    fn a_zone_is_named_in_any_case_and_a_wrong_name_gets_the_nearest() {
        assert_eq!(
            Zone::named("europe/brussels").unwrap().name(),
            "Europe/Brussels"
        );
        let near = Zone::named("Europe/Brusels").unwrap_err();
        assert_eq!(near[0], "Europe/Brussels", "{near:?}");
        assert_eq!(near.len(), 3);
        assert_eq!(Zone::stored(Some("Mars/Olympus")), Zone::UTC);
    }

    #[test]
    fn the_next_time_of_day_is_in_the_members_zone() {
        let utc = Zone::UTC;
        assert_eq!(utc.next(SATURDAY, time("08:00")), SATURDAY + 8 * 3600);
        // Just past it: tomorrow.
        assert_eq!(
            utc.next(SATURDAY + 8 * 3600, time("08:00")),
            SATURDAY + 32 * 3600
        );
        // Brussels is an hour ahead in winter: 08:00 there is 07:00 UTC.
        let brussels = Zone::named("Europe/Brussels").unwrap();
        assert_eq!(brussels.next(SATURDAY, time("08:00")), SATURDAY + 7 * 3600);
    }

    #[test]
    fn a_skipped_time_of_day_comes_just_after_the_clocks_jump() {
        // 2027-03-28: Brussels goes from 02:00 to 03:00 (01:00 UTC).
        let brussels = Zone::named("Europe/Brussels").unwrap();
        let before = 1_806_192_000; // 2027-03-28 00:00 UTC, 01:00 in Brussels.
        let next = brussels.next(before, time("02:30"));
        assert_eq!(
            next,
            before + 3600,
            "03:00 local, the first minute after the gap"
        );
    }

    #[test]
    fn quiet_hours_run_across_midnight_and_end_at_their_end() {
        let quiet = Quiet::parse("23:00-07:00").unwrap();
        assert_eq!(quiet.to_string(), "23:00-07:00");
        let utc = Zone::UTC;
        assert_eq!(quiet.end(SATURDAY + 3600, utc), Some(SATURDAY + 7 * 3600));
        assert_eq!(
            quiet.end(SATURDAY + 23 * 3600 + 60, utc),
            Some(SATURDAY + 31 * 3600)
        );
        assert_eq!(quiet.end(SATURDAY + 7 * 3600, utc), None, "over at 07:00");
        assert_eq!(quiet.end(SATURDAY + 12 * 3600, utc), None);
        let day = Quiet::parse("09:00-17:00").unwrap();
        assert_eq!(
            day.end(SATURDAY + 10 * 3600, utc),
            Some(SATURDAY + 17 * 3600)
        );
        assert_eq!(day.end(SATURDAY + 18 * 3600, utc), None);
        for wrong in ["25:00-07:00", "23:00", "07:00-07:00", "23:00-7"] {
            assert_eq!(Quiet::parse(wrong), None, "{wrong}");
        }
    }
}
