//! The Mission Record Card with the Ordnance Card, an A4 portrait sheet: pilot, target,
//! altitude, every damage box of the two-tier model, the guns, fuel, the stores on the pylons,
//! the attack runs, points and notes. [`draw_record_card`] draws a [`CardRecord`]: the default
//! record is the blank card for printing; one filled from a mission (see
//! [`super::scene::card_record`]) is the live card, its entries written in pen blue.

use cairo::Context;

use super::sheets::boxes;
use super::{STYLE, palette};
use crate::art::draw::{
    Align, Font, Rgb, condensed, fitted_left, fitted_text, measure, paragraph, rounded_rect, text,
};
use crate::art::geometry::Rect;
use crate::art::sheet::{INK, MARGIN, PEN, Page, Table, field, heading, page_frame, tick};
use crate::games::skyhawk::rules::content::{PylonId, data};
use crate::games::skyhawk::rules::state::{Section, SubSystem};
use crate::i18n::{gettext, ngettext};

pub const CARD: Page = Page::A4_PORTRAIT;

/// One row of damage boxes: a major section or a sub-system.
#[derive(Clone, Debug, PartialEq)]
pub struct DamageRow {
    pub name: String,
    pub boxes: u8,
    pub checked: u8,
    /// A full row of every lethal section brings the aircraft down [5.6].
    pub lethal: bool,
}

/// One cannon: destroyed, and how many ammunition boxes are used.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Cannon {
    pub destroyed: bool,
    pub used: u8,
}

/// One station of the Ordnance Card.
#[derive(Clone, Debug, PartialEq)]
pub struct Station {
    pub name: String,
    pub store: Option<String>,
    pub tank: Option<String>,
    pub destroyed: bool,
}

/// One attack run: weapon, altitude, on or off target, percent.
pub type RunRow = [String; 4];

/// What the card shows; `CardRecord::default()` is the blank card.
#[derive(Clone, Debug, PartialEq)]
pub struct CardRecord {
    pub pilot: Option<String>,
    pub rank: Option<String>,
    /// 0 Green, 1 Experienced, 2 Veteran.
    pub experience: Option<usize>,
    pub wounds: u8,
    pub wound_boxes: u8,
    /// In a campaign: its number, the pilot's mission number and the date [3.2].
    pub campaign: Option<String>,
    pub mission: Option<String>,
    pub date: Option<String>,
    /// 0 Navy, 1 USAF, 2 MACV.
    pub list: Option<usize>,
    pub target: Option<String>,
    pub roll: Option<String>,
    pub route_package: Option<String>,
    pub target_type: Option<String>,
    pub weather: Option<String>,
    /// 0 Low, 1 Medium, 2 High.
    pub altitude: Option<usize>,
    pub sections: Vec<DamageRow>,
    pub subsystems: Vec<DamageRow>,
    pub destroyed_to_down: u8,
    pub cannons: [Cannon; 2],
    pub ammo_boxes: u8,
    pub strafing: Option<String>,
    pub tanks: Option<String>,
    pub refuel_failed: bool,
    pub bingo: bool,
    pub tank_pylon_lost: bool,
    pub stations: Vec<Station>,
    pub weight: Option<String>,
    pub runs: Vec<RunRow>,
    pub points: Option<String>,
    pub notes: Vec<String>,
}

const SECTIONS: [Section; 7] = [
    Section::Nose,
    Section::Cockpit,
    Section::Fuselage,
    Section::LeftWing,
    Section::RightWing,
    Section::Engine,
    Section::Tail,
];
const SUBSYSTEMS: [SubSystem; 8] = [
    SubSystem::Avionics,
    SubSystem::Electrical,
    SubSystem::ComNav,
    SubSystem::LandingGear,
    SubSystem::Fuel,
    SubSystem::Ordnance,
    SubSystem::Oxygen,
    SubSystem::Hydraulics,
];

