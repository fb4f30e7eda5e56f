//! The bot's own vocabulary, shared by the parser, the service, the store and the adapters:
//! who and where (ids), how a stored game stands, and a challenge's choice of colours.
//! The rules themselves are the [`gipf`] crate's.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use gipf::potentials::Options;
use gipf::{Color, Position, Variant};

mod settings;

pub use settings::{BoardSide, GuildSettings, Labels, WebPages};

/// A chat user, as an adapter identifies them (a Discord snowflake, or a console number).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct UserId(pub u64);

impl UserId {
    /// How a chat line writes a mention of this user, `<@123>`: the parser reads it so, and
    /// the console writes `@name` that way.
    pub fn mention(self) -> String {
        format!("<@{}>", self.0)
    }
}

/// A channel: one game at a time lives in each.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct ChannelId(pub u64);

impl ChannelId {
    /// The channel a mention names, `<#123>`.
    ///
    /// ```
    /// use gipf_bot::model::ChannelId;
    /// assert_eq!(ChannelId::from_mention("<#123>"), Some(ChannelId(123)));
    /// assert_eq!(ChannelId::from_mention("#general"), None);
    /// ```
    pub fn from_mention(text: &str) -> Option<ChannelId> {
        let id = text.strip_prefix("<#")?.strip_suffix('>')?.parse().ok()?;
        Some(ChannelId(id))
    }

    /// The channels `text` mentions, each once, at most `limit` of them.
    ///
    /// ```
    /// use gipf_bot::model::ChannelId;
    /// let text = "settings puzzles=<#12> and <#12>, <#7>";
    /// assert_eq!(ChannelId::mentioned_in(text, 5), [ChannelId(12), ChannelId(7)]);
    /// ```
    pub fn mentioned_in(text: &str, limit: usize) -> Vec<ChannelId> {
        let mut found: Vec<ChannelId> = Vec::new();
        for (at, _) in text.match_indices("<#") {
            let rest = &text[at..];
            let end = rest.find('>').map_or(0, |end| end + 1);
            if let Some(channel) = ChannelId::from_mention(&rest[..end])
                && !found.contains(&channel)
                && found.len() < limit
            {
                found.push(channel);
            }
        }
        found
    }
}

/// A server (a Discord guild). Direct messages and the console have none.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(transparent)]
pub struct GuildId(pub u64);

/// A stored game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(pub i64);

/// A message the bot owes, in the outbox until it is posted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OutboxId(pub i64);

/// A stored challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ChallengeId(pub i64);

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for ChallengeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// How a stored game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameStatus {
    /// Still being played.
    Active,
    /// Won by this colour (by the rules or by resignation).
    Won(Color),
    /// Ended early by a player, without a result.
    Aborted,
    /// Ended without a result because nobody moved for too long.
    Abandoned,
}

impl GameStatus {
    /// The status of a game resting at `position`.
    ///
    /// ```
    /// use gipf::{Color, Position, Variant};
    /// use gipf_bot::model::GameStatus;
    /// let mut position = Position::new(Variant::Standard);
    /// assert_eq!(GameStatus::of(&position), GameStatus::Active);
    /// position.resign(Color::Black).unwrap();
    /// assert_eq!(GameStatus::of(&position), GameStatus::Won(Color::White));
    /// ```
    pub fn of(position: &Position) -> GameStatus {
        GameStatus::of_outcome(position.outcome())
    }

    /// The status of a game that ended with `outcome`, or goes on.
    pub fn of_outcome(outcome: Option<gipf::Outcome>) -> GameStatus {
        match outcome {
            None => GameStatus::Active,
            Some(outcome) => GameStatus::Won(outcome.winner),
        }
    }
}

/// The decisions of a turn in progress, kept between commands, as the rules crate's game
/// machine takes them. Stored as a JSON list (a plain game's push, row and take read the same
/// in both machines); a game with potentials once wrote `{"potentials": [...]}`, which reads
/// back the same.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(from = "StoredPartial")]
pub struct Partial(pub Vec<gipf::potentials::Decision>);

/// The two ways a turn in progress has been stored.
#[derive(serde::Deserialize)]
#[serde(untagged)]
enum StoredPartial {
    List(Vec<gipf::potentials::Decision>),
    Potentials {
        potentials: Vec<gipf::potentials::Decision>,
    },
}

impl From<StoredPartial> for Partial {
    fn from(stored: StoredPartial) -> Partial {
        match stored {
            StoredPartial::List(decisions)
            | StoredPartial::Potentials {
                potentials: decisions,
            } => Partial(decisions),
        }
    }
}

