//! The printed counters (digest 10.4), front and back: the ground units of `units.toml` (the
//! reduced side behind a unit of two steps), two per helicopter airframe (altitudes G/N and
//! L/M), a counter per crew member of `crew.toml`, and the markers of the tactical map and the
//! Crew Board, each as many times as the counter mix of `units.toml` says (digest G19). The
//! unit and helicopter faces are the map's own counters.

use cairo::Context;

use crate::art::draw::{
    Align, Rgb, condensed, fitted_text, measure, paragraph, rounded_rect, text,
};
use crate::games::chopper_pilot::rules::content::{BioKind, HeloType, data};
use crate::games::chopper_pilot::rules::hex::Hex;
use crate::games::chopper_pilot::rules::movement::Altitude;
use crate::i18n::gettext;

use super::tactical::{Frame, HeliMark, draw_counter, draw_helicopter};

/// 5/8 inch, rounded to the millimetre.
pub const COUNTER_MM: f64 = 16.0;

/// One side of a counter.
#[derive(Clone, Debug, PartialEq)]
pub enum Face {
    /// A ground unit of `units.toml`, full strength or reduced.
    Unit {
        id: String,
        reduced: bool,
    },
    Helicopter {
        kind: HeloType,
        number: u8,
        altitude: Altitude,
    },
    /// A crew member's name counter.
    Crew {
        name: String,
        pilot: bool,
    },
    /// A marker: its words and its colour.
    Marker {
        text: String,
        colour: u32,
    },
    Blank,
}

/// Every counter, (front, back), in printing order.
pub fn counter_sheet() -> Vec<(Face, Face)> {
    let d = data();
    let mut faces = Vec::new();
    for u in &d.units {
        let n = d.counters_of(&u.id);
        let front = Face::Unit {
            id: u.id.clone(),
            reduced: false,
        };
        let back = if u.steps > 1 {
            Face::Unit {
                id: u.id.clone(),
                reduced: true,
            }
        } else {
            Face::Blank
        };
        faces.extend(std::iter::repeat_n((front, back), n));
    }
    for spec in &d.helicopters {
        for number in 1..=spec.airframes {
            let side = |altitude| Face::Helicopter {
                kind: spec.id,
                number,
                altitude,
            };
            faces.push((side(Altitude::Landed), side(Altitude::Noe)));
            faces.push((side(Altitude::Low), side(Altitude::Medium)));
        }
    }
    for b in &d.bios {
        let face = Face::Crew {
            name: b.name.clone(),
            pilot: b.kind == BioKind::Pilot,
        };
        faces.push((face.clone(), face));
    }
    let marker = |text: String, colour: u32| Face::Marker { text, colour };
    for (piece, text, colour) in [
        ("smoke", gettext("SMOKE"), 0x9E9E9E),
        ("target", gettext("TARGET"), 0xC62828),
        ("air_strike", gettext("AIR STRIKE"), 0xD50000),
        ("artillery", gettext("ARTY"), 0xD50000),
        // The tables' code for a suppressed unit, printed as the tables print it.
        ("suppressed", "SUP".to_owned(), 0xF9A825),
        ("unspotted", gettext("UNSPOTTED"), 0x757575),
        ("actions_over", gettext("ACTIONS OVER"), 0x455A64),
        ("wreck", gettext("WRECK"), 0x4E342E),
        ("crash", gettext("CRASH"), 0x212121),
        ("wounded_marker", gettext("WOUNDED"), 0xAD1457),
        ("supplies_marker", gettext("SUPPLIES"), 0x6D4C41),
        ("your_flight", gettext("YOUR FLIGHT"), 0x4E5B31),
        ("pow", gettext("POW"), 0x37474F),
    ] {
        faces.extend(std::iter::repeat_n(
            (marker(text, colour), Face::Blank),
            d.counters_of(piece),
        ));
    }
    // The Crew Board's markers, in sets.
    for _ in 0..d.counters_of("skill_digits") {
        for n in 0..=9 {
            let digit = marker(n.to_string(), 0x1565C0);
            faces.push((digit.clone(), digit));
        }
    }
    for _ in 0..d.counters_of("experience") {
        for level in d.experience.chunks(2) {
            let name = |k: usize| level.get(k).map_or(String::new(), |e| gettext(&e.name));
            faces.push((marker(name(0), 0x33402A), marker(name(1), 0x33402A)));
        }
    }
    for _ in 0..d.counters_of("skill_drm") {
        faces.push((marker("+1".into(), 0x2E7D32), marker("+2".into(), 0x2E7D32)));
    }
    for _ in 0..d.counters_of("luck") {
        for n in 1..=d.career.luck_max {
            faces.push((
                marker(format!("LF {n}"), 0x6A1B9A),
                marker(gettext("LF USED"), 0x424242),
            ));
        }
    }
    faces
}

