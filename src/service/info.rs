//! `board`, `history`, `games`, `rules`: anyone may ask (`help` is the parser's).

use gipf::Color;

use super::{Handled, Limited, LiveGame, Message, Service};
use crate::command::Phrasing;
use crate::model::{ChannelId, GameStatus};
use crate::reply::Reply;
use crate::text;
use crate::text::{Span, Text};

/// A history longer than this goes out as a `.gipf` file.
const HISTORY_INLINE_LINES: usize = 30;

impl Service {
    pub(super) fn board(&self, message: &Message, black_side: Option<bool>) -> Handled {
        let game = self
            .live_game(message.channel, true)?
            .ok_or_else(|| self.no_game_here(message))?;
        let position = &game.position;
        let state = match (game.stored.status, position.outcome()) {
            (GameStatus::Aborted, _) => {
                let by = match game.stored.ended_by {
                    Some(user) => self.name(user)?,
                    None => Span::Plain("a player".into()),
                };
                text!["Aborted by ", by, ": no result."]
            }
            (GameStatus::Abandoned, _) => {
                let settings = game.stored.guild.map(|g| self.store.guild_settings(g));
                text![format!(
                    "Abandoned: nobody moved for {} days, so it ended without a result.",
                    self.abandon_days(settings.transpose()?)
                )]
            }
            (GameStatus::Won(winner), _) if game.stored.forfeited.is_some() => {
                text![format!("Game over: {winner} wins on time.")]
            }
            (_, Some(outcome)) => text![format!("Game over: {outcome}.")],
            (_, None) => text![
                format!("Turn {}: ", position.plies() + 1),
                self.name(game.player(position.to_move()))?,
                format!(
                    " ({}) to play. Reserves: white {}, black {}.",
                    position.to_move(),
                    position.reserve(Color::White),
                    position.reserve(Color::Black)
                )
            ],
        };
        let mut text = self.players_line(&game)?;
        text.push(". ")
            .append(state)
            .append(super::time::due_by(&game.stored));
        let limit = Limited::Picture(message.author.id, message.channel);
        let board = if self.limits.allow(limit, self.config.picture_every) {
            Some(self.picture(&game, black_side)?)
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
            buttons: super::play::question_buttons(&game),
            ..Reply::public(text)
        })
    }

    /// `standard GIPF: alice (white) vs bob (black)`.
    fn players_line(&self, game: &LiveGame) -> anyhow::Result<Text> {
        Ok(text![
            format!("{} GIPF: ", game.stored.variant),
            self.name(game.player(Color::White))?,
            " (white) vs ",
            self.name(game.player(Color::Black))?,
            " (black)"
        ])
    }

    pub(super) fn history(&self, message: &Message) -> Handled {
        let game = self
            .live_game(message.channel, true)?
            .ok_or_else(|| self.no_game_here(message))?;
        let turns = &game.stored.turns;
        if turns.is_empty() {
            let mut text = self.players_line(&game)?;
            text.push(": no turn played yet.");
            return Ok(Reply::public(text));
        }
        if turns.len() <= HISTORY_INLINE_LINES {
            let numbered: Vec<String> =
                (1..).zip(turns).map(|(i, t)| format!("{i}. {t}")).collect();
            let mut text = self.players_line(&game)?;
            text.push(":\n").push(Span::Listing(numbered.join("\n")));
            return Ok(Reply::public(text));
        }
        // A file is no chat message: the names go in as written.
        let mut file = format!(
            "# {} GIPF: {} (white) vs {} (black)\n# one turn per line, official notation\n",
            game.stored.variant,
            self.plain_name(game.player(Color::White))?,
            self.plain_name(game.player(Color::Black))?,
        );
        for turn in turns {
            file.push_str(turn);
            file.push('\n');
        }
        Ok(Reply {
            file: Some((
                format!("gipf-game-{}.gipf", game.stored.id),
                file.into_bytes(),
            )),
            ..Reply::public(format!(
                "{} turns so far: the record is attached.",
                turns.len()
            ))
        })
    }

    pub(super) fn games(&self, message: &Message) -> Handled {
        let channels = match message.guild {
            Some(guild) => self.store.active_game_channels(guild)?,
            // Outside a server (direct messages, the console) only this channel's game shows.
            None => vec![message.channel],
        };
        let mut lines = Vec::new();
        for channel in channels {
            match self.live_game(channel, false) {
                Ok(Some(game)) => lines.push(self.game_line(channel, &game)?),
                Ok(None) => {}
                // One damaged game must not hide the others.
                Err(e) => {
                    tracing::error!(error = %format!("{e:#}"), channel = channel.0, "a game does not load");
                    lines.push(text![
                        Span::Channel(channel),
                        ": a game I cannot read (damaged): the bot's operator can look into it"
                    ]);
                }
            }
        }
        if lines.is_empty() {
            return Ok(Reply::public(format!(
                "No game is being played here. Start one with {}.",
                self.phrasing(message).cmd("challenge @someone")
            )));
        }
        let mut text = text!["Games in progress:\n"];
        text.append(Text::join(lines, "\n"));
        Ok(Reply::public(text))
    }

    /// `#channel: alice (white) vs bob (black), standard, turn 3, bob (black) to play`.
    fn game_line(&self, channel: ChannelId, game: &LiveGame) -> anyhow::Result<Text> {
        let to_move = game.position.to_move();
        let mut line = text![
            Span::Channel(channel),
            ": ",
            self.name(game.player(Color::White))?,
            " (white) vs ",
            self.name(game.player(Color::Black))?,
            format!(
                " (black), {}, turn {}, ",
                game.stored.variant,
                game.position.plies() + 1
            ),
            self.name(game.player(to_move))?,
            format!(" ({to_move}) to play"),
        ];
        if let Some(deadline) = game.stored.deadline {
            line.push(", move by ").push(Span::Time(deadline));
        }
        Ok(line)
    }
}

/// `!rules`: the game in a few lines, and the notation.
pub(super) fn rules(say: &Phrasing) -> Text {
    text![
        Span::Strong("GIPF".into()),
        format!(
            " (Kris Burm). Each turn you push one piece from your reserve onto a dot at the edge and \
into the board along a line; pieces in the way slide one step (a full line cannot be pushed into). \
Four or more pieces of one colour in a line make a row: its owner removes it with every piece \
directly extending it. Own pieces go back to the reserve, the opponent's are captured. \
GIPF-pieces (double stacks) in a removed row are the remover's choice: take or keep.\n\
You lose when you must push and have no reserve left, or (standard and tournament games) when \
you have no GIPF-piece on the board. Tournament game: your first push must be a GIPF-piece, and \
you may bring in more until you first push a basic piece.\n\
Name a push by its dot and first spot: {}. Turns are recorded in the official \
notation: `b6-f5` (dot and where the last pushed piece ends), `Ge8` (a GIPF-piece onto an empty \
spot), `h6-c4;xc6*,d6,f5,g4` (removals after the push; `*` = captured, `G` = GIPF-piece).",
            say.cmd("push b1 c2")
        )
    ]
}
