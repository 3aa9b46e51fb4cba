//! The printed cards (digest 10.2): the Enroute, Combat and Return Event decks with their
//! backs, the Crew Bio cards and the nine Unit Cards, drawn from `events.toml`, `crew.toml` and
//! `units.toml`.

use std::f64::consts::TAU;

use cairo::Context;

use crate::art::draw::{
    Align, Font, Rgb, fit_paragraph_font, fitted_left, fitted_text, hexagon, paragraph,
    rounded_rect,
};
use crate::art::sheet::{INK, Table};
use crate::engine::message::{msg, msg_n};
use crate::games::chopper_pilot::rules::content::{
    Bio, CampaignId, DeckKind, DeckSpec, EventCard, ParagraphKind, Side, UnitCard, data,
};
use crate::i18n::gettext;

use super::crew::draw_bio;

/// Poker cards, in millimetres.
pub const CARD_W: f64 = 63.5;
pub const CARD_H: f64 = 88.9;
/// Unit Cards: half a letter sheet.
pub const UNIT_CARD_W: f64 = 139.7;
pub const UNIT_CARD_H: f64 = 215.9;

const PAPER: u32 = 0xF4EFDC;
const OLIVE: u32 = 0x33402A;

pub fn deck_name(kind: DeckKind) -> String {
    match kind {
        DeckKind::Enroute => gettext("Enroute Event"),
        DeckKind::Combat => gettext("Combat Event"),
        DeckKind::Return => gettext("Return Event"),
    }
}

/// The emblem a campaign's cards carry.
pub fn campaign_badge(campaign: CampaignId) -> &'static str {
    match campaign {
        CampaignId::Primary => "1st Air Cav",
        CampaignId::Sog => "MACV-SOG",
    }
}

pub fn kind_name(kind: ParagraphKind) -> String {
    match kind {
        ParagraphKind::Observation => gettext("Observation"),
        ParagraphKind::Event => gettext("Event"),
        ParagraphKind::Choice => gettext("Choice"),
        ParagraphKind::Redirect => gettext("Re-direct"),
        ParagraphKind::Combat => gettext("Combat"),
    }
}

/// Paints the card's paper over the piece and its bleed.
pub fn ground(cr: &Context, w: f64, h: f64, bleed: f64, colour: u32) -> Result<(), cairo::Error> {
    Rgb::hex(colour).set(cr);
    cr.rectangle(-bleed, -bleed, w + 2.0 * bleed, h + 2.0 * bleed);
    cr.fill()
}

