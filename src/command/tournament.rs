//! Tournaments: `tournament create|join|leave|start|standings|pairings|withdraw|cancel`, and
//! `tournaments` (this server's events).

use std::fmt;

use gipf_ai::Level;

use super::challenge::game_words;
use super::options::Given;
use super::syntax::Subcommand;
use super::tournament_create::{
    CREATE_ARGS, NewEvent, event_name, fill_create, parse_create, quoted, utc_minute,
};
use super::{
    ArgKind, Choices, Command, CommandError, Syntax, Words, arg, at_least, error, line,
    parse_mention, required,
};
use crate::model::{EventFormat, UserId};

/// A tournament command, for the event of the channel it is given in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TournamentCommand {
    /// `tournament create "Name" swiss rounds=5|roundrobin [double] <game> [days=N] [rated]
    /// [starts=YYYY-MM-DDTHH:MM]` (a moderator).
    Create(NewEvent),
    /// `tournament join`, or `tournament join @gipf-bot <level>` to enter the bot's engine.
    Join {
        /// The bot, when it is the one entered.
        engine: Option<(UserId, Level)>,
    },
    /// `tournament leave`: out of an event that has not started; after its start, with
    /// `confirm`, a withdrawal for good (asked first).
    Leave {
        /// The player was told what leaving a started event does, and means it.
        confirmed: bool,
    },
    /// `tournament start` (a moderator).
    Start,
    /// `tournament standings ["Name"]`: this channel's event, or the server's event of that
    /// name (a finished one too).
    Standings {
        /// The event's name, if one is given.
        name: Option<String>,
    },
    /// `tournament pairings ["Name"] [round]`: a round's games, the latest by default, of
    /// this channel's event or the server's event of that name.
    Pairings {
        /// The event's name, if one is given.
        name: Option<String>,
        /// The round, if one is named.
        round: Option<u32>,
    },
    /// `tournament withdraw @member` (a moderator).
    Withdraw {
        /// Who.
        player: UserId,
    },
    /// `tournament cancel` (a moderator).
    Cancel,
    /// `tournaments`: this server's events, running and past.
    List,
}

impl TournamentCommand {
    /// The word of its canonical line.
    pub fn word(&self) -> &'static str {
        match self {
            TournamentCommand::List => "tournaments",
            _ => "tournament",
        }
    }

    /// Its subcommand's word (`tournaments` has none).
    pub fn subcommand(&self) -> Option<&'static str> {
        Some(match self {
            TournamentCommand::Create(_) => "create",
            TournamentCommand::Join { .. } => "join",
            TournamentCommand::Leave { .. } => "leave",
            TournamentCommand::Start => "start",
            TournamentCommand::Standings { .. } => "standings",
            TournamentCommand::Pairings { .. } => "pairings",
            TournamentCommand::Withdraw { .. } => "withdraw",
            TournamentCommand::Cancel => "cancel",
            TournamentCommand::List => return None,
        })
    }
}

impl From<TournamentCommand> for Command {
    fn from(command: TournamentCommand) -> Command {
        Command::Tournament(command)
    }
}

impl fmt::Display for TournamentCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<Option<String>> = match self {
            TournamentCommand::Create(event) => create_parts(event),
            TournamentCommand::Join {
                engine: Some((bot, level)),
            } => vec![Some(bot.mention()), Some(level.to_string())],
            TournamentCommand::Pairings { name, round } => vec![
                name.as_ref().map(|n| format!("\"{n}\"")),
                round.map(|r| r.to_string()),
            ],
            TournamentCommand::Withdraw { player } => vec![Some(player.mention())],
            TournamentCommand::Leave { confirmed: true } => vec![Some("confirm".into())],
            TournamentCommand::Standings { name } => {
                vec![name.as_ref().map(|n| format!("\"{n}\""))]
            }
            _ => Vec::new(),
        };
        let sub = self.subcommand().map(str::to_string);
        line(f, self.word(), std::iter::once(sub).chain(parts))
    }
}

/// What follows `tournament create`.
fn create_parts(event: &NewEvent) -> Vec<Option<String>> {
    let mut parts = vec![Some(format!("\"{}\"", event.name))];
    parts.push(Some(event.format.word().to_string()));
    parts.push(match event.format {
        EventFormat::Swiss { rounds } => Some(format!("rounds={rounds}")),
        EventFormat::RoundRobin { cycles } => (cycles == 2).then(|| "double".into()),
    });
    parts.extend(game_words(event.variant, event.potentials));
    parts.push(event.days.map(|days| format!("days={days}")));
    parts.push(event.rated.then(|| "rated".into()));
    parts.push(event.starts.map(|at| format!("starts={}", utc_minute(at))));
    parts.push(event.clocks.no_vacation.then(|| "vacation=off".into()));
    parts.push(event.clocks.no_givetime.then(|| "givetime=off".into()));
    parts.push(event.late.map(|round| format!("late={round}")));
    parts
}

