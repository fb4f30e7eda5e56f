//! The channel's game beside its moves: `resign`, `abort`, `claim` (a win on time), `board`
//! and `hint`.

pub(super) mod hint_command;
pub(super) mod takeback;
pub(super) mod time;

use crate::service::config::Config;
use crate::service::engine::Engine;
use crate::service::games::Games;
use crate::service::learn::lessons::Lessons;
use crate::service::limits::Limits;
use crate::service::names::{between_players, mention, mention_player, name, remember_users};
use crate::service::picture::Pictures;
use crate::service::play::seat::players_game;
use crate::service::server::choose_board_side;
use crate::service::server::notify::privately;
use crate::service::voice::Voice;
use crate::service::words::players_line;
use crate::service::words::{moved_on, not_in_direct_messages};
use gipf::Color;
use gipf_ai::{Level, Request};
use hint_command::{command_for, given_up, rows_given};

use super::engine::expected_time;
use super::{Failure, Handled, Limited, LiveGame, Message, Run, Via, refuse};
use crate::command::GameCommand;
use crate::engine_pool::{Class, Ticket};
use crate::model::{BoardSide, GameStatus};
use crate::record;
use crate::reply::{Button, Reply, Stamp};
use crate::store::{Damaged, Progress, Store};
use crate::text;
use crate::text::{Span, Text};
use takeback::Takebacks;
use time::Deadlines;

/// A game may be aborted while it has at most this many turns: neither player has made his
/// second.
const ABORT_WITHIN_TURNS: usize = 2;

/// What the commands on the channel's game touch: the games, the store, the bot's voice,
/// the pictures, the engine (a hint; a takeback stops its search), the limits (a picture
/// per member now and then) and the settings (the clock).
pub(super) struct Hands<'a> {
    pub games: &'a Games,
    pub store: &'a Store,
    pub voice: &'a Voice,
    pub pictures: &'a Pictures,
    pub engine: &'a Engine,
    pub limits: &'a Limits,
    pub config: &'a Config,
}

impl Run for GameCommand {
    type Hands<'a> = Hands<'a>;

    fn run(self, hands: &Hands<'_>, message: &Message) -> Handled {
        match self {
            GameCommand::Resign { confirmed } => hands.resign(message, confirmed),
            GameCommand::Abort => hands.abort(message),
            GameCommand::Claim => hands.claim(message),
            GameCommand::GiveTime => hands.deadlines().give_time(message),
            GameCommand::Board {
                side,
                remember: false,
                coords,
            } => hands.board(message, side, coords),
            GameCommand::Board {
                side,
                remember: true,
                ..
            } => choose_board_side(hands.store, hands.voice, message, side),
            GameCommand::Hint => hands.hint(message),
            GameCommand::Takeback(answer) => hands.takebacks().takeback(message, answer),
        }
    }
}

