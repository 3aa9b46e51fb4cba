//! The Skyhawk map of boxes, our own drawing at real size: an A3 landscape sheet (420 × 297 mm)
//! with the sea (Yankee Station, the carrier) on the left and North Vietnam on the right. The
//! boxes follow the order of play from Launch round to Recovery; the NV defence boxes of the
//! support attack cycle, the US Support Units and ECM boxes, the weather and the search and
//! rescue boxes sit beside the track. [`draw_map`] draws a [`MapScene`]: blank for printing, or
//! with the pieces of a mission in play.

use cairo::Context;

use super::palette;
use crate::art::draw::{
    Align, Rgb, condensed, fitted_left, fitted_text, measure, paragraph, rounded_rect, text,
};
use crate::art::geometry::Rect;
use crate::games::skyhawk::rules::content::NvBoxKind;
use crate::games::skyhawk::rules::state::MapBox;
use crate::i18n::{gettext, ngettext};

pub const MAP_W: f64 = 420.0;
pub const MAP_H: f64 = 297.0;
/// Where the sea ends and the land begins.
const COAST_X: f64 = 199.0;
/// A support unit chip.
pub const CHIP_W: f64 = 28.0;
pub const CHIP_H: f64 = 13.0;
/// The Skyhawk marker.
const MARKER: f64 = 17.0;
/// A wingman's marker, in the column left of the Skyhawk's.
const WINGMAN: f64 = 8.5;

/// Every track box, in the order of play.
pub const TRACK: [MapBox; 13] = [
    MapBox::Launch,
    MapBox::InboundEvents,
    MapBox::AerialRefuel,
    MapBox::SupportAttacks,
    MapBox::TargetApproach,
    MapBox::TargetAttack,
    MapBox::TargetExit,
    MapBox::ReAttack,
    MapBox::Outbound,
    MapBox::Transit,
    MapBox::CarrierApproach,
    MapBox::Trap,
    MapBox::Recovery,
];

/// The search and rescue boxes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SarBox {
    BailOutLand,
    BailOutWater,
    Ditch,
}

impl SarBox {
    pub const ALL: [SarBox; 3] = [SarBox::BailOutLand, SarBox::BailOutWater, SarBox::Ditch];

    fn title(self) -> String {
        match self {
            SarBox::BailOutLand => gettext("Bail Out Over Land"),
            SarBox::BailOutWater => gettext("Bail Out Over Water"),
            SarBox::Ditch => gettext("Ditch"),
        }
    }

    fn rule(self) -> &'static str {
        match self {
            SarBox::Ditch => "13.0",
            _ => "12.0",
        }
    }

    pub fn rect(self) -> Rect {
        match self {
            SarBox::BailOutLand => Rect::new(342.0, 250.0, 68.0, 36.0),
            SarBox::BailOutWater => Rect::new(72.0, 262.0, 58.0, 25.0),
            SarBox::Ditch => Rect::new(136.0, 262.0, 56.0, 25.0),
        }
    }
}

/// Where the Skyhawk marker is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spot {
    Track(MapBox),
    Down(SarBox),
}

/// A US support unit counter as the map shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct UnitChip {
    /// Short type name, e.g. "F-4B".
    pub name: String,
    /// What it may attack, e.g. "MiG AAA", and "ECM" when it can jam.
    pub attacks: String,
    /// It has fired in this cycle.
    pub fired: bool,
    /// Shot down (the dead pile) rather than just out of the mission.
    pub dead: bool,
}

/// One NV defence box with its markers and the support units attacking it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct NvScene {
    pub suppressed: u8,
    /// Knocked Out (Disengaged for the MiGs).
    pub out: bool,
    pub units: Vec<UnitChip>,
}

/// A support type that can still be picked during planning.
#[derive(Clone, Debug, PartialEq)]
pub struct PoolRow {
    /// The rules' target id, `support:<id>`.
    pub id: String,
    pub name: String,
    pub attacks: String,
    pub left: u8,
    pub taken: u8,
}

/// What the map shows. `MapScene::default()` is the blank printed map.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MapScene {
    /// Where the Skyhawk is, and its altitude (already translated).
    pub skyhawk: Option<(Spot, String)>,
    /// The Skyhawk was lost in the box it is shown in.
    pub lost: bool,
    pub minelaying: bool,
    /// The Target Type marker in the Target Attack box, and the target's name.
    pub target: Option<(String, String)>,
    /// Iron Hand: the target SAM site's damage (percent) and radar.
    pub target_sam: Option<(i32, bool)>,
    pub target_weather: Option<String>,
    pub recovery_weather: Option<String>,
    /// The NV defence boxes SA, AAA, SAM, MiGs.
    pub nv: [NvScene; 4],
    /// The NV SAM Radar marker: ON or OFF, when rolled this cycle.
    pub radar_on: Option<bool>,
    /// The box whose support attack cycle is under way.
    pub cycle_in: Option<MapBox>,
    /// Units in the ECM box.
    pub ecm: Vec<UnitChip>,
    /// Units waiting in the US Support Units box.
    pub ready: Vec<UnitChip>,
    /// Units out of the mission: shot down, redirected or gone home.
    pub out: Vec<UnitChip>,
    /// While support units are picked: the types to choose from.
    pub pool: Vec<PoolRow>,
    /// A RESCAP under way (optional 15.3).
    pub rescap: Option<RescapScene>,
    /// The division's other Skyhawks flying with the player (optional 15.1, 15.2): flight and
    /// position, e.g. "1-2", and their hit boxes checked.
    pub wingmen: Vec<(String, u8)>,
}

/// One NVA Patrol box of a RESCAP: its markers and who attacks it this round.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PatrolScene {
    pub suppressed: u8,
    pub out: bool,
    pub attackers: Vec<String>,
}

/// A RESCAP over a pilot down on land [15.3].
#[derive(Clone, Debug, Default, PartialEq)]
pub struct RescapScene {
    /// The active NVA Patrol boxes (one or two).
    pub patrols: Vec<PatrolScene>,
    /// The rescue's state in a line: the round, when the RESCAP aircraft come, who is left.
    pub summary: String,
}

