//! Redraw time of a busy "That Others May Live" board at 1920×1080 (target: under 4 ms).

use criterion::{Criterion, criterion_group, criterion_main};
use tonkin::art::View;
use tonkin::art::board::fit;
use tonkin::art::csar::{MapPainter, draw_map, samples};

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

criterion_group!(benches, busy_board);
criterion_main!(benches);
