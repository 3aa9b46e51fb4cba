//! The Charts and Tables booklet: every die-roll table of `data/games/skyhawk/tables.toml`
//! (title, dice, rows, columns, modifiers, a RECON mark on reconstructed bodies) flowed over
//! as many pages as it needs. Narrow tables share a page in two columns, wide ones take the
//! full width; a table that cannot fit the space left moves on whole, and only a table taller
//! than a page is split, always between two rows, its header repeated.

use cairo::Context;

use super::{STYLE, palette};
use crate::art::draw::{Align, Font, Rgb, condensed, measure, paragraph, text};
use crate::art::sheet::{INK, MARGIN, Page, page_frame};
use crate::engine::content::Source;
use crate::games::skyhawk::rules::tables::{Dice, Table};
use crate::i18n::gettext;

use super::glossary::{cell_words, column_words, modifier_words};

/// Text size of the table cells.
const CELL: f64 = 2.7;
/// Width of the roll column.
const ROLL_W: f64 = 11.0;
const GAP: f64 = 6.0;
/// Space under each table.
const AFTER: f64 = 5.0;
/// Height of a table's title line.
const TITLE_H: f64 = 5.2;
/// Width of the RECON mark.
const RECON_W: f64 = 10.0;
/// Top of the flow (under the title bar) and room kept for the page number.
const TOP: f64 = MARGIN + 13.0;
const FOOT: f64 = 6.0;

/// A table printed as words: its heading, column headers and cells already put into the
/// reader's language.
#[derive(Clone, Debug, PartialEq)]
pub struct ChartTable {
    pub heading: String,
    /// Dice and rule reference, e.g. "1D10 · rule 5.2".
    pub dice: String,
    pub recon: bool,
    /// Header of every column, the roll column first.
    pub columns: Vec<String>,
    /// Each row: the roll label, then one cell per result column.
    pub rows: Vec<Vec<String>>,
    /// The modifiers, e.g. "+1 Green pilot".
    pub modifiers: Vec<String>,
    pub notes: Vec<String>,
}

impl ChartTable {
    /// The booklet entry of a content table.
    pub fn of(t: &Table) -> ChartTable {
        let columns = std::iter::once(gettext("Roll"))
            .chain(if t.columns.is_empty() {
                vec![gettext("Result")]
            } else {
                t.columns.iter().map(|c| column_words(c)).collect()
            })
            .collect();
        let rows = (0..t.rows.len())
            .map(|i| {
                std::iter::once(t.row_label(i).to_string())
                    .chain(t.rows[i].cells.iter().map(|c| cell_words(&t.id, c)))
                    .collect()
            })
            .collect();
        let mut modifiers: Vec<(i32, String)> = t
            .drm
            .iter()
            .map(|(name, v)| (*v, modifier_words(name)))
            .collect();
        modifiers.sort_by_key(|(v, _)| std::cmp::Reverse(*v));
        let starred = t
            .rows
            .iter()
            .flat_map(|r| &r.cells)
            .any(|c| c.ends_with('*'));
        ChartTable {
            heading: heading(t),
            dice: gettext("{dice} · rule {rule}")
                .replace("{dice}", &dice_words(t.dice))
                .replace("{rule}", &t.rule),
            recon: t.source == Source::Recon,
            columns,
            rows,
            modifiers: modifiers
                .into_iter()
                .map(|(v, words)| format!("{} {words}", signed(v)))
                .collect(),
            notes: if starred {
                vec![gettext(
                    "* Instead of taking the hits you may jettison your ordnance and dive away.",
                )]
            } else {
                Vec::new()
            },
        }
    }

    /// Whether the table takes half the page width `half`: one or two result columns, or
    /// more whose cells all fit on one line and whose headers need at most two.
    fn narrow(&self, cr: &Context, half: f64) -> bool {
        if self.columns.len() <= 3 {
            return true;
        }
        let room = (half - ROLL_W) / (self.columns.len() - 1) as f64 - 1.2;
        let fits = |s: &str, bold: bool, lines: f64| {
            measure(cr, s, &condensed(CELL, bold), None).0 <= room * lines * 0.9
        };
        self.columns[1..].iter().all(|h| fits(h, true, 2.0))
            && self
                .rows
                .iter()
                .all(|r| r[1..].iter().all(|c| fits(c, false, 1.0)))
    }

