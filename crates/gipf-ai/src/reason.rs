//! A one-line reason for a turn, in words for the player it is suggested to.

use gipf::Reason;

use crate::children::expand;
use crate::masks::CENTRE;
use crate::root::RootMove;
use crate::score::{Score, turns_to_end};
use crate::searchable::Searchable;

/// The best the player to move could do at once.
#[derive(Clone, Copy, Debug, Default)]
struct Threat {
    /// Pieces captured by his best turn.
    captured: u8,
    /// Whether a turn takes the opponent's last GIPF-piece (wins).
    wins: bool,
}

impl Threat {
    /// `a capture of 2 pieces`: what the best capture takes. Its spots are not named: the
    /// push that makes the row moves the pieces it then takes.
    fn capture(&self) -> String {
        format!("a capture of {}", plural(u32::from(self.captured), "piece"))
    }
}

fn immediate_threat<S: Searchable>(position: &S) -> Threat {
    let mover = position.to_move();
    let lost = position.lost(!mover);
    let mut threat = Threat::default();
    position.each_turn(&mut |next, _, _| {
        let captured = next.lost(!mover).saturating_sub(lost);
        if next
            .outcome()
            .is_some_and(|o| o.winner == mover && o.reason == Reason::NoGipf)
        {
            threat.wins = true;
        }
        threat.captured = threat.captured.max(captured);
    });
    threat
}

fn plural(n: u32, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Why `chosen` is played from `before`, given its search score.
pub(crate) fn reason<S: Searchable>(before: &S, chosen: &RootMove<S>, score: Score) -> String {
    let me = before.to_move();
    let after = &chosen.position;
    if let Some(outcome) = after.outcome() {
        return match (outcome.winner == me, outcome.reason) {
            (true, Reason::NoGipf) => "wins: takes the opponent's last GIPF-piece".into(),
            (true, _) => "wins: the opponent cannot push".into(),
            (false, _) => "loses: there is no other turn".into(),
        };
    }
    let mut parts = Vec::new();
    if let Some(turns) = turns_to_end(score) {
        let when = if score > 0 {
            "wins"
        } else {
            "holds out longest: loses"
        };
        parts.push(format!("{when} in {turns} turns at best play"));
    }
    let captured = u32::from(after.lost(!me).saturating_sub(before.lost(!me)));
    if captured > 0 {
        let gipf_taken = before.gipf_count(!me).saturating_sub(after.gipf_count(!me));
        let mut text = format!("captures {}", plural(captured, "piece"));
        if gipf_taken > 0 {
            text.push_str(&format!(
                " ({} among them)",
                plural(gipf_taken, "GIPF-piece")
            ));
        }
        parts.push(text);
    }
    let threat_before = before.passed().map(|p| immediate_threat(&p));
    let threat_after = immediate_threat(after);
    if let Some(threat) = threat_before {
        if threat.wins && !threat_after.wins && after.gipf_count(me) > 0 {
            parts.push("saves your last GIPF-piece".into());
        } else if threat.captured > threat_after.captured {
            parts.push(format!("stops {}'s row ({})", !me, threat.capture()));
        }
    }
    let (removed, captured_pieces) = S::removed(&chosen.turn);
    let own_back = removed.saturating_sub(captured_pieces);
    if own_back > 0 && captured == 0 {
        parts.push(format!("returns {own_back} of your pieces to your reserve"));
    }
    if parts.is_empty() {
        parts.push(quiet_reason(before, after, threat_after.captured));
    }
    parts.join(", ")
}

/// Why a turn that captures, saves and stops nothing is good: the threat it makes, the
/// lines it builds or blocks, the centre, or how little it leaves the opponent.
fn quiet_reason<S: Searchable>(before: &S, after: &S, threat_after: u8) -> String {
    let me = before.to_move();
    let them = !me;
    let unstoppable = unstoppable_threat(after);
    if unstoppable > 0 {
        let pieces = plural(u32::from(unstoppable), "piece");
        return format!("threatens to capture {pieces} next turn, and {them} cannot stop it");
    }
    let threat = after
        .passed()
        .map(|p| immediate_threat(&p))
        .unwrap_or_default();
    if threat.captured > 0 {
        return format!(
            "threatens a row next turn ({}) unless {them} blocks it",
            threat.capture()
        );
    }
    let gained = after.open_threes(me) - before.open_threes(me);
    if gained > 0 {
        let lines = plural(gained as u32, "line");
        return format!("builds {lines} of three with room for a fourth: rows to come");
    }
    let blocked = before.open_threes(them) - after.open_threes(them);
    if blocked > 0 {
        return match blocked {
            1 => format!("blocks one of {them}'s lines of three"),
            n => format!("blocks {n} of {them}'s lines of three"),
        };
    }
    let centre = |state: &S| (state.pieces(me).bits() & CENTRE).count_ones();
    if centre(after) > centre(before) {
        return "takes a spot at the centre, where most rows cross".into();
    }
    match threat_after {
        0 => format!("leaves {them} nothing to capture next turn"),
        n => format!(
            "limits {them} to a capture of {} next turn",
            plural(u32::from(n), "piece")
        ),
    }
}

/// The capture the player who just moved into `after` threatens whatever his opponent
/// replies: over the replies, the least of the most he can capture at once.
fn unstoppable_threat<S: Searchable>(after: &S) -> u8 {
    let mut replies = Vec::new();
    expand(after, &mut replies);
    replies
        .iter()
        .map(|reply| match reply.position.outcome() {
            Some(_) => 0,
            None => immediate_threat(&reply.position).captured,
        })
        .min()
        .unwrap_or(0)
}
