//! The game's content, read from `data/games/skyhawk/*.toml` (or an owner's override files)
//! and checked once: tables, ordnance, the aircraft, support units, targets and the roster.
//! Every error names the file, the line and the field.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::tables::Table;
use crate::engine::content::{ContentError, ContentFile, Files, Loaded, Source};
use crate::engine::message::n_;
use crate::engine::name_map::NameMap;
use crate::engine::reference::{RuleSection, RulesFile};

const GAME: &str = "skyhawk";

/// The three altitudes [2.0].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Altitude {
    Low,
    Medium,
    High,
}

impl Altitude {
    pub const ALL: [Altitude; 3] = [Altitude::Low, Altitude::Medium, Altitude::High];

    pub fn name(self) -> &'static str {
        match self {
            Altitude::Low => "Low",
            Altitude::Medium => "Medium",
            Altitude::High => "High",
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            Altitude::Low => "low",
            Altitude::Medium => "medium",
            Altitude::High => "high",
        }
    }
}

/// Every store the Skyhawk can release, and its internal guns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Weapon {
    Mk81,
    Mk82,
    Mk83,
    Mk84,
    Mk81SnakeEye,
    Mk82SnakeEye,
    Lau3,
    Lau10,
    Agm12b,
    Agm12c,
    Agm45,
    Mk36,
    Cannon,
}

impl Weapon {
    pub const ALL: [Weapon; 13] = [
        Weapon::Mk81,
        Weapon::Mk82,
        Weapon::Mk83,
        Weapon::Mk84,
        Weapon::Mk81SnakeEye,
        Weapon::Mk82SnakeEye,
        Weapon::Lau3,
        Weapon::Lau10,
        Weapon::Agm12b,
        Weapon::Agm12c,
        Weapon::Agm45,
        Weapon::Mk36,
        Weapon::Cannon,
    ];

    pub fn is_snake_eye(self) -> bool {
        matches!(self, Weapon::Mk81SnakeEye | Weapon::Mk82SnakeEye)
    }

    pub fn is_bullpup(self) -> bool {
        matches!(self, Weapon::Agm12b | Weapon::Agm12c)
    }

    /// Gone under a bomb shortage [4.1].
    pub fn is_mk82(self) -> bool {
        matches!(self, Weapon::Mk82 | Weapon::Mk82SnakeEye)
    }

    pub fn spec(self) -> &'static OrdnanceSpec {
        &data().ordnance[&self]
    }
}

/// The seven target types (digest 4.37).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetType {
    Airfield,
    Bridge,
    Building,
    PortFacility,
    SamSite,
    Transportation,
    WaterMine,
}

impl TargetType {
    pub fn name(self) -> &'static str {
        match self {
            TargetType::Airfield => n_("Airfield"),
            TargetType::Bridge => n_("Bridge"),
            TargetType::Building => n_("Building"),
            TargetType::PortFacility => n_("Port Facility"),
            TargetType::SamSite => n_("SAM Site"),
            TargetType::Transportation => n_("Transportation"),
            TargetType::WaterMine => n_("Water/Mine"),
        }
    }
}

/// The five stations, left to right [3.3].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum PylonId {
    LO,
    LI,
    CL,
    RI,
    RO,
}

impl PylonId {
    pub const ALL: [PylonId; 5] = [
        PylonId::LO,
        PylonId::LI,
        PylonId::CL,
        PylonId::RI,
        PylonId::RO,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        match self {
            PylonId::LO => "LO",
            PylonId::LI => "LI",
            PylonId::CL => "CL",
            PylonId::RI => "RI",
            PylonId::RO => "RO",
        }
    }

