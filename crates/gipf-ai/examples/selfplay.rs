//! A match between two players, for measuring strength:
//!
//! ```text
//! cargo run --release -p gipf-ai --example selfplay -- first=200ms second=30ms games=100 \
//!     seed=1 max-plies=300 variant=standard opening=4
//! ```
//!
//! `variant=ultimate` plays Ultimate GIPF; `potentials=SPEC` gives the players of another game
//! their supplies, as the bot's `potentials=` does (`Z3,D3` or `White's/Black's`).
//!
//! A player is `easy`, `medium`, `hard`, `random`, `greedy` (the best turn at a glance, one
//! turn deep), `reference` (5 turns deep on material
//! and centre only), `<n>ms` (full strength for n ms a turn), `d<n>` (n turns deep) or
//! `d<n>~<noise>` (n turns deep, scores blurred like the easy level's); `first.<weight>=<value>` or `second.<weight>=<value>` change one
//! evaluation weight of that player (names as in `gipf_ai::Weights`, e.g.
//! `first.mover_three=40`; `first.reductions=0` turns late move reductions off, `first.quiescence=2` searches
//! captures two turns beyond the depth). Every game prints a line as it ends, the report comes last.

use std::time::Duration;

use gipf_ai::selfplay::{MatchSettings, Player, play_match_with};
use gipf_ai::{Level, Limits, Tuning, Weights};

fn player(text: &str) -> Result<Player, String> {
    if text == "random" {
        return Ok(Player::Random);
    }
    if text == "greedy" {
        return Ok(Player::Greedy);
    }
    if text == "reference" {
        // The classical reference: five turns deep on material and centre.
        let tuning = Tuning {
            weights: Weights::material_and_centre(),
            reductions: false,
            quiescence: 0,
            table: true,
        };
        return Ok(Player::Tuned(Limits::depth(5), tuning));
    }
    if let Ok(level) = text.parse::<Level>() {
        return Ok(level.into());
    }
    if let Some(millis) = text.strip_suffix("ms").and_then(|m| m.parse().ok()) {
        return Ok(Player::Engine(Limits::time(Duration::from_millis(millis))));
    }
    if let Some(depth) = text.strip_prefix('d').and_then(|d| d.parse().ok()) {
        return Ok(Player::Engine(Limits::depth(depth)));
    }
    // `d2~200`: 2 turns deep with scores blurred by up to 200, like the easy level.
    if let Some((depth, noise)) = text.strip_prefix('d').and_then(|d| d.split_once('~')) {
        let depth = depth.parse().map_err(|_| format!("`{text}`: depth?"))?;
        let noise = noise.parse().map_err(|_| format!("`{text}`: noise?"))?;
        let limits = Limits {
            time: Some(Duration::from_millis(50)),
            max_depth: depth,
            noise,
        };
        return Ok(Player::Engine(limits));
    }
    Err(format!(
        "`{text}` is not a player: easy, medium, hard, random, <n>ms or d<n>"
    ))
}

fn set_weight(weights: &mut Weights, name: &str, value: i32) -> Result<(), String> {
    let slot = match name {
        "captured" => &mut weights.captured,
        "reserve" => &mut weights.reserve,
        "low_reserve" => &mut weights.low_reserve,
        "gipf" => &mut weights.gipf,
        "last_gipf" => &mut weights.last_gipf,
        "exposed_gipf" => &mut weights.exposed_gipf,
        "centre" => &mut weights.centre,
        "inner_ring" => &mut weights.inner_ring,
        "mover_three" => &mut weights.mover_three,
        "waiting_three" => &mut weights.waiting_three,
        "tempo" => &mut weights.tempo,
        "reach" => &mut weights.reach,
        "supply" => &mut weights.supply,
        "loaded_t" => &mut weights.loaded[0],
        "loaded_z" => &mut weights.loaded[1],
        "loaded_d" => &mut weights.loaded[2],
        "loaded_y" => &mut weights.loaded[3],
        "loaded_p" => &mut weights.loaded[4],
        other => return Err(format!("no weight is called `{other}`")),
    };
    *slot = value;
    Ok(())
}

fn with_weight(player: Player, name: &str, value: i32) -> Result<Player, String> {
    let (limits, mut tuning) = match player {
        Player::Engine(limits) => (limits, Tuning::default()),
        Player::Tuned(limits, tuning) => (limits, tuning),
        Player::Random | Player::Greedy => {
            return Err(format!("the {player} player has no weights"));
        }
    };
    if name == "reductions" {
        tuning.reductions = value != 0;
    } else if name == "quiescence" {
        tuning.quiescence = value.max(0) as u32;
    } else {
        set_weight(&mut tuning.weights, name, value)?;
    }
    Ok(Player::Tuned(limits, tuning))
}

fn main() -> Result<(), String> {
    let mut settings = MatchSettings::new(Level::Medium.into(), Level::Easy.into(), 10, 1);
    let mut weights: Vec<(bool, String, i32)> = Vec::new();
    let (mut game, mut potentials) = ("standard".to_string(), None);
    for arg in std::env::args().skip(1) {
        let (key, value) = arg
            .split_once('=')
            .ok_or_else(|| format!("`{arg}`: write key=value"))?;
        let number = || value.parse::<u64>().map_err(|e| format!("{key}: {e}"));
        match key {
            "first" => settings.first = player(value)?,
            "second" => settings.second = player(value)?,
            "games" => settings.games = number()? as u32,
            "seed" => settings.seed = number()?,
            "max-plies" => settings.max_plies = number()? as u16,
            "opening" => settings.opening_turns = number()? as u16,
            "table" => settings.table_megabytes = number()? as usize,
            "variant" => game = value.to_string(),
            "potentials" => potentials = Some(value.to_string()),
            _ => {
                let (who, name) = key
                    .split_once('.')
                    .ok_or_else(|| format!("unknown setting `{key}`"))?;
                let value = value.parse().map_err(|_| format!("{key}: `{value}`?"))?;
                weights.push((who == "first", name.to_string(), value));
            }
        }
    }
    settings.options = gipf::potentials::Options::parse(&game, potentials.as_deref())
        .map_err(|e| e.to_string())?;
    for (first, name, value) in weights {
        let slot = if first {
            &mut settings.first
        } else {
            &mut settings.second
        };
        *slot = with_weight(*slot, &name, value)?;
    }
    let report = play_match_with(&settings, |index, game| {
        let result = match game.first_points() {
            1.0 => "first wins",
            0.0 => "second wins",
            _ => "unfinished",
        };
        let colour = if game.first_is_white {
            "white"
        } else {
            "black"
        };
        eprintln!(
            "game {:>3}: first {colour}, {result} after {} turns",
            index + 1,
            game.plies
        );
    });
    print!("{report}");
    Ok(())
}
