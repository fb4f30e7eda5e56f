//! Whether the last GIPF-piece of the player to move lies open: a turn of the opponent, were
//! it his move now, that takes it or converts it. The rules crate plays every such turn on a
//! copy of the game with the move passed.

use gipf::potentials::{Game, Setup};
use gipf::{ByColor, Color, Point};

/// The spot of the only GIPF-piece of the player to move, if the opponent, moving now,
/// could take or convert it (and so win).
pub(in crate::service) fn last_gipf_open(game: &Game) -> Option<Point> {
    let me = game.to_move();
    let mine = game.gipf_pieces(me);
    if mine.count() != 1 || game.outcome().is_some() {
        return None;
    }
    let spot = mine.iter().next()?;
    let theirs = passed(game, !me);
    theirs
        .legal_turns()
        .iter()
        .any(|(_, after)| after.gipf_pieces(me).is_empty())
        .then_some(spot)
}

/// `game` with `color` to move, at the start of his turn.
fn passed(game: &Game, color: Color) -> Game {
    let mut setup = Setup::new(game.options());
    setup.board = game.stacks().collect();
    setup.reserve = ByColor::new(game.reserve(Color::White), game.reserve(Color::Black));
    setup.lost = ByColor::new(game.lost(Color::White), game.lost(Color::Black));
    setup.supply = ByColor::new(game.supply(Color::White), game.supply(Color::Black));
    setup.out = ByColor::new(
        game.out_of_game(Color::White),
        game.out_of_game(Color::Black),
    );
    setup.phase = ByColor::new(game.phase(Color::White), game.phase(Color::Black));
    setup.to_move = color;
    Game::from_setup(&setup)
}

#[cfg(test)]
mod tests {
    use gipf::Variant;
    use gipf::potentials::Options;

    use super::*;

    fn game(options: Options, stacks: &str) -> Game {
        let mut setup = Setup::new(options);
        setup.place_all(stacks).unwrap();
        Game::from_setup(&setup)
    }

    #[test]
    fn a_last_gipf_piece_a_push_can_capture_is_open() {
        // Black's push onto e8 makes the row e5-e8, whose extension is White's GIPF-piece.
        let open = game(
            Options::plain(Variant::Standard),
            "e4:W e5:b e6:b e7:b b2:B",
        );
        assert_eq!(last_gipf_open(&open), Some(Point::E4));
        let safe = game(Options::plain(Variant::Standard), "e4:W e5:b b2:B");
        assert_eq!(last_gipf_open(&safe), None);
    }

    #[test]
    fn a_last_gipf_piece_next_to_a_punct_is_open() {
        let open = game(
            Options::parse("standard", Some("P3")).unwrap(),
            "d5:W d4:bP b2:B",
        );
        assert_eq!(last_gipf_open(&open), Some(Point::D5));
    }
}
