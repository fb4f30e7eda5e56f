//! The outbox seen from the service: each reply that makes an announcement carries the
//! outbox rows its command (or the watch, or the engine's answer) wrote ([`Reply::owed`]),
//! its direct copies the same rows; the adapter marks them sent once posted
//! ([`Service::sent`]), and after a restart the rows never marked are posted again, each
//! drawn from what it announces as stored now ([`Service::unsent`]). Also where a test makes
//! the bot die on that way ([`Crash`]).
//!
//! A new kind of message owed is: a variant of [`Kind`](crate::store::Kind) with its word,
//! `owe` (in `store/outbox.rs`) called in the transaction of the change it tells (with the
//! subject it is drawn from: its id), an arm in `recovered_of_game` (or a function beside it,
//! as for an abandonment or a tournament, drawn without loading a game) that draws it again,
//! and the reply that tells it handed its rows by `hand_owed` (a command's and the watch's
//! are already; an analysis hands each of its messages its own row). The sender, the nonces,
//! the marking and the drain are the same for every kind.

use gipf::Color;

use super::challenge::game_on;
use super::{LiveGame, Service};
use crate::model::{ChannelId, GameStatus, OutboxId};
use crate::reply::Reply;
use crate::service::hands::{Desk, Keeper};
use crate::service::watch::damaged_title;
use crate::store::{Damaged, Kind, Owed, Unanswered};
use crate::text;

/// Where a test makes the bot die, as `kill -9` would, between storing a turn and marking its
/// announcement sent: the adapter stops there, and the test starts the bot again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crash {
    /// The turn is stored, its announcement not posted.
    BeforePost,
    /// The announcement is posted, not marked sent.
    BeforeMark,
    /// After a restart, the first unsent announcement is posted again, not marked sent, and
    /// the others wait.
    WhileDraining,
}

/// How long Discord lets an interaction's token answer it (seconds): 15 minutes.
const INTERACTION_TOKEN_LIFE: i64 = 15 * 60;

impl Desk {
    /// Where the outbox stands before a command: the rows it writes come after. `None` if
    /// the store cannot tell (then nothing is claimed, and a restart announces its turns).
    pub(super) fn outbox_mark(&self) -> Option<OutboxId> {
        self.store
            .outbox_mark()
            .inspect_err(|e| tracing::error!(error = %format!("{e:#}"), "cannot read the outbox"))
            .ok()
    }

    /// Hands the rows of `channel` written since `mark` to the first of `replies` posted in
    /// that channel for everyone, which announces them, and to its direct copies (the direct
    /// replies right after it).
    pub(super) fn hand_owed(
        &self,
        mark: Option<OutboxId>,
        channel: ChannelId,
        replies: &mut [Reply],
    ) {
        let Some(at) = replies.iter().position(announces) else {
            return;
        };
        let owed = self.owed_since(mark, channel);
        give_owed(&owed, replies[at..].iter_mut());
    }

    /// [`Service::hand_owed`] for replies each with its channel (the watch's, later work's).
    pub(super) fn hand_owed_each(
        &self,
        mark: Option<OutboxId>,
        replies: &mut [(ChannelId, Reply)],
    ) {
        let mut channels: Vec<ChannelId> = replies.iter().map(|(c, _)| *c).collect();
        channels.dedup();
        for channel in channels {
            let Some(at) = replies
                .iter()
                .position(|(c, r)| *c == channel && announces(r) && r.owed.is_empty())
            else {
                continue;
            };
            let owed = self.owed_since(mark, channel);
            let group = replies[at..].iter_mut().take_while(|(c, _)| *c == channel);
            give_owed(&owed, group.map(|(_, reply)| reply));
        }
    }

    /// The unsent rows of `channel` written since `mark` (none if the store cannot tell).
    fn owed_since(&self, mark: Option<OutboxId>, channel: ChannelId) -> Vec<OutboxId> {
        let Some(mark) = mark else {
            return Vec::new();
        };
        self.store
            .owed_since(channel, mark)
            .inspect_err(|e| tracing::error!(error = %format!("{e:#}"), "cannot read the outbox"))
            .unwrap_or_default()
    }
}

impl Service {
    /// Marks `owed` sent: their announcement is posted. A failure is logged (a restart then
    /// posts them again, which Discord's nonce drops).
    /// `message` is the first message posted, which a turn sent again links to.
    pub fn sent(&self, owed: &[OutboxId], message: Option<i64>) {
        if let Err(e) = self.store.mark_sent(owed, message) {
            tracing::error!(error = %format!("{e:#}"), "cannot mark announcements sent");
        }
    }

