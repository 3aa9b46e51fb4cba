//! Event cards (digest 2.8, 10.3): three bands, Target-Bound, Over Target (parts A and B) and
//! Home-Bound, each with its title and text, an attack line where the section attacks; and
//! the common back.

use cairo::Context;

use crate::art::draw::{
    Align, Font, Rgb, condensed, fit_paragraph_font, fitted_left, paragraph, rounded_rect, text,
};
use crate::engine::message::msg;
use crate::games::phantom_leader::rules::content::{Effect, EventCard, Side};
use crate::i18n::gettext;

use super::cards::{CARD_H, CARD_W};
use super::target_card::card_back;

const PAPER: u32 = 0xf7f3e8;
const BACK: u32 = 0x6b2a22;
const BANDS: [u32; 3] = [0x3b5877, 0x8a4b08, 0x2f6b3a];

/// "Special Event Attack: 3 × 6/8/9 (Site)" for a section that attacks.
fn attack_line(e: &Effect) -> Option<String> {
    match e {
        Effect::Attack {
            side,
            count,
            attack,
            ..
        } => Some(
            msg("Special Event Attack: {n} × {numbers} ({side})")
                .arg("n", count)
                .arg(
                    "numbers",
                    format!("{}/{}/{}", attack[0], attack[1], attack[2]),
                )
                .arg(
                    "side",
                    match side {
                        Side::Site => gettext("Site"),
                        Side::Bandit => gettext("Bandit"),
                    },
                )
                .render(),
        ),
        _ => None,
    }
}

/// One band: its heading strip, the section's title and its text shrunk to the band.
fn band(
    cr: &Context,
    y: f64,
    h: f64,
    (colour, heading): (u32, &str),
    title: &str,
    body: &str,
) -> Result<(), cairo::Error> {
    rounded_rect(cr, 2.0, y, CARD_W - 4.0, h, 1.2);
    Rgb::hex(colour).set(cr);
    cr.set_line_width(0.5);
    cr.stroke()?;
    cr.rectangle(2.0, y, CARD_W - 4.0, 4.2);
    cr.fill()?;
    Rgb::WHITE.set(cr);
    fitted_left(cr, 3.5, y + 0.7, CARD_W - 7.0, heading, Font::bold(2.6));
    Rgb::BLACK.set(cr);
    fitted_left(cr, 3.5, y + 5.0, CARD_W - 7.0, title, Font::bold(3.0));
    let room = h - 9.2;
    let font = fit_paragraph_font(cr, body, condensed(2.9, false), CARD_W - 7.0, room, 1.6);
    paragraph(cr, 3.5, y + 8.8, CARD_W - 7.0, body, &font, Align::Left);
    Ok(())
}

/// A section's text with its attack line, if it has one.
fn with_attack(body: &str, e: &Effect) -> String {
    let body = gettext(body);
    match attack_line(e) {
        Some(line) => format!("{body}\n{line}"),
        None => body,
    }
}

/// The face of Event card `e`, trim corner at the origin, ground `bleed` mm past the edge.
pub fn draw_event_card(cr: &Context, e: &EventCard, bleed: f64) -> Result<(), cairo::Error> {
    Rgb::hex(PAPER).set(cr);
    cr.rectangle(-bleed, -bleed, CARD_W + 2.0 * bleed, CARD_H + 2.0 * bleed);
    cr.fill()?;
    let tb = &e.target_bound;
    band(
        cr,
        2.0,
        24.0,
        (BANDS[0], &gettext("TARGET-BOUND")),
        &gettext(&tb.title),
        &with_attack(&tb.text, &tb.effect),
    )?;
    let ot = &e.over_target;
    let over = format!(
        "A: {}\nB: {}",
        with_attack(&ot.a_text, &ot.a),
        with_attack(&ot.b_text, &ot.b)
    );
    band(
        cr,
        28.0,
        30.0,
        (BANDS[1], &gettext("OVER TARGET")),
        &gettext(&ot.title),
        &over,
    )?;
    let hb = &e.home_bound;
    band(
        cr,
        60.0,
        24.0,
        (BANDS[2], &gettext("HOME-BOUND")),
        &gettext(&hb.title),
        &with_attack(&hb.text, &hb.effect),
    )?;
    Rgb::hex(0x6b6250).set(cr);
    text(
        cr,
        CARD_W - 3.0,
        CARD_H - 3.6,
        &format!("#{}", e.id),
        &Font::sans(2.0),
        Align::Right,
    );
    Ok(())
}

/// The back every Event card shares.
pub fn draw_event_back(cr: &Context, bleed: f64) -> Result<(), cairo::Error> {
    card_back(cr, BACK, &gettext("EVENT"), bleed)
}