const SUBCOMMANDS: &[Subcommand] = &[
    Subcommand {
        word: "create",
        summary: "Open a tournament in this channel (moderators)",
        args: CREATE_ARGS,
        fill: |given| Ok(TournamentCommand::Create(fill_create(given)?).into()),
    },
    Subcommand {
        word: "join",
        summary: "Enter this channel's tournament (or enter me, at a level)",
        args: &[arg(
            "level",
            "Enter me instead, at this strength, to make the numbers even",
            ArgKind::Choice(Choices::Levels),
        )],
        fill: fill_join,
    },
    Subcommand {
        word: "leave",
        summary: "Take your entry back, or withdraw once it started",
        args: &[arg(
            "confirm",
            "Withdraw from a started tournament for good (I ask first)",
            ArgKind::Flag("confirm"),
        )],
        fill: |given| {
            let confirmed = given.flag("confirm");
            Ok(TournamentCommand::Leave { confirmed }.into())
        },
    },
    Subcommand {
        word: "start",
        summary: "Close the entries and pair round 1 (moderators)",
        args: &[],
        fill: |_| Ok(TournamentCommand::Start.into()),
    },
    Subcommand {
        word: "standings",
        summary: "The entries, or the points and tie-breaks",
        args: &[arg(
            "name",
            "A tournament of this server by its name (this channel's if left out)",
            ArgKind::Text,
        )],
        fill: |given| {
            let name = given
                .text("name")
                .map(|name| event_name(&name, &given.words()));
            Ok(TournamentCommand::Standings {
                name: name.transpose()?,
            }
            .into())
        },
    },
    Subcommand {
        word: "pairings",
        summary: "A round's games (the latest if left out)",
        args: &[
            arg("round", "Which round", at_least(1)),
            arg(
                "name",
                "A tournament of this server by its name (this channel's if left out)",
                ArgKind::Text,
            ),
        ],
        fill: fill_pairings,
    },
    Subcommand {
        word: "withdraw",
        summary: "Take a player out of the tournament (moderators)",
        args: &[required(arg("member", "Whom to withdraw", ArgKind::User))],
        fill: |given| {
            let player = given.user("member");
            let player = player.ok_or_else(|| withdraw_usage(&given.words()))?;
            Ok(TournamentCommand::Withdraw { player }.into())
        },
    },
    Subcommand {
        word: "cancel",
        summary: "Call the tournament off (moderators)",
        args: &[],
        fill: |_| Ok(TournamentCommand::Cancel.into()),
    },
];

/// The family's rows.
pub(super) const SYNTAX: &[Syntax] = &[
    Syntax {
        word: "tournament",
        summary: "A tournament in this channel: create, join, leave, start, standings, pairings, withdraw, cancel",
        help: "`{p}tournament create \"Winter Cup\" swiss rounds=5 standard days=3 [rated]` (moderators), `{p}tournament join`, `leave`, `start`, `standings [\"Name\"]`, `pairings [\"Name\"] [round]`, `withdraw @member`, `cancel`: a tournament in this channel, each game in a thread of its own",
        place: 297,
        // Moderators create, start, withdraw and cancel.
        moderated: true,
        slash: true,
        parse: parse_tournament,
        subcommands: SUBCOMMANDS,
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "tournaments",
        summary: "This server's tournaments, running and past",
        help: "`{p}tournaments`: this server's tournaments, running and past",
        place: 298,
        asker_only: true,
        slash: true,
        parse: |words| words.alone(TournamentCommand::List),
        fill: |_| Ok(TournamentCommand::List.into()),
        ..Syntax::DEFAULT
    },
];

/// How to write the subcommands, for a refusal.
fn usage(words: &Words) -> String {
    format!(
        "{} takes one of `create`, `join`, `leave`, `start`, `standings`, `pairings`, \
         `withdraw` or `cancel`, like {}",
        words.bare("tournament"),
        words.cmd("tournament join")
    )
}

fn parse_tournament(words: &Words) -> Result<Command, CommandError> {
    let Some((&sub, rest)) = words.args.split_first() else {
        return Err(error(usage(words)));
    };
    let command = match (sub, rest) {
        ("create", _) => TournamentCommand::Create(parse_create(words)?),
        ("join", []) => TournamentCommand::Join { engine: None },
        ("join", [bot, level]) => join_engine(bot, level, words)?,
        ("leave", []) => TournamentCommand::Leave { confirmed: false },
        ("leave", ["confirm"]) => TournamentCommand::Leave { confirmed: true },
        ("start", []) => TournamentCommand::Start,
        ("standings", []) => TournamentCommand::Standings { name: None },
        ("standings", _) => return parse_standings(words),
        ("pairings", []) => TournamentCommand::Pairings {
            name: None,
            round: None,
        },
        // One word is a round (a name of one word goes in quotes).
        ("pairings", [round]) if !round.starts_with(['"', '“']) => TournamentCommand::Pairings {
            name: None,
            round: Some(round_number(round, words)?),
        },
        ("pairings", _) => return parse_pairings(words),
        ("withdraw", [member]) => TournamentCommand::Withdraw {
            player: parse_mention(member).ok_or_else(|| withdraw_usage(words))?,
        },
        ("withdraw", _) => return Err(withdraw_usage(words)),
        ("cancel", []) => TournamentCommand::Cancel,
        ("join" | "leave" | "start" | "cancel", _) => {
            return Err(error(format!(
                "{} takes nothing more here, like {}",
                words.bare(&format!("tournament {sub}")),
                words.cmd(&format!("tournament {sub}"))
            )));
        }
        _ => return Err(error(usage(words))),
    };
    Ok(command.into())
}

