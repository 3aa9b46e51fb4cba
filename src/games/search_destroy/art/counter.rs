//! One counter: a face (side colour, a symbol for its kind, attack and movement) or the
//! NLF's back. A counter whose kind the viewer may not know has no face to draw: every such
//! counter gets the one back, so a dummy and a real unit look the same.

use std::f64::consts::TAU;

use cairo::Context;

use crate::art::draw::{self, Rgb};
use crate::games::search_destroy::rules::content::{Class, Side};
use crate::games::search_destroy::rules::state::Unit;

/// Side of a counter in millimetres on the map (a printed counter is half an inch).
pub const SIZE: f64 = 12.7;

/// The ground of the NLF's back and of US counters.
pub const NLF_BACK: Rgb = Rgb(
    0x7A as f64 / 255.0,
    0x1F as f64 / 255.0,
    0x1A as f64 / 255.0,
);
pub const US_GROUND: Rgb = Rgb(
    0x6F as f64 / 255.0,
    0x80 as f64 / 255.0,
    0x41 as f64 / 255.0,
);

fn face_colour(side: Side, class: Option<Class>) -> Rgb {
    match (side, class) {
        (Side::Nlf, Some(Class::Cache)) => Rgb::hex(0xC8A25A),
        (Side::Nlf, Some(Class::Trap)) => Rgb::hex(0x9E3B2E),
        // Casualty markers are pale, so that they read apart from the units [20.0].
        (_, Some(Class::Casualty)) => Rgb::hex(0xF4F1E8),
        (Side::Nlf, _) => Rgb::hex(0x2F2F2F),
        (Side::Us, _) => US_GROUND,
    }
}

/// Draws a counter with its top-left corner at (x, y), `s` millimetres across, with a shadow
/// lifting it off the map. `secret` marks a counter its owner sees face-up that the other side
/// sees only as a back.
pub fn draw_counter(
    cr: &Context,
    unit: &Unit,
    x: f64,
    y: f64,
    s: f64,
    secret: bool,
) -> Result<(), cairo::Error> {
    cr.save()?;
    cr.translate(x, y);
    cr.scale(s / SIZE, s / SIZE);
    Rgb::hex(0x000000).with_alpha(cr, 0.35);
    cr.rectangle(0.6, 0.6, SIZE, SIZE);
    cr.fill()?;
    draw_face(cr, unit, secret)?;
    cr.restore()
}

/// The ground colour of what [`draw_face`] draws for `unit` (the printed sheet runs it into
/// the bleed).
pub fn ground(unit: &Unit) -> Rgb {
    match unit.spec() {
        None => NLF_BACK,
        Some(spec) => face_colour(unit.side, Some(spec.class)),
    }
}

