//! The mapsheet: a Center Zone ringed by four Outer Zones, each with its holding boxes, plus
//! the Orbit Box, Fast Mover Pool, Information Track and Card Reserve (rules digest §2.2, G-7,
//! §10.3), and for the live board a tray with the hand and the latest Resolution draws.
//!
//! [`MapLayout`] computes every rectangle once, in millimetres. [`draw_map`] draws the empty
//! sheet and whatever a [`MapScene`] places on it; [`hit_test`] answers which target lies under
//! a point, with these ids: `zone:C|N|E|S|W`, `orbit`, `pool`, each counter's own [`Piece::id`],
//! `card:hand:<n>`, `card:reserve:<n>`, `card:zone:<Z>:<n>`, `card:drawn:<n>`, `card:event`.

use std::f64::consts::PI;
use std::sync::OnceLock;

use cairo::Context;
use serde::{Deserialize, Serialize};

use super::card::{CARD_H, CARD_W, CardFace, draw_card_front};
use super::counter::{CounterFace, MARKER_MM, TrackKind, UNIT_MM, draw_counter};
use super::sheets::{CampaignRecord, draw_campaign_summary};
use super::{condensed, fill_stroke, fitted_left, fitted_text, palette};
use crate::art::draw::{Rgb, measure, rounded_rect};
pub use crate::art::geometry::Rect;
use crate::i18n::{gettext, pgettext};

/// The map sheet: two A3 sheets side by side.
pub const SHEET_W: f64 = 594.0;
pub const SHEET_H: f64 = 420.0;
/// Height of the tray under the map on the live board.
pub const TRAY_H: f64 = 104.0;
/// How far the second card of a zone's Card Box sits below the first (its banner shows).
pub const CARD_STEP: f64 = 14.0;

const R_IN: f64 = 92.0;
const R_OUT: f64 = 202.0;
const CENTRE: (f64, f64) = (212.0, 210.0);
const SLOT: f64 = UNIT_MM;
const GAP: f64 = 2.0;

/// The five map zones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ZoneId {
    C,
    N,
    E,
    S,
    W,
}

impl ZoneId {
    pub const ALL: [ZoneId; 5] = [ZoneId::C, ZoneId::N, ZoneId::E, ZoneId::S, ZoneId::W];

    /// The zone's letter in target ids (`zone:N`): the same in every language.
    pub fn letter(self) -> &'static str {
        match self {
            ZoneId::C => "C",
            ZoneId::N => "N",
            ZoneId::E => "E",
            ZoneId::S => "S",
            ZoneId::W => "W",
        }
    }

    /// The zone's letter as the map prints it, in the player's language.
    pub fn printed_letter(self) -> String {
        match self {
            // Translators: the one-letter names of the zones on the map sheet (Center, North,
            // East, South, West), printed big in each zone and in the adjacency table.
            ZoneId::C => pgettext("zone letter", "C"),
            ZoneId::N => pgettext("zone letter", "N"),
            ZoneId::E => pgettext("zone letter", "E"),
            ZoneId::S => pgettext("zone letter", "S"),
            ZoneId::W => pgettext("zone letter", "W"),
        }
    }

    /// The Outer Zones next to this one besides the Center (opposite Outer Zones are not
    /// adjacent, A-1); none for the Center, which is next to every Outer Zone.
    fn outer_neighbours(self) -> &'static [ZoneId] {
        match self {
            ZoneId::C => &[],
            ZoneId::N | ZoneId::S => &[ZoneId::E, ZoneId::W],
            ZoneId::E | ZoneId::W => &[ZoneId::N, ZoneId::S],
        }
    }

    /// The zone's line of the map's adjacency table, e.g. "N: C, E, W".
    fn adjacency_line(self) -> String {
        let letter = self.printed_letter();
        if self == ZoneId::C {
            // Translators: the Center's line of the map's adjacency table; {zone} is its letter.
            return gettext("{zone}: all Outer Zones").replace("{zone}", &letter);
        }
        let near: Vec<String> = std::iter::once(ZoneId::C)
            .chain(self.outer_neighbours().iter().copied())
            .map(ZoneId::printed_letter)
            .collect();
        format!("{letter}: {}", near.join(", "))
    }

    /// The zone's printed name, in the player's language.
    pub fn name(self) -> String {
        match self {
            // Translators: zone names printed in capitals on the map sheet.
            ZoneId::C => gettext("CENTER"),
            ZoneId::N => gettext("NORTH"),
            ZoneId::E => gettext("EAST"),
            ZoneId::S => gettext("SOUTH"),
            ZoneId::W => gettext("WEST"),
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// Direction of an Outer Zone's middle, in radians (screen y grows downwards).
    fn heading(self) -> f64 {
        match self {
            ZoneId::C | ZoneId::E => 0.0,
            ZoneId::S => PI / 2.0,
            ZoneId::W => PI,
            ZoneId::N => -PI / 2.0,
        }
    }
}

/// What a holding box of a zone is printed for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SlotKind {
    Label,
    Aircraft,
    Survivor,
    Enemy,
    Hidden,
    ZoneMarker,
    Ordnance,
    Unit,
}

impl SlotKind {
    fn caption(self) -> String {
        match self {
            SlotKind::Label => String::new(),
            // Translators: captions of the holding boxes of a zone on the map sheet.
            SlotKind::Aircraft => pgettext("map box", "AIRCRAFT"),
            SlotKind::Survivor => gettext("SURVIVOR"),
            SlotKind::Enemy => gettext("ENEMY"),
            SlotKind::Hidden => gettext("HIDDEN"),
            SlotKind::ZoneMarker => gettext("ZONE MKR"),
            SlotKind::Ordnance => gettext("ORDNANCE"),
            SlotKind::Unit => gettext("GUN/BARR."),
        }
    }

    fn tint(self) -> Rgb {
        match self {
            SlotKind::Aircraft => palette::FRIENDLY,
            SlotKind::Survivor => palette::SURVIVOR,
            SlotKind::Enemy | SlotKind::Unit => palette::ENEMY,
            SlotKind::Hidden => palette::SUPPRESSED,
            SlotKind::ZoneMarker => palette::TERRAIN,
            SlotKind::Ordnance => palette::ORDNANCE,
            SlotKind::Label => palette::PAPER,
        }
    }

    /// The holding box a counter goes to.
    fn of(face: &CounterFace) -> SlotKind {
        match face {
            CounterFace::Aircraft { .. } => SlotKind::Aircraft,
            CounterFace::Survivor { .. } | CounterFace::Crew { .. } => SlotKind::Survivor,
            CounterFace::Enemy { .. } => SlotKind::Enemy,
            CounterFace::Hidden { .. } => SlotKind::Hidden,
            CounterFace::Zone(_) | CounterFace::ZoneBack => SlotKind::ZoneMarker,
            CounterFace::Gun { .. } | CounterFace::Barrage => SlotKind::Unit,
            _ => SlotKind::Ordnance,
        }
    }
}

/// How many boxes of each kind a zone prints (G-7), in the order they are placed.
const ZONE_SLOTS: [(SlotKind, usize); 8] = [
    (SlotKind::Label, 1),
    (SlotKind::Aircraft, 4),
    (SlotKind::Survivor, 3),
    (SlotKind::Enemy, 1),
    (SlotKind::Hidden, 1),
    (SlotKind::ZoneMarker, 1),
    (SlotKind::Ordnance, 3),
    (SlotKind::Unit, 6),
];

/// The boxes of one zone.
#[derive(Clone, Debug)]
pub struct ZoneLayout {
    pub id: ZoneId,
    /// The Card Box: two card spaces, the second lower by [`CARD_STEP`].
    pub card_box: Rect,
    pub slots: Vec<(SlotKind, Rect)>,
}

