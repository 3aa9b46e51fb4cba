//! The printed sheets of the kit (digest 10.5-10.7, 10.9): a Campaign Map sheet (the window's
//! tracks and regions, with the durations, VP chart, weapons and special rules under them),
//! the Tactical Display (the window's rings with the card boxes and the turn sequence) and
//! the Help Sheet of reference tables, every number from the content.

use cairo::Context;

use crate::art::draw::{Align, Font, Rgb, condensed, fitted_left, paragraph, rounded_rect, text};
use crate::art::sheet::{INK, MARGIN, PEN, Page, Table, heading, page_frame};
use crate::engine::message::{msg, msg_n};
use crate::engine::play::Playable;
use crate::games::phantom_leader::rules::PhantomLeader;
use crate::games::phantom_leader::rules::content::{
    AdjustmentKind, Content, Duration, Level, Sheet,
};
use crate::games::phantom_leader::rules::state::Tracks;
use crate::i18n::gettext;

use super::cards::{CARD_H, CARD_W};
use super::player_log::STYLE;
use super::{DISPLAY, campaign, display};

fn signed(v: impl Into<i32>) -> String {
    format!("{:+}", v.into())
}

fn triple(v: [i32; 3]) -> String {
    format!("{}/{}/{}", v[0], v[1], v[2])
}

/// A titled paragraph; returns the y under it.
fn block(cr: &Context, x: f64, y: f64, w: f64, title: &str, body: &str) -> f64 {
    heading(cr, &STYLE, x, y, title);
    INK.set(cr);
    y + 5.5 + paragraph(cr, x, y + 5.5, w, body, &condensed(3.0, false), Align::Left) + 3.0
}

/// Campaign Map sheet `sheet` on `page`: filled with the track positions of `now` and the
/// target marker on `target` when a campaign is played on it.
pub fn draw_campaign_sheet(
    cr: &Context,
    c: &Content,
    sheet: &'static Sheet,
    (now, target): (Option<&Tracks>, Option<u8>),
    page: Page,
) -> Result<(), cairo::Error> {
    let scale = page.w / DISPLAY;
    cr.save()?;
    cr.scale(scale, scale);
    let mut y = campaign::draw_sheet(cr, sheet, now)? * scale + 3.0;
    cr.restore()?;
    let w = page.w;
    let service = format!("{:?} · {}", sheet.service, sheet.year);
    INK.set(cr);
    text(cr, w - 4.0, 0.8, &service, &Font::sans(2.8), Align::Right);
    // Durations: days, Special Options and the VP needed for each outcome.
    heading(cr, &STYLE, 4.0, y, &gettext("Campaign length and victory"));
    y += 6.0;
    let rows: Vec<Vec<String>> = Duration::ALL
        .iter()
        .map(|&d| {
            let i = d.index();
            let vp = sheet.vp_chart[i];
            vec![
                gettext(d.name()),
                c.days[i].to_string(),
                sheet.special_options[i].to_string(),
                format!("< {}", vp[0]),
                vp[0].to_string(),
                vp[1].to_string(),
                vp[2].to_string(),
                vp[3].to_string(),
            ]
        })
        .collect();
    let heads = [
        gettext("Length"),
        gettext("Days"),
        gettext("SO"),
        gettext("Dismal"),
        gettext("Poor"),
        gettext("Adequate"),
        gettext("Good"),
        gettext("Great"),
    ];
    let heads: Vec<&str> = heads.iter().map(String::as_str).collect();
    y += Table {
        x: 4.0,
        y,
        w: w - 8.0,
        row_h: 6.0,
        cols: &[0.2, 0.1, 0.1, 0.12, 0.12, 0.12, 0.12, 0.12],
        printed_cols: 8,
    }
    .draw(cr, &heads, &rows)?
        + 5.0;
    // Weapons.
    let ids = |list: &[String]| list.join(", ");
    let special: Vec<String> = sheet
        .weapons_special
        .iter()
        .map(|id| {
            let wp = c.weapon(id).map_or(0, |w| i32::from(w.wp));
            let cost = wp * c.tables.priorities.special_weapon_per_wp;
            msg("{weapon} ({cost} SO)")
                .arg("weapon", id)
                .arg("cost", cost)
                .render()
        })
        .collect();
    let half = (w - 12.0) / 2.0;
    let y1 = block(
        cr,
        4.0,
        y,
        half,
        &gettext("Weapons available"),
        &ids(&sheet.weapons_available),
    );
    let y2 = block(
        cr,
        8.0 + half,
        y,
        half,
        &gettext("Special weapons (cost in SO)"),
        &special.join(", "),
    );
    y = y1.max(y2);
    // Special rules: the squadron's make-up on this sheet.
    let changes: Vec<String> = sheet
        .squadron_change
        .iter()
        .map(|(level, n)| {
            msg("{level}: {n} in the squadron")
                .arg("level", gettext(level.name()))
                .arg("n", signed(*n))
                .render()
        })
        .collect();
    let rules = if changes.is_empty() {
        gettext("None")
    } else {
        changes.join("; ")
    };
    y = block(cr, 4.0, y, half, &gettext("Special rules"), &rules);
    // The Target marker's box.
    let (bx, bw, bh) = (8.0 + half, 40.0, 14.0);
    rounded_rect(cr, bx, y - 14.0, bw, bh, 2.0);
    INK.set(cr);
    cr.set_line_width(0.4);
    cr.stroke()?;
    fitted_left(
        cr,
        bx + 2.0,
        y - 13.0,
        bw - 4.0,
        &gettext("Target marker"),
        Font::bold(3.0),
    );
    if let Some(n) = target {
        PEN.set(cr);
        text(
            cr,
            bx + bw / 2.0,
            y - 8.5,
            &format!("#{n}"),
            &Font::bold(4.0),
            Align::Center,
        );
    }
    draw_region_map(cr, sheet, target, (y + 2.0, page))
}