/// The rectangle of a track box.
pub fn track_rect(b: MapBox) -> Rect {
    let (x, y, w, h) = match b {
        MapBox::Launch => (14.0, 30.0, 48.0, 42.0),
        MapBox::InboundEvents => (72.0, 26.0, 58.0, 46.0),
        MapBox::AerialRefuel => (136.0, 26.0, 56.0, 46.0),
        MapBox::SupportAttacks => (206.0, 26.0, 62.0, 46.0),
        MapBox::TargetApproach => (274.0, 26.0, 62.0, 46.0),
        MapBox::TargetAttack => (342.0, 26.0, 68.0, 46.0),
        MapBox::TargetExit => (342.0, 80.0, 68.0, 46.0),
        MapBox::ReAttack => (274.0, 80.0, 62.0, 46.0),
        MapBox::Outbound => (342.0, 134.0, 68.0, 46.0),
        MapBox::Transit => (136.0, 214.0, 56.0, 42.0),
        MapBox::CarrierApproach => (72.0, 214.0, 58.0, 42.0),
        MapBox::Trap => (14.0, 200.0, 48.0, 38.0),
        MapBox::Recovery => (14.0, 244.0, 48.0, 42.0),
    };
    Rect::new(x, y, w, h)
}

/// The rectangle of an NV defence box.
pub fn nv_rect(k: NvBoxKind) -> Rect {
    let (col, row) = match k {
        NvBoxKind::Sa => (0.0, 0.0),
        NvBoxKind::Aaa => (1.0, 0.0),
        NvBoxKind::Sam => (0.0, 1.0),
        NvBoxKind::Mig => (1.0, 1.0),
    };
    Rect::new(206.0 + col * 68.0, 140.0 + row * 52.0, 62.0, 48.0)
}

/// The heading over the NV defence boxes.
const NV_PANEL: Rect = Rect {
    x: 206.0,
    y: 132.0,
    w: 130.0,
    h: 108.0,
};
pub const ECM_RECT: Rect = Rect {
    x: 136.0,
    y: 150.0,
    w: 56.0,
    h: 50.0,
};
pub const SUPPORT_RECT: Rect = Rect {
    x: 72.0,
    y: 80.0,
    w: 120.0,
    h: 62.0,
};
pub const OUT_RECT: Rect = Rect {
    x: 206.0,
    y: 250.0,
    w: 130.0,
    h: 36.0,
};
const RECOVERY_WEATHER: Rect = Rect {
    x: 72.0,
    y: 150.0,
    w: 58.0,
    h: 50.0,
};
const TARGET_WEATHER: Rect = Rect {
    x: 206.0,
    y: 80.0,
    w: 62.0,
    h: 46.0,
};

/// The target id of a track box, `box:<id>` as the rules name it.
pub fn box_id(b: MapBox) -> String {
    format!("box:{}", b.id())
}

/// The target id of an NV defence box, `box:nv_<key>`.
pub fn nv_id(k: NvBoxKind) -> String {
    format!("box:nv_{}", k.key())
}

pub const ECM_ID: &str = "box:ecm";

/// The RESCAP panel above the Bail Out Over Land box.
const RESCAP_RECT: Rect = Rect {
    x: 342.0,
    y: 186.0,
    w: 68.0,
    h: 58.0,
};

/// The two NVA Patrol boxes of a RESCAP.
pub const PATROLS: usize = 2;

/// The rectangle of NVA Patrol box `i` (0 or 1).
pub fn patrol_rect(i: usize) -> Rect {
    let r = RESCAP_RECT;
    Rect::new(r.x + 1.5 + i as f64 * 33.0, r.y + 7.5, 32.0, 30.0)
}

/// The target id of NVA Patrol box `i`, `box:nva_patrol_<i + 1>`.
pub fn patrol_id(i: usize) -> String {
    format!("box:nva_patrol_{}", i + 1)
}

/// The rectangle of each pool row of the US Support Units box.
fn pool_rect(i: usize) -> Rect {
    let r = SUPPORT_RECT;
    Rect::new(r.x + 2.0, r.y + 7.5 + i as f64 * 8.7, r.w - 4.0, 8.0)
}

/// Every place of the map the player can click, with its target id.
pub fn targets(scene: &MapScene) -> Vec<(String, Rect)> {
    let mut t: Vec<(String, Rect)> = TRACK.iter().map(|&b| (box_id(b), track_rect(b))).collect();
    t.extend(NvBoxKind::ALL.iter().map(|&k| (nv_id(k), nv_rect(k))));
    t.push((ECM_ID.to_owned(), ECM_RECT));
    t.extend((0..PATROLS).map(|i| (patrol_id(i), patrol_rect(i))));
    t.extend(
        scene
            .pool
            .iter()
            .enumerate()
            .map(|(i, row)| (row.id.clone(), pool_rect(i))),
    );
    t
}

/// Draws the whole map with the scene's pieces, top-left at the origin, in millimetres.
pub fn draw_map(cr: &Context, scene: &MapScene) -> Result<(), cairo::Error> {
    draw_sheet(cr)?;
    draw_pieces(cr, scene)
}

/// The printed map without any piece on it.
pub fn draw_sheet(cr: &Context) -> Result<(), cairo::Error> {
    ground(cr)?;
    carrier(cr)?;
    flight_path(cr)?;
    for b in TRACK {
        track_box(cr, b)?;
    }
    nv_panel(cr)?;
    unit_box(
        cr,
        SUPPORT_RECT,
        &gettext("US Support Units [4.3]"),
        0,
        palette::SEA_BOX,
    )?;
    unit_box(
        cr,
        ECM_RECT,
        &gettext("ECM (orbit, max 2)"),
        2,
        palette::SEA_BOX,
    )?;
    unit_box(
        cr,
        OUT_RECT,
        &gettext("Support units out: shot down (dead pile), redirected, gone home"),
        0,
        palette::LAND_BOX,
    )?;
    weather_box(
        cr,
        TARGET_WEATHER,
        &gettext("Target Weather"),
        palette::LAND_BOX,
    )?;
    weather_box(
        cr,
        RECOVERY_WEATHER,
        &gettext("Recovery Weather"),
        palette::SEA_BOX,
    )?;
    for s in SarBox::ALL {
        sar_box(cr, s)?;
    }
    rescap_sheet(cr)
}

