//! Original silhouettes and symbols drawn with Cairo paths.
//!
//! Every icon is drawn centred on (cx, cy) and fits a square of side `s` (millimetres). Shapes are
//! defined on a unit square (−0.5…0.5) and scaled, so the same path serves a 19 mm counter and a
//! card banner.

use std::f64::consts::PI;

use cairo::Context;
use serde::{Deserialize, Serialize};

use super::palette;
use crate::art::draw::{self, Rgb};
use crate::i18n::gettext;

/// The friendly aircraft types of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AircraftKind {
    /// A-1 Skyraider escort ("Sandy").
    Sandy,
    /// O-2 Forward Air Controller.
    Fac,
    /// Rescue helicopter ("Jolly").
    Helicopter,
    /// Jet strike aircraft from the Fast Mover Pool.
    FastMover,
}

impl AircraftKind {
    /// The short printed name.
    pub fn label(self) -> String {
        match self {
            // Translators: aircraft type names printed on counters and cards.
            AircraftKind::Sandy => gettext("SANDY"),
            AircraftKind::Fac => gettext("FAC"),
            AircraftKind::Helicopter => gettext("JOLLY"),
            AircraftKind::FastMover => gettext("FAST MOVER"),
        }
    }
}

/// Adds a closed polygon of unit-square points, optionally mirrored about x = 0: `half` lists the
/// right-hand outline from top to bottom and the left side is drawn back up.
fn polygon(cr: &Context, cx: f64, cy: f64, s: f64, pts: &[(f64, f64)], mirror: bool) {
    let mut first = true;
    for &(x, y) in pts {
        if first {
            cr.move_to(cx + x * s, cy + y * s);
            first = false;
        } else {
            cr.line_to(cx + x * s, cy + y * s);
        }
    }
    if mirror {
        for &(x, y) in pts.iter().rev() {
            cr.line_to(cx - x * s, cy + y * s);
        }
    }
    cr.close_path();
}

fn fill(cr: &Context, colour: Rgb) -> Result<(), cairo::Error> {
    colour.set(cr);
    cr.fill()
}

