//! The record tools: `replay` (a record checked, its final state as JSON), `render` (a
//! position as a PNG, or the game as a GIF) and `think` (the engine's next turn after it).
//! Each reads the record's game once, from its header and the flags ([`Header::rules`]).
//!
//! [`Header::rules`]: crate::record::Header::rules

use std::path::{Path, PathBuf};

use anyhow::Context;
use gipf::ByColor;
use gipf::potentials::{GameName, Supply, parse_supplies};
use gipf_ai::{Engine, Level, Request};
use gipf_render::{BoardView, RenderOptions};

use super::read_input;
use crate::model::GameSpec;
use crate::record;

/// The game of the record `text`: its header's, checked against the flags. A record that
/// names no game and is given none is read as tournament GIPF, and the tool says so.
fn game_of(
    text: &str,
    variant: Option<GameName>,
    potentials: Option<ByColor<Supply>>,
) -> anyhow::Result<GameSpec> {
    let spec = record::header(text)?.rules(variant, potentials)?;
    if assumed_game(text, variant)? {
        eprintln!("{}", assumed(spec));
    }
    Ok(spec)
}

/// What a tool says when the record names no game: the one it read it as, and the flag
/// that names another.
fn assumed(spec: GameSpec) -> String {
    format!(
        "gipf-bot: the record has no Variant header, so it is read as {}; give --variant \
         (basic, standard, tournament or ultimate) if it is another game.",
        spec.title()
    )
}

/// The replay of `text` as game `spec`; if it fails where the game was assumed (no
/// Variant header, no --variant), the error says so.
fn replay_of(text: &str, spec: GameSpec, assumed_game: bool) -> anyhow::Result<record::Replay> {
    record::replay(text, spec.options()).map_err(|e| {
        let error = anyhow::Error::from(e);
        if assumed_game {
            error.context(format!(
                "the record does not replay as {}: give its game with --variant",
                spec.title()
            ))
        } else {
            error
        }
    })
}

/// Whether the game of record `text` was assumed: it names none and the flags neither.
fn assumed_game(text: &str, variant: Option<GameName>) -> anyhow::Result<bool> {
    Ok(variant.is_none() && record::header(text)?.get("Variant").is_none())
}

/// `gipf-bot replay`'s flags.
#[derive(clap::Args, Debug)]
pub struct ReplayArgs {
    /// basic (basic+N, basic+W/+B for extra pieces), standard, tournament or ultimate.
    /// Default: the record header's Variant, else tournament.
    #[arg(long)]
    variant: Option<GameName>,
    /// The potentials of both players, as the header's Potentials writes them
    /// (`W:T3,Z3 B:Z4,P3`, or one list for both, `Z3,D3`) or as the challenge option
    /// (`ZYD:3`, `TZDYP:3/none`). Default: the header's, else none.
    #[arg(long, value_parser = parse_supplies)]
    potentials: Option<ByColor<Supply>>,
    /// The record; `-` or nothing reads standard input.
    file: Option<PathBuf>,
}

impl ReplayArgs {
    /// Prints the final state of the record as JSON.
    pub fn run(self) -> anyhow::Result<()> {
        let text = read_input(self.file.as_deref())?;
        let game = game_of(&text, self.variant, self.potentials)?;
        let replay = replay_of(&text, game, assumed_game(&text, self.variant)?)?;
        let json = serde_json::to_string(&record::StateJson::new(replay.last()))?;
        println!("{json}");
        Ok(())
    }
}

/// `gipf-bot render`'s flags.
#[derive(clap::Args, Debug)]
pub struct RenderArgs {
    /// basic (basic+N, basic+W/+B for extra pieces), standard, tournament or ultimate.
    /// Default: the record header's Variant, else tournament.
    #[arg(long)]
    variant: Option<GameName>,
    /// The potentials of both players, as for `replay`. Default: the header's, else none.
    #[arg(long, value_parser = parse_supplies)]
    potentials: Option<ByColor<Supply>>,
    /// Show the position after this many turns (default: the end of the record).
    #[arg(long, conflicts_with = "animate")]
    ply: Option<usize>,
    /// Write the whole game as an animated GIF: one picture per turn, the end held.
    #[arg(long)]
    animate: bool,
    /// Draw the board from Black's side (the still picture or every frame of --animate).
    #[arg(long)]
    black_side: bool,
    /// The record; `-` reads standard input.
    file: PathBuf,
    /// Where to write the PNG.
    #[arg(short, long)]
    output: PathBuf,
}

