//! The game's content, read from `data/games/search_destroy/*.toml` (or an owner's override
//! files, see `engine::content`) and checked once: the map, the tables, the counters and their
//! organisations, the scenarios. Every error names the file and the field.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::crt::{Crt, CrtCell};
use super::hex::{Dir, Hex};
use super::map::{Cell, Hexside, Map, Terrain};
use crate::engine::content::{ContentError, Source, load, override_dir};
use crate::engine::message::n_;

const GAME: &str = "search_destroy";

/// The two sides.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, serde::Serialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    Us,
    Nlf,
}

impl Side {
    pub fn seat(self) -> u8 {
        match self {
            Side::Us => 0,
            Side::Nlf => 1,
        }
    }

    /// The side's name in data-file messages.
    pub fn name(self) -> &'static str {
        match self {
            Side::Us => n_("US"),
            Side::Nlf => n_("NLF"),
        }
    }

    pub fn other(self) -> Side {
        match self {
            Side::Us => Side::Nlf,
            Side::Nlf => Side::Us,
        }
    }
}

/// What a counter is, as far as the rules care [3.5].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    Combat,
    Noncombat,
    Vehicle,
    Dummy,
    Trap,
    Cache,
    Supply,
    Ambush,
    /// A Killed or Wounded marker of the casualty combat system [20.0]: non-personnel, never
    /// fired at nor destroyed, ignored for stacking [20.12, 20.14, 5.37].
    Casualty,
    /// A peasant or porter found by search while interrogation is played: a marker, no
    /// longer a unit [23.0]. Never a counter's class in the data, only a unit's state.
    #[serde(skip_deserializing)]
    Captive,
}

impl Class {
    /// Personnel units: combat and non-combat personnel [3.5].
    pub fn personnel(self) -> bool {
        matches!(self, Class::Combat | Class::Noncombat)
    }
}

/// The five NLF caches [3.36, 10.12].
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, serde::Serialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Cache {
    Rice,
    Ammunition,
    Arms,
    Radio,
    Records,
}

impl Cache {
    pub const ALL: [Cache; 5] = [
        Cache::Rice,
        Cache::Ammunition,
        Cache::Arms,
        Cache::Radio,
        Cache::Records,
    ];