impl Default for CardRecord {
    /// The blank card: the damage boxes, stations and ammunition of the A-4E from the
    /// aircraft data, nothing written in.
    fn default() -> Self {
        let a = &data().aircraft;
        let rows = |names: Vec<&str>,
                    counts: &[crate::games::skyhawk::rules::content::BoxCount]| {
            names
                .into_iter()
                .zip(counts)
                .map(|(n, c)| DamageRow {
                    name: gettext(n),
                    boxes: c.boxes,
                    checked: 0,
                    lethal: c.lethal,
                })
                .collect()
        };
        CardRecord {
            pilot: None,
            rank: None,
            experience: None,
            wounds: 0,
            wound_boxes: a.wounds_to_kill,
            campaign: None,
            mission: None,
            date: None,
            list: None,
            target: None,
            roll: None,
            route_package: None,
            target_type: None,
            weather: None,
            altitude: None,
            sections: rows(SECTIONS.iter().map(|s| s.name()).collect(), &a.section),
            subsystems: rows(SUBSYSTEMS.iter().map(|s| s.name()).collect(), &a.subsystem),
            destroyed_to_down: a.shot_down_at,
            cannons: [Cannon::default(); 2],
            ammo_boxes: a.ammo_per_cannon,
            strafing: None,
            tanks: None,
            refuel_failed: false,
            bingo: false,
            tank_pylon_lost: false,
            stations: PylonId::ALL
                .iter()
                .map(|p| Station {
                    name: p.name().to_owned(),
                    store: None,
                    tank: None,
                    destroyed: false,
                })
                .collect(),
            weight: None,
            runs: Vec::new(),
            points: None,
            notes: Vec::new(),
        }
    }
}

/// The target lists' ids, in the order of [`CardRecord::list`].
const LISTS: [&str; 3] = ["navy", "usaf", "macv"];
const ALTITUDES: [&str; 3] = ["low", "medium", "high"];

/// Rows of the attack-run table printed on the blank card.
const RUN_ROWS: usize = 4;

fn list_rect(i: usize) -> Rect {
    Rect::new(36.0 + i as f64 * 28.0, 47.0, 26.0, 5.0)
}

fn altitude_rect(i: usize) -> Rect {
    Rect::new(MARGIN + i as f64 * 46.0, 75.0, 42.0, 10.0)
}

fn station_rect(i: usize) -> Rect {
    Rect::new(MARGIN + i as f64 * 39.0, 183.0, 36.0, 24.0)
}

const TANKS_RECT: Rect = Rect {
    x: MARGIN,
    y: 167.0,
    w: 100.0,
    h: 5.0,
};

/// The pair a station is loaded with, as the rules name it (`pylon:LO` for LO and RO).
fn station_target(i: usize) -> String {
    let p = PylonId::ALL[i];
    let first = match p {
        PylonId::RO => PylonId::LO,
        PylonId::RI => PylonId::LI,
        p => p,
    };
    format!("pylon:{}", first.name())
}

/// Every place of the card the player can click, with its target id.
pub fn targets() -> Vec<(String, Rect)> {
    let mut t = Vec::new();
    for (i, l) in LISTS.iter().enumerate() {
        t.push((format!("list:{l}"), list_rect(i)));
    }
    for (i, a) in ALTITUDES.iter().enumerate() {
        t.push((format!("altitude:{a}"), altitude_rect(i)));
    }
    t.push(("tanks".to_owned(), TANKS_RECT));
    for i in 0..PylonId::ALL.len() {
        t.push((station_target(i), station_rect(i)));
    }
    t
}

/// Draws the card on an A4 portrait page, top-left at the origin, in millimetres.
pub fn draw_record_card(cr: &Context, r: &CardRecord) -> Result<(), cairo::Error> {
    page_frame(cr, CARD, &STYLE, &gettext("Mission Record Card"))?;
    pilot(cr, r)?;
    target(cr, r)?;
    altitude(cr, r)?;
    damage(cr, r)?;
    guns_and_fuel(cr, r)?;
    ordnance(cr, r)?;
    runs_and_notes(cr, r)
}

