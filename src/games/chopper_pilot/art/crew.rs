//! The crew: the Crew Board (each member's seat, skills, wounds and missions away; the
//! pilot's experience and Luck Factor; the bank of skill points and the victory points) and,
//! while the crew is being chosen, the Crew Bio cards offered, to click.

use cairo::Context;

use crate::art::draw::{
    Align, Font, Rgb, fit_paragraph_font, fitted_left, paragraph, rounded_rect,
};
use crate::engine::message::msg;
use crate::games::chopper_pilot::rules::ChopperPilot;
use crate::games::chopper_pilot::rules::content::{Bio, Position, data};
use crate::games::chopper_pilot::rules::state::{CrewMember, Health, Location};
use crate::i18n::{gettext, pgettext};

pub fn health_name(h: Health) -> String {
    match h {
        Health::Fit => gettext("Fit"),
        Health::Minor => gettext("Minor wound"),
        Health::Light => gettext("Light wound"),
        Health::Serious => gettext("Serious wound"),
        Health::Killed => gettext("Killed"),
        Health::Captured => gettext("Captured"),
    }
}

fn location_name(l: Location) -> String {
    match l {
        Location::Head => gettext("head"),
        Location::Chest => gettext("chest"),
        Location::Abdomen => gettext("abdomen"),
        Location::Arm => gettext("arm"),
        Location::Leg => gettext("leg"),
        Location::HandFoot => gettext("hand or foot"),
    }
}

fn health_colour(h: Health) -> u32 {
    match h {
        Health::Fit => 0x2E7D32,
        Health::Minor => 0xF9A825,
        Health::Light => 0xEF6C00,
        Health::Serious => 0xC62828,
        Health::Killed | Health::Captured => 0x212121,
    }
}

/// The Crew Board of `g`, `w × h` millimetres.
pub fn draw_board(cr: &Context, g: &ChopperPilot, w: f64, h: f64) -> Result<(), cairo::Error> {
    board(cr, Some(g), &[], None, w, h)
}

/// A Crew Board of the kit, named by `label` in its title bar (the helicopter and the unit
/// it is for): filled from `g`, or blank for a crew of the `seats` given.
pub fn draw_kit_board(
    cr: &Context,
    g: Option<&ChopperPilot>,
    seats: &[Position],
    label: &str,
    w: f64,
    h: f64,
) -> Result<(), cairo::Error> {
    board(cr, g, seats, Some(label), w, h)
}

/// One row of the board: a crew member, or an empty seat to write in.
struct Row<'a> {
    position: Position,
    member: Option<&'a CrewMember>,
}