/// The regions as boxes, each with its Weight Point and Target Stress badges and a square
/// for each of its target numbers (the Target marker's places); `target`'s square is marked.
fn draw_region_map(
    cr: &Context,
    sheet: &Sheet,
    target: Option<u8>,
    (top, page): (f64, Page),
) -> Result<(), cairo::Error> {
    heading(cr, &STYLE, 4.0, top, &gettext("Map"));
    let legend = gettext("Intel boxes: C = in the Center only, S = Sites, B = Bandits to destroy.");
    INK.set(cr);
    text(
        cr,
        page.w - 4.0,
        top + 0.8,
        &legend,
        &condensed(2.8, false),
        Align::Right,
    );
    let top = top + 6.5;
    let cols = 3;
    let rows = sheet.regions.len().div_ceil(cols).max(1);
    let (w, h) = (
        (page.w - 8.0) / cols as f64,
        (page.h - top - 2.0) / rows as f64,
    );
    for (k, r) in sheet.regions.iter().enumerate() {
        let (x, y) = (4.0 + (k % cols) as f64 * w, top + (k / cols) as f64 * h);
        rounded_rect(cr, x + 1.0, y + 1.0, w - 2.0, h - 2.0, 3.0);
        Rgb::hex(0xefe9d8).set(cr);
        cr.fill_preserve()?;
        INK.set(cr);
        cr.set_line_width(0.4);
        cr.stroke()?;
        fitted_left(
            cr,
            x + 3.0,
            y + 3.0,
            w - 6.0,
            &gettext(&r.name),
            Font::bold(3.6),
        );
        let badges = [
            (msg("WP {n}").arg("n", r.wp_penalty).render(), 0xb03a2e),
            (msg("Stress {n}").arg("n", r.stress).render(), 0xe0b443),
        ];
        let mut bx = x + 3.0;
        for (label, colour) in badges {
            rounded_rect(cr, bx, y + 9.0, 18.0, 6.0, 1.5);
            Rgb::hex(colour).set(cr);
            cr.fill()?;
            Rgb::WHITE.set(cr);
            crate::art::draw::fitted_text(cr, bx + 9.0, y + 10.0, 17.0, &label, 3.0, true);
            bx += 20.0;
        }
        let size = 9.0;
        let per_row = ((w - 6.0) / (size + 1.5)).floor().max(1.0) as usize;
        for (i, &n) in r.targets.iter().enumerate() {
            let tx = x + 3.0 + (i % per_row) as f64 * (size + 1.5);
            let ty = y + 18.0 + (i / per_row) as f64 * (size + 1.5);
            rounded_rect(cr, tx, ty, size, size, 1.0);
            Rgb::hex(if target == Some(n) {
                0xf0b400
            } else {
                0xffffff
            })
            .set(cr);
            cr.fill_preserve()?;
            INK.set(cr);
            cr.set_line_width(0.3);
            cr.stroke()?;
            text(
                cr,
                tx + size / 2.0,
                ty + 2.4,
                &n.to_string(),
                &Font::bold(3.4),
                Align::Center,
            );
        }
    }
    Ok(())
}