impl ZoneLayout {
    /// Slots of one kind, in order.
    pub fn slots_of(&self, kind: SlotKind) -> impl Iterator<Item = Rect> + '_ {
        self.slots
            .iter()
            .filter(move |(k, _)| *k == kind)
            .map(|(_, r)| *r)
    }

    /// Rectangle of the n-th card in the Card Box.
    pub fn card(&self, n: usize) -> Rect {
        Rect::new(
            self.card_box.x,
            self.card_box.y + CARD_STEP * n as f64,
            CARD_W,
            CARD_H,
        )
    }
}

/// Every rectangle of the sheet and the tray, in millimetres.
#[derive(Clone, Debug)]
pub struct MapLayout {
    pub centre: (f64, f64),
    pub r_in: f64,
    pub r_out: f64,
    pub zones: Vec<ZoneLayout>,
    pub orbit: Rect,
    pub orbit_slots: Vec<Rect>,
    pub pool: Rect,
    pub pool_slots: Vec<Rect>,
    pub turn_track: Vec<Rect>,
    pub search_track: Vec<Rect>,
    pub abort_track: Vec<Rect>,
    /// Card Reserve spaces (the third is not used in HS3).
    pub reserve: Vec<Rect>,
    /// Space for an Event card that stays in play.
    pub event: Rect,
    /// The four draw cups: guns/barrages, hidden, enemy, zone.
    pub cups: Vec<Rect>,
    /// Corner panels for keys.
    pub corners: [Rect; 4],
    /// The live board's tray: hand on the left, Resolution draws on the right.
    pub tray: Rect,
    pub hand_area: Rect,
    pub drawn_area: Rect,
}

impl MapLayout {
    /// The one standard layout, computed on first use.
    pub fn standard() -> &'static MapLayout {
        static LAYOUT: OnceLock<MapLayout> = OnceLock::new();
        LAYOUT.get_or_init(MapLayout::compute)
    }

    /// Size of the printed sheet.
    pub fn sheet_size(&self) -> (f64, f64) {
        (SHEET_W, SHEET_H)
    }

    /// Size of the live board (sheet and tray).
    pub fn live_size(&self) -> (f64, f64) {
        (SHEET_W, SHEET_H + TRAY_H)
    }

    pub fn zone(&self, id: ZoneId) -> &ZoneLayout {
        &self.zones[id.index()]
    }

    fn compute() -> MapLayout {
        let zones = ZoneId::ALL.iter().map(|z| zone_layout(*z)).collect();
        let x0 = 424.0;
        let grid = |x: f64, y: f64, cols: usize, n: usize, pitch: f64, size: f64| -> Vec<Rect> {
            (0..n)
                .map(|i| {
                    Rect::new(
                        x + (i % cols) as f64 * pitch,
                        y + (i / cols) as f64 * pitch,
                        size,
                        size,
                    )
                })
                .collect()
        };
        let orbit = Rect::new(x0, 21.0, 165.0, 58.0);
        let pool = Rect::new(x0, 82.0, 96.0, 33.0);
        let track = 17.0;
        let tray = Rect::new(0.0, SHEET_H, SHEET_W, TRAY_H);
        let reserve_y = 210.0;
        let card = |col: f64, row: f64| {
            Rect::new(
                x0 + col * (CARD_W + 4.0),
                reserve_y + row * (CARD_H + 4.0),
                CARD_W,
                CARD_H,
            )
        };
        let corner = 56.0;
        let (cx, cy) = CENTRE;
        let right = cx + R_OUT - corner;
        let bottom = cy + R_OUT - corner + 2.0;
        MapLayout {
            centre: CENTRE,
            r_in: R_IN,
            r_out: R_OUT,
            zones,
            orbit,
            orbit_slots: grid(x0 + 3.0, 30.0, 7, 14, 23.0, SLOT),
            pool,
            pool_slots: grid(x0 + 3.0, 91.0, 4, 4, 23.0, SLOT),
            turn_track: grid(x0, 124.0, 5, 10, track + 1.0, track),
            abort_track: grid(x0 + 98.0, 124.0, 3, 6, track + 1.0, track),
            search_track: grid(x0, 168.0, 6, 11, track + 1.0, track),
            reserve: vec![card(0.0, 0.0), card(1.0, 0.0), card(0.0, 1.0)],
            event: card(1.0, 1.0),
            cups: (0..4)
                .map(|i| {
                    Rect::new(
                        pool.x + pool.w + 4.0 + (i % 2) as f64 * 33.0,
                        pool.y + (i / 2) as f64 * 17.0,
                        31.0,
                        15.0,
                    )
                })
                .collect(),
            corners: [
                Rect::new(4.0, 4.0, corner, corner),
                Rect::new(right, 4.0, corner, corner),
                Rect::new(4.0, bottom, corner, corner),
                Rect::new(right, bottom, corner, corner),
            ],
            tray,
            hand_area: Rect::new(5.0, SHEET_H + 10.0, 400.0, CARD_H),
            drawn_area: Rect::new(415.0, SHEET_H + 10.0, SHEET_W - 420.0, CARD_H),
        }
    }

    /// The zone holding a point, by the ring geometry.
    pub fn zone_at(&self, x: f64, y: f64) -> Option<ZoneId> {
        let (dx, dy) = (x - self.centre.0, y - self.centre.1);
        let r = dx.hypot(dy);
        if r <= self.r_in {
            return Some(ZoneId::C);
        }
        if r > self.r_out {
            return None;
        }
        Some(if dy.abs() >= dx.abs() {
            if dy < 0.0 { ZoneId::N } else { ZoneId::S }
        } else if dx > 0.0 {
            ZoneId::E
        } else {
            ZoneId::W
        })
    }
}

/// Where a zone's Card Box sits (relative to the centre), and its footprint with two cards.
fn card_box(z: ZoneId) -> Rect {
    let h = CARD_H + CARD_STEP;
    let (x, y) = match z {
        ZoneId::C => (-CARD_W / 2.0, -h / 2.0),
        ZoneId::N => (-CARD_W / 2.0, -R_OUT + 5.0),
        ZoneId::S => (-CARD_W / 2.0, R_OUT - 5.0 - h),
        ZoneId::E => (R_OUT - 12.0 - CARD_W, -h / 2.0),
        ZoneId::W => (-R_OUT + 12.0, -h / 2.0),
    };
    Rect::new(x + CENTRE.0, y + CENTRE.1, CARD_W, h)
}

/// Whether a square lies wholly inside zone `z` with a small margin.
fn square_in_zone(z: ZoneId, r: &Rect) -> bool {
    let m = 1.5;
    let pts = [
        (r.x, r.y),
        (r.x + r.w, r.y),
        (r.x, r.y + r.h),
        (r.x + r.w, r.y + r.h),
        (r.x + r.w / 2.0, r.y),
        (r.x + r.w / 2.0, r.y + r.h),
        (r.x, r.y + r.h / 2.0),
        (r.x + r.w, r.y + r.h / 2.0),
    ];
    pts.iter().all(|&(x, y)| {
        let (dx, dy) = (x - CENTRE.0, y - CENTRE.1);
        let d = dx.hypot(dy);
        if z == ZoneId::C {
            return d <= R_IN - m;
        }
        if d < R_IN + m || d > R_OUT - m {
            return false;
        }
        // Inside the quarter around the zone's heading, away from the diagonal borders.
        let (hx, hy) = (z.heading().cos(), z.heading().sin());
        let along = dx * hx + dy * hy;
        let across = (-dx * hy + dy * hx).abs();
        along - across >= m * std::f64::consts::SQRT_2
    })
}