impl RenderArgs {
    /// Writes the record's position after `ply` turns as a PNG, or the whole game as a GIF.
    pub fn run(self) -> anyhow::Result<()> {
        let text = read_input(Some(&self.file))?;
        let game = game_of(&text, self.variant, self.potentials)?;
        let options = RenderOptions {
            black_side: self.black_side,
            ..RenderOptions::default()
        };
        let picture = if self.animate {
            animate_record(&text, game, &options)?
        } else {
            render_record(&text, game, self.ply, &options)?
        };
        write(&self.output, &picture)
    }
}

/// A game record played through on the machine for every game, and its players' names as
/// its header gives them.
fn named_replay(text: &str, spec: GameSpec) -> anyhow::Result<(record::Replay, [String; 2])> {
    let replay = record::replay(text, spec.options()).context("the record is not a legal game")?;
    let header = record::header(text)?;
    let name = |tag: &str| header.get(tag).unwrap_or(tag).to_string();
    Ok((replay, [name("White"), name("Black")]))
}

/// The replay of a game record as an animated GIF, the players named as its header names
/// them, drawn as `options` asks.
fn animate_record(text: &str, spec: GameSpec, options: &RenderOptions) -> anyhow::Result<Vec<u8>> {
    let (replay, [white, black]) = named_replay(text, spec)?;
    let names = ByColor::new(white.as_str(), black.as_str());
    let gif = gipf_render::animate(&replay.games, &replay.turns, names, options)?;
    Ok(gif)
}

/// The picture of the game after ply `ply` (default: the end) of a record of game `spec`,
/// that ply's turn highlighted.
fn render_record(
    text: &str,
    spec: GameSpec,
    ply: Option<usize>,
    options: &RenderOptions,
) -> anyhow::Result<Vec<u8>> {
    let (replay, [white, black]) = named_replay(text, spec)?;
    let plies = replay.turns.len();
    let ply = ply.unwrap_or(plies);
    if ply > plies {
        anyhow::bail!("the record has {plies} turns, so there is no position after turn {ply}");
    }
    let view = BoardView {
        game: &replay.games[ply],
        last_turn: ply.checked_sub(1).and_then(|i| replay.turns.get(i)),
        names: ByColor::new(&white, &black),
        note: None,
    };
    gipf_render::encode(&gipf_render::draw(&view, options)).context("cannot encode the picture")
}

/// Writes `bytes` into the file at `path`.
fn write(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    std::fs::write(path, bytes).with_context(|| format!("cannot write {}", path.display()))
}

/// `gipf-bot think`'s flags.
#[derive(clap::Args, Debug)]
pub struct ThinkArgs {
    /// basic, standard, tournament or ultimate. Default: the record header's Variant,
    /// else tournament.
    #[arg(long)]
    variant: Option<GameName>,
    /// The potentials of both players, as for `replay`. Default: the record header's
    /// Potentials, else none.
    #[arg(long, value_parser = parse_supplies)]
    potentials: Option<ByColor<Supply>>,
    /// beginner (one turn ahead, many mistakes), easy (about 50 ms, with noise), medium
    /// (0.3 s) or hard (2 s); medium if neither this nor --time-ms is given.
    #[arg(long, conflicts_with = "time_ms")]
    level: Option<Level>,
    /// Think this many milliseconds at full strength.
    #[arg(long)]
    time_ms: Option<u64>,
    /// Seeds the noise of the easy level: the same seed, the same turn.
    #[arg(long, default_value = "0")]
    seed: u64,
    /// The record; `-` or nothing reads standard input.
    file: Option<PathBuf>,
}