/// The front of one event card of `deck`.
pub fn draw_event_front(
    cr: &Context,
    deck: &DeckSpec,
    card: EventCard,
    bleed: f64,
) -> Result<(), cairo::Error> {
    ground(cr, CARD_W, CARD_H, bleed, PAPER)?;
    rounded_rect(cr, 3.0, 3.0, CARD_W - 6.0, CARD_H - 6.0, 2.5);
    Rgb::hex(OLIVE).set(cr);
    cr.set_line_width(0.5);
    cr.stroke()?;
    cr.save()?;
    rounded_rect(cr, 3.0, 3.0, CARD_W - 6.0, CARD_H - 6.0, 2.5);
    cr.clip();
    cr.rectangle(3.0, 3.0, CARD_W - 6.0, 10.0);
    cr.fill()?;
    cr.restore()?;
    Rgb::WHITE.set(cr);
    fitted_text(
        cr,
        CARD_W / 2.0,
        5.0,
        CARD_W - 10.0,
        &deck_name(deck.kind),
        4.4,
        true,
    );
    Rgb::hex(0x222222).set(cr);
    match card {
        EventCard::NoEvent => {
            fitted_text(
                cr,
                CARD_W / 2.0,
                38.0,
                CARD_W - 10.0,
                &gettext("NO EVENT"),
                6.0,
                true,
            );
        }
        EventCard::Paragraph(n) => {
            let p = data().paragraphs.get(&n);
            if let Some(p) = p {
                Rgb::hex(0x6D4C41).set(cr);
                fitted_text(
                    cr,
                    CARD_W / 2.0,
                    17.0,
                    CARD_W - 10.0,
                    &kind_name(p.kind),
                    3.6,
                    true,
                );
                Rgb::hex(0x222222).set(cr);
                let title = gettext(&p.title);
                let font =
                    fit_paragraph_font(cr, &title, Font::bold(4.4), CARD_W - 12.0, 16.0, 2.6);
                paragraph(cr, 6.0, 24.0, CARD_W - 12.0, &title, &font, Align::Center);
            }
            let see = msg("See Paragraph {number}").arg("number", n).render();
            fitted_text(cr, CARD_W / 2.0, 50.0, CARD_W - 10.0, &see, 5.0, true);
        }
        EventCard::Spawn {
            direction,
            distance,
        } => {
            draw_direction_rose(cr, CARD_W / 2.0, 36.0, 15.0, Some(direction))?;
            Rgb::hex(0x222222).set(cr);
            let far = msg_n("Distance {hexes} hex", "Distance {hexes} hexes", distance)
                .arg("hexes", distance)
                .render();
            fitted_text(cr, CARD_W / 2.0, 58.0, CARD_W - 10.0, &far, 4.6, true);
            fitted_text(
                cr,
                CARD_W / 2.0,
                65.0,
                CARD_W - 10.0,
                &gettext("Roll E2"),
                4.0,
                false,
            );
        }
    }
    Rgb::hex(0x6D6D60).set(cr);
    fitted_text(
        cr,
        CARD_W / 2.0,
        CARD_H - 10.0,
        CARD_W - 10.0,
        campaign_badge(deck.campaign),
        3.0,
        true,
    );
    Ok(())
}

/// A hex seen from above with the helicopter's nose at the top and the directions 1 to 6
/// clockwise; `lit` is drawn highlighted with an arrow (the Combat Event cards and the
/// reference sheet share it).
pub fn draw_direction_rose(
    cr: &Context,
    cx: f64,
    cy: f64,
    r: f64,
    lit: Option<u8>,
) -> Result<(), cairo::Error> {
    // Flat-topped hexes: direction 1 is the upper side, straight ahead of the nose.
    hexagon(cr, cx, cy, r);
    Rgb::hex(0xE6DFB0).set(cr);
    cr.fill_preserve()?;
    Rgb::hex(OLIVE).set(cr);
    cr.set_line_width(0.5);
    cr.stroke()?;
    // The nose.
    Rgb::hex(0x1B1B1B).set(cr);
    cr.move_to(cx, cy - r * 0.45);
    cr.line_to(cx - r * 0.18, cy + r * 0.1);
    cr.line_to(cx + r * 0.18, cy + r * 0.1);
    cr.close_path();
    cr.fill()?;
    for d in 1..=6u8 {
        let a = f64::from(d - 1) * TAU / 6.0 - TAU / 4.0;
        let (dx, dy) = (a.cos(), a.sin());
        let (x, y) = (cx + dx * r * 0.72, cy + dy * r * 0.72);
        let on = lit == Some(d);
        if on {
            Rgb::hex(0xC62828).set(cr);
            cr.set_line_width(1.0);
            cr.move_to(cx + dx * r * 0.2, cy + dy * r * 0.2);
            cr.line_to(cx + dx * r * 1.25, cy + dy * r * 1.25);
            cr.stroke()?;
            cr.new_sub_path();
            cr.arc(x, y, r * 0.17, 0.0, TAU);
            cr.fill()?;
            Rgb::WHITE.set(cr);
        } else {
            Rgb::hex(0x222222).set(cr);
        }
        fitted_text(cr, x, y - r * 0.12, r * 0.3, &d.to_string(), r * 0.22, true);
    }
    Ok(())
}

