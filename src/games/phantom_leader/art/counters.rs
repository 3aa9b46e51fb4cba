//! The counters' faces (digest 2.7, 2.9, 10.4): Sites, Bandits and aircraft as the Tactical
//! Display shows them, and the weapon, Attack Angle and marker counters of the printed kit.
//! Each face is drawn [`SIZE`] mm square with its top-left corner at (x, y); paper scales it
//! to the printed counter.

use std::f64::consts::PI;

use cairo::Context;

use crate::art::draw::{
    Align, Font, Rgb, condensed, fit_paragraph_font, fitted_text, measure, paragraph, rounded_rect,
    text,
};
use crate::engine::message::msg_n;
use crate::games::phantom_leader::rules::content::{
    Altitude, AnglePattern, DefenseSpec, WeaponClass, WeaponSpec, data,
};
use crate::games::phantom_leader::rules::display::Area;
use crate::i18n::{gettext, pgettext};

/// A counter's side on the display, in millimetres.
pub const SIZE: f64 = 10.0;

pub const SITE: u32 = 0xf3e2c4;
pub const BANDIT: u32 = 0xd9534f;
pub const FRIEND: u32 = 0x2f5d8a;
const STRIPE: u32 = 0xf2c200;

fn outlined(
    cr: &Context,
    x: f64,
    y: f64,
    ground: u32,
    line: u32,
    width: f64,
) -> Result<(), cairo::Error> {
    rounded_rect(cr, x, y, SIZE, SIZE, 1.2);
    Rgb::hex(ground).set(cr);
    cr.fill_preserve()?;
    Rgb::hex(line).set(cr);
    cr.set_line_width(width);
    cr.stroke()
}

/// "H", "L" or "HL": the altitudes a Site or a weapon reaches.
pub fn alt_letters(alts: &[Altitude]) -> String {
    alts.iter()
        .map(|a| match a {
            Altitude::High => "H",
            Altitude::Low => "L",
        })
        .collect()
}

fn numbers(values: &[u8]) -> String {
    values
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join("/")
}

/// A Site: name, range and altitudes, the three attack numbers (+1 Stress, Damaged, Destroyed).
pub fn site(cr: &Context, spec: &DefenseSpec, x: f64, y: f64) -> Result<(), cairo::Error> {
    outlined(cr, x, y, SITE, 0x8a4b08, 0.5)?;
    Rgb::BLACK.set(cr);
    let cx = x + SIZE / 2.0;
    // A long name ("Heavy Machinegun") takes two lines rather than shrinking away.
    let font = crate::art::draw::fit_paragraph_font(
        cr,
        &spec.name,
        crate::art::draw::condensed(2.2, true),
        SIZE - 1.0,
        3.8,
        1.5,
    );
    crate::art::draw::paragraph(
        cr,
        x + 0.5,
        y + 0.5,
        SIZE - 1.0,
        &spec.name,
        &font,
        Align::Center,
    );
    let range = format!("R{} {}", spec.range, alt_letters(&spec.altitudes));
    text(cr, cx, y + 4.5, &range, &Font::sans(1.9), Align::Center);
    text(
        cr,
        cx,
        y + 6.8,
        &numbers(&spec.attack),
        &Font::sans(1.9),
        Align::Center,
    );
    if spec.radar {
        text(cr, x + 0.8, y + 0.4, "R", &Font::bold(1.4), Align::Left);
    }
    Ok(())
}

/// A Bandit (or the No Bandit side): a yellow stripe, name and attack numbers.
pub fn bandit(cr: &Context, spec: &DefenseSpec, x: f64, y: f64) -> Result<(), cairo::Error> {
    outlined(cr, x, y, BANDIT, 0x7a1d1a, 0.5)?;
    Rgb::hex(STRIPE).set(cr);
    cr.rectangle(x + 0.6, y + SIZE - 2.2, SIZE - 1.2, 1.0);
    cr.fill()?;
    Rgb::WHITE.set(cr);
    let cx = x + SIZE / 2.0;
    if spec.attack.is_empty() {
        crate::art::draw::paragraph(
            cr,
            x + 0.5,
            y + 2.2,
            SIZE - 1.0,
            &gettext(&spec.name),
            &crate::art::draw::condensed(1.9, true),
            Align::Center,
        );
        return Ok(());
    }
    fitted_text(cr, cx, y + 1.2, SIZE - 1.0, &spec.name, 2.2, true);
    text(
        cr,
        cx,
        y + 5.0,
        &numbers(&spec.attack),
        &Font::sans(1.9),
        Align::Center,
    );
    Ok(())
}

