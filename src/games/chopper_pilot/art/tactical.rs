//! The Tactical Map: the part of the mission's layout around the action, with its terrain and
//! hills, the landing zone, entry and exit hexes, the ground units (spotted or not), the
//! helicopters with their facing and altitude, strikes on the way and suppressed hexes, and
//! the arcs and ranges of the weapons of the helicopter flying (or of yours).

use std::collections::BTreeSet;
use std::f64::consts::TAU;

use cairo::Context;

use crate::art::draw::{
    Align, Font, Rgb, fitted_text, hexagon, measure, paragraph, rounded_rect, text,
};
use crate::games::chopper_pilot::rules::ChopperPilot;
use crate::games::chopper_pilot::rules::content::{Class, HelicopterSpec, HeloType, Side, data};
use crate::games::chopper_pilot::rules::hex::Hex;
use crate::games::chopper_pilot::rules::movement::Altitude;
use crate::games::chopper_pilot::rules::route::{hex_target, target_hex};
use crate::games::chopper_pilot::rules::tactical::{Place, StrikeKind, Tac, Unit};
use crate::games::chopper_pilot::rules::terrain::Ground;
use crate::games::chopper_pilot::rules::view::weapon_covers;
use crate::i18n::gettext;

const ROOT3: f64 = 1.732_050_807_568_877_2;
/// The most hexes shown across and down: a bigger layout is shown around the action.
const MAX_COLUMNS: i32 = 30;
const MAX_ROWS: i32 = 17;
/// The band above the map with the map's title.
const TITLE: f64 = 8.0;

/// Where the shown part of the layout lies in the area: its first column and row, and the
/// size of a hex across the flats in millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame {
    pub col0: i32,
    pub row0: i32,
    pub cols: i32,
    pub rows: i32,
    pub flat: f64,
    pub ox: f64,
    pub oy: f64,
}

impl Frame {
    /// The frame of `tac` in an area of `w × h` millimetres, centred on `focus`.
    pub fn new(tac: &Tac, focus: Hex, w: f64, h: f64) -> Frame {
        let (lw, lh) = tac.ground.layout.size();
        let (cols, rows) = (lw.min(MAX_COLUMNS), lh.min(MAX_ROWS));
        let (fx, fy) = focus.offset();
        // Keep the column's parity so that the shown part looks as the map does.
        let col0 = ((fx - cols / 2).clamp(0, lw - cols)) & !1;
        let row0 = (fy - rows / 2).clamp(0, lh - rows);
        Frame::over(col0, row0, cols, rows, w, h - TITLE, TITLE)
    }

    /// The frame of `cols × rows` hexes from (`col0`, `row0`) centred in an area of `w × h`
    /// millimetres whose top is `top`.
    pub fn over(col0: i32, row0: i32, cols: i32, rows: i32, w: f64, h: f64, top: f64) -> Frame {
        let span_w = f64::from(cols - 1) * ROOT3 / 2.0 + 2.0 / ROOT3;
        let span_h = f64::from(rows) + 0.5;
        let flat = (w / span_w).min(h / span_h);
        Frame {
            col0,
            row0,
            cols,
            rows,
            flat,
            ox: (w - span_w * flat) / 2.0,
            oy: top + (h - span_h * flat) / 2.0,
        }
    }

    pub fn shows(&self, hex: Hex) -> bool {
        let (x, y) = hex.offset();
        (self.col0..self.col0 + self.cols).contains(&x)
            && (self.row0..self.row0 + self.rows).contains(&y)
    }

    /// The centre of a hex in millimetres.
    pub fn centre(&self, hex: Hex) -> (f64, f64) {
        let (x, y) = hex.offset();
        let (cx, cy) = (x - self.col0, y - self.row0);
        (
            self.ox + self.flat * (1.0 / ROOT3 + f64::from(cx) * ROOT3 / 2.0),
            self.oy + self.flat * (0.5 + f64::from(cy) + f64::from(x & 1) / 2.0),
        )
    }

