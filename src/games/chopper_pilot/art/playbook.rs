//! The Playbook (digest 10.6) as a booklet to print on both sides of landscape sheets, fold
//! and staple: a cover with the contents, one page for each mission briefing of
//! `missions.toml` (the orders in our words, the facts a player flies by and a diagram of the
//! Tactical Map with the way in, the way out and the landing zone), the missions an event
//! sends the flight on, and the numbered event paragraphs of `events.toml`.

use cairo::Context;

use crate::art::draw::{
    Align, Font, Rgb, fit_paragraph_font, fitted_left, measure, paragraph, text,
};
use crate::art::sheet::Page;
use crate::engine::message::msg;
use crate::games::chopper_pilot::rules::content::{
    CampaignId, DeckKind, HeloType, Mission, Paragraph, Side, Template, data,
};
use crate::i18n::gettext;

use super::briefing::{briefing_facts, reflow};
use super::cards::{campaign_badge, kind_name};
use super::paper::{GREEN, GREY, INK, NoteStyle, fold_marks, labelled, scratch};

/// A page of the booklet: half of a landscape sheet of the kit (260 × 178 mm).
pub const PAGE: Page = Page { w: 130.0, h: 178.0 };
const MARGIN: f64 = 7.0;
/// Where the flowed text starts and ends on a page.
const TOP: f64 = 14.0;
const BOTTOM: f64 = PAGE.h - 12.0;
const PAPER: u32 = 0xFBF8EE;
/// Type of the flowed entries.
const ENTRY: f64 = 3.2;
const ENTRY_TITLE: f64 = 3.6;
const SECTION: f64 = 5.0;

