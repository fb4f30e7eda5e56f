//! The channel's game, read once per message: ended first if it was left idle too long, a
//! damaged one refused with what to do about it, and what a message hears where no game is
//! on.

use gipf::Color;

use super::{Failure, GameState, LiveGame, Message, Service};
use crate::defaults::{DAY, DAY_SECONDS};
use crate::model::{ChannelId, GameStatus, GuildId};
use crate::service::hands::{Ledger, Office};
use crate::service::voice::Voice;
use crate::store::{Damaged, Kind, Progress, StoredGame};
use crate::text;
use crate::text::Text;

impl Office {
    /// No game is being played here: said with the one that ended here in the last day, if
    /// one did (a late move should learn who won, not only that nothing is on).
    pub(super) fn no_game_here(&self, message: &Message) -> Failure {
        let say = self.phrasing(message);
        let start = format!("Start one with {}.", say.cmd("challenge @someone"));
        let ended = match self.store.game_in(message.channel, true) {
            Ok(Some(stored)) if stored.status != GameStatus::Active => Some(stored),
            _ => None,
        };
        let recent = ended.filter(|g| self.config.clock.now() - g.updated_at < DAY);
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

impl Service {
    /// The active game of a channel (or, with `include_finished`, the latest one).
    pub fn game_state(
        &self,
        channel: ChannelId,
        include_finished: bool,
    ) -> anyhow::Result<Option<GameState>> {
        let game = match self.live_game(channel, include_finished) {
            Ok(game) => game,
            Err(Failure::Damaged(damaged)) => return Err(damaged.into()),
            Err(Failure::Internal(e)) => return Err(e),
            Err(Failure::Refused(text)) => anyhow::bail!("{text:?}"),
        };
        Ok(game.map(GameState::of))
    }
}

impl Office {
    /// Whether nobody moved in an active game for longer than its server (or the bot)
    /// allows. The server's settings are read only for a game idle a day at least, the least
    /// any server may set, so that a busy game costs no extra query.
    pub(super) fn abandoned(
        &self,
        guild: Option<GuildId>,
        updated_at: i64,
    ) -> anyhow::Result<bool> {
        let idle = u64::try_from(self.config.clock.now() - updated_at).unwrap_or(0);
        if idle < DAY_SECONDS && self.config.abandon_after.as_secs() >= DAY_SECONDS {
            return Ok(false);
        }
        let settings = guild
            .map(|guild| self.store.guild_settings(guild))
            .transpose()?;
        Ok(idle >= self.abandon_days(settings) * DAY_SECONDS)
    }
}

impl Ledger {
    /// The channel's active game (or, with `include_finished`, its latest), ended first if
    /// it was left idle too long. A game that cannot be read is [`Failure::Damaged`].
    pub(super) fn live_game(
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
                Some(saved) => stored = saved,
                // Someone moved just now after all.
                None => return self.live_game(channel, include_finished),
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
    ) -> anyhow::Result<Option<StoredGame>> {
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
    pub(super) fn damaged_here(
        &self,
        damaged: Damaged,
        channel: ChannelId,
        include_finished: bool,
    ) -> Result<Option<LiveGame>, Failure> {
        let active = damaged.status == GameStatus::Active;
        if active && self.abandoned(damaged.guild, damaged.updated_at)? {
            if self
                .store
                .end_damaged(&damaged, GameStatus::Abandoned, None, None)?
            {
                tracing::info!(game = %damaged.id, channel = channel.0, "damaged game abandoned");
            }
            return self.live_game(channel, include_finished);
        }
        Err(Failure::Damaged(damaged))
    }
}

impl Voice {
    /// What to tell whoever acts in the channel of a damaged game.
    pub(super) fn damage_text(&self, damaged: &Damaged, message: &Message) -> Text {
        let said = damaged.to_string();
        let mut text = text![format!("G{}", &said[1..])];
        text.push(match damaged.status {
            GameStatus::Active => format!(
                ", so it cannot go on. Either player or a moderator can end it without a result with {}; the channel is then free for a new game.",
                self.phrasing(message).cmd("abort")
            ),
            GameStatus::Abandoned => {
                ". It ended as abandoned: nobody moved in it for too long.".into()
            }
            GameStatus::Aborted => ". It was ended without a result.".into(),
            GameStatus::Won(_) => ". It is over.".into(),
        });
        text
    }
}
