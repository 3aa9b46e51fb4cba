//! Tanks and APCs [22.0], in play whenever a scenario gives the US vehicles (27.11 and 27.13):
//! there is nothing to switch, for a vehicle means nothing without this rule.
//!
//! Vehicles move 32 movement points on the vehicle column of the Terrain Effects Chart [22.2]
//! and fire 6 strength points at one hex, like infantry, in a Combat Phase after a Movement
//! Phase in which they spent no more than half of them [22.11, 22.14]. A tank's turret gun also
//! fires 12 strength points of HE at one hex, with the artillery and air strikes of that phase
//! and added to them; its sight reaches as far as open terrain lets it [22.12, 22.13]. Infantry
//! fire never touches a vehicle [22.0]: only the NLF's four mines, laid secretly at setup, and
//! one RPG-7 per NLF cadre do, each on the Vehicle Defense Table [22.3, 22.4]. An APC carries
//! one squad with an attack strength and any number of units without one [22.5]; when an APC
//! with passengers is hit, they undergo a 3-1 attack and the US puts them next to it [22.42].
//!
//! Hidden is hidden: the mine hexes are the NLF's until a vehicle enters one (then a marker
//! shows it), and which face-down counter carries an RPG-7 is the cadre's identity, turned up
//! when it fires [3.7 of the digest].

use serde::{Deserialize, Serialize};

use super::content::{Class, Side, data};
use super::crt::{Crt, Effect};
use super::hex::Hex;
use super::los::line_of_sight;
use super::play::Action;
use super::state::{RANGE, SearchDestroy, Step, World};
use crate::engine::content::Source;
use crate::engine::dice::d6;
use crate::engine::game::Applied;
use crate::engine::log::Random;
use crate::engine::message::{Message, msg, msg_n};

// ---- The table [22.1-22.5] ------------------------------------------------------------------

/// `vehicles.toml` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableFile {
    pub vehicles: NumbersRecord,
    pub defense: Vec<DefenseRecord>,
    pub modifier: Vec<ModifierRecord>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NumbersRecord {
    pub fire_mp: u8,
    pub turret: u16,
    pub mines: u8,
    pub passenger_odds: String,
    pub embark_unit: u8,
    pub embark_apc: u8,
    pub apc_squads: u8,
    pub source: Source,
    pub section: String,
}

/// A result of the Vehicle Defense Table [22.41].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hit {
    None,
    Immobilized,
    Destroyed,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DefenseRecord {
    pub die: u8,
    pub result: Hit,
    pub source: Source,
    pub section: String,
}

/// What attacks a vehicle [22.31].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Weapon {
    Mine,
    Rpg,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModifierRecord {
    pub weapon: Weapon,
    pub vehicle: String,
    pub add: i32,
    pub source: Source,
    pub section: String,
}

/// The vehicle rules' numbers, checked.
#[derive(Debug)]
pub struct Table {
    pub fire_mp: u8,
    pub turret: u32,
    pub mines: usize,
    /// The odds column of the attack on a hit APC's passengers.
    pub passenger_column: usize,
    pub embark_unit: u8,
    pub embark_apc: u8,
    pub apc_squads: usize,
    /// The Vehicle Defense Table by die roll from 1.
    pub defense: Vec<Hit>,
    /// (weapon, vehicle counter id, added to the die).
    pub modifiers: Vec<(Weapon, String, i32)>,
}

impl Table {
    pub fn check(file: TableFile) -> Result<Table, String> {
        let v = &file.vehicles;
        let passenger_column = Crt::COLUMNS
            .iter()
            .position(|c| *c == v.passenger_odds)
            .ok_or_else(|| {
                format!(
                    "vehicles: passenger_odds {:?} is no odds column",
                    v.passenger_odds
                )
            })?;
        if v.fire_mp == 0 || v.embark_unit == 0 || v.embark_apc == 0 || v.turret == 0 {
            return Err("vehicles: fire_mp, turret and the embarking costs must be above 0".into());
        }
        let mut defense = Vec::new();
        for (k, row) in file.defense.iter().enumerate() {
            if usize::from(row.die) != k + 1 {
                return Err(format!(
                    "defense: row {} is for die {}, expected {}",
                    k + 1,
                    row.die,
                    k + 1
                ));
            }
            defense.push(row.result);
        }
        if defense.len() < 6 {
            return Err("defense: the table needs a row for each face of the die at least".into());
        }
        for m in &file.modifier {
            if m.vehicle != "tank" && m.vehicle != "apc" {
                return Err(format!(
                    "modifier: {:?} is no vehicle (tank or apc)",
                    m.vehicle
                ));
            }
        }
        Ok(Table {
            fire_mp: v.fire_mp,
            turret: u32::from(v.turret),
            mines: usize::from(v.mines),
            passenger_column,
            embark_unit: v.embark_unit,
            embark_apc: v.embark_apc,
            apc_squads: usize::from(v.apc_squads),
            defense,
            modifiers: file
                .modifier
                .iter()
                .map(|m| (m.weapon, m.vehicle.clone(), m.add))
                .collect(),
        })
    }

