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
pub mod map;
pub mod painter;
pub mod records;
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

use crate::art::draw::Rgb;

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

pub(crate) use crate::art::draw::{condensed, fit_font, fitted_left, fitted_text};

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

#[cfg(test)]
pub(crate) use crate::art::testutil;
