//! `tournament create`: an event's own words (its format, rounds, rating, start and clocks)
//! and its game's, read from the chat line or the slash command's options.

use gipf::Variant;
use gipf::potentials::Options;

use super::challenge::{DAYS, event_game, given_days};
use super::options::Given;
use super::{Arg, ArgKind, Choices, CommandError, Words, arg, between, error, keyed, required};
use crate::model::{EventClocks, EventFormat};

/// An event as `tournament create` sets it up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewEvent {
    /// Its name.
    pub name: String,
    /// How it pairs.
    pub format: EventFormat,
    /// Its game.
    pub variant: Variant,
    /// Its potentials, or Ultimate GIPF's.
    pub potentials: Option<Options>,
    /// Days per move, if any.
    pub days: Option<u8>,
    /// Whether its games count for ratings.
    pub rated: bool,
    /// When it starts by itself (Unix seconds, UTC).
    pub starts: Option<i64>,
    /// What it allows of its games' clocks (`vacation=off`, `givetime=off`).
    pub clocks: EventClocks,
    /// `late=N` (Swiss): members may still enter until round N is paired.
    pub late: Option<u32>,
}

/// The longest name an event may have (it names its games' threads).
pub(super) const MAX_NAME_CHARS: usize = 40;

/// How an event pairs, as its slash option names it: [`EventFormat`] without its numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatKind {
    /// Within score groups, for the rounds set.
    Swiss,
    /// Everyone meets everyone (twice with `double`).
    RoundRobin,
}

impl FormatKind {
    /// Every kind, in the order the choices offer them.
    pub const ALL: [FormatKind; 2] = [FormatKind::Swiss, FormatKind::RoundRobin];

    /// `swiss` or `roundrobin`, as [`EventFormat::word`] writes it.
    pub fn word(self) -> &'static str {
        match self {
            FormatKind::Swiss => EventFormat::Swiss { rounds: 1 }.word(),
            FormatKind::RoundRobin => EventFormat::RoundRobin { cycles: 1 }.word(),
        }
    }
}

/// The text between the first pair of quotes (straight or curly) in `text`, and the text
/// around it.
pub(super) fn quoted(text: &str) -> Option<(String, String)> {
    let open = text.find(['"', '“'])?;
    let after = &text[open..];
    let first = after.chars().next()?;
    let body = &after[first.len_utf8()..];
    let close = body.find(['"', '”'])?;
    let closing = body[close..].chars().next()?;
    let name = body[..close].trim().to_string();
    let rest = format!("{} {}", &text[..open], &body[close + closing.len_utf8()..]);
    Some((name, rest))
}

/// A name an event may have: 1 to [`MAX_NAME_CHARS`] characters, letters, digits, spaces and
/// plain punctuation (it names threads and records, and must ping nobody).
pub(super) fn event_name(name: &str, words: &Words) -> Result<String, CommandError> {
    let plain = |c: char| c.is_alphanumeric() || " -'.,:!?&()#+/".contains(c);
    let count = name.chars().count();
    if count == 0 || count > MAX_NAME_CHARS || !name.chars().all(plain) {
        return Err(error(format!(
            "an event's name is 1 to {MAX_NAME_CHARS} letters, digits, spaces and plain \
             punctuation, in quotes, like {}",
            words.cmd("tournament create \"Winter Cup\" swiss rounds=5")
        )));
    }
    Ok(name.split_whitespace().collect::<Vec<_>>().join(" "))
}

/// The options of `/tournament create`, as its chat words name them.
pub(super) const CREATE_ARGS: &[Arg] = &[
    required(arg(
        "name",
        "The event's name, 1 to 40 letters (it names the games' threads)",
        ArgKind::Text,
    )),
    required(arg(
        "format",
        "Swiss (set its rounds) or round robin",
        ArgKind::Choice(Choices::Formats),
    )),
    keyed(
        arg(
            "rounds",
            "A Swiss event's rounds, 1 to 30",
            between(1, EventFormat::MAX_SWISS_ROUNDS as u64),
        ),
        "rounds",
    ),
    arg(
        "game",
        "Its game as a challenge names it (standard if left out): basic +2, ultimate, potentials=ZYD:3",
        ArgKind::Text,
    ),
    DAYS,
    keyed(
        arg(
            "starts",
            "When it starts by itself, in UTC, like 2026-12-01T18:00",
            ArgKind::Text,
        ),
        "starts",
    ),
    arg(
        "double",
        "A round robin played twice, colours swapped",
        ArgKind::Flag("double"),
    ),
    arg(
        "rated",
        "Its games count for the ratings",
        ArgKind::Flag("rated"),
    ),
    arg(
        "no_vacation",
        "Its games keep their clocks while a player is on vacation",
        ArgKind::Flag("vacation=off"),
    ),
    arg(
        "no_givetime",
        "Nobody may give his opponent more time in its games",
        ArgKind::Flag("givetime=off"),
    ),
    keyed(
        arg(
            "late",
            "A Swiss event: members may still enter until this round",
            between(2, EventFormat::MAX_SWISS_ROUNDS as u64),
        ),
        "late",
    ),
];

