//! How long print-and-play export takes: planning the sample kit, writing it as one PDF in
//! memory, rendering one page as a 300 dpi PNG, and a kit the size of a real game.

use criterion::{Criterion, criterion_group, criterion_main};
use tonkin::export::layout::{Settings, plan};
use tonkin::export::output::{self, Document};
use tonkin::export::sample;

fn export(c: &mut Criterion) {
    let kit = sample::kit();
    let settings = Settings::default();
    c.bench_function("plan sample kit", |b| b.iter(|| plan(&kit, &settings)));
    let pages = plan(&kit, &settings);
    let doc = Document {
        kit: &kit,
        pages: &pages,
        margin: settings.margin,
    };
    c.bench_function("sample kit to PDF in memory", |b| {
        b.iter(|| output::pdf_into(Vec::new(), doc, &mut || {}).unwrap())
    });
    c.bench_function("card page to 300 dpi PNG surface", |b| {
        b.iter(|| output::png_surface(doc, 0, 300).unwrap())
    });
    // About the size of a real game: 110 cards and 400 counters, both sides.
    let big = sample::kit_of(110, 400);
    let big_pages = plan(&big, &settings);
    let big_doc = Document {
        kit: &big,
        pages: &big_pages,
        margin: settings.margin,
    };
    c.bench_function("110 cards + 400 counters to PDF in memory", |b| {
        b.iter(|| output::pdf_into(Vec::new(), big_doc, &mut || {}).unwrap())
    });
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = export
}
criterion_main!(benches);
