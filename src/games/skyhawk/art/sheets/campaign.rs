//! The Campaign Record Sheet (digest §11.5): one line per mission (date, target, winner,
//! on- and off-target points, total), then each tour's total and victory level, the result
//! tables of the tours (Tables 24, 24.1 and 25), the medal roll and the unit award. A long
//! campaign runs over as many pages as its missions need; the results close the last page.

use cairo::Context;

use super::{notes, opt};
use crate::art::sheet::{MARGIN, Page, Table, field, heading, page_frame};
use crate::games::skyhawk::art::STYLE;
use crate::i18n::gettext;

/// Mission lines on one page.
pub const ROWS_PER_PAGE: usize = 26;

/// One mission line; empty strings stay blank.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MissionRow {
    pub date: String,
    pub day: String,
    pub pilot: String,
    pub target: String,
    pub winner: String,
    pub on_target: String,
    pub off_target: String,
    pub points: String,
    pub notes: String,
}

/// A tour's result line, and its victory table (the highest total of each level but the last).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TourRow {
    pub name: String,
    pub bands: Vec<i32>,
    pub points: String,
    pub level: String,
}

/// A Campaign Record Sheet; `Default` is a blank sheet (the kit fills in the tours' tables).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CampaignRecord {
    pub campaign: String,
    pub pilot: String,
    pub start: String,
    pub end: String,
    pub options: String,
    pub missions: Vec<MissionRow>,
    pub total: String,
    pub tours: Vec<TourRow>,
    /// Table 25's steps (Campaign 3): the highest score of each level but the last.
    pub table25: Vec<i32>,
    pub final_level: String,
    pub medals: String,
    pub unit_award: String,
}

/// Pages the record needs: one per [`ROWS_PER_PAGE`] missions, at least one.
pub fn campaign_pages(rec: &CampaignRecord) -> usize {
    rec.missions.len().div_ceil(ROWS_PER_PAGE).max(1)
}

/// The five victory levels, worst for the US first.
fn levels() -> [String; 5] {
    [
        gettext("NV decisive"),
        gettext("NV marginal"),
        gettext("Draw"),
        gettext("US marginal"),
        gettext("US decisive"),
    ]
}

/// The ranges of a victory table: "≤450", "451–700", …, "1201+".
fn ranges(steps: &[i32]) -> Vec<String> {
    let mut out = Vec::new();
    let mut low: Option<i32> = None;
    for &s in steps {
        out.push(match low {
            None => format!("≤{s}"),
            Some(l) if l == s => s.to_string(),
            Some(l) => format!("{l}–{s}"),
        });
        low = Some(s + 1);
    }
    if let Some(l) = low {
        out.push(format!("{l}+"));
    }
    out
}

/// Draws page `index` of the record on `page` (designed for A4 or Letter portrait).
pub fn draw_campaign_record(
    cr: &Context,
    rec: &CampaignRecord,
    page: Page,
    index: usize,
) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("CAMPAIGN RECORD SHEET"))?;
    let (x0, w) = (MARGIN, page.w - 2.0 * MARGIN);
    let mut y = MARGIN + 12.0;
    let h = w / 2.0;
    field(cr, x0, y, h - 3.0, &gettext("Campaign"), opt(&rec.campaign))?;
    field(cr, x0 + h, y, h, &gettext("Pilot"), opt(&rec.pilot))?;
    y += 6.5;
    field(cr, x0, y, h * 0.5 - 3.0, &gettext("Start"), opt(&rec.start))?;
    field(
        cr,
        x0 + h * 0.5,
        y,
        h * 0.5 - 3.0,
        &gettext("End"),
        opt(&rec.end),
    )?;
    field(
        cr,
        x0 + h,
        y,
        h,
        &gettext("Optional rules"),
        opt(&rec.options),
    )?;
    y += 8.0;
    let headers = [
        gettext("No."),
        gettext("Date"),
        gettext("Day"),
        gettext("Pilot"),
        gettext("Target"),
        gettext("Winner"),
        gettext("On target"),
        gettext("Off target"),
        gettext("Points"),
        gettext("Notes"),
    ];
    let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
    let first = index * ROWS_PER_PAGE;
    let rows: Vec<Vec<String>> = (first..first + ROWS_PER_PAGE)
        .map(|i| {
            let m = rec.missions.get(i).cloned().unwrap_or_default();
            vec![
                (i + 1).to_string(),
                m.date,
                m.day,
                m.pilot,
                m.target,
                m.winner,
                m.on_target,
                m.off_target,
                m.points,
                m.notes,
            ]
        })
        .collect();
    let table = Table {
        x: x0,
        y,
        w,
        row_h: 5.0,
        cols: &[0.05, 0.10, 0.05, 0.14, 0.26, 0.08, 0.08, 0.08, 0.07, 0.09],
        printed_cols: 1,
    };
    y += table.draw(cr, &headers, &rows)? + 4.0;
    if index + 1 < campaign_pages(rec) {
        notes(cr, x0, y, w, &[gettext("Continued on the next page.")]);
        return Ok(());
    }
    results(cr, rec, x0, y, w)
}

