//! The hex map in millimetres: where each hex lies, and the terrain, roads and hexsides drawn
//! under the counters.

use cairo::Context;

use crate::art::draw::Rgb;
use crate::games::search_destroy::rules::content::data;
use crate::games::search_destroy::rules::hex::{CORNERS, Hex, SIDE_DIRS};
use crate::games::search_destroy::rules::map::{Hexside, Terrain};

/// Side of a hex in millimetres (a printed hex is 19 mm across the flats).
pub const SIDE: f64 = 11.0;
const ROOT3: f64 = 1.732_050_807_568_877_2;
/// Blank paper around the hexes.
pub const MARGIN: f64 = 6.0;

/// A lattice point of [`crate::games::search_destroy::rules::hex`] in millimetres.
pub fn point((x, y): (i32, i32)) -> (f64, f64) {
    (
        MARGIN + SIDE + f64::from(x) * SIDE / 2.0,
        MARGIN + ROOT3 / 2.0 * SIDE + f64::from(y) * ROOT3 / 2.0 * SIDE,
    )
}

pub fn centre(hex: Hex) -> (f64, f64) {
    point(hex.centre())
}

/// The map's size in millimetres.
pub fn size() -> (f64, f64) {
    let map = &data().map;
    let cols = f64::from(map.columns);
    let rows = f64::from(map.rows);
    (
        2.0 * MARGIN + SIDE * (1.5 * (cols - 1.0) + 2.0),
        2.0 * MARGIN + ROOT3 * SIDE * (rows + 0.5),
    )
}

/// The hex under a point in millimetres, if any.
pub fn hex_at(x: f64, y: f64) -> Option<Hex> {
    let map = &data().map;
    let col = ((x - MARGIN - SIDE) / (1.5 * SIDE)).round() as i32 + 1;
    let mut best: Option<(f64, Hex)> = None;
    for c in col - 1..=col + 1 {
        let q = c - 1;
        let row_f = (y - MARGIN - ROOT3 / 2.0 * SIDE) / (ROOT3 * SIDE) - f64::from(q & 1) / 2.0;
        let row = row_f.round() as i32 + 1;
        for r in row - 1..=row + 1 {
            if !(1..=i32::from(map.columns)).contains(&c) || !(1..=i32::from(map.rows)).contains(&r)
            {
                continue;
            }
            let hex = Hex::new(c as u8, r as u8);
            let (cx, cy) = centre(hex);
            let d = (cx - x).powi(2) + (cy - y).powi(2);
            if best.is_none_or(|(b, _)| d < b) {
                best = Some((d, hex));
            }
        }
    }
    best.filter(|&(d, _)| d <= SIDE * SIDE).map(|(_, h)| h)
}

pub fn hex_path(cr: &Context, hex: Hex, inset: f64) {
    let (cx, cy) = centre(hex);
    let k = 1.0 - inset / SIDE;
    for (i, &c) in CORNERS.iter().enumerate() {
        let (px, py) = point((hex.centre().0 + c.0, hex.centre().1 + c.1));
        let (x, y) = (cx + (px - cx) * k, cy + (py - cy) * k);
        if i == 0 {
            cr.move_to(x, y);
        } else {
            cr.line_to(x, y);
        }
    }
    cr.close_path();
}

pub fn terrain_colour(t: Terrain) -> Rgb {
    Rgb::hex(match t {
        Terrain::Open => 0xE8E4B8,
        Terrain::Broken => 0xD2B98A,
        Terrain::Building => 0xC9C2B5,
        Terrain::Treeline => 0x9DBF73,
        Terrain::Forest => 0x4F8A45,
    })
}