    /// The station on the other wing (the centerline is its own mirror).
    pub fn mirror(self) -> PylonId {
        match self {
            PylonId::LO => PylonId::RO,
            PylonId::LI => PylonId::RI,
            PylonId::CL => PylonId::CL,
            PylonId::RI => PylonId::LI,
            PylonId::RO => PylonId::LO,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Release {
    /// Every store of the type goes in one run.
    Salvo,
    /// One store per run.
    One,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrdnanceSpec {
    pub id: Weapon,
    pub name: String,
    pub weight: u32,
    #[serde(default)]
    pub cluster_weight: Option<u32>,
    pub pylons: Vec<PylonId>,
    #[serde(default)]
    pub cluster_pylons: Vec<PylonId>,
    pub altitudes: Vec<Altitude>,
    pub release: Release,
    pub table: String,
    pub guide: BTreeMap<TargetType, i32>,
    #[serde(default)]
    pub drag_guide: BTreeMap<TargetType, i32>,
    #[serde(default)]
    pub hcrt_guide: Option<i32>,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PylonSpec {
    pub id: PylonId,
    pub name: String,
    pub limit: u32,
    pub tank: bool,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TankSpec {
    pub gallons: u16,
    pub weight: u32,
    pub centerline: bool,
    pub inboard: bool,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoutePackageSpec {
    pub id: String,
    pub min_gallons: u16,
    #[serde(default)]
    pub centerline: Option<u16>,
    #[serde(default)]
    pub inboard: Option<u16>,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoxCount {
    pub id: String,
    pub boxes: u8,
    #[serde(default)]
    pub lethal: bool,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AircraftSpec {
    pub max_weight: u32,
    pub max_weight_source: Source,
    pub pylon: Vec<PylonSpec>,
    pub tank: Vec<TankSpec>,
    pub route_package: Vec<RoutePackageSpec>,
    pub section: Vec<BoxCount>,
    pub shot_down_at: u8,
    pub subsystem: Vec<BoxCount>,
    pub ammo_per_cannon: u8,
    pub strafing_runs: u8,
    pub wounds_to_kill: u8,
    pub division: DivisionSpec,
}

/// The numbers of optional rules 15.1–15.3.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DivisionSpec {
    pub npc_hit_boxes: u8,
    pub max_flights: u8,
    pub rescap_a1: u8,
    pub rescap_hh53: u8,
    pub rescap_rounds: u8,
    pub rescap_per_box: u8,
    pub iron_hand_column: String,
    pub patrol_column: String,
    pub source: Source,
}

impl AircraftSpec {
    pub fn tank(&self, gallons: u16) -> Option<&TankSpec> {
        self.tank.iter().find(|t| t.gallons == gallons)
    }

    pub fn route_package(&self, id: &str) -> Option<&RoutePackageSpec> {
        self.route_package.iter().find(|r| r.id == id)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NvBoxKind {
    Sa,
    Aaa,
    Sam,
    Mig,
}

impl NvBoxKind {
    pub const ALL: [NvBoxKind; 4] = [
        NvBoxKind::Sa,
        NvBoxKind::Aaa,
        NvBoxKind::Sam,
        NvBoxKind::Mig,
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn key(self) -> &'static str {
        match self {
            NvBoxKind::Sa => "sa",
            NvBoxKind::Aaa => "aaa",
            NvBoxKind::Sam => "sam",
            NvBoxKind::Mig => "mig",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            NvBoxKind::Sa => n_("Small Arms"),
            NvBoxKind::Aaa => n_("AAA"),
            NvBoxKind::Sam => n_("SAM"),
            NvBoxKind::Mig => n_("MiGs"),
        }
    }

    /// How many support units may attack the box at once [5.4].
    pub fn capacity(self) -> usize {
        match self {
            NvBoxKind::Mig => 1,
            _ => 2,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupportSpec {
    pub id: String,
    pub name: String,
    pub service: String,
    pub attacks: Vec<NvBoxKind>,
    pub ecm: bool,
    pub count: u8,
    pub source: Source,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetList {
    Navy,
    Usaf,
    Macv,
}

impl TargetList {
    pub const ALL: [TargetList; 3] = [TargetList::Navy, TargetList::Usaf, TargetList::Macv];

    pub fn name(self) -> &'static str {
        match self {
            TargetList::Navy => n_("US Navy"),
            TargetList::Usaf => n_("US Air Force"),
            TargetList::Macv => n_("MACV"),
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum TargetFlag {
    Hanoi,
    Haiphong,
    Port,
    Mine,
    SmallArmsFire,
    Hcrt,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TypeSplit {
    pub kind: TargetType,
    /// The last 1D10 face giving this type.
    pub to: i32,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetSpec {
    pub list: TargetList,
    pub roll: [i32; 2],
    pub name: String,
    pub route_package: String,
    pub types: Vec<TypeSplit>,
    #[serde(default)]
    pub flags: Vec<TargetFlag>,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RosterPilot {
    pub number: u8,
    pub rank: String,
    pub name: String,
    pub source: Source,
}

/// One stay of the carrier on Yankee Station.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartSpec {
    pub number: u8,
    pub name: String,
    pub start_month: u32,
    pub start_day: u32,
    pub days: u32,
    pub agm12c: bool,
    pub medal_table: String,
    pub moh_above: i32,
    /// Highest total of NV decisive, NV marginal, draw, US marginal.
    pub bands: Vec<i32>,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignSpec {
    pub id: String,
    pub name: String,
    pub parts: Vec<u8>,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table25Spec {
    pub at_most: Vec<i32>,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignsFile {
    pub halt_days: u32,
    pub table28_every: u32,
    pub air_medal_every: u32,
    pub advancement_every: u32,
    pub source: Source,
    pub part: Vec<PartSpec>,
    pub table25: Table25Spec,
    pub campaign: Vec<CampaignSpec>,
    pub squadron: super::squadron::SquadronSpec,
    pub landing_repairs: super::squadron::LandingRepairs,
    pub monsoon: super::squadron::MonsoonSpec,
}

/// Everything the rules read.
#[derive(Debug)]
pub struct Content {
    pub tables: NameMap<Table>,
    pub ordnance: BTreeMap<Weapon, OrdnanceSpec>,
    pub aircraft: AircraftSpec,
    pub support: Vec<SupportSpec>,
    pub targets: Vec<TargetSpec>,
    pub roster: Vec<RosterPilot>,
    pub campaigns: CampaignsFile,
    /// The rules reference, by section.
    pub rules: Vec<RuleSection>,
}

impl Content {
    pub fn table(&self, id: &str) -> &Table {
        &self.tables[id]
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TablesFile {
    table: Vec<Table>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct OrdnanceFile {
    ordnance: Vec<OrdnanceSpec>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SupportFile {
    support: Vec<SupportSpec>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TargetsFile {
    target: Vec<TargetSpec>,
}
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RosterFile {
    pilot: Vec<RosterPilot>,
}

/// The table ids and modifier names the rules look up: checked at load so that a
/// corrected override file cannot silently drop one.
const REQUIRED_TABLES: &[(&str, &[&str])] = &[
    ("1", &[]),
    ("2", &["monsoon"]),
    ("3", &["yankee_weather"]),
    ("3.1", &[]),
    ("3.1 crash", &[]),
    ("4", &[]),
    ("4 A", &[]),
    ("4.1", &["rp_6", "rp_1_2"]),
    ("6", &[]),
    ("6 A", &[]),
    ("6 C", &[]),
    (
        "7",
        &[
            "green",
            "veteran",
            "per_re_attack",
            "fuel_destroyed",
            "engine_destroyed",
        ],
    ),
    ("9", &[]),
    ("9 A", &[]),
    ("9 B", &[]),
    (
        "10",
        &["per_suppressed", "radar_off", "per_ecm", "contested"],
    ),
    ("11", &[]),
    ("S-1", &[]),
    ("S-2", &[]),
    ("12", &["per_suppressed", "per_ecm", "bullpup"]),
    ("12.1", &[]),
    ("12.2", &[]),
    ("12.3", &[]),
    ("12.4", &[]),
    ("12.5", &[]),
    ("12.5 A/B", &[]),
    ("12.6", &[]),
    ("12.7", &[]),
    ("13", &["ecm", "suppressed"]),
    ("13 radar", &[]),
    ("14", &[]),
    ("14 C", &[]),
    (
        "16",
        &["per_cluster", "five_singles", "one_cannon", "one_wing"],
    ),
    ("S-6", &["veteran", "green", "fuel_destroyed"]),
    ("17", &[]),
    ("17 E", &[]),
    ("18", &["cockpit_destroyed", "npc_hits_3_4", "npc_hits_5"]),
    ("18 A", &[]),
    ("18 A crash", &[]),
    ("19", &[]),
    ("20", &[]),
    ("21", &[]),
    ("22", &[]),
    ("S-13", &[]),
    ("S-13 fire", &[]),
    ("S-14", &[]),
    ("S-7", &[]),
    ("26", &["green", "veteran", "ecm"]),
    ("26.1", &["green", "veteran", "per_missing"]),
    ("S-8", &[]),
    ("S-10", &[]),
    ("S-11", &[]),
    ("S-12", &["veteran", "green"]),
    (
        "pilot status",
        &["per_knocked_out", "suppressed", "two_active", "two_wounds"],
    ),
    ("1.1", &[]),
    ("22.1", &[]),
    ("22.2", &[]),
    ("23", &[]),
    ("28", &[]),
    ("1.2", &[]),
    ("1.3", &[]),
    (
        "8",
        &[
            "maintenance_1",
            "maintenance_3",
            "need_12",
            "need_16",
            "per_section_destroyed",
            "three_subsystems",
            "npc_3_4_hits",
            "npc_5_hits",
        ],
    ),
    ("27", &[]),
    ("S-9", &[]),
    ("S-9 missed", &[]),
];

/// Columns the rules read by name.
const REQUIRED_COLUMNS: &[(&str, &[&str])] = &[
    (
        "7",
        &[
            "support_attacks",
            "re_attack",
            "outbound",
            "carrier_approach",
        ],
    ),
    ("10", &["sa", "aaa", "sam", "mig"]),
    ("11", &["sa", "aaa", "sam", "mig"]),
    (
        "12",
        &[
            "sa_low",
            "aaa_low",
            "aaa_medium",
            "aaa_high",
            "sam_medium",
            "sam_high",
            "mig_low",
            "mig_medium",
            "mig_high",
        ],
    ),
    ("13", &["manual", "on_low", "on_medium", "on_high"]),
    ("16", &["on", "off"]),
    ("21", &["land", "water"]),
    ("1.3", &["level_1", "level_2"]),
    ("26", &["1", "2", "3", "4"]),
    ("26.1", &["on", "off"]),
];

const SECTIONS: [&str; 7] = [
    "nose",
    "cockpit",
    "fuselage",
    "left_wing",
    "right_wing",
    "engine",
    "tail",
];
const SUBSYSTEMS: [&str; 8] = [
    "avionics",
    "electrical",
    "com_nav",
    "landing_gear",
    "fuel",
    "ordnance",
    "oxygen",
    "hydraulics",
];

/// The embedded tables, the measure of an owner's corrected ones.
const EMBEDDED_TABLES: &str = include_str!("../../../../data/games/skyhawk/tables.toml");

/// A table's modifiers lie within this (the largest the rules print is 5; a roll runs 0–100).
const LARGEST_MODIFIER: i32 = 100;
/// A row's modified rolls lie within this.
const LARGEST_ROLL: i32 = 1000;
/// A result read as a number (hits, percentages, counts) lies within 0 and this.
const LARGEST_RESULT: i32 = 1000;

/// What the cells of one column may hold, as the game's own table has them: the words the
/// rules read, and whether numbers (and negative ones) are results there.
struct CellKind {
    words: Vec<String>,
    numbers: bool,
    negative: bool,
}

fn is_number(cell: &str) -> bool {
    cell.trim_end_matches('*').parse::<i64>().is_ok()
}

impl CellKind {
    fn of(table: &Table, column: usize) -> CellKind {
        let cells = || table.rows.iter().map(move |r| r.cells[column].as_str());
        let mut words: Vec<String> = cells()
            .filter(|c| !is_number(c))
            .map(str::to_owned)
            .collect();
        words.sort();
        words.dedup();
        CellKind {
            words,
            numbers: cells().any(is_number),
            negative: cells().any(|c| c.trim_end_matches('*').starts_with('-')),
        }
    }

    fn check(&self, cell: &str) -> Result<(), String> {
        match cell.trim_end_matches('*').parse::<i64>() {
            Ok(n) if self.numbers => {
                let low = if self.negative { -LARGEST_RESULT } else { 0 };
                if (i64::from(low)..=i64::from(LARGEST_RESULT)).contains(&n) {
                    Ok(())
                } else {
                    Err(format!(
                        "{cell} is out of bounds ({low} to {LARGEST_RESULT})"
                    ))
                }
            }
            _ if self.words.iter().any(|w| w == cell) => Ok(()),
            _ => {
                let mut known: Vec<&str> = self.words.iter().map(String::as_str).collect();
                if self.numbers {
                    known.push("a number");
                }
                Err(format!(
                    "'{cell}' is not a result of this column (one of: {})",
                    known.join(", ")
                ))
            }
        }
    }
}

/// Range checks beyond the table's shape: modifiers and rolls within sane bounds, and each
/// cell of the kind the game's own table has in that column (a word the rules read, or a
/// number in bounds), so that a misspelt result is refused rather than read as something else.
fn check_values(t: &Table, own: Option<&Table>) -> Result<(), String> {
    for (name, value) in t.drm.iter() {
        if value.abs() > LARGEST_MODIFIER {
            return Err(format!(
                "drm.{name}: {value} is out of bounds (±{LARGEST_MODIFIER})"
            ));
        }
    }
    for (i, row) in t.rows.iter().enumerate() {
        if row.at.iter().any(|at| at.abs() > LARGEST_ROLL) {
            return Err(format!(
                "rows[{i}].at: {:?} is out of bounds (±{LARGEST_ROLL})",
                row.at
            ));
        }
        for (c, cell) in row.cells.iter().enumerate() {
            let kind = own.and_then(|own| {
                let name = t.columns.get(c).map_or("", String::as_str);
                own.column(name).map(|oc| CellKind::of(own, oc))
            });
            let checked = match kind {
                Some(kind) => kind.check(cell),
                None if is_number(cell) => CellKind {
                    words: Vec::new(),
                    numbers: true,
                    negative: true,
                }
                .check(cell),
                None => Ok(()),
            };
            checked.map_err(|e| format!("rows[{i}].cells[{c}]: {e}"))?;
        }
    }
    Ok(())
}

fn load_tables(src: &ContentFile) -> Result<NameMap<Table>, ContentError> {
    let file: TablesFile = src.parse()?;
    // The game's own tables need no measuring against themselves.
    let own: Option<TablesFile> = (src.text != EMBEDDED_TABLES)
        .then(|| crate::engine::content::parse("tables.toml", EMBEDDED_TABLES))
        .transpose()?;
    let mut tables = NameMap::default();
    for t in file.table {
        let needle = format!("id = \"{}\"", t.id);
        let own_table = own
            .as_ref()
            .and_then(|own| own.table.iter().find(|o| o.id == t.id));
        t.check()
            .and_then(|()| check_values(&t, own_table))
            .map_err(|e| src.error(&needle, format!("table {}: {e}", t.id)))?;
        let id = t.id.clone();
        tables
            .insert(id.clone(), t)
            .map_err(|e| src.error(&needle, format!("table {id}: id: {e}")))?;
    }
    for (id, drms) in REQUIRED_TABLES {
        let t = tables
            .get(id)
            .ok_or_else(|| src.error("", format!("table {id}: missing")))?;
        for d in *drms {
            if !t.drm.contains_key(d) {
                return Err(src.error(
                    &format!("id = \"{id}\""),
                    format!("table {id}: drm.{d}: missing"),
                ));
            }
        }
    }
    for (id, cols) in REQUIRED_COLUMNS {
        for c in *cols {
            if tables[*id].column(c).is_none() {
                return Err(src.error(
                    &format!("id = \"{id}\""),
                    format!("table {id}: columns: '{c}' missing"),
                ));
            }
        }
    }
    Ok(tables)
}

fn load_ordnance(
    src: &ContentFile,
    tables: &NameMap<Table>,
) -> Result<BTreeMap<Weapon, OrdnanceSpec>, ContentError> {
    let file: OrdnanceFile = src.parse()?;
    let mut map = BTreeMap::new();
    for o in file.ordnance {
        let needle = format!("name = \"{}\"", o.name);
        if !tables.contains_key(&o.table) {
            return Err(src.error(
                &needle,
                format!("ordnance {}: table: no table '{}'", o.name, o.table),
            ));
        }
        if !o.cluster_pylons.is_empty() && o.cluster_weight.is_none() {
            return Err(src.error(
                &needle,
                format!(
                    "ordnance {}: cluster_weight: needed with cluster_pylons",
                    o.name
                ),
            ));
        }
        if o.altitudes.is_empty() {
            return Err(src.error(&needle, format!("ordnance {}: altitudes: empty", o.name)));
        }
        map.insert(o.id, o);
    }
    for w in Weapon::ALL {
        if !map.contains_key(&w) {
            return Err(src.error("", format!("ordnance: {w:?} missing")));
        }
    }
    Ok(map)
}

fn load_aircraft(src: &ContentFile) -> Result<AircraftSpec, ContentError> {
    let a: AircraftSpec = src.parse()?;
    for (i, p) in PylonId::ALL.iter().enumerate() {
        if a.pylon.get(i).map(|s| s.id) != Some(*p) {
            return Err(src.error("[[pylon]]", format!("pylon[{i}]: expected {}", p.name())));
        }
    }
    let names: Vec<&str> = a.section.iter().map(|s| s.id.as_str()).collect();
    if names != SECTIONS {
        return Err(src.error("[[section]]", format!("section: expected {SECTIONS:?}")));
    }
    let names: Vec<&str> = a.subsystem.iter().map(|s| s.id.as_str()).collect();
    if names != SUBSYSTEMS {
        return Err(src.error(
            "[[subsystem]]",
            format!("subsystem: expected {SUBSYSTEMS:?}"),
        ));
    }
    if a.section.iter().chain(&a.subsystem).any(|s| s.boxes == 0) {
        return Err(src.error("boxes", "boxes: every section and sub-system needs a box"));
    }
    Ok(a)
}

fn load_targets(
    src: &ContentFile,
    aircraft: &AircraftSpec,
) -> Result<Vec<TargetSpec>, ContentError> {
    let file: TargetsFile = src.parse()?;
    let range = |list| match list {
        TargetList::Macv => (0, 9),
        _ => (1, 100),
    };
    let mut next: BTreeMap<&str, i32> = BTreeMap::new();
    for t in &file.target {
        let needle = format!("name = \"{}\"", t.name);
        let expected = next.entry(t.list.name()).or_insert(range(t.list).0);
        if t.roll[0] != *expected || t.roll[1] < t.roll[0] {
            return Err(src.error(
                &needle,
                format!("target {}: roll: expected to start at {expected}", t.name),
            ));
        }
        *expected = t.roll[1] + 1;
        if aircraft.route_package(&t.route_package).is_none() {
            return Err(src.error(
                &needle,
                format!(
                    "target {}: route_package: unknown '{}'",
                    t.name, t.route_package
                ),
            ));
        }
        if t.types.last().map(|s| s.to) != Some(9) {
            return Err(src.error(
                &needle,
                format!("target {}: types: the last entry must reach 9", t.name),
            ));
        }
    }
    for list in TargetList::ALL {
        let (low, high) = range(list);
        if next.get(list.name()) != Some(&(high + 1)) {
            return Err(src.error(
                "[[target]]",
                format!("target: the {} list must cover {low}–{high}", list.name()),
            ));
        }
    }
    Ok(file.target)
}

/// Reads and checks every file afresh (the game itself loads once, on first use).
pub fn load(files: &Files) -> Result<Content, ContentError> {
    let tables_src = files.open("tables.toml", EMBEDDED_TABLES)?;
    let tables = load_tables(&tables_src)?;
    let ordnance_src = files.open(
        "ordnance.toml",
        include_str!("../../../../data/games/skyhawk/ordnance.toml"),
    )?;
    let ordnance = load_ordnance(&ordnance_src, &tables)?;
    let aircraft_src = files.open(
        "aircraft.toml",
        include_str!("../../../../data/games/skyhawk/aircraft.toml"),
    )?;
    let aircraft = load_aircraft(&aircraft_src)?;
    let support = files
        .load::<SupportFile>(
            "support.toml",
            include_str!("../../../../data/games/skyhawk/support.toml"),
        )?
        .support;
    let targets_src = files.open(
        "targets.toml",
        include_str!("../../../../data/games/skyhawk/targets.toml"),
    )?;
    let targets = load_targets(&targets_src, &aircraft)?;
    let roster_src = files.open(
        "roster.toml",
        include_str!("../../../../data/games/skyhawk/roster.toml"),
    )?;
    let roster = roster_src.parse::<RosterFile>()?.pilot;
    if roster.is_empty() {
        return Err(roster_src.error("", "pilot: the roster is empty"));
    }
    let campaigns_src = files.open(
        "campaigns.toml",
        include_str!("../../../../data/games/skyhawk/campaigns.toml"),
    )?;
    let campaigns: CampaignsFile = campaigns_src.parse()?;
    super::campaign::check(&campaigns).map_err(|e| campaigns_src.error("", e))?;
    for p in &campaigns.part {
        if !tables.contains_key(&p.medal_table) {
            return Err(campaigns_src.error(
                &format!("number = {}", p.number),
                format!(
                    "part {}: medal_table: no table '{}'",
                    p.number, p.medal_table
                ),
            ));
        }
    }
    let rules = files
        .load::<RulesFile>(
            "rules.toml",
            include_str!("../../../../data/games/skyhawk/rules.toml"),
        )?
        .section;
    Ok(Content {
        tables,
        ordnance,
        aircraft,
        support,
        targets,
        roster,
        campaigns,
        rules,
    })
}

static CONTENT: Loaded<Content> = Loaded::new(|| load(&Files::of(GAME)));

/// The content, loaded and checked on first use.
pub fn content() -> Result<&'static Content, ContentError> {
    CONTENT.get()
}

/// The content once `setup` has checked it (see [`Loaded::checked`]).
#[inline]
pub fn data() -> &'static Content {
    CONTENT.checked()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_content_loads() {
        let c = content().unwrap();
        assert!(c.tables.len() >= 40);
        assert_eq!(
            c.targets
                .iter()
                .filter(|t| t.list == TargetList::Navy)
                .count(),
            59
        );
        assert_eq!(c.roster.len(), 25);
        assert_eq!(c.aircraft.max_weight, 8700);
        // The rulebook's example: Navy 46 is the Iron Hand mission in the Hanoi area.
        let t = c
            .targets
            .iter()
            .find(|t| t.list == TargetList::Navy && (t.roll[0]..=t.roll[1]).contains(&46))
            .unwrap();
        assert_eq!(t.types[0].kind, TargetType::SamSite);
    }

    #[test]
    fn every_file_may_be_overridden_and_a_broken_override_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let files = Files::with_overrides(GAME, dir.path());
        let roster = dir.path().join("roster.toml");
        std::fs::write(
            &roster,
            "[[pilot]]\nnumber = 1\nrank = \"CDR\"\nname = \"Owner's Pilot\"\nsource = \"rulebook\"\n",
        )
        .unwrap();
        let c = load(&files).unwrap();
        assert_eq!(c.roster.len(), 1);
        assert_eq!(c.roster[0].name, "Owner's Pilot");
        std::fs::write(
            &roster,
            "[[pilot]]\nnumber = 1\nrank = \"CDR\"\nnmae = \"Typo\"\nsource = \"recon\"\n",
        )
        .unwrap();
        let e = load(&files).unwrap_err();
        assert_eq!(e.file, roster.display().to_string());
        assert!(
            e.detail.starts_with("line 4:") && e.detail.contains("nmae"),
            "{e}"
        );
        std::fs::remove_file(&roster).unwrap();
        for name in [
            "tables.toml",
            "ordnance.toml",
            "aircraft.toml",
            "support.toml",
            "targets.toml",
            "campaigns.toml",
            "rules.toml",
        ] {
            std::fs::write(dir.path().join(name), "not = [toml").unwrap();
            let e = load(&files).unwrap_err();
            assert!(e.file.ends_with(name), "{name}: {e}");
            std::fs::remove_file(dir.path().join(name)).unwrap();
        }
    }

    /// The game's tables with `edit` made to the text of table `id`.
    fn tables_with(id: &str, edit: impl Fn(&str) -> String) -> Result<NameMap<Table>, String> {
        let start = EMBEDDED_TABLES.find(&format!("id = \"{id}\"")).unwrap();
        let end = EMBEDDED_TABLES[start..]
            .find("[[table]]")
            .map_or(EMBEDDED_TABLES.len(), |e| start + e);
        let text = format!(
            "{}{}{}",
            &EMBEDDED_TABLES[..start],
            edit(&EMBEDDED_TABLES[start..end]),
            &EMBEDDED_TABLES[end..]
        );
        load_tables(&ContentFile {
            name: "overrides/skyhawk/tables.toml".into(),
            text: text.into(),
        })
        .map_err(|e| e.to_string())
    }

    #[test]
    fn absurd_modifiers_and_cells_are_refused_by_table_and_field() {
        let e = tables_with("3", |t| {
            t.replace("yankee_weather = -5", "yankee_weather = -2000")
        })
        .unwrap_err();
        assert!(
            e.starts_with("overrides/skyhawk/tables.toml: line ")
                && e.ends_with("table 3: drm.yankee_weather: -2000 is out of bounds (±100)"),
            "{e}"
        );
        let e = tables_with("2", |t| t.replace("monsoon = 1", "monsoon = 2000000000")).unwrap_err();
        assert!(e.contains("monsoon: 2000000000 is out of bounds"), "{e}");
        // Table 1 gives the pilot's experience: words the rules read.
        let e = tables_with("1", |t| t.replacen("\"green\"", "\"purple\"", 1)).unwrap_err();
        assert!(
            e.contains("table 1: rows[0].cells[0]: 'purple' is not a result of this column (one of: experienced, green, veteran)"),
            "{e}"
        );
        // Table 12 reads numbers of hits.
        let number_cell = |cell: &'static str| {
            tables_with("12", move |t| {
                let at = t.find("cells = [\"").unwrap() + "cells = [\"".len();
                let end = at + t[at..].find('"').unwrap();
                format!("{}{cell}{}", &t[..at], &t[end..])
            })
        };
        let e = number_cell("40000000000").unwrap_err();
        assert!(
            e.contains("table 12: rows[0].cells[0]: 40000000000 is out of bounds"),
            "{e}"
        );
        let e = number_cell("-7").unwrap_err();
        assert!(e.contains("-7 is out of bounds (0 to 1000)"), "{e}");
        let e = number_cell("banana").unwrap_err();
        assert!(e.contains("'banana' is not a result of this column"), "{e}");
        assert!(number_cell("3").is_ok());
    }

    #[test]
    fn table_errors_name_file_line_and_field() {
        let src = ContentFile {
            name: "tables.toml".into(),
            text: "[[table]]\nid = \"x\"\ntitle = \"t\"\nrule = \"1\"\ndice = \"d10\"\nsource = \"recon\"\nrows = [{ at = [0, 4], cells = [\"a\"] }, { at = [6, 9], cells = [\"b\"] }]\n".into(),
        };
        let e = load_tables(&src).unwrap_err().to_string();
        assert!(
            e.starts_with("tables.toml: line 2: table x: rows[1].at"),
            "{e}"
        );
        let src = ContentFile {
            name: "tables.toml".into(),
            text: "[[table]]\nid = \"x\"\ntitle = \"t\"\nrule = \"1\"\ndice = \"d12\"\nsource = \"recon\"\nrows = []\n".into(),
        };
        let e = load_tables(&src).unwrap_err().to_string();
        assert!(e.contains("line 5"), "{e}");
    }

    #[test]
    fn target_gaps_are_refused() {
        let aircraft = data().aircraft.clone();
        let src = ContentFile {
            name: "targets.toml".into(),
            text: "[[target]]\nlist = \"macv\"\nroll = [1, 9]\nname = \"Gap\"\nroute_package = \"1\"\ntypes = [{ kind = \"bridge\", to = 9 }]\nsource = \"recon\"\n".into(),
        };
        let e = load_targets(&src, &aircraft).unwrap_err().to_string();
        assert!(e.contains("line 4: target Gap: roll"), "{e}");
    }
}
