//! A round paired and its games started, each in a thread of its own under the event's
//! channel: by `tournament start`, and by the watch once the last game of a round ended (or
//! an event's start time came); the last round's end brings the final standings.

use gipf::{ByColor, Color};
use gipf_tournament::PairingError;

use super::super::play::potentials::describe;
use super::super::words::due_by;
use super::super::{Failure, LiveGame, Message, refuse};
use super::entries::event_moved_on;
use super::results::event_record;
use super::standings::standings_reply;
use super::{Hands, event_here, moderators_only};
use crate::model::{EventStatus, TournamentId, UserId};
use crate::reply::{FollowUp, HeldGame, IfRefused, NewThread, Reply};

use crate::service::names::{mention, mention_player};
use crate::service::play::prompt::first_move;
use crate::store::{Entry, Kind, Owed, StoredGame, Tournament};
use crate::text;
use crate::text::Text;

/// `tournament start`: a moderator closes the entries and the first round begins.
pub(super) fn start_event(h: &Hands<'_>, message: &Message) -> Result<Vec<Reply>, Failure> {
    moderators_only(h, message, "start a tournament")?;
    let event = event_here(h, message)?;
    let say = h.voice.phrasing(message);
    if event.status != EventStatus::Open {
        return refuse(format!(
            "{} is under way already (round {}). {} shows how it stands.",
            event.terms.name,
            event.rounds_started,
            say.cmd("tournament standings")
        ));
    }
    let needed = event.terms.format.fewest_players();
    if event.entries.len() < needed {
        return refuse(format!(
            "{} has {}: a {} starts with at least {needed}. More enter with {}, and I can \
             play to make the numbers even: {}.",
            event.terms.name,
            crate::text::count(event.entries.len() as u64, "player"),
            event.terms.format,
            say.cmd("tournament join"),
            say.cmd("tournament join @gipf-bot medium")
        ));
    }
    match begin(h, &event)? {
        Some(replies) => Ok(replies),
        None => Err(event_moved_on()),
    }
}

/// Starts open `event`, its entries seeded ([`seeded`]), with its first round; `None` if
/// someone else started it first.
fn begin(h: &Hands<'_>, event: &Tournament) -> anyhow::Result<Option<Vec<Reply>>> {
    let entries = seeded(h, event)?;
    let seats: Vec<UserId> = entries.iter().map(|entry| entry.user).collect();
    if !h.store.begin_event(event.id, &seats)? {
        return Ok(None);
    }
    let running = Tournament {
        status: EventStatus::Running,
        entries,
        ..event.clone()
    };
    Ok(Some(next_round(h, &running)?))
}

/// The entries of `event` in their pairing order: a rated event's by rating in its game's
/// pool, the highest first (a player without one counts as a newcomer, 1500), entry order
/// breaking ties; an unrated event's in entry order.
fn seeded(h: &Hands<'_>, event: &Tournament) -> anyhow::Result<Vec<Entry>> {
    if !event.terms.rated {
        return Ok(event.entries.clone());
    }
    let kind = Some(event.terms.spec.kind());
    let mut rated = Vec::with_capacity(event.entries.len());
    for (seat, entry) in event.entries.iter().enumerate() {
        let rating = h.store.rating(Some(event.terms.guild), kind, entry.user)?;
        rated.push((rating.map_or(NEWCOMER, |r| r.rating.rating), seat));
    }
    rated.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    Ok(rated
        .into_iter()
        .map(|(_, seat)| event.entries[seat].clone())
        .collect())
}

/// A newcomer's rating, for seeding.
const NEWCOMER: f64 = 1500.0;

/// An open event at its start time: it begins, or is called off if too few entered.
pub(super) fn start_on_time(h: &Hands<'_>, event: &Tournament) -> anyhow::Result<Vec<Reply>> {
    let needed = event.terms.format.fewest_players();
    let enough = event.entries.len() >= needed;
    if enough {
        return Ok(begin(h, event)?.unwrap_or_default());
    }
    if !h
        .store
        .set_event_status(event.id, EventStatus::Open, EventStatus::Cancelled)?
    {
        return Ok(Vec::new());
    }
    Ok(vec![Reply::public(format!(
        "{} was to start now, but only {} entered (a {} needs {needed}): it is called off.",
        event.terms.name,
        crate::text::count(event.entries.len() as u64, "player"),
        event.terms.format
    ))])
}

