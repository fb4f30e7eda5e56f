//! `games`, `history`, `export`, `replay`, `analyse`, `stats`, `leaderboard`: every game
//! stays in the database once it ends, and any game of a server can be listed, read,
//! exported as a record, replayed and analysed; the ratings its result made can be read.

pub(super) mod ratings;

use gipf::{ByColor, Color, Reason};

use super::archive::ratings::{rating_words, win_rate};
use super::visible::{listing_audience, shown};
use super::words::colour_word;
use super::{Failure, Handled, Limited, LiveGame, Message, Run, refuse};
use crate::command::ArchiveCommand;
use crate::model::{ChannelId, GameId, GameKind, GameScope, GameStatus, GuildId, UserId};
use crate::record::{GameRecord, Header};
use crate::reply::Reply;
use crate::service::config::Config;
use crate::service::engine::Engine;
use crate::service::games::Games;
use crate::service::learn::analysis::Analyses;
use crate::service::learn::browse::Browser;
use crate::service::limits::Limits;
use crate::service::names::{name, name_in};
use crate::service::page_link::page_link;
use crate::service::picture::Pictures;
use crate::service::visible::visible_games;
use crate::service::voice::Voice;
use crate::service::words::{damage_text, game_heading, players_line};
use crate::sight::Audience;
use crate::store::{Damaged, GameFilter, PlayerRecord, RatingRow, Store, StoredGame};
use crate::text;
use crate::text::{Span, Text};

/// Games listed per page.
const PAGE: u32 = 10;
/// A history longer than this goes out as a `.gipf` file.
const HISTORY_INLINE_LINES: usize = 30;
/// One animated replay per member this often: each is a few hundred pictures.
const REPLAY_EVERY: std::time::Duration = std::time::Duration::from_secs(30);
/// Players on the leaderboard.
const TOP: u32 = 10;

/// What the archive touches: the games, the store, the bot's voice, the pictures, the
/// engine (the browser's engine view, an analysis), the limits (a replay, an analysis per
/// member now and then) and the settings (the analysis's budget).
pub(in crate::service) struct Hands<'a> {
    pub games: &'a Games,
    pub store: &'a Store,
    pub voice: &'a Voice,
    pub pictures: &'a Pictures,
    pub engine: &'a Engine,
    pub limits: &'a Limits,
    pub config: &'a Config,
}

impl Run for ArchiveCommand {
    type Hands<'a> = Hands<'a>;

    fn run(self, service: &Hands<'_>, message: &Message) -> Handled {
        match self {
            ArchiveCommand::History { game } => service.history(message, game),
            ArchiveCommand::Export { game } => service.export(message, game),
            ArchiveCommand::Replay { game } => service.replay(message, game),
            ArchiveCommand::Analyse { game } => service.analyse(message, game),
            ArchiveCommand::Browse { game, turn, engine } => {
                let game = service.named_game(message, game)?;
                let mut reply = service.browser().browse(message, &game, turn, engine)?;
                let page = page_link(service.store, service.config, Some(message), &game.stored);
                if let Some(page) = page {
                    let total = game.stored.turns.len();
                    let ply = turn.map_or(total, |n| (n as usize).min(total));
                    reply
                        .text
                        .push(format!("\nThis position on its page: <{page}?ply={ply}>"));
                }
                Ok(reply)
            }
            ArchiveCommand::Games {
                player,
                scope,
                page,
            } => service.games(message, player, scope, page),
            ArchiveCommand::MyGames => service.my_games(message),
            ArchiveCommand::Stats { player } => service.stats(message, player),
            ArchiveCommand::Leaderboard { kind } => service.leaderboard(message, kind),
        }
    }
}

