//! The player aid (digest 10.2, G22): every die-roll table of `tables.toml` set as a grid,
//! flowed over as many pages as they need; and the arc and scatter reference sheet (10.8): the
//! weapon arcs of each helicopter type, the spawn directions and both scatter diagrams.

use std::f64::consts::TAU;

use cairo::Context;

use crate::art::draw::{
    Align, Font, Rgb, condensed, fit_paragraph_font, fitted_left, fitted_text, hexagon, paragraph,
};
use crate::art::sheet::{INK, Page, Style, Table, page_frame};
use crate::engine::message::msg;
use crate::games::chopper_pilot::rules::content::{Dice, Scatter, Table as Rolls, data};
use crate::games::chopper_pilot::rules::hex::Hex;
use crate::i18n::gettext;

use super::cards::draw_direction_rose;
use super::panel::weapon_label;
use super::tactical::{ARC_COLOURS, Frame, draw_weapon_arcs};

pub const STYLE: Style = Style {
    game: "Chopper Pilot Vietnam",
    banner: Rgb(0.20, 0.25, 0.16),
    heading: Rgb(0.20, 0.25, 0.16),
};

const ROW_H: f64 = 5.0;
const HEAD_H: f64 = 8.0;
const TITLE_H: f64 = 6.0;
const GAP: f64 = 5.0;
/// The top of the first table below the title bar.
const TOP: f64 = 22.0;

/// A result code of the tables as printed: the attack results as the chart's codes ("dm_sup"
/// → "DM + SUP", explained in the legend), every other code in words ("tail_rotor" → "tail
/// rotor", translated).
pub fn cell_text(cell: &str) -> String {
    match cell {
        "sup" | "dm" | "de" => cell.to_uppercase(),
        "dm_sup" => "DM + SUP".to_owned(),
        _ => match crate::games::chopper_pilot::rules::words::cell_word(cell) {
            Some(words) => gettext(words),
            None => cell.replace('_', " "),
        },
    }
}

/// A section heading shrunk to fit `w`.
pub fn fitted_heading(cr: &Context, x: f64, y: f64, w: f64, s: &str) {
    STYLE.heading.set(cr);
    fitted_left(cr, x, y, w, s, condensed(4.0, true));
}

fn dice_name(d: Dice) -> &'static str {
    match d {
        Dice::D6 => "1D6",
        Dice::D10 => "1D10",
        Dice::D66 => "D66",
    }
}

fn table_height(t: &Rolls) -> f64 {
    let notes = usize::from(!t.natural.is_empty()) + usize::from(!t.values.is_empty());
    TITLE_H + HEAD_H + ROW_H * t.rows.len() as f64 + 4.5 * notes as f64
}

/// The tables in their order (A1, A2, B1 …), placed on pages: (page, column, top) for each.
pub fn placed_tables(page: Page) -> Vec<(&'static Rolls, usize, usize, f64)> {
    let bottom = page.h - 10.0;
    let (mut p, mut col, mut y) = (0, 0, TOP);
    let mut out = Vec::new();
    for t in data().tables.values() {
        let h = table_height(t);
        if y + h > bottom && y > TOP {
            col += 1;
            y = TOP;
            if col == 2 {
                col = 0;
                p += 1;
            }
        }
        out.push((t, p, col, y));
        y += h + GAP;
    }
    out
}

/// How many pages the tables need.
pub fn table_pages(page: Page) -> usize {
    placed_tables(page).last().map_or(0, |(_, p, _, _)| p + 1)
}

/// Page `n` of the tables.
pub fn draw_table_page(cr: &Context, page: Page, n: usize) -> Result<(), cairo::Error> {
    let total = table_pages(page);
    let title = msg("Player Aid: tables ({page} of {pages})")
        .arg("page", n + 1)
        .arg("pages", total)
        .render();
    page_frame(cr, page, &STYLE, &title)?;
    INK.set(cr);
    let legend = gettext(
        "SUP suppressed · DM damaged (one step lost) · DE destroyed · a modified roll past the first or last row reads that row",
    );
    fitted_left(cr, 10.0, 18.5, page.w - 20.0, &legend, Font::sans(2.8));
    let col_w = (page.w - 2.0 * 10.0 - 6.0) / 2.0;
    for (t, _, col, y) in placed_tables(page)
        .into_iter()
        .filter(|(_, p, _, _)| *p == n)
    {
        let x = 10.0 + col as f64 * (col_w + 6.0);
        draw_table(cr, t, x, y, col_w)?;
    }
    Ok(())
}