/// An aircraft: blue, a heavy white rim at High; call sign, type and altitude, what it
/// carries (`load`, empty on the printed counter) and DMG when damaged.
pub fn aircraft(
    cr: &Context,
    (x, y): (f64, f64),
    call_sign: &str,
    aircraft: &str,
    altitude: Altitude,
    load: &str,
    damaged: bool,
) -> Result<(), cairo::Error> {
    let high = altitude == Altitude::High;
    let (rim, width) = if high {
        (0xffffff, 0.9)
    } else {
        (0x1b2f45, 0.4)
    };
    outlined(cr, x, y, FRIEND, rim, width)?;
    Rgb::WHITE.set(cr);
    let cx = x + SIZE / 2.0;
    // Everything below the call sign moves down by what a second line of it takes; a counter
    // with a load (the window's, drawn large) has no room for one.
    let lower = call_sign_lines(cr, x, y, call_sign, load.is_empty());
    let alt = if high {
        gettext("High")
    } else {
        gettext("Low")
    };
    // "F-4_USAF" is the F-4 of the Air Force: the counter's colour and rim say the rest.
    let kind = aircraft.split('_').next().unwrap_or(aircraft);
    // On a counter without a load the big letter below gives the altitude.
    let line = if load.is_empty() {
        kind.to_owned()
    } else {
        format!("{kind} {alt}")
    };
    fitted_text(cr, cx, y + 3.3 + lower, SIZE - 1.0, &line, 1.6, false);
    if load.is_empty() {
        let letter = if high { "H" } else { "L" };
        let size = 3.2 - lower;
        text(
            cr,
            cx,
            y + 5.2 + lower,
            letter,
            &Font::bold(size),
            Align::Center,
        );
    } else {
        fitted_text(cr, cx, y + 5.6, SIZE - 0.8, load, 1.5, false);
    }
    if damaged {
        Rgb::hex(0xff6b00).set(cr);
        text(
            cr,
            cx,
            y + 7.7,
            &gettext("DMG"),
            &Font::bold(1.6),
            Align::Center,
        );
    }
    Ok(())
}

/// The call sign at the top, inside the High rim (0.9 wide, its inner edge about 0.85 from the
/// edge). A name of two words too long for one readable line ("Easy Money") takes two smaller
/// ones when `may_wrap`; returns how much lower the next line must start.
fn call_sign_lines(cr: &Context, x: f64, y: f64, call_sign: &str, may_wrap: bool) -> f64 {
    const WIDTH: f64 = SIZE - 1.8;
    const READABLE: f64 = 1.6;
    let one_line = condensed(2.0, true);
    let (w, _) = measure(cr, call_sign, &one_line, None);
    let one_line_size = one_line.size * (WIDTH / w).min(1.0);
    if one_line_size >= READABLE || !call_sign.contains(' ') || !may_wrap {
        fitted_text(cr, x + SIZE / 2.0, y + 0.9, WIDTH, call_sign, 2.0, true);
        return 0.0;
    }
    let two_lines = fit_paragraph_font(cr, call_sign, condensed(READABLE, true), WIDTH, 3.6, 1.5);
    let height = paragraph(
        cr,
        x + 0.9,
        y + 0.8,
        WIDTH,
        call_sign,
        &two_lines,
        Align::Center,
    );
    (height - 2.4).max(0.0)
}

/// A weapon or pod: name, WP, hit numbers, range (cannot-ranges in red), altitudes, soft bonus
/// and anti-radar; a yellow stripe for Air-to-Air.
pub fn weapon(cr: &Context, w: &WeaponSpec, x: f64, y: f64) -> Result<(), cairo::Error> {
    outlined(cr, x, y, weapon_ground(w.class), 0x3c4636, 0.4)?;
    if w.class == WeaponClass::Ata {
        Rgb::hex(STRIPE).set(cr);
        cr.rectangle(x + 0.6, y + 2.8, SIZE - 1.2, 0.7);
        cr.fill()?;
    }
    Rgb::BLACK.set(cr);
    let cx = x + SIZE / 2.0;
    fitted_text(cr, cx, y + 0.5, SIZE - 1.0, &w.id, 2.0, true);
    if !w.hits.is_empty() {
        fitted_text(cr, cx, y + 3.8, SIZE - 1.0, &numbers(&w.hits), 1.9, true);
    }
    let mut marks = vec![format!("{} WP", w.wp)];
    if w.soft > 0 {
        marks.push(format!("+{} S", w.soft));
    }
    if w.radar {
        marks.push("R".to_owned());
    }
    fitted_text(cr, cx, y + 6.0, SIZE - 1.0, &marks.join(" "), 1.5, false);
    if w.class != WeaponClass::Pod {
        let alts = alt_letters(&w.altitudes);
        text(cr, x + 0.8, y + 8.0, &alts, &Font::bold(1.4), Align::Left);
        let mut ranges = vec![(w.range.to_string(), 0x000000)];
        ranges.extend(w.cannot.iter().map(|r| (r.to_string(), 0xc62828)));
        let mut rx = x + SIZE - 1.6;
        for (label, colour) in ranges.iter().rev() {
            cr.new_path();
            cr.arc(rx, y + 8.7, 0.85, 0.0, 2.0 * PI);
            Rgb::hex(*colour).set(cr);
            cr.fill()?;
            Rgb::WHITE.set(cr);
            text(cr, rx, y + 8.0, label, &Font::bold(1.2), Align::Center);
            rx -= 2.0;
        }
    }
    Ok(())
}

