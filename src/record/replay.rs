//! A record's replay on the one machine that plays every game, with or without potentials.

use gipf::Point;
use gipf::potentials::{Game, Options, Turn};

use super::{RecordError, RecordLine, record_lines};

/// A record played through.
#[derive(Clone, Debug)]
pub struct Replay {
    /// `games[0]` is the start; `games[n]` follows `turns[n - 1]`.
    pub games: Vec<Game>,
    /// Every completed turn.
    pub turns: Vec<Turn>,
    /// For each turn line of the record, the index in `games` of the game after it (a
    /// line may complete two turns, and the second may be written again on a line of its
    /// own).
    pub lines: Vec<usize>,
}

impl Replay {
    /// The game after the last turn.
    pub fn last(&self) -> &Game {
        &self.games[self.games.len() - 1]
    }

    /// The game after the record's first `lines` turn lines (all of them if it has fewer),
    /// and the last turn those lines complete.
    pub fn after_lines(&self, lines: usize) -> (&Game, Option<&Turn>) {
        let index = match lines.min(self.lines.len()) {
            0 => 0,
            n => self.lines[n - 1],
        };
        let last = index.checked_sub(1).and_then(|i| self.turns.get(i));
        (&self.games[index], last)
    }
}

impl Replay {
    /// This replay with each line's push said from the dot its player named (`dots[i]`
    /// for line `i`, `None`: the replay's choice), where the notation leaves it out: the
    /// same game, each turn entered as it was played.
    pub fn entered_from(mut self, dots: &[Option<Point>]) -> Replay {
        for (line, dot) in dots.iter().enumerate() {
            let Some(dot) = *dot else {
                continue;
            };
            // The first turn a line completes follows the game after the line before it.
            let before = match line.checked_sub(1) {
                Some(previous) => self.lines.get(previous).copied(),
                None => Some(0),
            };
            let after = self.lines.get(line).copied();
            if let (Some(before), Some(after)) = (before, after)
                && before < after
            {
                self.turns[before] = self.turns[before].clone().entered_from(dot);
            }
        }
        self
    }
}

/// Plays a whole record from the start of the game `options` describe (a game without
/// potentials: [`Options::plain`]).
pub fn replay(text: &str, options: Options) -> Result<Replay, RecordError> {
    crate::cost::replayed();
    let mut replay = Replay {
        games: vec![Game::new(options)],
        turns: Vec::new(),
        lines: Vec::new(),
    };
    // A turn the rules completed by themselves (the next player dealt with his rows and
    // then lost): the record may write it on its own line.
    let mut implied: Option<Turn> = None;
    for (line, turn) in record_lines(text)?
        .into_iter()
        .filter_map(|(i, line)| match line {
            RecordLine::Turn(turn) => Some((i, turn)),
            RecordLine::Tag(..) => None,
        })
    {
        let error = |reason: String| RecordError {
            line,
            turn: turn.to_string(),
            reason,
        };
        if let Some(expected) = implied.take() {
            let written = turn.split(" (").next().unwrap_or_default().trim();
            if written != turn_text(&options, &expected, false) {
                return Err(error(format!("the game ended with `{expected}`")));
            }
            replay.lines.push(replay.games.len() - 1);
            continue;
        }
        let mut game = replay.last().clone();
        let done = game.play_notation(turn).map_err(|e| error(e.to_string()))?;
        for (i, completed) in done.into_iter().enumerate() {
            if i == 1 {
                implied = Some(completed.clone());
            }
            replay.turns.push(completed);
            replay.games.push(game.clone());
        }
        replay.lines.push(replay.games.len() - 1);
    }
    Ok(replay)
}

/// A turn as records write it: in the base game's notation for a game without potentials
/// (each removal step one group), else with each row a group of its own; `count` adds the
/// reserve, ` (n)`.
pub fn turn_text(options: &Options, turn: &Turn, count: bool) -> String {
    match (options.is_plain(), count) {
        (false, true) => format!("{turn:#}"),
        (false, false) => turn.to_string(),
        (true, true) => format!("{:#}", turn.base_notation()),
        (true, false) => turn.base_notation().to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::GameSpec;
    use crate::record::header;

    const RECORD: &str =
        "[Variant \"standard\"]\n[Potentials \"W:Z3,D3 B:Z3,D3\"]\nZc2 (11)\nDd7 (11)\n";

    #[test]
    fn the_record_example_prints_the_json_of_section_11() {
        let GameSpec::Potentials(options) = header(RECORD).unwrap().rules(None, None).unwrap()
        else {
            panic!("a game with potentials");
        };
        let replay = replay(RECORD, options).unwrap();
        let json = serde_json::to_string(&crate::record::StateJson::new(replay.last())).unwrap();
        assert_eq!(
            json,
            concat!(
                r#"{"variant":"standard","plies":2,"to_move":"white","reserve":{"white":11,"black":11},"#,
                r#""lost":{"white":0,"black":0},"supply":{"white":{"T":0,"Z":2,"D":3,"Y":0,"P":0},"#,
                r#""black":{"T":0,"Z":3,"D":2,"Y":0,"P":0}},"board":{"b2":"B","b5":"W","c2":"wZ","d7":"bD","#,
                r#""e2":"W","e8":"B","h2":"B","h5":"W"},"status":"ongoing","pending":null}"#
            )
        );
    }

    #[test]
    fn an_illegal_line_names_its_number_and_the_game_is_unchanged() {
        let text = "[Variant \"ultimate\"]\nGe8\nGb2\nPe5>e6\n";
        let error = replay(text, Options::ultimate()).unwrap_err();
        assert_eq!((error.line, error.turn.as_str()), (4, "Pe5>e6"));
        assert_eq!(
            error.reason,
            "e5 holds no PÜNCT-loaded piece of yours, and you have none uncovered"
        );
    }
}
