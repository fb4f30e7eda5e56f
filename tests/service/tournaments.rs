//! Tournaments in a channel (issue 34): every refusal the issue lists, each saying what was
//! wrong and what would be right, with nothing changed; a round robin played to its end,
//! each game in its own (test-opened) thread, the next round paired by the watch; and the
//! records and ratings of an event's games.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use gipf::Color;
use gipf_bot::console::{Console, user_id};
use gipf_bot::model::{ChannelId, Clock, GuildId};
use gipf_bot::reply::Reply;
use gipf_bot::service::{Asked, Config, Message, Service};
use gipf_bot::sight::Sight;

use crate::support::chat::shown_safely;
use crate::support::recorder::{FIRST_THREAD, Recorder, look};

/// The event's channel.
const HALL: u64 = 500;

/// A service with a clock the test moves, a console to write as, and what it delivered,
/// opening each game's thread as Discord does.
pub struct Hall {
    _dir: tempfile::TempDir,
    pub service: Arc<Service>,
    console: Console,
    now: Arc<AtomicI64>,
    /// What the service delivers, the threads it opened with it.
    recorder: Arc<Recorder>,
    /// What the last command or look delivered, each with its channel.
    delivered: Vec<(ChannelId, Reply)>,
    /// How the messages' adapter sees who may read their channels, if it does.
    pub sight: Option<Sight>,
}

impl Hall {
    pub fn new() -> Hall {
        Hall::with_config(Config::default())
    }

    /// A hall whose service has `config`, on the test's clock.
    pub fn with_config(config: Config) -> Hall {
        let dir = tempfile::tempdir().unwrap();
        let now = Arc::new(AtomicI64::new(1_800_000_000));
        let reading = Arc::clone(&now);
        let config = Config {
            clock: Clock::new(move || reading.load(Ordering::SeqCst)),
            ..config
        };
        let database = crate::support::database::database(&dir.path().join("gipf.db"));
        let service = Arc::new(Service::open(database, config).unwrap());
        service.set_engine_user(user_id("gipf-bot"), "gipf-bot");
        let console = Console::new(dir.path().join("boards")).unwrap();
        Hall {
            _dir: dir,
            service,
            console,
            now,
            recorder: Arc::new(Recorder::with_threads()),
            delivered: Vec::new(),
            sight: None,
        }
    }

    /// The file that names the hall's database.
    pub fn db(&self) -> std::path::PathBuf {
        self._dir.path().join("gipf.db")
    }

    pub fn wait(&self, seconds: i64) {
        self.now.fetch_add(seconds, Ordering::SeqCst);
    }

    fn message(&mut self, channel: u64, author: &str, text: &str, moderator: bool) -> Message {
        let mut message = self
            .console
            .read_line(&format!("{author}: {text}"))
            .unwrap();
        message.channel = ChannelId(channel);
        message.guild = Some(GuildId(77));
        message.rights.manage_messages = moderator;
        if let Some(sight) = &self.sight {
            message.sight = sight.clone();
        }
        message
    }

    /// The replies to `text` by `author` in `channel`, wherever they went (a game's into
    /// the thread opened for it).
    pub fn say_in(
        &mut self,
        channel: u64,
        author: &str,
        text: &str,
        moderator: bool,
    ) -> Vec<Reply> {
        let message = self.message(channel, author, text, moderator);
        self.serve(message)
    }

    /// The replies to `message`, wherever they went.
    pub fn serve(&mut self, message: Message) -> Vec<Reply> {
        *self.recorder.here.lock().unwrap() = Some(message.channel);
        (self.service).serve_blocking(message, Asked::Line, Arc::clone(&self.recorder));
        self.delivered = self.recorder.take_each();
        self.delivered.iter().map(|(_, r)| r.clone()).collect()
    }

    /// What the last command or look delivered into the threads it opened, each with its
    /// thread.
    pub fn in_threads(&self) -> Vec<(ChannelId, Reply)> {
        (self.delivered.iter())
            .filter(|(channel, _)| self.recorder.thread_name(*channel).is_some())
            .cloned()
            .collect()
    }