/// The pieces of a mission on the printed map: markers, counters, the Skyhawk.
pub fn draw_pieces(cr: &Context, scene: &MapScene) -> Result<(), cairo::Error> {
    for b in TRACK {
        track_pieces(cr, scene, b)?;
    }
    for k in NvBoxKind::ALL {
        nv_pieces(cr, nv_rect(k), k, &scene.nv[k.index()], scene.radar_on)?;
    }
    if scene.pool.is_empty() {
        unit_chips(cr, SUPPORT_RECT, &scene.ready)?;
    } else {
        pool_rows(cr, &scene.pool)?;
    }
    unit_chips(cr, ECM_RECT, &scene.ecm)?;
    unit_chips(cr, OUT_RECT, &scene.out)?;
    weather_marker(cr, TARGET_WEATHER, scene.target_weather.as_deref())?;
    weather_marker(cr, RECOVERY_WEATHER, scene.recovery_weather.as_deref())?;
    if let Some(r) = &scene.rescap {
        rescap_pieces(cr, r)?;
    }
    if let Some((spot, altitude)) = &scene.skyhawk {
        let r = match spot {
            Spot::Track(b) => track_rect(*b),
            Spot::Down(s) => s.rect(),
        };
        skyhawk_marker(
            cr,
            r.right() - MARKER - 2.0,
            r.bottom() - MARKER - 2.0,
            altitude,
            scene.lost && matches!(spot, Spot::Track(_)),
        )?;
    }
    if let Some((Spot::Track(b), _)) = &scene.skyhawk {
        wingmen(cr, track_rect(*b), &scene.wingmen)?;
    }
    Ok(())
}

fn ground(cr: &Context) -> Result<(), cairo::Error> {
    palette::SEA.set(cr);
    cr.rectangle(0.0, 0.0, MAP_W, MAP_H);
    cr.fill()?;
    // A ragged coastline: the land runs from the coast to the right edge.
    palette::LAND.set(cr);
    cr.move_to(MAP_W, 0.0);
    cr.line_to(COAST_X + 4.0, 0.0);
    let mut y = 0.0;
    let mut i = 0;
    while y < MAP_H {
        let dx = [0.0, -3.5, 1.5, -2.0, 3.0, -1.0][i % 6];
        y += 9.0;
        cr.line_to(COAST_X + dx, y.min(MAP_H));
        i += 1;
    }
    cr.line_to(MAP_W, MAP_H);
    cr.close_path();
    cr.fill_preserve()?;
    palette::INK.with_alpha(cr, 0.5);
    cr.set_line_width(0.4);
    cr.stroke()?;
    // Title bar.
    palette::NAVY.set(cr);
    cr.rectangle(8.0, 8.0, MAP_W - 16.0, 12.0);
    cr.fill()?;
    // The printed words of the sheet: (left or anchor, top, words, size, bold, align, colour).
    let labels = [
        (
            11.0,
            9.6,
            gettext("SKYHAWK: ROLLING THUNDER 1966"),
            6.0,
            true,
            Align::Left,
            Rgb::WHITE,
        ),
        (
            MAP_W - 11.0,
            11.0,
            gettext("Mission Map: Yankee Station to North Vietnam and back"),
            4.0,
            false,
            Align::Right,
            Rgb::WHITE,
        ),
        (
            100.0,
            203.0,
            gettext("GULF OF TONKIN"),
            4.2,
            true,
            Align::Center,
            palette::US,
        ),
        (
            206.0,
            20.8,
            gettext("NORTH VIETNAM"),
            4.2,
            true,
            Align::Left,
            palette::NV,
        ),
    ];
    for (x, y, words, size, bold, align, colour) in labels {
        colour.set(cr);
        text(cr, x, y, &words, &condensed(size, bold), align);
    }
    Ok(())
}

