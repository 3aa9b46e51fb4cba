//! The Campaign Calendar (digest §11.6): every day of the tours on Yankee Station in rows of
//! eight, so that the Table 28 days (every fourth day) line up in two columns; odd days are
//! the pilot's flying days. Filled, a day shows the mission flown and its points, a bombing
//! halt is shaded and the current day is ringed.

use cairo::Context;

use crate::art::draw::{Align, condensed, fitted_left, rounded_rect, text};
use crate::art::sheet::{INK, MARGIN, PEN, Page, heading, page_frame};
use crate::games::skyhawk::art::{STYLE, palette};
use crate::i18n::gettext;

/// Days in one row of the calendar.
const PER_ROW: usize = 8;

/// One day of a tour.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CalendarDay {
    /// "10 Aug".
    pub date: String,
    /// Day of the tour, 1 = its first date.
    pub day: u32,
    pub flying: bool,
    pub table28: bool,
    /// Filled: the Table 28 result of the day.
    pub table28_result: String,
    /// Filled: a bombing halt covers the day.
    pub halt: bool,
    /// Filled: the mission flown, e.g. "M3 · 45 pts".
    pub mission: String,
    /// Filled: the day the campaign has reached.
    pub today: bool,
    /// Filled with 14.0.2, once the day is over: the maintenance crews' skill level and the
    /// Skyhawks on the repair track at its close.
    pub maintenance: Option<(u8, u8)>,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct CalendarTour {
    pub name: String,
    pub days: Vec<CalendarDay>,
}

/// A Campaign Calendar: the tours with their days (the kit builds them from the campaign
/// file; an empty record prints only the frame).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CalendarRecord {
    pub campaign: String,
    pub tours: Vec<CalendarTour>,
    /// Printed between two tours (the break in Hong Kong).
    pub between: String,
}

/// Draws the calendar on `page` (designed for A4 or Letter portrait).
pub fn draw_calendar(cr: &Context, rec: &CalendarRecord, page: Page) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("CAMPAIGN CALENDAR"))?;
    let (x0, w) = (MARGIN, page.w - 2.0 * MARGIN);
    let mut y = MARGIN + 12.0;
    legend(cr, x0, y)?;
    y += 7.0;
    if rec
        .tours
        .iter()
        .flat_map(|t| &t.days)
        .any(|d| d.maintenance.is_some())
    {
        maintenance_key(cr, x0, y - 2.0)?;
        y += 5.0;
    }
    let rows: usize = rec
        .tours
        .iter()
        .map(|t| t.days.len().div_ceil(PER_ROW))
        .sum();
    let chrome = rec.tours.len() as f64 * 7.0 + if rec.tours.len() > 1 { 8.0 } else { 0.0 };
    let cell_h = ((page.h - MARGIN - y - chrome - 4.0) / rows.max(1) as f64).clamp(8.0, 22.0);
    let cell_w = w / PER_ROW as f64;
    for (t, tour) in rec.tours.iter().enumerate() {
        if t > 0 && !rec.between.is_empty() {
            palette::SHADE.set(cr);
            cr.rectangle(x0, y, w, 6.0);
            cr.fill()?;
            INK.set(cr);
            text(
                cr,
                x0 + w / 2.0,
                y + 1.3,
                &rec.between,
                &condensed(3.0, true),
                Align::Center,
            );
            y += 8.0;
        }
        heading(cr, &STYLE, x0, y, &tour.name);
        y += 6.0;
        for (i, d) in tour.days.iter().enumerate() {
            let (col, row) = (i % PER_ROW, i / PER_ROW);
            day_cell(
                cr,
                d,
                x0 + col as f64 * cell_w,
                y + row as f64 * cell_h,
                cell_w,
                cell_h,
            )?;
        }
        y += tour.days.len().div_ceil(PER_ROW) as f64 * cell_h + 1.0;
    }
    Ok(())
}

