//! The pictograms of the markers (an explosion's burst, a parachute, a body bag, a crashed
//! plane, a crew, an eye, a star), each drawn centred on (cx, cy) inside a circle of radius
//! `r` in millimetres, so the one drawing serves a 16 mm counter and anything the screen shows.

use std::f64::consts::{PI, TAU};

use cairo::Context;

use crate::art::draw::{Rgb, star};

/// What a marker shows above (or instead of) its words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sign {
    /// An explosion: an orange burst with a yellow heart.
    Burst,
    /// A parachute canopy with its load.
    Parachute,
    /// A zipped body bag.
    BodyBag,
    /// A plane gone down nose first into a burst.
    PlaneCrash,
    /// Three crewmen.
    Crew,
    /// An eye: a target someone has seen.
    Eye,
    /// A five-pointed star of a colour.
    Star(u32),
}

impl Sign {
    pub fn draw(self, cr: &Context, cx: f64, cy: f64, r: f64) -> Result<(), cairo::Error> {
        match self {
            Sign::Burst => burst(cr, cx, cy, r),
            Sign::Parachute => parachute(cr, cx, cy, r),
            Sign::BodyBag => body_bag(cr, cx, cy, r),
            Sign::PlaneCrash => plane_crash(cr, cx, cy, r),
            Sign::Crew => crew(cr, cx, cy, r),
            Sign::Eye => eye(cr, cx, cy, r),
            Sign::Star(colour) => {
                star(cr, cx, cy, 5, (r, r * 0.4), 0.0);
                Rgb::hex(colour).set(cr);
                cr.fill()
            }
        }
    }
}

/// An explosion: twelve orange spikes round a yellow heart.
pub fn burst(cr: &Context, cx: f64, cy: f64, r: f64) -> Result<(), cairo::Error> {
    star(cr, cx, cy, 12, (r, r * 0.6), 0.0);
    Rgb::hex(0xFF6F00).set(cr);
    cr.fill()?;
    star(cr, cx, cy, 12, (r * 0.6, r * 0.34), PI / 12.0);
    Rgb::hex(0xFFEB3B).set(cr);
    cr.fill()
}

fn parachute(cr: &Context, cx: f64, cy: f64, r: f64) -> Result<(), cairo::Error> {
    // The canopy: a dome whose hem is three scallops.
    let (rim, half) = (cy - 0.05 * r, 0.95 * r);
    let lobe = half / 3.0;
    cr.new_sub_path();
    cr.arc(cx, rim, half, PI, TAU);
    for k in 0..3 {
        let x = cx + half - lobe * f64::from(2 * k + 1);
        cr.arc_negative(x, rim, lobe, 0.0, -PI);
    }
    cr.close_path();
    Rgb::WHITE.set(cr);
    cr.fill()?;
    // The shroud lines from the hem's points to the load.
    let load = (cx, cy + 0.68 * r);
    cr.set_line_width(r * 0.07);
    for k in 0..4 {
        cr.move_to(cx - half + 2.0 * lobe * f64::from(k), rim);
        cr.line_to(load.0, load.1);
    }
    cr.stroke()?;
    let side = r * 0.34;
    cr.rectangle(load.0 - side / 2.0, load.1, side, side * 0.85);
    cr.fill()
}

fn body_bag(cr: &Context, cx: f64, cy: f64, r: f64) -> Result<(), cairo::Error> {
    // A long black bag, rounder at the head than at the foot, zipped down its length.
    let (head, foot) = (0.46 * r, 0.32 * r);
    let (hx, fx) = (cx - 0.98 * r + head, cx + 0.98 * r - foot);
    cr.new_sub_path();
    cr.arc(hx, cy, head, PI / 2.0, 1.5 * PI);
    cr.arc(fx, cy, foot, -PI / 2.0, PI / 2.0);
    cr.close_path();
    Rgb::hex(0x161616).set(cr);
    cr.fill_preserve()?;
    Rgb::hex(0xBDBDBD).set(cr);
    cr.set_line_width(r * 0.06);
    cr.stroke()?;
    cr.set_line_width(r * 0.08);
    cr.move_to(hx, cy);
    cr.line_to(fx, cy);
    cr.stroke()?;
    // The zipper's pull at the head end.
    cr.rectangle(hx - 0.2 * r, cy - 0.1 * r, 0.22 * r, 0.2 * r);
    cr.fill()
}

fn plane_crash(cr: &Context, cx: f64, cy: f64, r: f64) -> Result<(), cairo::Error> {
    // A plane seen from above, diving nose first to the lower left into a burst.
    cr.save()?;
    cr.translate(cx + 0.12 * r, cy - 0.12 * r);
    cr.rotate(-0.75 * PI);
    cr.scale(r, r);
    // The right half of the outline from the nose to the tail, then the left half back.
    let half = [
        (0.0, -0.85),
        (0.08, -0.7),
        (0.09, -0.2),
        (0.75, 0.08),
        (0.75, 0.2),
        (0.09, 0.12),
        (0.07, 0.5),
        (0.3, 0.62),
        (0.3, 0.72),
        (0.0, 0.68),
    ];
    cr.move_to(half[0].0, half[0].1);
    for &(x, y) in &half[1..] {
        cr.line_to(x, y);
    }
    for &(x, y) in half[1..half.len() - 1].iter().rev() {
        cr.line_to(-x, y);
    }
    cr.close_path();
    cr.restore()?;
    Rgb::hex(0xECEFF1).set(cr);
    cr.fill()?;
    burst(cr, cx - 0.5 * r, cy + 0.5 * r, r * 0.5)
}

fn crew(cr: &Context, cx: f64, cy: f64, r: f64) -> Result<(), cairo::Error> {
    // Two men behind, one in front: a head and shoulders each.
    let man = |x: f64, y: f64, k: f64, colour: u32| -> Result<(), cairo::Error> {
        Rgb::hex(colour).set(cr);
        cr.new_sub_path();
        cr.arc(x, y - 0.42 * k, 0.22 * k, 0.0, TAU);
        cr.fill()?;
        cr.new_sub_path();
        cr.arc(x, y + 0.38 * k, 0.42 * k, PI, TAU);
        cr.close_path();
        cr.fill()
    };
    man(cx - 0.5 * r, cy - 0.08 * r, 0.85 * r, 0xD7CCC8)?;
    man(cx + 0.5 * r, cy - 0.08 * r, 0.85 * r, 0xD7CCC8)?;
    man(cx, cy + 0.1 * r, r, 0xFFFFFF)
}

fn eye(cr: &Context, cx: f64, cy: f64, r: f64) -> Result<(), cairo::Error> {
    // The lids: two arcs meeting at the corners of the eye.
    let (w, lift) = (r, r * 0.55);
    let bend = (w * w + lift * lift) / (2.0 * lift);
    let a = (w / bend).asin();
    cr.new_sub_path();
    cr.arc(cx, cy + bend - lift, bend, -PI / 2.0 - a, -PI / 2.0 + a);
    cr.arc(cx, cy - bend + lift, bend, PI / 2.0 - a, PI / 2.0 + a);
    cr.close_path();
    Rgb::WHITE.set(cr);
    cr.fill()?;
    cr.new_sub_path();
    cr.arc(cx, cy, lift * 0.8, 0.0, TAU);
    Rgb::hex(0x263238).set(cr);
    cr.fill()?;
    cr.new_sub_path();
    cr.arc(cx - lift * 0.25, cy - lift * 0.25, lift * 0.22, 0.0, TAU);
    Rgb::WHITE.set(cr);
    cr.fill()
}
