//! The engine's answers in place of the replies that wait for them: a player's turn against
//! the engine (or a game it opens) is held, the engine's answer searched holding no thread
//! while the bot shows it is typing, and the answer, which tells both turns and shows the
//! board after both, posted in the held reply's place: one message per exchange. A held
//! reply is posted after all, with its board, when no answer comes (the game ended meanwhile,
//! or the search failed, which it then says); and when the engine's queue is long, the turn
//! is posted at once with the wait, the answer following as later work.

use std::sync::Arc;

use super::engine_player::{EngineTurn, STUCK, told_stuck};
use super::sink::Sink;
use super::{LiveGame, Service};
use crate::engine_pool::{PoolError, Wait};
use crate::model::{ChannelId, GameId};
use crate::reply::{FollowUp, HeldGame, Reply};
use crate::text::Text;

/// `replies` with the engine's answers in the place of those that wait for one, `sink`
/// showing the bot typing in `here` meanwhile; and the work they leave for later (an answer
/// after a long wait, an analysis).
pub(super) async fn answered(
    service: &Arc<Service>,
    replies: Vec<Reply>,
    sink: &impl Sink,
    here: ChannelId,
) -> (Vec<Reply>, Vec<FollowUp>) {
    let mut out = Vec::with_capacity(replies.len());
    for reply in replies {
        if !matches!(reply.then, Some(FollowUp::EngineAnswer(_))) {
            out.push(reply);
            continue;
        }
        let kept = reply.clone();
        let held = match service.on_worker(move |s| hold(s, reply)).await {
            Ok(Holding::Held(held)) => held,
            Ok(Holding::AsItIs(reply)) => {
                out.push(*reply);
                continue;
            }
            Err(_) => {
                out.push(posted_anyway(service, kept).await);
                continue;
            }
        };
        let answer = engine_turn(service, held.game, held.before.clone());
        let answered = tokio::select! {
            answered = answer => answered,
            () = keep_typing(sink, here) => unreachable!("typing never ends"),
        };
        match service
            .on_worker(move |s| in_place(s, held, answered))
            .await
        {
            Ok(replies) => out.extend(replies),
            Err(_) => out.push(posted_anyway(service, kept).await),
        }
    }
    let later = out
        .iter_mut()
        .filter_map(|reply| reply.then.take())
        .collect();
    (out, later)
}

/// Shows the bot typing in `here` for as long as it is awaited.
async fn keep_typing(sink: &impl Sink, here: ChannelId) {
    sink.typing(here).await;
    std::future::pending::<()>().await;
}

/// The engine's turn in `held`'s game, asked after a long wait (the player's turn posted
/// already): its replies, each for its channel, `sink` showing the bot typing in `here`.
pub(super) async fn later_answer(
    service: &Arc<Service>,
    held: HeldGame,
    sink: &impl Sink,
    here: ChannelId,
) -> Vec<(ChannelId, Reply)> {
    tokio::select! {
        played = engine_turn(service, held.id, held.live) => told_stuck(played),
        () = keep_typing(sink, here) => unreachable!("typing never ends"),
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
    before: Option<Arc<LiveGame>>,
    /// What the answer opens with (a tournament round's heading).
    lead: Text,
}

/// `reply` held for the engine's answer, or, when it awaits none or the wait is long (then
/// it says so, and the answer is left for later), `reply` to post as it is.
fn hold(service: &Service, reply: Reply) -> Holding {
    let Some(FollowUp::EngineAnswer(held)) = reply.then.clone() else {
        return Holding::AsItIs(Box::new(reply));
    };
    if let Some(wait) = service.engine.long_wait() {
        return Holding::AsItIs(Box::new(told_to_wait(service, reply, held, &wait)));
    }
    Holding::Held(Box::new(Held {
        reply: unasked(reply),
        game: held.id,
        before: held.live,
        lead: held.lead,
    }))
}

/// The replies that take `held`'s place once the engine `answered`: the answer, which
/// announces the held turn too, or the held reply with its board (and [`STUCK`] the first
/// time the engine fails in its game).
fn in_place(service: &Service, held: Box<Held>, answered: EngineTurn) -> Vec<Reply> {
    let Held {
        reply: mut held,
        game,
        before,
        lead,
    } = *held;
    match answered {
        Ok(answers) if !answers.is_empty() => {
            let mut answers: Vec<Reply> = answers.into_iter().map(|(_, a)| a).collect();
            // A game started in a thread of its own moves there with its first message,
            // which announces the held turn too.
            if let Some(first) = answers.iter_mut().find(|a| a.direct.is_none()) {
                first.thread = held.thread.take();
                first.owed.splice(0..0, std::mem::take(&mut held.owed));
                let mut text = lead;
                text.append(std::mem::take(&mut first.text));
                first.text = text;
            }
            answers
        }
        Ok(_) => vec![drawn(service, held, game, before)],
        Err(tell) => {
            if tell.is_some() {
                held.text.push("\n").push(STUCK);
            }
            vec![drawn(service, held, game, before)]
        }
    }
}

/// The turn `reply` announces, posted now with how long the engine's answer will be: the
/// answer is left for later.
fn told_to_wait(service: &Service, reply: Reply, held: HeldGame, wait: &Wait) -> Reply {
    let mut told = drawn(service, unasked(reply), held.id, held.live.clone());
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

/// `reply` without the work it left for later.
fn unasked(reply: Reply) -> Reply {
    Reply {
        then: None,
        ..reply
    }
}

/// A held reply posted after all (no answer came), with its board: drawn now from the game
/// it was held with, else read again.
fn drawn(service: &Service, held: Reply, id: GameId, game: Option<Arc<LiveGame>>) -> Reply {
    if held.board.is_some() {
        return held;
    }
    let game = game.or_else(|| {
        let stored = service.store.game(id).ok()??;
        LiveGame::load(stored).ok().map(Arc::new)
    });
    let board = game.and_then(|game| match service.pictures.of(&game, None) {
        Ok(board) => Some(board),
        Err(e) => {
            tracing::error!(error = %format!("{e:#}"), "cannot draw a held reply's board");
            None
        }
    });
    Reply { board, ..held }
}

/// `reply` posted after all when holding or answering it panicked: with its board drawn,
/// and no work left for later.
async fn posted_anyway(service: &Arc<Service>, reply: Reply) -> Reply {
    tracing::error!("the engine's answer panicked");
    let kept = reply.clone();
    let drawn = service.on_worker(move |s| match reply.then.clone() {
        Some(FollowUp::EngineAnswer(held)) => drawn(s, unasked(reply), held.id, held.live),
        _ => unasked(reply),
    });
    drawn.await.unwrap_or_else(|_| unasked(kept))
}

/// The engine's turn in `game` (as `held` left it): no thread is held while the search
/// waits for a searcher and runs. It runs to its end even if its asker stops waiting, so
/// that a turn searched is played (and owed to its channel). A step that panics (logged by
/// the workers) gives no answer.
pub(super) async fn engine_turn(
    service: &Arc<Service>,
    game: GameId,
    held: Option<Arc<LiveGame>>,
) -> EngineTurn {
    let service = Arc::clone(service);
    let turn = tokio::spawn(async move {
        let asked = service
            .on_worker(move |s| {
                let player = s.engine_player();
                (player.ask(game, held.as_deref())).map_err(|e| player.told(game, Err(e)))
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
                })
                .map(|mut replies| {
                    s.settle_ends(None, replies.iter_mut().map(|(c, r)| (*c, r)));
                    replies
                });
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
