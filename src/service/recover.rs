//! The messages a restart (or a process that died) left owed, drawn again from what each
//! announces as stored now, by the family whose message it is: a turn or a game's start
//! (`play/prompt.rs`), a challenge (`challenge/`), a deadline's warning or a loss on time
//! (`game/time.rs`), an abandonment (`watch.rs`), an analysis (`learn/analysis.rs`), a
//! tournament's round or end (`tournament/`). One that later changes overtook says so, or
//! is dropped when it no longer means anything (a reminder the game moved past, a
//! challenge answered).

use gipf::Color;

use super::challenge::game_on;
use super::play::prompt::{played, position_reply};
use super::watch::{abandoned_reply, damaged_title};
use super::{LiveGame, Service};
use crate::model::GameStatus;
use crate::reply::Reply;
use crate::store::{Damaged, Kind, Owed};
use crate::text;

/// The message `owed` stands for, drawn from what it announces as stored now, carrying its
/// row; `None` if it no longer means anything.
pub(super) fn recovered(service: &Service, owed: &Owed) -> anyhow::Result<Option<Reply>> {
    let reply = match owed.kind {
        Kind::Challenge => challenge(service, owed)?,
        Kind::Abandoned => abandoned(service, owed)?,
        Kind::Round | Kind::EventEnd => {
            super::tournament::recovered_event(&service.events(), owed)?
        }
        _ => {
            let Some(stored) = service.store.game(owed.game())? else {
                return Ok(None);
            };
            of_game(service, owed, LiveGame::load(stored)?)?
        }
    };
    Ok(reply.map(|reply| Reply {
        owed: vec![owed.id],
        ..reply
    }))
}

/// The notice of the challenge `owed` announces, if it is still open.
fn challenge(service: &Service, owed: &Owed) -> anyhow::Result<Option<Reply>> {
    match service.store.challenge(owed.channel)? {
        Some(open) if open.id == owed.challenge() => service
            .challenges()
            .challenge_reply(open.id, &open.terms, &service.voice.notice_phrasing())
            .map(Some),
        _ => Ok(None),
    }
}

/// The end of the game `owed` announces, abandoned: drawn from its row without replaying
/// it, or from the row's columns alone where its record cannot be read (a damaged game).
fn abandoned(service: &Service, owed: &Owed) -> anyhow::Result<Option<Reply>> {
    let (title, players, guild) = match service.store.game(owed.game()) {
        Ok(Some(stored)) => (stored.spec.title(), stored.players, stored.guild),
        Ok(None) => return Ok(None),
        Err(e) => {
            let damaged = e.downcast::<Damaged>()?;
            (damaged_title(&damaged), damaged.players, damaged.guild)
        }
    };
    let (store, voice, games) = (&service.store, &service.voice, &service.games);
    abandoned_reply(store, voice, games, &title, players, guild).map(Some)
}

/// The message `owed` stands for about `game`.
fn of_game(service: &Service, owed: &Owed, game: LiveGame) -> anyhow::Result<Option<Reply>> {
    let moved_on = (owed.ply as usize) < game.stored.turns.len();
    let (voice, pictures) = (&service.voice, &service.pictures);
    let say = voice.notice_phrasing();
    match owed.kind {
        Kind::Turn if moved_on => Ok(Some(overtaken(&game, owed.ply))),
        Kind::Turn => turn(service, &game).map(Some),
        Kind::GameOn if moved_on => {
            let mut text = game_on(&game, "");
            text.append(text![
                " (posted late: ",
                game.name(Color::White),
                " has moved since)"
            ]);
            Ok(Some(Reply::public(text)))
        }
        Kind::GameOn => {
            position_reply(voice, pictures, &game, vec![game_on(&game, "")], None, &say)
                .map(Some)
                .map_err(|failure| anyhow::anyhow!("{failure:?}"))
        }
        // A warning the game moved past, or that ended, means nothing now.
        Kind::Reminder | Kind::TimeUp if moved_on || game.stored.status != GameStatus::Active => {
            Ok(None)
        }
        Kind::Reminder | Kind::TimeUp => service.deadlines().warning(&game, owed.kind),
        Kind::Forfeit => match game.stored.forfeited {
            Some(loser) => service.deadlines().forfeit_reply(game, loser).map(Some),
            None => Ok(None),
        },
        Kind::Analysis => service.analyses().message(&game, owed.ply as usize),
        // Drawn without a game (`recovered`).
        Kind::Abandoned | Kind::Challenge | Kind::Round | Kind::EventEnd => Ok(None),
    }
}

/// The announcement of the last turns of `game`, which nothing overtook: the turn and the
/// question to the player to move (pinged) with the board.
fn turn(service: &Service, game: &LiveGame) -> anyhow::Result<Reply> {
    let voice = &service.voice;
    let lines = match &game.last_turn {
        Some(turn) => played(voice, game, game.last_start(), std::slice::from_ref(turn)),
        None => Vec::new(),
    };
    let mover = game.last_turn.as_ref().map(|turn| turn.color);
    let say = voice.notice_phrasing();
    position_reply(voice, &service.pictures, game, lines, mover, &say)
        .map_err(|failure| anyhow::anyhow!("{failure:?}"))
}

