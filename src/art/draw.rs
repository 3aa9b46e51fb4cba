//! Small drawing helpers shared by every game's art.

use cairo::Context;
use pangocairo::pango;

/// An RGB colour with components 0–1.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rgb(pub f64, pub f64, pub f64);

impl Rgb {
    pub const BLACK: Rgb = Rgb(0.0, 0.0, 0.0);
    pub const WHITE: Rgb = Rgb(1.0, 1.0, 1.0);

    pub fn hex(v: u32) -> Rgb {
        Rgb(
            f64::from((v >> 16) & 0xff) / 255.0,
            f64::from((v >> 8) & 0xff) / 255.0,
            f64::from(v & 0xff) / 255.0,
        )
    }

    pub fn set(self, cr: &Context) {
        cr.set_source_rgb(self.0, self.1, self.2);
    }

    pub fn with_alpha(self, cr: &Context, a: f64) {
        cr.set_source_rgba(self.0, self.1, self.2, a);
    }
}

/// Adds a rounded rectangle path.
pub fn rounded_rect(cr: &Context, x: f64, y: f64, w: f64, h: f64, r: f64) {
    let r = r.min(w / 2.0).min(h / 2.0);
    use std::f64::consts::PI;
    cr.new_sub_path();
    cr.arc(x + w - r, y + r, r, -PI / 2.0, 0.0);
    cr.arc(x + w - r, y + h - r, r, 0.0, PI / 2.0);
    cr.arc(x + r, y + h - r, r, PI / 2.0, PI);
    cr.arc(x + r, y + r, r, PI, 1.5 * PI);
    cr.close_path();
}

/// Adds a star path centred on (cx, cy): `points` tips at `r_out` with the notches between them
/// at `r_in`, the first tip straight up, then the whole turned clockwise by `turn` radians.
pub fn star(cr: &Context, cx: f64, cy: f64, points: usize, (r_out, r_in): (f64, f64), turn: f64) {
    use std::f64::consts::PI;
    for i in 0..2 * points {
        let r = if i % 2 == 0 { r_out } else { r_in };
        let a = turn + PI * i as f64 / points as f64 - PI / 2.0;
        let (x, y) = (cx + r * a.cos(), cy + r * a.sin());
        if i == 0 {
            cr.move_to(x, y);
        } else {
            cr.line_to(x, y);
        }
    }
    cr.close_path();
}

/// Adds a flat-topped hexagon path centred on (cx, cy), its corners `r` from the centre, the
/// first corner straight to the right.
pub fn hexagon(cr: &Context, cx: f64, cy: f64, r: f64) {
    use std::f64::consts::TAU;
    for k in 0..6 {
        let a = f64::from(k) * TAU / 6.0;
        let (x, y) = (cx + r * a.cos(), cy + r * a.sin());
        if k == 0 {
            cr.move_to(x, y);
        } else {
            cr.line_to(x, y);
        }
    }
    cr.close_path();
}

/// Where text sits relative to the point given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Center,
    Right,
}

/// Text style: a Pango font description ("Sans Bold") and a size in the context's units.
#[derive(Clone, Debug, PartialEq)]
pub struct Font<'a> {
    pub family: &'a str,
    pub size: f64,
    pub bold: bool,
}

impl<'a> Font<'a> {
    pub fn sans(size: f64) -> Self {
        Font {
            family: "Sans",
            size,
            bold: false,
        }
    }
    pub fn bold(size: f64) -> Self {
        Font {
            family: "Sans",
            size,
            bold: true,
        }
    }
}

/// The layout of `text` in `font` (wrapped at `width`, lines aligned by `alignment`) for
/// `cr`, laid out once and then kept (see [`super::layouts`]).
fn layout(
    cr: &Context,
    text: &str,
    font: &Font,
    width: Option<f64>,
    alignment: pango::Alignment,
) -> pango::Layout {
    super::layouts::cached(
        cr,
        text,
        (font.family, font.size, font.bold),
        width,
        alignment,
        || {
            let layout = new_layout(cr, text, font, width);
            layout.set_alignment(alignment);
            layout
        },
    )
}