    fn modifier_text(&self) -> Option<String> {
        (!self.modifiers.is_empty())
            .then(|| gettext("Modifiers: {list}").replace("{list}", &self.modifiers.join("; ")))
    }
}

/// The booklet entries of `tables`, in order. A table whose modifiers are those of a table
/// before it refers to the first that listed them instead of listing them again (Tables 15.x).
pub fn chart_tables(tables: &[&Table]) -> Vec<ChartTable> {
    let mut out = Vec::new();
    let mut listed: Vec<(Vec<String>, &str)> = Vec::new();
    for t in tables {
        let mut c = ChartTable::of(t);
        let earlier = listed
            .iter()
            .find(|(m, _)| !m.is_empty() && *m == c.modifiers);
        match earlier {
            Some((_, id)) => {
                c.modifiers.clear();
                c.notes
                    .insert(0, gettext("Modifiers: as Table {id}.").replace("{id}", id));
            }
            None => listed.push((c.modifiers.clone(), &t.id)),
        }
        out.push(c);
    }
    out
}

/// "Table 12: NV attacks on the Skyhawk"; a table without a number goes by its title.
fn heading(t: &Table) -> String {
    let numbered = t.id.starts_with(|c: char| c.is_ascii_digit()) || t.id.starts_with("S-");
    if numbered {
        gettext("Table {id}: {title}")
            .replace("{id}", &t.id)
            .replace("{title}", &gettext(&t.title))
    } else {
        gettext(&t.title)
    }
}

/// "+1", "−2".
fn signed(v: i32) -> String {
    if v < 0 {
        format!("−{}", -v)
    } else {
        format!("+{v}")
    }
}

fn dice_words(d: Dice) -> String {
    match d {
        Dice::D10 => gettext("1D10 (0–9)"),
        Dice::Percentile => gettext("2D10 (1–100)"),
        Dice::Sum3 => gettext("3D10 added (0–27)"),
    }
}

// ---------------------------------------------------------------------------------------------
// Layout

/// A slice of one table placed on a page: rows `from..to`, at (x, y), `w` wide.
#[derive(Clone, Debug, PartialEq)]
pub struct Placed {
    pub table: usize,
    pub from: usize,
    pub to: usize,
    pub x: f64,
    pub y: f64,
    pub w: f64,
}

/// How a table's title is set at one width: on one line, or with the dice and the RECON mark
/// on a second line when the heading would have to shrink too far beside them.
struct Title {
    two_lines: bool,
    /// Width of the dice words and the RECON mark.
    marks_w: f64,
    h: f64,
}

impl Title {
    fn of(cr: &Context, t: &ChartTable, w: f64) -> Title {
        let marks_w = measure(cr, &t.dice, &condensed(2.5, false), None).0
            + if t.recon { RECON_W } else { 0.0 };
        let heading_w = measure(cr, &t.heading, &condensed(3.4, true), None).0;
        let two_lines = heading_w > (w - marks_w - 2.0) / 0.9;
        Title {
            two_lines,
            marks_w,
            h: if two_lines { TITLE_H + 3.6 } else { TITLE_H },
        }
    }
}

/// The measured parts of a table at one width.
struct Measure {
    head: f64,
    rows: Vec<f64>,
    tail: f64,
}

impl Measure {
    fn of(cr: &Context, t: &ChartTable, w: f64) -> Measure {
        let edges = edges(t, w);
        let width = |c: usize| edges[c + 1] - edges[c] - 1.2;
        let line = |cells: &[String], font: &Font| {
            cells
                .iter()
                .enumerate()
                .map(|(c, s)| measure(cr, s, font, Some(width(c))).1)
                .fold(0.0, f64::max)
                + 1.2
        };
        let head = Title::of(cr, t, w).h + line(&t.columns, &condensed(CELL, true));
        let rows = t
            .rows
            .iter()
            .map(|r| line(r, &condensed(CELL, false)))
            .collect();
        let tail = t
            .modifier_text()
            .iter()
            .chain(&t.notes)
            .map(|s| measure(cr, s, &Font::sans(CELL * 0.95), Some(w)).1 + 0.8)
            .sum::<f64>()
            + AFTER;
        Measure { head, rows, tail }
    }

