//! Challenges and their answers: `challenge`, `accept`, `decline`, `cancel`, `rematch`.

use std::fmt;

use gipf::potentials::{Options, Supply, parse_supplies};
use gipf::{ByColor, Color, Variant};
use gipf_ai::Level;

use super::options::Given;
use super::{
    Arg, ArgKind, Choices, Command, CommandError, Syntax, Words, arg, between, error, keyed, line,
    parse_mention, required,
};
use crate::model::{ColorChoice, TimeControl, UserId};

/// A challenge, or an answer to the one in the channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChallengeCommand {
    /// `challenge @user [basic|standard|tournament] [white|black|random] [+N|+W/+B]`.
    /// `challenge @bob ...`, or `seek ...`: a challenge open to anyone in the channel.
    Challenge {
        /// Who is challenged; `None` for a seek, which anyone but its author may accept.
        opponent: Option<UserId>,
        /// Which game.
        variant: Variant,
        /// The challenger's colour.
        color: ColorChoice,
        /// The time per move, if any (`days=3`, `autoforfeit`).
        time: Option<TimeControl>,
        /// Play the game in a thread of its own (`thread`).
        thread: bool,
        /// Against the engine: its strength (`beginner`, `easy`, `medium`, `hard`).
        level: Option<Level>,
        /// Both players may ask the engine for hints (`hints`).
        hints: bool,
        /// Potentials for both players (`potentials=ZYD:3`), or Ultimate GIPF (`ultimate`).
        potentials: Option<Options>,
    },
    /// `accept`: the challenged user (anyone, for a seek) accepts.
    Accept,
    /// `decline`: the challenged user declines.
    Decline,
    /// `cancel`: the challenger withdraws.
    Cancel,
    /// `rematch`: challenge the opponent of the channel's last game again, colours swapped.
    Rematch,
}

impl ChallengeCommand {
    /// The word of its canonical line.
    pub fn word(&self) -> &'static str {
        match self {
            ChallengeCommand::Challenge { opponent: None, .. } => "seek",
            ChallengeCommand::Challenge { .. } => "challenge",
            ChallengeCommand::Accept => "accept",
            ChallengeCommand::Decline => "decline",
            ChallengeCommand::Cancel => "cancel",
            ChallengeCommand::Rematch => "rematch",
        }
    }
}

impl From<ChallengeCommand> for Command {
    fn from(command: ChallengeCommand) -> Command {
        Command::Challenge(command)
    }
}

impl fmt::Display for ChallengeCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChallengeCommand::Challenge { opponent: None, .. } => {
                line(f, "seek", challenge_parts(self))
            }
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
    let mut parts = vec![opponent.map(UserId::mention)];
    parts.extend(game_words(*variant, *potentials));
    parts.extend([
        Some(color.to_string()),
        level.map(|level| level.to_string()),
        hints.then(|| "hints".into()),
        time.map(|t| format!("days={}", t.days)),
        time.filter(|t| t.autoforfeit).map(|_| "autoforfeit".into()),
        thread.then(|| "thread".into()),
    ]);
    parts
}

