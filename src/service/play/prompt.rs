//! The reply after a move: the turns played, the state of play, and the question of the
//! player to move with its buttons, in every game. A game with potentials says more (its
//! supplies, its powers, the rows that may stand) over the same questions.

use gipf::potentials::{Action, Game, Pending, PieceKind, Potential, Turn};
use gipf::{Bitboard, Color, Row};

use crate::command::{
    Answer, ChallengeCommand, GameCommand, Phrasing, PlayCommand, TakebackAnswer, potential_word,
};
use crate::model::UserId;
use crate::reply::{Button, FollowUp, HeldGame, Reply, Stamp};
use crate::service::names::mention_player;
use crate::service::picture::Pictures;
use crate::service::play::narrate;
use crate::service::play::potentials::RECONSTRUCTED;
use crate::service::play::removal;
use crate::service::play::threat;
use crate::service::voice::Voice;
use crate::service::words::{and_list, due_by, result_words, row_verb, spots, uses_potentials};
use crate::service::{Handled, LiveGame};
use crate::text;
use crate::text::{Span, Text};

/// `` `!row 1` or `!row 2` `` for `count` rows.
pub(in crate::service) fn row_options(say: &Phrasing, count: usize) -> String {
    let options: Vec<String> = (1..=count).map(|i| say.cmd(&format!("row {i}"))).collect();
    options.join(" or ")
}

/// `` `!take <spots>`, `!take all` or `!keep all` ``, without `take all` or `keep all` where
/// that answer is not legal (keeping them all would leave the row unbroken) or would lose
/// the game on the spot.
pub(in crate::service) fn take_options(game: &Game, say: &Phrasing) -> String {
    let Pending::Remove { row, optional } = game.pending() else {
        return String::new();
    };
    // A real example: the spots of this row to take.
    let mut options: Vec<String> = removal::take_example(game, &row, optional)
        .map(|take| say.cmd(&format!("take {}", spots(take))))
        .into_iter()
        .collect();
    if removal::safe(game, optional) {
        options.push(say.cmd("take all"));
    }
    if removal::safe(game, Bitboard::EMPTY) {
        options.push(say.cmd("keep all"));
    }
    match options.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
        _ => options.join(""),
    }
}

/// "at the start of your turn" or "after your push".
fn when(game: &Game) -> &'static str {
    if game.before_action() {
        "at the start of your turn"
    } else if uses_potentials(game) {
        "after your action"
    } else {
        "after your push"
    }
}

/// What the player to move must do now, with a ping for them only.
pub(in crate::service) fn turn_reply(
    voice: &Voice,
    pictures: &Pictures,
    game: &LiveGame,
    start: Option<&Game>,
    completed: &[Turn],
    say: &Phrasing,
) -> Handled {
    let lines = played(voice, game, start, completed);
    let mover = completed.first().map(|t| t.color);
    position_reply(voice, pictures, game, lines, mover, say)
}

/// `lines` (what just happened), then the state of play and the question of the player
/// to move, with the board and the question's buttons; `first_mover` made the first of
/// the turns just completed, if any.
pub(in crate::service) fn position_reply(
    voice: &Voice,
    pictures: &Pictures,
    game: &LiveGame,
    mut lines: Vec<Text>,
    first_mover: Option<Color>,
    say: &Phrasing,
) -> Handled {
    let state = &game.game;
    // The engine answers at once: this reply is held, and its answer asks the player.
    let answer = voice.to_move_in(game);
    lines.push(status_line(game, voice.engine_id()));
    let prompt = match state.pending() {
        Pending::GameOver(outcome) => vec![game_over(voice, game, outcome, first_mover)?],
        _ if answer.is_some() => Vec::new(),
        pending => {
            let player = mention_player(voice, game, state.to_move());
            prompt(state, &pending, player, say)
        }
    };
    lines.extend(prompt);
    // The new deadline, when the move passed to the other player under a time per move.
    if let Some(last) = lines.last_mut() {
        last.append(due_by(&game.stored));
    }
    // A held reply's board is the answer's to draw (or, if none comes, drawn then); the
    // reply carries its game to the answer.
    let (board, buttons, then) = match answer {
        Some(_) => (
            None,
            Vec::new(),
            Some(FollowUp::EngineAnswer(HeldGame::of(game))),
        ),
        None => (
            Some(pictures.of(game, None)?),
            question_buttons(game, voice.engine_id()),
            None,
        ),
    };
    Ok(Reply {
        board,
        buttons,
        then,
        ..Reply::public(Text::join(lines, "\n"))
    })
}