fn pilot(cr: &Context, r: &CardRecord) -> Result<(), cairo::Error> {
    heading(cr, &STYLE, MARGIN, 20.0, &gettext("Pilot"));
    // Written in a campaign [3.2].
    field(
        cr,
        60.0,
        19.0,
        38.0,
        &gettext("Campaign #"),
        r.campaign.as_deref(),
    )?;
    field(
        cr,
        104.0,
        19.0,
        44.0,
        &gettext("Mission #"),
        r.mission.as_deref(),
    )?;
    field(cr, 154.0, 19.0, 42.0, &gettext("Date"), r.date.as_deref())?;
    field(cr, MARGIN, 26.0, 90.0, &gettext("Name"), r.pilot.as_deref())?;
    field(cr, 104.0, 26.0, 44.0, &gettext("Rank"), r.rank.as_deref())?;
    INK.set(cr);
    fitted_left(
        cr,
        MARGIN,
        33.5,
        13.0,
        &gettext("Rating"),
        condensed(3.2, true),
    );
    let mut x = MARGIN + 14.0;
    for (i, e) in [gettext("Green"), gettext("Experienced"), gettext("Veteran")]
        .iter()
        .enumerate()
    {
        x += tick(cr, x, 33.0, e, r.experience == Some(i))?;
    }
    INK.set(cr);
    fitted_left(
        cr,
        154.0,
        26.0,
        15.0,
        &gettext("Wounds"),
        condensed(3.2, true),
    );
    boxes(
        cr,
        170.0,
        25.6,
        usize::from(r.wound_boxes),
        usize::from(r.wounds),
        BOX,
    )?;
    INK.with_alpha(cr, 0.7);
    text(
        cr,
        154.0,
        33.5,
        &gettext("3rd wound: killed [5.10]"),
        &condensed(2.6, false),
        Align::Left,
    );
    Ok(())
}

fn target(cr: &Context, r: &CardRecord) -> Result<(), cairo::Error> {
    heading(cr, &STYLE, MARGIN, 41.0, &gettext("Target"));
    INK.set(cr);
    text(
        cr,
        MARGIN,
        47.5,
        &gettext("JCS list"),
        &condensed(3.2, true),
        Align::Left,
    );
    for (i, name) in [gettext("Navy"), gettext("USAF"), gettext("MACV")]
        .iter()
        .enumerate()
    {
        let t = list_rect(i);
        tick(cr, t.x, t.y, name, r.list == Some(i))?;
    }
    field(
        cr,
        122.0,
        47.0,
        80.0,
        &gettext("Weather"),
        r.weather.as_deref(),
    )?;
    field(
        cr,
        MARGIN,
        54.0,
        150.0,
        &gettext("Target"),
        r.target.as_deref(),
    )?;
    field(cr, 162.0, 54.0, 40.0, &gettext("Roll"), r.roll.as_deref())?;
    field(
        cr,
        MARGIN,
        61.0,
        60.0,
        &gettext("Route package"),
        r.route_package.as_deref(),
    )?;
    field(
        cr,
        72.0,
        61.0,
        130.0,
        &gettext("Target type"),
        r.target_type.as_deref(),
    )
}

fn altitude(cr: &Context, r: &CardRecord) -> Result<(), cairo::Error> {
    heading(cr, &STYLE, MARGIN, 69.0, &gettext("Altitude"));
    for (i, name) in [gettext("Low"), gettext("Medium"), gettext("High")]
        .iter()
        .enumerate()
    {
        let b = altitude_rect(i);
        rounded_rect(cr, b.x, b.y, b.w, b.h, 1.0);
        if r.altitude == Some(i) {
            palette::US.set(cr);
            cr.fill_preserve()?;
        }
        INK.set(cr);
        cr.set_line_width(0.35);
        cr.stroke()?;
        if r.altitude == Some(i) {
            Rgb::WHITE.set(cr);
        }
        fitted_text(cr, b.x + b.w / 2.0, b.y + 2.6, b.w - 2.0, name, 4.2, true);
    }
    INK.with_alpha(cr, 0.7);
    paragraph(
        cr,
        146.0,
        75.0,
        56.0,
        &gettext("Chosen on entering each box. Refuel: High. Trap: Low."),
        &condensed(2.6, false),
        Align::Left,
    );
    Ok(())
}

/// Left edge of the damage columns: major sections, sub-systems.
const DAMAGE_X: [f64; 2] = [MARGIN + 1.0, 108.0];
const DAMAGE_Y: f64 = 95.0;
const DAMAGE_ROW: f64 = 6.0;
/// Side of a damage, wound or ammunition box, and the room between two (as `sheets::boxes`
/// sets them).
const BOX: f64 = 4.6;
const BOX_GAP: f64 = 0.8;