    /// The result of a modified roll: above the table's last row counts as its last row
    /// (digest ruling A29), below 1 as 1.
    pub fn result(&self, roll: i32) -> Hit {
        let row = roll.clamp(1, self.defense.len() as i32) as usize - 1;
        self.defense[row]
    }

    /// What `weapon` adds to the die against a vehicle of counter `id` [22.41].
    pub fn modifier(&self, weapon: Weapon, id: &str) -> i32 {
        self.modifiers
            .iter()
            .find(|(w, v, _)| *w == weapon && v == id)
            .map_or(0, |m| m.2)
    }
}

fn table() -> &'static Table {
    &data().vehicles
}

// ---- The state ------------------------------------------------------------------------------

/// Where the vehicle rules stand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vehicles {
    /// The mine hexes [22.32]: the NLF's secret, except those in `found`.
    pub mines: Vec<Hex>,
    /// Mine hexes a vehicle has entered: marked on the map for the rest of the game (digest
    /// 4.13). Public.
    pub found: Vec<Hex>,
    /// Vehicles a mine stopped in this Movement Phase, attacked at its end [22.33].
    pub struck: Vec<usize>,
    /// Vehicles that may not move again [22.41].
    pub immobilized: Vec<usize>,
    /// Cadres that have fired their one RPG-7 [22.31].
    pub rpg_fired: Vec<usize>,
    /// Tanks' turret fire of this Combat Phase: the tank and its hex [22.12].
    pub turret: Vec<(usize, Hex)>,
    /// Units that boarded, and units that got out of, an APC this Movement Phase [22.52].
    pub embarked: Vec<usize>,
    pub disembarked: Vec<usize>,
    /// Passengers of a hit APC waiting to be put next to it, and its hex [22.42].
    pub unload: Vec<usize>,
    pub unload_from: Option<Hex>,
    /// What goes on once they are placed.
    pub resume: Option<Resume>,
}

/// Where play goes on after the passengers of a hit APC are placed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Resume {
    /// The end of the US Movement Phase, after the mine attacks [22.33].
    EndOfMovement,
    /// The NLF Combat Phase, after an RPG-7 [22.34].
    NlfCombat,
}

/// A decision of the vehicle rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum VehicleAction {
    /// NLF, at setup: a mine in a hex, written down secretly [22.32].
    Mine(Hex),
    /// US Movement Phase: a unit boards an APC in or next to its hex [22.52].
    Embark { unit: usize, apc: usize },
    /// US Movement Phase: a passenger gets out into a hex next to its APC [22.52].
    Disembark { unit: usize, hex: Hex },
    /// US: a passenger of a hit APC is put in a hex next to it [22.42].
    Unload { unit: usize, hex: Hex },
    /// US, with the HE fire of the Combat Phase: a tank's turret gun at a hex [22.12].
    Turret { tank: usize, hex: Hex },
    /// NLF Combat Phase: a cadre fires its RPG-7 at a vehicle [22.34].
    Rpg { cadre: usize, vehicle: usize },
}

impl SearchDestroy {
    // ---- Who is what -----------------------------------------------------------------------

    pub fn is_vehicle(&self, i: usize) -> bool {
        self.units[i].class() == Some(Class::Vehicle)
    }

    /// Whether the US has vehicles in this game, so that the NLF has mines and RPG-7s [22.31].
    pub fn has_vehicles(&self) -> bool {
        self.units
            .iter()
            .any(|u| u.side == Side::Us && u.class() == Some(Class::Vehicle))
    }

    pub fn immobilized(&self, i: usize) -> bool {
        self.vehicles.immobilized.contains(&i)
    }

