//! Draws a planned page on a Cairo context whose units are millimetres: the pieces (through
//! the components' own drawing), crop, registration, overlap and fold marks, the alignment
//! chart and the footer.

use cairo::Context;

use super::component::Kit;
use super::layout::{FOOTER, Face, Line, MARK_BAND, Page, Rect, Role};
use crate::art::draw::{self, Align, Font, Rgb};
use crate::engine::message::{Message, msg};
use crate::i18n::gettext;

/// Hairline for marks, in mm (about 0.57 pt).
const HAIRLINE: f64 = 0.2;

/// The footer line of page `number` (1-based) of `total`, in English; shown through
/// [`Message::render`]. The game's title is a proper name and stays as it is; the component's
/// name is a word of the game (marked with `n_` where the kit names it) and is translated.
pub fn footer(kit: &Kit, page: &Page, number: usize, total: usize) -> Message {
    let component = page.component.and_then(|c| kit.components.get(c));
    // A sheet read like a book must be turned over its short edge, whatever the rest needs.
    let short_edge = component.is_some_and(|c| c.short_edge && c.has_back());
    let side = match page.role {
        // Translators: in the footer of a printed page that holds the front of a sheet folded
        // like a book; "flip on short edge" as the printer's duplex setting calls it.
        Role::Fronts if short_edge => msg("fronts, print two-sided: flip on short edge"),
        // Translators: in the footer of a printed page that holds the back of a sheet folded
        // like a book; "flip on short edge" as the printer's duplex setting calls it.
        Role::Backs if short_edge => msg("backs, print two-sided: flip on short edge"),
        // Translators: in the footer of a printed page that holds the fronts of the pieces.
        Role::Fronts => msg("fronts"),
        // Translators: in the footer of a printed page that holds the backs of the pieces.
        Role::Backs => msg("backs"),
        // Translators: in the footer of a printed page whose pieces are folded in two.
        Role::Folded => msg("fold on the dashed line, glue, then cut"),
        // Translators: in the footer of a printed page left blank, the back of the page
        // before it.
        Role::Blank => msg("back of page {page}, left blank").arg("page", number.saturating_sub(1)),
        Role::Alignment => match page.targets.first().map(|t| t.face) {
            // Translators: in the footer of the printer alignment test page, its back.
            Some(Face::Back) => msg("back: circles"),
            // Translators: in the footer of the printer alignment test page, its front.
            _ => msg("front: crosses"),
        },
    };
    let line = match page.tile {
        // Translators: the footer of a printed page that holds one part of a piece too large
        // for the paper, e.g. "Skyhawk · Map · fronts · tile 2 of 4 (row 1, column 2) ·
        // page 3 of 20". {game} is the game's title, {component} what the page holds, {side}
        // which side of it.
        Some(t) => msg("{game} · {component} · {side} · tile {tile} of {tiles} (row {row}, column {column}) · page {number} of {total}")
            .arg("tile", t.number())
            .arg("tiles", t.rows * t.cols)
            .arg("row", t.row + 1)
            .arg("column", t.col + 1),
        // Translators: the footer of every printed page, e.g. "That Others May Live · Player
        // Aid · fronts · page 1 of 2". {game} is the game's title, {component} what the page
        // holds, {side} which side of it.
        None => msg("{game} · {component} · {side} · page {number} of {total}"),
    }
    .arg("game", &kit.title)
    .arg("number", number)
    .arg("total", total)
    .message("side", side);
    match component {
        Some(c) => line.term("component", c.name.clone()),
        // Translators: in the footer of the printer alignment test page, in place of the name
        // of the pieces the page holds.
        None => line.message("component", msg("printer alignment")),
    }
}

/// Draws page `number` of `total`. `margin` is the export's margin in mm (the footer sits
/// just inside it).
pub fn draw_page(
    cr: &Context,
    kit: &Kit,
    page: &Page,
    number: usize,
    total: usize,
    margin: f64,
) -> Result<(), cairo::Error> {
    if let Some(component) = page.component.and_then(|c| kit.components.get(c)) {
        for item in &page.items {
            cr.save()?;
            let clip = item.clip();
            cr.rectangle(clip.x, clip.y, clip.w, clip.h);
            cr.clip();
            let [xx, yx, xy, yy, x0, y0] = item.to_page();
            cr.transform(cairo::Matrix::new(xx, yx, xy, yy, x0, y0));
            match item.face {
                Face::Front => component.draw_front(cr, item.index, item.bleed)?,
                Face::Back => component.draw_back(cr, item.index, item.bleed)?,
            }
            cr.restore()?;
        }
    }
    cr.save()?;
    Rgb::BLACK.set(cr);
    cr.set_line_width(HAIRLINE);
    stroke_lines(cr, &page.crop_marks)?;
    stroke_lines(cr, &page.overlap_ticks)?;
    for region in &page.regions {
        registration_marks(cr, region)?;
    }
    cr.set_dash(&[2.0, 1.5], 0.0);
    Rgb::hex(0x555555).set(cr);
    stroke_lines(cr, &page.overlap_guides)?;
    if let Some(fold) = page.fold {
        fold_line(cr, &fold, page, margin)?;
    }
    cr.set_dash(&[], 0.0);
    if let Some(chart) = page.chart {
        alignment_chart(cr, &chart)?;
    }
    for t in &page.targets {
        target(cr, t.x, t.y, t.face)?;
    }
    Rgb::BLACK.set(cr);
    let text = footer(kit, page, number, total).render();
    let y = page.height - margin - FOOTER + 1.5;
    draw::text(
        cr,
        page.width / 2.0,
        y,
        &text,
        &Font::sans(2.8),
        Align::Center,
    );
    cr.restore()
}