/// How a game ended, as a record's header says it: `1-0`, `0-1` or `*` (still on, or ended
/// without a result), and why.
pub(crate) fn result_of(game: &LiveGame) -> (&'static str, Option<&'static str>) {
    let stored = &game.stored;
    match stored.status {
        GameStatus::Active => ("*", None),
        GameStatus::Aborted => ("*", Some("aborted")),
        GameStatus::Abandoned => ("*", Some("abandoned")),
        GameStatus::Won(winner) => {
            let score = match winner {
                Color::White => "1-0",
                Color::Black => "0-1",
            };
            let why = if stored.forfeited.is_some() {
                "time"
            } else if stored.resigned.is_some() {
                "resignation"
            } else {
                match game.outcome().map(|o| o.reason) {
                    Some(Reason::NoGipf) => "no GIPF-piece",
                    Some(Reason::NoReserve) => "no reserve",
                    Some(Reason::NoMove) => "no legal move",
                    Some(Reason::Resignation) | None => "resignation",
                }
            };
            (score, Some(why))
        }
    }
}

/// `2026.11.23`: a date as PGN writes it.
fn pgn_date(unix: i64) -> String {
    text::utc(unix)
        .get(..10)
        .unwrap_or_default()
        .replace('-', ".")
}

impl Hands<'_> {
    /// The browser, with what it touches.
    fn browser(&self) -> Browser<'_> {
        Browser {
            store: self.store,
            engine: self.engine,
        }
    }

    /// The analyses, with what they touch.
    fn analyses(&self) -> Analyses<'_> {
        Analyses {
            store: self.store,
            voice: self.voice,
            engine: self.engine,
            limits: self.limits,
            config: self.config,
        }
    }

    /// The game a command names: game `id` of this server, else this channel's (the one on,
    /// or the latest).
    pub(super) fn named_game(
        &self,
        message: &Message,
        id: Option<GameId>,
    ) -> Result<LiveGame, Failure> {
        let Some(id) = id else {
            return self
                .games
                .in_channel(message.channel, true)?
                .ok_or_else(|| {
                    self.games
                        .no_game_here(message, &self.voice.phrasing(message))
                });
        };
        match self.store.game(id)? {
            // Outside a server, only this channel's games are anyone's business; in one, a
            // game whose channel the asker or the readers here cannot view is none of theirs
            // (and answered as a game that does not exist, so nothing of it leaks).
            Some(stored)
                if (stored.guild == message.guild
                    || (message.guild.is_none() && stored.channel == message.channel))
                    && shown(message, &stored.seat(), Audience::Channel) =>
            {
                Ok(LiveGame::load(stored)?)
            }
            _ => refuse(format!(
                "There is no game {id} in this server: {} lists them with their numbers.",
                self.voice.phrasing(message).cmd("games all")
            )),
        }
    }
}

/// The record of a game, with its header.
pub(in crate::service) fn record_of(store: &Store, game: &LiveGame) -> anyhow::Result<GameRecord> {
    let stored = &game.stored;
    let (result, termination) = result_of(game);
    // A tournament's game names its event and round.
    let event = store.event_of_game(stored.id)?;
    let mut tags = vec![
        (
            "Event",
            event.as_ref().map_or_else(
                || format!("gipf-bot game {}", stored.id),
                |(name, _)| name.clone(),
            ),
        ),
        ("Site", stored.site.clone().unwrap_or_else(|| "?".into())),
        ("Date", pgn_date(stored.created_at)),
    ];
    tags.extend(event.map(|(_, round)| ("Round", round.to_string())));
    tags.extend([
        (
            colour_word(Color::White),
            game.stored.names[Color::White].clone(),
        ),
        (
            colour_word(Color::Black),
            game.stored.names[Color::Black].clone(),
        ),
        ("Variant", variant_name(stored)),
    ]);
    if let Some(potentials) = stored.spec.potentials().and_then(|p| p.header()) {
        tags.push(("Potentials", potentials));
    }
    tags.push(("Result", result.to_string()));
    if let Some(termination) = termination {
        tags.push(("Termination", termination.to_string()));
    }
    Ok(GameRecord {
        header: Header(
            tags.into_iter()
                .map(|(name, value)| (name.to_string(), value))
                .collect(),
        ),
        turns: stored.turns.clone(),
    })
}

