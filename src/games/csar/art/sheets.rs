//! Printed sheets (rules digest §10.4–10.5): the two-sided Player Aid, the Mission Log and the
//! Campaign Record. Each is drawn on a page of any size in millimetres; the record sheets are
//! drawn blank, or filled from a record whose empty fields stay blank.

use cairo::Context;
use serde::{Deserialize, Serialize};

use super::{condensed, palette};
use crate::art::draw::{Align, Font, measure, paragraph, text};
pub use crate::art::sheet::{MARGIN, Page};
use crate::art::sheet::{Style, Table, field, heading, page_frame, tick};

/// The title bar and headings of this game's sheets.
const STYLE: Style = Style {
    game: "THAT OTHERS MAY LIVE",
    banner: palette::HIDDEN,
    heading: palette::COMMAND_BANNER,
};
use crate::engine::content::{self, ContentError, Source};
use crate::engine::message::n_;
use crate::i18n::{gettext, pgettext};

/// Smallest text size of the Player Aid (about 2.2 mm capitals).
pub const MIN_AID_SIZE: f64 = 3.05;

// ---------------------------------------------------------------------------------------------
// Player Aid

/// The Player Aid text: two sides of titled sections.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerAid {
    pub side: Vec<AidSide>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AidSide {
    pub title: String,
    pub section: Vec<AidSection>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AidSection {
    pub title: String,
    pub source: Source,
    pub lines: Vec<String>,
}

impl PlayerAid {
    /// The project's Player Aid (or a corrected `player_aid.toml` from the overrides folder),
    /// in the player's language: its texts are content strings of the catalogue.
    pub fn load() -> Result<PlayerAid, ContentError> {
        let aid: PlayerAid = content::load(
            "csar",
            "player_aid.toml",
            include_str!("../../../../data/games/csar/player_aid.toml"),
        )?;
        Ok(aid.translated())
    }

    fn translated(self) -> PlayerAid {
        let side = self
            .side
            .into_iter()
            .map(|s| AidSide {
                title: translate(&s.title),
                section: s
                    .section
                    .into_iter()
                    .map(|c| AidSection {
                        title: translate(&c.title),
                        lines: c.lines.iter().map(|l| translate(l)).collect(),
                        ..c
                    })
                    .collect(),
            })
            .collect();
        PlayerAid { side }
    }
}

/// Where one section of an aid side goes: (section index, x, y, column width).
pub type Placement = (usize, f64, f64, f64);

/// Where each section of an aid side goes at one text size, or None when the side does not
/// fit the page at that size.
fn aid_flow(
    cr: &Context,
    side: &AidSide,
    page: Page,
    size: f64,
    columns: usize,
) -> Option<Vec<Placement>> {
    let gap = 6.0;
    let top = MARGIN + 12.0;
    let bottom = page.h - MARGIN;
    let col_w = (page.w - 2.0 * MARGIN - gap * (columns - 1) as f64) / columns as f64;
    let (mut col, mut y) = (0, top);
    let mut out = Vec::new();
    for (i, s) in side.section.iter().enumerate() {
        let h = section_height(cr, s, col_w, size);
        if y + h > bottom && y > top {
            col += 1;
            y = top;
        }
        if col >= columns || y + h > bottom {
            return None;
        }
        out.push((i, MARGIN + col as f64 * (col_w + gap), y, col_w));
        y += h + 4.0;
    }
    Some(out)
}

fn section_height(cr: &Context, s: &AidSection, w: f64, size: f64) -> f64 {
    let head = measure(cr, &s.title, &condensed(size * 1.2, true), Some(w)).1 + 1.5;
    head + s
        .lines
        .iter()
        .map(|l| measure(cr, l, &Font::sans(size), Some(w - 3.0)).1 + 0.8)
        .sum::<f64>()
}

/// The text size, columns and placements a side is drawn with: the largest size from 4.0 mm
/// down to [`MIN_AID_SIZE`] that fits, in 2 columns on a portrait page or 3 on a landscape one.
pub fn aid_layout(cr: &Context, side: &AidSide, page: Page) -> Option<(f64, Vec<Placement>)> {
    let columns = if page.w > page.h { 3 } else { 2 };
    let mut size = 4.0;
    while size >= MIN_AID_SIZE - 1e-9 {
        if let Some(flow) = aid_flow(cr, side, page, size, columns) {
            return Some((size, flow));
        }
        size -= 0.1;
    }
    None
}

/// Draws one side of the Player Aid on `page`. Fails with `cairo::Error::InvalidSize` when the
/// text cannot fit at a readable size.
pub fn draw_player_aid(cr: &Context, side: &AidSide, page: Page) -> Result<(), cairo::Error> {
    let (size, flow) = aid_layout(cr, side, page).ok_or(cairo::Error::InvalidSize)?;
    page_frame(cr, page, &STYLE, &side.title)?;
    for (i, x, y, w) in flow {
        let s = &side.section[i];
        let head = condensed(size * 1.2, true);
        palette::COMMAND_BANNER.set(cr);
        let mut y = y + paragraph(cr, x, y, w, &s.title, &head, Align::Left) + 1.5;
        if s.source == Source::Recon {
            palette::SHAKEN.set(cr);
            text(
                cr,
                x + w,
                y - 5.5,
                &gettext("reconstructed"),
                &condensed(2.6, false),
                Align::Right,
            );
        }
        palette::INK.set(cr);
        for line in &s.lines {
            cr.new_path();
            cr.arc(x + 1.0, y + size * 0.55, 0.5, 0.0, std::f64::consts::TAU);
            cr.fill()?;
            y += paragraph(
                cr,
                x + 3.0,
                y,
                w - 3.0,
                line,
                &Font::sans(size),
                Align::Left,
            ) + 0.8;
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Tables and fields

fn opt(v: &Option<String>) -> Option<&str> {
    v.as_deref().filter(|s| !s.is_empty())
}

fn num(v: Option<i32>) -> String {
    v.map(|n| n.to_string()).unwrap_or_default()
}

// ---------------------------------------------------------------------------------------------
// Mission Log

/// One turn's row of the Mission Log; empty strings stay blank.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TurnRow {
    pub event: String,
    pub cards: String,
    pub moves: String,
    pub played: String,
    pub fire: String,
    pub rescue: String,
    pub bda: String,
    pub search: String,
    pub abort: String,
    pub survivors: String,
    pub notes: String,
}

/// What happened to an aircraft.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AircraftFate {
    Cool,
    Shaken,
    ShotDown,
    Destroyed,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AircraftStatus {
    pub name: String,
    pub fate: Option<AircraftFate>,
    pub turn: Option<u8>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct SurvivorRow {
    pub origin: String,
    pub condition: String,
    pub fate: String,
    pub turn: Option<u8>,
}

/// The mission's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

/// A Mission Log; `MissionLog::blank()` prints an empty form.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MissionLog {
    pub scenario: Option<String>,
    pub date: Option<String>,
    /// Optional rules in use: 6.1–6.5, then the scenario extras 7.2 (ArcLight) and 7.3
    /// (one Survivor aboard the Huskie).
    pub optional_rules: [bool; 7],
    pub variable_end: Option<String>,
    pub campaign_mission: Option<u8>,
    /// Pilot/PJ card and the aircraft carrying it.
    pub crew: Vec<(String, String)>,
    pub search_start: Option<u8>,
    pub abort_start: Option<u8>,
    pub hand: Option<String>,
    pub removed: Option<String>,
    /// Turns 1–10.
    pub turns: Vec<TurnRow>,
    pub aircraft: Vec<AircraftStatus>,
    pub survivors: Vec<SurvivorRow>,
    pub outcome: Option<Outcome>,
    pub deciding: Option<String>,
}

/// The aircraft a blank Mission Log lists, in the game's words (translated where drawn).
const BLANK_AIRCRAFT: [&str; 11] = [
    "Sandy 1",
    "Sandy 2",
    "Sandy 3",
    "Sandy 4",
    "Jolly 5",
    "Jolly 6",
    "FAC 7",
    "Fast Mover A",
    "Fast Mover B",
    "Fast Mover C",
    "Fast Mover D",
];

impl MissionLog {
    pub fn blank() -> MissionLog {
        MissionLog {
            scenario: None,
            date: None,
            optional_rules: [false; 7],
            variable_end: None,
            campaign_mission: None,
            crew: Vec::new(),
            search_start: None,
            abort_start: None,
            hand: None,
            removed: None,
            turns: vec![TurnRow::default(); 10],
            aircraft: BLANK_AIRCRAFT
                .iter()
                .map(|n| AircraftStatus {
                    name: aircraft_label(n),
                    fate: None,
                    turn: None,
                })
                .collect(),
            survivors: vec![SurvivorRow::default(); 6],
            outcome: None,
            deciding: None,
        }
    }
}

/// A word of the game in the player's language; nothing for nothing (gettext would answer
/// the empty string with the catalogue's header).
pub fn translate(word: &str) -> String {
    if word.is_empty() {
        String::new()
    } else {
        gettext(word)
    }
}

/// An aircraft's name as the Mission Log prints it, in the player's language, from its name in
/// the game's words: "Sandy 1", and "FM A" for Fast Mover A.
pub fn aircraft_label(name: &str) -> String {
    match name.strip_prefix("Fast Mover ") {
        // Translators: a Fast Mover's short name on the Mission Log, e.g. "FM A".
        Some(letter) => gettext("FM {letter}").replace("{letter}", letter),
        None => translate(name),
    }
}

/// `gettext` for a list of labels, to hand to a [`Table`].
fn translated(labels: &[&str]) -> Vec<String> {
    labels.iter().map(|l| gettext(*l)).collect()
}

fn as_strs(labels: &[String]) -> Vec<&str> {
    labels.iter().map(String::as_str).collect()
}

/// Draws a Mission Log on `page` (designed for A4 or Letter landscape). Its labels are drawn in
/// the player's language; the record's texts are drawn as they are.
pub fn draw_mission_log(cr: &Context, log: &MissionLog, page: Page) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("MISSION LOG"))?;
    let (x0, w) = (MARGIN, page.w - 2.0 * MARGIN);
    let mut y = MARGIN + 12.0;
    // Header.
    let q = w / 4.0;
    field(
        cr,
        x0,
        y,
        q * 1.6 - 3.0,
        &gettext("Scenario"),
        opt(&log.scenario),
    )?;
    field(
        cr,
        x0 + q * 1.6,
        y,
        q * 0.9 - 3.0,
        &gettext("Date"),
        opt(&log.date),
    )?;
    let mission = log.campaign_mission.map(|m| m.to_string());
    field(
        cr,
        x0 + q * 2.5,
        y,
        q * 0.6 - 3.0,
        &gettext("Campaign mission"),
        mission.as_deref(),
    )?;
    field(
        cr,
        x0 + q * 3.1,
        y,
        q * 0.9,
        &gettext("Variable end"),
        opt(&log.variable_end),
    )?;
    y += 6.5;
    palette::INK.set(cr);
    let mut x =
        x0 + text(
            cr,
            x0,
            y,
            &gettext("Optional rules:"),
            &condensed(3.2, true),
            Align::Left,
        ) + 2.0;
    let names = translated(&[
        // Translators: the optional rules ticked on the Mission Log, by rule number.
        n_("6.1 Bombing"),
        n_("6.2 Pinpointing"),
        n_("6.3 Danger Close"),
        n_("6.4 Recovering"),
        n_("6.5 Search"),
        n_("7.2 ArcLight"),
        n_("7.3 Huskie"),
    ]);
    for (n, &on) in names.iter().zip(&log.optional_rules) {
        x += tick(cr, x, y, n, on)?;
    }
    // Translators: a Pilot/PJ card and the aircraft carrying it, e.g. "Doc on Jolly 5".
    let on = gettext("{pilot} on {aircraft}");
    let crew = log
        .crew
        .iter()
        .map(|(c, a)| on.replace("{pilot}", c).replace("{aircraft}", a))
        .collect::<Vec<_>>()
        .join(", ");
    field(
        cr,
        x + 2.0,
        y,
        x0 + w - x - 2.0,
        &gettext("Pilot/PJ on"),
        Some(crew.as_str()).filter(|s| !s.is_empty()),
    )?;
    y += 6.5;
    let s = log.search_start.map(|v| v.to_string());
    let a = log.abort_start.map(|v| v.to_string());
    field(
        cr,
        x0,
        y,
        q * 0.5 - 3.0,
        &gettext("Search start"),
        s.as_deref(),
    )?;
    field(
        cr,
        x0 + q * 0.5,
        y,
        q * 0.5 - 3.0,
        &gettext("Abort start"),
        a.as_deref(),
    )?;
    field(
        cr,
        x0 + q,
        y,
        q * 1.5 - 3.0,
        &gettext("Hand"),
        opt(&log.hand),
    )?;
    field(
        cr,
        x0 + q * 2.5,
        y,
        q * 1.5,
        &gettext("Removed cards"),
        opt(&log.removed),
    )?;
    y += 8.0;
    // Turns.
    let headers = translated(&[
        // Translators: the column headers of the Mission Log's turn table.
        n_("Turn"),
        n_("Event"),
        n_("Cards drawn / reserved"),
        n_("Aircraft moves (zone)"),
        n_("Cards played"),
        n_("Enemy fire (ZFV, hits, burned, losses)"),
        n_("Rescue"),
        n_("BDA"),
        n_("Search"),
        n_("Abort"),
        n_("Survivors"),
        n_("Notes"),
    ]);
    let cols = [
        0.04, 0.08, 0.09, 0.11, 0.09, 0.15, 0.08, 0.06, 0.07, 0.07, 0.08, 0.08,
    ];
    let rows: Vec<Vec<String>> = (0..10)
        .map(|t| {
            let r = log.turns.get(t).cloned().unwrap_or_default();
            vec![
                (t + 1).to_string(),
                r.event,
                r.cards,
                r.moves,
                r.played,
                r.fire,
                r.rescue,
                r.bda,
                r.search,
                r.abort,
                r.survivors,
                r.notes,
            ]
        })
        .collect();
    let lower = 62.0;
    let row_h = ((page.h - MARGIN - lower - y - 6.0) / 10.0).max(6.0);
    y += Table {
        x: x0,
        y,
        w,
        row_h,
        cols: &cols,
        printed_cols: 1,
    }
    .draw(cr, &as_strs(&headers), &rows)?
        + 4.0;
    // Aircraft status, survivors and result side by side.
    let aw = w * 0.42;
    heading(cr, &STYLE, x0, y, &gettext("Aircraft"));
    let fates = [
        (AircraftFate::Cool, gettext("Cool")),
        (AircraftFate::Shaken, gettext("Shaken")),
        (AircraftFate::ShotDown, gettext("Shot down")),
        (AircraftFate::Destroyed, gettext("Destroyed")),
    ];
    let rh = 4.6;
    let half = log.aircraft.len().div_ceil(2);
    for (i, a) in log.aircraft.iter().enumerate() {
        let (cx, cy) = (
            x0 + (i / half) as f64 * aw / 2.0,
            y + 6.0 + (i % half) as f64 * rh,
        );
        palette::INK.set(cr);
        text(cr, cx, cy, &a.name, &condensed(3.0, true), Align::Left);
        let mut tx = cx + 14.0;
        for (f, _) in &fates {
            cr.rectangle(tx, cy + 0.5, 3.0, 3.0);
            cr.set_line_width(0.25);
            cr.stroke()?;
            if a.fate == Some(*f) {
                cr.rectangle(tx + 0.7, cy + 1.2, 1.6, 1.6);
                palette::FRIENDLY_DARK.set(cr);
                cr.fill()?;
                palette::INK.set(cr);
            }
            tx += 5.0;
        }
        let t = a.turn.map_or_else(|| "__".to_owned(), |t| t.to_string());
        // Translators: "turn 3" in a few letters, after an aircraft's boxes on the Mission Log.
        let t = gettext("t{turn}").replace("{turn}", &t);
        text(cr, tx + 0.5, cy, &t, &condensed(3.0, false), Align::Left);
    }
    palette::INK.set(cr);
    let legend = fates
        .iter()
        .map(|(_, n)| n.as_str())
        .collect::<Vec<_>>()
        .join(" · ");
    text(
        cr,
        x0 + 20.0,
        y + 0.6,
        // Translators: the legend of the aircraft boxes, e.g. "boxes: Cool · Shaken · …".
        &gettext("boxes: {legend}").replace("{legend}", &legend),
        &condensed(2.8, false),
        Align::Left,
    );
    let sx = x0 + aw + 4.0;
    let sw = w * 0.36;
    heading(cr, &STYLE, sx, y, &gettext("Survivors"));
    let rows: Vec<Vec<String>> = log
        .survivors
        .iter()
        .map(|s| {
            vec![
                s.origin.clone(),
                s.condition.clone(),
                s.fate.clone(),
                s.turn.map(|t| t.to_string()).unwrap_or_default(),
            ]
        })
        .collect();
    Table {
        x: sx,
        y: y + 6.0,
        w: sw,
        row_h: 5.2,
        cols: &[0.34, 0.2, 0.34, 0.12],
        printed_cols: 0,
    }
    .draw(
        cr,
        &as_strs(&translated(&[
            n_("Origin (scenario / aircraft)"),
            n_("Healthy/Injured"),
            n_("Fate"),
            n_("Turn"),
        ])),
        &rows,
    )?;
    let rx = sx + sw + 4.0;
    let rw = x0 + w - rx;
    heading(cr, &STYLE, rx, y, &gettext("Result"));
    let mut ty = y + 7.0;
    for (o, n) in [
        (Outcome::Win, pgettext("mission result", "Win")),
        (Outcome::Draw, pgettext("mission result", "Draw")),
        (Outcome::Loss, pgettext("mission result", "Loss")),
    ] {
        tick(cr, rx, ty, &n, log.outcome == Some(o))?;
        ty += 5.5;
    }
    palette::INK.set(cr);
    text(
        cr,
        rx,
        ty + 1.0,
        &gettext("Deciding condition:"),
        &condensed(3.1, true),
        Align::Left,
    );
    // Lines to write on, or the condition in their place (its wrapped lines would be struck
    // through by them).
    if let Some(d) = opt(&log.deciding) {
        palette::FRIENDLY_DARK.set(cr);
        paragraph(cr, rx, ty + 6.0, rw, d, &Font::sans(3.3), Align::Left);
        return Ok(());
    }
    for i in 0..3 {
        cr.move_to(rx, ty + 11.0 + 6.0 * f64::from(i));
        cr.line_to(rx + rw, ty + 11.0 + 6.0 * f64::from(i));
    }
    cr.set_line_width(0.2);
    cr.stroke()
}

// ---------------------------------------------------------------------------------------------
// Campaign Record

/// One mission's Morale ledger; `None` fields stay blank.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MoraleLedger {
    pub start: Option<i32>,
    /// Purchases, in the order of [`PURCHASES`].
    pub purchases: [Option<i32>; 4],
    /// Scoring lines, in the order of [`SCORING`].
    pub scoring: [Option<i32>; 7],
    pub end: Option<i32>,
    /// What was bought before the mission (words of the game, shown translated).
    #[serde(default)]
    pub bought: Vec<String>,
}

