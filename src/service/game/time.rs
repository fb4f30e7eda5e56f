//! Time per move: the loss on time (which `claim`, in `game/mod.rs`, asks for), and what a
//! deadline calls for when the watch (`service/watch.rs`) finds it due: a reminder when a quarter of
//! the time is left, at most a day; then the news that time is up, or the end of the game
//! when the challenge said `autoforfeit`; and `givetime`, the fresh time the waiting player
//! may give (a button under both warnings).

use gipf::Color;

use crate::command::GameCommand;
use crate::model::{Clock, GameStatus, TimeControl};
use crate::reply::{Button, Reply, Stamp};
use crate::service::games::Games;
use crate::service::names::{mention, mention_player, name};
use crate::service::picture::Pictures;
use crate::service::play::seat::players_game;
use crate::service::voice::Voice;
use crate::service::words::moved_on;
use crate::service::{Handled, LiveGame, Message, refuse};
use crate::store::{Kind, MoreTime, Progress, Store};
use crate::text;
use crate::text::Span;

/// `3 days per move`, `1 day per move`.
pub(in crate::service) fn per_move(days: u8) -> String {
    format!("{} per move", text::count(days, "day"))
}

/// `, 3 days per move` (and `, lost when time runs out`), for a challenge.
pub(in crate::service) fn describe(time: Option<TimeControl>) -> String {
    match time {
        Some(TimeControl {
            days,
            autoforfeit: true,
        }) => format!(", {}, lost when time runs out", per_move(days)),
        Some(TimeControl { days, .. }) => format!(", {}", per_move(days)),
        None => String::new(),
    }
}

/// What the deadlines touch: the games, the store (how far its warnings went), the bot's
/// voice, the pictures and the clock.
pub(in crate::service) struct Deadlines<'a> {
    pub games: &'a Games,
    pub store: &'a Store,
    pub voice: &'a Voice,
    pub pictures: &'a Pictures,
    pub clock: &'a Clock,
}

impl Deadlines<'_> {
    /// Ends `game` with a loss on time for `loser`; `None` if the game moved on meanwhile.
    pub(in crate::service) fn forfeit(
        &self,
        game: &LiveGame,
        loser: Color,
    ) -> anyhow::Result<Option<Reply>> {
        let progress = Progress {
            forfeited: Some(loser),
            announced: Some(Kind::Forfeit),
            ..Progress::to(GameStatus::Won(!loser), game.stored.partial.clone())
        };
        let Some(saved) = self.games.save(&game.stored, progress)? else {
            return Ok(None);
        };
        let after = LiveGame::changed(saved.game, game.game.clone(), game.last_turn.clone());
        let reply = self.forfeit_reply(after, loser)?;
        Ok(Some(Reply {
            owed: saved.owed,
            ..reply
        }))
    }

    /// The news that `loser` lost `after` on time, with its board.
    pub(in crate::service) fn forfeit_reply(
        &self,
        mut after: LiveGame,
        loser: Color,
    ) -> anyhow::Result<Reply> {
        let _ = after.resign(loser);
        let plies = after.plies();
        // Both are told: the loser may not be watching the channel.
        let mut text = text![
            mention_player(self.voice, &after, loser),
            format!(" ({loser}) ran out of time. "),
            mention_player(self.voice, &after, !loser),
            format!(", you win the game on time ({plies} plies). Well played!")
        ];
        if let Some(counts) = crate::service::event_count::event_count(self.store, &after, !loser)?
        {
            text.append(counts);
        }
        Ok(Reply {
            board: Some(self.pictures.of(&after, None)?),
            buttons: crate::service::play::prompt::rematch_buttons(&after),
            ..Reply::public(text)
        })
    }

    /// The reminder, the news that time is up, or the end of the game on time.
    pub(in crate::service) fn deadline_reply(
        &self,
        game: &LiveGame,
    ) -> anyhow::Result<Option<Reply>> {
        let (Some(time), Some(deadline)) = (game.stored.time, game.stored.deadline) else {
            return Ok(None);
        };
        let (warned, kind) = match self.clock.now() < deadline {
            true => (1, Kind::Reminder),
            false if time.autoforfeit => return self.forfeit(game, game.to_move()),
            false => (2, Kind::TimeUp),
        };
        let owed = self.store.mark_warned(&game.stored, warned, kind)?;
        let warning = self.warning(game, kind)?;
        Ok(warning.map(|reply| Reply {
            owed: vec![owed],
            ..reply
        }))
    }

    /// The warning `kind` about the deadline of `game`: a reminder to the player to move,
    /// or the news that his time is up. `None` for a game without a deadline or another kind.
    pub(in crate::service) fn warning(
        &self,
        game: &LiveGame,
        kind: Kind,
    ) -> anyhow::Result<Option<Reply>> {
        let (Some(time), Some(deadline)) = (game.stored.time, game.stored.deadline) else {
            return Ok(None);
        };
        let to_move = game.to_move();
        let player = game.player(to_move);
        let text = match kind {
            Kind::Reminder => text![
                mention(self.store, self.voice, player)?,
                format!(", a reminder: your move ({to_move}) in this game is due by "),
                Span::Time(deadline),
                format!(" ({}).", per_move(time.days))
            ],
            Kind::TimeUp => text![
                name(self.store, player)?,
                format!(" ({to_move}) is out of time. "),
                mention_player(self.voice, game, !to_move),
                format!(
                    ", you may claim the win with {}, give him more time with {}, or play on.",
                    self.voice.notice_phrasing().cmd("claim"),
                    self.voice.notice_phrasing().cmd("givetime")
                )
            ],
            _ => return Ok(None),
        };
        Ok(Some(Reply {
            buttons: give_time_button(self.voice, game),
            ..Reply::public(text)
        }))
    }

    /// `givetime`: the player waiting gives the one to move a fresh full time per move.
    pub(in crate::service) fn give_time(&self, message: &Message) -> Handled {
        let (game, color) = players_game(self.games, self.voice, message, |_| {
            "You are not playing in this game, so you cannot give anyone more time.".into()
        })?;
        if game.outcome().is_some() {
            return refuse("This game is over: there is no clock to give time on.");
        }
        let Some(time) = game.stored.time else {
            return refuse("This game has no time per move, so there is no time to give.");
        };
        let to_move = game.to_move();
        if color == to_move || game.player(to_move) == game.player(!to_move) {
            return refuse(
                "It is your move: you can give more time only to your opponent, while his clock runs.",
            );
        }
        let deadline = match self.store.give_time(&game.stored)? {
            MoreTime::Given(deadline) => deadline,
            MoreTime::Forbidden => {
                return refuse(
                    "This game's event was made with `givetime=off`: its players keep the time they have.",
                );
            }
            MoreTime::MovedOn => return Err(moved_on(&self.voice.phrasing(message))),
        };
        Ok(Reply::public(text![
            mention_player(self.voice, &game, to_move),
            ", ",
            game.name(color),
            format!(
                " gives you more time: a fresh {}. Your move is now due by ",
                per_move(time.days)
            ),
            Span::Time(deadline),
            "."
        ]))
    }
}

/// The button under a warning that gives the player to move a fresh time: for his
/// opponent to click, unless that is the bot.
fn give_time_button(voice: &Voice, game: &LiveGame) -> Vec<Button> {
    let to_move = game.to_move();
    if voice.is_me(game.player(!to_move)) {
        return Vec::new();
    }
    vec![Button {
        label: format!("Give {} more time", game.stored.names[to_move]),
        command: GameCommand::GiveTime.into(),
        stamp: Stamp::Game {
            id: game.stored.id,
            version: game.stored.version,
        },
    }]
}
