//! Challenges and their answers: `challenge`, `accept`, `decline`, `cancel`, `rematch`.

use std::fmt;

use gipf::potentials::{Options, Supply, parse_supplies};
use gipf::{ByColor, Color, Variant};
use gipf_ai::Level;

use super::{
    ArgKind, Command, CommandError, Syntax, Words, arg, error, keyed, line, parse_mention, required,
};
use crate::model::{ColorChoice, TimeControl, UserId};

/// A challenge, or an answer to the one in the channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeCommand {
    /// `challenge @user [basic|standard|tournament] [white|black|random] [+N|+W/+B]`.
    Challenge {
        /// Who is challenged.
        opponent: UserId,
        /// Which game.
        variant: Variant,
        /// The challenger's colour.
        color: ColorChoice,
        /// The time per move, if any (`days=3`, `autoforfeit`).
        time: Option<TimeControl>,
        /// Play the game in a thread of its own (`thread`).
        thread: bool,
        /// Against the engine: its strength (`easy`, `medium`, `hard`).
        level: Option<Level>,
        /// Both players may ask the engine for hints (`hints`).
        hints: bool,
        /// Potentials for both players (`potentials=ZYD:3`), or Ultimate GIPF (`ultimate`).
        potentials: Option<Options>,
    },
    /// `accept`: the challenged user accepts.
    Accept,
    /// `decline`: the challenged user declines.
    Decline,
    /// `cancel`: the challenger withdraws.
    Cancel,
    /// `rematch`: challenge the opponent of the channel's last game again, colours swapped.
    Rematch,
}

impl From<ChallengeCommand> for Command {
    fn from(command: ChallengeCommand) -> Command {
        Command::Challenge(command)
    }
}

impl fmt::Display for ChallengeCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChallengeCommand::Challenge { .. } => line(f, "challenge", challenge_parts(self)),
            ChallengeCommand::Accept => f.write_str("accept"),
            ChallengeCommand::Decline => f.write_str("decline"),
            ChallengeCommand::Cancel => f.write_str("cancel"),
            ChallengeCommand::Rematch => f.write_str("rematch"),
        }
    }
}

/// What follows `challenge` in a challenge's line.
fn challenge_parts(command: &ChallengeCommand) -> Vec<Option<String>> {
    let ChallengeCommand::Challenge {
        opponent,
        variant,
        color,
        time,
        thread,
        level,
        hints,
        potentials,
    } = command
    else {
        return Vec::new();
    };
    let ultimate = potentials.is_some_and(|p| p.ultimate);
    vec![
        Some(opponent.mention()),
        Some(if ultimate {
            "ultimate".into()
        } else {
            variant.to_string()
        }),
        potentials
            .filter(|p| !p.ultimate)
            .map(|p| format!("potentials={}", chat_supplies(&p.supply))),
        Some(color.to_string()),
        level.map(|level| level.to_string()),
        hints.then(|| "hints".into()),
        time.map(|t| format!("days={}", t.days)),
        time.filter(|t| t.autoforfeit).map(|_| "autoforfeit".into()),
        thread.then(|| "thread".into()),
    ]
}

/// Supplies as the challenge option writes them: one for both, or `White's/Black's`.
fn chat_supplies(supply: &ByColor<Supply>) -> String {
    let one = |s: &Supply| {
        if s.is_empty() {
            "none".to_string()
        } else {
            s.to_string()
        }
    };
    let (white, black) = (&supply[Color::White], &supply[Color::Black]);
    if white == black {
        one(white)
    } else {
        format!("{}/{}", one(white), one(black))
    }
}

