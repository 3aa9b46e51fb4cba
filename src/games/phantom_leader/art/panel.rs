//! The campaign and squadron panel beside the display: the sheet, day, VP and Special
//! Options, the three tracks' readings, the day's target, and one row per pilot with his level,
//! stress against his Okay and Shaken bands, status, experience toward promotion and what a
//! promotion would change. A pilot who may be sent or kept home is a row to click.

use cairo::Context;

use crate::art::draw::{Align, Font, Rgb, fitted_left, rounded_rect, text};
use crate::engine::message::msg;
use crate::games::phantom_leader::rules::cards::{PilotCard, Row, Status};
use crate::games::phantom_leader::rules::content::{Speed, data};
use crate::games::phantom_leader::rules::{Duty, Fate, PhantomLeader};
use crate::i18n::gettext;

use super::{HEIGHT, WIDTH};

const W: f64 = WIDTH - super::DISPLAY;
const TOP: f64 = 27.0;
const ROW_H: f64 = 11.0;
const ROW_GAP: f64 = 0.8;

/// The squadron's active pilots with the top of their row.
fn rows(g: &PhantomLeader) -> Vec<(usize, f64)> {
    g.squadron
        .iter()
        .enumerate()
        .filter(|(_, p)| p.duty == Duty::Active)
        .enumerate()
        .map(|(k, (i, _))| (i, TOP + k as f64 * (ROW_H + ROW_GAP)))
        .take_while(|&(_, y)| y + ROW_H <= HEIGHT)
        .collect()
}

/// The pilot row under a point, among the legal targets ("pilot:i").
pub fn hit(g: &PhantomLeader, x: f64, y: f64, targets: &[String]) -> Option<String> {
    if !(2.5..=W - 2.5).contains(&x) {
        return None;
    }
    rows(g).into_iter().find_map(|(i, top)| {
        let id = format!("pilot:{i}");
        ((top..=top + ROW_H).contains(&y) && targets.contains(&id)).then_some(id)
    })
}

/// A row of the card in short: "Fast, AtA +1, AtG 0".
fn row_words(row: &Row) -> String {
    let speed = match row.speed {
        Speed::Fast => gettext("Fast"),
        Speed::Slow => gettext("Slow"),
    };
    let value = |v: Option<i8>| v.map_or("–".to_owned(), |v| format!("{v:+}"));
    msg("{speed}, AtA {ata}, AtG {atg}")
        .arg("speed", speed)
        .arg("ata", value(row.ata))
        .arg("atg", value(row.atg))
        .render()
}

pub fn draw(
    cr: &Context,
    g: &PhantomLeader,
    targets: &[String],
    hovered: Option<&str>,
) -> Result<(), cairo::Error> {
    Rgb::hex(0xf6f3ea).set(cr);
    cr.rectangle(0.0, 0.0, W, HEIGHT);
    cr.fill()?;
    Rgb::BLACK.set(cr);
    let sheet = g.sheet();
    fitted_left(
        cr,
        4.0,
        3.0,
        W - 8.0,
        &gettext(&sheet.title),
        Font::bold(4.0),
    );
    let line = |cr: &Context, y: f64, s: &str| {
        fitted_left(cr, 4.0, y, W - 8.0, s, Font::sans(3.0));
    };
    line(
        cr,
        9.5,
        &msg("Day {day} of {days} · VP {vp} · SO {so}")
            .arg("day", g.day)
            .arg("days", g.days_total())
            .arg("vp", g.vp)
            .arg("so", g.special_options)
            .render(),
    );
    let intel = g.intel();
    line(
        cr,
        14.0,
        &msg("Recon {recon} · Intel {intel} · Politics {politics}")
            .arg("recon", g.recon())
            .arg(
                "intel",
                format!(
                    "{}{}S {}B",
                    if intel.center_only { "C " } else { "" },
                    intel.sites,
                    intel.bandits
                ),
            )
            .arg("politics", g.politics())
            .render(),
    );
    if let Some(n) = g.mission.target {
        let t = data().target(n);
        let region = sheet.region_of(n);
        line(
            cr,
            18.5,
            &msg("#{n} {target}: {region}, {wp} WP, Target Stress {stress}")
                .arg("n", n)
                .term("target", t.name.as_str())
                .term("region", region.map_or("", |r| r.name.as_str()))
                .arg("wp", region.map_or(0, |r| r.wp_penalty))
                .arg("stress", region.map_or(0, |r| r.stress))
                .render(),
        );
    }
    for (i, y) in rows(g) {
        pilot_row(cr, g, i, y, targets, hovered)?;
    }
    Ok(())
}