/// The turn `ply` of `game`, announced after later turns were stored: the turn alone, saying
/// who moved since.
fn overtaken(game: &LiveGame, ply: i64) -> Reply {
    // Turns alternate, White first: the next turn is the other colour's.
    let next = if ply % 2 == 0 {
        Color::White
    } else {
        Color::Black
    };
    let notation = (game.stored.turns)
        .get(ply as usize - 1)
        .map_or("", |turn| turn.as_str());
    Reply::public(text![
        format!("Turn {ply}: `{notation}` (posted late: "),
        game.name(next),
        " has moved since)."
    ])
}

impl Service {
    /// Marks `owed` sent: their announcement is posted. A failure is logged (a restart then
    /// posts them again, which Discord's nonce drops).
    /// `message` is the first message posted, which a turn sent again links to.
    pub fn sent(&self, owed: &[crate::model::OutboxId], message: Option<i64>) {
        self.outbox.sent(owed, message);
    }

    /// Keeps `message` as the post that announced `owed` (not yet marked sent: its direct
    /// copies follow).
    pub fn posted(&self, owed: &[crate::model::OutboxId], message: i64) {
        self.outbox.posted(owed, message);
    }

    /// Remembers an interaction taken in `channel` (its `token`) before it is deferred: the
    /// row, `None` if it cannot be written (then a crash loses its answer, as before).
    pub fn remember_interaction(
        &self,
        token: &str,
        channel: crate::model::ChannelId,
    ) -> Option<i64> {
        self.outbox.remember_interaction(token, channel)
    }

    /// Forgets interaction `id`: it is answered.
    pub fn forget_interaction(&self, id: i64) {
        self.outbox.forget_interaction(id);
    }

    /// The interactions a crash left unanswered, oldest first, each with whether its token
    /// still lives (Discord's 15 minutes, on the service's clock).
    pub fn unanswered(&self) -> Vec<(crate::store::Unanswered, bool)> {
        self.outbox.unanswered()
    }

    /// Discord refused a direct message to `user`: their direct messages are turned off,
    /// and the reply says so in the channel, once.
    pub fn direct_message_refused(&self, user: crate::model::UserId) -> Reply {
        super::server::notify::direct_message_refused(&self.store, &self.voice, user)
    }

    /// The messages stored and never marked sent that this process posts after a start:
    /// its own (written before a restart under its name) and those nobody living posts.
    /// Oldest first (so in order per channel), each drawn again from what it announces as
    /// stored now, with its direct copies, each carrying its row. Blocks on the database,
    /// the renderer and the engine (whose answer a held announcement gets, as a command's
    /// would).
    pub fn unsent(&self) -> Vec<(crate::model::ChannelId, Reply)> {
        self.claimed_unsent(true)
    }

    /// [`Service::unsent`] while this process runs: the messages nobody living posts (an
    /// engine worker's, or those of a process that died), which this one takes over.
    pub fn left_unsent(&self) -> Vec<(crate::model::ChannelId, Reply)> {
        self.claimed_unsent(false)
    }

    fn claimed_unsent(&self, own: bool) -> Vec<(crate::model::ChannelId, Reply)> {
        let mut out = Vec::new();
        for owed in self.outbox.claim_unsent(own) {
            match recovered(self, &owed) {
                Ok(Some(reply)) => {
                    let mut replies = self.with_answers(vec![reply]);
                    // The engine's answer comes with its copies; a reply alone gets its own.
                    if !replies.iter().any(|reply| reply.direct.is_some()) {
                        self.copy_owed(owed.channel, &mut replies);
                    }
                    if owed.posted.is_some() {
                        self.posted_already(&owed, &mut replies);
                    }
                    out.extend(replies.into_iter().map(|reply| (owed.channel, reply)));
                }
                // What is gone, or was overtaken, owes nothing.
                Ok(None) => self.outbox.sent(&[owed.id], None),
                Err(e) => {
                    tracing::error!(error = %format!("{e:#}"), kind = %owed.kind, subject = owed.subject, "cannot post an owed message");
                }
            }
        }
        out
    }

    /// Leaves out of `replies` the announcement of `owed`, which was posted before a crash
    /// (by an interaction's answer, which has no nonce to drop it a second time): only its
    /// direct copies are left to send, and with none it is marked sent.
    fn posted_already(&self, owed: &Owed, replies: &mut Vec<Reply>) {
        replies.retain(|reply| reply.direct.is_some() || !reply.owed.contains(&owed.id));
        if !replies.iter().any(|reply| reply.owed.contains(&owed.id)) {
            self.outbox.sent(&[owed.id], None);
        }
    }

    /// Adds to `group` (an announcement) its direct copies, each carrying the announcement's
    /// rows.
    fn copy_owed(&self, channel: crate::model::ChannelId, group: &mut Vec<Reply>) {
        let Some(first) = group.first() else {
            return;
        };
        let copies =
            super::server::notify::direct_copies(&self.store, &self.pictures, channel, None, first);
        match copies {
            Ok(copies) => group.extend(copies),
            Err(e) => tracing::error!(error = %format!("{e:#}"), "cannot copy an owed message"),
        }
        super::outbox::share_owed(&mut group.iter_mut().collect::<Vec<_>>());
    }
}
