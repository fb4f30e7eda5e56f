//! Games past and present and the ratings they make: `history`, `export`, `replay`,
//! `analyse`, `games`, `stats`, `leaderboard`.

use std::fmt;

use super::{
    Arg, ArgKind, Command, CommandError, Syntax, Words, arg, error, keyed, line, parse_mention,
};
use crate::model::{GameId, GameKind, GameScope, UserId};

/// A question about games, or about players' ratings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ArchiveCommand {
    /// `history [id]`: the turns of this channel's game, or of game `id`.
    History {
        /// Which game; `None`: the channel's.
        game: Option<GameId>,
    },
    /// `export [id]`: the record of a game as a `.gipf` file with its header.
    Export {
        /// Which game; `None`: the channel's.
        game: Option<GameId>,
    },
    /// `replay [id]`: an animated picture of a whole game.
    Replay {
        /// Which game; `None`: the channel's.
        game: Option<GameId>,
    },
    /// `analyse [id]`: the turns of a finished game that cost most, found in the background.
    Analyse {
        /// Which game; `None`: the channel's.
        game: Option<GameId>,
    },
    /// `browse [id] [turn] [engine]`: a board that steps through a game, turn by turn.
    Browse {
        /// Which game; `None`: the channel's.
        game: Option<GameId>,
        /// After how many turns; `None`: the last.
        turn: Option<u32>,
        /// With the engine's view of the position.
        engine: bool,
    },
    /// `games [@user] [finished|all] [page=N]`: games of this server, newest first.
    Games {
        /// Only this player's games.
        player: Option<UserId>,
        /// Which games.
        scope: GameScope,
        /// Which page of the list, from 1.
        page: u32,
    },
    /// `mygames`: the asker's games in progress in every server, his move first.
    MyGames,
    /// `stats [@user]`: a player's rating and results in this server.
    Stats {
        /// Whose; `None`: the asker's.
        player: Option<UserId>,
    },
    /// `leaderboard [basic|standard|tournament|potentials]`: the best rated players of this
    /// server.
    Leaderboard {
        /// Which game's ratings; `None`: all games together.
        kind: Option<GameKind>,
    },
}

impl From<ArchiveCommand> for Command {
    fn from(command: ArchiveCommand) -> Command {
        Command::Archive(command)
    }
}

impl fmt::Display for ArchiveCommand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let with_game = |f: &mut fmt::Formatter<'_>, word, game: &Option<GameId>| {
            line(f, word, [game.map(|id| id.to_string())])
        };
        match self {
            ArchiveCommand::History { game } => with_game(f, "history", game),
            ArchiveCommand::Export { game } => with_game(f, "export", game),
            ArchiveCommand::Replay { game } => with_game(f, "replay", game),
            ArchiveCommand::Analyse { game } => with_game(f, "analyse", game),
            ArchiveCommand::Browse { game, turn, engine } => line(
                f,
                "browse",
                [
                    game.map(|id| id.to_string()),
                    turn.map(|n| format!("turn={n}")),
                    engine.then(|| "engine".into()),
                ],
            ),
            ArchiveCommand::Games {
                player,
                scope,
                page,
            } => line(
                f,
                "games",
                [
                    player.map(UserId::mention),
                    (*scope != GameScope::Active).then(|| scope.word().into()),
                    (*page > 1).then(|| format!("page={page}")),
                ],
            ),
            ArchiveCommand::MyGames => f.write_str("mygames"),
            ArchiveCommand::Stats { player } => line(f, "stats", [player.map(UserId::mention)]),
            ArchiveCommand::Leaderboard { kind } => {
                line(f, "leaderboard", [kind.map(|kind| kind.to_string())])
            }
        }
    }
}

const GAME_ID: Arg = arg(
    "game",
    "The game's number, as `games` lists it (this channel's game if left out)",
    ArgKind::Number { min: 1 },
);