/// One table: its id, title, dice and rule, a grid of its rows, and its natural results and
/// named values below.
pub fn draw_table(cr: &Context, t: &Rolls, x: f64, y: f64, w: f64) -> Result<(), cairo::Error> {
    let title = format!(
        "{} {} ({}, §{})",
        t.id,
        gettext(&t.title),
        dice_name(t.dice),
        t.rule
    );
    fitted_heading(cr, x, y, w, &title);
    let mut heads = vec![gettext("Roll")];
    if t.columns.is_empty() {
        heads.push(gettext("Result"));
    } else {
        heads.extend(t.columns.iter().map(|c| cell_text(c)));
    }
    let n = heads.len() as f64;
    let first = 0.16;
    let mut cols = vec![first];
    cols.extend(std::iter::repeat_n(
        (1.0 - first) / (n - 1.0),
        heads.len() - 1,
    ));
    let rows: Vec<Vec<String>> = t
        .rows
        .iter()
        .map(|r| {
            let at = if r.at[0] == r.at[1] {
                r.at[0].to_string()
            } else {
                format!("{}–{}", r.at[0], r.at[1])
            };
            std::iter::once(at)
                .chain(r.cells.iter().map(|c| cell_text(c)))
                .collect()
        })
        .collect();
    let heads: Vec<&str> = heads.iter().map(String::as_str).collect();
    let grid = Table {
        x,
        y: y + TITLE_H,
        w,
        row_h: ROW_H,
        cols: &cols,
        printed_cols: heads.len(),
    };
    let mut ny = y + TITLE_H + grid.draw(cr, &heads, &rows)? + 0.8;
    INK.set(cr);
    if !t.natural.is_empty() {
        let natural: Vec<String> = t
            .natural
            .iter()
            .map(|n| {
                format!(
                    "{}: {}",
                    n.face,
                    n.cells
                        .iter()
                        .map(|c| cell_text(c))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })
            .collect();
        let line = msg("Natural roll: {results}")
            .arg("results", natural.join("; "))
            .render();
        fitted_left(cr, x, ny, w, &line, Font::sans(2.8));
        ny += 4.5;
    }
    if !t.values.is_empty() {
        let values: Vec<String> = t
            .values
            .iter()
            .map(|(k, v)| format!("{} {v:+}", k.replace('_', " ")))
            .collect();
        fitted_left(cr, x, ny, w, &values.join(" · "), Font::sans(2.8));
    }
    Ok(())
}

/// The arc and scatter reference: each helicopter type's weapon arcs on a patch of hexes, the
/// six spawn directions, and the two scatter diagrams.
pub fn draw_reference(cr: &Context, page: Page) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("Arcs and scatter"))?;
    let d = data();
    let n = d.helicopters.len();
    let cell_w = (page.w - 20.0) / n as f64;
    let patch_h = 62.0;
    for (i, spec) in d.helicopters.iter().enumerate() {
        let x = 10.0 + i as f64 * cell_w;
        let y = 22.0;
        fitted_heading(cr, x, y, cell_w - 3.0, &gettext(&spec.name));
        cr.save()?;
        cr.translate(x, y + 6.0);
        // A patch of clear hexes around the helicopter, its nose up (facing 0).
        let frame = Frame::over(0, 0, 11, 9, cell_w - 3.0, patch_h, 0.0);
        cr.rectangle(0.0, 0.0, cell_w - 3.0, patch_h);
        cr.clip();
        Rgb::WHITE.set(cr);
        cr.paint()?;
        // The grid only: the terrain under the arcs would distract.
        for hex in frame.hexes() {
            frame.hex_path(cr, hex, 0.0);
        }
        Rgb::hex(0xF3F0E2).set(cr);
        cr.fill()?;
        let centre = Hex::from_offset(5, 4);
        draw_weapon_arcs(cr, &frame, spec, centre, 0)?;
        Rgb::hex(0x555040).with_alpha(cr, 0.5);
        cr.set_line_width(0.15);
        for hex in frame.hexes() {
            frame.hex_path(cr, hex, 0.0);
        }
        cr.stroke()?;
        let (cx, cy) = frame.centre(centre);
        Rgb::hex(0x1B1B1B).set(cr);
        cr.move_to(cx, cy - frame.flat * 0.4);
        cr.line_to(cx - frame.flat * 0.2, cy + frame.flat * 0.2);
        cr.line_to(cx + frame.flat * 0.2, cy + frame.flat * 0.2);
        cr.close_path();
        cr.fill()?;
        cr.restore()?;
        let mut ly = y + 8.0 + patch_h;
        for (k, weapon) in spec.weapons.iter().enumerate() {
            Rgb::hex(ARC_COLOURS[k % ARC_COLOURS.len()]).set(cr);
            cr.rectangle(x, ly + 0.6, 2.6, 2.6);
            cr.fill()?;
            INK.set(cr);
            fitted_left(
                cr,
                x + 3.6,
                ly,
                cell_w - 7.0,
                &weapon_label(weapon),
                Font::sans(3.0),
            );
            ly += 4.2;
        }
    }
    let y = 22.0 + patch_h + 28.0;
    fitted_heading(
        cr,
        10.0,
        y,
        66.0,
        &gettext("Spawn directions (Combat Event cards)"),
    );
    draw_direction_rose(cr, 40.0, y + 32.0, 22.0, None)?;
    INK.set(cr);
    let note = gettext(
        "Direction 1 is straight ahead of your helicopter's nose; count clockwise. Measure the distance from your helicopter, then roll E2 for what appears.",
    );
    let font = fit_paragraph_font(cr, &note, Font::sans(3.2), 60.0, 40.0, 2.4);
    paragraph(cr, 10.0, y + 60.0, 60.0, &note, &font, Align::Left);
    let sx = 80.0;
    let sw = (page.w - sx - 10.0) / 2.0;
    for (k, s) in d.scatter.iter().enumerate() {
        draw_scatter(cr, s, sx + k as f64 * sw, y, sw - 4.0)?;
    }
    Ok(())
}

