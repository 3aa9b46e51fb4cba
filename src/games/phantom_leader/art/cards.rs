//! One face of a Pilot/Aircraft card for print-and-play (digest 10.1): the pilot and his
//! level, the aircraft, Cool and the XP to promote, the Okay and Shaken rows and a stress
//! track coloured by band, so that the paper card tells what the window's panel tells.

use cairo::Context;

use crate::art::draw::{Align, Font, Rgb, fitted_left, fitted_text, rounded_rect, text};
use crate::engine::message::msg;
use crate::games::phantom_leader::rules::cards::{PilotCard, Row};
use crate::games::phantom_leader::rules::content::{Service, Speed};
use crate::i18n::gettext;

/// A card's trim size in millimetres (poker size).
pub const CARD_W: f64 = 63.0;
pub const CARD_H: f64 = 88.0;

fn banner(service: Service) -> Rgb {
    match service {
        Service::USAF => Rgb::hex(0x3b5877),
        Service::USN => Rgb::hex(0x1f2f4f),
    }
}

fn signed(v: Option<i8>) -> String {
    v.map_or("–".to_owned(), |v| format!("{v:+}"))
}

fn speed(s: Speed) -> String {
    match s {
        Speed::Fast => gettext("Fast"),
        Speed::Slow => gettext("Slow"),
    }
}

/// Draws `card` with its top-left trim corner at the origin, ground `bleed` mm past the edge.
pub fn draw_pilot_card(cr: &Context, card: &PilotCard, bleed: f64) -> Result<(), cairo::Error> {
    Rgb::hex(0xf7f3e8).set(cr);
    cr.rectangle(-bleed, -bleed, CARD_W + 2.0 * bleed, CARD_H + 2.0 * bleed);
    cr.fill()?;
    banner(card.service).set(cr);
    cr.rectangle(-bleed, -bleed, CARD_W + 2.0 * bleed, 14.0 + bleed);
    cr.fill()?;
    Rgb::WHITE.set(cr);
    fitted_left(cr, 4.0, 2.2, 36.0, card.name, Font::bold(5.0));
    let level = gettext(card.level.name());
    fitted_text(cr, 51.0, 2.8, 20.0, &level, 3.4, true);
    fitted_left(
        cr,
        4.0,
        8.6,
        CARD_W - 8.0,
        &card.aircraft.name,
        Font::sans(3.0),
    );
    Rgb::BLACK.set(cr);
    let cool = msg("Cool {cool}").arg("cool", card.cool).render();
    fitted_left(cr, 4.0, 17.0, 26.0, &cool, Font::bold(3.4));
    let xp = card.experience.map_or_else(
        || gettext("No promotion"),
        |n| msg("Promotion at {xp} XP").arg("xp", n).render(),
    );
    fitted_left(cr, 31.0, 17.4, CARD_W - 35.0, &xp, Font::sans(2.8));
    // The rows: the band's stress, speed, AtA and AtG.
    let heads = [
        gettext("Stress"),
        gettext("Speed"),
        gettext("AtA"),
        gettext("AtG"),
    ];
    let xs = [4.0, 22.0, 38.0, 50.0];
    for (h, x) in heads.iter().zip(xs) {
        fitted_left(cr, x, 24.5, 14.0, h, Font::bold(2.4));
    }
    let rows: [(&str, &Row, u8); 2] = [
        ("Okay", &card.okay, 0),
        ("Shaken", &card.shaken, card.okay.max + 1),
    ];
    for (k, (name, row, from)) in rows.iter().enumerate() {
        let y = 29.0 + k as f64 * 8.0;
        rounded_rect(cr, 2.5, y - 0.8, CARD_W - 5.0, 7.0, 1.0);
        Rgb::hex(if k == 0 { 0xe3efd9 } else { 0xf6e3b4 }).set(cr);
        cr.fill()?;
        Rgb::BLACK.set(cr);
        fitted_left(cr, 4.0, y, 17.0, &gettext(*name), Font::bold(2.6));
        fitted_left(
            cr,
            4.0,
            y + 3.0,
            17.0,
            &format!("{from}–{}", row.max),
            Font::sans(2.4),
        );
        fitted_left(cr, 22.0, y + 1.4, 15.0, &speed(row.speed), Font::sans(2.8));
        text(
            cr,
            38.0,
            y + 1.4,
            &signed(row.ata),
            &Font::sans(2.8),
            Align::Left,
        );
        text(
            cr,
            50.0,
            y + 1.4,
            &signed(row.atg),
            &Font::sans(2.8),
            Align::Left,
        );
    }
    let unfit = msg("Unfit from {n} Stress")
        .arg("n", card.unfit_from())
        .render();
    rounded_rect(cr, 2.5, 44.2, CARD_W - 5.0, 5.0, 1.0);
    Rgb::hex(0xf2c4c0).set(cr);
    cr.fill()?;
    Rgb::BLACK.set(cr);
    fitted_left(cr, 4.0, 45.0, CARD_W - 8.0, &unfit, Font::bold(2.6));
    // The stress track: one box a point, coloured by band.
    let top = usize::from(card.unfit_from()) + 2;
    let per_row = 8;
    let size = (CARD_W - 8.0) / per_row as f64;
    for s in 0..top {
        let (row, col) = (s / per_row, s % per_row);
        let (x, y) = (4.0 + col as f64 * size, 53.0 + row as f64 * size);
        cr.rectangle(x, y, size - 0.8, size - 0.8);
        Rgb::hex(if s <= usize::from(card.okay.max) {
            0x8bbf6a
        } else if s <= usize::from(card.shaken.max) {
            0xe0b443
        } else {
            0xc9473f
        })
        .set(cr);
        cr.fill()?;
        Rgb::WHITE.set(cr);
        let label = if s + 1 == top {
            format!("{s}+")
        } else {
            s.to_string()
        };
        text(
            cr,
            x + (size - 0.8) / 2.0,
            y + 1.4,
            &label,
            &Font::bold(2.6),
            Align::Center,
        );
    }
    Rgb::BLACK.set(cr);
    let so = msg("SO Short/Medium/Long: {s}/{m}/{l}")
        .arg("s", card.aircraft.special_options[0])
        .arg("m", card.aircraft.special_options[1])
        .arg("l", card.aircraft.special_options[2])
        .render();
    fitted_left(cr, 4.0, CARD_H - 11.0, CARD_W - 8.0, &so, Font::sans(2.4));
    let wp = msg("{wp} WP · {service}")
        .arg("wp", card.aircraft.wp)
        .arg("service", format!("{:?}", card.service))
        .render();
    fitted_left(cr, 4.0, CARD_H - 6.5, CARD_W - 8.0, &wp, Font::sans(2.4));
    Ok(())
}