/// One thing flowed onto the pages after the briefings.
#[derive(Clone, Debug)]
enum Entry {
    /// A section's heading.
    Heading(String),
    Template(&'static Template),
    Paragraph(&'static Paragraph),
}

/// One page of the booklet.
#[derive(Clone, Debug)]
enum Leaf {
    Cover,
    Mission(&'static Mission),
    Flowed(Vec<Entry>),
    Blank,
}

/// The Playbook's pages in reading order, as many blank ones added at the end as make the
/// count a multiple of four (a sheet carries four pages).
pub struct Playbook {
    leaves: Vec<Leaf>,
}

impl Playbook {
    pub fn new() -> Result<Playbook, cairo::Error> {
        let d = data();
        let mut leaves = vec![Leaf::Cover];
        let mut missions: Vec<&Mission> = d.missions.iter().collect();
        missions.sort_by_key(|m| (m.campaign != CampaignId::Primary, m.number));
        leaves.extend(missions.into_iter().map(Leaf::Mission));
        let mut entries = vec![Entry::Heading(gettext("Missions an event sends you on"))];
        entries.extend(d.templates.iter().map(Entry::Template));
        let mut decks: Vec<_> = d.decks.iter().collect();
        decks.sort_by_key(|deck| deck.paragraphs[0]);
        for deck in decks {
            entries.push(Entry::Heading(deck_heading(
                deck.kind,
                deck.campaign,
                deck.paragraphs,
            )));
            entries.extend(
                d.paragraphs
                    .range(deck.paragraphs[0]..=deck.paragraphs[1])
                    .map(|(_, p)| Entry::Paragraph(p)),
            );
        }
        let cr = scratch()?;
        leaves.extend(flow(&cr, entries).into_iter().map(Leaf::Flowed));
        while leaves.len() % 4 != 0 {
            leaves.push(Leaf::Blank);
        }
        Ok(Playbook { leaves })
    }

    /// How many pages, blanks included (a multiple of four).
    pub fn pages(&self) -> usize {
        self.leaves.len()
    }

    /// How many sheets to print on both sides.
    pub fn sheets(&self) -> usize {
        self.leaves.len() / 4
    }

    /// The pages (left, right) of a side of sheet `sheet`, numbered from 0, for a booklet
    /// folded down the middle: the outer sheet carries the last and the first page on its
    /// front, the second and the last but one behind them.
    pub fn imposed(&self, sheet: usize, back: bool) -> (usize, usize) {
        let n = self.leaves.len();
        if back {
            (2 * sheet + 1, n - 2 - 2 * sheet)
        } else {
            (n - 1 - 2 * sheet, 2 * sheet)
        }
    }

    /// Draws one side of sheet `sheet`: two pages side by side, `w × h` millimetres.
    pub fn draw_side(
        &self,
        cr: &Context,
        sheet: usize,
        back: bool,
        w: f64,
        h: f64,
    ) -> Result<(), cairo::Error> {
        let (left, right) = self.imposed(sheet, back);
        for (k, page) in [left, right].into_iter().enumerate() {
            cr.save()?;
            cr.translate(k as f64 * w / 2.0, 0.0);
            cr.scale(w / 2.0 / PAGE.w, h / PAGE.h);
            let drawn = self.draw_page(cr, page);
            cr.restore()?;
            drawn?;
        }
        // The fold, marked at the top and bottom edges only.
        fold_marks(cr, &[w / 2.0], h)
    }

    /// Draws page `n` (from 0) at the origin, [`PAGE`] sized.
    pub fn draw_page(&self, cr: &Context, n: usize) -> Result<(), cairo::Error> {
        Rgb::hex(PAPER).set(cr);
        cr.rectangle(0.0, 0.0, PAGE.w, PAGE.h);
        cr.fill()?;
        match &self.leaves[n] {
            Leaf::Cover => self.draw_cover(cr)?,
            Leaf::Mission(m) => {
                draw_mission(cr, m)?;
            }
            Leaf::Flowed(entries) => {
                running_head(cr, &gettext("Events"));
                draw_entries(cr, entries)?;
            }
            Leaf::Blank => return Ok(()),
        }
        if n > 0 {
            Rgb::hex(GREY).set(cr);
            text(
                cr,
                PAGE.w / 2.0,
                PAGE.h - 8.0,
                &(n + 1).to_string(),
                &Font::sans(3.0),
                Align::Center,
            );
        }
        Ok(())
    }

    /// The page (from 1) where the first leaf `pick` says yes to stands.
    fn page_of(&self, pick: impl Fn(&Leaf) -> bool) -> Option<usize> {
        self.leaves.iter().position(pick).map(|i| i + 1)
    }

    fn draw_cover(&self, cr: &Context) -> Result<(), cairo::Error> {
        Rgb::hex(GREEN).set(cr);
        cr.rectangle(0.0, 0.0, PAGE.w, 62.0);
        cr.fill()?;
        Rgb::WHITE.set(cr);
        fitted_left(
            cr,
            MARGIN,
            16.0,
            PAGE.w - 2.0 * MARGIN,
            "Chopper Pilot Vietnam",
            Font::sans(6.0),
        );
        fitted_left(
            cr,
            MARGIN,
            26.0,
            PAGE.w - 2.0 * MARGIN,
            &gettext("Playbook"),
            Font::bold(14.0),
        );
        fitted_left(
            cr,
            MARGIN,
            48.0,
            PAGE.w - 2.0 * MARGIN,
            &gettext("Mission briefings and event paragraphs"),
            Font::sans(4.4),
        );
        let intro = gettext(
            "Before each mission, read its briefing here: the orders, the flight, what it carries, the route over the Operations Map and the Tactical Maps below. When a card names a paragraph, look its number up in the second half of this booklet and do what it says.\n\nPrint the sheets on both sides (two-sided, flip on short edge), lay them on each other in order, fold them down the middle and staple along the fold.",
        );
        let w = PAGE.w - 2.0 * MARGIN;
        Rgb::hex(INK).set(cr);
        let font = fit_paragraph_font(cr, &intro, Font::sans(3.6), w, 50.0, 2.6);
        let mut y = 70.0 + paragraph(cr, MARGIN, 70.0, w, &intro, &font, Align::Left) + 8.0;
        Rgb::hex(GREEN).set(cr);
        fitted_left(cr, MARGIN, y, w, &gettext("Contents"), Font::bold(4.6));
        y += 8.0;
        let first =
            |c: CampaignId| self.page_of(|l| matches!(l, Leaf::Mission(m) if m.campaign == c));
        let lines = [
            (gettext("Missions of the Primary Campaign"), first(CampaignId::Primary)),
            (gettext("Missions of the MACV-SOG Campaign"), first(CampaignId::Sog)),
            (
                gettext("Missions an event sends you on"),
                self.page_of(|l| matches!(l, Leaf::Flowed(_))),
            ),
            (
                gettext("Event paragraphs"),
                self.page_of(|l| {
                    matches!(l, Leaf::Flowed(e) if e.iter().any(|e| matches!(e, Entry::Paragraph(_))))
                }),
            ),
        ];
        Rgb::hex(INK).set(cr);
        for (what, page) in lines {
            let Some(page) = page else { continue };
            fitted_left(cr, MARGIN, y, w - 14.0, &what, Font::sans(3.8));
            text(
                cr,
                PAGE.w - MARGIN,
                y,
                &page.to_string(),
                &Font::bold(3.8),
                Align::Right,
            );
            cr.set_line_width(0.15);
            cr.set_dash(&[0.4, 1.0], 0.0);
            let (tw, _) = measure(cr, &what, &Font::sans(3.8), None);
            cr.move_to(MARGIN + tw.min(w - 14.0) + 2.0, y + 3.4);
            cr.line_to(PAGE.w - MARGIN - 8.0, y + 3.4);
            cr.stroke()?;
            cr.set_dash(&[], 0.0);
            y += 7.0;
        }
        Ok(())
    }
}

fn deck_heading(kind: DeckKind, campaign: CampaignId, range: [u16; 2]) -> String {
    let what = match kind {
        DeckKind::Enroute => gettext("Enroute events"),
        DeckKind::Combat => gettext("Combat events"),
        DeckKind::Return => gettext("Return events"),
    };
    format!(
        "{what} · {} · {}–{}",
        campaign_badge(campaign),
        range[0],
        range[1]
    )
}

/// The small title at the top of a flowed page.
fn running_head(cr: &Context, s: &str) {
    Rgb::hex(GREY).set(cr);
    fitted_left(cr, MARGIN, 6.0, PAGE.w - 2.0 * MARGIN, s, Font::sans(3.0));
    cr.set_line_width(0.2);
    cr.move_to(MARGIN, 10.5);
    cr.line_to(PAGE.w - MARGIN, 10.5);
    let _ = cr.stroke();
}

/// An entry's lines: (number or code, title, text).
fn entry_parts(e: &Entry) -> (String, String, String) {
    match e {
        Entry::Heading(h) => (String::new(), h.clone(), String::new()),
        Entry::Template(t) => (
            t.id.clone(),
            gettext(&t.title),
            format!(
                "{} {}",
                gettext(t.text.trim()),
                msg("Skill points: {points}")
                    .arg("points", t.skill_points)
                    .render()
            ),
        ),
        Entry::Paragraph(p) => (
            p.number.to_string(),
            format!("{} · {}", gettext(&p.title), kind_name(p.kind)),
            reflow(&gettext(p.text.trim())),
        ),
    }
}

const NUMBER_W: f64 = 11.0;

/// The height an entry takes on the page.
fn entry_height(cr: &Context, e: &Entry) -> f64 {
    let w = PAGE.w - 2.0 * MARGIN - NUMBER_W;
    match e {
        Entry::Heading(_) => SECTION + 6.0,
        _ => {
            let (_, title, body) = entry_parts(e);
            let (_, th) = measure(cr, &title, &Font::bold(ENTRY_TITLE), Some(w));
            let (_, bh) = measure(cr, &body, &Font::sans(ENTRY), Some(w));
            th + 0.8 + bh + 3.5
        }
    }
}

/// The entries laid into pages, each whole on one page; a heading never ends a page.
fn flow(cr: &Context, entries: Vec<Entry>) -> Vec<Vec<Entry>> {
    let mut pages: Vec<Vec<Entry>> = vec![Vec::new()];
    let mut y = TOP;
    let mut i = 0;
    while i < entries.len() {
        let e = &entries[i];
        let mut need = entry_height(cr, e);
        if matches!(e, Entry::Heading(_)) {
            need += entries.get(i + 1).map_or(0.0, |n| entry_height(cr, n));
        }
        let page = pages.last_mut().expect("a page");
        if y + need > BOTTOM && !page.is_empty() {
            pages.push(Vec::new());
            y = TOP;
        }
        y += entry_height(cr, e);
        pages.last_mut().expect("a page").push(e.clone());
        i += 1;
    }
    pages
}

fn draw_entries(cr: &Context, entries: &[Entry]) -> Result<(), cairo::Error> {
    let mut y = TOP + 1.0;
    let w = PAGE.w - 2.0 * MARGIN - NUMBER_W;
    for e in entries {
        let (number, title, body) = entry_parts(e);
        if let Entry::Heading(h) = e {
            Rgb::hex(GREEN).set(cr);
            cr.rectangle(MARGIN, y, PAGE.w - 2.0 * MARGIN, SECTION + 2.5);
            cr.fill()?;
            Rgb::WHITE.set(cr);
            fitted_left(
                cr,
                MARGIN + 2.0,
                y + 1.0,
                PAGE.w - 2.0 * MARGIN - 4.0,
                h,
                Font::bold(SECTION - 0.6),
            );
            y += entry_height(cr, e);
            continue;
        }
        Rgb::hex(GREEN).set(cr);
        fitted_left(
            cr,
            MARGIN,
            y,
            NUMBER_W - 1.5,
            &number,
            Font::bold(ENTRY_TITLE + 0.6),
        );
        let x = MARGIN + NUMBER_W;
        let th = paragraph(cr, x, y, w, &title, &Font::bold(ENTRY_TITLE), Align::Left);
        Rgb::hex(INK).set(cr);
        paragraph(
            cr,
            x,
            y + th + 0.8,
            w,
            &body,
            &Font::sans(ENTRY),
            Align::Left,
        );
        y += entry_height(cr, e);
    }
    Ok(())
}

/// A mission's page: its number, month and title, the orders, the facts and the map; returns
/// the room left for the map's diagram (its top and height).
fn draw_mission(cr: &Context, m: &Mission) -> Result<(f64, f64), cairo::Error> {
    let d = data();
    let w = PAGE.w - 2.0 * MARGIN;
    Rgb::hex(GREEN).set(cr);
    cr.rectangle(0.0, 0.0, PAGE.w, 22.0);
    cr.fill()?;
    Rgb::WHITE.set(cr);
    let month = d.campaign(m.campaign).month_of(m.number).to_owned();
    let badge = campaign_badge(m.campaign);
    let bw = text(
        cr,
        PAGE.w - MARGIN,
        4.0,
        badge,
        &Font::bold(3.2),
        Align::Right,
    );
    fitted_left(
        cr,
        MARGIN,
        4.0,
        w - bw - 4.0,
        &msg("Mission {number} · {month}")
            .arg("number", m.number)
            .arg("month", gettext(&month))
            .render(),
        Font::sans(3.4),
    );
    fitted_left(cr, MARGIN, 10.5, w, &gettext(&m.title), Font::bold(6.0));
    // The orders.
    let story = reflow(&gettext(m.briefing.trim()));
    let font = fit_paragraph_font(cr, &story, Font::sans(3.4), w, 62.0, 2.6);
    Rgb::hex(INK).set(cr);
    let mut y = 27.0 + paragraph(cr, MARGIN, 27.0, w, &story, &font, Align::Left) + 4.0;
    // The facts, a label beside each.
    let flight: Vec<String> = HeloType::ALL
        .iter()
        .map(|t| (t, m.aircraft.count(*t)))
        .filter(|(_, n)| *n > 0)
        .map(|(t, n)| format!("{n} × {}", t.name()))
        .collect();
    let ops = d
        .ops_map(&m.ops_map)
        .map_or(m.ops_map.clone(), |o| gettext(&o.title));
    let mut facts = vec![
        (gettext("Flight"), flight.join(", ")),
        (gettext("Operations Map"), ops),
    ];
    facts.extend(briefing_facts(m));
    let style = NoteStyle {
        label: 3.0,
        note: 3.0,
        max_h: 10.0,
    };
    for (label, value) in facts {
        y += labelled(cr, MARGIN, y, w, Some(27.0), &label, &value, style).max(3.6) + 1.6;
    }
    // The Tactical Map as a diagram in the room left.
    let top = y + 3.0;
    draw_layout(cr, m, MARGIN, top, w, BOTTOM - top)?;
    Ok((top, BOTTOM - top))
}

/// Where a hex "map/CCRR" falls in a layout drawn at (x, y), each map `mw × mh`.
fn place(m: &Mission, hex: &str, x: f64, y: f64, mw: f64, mh: f64) -> Option<(f64, f64)> {
    let grid = &data().grid;
    let (map, cr) = hex.split_once('/')?;
    let map: u8 = map.parse().ok()?;
    let col: f64 = cr.get(..2)?.parse().ok()?;
    let row: f64 = cr.get(2..)?.parse().ok()?;
    let (i, j) = m
        .tac
        .layout
        .iter()
        .enumerate()
        .find_map(|(i, r)| r.iter().position(|n| *n == map).map(|j| (i, j)))?;
    Some((
        x + j as f64 * mw + (col - 0.5) / f64::from(grid.columns) * mw,
        y + i as f64 * mh + (row - 0.5) / f64::from(grid.rows) * mh,
    ))
}

/// The Tactical Maps of a briefing in their layout, with the way in and out, the landing
/// zone or search start and the units the briefing places, fitted into `w × h`.
fn draw_layout(
    cr: &Context,
    m: &Mission,
    x: f64,
    y: f64,
    w: f64,
    h: f64,
) -> Result<(), cairo::Error> {
    let rows = m.tac.layout.len().max(1) as f64;
    let cols = m.tac.layout.iter().map(Vec::len).max().unwrap_or(1).max(1) as f64;
    // A map is 38 columns of flat-topped hexes by 21 rows: about 34 by 22 inches.
    let legend_h = 6.0;
    let scale = (w / (cols * 34.0)).min((h - legend_h) / (rows * 22.0));
    if scale <= 0.0 {
        return Ok(());
    }
    let (mw, mh) = (34.0 * scale, 22.0 * scale);
    let x0 = x + (w - cols * mw) / 2.0;
    let y0 = y;
    for (i, row) in m.tac.layout.iter().enumerate() {
        for (j, n) in row.iter().enumerate() {
            let (mx, my) = (x0 + j as f64 * mw, y0 + i as f64 * mh);
            cr.rectangle(mx, my, mw, mh);
            Rgb::hex(0xC5D1A5).set(cr);
            cr.fill_preserve()?;
            Rgb::hex(GREEN).set(cr);
            cr.set_line_width(0.3);
            cr.stroke()?;
            Rgb::hex(0x5A6B3A).set(cr);
            text(
                cr,
                mx + 1.5,
                my + mh - 5.0,
                &n.to_string(),
                &Font::bold(3.4),
                Align::Left,
            );
        }
    }
    let mark = |hex: &str, colour: u32, label: &str| -> Result<(), cairo::Error> {
        let Some((px, py)) = place(m, hex, x0, y0, mw, mh) else {
            return Ok(());
        };
        cr.arc(px, py, 2.2, 0.0, std::f64::consts::TAU);
        Rgb::hex(colour).set(cr);
        cr.fill_preserve()?;
        Rgb::WHITE.set(cr);
        cr.set_line_width(0.3);
        cr.stroke()?;
        Rgb::hex(INK).set(cr);
        text(cr, px + 2.8, py - 1.6, label, &Font::bold(2.6), Align::Left);
        Ok(())
    };
    for p in &m.preplaced {
        let colour = match data().unit(&p.unit).map(|u| u.side) {
            Some(Side::Us) => 0x4E5B31,
            Some(Side::Enemy) => 0xB71C1C,
            _ => 0x8D8D8D,
        };
        if let Some((px, py)) = place(m, &p.hex, x0, y0, mw, mh) {
            cr.rectangle(px - 1.3, py - 1.3, 2.6, 2.6);
            Rgb::hex(colour).set(cr);
            cr.fill()?;
        }
    }
    mark(&m.tac.entry, 0x2E7D32, &gettext("in"))?;
    mark(&m.tac.exit, 0xC62828, &gettext("out"))?;
    if let Some(lz) = &m.tac.lz {
        mark(lz, 0xF9A825, &gettext("LZ"))?;
    }
    if let Some(s) = &m.tac.search_start {
        mark(s, 0x1565C0, &gettext("search"))?;
    }
    // The squares are explained only where there are some.
    if !m.preplaced.is_empty() {
        let legend = gettext(
            "Squares: the units the briefing places (olive ours, red the enemy's, grey others).",
        );
        Rgb::hex(GREY).set(cr);
        fitted_left(cr, x, y0 + rows * mh + 1.5, w, &legend, Font::sans(2.6));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_is_printed_once_and_the_cover_is_on_the_outside() {
        let book = Playbook::new().unwrap();
        assert_eq!(book.pages() % 4, 0);
        let mut seen = vec![0; book.pages()];
        for sheet in 0..book.sheets() {
            for back in [false, true] {
                let (l, r) = book.imposed(sheet, back);
                seen[l] += 1;
                seen[r] += 1;
                // Facing pages of the folded sheet add up to the last page's number.
                assert_eq!(l + r, book.pages() - 1);
            }
        }
        assert!(seen.iter().all(|n| *n == 1), "{seen:?}");
        assert_eq!(book.imposed(0, false), (book.pages() - 1, 0));
        assert_eq!(book.imposed(0, true), (1, book.pages() - 2));
    }

    #[test]
    fn every_briefing_and_paragraph_has_its_place() {
        let d = data();
        let book = Playbook::new().unwrap();
        let missions = book
            .leaves
            .iter()
            .filter(|l| matches!(l, Leaf::Mission(_)))
            .count();
        assert_eq!(missions, d.missions.len());
        let printed: Vec<u16> = book
            .leaves
            .iter()
            .filter_map(|l| match l {
                Leaf::Flowed(e) => Some(e),
                _ => None,
            })
            .flatten()
            .filter_map(|e| match e {
                Entry::Paragraph(p) => Some(p.number),
                _ => None,
            })
            .collect();
        let all: Vec<u16> = d.paragraphs.keys().copied().collect();
        assert_eq!(printed, all);
    }

    #[test]
    fn the_squares_are_explained_only_under_briefings_that_place_units() {
        let cr = scratch().unwrap();
        let explained = |m: &Mission| {
            let (drawn, labels) = crate::art::draw::fits::recorded(|| draw_mission(&cr, m));
            drawn.unwrap();
            labels.iter().any(|l| l.text.starts_with("Squares:"))
        };
        let d = data();
        let empty = d.missions.iter().find(|m| m.preplaced.is_empty()).unwrap();
        let placed = d.missions.iter().find(|m| !m.preplaced.is_empty()).unwrap();
        assert!(!explained(empty), "mission {}", empty.number);
        assert!(explained(placed), "mission {}", placed.number);
    }

    #[test]
    fn nothing_runs_past_the_foot_of_a_page() {
        let cr = scratch().unwrap();
        let book = Playbook::new().unwrap();
        for leaf in &book.leaves {
            if let Leaf::Flowed(entries) = leaf {
                let h: f64 = entries.iter().map(|e| entry_height(&cr, e)).sum();
                assert!(TOP + h <= BOTTOM, "{h} mm of entries: {entries:?}");
                assert!(!matches!(entries.last(), Some(Entry::Heading(_))));
            }
        }
        // Each briefing leaves the map's diagram a useful height.
        for m in &data().missions {
            let (top, room) = draw_mission(&cr, m).unwrap();
            assert!(
                room >= 30.0,
                "mission {}: {room} mm left for the map at {top}",
                m.number
            );
        }
    }
}
