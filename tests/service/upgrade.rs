//! Servers keep their databases across upgrades. `tests/fixtures/upgrade/` holds databases
//! written by earlier releases, each with the records its release exported: every one must
//! open with today's code, every game load and export the same turns and result, every
//! running game take a legal next turn, and ratings, settings and notices stay as they were.
//! Every earlier schema version migrates too, its rows kept.
//!
//! A release that changes the schema adds its own fixture: `cargo test --test service --
//! --ignored write_fixture` writes `schema-<version>.db` and its exports (see the README
//! in the folder).

use gipf_bot::service::Asked;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use crate::support::games::tamsk_setup;
use crate::support::pictures::bottom_of_png;
use crate::support::recorder::{Hold, Recorder, drain, look, serve};
use crate::support::table::shown;
use gipf::random::Rng;
use gipf::{Color, Decision, Kind, Pending, Position};
use gipf_bot::console::{Console, user_id};
use gipf_bot::model::{ChannelId, Clock, GameId, GuildId, Rights};
use gipf_bot::reply::Reply;
use gipf_bot::service::{Config, GameState, Message, Service};
use gipf_bot::store::{Database, copy};
use rusqlite::Connection;

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/upgrade");
const GUILD: GuildId = GuildId(7);

/// A service over a database with a clock the test moves, a console to write as, and what
/// it delivers (the threads it asks for opened, the channels `FIRST_THREAD` and on).
struct Club {
    service: Arc<Service>,
    console: Console,
    now: Arc<AtomicI64>,
    recorder: Arc<Recorder>,
}

impl Club {
    fn open(db: &Path, now: i64) -> Club {
        Club::open_on(Database::Sqlite(db.to_path_buf()), db, now)
    }

    /// [`Club::open`] on the test's database: the file itself, or with `TEST_DATABASE_URL`
    /// set, a copy of it in PostgreSQL made as `copy-db` makes one.
    fn open_copied(db: &Path, now: i64) -> Club {
        let database = crate::support::database::database(db);
        if let Database::Postgres(_) = database {
            copy::copy(&Database::Sqlite(db.to_path_buf()), &database, |_| ()).unwrap();
        }
        Club::open_on(database, db, now)
    }

    fn open_on(database: Database, db: &Path, now: i64) -> Club {
        let clock_now = Arc::new(AtomicI64::new(now));
        let reading = Arc::clone(&clock_now);
        let config = Config {
            clock: Clock::new(move || reading.load(Ordering::SeqCst)),
            // An analysis (schema 16) at a glance.
            analysis: gipf_ai::analyse::Budget {
                scan: gipf_ai::Limits::depth(1),
                confirm: gipf_ai::Limits::depth(2),
            },
            ..Config::default()
        };
        let service = Arc::new(Service::open(database, config).unwrap());
        service.set_engine_user(user_id("gipf-bot"), "gipf-bot");
        // An earlier release owed no announcement: the outbox starts empty.
        assert!(drain(&service, &Arc::default()).is_empty());
        let console = Console::new(db.with_file_name("boards")).unwrap();
        Club {
            service,
            console,
            now: clock_now,
            recorder: Arc::new(Recorder::with_threads()),
        }
    }

    /// Moves the clock on.
    fn wait(&self, seconds: i64) {
        self.now.fetch_add(seconds, Ordering::SeqCst);
    }

    fn message(&mut self, channel: u64, author: &str, text: &str) -> Message {
        let mut message = self
            .console
            .read_line(&format!("{author}: {text}"))
            .unwrap();
        message.channel = ChannelId(channel);
        // Channel 1 is a direct conversation: no server.
        message.guild = (channel != 1).then_some(GUILD);
        message.site = Some(format!("GIPF Club #{channel}"));
        message
    }

    /// Says `text` as `author` in `channel`, a minute after the last line.
    fn say(&mut self, channel: u64, author: &str, text: &str) -> Vec<Reply> {
        self.wait(60);
        let message = self.message(channel, author, text);
        self.serve(message.clone(), Asked::Line)
    }

    /// The replies to `message`, which asks `asked`, wherever they went.
    fn serve(&self, message: Message, asked: Asked) -> Vec<Reply> {
        serve(&self.service, &self.recorder, message, asked)
    }

    /// One look of the watch at the clock: what it delivers, each with its channel.
    fn look(&self) -> Vec<(ChannelId, Reply)> {
        self.look_with(&self.recorder)
    }

    /// [`Club::look`], delivered through `recorder`.
    fn look_with(&self, recorder: &Arc<Recorder>) -> Vec<(ChannelId, Reply)> {
        look(&self.service, recorder)
    }

    /// Says `text` and checks that the first reply contains `expected`.
    fn expect(&mut self, channel: u64, author: &str, text: &str, expected: &str) -> Vec<Reply> {
        let replies = self.say(channel, author, text);
        let first = replies.first().map(shown).unwrap_or_default();
        assert!(first.contains(expected), "{text}: {first}");
        replies
    }

    fn state(&self, channel: u64) -> GameState {
        self.service
            .game_state(ChannelId(channel), false)
            .unwrap()
            .unwrap_or_else(|| panic!("no running game in channel {channel}"))
    }

    /// `white` challenges `black` to `game` in `channel`, and `black` accepts.
    fn start(&mut self, channel: u64, white: &str, black: &str, game: &str) -> Reply {
        self.expect(
            channel,
            white,
            &format!("!challenge @{black} {game} white"),
            "challenges you",
        );
        self.expect(channel, black, "!accept", "Game on").remove(0)
    }

