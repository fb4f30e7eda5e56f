//! Game records: header lines in the style of chess PGN (`[White "alice"]`), then one turn
//! per line in the official notation; blank lines and `#` comments are ignored. Replaying
//! one checks every turn and every ` (n)`. Of the header, only `Variant` and `Potentials` are
//! read, once, into a [`GameSpec`](crate::model::GameSpec) ([`Header::rules`]; a
//! `Potentials` tag, or `[Variant "ultimate"]`, makes a game with potentials); the other tags
//! (players, date, result) are for people and other programs. Every game replays on the
//! rules crate's one machine ([`replay`]); the engine's kernel, the base game's `Position`,
//! has its own replay ([`base_replay`]).

use std::fmt;

mod base;
mod json;
mod replay;
#[cfg(test)]
mod round_trip_tests;
mod rules;

pub use base::{BaseReplay, base_replay};
pub use json::{PendingJson, StateJson, SupplyJson};
pub use replay::{Replay, replay, turn_text};
pub use rules::RulesError;

/// Where and why a record is illegal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordError {
    /// Line number, from 1.
    pub line: usize,
    /// The turn as written on that line.
    pub turn: String,
    /// Why it is refused.
    pub reason: String,
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: `{}`: {}", self.line, self.turn, self.reason)
    }
}

impl std::error::Error for RecordError {}

/// The tag lines at the top of a record, in order: `[Name "value"]`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Header(pub Vec<(String, String)>);

impl Header {
    /// The value of tag `name`, if the header has it.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// A header line's name and value: `[Name "value"]`, `\"` and `\\` escaped in the value.
fn tag(line: &str) -> Option<(String, String)> {
    let inner = line.strip_prefix('[')?.strip_suffix(']')?;
    let (name, value) = inner.split_once(char::is_whitespace)?;
    let value = value.trim().strip_prefix('"')?.strip_suffix('"')?;
    let name_ok = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    let mut unescaped = String::with_capacity(value.len());
    let mut chars = value.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => unescaped.push(chars.next()?),
            '"' => return None,
            c => unescaped.push(c),
        }
    }
    // A carriage return alone does not end a line here, but would elsewhere: it is read as
    // the space a writer makes of it, so that a record read and written back is the same.
    name_ok.then(|| (name.to_string(), unescaped.replace('\r', " ")))
}

/// A record's lines: header tags and turns, with their line numbers.
enum RecordLine<'a> {
    Tag(String, String),
    Turn(&'a str),
}