/// The words that name a game in a line: `ultimate`, or its variant and its potentials.
pub(super) fn game_words(variant: Variant, potentials: Option<Options>) -> [Option<String>; 2] {
    let ultimate = potentials.is_some_and(|p| p.is_ultimate());
    [
        Some(if ultimate {
            "ultimate".into()
        } else {
            variant.to_string()
        }),
        potentials
            .filter(|p| !p.is_ultimate())
            .map(|p| format!("potentials={}", chat_supplies(p.supply()))),
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

const VARIANT: Arg = arg(
    "variant",
    "Which game (standard if left out); ultimate is tournament with all five potentials",
    ArgKind::Choice(Choices::Games),
);
const COLOR: Arg = arg(
    "color",
    "Your colour (random if left out)",
    ArgKind::Choice(Choices::Colors),
);
const EXTRA: Arg = arg(
    "extra",
    "Basic game only: extra pieces, like +2 or +0/+3",
    ArgKind::Text,
);
pub(super) const DAYS: Arg = keyed(
    arg(
        "days",
        "Days per move, 1 to 14 (no limit if left out)",
        between(1, TimeControl::MAX_DAYS as u64),
    ),
    "days",
);
const AUTOFORFEIT: Arg = arg(
    "autoforfeit",
    "With days: a player whose time runs out loses by himself",
    ArgKind::Flag("autoforfeit"),
);
const THREAD: Arg = arg(
    "thread",
    "Play the game in a thread of its own",
    ArgKind::Flag("thread"),
);
const HINTS: Arg = arg(
    "hints",
    "Both players may ask the bot for hints (`hint`)",
    ArgKind::Flag("hints"),
);
const POTENTIALS: Arg = keyed(
    arg(
        "potentials",
        "Potentials for both, like ZYD:3 or T3,Z4 (White's/Black's: TZDYP:3/none)",
        ArgKind::Text,
    ),
    "potentials",
);

/// The family's rows.
pub(super) const SYNTAX: &[Syntax] = &[
    Syntax {
        word: "challenge",
        summary: "Challenge someone to a game in this channel",
        help: "`{p}challenge @bob standard random`: challenge someone (basic, standard or tournament; your colour white, black or random; basic takes `+2` or `+0/+3` extra pieces; `hints` lets both ask for hints)\n\
               `{p}challenge @bob standard potentials=ZYD:3`: play with potentials (`T3,Z4`, `TZDYP:3/none` for White's/Black's); `{p}challenge @bob ultimate`: Ultimate GIPF\n\
               `{p}challenge @gipf-bot tournament hard`: play the bot itself (`beginner`, `easy`, `medium` or `hard`)",
        args: &[
            required(arg("opponent", "Whom to challenge", ArgKind::User)),
            VARIANT,
            COLOR,
            EXTRA,
            DAYS,
            AUTOFORFEIT,
            THREAD,
            arg(
                "level",
                "Against the bot itself: its strength (your last one, or easy, if left out)",
                ArgKind::Choice(Choices::Levels),
            ),
            HINTS,
            POTENTIALS,
        ],
        slash: true,
        place: 10,
        // A challenge to the bot itself starts its game at once.
        starts_game: true,
        parse: parse_challenge,
        fill: |given| {
            let terms = fill_terms(given)?;
            terms.challenge(given.user("opponent"), &given.words())
        },
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "seek",
        summary: "Offer a game that anyone in this channel may accept",
        help: "`{p}seek standard days=3`: a challenge open to anyone here (the options of `{p}challenge`); `{p}cancel` withdraws it",
        args: &[
            VARIANT,
            COLOR,
            EXTRA,
            DAYS,
            AUTOFORFEIT,
            THREAD,
            HINTS,
            POTENTIALS,
        ],
        slash: true,
        place: 15,
        parse: parse_seek,
        fill: |given| seek(fill_terms(given)?, &given.words()),
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
        fill: |_| Ok(ChallengeCommand::Accept.into()),
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
        fill: |_| Ok(ChallengeCommand::Decline.into()),
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
        fill: |_| Ok(ChallengeCommand::Cancel.into()),
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
        fill: |_| Ok(ChallengeCommand::Rematch.into()),
        ..Syntax::DEFAULT
    },
];

/// What a challenge's words name, read one by one.
#[derive(Default)]
struct Terms {
    opponent: Option<UserId>,
    variant: Option<Variant>,
    extra: Option<String>,
    color: Option<ColorChoice>,
    days: Option<u8>,
    autoforfeit: bool,
    thread: bool,
    hints: bool,
    level: Option<Level>,
    ultimate: bool,
    /// `potentials=SPEC`, read whole.
    spec: Option<String>,
}

fn parse_challenge(words: &Words) -> Result<Command, CommandError> {
    let terms = read_terms(words)?;
    let opponent = terms
        .opponent
        .ok_or_else(|| error(format!("whom? Mention the player: {}", usage(words))))?;
    terms.challenge(Some(opponent), words)
}

/// `seek ...`: a challenge without an opponent.
fn parse_seek(words: &Words) -> Result<Command, CommandError> {
    seek(read_terms(words)?, words)
}

/// The seek the terms make, if they name no opponent and no level.
fn seek(terms: Terms, words: &Words) -> Result<Command, CommandError> {
    if terms.opponent.is_some() {
        return Err(error(format!(
            "a seek is open to anyone here: to challenge one player, use {}",
            words.cmd("challenge @name")
        )));
    }
    if terms.level.is_some() {
        return Err(error(format!(
            "a level is for a game against me: {}",
            words.cmd("challenge @gipf-bot medium")
        )));
    }
    terms.challenge(None, words)
}

/// The words of a challenge or a seek, read one by one.
fn read_terms(words: &Words) -> Result<Terms, CommandError> {
    // `potentials=T3,Z4` is one option although its commas split words: read it whole.
    let lower = words.raw.to_lowercase();
    let mut spec = None;
    let mut args = Vec::new();
    for word in lower.split_whitespace() {
        match word.strip_prefix("potentials=") {
            Some(_) if spec.is_some() => {
                return Err(error(format!("give {} once", words.given("potentials="))));
            }
            Some(value) => spec = Some(value.to_string()),
            None => args.extend(word.split(',').filter(|w| !w.is_empty() && *w != "-")),
        }
    }
    let mut terms = Terms {
        spec,
        ..Terms::default()
    };
    for arg in args {
        terms.read(arg, words)?;
    }
    Ok(terms)
}

/// The terms of `/challenge` or `/seek` but its opponent: the options that name words of
/// the challenge (its game, colour, extra pieces, level) read as the chat reads them, in the
/// order its words would give them; the others typed.
fn fill_terms(given: &Given) -> Result<Terms, CommandError> {
    let mut terms = Terms {
        autoforfeit: given.flag("autoforfeit"),
        thread: given.flag("thread"),
        hints: given.flag("hints"),
        spec: given.text("potentials").map(|spec| spec.to_lowercase()),
        ..Terms::default()
    };
    for name in ["variant", "color", "extra"] {
        given.read(name, |words| {
            words.args.iter().try_for_each(|arg| terms.read(arg, words))
        })?;
    }
    terms.days = given_days(given)?;
    given.read("level", |words| {
        words.args.iter().try_for_each(|arg| terms.read(arg, words))
    })?;
    Ok(terms)
}

/// The time per move of option `days`, if it is filled in.
pub(super) fn given_days(given: &Given) -> Result<Option<u8>, CommandError> {
    let Some(n) = given.number("days") else {
        return Ok(None);
    };
    let days = u64::try_from(n).ok().and_then(days);
    days.map(Some)
        .ok_or_else(|| days_refusal(&given.quote("days", n), &given.words()))
}

/// A time per move, in days, if `n` is one.
fn days(n: u64) -> Option<u8> {
    u8::try_from(n)
        .ok()
        .filter(|n| (1..=TimeControl::MAX_DAYS).contains(n))
}

/// The refusal of a time per move that is none, quoted as `given`.
fn days_refusal(given: &str, words: &Words) -> CommandError {
    error(format!(
        "{given}: the time per move is 1 to {} days, like {}",
        TimeControl::MAX_DAYS,
        words.options("challenge days=3")
    ))
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

impl Terms {
    /// Reads one word of the challenge.
    fn read(&mut self, arg: &str, words: &Words) -> Result<(), CommandError> {
        if arg == "ultimate" {
            self.ultimate = true;
        } else if let Some(n) = arg.strip_prefix("days=") {
            let n = n.parse::<u64>().ok().and_then(days);
            self.days = Some(n.ok_or_else(|| days_refusal(&words.given(arg), words))?);
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
            self.extra = Some(arg.to_string());
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

    /// The game the words name (standard unless named), with its potentials.
    fn game(&self, words: &Words) -> Result<(Variant, Option<Options>), CommandError> {
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
        let variant = with_extra(self.variant.unwrap_or(game), self.extra.as_deref(), words)?;
        let potentials = challenge_potentials(variant, self.ultimate, self.spec.as_deref(), words)?;
        Ok((variant, potentials))
    }

    /// The challenge of `opponent` (none: a seek) the words make, all read.
    fn challenge(self, opponent: Option<UserId>, words: &Words) -> Result<Command, CommandError> {
        let (variant, potentials) = self.game(words)?;
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

/// The game a tournament plays, from the words of its `create` that name one (`standard`,
/// `basic +2`, `ultimate`, `potentials=ZYD:3`, `days=3`), read as a challenge reads them:
/// `(game, potentials, days per move)`. Words of a challenge that an event sets itself
/// (an opponent, a colour, a level, a thread, hints) are refused.
pub(super) fn event_game(
    words: &Words,
) -> Result<(Variant, Option<Options>, Option<u8>), CommandError> {
    let terms = read_terms(words)?;
    let personal = terms.opponent.is_some()
        || terms.color.is_some()
        || terms.level.is_some()
        || terms.thread
        || terms.hints
        || terms.autoforfeit;
    if personal {
        return Err(error(format!(
            "a tournament pairs its players, gives colours, opens a thread for each game and \
             ends a game out of time by itself: name only its game and time, like {}",
            words.cmd("tournament create \"Winter Cup\" swiss rounds=5 standard days=3")
        )));
    }
    let (variant, potentials) = terms.game(words)?;
    Ok((variant, potentials, terms.days))
}
