//! An event as the pairing crate reads it: its entries numbered in entry order, its games
//! with their results read from the stored games, and its byes.

use gipf::Color;
use gipf_tournament::{Event, Format, Played, Winner};

use super::Hands;
use crate::model::{EventFormat, GameStatus};
use crate::store::{EventGame, Tournament};

/// The pairing crate's format of an event.
pub(super) fn pairing_format(format: EventFormat) -> Format {
    match format {
        EventFormat::Swiss { rounds } => Format::Swiss { rounds },
        EventFormat::RoundRobin { cycles } => Format::RoundRobin { cycles },
    }
}

/// The winner of an event's game, once it ended. A game that ends without a result by the
/// rules' standards (abandoned, or aborted) still has one in an event: the player whose
/// turn it was let it lapse and loses it.
pub(in crate::service) fn winner(game: &EventGame) -> Option<Color> {
    match game.status {
        GameStatus::Active => None,
        GameStatus::Won(color) => Some(color),
        GameStatus::Abandoned | GameStatus::Aborted => Some(!game.to_move),
    }
}

/// The record of `event` as stored now: its games and byes, each player by entry
/// number.
pub(in crate::service) fn event_record(h: &Hands<'_>, event: &Tournament) -> anyhow::Result<Event> {
    let seat = |user| event.seat_of(user);
    let games = h.store.event_games(event.id)?;
    let mut record = Event::new(pairing_format(event.terms.format), event.entries.len());
    record.withdrawn = (event.entries.iter().enumerate())
        .filter_map(|(i, entry)| entry.withdrawn.then_some(i))
        .collect();
    for game in games {
        let (Some(white), Some(black)) = (
            seat(game.players[Color::White]),
            seat(game.players[Color::Black]),
        ) else {
            continue;
        };
        record.games.push(Played {
            round: game.round,
            white,
            black,
            winner: winner(&game).map(|color| match color {
                Color::White => Winner::White,
                Color::Black => Winner::Black,
            }),
            forfeit: matches!(game.status, GameStatus::Abandoned | GameStatus::Aborted),
        });
    }
    record.byes = (h.store.event_byes(event.id)?.into_iter())
        .filter_map(|(round, user)| Some((round, seat(user)?)))
        .collect();
    Ok(record)
}