/// What may be bought before a mission (8.0), with the reconstructed prices of G-8.
pub const PURCHASES: [&str; 4] = [
    n_("Action cards from the removed set (1 MP each)"),
    n_("Extra turn, 9 → 10 (2 MP, once)"),
    n_("Pilots / PJs (2 MP each)"),
    n_("Fast Movers for the Pool (1 MP each, max 4)"),
];

/// The scoring lines of 8.0.
pub const SCORING: [&str; 7] = [
    n_("No CSAR aircraft shot down or destroyed: +1"),
    n_("All Survivors rescued and off the map: +2"),
    n_("Each Survivor captured or abandoned: −3"),
    n_("Abort marker final space: −1 each"),
    n_("Auto Abort reached: −5 (instead)"),
    n_("Each Pilot/PJ killed or captured: −2"),
    n_("Each Pilot/PJ recovered after being shot down: +1"),
];

/// "Mission 2", in the player's language.
fn mission(n: usize) -> String {
    gettext("Mission {n}").replace("{n}", &n.to_string())
}

/// Draws the Morale Point ledger of three missions as a table, top-left at (x, y), `w` wide:
/// the balance at the start, each purchase, each scoring line and the balance at the end, in
/// the player's language. The Campaign Record and the live board both draw it; returns the
/// height used.
pub fn draw_morale_table(
    cr: &Context,
    missions: &[MoraleLedger; 3],
    x: f64,
    y: f64,
    w: f64,
) -> Result<f64, cairo::Error> {
    let mut rows: Vec<Vec<String>> = Vec::new();
    let per = |f: &dyn Fn(&MoraleLedger) -> Option<i32>| -> Vec<String> {
        missions.iter().map(|m| num(f(m))).collect()
    };
    let mut push = |label: String, cells: Vec<String>| {
        let mut r = vec![label];
        r.extend(cells);
        rows.push(r);
    };
    push(gettext("Morale at start"), per(&|m| m.start));
    for (i, p) in PURCHASES.iter().enumerate() {
        // Translators: a purchase line of the Morale ledger, e.g. "Bought: Pilots / PJs".
        let label = gettext("Bought: {purchase}").replace("{purchase}", &gettext(*p));
        push(label, per(&|m| m.purchases[i]));
    }
    for (i, line) in SCORING.iter().enumerate() {
        push(gettext(*line), per(&|m| m.scoring[i]));
    }
    push(gettext("Morale at end"), per(&|m| m.end));
    let headers = [String::new(), mission(1), mission(2), mission(3)];
    let headers = as_strs(&headers);
    Table {
        x,
        y,
        w,
        row_h: 6.2,
        cols: &[0.64, 0.12, 0.12, 0.12],
        printed_cols: 1,
    }
    .draw(cr, &headers, &rows)
}

