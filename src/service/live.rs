//! A stored game brought back to life by the rules crate: one machine plays every game (a
//! game without potentials has empty supplies), and the base game's [`Position`] is made
//! only where the engine, whose kernel it is, needs one.

use std::sync::Arc;

use gipf::potentials::{Game, Turn};
use gipf::{ByColor, Color, Position};

use crate::model::{GameId, UserId};
use crate::record;
use crate::record::Replay;
use crate::store::{Damaged, StoredGame};
use crate::text::Span;

/// A stored game and the game it replays to.
#[derive(Clone)]
pub(crate) struct LiveGame {
    pub stored: StoredGame,
    /// The game after the stored turns and the decisions of the turn in progress.
    pub game: Game,
    /// The last completed turn.
    pub last_turn: Option<Turn>,
    /// The stored record as the load replayed it, every state kept for the browser, the
    /// analysis and the replay: only a game as loaded has it, not one changed since.
    record: Option<Arc<Replay>>,
    /// The game at the start of the last completed turn, where a change that played it
    /// knows it (the record's replay knows it for a game as loaded).
    last_start: Option<Game>,
    /// The completed turn before the last, where known: the turn the last one answered.
    turn_before_last: Option<Turn>,
}

impl LiveGame {
    /// Replays a stored game; a turn or decision that does not replay makes it [`Damaged`].
    pub fn load(stored: StoredGame) -> Result<LiveGame, Damaged> {
        let record = stored.turns.join("\n");
        let replay = record::replay(&record, stored.spec.options())
            .map_err(|e| Damaged::of(&stored, Some(e.line), format!("`{}`: {}", e.turn, e.reason)))?
            // Each push said from the dot its player named, where the notation leaves it out.
            .entered_from(&stored.dots);
        let (game, last_turn) = (replay.last().clone(), replay.turns.last().cloned());
        let before_last = replay.turns.iter().rev().nth(1).cloned();
        let live = LiveGame::resume(stored, game, last_turn, Some(Arc::new(replay)))?;
        Ok(live.with_turn_before_last(before_last))
    }

    /// `stored` as a takeback left it, the first of this game's record lines kept: the
    /// state this game's load replayed after them, nothing replayed again.
    pub fn taken_back(&self, stored: StoredGame) -> Result<LiveGame, Damaged> {
        let Ok(record) = self.record() else {
            return LiveGame::load(stored);
        };
        let (game, last_turn) = record.after_lines(stored.turns.len());
        LiveGame::resume(stored, game.clone(), last_turn.cloned(), None)
    }

    /// `game`, the state after the stored turns, brought to the stored game: the decisions
    /// of the turn in progress played, a resignation or a loss on time applied.
    fn resume(
        stored: StoredGame,
        mut game: Game,
        last_turn: Option<Turn>,
        record: Option<Arc<Replay>>,
    ) -> Result<LiveGame, Damaged> {
        for decision in &stored.partial.0 {
            game.play(*decision).map_err(|e| {
                Damaged::of(
                    &stored,
                    Some(stored.turns.len() + 1),
                    format!("a decision of the turn in progress is refused: {e}"),
                )
            })?;
        }
        // A game resigned (or lost on time) mid-turn is over whatever the rules say.
        if let Some(color) = stored.resigned.or(stored.forfeited) {
            let _ = game.resign(color);
        }
        Ok(LiveGame {
            stored,
            game,
            last_turn,
            record,
            last_start: None,
            turn_before_last: None,
        })
    }

    /// `game` as a change left it: `stored` as saved, `now` as played, `last_turn` the last
    /// turn completed (its record's replay is no longer the game's).
    pub fn changed(stored: StoredGame, now: Game, last_turn: Option<Turn>) -> LiveGame {
        LiveGame {
            stored,
            game: now,
            last_turn,
            record: None,
            last_start: None,
            turn_before_last: None,
        }
    }

    /// This game, told the game at the start of its last completed turn.
    pub fn with_last_start(self, last_start: Option<Game>) -> LiveGame {
        LiveGame { last_start, ..self }
    }

    /// This game, told the completed turn before its last.
    pub fn with_turn_before_last(self, turn_before_last: Option<Turn>) -> LiveGame {
        LiveGame {
            turn_before_last,
            ..self
        }
    }

    /// The completed turn before the last, if known (the turn the last one answered).
    pub fn turn_before_last(&self) -> Option<&Turn> {
        self.turn_before_last.as_ref()
    }

    /// The game at the start of the last completed turn, if known: as the change that
    /// played it left it, or as the load replayed it.
    pub fn last_start(&self) -> Option<&Game> {
        if let Some(game) = &self.last_start {
            return Some(game);
        }
        let replay = self.record.as_deref()?;
        replay.games.get(replay.turns.len().checked_sub(1)?)
    }

    /// The stored record replayed, every state kept: read with the game, never again.
    pub fn record(&self) -> anyhow::Result<&Replay> {
        self.record.as_deref().ok_or_else(|| {
            anyhow::anyhow!(
                "game {} changed since it was read: its record is no longer at hand",
                self.stored.id
            )
        })
    }

    /// A turn of this game as its record writes it, with the reserve after it.
    pub fn turn_text(&self, turn: &Turn) -> String {
        record::turn_text(&self.game.options(), turn, true)
    }

    /// The colour `user` plays, if they play here.
    pub fn color_of(&self, user: UserId) -> Option<Color> {
        Color::ALL.into_iter().find(|&c| self.player(c) == user)
    }

    /// The name of who plays `color`, to show (read with the game).
    pub fn name(&self, color: Color) -> Span {
        Span::Name(self.stored.names[color].clone())
    }

    /// Who plays `color`.
    pub fn player(&self, color: Color) -> UserId {
        self.stored.players[color]
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Color {
        self.game.to_move()
    }

    /// How the game ended, if the rules say it did.
    pub fn outcome(&self) -> Option<gipf::Outcome> {
        self.game.outcome()
    }

    /// Completed turns.
    pub fn plies(&self) -> u16 {
        self.game.plies()
    }

    /// `color` resigns (or loses on time); `None` if the game is over already.
    pub fn resign(&mut self, color: Color) -> Option<gipf::Outcome> {
        self.game.resign(color).ok()
    }
}

/// A channel's game as the rules see it, for adapters and tests.
#[derive(Clone, Debug)]
pub struct GameState {
    /// The game's id.
    pub id: GameId,
    /// Who plays each colour.
    pub players: ByColor<UserId>,
    /// The game now (mid-turn if a decision is pending), as the rules crate's machine plays
    /// every game.
    pub game: Game,
    /// Completed turns, in the official notation.
    pub turns: Vec<String>,
    /// The same game as the base game's [`Position`], for a game without potentials.
    position: Option<Position>,
}

impl GameState {
    pub(crate) fn of(live: LiveGame) -> GameState {
        GameState {
            id: live.stored.id,
            players: live.stored.players,
            position: Position::try_from(&live.game).ok(),
            game: live.game,
            turns: live.stored.turns,
        }
    }

    /// The game as the base game's [`Position`] holds it, for a game without potentials.
    pub fn position(&self) -> Option<Position> {
        self.position
    }

    /// A game with potentials (Ultimate GIPF among them).
    pub fn potentials(&self) -> Option<&Game> {
        self.game.options().has_potentials().then_some(&self.game)
    }
}
