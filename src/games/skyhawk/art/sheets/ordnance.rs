//! The Skyhawk Ordnance Card (digest §11.2): the five stations with the stores each may carry
//! ("1 or 3" where a multiple ejector rack takes 3-bomb clusters) and its weight limit, the
//! external tank places, the weight tally against the 8,700 lb limit, and a reminder strip.
//! Filled, it shows the mission's load: the stores ticked, station and total weights.

use cairo::Context;

use super::{boxes, label, notes, opt, pen};
use crate::art::draw::{Align, condensed, measure, text};
use crate::art::sheet::{INK, MARGIN, Page, field, heading, page_frame};
use crate::games::skyhawk::art::{STYLE, palette};
use crate::games::skyhawk::rules::content::{Content, PylonId, Weapon};
use crate::i18n::gettext;

/// What hangs on one station.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct StationLoad {
    /// The store's name as in the ordnance list ("Mk 82"), empty when the station is clean.
    pub weapon: String,
    /// 0: one store; 1 or 2: that many 3-bomb clusters.
    pub clusters: u8,
    /// The load as written, e.g. "2×3 Mk 82".
    pub label: String,
    /// The tank on the station, in gallons (0: none).
    pub tank: u16,
    /// Weight on the station, stores and tank.
    pub weight: Option<u32>,
    pub hit: bool,
}

/// An Ordnance Card; `Default` is the blank card.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct OrdnanceRecord {
    pub pilot: String,
    pub date: String,
    pub target: String,
    pub route_package: String,
    /// Stations LO, LI, CL, RI, RO.
    pub stations: [StationLoad; 5],
    pub stores_weight: Option<u32>,
    pub tanks_weight: Option<u32>,
    pub total: Option<u32>,
}

/// "1,200 lb".
pub fn pounds(lb: u32) -> String {
    let s = lb.to_string();
    let s = if s.len() > 3 {
        format!("{},{}", &s[..s.len() - 3], &s[s.len() - 3..])
    } else {
        s
    };
    gettext("{weight} lb").replace("{weight}", &s)
}

