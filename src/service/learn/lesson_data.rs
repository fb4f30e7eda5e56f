//! The course's lessons: each one's position, words, task, the commands its hint gives, and
//! the check of a learner's turn against the task.

use gipf::potentials::{Action, Game, Options, PieceKind, Potential, Setup, Turn};
use gipf::{Color, Point};

/// What a lesson asks, checked on the game before and after the learner's turn: `Ok` when
/// done, else what happened and what to try instead (without the command, which the hint
/// gives).
pub(super) type Check = fn(&Game, &Game, &Turn) -> Result<(), String>;

/// One lesson: its position and words, and its task.
pub(super) struct Lesson {
    pub title: &'static str,
    /// The game and its pieces, as `docs/potentials.md` writes stacks ([`AT_START`]: as
    /// the game starts).
    pub game: &'static str,
    pub potentials: Option<&'static str>,
    pub pieces: &'static str,
    /// Two or three sentences.
    pub text: &'static str,
    /// The task, in words: what to do, not the command that does it.
    pub task: &'static str,
    /// The commands that do it, one a question of the turn, as the hint gives them.
    pub steps: &'static [&'static str],
    pub check: Check,
}

pub(super) const LESSONS: [Lesson; 10] = [
    Lesson {
        title: "The board and its coordinates",
        game: "basic",
        potentials: None,
        pieces: "",
        text: "GIPF is played on 37 spots, where pieces stand, ringed by 24 dots, where a piece \
               comes in. Columns run from a to i, left to right, and each column counts its \
               points from the bottom: the dot e1 is at White's side, e5 is the centre.",
        task: "Bring a piece in from the dot e1 onto the spot e2",
        steps: &["push e1 e2"],
        check: |_, _, turn| match pushed(turn) {
            Some((dot, first, _)) if (dot, first) == (Point::E1, Point::E2) => Ok(()),
            Some((dot, first, _)) => Err(format!(
                "that piece came in from {dot} onto {first}; this lesson asks for the dot e1 \
                 and the spot e2"
            )),
            None => Err("push a piece in".to_string()),
        },
    },
    Lesson {
        title: "Pushing",
        game: "basic",
        potentials: None,
        pieces: "e2:w e3:w",
        text: "A piece pushed onto a spot that holds a piece slides the pieces in front of it \
               one step along the line, up to the first empty spot. A line with no empty spot \
               cannot be pushed into.",
        task: "Push from e1 so that your pieces on e2 and e3 move up one spot",
        steps: &["push e1 e2"],
        check: |_, _, turn| match pushed(turn) {
            Some((Point::E1, Point::E2, end)) if end == Point::E4 => Ok(()),
            _ => Err("that push moved nothing on the e-line; push from e1 into e2".to_string()),
        },
    },
    Lesson {
        title: "Rows and captures",
        game: "basic",
        potentials: None,
        pieces: "c3:w d4:w e5:w f5:b",
        text: "Four pieces of one colour in a line make a row. It is removed with every piece \
               directly extending it: your own go back to your reserve, your opponent's are \
               captured. Capture pieces; a player who cannot push loses.",
        task: "Complete your row on the line b2-e5 and capture Black's piece on f5",
        steps: &["push a1 b2"],
        check: |before, after, _| {
            if captured(before, after) {
                Ok(())
            } else {
                Err("that push makes no row; complete the line b2-e5 from the dot a1".to_string())
            }
        },
    },
    Lesson {
        title: "GIPF-pieces",
        game: "standard",
        potentials: None,
        pieces: "c3:w d4:w e5:w h2:W f5:B g2:b",
        text: "A GIPF-piece is two pieces stacked. In a row being removed it is the remover's \
               choice: take it or leave it, and the game asks which once the push is made. In \
               the standard and tournament games a player with no GIPF-piece left loses.",
        task: "Make the row b2-e5, then, when the game asks, take Black's only GIPF-piece on \
               f5 with it and win",
        steps: &["push a1 b2", "take f5"],
        check: |_, after, _| match after.outcome() {
            Some(outcome) if outcome.winner == Color::White => Ok(()),
            _ => Err("Black's GIPF-piece on f5 is still there: take it with your row".to_string()),
        },
    },
    Lesson {
        title: "Several rows at once",
        game: "basic",
        potentials: None,
        pieces: "e2:w e3:w e5:w d3:w f4:w g4:w h4:b",
        text: "One push can make two rows. When they share a piece you choose which goes \
               first, and removing it breaks the other; rows that share nothing are both \
               removed.",
        task: "Push from e1 to make the rows e2-e5 and d3-g4 together, then remove the one \
               that captures Black's piece on h4",
        steps: &["push e1 e2", "row 2"],
        check: |before, after, _| {
            if captured(before, after) {
                Ok(())
            } else {
                Err(
                    "that removal captured nothing: the row d3-g4 is the one Black's h4 \
                     extends"
                        .to_string(),
                )
            }
        },
    },
    Lesson {
        title: "Rows you make for your opponent",
        game: "basic",
        potentials: None,
        pieces: "e2:b e3:b e4:b e6:b",
        text: "A push that lines up four of your opponent's pieces makes a row for him: he \
               removes it at the start of his turn, and captures whatever of yours extends it. \
               Look at the lines your push moves.",
        task: "Push without sliding Black's pieces on e2-e4 up to his piece on e6",
        steps: &["push a1 b2"],
        check: |_, after, _| {
            // Black's row is his to remove at the start of his turn (or removed already, where
            // it asks nothing).
            let removed = after
                .current_turn()
                .before
                .iter()
                .any(|group| !group.is_empty());
            if after.rows(Color::Black).is_empty() && !removed {
                Ok(())
            } else {
                Err(
                    "that push lined up Black's e3 to e6: a row he removes at the start of his \
                     turn; push on another line"
                        .to_string(),
                )
            }
        },
    },
    Lesson {
        title: "The GIPF-pieces of the tournament game",
        game: "tournament",
        potentials: None,
        pieces: AT_START,
        text: "In the tournament game nobody starts with GIPF-pieces: you bring them in \
               yourself, as pushes, as many as you like, but only before your first basic \
               piece. Your first push must be one.",
        task: "Bring your first GIPF-piece in",
        steps: &["gipf a1 b2"],
        check: |_, _, turn| match &turn.action {
            Some(Action::Push {
                piece: PieceKind::Gipf,
                ..
            }) => Ok(()),
            _ => Err("your first push brings in a GIPF-piece".to_string()),
        },
    },
    Lesson {
        title: "Potentials",
        game: "basic",
        potentials: Some("Z3"),
        pieces: "b2:wZ c3:b d3:w d5:w d6:w",
        text: "With the potentials a piece can be loaded with a power, used once instead of a \
               push. The ZÈRTZ jumps over a line of pieces onto the empty spot after it; a row it \
               makes is removed as after a push.",
        task: "Jump your ZÈRTZ from b2 over c3 onto d4 and complete the row d3-d6",
        steps: &["zertz b2 d4"],
        check: |_, _, turn| match turn.action {
            Some(Action::Move {
                kind: Potential::Zertz,
                ..
            }) if !turn.after.is_empty() => Ok(()),
            _ => Err("this lesson asks for the ZÈRTZ jump that makes a row".to_string()),
        },
    },
    Lesson {
        title: "TAMSK",
        game: "basic",
        potentials: Some("T3"),
        pieces: "e2:b e3:b e4:wT",
        text: "A TAMSK-loaded piece that a push brings onto the centre, e5, pushes once more: a \
               second push of yours at once, from any dot, or none if you give it up. (How it \
               plays is reconstructed: its page of the rules is lost.)",
        task: "Push from e1 so that your TAMSK piece reaches e5, then use its extra push",
        steps: &["push e1 e2 basic", "tamsk a5 b5"],
        check: |_, _, turn| match &turn.action {
            Some(Action::Push { extras, .. }) if extras.iter().any(Option::is_some) => Ok(()),
            _ => Err(
                "your TAMSK piece did not push again: bring it onto e5 from e1 and use \
                      its extra push"
                    .to_string(),
            ),
        },
    },
    Lesson {
        title: "PÜNCT",
        game: "standard",
        potentials: Some("P3"),
        pieces: "d4:wP h2:W e5:B",
        text: "A PÜNCT-loaded piece jumps onto a neighbouring GIPF-piece (or PÜNCT) of the \
               opponent and makes it yours: a GIPF-piece converted is one he loses. (Against a \
               GIPF-piece, how it plays is reconstructed.)",
        task: "Convert Black's only GIPF-piece, on e5, with your PÜNCT on d4, and win",
        steps: &["punct d4 e5"],
        check: |_, after, turn| match turn.action {
            Some(Action::Move {
                kind: Potential::Punct,
                ..
            }) if after.outcome().is_some_and(|o| o.winner == Color::White) => Ok(()),
            _ => Err("this lesson asks for the PÜNCT's jump onto Black's GIPF-piece".to_string()),
        },
    },
];

/// Whether White captured a piece of Black's from `before` to `after`.
fn captured(before: &Game, after: &Game) -> bool {
    after.lost(Color::Black) > before.lost(Color::Black)
}

/// The push of a turn: its dot, first spot and where the pushed line ends.
fn pushed(turn: &Turn) -> Option<(Point, Point, Point)> {
    match &turn.action {
        Some(Action::Push { path, .. }) => Some((path.entry.dot(), path.entry.first(), path.end)),
        _ => None,
    }
}

/// The pieces of a lesson that starts as its game starts (the tournament game's
/// GIPF-pieces still to bring in), rather than on a board of its own.
const AT_START: &str = "start";

/// The lesson's position, White to move.
pub(super) fn start(lesson: &Lesson) -> anyhow::Result<Game> {
    let options = Options::parse(lesson.game, lesson.potentials)?;
    if lesson.pieces == AT_START {
        return Ok(Game::new(options));
    }
    let mut setup = Setup::new(options);
    setup.place_all(lesson.pieces)?;
    Ok(Game::from_setup(&setup))
}
