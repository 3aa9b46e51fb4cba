//! The game's content, read from `data/games/chopper_pilot/*.toml` (or the owner's override
//! files) and checked once: every die range, every reference between records, the decks'
//! sizes and the missions' numbering. Every error names the file, the line and the field.

use crate::engine::message::n_;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::engine::content::{ContentError, ContentFile as File, Files, Source};

const GAME: &str = "chopper_pilot";

// ------------------------------------------------------------------------------ tables

/// How a table is rolled [3.18].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum Dice {
    #[serde(rename = "d6")]
    D6,
    /// One d10; the face "0" reads 10.
    #[serde(rename = "d10")]
    D10,
    /// Two d6 of different colours read as tens and units (11-66).
    #[serde(rename = "d66")]
    D66,
}

impl Dice {
    /// The lowest and highest unmodified result.
    pub fn natural_range(self) -> (i32, i32) {
        match self {
            Dice::D6 => (1, 6),
            Dice::D10 => (1, 10),
            Dice::D66 => (11, 66),
        }
    }

    /// The result after `v` (D66 goes from 16 to 21: no die shows 7, 8, 9 or 0).
    pub fn after(self, v: i32) -> i32 {
        match self {
            Dice::D66 if v.rem_euclid(10) == 6 => v + 5,
            _ => v + 1,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Row {
    /// First and last modified roll this row covers.
    pub at: [i32; 2],
    pub cells: Vec<String>,
}

/// A face that reads a fixed row whatever the modifiers ("a natural 6 always spots").
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Natural {
    pub face: i32,
    pub cells: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Table {
    pub id: String,
    pub title: String,
    pub rule: String,
    pub dice: Dice,
    /// Column names; a table with one result column leaves this empty.
    #[serde(default)]
    pub columns: Vec<String>,
    pub rows: Vec<Row>,
    #[serde(default)]
    pub natural: Vec<Natural>,
    /// Named modifiers and numbers of the table.
    #[serde(default)]
    pub values: BTreeMap<String, i32>,
    pub source: Source,
    /// The digest's gap this reconstruction fills.
    #[serde(default)]
    pub recon: Option<String>,
}

impl Table {
    /// The row a modified roll reads: rolls beyond the first or last row read that row.
    pub fn row(&self, modified: i32) -> &Row {
        self.rows
            .iter()
            .find(|r| modified <= r.at[1])
            .unwrap_or_else(|| self.rows.last().expect("checked: rows are never empty"))
    }

    /// The cells a roll reads: a natural face listed in `natural` wins over the modified roll.
    pub fn cells(&self, natural: i32, modified: i32) -> &[String] {
        match self.natural.iter().find(|n| n.face == natural) {
            Some(n) => &n.cells,
            None => &self.row(modified).cells,
        }
    }

    pub fn column(&self, name: &str) -> Option<usize> {
        self.columns.iter().position(|c| c == name)
    }

    /// A named value of the table (checked present at load for the values the rules read).
    pub fn value(&self, name: &str) -> i32 {
        self.values.get(name).copied().unwrap_or(0)
    }

    /// Checks that the rows run upwards without gaps or overlaps, reach the dice's natural
    /// range at both ends and have a cell for every column. The error names the field.
    fn check(&self) -> Result<(), String> {
        let width = self.columns.len().max(1);
        let (low, high) = self.dice.natural_range();
        let first = self.rows.first().ok_or("rows: the table has no rows")?;
        if first.at[0] > low {
            return Err(format!(
                "rows[0].at: starts at {}, above the lowest roll {low}",
                first.at[0]
            ));
        }
        let mut next = first.at[0];
        for (i, row) in self.rows.iter().enumerate() {
            if row.at[0] != next || row.at[1] < row.at[0] {
                return Err(format!("rows[{i}].at: expected a range starting at {next}"));
            }
            if row.cells.len() != width {
                return Err(format!(
                    "rows[{i}].cells: {} cells for {width} column(s)",
                    row.cells.len()
                ));
            }
            next = self.dice.after(row.at[1]);
        }
        let last = self.rows.last().map_or(next, |r| r.at[1]);
        if last < high {
            return Err(format!(
                "rows: end at {last}, below the highest roll {high}"
            ));
        }
        for (i, n) in self.natural.iter().enumerate() {
            if !(low..=high).contains(&n.face) {
                return Err(format!(
                    "natural[{i}].face: {} cannot be rolled on {low}-{high}",
                    n.face
                ));
            }
            if n.cells.len() != width {
                return Err(format!(
                    "natural[{i}].cells: {} cells for {width} column(s)",
                    n.cells.len()
                ));
            }
        }
        Ok(())
    }

    /// Every cell of column `c` with where it is, natural rows included.
    fn column_cells(&self, c: usize) -> impl Iterator<Item = (String, &str)> {
        let rows = self
            .rows
            .iter()
            .enumerate()
            .map(move |(i, r)| (format!("rows[{i}]"), r.cells[c].as_str()));
        let naturals = self
            .natural
            .iter()
            .enumerate()
            .map(move |(i, n)| (format!("natural[{i}]"), n.cells[c].as_str()));
        rows.chain(naturals)
    }
}

/// What a column's cells may hold.
enum Cells {
    Words(&'static [&'static str]),
    Number,
    /// Unit ids joined by `+`.
    Units,
    Free,
}

const RESULTS: Cells = Cells::Words(&["miss", "sup", "dm", "dm_sup", "de"]);

/// The tables the rules read: dice, columns with what their cells may hold, named values.
/// A table's columns with what their cells may hold ("" for a single result column).
type Columns = &'static [(&'static str, Cells)];

const REQUIRED: &[(&str, Dice, Columns, &[&str])] = &[
    (
        "A1",
        Dice::D10,
        &[
            ("aircraft", Cells::Free),
            ("primary", Cells::Words(&["delayed", "bombs", "napalm"])),
            ("secondary", Cells::Words(&["none", "strafing", "napalm"])),
        ],
        &[],
    ),
    (
        "A2",
        Dice::D10,
        &[
            ("bombs_marker", RESULTS),
            ("bombs_adjacent", RESULTS),
            ("napalm_marker", RESULTS),
            ("napalm_adjacent", RESULTS),
        ],
        &[],
    ),
    (
        "B1",
        Dice::D10,
        &[("", RESULTS)],
        &[
            "rockets_long_range",
            "long_range_from",
            "artillery_rolls_per_unit",
        ],
    ),
    (
        "B2",
        Dice::D10,
        &[("1-2", RESULTS), ("3-4", RESULTS), ("5-6", RESULTS)],
        &[
            "noe",
            "low",
            "medium",
            "landed",
            "arm_wound",
            "strafing_rolls",
        ],
    ),
    (
        "C1",
        Dice::D66,
        &[(
            "",
            Cells::Words(&[
                "none",
                "fuel",
                "engine",
                "hydraulics",
                "transmission",
                "tail_rotor",
                "main_rotor",
                "radio",
                "instruments",
                "weapon",
                "cabin",
                "crew_1",
                "crew_2",
                "crew_3",
                "crew_4",
                "crew_random",
                "golden_bb",
            ]),
        )],
        &["golden_bb_rolls"],
    ),
    (
        "E1",
        Dice::D10,
        &[("", Cells::Words(&["green", "yellow", "red"]))],
        &["ops_map_b"],
    ),
    (
        "E2",
        Dice::D10,
        &[
            ("green", Cells::Units),
            ("yellow", Cells::Units),
            ("red", Cells::Units),
        ],
        &[],
    ),
    (
        "E3",
        Dice::D6,
        &[("", Cells::Words(&["fail", "spotted"]))],
        &[
            "noe",
            "low",
            "medium",
            "near",
            "near_to",
            "far_from",
            "far",
            "range",
            "other_helicopter_from",
        ],
    ),
    (
        "E4",
        Dice::D6,
        &[("", Cells::Words(&["no_offer", "offer"]))],
        &["from_mission", "expert"],
    ),
    (
        "E5",
        Dice::D6,
        &[("", Cells::Words(&["not_found", "found"]))],
        &[
            "loach",
            "noe",
            "low",
            "medium",
            "jungle",
            "per_failure",
            "max_failures",
            "radius",
        ],
    ),
    (
        "F1",
        Dice::D6,
        &[
            (
                "location",
                Cells::Words(&["head", "chest", "abdomen", "arm", "leg", "hand_foot"]),
            ),
            (
                "wound",
                Cells::Words(&["kia", "armour", "serious", "light", "minor"]),
            ),
            ("missions", Cells::Number),
        ],
        &["armour_pilot", "armour_gunner", "max_missions"],
    ),
    (
        "F2",
        Dice::D6,
        &[("", Cells::Words(&["crash", "hard", "landed"]))],
        &["noe", "low", "no_pilot"],
    ),
    (
        "F3",
        Dice::D6,
        &[("", Cells::Words(&["crash", "hard", "safe"]))],
        &[],
    ),
    (
        "F4",
        Dice::D6,
        &[(
            "",
            Cells::Words(&["no_contact", "contact_late", "contact_next"]),
        )],
        &["open_ground", "enemy_near", "enemy_near_hexes"],
    ),
    (
        "H1",
        Dice::D10,
        &[
            (
                "fire",
                Cells::Words(&["none", "small_arms", "automatic", "heavy"]),
            ),
            ("helicopters", Cells::Number),
            ("c1_rolls", Cells::Number),
        ],
        &[],
    ),
    (
        "H2",
        Dice::D10,
        &[(
            "",
            Cells::Words(&["clear", "haze", "rain", "low_ceiling", "monsoon"]),
        )],
        &[],
    ),
];

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weather {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub e3: i32,
    #[serde(default)]
    pub f3: i32,
    #[serde(default)]
    pub b2: i32,
    #[serde(default)]
    pub enemy_vs_helicopter: i32,
    #[serde(default)]
    pub no_air_strikes: bool,
    #[serde(default)]
    pub descend_to_low: bool,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scatter {
    pub id: String,
    /// What each face 1-10 does, in order.
    pub results: Vec<String>,
    pub source: Source,
    #[serde(default)]
    pub recon: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TablesFile {
    table: Vec<Table>,
    weather: Vec<Weather>,
    scatter: Vec<Scatter>,
}

// ------------------------------------------------------------------------- helicopters

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HeloType {
    Huey,
    Cobra,
    Loach,
}

impl HeloType {
    pub const ALL: [HeloType; 3] = [HeloType::Huey, HeloType::Cobra, HeloType::Loach];

    pub fn name(self) -> &'static str {
        match self {
            HeloType::Huey => "Huey",
            HeloType::Cobra => "Cobra",
            HeloType::Loach => "Loach",
        }
    }
}

/// A seat aboard a helicopter [5.2]. `Nobody` only appears in `crew_hit`: that C1 result hits
/// no one on this type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Position {
    Pilot,
    Copilot,
    CrewChief,
    Gunner,
    DoorGunner,
    #[serde(rename = "none")]
    Nobody,
}

impl Position {
    pub fn name(self) -> &'static str {
        match self {
            Position::Pilot => n_("pilot"),
            Position::Copilot => n_("co-pilot"),
            Position::CrewChief => n_("crew chief"),
            Position::Gunner => n_("gunner"),
            Position::DoorGunner => n_("door gunner"),
            Position::Nobody => n_("nobody"),
        }
    }