    /// The hex under a point, if one is shown there.
    pub fn hex_at(&self, px: f64, py: f64) -> Option<Hex> {
        let cx = ((px - self.ox) / self.flat - 1.0 / ROOT3) / (ROOT3 / 2.0);
        let mut best: Option<(f64, Hex)> = None;
        for dx in -1..=1 {
            let x = self.col0 + cx.round() as i32 + dx;
            let parity = f64::from(x & 1) / 2.0;
            let cy = (py - self.oy) / self.flat - 0.5 - parity;
            for dy in -1..=1 {
                let hex = Hex::from_offset(x, self.row0 + cy.round() as i32 + dy);
                if !self.shows(hex) {
                    continue;
                }
                let (hx, hy) = self.centre(hex);
                let d = (hx - px).powi(2) + (hy - py).powi(2);
                if best.is_none_or(|(b, _)| d < b) {
                    best = Some((d, hex));
                }
            }
        }
        best.filter(|&(d, _)| d.sqrt() <= self.flat / ROOT3)
            .map(|(_, h)| h)
    }

    pub fn hex_path(&self, cr: &Context, hex: Hex, inset: f64) {
        let (cx, cy) = self.centre(hex);
        let r = self.flat / ROOT3 - inset;
        hexagon(cr, cx, cy, r);
    }

    /// The border of an area of hexes: every side between a hex of `area` and one outside
    /// it, as lines (to be stroked with round ends, which close the corners).
    pub fn border_path(&self, cr: &Context, area: &BTreeSet<Hex>) {
        for hex in area {
            for side in (0..6).filter(|d| !area.contains(&hex.neighbour(*d))) {
                self.side_path(cr, *hex, side);
            }
        }
    }

    /// The side of `hex` it shares with its neighbour in `direction`, as a line.
    fn side_path(&self, cr: &Context, hex: Hex, direction: u8) {
        let (cx, cy) = self.centre(hex);
        let (nx, ny) = self.centre(hex.neighbour(direction));
        // The side's two corners lie 30° either side of the way to the neighbour.
        let towards = (ny - cy).atan2(nx - cx);
        let r = self.flat / ROOT3;
        let corner = |a: f64| (cx + r * a.cos(), cy + r * a.sin());
        let (a, b) = (corner(towards - TAU / 12.0), corner(towards + TAU / 12.0));
        cr.move_to(a.0, a.1);
        cr.line_to(b.0, b.1);
    }

    pub fn hexes(&self) -> impl Iterator<Item = Hex> + '_ {
        (self.col0..self.col0 + self.cols)
            .flat_map(move |x| (self.row0..self.row0 + self.rows).map(move |y| (x, y)))
            .map(|(x, y)| Hex::from_offset(x, y))
    }
}

/// The hex the shown part is centred on: the helicopter flying, else yours, else the landing
/// zone or the entry.
pub fn focus(g: &ChopperPilot, tac: &Tac) -> Hex {
    let flying = |h: usize| tac.flying(h).map(|f| f.hex);
    g.active_helicopter()
        .and_then(flying)
        .or_else(|| g.mission.as_ref().and_then(|m| flying(m.yours)))
        .or(tac.lz)
        .unwrap_or(tac.entry)
}

/// The helicopter whose weapon arcs are drawn: the one flying, else yours.
fn armed(g: &ChopperPilot, tac: &Tac) -> Option<usize> {
    g.active_helicopter()
        .or_else(|| g.mission.as_ref().map(|m| m.yours))
        .filter(|&h| tac.flying(h).is_some())
}

pub fn terrain_colour(id: &str) -> Rgb {
    Rgb::hex(match id {
        "clear" => 0xE6DFB0,
        "paddy" => 0xB7D68E,
        "road" => 0xD9C08E,
        "grass" => 0xCFCB6E,
        "woods" => 0x86B463,
        "jungle" => 0x3F7A3A,
        "village" => 0xCDB79A,
        "stream" => 0x9CCBE8,
        "river" => 0x4F8FD0,
        "lake" => 0x3C78C0,
        "gorge" => 0x8A7A6A,
        _ => 0xCCCCCC,
    })
}