/// Where damage box `b` of row `row` is drawn: column 0 holds the major sections, column 1
/// the sub-systems.
pub fn damage_box_rect(column: usize, row: usize, b: u8) -> Rect {
    Rect::new(
        DAMAGE_X[column] + 32.0 + f64::from(b) * (BOX + BOX_GAP),
        DAMAGE_Y + row as f64 * DAMAGE_ROW,
        BOX,
        BOX,
    )
}

fn damage_rows(cr: &Context, column: usize, rows: &[DamageRow]) -> Result<(), cairo::Error> {
    let x = DAMAGE_X[column];
    for (i, row) in rows.iter().enumerate() {
        let ry = DAMAGE_Y + i as f64 * DAMAGE_ROW;
        let destroyed = row.checked >= row.boxes;
        if destroyed {
            palette::DAMAGED.set(cr);
            cr.rectangle(x - 1.0, ry - 0.4, 95.0, 5.8);
            cr.fill()?;
        }
        INK.set(cr);
        fitted_text(cr, x + 15.0, ry + 0.5, 30.0, &row.name, 3.2, row.lethal);
        let first = damage_box_rect(column, i, 0);
        boxes(
            cr,
            first.x,
            first.y,
            usize::from(row.boxes),
            usize::from(row.checked),
            BOX,
        )?;
        let note = if destroyed {
            palette::NV.set(cr);
            gettext("DESTROYED")
        } else if row.lethal {
            INK.with_alpha(cr, 0.6);
            gettext("lethal")
        } else {
            String::new()
        };
        text(
            cr,
            x + 93.0,
            ry + 0.8,
            &note,
            &condensed(2.7, destroyed),
            Align::Right,
        );
    }
    Ok(())
}

fn damage(cr: &Context, r: &CardRecord) -> Result<(), cairo::Error> {
    heading(cr, &STYLE, MARGIN, 89.0, &gettext("Damage: major sections"));
    heading(
        cr,
        &STYLE,
        DAMAGE_X[1],
        89.0,
        &gettext("Damage: sub-systems"),
    );
    damage_rows(cr, 0, &r.sections)?;
    damage_rows(cr, 1, &r.subsystems)?;
    INK.with_alpha(cr, 0.7);
    let rule = ngettext(
        "Down when every lethal section is full [5.6] or {n} sub-system is destroyed [5.7].",
        "Down when every lethal section is full [5.6] or {n} sub-systems are destroyed [5.7].",
        u32::from(r.destroyed_to_down),
    )
    .replace("{n}", &r.destroyed_to_down.to_string());
    paragraph(
        cr,
        MARGIN,
        138.0,
        98.0,
        &rule,
        &condensed(2.6, false),
        Align::Left,
    );
    Ok(())
}

fn guns_and_fuel(cr: &Context, r: &CardRecord) -> Result<(), cairo::Error> {
    heading(cr, &STYLE, MARGIN, 147.0, &gettext("20 mm cannon"));
    let mut x = MARGIN;
    for (i, name) in [gettext("Left"), gettext("Right")].iter().enumerate() {
        let c = r.cannons[i];
        let w = tick(
            cr,
            x,
            153.0,
            &gettext("{side} destroyed").replace("{side}", name),
            c.destroyed,
        )?;
        x += w;
        INK.set(cr);
        text(
            cr,
            x,
            153.4,
            &gettext("ammo"),
            &condensed(3.0, false),
            Align::Left,
        );
        let w = boxes(
            cr,
            x + 10.5,
            153.0,
            usize::from(r.ammo_boxes),
            usize::from(c.used),
            BOX,
        )?;
        x += 14.0 + w;
    }
    field(
        cr,
        150.0,
        153.0,
        52.0,
        &gettext("Strafing runs"),
        r.strafing.as_deref(),
    )?;
    heading(cr, &STYLE, MARGIN, 161.0, &gettext("Fuel"));
    field(
        cr,
        TANKS_RECT.x,
        TANKS_RECT.y,
        TANKS_RECT.w,
        &gettext("External tanks"),
        r.tanks.as_deref(),
    )?;
    let mut x = 112.0;
    x += tick(cr, x, 167.0, &gettext("Refuel failed"), r.refuel_failed)?;
    x += tick(cr, x, 167.0, &gettext("Bingo"), r.bingo)?;
    tick(cr, x, 167.0, &gettext("Tank pylon lost"), r.tank_pylon_lost)?;
    Ok(())
}

