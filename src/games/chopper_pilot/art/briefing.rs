//! The mission's briefing as a sheet to read: the number, month and title, the orders in our
//! words, and the facts a player flies by (flight, load, route, maps, support, reward).

use cairo::Context;

use crate::art::draw::{Align, Font, Rgb, fit_paragraph_font, fitted_left, paragraph};
use crate::engine::message::msg;
use crate::games::chopper_pilot::rules::ChopperPilot;
use crate::games::chopper_pilot::rules::content::{HeloType, Mission, SuccessKind, data};
use crate::games::chopper_pilot::rules::view::Orders;
use crate::i18n::gettext;

fn success_words(s: SuccessKind) -> String {
    match s {
        SuccessKind::Delivery => gettext("put down everything the flight carries"),
        SuccessKind::Extraction => gettext("bring out everyone waiting to be lifted"),
        SuccessKind::Rescue => gettext("find and bring out the people in trouble"),
        SuccessKind::Destroy => gettext("destroy the enemy in the area"),
    }
}

/// The orders' text as paragraphs: a single line break in the data file is a space, an empty
/// line starts a new paragraph.
pub fn reflow(text: &str) -> String {
    text.split("\n\n")
        .map(|p| p.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The briefing sheet, `w × h` millimetres.
pub fn draw(cr: &Context, g: &ChopperPilot, w: f64, h: f64) -> Result<(), cairo::Error> {
    Rgb::hex(0xF3EEDB).set(cr);
    cr.rectangle(0.0, 0.0, w, h);
    cr.fill()?;
    let Some(orders) = g.orders() else {
        Rgb::hex(0x444444).set(cr);
        fitted_left(
            cr,
            8.0,
            8.0,
            w - 16.0,
            &gettext("No mission is in hand yet."),
            Font::sans(4.0),
        );
        return Ok(());
    };
    let m = g.mission();
    Rgb::hex(0x33402A).set(cr);
    cr.rectangle(0.0, 0.0, w, 16.0);
    cr.fill()?;
    Rgb::WHITE.set(cr);
    let month = data().campaign(g.campaign).month_of(m.number).to_owned();
    fitted_left(
        cr,
        6.0,
        2.0,
        w - 12.0,
        &msg("Mission {number} · {month}")
            .arg("number", m.number)
            .arg("month", gettext(&month))
            .render(),
        Font::sans(3.6),
    );
    fitted_left(
        cr,
        6.0,
        7.5,
        w - 12.0,
        &gettext(orders.title()),
        Font::bold(5.6),
    );
    // The facts on the right, the orders on the left.
    let facts_w = (w * 0.34).min(90.0);
    let text_w = w - facts_w - 18.0;
    let story = reflow(&gettext(orders.text().trim()));
    let font = fit_paragraph_font(cr, &story, Font::sans(4.0), text_w, h - 26.0, 2.6);
    Rgb::hex(0x222222).set(cr);
    paragraph(cr, 6.0, 21.0, text_w, &story, &font, Align::Left);
    let x = w - facts_w - 6.0;
    Rgb::hex(0xE2DBC2).set(cr);
    cr.rectangle(x - 3.0, 19.0, facts_w + 6.0, h - 23.0);
    cr.fill()?;
    let mut y = 22.0;
    let mut fact = |cr: &Context, label: String, value: String| {
        Rgb::hex(0x33402A).set(cr);
        fitted_left(cr, x, y, facts_w, &label, Font::bold(3.4));
        Rgb::hex(0x222222).set(cr);
        let f = fit_paragraph_font(cr, &value, Font::sans(3.4), facts_w, 16.0, 2.4);
        y += 5.0 + paragraph(cr, x, y + 4.5, facts_w, &value, &f, Align::Left) + 2.0;
    };
    let flight: Vec<String> = HeloType::ALL
        .iter()
        .map(|t| (t, m.flight.iter().filter(|x| x.kind == *t).count()))
        .filter(|(_, n)| *n > 0)
        .map(|(t, n)| format!("{n} × {}", t.name()))
        .collect();
    fact(cr, gettext("Flight"), flight.join(", "));
    if let Orders::Briefing(b) = orders {
        for (label, value) in briefing_facts(b) {
            fact(cr, label, value);
        }
    }
    Ok(())
}

/// The facts of a Playbook briefing a player flies by, each with its label: the load, the
/// route, the Tactical Map, the support on call, what counts as success and the reward. The
/// window's briefing page and the printed Playbook both list them.
pub fn briefing_facts(b: &Mission) -> Vec<(String, String)> {
    let mut facts = Vec::new();
    let load: Vec<String> = b
        .load
        .iter()
        .map(|l| {
            let name = data()
                .unit(&l.unit)
                .map_or(l.unit.clone(), |u| gettext(&u.name));
            format!("{} × {name}", l.n)
        })
        .collect();
    if !load.is_empty() {
        facts.push((gettext("Load"), load.join(", ")));
    }
    facts.push((gettext("Route"), b.route.join(" → ")));
    let maps: Vec<String> = b
        .tac
        .layout
        .iter()
        .map(|row| row.iter().map(u8::to_string).collect::<Vec<_>>().join("+"))
        .collect();
    let where_ = match &b.tac.lz {
        Some(lz) => {
            msg("maps {maps}; in at {entry}, out at {exit}; landing zone {lz}").arg("lz", lz)
        }
        None => msg("maps {maps}; in at {entry}, out at {exit}"),
    }
    .arg("maps", maps.join(" / "))
    .arg("entry", &b.tac.entry)
    .arg("exit", &b.tac.exit)
    .render();
    facts.push((gettext("Tactical Map"), where_));
    if b.support.air + b.support.artillery > 0 {
        facts.push((
            gettext("Support on call"),
            msg("Air strikes: {air} · artillery missions: {artillery}")
                .arg("air", b.support.air)
                .arg("artillery", b.support.artillery)
                .render(),
        ));
    }
    facts.push((gettext("To succeed"), success_words(b.success)));
    facts.push((
        gettext("Reward"),
        msg("Skill points: {points}")
            .arg("points", b.skill_points)
            .render(),
    ));
    facts
}
