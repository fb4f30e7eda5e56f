//! Games against the bot's own engine (`gipf-ai`): the challenge that starts one, the
//! engine's turns, and the searches `hint` (in `game/mod.rs`) and `analyse` (in `learn/analysis.rs`)
//! ask of it.
//!
//! The searches run in the engine pool ([`EnginePool`]): as many at once as it has
//! searchers, each with its own engine (its table at most 64 MB), fairly between players and
//! short work first, so other commands never wait for them. The engine's turn is asked
//! ([`Keeper::ask_engine`]) and its answer comes on a channel, which the asynchronous path
//! awaits holding no thread (`serve.rs`) and the blocking one waits on; a hint or an engine's
//! view waits on the command's thread. A search stops early when its game ends, and a
//! game's search still queued is dropped when the game changes (a takeback, a resignation).

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use gipf::potentials::Game;
use gipf::{ByColor, Color};
use gipf_ai::{Engine, Level, Request, ThinkError};
use tokio::sync::oneshot;

use super::challenge::Proposal;
use super::challenge::level::{FIRST_LEVEL, default_level_words};
use super::play::Working;
use super::play::potentials::describe;
use super::{Failure, Handled, LiveGame, Message, Service, User, refuse};
use crate::command::Phrasing;
use crate::engine_pool::{Class, EnginePool, PoolError, Ticket, Wait};
use crate::model::{ChannelId, GameId, GameStatus, UserId};
use crate::reply::{FollowUp, Reply};
use crate::service::hands::{Keeper, Ledger};
use crate::service::voice::Voice;
use crate::store::{RequestKind, StoredGame};
use crate::text;
use crate::text::{Span, Text};

/// The engine's transposition table.
pub(super) const TABLE_MEGABYTES: usize = gipf_ai::DEFAULT_TABLE_MEGABYTES;
/// Seconds after a failed search before the watch tries the engine's turn again.
const RETRY_AFTER: i64 = 300;
/// What the player hears the first time the engine's search fails in his game.
pub(super) const STUCK: &str = "Something went wrong on my side choosing my move here (it is logged). \
    I will try again in a few minutes.";

/// The engine and what it is doing.
pub(super) struct EngineSeat {
    /// The searchers; each makes its engine at its first search (its table is big).
    pool: Arc<EnginePool<Engine>>,
    /// The stop flag of each game's search queued or under way.
    thinking: Arc<std::sync::Mutex<HashMap<GameId, Arc<AtomicBool>>>>,
    /// Whether the games a restart left waiting for the engine were looked for.
    resumed: AtomicBool,
    /// The games held for the engine's answer, as the turn before it left them: read once,
    /// handed to the answer (and drawn only if no answer comes).
    waiting: std::sync::Mutex<HashMap<GameId, LiveGame>>,
}

impl EngineSeat {
    /// The seat with `threads` searchers.
    pub(super) fn new(threads: usize) -> EngineSeat {
        EngineSeat {
            pool: Arc::new(EnginePool::new(threads, || {
                Engine::with_table_megabytes(TABLE_MEGABYTES)
            })),
            thinking: Arc::new(std::sync::Mutex::new(HashMap::new())),
            resumed: AtomicBool::new(false),
            waiting: std::sync::Mutex::new(HashMap::new()),
        }
    }

    /// What saving a game may do with the engine: stop its search in a game that ends.
    pub(super) fn stops(&self) -> SearchStops {
        SearchStops {
            pool: Arc::clone(&self.pool),
            thinking: Arc::clone(&self.thinking),
        }
    }
}

/// The engine as a game that ends sees it: its search there can be stopped, nothing more
/// (its fields are the seat's own, private to this file).
pub(super) struct SearchStops {
    pool: Arc<EnginePool<Engine>>,
    thinking: Arc<std::sync::Mutex<HashMap<GameId, Arc<AtomicBool>>>>,
}