/// The Tactical Display sheet's size: the rings at `SCALE`, the card boxes and the sequence.
pub const SCALE: f64 = 1.4;
pub const TACTICAL_W: f64 = DISPLAY * SCALE;
pub const TACTICAL_H: f64 = DISPLAY * SCALE + CARD_H + 40.0;

/// The Tactical Display for play on paper: the thirteen areas, a compass, the
/// counter-clockwise arrow, the turn track, the four card boxes and the turn sequence.
pub fn draw_tactical_display(cr: &Context) -> Result<(), cairo::Error> {
    Rgb::WHITE.set(cr);
    cr.rectangle(0.0, 0.0, TACTICAL_W, TACTICAL_H);
    cr.fill()?;
    cr.save()?;
    cr.scale(SCALE, SCALE);
    super::background(cr, 0xdfe9f2)?;
    display::draw_areas(cr, true, |_| None)?;
    display::draw_turn_track(cr, None)?;
    // Compass at the top right, and the turning sense of the rings.
    let (nx, ny) = (DISPLAY - 10.0, 12.0);
    Rgb::hex(0x3c4636).set(cr);
    cr.move_to(nx, ny - 7.0);
    cr.line_to(nx - 2.5, ny);
    cr.line_to(nx + 2.5, ny);
    cr.close_path();
    cr.fill()?;
    text(cr, nx, ny + 0.5, "N", &Font::bold(3.5), Align::Center);
    let (cx, cy) = (DISPLAY / 2.0, DISPLAY / 2.0);
    cr.set_line_width(0.8);
    cr.arc_negative(
        cx,
        cy,
        99.0,
        -0.35 * std::f64::consts::PI,
        -0.6 * std::f64::consts::PI,
    );
    cr.stroke()?;
    let (ax, ay) = (
        cx + 99.0 * (-0.6f64 * std::f64::consts::PI).cos(),
        cy + 99.0 * (-0.6f64 * std::f64::consts::PI).sin(),
    );
    cr.move_to(ax - 2.5, ay - 1.8);
    cr.line_to(ax, ay);
    cr.line_to(ax - 1.2, ay + 2.8);
    cr.stroke()?;
    cr.restore()?;
    let mut y = DISPLAY * SCALE + 4.0;
    // The card boxes.
    let boxes = [
        gettext("Target deck"),
        gettext("Target discard"),
        gettext("Event deck"),
        gettext("Event discard"),
    ];
    let gap = (TACTICAL_W - 4.0 * CARD_W) / 5.0;
    for (k, label) in boxes.iter().enumerate() {
        let x = gap + k as f64 * (CARD_W + gap);
        rounded_rect(cr, x, y + 5.0, CARD_W, CARD_H, 3.0);
        cr.set_dash(&[2.0, 1.5], 0.0);
        INK.set(cr);
        cr.set_line_width(0.4);
        cr.stroke()?;
        cr.set_dash(&[], 0.0);
        fitted_left(cr, x, y, CARD_W, label, Font::bold(3.4));
    }
    y += CARD_H + 9.0;
    let turns = gettext(
        "Turn 4: aircraft in the Center must leave it. Turn 5: aircraft in an Approach area must move to a Pre-Approach area; all aircraft leave at the end of the turn.",
    );
    let sequence = gettext(
        "Each turn: Jettison → Fast aircraft → Enemy (ECM → Suppression → Evasion) → Slow aircraft → Move → Bandits move → Advance",
    );
    let areas = gettext(
        "C Center · AN/AE/AS/AW North/East/South/West Approach · PN…PNW Pre-Approach areas",
    );
    let body = format!("{sequence}\n{turns}\n{areas}");
    INK.set(cr);
    paragraph(
        cr,
        6.0,
        y,
        TACTICAL_W - 12.0,
        &body,
        &condensed(3.4, false),
        Align::Left,
    );
    Ok(())
}