    /// The name of thread `channel`.
    pub fn thread_name(&self, channel: ChannelId) -> String {
        self.recorder.thread_name(channel).expect("a thread opened")
    }

    /// The one reply to `text` in the hall, as shown.
    pub fn text(&mut self, author: &str, text: &str) -> String {
        let replies = self.say_in(HALL, author, text, false);
        assert_eq!(replies.len(), 1, "{text}: {replies:?}");
        shown(&replies[0])
    }

    /// The one reply to a moderator's `text` in the hall, as shown.
    pub fn moderator(&mut self, author: &str, text: &str) -> Vec<Reply> {
        self.say_in(HALL, author, text, true)
    }

    /// The name of the player of `color` in the game of `thread`, among `names`.
    pub fn player<'a>(&self, thread: ChannelId, color: Color, names: &[&'a str]) -> &'a str {
        let state = self.service.game_state(thread, false).unwrap().unwrap();
        names
            .iter()
            .find(|n| user_id(n) == state.players[color])
            .unwrap()
    }

    /// What the watch delivers now, its threads opened, each with its channel.
    pub fn watch(&mut self) -> Vec<(ChannelId, Reply)> {
        self.delivered = look(&self.service, &self.recorder);
        self.delivered.clone()
    }
}

/// A reply as Discord shows it (anyone may be pinged: the tests say whom).
pub fn shown(reply: &Reply) -> String {
    shown_safely(reply, &reply.mentions())
}

/// Checks that a refusal is private, says `wrong` and `right`, and `after` still reads the
/// same as `before`.
fn refused(reply: &[Reply], wrong: &str, right: &str) {
    assert_eq!(reply.len(), 1, "{reply:?}");
    let text = shown(&reply[0]);
    assert!(reply[0].private, "{text}");
    assert!(text.contains(wrong), "{wrong:?} in {text}");
    assert!(text.contains(right), "{right:?} in {text}");
}

const CREATE: &str = "!tournament create \"Winter Cup\" swiss rounds=3 standard days=3";

#[test]
fn every_refusal_says_what_is_wrong_and_what_is_right_and_changes_nothing() {
    let mut hall = Hall::new();
    // A non-moderator creates nothing.
    let reply = hall.say_in(HALL, "alice", CREATE, false);
    refused(&reply, "Only a moderator", "Manage Messages");
    let none = hall.text("alice", "!tournament standings");
    assert!(
        none.contains("There is no tournament in this channel"),
        "{none}"
    );

    let made = hall.moderator("mod", CREATE);
    assert!(
        shown(&made[0]).contains("Winter Cup** is open for entries"),
        "{}",
        shown(&made[0])
    );
    // A second event in the same channel.
    let second = hall.moderator("mod", "!tournament create \"Spring\" roundrobin basic");
    refused(&second, "has a tournament already", "another channel");

    hall.text("alice", "!tournament join");
    // Joining twice.
    let twice = hall.say_in(HALL, "alice", "!tournament join", false);
    refused(&twice, "entered in Winter Cup already", "!tournament leave");
    hall.text("bob", "!tournament join");
    // Too few players for a Swiss event.
    let early = hall.moderator("mod", "!tournament start");
    refused(&early, "has 2 players", "at least 3");
    // Withdrawing a non-player.
    let stranger = hall.moderator("mod", "!tournament withdraw @zed");
    refused(
        &stranger,
        "is not a player of Winter Cup",
        "!tournament standings",
    );
    // Leaving an event one is not in.
    let leave = hall.say_in(HALL, "carol", "!tournament leave", false);
    refused(&leave, "not entered", "!tournament join");
    hall.text("carol", "!tournament join");
    // A non-moderator starting or cancelling.
    for command in ["!tournament start", "!tournament cancel"] {
        let reply = hall.say_in(HALL, "alice", command, false);
        refused(&reply, "Only a moderator", "!tournament standings");
    }
    let standings = hall.text("dave", "!tournament standings");
    assert!(
        standings.contains("has not started: 3 players entered"),
        "{standings}"
    );

    let started = hall.moderator("mod", "!tournament start");
    assert!(
        shown(&started[0]).contains("round 1"),
        "{}",
        shown(&started[0])
    );
    // Joining a started event.
    let late = hall.say_in(HALL, "dave", "!tournament join", false);
    refused(
        &late,
        "has started: entries closed",
        "!tournament standings",
    );
    // Starting twice.
    let again = hall.moderator("mod", "!tournament start");
    refused(&again, "under way already", "!tournament standings");
    // A round robin needs 2.
    hall.moderator("mod", "!tournament cancel");
    hall.moderator("mod", "!tournament create \"Duel\" roundrobin basic");
    hall.text("alice", "!tournament join");
    let alone = hall.moderator("mod", "!tournament start");
    refused(&alone, "has 1 player", "at least 2");
    // Outside a server.
    let mut direct = hall.message(HALL, "alice", "!tournaments", false);
    direct.guild = None;
    let replies = hall.serve(direct);
    assert!(
        shown(&replies[0]).contains("belong to a server"),
        "{}",
        shown(&replies[0])
    );
}

