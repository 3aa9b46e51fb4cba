//! The player aid cards of the print-and-play kit, drawn from the content: the Combat Results
//! Table with the points and modifiers, the Terrain Effects Chart with a key to the map and the
//! counters (drawn by the map's and the counters' own art), and the organisation tables with the
//! variable order of battle.

use cairo::Context;

use super::counter::{SIZE, draw_face};
use super::map::{SIDE, centre, draw_terrain};
use crate::art::draw::{Align, Font, Rgb, condensed, paragraph, text};
use crate::art::sheet::{INK, MARGIN, Page, Style, Table, heading, page_frame};
use crate::engine::content::Source;
use crate::engine::message::{msg, msg_n};
use crate::games::search_destroy::rules::content::{Casualty, Class, Sight, data};
use crate::games::search_destroy::rules::crt::{Crt, Effect};
use crate::games::search_destroy::rules::hex::Hex;
use crate::games::search_destroy::rules::map::Hexside;
use crate::games::search_destroy::rules::state::Unit;
use crate::i18n::gettext;

pub(super) const STYLE: Style = Style {
    game: "SEARCH & DESTROY",
    banner: Rgb(0.30, 0.30, 0.28),
    heading: Rgb(0.20, 0.20, 0.18),
};

/// Shading of reconstructed rows.
pub(super) const RECON: Rgb = Rgb(0.99, 0.93, 0.80);

/// How many aid cards there are: three of the game, then those of the optional rules.
pub const CARDS: usize = 3 + super::optional_aids::CARDS;

/// Draws aid card `index` (0 .. [`CARDS`]).
pub fn draw_aid(cr: &Context, index: usize, page: Page) -> Result<(), cairo::Error> {
    match index {
        0 => combat_card(cr, page),
        1 => terrain_card(cr, page),
        2 => organisation_card(cr, page),
        n => super::optional_aids::draw_optional(cr, n - 3, page),
    }
}

/// A note in running text; returns its height.
pub(super) fn note(cr: &Context, x: f64, y: f64, w: f64, s: &str) -> f64 {
    INK.set(cr);
    paragraph(cr, x, y, w, s, &Font::sans(3.0), Align::Left)
}

/// Shades the rows of a table drawn at `y` (header 8 mm, rows `row_h`) that are reconstructed.
pub(super) fn shade_recon(
    cr: &Context,
    x: f64,
    y: f64,
    w: f64,
    row_h: f64,
    recon: &[bool],
) -> Result<(), cairo::Error> {
    RECON.set(cr);
    for (r, _) in recon.iter().enumerate().filter(|(_, on)| **on) {
        cr.rectangle(x, y + 8.0 + row_h * r as f64, w, row_h);
    }
    cr.fill()
}

/// A table laid out as the Combat Results Table: a row for each die roll, a column for each
/// odds column, and the row's source; reconstructed rows shaded. `(x, y, w, row_h)` places
/// it; returns its height.
pub(super) fn crt_table(
    cr: &Context,
    (x, y, w, row_h): (f64, f64, f64, f64),
    cell: impl Fn(i32, usize) -> String,
    source: impl Fn(i32) -> Source,
) -> Result<f64, cairo::Error> {
    let rolls = 1..=i32::from(Crt::ROWS);
    let rows: Vec<Vec<String>> = rolls
        .clone()
        .map(|roll| {
            let mut row = vec![roll.to_string()];
            row.extend((0..Crt::COLUMNS.len()).map(|col| cell(roll, col)));
            row.push(source_mark(source(roll)));
            row
        })
        .collect();
    let recon: Vec<bool> = rolls.map(|r| source(r) == Source::Recon).collect();
    shade_recon(cr, x, y, w, row_h, &recon)?;
    let mut headers = vec![gettext("Die")];
    headers.extend(Crt::COLUMNS.iter().map(|s| s.to_string()));
    headers.push(String::new());
    let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
    Table {
        x,
        y,
        w,
        row_h,
        cols: &[0.08, 0.135, 0.135, 0.135, 0.135, 0.135, 0.135, 0.11],
        printed_cols: 8,
    }
    .draw(cr, &headers, &rows)
}

pub(super) fn source_mark(s: Source) -> String {
    match s {
        Source::Recon => "RECON".to_owned(),
        Source::Rulebook => String::new(),
    }
}