/// The ground of a weapon counter of class `class`.
pub fn weapon_ground(class: WeaponClass) -> u32 {
    match class {
        WeaponClass::Ata => 0xe9eef3,
        WeaponClass::Atg => 0xd9d3c3,
        WeaponClass::Pod => 0xcfd8c8,
    }
}

/// An Attack Angle: the display in miniature as seen from a Site in the North Approach, the
/// Site's area marked, the areas it covers red, a white arrow pointing outward.
pub fn angle(cr: &Context, pattern: &AnglePattern, x: f64, y: f64) -> Result<(), cairo::Error> {
    outlined(cr, x, y, 0xffffff, 0x3c4636, 0.4)?;
    let c = data();
    let site = Area::AN;
    let red: Vec<Area> = pattern
        .red
        .iter()
        .map(|&s| c.geometry.slot_area(site, s))
        .collect();
    cr.save()?;
    cr.translate(x + 0.5, y + 0.5);
    let scale = (SIZE - 1.0) / super::DISPLAY;
    cr.scale(scale, scale);
    super::display::draw_areas(cr, false, |a| {
        Some(if red.contains(&a) {
            (0xc62828, 1.0)
        } else {
            (0x2b2b2b, 1.0)
        })
    })?;
    let (sx, sy) = super::display::anchor(site);
    cr.arc(sx, sy - 6.0, 10.0, 0.0, 2.0 * PI);
    Rgb::WHITE.set(cr);
    cr.fill()?;
    // The arrow, outward from the Site.
    cr.move_to(sx, 2.0);
    cr.line_to(sx - 14.0, 24.0);
    cr.line_to(sx + 14.0, 24.0);
    cr.close_path();
    cr.fill()?;
    cr.restore()
}

/// A plain marker: a label and an optional second line in `ink` on `ground`.
pub fn marker(
    cr: &Context,
    (x, y): (f64, f64),
    label: &str,
    second: Option<&str>,
    (ground, ink): (u32, u32),
) -> Result<(), cairo::Error> {
    outlined(cr, x, y, ground, 0x3c4636, 0.4)?;
    Rgb::hex(ink).set(cr);
    let cx = x + SIZE / 2.0;
    match second {
        Some(s) => {
            fitted_text(cr, cx, y + 1.8, SIZE - 1.0, label, 3.0, true);
            fitted_text(cr, cx, y + 5.6, SIZE - 1.0, s, 1.8, false);
        }
        None => {
            // A long label takes two lines rather than shrinking away.
            let font = crate::art::draw::fit_paragraph_font(
                cr,
                label,
                crate::art::draw::condensed(2.6, true),
                SIZE - 1.0,
                SIZE - 2.0,
                1.4,
            );
            let (_, h) = crate::art::draw::measure(cr, label, &font, Some(SIZE - 1.0));
            let top = y + (SIZE - h) / 2.0;
            crate::art::draw::paragraph(cr, x + 0.5, top, SIZE - 1.0, label, &font, Align::Center);
        }
    }
    Ok(())
}

/// The printed names of the kit's markers (counters.toml's ids).
pub fn marker_name(id: &str) -> String {
    match id {
        "turn" => gettext("TURN"),
        "target" => gettext("Target"),
        "recon" => pgettext("counter", "Recon"),
        "intel" => pgettext("counter", "Intel"),
        "politics" => gettext("Politics"),
        "damaged" => pgettext("counter", "Damaged"),
        "fast_this_turn" => gettext("Fast this turn"),
        "jettisoned" => pgettext("counter", "Jettisoned"),
        "listed" => gettext("Listed"),
        other => other.to_owned(),
    }
}

/// "2 Hits" on a Target Damage counter.
pub fn hits_label(hits: u8) -> String {
    msg_n("{n} Hit", "{n} Hits", hits).arg("n", hits).render()
}