    /// The units riding in `apc` [22.5].
    pub fn riders(&self, apc: usize) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&i| self.units[i].aboard == Some(apc) && !self.units[i].removed)
            .collect()
    }

    /// The cost of entering `to` from the adjacent `from` for `unit`: the vehicle column of
    /// the Terrain Effects Chart for vehicles [22.2], the infantry column for the rest [8.0].
    pub fn step_cost(&self, unit: usize, from: Hex, to: Hex) -> u8 {
        if self.is_vehicle(unit) {
            SearchDestroy::vehicle_entry_cost(from, to)
        } else {
            SearchDestroy::entry_cost(from, to)
        }
    }

    /// A vehicle's cost of entering `to` from `from`: the hex's plus a berm's or river's.
    pub fn vehicle_entry_cost(from: Hex, to: Hex) -> u8 {
        let map = &data().map;
        let c = data();
        let mut cost = c.terrain[&map.terrain(to)].vehicle_mp;
        for feature in [super::map::Hexside::Berm, super::map::Hexside::River] {
            if map.between(from, to, feature) {
                cost += c.hexsides[&feature].vehicle_mp;
            }
        }
        cost
    }

    /// The cost for `unit` of the first hex it enters from off the map [27.0].
    pub fn first_hex_cost(&self, unit: usize, hex: Hex) -> u8 {
        let t = &data().terrain[&data().map.terrain(hex)];
        if self.is_vehicle(unit) {
            t.vehicle_mp
        } else {
            t.infantry_mp
        }
    }

    /// A vehicle that spent more than half its movement points may not fire [22.14].
    pub fn vehicle_moved_too_far(&self, i: usize) -> bool {
        self.units[i].spent > table().fire_mp
    }

    // ---- Mines [22.32, 22.33] --------------------------------------------------------------

    /// Mines the NLF still has to lay at setup.
    pub fn mines_to_lay(&self) -> usize {
        if self.has_vehicles() {
            table().mines.saturating_sub(self.vehicles.mines.len())
        } else {
            0
        }
    }

    /// Hexes a mine may go in: any hex without one ("anywhere on the map", 27.11) [22.32].
    pub(super) fn mine_actions(&self) -> Vec<Action> {
        data()
            .map
            .hexes()
            .filter(|h| !self.vehicles.mines.contains(h))
            .map(|h| Action::Vehicle(VehicleAction::Mine(h)))
            .collect()
    }

    /// A unit has just entered `hex`: a vehicle that drives into a mine stops there, the NLF
    /// says so, and a marker goes down [22.33]. Returns whether it stopped.
    pub(super) fn mine_check(&mut self, unit: usize, hex: Hex) -> bool {
        if !self.is_vehicle(unit) || !self.vehicles.mines.contains(&hex) {
            return false;
        }
        self.units[unit].mp = 0;
        if !self.vehicles.found.contains(&hex) {
            self.vehicles.found.push(hex);
        }
        if !self.vehicles.struck.contains(&unit) {
            self.vehicles.struck.push(unit);
        }
        let name = self.units[unit].spec().map_or("", |s| s.name.as_str());
        self.log.add(
            "22.33",
            // Translators: "runs" is the verb here, not a count.
            msg("The {unit} runs onto a mine at {hex} and stops")
                .term("unit", name)
                .arg("hex", hex),
        );
        true
    }

    /// Whether a mine stopped `unit` in `hex` this Movement Phase: it stays there even where
    /// another unit stands, which it could otherwise only pass through (RULING: a mine stops
    /// a vehicle at once [22.32], and the vehicle may have been passing a friendly unit).
    pub fn stopped_by_mine(&self, unit: usize, hex: Hex) -> bool {
        self.vehicles.struck.contains(&unit) && self.vehicles.mines.contains(&hex)
    }

    /// The end of the US Movement Phase: each vehicle a mine stopped is attacked [22.33].
    /// Returns whether the US must first place the passengers of an APC that was hit.
    pub(super) fn mine_attacks(&mut self) -> bool {
        let struck = std::mem::take(&mut self.vehicles.struck);
        for v in struck {
            if self.units[v].on_map() {
                self.attack_vehicle(v, Weapon::Mine, None);
            }
        }
        self.await_unload(Resume::EndOfMovement)
    }

    // ---- The Vehicle Defense Table [22.4] ---------------------------------------------------

    /// A mine or an RPG-7 attacks vehicle `v`: a die, its modifier, the table's result
    /// [22.41]; the passengers of an APC hit undergo their own attack [22.42].
    fn attack_vehicle(&mut self, v: usize, weapon: Weapon, cadre: Option<usize>) -> Hit {
        let t = table();
        let id = self.units[v].spec().map_or(String::new(), |s| s.id.clone());
        let name = self.units[v].spec().map_or("", |s| s.name.as_str());
        let hex = self.units[v]
            .hex
            .expect("an attacked vehicle is on the map");
        let add = t.modifier(weapon, &id);
        let roll = d6(&mut self.rng);
        let hit = t.result(roll.total + add);
        let result = match hit {
            Hit::None => msg("no effect"),
            Hit::Immobilized => msg("immobilized"),
            Hit::Destroyed => msg("destroyed"),
        };
        let text = match (weapon, cadre.and_then(|c| self.units[c].hex)) {
            (Weapon::Rpg, Some(from)) => {
                msg("The NLF cadre at {from} fires its RPG-7 at the {unit} at {hex}: {result}")
                    .arg("from", from)
            }
            _ => msg("The mine at {hex} attacks the {unit}: {result}"),
        };
        let mut random = vec![Random::Dice(roll)];
        if add != 0 {
            random.push(Random::Modifier {
                reason: match weapon {
                    Weapon::Mine => "mine against an APC",
                    Weapon::Rpg if id == "apc" => "RPG-7 against an APC",
                    Weapon::Rpg => "RPG-7",
                }
                .into(),
                value: add,
            });
        }
        let rule = match weapon {
            Weapon::Mine => "22.33",
            Weapon::Rpg => "22.34",
        };
        self.log.add_with(
            rule,
            text.term("unit", name)
                .arg("hex", hex)
                .message("result", result),
            random,
        );
        if hit == Hit::None {
            return hit;
        }
        let riders = self.riders(v);
        if !riders.is_empty() {
            self.passengers_hit(hex, &riders);
        }
        match hit {
            Hit::Immobilized => {
                self.units[v].mp = 0;
                if !self.vehicles.immobilized.contains(&v) {
                    self.vehicles.immobilized.push(v);
                }
            }
            Hit::Destroyed => self.remove(v),
            Hit::None => {}
        }
        hit
    }

    /// The passengers of an APC hit get out and undergo one 3-1 attack together, on the
    /// casualty table when it is in use [20.0]; the US then puts the survivors in hexes next
    /// to it [22.42].
    fn passengers_hit(&mut self, hex: Hex, riders: &[usize]) {
        for &i in riders {
            self.units[i].aboard = None;
            self.units[i].hex = Some(hex);
        }
        let column = table().passenger_column;
        let roll = d6(&mut self.rng);
        if self.casualty_system() {
            self.log.add_with(
                "22.42",
                msg("The passengers of the APC at {hex} undergo a {odds} attack")
                    .arg("hex", hex)
                    .arg("odds", Crt::COLUMNS[column]),
                vec![Random::Dice(roll.clone())],
            );
            self.passenger_casualties(hex, riders, column, roll.total);
        } else {
            self.passenger_points(hex, riders, column, roll);
        }
        self.vehicles
            .unload
            .extend(riders.iter().copied().filter(|&i| self.units[i].on_map()));
        self.vehicles.unload_from = Some(hex);
    }

    /// The passengers' attack on the points table [22.42, 7.2].
    fn passenger_points(
        &mut self,
        hex: Hex,
        riders: &[usize],
        column: super::crt::Column,
        roll: crate::engine::dice::Roll,
    ) {
        let cell = data().crt.cell(column, roll.total);
        let points = u32::from(cell.nlf_points);
        self.points[1] += points;
        self.log.add_with(
            "22.42",
            msg_n(
                "The passengers of the APC at {hex} undergo a {odds} attack: {points} point to the NLF",
                "The passengers of the APC at {hex} undergo a {odds} attack: {points} points to the NLF",
                points,
            )
            .arg("hex", hex)
            .arg("odds", Crt::COLUMNS[column])
            .arg("points", points),
            vec![Random::Dice(roll)],
        );
        match cell.effect {
            Effect::None => {}
            Effect::Pinned => {
                for &i in riders {
                    self.pin(i);
                }
                self.log.add("7.2", msg("Pinned"));
            }
            Effect::Destroyed => {
                for &i in riders {
                    self.remove(i);
                }
                self.log.add("7.2", msg("Destroyed"));
            }
        }
        if points > 0 {
            self.leadership_rolls(riders);
        }
    }

    /// Hands the US the placing of a hit APC's passengers, if there are any; `resume` says
    /// where play goes on after. Returns whether it did.
    fn await_unload(&mut self, resume: Resume) -> bool {
        if self.vehicles.unload.is_empty() {
            return false;
        }
        self.vehicles.resume = Some(resume);
        self.step = Step::Vehicles;
        true
    }

    /// Where the next passenger of a hit APC may go: a hex next to the APC it may stay in;
    /// if there is none, the nearest such hexes farther out.
    pub fn unload_hexes(&self, unit: usize) -> Vec<Hex> {
        let Some(from) = self.vehicles.unload_from else {
            return Vec::new();
        };
        let map = &data().map;
        for ring in 1..=4 {
            let hexes: Vec<Hex> = map
                .hexes()
                .filter(|h| h.distance(from) == ring && self.may_end(unit, *h))
                .collect();
            if !hexes.is_empty() {
                return hexes;
            }
        }
        Vec::new()
    }

    /// The pending placement of passengers [22.42].
    pub(super) fn vehicle_step_actions(&self) -> Vec<Action> {
        let Some(&unit) = self.vehicles.unload.first() else {
            return Vec::new();
        };
        self.unload_hexes(unit)
            .into_iter()
            .map(|hex| Action::Vehicle(VehicleAction::Unload { unit, hex }))
            .collect()
    }

    fn after_unload(&mut self) {
        self.vehicles.unload_from = None;
        match self.vehicles.resume.take() {
            Some(Resume::EndOfMovement) => self.end_movement(),
            Some(Resume::NlfCombat) | None => self.step = Step::Combat(Side::Nlf),
        }
    }

    // ---- Transport [22.5] ----------------------------------------------------------------

    /// Whether `unit` may ride: US infantry (personnel) [22.51, 22.54].
    fn rider(&self, unit: usize) -> bool {
        let u = &self.units[unit];
        u.side == Side::Us && !u.captive && u.class().is_some_and(Class::personnel)
    }

    /// Whether `apc` has room for `unit`: one squad with an attack strength, any number of
    /// units without one [22.54].
    pub fn has_room(&self, apc: usize, unit: usize) -> bool {
        let armed = |i: usize| self.units[i].spec().is_some_and(|s| s.attack > 0);
        !armed(unit)
            || self.riders(apc).into_iter().filter(|&p| armed(p)).count() < table().apc_squads
    }

    /// Boarding and getting out, for the units free to act [22.52]: the unit pays 4 movement
    /// points (and its way into the APC's hex when it boards from next door), the APC 16;
    /// no unit does both in one Movement Phase (digest ruling A27).
    pub(super) fn transport_actions(&self, side: Side, free: &[usize]) -> Vec<Action> {
        if side != Side::Us {
            return Vec::new();
        }
        let t = table();
        let apcs: Vec<usize> = free
            .iter()
            .copied()
            .filter(|&i| {
                let a = &self.units[i];
                a.on_map() && a.is("apc") && a.mp >= t.embark_apc && !a.pinned
            })
            .collect();
        let mut out = Vec::new();
        for &apc in &apcs {
            let at = self.units[apc].hex.expect("on the map");
            for &unit in free {
                let u = &self.units[unit];
                let Some(here) = u.hex.filter(|_| u.on_map()) else {
                    continue;
                };
                if unit == apc
                    || !self.rider(unit)
                    || u.pinned
                    || u.landed
                    || u.carrying.is_some()
                    || here.distance(at) > 1
                    || self.vehicles.disembarked.contains(&unit)
                    || !self.has_room(apc, unit)
                {
                    continue;
                }
                let way = if here == at {
                    0
                } else {
                    SearchDestroy::entry_cost(here, at)
                };
                if u.mp >= way + t.embark_unit {
                    out.push(Action::Vehicle(VehicleAction::Embark { unit, apc }));
                }
            }
            for unit in self.riders(apc) {
                let u = &self.units[unit];
                if self.vehicles.embarked.contains(&unit) {
                    continue;
                }
                for hex in data().map.neighbours(at) {
                    if u.mp >= t.embark_unit + SearchDestroy::entry_cost(at, hex)
                        && self.may_end(unit, hex)
                    {
                        out.push(Action::Vehicle(VehicleAction::Disembark { unit, hex }));
                    }
                }
            }
        }
        out
    }

    /// Makes `keep` the unit being moved, releasing the one moved before unless it is `also`
    /// (an APC and its passenger may both go on moving after boarding or getting out).
    fn take_up(&mut self, keep: usize, also: usize) {
        if let Some(a) = self.active
            && a != keep
            && a != also
        {
            self.units[a].released = self.units[a].moved;
        }
        self.active = Some(keep);
    }

    fn pay(&mut self, unit: usize, mp: u8) {
        let u = &mut self.units[unit];
        u.mp = u.mp.saturating_sub(mp);
        u.spent = u.spent.saturating_add(mp);
        u.moved = true;
    }

    fn embark(&mut self, unit: usize, apc: usize) {
        let t = table();
        let at = self.units[apc].hex.expect("on the map");
        let here = self.units[unit].hex.expect("on the map");
        let way = if here == at {
            0
        } else {
            SearchDestroy::entry_cost(here, at)
        };
        self.pay(unit, way + t.embark_unit);
        self.pay(apc, t.embark_apc);
        self.put(unit, at);
        self.units[unit].aboard = Some(apc);
        self.units[unit].released = true;
        self.vehicles.embarked.push(unit);
        self.take_up(apc, unit);
        let name = self.units[unit].spec().map_or("", |s| s.name.as_str());
        self.log.add(
            "22.52",
            msg("The {unit} boards the APC at {hex}")
                .term("unit", name)
                .arg("hex", at),
        );
    }

    fn disembark(&mut self, unit: usize, hex: Hex) {
        let t = table();
        let apc = self.units[unit].aboard.expect("a passenger");
        let at = self.units[apc].hex.expect("on the map");
        self.pay(unit, t.embark_unit + SearchDestroy::entry_cost(at, hex));
        self.pay(apc, t.embark_apc);
        self.units[unit].aboard = None;
        self.units[unit].released = false;
        self.put(unit, hex);
        self.vehicles.disembarked.push(unit);
        self.take_up(unit, apc);
        let name = self.units[unit].spec().map_or("", |s| s.name.as_str());
        self.log.add(
            "22.52",
            msg("The {unit} gets out of the APC at {from} into {hex}")
                .term("unit", name)
                .arg("from", at)
                .arg("hex", hex),
        );
        self.reveal_by_sight();
    }

    /// A new Movement Phase: nobody has boarded or got out yet.
    pub(super) fn new_vehicle_phase(&mut self) {
        self.vehicles.embarked.clear();
        self.vehicles.disembarked.clear();
    }

    // ---- Turret HE [22.12, 22.13, 21.0] -------------------------------------------------------

    /// Whether a tank may fire its turret gun now: free to fire, and not yet this phase.
    fn turret_free(&self, tank: usize) -> bool {
        self.units[tank].is("tank")
            && self.units[tank].side == Side::Us
            && !self.vehicles.turret.iter().any(|&(t, _)| t == tank)
            && self.may_fire(tank)
    }

    /// Whether the turret of `tank` reaches `hex`: line of sight as for ground fire, its range
    /// limited only by what limits sight over open ground [22.12].
    pub fn turret_sees(&self, tank: usize, hex: Hex) -> bool {
        self.units[tank].hex.is_some_and(|from| {
            from != hex && line_of_sight(from, hex, None, &World { game: self })
        })
    }

    /// Turret fire the US may place with its HE fire: each free tank at any hex it sees that
    /// holds NLF personnel or face-down counters (fire at nothing is no fire) [22.12].
    pub(super) fn turret_actions(&self) -> Vec<Action> {
        let targets: Vec<Hex> = {
            let mut t: Vec<Hex> = self
                .units
                .iter()
                .filter(|u| u.side == Side::Nlf && u.on_map())
                .filter(|u| u.hidden() || u.class().is_some_and(Class::personnel))
                .filter(|u| !u.captive)
                .filter_map(|u| u.hex)
                .collect();
            t.sort();
            t.dedup();
            t
        };
        let mut out = Vec::new();
        for tank in (0..self.units.len()).filter(|&i| self.turret_free(i)) {
            for &hex in &targets {
                if self.turret_sees(tank, hex) {
                    out.push(Action::Vehicle(VehicleAction::Turret { tank, hex }));
                }
            }
        }
        out
    }

    /// Whether any tank has something to fire its turret gun at.
    pub(super) fn turret_ready(&self) -> bool {
        self.has_vehicles() && !self.turret_actions().is_empty()
    }

    /// The turret fire's strength points by hex, to add to the HE fire's [22.12, 21.43].
    pub fn turret_strengths(&self) -> impl Iterator<Item = (Hex, u32)> + '_ {
        self.vehicles
            .turret
            .iter()
            .map(|&(_, hex)| (hex, table().turret))
    }

    // ---- RPG-7 [22.34] -----------------------------------------------------------------------

    /// The NLF's RPG-7 shots: each cadre free to fire that still has its rocket, at each US
    /// vehicle in range and sight [22.31, 22.34].
    pub(super) fn rpg_actions(&self) -> Vec<Action> {
        if self.step != Step::Combat(Side::Nlf) || self.attack.is_some() {
            return Vec::new();
        }
        let vehicles: Vec<(usize, Hex)> = (0..self.units.len())
            .filter(|&i| self.units[i].side == Side::Us && self.is_vehicle(i))
            .filter_map(|i| {
                self.units[i]
                    .hex
                    .filter(|_| self.units[i].on_map())
                    .map(|h| (i, h))
            })
            .collect();
        if vehicles.is_empty() {
            return Vec::new();
        }
        let mut out = Vec::new();
        for cadre in 0..self.units.len() {
            let c = &self.units[cadre];
            if c.side != Side::Nlf
                || !c.is("nlf_leader")
                || self.vehicles.rpg_fired.contains(&cadre)
                || !self.may_fire(cadre)
            {
                continue;
            }
            let from = c.hex.expect("a unit free to fire is on the map");
            for &(vehicle, at) in &vehicles {
                if from.distance(at) <= RANGE && self.sees(from, at) {
                    out.push(Action::Vehicle(VehicleAction::Rpg { cadre, vehicle }));
                }
            }
        }
        out
    }

    fn fire_rpg(&mut self, cadre: usize, vehicle: usize) {
        self.vehicles.rpg_fired.push(cadre);
        self.units[cadre].fired = true;
        self.turn_up_firer(cadre);
        self.attack_vehicle(vehicle, Weapon::Rpg, Some(cadre));
        self.await_unload(Resume::NlfCombat);
    }

    // ---- Actions -------------------------------------------------------------------------------

    pub(super) fn vehicle_act(&mut self, action: VehicleAction) -> Applied {
        match action {
            VehicleAction::Mine(hex) => {
                self.vehicles.mines.push(hex);
                self.log.add_for(
                    Side::Nlf.seat(),
                    "22.32",
                    msg("The NLF lays a mine at {hex}").arg("hex", hex),
                    Vec::new(),
                );
                if self.mines_to_lay() == 0 {
                    self.log.add("22.32", msg("The NLF has laid its mines"));
                    self.end_setup_if_done();
                }
                Applied::QUIET
            }
            VehicleAction::Embark { unit, apc } => {
                self.embark(unit, apc);
                Applied::QUIET
            }
            VehicleAction::Disembark { unit, hex } => {
                self.disembark(unit, hex);
                Applied::REVEALED
            }
            VehicleAction::Unload { unit, hex } => {
                self.put(unit, hex);
                self.vehicles.unload.retain(|&i| i != unit);
                let name = self.units[unit].spec().map_or("", |s| s.name.as_str());
                self.log.add(
                    "22.42",
                    msg("The US puts the {unit} at {hex}")
                        .term("unit", name)
                        .arg("hex", hex),
                );
                self.reveal_by_sight();
                if self.vehicles.unload.is_empty() {
                    self.after_unload();
                }
                Applied::REVEALED
            }
            VehicleAction::Turret { tank, hex } => {
                self.vehicles.turret.push((tank, hex));
                Applied::QUIET
            }
            VehicleAction::Rpg { cadre, vehicle } => {
                self.fire_rpg(cadre, vehicle);
                Applied::REVEALED
            }
        }
    }

    /// Whether the pending step's actions include `action` (the Setup's mines are checked
    /// here, since the list is long).
    pub(super) fn vehicle_legal(&self, action: VehicleAction) -> bool {
        match action {
            VehicleAction::Mine(hex) => {
                self.step == Step::Setup
                    && self.next_to_place().is_none()
                    && self.mines_to_lay() > 0
                    && data().map.contains(hex)
                    && !self.vehicles.mines.contains(&hex)
            }
            _ => false,
        }
    }

    // ---- Words -----------------------------------------------------------------------------

    pub(super) fn vehicle_prompt(&self) -> (Message, &'static str) {
        let unit = self.vehicles.unload.first().copied();
        let name = unit
            .and_then(|u| self.units[u].spec())
            .map_or("", |s| s.name.as_str());
        (
            msg("US: put the {unit} from the APC that was hit in a hex next to it")
                .term("unit", name),
            "22.42",
        )
    }

    pub(super) fn mine_prompt(&self) -> (Message, &'static str) {
        let n = self.mines_to_lay() as u32;
        (
            msg_n(
                "NLF: write down the hex of a mine ({n} left)",
                "NLF: write down the hex of a mine ({n} left)",
                n,
            )
            .arg("n", n),
            "22.32",
        )
    }

    pub(super) fn vehicle_label(&self, action: VehicleAction) -> Message {
        let name = |i: usize| {
            self.units[i]
                .spec()
                .map_or(String::new(), |s| s.name.clone())
        };
        let at = |i: usize| self.units[i].hex.map(|h| h.to_string()).unwrap_or_default();
        match action {
            VehicleAction::Mine(hex) => msg("Lay a mine at {hex}").arg("hex", hex),
            VehicleAction::Embark { unit, apc } => msg("The {unit} boards the APC at {hex}")
                .term("unit", name(unit))
                .arg("hex", at(apc)),
            VehicleAction::Disembark { unit, hex } => {
                msg("The {unit} gets out of the APC into {hex}")
                    .term("unit", name(unit))
                    .arg("hex", hex)
            }
            VehicleAction::Unload { unit, hex } => msg("Put the {unit} at {hex}")
                .term("unit", name(unit))
                .arg("hex", hex),
            VehicleAction::Turret { tank, hex } => {
                msg("Fire the turret gun of the tank at {from} at {hex}")
                    .arg("from", at(tank))
                    .arg("hex", hex)
            }
            VehicleAction::Rpg { cadre, vehicle } => {
                msg("Fire the RPG-7 of the cadre at {from} at the {unit} at {hex}")
                    .arg("from", at(cadre))
                    .term("unit", name(vehicle))
                    .arg("hex", at(vehicle))
            }
        }
    }

    pub(super) fn vehicle_hex(&self, action: VehicleAction) -> Option<Hex> {
        match action {
            VehicleAction::Mine(hex)
            | VehicleAction::Disembark { hex, .. }
            | VehicleAction::Unload { hex, .. }
            | VehicleAction::Turret { hex, .. } => Some(hex),
            VehicleAction::Embark { apc, .. } => self.units[apc].hex,
            VehicleAction::Rpg { vehicle, .. } => self.units[vehicle].hex,
        }
    }

    /// The view of `side`: the US never learns a mine hex before a vehicle enters it.
    pub(super) fn redact_vehicles(view: &mut SearchDestroy, side: Side) {
        if side == Side::Us {
            let found = view.vehicles.found.clone();
            view.vehicles.mines.retain(|h| found.contains(h));
        }
    }
}