/// Pairs and starts the next round of a running event: its announcement (pairings and
/// standings) and a reply for each game, to post in the game's thread; or, the event
/// over, its final standings. Nothing if someone else started the round first.
pub(super) fn next_round(h: &Hands<'_>, event: &Tournament) -> anyhow::Result<Vec<Reply>> {
    let record = event_record(h, event)?;
    let round = match record.pair_next_round() {
        Ok(round) => round,
        // Every round played, or too few players left to pair: it ends as it stands.
        Err(PairingError::EventOver | PairingError::TooFewPlayers { .. }) => {
            return finish_event(h, event, &record);
        }
        Err(PairingError::RoundUnfinished { .. }) => return Ok(Vec::new()),
        Err(e) => anyhow::bail!("event {}: {e}", event.id),
    };
    let user = |seat: usize| event.entries[seat].user;
    let pairings: Vec<ByColor<UserId>> = (round.games.iter())
        .map(|p| ByColor::new(user(p.white), user(p.black)))
        .collect();
    let bye = round.bye.map(user);
    let Some((games, owed)) = h.store.start_round(event, round.number, &pairings, bye)? else {
        return Ok(Vec::new());
    };
    let announcement = round_announcement(h, event, round.number, &pairings, bye)?;
    let mut replies = vec![Reply {
        owed: vec![owed],
        ..announcement
    }];
    for stored in games {
        replies.extend(round_game(h, event, round.number, stored, true)?);
    }
    Ok(replies)
}

/// The replies that open a round's game in its thread: both players pinged, the first
/// asked to move; where my engine moves first, the reply is held for its answer, which
/// opens the thread. If Discord refuses the
/// thread, the game waits for the watch to ask again; `tell_if_refused`: the event's
/// channel hears it (the first time).
pub(super) fn round_game(
    h: &Hands<'_>,
    event: &Tournament,
    round: u32,
    stored: StoredGame,
    tell_if_refused: bool,
) -> anyhow::Result<Vec<Reply>> {
    let game = LiveGame::load(stored)?;
    let name = thread_name(event, round, &game);
    let if_refused = IfRefused::Wait {
        say: tell_if_refused.then(|| refused_words(&name)),
    };
    let thread = Some(NewThread {
        name,
        game: game.stored.id,
        if_refused,
    });
    let white = mention_player(h.voice, &game, Color::White);
    let mut text = text![
        format!("{}, round {round}: ", event.terms.name),
        white.clone(),
        " (White) against ",
        mention_player(h.voice, &game, Color::Black),
        format!(" (Black), {}.\n", game.stored.spec.title()),
    ];
    if h.voice.to_move_in(&game).is_some() {
        // My engine moves first: its answer opens the thread, led by the round's words (or,
        // if no answer comes, they are posted with the board).
        return Ok(vec![Reply {
            thread,
            then: Some(FollowUp::EngineAnswer(HeldGame::led(&game, text.clone()))),
            ..Reply::public(text)
        }]);
    }
    let say = h.voice.notice_phrasing();
    text.append(text![
        white,
        format!(", you move first: {}", first_move(&game, &say))
    ]);
    if let Some(about) = game.stored.spec.potentials().as_ref().and_then(describe) {
        text.push(format!("\n{about}"));
    }
    text.append(due_by(&game.stored));
    Ok(vec![Reply {
        board: Some(h.pictures.of(&game, None)?),
        thread,
        ..Reply::public(text)
    }])
}

/// The event's end: its status, and its final standings naming and pinging the winner.
fn finish_event(
    h: &Hands<'_>,
    event: &Tournament,
    record: &gipf_tournament::Event,
) -> anyhow::Result<Vec<Reply>> {
    let Some(owed) = h.store.finish_tournament(event)? else {
        return Ok(Vec::new());
    };
    let standings = final_standings(h, event, record)?;
    Ok(vec![Reply {
        owed: vec![owed],
        ..standings
    }])
}