/// One counter as `unit` may be known, [`SIZE`] across with its top-left corner at the origin:
/// its face, or the NLF's back when its kind is unknown; its frame; the marks of `secret` and
/// of a pinned unit.
pub fn draw_face(cr: &Context, unit: &Unit, secret: bool) -> Result<(), cairo::Error> {
    match unit.spec() {
        None => draw_back(cr)?,
        Some(spec) => {
            face_colour(unit.side, Some(spec.class)).set(cr);
            cr.rectangle(0.0, 0.0, SIZE, SIZE);
            cr.fill()?;
            let ink = if unit.side == Side::Nlf
                && !matches!(spec.class, Class::Cache | Class::Casualty)
            {
                Rgb::hex(0xF2E6C8)
            } else {
                Rgb::hex(0x1C1C1C)
            };
            ink.set(cr);
            draw_symbol(cr, &spec.id, spec.class)?;
            // A US unit's designation, top right, as on the printed counters [24.36].
            let designation = unit.org.designation(unit.is("platoon_leader"));
            if unit.side == Side::Us && !designation.is_empty() {
                cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Bold);
                cr.set_font_size(1.8);
                let ext = cr.text_extents(&designation)?;
                cr.move_to(SIZE - 0.6 - ext.width() - ext.x_bearing(), 1.55);
                cr.show_text(&designation)?;
            }
            if spec.attack > 0 || spec.movement > 0 {
                cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Bold);
                cr.set_font_size(3.2);
                let figures = format!("{}-{}", spec.attack, spec.movement);
                let ext = cr.text_extents(&figures)?;
                cr.move_to(SIZE / 2.0 - ext.width() / 2.0 - ext.x_bearing(), SIZE - 1.2);
                cr.show_text(&figures)?;
            }
        }
    }
    cr.set_line_width(0.3);
    Rgb::hex(0x101010).set(cr);
    cr.rectangle(0.0, 0.0, SIZE, SIZE);
    cr.stroke()?;
    if secret {
        // The owner's reminder that the US sees only a back here: a dashed yellow frame and
        // a folded corner.
        Rgb::hex(0xF5C518).set(cr);
        cr.set_line_width(0.7);
        cr.set_dash(&[1.2, 0.8], 0.0);
        cr.rectangle(0.5, 0.5, SIZE - 1.0, SIZE - 1.0);
        cr.stroke()?;
        cr.set_dash(&[], 0.0);
        cr.move_to(SIZE - 3.6, 0.0);
        cr.line_to(SIZE, 0.0);
        cr.line_to(SIZE, 3.6);
        cr.close_path();
        cr.fill()?;
    }
    if unit.pinned {
        pinned_badge(cr, 2.4, 2.4, 2.0)?;
    }
    if let Some(left) = unit.ammo.left {
        // Units of fire left [19.0]: only the owner's view carries them.
        Rgb::hex(0x1F4E8C).set(cr);
        let (bx, by) = (SIZE - 2.2, SIZE / 2.0 - 0.5);
        cr.arc(bx, by, 1.9, 0.0, TAU);
        cr.fill()?;
        Rgb::hex(0xFFFFFF).set(cr);
        cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Bold);
        cr.set_font_size(2.6);
        let text = left.to_string();
        let ext = cr.text_extents(&text)?;
        cr.move_to(bx - ext.width() / 2.0 - ext.x_bearing(), by + 0.95);
        cr.show_text(&text)?;
    }
    if unit.captive {
        // A captive waiting to be questioned [23.0]: a white tag with a question mark.
        Rgb::hex(0xFFFFFF).set(cr);
        cr.arc(SIZE - 2.4, 2.4, 2.0, 0.0, TAU);
        cr.fill()?;
        Rgb::hex(0x1C1C1C).set(cr);
        cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Bold);
        cr.set_font_size(2.8);
        cr.move_to(SIZE - 3.2, 3.4);
        cr.show_text("?")?;
    }
    Ok(())
}

/// The pinned mark: a red disc with a white P, of radius `r` centred on (cx, cy). On the map
/// it sits in a pinned counter's corner; on paper it is the Pinned marker's face.
pub fn pinned_badge(cr: &Context, cx: f64, cy: f64, r: f64) -> Result<(), cairo::Error> {
    Rgb::hex(0xC62828).set(cr);
    cr.arc(cx, cy, r, 0.0, TAU);
    cr.fill()?;
    Rgb::hex(0xFFFFFF).set(cr);
    cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Bold);
    cr.set_font_size(1.4 * r);
    let ext = cr.text_extents("P")?;
    cr.move_to(
        cx - ext.width() / 2.0 - ext.x_bearing(),
        cy - ext.height() / 2.0 - ext.y_bearing(),
    );
    cr.show_text("P")
}

/// The NLF's back, the same for every face-down counter.
pub fn draw_back(cr: &Context) -> Result<(), cairo::Error> {
    NLF_BACK.set(cr);
    cr.rectangle(0.0, 0.0, SIZE, SIZE);
    cr.fill()?;
    Rgb::hex(0xE8C547).set(cr);
    star(cr, SIZE / 2.0, SIZE / 2.0, 3.6);
    cr.fill()
}

/// The US back (for the printed sheet): olive with a white star.
pub fn draw_us_back(cr: &Context) -> Result<(), cairo::Error> {
    US_GROUND.set(cr);
    cr.rectangle(0.0, 0.0, SIZE, SIZE);
    cr.fill()?;
    Rgb::hex(0xF4F4F4).set(cr);
    star(cr, SIZE / 2.0, SIZE / 2.0, 3.6);
    cr.fill()
}

fn star(cr: &Context, cx: f64, cy: f64, r: f64) {
    draw::star(cr, cx, cy, 5, (r, r * 0.42), 0.0);
}