fn scatter_name(id: &str) -> String {
    match id {
        "artillery" => gettext("Artillery scatter (map north up)"),
        "air_strike" => gettext("Air strike scatter (heading up)"),
        _ => id.replace('_', " "),
    }
}

/// Where a scatter result lands, as a unit step on the diagram (x right, y down), from the
/// target hex at the centre: compass points for artillery, heading-relative words for strikes.
fn scatter_step(result: &str) -> (f64, f64) {
    let at = |deg: f64| {
        let a = deg.to_radians() - TAU / 4.0;
        (a.cos(), a.sin())
    };
    match result {
        "n" | "ahead" => at(0.0),
        "ne" | "right_long" => at(60.0),
        "se" | "right_short" => at(120.0),
        "s" | "behind" => at(180.0),
        "sw" | "left_short" => at(240.0),
        "nw" | "left_long" => at(300.0),
        _ => (0.0, 0.0),
    }
}

/// A scatter diagram: the target hex and its six neighbours, each with the d10 faces that
/// land there.
fn draw_scatter(cr: &Context, s: &Scatter, x: f64, y: f64, w: f64) -> Result<(), cairo::Error> {
    fitted_heading(cr, x, y, w, &scatter_name(&s.id));
    let r = (w / 6.5).min(12.0);
    let (cx, cy) = (x + w / 2.0, y + 10.0 + 3.0 * r);
    let mut spots: Vec<((f64, f64), Vec<usize>)> = Vec::new();
    for (face, result) in s.results.iter().enumerate() {
        let step = scatter_step(result);
        match spots.iter_mut().find(|(p, _)| *p == step) {
            Some((_, faces)) => faces.push(face + 1),
            None => spots.push((step, vec![face + 1])),
        }
    }
    for ((dx, dy), faces) in &spots {
        let (hx, hy) = (cx + dx * r * 1.75, cy + dy * r * 1.75);
        hexagon(cr, hx, hy, r);
        Rgb::hex(if *dx == 0.0 && *dy == 0.0 {
            0xFFCDD2
        } else {
            0xF3F0E2
        })
        .set(cr);
        cr.fill_preserve()?;
        INK.set(cr);
        cr.set_line_width(0.3);
        cr.stroke()?;
        let faces: Vec<String> = faces.iter().map(usize::to_string).collect();
        fitted_text(cr, hx, hy - 2.0, r * 1.6, &faces.join(","), 3.4, true);
    }
    INK.set(cr);
    fitted_text(cr, cx, cy - 3.0 * r - 5.5, w, "▲", 3.0, true);
    Ok(())
}