#[test]
fn bad_create_lines_are_refused_with_an_example() {
    let mut hall = Hall::new();
    for (line, wrong) in [
        ("!tournament create Winter swiss rounds=3", "name in quotes"),
        ("!tournament create \"Winter\" rounds=3", "name one format"),
        ("!tournament create \"Winter\" swiss", "how many rounds"),
        (
            "!tournament create \"Winter\" swiss rounds=99",
            "1 to 30 rounds",
        ),
        (
            "!tournament create \"Winter\" roundrobin rounds=3",
            "leave out",
        ),
        (
            "!tournament create \"Winter\" swiss rounds=3 white",
            "name only its game",
        ),
        (
            "!tournament create \"<@1>\" swiss rounds=3",
            "plain punctuation",
        ),
        (
            "!tournament create \"W\" swiss rounds=3 starts=2020-01-01T10:00",
            "that start is past",
        ),
        (
            "!tournament create \"W\" swiss rounds=3 starts=tomorrow",
            "a day and time in utc",
        ),
        ("!tournament pairings zero", "a round is a number"),
        ("!tournament withdraw bob", "name the player"),
        ("!tournament dance", "takes one of"),
    ] {
        let reply = hall.moderator("mod", line);
        assert_eq!(reply.len(), 1, "{line}");
        let text = shown(&reply[0]);
        let lower = text.to_lowercase();
        assert!(reply[0].private && lower.contains(wrong), "{line}: {text}");
    }
    let none = hall.text("alice", "!tournaments");
    assert!(none.contains("no tournament yet"), "{none}");
}

/// Resigns the game of `thread` for the player to move.
/// `loser` resigns the game of `thread`: its end says what it counts for in the event, and
/// offers no rematch (the event pairs its players).
pub fn resign_in(hall: &mut Hall, thread: ChannelId, loser: &str) {
    let replies = hall.say_in(thread.0, loser, "!resign confirm", false);
    let said = shown(&replies[0]);
    assert!(said.contains("resigned"), "{said}");
    assert!(
        said.contains("It counts for round ") && said.contains(": a win for "),
        "{said}"
    );
    assert!(replies[0].buttons.is_empty(), "{:?}", replies[0].buttons);
}