/// The family's rows: questions anyone may ask, which need no rights and start no game.
pub(super) const SYNTAX: &[Syntax] = &[
    Syntax {
        word: "history",
        summary: "The turns of this channel's game, or of any game by its number",
        help: "`{p}history` (`{p}history 12`): the turns of this channel's game (of game 12)",
        args: &[GAME_ID],
        slash: true,
        place: 180,
        in_direct_messages: true,
        parse: |words| parse_game_id(words).map(|game| ArchiveCommand::History { game }.into()),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "export",
        summary: "The record of a game as a .gipf file",
        help: "`{p}export` (`{p}export 12`): the record of this channel's game (of game 12) as a file, with a header",
        args: &[GAME_ID],
        slash: true,
        place: 190,
        in_direct_messages: true,
        parse: |words| parse_game_id(words).map(|game| ArchiveCommand::Export { game }.into()),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "replay",
        summary: "An animated picture of a whole game",
        help: "`{p}replay` (`{p}replay 12`): the whole game as an animated picture",
        args: &[GAME_ID],
        slash: true,
        place: 200,
        in_direct_messages: true,
        parse: |words| parse_game_id(words).map(|game| ArchiveCommand::Replay { game }.into()),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "analyse",
        summary: "The turns of a finished game that lost the most, with better ones",
        help: "`{p}analyse` (`{p}analyse 12`): after a game, the three turns that cost most, each with what it cost, the better turn, why, and its picture (posted in a minute or two)",
        args: &[GAME_ID],
        slash: true,
        place: 220,
        in_direct_messages: true,
        parse: |words| parse_game_id(words).map(|game| ArchiveCommand::Analyse { game }.into()),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "browse",
        summary: "Step through a game, turn by turn, on one board",
        help: "`{p}browse` (`{p}browse 12`, `{p}browse 12 turn=7`): a board with buttons that step through a game (first, back, forward, last, and the engine's view), each turn with its notation and, after `{p}analyse`, its comment",
        args: &[
            GAME_ID,
            keyed(
                arg(
                    "turn",
                    "After how many turns (the last if left out)",
                    ArgKind::Number { min: 0 },
                ),
                "turn",
            ),
        ],
        slash: true,
        place: 225,
        in_direct_messages: true,
        parse: parse_browse,
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "games",
        summary: "The games of this server, newest first",
        help: "`{p}games` (`{p}games @bob finished`, `all`, `page=2`): the games in progress (or ended) in this server",
        args: &[
            arg("player", "Only this player's games", ArgKind::User),
            arg(
                "which",
                "Games in progress (if left out), finished, or all",
                ArgKind::Choice(&["active", "finished", "all"]),
            ),
            keyed(
                arg("page", "Which page, from 1", ArgKind::Number { min: 1 }),
                "page",
            ),
        ],
        slash: true,
        place: 280,
        asker_only: true,
        in_direct_messages: true,
        parse: parse_games,
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "mygames",
        summary: "Your games in progress in every server, those awaiting your move first",
        help: "`{p}mygames`: your games in progress in every server we share (here or in a direct message), those awaiting your move first, with the time left and a link to each",
        args: &[],
        slash: true,
        place: 285,
        asker_only: true,
        in_direct_messages: true,
        parse: |words| words.alone(ArchiveCommand::MyGames),
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "stats",
        summary: "A player's rating and results in this server",
        help: "`{p}stats` (`{p}stats @bob`): your rating (Glicko-2), games, wins and losses, streak",
        args: &[arg("player", "Whose (yours if left out)", ArgKind::User)],
        slash: true,
        place: 290,
        asker_only: true,
        in_direct_messages: true,
        parse: parse_stats,
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "leaderboard",
        summary: "The ten best rated players of this server",
        help: "`{p}leaderboard` (`{p}leaderboard tournament`): the top 10, all games or one",
        args: &[arg(
            "game",
            "Which game's ratings (all games together if left out)",
            ArgKind::Choice(&["basic", "standard", "tournament", "potentials"]),
        )],
        slash: true,
        place: 300,
        in_direct_messages: true,
        parse: parse_leaderboard,
        ..Syntax::DEFAULT
    },
];