impl Hands<'_> {
    /// The takebacks, with what they touch.
    fn takebacks(&self) -> Takebacks<'_> {
        Takebacks {
            games: self.games,
            store: self.store,
            voice: self.voice,
            pictures: self.pictures,
            engine: self.engine,
        }
    }

    /// The deadlines, with what they touch.
    fn deadlines(&self) -> Deadlines<'_> {
        Deadlines {
            games: self.games,
            store: self.store,
            voice: self.voice,
            pictures: self.pictures,
            clock: &self.config.clock,
        }
    }

    /// The lessons, with what they touch.
    fn lessons(&self) -> Lessons<'_> {
        Lessons {
            store: self.store,
            voice: self.voice,
        }
    }

    /// `resign` asks whether the player means it; `resign confirm` (or its button) ends
    /// the game.
    fn resign(&self, message: &Message, confirmed: bool) -> Handled {
        let (mut game, color) = players_game(self.games, self.voice, message, |_| {
            "You are not playing in this game, so you cannot resign it.".into()
        })?;
        if game.outcome().is_some() {
            return refuse("This game is already over.");
        }
        if !confirmed {
            return Ok(ask_to_resign(self.voice, message, &game, color));
        }
        let Some(outcome) = game.resign(color) else {
            return refuse("This game is already over.");
        };
        let progress = Progress {
            resigned: Some(color),
            ..Progress::to(GameStatus::Won(outcome.winner), game.stored.partial.clone())
        };
        let Some(saved) = self.games.save(&game.stored, progress)? else {
            return Err(moved_on(&self.voice.phrasing(message)));
        };
        let winner = game.player(outcome.winner);
        let when = match game.plies() {
            0 => "before any turn was played".to_string(),
            turns => format!("after {}", text::count(turns, "turn")),
        };
        let text = if self.voice.is_me(winner) {
            // The bot does not congratulate itself.
            text![
                name(self.store, message.author.id)?,
                " resigned: ",
                game.name(outcome.winner),
                format!(" wins the game, {when}.")
            ]
        } else {
            text![
                name(self.store, message.author.id)?,
                " resigned. ",
                mention(self.store, self.voice, winner)?,
                format!(", you win the game, {when}. Well played!")
            ]
        };
        let after = LiveGame::changed(saved.game, game.game, game.last_turn);
        let mut text = text;
        if let Some(counts) =
            crate::service::event_count::event_count(self.store, &after, outcome.winner)?
        {
            text.append(counts);
        }
        Ok(Reply {
            board: Some(self.pictures.of(&after, None)?),
            owed: saved.owed,
            buttons: super::play::prompt::rematch_buttons(&after),
            ..Reply::public(text)
        })
    }

    /// Ends a game without a result: one just begun (before either player's second turn) by
    /// a player, any game by a member with Manage Messages in the channel.
    fn abort(&self, message: &Message) -> Handled {
        let game = match self.games.in_channel(message.channel, false) {
            Err(Failure::Damaged(damaged)) => return self.abort_damaged(message, &damaged),
            found => found?.ok_or_else(|| {
                self.games
                    .no_game_here(message, &self.voice.phrasing(message))
            })?,
        };
        let color = game.color_of(message.author.id);
        if color.is_none() && message.rights.manage_messages {
            return self.end_by_moderator(message, &game);
        }
        let Some(color) = color else {
            return refuse(between_players(
                &game,
                "Only ",
                " can abort this game (or a moderator: Manage Messages).",
            ));
        };
        let say = self.voice.phrasing(message);
        if let Some((event, round)) = self.store.event_of_game(game.stored.id)? {
            return refuse(format!(
                "This game is round {round} of {event}: an event's game cannot end without a \
                 result (the event would count it as a loss for the player to move). {} ends \
                 it as your loss.",
                say.cmd("resign")
            ));
        }
        if game.stored.turns.len() > ABORT_WITHIN_TURNS {
            return refuse(format!(
                "It is too late to abort: a game ends without a result only before either \
                 player's second turn. {} ends it with one.",
                say.cmd("resign")
            ));
        }
        self.end_without_result(message, &game)?;
        Ok(Reply::public(text![
            name(self.store, message.author.id)?,
            " aborted the game with ",
            mention_player(self.voice, &game, !color),
            ": it ends without a result, and the channel is free for a new one."
        ]))
    }

    /// Either player or a moderator ends a game that cannot be read, at any stage and
    /// without reading it: nothing else can free its channel.
    fn abort_damaged(&self, message: &Message, damaged: &Damaged) -> Handled {
        let author = message.author.id;
        let [white, black] = [damaged.players[Color::White], damaged.players[Color::Black]];
        let player = author == white || author == black;
        if !player && !message.rights.manage_messages {
            return refuse(text![
                "Only ",
                name(self.store, white)?,
                " and ",
                name(self.store, black)?,
                " can end this game (or a moderator: Manage Messages)."
            ]);
        }
        remember_users(self.store, message)?;
        let ended = (self.games).end_damaged(damaged, GameStatus::Aborted, Some(author), None)?;
        if ended.is_none() {
            return Err(moved_on(&self.voice.phrasing(message)));
        }
        let mut told = Vec::new();
        for player in [white, black].into_iter().filter(|&id| id != author) {
            told.push(text![mention(self.store, self.voice, player)?]);
        }
        let mut text = text![
            name(self.store, author)?,
            format!(
                " ended game {}, whose record cannot be read, without a result (",
                damaged.id
            )
        ];
        text.append(Text::join(told, " and "))
            .push("); the channel is free for a new game.");
        Ok(Reply::public(text))
    }

    /// A moderator ends a game at any stage, without a result; the record says who did.
    fn end_by_moderator(&self, message: &Message, game: &LiveGame) -> Handled {
        remember_users(self.store, message)?;
        self.end_without_result(message, game)?;
        Ok(Reply::public(text![
            name(self.store, message.author.id)?,
            " (a moderator) ended the game of ",
            mention_player(self.voice, game, Color::White),
            " and ",
            mention_player(self.voice, game, Color::Black),
            " without a result; the channel is free for a new one."
        ]))
    }

    /// Ends `game` without a result, in the name of the message's author.
    fn end_without_result(&self, message: &Message, game: &LiveGame) -> Result<(), Failure> {
        let progress = Progress {
            ended_by: Some(message.author.id),
            ..Progress::to(GameStatus::Aborted, game.stored.partial.clone())
        };
        match self.games.save(&game.stored, progress)? {
            Some(_) => Ok(()),
            None => Err(moved_on(&self.voice.phrasing(message))),
        }
    }

    /// The waiting player claims the win once the other's time per move is up.
    fn claim(&self, message: &Message) -> Handled {
        let (game, color) = players_game(self.games, self.voice, message, |_| {
            "You are not playing in this game, so there is nothing for you to claim.".into()
        })?;
        let Some(deadline) = game.stored.deadline else {
            return refuse("This game has no time per move, so there is no win to claim.");
        };
        let to_move = game.to_move();
        if color == to_move {
            return refuse("It is your move: the clock runs for you, not for your opponent.");
        }
        if self.config.clock.now() < deadline {
            if let Some(back) = game.stored.away[to_move] {
                return refuse(text![
                    game.name(to_move),
                    " is on vacation until ",
                    Span::Time(back),
                    ": his clock stands still until then, and his move is due by ",
                    Span::Time(deadline),
                    "."
                ]);
            }
            return refuse(text![
                game.name(to_move),
                " has until ",
                Span::Time(deadline),
                " to move."
            ]);
        }
        match self.deadlines().forfeit(&game, to_move)? {
            Some(reply) => Ok(reply),
            None => Err(moved_on(&self.voice.phrasing(message))),
        }
    }

    /// `board`: the state of play and its picture, to anyone, from the side asked for, else
    /// the one the asker chose, else the server's.
    fn board(&self, message: &Message, side: Option<BoardSide>, coords: bool) -> Handled {
        let direct = message.guild.is_none() && message.via != Via::Console;
        let game = self
            .games
            .in_channel(message.channel, true)?
            .ok_or_else(|| {
                if direct {
                    Failure::Refused(not_in_direct_messages(&self.voice.phrasing(message)).into())
                } else {
                    self.games
                        .no_game_here(message, &self.voice.phrasing(message))
                }
            })?;
        let state = self.state_of_play(message, &game)?;
        let mut text = super::words::capital_start(players_line(&game));
        text.push(". ")
            .append(state)
            .append(super::words::due_by(&game.stored));
        let limit = Limited::Picture(message.author.id, message.channel);
        let board = if self.limits.allow(limit, self.config.picture_every) {
            let pictures = self.pictures;
            let bottom = pictures.bottom_for(&game.stored, Some(message.author.id), side)?;
            let labels = coords || pictures.labels_for(&game.stored, Some(message.author.id))?;
            Some(pictures.with_labels(&game, Some(bottom), labels)?)
        } else {
            text.push(format!(
                " (One board picture every {} s: ask again in a moment for the picture.)",
                self.config.picture_every.as_secs()
            ));
            None
        };
        Ok(Reply {
            board,
            // The question's buttons again, for a player who lost the message.
            buttons: super::play::prompt::question_buttons(&game, self.voice.engine_id()),
            ..Reply::public(text)
        })
    }

    /// How a game stands, as `board` says it after the players: how it ended, or whose turn
    /// it is with the reserves (the supplies, a takeback asked for).
    fn state_of_play(&self, message: &Message, game: &LiveGame) -> anyhow::Result<Text> {
        Ok(match (game.stored.status, game.outcome()) {
            (GameStatus::Aborted, _) => {
                let by = match game.stored.ended_by {
                    Some(user) => name(self.store, user)?,
                    None => Span::Plain("a player".into()),
                };
                text!["Aborted by ", by, ": no result."]
            }
            (GameStatus::Abandoned, _) => {
                let settings = game.stored.guild.map(|g| self.store.guild_settings(g));
                text![format!(
                    "Abandoned: nobody moved for {} days, so it ended without a result.",
                    self.games.abandon_days(settings.transpose()?)
                )]
            }
            (GameStatus::Won(winner), _) if game.stored.forfeited.is_some() => {
                text![format!("Game over: {winner} wins on time.")]
            }
            (_, Some(outcome)) => {
                let mut text = text!["Game over: "];
                text.append(super::words::result_words(game, outcome));
                text.push(".");
                text
            }
            (_, None) => {
                let mut text = text![
                    format!("Turn {}: ", game.plies() + 1),
                    game.name(game.to_move()),
                    format!(
                        " ({}) to play. Reserves: white {}, black {}.",
                        game.to_move(),
                        game.game.reserve(Color::White),
                        game.game.reserve(Color::Black)
                    )
                ];
                if super::words::uses_potentials(&game.game) {
                    text.push(format!(" {}", super::play::prompt::to_load(&game.game)));
                }
                if let Some(asked) = game.stored.takeback.filter(|t| !t.declined) {
                    text.append(text![
                        " ",
                        game.name(asked.by),
                        " asks for a takeback, and ",
                        game.name(!asked.by),
                        format!(
                            " has not answered yet: {} or {}.",
                            self.voice.phrasing(message).cmd("takeback accept"),
                            self.voice.phrasing(message).cmd("takeback decline")
                        )
                    ]);
                }
                text
            }
        })
    }

    /// `hint`: the engine's suggestion for the player to move, said to him alone.
    fn hint(&self, message: &Message) -> Handled {
        // A learner (who has no game, then) gets his lesson's commands.
        if let Some(lesson) = self.lessons().open_lesson(message.author.id) {
            return self.lessons().lesson_hint(message, lesson);
        }
        let (game, color) = players_game(self.games, self.voice, message, |_| {
            "Hints are for the players of the game here.".into()
        })?;
        if game.stored.engine.is_none() && !game.stored.hints {
            return refuse(format!(
                "Hints are for games against me, and for games challenged with `hints` (both players agree to them): {}.",
                self.voice.phrasing(message).cmd("challenge @someone hints")
            ));
        }
        let position = &game.game;
        if position.outcome().is_some() {
            return refuse("This game is over.");
        }
        if position.to_move() != color {
            return refuse("A hint is for the player to move, and it is not your move.");
        }
        let request = Request::level(Level::Medium).with_seed(u64::from(position.plies()));
        let ticket = Ticket {
            player: message.author.id,
            game: None,
            class: Class::Hint,
            expected: expected_time(Level::Medium),
        };
        let searched = position.clone();
        let thought = self
            .engine
            .run(ticket, move |engine| engine.think_game(&searched, &request))?
            .map_err(|e| Failure::Refused(e.to_string().into()))?;
        let turn = record::turn_text(&position.options(), &thought.turn, false);
        let warnings = [
            given_up(position, &thought.turn),
            rows_given(position, &turn),
        ];
        let reason = std::iter::once(thought.reason.clone())
            .chain(warnings.into_iter().flatten())
            .collect::<Vec<_>>()
            .join("; ");
        let hint = Reply::private(text![
            format!("My suggestion: `{turn}`: {reason}. Play it with "),
            self.voice
                .phrasing(message)
                .cmd(&command_for(&game.game, &turn)),
            "."
        ]);
        Ok(privately(
            self.voice.prefix(),
            message,
            hint,
            "my hint",
            "hint",
        ))
    }
}

/// Resigning is asked about first: the answer says what it does and offers `resign
/// confirm`, typed or by a button made for this moment of the game only.
fn ask_to_resign(voice: &Voice, message: &Message, game: &LiveGame, color: Color) -> Reply {
    let say = voice.phrasing(message);
    let button = Button {
        label: "Resign".into(),
        command: GameCommand::Resign { confirmed: true }.into(),
        stamp: Stamp::Game {
            id: game.stored.id,
            version: game.stored.version,
        },
    };
    Reply {
        buttons: vec![button],
        ..Reply::private(text![
            "Resigning ends the game at once, and ",
            game.name(!color),
            format!(
                " ({}) wins it. Nothing was changed: if you mean it, write {} or click Resign.",
                !color,
                say.cmd("resign confirm")
            )
        ])
    }
}
