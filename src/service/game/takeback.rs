//! `takeback`: a player asks to undo his last turn (and the reply to it, if the opponent
//! made one; or only the turn he has begun, when he is mid-turn), and the opponent accepts
//! or declines. Against the engine it is granted at once. A request belongs to the position
//! it was asked in: any move lets it lapse.

use crate::service::engine::Engine;
use crate::service::games::Games;
use crate::service::names::{between_players, mention_player};
use crate::service::picture::Pictures;
use crate::service::play::prompt::position_reply;
use crate::service::play::seat::players_game;
use crate::service::voice::Voice;
use crate::service::words::moved_on;
use crate::store::Store;
use gipf::Color;

use crate::command::{GameCommand, Phrasing, TakebackAnswer};
use crate::reply::{Button, Reply, Stamp};
use crate::service::{Handled, LiveGame, Message, refuse};
use crate::text;
use crate::text::Text;

/// What a takeback asked by one player undoes.
struct Undo {
    /// The completed turns kept.
    keep: usize,
    /// The completed turns undone, oldest first: their colour and their record.
    turns: Vec<(Color, String)>,
    /// Who had a turn in progress (decisions stored, the turn not complete), dropped too.
    begun: Option<Color>,
}

/// What a takeback asked by `by` undoes now, if anything: the turn he has begun if he is
/// mid-turn; else his last turn and everything after it (the opponent's reply, or the turn
/// the opponent has begun).
fn undo_for(game: &LiveGame, by: Color) -> Option<Undo> {
    let turns = &game.stored.turns;
    let begun = (!game.stored.partial.0.is_empty()).then(|| game.to_move());
    let undone = match (game.to_move() == by, begun) {
        (true, Some(_)) => 0,
        (true, None) => 2,
        (false, _) => 1,
    };
    let keep = turns.len().checked_sub(undone)?;
    // White makes the first turn, then the turns alternate.
    let color = |ply: usize| {
        if ply.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        }
    };
    Some(Undo {
        keep,
        turns: (keep..turns.len())
            .map(|i| (color(i), turns[i].clone()))
            .collect(),
        begun,
    })
}

impl Undo {
    /// `their turn `c2 (11)` and your reply `e8 (11)``, each turn's owner as `whose` says.
    fn words(&self, whose: impl Fn(Color) -> Text) -> Text {
        let mut parts = Vec::new();
        for (i, (color, record)) in self.turns.iter().enumerate() {
            let what = if i == 0 { "turn" } else { "reply" };
            let mut part = whose(*color);
            part.push(format!(" {what} `{record}`"));
            parts.push(part);
        }
        if let Some(color) = self.begun {
            let mut part = whose(color);
            part.push(" turn in progress");
            parts.push(part);
        }
        Text::join(parts, " and ")
    }

    /// `is` for one thing undone, `are` for more.
    fn verb(&self) -> &'static str {
        if self.turns.len() + usize::from(self.begun.is_some()) > 1 {
            "are"
        } else {
            "is"
        }
    }
}

/// `alice's`.
fn owner(game: &LiveGame, color: Color) -> Text {
    text![game.name(color), "'s"]
}

/// What the takebacks touch: the games, the store, the bot's voice, the pictures, and the
/// engine (against it, a takeback stops its search).
pub(in crate::service) struct Takebacks<'a> {
    pub games: &'a Games,
    pub store: &'a Store,
    pub voice: &'a Voice,
    pub pictures: &'a Pictures,
    pub engine: &'a Engine,
}

