//! Chopper Pilot missions per second on one core with the bot (target: 10,000/s): the crew
//! chosen, mission 101 flown from the base over the Operations Map, its Tactical Map turn by
//! turn and home again, as `tonkin simulate` plays it (quiet log). And the odds assistant
//! (target: 50 ms): every chance the window may show at a helicopter's activation with enemy
//! units in its sights — each attack, the landing under fire, the forced landing.

use criterion::{Criterion, criterion_group, criterion_main};
use tonkin::engine::bot::play_steps;
use tonkin::engine::game::Game;
use tonkin::games::chopper_pilot::rules::bot::{Commander, position_in_the_sights};
use tonkin::games::chopper_pilot::rules::{Action, ChopperPilot, Options, Phase};

/// One whole mission (the first of the tour); the number of actions it took. The bot plays
/// as `tonkin simulate` has it play ([`play_steps`]): its proposal first, the list if need be.
fn mission(seed: u64) -> usize {
    let mut g = ChopperPilot::setup("primary", &Options::default(), seed).expect("setup");
    g.quiet_log();
    let mut bot = Commander;
    let mut n = 0;
    while g.outcome().is_none() && g.mission.as_ref().is_none_or(|m| m.number == 101) {
        play_steps(&mut g, &mut bot, 1).expect("the bot's choice is legal");
        n += 1;
    }
    n
}

/// Every chance the odds assistant offers in the position: a checksum of them.
fn all_odds(g: &ChopperPilot) -> f64 {
    let Phase::Activation(h) = g.phase else {
        return 0.0;
    };
    let mut sum = 0.0;
    for a in g.legal_actions() {
        if let Action::Fire { weapon, unit } = a
            && let Some(o) = g.attack_odds(h, weapon, unit)
        {
            sum += o
                .targets
                .iter()
                .flat_map(|t| &t.each_roll)
                .map(|(_, p)| p)
                .sum::<f64>();
        }
    }
    let hex = g.tac().flying(h).map(|f| f.hex);
    if let Some((_, any)) = hex.and_then(|x| g.landing_odds(h, x)) {
        sum += any;
    }
    if let Some(f) = g.forced_landing_odds(h) {
        sum += f.iter().map(|(_, p)| p).sum::<f64>();
    }
    sum
}

fn odds(c: &mut Criterion) {
    let g = position_in_the_sights();
    c.bench_function("chopper_pilot odds assistant (an activation)", |b| {
        b.iter(|| all_odds(&g))
    });
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

criterion_group!(benches, bench, odds);
criterion_main!(benches);
