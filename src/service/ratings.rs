//! `stats` and `leaderboard`: Glicko-2 ratings per server, rated when a game is won (the
//! store rates it in the transaction that ends the game; aborted and abandoned games are
//! unrated).

use super::{Handled, Message, Service};
use crate::model::{GameKind, UserId};
use crate::reply::Reply;
use crate::store::RatingRow;
use crate::text;
use crate::text::{Span, Text};

/// Players on the leaderboard.
const TOP: u32 = 10;

/// `1624 ± 112`: a rating and twice its deviation (a 95% interval), rounded.
fn rating_words(row: &RatingRow) -> String {
    format!(
        "{:.0} ± {:.0}",
        row.rating.rating,
        2.0 * row.rating.deviation
    )
}

/// `62%`: the share of games won.
fn win_rate(row: &RatingRow) -> String {
    format!(
        "{:.0}%",
        100.0 * f64::from(row.wins) / f64::from(row.games.max(1))
    )
}

impl Service {
    pub(super) fn stats(&self, message: &Message, player: Option<UserId>) -> Handled {
        let player = player.unwrap_or(message.author.id);
        let guild = message.guild;
        let record = self.store.player_record(guild, player)?;
        let mut text = text![self.name_in(message, player)?];
        let Some(overall) = self.store.rating(guild, None, player)? else {
            text.push(format!(
                " has no rated game here yet: a won or lost game counts ({} starts one).",
                self.phrasing(message).cmd("challenge @someone")
            ));
            return Ok(Reply::public(text));
        };
        text.push(format!(
            ": rating {} (Glicko-2, all games), {}, {} won, {} lost",
            rating_words(&overall),
            text::count(overall.games, "rated game"),
            overall.wins,
            overall.games - overall.wins
        ));
        if let Some((won, count)) = record.streak {
            text.push(format!(
                ", {} {count} in a row",
                if won { "won" } else { "lost" }
            ));
        }
        text.push(".");
        for (kind, wins, losses) in record.by_kind {
            let rating = self
                .store
                .rating(guild, Some(kind), player)?
                .map(|row| format!(", rating {}", rating_words(&row)))
                .unwrap_or_default();
            text.push(format!(
                "\n{kind}: {}, {wins} won, {losses} lost{rating}",
                text::count(wins + losses, "game")
            ));
        }
        Ok(Reply::public(text))
    }

    pub(super) fn leaderboard(&self, message: &Message, kind: Option<GameKind>) -> Handled {
        let rows = self.store.leaderboard(message.guild, kind, TOP)?;
        let which = match kind {
            None => "all games".to_string(),
            Some(GameKind::Potentials) => "GIPF with potentials".to_string(),
            Some(kind) => format!("{kind} GIPF"),
        };
        if rows.is_empty() {
            return Ok(Reply::public(format!(
                "Nobody has a rating for {which} here yet: every won or lost game counts."
            )));
        }
        let mut lines = Vec::new();
        for (place, row) in (1..).zip(&rows) {
            lines.push(text![
                format!("{place}. "),
                self.name(row.player)?,
                format!(
                    ": {}, {}, {} won",
                    rating_words(row),
                    text::count(row.games, "game"),
                    win_rate(row)
                )
            ]);
        }
        let mut text = text![
            Span::Strong(format!("Leaderboard, {which}")),
            " (Glicko-2 rating ± 2 deviations):\n"
        ];
        text.append(Text::join(lines, "\n"));
        Ok(Reply::public(text))
    }
}
