//! Redraw time of a busy "That Others May Live" board at 1920×1080 (target: under 4 ms), the
//! scene of a real mid-game position built from the rules state (painting it is in `games.rs`,
//! with every game's board), and the whole print-and-play kit written as a PDF (under 1 s).

use criterion::{Criterion, criterion_group, criterion_main};
use tonkin::art::View;
use tonkin::art::board::fit;
use tonkin::engine::bot::play_steps;
use tonkin::engine::game::Game;
use tonkin::engine::play::Playable;
use tonkin::export::layout::{Settings, plan};
use tonkin::export::output::{self, Document};
use tonkin::games::csar::art::scene::scene;
use tonkin::games::csar::art::{MapPainter, draw_map, samples};
use tonkin::games::csar::kit::kit;
use tonkin::games::csar::rules::{Csar, Options};

fn busy_board(c: &mut Criterion) {
    let scene = samples::busy_scene();
    let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 1920, 1080).unwrap();
    let view = View {
        width: 1920.0,
        height: 1080.0,
        ..View::default()
    };
    let (w, h) = scene.size();
    let (scale, x, y) = fit(&view, w, h);
    let context = || {
        let cr = cairo::Context::new(&surface).unwrap();
        cr.set_source_rgb(0.2, 0.2, 0.2);
        cr.paint().unwrap();
        cr.translate(x, y);
        cr.scale(scale, scale);
        cr
    };
    // What the game window does: bitmaps cached per zoom level, warm after the first frame.
    let mut painter = MapPainter::new();
    c.bench_function("csar busy board 1920x1080 (window painter)", |b| {
        b.iter(|| painter.paint(&context(), &scene).unwrap())
    });
    // The first frame after a zoom change renders every bitmap again.
    c.bench_function("csar busy board 1920x1080 (cold painter)", |b| {
        b.iter(|| MapPainter::new().paint(&context(), &scene).unwrap())
    });
    // The vector path used by export, for comparison.
    c.bench_function("csar busy board 1920x1080 (vector, export path)", |b| {
        b.iter(|| draw_map(&context(), &scene).unwrap())
    });
}

/// A busy position of a real game: the heuristic bot plays Cauldron of Fire until the Move
/// segment of turn 3 or later, with the hand, Card Boxes and guns in play.
fn mid_game() -> Csar {
    let mut g = Csar::setup("cauldron_of_fire", &Options::default(), 3).unwrap();
    let mut bot = <Csar as Playable>::heuristic_bot(3);
    play_steps(&mut g, bot.as_mut(), 60).unwrap();
    g
}

fn real_scene(c: &mut Criterion) {
    let game = mid_game();
    let view = View {
        width: 1920.0,
        height: 1080.0,
        scale_factor: 1.0,
        targets: game
            .prompt()
            .choices
            .iter()
            .filter_map(|c| c.target.clone())
            .collect(),
        ..View::default()
    };
    c.bench_function("csar real mid-game board: scene only", |b| {
        b.iter(|| scene(&game, Some(&view)))
    });
}

fn kit_pdf(c: &mut Criterion) {
    let settings = Settings::default();
    let mut group = c.benchmark_group("csar kit");
    group.sample_size(10);
    group.bench_function("whole csar kit to PDF in memory", |b| {
        b.iter(|| {
            let kit = kit().unwrap();
            let pages = plan(&kit, &settings);
            let doc = Document {
                kit: &kit,
                pages: &pages,
                margin: settings.margin,
            };
            output::pdf_into(Vec::new(), doc, &mut || {}).unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, busy_board, real_scene, kit_pdf);
criterion_main!(benches);