impl Hands<'_> {
    fn history(&self, message: &Message, id: Option<GameId>) -> Handled {
        let game = self.named_game(message, id)?;
        let turns = &game.stored.turns;
        let mut text = game_heading(&game);
        if turns.is_empty() {
            text.push(": no turn played yet.");
            return Ok(Reply::public(text));
        }
        if turns.len() <= HISTORY_INLINE_LINES {
            let numbered: Vec<String> =
                (1..).zip(turns).map(|(i, t)| format!("{i}. {t}")).collect();
            text.push(":\n").push(Span::Listing(numbered.join("\n")));
            return Ok(Reply::public(self.with_page(message, &game, text)));
        }
        text.push(format!(": {} turns, the record is attached.", turns.len()));
        self.with_record(message, &game, text)
    }

    fn export(&self, message: &Message, id: Option<GameId>) -> Handled {
        let game = self.named_game(message, id)?;
        let turns = text::count(game.stored.turns.len() as u64, "turn");
        let mut text = text![format!("The record of game {}, ", game.stored.id)];
        text.append(players_line(&game))
            .push(match result_of(&game) {
                ("*", None) => format!(", {turns} so far."),
                ("*", Some(why)) => format!(", {why} after {turns}."),
                (score, why) => format!(": {score} ({}) after {turns}.", why.unwrap_or_default()),
            });
        self.with_record(message, &game, text)
    }

    /// `text`, and the link of `game`'s page on a line of its own where it has one.
    fn with_page(&self, message: &Message, game: &LiveGame, mut text: Text) -> Text {
        let page = page_link(self.store, self.config, Some(message), &game.stored);
        if let Some(page) = page {
            text.push(format!("\nIts page, to step through: <{page}>"));
        }
        text
    }

    /// A reply with the game's record attached, and its page's link where it has one.
    fn with_record(&self, message: &Message, game: &LiveGame, text: Text) -> Handled {
        let text = self.with_page(message, game, text);
        let record = record_of(self.store, game)?.to_string();
        Ok(Reply {
            file: Some((record_file_name(game.stored.id), record.into_bytes())),
            ..Reply::public(text)
        })
    }

    fn replay(&self, message: &Message, id: Option<GameId>) -> Handled {
        let game = self.named_game(message, id)?;
        let stored = &game.stored;
        if stored.turns.is_empty() {
            return refuse(format!(
                "Game {} has no turn yet: there is nothing to replay.",
                stored.id
            ));
        }
        if !self
            .limits
            .allow(Limited::Replay(message.author.id), REPLAY_EVERY)
        {
            return refuse(format!(
                "One replay every {} s: ask again in a moment.",
                REPLAY_EVERY.as_secs()
            ));
        }
        let names = ByColor::new(
            game.stored.names[Color::White].clone(),
            game.stored.names[Color::Black].clone(),
        );
        let names = ByColor::new(names[Color::White].as_str(), names[Color::Black].as_str());
        // The states the game's load replayed, one picture each.
        let replay = game.record()?;
        // The side of the still pictures this member sees.
        let bottom = (self.pictures).bottom_for(stored, Some(message.author.id), None)?;
        let options = gipf_render::RenderOptions::seen_from(bottom);
        let gif = gipf_render::animate(&replay.games, &replay.turns, names, &options)
            .map_err(anyhow::Error::from)?;
        let mut text = game_heading(&game);
        text.push(format!(": {} turns, one picture each.", stored.turns.len()));
        Ok(Reply {
            file: Some((format!("gipf-game-{}.gif", stored.id), gif)),
            ..Reply::public(text)
        })
    }

    fn games(
        &self,
        message: &Message,
        player: Option<UserId>,
        scope: GameScope,
        page: u32,
    ) -> Handled {
        let filter = GameFilter {
            guild: message.guild,
            // Outside a server (direct messages, the console) only this channel's games show.
            channel: message.guild.is_none().then_some(message.channel),
            player,
            scope,
            skip: (page - 1).saturating_mul(PAGE),
            limit: PAGE + 1,
        };
        let mut listed = visible_games(self.store, message, filter, listing_audience(message))?;
        let more = listed.len() > PAGE as usize;
        listed.truncate(PAGE as usize);
        let mut lines = Vec::new();
        for game in listed {
            lines.extend(self.listed_game(game, message)?);
        }
        let say = self.voice.phrasing(message);
        let whose = match player {
            Some(player) => text![" of ", name_in(self.store, message, player)?],
            None => Text::default(),
        };
        if lines.is_empty() {
            let mut text = text!["No game"];
            text.append(whose).push(match scope {
                GameScope::Active => " is being played",
                GameScope::Finished => " has ended",
                GameScope::All => " was played",
            });
            if page > 1 {
                text.push(" on that page.");
            } else {
                text.push(format!(
                    " here. Start one with {}.",
                    say.cmd("challenge @someone")
                ));
            }
            return Ok(Reply::public(text));
        }
        let mut text = text![match scope {
            GameScope::Active => "Games in progress",
            GameScope::Finished => "Finished games",
            GameScope::All => "Games",
        }];
        text.append(whose);
        if page > 1 {
            text.push(format!(" (page {page})"));
        }
        text.push(":\n").append(Text::join(lines, "\n"));
        if more {
            let next = ArchiveCommand::Games {
                player,
                scope,
                page: page + 1,
            };
            text.push(format!("\nMore: {}", say.cmd(&next.to_string())));
        }
        text.push(format!(
            "\n{} (with the number) sends a game's record.",
            say.cmd("export")
        ));
        Ok(Reply::public(text))
    }

    /// `analyse`: a finished game's analysis, queued (see `learn/analysis.rs`).
    fn analyse(&self, message: &Message, id: Option<GameId>) -> Handled {
        let game = self.named_game(message, id)?;
        let stored = &game.stored;
        if stored.status == GameStatus::Active {
            return refuse(format!(
                "Game {} is still being played: its analysis comes when it is over.",
                stored.id
            ));
        }
        if stored.turns.is_empty() {
            return refuse(format!("Game {} has no turn to analyse.", stored.id));
        }
        self.analyses().ask(message, &game)
    }

    /// `stats`: a player's rating and results here.
    fn stats(&self, message: &Message, player: Option<UserId>) -> Handled {
        let player = player.unwrap_or(message.author.id);
        let guild = message.guild;
        let record = self.store.player_record(guild, player)?;
        let mut text = text![name_in(self.store, message, player)?];
        match self.store.rating(guild, None, player)? {
            Some(overall) => {
                text.append(self.rated_lines(guild, player, &overall, &record)?);
            }
            None => {
                text.push(format!(
                    " has no rated game here yet. A game won or lost against another player counts; games against me and games with hints are not rated. {} starts one.",
                    self.voice.phrasing(message).cmd("challenge @someone")
                ));
            }
        }
        for (what, (wins, losses)) in [
            ("Against me", record.against_engine),
            ("With hints", record.with_hints),
        ] {
            if wins + losses > 0 {
                text.push(format!(
                    "\n{what} (unrated): {}, {wins} won, {losses} lost.",
                    text::count(wins + losses, "game")
                ));
            }
        }
        Ok(Reply::public(text))
    }

    /// A rated player's headline (rated games only, and their streak), then a line for each
    /// game he has a rated result in.
    fn rated_lines(
        &self,
        guild: Option<GuildId>,
        player: UserId,
        overall: &RatingRow,
        record: &PlayerRecord,
    ) -> anyhow::Result<Text> {
        let mut text = text![format!(
            ": rating {} (Glicko-2, all games), {}, {} won, {} lost",
            rating_words(overall),
            text::count(overall.games, "rated game"),
            overall.wins,
            overall.games - overall.wins
        )];
        if let Some((won, count)) = record.streak {
            text.push(format!(
                ", {} {count} in a row",
                if won { "won" } else { "lost" }
            ));
        }
        text.push(".");
        for &(kind, wins, losses) in &record.by_kind {
            let rating = self
                .store
                .rating(guild, Some(kind), player)?
                .map(|row| format!(", rating {}", rating_words(&row)))
                .unwrap_or_default();
            text.push(format!(
                "\n{kind}: {}, {wins} won, {losses} lost{rating}.",
                text::count(wins + losses, "game")
            ));
        }
        Ok(text)
    }

    /// `leaderboard`: the best rated players here.
    fn leaderboard(&self, message: &Message, kind: Option<GameKind>) -> Handled {
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
                name(self.store, row.player)?,
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

    /// A game's line in `games`; none for a game that just now turned out abandoned.
    fn listed_game(
        &self,
        listed: Result<StoredGame, Damaged>,
        message: &Message,
    ) -> anyhow::Result<Option<Text>> {
        let (id, channel, status) = match &listed {
            Ok(game) => (game.id, game.channel, game.status),
            Err(damaged) => (damaged.id, damaged.channel, damaged.status),
        };
        let active = status == GameStatus::Active;
        let loaded = match listed {
            Err(damaged) => Err(Failure::Damaged(damaged)),
            // Through the channel, so that an idle game is found abandoned first.
            Ok(_) if active => self
                .games
                .in_channel(channel, false)
                .map(|game| game.filter(|game| game.stored.id == id)),
            // With its turns: how a game was won (no reserve, no GIPF-piece) is in its end.
            Ok(_) => self
                .store
                .game(id)
                .map_err(Failure::from)
                .and_then(|game| Ok(game.map(LiveGame::load).transpose()?)),
        };
        let mut line = text![Span::Strong(id.to_string()), " "];
        match loaded {
            Ok(Some(game)) if active => line.append(active_line(channel, &game)),
            Ok(Some(game)) => line.append(finished_line(self.voice, &game)),
            Ok(None) => return Ok(None),
            // One damaged game must not hide the others.
            Err(Failure::Damaged(damaged)) => line
                .push(Span::Channel(channel))
                .push(": ")
                .append(damage_text(&damaged, &self.voice.phrasing(message))),
            Err(Failure::Internal(e) | Failure::Unavailable(_, e)) => return Err(e),
            Err(Failure::Refused(text)) => line.push(Span::Channel(channel)).append(text),
        };
        Ok(Some(line))
    }

    /// The asker's games in progress in every server: those awaiting his move first, the
    /// soonest due first.
    fn my_games(&self, message: &Message) -> Handled {
        let me = message.author.id;
        let filter = GameFilter::of_player(me, GameScope::Active, 100);
        let mut games = Vec::new();
        let listed = visible_games(self.store, message, filter, listing_audience(message))?;
        for listed in listed.into_iter().flatten() {
            // Through the channel, so that a game idle too long is found abandoned first.
            if let Ok(Some(game)) = self.games.in_channel(listed.channel, false)
                && game.stored.id == listed.id
            {
                games.push(game);
            }
        }
        let say = self.voice.phrasing(message);
        if games.is_empty() {
            return Ok(Reply::public(format!(
                "You have no game in progress. Start one with {}.",
                say.cmd("challenge @someone")
            )));
        }
        games.sort_by_key(|game| game.stored.deadline.unwrap_or(i64::MAX));
        let (mine, theirs): (Vec<_>, Vec<_>) = games
            .iter()
            .partition(|game| game.player(game.to_move()) == me);
        let mut text = text![format!("Your games in progress ({}):", games.len())];
        for (heading, group) in [("Your move", mine), ("Your opponent's move", theirs)] {
            if group.is_empty() {
                continue;
            }
            text.push(format!("\n{heading}:"));
            for game in group {
                text.push("\n")
                    .append(active_line(game.stored.channel, game));
            }
        }
        Ok(Reply::public(text))
    }
}

