//! What only games with potentials and Ultimate GIPF add to the words of the bot: the
//! challenge's description of their supplies, and the note on the reconstructed rules
//! (`docs/potentials.md`). They are played through the one play path (`play/mod.rs`) and asked
//! through the one prompt (`prompt.rs`).

use gipf::Color;
use gipf::potentials::{Options, Potential};

/// Said wherever the bot explains TAMSK or PÜNCT against a GIPF-piece.
pub(crate) const RECONSTRUCTED: &str =
    "TAMSK and PÜNCT against a GIPF-piece follow reconstructed rules: the official text is lost.";

/// The challenge's words about its potentials, if it has any.
pub(crate) fn describe(options: &Options) -> Option<String> {
    if options.is_ultimate() {
        return Some(format!(
            "Ultimate GIPF: 21 pieces each and the potentials T3 Z3 D3 Y3 P3. {RECONSTRUCTED}"
        ));
    }
    let header = options.header()?;
    let reconstructed = Color::ALL.iter().any(|&c| {
        options.supply()[c][Potential::Tamsk] > 0 || options.supply()[c][Potential::Punct] > 0
    });
    Some(format!(
        "With potentials: {}.{}",
        header.replace("W:", "White ").replace(" B:", ", Black "),
        if reconstructed {
            format!(" {RECONSTRUCTED}")
        } else {
            String::new()
        }
    ))
}

#[cfg(test)]
mod tests {
    use gipf::potentials::{Decision, Game, Options, Pending, PieceKind, Setup};
    use gipf::{Entry, Point};

    use crate::command::{Answer, Phrasing, PlayCommand};
    use crate::service::Failure;
    use crate::service::play::working::Working;

    /// `docs/potentials.md` §6, the GEN 8 example: White's push d1-d4 makes the run
    /// b2 c3 d4 e5 f5 of GIPF-pieces and a loaded piece, which must end broken.
    fn gen_8(say: &Phrasing) -> Working<'_> {
        let mut setup = Setup::new(Options::parse("tournament", Some("Z3")).unwrap());
        setup
            .place_all("b2:W c3:W e5:W f5:W d3:wZ d2:b g6:B")
            .unwrap();
        Working::new(Game::from_setup(&setup), Vec::new(), say)
    }

    fn push(entry: Entry, piece: Option<PieceKind>, answers: Vec<Answer>) -> PlayCommand {
        PlayCommand::Push {
            entry,
            end: None,
            piece,
            answers,
        }
    }

    fn refusal_text(result: Result<(), Failure>) -> String {
        match result {
            Err(Failure::Refused(text)) => text.to_string(),
            other => panic!("not refused: {:?}", other.is_ok()),
        }
    }

    #[test]
    fn a_choice_that_leaves_the_row_unbroken_is_refused_naming_its_four_spots() {
        let say = Phrasing::chat("!");
        let entry: Entry = "d1-d2".parse().unwrap();
        let basic = Some(PieceKind::Basic);
        for (answer, four) in [
            (Answer::Take(vec![Point::B2]), "c3 d4 e5 f5"),
            (Answer::KeepAll, "b2 c3 d4 e5"),
        ] {
            let mut working = gen_8(&say);
            let text = refusal_text(working.run(&push(entry, basic, vec![answer])));
            assert!(
                text.contains(&format!("{four} still hold 4 of its pieces in a row")),
                "{text}"
            );
        }
        // Asked, the player is not offered to keep them all.
        let mut working = gen_8(&say);
        working.run(&push(entry, basic, Vec::new())).unwrap();
        assert!(matches!(working.game.pending(), Pending::Remove { .. }));
        assert!(
            working
                .game
                .clone()
                .play(Decision::Take(gipf::Bitboard::EMPTY))
                .is_err()
        );
        let text = refusal_text(working.run(&PlayCommand::Answer(Answer::Row(1))));
        // Keeping them all leaves the row unbroken, and taking them all would take White's
        // last GIPF-pieces and lose: neither is offered, but a real take is.
        assert!(text.ends_with("of the row: `!take c3`"), "{text}");
        assert!(
            !text.contains("keep all") && !text.contains("take all"),
            "{text}"
        );
        let mut working = gen_8(&say);
        let take_loaded = Answer::Take(vec![Point::D4]);
        working.run(&push(entry, basic, vec![take_loaded])).unwrap();
        assert_eq!(working.completed[0].to_string(), "d1-d4;xZd4");
    }

    #[test]
    fn a_push_without_a_piece_keeps_the_potentials_and_says_how_to_name_one() {
        let say = Phrasing::slash("!");
        let mut working = gen_8(&say);
        let text = refusal_text(working.run(&push("d1-d2".parse().unwrap(), None, Vec::new())));
        assert!(text.contains("`/push entry:d1-d2 piece:zertz`"), "{text}");
        assert!(text.contains("`/push entry:d1-d2 piece:basic`"), "{text}");
    }
}
