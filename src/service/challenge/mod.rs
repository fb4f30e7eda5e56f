//! `challenge`, `accept`, `decline`, `cancel`, `rematch`.

pub(super) mod level;

use crate::service::config::Config;
use crate::service::engine::Engine;
use crate::service::engine_player::game_on as engine_game_on;
use crate::service::games::Games;
use crate::service::limits::Limits;
use crate::service::names::{
    between_players, mention, mention_player, name, plain_name, remember_users,
};
use crate::service::picture::Pictures;
use crate::service::play::prompt::{first_move, position_reply};
use crate::service::voice::Voice;
use gipf::{ByColor, Color};

use super::game::time;
use super::{Failure, Handled, Limited, LiveGame, Message, Run, User, Via, refuse};
use crate::command::{ChallengeCommand, Phrasing};
use crate::model::{
    ChallengeId, ColorChoice, GameSpec, GameStatus, GuildSettings, TimeControl, UserId,
};
use crate::reply::{Button, IfRefused, NewThread, Reply, Stamp};
use crate::reply::{FollowUp, HeldGame};
use crate::store::Store;
use crate::store::{Challenge, ChallengeTerms};
use crate::text;
use crate::text::Span;
use crate::text::Text;
use level::default_level;

/// What a challenge proposes besides whom: which game, whose colour, what time per move,
/// and whether its game gets a thread of its own.
pub(super) struct Proposal {
    pub spec: GameSpec,
    pub color: ColorChoice,
    pub time: Option<TimeControl>,
    pub thread: bool,
    pub hints: bool,
}

/// What the challenges touch: the games, the store, the bot's voice, the pictures, the
/// engine (a challenge to it is refused when it has too much to think about), the limits (a
/// challenger pings the same person now and then) and the settings (a challenge's life).
pub(in crate::service) struct Hands<'a> {
    pub games: &'a Games,
    pub store: &'a Store,
    pub voice: &'a Voice,
    pub pictures: &'a Pictures,
    pub engine: &'a Engine,
    pub limits: &'a Limits,
    pub config: &'a Config,
}

impl Run for ChallengeCommand {
    type Hands<'a> = Hands<'a>;

    fn run(self, keeper: &Hands<'_>, message: &Message) -> Handled {
        match self {
            ChallengeCommand::Challenge {
                opponent,
                variant,
                color,
                time,
                thread,
                level,
                hints,
                potentials,
            } => {
                let proposal = Proposal {
                    spec: GameSpec::new(variant, potentials),
                    color,
                    time,
                    thread,
                    hints,
                };
                keeper.challenge(message, opponent, proposal, level)
            }
            ChallengeCommand::Accept => keeper.accept(message),
            ChallengeCommand::Decline => keeper.close_challenge(message, false),
            ChallengeCommand::Cancel => keeper.close_challenge(message, true),
            ChallengeCommand::Rematch => keeper.rematch(message),
        }
    }
}

