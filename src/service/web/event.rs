//! What an event's page shows: its settings, the standings with their tie-breaks, the
//! crosstable whose cells link their games, every round's pairings and who withdrew, read
//! through the same record of the event as `tournament standings`.

use gipf::Color;
use gipf_tournament::{Event, Standing};

use super::super::Service;
use super::super::names::plain_name;
use super::super::tournament::results::{event_record, winner};
use super::super::tournament::standings::standings_reply;
use crate::model::{EventStatus, GameId};
use crate::reply::Picture;
use crate::store::{EventGame, Tournament};

/// An event's page.
#[derive(Clone, Debug)]
pub struct EventPage {
    /// Its name.
    pub name: String,
    /// How it is played: format, game, time per move, rated or not.
    pub settings: Vec<String>,
    /// Where it stands (`round 2 of 3`, `finished`).
    pub state: String,
    /// The names of its tie-breaks, in order.
    pub tie_breaks: Vec<String>,
    /// A line a player, best first.
    pub standings: Vec<StandingRow>,
    /// The crosstable: a row a player, in the standings' order, a cell for each opponent in
    /// the same order (the player's own cell empty).
    pub crosstable: Vec<Vec<CrossCell>>,
    /// Every round paired so far, the first first.
    pub rounds: Vec<RoundRow>,
    /// Who withdrew.
    pub withdrawn: Vec<String>,
}

/// A player's line of the standings.
#[derive(Clone, Debug)]
pub struct StandingRow {
    /// His place, from 1.
    pub rank: usize,
    /// His name.
    pub name: String,
    /// The address of his page in the event's server.
    pub page: Option<String>,
    /// His points.
    pub points: String,
    /// His tie-breaks, in the order of [`EventPage::tie_breaks`].
    pub tie_breaks: Vec<String>,
    /// Whether he withdrew.
    pub withdrawn: bool,
}

/// A cell of the crosstable: the games between its row's player and its column's, each as
/// the row's player scored it (`1`, `0`, `*` while it runs) and its page, if it has one.
#[derive(Clone, Debug, Default)]
pub struct CrossCell {
    /// The games.
    pub games: Vec<(String, Option<String>)>,
}

/// A round's pairings.
#[derive(Clone, Debug)]
pub struct RoundRow {
    /// Its number, from 1.
    pub round: u32,
    /// Its games.
    pub games: Vec<PairingRow>,
    /// Who had the bye.
    pub byes: Vec<String>,
}

/// A game of a round.
#[derive(Clone, Debug)]
pub struct PairingRow {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// `1-0`, `0-1`, or `being played`.
    pub result: String,
    /// Its page's address, if it has one.
    pub page: Option<String>,
}

impl Service {
    /// The page of the event at `key`, if it has one.
    pub fn event_page(&self, key: &str) -> anyhow::Result<Option<EventPage>> {
        let Some(event) = self.store.event_at(key)? else {
            return Ok(None);
        };
        let record = event_record(&self.events(), &event)?;
        let standings = record.standings();
        let games = self.store.event_games(event.id)?;
        let names = (event.entries.iter())
            .map(|entry| plain_name(&self.store, entry.user))
            .collect::<anyhow::Result<Vec<_>>>()?;
        let pages = (games.iter())
            .map(|game| Ok((game.game, self.store.page_of(game.game)?)))
            .collect::<anyhow::Result<Vec<(GameId, Option<String>)>>>()?;
        let page_of = |id: GameId| pages.iter().find(|(g, _)| *g == id)?.1.clone();
        Ok(Some(EventPage {
            name: event.terms.name.clone(),
            settings: settings(&event),
            state: state(&event, &record),
            tie_breaks: (record.format.tie_breaks().iter())
                .map(|tie| tie.name().to_string())
                .collect(),
            standings: self.standing_rows(&event, &standings, &names)?,
            crosstable: crosstable(&event, &standings, &games, &page_of),
            rounds: self.round_rows(&event, &games, &names, &page_of)?,
            withdrawn: (event.entries.iter().zip(&names))
                .filter(|(entry, _)| entry.withdrawn)
                .map(|(_, name)| name.clone())
                .collect(),
        }))
    }