/// A round's pairings, posted in the event's channel, with the standings before it.
fn round_announcement(
    h: &Hands<'_>,
    event: &Tournament,
    round: u32,
    pairings: &[ByColor<UserId>],
    bye: Option<UserId>,
) -> anyhow::Result<Reply> {
    let mut text = text![format!("**{}**, round {round}:", event.terms.name)];
    for players in pairings {
        text.append(text![
            "\n- ",
            mention(h.store, h.voice, players[Color::White])?,
            " (White) against ",
            mention(h.store, h.voice, players[Color::Black])?,
            " (Black)"
        ]);
    }
    if let Some(bye) = bye {
        text.append(bye_line(h, event, bye)?);
    }
    text.push("\nEach game is played in a thread of its own, named for the round and its players.");
    let mut reply = standings_reply(h, event, round > 1)?;
    text.push("\n\n");
    text.append(std::mem::take(&mut reply.text));
    reply.text = text;
    Ok(reply)
}

/// `- bye: carol (a point)`: who sits the round out.
fn bye_line(h: &Hands<'_>, event: &Tournament, bye: UserId) -> anyhow::Result<Text> {
    let worth = match event.terms.format {
        crate::model::EventFormat::Swiss { .. } => {
            " (worth a win, counted once the round's games are over)"
        }
        crate::model::EventFormat::RoundRobin { .. } => " (a rest: no game this round)",
    };
    Ok(text!["\n- bye: ", mention(h.store, h.voice, bye)?, worth])
}

/// The final standings of `event` (whose record is `record`), naming and pinging the
/// winner.
fn final_standings(
    h: &Hands<'_>,
    event: &Tournament,
    record: &gipf_tournament::Event,
) -> anyhow::Result<Reply> {
    let standings = record.standings();
    let mut text = Text::new();
    if let Some(first) = standings.first() {
        text.append(text![
            format!("**{}** is over. The winner: ", event.terms.name),
            mention(h.store, h.voice, event.entries[first.player].user)?,
            format!(", with {} points. Congratulations!\n\n", first.points)
        ]);
    }
    let mut reply = standings_reply(h, event, true)?;
    text.append(std::mem::take(&mut reply.text));
    reply.text = text;
    Ok(reply)
}

/// The message `owed` stands for about a tournament (its subject), drawn again from the
/// event as stored now: a round's pairings ([`Kind::Round`], its `ply` the round) or its
/// end ([`Kind::EventEnd`]); `None` if the event is gone.
pub(in crate::service) fn recovered_event(
    h: &Hands<'_>,
    owed: &Owed,
) -> anyhow::Result<Option<Reply>> {
    let Some(event) = h.store.tournament(TournamentId(owed.subject))? else {
        return Ok(None);
    };
    match owed.kind {
        Kind::Round => {
            let round = u32::try_from(owed.ply)?;
            let pairings: Vec<ByColor<UserId>> = (h.store.event_games(event.id)?)
                .into_iter()
                .filter(|game| game.round == round)
                .map(|game| game.players)
                .collect();
            let bye = (h.store.event_byes(event.id)?.into_iter())
                .find_map(|(at, user)| (at == round).then_some(user));
            (round_announcement(h, &event, round, &pairings, bye)).map(Some)
        }
        Kind::EventEnd => {
            let record = event_record(h, &event)?;
            final_standings(h, &event, &record).map(Some)
        }
        _ => Ok(None),
    }
}

/// `Winter Cup · R2 · alice vs bob`: a round's game's thread.
fn thread_name(event: &Tournament, round: u32, game: &LiveGame) -> String {
    format!(
        "{} · R{round} · {} vs {}",
        event.terms.name,
        game.stored.names[Color::White],
        game.stored.names[Color::Black]
    )
}

/// What the event's channel hears when Discord refuses the thread of the game `name`.
fn refused_words(name: &str) -> Text {
    text![format!(
        "I could not open the thread for {name}: a moderator can give me Create Public \
         Threads and Send Messages in Threads in this channel. The game waits for its \
         thread; I ask again every 10 minutes."
    )]
}
