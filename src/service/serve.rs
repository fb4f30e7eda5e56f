//! One message served, start to end: the replies to send now (the engine's answer in place
//! of the turn it answers: one message per exchange) and the work for later (an analysis),
//! each answered in its channel once the replies are out. An adapter makes one call a
//! message ([`Service::serve`], [`Service::serve_async`]) and hands each piece of
//! [`Served::later`] back to [`Service::follow_up`].

use std::future::Future;
use std::sync::Arc;

use super::engine_player::{EngineTurn, STUCK, told_stuck};
use super::{INTERNAL_ERROR, LiveGame, Message, Service};
use crate::command::{Command, CommandError};
use crate::engine_pool::{PoolError, Wait};
use crate::model::{ChannelId, GameId, OutboxId};
use crate::reply::{FollowUp, HeldGame, Reply};
use crate::workers::WorkError;

/// What the service makes of one message.
#[derive(Debug, Default)]
pub struct Served {
    /// The replies to send now, the engine's answers among them.
    pub now: Vec<Reply>,
    /// The work to do once they are out ([`Service::follow_up`]), each answered later in
    /// its channel.
    pub later: Vec<FollowUp>,
}

impl Served {
    /// `now`, with the work its replies leave for later.
    fn of(now: Vec<Reply>) -> Served {
        let later = now.iter().filter_map(|reply| reply.then.clone()).collect();
        Served { now, later }
    }
}

impl Service {
    /// Serves a chat line (a typed one, or the line a slash command stands for): its
    /// replies with the engine's answers, and the work for later. Blocks on the database,
    /// the renderer and the engine: from async code use [`Service::serve_async`].
    pub fn serve(&self, message: &Message) -> Served {
        Served::of(self.with_answers(self.handle(message)))
    }

    /// [`Service::serve`] for a command that came parsed (a button's).
    pub fn serve_command(&self, message: &Message, command: Command) -> Served {
        Served::of(self.with_answers(self.execute(message, command)))
    }

    /// [`Service::serve`] on the service's worker threads, off the async runtime; `meanwhile` runs
    /// while the engine searches its answer (Discord shows the bot typing), and is dropped
    /// when the answer is ready.
    pub async fn serve_async(
        self: &Arc<Self>,
        message: Message,
        meanwhile: impl Future<Output = ()>,
    ) -> Served {
        let replies = self
            .off_the_runtime(move |service| service.handle(&message))
            .await;
        self.answered(replies, meanwhile).await
    }

    /// [`Service::serve_async`] for a command read from something else than the message's
    /// text (a slash command's options), or the reason it is none.
    pub async fn serve_parsed_async(
        self: &Arc<Self>,
        message: Message,
        parsed: Result<Command, CommandError>,
        meanwhile: impl Future<Output = ()>,
    ) -> Served {
        let replies = self
            .off_the_runtime(move |service| service.execute_parsed(&message, parsed))
            .await;
        self.answered(replies, meanwhile).await
    }

    /// [`Service::serve_command`] on the worker threads (see [`Service::serve_async`]).
    pub async fn serve_command_async(
        self: &Arc<Self>,
        message: Message,
        command: Command,
        meanwhile: impl Future<Output = ()>,
    ) -> Served {
        let replies = self
            .off_the_runtime(move |service| service.execute(&message, command))
            .await;
        self.answered(replies, meanwhile).await
    }

    /// `replies` with the engine's answers in their place, `meanwhile` running while it
    /// searches.
    async fn answered(
        self: &Arc<Self>,
        replies: Vec<Reply>,
        meanwhile: impl Future<Output = ()>,
    ) -> Served {
        if !Service::awaits_answer(&replies) {
            return Served::of(replies);
        }
        let answer = self.with_answers_async(replies);
        tokio::pin!(answer);
        tokio::select! {
            replies = &mut answer => Served::of(replies),
            () = meanwhile => Served::of(answer.await),
        }
    }

