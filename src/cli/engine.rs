//! The engine's tools: `selfplay` (a match against itself), `bench` (its speed), `puzzles
//! generate` (puzzles mined from its games), and the rules' `perft` (the game tree's size).

use std::path::PathBuf;

use anyhow::Context;
use gipf::ByColor;
use gipf::potentials::{GameName, Options, Supply, parse_supplies};
use gipf_ai::Change;
use gipf_ai::puzzles::Goal;
use gipf_ai::selfplay::{MatchSettings, Player, play_match_with};

use crate::model::GameSpec;
use crate::progress::Progress;

/// `gipf-bot selfplay`'s flags.
#[derive(clap::Args, Debug)]
pub struct SelfplayArgs {
    /// The first player's level; or, to measure the engine, `random`, `greedy` (the best
    /// turn at a glance, one turn deep), `reference` (5 turns deep on material and centre
    /// only), `<n>ms` (full strength for n ms a turn), `d<n>` (n turns deep) or
    /// `d<n>~<noise>` (n turns deep, scores blurred like the easy level's).
    #[arg(long)]
    white: Player,
    /// The second player's level, or another player as for --white.
    #[arg(long)]
    black: Player,
    /// How many games (an even number plays each opening with both colours).
    #[arg(long)]
    games: u32,
    /// Seeds the openings (a few random turns) and the noise.
    #[arg(long, default_value = "1")]
    seed: u64,
    /// A game still on after this many turns counts as unfinished (half a point).
    #[arg(long, default_value = "300")]
    max_plies: u16,
    /// basic, standard, tournament or ultimate.
    #[arg(long, default_value = "standard")]
    variant: GameName,
    /// The potentials of both players, as for `replay` (not with ultimate, whose supply
    /// is fixed).
    #[arg(long, value_parser = parse_supplies)]
    potentials: Option<ByColor<Supply>>,
    /// Random turns played before the players take over, the same for both games of a pair.
    #[arg(long, default_value = "4")]
    opening: u16,
    /// Each engine's table, in MiB.
    #[arg(long, default_value = "16")]
    table_mb: usize,
    /// One evaluation weight or search option changed for one player, to measure it:
    /// `first.<weight>=<value>` or `second.<weight>=<value>` (names as in
    /// `gipf_ai::Weights`, e.g. `first.mover_three=40`; `first.reductions=0` turns late move
    /// reductions off, `first.quiescence=2` searches captures two turns beyond the depth).
    /// May be given again.
    #[arg(long = "change")]
    changes: Vec<Change>,
}

impl SelfplayArgs {
    /// Plays the match with a progress bar, then prints its report.
    pub fn run(self) -> anyhow::Result<()> {
        let (mut first, mut second) = (self.white, self.black);
        for change in &self.changes {
            let player = if change.first {
                &mut first
            } else {
                &mut second
            };
            *player = player.changed(change)?;
        }
        let settings = MatchSettings {
            max_plies: self.max_plies,
            options: Options::of(self.variant, self.potentials)?,
            opening_turns: self.opening,
            table_megabytes: self.table_mb,
            ..MatchSettings::new(first, second, self.games, self.seed)
        };
        let mut bar = Progress::new("self-play", self.games as usize);
        let mut points = 0.0;
        let report = play_match_with(&settings, |index, game| {
            points += game.first_points();
            bar.set(index + 1, &format!("first player {points:.1} points"));
        });
        bar.finish();
        println!("{report}");
        Ok(())
    }
}

/// `gipf-bot bench`'s flags.
#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// How many turns deep.
    #[arg(long, default_value = "3")]
    depth: u32,
}

impl BenchArgs {
    /// Prints the engine's nodes and nodes per second on the fixed positions.
    pub fn run(self) -> anyhow::Result<()> {
        print!("{}", gipf_ai::bench::bench(self.depth));
        Ok(())
    }
}

/// `gipf-bot puzzles generate`'s flags.
#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles.
    #[arg(short = 'n', long, default_value = "20")]
    count: usize,
    /// The folder to write them into (created if missing), `puzzle-0001.gipf` onwards.
    #[arg(short, long)]
    output: PathBuf,
    /// basic, standard, tournament or ultimate.
    #[arg(long, default_value = "standard")]
    variant: GameName,
    /// The potentials of both players, as for `replay`.
    #[arg(long, value_parser = parse_supplies)]
    potentials: Option<ByColor<Supply>>,
    /// Seeds the games: the same seed, the same puzzles.
    #[arg(long, default_value = "1")]
    seed: u64,
}

impl GenerateArgs {
    /// Mines the puzzles into the folder, with a progress bar, then prints what was found.
    pub fn run(self) -> anyhow::Result<()> {
        let options = Options::of(self.variant, self.potentials)?;
        let output = &self.output;
        std::fs::create_dir_all(output)
            .with_context(|| format!("cannot create {}", output.display()))?;
        let started = std::time::Instant::now();
        let mut bar = Progress::new("mining puzzles", self.count);
        let (puzzles, stats) =
            gipf_ai::puzzles::mine(options, self.seed, self.count, |found, games| {
                bar.set(found, &format!("{games} games"))
            });
        bar.finish();
        for (n, puzzle) in (1..).zip(&puzzles) {
            let path = output.join(format!("puzzle-{n:04}.gipf"));
            std::fs::write(&path, puzzle.record())
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
        let seconds = started.elapsed().as_secs_f64();
        let wins = puzzles.iter().filter(|p| p.goal == Goal::Win).count();
        println!(
            "{} puzzles ({wins} to win, {} to capture) in {}, from {} games in {seconds:.0} s: {:.1} a minute.",
            puzzles.len(),
            puzzles.len() - wins,
            output.display(),
            stats.games,
            puzzles.len() as f64 * 60.0 / seconds.max(0.001),
        );
        println!(
            "{} candidates: {} with more than one solution, {} captures the search refuted.",
            stats.candidates, stats.not_unique, stats.refuted
        );
        Ok(())
    }
}

/// `gipf-bot perft`'s flags.
#[derive(clap::Args, Debug)]
pub struct PerftArgs {
    /// basic, standard, tournament or ultimate.
    #[arg(long, default_value = "tournament")]
    variant: GameName,
    /// The potentials of both players, as for `replay` (not with ultimate, whose supply
    /// is fixed).
    #[arg(long, value_parser = parse_supplies)]
    potentials: Option<ByColor<Supply>>,
    /// How many turns deep.
    depth: u32,
}

impl PerftArgs {
    /// Prints the number of leaves, counted on the base game's kernel where it can be.
    pub fn run(self) -> anyhow::Result<()> {
        let count = match GameSpec::from(Options::of(self.variant, self.potentials)?) {
            GameSpec::Plain(variant) => gipf::Position::new(variant).perft(self.depth),
            GameSpec::Potentials(options) => gipf::potentials::Game::new(options).perft(self.depth),
        };
        println!("{count}");
        Ok(())
    }
}
