//! Chat lines into commands. Text only: nothing here knows a game.

use std::fmt;

use gipf::{Entry, Kind, Point, TurnNotation, Variant};

use crate::reply::{UserId, defuse};

/// The longest line the bot reads.
pub const MAX_INPUT_CHARS: usize = 500;

/// Who plays White when a challenge is accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    /// The challenger plays White.
    White,
    /// The challenger plays Black.
    Black,
    /// Decided by a coin toss on acceptance.
    Random,
}

impl ColorChoice {
    /// `white`, `black` or `random`.
    pub fn name(self) -> &'static str {
        match self {
            ColorChoice::White => "white",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        }
    }

    /// The choice written as [`ColorChoice::name`] writes it.
    pub fn from_name(name: &str) -> Option<ColorChoice> {
        match name {
            "white" => Some(ColorChoice::White),
            "black" => Some(ColorChoice::Black),
            "random" => Some(ColorChoice::Random),
            _ => None,
        }
    }
}

/// An answer to a pending decision, given alone or up front with a push.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `row 2`: remove the row numbered 2 first.
    Row(usize),
    /// `take e5 f4`: take these GIPF-pieces of the row, keep the others.
    Take(Vec<Point>),
    /// `take all`.
    TakeAll,
    /// `keep e5`: keep these GIPF-pieces, take the others (`keep all` keeps them all).
    Keep(Vec<Point>),
    /// `keep all`, `take none`.
    KeepAll,
}

/// A command, parsed but not yet checked against any game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `challenge @user [basic|standard|tournament] [white|black|random] [+N|+W/+B]`.
    Challenge {
        /// Who is challenged.
        opponent: UserId,
        /// Which game.
        variant: Variant,
        /// The challenger's colour.
        color: ColorChoice,
    },
    /// `accept`: the challenged user accepts.
    Accept,
    /// `decline`: the challenged user declines.
    Decline,
    /// `cancel`: the challenger withdraws.
    Cancel,
    /// `push b1 c2`, `push G b1 c2`, `gipf b1 c2`, optionally followed by answers.
    Push {
        /// Where.
        entry: Entry,
        /// Which piece.
        piece: Kind,
        /// Answers to the decisions the push may raise, in order.
        answers: Vec<Answer>,
    },
    /// `move <official notation>`: a whole turn.
    Move(TurnNotation),
    /// `row 2`, `take e5`, `keep all`...
    Answer(Answer),
    /// `board [black|white]`.
    Board {
        /// Draw it from Black's side; `None`: from the side of the player to move.
        black_side: Option<bool>,
    },
    /// `history`.
    History,
    /// `resign`.
    Resign,
    /// `games`.
    Games,
    /// `rules`.
    Rules,
    /// `help`.
    Help,
}

/// Why a line is not a command, said so a player can fix it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandError(pub String);

impl fmt::Display for CommandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

fn error(text: impl Into<String>) -> CommandError {
    CommandError(text.into())
}

/// Reads a chat line. `None` if it is not addressed to the bot (no prefix).
///
/// ```
/// use gipf_bot::command::{parse, Command};
/// let command = parse("!PUSH  b1 c2", "!").unwrap().unwrap();
/// assert!(matches!(command, Command::Push { .. }));
/// assert!(parse("hello", "!").is_none());
/// assert_eq!(
///     parse("!push b1 c3", "!").unwrap().unwrap_err().to_string(),
///     "b1 c3: c3 is not a first spot from b1; from b1 you can push to b2 or c2"
/// );
/// ```
pub fn parse(line: &str, prefix: &str) -> Option<Result<Command, CommandError>> {
    let trimmed = line.trim_start();
    let rest = trimmed
        .get(..prefix.len())
        .filter(|head| head.eq_ignore_ascii_case(prefix))
        .map(|_| &trimmed[prefix.len()..])?;
    // `!!!` or `!?` is chat, not a command: a command word starts with a letter.
    if !rest.trim_start().starts_with(char::is_alphabetic) {
        return None;
    }
    if line.chars().count() > MAX_INPUT_CHARS {
        return Some(Err(error(format!(
            "that message is too long for me: I read at most {MAX_INPUT_CHARS} characters"
        ))));
    }
    // Turns are shown in backticks: a copied one keeps them.
    let rest = rest.replace('`', " ");
    let lower = rest.trim().to_lowercase();
    let mut words = lower.split_whitespace();
    let word = words.next()?;
    // Commas and a lone `-` separate words too: `take e5, f4`, `push b1 - c2`.
    let args: Vec<&str> = words
        .flat_map(|w| w.split(','))
        .filter(|w| !w.is_empty() && *w != "-")
        .collect();
    // Keep the original case for notation (`G` marks GIPF-pieces there).
    let raw_args = rest
        .trim()
        .split_once(char::is_whitespace)
        .map_or("", |(_, r)| r.trim());
    Some(parse_command(word, &args, raw_args, prefix))
}