/// Colours of the weapon arcs, in the Info Card's order of weapons.
pub const ARC_COLOURS: [u32; 4] = [0xE53935, 0x1E88E5, 0x8E24AA, 0xFB8C00];

/// How the map's base (its ground and terrain, see [`draw_base`]) comes onto the area.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base {
    /// Drawn here, as on paper.
    Draw,
    /// Already there: the window copied it from its bitmap of the same drawing.
    Painted,
}

/// Draws the Tactical Map into an area of `w × h` millimetres.
#[allow(clippy::too_many_arguments)]
pub fn draw(
    cr: &Context,
    g: &ChopperPilot,
    tac: &Tac,
    w: f64,
    h: f64,
    targets: &[String],
    hovered: Option<&str>,
    base: Base,
) -> Result<(), cairo::Error> {
    let frame = Frame::new(tac, focus(g, tac), w, h);
    if base == Base::Draw {
        draw_base(cr, tac, &frame, w, h)?;
    }
    // The title lies in its band above the hexes, apart from the terrain.
    let title = crate::engine::message::msg("Tactical Map, turn {turn}")
        .arg("turn", tac.turn)
        .render();
    Rgb::WHITE.set(cr);
    text(cr, 3.0, 1.5, &title, &Font::bold(4.2), Align::Left);
    draw_arcs(cr, g, tac, &frame)?;
    draw_markers(cr, tac, &frame)?;
    draw_reach(cr, tac, &frame, targets)?;
    for u in tac.units.iter().filter(|u| frame.shows(u.hex)) {
        let stack: Vec<&Unit> = tac.units_in(u.hex).collect();
        let k = stack.iter().position(|x| x.id == u.id).unwrap_or(0);
        draw_unit(cr, u, &frame, k, targets, hovered)?;
    }
    for (i, place) in tac.places.iter().enumerate() {
        if let Place::On(f) = place
            && frame.shows(f.hex)
        {
            let id = format!("helicopter:{i}");
            let heli = &g.mission().flight[i];
            draw_helicopter(
                cr,
                &frame,
                HeliMark {
                    hex: f.hex,
                    facing: f.facing,
                    altitude: f.altitude,
                    kind: heli.kind,
                    number: heli.number,
                    yours: i == g.mission().yours,
                    active: g.active_helicopter() == Some(i),
                    target: targets.contains(&id),
                    hovered: hovered == Some(id.as_str()),
                },
            )?;
        }
    }
    if let Some(hex) = hovered.and_then(target_hex) {
        draw_route(cr, g, &frame, hex, w, h)?;
    }
    Ok(())
}

/// The hexes the helicopter flying can reach (the targets of its routes): the area's border,
/// lightly drawn (every hex outlined took a third of a frame).
fn draw_reach(
    cr: &Context,
    tac: &Tac,
    frame: &Frame,
    targets: &[String],
) -> Result<(), cairo::Error> {
    let reach: BTreeSet<Hex> = targets
        .iter()
        .filter_map(|t| target_hex(t))
        .filter(|hex| frame.shows(*hex) && tac.ground.layout.contains(*hex))
        .collect();
    if !reach.is_empty() {
        frame.border_path(cr, &reach);
        Rgb::hex(0xFFEB3B).with_alpha(cr, 0.8);
        cr.set_line_width(frame.flat * 0.06);
        cr.set_line_cap(cairo::LineCap::Round);
        cr.stroke()?;
        cr.set_line_cap(cairo::LineCap::Butt);
    }
    Ok(())
}