impl Ledger {
    /// Stops the engine's search in `game`: a queued one is dropped, one under way stops
    /// early (the game just ended or changed).
    pub(super) fn stop_thinking(&self, game: GameId) {
        if let Ok(thinking) = self.engine.thinking.lock()
            && let Some(stop) = thinking.get(&game)
        {
            stop.store(true, Ordering::Relaxed);
        }
        self.engine.pool.drop_game(game);
    }
}

impl Service {
    /// Tells the service which user the bot itself is (its engine plays as that user). Only
    /// the first call counts.
    pub fn set_engine_user(&self, id: UserId, name: &str) {
        self.voice.set_me(User {
            id,
            name: name.chars().take(32).collect(),
        });
    }

    /// The user the bot itself is, once it is told.
    pub fn engine_user_id(&self) -> Option<UserId> {
        self.voice.engine_user().map(|me| me.id)
    }
}

impl Keeper {
    /// Keeps `game`, whose reply is held for the engine's answer, for that answer: it needs
    /// no second reading, and the held reply's board is drawn only if no answer comes.
    pub(super) fn hold_for_answer(&self, game: &LiveGame) {
        if let Ok(mut waiting) = self.engine.waiting.lock() {
            waiting.insert(game.stored.id, game.clone());
        }
    }

    /// The game held for the engine's answer in game `id`, if any.
    pub(super) fn held_game(&self, id: GameId) -> Option<LiveGame> {
        self.engine.waiting.lock().ok()?.remove(&id)
    }

    /// How long a search asked for now would wait, if longer than a player is left waiting
    /// without a word.
    pub(super) fn long_wait(&self) -> Option<Wait> {
        let about = self.engine.pool.backlog();
        let (running, waiting) = self.engine.pool.load();
        (about > self.config.engine_wait_told).then_some(Wait {
            ahead: running + waiting,
            about,
        })
    }
}

impl Service {
    /// How many of the engine's searches are under way, and how many wait for a searcher.
    pub fn engine_load(&self) -> (usize, usize) {
        self.engine.pool.load()
    }
}

impl Keeper {
    /// Runs `search` in the engine pool, when its turn comes, and waits for its answer.
    pub(super) fn with_engine<T: Send + 'static>(
        &self,
        ticket: Ticket,
        search: impl FnOnce(&mut Engine) -> T + Send + 'static,
    ) -> anyhow::Result<T> {
        Ok(self.engine.pool.run(ticket, search)?)
    }

    /// A challenge to the bot itself: the game starts at once, the challenger's choice of
    /// colour (random if none) against the engine at `level`.
    pub(super) fn challenge_engine(
        &self,
        message: &Message,
        proposal: Proposal,
        level: Option<Level>,
    ) -> Handled {
        let Some(engine) = self.engine_user().cloned() else {
            return refuse("I am still starting up: challenge me again in a moment.");
        };
        self.may_start_here(message)?;
        let backlog = self.engine.pool.backlog();
        if backlog > self.config.engine_overload {
            return refuse(format!(
                "I have too many games to think about just now (about {} s of searches wait \
                 for me): challenge me again in a few minutes. The games under way go on.",
                backlog.as_secs().max(1)
            ));
        }
        self.remember_users(message)?;
        self.store.remember_user(engine.id, &engine.name)?;
        let level = match level {
            Some(level) => level,
            None => self.default_level(message.author.id)?,
        };
        // A time per move would only ever run for the person: the engine answers at once.
        let proposal = Proposal {
            time: None,
            ..proposal
        };
        let terms = self.terms(message, Some(engine.id), proposal)?;
        let me = terms.color.challenger_color(rand::random::<bool>);
        let mut players = ByColor::splat(engine.id);
        players[me] = message.author.id;
        let site = message.site.as_deref();
        let stored = self
            .store
            .start_engine_game(&terms, players, engine.id, level, site)?;
        let game = LiveGame::load(stored)?;
        let say = self.phrasing(message);
        let mut text = self.game_on(&game, &say);
        if me == Color::White {
            text.push("\n")
                .push(Span::Mention(
                    message.author.id,
                    self.plain_name(message.author.id)?,
                ))
                .push(format!(
                    ", you move first: {}",
                    self.first_move(&game, &say)
                ));
        } else {
            text.push("\nI move first.");
        }
        // When the engine moves first, its turn comes in this message's place, opened the
        // same way (`answering`), and draws the board.
        let answer = self.engine_to_move(&game);
        let board = match answer {
            Some(_) => {
                self.hold_for_answer(&game);
                None
            }
            None => Some(self.picture(&game, None)?),
        };
        Ok(Reply {
            board,
            then: answer.map(FollowUp::EngineAnswer),
            thread: self.new_thread(&terms, &game),
            ..Reply::public(text)
        })
    }
}

