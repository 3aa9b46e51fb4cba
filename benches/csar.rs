//! The odds computation of a busy fire window (whole games of every game are in `games.rs`).

use criterion::{Criterion, criterion_group, criterion_main};
use tonkin::engine::game::Game;
use tonkin::games::csar::rules::odds::odds_for_prompt;
use tonkin::games::csar::rules::{Csar, Options, Place, Step};

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

criterion_group!(benches, odds);
criterion_main!(benches);