/// The hovered hex: the route there with its cost in movement points, or why the helicopter
/// cannot fly there now — both the rules' answer ([`ChopperPilot::route`]).
fn draw_route(
    cr: &Context,
    g: &ChopperPilot,
    frame: &Frame,
    hex: Hex,
    w: f64,
    h: f64,
) -> Result<(), cairo::Error> {
    let Some(active) = g.active_helicopter() else {
        return Ok(());
    };
    let font = Font::bold((frame.flat * 0.42).clamp(2.6, 4.5));
    match g.route(active, hex) {
        Ok(route) => {
            Rgb::hex(0xFF6D00).set(cr);
            cr.set_line_width(frame.flat * 0.12);
            cr.set_line_cap(cairo::LineCap::Round);
            cr.set_line_join(cairo::LineJoin::Round);
            for (i, x) in route.hexes.iter().enumerate() {
                let (px, py) = frame.centre(*x);
                if i == 0 {
                    cr.move_to(px, py);
                } else {
                    cr.line_to(px, py);
                }
            }
            cr.stroke()?;
            frame.hex_path(cr, hex, frame.flat * 0.06);
            cr.set_line_width(frame.flat * 0.1);
            cr.stroke()?;
            // Translators: the cost of a route on the Tactical Map, in movement points.
            let label = crate::engine::message::msg("{cost} MP")
                .arg("cost", route.cost)
                .render();
            let (cx, cy) = frame.centre(hex);
            let (tw, th) = measure(cr, &label, &font, None);
            let (bx, by) = (cx - tw / 2.0 - 1.0, cy - frame.flat * 0.5 - th - 1.5);
            rounded_rect(cr, bx, by, tw + 2.0, th + 1.0, 1.0);
            Rgb::hex(0xFF6D00).set(cr);
            cr.fill()?;
            Rgb::WHITE.set(cr);
            text(cr, cx, by + 0.5, &label, &font, Align::Center);
        }
        Err(why) => {
            frame.hex_path(cr, hex, frame.flat * 0.06);
            Rgb::hex(0xD32F2F).set(cr);
            cr.set_line_width(frame.flat * 0.1);
            cr.stroke()?;
            let why = why.render();
            let small = Font::sans((frame.flat * 0.36).clamp(2.4, 3.8));
            let width = (w * 0.6).min(120.0);
            let (_, th) = measure(cr, &why, &small, Some(width));
            let (bx, by) = ((w - width) / 2.0, h - th - 4.0);
            rounded_rect(cr, bx - 1.5, by - 1.0, width + 3.0, th + 2.0, 1.2);
            Rgb::hex(0x212121).with_alpha(cr, 0.85);
            cr.fill()?;
            Rgb::WHITE.set(cr);
            paragraph(cr, bx, by, width, &why, &small, Align::Center);
        }
    }
    Ok(())
}

/// What changes only when the part of the map shown does (it follows the helicopter flying)
/// or the map itself does: the area's dark ground and the terrain of the shown hexes.
pub fn draw_base(
    cr: &Context,
    tac: &Tac,
    frame: &Frame,
    w: f64,
    h: f64,
) -> Result<(), cairo::Error> {
    Rgb::hex(0x2B3A2E).set(cr);
    cr.rectangle(0.0, 0.0, w, h);
    cr.fill()?;
    draw_terrain(cr, &tac.ground, frame)
}

