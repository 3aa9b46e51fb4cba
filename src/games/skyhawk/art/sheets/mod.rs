//! The record sheets of the game (rules digest §11.2–11.7), each drawn on a page of any size
//! in millimetres, blank or filled from a record. Records are plain data whose `Default` is
//! the blank sheet; empty fields stay blank, filled ones are written in pen blue.

pub mod awards;
pub mod calendar;
pub mod campaign;
pub mod division;
pub mod gazetteer;
pub mod ordnance;
pub mod roster;

pub use awards::{AwardsRecord, draw_awards};
pub use calendar::{CalendarDay, CalendarRecord, CalendarTour, draw_calendar};
pub use campaign::{CampaignRecord, MissionRow, TourRow, campaign_pages, draw_campaign_record};
pub use division::{DivisionRecord, PositionRow, draw_division};
pub use gazetteer::{draw_gazetteer, gazetteer_line, gazetteer_pages};
pub use ordnance::{OrdnanceRecord, StationLoad, draw_ordnance_card};
pub use roster::{RosterRecord, RosterRow, draw_roster};

use cairo::Context;

use crate::art::draw::{Align, Font, condensed, paragraph, text};
use crate::art::sheet::{INK, PEN};

/// `Some` for a filled field, `None` for an empty one.
pub(crate) fn opt(s: &str) -> Option<&str> {
    (!s.is_empty()).then_some(s)
}

/// A row of `n` small boxes from (x, y), the first `filled` of them ticked; returns the width.
pub(crate) fn boxes(
    cr: &Context,
    x: f64,
    y: f64,
    n: usize,
    filled: usize,
    size: f64,
) -> Result<f64, cairo::Error> {
    let step = size + 0.8;
    for i in 0..n {
        let bx = x + step * i as f64;
        INK.set(cr);
        cr.set_line_width(0.25);
        cr.rectangle(bx, y, size, size);
        cr.stroke()?;
        if i < filled {
            PEN.set(cr);
            cr.set_line_width(0.5);
            cr.move_to(bx + 0.4, y + 0.4);
            cr.line_to(bx + size - 0.4, y + size - 0.4);
            cr.move_to(bx + size - 0.4, y + 0.4);
            cr.line_to(bx + 0.4, y + size - 0.4);
            cr.stroke()?;
        }
    }
    INK.set(cr);
    Ok(step * n as f64)
}

/// Short printed notes under a sheet, in small type, from (x, y) and `w` wide; returns the
/// height used.
pub(crate) fn notes(cr: &Context, x: f64, y: f64, w: f64, lines: &[String]) -> f64 {
    INK.set(cr);
    let mut h = 0.0;
    for l in lines {
        h += paragraph(cr, x, y + h, w, l, &Font::sans(2.5), Align::Left) + 0.5;
    }
    h
}

/// A label in bold condensed type; returns its width.
pub(crate) fn label(cr: &Context, x: f64, y: f64, s: &str) -> f64 {
    INK.set(cr);
    text(cr, x, y, s, &condensed(3.0, true), Align::Left)
}

/// A value written in pen, left-aligned; nothing when empty.
pub(crate) fn pen(cr: &Context, x: f64, y: f64, s: &str, size: f64) {
    if s.is_empty() {
        return;
    }
    PEN.set(cr);
    text(cr, x, y, s, &condensed(size, false), Align::Left);
    INK.set(cr);
}

/// Height of the header row of [`Table`] grids.
pub(crate) const HEAD_H: f64 = 8.0;

/// A sheet drawn on a white test surface of `page` size, in millimetres.
#[cfg(test)]
pub(crate) fn rendered(
    page: crate::art::sheet::Page,
    draw: impl FnOnce(&Context) -> Result<(), cairo::Error>,
) -> cairo::ImageSurface {
    let (surface, cr) = crate::art::testutil::surface(page.w, page.h);
    draw(&cr).unwrap();
    surface
}
