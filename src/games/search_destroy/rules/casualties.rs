//! The casualty combat system [20.0], optional: it replaces the points table of 7.1. Fire is
//! resolved as before (odds, die, modifiers), but on the Casualty Combat Results Table, whose
//! results pin and put Killed (K) and Wounded (W) markers in the hex of the units hit; the
//! side that suffers places them [20.11]. Markers are not personnel: they ignore stacking, are
//! carried like loads, are never fired at and never destroyed [20.12, 20.14, 5.37].
//!
//! - A Sniper, Porter, US Medical team or Forward Observer hit is removed at once; a Sniper
//!   takes one marker at most, a Killed one where the result has any [20.13]. RULING (digest
//!   4.11 rule 2, gap G17): a company or battalion commander who takes a K is destroyed (the
//!   victory clause of 10.3); a hit on a hex with peasants costs the peasants, scored at once
//!   for the other side (15 to the NLF, 10 to the US per casualty, 20.5) and no marker is
//!   placed. RULING: every unit of the side hit in the hex counts as having received the
//!   casualties (one unit a hex is the rule; a load or a tending medic is the exception).
//! - A US unit that received a casualty may not move until its markers are lifted by a MEDEVAC
//!   helicopter or picked up by a Medical team [20.31]. US casualties are carried only by US
//!   Medical teams and NLF Porters, NLF casualties by any personnel unit of either side
//!   [20.22, 20.23]. RULING: a Medical team may end its move in the hex of US casualties it
//!   comes for, stacked with the unit they hold there (otherwise nobody could ever reach them).
//! - MEDEVAC [20.6]: at the start of the US Movement Phase, before any unit moves, the US names
//!   hexes of landing terrain holding its casualties (counters do not bar it, no pattern);
//!   the NLF may fire at the helicopters as at a landing, through the one landing machine of
//!   9.12-9.13; one that gets through lifts up to two markers; one pick-up per hex a
//!   game-turn. A helicopter shot down gives the NLF 20 and leaves one American Killed
//!   marker in its hex (digest gap G16); so does a landing or supply helicopter shot down.
//! - Points at the end [20.4, 20.5], with the digest's rulings (4.11 rule 5, A8): the NLF
//!   scores each US casualty's full value (20 W, 40 K), or the abandoned 60 when at the end
//!   an NLF unit is stacked with it or carries it, it lies on a booby trap, or no US unit is in
//!   its hex; a lifted one scores its full value. The US scores an NLF casualty's full value
//!   (10 W, 15 K) when it was inflicted from an adjacent hex or its hex was later entered by
//!   a US unit; the abandoned 25 when a US unit carries it or stands on it at the end
//!   (captured); half (rounded up) for ground fire otherwise; nothing for HE fire otherwise.
//!
//! Hidden is hidden: only personnel take casualties, so a face-down counter is turned up
//! only by a result it suffers, as in 6.0; the ledger holds nothing about the NLF's units.

use serde::{Deserialize, Serialize};

use super::content::{Casualty, Class, Side, data};
use super::crt::{Column, Crt, Effect};
use super::hex::Hex;
use super::map::Terrain;
use super::play::Action;
use super::state::{SearchDestroy, Step, Unit};
use crate::engine::content::Source;
use crate::engine::dice::d6;
use crate::engine::log::Random;
use crate::engine::message::{Message, msg, msg_n};

/// One cell of the Casualty Combat Results Table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CasualtyCell {
    pub pinned: bool,
    pub wounded: u8,
    pub killed: u8,
    /// A helicopter fired at is shot down.
    pub helicopter: bool,
}