/// The back of every card of `deck`: its name and the campaign's emblem.
pub fn draw_event_back(cr: &Context, deck: &DeckSpec, bleed: f64) -> Result<(), cairo::Error> {
    ground(cr, CARD_W, CARD_H, bleed, OLIVE)?;
    draw_back(cr, &deck_name(deck.kind), campaign_badge(deck.campaign))
}

fn draw_back(cr: &Context, name: &str, badge: &str) -> Result<(), cairo::Error> {
    Rgb::hex(0xE8D9A0).set(cr);
    cr.set_line_width(0.6);
    rounded_rect(cr, 4.0, 4.0, CARD_W - 8.0, CARD_H - 8.0, 3.0);
    cr.stroke()?;
    cr.new_sub_path();
    cr.arc(CARD_W / 2.0, CARD_H / 2.0 + 8.0, 14.0, 0.0, TAU);
    cr.stroke()?;
    fitted_text(cr, CARD_W / 2.0, 16.0, CARD_W - 12.0, name, 5.0, true);
    fitted_text(cr, CARD_W / 2.0, CARD_H / 2.0 + 5.5, 25.0, badge, 4.0, true);
    Ok(())
}

/// A Crew Bio card: the same words as the cards offered on the screen.
pub fn draw_bio_front(cr: &Context, b: &Bio, bleed: f64) -> Result<(), cairo::Error> {
    ground(cr, CARD_W, CARD_H, bleed, PAPER)?;
    rounded_rect(cr, 3.0, 3.0, CARD_W - 6.0, CARD_H - 6.0, 2.5);
    Rgb::hex(OLIVE).set(cr);
    cr.set_line_width(0.5);
    cr.stroke()?;
    draw_bio(cr, b, 3.0, 4.0, CARD_W - 6.0, CARD_H - 8.0);
    Ok(())
}

pub fn draw_bio_back(cr: &Context, bleed: f64) -> Result<(), cairo::Error> {
    ground(cr, CARD_W, CARD_H, bleed, OLIVE)?;
    draw_back(cr, &gettext("Crew Bio"), "1st Air Cav")
}

fn side_name(side: Side) -> String {
    match side {
        Side::Us => gettext("American"),
        Side::Enemy => gettext("Enemy"),
        Side::Neutral => gettext("Neutral"),
    }
}