/// Terrain, roads, hexsides and hex numbers.
pub fn draw_map(cr: &Context) -> Result<(), cairo::Error> {
    let map = &data().map;
    let (w, h) = size();
    Rgb::hex(0xF4F1E4).set(cr);
    cr.rectangle(0.0, 0.0, w, h);
    cr.fill()?;
    for hex in map.hexes() {
        draw_terrain(cr, hex, map.terrain(hex))?;
    }
    // Roads: from each road hex's centre to each neighbouring road hex's.
    cr.set_line_cap(cairo::LineCap::Round);
    cr.set_line_width(1.1);
    Rgb::hex(0x8A5A2B).set(cr);
    for hex in map.hexes().filter(|&h| map.road(h)) {
        let (x, y) = centre(hex);
        for n in map.neighbours(hex).filter(|&n| map.road(n) && n > hex) {
            let (nx, ny) = centre(n);
            cr.move_to(x, y);
            cr.line_to(nx, ny);
        }
    }
    cr.stroke()?;
    // Hex outlines.
    cr.set_line_width(0.15);
    Rgb::hex(0x6B6650).set(cr);
    for hex in map.hexes() {
        hex_path(cr, hex, 0.0);
    }
    cr.stroke()?;
    // Berms and rivers lie on hexsides.
    for (feature, colour, width) in [
        (Hexside::River, 0x2F6FB5, 1.2),
        (Hexside::Berm, 0x6B3E1E, 0.9),
    ] {
        cr.set_line_width(width);
        Rgb::hex(colour).set(cr);
        for hex in map.hexes() {
            let c = hex.centre();
            for (k, &dir) in SIDE_DIRS.iter().enumerate() {
                if map.side(hex, dir, feature) {
                    let a = CORNERS[k];
                    let b = CORNERS[(k + 1) % 6];
                    let (x0, y0) = point((c.0 + a.0, c.1 + a.1));
                    let (x1, y1) = point((c.0 + b.0, c.1 + b.1));
                    cr.move_to(x0, y0);
                    cr.line_to(x1, y1);
                }
            }
        }
        cr.stroke()?;
    }
    // Hex numbers along each hex's top edge.
    cr.select_font_face("Sans", cairo::FontSlant::Normal, cairo::FontWeight::Normal);
    cr.set_font_size(1.9);
    Rgb::hex(0x3A3A30).with_alpha(cr, 0.75);
    for hex in map.hexes() {
        let (x, y) = centre(hex);
        let label = hex.to_string();
        let ext = cr.text_extents(&label)?;
        cr.move_to(x - ext.width() / 2.0, y - ROOT3 / 2.0 * SIDE + 2.4);
        cr.show_text(&label)?;
    }
    Ok(())
}

/// One hex's ground and terrain symbol (the map's, and the terrain key's on the player aid).
pub fn draw_terrain(cr: &Context, hex: Hex, t: Terrain) -> Result<(), cairo::Error> {
    hex_path(cr, hex, 0.0);
    terrain_colour(t).set(cr);
    cr.fill()?;
    match t {
        Terrain::Forest | Terrain::Treeline => draw_trees(cr, hex, t == Terrain::Forest),
        Terrain::Building => draw_hut(cr, hex),
        Terrain::Broken => draw_rough(cr, hex),
        Terrain::Open => Ok(()),
    }
}

fn draw_trees(cr: &Context, hex: Hex, dense: bool) -> Result<(), cairo::Error> {
    let (x, y) = centre(hex);
    Rgb::hex(if dense { 0x2E5E2A } else { 0x5E8C3E }).set(cr);
    let spots: &[(f64, f64)] = if dense {
        &[
            (-3.5, -1.0),
            (0.0, 1.5),
            (3.5, -1.0),
            (-1.8, 4.0),
            (1.8, 4.0),
            (0.0, -3.0),
        ]
    } else {
        &[(-3.0, 2.5), (0.0, 3.5), (3.0, 2.5)]
    };
    for &(dx, dy) in spots {
        cr.arc(x + dx, y + dy, 1.3, 0.0, std::f64::consts::TAU);
        cr.fill()?;
    }
    Ok(())
}

fn draw_hut(cr: &Context, hex: Hex) -> Result<(), cairo::Error> {
    let (x, y) = centre(hex);
    Rgb::hex(0x6E5A44).set(cr);
    cr.rectangle(x - 2.5, y + 0.5, 5.0, 3.0);
    cr.fill()?;
    cr.move_to(x - 3.3, y + 0.7);
    cr.line_to(x, y - 2.0);
    cr.line_to(x + 3.3, y + 0.7);
    cr.close_path();
    cr.fill()
}

fn draw_rough(cr: &Context, hex: Hex) -> Result<(), cairo::Error> {
    let (x, y) = centre(hex);
    Rgb::hex(0x9C7F52).set(cr);
    cr.set_line_width(0.35);
    for &(dx, dy) in &[(-3.0, 2.0), (1.0, 3.5), (2.5, 0.5)] {
        cr.move_to(x + dx - 1.0, y + dy);
        cr.line_to(x + dx, y + dy - 1.0);
        cr.line_to(x + dx + 1.0, y + dy);
    }
    cr.stroke()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_hex_centre_is_found_again_under_the_pointer() {
        let map = &data().map;
        for hex in map.hexes() {
            let (x, y) = centre(hex);
            assert_eq!(hex_at(x, y), Some(hex));
            assert_eq!(hex_at(x + 0.4 * SIDE, y + 0.2 * SIDE), Some(hex));
        }
        assert_eq!(hex_at(-50.0, -50.0), None);
    }
}
