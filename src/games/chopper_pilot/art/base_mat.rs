//! The Base Mat (digest 10.1, G17): where the fleet's helicopter counters park between
//! missions, one box per airframe; the six hootches where wounded crew members wait out the
//! missions they miss; and a countdown track from 1 to 10 for any count a mission keeps.

use cairo::Context;

use crate::art::draw::{Font, Rgb, fitted_left, fitted_text, rounded_rect};
use crate::engine::message::msg;
use crate::i18n::gettext;

use super::info_card::airframes;
use super::paper::{GREEN, NoteStyle, labelled};

/// The side of a counter (16 mm) and the room a box leaves around it.
const COUNTER: f64 = 16.0;
const GROUND: u32 = 0xEDE7D3;

/// The Base Mat, `w × h` millimetres.
pub fn draw_base_mat(cr: &Context, w: f64, h: f64) -> Result<(), cairo::Error> {
    Rgb::hex(GROUND).set(cr);
    cr.rectangle(0.0, 0.0, w, h);
    cr.fill()?;
    Rgb::hex(GREEN).set(cr);
    cr.rectangle(0.0, 0.0, w, 14.0);
    cr.fill()?;
    Rgb::WHITE.set(cr);
    let title_w = fitted_left(cr, 5.0, 2.5, w * 0.4, &gettext("Base Mat"), Font::bold(6.0));
    let x = 5.0 + title_w + 6.0;
    fitted_left(
        cr,
        x,
        3.6,
        w - x - 5.0,
        &gettext("Camp Radcliff, An Khe · Camp Evans · the MACV-SOG launch site"),
        Font::sans(4.2),
    );
    let margin = 5.0;
    let inner = w - 2.0 * margin;
    // The flight line: one pad for each airframe of the fleet.
    let mut y = 18.0;
    section(
        cr,
        margin,
        y,
        inner,
        &gettext("Flight line"),
        &gettext(
            "Park each helicopter counter on its pad between missions. A helicopter lost on a mission is replaced by a new one of its type before the next.",
        ),
    );
    y += 12.0;
    let pads = airframes();
    let gap = 2.0;
    let pad_w = (inner - gap * (pads.len() as f64 - 1.0)) / pads.len() as f64;
    let pad_h = 36.0;
    for (i, (spec, n)) in pads.iter().enumerate() {
        let px = margin + i as f64 * (pad_w + gap);
        box_with_label(cr, px, y, pad_w, pad_h, &format!("{} {n}", spec.id.name()))?;
        helipad(cr, px + pad_w / 2.0, y + 7.0 + (pad_h - 7.0) / 2.0)?;
    }
    y += pad_h + 6.0;
    // The hootches: a wounded crew member's counter waits out his missions there.
    section(
        cr,
        margin,
        y,
        inner,
        &gettext("Hootches"),
        &gettext(
            "A wounded crew member's counter goes into the hootch numbered with the missions he must miss. After each mission move every counter one hootch down; from hootch 1 he is back on the Crew Board for the next mission.",
        ),
    );
    y += 12.0;
    let huts = 6;
    let hut_w = (inner - gap * (huts as f64 - 1.0)) / huts as f64;
    let hut_h = 40.0;
    for i in 0..huts {
        let hx = margin + i as f64 * (hut_w + gap);
        box_with_label(
            cr,
            hx,
            y,
            hut_w,
            hut_h,
            &msg("Hootch {number}").arg("number", i + 1).render(),
        )?;
        // Room for two counters side by side.
        for k in 0..2 {
            let cx = hx + hut_w / 2.0 + (f64::from(k) - 0.5) * (COUNTER + 2.0);
            counter_place(cr, cx, y + 8.0 + (hut_h - 8.0) / 2.0)?;
        }
    }
    y += hut_h + 6.0;
    // The countdown track.
    section(
        cr,
        margin,
        y,
        inner,
        &gettext("Countdown track"),
        &gettext(
            "For anything a mission counts down (an event's turns, a team's wait): put a marker on the number and move it one down each time; at 0 it is over.",
        ),
    );
    y += 12.0;
    let steps = 10;
    let step_w = (inner - gap * (steps as f64 - 1.0)) / steps as f64;
    let step_h = (h - y - 4.0).clamp(COUNTER + 4.0, 26.0);
    for i in 0..steps {
        let sx = margin + i as f64 * (step_w + gap);
        rounded_rect(cr, sx, y, step_w, step_h, 1.5);
        Rgb::hex(0xF8F5EA).set(cr);
        cr.fill_preserve()?;
        Rgb::hex(GREEN).set(cr);
        cr.set_line_width(0.4);
        cr.stroke()?;
        Rgb::hex(0xC9C0A0).set(cr);
        fitted_text(
            cr,
            sx + step_w / 2.0,
            y + (step_h - 12.0) / 2.0,
            step_w - 2.0,
            &(steps - i).to_string(),
            11.0,
            true,
        );
    }
    Ok(())
}

/// A section's heading with a line of explanation beside it.
fn section(cr: &Context, x: f64, y: f64, w: f64, title: &str, note: &str) {
    let style = NoteStyle {
        label: 4.4,
        note: 3.2,
        max_h: 10.0,
    };
    labelled(cr, x, y, w, None, title, note, style);
}

/// A box with its name in a band at the top.
fn box_with_label(
    cr: &Context,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
    label: &str,
) -> Result<(), cairo::Error> {
    rounded_rect(cr, x, y, w, h, 1.5);
    Rgb::hex(0xF8F5EA).set(cr);
    cr.fill_preserve()?;
    Rgb::hex(GREEN).set(cr);
    cr.set_line_width(0.4);
    cr.stroke()?;
    cr.rectangle(x + 0.6, y + 0.6, w - 1.2, 6.0);
    cr.fill()?;
    Rgb::WHITE.set(cr);
    fitted_text(cr, x + w / 2.0, y + 1.3, w - 2.0, label, 3.4, true);
    Ok(())
}

/// A landing pad: a circle with an H, a counter's room inside.
fn helipad(cr: &Context, cx: f64, cy: f64) -> Result<(), cairo::Error> {
    // A circle of its own, not joined to where the pen last stood.
    cr.new_path();
    cr.arc(cx, cy, COUNTER * 0.75, 0.0, std::f64::consts::TAU);
    Rgb::hex(0xD9D1B5).set(cr);
    cr.fill_preserve()?;
    Rgb::hex(0xB5AA84).set(cr);
    cr.set_line_width(0.5);
    cr.stroke()?;
    let (a, b) = (COUNTER * 0.22, COUNTER * 0.3);
    cr.set_line_width(1.6);
    for dx in [-a, a] {
        cr.move_to(cx + dx, cy - b);
        cr.line_to(cx + dx, cy + b);
    }
    cr.move_to(cx - a, cy);
    cr.line_to(cx + a, cy);
    cr.stroke()?;
    Ok(())
}

/// A dashed square where a counter goes.
fn counter_place(cr: &Context, cx: f64, cy: f64) -> Result<(), cairo::Error> {
    cr.rectangle(cx - COUNTER / 2.0, cy - COUNTER / 2.0, COUNTER, COUNTER);
    Rgb::hex(0xB5AA84).set(cr);
    cr.set_line_width(0.3);
    cr.set_dash(&[1.2, 0.8], 0.0);
    cr.stroke()?;
    cr.set_dash(&[], 0.0);
    Ok(())
}
