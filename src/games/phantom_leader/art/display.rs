//! The Tactical Display: the Center disc, the ring of four Approach areas and the ring of
//! eight Pre-Approach areas (digest 2.3's layout, North up), with every piece on it.

use std::f64::consts::PI;

use cairo::Context;

use crate::art::draw::{Align, Font, Rgb, rounded_rect, text};
use crate::art::layer::Layer;
use crate::engine::message::msg;
use crate::games::phantom_leader::rules::content::data;
use crate::games::phantom_leader::rules::display::{Area, AreaKind};
use crate::games::phantom_leader::rules::{Fate, PhantomLeader};
use crate::i18n::gettext;

use super::{DISPLAY, counters};

const CX: f64 = DISPLAY / 2.0;
const CY: f64 = DISPLAY / 2.0;
const R0: f64 = 34.0;
const R1: f64 = 66.0;
const R2: f64 = 97.0;
const COUNTER: f64 = counters::SIZE;

const SKY: u32 = 0xdfe9f2;
const APPROACH: u32 = 0xc9d9c0;
const PRE: u32 = 0xe4e0cc;
const CENTRE: u32 = 0xb7c7a8;
const HIGHLIGHT: u32 = 0xf0b400;

/// The compass bearing (degrees, North 0, clockwise) of an area's middle.
fn bearing(a: Area) -> f64 {
    match a {
        Area::C | Area::AN | Area::PN => 0.0,
        Area::PNE => 45.0,
        Area::AE | Area::PE => 90.0,
        Area::PSE => 135.0,
        Area::AS | Area::PS => 180.0,
        Area::PSW => 225.0,
        Area::AW | Area::PW => 270.0,
        Area::PNW => 315.0,
    }
}

fn polar(r: f64, deg: f64) -> (f64, f64) {
    let b = deg.to_radians();
    (CX + r * b.sin(), CY - r * b.cos())
}

/// The middle of an area, where its pieces gather.
pub fn anchor(a: Area) -> (f64, f64) {
    match a.kind() {
        AreaKind::Center => (CX, CY),
        AreaKind::Approach => polar((R0 + R1) / 2.0, bearing(a)),
        AreaKind::PreApproach => polar((R1 + R2) / 2.0, bearing(a)),
    }
}

/// The area under a point of the display, if any.
pub fn area_at(x: f64, y: f64) -> Option<Area> {
    let (dx, dy) = (x - CX, y - CY);
    let r = dx.hypot(dy);
    let deg = (dx.atan2(-dy).to_degrees() + 360.0) % 360.0;
    let sector = |width: f64| ((deg + width / 2.0) / width).floor() as usize;
    if r <= R0 {
        Some(Area::C)
    } else if r <= R1 {
        Some([Area::AN, Area::AE, Area::AS, Area::AW][sector(90.0) % 4])
    } else if r <= R2 {
        Some(
            [
                Area::PN,
                Area::PNE,
                Area::PE,
                Area::PSE,
                Area::PS,
                Area::PSW,
                Area::PW,
                Area::PNW,
            ][sector(45.0) % 8],
        )
    } else {
        None
    }
}

/// A piece's place on the display and its click id.
struct Piece {
    x: f64,
    y: f64,
    id: String,
}

/// Every piece with its position: Sites, Bandits, then aircraft, in rows in their area.
fn pieces(g: &PhantomLeader) -> Vec<Piece> {
    let mut per_area: Vec<Vec<String>> = vec![Vec::new(); 13];
    if g.mission.target.is_some() {
        per_area[Area::C.index()].push("target".into());
    }
    for (i, d) in g.mission.sites.iter().enumerate() {
        per_area[d.area.index()].push(format!("site:{i}"));
    }
    for (i, d) in g.mission.bandits.iter().enumerate() {
        per_area[d.area.index()].push(format!("bandit:{i}"));
    }
    for (i, s) in g.mission.flight.iter().enumerate() {
        if let (Fate::Flying, Some(p)) = (s.fate, s.pos) {
            per_area[p.area.index()].push(format!("aircraft:{i}"));
        }
    }
    let mut out = Vec::new();
    for area in Area::ALL {
        let ids = &per_area[area.index()];
        let (ax, ay) = anchor(area);
        let per_row = if area == Area::C { 4 } else { 3 };
        let rows = ids.len().div_ceil(per_row);
        for (k, id) in ids.iter().enumerate() {
            let (row, col) = (k / per_row, k % per_row);
            let in_row = (ids.len() - row * per_row).min(per_row);
            let x = ax + (col as f64 - (in_row as f64 - 1.0) / 2.0) * (COUNTER + 1.5);
            let y = ay + (row as f64 - (rows as f64 - 1.0) / 2.0) * (COUNTER + 1.5);
            out.push(Piece {
                x,
                y,
                id: id.clone(),
            });
        }
    }
    out
}

