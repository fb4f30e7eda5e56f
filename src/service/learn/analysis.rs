//! `!analyse`: a finished game's analysis, searched to fixed depths (the same game gives
//! the same analysis on any machine) in the engine pool's analysis class, one small job a
//! turn, so that a game's search waits for one such job at most; kept whole in the store and
//! shown again at once when asked again, by anyone who sees the game. One analysis of a game
//! at a time: asked again while it runs, it is posted where it was asked too. The turns that
//! cost most are posted, each with what it cost, the better turn as the command that plays
//! it, why, and a picture of it.

use std::time::{Duration, Instant};

use gipf::potentials::Game;
use gipf::{ByColor, Color};
use gipf_ai::Limits;
use gipf_ai::analyse::{Budget, Mistake, PlayedTurn, judge_turn, replay, reported, to_confirm};
use gipf_render::{BoardView, RenderOptions};

use crate::engine_pool::{Class, Ticket};
use crate::model::{ChannelId, GameId, OutboxId};
use crate::record;
use crate::reply::{FollowUp, Reply};
use crate::service::config::Config;
use crate::service::engine::Engine;
use crate::service::limits::Limits as RateLimits;
use crate::service::voice::Voice;
use crate::service::words::game_heading;
use crate::service::{Handled, Limited, LiveGame, Message, refuse};
use crate::store::{RequestKind, Store};
use crate::text;
use crate::text::Text;

/// How many turns an analysis reports.
const REPORTED: usize = 3;

/// One analysis run a member this often (showing a stored one again costs no search, and
/// does not count).
const ANALYSIS_EVERY: Duration = Duration::from_secs(30);

/// About how long one turn's search of an analysis takes, for the waits told.
const JOB_EXPECTED: Duration = Duration::from_millis(100);

/// What an analysis says of a costly turn, for `browse`: `cost about 2.5 pieces; better
/// `a5-c5`, which captures 3 pieces`.
fn comment(mistake: &Mistake) -> String {
    format!(
        "{}; better `{}`, which {}",
        mistake.cost(),
        mistake.better,
        mistake.reason
    )
}

/// What the analyses touch: the store (the requests, the analyses kept, the games), the
/// bot's voice, the engine, the limits (one analysis per member now and then) and the
/// settings (the analysis's budget).
pub(in crate::service) struct Analyses<'a> {
    pub store: &'a Store,
    pub voice: &'a Voice,
    pub engine: &'a Engine,
    pub limits: &'a RateLimits,
    pub config: &'a Config,
}