impl CasualtyCell {
    /// Reads the data file's notation `[h] effect [casualties]`, e.g. `.`, `P`, `h P 2KW`.
    pub fn parse(text: &str) -> Result<CasualtyCell, String> {
        let mut words: Vec<&str> = text.split_whitespace().collect();
        let helicopter = words.first() == Some(&"h");
        if helicopter {
            words.remove(0);
        }
        let (effect, casualties) = match words.as_slice() {
            [e] => (*e, ""),
            [e, c] => (*e, *c),
            _ => return Err("write [h] effect [casualties], e.g. \"h P KW\"".into()),
        };
        let pinned = match effect {
            "." => false,
            "P" => true,
            _ => return Err(format!("'{effect}' is not an effect (. P)")),
        };
        let (mut wounded, mut killed) = (0u8, 0u8);
        let mut count: Option<u8> = None;
        for ch in casualties.chars() {
            match ch {
                '1'..='9' if count.is_none() => count = ch.to_digit(10).map(|d| d as u8),
                'W' | 'K' => {
                    let n = count.take().unwrap_or(1);
                    if ch == 'W' {
                        wounded += n;
                    } else {
                        killed += n;
                    }
                }
                _ => {
                    return Err(format!(
                        "'{casualties}' is not casualties (W, K, 2K, KW...)"
                    ));
                }
            }
        }
        if count.is_some() {
            return Err(format!("'{casualties}' ends in a number"));
        }
        Ok(CasualtyCell {
            pinned,
            wounded,
            killed,
            helicopter,
        })
    }

    pub fn casualties(&self) -> u8 {
        self.wounded + self.killed
    }
}

/// The table and the lists of section 20, checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    rows: Vec<(Vec<CasualtyCell>, Source)>,
    /// Counter ids removed by their first casualty [20.13].
    pub removed_at_first: Vec<String>,
    /// Counter ids that take one casualty at most [20.13].
    pub one_only: Vec<String>,
    /// Counter ids that may carry US casualties [20.22].
    pub us_carriers: Vec<String>,
    /// Markers one MEDEVAC lifts [20.63].
    pub medevac_lift: u8,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TableFile {
    table: TableRecord,
    rules: RulesRecord,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TableRecord {
    columns: Vec<String>,
    row: Vec<super::content::CrtRow>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesRecord {
    removed_at_first_casualty: Vec<String>,
    one_casualty_only: Vec<String>,
    us_casualty_carriers: Vec<String>,
    medevac_lift: u8,
    #[allow(dead_code)]
    source: Source,
    #[allow(dead_code)]
    section: String,
}

impl Table {
    /// Checks the file: the odds columns of 7.2, rows 1-8 in order, cells that parse.
    pub fn check(file: TableFile) -> Result<Table, String> {
        let t = &file.table;
        if t.columns != Crt::COLUMNS {
            return Err(format!("table.columns: must be {:?}", Crt::COLUMNS));
        }
        if t.row.len() != usize::from(Crt::ROWS) {
            return Err(format!(
                "table.row: {} rows where the die reads 1-{}",
                t.row.len(),
                Crt::ROWS
            ));
        }
        let mut rows = Vec::new();
        for (i, row) in t.row.iter().enumerate() {
            if usize::from(row.die) != i + 1 {
                return Err(format!(
                    "table.row[{i}].die: {} where row {} is expected",
                    row.die,
                    i + 1
                ));
            }
            if row.cells.len() != Crt::COLUMNS.len() {
                return Err(format!(
                    "table.row[{i}].cells: {} cells for {} columns",
                    row.cells.len(),
                    Crt::COLUMNS.len()
                ));
            }
            let cells = row
                .cells
                .iter()
                .enumerate()
                .map(|(k, text)| {
                    CasualtyCell::parse(text)
                        .map_err(|why| format!("table.row[{i}].cells[{k}] \"{text}\": {why}"))
                })
                .collect::<Result<Vec<_>, _>>()?;
            rows.push((cells, row.source));
        }
        let r = &file.rules;
        if r.medevac_lift == 0 {
            return Err("rules.medevac_lift: a MEDEVAC lifts at least one marker".into());
        }
        Ok(Table {
            rows,
            removed_at_first: r.removed_at_first_casualty.clone(),
            one_only: r.one_casualty_only.clone(),
            us_carriers: r.us_casualty_carriers.clone(),
            medevac_lift: r.medevac_lift,
        })
    }

    /// The cell for a modified die roll (below 1 is 1, above 8 is 8, digest 4.2 item 4).
    pub fn cell(&self, column: Column, roll: i32) -> CasualtyCell {
        self.rows[roll.clamp(1, i32::from(Crt::ROWS)) as usize - 1].0[column]
    }

    /// Whether a die row is printed in the rulebook or reconstructed.
    pub fn row_source(&self, roll: i32) -> Source {
        self.rows[roll.clamp(1, i32::from(Crt::ROWS)) as usize - 1].1
    }
}

fn table() -> &'static Table {
    &data().casualties
}

/// How a casualty was inflicted, for the US's points [20.42].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fire {
    /// Infantry fire, surprise attacks, ambushes, booby traps.
    Ground,
    /// HE fire, helicopters shot down.
    NonGround,
}