impl Hands<'_> {
    /// A challenge to `opponent` (none: a seek, open to anyone here) on these terms (the
    /// server's settings fill in a time per move and a thread where the challenge sets none).
    fn challenge(
        &self,
        message: &Message,
        opponent: Option<UserId>,
        proposal: Proposal,
        level: Option<gipf_ai::Level>,
    ) -> Handled {
        if opponent.is_some_and(|opponent| self.voice.is_me(opponent)) {
            return self.challenge_engine(message, proposal, level);
        }
        if level.is_some() {
            return refuse(
                "A level (`beginner`, `easy`, `medium`, `hard`) is for a game against me: mention me instead of a person.",
            );
        }
        match opponent {
            Some(opponent) => self.may_challenge(message, opponent)?,
            None => self.may_start_here(message)?,
        }
        remember_users(self.store, message)?;
        let terms = self.terms(message, opponent, proposal)?;
        let Some((id, owed)) = self
            .store
            .create_challenge(&terms, self.config.challenge_ttl)?
        else {
            return refuse(
                "Someone else challenged here just now; that challenge must be answered first.",
            );
        };
        let reply = self.challenge_reply(id, &terms, &self.voice.phrasing(message))?;
        Ok(Reply {
            owed: vec![owed],
            ..reply
        })
    }

    /// The notice of challenge `id` on `terms`, with its buttons.
    pub(in crate::service) fn challenge_reply(
        &self,
        id: ChallengeId,
        terms: &ChallengeTerms,
        say: &Phrasing,
    ) -> anyhow::Result<Reply> {
        let button = |label: &str, command| Button {
            label: label.into(),
            command,
            stamp: Stamp::Challenge { id },
        };
        let mut buttons = vec![button("Accept", ChallengeCommand::Accept.into())];
        if terms.challenged.is_some() {
            buttons.push(button("Decline", ChallengeCommand::Decline.into()));
        }
        Ok(Reply {
            buttons,
            ..Reply::public(self.challenge_text(terms, say)?)
        })
    }

    /// The terms of a challenge: what it proposes, and the server's defaults for the rest.
    pub(super) fn terms(
        &self,
        message: &Message,
        opponent: Option<UserId>,
        proposal: Proposal,
    ) -> anyhow::Result<ChallengeTerms> {
        let settings = match message.guild {
            Some(guild) => self.store.guild_settings(guild)?,
            None => GuildSettings::default(),
        };
        let default_time = settings.move_days.map(|days| TimeControl {
            days,
            autoforfeit: false,
        });
        Ok(ChallengeTerms {
            guild: message.guild,
            channel: message.channel,
            challenger: message.author.id,
            challenged: opponent,
            spec: proposal.spec,
            color: proposal.color,
            time: proposal.time.or(default_time),
            // Threads exist in servers only.
            thread: message.guild.is_some() && (proposal.thread || settings.threads),
            hints: proposal.hints,
        })
    }

    /// `@bob, alice challenges you to a game of standard GIPF (...). Answer ...`, or for a
    /// seek `alice seeks a game of standard GIPF (...): anyone here may accept ...`.
    fn challenge_text(&self, terms: &ChallengeTerms, say: &Phrasing) -> anyhow::Result<Text> {
        let me = terms.challenger;
        let colours = match terms.color {
            ColorChoice::Random => text!["colours drawn at random"],
            chosen => text![name(self.store, me)?, format!(" plays {chosen}")],
        };
        let Some(opponent) = terms.challenged else {
            let mut text = text![name(self.store, me)?];
            text.push(format!(" seeks a game of {} (", terms.spec.title()))
                .append(colours)
                .push(terms_line(terms))
                .push(format!(
                    "): anyone here but {} may take it with {} within {} h; {} withdraws it.",
                    plain_name(self.store, me)?,
                    say.cmd("accept"),
                    self.ttl_hours(),
                    say.cmd("cancel")
                ));
            text.push(potentials_line(terms));
            return Ok(text);
        };
        // A challenger who challenges again and again pings the same person only now and then.
        let ping = Limited::ChallengePing(me, opponent);
        let whom = if self.limits.allow(ping, self.config.challenge_ping_every) {
            mention(self.store, self.voice, opponent)?
        } else {
            name(self.store, opponent)?
        };
        let mut text = text![whom, ", ", name(self.store, me)?];
        text.push(format!(
            " challenges you to a game of {} (",
            terms.spec.title()
        ))
        .append(colours)
        .push(terms_line(terms))
        .push(format!(
            "). Answer {} or {} within {} h.",
            say.cmd("accept"),
            say.cmd("decline"),
            self.ttl_hours()
        ));
        text.push(potentials_line(terms));
        Ok(text)
    }

    /// Refuses a challenge to oneself, to a bot, or where a game or challenge is on.
    fn may_challenge(&self, message: &Message, opponent: UserId) -> Result<(), Failure> {
        if opponent == message.author.id {
            return refuse("You cannot challenge yourself: mention another player.");
        }
        // The adapters list the people a message mentions; bots are left out.
        if !message.mentions.iter().any(|u| u.id == opponent) {
            return refuse(
                "I can only set up a game with a person who can read this channel, not with another bot: mention another player (or me, to play against me).",
            );
        }
        self.may_start_here(message)
    }

    /// Refuses to start anything where a game or a challenge is on.
    pub(super) fn may_start_here(&self, message: &Message) -> Result<(), Failure> {
        // Through the rules, so that a game left idle too long is abandoned first and one
        // that cannot be read says so.
        if self.games.in_channel(message.channel, false)?.is_some() {
            return refuse(format!(
                "A game is already being played in this channel: one game per channel. \
                 Play in another channel, or wait until this one ends ({} shows it).",
                self.voice.phrasing(message).cmd("board")
            ));
        }
        if let Some(open) = self.store.challenge(message.channel)? {
            let challenger = name(self.store, open.terms.challenger)?;
            return refuse(match open.terms.challenged {
                Some(challenged) => text![
                    challenger,
                    " already challenged ",
                    name(self.store, challenged)?,
                    " here; that challenge must be accepted, declined or cancelled first."
                ],
                None => text![
                    challenger,
                    format!(
                        " already seeks a game here: accept it with {}, or wait until it is withdrawn.",
                        self.voice.phrasing(message).cmd("accept")
                    )
                ],
            });
        }
        Ok(())
    }

    /// How many hours a challenge stays open, rounded up.
    fn ttl_hours(&self) -> u64 {
        self.config
            .challenge_ttl
            .as_secs()
            .div_ceil(crate::defaults::HOUR_SECONDS)
    }

    /// The channel's open challenge, unless there is none or the button clicked was made
    /// for another one.
    fn open_challenge(&self, message: &Message) -> Result<Challenge, Failure> {
        let open = self.store.challenge(message.channel)?;
        let clicked = match message.stamp {
            Some(Stamp::Challenge { id }) => Some(id),
            _ => None,
        };
        match open {
            Some(challenge) if clicked.is_none_or(|id| id == challenge.id) => Ok(challenge),
            _ if clicked.is_some() => refuse(
                "That challenge was answered, withdrawn or has lapsed: this button no longer does anything.",
            ),
            _ => refuse(format!(
                "There is no open challenge here (a challenge lapses after {} h). Start one with {}.",
                self.ttl_hours(),
                self.voice.phrasing(message).cmd("challenge @someone")
            )),
        }
    }

    fn accept(&self, message: &Message) -> Handled {
        let challenge = match self.open_challenge(message) {
            Ok(challenge) => challenge,
            Err(refused) => return self.accepted_already(message).unwrap_or(Err(refused)),
        };
        let terms = &challenge.terms;
        let author = message.author.id;
        let opponent = match terms.challenged {
            Some(challenged) if challenged != author => {
                return refuse(text![
                    "Only ",
                    name(self.store, challenged)?,
                    " can accept this challenge."
                ]);
            }
            Some(challenged) => challenged,
            None if terms.challenger == author => {
                return refuse(format!(
                    "This is your own seek: someone else here accepts it. Withdraw it with {}.",
                    self.voice.phrasing(message).cmd("cancel")
                ));
            }
            None => author,
        };
        remember_users(self.store, message)?;
        let mut players = ByColor::splat(opponent);
        players[terms.color.challenger_color(rand::random::<bool>)] = terms.challenger;
        let Some(started) = self
            .store
            .start_game(&challenge, players, message.site.as_deref())?
        else {
            // Accepted a moment ago by another click (another process of the bot, on one
            // database): that game, as a second accept shows it.
            return self
                .accepted_already(message)
                .unwrap_or_else(|| Err(answered_just_now()));
        };
        let game = LiveGame::load(started.game)?;
        let mut text = game_on(&game, "");
        if let Some(told) = challenger_told(self.voice, &game, terms) {
            text.append(told);
        }
        text.append(text![
            "\n",
            mention_player(self.voice, &game, Color::White),
            format!(
                ", you move first: {}",
                first_move(&game, &self.voice.phrasing(message))
            ),
        ]);
        text.push(potentials_line(terms));
        text.append(super::words::due_by(&game.stored));
        self.page_line(message, &game, &mut text);
        Ok(Reply {
            board: Some(self.pictures.of(&game, None)?),
            thread: new_thread(terms, &game),
            owed: started.owed,
            ..Reply::public(text)
        })
    }

    /// The answer to an `accept` typed again (its first answer lost, or a crash before it
    /// was posted) by a player of the channel's running game: that game, its player to move
    /// pinged, as the first answer would. `None` elsewhere, and for a button (whose refusal
    /// says it was answered).
    fn accepted_already(&self, message: &Message) -> Option<Handled> {
        if message.stamp.is_some() {
            return None;
        }
        // A damaged game keeps the refusal: what it says comes with a command on the game.
        let game = self.games.in_channel(message.channel, false).ok()??;
        game.color_of(message.author.id)?;
        // A slash command's answer is never lost (Discord keeps it): a second one is no
        // resend, and is told, to him alone, that there is nothing to accept.
        if message.via == Via::Slash {
            return Some(self.nothing_to_accept(message, &game));
        }
        let lines = vec![game_on(&game, " (accepted already)")];
        let say = self.voice.phrasing(message);
        Some(position_reply(
            self.voice,
            self.pictures,
            &game,
            lines,
            None,
            &say,
        ))
    }

    /// The refusal of an `accept` where a game of its sender runs and no challenge is open:
    /// that game, and whose move it is, without a ping.
    fn nothing_to_accept(&self, message: &Message, game: &LiveGame) -> Handled {
        let to_move = game.game.to_move();
        refuse(text![
            "There is no challenge to accept here: your game is running (White: ",
            game.name(Color::White),
            ", Black: ",
            game.name(Color::Black),
            "), and it is ",
            game.name(to_move),
            format!(
                "'s move. See it with {}.",
                self.voice.phrasing(message).cmd("board")
            ),
        ])
    }

    /// The link of a game just started, to follow it, on a line of its own where it has a
    /// page (its channel seen now, also for the link at its end if the clock ends it).
    fn page_line(&self, message: &Message, game: &LiveGame, text: &mut Text) {
        let page =
            super::page_link::page_link(self.store, self.config, Some(message), &game.stored);
        if let Some(page) = page {
            text.push(format!("\nIts page, to follow it: <{page}>"));
        }
    }

    /// A challenge to the bot itself: the game starts at once, the challenger's choice of
    /// colour (random if none) against the engine at `level`.
    fn challenge_engine(
        &self,
        message: &Message,
        proposal: Proposal,
        level: Option<gipf_ai::Level>,
    ) -> Handled {
        let Some(engine) = self.voice.engine_user().cloned() else {
            return refuse("I am still starting up: challenge me again in a moment.");
        };
        self.may_start_here(message)?;
        if let Some(backlog) = self.engine.overloaded() {
            return refuse(format!(
                "I have too many games to think about just now (about {} s of searches wait \
                 for me): challenge me again in a few minutes. The games under way go on.",
                backlog.as_secs().max(1)
            ));
        }
        remember_users(self.store, message)?;
        self.store.remember_user(engine.id, &engine.name)?;
        let level = match level {
            Some(level) => level,
            None => default_level(self.store, message.author.id)?,
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
        let started = self
            .store
            .start_engine_game(&terms, players, engine.id, level, site)?;
        let game = LiveGame::load(started.game)?;
        let say = self.voice.phrasing(message);
        let mut text = engine_game_on(self.voice, &game, &say);
        if me == Color::White {
            text.push("\n")
                .push(Span::Mention(
                    message.author.id,
                    plain_name(self.store, message.author.id)?,
                ))
                .push(format!(", you move first: {}", first_move(&game, &say)));
        } else {
            text.push("\nI move first.");
        }
        self.page_line(message, &game, &mut text);
        // When the engine moves first, its turn comes in this message's place, opened the
        // same way, and draws the board; the reply carries the game to it.
        let (board, then) = match self.voice.to_move_in(&game) {
            Some(_) => (None, Some(FollowUp::EngineAnswer(HeldGame::of(&game)))),
            None => (Some(self.pictures.of(&game, None)?), None),
        };
        Ok(Reply {
            board,
            then,
            thread: new_thread(&terms, &game),
            owed: started.owed,
            ..Reply::public(text)
        })
    }

    /// Challenges the opponent of the channel's last game again: colours swapped, the same
    /// game and time per move.
    fn rematch(&self, message: &Message) -> Handled {
        let last = self
            .games
            .in_channel(message.channel, true)?
            .ok_or_else(|| {
                self.games
                    .no_game_here(message, &self.voice.phrasing(message))
            })?;
        if let Some(Stamp::Game { id, .. }) = message.stamp
            && id != last.stored.id
        {
            return refuse(
                "That button belongs to an earlier game: a rematch is of the last game here.",
            );
        }
        if last.stored.status == GameStatus::Active {
            return refuse("The game here is still being played: a rematch comes after it.");
        }
        let Some(color) = last.color_of(message.author.id) else {
            return refuse(between_players(
                &last,
                "Only ",
                " can ask for a rematch of their game.",
            ));
        };
        let opponent = last.player(!color);
        let proposal = Proposal {
            spec: last.stored.spec,
            color: match !color {
                Color::White => ColorChoice::White,
                Color::Black => ColorChoice::Black,
            },
            time: last.stored.time,
            // A game played in a thread has its rematch in the same thread.
            thread: false,
            hints: last.stored.hints,
        };
        // The opponent is no bot and can read the channel: he played here.
        let again = Message {
            mentions: vec![User {
                id: opponent,
                name: plain_name(self.store, opponent)?,
            }],
            ..message.clone()
        };
        self.challenge(&again, Some(opponent), proposal, last.stored.engine)
    }

    /// Ends the open challenge: declined by the challenged user, or withdrawn
    /// (`by_challenger`) by the one who made it.
    fn close_challenge(&self, message: &Message, by_challenger: bool) -> Handled {
        let challenge = self.open_challenge(message)?;
        let terms = &challenge.terms;
        let me = Some(message.author.id);
        let challenger = Some(terms.challenger);
        let (allowed, other, verb, other_verb) = if by_challenger {
            (challenger, terms.challenged, "cancel", "decline")
        } else {
            (terms.challenged, challenger, "decline", "cancel")
        };
        let what = if terms.challenged.is_some() {
            "challenge"
        } else {
            "seek"
        };
        if allowed != me && other != me && message.rights.manage_messages {
            remember_users(self.store, message)?;
            if !self.store.delete_challenge(challenge.id)? {
                return Err(answered_just_now());
            }
            let mut text = text![
                name(self.store, message.author.id)?,
                format!(" (a moderator) withdrew the {what} of "),
                name(self.store, terms.challenger)?
            ];
            if let Some(challenged) = terms.challenged {
                text.push(" to ").push(name(self.store, challenged)?);
            }
            text.push(".");
            return Ok(Reply::public(text));
        }
        if allowed != me {
            let hint = if other == me {
                format!(
                    " (you can {} it)",
                    self.voice.phrasing(message).cmd(other_verb)
                )
            } else {
                String::new()
            };
            return refuse(match allowed {
                Some(allowed) => text![
                    "Only ",
                    name(self.store, allowed)?,
                    format!(" can {verb} this challenge{hint}.")
                ],
                None => text![format!(
                    "A seek is open to anyone here, so nobody declines it{hint}; it lapses by itself after {} h.",
                    self.ttl_hours()
                )],
            });
        }
        if !self.store.delete_challenge(challenge.id)? {
            return Err(answered_just_now());
        }
        let text = match (by_challenger, other) {
            (false, Some(other)) => text![
                name(self.store, message.author.id)?,
                " declined the challenge of ",
                name(self.store, other)?,
                "."
            ],
            _ => text![
                name(self.store, message.author.id)?,
                format!(" withdrew the {what}.")
            ],
        };
        Ok(Reply::public(text))
    }
}