    /// Height of rows `from..to` with the head, and the tail when they end the table.
    fn height(&self, from: usize, to: usize) -> f64 {
        self.head
            + self.rows[from..to].iter().sum::<f64>()
            + if to == self.rows.len() {
                self.tail
            } else {
                0.0
            }
    }

    /// The most rows from `from` that fit `room` (0 if not even one does).
    fn fitting(&self, from: usize, room: f64) -> usize {
        (from + 1..=self.rows.len())
            .rev()
            .find(|&to| self.height(from, to) <= room)
            .map_or(0, |to| to - from)
    }
}

/// Column edges of a table drawn `w` wide: the roll column, then equal result columns.
fn edges(t: &ChartTable, w: f64) -> Vec<f64> {
    let n = t.columns.len().saturating_sub(1).max(1);
    let each = (w - ROLL_W) / n as f64;
    std::iter::once(0.0)
        .chain((0..=n).map(|i| ROLL_W + each * i as f64))
        .collect()
}

/// Lays the tables out on pages of `page`: one list of placed slices per page.
pub fn paginate(cr: &Context, tables: &[ChartTable], page: Page) -> Vec<Vec<Placed>> {
    let full = page.w - 2.0 * MARGIN;
    let half = (full - GAP) / 2.0;
    let bottom = page.h - MARGIN - FOOT;
    let mut pages: Vec<Vec<Placed>> = vec![Vec::new()];
    // The next free y of the left and right column.
    let mut y = [TOP; 2];
    for (i, t) in tables.iter().enumerate() {
        let narrow = t.narrow(cr, half);
        let w = if narrow { half } else { full };
        let m = Measure::of(cr, t, w);
        let whole = m.height(0, t.rows.len());
        let mut from = 0;
        while from < t.rows.len() {
            // Where the slice could go on this page: the lower-filled column, then the other.
            let slots: Vec<(usize, f64)> = if narrow {
                let first = usize::from(y[1] < y[0] - 2.0);
                vec![(first, y[first]), (1 - first, y[1 - first])]
            } else {
                vec![(0, y[0].max(y[1]))]
            };
            let fresh = bottom - TOP;
            let placed = slots.iter().find_map(|&(col, top)| {
                let n = m.fitting(from, bottom - top);
                // Split only what could not fit a fresh column whole.
                let splits = from + n < t.rows.len();
                let ok = n > 0 && (!splits || (from == 0 && whole > fresh) || from > 0);
                ok.then_some((col, top, n))
            });
            match placed {
                Some((col, top, n)) => {
                    let to = from + n;
                    let x = MARGIN
                        + if narrow {
                            col as f64 * (half + GAP)
                        } else {
                            0.0
                        };
                    pages.last_mut().expect("a page").push(Placed {
                        table: i,
                        from,
                        to,
                        x,
                        y: top,
                        w,
                    });
                    let end = top + m.height(from, to);
                    if narrow {
                        y[col] = end;
                    } else {
                        y = [end; 2];
                    }
                    from = to;
                }
                None if y == [TOP; 2] => {
                    // Not one row fits an empty page: give up on this table rather than loop.
                    break;
                }
                None => {
                    pages.push(Vec::new());
                    y = [TOP; 2];
                }
            }
        }
    }
    pages
}

/// A scratch context for measuring text.
pub fn scratch() -> Result<Context, cairo::Error> {
    let surface = cairo::ImageSurface::create(cairo::Format::ARgb32, 1, 1)?;
    Context::new(&surface)
}

/// Draws page `index` (of `total`) of the booklet.
pub fn draw_chart_page(
    cr: &Context,
    tables: &[ChartTable],
    placed: &[Placed],
    page: Page,
    index: usize,
    total: usize,
) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("CHARTS AND TABLES"))?;
    for p in placed {
        draw_slice(cr, &tables[p.table], p)?;
    }
    INK.set(cr);
    text(
        cr,
        page.w / 2.0,
        page.h - MARGIN - 3.5,
        &gettext("page {n} of {total}")
            .replace("{n}", &(index + 1).to_string())
            .replace("{total}", &total.to_string()),
        &condensed(2.6, false),
        Align::Center,
    );
    Ok(())
}