/// The click target under a point: a piece, else an area, among the legal ones.
pub fn hit(g: &PhantomLeader, x: f64, y: f64, targets: &[String]) -> Option<String> {
    for p in pieces(g) {
        if (x - p.x).abs() <= COUNTER / 2.0
            && (y - p.y).abs() <= COUNTER / 2.0
            && targets.contains(&p.id)
        {
            return Some(p.id);
        }
    }
    let area = format!("area:{:?}", area_at(x, y)?);
    targets.contains(&area).then_some(area)
}

pub fn draw(
    cr: &Context,
    g: &PhantomLeader,
    targets: &[String],
    hovered: Option<&str>,
    ground: f64,
) -> Result<(), cairo::Error> {
    draw_keeping(cr, g, targets, hovered, Some(ground))
}

/// [`draw`] without the bitmap kept: what paper gets, for the tests to compare.
#[cfg(test)]
pub fn draw_without_bitmap(
    cr: &Context,
    g: &PhantomLeader,
    targets: &[String],
    hovered: Option<&str>,
) -> Result<(), cairo::Error> {
    draw_keeping(cr, g, targets, hovered, None)
}

/// The display; on the window's `ground` (grey) its rings come from the bitmap kept where
/// they can. The bitmap starts with the ground: the display's edges fall between pixels.
fn draw_keeping(
    cr: &Context,
    g: &PhantomLeader,
    targets: &[String],
    hovered: Option<&str>,
    ground: Option<f64>,
) -> Result<(), cairo::Error> {
    // The rings, each area highlighted when it is a legal target: from the bitmap kept while
    // the same areas are highlighted, else drawn (and on paper, always drawn).
    let tints: AreaTints = Area::ALL.map(|area| {
        let id = format!("area:{area:?}");
        targets
            .contains(&id)
            .then_some((HIGHLIGHT, if hovered == Some(&id) { 0.55 } else { 0.3 }))
    });
    let tint = |area: Area| tints[Area::ALL.iter().position(|a| *a == area).unwrap_or(0)];
    let rings = |cr: &Context| {
        super::background(cr, SKY)?;
        draw_areas(cr, true, tint)
    };
    let painted = match ground {
        Some(grey) => RINGS.with(|layer| {
            layer
                .borrow_mut()
                .paint(cr, (0.0, 0.0, DISPLAY, DISPLAY), (grey, tints), |cr| {
                    cr.set_source_rgb(grey, grey, grey);
                    cr.paint()?;
                    rings(cr)
                })
        })?,
        None => false,
    };
    if !painted {
        rings(cr)?;
    }
    draw_paths(cr, g)?;
    for p in pieces(g) {
        let lit = targets.contains(&p.id);
        draw_piece(cr, g, &p, lit, hovered == Some(p.id.as_str()))?;
    }
    draw_turn_track(cr, Some(g.mission.turn))
}

/// The highlight of each area of [`Area::ALL`], if any: colour and opacity.
type AreaTints = [Option<(u32, f64)>; 13];

thread_local! {
    /// The background and the rings as last drawn on screen, on the window's ground (drawing
    /// happens on the GTK thread): the same pixels copied while the ground and the areas
    /// highlighted stay, because filling and outlining the rings took most of a frame.
    static RINGS: std::cell::RefCell<Layer<(f64, AreaTints)>> =
        std::cell::RefCell::new(Layer::new());
}

