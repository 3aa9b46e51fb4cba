//! The Campaign Map, drawn in the display's square between missions: the sheet's three tracks
//! with today's boxes, its regions with their Weight Point penalty and Target Stress, and the
//! Target cards drawn today, each a card to click when it may be chosen.

use cairo::Context;

use crate::art::draw::{Align, Font, Rgb, fitted_left, fitted_text, rounded_rect, text};
use crate::engine::message::msg;
use crate::games::phantom_leader::rules::PhantomLeader;
use crate::games::phantom_leader::rules::content::{IntelNote, Sheet, data};
use crate::games::phantom_leader::rules::state::Tracks;
use crate::i18n::gettext;

use super::DISPLAY;
use super::target_card::draw_target_tile;

const PAPER: u32 = 0xefe9d8;
const BOX: u32 = 0xfbf8ef;
const NOW: u32 = 0xf0b400;
const CARD_W: f64 = 46.0;
const CARD_H: f64 = 40.0;
const CARDS_TOP: f64 = 104.0;

/// An Intel box in short: "C 1S 0B" (Center only) or "1S 1B".
fn intel_label(n: &IntelNote) -> String {
    let prefix = if n.center_only { "C " } else { "" };
    format!("{prefix}{}S {}B", n.sites, n.bandits)
}

/// The top-left corner of today's `k`th card: four a row.
fn card_at(k: usize) -> (f64, f64) {
    let (row, col) = (k / 4, k % 4);
    (
        4.0 + col as f64 * (CARD_W + 3.0),
        CARDS_TOP + row as f64 * (CARD_H + 3.0),
    )
}

/// The Target card under a point, among the legal targets ("card:n").
pub fn hit(g: &PhantomLeader, x: f64, y: f64, targets: &[String]) -> Option<String> {
    g.mission.drawn.iter().enumerate().find_map(|(k, &n)| {
        let (cx, cy) = card_at(k);
        let id = format!("card:{n}");
        (x >= cx && x <= cx + CARD_W && y >= cy && y <= cy + CARD_H && targets.contains(&id))
            .then_some(id)
    })
}

/// The top of a Campaign Map sheet, `DISPLAY` mm wide: its title, the three tracks (the
/// boxes of `now` lit, if any) and the regions with their Weight Point penalty, Target
/// Stress and target numbers. Returns the height used.
pub fn draw_sheet(
    cr: &Context,
    sheet: &'static Sheet,
    now: Option<&Tracks>,
) -> Result<f64, cairo::Error> {
    Rgb::BLACK.set(cr);
    fitted_left(
        cr,
        4.0,
        3.0,
        DISPLAY - 8.0,
        &format!(
            "{} — {} {}",
            gettext("Campaign Map"),
            gettext(&sheet.title),
            sheet.year
        ),
        Font::bold(5.0),
    );
    // The tracks: a row of boxes each, today's box lit.
    let tracks: [(String, Vec<String>, Option<u8>); 3] = [
        (
            gettext("Recon"),
            sheet.recon.iter().map(u8::to_string).collect(),
            now.map(|t| t.recon),
        ),
        (
            gettext("Intel"),
            sheet.intel.iter().map(intel_label).collect(),
            now.map(|t| t.intel),
        ),
        (
            gettext("Politics"),
            sheet.politics.iter().map(u8::to_string).collect(),
            now.map(|t| t.politics),
        ),
    ];
    for (row, (name, boxes, now)) in tracks.iter().enumerate() {
        let y = 13.0 + row as f64 * 12.0;
        fitted_left(cr, 4.0, y + 2.5, 26.0, name, Font::bold(3.4));
        let w = ((DISPLAY - 36.0) / boxes.len().max(1) as f64).min(16.0);
        for (k, label) in boxes.iter().enumerate() {
            let x = 32.0 + k as f64 * w;
            rounded_rect(cr, x, y, w - 1.0, 9.0, 1.0);
            Rgb::hex(if Some(k) == now.map(usize::from) {
                NOW
            } else {
                BOX
            })
            .set(cr);
            cr.fill_preserve()?;
            Rgb::hex(0x6b6250).set(cr);
            cr.set_line_width(0.3);
            cr.stroke()?;
            Rgb::BLACK.set(cr);
            fitted_text(
                cr,
                x + (w - 1.0) / 2.0,
                y + 2.6,
                w - 2.0,
                label,
                3.0,
                Some(k) == now.map(usize::from),
            );
        }
    }
    // The regions.
    let mut y = 51.0;
    fitted_left(cr, 4.0, y, 90.0, &gettext("Regions"), Font::bold(3.4));
    y += 5.5;
    for r in &sheet.regions {
        let numbers: Vec<String> = r.targets.iter().map(u8::to_string).collect();
        let line = msg("{region}: {wp} WP, Target Stress {stress}, targets {list}")
            .term("region", r.name.as_str())
            .arg("wp", r.wp_penalty)
            .arg("stress", r.stress)
            .arg("list", numbers.join(", "))
            .render();
        fitted_left(cr, 6.0, y, DISPLAY - 10.0, &line, Font::sans(3.0));
        y += 4.6;
    }
    Ok(y)
}

pub fn draw(
    cr: &Context,
    g: &PhantomLeader,
    targets: &[String],
    hovered: Option<&str>,
) -> Result<(), cairo::Error> {
    super::background(cr, PAPER)?;
    draw_sheet(cr, g.sheet(), Some(&g.tracks))?;
    // Today's Target cards.
    fitted_left(
        cr,
        4.0,
        CARDS_TOP - 6.5,
        DISPLAY - 8.0,
        &msg("Today's Target cards (Politics allows up to {p})")
            .arg("p", g.politics())
            .render(),
        Font::bold(3.4),
    );
    if g.mission.drawn.is_empty() {
        text(
            cr,
            6.0,
            CARDS_TOP + 2.0,
            &gettext("No Target card is drawn now"),
            &Font::sans(3.2),
            Align::Left,
        );
    }
    for (k, &n) in g.mission.drawn.iter().enumerate() {
        let (x, y) = card_at(k);
        let id = format!("card:{n}");
        let eligible = data().target(n).politics <= g.politics();
        let region = g.sheet().region_of(n).map(|r| gettext(&r.name));
        let place = (x, y, CARD_W, CARD_H);
        draw_target_tile(cr, data().target(n), region, place, eligible)?;
        if targets.contains(&id) {
            rounded_rect(cr, x - 0.8, y - 0.8, CARD_W + 1.6, CARD_H + 1.6, 2.0);
            super::outline_clickable(cr, hovered == Some(id.as_str()), 0.9)?;
        }
    }
    Ok(())
}
