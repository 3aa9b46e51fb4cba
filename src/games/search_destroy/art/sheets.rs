//! The two record sheets of the print-and-play kit, drawn blank or filled from a record of
//! [`super::records`]: the US Record (game-turns, points, the counters both players know) and
//! the NLF Secret Sheet (variable order of battle, what the backs hide, ambushes, mines,
//! units of fire), marked for the NLF player's eyes only.

use cairo::Context;

use super::records::{KindRow, NlfSecrets, UsRecord};
use crate::art::draw::{Align, Rgb, condensed, fitted_text, paragraph};
use crate::art::sheet::{INK, MARGIN, PEN, Page, Style, Table, field, heading, page_frame};
use crate::engine::message::msg;
use crate::games::search_destroy::rules::content::{Side, data};
use crate::i18n::gettext;

const US_STYLE: Style = Style {
    game: "SEARCH & DESTROY",
    banner: Rgb(0.36, 0.42, 0.22),
    heading: Rgb(0.25, 0.30, 0.14),
};

const NLF_STYLE: Style = Style {
    game: "SEARCH & DESTROY",
    banner: Rgb(0.48, 0.12, 0.10),
    heading: Rgb(0.42, 0.10, 0.08),
};

/// The game-turns a blank sheet offers (the longest scenario's).
fn most_turns() -> u8 {
    data()
        .scenarios
        .iter()
        .map(|s| s.game_turns)
        .max()
        .unwrap_or(15)
}

fn join(list: &[String]) -> String {
    list.join(" ")
}

/// The rows of a table by kind: the record's rows when filled, else every kind of `side` by
/// name with blank cells.
fn kind_rows(
    filled: Option<&[KindRow]>,
    side: Side,
    cells: impl Fn(&KindRow) -> Vec<String>,
) -> Vec<Vec<String>> {
    match filled {
        Some(rows) => rows.iter().map(cells).collect(),
        None => data()
            .counters
            .iter()
            .filter(|c| c.side == side)
            .map(|c| vec![gettext(&c.name)])
            .collect(),
    }
}

/// The game-turn track: one box per turn, the turns played ticked, those past the scenario's
/// end struck through.
fn turn_track(cr: &Context, x: f64, y: f64, turn: Option<(u8, u8)>) -> Result<f64, cairo::Error> {
    INK.set(cr);
    let lw = crate::art::draw::text(
        cr,
        x,
        y + 0.8,
        &gettext("Game-turn"),
        &condensed(3.2, true),
        Align::Left,
    );
    let (bx, size) = (x + lw + 3.0, 7.0);
    for t in 1..=most_turns() {
        let x0 = bx + f64::from(t - 1) * (size + 1.2);
        INK.set(cr);
        cr.set_line_width(0.25);
        cr.rectangle(x0, y, size, size);
        cr.stroke()?;
        fitted_text(
            cr,
            x0 + size / 2.0,
            y + 1.6,
            size - 1.0,
            &t.to_string(),
            3.2,
            false,
        );
        if let Some((now, last)) = turn {
            if t > last {
                cr.move_to(x0, y + size);
                cr.line_to(x0 + size, y);
                cr.stroke()?;
            } else if t <= now {
                PEN.set(cr);
                cr.set_line_width(0.6);
                cr.arc(
                    x0 + size / 2.0,
                    y + size / 2.0,
                    size / 2.0 - 0.6,
                    0.0,
                    std::f64::consts::TAU,
                );
                cr.stroke()?;
            }
        }
    }
    Ok(size)
}