    pub fn is_pilot(self) -> bool {
        matches!(self, Position::Pilot | Position::Copilot)
    }
}

/// The systems of the Info Cards' damage tracks [9.5, C2].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum System {
    Fuel,
    Engine,
    Hydraulics,
    Transmission,
    TailRotor,
    MainRotor,
    Radio,
    Instruments,
    LeftGun,
    RightGun,
    Turret,
    RocketPods,
}

impl System {
    pub fn name(self) -> &'static str {
        match self {
            System::Fuel => n_("Fuel"),
            System::Engine => n_("Engine"),
            System::Hydraulics => n_("Hydraulics"),
            System::Transmission => n_("Transmission"),
            System::TailRotor => n_("Tail Rotor"),
            System::MainRotor => n_("Main Rotor"),
            System::Radio => n_("Radio"),
            System::Instruments => n_("Instruments"),
            System::LeftGun => n_("Left door gun"),
            System::RightGun => n_("Right door gun"),
            System::Turret => n_("Chin turret"),
            System::RocketPods => n_("Rocket pods"),
        }
    }

    /// The systems a C1 result names directly.
    pub fn from_c1(cell: &str) -> Option<System> {
        Some(match cell {
            "fuel" => System::Fuel,
            "engine" => System::Engine,
            "hydraulics" => System::Hydraulics,
            "transmission" => System::Transmission,
            "tail_rotor" => System::TailRotor,
            "main_rotor" => System::MainRotor,
            "radio" => System::Radio,
            "instruments" => System::Instruments,
            _ => return None,
        })
    }

    /// The systems whose last box grounds the helicopter [9.5].
    pub fn flight_critical(self) -> bool {
        matches!(
            self,
            System::Fuel
                | System::Engine
                | System::Hydraulics
                | System::Transmission
                | System::TailRotor
                | System::MainRotor
        )
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Colour {
    White,
    Yellow,
    Red,
}

impl Colour {
    /// A damage box's colour, as the log names it.
    pub fn name(self) -> &'static str {
        match self {
            Colour::White => n_("white"),
            Colour::Yellow => n_("yellow"),
            Colour::Red => n_("red"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Track {
    pub system: System,
    pub boxes: Vec<Colour>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mp {
    pub noe: u8,
    pub low: u8,
    pub medium: u8,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Searches {
    YoursOnly,
    Always,
}

/// What a C1 "weapon" result does on this type (digest G04).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WeaponHit {
    DoorGun,
    TurretOrPod,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WeaponSpec {
    pub id: String,
    /// The weapon's name as the log and the choices show it.
    pub name: String,
    pub operator: Position,
    pub table: String,
    pub rolls: u8,
    pub range: u8,
    /// Sectors relative to the nose, 1 = ahead, clockwise (digest G09).
    pub arc: Vec<u8>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HelicopterSpec {
    pub id: HeloType,
    pub name: String,
    pub airframes: u8,
    pub crew: Vec<Position>,
    /// The seats hit by C1 results crew_1 .. crew_4.
    pub crew_hit: [Position; 4],
    pub mp: Mp,
    pub passenger_boxes: u8,
    pub strings: u8,
    pub rocket_pairs: u8,
    pub forced_landing_drm: i32,
    pub searches: Searches,
    pub weapon_hit: WeaponHit,
    pub note: String,
    pub source: Source,
    pub tracks: Vec<Track>,
    pub weapons: Vec<WeaponSpec>,
}

impl HelicopterSpec {
    pub fn track(&self, system: System) -> Option<&Track> {
        self.tracks.iter().find(|t| t.system == system)
    }
}

/// What a checked box of one colour of one system does [C2].
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageEffect {
    pub system: System,
    pub colour: Colour,
    #[serde(default)]
    pub mp: i32,
    /// The highest altitude the helicopter may climb to.
    #[serde(default)]
    pub ceiling: Option<String>,
    #[serde(default)]
    pub turn_cost: u8,
    #[serde(default)]
    pub no_hover: bool,
    #[serde(default)]
    pub f2: i32,
    #[serde(default)]
    pub f3: i32,
    #[serde(default)]
    pub radio_out: bool,
    #[serde(default)]
    pub jammed: bool,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Flight {
    pub max_helicopters: u8,
    pub min_mp: u8,
    pub jam_clear_from: u8,
    pub source: Source,
    pub note: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HelicoptersFile {
    helicopter: Vec<HelicopterSpec>,
    effect: Vec<DamageEffect>,
    flight: Flight,
}

// ------------------------------------------------------------------ terrain and units

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainSpec {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub ground_mp: u8,
    #[serde(default)]
    pub prohibited: bool,
    #[serde(default)]
    pub blocks_los: bool,
    #[serde(default)]
    pub drm: i32,
    #[serde(default)]
    pub landing: bool,
    #[serde(default)]
    pub spot: i32,
    #[serde(default)]
    pub f2: i32,
    #[serde(default)]
    pub strings: bool,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Hill {
    pub ground_mp: u8,
    pub blocks_los: bool,
    pub drm: i32,
    pub f2: i32,
    pub source: Source,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct TerrainFile {
    terrain: Vec<TerrainSpec>,
    hill: Hill,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Us,
    Enemy,
    Neutral,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Fireteam,
    Rpg,
    Hmg,
    Crew,
    Cargo,
    Vip,
    Villagers,
    Animal,
}

impl Class {
    /// Units that attack with a Unit Card.
    pub fn fights(self) -> bool {
        matches!(self, Class::Fireteam | Class::Rpg | Class::Hmg)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitSpec {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub class: Class,
    pub mp: u8,
    #[serde(default)]
    pub range: u8,
    pub morale: u8,
    pub steps: u8,
    #[serde(default)]
    pub card: Option<String>,
    #[serde(default)]
    pub defense: i32,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroundBand {
    pub range: [u8; 2],
    pub column: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HitBand {
    pub range: [u8; 2],
    pub hit: i32,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitCard {
    pub id: String,
    pub name: String,
    pub ground_drm: i32,
    pub vs_ground: Vec<GroundBand>,
    #[serde(default)]
    pub vs_helicopter: Vec<HitBand>,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct C1Rolls {
    pub fireteam: u8,
    pub hmg: u8,
    pub rpg: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatValues {
    pub landed: i32,
    pub hovering: i32,
    pub low: i32,
    pub noe: i32,
    pub medium: i32,
    pub reduced: i32,
    pub move_and_shoot: i32,
    pub c1_rolls: C1Rolls,
    pub source: Source,
    pub note: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Orders {
    pub class: Class,
    pub shoot_to: u8,
    pub move_and_shoot_to: u8,
    pub source: Source,
}

/// How many of one counter the counter sheets carry (digest G19): a ground unit by its id or
/// one of the [`MARKERS`]. The rulebook gives no counts.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterCount {
    pub piece: String,
    pub n: u8,
    pub source: Source,
}

/// The markers the counter sheets print, by the ids `counters` counts them by.
pub const MARKERS: [&str; 25] = [
    "smoke",
    "explosion",
    "target",
    "air_strike",
    "artillery",
    "suppressed",
    "unspotted",
    "spotted",
    "actions_over",
    "us_chit",
    "vietnamese_chit",
    "wreck",
    "crash",
    "plane_crash",
    "body_bags",
    "wounded_marker",
    "supplies_marker",
    "parachute",
    "your_flight",
    "ops_downed_crew",
    "pow",
    "skill_digits",
    "experience",
    "skill_drm",
    "luck",
];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UnitsFile {
    unit: Vec<UnitSpec>,
    card: Vec<UnitCard>,
    combat: CombatValues,
    orders: Vec<Orders>,
    #[serde(default)]
    counters: Vec<CounterCount>,
}

// ------------------------------------------------------------------------------- maps

#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OpsMap {
    pub id: String,
    pub title: String,
    pub base_name: String,
    pub base: [f64; 2],
    pub waypoints: Vec<[f64; 2]>,
    pub targets: Vec<[f64; 2]>,
    pub source: Source,
}

impl OpsMap {
    /// Whether a route point (`B`, `W<n>`, `T<n>`) is on this map.
    pub fn has_point(&self, point: &str) -> bool {
        match RoutePoint::parse(point) {
            Some(RoutePoint::Base) => true,
            Some(RoutePoint::Waypoint(n)) => (1..=self.waypoints.len()).contains(&n),
            Some(RoutePoint::Target(n)) => (1..=self.targets.len()).contains(&n),
            None => false,
        }
    }
}

/// A point of an Operations Map route [7.1].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoutePoint {
    Base,
    Waypoint(usize),
    Target(usize),
}

impl RoutePoint {
    pub fn parse(text: &str) -> Option<RoutePoint> {
        if text == "B" {
            return Some(RoutePoint::Base);
        }
        let number = |rest: &str| rest.parse::<usize>().ok().filter(|n| *n > 0);
        if let Some(rest) = text.strip_prefix('W') {
            return number(rest).map(RoutePoint::Waypoint);
        }
        text.strip_prefix('T')
            .and_then(number)
            .map(RoutePoint::Target)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Grid {
    pub columns: u8,
    pub rows: u8,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TacticalMap {
    pub number: u8,
    pub theme: String,
    pub mix: BTreeMap<String, u8>,
    pub hills: u8,
    pub source: Source,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MapsFile {
    ops_map: Vec<OpsMap>,
    grid: Grid,
    tactical_map: Vec<TacticalMap>,
}

/// A hex of a Tactical Map, written `map/CCRR` [3.1, 8.3].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct HexRef {
    pub map: u8,
    pub column: u8,
    pub row: u8,
}

impl HexRef {
    pub fn parse(text: &str) -> Option<HexRef> {
        let (map, hex) = text.split_once('/')?;
        if hex.len() != 4 || !hex.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Some(HexRef {
            map: map.parse().ok()?,
            column: hex[..2].parse().ok()?,
            row: hex[2..].parse().ok()?,
        })
    }
}

impl std::fmt::Display for HexRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{:02}{:02}", self.map, self.column, self.row)
    }
}

// ------------------------------------------------------------------------------- crew

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BioKind {
    Pilot,
    Gunner,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bio {
    pub id: String,
    pub kind: BioKind,
    pub rank: String,
    pub name: String,
    pub home: String,
    pub age: u8,
    pub text: String,
    pub source: Source,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CrewFile {
    bio: Vec<Bio>,
}

// ----------------------------------------------------------------------------- events

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeckKind {
    Enroute,
    Combat,
    Return,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DeckSpec {
    pub id: String,
    pub kind: DeckKind,
    pub campaign: CampaignId,
    pub no_event: u8,
    /// First and last paragraph number on the deck's cards.
    pub paragraphs: [u16; 2],
    #[serde(default)]
    pub spawn_directions: Option<[u8; 2]>,
    #[serde(default)]
    pub spawn_distances: Option<[u8; 2]>,
    pub source: Source,
}

/// One card of an event deck.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EventCard {
    NoEvent,
    Paragraph(u16),
    /// A Combat Event spawn: direction 1-6 from your helicopter's nose, distance in hexes.
    Spawn {
        direction: u8,
        distance: u8,
    },
}

impl DeckSpec {
    /// Every card of the deck, in a fixed order (shuffled by the campaign).
    pub fn cards(&self) -> Vec<EventCard> {
        let mut cards = vec![EventCard::NoEvent; usize::from(self.no_event)];
        cards.extend((self.paragraphs[0]..=self.paragraphs[1]).map(EventCard::Paragraph));
        if let (Some(dirs), Some(dists)) = (self.spawn_directions, self.spawn_distances) {
            for direction in dirs[0]..=dirs[1] {
                for distance in dists[0]..=dists[1] {
                    cards.push(EventCard::Spawn {
                        direction,
                        distance,
                    });
                }
            }
        }
        cards
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ParagraphKind {
    Observation,
    Event,
    Choice,
    Redirect,
    Combat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageTarget {
    Random,
    Yours,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SupportKind {
    Air,
    Artillery,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Who {
    Gunner,
    Random,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Condition {
    Always,
    Success,
    Rescued,
    TeamOut,
}

/// What a paragraph does (digest G14's vocabulary).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "do", rename_all = "snake_case")]
pub enum What {
    /// C1 rolls on a helicopter of the flight.
    Damage {
        target: DamageTarget,
        c1_rolls: u8,
    },
    /// Checks the next box of a system of your helicopter, up to the given colour.
    CheckBox {
        system: System,
        colour: Colour,
    },
    /// One weapon of your helicopter jams (a door gun, the Cobra's turret).
    Jam,
    /// A modifier to the next roll on a table this mission.
    Modifier {
        table: String,
        value: i32,
    },
    Support {
        kind: SupportKind,
        n: u8,
    },
    Passengers {
        unit: String,
        n: u8,
    },
    /// The Luck Factor may succeed this many times this mission.
    Luck {
        uses: u8,
    },
    Skill {
        who: Who,
        value: i32,
        #[serde(default)]
        next_mission: bool,
    },
    SkillPoints {
        n: u8,
        condition: Condition,
    },
    Choice {
        template: String,
    },
    Redirect {
        template: String,
    },
    /// Your helicopter must land on the Operations Map (F2, no modifiers) [9.5].
    ForcedLanding,
    /// A wounded crew member's countdown changes.
    Countdown {
        value: i32,
    },
    Repair {
        value: i32,
    },
    WoundedDelivered,
    /// Tactical Map: units appear (E2 when no unit is named), direction 1D6 unless given.
    Spawn {
        #[serde(default)]
        unit: Option<String>,
        /// The unit on the Yellow and Red columns, when it differs.
        #[serde(default)]
        red_unit: Option<String>,
        #[serde(default = "one")]
        count: u8,
        distance: u8,
        #[serde(default)]
        spotted: bool,
        #[serde(default)]
        fires: bool,
        #[serde(default)]
        near_lz: bool,
    },
    /// Tactical Map: a marker placed at direction 1D6, distance (+1D6 if `distance_d6`).
    Place {
        counter: String,
        distance: u8,
        #[serde(default)]
        distance_d6: bool,
        #[serde(default)]
        spotted: bool,
    },
    Mortar,
    Lull,
    /// Held: once this mission a unit may be brought into a clear hex.
    Team {
        unit: String,
    },
}

fn one() -> u8 {
    1
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    #[serde(flatten)]
    pub what: What,
    /// The effect happens only on a 1D6 roll within this range.
    #[serde(default)]
    pub on_d6: Option<[u8; 2]>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Paragraph {
    pub number: u16,
    pub kind: ParagraphKind,
    pub title: String,
    pub text: String,
    #[serde(default)]
    pub effects: Vec<Effect>,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Template {
    pub id: String,
    pub title: String,
    pub kind: MissionKind,
    pub skill_points: u8,
    pub text: String,
    pub source: Source,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventsFile {
    deck: Vec<DeckSpec>,
    paragraph: Vec<Paragraph>,
    template: Vec<Template>,
}

// -------------------------------------------------------------------------- campaigns

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CampaignId {
    Primary,
    Sog,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFrom {
    pub map: String,
    pub from: u16,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Month {
    pub month: String,
    pub missions: Vec<u16>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignSpec {
    pub id: CampaignId,
    pub title: String,
    pub first_mission: u16,
    pub difficulty_roll: bool,
    pub combat_events: bool,
    pub victory_points: bool,
    pub enroute_deck: String,
    pub return_deck: String,
    #[serde(default)]
    pub combat_deck: Option<String>,
    pub ops_maps: Vec<MapFrom>,
    pub cobra_only: Vec<u16>,
    pub months: Vec<Month>,
    /// Recon teams may be lifted out on rope strings (MACV-SOG, 11.1).
    #[serde(default)]
    pub strings: bool,
    /// Enemy units arriving without Combat Event cards (MACV-SOG: ruling A28).
    #[serde(default)]
    pub arrivals: Option<Arrivals>,
    pub source: Source,
}

/// Ruling A28's template: from turn `from_turn`, each Bookkeeping Phase a 1D6 roll in `on`
/// brings one unit of E2's `column`, 1D6 direction and 1D6 + `distance_plus` hexes from your
/// helicopter, unspotted.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Arrivals {
    pub from_turn: u16,
    pub on: [u8; 2],
    pub column: String,
    pub distance_plus: u8,
}

impl CampaignSpec {
    /// Every mission number of the Tour Card, in order.
    pub fn tour(&self) -> impl Iterator<Item = u16> + '_ {
        self.months.iter().flat_map(|m| m.missions.iter().copied())
    }

    /// The Operations Map in use for mission `number` [5.1].
    pub fn ops_map_for(&self, number: u16) -> &str {
        self.ops_maps
            .iter()
            .rev()
            .find(|m| m.from <= number)
            .map_or("", |m| m.map.as_str())
    }

    /// The month a mission is flown in.
    pub fn month_of(&self, number: u16) -> &str {
        self.months
            .iter()
            .find(|m| m.missions.contains(&number))
            .map_or("", |m| m.month.as_str())
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Career {
    pub luck_max: u8,
    pub skill_cost: u8,
    pub skill_max: u8,
    pub skill_points_bank_max: u8,
    pub vp_per_mission: u8,
    pub undecided_success_to: u8,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Experience {
    pub id: String,
    pub name: String,
    pub missions: u16,
    /// The 1D6 roll from which the Luck Factor rises on reaching the level.
    #[serde(default)]
    pub luck_from: Option<u8>,
    pub source: Source,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Band {
    pub from: u16,
    pub title: String,
    pub text: String,
    pub source: Source,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CampaignsFile {
    campaign: Vec<CampaignSpec>,
    career: Career,
    experience: Vec<Experience>,
    band: Vec<Band>,
}

// --------------------------------------------------------------------------- missions

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MissionKind {
    /// Combat assault.
    CA,
    /// Resupply.
    RS,
    /// Medevac.
    MV,
    /// Extraction.
    EX,
    /// Search and rescue.
    SAR,
    /// Search and destroy.
    SD,
    /// Close air support.
    CAS,
    /// Escort.
    ESC,
    /// VIP transport.
    VIP,
    /// Team insertion.
    INS,
}

/// How the mission's success is judged [10.3].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SuccessKind {
    Delivery,
    Extraction,
    Rescue,
    Destroy,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AircraftMix {
    #[serde(default)]
    pub huey: u8,
    #[serde(default)]
    pub cobra: u8,
    #[serde(default)]
    pub loach: u8,
}

impl AircraftMix {
    pub fn count(&self, t: HeloType) -> u8 {
        match t {
            HeloType::Huey => self.huey,
            HeloType::Cobra => self.cobra,
            HeloType::Loach => self.loach,
        }
    }
    pub fn total(&self) -> u8 {
        self.huey + self.cobra + self.loach
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Load {
    pub unit: String,
    pub n: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TacSetup {
    /// Map numbers by row of the layout, e.g. `[[1, 2]]` side by side.
    pub layout: Vec<Vec<u8>>,
    pub entry: String,
    pub exit: String,
    #[serde(default)]
    pub lz: Option<String>,
    #[serde(default)]
    pub search_start: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placed {
    pub unit: String,
    pub hex: String,
    /// The terrain the briefing gives this hex (the printed maps are not in the rulebook; a
    /// recon team waits for its strings in jungle or woods, 11.1).
    #[serde(default)]
    pub terrain: Option<String>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SupportSpec {
    #[serde(default)]
    pub air: u8,
    #[serde(default)]
    pub artillery: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mission {
    pub number: u16,
    pub campaign: CampaignId,
    pub title: String,
    pub kind: MissionKind,
    pub ops_map: String,
    pub route: Vec<String>,
    pub aircraft: AircraftMix,
    pub load: Vec<Load>,
    pub tac: TacSetup,
    #[serde(default)]
    pub preplaced: Vec<Placed>,
    #[serde(default)]
    pub support: SupportSpec,
    pub success: SuccessKind,
    pub skill_points: u8,
    pub briefing: String,
    pub source: Source,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct MissionsFile {
    mission: Vec<Mission>,
}

// ---------------------------------------------------------------------------- content

/// Everything the rules read, checked.
#[derive(Debug)]
pub struct Content {
    pub tables: BTreeMap<String, Table>,
    pub weather: Vec<Weather>,
    pub scatter: Vec<Scatter>,
    pub helicopters: Vec<HelicopterSpec>,
    pub effects: Vec<DamageEffect>,
    pub flight: Flight,
    pub terrain: Vec<TerrainSpec>,
    pub hill: Hill,
    pub units: Vec<UnitSpec>,
    /// The counter sheets' mix (G19).
    pub counters: Vec<CounterCount>,
    pub cards: Vec<UnitCard>,
    pub combat: CombatValues,
    pub orders: Vec<Orders>,
    pub ops_maps: Vec<OpsMap>,
    pub grid: Grid,
    pub tactical_maps: Vec<TacticalMap>,
    pub bios: Vec<Bio>,
    pub decks: Vec<DeckSpec>,
    pub paragraphs: BTreeMap<u16, Paragraph>,
    pub templates: Vec<Template>,
    pub campaigns: Vec<CampaignSpec>,
    pub career: Career,
    pub experience: Vec<Experience>,
    pub bands: Vec<Band>,
    pub missions: Vec<Mission>,
}

impl Content {
    pub fn table(&self, id: &str) -> &Table {
        &self.tables[id]
    }
    pub fn helicopter(&self, t: HeloType) -> &HelicopterSpec {
        self.helicopters
            .iter()
            .find(|h| h.id == t)
            .expect("checked: every type has a card")
    }
    pub fn effect(&self, system: System, colour: Colour) -> Option<&DamageEffect> {
        self.effects
            .iter()
            .find(|e| e.system == system && e.colour == colour)
    }
    pub fn unit(&self, id: &str) -> Option<&UnitSpec> {
        self.units.iter().find(|u| u.id == id)
    }
    pub fn weather(&self, id: &str) -> Option<&Weather> {
        self.weather.iter().find(|w| w.id == id)
    }
    pub fn deck(&self, id: &str) -> Option<&DeckSpec> {
        self.decks.iter().find(|d| d.id == id)
    }
    pub fn template(&self, id: &str) -> Option<&Template> {
        self.templates.iter().find(|t| t.id == id)
    }
    pub fn campaign(&self, id: CampaignId) -> &CampaignSpec {
        self.campaigns
            .iter()
            .find(|c| c.id == id)
            .expect("checked: both campaigns are there")
    }
    pub fn ops_map(&self, id: &str) -> Option<&OpsMap> {
        self.ops_maps.iter().find(|m| m.id == id)
    }
    pub fn mission(&self, number: u16) -> Option<&Mission> {
        self.missions.iter().find(|m| m.number == number)
    }
    pub fn bio(&self, id: &str) -> Option<&Bio> {
        self.bios.iter().find(|b| b.id == id)
    }
}

/// The embedded files, by name.
pub const FILES: [(&str, &str); 9] = [
    (
        "tables.toml",
        include_str!("../../../../data/games/chopper_pilot/tables.toml"),
    ),
    (
        "helicopters.toml",
        include_str!("../../../../data/games/chopper_pilot/helicopters.toml"),
    ),
    (
        "terrain.toml",
        include_str!("../../../../data/games/chopper_pilot/terrain.toml"),
    ),
    (
        "units.toml",
        include_str!("../../../../data/games/chopper_pilot/units.toml"),
    ),
    (
        "maps.toml",
        include_str!("../../../../data/games/chopper_pilot/maps.toml"),
    ),
    (
        "crew.toml",
        include_str!("../../../../data/games/chopper_pilot/crew.toml"),
    ),
    (
        "events.toml",
        include_str!("../../../../data/games/chopper_pilot/events.toml"),
    ),
    (
        "campaigns.toml",
        include_str!("../../../../data/games/chopper_pilot/campaigns.toml"),
    ),
    (
        "missions.toml",
        include_str!("../../../../data/games/chopper_pilot/missions.toml"),
    ),
];

/// Reads and checks every file afresh (the game itself loads once, through [`content`]).
pub fn load() -> Result<Content, ContentError> {
    let files = FILES
        .iter()
        .map(|(name, text)| Files::of(GAME).open(name, text))
        .collect::<Result<Vec<_>, _>>()?;
    load_files(&files)
}

/// Reads and checks the nine files, given in the order of [`FILES`].
fn load_files(f: &[File]) -> Result<Content, ContentError> {
    let (tables, weather, scatter) = load_tables(&f[0])?;
    let terrain: TerrainFile = f[2].parse()?;
    check_terrain(&f[2], &terrain)?;
    let units: UnitsFile = f[3].parse()?;
    check_units(&f[3], &units, &tables)?;
    check_e2(&f[0], &tables["E2"], &units.unit)?;
    let helicopters: HelicoptersFile = f[1].parse()?;
    check_helicopters(&f[1], &helicopters, &tables)?;
    let maps: MapsFile = f[4].parse()?;
    check_maps(&f[4], &maps, &terrain.terrain)?;
    let crew: CrewFile = f[5].parse()?;
    check_crew(&f[5], &crew)?;
    let events: EventsFile = f[6].parse()?;
    let paragraphs = check_events(&f[6], &events, &tables, &units.unit)?;
    let campaigns: CampaignsFile = f[7].parse()?;
    check_campaigns(&f[7], &campaigns, &events.deck, &maps.ops_map)?;
    let missions: MissionsFile = f[8].parse()?;
    let content = Content {
        tables,
        weather,
        scatter,
        helicopters: helicopters.helicopter,
        effects: helicopters.effect,
        flight: helicopters.flight,
        terrain: terrain.terrain,
        hill: terrain.hill,
        units: units.unit,
        counters: units.counters,
        cards: units.card,
        combat: units.combat,
        orders: units.orders,
        ops_maps: maps.ops_map,
        grid: maps.grid,
        tactical_maps: maps.tactical_map,
        bios: crew.bio,
        decks: events.deck,
        paragraphs,
        templates: events.template,
        campaigns: campaigns.campaign,
        career: campaigns.career,
        experience: campaigns.experience,
        bands: campaigns.band,
        missions: missions.mission,
    };
    check_missions(&f[8], &content)?;
    Ok(content)
}

type Tables = (BTreeMap<String, Table>, Vec<Weather>, Vec<Scatter>);

fn load_tables(src: &File) -> Result<Tables, ContentError> {
    let file: TablesFile = src.parse()?;
    let mut tables = BTreeMap::new();
    for t in file.table {
        let needle = format!("id = \"{}\"", t.id);
        t.check()
            .map_err(|e| src.error(&needle, format!("table {}: {e}", t.id)))?;
        if tables.contains_key(&t.id) {
            return Err(src.error(&needle, format!("table {}: id: listed twice", t.id)));
        }
        tables.insert(t.id.clone(), t);
    }
    let weather_ids: Vec<&str> = file.weather.iter().map(|w| w.id.as_str()).collect();
    for (id, dice, columns, values) in REQUIRED {
        let needle = format!("id = \"{id}\"");
        let t = tables
            .get(*id)
            .ok_or_else(|| src.error("", format!("table {id}: missing")))?;
        if t.dice != *dice {
            return Err(src.error(&needle, format!("table {id}: dice: expected {dice:?}")));
        }
        for (c, (name, cells)) in columns.iter().enumerate() {
            let index = if name.is_empty() {
                (t.columns.is_empty()).then_some(0)
            } else {
                t.column(name).filter(|i| *i == c)
            };
            let index = index.ok_or_else(|| {
                src.error(
                    &needle,
                    format!("table {id}: columns: expected '{name}' in place {c}"),
                )
            })?;
            for (at, cell) in t.column_cells(index) {
                let ok = match cells {
                    Cells::Words(words) => words.contains(&cell),
                    Cells::Number => cell.parse::<u8>().is_ok(),
                    Cells::Units | Cells::Free => true,
                };
                if !ok {
                    return Err(src.error(
                        &needle,
                        format!("table {id}: {at}.cells: '{cell}' is not a result of this table"),
                    ));
                }
            }
        }
        if t.columns.len() > columns.len() || (t.columns.is_empty() && columns.len() > 1) {
            return Err(src.error(
                &needle,
                format!("table {id}: columns: expected {} column(s)", columns.len()),
            ));
        }
        for v in *values {
            if !t.values.contains_key(*v) {
                return Err(src.error(&needle, format!("table {id}: values.{v}: missing")));
            }
        }
    }
    for (at, cell) in tables["H2"].column_cells(0) {
        if !weather_ids.contains(&cell) {
            return Err(src.error(
                "id = \"H2\"",
                format!("table H2: {at}.cells: no [[weather]] '{cell}'"),
            ));
        }
    }
    for id in ["artillery", "air_strike"] {
        let s = file
            .scatter
            .iter()
            .find(|s| s.id == id)
            .ok_or_else(|| src.error("", format!("scatter {id}: missing")))?;
        if s.results.len() != 10 {
            return Err(src.error(
                &format!("id = \"{id}\""),
                format!(
                    "scatter {id}: results: one per face of 1D10, found {}",
                    s.results.len()
                ),
            ));
        }
    }
    Ok((tables, file.weather, file.scatter))
}

/// Every E2 cell names units of units.toml.
fn check_e2(src: &File, e2: &Table, units: &[UnitSpec]) -> Result<(), ContentError> {
    for c in 0..e2.columns.len() {
        for (at, cell) in e2.column_cells(c) {
            if let Some(bad) = cell.split('+').find(|u| !units.iter().any(|s| s.id == *u)) {
                return Err(src.error(
                    "id = \"E2\"",
                    format!("table E2: {at}.cells: unknown unit '{bad}'"),
                ));
            }
        }
    }
    Ok(())
}

fn check_terrain(src: &File, file: &TerrainFile) -> Result<(), ContentError> {
    let mut seen = BTreeSet::new();
    for t in &file.terrain {
        let needle = format!("id = \"{}\"", t.id);
        if !seen.insert(&t.id) {
            return Err(src.error(&needle, format!("terrain {}: id: listed twice", t.id)));
        }
        if t.prohibited == (t.ground_mp > 0) {
            return Err(src.error(&needle, format!("terrain {}: ground_mp: give a cost of 1 or more, or prohibited = true, not both", t.id)));
        }
        if t.landing && t.prohibited {
            return Err(src.error(
                &needle,
                format!("terrain {}: landing: ground units cannot stand here", t.id),
            ));
        }
    }
    Ok(())
}

fn check_units(
    src: &File,
    file: &UnitsFile,
    tables: &BTreeMap<String, Table>,
) -> Result<(), ContentError> {
    let b2 = &tables["B2"];
    for c in &file.card {
        let needle = format!("id = \"{}\"", c.id);
        let mut next = 0;
        for (i, band) in c.vs_ground.iter().enumerate() {
            if band.range[0] != next || band.range[1] < band.range[0] {
                return Err(src.error(
                    &needle,
                    format!(
                        "card {}: vs_ground[{i}].range: expected to start at {next}",
                        c.id
                    ),
                ));
            }
            if b2.column(&band.column).is_none() {
                return Err(src.error(
                    &needle,
                    format!(
                        "card {}: vs_ground[{i}].column: B2 has no column '{}'",
                        c.id, band.column
                    ),
                ));
            }
            next = band.range[1] + 1;
        }
        let mut next = 0;
        for (i, band) in c.vs_helicopter.iter().enumerate() {
            if band.range[0] != next || band.range[1] < band.range[0] {
                return Err(src.error(
                    &needle,
                    format!(
                        "card {}: vs_helicopter[{i}].range: expected to start at {next}",
                        c.id
                    ),
                ));
            }
            if !(1..=10).contains(&band.hit) {
                return Err(src.error(
                    &needle,
                    format!(
                        "card {}: vs_helicopter[{i}].hit: {} is not a 1D10 roll",
                        c.id, band.hit
                    ),
                ));
            }
            next = band.range[1] + 1;
        }
    }
    for c in &file.counters {
        let needle = format!("piece = \"{}\"", c.piece);
        if !file.unit.iter().any(|u| u.id == c.piece) && !MARKERS.contains(&c.piece.as_str()) {
            return Err(src.error(
                &needle,
                format!("counters: '{}' is neither a unit nor a marker", c.piece),
            ));
        }
        if c.n == 0 {
            return Err(src.error(
                &needle,
                format!("counters: {}: n must be 1 or more", c.piece),
            ));
        }
    }
    for u in &file.unit {
        let needle = format!("id = \"{}\"", u.id);
        let err = |field: &str, what: String| {
            Err(src.error(&needle, format!("unit {}: {field}: {what}", u.id)))
        };
        if !(1..=2).contains(&u.steps) {
            return err("steps", format!("{} (a unit has 1 or 2 steps)", u.steps));
        }
        if !(1..=6).contains(&u.morale) {
            return err("morale", format!("{} cannot be rolled on 1D6", u.morale));
        }
        if u.class.fights() {
            let Some(card) = u
                .card
                .as_ref()
                .and_then(|id| file.card.iter().find(|c| &c.id == id))
            else {
                return err(
                    "card",
                    format!("no Unit Card '{}'", u.card.as_deref().unwrap_or("")),
                );
            };
            let reach = card.vs_ground.last().map_or(0, |b| b.range[1]);
            if u.range == 0 || u.range > reach {
                return err(
                    "range",
                    format!(
                        "{} is beyond what card {} covers ({reach})",
                        u.range, card.id
                    ),
                );
            }
            if u.side == Side::Enemy
                && card.vs_helicopter.last().map_or(0, |b| b.range[1]) < u.range
            {
                return err(
                    "card",
                    format!(
                        "card {} has no helicopter table out to range {}",
                        card.id, u.range
                    ),
                );
            }
        } else if u.card.is_some() {
            return err("card", "this class does not attack".into());
        }
    }
    for class in [Class::Fireteam, Class::Rpg, Class::Hmg] {
        let Some(o) = file.orders.iter().find(|o| o.class == class) else {
            return Err(src.error("[[orders]]", format!("orders: none for {class:?}")));
        };
        if o.shoot_to >= o.move_and_shoot_to {
            return Err(src.error(
                "[[orders]]",
                format!("orders {class:?}: move_and_shoot_to must be beyond shoot_to"),
            ));
        }
    }
    Ok(())
}

fn check_helicopters(
    src: &File,
    file: &HelicoptersFile,
    tables: &BTreeMap<String, Table>,
) -> Result<(), ContentError> {
    for t in HeloType::ALL {
        if file.helicopter.iter().filter(|h| h.id == t).count() != 1 {
            return Err(src.error(
                "",
                format!("helicopter {}: there must be one card", t.name()),
            ));
        }
    }
    for h in &file.helicopter {
        let needle = format!("id = \"{}\"", serde_id(&h.id));
        let err = |field: &str, what: String| {
            Err(src.error(&needle, format!("helicopter {}: {field}: {what}", h.name)))
        };
        if h.airframes == 0 {
            return err("airframes", "at least one".into());
        }
        if h.crew.is_empty()
            || h.crew.contains(&Position::Nobody)
            || !h.crew.contains(&Position::Pilot)
        {
            return err("crew", "a pilot and real seats".into());
        }
        if let Some(p) = h
            .crew_hit
            .iter()
            .find(|p| **p != Position::Nobody && !h.crew.contains(p))
        {
            return err("crew_hit", format!("{} is not in the crew", p.name()));
        }
        if [h.mp.noe, h.mp.low, h.mp.medium].contains(&0) {
            return err("mp", "every altitude needs movement points".into());
        }
        let mut seen = BTreeSet::new();
        for (i, t) in h.tracks.iter().enumerate() {
            if !seen.insert(t.system) {
                return err(
                    &format!("tracks[{i}].system"),
                    format!("{} listed twice", t.system.name()),
                );
            }
            let Some((last, rest)) = t.boxes.split_last() else {
                return err(&format!("tracks[{i}].boxes"), "no boxes".into());
            };
            if rest.contains(&Colour::Red) || t.boxes[0] == Colour::Red {
                return err(
                    &format!("tracks[{i}].boxes"),
                    "the first box is white or yellow, only the last may be red".into(),
                );
            }
            if t.system.flight_critical() != (*last == Colour::Red) {
                return err(
                    &format!("tracks[{i}].boxes"),
                    format!(
                        "{} must {}end with a red box",
                        t.system.name(),
                        if t.system.flight_critical() {
                            ""
                        } else {
                            "not "
                        }
                    ),
                );
            }
        }
        for system in [
            System::Fuel,
            System::Engine,
            System::Hydraulics,
            System::Transmission,
            System::TailRotor,
            System::MainRotor,
            System::Radio,
            System::Instruments,
        ] {
            if !seen.contains(&system) {
                return err("tracks", format!("no {} track", system.name()));
            }
        }
        for (i, w) in h.weapons.iter().enumerate() {
            if !h.crew.contains(&w.operator) {
                return err(
                    &format!("weapons[{i}].operator"),
                    format!("{} is not in the crew", w.operator.name()),
                );
            }
            if !tables.contains_key(&w.table) {
                return err(
                    &format!("weapons[{i}].table"),
                    format!("no table '{}'", w.table),
                );
            }
            if w.arc.is_empty() || w.arc.iter().any(|s| !(1..=6).contains(s)) {
                return err(&format!("weapons[{i}].arc"), "sectors are 1-6".into());
            }
        }
    }
    for (i, e) in file.effect.iter().enumerate() {
        let on_card = file.helicopter.iter().any(|h| {
            h.track(e.system)
                .is_some_and(|t| t.boxes.contains(&e.colour))
        });
        if !on_card {
            return Err(src.error(
                "[[effect]]",
                format!(
                    "effect[{i}]: no Info Card has a {:?} box on {}",
                    e.colour,
                    e.system.name()
                ),
            ));
        }
        if e.ceiling
            .as_deref()
            .is_some_and(|c| !["noe", "low"].contains(&c))
        {
            return Err(src.error("[[effect]]", format!("effect[{i}].ceiling: 'noe' or 'low'")));
        }
    }
    if !(1..=7).contains(&file.flight.max_helicopters) {
        return Err(src.error(
            "[flight]",
            "flight.max_helicopters: the rulebook allows up to 7".to_owned(),
        ));
    }
    if !(1..=6).contains(&file.flight.jam_clear_from) {
        return Err(src.error("[flight]", "flight.jam_clear_from: a 1D6 roll".to_owned()));
    }
    Ok(())
}

fn serde_id(t: &HeloType) -> &'static str {
    match t {
        HeloType::Huey => "huey",
        HeloType::Cobra => "cobra",
        HeloType::Loach => "loach",
    }
}

fn check_maps(src: &File, file: &MapsFile, terrain: &[TerrainSpec]) -> Result<(), ContentError> {
    for m in &file.ops_map {
        let needle = format!("id = \"{}\"", m.id);
        let inside = |p: &[f64; 2]| (0.0..=17.0).contains(&p[0]) && (0.0..=11.0).contains(&p[1]);
        if !inside(&m.base) || !m.waypoints.iter().chain(&m.targets).all(inside) {
            return Err(src.error(
                &needle,
                format!(
                    "ops_map {}: points must lie on the 17 x 11 inch sheet",
                    m.id
                ),
            ));
        }
        if m.waypoints.is_empty() || m.targets.is_empty() {
            return Err(src.error(
                &needle,
                format!("ops_map {}: needs waypoints and targets", m.id),
            ));
        }
    }
    if file.grid.columns == 0
        || file.grid.rows == 0
        || file.grid.columns > 99
        || file.grid.rows > 99
    {
        return Err(src.error(
            "[grid]",
            "grid: columns and rows must be 1-99 (hex ids are CCRR)".to_owned(),
        ));
    }
    for n in 1..=6u8 {
        if file.tactical_map.iter().filter(|m| m.number == n).count() != 1 {
            return Err(src.error(
                "[[tactical_map]]",
                format!("tactical_map {n}: there must be one record for each map 1-6"),
            ));
        }
    }
    for m in &file.tactical_map {
        let needle = format!("number = {}", m.number);
        if let Some(t) = m.mix.keys().find(|t| !terrain.iter().any(|s| &s.id == *t)) {
            return Err(src.error(
                &needle,
                format!("tactical_map {}: mix: unknown terrain '{t}'", m.number),
            ));
        }
        let sum: u32 = m.mix.values().map(|v| u32::from(*v)).sum();
        if sum != 100 {
            return Err(src.error(
                &needle,
                format!("tactical_map {}: mix: adds up to {sum}, not 100", m.number),
            ));
        }
        if m.hills > 100 {
            return Err(src.error(
                &needle,
                format!("tactical_map {}: hills: a percentage", m.number),
            ));
        }
    }
    Ok(())
}

fn check_crew(src: &File, file: &CrewFile) -> Result<(), ContentError> {
    if file.bio.len() != 20 {
        return Err(src.error(
            "",
            format!(
                "bio: the game has 20 Crew Bio cards, found {}",
                file.bio.len()
            ),
        ));
    }
    let mut seen = BTreeSet::new();
    for b in &file.bio {
        if !seen.insert(&b.id) {
            return Err(src.error(
                &format!("id = \"{}\"", b.id),
                format!("bio {}: id: listed twice", b.id),
            ));
        }
    }
    let pilots = file.bio.iter().filter(|b| b.kind == BioKind::Pilot).count();
    if pilots < 1 || file.bio.len() - pilots < 2 {
        return Err(src.error(
            "",
            "bio: a Huey crew needs a pilot card and two gunner cards".to_owned(),
        ));
    }
    Ok(())
}

fn check_events(
    src: &File,
    file: &EventsFile,
    tables: &BTreeMap<String, Table>,
    units: &[UnitSpec],
) -> Result<BTreeMap<u16, Paragraph>, ContentError> {
    let mut paragraphs = BTreeMap::new();
    for p in &file.paragraph {
        let needle = format!("number = {}", p.number);
        let err = |field: String, what: String| {
            Err(src.error(&needle, format!("paragraph {}: {field}: {what}", p.number)))
        };
        if paragraphs.insert(p.number, p.clone()).is_some() {
            return err("number".into(), "listed twice".into());
        }
        let has = |f: fn(&What) -> bool| p.effects.iter().any(|e| f(&e.what));
        match p.kind {
            ParagraphKind::Observation if !p.effects.is_empty() => {
                return err("effects".into(), "an observation has no game effect".into());
            }
            ParagraphKind::Choice if !has(|w| matches!(w, What::Choice { .. })) => {
                return err("effects".into(), "a choice needs a choice effect".into());
            }
            ParagraphKind::Redirect if !has(|w| matches!(w, What::Redirect { .. })) => {
                return err(
                    "effects".into(),
                    "a re-direct needs a redirect effect".into(),
                );
            }
            ParagraphKind::Event | ParagraphKind::Combat if p.effects.is_empty() => {
                return err("effects".into(), "an event needs an effect".into());
            }
            _ => {}
        }
        for (i, e) in p.effects.iter().enumerate() {
            let field = format!("effects[{i}]");
            if let Some([a, b]) = e.on_d6
                && (a < 1 || b > 6 || a > b)
            {
                return err(format!("{field}.on_d6"), "a range within 1-6".into());
            }
            match &e.what {
                What::Modifier { table, .. } if !tables.contains_key(table) => {
                    return err(format!("{field}.table"), format!("no table '{table}'"));
                }
                What::Choice { template } | What::Redirect { template }
                    if !file.template.iter().any(|t| &t.id == template) =>
                {
                    return err(
                        format!("{field}.template"),
                        format!("no template '{template}'"),
                    );
                }
                What::Passengers { unit, .. } | What::Team { unit }
                    if !units.iter().any(|u| &u.id == unit) =>
                {
                    return err(format!("{field}.unit"), format!("no unit '{unit}'"));
                }
                What::Spawn { unit, red_unit, .. } => {
                    if let Some(bad) = [unit, red_unit]
                        .into_iter()
                        .flatten()
                        .find(|id| !units.iter().any(|u| &u.id == *id))
                    {
                        return err(format!("{field}.unit"), format!("no unit '{bad}'"));
                    }
                }
                _ => {}
            }
        }
    }
    for t in &file.template {
        if !(1..=3).contains(&t.skill_points) {
            return Err(src.error(
                &format!("id = \"{}\"", t.id),
                format!("template {}: skill_points: 1, 2 or 3", t.id),
            ));
        }
    }
    for d in &file.deck {
        let needle = format!("id = \"{}\"", d.id);
        for n in d.paragraphs[0]..=d.paragraphs[1] {
            let Some(p) = paragraphs.get(&n) else {
                return Err(src.error(
                    &needle,
                    format!("deck {}: paragraphs: no paragraph {n}", d.id),
                ));
            };
            let fits = match d.kind {
                DeckKind::Enroute => p.kind != ParagraphKind::Combat,
                DeckKind::Combat => p.kind == ParagraphKind::Combat,
                DeckKind::Return => {
                    matches!(p.kind, ParagraphKind::Observation | ParagraphKind::Event)
                }
            };
            if !fits {
                return Err(src.error(
                    &needle,
                    format!("deck {}: paragraphs: {n} is a {:?} paragraph", d.id, p.kind),
                ));
            }
        }
        let spawns = d.spawn_directions.is_some() || d.spawn_distances.is_some();
        if spawns != (d.kind == DeckKind::Combat)
            || d.spawn_directions.is_some() != d.spawn_distances.is_some()
        {
            return Err(src.error(
                &needle,
                format!(
                    "deck {}: spawn cards belong to the Combat deck, with directions and distances",
                    d.id
                ),
            ));
        }
        if let Some([a, b]) = d.spawn_directions
            && (a < 1 || b > 6 || a > b)
        {
            return Err(src.error(
                &needle,
                format!("deck {}: spawn_directions: within 1-6", d.id),
            ));
        }
    }
    // The rulebook's deck sizes, both campaigns together [3.10-3.12].
    for (kind, total) in [
        (DeckKind::Enroute, 55),
        (DeckKind::Combat, 45),
        (DeckKind::Return, 50),
    ] {
        let found: usize = file
            .deck
            .iter()
            .filter(|d| d.kind == kind)
            .map(|d| d.cards().len())
            .sum();
        if found != total {
            return Err(src.error(
                "[[deck]]",
                format!("deck: the game has {total} {kind:?} cards, these decks hold {found}"),
            ));
        }
    }
    Ok(paragraphs)
}

fn check_campaigns(
    src: &File,
    file: &CampaignsFile,
    decks: &[DeckSpec],
    maps: &[OpsMap],
) -> Result<(), ContentError> {
    for id in [CampaignId::Primary, CampaignId::Sog] {
        if file.campaign.iter().filter(|c| c.id == id).count() != 1 {
            return Err(src.error("", format!("campaign {id:?}: there must be one record")));
        }
    }
    for c in &file.campaign {
        let needle = format!("title = \"{}\"", c.title);
        let err = |field: &str, what: String| {
            Err(src.error(&needle, format!("campaign {:?}: {field}: {what}", c.id)))
        };
        for (field, id, kind) in [
            ("enroute_deck", Some(&c.enroute_deck), DeckKind::Enroute),
            ("return_deck", Some(&c.return_deck), DeckKind::Return),
            ("combat_deck", c.combat_deck.as_ref(), DeckKind::Combat),
        ] {
            let Some(id) = id else { continue };
            match decks.iter().find(|d| &d.id == id) {
                Some(d) if d.kind == kind && d.campaign == c.id => {}
                _ => return err(field, format!("no {kind:?} deck '{id}' of this campaign")),
            }
        }
        if c.combat_events != c.combat_deck.is_some() {
            return err(
                "combat_deck",
                "needed exactly when combat_events is true".into(),
            );
        }
        let tour: Vec<u16> = c.tour().collect();
        if tour.first() != Some(&c.first_mission) || tour.windows(2).any(|w| w[1] != w[0] + 1) {
            return err(
                "months",
                format!("missions must run on from {} without gaps", c.first_mission),
            );
        }
        if let Some(n) = c.cobra_only.iter().find(|n| !tour.contains(n)) {
            return err("cobra_only", format!("{n} is not on the Tour Card"));
        }
        if c.ops_maps.first().map(|m| m.from) != Some(c.first_mission)
            || c.ops_maps.windows(2).any(|w| w[1].from <= w[0].from)
        {
            return err(
                "ops_maps",
                "must start at the first mission and run upwards".into(),
            );
        }
        if let Some(m) = c
            .ops_maps
            .iter()
            .find(|m| !maps.iter().any(|o| o.id == m.map))
        {
            return err("ops_maps", format!("no Operations Map '{}'", m.map));
        }
    }
    let e = &file.experience;
    if e.first().map(|x| x.missions) != Some(0)
        || e.windows(2).any(|w| w[1].missions <= w[0].missions)
    {
        return Err(src.error(
            "[[experience]]",
            "experience: levels start at 0 missions and rise".to_owned(),
        ));
    }
    if let Some(x) = e
        .iter()
        .find(|x| x.luck_from.is_some_and(|f| !(1..=6).contains(&f)))
    {
        return Err(src.error(
            &format!("id = \"{}\"", x.id),
            format!("experience {}: luck_from: a 1D6 roll", x.id),
        ));
    }
    let b = &file.band;
    if b.last().map(|x| x.from) != Some(0) || b.windows(2).any(|w| w[1].from >= w[0].from) {
        return Err(src.error(
            "[[band]]",
            "band: levels of victory run downwards to 0".to_owned(),
        ));
    }
    if file.career.skill_cost == 0 || file.career.luck_max == 0 || file.career.luck_max > 10 {
        return Err(src.error(
            "[career]",
            "career: skill_cost above 0, luck_max 1-10".to_owned(),
        ));
    }
    Ok(())
}

fn check_missions(src: &File, c: &Content) -> Result<(), ContentError> {
    let mut next: BTreeMap<CampaignId, u16> = BTreeMap::new();
    for m in &c.missions {
        let needle = format!("number = {}", m.number);
        let err = |field: &str, what: String| {
            Err(src.error(&needle, format!("mission {}: {field}: {what}", m.number)))
        };
        let campaign = c.campaign(m.campaign);
        let expected = next.entry(m.campaign).or_insert(campaign.first_mission);
        if m.number != *expected {
            return err(
                "number",
                format!(
                    "expected {expected}: missions are written in order from the first of the campaign"
                ),
            );
        }
        *expected += 1;
        if !campaign.tour().any(|n| n == m.number) {
            return err("number", "not on the campaign's Tour Card".into());
        }
        if m.ops_map != campaign.ops_map_for(m.number) {
            return err(
                "ops_map",
                format!(
                    "this mission flies from map {}",
                    campaign.ops_map_for(m.number)
                ),
            );
        }
        let map = c.ops_map(&m.ops_map).expect("checked with the campaigns");
        if m.route.len() < 3
            || m.route[0] != "B"
            || !m.route.last().is_some_and(|p| p.starts_with('T'))
        {
            return err(
                "route",
                "the base B, at least one waypoint, and a target point last".into(),
            );
        }
        for (i, p) in m.route.iter().enumerate() {
            let middle = i > 0 && i + 1 < m.route.len();
            if !map.has_point(p) || (middle && !p.starts_with('W')) {
                return err(
                    &format!("route[{i}]"),
                    format!(
                        "'{p}' is not a {} of map {}",
                        if middle { "waypoint" } else { "point" },
                        map.id
                    ),
                );
            }
        }
        let a = m.aircraft;
        if a.total() == 0 || a.total() > c.flight.max_helicopters {
            return err(
                "aircraft",
                format!("1 to {} helicopters", c.flight.max_helicopters),
            );
        }
        for t in HeloType::ALL {
            if a.count(t) > c.helicopter(t).airframes {
                return err(
                    "aircraft",
                    format!(
                        "only {} {} in the fleet",
                        c.helicopter(t).airframes,
                        t.name()
                    ),
                );
            }
        }
        if campaign.cobra_only.contains(&m.number) && a.cobra == 0 {
            return err("aircraft", "a Cobra-only mission needs a Cobra".into());
        }
        let boxes = u32::from(a.huey) * u32::from(c.helicopter(HeloType::Huey).passenger_boxes);
        let mut loaded = 0u32;
        for (i, l) in m.load.iter().enumerate() {
            match c.unit(&l.unit) {
                Some(u)
                    if matches!(
                        u.class,
                        Class::Fireteam | Class::Crew | Class::Cargo | Class::Vip
                    ) => {}
                _ => {
                    return err(
                        &format!("load[{i}].unit"),
                        format!("'{}' cannot ride in a passenger box", l.unit),
                    );
                }
            }
            loaded += u32::from(l.n);
        }
        if loaded > boxes {
            return err(
                "load",
                format!("{loaded} counters for {boxes} passenger boxes"),
            );
        }
        check_tac(c, &m.tac).or_else(|e| err("tac", e))?;
        let hex = |text: &str| tac_hex(c, &m.tac, text);
        for (i, p) in m.preplaced.iter().enumerate() {
            if c.unit(&p.unit).is_none() {
                return err(
                    &format!("preplaced[{i}].unit"),
                    format!("no unit '{}'", p.unit),
                );
            }
            hex(&p.hex).map_err(|e| {
                src.error(
                    &needle,
                    format!("mission {}: preplaced[{i}].hex: {e}", m.number),
                )
            })?;
            if let Some(t) = &p.terrain
                && !c.terrain.iter().any(|x| &x.id == t)
            {
                return err(
                    &format!("preplaced[{i}].terrain"),
                    format!("no terrain '{t}'"),
                );
            }
        }
        let searches = matches!(m.kind, MissionKind::SAR | MissionKind::SD);
        if searches != m.tac.search_start.is_some()
            || m.tac.lz.is_some() == m.tac.search_start.is_some()
        {
            return err(
                "tac",
                "search missions give a search_start hex, all others an lz".into(),
            );
        }
        if !(1..=3).contains(&m.skill_points) {
            return err("skill_points", "1, 2 or 3 [10.2]".into());
        }
        if m.briefing.trim().is_empty() {
            return err("briefing", "empty".into());
        }
    }
    Ok(())
}

/// The hex `text` of a mission's layout.
fn tac_hex(c: &Content, tac: &TacSetup, text: &str) -> Result<HexRef, String> {
    let h = HexRef::parse(text).ok_or_else(|| format!("'{text}' is not a hex (map/CCRR)"))?;
    if !tac.layout.iter().flatten().any(|m| *m == h.map) {
        return Err(format!("{text}: map {} is not in the layout", h.map));
    }
    if !(1..=c.grid.columns).contains(&h.column) || !(1..=c.grid.rows).contains(&h.row) {
        return Err(format!("{text}: off the map"));
    }
    Ok(h)
}

fn check_tac(c: &Content, tac: &TacSetup) -> Result<(), String> {
    let width = tac.layout.first().map_or(0, Vec::len);
    if width == 0 || tac.layout.iter().any(|r| r.len() != width) {
        return Err("layout: rows of equal length".into());
    }
    let mut seen = BTreeSet::new();
    if let Some(m) = tac
        .layout
        .iter()
        .flatten()
        .find(|m| !(1..=6).contains(*m) || !seen.insert(**m))
    {
        return Err(format!(
            "layout: map {m} is not one of the six or is used twice"
        ));
    }
    for text in [
        Some(&tac.entry),
        Some(&tac.exit),
        tac.lz.as_ref(),
        tac.search_start.as_ref(),
    ]
    .into_iter()
    .flatten()
    {
        tac_hex(c, tac, text)?;
    }
    for text in [&tac.entry, &tac.exit] {
        let h = tac_hex(c, tac, text)?;
        let (row, col) = tac
            .layout
            .iter()
            .enumerate()
            .find_map(|(r, maps)| maps.iter().position(|m| *m == h.map).map(|c| (r, c)))
            .expect("checked by tac_hex");
        let outer = (h.column == 1 && col == 0)
            || (h.column == c.grid.columns && col + 1 == width)
            || (h.row == 1 && row == 0)
            || (h.row == c.grid.rows && row + 1 == tac.layout.len());
        if !outer {
            return Err(format!(
                "{text}: entry and exit hexes lie on the outer edge"
            ));
        }
    }
    Ok(())
}

static CONTENT: OnceLock<Result<Content, ContentError>> = OnceLock::new();

/// The content, loaded and checked on first use.
pub fn content() -> Result<&'static Content, ContentError> {
    CONTENT.get_or_init(load).as_ref().map_err(Clone::clone)
}

impl Content {
    /// How many of a counter (a unit id or a marker of [`MARKERS`]) the sheets print: its
    /// count in the mix, or one where the mix gives none.
    pub fn counters_of(&self, piece: &str) -> usize {
        self.counters
            .iter()
            .find(|c| c.piece == piece)
            .map_or(1, |c| usize::from(c.n))
    }
}

/// The content once `setup` has checked it.
///
/// # Panics
/// If the content files are broken; setting up a game refuses to start in that case, so the
/// rules never get here with broken content.
#[inline]
pub fn data() -> &'static Content {
    // The rules ask for their content at almost every step: the loaded case is the short way.
    match CONTENT.get() {
        Some(Ok(c)) => c,
        _ => loaded_or_panic(),
    }
}

#[cold]
fn loaded_or_panic() -> &'static Content {
    match content() {
        Ok(c) => c,
        Err(e) => panic!("chopper_pilot content: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn embedded() -> Vec<File> {
        FILES
            .iter()
            .map(|(n, t)| File {
                name: format!("data/games/{GAME}/{n}"),
                text: (*t).into(),
            })
            .collect()
    }

    /// The embedded files with `from` replaced by `to` in file `file`: the error it gives.
    fn broken(file: usize, from: &str, to: &str) -> String {
        let mut files = embedded();
        assert!(files[file].text.contains(from), "{from}");
        files[file].text = files[file].text.replacen(from, to, 1).into();
        load_files(&files).unwrap_err().to_string()
    }

    #[test]
    fn embedded_content_loads() {
        let c = load_files(&embedded()).unwrap();
        assert_eq!(c.tables.len(), 16);
        assert_eq!(c.bios.len(), 20);
        assert_eq!(
            c.helicopter(HeloType::Huey).mp.noe,
            6,
            "the rulebook's 8.6 example"
        );
        assert_eq!(
            c.helicopter(HeloType::Huey).airframes
                + c.helicopter(HeloType::Cobra).airframes
                + c.helicopter(HeloType::Loach).airframes,
            9,
            "nine Info Cards [3.8]"
        );
        let primary = c.campaign(CampaignId::Primary);
        assert_eq!(primary.tour().count(), 35);
        assert_eq!(
            c.campaign(CampaignId::Sog).tour().count(),
            15,
            "fifteen SOG missions [11.1]"
        );
        assert_eq!(primary.ops_map_for(112), "A");
        assert_eq!(
            primary.ops_map_for(113),
            "B",
            "map B from mission 113 [5.1]"
        );
        assert_eq!(
            c.missions[0].number, 101,
            "the campaign starts with 101 [6.1]"
        );
        assert_eq!(c.deck("combat").unwrap().cards().len(), 45);
    }

    #[test]
    fn every_record_says_where_it_comes_from() {
        for (name, text) in FILES {
            let records = text
                .lines()
                .filter(|l| l.starts_with("[[") || l.starts_with('[') && !l.starts_with("[["))
                .count();
            let sources = text.lines().filter(|l| l.starts_with("source = ")).count();
            assert_eq!(records, sources, "{name}: every record carries source");
        }
    }

    #[test]
    fn broken_tables_are_refused_by_file_line_and_field() {
        let e = broken(
            0,
            "{ at = [5, 8], cells = [\"yellow\"] }",
            "{ at = [6, 8], cells = [\"yellow\"] }",
        );
        assert!(
            e.starts_with("data/games/chopper_pilot/tables.toml: line "),
            "{e}"
        );
        assert!(
            e.contains("table E1: rows[1].at: expected a range starting at 5"),
            "{e}"
        );
        let e = broken(
            0,
            "{ at = [9, 10], cells = [\"red\"] }",
            "{ at = [9, 9], cells = [\"red\"] }",
        );
        assert!(
            e.contains("table E1: rows: end at 9, below the highest roll 10"),
            "{e}"
        );
        let e = broken(0, "cells = [\"spotted\"] }]", "cells = [\"seen\"] }]");
        assert!(
            e.contains("table E3: natural[1].cells: 'seen' is not a result of this table"),
            "{e}"
        );
        let e = broken(0, "\"vc_hmg\", \"nva_rpg\"", "\"vc_hmg\", \"nva_bazooka\"");
        assert!(
            e.contains("table E2: rows[5].cells: unknown unit 'nva_bazooka'"),
            "{e}"
        );
        let e = broken(0, "dice = \"d66\"", "dice = \"d12\"");
        assert!(e.contains("tables.toml: line") && e.contains("d12"), "{e}");
        let e = broken(0, "values = { golden_bb_rolls = 2 }", "");
        assert!(
            e.contains("table C1: values.golden_bb_rolls: missing"),
            "{e}"
        );
    }

    #[test]
    fn broken_references_are_refused() {
        let e = broken(
            1,
            "{ system = \"engine\", boxes = [\"yellow\", \"red\"] }",
            "{ system = \"engine\", boxes = [\"yellow\", \"yellow\"] }",
        );
        assert!(
            e.contains("helicopters.toml: line") && e.contains("Engine must end with a red box"),
            "{e}"
        );
        let e = broken(3, "card = \"nva_hmg\"", "card = \"nva_mortar\"");
        assert!(
            e.contains("units.toml: line")
                && e.contains("unit nva_hmg: card: no Unit Card 'nva_mortar'"),
            "{e}"
        );
        let e = broken(
            6,
            "template = \"R4\" }]\nsource = \"recon\"\n\n[[paragraph]]\nnumber = 326",
            "template = \"R9\" }]\nsource = \"recon\"\n\n[[paragraph]]\nnumber = 326",
        );
        assert!(
            e.contains("paragraph 325: effects[0].template: no template 'R9'"),
            "{e}"
        );
        let e = broken(6, "no_event = 10", "no_event = 11");
        assert!(
            e.contains("deck: the game has 55 Enroute cards, these decks hold 56"),
            "{e}"
        );
        let e = broken(4, "mix = { grass = 30", "mix = { grass = 31");
        assert!(
            e.contains("tactical_map 3: mix: adds up to 101, not 100"),
            "{e}"
        );
        let e = broken(5, "id = \"g12\"", "id = \"g11\"");
        assert!(e.contains("bio g11: id: listed twice"), "{e}");
        let e = broken(
            7,
            "missions = [105, 106, 107, 108]",
            "missions = [105, 107, 108]",
        );
        assert!(
            e.contains("campaign Primary: months: missions must run on from 101 without gaps"),
            "{e}"
        );
    }

    #[test]
    fn broken_missions_are_refused() {
        let e = broken(8, "number = 102", "number = 103");
        assert!(
            e.contains("missions.toml: line") && e.contains("mission 103: number: expected 102"),
            "{e}"
        );
        let e = broken(
            8,
            "route = [\"B\", \"W1\", \"W4\", \"T2\"]",
            "route = [\"B\", \"W1\", \"W17\", \"T2\"]",
        );
        assert!(
            e.contains("mission 101: route[2]: 'W17' is not a waypoint of map A"),
            "{e}"
        );
        let e = broken(
            8,
            "load = [{ unit = \"us_army_ft\", n = 8 }]",
            "load = [{ unit = \"us_army_ft\", n = 9 }]",
        );
        assert!(
            e.contains("mission 101: load: 9 counters for 8 passenger boxes"),
            "{e}"
        );
        let e = broken(8, "exit = \"1/3811\"", "exit = \"1/2011\"");
        assert!(
            e.contains("mission 101: tac: 1/2011: entry and exit hexes lie on the outer edge"),
            "{e}"
        );
        let e = broken(8, "hex = \"1/2405\"", "hex = \"2/2405\"");
        assert!(
            e.contains("mission 101: preplaced[0].hex: 2/2405: map 2 is not in the layout"),
            "{e}"
        );
        let e = broken(8, "aircraft = { huey = 4 }", "aircraft = { huey = 6 }");
        assert!(
            e.contains("mission 101: aircraft: only 5 Huey in the fleet"),
            "{e}"
        );
    }

    #[test]
    fn hex_refs_and_route_points_read_as_written() {
        assert_eq!(
            HexRef::parse("3/1207"),
            Some(HexRef {
                map: 3,
                column: 12,
                row: 7
            })
        );
        assert_eq!(HexRef::parse("3/1207").unwrap().to_string(), "3/1207");
        assert_eq!(HexRef::parse("1207"), None);
        assert_eq!(HexRef::parse("3/12a7"), None);
        assert_eq!(RoutePoint::parse("W12"), Some(RoutePoint::Waypoint(12)));
        assert_eq!(RoutePoint::parse("T0"), None);
        assert_eq!(RoutePoint::parse("B"), Some(RoutePoint::Base));
    }

    #[test]
    fn table_rows_clamp_and_naturals_win() {
        let c = load_files(&embedded()).unwrap();
        let e3 = c.table("E3");
        assert_eq!(e3.cells(3, -2)[0], "fail", "below the first row reads it");
        assert_eq!(e3.cells(6, 2)[0], "spotted", "a natural 6 always spots");
        assert_eq!(e3.cells(1, 5)[0], "fail", "a natural 1 always fails");
        assert_eq!(e3.cells(3, 9)[0], "spotted");
        let f3 = c.table("F3");
        assert_eq!(f3.row(-4).cells[0], "crash");
        assert_eq!(f3.row(1).cells[0], "hard");
    }
}
