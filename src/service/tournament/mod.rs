//! Tournaments in a server's channel: the commands of `tournament` and `tournaments`, run
//! here. Its rooms: `entries.rs` (create, join, leave, withdraw, cancel: who is in and
//! whether the event is on), `rounds.rs` (a round paired and its games started, each in a
//! thread of its own, by `start` and by the watch), `results.rs` (the event as the pairing
//! crate reads it, from the stored games), `standings.rs` (standings and pairings, as
//! text and as a crosstable) and `threads.rs` (a round game's thread asked for again).

mod entries;
mod results;
mod rounds;
mod standings;
mod threads;

pub(super) use threads::ThreadAsks;

use super::{Failure, Message, refuse};
use crate::command::{Phrasing, TournamentCommand};
use crate::model::{EventStatus, GuildId};
use crate::reply::Reply;
use crate::service::Service;
use crate::service::hands::Keeper;
use crate::store::Tournament;
use crate::text::Text;

impl TournamentCommand {
    /// Runs the command for the author of `message`: one reply, or (a round started) the
    /// announcement and a reply for each game's thread. It is handed the service, since a
    /// round's start may play the engine's first turns (held replies); the rest of the room
    /// runs on a [`Keeper`].
    pub(super) fn run_all(
        self,
        service: &Service,
        message: &Message,
    ) -> Result<Vec<Reply>, Failure> {
        let guild = service.event_guild(message)?;
        let one = match self {
            TournamentCommand::Create(event) => service.create_event(message, guild, event),
            TournamentCommand::Join { engine } => service.join_event(message, engine),
            TournamentCommand::Leave => service.leave_event(message),
            TournamentCommand::Withdraw { player } => service.withdraw_player(message, player),
            TournamentCommand::Cancel => service.cancel_event(message),
            TournamentCommand::Start => return service.start_event(message),
            TournamentCommand::Standings => service.event_standings(message),
            TournamentCommand::Pairings { round } => service.event_pairings(message, round),
            TournamentCommand::List => service.list_events(message, guild),
        };
        one.map(|reply| vec![reply])
    }
}

impl Keeper {
    /// The server a tournament command is given in: tournaments live in servers only.
    fn event_guild(&self, message: &Message) -> Result<GuildId, Failure> {
        match message.guild {
            Some(guild) => Ok(guild),
            None => refuse(
                "Tournaments belong to a server: their games are played in threads of a \
                 server's channel. Ask in one of its channels.",
            ),
        }
    }

    /// The event open or running in the message's channel, or the refusal that there is none.
    fn event_here(&self, message: &Message) -> Result<Tournament, Failure> {
        match self.store.tournament_in(message.channel)? {
            Some(event) => Ok(event),
            None => refuse(no_event_here(&self.phrasing(message))),
        }
    }

    /// Refuses a member without Manage Messages in the channel: `what` is what only a
    /// moderator does.
    fn moderators_only(&self, message: &Message, what: &str) -> Result<(), Failure> {
        if message.rights.manage_messages {
            return Ok(());
        }
        refuse(format!(
            "Only a moderator of this channel (Manage Messages) can {what}. {} shows how it \
             stands.",
            self.phrasing(message).cmd("tournament standings")
        ))
    }

    /// `tournaments`: this server's events, the latest first.
    fn list_events(&self, message: &Message, guild: GuildId) -> Result<Reply, Failure> {
        let events = self.store.tournaments_of(guild)?;
        let say = self.phrasing(message);
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
        }
        Ok(Reply::private(text))
    }
}

/// `Swiss, 5 rounds of standard GIPF, 3 days per move, rated; 6 players, running (round 2)`.
fn event_line(event: &Tournament) -> String {
    let terms = &event.terms;
    let time = terms
        .time
        .map_or(String::new(), |t| format!(", {} days per move", t.days));
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
