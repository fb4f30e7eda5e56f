//! `challenge`, `accept`, `decline`, `cancel`.

use gipf::{Color, Variant};

use super::{LiveGame, Message, Service};
use crate::command::ColorChoice;
use crate::reply::{Button, Reply, Stamp, UserId};
use crate::store::Challenge;

impl Service {
    pub(super) fn challenge(
        &self,
        message: &Message,
        opponent: UserId,
        variant: Variant,
        color: ColorChoice,
    ) -> anyhow::Result<Vec<Reply>> {
        let me = message.author.id;
        let prefix = &self.config.prefix;
        if opponent == me {
            return Ok(vec![Reply::private(
                "You cannot challenge yourself: mention another player.",
            )]);
        }
        // The adapters list the people a message mentions; bots are left out.
        if !message.mentions.iter().any(|u| u.id == opponent) {
            return Ok(vec![Reply::private(
                "I can only set up a game with a person who can read this channel, not with a bot: mention another player.",
            )]);
        }
        if self.store.game_in(message.channel, false)?.is_some() {
            return Ok(vec![Reply::private(format!(
                "A game is already being played in this channel: one game per channel. \
                 Play in another channel, or wait until this one ends (`{prefix}board` shows it)."
            ))]);
        }
        if let Some(open) = self.store.challenge(message.channel)? {
            return Ok(vec![Reply::private(format!(
                "{} already challenged {} here; that challenge must be accepted, declined or cancelled first.",
                self.name(open.challenger)?,
                self.name(open.challenged)?
            ))]);
        }
        let ttl = self.config.challenge_ttl.as_secs() as i64;
        let created = self.store.create_challenge(
            message.guild,
            message.channel,
            me,
            opponent,
            &variant.to_string(),
            color.name(),
            ttl,
        )?;
        let Some(id) = created else {
            return Ok(vec![Reply::private(
                "Someone else challenged here just now; that challenge must be answered first.",
            )]);
        };
        let colour = match color {
            ColorChoice::Random => "colours drawn at random".to_string(),
            c => format!("{} plays {}", self.name(me)?, c.name()),
        };
        let hours = (ttl + 3599) / 3600;
        let text = format!(
            "{}, {} challenges you to a game of {variant} GIPF ({colour}). \
             Answer `{prefix}accept` or `{prefix}decline` within {hours} h.",
            opponent.mention(),
            self.name(me)?,
        );
        let buttons = vec![
            Button {
                label: "Accept".into(),
                command: "accept".into(),
                stamp: Stamp::Challenge { id },
            },
            Button {
                label: "Decline".into(),
                command: "decline".into(),
                stamp: Stamp::Challenge { id },
            },
        ];
        Ok(vec![Reply {
            text,
            mentions: vec![opponent],
            buttons,
            ..Reply::default()
        }])
    }

    /// The channel's open challenge, or the reply that says there is none (or that the
    /// button clicked was made for another one).
    fn open_challenge(&self, message: &Message) -> anyhow::Result<Result<Challenge, Reply>> {
        let prefix = &self.config.prefix;
        let open = self.store.challenge(message.channel)?;
        let clicked = match message.stamp {
            Some(Stamp::Challenge { id }) => Some(id),
            _ => None,
        };
        Ok(match open {
            Some(challenge) if clicked.is_none_or(|id| id == challenge.id) => Ok(challenge),
            _ if clicked.is_some() => Err(Reply::private(
                "That challenge was answered, withdrawn or has lapsed: this button no longer does anything.",
            )),
            _ => Err(Reply::private(format!(
                "There is no open challenge here (a challenge lapses after {} h). Start one with `{prefix}challenge @someone`.",
                self.config.challenge_ttl.as_secs().div_ceil(3600)
            ))),
        })
    }

    pub(super) fn accept(&self, message: &Message) -> anyhow::Result<Vec<Reply>> {
        let challenge = match self.open_challenge(message)? {
            Ok(challenge) => challenge,
            Err(reply) => return Ok(vec![reply]),
        };
        if challenge.challenged != message.author.id {
            return Ok(vec![Reply::private(format!(
                "Only {} can accept this challenge.",
                self.name(challenge.challenged)?
            ))]);
        }
        let challenger_white = match ColorChoice::from_name(&challenge.color) {
            Some(ColorChoice::White) => true,
            Some(ColorChoice::Black) => false,
            _ => rand::random::<bool>(),
        };
        let (white, black) = if challenger_white {
            (challenge.challenger, challenge.challenged)
        } else {
            (challenge.challenged, challenge.challenger)
        };
        let started = self.store.start_game(
            message.guild,
            message.channel,
            challenge.id,
            &challenge.variant,
            white,
            black,
        );
        let Some(_) = started? else {
            return Ok(vec![self.answered_just_now()]);
        };
        let game = self
            .live_game(message.channel, false)?
            .ok_or_else(|| anyhow::anyhow!("new game vanished"))?;
        Ok(vec![self.game_started(&game)?])
    }

    fn answered_just_now(&self) -> Reply {
        Reply::private("That challenge was just answered or withdrawn; nothing was changed.")
    }

    fn game_started(&self, game: &LiveGame) -> anyhow::Result<Reply> {
        let white = game.player(Color::White);
        let text = format!(
            "Game on: {} GIPF. White: {}, Black: {}.\n{}, you move first: {}",
            game.stored.variant,
            self.name(white)?,
            self.name(game.player(Color::Black))?,
            white.mention(),
            self.how_to_push(game),
        );
        Ok(Reply {
            text,
            mentions: vec![white],
            board: Some(self.picture(game, None)?),
            ..Reply::default()
        })
    }

    pub(super) fn decline(&self, message: &Message) -> anyhow::Result<Vec<Reply>> {
        self.close_challenge(message, false)
    }

    pub(super) fn cancel(&self, message: &Message) -> anyhow::Result<Vec<Reply>> {
        self.close_challenge(message, true)
    }

    /// Ends the open challenge: declined by the challenged user, or withdrawn
    /// (`by_challenger`) by the one who made it.
    fn close_challenge(
        &self,
        message: &Message,
        by_challenger: bool,
    ) -> anyhow::Result<Vec<Reply>> {
        let challenge = match self.open_challenge(message)? {
            Ok(challenge) => challenge,
            Err(reply) => return Ok(vec![reply]),
        };
        let (allowed, other, verb, other_verb) = if by_challenger {
            (
                challenge.challenger,
                challenge.challenged,
                "cancel",
                "decline",
            )
        } else {
            (
                challenge.challenged,
                challenge.challenger,
                "decline",
                "cancel",
            )
        };
        if allowed != message.author.id {
            let hint = if other == message.author.id {
                format!(" (you can `{other_verb}` it)")
            } else {
                String::new()
            };
            return Ok(vec![Reply::private(format!(
                "Only {} can {verb} this challenge{hint}.",
                self.name(allowed)?
            ))]);
        }
        if !self.store.delete_challenge(challenge.id)? {
            return Ok(vec![self.answered_just_now()]);
        }
        let text = if by_challenger {
            format!("{} withdrew the challenge.", self.name(allowed)?)
        } else {
            format!(
                "{} declined the challenge of {}.",
                self.name(allowed)?,
                self.name(other)?
            )
        };
        Ok(vec![Reply::text(text)])
    }
}