fn board(
    cr: &Context,
    g: Option<&ChopperPilot>,
    seats: &[Position],
    label: Option<&str>,
    w: f64,
    h: f64,
) -> Result<(), cairo::Error> {
    Rgb::hex(0xEDE7D3).set(cr);
    cr.rectangle(0.0, 0.0, w, h);
    cr.fill()?;
    Rgb::hex(0x33402A).set(cr);
    cr.rectangle(0.0, 0.0, w, 14.0);
    cr.fill()?;
    Rgb::WHITE.set(cr);
    let title_w = fitted_left(
        cr,
        5.0,
        2.5,
        w * 0.55,
        &gettext("Crew Board"),
        Font::bold(6.0),
    );
    if let Some(label) = label {
        let x = 5.0 + title_w + 6.0;
        fitted_left(cr, x, 3.6, w - x - 5.0, label, Font::sans(4.6));
    }
    let blank = "________";
    let level = g
        .and_then(|g| data().experience.get(g.experience_level()))
        .map_or(blank.to_owned(), |x| gettext(&x.name));
    let number = |v: Option<String>| v.unwrap_or_else(|| blank.to_owned());
    let luck = match g.and_then(|g| g.mission.as_ref()) {
        Some(m) if m.luck_used >= m.luck_uses => msg("Luck Factor {luck} (used this mission)"),
        _ => msg("Luck Factor {luck}"),
    }
    .arg("luck", number(g.map(|g| g.luck.to_string())))
    .render();
    let facts = [
        luck,
        msg("Experience: {level} · missions flown: {missions}")
            .arg("level", level)
            .arg("missions", number(g.map(|g| g.missions_flown.to_string())))
            .render(),
        msg("Skill points banked: {points} · victory points: {vp}")
            .arg("points", number(g.map(|g| g.skill_points.to_string())))
            .arg("vp", number(g.map(|g| g.victory_points.to_string())))
            .render(),
    ];
    Rgb::hex(0x33402A).set(cr);
    for (i, f) in facts.iter().enumerate() {
        fitted_left(cr, 5.0, 17.0 + i as f64 * 5.2, w - 10.0, f, Font::sans(3.8));
    }
    let heading = [
        (5.0, gettext("Seat")),
        (38.0, gettext("Name")),
        (w * 0.42, pgettext("crew skill", "Flying")),
        (w * 0.42 + 17.0, gettext("Perception")),
        (w * 0.42 + 40.0, gettext("Gunnery")),
        (w * 0.42 + 60.0, gettext("Condition")),
    ];
    let top = 36.0;
    for (x, s) in &heading {
        fitted_left(cr, *x, top, 30.0, s, Font::bold(3.4));
    }
    let rows: Vec<Row> = match g {
        Some(g) => g
            .crew
            .iter()
            .map(|m| Row {
                position: m.position,
                member: Some(m),
            })
            .collect(),
        None => seats
            .iter()
            .map(|&position| Row {
                position,
                member: None,
            })
            .collect(),
    };
    let row_h = ((h - top - 8.0) / rows.len().max(4) as f64).min(24.0);
    // The wounds checked on your helicopter's Info Card this mission, by crew member.
    let seats = g
        .and_then(|g| g.mission.as_ref())
        .map(|m| m.your_helicopter().seats.clone())
        .unwrap_or_default();
    for (i, row) in rows.iter().enumerate() {
        let y = top + 6.0 + i as f64 * row_h;
        rounded_rect(cr, 3.0, y, w - 6.0, row_h - 1.5, 1.5);
        Rgb::hex(if i % 2 == 0 { 0xF8F5EA } else { 0xE4DEC6 }).set(cr);
        cr.fill()?;
        Rgb::hex(0x222222).set(cr);
        fitted_left(
            cr,
            5.0,
            y + 2.0,
            32.0,
            &gettext(row.position.name()),
            Font::bold(3.6),
        );
        let skills = row.member.map(|m| [m.flying, m.perception, m.gunnery]);
        for k in 0..3 {
            let x = w * 0.42 + [0.0, 17.0, 40.0][k];
            skill_boxes(cr, x, y + 2.0, skills.map(|s| s[k]))?;
        }
        let Some(m) = row.member else {
            continue;
        };
        fitted_left(cr, 38.0, y + 2.0, w * 0.42 - 40.0, &m.name, Font::sans(3.6));
        let seat = seats.iter().find(|s| s.member == Some(i));
        let health = seat.map_or(m.health, |s| s.health.max(m.health));
        let cx = w * 0.42 + 60.0;
        Rgb::hex(health_colour(health)).set(cr);
        fitted_left(
            cr,
            cx,
            y + 2.0,
            w - cx - 5.0,
            &health_name(health),
            Font::bold(3.6),
        );
        let mut notes: Vec<String> = seat
            .map(|s| {
                s.wounds
                    .iter()
                    .map(|(l, n)| {
                        msg("{place} — missions to sit out: {missions}")
                            .arg("place", location_name(*l))
                            .arg("missions", n)
                            .render()
                    })
                    .collect()
            })
            .unwrap_or_default();
        if m.away > 0 {
            notes.push(
                msg("on the Base Mat, missions left: {missions}")
                    .arg("missions", m.away)
                    .render(),
            );
        }
        if !notes.is_empty() && row_h > 10.0 {
            Rgb::hex(0x5D4037).set(cr);
            fitted_left(
                cr,
                cx,
                y + 7.5,
                w - cx - 5.0,
                &notes.join("; "),
                Font::sans(3.0),
            );
        }
    }
    Ok(())
}