/// A Unit Card: the counters that fight with it and their values, its table against ground
/// units and, for the enemy, its table against helicopters.
pub fn draw_unit_card(cr: &Context, card: &UnitCard) -> Result<(), cairo::Error> {
    let (w, h) = (UNIT_CARD_W, UNIT_CARD_H);
    Rgb::WHITE.set(cr);
    cr.rectangle(0.0, 0.0, w, h);
    cr.fill_preserve()?;
    INK.set(cr);
    cr.set_line_width(0.3);
    cr.stroke()?;
    let units: Vec<_> = data()
        .units
        .iter()
        .filter(|u| u.card.as_deref() == Some(card.id.as_str()))
        .collect();
    let side = units.first().map(|u| u.side).unwrap_or(Side::Us);
    Rgb::hex(match side {
        Side::Us => OLIVE,
        Side::Enemy => 0x7B1F1F,
        Side::Neutral => 0x6D5B3A,
    })
    .set(cr);
    cr.rectangle(0.0, 0.0, w, 16.0);
    cr.fill()?;
    Rgb::WHITE.set(cr);
    fitted_left(
        cr,
        5.0,
        2.0,
        w - 10.0,
        &gettext(&card.name),
        Font::bold(6.0),
    );
    fitted_left(cr, 5.0, 9.5, w - 10.0, &side_name(side), Font::sans(3.6));
    let mut y = 21.0;
    let heads = [
        gettext("Counter"),
        gettext("MP"),
        gettext("Range"),
        gettext("Morale"),
        gettext("Defense"),
    ];
    let heads: Vec<&str> = heads.iter().map(String::as_str).collect();
    let rows: Vec<Vec<String>> = units
        .iter()
        .map(|u| {
            vec![
                gettext(&u.name),
                u.mp.to_string(),
                u.range.to_string(),
                u.morale.to_string(),
                format!("{:+}", u.defense),
            ]
        })
        .collect();
    let table = Table {
        x: 5.0,
        y,
        w: w - 10.0,
        row_h: 6.0,
        cols: &[0.44, 0.14, 0.14, 0.14, 0.14],
        printed_cols: 5,
    };
    y += table.draw(cr, &heads, &rows)? + 6.0;
    INK.set(cr);
    fitted_left(
        cr,
        5.0,
        y,
        w - 10.0,
        &gettext("Against ground units (B2 column by range)"),
        Font::bold(3.6),
    );
    y += 6.0;
    let rows: Vec<Vec<String>> = card
        .vs_ground
        .iter()
        .map(|b| vec![range_text(b.range), b.column.clone()])
        .collect();
    let heads = [gettext("Range"), gettext("Column")];
    let table = Table {
        x: 5.0,
        y,
        w: w - 10.0,
        row_h: 6.0,
        cols: &[0.5, 0.5],
        printed_cols: 2,
    };
    y += table.draw(cr, &[&heads[0], &heads[1]], &rows)? + 3.0;
    INK.set(cr);
    fitted_left(
        cr,
        5.0,
        y,
        w - 10.0,
        &msg("Die roll modifier against ground units: {drm}")
            .arg("drm", format!("{:+}", card.ground_drm))
            .render(),
        Font::sans(3.4),
    );
    y += 9.0;
    if !card.vs_helicopter.is_empty() {
        fitted_left(
            cr,
            5.0,
            y,
            w - 10.0,
            &gettext("Against helicopters (d10, hit on this or more)"),
            Font::bold(3.6),
        );
        y += 6.0;
        let rows: Vec<Vec<String>> = card
            .vs_helicopter
            .iter()
            .map(|b| vec![range_text(b.range), b.hit.to_string()])
            .collect();
        let heads = [gettext("Range"), gettext("Hit on")];
        let table = Table {
            x: 5.0,
            y,
            w: w - 10.0,
            row_h: 6.0,
            cols: &[0.5, 0.5],
            printed_cols: 2,
        };
        y += table.draw(cr, &[&heads[0], &heads[1]], &rows)? + 4.0;
        let c = &data().combat;
        let mods = msg("Target landed {landed}, hovering {hovering}, at NOE {noe}, Low {low}, Medium {medium}; firer reduced {reduced}; moved and shot {moved}")
            .arg("landed", format!("{:+}", c.landed))
            .arg("hovering", format!("{:+}", c.hovering))
            .arg("noe", format!("{:+}", c.noe))
            .arg("low", format!("{:+}", c.low))
            .arg("medium", format!("{:+}", c.medium))
            .arg("reduced", format!("{:+}", c.reduced))
            .arg("moved", format!("{:+}", c.move_and_shoot))
            .render();
        INK.set(cr);
        let font = fit_paragraph_font(cr, &mods, Font::sans(3.2), w - 10.0, h - y - 6.0, 2.2);
        paragraph(cr, 5.0, y, w - 10.0, &mods, &font, Align::Left);
    }
    Ok(())
}

fn range_text(r: [u8; 2]) -> String {
    if r[0] == r[1] {
        r[0].to_string()
    } else {
        format!("{}–{}", r[0], r[1])
    }
}

/// The back of a Unit Card: its name and side.
pub fn draw_unit_card_back(cr: &Context, card: &UnitCard) -> Result<(), cairo::Error> {
    Rgb::hex(OLIVE).set(cr);
    cr.rectangle(0.0, 0.0, UNIT_CARD_W, UNIT_CARD_H);
    cr.fill()?;
    Rgb::hex(0xE8D9A0).set(cr);
    fitted_text(
        cr,
        UNIT_CARD_W / 2.0,
        UNIT_CARD_H / 2.0 - 4.0,
        UNIT_CARD_W - 20.0,
        &gettext(&card.name),
        7.0,
        true,
    );
    Ok(())
}