/// The Action cards set aside for the campaign (8.0), in the order the campaign lists them:
/// each may be bought back for a mission (card titles, shown translated).
pub const REMOVED_CARDS: [&str; 5] = [
    n_("Ordnance: Napalm"),
    n_("Ordnance: Napalm"),
    n_("Ordnance: CS Gas"),
    n_("Request Aircraft"),
    n_("Request Aircraft"),
];

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RosterRow {
    pub name: String,
    pub bought_in: Option<u8>,
    /// Status after missions 1–3.
    pub status: [String; 3],
}

/// A Campaign Record; `CampaignRecord::blank()` prints an empty form.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CampaignRecord {
    pub missions: [MoraleLedger; 3],
    pub roster: Vec<RosterRow>,
    /// For each card set aside for the campaign, in the order of [`REMOVED_CARDS`]: whether it
    /// was bought back for missions 1, 2 and 3.
    pub removed_bought: [[bool; 3]; 5],
    pub won: Option<bool>,
}

impl CampaignRecord {
    pub fn blank() -> CampaignRecord {
        CampaignRecord {
            roster: vec![RosterRow::default(); 8],
            ..CampaignRecord::default()
        }
    }
}

/// Draws the roster of Pilots/PJs as a table, top-left at (x, y), `w` wide; returns its height.
fn draw_roster_table(
    cr: &Context,
    roster: &[RosterRow],
    x: f64,
    y: f64,
    w: f64,
) -> Result<f64, cairo::Error> {
    let rows: Vec<Vec<String>> = roster
        .iter()
        .map(|r| {
            let mut v = vec![
                r.name.clone(),
                r.bought_in.map(|m| m.to_string()).unwrap_or_default(),
            ];
            v.extend(r.status.iter().map(|s| translate(s)));
            v
        })
        .collect();
    let after = |n: u32| gettext("After mission {n}").replace("{n}", &n.to_string());
    let headers = [
        gettext("Name"),
        gettext("Bought in"),
        after(1),
        after(2),
        after(3),
    ];
    let headers = as_strs(&headers);
    Table {
        x,
        y,
        w,
        row_h: 6.2,
        cols: &[0.25, 0.12, 0.21, 0.21, 0.21],
        printed_cols: 0,
    }
    .draw(cr, &headers, &rows)
}