/// What a game is: one of the games of the rules, or a game with potentials (Ultimate GIPF
/// among them). Said once: a game with potentials carries its variant in its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameSpec {
    /// Basic (with or without extra pieces), standard or tournament, without potentials.
    Plain(Variant),
    /// A game with potentials, or Ultimate GIPF.
    Potentials(Options),
}

impl GameSpec {
    /// The game of `variant`, with `potentials` if any (they name their own variant).
    pub fn new(variant: Variant, potentials: Option<Options>) -> GameSpec {
        potentials.map_or(GameSpec::Plain(variant), GameSpec::Potentials)
    }

    /// The game whose board and rules are played (Ultimate GIPF: the tournament game).
    pub fn variant(self) -> Variant {
        match self {
            GameSpec::Plain(variant) => variant,
            GameSpec::Potentials(options) => options.variant(),
        }
    }

    /// The options the rules crate's game machine plays it with (a game without potentials
    /// has empty supplies).
    pub fn options(self) -> Options {
        match self {
            GameSpec::Plain(variant) => Options::plain(variant),
            GameSpec::Potentials(options) => options,
        }
    }

    /// The potentials, for a game with them.
    pub fn potentials(self) -> Option<Options> {
        match self {
            GameSpec::Plain(_) => None,
            GameSpec::Potentials(options) => Some(options),
        }
    }

    /// Which ratings it counts for.
    pub fn kind(self) -> GameKind {
        GameKind::of(self.variant(), self.potentials().is_some())
    }

    /// How the bot names it in lists: `standard`, `basic+2`, `ultimate`, `standard with
    /// potentials`.
    ///
    /// ```
    /// use gipf_bot::model::GameSpec;
    /// assert_eq!(GameSpec::Plain(gipf::Variant::Standard).name(), "standard");
    /// let ultimate = GameSpec::Potentials(gipf::potentials::Options::ultimate());
    /// assert_eq!(ultimate.name(), "ultimate");
    /// ```
    pub fn name(self) -> String {
        match self {
            GameSpec::Potentials(options) if options.is_ultimate() => "ultimate".to_string(),
            GameSpec::Potentials(options) => format!("{} with potentials", options.variant()),
            GameSpec::Plain(variant) => variant.to_string(),
        }
    }

    /// How the bot names it in a sentence: `standard GIPF`, `ultimate GIPF`, `standard GIPF
    /// with potentials`.
    pub fn title(self) -> String {
        match self {
            GameSpec::Potentials(options) if options.is_ultimate() => "ultimate GIPF".to_string(),
            GameSpec::Potentials(options) => {
                format!("{} GIPF with potentials", options.variant())
            }
            GameSpec::Plain(variant) => format!("{variant} GIPF"),
        }
    }
}

/// A checked game: plain when [`Options::is_plain`] says so, else with potentials.
impl From<Options> for GameSpec {
    fn from(options: Options) -> GameSpec {
        if options.is_plain() {
            GameSpec::Plain(options.variant())
        } else {
            GameSpec::Potentials(options)
        }
    }
}

/// What an event allows of its games' clocks beside the time per move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct EventClocks {
    /// `vacation=off`: its games keep their clocks while a player is on vacation.
    pub no_vacation: bool,
    /// `givetime=off`: nobody gives his opponent more time in its games.
    pub no_givetime: bool,
}

impl EventClocks {
    /// Its words in an event's line: `, vacation=off, givetime=off`.
    pub fn words(self) -> String {
        let mut words = String::new();
        if self.no_vacation {
            words.push_str(", vacation=off");
        }
        if self.no_givetime {
            words.push_str(", givetime=off");
        }
        words
    }
}

/// The time per move a challenge sets: a player who lets it run out may lose the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TimeControl {
    /// Days per move, 1 to 14.
    pub days: u8,
    /// The game ends by itself when time runs out (else the waiting player may claim it).
    pub autoforfeit: bool,
}

impl TimeControl {
    /// The most days per move a challenge may set.
    pub const MAX_DAYS: u8 = 14;

    /// The time per move, in seconds.
    pub fn seconds(self) -> i64 {
        i64::from(self.days) * crate::defaults::DAY
    }
}

/// What the author of a message may do beyond playing, as Discord vouches for it (it says so
/// only with slash commands and buttons).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Rights {
    /// Manage Messages in the channel: end any game or withdraw any challenge there.
    pub manage_messages: bool,
    /// Manage Server: change the server's settings.
    pub manage_server: bool,
}

/// What time it is, in Unix seconds: the system's clock, or a test's.
#[derive(Clone)]
pub struct Clock(Arc<dyn Fn() -> i64 + Send + Sync>);