fn ordnance(cr: &Context, r: &CardRecord) -> Result<(), cairo::Error> {
    heading(
        cr,
        &STYLE,
        MARGIN,
        177.0,
        &gettext("Ordnance Card: stations, left to right"),
    );
    for (i, s) in r.stations.iter().enumerate() {
        let b = station_rect(i);
        rounded_rect(cr, b.x, b.y, b.w, b.h, 1.0);
        if s.destroyed {
            palette::DAMAGED.set(cr);
            cr.fill_preserve()?;
        }
        INK.set(cr);
        cr.set_line_width(0.35);
        cr.stroke()?;
        cr.rectangle(b.x, b.y, b.w, 5.0);
        palette::SAND.set(cr);
        cr.fill()?;
        INK.set(cr);
        fitted_text(
            cr,
            b.x + b.w / 2.0,
            b.y + 0.7,
            b.w - 2.0,
            &s.name,
            3.2,
            true,
        );
        PEN.set(cr);
        if let Some(store) = &s.store {
            fitted_text(cr, b.x + b.w / 2.0, b.y + 7.0, b.w - 2.0, store, 3.4, false);
        }
        if let Some(tank) = &s.tank {
            fitted_text(cr, b.x + b.w / 2.0, b.y + 12.5, b.w - 2.0, tank, 3.0, false);
        }
        if s.destroyed {
            palette::NV.set(cr);
            fitted_text(
                cr,
                b.x + b.w / 2.0,
                b.y + 18.5,
                b.w - 2.0,
                &gettext("PYLON LOST"),
                3.0,
                true,
            );
        }
    }
    field(
        cr,
        MARGIN,
        209.0,
        80.0,
        &gettext("Total weight"),
        r.weight.as_deref(),
    )
}

/// The notes joined into lines no wider than `width` (a note wider than a line has its own).
fn pack(cr: &Context, notes: &[String], font: &Font, width: f64) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for note in notes {
        if let Some(last) = lines.last_mut() {
            let joined = format!("{last} · {note}");
            if measure(cr, &joined, font, None).0 <= width {
                *last = joined;
                continue;
            }
        }
        lines.push(note.clone());
    }
    lines
}