    /// Plays seeded random complete turns by `!move` until the game ends or `turns` are
    /// played.
    fn play_random(&mut self, channel: u64, seed: u64, turns: usize) {
        let mut rng = Rng::new(seed);
        for _ in 0..turns {
            let state = self.state(channel);
            let Some((turn, mover)) = random_turn(&state, &mut rng) else {
                return;
            };
            let who = self.service_name(&state, mover);
            let line = format!("!move {turn}");
            let replies = self.say(channel, &who, &line);
            let said = replies.first().map(shown).unwrap_or_default();
            // A turn that loses on the spot is asked about first, and then confirmed.
            if said.contains("would end the game at once") {
                self.expect(channel, &who, &format!("{line} confirm"), "played");
            } else {
                assert!(said.contains("played"), "{line}: {said}");
            }
            if self
                .service
                .game_state(ChannelId(channel), false)
                .unwrap()
                .is_none()
            {
                return;
            }
        }
    }

    fn service_name(&self, state: &GameState, color: Color) -> String {
        ["alice", "bob", "carol", "dave", "erin", "gipf-bot"]
            .into_iter()
            .find(|name| user_id(name) == state.players[color])
            .unwrap()
            .to_string()
    }
}

/// A random legal complete turn of the player to move, in the notation, with his colour;
/// `None` once the game is over or mid-turn.
fn random_turn(state: &GameState, rng: &mut Rng) -> Option<(String, Color)> {
    let game = &state.game;
    if game.outcome().is_some() || game.current_turn().action.is_some() {
        return None;
    }
    let turns = game.legal_turns();
    let (turn, _) = &turns[rng.below(turns.len())];
    Some((format!("{turn}"), game.to_move()))
}

/// A push of the basic piece that leaves its mover a choice (of a row, or of GIPF-pieces).
fn push_with_a_choice(position: &Position) -> Option<String> {
    position.legal_entries().find_map(|entry| {
        let mut next = *position;
        let push = Decision::Push {
            entry,
            piece: Kind::Basic,
        };
        let chooses = next.play(push).is_ok()
            && matches!(
                next.pending(),
                Pending::ChooseRow { .. } | Pending::TakeGipf { .. }
            );
        chooses.then(|| format!("!push {entry}"))
    })
}

/// The fixture written by the release of `schema`'s version, and its folder of exports.
pub(crate) fn fixture(schema: u32) -> (PathBuf, PathBuf) {
    let dir = Path::new(FIXTURES);
    (
        dir.join(format!("schema-{schema}.db")),
        dir.join(format!("schema-{schema}")),
    )
}

/// The schema version a fresh database has now.
fn current_schema() -> u32 {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("fresh.db");
    drop(Service::open(&db, Config::default()).unwrap());
    Connection::open(&db)
        .unwrap()
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap()
}