// ---- The computer's rules of thumb ---------------------------------------------------------

/// Decisions about vehicles the computer players take before their level's own, if any: mines
/// on open hexes near the US's entry, the passengers of a hit APC next to it, turret fire at
/// face-up NLF units (else at a back in cover), an RPG-7 whenever a cadre has a vehicle in
/// sight, vehicles driving toward the backs without spending more than they may to fire.
pub(crate) fn bot_choice(
    v: &SearchDestroy,
    side: Side,
    actions: &[Action],
    pick: &mut dyn FnMut(usize) -> usize,
) -> Option<Action> {
    let vehicle = |a: &Action| match a {
        Action::Vehicle(x) => Some(*x),
        _ => None,
    };
    let mine: Vec<VehicleAction> = actions.iter().filter_map(vehicle).collect();
    if mine.is_empty() {
        return None;
    }
    let map = &data().map;
    let first = mine[0];
    match first {
        VehicleAction::Mine(_) => {
            // Open hexes a vehicle would drive through: the cheap ones, away from the NLF's
            // own setup edge; some spread.
            let good: Vec<VehicleAction> = mine
                .iter()
                .copied()
                .filter(|a| match a {
                    VehicleAction::Mine(h) => {
                        map.terrain(*h) == super::map::Terrain::Open
                            && (map.road(*h) || pick(4) == 0)
                    }
                    _ => false,
                })
                .collect();
            let from = if good.is_empty() { &mine } else { &good };
            return Some(Action::Vehicle(from[pick(from.len())]));
        }
        VehicleAction::Unload { .. } => return Some(Action::Vehicle(first)),
        _ => {}
    }
    if side == Side::Nlf {
        let rpgs: Vec<VehicleAction> = mine
            .iter()
            .copied()
            .filter(|a| matches!(a, VehicleAction::Rpg { .. }))
            .collect();
        // Loaded APCs first, then any APC, then tanks.
        return rpgs
            .iter()
            .max_by_key(|a| match a {
                VehicleAction::Rpg { vehicle, .. } => {
                    2 * usize::from(!v.riders(*vehicle).is_empty())
                        + usize::from(v.units[*vehicle].is("apc"))
                }
                _ => 0,
            })
            .map(|&a| Action::Vehicle(a));
    }
    if v.step == Step::HeFire {
        // A face-up NLF combat unit is the best target; a back in cover the next best.
        let score = |hex: Hex| -> i32 {
            v.side_at(hex, Side::Nlf)
                .map(|i| {
                    let u = &v.units[i];
                    if u.hidden() {
                        i32::from(super::bot::cover(map.terrain(hex)))
                    } else if u.class() == Some(Class::Combat) {
                        3
                    } else {
                        0
                    }
                })
                .max()
                .unwrap_or(0)
        };
        let fired: Vec<Hex> = v.vehicles.turret.iter().map(|&(_, h)| h).collect();
        return mine
            .iter()
            .filter_map(|a| match a {
                VehicleAction::Turret { hex, .. } if !fired.contains(hex) && score(*hex) > 0 => {
                    Some((score(*hex), *a))
                }
                _ => None,
            })
            .max_by_key(|&(s, _)| s)
            .map(|(_, a)| Action::Vehicle(a));
    }
    None
}