fn draw_slice(cr: &Context, t: &ChartTable, p: &Placed) -> Result<(), cairo::Error> {
    let m = Measure::of(cr, t, p.w);
    // Title line: heading, then the RECON mark and the dice on the right.
    let mut heading = t.heading.clone();
    if p.from > 0 {
        heading = gettext("{table} (continued)").replace("{table}", &heading);
    }
    let title = Title::of(cr, t, p.w);
    let right = condensed(2.5, false);
    // On one line the dice and the RECON mark sit right of the heading; on two, under it.
    let (room, marks_y) = if title.two_lines {
        (p.w, p.y + 4.4)
    } else {
        (p.w - title.marks_w - 2.0, p.y + 0.7)
    };
    STYLE.heading.set(cr);
    let mut font = condensed(3.4, true);
    let wide = measure(cr, &heading, &font, None).0;
    if wide > room {
        font.size *= room / wide;
    }
    text(cr, p.x, p.y, &heading, &font, Align::Left);
    INK.set(cr);
    let dice_w = text(cr, p.x + p.w, marks_y, &t.dice, &right, Align::Right);
    if t.recon {
        recon_mark(cr, p.x + p.w - dice_w - RECON_W - 0.5, marks_y - 0.3)?;
    }
    let edges: Vec<f64> = edges(t, p.w).iter().map(|e| p.x + e).collect();
    let mut y = p.y + title.h;
    let head_h = m.head - title.h;
    row(
        cr,
        &edges,
        y,
        head_h,
        &t.columns,
        true,
        Some(palette::NAVY_LIGHT),
    )?;
    y += head_h;
    for r in p.from..p.to {
        let ground = (r % 2 == 1).then_some(palette::SHADE);
        row(cr, &edges, y, m.rows[r], &t.rows[r], false, ground)?;
        y += m.rows[r];
    }
    if p.to == t.rows.len() {
        y += 0.8;
        INK.set(cr);
        for s in t.modifier_text().iter().chain(&t.notes) {
            y += paragraph(cr, p.x, y, p.w, s, &Font::sans(CELL * 0.95), Align::Left) + 0.8;
        }
    }
    Ok(())
}

/// The discreet mark of a reconstructed table.
fn recon_mark(cr: &Context, x: f64, y: f64) -> Result<(), cairo::Error> {
    crate::art::draw::rounded_rect(cr, x, y, 9.5, 3.6, 0.8);
    palette::RECON.set(cr);
    cr.set_line_width(0.3);
    cr.stroke()?;
    crate::art::draw::fitted_text(cr, x + 4.75, y + 0.35, 8.5, &gettext("RECON"), 2.4, true);
    Ok(())
}