/// The official notation as players type it: `ge8` or `xgd5` mean `Ge8` and `xGd5` (a `g`
/// before a column letter can only mark a GIPF-piece).
fn notation_text(raw: &str) -> String {
    let mut text = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        let marks_gipf = c == 'g' && chars.peek().is_some_and(|n| ('a'..='i').contains(n));
        text.push(if marks_gipf { 'G' } else { c });
    }
    text
}

fn no_args(word: &str, args: &[&str], command: Command) -> Result<Command, CommandError> {
    if args.is_empty() {
        Ok(command)
    } else {
        Err(error(format!("`{word}` takes nothing after it")))
    }
}

fn parse_command(
    word: &str,
    args: &[&str],
    raw_args: &str,
    prefix: &str,
) -> Result<Command, CommandError> {
    match word {
        "challenge" => parse_challenge(args, prefix),
        "accept" => no_args(word, args, Command::Accept),
        "decline" => no_args(word, args, Command::Decline),
        "cancel" => no_args(word, args, Command::Cancel),
        "push" => parse_push(args, Kind::Basic, prefix),
        "gipf" => parse_push(args, Kind::Gipf, prefix),
        "move" => {
            if raw_args.is_empty() {
                return Err(error(format!(
                    "write the whole turn in the official notation, like `{prefix}move b6-f5` or `{prefix}move xe7,e8;c7-e7`"
                )));
            }
            notation_text(raw_args)
                .parse()
                .map(Command::Move)
                .map_err(|e: gipf::ParseTurnError| error(e.to_string()))
        }
        "row" | "take" | "keep" => {
            let (answer, rest) = parse_answer(word, args)?;
            if let Some(extra) = rest.first() {
                return Err(error(format!(
                    "I did not understand `{}` after the answer",
                    defuse(extra)
                )));
            }
            Ok(Command::Answer(answer))
        }
        "board" => match args {
            [] => Ok(Command::Board { black_side: None }),
            ["black"] => Ok(Command::Board {
                black_side: Some(true),
            }),
            ["white"] => Ok(Command::Board {
                black_side: Some(false),
            }),
            _ => Err(error(format!(
                "`{prefix}board` takes nothing, `black` or `white` (the side to see it from)"
            ))),
        },
        "history" => no_args(word, args, Command::History),
        "resign" => no_args(word, args, Command::Resign),
        "games" => no_args(word, args, Command::Games),
        "rules" => no_args(word, args, Command::Rules),
        "help" => Ok(Command::Help),
        other => Err(error(format!(
            "I don't know the command `{}`. Try `{prefix}help` for the list.",
            defuse(&other.chars().take(30).collect::<String>())
        ))),
    }
}

/// `<@123>` or `<@!123>`.
fn parse_mention(word: &str) -> Option<UserId> {
    let inner = word.strip_prefix("<@")?.strip_suffix('>')?;
    let digits = inner.strip_prefix('!').unwrap_or(inner);
    digits.parse().ok().map(UserId)
}

