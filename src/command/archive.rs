//! Games past and present and the ratings they make: `history`, `export`, `replay`,
//! `analyse`, `games`, `stats`, `leaderboard`.

use std::fmt;

use super::options::Given;
use super::{
    Arg, ArgKind, Choices, Command, CommandError, Syntax, Words, arg, at_least, error, keyed, line,
    parse_mention,
};
use crate::model::{GameId, GameKind, GameScope, ParseGameKindError, UserId};

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

impl ArchiveCommand {
    /// The word of its canonical line.
    pub fn word(&self) -> &'static str {
        match self {
            ArchiveCommand::History { .. } => "history",
            ArchiveCommand::Export { .. } => "export",
            ArchiveCommand::Replay { .. } => "replay",
            ArchiveCommand::Analyse { .. } => "analyse",
            ArchiveCommand::Browse { .. } => "browse",
            ArchiveCommand::Games { .. } => "games",
            ArchiveCommand::MyGames => "mygames",
            ArchiveCommand::Stats { .. } => "stats",
            ArchiveCommand::Leaderboard { .. } => "leaderboard",
        }
    }
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
    at_least(1),
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
        fill: |given| fill_game_id(given).map(|game| ArchiveCommand::History { game }.into()),
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
        fill: |given| fill_game_id(given).map(|game| ArchiveCommand::Export { game }.into()),
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
        fill: |given| fill_game_id(given).map(|game| ArchiveCommand::Replay { game }.into()),
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
        fill: |given| fill_game_id(given).map(|game| ArchiveCommand::Analyse { game }.into()),
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
                    at_least(0),
                ),
                "turn",
            ),
        ],
        slash: true,
        place: 225,
        in_direct_messages: true,
        parse: parse_browse,
        fill: fill_browse,
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
                ArgKind::Choice(Choices::Scopes),
            ),
            keyed(arg("page", "Which page, from 1", at_least(1)), "page"),
        ],
        slash: true,
        place: 280,
        asker_only: true,
        in_direct_messages: true,
        parse: parse_games,
        fill: fill_games,
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
        fill: |_| Ok(ArchiveCommand::MyGames.into()),
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
        fill: |given| {
            let player = given.user("player");
            Ok(ArchiveCommand::Stats { player }.into())
        },
        ..Syntax::DEFAULT
    },
    Syntax {
        word: "leaderboard",
        summary: "The ten best rated players of this server",
        help: "`{p}leaderboard` (`{p}leaderboard tournament`): the top 10, all games or one",
        args: &[arg(
            "game",
            "Which game's ratings (all games together if left out)",
            ArgKind::Choice(Choices::GameKinds),
        )],
        slash: true,
        place: 300,
        in_direct_messages: true,
        parse: parse_leaderboard,
        fill: |given| given.read("game", parse_leaderboard),
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
            let n = n
                .parse::<u32>()
                .map_err(|_| not_turns(&words.given(word), words))?;
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

/// `/browse [game] [turn]`.
fn fill_browse(given: &Given) -> Result<Command, CommandError> {
    let game = fill_game_id(given)?;
    let turn = match given.number("turn") {
        Some(n) => {
            Some(u32::try_from(n).map_err(|_| not_turns(&given.quote("turn", n), &given.words()))?)
        }
        None => None,
    };
    Ok(ArchiveCommand::Browse {
        game,
        turn,
        engine: false,
    }
    .into())
}

/// The refusal of a number of turns that is none, quoted as `given`.
fn not_turns(given: &str, words: &Words) -> CommandError {
    error(format!(
        "{given} is not a number of turns: write {}",
        words.cmd("browse 12 turn=7")
    ))
}

/// A game's number, if one is given and is one.
fn game_id(id: i64) -> Option<GameId> {
    (id > 0).then_some(GameId(id))
}

/// The refusal of a game's number that is none, quoted as `given`.
fn not_a_game(given: &str, words: &Words) -> CommandError {
    error(format!(
        "{given} is not a game's number: {} lists them, then {}",
        words.cmd("games finished"),
        words.cmd(&format!("{} 12", words.word))
    ))
}

/// The `game` option: a game's number, if one is given.
fn fill_game_id(given: &Given) -> Result<Option<GameId>, CommandError> {
    match given.number("game") {
        None => Ok(None),
        Some(n) => game_id(n)
            .map(Some)
            .ok_or_else(|| not_a_game(&given.quote("game", n), &given.words())),
    }
}

fn parse_game_id(words: &Words) -> Result<Option<GameId>, CommandError> {
    match words.args.as_slice() {
        [] => Ok(None),
        [id] => (id.trim_start_matches('#').parse::<i64>().ok())
            .and_then(game_id)
            .map(Some)
            .ok_or_else(|| not_a_game(&words.given(id), words)),
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
        } else if let Some(which) = scope_of(word).filter(|_| scope.is_none()) {
            scope = Some(which);
        } else if let Some(n) = (word.strip_prefix("page=").and_then(|n| n.parse().ok()))
            .and_then(page_of)
            .filter(|_| page.is_none())
        {
            page = Some(n);
        } else {
            return Err(not_for_games(&words.given(word), words));
        }
    }
    Ok(games(player, scope, page))
}

/// `/games [player] [which] [page]`.
fn fill_games(given: &Given) -> Result<Command, CommandError> {
    let scope = match given.text("which") {
        Some(which) => Some(
            scope_of(&which.to_lowercase())
                .ok_or_else(|| not_for_games(&given.quote("which", which), &given.words()))?,
        ),
        None => None,
    };
    let page = match given.number("page") {
        Some(n) => {
            Some(page_of(n).ok_or_else(|| not_for_games(&given.quote("page", n), &given.words()))?)
        }
        None => None,
    };
    Ok(games(given.user("player"), scope, page))
}

/// The scope `games` names by `word`.
fn scope_of(word: &str) -> Option<GameScope> {
    GameScope::ALL
        .into_iter()
        .find(|scope| scope.word() == word)
}

/// A page of a list, from 1.
fn page_of(n: i64) -> Option<u32> {
    u32::try_from(n).ok().filter(|&n| n >= 1)
}

fn games(player: Option<UserId>, scope: Option<GameScope>, page: Option<u32>) -> Command {
    ArchiveCommand::Games {
        player,
        scope: scope.unwrap_or_default(),
        page: page.unwrap_or(1),
    }
    .into()
}

/// The refusal of a word `games` does not take, quoted as `given`.
fn not_for_games(given: &str, words: &Words) -> CommandError {
    error(format!(
        "{given} is not something {} takes: write {}, {}, {} or {}",
        words.bare("games"),
        words.cmd("games"),
        words.cmd("games @someone"),
        words.cmd("games finished"),
        words.cmd("games all page=2")
    ))
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
            .map_err(|e: ParseGameKindError| {
                error(format!("{e}, or nothing for all games together"))
            }),
        _ => Err(error(format!(
            "{} takes one game at most: {}",
            words.cmd("leaderboard"),
            words.cmd("leaderboard tournament")
        ))),
    }
}