/// Side `side` (0 or 1) of the Help Sheet on `page`.
pub fn draw_help_sheet(
    cr: &Context,
    c: &Content,
    side: usize,
    page: Page,
) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("Help Sheet"))?;
    let col_w = (page.w - 2.0 * MARGIN - 6.0) / 2.0;
    let left = MARGIN;
    let right = MARGIN + col_w + 6.0;
    let top = MARGIN + 14.0;
    if side == 0 {
        let mut y = block(
            cr,
            left,
            top,
            col_w,
            &gettext("Sequence of play"),
            &gettext(
                "1. Draw Target cards (Recon track) and choose one, or take Down Time.\n2. Put the card in the Center; draw Sites for each Approach area and the Center.\n3. Pick pilots (up to Max aircraft) and arm them (Weight Points).\n4. Target-Bound event.\n5. Over Target: five turns on the Tactical Display.\n6. Home-Bound event; search and rescue for downed pilots.\n7. Debrief: VP, Recon and Intel shifts, Stress recovery, experience.",
            ),
        );
        let combat = &c.tables.combat;
        let enemy = msg("Roll a d10 plus modifiers against the counter's N1/N2/N3. N1 or more: +{stress} Stress. N2 or more: Damaged, lose every weapon and pod, +{damaged} Stress (a second Damaged destroys). N3 or more: Destroyed, search and rescue after the mission.")
            .arg("stress", combat.stress_result)
            .arg("damaged", combat.damaged_stress)
            .render();
        y = block(cr, left, y, col_w, &gettext("Enemy attacks"), &enemy);
        let rockets: Vec<String> = c
            .weapons
            .iter()
            .filter(|w| w.suppress_bonus > 0)
            .map(|w| format!("{} +{}", w.id, w.suppress_bonus))
            .collect();
        let defence = msg("ECM Pod: an unmodified {ecm} or more negates the attack. Suppression: one aircraft tries once, as an attack; a hit cancels the enemy attack ({bonus}). Evasion: the pilot takes {stress} Stress and the enemy rolls {dice} dice, keeping the lower. Guns hit on {gun} or more.")
            .arg("stress", combat.evasion_stress)
            .arg("dice", combat.evasion_dice)
            .arg("ecm", combat.ecm_negates_on)
            .arg("bonus", rockets.join(", "))
            .arg("gun", combat.gun_hits)
            .render();
        y = block(
            cr,
            left,
            y,
            col_w,
            &gettext("ECM, Suppression, Evasion"),
            &defence,
        );
        let atg = |rows: &[crate::games::phantom_leader::rules::content::AtgPenalty]| {
            rows.iter()
                .map(|r| {
                    msg("{wp}+ WP: {p}")
                        .arg("wp", r.from_wp)
                        .arg("p", r.penalty)
                        .render()
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let penalty = msg(
            "AtA attacks at range 0 with Air-to-Ground loaded: {two}. With three rows: {three}.",
        )
        .arg("two", atg(&c.tables.atg_penalty))
        .arg("three", atg(&c.tables.atg_penalty_three_rows))
        .render();
        y = block(
            cr,
            left,
            y,
            col_w,
            &gettext("Air-to-Ground weight penalty"),
            &penalty,
        );
        let sar = &c.tables.sar;
        let sar_text = msg("A d10 for each downed pilot: {quick} or more, Quick Recovery (+{qs} Stress); {fire}–{fire_to}, Recovered Under Fire (+{fs} Stress); less, Missing in Action. Modifiers: minus the region's WP penalty, +1 a WP of AtG counters given up, +{tb} if shot down Target-Bound, +{hb} Home-Bound.")
            .arg("quick", sar.quick_from)
            .arg("qs", sar.quick_stress)
            .arg("fire", sar.under_fire_from)
            .arg("fire_to", sar.quick_from - 1)
            .arg("fs", sar.under_fire_stress)
            .arg("tb", sar.target_bound_bonus)
            .arg("hb", sar.home_bound_bonus)
            .render();
        y = block(cr, left, y, col_w, &gettext("Search and rescue"), &sar_text);
        let die = gettext("Use a ten-sided die; 0 counts as 10.");
        block(cr, left, y, col_w, &gettext("Die"), &die);
        // Right column: squadron losses, costs, the squadron's make-up.
        heading(
            cr,
            &STYLE,
            right,
            top,
            &gettext("Squadron Stress for a lost pilot"),
        );
        let rows: Vec<Vec<String>> = c
            .tables
            .squadron_stress
            .iter()
            .map(|s| {
                vec![
                    gettext(s.level.name()),
                    s.transferred.to_string(),
                    s.missing.to_string(),
                ]
            })
            .collect();
        let heads = [
            gettext("Level"),
            gettext("Transferred"),
            gettext("Missing in Action"),
        ];
        let heads: Vec<&str> = heads.iter().map(String::as_str).collect();
        let mut y = top + 6.0;
        y += table(cr, right, y, col_w, &heads, &rows, &[0.34, 0.33, 0.33])? + 5.0;
        let p = &c.tables.priorities;
        let costs = msg("Recon: {recon} SO ({cards}). Tanker: {tanker} SO an aircraft. Rest and recreation: {rest} SO (−{rs} Stress). Promotion: {p1}/{p2}/{p3} SO. Special weapons: {sw} SO a Weight Point.")
            .arg("recon", p.recon_cost)
            .message(
                "cards",
                msg_n("+{n} card", "+{n} cards", p.recon_cards).arg("n", p.recon_cards),
            )
            .arg("tanker", p.tanker_per_aircraft)
            .arg("rest", p.rest_cost)
            .arg("rs", p.rest_stress)
            .arg("p1", p.promotion[0])
            .arg("p2", p.promotion[1])
            .arg("p3", p.promotion[2])
            .arg("sw", p.special_weapon_per_wp)
            .render();
        y = block(cr, right, y, col_w, &gettext("Priority costs"), &costs);
        heading(
            cr,
            &STYLE,
            right,
            y,
            &gettext("Squadron by campaign length"),
        );
        let rows: Vec<Vec<String>> = Level::ALL[..5]
            .iter()
            .map(|&l| {
                let mut row = vec![gettext(l.name())];
                row.extend(
                    Duration::ALL
                        .iter()
                        .map(|&d| c.composition(d).get(&l).copied().unwrap_or(0).to_string()),
                );
                row
            })
            .collect();
        let heads: Vec<String> = std::iter::once(gettext("Level"))
            .chain(Duration::ALL.iter().map(|d| gettext(d.name())))
            .collect();
        let heads: Vec<&str> = heads.iter().map(String::as_str).collect();
        y += 6.0;
        y += table(
            cr,
            right,
            y,
            col_w,
            &heads,
            &rows,
            &[0.31, 0.23, 0.23, 0.23],
        )? + 5.0;
        let xp = &c.tables.experience;
        let xp_text = msg("+{flew} XP to each pilot who flew the mission (not aborted), +{destroyed} more when the target is destroyed with no aircraft lost. After a mission each pilot loses his Cool in Stress, Cool + {rest} if he did not fly.")
            .arg("flew", xp.flew)
            .arg("destroyed", xp.destroyed_no_losses)
            .arg("rest", xp.rest_bonus)
            .render();
        block(
            cr,
            right,
            y,
            col_w,
            &gettext("Experience and recovery"),
            &xp_text,
        );
    } else {
        // Aircraft SO modifiers on the left.
        heading(
            cr,
            &STYLE,
            left,
            top,
            &gettext("Aircraft Special Options (S/M/L)"),
        );
        let rows: Vec<Vec<String>> = c
            .aircraft
            .iter()
            .map(|a| {
                vec![
                    a.name.clone(),
                    format!("{:?}", a.service),
                    a.wp.to_string(),
                    triple(a.special_options),
                ]
            })
            .collect();
        let heads = [
            gettext("Aircraft"),
            gettext("Service"),
            gettext("WP"),
            gettext("SO"),
        ];
        let heads: Vec<&str> = heads.iter().map(String::as_str).collect();
        table(
            cr,
            left,
            top + 6.0,
            col_w,
            &heads,
            &rows,
            &[0.46, 0.16, 0.12, 0.26],
        )?;
        // Difficulty and optional rules on the right.
        heading(cr, &STYLE, right, top, &gettext("Difficulty"));
        let rows: Vec<Vec<String>> = c
            .tables
            .difficulty
            .iter()
            .map(|d| {
                let n = d.adjustments;
                let what = match n {
                    0 => gettext("none"),
                    n if n > 0 => msg_n("{n} Advantage", "{n} Advantages", n)
                        .arg("n", n)
                        .render(),
                    n => msg_n("{n} Disadvantage", "{n} Disadvantages", -n)
                        .arg("n", -n)
                        .render(),
                };
                vec![gettext(d.level.name()), what]
            })
            .collect();
        let heads = [gettext("Level"), gettext("Adjustments")];
        let heads: Vec<&str> = heads.iter().map(String::as_str).collect();
        let mut y = top + 6.0;
        y += table(cr, right, y, col_w, &heads, &rows, &[0.4, 0.6])? + 5.0;
        let adjustments: Vec<String> = c
            .tables
            .adjustment
            .iter()
            .map(|a| {
                let mut parts = Vec::new();
                if a.stress != 0 {
                    parts.push(msg("Stress {n}").arg("n", signed(a.stress)).render());
                }
                if a.enemy_roll != 0 {
                    parts.push(
                        msg("enemy rolls {n}")
                            .arg("n", signed(a.enemy_roll))
                            .render(),
                    );
                }
                if a.center != 0 {
                    parts.push(msg("Center draws {n}").arg("n", signed(a.center)).render());
                }
                if a.special_options != [0; 3] {
                    parts.push(msg("SO {s}").arg("s", triple(a.special_options)).render());
                }
                let kind = match a.kind {
                    AdjustmentKind::Advantage => gettext("Advantage"),
                    AdjustmentKind::Disadvantage => gettext("Disadvantage"),
                };
                format!("{kind}: {}", parts.join(", "))
            })
            .collect();
        y = block(
            cr,
            right,
            y,
            col_w,
            &gettext("Advantages and Disadvantages"),
            &adjustments.join("\n"),
        );
        let titles = PhantomLeader::optional_rules();
        let optional: Vec<String> = c
            .tables
            .optional
            .iter()
            .map(|o| {
                let title = titles
                    .iter()
                    .find(|r| r.key == o.id)
                    .map_or(o.id.clone(), |r| r.title.render());
                msg("{rule}: {so} SO")
                    .arg("rule", title)
                    .arg("so", triple(o.special_options))
                    .render()
            })
            .collect();
        block(
            cr,
            right,
            y,
            col_w,
            &gettext("Optional rules (S/M/L)"),
            &optional.join("\n"),
        );
    }
    Ok(())
}

fn table(
    cr: &Context,
    x: f64,
    y: f64,
    w: f64,
    heads: &[&str],
    rows: &[Vec<String>],
    cols: &[f64],
) -> Result<f64, cairo::Error> {
    Table {
        x,
        y,
        w,
        row_h: 5.0,
        cols,
        printed_cols: cols.len(),
    }
    .draw(cr, heads, rows)
}
