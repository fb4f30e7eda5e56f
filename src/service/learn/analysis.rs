//! `!analyse` at real strength, off the command's path: the request is answered at once and
//! queued; the analysis runs on its own engine, one at a time, so that games against the
//! engine never wait for it; then the turns that cost most are posted, each with what it
//! cost, the better turn as the command that plays it, why, and a picture of it.

use std::collections::HashSet;
use std::sync::Mutex;
use std::time::Instant;

use gipf::ByColor;
use gipf::potentials::Game;
use gipf_ai::Engine;
use gipf_ai::Limits;
use gipf_ai::analyse::{Budget, Mistake, analyse};

use crate::model::{ChannelId, GameId};
use crate::record;
use crate::render::{BoardView, RenderOptions};
use crate::reply::{FollowUp, Reply};
use crate::service::voice::Voice;
use crate::service::{Handled, LiveGame, Message, Service, refuse};
use crate::text;

/// How many turns an analysis reports.
const REPORTED: usize = 3;

/// The table of the analysis engine, in MiB.
const TABLE_MEGABYTES: usize = 32;

/// The analysis's own engine and the games waiting for it.
#[derive(Default)]
pub(in crate::service) struct AnalysisSeat {
    /// One analysis at a time; its own table, apart from the engine that plays.
    engine: Mutex<Option<Engine>>,
    /// Games asked for and not yet posted: asked again, they are not queued twice.
    queued: Mutex<HashSet<GameId>>,
}

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

impl Service {
    /// Whether game `id`'s analysis is queued or running.
    pub(in crate::service) fn analysis_queued(&self, id: GameId) -> bool {
        self.analysis
            .queued
            .lock()
            .is_ok_and(|queued| queued.contains(&id))
    }

    /// Queues the analysis of a finished game asked for in `message`'s channel, and says
    /// when it comes.
    pub(in crate::service) fn queue_analysis(&self, message: &Message, game: &LiveGame) -> Handled {
        let id = game.stored.id;
        let newly = self
            .analysis
            .queued
            .lock()
            .map_err(|_| anyhow::anyhow!("the analysis queue panicked"))?
            .insert(id);
        if !newly {
            return refuse(format!(
                "Game {id} is being analysed already: its turns come where it was asked for."
            ));
        }
        let turns = game.stored.turns.len();
        let mut text = self.game_heading(game)?;
        let budget = self.config.analysis;
        text.push(format!(
            ": I am looking at all {} ({} each), then again at the worst ({} each). \
             The {REPORTED} turns that cost most come here when I am done, in about {}.",
            text::count(turns as u64, "turn"),
            effort(budget.scan),
            effort(budget.confirm),
            expected_time(budget, turns),
        ));
        Ok(Reply {
            then: Some(FollowUp::Analysis {
                game: id,
                channel: message.channel,
            }),
            ..Reply::public(text)
        })
    }

    /// The queued analysis of `game`: its replies for `channel`. Errors are logged.
    pub(in crate::service) fn analysis(
        &self,
        game: GameId,
        channel: ChannelId,
    ) -> Vec<(ChannelId, Reply)> {
        let replies = self.try_analysis(game).unwrap_or_else(|e| {
            tracing::error!(error = %format!("{e:#}"), game = %game, "an analysis failed");
            vec![Reply::public(format!(
                "Something went wrong on my side analysing game {game}: ask again later."
            ))]
        });
        if let Ok(mut queued) = self.analysis.queued.lock() {
            queued.remove(&game);
        }
        replies.into_iter().map(|reply| (channel, reply)).collect()
    }

    fn try_analysis(&self, id: GameId) -> anyhow::Result<Vec<Reply>> {
        let stored = self
            .store
            .game(id)?
            .ok_or_else(|| anyhow::anyhow!("game {id} is gone"))?;
        let game = LiveGame::load(stored)?;
        let start = Game::new(game.stored.spec.options());
        let started = Instant::now();
        let mistakes = {
            let mut engine = self
                .analysis
                .engine
                .lock()
                .map_err(|_| anyhow::anyhow!("an earlier analysis panicked"))?;
            let engine =
                engine.get_or_insert_with(|| Engine::with_table_megabytes(TABLE_MEGABYTES));
            engine.clear();
            analyse(
                engine,
                &start,
                &game.stored.turns,
                &self.config.analysis,
                REPORTED,
            )
            .map_err(|e| anyhow::anyhow!("game {id} does not replay: {e}"))?
        };
        let took = started.elapsed();
        let comments: Vec<(u32, String)> = (mistakes.iter())
            .map(|m| (m.index as u32 + 1, comment(m)))
            .collect();
        self.store.set_analysis_comments(id, &comments)?;
        tracing::info!(game = %id, seconds = took.as_secs_f64(), turns = game.stored.turns.len(), "analysed");
        let mut text = self.game_heading(&game)?;
        if mistakes.is_empty() {
            text.push(format!(
                ": I find no turn that cost anything, looking at every turn ({} each).",
                effort(self.config.analysis.scan)
            ));
            return Ok(vec![Reply::public(text)]);
        }
        text.push(format!(
            ": the {} that cost most ({} s).",
            text::count(mistakes.len() as u64, "turn"),
            took.as_secs()
        ));
        let mut replies = vec![Reply::public(text)];
        for (n, mistake) in (1..).zip(&mistakes) {
            replies.push(self.mistake_reply(&game, n, mistake)?);
        }
        Ok(replies)
    }
}

impl Voice {
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
        let say = self.notice_phrasing();
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