/// The terrain of the shown hexes: fills, hills, trees and huts, and the hex grid.
pub fn draw_terrain(cr: &Context, ground: &Ground, frame: &Frame) -> Result<(), cairo::Error> {
    // One fill per terrain: a map of several hundred hexes in a dozen paths.
    for t in &data().terrain {
        let mut any = false;
        for hex in frame.hexes().filter(|h| ground.at(*h).id == t.id) {
            frame.hex_path(cr, hex, 0.0);
            any = true;
        }
        if any {
            terrain_colour(&t.id).set(cr);
            cr.fill()?;
        }
    }
    // Hills: a brown contour inside the hex.
    Rgb::hex(0x7A5530).with_alpha(cr, 0.8);
    cr.set_line_width(frame.flat * 0.06);
    for hex in frame.hexes().filter(|h| ground.hill(*h)) {
        frame.hex_path(cr, hex, frame.flat * 0.14);
    }
    cr.stroke()?;
    // Trees and huts, small enough to read the counters over them.
    Rgb::hex(0x24502A).with_alpha(cr, 0.7);
    for hex in frame.hexes() {
        let id = ground.at(hex).id.as_str();
        if id == "jungle" || id == "woods" {
            let (x, y) = frame.centre(hex);
            let r = frame.flat * 0.09;
            for (dx, dy) in [(-0.22, 0.18), (0.22, 0.18), (0.0, -0.2)] {
                cr.new_sub_path();
                cr.arc(x + dx * frame.flat, y + dy * frame.flat, r, 0.0, TAU);
            }
        }
    }
    cr.fill()?;
    Rgb::hex(0x6E5A44).set(cr);
    for hex in frame.hexes() {
        if ground.at(hex).id == "village" {
            let (x, y) = frame.centre(hex);
            let s = frame.flat * 0.16;
            cr.rectangle(x - s, y - s * 0.2, 2.0 * s, 1.2 * s);
            cr.move_to(x - 1.3 * s, y - 0.1 * s);
            cr.line_to(x, y - 1.2 * s);
            cr.line_to(x + 1.3 * s, y - 0.1 * s);
            cr.close_path();
        }
    }
    cr.fill()?;
    Rgb::hex(0x555040).with_alpha(cr, 0.55);
    cr.set_line_width(frame.flat * 0.02);
    for hex in frame.hexes() {
        frame.hex_path(cr, hex, 0.0);
    }
    cr.stroke()
}

/// The hexes each weapon of the armed helicopter covers, tinted in its colour, and the
/// spotting range as a dotted line.
fn draw_arcs(cr: &Context, g: &ChopperPilot, tac: &Tac, frame: &Frame) -> Result<(), cairo::Error> {
    let Some(h) = armed(g, tac) else {
        return Ok(());
    };
    let f = tac.flying(h).expect("armed helicopters fly");
    let spec = data().helicopter(g.mission().flight[h].kind);
    draw_weapon_arcs(cr, frame, spec, f.hex, f.facing)
}

/// The hexes each weapon of a helicopter of type `spec` at `hex` facing `facing` covers,
/// tinted in the weapon's colour (the map and the printed arc reference share it). Each
/// weapon's hexes are filled as one area and only the area's border is stroked: outlining
/// every hex took most of a frame.
pub fn draw_weapon_arcs(
    cr: &Context,
    frame: &Frame,
    spec: &HelicopterSpec,
    hex: Hex,
    facing: u8,
) -> Result<(), cairo::Error> {
    for (w, weapon) in spec.weapons.iter().enumerate() {
        let covered: BTreeSet<Hex> = frame
            .hexes()
            .filter(|x| weapon_covers(weapon, hex, facing, *x))
            .collect();
        if covered.is_empty() {
            continue;
        }
        let colour = Rgb::hex(ARC_COLOURS[w % ARC_COLOURS.len()]);
        for x in &covered {
            frame.hex_path(cr, *x, 0.0);
        }
        colour.with_alpha(cr, 0.22);
        cr.fill()?;
        frame.border_path(cr, &covered);
        colour.with_alpha(cr, 0.6);
        cr.set_line_width(frame.flat * 0.03);
        // Round ends close the corners where two sides of the border meet.
        cr.set_line_cap(cairo::LineCap::Round);
        cr.stroke()?;
        cr.set_line_cap(cairo::LineCap::Butt);
    }
    Ok(())
}