/// Packs the zone's boxes greedily around its Card Box, nearest first.
fn zone_layout(z: ZoneId) -> ZoneLayout {
    let cbox = card_box(z);
    let (bcx, bcy) = cbox.centre();
    // Candidate squares on rows and columns aligned with the Card Box edges, so the boxes
    // line up in tidy rows.
    let pitch = SLOT + GAP + 0.5;
    let along = |start: f64, len: f64| -> Vec<f64> {
        let mut v: Vec<f64> = (0..10)
            .flat_map(|k| {
                let k = f64::from(k);
                [
                    start - GAP - SLOT - k * pitch,
                    start + len + GAP + k * pitch,
                ]
            })
            .collect();
        let inner = ((len - SLOT) / pitch).floor() as usize;
        v.extend((0..=inner).map(|j| start + j as f64 * (len - SLOT) / inner.max(1) as f64));
        v
    };
    let mut candidates = Vec::new();
    for y in along(cbox.y, cbox.h) {
        for x in along(cbox.x, cbox.w) {
            let r = Rect::new(x, y, SLOT, SLOT);
            if square_in_zone(z, &r) && !r.inflate(GAP - 0.01).overlaps(&cbox) {
                let (cx, cy) = r.centre();
                candidates.push(((cx - bcx).hypot(cy - bcy), r));
            }
        }
    }
    candidates.sort_by(|a, b| a.0.total_cmp(&b.0));
    // Where the aligned rows run out, any free place of the zone will do.
    let mut loose = Vec::new();
    let mut y = CENTRE.1 - R_OUT;
    while y < CENTRE.1 + R_OUT {
        let mut x = CENTRE.0 - R_OUT;
        while x < CENTRE.0 + R_OUT {
            let r = Rect::new(x, y, SLOT, SLOT);
            if square_in_zone(z, &r) && !r.inflate(GAP).overlaps(&cbox) {
                let (cx, cy) = r.centre();
                loose.push(((cx - bcx).hypot(cy - bcy), r));
            }
            x += 2.0;
        }
        y += 2.0;
    }
    loose.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut chosen: Vec<Rect> = Vec::new();
    for (_, r) in candidates.into_iter().chain(loose) {
        if chosen.iter().all(|c| !c.inflate(GAP).overlaps(&r)) {
            chosen.push(r);
        }
        if chosen.len() == ZONE_SLOTS.iter().map(|(_, n)| n).sum::<usize>() {
            break;
        }
    }
    let kinds = ZONE_SLOTS
        .iter()
        .flat_map(|(k, n)| std::iter::repeat_n(*k, *n));
    ZoneLayout {
        id: z,
        card_box: cbox,
        slots: kinds.zip(chosen).collect(),
    }
}

/// A counter on the board with the caller's id, which is also its target id. `on_top` are markers sitting on it (Hit,
/// Mark), drawn offset over it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Piece {
    pub id: String,
    pub face: CounterFace,
    pub on_top: Vec<CounterFace>,
}

impl Piece {
    pub fn new(id: impl Into<String>, face: CounterFace) -> Piece {
        Piece {
            id: id.into(),
            face,
            on_top: Vec::new(),
        }
    }

    /// The board target id: the caller's id, unchanged (e.g. `aircraft:3`, `unit:12`).
    pub fn target(&self) -> String {
        self.id.clone()
    }
}

/// A card in a zone's Card Box, with the label of the aircraft sitting on it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AssignedCard {
    pub face: CardFace,
    pub aircraft: Option<String>,
}

/// What one zone holds.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ZoneScene {
    pub pieces: Vec<Piece>,
    pub cards: Vec<AssignedCard>,
    /// The Rules of Engagement event lies beside this zone: no attacks on its enemy units.
    pub rules_of_engagement: bool,
}

/// Everything placed on the board. `MapScene::empty()` is the printed sheet.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MapScene {
    /// Indexed by [`ZoneId`] order: C, N, E, S, W.
    pub zones: [ZoneScene; 5],
    pub orbit: Vec<Piece>,
    pub pool: Vec<Piece>,
    /// Track positions; `None` leaves the marker off (printed sheet). Abort 5 is AUTO ABORT.
    pub turn: Option<u8>,
    pub search: Option<u8>,
    pub abort: Option<u8>,
    pub reserve: Vec<CardFace>,
    pub event_in_play: Option<CardFace>,
    /// Draw the tray under the map (live board).
    pub tray: bool,
    pub hand: Vec<CardFace>,
    /// The latest Resolution cards drawn, oldest first.
    pub drawn: Vec<CardFace>,
    /// A line of counts for the tray header, e.g. "Action deck 23 · discards 5 · Resolution 18".
    pub tray_note: String,
    /// Counters left in the four cups (guns/barrages, hidden, enemy, zone), shown on them.
    pub cups: Option<[u32; 4]>,
    /// Target ids of the legal actions: drawn with an accent outline.
    pub highlighted: Vec<String>,
    /// The target under the pointer: drawn with a stronger outline.
    pub hovered: Option<String>,
    /// The campaign's record, drawn over the map between missions (Morale ledger, purchases,
    /// Pilots/PJs).
    #[serde(default)]
    pub campaign: Option<CampaignRecord>,
}

impl MapLayout {
    /// Where the campaign's record is shown between missions: over the ring of zones.
    pub fn campaign_panel(&self) -> Rect {
        let (cx, cy) = self.centre;
        Rect::new(cx - 175.0, cy - 195.0, 350.0, 390.0)
    }
}

impl MapScene {
    /// The bare printed sheet.
    pub fn empty() -> MapScene {
        MapScene::default()
    }

    pub fn zone(&self, z: ZoneId) -> &ZoneScene {
        &self.zones[z.index()]
    }

    pub fn zone_mut(&mut self, z: ZoneId) -> &mut ZoneScene {
        &mut self.zones[z.index()]
    }

    /// Size of what [`draw_map`] draws for this scene.
    pub fn size(&self) -> (f64, f64) {
        let l = MapLayout::standard();
        if self.tray {
            l.live_size()
        } else {
            l.sheet_size()
        }
    }
}

/// One drawable thing of a scene with its target id and rectangle, in drawing order.
enum Item<'a> {
    Counter(&'a Piece, Rect),
    Card(&'a CardFace, Rect, String),
}

/// Rectangles for `n` cards spread in `area`, overlapping when they do not fit.
fn spread(area: &Rect, n: usize) -> Vec<Rect> {
    let pitch = if n > 1 {
        ((area.w - CARD_W) / (n - 1) as f64).min(CARD_W + 4.0)
    } else {
        0.0
    };
    (0..n)
        .map(|i| Rect::new(area.x + pitch * i as f64, area.y, CARD_W, CARD_H))
        .collect()
}

/// Places pieces in slots of their kind; extra pieces stack on the last slot, offset.
fn place<'a>(pieces: &'a [Piece], slots: &dyn Fn(SlotKind) -> Vec<Rect>, out: &mut Vec<Item<'a>>) {
    let mut used: Vec<(SlotKind, usize)> = Vec::new();
    for p in pieces {
        let kind = SlotKind::of(&p.face);
        let free = slots(kind);
        let n = match used.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                used.push((kind, 0));
                0
            }
        };
        let base = match free.get(n.min(free.len().saturating_sub(1))) {
            Some(r) => *r,
            None => continue,
        };
        let extra = n.saturating_sub(free.len().saturating_sub(1)) as f64 * 2.5;
        // A small marker sits at the foot of its box, over the printed caption.
        let s = p.face.size_mm();
        let inset = (SLOT - s) / 2.0;
        out.push(Item::Counter(
            p,
            Rect::new(base.x + inset + extra, base.y + 2.0 * inset - extra, s, s),
        ));
    }
}