/// A skill's level 0 to +2 as three boxes, the reached ones filled (none when blank).
fn skill_boxes(cr: &Context, x: f64, y: f64, level: Option<u8>) -> Result<(), cairo::Error> {
    for k in 0..3u8 {
        let bx = x + f64::from(k) * 4.6;
        cr.rectangle(bx, y, 4.0, 4.0);
        if level.is_some_and(|l| k <= l) {
            Rgb::hex(0x33402A).set(cr);
            cr.fill_preserve()?;
        }
        Rgb::hex(0x33402A).set(cr);
        cr.set_line_width(0.3);
        cr.stroke()?;
    }
    Ok(())
}

/// The Crew Bio cards offered (the prompt's targets `bio:<id>`), in a grid to click.
pub fn draw_bios(
    cr: &Context,
    w: f64,
    h: f64,
    targets: &[String],
    hovered: Option<&str>,
) -> Result<(), cairo::Error> {
    Rgb::hex(0x2B3A2E).set(cr);
    cr.rectangle(0.0, 0.0, w, h);
    cr.fill()?;
    for (i, id, (x, y, cw, ch)) in bio_cells(w, h, targets) {
        let Some(b) = data().bio(id) else { continue };
        rounded_rect(cr, x, y, cw, ch, 2.0);
        Rgb::hex(0xF4EFDC).set(cr);
        cr.fill_preserve()?;
        let hot = hovered == Some(targets[i].as_str());
        Rgb::hex(if hot { 0xFF6D00 } else { 0xFFEB3B }).set(cr);
        cr.set_line_width(if hot { 1.2 } else { 0.6 });
        cr.stroke()?;
        draw_bio(cr, b, x, y, cw, ch);
    }
    Ok(())
}

/// The words of a Crew Bio card in a `cw × ch` rectangle from (x, y): rank and name, age and
/// home town, the story. The cards offered on the screen and the printed deck share it.
pub fn draw_bio(cr: &Context, b: &Bio, x: f64, y: f64, cw: f64, ch: f64) {
    Rgb::hex(0x222222).set(cr);
    fitted_left(
        cr,
        x + 2.5,
        y + 2.0,
        cw - 5.0,
        &format!("{} {}", gettext(&b.rank), b.name),
        Font::bold(3.6),
    );
    fitted_left(
        cr,
        x + 2.5,
        y + 7.0,
        cw - 5.0,
        &msg("{age}, of {home}")
            .arg("age", b.age)
            .arg("home", gettext(&b.home))
            .render(),
        Font::sans(3.0),
    );
    let story = gettext(&b.text);
    let font = fit_paragraph_font(cr, &story, Font::sans(2.8), cw - 5.0, ch - 14.0, 2.0);
    paragraph(cr, x + 2.5, y + 11.5, cw - 5.0, &story, &font, Align::Left);
}

/// A rectangle: left, top, width, height.
pub type Cell = (f64, f64, f64, f64);

/// Where each offered bio card lies: (index in the targets, bio id, rectangle).
pub fn bio_cells(w: f64, h: f64, targets: &[String]) -> Vec<(usize, &str, Cell)> {
    let bios: Vec<(usize, &str)> = targets
        .iter()
        .enumerate()
        .filter_map(|(i, t)| t.strip_prefix("bio:").map(|id| (i, id)))
        .collect();
    let n = bios.len().max(1);
    let cols = if n > 8 {
        4
    } else if n > 4 {
        3
    } else {
        2
    };
    let rows = n.div_ceil(cols);
    let (cw, ch) = ((w - 4.0) / cols as f64, (h - 4.0) / rows as f64);
    bios.into_iter()
        .enumerate()
        .map(|(k, (i, id))| {
            let (c, r) = ((k % cols) as f64, (k / cols) as f64);
            (
                i,
                id,
                (2.0 + c * cw + 1.0, 2.0 + r * ch + 1.0, cw - 2.0, ch - 2.0),
            )
        })
        .collect()
}