/// The US computer's vehicle moves: a vehicle not yet moved drives toward the nearest back,
/// spending no more than it may and still fire, and never into a mine it knows of [22.14].
pub(crate) fn bot_vehicle_move(v: &SearchDestroy, actions: &[Action]) -> Option<Action> {
    let hidden = super::bot::hidden_hexes(v);
    if hidden.is_empty() {
        return None;
    }
    let near = |h: Hex| super::bot::nearest(h, &hidden);
    let offered = |a: &Action| actions.contains(a);
    let mut best: Option<(u32, Action)> = None;
    for unit in (0..v.units.len()).filter(|&i| v.is_vehicle(i) && v.units[i].side == Side::Us) {
        let u = &v.units[unit];
        let Some(here) = u.hex.filter(|_| u.on_map() && !u.moved) else {
            continue;
        };
        let action = if v.active == Some(unit) {
            None
        } else {
            Some(Action::Select(unit))
        };
        if action.as_ref().is_some_and(|a| !offered(a)) {
            continue;
        }
        let reach = v.reach(unit);
        for to in v.destinations(unit) {
            let cost = reach.get(&to).map_or(u8::MAX, |&(c, _)| c);
            if cost > table().fire_mp || v.vehicles.found.contains(&to) {
                continue;
            }
            let d = near(to);
            if d >= near(here) || d < 2 {
                continue;
            }
            let a = action.clone().unwrap_or(Action::Move { unit, to });
            if offered(&a) && best.as_ref().is_none_or(|(b, _)| d < *b) {
                best = Some((d, a));
            }
        }
    }
    best.map(|(_, a)| a)
}
