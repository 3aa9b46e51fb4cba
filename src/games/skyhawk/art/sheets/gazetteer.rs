//! The JCS-94 target gazetteer (rules digest §4.37): every target of the Navy, Air Force and
//! MACV lists with the roll that picks it, its route package, its type (or the d10 split
//! between types) and what else it brings (Hanoi, Haiphong, a port, mines, small-arms fire).
//! Printed as reference pages; in the window the page with the mission's target, its row marked.

use cairo::Context;

use crate::art::sheet::{MARGIN, PEN, Page, Table, page_frame};
use crate::games::skyhawk::art::STYLE;
use crate::games::skyhawk::rules::content::{Content, TargetFlag, TargetList, TargetSpec};
use crate::i18n::gettext;

/// Target lines on one page.
pub const ROWS_PER_PAGE: usize = 44;
const ROW_H: f64 = 4.9;

/// Pages the gazetteer needs.
pub fn gazetteer_pages(c: &Content) -> usize {
    c.targets.len().div_ceil(ROWS_PER_PAGE).max(1)
}

/// The page and line of the target named `name`, if the gazetteer has it.
pub fn gazetteer_line(c: &Content, list: TargetList, name: &str) -> Option<(usize, usize)> {
    let i = c
        .targets
        .iter()
        .position(|t| t.list == list && t.name == name)?;
    Some((i / ROWS_PER_PAGE, i % ROWS_PER_PAGE))
}

fn roll(t: &TargetSpec) -> String {
    let face = |n: i32| match t.list {
        TargetList::Macv => n.to_string(),
        _ => format!("{n:02}"),
    };
    match t.roll {
        [a, b] if a == b => face(a),
        [a, b] => format!("{}–{}", face(a), face(b)),
    }
}

fn types(t: &TargetSpec) -> String {
    match t.types.as_slice() {
        [only] => gettext(only.kind.name()),
        split => {
            let mut from = 0;
            let parts: Vec<String> = split
                .iter()
                .map(|s| {
                    let faces = if from == s.to {
                        from.to_string()
                    } else {
                        format!("{from}–{}", s.to)
                    };
                    from = s.to + 1;
                    format!("{} {faces}", gettext(s.kind.name()))
                })
                .collect();
            parts.join(" · ")
        }
    }
}

fn flags(t: &TargetSpec) -> String {
    let words: Vec<String> = t
        .flags
        .iter()
        .map(|f| match f {
            TargetFlag::Hanoi => gettext("Hanoi"),
            TargetFlag::Haiphong => gettext("Haiphong"),
            TargetFlag::Port => gettext("port"),
            TargetFlag::Mine => gettext("mines"),
            TargetFlag::SmallArmsFire => gettext("small-arms fire"),
            TargetFlag::Hcrt => gettext("Shrike allowed"),
        })
        .collect();
    words.join(", ")
}

/// Draws page `index` of the gazetteer; `mark` is the line to ring (the mission's target).
pub fn draw_gazetteer(
    cr: &Context,
    c: &Content,
    page: Page,
    index: usize,
    mark: Option<usize>,
) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("JCS-94 TARGET GAZETTEER"))?;
    let (x0, w) = (MARGIN, page.w - 2.0 * MARGIN);
    let y = MARGIN + 12.0;
    let headers = [
        gettext("List"),
        gettext("Roll"),
        gettext("Target"),
        gettext("RP"),
        gettext("Type (1d10)"),
        gettext("Also"),
    ];
    let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
    let rows: Vec<Vec<String>> = c
        .targets
        .iter()
        .skip(index * ROWS_PER_PAGE)
        .take(ROWS_PER_PAGE)
        .map(|t| {
            vec![
                gettext(t.list.name()),
                roll(t),
                t.name.clone(),
                t.route_package.clone(),
                types(t),
                flags(t),
            ]
        })
        .collect();
    let cols = [0.1, 0.07, 0.38, 0.05, 0.25, 0.15];
    let table = Table {
        x: x0,
        y,
        w,
        row_h: ROW_H,
        cols: &cols,
        printed_cols: cols.len(),
    };
    table.draw(cr, &headers, &rows)?;
    if let Some(line) = mark.filter(|&l| l < rows.len()) {
        // The header row of a grid is 8 mm.
        let ry = y + 8.0 + ROW_H * line as f64;
        cr.rectangle(x0 - 0.6, ry - 0.3, w + 1.2, ROW_H + 0.6);
        PEN.set(cr);
        cr.set_line_width(0.7);
        cr.stroke()?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::art::testutil::{inked, surface};
    use crate::games::skyhawk::rules::content::content;

    #[test]
    fn every_target_is_on_a_page_and_found_again() {
        let c = content().unwrap();
        let pages = gazetteer_pages(c);
        assert!(pages * ROWS_PER_PAGE >= c.targets.len());
        for t in &c.targets {
            let (page, line) = gazetteer_line(c, t.list, &t.name).unwrap();
            assert_eq!(c.targets[page * ROWS_PER_PAGE + line].name, t.name);
        }
        let page = Page::A4_PORTRAIT;
        let bottom = MARGIN + 12.0 + 8.0 + ROW_H * ROWS_PER_PAGE as f64;
        assert!(bottom < page.h - MARGIN, "{bottom} mm runs off the page");
    }

    #[test]
    fn the_marked_line_is_ringed() {
        let c = content().unwrap();
        let page = Page::A4_PORTRAIT;
        let (mut plain, cr) = surface(page.w, page.h);
        draw_gazetteer(&cr, c, page, 0, None).unwrap();
        drop(cr);
        let (mut marked, cr) = surface(page.w, page.h);
        draw_gazetteer(&cr, c, page, 0, Some(3)).unwrap();
        drop(cr);
        // The ring's left edge, just outside the grid at line 3.
        let ry = MARGIN + 12.0 + 8.0 + ROW_H * 3.0;
        assert_eq!(inked(&mut plain, MARGIN - 0.9, ry, 0.5, ROW_H), 0);
        assert!(inked(&mut marked, MARGIN - 0.9, ry, 0.5, ROW_H) > 0);
    }
}