fn pilot_row(
    cr: &Context,
    g: &PhantomLeader,
    i: usize,
    y: f64,
    targets: &[String],
    hovered: Option<&str>,
) -> Result<(), cairo::Error> {
    let p = &g.squadron[i];
    let card = p.card();
    let status = p.status();
    let flying = g.mission.flight.iter().find(|s| s.squad == i);
    let id = format!("pilot:{i}");
    rounded_rect(cr, 2.5, y, W - 5.0, ROW_H, 1.0);
    Rgb::hex(match status {
        Status::Okay => 0xe3efd9,
        Status::Shaken => 0xf6e3b4,
        Status::Unfit => 0xf2c4c0,
    })
    .set(cr);
    cr.fill_preserve()?;
    if targets.contains(&id) {
        super::outline_clickable(cr, hovered == Some(id.as_str()), 0.7)?;
    } else {
        Rgb::hex(if flying.is_some() { 0x2f5d8a } else { 0xb8b2a0 }).set(cr);
        cr.set_line_width(if flying.is_some() { 0.6 } else { 0.3 });
        cr.stroke()?;
    }
    Rgb::BLACK.set(cr);
    fitted_left(
        cr,
        4.0,
        y + 0.6,
        44.0,
        &format!("{} · {}", card.name, card.aircraft.name),
        Font::bold(2.8),
    );
    let state = match status {
        Status::Okay => gettext("Okay"),
        Status::Shaken => gettext("Shaken"),
        Status::Unfit => gettext("Unfit"),
    };
    let mut right = format!("{} · {state}", gettext(p.level.name()));
    if let Some(s) = flying {
        let fate = match s.fate {
            Fate::Flying if s.left => gettext("home"),
            Fate::Flying => gettext("flying"),
            Fate::Aborted => gettext("aborted"),
            Fate::Down(_) => gettext("shot down"),
        };
        right = format!("{fate} · {right}");
    }
    text(cr, W - 4.0, y + 0.6, &right, &Font::sans(2.5), Align::Right);
    // Stress against the bands: Okay to its top, Shaken to its top, then Unfit.
    let bar_w = 34.0;
    let top = f64::from(card.unfit_from()) + 2.0;
    let (bx, by) = (4.0, y + 4.4);
    for (from, to, colour) in [
        (0.0, f64::from(card.okay.max) + 1.0, 0x8bbf6a),
        (
            f64::from(card.okay.max) + 1.0,
            f64::from(card.shaken.max) + 1.0,
            0xe0b443,
        ),
        (f64::from(card.shaken.max) + 1.0, top, 0xc9473f),
    ] {
        Rgb::hex(colour).set(cr);
        cr.rectangle(bx + from / top * bar_w, by, (to - from) / top * bar_w, 2.0);
        cr.fill()?;
    }
    Rgb::BLACK.set(cr);
    let sx = bx + (f64::from(p.stress).min(top) / top) * bar_w;
    cr.rectangle(sx - 0.35, by - 0.6, 0.7, 3.2);
    cr.fill()?;
    let xp = card
        .experience
        .map_or("–".to_owned(), |need| format!("{}/{need}", p.xp));
    let info = msg("Stress {stress} · Cool {cool} · XP {xp}")
        .arg("stress", p.stress)
        .arg("cool", card.cool)
        .arg("xp", xp)
        .render();
    fitted_left(
        cr,
        bx + bar_w + 2.0,
        y + 3.9,
        W - bar_w - 10.0,
        &info,
        Font::sans(2.4),
    );
    // What the pilot flies as now, and as he would after a promotion.
    let now = match status {
        Status::Okay => Some(&card.okay),
        Status::Shaken => Some(&card.shaken),
        Status::Unfit => None,
    };
    let mut last = now.map_or_else(|| gettext("Unfit: stays home"), row_words);
    if let Some(next) = p.level.next() {
        let promoted = PilotCard::new(data(), p.pilot, next);
        last = msg("{now} · promoted to {level}: {row}, Cool {cool}")
            .arg("now", last)
            .term("level", next.name())
            .arg("row", row_words(&promoted.okay))
            .arg("cool", promoted.cool)
            .render();
    }
    fitted_left(cr, 4.0, y + 7.4, W - 8.0, &last, Font::sans(2.3));
    Ok(())
}