/// Everything of the scene with its place, bottom first.
fn items<'a>(l: &MapLayout, scene: &'a MapScene) -> Vec<Item<'a>> {
    let mut out = Vec::new();
    for z in ZoneId::ALL {
        let zl = l.zone(z);
        for (n, c) in scene.zone(z).cards.iter().enumerate().take(2) {
            out.push(Item::Card(
                &c.face,
                zl.card(n),
                format!("card:zone:{}:{n}", z.letter()),
            ));
        }
        place(
            &scene.zone(z).pieces,
            &|k| zl.slots_of(k).collect(),
            &mut out,
        );
    }
    place(&scene.orbit, &|_| l.orbit_slots.clone(), &mut out);
    place(&scene.pool, &|_| l.pool_slots.clone(), &mut out);
    for (n, c) in scene.reserve.iter().enumerate().take(l.reserve.len()) {
        out.push(Item::Card(c, l.reserve[n], format!("card:reserve:{n}")));
    }
    if let Some(c) = &scene.event_in_play {
        out.push(Item::Card(c, l.event, "card:event".into()));
    }
    if scene.tray {
        for (n, r) in spread(&l.hand_area, scene.hand.len())
            .into_iter()
            .enumerate()
        {
            out.push(Item::Card(&scene.hand[n], r, format!("card:hand:{n}")));
        }
        for (n, r) in spread(&l.drawn_area, scene.drawn.len())
            .into_iter()
            .enumerate()
        {
            out.push(Item::Card(&scene.drawn[n], r, format!("card:drawn:{n}")));
        }
    }
    out
}

/// Draws the sheet and the scene with the sheet's top-left corner at the origin, in mm, as
/// vector art (print-and-play export, or any surface). The game window should use
/// [`MapPainter`](super::painter::MapPainter), which draws the same picture from cached bitmaps.
pub fn draw_map(cr: &Context, scene: &MapScene) -> Result<(), cairo::Error> {
    paint_scene(cr, scene, &mut VectorStamp)
}

/// Draws the parts of the map: directly, or from a cache of bitmaps.
pub(crate) trait Stamp {
    /// The printed sheet, and the tray under it when `tray`.
    fn sheet(&mut self, cr: &Context, tray: bool) -> Result<(), cairo::Error>;
    fn counter(
        &mut self,
        cr: &Context,
        face: &CounterFace,
        x: f64,
        y: f64,
    ) -> Result<(), cairo::Error>;
    fn card(&mut self, cr: &Context, face: &CardFace, x: f64, y: f64) -> Result<(), cairo::Error>;
    /// The tag naming the aircraft on an assigned card, [`TAG_SIZE`] at (x, y).
    fn tag(&mut self, cr: &Context, label: &str, x: f64, y: f64) -> Result<(), cairo::Error>;
}

/// Draws everything as vector art.
pub(crate) struct VectorStamp;

impl Stamp for VectorStamp {
    fn sheet(&mut self, cr: &Context, tray: bool) -> Result<(), cairo::Error> {
        draw_sheet(cr, tray)
    }
    fn counter(
        &mut self,
        cr: &Context,
        face: &CounterFace,
        x: f64,
        y: f64,
    ) -> Result<(), cairo::Error> {
        draw_counter(cr, face, x, y)
    }
    fn card(&mut self, cr: &Context, face: &CardFace, x: f64, y: f64) -> Result<(), cairo::Error> {
        draw_card_front(cr, face, x, y)
    }
    fn tag(&mut self, cr: &Context, label: &str, x: f64, y: f64) -> Result<(), cairo::Error> {
        draw_tag(cr, label, x, y)
    }
}

/// The empty printed sheet (and the empty tray when `tray`).
pub(crate) fn draw_sheet(cr: &Context, tray: bool) -> Result<(), cairo::Error> {
    let l = MapLayout::standard();
    board::draw_sheet(cr, l)?;
    if tray {
        board::draw_tray(cr, l)?;
    }
    Ok(())
}

pub(crate) fn paint_scene(
    cr: &Context,
    scene: &MapScene,
    stamp: &mut dyn Stamp,
) -> Result<(), cairo::Error> {
    let l = MapLayout::standard();
    stamp.sheet(cr, scene.tray)?;
    for (face, r) in board::track_markers(l, scene) {
        stamp.counter(cr, &face, r.x, r.y)?;
    }
    board::live_notes(cr, l, scene)?;
    let hovered = scene.hovered.as_deref();
    let lit = |id: &str| scene.highlighted.iter().any(|h| h == id);
    // Zone, Orbit and Pool highlights sit under the pieces.
    for z in ZoneId::ALL {
        let id = format!("zone:{}", z.letter());
        board::outline_zone(cr, l, z, lit(&id), hovered == Some(id.as_str()))?;
    }
    for (id, r) in [("orbit", l.orbit), ("pool", l.pool)] {
        accent(cr, &r, 2.0, lit(id), hovered == Some(id))?;
    }
    for item in items(l, scene) {
        match item {
            Item::Counter(p, r) => {
                stamp.counter(cr, &p.face, r.x, r.y)?;
                for (i, m) in p.on_top.iter().enumerate() {
                    let o = 3.0 + 2.0 * i as f64;
                    stamp.counter(cr, m, r.x + r.w - m.size_mm() + o, r.y - o)?;
                }
                let id = p.target();
                accent(cr, &r, 1.2, lit(&id), hovered == Some(id.as_str()))?;
            }
            Item::Card(face, r, id) => {
                stamp.card(cr, face, r.x, r.y)?;
                accent(cr, &r, 3.0, lit(&id), hovered == Some(id.as_str()))?;
            }
        }
    }
    for z in ZoneId::ALL {
        if scene.zone(z).rules_of_engagement {
            board::roe_badge(cr, l, z)?;
        }
        for (n, c) in scene.zone(z).cards.iter().enumerate().take(2) {
            if let Some(label) = &c.aircraft {
                let card = l.zone(z).card(n);
                let (x, y) = (
                    card.x + card.w - TAG_SIZE.0 - 1.0,
                    card.y + CARD_STEP - TAG_SIZE.1 - 0.5,
                );
                stamp.tag(cr, label, x, y)?;
            }
        }
    }
    if let Some(record) = &scene.campaign {
        board::campaign_panel(cr, l, record)?;
    }
    Ok(())
}

/// Size of the tag naming the aircraft that sits on an assigned card.
pub const TAG_SIZE: (f64, f64) = (26.0, 6.0);

/// Draws the tag naming the aircraft on an assigned card, top-left at (x, y).
pub(crate) fn draw_tag(cr: &Context, label: &str, x: f64, y: f64) -> Result<(), cairo::Error> {
    let (w, h) = TAG_SIZE;
    rounded_rect(cr, x + 0.15, y + 0.15, w - 0.3, h - 0.3, h / 2.0);
    fill_stroke(cr, palette::FRIENDLY, palette::FRIENDLY_DARK, 0.3)?;
    palette::FRIENDLY_DARK.set(cr);
    fitted_text(cr, x + w / 2.0, y + 0.8, w - 3.0, label, 3.6, true);
    Ok(())
}

/// Accent outline around a target: highlighted, or stronger when hovered.
fn accent(
    cr: &Context,
    r: &Rect,
    radius: f64,
    lit: bool,
    hovered: bool,
) -> Result<(), cairo::Error> {
    if !lit && !hovered {
        return Ok(());
    }
    let (colour, width) = if hovered {
        (palette::HOVER, 1.6)
    } else {
        (palette::ACCENT, 1.0)
    };
    rounded_rect(cr, r.x - 1.0, r.y - 1.0, r.w + 2.0, r.h + 2.0, radius + 1.0);
    colour.set(cr);
    cr.set_line_width(width);
    cr.stroke()
}

