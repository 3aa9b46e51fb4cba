//! Target cards (digest 2.4, 10.2): the printed card, its common back, and the small card the
//! Campaign Map shows for each card drawn today. Both read the same card record and word its
//! damage rows the same way.

use cairo::Context;

use crate::art::draw::{
    Align, Font, Rgb, condensed, fit_paragraph_font, fitted_left, fitted_text, paragraph,
    rounded_rect, text,
};
use crate::engine::message::msg;
use crate::games::phantom_leader::rules::content::{
    DestroyedRow, HitRow, Scoring, TargetCard, data,
};
use crate::i18n::gettext;

use super::cards::{CARD_H, CARD_W};

const PAPER: u32 = 0xf7f3e8;
const BANNER: u32 = 0x4d5b3a;
const INK: u32 = 0x1c1f17;

fn ground(cr: &Context, colour: u32, bleed: f64) -> Result<(), cairo::Error> {
    Rgb::hex(colour).set(cr);
    cr.rectangle(-bleed, -bleed, CARD_W + 2.0 * bleed, CARD_H + 2.0 * bleed);
    cr.fill()
}

/// "2–3" or "4+": the hits a damage row covers.
fn hits(row: &HitRow) -> String {
    format!("{}–{}", row.hits[0], row.hits[1])
}

fn destroyed_hits(row: &DestroyedRow) -> String {
    format!("{}+", row.from)
}

fn shift(v: i8) -> String {
    if v == 0 {
        "–".to_owned()
    } else {
        format!("{v:+}")
    }
}

/// What the card says beyond its numbers: attack modifier, listed defenses, special scoring.
pub fn notes(t: &TargetCard) -> Vec<String> {
    let c = data();
    let mut out = Vec::new();
    if t.modifier != 0 {
        out.push(
            msg("{m} to every attack roll against this target")
                .arg("m", format!("{:+}", t.modifier))
                .render(),
        );
    }
    if !t.listed.is_empty() {
        let names: Vec<String> = t
            .listed
            .iter()
            .map(|id| c.defense(id).map_or(id.clone(), |d| d.name.clone()))
            .collect();
        out.push(
            msg("Center: {list}, part of the mission")
                .arg("list", names.join(", "))
                .render(),
        );
    }
    match t.scoring {
        Scoring::Card => {}
        Scoring::ListedSa2 => out.push(gettext("Each listed SA-2 destroyed = 3 Hits")),
        Scoring::Bandits => out.push(gettext(
            "Each Bandit destroyed = 2 Hits; this card cannot be attacked",
        )),
        Scoring::Sites => out.push(gettext(
            "Each Site destroyed = 1 Hit; this card cannot be attacked",
        )),
    }
    out
}