/// `#channel: alice (white) vs bob (black), standard, turn 3, bob (black) to play`.
pub(in crate::service) fn active_line(channel: ChannelId, game: &LiveGame) -> Text {
    let to_move = game.to_move();
    let mut line = text![
        Span::Channel(channel),
        ": ",
        game.name(Color::White),
        " (white) vs ",
        game.name(Color::Black),
        format!(
            " (black), {}, turn {}, ",
            game.stored.spec.name(),
            game.plies() + 1
        ),
        game.name(to_move),
        format!(" ({to_move}) to play"),
    ];
    if let Some(deadline) = game.stored.deadline {
        line.push(", move by ").push(Span::Time(deadline));
    }
    for color in Color::ALL {
        if let Some(back) = game.stored.away[color] {
            line.push(", ").push(game.name(color));
            line.push(" on vacation until ").push(Span::Time(back));
        }
    }
    line
}

/// `alice vs bob, standard: alice won, 1-0 (bob had no piece left in reserve), 41
/// turns, 2026-11-23`; the engine with its level: `alice vs gipf-bot at level easy`.
fn finished_line(voice: &Voice, game: &LiveGame) -> Text {
    let (score, why) = result_of(game);
    let mut line = Text::new();
    for color in [Color::White, Color::Black] {
        if color == Color::Black {
            line.push(" vs ");
        }
        line.push(game.name(color));
        if let Some(level) = game.stored.engine
            && voice.is_me(game.player(color))
        {
            line.push(format!(" at level {level}"));
        }
    }
    line.push(format!(", {}: ", game.stored.spec.name()));
    match (game.stored.status, why) {
        (GameStatus::Won(winner), Some(why)) => {
            line.push(game.name(winner))
                .push(format!(" won, {score} ("))
                .push(game.name(!winner))
                .push(format!(" {})", loser_words(why)));
        }
        (_, why) => {
            line.push(why.unwrap_or("unfinished"));
        }
    }
    line.push(format!(
        ", {}, {}",
        text::count(game.stored.turns.len() as u64, "turn"),
        text::utc(game.stored.updated_at)
            .get(..10)
            .unwrap_or_default()
    ));
    line
}