/// Every counter and card of the scene with its target id and rectangle (mm), bottom first.
pub fn placements(scene: &MapScene) -> Vec<(String, Rect)> {
    items(MapLayout::standard(), scene)
        .into_iter()
        .map(|it| match it {
            Item::Counter(p, r) => (p.target(), r),
            Item::Card(_, r, id) => (id, r),
        })
        .collect()
}

/// The target id at a point of the board (mm), topmost first.
pub fn hit_test(scene: &MapScene, x: f64, y: f64) -> Option<String> {
    let l = MapLayout::standard();
    let items = items(l, scene);
    for item in items.iter().rev() {
        match item {
            Item::Counter(p, r) if r.contains(x, y) => return Some(p.target()),
            Item::Card(_, r, id) if r.contains(x, y) => return Some(id.clone()),
            _ => {}
        }
    }
    if l.orbit.contains(x, y) {
        return Some("orbit".into());
    }
    if l.pool.contains(x, y) {
        return Some("pool".into());
    }
    l.zone_at(x, y).map(|z| format!("zone:{}", z.letter()))
}

/// A single counter or card of the scene, for showing it enlarged (the window's zoom).
#[derive(Clone, Debug, PartialEq)]
pub enum Drawable {
    Counter(CounterFace),
    Card(CardFace),
}

impl Drawable {
    /// Its printed size in millimetres.
    pub fn size_mm(&self) -> (f64, f64) {
        match self {
            Drawable::Counter(f) => (f.size_mm(), f.size_mm()),
            Drawable::Card(_) => (CARD_W, CARD_H),
        }
    }

    /// Draws it with its top-left corner at the origin.
    pub fn draw(&self, cr: &Context) -> Result<(), cairo::Error> {
        match self {
            Drawable::Counter(f) => draw_counter(cr, f, 0.0, 0.0),
            Drawable::Card(c) => draw_card_front(cr, c, 0.0, 0.0),
        }
    }
}

impl MapScene {
    /// The counter or card drawn with target `id` (as [`hit_test`] returns it), if any.
    pub fn drawable(&self, id: &str) -> Option<Drawable> {
        let l = MapLayout::standard();
        items(l, self).into_iter().find_map(|it| match it {
            Item::Counter(p, _) if p.target() == id => Some(Drawable::Counter(p.face.clone())),
            Item::Card(c, _, i) if i == id => Some(Drawable::Card(c.clone())),
            _ => None,
        })
    }
}

/// The printed parts of the sheet.
mod board {
    use super::*;

    const ZONE_FILL: [Rgb; 5] = [
        Rgb(0.80, 0.86, 0.72),
        Rgb(0.86, 0.90, 0.78),
        Rgb(0.83, 0.88, 0.75),
        Rgb(0.86, 0.90, 0.78),
        Rgb(0.83, 0.88, 0.75),
    ];

    /// Adds the outline path of a zone.
    pub fn zone_path(cr: &Context, l: &MapLayout, z: ZoneId) {
        let (cx, cy) = l.centre;
        cr.new_path();
        if z == ZoneId::C {
            cr.arc(cx, cy, l.r_in, 0.0, 2.0 * PI);
            return;
        }
        let h = z.heading();
        cr.arc(cx, cy, l.r_out, h - PI / 4.0, h + PI / 4.0);
        cr.arc_negative(cx, cy, l.r_in, h + PI / 4.0, h - PI / 4.0);
        cr.close_path();
    }

    pub fn outline_zone(
        cr: &Context,
        l: &MapLayout,
        z: ZoneId,
        lit: bool,
        hovered: bool,
    ) -> Result<(), cairo::Error> {
        if !lit && !hovered {
            return Ok(());
        }
        zone_path(cr, l, z);
        let (colour, width) = if hovered {
            (palette::HOVER, 3.0)
        } else {
            (palette::ACCENT, 2.0)
        };
        colour.set(cr);
        cr.set_line_width(width);
        cr.stroke()
    }

    pub fn draw_sheet(cr: &Context, l: &MapLayout) -> Result<(), cairo::Error> {
        cr.rectangle(0.0, 0.0, SHEET_W, SHEET_H);
        palette::PAPER.set(cr);
        cr.fill()?;
        for z in ZoneId::ALL {
            zone_path(cr, l, z);
            fill_stroke(cr, ZONE_FILL[z.index()], palette::TERRAIN_DARK, 0.8)?;
        }
        for z in ZoneId::ALL {
            draw_zone_boxes(cr, l.zone(z))?;
        }
        draw_side(cr, l)?;
        draw_corners(cr, l)
    }

    fn dashed_box(cr: &Context, r: &Rect, radius: f64, tint: Rgb) -> Result<(), cairo::Error> {
        rounded_rect(cr, r.x, r.y, r.w, r.h, radius);
        tint.with_alpha(cr, 0.35);
        cr.fill_preserve()?;
        palette::INK.with_alpha(cr, 0.6);
        cr.set_line_width(0.3);
        cr.set_dash(&[1.2, 0.8], 0.0);
        cr.stroke()?;
        cr.set_dash(&[], 0.0);
        Ok(())
    }

    fn draw_zone_boxes(cr: &Context, z: &ZoneLayout) -> Result<(), cairo::Error> {
        for n in 0..2 {
            let r = z.card(n);
            dashed_box(cr, &r, 3.0, Rgb::WHITE)?;
        }
        palette::INK.with_alpha(cr, 0.6);
        let cb = z.card_box;
        fitted_text(
            cr,
            cb.x + CARD_W / 2.0,
            cb.y + 4.0,
            CARD_W - 6.0,
            &gettext("CARD BOX"),
            3.5,
            true,
        );
        fitted_text(
            cr,
            cb.x + CARD_W / 2.0,
            cb.y + CARD_STEP + 40.0,
            CARD_W - 6.0,
            &gettext("max 2 cards per turn"),
            3.0,
            false,
        );
        for (kind, r) in &z.slots {
            if *kind == SlotKind::Label {
                rounded_rect(cr, r.x, r.y, r.w, r.h, 2.0);
                fill_stroke(cr, palette::TERRAIN_DARK, palette::TERRAIN_DARK, 0.3)?;
                Rgb::WHITE.set(cr);
                fitted_text(
                    cr,
                    r.x + r.w / 2.0,
                    r.y + 1.0,
                    r.w - 2.0,
                    &z.id.printed_letter(),
                    11.0,
                    true,
                );
                fitted_text(
                    cr,
                    r.x + r.w / 2.0,
                    r.y + 13.5,
                    r.w - 2.0,
                    &z.id.name(),
                    3.2,
                    true,
                );
                continue;
            }
            dashed_box(cr, r, 1.5, kind.tint())?;
            palette::INK.with_alpha(cr, 0.7);
            fitted_text(
                cr,
                r.x + r.w / 2.0,
                r.y + r.h - 3.6,
                r.w - 1.5,
                &kind.caption(),
                2.4,
                true,
            );
        }
        Ok(())
    }

    fn panel(cr: &Context, r: &Rect, title: &str, note: &str) -> Result<(), cairo::Error> {
        rounded_rect(cr, r.x, r.y, r.w, r.h, 2.5);
        fill_stroke(cr, Rgb::WHITE, palette::INK, 0.4)?;
        palette::INK.set(cr);
        let w = fitted_left(
            cr,
            r.x + 2.5,
            r.y + 1.2,
            r.w - 5.0,
            title,
            condensed(4.2, true),
        );
        if !note.is_empty() {
            palette::INK.with_alpha(cr, 0.75);
            fitted_left(
                cr,
                r.x + w + 5.0,
                r.y + 2.0,
                r.w - w - 7.5,
                note,
                condensed(2.9, false),
            );
        }
        Ok(())
    }