fn draw_markers(cr: &Context, tac: &Tac, frame: &Frame) -> Result<(), cairo::Error> {
    let label = |cr: &Context, hex: Hex, s: &str, colour: u32| -> Result<(), cairo::Error> {
        if !frame.shows(hex) {
            return Ok(());
        }
        let (x, y) = frame.centre(hex);
        Rgb::hex(colour).with_alpha(cr, 0.85);
        cr.set_line_width(frame.flat * 0.09);
        frame.hex_path(cr, hex, frame.flat * 0.06);
        cr.stroke()?;
        Rgb::hex(colour).set(cr);
        fitted_text(
            cr,
            x,
            y + frame.flat * 0.18,
            frame.flat * 0.8,
            s,
            frame.flat * 0.24,
            true,
        );
        Ok(())
    };
    if let Some(lz) = tac.lz {
        label(cr, lz, &gettext("LZ"), 0x2E7D32)?;
    }
    label(cr, tac.entry, &gettext("IN"), 0x1565C0)?;
    label(cr, tac.exit, &gettext("OUT"), 0xB71C1C)?;
    if let Some(s) = &tac.search {
        label(cr, s.start, &gettext("SEARCH"), 0x6A1B9A)?;
    }
    for hex in tac.suppressed.iter().filter(|h| frame.shows(**h)) {
        let (x, y) = frame.centre(*hex);
        Rgb::hex(0xF9A825).set(cr);
        fitted_text(
            cr,
            x,
            y - frame.flat * 0.46,
            frame.flat * 0.6,
            "SP",
            frame.flat * 0.2,
            true,
        );
    }
    for s in tac.strikes.iter().filter(|s| frame.shows(s.hex)) {
        let (x, y) = frame.centre(s.hex);
        let r = frame.flat * 0.42;
        Rgb::hex(0xD50000).set(cr);
        cr.set_line_width(frame.flat * 0.05);
        cr.new_sub_path();
        cr.arc(x, y, r, 0.0, TAU);
        cr.move_to(x - r * 1.2, y);
        cr.line_to(x + r * 1.2, y);
        cr.move_to(x, y - r * 1.2);
        cr.line_to(x, y + r * 1.2);
        cr.stroke()?;
        let what = match s.kind {
            StrikeKind::Air { .. } | StrikeKind::Strafing => gettext("AIR"),
            StrikeKind::Artillery => gettext("ARTY"),
            StrikeKind::Mortar => gettext("MORTAR"),
        };
        fitted_text(
            cr,
            x,
            y + r,
            frame.flat * 0.9,
            &what,
            frame.flat * 0.2,
            true,
        );
    }
    Ok(())
}

/// The counter colour and short code of a unit type (its id in `units.toml`).
pub fn counter_look(unit: &str) -> (u32, &'static str) {
    let Some(spec) = data().unit(unit) else {
        return (0x777777, "?");
    };
    let colour = match spec.side {
        Side::Us => 0x556B2F,
        Side::Enemy if unit.starts_with("nva") => 0xC62828,
        Side::Enemy => 0x111111,
        Side::Neutral => 0xC8A165,
    };
    let code = match (spec.class, unit) {
        (_, id) if id.ends_with("_hq") => "HQ",
        (Class::Fireteam, _) => "FT",
        (Class::Rpg, _) => "RPG",
        (Class::Hmg, _) => "HMG",
        (Class::Crew, _) => "CREW",
        (Class::Cargo, "wounded") => "WIA",
        (Class::Cargo, _) => "SUP",
        (Class::Vip, id) if id.contains("pows") => "POW",
        (Class::Vip, _) => "VIP",
        (Class::Villagers, _) => "VIL",
        (Class::Animal, _) => "BUF",
    };
    (colour, code)
}

/// A unit's counter, `s` millimetres square from (x, y): its side's colour, its short code and,
/// once it has lost a step, a bar.
pub fn draw_counter(
    cr: &Context,
    x: f64,
    y: f64,
    s: f64,
    unit: &str,
    damaged: bool,
) -> Result<(), cairo::Error> {
    let (colour, code) = counter_look(unit);
    rounded_rect(cr, x, y, s, s, s * 0.12);
    Rgb::hex(colour).set(cr);
    cr.fill_preserve()?;
    Rgb::WHITE.set(cr);
    cr.set_line_width(s * 0.05);
    cr.stroke()?;
    fitted_text(cr, x + s / 2.0, y + s * 0.12, s * 0.9, code, s * 0.34, true);
    if damaged {
        Rgb::hex(0xFFD54F).set(cr);
        cr.rectangle(x + s * 0.1, y + s * 0.72, s * 0.8, s * 0.1);
        cr.fill()?;
    }
    Ok(())
}