/// How the player to move acts, as the first move of a game says it.
pub(in crate::service) fn first_move(game: &LiveGame, say: &Phrasing) -> String {
    how_to_act(&game.game, say)
}

/// `alice (white) played b1 -> c2, recorded as `c2 (11)`.`: a line for each turn
/// completed, its push named as the chat command names it (the dot, then the first
/// spot) and the whole turn as the record writes it, then the turn in words (what its
/// power, removals and rows did: `narrate.rs`), read from `start`, the game at the
/// start of the first turn. The engine's turn is the bot's own: `I (black) answered e9
/// -> e8, …` (`played`, when it opens the game).
pub(in crate::service) fn played(
    voice: &Voice,
    game: &LiveGame,
    start: Option<&Game>,
    turns: &[Turn],
) -> Vec<Text> {
    let engine = voice.engine_id();
    let opened = game.stored.turns.len() <= turns.len();
    let mut start = start.cloned();
    turns
        .iter()
        .map(|turn| {
            let record = game.turn_text(turn);
            let mine = game.stored.engine.is_some() && engine == Some(game.player(turn.color));
            let verb = if mine && !opened {
                "answered"
            } else {
                "played"
            };
            let said = narrate::narrate(start.as_ref(), turn);
            start = start
                .as_ref()
                .and_then(|game| narrate::after_turn(game, turn));
            let mut words = match push_words(turn) {
                Some(push) => format!(" {verb} {push}, recorded as `{record}`."),
                None => format!(" {verb} `{record}`. {}", said.action),
            };
            if let Some(effects) = said.effects {
                words.push(' ');
                words.push_str(&effects);
            }
            let who = if mine {
                Span::from("I")
            } else {
                game.name(turn.color)
            };
            text![who, format!(" ({}){words}", turn.color)]
        })
        .collect()
}

/// `Game over: alice (white) wins. …`, pinging the player who did not make the first of
/// the turns just completed (the loser, unless he lost at the start of his own turn):
/// `Well played` to a winner, `Good game` to a loser.
pub(in crate::service) fn game_over(
    voice: &Voice,
    game: &LiveGame,
    outcome: gipf::Outcome,
    first_mover: Option<Color>,
) -> anyhow::Result<Text> {
    let other = first_mover.map_or(!outcome.winner, |color| !color);
    let mut text = text!["Game over: "];
    text.append(result_words(game, outcome));
    // The winner is congratulated, the loser never: he hears "good game".
    if other == outcome.winner {
        text.push(". Well played, ")
            .push(mention_player(voice, game, other))
            .push("!");
    } else if voice.is_me(game.player(other)) {
        text.push(". Well played, ")
            .push(game.name(outcome.winner))
            .push("!");
    } else {
        text.push(". Good game, ")
            .push(mention_player(voice, game, other))
            .push(".");
    }
    Ok(text)
}

/// A turn's push as the chat command names it: `b1 -> c2`, `a GIPF-piece b1 -> c2`, `a
/// ZÈRTZ-loaded piece b1 -> c2`; `None` for a turn without a push.
pub(in crate::service) fn push_words(turn: &Turn) -> Option<String> {
    let Some(Action::Push { piece, path, .. }) = &turn.action else {
        return None;
    };
    let piece = match piece {
        PieceKind::Basic => String::new(),
        PieceKind::Gipf => "a GIPF-piece ".to_string(),
        PieceKind::Loaded(kind) => format!("a {}-loaded piece ", kind.name()),
    };
    Some(format!(
        "{piece}{} -> {}",
        path.entry.dot(),
        path.entry.first()
    ))
}

