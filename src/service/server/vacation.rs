//! `vacation`: a member's clocks stopped in all his games for some days. The store keeps
//! his budget and moves the deadlines (`store/vacations.rs`, the rules in `vacation.rs`);
//! here are the answers, and the notices each of his games' channels gets as it starts and
//! ends (owed in the same transaction, drawn here).

use gipf::Color;

use super::Hands;
use crate::command::{Phrasing, VacationAsk};
use crate::defaults::DAY;
use crate::model::{GameStatus, UserId};
use crate::reply::Reply;
use crate::service::names::{mention_player, remember_users};
use crate::service::voice::Voice;
use crate::service::{Handled, LiveGame, Message, refuse};
use crate::store::{Kind, NoVacation};
use crate::text;
use crate::text::{Span, Text};
use crate::vacation::{Budget, days_words};

impl Hands<'_> {
    /// `vacation [days|off]`.
    pub(super) fn vacation(&self, message: &Message, ask: VacationAsk) -> Handled {
        let say = self.voice.phrasing(message);
        let user = message.author.id;
        match ask {
            VacationAsk::Look => self.vacation_look(user, &say),
            VacationAsk::Start(days) => {
                remember_users(self.store, message)?;
                self.vacation_start(user, days, &say)
            }
            VacationAsk::Off => self.vacation_off(user, &say),
        }
    }

    /// The days left, the vacation that runs, and what a vacation does.
    fn vacation_look(&self, user: UserId, say: &Phrasing) -> Handled {
        let vacation = self.store.vacation(user)?;
        let mut text = match vacation.away {
            Some(away) => text![
                "You are on vacation until ",
                Span::Time(away.back),
                format!(
                    ": your clocks stand still until then. {} ends it now and gives back the \
                     days not used (each vacation spends at least a day). ",
                    say.cmd("vacation off")
                )
            ],
            None => Text::from(format!(
                "{} stops your clocks in all your games for 5 days: no deadline of yours passes \
                 and no reminder comes, nobody can claim a win on time against you, and your \
                 opponents see until when you are away. Your first turn in any game, or {}, \
                 ends it early and gives back the days not used. ",
                say.cmd("vacation 5"),
                say.cmd("vacation off")
            )),
        };
        text.push(format!(
            "You have {} of vacation left{}: each vacation spends at least a day, and the 1st \
             of each month adds {}, up to {}.",
            days_words(vacation.left),
            if vacation.away.is_some() {
                " besides this one"
            } else {
                ""
            },
            days_words(Budget::MONTHLY),
            days_words(Budget::MOST)
        ));
        text.push(self.kept_words(user)?);
        Ok(Reply::private(text))
    }

    /// A vacation of `days` from now, if the budget holds it.
    fn vacation_start(&self, user: UserId, days: u16, say: &Phrasing) -> Handled {
        let back = self.clock.now() + i64::from(days) * DAY;
        let paused = match self.store.start_vacation(user, back)? {
            Ok(paused) => paused,
            Err(NoVacation::Running(away)) => {
                return refuse(text![
                    "You are on vacation already, until ",
                    Span::Time(away.back),
                    format!(": {} ends it.", say.cmd("vacation off"))
                ]);
            }
            Err(NoVacation::TooLong { left }) => return refuse(too_long(left, say)),
        };
        let mut text = text![
            "You are on vacation until ",
            Span::Time(paused.away.back),
            format!(
                ": your clocks stand still in your {} until then, and your opponents are told. \
                 Your first turn in any game, or {}, ends it early and gives back the days not \
                 used.",
                text::count(paused.games as u64, "game"),
                say.cmd("vacation off")
            )
        ];
        text.push(self.kept_words(user)?);
        Ok(Reply::private(text))
    }

    /// Back now.
    fn vacation_off(&self, user: UserId, say: &Phrasing) -> Handled {
        if self.store.end_vacation(user)?.is_none() {
            return refuse(format!(
                "You are not on vacation: {} starts one of 7 days, {} says how many you have.",
                say.cmd("vacation 7"),
                say.cmd("vacation")
            ));
        }
        let left = self.store.vacation(user)?.left;
        Ok(Reply::private(format!(
            "Welcome back: your clocks run again from now, each with the time it had left, and \
             your opponents are told. You have {} of vacation left.",
            days_words(left)
        )))
    }

    /// What a member hears of his games whose clocks a vacation does not stop.
    fn kept_words(&self, user: UserId) -> anyhow::Result<String> {
        Ok(match self.store.games_keeping_clocks(user)? {
            0 => String::new(),
            1 => " Your game in an event made with `vacation=off` keeps its clock.".into(),
            kept => {
                format!(" Your {kept} games in events made with `vacation=off` keep their clocks.")
            }
        })
    }
}

/// The refusal of a vacation longer than the `left` of the budget.
fn too_long(left: i64, say: &Phrasing) -> String {
    let most = left / DAY;
    let what = match most {
        0 => "less than a day: the 1st of next month adds 2 days".to_string(),
        _ => format!("{} at most", say.cmd(&format!("vacation {most}"))),
    };
    format!("You have {} of vacation left: {what}.", days_words(left))
}

/// The notice owed to a game's channel as the vacation of its player `color` starts
/// ([`Kind::Away`]) or ends ([`Kind::Back`]), drawn from the game as it stands: none once it
/// means nothing (the game ended, or the vacation it tells of is over or runs again).
pub(in crate::service) fn notice(
    voice: &Voice,
    game: &LiveGame,
    color: Color,
    kind: Kind,
) -> Option<Reply> {
    if game.stored.status != GameStatus::Active {
        return None;
    }
    let his_move = game.to_move() == color;
    let mut text = text![mention_player(voice, game, !color), ", ", game.name(color)];
    match (kind, game.stored.away[color]) {
        (Kind::Away, Some(back)) => {
            text.append(text![" is on vacation until ", Span::Time(back), ": "]);
            text.push(match his_move {
                true => "his clock in this game stands still until then.",
                false => "when it is his move, his time starts at his return.",
            });
        }
        (Kind::Back, None) => {
            text.push(" is back from vacation.");
            if let (true, Some(deadline)) = (his_move, game.stored.deadline) {
                text.append(text![
                    " His clock runs again: his move is due by ",
                    Span::Time(deadline),
                    "."
                ]);
            }
        }
        _ => return None,
    }
    Some(Reply::public(text))
}

/// The colour an [`Kind::Away`] or [`Kind::Back`] row's `ply` names.
pub(in crate::service) fn noticed_color(ply: i64) -> Color {
    if ply == 0 { Color::White } else { Color::Black }
}