/// `/tournament`'s subcommands, one for each of the chat's.
/// `/tournament create`: the options read through the chat's checks and refusals.
pub(super) fn fill_create(given: &Given) -> Result<NewEvent, CommandError> {
    let words = given.words();
    let name = event_name(&given.text("name").unwrap_or_default(), &words)?;
    let mut event = EventWords {
        double: given.flag("double"),
        rated: given.flag("rated"),
        clocks: EventClocks {
            no_vacation: given.flag("no_vacation"),
            no_givetime: given.flag("no_givetime"),
        },
        ..EventWords::default()
    };
    let format = given.text("format").unwrap_or_default().to_lowercase();
    match FormatKind::ALL
        .into_iter()
        .find(|kind| kind.word() == format)
    {
        Some(FormatKind::Swiss) => event.swiss = true,
        Some(FormatKind::RoundRobin) => event.round_robin = true,
        None => {
            return Err(error(format!(
                "{}: the format is {}",
                given.quote("format", &format),
                Choices::Formats.words().join(" or ")
            )));
        }
    }
    if let Some(n) = given.number("rounds") {
        let rounds = u32::try_from(n).ok().and_then(swiss_rounds);
        event.rounds =
            Some(rounds.ok_or_else(|| rounds_refusal(&given.quote("rounds", n), &words))?);
    }
    if let Some(n) = given.number("late") {
        event.late = Some(u32::try_from(n).unwrap_or(0));
    }
    if let Some(at) = given.text("starts") {
        let starts = read_utc_minute(&at.to_lowercase());
        event.starts =
            Some(starts.ok_or_else(|| starts_refusal(&given.quote("starts", &at), &words))?);
    }
    let (variant, potentials, game_days) = given.read("game", event_game)?;
    let format = event.format(&words)?;
    Ok(NewEvent {
        name,
        late: event.late(format, &words)?,
        format,
        variant,
        potentials,
        days: given_days(given)?.or(game_days),
        rated: event.rated,
        starts: event.starts,
        clocks: event.clocks,
    })
}

/// `create "Name" ...`: the name in quotes, the event's own words, the rest naming its game
/// as a challenge does.
pub(super) fn parse_create(words: &Words) -> Result<NewEvent, CommandError> {
    let example = || words.cmd("tournament create \"Winter Cup\" swiss rounds=5 standard days=3");
    let raw = words.raw.trim_start();
    let after_sub = raw.get("create".len()..).unwrap_or("");
    let (name, rest) = quoted(after_sub).ok_or_else(|| {
        error(format!(
            "give the event a name in quotes, like {}",
            example()
        ))
    })?;
    let name = event_name(&name, words)?;
    let lower = rest.to_lowercase();
    let mut event = EventWords::default();
    let mut game = Vec::new();
    for word in lower.split_whitespace() {
        if !event.read(word, words)? {
            game.push(word);
        }
    }
    let game_line = game.join(" ");
    let (variant, potentials, days) = event_game(&Words {
        args: super::split_args(&game_line),
        raw: &game_line,
        ..*words
    })?;
    let format = event.format(words)?;
    Ok(NewEvent {
        name,
        late: event.late(format, words)?,
        format,
        variant,
        potentials,
        days,
        rated: event.rated,
        starts: event.starts,
        clocks: event.clocks,
    })
}

/// The words of `create` that are the event's own, read one by one.
#[derive(Default)]
struct EventWords {
    swiss: bool,
    round_robin: bool,
    double: bool,
    rounds: Option<u32>,
    rated: bool,
    starts: Option<i64>,
    clocks: EventClocks,
    late: Option<u32>,
}

impl EventWords {
    /// Reads `word` if it is the event's own; false if it names the game.
    fn read(&mut self, word: &str, words: &Words) -> Result<bool, CommandError> {
        match word {
            "swiss" => self.swiss = true,
            "roundrobin" | "round-robin" | "rr" => self.round_robin = true,
            "double" => self.double = true,
            "rated" => self.rated = true,
            "vacation=off" => self.clocks.no_vacation = true,
            "givetime=off" => self.clocks.no_givetime = true,
            "vacation=on" | "givetime=on" => {}
            _ => {
                if let Some(n) = word.strip_prefix("rounds=") {
                    let n = n.parse::<u32>().ok().and_then(swiss_rounds);
                    self.rounds = Some(n.ok_or_else(|| rounds_refusal(&words.given(word), words))?);
                } else if let Some(n) = word.strip_prefix("late=") {
                    self.late = Some(n.parse::<u32>().map_err(|_| late_refusal(word, words))?);
                } else if let Some(at) = word.strip_prefix("starts=") {
                    let at = read_utc_minute(at);
                    self.starts =
                        Some(at.ok_or_else(|| starts_refusal(&words.given(word), words))?);
                } else {
                    return Ok(false);
                }
            }
        }
        Ok(true)
    }

