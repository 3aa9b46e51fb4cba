//! The Division Record Sheet (digest §11.4) for optional rule 15.1, a four-plane division: the
//! mission, the load, the four positions (pilot, experience, Skyhawk number, six hit boxes,
//! three wound boxes, launch, refuel and landing results, status), the count of NV boxes
//! firing at the player's Skyhawk, each run's results, and the totals.

use cairo::Context;

use super::{boxes, notes, opt};
use crate::art::sheet::{INK, MARGIN, Page, Table, field, heading, page_frame};
use crate::games::skyhawk::art::STYLE;
use crate::i18n::gettext;

/// Attack runs the sheet has lines for.
pub const RUNS: usize = 6;
const HIT_BOXES: usize = 6;
const WOUND_BOXES: usize = 3;

/// One plane of the division; empty strings stay blank.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PositionRow {
    pub pilot: String,
    pub experience: String,
    pub skyhawk: String,
    pub hits: u8,
    pub wounds: u8,
    pub launch: String,
    pub refuel: String,
    pub landing: String,
    pub status: String,
}

/// A Division Record Sheet; `Default` is the blank sheet.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DivisionRecord {
    pub division: String,
    pub date: String,
    pub mission: String,
    pub target: String,
    pub target_type: String,
    pub load: String,
    pub positions: [PositionRow; 4],
    /// Per run: NV boxes firing in Support Attacks, Target Approach, Target Attack, Target Exit.
    pub nv_attacks: Vec<[String; 4]>,
    /// Per run: the player's On/Off result, the Table 26.1 roll, the percentage, the points.
    pub runs: Vec<[String; 4]>,
    pub npc_points: String,
    pub skyhawks_lost: String,
    pub pilots_lost: String,
}

