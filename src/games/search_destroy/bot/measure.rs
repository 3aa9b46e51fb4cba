//! Long measurements, run by hand in a release build (ignored by `make test`):
//!
//! `SD_SCENARIO=basic SD_US=normal SD_NLF=easy SD_GAMES=1000 cargo test --release --lib
//! search_destroy::bot::measure -- --ignored --nocapture`
//!
//! `strength` plays seeded games between two levels and prints the US's wins, draws and losses
//! with 95 % Wilson intervals; `calibration` prints, for the US Normal level's belief at each
//! US Movement Phase, how often counters given a probability of being a combat unit turned
//! out to be one.

use super::tests::play;
use super::{Computer, Difficulty};
use crate::engine::rng::Rng;
use crate::games::search_destroy::rules::bot::SeatView;
use crate::games::search_destroy::rules::content::{Class, Side};
use crate::games::search_destroy::rules::state::Step;

fn env(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_owned())
}

/// The 95 % Wilson score interval of `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * ((p * (1.0 - p) + z * z / (4.0 * n)) / n).sqrt() / (1.0 + z * z / n);
    (centre - half, centre + half)
}

#[test]
fn wilson_interval_brackets_the_rate() {
    let (lo, hi) = wilson(300, 1000);
    assert!(
        (lo - 0.272).abs() < 0.002 && (hi - 0.329).abs() < 0.002,
        "{lo} {hi}"
    );
}

#[test]
#[ignore = "long: a strength run between two levels"]
fn strength() {
    let scenario = env("SD_SCENARIO", "basic");
    let us = Difficulty::from_id(&env("SD_US", "normal")).expect("SD_US: easy, normal or hard");
    let nlf = Difficulty::from_id(&env("SD_NLF", "easy")).expect("SD_NLF: easy, normal or hard");
    let games: u64 = env("SD_GAMES", "100").parse().expect("SD_GAMES: a number");
    let first: u64 = env("SD_SEED", "1").parse().expect("SD_SEED: a number");
    let rollouts: usize = env("SD_ROLLOUTS", &super::hard::ROLLOUTS.to_string())
        .parse()
        .expect("SD_ROLLOUTS: a number");
    let (mut wins, mut draws, mut losses, mut margin) = (0u64, 0u64, 0u64, 0i64);
    let start = std::time::Instant::now();
    for seed in first..first + games {
        let mut a = Computer::new(us, seed.wrapping_mul(2));
        let mut b = Computer::new(nlf, seed.wrapping_mul(2) + 1);
        a.rollouts = rollouts;
        b.rollouts = rollouts;
        let g = play(&scenario, seed, &mut a, &mut b, |_, _| {});
        let [p_us, p_nlf] = g.points;
        margin += i64::from(p_us) - i64::from(p_nlf);
        if p_us > p_nlf && !g.commander_destroyed {
            wins += 1;
        } else if p_nlf > p_us {
            losses += 1;
        } else {
            draws += 1;
        }
    }
    let (lo, hi) = wilson(wins, games);
    let (llo, lhi) = wilson(losses, games);
    println!(
        "STRENGTH {scenario} us={} nlf={} games={games} us_wins={wins} ({:.1} %, {:.1}-{:.1}) draws={draws} nlf_wins={losses} ({:.1} %, {:.1}-{:.1}) mean_margin={:.2} secs={:.0}",
        us.id(),
        nlf.id(),
        100.0 * wins as f64 / games as f64,
        100.0 * lo,
        100.0 * hi,
        100.0 * losses as f64 / games as f64,
        100.0 * llo,
        100.0 * lhi,
        margin as f64 / games as f64,
        start.elapsed().as_secs_f64()
    );
}