    async fn off_the_runtime(
        self: &Arc<Self>,
        work: impl FnOnce(&Service) -> Vec<Reply> + Send + 'static,
    ) -> Vec<Reply> {
        self.on_worker(work).await.unwrap_or_else(|e| {
            tracing::error!(error = %e, "command task failed");
            vec![Reply::private(INTERNAL_ERROR)]
        })
    }

    /// The work a reply left to do (the engine's turn, an analysis): its replies, each for
    /// its channel.
    pub fn follow_up(&self, work: FollowUp) -> Vec<(ChannelId, Reply)> {
        let mark = self.outbox.mark();
        let mut replies = match work {
            FollowUp::EngineAnswer(held) => {
                told_stuck(self.engine_turn_of(held.id, held.live.as_deref()))
            }
            FollowUp::Analysis {
                game,
                channel,
                again,
            } => self.analyses().analysis(game, channel, again),
        };
        self.outbox.hand_owed_each(mark, &mut replies);
        replies
    }

    /// The engine's turn in `game` (as `held` left it), waiting on this thread for its
    /// search; what its end did is settled.
    fn engine_turn_of(&self, game: GameId, held: Option<&LiveGame>) -> EngineTurn {
        let played = self.engine_player().turn(game, held);
        self.settle_ends();
        played
    }

    /// The engine's turn in `game`, if it is to move there: its replies, each for its
    /// channel (the turn posted like a person's, with the board; direct copies for the
    /// player who asked for them). Nothing is half-played: a failure is logged, the player
    /// hears of the first one, and the watch tries again later.
    pub fn engine_turn(&self, game: GameId) -> Vec<(ChannelId, Reply)> {
        told_stuck(self.engine_turn_of(game, None))
    }

    /// A command's replies, each one the engine answers (the player's turn) replaced by the
    /// engine's reply, which tells both turns, shows the board after both and asks the
    /// player: one message per exchange. A held reply stays when no answer comes (the game
    /// ended meanwhile, or the search failed, which it then says), so the player's turn is
    /// announced all the same.
    pub fn with_answers(&self, replies: Vec<Reply>) -> Vec<Reply> {
        let mut out = Vec::with_capacity(replies.len());
        for reply in replies {
            match self.hold(reply) {
                Holding::AsItIs(reply) => out.push(*reply),
                Holding::Held(held) => {
                    let answered = self.engine_turn_of(held.game, held.before.as_deref());
                    out.extend(self.in_place(held, answered));
                }
            }
        }
        out
    }

    /// `reply` held for the engine's answer, or, when it awaits none or the wait is long
    /// (then it says so, and the answer is left for later), `reply` to post as it is.
    fn hold(&self, reply: Reply) -> Holding {
        let Some(FollowUp::EngineAnswer(held)) = reply.then.clone() else {
            return Holding::AsItIs(Box::new(reply));
        };
        if let Some(wait) = self.engine.long_wait() {
            return Holding::AsItIs(Box::new(self.told_to_wait(reply, held, &wait)));
        }
        Holding::Held(Box::new(Held {
            reply: Service::unasked(reply),
            game: held.id,
            before: held.live,
            mark: self.outbox.mark(),
        }))
    }

    /// The replies that take `held`'s place once the engine `answered`: the answer, which
    /// announces the held turn too, or the held reply with its board (and [`STUCK`] the
    /// first time the engine fails in its game).
    fn in_place(&self, held: Box<Held>, answered: EngineTurn) -> Vec<Reply> {
        let Held {
            reply: mut held,
            game,
            before,
            mark,
        } = *held;
        match answered {
            Ok(mut answers) if !answers.is_empty() => {
                self.outbox.hand_owed_each(mark, &mut answers);
                let mut answers: Vec<Reply> = answers.into_iter().map(|(_, a)| a).collect();
                // A game started in a thread of its own moves there with its first message,
                // which announces the held turn too.
                if let Some(first) = answers.iter_mut().find(|a| a.direct.is_none()) {
                    first.thread = held.thread.take();
                    first.owed.splice(0..0, std::mem::take(&mut held.owed));
                }
                answers
            }
            Ok(_) => vec![self.drawn(held, game, before)],
            Err(tell) => {
                if tell.is_some() {
                    held.text.push("\n").push(STUCK);
                }
                vec![self.drawn(held, game, before)]
            }
        }
    }
}