#[test]
fn a_round_robin_is_played_to_its_end_and_names_its_winner() {
    let mut hall = Hall::new();
    hall.moderator("mod", "!tournament create \"Trio\" roundrobin basic rated");
    for player in ["alice", "bob", "carol"] {
        hall.text(player, "!tournament join");
    }
    let mut replies = hall.moderator("mod", "!tournament start");
    let mut rounds = 0;
    loop {
        rounds += 1;
        let announcement = shown(&replies[0]);
        assert!(
            announcement.contains(&format!("round {rounds}:")),
            "{announcement}"
        );
        assert!(
            announcement.contains("bye:"),
            "three players: one rests: {announcement}"
        );
        let games = hall.in_threads();
        assert_eq!(games.len(), 1, "{announcement}");
        let (channel, game) = &games[0];
        let name = hall.thread_name(*channel);
        assert!(name.starts_with(&format!("Trio · R{rounds} · ")), "{name}");
        // Both players pinged in the game's thread.
        assert_eq!(game.mentions().len(), 2, "{}", shown(game));
        // The game is in its thread: White resigns there, so Black wins.
        let white = hall.player(*channel, Color::White, &["alice", "bob", "carol"]);
        resign_in(&mut hall, *channel, white);
        // Nothing more until the watch comes by: then the hall hears, and each game goes
        // to its thread.
        let due: Vec<Reply> = hall
            .watch()
            .into_iter()
            .map(|(c, r)| {
                assert!(c == ChannelId(HALL) || hall.recorder.thread_name(c).is_some());
                r
            })
            .collect();
        if shown(&due[0]).contains("is over") {
            let last = shown(&due[0]);
            assert!(last.contains("The winner:"), "{last}");
            assert_eq!(due[0].mentions().len(), 1, "the winner pinged: {last}");
            break;
        }
        replies = due;
    }
    assert_eq!(rounds, 3);
    let list = hall.text("alice", "!tournaments");
    assert!(list.contains("Trio") && list.contains("finished"), "{list}");
    // The winner is named in the list, and the finished event stays readable in its channel
    // (issue 45: "There is no tournament in this channel" right after its end).
    let winner = list.split("finished, won by ").nth(1).unwrap_or_default();
    assert!(["alice", "bob", "carol"].contains(&winner), "{list}");
    let standings = hall.text("alice", "!tournament standings");
    assert!(
        standings.contains("Trio") && standings.contains(winner),
        "{standings}"
    );
    // A rated event's standings say each player's rating, and what the number is.
    let line = (standings.lines()).find(|l| l.contains(winner)).unwrap();
    let rating: String = (line.split(&format!("{winner} (")).nth(1).unwrap())
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    assert!(
        rating.len() == 4 && line.contains("): 1 point ("),
        "{standings}"
    );
    let pairings = hall.text("alice", "!tournament pairings 1");
    assert!(pairings.starts_with("Trio, round 1:"), "{pairings}");
    // The records name the event and the round; the rated event's games were rated.
    let records = hall.service.records(None).unwrap();
    assert_eq!(records.len(), 3);
    for (round, (_, record)) in records.iter().enumerate() {
        let text = record.to_string();
        assert!(text.contains("[Event \"Trio\"]"), "{text}");
        assert!(
            text.contains(&format!("[Round \"{}\"]", round + 1)),
            "{text}"
        );
    }
    let ratings = hall.text("alice", "!leaderboard");
    assert!(
        ratings.contains("bob") || ratings.contains("carol"),
        "{ratings}"
    );
}

#[test]
fn an_event_starts_by_itself_at_its_time_or_is_called_off() {
    let mut hall = Hall::new();
    // 1_800_000_000 is 2027-01-15 08:00 UTC.
    let made = hall.moderator(
        "mod",
        "!tournament create \"Dawn\" swiss rounds=2 basic starts=2027-01-15T09:00",
    );
    assert!(
        shown(&made[0]).contains("starts by itself at 2027-01-15 09:00 UTC"),
        "{}",
        shown(&made[0])
    );
    for player in ["alice", "bob", "carol"] {
        hall.text(player, "!tournament join");
    }
    assert!(hall.watch().is_empty());
    hall.wait(3600);
    let due = hall.watch();
    // The pairings, the one game (a bye) in its thread, and where to find it.
    assert_eq!(due.len(), 3, "{due:?}");
    assert_eq!(due[1].0, ChannelId(FIRST_THREAD), "{due:?}");
    assert_eq!(shown(&due[2].1), format!("Game on in <#{FIRST_THREAD}>."));
    assert!(
        shown(&due[0].1).contains("**Dawn**, round 1:"),
        "{}",
        shown(&due[0].1)
    );
    assert!(shown(&due[0].1).contains("bye: "), "{}", shown(&due[0].1));
    // Too few at the time: called off.
    hall.moderator("mod", "!tournament cancel");
    hall.moderator(
        "mod",
        "!tournament create \"Dusk\" swiss rounds=2 basic starts=2027-01-15T10:00",
    );
    hall.text("alice", "!tournament join");
    hall.wait(3600);
    let due = hall.watch();
    assert!(
        shown(&due[0].1).contains("called off"),
        "{}",
        shown(&due[0].1)
    );
}