/// One casualty marker put on the map: the casualty ledger (digest 4.11 rule 6).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    /// The marker's unit index.
    pub marker: usize,
    pub killed: bool,
    pub turn: u8,
    pub fire: Fire,
    /// Fired from a hex next to it [20.42].
    pub adjacent: bool,
    /// An NLF casualty whose hex a US unit has entered since [20.42].
    pub entered: bool,
    /// Lifted by a MEDEVAC helicopter [20.6].
    pub evacuated: bool,
    /// The US units it keeps from moving until it is lifted or picked up [20.31].
    pub holds: Vec<usize>,
}

/// The casualty system's bookkeeping. Public: both sides see the markers.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Casualties {
    pub ledger: Vec<Entry>,
    /// MEDEVAC hexes named at the start of this US Movement Phase, not yet flown.
    pub named: Vec<Hex>,
    /// The MEDEVAC helicopters are coming in (their hexes are the landing machine's).
    pub flying: bool,
    /// Hexes a MEDEVAC flew to, by game-turn: one pick-up per hex a game-turn [20.62].
    pub flown: Vec<(u8, Hex)>,
    /// The casualty points of the end of the game: US, NLF [20.4].
    pub scored: Option<[u32; 2]>,
}

/// A MEDEVAC decision of the US [20.61].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CasualtyAction {
    /// Call a MEDEVAC helicopter to a hex.
    Medevac(Hex),
    /// The named helicopters fly in.
    Fly,
}

/// How a casualty is scored at the end [20.42, 20.43].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Evacuated,
    Captured,
    OnTrap,
    Abandoned,
    Full,
    Half,
    Nothing,
}

fn points(c: Casualty) -> (u32, u32) {
    let p = &data().casualty_points[&c];
    (u32::from(p.to_nlf), u32::from(p.to_us.unwrap_or(0)))
}

impl SearchDestroy {
    /// Whether the casualty combat system is in play [20.1].
    pub fn casualty_system(&self) -> bool {
        self.options.casualties
    }

    /// Whether unit `i` is a Killed or Wounded marker.
    pub fn is_casualty(&self, i: usize) -> bool {
        self.units[i].class() == Some(Class::Casualty)
    }

    /// Points for a helicopter shot down: 50 with the points table, 20 with this one (digest
    /// ruling A6).
    pub fn helicopter_points(&self) -> u32 {
        if self.casualty_system() {
            points(Casualty::Helicopter).0
        } else {
            u32::from(data().points.helicopter)
        }
    }

    /// Whether a US unit is kept from moving by casualties not yet lifted [20.31].
    pub fn held(&self, i: usize) -> bool {
        self.casualties.ledger.iter().any(|e| e.holds.contains(&i))
    }

    /// Ground fire by `side` on `target`, resolved on the casualty table [20.1].
    pub(super) fn casualty_fire(
        &mut self,
        side: Side,
        target: Hex,
        column: Column,
        roll: i32,
        firing: &[Hex],
    ) {
        let cell = table().cell(column, roll);
        let adjacent = firing.iter().any(|f| f.distance(target) <= 1);
        self.casualty_result(side.other(), side, target, cell, Fire::Ground, adjacent);
    }

    /// HE fire on a hex on the casualty table: the NLF's units, and the US's there too
    /// (digest ruling A13) [21.0].
    pub(super) fn he_casualties(&mut self, hex: Hex, column: Column, roll: i32) {
        let cell = table().cell(column, roll);
        self.casualty_result(Side::Nlf, Side::Us, hex, cell, Fire::NonGround, false);
        let us = self
            .side_at(hex, Side::Us)
            .any(|i| self.units[i].class().is_some_and(Class::personnel));
        if us && (cell.pinned || cell.casualties() > 0) {
            self.log.add(
                "21.0",
                msg("The fire falls on the US units in {hex} too").arg("hex", hex),
            );
            self.casualty_result(Side::Us, Side::Us, hex, cell, Fire::NonGround, false);
        }
    }