/// The family's rows.
pub(super) const SYNTAX: &[Syntax] = &[
    Syntax {
        word: "challenge",
        summary: "Challenge someone to a game in this channel",
        help: "`{p}challenge @bob standard random`: challenge someone (basic, standard or tournament; your colour white, black or random; basic takes `+2` or `+0/+3` extra pieces; `hints` lets both ask for hints)\n\
               `{p}challenge @bob standard potentials=ZYD:3`: play with potentials (`T3,Z4`, `TZDYP:3/none` for White's/Black's); `{p}challenge @bob ultimate`: Ultimate GIPF\n\
               `{p}challenge @gipf-bot tournament hard`: play the bot itself (`easy`, `medium` or `hard`)",
        args: &[
            required(arg("opponent", "Whom to challenge", ArgKind::User)),
            arg(
                "variant",
                "Which game (standard if left out); ultimate is tournament with all five potentials",
                ArgKind::Choice(&["basic", "standard", "tournament", "ultimate"]),
            ),
            arg(
                "color",
                "Your colour (random if left out)",
                ArgKind::Choice(&["white", "black", "random"]),
            ),
            arg(
                "extra",
                "Basic game only: extra pieces, like +2 or +0/+3",
                ArgKind::Text,
            ),
            keyed(
                arg(
                    "days",
                    "Days per move, 1 to 14 (no limit if left out)",
                    ArgKind::Number { min: 1 },
                ),
                "days",
            ),
            arg(
                "autoforfeit",
                "With days: a player whose time runs out loses by himself",
                ArgKind::Flag("autoforfeit"),
            ),
            arg(
                "thread",
                "Play the game in a thread of its own",
                ArgKind::Flag("thread"),
            ),
            arg(
                "level",
                "Against the bot itself: its strength (medium if left out)",
                ArgKind::Choice(&["easy", "medium", "hard"]),
            ),
            arg(
                "hints",
                "Both players may ask the bot for hints (`hint`)",
                ArgKind::Flag("hints"),
            ),
            keyed(
                arg(
                    "potentials",
                    "Potentials for both, like ZYD:3 or T3,Z4 (White's/Black's: TZDYP:3/none)",
                    ArgKind::Text,
                ),
                "potentials",
            ),
        ],
        slash: true,
        place: 10,
        // A challenge to the bot itself starts its game at once.
        starts_game: true,
        parse: parse_challenge,
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "accept",
        summary: "Accept the challenge in this channel",
        help: "`{p}accept`, `{p}decline`: answer a challenge",
        args: &[],
        slash: true,
        place: 30,
        starts_game: true,
        parse: |words| words.alone(ChallengeCommand::Accept),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "decline",
        summary: "Decline the challenge in this channel",
        help: "",
        args: &[],
        slash: true,
        place: 40,
        // A moderator withdraws anyone's challenge.
        moderated: true,
        parse: |words| words.alone(ChallengeCommand::Decline),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "cancel",
        summary: "Withdraw your challenge",
        help: "`{p}cancel`: withdraw yours",
        args: &[],
        slash: true,
        place: 50,
        moderated: true,
        parse: |words| words.alone(ChallengeCommand::Cancel),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "rematch",
        summary: "Challenge your last opponent here again, colours swapped",
        help: "`{p}rematch`: after a game, challenge the same opponent again, colours swapped, same options",
        args: &[],
        slash: true,
        place: 230,
        parse: |words| words.alone(ChallengeCommand::Rematch),
        ..Syntax::DEFAULT
    },
];

/// What a challenge's words name, read one by one.
#[derive(Default)]
struct Terms<'a> {
    opponent: Option<UserId>,
    variant: Option<Variant>,
    extra: Option<&'a str>,
    color: Option<ColorChoice>,
    days: Option<u8>,
    autoforfeit: bool,
    thread: bool,
    hints: bool,
    level: Option<Level>,
    ultimate: bool,
}

fn parse_challenge(words: &Words) -> Result<Command, CommandError> {
    // `potentials=T3,Z4` is one option although its commas split words: read it whole.
    let lower = words.raw.to_lowercase();
    let mut spec = None;
    let mut args = Vec::new();
    for word in lower.split_whitespace() {
        match word.strip_prefix("potentials=") {
            Some(_) if spec.is_some() => {
                return Err(error(format!("give {} once", words.given("potentials="))));
            }
            Some(value) => spec = Some(value),
            None => args.extend(word.split(',').filter(|w| !w.is_empty() && *w != "-")),
        }
    }
    let mut terms = Terms::default();
    for arg in args {
        terms.read(arg, words)?;
    }
    terms.challenge(spec, words)
}

/// How to write a challenge, for the refusals of one written wrong.
fn usage(words: &Words) -> String {
    format!(
        "challenge someone like {} (game: basic, standard, tournament or ultimate; your colour: \
         white, black or random; basic takes extra pieces like {} or {})",
        words.cmd("challenge @name standard random"),
        words.options("challenge +2"),
        words.options("challenge +0/+3")
    )
}