/// Reads a record's lines: its header (before the first turn only, each name once) and its
/// turns; blank lines and `#` comments left out.
fn record_lines(text: &str) -> Result<Vec<(usize, RecordLine<'_>)>, RecordError> {
    let mut lines = Vec::new();
    let mut seen_turn = false;
    let mut names = Vec::new();
    for (i, line) in text.lines().enumerate().map(|(i, l)| (i + 1, l.trim())) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let error = |reason: &str| RecordError {
            line: i,
            turn: line.chars().take(80).collect(),
            reason: reason.to_string(),
        };
        if !line.starts_with('[') {
            seen_turn = true;
            lines.push((i, RecordLine::Turn(line)));
            continue;
        }
        if seen_turn {
            return Err(error(
                "a header line after the first turn: the header goes at the top",
            ));
        }
        let Some((name, value)) = tag(line) else {
            return Err(error(r#"a header line reads like [Name "value"]"#));
        };
        if names.contains(&name) {
            return Err(error("this tag was given already"));
        }
        names.push(name.clone());
        lines.push((i, RecordLine::Tag(name, value)));
    }
    Ok(lines)
}

/// The header of a record.
pub fn header(text: &str) -> Result<Header, RecordError> {
    let tags = record_lines(text)?
        .into_iter()
        .filter_map(|(_, line)| match line {
            RecordLine::Tag(name, value) => Some((name, value)),
            RecordLine::Turn(_) => None,
        });
    Ok(Header(tags.collect()))
}

/// A record as the bot writes it: the header, a blank line, then one turn per line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The tags.
    pub header: Header,
    /// The turns in the official notation.
    pub turns: Vec<String>,
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (name, value) in &self.header.0 {
            let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
            // A line break in a name would end the tag: it becomes a space.
            let escaped = escaped.replace(['\n', '\r'], " ");
            writeln!(f, "[{name} \"{escaped}\"]")?;
        }
        if !self.header.0.is_empty() {
            writeln!(f)?;
        }
        self.turns.iter().try_for_each(|turn| writeln!(f, "{turn}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::GameSpec;
    use gipf::Variant;

    const RECORD: &str = include_str!("../../crates/gipf/tests/data/tournament-41-plies.gipf");

    #[test]
    fn the_shared_record_replays_to_the_known_json() {
        let text = format!("# a comment\n\n{RECORD}");
        let options = gipf::potentials::Options::plain(Variant::Tournament);
        let replay = replay(&text, options).unwrap();
        let json = serde_json::to_value(StateJson::new(replay.last())).unwrap();
        assert_eq!(json["plies"], 41);
        assert_eq!(json["to_move"], "black");
        assert_eq!(json["reserve"], serde_json::json!({"white": 5, "black": 1}));
        assert_eq!(json["lost"], serde_json::json!({"white": 2, "black": 6}));
        assert_eq!(json["board"]["c4"], "B");
        assert_eq!(json["board"]["b5"], "w");
        assert_eq!(json["board"].as_object().map(|b| b.len()), Some(18));
        assert_eq!(json["status"], "ongoing");
        assert_eq!(json["pending"], serde_json::Value::Null);
        assert_eq!(replay.turns.len(), 41);
        assert_eq!(replay.games.len(), 42);
    }

    #[test]
    fn an_illegal_line_is_reported_with_its_number_and_reason() {
        let tournament = gipf::potentials::Options::plain(Variant::Tournament);
        let err = replay("Ge8\n# comment\n\nb1-b2\n", tournament).unwrap_err();
        assert_eq!(err.line, 4);
        assert_eq!(err.turn, "b1-b2");
        assert!(err.reason.contains("first push"), "{}", err.reason);
        let err = replay("Ge8 (15)", tournament).unwrap_err();
        assert_eq!(err.reason, "the reserve after the turn is 16, not 15");
    }

    /// Found by the fuzzer (`fuzz/` target `record`): a tag's value with a carriage return
    /// alone read back differently once written.
    #[test]
    fn a_carriage_return_in_a_tag_reads_as_the_space_it_is_written_as() {
        let read = header("[Event \"gipf\rbot game 1\"]\nc2 (11)\n").unwrap();
        assert_eq!(read.get("Event"), Some("gipf bot game 1"));
        let written = GameRecord {
            header: read.clone(),
            turns: vec!["c2 (11)".into()],
        };
        assert_eq!(header(&written.to_string()).unwrap(), read);
    }

    #[test]
    fn a_header_is_written_and_read_back_and_only_at_the_top() {
        let record = GameRecord {
            header: Header(vec![
                ("White".into(), r#"al "the" \ice"#.into()),
                ("Variant".into(), "basic+0/+3".into()),
            ]),
            turns: vec!["c2 (11)".into()],
        };
        let text = record.to_string();
        assert_eq!(
            text,
            "[White \"al \\\"the\\\" \\\\ice\"]\n[Variant \"basic+0/+3\"]\n\nc2 (11)\n"
        );
        assert_eq!(header(&text).unwrap(), record.header);
        let handicap = Variant::Basic {
            extra: gipf::ByColor::new(0, 3),
        };
        let spec = |flag: Option<&str>| {
            let flag = flag.map(|name| name.parse().unwrap());
            record.header.rules(flag, None)
        };
        assert_eq!(spec(None), Ok(GameSpec::Plain(handicap)));
        assert_eq!(spec(Some("basic+0/+3")), Ok(GameSpec::Plain(handicap)));
        assert!(spec(Some("standard")).is_err());
        let tournament = GameSpec::Plain(Variant::Tournament);
        assert_eq!(Header::default().rules(None, None), Ok(tournament));
        let options = spec(None).unwrap().options();
        assert_eq!(replay(&text, options).unwrap().turns.len(), 1);
        for (bad, line, reason) in [
            ("c2\n[Event \"x\"]", 2, "after the first turn"),
            ("[Event x]", 1, "reads like"),
            ("[Event \"a\"]\n# note\n[Event \"b\"]", 3, "given already"),
        ] {
            let error = header(bad).unwrap_err();
            assert_eq!(error.line, line, "{bad}");
            assert!(error.reason.contains(reason), "{bad}: {error}");
        }
        let chess = header("[Variant \"chess\"]\nc2").unwrap().rules(None, None);
        let error = chess.unwrap_err().to_string();
        assert!(error.contains("the header's Variant"), "{error}");
    }
}
