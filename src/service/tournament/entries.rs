//! Who is in an event and whether it is on: `create`, `join`, `leave`, `withdraw`,
//! `cancel`.

use gipf_ai::Level;

use super::super::{Failure, Handled, Message, refuse};
use super::{Hands, event_here, moderators_only};
use crate::command::{NewEvent, Phrasing};
use crate::model::{EventStatus, GameSpec, GuildId, TimeControl, UserId};
use crate::reply::Reply;
use crate::service::names::{mention, name, name_in, remember_users};
use crate::store::{EventTerms, Tournament};
use crate::text;

/// `tournament create`: a moderator opens an event for entries in the channel.
pub(super) fn create_event(
    h: &Hands<'_>,
    message: &Message,
    guild: GuildId,
    new: NewEvent,
) -> Handled {
    moderators_only(h, message, "create a tournament")?;
    let say = h.voice.phrasing(message);
    if let Some(running) = h.store.tournament_in(message.channel)? {
        return refuse(format!(
            "This channel has a tournament already ({}, {}): one at a time per channel. \
             Create yours in another channel, or end this one first with {}.",
            running.terms.name,
            running.status.name(),
            say.cmd("tournament cancel")
        ));
    }
    if new.starts.is_some_and(|at| at <= h.config.clock.now()) {
        return refuse(format!(
            "That start is past: give a time to come, in UTC (now it is {}), or start the \
             event by hand with {}.",
            crate::text::utc(h.config.clock.now()),
            say.cmd("tournament start")
        ));
    }
    remember_users(h.store, message)?;
    let terms = EventTerms {
        guild,
        channel: message.channel,
        name: new.name,
        format: new.format,
        spec: GameSpec::new(new.variant, new.potentials),
        time: new.days.map(|days| TimeControl {
            days,
            autoforfeit: true,
        }),
        rated: new.rated,
        starts_at: new.starts,
        clocks: new.clocks,
        late: new.late,
        created_by: message.author.id,
    };
    if h.store.create_tournament(&terms)?.is_none() {
        return refuse(
            "Someone created a tournament in this channel just now: one at a time per channel.",
        );
    }
    // Seen now, for the links to its page in its posts.
    crate::service::page_link::note_open(h.store, message, message.channel);
    Ok(Reply::public(opened(&terms, &say)))
}

/// What the channel hears of the event `terms` opened.
fn opened(terms: &EventTerms, say: &Phrasing) -> String {
    let starts = match terms.starts_at {
        Some(at) => format!("It starts by itself at {}", crate::text::utc(at)),
        None => format!("A moderator starts it with {}", say.cmd("tournament start")),
    };
    format!(
        "Tournament **{}** is open for entries: {} of {}{}{}{}{}, each game in a thread of its \
         own. Enter with {}. {starts}, with at least {} players.",
        terms.name,
        terms.format,
        terms.spec.title(),
        terms.time.map_or(String::new(), |t| format!(
            ", {} (a game out of time is lost)",
            super::super::game::time::per_move(t.days)
        )),
        if terms.rated { ", rated" } else { ", unrated" },
        terms.clocks.words(),
        terms.late.map_or(String::new(), |round| format!(
            ", late entry until round {round}"
        )),
        say.cmd("tournament join"),
        terms.format.fewest_players()
    )
}

/// `tournament join`: the author enters the channel's open event (or, naming me and a
/// level, enters my engine).
pub(super) fn join_event(
    h: &Hands<'_>,
    message: &Message,
    engine: Option<(UserId, Level)>,
) -> Handled {
    let event = event_here(h, message)?;
    let say = h.voice.phrasing(message);
    let late = entries_open(&event, &say)?;
    let (entrant, level) = match engine {
        None => (message.author.id, None),
        Some((named, level)) => match h.voice.engine_user() {
            Some(me) if me.id == named => (named, Some(level)),
            _ => {
                return refuse(format!(
                    "Only I can be entered at a level, to make the numbers even: \
                     {} (or {} to enter yourself).",
                    say.cmd("tournament join @gipf-bot medium"),
                    say.cmd("tournament join")
                ));
            }
        },
    };
    if event.seat_of(entrant).is_some() {
        return refuse(text![
            name_in(h.store, message, entrant)?,
            format!(
                " is entered in {} already, once is enough. {} takes an entry back.",
                event.terms.name,
                say.cmd("tournament leave")
            )
        ]);
    }
    remember_users(h.store, message)?;
    // My engine is named by its own name (a slash command's level names no user).
    if let Some(me) = h.voice.engine_user().filter(|me| me.id == entrant) {
        h.store.remember_user(me.id, &me.name)?;
    }
    if !h.store.enter(event.id, entrant, level)? {
        return refuse(format!(
            "{} has just started: entries are closed.",
            event.terms.name
        ));
    }
    let at_level = level.map_or(String::new(), |level| format!(" at level {level}"));
    let from = match late {
        true => format!(
            ", late: paired from round {}, the rounds before counting as not played (no points)",
            event.rounds_started + 1
        ),
        false => String::new(),
    };
    Ok(Reply::public(text![
        name_in(h.store, message, entrant)?,
        format!(
            "{at_level} entered {} ({}){from}.",
            event.terms.name,
            crate::text::count(event.entries.len() as u64 + 1, "player")
        )
    ]))
}