fn new_layout(cr: &Context, text: &str, font: &Font, width: Option<f64>) -> pango::Layout {
    let layout = pangocairo::functions::create_layout(cr);
    // Sizes are in millimetres: Pango must not round line heights, advances and glyph
    // positions to whole units, which it does in user space when hinting.
    let context = layout.context();
    context.set_round_glyph_positions(false);
    if let Ok(mut options) = cairo::FontOptions::new() {
        options.set_hint_metrics(cairo::HintMetrics::Off);
        options.set_hint_style(cairo::HintStyle::None);
        pangocairo::functions::context_set_font_options(&context, Some(&options));
    }
    layout.context_changed();
    let mut desc = pango::FontDescription::new();
    desc.set_family(font.family);
    desc.set_weight(if font.bold {
        pango::Weight::Bold
    } else {
        pango::Weight::Normal
    });
    // Sizes are in user units: absolute size keeps them independent of the surface's DPI.
    desc.set_absolute_size(font.size * f64::from(pango::SCALE));
    layout.set_font_description(Some(&desc));
    if let Some(w) = width {
        layout.set_width((w * f64::from(pango::SCALE)) as i32);
        layout.set_wrap(pango::WrapMode::WordChar);
    }
    layout.set_text(text);
    layout
}

/// Draws one line of text with its top at `y`; returns its width.
pub fn text(cr: &Context, x: f64, y: f64, s: &str, font: &Font, align: Align) -> f64 {
    let layout = layout(cr, s, font, None, pango::Alignment::Left);
    let (_, logical) = layout.extents();
    let w = f64::from(logical.width()) / f64::from(pango::SCALE);
    let dx = match align {
        Align::Left => 0.0,
        Align::Center => -w / 2.0,
        Align::Right => -w,
    };
    cr.move_to(x + dx, y);
    pangocairo::functions::show_layout(cr, &layout);
    w
}

/// Draws text wrapped to `width`, top-left at (x, y); returns the height used.
pub fn paragraph(
    cr: &Context,
    x: f64,
    y: f64,
    width: f64,
    s: &str,
    font: &Font,
    align: Align,
) -> f64 {
    let alignment = match align {
        Align::Left => pango::Alignment::Left,
        Align::Center => pango::Alignment::Center,
        Align::Right => pango::Alignment::Right,
    };
    let layout = layout(cr, s, font, Some(width), alignment);
    cr.move_to(x, y);
    pangocairo::functions::show_layout(cr, &layout);
    let (_, logical) = layout.extents();
    f64::from(logical.height()) / f64::from(pango::SCALE)
}

/// The size (width, height) text would take.
pub fn measure(cr: &Context, s: &str, font: &Font, width: Option<f64>) -> (f64, f64) {
    let layout = layout(cr, s, font, width, pango::Alignment::Left);
    let (_, logical) = layout.extents();
    (
        f64::from(logical.width()) / f64::from(pango::SCALE),
        f64::from(logical.height()) / f64::from(pango::SCALE),
    )
}

/// Condensed sans for the tight spaces of counters, boxes and forms (falls back to plain sans).
pub const CONDENSED: &str = "DejaVu Sans Condensed, Sans";

/// A font of the condensed family.
pub fn condensed(size: f64, bold: bool) -> Font<'static> {
    Font {
        family: CONDENSED,
        size,
        bold,
    }
}

/// Draws one line of text shrunk (if needed) to fit `max_w`, top at `y`, centred on `cx`.
pub fn fitted_text(cr: &Context, cx: f64, y: f64, max_w: f64, s: &str, size: f64, bold: bool) {
    let font = fit_font(cr, s, condensed(size, bold), max_w);
    text(cr, cx, y, s, &font, Align::Center);
}

/// `font` made smaller, if needed, so that one line of `s` is at most `max_w` wide. Words are
/// printed in the player's language and German ones are longer: every label in a box goes
/// through here.
pub fn fit_font<'a>(cr: &Context, s: &str, font: Font<'a>, max_w: f64) -> Font<'a> {
    let nominal = font.size;
    let mut font = font;
    // Text width is nearly proportional to the size; a second pass absorbs what is not.
    for _ in 0..3 {
        let (w, _) = measure(cr, s, &font, None);
        if w <= max_w || w <= 0.0 || max_w <= 0.0 {
            break;
        }
        font.size *= max_w / w * 0.995;
    }
    fits::note(s, nominal, font.size);
    font
}

/// `font` made smaller, in steps of 0.1, until `s` wrapped at `width` is at most `max_h` tall
/// and its longest word fits the width whole (Pango would break it mid-word), but not below
/// `min_size` (a title on two lines, a reminder in a band).
pub fn fit_paragraph_font<'a>(
    cr: &Context,
    s: &str,
    font: Font<'a>,
    width: f64,
    max_h: f64,
    min_size: f64,
) -> Font<'a> {
    let nominal = font.size;
    let mut font = font;
    let too_big = |font: &Font| {
        measure(cr, s, font, Some(width)).1 > max_h
            || s.split_whitespace()
                .any(|word| measure(cr, word, font, None).0 > width)
    };
    while font.size > min_size && too_big(&font) {
        font.size = (font.size - 0.1).max(min_size);
    }
    fits::note(s, nominal, font.size);
    font
}

