//! `push`, `gipf`, `move`, `row`, `take`, `keep`, `resign`: everything that changes a game.

use gipf::{
    Bitboard, Color, Decision, Entry, Kind, Pending, PlayError, Position, Stage, Turn, TurnNotation,
};

use super::{LiveGame, Message, Service};
use crate::command::Answer;
use crate::reply::{Button, Reply, Stamp};
use crate::store::Progress;

/// A game being changed by one command: nothing is saved unless all of it is legal.
struct Working {
    position: Position,
    partial: Vec<Decision>,
    completed: Vec<Turn>,
}

impl Working {
    fn play(&mut self, decision: Decision) -> Result<(), PlayError> {
        let done = self.position.play(decision)?;
        self.partial.push(decision);
        if !done.is_empty() {
            self.partial.clear();
            self.completed.extend(done.iter().copied());
        }
        Ok(())
    }
}

fn color_name(color: Color) -> &'static str {
    color.name()
}

fn spots(set: Bitboard) -> String {
    set.iter()
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Buttons for the likely answers to the question pending in a game, if one is: stamped
/// with the game's version, so they answer this question only.
pub(super) fn question_buttons(game: &LiveGame) -> Vec<Button> {
    let stamp = Stamp::Game {
        id: game.stored.id,
        version: game.stored.version,
    };
    let button = |label: String, command: String| Button {
        label,
        command,
        stamp,
    };
    match game.position.pending() {
        Pending::ChooseRow { rows } => (1..=rows.len())
            .map(|i| button(format!("Row {i}"), format!("row {i}")))
            .collect(),
        Pending::TakeGipf { .. } => vec![
            button("Take all".into(), "take all".into()),
            button("Keep all".into(), "keep all".into()),
        ],
        Pending::Push | Pending::GameOver(_) => Vec::new(),
    }
}

/// The decision an answer stands for in `position`, or why it does not fit.
fn decision_for(position: &Position, answer: &Answer, prefix: &str) -> Result<Decision, String> {
    match (position.pending(), answer) {
        (Pending::ChooseRow { rows }, Answer::Row(n)) => n
            .checked_sub(1)
            .and_then(|i| rows.get(i))
            .map(|r| Decision::Row(r.line))
            .ok_or_else(|| {
                let options: Vec<String> = (1..=rows.len())
                    .map(|i| format!("`{prefix}row {i}`"))
                    .collect();
                format!("there is no row {n}; answer {}", options.join(" or "))
            }),
        (Pending::TakeGipf { gipf, .. }, Answer::TakeAll) => Ok(Decision::Take(gipf)),
        (Pending::TakeGipf { .. }, Answer::KeepAll) => Ok(Decision::Take(Bitboard::EMPTY)),
        (Pending::TakeGipf { .. }, Answer::Take(points)) => {
            Ok(Decision::Take(points.iter().copied().collect()))
        }
        (Pending::TakeGipf { gipf, .. }, Answer::Keep(points)) => {
            let keep: Bitboard = points.iter().copied().collect();
            if !keep.is_subset(gipf) {
                return Err(format!(
                    "{} {} not a GIPF-piece of this row; its GIPF-pieces are {}",
                    spots(keep - gipf),
                    if (keep - gipf).count() == 1 {
                        "is"
                    } else {
                        "are"
                    },
                    spots(gipf)
                ));
            }
            Ok(Decision::Take(gipf - keep))
        }
        (Pending::ChooseRow { .. }, _) => {
            Err(format!("first choose a row by its number: `{prefix}row 1`"))
        }
        (Pending::TakeGipf { .. }, _) => Err(format!(
            "first decide on the GIPF-pieces of the row: `{prefix}take <spots>`, `{prefix}take all` or `{prefix}keep all`"
        )),
        (Pending::Push, _) => Err("there is nothing to decide now: it is time to push".into()),
        (Pending::GameOver(outcome), _) => Err(format!("the game is over: {outcome}")),
    }
}

impl Service {
    /// Checks that the author may act now, lets `plan` change the game, and saves it.
    fn act(
        &self,
        message: &Message,
        plan: impl FnOnce(&mut Working) -> Result<(), String>,
    ) -> anyhow::Result<Vec<Reply>> {
        let game = self.live_game(message.channel, false)?;
        if let Some(refusal) = self.stale_button(message, game.as_ref()) {
            return Ok(vec![refusal]);
        }
        let Some(game) = game else {
            return Ok(vec![self.no_game_here()]);
        };
        let Some(color) = game.color_of(message.author.id) else {
            return Ok(vec![Reply::private(format!(
                "You are not playing in this game: only {} and {} can move here.",
                self.name(game.stored.white)?,
                self.name(game.stored.black)?
            ))]);
        };
        let to_move = game.position.to_move();
        if color != to_move {
            return Ok(vec![Reply::private(format!(
                "It is {}'s turn ({}). I will ping you when it is yours.",
                self.name(game.player(to_move))?,
                color_name(to_move)
            ))]);
        }
        let mut working = Working {
            position: game.position,
            partial: game.partial.clone(),
            completed: Vec::new(),
        };
        if let Err(reason) = plan(&mut working) {
            return Ok(vec![Reply::private(format!(
                "{reason}. Nothing was changed."
            ))]);
        }
        let progress = Progress {
            turns: working
                .completed
                .iter()
                .map(|t| (format!("{t:#}"), game.player(t.color)))
                .collect(),
            partial: serde_json::to_string(&working.partial)?,
            status: super::status(&working.position).into(),
            resigned: None,
        };
        if !self.store.save(&game.stored, &progress)? {
            return Ok(vec![self.moved_on()]);
        }
        let mut after = self.shallow(&game);
        after.stored.version += 1;
        after.position = working.position;
        after.partial = working.partial;
        after.last_turn = working.completed.last().copied().or(game.last_turn);
        after
            .stored
            .turns
            .extend(progress.turns.iter().map(|(t, _)| t.clone()));
        Ok(vec![self.turn_reply(&after, &working.completed)?])
    }

    /// Refuses a click on a button made for another game, or for an earlier question of
    /// this one. The version it checks is the one the save is conditional on, so a click
    /// can never answer a question it was not made for.
    fn stale_button(&self, message: &Message, game: Option<&LiveGame>) -> Option<Reply> {
        let Some(Stamp::Game { id, version }) = message.stamp else {
            return None;
        };
        let text = match game {
            None => "That game is over: this button no longer does anything.".to_string(),
            Some(game) if game.stored.id != id => "That button belongs to an earlier game.".into(),
            Some(game) if game.color_of(message.author.id).is_none() => {
                "This is not your game: only its two players can use its buttons.".into()
            }
            Some(game) if game.stored.version != version => format!(
                "That button answers an earlier question, and the game has moved on. \
                 See the latest message or `{}board`.",
                self.config.prefix
            ),
            Some(_) => return None,
        };
        Some(Reply::private(text))
    }

    fn shallow(&self, game: &LiveGame) -> LiveGame {
        LiveGame {
            stored: game.stored.clone(),
            position: game.position,
            partial: game.partial.clone(),
            last_turn: game.last_turn,
        }
    }

    fn moved_on(&self) -> Reply {
        Reply::private(format!(
            "The game moved on while I was working on that (another command got there first). \
             Nothing was changed: look at `{}board` and try again.",
            self.config.prefix
        ))
    }

    fn explain(&self, error: &PlayError) -> String {
        let prefix = &self.config.prefix;
        match error {
            PlayError::DecisionPending(Pending::ChooseRow { .. }) => {
                format!(
                    "first choose which row to remove: `{prefix}row 1`, `{prefix}row 2`... (`{prefix}board` shows the numbers)"
                )
            }
            PlayError::DecisionPending(Pending::TakeGipf { row, gipf }) => format!(
                "first decide on the GIPF-pieces of row {row} ({}): `{prefix}take <spots>`, `{prefix}take all` or `{prefix}keep all`",
                spots(*gipf)
            ),
            other => other.to_string(),
        }
    }

    pub(super) fn push(
        &self,
        message: &Message,
        entry: Entry,
        piece: Kind,
        answers: &[Answer],
    ) -> anyhow::Result<Vec<Reply>> {
        let prefix = self.config.prefix.clone();
        self.act(message, |working| {
            let mover = working.position.to_move();
            working
                .play(Decision::Push { entry, piece })
                .map_err(|e| self.explain(&e))?;
            for answer in answers {
                if working.position.to_move() != mover || working.position.outcome().is_some() {
                    return Err(
                        "that push needs no more decisions, so I did not use all your answers"
                            .into(),
                    );
                }
                let decision = decision_for(&working.position, answer, &prefix)?;
                working.play(decision).map_err(|e| e.to_string())?;
            }
            Ok(())
        })
    }

    pub(super) fn play_notation(
        &self,
        message: &Message,
        notation: &TurnNotation,
    ) -> anyhow::Result<Vec<Reply>> {
        self.act(message, |working| {
            let decisions = notation
                .resolve(&working.position)
                .map_err(|e| e.to_string())?;
            for decision in decisions {
                working.play(decision).map_err(|e| e.to_string())?;
            }
            Ok(())
        })
    }

    pub(super) fn answer(&self, message: &Message, answer: &Answer) -> anyhow::Result<Vec<Reply>> {
        let prefix = self.config.prefix.clone();
        self.act(message, |working| {
            let decision = decision_for(&working.position, answer, &prefix)?;
            working.play(decision).map_err(|e| e.to_string())
        })
    }

    pub(super) fn resign(&self, message: &Message) -> anyhow::Result<Vec<Reply>> {
        let Some(game) = self.live_game(message.channel, false)? else {
            return Ok(vec![self.no_game_here()]);
        };
        let Some(color) = game.color_of(message.author.id) else {
            return Ok(vec![Reply::private(
                "You are not playing in this game, so you cannot resign it.",
            )]);
        };
        let mut position = game.position;
        let Ok(outcome) = position.resign(color) else {
            return Ok(vec![Reply::private("This game is already over.")]);
        };
        let progress = Progress {
            turns: Vec::new(),
            partial: game.stored.partial.clone(),
            status: if outcome.winner == Color::White {
                "white_won"
            } else {
                "black_won"
            }
            .into(),
            resigned: Some(color.name().into()),
        };
        if !self.store.save(&game.stored, &progress)? {
            return Ok(vec![self.moved_on()]);
        }
        let winner = game.player(outcome.winner);
        let after = LiveGame {
            position,
            ..self.shallow(&game)
        };
        Ok(vec![Reply {
            text: format!(
                "{} resigned. {}, you win the game ({} plies). Well played!",
                self.name(message.author.id)?,
                winner.mention(),
                position.plies()
            ),
            mentions: vec![winner],
            board: Some(self.picture(&after, Some(false))?),
            ..Reply::default()
        }])
    }

    /// How to push, for the player to move.
    pub(super) fn how_to_push(&self, game: &LiveGame) -> String {
        let prefix = &self.config.prefix;
        let position = &game.position;
        let gipf = position.legal_kinds().any(|k| k == Kind::Gipf);
        let basic = position.legal_kinds().any(|k| k == Kind::Basic);
        match (basic, gipf) {
            (false, true) => format!("bring in a GIPF-piece, like `{prefix}gipf b1 c2`."),
            (true, true) => format!(
                "push with `{prefix}push <dot> <first spot>`, like `{prefix}push b1 c2`, or bring in a GIPF-piece with `{prefix}gipf b1 c2`."
            ),
            _ => format!("push with `{prefix}push <dot> <first spot>`, like `{prefix}push b1 c2`."),
        }
    }

    /// What the player to move must do now, with a ping for them only.
    fn turn_reply(&self, game: &LiveGame, completed: &[Turn]) -> anyhow::Result<Reply> {
        let position = &game.position;
        let prefix = &self.config.prefix;
        let mut lines = Vec::new();
        for turn in completed {
            lines.push(format!(
                "{} ({}) played `{turn:#}`.",
                self.name(game.player(turn.color))?,
                turn.color
            ));
        }
        let to_move = position.to_move();
        let player = game.player(to_move);
        lines.push(format!(
            "Reserves: white {}, black {}. Captured: white {}, black {}.",
            position.reserve(Color::White),
            position.reserve(Color::Black),
            position.lost(Color::White),
            position.lost(Color::Black)
        ));
        let ping = match position.pending() {
            Pending::GameOver(outcome) => {
                // Tell the player who did not make the last move.
                let other = completed.first().map_or(!outcome.winner, |t| !t.color);
                lines.push(format!(
                    "Game over: {} ({}) wins. {outcome}. Well played!",
                    self.name(game.player(outcome.winner))?,
                    outcome.winner
                ));
                game.player(other)
            }
            Pending::Push => {
                lines.push(format!(
                    "{}, your move ({to_move}): {}",
                    player.mention(),
                    self.how_to_push(game)
                ));
                player
            }
            Pending::ChooseRow { rows } => {
                let when = if position.stage() == Stage::Start {
                    "at the start of your turn"
                } else {
                    "after your push"
                };
                lines.push(format!(
                    "{}, you have rows to remove {when}, and they share pieces: choose which goes first.",
                    player.mention()
                ));
                for (i, row) in rows.iter().enumerate() {
                    lines.push(format!(
                        "{}) {row}: {}",
                        i + 1,
                        self.row_contents(position, row.set)
                    ));
                }
                let options: Vec<String> = (1..=rows.len())
                    .map(|i| format!("`{prefix}row {i}`"))
                    .collect();
                lines.push(format!("Answer {}.", options.join(" or ")));
                player
            }
            Pending::TakeGipf { row, gipf } => {
                let when = if position.stage() == Stage::Start {
                    "at the start of your turn"
                } else {
                    "after your push"
                };
                let standing = row.set.is_subset(position.gipf_pieces());
                lines.push(format!(
                    "{}, your row {row} ({}) is removed {when}. Its basic pieces go; its GIPF-pieces {} are your choice{}.",
                    player.mention(),
                    self.row_contents(position, row.set),
                    spots(gipf),
                    if standing { " (it is all GIPF-pieces, so it may stay as it is)" } else { "" }
                ));
                let first = gipf
                    .iter()
                    .next()
                    .map(|p| p.to_string())
                    .unwrap_or_default();
                lines.push(format!("Answer `{prefix}take {first}` (the ones to take), `{prefix}take all` or `{prefix}keep all`."));
                player
            }
        };
        Ok(Reply {
            text: lines.join("\n"),
            mentions: vec![ping],
            board: Some(self.picture(game, None)?),
            buttons: question_buttons(game),
            ..Reply::default()
        })
    }

    fn row_contents(&self, position: &Position, set: Bitboard) -> String {
        set.iter()
            .filter_map(|p| {
                position
                    .piece_at(p)
                    .map(|piece| format!("{p} {}", piece.char()))
            })
            .collect::<Vec<_>>()
            .join(", ")
    }
}