    /// A booby trap's attack at 2-1 with +2, its pins ignored [5.52, 12.43], on the casualty
    /// table.
    pub(super) fn trap_casualties(&mut self, target: Hex) {
        let roll = d6(&mut self.rng);
        let mut cell = table().cell(3, roll.total + 2);
        cell.pinned = false;
        self.log.add_with(
            "5.52",
            msg("A booby trap attacks the US unit at {hex} at 2-1").arg("hex", target),
            vec![
                Random::Dice(roll),
                Random::Modifier {
                    reason: "booby trap".into(),
                    value: 2,
                },
            ],
        );
        self.casualty_result(Side::Us, Side::Nlf, target, cell, Fire::Ground, true);
    }

    /// The passengers of a hit APC on the casualty table [22.42, 20.1]: the result touches
    /// them alone, not the other units in the hex; the US places their markers there.
    pub(super) fn passenger_casualties(
        &mut self,
        hex: Hex,
        riders: &[usize],
        column: Column,
        roll: i32,
    ) {
        let cell = table().cell(column, roll);
        let hit: Vec<usize> = riders
            .iter()
            .copied()
            .filter(|&i| self.units[i].class().is_some_and(Class::personnel))
            .collect();
        if cell.casualties() > 0 && !hit.is_empty() {
            self.place_casualties(Side::Us, hex, &hit, cell, Fire::Ground, true);
        }
        if cell.pinned {
            for &i in riders {
                self.pin(i);
            }
            self.log.add("7.2", msg("Pinned"));
        }
    }

    /// Personnel units of `side` in `hex` that a result touches.
    fn casualty_victims(&self, hex: Hex, side: Side) -> Vec<usize> {
        self.side_at(hex, side)
            .filter(|&i| self.units[i].class().is_some_and(Class::personnel))
            .collect()
    }

    /// A result of the casualty table against `victim`'s units in `hex`, fired by `firer`.
    pub(super) fn casualty_result(
        &mut self,
        victim: Side,
        firer: Side,
        hex: Hex,
        cell: CasualtyCell,
        fire: Fire,
        adjacent: bool,
    ) {
        let hit = self.casualty_victims(hex, victim);
        if cell.casualties() > 0 {
            if hit.is_empty() {
                if victim == Side::Nlf {
                    // Face-down and not personnel: no effect, nothing told [6.0].
                    self.log
                        .add("6.0", msg("No effect: no personnel unit there"));
                }
                return;
            }
            for &i in &hit {
                if self.units[i].hidden() {
                    self.expose(i);
                }
            }
            let peasants = firer != victim
                && self
                    .side_at(hex, Side::Nlf)
                    .any(|i| self.units[i].is("peasant") && !self.units[i].captive);
            if peasants {
                self.peasant_casualties(firer, cell.casualties());
            } else {
                self.place_casualties(victim, hex, &hit, cell, fire, adjacent);
            }
        }
        if cell.pinned {
            self.apply_effect(hex, Effect::Pinned, victim);
        }
    }

    /// Peasants hit: the firer's enemy scores each casualty at once, no marker [20.5].
    fn peasant_casualties(&mut self, firer: Side, n: u8) {
        let (to_nlf, to_us) = points(Casualty::Peasant);
        let (each, to) = match firer {
            Side::Us => (to_nlf, Side::Nlf),
            Side::Nlf => (to_us, Side::Us),
        };
        let total = each * u32::from(n);
        self.points[SearchDestroy::side_index(to)] += total;
        self.log.add(
            "20.5",
            msg_n(
                "Peasants were hit: {points} point to the {side}",
                "Peasants were hit: {points} points to the {side}",
                total,
            )
            .arg("points", total)
            .term("side", to.name()),
        );
    }