impl Clock {
    /// The system's clock.
    pub fn system() -> Clock {
        Clock(Arc::new(|| {
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
        }))
    }

    /// A clock that reads `now` (tests drive one with tokio's paused time).
    pub fn new(now: impl Fn() -> i64 + Send + Sync + 'static) -> Clock {
        Clock(Arc::new(now))
    }

    /// Seconds since the Unix epoch.
    pub fn now(&self) -> i64 {
        (self.0)()
    }
}

impl fmt::Debug for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Clock({})", self.now())
    }
}

impl Default for Clock {
    fn default() -> Clock {
        Clock::system()
    }
}

/// Who plays White when a challenge is accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ColorChoice {
    /// The challenger plays White.
    White,
    /// The challenger plays Black.
    Black,
    /// Decided by a coin toss on acceptance.
    Random,
}

impl ColorChoice {
    /// The three choices, in the order the commands list them.
    pub const ALL: [ColorChoice; 3] = [ColorChoice::White, ColorChoice::Black, ColorChoice::Random];

    /// `white`, `black` or `random`.
    pub fn name(self) -> &'static str {
        match self {
            ColorChoice::White => "white",
            ColorChoice::Black => "black",
            ColorChoice::Random => "random",
        }
    }

    /// The challenger's colour: `toss` decides a random choice (true: White).
    pub fn challenger_color(self, toss: impl FnOnce() -> bool) -> Color {
        match self {
            ColorChoice::White => Color::White,
            ColorChoice::Black => Color::Black,
            ColorChoice::Random if toss() => Color::White,
            ColorChoice::Random => Color::Black,
        }
    }
}

impl fmt::Display for ColorChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that is not `white`, `black` or `random`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParseColorChoiceError;

impl fmt::Display for ParseColorChoiceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a colour is white, black or random")
    }
}

impl std::error::Error for ParseColorChoiceError {}

impl FromStr for ColorChoice {
    type Err = ParseColorChoiceError;

    /// The choice written as [`ColorChoice::name`] writes it.
    fn from_str(name: &str) -> Result<ColorChoice, ParseColorChoiceError> {
        ColorChoice::ALL
            .into_iter()
            .find(|choice| choice.name() == name)
            .ok_or(ParseColorChoiceError)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_in_progress_reads_back_from_either_stored_form() {
        let plain = vec![gipf::Decision::Push {
            entry: "b1-c2".parse().unwrap(),
            piece: gipf::Kind::Gipf,
        }];
        let written = serde_json::to_string(&plain).unwrap();
        let partial: Partial = serde_json::from_str(&written).unwrap();
        assert_eq!(partial.0, vec![plain[0].into()]);
        // Written back, a plain game's decisions read as they always did.
        assert_eq!(serde_json::to_string(&partial).unwrap(), written);
        let old = format!("{{\"potentials\":{written}}}");
        assert_eq!(serde_json::from_str::<Partial>(&old).unwrap(), partial);
    }

    #[test]
    fn board_sides_read_back_and_pick_the_colour_at_the_bottom() {
        for side in BoardSide::ALL {
            assert_eq!(BoardSide::of_name(side.name()), Some(side));
        }
        assert_eq!(BoardSide::of_name("blue"), None);
        let (white, black) = (Color::White, Color::Black);
        assert_eq!(BoardSide::Black.bottom(Some(white), white), black);
        assert_eq!(BoardSide::White.bottom(Some(black), black), white);
        assert_eq!(BoardSide::Mine.bottom(Some(black), white), black);
        assert_eq!(BoardSide::Mine.bottom(None, white), white);
        assert_eq!(BoardSide::Default.bottom(Some(black), white), white);
        assert_eq!(GuildSettings::default().board_side, white);
    }

    #[test]
    fn colour_choices_read_back_and_decide_the_challenger_colour() {
        for choice in ColorChoice::ALL {
            assert_eq!(choice.to_string().parse(), Ok(choice));
        }
        assert_eq!("blue".parse::<ColorChoice>(), Err(ParseColorChoiceError));
        assert_eq!(ColorChoice::Black.challenger_color(|| true), Color::Black);
        assert_eq!(ColorChoice::Random.challenger_color(|| true), Color::White);
        assert_eq!(ColorChoice::Random.challenger_color(|| false), Color::Black);
    }
}

/// Which games `games` lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameScope {
    /// Those being played.
    #[default]
    Active,
    /// Those that have ended, however they ended.
    Finished,
    /// Both.
    All,
}

impl GameScope {
    /// The three, those being played first.
    pub const ALL: [GameScope; 3] = [GameScope::Active, GameScope::Finished, GameScope::All];

