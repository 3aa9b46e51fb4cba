//! What the printed sheets of the kit (the Base Mat, the Playbook, the Emergency Procedures
//! pamphlet) share: their colours, a label with its note beside it, and the marks of a fold.

use cairo::Context;

use crate::art::draw::{Align, Font, Rgb, fit_paragraph_font, fitted_left, paragraph};

/// The kit's olive green of headings and bands.
pub const GREEN: u32 = 0x33402A;
/// The ink of running text.
pub const INK: u32 = 0x222222;
/// The grey of page numbers, running heads and legends.
pub const GREY: u32 = 0x6D6A5C;

/// A context to measure text with (and to draw what is only measured).
pub fn scratch() -> Result<Context, cairo::Error> {
    let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 1, 1)?;
    Context::new(&surface)
}

/// How a label and its note are set: the label's bold size, the note's size and the most
/// height the note may take (its type shrinks to keep within it, not below 2.4 mm).
#[derive(Clone, Copy, Debug)]
pub struct NoteStyle {
    pub label: f64,
    pub note: f64,
    pub max_h: f64,
}

/// A label in bold green at (x, y) and its note wrapped beside it in ink, within `w`. The
/// label takes `column` mm when given (a column of labels, their notes aligned), or else its
/// own width, at most a quarter of `w`, and 4 mm of space. Returns the note's height.
#[allow(clippy::too_many_arguments)]
pub fn labelled(
    cr: &Context,
    x: f64,
    y: f64,
    w: f64,
    column: Option<f64>,
    label: &str,
    note: &str,
    style: NoteStyle,
) -> f64 {
    Rgb::hex(GREEN).set(cr);
    let nx = match column {
        Some(c) => {
            fitted_left(cr, x, y, c - 1.5, label, Font::bold(style.label));
            x + c
        }
        None => x + fitted_left(cr, x, y, w * 0.25, label, Font::bold(style.label)) + 4.0,
    };
    let nw = x + w - nx;
    let font = fit_paragraph_font(cr, note, Font::sans(style.note), nw, style.max_h, 2.4);
    Rgb::hex(INK).set(cr);
    // The note's first line sits on the label's line.
    let dy = (style.label - style.note).max(0.0) * 0.25;
    paragraph(cr, nx, y + dy, nw, note, &font, Align::Left)
}

/// Where a sheet `h` mm tall is to be folded: short dashed marks at the top and bottom edges
/// at each `x`.
pub fn fold_marks(cr: &Context, xs: &[f64], h: f64) -> Result<(), cairo::Error> {
    Rgb::hex(0x9E9E9E).set(cr);
    cr.set_line_width(0.2);
    cr.set_dash(&[1.5, 1.0], 0.0);
    for x in xs {
        for (y0, y1) in [(0.0, 5.0), (h - 5.0, h)] {
            cr.move_to(*x, y0);
            cr.line_to(*x, y1);
        }
    }
    cr.stroke()?;
    cr.set_dash(&[], 0.0);
    Ok(())
}