impl Voice {
    /// `Game on: standard GIPF against me, at level easy. White: alice, Black: gipf-bot. Ask
    /// for a `!hint` whenever it is your move.`
    fn game_on(&self, game: &LiveGame, say: &Phrasing) -> Text {
        let level = game.stored.engine.unwrap_or(FIRST_LEVEL);
        let me = self.engine_user().map_or("gipf-bot", |me| me.name.as_str());
        let mut text = text![
            format!(
                "Game on: {} against me, at level {level}. White: ",
                game.stored.spec.title()
            ),
            game.name(Color::White),
            ", Black: ",
            game.name(Color::Black),
            format!(
                ". Ask for a {} whenever it is your move. {}",
                say.cmd("hint"),
                default_level_words(say, me)
            )
        ];
        // The potentials, and the note on the reconstructed rulings where TAMSK or PÜNCT
        // play (`docs/potentials.md`), as a game between people starts.
        if let Some(about) = game.stored.spec.potentials().as_ref().and_then(describe) {
            text.push(format!("\n{about}"));
        }
        text
    }

    /// The game, if the engine plays in it and is to move now.
    pub(super) fn engine_to_move(&self, game: &LiveGame) -> Option<GameId> {
        (game.stored.status == GameStatus::Active)
            .then(|| self.engine_moving(&game.stored, &game.game))?
            .map(|_| game.stored.id)
    }

    /// The engine's user, if it plays in `stored` and is to move in `position` (the game
    /// as a turn leaves it, before it is saved).
    pub(super) fn engine_moving(&self, stored: &StoredGame, position: &Game) -> Option<UserId> {
        let engine = self.engine_user()?;
        let to_move = stored.players[position.to_move()];
        (stored.engine.is_some() && position.outcome().is_none() && to_move == engine.id)
            .then_some(engine.id)
    }
}

impl Service {
    /// The engine's turn in `game`, if it is to move there: its replies, each for its
    /// channel (the turn posted like a person's, with the board; direct copies for the
    /// player who asked for them). Nothing is half-played: a failure is logged, the player
    /// hears of the first one, and the watch tries again later.
    pub fn engine_turn(&self, game: GameId) -> Vec<(ChannelId, Reply)> {
        let held = self.held_game(game);
        told_stuck(self.play_engine_turn(game, held.as_ref()))
    }
}

/// The replies of the engine's turn that `played`, or, the first time it failed in its game,
/// [`STUCK`] for its channel.
pub(super) fn told_stuck(
    played: Result<Vec<(ChannelId, Reply)>, Option<ChannelId>>,
) -> Vec<(ChannelId, Reply)> {
    match played {
        Ok(replies) => replies,
        Err(tell) => tell
            .map(|channel| (channel, Reply::public(STUCK)))
            .into_iter()
            .collect(),
    }
}