    /// Places the markers of a result and removes the units it removes [20.11, 20.13].
    fn place_casualties(
        &mut self,
        victim: Side,
        hex: Hex,
        hit: &[usize],
        cell: CasualtyCell,
        fire: Fire,
        adjacent: bool,
    ) {
        let t = table();
        let sniper = hit
            .iter()
            .all(|&i| t.one_only.iter().any(|id| self.units[i].is(id)));
        let (killed, wounded) = if sniper {
            (u8::from(cell.killed > 0), u8::from(cell.killed == 0))
        } else {
            (cell.killed, cell.wounded)
        };
        for &i in hit {
            let u = &self.units[i];
            let name = u.spec().map_or("", |s| s.name.as_str());
            let commander = u.is("company_commander") || u.is("battalion_commander");
            if t.removed_at_first.iter().any(|id| u.is(id)) {
                self.log.add(
                    "20.13",
                    msg("The {unit} at {hex} is removed by its casualties")
                        .term("unit", name)
                        .arg("hex", hex),
                );
                self.remove(i);
            } else if commander && killed > 0 {
                self.log.add(
                    "20.13",
                    msg("The {unit} at {hex} is killed")
                        .term("unit", name)
                        .arg("hex", hex),
                );
                self.commander_destroyed = true;
                self.remove(i);
            }
        }
        let holds: Vec<usize> = if victim == Side::Us {
            hit.iter()
                .copied()
                .filter(|&i| self.units[i].on_map())
                .collect()
        } else {
            Vec::new()
        };
        for k in 0..killed + wounded {
            self.put_casualty(victim, hex, k < killed, fire, adjacent, holds.clone());
        }
        self.log.add(
            "20.11",
            msg("Casualties at {hex}: {killed} killed, {wounded} wounded")
                .arg("hex", hex)
                .arg("killed", killed)
                .arg("wounded", wounded),
        );
        if victim == Side::Us {
            self.leadership_rolls(&holds);
        }
    }

    /// One marker into `hex` and the ledger.
    pub(super) fn put_casualty(
        &mut self,
        side: Side,
        hex: Hex,
        killed: bool,
        fire: Fire,
        adjacent: bool,
        holds: Vec<usize>,
    ) {
        let id = match (side, killed) {
            (Side::Us, true) => "us_killed",
            (Side::Us, false) => "us_wounded",
            (Side::Nlf, true) => "nlf_killed",
            (Side::Nlf, false) => "nlf_wounded",
        };
        let kind = data()
            .counter_index(id)
            .expect("the content has the casualty markers");
        let mut marker = Unit::new(kind as u16, side);
        marker.face_up = true;
        marker.hex = Some(hex);
        self.units.push(marker);
        let entered = side == Side::Nlf && !self.casualty_victims(hex, Side::Us).is_empty();
        self.casualties.ledger.push(Entry {
            marker: self.units.len() - 1,
            killed,
            turn: self.turn,
            fire,
            adjacent,
            entered,
            evacuated: false,
            holds,
        });
    }

    /// A helicopter shot down with the casualty system on: one American Killed marker in
    /// its hex (digest gap G16).
    pub(super) fn crash(&mut self, hex: Hex) {
        if !self.casualty_system() {
            return;
        }
        self.put_casualty(Side::Us, hex, true, Fire::NonGround, false, Vec::new());
        if self.casualties.flying {
            self.casualties.flown.push((self.turn, hex));
        }
        self.log.add(
            "20.64",
            msg("The crew is lost: an American Killed marker at {hex}").arg("hex", hex),
        );
    }

    /// Whether `unit` may carry the casualty marker `load` [20.22, 20.23]: US casualties
    /// only US Medical teams and NLF Porters, NLF casualties any personnel unit.
    pub(super) fn may_carry_casualty(&self, unit: usize, load: usize) -> bool {
        let (u, l) = (&self.units[unit], &self.units[load]);
        if !u.class().is_some_and(Class::personnel) || u.is("peasant") || !l.on_map() {
            return false;
        }
        match l.side {
            // A Medical team under leadership loss picks up nobody (digest 4.4.5, item 7).
            Side::Us => {
                table().us_carriers.iter().any(|id| u.is(id))
                    && !(u.side == Side::Us && self.leaderless(unit))
            }
            Side::Nlf => true,
        }
    }

    /// A casualty picked up no longer holds the unit it fell with [20.31].
    pub(super) fn casualty_picked_up(&mut self, load: usize) {
        for e in self
            .casualties
            .ledger
            .iter_mut()
            .filter(|e| e.marker == load)
        {
            e.holds.clear();
        }
    }

    /// A Medical team may stop in the hex of US casualties it comes for, with the unit they
    /// hold there (see the module's ruling).
    pub(super) fn tends(&self, unit: usize, hex: Hex) -> bool {
        self.casualty_system()
            && self.units[unit].is("medical_team")
            && self
                .side_at(hex, Side::Us)
                .any(|i| self.is_casualty(i) && self.units[i].carried_by.is_none_or(|c| c == unit))
    }