fn combat_card(cr: &Context, page: Page) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("Combat Results Table"))?;
    let c = data();
    let (x, w) = (MARGIN, page.w - 2.0 * MARGIN);
    let mut y = MARGIN + 13.0;
    heading(cr, &STYLE, x, y, &gettext("Points system [7.1, 7.2]"));
    y += 6.0;
    let cell_text = |roll: i32, col: usize| {
        let cell = c.crt.cell(col, roll);
        let effect = match cell.effect {
            Effect::None => "—".to_owned(),
            Effect::Pinned => "P".to_owned(),
            Effect::Destroyed => "D".to_owned(),
        };
        let mut s = if cell.scores() {
            format!("{} {effect} {}", cell.nlf_points, cell.us_points)
        } else {
            effect
        };
        if cell.helicopter {
            s = format!("h {s}");
        }
        s
    };
    y += crt_table(cr, (x, y, w, 7.0), cell_text, |roll| c.crt.row_source(roll))?;
    y += 3.0;
    let points = &c.points;
    let lines = [
        gettext("Odds: total attack strength against the defence strength of the target hex's terrain, rounded in the defender's favour; worse than 1–3 fires at 1–3, better than 4–1 at 4–1. ARVN squads fire at half strength [24.12]."),
        gettext("Results: — no effect; P every unit in the hex is pinned (no move or fire in its next Player-Turn); D every unit in the hex is destroyed. The number left of the letter goes to the NLF when the NLF fires, the number right of it to the US when the US fires (only when the hex held personnel). h: a helicopter fired at is shot down."),
        msg("Rolls of 7 and 8 are reached only with +2: a surprise attack [12.1], an anti-personnel trap [5.5] or an ambush [18.1]. Shaded rows are reconstructed (RECON). A helicopter shot down is worth {points}; fire on a hex with peasants gives the enemy {times} [10.2].")
            .message(
                "points",
                msg_n("{n} point", "{n} points", points.helicopter).arg("n", points.helicopter),
            )
            .message(
                "times",
                msg_n("{n} time the points", "{n} times the points", points.peasant_multiplier)
                    .arg("n", points.peasant_multiplier),
            )
            .render(),
    ];
    for l in &lines {
        y += note(cr, x, y, w, l) + 2.0;
    }
    y += 3.0;
    heading(
        cr,
        &STYLE,
        x,
        y,
        &gettext("Material points for the US [10.12]"),
    );
    y += 6.0;
    let material: Vec<Vec<String>> = c
        .material
        .iter()
        .map(|(cache, m)| {
            let name = c
                .counter(cache.id())
                .map_or(cache.id().to_owned(), |s| gettext(&s.name));
            vec![name, m.destroyed.to_string(), m.captured.to_string()]
        })
        .collect();
    y += Table {
        x,
        y,
        w: w * 0.6,
        row_h: 6.0,
        cols: &[0.5, 0.25, 0.25],
        printed_cols: 3,
    }
    .draw(
        cr,
        &[
            &gettext("Cache"),
            &gettext("Destroyed"),
            &gettext("Captured at the end"),
        ],
        &material,
    )?;
    y += 6.0;
    heading(
        cr,
        &STYLE,
        x,
        y,
        &gettext("Casualty points (optional rule) [20.5]"),
    );
    y += 6.0;
    let casualty: Vec<Vec<String>> = c
        .casualty_points
        .iter()
        .map(|(k, p)| {
            let name = match k {
                Casualty::Wounded => gettext("Wounded"),
                Casualty::Killed => gettext("Killed"),
                Casualty::Abandoned => gettext("Abandoned"),
                Casualty::Helicopter => gettext("Helicopter"),
                Casualty::Peasant => gettext("Peasant"),
            };
            vec![
                name,
                p.to_nlf.to_string(),
                p.to_us.map_or("—".to_owned(), |n| n.to_string()),
            ]
        })
        .collect();
    Table {
        x,
        y,
        w: w * 0.6,
        row_h: 6.0,
        cols: &[0.5, 0.25, 0.25],
        printed_cols: 3,
    }
    .draw(
        cr,
        &[
            &gettext("Casualty"),
            &gettext("US casualty: to the NLF"),
            &gettext("NLF casualty: to the US"),
        ],
        &casualty,
    )?;
    Ok(())
}

