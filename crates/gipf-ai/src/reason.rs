//! A one-line reason for a turn, in words for the player it is suggested to.

use gipf::Reason;

use crate::children::expand;
use crate::root::RootMove;
use crate::score::{Score, turns_to_end};
use crate::searchable::Searchable;

/// The best the player to move could do at once: pieces captured, and whether he takes
/// the opponent's last GIPF-piece (wins).
fn immediate_threat<S: Searchable>(position: &S) -> (u8, bool) {
    let mover = position.to_move();
    let mut children = Vec::new();
    expand(position, &mut children);
    children.iter().fold((0, false), |(most, wins), child| {
        let captured = child
            .position
            .lost(!mover)
            .saturating_sub(position.lost(!mover));
        let takes_last = child
            .position
            .outcome()
            .is_some_and(|o| o.winner == mover && o.reason == Reason::NoGipf);
        (most.max(captured), wins || takes_last)
    })
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
    let (threat_after, loses_after) = immediate_threat(after);
    if let Some((threat, takes_last)) = threat_before {
        if takes_last && !loses_after && after.gipf_count(me) > 0 {
            parts.push("saves your last GIPF-piece".into());
        } else if threat > threat_after {
            parts.push(format!(
                "stops a capture of {}",
                plural(u32::from(threat), "piece")
            ));
        }
    }
    let (removed, captured_pieces) = S::removed(&chosen.turn);
    let own_back = removed.saturating_sub(captured_pieces);
    if own_back > 0 && captured == 0 {
        parts.push(format!("takes back {} of yours", plural(own_back, "piece")));
    }
    if parts.is_empty() {
        let threes = |p: &S| p.open_threes(me);
        let gained = threes(after) - threes(before);
        parts.push(if gained > 0 {
            format!(
                "prepares rows ({} open threes, {gained} new)",
                threes(after)
            )
        } else {
            "the strongest position the search found".into()
        });
    }
    parts.join(", ")
}
