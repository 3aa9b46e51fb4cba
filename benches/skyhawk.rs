//! Missions per second on one core with the heuristic bot, every roll logged.

use criterion::{Criterion, criterion_group, criterion_main};
use tonkin::engine::game::Game;
use tonkin::games::skyhawk::bot::Heuristic;
use tonkin::games::skyhawk::{Options, Skyhawk};

/// One whole mission, the bot deciding from the state (no prompt lists built).
fn mission(seed: u64) -> i32 {
    let mut g = Skyhawk::setup("single", &Options::default(), seed).expect("setup");
    let mut bot = Heuristic::new(seed);
    while let Some(action) = bot.decide(&g) {
        g.apply(&action).expect("the bot's decision is legal");
    }
    g.points()
}

fn bench(c: &mut Criterion) {
    let mut seed = 0u64;
    c.bench_function("skyhawk mission (heuristic bot)", |b| {
        b.iter(|| {
            seed += 1;
            mission(seed)
        })
    });
    let n = 20_000u64;
    let start = std::time::Instant::now();
    let points: i64 = (0..n).map(|s| i64::from(mission(s))).sum();
    let secs = start.elapsed().as_secs_f64();
    println!(
        "skyhawk: {n} missions in {secs:.2} s = {:.0} missions/s (mean {:.1} points)",
        n as f64 / secs,
        points as f64 / n as f64
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