/// Top view of an aircraft (or side view of a helicopter), nose up, filled with `colour`.
pub fn aircraft(
    cr: &Context,
    kind: AircraftKind,
    cx: f64,
    cy: f64,
    s: f64,
    colour: Rgb,
) -> Result<(), cairo::Error> {
    match kind {
        AircraftKind::Sandy => {
            // Straight, broad wings, long nose with a propeller, small tailplane.
            let half = [
                (0.0, -0.47),
                (0.05, -0.45),
                (0.065, -0.12),
                (0.5, -0.06),
                (0.5, 0.03),
                (0.06, 0.1),
                (0.04, 0.33),
                (0.2, 0.36),
                (0.2, 0.42),
                (0.03, 0.44),
                (0.0, 0.48),
            ];
            polygon(cr, cx, cy, s, &half, true);
            fill(cr, colour)?;
            cr.set_line_width(s * 0.035);
            cr.move_to(cx - 0.17 * s, cy - 0.47 * s);
            cr.line_to(cx + 0.17 * s, cy - 0.47 * s);
            colour.set(cr);
            cr.stroke()
        }
        AircraftKind::Fac => {
            // Twin-boom push-pull O-2: high straight wing, pod, two booms joined by the tail.
            polygon(
                cr,
                cx,
                cy,
                s,
                &[(0.0, -0.36), (0.07, -0.33), (0.08, 0.06), (0.0, 0.1)],
                true,
            );
            fill(cr, colour)?;
            polygon(
                cr,
                cx,
                cy,
                s,
                &[(0.0, -0.16), (0.5, -0.14), (0.5, -0.04), (0.0, -0.02)],
                true,
            );
            fill(cr, colour)?;
            for side in [-1.0, 1.0] {
                cr.rectangle(
                    cx + side * 0.17 * s - 0.025 * s,
                    cy - 0.1 * s,
                    0.05 * s,
                    0.46 * s,
                );
            }
            fill(cr, colour)?;
            cr.rectangle(cx - 0.24 * s, cy + 0.3 * s, 0.48 * s, 0.07 * s);
            fill(cr, colour)?;
            cr.set_line_width(s * 0.03);
            colour.set(cr);
            cr.move_to(cx - 0.12 * s, cy - 0.38 * s);
            cr.line_to(cx + 0.12 * s, cy - 0.38 * s);
            cr.move_to(cx - 0.1 * s, cy + 0.12 * s);
            cr.line_to(cx + 0.1 * s, cy + 0.12 * s);
            cr.stroke()
        }
        AircraftKind::Helicopter => {
            // Side view: cabin, tapering boom, rotor mast and blade, tail rotor, sponson.
            cr.move_to(cx - 0.44 * s, cy + 0.06 * s);
            cr.curve_to(
                cx - 0.44 * s,
                cy - 0.1 * s,
                cx - 0.3 * s,
                cy - 0.12 * s,
                cx - 0.18 * s,
                cy - 0.12 * s,
            );
            cr.line_to(cx + 0.12 * s, cy - 0.12 * s);
            cr.line_to(cx + 0.46 * s, cy - 0.06 * s);
            cr.line_to(cx + 0.48 * s, cy - 0.16 * s);
            cr.line_to(cx + 0.5 * s, cy - 0.16 * s);
            cr.line_to(cx + 0.5 * s, cy + 0.0 * s);
            cr.line_to(cx + 0.14 * s, cy + 0.04 * s);
            cr.line_to(cx + 0.08 * s, cy + 0.16 * s);
            cr.line_to(cx - 0.34 * s, cy + 0.16 * s);
            cr.close_path();
            fill(cr, colour)?;
            colour.set(cr);
            cr.set_line_width(s * 0.04);
            cr.move_to(cx - 0.06 * s, cy - 0.12 * s);
            cr.line_to(cx - 0.06 * s, cy - 0.22 * s);
            cr.stroke()?;
            cr.set_line_width(s * 0.035);
            cr.move_to(cx - 0.5 * s, cy - 0.23 * s);
            cr.line_to(cx + 0.38 * s, cy - 0.23 * s);
            cr.stroke()?;
            cr.set_line_width(s * 0.03);
            cr.move_to(cx - 0.3 * s, cy + 0.16 * s);
            cr.line_to(cx - 0.3 * s, cy + 0.22 * s);
            cr.move_to(cx + 0.0 * s, cy + 0.16 * s);
            cr.line_to(cx + 0.0 * s, cy + 0.22 * s);
            cr.move_to(cx - 0.38 * s, cy + 0.22 * s);
            cr.line_to(cx + 0.06 * s, cy + 0.22 * s);
            cr.stroke()
        }
        AircraftKind::FastMover => {
            // Swept-wing jet, nose up.
            let half = [
                (0.0, -0.5),
                (0.045, -0.36),
                (0.06, -0.08),
                (0.42, 0.16),
                (0.42, 0.23),
                (0.07, 0.17),
                (0.07, 0.3),
                (0.24, 0.44),
                (0.24, 0.49),
                (0.05, 0.45),
                (0.0, 0.5),
            ];
            polygon(cr, cx, cy, s, &half, true);
            fill(cr, colour)
        }
    }
}

/// An anti-aircraft gun on its carriage, barrel raised to the upper right.
pub fn gun(cr: &Context, cx: f64, cy: f64, s: f64, colour: Rgb) -> Result<(), cairo::Error> {
    colour.set(cr);
    polygon(
        cr,
        cx,
        cy,
        s,
        &[(-0.42, 0.3), (0.42, 0.3), (0.3, 0.12), (-0.3, 0.12)],
        false,
    );
    cr.fill()?;
    cr.arc(cx - 0.05 * s, cy + 0.05 * s, 0.17 * s, PI, 2.0 * PI);
    cr.fill()?;
    cr.set_line_width(s * 0.09);
    cr.move_to(cx - 0.05 * s, cy + 0.02 * s);
    cr.line_to(cx + 0.38 * s, cy - 0.38 * s);
    cr.stroke()?;
    for wx in [-0.28, 0.22] {
        cr.arc(cx + wx * s, cy + 0.34 * s, 0.09 * s, 0.0, 2.0 * PI);
        cr.fill()?;
    }
    Ok(())
}

/// A jagged star polygon with `n` points between radii `r_in` and `r_out` (unit square).
fn star(cr: &Context, cx: f64, cy: f64, s: f64, n: usize, (r_out, r_in): (f64, f64), turn: f64) {
    draw::star(cr, cx, cy, n, (r_out * s, r_in * s), turn);
}

