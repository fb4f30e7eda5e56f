//! The games part: a channel's game read once per message (ended first if it was left idle
//! too long, a damaged one refused with what to do about it), every change saved in one
//! version-checked transaction, and each game's end published as an [`Ended`] for the one
//! place that reacts to it (`ends.rs`).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use gipf::{ByColor, Color};

use super::{Failure, LiveGame, Message};
use crate::command::Phrasing;
use crate::defaults::{DAY, DAY_SECONDS};
use crate::model::{
    ChannelId, Clock, GameId, GameStatus, GuildId, GuildSettings, OutboxId, UserId,
};
use crate::store::{Damaged, Kind, Progress, Saved, Store, StoredGame};
use crate::text;
use crate::text::Text;

/// A game that just ended, however it ended: what the rest of the service hears of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ended {
    /// The game.
    pub game: GameId,
    /// Its players.
    pub players: ByColor<UserId>,
    /// Its channel.
    pub channel: ChannelId,
    /// Its server, if any.
    pub guild: Option<GuildId>,
    /// Whether it can be read (a damaged game, ended unread, cannot).
    pub readable: bool,
}

/// The games: read, saved, abandoned, and their ends told.
pub(crate) struct Games {
    store: Arc<Store>,
    clock: Clock,
    /// How long a game may go without a move, where its server says nothing.
    abandon_after: Duration,
    /// The games ended since the service last looked ([`Games::ended`]).
    ends: Mutex<Vec<Ended>>,
}

impl Games {
    /// The games of `store`, on `clock`, abandoned after `abandon_after` where a server sets
    /// nothing else.
    pub(super) fn new(store: Arc<Store>, clock: Clock, abandon_after: Duration) -> Games {
        Games {
            store,
            clock,
            abandon_after,
            ends: Mutex::default(),
        }
    }

    /// The games ended since the last call, each once.
    pub(super) fn ended(&self) -> Vec<Ended> {
        self.ends
            .lock()
            .map(|mut ends| std::mem::take(&mut *ends))
            .unwrap_or_default()
    }

    /// Tells that a game ended.
    fn publish(&self, end: Ended) {
        if let Ok(mut ends) = self.ends.lock() {
            ends.push(end);
        }
    }

    /// Saves a game's progress (see [`Store::save`]); a game that ends is told
    /// ([`Games::ended`]).
    pub(super) fn save(
        &self,
        game: &StoredGame,
        progress: Progress,
    ) -> anyhow::Result<Option<Saved>> {
        let turns = progress.turns.len();
        let saved = self.store.save(game, progress)?;
        if saved.is_some() {
            crate::telemetry::turns_stored(turns);
        }
        if saved
            .as_ref()
            .is_some_and(|s| s.game.status != GameStatus::Active)
        {
            self.publish(Ended {
                game: game.id,
                players: game.players,
                channel: game.channel,
                guild: game.guild,
                readable: true,
            });
        }
        Ok(saved)
    }

    /// Ends a damaged active game without a result, without reading it (see
    /// [`Store::end_damaged`]): the messages it owes, `None` if it changed meanwhile. Its
    /// end is told.
    pub(super) fn end_damaged(
        &self,
        damaged: &Damaged,
        status: GameStatus,
        ended_by: Option<UserId>,
        announced: Option<Kind>,
    ) -> anyhow::Result<Option<Vec<OutboxId>>> {
        let ended = (self.store).end_damaged(damaged, status, ended_by, announced)?;
        if ended.is_some() {
            self.publish(Ended {
                game: damaged.id,
                players: damaged.players,
                channel: damaged.channel,
                guild: damaged.guild,
                readable: false,
            });
        }
        Ok(ended)
    }

    /// The channel's active game (or, with `include_finished`, its latest), ended first if
    /// it was left idle too long. A game that cannot be read is [`Failure::Damaged`].
    pub(super) fn in_channel(
        &self,
        channel: ChannelId,
        include_finished: bool,
    ) -> Result<Option<LiveGame>, Failure> {
        let mut stored = match self.store.game_in(channel, include_finished) {
            Ok(Some(stored)) => stored,
            Ok(None) => return Ok(None),
            Err(e) => match Failure::from(e) {
                Failure::Damaged(damaged) => {
                    return self.damaged_here(damaged, channel, include_finished);
                }
                other => return Err(other),
            },
        };
        if stored.status == GameStatus::Active && self.abandoned(stored.guild, stored.updated_at)? {
            match self.abandon(&stored, None)? {
                Some(saved) => stored = saved.game,
                // Someone moved just now after all.
                None => return self.in_channel(channel, include_finished),
            }
            if !include_finished {
                return Ok(None);
            }
        }
        match LiveGame::load(stored) {
            Ok(game) => Ok(Some(game)),
            Err(damaged) => self.damaged_here(damaged, channel, include_finished),
        }
    }