/// Writes this release's fixture: a server's database after a season of play.
#[test]
#[ignore = "writes a new fixture; run by hand when a release changes the schema"]
fn write_fixture() {
    let (db, exports) = fixture(current_schema());
    assert!(
        !db.exists(),
        "{} exists: fixtures are never rewritten",
        db.display()
    );
    let work = tempfile::tempdir().unwrap();
    let live = work.path().join("gipf.db");
    // 40 days before the fixture's day, so that games can be abandoned and lose on time.
    let mut club = Club::open(&live, 1_795_608_000 - 40 * 86_400);
    // The season's threads: a game's (31), then the first event's round (101, 102).
    club.recorder = Arc::new(Recorder::with_threads_at(&[31, 101, 102]));

    // From schema 13: erin's first lesson done, before she has a game (while she plays,
    // her moves are the game's).
    club.expect(81, "erin", "!learn", "Lesson 1 of 10");
    club.expect(81, "erin", "!push e1 e2", "Lesson 1 done");

    // Early games: one left to be abandoned, one lost on time.
    club.start(50, "carol", "dave", "standard");
    club.play_random(50, 5, 3);
    club.start(51, "erin", "alice", "standard days=1 autoforfeit");
    club.play_random(51, 6, 2);
    club.wait(2 * 86_400);
    let due = club.look();
    assert!(due.iter().any(|(_, reply)| shown(reply).contains("time")));
    club.now.store(1_795_608_000, Ordering::SeqCst);
    let abandoned = club.say(50, "carol", "!board");
    assert!(
        shown(&abandoned[0]).contains("Abandoned"),
        "{}",
        shown(&abandoned[0])
    );

    // Finished games of every kind, won by the rules or by resignation (and so rated).
    club.start(10, "alice", "bob", "basic +2");
    club.play_random(10, 1, 400);
    club.start(11, "bob", "carol", "standard");
    club.play_random(11, 2, 6);
    club.expect(11, "carol", "!resign confirm", "resigned");
    club.start(12, "carol", "alice", "tournament");
    club.play_random(12, 3, 400);
    club.start(13, "alice", "dave", "standard potentials=ZYD:3");
    club.play_random(13, 4, 400);
    club.start(14, "dave", "bob", "ultimate");
    club.play_random(14, 7, 400);
    for channel in [10, 12, 13, 14] {
        assert!(
            club.service
                .game_state(ChannelId(channel), false)
                .unwrap()
                .is_none(),
            "the game in {channel} ended"
        );
    }
    // Ended without a result: by a player early on, and by a moderator.
    club.start(15, "alice", "erin", "tournament");
    club.play_random(15, 8, 1);
    club.expect(15, "erin", "!abort", "");
    club.start(16, "bob", "erin", "basic");
    club.play_random(16, 9, 5);
    let mut moderator = club.message(16, "dave", "!abort");
    moderator.rights = Rights {
        manage_messages: true,
        manage_server: false,
    };
    club.serve(moderator.clone(), Asked::Line);

    // Running games of every kind.
    club.start(20, "alice", "bob", "basic +0/+3");
    club.play_random(20, 10, 7);
    club.start(21, "carol", "dave", "standard days=3 autoforfeit");
    club.play_random(21, 11, 5);
    club.start(22, "erin", "carol", "tournament hints");
    let mut rng_seed = 12;
    loop {
        let state = club.state(22);
        let position = state.position().unwrap();
        if let Some(push) = push_with_a_choice(&position) {
            let who = club.service_name(&state, position.to_move());
            club.say(22, &who, &push);
            break;
        }
        club.play_random(22, rng_seed, 1);
        rng_seed += 1;
    }
    assert_ne!(club.state(22).position().unwrap().pending(), Pending::Push);
    club.start(23, "bob", "alice", "standard potentials=ZYD:3");
    club.play_random(23, 13, 9);
    club.start(24, "dave", "erin", "ultimate");
    club.play_random(24, 14, 8);
    club.start(25, "alice", "carol", "basic potentials=T3");
    let (turns, push) = tamsk_setup();
    for turn in &turns {
        let state = club.state(25);
        let who = club.service_name(&state, state.potentials().unwrap().to_move());
        club.expect(25, &who, &format!("!move {turn}"), "played");
    }
    let state = club.state(25);
    let who = club.service_name(&state, state.potentials().unwrap().to_move());
    club.expect(25, &who, &push, "TAMSK");

    // From schema 15: a takeback accepted, and one asked and unanswered.
    for (channel, answer) in [(20, Some("!takeback accept")), (21, None)] {
        let state = club.state(channel);
        let asker = club.service_name(&state, !state.game.to_move());
        club.expect(channel, &asker, "!takeback", "asks for a takeback");
        if let Some(answer) = answer {
            let other = club.service_name(&state, state.game.to_move());
            club.expect(channel, &other, answer, "accepted the takeback");
        }
    }

    // A game in a thread of its own.
    club.start(30, "carol", "bob", "standard thread");
    assert_eq!(club.recorder.threads_opened(), [ChannelId(31)]);
    club.play_random(31, 15, 4);

    // A game against the engine, its reply played.
    club.expect(
        40,
        "alice",
        "!challenge @gipf-bot standard white easy",
        "Game on",
    );
    club.play_random(40, 16, 1);
    assert_eq!(club.state(40).turns.len(), 2, "the engine answered");
    // From schema 13: a puzzle given to carol and not answered yet (erin's first lesson is
    // done above).
    let given = club.say(80, "carol", "!puzzle");
    assert!(shown(&given[0]).contains("Puzzle "), "{}", shown(&given[0]));
    let carols = crate::support::puzzles::puzzle_number(&shown(&given[0]));
    // From schema 12: the engine at its beginner level, in Ultimate GIPF.
    let started = club.say(41, "bob", "!challenge @gipf-bot ultimate black beginner");
    assert!(
        shown(&started[0]).contains("at level beginner"),
        "{}",
        shown(&started[0])
    );
    assert_eq!(club.state(41).turns.len(), 1, "the engine opened the game");

    // A game in a direct conversation (no server).
    club.start(1, "bob", "dave", "standard");
    club.play_random(1, 17, 3);

    // A challenge still open, server settings, and who wants direct messages.
    club.expect(
        60,
        "carol",
        "!challenge @erin tournament black days=2",
        "challenges you",
    );
    // From schema 11: a seek, open to anyone in its channel.
    club.expect(61, "alice", "!seek basic white", "seeks a game");
    // From schema 14: the server's pictures from Black's side, and erin's from her own.
    let mut admin = club.message(
        70,
        "dave",
        "!settings days=5 abandon=60 threads=off side=black",
    );
    admin.rights = Rights {
        manage_messages: true,
        manage_server: true,
    };
    club.wait(60);
    let settings = club.serve(admin.clone(), Asked::Line);
    assert!(shown(&settings[0]).contains('5'), "{}", shown(&settings[0]));
    club.expect(70, "bob", "!notify dm on", "");
    club.expect(70, "erin", "!notify dm on", "");
    club.expect(70, "erin", "!notify dm off", "");
    club.expect(70, "erin", "!board side mine", "your own colour");

    // From schema 16: the daily puzzle in channel 90 at 09:00 UTC, posted and answered
    // rightly by carol; an analysis of the resigned game of channel 11, its comments kept.
    let mut admin = club.message(70, "dave", "!settings puzzles=<#90> puzzle_hour=9");
    admin.rights.manage_server = true;
    let set = shown(&club.serve(admin.clone(), Asked::Line)[0]);
    assert!(set.contains("every day at 09:00 UTC"), "{set}");
    let posts = club.look();
    assert_eq!(posts.len(), 1);
    let number = crate::support::puzzles::puzzle_number(&shown(&posts[0].1));
    let solution = crate::support::puzzles::solution_of(number);
    club.expect(90, "carol", &format!("!solve {solution}"), "Right: ");
    // From schema 22: bob's first answer to the daily puzzle wrong, his last try left; a
    // tournament game whose first push came in from i4 onto the empty h5 (the record
    // writes `Gh5`, which three dots reach).
    let wrong = crate::support::puzzles::wrong_answer_to(number);
    club.expect(
        90,
        "bob",
        &format!("!solve {wrong}"),
        "One more try, your last",
    );
    club.start(26, "erin", "bob", "tournament");
    club.expect(26, "erin", "!gipf i4 h5", "a GIPF-piece i4 -> h5");
    let posted = club.say(11, "erin", "!analyse");
    assert!(posted.len() > 2, "{}", shown(&posted[1]));

    // From the pictures-for-everyone schema: the server's pictures name every spot, bob's
    // none; carol answered her open puzzle wrongly once (one more try left).
    let mut admin = club.message(70, "dave", "!settings labels=on");
    admin.rights.manage_server = true;
    let set = shown(&club.serve(admin.clone(), Asked::Line)[0]);
    assert!(set.contains("and name every spot"), "{set}");
    club.expect(70, "bob", "!labels off", "name no spot");
    let wrong = crate::support::puzzles::wrong_answer_to(carols);
    club.expect(80, "carol", &format!("!solve {wrong}"), "One more try");
    // From schema 18: a Swiss event in channel 100, its first round under way: one game
    // (channel 101) won by resignation, one (channel 102) running.
    let mut moderator = club.message(
        100,
        "dave",
        "!tournament create \"Winter Cup\" swiss rounds=2 basic days=3",
    );
    moderator.rights.manage_messages = true;
    club.serve(moderator.clone(), Asked::Line);
    for player in ["alice", "bob", "carol", "erin"] {
        club.expect(100, player, "!tournament join", "entered Winter Cup");
    }
    let mut start = club.message(100, "dave", "!tournament start");
    start.rights.manage_messages = true;
    club.serve(start.clone(), Asked::Line);
    let opened = club.recorder.threads_opened();
    assert_eq!(
        opened,
        [31, 101, 102].map(ChannelId),
        "the round's games in their threads"
    );
    let state = club.state(101);
    let white = club.service_name(&state, Color::White);
    club.expect(101, &white, "!resign confirm", "resigned");
    club.play_random(102, 18, 2);
    // From schema 25: a round robin in channel 110 whose two games wait for their threads,
    // as where Discord refused them (neither is moved into one).
    let mut moderator = club.message(
        110,
        "dave",
        "!tournament create \"Spring Cup\" roundrobin basic days=2",
    );
    moderator.rights.manage_messages = true;
    club.serve(moderator, Asked::Line);
    for player in ["alice", "bob", "carol", "erin"] {
        club.expect(110, player, "!tournament join", "entered Spring Cup");
    }
    let mut start = club.message(110, "dave", "!tournament start");
    start.rights.manage_messages = true;
    let refusing = Arc::new(Recorder::default());
    let round = serve(&club.service, &refusing, start, Asked::Line);
    assert!(
        shown(&round[0]).contains("**Spring Cup**, round 1:"),
        "{round:?}"
    );
    assert!(refusing.threads_opened().is_empty());

    // Every announcement of the season went out, as on a server whose bot posted them all.
    drain(&club.service, &Arc::default());
    // From schema 24: a game against the engine whose answer waits, as a bot left it that
    // stopped before its searcher started: alice's push posted, the engine's turn asked.
    club.say(42, "alice", "!challenge @gipf-bot standard white easy");
    let push = club.message(42, "alice", "!push b1 c2");
    let held = Arc::new(Recorder::holding(Hold::Typing));
    let pushing = {
        let (service, held) = (Arc::clone(&club.service), Arc::clone(&held));
        std::thread::spawn(move || serve(&service, &held, push, Asked::Line))
    };
    held.wait_typing();
    drop(pushing);
    // Her push's announcement posted (the bot stopped while the engine was to answer; a
    // drain here would play the engine's turn too).
    Connection::open(&live)
        .unwrap()
        .execute_batch("UPDATE outbox SET sent_at = created_at WHERE sent_at IS NULL")
        .unwrap();
    std::fs::create_dir_all(&exports).unwrap();
    for (name, record) in club.service.records(None).unwrap() {
        std::fs::write(exports.join(name), record.to_string()).unwrap();
    }
    // A clean stop: nothing held (the watch's lease would name this machine).
    club.service.give_up_the_watch();
    drop(club);
    gipf_bot::store::backup(&live, &db).unwrap();
}