/// The campaign between missions, for the live board: the Morale ledger, what was bought for
/// each mission, and the Pilots/PJs carried, top-left at (x, y), `w` wide (drawn at the
/// Campaign Record's sizes: scale the context to enlarge it). Returns the height used.
pub fn draw_campaign_summary(
    cr: &Context,
    rec: &CampaignRecord,
    x: f64,
    y: f64,
    w: f64,
) -> Result<f64, cairo::Error> {
    let top = y;
    heading(cr, &STYLE, x, y, &gettext("Morale Points"));
    let mut y = y + 6.0;
    y += draw_morale_table(cr, &rec.missions, x, y, w)? + 3.0;
    palette::INK.set(cr);
    for (n, m) in rec.missions.iter().enumerate() {
        if m.bought.is_empty() {
            continue;
        }
        let words: Vec<String> = m.bought.iter().map(gettext).collect();
        // Translators: what was bought for one campaign mission, e.g. "Mission 2: Claws, a Fast Mover".
        let line = gettext("Bought for mission {n}: {what}")
            .replace("{n}", &(n + 1).to_string())
            .replace("{what}", &words.join(", "));
        super::fitted_left(cr, x, y, w, &line, condensed(3.2, false));
        y += 5.0;
    }
    let roster: Vec<RosterRow> = rec
        .roster
        .iter()
        .filter(|r| !r.name.is_empty())
        .cloned()
        .collect();
    if !roster.is_empty() {
        y += 3.0;
        heading(cr, &STYLE, x, y, &gettext("Pilots and PJs"));
        y += 6.0;
        y += draw_roster_table(cr, &roster, x, y, w)?;
    }
    Ok(y - top)
}

