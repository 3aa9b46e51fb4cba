//! Headless commands: `simulate`, `replay`, `export`. They run before GTK starts and need no
//! display. Errors come back as one line; `main` prints it and exits non-zero.

pub mod export;
pub mod interrupt;

use std::path::PathBuf;

use clap::{Parser, Subcommand, ValueEnum};

use crate::games::{self, BotKind};
use crate::i18n::{gettext, ngettext};

#[derive(Parser, Debug)]
#[command(
    name = "tonkin",
    version,
    about = "Vietnam-war board wargames with their rules enforced",
    long_about = "Vietnam-war board wargames with their rules enforced.\n\nWith no command, opens the game launcher.",
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// A save or action script to open in a game window (with no command)
    pub file: Option<PathBuf>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Play many games with a bot and report wins, draws, losses and speed
    Simulate(SimulateArgs),
    /// Replay a save or an action script and print the final position
    Replay {
        /// A save file or action script (JSON, see docs/action-scripts.md)
        file: PathBuf,
    },
    /// Render print-and-play components to PDF, SVG or PNG
    Export(crate::cli::export::ExportArgs),
}

#[derive(clap::Args, Debug)]
pub struct SimulateArgs {
    /// Game id (csar, skyhawk, search_destroy, phantom_leader, chopper_pilot)
    #[arg(long)]
    pub game: String,
    /// Scenario id; the game's first scenario when left out
    #[arg(long)]
    pub scenario: Option<String>,
    /// Number of games to play
    #[arg(long, default_value_t = 1000)]
    pub games: u64,
    /// Seed of the first game; game i uses seed + i
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    #[arg(long, value_enum, default_value_t = BotArg::Heuristic)]
    pub bot: BotArg,
    /// An optional rule to switch on, by key (as the new-game dialog lists them); repeat
    /// for several
    #[arg(long = "option")]
    pub options: Vec<String>,
    /// Print the report as JSON
    #[arg(long)]
    pub json: bool,
}

#[derive(ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotArg {
    Random,
    Heuristic,
}

/// Runs a headless command; the error is one line for the terminal.
pub fn run(command: Command) -> Result<(), String> {
    match command {
        Command::Simulate(args) => simulate(args),
        Command::Replay { file } => replay(&file),
        Command::Export(args) => crate::cli::export::run(args),
    }
}

fn simulate(args: SimulateArgs) -> Result<(), String> {
    let info = games::find(&args.game).ok_or_else(|| {
        format!(
            "unknown game '{}' (known: {})",
            args.game,
            games::ids().join(", ")
        )
    })?;
    let driver = info
        .driver
        .ok_or_else(|| format!("{} is not playable in this version yet", info.title))?;
    let scenarios = driver.scenarios();
    let scenario = match args.scenario {
        Some(s) => {
            if !scenarios.iter().any(|i| i.id == s) {
                let known: Vec<&str> = scenarios.iter().map(|i| i.id).collect();
                return Err(format!(
                    "unknown scenario '{s}' for {} (known: {})",
                    args.game,
                    known.join(", ")
                ));
            }
            s
        }
        None => scenarios
            .first()
            .map(|s| s.id.to_owned())
            .ok_or_else(|| format!("{} has no scenarios", args.game))?,
    };
    if args.games == 0 {
        return Err("--games must be at least 1".into());
    }
    let bot = match args.bot {
        BotArg::Random => BotKind::Random,
        BotArg::Heuristic => BotKind::Heuristic,
    };
    interrupt::catch();
    let bar = interrupt::progress_bar(
        args.games,
        "{bar:40} {pos}/{len} games  {per_sec}  {eta} left",
    );
    let known: Vec<&str> = driver.optional_rules().iter().map(|r| r.key).collect();
    if let Some(bad) = args.options.iter().find(|o| !known.contains(&o.as_str())) {
        return Err(format!(
            "unknown optional rule '{bad}' for {} (known: {})",
            args.game,
            if known.is_empty() {
                "none".to_owned()
            } else {
                known.join(", ")
            }
        ));
    }
    let options: Vec<&str> = args.options.iter().map(String::as_str).collect();
    let report = driver.simulate(
        &scenario,
        &options,
        args.games,
        args.seed,
        bot,
        &mut |done| {
            bar.set_position(done);
            !interrupt::interrupted()
        },
    )?;
    bar.finish_and_clear();
    if args.json {
        println!(
            "{}",
            serde_json::to_string_pretty(&report).map_err(|e| e.to_string())?
        );
    } else {
        let pct = |n: u64| 100.0 * n as f64 / report.games as f64;
        println!(
            "{} / {}: {} games, {:?} bot",
            report.game, report.scenario, report.games, args.bot
        );
        println!("wins   {:>8} ({:5.1} %)", report.wins, pct(report.wins));
        println!("draws  {:>8} ({:5.1} %)", report.draws, pct(report.draws));
        println!("losses {:>8} ({:5.1} %)", report.losses, pct(report.losses));
        if let Some(p) = report.mean_points {
            println!("mean points   {p:.2}");
        }
        println!("mean actions  {:.1}", report.mean_actions);
        for f in &report.figures {
            let of = f.per.as_ref().and_then(|per| {
                let d = report.figures.iter().find(|g| &g.name == per)?.count;
                (d > 0).then(|| format!("  ({:.3} per {per})", f.count as f64 / d as f64))
            });
            println!("{:<44} {:>9}{}", f.name, f.count, of.unwrap_or_default());
        }
        println!("games/second  {:.0}", report.games_per_second);
    }
    if report.games < args.games {
        return Err(format!(
            "interrupted after {} of {} games (the report above covers those)",
            report.games, args.games
        ));
    }
    Ok(())
}

/// Prints where a save or script stands, in the user's language.
fn replay(file: &std::path::Path) -> Result<(), String> {
    let bytes = crate::engine::session::read_save(file).map_err(|e| e.to_string())?;
    let session = games::load_any(&bytes, &file.display().to_string())?;
    let prompt = session.prompt();
    println!(
        "{}",
        // Translators: the first line of `tonkin replay`.
        gettext("game: {game}  scenario: {scenario}")
            .replace("{game}", session.game_id())
            .replace("{scenario}", session.scenario())
    );
    if session.continues_older_save() {
        println!(
            "{}",
            gettext(
                "this game goes on from a save of an earlier version of Tonkin, whose moves this version cannot replay"
            )
        );
    }
    println!(
        "{}",
        gettext("log entries: {n}").replace("{n}", &session.log().len().to_string())
    );
    for entry in session.log().entries().iter().rev().take(5).rev() {
        let mut line = format!("  [{}] {}", entry.rule, entry.message.render());
        if !entry.random.is_empty() {
            let parts: Vec<String> = entry.random.iter().map(|r| r.message().render()).collect();
            line.push_str(&format!(" ({})", parts.join("; ")));
        }
        println!("{line}");
    }
    match session.outcome() {
        Some(o) => {
            let mut line = gettext("result: {verdict} — {summary}")
                .replace("{verdict}", &format!("{:?}", o.verdict))
                .replace("{summary}", &o.summary.render());
            if let Some(p) = o.points {
                line.push_str(
                    &ngettext(" ({n} point)", " ({n} points)", p.unsigned_abs())
                        .replace("{n}", &p.to_string()),
                );
            }
            println!("{line}");
        }
        None => println!(
            "{}",
            // Translators: `tonkin replay` on a game not over yet; {prompt} is the decision pending.
            gettext("in progress: {prompt}").replace("{prompt}", &prompt.text.render())
        ),
    }
    Ok(())
}
