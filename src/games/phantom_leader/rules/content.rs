//! The game's content, read from `data/games/phantom_leader/*.toml` (or an owner's override
//! files) and checked once: the Tactical Display, the campaign sheets, aircraft, skill levels
//! and pilots, the 82 target cards, weapons, air defenses, events, counters and the core
//! tables. Every error names the file, the line of the record and the field.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use super::display::{Area, AreaKind, Geometry, Slot};
use crate::engine::content::{ContentError, ContentFile as File, Files, Source};
use crate::engine::message::n_;

const GAME: &str = "phantom_leader";

/// The number of Target cards in the game (digest 8.5).
pub const TARGET_CARDS: usize = 82;

// ---------------------------------------------------------------------------------------
// Words of the rules that the content uses.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Newbie,
    Green,
    Average,
    Skilled,
    Veteran,
    Ace,
}

impl Level {
    pub const ALL: [Level; 6] = [
        Level::Newbie,
        Level::Green,
        Level::Average,
        Level::Skilled,
        Level::Veteran,
        Level::Ace,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The level a promotion leads to; Ace is the top [p.16].
    pub fn next(self) -> Option<Level> {
        Level::ALL.get(self.index() + 1).copied()
    }

    /// The level a replacement for this pilot arrives at: one lower, a Newbie stays [p.16].
    pub fn below(self) -> Level {
        Level::ALL[self.index().saturating_sub(1)]
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Newbie => n_("Newbie"),
            Level::Green => n_("Green"),
            Level::Average => n_("Average"),
            Level::Skilled => n_("Skilled"),
            Level::Veteran => n_("Veteran"),
            Level::Ace => n_("Ace"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Service {
    USAF,
    USN,
}

#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Duration {
    #[default]
    Short,
    Medium,
    Long,
}

impl Duration {
    pub const ALL: [Duration; 3] = [Duration::Short, Duration::Medium, Duration::Long];

    pub fn index(self) -> usize {
        self as usize
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Speed {
    Fast,
    Slow,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Altitude {
    High,
    Low,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WeaponClass {
    Ata,
    Atg,
    Pod,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Site,
    Bandit,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Gun {
    Inherent,
    None,
    /// Usable from the year in `gun_from` on (the USAF F-4, from 1967 [p.4]).
    FromYear,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Scoring {
    /// Attacks on the card score its hits.
    Card,
    /// Each listed SA-2 destroyed adds 3 hits; the card can be attacked too.
    ListedSa2,
    /// The card cannot be attacked; each Bandit destroyed adds 2 hits.
    Bandits,
    /// The card cannot be attacked; each Site destroyed adds 1 hit.
    Sites,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TrackKind {
    Recon,
    Intel,
    Politics,
}

// ---------------------------------------------------------------------------------------
// Records as read. Every one carries `source` (and `page` when it is the rulebook's).

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DisplayFile {
    geometry: GeometrySpec,
    area: Vec<AreaSpec>,
    angle: Vec<AnglePattern>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct GeometrySpec {
    turns: u8,
    ring_ccw: Vec<Area>,
    source: Source,
    page: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AreaSpec {
    id: Area,
    kind: AreaKind,
    adjacent: Vec<Area>,
    source: Source,
    page: Option<String>,
}

/// An Attack Angle counter: the slots it colours red, and how many are in the cup.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AnglePattern {
    pub id: String,
    pub red: Vec<Slot>,
    pub count: u8,
    pub source: Source,
    pub page: Option<String>,
    pub note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CampaignsFile {
    duration: Vec<DurationSpec>,
    vp_chart: Vec<VpChartSpec>,
    track: Vec<TrackSpec>,
    campaign: Vec<SheetSpec>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DurationSpec {
    id: Duration,
    days: u8,
    source: Source,
    page: Option<String>,
    #[allow(dead_code)]
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VpChartSpec {
    id: String,
    duration: Duration,
    poor: i32,
    adequate: i32,
    good: i32,
    great: i32,
    source: Source,
    page: Option<String>,
    #[allow(dead_code)]
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TrackSpec {
    id: String,
    kind: TrackKind,
    boxes: Vec<toml::Value>,
    source: Source,
    page: Option<String>,
    #[allow(dead_code)]
    note: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SheetSpec {
    id: String,
    title: String,
    campaign: String,
    service: Service,
    year: u16,
    special_options: [i32; 3],
    vp_chart: String,
    recon: String,
    intel: String,
    politics: String,
    weapons_available: Vec<String>,
    weapons_special: Vec<String>,
    #[serde(default)]
    squadron_change: BTreeMap<Level, i8>,
    region: Vec<Region>,
    source: Source,
    page: Option<String>,
    #[allow(dead_code)]
    note: Option<String>,
}

/// A region of a campaign map [p.5, p.9, p.15].
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Region {
    pub id: String,
    pub name: String,
    /// Printed as a negative number: Weight Points each aircraft loses [p.9].
    pub wp_penalty: i8,
    /// Target Stress for every pilot who flies there [p.15].
    pub stress: u8,
    pub targets: Vec<u8>,
    pub source: Source,
    pub page: Option<String>,
}

/// What an Intel box lets the player remove before the fight [p.10].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct IntelNote {
    /// Only from the Center; otherwise from the Center or any one area.
    pub center_only: bool,
    pub sites: u8,
    pub bandits: u8,
}

/// One campaign sheet, its references resolved.
#[derive(Clone, Debug, PartialEq)]
pub struct Sheet {
    pub id: String,
    pub title: String,
    pub campaign: String,
    pub service: Service,
    pub year: u16,
    /// Special Option points for Short, Medium, Long.
    pub special_options: [i32; 3],
    /// Least VP for Poor, Adequate, Good, Great, per duration.
    pub vp_chart: [[i32; 4]; 3],
    pub recon: Vec<u8>,
    pub intel: Vec<IntelNote>,
    pub politics: Vec<u8>,
    pub weapons_available: Vec<String>,
    pub weapons_special: Vec<String>,
    pub squadron_change: BTreeMap<Level, i8>,
    pub regions: Vec<Region>,
    /// The same two lists as sets of weapon indices, for the arming checks.
    pub available: WeaponSet,
    pub special: WeaponSet,
}

impl Sheet {
    pub fn region_of(&self, target: u8) -> Option<&Region> {
        self.regions.iter().find(|r| r.targets.contains(&target))
    }

    pub fn targets(&self) -> impl Iterator<Item = u8> + '_ {
        self.regions.iter().flat_map(|r| r.targets.iter().copied())
    }

    /// Whether munition `weapon` (an index into the weapons) may be loaded in this campaign,
    /// and whether it costs SO.
    pub fn weapon_status(&self, weapon: usize) -> Option<bool> {
        if self.available.contains(weapon) {
            Some(false)
        } else if self.special.contains(weapon) {
            Some(true)
        } else {
            None
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AircraftFile {
    aircraft: Vec<AircraftType>,
    level: Vec<LevelSpec>,
    #[serde(rename = "trait")]
    traits: Vec<TraitSpec>,
    pilot: Vec<PilotSpec>,
}

/// An aircraft type: what every card of a pilot flying it shares [p.4, p.18–21].
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AircraftType {
    pub id: String,
    pub name: String,
    pub service: Service,
    pub years: [u16; 2],
    pub special_options: [i32; 3],
    pub wp: u8,
    pub speed: Speed,
    /// `None`: no air-to-air capability.
    pub ata: Option<i8>,
    pub atg: Option<i8>,
    pub gun: Gun,
    pub gun_from: Option<u16>,
    #[serde(default)]
    pub strafe: i8,
    #[serde(default)]
    pub turret: bool,
    pub munitions: Vec<String>,
    /// `munitions` as weapon indices, worked out at load.
    #[serde(skip)]
    pub loadable: WeaponSet,
    /// EB-66, E-1 and E-2 do not count toward a target's aircraft limit [p.8].
    #[serde(default)]
    pub outside_limit: bool,
    #[serde(default)]
    pub jam: BTreeMap<Level, i8>,
    #[serde(default)]
    pub event_ignore: BTreeMap<Level, u8>,
    #[serde(default)]
    pub fast_on: BTreeMap<Level, u8>,
    pub source: Source,
    pub page: Option<String>,
    pub note: Option<String>,
}

impl AircraftType {
    pub fn in_service(&self, year: u16) -> bool {
        (self.years[0]..=self.years[1]).contains(&year)
    }

    /// Whether the aircraft's own gun may be fired in `year` [p.4, p.21].
    pub fn has_gun(&self, year: u16) -> bool {
        match self.gun {
            Gun::Inherent => true,
            Gun::None => false,
            Gun::FromYear => self.gun_from.is_some_and(|from| year >= from),
        }
    }

    /// Whether munition `weapon` (an index into the weapons) is on this type's card.
    pub fn can_load(&self, weapon: usize) -> bool {
        self.loadable.contains(weapon)
    }
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LevelSpec {
    pub id: Level,
    pub okay_max: u8,
    pub shaken_max: u8,
    pub cool: u8,
    /// XP to promote; none for the Ace.
    pub experience: Option<u8>,
    pub modifier: i8,
    pub slow_when_okay: bool,
    pub source: Source,
    pub page: Option<String>,
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TraitSpec {
    pub id: String,
    #[serde(default)]
    pub ata: i8,
    #[serde(default)]
    pub atg: i8,
    #[serde(default)]
    pub cool: i8,
    #[serde(default)]
    pub okay_max: i8,
    #[serde(default)]
    pub shaken_max: i8,
    #[serde(default)]
    pub fast_when_okay: bool,
    pub source: Source,
    pub page: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PilotSpec {
    pub name: String,
    pub aircraft: String,
    #[serde(rename = "trait")]
    pub trait_id: String,
    #[serde(default)]
    pub cool_override: BTreeMap<Level, u8>,
    pub source: Source,
    pub page: Option<String>,
    pub note: Option<String>,
    /// Indices of `aircraft` and `trait_id`, worked out at load.
    #[serde(skip)]
    pub aircraft_index: usize,
    #[serde(skip)]
    pub trait_index: usize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TargetsFile {
    target: Vec<TargetCard>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HitRow {
    pub hits: [u8; 2],
    pub vp: i32,
    #[serde(default)]
    pub recon: i8,
    #[serde(default)]
    pub intel: i8,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DestroyedRow {
    pub from: u8,
    pub vp: i32,
    pub recon: i8,
    pub intel: i8,
}

/// A Target card [p.5, p.8, p.11, p.14].
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetCard {
    pub number: u8,
    pub name: String,
    pub politics: u8,
    pub soft: bool,
    /// Draws for each Approach area, then for the Center.
    pub sites: [u8; 2],
    pub bandits: [u8; 2],
    pub max_aircraft: u8,
    pub undamaged: HitRow,
    pub damaged: HitRow,
    pub destroyed: DestroyedRow,
    #[serde(default)]
    pub modifier: i8,
    #[serde(default = "card_scoring")]
    pub scoring: Scoring,
    /// Defenses placed in the Center as part of the mission.
    #[serde(default)]
    pub listed: Vec<String>,
    pub source: Source,
    pub page: Option<String>,
    pub note: Option<String>,
}

fn card_scoring() -> Scoring {
    Scoring::Card
}

/// The damage a number of hits scores on a target [p.11, p.14].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Damage {
    Undamaged,
    Damaged,
    Destroyed,
}

impl TargetCard {
    pub fn damage(&self, hits: u8) -> Damage {
        if hits >= self.destroyed.from {
            Damage::Destroyed
        } else if hits >= self.damaged.hits[0] {
            Damage::Damaged
        } else {
            Damage::Undamaged
        }
    }

    /// VP, Recon shift and Intel shift of a result.
    pub fn score(&self, damage: Damage) -> (i32, i8, i8) {
        match damage {
            Damage::Undamaged => (
                self.undamaged.vp,
                self.undamaged.recon,
                self.undamaged.intel,
            ),
            Damage::Damaged => (self.damaged.vp, self.damaged.recon, self.damaged.intel),
            Damage::Destroyed => (
                self.destroyed.vp,
                self.destroyed.recon,
                self.destroyed.intel,
            ),
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct WeaponsFile {
    weapon: Vec<WeaponSpec>,
    counter: Vec<WeaponCounter>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponSpec {
    pub id: String,
    pub name: String,
    pub class: WeaponClass,
    pub wp: u8,
    #[serde(default)]
    pub hits: Vec<u8>,
    #[serde(default)]
    pub range: u8,
    #[serde(default)]
    pub cannot: Vec<u8>,
    #[serde(default)]
    pub altitudes: Vec<Altitude>,
    #[serde(default)]
    pub soft: u8,
    #[serde(default)]
    pub radar: bool,
    /// The only air defenses it may attack (anti-radar missiles: SA-2s).
    #[serde(default)]
    pub only_vs: Vec<String>,
    #[serde(default)]
    pub suppress_bonus: u8,
    #[serde(default)]
    pub politics_first_use: u8,
    /// ECM: the unmodified roll that negates an attack.
    pub negate_on: Option<u8>,
    pub source: Source,
    pub page: Option<String>,
    pub note: Option<String>,
}

/// A double-sided weapon counter: one use of either side uses it up for the mission.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponCounter {
    pub front: String,
    pub back: String,
    pub count: u8,
    pub source: Source,
    pub page: Option<String>,
    /// Its two sides as weapon indices, worked out at load.
    #[serde(skip)]
    pub sides: WeaponSet,
}

/// A set of weapon types by their index in the weapons list (at most 64 types).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WeaponSet(u64);

impl WeaponSet {
    /// The most weapon types a set holds, so the most the weapons file may list.
    pub const CAPACITY: usize = 64;

    pub fn with(self, weapon: usize) -> Self {
        WeaponSet(self.0 | 1 << weapon)
    }
    pub fn contains(self, weapon: usize) -> bool {
        weapon < Self::CAPACITY && self.0 >> weapon & 1 == 1
    }
    pub fn meets(self, other: WeaponSet) -> bool {
        self.0 & other.0 != 0
    }
    /// The set of the weapons named, by id; names not in the list are left out.
    fn of<'a>(weapons: &[WeaponSpec], ids: impl IntoIterator<Item = &'a String>) -> Self {
        ids.into_iter()
            .filter_map(|id| weapons.iter().position(|w| &w.id == id))
            .fold(WeaponSet::default(), WeaponSet::with)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct DefensesFile {
    defense: Vec<DefenseSpec>,
    counter: Vec<DefenseCounter>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DefenseSpec {
    pub id: String,
    pub name: String,
    pub side: Side,
    #[serde(default)]
    pub range: u8,
    #[serde(default)]
    pub altitudes: Vec<Altitude>,
    #[serde(default)]
    pub radar: bool,
    /// The enemy rolls for +1 Stress, Damaged and Destroyed; empty for "No Bandit".
    #[serde(default)]
    pub attack: Vec<u8>,
    pub source: Source,
    pub page: Option<String>,
    pub note: Option<String>,
}

/// An Air Defense counter: a Site on one side, a Bandit (or No Bandit) on the other.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DefenseCounter {
    pub site: String,
    pub bandit: String,
    pub count: u8,
    pub source: Source,
    pub page: Option<String>,
    /// Where the Site and the Bandit side stand in the content's defenses, found at load
    /// (the fight looks them up at every step).
    #[serde(skip)]
    pub sides: [usize; 2],
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventsFile {
    event: Vec<EventCard>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventCard {
    pub id: u8,
    pub target_bound: EventSection,
    pub over_target: OverTargetSection,
    pub home_bound: EventSection,
    pub source: Source,
    pub page: Option<String>,
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventSection {
    pub title: String,
    pub text: String,
    pub effect: Effect,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OverTargetSection {
    pub title: String,
    pub a: Effect,
    pub a_text: String,
    pub b: Effect,
    pub b_text: String,
}

/// Who an event's stress or abort falls on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    /// Every aircraft on the mission (Target-Bound).
    Each,
    /// One aircraft on the mission at random.
    Random,
    /// Every aircraft that left the display (Home-Bound).
    Returning,
    RandomReturning,
}

/// Where an event adds, removes or moves defenses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Place {
    Center,
    EachApproach,
    RandomApproach,
    ChosenApproach,
    /// Anywhere, the player's choice.
    Chosen,
    /// The areas holding an Exit counter.
    ExitAreas,
    /// An SA-2 in an Approach area, at random.
    ApproachSa2,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SiteFilter {
    Any,
    Sa2,
    /// A Site in an Approach area with range 1 or 2.
    ApproachRanged,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rotation {
    Ccw,
    Cw,
}

/// What an event section does (digest 8.9).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Effect {
    None,
    DestroySite {
        which: SiteFilter,
    },
    Attack {
        side: Side,
        count: u8,
        attack: [u8; 3],
        #[serde(default)]
        negate_by: Option<WeaponClass>,
    },
    Abort {
        who: Who,
        #[serde(default)]
        unless_tanker: bool,
    },
    RemoveSite {
        place: Place,
        count: u8,
    },
    RemoveBandit {
        place: Place,
        count: u8,
    },
    AddSite {
        place: Place,
        count: u8,
        #[serde(default)]
        defense: Option<String>,
    },
    AddBandit {
        place: Place,
        count: u8,
    },
    MoveSite {
        from: Place,
        to: Place,
    },
    Jettison {
        wp: u8,
        #[serde(default)]
        unless_tanker: bool,
    },
    HotPilot,
    Stress {
        who: Who,
        amount: i8,
        #[serde(default)]
        unless_tanker: bool,
    },
    TargetModifier {
        delta: i8,
    },
    NoAbort,
    ExtraCenterBandit {
        count: u8,
    },
    Escort,
    NavigationError,
    LowClouds,
    GunJam,
    TargetHits {
        delta: i8,
    },
    SarBonus {
        amount: i8,
    },
    Track {
        track: TrackKind,
        delta: i8,
        #[serde(default)]
        needs_damage: bool,
    },
    RescueMia,
    ExitShift {
        direction: Rotation,
    },
    BanditsHold,
    SiteRollFirstTurn {
        delta: i8,
    },
    BanditsAdvance,
}

/// The three sections of an Event card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    TargetBound,
    OverTarget,
    HomeBound,
}

impl Effect {
    /// Whether the effect makes sense in a section of that phase.
    fn fits(&self, phase: Phase) -> bool {
        use Effect::*;
        match self {
            None => true,
            RemoveSite { .. } => phase != Phase::HomeBound,
            DestroySite { .. }
            | Abort { .. }
            | Jettison { .. }
            | HotPilot
            | NoAbort
            | ExtraCenterBandit { .. }
            | Escort
            | NavigationError
            | LowClouds
            | GunJam => phase == Phase::TargetBound,
            Attack { .. } | Stress { .. } => phase != Phase::OverTarget,
            TargetModifier { .. } => phase != Phase::HomeBound,
            AddSite { .. }
            | AddBandit { .. }
            | RemoveBandit { .. }
            | MoveSite { .. }
            | ExitShift { .. }
            | BanditsHold
            | SiteRollFirstTurn { .. }
            | BanditsAdvance => phase == Phase::OverTarget,
            TargetHits { .. } | SarBonus { .. } | Track { .. } | RescueMia => {
                phase == Phase::HomeBound
            }
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CountersFile {
    flight_path: Vec<Counted>,
    stress: Vec<Counted>,
    damage: Vec<Counted>,
    marker: Vec<Counted>,
}

/// A kind of marker and how many the game has.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counted {
    #[serde(default)]
    pub id: Option<String>,
    #[serde(default)]
    pub value: Option<u8>,
    #[serde(default)]
    pub hits: Option<u8>,
    #[serde(default)]
    pub pairs: Option<u8>,
    #[serde(default)]
    pub count: Option<u8>,
    pub source: Source,
    pub page: Option<String>,
    pub note: Option<String>,
}

/// The counters the game comes with besides aircraft, defenses and weapons.
#[derive(Clone, Debug, PartialEq)]
pub struct Markers {
    pub flight_path_pairs: u8,
    /// (value, count) of the Stress counters.
    pub stress: Vec<(u8, u8)>,
    /// (hits, count) of the Target Damage counters.
    pub damage: Vec<(u8, u8)>,
    /// (id, count) of the other markers.
    pub markers: Vec<(String, u8)>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TablesFile {
    pub composition: Vec<Composition>,
    pub priorities: Priorities,
    pub combat: Combat,
    pub atg_penalty: Vec<AtgPenalty>,
    /// The optional three-row reading of the same table (digest A-2).
    pub atg_penalty_three_rows: Vec<AtgPenalty>,
    pub sar: Sar,
    pub squadron_stress: Vec<SquadronStress>,
    pub experience: Experience,
    pub optional: Vec<OptionalSpec>,
    pub difficulty: Vec<DifficultySpec>,
    pub adjustment: Vec<Adjustment>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Composition {
    pub duration: Duration,
    pub pilots: BTreeMap<Level, u8>,
    pub source: Source,
    pub page: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Priorities {
    pub promotion: [i32; 3],
    pub recon_cost: i32,
    pub recon_cards: u8,
    pub tanker_per_aircraft: i32,
    pub rest_cost: i32,
    pub rest_stress: u8,
    pub special_weapon_per_wp: i32,
    pub source: Source,
    pub page: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Combat {
    pub evasion_stress: u8,
    pub evasion_dice: u8,
    pub ecm_negates_on: u8,
    pub gun_hits: u8,
    pub stress_result: u8,
    pub damaged_stress: u8,
    pub source: Source,
    pub page: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AtgPenalty {
    pub from_wp: u8,
    pub penalty: i8,
    pub source: Source,
    pub page: Option<String>,
    pub note: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sar {
    pub quick_from: i32,
    pub quick_stress: u8,
    pub under_fire_from: i32,
    pub under_fire_stress: u8,
    pub target_bound_bonus: i32,
    pub home_bound_bonus: i32,
    pub source: Source,
    pub page: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SquadronStress {
    pub level: Level,
    pub transferred: u8,
    pub missing: u8,
    pub source: Source,
    pub page: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Experience {
    pub flew: u8,
    pub destroyed_no_losses: u8,
    pub rest_bonus: u8,
    pub source: Source,
    pub page: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OptionalSpec {
    pub id: String,
    pub special_options: [i32; 3],
    pub last_year: Option<u16>,
    /// Linked Campaigns: the points each promotion of a kept pilot costs.
    #[serde(default)]
    pub per_promotion: i32,
    pub source: Source,
    pub page: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DifficultySpec {
    pub level: Level,
    /// Advantages taken (positive) or Disadvantages (negative).
    pub adjustments: i8,
    pub source: Source,
    pub page: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum AdjustmentKind {
    Advantage,
    Disadvantage,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Adjustment {
    pub id: String,
    pub kind: AdjustmentKind,
    #[serde(default)]
    pub stress: i8,
    #[serde(default)]
    pub enemy_roll: i8,
    #[serde(default)]
    pub center: i8,
    #[serde(default)]
    pub special_options: [i32; 3],
    pub source: Source,
    pub page: Option<String>,
}

// ---------------------------------------------------------------------------------------
// The checked content.

#[derive(Clone, Debug, PartialEq)]
pub struct Content {
    pub geometry: Geometry,
    pub angles: Vec<AnglePattern>,
    pub days: [u8; 3],
    pub sheets: Vec<Sheet>,
    pub aircraft: Vec<AircraftType>,
    /// In the order of [`Level::ALL`].
    pub levels: Vec<LevelSpec>,
    pub traits: Vec<TraitSpec>,
    pub pilots: Vec<PilotSpec>,
    /// Card `n` is at index `n - 1`.
    pub targets: Vec<TargetCard>,
    pub weapons: Vec<WeaponSpec>,
    pub weapon_counters: Vec<WeaponCounter>,
    pub defenses: Vec<DefenseSpec>,
    pub defense_counters: Vec<DefenseCounter>,
    pub events: Vec<EventCard>,
    pub markers: Markers,
    pub tables: TablesFile,
    /// The rules reference, in our words, by section.
    pub rules: Vec<crate::engine::reference::RuleSection>,
}

impl Content {
    pub fn sheet(&self, id: &str) -> Option<&Sheet> {
        self.sheets.iter().find(|s| s.id == id)
    }
    pub fn aircraft_type(&self, id: &str) -> Option<&AircraftType> {
        self.aircraft.iter().find(|a| a.id == id)
    }
    pub fn weapon(&self, id: &str) -> Option<&WeaponSpec> {
        self.weapons.iter().find(|w| w.id == id)
    }
    pub fn weapon_index(&self, id: &str) -> Option<usize> {
        self.weapons.iter().position(|w| w.id == id)
    }
    pub fn defense(&self, id: &str) -> Option<&DefenseSpec> {
        self.defenses.iter().find(|d| d.id == id)
    }
    pub fn target(&self, number: u8) -> &TargetCard {
        &self.targets[usize::from(number) - 1]
    }
    pub fn level(&self, level: Level) -> &LevelSpec {
        &self.levels[level.index()]
    }
    pub fn trait_of(&self, pilot: &PilotSpec) -> &TraitSpec {
        &self.traits[pilot.trait_index]
    }
    pub fn pilot_aircraft(&self, pilot: usize) -> &AircraftType {
        &self.aircraft[self.pilots[pilot].aircraft_index]
    }
    pub fn composition(&self, duration: Duration) -> &BTreeMap<Level, u8> {
        &self
            .tables
            .composition
            .iter()
            .find(|c| c.duration == duration)
            .expect("compositions are checked at load")
            .pilots
    }
    pub fn squadron_stress(&self, level: Level) -> &SquadronStress {
        &self.tables.squadron_stress[level.index()]
    }
    pub fn optional(&self, id: &str) -> &OptionalSpec {
        self.tables
            .optional
            .iter()
            .find(|o| o.id == id)
            .expect("optional rules are checked at load")
    }
    /// The AtA penalty for attacking a Bandit at range 0 with `atg_wp` of AtG loaded [p.12].
    pub fn atg_penalty(&self, atg_wp: u8, three_rows: bool) -> i8 {
        let table = if three_rows {
            &self.tables.atg_penalty_three_rows
        } else {
            &self.tables.atg_penalty
        };
        table
            .iter()
            .rev()
            .find(|row| atg_wp >= row.from_wp)
            .map_or(0, |row| row.penalty)
    }
}

// ---------------------------------------------------------------------------------------
// Loading.

/// Checks a record's `source`/`page` pair: the rulebook's records say where.
fn tag(file: &File, needle: &str, what: &str, source: Source, page: &Option<String>) -> Check {
    if source == Source::Rulebook && page.as_deref().is_none_or(str::is_empty) {
        return Err(file.error(
            needle,
            format!("{what}: source = \"rulebook\" needs a page"),
        ));
    }
    Ok(())
}

type Check = Result<(), ContentError>;

fn ascending(values: &[u8]) -> bool {
    values.windows(2).all(|w| w[0] < w[1])
}

fn load_display(f: &File) -> Result<(Geometry, Vec<AnglePattern>), ContentError> {
    let file: DisplayFile = f.parse()?;
    tag(
        f,
        "[geometry]",
        "geometry",
        file.geometry.source,
        &file.geometry.page,
    )?;
    let mut adjacency = Vec::new();
    for a in &file.area {
        let needle = format!("id = \"{:?}\"", a.id);
        tag(f, &needle, &format!("area {:?}", a.id), a.source, &a.page)?;
        if a.kind != a.id.kind() {
            return Err(f.error(
                &needle,
                format!(
                    "area {:?}: kind is {:?}, the rules know it as {:?}",
                    a.id,
                    a.kind,
                    a.id.kind()
                ),
            ));
        }
        adjacency.push((a.id, a.adjacent.clone()));
    }
    if file.geometry.turns == 0 {
        return Err(f.error("turns", "geometry: turns must be at least 1".to_owned()));
    }
    let geometry = Geometry::new(file.geometry.turns, &adjacency, &file.geometry.ring_ccw)
        .map_err(|e| f.error("adjacent", e))?;
    if file.angle.is_empty() {
        return Err(f.error("", "angle: no Attack Angle counters".to_owned()));
    }
    for (i, p) in file.angle.iter().enumerate() {
        let needle = format!("id = \"{}\"", p.id);
        tag(f, &needle, &format!("angle {}", p.id), p.source, &p.page)?;
        if file.angle[..i].iter().any(|q| q.id == p.id) {
            return Err(f.error(&needle, format!("angle {}: listed twice", p.id)));
        }
        if !p.red.contains(&Slot::Own) {
            return Err(f.error(
                &needle,
                format!(
                    "angle {}: red must include own (a Site always covers its own area)",
                    p.id
                ),
            ));
        }
        if p.count == 0 {
            return Err(f.error(&needle, format!("angle {}: count must be at least 1", p.id)));
        }
    }
    Ok((geometry, file.angle))
}

fn intel_note(text: &str) -> Option<IntelNote> {
    if text == "none" {
        return Some(IntelNote::default());
    }
    let (center_only, rest) = match text.strip_prefix("C:") {
        Some(rest) => (true, rest),
        None => (false, text),
    };
    let mut note = IntelNote {
        center_only,
        ..IntelNote::default()
    };
    for part in rest.split('+') {
        let (kind, n) = part.split_at(1.min(part.len()));
        let n: u8 = n.parse().ok().filter(|&n| n > 0)?;
        match kind {
            "S" if note.sites == 0 => note.sites = n,
            "B" if note.bandits == 0 => note.bandits = n,
            _ => return None,
        }
    }
    Some(note)
}

struct Tracks {
    recon: BTreeMap<String, Vec<u8>>,
    intel: BTreeMap<String, Vec<IntelNote>>,
    politics: BTreeMap<String, Vec<u8>>,
}

fn load_tracks(f: &File, specs: &[TrackSpec]) -> Result<Tracks, ContentError> {
    let mut tracks = Tracks {
        recon: BTreeMap::new(),
        intel: BTreeMap::new(),
        politics: BTreeMap::new(),
    };
    for t in specs {
        let needle = format!("id = \"{}\"", t.id);
        let what = format!("track {}", t.id);
        tag(f, &needle, &what, t.source, &t.page)?;
        if t.boxes.len() < 2 {
            return Err(f.error(
                &needle,
                format!("{what}: boxes: at least 2 (the last box is never covered)"),
            ));
        }
        let number = |v: &toml::Value, lo: i64, hi: i64| {
            v.as_integer()
                .filter(|n| (lo..=hi).contains(n))
                .map(|n| n as u8)
        };
        let bad = |i: usize, want: &str| f.error(&needle, format!("{what}: boxes[{i}]: {want}"));
        let duplicate = match t.kind {
            TrackKind::Recon | TrackKind::Politics => {
                let (lo, hi) = if t.kind == TrackKind::Recon {
                    (1, 20)
                } else {
                    (0, 5)
                };
                let mut boxes = Vec::new();
                for (i, v) in t.boxes.iter().enumerate() {
                    boxes.push(
                        number(v, lo, hi)
                            .ok_or_else(|| bad(i, &format!("a whole number from {lo} to {hi}")))?,
                    );
                }
                let map = if t.kind == TrackKind::Recon {
                    &mut tracks.recon
                } else {
                    &mut tracks.politics
                };
                map.insert(t.id.clone(), boxes).is_some()
            }
            TrackKind::Intel => {
                let mut boxes = Vec::new();
                for (i, v) in t.boxes.iter().enumerate() {
                    let note = v.as_str().and_then(intel_note).ok_or_else(|| {
                        bad(i, "\"none\" or a note such as \"C:S1+B1\" or \"S2+B1\"")
                    })?;
                    boxes.push(note);
                }
                tracks.intel.insert(t.id.clone(), boxes).is_some()
            }
        };
        if duplicate {
            return Err(f.error(&needle, format!("{what}: listed twice")));
        }
    }
    Ok(tracks)
}

fn load_campaigns(
    f: &File,
    targets: &[TargetCard],
    weapons: &[WeaponSpec],
) -> Result<([u8; 3], Vec<Sheet>), ContentError> {
    let file: CampaignsFile = f.parse()?;
    let mut days = [0u8; 3];
    for d in &file.duration {
        let needle = format!("id = \"{}\"", serde_plain(&d.id));
        tag(f, &needle, "duration", d.source, &d.page)?;
        if d.days == 0 || days[d.id.index()] != 0 {
            return Err(f.error(
                &needle,
                format!("duration {:?}: days must be at least 1, listed once", d.id),
            ));
        }
        days[d.id.index()] = d.days;
    }
    if let Some(d) = Duration::ALL.iter().find(|d| days[d.index()] == 0) {
        return Err(f.error("", format!("duration: {d:?} is missing")));
    }
    let mut charts: BTreeMap<&str, [[i32; 4]; 3]> = BTreeMap::new();
    let mut seen: BTreeSet<(&str, Duration)> = BTreeSet::new();
    for c in &file.vp_chart {
        let needle = format!("id = \"{}\"", c.id);
        tag(f, &needle, "vp_chart", c.source, &c.page)?;
        let row = [c.poor, c.adequate, c.good, c.great];
        if !row.windows(2).all(|w| w[0] < w[1]) {
            return Err(f.error(
                &needle,
                format!(
                    "vp_chart {} {:?}: poor < adequate < good < great",
                    c.id, c.duration
                ),
            ));
        }
        if !seen.insert((&c.id, c.duration)) {
            return Err(f.error(
                &needle,
                format!("vp_chart {} {:?}: listed twice", c.id, c.duration),
            ));
        }
        charts.entry(&c.id).or_default()[c.duration.index()] = row;
    }
    for id in charts.keys() {
        if let Some(d) = Duration::ALL.iter().find(|d| !seen.contains(&(*id, **d))) {
            return Err(f.error(
                &format!("id = \"{id}\""),
                format!("vp_chart {id}: no row for {d:?}"),
            ));
        }
    }
    let tracks = load_tracks(f, &file.track)?;
    let mut sheets: Vec<Sheet> = Vec::new();
    for s in file.campaign {
        let needle = format!("id = \"{}\"", s.id);
        let what = format!("campaign {}", s.id);
        let err = |detail: String| f.error(&needle, format!("{what}: {detail}"));
        tag(f, &needle, &what, s.source, &s.page)?;
        if sheets.iter().any(|x| x.id == s.id) {
            return Err(err("listed twice".into()));
        }
        if !(1950..=1980).contains(&s.year) {
            return Err(err(format!("year {} is outside 1950-1980", s.year)));
        }
        if s.special_options.iter().any(|&so| so < 0) {
            return Err(err("special_options: never below 0".into()));
        }
        let vp_chart = *charts
            .get(s.vp_chart.as_str())
            .ok_or_else(|| err(format!("vp_chart: no chart '{}'", s.vp_chart)))?;
        let recon = tracks
            .recon
            .get(&s.recon)
            .ok_or_else(|| err(format!("recon: no recon track '{}'", s.recon)))?
            .clone();
        let intel = tracks
            .intel
            .get(&s.intel)
            .ok_or_else(|| err(format!("intel: no intel track '{}'", s.intel)))?
            .clone();
        let politics = tracks
            .politics
            .get(&s.politics)
            .ok_or_else(|| err(format!("politics: no politics track '{}'", s.politics)))?
            .clone();
        for w in s.weapons_available.iter().chain(&s.weapons_special) {
            if !weapons.iter().any(|x| &x.id == w) {
                return Err(err(format!("weapons: no weapon '{w}' in weapons.toml")));
            }
        }
        if let Some(w) = s
            .weapons_available
            .iter()
            .find(|w| s.weapons_special.contains(w))
        {
            return Err(err(format!("weapon '{w}' is both available and special")));
        }
        if s.region.is_empty() {
            return Err(err("no region".into()));
        }
        let mut on_sheet = BTreeSet::new();
        for r in &s.region {
            tag(
                f,
                &needle,
                &format!("{what} region {}", r.id),
                r.source,
                &r.page,
            )?;
            if r.wp_penalty > 0 {
                return Err(err(format!(
                    "region {}: wp_penalty is printed as 0 or less",
                    r.id
                )));
            }
            for &n in &r.targets {
                if n == 0 || usize::from(n) > targets.len() {
                    return Err(err(format!("region {}: no target card {n}", r.id)));
                }
                if !on_sheet.insert(n) {
                    return Err(err(format!(
                        "region {}: target {n} is on the sheet twice",
                        r.id
                    )));
                }
            }
        }
        if let Some(n) = on_sheet
            .iter()
            .find(|&&n| targets[usize::from(n) - 1].politics > politics[0])
        {
            return Err(err(format!(
                "target {n} can never be chosen: its politics is above the track's start"
            )));
        }
        sheets.push(Sheet {
            id: s.id,
            title: s.title,
            campaign: s.campaign,
            service: s.service,
            year: s.year,
            special_options: s.special_options,
            vp_chart,
            recon,
            intel,
            politics,
            available: WeaponSet::of(weapons, &s.weapons_available),
            special: WeaponSet::of(weapons, &s.weapons_special),
            weapons_available: s.weapons_available,
            weapons_special: s.weapons_special,
            squadron_change: s.squadron_change,
            regions: s.region,
        });
    }
    if sheets.is_empty() {
        return Err(f.error("", "campaign: no campaign sheet".to_owned()));
    }
    Ok((days, sheets))
}

/// How a value is written in the data files (for finding its line).
fn serde_plain<T: Serialize>(value: &T) -> String {
    serde_json::to_value(value)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

struct Squadron {
    aircraft: Vec<AircraftType>,
    levels: Vec<LevelSpec>,
    traits: Vec<TraitSpec>,
    pilots: Vec<PilotSpec>,
}

fn load_aircraft(f: &File, weapons: &[WeaponSpec]) -> Result<Squadron, ContentError> {
    let mut file: AircraftFile = f.parse()?;
    for (i, a) in file.aircraft.iter().enumerate() {
        let needle = format!("id = \"{}\"", a.id);
        let what = format!("aircraft {}", a.id);
        let err = |detail: String| f.error(&needle, format!("{what}: {detail}"));
        tag(f, &needle, &what, a.source, &a.page)?;
        if file.aircraft[..i].iter().any(|b| b.id == a.id) {
            return Err(err("listed twice".into()));
        }
        if a.years[0] > a.years[1] {
            return Err(err("years: first year after last".into()));
        }
        if (a.gun == Gun::FromYear) != a.gun_from.is_some() {
            return Err(err(
                "gun_from goes with gun = \"from_year\", and only with it".into(),
            ));
        }
        for m in &a.munitions {
            if !weapons.iter().any(|w| &w.id == m) {
                return Err(err(format!("munitions: no weapon '{m}'")));
            }
        }
        if a.jam.values().any(|&j| j > 0) {
            return Err(err("jam: a modifier of 0 or less to enemy rolls".into()));
        }
        if a.event_ignore
            .values()
            .chain(a.fast_on.values())
            .any(|&n| !(1..=10).contains(&n))
        {
            return Err(err("event_ignore / fast_on: rolls from 1 to 10".into()));
        }
    }
    let levels = file.level;
    if levels.iter().map(|l| l.id).collect::<Vec<_>>() != Level::ALL {
        return Err(f.error(
            "[[level]]",
            "level: the six levels newbie to ace, in order, once each".to_owned(),
        ));
    }
    for l in &levels {
        let needle = format!("id = \"{}\"", serde_plain(&l.id));
        let what = format!("level {:?}", l.id);
        tag(f, &needle, &what, l.source, &l.page)?;
        if l.okay_max >= l.shaken_max {
            return Err(f.error(
                &needle,
                format!("{what}: okay_max must be below shaken_max"),
            ));
        }
        if l.experience.is_some() == (l.id == Level::Ace) || l.experience == Some(0) {
            return Err(f.error(
                &needle,
                format!("{what}: experience (at least 1) for every level but ace"),
            ));
        }
    }
    for (i, t) in file.traits.iter().enumerate() {
        let needle = format!("id = \"{}\"", t.id);
        tag(f, &needle, &format!("trait {}", t.id), t.source, &t.page)?;
        if file.traits[..i].iter().any(|u| u.id == t.id) {
            return Err(f.error(&needle, format!("trait {}: listed twice", t.id)));
        }
        for l in &levels {
            let okay = i16::from(l.okay_max) + i16::from(t.okay_max);
            let shaken = i16::from(l.shaken_max) + i16::from(t.shaken_max);
            if okay < 0 || okay >= shaken {
                return Err(f.error(
                    &needle,
                    format!("trait {}: leaves {:?} without a Shaken band", t.id, l.id),
                ));
            }
        }
    }
    for (i, p) in file.pilot.iter().enumerate() {
        let needle = format!("name = \"{}\"", p.name);
        let what = format!("pilot {}", p.name);
        tag(f, &needle, &what, p.source, &p.page)?;
        if file.pilot[..i].iter().any(|q| q.name == p.name) {
            return Err(f.error(
                &needle,
                format!("{what}: the name is listed twice (one name, one pilot [p.4])"),
            ));
        }
        if !file.aircraft.iter().any(|a| a.id == p.aircraft) {
            return Err(f.error(
                &needle,
                format!("{what}: aircraft: no type '{}'", p.aircraft),
            ));
        }
        if !file.traits.iter().any(|t| t.id == p.trait_id) {
            return Err(f.error(&needle, format!("{what}: trait: no trait '{}'", p.trait_id)));
        }
    }
    for a in &mut file.aircraft {
        a.loadable = WeaponSet::of(weapons, &a.munitions);
    }
    for p in &mut file.pilot {
        p.aircraft_index = file
            .aircraft
            .iter()
            .position(|a| a.id == p.aircraft)
            .unwrap_or(0);
        p.trait_index = file
            .traits
            .iter()
            .position(|t| t.id == p.trait_id)
            .unwrap_or(0);
    }
    Ok(Squadron {
        aircraft: file.aircraft,
        levels,
        traits: file.traits,
        pilots: file.pilot,
    })
}

fn load_targets(f: &File, defenses: &[DefenseSpec]) -> Result<Vec<TargetCard>, ContentError> {
    let mut targets = f.parse::<TargetsFile>()?.target;
    targets.sort_by_key(|t| t.number);
    for (i, t) in targets.iter().enumerate() {
        let needle = format!("number = {}\n", t.number);
        let what = format!("target {}", t.number);
        let err = |detail: String| f.error(&needle, format!("{what}: {detail}"));
        tag(f, &needle, &what, t.source, &t.page)?;
        if usize::from(t.number) != i + 1 {
            return Err(f.error(
                &needle,
                format!(
                    "{what}: cards are numbered 1 to {TARGET_CARDS}, each once (expected {})",
                    i + 1
                ),
            ));
        }
        if t.politics > 5 {
            return Err(err("politics: 0 to 5".into()));
        }
        if t.max_aircraft == 0 {
            return Err(err("max_aircraft: at least 1".into()));
        }
        let u = t.undamaged.hits;
        let d = t.damaged.hits;
        if u[0] != 0
            || u[1] < u[0]
            || d[0] != u[1] + 1
            || d[1] < d[0]
            || t.destroyed.from != d[1] + 1
        {
            return Err(err(
                "undamaged/damaged/destroyed: hit rows must run on from 0 without gaps or overlaps"
                    .into(),
            ));
        }
        if !(t.undamaged.vp <= t.damaged.vp && t.damaged.vp <= t.destroyed.vp) {
            return Err(err("vp: Undamaged ≤ Damaged ≤ Destroyed".into()));
        }
        let listed_side = match t.scoring {
            Scoring::ListedSa2 => Some(Side::Site),
            Scoring::Bandits => Some(Side::Bandit),
            Scoring::Card | Scoring::Sites => None,
        };
        for l in &t.listed {
            let d = defenses
                .iter()
                .find(|d| &d.id == l)
                .ok_or_else(|| err(format!("listed: no air defense '{l}'")))?;
            if d.attack.is_empty() || listed_side.is_some_and(|side| side != d.side) {
                return Err(err(format!(
                    "listed: '{l}' does not fit scoring {:?}",
                    t.scoring
                )));
            }
        }
        if t.scoring == Scoring::ListedSa2 && t.listed.is_empty() {
            return Err(err("scoring listed_sa2 needs listed SA-2s".into()));
        }
    }
    if targets.len() != TARGET_CARDS {
        return Err(f.error(
            "",
            format!(
                "target: {} cards, the game has {TARGET_CARDS}",
                targets.len()
            ),
        ));
    }
    Ok(targets)
}

fn load_weapons(f: &File) -> Result<(Vec<WeaponSpec>, Vec<WeaponCounter>), ContentError> {
    let mut file: WeaponsFile = f.parse()?;
    if file.weapon.len() > WeaponSet::CAPACITY {
        return Err(f.error(
            "[[weapon]]",
            format!("weapon: at most {} types", WeaponSet::CAPACITY),
        ));
    }
    for (i, w) in file.weapon.iter().enumerate() {
        let needle = format!("id = \"{}\"", w.id);
        let what = format!("weapon {}", w.id);
        let err = |detail: &str| f.error(&needle, format!("{what}: {detail}"));
        tag(f, &needle, &what, w.source, &w.page)?;
        if file.weapon[..i].iter().any(|x| x.id == w.id) {
            return Err(err("listed twice"));
        }
        let armed = w.negate_on.is_none();
        if armed
            && (w.hits.is_empty()
                || !ascending(&w.hits)
                || w.hits.iter().any(|&h| !(1..=20).contains(&h)))
        {
            return Err(err("hits: rising rolls from 1 to 20"));
        }
        if armed && w.altitudes.is_empty() {
            return Err(err("altitudes: where it can be used from"));
        }
        if w.negate_on.is_some_and(|n| !(1..=10).contains(&n))
            || (w.negate_on.is_some() && !w.hits.is_empty())
        {
            return Err(err(
                "negate_on: a roll from 1 to 10, for a pod without hits",
            ));
        }
        if w.range > 3 || w.cannot.iter().any(|&c| c > w.range) {
            return Err(err("range: 0 to 3, cannot within it"));
        }
        if w.class == WeaponClass::Ata
            && (w.soft > 0 || w.suppress_bonus > 0 || !w.only_vs.is_empty())
        {
            return Err(err(
                "AtA missiles attack only Bandits: no soft, suppress_bonus or only_vs",
            ));
        }
    }
    for c in &file.counter {
        let needle = format!("front = \"{}\"\nback = \"{}\"", c.front, c.back);
        let what = format!("counter {}/{}", c.front, c.back);
        tag(f, &needle, &what, c.source, &c.page)?;
        for side in [&c.front, &c.back] {
            if !file.weapon.iter().any(|w| &w.id == side) {
                return Err(f.error(&needle, format!("{what}: no weapon '{side}'")));
            }
        }
        if c.front == c.back || c.count == 0 {
            return Err(f.error(
                &needle,
                format!("{what}: two different sides and a count of at least 1"),
            ));
        }
    }
    if let Some(w) = file.weapon.iter().find(|w| {
        !file
            .counter
            .iter()
            .any(|c| c.front == w.id || c.back == w.id)
    }) {
        return Err(f.error(
            &format!("id = \"{}\"", w.id),
            format!("weapon {}: on no counter", w.id),
        ));
    }
    for c in &mut file.counter {
        c.sides = WeaponSet::of(&file.weapon, [&c.front, &c.back]);
    }
    Ok((file.weapon, file.counter))
}

fn load_defenses(f: &File) -> Result<(Vec<DefenseSpec>, Vec<DefenseCounter>), ContentError> {
    let mut file: DefensesFile = f.parse()?;
    for (i, d) in file.defense.iter().enumerate() {
        let needle = format!("id = \"{}\"", d.id);
        let what = format!("defense {}", d.id);
        let err = |detail: &str| f.error(&needle, format!("{what}: {detail}"));
        tag(f, &needle, &what, d.source, &d.page)?;
        if file.defense[..i].iter().any(|x| x.id == d.id) {
            return Err(err("listed twice"));
        }
        let no_bandit = d.side == Side::Bandit && d.attack.is_empty();
        if !no_bandit
            && (d.attack.len() != 3
                || !ascending(&d.attack)
                || d.attack.iter().any(|&a| !(1..=11).contains(&a)))
        {
            return Err(err(
                "attack: three rising rolls (+1 Stress, Damaged, Destroyed)",
            ));
        }
        if d.side == Side::Site && d.altitudes.is_empty() {
            return Err(err("altitudes: what the Site can attack"));
        }
        if d.side == Side::Bandit && !d.altitudes.is_empty() {
            return Err(err("altitudes: Bandits ignore altitude"));
        }
        if d.range > 2 {
            return Err(err("range: 0 to 2"));
        }
    }
    for c in &mut file.counter {
        let needle = format!("site = \"{}\"\nbandit = \"{}\"", c.site, c.bandit);
        let what = format!("counter {}/{}", c.site, c.bandit);
        tag(f, &needle, &what, c.source, &c.page)?;
        let side_of = |id: &str| file.defense.iter().find(|d| d.id == id).map(|d| d.side);
        if side_of(&c.site) != Some(Side::Site)
            || side_of(&c.bandit) != Some(Side::Bandit)
            || c.count == 0
        {
            return Err(f.error(
                &needle,
                format!("{what}: a Site side, a Bandit side and a count of at least 1"),
            ));
        }
        let index = |id: &str| file.defense.iter().position(|d| d.id == id).unwrap_or(0);
        c.sides = [index(&c.site), index(&c.bandit)];
    }
    Ok((file.defense, file.counter))
}

fn load_events(f: &File, defenses: &[DefenseSpec]) -> Result<Vec<EventCard>, ContentError> {
    let mut events = f.parse::<EventsFile>()?.event;
    events.sort_by_key(|e| e.id);
    for (i, e) in events.iter().enumerate() {
        let needle = format!("id = {}\n", e.id);
        let what = format!("event {}", e.id);
        tag(f, &needle, &what, e.source, &e.page)?;
        if usize::from(e.id) != i + 1 {
            return Err(f.error(
                &needle,
                format!("{what}: cards are numbered from 1, each once"),
            ));
        }
        let sections = [
            (
                Phase::TargetBound,
                &e.target_bound.title,
                &e.target_bound.effect,
            ),
            (Phase::OverTarget, &e.over_target.title, &e.over_target.a),
            (Phase::OverTarget, &e.over_target.title, &e.over_target.b),
            (Phase::HomeBound, &e.home_bound.title, &e.home_bound.effect),
        ];
        for (phase, title, effect) in sections {
            let err = |detail: String| f.error(&needle, format!("{what} \"{title}\": {detail}"));
            if !effect.fits(phase) {
                return Err(err(format!(
                    "effect {effect:?} cannot happen in the {phase:?} section"
                )));
            }
            match effect {
                Effect::Attack { count, attack, .. } if *count == 0 || !ascending(attack) => {
                    return Err(err(
                        "attack: a count of at least 1 and three rising rolls".into()
                    ));
                }
                Effect::AddSite {
                    defense: Some(d), ..
                } if !defenses.iter().any(|x| &x.id == d && x.side == Side::Site) => {
                    return Err(err(format!("defense: no Site '{d}'")));
                }
                _ => {}
            }
        }
    }
    if events.is_empty() {
        return Err(f.error("", "event: no Event cards".to_owned()));
    }
    Ok(events)
}

fn load_markers(f: &File) -> Result<Markers, ContentError> {
    let file: CountersFile = f.parse()?;
    let all = file
        .flight_path
        .iter()
        .chain(&file.stress)
        .chain(&file.damage)
        .chain(&file.marker);
    for c in all {
        tag(f, "", "counter", c.source, &c.page)?;
    }
    let pair = |c: &Counted, key: Option<u8>, field: &str| match (key, c.count) {
        (Some(k), Some(n)) if k > 0 && n > 0 => Ok((k, n)),
        _ => Err(f.error(
            field,
            format!("{field}: needs {field} and count, both at least 1"),
        )),
    };
    let flight_path_pairs = match file.flight_path.as_slice() {
        [only] if only.pairs.is_some_and(|p| p >= 1) => only.pairs.unwrap_or(0),
        _ => {
            return Err(f.error(
                "[[flight_path]]",
                "flight_path: one record with pairs ≥ 1".to_owned(),
            ));
        }
    };
    Ok(Markers {
        flight_path_pairs,
        stress: file
            .stress
            .iter()
            .map(|c| pair(c, c.value, "value"))
            .collect::<Result<_, _>>()?,
        damage: file
            .damage
            .iter()
            .map(|c| pair(c, c.hits, "hits"))
            .collect::<Result<_, _>>()?,
        markers: file
            .marker
            .iter()
            .map(|c| match (&c.id, c.count) {
                (Some(id), Some(n)) if n > 0 => Ok((id.clone(), n)),
                _ => Err(f.error("[[marker]]", "marker: needs id and count ≥ 1".to_owned())),
            })
            .collect::<Result<_, _>>()?,
    })
}

/// The optional rules the rules code knows (digest 6).
pub const OPTIONAL_RULES: [&str; 5] = [
    "early_aim9",
    "one_less_one_more",
    "random_squadron",
    "high_stress",
    "linked",
];

fn load_tables(f: &File) -> Result<TablesFile, ContentError> {
    let t: TablesFile = f.parse()?;
    tag(
        f,
        "[priorities]",
        "priorities",
        t.priorities.source,
        &t.priorities.page,
    )?;
    tag(f, "[combat]", "combat", t.combat.source, &t.combat.page)?;
    tag(f, "[sar]", "sar", t.sar.source, &t.sar.page)?;
    tag(
        f,
        "[experience]",
        "experience",
        t.experience.source,
        &t.experience.page,
    )?;
    for d in Duration::ALL {
        let c = t
            .composition
            .iter()
            .filter(|c| c.duration == d)
            .collect::<Vec<_>>();
        let [c] = c.as_slice() else {
            return Err(f.error(
                "[[composition]]",
                format!("composition: {d:?} must be listed once"),
            ));
        };
        tag(f, "[[composition]]", "composition", c.source, &c.page)?;
        if c.pilots.values().all(|&n| n == 0) {
            return Err(f.error("[[composition]]", format!("composition {d:?}: no pilots")));
        }
    }
    let p = &t.priorities;
    if [
        p.recon_cost,
        p.tanker_per_aircraft,
        p.rest_cost,
        p.special_weapon_per_wp,
    ]
    .iter()
    .chain(&p.promotion)
    .any(|&c| c < 0)
        || p.recon_cards == 0
    {
        return Err(f.error(
            "[priorities]",
            "priorities: costs are 0 or more, recon_cards at least 1".to_owned(),
        ));
    }
    let c = &t.combat;
    if c.evasion_dice == 0
        || !(1..=10).contains(&c.ecm_negates_on)
        || !(1..=20).contains(&c.gun_hits)
    {
        return Err(f.error(
            "[combat]",
            "combat: evasion_dice ≥ 1, ecm_negates_on 1-10, gun_hits 1-20".to_owned(),
        ));
    }
    for (table, name, needle) in [
        (&t.atg_penalty, "atg_penalty", "[[atg_penalty]]"),
        (
            &t.atg_penalty_three_rows,
            "atg_penalty_three_rows",
            "[[atg_penalty_three_rows]]",
        ),
    ] {
        let froms: Vec<u8> = table.iter().map(|r| r.from_wp).collect();
        for r in table {
            tag(f, needle, name, r.source, &r.page)?;
        }
        if froms.first().is_none_or(|&w| w == 0)
            || !ascending(&froms)
            || table.iter().any(|r| r.penalty > 0)
        {
            return Err(f.error(
                needle,
                format!("{name}: rising from_wp from 1 up, penalties 0 or less"),
            ));
        }
    }
    if t.sar.quick_from <= t.sar.under_fire_from {
        return Err(f.error(
            "[sar]",
            "sar: quick_from must be above under_fire_from".to_owned(),
        ));
    }
    if t.squadron_stress
        .iter()
        .map(|s| s.level)
        .collect::<Vec<_>>()
        != Level::ALL
    {
        return Err(f.error(
            "[[squadron_stress]]",
            "squadron_stress: the six levels newbie to ace, in order".to_owned(),
        ));
    }
    if t.difficulty.iter().map(|s| s.level).collect::<Vec<_>>() != Level::ALL {
        return Err(f.error(
            "[[difficulty]]",
            "difficulty: the six levels newbie to ace, in order".to_owned(),
        ));
    }
    for (kind, sign) in [
        (AdjustmentKind::Advantage, 1),
        (AdjustmentKind::Disadvantage, -1),
    ] {
        let offered = t.adjustment.iter().filter(|a| a.kind == kind).count() as i8;
        let most = t
            .difficulty
            .iter()
            .map(|d| d.adjustments * sign)
            .max()
            .unwrap_or(0);
        if offered < most {
            return Err(f.error(
                "[[adjustment]]",
                format!("adjustment: a level takes {most} of kind {kind:?}, only {offered} exist"),
            ));
        }
    }
    for id in OPTIONAL_RULES {
        if t.optional.iter().filter(|o| o.id == id).count() != 1 {
            return Err(f.error(
                "[[optional]]",
                format!("optional: '{id}' must be listed once"),
            ));
        }
    }
    Ok(t)
}

/// Reads and checks every file afresh (the game itself loads once, through [`content`]).
pub fn load() -> Result<Content, ContentError> {
    macro_rules! file {
        ($name:literal) => {
            Files::of(GAME).open(
                $name,
                include_str!(concat!("../../../../data/games/phantom_leader/", $name)),
            )?
        };
    }
    let (geometry, angles) = load_display(&file!("display.toml"))?;
    let (weapons, weapon_counters) = load_weapons(&file!("weapons.toml"))?;
    let (defenses, defense_counters) = load_defenses(&file!("defenses.toml"))?;
    let targets = load_targets(&file!("targets.toml"), &defenses)?;
    let (days, sheets) = load_campaigns(&file!("campaigns.toml"), &targets, &weapons)?;
    let squadron = load_aircraft(&file!("aircraft.toml"), &weapons)?;
    let events = load_events(&file!("events.toml"), &defenses)?;
    let markers = load_markers(&file!("counters.toml"))?;
    let tables = load_tables(&file!("tables.toml"))?;
    let rules = file!("rules.toml")
        .parse::<crate::engine::reference::RulesFile>()?
        .section;
    Ok(Content {
        geometry,
        angles,
        days,
        sheets,
        aircraft: squadron.aircraft,
        levels: squadron.levels,
        traits: squadron.traits,
        pilots: squadron.pilots,
        targets,
        weapons,
        weapon_counters,
        defenses,
        defense_counters,
        events,
        markers,
        tables,
        rules,
    })
}

static CONTENT: OnceLock<Result<Content, ContentError>> = OnceLock::new();

/// The content, loaded and checked on first use.
pub fn content() -> Result<&'static Content, ContentError> {
    CONTENT.get_or_init(load).as_ref().map_err(Clone::clone)
}

/// The content once `setup` has checked it.
///
/// # Panics
/// If the content files are broken; setting up a game refuses to start in that case, so the
/// rules never get here with broken content.
#[inline]
pub fn data() -> &'static Content {
    // The loaded content straight from the cell: the rules ask for it in their inner loops.
    match CONTENT.get() {
        Some(Ok(c)) => c,
        _ => data_first_use(),
    }
}

#[cold]
#[inline(never)]
fn data_first_use() -> &'static Content {
    match content() {
        Ok(c) => c,
        Err(e) => panic!("phantom_leader content: {e}"),
    }
}

/// The weapons the rules name (by id in the rulebook's terms), as indices into the
/// content's weapons: looked up once, not compared as strings at every arming check.
#[derive(Clone, Copy, Debug)]
pub struct NamedWeapons {
    pub ecm: Option<usize>,
    pub gun_pod: Option<usize>,
    pub aim9: Option<usize>,
}

pub fn named_weapons() -> &'static NamedWeapons {
    static NAMED: OnceLock<NamedWeapons> = OnceLock::new();
    NAMED.get_or_init(|| {
        let c = data();
        NamedWeapons {
            ecm: c.weapon_index("ECM"),
            gun_pod: c.weapon_index("GunPod"),
            aim9: c.weapon_index("AIM-9"),
        }
    })
}

/// Each loader on a file of the test's making.
#[cfg(test)]
pub(super) mod tests_support {
    use super::*;
    pub(in super::super) use crate::engine::content::ContentFile as File;

    pub fn file(name: &str, text: &str) -> File {
        File {
            name: name.to_owned(),
            text: text.to_owned().into(),
        }
    }
    pub fn targets(f: &File) -> Result<Vec<TargetCard>, ContentError> {
        load_targets(f, &data().defenses)
    }
    pub fn display(f: &File) -> Result<(Geometry, Vec<AnglePattern>), ContentError> {
        load_display(f)
    }
    pub fn campaigns(f: &File) -> Result<([u8; 3], Vec<Sheet>), ContentError> {
        load_campaigns(f, &data().targets, &data().weapons)
    }
    pub fn tables(f: &File) -> Result<TablesFile, ContentError> {
        load_tables(f)
    }
    pub fn events(f: &File) -> Result<Vec<EventCard>, ContentError> {
        load_events(f, &data().defenses)
    }
}