/// One leg of the flight path: from, bends, to, dashed.
type Leg = (MapBox, &'static [(f64, f64)], MapBox, bool);

/// The flight path through the boxes, drawn under them: each leg ends in an arrowhead where it
/// enters the next box. The Re-Attack loop is dashed.
fn flight_path(cr: &Context) -> Result<(), cairo::Error> {
    let c = |b: MapBox| track_rect(b).centre();
    let legs: [Leg; 13] = [
        (MapBox::Launch, &[], MapBox::InboundEvents, false),
        (MapBox::InboundEvents, &[], MapBox::AerialRefuel, false),
        (MapBox::AerialRefuel, &[], MapBox::SupportAttacks, false),
        (MapBox::SupportAttacks, &[], MapBox::TargetApproach, false),
        (MapBox::TargetApproach, &[], MapBox::TargetAttack, false),
        (MapBox::TargetAttack, &[], MapBox::TargetExit, false),
        (MapBox::TargetExit, &[], MapBox::ReAttack, true),
        (MapBox::ReAttack, &[], MapBox::TargetApproach, true),
        (MapBox::TargetExit, &[], MapBox::Outbound, false),
        (
            MapBox::Outbound,
            &[(339.0, 157.0), (339.0, 243.0)],
            MapBox::Transit,
            false,
        ),
        (MapBox::Transit, &[], MapBox::CarrierApproach, false),
        (MapBox::CarrierApproach, &[], MapBox::Trap, false),
        (MapBox::Trap, &[], MapBox::Recovery, false),
    ];
    cr.set_line_width(1.6);
    for (from, via, to, dashed) in legs {
        let mut points = vec![c(from)];
        points.extend_from_slice(via);
        let end = c(to);
        let before = *points.last().unwrap_or(&end);
        let (ex, ey) = entry_point(before, track_rect(to));
        // With a bend, the last straight run goes level into the box.
        let (ex, ey) = if via.is_empty() {
            (ex, ey)
        } else {
            (ex, before.1)
        };
        points.push((ex, ey));
        Rgb::WHITE.set(cr);
        cr.set_dash(if dashed { &[3.0, 2.0] } else { &[] }, 0.0);
        cr.move_to(points[0].0, points[0].1);
        for p in &points[1..] {
            cr.line_to(p.0, p.1);
        }
        cr.stroke()?;
        cr.set_dash(&[], 0.0);
        arrow_head(cr, before, (ex, ey))?;
    }
    Ok(())
}

/// Where the straight line from `p` to the centre of `r` crosses the edge of `r`.
fn entry_point(p: (f64, f64), r: Rect) -> (f64, f64) {
    let (cx, cy) = r.centre();
    let (dx, dy) = (p.0 - cx, p.1 - cy);
    let sx = if dx.abs() > 1e-9 {
        (r.w / 2.0) / dx.abs()
    } else {
        f64::INFINITY
    };
    let sy = if dy.abs() > 1e-9 {
        (r.h / 2.0) / dy.abs()
    } else {
        f64::INFINITY
    };
    let s = sx.min(sy).min(1.0);
    (cx + dx * s, cy + dy * s)
}

fn arrow_head(cr: &Context, from: (f64, f64), tip: (f64, f64)) -> Result<(), cairo::Error> {
    let (dx, dy) = (tip.0 - from.0, tip.1 - from.1);
    let len = (dx * dx + dy * dy).sqrt().max(1e-9);
    let (ux, uy) = (dx / len, dy / len);
    let (l, w) = (4.0, 2.4);
    cr.move_to(tip.0, tip.1);
    cr.line_to(tip.0 - ux * l - uy * w, tip.1 - uy * l + ux * w);
    cr.line_to(tip.0 - ux * l + uy * w, tip.1 - uy * l - ux * w);
    cr.close_path();
    Rgb::WHITE.set(cr);
    cr.fill_preserve()?;
    palette::INK.set(cr);
    cr.set_line_width(0.3);
    cr.stroke()
}

/// The carrier, seen from above, under the Launch, Trap and Recovery boxes.
fn carrier(cr: &Context) -> Result<(), cairo::Error> {
    let (x, y, w, h) = (10.0, 24.0, 56.0, 266.0);
    cr.move_to(x + w / 2.0, y);
    cr.curve_to(x + w, y + 20.0, x + w, y + 30.0, x + w, y + 40.0);
    cr.line_to(x + w, y + h - 4.0);
    cr.line_to(x + w - 6.0, y + h);
    cr.line_to(x + 6.0, y + h);
    cr.line_to(x, y + h - 4.0);
    cr.line_to(x, y + 40.0);
    cr.curve_to(x, y + 30.0, x, y + 20.0, x + w / 2.0, y);
    cr.close_path();
    palette::CARRIER.set(cr);
    cr.fill_preserve()?;
    palette::INK.set(cr);
    cr.set_line_width(0.4);
    cr.stroke()?;
    // The island and the deck's centre line.
    palette::DECK.set(cr);
    cr.rectangle(x + w - 12.0, 110.0, 8.0, 34.0);
    cr.fill()?;
    Rgb::WHITE.with_alpha(cr, 0.7);
    cr.set_line_width(0.5);
    cr.set_dash(&[4.0, 3.0], 0.0);
    cr.move_to(x + w / 2.0 - 6.0, 80.0);
    cr.line_to(x + w / 2.0 - 6.0, 192.0);
    cr.stroke()?;
    cr.set_dash(&[], 0.0);
    Rgb::WHITE.set(cr);
    cr.save()?;
    cr.translate(x + 14.0, 165.0);
    cr.rotate(-std::f64::consts::FRAC_PI_2);
    text(
        cr,
        0.0,
        0.0,
        &gettext("CARRIER · YANKEE STATION"),
        &condensed(3.6, true),
        Align::Center,
    );
    cr.restore()?;
    Ok(())
}

/// A labelled box: ground, frame, title (wrapped, up to two lines) and rule reference; returns
/// the height of the title.
fn labelled_box(
    cr: &Context,
    r: Rect,
    title: &str,
    rule: &str,
    ground: Rgb,
) -> Result<f64, cairo::Error> {
    rounded_rect(cr, r.x, r.y, r.w, r.h, 1.5);
    ground.set(cr);
    cr.fill_preserve()?;
    palette::INK.set(cr);
    cr.set_line_width(0.35);
    cr.stroke()?;
    let rule_w = if rule.is_empty() {
        0.0
    } else {
        palette::INK.with_alpha(cr, 0.6);
        text(
            cr,
            r.right() - 1.5,
            r.y + 1.5,
            &format!("[{rule}]"),
            &condensed(2.6, false),
            Align::Right,
        ) + 1.0
    };
    palette::INK.set(cr);
    let font = condensed(3.8, true);
    let h = paragraph(
        cr,
        r.x + 2.0,
        r.y + 1.0,
        r.w - 4.0 - rule_w,
        title,
        &font,
        Align::Left,
    );
    Ok(h)
}

/// What each box asks for, printed under its title.
fn box_notes(b: MapBox) -> Vec<String> {
    let mut notes = Vec::new();
    match b {
        MapBox::Launch => notes.push(gettext("Table 3 launch")),
        MapBox::InboundEvents => notes.push(gettext("Table 6 event")),
        MapBox::AerialRefuel => notes.push(gettext("High only · Table 9")),
        MapBox::ReAttack => notes.push(gettext("Table 14 · back to Approach")),
        MapBox::Transit => notes.push(gettext("Table 17 event")),
        MapBox::CarrierApproach => notes.push(gettext("Jettison stores")),
        MapBox::Trap => notes.push(gettext("Low only · Table 18")),
        MapBox::Recovery => notes.push(gettext("Mission over")),
        _ => {}
    }
    if matches!(
        b,
        MapBox::SupportAttacks | MapBox::ReAttack | MapBox::Outbound | MapBox::CarrierApproach
    ) {
        notes.push(gettext("Fuel check (Table 7)"));
    }
    if b.combat() {
        notes.push(gettext("NV defences fire"));
    }
    notes
}

fn track_box(cr: &Context, b: MapBox) -> Result<(), cairo::Error> {
    let r = track_rect(b);
    let ground = if b.over_target() {
        palette::LAND_BOX
    } else {
        palette::SEA_BOX
    };
    let title_h = labelled_box(cr, r, &gettext(b.name()), b.rule(), ground)?;
    let mut y = r.y + 1.4 + title_h;
    let note_font = condensed(3.1, false);
    palette::INK.set(cr);
    for n in box_notes(b) {
        text(cr, r.x + 2.0, y, &n, &note_font, Align::Left);
        y += 3.6;
    }
    if b.over_target() {
        mine_band(cr, r, false)?;
    }
    Ok(())
}

/// The blue part of a box over the target area, used when the mission lays mines [3.4]; set
/// strong when it is in use.
fn mine_band(cr: &Context, r: Rect, in_use: bool) -> Result<(), cairo::Error> {
    let band = Rect::new(
        r.x + 0.5,
        r.bottom() - 6.5,
        r.w - MARKER - WINGMAN - 6.0,
        5.5,
    );
    palette::SEA.with_alpha(cr, if in_use { 1.0 } else { 0.55 });
    cr.rectangle(band.x, band.y, band.w, band.h);
    cr.fill()?;
    palette::US.set(cr);
    text(
        cr,
        band.x + 1.5,
        band.y + 1.2,
        &gettext("Minelaying: over water"),
        &condensed(2.5, in_use),
        Align::Left,
    );
    Ok(())
}

/// What the mission puts in a track box: the minelaying part in use, the outline of the box
/// whose support attack cycle runs, the Target Type marker.
fn track_pieces(cr: &Context, scene: &MapScene, b: MapBox) -> Result<(), cairo::Error> {
    let r = track_rect(b);
    if b.over_target() && scene.minelaying {
        mine_band(cr, r, true)?;
    }
    if scene.cycle_in == Some(b) {
        palette::NV.set(cr);
        cr.set_line_width(1.0);
        rounded_rect(cr, r.x + 0.8, r.y + 0.8, r.w - 1.6, r.h - 1.6, 1.2);
        cr.stroke()?;
    }
    if let (MapBox::TargetAttack, Some((kind, name))) = (b, &scene.target) {
        target_marker(cr, r, kind, name, scene.target_sam)?;
    }
    Ok(())
}

/// The Target Type marker and the target's name in the Target Attack box.
fn target_marker(
    cr: &Context,
    r: Rect,
    kind: &str,
    name: &str,
    sam: Option<(i32, bool)>,
) -> Result<(), cairo::Error> {
    let m = Rect::new(r.x + 2.0, r.y + 13.0, r.w - MARKER - WINGMAN - 7.0, 16.0);
    rounded_rect(cr, m.x, m.y, m.w, m.h, 1.0);
    palette::DAMAGED.set(cr);
    cr.fill_preserve()?;
    palette::NV.set(cr);
    cr.set_line_width(0.4);
    cr.stroke()?;
    fitted_text(cr, m.x + m.w / 2.0, m.y + 0.8, m.w - 2.0, kind, 3.0, true);
    palette::INK.set(cr);
    let name_font = condensed(2.3, false);
    cr.save()?;
    cr.rectangle(m.x, m.y, m.w, m.h);
    cr.clip();
    paragraph(
        cr,
        m.x + 1.0,
        m.y + 4.6,
        m.w - 2.0,
        name,
        &name_font,
        Align::Center,
    );
    cr.restore()?;
    if let Some((damage, radar)) = sam {
        let s = if radar {
            gettext("Site {damage}% · radar ON")
        } else {
            gettext("Site {damage}% · radar OFF")
        }
        .replace("{damage}", &damage.to_string());
        palette::NV.set(cr);
        text(
            cr,
            m.x,
            m.bottom() + 0.5,
            &s,
            &condensed(2.5, true),
            Align::Left,
        );
    }
    Ok(())
}

/// The player's Skyhawk marker with its altitude; crossed out when the aircraft was lost.
fn skyhawk_marker(
    cr: &Context,
    x: f64,
    y: f64,
    altitude: &str,
    lost: bool,
) -> Result<(), cairo::Error> {
    let s = MARKER;
    rounded_rect(cr, x + 0.5, y + 0.7, s, s, 1.2);
    Rgb::BLACK.with_alpha(cr, 0.35);
    cr.fill()?;
    rounded_rect(cr, x, y, s, s, 1.2);
    palette::US.set(cr);
    cr.fill_preserve()?;
    Rgb::WHITE.set(cr);
    cr.set_line_width(0.4);
    cr.stroke()?;
    // A delta-winged A-4 seen from above.
    let (cx, top) = (x + s / 2.0, y + 1.5);
    cr.move_to(cx, top);
    cr.line_to(cx + 1.0, top + 3.0);
    cr.line_to(cx + 6.0, top + 8.0);
    cr.line_to(cx + 1.0, top + 8.0);
    cr.line_to(cx + 2.6, top + 10.0);
    cr.line_to(cx - 2.6, top + 10.0);
    cr.line_to(cx - 1.0, top + 8.0);
    cr.line_to(cx - 6.0, top + 8.0);
    cr.line_to(cx - 1.0, top + 3.0);
    cr.close_path();
    Rgb::WHITE.set(cr);
    cr.fill()?;
    if !altitude.is_empty() {
        cr.rectangle(x + 1.0, y + s - 5.2, s - 2.0, 4.2);
        cr.fill()?;
        palette::US.set(cr);
        fitted_text(cr, cx, y + s - 5.0, s - 3.0, altitude, 3.2, true);
    }
    if lost {
        palette::NV.set(cr);
        cr.set_line_width(1.2);
        cr.move_to(x, y);
        cr.line_to(x + s, y + s);
        cr.move_to(x + s, y);
        cr.line_to(x, y + s);
        cr.stroke()?;
    }
    Ok(())
}

fn nv_panel(cr: &Context) -> Result<(), cairo::Error> {
    let p = NV_PANEL;
    rounded_rect(cr, p.x - 2.0, p.y - 2.0, p.w + 4.0, p.h + 2.0, 2.0);
    palette::NV.with_alpha(cr, 0.12);
    cr.fill()?;
    palette::NV.set(cr);
    text(
        cr,
        p.x,
        p.y - 1.4,
        &gettext("NV DEFENCES (support attack cycle) [5.4]"),
        &condensed(3.0, true),
        Align::Left,
    );
    for k in NvBoxKind::ALL {
        nv_box_sheet(cr, nv_rect(k), k)?;
    }
    Ok(())
}

/// Draws one NV defence box in `r`: its counter, its markers and the support units attacking it
/// (also used, scaled up, for the zoom).
pub fn draw_nv_box(
    cr: &Context,
    r: Rect,
    k: NvBoxKind,
    nv: &NvScene,
    radar_on: Option<bool>,
) -> Result<(), cairo::Error> {
    nv_box_sheet(cr, r, k)?;
    nv_pieces(cr, r, k, nv, radar_on)
}

/// The NV counter printed in an NV defence box.
fn nv_counter_rect(r: Rect) -> Rect {
    Rect::new(r.x + 2.0, r.y + 8.0, 14.0, 14.0)
}

/// Marker place `line` under the NV counter: 0 Suppressed, 1 Knocked Out or Disengaged,
/// 2 the SAM Radar.
fn nv_marker_rect(r: Rect, line: usize) -> Rect {
    let c = nv_counter_rect(r);
    Rect::new(c.x, c.bottom() + 1.5 + line as f64 * 6.3, 24.0, 5.5)
}

/// Place `i` of the support units attacking an NV box.
fn nv_slot_rect(r: Rect, i: usize) -> Rect {
    Rect::new(
        r.right() - CHIP_W - 2.0,
        r.y + 8.0 + i as f64 * (CHIP_H + 2.0),
        CHIP_W,
        CHIP_H,
    )
}

fn nv_box_sheet(cr: &Context, r: Rect, k: NvBoxKind) -> Result<(), cairo::Error> {
    rounded_rect(cr, r.x, r.y, r.w, r.h, 1.5);
    Rgb::WHITE.set(cr);
    cr.fill_preserve()?;
    palette::NV.set(cr);
    cr.set_line_width(0.5);
    cr.stroke()?;
    cr.rectangle(r.x + 0.25, r.y + 0.25, r.w - 0.5, 5.5);
    cr.fill()?;
    Rgb::WHITE.set(cr);
    text(
        cr,
        r.x + 2.0,
        r.y + 1.1,
        &gettext(k.name()),
        &condensed(3.2, true),
        Align::Left,
    );
    let cap = gettext("max {n}").replace("{n}", &k.capacity().to_string());
    text(
        cr,
        r.right() - 2.0,
        r.y + 1.5,
        &cap,
        &condensed(2.4, false),
        Align::Right,
    );
    let c = nv_counter_rect(r);
    rounded_rect(cr, c.x, c.y, c.w, c.h, 1.0);
    palette::NV.set(cr);
    cr.fill()?;
    Rgb::WHITE.set(cr);
    let short = match k {
        NvBoxKind::Sa => gettext("SA"),
        NvBoxKind::Aaa => gettext("AAA"),
        NvBoxKind::Sam => gettext("SAM"),
        NvBoxKind::Mig => gettext("MiG"),
    };
    fitted_text(cr, c.x + 7.0, c.y + 4.3, 12.0, &short, 4.2, true);
    if k == NvBoxKind::Sam {
        // The NV SAM Radar box, where the ON/OFF marker goes.
        let m = nv_marker_rect(r, 2);
        empty_slot(cr, m)?;
        palette::INK.with_alpha(cr, 0.6);
        fitted_text(
            cr,
            m.x + m.w / 2.0,
            m.y + 1.1,
            m.w - 2.0,
            &gettext("SAM Radar"),
            2.8,
            false,
        );
    }
    for i in 0..k.capacity() {
        empty_slot(cr, nv_slot_rect(r, i))?;
    }
    Ok(())
}

/// The markers of an NV box and the support units attacking it.
fn nv_pieces(
    cr: &Context,
    r: Rect,
    k: NvBoxKind,
    nv: &NvScene,
    radar_on: Option<bool>,
) -> Result<(), cairo::Error> {
    let marker = |line: usize, label: &str, ground: Rgb, ink: Rgb| -> Result<(), cairo::Error> {
        let m = nv_marker_rect(r, line);
        rounded_rect(cr, m.x, m.y, m.w, m.h, 0.8);
        ground.set(cr);
        cr.fill_preserve()?;
        palette::INK.set(cr);
        cr.set_line_width(0.25);
        cr.stroke()?;
        ink.set(cr);
        fitted_text(cr, m.x + m.w / 2.0, m.y + 1.1, m.w - 2.0, label, 2.8, true);
        Ok(())
    };
    if nv.suppressed > 0 {
        let s = gettext("Suppressed ×{n}").replace("{n}", &nv.suppressed.to_string());
        marker(0, &s, palette::SUPPRESSED, palette::INK)?;
    }
    if nv.out {
        let s = if k == NvBoxKind::Mig {
            gettext("Disengaged")
        } else {
            gettext("Knocked Out")
        };
        marker(1, &s, palette::KNOCKED_OUT, Rgb::WHITE)?;
    }
    if let (NvBoxKind::Sam, Some(on)) = (k, radar_on) {
        if on {
            marker(2, &gettext("Radar ON"), palette::DAMAGED, palette::NV)?;
        } else {
            marker(2, &gettext("Radar OFF"), palette::SAND, palette::INK)?;
        }
    }
    for (i, u) in nv.units.iter().enumerate().take(k.capacity()) {
        let s = nv_slot_rect(r, i);
        unit_chip(cr, s.x, s.y, u)?;
    }
    Ok(())
}

fn empty_slot(cr: &Context, s: Rect) -> Result<(), cairo::Error> {
    palette::INK.with_alpha(cr, 0.35);
    cr.set_line_width(0.3);
    cr.set_dash(&[1.2, 0.8], 0.0);
    rounded_rect(cr, s.x, s.y, s.w, s.h, 1.0);
    cr.stroke()?;
    cr.set_dash(&[], 0.0);
    Ok(())
}

/// A US support unit counter, `CHIP_W × CHIP_H`.
pub fn unit_chip(cr: &Context, x: f64, y: f64, u: &UnitChip) -> Result<(), cairo::Error> {
    rounded_rect(cr, x, y, CHIP_W, CHIP_H, 1.0);
    if u.dead {
        Rgb(0.80, 0.80, 0.80).set(cr);
    } else {
        palette::US_LIGHT.set(cr);
    }
    cr.fill_preserve()?;
    palette::US.set(cr);
    cr.set_line_width(0.35);
    cr.stroke()?;
    cr.rectangle(x + 0.2, y + 0.2, 2.2, CHIP_H - 0.4);
    cr.fill()?;
    let tag = if u.dead {
        Some((gettext("DOWN"), palette::NV))
    } else if u.fired {
        Some((gettext("fired"), palette::US))
    } else {
        None
    };
    let tag_font = condensed(2.3, true);
    let tag_w = tag.as_ref().map_or(0.0, |(label, _)| {
        measure(cr, label, &tag_font, None).0 + 1.6
    });
    // The name shares the top line with the tag.
    let name_w = CHIP_W - 4.0 - tag_w;
    palette::US.set(cr);
    fitted_text(
        cr,
        x + 2.6 + name_w / 2.0,
        y + 0.8,
        name_w,
        &u.name,
        4.0,
        true,
    );
    palette::INK.set(cr);
    fitted_text(
        cr,
        x + 1.2 + CHIP_W / 2.0,
        y + 6.6,
        CHIP_W - 4.0,
        &u.attacks,
        2.9,
        false,
    );
    if let Some((label, colour)) = tag {
        colour.with_alpha(cr, 0.85);
        cr.rectangle(x + CHIP_W - tag_w - 0.3, y + 0.3, tag_w, 3.2);
        cr.fill()?;
        Rgb::WHITE.set(cr);
        text(
            cr,
            x + CHIP_W - 1.1,
            y + 0.5,
            &label,
            &tag_font,
            Align::Right,
        );
    }
    Ok(())
}

/// Place `i` of the unit chips of a box, in rows under its title; `None` past its bottom.
fn chip_rect(r: Rect, i: usize) -> Option<Rect> {
    let gap = 1.5;
    let per_row = (((r.w - 2.0) / (CHIP_W + gap)).floor() as usize).max(1);
    let (col, row) = ((i % per_row) as f64, (i / per_row) as f64);
    let chip = Rect::new(
        r.x + 2.0 + col * (CHIP_W + gap),
        r.y + 8.0 + row * (CHIP_H + gap),
        CHIP_W,
        CHIP_H,
    );
    (chip.bottom() <= r.bottom()).then_some(chip)
}

/// A box for unit chips, with `slots` empty places printed when it has a capacity.
fn unit_box(
    cr: &Context,
    r: Rect,
    title: &str,
    slots: usize,
    ground: Rgb,
) -> Result<(), cairo::Error> {
    // One line, whatever the language: the unit chips sit right under it.
    labelled_box(cr, r, "", "", ground)?;
    palette::INK.set(cr);
    fitted_left(
        cr,
        r.x + 2.0,
        r.y + 1.0,
        r.w - 4.0,
        title,
        condensed(3.8, true),
    );
    for s in (0..slots).filter_map(|i| chip_rect(r, i)) {
        empty_slot(cr, s)?;
    }
    Ok(())
}

/// The unit chips in a box.
fn unit_chips(cr: &Context, r: Rect, units: &[UnitChip]) -> Result<(), cairo::Error> {
    for (i, u) in units.iter().enumerate() {
        if let Some(s) = chip_rect(r, i) {
            unit_chip(cr, s.x, s.y, u)?;
        }
    }
    Ok(())
}

/// While planning, the US Support Units box lists the types to pick from.
fn pool_rows(cr: &Context, pool: &[PoolRow]) -> Result<(), cairo::Error> {
    for (i, row) in pool.iter().enumerate() {
        let r = pool_rect(i);
        if r.bottom() > SUPPORT_RECT.bottom() {
            break;
        }
        rounded_rect(cr, r.x, r.y, r.w, r.h, 0.8);
        palette::US_LIGHT.set(cr);
        cr.fill_preserve()?;
        palette::US.set(cr);
        cr.set_line_width(0.3);
        cr.stroke()?;
        text(
            cr,
            r.x + 1.5,
            r.y + 0.5,
            &row.name,
            &condensed(3.0, true),
            Align::Left,
        );
        palette::INK.set(cr);
        text(
            cr,
            r.x + 1.5,
            r.y + 4.3,
            &row.attacks,
            &condensed(2.8, false),
            Align::Left,
        );
        let counts = gettext("{left} left · {taken} taken")
            .replace("{left}", &row.left.to_string())
            .replace("{taken}", &row.taken.to_string());
        text(
            cr,
            r.right() - 1.5,
            r.y + 2.2,
            &counts,
            &condensed(2.7, false),
            Align::Right,
        );
    }
    Ok(())
}

fn weather_box(cr: &Context, r: Rect, title: &str, ground: Rgb) -> Result<(), cairo::Error> {
    let h = labelled_box(cr, r, title, "4.0", ground)?;
    palette::INK.with_alpha(cr, 0.7);
    text(
        cr,
        r.x + 2.0,
        r.y + 1.5 + h,
        &gettext("Good · Poor · Bad"),
        &condensed(2.6, false),
        Align::Left,
    );
    Ok(())
}

/// The weather marker in a weather box.
fn weather_marker(cr: &Context, r: Rect, value: Option<&str>) -> Result<(), cairo::Error> {
    let Some(v) = value else {
        return Ok(());
    };
    let m = Rect::new(r.x + 4.0, r.y + 16.0, r.w - 8.0, 12.0);
    rounded_rect(cr, m.x, m.y, m.w, m.h, 1.0);
    palette::SAND.set(cr);
    cr.fill_preserve()?;
    palette::INK.set(cr);
    cr.set_line_width(0.35);
    cr.stroke()?;
    fitted_text(cr, m.x + m.w / 2.0, m.y + 2.8, m.w - 3.0, v, 5.0, true);
    Ok(())
}

fn sar_box(cr: &Context, s: SarBox) -> Result<(), cairo::Error> {
    let r = s.rect();
    let ground = if s == SarBox::BailOutLand {
        palette::LAND_BOX
    } else {
        palette::SEA_BOX
    };
    labelled_box(cr, r, &s.title(), s.rule(), ground)?;
    palette::NV.set(cr);
    cr.set_line_width(0.6);
    rounded_rect(cr, r.x + 0.6, r.y + 0.6, r.w - 1.2, r.h - 1.2, 1.2);
    cr.stroke()
}

/// The RESCAP panel [15.3]: two NVA Patrol boxes hunting a pilot down over land, with arrows
/// to the Bail Out Over Land box.
fn rescap_sheet(cr: &Context) -> Result<(), cairo::Error> {
    let r = RESCAP_RECT;
    labelled_box(cr, r, &gettext("RESCAP"), "15.3", palette::LAND_BOX)?;
    palette::INK.with_alpha(cr, 0.7);
    text(
        cr,
        r.x + 2.0,
        r.bottom() - 18.4,
        &gettext("2 × A-1 Skyraider, HH-53"),
        &condensed(2.6, false),
        Align::Left,
    );
    for i in 0..PATROLS {
        let p = patrol_rect(i);
        rounded_rect(cr, p.x, p.y, p.w, p.h, 1.0);
        Rgb::WHITE.set(cr);
        cr.fill_preserve()?;
        palette::NV.set(cr);
        cr.set_line_width(0.4);
        cr.stroke()?;
        fitted_text(
            cr,
            p.x + p.w / 2.0,
            p.y + 0.8,
            p.w - 2.0,
            &gettext("NVA Patrol {n}").replace("{n}", &(i + 1).to_string()),
            2.9,
            true,
        );
        // The patrols close in on the downed pilot.
        let (cx, _) = p.centre();
        palette::NV.set(cr);
        cr.set_line_width(0.6);
        cr.move_to(cx, r.bottom());
        cr.line_to(cx, SarBox::BailOutLand.rect().y - 1.2);
        cr.stroke()?;
        arrow_head(cr, (cx, r.bottom()), (cx, SarBox::BailOutLand.rect().y))?;
    }
    Ok(())
}

/// A RESCAP under way: the patrols' markers, their attackers, the state of the rescue.
fn rescap_pieces(cr: &Context, rescap: &RescapScene) -> Result<(), cairo::Error> {
    for (i, patrol) in rescap.patrols.iter().enumerate().take(PATROLS) {
        let p = patrol_rect(i);
        let mut y = p.y + 5.0;
        let mut marker = |label: &str, ground: Rgb, ink: Rgb| -> Result<(), cairo::Error> {
            rounded_rect(cr, p.x + 1.0, y, p.w - 2.0, 4.6, 0.6);
            ground.set(cr);
            cr.fill()?;
            ink.set(cr);
            fitted_text(cr, p.x + p.w / 2.0, y + 0.8, p.w - 3.0, label, 2.6, true);
            y += 5.2;
            Ok(())
        };
        if patrol.suppressed > 0 {
            let s = gettext("Suppressed ×{n}").replace("{n}", &patrol.suppressed.to_string());
            marker(&s, palette::SUPPRESSED, palette::INK)?;
        }
        if patrol.out {
            marker(&gettext("Knocked Out"), palette::KNOCKED_OUT, Rgb::WHITE)?;
        }
        for a in &patrol.attackers {
            marker(a, palette::US_LIGHT, palette::US)?;
        }
    }
    let r = RESCAP_RECT;
    palette::US.set(cr);
    cr.save()?;
    cr.rectangle(r.x, r.bottom() - 12.5, r.w, 12.0);
    cr.clip();
    paragraph(
        cr,
        r.x + 2.0,
        r.bottom() - 12.3,
        r.w - 4.0,
        &rescap.summary,
        &condensed(2.7, true),
        Align::Left,
    );
    cr.restore()
}

/// The division's Skyhawks in a column beside the player's marker, from the bottom up; when
/// more fly than fit, the last place counts the rest.
fn wingmen(cr: &Context, r: Rect, wingmen: &[(String, u8)]) -> Result<(), cairo::Error> {
    let x = r.right() - MARKER - 3.0 - WINGMAN;
    let room = 3;
    for i in 0..wingmen.len().min(room) {
        let y = r.bottom() - 2.0 - WINGMAN - i as f64 * (WINGMAN + 1.0);
        rounded_rect(cr, x, y, WINGMAN, WINGMAN, 0.8);
        palette::US_LIGHT.set(cr);
        cr.fill_preserve()?;
        palette::US.set(cr);
        cr.set_line_width(0.35);
        cr.stroke()?;
        let (label, hits) = &wingmen[i];
        if i + 1 == room && wingmen.len() > room {
            let more = format!("+{}", wingmen.len() - i);
            fitted_text(
                cr,
                x + WINGMAN / 2.0,
                y + 2.2,
                WINGMAN - 1.0,
                &more,
                3.4,
                true,
            );
            continue;
        }
        fitted_text(
            cr,
            x + WINGMAN / 2.0,
            y + 0.6,
            WINGMAN - 1.0,
            label,
            3.0,
            true,
        );
        if *hits > 0 {
            palette::NV.set(cr);
            let h =
                ngettext("{n} hit", "{n} hits", u32::from(*hits)).replace("{n}", &hits.to_string());
            fitted_text(cr, x + WINGMAN / 2.0, y + 4.6, WINGMAN - 1.0, &h, 2.4, true);
        }
    }
    Ok(())
}
