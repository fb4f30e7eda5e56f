//! The engine as a player: when it is to move, its turn searched ([`Engine`]) and played on
//! the typed path every turn takes (`play/mod.rs`), told like a person's, and what becomes of
//! a search that fails (said once, tried again a few minutes later).

use gipf::Color;
use gipf::potentials::Game;

use super::challenge::level::{FIRST_LEVEL, default_level_words};
use super::engine::{AskedSearch, Engine, SearchAnswer};
use super::games::Games;
use super::picture::Pictures;
use super::play::potentials::describe;
use super::play::working::Working;
use super::play::{commit, prompt};
use super::server::notify::with_copies;
use super::voice::Voice;
use super::{Failure, LiveGame};
use crate::command::Phrasing;
use crate::model::{ChannelId, Clock, GameId};
use crate::reply::Reply;
use crate::store::{RequestKind, Store};
use crate::text;
use crate::text::Text;

/// Seconds after a failed search before the watch tries the engine's turn again.
const RETRY_AFTER: i64 = 300;
/// What the player hears the first time the engine's search fails in his game.
pub(super) const STUCK: &str = "Something went wrong on my side choosing my move here (it is logged). \
    I will try again in a few minutes.";

/// The engine's turn in a game: its replies, or the channel to tell the first time it fails.
pub(super) type EngineTurn = Result<Vec<(ChannelId, Reply)>, Option<ChannelId>>;

/// What the engine's turns touch.
pub(super) struct EnginePlayer<'a> {
    pub games: &'a Games,
    pub store: &'a Store,
    pub voice: &'a Voice,
    pub pictures: &'a Pictures,
    pub engine: &'a Engine,
    pub clock: &'a Clock,
}

/// `Game on: standard GIPF against me, at level easy. White: alice, Black: gipf-bot. Ask
/// for a `!hint` whenever it is your move.`
pub(super) fn game_on(voice: &Voice, game: &LiveGame, say: &Phrasing) -> Text {
    let level = game.stored.engine.unwrap_or(FIRST_LEVEL);
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
            default_level_words(say, voice.my_name())
        )
    ];
    // The potentials, and the note on the reconstructed rulings where TAMSK or PÜNCT
    // play (`docs/potentials.md`), as a game between people starts.
    if let Some(about) = game.stored.spec.potentials().as_ref().and_then(describe) {
        text.push(format!("\n{about}"));
    }
    text
}

/// The replies of the engine's turn that `played`, or, the first time it failed in its game,
/// [`STUCK`] for its channel.
pub(super) fn told_stuck(played: EngineTurn) -> Vec<(ChannelId, Reply)> {
    match played {
        Ok(replies) => replies,
        Err(tell) => tell
            .map(|channel| (channel, Reply::public(STUCK)))
            .into_iter()
            .collect(),
    }
}

impl EnginePlayer<'_> {
    /// What becomes of the engine's turn in `game` that `played`: its replies, or, if it
    /// failed (logged here), the channel to tell of it the first time it fails there. A
    /// failed turn goes back to the queue, to be tried again in a few minutes.
    pub(super) fn told(
        &self,
        game: GameId,
        played: anyhow::Result<Vec<(ChannelId, Reply)>>,
    ) -> EngineTurn {
        let e = match played {
            Ok(replies) => return Ok(replies),
            Err(e) => e,
        };
        tracing::error!(error = %format!("{e:#}"), game = %game, "the engine's turn failed");
        let retry_at = self.clock.now() + RETRY_AFTER;
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
    pub(super) fn ask_waiting(&self) -> anyhow::Result<()> {
        let Some(engine) = self.voice.engine_id() else {
            return Ok(());
        };
        if !self.engine.first_resume() {
            return Ok(());
        }
        for id in self.store.running_engine_games()? {
            let Some(stored) = self.store.game(id)? else {
                continue;
            };
            match LiveGame::load(stored) {
                Ok(game) if self.voice.to_move_in(&game).is_some() => {
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

    /// The engine's turn `thought` in `game` (the game it was searched in): played on the
    /// typed path every turn takes ([`Working::play_turn`], [`commit`]), and told like a
    /// person's, with the direct copies its players asked for. A game that changed during
    /// the search refuses it by the version check of the commit.
    pub(super) fn play_thought(
        &self,
        game: LiveGame,
        thought: gipf_ai::Thought<Game>,
    ) -> anyhow::Result<Vec<(ChannelId, Reply)>> {
        let Some(engine) = self.voice.engine_id() else {
            return Ok(Vec::new());
        };
        let id = game.stored.id;
        tracing::info!(game = %id, turn = %thought, depth = thought.depth, nodes = thought.nodes, "the engine played");
        // A game lives where both players see it, where nobody asked in slash words.
        let say = self.voice.notice_phrasing();
        let mut working = Working::new(game.game.clone(), game.stored.partial.0.clone(), &say);
        let played = working
            .play_turn(&thought.turn)
            .and_then(|()| commit(self.games, self.voice, self.pictures, &game, working, &say));
        let reply = match played {
            Ok(Some(reply)) => reply,
            // The game ended or was taken back between the search and the move: nothing to
            // say.
            Ok(None) => return Ok(Vec::new()),
            Err(Failure::Refused(reason)) => {
                anyhow::bail!("my own turn {} was refused: {reason:?}", thought.turn)
            }
            Err(Failure::Damaged(damaged)) => return Err(damaged.into()),
            Err(Failure::Internal(e) | Failure::Unavailable(_, e)) => return Err(e),
        };
        let channel = game.stored.channel;
        let group = with_copies(self.store, self.pictures, channel, Some(engine), reply)?;
        Ok(group
            .into_iter()
            .map(|reply| (channel, self.answering(&game, reply)))
            .collect())
    }

    /// The engine's reply, opened with the player's turn it answers, or with the start of
    /// the game when it moves first (`game` is the game before the engine's turn), so that
    /// one message tells the whole exchange.
    fn answering(&self, game: &LiveGame, reply: Reply) -> Reply {
        let engine = self.voice.engine_id();
        let mut lines = match &game.last_turn {
            Some(turn) if Some(game.player(turn.color)) != engine => prompt::played(
                self.voice,
                game,
                game.last_start(),
                std::slice::from_ref(turn),
            ),
            None if game.stored.turns.is_empty() => {
                vec![game_on(self.voice, game, &self.voice.notice_phrasing())]
            }
            _ => return reply,
        };
        lines.push(reply.text);
        Reply {
            text: Text::join(lines, "\n"),
            ..reply
        }
    }

    /// Queues the engine's search in game `id` (as `held` left it, if it was held for the
    /// answer), if it is to move there: the search, and the receiver its answer comes on.
    /// A game that changed since it was held (a takeback, a resignation) is read again.
    pub(super) fn ask(
        &self,
        id: GameId,
        held: Option<&LiveGame>,
    ) -> anyhow::Result<Option<(AskedSearch, tokio::sync::oneshot::Receiver<SearchAnswer>)>> {
        let Some(stored) = self.store.game(id)? else {
            return Ok(None);
        };
        let game = match held {
            Some(game) if game.stored == stored => game.clone(),
            _ => LiveGame::load(stored)?,
        };
        let (Some(level), Some(_)) = (game.stored.engine, self.voice.to_move_in(&game)) else {
            return Ok(None);
        };
        Ok(self.engine.search(game, level))
    }
}
