//! A board picture's alt text: the position in words for screen readers (the game and its
//! players, whose turn and what it asks, the reserves and GIPF-pieces, what the last turn
//! changed), within Discord's limit for an attachment's description.

use gipf::Color;
use gipf::potentials::{Game, Pending, Turn};
use gipf_render::BoardView;

use super::play::narrate;
use super::words::colour_word;
use crate::model::GameSpec;
use crate::reply::Picture;

/// The words of `view`; `answered` is the turn its last turn answered, if the picture shows
/// both, and `start` the game at the start of its last turn, where known (the words of what
/// that turn removed need it).
pub(super) fn describe(view: &BoardView, answered: Option<&Turn>, start: Option<&Game>) -> String {
    let game = view.game;
    let title = GameSpec::from(game.options()).title();
    let mut sentences = vec![format!("Board of a game of {title}.")];
    // Only players with names of their own: a puzzle's are the colours themselves, a
    // lesson's Black too.
    for color in Color::ALL {
        if view.names[color] != colour_word(color) {
            sentences.push(format!("{}: {}.", colour_word(color), view.names[color]));
        }
    }
    sentences.push(asked(game));
    sentences.push(material(game));
    if let Some(turn) = answered {
        sentences.extend(turn_words("Marked 1, the turn answered:", None, turn));
    }
    if let Some(turn) = view.last_turn {
        let title = match answered {
            Some(_) => "Marked 2, the answer:",
            None => "Last turn:",
        };
        sentences.extend(turn_words(title, start, turn));
    }
    if let Some(note) = view.note {
        sentences.push(format!("{}.", note.trim_end_matches('.')));
    }
    within_limit(sentences.join(" "))
}

/// `turn` in words after `title`, played from `start` where known.
fn turn_words(title: &str, start: Option<&Game>, turn: &Turn) -> Vec<String> {
    let said = narrate::narrate(start, turn);
    std::iter::once(format!("{title} {}", said.action))
        .chain(said.effects)
        .collect()
}

/// Who is to do what: `Black to move.`, or how the game ended.
fn asked(game: &Game) -> String {
    let who = colour_word(game.to_move());
    match game.pending() {
        Pending::GameOver(outcome) => {
            let said = outcome.to_string();
            let mut chars = said.chars();
            let first = chars.next().map(|c| c.to_uppercase().collect::<String>());
            format!(
                "The game is over. {}{}.",
                first.unwrap_or_default(),
                chars.as_str()
            )
        }
        Pending::Action => format!("{who} to move."),
        Pending::ChooseRow { rows } => {
            format!(
                "{who} to choose which of {} rows to remove first.",
                rows.len()
            )
        }
        Pending::Remove { row, .. } => {
            let (from, to) = row.ends();
            format!("{who} to choose which pieces of the row from {from} to {to} to take or keep.")
        }
        Pending::Tamsk => format!("{who} may push again with TAMSK."),
    }
}

/// `White has 12 pieces in reserve and 3 GIPF-pieces on the board; Black has 11 and 2.`
/// (the basic game: only the reserves).
fn material(game: &Game) -> String {
    let [white, black] =
        Color::ALL.map(|color| (game.reserve(color), game.gipf_pieces(color).count()));
    // The basic game has no GIPF-pieces to count.
    if !game.options().variant().has_gipf_pieces() {
        return format!(
            "White has {} in reserve; Black has {}.",
            pieces(white.0, "piece"),
            black.0
        );
    }
    format!(
        "White has {} in reserve and {} on the board; Black has {} and {}.",
        pieces(white.0, "piece"),
        pieces(white.1, "GIPF-piece"),
        black.0,
        black.1
    )
}

fn pieces(count: impl Into<u64>, what: &str) -> String {
    let count = count.into();
    if count == 1 {
        format!("1 {what}")
    } else {
        format!("{count} {what}s")
    }
}

/// `text`, cut at a word to [`Picture::MAX_ALT`] characters, an ellipsis marking the cut.
pub(super) fn within_limit(text: String) -> String {
    if text.chars().count() <= Picture::MAX_ALT {
        return text;
    }
    let kept: String = text.chars().take(Picture::MAX_ALT - 1).collect();
    let cut = kept.rfind(' ').unwrap_or(kept.len());
    format!("{}…", &kept[..cut])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn players_named_by_their_colour_and_a_basic_game_s_gipf_pieces_go_unsaid() {
        let game = Game::new(gipf::potentials::Options::plain(gipf::Variant::BASIC));
        let view = BoardView {
            game: &game,
            last_turn: None,
            names: gipf::ByColor::new("you", "Black"),
            note: Some("Lesson 1: The board"),
        };
        assert_eq!(
            describe(&view, None, None),
            "Board of a game of basic GIPF. White: you. White to move. White has 12 pieces in \
             reserve; Black has 12. Lesson 1: The board."
        );
    }

    #[test]
    fn a_long_text_is_cut_at_a_word_within_the_limit() {
        let long = "word ".repeat(400);
        let cut = within_limit(long);
        assert!(cut.chars().count() <= Picture::MAX_ALT);
        assert!(cut.ends_with("word…"));
        assert_eq!(within_limit("short.".into()), "short.");
    }
}