/// The key to the marks.
fn legend(cr: &Context, x: f64, y: f64) -> Result<(), cairo::Error> {
    let font = condensed(2.7, false);
    INK.set(cr);
    let mut x = x;
    flying_mark(cr, x, y + 0.2)?;
    x += 4.5
        + text(
            cr,
            x + 4.5,
            y,
            &gettext("flying day (odd days)"),
            &font,
            Align::Left,
        );
    x += 5.0;
    t28_mark(cr, x, y)?;
    INK.set(cr);
    x += 8.0
        + text(
            cr,
            x + 8.0,
            y,
            &gettext("Table 28 roll before anything else"),
            &font,
            Align::Left,
        );
    x += 5.0;
    palette::SHADE.set(cr);
    cr.rectangle(x, y, 3.5, 3.5);
    cr.fill()?;
    INK.set(cr);
    text(
        cr,
        x + 4.5,
        y,
        &gettext("bombing halt: tick the box, no flying"),
        &font,
        Align::Left,
    );
    Ok(())
}

/// The day's maintenance mark from (x, y), the top of its line, at most `max_w` wide: a dot
/// per skill level of the crews, then the Skyhawks under repair; returns its width.
fn maintenance_mark(
    cr: &Context,
    (x, y, max_w): (f64, f64, f64),
    level: u8,
    under_repair: u8,
) -> Result<f64, cairo::Error> {
    const STEP: f64 = 0.85;
    PEN.set(cr);
    for i in 0..level {
        cr.new_sub_path();
        cr.arc(
            x + 0.4 + STEP * f64::from(i),
            y + 1.45,
            0.34,
            0.0,
            std::f64::consts::TAU,
        );
        cr.fill()?;
    }
    let pips = STEP * f64::from(level) + 0.3;
    let count = fitted_left(
        cr,
        x + pips,
        y,
        max_w - pips,
        &under_repair.to_string(),
        condensed(2.6, true),
    );
    INK.set(cr);
    Ok(pips + count)
}

/// The key line of the maintenance marks (14.0.2).
fn maintenance_key(cr: &Context, x: f64, y: f64) -> Result<(), cairo::Error> {
    let sample = maintenance_mark(cr, (x, y, f64::INFINITY), 2, 3)?;
    text(
        cr,
        x + sample + 2.0,
        y,
        &gettext(
            "maintenance (14.0.2): a dot per skill level of the crews, then the Skyhawks still under repair when the day closed",
        ),
        &condensed(2.7, false),
        Align::Left,
    );
    Ok(())
}

fn flying_mark(cr: &Context, x: f64, y: f64) -> Result<(), cairo::Error> {
    palette::NAVY.set(cr);
    cr.move_to(x + 1.6, y);
    cr.line_to(x + 3.2, y + 3.2);
    cr.line_to(x, y + 3.2);
    cr.close_path();
    cr.fill()
}

fn t28_mark(cr: &Context, x: f64, y: f64) -> Result<(), cairo::Error> {
    rounded_rect(cr, x, y, 7.0, 3.4, 0.6);
    palette::NV_RED.set(cr);
    cr.set_line_width(0.3);
    cr.stroke()?;
    text(
        cr,
        x + 3.5,
        y + 0.4,
        "T 28",
        &condensed(2.3, true),
        Align::Center,
    );
    Ok(())
}