#[test]
#[ignore = "long: the belief's calibration over many games"]
fn calibration() {
    let scenario = env("SD_SCENARIO", "basic");
    let games: u64 = env("SD_GAMES", "50").parse().expect("SD_GAMES: a number");
    // Per tenth of probability: counters, combat units among them, summed probability.
    let mut bins = [(0u64, 0u64, 0.0f64); 10];
    for seed in 1..=games {
        let mut us = Computer::new(Difficulty::Normal, seed * 2);
        let mut nlf = Computer::new(Difficulty::Normal, seed * 2 + 1);
        let mut rng = Rng::seeded(seed);
        let mut last = (0, None);
        play(&scenario, seed, &mut us, &mut nlf, |g, bot| {
            if g.step != Step::Movement(Side::Us) || last == (g.turn, Some(g.step.clone())) {
                return;
            }
            last = (g.turn, Some(g.step.clone()));
            bot.belief.update(&SeatView::of(g, Side::Us), &mut rng);
            for (i, u) in g.units.iter().enumerate() {
                if !(u.hidden() && u.on_map()) {
                    continue;
                }
                let p = bot.belief.p_combat(i);
                let bin = ((p * 10.0) as usize).min(9);
                bins[bin].0 += 1;
                bins[bin].1 += u64::from(u.class() == Some(Class::Combat));
                bins[bin].2 += p;
            }
        });
    }
    println!("CALIBRATION {scenario} games={games}");
    println!("| p(combat) given | counters | mean p | combat units | rate | 95 % interval |");
    for (b, &(n, k, sum)) in bins.iter().enumerate() {
        if n == 0 {
            continue;
        }
        let (lo, hi) = wilson(k, n);
        println!(
            "| {:.1}-{:.1} | {n} | {:.3} | {k} | {:.3} | {:.3}-{:.3} |",
            b as f64 / 10.0,
            (b + 1) as f64 / 10.0,
            sum / n as f64,
            k as f64 / n as f64,
            lo,
            hi
        );
    }
}

#[test]
#[ignore = "long: where the NLF computer sets its counters up (the shares in belief.toml)"]
fn setup_terrain() {
    use crate::engine::game::Game;
    use crate::games::search_destroy::rules::content::data;
    use crate::games::search_destroy::rules::map::Terrain;
    use crate::games::search_destroy::rules::state::SearchDestroy;
    let games: u64 = env("SD_GAMES", "200").parse().expect("SD_GAMES: a number");
    let mut counts: std::collections::BTreeMap<String, [u64; 5]> = Default::default();
    let mut played = Vec::new();
    for scenario in &data().scenarios {
        // A scenario that needs rules not written yet cannot be set up.
        if SearchDestroy::new(&scenario.id, 1).is_err() {
            continue;
        }
        played.push(scenario.id.as_str());
        for seed in 1..=games {
            let mut g = SearchDestroy::new(&scenario.id, seed).unwrap();
            g.quiet_log();
            let mut nlf = Computer::new(Difficulty::Normal, seed);
            while g.step == Step::Setup && g.outcome().is_none() {
                let actions = g.legal_actions();
                let action = crate::engine::bot::Bot::choose(&mut nlf, &g, &actions);
                g.apply(&action).unwrap();
            }
            for u in g.units.iter().filter(|u| u.side == Side::Nlf && u.on_map()) {
                let (Some(spec), Some(hex)) = (u.spec(), u.hex) else {
                    continue;
                };
                let t = data().map.terrain(hex);
                let at = Terrain::ALL.iter().position(|&x| x == t).unwrap();
                counts.entry(spec.id.clone()).or_default()[at] += 1;
            }
        }
    }
    let mut map = [0u64; 5];
    for hex in data().map.hexes() {
        let t = data().map.terrain(hex);
        map[Terrain::ALL.iter().position(|&x| x == t).unwrap()] += 1;
    }
    println!("SETUP games={games} scenarios={played:?}");
    println!("map {map:?}");
    for (id, c) in &counts {
        println!("{id} {c:?}");
    }
}

#[test]
#[ignore = "long: where each side's points come from, per phase, between two levels"]
fn points_by_phase() {
    use crate::engine::bot::Bot;
    use crate::engine::game::Game;
    use crate::games::search_destroy::rules::Action;
    use crate::games::search_destroy::rules::state::SearchDestroy;
    let scenario = env("SD_SCENARIO", "basic");
    let us = Difficulty::from_id(&env("SD_US", "easy")).expect("SD_US");
    let nlf = Difficulty::from_id(&env("SD_NLF", "normal")).expect("SD_NLF");
    let games: u64 = env("SD_GAMES", "100").parse().expect("SD_GAMES");
    let mut gained: std::collections::BTreeMap<String, [u64; 2]> = Default::default();
    let mut attacks: std::collections::BTreeMap<String, u64> = Default::default();
    for seed in 1..=games {
        let mut bots = [
            Computer::new(us, seed.wrapping_mul(2)),
            Computer::new(nlf, seed.wrapping_mul(2) + 1),
        ];
        let mut g = SearchDestroy::new(&scenario, seed).unwrap();
        g.quiet_log();
        while g.outcome().is_none() {
            let actions = g.legal_actions();
            let side = g.actor().unwrap();
            let action = bots[usize::from(side.seat())].choose(&g, &actions);
            let step = format!("{:?}", g.step);
            if action == Action::Resolve
                && let Some(a) = &g.attack
            {
                let halves: u32 = a.firers.iter().map(|&i| g.attack_halves(i)).sum();
                let d = if g.step == Step::LandingFire {
                    1
                } else {
                    SearchDestroy::defense(a.target)
                };
                let col = crate::games::search_destroy::rules::crt::odds_column(halves, d);
                let hidden = a.firers.iter().filter(|&&i| g.units[i].hidden()).count();
                *attacks
                    .entry(format!("{side:?} {step} col {col} hidden {hidden}"))
                    .or_default() += 1;
            }
            let before = g.points;
            g.apply(&action).unwrap();
            let e = gained.entry(format!("{side:?} {step}")).or_default();
            e[0] += u64::from(g.points[0] - before[0]);
            e[1] += u64::from(g.points[1] - before[1]);
        }
    }
    println!(
        "POINTS {scenario} us={} nlf={} games={games}",
        us.id(),
        nlf.id()
    );
    for (k, [u, n]) in &gained {
        if u + n > 0 {
            println!(
                "{k}: us {:.2} nlf {:.2}",
                *u as f64 / games as f64,
                *n as f64 / games as f64
            );
        }
    }
    for (k, n) in &attacks {
        println!("{k}: {:.2}", *n as f64 / games as f64);
    }
}