fn parse_challenge(args: &[&str], prefix: &str) -> Result<Command, CommandError> {
    let usage = format!(
        "challenge someone like `{prefix}challenge @name standard random` (game: basic, standard or tournament; \
         your colour: white, black or random; basic takes extra pieces like `+2` or `+0/+3`)"
    );
    let mut opponent = None;
    let mut variant = None;
    let mut extra = None;
    let mut color = None;
    for &arg in args {
        if let Some(user) = parse_mention(arg) {
            if opponent.replace(user).is_some() {
                return Err(error("challenge one player at a time"));
            }
        } else if let Some(c) = ColorChoice::from_name(arg) {
            color = Some(c);
        } else if arg.starts_with('+') {
            extra = Some(arg);
        } else if let Ok(v) = arg.parse::<Variant>() {
            variant = Some(v);
        } else {
            return Err(error(format!(
                "I did not understand `{}`: {usage}",
                defuse(arg)
            )));
        }
    }
    let opponent = opponent.ok_or_else(|| error(format!("whom? Mention the player: {usage}")))?;
    let mut variant = variant.unwrap_or(Variant::Standard);
    if let Some(extra) = extra {
        if variant.name() != "basic" {
            return Err(error(
                "extra pieces (`+1` to `+3`) are for the basic game only",
            ));
        }
        variant = format!("basic{extra}")
            .parse()
            .map_err(|e: gipf::ParseVariantError| error(e.to_string()))?;
    }
    Ok(Command::Challenge {
        opponent,
        variant,
        color: color.unwrap_or(ColorChoice::Random),
    })
}

/// Reads an entry from the start of `args`: `b1 c2`, `b1-c2` or `b1c2`. Returns the rest.
fn parse_entry<'a>(
    args: &'a [&'a str],
    prefix: &str,
) -> Result<(Entry, &'a [&'a str]), CommandError> {
    let usage = || {
        error(format!(
            "name the dot and the first spot, like `{prefix}push b1 c2` (also `b1-c2` or `b1c2`)"
        ))
    };
    let first = args.first().ok_or_else(usage)?.trim_end_matches('-');
    let (text, used) = if first.len() >= 4 {
        (first.to_string(), 1)
    } else {
        let second = args.get(1).ok_or_else(usage)?;
        (format!("{first} {}", second.trim_start_matches('-')), 2)
    };
    let entry = text.parse::<Entry>().map_err(|e| match e {
        gipf::EntryError::Syntax { .. } | gipf::EntryError::Point(_) => {
            CommandError(format!("{} ({})", defuse(&e.to_string()), usage().0))
        }
        other => CommandError(other.to_string()),
    })?;
    Ok((entry, &args[used..]))
}

fn parse_push(args: &[&str], mut piece: Kind, prefix: &str) -> Result<Command, CommandError> {
    let mut args = args;
    if let Some((&"g", rest)) = args.split_first() {
        piece = Kind::Gipf;
        args = rest;
    }
    // `Gb1c2` / `gb1-c2`: a GIPF-piece written glued to the entry.
    let glued;
    if let Some(first) = args.first()
        && let Some(stripped) = first.strip_prefix('g')
        && stripped.len() >= 2
        && stripped.starts_with(|c: char| ('a'..='i').contains(&c))
    {
        piece = Kind::Gipf;
        let mut rest: Vec<&str> = vec![stripped];
        rest.extend_from_slice(&args[1..]);
        glued = rest;
        args = &glued;
    }
    let (entry, mut rest) = parse_entry(args, prefix)?;
    let mut answers = Vec::new();
    while let Some((word, tail)) = rest.split_first() {
        let (answer, after) = parse_answer(word, tail)?;
        answers.push(answer);
        rest = after;
    }
    Ok(Command::Push {
        entry,
        piece,
        answers,
    })
}