/// Every row of `table` in `columns`, in order, as text (for tables whose rows must survive
/// as they are).
fn rows(db: &Connection, table: &str, columns: &[String]) -> Vec<String> {
    let mut statement = db
        .prepare(&format!(
            "SELECT {} FROM {table} ORDER BY 1, 2",
            columns.join(", ")
        ))
        .unwrap();
    let columns = statement.column_count();
    statement
        .query_map([], |row| {
            let values: Vec<String> = (0..columns)
                .map(|i| format!("{:?}", row.get_ref(i).unwrap()))
                .collect();
            Ok(values.join("|"))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// The tables of players' standing and servers' choices.
const KEPT: [&str; 5] = [
    "users",
    "ratings",
    "guild_settings",
    "notices",
    "challenges",
];

/// The columns of the kept tables, by table.
type Columns = BTreeMap<&'static str, Vec<String>>;

/// The columns each kept table has in `db` (a later schema may add some).
fn kept_columns(db: &Path) -> Columns {
    let db = Connection::open(db).unwrap();
    KEPT.into_iter()
        .map(|table| {
            let mut statement = db
                .prepare(&format!(
                    "SELECT name FROM pragma_table_info('{table}') ORDER BY cid"
                ))
                .unwrap();
            let names = statement
                .query_map([], |r| r.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap();
            (table, names)
        })
        .collect()
}

/// The kept tables' rows, read without the bot, in `columns` (those of the schema they
/// were written in: what a migration adds is not theirs to keep).
fn kept_tables(db: &Path, columns: &Columns) -> BTreeMap<&'static str, Vec<String>> {
    let db = Connection::open(db).unwrap();
    KEPT.into_iter()
        .map(|table| (table, rows(&db, table, &columns[table])))
        .collect()
}

/// A turn's lines and the result tags of a record, as the export gives them.
fn turns_and_result(record: &str) -> (Vec<String>, Vec<String>) {
    let tags = record
        .lines()
        .filter(|l| {
            [
                "[Result ",
                "[Termination ",
                "[Variant ",
                "[Potentials ",
                "[White ",
                "[Black ",
            ]
            .iter()
            .any(|tag| l.starts_with(tag))
        })
        .map(str::to_string)
        .collect();
    let turns = record
        .lines()
        .filter(|l| !l.starts_with('[') && !l.trim().is_empty())
        .map(str::to_string)
        .collect();
    (turns, tags)
}

/// Every fixture in the folder: its schema version.
pub(crate) fn fixtures() -> Vec<u32> {
    let mut found: Vec<u32> = std::fs::read_dir(FIXTURES)
        .unwrap()
        .filter_map(|entry| {
            let name = entry.unwrap().file_name().into_string().ok()?;
            name.strip_prefix("schema-")?
                .strip_suffix(".db")?
                .parse()
                .ok()
        })
        .collect();
    found.sort_unstable();
    found
}

#[test]
fn every_release_fixture_opens_and_plays_on() {
    let found = fixtures();
    assert!(
        found.contains(&10),
        "the fixture of schema 10 is there: {found:?}"
    );
    for schema in found {
        opens_and_plays_on(schema);
    }
}

fn opens_and_plays_on(schema: u32) {
    let (fixture_db, exports) = fixture(schema);
    let work = tempfile::tempdir().unwrap();
    let db = work.path().join("gipf.db");
    std::fs::copy(&fixture_db, &db).unwrap();
    let columns = kept_columns(&db);
    let before = kept_tables(&db, &columns);
    let (last_move, channels): (i64, Vec<(i64, u64)>) = {
        let raw = Connection::open(&db).unwrap();
        let last = raw
            .query_row("SELECT max(updated_at) FROM games", [], |r| r.get(0))
            .unwrap();
        let mut statement = raw
            .prepare(&format!(
                "SELECT id, channel_id FROM games WHERE status = 'active'{} ORDER BY id",
                played_somewhere(schema)
            ))
            .unwrap();
        let running = statement
            .query_map([], |r| Ok((r.get(0)?, r.get::<_, i64>(1)? as u64)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        (last, running)
    };
    // An hour after the fixture's last move: no game is abandoned, no challenge lapsed.
    let mut club = Club::open_copied(&db, last_move + 3600);
    assert_eq!(
        kept_tables(&db, &columns),
        before,
        "schema {schema}: rows changed on opening"
    );

    // Every game loads and exports the turns and result it had.
    let records = club.service.records(None).unwrap();
    let mut expected: Vec<String> = std::fs::read_dir(&exports)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    expected.sort();
    let mut names: Vec<String> = records.iter().map(|(name, _)| name.clone()).collect();
    names.sort();
    assert_eq!(names, expected, "schema {schema}: the same games");
    for (name, record) in &records {
        let old = std::fs::read_to_string(exports.join(name)).unwrap();
        assert_eq!(
            turns_and_result(&record.to_string()),
            turns_and_result(&old),
            "schema {schema}: {name} exports as it did"
        );
    }

    // The watch finds the engine's turn left waiting (a request from schema 24 on; none due
    // before), and plays it.
    let due = club.look();
    let waited: Vec<u64> = due.iter().map(|(channel, _)| channel.0).collect();
    assert_eq!(
        waited,
        if schema >= 24 { vec![42] } else { vec![] },
        "schema {schema}"
    );
    assert!(
        due.iter()
            .all(|(_, reply)| shown(reply).contains("I (black) answered"))
    );

    // Every running game takes a legal next turn (or the next decision of one begun).
    assert!(channels.len() >= 8, "schema {schema}: {channels:?}");
    for (id, channel) in channels {
        let state = club.state(channel);
        assert_eq!(state.id, GameId(id));
        let step = next_step(&state);
        let mover = state.game.to_move();
        // A game without potentials is the same game for the engine's kernel.
        if let Some(position) = state.position() {
            assert_eq!(position.to_move(), mover, "schema {schema}, game {id}");
            for color in [Color::White, Color::Black] {
                assert_eq!(
                    state.game.pieces(color),
                    position.pieces(color),
                    "game {id}"
                );
            }
        }
        let who = club.service_name(&state, mover);
        let replies = club.say(channel, &who, &step);
        if let Some(board) = replies.first().and_then(|r| r.board.as_ref()) {
            let bottom = server_side(schema, channel);
            assert_eq!(
                bottom_of_png(&board.png),
                bottom,
                "schema {schema}, game {id}"
            );
        }
        let first = replies.first().map(shown).unwrap_or_default();
        assert!(
            first.contains("played") || first.contains("took") || first.contains("removed"),
            "schema {schema}, game {id}: {step} -> {first}"
        );
        let after = club.state(channel);
        assert!(
            after.turns.len() > state.turns.len(),
            "schema {schema}, game {id}: {step} completed a turn"
        );
        let engine = user_id("gipf-bot");
        let against_engine = [Color::White, Color::Black]
            .into_iter()
            .any(|color| state.players[color] == engine);
        let on = club.service.game_state(ChannelId(channel), false).unwrap();
        if against_engine && on.is_some_and(|now| now.players[now.game.to_move()] != engine) {
            assert!(
                replies.iter().any(|r| shown(r).contains(" answered ")),
                "schema {schema}: the engine answers in game {id}: {replies:?}"
            );
        }
    }

    // The open challenge is still open, and the settings still hold.
    club.expect(60, "erin", "!accept", "Game on");
    if schema >= 11 {
        club.expect(61, "bob", "!accept", "Game on: basic GIPF");
    }
    if schema >= 13 {
        club.expect(80, "carol", "!puzzle", "for carol, still open:");
        club.expect(81, "erin", "!learn", "Lesson 2 of 10");
    }
    if schema >= 18 {
        tournament_holds(&mut club);
    }
    let settings = club.say(70, "alice", "!settings");
    let said = shown(&settings[0]);
    assert!(said.contains("5 days") && said.contains("60"), "{said}");
    sides_hold(&mut club, schema, &said);
    daily_puzzle_holds(&mut club, schema, &said);
    labels_and_tries_hold(&mut club, schema, &said);
    typed_dot_holds(&mut club, schema);
    if schema >= 16 {
        let raw = Connection::open(&db).unwrap();
        let (game, turn): (i64, i64) = raw
            .query_row(
                "SELECT game_id, turn FROM analysis_comments LIMIT 1",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        club.expect(
            11,
            "erin",
            &format!("!browse {game} turn={turn}"),
            "\nThe analysis: ",
        );
        analysis_kept(&mut club, schema, game);
    }
    copies_back_the_same(&club, &work);
    drop(club);
    let after = kept_tables(&db, &columns);
    assert_eq!(
        after["ratings"], before["ratings"],
        "schema {schema}: ratings kept"
    );
    assert_eq!(
        after["notices"], before["notices"],
        "schema {schema}: notices kept"
    );
}

/// The first schema whose round games waiting for their threads say so in a column
/// (migration 25), and whose fixture holds two (channel 110's event).
const WAITING_SCHEMA: u32 = 25;

/// The condition on `games` that leaves out the round games waiting for their threads,
/// played nowhere yet (none before [`WAITING_SCHEMA`]).
fn played_somewhere(schema: u32) -> &'static str {
    if schema >= WAITING_SCHEMA {
        " AND waits_for_thread = 0"
    } else {
        ""
    }
}

/// The first schema whose games against the engine may wait for its turn (`engine_requests`).
const ENGINE_REQUESTS_SCHEMA: u32 = 24;

/// The SQL condition that leaves out the games whose turn is the engine's, asked and not
/// played yet (none before [`ENGINE_REQUESTS_SCHEMA`]): the watch plays it at its first
/// look, and the player's clock starts then.
fn a_players_turn(schema: u32) -> &'static str {
    if schema >= ENGINE_REQUESTS_SCHEMA {
        " AND id NOT IN (SELECT game_id FROM engine_requests WHERE kind = 'turn')"
    } else {
        ""
    }
}

#[test]
fn every_release_fixture_reminds_its_players_when_it_did() {
    for schema in fixtures() {
        reminders_hold(schema);
    }
}

/// Every running game of the fixture of `schema` not yet reminded is reminded at the instant
/// the rule of its release gave it (a quarter of its time per move before its deadline, at
/// most a day), not a second before. On [`WAITING_SCHEMA`]'s, the round games waiting for
/// their threads are reminded of nothing until their threads open, then as a new move is.
fn reminders_hold(schema: u32) {
    let (fixture_db, _) = fixture(schema);
    let work = tempfile::tempdir().unwrap();
    let db = work.path().join("gipf.db");
    std::fs::copy(&fixture_db, &db).unwrap();
    let raw = Connection::open(&db).unwrap();
    let last: i64 = raw
        .query_row("SELECT max(updated_at) FROM games", [], |r| r.get(0))
        .unwrap();
    let mut statement = raw
        .prepare(&format!(
            "SELECT channel_id, deadline, move_days FROM games
             WHERE status = 'active' AND deadline IS NOT NULL AND warned = 0{}{}",
            played_somewhere(schema),
            a_players_turn(schema)
        ))
        .unwrap();
    let mut reminders: BTreeMap<i64, Vec<u64>> = BTreeMap::new();
    for row in statement
        .query_map([], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, i64>(2)?,
            ))
        })
        .unwrap()
    {
        let (channel, deadline, days) = row.unwrap();
        let at = deadline - (days * 86_400 / 4).min(86_400);
        reminders.entry(at).or_default().push(channel as u64);
    }
    drop(statement);
    assert!(!reminders.is_empty(), "schema {schema}: no game to remind");
    let club = Club::open_copied(&db, last + 3600);
    let mut said = Vec::new();
    for (at, channels) in reminders {
        reminded_at(&club, schema, at, &channels, &mut said);
    }
    if schema >= WAITING_SCHEMA {
        let (at, threads) = open_waiting_threads(&club, &mut said);
        reminded_at(&club, schema, at, &threads, &mut said);
    }
    let warned_in_110 = said
        .iter()
        .filter(|(channel, _)| channel.0 == 110)
        .any(|(_, reply)| {
            let text = shown(reply);
            text.contains("a reminder") || text.contains("out of time")
        });
    assert!(
        !warned_in_110,
        "schema {schema}: a waiting game's deadline ran"
    );
}

/// Checks that the games of `channels` are reminded at `at`, not a second before (unless
/// the clock is past that already), adding what the watch said to `said`.
fn reminded_at(
    club: &Club,
    schema: u32,
    at: i64,
    channels: &[u64],
    said: &mut Vec<(ChannelId, Reply)>,
) {
    let reminded = |due: &[(ChannelId, Reply)], channel: u64| {
        due.iter().any(|(c, reply)| {
            c.0 == channel && reply.direct.is_none() && shown(reply).contains("a reminder")
        })
    };
    if at > club.now.load(Ordering::SeqCst) {
        club.now.store(at - 1, Ordering::SeqCst);
        let due = club.look_with(&Arc::default());
        for &channel in channels {
            assert!(
                !reminded(&due, channel),
                "schema {schema}: {channel} before {at}"
            );
        }
        said.extend(due);
    }
    club.now
        .store(at.max(club.now.load(Ordering::SeqCst)), Ordering::SeqCst);
    let due = club.look_with(&Arc::default());
    for &channel in channels {
        assert!(
            reminded(&due, channel),
            "schema {schema}: {channel} at {at}"
        );
    }
    said.extend(due);
}

/// Opens the threads (111 and 112) of the two round games of [`WAITING_SCHEMA`]'s fixture
/// waiting for theirs, once the watch asks for them again: their time starts then, 2 days a
/// move. The instant of their reminders and the threads.
fn open_waiting_threads(club: &Club, said: &mut Vec<(ChannelId, Reply)>) -> (i64, Vec<u64>) {
    let opening = Arc::new(Recorder::with_threads_under(ChannelId(110), &[111, 112]));
    // The watch asks again for a thread 10 minutes after it first saw its game waiting.
    let mut opened = None;
    for _ in 0..2 {
        let now = club.now.load(Ordering::SeqCst);
        said.extend(club.look_with(&opening));
        if opened.is_none() && !opening.threads_opened().is_empty() {
            opened = Some(now);
        }
        club.wait(10 * 60);
    }
    assert_eq!(opening.threads_opened(), [ChannelId(111), ChannelId(112)]);
    let opened = opened.expect("the threads opened");
    (opened + 2 * 86_400 - 12 * 3600, vec![111, 112])
}

/// A database in PostgreSQL copied back into a SQLite file (as `copy-db` does) exports the
/// same records.
fn copies_back_the_same(club: &Club, work: &tempfile::TempDir) {
    let database = club.service.database().clone();
    if let Database::Sqlite(_) = database {
        return;
    }
    let back = Database::Sqlite(work.path().join("back.db"));
    copy::copy(&database, &back, |_| ()).unwrap();
    let again = Service::open(back, Config::default()).unwrap();
    let text = |records: Vec<(String, gipf_bot::record::GameRecord)>| {
        records
            .into_iter()
            .map(|(name, record)| (name, record.to_string()))
            .collect::<Vec<_>>()
    };
    assert_eq!(
        text(again.records(None).unwrap()),
        text(club.service.records(None).unwrap())
    );
}

/// The event of schema 18: its standings after the game won, the records naming it, and
/// the next round paired by the watch once its last game ends.
fn tournament_holds(club: &mut Club) {
    club.expect(
        100,
        "alice",
        "!tournament standings",
        "Standings of Winter Cup:",
    );
    club.expect(100, "alice", "!tournament pairings", ": 0-1");
    let records = club.service.records(None).unwrap();
    let named = records
        .iter()
        .filter(|(_, record)| record.to_string().contains("[Event \"Winter Cup\"]"))
        .count();
    assert_eq!(named, 2, "both games of the event name it");
    let state = club.state(102);
    let mover = club.service_name(&state, state.game.to_move());
    club.expect(102, &mover, "!resign confirm", "resigned");
    let due = club.look();
    let next = due
        .iter()
        .find(|(channel, _)| *channel == ChannelId(100))
        .map(|(_, reply)| shown(reply))
        .unwrap_or_default();
    assert!(next.contains("**Winter Cup**, round 2:"), "{next}");
}

/// The first schema that keeps an analysis whole (migration 21).
const ANALYSES_SCHEMA: u32 = 21;

/// From [`ANALYSES_SCHEMA`] (the analyses kept whole), the analysis of game `game` is
/// shown again at once, its heading the answer and its turns the work that follows;
/// before, it was kept as comments only, and is made again.
fn analysis_kept(club: &mut Club, schema: u32, game: i64) {
    let asked_all = club.say(11, "bob", &format!("!analyse {game}"));
    let heading = shown(&asked_all[0]);
    if schema >= ANALYSES_SCHEMA {
        assert!(heading.contains("that cost most"), "{heading}");
        let posted = &asked_all[1..];
        assert!(
            !posted.is_empty() && posted.iter().all(|r| r.board.is_some()),
            "{posted:?}"
        );
    } else {
        assert!(heading.contains("I am looking at all"), "{heading}");
    }
}

/// The colour at the bottom of the pictures in `channel` of the fixture of `schema`: before
/// schema 14 every server drew from White's side; the fixture of 14 set Black's for its
/// server (a game outside any server, in channel 1, stays White's).
fn server_side(schema: u32, channel: u64) -> Color {
    if schema >= 14 && channel != 1 {
        Color::Black
    } else {
        Color::White
    }
}

/// The sides of the pictures hold: White's by default on a database older than schema 14
/// and nobody's own (`settings` said `said`), Black's and erin's own on the fixture of 14.
fn sides_hold(club: &mut Club, schema: u32, said: &str) {
    let (server, erin) = if schema >= 14 {
        ("Black at the bottom", "your own colour at the bottom")
    } else {
        (
            "White at the bottom",
            "as the server shows them (here White",
        )
    };
    assert!(said.contains(server), "schema {schema}: {said}");
    club.expect(70, "erin", "!board side", erin);
    club.expect(70, "bob", "!board side", "as the server shows them");
}

/// The schema of migration `0020_pictures_for_everyone` on this branch (renumbered with the
/// migrations merged before it).
const PICTURES_SCHEMA: u32 = 20;

/// Spot labels and a puzzle's tries hold: none before [`PICTURES_SCHEMA`] (`settings` said
/// `said`); on its fixture, the server's labels on, bob's off, and carol's one wrong answer
/// kept, so that her second shows the solution.
fn labels_and_tries_hold(club: &mut Club, schema: u32, said: &str) {
    if schema < PICTURES_SCHEMA {
        assert!(!said.contains("name every spot"), "schema {schema}: {said}");
        club.expect(
            70,
            "bob",
            "!labels",
            "name no spot (as the server's pictures do)",
        );
        return;
    }
    assert!(said.contains("and name every spot"), "{said}");
    club.expect(
        70,
        "bob",
        "!labels",
        "The boards shown or sent to you name no spot.",
    );
    club.expect(
        70,
        "erin",
        "!labels",
        "name every spot (as the server's pictures do)",
    );
    let open = shown(&club.say(80, "carol", "!puzzle")[0]);
    let carols = crate::support::puzzles::puzzle_number(&open);
    let wrong = crate::support::puzzles::wrong_answer_to(carols);
    club.expect(
        80,
        "carol",
        &format!("!solve {wrong}"),
        "Not this one: the one turn that",
    );
}

/// The daily puzzle holds: none before schema 16 (`settings` said `said`); on the fixture
/// of 16, channel 90's, answered by carol, nothing posted twice the same day, and the next
/// day's post tells how it went.
fn daily_puzzle_holds(club: &mut Club, schema: u32, said: &str) {
    if schema < 16 {
        assert!(said.contains("There is no daily puzzle"), "{said}");
        assert!(club.look().is_empty());
        return;
    }
    assert!(
        said.contains("A puzzle is posted in <#90> every day at 09:00 UTC"),
        "{said}"
    );
    assert!(club.look().is_empty(), "posted twice");
    // Carol answered it: there her own open puzzle comes; bob has not.
    club.expect(90, "carol", "!puzzle", "for carol, still open:");
    let asked = shown(&club.say(90, "bob", "!puzzle")[0]);
    assert!(
        asked.contains("Here the puzzle is the daily one"),
        "{asked}"
    );
    let tally = if schema >= SECOND_TRIES_SCHEMA {
        // Bob answered wrongly once: his last try is left, and his right answer counts.
        assert!(
            asked.contains("You have one try left, your last"),
            "{asked}"
        );
        let solution =
            crate::support::puzzles::solution_of(crate::support::puzzles::puzzle_number(&asked));
        club.expect(90, "bob", &format!("!solve {solution}"), "Right: ");
        "2 of the 2 members who answered found it"
    } else {
        "the one member who answered found it"
    };
    club.wait(86_400);
    let posts = club.look();
    assert_eq!(posts.len(), 1);
    let text = shown(&posts[0].1);
    assert!(
        text.contains(&format!("\nYesterday's puzzle: {tally}")),
        "{text}"
    );
}

/// The first schema with the daily puzzle's second try and the dots players typed
/// (migration 22).
const SECOND_TRIES_SCHEMA: u32 = 22;

/// From [`SECOND_TRIES_SCHEMA`], the tournament game of channel 26 replays its first push
/// from the dot erin typed, i4, though the record writes only `Gh5`.
fn typed_dot_holds(club: &mut Club, schema: u32) {
    if schema < SECOND_TRIES_SCHEMA {
        return;
    }
    let id = club.state(26).id;
    let browsed = club.say(26, "bob", &format!("!browse {} turn=1", id.0));
    let alt = &browsed[0].board.as_ref().expect("the turn's picture").alt;
    assert!(
        alt.contains("Last turn: White pushed a GIPF-piece in from i4 onto h5."),
        "{alt}"
    );
}

/// The chat line that plays the next step of a running game: a random legal turn at a
/// turn's start, else the answer to the decision pending.
fn next_step(state: &GameState) -> String {
    let mut rng = Rng::new(99);
    if let Some((turn, _)) = random_turn(state, &mut rng) {
        return format!("!move {turn}");
    }
    match state.game.pending() {
        gipf::potentials::Pending::Tamsk => "!tamsk skip".into(),
        gipf::potentials::Pending::ChooseRow { .. } => "!row 1".into(),
        gipf::potentials::Pending::Remove { .. } => "!take all".into(),
        other => panic!("game {}: nothing to do at {other}", state.id),
    }
}

/// The schema of a database: every table's and index's SQL, by name.
fn schema(db: &Connection) -> Vec<(String, Option<String>)> {
    let mut statement = db
        .prepare("SELECT name, sql FROM sqlite_master ORDER BY name")
        .unwrap();
    statement
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Rows that every schema since the first can hold: two players (alice is `$A`, bob `$B`), a
/// game won by resignation, a game running, and an open challenge, all in the first
/// schema's columns.
const FIRST_SCHEMA_ROWS: &str = "
    INSERT INTO users (id, name) VALUES ($A, 'alice'), ($B, 'bob');
    INSERT INTO games (id, guild_id, channel_id, variant, white, black, status, resigned,
                       created_at, updated_at)
        VALUES (1, 7, 10, 'standard', $A, $B, 'white_won', 'black', 1795600000, 1795600600),
               (2, 7, 11, 'basic', $B, $A, 'active', NULL, 1795600000, 1795600600);
    INSERT INTO turns (game_id, ply, notation, player, played_at)
        VALUES (1, 1, 'f7 (11)', $A, 1795600100), (1, 2, 'g2 (11)', $B, 1795600200),
               (1, 3, 'f8-d7 (10)', $A, 1795600300), (2, 1, 'c2 (11)', $B, 1795600300);
    INSERT INTO challenges (id, guild_id, channel_id, challenger, challenged, variant, color,
                            created_at, expires_at)
        VALUES (5, 7, 12, $A, $B, 'tournament', 'white', 1795600000, 1795686400);
";

#[test]
fn every_earlier_schema_migrates_with_its_rows() {
    let fresh_dir = tempfile::tempdir().unwrap();
    let fresh = fresh_dir.path().join("fresh.db");
    drop(Service::open(&fresh, Config::default()).unwrap());
    let latest = schema(&Connection::open(&fresh).unwrap());
    let versions = current_schema();
    assert!(versions >= 10);
    for version in 1..versions {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("gipf.db");
        {
            let mut old = Connection::open(&db).unwrap();
            gipf_bot::store::migrate::sqlite_migrations()
                .to_version(&mut old, version as usize)
                .unwrap();
            let rows = FIRST_SCHEMA_ROWS
                .replace("$A", &(user_id("alice").0 as i64).to_string())
                .replace("$B", &(user_id("bob").0 as i64).to_string());
            old.execute_batch(&rows).unwrap();
        }
        let mut club = Club::open(&db, 1_795_600_700);
        assert_eq!(
            schema(&Connection::open(&db).unwrap()),
            latest,
            "schema {version} migrates to the latest"
        );
        let (_, won) = &club.service.records(Some(GameId(1))).unwrap()[0];
        let won = won.to_string();
        assert!(
            won.contains("[Result \"1-0\"]\n[Termination \"resignation\"]"),
            "schema {version}: {won}"
        );
        assert!(won.ends_with("f7 (11)\ng2 (11)\nf8-d7 (10)\n"), "{won}");
        let text = shown(&club.say(11, "alice", "!push a5 b5")[0]);
        assert!(text.contains("played"), "schema {version}: {text}");
        club.expect(12, "bob", "!accept", "Game on: tournament GIPF");
    }
}