fn stroke_lines(cr: &Context, lines: &[Line]) -> Result<(), cairo::Error> {
    if lines.is_empty() {
        return Ok(());
    }
    for l in lines {
        cr.move_to(l.x1, l.y1);
        cr.line_to(l.x2, l.y2);
    }
    cr.stroke()
}

/// A circle with a cross at each corner of the art region, inside its mark band, where no
/// crop mark goes. They print at mirrored places on the back, so they also show registration.
fn registration_marks(cr: &Context, r: &Rect) -> Result<(), cairo::Error> {
    let d = MARK_BAND / 2.0;
    let arm = d - 0.2;
    for (x, y) in [
        (r.x + d, r.y + d),
        (r.right() - d, r.y + d),
        (r.x + d, r.bottom() - d),
        (r.right() - d, r.bottom() - d),
    ] {
        cr.new_sub_path();
        cr.arc(x, y, arm * 0.6, 0.0, std::f64::consts::TAU);
        cr.move_to(x - arm, y);
        cr.line_to(x + arm, y);
        cr.move_to(x, y - arm);
        cr.line_to(x, y + arm);
    }
    cr.stroke()
}

/// The fold line across the printable width (or height), broken in its middle by a word.
fn fold_line(cr: &Context, fold: &Line, page: &Page, margin: f64) -> Result<(), cairo::Error> {
    let (x1, y1, x2, y2) = if fold.y1 == fold.y2 {
        (margin, fold.y1, page.width - margin, fold.y2)
    } else {
        (fold.x1, margin, fold.x2, page.height - margin)
    };
    cr.move_to(x1, y1);
    cr.line_to(x2, y2);
    cr.stroke()?;
    let font = Font::sans(2.5);
    // Translators: printed in the middle of the dashed line a printed page is folded on.
    let word = gettext("fold");
    let (w, h) = draw::measure(cr, &word, &font, None);
    let (cx, cy) = ((x1 + x2) / 2.0, (y1 + y2) / 2.0);
    Rgb::WHITE.set(cr);
    cr.rectangle(cx - w / 2.0 - 1.0, cy - h / 2.0, w + 2.0, h);
    cr.fill()?;
    Rgb::hex(0x555555).set(cr);
    draw::text(cr, cx, cy - h / 2.0, &word, &font, Align::Center);
    Ok(())
}

/// A ruler in millimetres along the top of `chart`, and a 100 mm square under it with
/// centimetre ticks along its left side.
fn alignment_chart(cr: &Context, chart: &Rect) -> Result<(), cairo::Error> {
    Rgb::BLACK.set(cr);
    cr.set_line_width(HAIRLINE);
    let base = chart.y + 6.0;
    let length = chart.w.floor();
    cr.move_to(chart.x, base);
    cr.line_to(chart.x + length, base);
    for mm in 0..=length as usize {
        let tick = match mm {
            m if m % 10 == 0 => 4.0,
            m if m % 5 == 0 => 2.5,
            _ => 1.5,
        };
        let x = chart.x + mm as f64;
        cr.move_to(x, base);
        cr.line_to(x, base - tick);
    }
    cr.stroke()?;
    for cm in (0..=length as usize).step_by(10) {
        let x = chart.x + cm as f64;
        draw::text(
            cr,
            x,
            base + 0.5,
            &cm.to_string(),
            &Font::sans(2.2),
            Align::Center,
        );
    }
    let top = base + 5.0;
    let side = 100.0_f64.min(chart.bottom() - top);
    cr.rectangle(chart.x, top, side, side);
    for cm in 1..(side / 10.0).ceil() as usize {
        let y = top + cm as f64 * 10.0;
        cr.move_to(chart.x, y);
        cr.line_to(chart.x + 3.0, y);
    }
    cr.stroke()?;
    let note = gettext(
        "This square measures 100 mm on each side when printed at actual size. Printed on both sides, hold the sheet against the light: each cross should sit in the middle of the circle printed on the back.",
    );
    draw::paragraph(
        cr,
        chart.x + 10.0,
        top + side / 2.0 - 10.0,
        side - 20.0,
        &note,
        &Font::sans(3.0),
        Align::Center,
    );
    Ok(())
}

