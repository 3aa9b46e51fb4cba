//! The Awards Record Sheet (digest §11.7): the pilot's medals with what earns each and boxes
//! to count them, the unit awards, and a log of the end-of-tour award rolls.

use cairo::Context;

use super::{HEAD_H, boxes, notes, opt};
use crate::art::sheet::{MARGIN, Page, Table, field, heading, page_frame};
use crate::games::skyhawk::art::STYLE;
use crate::games::skyhawk::art::counters::MEDALS;
use crate::i18n::gettext;

/// Boxes to count one medal.
const COUNT_BOXES: usize = 8;
/// Lines of the award-roll log.
const ROLL_LINES: usize = 6;

/// An Awards Record Sheet; `Default` is the blank sheet.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AwardsRecord {
    pub pilot: String,
    pub rank: String,
    /// Every award received, by its English name ("Air Medal"), once per award.
    pub medals: Vec<String>,
    /// The unit awards received.
    pub unit_awards: Vec<String>,
    /// The award-roll log: tour, points, level, medal, unit award.
    pub rolls: Vec<[String; 5]>,
}

/// What earns each medal, in our words, by its name.
fn earned_by(name: &str) -> String {
    match name {
        "Tonkin Gulf Yacht Club" => gettext("first ditching or bail-out over the sea"),
        "Purple Heart" => gettext("each wound"),
        "Air Medal" => gettext("every 10 missions flown"),
        "Bronze Star" => gettext("Table 22 after a mission; Table 22.1 / 22.2"),
        "Distinguished Flying Cross" => gettext("Table 22 after a mission; Table 22.1 / 22.2"),
        "Silver Star" => gettext("a MiG kill; Table 22.1 / 22.2"),
        "Navy Cross" => gettext("Table 22.1 / 22.2"),
        "Medal of Honor" => gettext("Table 22.1 / 22.2 with enough points; once a campaign"),
        _ => gettext("Table 23, end of a tour"),
    }
}

/// Draws the sheet on `page` (designed for A4 or Letter portrait).
pub fn draw_awards(cr: &Context, rec: &AwardsRecord, page: Page) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("AWARDS RECORD SHEET"))?;
    let (x0, w) = (MARGIN, page.w - 2.0 * MARGIN);
    let mut y = MARGIN + 12.0;
    field(cr, x0, y, w * 0.7 - 3.0, &gettext("Pilot"), opt(&rec.pilot))?;
    field(
        cr,
        x0 + w * 0.7,
        y,
        w * 0.3,
        &gettext("Rank"),
        opt(&rec.rank),
    )?;
    y += 9.0;
    let (personal, unit): (Vec<_>, Vec<_>) = MEDALS.iter().partition(|m| !is_unit(m.1));
    for (title, list, owned) in [
        (gettext("Personal awards"), &personal, &rec.medals),
        (gettext("Unit awards"), &unit, &rec.unit_awards),
    ] {
        heading(cr, &STYLE, x0, y, &title);
        y += 6.0;
        let headers = [gettext("Award"), gettext("Earned by"), gettext("Count")];
        let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
        let rows: Vec<Vec<String>> = list
            .iter()
            .map(|(abbr, name, _, _)| {
                vec![
                    format!("{} ({abbr})", gettext(*name)),
                    earned_by(name),
                    String::new(),
                ]
            })
            .collect();
        let row_h = 8.0;
        let cols = [0.36, 0.40, 0.24];
        // The award names and what earns them are printed (ink); the count is ticked.
        let table = Table {
            x: x0,
            y,
            w,
            row_h,
            cols: &cols,
            printed_cols: 2,
        };
        let h = table.draw(cr, &headers, &rows)?;
        for (r, (_, name, _, _)) in list.iter().enumerate() {
            let ry = y + HEAD_H + row_h * r as f64 + (row_h - 3.2) / 2.0;
            let n = owned.iter().filter(|m| same_award(m, name)).count();
            boxes(
                cr,
                x0 + (cols[0] + cols[1]) * w + 1.5,
                ry,
                COUNT_BOXES,
                n,
                3.2,
            )?;
        }
        y += h + 6.0;
    }
    heading(
        cr,
        &STYLE,
        x0,
        y,
        &gettext("Award rolls at the end of each tour"),
    );
    y += 6.0;
    let headers = [
        gettext("Tour"),
        gettext("Points"),
        gettext("Victory level"),
        gettext("Medal roll (22.1 / 22.2)"),
        gettext("Unit award roll (23)"),
    ];
    let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
    let rows: Vec<Vec<String>> = (0..ROLL_LINES)
        .map(|i| {
            rec.rolls
                .get(i)
                .cloned()
                .map(Vec::from)
                .unwrap_or_else(|| vec![String::new(); 5])
        })
        .collect();
    y += Table {
        x: x0,
        y,
        w,
        row_h: 6.5,
        cols: &[0.26, 0.1, 0.22, 0.21, 0.21],
        printed_cols: 0,
    }
    .draw(cr, &headers, &rows)?
        + 3.0;
    notes(
        cr,
        x0,
        y,
        w,
        &[gettext(
            "A Medal of Honor rolled without enough points, or a second one in the same campaign, becomes a Navy Cross.",
        )],
    );
    Ok(())
}

/// Whether an award as the rules record it ("Air Medal", or a table result such as
/// "navy_unit_commendation") is the award `name`.
fn same_award(recorded: &str, name: &str) -> bool {
    recorded.replace('_', " ").eq_ignore_ascii_case(name)
}

fn is_unit(name: &str) -> bool {
    matches!(
        name,
        "Presidential Unit Citation" | "Navy Unit Commendation" | "RVN Gallantry Cross"
    )
}

#[cfg(test)]
mod tests {
    use super::super::rendered;
    use super::*;
    use crate::art::testutil::inked;

    #[test]
    fn awards_received_are_counted_in_their_row() {
        let page = Page { w: 190.0, h: 248.0 };
        let mut blank = rendered(page, |cr| draw_awards(cr, &AwardsRecord::default(), page));
        let rec = AwardsRecord {
            medals: vec!["Air Medal".into(), "Air Medal".into()],
            unit_awards: vec!["navy_unit_commendation".into()],
            ..AwardsRecord::default()
        };
        let mut filled = rendered(page, |cr| draw_awards(cr, &rec, page));
        // The Air Medal is the third personal row.
        let w = page.w - 2.0 * MARGIN;
        let x = MARGIN + 0.76 * w;
        let y = MARGIN + 21.0 + 6.0 + 8.0 + 2.0 * 8.0;
        let probe = |s: &mut cairo::ImageSurface| inked(s, x, y, 0.24 * w, 8.0);
        assert!(probe(&mut filled) > probe(&mut blank) + 30);
        assert!(same_award(
            "navy_unit_commendation",
            "Navy Unit Commendation"
        ));
        assert!(!same_award("Air Medal", "Bronze Star"));
    }
}