/// The symbol for a kind of counter, drawn in the current colour in the upper part.
fn draw_symbol(cr: &Context, id: &str, class: Class) -> Result<(), cairo::Error> {
    let (x, y, w, h) = (2.6, 2.0, SIZE - 5.2, 5.4);
    cr.set_line_width(0.5);
    let box_x = |cr: &Context| -> Result<(), cairo::Error> {
        cr.rectangle(x, y, w, h);
        cr.move_to(x, y);
        cr.line_to(x + w, y + h);
        cr.move_to(x + w, y);
        cr.line_to(x, y + h);
        cr.stroke()
    };
    match (class, id) {
        (Class::Combat, "sniper") => {
            cr.rectangle(x, y, w, h);
            cr.stroke()?;
            cr.arc(x + w / 2.0, y + h / 2.0, 1.7, 0.0, TAU);
            cr.move_to(x + w / 2.0, y + 0.3);
            cr.line_to(x + w / 2.0, y + h - 0.3);
            cr.move_to(x + w / 2.0 - 2.4, y + h / 2.0);
            cr.line_to(x + w / 2.0 + 2.4, y + h / 2.0);
            cr.stroke()
        }
        (Class::Combat, "nlf_leader") => {
            box_x(cr)?;
            star(cr, x + w / 2.0, y - 0.2, 1.3);
            cr.fill()
        }
        (Class::Combat, _) | (Class::Vehicle, _) => box_x(cr),
        (_, "peasant") => {
            // A conical hat.
            cr.move_to(x - 0.5, y + h - 1.0);
            cr.line_to(x + w / 2.0, y + 0.5);
            cr.line_to(x + w + 0.5, y + h - 1.0);
            cr.close_path();
            cr.fill()
        }
        (_, "porter") => {
            cr.rectangle(x, y, w, h);
            cr.move_to(x, y + h / 2.0);
            cr.line_to(x + w, y + h / 2.0);
            cr.stroke()?;
            cr.arc(x + w / 2.0, y + h / 2.0, 1.0, 0.0, TAU);
            cr.fill()
        }
        (Class::Noncombat, _) => {
            // A commander's pennant on a staff.
            cr.rectangle(x, y, w, h);
            cr.stroke()?;
            cr.move_to(x + w / 2.0 - 1.5, y + h - 0.6);
            cr.line_to(x + w / 2.0 - 1.5, y + 0.6);
            cr.line_to(x + w / 2.0 + 2.0, y + 1.6);
            cr.line_to(x + w / 2.0 - 1.5, y + 2.6);
            cr.stroke()
        }
        (Class::Ambush, _) => {
            // Two arrows converging on the road the ambush watches.
            cr.rectangle(x, y, w, h);
            cr.stroke()?;
            cr.move_to(x + 0.8, y + 0.8);
            cr.line_to(x + w / 2.0, y + h / 2.0 + 0.6);
            cr.line_to(x + w - 0.8, y + 0.8);
            cr.move_to(x + 0.8, y + h - 0.8);
            cr.line_to(x + w - 0.8, y + h - 0.8);
            cr.stroke()
        }
        (Class::Supply, _) => {
            // Rounds of ammunition.
            cr.rectangle(x, y, w, h);
            cr.stroke()?;
            for i in 0..4 {
                let rx = x + 1.3 + f64::from(i) * (w - 2.6) / 3.5;
                cr.rectangle(rx, y + 1.8, 0.9, h - 2.6);
                cr.arc(rx + 0.45, y + 1.8, 0.45, std::f64::consts::PI, TAU);
            }
            cr.fill()
        }
        (Class::Dummy, _) => {
            cr.arc(x + w / 2.0, y + h / 2.0, 2.3, 0.0, TAU);
            cr.stroke()?;
            cr.arc(x + w / 2.0, y + h / 2.0, 0.6, 0.0, TAU);
            cr.fill()
        }
        (Class::Trap, _) => {
            for i in 0..3 {
                let sx = x + 0.6 + f64::from(i) * (w - 1.2) / 3.0;
                cr.move_to(sx, y + h);
                cr.line_to(sx + (w - 1.2) / 6.0, y + 0.8);
                cr.line_to(sx + (w - 1.2) / 3.0, y + h);
            }
            cr.fill()
        }
        (Class::Casualty, _) => {
            // A band in the side's colour, and KIA or WIA in red [20.0].
            let band = if id.starts_with("us_") {
                US_GROUND
            } else {
                Rgb::hex(0x2F2F2F)
            };
            band.set(cr);
            cr.rectangle(0.0, 0.0, SIZE, 2.2);
            cr.fill()?;
            Rgb::hex(0xB3261E).set(cr);
            cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Bold);
            cr.set_font_size(4.4);
            let text = if id.ends_with("killed") { "KIA" } else { "WIA" };
            let ext = cr.text_extents(text)?;
            cr.move_to(
                SIZE / 2.0 - ext.width() / 2.0 - ext.x_bearing(),
                SIZE / 2.0 + 2.6,
            );
            cr.show_text(text)
        }
        // A captive is a peasant or a porter [23.0], drawn by its kind above.
        (Class::Captive, _) => {
            cr.rectangle(x, y, w, h);
            cr.stroke()
        }
        (Class::Cache, _) => {
            // A crate, and a mark for what is in it.
            cr.rectangle(x, y, w, h);
            cr.stroke()?;
            let (cx, cy) = (x + w / 2.0, y + h / 2.0);
            match id {
                "rice" => {
                    cr.arc(cx, cy - 0.6, 2.0, 0.0, TAU / 2.0);
                    cr.fill()
                }
                "ammunition" => {
                    for i in 0..3 {
                        cr.rectangle(cx - 2.2 + f64::from(i) * 1.6, cy - 1.6, 1.0, 3.2);
                    }
                    cr.fill()
                }
                "arms" => {
                    cr.move_to(x + 0.8, y + h - 0.8);
                    cr.line_to(x + w - 0.8, y + 0.8);
                    cr.stroke()
                }
                "records" => {
                    for i in 0..3 {
                        cr.move_to(cx - 2.2, cy - 1.4 + f64::from(i) * 1.4);
                        cr.line_to(cx + 2.2, cy - 1.4 + f64::from(i) * 1.4);
                    }
                    cr.stroke()
                }
                _ => {
                    // The radio: an antenna.
                    cr.move_to(cx, y + h - 0.6);
                    cr.line_to(cx, y + 0.6);
                    cr.move_to(cx - 1.6, y + 1.6);
                    cr.line_to(cx, y + 0.6);
                    cr.line_to(cx + 1.6, y + 1.6);
                    cr.stroke()
                }
            }
        }
    }
}

