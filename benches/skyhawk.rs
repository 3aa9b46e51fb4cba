//! Missions per second on one core with the heuristic bot: as `tonkin simulate` plays them
//! (quiet log, the target of 50,000/s), and as a player's window plays them (every roll logged).

use criterion::{Criterion, criterion_group, criterion_main};
use tonkin::engine::game::Game;
use tonkin::games::skyhawk::rules::bot::HeuristicBot;
use tonkin::games::skyhawk::rules::{Options, Skyhawk};

/// One whole mission, the bot deciding from the state (no prompt lists built).
fn mission(seed: u64, logged: bool) -> i32 {
    let mut g = Skyhawk::setup("single", &Options::default(), seed).expect("setup");
    if !logged {
        g.quiet_log();
    }
    let mut bot = HeuristicBot::new(seed);
    while let Some(action) = bot.decide(&g) {
        g.apply(&action).expect("the bot's decision is legal");
    }
    g.points()
}

fn bench(c: &mut Criterion) {
    for (name, logged) in [
        ("skyhawk mission (heuristic bot, as simulated)", false),
        ("skyhawk mission (heuristic bot, every roll logged)", true),
    ] {
        let mut seed = 0u64;
        c.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                mission(seed, logged)
            })
        });
    }
    let n = 20_000u64;
    for (how, logged) in [("simulated", false), ("logged", true)] {
        let start = std::time::Instant::now();
        let points: i64 = (0..n).map(|s| i64::from(mission(s, logged))).sum();
        let secs = start.elapsed().as_secs_f64();
        println!(
            "skyhawk {how}: {n} missions in {secs:.2} s = {:.0} missions/s (mean {:.1} points)",
            n as f64 / secs,
            points as f64 / n as f64
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