    /// Remembers an interaction taken in `channel` (its `token`) before it is deferred: the
    /// row, `None` if it cannot be written (then a crash loses its answer, as before).
    pub fn remember_interaction(&self, token: &str, channel: ChannelId) -> Option<i64> {
        (self.store.remember_interaction(token, channel))
            .inspect_err(
                |e| tracing::error!(error = %format!("{e:#}"), "cannot remember an interaction"),
            )
            .ok()
    }

    /// Forgets interaction `id`: it is answered.
    pub fn forget_interaction(&self, id: i64) {
        if let Err(e) = self.store.forget_interaction(id) {
            tracing::error!(error = %format!("{e:#}"), "cannot forget an interaction");
        }
    }

    /// The interactions a crash left unanswered, oldest first, each with whether its token
    /// still lives (Discord's 15 minutes, on the service's clock).
    pub fn unanswered(&self) -> Vec<(Unanswered, bool)> {
        let now = self.config.clock.now();
        (self.store.unanswered())
            .inspect_err(
                |e| tracing::error!(error = %format!("{e:#}"), "cannot read the interactions"),
            )
            .unwrap_or_default()
            .into_iter()
            .map(|asked| {
                let lives = now - asked.at < INTERACTION_TOKEN_LIFE;
                (asked, lives)
            })
            .collect()
    }

    /// Keeps `message` as the post that announced `owed` (not yet marked sent: its direct
    /// copies follow). A failure is logged (the announcement is then not linked).
    pub fn posted(&self, owed: &[OutboxId], message: i64) {
        if let Err(e) = self.store.note_posted(owed, message) {
            tracing::error!(error = %format!("{e:#}"), "cannot keep an announcement's message");
        }
    }

    /// The messages stored and never marked sent that this process posts after a start:
    /// its own (written before a restart under its name) and those nobody living posts.
    /// Oldest first (so in order per channel), each drawn again from what it announces as
    /// stored now, with its direct copies, each carrying its row; one that later changes
    /// overtook says so, or is dropped when it no longer means anything (a reminder the game
    /// moved past, a challenge answered). Blocks on the database, the renderer and the
    /// engine (whose answer a held announcement gets, as a command's would).
    pub fn unsent(&self) -> Vec<(ChannelId, Reply)> {
        self.claimed_unsent(true)
    }

    /// [`Service::unsent`] while this process runs: the messages nobody living posts (an
    /// engine worker's, or those of a process that died), which this one takes over.
    pub fn left_unsent(&self) -> Vec<(ChannelId, Reply)> {
        self.claimed_unsent(false)
    }

    fn claimed_unsent(&self, own: bool) -> Vec<(ChannelId, Reply)> {
        let owed = match self.store.claim_unsent(own) {
            Ok(owed) => owed,
            Err(e) => {
                tracing::error!(error = %format!("{e:#}"), "cannot read the outbox");
                return Vec::new();
            }
        };
        let mut out = Vec::new();
        for owed in owed {
            match self.recovered(&owed) {
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
                Ok(None) => self.sent(&[owed.id], None),
                Err(e) => {
                    tracing::error!(error = %format!("{e:#}"), kind = %owed.kind, subject = owed.subject, "cannot post an owed message");
                }
            }
        }
        out
    }
}

impl Service {
    /// Leaves out of `replies` the announcement of `owed`, which was posted before a crash
    /// (by an interaction's answer, which has no nonce to drop it a second time): only its
    /// direct copies are left to send, and with none it is marked sent.
    fn posted_already(&self, owed: &Owed, replies: &mut Vec<Reply>) {
        replies.retain(|reply| reply.direct.is_some() || !reply.owed.contains(&owed.id));
        if !replies.iter().any(|reply| reply.owed.contains(&owed.id)) {
            self.sent(&[owed.id], None);
        }
    }
}

impl Keeper {
    /// Adds to `group` (an announcement) its direct copies, each carrying the announcement's
    /// rows ([`share_owed`]).
    fn copy_owed(&self, channel: ChannelId, group: &mut Vec<Reply>) {
        let Some(first) = group.first() else {
            return;
        };
        match self.direct_copies(channel, None, first) {
            Ok(copies) => group.extend(copies),
            Err(e) => tracing::error!(error = %format!("{e:#}"), "cannot copy an owed message"),
        }
        share_owed(&mut group.iter_mut().collect::<Vec<_>>());
    }

    /// The message `owed` stands for, drawn from what it announces as stored now; `None` if
    /// it no longer means anything.
    fn recovered(&self, owed: &Owed) -> anyhow::Result<Option<Reply>> {
        let reply = match owed.kind {
            Kind::Challenge => self.recovered_challenge(owed)?,
            Kind::Abandoned => self.recovered_abandoned(owed)?,
            Kind::Round | Kind::EventEnd => self.recovered_event(owed)?,
            _ => {
                let Some(stored) = self.store.game(owed.game())? else {
                    return Ok(None);
                };
                self.recovered_of_game(owed, LiveGame::load(stored)?)?
            }
        };
        Ok(reply.map(|reply| Reply {
            owed: vec![owed.id],
            ..reply
        }))
    }