/// The thirteen areas filled, outlined and (with `labels`) named; `tint` may lay a colour
/// with its opacity over an area.
pub fn draw_areas(
    cr: &Context,
    labels: bool,
    tint: impl Fn(Area) -> Option<(u32, f64)>,
) -> Result<(), cairo::Error> {
    for area in Area::ALL {
        let (r_in, r_out, from, width, fill) = match area.kind() {
            AreaKind::Center => (0.0, R0, 0.0, 360.0, CENTRE),
            AreaKind::Approach => (R0, R1, bearing(area) - 45.0, 90.0, APPROACH),
            AreaKind::PreApproach => (R1, R2, bearing(area) - 22.5, 45.0, PRE),
        };
        sector(cr, r_in, r_out, from, width);
        Rgb::hex(fill).set(cr);
        match tint(area) {
            Some((colour, alpha)) => {
                cr.fill_preserve()?;
                Rgb::hex(colour).with_alpha(cr, alpha);
                cr.fill()?;
            }
            None => cr.fill()?,
        }
    }
    // The areas' outlines as one path: the three rings and the borders between areas, each
    // line once (stroking every area's outline drew each border twice, and a stroke of
    // curves is the dearest thing on the display).
    cr.new_path();
    for r in [R0, R1, R2] {
        cr.new_sub_path();
        cr.arc(CX, CY, r, 0.0, 2.0 * PI);
    }
    for (r_in, r_out, count) in [(R0, R1, 4), (R1, R2, 8)] {
        let step = 360.0 / f64::from(count);
        for k in 0..count {
            let bearing = step / 2.0 + step * f64::from(k);
            let (x0, y0) = polar(r_in, bearing);
            let (x1, y1) = polar(r_out, bearing);
            cr.move_to(x0, y0);
            cr.line_to(x1, y1);
        }
    }
    Rgb::hex(0x55604a).set(cr);
    cr.set_line_width(0.5);
    cr.stroke()?;
    if labels {
        Rgb::hex(0x3c4636).set(cr);
        for area in Area::ALL {
            let (lx, ly) = label_at(area);
            text(
                cr,
                lx,
                ly - 1.5,
                &format!("{area:?}"),
                &Font::bold(3.0),
                Align::Center,
            );
        }
    }
    Ok(())
}

/// Where an area's short name is printed.
pub fn label_at(area: Area) -> (f64, f64) {
    match area.kind() {
        AreaKind::Center => (CX, CY - R0 + 3.0),
        AreaKind::Approach => polar(R1 - 4.0, bearing(area) + 30.0),
        AreaKind::PreApproach => polar(R2 - 4.0, bearing(area) + 14.0),
    }
}

/// The turn track at the display's top left, box `now` lit.
pub fn draw_turn_track(cr: &Context, now: Option<u8>) -> Result<(), cairo::Error> {
    let turns = data().geometry.turns;
    for t in 1..=turns {
        let x = 4.0 + f64::from(t - 1) * 8.0;
        rounded_rect(cr, x, 4.0, 7.0, 7.0, 1.0);
        if Some(t) == now {
            Rgb::hex(HIGHLIGHT).set(cr);
            cr.fill_preserve()?;
        }
        Rgb::hex(0x55604a).set(cr);
        cr.set_line_width(0.4);
        cr.stroke()?;
        text(
            cr,
            x + 3.5,
            5.3,
            &t.to_string(),
            &Font::bold(3.5),
            Align::Center,
        );
    }
    Ok(())
}

fn sector(cr: &Context, r_in: f64, r_out: f64, from: f64, width: f64) {
    // Cairo's angles start at East and turn clockwise on screen; bearings at North.
    let a0 = (from - 90.0).to_radians();
    let a1 = (from + width - 90.0).to_radians();
    cr.new_path();
    if width >= 360.0 {
        cr.arc(CX, CY, r_out, 0.0, 2.0 * PI);
        return;
    }
    cr.arc(CX, CY, r_out, a0, a1);
    cr.arc_negative(CX, CY, r_in, a1, a0);
    cr.close_path();
}

/// Start and Exit counters at the rim of their Pre-Approach areas.
fn draw_paths(cr: &Context, g: &PhantomLeader) -> Result<(), cairo::Error> {
    for (k, p) in g.mission.paths.iter().enumerate() {
        for (area, word, colour) in [(p.start, "S", 0x2f7d32), (p.exit, "X", 0xb03a2e)] {
            let (x, y) = polar(R2 - 2.5 - k as f64 * 3.0, bearing(area) - 16.0);
            cr.arc(x, y, 2.6, 0.0, 2.0 * PI);
            Rgb::hex(colour).set(cr);
            cr.fill()?;
            Rgb::WHITE.set(cr);
            text(
                cr,
                x,
                y - 1.5,
                &format!("{word}{}", k + 1),
                &Font::bold(2.0),
                Align::Center,
            );
        }
    }
    Ok(())
}