/// `12` or `#12`: a game's number, if one is given.
fn parse_browse(words: &Words) -> Result<Command, CommandError> {
    let mut turn = None;
    let mut engine = false;
    let mut rest = Vec::new();
    for &word in &words.args {
        if let Some(n) = word.strip_prefix("turn=") {
            let n = n.parse::<u32>().map_err(|_| {
                error(format!(
                    "{} is not a number of turns: write {}",
                    words.given(word),
                    words.cmd("browse 12 turn=7")
                ))
            })?;
            turn = Some(n);
        } else if word == "engine" {
            engine = true;
        } else {
            rest.push(word);
        }
    }
    let game = parse_game_id(&Words {
        args: rest,
        ..*words
    })?;
    Ok(ArchiveCommand::Browse { game, turn, engine }.into())
}

fn parse_game_id(words: &Words) -> Result<Option<GameId>, CommandError> {
    match words.args.as_slice() {
        [] => Ok(None),
        [id] => id
            .trim_start_matches('#')
            .parse::<i64>()
            .ok()
            .filter(|&id| id > 0)
            .map(|id| Some(GameId(id)))
            .ok_or_else(|| {
                error(format!(
                    "{} is not a game's number: {} lists them, then {}",
                    words.given(id),
                    words.cmd("games finished"),
                    words.cmd(&format!("{} 12", words.word))
                ))
            }),
        _ => Err(error(format!(
            "{} takes one game's number at most, like {}",
            words.bare(words.word),
            words.cmd(&format!("{} 12", words.word))
        ))),
    }
}

fn parse_games(words: &Words) -> Result<Command, CommandError> {
    let (mut player, mut scope, mut page) = (None, None, None);
    for word in &words.args {
        if let Some(user) = parse_mention(word).filter(|_| player.is_none()) {
            player = Some(user);
        } else if let Some(which) = [GameScope::Active, GameScope::Finished, GameScope::All]
            .into_iter()
            .find(|s| s.word() == *word)
            .filter(|_| scope.is_none())
        {
            scope = Some(which);
        } else if let Some(n) = word
            .strip_prefix("page=")
            .and_then(|n| n.parse::<u32>().ok())
            .filter(|&n| n >= 1 && page.is_none())
        {
            page = Some(n);
        } else {
            return Err(error(format!(
                "{} is not something {} takes: write {}, {}, {} or {}",
                words.given(word),
                words.bare("games"),
                words.cmd("games"),
                words.cmd("games @someone"),
                words.cmd("games finished"),
                words.cmd("games all page=2")
            )));
        }
    }
    Ok(ArchiveCommand::Games {
        player,
        scope: scope.unwrap_or_default(),
        page: page.unwrap_or(1),
    }
    .into())
}

fn parse_stats(words: &Words) -> Result<Command, CommandError> {
    match words.args.as_slice() {
        [] => Ok(ArchiveCommand::Stats { player: None }.into()),
        [who] if parse_mention(who).is_some() => Ok(ArchiveCommand::Stats {
            player: parse_mention(who),
        }
        .into()),
        _ => Err(error(format!(
            "{} takes nothing (your own) or a mention: {}",
            words.cmd("stats"),
            words.cmd("stats @someone")
        ))),
    }
}

fn parse_leaderboard(words: &Words) -> Result<Command, CommandError> {
    match words.args.as_slice() {
        [] => Ok(ArchiveCommand::Leaderboard { kind: None }.into()),
        [game] => game
            .parse()
            .map(|kind| ArchiveCommand::Leaderboard { kind: Some(kind) }.into())
            .map_err(|e: String| error(format!("{e}, or nothing for all games together"))),
        _ => Err(error(format!(
            "{} takes one game at most: {}",
            words.cmd("leaderboard"),
            words.cmd("leaderboard tournament")
        ))),
    }
}
