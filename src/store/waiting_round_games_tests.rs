//! Round games waiting for their threads, on SQLite and (with `TEST_DATABASE_URL`) on
//! PostgreSQL: several at once in their events' channels, after ids the database skipped; a
//! round started twice at the same time; and the waiting games of an earlier schema (each in
//! a negative channel of its own) migrated into the column that says they wait.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Barrier};

use gipf::{ByColor, Variant};

use super::*;
use crate::model::{Clock, EventFormat};
use crate::store::migrate;
use crate::store::sql::Database;
use crate::store::tests::test_database;

/// When the tests start (Unix seconds).
const START: i64 = 1_800_000_000;
const HOUR: i64 = 3600;
const DAY: i64 = 24 * HOUR;

/// A store over a test's database with a clock the test moves.
struct Hall {
    _dir: tempfile::TempDir,
    database: Database,
    store: Store,
    now: Arc<AtomicI64>,
}

impl Hall {
    fn new() -> Hall {
        let dir = tempfile::tempdir().unwrap();
        let database = test_database(&dir);
        Hall::open(dir, database)
    }

    fn open(dir: tempfile::TempDir, database: Database) -> Hall {
        let now = Arc::new(AtomicI64::new(START));
        let reading = Arc::clone(&now);
        let clock = Clock::new(move || reading.load(Ordering::SeqCst));
        let store = Store::open(database.clone(), clock).unwrap();
        for id in 1..=8 {
            store.remember_user(UserId(id), &format!("p{id}")).unwrap();
        }
        Hall {
            _dir: dir,
            database,
            store,
            now,
        }
    }

    fn at(&self, when: i64) {
        self.now.store(when, Ordering::SeqCst);
    }

    /// A running round robin in `channel`, 2 days a move, `players` entered.
    fn event(&self, channel: u64, players: &[u64]) -> Tournament {
        let terms = EventTerms {
            guild: GuildId(5),
            channel: ChannelId(channel),
            name: format!("Cup {channel}"),
            format: EventFormat::RoundRobin { cycles: 1 },
            spec: GameSpec::Plain(Variant::Standard),
            time: Some(days(2)),
            rated: false,
            starts_at: None,
            clocks: Default::default(),
            late: None,
            created_by: UserId(1),
        };
        let id = self.store.create_tournament(&terms).unwrap().unwrap();
        for &player in players {
            assert!(self.store.enter(id, UserId(player), None).unwrap());
        }
        let (open, running) = (EventStatus::Open, EventStatus::Running);
        assert!(self.store.set_event_status(id, open, running).unwrap());
        self.store.tournament(id).unwrap().unwrap()
    }

    /// Inserts a game without a time per move in `channel`, played there.
    fn insert(&self, c: &mut Conn, channel: u64) -> anyhow::Result<StoredGame> {
        let terms = terms_in(channel);
        insert_game(c, &terms, pair(7, 8), None, None, false, START)
    }

    /// The ids of the games whose deadline calls for a word now.
    fn due(&self) -> Vec<GameId> {
        let due = self.store.games_due().unwrap();
        due.into_iter().map(|game| game.id).collect()
    }
}

fn days(days: u8) -> TimeControl {
    TimeControl {
        days,
        autoforfeit: true,
    }
}

fn pair(white: u64, black: u64) -> ByColor<UserId> {
    ByColor::new(UserId(white), UserId(black))
}

/// A challenge's terms for a game in `channel` of server 5, without a time per move.
fn terms_in(channel: u64) -> ChallengeTerms {
    ChallengeTerms {
        guild: Some(GuildId(5)),
        channel: ChannelId(channel),
        challenger: UserId(7),
        challenged: Some(UserId(8)),
        spec: GameSpec::Plain(Variant::Standard),
        color: ColorChoice::White,
        time: None,
        thread: false,
        hints: false,
    }
}