    /// The word for it in a chat line.
    pub fn word(self) -> &'static str {
        match self {
            GameScope::Active => "active",
            GameScope::Finished => "finished",
            GameScope::All => "all",
        }
    }
}

/// The games the ratings and the leaderboard keep apart: the three of the rules (a basic
/// game with extra pieces is a basic game), and every game with potentials (Ultimate GIPF
/// among them), which plays too differently to share their ratings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameKind {
    /// The basic game.
    Basic,
    /// The standard game.
    Standard,
    /// The tournament game.
    Tournament,
    /// Any game with potentials.
    Potentials,
}

impl GameKind {
    /// All four, the games of the rules first.
    pub const ALL: [GameKind; 4] = [
        GameKind::Basic,
        GameKind::Standard,
        GameKind::Tournament,
        GameKind::Potentials,
    ];

    /// The kind of a game of `variant`, played with potentials or not.
    ///
    /// ```
    /// use gipf_bot::model::GameKind;
    /// assert_eq!(GameKind::of(gipf::Variant::Tournament, false), GameKind::Tournament);
    /// assert_eq!(GameKind::of(gipf::Variant::Tournament, true), GameKind::Potentials);
    /// ```
    pub fn of(variant: gipf::Variant, potentials: bool) -> GameKind {
        match variant {
            _ if potentials => GameKind::Potentials,
            gipf::Variant::Basic { .. } => GameKind::Basic,
            gipf::Variant::Standard => GameKind::Standard,
            gipf::Variant::Tournament => GameKind::Tournament,
        }
    }

    /// `basic`, `standard`, `tournament` or `potentials`.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Basic => "basic",
            GameKind::Standard => "standard",
            GameKind::Tournament => "tournament",
            GameKind::Potentials => "potentials",
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that is none of the games the ratings keep apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseGameKindError(pub String);

impl fmt::Display for ParseGameKindError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a game: basic, standard, tournament or potentials",
            self.0
        )
    }
}

impl std::error::Error for ParseGameKindError {}

impl FromStr for GameKind {
    type Err = ParseGameKindError;

    fn from_str(text: &str) -> Result<GameKind, ParseGameKindError> {
        GameKind::ALL
            .into_iter()
            .find(|kind| kind.name() == text)
            .ok_or_else(|| ParseGameKindError(text.to_string()))
    }
}

/// A stored tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TournamentId(pub i64);

impl fmt::Display for TournamentId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// How a tournament pairs its players.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventFormat {
    /// Pairing within score groups, for this many rounds.
    Swiss {
        /// Its rounds.
        rounds: u32,
    },
    /// Everyone meets everyone, once or (`cycles` 2) twice with colours swapped.
    RoundRobin {
        /// 1 or 2.
        cycles: u8,
    },
}

impl EventFormat {
    /// The most rounds a Swiss event may have.
    pub const MAX_SWISS_ROUNDS: u32 = 30;

    /// The fewest players it starts with: 3 for a Swiss event, 2 for a round robin.
    pub fn fewest_players(self) -> usize {
        match self {
            EventFormat::Swiss { .. } => 3,
            EventFormat::RoundRobin { .. } => 2,
        }
    }

    /// `swiss` or `roundrobin`: the word that names it in a command.
    pub fn word(self) -> &'static str {
        match self {
            EventFormat::Swiss { .. } => "swiss",
            EventFormat::RoundRobin { .. } => "roundrobin",
        }
    }
}

/// `Swiss, 5 rounds`, `double round robin`.
impl fmt::Display for EventFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventFormat::Swiss { rounds: 1 } => f.write_str("Swiss, 1 round"),
            EventFormat::Swiss { rounds } => write!(f, "Swiss, {rounds} rounds"),
            EventFormat::RoundRobin { cycles: 1 } => f.write_str("round robin"),
            EventFormat::RoundRobin { .. } => f.write_str("double round robin"),
        }
    }
}

/// Where a tournament stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EventStatus {
    /// Taking entries.
    Open,
    /// Its rounds being played.
    Running,
    /// Its last round played.
    Finished,
    /// Called off by a moderator.
    Cancelled,
}

impl EventStatus {
    /// Every status, in the order an event goes through them.
    pub const ALL: [EventStatus; 4] = [
        EventStatus::Open,
        EventStatus::Running,
        EventStatus::Finished,
        EventStatus::Cancelled,
    ];

    /// How the store and the lists write it.
    pub fn name(self) -> &'static str {
        match self {
            EventStatus::Open => "open",
            EventStatus::Running => "running",
            EventStatus::Finished => "finished",
            EventStatus::Cancelled => "cancelled",
        }
    }
}