/// How the loser lost, after his name, from the reason a record gives: `resigned`.
fn loser_words(why: &str) -> &'static str {
    match why {
        "time" => "ran out of time",
        "no GIPF-piece" => "had no GIPF-piece left on the board",
        "no reserve" => "had no piece left in reserve",
        "no legal move" => "had no legal move",
        _ => "resigned",
    }
}

/// `gipf-game-12.gipf`.
pub(in crate::service) fn record_file_name(id: GameId) -> String {
    format!("gipf-game-{id}.gipf")
}

/// The game's name in a record header: `ultimate`, or the variant's.
fn variant_name(stored: &crate::store::StoredGame) -> String {
    stored.spec.options().name()
}

/// The records of every game (or of one) in `store`, for `gipf-bot export`: file name and
/// record.
pub(in crate::service) fn records(
    store: &Store,
    game: Option<GameId>,
) -> anyhow::Result<Vec<(String, GameRecord)>> {
    let ids = match game {
        Some(id) => vec![id],
        None => store.game_ids()?,
    };
    let mut records = Vec::new();
    for id in ids {
        let stored = store
            .game(id)?
            .ok_or_else(|| anyhow::anyhow!("there is no game {id}"))?;
        let game = LiveGame::load(stored)?;
        records.push((record_file_name(id), record_of(store, &game)?));
    }
    Ok(records)
}

/// Every stored game that cannot be brought back, oldest first, and how many games there
/// are: what `gipf-bot doctor` reports.
pub(in crate::service) fn damaged_games(store: &Store) -> anyhow::Result<(usize, Vec<Damaged>)> {
    let ids = store.game_ids()?;
    let mut damaged = Vec::new();
    for &id in &ids {
        let loaded = match store.game(id) {
            Ok(stored) => stored.map(LiveGame::load).transpose().map(drop),
            Err(e) => Err(e.downcast::<Damaged>()?),
        };
        damaged.extend(loaded.err());
    }
    Ok((ids.len(), damaged))
}
