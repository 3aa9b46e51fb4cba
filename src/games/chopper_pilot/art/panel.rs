//! The flight beside the map: one row per helicopter (where it is, its altitude, what it
//! carries, how hurt it is), a row to click when a choice is about it, and the Info Card of
//! the helicopter flying (or yours) with its damage tracks and its weapons in their arc colours.

use cairo::Context;

use crate::art::draw::{Font, Rgb, fitted_left, rounded_rect};
use crate::engine::message::msg;
use crate::games::chopper_pilot::rules::ChopperPilot;
use crate::games::chopper_pilot::rules::content::{
    Colour, HelicopterSpec, System, WeaponSpec, data,
};
use crate::games::chopper_pilot::rules::state::HeloStatus;
use crate::games::chopper_pilot::rules::tactical::Place;
use crate::i18n::gettext;

use super::tactical::{ARC_COLOURS, altitude_letter};

const ROW_H: f64 = 12.5;
const TOP: f64 = 9.0;

fn row_top(i: usize) -> f64 {
    TOP + i as f64 * (ROW_H + 1.0)
}

/// The helicopter row under a point, among the legal targets.
pub fn hit(g: &ChopperPilot, w: f64, x: f64, y: f64, targets: &[String]) -> Option<String> {
    let m = g.mission.as_ref()?;
    if !(1.0..=w - 1.0).contains(&x) {
        return None;
    }
    (0..m.flight.len()).find_map(|i| {
        let id = format!("helicopter:{i}");
        let top = row_top(i);
        ((top..=top + ROW_H).contains(&y) && targets.contains(&id)).then_some(id)
    })
}

/// Where helicopter `i` is, in a few words.
fn whereabouts(g: &ChopperPilot, i: usize) -> String {
    let m = g.mission();
    let heli = &m.flight[i];
    match heli.status {
        HeloStatus::Down => return gettext("forced down"),
        HeloStatus::Crashed => return gettext("crashed"),
        HeloStatus::Flying => {}
    }
    match m
        .tac
        .as_ref()
        .filter(|_| !m.returning)
        .map(|t| &t.places[i])
    {
        Some(Place::On(f)) => msg("{hex}, altitude {altitude}")
            .arg("hex", g.hex_name(f.hex))
            .arg("altitude", altitude_letter(f.altitude))
            .render(),
        Some(Place::Off) => gettext("waiting to enter"),
        Some(Place::Exited) => gettext("left the map"),
        Some(Place::Gone) => gettext("lost"),
        None => gettext("with the flight"),
    }
}

pub fn draw(
    cr: &Context,
    g: &ChopperPilot,
    w: f64,
    h: f64,
    targets: &[String],
    hovered: Option<&str>,
) -> Result<(), cairo::Error> {
    Rgb::hex(0xF1ECDD).set(cr);
    cr.rectangle(0.0, 0.0, w, h);
    cr.fill()?;
    let Some(m) = g.mission.as_ref() else {
        return Ok(());
    };
    Rgb::hex(0x33402A).set(cr);
    fitted_left(
        cr,
        3.0,
        2.0,
        w - 6.0,
        &msg("Mission {number}: the flight")
            .arg("number", m.number)
            .render(),
        Font::bold(4.0),
    );
    let active = g.active_helicopter();
    for (i, heli) in m.flight.iter().enumerate() {
        let top = row_top(i);
        let id = format!("helicopter:{i}");
        rounded_rect(cr, 1.5, top, w - 3.0, ROW_H, 1.2);
        Rgb::hex(if active == Some(i) {
            0xD7EEF5
        } else {
            0xFBF8EE
        })
        .set(cr);
        cr.fill_preserve()?;
        let (hot, target) = (hovered == Some(id.as_str()), targets.contains(&id));
        Rgb::hex(if hot {
            0xFF6D00
        } else if target {
            0xF2C200
        } else {
            0xBDB59A
        })
        .set(cr);
        cr.set_line_width(if hot || target { 0.8 } else { 0.25 });
        cr.stroke()?;
        let title = if g.players() > 1 {
            g.owned_name(i).render()
        } else if i == m.yours {
            msg("{helicopter} (yours)")
                .arg("helicopter", heli.name())
                .render()
        } else {
            heli.name()
        };
        Rgb::hex(0x222222).set(cr);
        fitted_left(cr, 3.0, top + 0.8, w - 6.0, &title, Font::bold(4.0));
        let hurt: u32 = heli.checked.iter().map(|(_, n)| u32::from(*n)).sum();
        let line = msg("{place} · aboard: {passengers} · hits: {hits}")
            .arg("place", whereabouts(g, i))
            .arg("passengers", heli.passengers.len())
            .arg("hits", hurt)
            .render();
        Rgb::hex(0x4A4A40).set(cr);
        fitted_left(cr, 3.0, top + 6.6, w - 6.0, &line, Font::sans(3.5));
    }
    let card = active.unwrap_or(m.yours);
    let y = row_top(m.flight.len()) + 2.0;
    info_card(cr, g, card, 1.5, y, w - 3.0, h - y - 1.5)
}