fn draw_unit(
    cr: &Context,
    u: &Unit,
    frame: &Frame,
    k: usize,
    targets: &[String],
    hovered: Option<&str>,
) -> Result<(), cairo::Error> {
    let (cx, cy) = frame.centre(u.hex);
    let s = frame.flat * 0.58;
    let off = k as f64 * frame.flat * 0.1;
    let (x, y) = (cx - s / 2.0 + off, cy - s / 2.0 + off);
    draw_counter(cr, x, y, s, &u.unit, u.damaged)?;
    if u.objective {
        Rgb::hex(0xFFD54F).set(cr);
        cr.new_sub_path();
        cr.arc(x + s * 0.85, y + s * 0.15, s * 0.12, 0.0, TAU);
        cr.fill()?;
    }
    if !u.spotted {
        // The Unspotted marker over it: a grey band with a question mark.
        Rgb::hex(0x9E9E9E).with_alpha(cr, 0.8);
        cr.rectangle(x, y + s * 0.5, s, s * 0.5);
        cr.fill()?;
        Rgb::BLACK.set(cr);
        fitted_text(cr, x + s / 2.0, y + s * 0.52, s * 0.9, "?", s * 0.36, true);
    }
    let id = format!("unit:{}", u.id);
    ring(
        cr,
        x,
        y,
        s,
        targets.contains(&id),
        hovered == Some(id.as_str()),
    )
}

/// The highlight of a counter a choice is about.
fn ring(
    cr: &Context,
    x: f64,
    y: f64,
    s: f64,
    target: bool,
    hovered: bool,
) -> Result<(), cairo::Error> {
    if !(target || hovered) {
        return Ok(());
    }
    Rgb::hex(if hovered { 0xFF6D00 } else { 0xFFEB3B }).set(cr);
    cr.set_line_width(s * if hovered { 0.16 } else { 0.1 });
    rounded_rect(cr, x - s * 0.1, y - s * 0.1, s * 1.2, s * 1.2, s * 0.2);
    cr.stroke()
}

/// What is drawn of a helicopter on the map.
pub struct HeliMark {
    pub hex: Hex,
    pub facing: u8,
    pub altitude: Altitude,
    pub kind: HeloType,
    pub number: u8,
    pub yours: bool,
    pub active: bool,
    pub target: bool,
    pub hovered: bool,
}

pub fn altitude_letter(a: Altitude) -> &'static str {
    match a {
        Altitude::Landed => "G",
        Altitude::Noe => "N",
        Altitude::Low => "L",
        Altitude::Medium => "M",
    }
}

/// What the map and the markers call a helicopter: its type's letter and its number ("H1").
pub fn call_sign(kind: HeloType, number: u8) -> String {
    let letter = match kind {
        HeloType::Huey => "H",
        HeloType::Cobra => "C",
        HeloType::Loach => "L",
    };
    format!("{letter}{number}")
}