/// Draws the card on `page` (designed for A4 or Letter landscape), the stations and limits
/// read from the content.
pub fn draw_ordnance_card(
    cr: &Context,
    c: &Content,
    rec: &OrdnanceRecord,
    page: Page,
) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("ORDNANCE CARD"))?;
    let (x0, w) = (MARGIN, page.w - 2.0 * MARGIN);
    let mut y = MARGIN + 12.0;
    let q = w / 4.0;
    field(cr, x0, y, q - 3.0, &gettext("Pilot"), opt(&rec.pilot))?;
    field(
        cr,
        x0 + q,
        y,
        q * 0.7 - 3.0,
        &gettext("Date"),
        opt(&rec.date),
    )?;
    field(
        cr,
        x0 + q * 1.7,
        y,
        q * 1.6 - 3.0,
        &gettext("Target"),
        opt(&rec.target),
    )?;
    field(
        cr,
        x0 + q * 3.3,
        y,
        q * 0.7,
        &gettext("Route package"),
        opt(&rec.route_package),
    )?;
    y += 8.0;
    let gap = 3.0;
    let sw = (w - 4.0 * gap) / 5.0;
    let box_h = box_height(c);
    for (i, p) in PylonId::ALL.iter().enumerate() {
        let x = x0 + i as f64 * (sw + gap);
        station(cr, c, *p, &rec.stations[i], x, y, sw, box_h)?;
    }
    y += box_h + 3.0;
    // Tanks under LI, CL and RI.
    heading(cr, &STYLE, x0, y, &gettext("External tanks"));
    for (i, p) in PylonId::ALL.iter().enumerate() {
        let sizes: Vec<u16> = c
            .aircraft
            .tank
            .iter()
            .filter(|t| {
                if *p == PylonId::CL {
                    t.centerline
                } else {
                    t.inboard
                }
            })
            .map(|t| t.gallons)
            .collect();
        if !c.aircraft.pylon[i].tank || sizes.is_empty() {
            continue;
        }
        let mut tx = x0 + i as f64 * (sw + gap);
        for g in sizes {
            let on = rec.stations[i].tank == g;
            let words = gettext("{gal} gal").replace("{gal}", &g.to_string());
            tx += tick_small(cr, tx, y + 6.0, sw, &words, on)? + 3.0;
        }
    }
    let weights: Vec<String> = c
        .aircraft
        .tank
        .iter()
        .map(|t| format!("{} gal = {}", t.gallons, pounds(t.weight)))
        .collect();
    INK.set(cr);
    text(
        cr,
        x0,
        y + 11.5,
        &gettext("Full tanks weigh {list}. Allowed: right, centre and left together; right and left; or centre alone. Tanks stay on to the end.")
            .replace("{list}", &weights.join(", ")),
        &condensed(2.6, false),
        Align::Left,
    );
    y += 17.0;
    // Weight tally.
    heading(cr, &STYLE, x0, y, &gettext("Weight"));
    let fmt = |v: Option<u32>| v.map(pounds);
    let tw = w / 3.0;
    field(
        cr,
        x0 + 20.0,
        y,
        tw - 23.0,
        &gettext("Stores"),
        fmt(rec.stores_weight).as_deref(),
    )?;
    field(
        cr,
        x0 + tw,
        y,
        tw - 3.0,
        &gettext("Tanks"),
        fmt(rec.tanks_weight).as_deref(),
    )?;
    let limit =
        gettext("Total (at most {limit})").replace("{limit}", &pounds(c.aircraft.max_weight));
    field(cr, x0 + 2.0 * tw, y, tw, &limit, fmt(rec.total).as_deref())?;
    y += 8.0;
    // Reminders, our own words.
    let packages: Vec<String> = c
        .aircraft
        .route_package
        .iter()
        .map(|r| match r.min_gallons {
            0 => format!("RP {}: —", r.id),
            g => format!("RP {}: {g} gal", r.id),
        })
        .collect();
    let lines = [
        gettext("Symmetry: the right outboard station carries what the left outboard carries, and the right inboard what the left inboard carries."),
        gettext("A station with a tank carries no ordnance. A rack marked “1 or 3” takes one store, or one or two 3-bomb clusters of one type."),
        gettext("Least external fuel by route package: {list} (RP 5 and 6A need the 400 gal centre tank and two 150 gal tanks).")
            .replace("{list}", &packages.join(", ")),
        gettext("Rockets, mines and the cannon are used at Low only; Bullpup and Shrike at Medium or High. One missile or one mine per run; two strafing runs at most."),
        gettext("Bomb shortage: no Mk 82 of any kind. AGM-12C only in the second tour."),
    ];
    notes(cr, x0, y, w, &lines);
    Ok(())
}

/// One station's box: name, limit, the stores it may carry, the load and its weight.
#[allow(clippy::too_many_arguments)]
fn station(
    cr: &Context,
    c: &Content,
    p: PylonId,
    load: &StationLoad,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
) -> Result<(), cairo::Error> {
    let spec = &c.aircraft.pylon[p.index()];
    palette::NAVY_LIGHT.set(cr);
    cr.rectangle(x, y, w, 10.0);
    cr.fill()?;
    INK.set(cr);
    cr.set_line_width(0.3);
    cr.rectangle(x, y, w, h);
    cr.stroke()?;
    let title = gettext("Station {n} · {id}")
        .replace("{n}", &(p.index() + 1).to_string())
        .replace("{id}", p.name());
    text(
        cr,
        x + 1.5,
        y + 0.8,
        &title,
        &condensed(3.3, true),
        Align::Left,
    );
    text(
        cr,
        x + 1.5,
        y + 5.2,
        &format!(
            "{} · {}",
            gettext(&spec.name),
            gettext("max {w}").replace("{w}", &pounds(spec.limit))
        ),
        &condensed(2.6, false),
        Align::Left,
    );
    let mut ly = y + 11.5;
    for o in allowed(c, p) {
        let cluster = o.cluster_pylons.contains(&p);
        let name = if cluster {
            gettext("{name} (1 or 3)").replace("{name}", &gettext(&o.name))
        } else {
            gettext(&o.name)
        };
        let on = !load.weapon.is_empty() && load.weapon == o.name;
        let weight = match (cluster, o.cluster_weight) {
            (true, Some(cw)) => format!("{}/{}", o.weight, cw),
            _ => o.weight.to_string(),
        };
        INK.set(cr);
        let ww = text(
            cr,
            x + w - 1.5,
            ly + 0.2,
            &weight,
            &condensed(2.4, false),
            Align::Right,
        );
        tick_small(cr, x + 1.5, ly, w - ww - 5.0, &name, on)?;
        ly += LINE;
    }
    // Load, weight and the pylon-hit box at the foot of the box.
    let fy = y + h - 15.0;
    INK.set(cr);
    cr.set_line_width(0.2);
    cr.move_to(x, fy - 1.0);
    cr.line_to(x + w, fy - 1.0);
    cr.stroke()?;
    for (i, (name, value)) in [
        (gettext("Load"), load.label.clone()),
        (
            gettext("Weight"),
            load.weight.map(pounds).unwrap_or_default(),
        ),
    ]
    .iter()
    .enumerate()
    {
        let ly = fy + 4.8 * i as f64;
        let lw = label(cr, x + 1.5, ly, name);
        cr.set_line_width(0.2);
        cr.move_to(x + 2.5 + lw, ly + 3.9);
        cr.line_to(x + w - 1.5, ly + 3.9);
        cr.stroke()?;
        pen(cr, x + 3.0 + lw, ly, value, 3.0);
    }
    let hw = label(cr, x + 1.5, fy + 9.6, &gettext("Pylon hit"));
    boxes(cr, x + 3.0 + hw, fy + 10.0, 1, usize::from(load.hit), 3.0)?;
    Ok(())
}