/// What becomes of a reply that may await the engine's answer.
enum Holding {
    /// Held for the answer.
    Held(Box<Held>),
    /// Posted as it is (it awaits no answer, or says how long the answer will be).
    AsItIs(Box<Reply>),
}

/// A reply held for the engine's answer, with what the answer needs when it comes.
struct Held {
    /// The reply, its work for later taken off.
    reply: Reply,
    game: GameId,
    /// The game as the turn before the answer left it.
    before: Option<std::sync::Arc<LiveGame>>,
    /// The outbox as it was before the answer (its rows after it are the answer's).
    mark: Option<OutboxId>,
}

impl Service {
    /// The turn `reply` announces, posted now with how long the engine's answer will be:
    /// the answer is left for later ([`Served::later`]).
    fn told_to_wait(&self, reply: Reply, held: HeldGame, wait: &Wait) -> Reply {
        let mut told = self.drawn(Service::unasked(reply), held.id, held.live.clone());
        told.text.push(format!(
            "\n{} ahead of yours: my answer comes in about {} s.",
            match wait.ahead {
                1 => "1 game is".to_string(),
                n => format!("{n} games are"),
            },
            wait.about.as_secs().max(1)
        ));
        told.then = Some(FollowUp::EngineAnswer(held));
        told
    }

    /// `reply` as posted when no answer comes (the search panicked): a held one with its
    /// board drawn, and no work left for later.
    fn unheld(&self, reply: Reply) -> Reply {
        let Some(FollowUp::EngineAnswer(held)) = reply.then.clone() else {
            return Service::unasked(reply);
        };
        self.drawn(Service::unasked(reply), held.id, held.live)
    }

    /// `reply` without the work it left for later.
    fn unasked(reply: Reply) -> Reply {
        Reply {
            then: None,
            ..reply
        }
    }

    /// A held reply posted after all (no answer came), with its board: drawn now from the
    /// game it was held with, else read again.
    fn drawn(&self, held: Reply, id: GameId, game: Option<std::sync::Arc<LiveGame>>) -> Reply {
        if held.board.is_some() {
            return held;
        }
        let game = game.or_else(|| {
            let stored = self.store.game(id).ok()??;
            LiveGame::load(stored).ok().map(std::sync::Arc::new)
        });
        let board = game.and_then(|game| match self.pictures.of(&game, None) {
            Ok(board) => Some(board),
            Err(e) => {
                tracing::error!(error = %format!("{e:#}"), "cannot draw a held reply's board");
                None
            }
        });
        Reply { board, ..held }
    }

    /// Whether any of `replies` waits for the engine's answer.
    fn awaits_answer(replies: &[Reply]) -> bool {
        replies
            .iter()
            .any(|r| matches!(r.then, Some(FollowUp::EngineAnswer(_))))
    }

    /// [`Service::with_answers`] for the asynchronous path: each held reply is held and
    /// answered on the commands' workers, and the engine's answer awaited holding no thread
    /// ([`Service::engine_turn_async`]).
    async fn with_answers_async(self: &Arc<Self>, replies: Vec<Reply>) -> Vec<Reply> {
        let mut out = Vec::with_capacity(replies.len());
        for reply in replies {
            if !matches!(reply.then, Some(FollowUp::EngineAnswer(_))) {
                out.push(reply);
                continue;
            }
            let kept = reply.clone();
            let held = match self.on_worker(move |s| s.hold(reply)).await {
                Ok(Holding::Held(held)) => held,
                Ok(Holding::AsItIs(reply)) => {
                    out.push(*reply);
                    continue;
                }
                Err(_) => {
                    out.push(self.posted_anyway(kept).await);
                    continue;
                }
            };
            let answered = self.engine_turn_async(held.game, held.before.clone()).await;
            match self.on_worker(move |s| s.in_place(held, answered)).await {
                Ok(replies) => out.extend(replies),
                Err(_) => out.push(self.posted_anyway(kept).await),
            }
        }
        out
    }