/// The US Record: what both players know. Filled from `rec`, or blank.
pub fn draw_us_record(
    cr: &Context,
    rec: Option<&UsRecord>,
    page: Page,
) -> Result<(), cairo::Error> {
    page_frame(cr, page, &US_STYLE, &gettext("US Record"))?;
    let (x, w) = (MARGIN, page.w - 2.0 * MARGIN);
    let mut y = MARGIN + 13.0;
    let scenario = rec.and_then(|r| r.scenario.clone());
    field(cr, x, y, w * 0.6, &gettext("Scenario"), scenario.as_deref())?;
    y += 8.0;
    y += turn_track(cr, x, y, rec.and_then(|r| r.turn))? + 4.0;
    let points = rec.and_then(|r| r.points);
    let pts = |i: usize| points.map(|p| p[i].to_string());
    field(
        cr,
        x,
        y,
        w * 0.45,
        &gettext("US victory points"),
        pts(0).as_deref(),
    )?;
    field(
        cr,
        x + w * 0.52,
        y,
        w * 0.48,
        &gettext("NLF victory points"),
        pts(1).as_deref(),
    )?;
    y += 10.0;
    heading(cr, &US_STYLE, x, y, &gettext("US counters [3.3]"));
    y += 6.0;
    let us = kind_rows(rec.map(|r| r.us.as_slice()), Side::Us, |k| {
        vec![
            k.name.clone(),
            join(&k.hexes),
            join(&k.pinned),
            join(&k.improved),
            k.removed.to_string(),
        ]
    });
    let table = |y: f64, cols: &'static [f64]| Table {
        x,
        y,
        w,
        row_h: 5.2,
        cols,
        printed_cols: usize::from(rec.is_none()),
    };
    y += table(y, &[0.24, 0.42, 0.11, 0.13, 0.10]).draw(
        cr,
        &[
            &gettext("Counter"),
            &gettext("Hexes"),
            &gettext("Pinned"),
            &gettext("Improved position"),
            &gettext("Removed"),
        ],
        &us,
    )?;
    y += 6.0;
    heading(
        cr,
        &US_STYLE,
        x,
        y,
        &gettext("NLF counters face-up or removed [6.3]"),
    );
    y += 6.0;
    let nlf = kind_rows(rec.map(|r| r.nlf_known.as_slice()), Side::Nlf, |k| {
        vec![
            k.name.clone(),
            join(&k.hexes),
            join(&k.pinned),
            join(&k.improved),
            k.removed.to_string(),
        ]
    });
    y += table(y, &[0.24, 0.42, 0.11, 0.13, 0.10]).draw(
        cr,
        &[
            &gettext("Counter"),
            &gettext("Hexes"),
            &gettext("Pinned"),
            &gettext("Improved position"),
            &gettext("Removed"),
        ],
        &nlf,
    )?;
    y += 4.0;
    let backs = rec.map(|r| {
        r.backs
            .iter()
            .map(|(h, n)| {
                if *n > 1 {
                    format!("{h} ×{n}")
                } else {
                    h.clone()
                }
            })
            .collect::<Vec<_>>()
            .join(" ")
    });
    INK.set(cr);
    let label = gettext("Face-down NLF counters on the map (hexes):");
    crate::art::draw::text(cr, x, y, &label, &condensed(3.2, true), Align::Left);
    if let Some(b) = backs {
        PEN.set(cr);
        paragraph(cr, x, y + 5.0, w, &b, &condensed(2.8, false), Align::Left);
    }
    Ok(())
}

/// Row height of the NLF Secret Sheet's tables.
const ROW: f64 = 4.4;

