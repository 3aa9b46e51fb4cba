//! Record sheets and forms of every game, drawn in millimetres on a page of any size: the page
//! with its title bar, grids with a header row, labelled lines to write on and tick boxes. A
//! sheet is drawn blank, or filled from a record: filled values are set in "pen" blue, as a
//! player would write them, and empty values stay blank.

use cairo::Context;

use crate::art::draw::{Align, Font, Rgb, condensed, fitted_text, measure, paragraph, text};

/// A page size in millimetres.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Page {
    pub w: f64,
    pub h: f64,
}

impl Page {
    pub const A4_PORTRAIT: Page = Page { w: 210.0, h: 297.0 };
    pub const A4_LANDSCAPE: Page = Page { w: 297.0, h: 210.0 };
    pub const LETTER_PORTRAIT: Page = Page { w: 215.9, h: 279.4 };
    pub const LETTER_LANDSCAPE: Page = Page { w: 279.4, h: 215.9 };
}

/// Safe margin of every sheet.
pub const MARGIN: f64 = 8.0;
/// Printed lines and words.
pub const INK: Rgb = Rgb(0.11, 0.12, 0.14);
/// What the player (or the game) writes in.
pub const PEN: Rgb = Rgb(0.10, 0.27, 0.50);
/// Header rows of grids.
const HEADER_GROUND: Rgb = Rgb(0.88, 0.88, 0.86);

/// What sets one game's sheets apart.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Style {
    /// The game's name, printed at the right of every title bar.
    pub game: &'static str,
    /// Ground of the title bar.
    pub banner: Rgb,
    /// Colour of section headings.
    pub heading: Rgb,
}

/// Paper, the title bar and the game name.
pub fn page_frame(
    cr: &Context,
    page: Page,
    style: &Style,
    title: &str,
) -> Result<(), cairo::Error> {
    cr.rectangle(0.0, 0.0, page.w, page.h);
    Rgb::WHITE.set(cr);
    cr.fill()?;
    cr.rectangle(MARGIN, MARGIN, page.w - 2.0 * MARGIN, 9.0);
    style.banner.set(cr);
    cr.fill()?;
    Rgb::WHITE.set(cr);
    let game_w = text(
        cr,
        page.w - MARGIN - 2.0,
        MARGIN + 2.2,
        style.game,
        &condensed(4.0, true),
        Align::Right,
    );
    // A long (translated) title is set smaller rather than run into the game's name.
    let room = page.w - 2.0 * MARGIN - game_w - 8.0;
    let mut font = condensed(5.0, true);
    let (title_w, _) = measure(cr, title, &font, None);
    if title_w > room && title_w > 0.0 {
        font.size *= room / title_w;
    }
    text(cr, MARGIN + 2.0, MARGIN + 1.6, title, &font, Align::Left);
    Ok(())
}

/// A section heading.
pub fn heading(cr: &Context, style: &Style, x: f64, y: f64, s: &str) {
    style.heading.set(cr);
    text(cr, x, y, s, &condensed(4.0, true), Align::Left);
}

/// A grid with a header row; `cols` are fractions of `w`; empty cells stay blank for writing.
pub struct Table<'a> {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub row_h: f64,
    pub cols: &'a [f64],
    /// How many leading columns are printed labels (in ink) rather than filled-in values.
    pub printed_cols: usize,
}