impl Keeper {
    /// The engine's turn in `game`, or, if it failed, the channel to tell of it the first
    /// time it fails there ([`STUCK`]).
    pub(super) fn play_engine_turn(
        &self,
        game: GameId,
        held: Option<&LiveGame>,
    ) -> Result<Vec<(ChannelId, Reply)>, Option<ChannelId>> {
        let played = self.think_in(game, held).and_then(|thought| match thought {
            Some((game, thought)) => self.play_thought(game, thought),
            None => Ok(Vec::new()),
        });
        self.engine_turn_told(game, played)
    }

    /// What becomes of the engine's turn in `game` that `played`: its replies, or, if it
    /// failed (logged here), the channel to tell of it the first time it fails there. A
    /// failed turn goes back to the queue, to be tried again in a few minutes.
    pub(super) fn engine_turn_told(
        &self,
        game: GameId,
        played: anyhow::Result<Vec<(ChannelId, Reply)>>,
    ) -> Result<Vec<(ChannelId, Reply)>, Option<ChannelId>> {
        let e = match played {
            Ok(replies) => return Ok(replies),
            Err(e) => e,
        };
        tracing::error!(error = %format!("{e:#}"), game = %game, "the engine's turn failed");
        let retry_at = self.config.clock.now() + RETRY_AFTER;
        let failures = (self
            .store
            .engine_request_failed(game, RequestKind::Turn, retry_at))
        .inspect_err(
            |e| tracing::error!(error = %format!("{e:#}"), "cannot put a failed turn back"),
        )
        .unwrap_or(1);
        let channel = self.store.game(game).ok().flatten().map(|g| g.channel);
        Err(channel.filter(|_| failures == 1))
    }

    /// After a start, asks for the engine's turn in every running game against it where it
    /// is to move and nobody asked it (a release before requests were rows left it so).
    fn ask_waiting_engine_turns(&self) -> anyhow::Result<()> {
        let Some(engine) = self.engine_user().map(|me| me.id) else {
            return Ok(());
        };
        if self.engine.resumed.swap(true, Ordering::Relaxed) {
            return Ok(());
        }
        for id in self.store.running_engine_games()? {
            let Some(stored) = self.store.game(id)? else {
                continue;
            };
            match LiveGame::load(stored) {
                Ok(game) if self.engine_to_move(&game).is_some() => {
                    self.store.ask_engine_turn(id, engine)?;
                }
                Ok(_) => {}
                Err(e) => {
                    tracing::error!(error = %format!("{e:#}"), game = %id, "a game does not load");
                }
            }
        }
        Ok(())
    }
}

impl Service {
    /// The engine's turns the watch plays: every turn asked that no living process
    /// searches (left by a restart, by a process that died, or failed a few minutes ago),
    /// claimed one by one, with their replies, each for its channel. Errors are logged.
    pub fn engine_turns(&self) -> Vec<(ChannelId, Reply)> {
        if let Err(e) = self.ask_waiting_engine_turns() {
            tracing::error!(error = %format!("{e:#}"), "cannot find the engine's games");
        }
        let mut replies = Vec::new();
        while let Some(played) = self.engine_work(&[RequestKind::Turn]) {
            replies.extend(played);
        }
        replies
    }

    /// Claims the engine's request asked first (of `kinds`) that nobody living holds, and
    /// does it on this process's engine: its replies, each for its channel (on a process
    /// that posts nothing, an engine worker, its messages wait in the outbox for the bots).
    /// `None` when there is none to claim.
    pub fn engine_work(&self, kinds: &[RequestKind]) -> Option<Vec<(ChannelId, Reply)>> {
        let request = match self.store.claim_next_engine_request(kinds) {
            Ok(request) => request?,
            Err(e) => {
                tracing::error!(error = %format!("{e:#}"), "cannot claim the engine's work");
                return None;
            }
        };
        if let Some(engine) = request.engine_user {
            let name = self
                .plain_name(engine)
                .unwrap_or_else(|_| "gipf-bot".into());
            self.set_engine_user(engine, &name);
        }
        Some(match request.kind {
            RequestKind::Turn => self.engine_turn(request.game),
            RequestKind::Analysis => self.analysis_claimed(request.game),
        })
    }
}