fn withdraw_usage(words: &Words) -> CommandError {
    error(format!(
        "name the player to withdraw: {}",
        words.cmd("tournament withdraw @member")
    ))
}

/// `join @gipf-bot medium`: the engine entered at a level (the service checks the bot).
fn join_engine(bot: &str, level: &str, words: &Words) -> Result<TournamentCommand, CommandError> {
    let entered = parse_mention(bot).zip(level.parse::<Level>().ok());
    let engine = entered.ok_or_else(|| {
        error(format!(
            "to enter me, name me and a level ({}), like {}",
            Level::ALL.map(Level::name).join(", "),
            words.cmd("tournament join @gipf-bot medium")
        ))
    })?;
    Ok(TournamentCommand::Join {
        engine: Some(engine),
    })
}

/// A round's number, from 1.
fn round_number(word: &str, words: &Words) -> Result<u32, CommandError> {
    let round = word.parse::<u32>().ok().filter(|&n| n >= 1);
    round.ok_or_else(|| round_refusal(&words.given(word), words))
}

/// The refusal of a round that is none, quoted as `given`.
fn round_refusal(given: &str, words: &Words) -> CommandError {
    error(format!(
        "{given}: a round is a number from 1, like {}",
        words.cmd("tournament pairings 2")
    ))
}

/// `pairings "Name" [round]`: a round of the server's event of that name.
fn parse_pairings(words: &Words) -> Result<Command, CommandError> {
    let raw = words.raw.trim_start();
    let after_sub = raw.get("pairings".len()..).unwrap_or("").trim();
    let (name, rest) = quoted(after_sub).unwrap_or_else(|| match after_sub.rsplit_once(' ') {
        Some((name, last)) if last.parse::<u32>().is_ok() => (name.into(), last.into()),
        _ => (after_sub.to_string(), String::new()),
    });
    let round = match rest.trim() {
        "" => None,
        round => Some(round_number(round, words)?),
    };
    let name = Some(event_name(&name, words)?);
    Ok(TournamentCommand::Pairings { name, round }.into())
}

/// `/tournament pairings [name] [round]`.
fn fill_pairings(given: &Given) -> Result<Command, CommandError> {
    let name = (given.text("name"))
        .map(|name| event_name(&name, &given.words()))
        .transpose()?;
    let round = match given.number("round") {
        None => None,
        Some(n) => Some(
            u32::try_from(n)
                .ok()
                .filter(|&n| n >= 1)
                .ok_or_else(|| round_refusal(&given.quote("round", n), &given.words()))?,
        ),
    };
    Ok(TournamentCommand::Pairings { name, round }.into())
}

/// `/tournament join [level]`: the author, or (a level given) my engine.
fn fill_join(given: &Given) -> Result<Command, CommandError> {
    let Some(level) = given.text("level") else {
        return Ok(TournamentCommand::Join { engine: None }.into());
    };
    let level = level.to_lowercase().parse::<Level>().map_err(|_| {
        error(format!(
            "{}: a level is one of {}",
            given.quote("level", &level),
            Level::ALL.map(Level::name).join(", ")
        ))
    })?;
    let me = given.me().ok_or_else(|| {
        error("I cannot be entered before I am fully connected: try again in a minute")
    })?;
    Ok(TournamentCommand::Join {
        engine: Some((me, level)),
    }
    .into())
}

/// `standings "Name"` (or the name without quotes): the server's event of that name.
fn parse_standings(words: &Words) -> Result<Command, CommandError> {
    let raw = words.raw.trim_start();
    let after_sub = raw.get("standings".len()..).unwrap_or("").trim();
    let name = match quoted(after_sub) {
        Some((name, rest)) if rest.trim().is_empty() => name,
        _ => after_sub.to_string(),
    };
    let name = event_name(&name, words)?;
    Ok(TournamentCommand::Standings { name: Some(name) }.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_subcommand_prints_a_line_that_reads_back() {
        for line in [
            "tournament create \"Winter Cup\" swiss rounds=5 standard days=3 rated",
            "tournament create \"Spring\" roundrobin double ultimate",
            "tournament create \"Basics\" roundrobin basic+2 starts=2026-12-01T18:00",
            "tournament join",
            "tournament join <@42> medium",
            "tournament leave",
            "tournament start",
            "tournament standings",
            "tournament pairings",
            "tournament pairings 2",
            "tournament pairings \"Duo Cup\" 2",
            "tournament pairings \"Duo\"",
            "tournament create \"Late\" swiss rounds=3 basic late=2",
            "tournament withdraw <@42>",
            "tournament cancel",
            "tournaments",
        ] {
            let command: Command = line.parse().unwrap();
            assert_eq!(command.to_string(), line);
        }
    }
}
