//! Complete Caged Tiger games with the random bot, and the odds computation.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use tonkin::engine::bot::{RandomBot, play_out};
use tonkin::engine::game::Game;
use tonkin::games::csar::rules::odds::odds_for_prompt;
use tonkin::games::csar::rules::{Csar, Options, Place, Step};

fn games(c: &mut Criterion) {
    let mut group = c.benchmark_group("csar");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("caged_tiger_random_game", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = Csar::setup("caged_tiger", &Options::default(), seed).unwrap();
            play_out(&mut g, &mut RandomBot::new(seed), 100_000).unwrap()
        })
    });
    group.finish();
}

fn odds(c: &mut Criterion) {
    // A fire window with every zone targeted at once.
    let mut g = Csar::setup("caged_tiger", &Options::default(), 7).unwrap();
    while g.step != Step::Move {
        let a = g.prompt().choices[0].action.clone();
        g.apply(&a).unwrap();
    }
    for (a, z) in [(0u8, 1u8), (1, 2), (2, 3), (3, 4)] {
        g.aircraft[usize::from(a)].place = Place::Zone(z);
    }
    for z in 1..5u8 {
        g.place_units(z, 3);
    }
    g.start_fire(false);
    c.bench_function("csar_odds_for_fire_prompt", |b| {
        b.iter(|| odds_for_prompt(&g))
    });
}

criterion_group!(benches, games, odds);
criterion_main!(benches);