impl Analyses<'_> {
    /// `analyse` of the finished game `game` in `message`'s channel: said to come here too
    /// if it is being analysed, shown again at once if it was analysed (its heading now, its
    /// turns as the work that follows), else queued, with when it comes.
    pub(in crate::service) fn ask(&self, message: &Message, game: &LiveGame) -> Handled {
        let id = game.stored.id;
        let being_analysed = || {
            refuse(format!(
                "Game {id} is being analysed already: its turns come here when I am done."
            ))
        };
        // Asked already (here or by another process): this channel is added to its posts.
        if self.store.engine_asked(id, RequestKind::Analysis)? {
            self.store.ask_analysis(id, message.channel)?;
            return being_analysed();
        }
        let then = |again| {
            Some(FollowUp::Analysis {
                game: id,
                channel: message.channel,
                again,
            })
        };
        if let Some(mistakes) = self.store.analysis(id)? {
            return Ok(Reply {
                then: then(true),
                ..Reply::public(self.analysis_heading(game, &mistakes))
            });
        }
        if !self
            .limits
            .allow(Limited::Analysis(message.author.id), ANALYSIS_EVERY)
        {
            return refuse(format!(
                "One analysis every {} s: ask again in a moment.",
                ANALYSIS_EVERY.as_secs()
            ));
        }
        if !self.store.ask_analysis(id, message.channel)? {
            return being_analysed();
        }
        Ok(Reply {
            then: then(false),
            ..Reply::public(self.analysis_plan(game)?)
        })
    }

    /// `Game 3, ...: I am looking at all 41 turns (4 turns deep each), then ...`.
    fn analysis_plan(&self, game: &LiveGame) -> anyhow::Result<Text> {
        let turns = game.stored.turns.len();
        let mut text = game_heading(game);
        let budget = self.config.analysis;
        // A game of one turn has no "all" and no "3 that cost most".
        let (looked, reported) = match turns {
            1 => ("its one turn".to_string(), "What it cost comes".to_string()),
            n => (
                format!("all {}", text::count(n as u64, "turn")),
                format!(
                    "The {} that cost most come",
                    text::count(n.min(REPORTED) as u64, "turn")
                ),
            ),
        };
        text.push(format!(
            ": I am looking at {looked} ({} each), then again at the worst ({} each). \
             {reported} here when I am done, in about {}.",
            effort(budget.scan),
            effort(budget.confirm),
            expected_time(budget, turns),
        ));
        Ok(text)
    }

    /// The analysis of `game` asked for in `channel`: the stored one's turns shown `again`
    /// (its heading was the answer to the command), else searched here if this process
    /// claims it (its replies for every channel that asked, each carrying its outbox row;
    /// none where another process claimed it, which posts them). Errors are logged.
    pub(in crate::service) fn analysis(
        &self,
        game: GameId,
        channel: ChannelId,
        again: bool,
    ) -> Vec<(ChannelId, Reply)> {
        let done = match again {
            true => (self.shown_again(game)).map(|replies| (replies, vec![(channel, Vec::new())])),
            false => self.claimed_analysis(game),
        };
        self.analysis_told(game, done, Some(channel))
    }

    /// The analysis asked of game `id`, searched here if this process claims it: nothing
    /// where another one does (it posts the analysis in every channel that asked).
    fn claimed_analysis(&self, id: GameId) -> anyhow::Result<AnalysisDone> {
        if !self.store.claim_engine_request(id, RequestKind::Analysis)? {
            return Ok((Vec::new(), Vec::new()));
        }
        self.try_analysis(id)
    }

    /// The analysis of game `id` that an engine pool claimed (`engine_work`):
    /// its replies for every channel that asked.
    pub(in crate::service) fn claimed(&self, id: GameId) -> Vec<(ChannelId, Reply)> {
        self.analysis_told(id, self.try_analysis(id), None)
    }

    /// The replies of an analysis `done`, each for its channel and carrying its outbox row;
    /// if it failed, the request is dropped and each channel that asked (else `channel`)
    /// hears so. Errors are logged.
    fn analysis_told(
        &self,
        game: GameId,
        done: anyhow::Result<AnalysisDone>,
        channel: Option<ChannelId>,
    ) -> Vec<(ChannelId, Reply)> {
        let (replies, owed) = done.unwrap_or_else(|e| {
            tracing::error!(error = %format!("{e:#}"), game = %game, "an analysis failed");
            let failed = Reply::public(format!(
                "Something went wrong on my side analysing game {game}: ask again later."
            ));
            let mut channels =
                (self.store.drop_engine_request(game, RequestKind::Analysis)).unwrap_or_default();
            if channels.is_empty() {
                channels.extend(channel);
            }
            (
                vec![failed],
                channels.into_iter().map(|c| (c, Vec::new())).collect(),
            )
        });
        (owed.into_iter())
            .flat_map(|(c, rows)| {
                let mut rows = rows.into_iter();
                (replies.iter()).map(move |reply| (c, owing(reply, rows.next())))
            })
            .collect()
    }

    /// The turns of the stored analysis of game `id`, shown again.
    fn shown_again(&self, id: GameId) -> anyhow::Result<Vec<Reply>> {
        let game = self.finished_game(id)?;
        let mistakes = (self.store.analysis(id)?)
            .ok_or_else(|| anyhow::anyhow!("the analysis of game {id} is gone"))?;
        self.mistake_replies(&game, &mistakes)
    }

    /// Game `id`, read for its analysis.
    fn finished_game(&self, id: GameId) -> anyhow::Result<LiveGame> {
        let stored = self
            .store
            .game(id)?
            .ok_or_else(|| anyhow::anyhow!("game {id} is gone"))?;
        Ok(LiveGame::load(stored)?)
    }

    /// Analyses game `id`, keeps it, and gives its heading and turns, with the channels
    /// that asked for it, each with its outbox rows (a row a reply, in order).
    fn try_analysis(&self, id: GameId) -> anyhow::Result<AnalysisDone> {
        let game = self.finished_game(id)?;
        let started = Instant::now();
        let mistakes = self.search_analysis(&game)?;
        let comments: Vec<(u32, String)> = (mistakes.iter())
            .map(|m| (m.index as u32 + 1, comment(m)))
            .collect();
        // Stored with its messages owed to every channel that asked, in one transaction.
        let owed = (self.store).set_analysis(id, &mistakes, &comments)?;
        let seconds = started.elapsed().as_secs_f64();
        tracing::info!(game = %id, seconds, turns = game.stored.turns.len(), "analysed");
        let mut replies = vec![Reply::public(self.analysis_heading(&game, &mistakes))];
        replies.extend(self.mistake_replies(&game, &mistakes)?);
        Ok((replies, owed))
    }

    /// The costly turns of `game`: every turn judged at the scan's limits, the worst again
    /// at the confirm's, each a job of its own in the engine pool's analysis class.
    fn search_analysis(&self, game: &LiveGame) -> anyhow::Result<Vec<Mistake>> {
        let id = game.stored.id;
        let start = Game::new(game.stored.spec.options());
        let played = replay(&start, &game.stored.turns)
            .map_err(|e| anyhow::anyhow!("game {id} does not replay: {e}"))?;
        let ticket = Ticket {
            player: game.player(Color::White),
            game: Some(id),
            class: Class::Analysis,
            expected: JOB_EXPECTED,
        };
        let judge = |turn: &PlayedTurn, limits: Limits| {
            let turn = turn.clone();
            self.engine
                .run(ticket, move |engine| judge_turn(engine, &turn, limits))
        };
        let budget = self.config.analysis;
        let mut scanned = Vec::new();
        for turn in &played {
            scanned.extend(judge(turn, budget.scan)?);
        }
        let mut confirmed = Vec::new();
        for index in to_confirm(&scanned, REPORTED) {
            if let Some(turn) = played.get(index) {
                confirmed.extend(judge(turn, budget.confirm)?);
            }
        }
        Ok(reported(confirmed, REPORTED))
    }

    /// Each costly turn's reply ([`Analyses::mistake_reply`]).
    fn mistake_replies(&self, game: &LiveGame, mistakes: &[Mistake]) -> anyhow::Result<Vec<Reply>> {
        (1..)
            .zip(mistakes)
            .map(|(n, mistake)| self.mistake_reply(game, n, mistake))
            .collect()
    }

    /// `Game 3, ...: the 3 turns that cost most.`, or that none cost anything.
    fn analysis_heading(&self, game: &LiveGame, mistakes: &[Mistake]) -> Text {
        let mut text = game_heading(game);
        if mistakes.is_empty() {
            text.push(format!(
                ": I find no turn that cost anything, looking at every turn ({} each).",
                effort(self.config.analysis.scan)
            ));
        } else {
            text.push(format!(
                ": the {} that cost most.",
                text::count(mistakes.len() as u64, "turn")
            ));
        }
        text
    }

    /// Message `n` of the stored analysis of `game`, drawn again (an outbox row of
    /// [`Kind::Analysis`](crate::store::Kind::Analysis)): 0 its heading, `n` its `n`-th
    /// costly turn; `None` if there is no such message.
    pub(in crate::service) fn message(
        &self,
        game: &LiveGame,
        n: usize,
    ) -> anyhow::Result<Option<Reply>> {
        let Some(mistakes) = self.store.analysis(game.stored.id)? else {
            return Ok(None);
        };
        Ok(match n.checked_sub(1) {
            None => Some(Reply::public(self.analysis_heading(game, &mistakes))),
            Some(index) => (mistakes.get(index))
                .map(|mistake| self.mistake_reply(game, n, mistake))
                .transpose()?,
        })
    }

    /// One costly turn: who played what, what it cost, the better turn as the command that
    /// plays it and why, and the board after the better turn with it drawn.
    fn mistake_reply(&self, game: &LiveGame, n: usize, mistake: &Mistake) -> anyhow::Result<Reply> {
        let options = game.game.options();
        let (before, _) = game.record()?.after_lines(mistake.index);
        let mut after = before.clone();
        let better = after
            .play_notation(&mistake.better)?
            .into_iter()
            .next()
            .ok_or_else(|| anyhow::anyhow!("the better turn completes no turn"))?;
        let better_text = record::turn_text(&options, &better, false);
        let say = self.voice.notice_phrasing();
        let text = text![
            format!("{n}. Turn {}: ", mistake.index + 1),
            game.name(mistake.color),
            format!(
                " ({}) played `{}`, which {}. Better: {}, which {}.",
                mistake.color,
                mistake.played,
                mistake.cost(),
                say.cmd(&crate::service::game::hint_command::command_for(
                    before,
                    &better_text
                )),
                mistake.reason
            )
        ];
        let names = &game.stored.names;
        let view = BoardView {
            game: &after,
            last_turn: Some(&better),
            names: ByColor::new(
                names[gipf::Color::White].as_str(),
                names[gipf::Color::Black].as_str(),
            ),
            note: Some(&format!("Turn {}: the better turn", mistake.index + 1)),
        };
        Ok(Reply {
            board: Some(crate::service::picture::draw(
                &view,
                &RenderOptions::default(),
            )),
            ..Reply::public(text)
        })
    }
}

