//! How an event stands: `tournament standings` (points and tie-breaks, as text and as the
//! crosstable picture of `gipf-render`'s `crosstable.rs`) and `tournament pairings [round]` (a round's games and results).

use gipf::Color;
use gipf_render::{CrosstableView, render_crosstable};
use gipf_tournament::Standing;

use super::super::{Failure, Handled, Message, refuse};
use super::results::{event_record, winner};
use super::{Hands, event_to_read};
use crate::model::EventStatus;
use crate::model::UserId;
use crate::reply::{Picture, Reply};
use crate::service::alt_text::within_limit;
use crate::service::names::{name, plain_name};
use crate::service::page_link::{event_link, note_open};
use crate::store::Tournament;
use crate::text;
use crate::text::Text;

/// `tournament standings ["Name"]`: this channel's event, or the server's of that name.
pub(super) fn event_standings(h: &Hands<'_>, message: &Message, name: Option<&str>) -> Handled {
    let event = match name {
        Some(name) => event_named(h, message, name)?,
        None => event_to_read(h, message)?,
    };
    note_open(h.store, message, event.terms.channel);
    if event.status == EventStatus::Open {
        return Ok(Reply::public(entries_text(h, &event)?));
    }
    Ok(standings_reply(h, &event, true)?)
}

/// ` (1662)`: a rated event's player's rating in its game's pool now, where he has one.
fn rating_of(h: &Hands<'_>, event: &Tournament, player: UserId) -> anyhow::Result<String> {
    if !event.terms.rated {
        return Ok(String::new());
    }
    let kind = Some(event.terms.spec.kind());
    let rated = h.store.rating(Some(event.terms.guild), kind, player)?;
    Ok(rated.map_or(String::new(), |r| format!(" ({})", r.rating.rating.round())))
}

/// The server's latest event called `name` (in any case), among those `!tournaments` lists,
/// if everyone who reads the answer may view its channel.
fn event_named(h: &Hands<'_>, message: &Message, name: &str) -> Result<Tournament, Failure> {
    let say = h.voice.phrasing(message);
    let events = match message.guild {
        Some(guild) => h.store.tournaments_of(guild)?,
        None => Vec::new(),
    };
    let audience = crate::sight::Audience::Channel;
    let found = (events.into_iter())
        .find(|event| event.terms.name.to_lowercase() == name.to_lowercase())
        .filter(|event| message.sight.shows_channel(event.terms.channel, audience));
    found.ok_or_else(|| {
        Failure::Refused(
            format!(
                "This server has no tournament called \"{name}\" that can be shown here: {} lists \
             them.",
                say.cmd("tournaments")
            )
            .into(),
        )
    })
}

/// Who entered an event not yet started.
fn entries_text(h: &Hands<'_>, event: &Tournament) -> anyhow::Result<Text> {
    let mut names = Vec::with_capacity(event.entries.len());
    for entry in &event.entries {
        names.push(text![name(h.store, entry.user)?]);
    }
    let mut text = text![format!(
        "{} has not started: {} entered",
        event.terms.name,
        crate::text::count(event.entries.len() as u64, "player")
    )];
    if !names.is_empty() {
        text.push(" (");
        text.append(Text::join(names, ", "));
        text.push(")");
    }
    text.push(".");
    Ok(text)
}

