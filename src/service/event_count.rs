//! What an event's game counts for, said under its end (issue 45): the game's end knows
//! the game, not the event's rounds, so it reads the event and round from the store.

use gipf::Color;

use crate::service::LiveGame;
use crate::store::Store;
use crate::text::Text;

/// What an event's `game`, just won by `winner`, counts for, said under its end: `It
/// counts for round 2 of Trio: a win for bob. …`; nothing for a game outside an event.
pub(super) fn event_count(
    store: &Store,
    game: &LiveGame,
    winner: Color,
) -> anyhow::Result<Option<Text>> {
    if !game.stored.in_event {
        return Ok(None);
    }
    let Some((event, round)) = store.event_of_game(game.stored.id)? else {
        return Ok(None);
    };
    Ok(Some(crate::text![
        format!("\nIt counts for round {round} of {event}: a win for "),
        game.name(winner),
        ". The next round is paired within a minute of the round's last game ending."
    ]))
}