/// The replies of an analysis done, and the channels that asked for it, each with its
/// outbox rows (none for an analysis shown again, which stores nothing).
type AnalysisDone = (Vec<Reply>, Vec<(ChannelId, Vec<OutboxId>)>);

/// `reply` carrying `row`, the outbox row it announces, if any.
fn owing(reply: &Reply, row: Option<OutboxId>) -> Reply {
    Reply {
        owed: row.into_iter().collect(),
        ..reply.clone()
    }
}

/// How much one search of an analysis looks: `0.3 s`, `3 turns deep`.
fn effort(limits: Limits) -> String {
    match limits.time {
        Some(time) => format!("{:.1} s", time.as_secs_f64()),
        None if limits.max_depth == 1 => "1 turn deep".into(),
        None => format!("{} turns deep", limits.max_depth),
    }
}

/// About how long an analysis of `turns` turns takes: a scan and a score of every turn,
/// twice that for the few it confirms, rounded up to a minute.
fn expected_time(budget: Budget, turns: usize) -> String {
    let each = |limits: Limits| limits.time.map_or(0.05, |t| t.as_secs_f64());
    let seconds = each(budget.scan) * turns as f64 + each(budget.confirm) * 2.0 * REPORTED as f64;
    match (seconds / 60.0).ceil() as u64 {
        0 | 1 => "a minute".into(),
        minutes => format!("{minutes} minutes"),
    }
}