/// The Info Card of helicopter `i`: each system's track of boxes (white, yellow, red), the
/// hits checked, and its weapons with their arc colours.
fn info_card(
    cr: &Context,
    g: &ChopperPilot,
    i: usize,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
) -> Result<(), cairo::Error> {
    let heli = &g.mission().flight[i];
    let spec = data().helicopter(heli.kind);
    rounded_rect(cr, x, y, w, h, 1.5);
    Rgb::hex(0xFFFFFF).set(cr);
    cr.fill()?;
    Rgb::hex(0x33402A).set(cr);
    fitted_left(
        cr,
        x + 2.0,
        y + 1.2,
        w - 4.0,
        &msg("Info Card: {helicopter}")
            .arg("helicopter", heli.name())
            .render(),
        Font::bold(3.4),
    );
    let lines = spec.tracks.len() + spec.weapons.len() + 1;
    let line_h = ((h - 7.0) / lines as f64).clamp(2.0, 4.4);
    let font = line_h * 0.72;
    let box_x = x + w * 0.52;
    let mut ly = draw_tracks(
        cr,
        spec,
        |system| usize::from(heli.boxes_checked(system)),
        (x + 2.0, box_x),
        y + 6.5,
        (w * 0.5 - 3.0, w * 0.46),
        line_h,
    )?;
    ly += line_h * 0.3;
    for (k, weapon) in spec.weapons.iter().enumerate() {
        Rgb::hex(ARC_COLOURS[k % ARC_COLOURS.len()]).set(cr);
        cr.rectangle(x + 2.0, ly + line_h * 0.15, line_h * 0.6, line_h * 0.6);
        cr.fill()?;
        Rgb::hex(0x222222).set(cr);
        let label = weapon_label(weapon);
        fitted_left(
            cr,
            x + 3.0 + line_h * 0.6,
            ly,
            w - 6.0 - line_h * 0.6,
            &label,
            Font::sans(font),
        );
        ly += line_h;
    }
    Ok(())
}

/// A weapon and its range, as the Info Cards name it.
pub fn weapon_label(weapon: &WeaponSpec) -> String {
    msg("{weapon}: range {range}")
        .term("weapon", weapon.name.clone())
        .arg("range", weapon.range)
        .render()
}

/// The damage tracks of a helicopter type, one line of `line_h` mm per system from `y`: the
/// system's name at `x.0` (in `w.0`), its boxes white, yellow and red at `x.1` (in `w.1`), the
/// first `checked(system)` crossed out. Returns where the next line goes. The Info Card on the
/// screen and the printed one share it.
pub fn draw_tracks(
    cr: &Context,
    spec: &HelicopterSpec,
    checked: impl Fn(System) -> usize,
    x: (f64, f64),
    y: f64,
    w: (f64, f64),
    line_h: f64,
) -> Result<f64, cairo::Error> {
    let font = line_h * 0.72;
    let mut ly = y;
    for track in &spec.tracks {
        Rgb::hex(0x222222).set(cr);
        fitted_left(
            cr,
            x.0,
            ly,
            w.0,
            &gettext(track.system.name()),
            Font::sans(font),
        );
        let checked = checked(track.system);
        let b = (line_h * 0.8).min(w.1 / track.boxes.len().max(1) as f64 - 0.4);
        for (k, colour) in track.boxes.iter().enumerate() {
            let bx = x.1 + k as f64 * (b + 0.4);
            cr.rectangle(bx, ly, b, b);
            Rgb::hex(match colour {
                Colour::White => 0xFFFFFF,
                Colour::Yellow => 0xFFE082,
                Colour::Red => 0xEF9A9A,
            })
            .set(cr);
            cr.fill_preserve()?;
            Rgb::hex(0x555555).set(cr);
            cr.set_line_width(0.2);
            cr.stroke()?;
            if k < checked {
                Rgb::BLACK.set(cr);
                cr.set_line_width(0.35);
                cr.move_to(bx + 0.3, ly + 0.3);
                cr.line_to(bx + b - 0.3, ly + b - 0.3);
                cr.move_to(bx + b - 0.3, ly + 0.3);
                cr.line_to(bx + 0.3, ly + b - 0.3);
                cr.stroke()?;
            }
        }
        ly += line_h;
    }
    Ok(ly)
}