#[test]
fn the_engine_entered_at_a_level_plays_its_games_in_their_threads() {
    let mut hall = Hall::new();
    hall.moderator("mod", "!tournament create \"Duo\" roundrobin double basic");
    hall.text("alice", "!tournament join");
    // Only the bot is entered at a level.
    let other = hall.say_in(HALL, "alice", "!tournament join @bob easy", false);
    refused(
        &other,
        "Only I can be entered",
        "!tournament join @gipf-bot medium",
    );
    let entered = hall.text("alice", "!tournament join @gipf-bot beginner");
    assert!(
        entered.contains("gipf-bot at level beginner entered Duo"),
        "{entered}"
    );
    let mut replies = hall.moderator("mod", "!tournament start");
    for round in 1..=2 {
        let games = hall.in_threads();
        let (thread, game) = games.first().expect("a game in its thread");
        let thread = *thread;
        let state = hall.service.game_state(thread, false).unwrap().unwrap();
        let said = shown(game);
        assert!(said.starts_with(&format!("Duo, round {round}: ")), "{said}");
        if state.players[Color::White] == user_id("gipf-bot") {
            // The engine opened the game: its turn is played, and it is alice's move.
            assert_eq!(state.turns.len(), 1, "{said}");
            assert!(said.contains("played"), "{said}");
        } else {
            assert!(state.turns.is_empty(), "{said}");
        }
        // Alice resigns her game: the engine wins it.
        resign_in(&mut hall, thread, "alice");
        replies = hall.watch().into_iter().map(|(_, r)| r).collect();
    }
    let last = shown(&replies[0]);
    assert!(last.contains("is over. The winner: gipf-bot"), "{last}");
    assert!(
        replies[0].mentions().is_empty(),
        "the bot pings nobody, itself least: {last}"
    );
}

/// A player cannot abort an event's game, even at its start (the event would count it as
/// a loss all the same): he is told to resign, and the game goes on (issue 45).
#[test]
fn an_events_game_is_not_aborted_by_a_player() {
    let mut hall = Hall::new();
    hall.moderator("mod", "!tournament create \"Duo\" roundrobin basic");
    for player in ["alice", "bob"] {
        hall.text(player, "!tournament join");
    }
    hall.moderator("mod", "!tournament start");
    let (thread, _) = hall.in_threads()[0].clone();
    let refused = hall.say_in(thread.0, "alice", "!abort", false);
    let said = shown(&refused[0]);
    assert!(
        said.contains("This game is round 1 of Duo: an event's game cannot end without a result")
            && said.contains("!resign"),
        "{said}"
    );
    let state = hall.service.game_state(thread, false).unwrap();
    assert!(state.is_some(), "the game goes on");
}

/// A player leaves a started event himself: told first what it does, then withdrawn with
/// `confirm` (issue 45: only a moderator could).
#[test]
fn a_player_withdraws_himself_from_a_started_event_once_he_confirms() {
    let mut hall = Hall::new();
    hall.moderator("mod", "!tournament create \"Trio\" swiss rounds=2 basic");
    for player in ["alice", "bob", "carol"] {
        hall.text(player, "!tournament join");
    }
    hall.moderator("mod", "!tournament start");
    let asked = hall.text("carol", "!tournament leave");
    assert!(
        asked.contains("withdraws you for good") && asked.contains("!tournament leave confirm"),
        "{asked}"
    );
    let standings = hall.text("alice", "!tournament standings");
    assert!(
        !standings.contains("withdrawn"),
        "nothing changed: {standings}"
    );
    let left = hall.text("carol", "!tournament leave confirm");
    assert!(left.starts_with("carol withdrew from Trio"), "{left}");
    let again = hall.text("carol", "!tournament leave confirm");
    assert!(again.contains("withdrawn from Trio already"), "{again}");
    let standings = hall.text("alice", "!tournament standings");
    assert!(standings.contains("withdrawn"), "{standings}");
}