/// A helicopter: a round counter, its nose as an arrow, its number and its altitude.
pub fn draw_helicopter(cr: &Context, frame: &Frame, m: HeliMark) -> Result<(), cairo::Error> {
    let (x, y) = frame.centre(m.hex);
    let r = frame.flat * 0.34;
    let heading = f64::from(m.facing) * TAU / 6.0 - TAU / 4.0;
    let (dx, dy) = (heading.cos(), heading.sin());
    // The nose arrow.
    Rgb::hex(0x1B1B1B).set(cr);
    cr.move_to(x + dx * r * 1.45, y + dy * r * 1.45);
    cr.line_to(x - dy * r * 0.6, y + dx * r * 0.6);
    cr.line_to(x + dy * r * 0.6, y - dx * r * 0.6);
    cr.close_path();
    cr.fill()?;
    cr.new_sub_path();
    cr.arc(x, y, r, 0.0, TAU);
    Rgb::hex(match m.kind {
        HeloType::Huey => 0x4E5B31,
        HeloType::Cobra => 0x37474F,
        HeloType::Loach => 0x6D4C41,
    })
    .set(cr);
    cr.fill_preserve()?;
    Rgb::hex(if m.yours { 0xFFD600 } else { 0xFFFFFF }).set(cr);
    cr.set_line_width(r * if m.yours { 0.22 } else { 0.1 });
    cr.stroke()?;
    Rgb::WHITE.set(cr);
    fitted_text(
        cr,
        x,
        y - r * 0.62,
        r * 1.7,
        &call_sign(m.kind, m.number),
        r * 0.8,
        true,
    );
    // Altitude in a badge below-right.
    let (bx, by) = (x + r * 0.75, y + r * 0.45);
    Rgb::hex(0xFAFAFA).set(cr);
    cr.new_sub_path();
    cr.arc(bx, by, r * 0.42, 0.0, TAU);
    cr.fill()?;
    Rgb::BLACK.set(cr);
    fitted_text(
        cr,
        bx,
        by - r * 0.34,
        r * 0.7,
        altitude_letter(m.altitude),
        r * 0.56,
        true,
    );
    if m.active || m.target || m.hovered {
        Rgb::hex(if m.hovered {
            0xFF6D00
        } else if m.target {
            0xFFEB3B
        } else {
            0x00E5FF
        })
        .set(cr);
        cr.set_line_width(r * 0.16);
        cr.new_sub_path();
        cr.arc(x, y, r * 1.3, 0.0, TAU);
        cr.stroke()?;
    }
    Ok(())
}

/// The choice target under a point of the map: a unit or a helicopter a choice names.
pub fn hit(
    g: &ChopperPilot,
    tac: &Tac,
    w: f64,
    h: f64,
    x: f64,
    y: f64,
    targets: &[String],
) -> Option<String> {
    let frame = Frame::new(tac, focus(g, tac), w, h);
    let hex = frame.hex_at(x, y)?;
    let helicopters = tac.places.iter().enumerate().filter_map(|(i, p)| match p {
        Place::On(f) if f.hex == hex => Some(format!("helicopter:{i}")),
        _ => None,
    });
    let units = tac.units_in(hex).map(|u| format!("unit:{}", u.id));
    helicopters
        .chain(units)
        .find(|id| targets.contains(id))
        // While a helicopter flies, any hex of the map answers: hovering one shows the route
        // there and its cost, or why there is none.
        .or_else(|| {
            (g.active_helicopter().is_some() && tac.ground.layout.contains(hex))
                .then(|| hex_target(hex))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::chopper_pilot::rules::hex::Layout;

    #[test]
    fn every_shown_hex_is_found_again_under_its_centre_and_near_its_corners() {
        let layout = Layout::new(vec![vec![1, 2]], 38, 21);
        let tac_ground = Ground::grow(layout);
        let (w, _) = tac_ground.layout.size();
        assert_eq!(w, 76);
        let frame = Frame {
            col0: 10,
            row0: 2,
            cols: MAX_COLUMNS,
            rows: MAX_ROWS,
            flat: 8.0,
            ox: 1.0,
            oy: TITLE,
        };
        for hex in frame.hexes() {
            let (x, y) = frame.centre(hex);
            assert_eq!(frame.hex_at(x, y), Some(hex));
            assert_eq!(frame.hex_at(x + 0.4 * 8.0, y + 0.1 * 8.0), Some(hex));
            // The neighbours of a hex are one hex across the flats away.
            for d in 0..6 {
                let n = hex.neighbour(d);
                if frame.shows(n) {
                    let (nx, ny) = frame.centre(n);
                    let dist = ((nx - x).powi(2) + (ny - y).powi(2)).sqrt();
                    assert!((dist - 8.0).abs() < 1e-6, "{hex:?} → {n:?}: {dist}");
                }
            }
        }
        assert_eq!(frame.hex_at(-50.0, -50.0), None);
    }
}