/// Draws a Campaign Record on `page` (designed for A4 or Letter portrait).
pub fn draw_campaign_record(
    cr: &Context,
    rec: &CampaignRecord,
    page: Page,
) -> Result<(), cairo::Error> {
    page_frame(cr, page, &STYLE, &gettext("CAMPAIGN RECORD"))?;
    let (x0, w) = (MARGIN, page.w - 2.0 * MARGIN);
    let mut y = MARGIN + 13.0;
    heading(
        cr,
        &STYLE,
        x0,
        y,
        &gettext("Morale Points (start with 5; saved points carry over)"),
    );
    y += 6.0;
    y += draw_morale_table(cr, &rec.missions, x0, y, w)? + 6.0;
    heading(cr, &STYLE, x0, y, &gettext("Pilots and PJs"));
    y += 6.0;
    y += draw_roster_table(cr, &rec.roster, x0, y, w)? + 2.0;
    palette::INK.set(cr);
    text(
        cr,
        x0,
        y,
        &gettext("Status: available · used & returned · downed & recovered · KIA · POW"),
        &condensed(3.0, false),
        Align::Left,
    );
    y += 8.0;
    heading(
        cr,
        &STYLE,
        x0,
        y,
        &gettext("Cards removed for the campaign — bought back for mission…"),
    );
    y += 6.5;
    for (card, bought) in REMOVED_CARDS.iter().zip(&rec.removed_bought) {
        palette::INK.set(cr);
        text(
            cr,
            x0,
            y,
            &gettext(*card),
            &condensed(3.2, false),
            Align::Left,
        );
        let mut x = x0 + 40.0;
        for (m, &on) in bought.iter().enumerate() {
            x += tick(cr, x, y, &mission(m + 1), on)?;
        }
        y += 5.5;
    }
    y += 4.0;
    heading(
        cr,
        &STYLE,
        x0,
        y,
        &gettext("Campaign result (won with more than 0 Morale after mission 3)"),
    );
    y += 6.5;
    let won = pgettext("campaign result", "Won");
    let x = x0 + tick(cr, x0, y, &won, rec.won == Some(true))?;
    let lost = pgettext("campaign result", "Lost");
    tick(cr, x + 4.0, y, &lost, rec.won == Some(false))?;
    Ok(())
}