/// Any event of the server by its name, from any channel (a finished one too), but only
/// where everyone reading the answer may view the event's channel (issue 45).
#[test]
fn an_event_is_read_by_its_name_where_its_channel_may_be_shown() {
    struct Hidden;
    impl gipf_bot::sight::ChannelSight for Hidden {
        fn author_sees(&self, channel: ChannelId) -> bool {
            channel != ChannelId(HALL)
        }
        fn readers_here_see(&self, channel: ChannelId) -> bool {
            channel != ChannelId(HALL)
        }
    }
    let mut hall = Hall::new();
    hall.moderator("mod", "!tournament create \"Duo Cup\" roundrobin basic");
    hall.text("alice", "!tournament join");
    let elsewhere = |hall: &mut Hall, text: &str| shown(&hall.say_in(600, "bob", text, false)[0]);
    let read = elsewhere(&mut hall, "!tournament standings \"duo cup\"");
    assert!(read.contains("Duo Cup") && read.contains("alice"), "{read}");
    let unquoted = elsewhere(&mut hall, "!tournament standings Duo Cup");
    assert_eq!(unquoted, read);
    let none = elsewhere(&mut hall, "!tournament standings Nothing");
    assert!(none.contains("no tournament called \"Nothing\""), "{none}");
    // Its pairings by name too, once it runs: the latest round, or one named.
    hall.text("bob", "!tournament join");
    hall.moderator("mod", "!tournament start");
    let pairings = elsewhere(&mut hall, "!tournament pairings \"Duo Cup\"");
    assert!(pairings.starts_with("Duo Cup, round 1:"), "{pairings}");
    assert_eq!(
        elsewhere(&mut hall, "!tournament pairings Duo Cup 1"),
        pairings
    );
    let later = elsewhere(&mut hall, "!tournament pairings \"Duo Cup\" 2");
    assert!(later.contains("has had 1 round so far"), "{later}");
    let wrong = elsewhere(&mut hall, "!tournament pairings \"Duo Cup\" x");
    assert!(wrong.contains("a round is a number from 1"), "{wrong}");
    hall.sight = Some(Sight::Member(Arc::new(Hidden)));
    let hidden = elsewhere(&mut hall, "!tournament pairings Duo Cup");
    assert!(
        hidden.contains("no tournament called \"Duo Cup\""),
        "{hidden}"
    );
    let hidden = elsewhere(&mut hall, "!tournament standings Duo Cup");
    assert!(
        hidden.contains("no tournament called \"Duo Cup\""),
        "{hidden}"
    );
}

/// An event made with `vacation=off givetime=off` keeps its games' clocks: a vacation stops
/// its player's other games only (and says so), and nobody gives more time (issue 43).
#[test]
fn an_event_without_vacations_or_more_time_keeps_its_clocks() {
    let mut hall = Hall::new();
    let created = hall.moderator(
        "mod",
        "!tournament create \"Strict\" roundrobin basic days=3 vacation=off givetime=off",
    );
    let said = shown(&created[0]);
    assert!(
        said.contains("vacation=off") && said.contains("givetime=off"),
        "{said}"
    );
    for player in ["alice", "bob"] {
        hall.text(player, "!tournament join");
    }
    hall.moderator("mod", "!tournament start");
    let (thread, _) = hall.in_threads()[0].clone();
    let board = |hall: &mut Hall| {
        let said = shown(&hall.say_in(thread.0, "carol", "!board", false)[0]);
        let due = said.find("Move by <t:").expect("a deadline");
        said[due..due + 21].to_string()
    };
    let before = board(&mut hall);
    let white = hall.player(thread, Color::White, &["alice", "bob"]);
    let black = hall.player(thread, Color::Black, &["alice", "bob"]);

    let given = hall.say_in(thread.0, black, "!givetime", false);
    assert_eq!(
        shown(&given[0]),
        "This game's event was made with `givetime=off`: its players keep the time they have."
    );
    let away = shown(&hall.say_in(9, white, "!vacation 3", false)[0]);
    assert!(
        away.ends_with("Your game in an event made with `vacation=off` keeps its clock."),
        "{away}"
    );
    assert_eq!(board(&mut hall), before, "its clock runs as it did");
    let seen = shown(&hall.say_in(thread.0, "carol", "!board", false)[0]);
    assert!(!seen.contains("vacation"), "{seen}");
    let look = shown(&hall.say_in(9, white, "!vacation", false)[0]);
    assert!(look.contains("keeps its clock"), "{look}");
}

