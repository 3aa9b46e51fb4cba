//! Art of "That Others May Live" (game id `csar`), drawn at real size in millimetres.
//!
//! Every function here draws in millimetres on the context it is given: the game window scales
//! its drawing area (see [`crate::art::board::fit`]), print-and-play export draws on a PDF/SVG
//! surface scaled to millimetres. What to draw is described by small plain-data view models
//! ([`CounterFace`], [`CardFace`], [`MapScene`], the sheet records) that the caller fills from
//! the rules state; nothing here reads the rules state itself.
//!
//! Sizes (rules digest §10, G-23): unit counters 19 mm, small markers 16 mm, cards 63.5 × 88.9 mm
//! with a 3 mm corner radius, the map sheet 594 × 420 mm (two A3 sheets).

pub mod board;
pub mod card;
pub mod counter;
pub mod faces;
pub mod icons;
pub mod kit;
pub mod map;
pub mod painter;
pub mod samples;
pub mod scene;
pub mod sheets;

pub use card::{
    CARD_H, CARD_RADIUS, CARD_W, CardBody, CardDeck, CardFace, EventDuration, ResultSymbol,
    draw_card_back, draw_card_front,
};
pub use counter::{
    AircraftSide, CounterFace, CrewRole, Firepower, MarkerValue, OrdnanceKind, TrackKind,
    ZoneMarkerKind, draw_counter,
};
pub use icons::AircraftKind;
pub use map::{
    AssignedCard, Drawable, MapLayout, MapScene, Piece, ZoneId, ZoneScene, draw_map, hit_test,
};
pub use painter::{MapPainter, paint_in_view, target_in_view};

use super::draw::Rgb;

/// The printed palette: NATO-like blue for US aircraft, red for the enemy, sand for
/// information markers, green for terrain.
pub mod palette {
    use super::Rgb;

    pub const INK: Rgb = Rgb(0.11, 0.12, 0.14);
    pub const PAPER: Rgb = Rgb(0.98, 0.97, 0.94);
    pub const FRIENDLY: Rgb = Rgb(0.62, 0.80, 0.93);
    pub const FRIENDLY_DARK: Rgb = Rgb(0.10, 0.27, 0.50);
    pub const FAST_MOVER: Rgb = Rgb(0.72, 0.76, 0.84);
    pub const CREW: Rgb = Rgb(0.86, 0.90, 0.98);
    pub const ENEMY: Rgb = Rgb(0.93, 0.55, 0.50);
    pub const ENEMY_DARK: Rgb = Rgb(0.55, 0.10, 0.08);
    pub const SUPPRESSED: Rgb = Rgb(0.72, 0.70, 0.68);
    pub const SURVIVOR: Rgb = Rgb(0.99, 0.76, 0.30);
    pub const MARKER: Rgb = Rgb(0.90, 0.85, 0.70);
    pub const ORDNANCE: Rgb = Rgb(0.98, 0.90, 0.45);
    pub const TERRAIN: Rgb = Rgb(0.66, 0.80, 0.58);
    pub const TERRAIN_DARK: Rgb = Rgb(0.18, 0.36, 0.16);
    pub const SHAKEN: Rgb = Rgb(0.80, 0.12, 0.10);
    pub const COOL: Rgb = Rgb(0.12, 0.42, 0.22);
    pub const HIDDEN: Rgb = Rgb(0.25, 0.27, 0.24);
    pub const AIRCRAFT_BANNER: Rgb = Rgb(0.72, 0.12, 0.10);
    pub const COMMAND_BANNER: Rgb = Rgb(0.12, 0.30, 0.62);
    pub const EVENT_BANNER: Rgb = Rgb(0.35, 0.30, 0.22);
    pub const PILOT_BANNER: Rgb = Rgb(0.20, 0.42, 0.40);
    pub const ACCENT: Rgb = Rgb(1.0, 0.58, 0.0);
    pub const HOVER: Rgb = Rgb(0.0, 0.55, 1.0);
}

/// Condensed sans for the tight spaces of counters and boxes (falls back to plain sans).
pub(crate) const CONDENSED: &str = "DejaVu Sans Condensed, Sans";

