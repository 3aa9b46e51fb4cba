//! Components made for the exporter's own tests, benchmarks and looks: one of each kind,
//! with art that shows at a glance which piece, which face and which way up it is.
//! Not a game: no command-line id reaches it.

use cairo::Context;

use super::component::{Component, Kind, Kit};
use crate::art::draw::{self, Align, Font, Rgb};

/// A kit exercising every path: bleeding cards and counters with backs, an aid without back
/// that fits a page, and a map larger than A4 that must be tiled.
pub fn kit() -> Kit {
    kit_of(11, 30)
}

/// The same kit with as many cards and counters as asked, for benchmarks.
pub fn kit_of(cards: usize, counters: usize) -> Kit {
    Kit {
        game: "sample".into(),
        title: "Sample kit".into(),
        components: vec![
            Component::new(
                "Test cards",
                Kind::Cards,
                (63.0, 88.0),
                cards,
                |cr, i, b| {
                    piece(
                        cr,
                        (63.0, 88.0),
                        b,
                        Rgb::hex(0x3b6ea5),
                        &format!("card {}", i + 1),
                        "front",
                    )
                },
            )
            .with_back(|cr, i, b| {
                piece(
                    cr,
                    (63.0, 88.0),
                    b,
                    Rgb::hex(0xa53b3b),
                    &format!("card {}", i + 1),
                    "back",
                )
            }),
            Component::new(
                "Test counters",
                Kind::Counters,
                (16.0, 16.0),
                counters,
                |cr, i, b| {
                    piece(
                        cr,
                        (16.0, 16.0),
                        b,
                        Rgb::hex(0x4f7d3a),
                        &format!("{}", i + 1),
                        "",
                    )
                },
            )
            .with_back(|cr, i, b| {
                piece(
                    cr,
                    (16.0, 16.0),
                    b,
                    Rgb::hex(0x7d6a3a),
                    &format!("{}b", i + 1),
                    "",
                )
            }),
            Component::new("Test aid", Kind::Aids, (180.0, 120.0), 2, |cr, i, b| {
                piece(
                    cr,
                    (180.0, 120.0),
                    b,
                    Rgb::hex(0xd9d2b6),
                    &format!("aid {}", i + 1),
                    "front",
                )
            }),
            Component::new("Test map", Kind::Map, (500.0, 380.0), 1, |cr, _, b| {
                map(cr, (500.0, 380.0), b)
            }),
        ],
    }
}

/// A coloured piece with a frame at the trim line, a number, a face word and an arrow
/// pointing up, so mirrored or rotated output shows.
fn piece(
    cr: &Context,
    (w, h): (f64, f64),
    bleed: f64,
    colour: Rgb,
    label: &str,
    face: &str,
) -> Result<(), cairo::Error> {
    colour.set(cr);
    cr.rectangle(-bleed, -bleed, w + 2.0 * bleed, h + 2.0 * bleed);
    cr.fill()?;
    Rgb::WHITE.set(cr);
    cr.set_line_width(w.min(h) / 40.0);
    let inset = w.min(h) / 12.0;
    draw::rounded_rect(cr, inset, inset, w - 2.0 * inset, h - 2.0 * inset, inset);
    cr.stroke()?;
    let size = w.min(h) / 5.0;
    draw::text(
        cr,
        w / 2.0,
        h * 0.3,
        label,
        &Font::bold(size),
        Align::Center,
    );
    if !face.is_empty() {
        draw::text(
            cr,
            w / 2.0,
            h * 0.55,
            face,
            &Font::sans(size * 0.7),
            Align::Center,
        );
    }
    // An arrow in the top-left quarter: up and left are visible at once.
    cr.move_to(w * 0.25, h * 0.12);
    cr.line_to(w * 0.17, h * 0.22);
    cr.line_to(w * 0.33, h * 0.22);
    cr.close_path();
    cr.fill()
}

/// A chequered map with a labelled 50 mm grid, so tiles can be matched by eye.
fn map(cr: &Context, (w, h): (f64, f64), bleed: f64) -> Result<(), cairo::Error> {
    Rgb::hex(0xe8e4d0).set(cr);
    cr.rectangle(-bleed, -bleed, w + 2.0 * bleed, h + 2.0 * bleed);
    cr.fill()?;
    let step = 50.0;
    for row in 0..(h / step).ceil() as usize {
        for col in 0..(w / step).ceil() as usize {
            let (x, y) = (col as f64 * step, row as f64 * step);
            if (row + col) % 2 == 0 {
                Rgb::hex(0xa8c69f).set(cr);
                cr.rectangle(x, y, step.min(w - x), step.min(h - y));
                cr.fill()?;
            }
            Rgb::BLACK.set(cr);
            let name = format!("{}{}", (b'A' + row as u8) as char, col + 1);
            draw::text(cr, x + 3.0, y + 3.0, &name, &Font::sans(6.0), Align::Left);
        }
    }
    Rgb::BLACK.set(cr);
    cr.set_line_width(1.0);
    cr.rectangle(0.5, 0.5, w - 1.0, h - 1.0);
    cr.stroke()
}
