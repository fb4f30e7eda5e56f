//! The command a hint or an analysis gives for a turn: the shortest line a player types that
//! plays it, checked by reading it with the parser and playing it as his own command; and
//! what the turn gives up.

use gipf::potentials::{Action, Game, LineNote, Pending, PieceKind, Turn};

use crate::command::{Command, Phrasing, parse, potential_word};
use crate::service::play::working::Working;
use crate::service::words::{and_list, row_verb};

/// The command that plays `turn` (written in the notation) in `game`, as a player types it:
/// the push alone (`push a5 b5`, `gipf a5 b5`, `push a5 b5 basic` while potentials are left
/// to load, `push a5 b5 zertz`) when, played so, it makes the whole turn (any removal
/// following by itself); else the whole turn (`move a4-g2;xd4,c4,b4`).
pub(in crate::service) fn command_for(game: &Game, turn: &str) -> String {
    let whole = format!("move {turn}");
    let Some(wanted) = resolved(game, turn) else {
        return whole;
    };
    push_forms(&wanted)
        .into_iter()
        .find(|line| plays(game, line, &wanted))
        .unwrap_or(whole)
}

/// The first turn `turn` makes from `game`, if it is a legal one.
fn resolved(game: &Game, turn: &str) -> Option<Turn> {
    let note = turn.parse::<LineNote>().ok()?;
    let (_, done) = game.resolve(&note).ok()?;
    done.into_iter().next()
}

/// The lines that may push `turn`'s piece, shortest first.
fn push_forms(turn: &Turn) -> Vec<String> {
    let Some(Action::Push { piece, path, .. }) = &turn.action else {
        return Vec::new();
    };
    let at = format!("{} {}", path.entry.dot(), path.entry.first());
    match piece {
        PieceKind::Gipf => vec![format!("gipf {at}")],
        PieceKind::Basic => vec![format!("push {at}"), format!("push {at} basic")],
        PieceKind::Loaded(kind) => vec![format!("push {at} {}", potential_word(*kind))],
    }
}

/// Whether `line`, read as a player's command and played as one, makes exactly `wanted`.
fn plays(game: &Game, line: &str, wanted: &Turn) -> bool {
    let say = Phrasing::chat("!");
    let Some(Ok(Command::Play(command))) = parse(&format!("!{line}"), &say) else {
        return false;
    };
    let mut working = Working::new(game.clone(), Vec::new(), &say);
    working.run(&command).is_ok() && working.completed.first() == Some(wanted)
}

/// What a hint warns of when `turn` (in the notation) makes a row of the opponent's
/// colour: `it makes a row for black, who will remove it at the start of his turn`.
pub(in crate::service) fn rows_given(game: &Game, turn: &str) -> Option<String> {
    let note = turn.parse::<LineNote>().ok()?;
    let (next, _) = game.resolve(&note).ok()?;
    let opponent = !game.to_move();
    let his_rows = !next.current_turn().before.is_empty()
        || matches!(
            next.pending(),
            Pending::ChooseRow { .. } | Pending::Remove { .. }
        );
    (next.outcome().is_none() && next.to_move() == opponent && his_rows).then(|| {
        format!(
            "it makes a row for {opponent}, who will {} it at the start of his turn",
            row_verb(game)
        )
    })
}

/// What `turn` gives up, said after a hint: `this gives up your 3 TAMSK and 1 DVONN`, when
/// it pushes a basic piece while its player still had potentials to load.
pub(in crate::service) fn given_up(game: &Game, turn: &Turn) -> Option<String> {
    let Some(Action::Push {
        piece: PieceKind::Basic,
        ..
    }) = &turn.action
    else {
        return None;
    };
    let supply = game.supply(turn.color);
    let kinds: Vec<String> = supply
        .kinds()
        .map(|kind| format!("{} {}", supply[kind], kind.name()))
        .collect();
    (!kinds.is_empty()).then(|| {
        format!(
            "this pushes a basic piece, which gives up your {}",
            and_list(&kinds)
        )
    })
}

#[cfg(test)]
mod tests {
    use gipf::potentials::{Action, Game, Options, PieceKind};
    use gipf::random::Rng;

    use super::command_for;
    use crate::command::{Command, Phrasing, parse};
    use crate::record::turn_text;
    use crate::service::play::working::Working;

