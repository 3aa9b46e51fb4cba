//! The Operations Map: the chart of the area of operations with the base, the white
//! waypoints and yellow target points, the mission's route (the legs flown drawn solid, the
//! rest dashed) and the flight counter where the flight is.

use std::f64::consts::TAU;

use cairo::Context;

use crate::art::draw::{Align, Font, Rgb, fitted_left, fitted_text, rounded_rect, text};
use crate::engine::message::msg;
use crate::games::chopper_pilot::rules::ChopperPilot;
use crate::games::chopper_pilot::rules::content::OpsMap;
use crate::i18n::gettext;

/// The printed sheet, in inches.
pub const SHEET: (f64, f64) = (17.0, 11.0);
const TITLE: f64 = 8.0;

/// Where the sheet lies in an area of `w × h` mm: (mm per inch, x, y).
fn placement(w: f64, h: f64) -> (f64, f64, f64) {
    let s = (w / SHEET.0).min((h - TITLE) / SHEET.1);
    (
        s,
        (w - SHEET.0 * s) / 2.0,
        TITLE + (h - TITLE - SHEET.1 * s) / 2.0,
    )
}

pub fn draw(cr: &Context, g: &ChopperPilot, w: f64, h: f64) -> Result<(), cairo::Error> {
    Rgb::hex(0x23313F).set(cr);
    cr.rectangle(0.0, 0.0, w, h);
    cr.fill()?;
    let Some(map) = g.ops_map() else {
        return Ok(());
    };
    Rgb::WHITE.set(cr);
    fitted_left(cr, 3.0, 1.5, w - 6.0, &gettext(&map.title), Font::bold(4.2));
    let (s, ox, oy) = placement(w, h);
    let at = |p: [f64; 2]| (ox + p[0] * s, oy + p[1] * s);
    draw_chart(cr, map, ox, oy, s)?;
    // The route: flown legs solid, the rest dashed; on the way home the legs back are drawn
    // over the way out.
    let m = g.mission();
    let points: Vec<(f64, f64)> = m
        .route
        .iter()
        .filter_map(|p| g.route_point(p).map(at))
        .collect();
    let (reached, home) = g.flight_at().unwrap_or((0, false));
    cr.set_line_width(1.1);
    cr.set_line_cap(cairo::LineCap::Round);
    for (i, pair) in points.windows(2).enumerate() {
        let flown = home || i < reached;
        Rgb::hex(if flown { 0xFF7043 } else { 0xFFFFFF }).set(cr);
        if flown {
            cr.set_dash(&[], 0.0);
        } else {
            cr.set_dash(&[2.0, 1.6], 0.0);
        }
        cr.move_to(pair[0].0, pair[0].1);
        cr.line_to(pair[1].0, pair[1].1);
        cr.stroke()?;
    }
    cr.set_dash(&[], 0.0);
    if home {
        Rgb::hex(0x64DD17).set(cr);
        cr.set_line_width(0.6);
        for (i, pair) in points.windows(2).enumerate() {
            if i >= reached {
                cr.move_to(pair[0].0, pair[0].1);
                cr.line_to(pair[1].0, pair[1].1);
            }
        }
        cr.stroke()?;
    }
    // What happens at each point of the route.
    let notes = [(1, gettext("Enroute card")), (2, gettext("Ground fire"))];
    for (i, note) in notes {
        if let Some(&(x, y)) = points.get(i).filter(|_| i + 1 < points.len()) {
            Rgb::hex(0xFFF59D).set(cr);
            text(cr, x + 3.2, y + 1.0, &note, &Font::sans(3.4), Align::Left);
        }
    }
    if let Some(&(x, y)) = points.last() {
        Rgb::hex(0xFFF59D).set(cr);
        text(
            cr,
            x + 3.2,
            y + 1.0,
            &gettext("Weather"),
            &Font::sans(3.4),
            Align::Left,
        );
    }
    // The flight counter.
    if let Some(&(x, y)) = points.get(reached.min(points.len().saturating_sub(1))) {
        rounded_rect(cr, x - 4.0, y - 4.0, 8.0, 8.0, 1.0);
        Rgb::hex(0x4E5B31).set(cr);
        cr.fill_preserve()?;
        Rgb::hex(0xFFD600).set(cr);
        cr.set_line_width(0.6);
        cr.stroke()?;
        Rgb::WHITE.set(cr);
        fitted_text(cr, x, y - 3.4, 7.0, &gettext("FLIGHT"), 1.9, true);
        fitted_text(cr, x, y - 0.8, 7.0, &m.flight.len().to_string(), 3.6, true);
    }
    // Weather and the mission's number at the foot.
    let weather = m
        .weather
        .as_deref()
        .map(|w| {
            msg("Weather: {weather}")
                .term("weather", w.to_owned())
                .render()
        })
        .unwrap_or_default();
    let foot = format!(
        "{}   {}",
        msg("Mission {number}").arg("number", m.number).render(),
        weather
    );
    Rgb::WHITE.set(cr);
    fitted_left(cr, 3.0, h - 5.5, w - 6.0, &foot, Font::sans(3.2));
    Ok(())
}