    /// `reply` posted after all when holding or answering it panicked: with its board
    /// drawn, and no work left for later.
    async fn posted_anyway(self: &Arc<Self>, reply: Reply) -> Reply {
        tracing::error!("the engine's answer panicked");
        let kept = reply.clone();
        (self.on_worker(move |s| s.unheld(reply)).await).unwrap_or_else(|_| Service::unasked(kept))
    }

    /// [`Service::follow_up`] for the asynchronous path: the engine's turn awaited holding
    /// no thread ([`Service::engine_follow_up`]), an analysis on the analyses' threads.
    pub async fn follow_up_async(self: &Arc<Self>, work: FollowUp) -> Vec<(ChannelId, Reply)> {
        if let FollowUp::EngineAnswer(held) = work {
            return self.engine_follow_up(held).await;
        }
        let service = Arc::clone(self);
        self.analyses
            .run(move || service.follow_up(work))
            .await
            .unwrap_or_default()
    }
}

impl Service {
    /// Runs `work` on the commands' workers, off the async runtime.
    pub(super) async fn on_worker<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&Service) -> T + Send + 'static,
    ) -> Result<T, WorkError> {
        let service = Arc::clone(self);
        self.commands.run(move || work(&service)).await
    }

    /// The engine's turn in `game` (as `held` left it) for the asynchronous path: no
    /// thread is held while the search waits for a searcher and runs. It runs to its end
    /// even if its asker stops waiting, so that a turn searched is played (and owed to its
    /// channel). A step that panics (logged by the workers) gives no answer.
    pub(super) async fn engine_turn_async(
        self: &Arc<Self>,
        game: GameId,
        held: Option<Arc<LiveGame>>,
    ) -> EngineTurn {
        let service = Arc::clone(self);
        let turn = tokio::spawn(async move {
            let asked = service
                .on_worker(move |s| {
                    (s.engine_player().ask(game, held.as_deref()))
                        .map_err(|e| s.engine_player().told(game, Err(e)))
                })
                .await;
            let (asked, answer) = match asked {
                Ok(Ok(Some(asked))) => asked,
                Ok(Ok(None)) => return Ok(Vec::new()),
                Ok(Err(told)) => return told,
                Err(_) => return Err(None),
            };
            let answer = answer.await.unwrap_or(Err(PoolError::Dropped));
            (service.on_worker(move |s| {
                let player = s.engine_player();
                let played = s
                    .engine
                    .heard(asked, answer)
                    .and_then(|thought| match thought {
                        Some((game, thought)) => player.play_thought(game, thought),
                        None => Ok(Vec::new()),
                    });
                s.settle_ends();
                player.told(game, played)
            }))
            .await
            .unwrap_or(Err(None))
        });
        turn.await.unwrap_or_else(|e| {
            tracing::error!(error = %e, game = %game, "the engine's turn was lost");
            Err(None)
        })
    }

    /// [`Service::engine_turn`] for the asynchronous path ([`Service::engine_turn_async`]),
    /// with the announcements its replies owe handed to them.
    pub(super) async fn engine_follow_up(
        self: &Arc<Self>,
        held: HeldGame,
    ) -> Vec<(ChannelId, Reply)> {
        let Ok(mark) = (self.on_worker(move |s| s.outbox.mark())).await else {
            return Vec::new();
        };
        let played = self.engine_turn_async(held.id, held.live).await;
        (self.on_worker(move |s| {
            let mut replies = told_stuck(played);
            s.outbox.hand_owed_each(mark, &mut replies);
            replies
        }))
        .await
        .unwrap_or_default()
    }
}