#[test]
#[ignore = "long: how the US finds and scores the NLF's caches, between two levels"]
fn caches() {
    use crate::engine::bot::Bot;
    use crate::engine::game::Game;
    use crate::games::search_destroy::rules::Action;
    use crate::games::search_destroy::rules::state::SearchDestroy;
    let scenario = env("SD_SCENARIO", "basic");
    let us = Difficulty::from_id(&env("SD_US", "easy")).expect("SD_US");
    let nlf = Difficulty::from_id(&env("SD_NLF", "easy")).expect("SD_NLF");
    let games: u64 = env("SD_GAMES", "100").parse().expect("SD_GAMES");
    let first: u64 = env("SD_SEED", "1").parse().expect("SD_SEED");
    // Per cache kind: how each was turned face-up, and how it ended.
    let mut tally: std::collections::BTreeMap<String, u64> = Default::default();
    let mut count = |k: String| *tally.entry(k).or_default() += 1;
    for seed in first..first + games {
        let mut bots = [
            Computer::new(us, seed.wrapping_mul(2)),
            Computer::new(nlf, seed.wrapping_mul(2) + 1),
        ];
        let mut g = SearchDestroy::new(&scenario, seed).unwrap();
        g.quiet_log();
        let mut destroyed = std::collections::BTreeSet::new();
        while g.outcome().is_none() {
            let actions = g.legal_actions();
            let side = g.actor().unwrap();
            let action = bots[usize::from(side.seat())].choose(&g, &actions);
            let before: Vec<bool> = g.units.iter().map(|u| u.hidden()).collect();
            match &action {
                Action::Probe { hex, .. } | Action::Search { hex, .. } => {
                    let what: Vec<String> = g
                        .side_at(*hex, Side::Nlf)
                        .filter_map(|i| g.units[i].spec().map(|s| s.id.clone()))
                        .collect();
                    count(format!(
                        "search/probe turn {} at {}",
                        g.turn,
                        what.join("+")
                    ));
                    count("search/probe".into());
                }
                Action::Destroy { cache, .. } => {
                    destroyed.insert(*cache);
                }
                _ => {}
            }
            let step = format!("{:?}", g.step);
            g.apply(&action).unwrap();
            for (i, u) in g.units.iter().enumerate() {
                if before[i] && !u.hidden() && u.class() == Some(Class::Cache) {
                    let id = u.spec().map_or("?", |s| s.id.as_str());
                    count(format!("{id} revealed in {step} turn {}", g.turn));
                }
            }
        }
        for (i, u) in g.units.iter().enumerate() {
            if u.class() != Some(Class::Cache) {
                continue;
            }
            let id = u.spec().map_or("?", |s| s.id.as_str());
            let end = if destroyed.contains(&i) {
                "destroyed"
            } else if u.carried_by.is_some_and(|c| g.units[c].side == Side::Us) {
                "captured"
            } else if u.hidden() {
                "never found"
            } else {
                "found, left"
            };
            count(format!("{id} {end}"));
        }
    }
    println!(
        "CACHES {scenario} us={} nlf={} games={games}",
        us.id(),
        nlf.id()
    );
    for (k, n) in &tally {
        println!("{k}: {:.3}", *n as f64 / games as f64);
    }
}