/// Reserves and captures, each capture said by who made it so it cannot be read the other
/// way round (`alice has captured 4 black pieces`), and with potentials those still to
/// load.
fn status_line(live: &LiveGame, engine: Option<UserId>) -> Text {
    let game = &live.game;
    // The engine's captures are the bot's own: `I have captured …`.
    let mine = |color: Color| live.stored.engine.is_some() && engine == Some(live.player(color));
    let who = |color: Color| {
        if mine(color) {
            Span::from("I")
        } else {
            live.name(color)
        }
    };
    let taken = |color: Color| {
        let victim = !color;
        let has = if mine(color) { "have" } else { "has" };
        match game.lost(victim) {
            0 => format!(" {has} captured no {victim} piece"),
            n => format!(
                " {has} captured {}",
                text::count(n, &format!("{victim} piece"))
            ),
        }
    };
    let mut line = text![
        format!(
            "Reserves: white {}, black {}. ",
            game.reserve(Color::White),
            game.reserve(Color::Black),
        ),
        who(Color::White),
        taken(Color::White),
        ", ",
        who(Color::Black),
        format!("{}.", taken(Color::Black)),
    ];
    if uses_potentials(game) {
        line.push(format!(" {}", to_load(game)));
    }
    line
}

/// `Potentials to load: white 1 ZÈRTZ and 3 DVONN, black none.`, every kind in words.
pub(in crate::service) fn to_load(game: &Game) -> String {
    let supply = |c: Color| {
        let s = game.supply(c);
        let kinds: Vec<String> = (s.kinds())
            .map(|kind| format!("{} {}", s[kind], kind.name()))
            .collect();
        if kinds.is_empty() {
            "none".to_string()
        } else {
            and_list(&kinds)
        }
    };
    format!(
        "Potentials to load: white {}, black {}.",
        supply(Color::White),
        supply(Color::Black)
    )
}

/// The question of the player to move, in lines.
pub(in crate::service) fn prompt(
    game: &Game,
    pending: &Pending,
    player: Span,
    say: &Phrasing,
) -> Vec<Text> {
    let me = game.to_move();
    match pending {
        Pending::Action => {
            let mut line = text![
                player,
                format!(", your move ({me}): {}", how_to_act(game, say))
            ];
            if let Some(spot) = threat::last_gipf_open(game) {
                line.push(format!(
                    " Careful: your last GIPF-piece, at {spot}, can be taken or converted in {}'s next turn, which would lose you the game.",
                    !me
                ));
            }
            vec![line]
        }
        Pending::Tamsk => vec![text![
            player,
            format!(
                ", your TAMSK piece reached e5: push its potential in with {} (a dot and a first spot), or give it up with {}. ({RECONSTRUCTED})",
                say.cmd("tamsk a5 b5"),
                say.cmd("tamsk skip")
            )
        ]],
        Pending::ChooseRow { rows } => row_choice_prompt(game, rows, player, say),
        Pending::Remove { row, optional } => {
            removal::removal_prompt(game, row, *optional, player, say, when(game))
        }
        Pending::GameOver(_) => Vec::new(),
    }
}

fn row_choice_prompt(game: &Game, rows: &[Row], player: Span, say: &Phrasing) -> Vec<Text> {
    let mut lines = vec![text![
        player,
        format!(
            ", you have rows to {} {}, and they share pieces: choose which goes first.",
            row_verb(game),
            when(game)
        )
    ]];
    for (i, row) in rows.iter().enumerate() {
        let (a, b) = row.ends();
        lines.push(Text::from(format!(
            "{}) from {a} to {b}: {}",
            i + 1,
            removal::set_words(game, row.set)
        )));
    }
    lines.push(Text::from(format!(
        "Answer {}.",
        row_options(say, rows.len())
    )));
    lines
}

/// How the player to move acts: a push (of a basic piece, a GIPF-piece, a loaded piece) or
/// a potential's move, each with the command that does it.
fn how_to_act(game: &Game, say: &Phrasing) -> String {
    let pieces = game.legal_pieces();
    let loaded: Vec<&str> = pieces
        .iter()
        .filter_map(|p| match p {
            PieceKind::Loaded(kind) => Some(potential_word(*kind)),
            _ => None,
        })
        .collect();
    let moves = game.potential_moves();
    let gipf = pieces.contains(&PieceKind::Gipf);
    let basic = pieces.contains(&PieceKind::Basic);
    if loaded.is_empty() && moves.is_empty() {
        return how_to_push(basic, gipf, say);
    }
    let mut ways = Vec::new();
    if gipf {
        ways.push(format!(
            "bring in a GIPF-piece with {}",
            say.cmd("gipf b1 c2")
        ));
    }
    if let Some(first) = loaded.first() {
        ways.push(format!(
            "push a loaded piece with {} ({})",
            say.cmd(&format!("push b1 c2 {first}")),
            loaded.join(", ")
        ));
    }
    if basic {
        ways.push(basic_push(game, say));
    }
    for kind in Potential::ALL {
        let froms: Bitboard = moves.iter().filter(|m| m.0 == kind).map(|m| m.1).collect();
        if let Some(&(_, from, to)) = moves.iter().find(|m| m.0 == kind) {
            ways.push(format!(
                "use your {kind} on {} with {}",
                spots(froms),
                say.cmd(&format!("{} {from} {to}", potential_word(kind)))
            ));
        }
    }
    match ways.len() {
        0 => "you have no legal move.".to_string(),
        1 => format!("{}.", ways[0]),
        n => format!("{}, or {}.", ways[..n - 1].join("; "), ways[n - 1]),
    }
}