#[cfg(test)]
pub(in crate::games::csar) mod tests {
    use super::*;
    use crate::games::csar::art::testutil::{inked, surface};

    #[test]
    fn player_aid_loads_and_both_sides_fit_readably() {
        let aid = PlayerAid::load().unwrap();
        assert_eq!(aid.side.len(), 2);
        for page in [Page::A4_PORTRAIT, Page::LETTER_PORTRAIT, Page::A4_LANDSCAPE] {
            for side in &aid.side {
                let (mut s, cr) = surface(page.w, page.h);
                let (size, flow) = aid_layout(&cr, side, page).expect("aid side fits");
                assert!(size >= MIN_AID_SIZE - 1e-9);
                assert_eq!(flow.len(), side.section.len());
                draw_player_aid(&cr, side, page).unwrap();
                drop(cr);
                // Text everywhere the flow put a section.
                for (_, x, y, w) in flow {
                    assert!(inked(&mut s, x, y, w, 8.0) > 200);
                }
            }
        }
    }

    #[test]
    fn record_sheets_draw_blank_and_filled() {
        let page = Page::A4_LANDSCAPE;
        let mut filled = MissionLog::blank();
        filled.scenario = Some("Caged Tiger".into());
        filled.turns[0].event = "none (turn 1)".into();
        filled.aircraft[0].fate = Some(AircraftFate::Shaken);
        filled.outcome = Some(Outcome::Win);
        let (mut a, cra) = surface(page.w, page.h);
        draw_mission_log(&cra, &MissionLog::blank(), page).unwrap();
        let (mut b, crb) = surface(page.w, page.h);
        draw_mission_log(&crb, &filled, page).unwrap();
        drop((cra, crb));
        // The scenario field differs, the blank form is not empty.
        let blank_field = inked(&mut a, MARGIN + 15.0, MARGIN + 12.0, 40.0, 5.0);
        let filled_field = inked(&mut b, MARGIN + 15.0, MARGIN + 12.0, 40.0, 5.0);
        assert!(
            filled_field > blank_field + 100,
            "{filled_field} vs {blank_field}"
        );
        assert!(inked(&mut a, 0.0, 0.0, page.w, page.h) > 20_000);

        let page = Page::A4_PORTRAIT;
        let mut rec = CampaignRecord::blank();
        rec.missions[0].start = Some(5);
        rec.won = Some(true);
        let (mut c, crc) = surface(page.w, page.h);
        draw_campaign_record(&crc, &rec, page).unwrap();
        drop(crc);
        assert!(inked(&mut c, 0.0, page.h * 0.5, page.w, page.h * 0.4) > 5_000);
    }