/// A terrain swatch: one hex of the map's art, `SIDE` mm across its corners' radius, centred
/// on (cx, cy).
fn swatch(
    cr: &Context,
    cx: f64,
    cy: f64,
    t: crate::games::search_destroy::rules::map::Terrain,
) -> Result<(), cairo::Error> {
    let hex = Hex::new(1, 1);
    let (hx, hy) = centre(hex);
    cr.save()?;
    cr.translate(cx, cy);
    cr.scale(0.38, 0.38);
    cr.translate(-hx, -hy);
    draw_terrain(cr, hex, t)?;
    cr.restore()
}

fn terrain_card(cr: &Context, page: Page) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("Terrain Effects Chart"))?;
    let c = data();
    let (x, w) = (MARGIN, page.w - 2.0 * MARGIN);
    let mut y = MARGIN + 13.0;
    heading(cr, &STYLE, x, y, &gettext("Terrain [8.0, 6.2]"));
    y += 6.0;
    let row_h = 9.0;
    let sight = |s: Sight| match s {
        Sight::Clear => gettext("clear"),
        Sight::Inhibits => gettext("inhibits"),
        Sight::Blocks => gettext("blocks"),
    };
    let mut rows = Vec::new();
    let mut recon = Vec::new();
    for t in c.terrain.values() {
        rows.push(vec![
            String::new(),
            gettext(&t.name),
            t.defense.to_string(),
            t.infantry_mp.to_string(),
            t.vehicle_mp.to_string(),
            sight(t.sight),
            source_mark(t.source),
        ]);
        recon.push(t.source == Source::Recon);
    }
    for h in c.hexsides.values() {
        rows.push(vec![
            String::new(),
            msg("{side} hexside").term("side", h.name.clone()).render(),
            "—".to_owned(),
            format!("+{}", h.infantry_mp),
            format!("+{}", h.vehicle_mp),
            match h.id {
                Hexside::Berm => gettext("two block"),
                Hexside::River => gettext("clear"),
            },
            source_mark(h.source),
        ]);
        recon.push(h.source == Source::Recon);
    }
    shade_recon(cr, x, y, w, row_h, &recon)?;
    let cols = [0.10, 0.22, 0.13, 0.15, 0.15, 0.15, 0.10];
    let table_h = Table {
        x,
        y,
        w,
        row_h,
        cols: &cols,
        printed_cols: 7,
    }
    .draw(
        cr,
        &[
            "",
            &gettext("Terrain"),
            &gettext("Defence strength"),
            &gettext("Infantry MP"),
            &gettext("Vehicle MP"),
            &gettext("Line of sight"),
            "",
        ],
        &rows,
    )?;
    // The swatches, drawn by the map's own art.
    let sx = x + w * cols[0] / 2.0;
    for (r, t) in c.terrain.keys().enumerate() {
        swatch(cr, sx, y + 8.0 + row_h * (r as f64 + 0.5), *t)?;
    }
    for (r, h) in c.hexsides.keys().enumerate() {
        let cy = y + 8.0 + row_h * ((c.terrain.len() + r) as f64 + 0.5);
        Rgb::hex(match h {
            Hexside::River => 0x2F6FB5,
            Hexside::Berm => 0x6B3E1E,
        })
        .set(cr);
        cr.set_line_width(1.0);
        cr.move_to(sx - 0.38 * SIDE, cy);
        cr.line_to(sx + 0.38 * SIDE, cy);
        cr.stroke()?;
    }
    y += table_h + 3.0;
    y += note(
        cr,
        x,
        y,
        w,
        &gettext(
            "Sight and fire reach 8 hexes. A line through a blocking hex, along two berm hexsides or through any counter that blocks (face-down counters, personnel, dummies) is blocked; broken terrain on the line shortens it to 4 hexes (or to the broken hex, if farther). A hex's cost is paid on entering it; a hexside's cost is added to it. Roads change neither movement nor defence; no helicopter lands on a road hex [9.15].",
        ),
    ) + 4.0;
    heading(cr, &STYLE, x, y, &gettext("The counters [3.3]"));
    y += 6.0;
    // Every kind of counter, drawn by the counters' own art, with its name and figures.
    let per_row = 4;
    let cell_w = w / per_row as f64;
    let cell_h = SIZE + 1.5;
    for (i, spec) in c.counters.iter().enumerate() {
        let (col, row) = (i % per_row, i / per_row);
        let (cx, cy) = (x + cell_w * col as f64, y + cell_h * row as f64);
        let mut unit = Unit::new(i as u16, spec.side);
        unit.face_up = true;
        cr.save()?;
        cr.translate(cx, cy);
        draw_face(cr, &unit, false)?;
        cr.restore()?;
        INK.set(cr);
        let tx = cx + SIZE + 1.5;
        let tw = cell_w - SIZE - 2.5;
        let name = crate::art::draw::fit_font(cr, &gettext(&spec.name), condensed(2.9, true), tw);
        text(cr, tx, cy + 1.0, &gettext(&spec.name), &name, Align::Left);
        let figures = match spec.class {
            Class::Combat | Class::Vehicle => msg("attack {attack}, movement {mp}")
                .arg("attack", spec.attack)
                .arg("mp", spec.movement)
                .render(),
            _ if spec.movement > 0 => msg("movement {mp}").arg("mp", spec.movement).render(),
            _ => String::new(),
        };
        let font = crate::art::draw::fit_font(cr, &figures, condensed(2.7, false), tw);
        text(cr, tx, cy + 5.5, &figures, &font, Align::Left);
    }
    Ok(())
}