/// The thread a game just started moves into, if its challenge asked for one.
pub(in crate::service) fn new_thread(terms: &ChallengeTerms, game: &LiveGame) -> Option<NewThread> {
    terms.thread.then(|| NewThread {
        name: format!(
            "{} vs {}",
            game.stored.names[Color::White],
            game.stored.names[Color::Black]
        ),
        game: game.stored.id,
        if_refused: IfRefused::PlayHere,
    })
}

fn answered_just_now() -> Failure {
    Failure::Refused(Text::from(
        "That challenge was just answered or withdrawn; nothing was changed.",
    ))
}

/// `, 3 days per move, in a thread of its own, with hints`: a challenge's time, place and
/// help.
fn terms_line(terms: &ChallengeTerms) -> String {
    let thread = if terms.thread {
        ", in a thread of its own"
    } else {
        ""
    };
    let hints = if terms.hints {
        ", with hints for both players, unrated"
    } else {
        ""
    };
    format!("{}{thread}{hints}", time::describe(terms.time))
}

/// The challenge's potentials on a line of their own (nothing for a game without them).
fn potentials_line(terms: &ChallengeTerms) -> String {
    terms
        .spec
        .potentials()
        .as_ref()
        .and_then(super::play::potentials::describe)
        .map_or_else(String::new, |about| format!("\n{about}"))
}

/// The line that pings the challenger of a game just accepted when he plays Black: he
/// waited for it, and the ping to move first is White's. `None` when he plays White.
fn challenger_told(voice: &Voice, game: &LiveGame, terms: &ChallengeTerms) -> Option<Text> {
    if game.player(Color::White) == terms.challenger {
        return None;
    }
    let asked = match terms.challenged {
        Some(_) => "challenge was accepted",
        None => "seek was taken up",
    };
    Some(text![
        "\n",
        mention_player(voice, game, Color::Black),
        format!(", your {asked}: you play Black."),
    ])
}

/// `Game on: standard GIPF. White: alice, Black: bob.`, `how` after `Game on`.
pub(in crate::service) fn game_on(game: &LiveGame, how: &str) -> Text {
    text![
        format!("Game on{how}: {}. White: ", game.stored.spec.title()),
        game.name(Color::White),
        ", Black: ",
        game.name(Color::Black),
        "."
    ]
}