#[test]
fn round_games_wait_for_their_threads_side_by_side_even_after_skipped_ids() {
    let hall = Hall::new();
    // An insert rolled back: PostgreSQL's sequence skips its id.
    let rolled_back = hall.store.with(|c| {
        c.transaction(|tx| -> anyhow::Result<()> {
            hall.insert(tx, 90)?;
            anyhow::bail!("rolled back")
        })
    });
    assert!(rolled_back.is_err());
    // The first event's channel has a game of its own.
    let own = hall.store.with(|c| hall.insert(c, 100)).unwrap();
    let (first, second) = (hall.event(100, &[1, 2, 3, 4]), hall.event(200, &[5, 6]));
    let mut waiting = hall
        .store
        .start_round(&first, 1, &[pair(1, 2), pair(3, 4)], None)
        .unwrap()
        .unwrap()
        .0;
    waiting.extend(
        hall.store
            .start_round(&second, 1, &[pair(5, 6)], None)
            .unwrap()
            .unwrap()
            .0,
    );
    for (game, channel) in waiting.iter().zip([100, 100, 200]) {
        assert!(game.waits_for_thread, "{game:?}");
        assert_eq!(game.channel, ChannelId(channel));
        assert_eq!(hall.store.game(game.id).unwrap().as_ref(), Some(game));
    }
    let listed = hall.store.event_games(first.id).unwrap();
    assert!(
        listed.iter().all(|game| game.waits_for_thread),
        "{listed:?}"
    );
    // A channel's game is the one played there.
    for include_finished in [false, true] {
        let found = hall
            .store
            .game_in(ChannelId(100), include_finished)
            .unwrap();
        assert_eq!(found.map(|game| game.id), Some(own.id));
        assert_eq!(
            hall.store
                .game_in(ChannelId(200), include_finished)
                .unwrap(),
            None
        );
    }
    // Past the deadlines they were made with, their time has not started.
    hall.at(START + 3 * DAY);
    assert_eq!(hall.due(), []);
    threads_open_and_start_the_clocks(&hall, &waiting);
}

/// The threads of the `waiting` games open one by one: each game's 2 days a move start then,
/// its reminder 12 hours before their end.
fn threads_open_and_start_the_clocks(hall: &Hall, waiting: &[StoredGame]) {
    let opened = START + 3 * DAY;
    for (n, game) in (0..).zip(waiting) {
        hall.at(opened + n * HOUR);
        let thread = ChannelId(1_000 + n.unsigned_abs());
        assert!(hall.store.move_game(game.id, thread).unwrap());
        let moved = hall.store.game_in(thread, false).unwrap().unwrap();
        assert_eq!((moved.id, moved.waits_for_thread), (game.id, false));
        let deadline = opened + n * HOUR + 2 * DAY;
        assert_eq!(moved.deadline, Some(deadline));
        assert_eq!(moved.remind_at, Some(deadline - 12 * HOUR));
        assert_eq!(moved.warned, 0);
    }
    let first = opened + 2 * DAY - 12 * HOUR;
    hall.at(first - 1);
    assert_eq!(hall.due(), []);
    hall.at(first);
    assert_eq!(hall.due(), [waiting[0].id]);
    hall.at(first + HOUR);
    assert_eq!(hall.due(), [waiting[0].id, waiting[1].id]);
    // A game moved again keeps its clock.
    assert!(hall.store.move_game(waiting[0].id, ChannelId(999)).unwrap());
    let again = hall.store.game(waiting[0].id).unwrap().unwrap();
    assert_eq!(again.deadline, Some(opened + 2 * DAY));
}

#[test]
fn a_round_started_twice_at_the_same_time_is_started_once() {
    let hall = Hall::new();
    // Another process on the same database.
    let other = Store::open(hall.database.clone(), Clock::system()).unwrap();
    for n in 0..6 {
        let event = hall.event(300 + n, &[1, 2, 3, 4]);
        let pairings = [pair(1, 2), pair(3, 4)];
        let together = Barrier::new(2);
        let start = |store: &Store| {
            together.wait();
            store.start_round(&event, 1, &pairings, None).unwrap()
        };
        let (mine, theirs) = std::thread::scope(|s| {
            let mine = s.spawn(|| start(&hall.store));
            let theirs = s.spawn(|| start(&other));
            (mine.join().unwrap(), theirs.join().unwrap())
        });
        let started: Vec<_> = mine.into_iter().chain(theirs).collect();
        assert_eq!(started.len(), 1, "event {n}: {started:?}");
        assert_eq!(hall.store.event_games(event.id).unwrap().len(), 2);
    }
}

