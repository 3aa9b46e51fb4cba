//! The printed maps (digest 10.1): each Tactical Map at full size (34 × 22 inches, hexes one
//! inch across the flats) with its hex ids, number and compass, grown from its theme by the
//! same terrain the game plays on; and each Operations Map (17 × 11 inches) with the H1 and
//! H2 tables in a box in its margin.

use std::f64::consts::TAU;

use cairo::Context;

use crate::art::draw::{Font, Rgb, fitted_left, fitted_text};
use crate::engine::message::msg;
use crate::games::chopper_pilot::rules::content::{OpsMap, data};
use crate::games::chopper_pilot::rules::hex::Layout;
use crate::games::chopper_pilot::rules::terrain::Ground;
use crate::i18n::gettext;

use super::aids::draw_table;
use super::ops::{SHEET, draw_chart};
use super::tactical::{Frame, draw_terrain};

const MM_PER_INCH: f64 = 25.4;
/// A Tactical Map sheet, in millimetres.
pub const TAC_W: f64 = 34.0 * MM_PER_INCH;
pub const TAC_H: f64 = 22.0 * MM_PER_INCH;
/// An Operations Map sheet, in millimetres: the chart and a margin for the tables at its right.
const OPS_MARGIN: f64 = 96.0;
pub const OPS_W: f64 = SHEET.0 * MM_PER_INCH + OPS_MARGIN;
pub const OPS_H: f64 = SHEET.1 * MM_PER_INCH;
/// The band along the top of a Tactical Map with its title.
const BAND: f64 = 12.0;

/// Tactical Map `number`, the whole sheet.
pub fn draw_tactical_sheet(cr: &Context, number: u8) -> Result<(), cairo::Error> {
    let grid = &data().grid;
    let layout = Layout::new(vec![vec![number]], grid.columns, grid.rows);
    let ground = Ground::grow(layout.clone());
    Rgb::hex(0xF3F0E2).set(cr);
    cr.rectangle(0.0, 0.0, TAC_W, TAC_H);
    cr.fill()?;
    let frame = Frame::over(
        0,
        0,
        layout.columns,
        layout.rows,
        TAC_W - 8.0,
        TAC_H - BAND - 4.0,
        BAND,
    );
    cr.save()?;
    cr.translate(4.0, 0.0);
    draw_terrain(cr, &ground, &frame)?;
    // Every hex's id, small at its top.
    Rgb::hex(0x333333).with_alpha(cr, 0.75);
    for hex in frame.hexes() {
        if let Some(r) = layout.name(hex) {
            let (x, y) = frame.centre(hex);
            let id = format!("{:02}{:02}", r.column, r.row);
            fitted_text(
                cr,
                x,
                y - frame.flat * 0.44,
                frame.flat * 0.5,
                &id,
                frame.flat * 0.13,
                false,
            );
        }
    }
    cr.restore()?;
    let theme = data()
        .tactical_maps
        .iter()
        .find(|m| m.number == number)
        .map_or(String::new(), |m| gettext(&m.theme));
    let title = msg("Tactical Map {number}: {theme}")
        .arg("number", number)
        .arg("theme", theme)
        .render();
    Rgb::hex(0x33402A).set(cr);
    fitted_left(cr, 6.0, 2.5, TAC_W * 0.6, &title, Font::bold(7.0));
    // The map's number in the lower-left corner, the compass in the upper right.
    Rgb::WHITE.set(cr);
    cr.rectangle(4.0, TAC_H - 22.0, 20.0, 18.0);
    cr.fill()?;
    Rgb::hex(0x33402A).set(cr);
    fitted_text(
        cr,
        14.0,
        TAC_H - 21.0,
        18.0,
        &number.to_string(),
        14.0,
        true,
    );
    compass(cr, TAC_W - 16.0, 6.5, 5.0)
}

/// A compass rose: north up.
fn compass(cr: &Context, x: f64, y: f64, r: f64) -> Result<(), cairo::Error> {
    Rgb::hex(0x33402A).set(cr);
    cr.set_line_width(0.4);
    cr.new_sub_path();
    cr.arc(x, y, r, 0.0, TAU);
    cr.stroke()?;
    cr.move_to(x, y - r * 1.1);
    cr.line_to(x - r * 0.3, y);
    cr.line_to(x + r * 0.3, y);
    cr.close_path();
    cr.fill()?;
    fitted_text(cr, x - r * 1.9, y - 2.0, 4.0, "N", 3.6, true);
    Ok(())
}

/// An Operations Map, the whole sheet, with the tables rolled on it (H1, H2) in a box.
pub fn draw_ops_sheet(cr: &Context, map: &OpsMap) -> Result<(), cairo::Error> {
    Rgb::WHITE.set(cr);
    cr.rectangle(0.0, 0.0, OPS_W, OPS_H);
    cr.fill()?;
    draw_chart(cr, map, 0.0, 0.0, MM_PER_INCH)?;
    Rgb::hex(0x263238).set(cr);
    fitted_left(
        cr,
        6.0,
        4.0,
        OPS_W * 0.5,
        &gettext(&map.title),
        Font::bold(8.0),
    );
    let tables: Vec<_> = ["H1", "H2"]
        .iter()
        .filter_map(|id| data().tables.get(*id))
        .collect();
    let (bw, x) = (OPS_MARGIN - 12.0, OPS_W - OPS_MARGIN + 6.0);
    let mut y = 20.0;
    for t in tables {
        draw_table(cr, t, x, y, bw)?;
        y += 44.0;
    }
    Ok(())
}