/// Flak bursts: one large and two small star bursts.
pub fn barrage(cr: &Context, cx: f64, cy: f64, s: f64, colour: Rgb) -> Result<(), cairo::Error> {
    for (dx, dy, k) in [(-0.12, 0.05, 0.8), (0.26, -0.22, 0.45), (0.25, 0.28, 0.4)] {
        star(cr, cx + dx * s, cy + dy * s, s * k, 9, (0.42, 0.2), 0.1);
        fill(cr, colour)?;
    }
    Ok(())
}

/// An explosion: the BLAST result symbol.
pub fn blast(cr: &Context, cx: f64, cy: f64, s: f64) -> Result<(), cairo::Error> {
    star(cr, cx, cy, s, 11, (0.5, 0.27), 0.0);
    fill(cr, Rgb(0.85, 0.2, 0.08))?;
    star(cr, cx, cy, s, 9, (0.3, 0.15), 0.2);
    fill(cr, Rgb(1.0, 0.8, 0.2))
}

/// Crosshairs: the hit symbol.
pub fn crosshairs(cr: &Context, cx: f64, cy: f64, s: f64, colour: Rgb) -> Result<(), cairo::Error> {
    colour.set(cr);
    cr.set_line_width(s * 0.07);
    cr.new_path();
    cr.arc(cx, cy, s * 0.34, 0.0, 2.0 * PI);
    cr.stroke()?;
    cr.set_line_width(s * 0.05);
    for (dx, dy) in [(1.0, 0.0), (-1.0, 0.0), (0.0, 1.0), (0.0, -1.0)] {
        cr.move_to(cx + dx * 0.12 * s, cy + dy * 0.12 * s);
        cr.line_to(cx + dx * 0.5 * s, cy + dy * 0.5 * s);
    }
    cr.stroke()?;
    cr.arc(cx, cy, s * 0.04, 0.0, 2.0 * PI);
    cr.fill()
}

/// The US roundel: white star on a blue disc with white bars and a red stripe: success.
pub fn roundel(cr: &Context, cx: f64, cy: f64, s: f64) -> Result<(), cairo::Error> {
    let blue = Rgb(0.0, 0.19, 0.47);
    let red = Rgb(0.75, 0.05, 0.1);
    // Bars.
    cr.rectangle(cx - 0.5 * s, cy - 0.1 * s, s, 0.2 * s);
    fill(cr, blue)?;
    cr.rectangle(cx - 0.47 * s, cy - 0.075 * s, 0.94 * s, 0.15 * s);
    fill(cr, Rgb::WHITE)?;
    cr.rectangle(cx - 0.47 * s, cy - 0.03 * s, 0.94 * s, 0.06 * s);
    fill(cr, red)?;
    cr.arc(cx, cy, 0.3 * s, 0.0, 2.0 * PI);
    fill(cr, blue)?;
    star(cr, cx, cy, s, 5, (0.29, 0.115), 0.0);
    fill(cr, Rgb::WHITE)
}

/// A rifle lying diagonally: the capture / abort symbol.
pub fn rifle(cr: &Context, cx: f64, cy: f64, s: f64, colour: Rgb) -> Result<(), cairo::Error> {
    cr.save()?;
    cr.translate(cx, cy);
    cr.rotate(-PI / 6.0);
    colour.set(cr);
    // Stock, receiver, barrel, curved magazine.
    polygon(
        cr,
        0.0,
        0.0,
        s,
        &[
            (-0.5, 0.02),
            (-0.46, -0.06),
            (-0.2, -0.06),
            (0.12, -0.07),
            (0.12, 0.03),
            (-0.18, 0.04),
            (-0.3, 0.12),
            (-0.48, 0.12),
        ],
        false,
    );
    cr.fill()?;
    cr.rectangle(0.1 * s, -0.055 * s, 0.4 * s, 0.03 * s);
    cr.fill()?;
    cr.rectangle(0.1 * s, -0.015 * s, 0.22 * s, 0.03 * s);
    cr.fill()?;
    cr.move_to(-0.05 * s, 0.03 * s);
    cr.curve_to(-0.05 * s, 0.15 * s, 0.0, 0.2 * s, 0.04 * s, 0.24 * s);
    cr.line_to(0.1 * s, 0.2 * s);
    cr.curve_to(0.06 * s, 0.16 * s, 0.04 * s, 0.1 * s, 0.05 * s, 0.03 * s);
    cr.close_path();
    cr.fill()?;
    cr.restore()
}

