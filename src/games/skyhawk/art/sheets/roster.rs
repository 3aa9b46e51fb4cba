//! The Skyhawk Pilot Roster (digest §11.3): squadron VA-72's 24 pilots and a spare, with
//! rank, name, experience, missions flown, points, wounds, status and notes.

use cairo::Context;

use super::{notes, opt};
use crate::art::sheet::{MARGIN, Page, Table, field, page_frame};
use crate::games::skyhawk::art::STYLE;
use crate::i18n::gettext;

/// Pilots on the roster.
pub const ROSTER_ROWS: usize = 25;

/// One pilot's line; empty strings stay blank.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RosterRow {
    pub rank: String,
    pub name: String,
    /// "G", "E" or "V".
    pub experience: String,
    pub missions: String,
    pub points: String,
    pub wounds: String,
    pub status: String,
    pub notes: String,
}

/// A Pilot Roster; `Default` is the blank roster.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RosterRecord {
    pub campaign: String,
    /// The player's pilot.
    pub player: String,
    /// Up to [`ROSTER_ROWS`] lines, roster number = index + 1.
    pub rows: Vec<RosterRow>,
}

/// Draws the roster on `page` (designed for A4 or Letter portrait).
pub fn draw_roster(cr: &Context, rec: &RosterRecord, page: Page) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("PILOT ROSTER — VA-72"))?;
    let (x0, w) = (MARGIN, page.w - 2.0 * MARGIN);
    let mut y = MARGIN + 12.0;
    field(
        cr,
        x0,
        y,
        w * 0.45 - 3.0,
        &gettext("Campaign"),
        opt(&rec.campaign),
    )?;
    field(
        cr,
        x0 + w * 0.45,
        y,
        w * 0.55,
        &gettext("Player's pilot"),
        opt(&rec.player),
    )?;
    y += 8.0;
    let headers = [
        gettext("No."),
        gettext("Rank"),
        gettext("Name"),
        gettext("Exp."),
        gettext("Missions"),
        gettext("Points"),
        gettext("Wounds"),
        gettext("Status"),
        gettext("Notes, medals"),
    ];
    let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
    let rows: Vec<Vec<String>> = (0..ROSTER_ROWS)
        .map(|i| {
            let r = rec.rows.get(i).cloned().unwrap_or_default();
            vec![
                (i + 1).to_string(),
                r.rank,
                r.name,
                r.experience,
                r.missions,
                r.points,
                r.wounds,
                r.status,
                r.notes,
            ]
        })
        .collect();
    let legend_h = 12.0;
    let row_h = ((page.h - MARGIN - legend_h - y - 8.0) / ROSTER_ROWS as f64).clamp(5.0, 8.0);
    let table = Table {
        x: x0,
        y,
        w,
        row_h,
        cols: &[0.05, 0.07, 0.24, 0.06, 0.08, 0.08, 0.08, 0.14, 0.20],
        printed_cols: 1,
    };
    y += table.draw(cr, &headers, &rows)? + 2.0;
    notes(
        cr,
        x0,
        y,
        w,
        &[
            gettext(
                "Experience: G green, E experienced, V veteran. After every fifth mission a pilot rolls for advancement (Table 1.1).",
            ),
            gettext(
                "Status: active, wounded (out until a date), rescued, POW or KIA. Three wounds kill the pilot.",
            ),
        ],
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::rendered;
    use super::*;
    use crate::art::testutil::inked;

    #[test]
    fn filled_rows_are_written_in() {
        let page = Page { w: 190.0, h: 248.0 };
        let mut blank = rendered(page, |cr| draw_roster(cr, &RosterRecord::default(), page));
        let rec = RosterRecord {
            campaign: "Campaign 1".into(),
            player: "LCDR Walt Brennan".into(),
            rows: vec![RosterRow {
                rank: "LCDR".into(),
                name: "Walt Brennan".into(),
                experience: "V".into(),
                missions: "3".into(),
                ..RosterRow::default()
            }],
        };
        let mut filled = rendered(page, |cr| draw_roster(cr, &rec, page));
        // The name cell of the first row.
        let y = MARGIN + 20.0 + 8.0;
        let x = MARGIN + 0.12 * (page.w - 2.0 * MARGIN);
        assert!(
            inked(&mut filled, x + 1.0, y, 30.0, 5.0)
                > inked(&mut blank, x + 1.0, y, 30.0, 5.0) + 100
        );
    }
}