/// The chart: a pale sheet with rivers and ridges suggested, the base and every point; `s`
/// millimetres to the inch from (`ox`, `oy`).
pub fn draw_chart(
    cr: &Context,
    map: &OpsMap,
    ox: f64,
    oy: f64,
    s: f64,
) -> Result<(), cairo::Error> {
    cr.rectangle(ox, oy, SHEET.0 * s, SHEET.1 * s);
    Rgb::hex(0x9DB58A).set(cr);
    cr.fill()?;
    // Relief bands, the same for a given map.
    let seed = map
        .id
        .bytes()
        .fold(7u32, |a, b| a.wrapping_mul(31).wrapping_add(u32::from(b)));
    Rgb::hex(0x86A374).set(cr);
    for k in 0..6u32 {
        let y = oy + (f64::from((seed >> k) % 11) + 0.5) * s;
        cr.move_to(ox, y);
        cr.curve_to(
            ox + 5.0 * s,
            y - 1.2 * s,
            ox + 11.0 * s,
            y + 1.4 * s,
            ox + SHEET.0 * s,
            y - 0.4 * s,
        );
        cr.set_line_width(0.35 * s);
        cr.stroke()?;
    }
    Rgb::hex(0x5C8FC4).set(cr);
    cr.set_line_width(0.08 * s);
    cr.move_to(ox, oy + 8.5 * s);
    cr.curve_to(
        ox + 4.0 * s,
        oy + 7.0 * s,
        ox + 9.0 * s,
        oy + 10.0 * s,
        ox + SHEET.0 * s,
        oy + 6.0 * s,
    );
    cr.stroke()?;
    let point = |cr: &Context, p: [f64; 2], label: &str, fill: u32| -> Result<(), cairo::Error> {
        let (x, y) = (ox + p[0] * s, oy + p[1] * s);
        cr.new_sub_path();
        cr.arc(x, y, 2.4, 0.0, TAU);
        Rgb::hex(fill).set(cr);
        cr.fill_preserve()?;
        Rgb::hex(0x263238).set(cr);
        cr.set_line_width(0.35);
        cr.stroke()?;
        Rgb::hex(0x263238).set(cr);
        fitted_text(cr, x, y - 1.5, 4.2, label, 2.6, true);
        Ok(())
    };
    for (i, p) in map.waypoints.iter().enumerate() {
        point(cr, *p, &(i + 1).to_string(), 0xFFFFFF)?;
    }
    for (i, p) in map.targets.iter().enumerate() {
        point(cr, *p, &(i + 1).to_string(), 0xFFD740)?;
    }
    let (bx, by) = (ox + map.base[0] * s, oy + map.base[1] * s);
    cr.rectangle(bx - 3.0, by - 3.0, 6.0, 6.0);
    Rgb::hex(0x1565C0).set(cr);
    cr.fill()?;
    Rgb::WHITE.set(cr);
    fitted_text(cr, bx, by - 2.1, 5.0, "B", 3.6, true);
    Rgb::hex(0x263238).set(cr);
    text(
        cr,
        bx,
        by + 3.4,
        &gettext(&map.base_name),
        &Font::sans(2.6),
        Align::Center,
    );
    Ok(())
}