    /// Ends a game nobody moved in for too long, freeing its channel: the game as saved, or
    /// `None` if someone moved meanwhile.
    /// `announced` is the message the change is owed ([`Kind::Abandoned`] where the watch
    /// tells the players; none where a command finds the game idle and starts afresh).
    pub(super) fn abandon(
        &self,
        stored: &StoredGame,
        announced: Option<Kind>,
    ) -> anyhow::Result<Option<Saved>> {
        let progress = Progress {
            announced,
            ..Progress::to(GameStatus::Abandoned, stored.partial.clone())
        };
        let saved = self.save(stored, progress)?;
        if saved.is_some() {
            tracing::info!(game = %stored.id, channel = stored.channel.0, "game abandoned");
        }
        Ok(saved)
    }

    /// A damaged game found in `channel`: abandoned like any other game left idle too long
    /// (without reading it), else refused with what to do about it.
    fn damaged_here(
        &self,
        damaged: Damaged,
        channel: ChannelId,
        include_finished: bool,
    ) -> Result<Option<LiveGame>, Failure> {
        let active = damaged.status == GameStatus::Active;
        if active && self.abandoned(damaged.guild, damaged.updated_at)? {
            if (self.end_damaged(&damaged, GameStatus::Abandoned, None, None)?).is_some() {
                tracing::info!(game = %damaged.id, channel = channel.0, "damaged game abandoned");
            }
            return self.in_channel(channel, include_finished);
        }
        Err(Failure::Damaged(damaged))
    }

    /// Whether nobody moved in an active game for longer than its server (or the bot)
    /// allows. The server's settings are read only for a game idle a day at least, the least
    /// any server may set, so that a busy game costs no extra query.
    pub(super) fn abandoned(
        &self,
        guild: Option<GuildId>,
        updated_at: i64,
    ) -> anyhow::Result<bool> {
        let idle = u64::try_from(self.clock.now() - updated_at).unwrap_or(0);
        if idle < DAY_SECONDS && self.abandon_after.as_secs() >= DAY_SECONDS {
            return Ok(false);
        }
        let settings = guild
            .map(|guild| self.store.guild_settings(guild))
            .transpose()?;
        Ok(idle >= self.abandon_days(settings) * DAY_SECONDS)
    }

    /// Days without a move before a game ends as abandoned, by the server's settings or
    /// the bot's own.
    pub(super) fn abandon_days(&self, settings: Option<GuildSettings>) -> u64 {
        settings
            .and_then(|s| s.abandon_days)
            .map_or(self.abandon_after.as_secs() / DAY_SECONDS, u64::from)
    }

    /// No game is being played here: said with the one that ended here in the last day, if
    /// one did (a late move should learn who won, not only that nothing is on).
    pub(super) fn no_game_here(&self, message: &Message, say: &Phrasing) -> Failure {
        let start = format!("Start one with {}.", say.cmd("challenge @someone"));
        let ended = match self.store.game_in(message.channel, true) {
            Ok(Some(stored)) if stored.status != GameStatus::Active => Some(stored),
            _ => None,
        };
        let recent = ended.filter(|g| self.clock.now() - g.updated_at < DAY);
        let Some(game) = recent.and_then(|stored| LiveGame::load(stored).ok()) else {
            return Failure::Refused(Text::from(format!(
                "There is no game in this channel. {start}"
            )));
        };
        let how = match (game.stored.status, game.outcome()) {
            (GameStatus::Aborted, _) => "was ended without a result".to_string(),
            (GameStatus::Abandoned, _) => "was abandoned: nobody moved for too long".to_string(),
            (_, Some(outcome)) if game.stored.forfeited.is_some() => {
                format!("is over: {} won on time", outcome.winner)
            }
            (_, Some(outcome)) => format!("is over ({outcome})"),
            (_, None) => "is over".to_string(),
        };
        let mut text = text![format!("Game {} here {how}. ", game.stored.id)];
        text.push(game.name(Color::White))
            .push(" played white, ")
            .push(game.name(Color::Black))
            .push(format!(
                " black. Either may ask for a {}; anyone may {}",
                say.cmd("rematch"),
                start.replacen("Start one", "start a new game", 1)
            ));
        Failure::Refused(text)
    }
}