impl Takebacks<'_> {
    /// `takeback`, `takeback accept`, `takeback decline`.
    pub(in crate::service) fn takeback(
        &self,
        message: &Message,
        answer: TakebackAnswer,
    ) -> Handled {
        let (game, color) = players_game(self.games, self.voice, message, |game| {
            between_players(
                game,
                "Only ",
                " can ask for or answer a takeback in this game.",
            )
        })?;
        if game.outcome().is_some() {
            return refuse("This game is over: takebacks are for a game in progress.");
        }
        let say = self.voice.phrasing(message);
        match answer {
            TakebackAnswer::Ask => self.ask_takeback(&game, color, &say),
            TakebackAnswer::Accept => self.accept_takeback(&game, color, &say),
            TakebackAnswer::Decline => self.decline_takeback(&game, color, &say),
        }
    }

    /// Asks the opponent to undo (against the engine: undoes at once).
    fn ask_takeback(&self, game: &LiveGame, color: Color, say: &Phrasing) -> Handled {
        let opponent = !color;
        match game.stored.takeback {
            Some(asked) if asked.by == color && asked.declined => {
                return refuse(text![
                    game.name(opponent),
                    " declined your takeback in this position: the game goes on as it stands. \
                     You can ask again once a move is made."
                ]);
            }
            Some(asked) if asked.by == color => {
                return refuse(text![
                    "You already asked for a takeback, and ",
                    game.name(opponent),
                    " has not answered yet. The request stands until then, or until a move is made."
                ]);
            }
            Some(asked) if !asked.declined => {
                return refuse(text![
                    game.name(opponent),
                    format!(
                        " asked for a takeback first: answer it with {} or {}.",
                        say.cmd("takeback accept"),
                        say.cmd("takeback decline")
                    )
                ]);
            }
            _ => {}
        }
        let Some(undo) = undo_for(game, color) else {
            return refuse(
                "You have not played a turn in this game yet, so there is nothing to take back.",
            );
        };
        if game.stored.engine.is_some() {
            return self.grant_at_once(game, color, &undo, say);
        }
        if !self.store.ask_takeback(&game.stored, color)? {
            return Err(moved_on(say));
        }
        Ok(self.takeback_request(game, color, &undo, say))
    }

    /// The public request: it pings the opponent and carries his two buttons.
    fn takeback_request(
        &self,
        game: &LiveGame,
        color: Color,
        undo: &Undo,
        say: &Phrasing,
    ) -> Reply {
        let stamp = Stamp::Game {
            id: game.stored.id,
            version: game.stored.version,
        };
        let button = |label: &str, answer| Button {
            label: label.into(),
            command: GameCommand::Takeback(answer).into(),
            stamp,
        };
        let mut text = text![
            mention_player(self.voice, game, !color),
            ", ",
            game.name(color),
            format!(" ({color}) asks for a takeback: undo ")
        ];
        text.append(undo.words(|c| text![if c == color { "their" } else { "your" }]))
            .append(text![
                ", so that it is ",
                game.name(color),
                format!(
                    "'s move again. Answer with {} or {}, or a button below. The request lapses once a move is made.",
                    say.cmd("takeback accept"),
                    say.cmd("takeback decline")
                )
            ]);
        Reply {
            buttons: vec![
                button("Accept takeback", TakebackAnswer::Accept),
                button("Decline takeback", TakebackAnswer::Decline),
            ],
            ..Reply::public(text)
        }
    }

    /// The opponent accepts the request standing against him.
    fn accept_takeback(&self, game: &LiveGame, color: Color, say: &Phrasing) -> Handled {
        let asker = self.standing_request(game, color, say)?;
        let Some(undo) = undo_for(game, asker) else {
            return refuse("There is nothing left to take back.");
        };
        let Some(stored) = self.store.take_back(&game.stored, undo.keep, Some(asker))? else {
            return Err(moved_on(say));
        };
        let after = game.taken_back(stored)?;
        let mut line = text![game.name(color), " accepted the takeback: "];
        line.append(undo.words(|c| owner(game, c)))
            .push(format!(" {} taken back.", undo.verb()));
        position_reply(self.voice, self.pictures, &after, vec![line], None, say)
    }

    /// Against the engine a takeback needs nobody's consent: its search stops, and the
    /// player's turn (with the engine's reply) is undone.
    fn grant_at_once(&self, game: &LiveGame, color: Color, undo: &Undo, say: &Phrasing) -> Handled {
        self.engine.stop(game.stored.id);
        let Some(stored) = self.store.take_back(&game.stored, undo.keep, None)? else {
            return Err(moved_on(say));
        };
        let after = game.taken_back(stored)?;
        let mut line = text![game.name(color), " took back "];
        line.append(undo.words(|c| text![if c == color { "their" } else { "my" }]))
            .push(" (against me a takeback needs no consent).");
        position_reply(self.voice, self.pictures, &after, vec![line], None, say)
    }

    /// The opponent declines: the game goes on as it stands, and the asker is told.
    fn decline_takeback(&self, game: &LiveGame, color: Color, say: &Phrasing) -> Handled {
        let asker = self.standing_request(game, color, say)?;
        if !self.store.decline_takeback(&game.stored, asker)? {
            return Err(moved_on(say));
        }
        Ok(Reply::public(text![
            mention_player(self.voice, game, asker),
            ", ",
            game.name(color),
            " declined your takeback: the game goes on as it stands, and it is ",
            game.name(game.to_move()),
            "'s move."
        ]))
    }

    /// The colour whose request `color` may answer now, or why there is none.
    fn standing_request(
        &self,
        game: &LiveGame,
        color: Color,
        say: &Phrasing,
    ) -> Result<Color, crate::service::Failure> {
        match game.stored.takeback {
            Some(asked) if asked.by == color => refuse(text![
                "You asked for this takeback: it is for ",
                game.name(!color),
                " to answer."
            ]),
            Some(asked) if asked.declined => {
                refuse("You declined this takeback already: the game goes on as it stands.")
            }
            Some(asked) => Ok(asked.by),
            None => refuse(format!(
                "There is no takeback to answer: nobody asked for one since the last move. {} asks to undo your own last turn.",
                say.cmd("takeback")
            )),
        }
    }
}