    fn track(
        cr: &Context,
        boxes: &[Rect],
        first: u8,
        title: &str,
        last_label: Option<&str>,
    ) -> Result<(), cairo::Error> {
        let top = boxes[0];
        let last = boxes[boxes.len() - 1];
        palette::INK.set(cr);
        fitted_left(
            cr,
            top.x,
            top.y - 5.0,
            last.x + last.w - top.x,
            title,
            condensed(3.6, true),
        );
        for (i, r) in boxes.iter().enumerate() {
            let auto = last_label.is_some() && i + 1 == boxes.len();
            rounded_rect(cr, r.x, r.y, r.w, r.h, 1.0);
            let fill = if auto { palette::SHAKEN } else { Rgb::WHITE };
            fill_stroke(cr, fill, palette::INK, 0.35)?;
            if auto {
                Rgb::WHITE.set(cr);
                fitted_text(
                    cr,
                    r.x + r.w / 2.0,
                    r.y + 4.0,
                    r.w - 1.5,
                    &gettext("AUTO"),
                    3.6,
                    true,
                );
                fitted_text(
                    cr,
                    r.x + r.w / 2.0,
                    r.y + 8.5,
                    r.w - 1.5,
                    last_label.unwrap_or(""),
                    3.6,
                    true,
                );
            } else {
                palette::INK.with_alpha(cr, 0.55);
                fitted_text(
                    cr,
                    r.x + r.w / 2.0,
                    r.y + 3.5,
                    r.w - 1.0,
                    &(u32::from(first) + i as u32).to_string(),
                    8.0,
                    true,
                );
            }
        }
        Ok(())
    }

    fn draw_side(cr: &Context, l: &MapLayout) -> Result<(), cairo::Error> {
        palette::INK.set(cr);
        let width = SHEET_W - l.orbit.x - 4.0;
        fitted_left(
            cr,
            l.orbit.x,
            3.0,
            width,
            &gettext("THAT OTHERS MAY LIVE"),
            condensed(9.0, true),
        );
        palette::INK.with_alpha(cr, 0.7);
        fitted_left(
            cr,
            l.orbit.x,
            13.0,
            width,
            &gettext("Combat Search and Rescue – Vietnam"),
            condensed(4.0, false),
        );
        panel(
            cr,
            &l.orbit,
            &gettext("ORBIT BOX"),
            &gettext("unlimited · no attacks · Shaken → Cool at Marker Adj."),
        )?;
        for r in &l.orbit_slots {
            dashed_box(cr, r, 1.5, palette::FRIENDLY)?;
        }
        panel(cr, &l.pool, &gettext("FAST MOVER POOL"), "")?;
        for r in &l.pool_slots {
            dashed_box(cr, r, 1.5, palette::FAST_MOVER)?;
        }
        // Draw cups.
        let cups = [
            gettext("GUNS / BARRAGES"),
            gettext("HIDDEN"),
            gettext("ENEMY"),
            // Translators: the cup of Zone markers.
            gettext("ZONE"),
        ];
        let cup = gettext("CUP");
        for (name, r) in cups.iter().zip(&l.cups) {
            let (x, y) = (r.x, r.y);
            rounded_rect(cr, x, y, r.w, r.h, 4.0);
            fill_stroke(cr, palette::MARKER, palette::INK, 0.3)?;
            palette::INK.set(cr);
            fitted_text(cr, x + 15.5, y + 2.0, 28.0, &cup, 3.0, true);
            fitted_text(cr, x + 15.5, y + 7.0, 28.0, name, 3.2, false);
        }
        track(cr, &l.turn_track, 1, &gettext("TURN"), None)?;
        let abort = gettext("ABORT");
        track(cr, &l.abort_track, 0, &abort, Some(&abort))?;
        track(
            cr,
            &l.search_track,
            0,
            &gettext("SEARCH (HS3: max 3)"),
            None,
        )?;
        palette::INK.set(cr);
        let right = l
            .reserve
            .iter()
            .map(|r| r.x + r.w)
            .fold(l.event.x + l.event.w, f64::max);
        fitted_left(
            cr,
            l.reserve[0].x,
            l.reserve[0].y - 5.2,
            right - l.reserve[0].x,
            &gettext("CARD RESERVE (max 3, Aircraft cards)"),
            condensed(3.6, true),
        );
        for (i, r) in l.reserve.iter().enumerate() {
            dashed_box(cr, r, 3.0, Rgb::WHITE)?;
            palette::INK.with_alpha(cr, 0.6);
            // Translators: a box of the Card Reserve, numbered 1 to 3.
            let label = gettext("RESERVE {n}").replace("{n}", &(i + 1).to_string());
            fitted_text(
                cr,
                r.x + r.w / 2.0,
                r.y + r.h / 2.0 - 3.0,
                r.w - 6.0,
                &label,
                4.5,
                true,
            );
            if i == 2 {
                fitted_text(
                    cr,
                    r.x + r.w / 2.0,
                    r.y + r.h / 2.0 + 3.0,
                    r.w - 6.0,
                    &gettext("not used in HS3"),
                    3.2,
                    false,
                );
            }
        }
        dashed_box(cr, &l.event, 3.0, palette::MARKER)?;
        palette::INK.with_alpha(cr, 0.6);
        let e = l.event;
        fitted_text(
            cr,
            e.x + e.w / 2.0,
            e.y + e.h / 2.0 - 3.0,
            e.w - 6.0,
            &gettext("EVENT IN PLAY"),
            4.5,
            true,
        );
        Ok(())
    }

    /// A corner panel with a title and short lines.
    fn text_panel(
        cr: &Context,
        r: &Rect,
        title: &str,
        lines: &[String],
    ) -> Result<(), cairo::Error> {
        panel(cr, r, title, "")?;
        palette::INK.set(cr);
        for (i, s) in lines.iter().enumerate() {
            fitted_left(
                cr,
                r.x + 3.0,
                r.y + 8.0 + i as f64 * 7.5,
                r.w - 5.0,
                s,
                condensed(3.4, false),
            );
        }
        Ok(())
    }

    fn draw_corners(cr: &Context, l: &MapLayout) -> Result<(), cairo::Error> {
        let [tl, tr, bl, br] = l.corners;
        // Adjacency.
        text_panel(
            cr,
            &tl,
            &gettext("ADJACENCY"),
            &[
                ZoneId::C.adjacency_line(),
                ZoneId::N.adjacency_line(),
                ZoneId::E.adjacency_line(),
                ZoneId::S.adjacency_line(),
                ZoneId::W.adjacency_line(),
                gettext("Orbit: not a zone"),
            ],
        )?;
        text_panel(
            cr,
            &tr,
            &gettext("GUN RANGE"),
            &[
                gettext("1 : own zone only"),
                gettext("2/1 : own 2, adjacent 1"),
                gettext("1/2* : own 1, adj. 2,"),
                gettext("   non-adjacent 2"),
                gettext("Never into the Orbit Box"),
            ],
        )?;
        // Resolution symbols.
        panel(cr, &bl, &gettext("RESOLUTION"), "")?;
        let legend = [
            (super::super::ResultSymbol::Crosshairs, gettext("hit")),
            (
                super::super::ResultSymbol::Roundel,
                gettext("success / cancel"),
            ),
            (
                super::super::ResultSymbol::Rifle,
                gettext("capture / abort"),
            ),
            (super::super::ResultSymbol::Blast, gettext("destroyed")),
        ];
        for (i, (sym, s)) in legend.iter().enumerate() {
            let y = bl.y + 9.0 + i as f64 * 11.5;
            sym.draw(cr, bl.x + 8.0, y + 4.5, 9.0)?;
            palette::INK.set(cr);
            fitted_left(
                cr,
                bl.x + 15.0,
                y + 2.2,
                bl.w - 17.0,
                s,
                condensed(3.6, false),
            );
        }
        // Zone limits.
        text_panel(
            cr,
            &br,
            &gettext("ZONE LIMITS"),
            &[
                gettext("4 aircraft at most"),
                gettext("2 cards per turn"),
                gettext("Sandy, FAC: 1 card"),
                gettext("Fast Mover: 2 cards"),
                gettext("No Fast Mover with"),
                gettext("   a helicopter"),
            ],
        )?;
        Ok(())
    }