    /// The crosstable's picture of the event at `key`, as `tournament standings` posts it,
    /// if it has a page and a round was played.
    pub fn event_picture(&self, key: &str) -> anyhow::Result<Option<Picture>> {
        let Some(event) = self.store.event_at(key)? else {
            return Ok(None);
        };
        if event.rounds_started == 0 {
            return Ok(None);
        }
        Ok(standings_reply(&self.events(), &event, true)?.board)
    }

    fn standing_rows(
        &self,
        event: &Tournament,
        standings: &[Standing],
        names: &[String],
    ) -> anyhow::Result<Vec<StandingRow>> {
        let guild = event.terms.guild;
        (standings.iter())
            .map(|standing| {
                let user = event.entries[standing.player].user;
                Ok(StandingRow {
                    rank: standing.rank,
                    name: names[standing.player].clone(),
                    page: self.store.player_page_of(guild, user)?,
                    points: standing.points.to_string(),
                    tie_breaks: (standing.tie_breaks.iter())
                        .map(|(_, points)| points.to_string())
                        .collect(),
                    withdrawn: standing.withdrawn,
                })
            })
            .collect()
    }

    fn round_rows(
        &self,
        event: &Tournament,
        games: &[EventGame],
        names: &[String],
        page_of: &dyn Fn(GameId) -> Option<String>,
    ) -> anyhow::Result<Vec<RoundRow>> {
        let name = |user| {
            event
                .seat_of(user)
                .map_or_else(|| "someone".to_string(), |seat| names[seat].clone())
        };
        let byes = self.store.event_byes(event.id)?;
        Ok((1..=event.rounds_started)
            .map(|round| RoundRow {
                round,
                games: (games.iter().filter(|game| game.round == round))
                    .map(|game| PairingRow {
                        white: name(game.players[Color::White]),
                        black: name(game.players[Color::Black]),
                        result: match winner(game) {
                            None => "being played".into(),
                            Some(Color::White) => "1-0".into(),
                            Some(Color::Black) => "0-1".into(),
                        },
                        page: page_of(game.game),
                    })
                    .collect(),
                byes: (byes.iter().filter(|(r, _)| *r == round))
                    .map(|(_, user)| name(*user))
                    .collect(),
            })
            .collect())
    }
}

/// How `event` is played, a phrase each.
fn settings(event: &Tournament) -> Vec<String> {
    let terms = &event.terms;
    [
        Some(terms.format.to_string()),
        Some(terms.spec.title()),
        terms
            .time
            .map(|time| super::super::game::time::per_move(time.days)),
        Some(if terms.rated { "rated" } else { "unrated" }.to_string()),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// Where `event` stands.
fn state(event: &Tournament, record: &Event) -> String {
    match event.status {
        EventStatus::Open => "open for entries".into(),
        EventStatus::Running => format!(
            "round {} of {}",
            event.rounds_started,
            record.total_rounds()
        ),
        EventStatus::Finished => "finished".into(),
        EventStatus::Cancelled => "cancelled".into(),
    }
}

/// The crosstable of `games`, its rows and columns in the order of `standings`.
fn crosstable(
    event: &Tournament,
    standings: &[Standing],
    games: &[EventGame],
    page_of: &dyn Fn(GameId) -> Option<String>,
) -> Vec<Vec<CrossCell>> {
    let seat = |game: &EventGame, color| event.seat_of(game.players[color]);
    (standings.iter())
        .map(|row| {
            (standings.iter())
                .map(|column| {
                    let mut cell = CrossCell::default();
                    for game in games {
                        let seats = [seat(game, Color::White), seat(game, Color::Black)];
                        let color = match seats {
                            [Some(w), Some(b)] if (w, b) == (row.player, column.player) => {
                                Color::White
                            }
                            [Some(w), Some(b)] if (b, w) == (row.player, column.player) => {
                                Color::Black
                            }
                            _ => continue,
                        };
                        let score = match winner(game) {
                            None => "*",
                            Some(won) if won == color => "1",
                            Some(_) => "0",
                        };
                        cell.games.push((score.to_string(), page_of(game.game)));
                    }
                    cell
                })
                .collect()
        })
        .collect()
}