/// Two chasing arrows: the Reshuffle card.
pub fn reshuffle(cr: &Context, cx: f64, cy: f64, s: f64, colour: Rgb) -> Result<(), cairo::Error> {
    colour.set(cr);
    cr.set_line_width(s * 0.08);
    for start in [0.15 * PI, 1.15 * PI] {
        let end = start + 0.75 * PI;
        cr.new_path();
        cr.arc(cx, cy, 0.34 * s, start, end);
        cr.stroke()?;
        let (ex, ey) = (cx + 0.34 * s * end.cos(), cy + 0.34 * s * end.sin());
        let (tx, ty) = (-end.sin(), end.cos());
        let (nx, ny) = (end.cos(), end.sin());
        cr.move_to(ex + tx * 0.16 * s, ey + ty * 0.16 * s);
        cr.line_to(ex + nx * 0.12 * s, ey + ny * 0.12 * s);
        cr.line_to(ex - nx * 0.12 * s, ey - ny * 0.12 * s);
        cr.close_path();
        cr.fill()?;
    }
    Ok(())
}

/// A five-pointed star: the Wild card.
pub fn wild(cr: &Context, cx: f64, cy: f64, s: f64, colour: Rgb) -> Result<(), cairo::Error> {
    star(cr, cx, cy + 0.04 * s, s, 5, (0.5, 0.2), 0.0);
    colour.set(cr);
    cr.set_line_width(s * 0.05);
    cr.stroke()
}

/// A survivor under a parachute canopy.
pub fn survivor(cr: &Context, cx: f64, cy: f64, s: f64, colour: Rgb) -> Result<(), cairo::Error> {
    colour.set(cr);
    // Canopy with scalloped lower edge.
    cr.new_path();
    cr.arc(cx, cy - 0.12 * s, 0.36 * s, PI, 2.0 * PI);
    for i in (0..4).rev() {
        let x = cx - 0.36 * s + (i as f64 + 0.5) * 0.18 * s;
        cr.arc_negative(x, cy - 0.12 * s, 0.09 * s, 0.0, PI);
    }
    cr.close_path();
    cr.fill()?;
    cr.set_line_width(s * 0.02);
    for i in 0..5 {
        cr.move_to(cx - 0.36 * s + i as f64 * 0.18 * s, cy - 0.12 * s);
        cr.line_to(cx, cy + 0.16 * s);
    }
    cr.stroke()?;
    // Figure.
    cr.arc(cx, cy + 0.18 * s, 0.05 * s, 0.0, 2.0 * PI);
    cr.fill()?;
    cr.set_line_width(s * 0.05);
    cr.move_to(cx, cy + 0.22 * s);
    cr.line_to(cx, cy + 0.36 * s);
    cr.move_to(cx - 0.08 * s, cy + 0.5 * s);
    cr.line_to(cx, cy + 0.36 * s);
    cr.line_to(cx + 0.08 * s, cy + 0.5 * s);
    cr.move_to(cx - 0.1 * s, cy + 0.24 * s);
    cr.line_to(cx + 0.1 * s, cy + 0.24 * s);
    cr.stroke()
}

/// A person's head and shoulders: Pilot/PJ crew.
pub fn crew(cr: &Context, cx: f64, cy: f64, s: f64, colour: Rgb) -> Result<(), cairo::Error> {
    colour.set(cr);
    cr.new_path();
    cr.arc(cx, cy - 0.16 * s, 0.18 * s, 0.0, 2.0 * PI);
    cr.fill()?;
    cr.move_to(cx - 0.38 * s, cy + 0.42 * s);
    cr.curve_to(
        cx - 0.38 * s,
        cy + 0.06 * s,
        cx + 0.38 * s,
        cy + 0.06 * s,
        cx + 0.38 * s,
        cy + 0.42 * s,
    );
    cr.close_path();
    cr.fill()
}