/// A rated event seeds by rating in its game's pool (entry order breaking ties; a player
/// without one a newcomer's 1500): the Swiss first round pairs the top half against the
/// bottom half of that order, not of the entry order (issue 45).
#[test]
fn a_rated_event_is_seeded_by_rating() {
    let mut hall = Hall::new();
    let mut sql = crate::support::database::sql(&hall.db());
    for (player, rating) in [("carol", 1800.0), ("dave", 1700.0), ("bob", 1600.0)] {
        sql.execute(
            "INSERT INTO users (id, name) VALUES (?1, ?2) ON CONFLICT(id) DO NOTHING",
            &[&(user_id(player).0 as i64), &player.to_string()],
        )
        .unwrap();
        sql.execute(
            "INSERT INTO ratings (guild_id, user_id, kind, rating, deviation, volatility, games, wins)
             VALUES (77, ?1, 'standard', ?2, 60.0, 0.06, 10, 5)",
            &[&(user_id(player).0 as i64), &rating],
        )
        .unwrap();
    }
    hall.moderator(
        "mod",
        "!tournament create \"Seeded\" swiss rounds=2 standard rated",
    );
    for player in ["alice", "bob", "carol", "dave"] {
        hall.text(player, "!tournament join");
    }
    hall.moderator("mod", "!tournament start");
    let mut games: Vec<Vec<&str>> = hall
        .in_threads()
        .iter()
        .map(|(thread, _)| {
            let mut pair = vec![
                hall.player(*thread, Color::White, &["alice", "bob", "carol", "dave"]),
                hall.player(*thread, Color::Black, &["alice", "bob", "carol", "dave"]),
            ];
            pair.sort();
            pair
        })
        .collect();
    games.sort();
    games.dedup();
    assert_eq!(games, [vec!["alice", "dave"], vec!["bob", "carol"]]);
    let standings = hall.text("alice", "!tournament standings");
    assert!(standings.contains("carol (1800)"), "{standings}");
}

/// A Swiss event made with `late=2` takes entries until round 2 is paired: the late entrant
/// is paired from round 2 with no points for round 1, and entries close after (issue 45).
#[test]
fn a_late_entrant_plays_from_the_next_round_until_entries_close() {
    let mut hall = Hall::new();
    let refused = hall.moderator("mod", "!tournament create \"Late\" roundrobin basic late=2");
    assert!(
        shown(&refused[0]).contains("is for a Swiss event"),
        "{refused:?}"
    );
    let refused = hall.moderator(
        "mod",
        "!tournament create \"Late\" swiss rounds=3 basic late=4",
    );
    assert!(
        shown(&refused[0]).contains("until a round from the second to the last"),
        "{refused:?}"
    );
    hall.moderator(
        "mod",
        "!tournament create \"Late\" swiss rounds=3 basic late=2",
    );
    let names = ["alice", "bob", "carol", "dave", "eve", "frank"];
    for player in &names[..4] {
        hall.text(player, "!tournament join");
    }
    hall.moderator("mod", "!tournament start");
    let first: Vec<ChannelId> = hall.in_threads().iter().map(|(c, _)| *c).collect();
    assert_eq!(first.len(), 2);
    let joined = hall.text("eve", "!tournament join");
    assert_eq!(
        joined,
        "eve entered Late (5 players), late: paired from round 2, the rounds before counting as not played (no points)."
    );
    for thread in first {
        let white = hall.player(thread, Color::White, &names);
        resign_in(&mut hall, thread, white);
    }
    let round = hall.watch();
    let announcement = shown(&round[0].1);
    assert!(announcement.contains("round 2:"), "{announcement}");
    assert!(
        announcement.contains("eve"),
        "the late entrant is paired: {announcement}"
    );
    let standings = hall.text("alice", "!tournament standings");
    assert!(standings.contains("eve"), "{standings}");
    let closed = hall.text("frank", "!tournament join");
    assert!(
        closed.contains("entries closed when round 2 was paired"),
        "{closed}"
    );
}
