//! The line-of-sight tool on the map: the line from centre to centre, green where the first
//! hex sees the second; red up to what blocks it and dashed beyond; amber and dashed out of
//! range. What blocks it is outlined: blocking or broken hexes, berm hexsides.

use cairo::Context;

use super::map::{SIDE, centre, hex_path};
use crate::art::draw::Rgb;
use crate::games::search_destroy::rules::hex::Hex;
use crate::games::search_destroy::rules::sighting::Sighting;
use crate::games::search_destroy::rules::state::{RANGE, SearchDestroy};

const CLEAR: u32 = 0x2E7D32;
const BLOCKED: u32 = 0xC62828;
const TOO_FAR: u32 = 0xEF6C00;
const LOOKER: u32 = 0x0D47A1;

/// Draws the tool's line from `from` to `to` as `view` (the looking side's view of the game)
/// shows the map, in the map's millimetres.
pub fn draw_sight(
    cr: &Context,
    view: &SearchDestroy,
    from: Hex,
    to: Hex,
) -> Result<(), cairo::Error> {
    let sighting = view.sighting(from, to);
    // Lines a few pixels wide at any zoom: never under 3 pixels, nor under 0.9 mm.
    let (px, _) = cr.device_to_user_distance(1.0, 0.0)?;
    let width = (3.0 * px.abs()).max(0.9);
    cr.save()?;
    cr.set_line_cap(cairo::LineCap::Round);
    mark_obstacles(cr, &sighting, width)?;
    let (a, b) = (centre(from), centre(to));
    let (colour, stop) = if sighting.range > RANGE {
        (TOO_FAR, 0.0)
    } else if sighting.clear {
        (CLEAR, 1.0)
    } else {
        (BLOCKED, blocked_at(&sighting, a, b))
    };
    // A white halo keeps the line readable on forest green and on red.
    cr.set_line_width(width * 1.9);
    Rgb::hex(0xFFFFFF).with_alpha(cr, 0.85);
    cr.move_to(a.0, a.1);
    cr.line_to(b.0, b.1);
    cr.stroke()?;
    cr.set_line_width(width);
    Rgb::hex(colour).set(cr);
    let at = |t: f64| (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t);
    if stop > 0.0 {
        let (x, y) = at(stop);
        cr.move_to(a.0, a.1);
        cr.line_to(x, y);
        cr.stroke()?;
    }
    if stop < 1.0 {
        let (x, y) = at(stop);
        cr.set_dash(&[width * 1.6, width * 1.6], 0.0);
        cr.move_to(x, y);
        cr.line_to(b.0, b.1);
        cr.stroke()?;
        cr.set_dash(&[], 0.0);
    }
    // The looking hex: a solid disc; the hex looked at: a ring; never under 5 pixels.
    let r = (SIDE * 0.22).max(5.0 * px.abs());
    Rgb::hex(LOOKER).set(cr);
    cr.arc(a.0, a.1, r, 0.0, std::f64::consts::TAU);
    cr.fill()?;
    Rgb::hex(colour).set(cr);
    cr.set_line_width(width);
    cr.arc(b.0, b.1, r, 0.0, std::f64::consts::TAU);
    cr.stroke()?;
    cr.restore()
}

/// How far along the line (0 to 1) the first thing that blocks it lies.
fn blocked_at(s: &Sighting, a: (f64, f64), b: (f64, f64)) -> f64 {
    let points: Vec<(f64, f64)> = s
        .blocking_hexes()
        .into_iter()
        .map(centre)
        .chain(
            s.berms()
                .into_iter()
                .map(|(p, q)| midpoint(centre(p), centre(q))),
        )
        .collect();
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = dx * dx + dy * dy;
    points
        .iter()
        .map(|&(x, y)| (((x - a.0) * dx + (y - a.1) * dy) / length).clamp(0.0, 1.0))
        .fold(None, |first: Option<f64>, t| {
            Some(first.map_or(t, |f| f.min(t)))
        })
        // No single reason: the line is blocked from its first hex on.
        .unwrap_or(0.0)
}

fn midpoint(p: (f64, f64), q: (f64, f64)) -> (f64, f64) {
    ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0)
}

/// Outlines what blocks the line: its hexes, and the berm hexsides it crosses.
fn mark_obstacles(cr: &Context, s: &Sighting, width: f64) -> Result<(), cairo::Error> {
    for hex in s.blocking_hexes() {
        // The outline inside the hex, clear of its neighbours'.
        hex_path(cr, hex, width / 2.0);
        Rgb::hex(BLOCKED).with_alpha(cr, 0.22);
        cr.fill_preserve()?;
        Rgb::hex(BLOCKED).set(cr);
        cr.set_line_width(width);
        cr.stroke()?;
    }
    for (p, q) in s.berms() {
        // The hexside between two neighbours: across the middle of the line joining their
        // centres, one side long.
        let (a, b) = (centre(p), centre(q));
        let (mx, my) = midpoint(a, b);
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let len = (dx * dx + dy * dy).sqrt();
        let (ux, uy) = (-dy / len * SIDE / 2.0, dx / len * SIDE / 2.0);
        cr.set_line_width(width * 1.6);
        Rgb::hex(BLOCKED).set(cr);
        cr.move_to(mx - ux, my - uy);
        cr.line_to(mx + ux, my + uy);
        cr.stroke()?;
    }
    Ok(())
}