/// Draws one side of a counter over its bleed.
pub fn draw_face(cr: &Context, face: &Face, bleed: f64) -> Result<(), cairo::Error> {
    let s = COUNTER_MM;
    let ground = |cr: &Context, colour: u32| -> Result<(), cairo::Error> {
        Rgb::hex(colour).set(cr);
        cr.rectangle(-bleed, -bleed, s + 2.0 * bleed, s + 2.0 * bleed);
        cr.fill()
    };
    match face {
        Face::Unit { id, reduced } => {
            let (colour, _) = super::tactical::counter_look(id);
            ground(cr, colour)?;
            draw_counter(cr, 0.0, 0.0, s, id, *reduced)?;
            let Some(u) = data().unit(id) else {
                return Ok(());
            };
            Rgb::WHITE.set(cr);
            if u.class.fights() {
                fitted_text(cr, 3.4, 1.4, 2.6, &u.morale.to_string(), 2.3, true);
                fitted_text(cr, s - 3.4, 1.4, 2.6, &u.range.to_string(), 2.3, true);
            }
            fitted_text(cr, s - 3.4, s - 4.6, 2.6, &u.mp.to_string(), 2.3, true);
            // The name in small type, on two lines when one is too short for it.
            let name = gettext(&u.name);
            let font = condensed(1.8, false);
            let (w, _) = measure(cr, &name, &font, None);
            if w <= s - 2.5 {
                text(cr, s / 2.0, s * 0.5, &name, &font, Align::Center);
            } else {
                let font = condensed(1.6, false);
                paragraph(cr, 1.25, s * 0.46, s - 2.5, &name, &font, Align::Center);
            }
            if *reduced {
                // The reduced side: a red slash across the lower-left corner.
                Rgb::hex(0xE53935).set(cr);
                cr.set_line_width(0.7);
                cr.move_to(1.2, s - 6.0);
                cr.line_to(6.0, s - 1.2);
                cr.stroke()?;
            }
        }
        Face::Helicopter {
            kind,
            number,
            altitude,
        } => {
            ground(cr, 0xDCD6C0)?;
            // The map's helicopter, centred in a one-hex frame as big as the counter.
            let frame = Frame::over(0, 0, 1, 1, s, s, 0.0);
            draw_helicopter(
                cr,
                &frame,
                HeliMark {
                    hex: Hex::from_offset(0, 0),
                    facing: 0,
                    altitude: *altitude,
                    kind: *kind,
                    number: *number,
                    yours: false,
                    active: false,
                    target: false,
                    hovered: false,
                },
            )?;
            Rgb::hex(0x33402A).set(cr);
            fitted_text(cr, s / 2.0, s - 3.0, s - 2.0, "ARMY", 2.2, true);
        }
        Face::Crew { name, pilot } => {
            ground(cr, 0x556B2F)?;
            Rgb::WHITE.set(cr);
            let surname = name.split_whitespace().last().unwrap_or(name);
            fitted_text(cr, s / 2.0, s * 0.3, s - 2.0, surname, 3.0, true);
            let seat = if *pilot {
                gettext("Pilot")
            } else {
                gettext("Gunner")
            };
            fitted_text(cr, s / 2.0, s * 0.58, s - 2.0, &seat, 2.2, false);
        }
        Face::Marker { text, colour } => {
            ground(cr, *colour)?;
            rounded_rect(cr, 1.0, 1.0, s - 2.0, s - 2.0, 1.2);
            Rgb::WHITE.set(cr);
            cr.set_line_width(0.3);
            cr.stroke()?;
            fitted_text(cr, s / 2.0, s / 2.0 - 1.6, s - 3.0, text, 3.0, true);
        }
        Face::Blank => ground(cr, 0xBDBDBD)?,
    }
    Ok(())
}