    /// The string literals with a word in them (two letters running) of the shipped code of
    /// `source` from the line `from` on that do not go through the catalogue: not the text of a
    /// `gettext`, `pgettext`, `ngettext`, `msg`, `msg_n` or `n_` call, nor a message argument's name (`arg`, `term`,
    /// `value`, `word`), nor a message id compared or matched, nor one of `allowed`.
    pub(in crate::games::csar) fn untranslated(
        source: &str,
        from: &str,
        allowed: &[&str],
    ) -> Vec<String> {
        let start = source.find(from).expect("the marker line");
        let code: String = source[start..]
            .split("#[cfg(test)]")
            .next()
            .unwrap_or_default()
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .collect::<Vec<_>>()
            .join("\n");
        let keywords = [
            "gettext(",
            "msg(",
            "msg_n(",
            "n_(",
            ".arg(",
            ".term(",
            "arg(",
            "value(",
            "word(",
            "==",
            "strip_prefix(",
        ];
        let mut found = Vec::new();
        let mut context_of_pgettext = false;
        let mut rest = code.as_str();
        let mut before_len = 0;
        while let Some(open) = rest.find('"') {
            let body = &rest[open + 1..];
            let mut close = 0;
            let mut escaped = false;
            for (i, c) in body.char_indices() {
                match c {
                    '\\' if !escaped => escaped = true,
                    '"' if !escaped => {
                        close = i;
                        break;
                    }
                    _ => escaped = false,
                }
            }
            let literal = &body[..close];
            let before = code[..before_len + open].trim_end();
            let after = body[close + 1..].trim_start();
            let through = keywords.iter().any(|k| before.ends_with(k))
                || (context_of_pgettext && before.ends_with(','))
                || after.starts_with("=>")
                || after.starts_with('|');
            let worded = literal
                .as_bytes()
                .windows(2)
                .any(|w| w[0].is_ascii_alphabetic() && w[1].is_ascii_alphabetic());
            let placeholder = literal
                .strip_prefix('{')
                .and_then(|l| l.strip_suffix('}'))
                .is_some_and(|name| name.chars().all(|c| c.is_alphanumeric() || c == '_'));
            if worded && !through && !placeholder && !allowed.contains(&literal) {
                found.push(literal.to_owned());
            }
            // The second text of a pgettext (the context first), ngettext or msg_n (the plural).
            context_of_pgettext = ["pgettext(", "ngettext(", "msg_n("]
                .iter()
                .any(|k| before.ends_with(k));
            let used = open + 1 + close + 1;
            before_len += used;
            rest = &rest[used..];
        }
        found
    }