fn day_cell(
    cr: &Context,
    d: &CalendarDay,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
) -> Result<(), cairo::Error> {
    if d.halt {
        palette::SHADE.set(cr);
        cr.rectangle(x, y, w, h);
        cr.fill()?;
    }
    INK.set(cr);
    cr.set_line_width(0.25);
    cr.rectangle(x, y, w, h);
    cr.stroke()?;
    text(
        cr,
        x + 1.0,
        y + 0.8,
        &d.date,
        &condensed(2.8, true),
        Align::Left,
    );
    text(
        cr,
        x + w - 1.0,
        y + 0.8,
        &d.day.to_string(),
        &condensed(2.4, false),
        Align::Right,
    );
    if d.flying {
        flying_mark(cr, x + 1.0, y + h - 4.2)?;
    }
    if d.table28 {
        t28_mark(cr, x + w - 8.0, y + h - 4.4)?;
    }
    // The halt tick box.
    INK.set(cr);
    cr.set_line_width(0.2);
    cr.rectangle(x + 5.2, y + h - 4.0, 2.8, 2.8);
    cr.stroke()?;
    if d.halt {
        PEN.set(cr);
        cr.set_line_width(0.5);
        cr.move_to(x + 5.5, y + h - 2.6);
        cr.line_to(x + 6.4, y + h - 1.5);
        cr.line_to(x + 7.8, y + h - 3.8);
        cr.stroke()?;
    }
    if let Some((level, under_repair)) = d.maintenance {
        // After the halt box, clear of the Table 28 mark.
        let right = x + w - if d.table28 { 8.4 } else { 1.0 };
        let at = (x + 8.4, y + h - 4.1, right - x - 8.4);
        maintenance_mark(cr, at, level, under_repair)?;
    }
    if !d.table28_result.is_empty() {
        PEN.set(cr);
        crate::art::draw::fitted_text(
            cr,
            x + w / 2.0,
            y + h - 7.8,
            w - 2.0,
            &d.table28_result,
            2.5,
            false,
        );
    }
    if !d.mission.is_empty() {
        PEN.set(cr);
        crate::art::draw::fitted_text(
            cr,
            x + w / 2.0,
            y + h / 2.0 - 1.8,
            w - 2.0,
            &d.mission,
            2.8,
            false,
        );
    }
    if d.today {
        PEN.set(cr);
        cr.set_line_width(0.8);
        rounded_rect(cr, x + 0.6, y + 0.6, w - 1.2, h - 1.2, 1.2);
        cr.stroke()?;
    }
    INK.set(cr);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::rendered;
    use super::*;
    use crate::art::testutil::inked;

    fn tour(filled: bool) -> CalendarRecord {
        let days = (1..=31)
            .map(|day| CalendarDay {
                date: format!("{} Aug", day + 9),
                day,
                flying: day % 2 == 1,
                table28: day % 4 == 0,
                table28_result: if filled && day == 8 {
                    "Bombing halt".into()
                } else {
                    String::new()
                },
                halt: filled && (8..=12).contains(&day),
                mission: if filled && day == 1 {
                    "M1 · 40 pts".into()
                } else {
                    String::new()
                },
                today: filled && day == 13,
                maintenance: (filled && day < 13).then_some((1 + (day / 5) as u8, day as u8)),
            })
            .collect();
        CalendarRecord {
            campaign: String::new(),
            tours: vec![CalendarTour {
                name: "First tour".into(),
                days,
            }],
            between: String::new(),
        }
    }

    #[test]
    fn filled_days_show_missions_and_halts() {
        let page = Page { w: 190.0, h: 248.0 };
        let mut blank = rendered(page, |cr| draw_calendar(cr, &tour(false), page));
        let mut filled = rendered(page, |cr| draw_calendar(cr, &tour(true), page));
        // Day 1's middle: the mission written in.
        let cell_w = (page.w - 2.0 * MARGIN) / 8.0;
        let top = MARGIN + 12.0 + 7.0 + 6.0;
        let probe =
            |s: &mut cairo::ImageSurface| inked(s, MARGIN + 1.0, top + 5.0, cell_w - 2.0, 6.0);
        assert!(probe(&mut filled) > probe(&mut blank) + 50);
        // Day 9 (second row, first column) is shaded by the halt.
        assert!(
            inked(&mut filled, MARGIN + 2.0, top + 30.0, 4.0, 3.0)
                > inked(&mut blank, MARGIN + 2.0, top + 30.0, 4.0, 3.0)
        );
    }

    #[test]
    fn a_closed_day_carries_its_maintenance_mark_and_the_sheet_its_key() {
        let page = Page { w: 190.0, h: 248.0 };
        let mut rec = tour(false);
        let mut plain = rendered(page, |cr| draw_calendar(cr, &rec, page));
        rec.tours[0].days[0].maintenance = Some((2, 3));
        let mut marked = rendered(page, |cr| draw_calendar(cr, &rec, page));
        // The key line under the legend.
        let key = |s: &mut cairo::ImageSurface| inked(s, MARGIN, MARGIN + 17.0, 80.0, 3.5);
        assert!(key(&mut marked) > key(&mut plain) + 200);
        // Day 1's mark after its halt box (the key pushes the days 5 mm down); day 2 has none.
        let cell_w = (page.w - 2.0 * MARGIN) / 8.0;
        let bottom = MARGIN + 12.0 + 7.0 + 5.0 + 6.0 + 22.0;
        let mark = |s: &mut cairo::ImageSurface, col: f64| {
            inked(s, MARGIN + col * cell_w + 8.4, bottom - 4.0, 4.0, 3.0)
        };
        assert!(mark(&mut marked, 0.0) > mark(&mut marked, 1.0) + 30);
    }
}
