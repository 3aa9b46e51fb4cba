//! One counter: a face (side colour, a symbol for its kind, attack and movement) or the
//! NLF's back. A counter whose kind the viewer may not know has no face to draw: every such
//! counter gets the one back, so a dummy and a real unit look the same.

use std::f64::consts::TAU;

use cairo::Context;

use crate::art::draw::Rgb;
use crate::games::search_destroy::rules::content::{Class, Side};
use crate::games::search_destroy::rules::state::Unit;

/// Side of a counter in millimetres on the map (a printed counter is half an inch).
pub const SIZE: f64 = 12.7;

fn face_colour(side: Side, class: Option<Class>) -> Rgb {
    match (side, class) {
        (Side::Nlf, Some(Class::Cache)) => Rgb::hex(0xC8A25A),
        (Side::Nlf, Some(Class::Trap)) => Rgb::hex(0x9E3B2E),
        (Side::Nlf, _) => Rgb::hex(0x2F2F2F),
        (Side::Us, _) => Rgb::hex(0x6F8041),
    }
}

/// Draws a counter with its top-left corner at (x, y), `s` millimetres across. `secret`
/// marks a counter its owner sees face-up that the other side sees only as a back.
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
    // A shadow lifts the counter off the map.
    Rgb::hex(0x000000).with_alpha(cr, 0.35);
    cr.rectangle(0.6, 0.6, SIZE, SIZE);
    cr.fill()?;
    match unit.spec() {
        None => draw_back(cr)?,
        Some(spec) => {
            face_colour(unit.side, Some(spec.class)).set(cr);
            cr.rectangle(0.0, 0.0, SIZE, SIZE);
            cr.fill()?;
            let ink = if unit.side == Side::Nlf && spec.class != Class::Cache {
                Rgb::hex(0xF2E6C8)
            } else {
                Rgb::hex(0x1C1C1C)
            };
            ink.set(cr);
            draw_symbol(cr, &spec.id, spec.class)?;
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
        Rgb::hex(0xC62828).set(cr);
        cr.arc(2.4, 2.4, 2.0, 0.0, TAU);
        cr.fill()?;
        Rgb::hex(0xFFFFFF).set(cr);
        cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Bold);
        cr.set_font_size(2.8);
        cr.move_to(1.45, 3.4);
        cr.show_text("P")?;
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
    cr.restore()
}

/// The NLF's back, the same for every face-down counter.
pub fn draw_back(cr: &Context) -> Result<(), cairo::Error> {
    Rgb::hex(0x7A1F1A).set(cr);
    cr.rectangle(0.0, 0.0, SIZE, SIZE);
    cr.fill()?;
    Rgb::hex(0xE8C547).set(cr);
    star(cr, SIZE / 2.0, SIZE / 2.0, 3.6);
    cr.fill()
}

/// The US back (for the printed sheet): olive with a white star.
pub fn draw_us_back(cr: &Context) -> Result<(), cairo::Error> {
    Rgb::hex(0x6F8041).set(cr);
    cr.rectangle(0.0, 0.0, SIZE, SIZE);
    cr.fill()?;
    Rgb::hex(0xF4F4F4).set(cr);
    star(cr, SIZE / 2.0, SIZE / 2.0, 3.6);
    cr.fill()
}

fn star(cr: &Context, cx: f64, cy: f64, r: f64) {
    for i in 0..10 {
        let a = -TAU / 4.0 + f64::from(i) * TAU / 10.0;
        let rr = if i % 2 == 0 { r } else { r * 0.42 };
        let (x, y) = (cx + rr * a.cos(), cy + rr * a.sin());
        if i == 0 {
            cr.move_to(x, y);
        } else {
            cr.line_to(x, y);
        }
    }
    cr.close_path();
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
        _ => {
            cr.rectangle(x, y, w, h);
            cr.stroke()
        }
    }
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