/// Whether `event` takes entries: false while it is open, true while a running event takes
/// late ones; refused once they closed.
fn entries_open(event: &Tournament, say: &Phrasing) -> Result<bool, Failure> {
    let late = event.status == EventStatus::Running
        && (event.terms.late).is_some_and(|late| late > event.rounds_started);
    if event.status == EventStatus::Open || late {
        return Ok(late);
    }
    let closed = match event.terms.late {
        Some(late) => format!("entries closed when round {late} was paired"),
        None => "entries closed when it did".to_string(),
    };
    Err(Failure::Refused(
        format!(
            "{} has started: {closed}. {} shows how it stands.",
            event.terms.name,
            say.cmd("tournament standings")
        )
        .into(),
    ))
}

/// What a withdrawal means, after `withdrew from <event>`.
const WITHDRAWN: &str =
    ": not paired again; the games played count, and a game still being played is played out.";

/// `tournament leave`: the author takes his entry back before the event starts; after, with
/// `confirm` (he is told first what it does), he withdraws.
pub(super) fn leave_event(h: &Hands<'_>, message: &Message, confirmed: bool) -> Handled {
    let event = event_here(h, message)?;
    let say = h.voice.phrasing(message);
    let Some(seat) = event.seat_of(message.author.id) else {
        return refuse(format!(
            "You are not entered in {}, so there is nothing to leave. {} enters you.",
            event.terms.name,
            say.cmd("tournament join")
        ));
    };
    if event.entries[seat].withdrawn {
        return refuse(format!(
            "You are withdrawn from {} already.",
            event.terms.name
        ));
    }
    if event.status == EventStatus::Open {
        if !h.store.leave(event.id, message.author.id)? {
            return Err(event_moved_on());
        }
        return Ok(Reply::public(text![
            name(h.store, message.author.id)?,
            format!(" left {}.", event.terms.name)
        ]));
    }
    if !confirmed {
        return refuse(format!(
            "{} has started: leaving it now withdraws you for good. You are not paired again; \
             your games played still count, and a game still being played is played out \
             (resign it to end it). If you mean it, write {}.",
            event.terms.name,
            say.cmd("tournament leave confirm")
        ));
    }
    if !h.store.withdraw(event.id, message.author.id)? {
        return Err(event_moved_on());
    }
    Ok(Reply::public(text![
        name(h.store, message.author.id)?,
        format!(" withdrew from {}{WITHDRAWN}", event.terms.name)
    ]))
}

/// `tournament withdraw @member`: a moderator takes a player out; his games played
/// count, and he is not paired again.
pub(super) fn withdraw_player(h: &Hands<'_>, message: &Message, player: UserId) -> Handled {
    moderators_only(h, message, "withdraw a player")?;
    let event = event_here(h, message)?;
    let Some(seat) = event.seat_of(player) else {
        return refuse(text![
            name_in(h.store, message, player)?,
            format!(
                " is not a player of {}: withdraw one of its players ({} lists them).",
                event.terms.name,
                h.voice.phrasing(message).cmd("tournament standings")
            )
        ]);
    };
    if event.entries[seat].withdrawn {
        return refuse(text![
            name_in(h.store, message, player)?,
            format!(" is withdrawn from {} already.", event.terms.name)
        ]);
    }
    let done = if event.status == EventStatus::Open {
        h.store.leave(event.id, player)?
    } else {
        h.store.withdraw(event.id, player)?
    };
    if !done {
        return Err(event_moved_on());
    }
    Ok(Reply::public(text![
        mention(h.store, h.voice, player)?,
        format!(" is withdrawn from {}{WITHDRAWN}", event.terms.name)
    ]))
}

/// `tournament cancel`: a moderator calls the event off; games under way are played
/// out as ordinary games.
pub(super) fn cancel_event(h: &Hands<'_>, message: &Message) -> Handled {
    moderators_only(h, message, "cancel a tournament")?;
    let event = event_here(h, message)?;
    if !h
        .store
        .set_event_status(event.id, event.status, EventStatus::Cancelled)?
    {
        return Err(event_moved_on());
    }
    Ok(Reply::public(cancelled_text(&event)))
}

/// The refusal when the event changed between reading and writing it.
pub(super) fn event_moved_on() -> Failure {
    Failure::Refused("The tournament changed just now: look again and retry.".into())
}

/// What everyone hears when an event is called off.
fn cancelled_text(event: &Tournament) -> String {
    format!(
        "{} is cancelled. Games under way are played out, their results as in any game; no \
         round follows.",
        event.terms.name
    )
}