    /// Widest the tray's HAND label may grow.
    const HAND_LABEL_W: f64 = 40.0;

    pub fn draw_tray(cr: &Context, l: &MapLayout) -> Result<(), cairo::Error> {
        let t = l.tray;
        cr.rectangle(t.x, t.y, t.w, t.h);
        Rgb(0.30, 0.32, 0.30).set(cr);
        cr.fill()?;
        Rgb::WHITE.set(cr);
        fitted_left(
            cr,
            l.hand_area.x,
            t.y + 2.5,
            HAND_LABEL_W,
            &gettext("HAND"),
            condensed(4.5, true),
        );
        fitted_left(
            cr,
            l.drawn_area.x,
            t.y + 2.5,
            l.drawn_area.w,
            &gettext("RESOLUTION DRAWS"),
            condensed(4.5, true),
        );
        Ok(())
    }

    /// What only the live board shows under the pieces: cup counts and the tray note.
    pub fn live_notes(cr: &Context, l: &MapLayout, scene: &MapScene) -> Result<(), cairo::Error> {
        if let Some(counts) = scene.cups {
            for (n, r) in counts.iter().zip(&l.cups) {
                let (cx, cy) = (r.x + r.w - 1.5, r.y + 1.5);
                cr.new_path();
                cr.arc(cx, cy, 3.6, 0.0, 2.0 * PI);
                fill_stroke(cr, palette::HIDDEN, Rgb::WHITE, 0.4)?;
                Rgb::WHITE.set(cr);
                fitted_text(cr, cx, cy - 2.3, 6.4, &n.to_string(), 4.0, true);
            }
        }
        if scene.tray && !scene.tray_note.is_empty() {
            Rgb::WHITE.set(cr);
            // After the HAND label, however long it is in the player's language.
            let hand = gettext("HAND");
            let label = super::super::fit_font(cr, &hand, condensed(4.5, true), HAND_LABEL_W);
            let x = l.hand_area.x + measure(cr, &hand, &label, None).0 + 4.0;
            let font = condensed(4.0, false);
            let width = l.drawn_area.x - x - 5.0;
            fitted_left(cr, x, l.tray.y + 3.0, width, &scene.tray_note, font);
        }
        Ok(())
    }

    /// The campaign between missions over the map's zones: the Campaign Record's ledger and
    /// roster, enlarged to read at board scale.
    pub fn campaign_panel(
        cr: &Context,
        l: &MapLayout,
        record: &CampaignRecord,
    ) -> Result<(), cairo::Error> {
        const ENLARGE: f64 = 1.9;
        let r = l.campaign_panel();
        // The contents first, into a group, so that the panel fits their height.
        cr.push_group();
        palette::INK.set(cr);
        fitted_left(
            cr,
            r.x + 8.0,
            r.y + 5.0,
            r.w - 16.0,
            &gettext("CAMPAIGN: BETWEEN MISSIONS"),
            condensed(9.0, true),
        );
        cr.save()?;
        cr.translate(r.x + 8.0, r.y + 20.0);
        cr.scale(ENLARGE, ENLARGE);
        let used = draw_campaign_summary(cr, record, 0.0, 0.0, (r.w - 16.0) / ENLARGE)?;
        cr.restore()?;
        let contents = cr.pop_group()?;
        let h = (20.0 + used * ENLARGE + 8.0).min(r.h);
        rounded_rect(cr, r.x, r.y, r.w, h, 4.0);
        Rgb::WHITE.with_alpha(cr, 0.96);
        cr.fill_preserve()?;
        palette::INK.set(cr);
        cr.set_line_width(0.8);
        cr.stroke()?;
        cr.set_source(&contents)?;
        cr.paint()
    }

    /// A red band across the zone's name: Rules of Engagement in force there.
    pub fn roe_badge(cr: &Context, l: &MapLayout, z: ZoneId) -> Result<(), cairo::Error> {
        let label = l.zone(z).slots[0].1;
        let r = Rect::new(label.x - 2.0, label.y + label.h - 6.5, label.w + 4.0, 6.0);
        rounded_rect(cr, r.x, r.y, r.w, r.h, 1.0);
        fill_stroke(cr, palette::SHAKEN, Rgb::WHITE, 0.4)?;
        Rgb::WHITE.set(cr);
        fitted_text(
            cr,
            r.x + r.w / 2.0,
            r.y + 0.8,
            r.w - 1.5,
            &gettext("ROE: NO ATTACK"),
            3.8,
            true,
        );
        Ok(())
    }