/// The printed face of Target card `t`, trim corner at the origin, ground `bleed` mm past.
pub fn draw_target_card(cr: &Context, t: &TargetCard, bleed: f64) -> Result<(), cairo::Error> {
    ground(cr, PAPER, bleed)?;
    Rgb::hex(BANNER).set(cr);
    cr.rectangle(-bleed, -bleed, CARD_W + 2.0 * bleed, 15.0 + bleed);
    cr.fill()?;
    Rgb::WHITE.set(cr);
    let w = text(
        cr,
        3.5,
        2.0,
        &t.number.to_string(),
        &Font::bold(9.0),
        Align::Left,
    );
    let name = gettext(&t.name);
    let room = CARD_W - w - 20.0;
    let font = fit_paragraph_font(cr, &name, condensed(4.2, true), room, 11.0, 2.6);
    paragraph(cr, w + 5.5, 2.2, room, &name, &font, Align::Left);
    // Politics: a white disc with the value.
    cr.new_path();
    cr.arc(CARD_W - 7.5, 6.5, 4.2, 0.0, std::f64::consts::TAU);
    cr.fill()?;
    Rgb::hex(INK).set(cr);
    text(
        cr,
        CARD_W - 7.5,
        3.6,
        &t.politics.to_string(),
        &Font::bold(5.0),
        Align::Center,
    );
    Rgb::WHITE.set(cr);
    fitted_text(
        cr,
        CARD_W - 7.5,
        11.1,
        12.0,
        &gettext("Politics"),
        2.2,
        false,
    );
    Rgb::hex(INK).set(cr);
    if t.soft {
        rounded_rect(cr, 3.0, 17.5, 6.0, 6.0, 1.0);
        cr.set_line_width(0.4);
        cr.stroke()?;
        text(cr, 6.0, 18.2, "S", &Font::bold(4.0), Align::Center);
    }
    let max = msg("Max aircraft {n}").arg("n", t.max_aircraft).render();
    fitted_left(cr, 11.0, 18.8, CARD_W - 14.0, &max, Font::bold(3.2));
    // The defenses drawn: per Approach area and in the Center.
    let y = 26.0;
    let cols = [3.0, 27.0, 46.0];
    let heads = [String::new(), gettext("Approach"), gettext("Center")];
    for (h, x) in heads.iter().zip(cols) {
        fitted_left(cr, x, y, 17.0, h, Font::bold(2.4));
    }
    let rows = [(gettext("Sites"), t.sites), (gettext("Bandits"), t.bandits)];
    for (k, (label, n)) in rows.iter().enumerate() {
        let ry = y + 3.6 + k as f64 * 3.8;
        fitted_left(cr, cols[0], ry, 22.0, label, Font::sans(2.8));
        text(
            cr,
            cols[1] + 6.0,
            ry,
            &n[0].to_string(),
            &Font::bold(2.8),
            Align::Center,
        );
        text(
            cr,
            cols[2] + 5.0,
            ry,
            &n[1].to_string(),
            &Font::bold(2.8),
            Align::Center,
        );
    }
    // The damage table: Hits, VP, Recon and Intel shifts.
    let y = 38.5;
    rounded_rect(cr, 2.5, y - 0.8, CARD_W - 5.0, 17.0, 1.0);
    Rgb::hex(0xe6e0cc).set(cr);
    cr.fill()?;
    Rgb::hex(INK).set(cr);
    let cols = [4.0, 27.0, 38.0, 47.0, 55.0];
    let heads = [
        String::new(),
        gettext("Hits"),
        gettext("VP"),
        gettext("Re"),
        gettext("In"),
    ];
    for (h, x) in heads.iter().zip(cols) {
        fitted_left(cr, x, y, 9.0, h, Font::bold(2.4));
    }
    let rows = [
        (
            gettext("Undamaged"),
            hits(&t.undamaged),
            t.undamaged.vp,
            t.undamaged.recon,
            t.undamaged.intel,
        ),
        (
            gettext("Damaged"),
            hits(&t.damaged),
            t.damaged.vp,
            t.damaged.recon,
            t.damaged.intel,
        ),
        (
            gettext("Destroyed"),
            destroyed_hits(&t.destroyed),
            t.destroyed.vp,
            t.destroyed.recon,
            t.destroyed.intel,
        ),
    ];
    for (k, (label, h, vp, re, int)) in rows.iter().enumerate() {
        let ry = y + 3.6 + k as f64 * 4.2;
        fitted_left(cr, cols[0], ry, 22.0, label, Font::sans(2.6));
        let cells = [h.clone(), vp.to_string(), shift(*re), shift(*int)];
        for (cell, x) in cells.iter().zip(&cols[1..]) {
            text(cr, *x, ry, cell, &Font::sans(2.6), Align::Left);
        }
    }
    // The notes, shrunk to their box.
    let notes = notes(t).join("\n");
    if !notes.is_empty() {
        let font = fit_paragraph_font(cr, &notes, condensed(2.6, false), CARD_W - 7.0, 20.0, 1.8);
        paragraph(cr, 3.5, 58.0, CARD_W - 7.0, &notes, &font, Align::Left);
    }
    // VP once more at the bottom right, for the pile of scored cards.
    let vp = msg("VP {damaged} / {destroyed}")
        .arg("damaged", t.damaged.vp)
        .arg("destroyed", t.destroyed.vp)
        .render();
    text(
        cr,
        CARD_W - 3.5,
        CARD_H - 6.5,
        &vp,
        &Font::bold(3.0),
        Align::Right,
    );
    Ok(())
}