    /// A US unit in `hex`: the NLF casualties there count as entered [20.42].
    pub(super) fn enter_casualty_hex(&mut self, unit: usize, hex: Hex) {
        if self.casualties.ledger.is_empty()
            || self.units[unit].side != Side::Us
            || !self.units[unit].class().is_some_and(Class::personnel)
        {
            return;
        }
        let units = &self.units;
        for e in &mut self.casualties.ledger {
            let m = &units[e.marker];
            if m.side == Side::Nlf && m.hex == Some(hex) && m.on_map() {
                e.entered = true;
            }
        }
    }

    /// Hexes a MEDEVAC may be called to now [20.61, 20.62]: at the start of the US Movement
    /// Phase, before any unit has moved; landing terrain (counters allowed, no pattern) with
    /// US casualties lying there; not flown to this game-turn nor named already.
    pub fn medevac_hexes(&self) -> Vec<Hex> {
        if !self.casualty_system()
            || self.step != Step::Movement(Side::Us)
            || self.active.is_some()
            || self.casualties.flying
        {
            return Vec::new();
        }
        let started = self
            .units
            .iter()
            .any(|u| u.side == Side::Us && (u.moved || u.handled || u.spent > 0));
        if started {
            return Vec::new();
        }
        let map = &data().map;
        let mut hexes: Vec<Hex> = self
            .casualties
            .ledger
            .iter()
            .map(|e| &self.units[e.marker])
            .filter(|m| m.side == Side::Us && m.on_map() && m.carried_by.is_none())
            .filter_map(|m| m.hex)
            .filter(|&h| matches!(map.terrain(h), Terrain::Open | Terrain::Broken) && !map.road(h))
            .filter(|h| !self.casualties.named.contains(h))
            .filter(|&h| !self.casualties.flown.contains(&(self.turn, h)))
            .collect();
        hexes.sort();
        hexes.dedup();
        hexes
    }

    /// The MEDEVAC choices: more hexes, and once one is named, the flight. While hexes are
    /// named nothing else happens in the phase.
    pub(super) fn medevac_actions(&self) -> Vec<Action> {
        let mut out: Vec<Action> = self
            .medevac_hexes()
            .into_iter()
            .map(|h| Action::Casualty(CasualtyAction::Medevac(h)))
            .collect();
        if !self.casualties.named.is_empty() {
            out.push(Action::Casualty(CasualtyAction::Fly));
        }
        out
    }

    pub(super) fn casualty_act(&mut self, action: CasualtyAction) -> crate::engine::game::Applied {
        match action {
            CasualtyAction::Medevac(hex) => {
                self.casualties.named.push(hex);
                crate::engine::game::Applied::QUIET
            }
            CasualtyAction::Fly => {
                self.fly_medevac();
                crate::engine::game::Applied::REVEALED
            }
        }
    }

    /// The named MEDEVAC helicopters come in; the NLF may fire at each as at a landing
    /// [20.61, 9.13].
    fn fly_medevac(&mut self) {
        self.landing = std::mem::take(&mut self.casualties.named);
        // Nobody rides in a MEDEVAC helicopter: no commander's hex to keep secret.
        self.commander_hex = None;
        self.casualties.flying = true;
        // What the NLF fired in its last Player-Turn does not keep it from firing at the
        // helicopters now; each unit fires once at them [9.13, 6.15].
        for u in self.units.iter_mut().filter(|u| u.side == Side::Nlf) {
            u.fired = false;
        }
        self.attacked.clear();
        self.attack = None;
        let hexes: Vec<String> = self.landing.iter().map(Hex::to_string).collect();
        self.log.add(
            "20.61",
            msg("MEDEVAC helicopters come in to {hexes}").arg("hexes", hexes.join(", ")),
        );
        // Fire at a helicopter: the step says so to the firers' rules [9.13].
        self.step = Step::LandingFire;
        // Whether the flight waits for the NLF may depend only on what the US sees.
        let exposed = self.landing.iter().any(|&h| self.helicopter_exposed(h));
        if !exposed {
            self.medevac_lift();
        }
    }

