//! Tournaments in a server's channel: the commands of `tournament` and `tournaments`, run
//! here. Its rooms: `entries.rs` (create, join, leave, withdraw, cancel: who is in and
//! whether the event is on), `rounds.rs` (a round paired and its games started, each in a
//! thread of its own, by `start` and by the watch), `results.rs` (the event as the pairing
//! crate reads it, from the stored games), `standings.rs` (standings and pairings, as
//! text and as a crosstable), `threads.rs` (when a round game's thread was asked for) and
//! `watch.rs` (what the events call for when the watch looks).

mod entries;
pub(in crate::service) mod results;
mod rounds;
pub(in crate::service) mod standings;
mod threads;
mod watch;

pub(in crate::service) use threads::ThreadAsks;

use super::{Failure, Message, refuse};
use crate::command::{Phrasing, TournamentCommand};
use crate::model::{EventStatus, GuildId};
use crate::reply::Reply;
use crate::service::config::Config;

use crate::service::names;
use crate::service::picture::Pictures;
use crate::service::voice::Voice;
use crate::store::{Store, Tournament};
use crate::text::Text;
use entries::{cancel_event, create_event, join_event, leave_event, withdraw_player};
pub(in crate::service) use rounds::recovered_event;
use rounds::start_event;
use standings::{event_pairings, event_standings};
pub(in crate::service) use watch::tournament_rounds;

/// What the tournaments touch: the store, the bot's voice, the pictures, the settings (the
/// clock) and when each waiting game's thread was last asked for.
pub(in crate::service) struct Hands<'a> {
    pub store: &'a Store,
    pub voice: &'a Voice,
    pub pictures: &'a Pictures,
    pub config: &'a Config,
    pub thread_asks: &'a ThreadAsks,
}

impl Hands<'_> {
    /// Runs `command` for the author of `message`: one reply, or (a round started) the
    /// announcement and a reply for each game's thread.
    pub(in crate::service) fn run_all(
        &self,
        command: TournamentCommand,
        message: &Message,
    ) -> Result<Vec<Reply>, Failure> {
        let h = self;
        let guild = event_guild(message)?;
        let one = match command {
            TournamentCommand::Create(event) => create_event(h, message, guild, event),
            TournamentCommand::Join { engine } => join_event(h, message, engine),
            TournamentCommand::Leave { confirmed } => leave_event(h, message, confirmed),
            TournamentCommand::Withdraw { player } => withdraw_player(h, message, player),
            TournamentCommand::Cancel => cancel_event(h, message),
            TournamentCommand::Start => return start_event(h, message),
            TournamentCommand::Standings { name } => event_standings(h, message, name.as_deref()),
            TournamentCommand::Pairings { name, round } => {
                event_pairings(h, message, name.as_deref(), round)
            }
            TournamentCommand::List => list_events(h, message, guild),
        };
        one.map(|reply| vec![reply])
    }
}

/// The server a tournament command is given in: tournaments live in servers only.
fn event_guild(message: &Message) -> Result<GuildId, Failure> {
    match message.guild {
        Some(guild) => Ok(guild),
        None => refuse(
            "Tournaments belong to a server: their games are played in threads of a \
             server's channel. Ask in one of its channels.",
        ),
    }
}

/// The event open or running in the message's channel, or the refusal that there is none.
pub(super) fn event_here(h: &Hands<'_>, message: &Message) -> Result<Tournament, Failure> {
    match h.store.tournament_in(message.channel)? {
        Some(event) => Ok(event),
        None => refuse(no_event_here(&h.voice.phrasing(message))),
    }
}

/// The event to read in the message's channel: the one open or running there, else its
/// latest (finished or called off: its standings and pairings stay readable).
pub(super) fn event_to_read(h: &Hands<'_>, message: &Message) -> Result<Tournament, Failure> {
    if let Some(event) = h.store.tournament_in(message.channel)? {
        return Ok(event);
    }
    match h.store.latest_tournament_in(message.channel)? {
        Some(event) => Ok(event),
        None => refuse(no_event_here(&h.voice.phrasing(message))),
    }
}

/// Refuses a member without Manage Messages in the channel: `what` is what only a
/// moderator does.
pub(super) fn moderators_only(h: &Hands<'_>, message: &Message, what: &str) -> Result<(), Failure> {
    if message.rights.manage_messages {
        return Ok(());
    }
    refuse(format!(
        "Only a moderator of this channel (Manage Messages) can {what}. {} shows how it \
         stands.",
        h.voice.phrasing(message).cmd("tournament standings")
    ))
}

/// `tournaments`: this server's events, the latest first.
fn list_events(h: &Hands<'_>, message: &Message, guild: GuildId) -> Result<Reply, Failure> {
    let events = h.store.tournaments_of(guild)?;
    let say = h.voice.phrasing(message);
    if events.is_empty() {
        return Ok(Reply::private(format!(
            "This server has had no tournament yet. A moderator creates one in a channel \
             with {}.",
            say.cmd("tournament create \"Winter Cup\" swiss rounds=5 standard days=3")
        )));
    }
    let mut text = Text::from("This server's tournaments, the latest first:");
    for event in &events {
        text.push(format!("\n- **{}**", event.terms.name));
        text.push(" in ");
        text.push(crate::text::Span::Channel(event.terms.channel));
        text.push(format!(": {}", event_line(event)));
        if event.status == EventStatus::Finished
            && let Some(first) = results::event_record(h, event)?.standings().first()
        {
            let winner = event.entries[first.player].user;
            text.append(crate::text![", won by ", names::name(h.store, winner)?]);
        }
    }
    Ok(Reply::private(text))
}

/// `Swiss, 5 rounds of standard GIPF, 3 days per move, rated; 6 players, running (round 2)`.
fn event_line(event: &Tournament) -> String {
    let terms = &event.terms;
    let time = terms.time.map_or(String::new(), |t| {
        format!(", {}", super::game::time::per_move(t.days))
    });
    let rated = if terms.rated { ", rated" } else { "" };
    let players = crate::text::count(event.entries.len() as u64, "player");
    let status = match event.status {
        EventStatus::Running => format!("running (round {})", event.rounds_started),
        status => status.name().to_string(),
    };
    format!(
        "{} of {}{time}{rated}; {players}, {status}",
        terms.format,
        terms.spec.title()
    )
}

/// There is no event in this channel: how to make one, and where the others are.
fn no_event_here(say: &Phrasing) -> String {
    format!(
        "There is no tournament in this channel. A moderator creates one with {}; {} lists \
         this server's.",
        say.cmd("tournament create \"Winter Cup\" swiss rounds=5 standard days=3"),
        say.cmd("tournaments")
    )
}