/// Spacing of the store lines in a station's box.
const LINE: f64 = 4.7;

/// The stores one station may carry, in the order of the ordnance list.
fn allowed(
    c: &Content,
    p: PylonId,
) -> impl Iterator<Item = &crate::games::skyhawk::rules::content::OrdnanceSpec> {
    Weapon::ALL
        .into_iter()
        .filter_map(|w| c.ordnance.get(&w))
        .filter(move |o| o.pylons.contains(&p))
}

/// Height of the station boxes: the title, the longest list of stores, the foot.
fn box_height(c: &Content) -> f64 {
    let most = PylonId::ALL
        .iter()
        .map(|p| allowed(c, *p).count())
        .max()
        .unwrap_or(0);
    11.5 + LINE * most as f64 + 16.5
}

/// A small tick box with a label in narrow type, shrunk to `max_w`; returns the width used.
fn tick_small(
    cr: &Context,
    x: f64,
    y: f64,
    max_w: f64,
    s: &str,
    on: bool,
) -> Result<f64, cairo::Error> {
    boxes(cr, x, y + 0.4, 1, usize::from(on), 2.8)?;
    let mut font = condensed(2.9, false);
    let tw = measure(cr, s, &font, None).0;
    if tw > max_w - 3.8 && tw > 0.0 {
        font.size *= (max_w - 3.8) / tw;
    }
    Ok(3.8 + text(cr, x + 3.8, y, s, &font, Align::Left))
}

#[cfg(test)]
mod tests {
    use super::super::rendered;
    use super::*;
    use crate::art::testutil::inked;
    use crate::games::skyhawk::rules::content::content;

    const PAGE: Page = Page { w: 260.0, h: 178.0 };

    #[test]
    fn a_filled_card_writes_the_load_where_the_blank_one_is_empty() {
        let c = content().unwrap();
        let mut blank = rendered(PAGE, |cr| {
            draw_ordnance_card(cr, c, &OrdnanceRecord::default(), PAGE)
        });
        let mut rec = OrdnanceRecord::default();
        rec.stations[2] = StationLoad {
            weapon: "Mk 82".into(),
            clusters: 2,
            label: "2×3 Mk 82".into(),
            tank: 0,
            weight: Some(3000),
            hit: true,
        };
        rec.total = Some(3000);
        let mut filled = rendered(PAGE, |cr| draw_ordnance_card(cr, c, &rec, PAGE));
        // The centreline box's foot (load and weight lines).
        let sw = (PAGE.w - 2.0 * MARGIN - 12.0) / 5.0;
        let x = MARGIN + 2.0 * (sw + 3.0);
        let foot = MARGIN + 20.0 + box_height(c) - 15.0;
        let probe = |s: &mut cairo::ImageSurface| inked(s, x + 10.0, foot, sw - 12.0, 9.0);
        assert!(probe(&mut filled) > probe(&mut blank) + 200);
    }
}