    pub fn id(self) -> &'static str {
        match self {
            Cache::Rice => "rice",
            Cache::Ammunition => "ammunition",
            Cache::Arms => "arms",
            Cache::Radio => "radio",
            Cache::Records => "records",
        }
    }

    pub fn from_id(id: &str) -> Option<Cache> {
        Cache::ALL.into_iter().find(|c| c.id() == id)
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CounterSpec {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub class: Class,
    #[serde(default)]
    pub attack: u8,
    #[serde(default)]
    pub arvn: bool,
    #[serde(default)]
    pub movement: u8,
    pub source: Source,
    pub section: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormationUnit {
    pub counter: String,
    pub count: u8,
    /// The platoons of the formation these units belong to, the count split evenly over
    /// them in order; none for the formation's own command level [24.35, 24.36].
    #[serde(default)]
    pub platoons: Vec<u8>,
    pub source: Source,
    pub section: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Formation {
    pub id: String,
    pub name: String,
    pub units: Vec<FormationUnit>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VobRow {
    pub counter: String,
    /// Counts for the die rolls 1–2, 3–4 and 5–6.
    pub columns: [u8; 3],
    pub source: Source,
    pub section: String,
}

/// What a terrain does to a line of sight [6.23, 6.24].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Sight {
    Clear,
    Inhibits,
    Blocks,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TerrainSpec {
    pub id: Terrain,
    pub name: String,
    pub defense: u8,
    pub infantry_mp: u8,
    pub vehicle_mp: u8,
    pub sight: Sight,
    pub source: Source,
    pub section: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HexsideSpec {
    pub id: Hexside,
    pub name: String,
    pub infantry_mp: u8,
    pub vehicle_mp: u8,
    pub source: Source,
    pub section: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Points {
    pub helicopter: u16,
    pub peasant_multiplier: u16,
    pub source: Source,
    pub section: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Material {
    pub cache: Cache,
    pub destroyed: u16,
    pub captured: u16,
    pub source: Source,
    pub section: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Casualty {
    Wounded,
    Killed,
    Abandoned,
    Helicopter,
    Peasant,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CasualtyPoints {
    pub casualty: Casualty,
    pub to_nlf: u16,
    pub to_us: Option<u16>,
    pub source: Source,
    pub section: String,
}

/// Units of fire, optional rule 19 [19.21, 19.23].
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitsOfFire {
    /// What each US infantry unit starts with.
    pub us_infantry: u8,
    /// What each NLF combat unit starts with.
    pub nlf: u8,
    /// What one US Ammunition Supply counter holds.
    pub supply: u8,
    /// How many US Ammunition Supply counters the game has, each flown in once.
    pub supply_counters: u8,
    /// The farthest apart two targets of one unit's two units of fire may be [19.11].
    pub split_distance: u8,
    pub source: Source,
    pub section: String,
}

/// The rules a scenario is written for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Basic,
    Standard,
    Advanced,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Method {
    Setup,
    Helidrop,
    Ground,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pattern {
    Snake,
    Groups,
    Free,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Landing {
    #[default]
    Open,
    Any,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Edge {
    North,
    East,
    South,
    West,
}

/// Where units may be placed or enter; every condition given must hold.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Zone {
    #[serde(default)]
    pub edges: Vec<Edge>,
    /// The edges the rulebook prints, where a ruling moved the entry elsewhere; played with
    /// `Options::printed_entry_edges`.
    #[serde(default)]
    pub printed_edges: Vec<Edge>,
    #[serde(default)]
    pub hexes: Vec<String>,
    pub min_column: Option<u8>,
    pub edge_margin: Option<u8>,
    #[serde(default)]
    pub terrain: Vec<Terrain>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub side: Side,
    #[serde(default)]
    pub units: BTreeMap<String, u8>,
    #[serde(default)]
    pub rest: bool,
    pub method: Method,
    pub turns: Vec<u8>,
    pub pattern: Option<Pattern>,
    #[serde(default)]
    pub landing: Landing,
    #[serde(default)]
    pub zone: Zone,
    #[serde(default)]
    pub carried: BTreeMap<Cache, u8>,
    pub source: Source,
    pub section: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Special {
    ExitRequired {
        edge: Edge,
        apc: u8,
        squads: u8,
        source: Source,
    },
    SearchedBuilding {
        points: u16,
        source: Source,
    },
    CacheMultiplier {
        cache: Cache,
        factor: u8,
        source: Source,
    },
    PorterRevealed {
        points: u16,
        source: Source,
    },
    ExitPoints {
        edge: Edge,
        porter: u16,
        other: u16,
        source: Source,
    },
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    pub id: String,
    pub title: String,
    pub level: Level,
    pub game_turns: u8,
    pub first: Side,
    #[serde(default)]
    pub variable_ob: bool,
    #[serde(default)]
    pub artillery: u8,
    #[serde(default)]
    pub air_strikes: u8,
    pub us: BTreeMap<String, u8>,
    pub nlf: BTreeMap<String, u8>,
    pub source: Source,
    pub section: String,
    pub entry: Vec<Entry>,
    #[serde(default)]
    pub special: Vec<Special>,
}

impl Scenario {
    pub fn forces(&self, side: Side) -> &BTreeMap<String, u8> {
        match side {
            Side::Us => &self.us,
            Side::Nlf => &self.nlf,
        }
    }
}

/// Everything the rules read from the data files.
#[derive(Debug)]
pub struct Content {
    pub map: Map,
    pub terrain: BTreeMap<Terrain, TerrainSpec>,
    pub hexsides: BTreeMap<Hexside, HexsideSpec>,
    pub crt: Crt,
    pub points: Points,
    pub material: BTreeMap<Cache, Material>,
    pub casualty_points: BTreeMap<Casualty, CasualtyPoints>,
    pub units_of_fire: UnitsOfFire,
    pub counters: Vec<CounterSpec>,
    pub formations: Vec<Formation>,
    pub variable_ob: Vec<VobRow>,
    pub scenarios: Vec<Scenario>,
    /// The Interrogation Results Table and its points [23.3].
    pub interrogation: super::interrogation::Table,
    /// Where the NLF tends to set each kind up, for the US computer's belief (recon).
    pub setup_shares: super::setup_shares::SetupShares,
    /// HE fire: strengths, the HE Delayed Arrival Table and the patterns [21.0].
    pub he_fire: super::he_fire::Table,
    /// The Casualty Combat Results Table and the casualty rules' lists [20.0].
    pub casualties: super::casualties::Table,
    /// Tanks and APCs: the Vehicle Defense Table and the rule's numbers [22.0].
    pub vehicles: super::vehicles::Table,
    /// Helicopter gun support: the guns' strengths [26.0].
    pub helicopter_guns: super::helicopter_guns::Table,
    /// The rules reference, by section, in our own words.
    pub rules: Vec<crate::engine::reference::RuleSection>,
}

impl Content {
    pub fn counter(&self, id: &str) -> Option<&CounterSpec> {
        self.counters.iter().find(|c| c.id == id)
    }

    pub fn counter_index(&self, id: &str) -> Option<usize> {
        self.counters.iter().position(|c| c.id == id)
    }

    /// Checks that each formation line's count splits evenly over its platoons.
    fn check_platoons(&self) -> Result<(), String> {
        for f in &self.formations {
            for u in &f.units {
                if !u.platoons.is_empty() && usize::from(u.count) % u.platoons.len() != 0 {
                    return Err(format!(
                        "formation {}: {} {} do not split evenly over platoons {:?}",
                        f.id, u.count, u.counter, u.platoons
                    ));
                }
            }
        }
        Ok(())
    }

    pub fn formation(&self, id: &str) -> Option<&Formation> {
        self.formations.iter().find(|f| f.id == id)
    }

    pub fn scenario(&self, id: &str) -> Option<&Scenario> {
        self.scenarios.iter().find(|s| s.id == id)
    }

    /// Counter ids and counts that a list of counters and formations stands for [24.0].
    pub fn expand(&self, forces: &BTreeMap<String, u8>) -> BTreeMap<String, u32> {
        let mut out = BTreeMap::new();
        for (id, &n) in forces {
            match self.formation(id) {
                Some(f) => {
                    for u in &f.units {
                        *out.entry(u.counter.clone()).or_insert(0) +=
                            u32::from(n) * u32::from(u.count);
                    }
                }
                None => *out.entry(id.clone()).or_insert(0) += u32::from(n),
            }
        }
        out
    }
}

// ---------------------------------------------------------------------------------------------
// Files

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MapFile {
    map: MapRecord,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MapRecord {
    #[allow(dead_code)]
    source: Source,
    #[allow(dead_code)]
    section: String,
    columns: u8,
    rows: u8,
    terrain: Vec<String>,
    berms: Vec<String>,
    rivers: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TablesFile {
    terrain: Vec<TerrainSpec>,
    hexside: Vec<HexsideSpec>,
    crt: CrtRecord,
    points: Points,
    material: Vec<Material>,
    casualty_points: Vec<CasualtyPoints>,
    units_of_fire: UnitsOfFire,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CrtRecord {
    columns: Vec<String>,
    row: Vec<CrtRow>,
}

/// A row of a combat results table as the data writes it (the points table here, the
/// casualty table in `casualties.rs`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CrtRow {
    pub(super) die: u8,
    pub(super) cells: Vec<String>,
    pub(super) source: Source,
    #[allow(dead_code)]
    section: String,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ForcesFile {
    counter: Vec<CounterSpec>,
    formation: Vec<Formation>,
    variable_ob: Vec<VobRow>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ScenariosFile {
    scenario: Vec<Scenario>,
}

/// The name a content file goes by in errors: the owner's override if there is one.
fn file_name(file: &str) -> String {
    match override_dir(GAME).map(|d| d.join(file)) {
        Some(path) if path.exists() => path.display().to_string(),
        _ => format!("data/games/{GAME}/{file}"),
    }
}

/// Builds a checker's error for `file`.
fn refuse(file: &str) -> impl Fn(String) -> ContentError + '_ {
    move |detail| ContentError {
        file: file_name(file),
        detail,
    }
}

fn read<T: DeserializeOwned>(file: &str, embedded: &'static str) -> Result<T, ContentError> {
    load(GAME, file, embedded)
}

// ---------------------------------------------------------------------------------------------
// Checks. Each returns the problem as "field: what is wrong"; the loader adds the file name.

fn check_map(m: &MapRecord) -> Result<Map, String> {
    if !(2..=99).contains(&m.columns) || !(2..=99).contains(&m.rows) {
        return Err(format!(
            "map.columns, map.rows: {} × {} is not a map of 2 to 99 columns and rows",
            m.columns, m.rows
        ));
    }
    let (columns, rows) = (usize::from(m.columns), usize::from(m.rows));
    for (field, lines) in [
        ("terrain", &m.terrain),
        ("berms", &m.berms),
        ("rivers", &m.rivers),
    ] {
        if lines.len() != rows {
            return Err(format!(
                "map.{field}: {} rows where the map has {rows}",
                lines.len()
            ));
        }
        if let Some((r, line)) = lines
            .iter()
            .enumerate()
            .find(|(_, l)| l.chars().count() != columns)
        {
            return Err(format!(
                "map.{field}[{}] (row {:02}): {} hexes where the map has {columns} columns",
                r,
                r + 1,
                line.chars().count()
            ));
        }
    }
    let side_bits = |field: &str, r: usize, c: usize, ch: char| -> Result<u8, String> {
        match ch {
            '.' => Ok(0),
            '1'..='7' => Ok(ch as u8 - b'0'),
            _ => Err(format!(
                "map.{field}[{r}] hex {:02}{:02}: '{ch}' is not . or a digit 1-7",
                c + 1,
                r + 1
            )),
        }
    };
    let mut cells = Vec::with_capacity(columns * rows);
    for r in 0..rows {
        let terrain: Vec<char> = m.terrain[r].chars().collect();
        let berms: Vec<char> = m.berms[r].chars().collect();
        let rivers: Vec<char> = m.rivers[r].chars().collect();
        for c in 0..columns {
            let (terrain, road) = Terrain::from_letter(terrain[c]).ok_or_else(|| {
                format!(
                    "map.terrain[{r}] hex {:02}{:02}: '{}' is not a terrain letter (. : t f h = ; T F H)",
                    c + 1,
                    r + 1,
                    terrain[c]
                )
            })?;
            let berms = side_bits("berms", r, c, berms[c])?;
            let rivers = side_bits("rivers", r, c, rivers[c])?;
            if berms & rivers != 0 {
                return Err(format!(
                    "map.berms, map.rivers: hex {:02}{:02} has a hexside that is both berm and river",
                    c + 1,
                    r + 1
                ));
            }
            cells.push(Cell {
                terrain,
                road,
                berms,
                rivers,
            });
        }
    }
    let map = Map::new(m.columns, m.rows, cells);
    for hex in map.hexes() {
        let cell = *map.cell(hex);
        for dir in [Dir::N, Dir::NE, Dir::SE] {
            let bit = dir.own_bit().unwrap_or(0);
            if (cell.berms | cell.rivers) & bit != 0 && map.neighbour(hex, dir).is_none() {
                return Err(format!(
                    "map.berms, map.rivers: hex {hex} marks its {dir:?} hexside, which is the map's edge"
                ));
            }
        }
    }
    Ok(map)
}

/// The checked tables of `tables.toml`.
struct Tables {
    terrain: BTreeMap<Terrain, TerrainSpec>,
    hexsides: BTreeMap<Hexside, HexsideSpec>,
    crt: Crt,
    points: Points,
    material: BTreeMap<Cache, Material>,
    casualty_points: BTreeMap<Casualty, CasualtyPoints>,
    units_of_fire: UnitsOfFire,
}

fn check_tables(t: TablesFile) -> Result<Tables, String> {
    let mut terrain = BTreeMap::new();
    for spec in t.terrain {
        if !(1..=6).contains(&spec.defense) {
            return Err(format!(
                "terrain {:?}: defense {} is not 1-6",
                spec.id, spec.defense
            ));
        }
        if !(1..=12).contains(&spec.infantry_mp) || !(1..=32).contains(&spec.vehicle_mp) {
            return Err(format!(
                "terrain {:?}: infantry_mp must be 1-12 and vehicle_mp 1-32",
                spec.id
            ));
        }
        if terrain.insert(spec.id, spec).is_some() {
            return Err("terrain: a terrain is listed twice".into());
        }
    }
    if let Some(missing) = Terrain::ALL.iter().find(|t| !terrain.contains_key(t)) {
        return Err(format!("terrain: no record for {missing:?}"));
    }
    let mut hexsides = BTreeMap::new();
    for spec in t.hexside {
        if spec.infantry_mp > 12 || spec.vehicle_mp > 32 {
            return Err(format!(
                "hexside {:?}: infantry_mp must be 0-12 and vehicle_mp 0-32",
                spec.id
            ));
        }
        if hexsides.insert(spec.id, spec).is_some() {
            return Err("hexside: a hexside is listed twice".into());
        }
    }
    for feature in [Hexside::Berm, Hexside::River] {
        if !hexsides.contains_key(&feature) {
            return Err(format!("hexside: no record for {feature:?}"));
        }
    }
    let crt = check_crt(&t.crt)?;
    if t.points.peasant_multiplier == 0 {
        return Err("points.peasant_multiplier: must be at least 1".into());
    }
    let mut material = BTreeMap::new();
    for m in t.material {
        if material.insert(m.cache, m).is_some() {
            return Err("material: a cache is listed twice".into());
        }
    }
    if let Some(missing) = Cache::ALL.iter().find(|c| !material.contains_key(c)) {
        return Err(format!("material: no record for {}", missing.id()));
    }
    let mut casualty_points = BTreeMap::new();
    for c in t.casualty_points {
        if casualty_points.insert(c.casualty, c).is_some() {
            return Err("casualty_points: a casualty is listed twice".into());
        }
    }
    let f = &t.units_of_fire;
    if f.us_infantry == 0 || f.nlf == 0 || f.supply == 0 {
        return Err("units_of_fire: us_infantry, nlf and supply must be at least 1".into());
    }
    Ok(Tables {
        terrain,
        hexsides,
        crt,
        points: t.points,
        material,
        casualty_points,
        units_of_fire: t.units_of_fire,
    })
}

fn check_crt(c: &CrtRecord) -> Result<Crt, String> {
    if c.columns != Crt::COLUMNS {
        return Err(format!(
            "crt.columns: must be {:?} (the odds the rules compute [7.2])",
            Crt::COLUMNS
        ));
    }
    let mut rows = Vec::new();
    for (i, row) in c.row.iter().enumerate() {
        let die = i as u8 + 1;
        if row.die != die {
            return Err(format!(
                "crt.row[{i}].die: {} where row {die} is expected (rows 1-{} in order)",
                row.die,
                Crt::ROWS
            ));
        }
        if row.cells.len() != Crt::COLUMNS.len() {
            return Err(format!(
                "crt.row[{i}].cells: {} cells for {} columns",
                row.cells.len(),
                Crt::COLUMNS.len()
            ));
        }
        let mut cells = Vec::new();
        for (k, text) in row.cells.iter().enumerate() {
            let cell = CrtCell::parse(text)
                .map_err(|why| format!("crt.row[{i}].cells[{k}] \"{text}\": {why}"))?;
            cells.push(cell);
        }
        rows.push((cells, row.source));
    }
    if rows.len() != usize::from(Crt::ROWS) {
        return Err(format!(
            "crt.row: {} rows where the die reads 1-{} (6 and two more for the +2 modifiers)",
            rows.len(),
            Crt::ROWS
        ));
    }
    Ok(Crt::new(rows))
}

fn check_forces(f: &ForcesFile) -> Result<(), String> {
    let mut seen = std::collections::BTreeSet::new();
    for c in &f.counter {
        if !seen.insert(c.id.as_str()) {
            return Err(format!("counter {}: id listed twice", c.id));
        }
        let fires = matches!(c.class, Class::Combat | Class::Vehicle);
        if fires != (c.attack > 0) {
            return Err(format!(
                "counter {}: attack {} does not suit class {:?} (combat units and vehicles fire, nothing else does)",
                c.id, c.attack, c.class
            ));
        }
        if c.class == Class::Combat && !(1..=2).contains(&c.attack) {
            return Err(format!(
                "counter {}: attack {}: personnel counters have 1 or 2 [3.4]",
                c.id, c.attack
            ));
        }
        if c.movement > 32 {
            return Err(format!(
                "counter {}: movement {} is more than 32",
                c.id, c.movement
            ));
        }
        if c.arvn && c.side != Side::Us {
            return Err(format!("counter {}: arvn is for US counters only", c.id));
        }
    }
    for form in &f.formation {
        if !seen.insert(form.id.as_str()) {
            return Err(format!(
                "formation {}: id already used by a counter or formation",
                form.id
            ));
        }
        let mut sides = std::collections::BTreeSet::new();
        for u in &form.units {
            let Some(c) = f.counter.iter().find(|c| c.id == u.counter) else {
                return Err(format!(
                    "formation {}: units: no counter '{}'",
                    form.id, u.counter
                ));
            };
            if u.count == 0 {
                return Err(format!(
                    "formation {}: units: count 0 for {}",
                    form.id, u.counter
                ));
            }
            sides.insert(c.side);
        }
        if sides.len() != 1 {
            return Err(format!(
                "formation {}: units: must all belong to one side",
                form.id
            ));
        }
    }
    for row in &f.variable_ob {
        if !f
            .counter
            .iter()
            .any(|c| c.id == row.counter && c.side == Side::Nlf)
        {
            return Err(format!(
                "variable_ob {}: counter: no NLF counter of that id",
                row.counter
            ));
        }
    }
    Ok(())
}

fn check_scenarios(s: &[Scenario], content: &Content) -> Result<(), String> {
    let mut seen = std::collections::BTreeSet::new();
    for scen in s {
        let at = |field: &str| format!("scenario {}: {field}", scen.id);
        if !seen.insert(scen.id.as_str()) {
            return Err(format!("{}: id listed twice", at("id")));
        }
        if !(1..=15).contains(&scen.game_turns) {
            return Err(format!(
                "{}: {} is not 1-15",
                at("game_turns"),
                scen.game_turns
            ));
        }
        for side in [Side::Us, Side::Nlf] {
            let field = if side == Side::Us { "us" } else { "nlf" };
            for (id, &n) in scen.forces(side) {
                let side_of = content
                    .counter(id)
                    .map(|c| c.side)
                    .or_else(|| content.formation(id).map(|f| formation_side(content, f)));
                match side_of {
                    None => return Err(format!("{}: no counter or formation '{id}'", at(field))),
                    Some(owner) if owner != side => {
                        return Err(format!("{}: '{id}' belongs to the other side", at(field)));
                    }
                    Some(_) if n == 0 => return Err(format!("{}: count 0 for '{id}'", at(field))),
                    Some(_) => {}
                }
            }
        }
        if scen.nlf.is_empty() && !scen.variable_ob {
            return Err(format!("{}: the NLF has no forces", at("nlf")));
        }
        check_entries(scen, content).map_err(|e| format!("{}{e}", at("entry")))?;
    }
    Ok(())
}

fn formation_side(content: &Content, f: &Formation) -> Side {
    f.units
        .first()
        .and_then(|u| content.counter(&u.counter))
        .map_or(Side::Us, |c| c.side)
}

fn check_entries(scen: &Scenario, content: &Content) -> Result<(), String> {
    for side in [Side::Us, Side::Nlf] {
        let entries: Vec<(usize, &Entry)> = scen
            .entry
            .iter()
            .enumerate()
            .filter(|(_, e)| e.side == side)
            .collect();
        let forces = content.expand(scen.forces(side));
        let mut named: BTreeMap<String, u32> = BTreeMap::new();
        let mut rests = 0;
        for &(i, e) in &entries {
            let here = format!("[{i}]");
            if e.rest {
                rests += 1;
                if !e.units.is_empty() {
                    return Err(format!("{here}: give units or rest = true, not both"));
                }
            } else if e.units.is_empty() {
                return Err(format!("{here}.units: empty (or set rest = true)"));
            }
            for (id, n) in content.expand(&e.units) {
                *named.entry(id).or_insert(0) += n;
            }
            match e.method {
                Method::Setup if e.turns != [0] => {
                    return Err(format!("{here}.turns: a setup happens on turn 0 only"));
                }
                Method::Setup => {}
                _ => {
                    if e.turns.is_empty() || e.turns.iter().any(|&t| t == 0 || t > scen.game_turns)
                    {
                        return Err(format!(
                            "{here}.turns: must be game-turns 1-{}",
                            scen.game_turns
                        ));
                    }
                }
            }
            if (e.method == Method::Helidrop) != e.pattern.is_some() {
                return Err(format!(
                    "{here}.pattern: a helidrop needs a pattern and nothing else has one"
                ));
            }
            if e.method == Method::Ground && e.zone.edges.is_empty() && e.zone.hexes.is_empty() {
                return Err(format!(
                    "{here}.zone: a ground entry names its edges or hexes"
                ));
            }
            for range in &e.zone.hexes {
                check_range(range, &content.map)
                    .map_err(|why| format!("{here}.zone.hexes: {why}"))?;
            }
            if let Some(c) = e.zone.min_column
                && (c == 0 || c > content.map.columns)
            {
                return Err(format!("{here}.zone.min_column: {c} is off the map"));
            }
            let carried: u32 = e.carried.values().map(|&n| u32::from(n)).sum();
            let porters = if e.rest {
                None
            } else {
                Some(content.expand(&e.units).get("porter").copied().unwrap_or(0))
            };
            if carried > porters.unwrap_or_else(|| forces.get("porter").copied().unwrap_or(0)) {
                return Err(format!(
                    "{here}.carried: {carried} caches but fewer porters to carry them"
                ));
            }
        }
        for (id, n) in &named {
            let have = forces.get(id).copied().unwrap_or(0);
            if *n > have {
                return Err(format!(
                    ": the {} entries bring {n} {id} where the forces have {have}",
                    side.name()
                ));
            }
        }
        let all_named = named == forces;
        let has_forces = !forces.is_empty() || (side == Side::Nlf && scen.variable_ob);
        match rests {
            0 if has_forces && !all_named => {
                return Err(format!(
                    ": the {} entries do not bring all the forces (add rest = true)",
                    side.name()
                ));
            }
            0 | 1 => {}
            _ => {
                return Err(format!(
                    ": the {} side has more than one rest entry",
                    side.name()
                ));
            }
        }
        if has_forces && entries.is_empty() {
            return Err(format!(": the {} forces never come into play", side.name()));
        }
    }
    Ok(())
}

/// Checks a "CCRR-CCRR" range (or one hex) lies on the map, in one column or one row.
fn check_range(text: &str, map: &Map) -> Result<(Hex, Hex), String> {
    let (a, b) = text.split_once('-').unwrap_or((text, text));
    let parse = |s: &str| {
        Hex::parse(s.trim())
            .filter(|&h| map.contains(h))
            .ok_or_else(|| format!("'{s}' is not a hex of the map"))
    };
    let (a, b) = (parse(a)?, parse(b)?);
    if a.col != b.col && a.row != b.row {
        return Err(format!("'{text}' is neither one column nor one row"));
    }
    Ok((a.min(b), a.max(b)))
}

/// Whether `hex` lies in a zone's hex ranges (a zone without ranges contains every hex).
pub fn in_ranges(zone: &Zone, map: &Map, hex: Hex) -> bool {
    zone.hexes.is_empty()
        || zone.hexes.iter().any(|r| {
            check_range(r, map).is_ok_and(|(a, b)| {
                (a.col..=b.col).contains(&hex.col) && (a.row..=b.row).contains(&hex.row)
            })
        })
}

/// Reads and checks every file afresh (the game itself loads once, through [`content`]).
pub fn load_all() -> Result<Content, ContentError> {
    let map_file: MapFile = read(
        "map.toml",
        include_str!("../../../../data/games/search_destroy/map.toml"),
    )?;
    let map = check_map(&map_file.map).map_err(refuse("map.toml"))?;
    let tables: TablesFile = read(
        "tables.toml",
        include_str!("../../../../data/games/search_destroy/tables.toml"),
    )?;
    let Tables {
        terrain,
        hexsides,
        crt,
        points,
        material,
        casualty_points,
        units_of_fire,
    } = check_tables(tables).map_err(refuse("tables.toml"))?;
    let forces: ForcesFile = read(
        "forces.toml",
        include_str!("../../../../data/games/search_destroy/forces.toml"),
    )?;
    check_forces(&forces).map_err(refuse("forces.toml"))?;
    let scenarios: ScenariosFile = read(
        "scenarios.toml",
        include_str!("../../../../data/games/search_destroy/scenarios.toml"),
    )?;
    let mut content = Content {
        map,
        terrain,
        hexsides,
        crt,
        points,
        material,
        casualty_points,
        units_of_fire,
        counters: forces.counter,
        formations: forces.formation,
        variable_ob: forces.variable_ob,
        scenarios: Vec::new(),
        interrogation: super::interrogation::Table::check(read(
            "interrogation.toml",
            include_str!("../../../../data/games/search_destroy/interrogation.toml"),
        )?)
        .map_err(refuse("interrogation.toml"))?,
        setup_shares: Default::default(),
        he_fire: super::he_fire::Table::check(read(
            "he_fire.toml",
            include_str!("../../../../data/games/search_destroy/he_fire.toml"),
        )?)
        .map_err(refuse("he_fire.toml"))?,
        casualties: super::casualties::Table::check(read(
            "casualties.toml",
            include_str!("../../../../data/games/search_destroy/casualties.toml"),
        )?)
        .map_err(refuse("casualties.toml"))?,
        vehicles: super::vehicles::Table::check(read(
            "vehicles.toml",
            include_str!("../../../../data/games/search_destroy/vehicles.toml"),
        )?)
        .map_err(refuse("vehicles.toml"))?,
        helicopter_guns: super::helicopter_guns::Table::check(read(
            "helicopter_guns.toml",
            include_str!("../../../../data/games/search_destroy/helicopter_guns.toml"),
        )?)
        .map_err(refuse("helicopter_guns.toml"))?,
        rules: read::<crate::engine::reference::RulesFile>(
            "rules.toml",
            include_str!("../../../../data/games/search_destroy/rules.toml"),
        )?
        .section,
    };
    content.check_platoons().map_err(refuse("forces.toml"))?;
    check_scenarios(&scenarios.scenario, &content).map_err(refuse("scenarios.toml"))?;
    content.scenarios = scenarios.scenario;
    content.setup_shares = super::setup_shares::SetupShares::check(
        read(
            "belief.toml",
            include_str!("../../../../data/games/search_destroy/belief.toml"),
        )?,
        &content.counters,
        &content.map,
    )
    .map_err(refuse("belief.toml"))?;
    Ok(content)
}

static CONTENT: OnceLock<Result<Content, ContentError>> = OnceLock::new();

/// The content, loaded and checked on first use.
pub fn content() -> Result<&'static Content, ContentError> {
    CONTENT.get_or_init(load_all).as_ref().map_err(Clone::clone)
}

/// The content once `setup` has checked it.
///
/// # Panics
/// If the content files are broken; `SearchDestroy::setup` refuses to start a game in that
/// case, so the rules never get here with broken content.
pub fn data() -> &'static Content {
    match content() {
        Ok(c) => c,
        Err(e) => panic!("search_destroy content: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::content::parse;

    fn h(s: &str) -> Hex {
        Hex::parse(s).unwrap()
    }

    #[test]
    fn embedded_content_loads() {
        let c = content().unwrap();
        assert_eq!((c.map.columns, c.map.rows), (44, 34));
        assert_eq!(c.scenarios.len(), 13);
        assert_eq!(c.counters.len(), 32);
        assert_eq!(c.terrain[&Terrain::Treeline].defense, 3);
        assert_eq!(c.terrain[&Terrain::Open].infantry_mp, 1);
        assert_eq!(c.hexsides[&Hexside::Berm].infantry_mp, 1);
        assert_eq!(c.material[&Cache::Radio].destroyed, 30);
        assert_eq!(c.material[&Cache::Records].captured, 50);
        assert_eq!(c.points.helicopter, 50);
        assert_eq!(c.casualty_points[&Casualty::Killed].to_nlf, 40);
    }

    #[test]
    fn the_map_holds_the_reconstruction_figures() {
        // Appendix A's own counts.
        let map = &data().map;
        let count = |t: Terrain| map.hexes().filter(|&h| map.terrain(h) == t).count();
        assert_eq!(count(Terrain::Open), 872);
        assert_eq!(count(Terrain::Broken), 180);
        assert_eq!(count(Terrain::Treeline), 90);
        assert_eq!(count(Terrain::Forest), 311);
        assert_eq!(count(Terrain::Building), 43);
        assert_eq!(map.hexes().filter(|&h| map.road(h)).count(), 141);
        let sides = |f: Hexside| {
            map.hexes()
                .map(|h| {
                    [Dir::N, Dir::NE, Dir::SE]
                        .into_iter()
                        .filter(|&d| map.side(h, d, f))
                        .count()
                })
                .sum::<usize>()
        };
        assert_eq!(sides(Hexside::Berm), 360);
        assert_eq!(sides(Hexside::River), 132);
        // The scenario entry strips are Open [27.11, 27.13].
        for r in 21..=34 {
            assert_eq!(map.terrain(Hex::new(1, r)), Terrain::Open);
        }
        for r in 25..=33 {
            assert_eq!(map.terrain(Hex::new(44, r)), Terrain::Open);
        }
        // A hexside reads the same from both of its hexes.
        for hex in map.hexes() {
            for n in map.neighbours(hex) {
                assert_eq!(
                    map.between(hex, n, Hexside::Berm),
                    map.between(n, hex, Hexside::Berm)
                );
            }
        }
        // Spot checks of the grid: 1405 is a building with a road, 0101 broken.
        assert_eq!(map.terrain(h("0101")), Terrain::Broken);
        assert_eq!(map.terrain(h("3005")), Terrain::Building);
        assert!(map.road(h("3005")));
        assert!(!map.road(h("3004")));
        // Hex 2201 owns a river side to its northeast and southeast (digit 6).
        assert!(map.between(h("2201"), h("2301"), Hexside::River));
        assert!(map.between(h("2201"), h("2302"), Hexside::River));
    }

    #[test]
    fn formations_and_scenarios_expand_to_the_printed_forces() {
        let c = data();
        let basic = c.scenario("basic").unwrap();
        let nlf = c.expand(&basic.nlf);
        // 9.0: ten peasants, three rice, one records, one radio, two snipers, three
        // hard-core, seven dummies.
        assert_eq!(nlf.values().sum::<u32>(), 27);
        assert_eq!(nlf["peasant"], 10);
        assert_eq!(nlf["hard_core"], 3);
        let us = c.expand(&basic.us);
        assert_eq!(us["us_squad"], 12);
        assert_eq!(us["company_commander"], 1);
        // 24.2: an NVA company is 3 leaders, 9 hard-core, 3 militia.
        let nva = c.expand(&BTreeMap::from([("nva_company".to_owned(), 1)]));
        assert_eq!(
            (nva["nlf_leader"], nva["hard_core"], nva["militia"]),
            (3, 9, 3)
        );
        // Clean House brings its three companies in three drops.
        let clean = c.scenario("clean_house").unwrap();
        assert_eq!(c.expand(&clean.us)["us_squad"], 36);
        assert_eq!(clean.entry.iter().filter(|e| e.side == Side::Us).count(), 3);
        let phu_yen = c.scenario("phu_yen").unwrap();
        assert!(phu_yen.special.contains(&Special::CacheMultiplier {
            cache: Cache::Rice,
            factor: 3,
            source: Source::Rulebook,
        }));
        // The variable order of battle has 13 rows, each column a whole force.
        assert_eq!(c.variable_ob.len(), 13);
        assert_eq!(
            c.variable_ob
                .iter()
                .find(|r| r.counter == "peasant")
                .unwrap()
                .columns,
            [10, 3, 9]
        );
    }

    fn map_record(text: &str) -> Result<Map, String> {
        let file: MapFile = parse("map.toml", text).map_err(|e| e.to_string())?;
        check_map(&file.map)
    }

    const SMALL: &str = "[map]\nsource = \"recon\"\nsection = \"test\"\ncolumns = 3\nrows = 2\n";

    #[test]
    fn a_broken_map_is_refused_with_the_field() {
        let ok = format!(
            "{SMALL}terrain = [\"..f\", \":hH\"]\nberms = [\"...\", \"2..\"]\nrivers = [\"...\", \"...\"]\n"
        );
        let map = map_record(&ok).unwrap();
        assert!(map.road(Hex::new(3, 2)));
        assert!(map.between(Hex::new(1, 2), Hex::new(2, 1), Hexside::Berm));
        let short = ok.replace("\":hH\"", "\":h\"");
        let e = map_record(&short).unwrap_err();
        assert!(e.contains("map.terrain[1] (row 02): 2 hexes"), "{e}");
        let letter = ok.replace("\"..f\"", "\"..x\"");
        let e = map_record(&letter).unwrap_err();
        assert!(e.contains("hex 0301: 'x' is not a terrain letter"), "{e}");
        let rows = ok.replace("rivers = [\"...\", \"...\"]", "rivers = [\"...\"]");
        let e = map_record(&rows).unwrap_err();
        assert!(e.contains("map.rivers: 1 rows where the map has 2"), "{e}");
        let edge = ok.replace("berms = [\"...\", \"2..\"]", "berms = [\"1..\", \"...\"]");
        let e = map_record(&edge).unwrap_err();
        assert!(
            e.contains("hex 0101 marks its N hexside, which is the map's edge"),
            "{e}"
        );
        let both = ok.replace("rivers = [\"...\", \"...\"]", "rivers = [\"...\", \"2..\"]");
        let e = map_record(&both).unwrap_err();
        assert!(e.contains("both berm and river"), "{e}");
        let digit = ok.replace("\"2..\"", "\"9..\"");
        let e = map_record(&digit).unwrap_err();
        assert!(e.contains("'9' is not . or a digit 1-7"), "{e}");
    }

    fn tables_text() -> String {
        include_str!("../../../../data/games/search_destroy/tables.toml").to_owned()
    }

    fn tables(text: &str) -> Result<(), String> {
        let file: TablesFile = parse("tables.toml", text).map_err(|e| e.to_string())?;
        check_tables(file).map(|_| ())
    }

    #[test]
    fn broken_tables_are_refused_with_the_field() {
        tables(&tables_text()).unwrap();
        let e = tables(&tables_text().replacen("defense = 1\n", "defense = 0\n", 1)).unwrap_err();
        assert!(e.contains("terrain Open: defense 0 is not 1-6"), "{e}");
        let e = tables(&tables_text().replace("\"h 100 D 40\"", "\"h 100 X 40\"")).unwrap_err();
        assert!(e.contains("crt.row[7].cells[5] \"h 100 X 40\""), "{e}");
        let e = tables(&tables_text().replace(
            "\"20 P 10\", \"h 20 P 10\", \"h 40 P 15\", \"h 60 D 25\"]",
            "\"20 P 10\", \"h 20 P 10\", \"h 40 P 15\"]",
        ))
        .unwrap_err();
        assert!(e.contains("crt.row[5].cells: 5 cells for 6 columns"), "{e}");
        let e = tables(&tables_text().replace("die = 8", "die = 9")).unwrap_err();
        assert!(
            e.contains("crt.row[7].die: 9 where row 8 is expected"),
            "{e}"
        );
        let e =
            tables(&tables_text().replace("cache = \"radio\"", "cache = \"rice\"")).unwrap_err();
        assert!(e.contains("material: a cache is listed twice"), "{e}");
        // A misspelt field is refused by the parser with its line.
        let e = parse::<TablesFile>(
            "tables.toml",
            &tables_text().replacen("infantry_mp = 1\n", "infantry_mps = 1\n", 1),
        )
        .unwrap_err()
        .to_string();
        assert!(e.starts_with("tables.toml: line"), "{e}");
        assert!(e.contains("infantry_mps"), "{e}");
    }

    fn forces_text() -> String {
        include_str!("../../../../data/games/search_destroy/forces.toml").to_owned()
    }

    #[test]
    fn broken_forces_are_refused_with_the_field() {
        let check = |text: &str| {
            let file: ForcesFile = parse("forces.toml", text).unwrap();
            check_forces(&file)
        };
        check(&forces_text()).unwrap();
        let e = check(&forces_text().replacen("attack = 2\n", "attack = 3\n", 1)).unwrap_err();
        assert!(
            e.contains("counter us_squad: attack 3: personnel counters have 1 or 2"),
            "{e}"
        );
        let e = check(&forces_text().replace(
            "{ counter = \"militia\", count = 9",
            "{ counter = \"militias\", count = 9",
        ))
        .unwrap_err();
        assert!(
            e.contains("formation nva_battalion: units: no counter 'militias'"),
            "{e}"
        );
        let e = check(&forces_text().replace(
            "counter = \"dummy\"\ncolumns",
            "counter = \"tank\"\ncolumns",
        ))
        .unwrap_err();
        assert!(
            e.contains("variable_ob tank: counter: no NLF counter"),
            "{e}"
        );
    }

    #[test]
    fn broken_scenarios_are_refused_with_the_field() {
        let c = data();
        let check = |text: &str| {
            let file: ScenariosFile = parse("scenarios.toml", text).unwrap();
            check_scenarios(&file.scenario, c)
        };
        let text = include_str!("../../../../data/games/search_destroy/scenarios.toml");
        check(text).unwrap();
        let e = check(&text.replacen("game_turns = 6", "game_turns = 16", 1)).unwrap_err();
        assert_eq!(e, "scenario basic: game_turns: 16 is not 1-15");
        let e = check(&text.replacen("hard_core = 3", "hard_cor = 3", 1)).unwrap_err();
        assert!(
            e.contains("scenario basic: nlf: no counter or formation 'hard_cor'"),
            "{e}"
        );
        let e =
            check(&text.replacen("us = { us_squad = 12", "us = { hard_core = 12", 1)).unwrap_err();
        assert!(
            e.contains("scenario basic: us: 'hard_core' belongs to the other side"),
            "{e}"
        );
        let e = check(&text.replace("\"0121-0134\"", "\"0121-0135\"")).unwrap_err();
        assert!(
            e.contains("scenario op_gibraltar: entry[2].zone.hexes: '0135' is not a hex"),
            "{e}"
        );
        let e = check(&text.replace(
            "units = { us_company = 1, battalion_commander = 1 }",
            "units = { us_company = 2, battalion_commander = 1 }",
        ))
        .unwrap_err();
        assert!(e.contains("scenario clean_house: entry: the US entries bring 4 arvn_intelligence where the forces have 3"), "{e}");
        let e = check(&text.replacen(
            "turns = [1]\npattern = \"snake\"",
            "turns = [7]\npattern = \"snake\"",
            1,
        ))
        .unwrap_err();
        assert!(
            e.contains("scenario basic: entry[1].turns: must be game-turns 1-6"),
            "{e}"
        );
        let e = check(&text.replace(
            "carried = { ammunition = 2 }",
            "carried = { ammunition = 9 }",
        ))
        .unwrap_err();
        assert!(
            e.contains("scenario pursuit_2nd_vc: entry[0].carried: 9 caches"),
            "{e}"
        );
    }

    #[test]
    fn zones_read_their_hex_ranges() {
        let c = data();
        let gibraltar = c.scenario("op_gibraltar").unwrap();
        let ground = gibraltar
            .entry
            .iter()
            .find(|e| e.method == Method::Ground)
            .unwrap();
        assert!(in_ranges(&ground.zone, &c.map, h("0121")));
        assert!(in_ranges(&ground.zone, &c.map, h("0134")));
        assert!(!in_ranges(&ground.zone, &c.map, h("0120")));
        assert!(!in_ranges(&ground.zone, &c.map, h("0221")));
    }
}