/// A push when pieces are all there is to push: basic pieces, GIPF-pieces, or both.
fn how_to_push(basic: bool, gipf: bool, say: &Phrasing) -> String {
    let push = format!(
        "push with {}, like {}",
        say.cmd("push <dot> <first spot>"),
        say.cmd("push b1 c2")
    );
    match (basic, gipf) {
        (false, true) => format!("bring in a GIPF-piece, like {}.", say.cmd("gipf b1 c2")),
        (true, true) => format!(
            "{push}, or bring in a GIPF-piece with {}.",
            say.cmd("gipf b1 c2")
        ),
        (true, false) => format!("{push}."),
        (false, false) => "you have no legal move.".to_string(),
    }
}

/// A basic piece's push beside loaded ones: it gives up the rest of the potentials.
fn basic_push(game: &Game, say: &Phrasing) -> String {
    if game.supply(game.to_move()).is_empty() {
        format!("push a basic piece with {}", say.cmd("push b1 c2"))
    } else {
        format!(
            "push a basic piece with {} (which gives up the rest of your potentials)",
            say.cmd("push b1 c2 basic")
        )
    }
}

/// Whether a player has a turn of his own to take back: the engine (`engine`, the bot's
/// user) never asks.
fn someone_may_take_back(game: &LiveGame, engine: Option<UserId>) -> bool {
    let played = game.stored.turns.len();
    [(Color::White, 1), (Color::Black, 2)]
        .into_iter()
        .any(|(color, turns)| played >= turns && Some(game.player(color)) != engine)
}

/// Buttons for the likely answers to the question pending in a game, if one is: stamped
/// with the game's version, so they answer this question only. `engine` is the bot's own
/// user.
pub(in crate::service) fn question_buttons(game: &LiveGame, engine: Option<UserId>) -> Vec<Button> {
    let stamp = Stamp::Game {
        id: game.stored.id,
        version: game.stored.version,
    };
    let button = |label: &str, command: PlayCommand| Button {
        label: label.to_string(),
        command: command.into(),
        stamp,
    };
    match game.game.pending() {
        Pending::ChooseRow { rows } => (1..=rows.len())
            .map(|i| button(&format!("Row {i}"), PlayCommand::Answer(Answer::Row(i))))
            .collect(),
        // Only answers that do not lose the game on the spot get a button of one click.
        Pending::Remove { optional, .. } => [
            ("Take all", Answer::TakeAll, optional),
            ("Keep all", Answer::KeepAll, Bitboard::EMPTY),
        ]
        .into_iter()
        .filter(|(_, _, take)| removal::safe(&game.game, *take))
        .map(|(label, answer, _)| button(label, PlayCommand::Answer(answer)))
        .collect(),
        Pending::Tamsk => vec![button("Skip the TAMSK", PlayCommand::Tamsk(None))],
        Pending::GameOver(_) => rematch_buttons(game),
        // At the start of a turn, the last one may be taken back (`takeback`).
        Pending::Action if someone_may_take_back(game, engine) => vec![Button {
            label: "Take back".into(),
            command: GameCommand::Takeback(TakebackAnswer::Ask).into(),
            stamp,
        }],
        Pending::Action => Vec::new(),
    }
}

/// The button under a game-over message: the same opponent again, colours swapped; none
/// under an event's game (the event pairs its players).
pub(in crate::service) fn rematch_buttons(game: &LiveGame) -> Vec<Button> {
    let rematch = Button {
        label: "Rematch".into(),
        command: ChallengeCommand::Rematch.into(),
        stamp: Stamp::Game {
            id: game.stored.id,
            version: game.stored.version,
        },
    };
    (!game.stored.in_event)
        .then_some(rematch)
        .into_iter()
        .collect()
}