/// One row of a grid, its cells wrapped and centred; the first column in bold.
fn row(
    cr: &Context,
    edges: &[f64],
    y: f64,
    h: f64,
    cells: &[String],
    header: bool,
    ground: Option<Rgb>,
) -> Result<(), cairo::Error> {
    let (x0, x1) = (edges[0], edges[edges.len() - 1]);
    if let Some(g) = ground {
        g.set(cr);
        cr.rectangle(x0, y, x1 - x0, h);
        cr.fill()?;
    }
    INK.set(cr);
    cr.set_line_width(0.2);
    cr.rectangle(x0, y, x1 - x0, h);
    for e in &edges[1..edges.len() - 1] {
        cr.move_to(*e, y);
        cr.line_to(*e, y + h);
    }
    cr.stroke()?;
    for (c, s) in cells.iter().enumerate().take(edges.len() - 1) {
        let font = condensed(CELL, header || c == 0);
        let w = edges[c + 1] - edges[c] - 1.2;
        let th = measure(cr, s, &font, Some(w)).1;
        paragraph(
            cr,
            edges[c] + 0.6,
            y + (h - th) / 2.0,
            w,
            s,
            &font,
            Align::Center,
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::skyhawk::rules::content::content;

    fn booklet() -> (Vec<ChartTable>, Vec<Vec<Placed>>) {
        let tables: Vec<ChartTable> = content()
            .unwrap()
            .tables
            .values()
            .map(ChartTable::of)
            .collect();
        let cr = scratch().unwrap();
        let pages = paginate(&cr, &tables, Page { w: 190.0, h: 248.0 });
        (tables, pages)
    }

    #[test]
    fn every_row_of_every_table_is_placed_once_inside_the_page() {
        let (tables, pages) = booklet();
        let page = Page { w: 190.0, h: 248.0 };
        for (i, t) in tables.iter().enumerate() {
            let mut rows: Vec<usize> = pages
                .iter()
                .flatten()
                .filter(|p| p.table == i)
                .flat_map(|p| p.from..p.to)
                .collect();
            rows.sort_unstable();
            assert_eq!(rows, (0..t.rows.len()).collect::<Vec<_>>(), "{}", t.heading);
        }
        let cr = scratch().unwrap();
        for p in pages.iter().flatten() {
            let m = Measure::of(&cr, &tables[p.table], p.w);
            assert!(p.y + m.height(p.from, p.to) <= page.h - MARGIN - FOOT + 1e-6);
            assert!(p.x >= MARGIN && p.x + p.w <= page.w - MARGIN + 1e-6);
        }
        assert!(pages.len() >= 4, "{} pages", pages.len());
    }

    #[test]
    fn slices_on_a_page_do_not_overlap() {
        let (tables, pages) = booklet();
        let cr = scratch().unwrap();
        for page in &pages {
            for (a, p) in page.iter().enumerate() {
                for q in &page[a + 1..] {
                    let hp = Measure::of(&cr, &tables[p.table], p.w).height(p.from, p.to);
                    let hq = Measure::of(&cr, &tables[q.table], q.w).height(q.from, q.to);
                    let apart = p.x + p.w <= q.x + 1e-6
                        || q.x + q.w <= p.x + 1e-6
                        || p.y + hp <= q.y + 1e-6
                        || q.y + hq <= p.y + 1e-6;
                    assert!(
                        apart,
                        "{} and {}",
                        tables[p.table].heading, tables[q.table].heading
                    );
                }
            }
        }
    }

    #[test]
    fn a_table_taller_than_a_page_is_split_between_rows_with_its_header() {
        let mut t = ChartTable::of(&content().unwrap().tables["16"]);
        let rows = t.rows.clone();
        for _ in 0..8 {
            t.rows.extend(rows.iter().cloned());
        }
        let n = t.rows.len();
        let cr = scratch().unwrap();
        let pages = paginate(&cr, &[t], Page { w: 190.0, h: 248.0 });
        assert!(pages.len() >= 2);
        let slices: Vec<&Placed> = pages.iter().flatten().collect();
        assert!(slices.len() >= 2);
        assert_eq!(slices[0].from, 0);
        assert_eq!(slices.last().unwrap().to, n);
        for w in slices.windows(2) {
            assert_eq!(w[0].to, w[1].from);
        }
    }

    #[test]
    fn repeated_modifiers_refer_to_the_table_that_lists_them() {
        let c = content().unwrap();
        let ids = ["15.1", "15.2", "15.10", "15.11", "15.12", "16"];
        let tables: Vec<&Table> = ids.iter().map(|id| &c.tables[*id]).collect();
        let charts = chart_tables(&tables);
        assert!(!charts[0].modifiers.is_empty());
        assert!(charts[1].modifiers.is_empty());
        assert_eq!(charts[1].notes[0], "Modifiers: as Table 15.1.");
        // Snake Eye tables add the drag modifier: listed again, then referred to.
        assert!(!charts[2].modifiers.is_empty());
        assert_eq!(charts[3].notes[0], "Modifiers: as Table 15.10.");
        assert_eq!(charts[4].notes[0], "Modifiers: as Table 15.1.");
        assert!(!charts[5].modifiers.is_empty());
    }

    #[test]
    fn a_table_prints_its_modifiers_and_notes_in_words() {
        assert_eq!(signed(-2), "−2");
        let t = ChartTable::of(&content().unwrap().tables["12"]);
        assert!(t.notes.len() == 1 && t.modifiers.iter().any(|m| m == "+1 Bullpup run"));
        assert!(t.recon);
    }
}