/// Draws the sheet on `page` (designed for A4 or Letter landscape).
pub fn draw_division(cr: &Context, rec: &DivisionRecord, page: Page) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("DIVISION RECORD SHEET (15.1)"))?;
    let (x0, w) = (MARGIN, page.w - 2.0 * MARGIN);
    let mut y = MARGIN + 12.0;
    let f = w / 8.0;
    field(cr, x0, y, f - 3.0, &gettext("Division"), opt(&rec.division))?;
    field(
        cr,
        x0 + f,
        y,
        f * 1.2 - 3.0,
        &gettext("Date"),
        opt(&rec.date),
    )?;
    field(
        cr,
        x0 + f * 2.2,
        y,
        f - 3.0,
        &gettext("Mission"),
        opt(&rec.mission),
    )?;
    field(
        cr,
        x0 + f * 3.2,
        y,
        f * 3.3 - 3.0,
        &gettext("Target"),
        opt(&rec.target),
    )?;
    field(
        cr,
        x0 + f * 6.5,
        y,
        f * 1.5,
        &gettext("Type"),
        opt(&rec.target_type),
    )?;
    y += 7.0;
    field(
        cr,
        x0,
        y,
        w,
        &gettext("Load (stations 1–5 and tanks)"),
        opt(&rec.load),
    )?;
    y += 8.0;
    // The four positions.
    let roles = [
        gettext("1 Division leader"),
        gettext("2 Wingman"),
        gettext("3 Section leader"),
        gettext("4 Wingman"),
    ];
    let headers = [
        gettext("Position"),
        gettext("Pilot"),
        gettext("Exp."),
        gettext("Skyhawk"),
        gettext("Hits"),
        gettext("Wounds"),
        gettext("Launch"),
        gettext("Refuel"),
        gettext("Landing"),
        gettext("Status"),
    ];
    let cols = [0.12, 0.16, 0.06, 0.06, 0.12, 0.07, 0.10, 0.10, 0.10, 0.11];
    let rows: Vec<Vec<String>> = rec
        .positions
        .iter()
        .zip(&roles)
        .map(|(p, role)| {
            vec![
                role.clone(),
                p.pilot.clone(),
                p.experience.clone(),
                p.skyhawk.clone(),
                String::new(),
                String::new(),
                p.launch.clone(),
                p.refuel.clone(),
                p.landing.clone(),
                p.status.clone(),
            ]
        })
        .collect();
    let row_h = 10.0;
    let headers: Vec<&str> = headers.iter().map(String::as_str).collect();
    let positions = Table {
        x: x0,
        y,
        w,
        row_h,
        cols: &cols,
        printed_cols: 1,
    };
    let table_h = positions.draw(cr, &headers, &rows)?;
    // Hit and wound boxes in their cells.
    let hits_x = x0 + w * cols[..4].iter().sum::<f64>() + 1.2;
    let wounds_x = x0 + w * cols[..5].iter().sum::<f64>() + 1.2;
    for (i, p) in rec.positions.iter().enumerate() {
        let by = y + 8.0 + row_h * i as f64 + (row_h - 3.0) / 2.0;
        boxes(cr, hits_x, by, HIT_BOXES, usize::from(p.hits), 3.0)?;
        boxes(cr, wounds_x, by, WOUND_BOXES, usize::from(p.wounds), 3.0)?;
    }
    y += table_h + 4.0;
    // NV attacks on the player and the runs, side by side.
    let half = (w - 6.0) / 2.0;
    heading(
        cr,
        &STYLE,
        x0,
        y,
        &gettext("NV boxes firing at your Skyhawk"),
    );
    heading(
        cr,
        &STYLE,
        x0 + half + 6.0,
        y,
        &gettext("Division bombing (Table 26.1)"),
    );
    y += 6.0;
    let run_rows = |data: &[[String; 4]]| -> Vec<Vec<String>> {
        (0..RUNS)
            .map(|r| {
                let cells = data.get(r).cloned().unwrap_or_default();
                std::iter::once((r + 1).to_string()).chain(cells).collect()
            })
            .collect()
    };
    let nv_headers = [
        gettext("Run"),
        gettext("Support Attacks"),
        gettext("Target Approach"),
        gettext("Target Attack"),
        gettext("Target Exit"),
    ];
    let nv_headers: Vec<&str> = nv_headers.iter().map(String::as_str).collect();
    let cols5 = [0.12, 0.22, 0.22, 0.22, 0.22];
    let nv = Table {
        x: x0,
        y,
        w: half,
        row_h: 7.5,
        cols: &cols5,
        printed_cols: 1,
    };
    let h1 = nv.draw(cr, &nv_headers, &run_rows(&rec.nv_attacks))?;
    let run_headers = [
        gettext("Run"),
        gettext("Your result (on/off)"),
        gettext("Table 26.1 roll"),
        gettext("Percentage"),
        gettext("Points (half)"),
    ];
    let run_headers: Vec<&str> = run_headers.iter().map(String::as_str).collect();
    let runs = Table {
        x: x0 + half + 6.0,
        y,
        w: half,
        row_h: 7.5,
        cols: &[0.10, 0.27, 0.21, 0.21, 0.21],
        printed_cols: 1,
    };
    runs.draw(cr, &run_headers, &run_rows(&rec.runs))?;
    y += h1 + 4.0;
    let t = w / 3.0;
    field(
        cr,
        x0,
        y,
        t - 3.0,
        &gettext("Division points"),
        opt(&rec.npc_points),
    )?;
    field(
        cr,
        x0 + t,
        y,
        t - 3.0,
        &gettext("Skyhawks lost"),
        opt(&rec.skyhawks_lost),
    )?;
    field(
        cr,
        x0 + 2.0 * t,
        y,
        t,
        &gettext("Pilots KIA / POW"),
        opt(&rec.pilots_lost),
    )?;
    y += 7.0;
    INK.set(cr);
    notes(
        cr,
        x0,
        y,
        w,
        &[gettext(
            "The other three Skyhawks carry your load and fly at your altitude; the NV boxes that fire at you fire at them too (Table 26). Each has six hit boxes. The division rolls once per run on Table 26.1; its points count half.",
        )],
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::super::rendered;
    use super::*;
    use crate::art::testutil::inked;

    #[test]
    fn the_leader_row_is_filled_in() {
        let page = Page { w: 260.0, h: 178.0 };
        let mut blank = rendered(page, |cr| {
            draw_division(cr, &DivisionRecord::default(), page)
        });
        let mut rec = DivisionRecord::default();
        rec.positions[0].pilot = "LCDR Walt Brennan".into();
        rec.positions[0].wounds = 2;
        let mut filled = rendered(page, |cr| draw_division(cr, &rec, page));
        let y = MARGIN + 27.0 + 8.0 + 1.0;
        let x = MARGIN + 0.12 * (page.w - 2.0 * MARGIN);
        let probe = |s: &mut cairo::ImageSurface| inked(s, x + 1.0, y, 38.0, 8.0);
        assert!(probe(&mut filled) > probe(&mut blank) + 100);
    }

    #[test]
    fn the_nv_fire_of_each_box_is_written_in_its_run() {
        let page = Page { w: 260.0, h: 178.0 };
        let mut blank = rendered(page, |cr| {
            draw_division(cr, &DivisionRecord::default(), page)
        });
        let rec = DivisionRecord {
            nv_attacks: vec![["1", "2", "3", "0"].map(String::from)],
            ..DivisionRecord::default()
        };
        let mut filled = rendered(page, |cr| draw_division(cr, &rec, page));
        // The first run's row of the left table, under the four positions.
        let half = (page.w - 2.0 * MARGIN - 6.0) / 2.0;
        let y = MARGIN + 27.0 + 8.0 + 4.0 * 10.0 + 4.0 + 6.0 + 8.0;
        let x = MARGIN + 0.12 * half;
        let probe =
            |s: &mut cairo::ImageSurface| inked(s, x + 1.0, y + 0.5, half * 0.88 - 2.0, 6.5);
        assert!(probe(&mut filled) > probe(&mut blank) + 40);
        // The second run's row stays blank.
        let next = |s: &mut cairo::ImageSurface| inked(s, x + 1.0, y + 8.0, half * 0.88 - 2.0, 6.5);
        assert_eq!(next(&mut filled), next(&mut blank));
    }
}