/// The terrain or feature symbol of a zone marker.
pub fn zone_symbol(
    cr: &Context,
    kind: super::ZoneMarkerKind,
    cx: f64,
    cy: f64,
    s: f64,
    colour: Rgb,
) -> Result<(), cairo::Error> {
    use super::ZoneMarkerKind::*;
    colour.set(cr);
    cr.set_line_width(s * 0.06);
    match kind {
        Village => {
            // Stilt hut: roof, room, posts.
            polygon(
                cr,
                cx,
                cy,
                s,
                &[(0.0, -0.45), (0.45, -0.05), (-0.45, -0.05)],
                false,
            );
            cr.fill()?;
            cr.rectangle(cx - 0.3 * s, cy - 0.05 * s, 0.6 * s, 0.3 * s);
            cr.fill()?;
            for x in [-0.25, 0.0, 0.25] {
                cr.move_to(cx + x * s, cy + 0.25 * s);
                cr.line_to(cx + x * s, cy + 0.45 * s);
            }
            cr.stroke()
        }
        HeavyJungle => {
            // Three trees.
            for (dx, k) in [(-0.26, 0.8), (0.26, 0.8), (0.0, 1.0)] {
                cr.arc(cx + dx * s, cy - 0.12 * s * k, 0.2 * s * k, 0.0, 2.0 * PI);
                cr.fill()?;
                cr.rectangle(cx + dx * s - 0.03 * s, cy, 0.06 * s, 0.42 * s);
                cr.fill()?;
            }
            Ok(())
        }
        Impassable => {
            polygon(
                cr,
                cx,
                cy,
                s,
                &[
                    (-0.5, 0.35),
                    (-0.2, -0.25),
                    (0.0, 0.1),
                    (0.15, -0.4),
                    (0.5, 0.35),
                ],
                false,
            );
            cr.fill()
        }
        CoordinatedFire => {
            // Three arrows converging on a point.
            for a in [-PI / 2.0, PI / 6.0, 5.0 * PI / 6.0] {
                let (ux, uy) = (a.cos(), a.sin());
                cr.move_to(cx + ux * 0.48 * s, cy + uy * 0.48 * s);
                cr.line_to(cx + ux * 0.16 * s, cy + uy * 0.16 * s);
                cr.stroke()?;
                let (px, py) = (-uy, ux);
                cr.move_to(cx + ux * 0.08 * s, cy + uy * 0.08 * s);
                cr.line_to(
                    cx + ux * 0.24 * s + px * 0.1 * s,
                    cy + uy * 0.24 * s + py * 0.1 * s,
                );
                cr.line_to(
                    cx + ux * 0.24 * s - px * 0.1 * s,
                    cy + uy * 0.24 * s - py * 0.1 * s,
                );
                cr.close_path();
                cr.fill()?;
            }
            Ok(())
        }
        Entrenchment => {
            // Sandbag rows.
            for (row, n) in [(0.3, 4), (0.08, 3), (-0.14, 2)] {
                for i in 0..n {
                    let x = cx + (i as f64 - (n as f64 - 1.0) / 2.0) * 0.24 * s;
                    cr.save()?;
                    cr.translate(x, cy + row * s);
                    cr.scale(0.11 * s, 0.1 * s);
                    cr.arc(0.0, 0.0, 1.0, 0.0, 2.0 * PI);
                    cr.restore()?;
                    cr.fill()?;
                }
            }
            Ok(())
        }
        TargetOfOpportunity => {
            // Truck: cargo box, cab, wheels.
            cr.rectangle(cx - 0.45 * s, cy - 0.2 * s, 0.55 * s, 0.35 * s);
            cr.fill()?;
            polygon(
                cr,
                cx,
                cy,
                s,
                &[
                    (0.13, -0.08),
                    (0.33, -0.08),
                    (0.45, 0.04),
                    (0.45, 0.15),
                    (0.13, 0.15),
                ],
                false,
            );
            cr.fill()?;
            for x in [-0.3, 0.0, 0.32] {
                cr.arc(cx + x * s, cy + 0.22 * s, 0.09 * s, 0.0, 2.0 * PI);
                cr.fill()?;
            }
            Ok(())
        }
    }
}

/// The "not here" sign: a red circle with a bar, over whatever was drawn.
pub fn prohibited(cr: &Context, cx: f64, cy: f64, s: f64) -> Result<(), cairo::Error> {
    let red = palette::SHAKEN;
    red.set(cr);
    cr.set_line_width(s * 0.09);
    cr.new_path();
    cr.arc(cx, cy, 0.45 * s, 0.0, 2.0 * PI);
    cr.stroke()?;
    cr.move_to(cx - 0.32 * s, cy - 0.32 * s);
    cr.line_to(cx + 0.32 * s, cy + 0.32 * s);
    cr.stroke()
}