/// Rows of the schema before migration 25: an event in channel 100 whose round games 1 and
/// 2 wait for their threads (in channels -2 and -3), and game 6 that ended waiting (-4);
/// game 3 of the event played in its thread 101; game 4 in the event's channel, a day a
/// move; game 5 with 10 days a move.
const SCHEMA_24_ROWS: &str = "
    INSERT INTO users (id, name) VALUES (1, 'ann'), (2, 'ben'), (3, 'cat'), (4, 'dan'),
                                        (5, 'eve'), (6, 'fay');
    INSERT INTO tournaments (id, guild_id, channel_id, name, format, rounds, variant,
                             move_days, rated, status, created_by, created_at)
        VALUES (1, 5, 100, 'Cup', 'round-robin', 1, 'standard', 2, 0, 'running', 1, 1800000000);
    INSERT INTO tournament_entries (tournament_id, seat, user_id)
        VALUES (1, 0, 1), (1, 1, 2), (1, 2, 3), (1, 3, 4), (1, 4, 5), (1, 5, 6);
    INSERT INTO games (id, guild_id, channel_id, variant, white, black, status, created_at,
                       updated_at, move_days, autoforfeit, deadline, warned)
        VALUES (1, 5, -2, 'standard', 1, 2, 'active', 1800000000, 1800000000, 2, 1, 1800172800, 0),
               (2, 5, -3, 'standard', 3, 4, 'active', 1800000000, 1800000000, 2, 1, 1800172800, 0),
               (3, 5, 101, 'standard', 5, 6, 'active', 1800000000, 1800000000, 2, 1, 1800172800, 0),
               (4, 5, 100, 'standard', 5, 6, 'active', 1800000000, 1800000000, 1, 0, 1800086400, 0),
               (5, 5, 110, 'standard', 1, 3, 'active', 1800000000, 1800000000, 10, 0, 1800864000, 0),
               (6, 5, -4, 'standard', 2, 4, 'aborted', 1800000000, 1800000000, 2, 1, 1800172800, 0);
    INSERT INTO tournament_games (game_id, tournament_id, round)
        VALUES (1, 1, 1), (2, 1, 1), (3, 1, 1), (6, 1, 1);
";

#[test]
fn an_earlier_schemas_waiting_games_wait_in_a_column_and_keep_their_reminders() {
    let dir = tempfile::tempdir().unwrap();
    let database = test_database(&dir);
    let mut conn = Conn::open(&database).unwrap();
    migrate::to(&mut conn, 24).unwrap();
    conn.execute_batch(SCHEMA_24_ROWS).unwrap();
    drop(conn);
    let hall = Hall::open(dir, database);
    let game = |id| hall.store.game(GameId(id)).unwrap().unwrap();
    for (id, waits, channel) in [
        (1, true, 100),
        (2, true, 100),
        (3, false, 101),
        (6, true, 100),
    ] {
        let game = game(id);
        assert_eq!(
            (game.waits_for_thread, game.channel),
            (waits, ChannelId(channel)),
            "{id}"
        );
    }
    let own = hall.store.game_in(ChannelId(100), true).unwrap();
    assert_eq!(own.map(|game| game.id), Some(GameId(4)));
    // Reminders as the rule gave them: a quarter of the time per move, at most a day.
    let reminders = [
        (4, 1_800_086_400 - 6 * HOUR),
        (3, 1_800_172_800 - 12 * HOUR),
    ];
    let reminders = reminders.into_iter().chain([(5, 1_800_864_000 - DAY)]);
    let mut due = Vec::new();
    for (id, at) in reminders {
        hall.at(at - 1);
        assert_eq!(hall.due(), due, "before game {id}'s reminder");
        hall.at(at);
        due.push(GameId(id));
        assert_eq!(hall.due(), due, "at game {id}'s reminder");
    }
    // Past the deadline they were made with, the waiting games are not due; their threads
    // open and their time starts.
    let now = 1_800_864_000 - DAY;
    for (id, thread) in [(1, 102), (2, 103)] {
        assert!(hall.store.move_game(GameId(id), ChannelId(thread)).unwrap());
        let moved = game(id);
        assert!(!moved.waits_for_thread);
        assert_eq!(
            (moved.deadline, moved.remind_at),
            (Some(now + 2 * DAY), Some(now + 36 * HOUR))
        );
    }
    let listed = hall.store.event_games(TournamentId(1)).unwrap();
    let waits: Vec<bool> = listed.iter().map(|game| game.waits_for_thread).collect();
    assert_eq!(waits, [false, false, false, true]);
}