    /// Every word the record sheets print goes through the catalogue (the names of the game's
    /// aircraft are translated where they are drawn). The kit's tests check the record it
    /// fills.
    #[test]
    fn the_record_sheets_print_no_word_outside_the_catalogue() {
        let sheets = untranslated(
            include_str!("sheets.rs"),
            "// Tables and fields",
            &BLANK_AIRCRAFT,
        );
        assert_eq!(sheets, Vec::<String>::new(), "sheets.rs");

        // The check sees an untranslated word.
        let code = "// Tables and fields\nfn f() { text(cr, \"Hello\"); gettext(\"Fine\"); }";
        assert_eq!(untranslated(code, "// Tables", &[]), ["Hello"]);
    }

    #[test]
    fn cards_bought_back_are_ticked_on_the_campaign_record() {
        let page = Page::A4_PORTRAIT;
        let ink = |rec: &CampaignRecord| {
            let (mut s, cr) = surface(page.w, page.h);
            draw_campaign_record(&cr, rec, page).unwrap();
            drop(cr);
            inked(&mut s, 0.0, 0.0, page.w, page.h)
        };
        let blank = CampaignRecord::blank();
        let mut bought = CampaignRecord::blank();
        bought.removed_bought[0][0] = true;
        bought.removed_bought[3] = [true, false, true];
        let (without, with) = (ink(&blank), ink(&bought));
        // Three pen ticks of about 4 mm of 0.6 mm line each.
        assert!(with > without + 3 * 80, "{with} vs {without}");
    }
}