/// A state marker of the printed counter sheet (on screen the same states are marks on the
/// counters themselves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Marker {
    /// Pinned [7.2]: the pinned mark of the screen, large.
    Pinned,
    /// Improved Position [16.0]: doubles the defence of its hex.
    ImprovedPosition,
}

/// The ground of the markers.
pub const MARKER_GROUND: Rgb = Rgb(0.86, 0.86, 0.84);

/// A marker's face, [`SIZE`] across with its top-left corner at the origin.
pub fn draw_marker(cr: &Context, marker: Marker) -> Result<(), cairo::Error> {
    MARKER_GROUND.set(cr);
    cr.rectangle(0.0, 0.0, SIZE, SIZE);
    cr.fill()?;
    let label = match marker {
        Marker::Pinned => {
            pinned_badge(cr, SIZE / 2.0, 5.0, 3.4)?;
            crate::i18n::pgettext("counter", "Pinned")
        }
        Marker::ImprovedPosition => {
            // Sandbags under the figure of the doubled defence.
            Rgb::hex(0x1C1C1C).set(cr);
            crate::art::draw::fitted_text(cr, SIZE / 2.0, 0.5, SIZE - 2.0, "×2", 3.6, true);
            Rgb::hex(0x8A6D3B).set(cr);
            for i in 0..4 {
                let bx = 1.8 + f64::from(i) * 2.35;
                crate::art::draw::rounded_rect(cr, bx, 5.0, 2.2, 1.5, 0.6);
            }
            cr.fill()?;
            crate::i18n::gettext("Improved position")
        }
    };
    // The name at the foot, on two lines if it needs them.
    Rgb::hex(0x1C1C1C).set(cr);
    let font = crate::art::draw::fit_paragraph_font(
        cr,
        &label,
        crate::art::draw::condensed(2.2, true),
        SIZE - 1.2,
        5.2,
        1.4,
    );
    let (_, h) = crate::art::draw::measure(cr, &label, &font, Some(SIZE - 1.2));
    crate::art::draw::paragraph(
        cr,
        0.6,
        SIZE - 0.6 - h,
        SIZE - 1.2,
        &label,
        &font,
        crate::art::draw::Align::Center,
    );
    cr.set_line_width(0.3);
    Rgb::hex(0x101010).set(cr);
    cr.rectangle(0.0, 0.0, SIZE, SIZE);
    cr.stroke()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::search_destroy::rules::content::data;

    fn png(unit: &Unit) -> Vec<u8> {
        let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 80, 80).unwrap();
        let cr = Context::new(&surface).unwrap();
        draw_counter(&cr, unit, 4.0, 4.0, 70.0, false).unwrap();
        drop(cr);
        let mut out = Vec::new();
        surface.write_to_png(&mut out).unwrap();
        out
    }

    #[test]
    fn a_captive_carries_a_question_mark() {
        // Interrogation [23.0]: a peasant held for questioning looks different from one that
        // was only turned up.
        let kind = data().counter_index("peasant").unwrap() as u16;
        let mut peasant = Unit::new(kind, Side::Nlf);
        peasant.face_up = true;
        let free = png(&peasant);
        peasant.captive = true;
        let held = png(&peasant);
        assert_ne!(free, held);
    }
}