    /// The format the words name: exactly one of Swiss (with its rounds) and round robin.
    fn format(&self, words: &Words) -> Result<EventFormat, CommandError> {
        match (self.swiss, self.round_robin) {
            (true, false) if self.double => Err(error(format!(
                "{} is for a round robin: a Swiss event sets its rounds, like {}",
                words.options("tournament create double"),
                words.options("tournament create swiss rounds=5")
            ))),
            (true, false) => {
                let rounds = self.rounds.ok_or_else(|| {
                    error(format!(
                        "how many rounds? Like {}",
                        words.options("tournament create swiss rounds=5")
                    ))
                })?;
                Ok(EventFormat::Swiss { rounds })
            }
            (false, true) if self.rounds.is_some() => Err(error(format!(
                "a round robin has as many rounds as it takes for everyone to meet everyone: \
                 leave out {}, or play it twice with {}",
                words.options("tournament create rounds="),
                words.options("tournament create roundrobin double")
            ))),
            (false, true) => Ok(EventFormat::RoundRobin {
                cycles: if self.double { 2 } else { 1 },
            }),
            _ => Err(error(format!(
                "name one format: {} or {}",
                words.options("tournament create swiss rounds=5"),
                words.options("tournament create roundrobin")
            ))),
        }
    }
}

impl EventWords {
    /// The round until which `format` lets members enter late, if the words name one: a
    /// Swiss event's round from the second to its last.
    fn late(&self, format: EventFormat, words: &Words) -> Result<Option<u32>, CommandError> {
        let Some(late) = self.late else {
            return Ok(None);
        };
        match format {
            EventFormat::Swiss { rounds } if (2..=rounds).contains(&late) => Ok(Some(late)),
            EventFormat::Swiss { .. } => Err(late_refusal(&format!("late={late}"), words)),
            EventFormat::RoundRobin { .. } => Err(error(format!(
                "{} is for a Swiss event: a round robin's schedule is made when it starts",
                words.given(&format!("late={late}"))
            ))),
        }
    }
}

/// The refusal of a late entry's round that is none, quoted as the player gave it.
fn late_refusal(word: &str, words: &Words) -> CommandError {
    error(format!(
        "{}: members may enter late until a round from the second to the last, like {}",
        words.given(word),
        words.options("tournament create swiss rounds=5 late=2")
    ))
}

/// A Swiss event's rounds, if `n` is a number of them.
fn swiss_rounds(n: u32) -> Option<u32> {
    Some(n).filter(|n| (1..=EventFormat::MAX_SWISS_ROUNDS).contains(n))
}

/// The refusal of rounds that are none, quoted as `given`.
fn rounds_refusal(given: &str, words: &Words) -> CommandError {
    error(format!(
        "{given}: a Swiss event has 1 to {} rounds, like {}",
        EventFormat::MAX_SWISS_ROUNDS,
        words.options("tournament create rounds=5")
    ))
}

/// The refusal of a start that is none, quoted as `given`.
fn starts_refusal(given: &str, words: &Words) -> CommandError {
    error(format!(
        "{given}: a start is a day and time in UTC, like {}",
        words.options("tournament create starts=2026-12-01T18:00")
    ))
}

/// `2026-12-01T18:00` (UTC) in Unix seconds.
fn read_utc_minute(text: &str) -> Option<i64> {
    let (date, time) = text.split_once('t')?;
    let mut date = date.splitn(3, '-').map(str::parse::<i64>);
    let (year, month, day) = (date.next()?.ok()?, date.next()?.ok()?, date.next()?.ok()?);
    let (hour, minute) = time.split_once(':')?;
    let (hour, minute) = (hour.parse::<i64>().ok()?, minute.parse::<i64>().ok()?);
    let valid = (2000..=2200).contains(&year)
        && (1..=12).contains(&month)
        && (1..=31).contains(&day)
        && (0..24).contains(&hour)
        && (0..60).contains(&minute);
    valid.then(|| days_from_civil(year, month, day) * 86_400 + hour * 3600 + minute * 60)
}

/// Unix seconds as `2026-12-01T18:00` (UTC): the time as the `starts=` option writes it.
pub fn utc_minute(at: i64) -> String {
    let shown = crate::text::utc(at);
    shown.trim_end_matches(" UTC").replacen(' ', "T", 1)
}

/// Days since 1970-01-01 of a day of the proleptic Gregorian calendar.
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let of_era = year - era * 400;
    let of_year = (153 * (month + if month > 2 { -3 } else { 9 }) + 2) / 5 + day - 1;
    let of_cycle = of_era * 365 + of_era / 4 - of_era / 100 + of_year;
    era * 146_097 + of_cycle - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_start_reads_back_as_written() {
        for text in ["2026-12-01T18:00", "2000-02-29T00:05", "2199-12-31T23:59"] {
            let at = read_utc_minute(&text.to_lowercase()).unwrap();
            assert_eq!(utc_minute(at), text);
        }
        assert_eq!(read_utc_minute("2026-11-28t14:00"), Some(1_795_874_400));
        assert_eq!(read_utc_minute("2026-13-01t10:00"), None);
    }
}