impl Keeper {
    /// The engine's turn `thought` in `game` (the game it was searched in): played on the
    /// typed path every turn takes ([`Working::play_turn`], [`Service::commit`]), and told
    /// like a person's, with the direct copies its players asked for. A game that changed
    /// during the search refuses it by the version check of the commit.
    pub(super) fn play_thought(
        &self,
        game: LiveGame,
        thought: gipf_ai::Thought<Game>,
    ) -> anyhow::Result<Vec<(ChannelId, Reply)>> {
        let Some(engine) = self.engine_user().cloned() else {
            return Ok(Vec::new());
        };
        let id = game.stored.id;
        tracing::info!(game = %id, turn = %thought, depth = thought.depth, nodes = thought.nodes, "the engine played");
        // A game lives where both players see it, where nobody asked in slash words.
        let say = self.notice_phrasing();
        let mut working = Working::new(game.game.clone(), game.stored.partial.0.clone(), &say);
        let played = working
            .play_turn(&thought.turn)
            .and_then(|()| self.commit(&game, working, &say));
        let reply = match played {
            Ok(Some(reply)) => reply,
            // The game ended or was taken back between the search and the move: nothing to
            // say.
            Ok(None) => return Ok(Vec::new()),
            Err(Failure::Refused(reason)) => {
                anyhow::bail!("my own turn {} was refused: {reason:?}", thought.turn)
            }
            Err(Failure::Damaged(damaged)) => return Err(damaged.into()),
            Err(Failure::Internal(e)) => return Err(e),
        };
        let copies = self.direct_copies(game.stored.channel, Some(engine.id), &reply)?;
        Ok(std::iter::once(reply)
            .chain(copies)
            .map(|reply| (game.stored.channel, self.answering(&game, reply)))
            .collect())
    }
}

impl Voice {
    /// The engine's reply, opened with the player's turn it answers, or with the start of
    /// the game when it moves first (`game` is the game before the engine's turn), so that
    /// one message tells the whole exchange.
    fn answering(&self, game: &LiveGame, reply: Reply) -> Reply {
        let engine = self.engine_user().map(|me| me.id);
        let mut lines = match &game.last_turn {
            Some(turn) if Some(game.player(turn.color)) != engine => {
                self.played(game, game.last_start(), std::slice::from_ref(turn))
            }
            None if game.stored.turns.is_empty() => {
                vec![self.game_on(game, &self.notice_phrasing())]
            }
            _ => return reply,
        };
        lines.push(reply.text);
        Reply {
            text: text::Text::join(lines, "\n"),
            ..reply
        }
    }
}

/// The engine's search in a game, asked of the pool: the game it searches and its stop flag
/// (its answer comes on the receiver [`Keeper::ask_engine`] gives with it).
pub(super) struct AskedSearch {
    game: LiveGame,
    stop: Arc<AtomicBool>,
}

/// The answer to an [`AskedSearch`], once it comes.
pub(super) type SearchAnswer = Result<Result<gipf_ai::Thought<Game>, ThinkError>, PoolError>;

impl Keeper {
    /// The engine's search in game `id`, if it is to move there and the game does not end
    /// or change meanwhile (then its stop flag is raised and nothing comes back). Blocks
    /// until the answer comes: the asynchronous path awaits [`Keeper::ask_engine`]'s instead.
    fn think_in(
        &self,
        id: GameId,
        held: Option<&LiveGame>,
    ) -> anyhow::Result<Option<(LiveGame, gipf_ai::Thought<Game>)>> {
        let Some((asked, answer)) = self.ask_engine(id, held)? else {
            return Ok(None);
        };
        let answer = futures::executor::block_on(answer).unwrap_or(Err(PoolError::Dropped));
        self.heard(asked, answer)
    }