    /// Every game kind a challenge makes: plain, with potentials, Ultimate.
    fn every_kind() -> Vec<Options> {
        [
            ("basic", None),
            ("standard", None),
            ("tournament", None),
            ("standard", Some("TZD:3")),
            ("tournament", Some("TZ:3/DP:3")),
            ("ultimate", None),
        ]
        .into_iter()
        .map(|(game, potentials)| Options::parse(game, potentials).unwrap())
        .collect()
    }

    /// The turns `line` makes when a player types it in `game`, as the record writes them;
    /// the refusal if it is refused.
    fn typed(game: &Game, line: &str) -> Result<Vec<String>, String> {
        let say = Phrasing::chat("!");
        let command = match parse(&format!("!{line}"), &say) {
            Some(Ok(Command::Play(command))) => command,
            other => return Err(format!("not a move: {other:?}")),
        };
        let mut working = Working::new(game.clone(), Vec::new(), &say);
        match working.run(&command) {
            Ok(()) => Ok(working
                .completed
                .iter()
                .map(|t| turn_text(&game.options(), t, false))
                .collect()),
            Err(failure) => Err(format!("{failure:?}")),
        }
    }

    #[test]
    fn the_command_given_for_any_turn_is_accepted_as_given_and_plays_that_turn() {
        for options in every_kind() {
            for seed in 1..=6 {
                let mut rng = Rng::new(seed);
                let mut game = Game::new(options);
                for _ in 0..40 {
                    let turns = game.legal_turns();
                    if turns.is_empty() || game.outcome().is_some() {
                        break;
                    }
                    let (turn, next) = turns[rng.below(turns.len())].clone();
                    let text = turn_text(&options, &turn, false);
                    let line = command_for(&game, &text);
                    let played = typed(&game, &line).unwrap_or_else(|refusal| {
                        panic!(
                            "{} seed {seed}: `{line}` for `{text}`: {refusal}",
                            options.name()
                        )
                    });
                    assert_eq!(played.first(), Some(&text), "`{line}`");
                    game = next;
                }
            }
        }
    }

    #[test]
    fn a_basic_push_beside_potentials_says_which_it_gives_up() {
        let options = Options::parse("ultimate", None).unwrap();
        let mut game = Game::new(options);
        let (opening, after) = game.legal_turns().swap_remove(0);
        assert!(
            super::given_up(&game, &opening).is_none(),
            "a GIPF-piece keeps them"
        );
        game = after;
        game = game.legal_turns().swap_remove(0).1;
        let basic = game
            .legal_turns()
            .into_iter()
            .map(|(turn, _)| turn)
            .find(|turn| {
                matches!(
                    &turn.action,
                    Some(Action::Push {
                        piece: PieceKind::Basic,
                        ..
                    })
                )
            })
            .unwrap();
        assert_eq!(
            super::given_up(&game, &basic).as_deref(),
            Some(
                "this pushes a basic piece, which gives up your 3 TAMSK, 3 ZÈRTZ, 3 DVONN, 3 YINSH and 3 PÜNCT"
            )
        );
    }

    #[test]
    fn a_turn_that_makes_the_opponent_a_row_says_so() {
        let options = Options::parse("basic", None).unwrap();
        let start = Game::new(options);
        let first = turn_text(&options, &start.legal_turns()[0].0, false);
        assert_eq!(super::rows_given(&start, &first), None);
        let mut warned = 0;
        for seed in 1..=20 {
            let mut rng = Rng::new(seed);
            let mut game = Game::new(options);
            for _ in 0..60 {
                let turns = game.legal_turns();
                if turns.is_empty() || game.outcome().is_some() {
                    break;
                }
                let (turn, next) = turns[rng.below(turns.len())].clone();
                let text = turn_text(&options, &turn, false);
                let opponent_has_a_row = next.outcome().is_none()
                    && next
                        .legal_turns()
                        .first()
                        .is_some_and(|(his, _)| !his.before.is_empty());
                let said = super::rows_given(&game, &text);
                assert_eq!(said.is_some(), opponent_has_a_row, "{text}: {said:?}");
                warned += usize::from(said.is_some());
                game = next;
            }
        }
        assert!(warned > 0, "no random turn made the opponent a row");
    }
}