/// The back every Target card shares.
pub fn draw_target_back(cr: &Context, bleed: f64) -> Result<(), cairo::Error> {
    card_back(cr, BANNER, &gettext("TARGET"), bleed)
}

/// A deck's common back: `word` across a framed ground, the game's name under it.
pub fn card_back(cr: &Context, colour: u32, word: &str, bleed: f64) -> Result<(), cairo::Error> {
    ground(cr, colour, bleed)?;
    Rgb::hex(0xf7f3e8).set(cr);
    rounded_rect(cr, 4.0, 4.0, CARD_W - 8.0, CARD_H - 8.0, 3.0);
    cr.set_line_width(0.8);
    cr.stroke()?;
    fitted_text(
        cr,
        CARD_W / 2.0,
        CARD_H / 2.0 - 6.0,
        CARD_W - 14.0,
        word,
        9.0,
        true,
    );
    fitted_text(
        cr,
        CARD_W / 2.0,
        CARD_H / 2.0 + 6.0,
        CARD_W - 14.0,
        "PHANTOM LEADER",
        3.6,
        false,
    );
    Ok(())
}

/// The Campaign Map's small card, `card_w` × `card_h` mm at (x, y): number, name, `region`, Politics,
/// aircraft, defenses and damage rows, greyed when Politics rules it out today.
pub fn draw_target_tile(
    cr: &Context,
    t: &TargetCard,
    region: Option<String>,
    (x, y, card_w, card_h): (f64, f64, f64, f64),
    eligible: bool,
) -> Result<(), cairo::Error> {
    rounded_rect(cr, x, y, card_w, card_h, 1.5);
    Rgb::hex(if eligible { 0xffffff } else { 0xd8d4c8 }).set(cr);
    cr.fill_preserve()?;
    Rgb::hex(0x3c4636).set(cr);
    cr.set_line_width(0.4);
    cr.stroke()?;
    Rgb::hex(if eligible { 0x000000 } else { 0x6b6b6b }).set(cr);
    let w = card_w - 3.0;
    fitted_left(
        cr,
        x + 1.5,
        y + 1.0,
        w,
        &format!("#{}", t.number),
        Font::bold(3.4),
    );
    text(
        cr,
        x + card_w - 1.5,
        y + 1.3,
        &region.unwrap_or_default(),
        &Font::sans(2.4),
        Align::Right,
    );
    fitted_left(cr, x + 1.5, y + 6.0, w, &gettext(&t.name), Font::bold(3.0));
    let lines = [
        msg("Politics {p} · aircraft {a}")
            .arg("p", t.politics)
            .arg("a", t.max_aircraft)
            .render(),
        msg("Sites {a}+{c} · Bandits {b}+{d}")
            .arg("a", t.sites[0])
            .arg("c", t.sites[1])
            .arg("b", t.bandits[0])
            .arg("d", t.bandits[1])
            .render(),
        msg("Damaged (hits {from}–{to}): {vp} VP")
            .arg("from", t.damaged.hits[0])
            .arg("to", t.damaged.hits[1])
            .arg("vp", t.damaged.vp)
            .render(),
        msg("Destroyed (hits {from}+): {vp} VP")
            .arg("from", t.destroyed.from)
            .arg("vp", t.destroyed.vp)
            .render(),
    ];
    for (k, line) in lines.iter().enumerate() {
        fitted_left(
            cr,
            x + 1.5,
            y + 12.5 + k as f64 * 5.2,
            w,
            line,
            Font::sans(2.6),
        );
    }
    if t.soft {
        fitted_left(
            cr,
            x + 1.5,
            y + 33.5,
            w,
            &gettext("Soft target"),
            Font::bold(2.4),
        );
    }
    if !eligible {
        fitted_left(
            cr,
            x + 1.5,
            y + card_h - 5.0,
            w,
            &gettext("Politics too high"),
            Font::bold(2.4),
        );
    }
    Ok(())
}