    /// The MEDEVAC helicopters that got through lift up to two casualties each; the US
    /// Movement Phase goes on [20.61, 20.63].
    pub(super) fn medevac_lift(&mut self) {
        let lift = usize::from(table().medevac_lift);
        let flown = std::mem::take(&mut self.landing);
        self.helicopters_down(&flown, super::helicopter_guns::Mission::Medevac);
        for hex in flown {
            self.casualties.flown.push((self.turn, hex));
            // The ones that keep a unit from moving first, then the oldest.
            let mut here: Vec<usize> = (0..self.casualties.ledger.len())
                .filter(|&k| {
                    let m = &self.units[self.casualties.ledger[k].marker];
                    m.side == Side::Us && m.on_map() && m.hex == Some(hex) && m.carried_by.is_none()
                })
                .collect();
            here.sort_by_key(|&k| (self.casualties.ledger[k].holds.is_empty(), k));
            here.truncate(lift);
            for &k in &here {
                let marker = self.casualties.ledger[k].marker;
                self.remove(marker);
                let e = &mut self.casualties.ledger[k];
                e.evacuated = true;
                e.holds.clear();
            }
            self.log.add(
                "20.63",
                msg_n(
                    "The MEDEVAC at {hex} lifts {n} casualty",
                    "The MEDEVAC at {hex} lifts {n} casualties",
                    here.len(),
                )
                .arg("hex", hex)
                .arg("n", here.len()),
            );
        }
        self.casualties.flying = false;
        self.attacked.clear();
        self.attack = None;
        self.step = Step::Movement(Side::Us);
    }

    /// How the marker of ledger entry `e` scores at the end, and its points to the side
    /// that inflicted it [20.42, 20.43, 20.5].
    pub fn casualty_score(&self, e: &Entry) -> (Score, u32) {
        let m = &self.units[e.marker];
        let base = points(if e.killed {
            Casualty::Killed
        } else {
            Casualty::Wounded
        });
        // The schedule's abandoned 60 / 25 (digest ruling A8); as printed, the NLF scores
        // double and the US full value for a casualty it holds [20.42, 20.43].
        let abandoned = if self.options.printed_casualty_values {
            (base.0 * 2, base.1)
        } else {
            points(Casualty::Abandoned)
        };
        let personnel_of = |side: Side, hex: Hex| {
            self.side_at(hex, side)
                .any(|i| self.units[i].class().is_some_and(Class::personnel))
        };
        match m.side {
            Side::Us => {
                if e.evacuated {
                    return (Score::Evacuated, base.0);
                }
                let Some(hex) = m.hex.filter(|_| m.on_map()) else {
                    // Carried off the map by the enemy.
                    return (Score::Captured, abandoned.0);
                };
                let by_nlf = m
                    .carried_by
                    .is_some_and(|c| self.units[c].side == Side::Nlf);
                if by_nlf || personnel_of(Side::Nlf, hex) {
                    (Score::Captured, abandoned.0)
                } else if self
                    .side_at(hex, Side::Nlf)
                    .any(|i| self.units[i].is("ap_trap"))
                {
                    (Score::OnTrap, abandoned.0)
                } else if !personnel_of(Side::Us, hex) {
                    (Score::Abandoned, abandoned.0)
                } else {
                    (Score::Full, base.0)
                }
            }
            Side::Nlf => {
                let by_us = m.carried_by.is_some_and(|c| self.units[c].side == Side::Us);
                let held = m.on_map() && m.hex.is_some_and(|h| personnel_of(Side::Us, h));
                if by_us || held {
                    (Score::Captured, abandoned.1)
                } else if e.adjacent || e.entered {
                    (Score::Full, base.1)
                } else if e.fire == Fire::Ground {
                    (Score::Half, base.1.div_ceil(2))
                } else {
                    (Score::Nothing, 0)
                }
            }
        }
    }

