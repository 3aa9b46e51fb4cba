//! Search & Destroy: line of sight between two hexes on the loaded map (target ≤ 1 µs) and
//! whole Basic games bot against bot (games per second).

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

use tonkin::engine::bot::play_out;
use tonkin::engine::game::Game;
use tonkin::engine::play::Playable;
use tonkin::games::search_destroy::rules::SearchDestroy;
use tonkin::games::search_destroy::rules::content::data;
use tonkin::games::search_destroy::rules::hex::Hex;

/// Pairs of hexes 2 to 8 apart, spread over the map.
fn pairs() -> Vec<(Hex, Hex)> {
    let map = &data().map;
    let hexes: Vec<Hex> = map.hexes().collect();
    let mut out = Vec::new();
    let mut k = 7usize;
    while out.len() < 1000 {
        k = (k * 7919 + 13) % hexes.len();
        let a = hexes[k];
        let b = hexes[(k * 31 + 17) % hexes.len()];
        if (2..=8).contains(&a.distance(b)) {
            out.push((a, b));
        } else if let Some(&n) = hexes.iter().find(|h| (2..=8).contains(&h.distance(a))) {
            out.push((a, n));
        }
    }
    out
}

fn line_of_sight(c: &mut Criterion) {
    // A position in play: the NLF's counters on the map, each a possible obstacle.
    let mut game = SearchDestroy::new("basic", 5).unwrap();
    let mut bot = SearchDestroy::heuristic_bot(5);
    while game.step == tonkin::games::search_destroy::rules::Step::Setup {
        let actions = game.legal_actions();
        let a = bot.choose(&game.view(1), &actions);
        game.apply(&a).unwrap();
    }
    let pairs = pairs();
    let mut group = c.benchmark_group("search_destroy");
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("line of sight, 1000 pairs 2-8 hexes apart", |b| {
        b.iter(|| {
            pairs
                .iter()
                .filter(|&&(a, b)| game.sees(black_box(a), black_box(b)))
                .count()
        })
    });
    group.finish();
}

fn basic_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("search_destroy");
    group.sample_size(10);
    group.throughput(Throughput::Elements(1));
    let mut seed = 0;
    group.bench_function("basic game, bot against bot", |b| {
        b.iter(|| {
            seed += 1;
            let mut game = SearchDestroy::new("basic", seed).unwrap();
            game.quiet_log();
            let mut bot = SearchDestroy::heuristic_bot(seed);
            play_out(&mut game, bot.as_mut(), 100_000).unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, line_of_sight, basic_games);
criterion_main!(benches);
