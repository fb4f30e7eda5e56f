//! `board`, `history`, `games`, `rules`, `help`: anyone may ask.

use gipf::Color;

use super::{Message, Service};
use crate::reply::Reply;

/// A history longer than this goes out as a `.gipf` file.
const HISTORY_INLINE_LINES: usize = 30;

impl Service {
    pub(super) fn board(
        &self,
        message: &Message,
        black_side: Option<bool>,
    ) -> anyhow::Result<Vec<Reply>> {
        let Some(game) = self.live_game(message.channel, true)? else {
            return Ok(vec![self.no_game_here()]);
        };
        let position = &game.position;
        let state = match position.outcome() {
            Some(outcome) => format!("Game over: {outcome}."),
            None => format!(
                "Turn {}: {} ({}) to play. Reserves: white {}, black {}.",
                position.plies() + 1,
                self.name(game.player(position.to_move()))?,
                position.to_move(),
                position.reserve(Color::White),
                position.reserve(Color::Black)
            ),
        };
        let text = format!(
            "{} GIPF: {} (white) vs {} (black). {state}",
            game.stored.variant,
            self.name(game.stored.white)?,
            self.name(game.stored.black)?
        );
        Ok(vec![Reply {
            text,
            board: Some(self.picture(&game, black_side)?),
            // The question's buttons again, for a player who lost the message.
            buttons: super::play::question_buttons(&game),
            ..Reply::default()
        }])
    }

    pub(super) fn history(&self, message: &Message) -> anyhow::Result<Vec<Reply>> {
        let Some(game) = self.live_game(message.channel, true)? else {
            return Ok(vec![self.no_game_here()]);
        };
        let white = self.name(game.stored.white)?;
        let black = self.name(game.stored.black)?;
        if game.stored.turns.is_empty() {
            return Ok(vec![Reply::text(format!(
                "{white} vs {black}: no turn played yet."
            ))]);
        }
        let numbered: Vec<String> = game
            .stored
            .turns
            .iter()
            .enumerate()
            .map(|(i, t)| format!("{}. {t}", i + 1))
            .collect();
        if numbered.len() <= HISTORY_INLINE_LINES {
            return Ok(vec![Reply::text(format!(
                "{} GIPF, {white} (white) vs {black} (black):\n```\n{}\n```",
                game.stored.variant,
                numbered.join("\n")
            ))]);
        }
        let mut file = format!(
            "# {} GIPF: {white} (white) vs {black} (black)\n# one turn per line, official notation\n",
            game.stored.variant
        );
        for turn in &game.stored.turns {
            file.push_str(turn);
            file.push('\n');
        }
        Ok(vec![Reply {
            text: format!(
                "{} turns so far: the record is attached.",
                game.stored.turns.len()
            ),
            file: Some((
                format!("gipf-game-{}.gipf", game.stored.id),
                file.into_bytes(),
            )),
            ..Reply::default()
        }])
    }

    pub(super) fn games(&self, message: &Message) -> anyhow::Result<Vec<Reply>> {
        let channels = match message.guild {
            Some(guild) => self.store.active_game_channels(guild)?,
            // Outside a server (direct messages, the console) only this channel's game shows.
            None => vec![message.channel],
        };
        let mut lines = Vec::new();
        for channel in channels {
            let Some(game) = self.live_game(channel, false)? else {
                continue;
            };
            let to_move = game.position.to_move();
            lines.push(format!(
                "<#{channel}>: {} (white) vs {} (black), {}, turn {}, {} ({to_move}) to play",
                self.name(game.stored.white)?,
                self.name(game.stored.black)?,
                game.stored.variant,
                game.position.plies() + 1,
                self.name(game.player(to_move))?,
            ));
        }
        if lines.is_empty() {
            return Ok(vec![Reply::text(format!(
                "No game is being played here. Start one with `{}challenge @someone`.",
                self.config.prefix
            ))]);
        }
        Ok(vec![Reply::text(format!(
            "Games in progress:\n{}",
            lines.join("\n")
        ))])
    }
}

/// `!rules`: the game in a few lines, and the notation.
pub fn rules_text(prefix: &str) -> String {
    format!(
        "**GIPF** (Kris Burm). Each turn you push one piece from your reserve onto a dot at the edge and \
into the board along a line; pieces in the way slide one step (a full line cannot be pushed into). \
Four or more pieces of one colour in a line make a row: its owner removes it with every piece \
directly extending it. Own pieces go back to the reserve, the opponent's are captured. \
GIPF-pieces (double stacks) in a removed row are the remover's choice: take or keep.\n\
You lose when you must push and have no reserve left, or (standard and tournament games) when \
you have no GIPF-piece on the board. Tournament game: your first push must be a GIPF-piece, and \
you may bring in more until you first push a basic piece.\n\
Name a push by its dot and first spot: `{prefix}push b1 c2`. Turns are recorded in the official \
notation: `b6-f5` (dot and where the last pushed piece ends), `Ge8` (a GIPF-piece onto an empty \
spot), `h6-c4;xc6*,d6,f5,g4` (removals after the push; `*` = captured, `G` = GIPF-piece)."
    )
}

/// `!help`: every command with an example.
pub fn help_text(prefix: &str) -> String {
    let p = prefix;
    format!(
        "**Commands**\n\
`{p}challenge @bob standard random`: challenge someone (basic, standard or tournament; your colour white, black or random; basic takes `+2` or `+0/+3` extra pieces)\n\
`{p}accept`, `{p}decline`: answer a challenge. `{p}cancel`: withdraw yours\n\
`{p}push b1 c2` (or `b1-c2`, `b1c2`): push a piece from dot b1 onto c2\n\
`{p}gipf b1 c2` or `{p}push G b1 c2`: bring in a GIPF-piece (tournament game)\n\
`{p}push b1 c2 take e5`: a push with its decisions up front (`row 2`, `take e5 f4`, `take all`, `keep all`)\n\
`{p}move h6-c4;xc6*,d6,f5,g4`: a whole turn in the official notation\n\
`{p}row 2`, `{p}take e5`, `{p}take all`, `{p}keep all`: answer a pending decision\n\
`{p}board` (`{p}board black`): the board. `{p}history`: the game so far\n\
`{p}resign`, `{p}games` (games in this server), `{p}rules`, `{p}help`"
    )
}