impl<'a> Terms<'a> {
    /// Reads one word of the challenge.
    fn read(&mut self, arg: &'a str, words: &Words) -> Result<(), CommandError> {
        if arg == "ultimate" {
            self.ultimate = true;
        } else if let Some(n) = arg.strip_prefix("days=") {
            let n = n
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=TimeControl::MAX_DAYS).contains(n));
            self.days = Some(n.ok_or_else(|| {
                error(format!(
                    "{}: the time per move is 1 to {} days, like {}",
                    words.given(arg),
                    TimeControl::MAX_DAYS,
                    words.options("challenge days=3")
                ))
            })?);
        } else if arg == "autoforfeit" {
            self.autoforfeit = true;
        } else if arg == "thread" {
            self.thread = true;
        } else if arg == "hints" {
            self.hints = true;
        } else if let Ok(level) = arg.parse::<Level>() {
            self.level = Some(level);
        } else if let Some(user) = parse_mention(arg) {
            if self.opponent.replace(user).is_some() {
                return Err(error("challenge one player at a time"));
            }
        } else if let Ok(color) = arg.parse::<ColorChoice>() {
            self.color = Some(color);
        } else if arg.starts_with('+') {
            self.extra = Some(arg);
        } else if let Ok(variant) = arg.parse::<Variant>() {
            self.variant = Some(variant);
        } else {
            return Err(error(format!(
                "I did not understand {}: {}",
                words.given(arg),
                usage(words)
            )));
        }
        Ok(())
    }

    /// The challenge the words make, all read, with `potentials=SPEC` if given.
    fn challenge(self, spec: Option<&str>, words: &Words) -> Result<Command, CommandError> {
        let opponent = self
            .opponent
            .ok_or_else(|| error(format!("whom? Mention the player: {}", usage(words))))?;
        if self.ultimate && (self.variant.is_some() || self.extra.is_some()) {
            return Err(error(format!(
                "{} is a game of its own: name one game",
                words.options("challenge ultimate")
            )));
        }
        let game = if self.ultimate {
            Variant::Tournament
        } else {
            Variant::Standard
        };
        let variant = with_extra(self.variant.unwrap_or(game), self.extra, words)?;
        let potentials = challenge_potentials(variant, self.ultimate, spec, words)?;
        if self.autoforfeit && self.days.is_none() {
            return Err(error(format!(
                "{} goes with a time per move, like {}",
                words.options("challenge autoforfeit"),
                words.options("challenge days=3 autoforfeit")
            )));
        }
        let autoforfeit = self.autoforfeit;
        Ok(ChallengeCommand::Challenge {
            opponent,
            variant,
            color: self.color.unwrap_or(ColorChoice::Random),
            time: self.days.map(|days| TimeControl { days, autoforfeit }),
            thread: self.thread,
            level: self.level,
            hints: self.hints,
            potentials,
        }
        .into())
    }
}

/// The potentials a challenge names: Ultimate GIPF's, or `potentials=SPEC` checked against
/// the game's reserves.
fn challenge_potentials(
    variant: Variant,
    ultimate: bool,
    spec: Option<&str>,
    words: &Words,
) -> Result<Option<Options>, CommandError> {
    match (ultimate, spec) {
        (true, Some(_)) => Err(error(
            gipf::potentials::SupplyError::UltimateFixed.to_string(),
        )),
        (true, None) => Ok(Some(Options::ultimate())),
        (false, None) => Ok(None),
        (false, Some(spec)) => {
            let given = words.given(&format!("potentials={spec}"));
            let refuse = |e: &dyn fmt::Display| error(format!("{given}: {e}"));
            let supply = parse_supplies(spec).map_err(|e| refuse(&e))?;
            let options = Options::new(variant, supply).map_err(|e| refuse(&e))?;
            Ok(options.has_potentials().then_some(options))
        }
    }
}

/// The basic game with `extra` pieces (`+2`, `+0/+3`), if any are asked for.
fn with_extra(
    variant: Variant,
    extra: Option<&str>,
    words: &Words,
) -> Result<Variant, CommandError> {
    let Some(extra) = extra else {
        return Ok(variant);
    };
    if variant.name() != "basic" {
        return Err(error(format!(
            "extra pieces ({} to `+3`) are for the basic game only",
            words.options("challenge +1")
        )));
    }
    format!("basic{extra}")
        .parse()
        .map_err(|e: gipf::ParseVariantError| {
            // The rules crate's words are the chat's: `basic+2`.
            if words.say.slash {
                error(format!(
                    "{}: extra pieces are 0 to 3 each, like {} (both) or {} (White/Black)",
                    words.given(extra),
                    words.options("challenge +2"),
                    words.options("challenge +1/+3")
                ))
            } else {
                error(e.to_string())
            }
        })
}