fn draw_piece(
    cr: &Context,
    g: &PhantomLeader,
    p: &Piece,
    lit: bool,
    hovered: bool,
) -> Result<(), cairo::Error> {
    let c = data();
    let (x, y, h) = (p.x - COUNTER / 2.0, p.y - COUNTER / 2.0, COUNTER);
    let (kind, index) = p.id.split_once(':').unwrap_or((p.id.as_str(), "0"));
    let index: usize = index.parse().unwrap_or(0);
    match kind {
        "target" => {
            rounded_rect(cr, x, y, h, h, 1.2);
            let n = g.mission.target.unwrap_or(1);
            Rgb::WHITE.set(cr);
            cr.fill_preserve()?;
            Rgb::BLACK.set(cr);
            cr.set_line_width(0.4);
            cr.stroke()?;
            text(
                cr,
                p.x,
                y + 0.8,
                &format!("#{n}"),
                &Font::bold(2.6),
                Align::Center,
            );
            text(
                cr,
                p.x,
                y + 4.2,
                &msg("Hits {hits}").arg("hits", g.mission.hits).render(),
                &Font::sans(2.0),
                Align::Center,
            );
            let name = &gettext(&c.target(n).name);
            crate::art::draw::fitted_text(cr, p.x, y + 6.8, h - 1.0, name, 1.7, false);
        }
        "site" => {
            let d = &g.mission.sites[index];
            counters::site(cr, g.defense_spec(d), x, y)?;
            if let Some(a) = d.angle {
                draw_angle(cr, d.area, a, p.x, p.y)?;
            }
        }
        "bandit" => counters::bandit(cr, g.defense_spec(&g.mission.bandits[index]), x, y)?,
        _ => {
            let s = &g.mission.flight[index];
            let pos = s.pos.expect("only placed aircraft are pieces");
            let pilot = &g.squadron[s.squad];
            counters::aircraft(
                cr,
                (x, y),
                &c.pilots[pilot.pilot].name,
                &pilot.card().aircraft.id,
                pos.altitude,
                &load_summary(g, index),
                s.damaged,
            )?;
        }
    }
    if lit {
        rounded_rect(cr, x - 0.8, y - 0.8, h + 1.6, h + 1.6, 1.6);
        Rgb::hex(HIGHLIGHT).with_alpha(cr, if hovered { 1.0 } else { 0.8 });
        cr.set_line_width(if hovered { 1.2 } else { 0.8 });
        cr.stroke()?;
    }
    Ok(())
}

/// The Attack Angle: a small arrow away from the Center and ticks toward its red areas.
fn draw_angle(cr: &Context, site: Area, angle: usize, x: f64, y: f64) -> Result<(), cairo::Error> {
    let c = data();
    let mut red: Vec<Area> = c.angles[angle]
        .red
        .iter()
        .map(|&s| c.geometry.slot_area(site, s))
        .collect();
    red.sort();
    red.dedup();
    Rgb::hex(0xc62828).with_alpha(cr, 0.85);
    cr.set_line_width(0.45);
    // One stroke for all the ticks (two areas in one direction give one tick, not a darker
    // one).
    cr.new_path();
    for area in red.into_iter().filter(|&a| a != site) {
        let (ax, ay) = anchor(area);
        let (dx, dy) = (ax - x, ay - y);
        let len = dx.hypot(dy).max(0.1);
        cr.move_to(x + dx / len * 5.6, y + dy / len * 5.6);
        cr.line_to(x + dx / len * 8.0, y + dy / len * 8.0);
    }
    cr.stroke()
}

/// A sortie's load in short: "2×AIM-7 AIM-9 GunPod".
pub fn load_summary(g: &PhantomLeader, sortie: usize) -> String {
    let c = data();
    let mut seen: Vec<(usize, usize)> = Vec::new();
    for &w in &g.mission.flight[sortie].load {
        match seen.iter_mut().find(|(x, _)| *x == w) {
            Some(e) => e.1 += 1,
            None => seen.push((w, 1)),
        }
    }
    seen.iter()
        .map(|&(w, n)| {
            if n > 1 {
                format!("{n}×{}", c.weapons[w].id)
            } else {
                c.weapons[w].id.clone()
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}