/// The NLF Secret Sheet. Filled from `rec`, or blank.
pub fn draw_nlf_secrets(
    cr: &Context,
    rec: Option<&NlfSecrets>,
    page: Page,
) -> Result<(), cairo::Error> {
    page_frame(cr, page, &NLF_STYLE, &gettext("NLF Secret Sheet"))?;
    let (x, w) = (MARGIN, page.w - 2.0 * MARGIN);
    let mut y = MARGIN + 10.5;
    // The warning band.
    Rgb(0.98, 0.90, 0.88).set(cr);
    cr.rectangle(x, y, w, 6.0);
    cr.fill()?;
    NLF_STYLE.heading.set(cr);
    fitted_text(
        cr,
        x + w / 2.0,
        y + 1.2,
        w - 4.0,
        &gettext("SECRET: for the NLF player only. Keep it out of the US player's sight."),
        3.4,
        true,
    );
    y += 9.0;
    let scenario = rec.and_then(|r| r.scenario.clone());
    let roll = rec.and_then(|r| r.vob_roll).map(|r| r.to_string());
    field(
        cr,
        x,
        y,
        w * 0.55,
        &gettext("Scenario"),
        scenario.as_deref(),
    )?;
    field(
        cr,
        x + w * 0.6,
        y,
        w * 0.4,
        &gettext("Order of battle roll"),
        roll.as_deref(),
    )?;
    y += 10.0;
    // Left: the variable order of battle; right: ambushes and mines.
    let half = w / 2.0 - 3.0;
    let rx = x + half + 6.0;
    heading(
        cr,
        &NLF_STYLE,
        x,
        y,
        &gettext("Variable order of battle [15.0]"),
    );
    heading(cr, &NLF_STYLE, rx, y, &gettext("Ambush markers [18.0]"));
    y += 6.0;
    let vob: Vec<Vec<String>> = data()
        .variable_ob
        .iter()
        .map(|r| {
            let name = data()
                .counter(&r.counter)
                .map_or(r.counter.clone(), |c| gettext(&c.name));
            let mut row = vec![name];
            row.extend(r.columns.iter().map(u8::to_string));
            row
        })
        .collect();
    let vob_cols = [0.55, 0.15, 0.15, 0.15];
    let vob_h = Table {
        x,
        y,
        w: half,
        row_h: ROW,
        cols: &vob_cols,
        printed_cols: 4,
    }
    .draw(cr, &["", "1–2", "3–4", "5–6"], &vob)?;
    if let Some(roll) = rec.and_then(|r| r.vob_roll) {
        // The column rolled, ringed in pen.
        let col = usize::from((roll.clamp(1, 6) - 1) / 2);
        let cx = x + half * (vob_cols[0] + vob_cols[1] * col as f64);
        PEN.set(cr);
        cr.set_line_width(0.7);
        cr.rectangle(cx + 0.4, y + 0.4, half * vob_cols[1] - 0.8, vob_h - 0.8);
        cr.stroke()?;
    }
    let mut ambush: Vec<Vec<String>> = rec
        .map(|r| {
            r.ambushes
                .iter()
                .map(|(hex, units)| vec![hex.clone(), units.join(", ")])
                .collect()
        })
        .unwrap_or_default();
    ambush.resize(8, vec![String::new(), String::new()]);
    let mut ry = y;
    ry += Table {
        x: rx,
        y: ry,
        w: half,
        row_h: ROW,
        cols: &[0.25, 0.75],
        printed_cols: 0,
    }
    .draw(
        cr,
        &[&gettext("Marker hex"), &gettext("Assigned units")],
        &ambush,
    )?;
    ry += 5.0;
    heading(cr, &NLF_STYLE, rx, ry, &gettext("Anti-tank mines [22.3]"));
    ry += 6.0;
    let mine = gettext("Mine hex");
    ry += Table {
        x: rx,
        y: ry,
        w: half,
        row_h: ROW,
        cols: &[0.25; 4],
        printed_cols: 0,
    }
    .draw(cr, &[mine.as_str(); 4], &[vec![String::new(); 4]])?;
    y = (y + vob_h).max(ry) + 6.0;
    heading(cr, &NLF_STYLE, x, y, &gettext("What the backs hide"));
    y += 6.0;
    let hidden = kind_rows(rec.map(|r| r.hidden.as_slice()), Side::Nlf, |k| {
        vec![k.name.clone(), join(&k.hexes), join(&k.improved)]
    });
    y += Table {
        x,
        y,
        w,
        row_h: ROW,
        cols: &[0.24, 0.58, 0.18],
        printed_cols: usize::from(rec.is_none()),
    }
    .draw(
        cr,
        &[
            &gettext("Counter"),
            &gettext("Hexes"),
            &gettext("Hidden improved position"),
        ],
        &hidden,
    )?;
    y += 6.0;
    heading(
        cr,
        &NLF_STYLE,
        x,
        y,
        &gettext("Units of fire and RPG-7 [19.0, 22.3]"),
    );
    y += 6.0;
    let mut headers = vec![gettext("Unit")];
    headers.extend((1..=4).map(|n| msg("Unit of fire {n}").arg("n", n).render()));
    headers.push(gettext("RPG-7 used"));
    let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
    Table {
        x,
        y,
        w,
        row_h: ROW,
        cols: &[0.3, 0.14, 0.14, 0.14, 0.14, 0.14],
        printed_cols: 0,
    }
    .draw(cr, &headers, &vec![vec![String::new(); 6]; 4])?;
    Ok(())
}
