//! Phantom Leader on one core with the heuristic bot (targets: 20,000 single missions/s and
//! 1,000 Short campaigns/s), the odds assistant before an attack, suppression and evasion
//! (target: 50 ms), and a full redraw of the Tactical Display at 1920 × 1080 (target: 4 ms),
//! with its rings copied from the bitmap kept and drawn again.

use criterion::{Criterion, criterion_group, criterion_main};
use tonkin::art::View;
use tonkin::art::board::Board;
use tonkin::engine::bot::play_steps;
use tonkin::engine::game::Game;
use tonkin::engine::play::Playable;
use tonkin::engine::rng::Rng;
use tonkin::games::phantom_leader::rules::bot::HeuristicBot;
use tonkin::games::phantom_leader::rules::{Options, PhantomLeader, Step};

/// Plays with the bot while `go` holds, as `tonkin simulate` has it play ([`play_steps`]);
/// returns the actions taken.
fn play(g: &mut PhantomLeader, bot: &mut HeuristicBot, go: impl Fn(&PhantomLeader) -> bool) -> u32 {
    let mut n = 0;
    while go(g) && g.outcome().is_none() {
        play_steps(g, bot, 1).expect("the bot's choice is legal");
        n += 1;
    }
    n
}

/// A Short campaign at its first day's target choice, the squadron picked by the bot.
fn first_day(scenario: &str, seed: u64) -> PhantomLeader {
    let mut g = PhantomLeader::setup(scenario, &Options::default(), seed).expect("setup");
    g.quiet_log();
    let mut bot = HeuristicBot::new(seed);
    play(&mut g, &mut bot, |g| g.step != Step::Target);
    g
}

/// One mission day from the target choice to the next day, with its own dice.
fn mission(start: &PhantomLeader, seed: u64) -> i32 {
    let mut g = start.clone();
    g.rng = Rng::seeded(seed);
    let mut bot = HeuristicBot::new(seed);
    play(&mut g, &mut bot, |g| g.day == 1);
    g.vp
}

/// A whole Short campaign, squadron included.
fn campaign(scenario: &str, seed: u64) -> i32 {
    let mut g = PhantomLeader::setup(scenario, &Options::default(), seed).expect("setup");
    g.quiet_log();
    let mut bot = HeuristicBot::new(seed);
    play(&mut g, &mut bot, |_| true);
    g.vp
}

/// A position at an attack step of the first mission that flies, for the odds.
fn at_attack(seed: u64) -> Option<PhantomLeader> {
    let mut g = first_day("LB-USN-short", seed);
    let mut bot = HeuristicBot::new(seed);
    play(&mut g, &mut bot, |g| {
        !matches!(g.step, Step::Attacks { .. } | Step::Suppress { .. }) && g.day < 4
    });
    matches!(g.step, Step::Attacks { .. } | Step::Suppress { .. }).then_some(g)
}

fn bench(c: &mut Criterion) {
    let start = first_day("RT-USAF-short", 1);
    let mut seed = 0u64;
    c.bench_function("phantom leader mission (heuristic bot)", |b| {
        b.iter(|| {
            seed += 1;
            mission(&start, seed)
        })
    });
    let mut seed = 0u64;
    c.bench_function("phantom leader Short campaign (heuristic bot)", |b| {
        b.iter(|| {
            seed += 1;
            campaign("RT-USAF-short", seed)
        })
    });
    let g = (1..50)
        .find_map(at_attack)
        .expect("a mission reaches an attack");
    c.bench_function("phantom leader odds: an attack step's prompt", |b| {
        b.iter(|| g.prompt().choices.len())
    });
    c.bench_function(
        "phantom leader odds assistant: an attack or suppression step",
        |b| b.iter(|| g.odds().map_or(0, |o| o.len())),
    );
    // The Tactical Display mid-fight, every clickable target offered, one hovered.
    let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 1920, 1080).unwrap();
    let targets: Vec<String> = g
        .prompt()
        .choices
        .iter()
        .filter_map(|c| c.target.clone())
        .collect();
    let view = View {
        width: 1920.0,
        height: 1080.0,
        scale_factor: 1.0,
        hovered: targets.first().cloned(),
        targets,
        ..View::default()
    };
    // The very first frame: the labels' layouts not kept yet.
    let t = std::time::Instant::now();
    g.draw_board(&cairo::Context::new(&surface).unwrap(), &view)
        .unwrap();
    println!(
        "phantom leader Tactical Display 1920x1080: first frame {:.1} ms",
        t.elapsed().as_secs_f64() * 1000.0
    );
    c.bench_function(
        "phantom leader Tactical Display 1920x1080: full redraw",
        |b| {
            b.iter(|| {
                let cr = cairo::Context::new(&surface).unwrap();
                g.draw_board(&cr, &view).unwrap()
            })
        },
    );
    // A frame whose rings must be drawn again, not copied from the bitmap kept (the window's
    // width changes by two pixels every frame, as while it is resized).
    let mut narrower = false;
    c.bench_function(
        "phantom leader Tactical Display 1920x1080: redraw with the rings drawn again",
        |b| {
            b.iter(|| {
                narrower = !narrower;
                let view = View {
                    width: if narrower { 1918.0 } else { 1920.0 },
                    ..view.clone()
                };
                let cr = cairo::Context::new(&surface).unwrap();
                g.draw_board(&cr, &view).unwrap()
            })
        },
    );
    // Rates over many seeds and every Short campaign sheet.
    let n = 20_000u64;
    let t = std::time::Instant::now();
    let vp: i64 = (0..n).map(|s| i64::from(mission(&start, s))).sum();
    let secs = t.elapsed().as_secs_f64();
    println!(
        "phantom leader: {n} missions in {secs:.2} s = {:.0} missions/s (mean {:.2} VP)",
        n as f64 / secs,
        vp as f64 / n as f64
    );
    let sheets: Vec<String> = PhantomLeader::scenarios()
        .iter()
        .map(|s| s.id.to_owned())
        .filter(|id| id.ends_with("-short"))
        .collect();
    let n = 2_000u64;
    let t = std::time::Instant::now();
    let vp: i64 = (0..n)
        .map(|s| i64::from(campaign(&sheets[s as usize % sheets.len()], s)))
        .sum();
    let secs = t.elapsed().as_secs_f64();
    println!(
        "phantom leader: {n} Short campaigns in {secs:.2} s = {:.0} campaigns/s (mean {:.2} VP)",
        n as f64 / secs,
        vp as f64 / n as f64
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