/// The standings as text: a line a player, rank, name, points and tie-breaks; `played`
/// says the first rounds are over (else they show the entries at the start).
pub(in crate::service) fn standings_reply(
    h: &Hands<'_>,
    event: &Tournament,
    played: bool,
) -> anyhow::Result<Reply> {
    let record = event_record(h, event)?;
    let standings = record.standings();
    let head = if played {
        format!("Standings of {}:", event.terms.name)
    } else {
        format!("The players of {}, in entry order:", event.terms.name)
    };
    let mut text = text![head];
    for standing in &standings {
        let entry = &event.entries[standing.player];
        let breaks: Vec<String> = (standing.tie_breaks.iter())
            .map(|(tie, points)| format!("{} {points}", tie.name()))
            .collect();
        let withdrawn = if entry.withdrawn { ", withdrawn" } else { "" };
        // Whole points: a win or a bye (GIPF has no draws; halves are the tie-breaks' own).
        let points = crate::text::count(u64::from(standing.points.halves() / 2), "point");
        text.append(text![
            format!("\n{}. ", standing.rank),
            name(h.store, entry.user)?,
            format!(
                "{}: {points} ({}{withdrawn})",
                rating_of(h, event, entry.user)?,
                breaks.join(", ")
            )
        ]);
    }
    let names = (event.entries.iter())
        .map(|entry| plain_name(h.store, entry.user))
        .collect::<anyhow::Result<Vec<String>>>()?;
    let subtitle = format!(
        "{}, {} · round {} of {}",
        event.terms.format,
        event.terms.spec.title(),
        event.rounds_started,
        record.total_rounds()
    );
    let picture = render_crosstable(&CrosstableView {
        title: &event.terms.name,
        subtitle: &subtitle,
        names: &names,
        standings: &standings,
        games: &record.games,
        byes: &record.byes,
        rounds: record.total_rounds(),
        format: record.format,
    });
    let alt = crosstable_alt(&subtitle, &names, &standings);
    if let Some(page) = event_link(h.store, h.config, event) {
        text.push(format!("\nThe event's page: <{page}>"));
    }
    Ok(Reply {
        board: Some(Picture {
            png: picture,
            drawn: crate::reply::Drawn::Crosstable,
            alt,
        })
        .filter(|p| !p.png.is_empty()),
        ..Reply::public(text)
    })
}

/// `tournament pairings [round]`: the games of a round (the latest by default) and how
/// each stands.
pub(super) fn event_pairings(
    h: &Hands<'_>,
    message: &Message,
    called: Option<&str>,
    round: Option<u32>,
) -> Handled {
    let event = match called {
        Some(called) => event_named(h, message, called)?,
        None => event_to_read(h, message)?,
    };
    let say = h.voice.phrasing(message);
    if event.rounds_started == 0 {
        return refuse(format!(
            "{} has no round yet: the first is paired when it starts ({}).",
            event.terms.name,
            say.cmd("tournament start")
        ));
    }
    let round = round.unwrap_or(event.rounds_started);
    if round > event.rounds_started {
        return refuse(format!(
            "{} has had {} so far: ask for one of them, like {}.",
            event.terms.name,
            crate::text::count(event.rounds_started, "round"),
            say.cmd(&format!("tournament pairings {}", event.rounds_started))
        ));
    }
    let mut text = text![format!("{}, round {round}:", event.terms.name)];
    for game in h
        .store
        .event_games(event.id)?
        .iter()
        .filter(|g| g.round == round)
    {
        let result = match winner(game) {
            None if game.waits_for_thread => text![" (its thread is opening)"],
            None => text![
                " (being played in ",
                crate::text::Span::Channel(game.channel),
                ")"
            ],
            Some(Color::White) => text![": 1-0"],
            Some(Color::Black) => text![": 0-1"],
        };
        text.append(text![
            "\n- ",
            name(h.store, game.players[Color::White])?,
            " (White) against ",
            name(h.store, game.players[Color::Black])?,
            " (Black)"
        ]);
        text.append(result);
    }
    for (_, user) in h
        .store
        .event_byes(event.id)?
        .iter()
        .filter(|(r, _)| *r == round)
    {
        text.append(text!["\n- bye: ", name(h.store, *user)?]);
    }
    note_open(h.store, message, event.terms.channel);
    if let Some(page) = event_link(h.store, h.config, &event) {
        text.push(format!("\nThe event's page: <{page}>"));
    }
    Ok(Reply::public(text))
}

/// The crosstable's alt text, for screen readers: the event, then each player's rank,
/// name and points.
fn crosstable_alt(subtitle: &str, names: &[String], standings: &[Standing]) -> String {
    let lines: Vec<String> = (standings.iter())
        .map(|s| {
            let name = names.get(s.player).map_or("?", String::as_str);
            format!("{}. {name}, {} points", s.rank, s.points)
        })
        .collect();
    within_limit(format!("Crosstable, {subtitle}: {}.", lines.join("; ")))
}