    /// The casualty points at the end of the game, one line each [20.4].
    pub(super) fn score_casualties(&mut self) {
        if !self.casualty_system() {
            return;
        }
        let mut scored = [0u32; 2];
        for e in self.casualties.ledger.clone() {
            let (how, pts) = self.casualty_score(&e);
            let victim = self.units[e.marker].side;
            let to = victim.other();
            scored[SearchDestroy::side_index(to)] += pts;
            let name = self.units[e.marker].spec().map_or("", |s| s.name.as_str());
            let text = match how {
                Score::Evacuated => msg_n(
                    "{marker}, evacuated: {points} point to the {side}",
                    "{marker}, evacuated: {points} points to the {side}",
                    pts,
                ),
                Score::Captured => msg_n(
                    "{marker}, captured: {points} point to the {side}",
                    "{marker}, captured: {points} points to the {side}",
                    pts,
                ),
                Score::OnTrap => msg_n(
                    "{marker}, left on a booby trap: {points} point to the {side}",
                    "{marker}, left on a booby trap: {points} points to the {side}",
                    pts,
                ),
                Score::Abandoned => msg_n(
                    "{marker}, abandoned: {points} point to the {side}",
                    "{marker}, abandoned: {points} points to the {side}",
                    pts,
                ),
                Score::Full => msg_n(
                    "{marker}: {points} point to the {side}",
                    "{marker}: {points} points to the {side}",
                    pts,
                ),
                Score::Half => msg_n(
                    "{marker}, hit from afar and never reached: {points} point to the {side}",
                    "{marker}, hit from afar and never reached: {points} points to the {side}",
                    pts,
                ),
                Score::Nothing => msg("{marker}, hit by HE fire and never reached: no points"),
            };
            self.log.add(
                "20.4",
                text.term("marker", name)
                    .arg("points", pts)
                    .term("side", to.name()),
            );
        }
        self.points[0] += scored[0];
        self.points[1] += scored[1];
        self.casualties.scored = Some(scored);
    }

    /// Tallies for the status panel and the game-over summary: the markers of each side on
    /// the map, and at the end the casualty points.
    pub fn casualty_status(&self) -> Vec<(Message, String)> {
        if !self.casualty_system() {
            return Vec::new();
        }
        let count = |side: Side, killed: bool| {
            self.casualties
                .ledger
                .iter()
                .filter(|e| e.killed == killed && self.units[e.marker].side == side)
                .count()
        };
        let mut out = vec![
            (
                msg("US casualties (killed / wounded)"),
                format!("{} / {}", count(Side::Us, true), count(Side::Us, false)),
            ),
            (
                msg("NLF casualties (killed / wounded)"),
                format!("{} / {}", count(Side::Nlf, true), count(Side::Nlf, false)),
            ),
        ];
        if let Some([us, nlf]) = self.casualties.scored {
            out.push((msg("Casualty points (US / NLF)"), format!("{us} / {nlf}")));
        }
        out
    }

    /// The prompt while MEDEVAC is under way.
    pub(super) fn casualty_prompt(&self) -> Option<(Message, &'static str)> {
        if self.casualties.flying && self.step == Step::LandingFire {
            return Some((msg("NLF: fire at the MEDEVAC helicopters?"), "20.61"));
        }
        if !self.casualties.named.is_empty() {
            let hexes: Vec<String> = self.casualties.named.iter().map(Hex::to_string).collect();
            return Some((
                msg("US: MEDEVAC to {hexes}; name more hexes or fly")
                    .arg("hexes", hexes.join(", ")),
                "20.61",
            ));
        }
        None
    }

    pub(super) fn casualty_label(&self, action: CasualtyAction) -> Message {
        match action {
            CasualtyAction::Medevac(hex) => {
                msg("Call a MEDEVAC helicopter to {hex}").arg("hex", hex)
            }
            CasualtyAction::Fly => msg("Fly the MEDEVAC helicopters in"),
        }
    }
}

/// The US computer's MEDEVAC (digest 10.5 item 8): call one where few NLF units could fire
/// at it, then fly; otherwise the Medical teams walk.
pub(crate) fn medevac_call(v: &SearchDestroy, actions: &[Action]) -> Option<Action> {
    let fly = Action::Casualty(CasualtyAction::Fly);
    let threat = |hex: Hex| {
        let (mut seen, mut backs) = (0u32, 0u32);
        for u in v.units.iter().filter(|u| u.side == Side::Nlf && u.on_map()) {
            if u.hex.is_none_or(|h| h.distance(hex) > super::state::RANGE) {
                continue;
            }
            if u.hidden() {
                backs += 1;
            } else if u.is("hard_core") || u.is("nlf_leader") {
                seen += 1;
            }
        }
        3 * seen + backs
    };
    let call = actions
        .iter()
        .filter_map(|a| match a {
            Action::Casualty(CasualtyAction::Medevac(h)) => Some((threat(*h), a)),
            _ => None,
        })
        .filter(|&(t, _)| t <= 5)
        .min_by_key(|&(t, _)| t)
        .map(|(_, a)| a.clone());
    call.or_else(|| actions.contains(&fly).then_some(fly))
}