fn organisation_card(cr: &Context, page: Page) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("Organisation tables"))?;
    let c = data();
    let (x, w) = (MARGIN, page.w - 2.0 * MARGIN);
    let mut y = MARGIN + 13.0;
    heading(
        cr,
        &STYLE,
        x,
        y,
        &gettext("What a formation stands for [24.1, 24.2]"),
    );
    y += 6.0;
    let name_of = |id: &str| c.counter(id).map_or(id.to_owned(), |s| gettext(&s.name));
    let mut rows = Vec::new();
    let mut recon = Vec::new();
    for f in &c.formations {
        let parts: Vec<String> = f
            .units
            .iter()
            .map(|u| {
                let star = if u.source == Source::Recon { "*" } else { "" };
                format!("{} × {}{star}", u.count, name_of(&u.counter))
            })
            .collect();
        rows.push(vec![gettext(&f.name), parts.join(", ")]);
        recon.push(f.units.iter().any(|u| u.source == Source::Recon));
    }
    let row_h = 8.0;
    shade_recon(cr, x, y, w, row_h, &recon)?;
    y += Table {
        x,
        y,
        w,
        row_h,
        cols: &[0.22, 0.78],
        printed_cols: 2,
    }
    .draw(cr, &[&gettext("Formation"), &gettext("Counters")], &rows)?;
    y += 2.0;
    y += note(
        cr,
        x,
        y,
        w,
        &gettext("* reconstructed count (RECON); shaded formations hold at least one."),
    ) + 5.0;
    heading(
        cr,
        &STYLE,
        x,
        y,
        &gettext("Variable NLF order of battle [15.0]"),
    );
    y += 6.0;
    let vob: Vec<Vec<String>> = c
        .variable_ob
        .iter()
        .map(|r| {
            let mut row = vec![name_of(&r.counter)];
            row.extend(r.columns.iter().map(u8::to_string));
            row.push(source_mark(r.source));
            row
        })
        .collect();
    let recon: Vec<bool> = c
        .variable_ob
        .iter()
        .map(|r| r.source == Source::Recon)
        .collect();
    shade_recon(cr, x, y, w * 0.7, 5.5, &recon)?;
    y += Table {
        x,
        y,
        w: w * 0.7,
        row_h: 5.5,
        cols: &[0.4, 0.15, 0.15, 0.15, 0.15],
        printed_cols: 5,
    }
    .draw(cr, &[&gettext("Counter"), "1–2", "3–4", "5–6", ""], &vob)?;
    y += 2.0;
    note(
        cr,
        x,
        y,
        w,
        &gettext(
            "The NLF rolls one die in secret at setup and takes the column of the roll; it writes the roll on its secret sheet. Every column makes the same number of counters, so the backs on the map do not tell the roll.",
        ),
    );
    Ok(())
}