impl ThinkArgs {
    /// Prints the engine's turn after the record, in the record's notation with its ` (n)`;
    /// logs its reason, depth, nodes and time.
    pub fn run(self) -> anyhow::Result<()> {
        let text = read_input(self.file.as_deref())?;
        if let Some(result) = record::header(&text)?.get("Result").filter(|r| *r != "*") {
            anyhow::bail!(
                "the game is over (the record's Result is `{result}`): there is no turn to think of"
            );
        }
        let game = game_of(&text, self.variant, self.potentials)?;
        let options = game.options();
        let replay = replay_of(&text, game, assumed_game(&text, self.variant)?)?;
        if let Some(outcome) = replay.last().outcome() {
            anyhow::bail!("the game is over ({outcome}): there is no turn to think of");
        }
        let request = match self.time_ms {
            Some(millis) => Request::millis(millis),
            None => Request::level(self.level.unwrap_or(Level::Medium)),
        };
        let mut engine = Engine::default();
        let thought = engine.think_game(replay.last(), &request.with_seed(self.seed))?;
        println!("{}", record::turn_text(&options, &thought.turn, true));
        tracing::info!(
            reason = %thought.reason,
            depth = thought.depth,
            nodes = thought.nodes,
            ms = thought.elapsed.as_millis() as u64,
            "thought"
        );
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use gipf::Point;
    use gipf::Variant;
    use gipf::potentials::Options;
    use image::RgbImage;

    use super::*;
    use gipf_render::{IMAGE_HEIGHT, IMAGE_WIDTH};

    const RECORD: &str = include_str!("../../crates/gipf/tests/data/tournament-41-plies.gipf");
    /// An ultimate game of four turns, the third loading a ZÈRTZ at d7.
    const POTENTIALS_RECORD: &str = "[Variant \"ultimate\"]\n[White \"Ann\"]\nGe8\nGb2\nZd7\nDe2\n";

    fn decode(png: &[u8]) -> RgbImage {
        image::load_from_memory_with_format(png, image::ImageFormat::Png)
            .unwrap()
            .to_rgb8()
    }

    #[test]
    fn render_record_picks_the_ply_and_refuses_one_past_the_end() {
        let options = RenderOptions::default();
        let tournament = GameSpec::Plain(Variant::Tournament);
        let start = decode(&render_record(RECORD, tournament, Some(0), &options).unwrap());
        assert_eq!(start.dimensions(), (IMAGE_WIDTH, IMAGE_HEIGHT));
        let end = render_record(RECORD, tournament, None, &options).unwrap();
        let last = render_record(RECORD, tournament, Some(41), &options).unwrap();
        assert_eq!(end, last);
        assert!(render_record(RECORD, tournament, Some(42), &options).is_err());
        assert!(render_record("z9", tournament, None, &options).is_err());
        let standard = GameSpec::Plain(Variant::Standard);
        assert!(render_record("", standard, None, &options).is_ok());
    }

    /// The end it draws is the picture whose loaded piece the renderer's tests probe
    /// (`the_end_of_a_record_with_potentials_shows_its_loaded_piece`).
    #[test]
    fn render_record_of_a_game_with_potentials_picks_the_ply_and_refuses_one_past_the_end() {
        let options = Options::ultimate();
        let spec = GameSpec::Potentials(options);
        let options_render = RenderOptions::default();
        let end = render_record(POTENTIALS_RECORD, spec, None, &options_render).unwrap();
        let fourth = render_record(POTENTIALS_RECORD, spec, Some(4), &options_render).unwrap();
        assert_eq!(end, fourth);
        let replay = record::replay(POTENTIALS_RECORD, options).unwrap();
        assert_eq!(replay.last().stack(Point::D7).unwrap().to_string(), "wZ");
        let view = BoardView {
            game: replay.last(),
            last_turn: replay.turns.last(),
            names: ByColor::new("Ann", "Black"),
            note: None,
        };
        assert_eq!(end, gipf_render::render(&view, &options_render));
        let start = render_record(POTENTIALS_RECORD, spec, Some(0), &options_render).unwrap();
        assert_ne!(start, end);
        let error = render_record(POTENTIALS_RECORD, spec, Some(5), &options_render).unwrap_err();
        assert!(
            error.to_string().contains("no position after turn 5"),
            "{error}"
        );
    }

    #[test]
    fn the_replay_has_a_frame_per_turn_and_the_start() {
        let options = RenderOptions::default();
        let ultimate = GameSpec::Potentials(Options::ultimate());
        let gif = animate_record(POTENTIALS_RECORD, ultimate, &options).unwrap();
        let mut decoder = gif::DecodeOptions::new().read_info(gif.as_slice()).unwrap();
        let mut frames = 0;
        while decoder.read_next_frame().unwrap().is_some() {
            frames += 1;
        }
        let replay = record::replay(POTENTIALS_RECORD, Options::ultimate()).unwrap();
        assert_eq!(frames, replay.turns.len() + 1);
        assert_eq!(frames, 5);
    }
}
