//! The words the service's replies share: a colour's name, a list of spots, how a game
//! ends (what the loser lacks), what a row's removal is called, the deadline of a move, a
//! game that moved on or cannot be read, written once here for every reply that says them.

use gipf::potentials::Game;
use gipf::{Bitboard, Color, Outcome, Point, Reason};

use super::{Failure, LiveGame};
use crate::command::Phrasing;
use crate::model::GameStatus;
use crate::store::{Damaged, StoredGame};
use crate::text;
use crate::text::{Span, Text};

/// `White` or `Black`, as a header or a sentence's start writes a colour.
pub(super) fn colour_word(color: Color) -> &'static str {
    match color {
        Color::White => "White",
        Color::Black => "Black",
    }
}

/// `c3 d4 e5`.
pub(super) fn spots(set: Bitboard) -> String {
    spot_list(set.iter())
}

/// The spots of `points`, in their order: `c3 d4 e5`.
pub(super) fn spot_list(points: impl IntoIterator<Item = Point>) -> String {
    let words: Vec<String> = points.into_iter().map(|p| p.to_string()).collect();
    words.join(" ")
}

/// `text` as a sentence: its first word with a capital (a spot such as `b1` keeps its
/// small letter, as names and commands keep theirs), and a full stop at its end unless it
/// has a stop already.
pub(super) fn as_sentence(text: Text) -> Text {
    let mut out = capital_start(text);
    let stopped = match out.spans().last() {
        Some(Span::Plain(words)) => words.trim_end().ends_with(['.', '!', '?']),
        _ => false,
    };
    if !stopped {
        out.push(".");
    }
    out
}

/// `text` with a capital first letter, unless it opens with a spot, a name or a command.
pub(super) fn capital_start(text: Text) -> Text {
    let mut out = Text::new();
    for (i, span) in text.spans().iter().enumerate() {
        match span {
            Span::Plain(words) if i == 0 => out.push(capitalized(words)),
            other => out.push(other.clone()),
        };
    }
    out
}

/// `words` with a capital first letter, unless they open with a spot (`b1 c3: …`).
fn capitalized(words: &str) -> String {
    let mut chars = words.chars();
    let spot = matches!(
        (chars.next(), chars.next()),
        (Some('a'..='i'), Some('1'..='9'))
    );
    let mut chars = words.chars();
    match chars.next() {
        Some(first) if !spot && first.is_lowercase() => first.to_uppercase().chain(chars).collect(),
        _ => words.to_string(),
    }
}

/// `a`, `a and b`, `a, b and c`.
pub(super) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// What the loser lacks when a game ends by the rules: `no GIPF-piece left on the board`;
/// `None` for a resignation.
fn lack(reason: Reason) -> Option<&'static str> {
    match reason {
        Reason::NoGipf => Some("no GIPF-piece left on the board"),
        Reason::NoReserve => Some("no piece left in reserve"),
        Reason::NoMove => Some("no legal move"),
        Reason::Resignation => None,
    }
}

/// Why a game ends, said to `me`: `you would have no GIPF-piece left on the board, so you
/// lose the game`.
pub(super) fn ending_words(outcome: Outcome, me: Color) -> String {
    let loser = !outcome.winner;
    let who = if loser == me {
        "you".to_string()
    } else {
        loser.to_string()
    };
    let why = match lack(outcome.reason) {
        Some(lack) => format!("{who} would have {lack}"),
        None => format!("{who} would resign"),
    };
    if loser == me {
        format!("{why}, so you lose the game")
    } else {
        format!("{why}, so you win the game")
    }
}

/// `alice (white) wins: bob (black) has no GIPF-piece left on the board`: the winner
/// named once.
pub(super) fn result_words(game: &LiveGame, outcome: Outcome) -> Text {
    let loser = !outcome.winner;
    let why = lack(outcome.reason).map_or("resigned".to_string(), |lack| format!("has {lack}"));
    text![
        game.name(outcome.winner),
        format!(" ({}) wins: ", outcome.winner),
        game.name(loser),
        format!(" ({loser}) {why}")
    ]
}

/// Whether the game is played with potentials (Ultimate GIPF among them): its prompts say
/// what only they have.
pub(super) fn uses_potentials(game: &Game) -> bool {
    game.options().has_potentials()
}

/// What a player may keep or take of a row being removed: `GIPF-pieces`, and with
/// potentials `GIPF-pieces and loaded pieces`.
pub(super) fn optional_pieces(game: &Game) -> &'static str {
    if uses_potentials(game) {
        "GIPF-pieces and loaded pieces"
    } else {
        "GIPF-pieces"
    }
}

/// `remove`, or with potentials (where a row may stand) `deal with`.
pub(super) fn row_verb(game: &Game) -> &'static str {
    if uses_potentials(game) {
        "deal with"
    } else {
        "remove"
    }
}

/// ` Move by <deadline>.`, for a game with a time per move that is still on.
pub(super) fn due_by(game: &StoredGame) -> Text {
    if game.status != GameStatus::Active {
        return Text::new();
    }
    let mut text = match game.deadline {
        Some(deadline) => text![" Move by ", Span::Time(deadline), "."],
        None => Text::new(),
    };
    for color in Color::ALL {
        if let Some(back) = game.away[color] {
            text.append(text![
                " ",
                Span::Name(game.names[color].clone()),
                " is on vacation until ",
                Span::Time(back),
                "."
            ]);
        }
    }
    text
}

/// The refusal when the game changed while a command was at work.
pub(super) fn moved_on(say: &Phrasing) -> Failure {
    Failure::Refused(Text::from(format!(
        "The game moved on while I was working on that (another command got there first). \
         Nothing was changed: look at {} and try again.",
        say.cmd("board")
    )))
}

/// What to tell whoever acts in the channel of a damaged game.
pub(super) fn damage_text(damaged: &Damaged, say: &Phrasing) -> Text {
    let said = damaged.to_string();
    let mut text = text![format!("G{}", &said[1..])];
    text.push(match damaged.status {
        GameStatus::Active => format!(
            ", so it cannot go on. Either player or a moderator can end it without a result with {}; the channel is then free for a new game.",
            say.cmd("abort")
        ),
        GameStatus::Abandoned => {
            ". It ended as abandoned: nobody moved in it for too long.".into()
        }
        GameStatus::Aborted => ". It was ended without a result.".into(),
        GameStatus::Won(_) => ". It is over.".into(),
    });
    text
}

/// What a command that needs a server's channel is answered in a direct conversation.
pub(super) fn not_in_direct_messages(say: &Phrasing) -> String {
    format!(
        "Games and challenges live in a server's channels, where both players see them: \
         write {} in a channel of a server we share. Here I answer {}, {}, {}, {} and {}.",
        say.cmd("challenge @someone"),
        say.cmd("mygames"),
        say.cmd("help"),
        say.cmd("rules"),
        say.cmd("notify dm on"),
        say.cmd("board side mine"),
    )
}

/// `standard GIPF: alice (white) vs bob (black)`.
pub(super) fn players_line(game: &LiveGame) -> Text {
    text![
        format!("{}: ", game.stored.spec.title()),
        game.name(Color::White),
        " (white) vs ",
        game.name(Color::Black),
        " (black)"
    ]
}

/// `Game 4, standard GIPF: alice (white) vs bob (black)`.
pub(super) fn game_heading(game: &LiveGame) -> Text {
    let mut text = text![format!("Game {}, ", game.stored.id)];
    text.append(players_line(game));
    text
}