    /// The notice of the challenge `owed` announces, if it is still open.
    fn recovered_challenge(&self, owed: &Owed) -> anyhow::Result<Option<Reply>> {
        match self.store.challenge(owed.channel)? {
            Some(open) if open.id == owed.challenge() => self
                .challenge_reply(open.id, &open.terms, &self.notice_phrasing())
                .map(Some),
            _ => Ok(None),
        }
    }

    /// The end of the game `owed` announces, abandoned: drawn from its row without replaying
    /// it, or from the row's columns alone where its record cannot be read (a damaged game).
    fn recovered_abandoned(&self, owed: &Owed) -> anyhow::Result<Option<Reply>> {
        let (title, players, guild) = match self.store.game(owed.game()) {
            Ok(Some(stored)) => (stored.spec.title(), stored.players, stored.guild),
            Ok(None) => return Ok(None),
            Err(e) => {
                let damaged = e.downcast::<Damaged>()?;
                (damaged_title(&damaged), damaged.players, damaged.guild)
            }
        };
        self.abandoned_reply(&title, players, guild).map(Some)
    }

    /// The message `owed` stands for about `game`.
    fn recovered_of_game(&self, owed: &Owed, game: LiveGame) -> anyhow::Result<Option<Reply>> {
        let moved_on = (owed.ply as usize) < game.stored.turns.len();
        match owed.kind {
            Kind::Turn if moved_on => Ok(Some(overtaken(&game, owed.ply))),
            Kind::Turn => self.recovered_turn(&game).map(Some),
            Kind::GameOn if moved_on => {
                let mut text = game_on(&game, "");
                text.append(text![
                    " (posted late: ",
                    game.name(Color::White),
                    " has moved since)"
                ]);
                Ok(Some(Reply::public(text)))
            }
            Kind::GameOn => self
                .position_reply(
                    &game,
                    vec![game_on(&game, "")],
                    None,
                    &self.notice_phrasing(),
                )
                .map(Some)
                .map_err(|failure| anyhow::anyhow!("{failure:?}")),
            // A warning the game moved past, or that ended, means nothing now.
            Kind::Reminder | Kind::TimeUp
                if moved_on || game.stored.status != GameStatus::Active =>
            {
                Ok(None)
            }
            Kind::Reminder | Kind::TimeUp => self.warning(&game, owed.kind),
            Kind::Forfeit => match game.stored.forfeited {
                Some(loser) => self.forfeit_reply(game, loser).map(Some),
                None => Ok(None),
            },
            Kind::Analysis => self.analysis_message(&game, owed.ply as usize),
            // Drawn without a game (`recovered`).
            Kind::Abandoned | Kind::Challenge | Kind::Round | Kind::EventEnd => Ok(None),
        }
    }

    /// The announcement of the last turns of `game`, which nothing overtook: the turn and the
    /// question to the player to move (pinged) with the board.
    fn recovered_turn(&self, game: &LiveGame) -> anyhow::Result<Reply> {
        let lines = match &game.last_turn {
            Some(turn) => self.played(game, game.last_start(), std::slice::from_ref(turn)),
            None => Vec::new(),
        };
        let mover = game.last_turn.as_ref().map(|turn| turn.color);
        self.position_reply(game, lines, mover, &self.notice_phrasing())
            .map_err(|failure| anyhow::anyhow!("{failure:?}"))
    }
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

/// Gives `owed` to the first of `group` (an announcement) and to the direct copies right
/// after it ([`share_owed`]).
fn give_owed<'a>(owed: &[OutboxId], mut group: impl Iterator<Item = &'a mut Reply>) {
    let Some(first) = group.next() else {
        return;
    };
    first.owed.extend_from_slice(owed);
    let mut announcement = vec![first];
    announcement.extend(group.take_while(|reply| reply.direct.is_some()));
    share_owed(&mut announcement);
}

/// Gives the rows of the first of `announcement` to the others (its direct copies): each
/// posts with them (its own nonce), and only the last marks them sent.
fn share_owed(announcement: &mut [&mut Reply]) {
    let Some(owed) = announcement.first().map(|first| first.owed.clone()) else {
        return;
    };
    let last = announcement.len() - 1;
    for (at, reply) in announcement.iter_mut().enumerate() {
        if at > 0 {
            reply.owed = owed.clone();
        }
        reply.owed_continues = at < last && !owed.is_empty();
    }
}

/// Whether `reply` is posted for everyone in its channel: the one that announces a turn.
fn announces(reply: &Reply) -> bool {
    !reply.private && reply.direct.is_none()
}