    /// The track markers of the scene and where they sit.
    pub fn track_markers(l: &MapLayout, scene: &MapScene) -> Vec<(CounterFace, Rect)> {
        let marks = [
            (scene.turn, &l.turn_track, 1, TrackKind::Turn),
            (scene.search, &l.search_track, 0, TrackKind::Search),
            (scene.abort, &l.abort_track, 0, TrackKind::Abort),
        ];
        let mut out = Vec::new();
        for (value, boxes, first, kind) in marks {
            let Some(v) = value else { continue };
            let i = usize::from(v.saturating_sub(first)).min(boxes.len() - 1);
            let r = boxes[i];
            let inset = (r.w - MARKER_MM) / 2.0;
            out.push((
                CounterFace::Track(kind),
                Rect::new(r.x + inset, r.y + inset, MARKER_MM, MARKER_MM),
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::csar::art::painter::MapPainter;
    use crate::games::csar::art::samples::busy_scene;
    use crate::games::csar::art::testutil::surface;

    /// The printed adjacency table says what the rules say, in the zones' printed
    /// letters.
    #[test]
    fn the_adjacency_table_follows_the_rules() {
        use crate::games::csar::rules::state::adjacent;
        assert_eq!(ZoneId::N.adjacency_line(), "N: C, E, W");
        assert_eq!(ZoneId::W.adjacency_line(), "W: C, N, S");
        assert_eq!(ZoneId::C.adjacency_line(), "C: all Outer Zones");
        for a in ZoneId::ALL.into_iter().filter(|z| *z != ZoneId::C) {
            let line = a.adjacency_line();
            let (_, listed) = line.split_once(": ").unwrap();
            let listed: Vec<&str> = listed.split(", ").collect();
            for b in ZoneId::ALL {
                let printed = b.printed_letter();
                assert_eq!(
                    listed.contains(&printed.as_str()),
                    adjacent(a.index() as u8, b.index() as u8),
                    "{line} and {printed}"
                );
            }
        }
    }

    #[test]
    fn every_zone_prints_all_its_boxes_inside_the_zone() {
        let l = MapLayout::standard();
        let wanted: usize = ZONE_SLOTS.iter().map(|(_, n)| n).sum();
        for zl in &l.zones {
            assert_eq!(zl.slots.len(), wanted, "zone {:?} is short of boxes", zl.id);
            for (i, (_, r)) in zl.slots.iter().enumerate() {
                assert!(
                    square_in_zone(zl.id, r),
                    "{:?} box {i} leaves its zone",
                    zl.id
                );
                assert!(!r.overlaps(&zl.card_box));
                let (cx, cy) = r.centre();
                assert_eq!(l.zone_at(cx, cy), Some(zl.id));
                for (_, o) in &zl.slots[i + 1..] {
                    assert!(!r.overlaps(o), "{:?} boxes overlap", zl.id);
                }
            }
            // Both card spaces lie in the zone too.
            for n in 0..2 {
                let c = zl.card(n);
                for (x, y) in [
                    (c.x, c.y),
                    (c.x + c.w, c.y),
                    (c.x, c.y + c.h),
                    (c.x + c.w, c.y + c.h),
                ] {
                    assert_eq!(
                        l.zone_at(x, y),
                        Some(zl.id),
                        "{:?} card box leaves its zone",
                        zl.id
                    );
                }
            }
        }
    }

    /// A point of `r` not covered by any of `above`.
    fn visible_point(r: &Rect, above: &[Rect]) -> Option<(f64, f64)> {
        let (cx, cy) = r.centre();
        if !above.iter().any(|a| a.contains(cx, cy)) {
            return Some((cx, cy));
        }
        (1..20)
            .flat_map(|i| {
                (1..20).map(move |j| {
                    (
                        r.x + r.w * f64::from(i) / 20.0,
                        r.y + r.h * f64::from(j) / 20.0,
                    )
                })
            })
            .find(|&(x, y)| !above.iter().any(|a| a.contains(x, y)))
    }

    #[test]
    fn hit_test_finds_every_drawn_target() {
        let scene = busy_scene();
        let l = MapLayout::standard();
        let drawn: Vec<(String, Rect)> = items(l, &scene)
            .into_iter()
            .map(|it| match it {
                Item::Counter(p, r) => (p.target(), r),
                Item::Card(_, r, id) => (id, r),
            })
            .collect();
        assert!(drawn.len() > 60);
        for (i, (id, r)) in drawn.iter().enumerate() {
            let above: Vec<Rect> = drawn[i + 1..].iter().map(|(_, r)| *r).collect();
            let (x, y) = visible_point(r, &above).unwrap_or_else(|| panic!("{id} is hidden"));
            assert_eq!(hit_test(&scene, x, y).as_deref(), Some(id.as_str()));
        }
        for id in [
            "card:hand:4",
            "card:reserve:1",
            "card:zone:N:1",
            "card:zone:C:0",
            "card:event",
            "card:drawn:4",
            "aircraft:jolly5",
            "counter:gunC1",
        ] {
            assert!(drawn.iter().any(|(d, _)| d == id), "{id} not drawn");
        }
        // Empty places answer with their box or zone.
        for z in ZoneId::ALL {
            let (_, label) = l.zone(z).slots[0];
            let (x, y) = label.centre();
            assert_eq!(hit_test(&scene, x, y), Some(format!("zone:{}", z.letter())));
        }
        let (x, y) = l.orbit_slots[13].centre();
        assert_eq!(hit_test(&scene, x, y).as_deref(), Some("orbit"));
        // Every piece and card can be fetched by its id for an enlarged view.
        for (id, _) in &drawn {
            let d = scene
                .drawable(id)
                .unwrap_or_else(|| panic!("{id} not found"));
            assert!(d.size_mm().0 >= MARKER_MM);
        }
        assert_eq!(scene.drawable("orbit"), None);
        let (x, y) = l.pool_slots[3].centre();
        assert_eq!(hit_test(&scene, x, y).as_deref(), Some("pool"));
        assert_eq!(hit_test(&scene, 590.0, 415.0), None);
    }

    fn pixel(s: &mut cairo::ImageSurface, x: f64, y: f64, px: f64) -> [u8; 3] {
        s.flush();
        let stride = s.stride() as usize;
        let data = s.data().unwrap();
        let i = (y * px) as usize * stride + (x * px) as usize * 4;
        [data[i + 2], data[i + 1], data[i]]
    }

    #[test]
    fn hovered_and_highlighted_targets_get_their_outlines() {
        let scene = busy_scene();
        let l = MapLayout::standard();
        let (w, h) = scene.size();
        let (mut surf, cr) = surface(w, h);
        draw_map(&cr, &scene).unwrap();
        drop(cr);
        let rect_of = |id: &str| {
            items(l, &scene)
                .into_iter()
                .find_map(|it| match it {
                    Item::Counter(p, r) if p.target() == id => Some(r),
                    Item::Card(_, r, i) if i == id => Some(r),
                    _ => None,
                })
                .unwrap()
        };
        let px = crate::games::csar::art::testutil::PX;
        let hovered = rect_of("counter:gunC1");
        let p = pixel(&mut surf, hovered.x - 1.0, hovered.y + hovered.h / 2.0, px);
        assert!(p[2] > 200 && p[0] < 60, "hover outline missing: {p:?}");
        let lit = rect_of("card:hand:1");
        let p = pixel(&mut surf, lit.x - 1.0, lit.y + lit.h / 2.0, px);
        assert!(p[0] > 200 && p[2] < 60, "highlight outline missing: {p:?}");
        // A plain card has no outline there.
        let plain = rect_of("card:hand:2");
        let p = pixel(&mut surf, plain.x - 1.0, plain.y + plain.h / 2.0, px);
        assert!(!(p[0] > 200 && p[2] < 60));
    }

    #[test]
    fn the_printed_sheet_goes_to_pdf() {
        let file = std::env::temp_dir().join(format!("csar-map-{}.pdf", std::process::id()));
        let (w, h) = MapScene::empty().size();
        let surface = cairo::PdfSurface::new(w / 25.4 * 72.0, h / 25.4 * 72.0, &file).unwrap();
        let cr = Context::new(&surface).unwrap();
        cr.scale(72.0 / 25.4, 72.0 / 25.4);
        draw_map(&cr, &MapScene::empty()).unwrap();
        drop(cr);
        surface.finish();
        let bytes = std::fs::read(&file).unwrap();
        std::fs::remove_file(&file).ok();
        assert!(bytes.starts_with(b"%PDF") && bytes.len() > 20_000);
    }

    #[test]
    fn the_painter_draws_the_same_picture_as_the_vector_path() {
        same_picture_at(1.0);
    }

    /// Zoomed in, the painter renders only the part of the sheet in view and the pieces that
    /// reach it (issue 17): the picture is still the vector path's.
    #[test]
    fn zoomed_in_the_painter_still_draws_the_vector_picture() {
        same_picture_at(2.5);
    }

    /// Compares the painter with the vector path, the view zoomed by `zoom` about the
    /// sheet's middle.
    fn same_picture_at(zoom: f64) {
        let scene = busy_scene();
        let (w, h) = scene.size();
        let (mut a, cra) = surface(w, h);
        let (mut b, crb) = surface(w, h);
        for cr in [&cra, &crb] {
            cr.translate(w / 2.0, h / 2.0);
            cr.scale(zoom, zoom);
            cr.translate(-w / 2.0, -h / 2.0);
        }
        draw_map(&cra, &scene).unwrap();
        let mut painter = MapPainter::new();
        painter.paint(&crb, &scene).unwrap();
        painter.paint(&crb, &scene).unwrap();
        drop((cra, crb));
        a.flush();
        b.flush();
        let (da, db) = (a.data().unwrap(), b.data().unwrap());
        let differ = da
            .iter()
            .zip(db.iter())
            .filter(|(x, y)| x.abs_diff(**y) > 96)
            .count();
        // Edges differ by at most a pixel of antialiasing.
        assert!(
            (differ as f64) < 0.03 * da.len() as f64,
            "{differ} of {} bytes differ",
            da.len()
        );
    }
}
