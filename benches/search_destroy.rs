//! Search & Destroy: line of sight between two hexes on the loaded map (target ≤ 1 µs),
//! whole Basic games bot against bot (target ≥ 500 games per second) and the whole map redrawn
//! at 1920 × 1080 with every counter on it (target ≤ 8 ms), as the window draws it.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

use tonkin::art::{Board, View};
use tonkin::engine::bot::play_out;
use tonkin::engine::game::Game;
use tonkin::engine::play::Playable;
use tonkin::games::search_destroy::rules::content::Side;
use tonkin::games::search_destroy::rules::content::data;
use tonkin::games::search_destroy::rules::hex::Hex;
use tonkin::games::search_destroy::rules::{SearchDestroy, Step};

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
    while game.step == Step::Setup {
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

/// The Standard game at the US's first Movement Phase: every counter of both sides on the map,
/// the log kept as the window keeps it, the legal moves highlighted.
fn every_counter_on_the_map() -> (SearchDestroy, Vec<String>) {
    let mut game = SearchDestroy::new("standard", 5).unwrap();
    let mut bot = SearchDestroy::heuristic_bot(5);
    while game.step != Step::Movement(Side::Us) {
        let seat = u8::from(game.actor() != Some(Side::Us));
        let actions = game.legal_actions();
        let a = bot.choose(&game.view(seat), &actions);
        game.apply(&a).unwrap();
    }
    let targets = game
        .prompt()
        .choices
        .iter()
        .filter_map(|c| c.target.clone())
        .collect();
    (game, targets)
}

fn redraw(c: &mut Criterion) {
    let (game, targets) = every_counter_on_the_map();
    let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 1920, 1080).unwrap();
    let mut group = c.benchmark_group("search_destroy");
    for (seat, name) in [(0, "US"), (1, "NLF")] {
        let view = View {
            width: 1920.0,
            height: 1080.0,
            scale_factor: 1.0,
            targets: targets.clone(),
            seat,
            ..View::default()
        };
        group.bench_function(
            format!("map redraw 1920x1080, every counter on it, {name} side"),
            |b| {
                b.iter(|| {
                    let cr = cairo::Context::new(&surface).unwrap();
                    game.draw_board(&cr, &view).unwrap()
                })
            },
        );
    }
    // A pointer move while the line-of-sight tool is on: the redraw with the line, and the
    // banner's sentence, from a US squad six columns across the map.
    let from = game
        .units
        .iter()
        .filter(|u| u.side == Side::Us && u.on_map())
        .find_map(|u| u.hex)
        .unwrap();
    let to = Hex::new(from.col + 6, from.row);
    let view = View {
        width: 1920.0,
        height: 1080.0,
        scale_factor: 1.0,
        targets,
        seat: 0,
        sight: Some((from.to_string(), to.to_string())),
        ..View::default()
    };
    group.bench_function(
        "map redraw 1920x1080 with the line-of-sight tool, and its verdict, US side",
        |b| {
            b.iter(|| {
                let cr = cairo::Context::new(&surface).unwrap();
                game.draw_board(&cr, &view).unwrap();
                game.sight_verdict(&view)
            })
        },
    );
    group.finish();
}

criterion_group!(benches, line_of_sight, basic_games, redraw);
criterion_main!(benches);