/// A font of the condensed family.
pub(crate) fn condensed(size: f64, bold: bool) -> super::draw::Font<'static> {
    super::draw::Font {
        family: CONDENSED,
        size,
        bold,
    }
}

/// Fills and strokes the current path.
pub(crate) fn fill_stroke(
    cr: &cairo::Context,
    fill: Rgb,
    line: Rgb,
    width: f64,
) -> Result<(), cairo::Error> {
    fill.set(cr);
    cr.fill_preserve()?;
    line.set(cr);
    cr.set_line_width(width);
    cr.stroke()
}

/// `font` made smaller, if needed, so that one line of `s` is at most `max_w` wide. Words are
/// printed in the player's language and German ones are longer: every label in a box goes
/// through here.
pub(crate) fn fit_font<'a>(
    cr: &cairo::Context,
    s: &str,
    font: super::draw::Font<'a>,
    max_w: f64,
) -> super::draw::Font<'a> {
    let mut font = font;
    // Text width is nearly proportional to the size; a second pass absorbs what is not.
    for _ in 0..3 {
        let (w, _) = super::draw::measure(cr, s, &font, None);
        if w <= max_w || w <= 0.0 || max_w <= 0.0 {
            break;
        }
        font.size *= max_w / w * 0.995;
    }
    font
}

/// Draws one line of text shrunk (if needed) to fit `max_w`, top at `y`, centred on `cx`.
pub(crate) fn fitted_text(
    cr: &cairo::Context,
    cx: f64,
    y: f64,
    max_w: f64,
    s: &str,
    size: f64,
    bold: bool,
) {
    let font = fit_font(cr, s, condensed(size, bold), max_w);
    super::draw::text(cr, cx, y, s, &font, super::draw::Align::Center);
}

/// Draws one line of text from `x` (left-aligned), shrunk to fit `max_w`; returns its width.
pub(crate) fn fitted_left(
    cr: &cairo::Context,
    x: f64,
    y: f64,
    max_w: f64,
    s: &str,
    font: super::draw::Font,
) -> f64 {
    let font = fit_font(cr, s, font, max_w);
    super::draw::text(cr, x, y, s, &font, super::draw::Align::Left)
}

#[cfg(test)]
pub(crate) mod testutil {
    //! Rendering helpers for the tests: a white surface in millimetres and pixel probes.

    /// Pixels per millimetre of the test surfaces.
    pub const PX: f64 = 8.0;

    /// A white image surface `w_mm × h_mm` and a context scaled to millimetres.
    pub fn surface(w_mm: f64, h_mm: f64) -> (cairo::ImageSurface, cairo::Context) {
        let s = cairo::ImageSurface::create(
            cairo::Format::Rgb24,
            (w_mm * PX).ceil() as i32,
            (h_mm * PX).ceil() as i32,
        )
        .unwrap();
        let cr = cairo::Context::new(&s).unwrap();
        cr.set_source_rgb(1.0, 1.0, 1.0);
        cr.paint().unwrap();
        cr.scale(PX, PX);
        (s, cr)
    }

    /// Number of non-white pixels inside the millimetre rectangle (x, y, w, h).
    pub fn inked(s: &mut cairo::ImageSurface, x: f64, y: f64, w: f64, h: f64) -> usize {
        s.flush();
        let stride = s.stride() as usize;
        let (sw, sh) = (s.width() as usize, s.height() as usize);
        let data = s.data().unwrap();
        let x0 = ((x * PX).max(0.0) as usize).min(sw);
        let y0 = ((y * PX).max(0.0) as usize).min(sh);
        let x1 = (((x + w) * PX).max(0.0).ceil() as usize).min(sw);
        let y1 = (((y + h) * PX).max(0.0).ceil() as usize).min(sh);
        let mut n = 0;
        for row in y0..y1 {
            for col in x0..x1 {
                let p = &data[row * stride + col * 4..row * stride + col * 4 + 3];
                if p.iter().any(|&c| c < 250) {
                    n += 1;
                }
            }
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::testutil::{inked, surface};
    use super::*;
    use crate::art::draw::{Align, measure, text};

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
        palette::INK.set(&cr);
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
        palette::INK.set(&cr);
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
}