    /// Queues the engine's search in game `id` (as `held` left it, if it was held for the
    /// answer), if it is to move there: the search, and the receiver its answer comes on
    /// (awaited, it holds no thread). A game that changes while its search waits drops it.
    pub(super) fn ask_engine(
        &self,
        id: GameId,
        held: Option<&LiveGame>,
    ) -> anyhow::Result<Option<(AskedSearch, oneshot::Receiver<SearchAnswer>)>> {
        let Some(stored) = self.store.game(id)? else {
            return Ok(None);
        };
        // The game as held, unless it changed since (a takeback, a resignation): read again.
        let game = match held {
            Some(game) if game.stored == stored => game.clone(),
            _ => LiveGame::load(stored)?,
        };
        let (Some(level), Some(_)) = (game.stored.engine, self.engine_to_move(&game)) else {
            return Ok(None);
        };
        let stop = Arc::new(AtomicBool::new(false));
        if let Ok(mut thinking) = self.engine.thinking.lock() {
            thinking.insert(id, Arc::clone(&stop));
        }
        let seed = u64::from(game.game.plies()) ^ id.0.unsigned_abs().rotate_left(17);
        let request = Request::level(level)
            .with_seed(seed)
            .with_stop(Arc::clone(&stop));
        let ticket = Ticket {
            // Fair between the people who play it.
            player: game.player(!game.to_move()),
            game: Some(id),
            class: class_of(level),
            expected: expected_time(level),
        };
        let position = game.game.clone();
        let (answer, answered) = oneshot::channel();
        let (store, stopped) = (Arc::clone(&self.store), Arc::clone(&stop));
        let queued = self.engine.pool.submit(ticket, move |searcher| {
            // Claimed as the search starts: a process idle meanwhile (an engine worker) may
            // have taken it; then it is stopped here, and its player hears from that one.
            if !store
                .claim_engine_request(id, RequestKind::Turn)
                .unwrap_or(false)
            {
                stopped.store(true, Ordering::Relaxed);
            }
            let thought = match stopped.load(Ordering::Relaxed) {
                true => Err(PoolError::Dropped),
                false => Ok(searcher.think_game(&position, &request)),
            };
            // The asker may be gone (the bot stops): nobody to tell.
            let _ = answer.send(thought);
        });
        let answered = match queued {
            Ok(()) => answered,
            // Its search waits here already (the watch found the turn a command queued):
            // that one answers.
            Err(PoolError::Busy) => return Ok(None),
            Err(e) => {
                let (failed, answered) = oneshot::channel();
                let _ = failed.send(Err(e));
                answered
            }
        };
        Ok(Some((AskedSearch { game, stop }, answered)))
    }

    /// What the engine's search `asked` gave, once its `answer` came: its game and turn,
    /// unless the game ended or changed meanwhile (its stop flag raised) or it found none.
    pub(super) fn heard(
        &self,
        asked: AskedSearch,
        answer: SearchAnswer,
    ) -> anyhow::Result<Option<(LiveGame, gipf_ai::Thought<Game>)>> {
        let AskedSearch { game, stop } = asked;
        if let Ok(mut thinking) = self.engine.thinking.lock() {
            thinking.remove(&game.stored.id);
        }
        match answer {
            _ if stop.load(Ordering::Relaxed) => Ok(None),
            Ok(Ok(thought)) => Ok(Some((game, thought))),
            Ok(Err(_)) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }
}

/// The queue's kind of a search at `level`: the quick levels go before the slow ones.
pub(super) fn class_of(level: Level) -> Class {
    match level {
        Level::Beginner | Level::Easy => Class::Quick,
        Level::Medium | Level::Hard => Class::Slow,
    }
}

/// About how long a search at `level` takes, for the waits told.
pub(super) fn expected_time(level: Level) -> std::time::Duration {
    level
        .limits()
        .time
        .unwrap_or(std::time::Duration::from_secs(2))
}
