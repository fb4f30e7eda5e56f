//! Game records: header lines in the style of chess PGN (`[White "alice"]`), then one turn
//! per line in the official notation; blank lines and `#` comments are ignored. Replaying
//! one checks every turn and every ` (n)`. Of the header, only `Variant` and `Potentials` are read; the other
//! tags (players, date, result) are for people and other programs. Games with potentials
//! (a `Potentials` tag, or `[Variant "ultimate"]`) are read by [`replay_potentials`].

use std::fmt;

use gipf::notation::{ParseTurnError, TurnNotation};
use gipf::{Position, Turn, Variant};

mod json;
mod potentials;

pub use json::{PendingJson, StateJson, SupplyJson};
pub use potentials::{PotentialsReplay, game_name, potentials_spec, replay_potentials, turn_text};

/// A record played through: the position after each turn and the turns themselves.
#[derive(Clone, Debug)]
pub struct Replay {
    /// `positions[0]` is the start; `positions[n]` follows `turns[n - 1]`.
    pub positions: Vec<Position>,
    /// Every completed turn, in order.
    pub turns: Vec<Turn>,
}

impl Replay {
    /// The position after the last turn.
    pub fn last(&self) -> &Position {
        // `positions` always holds at least the start position.
        &self.positions[self.positions.len() - 1]
    }
}

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

    /// The game the header names, checked against the one a command line names: either may
    /// be left out (then the other counts, or else the tournament game), but they must not
    /// differ.
    pub fn variant(&self, flag: Option<Variant>) -> Result<Variant, String> {
        let written = match self.get("Variant") {
            Some(text) => Some(
                text.parse::<Variant>()
                    .map_err(|e| format!("the header's Variant: {e}"))?,
            ),
            None => None,
        };
        match (written, flag) {
            (Some(written), Some(flag)) if written != flag => Err(format!(
                "the header says the game is {written}, the command line {flag}: leave one out"
            )),
            (written, flag) => Ok(written.or(flag).unwrap_or(Variant::Tournament)),
        }
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
    name_ok.then(|| (name.to_string(), unescaped))
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

/// Plays a whole record from the start of the game its header names, or `flag` (they must
/// agree when both are given), or the tournament game.
pub fn replay_with_header(text: &str, flag: Option<Variant>) -> anyhow::Result<Replay> {
    let variant = header(text)?.variant(flag).map_err(anyhow::Error::msg)?;
    Ok(replay(text, variant)?)
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

/// Plays a whole record from the start of `variant`.
pub fn replay(text: &str, variant: Variant) -> Result<Replay, RecordError> {
    let mut replay = Replay {
        positions: vec![Position::new(variant)],
        turns: Vec::new(),
    };
    // A turn the engine completed by itself (the next player removed his rows and then had
    // no reserve): the record may write it on its own line.
    let mut implied: Option<Turn> = None;
    let turns = record_lines(text)?
        .into_iter()
        .filter_map(|(i, line)| match line {
            RecordLine::Turn(turn) => Some((i, turn)),
            RecordLine::Tag(..) => None,
        });
    for (line, turn) in turns {
        let error = |reason: String| RecordError {
            line,
            turn: turn.to_string(),
            reason,
        };
        if let Some(expected) = implied.take() {
            let note: TurnNotation = turn
                .parse()
                .map_err(|e: ParseTurnError| error(e.to_string()))?;
            let written: gipf::Bitboard = note.start.iter().map(|r| r.spot).collect();
            if note.push.is_some() || written != expected.start.spots {
                return Err(error(format!("the game ended with `{expected}`")));
            }
            continue;
        }
        let mut position = *replay.last();
        let done = position
            .play_notation(turn)
            .map_err(|e| error(e.to_string()))?;
        for (i, completed) in done.iter().enumerate() {
            replay.turns.push(*completed);
            replay.positions.push(position);
            if i == 1 {
                implied = Some(*completed);
            }
        }
    }
    Ok(replay)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RECORD: &str = include_str!("../../crates/gipf/tests/data/tournament-41-plies.gipf");

    #[test]
    fn the_shared_record_replays_to_the_known_json() {
        let text = format!("# a comment\n\n{RECORD}");
        let options = gipf::potentials::Options::plain(Variant::Tournament);
        let game = replay_potentials(&text, options).unwrap();
        let json = serde_json::to_value(StateJson::new(game.last())).unwrap();
        let replay = replay(&text, Variant::Tournament).unwrap();
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
        assert_eq!(replay.positions.len(), 42);
    }

    #[test]
    fn an_illegal_line_is_reported_with_its_number_and_reason() {
        let err = replay("Ge8\n# comment\n\nb1-b2\n", Variant::Tournament).unwrap_err();
        assert_eq!(err.line, 4);
        assert_eq!(err.turn, "b1-b2");
        assert!(err.reason.contains("first push"), "{}", err.reason);
        let err = replay("Ge8 (15)", Variant::Tournament).unwrap_err();
        assert_eq!(err.reason, "the reserve after this turn is 16, not 15");
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
        assert_eq!(record.header.variant(None), Ok(handicap));
        assert_eq!(record.header.variant(Some(handicap)), Ok(handicap));
        assert!(record.header.variant(Some(Variant::Standard)).is_err());
        assert_eq!(Header::default().variant(None), Ok(Variant::Tournament));
        assert_eq!(replay_with_header(&text, None).unwrap().turns.len(), 1);
        for (bad, line, reason) in [
            ("c2\n[Event \"x\"]", 2, "after the first turn"),
            ("[Event x]", 1, "reads like"),
            ("[Event \"a\"]\n# note\n[Event \"b\"]", 3, "given already"),
        ] {
            let error = header(bad).unwrap_err();
            assert_eq!(error.line, line, "{bad}");
            assert!(error.reason.contains(reason), "{bad}: {error}");
        }
        let error = replay_with_header("[Variant \"chess\"]\nc2", None).unwrap_err();
        assert!(
            error.to_string().contains("the header's Variant"),
            "{error}"
        );
    }
}