/// The closing block: totals, the tours' levels with their tables, medals and unit award.
fn results(
    cr: &Context,
    rec: &CampaignRecord,
    x0: f64,
    mut y: f64,
    w: f64,
) -> Result<(), cairo::Error> {
    heading(cr, &STYLE, x0, y, &gettext("Results"));
    y += 6.0;
    let mut headers = vec![gettext("Tour")];
    headers.extend(levels());
    headers.extend([gettext("Points"), gettext("Level")]);
    let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
    // The tours' names and victory tables are printed (ink); points and levels are filled in.
    let row = |name: String, steps: &[i32], points: &str, level: &str| {
        let mut r = vec![name];
        r.extend(ranges(steps));
        r.extend([points.to_owned(), level.to_owned()]);
        r
    };
    let mut rows: Vec<Vec<String>> = rec
        .tours
        .iter()
        .map(|t| row(t.name.clone(), &t.bands, &t.points, &t.level))
        .collect();
    if !rec.table25.is_empty() {
        rows.push(row(
            gettext("Campaign 3 (Table 25: sum of the tours' scores, −2 to +2)"),
            &rec.table25,
            "",
            &rec.final_level,
        ));
    }
    let table = Table {
        x: x0,
        y,
        w,
        row_h: 7.0,
        cols: &[0.25, 0.106, 0.106, 0.106, 0.106, 0.106, 0.08, 0.14],
        printed_cols: 6,
    };
    let th = table.draw(cr, &headers, &rows)?;
    y += th + 4.0;
    let third = w / 3.0;
    field(
        cr,
        x0,
        y,
        third - 3.0,
        &gettext("Campaign points"),
        opt(&rec.total),
    )?;
    field(
        cr,
        x0 + third,
        y,
        third * 2.0,
        &gettext("Final victory level"),
        opt(&rec.final_level),
    )?;
    y += 7.0;
    field(
        cr,
        x0,
        y,
        w,
        &gettext("Medals and awards"),
        opt(&rec.medals),
    )?;
    y += 6.0;
    field(
        cr,
        x0,
        y,
        w,
        &gettext("Unit award (Table 23)"),
        opt(&rec.unit_award),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::rendered;
    use super::*;
    use crate::art::testutil::inked;

    #[test]
    fn ranges_read_like_a_table() {
        assert_eq!(
            ranges(&[450, 700, 950, 1200]),
            ["≤450", "451–700", "701–950", "951–1200", "1201+"]
        );
        assert_eq!(ranges(&[-3, -1, 0, 2]), ["≤-3", "-2–-1", "0", "1–2", "3+"]);
    }

    #[test]
    fn fifty_missions_take_two_pages_and_fill_the_second() {
        let page = Page { w: 190.0, h: 248.0 };
        let rec = CampaignRecord {
            missions: vec![
                MissionRow {
                    target: "Thanh Hoa bridge".into(),
                    points: "40".into(),
                    ..MissionRow::default()
                };
                50
            ],
            ..CampaignRecord::default()
        };
        assert_eq!(campaign_pages(&rec), 2);
        assert_eq!(campaign_pages(&CampaignRecord::default()), 1);
        let mut blank = rendered(page, |cr| {
            draw_campaign_record(cr, &CampaignRecord::default(), page, 0)
        });
        let mut second = rendered(page, |cr| draw_campaign_record(cr, &rec, page, 1));
        let x = MARGIN + 0.40 * (page.w - 2.0 * MARGIN);
        let y = MARGIN + 26.5 + 8.0 + 0.5;
        let probe = |s: &mut cairo::ImageSurface| inked(s, x, y, 40.0, 5.0);
        assert!(probe(&mut second) > probe(&mut blank) + 100);
    }
}