/// What the fitting above did, recorded on request: the check that translated words still fit
/// their counters at a readable size (`tests/text_fit.rs`) draws the kits with recording on,
/// in each language, and compares each label with the English one in its place.
pub mod fits {
    use std::cell::RefCell;

    /// One label fitted to its box: its nominal size and the size it is drawn at (mm).
    #[derive(Clone, Debug, PartialEq)]
    pub struct Fitted {
        pub text: String,
        pub nominal: f64,
        pub size: f64,
    }

    thread_local! {
        static RECORDING: RefCell<Option<Vec<Fitted>>> = const { RefCell::new(None) };
    }

    /// Runs `draw`, returning every label it fitted on this thread, in drawing order.
    pub fn recorded<R>(draw: impl FnOnce() -> R) -> (R, Vec<Fitted>) {
        let outer = RECORDING.with(|r| r.replace(Some(Vec::new())));
        let result = draw();
        let fitted = RECORDING.with(|r| r.replace(outer)).unwrap_or_default();
        (result, fitted)
    }

    pub(super) fn note(text: &str, nominal: f64, size: f64) {
        RECORDING.with(|r| {
            if let Some(list) = r.borrow_mut().as_mut() {
                list.push(Fitted {
                    text: text.to_owned(),
                    nominal,
                    size,
                });
            }
        });
    }
}

/// Draws one line of text from `x` (left-aligned), shrunk to fit `max_w`; returns its width.
pub fn fitted_left(cr: &Context, x: f64, y: f64, max_w: f64, s: &str, font: Font) -> f64 {
    let font = fit_font(cr, s, font, max_w);
    text(cr, x, y, s, &font, Align::Left)
}

#[cfg(test)]
mod tests {
    use crate::art::testutil::{inked, surface};
    /// German words run a third longer than English ones, and some much longer.
    const GERMAN_LIKE: &str = "UMLAUFBAHNFELD FÜR FLUGZEUGE IN WARTESCHLEIFE";

    #[test]
    fn a_long_label_is_shrunk_to_its_box() {
        let (_s, cr) = surface(80.0, 20.0);
        let wide = condensed(4.2, true);
        let (natural, _) = measure(&cr, GERMAN_LIKE, &wide, None);
        assert!(natural > 40.0, "the sample must overflow: {natural}");
        let fitted = fit_font(&cr, GERMAN_LIKE, wide.clone(), 40.0);
        let (w, _) = measure(&cr, GERMAN_LIKE, &fitted, None);
        assert!(w <= 40.0, "{w} mm is wider than the 40 mm box");
        assert!(w > 38.0, "shrunk further than needed: {w} mm");
        // A short word keeps its size.
        assert_eq!(fit_font(&cr, "HAND", wide.clone(), 40.0), wide);
    }

    #[test]
    fn a_fitted_label_inks_only_its_box() {
        let (mut s, cr) = surface(80.0, 20.0);
        cr.set_source_rgb(0.0, 0.0, 0.0);
        let w = fitted_left(&cr, 10.0, 5.0, 40.0, GERMAN_LIKE, condensed(4.2, true));
        drop(cr);
        assert!(w <= 40.0);
        assert!(inked(&mut s, 10.0, 4.0, 40.0, 8.0) > 0);
        assert_eq!(
            inked(&mut s, 50.5, 0.0, 29.5, 20.0),
            0,
            "ink right of the box"
        );
        // Unfitted, the same words run past it.
        let (mut s, cr) = surface(80.0, 20.0);
        cr.set_source_rgb(0.0, 0.0, 0.0);
        text(
            &cr,
            10.0,
            5.0,
            GERMAN_LIKE,
            &condensed(4.2, true),
            Align::Left,
        );
        drop(cr);
        assert!(inked(&mut s, 50.5, 0.0, 29.5, 20.0) > 0);
    }

    use super::*;

    #[test]
    fn hex_colours() {
        assert_eq!(Rgb::hex(0xff0000), Rgb(1.0, 0.0, 0.0));
    }

    #[test]
    fn text_measures_and_wraps() {
        let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 200, 200).unwrap();
        let cr = Context::new(&surface).unwrap();
        let (w1, h1) = measure(&cr, "Sandy", &Font::sans(10.0), None);
        assert!(w1 > 10.0 && h1 > 8.0);
        let (_, h2) = measure(
            &cr,
            "a long line of card text that must wrap",
            &Font::sans(10.0),
            Some(60.0),
        );
        assert!(h2 > 2.0 * h1, "wrapped text is taller");
        let used = paragraph(
            &cr,
            0.0,
            0.0,
            60.0,
            "x y z",
            &Font::sans(10.0),
            Align::Center,
        );
        assert!(used > 0.0);
    }
}