/// One answer starting at `word`; returns it and the words after it.
fn parse_answer<'a>(
    word: &str,
    args: &'a [&'a str],
) -> Result<(Answer, &'a [&'a str]), CommandError> {
    let spots = |args: &'a [&'a str]| {
        let count = args
            .iter()
            .take_while(|a| a.parse::<Point>().is_ok())
            .count();
        let points = args[..count]
            .iter()
            .filter_map(|a| a.parse().ok())
            .collect::<Vec<Point>>();
        (points, &args[count..])
    };
    match word {
        "row" => {
            let n = args
                .first()
                .and_then(|a| a.parse::<usize>().ok())
                .filter(|n| *n >= 1);
            let n = n.ok_or_else(|| error("say which row by its number, like `row 2`"))?;
            Ok((Answer::Row(n), &args[1..]))
        }
        "take" | "keep" => {
            let keep = word == "keep";
            match args.first().copied() {
                Some("all") => Ok((
                    if keep {
                        Answer::KeepAll
                    } else {
                        Answer::TakeAll
                    },
                    &args[1..],
                )),
                Some("none") => Ok((
                    if keep {
                        Answer::TakeAll
                    } else {
                        Answer::KeepAll
                    },
                    &args[1..],
                )),
                _ => {
                    let (points, rest) = spots(args);
                    if points.is_empty() {
                        return Err(error(format!(
                            "say which GIPF-pieces to {word} by their spots, like `{word} e5 f4`, or `{word} all`"
                        )));
                    }
                    Ok((
                        if keep {
                            Answer::Keep(points)
                        } else {
                            Answer::Take(points)
                        },
                        rest,
                    ))
                }
            }
        }
        other => Err(error(format!(
            "after the push I understand `row N`, `take <spots>`, `take all`, `keep all`; not `{}`",
            defuse(other)
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(line: &str) -> Command {
        parse(line, "!").unwrap().unwrap()
    }

    fn err(line: &str) -> String {
        parse(line, "!").unwrap().unwrap_err().0
    }

    #[test]
    fn pushes_in_every_form() {
        let b1c2: Entry = "b1-c2".parse().unwrap();
        for line in [
            "!push b1 c2",
            "!push b1-c2",
            "!push b1c2",
            "!PUSH B1 C2",
            "  !push   b1  -c2 ",
        ] {
            assert_eq!(
                ok(line),
                Command::Push {
                    entry: b1c2,
                    piece: Kind::Basic,
                    answers: vec![]
                },
                "{line}"
            );
        }
        for line in [
            "!push G b1 c2",
            "!gipf b1 c2",
            "!push Gb1c2",
            "!push gb1-c2",
        ] {
            assert_eq!(
                ok(line),
                Command::Push {
                    entry: b1c2,
                    piece: Kind::Gipf,
                    answers: vec![]
                },
                "{line}"
            );
        }
        let e5: Point = "e5".parse().unwrap();
        assert_eq!(
            ok("!push b1 c2 row 2 take e5 keep all"),
            Command::Push {
                entry: b1c2,
                piece: Kind::Basic,
                answers: vec![Answer::Row(2), Answer::Take(vec![e5]), Answer::KeepAll]
            }
        );
    }

    #[test]
    fn bad_pushes_say_what_is_right() {
        assert_eq!(
            err("!push b1 c3"),
            "b1 c3: c3 is not a first spot from b1; from b1 you can push to b2 or c2"
        );
        assert!(err("!push e5 e6").contains("e5 is a spot, not a dot"));
        assert!(err("!push").contains("like `!push b1 c2`"));
        assert!(err("!push b1 c2 jump").contains("not `jump`"));
        assert!(err("!push zz c2").contains("not a point of the board"));
    }

    #[test]
    fn challenges() {
        assert_eq!(
            ok("!challenge <@42>"),
            Command::Challenge {
                opponent: UserId(42),
                variant: Variant::Standard,
                color: ColorChoice::Random
            }
        );
        assert_eq!(
            ok("!challenge tournament <@!42> black"),
            Command::Challenge {
                opponent: UserId(42),
                variant: Variant::Tournament,
                color: ColorChoice::Black
            }
        );
        assert_eq!(
            ok("!challenge <@42> basic +0/+3 white"),
            Command::Challenge {
                opponent: UserId(42),
                variant: Variant::Basic { extra: [0, 3] },
                color: ColorChoice::White
            }
        );
        assert!(err("!challenge standard").contains("Mention the player"));
        assert!(err("!challenge <@42> standard +2").contains("basic game only"));
        assert!(err("!challenge <@42> basic +9").contains("0 to 3"));
        assert!(err("!challenge <@42> chess").contains("`chess`"));
    }

    #[test]
    fn answers_moves_and_the_rest() {
        assert_eq!(ok("!row 2"), Command::Answer(Answer::Row(2)));
        assert_eq!(ok("!keep all"), Command::Answer(Answer::KeepAll));
        assert_eq!(ok("!take none"), Command::Answer(Answer::KeepAll));
        assert!(err("!row zero").contains("row 2"));
        assert!(matches!(ok("!move xe7,e8;c7-e7"), Command::Move(_)));
        assert!(matches!(ok("!move Gd8-f7"), Command::Move(n) if n.push.is_some()));
        assert!(err("!move").contains("official notation"));
        assert_eq!(
            ok("!board black"),
            Command::Board {
                black_side: Some(true)
            }
        );
        assert_eq!(ok("!help"), Command::Help);
        assert!(err("!resign now").contains("takes nothing"));
        assert!(err("!dance").contains("I don't know the command `dance`"));
        assert!(parse("push b1 c2", "!").is_none());
        assert!(matches!(
            parse("?push b1 c2", "?"),
            Some(Ok(Command::Push { .. }))
        ));
    }

    #[test]
    fn hostile_input_is_bounded_and_defused() {
        assert!(err(&format!("!push {}", "a".repeat(600))).contains("at most 500"));
        let text = err("!hi@everyone");
        assert!(!text.contains("@everyone"), "{text}");
        let text = err("!challenge <@1> <@&55>");
        assert!(!text.contains("<@&"), "{text}");
    }

    #[test]
    fn chat_that_only_looks_like_a_command_is_ignored() {
        for line in [
            "!",
            "!!!",
            "!?",
            "! ",
            "!123",
            "!@everyone",
            "hello !push b1 c2",
        ] {
            assert!(parse(line, "!").is_none(), "{line}");
        }
        assert!(matches!(ok("! board"), Command::Board { .. }));
        // A word prefix matches in any case.
        assert!(matches!(
            parse("GIPF! board", "gipf!"),
            Some(Ok(Command::Board { .. }))
        ));
    }

    #[test]
    fn what_players_copy_and_type_is_understood() {
        let b1c2: Entry = "b1-c2".parse().unwrap();
        for line in ["!push b1 - c2", "!push b1- c2", "!push `b1 c2`"] {
            assert!(
                matches!(ok(line), Command::Push { entry, .. } if entry == b1c2),
                "{line}"
            );
        }
        let e5: Point = "e5".parse().unwrap();
        let f4: Point = "f4".parse().unwrap();
        assert_eq!(
            ok("!take e5, f4"),
            Command::Answer(Answer::Take(vec![e5, f4]))
        );
        assert_eq!(
            ok("!take e5,f4"),
            Command::Answer(Answer::Take(vec![e5, f4]))
        );
        // The bot shows turns in backticks; a copied turn keeps them.
        let Command::Move(note) = ok("!move `c2 (11)`") else {
            panic!("not a move")
        };
        assert_eq!(note.reserve, Some(11));
        // A lower-case `g` before a column marks a GIPF-piece; before a row number it is column g.
        let Command::Move(note) = ok("!move xgd5*,g2;gd8-f7") else {
            panic!("not a move")
        };
        assert!(note.start[0].gipf && !note.start[1].gipf);
        assert!(matches!(
            note.push,
            Some(gipf::PushNote::Line { gipf: true, .. })
        ));
    }
}
