//! Chopper Pilot missions per second on one core with the bot (target: 10,000/s): the crew
//! chosen, mission 101 flown from the base over the Operations Map, its Tactical Map turn by
//! turn and home again, as `tonkin simulate` plays it (quiet log).

use criterion::{Criterion, criterion_group, criterion_main};
use tonkin::engine::bot::Bot;
use tonkin::engine::game::Game;
use tonkin::games::chopper_pilot::rules::bot::Commander;
use tonkin::games::chopper_pilot::rules::{ChopperPilot, Options};

/// One whole mission (the first of the tour); the number of actions it took.
fn mission(seed: u64) -> usize {
    let mut g = ChopperPilot::setup("primary", &Options::default(), seed).expect("setup");
    g.quiet_log();
    let mut bot = Commander;
    let mut n = 0;
    while g.outcome().is_none() && g.mission.as_ref().is_none_or(|m| m.number == 101) {
        let actions = g.legal_actions();
        let a = bot.choose(&g, &actions);
        g.apply(&a).expect("the bot's choice is legal");
        n += 1;
    }
    n
}

fn bench(c: &mut Criterion) {
    let mut seed = 0u64;
    c.bench_function("chopper_pilot mission (bot, quiet log)", |b| {
        b.iter(|| {
            seed += 1;
            mission(seed)
        })
    });
    let n = 5_000u64;
    let start = std::time::Instant::now();
    let actions: usize = (0..n).map(mission).sum();
    let secs = start.elapsed().as_secs_f64();
    println!(
        "chopper_pilot: {n} missions in {secs:.2} s = {:.0} missions/s ({:.0} actions a mission)",
        n as f64 / secs,
        actions as f64 / n as f64
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