fn runs_and_notes(cr: &Context, r: &CardRecord) -> Result<(), cairo::Error> {
    heading(cr, &STYLE, MARGIN, 216.0, &gettext("Attack runs [6.2]"));
    // The run numbers are printed; what each run did is written in.
    let rows: Vec<Vec<String>> = (0..r.runs.len().max(RUN_ROWS))
        .map(|i| {
            let mut row = vec![(i + 1).to_string()];
            match r.runs.get(i) {
                Some(run) => row.extend(run.iter().cloned()),
                None => row.extend(std::iter::repeat_n(String::new(), 4)),
            }
            row
        })
        .collect();
    let table = Table {
        x: MARGIN,
        y: 222.0,
        w: CARD.w - 2.0 * MARGIN,
        row_h: 6.0,
        cols: &[0.06, 0.40, 0.18, 0.20, 0.16],
        printed_cols: 1,
    };
    let h = table.draw(
        cr,
        &[
            "#",
            &gettext("Weapon"),
            &gettext("Altitude"),
            &gettext("On / off target"),
            &gettext("Percent"),
        ],
        &rows[..rows.len().min(6)],
    )?;
    let y = 222.0 + h + 2.0;
    field(
        cr,
        MARGIN,
        y,
        80.0,
        &gettext("Points so far"),
        r.points.as_deref(),
    )?;
    heading(cr, &STYLE, MARGIN, y + 7.0, &gettext("Notes"));
    let top = y + 13.0;
    let bottom = CARD.h - MARGIN;
    INK.set(cr);
    cr.set_line_width(0.2);
    let mut line = top + 5.0;
    while line < bottom {
        cr.move_to(MARGIN, line);
        cr.line_to(CARD.w - MARGIN, line);
        line += 5.0;
    }
    cr.stroke()?;
    // The notes are written along the ruled lines, as many to a line as fit.
    PEN.set(cr);
    cr.save()?;
    cr.rectangle(MARGIN, top, CARD.w - 2.0 * MARGIN, bottom - top);
    cr.clip();
    let font = condensed(3.4, false);
    for (i, line) in pack(cr, &r.notes, &font, CARD.w - 2.0 * MARGIN - 2.0)
        .iter()
        .enumerate()
    {
        text(
            cr,
            MARGIN + 1.0,
            top + 0.9 + i as f64 * 5.0,
            line,
            &font,
            Align::Left,
        );
    }
    cr.restore()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::art::testutil::{PX, inked, surface};

    /// Pixels of pen blue (what the card writes in) inside the millimetre rectangle.
    fn pen_pixels(s: &mut cairo::ImageSurface, r: Rect) -> usize {
        s.flush();
        let stride = s.stride() as usize;
        let data = s.data().unwrap();
        let mut n = 0;
        for row in (r.y * PX) as usize..((r.y + r.h) * PX) as usize {
            for col in (r.x * PX) as usize..((r.x + r.w) * PX) as usize {
                let p = &data[row * stride + col * 4..row * stride + col * 4 + 3];
                // Rgb24 is stored B, G, R: pen blue is far bluer than red (headings are not).
                if i32::from(p[0]) - i32::from(p[2]) > 80 {
                    n += 1;
                }
            }
        }
        n
    }

    #[test]
    fn short_notes_share_a_line_and_a_long_one_has_its_own() {
        let (_s, cr) = surface(50.0, 50.0);
        let font = condensed(3.4, false);
        let long = "x".repeat(80);
        let notes = vec![
            "MiG kill".to_owned(),
            "Wave-offs: 1".to_owned(),
            long.clone(),
        ];
        let lines = pack(&cr, &notes, &font, 100.0);
        assert_eq!(lines, vec!["MiG kill · Wave-offs: 1".to_owned(), long]);
    }

    #[test]
    fn blank_card_draws_every_box_and_writes_nothing() {
        let (mut s, cr) = surface(CARD.w, CARD.h);
        draw_record_card(&cr, &CardRecord::default()).unwrap();
        drop(cr);
        let blank = CardRecord::default();
        for (column, rows) in [&blank.sections, &blank.subsystems].iter().enumerate() {
            for (i, row) in rows.iter().enumerate() {
                for b in 0..row.boxes {
                    let r = damage_box_rect(column, i, b);
                    assert!(
                        inked(&mut s, r.x, r.y, r.w, r.h) > 0,
                        "box {column}/{i}/{b}"
                    );
                    // The inside of an empty box stays white.
                    let inside = r.inflate(-1.0);
                    assert_eq!(inked(&mut s, inside.x, inside.y, inside.w, inside.h), 0);
                }
            }
        }
        let page = Rect::new(0.0, 20.0, CARD.w, CARD.h - 20.0);
        assert_eq!(
            pen_pixels(&mut s, page),
            0,
            "a blank card has nothing written in"
        );
    }

    #[test]
    fn checked_damage_boxes_are_crossed_out_and_the_rest_stay_empty() {
        let mut r = CardRecord::default();
        r.sections[2].checked = 2;
        r.subsystems[4].checked = r.subsystems[4].boxes;
        let (mut s, cr) = surface(CARD.w, CARD.h);
        draw_record_card(&cr, &r).unwrap();
        drop(cr);
        for b in 0..r.sections[2].boxes {
            let inside = damage_box_rect(0, 2, b).inflate(-1.0);
            let ink = pen_pixels(&mut s, inside);
            assert_eq!(ink > 0, b < 2, "fuselage box {b}: {ink} pen pixels");
        }
        for b in 0..r.subsystems[4].boxes {
            let inside = damage_box_rect(1, 4, b).inflate(-1.0);
            assert!(pen_pixels(&mut s, inside) > 0, "fuel box {b}");
        }
        let untouched = damage_box_rect(0, 0, 0).inflate(-1.0);
        assert_eq!(pen_pixels(&mut s, untouched), 0);
    }
}
