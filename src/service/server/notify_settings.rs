//! `notify`: a member's direct messages, daily digest (sent by the watch: `digest.rs`), quiet
//! hours (the pings held in `notify.rs`) and time zone, set and said back.

use super::Hands;
use crate::command::{NotifyChange, Phrasing};
use crate::hours::{DayTime, Quiet, Zone};
use crate::reply::Reply;
use crate::service::names::remember_users;
use crate::service::{Handled, Message};
use crate::store::NoticeHours;
use crate::text::{Span, Text};

/// The digest's time of day where a member names none.
const DIGEST_AT: u16 = 8 * 60;

impl Hands<'_> {
    /// `notify [...]`: changes what `change` names, then says what is set.
    pub(super) fn notify(&self, message: &Message, change: NotifyChange) -> Handled {
        let user = message.author.id;
        let say = self.voice.phrasing(message);
        if change.is_look() {
            let hours = self.store.notice_hours(user)?;
            return Ok(Reply::private(self.notice_words(&hours, &say)));
        }
        remember_users(self.store, message)?;
        if let Some(dm) = change.dm {
            self.store.set_dm(user, dm)?;
        }
        let mut hours = self.store.notice_hours(user)?;
        if change.zone.is_some() || change.digest.is_some() || change.at.is_some() {
            self.set_digest(&mut hours, change);
        }
        if let Some(quiet) = change.quiet {
            hours.quiet = quiet.map(|quiet| (quiet.from.minute(), quiet.to.minute()));
        }
        self.store.set_notice_hours(user, &hours)?;
        let mut text = Text::from(match change.dm {
            Some(true) => {
                "I will also send you a direct message, with the board, when it is your turn or you are challenged. If Discord refuses it (your privacy settings), I will say so and stop.\n"
            }
            Some(false) => {
                "No more direct messages from me on your turns: the pings in the channel stay.\n"
            }
            None => "",
        });
        text.append(self.notice_words(&hours, &say));
        Ok(Reply::private(text))
    }

    /// `hours` with `change`'s digest and zone (the next digest counted from now).
    fn set_digest(&self, hours: &mut NoticeHours, change: NotifyChange) {
        if let Some(zone) = change.zone {
            hours.zone = Some(zone.name().to_string());
        }
        let on = change
            .digest
            .unwrap_or(change.at.is_some() || hours.digest.is_some());
        hours.digest = match (on, change.at) {
            (false, _) => None,
            (true, Some(at)) => Some(at.minute()),
            (true, None) => Some(hours.digest.unwrap_or(DIGEST_AT)),
        };
        let zone = Zone::stored(hours.zone.as_deref());
        hours.digest_next = (hours.digest)
            .and_then(|minute| DayTime::of_minute(i64::from(minute)))
            .map(|at| zone.next(self.clock.now(), at));
    }

    /// What `hours` sets, each with how to change it.
    fn notice_words(&self, hours: &NoticeHours, say: &Phrasing) -> Text {
        let zone = Zone::stored(hours.zone.as_deref()).name();
        let mut text = Text::from(match hours.dm {
            true => "Direct messages on your turns: on. ",
            false => "Direct messages on your turns: off. ",
        });
        match (
            hours.digest.and_then(|m| DayTime::of_minute(i64::from(m))),
            hours.digest_next,
        ) {
            (Some(at), Some(next)) => text
                .push(format!("Daily digest: at {at} ({zone}), the next one "))
                .push(Span::Time(next))
                .push(format!(
                    ": one direct message with the games where it is your move, most urgent first, \
                 and none on a day with nothing to do ({} stops it). ",
                    say.cmd("notify digest off")
                )),
            _ => text.push(format!(
                "Daily digest: off ({} sends one each morning). ",
                say.cmd("notify digest on at 08:00")
            )),
        };
        let quiet = hours.quiet.and_then(|(from, to)| {
            Some(Quiet {
                from: DayTime::of_minute(i64::from(from))?,
                to: DayTime::of_minute(i64::from(to))?,
            })
        });
        match quiet {
            Some(quiet) => text.push(format!(
                "Quiet hours: {quiet} ({zone}): direct-message pings in those hours wait until \
                 {} and come as one message; pings in the channels stay, and no deadline moves \
                 ({} ends them).",
                quiet.to,
                say.cmd("notify quiet off")
            )),
            None => text.push(format!(
                "Quiet hours: none ({} holds direct-message pings at night).",
                say.cmd("notify quiet 23:00-07:00")
            )),
        };
        if hours.zone.is_none() && (hours.digest.is_some() || hours.quiet.is_some()) {
            text.push(format!(
                " Times are in UTC: {} sets your time zone.",
                say.cmd("notify tz Europe/Brussels")
            ));
        }
        text
    }
}