impl Table<'_> {
    /// Draws the grid and its filled cells; returns its height.
    pub fn draw(
        &self,
        cr: &Context,
        headers: &[&str],
        rows: &[Vec<String>],
    ) -> Result<f64, cairo::Error> {
        let head_h = 8.0;
        let h = head_h + self.row_h * rows.len() as f64;
        cr.rectangle(self.x, self.y, self.w, head_h);
        HEADER_GROUND.set(cr);
        cr.fill()?;
        INK.set(cr);
        cr.set_line_width(0.25);
        cr.rectangle(self.x, self.y, self.w, h);
        cr.stroke()?;
        for r in 0..rows.len() {
            let y = self.y + head_h + self.row_h * r as f64;
            cr.move_to(self.x, y);
            cr.line_to(self.x + self.w, y);
        }
        let mut x = self.x;
        let mut edges = vec![x];
        for f in self.cols {
            x += f * self.w;
            edges.push(x);
        }
        for e in &edges[1..edges.len() - 1] {
            cr.move_to(*e, self.y);
            cr.line_to(*e, self.y + h);
        }
        cr.stroke()?;
        let head_font = condensed(2.9, true);
        for (c, head) in headers.iter().enumerate() {
            let cw = edges[c + 1] - edges[c] - 1.0;
            let (_, th) = measure(cr, head, &head_font, Some(cw));
            paragraph(
                cr,
                edges[c] + 0.5,
                self.y + ((head_h - th) / 2.0).max(0.2),
                cw,
                head,
                &head_font,
                Align::Center,
            );
        }
        let font = Font::sans((self.row_h * 0.45).min(3.2));
        for (r, row) in rows.iter().enumerate() {
            let y = self.y + head_h + self.row_h * r as f64;
            for (c, cell) in row.iter().enumerate().take(edges.len() - 1) {
                if cell.is_empty() {
                    continue;
                }
                let cw = edges[c + 1] - edges[c] - 1.6;
                // A filled-in cell that wraps past its row is set smaller until it fits.
                let mut font = font.clone();
                let (_, mut th) = measure(cr, cell, &font, Some(cw));
                while th > self.row_h - 0.6 && font.size > 1.8 {
                    font.size *= 0.9;
                    th = measure(cr, cell, &font, Some(cw)).1;
                }
                cr.save()?;
                cr.rectangle(edges[c], y, cw + 1.6, self.row_h);
                cr.clip();
                if c < self.printed_cols { INK } else { PEN }.set(cr);
                paragraph(
                    cr,
                    edges[c] + 0.8,
                    y + ((self.row_h - th) / 2.0).max(0.3),
                    cw,
                    cell,
                    &font,
                    Align::Left,
                );
                cr.restore()?;
            }
        }
        INK.set(cr);
        Ok(h)
    }
}

/// A labelled line `w` long to write on, with the value written in if there is one.
pub fn field(
    cr: &Context,
    x: f64,
    y: f64,
    w: f64,
    label: &str,
    value: Option<&str>,
) -> Result<(), cairo::Error> {
    INK.set(cr);
    let lw = text(cr, x, y, label, &condensed(3.2, true), Align::Left);
    cr.set_line_width(0.2);
    cr.move_to(x + lw + 1.5, y + 4.3);
    cr.line_to(x + w, y + 4.3);
    cr.stroke()?;
    if let Some(v) = value {
        PEN.set(cr);
        fitted_text(
            cr,
            x + lw + 1.5 + (w - lw - 1.5) / 2.0,
            y,
            w - lw - 2.0,
            v,
            3.4,
            false,
        );
        INK.set(cr);
    }
    Ok(())
}

/// A tick box with its label, ticked when `on`; returns the width used.
pub fn tick(cr: &Context, x: f64, y: f64, label: &str, on: bool) -> Result<f64, cairo::Error> {
    cr.rectangle(x, y + 0.5, 3.2, 3.2);
    INK.set(cr);
    cr.set_line_width(0.25);
    cr.stroke()?;
    if on {
        cr.move_to(x + 0.5, y + 2.2);
        cr.line_to(x + 1.4, y + 3.3);
        cr.line_to(x + 2.9, y + 0.9);
        PEN.set(cr);
        cr.set_line_width(0.6);
        cr.stroke()?;
        INK.set(cr);
    }
    let w = text(
        cr,
        x + 4.2,
        y + 0.2,
        label,
        &condensed(3.1, false),
        Align::Left,
    );
    Ok(w + 7.0)
}