/// A cross on the front; on the back a circle with a centre dot, sized so a 1 mm miss shows.
fn target(cr: &Context, x: f64, y: f64, face: Face) -> Result<(), cairo::Error> {
    Rgb::BLACK.set(cr);
    cr.set_line_width(HAIRLINE);
    match face {
        Face::Front => {
            cr.move_to(x - 5.0, y);
            cr.line_to(x + 5.0, y);
            cr.move_to(x, y - 5.0);
            cr.line_to(x, y + 5.0);
            cr.stroke()
        }
        Face::Back => {
            for r in [1.0, 2.0, 3.0] {
                cr.new_sub_path();
                cr.arc(x, y, r, 0.0, std::f64::consts::TAU);
            }
            cr.stroke()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::layout::{Duplex, Settings, alignment_pages, plan};
    use crate::export::sample;

    #[test]
    fn footers_name_game_component_side_tile_and_page() {
        let kit = sample::kit();
        let pages = plan(&kit, &Settings::default());
        let f = footer(&kit, &pages[0], 1, pages.len()).english();
        assert_eq!(
            f,
            format!(
                "Sample kit · Test cards · fronts · page 1 of {}",
                pages.len()
            )
        );
        assert!(
            footer(&kit, &pages[1], 2, 9)
                .english()
                .contains("Test cards · backs · page 2 of 9")
        );
        let tiled = pages.iter().position(|p| p.tile.is_some()).unwrap();
        let f = footer(&kit, &pages[tiled], tiled + 1, pages.len()).english();
        assert!(f.contains("Test map · fronts · tile 1 of"), "{f}");
        let blank = pages.iter().position(|p| p.role == Role::Blank).unwrap();
        let f = footer(&kit, &pages[blank], blank + 1, pages.len()).english();
        assert!(
            f.contains(&format!("back of page {blank}, left blank")),
            "{f}"
        );
        let align = alignment_pages(&Settings {
            duplex: Duplex::Short,
            ..Settings::default()
        });
        assert!(
            footer(&kit, &align[1], 2, 2)
                .english()
                .contains("printer alignment · back: circles")
        );
    }

    #[test]
    fn the_footers_of_a_sheet_read_like_a_book_ask_for_the_short_edge() {
        use crate::export::component::{Component, Kind};
        let mut kit = sample::kit();
        kit.components.push(
            Component::new("Trifold", Kind::Aids, (260.0, 178.0), 1, |_, _, _| Ok(()))
                .with_back(|_, _, _| Ok(()))
                .turned_over_short_edge(),
        );
        let trifold = kit.components.len() - 1;
        for duplex in [Duplex::Long, Duplex::Short, Duplex::Fold] {
            let pages = plan(
                &kit,
                &Settings {
                    duplex,
                    ..Settings::default()
                },
            );
            let mut asked = Vec::new();
            for (i, page) in pages.iter().enumerate() {
                let f = footer(&kit, page, i + 1, pages.len()).english();
                let asks = f.contains("print two-sided: flip on short edge");
                assert_eq!(asks, page.component == Some(trifold), "{duplex:?}: {f}");
                if asks {
                    asked.push(page.role);
                }
            }
            assert_eq!(asked, vec![Role::Fronts, Role::Backs], "{duplex:?}");
        }
    }

    /// A fake catalogue: every template and term in capitals, its `{placeholders}` kept.
    fn shout(s: &str) -> String {
        let mut out = String::new();
        let mut in_braces = false;
        for c in s.chars() {
            in_braces = (in_braces || c == '{') && c != '}';
            if in_braces {
                out.push(c);
            } else {
                out.extend(c.to_uppercase());
            }
        }
        out
    }

    #[test]
    fn footers_are_built_from_catalogue_templates() {
        let kit = sample::kit();
        let fold = Settings {
            duplex: Duplex::Fold,
            ..Settings::default()
        };
        let short = Settings {
            duplex: Duplex::Short,
            ..Settings::default()
        };
        let mut pages = plan(&kit, &Settings::default());
        pages.extend(plan(&kit, &fold));
        pages.extend(alignment_pages(&short));
        for role in [
            Role::Fronts,
            Role::Backs,
            Role::Folded,
            Role::Blank,
            Role::Alignment,
        ] {
            assert!(pages.iter().any(|p| p.role == role), "no {role:?} page");
        }
        assert!(pages.iter().any(|p| p.tile.is_some()));
        for (i, page) in pages.iter().enumerate() {
            let shown = footer(&kit, page, i + 1, pages.len()).render_with(&shout);
            // Only the game's title, a proper name, is shown as written: every other
            // letter comes through the catalogue.
            let rest = shown.replacen(&kit.title, "", 1);
            assert!(!rest.chars().any(char::is_lowercase), "{shown}");
        }
        let m = footer(&kit, &pages[0], 4, 9);
        assert_eq!(
            m.render_with(&shout),
            "Sample kit · TEST CARDS · FRONTS · PAGE 4 OF 9"
        );
        assert_eq!(m.arg_english("component").as_deref(), Some("Test cards"));
    }
}
