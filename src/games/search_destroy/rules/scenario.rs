//! The historical scenarios of section 27 on top of the Standard game: which entry of the
//! scenario brings each unit into play, setup zones, units walking in across a map edge on the
//! game-turns given [27.0], the NLF opening the game-turn in the scenarios where it moves first
//! [27.23, 27.25], units leaving by an exit edge, and the special victory conditions.
//!
//! A scenario that needs an optional rule not written yet is refused at setup with the rule
//! named ([`unwritten_rules`]), never played with the wrong rules.
//!
//! Hidden is hidden: an NLF counter walks in face-down (digest gap G27); the US reads only that
//! a counter came in or left, and which kind the NLF brings in next is the NLF's choice, so the
//! order of arrivals tells nothing. Exit points are counted at the end of the game, when every
//! counter is revealed anyway.

use serde::{Deserialize, Serialize};

use super::content::{
    Class, Content, Edge, Entry, Method, Scenario, Side, Special, Zone, data, in_ranges,
};
use super::hex::Hex;
use super::map::{Map, Terrain};
use super::play::Action;
use super::state::{SearchDestroy, Unit};
use crate::engine::message::{Message, msg, msg_n};

/// What the scenario's entries and special conditions keep track of in play.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Schedule {
    /// (unit, index of its entry among the scenario's entries), for every unit an entry names.
    pub entries: Vec<(usize, usize)>,
    /// The NLF's Player-Turn opens each game-turn [27.23, 27.25].
    pub nlf_first: bool,
    /// Units that left the map by their side's exit edge [27.0, digest gap G22].
    pub exited: Vec<usize>,
    /// Building hexes the US has searched [27.13].
    pub searched_buildings: Vec<Hex>,
    /// The US did not get out what the scenario demands and loses [27.11].
    pub exit_failed: bool,
}

/// The optional rules a scenario cannot be played without that are not written yet, by
/// section; empty when it can be played.
pub fn unwritten_rules(scen: &Scenario, _content: &Content) -> Vec<&'static str> {
    let mut missing = Vec::new();
    // The NLF never comes by helicopter; no scenario asks it to.
    if scen
        .entry
        .iter()
        .any(|e| e.method == Method::Helidrop && e.side == Side::Nlf)
    {
        missing.push("27.0");
    }
    missing
}

/// Why a scenario cannot be played yet, in words, if it cannot.
pub fn refusal(scen: &Scenario, content: &Content) -> Option<Message> {
    let missing = unwritten_rules(scen, content);
    if missing.is_empty() {
        return None;
    }
    Some(
        msg("scenario '{scenario}' needs rules that are not written yet: {rules}")
            .arg("scenario", &scen.id)
            .arg("rules", missing.join(", ")),
    )
}

/// Whether `hex` is on one of `edges` of the map.
fn on_edge(map: &Map, hex: Hex, edges: &[Edge]) -> bool {
    edges.iter().any(|e| match e {
        Edge::North => hex.row == 1,
        Edge::South => hex.row == map.rows,
        Edge::West => hex.col == 1,
        Edge::East => hex.col == map.columns,
    })
}

/// Whether a zone allows `hex`: every condition it gives holds (digest gap G32 for the
/// distance from the edges).
pub fn zone_allows(zone: &Zone, map: &Map, hex: Hex) -> bool {
    (zone.edges.is_empty() || on_edge(map, hex, &zone.edges))
        && in_ranges(zone, map, hex)
        && zone.min_column.is_none_or(|c| hex.col >= c)
        && zone.edge_margin.is_none_or(|m| {
            let near = (hex.col - 1)
                .min(map.columns - hex.col)
                .min(hex.row - 1)
                .min(map.rows - hex.row);
            near > m
        })
        && (zone.terrain.is_empty() || zone.terrain.contains(&map.terrain(hex)))
}

impl SearchDestroy {
    /// Deals the units out to the scenario's entries: the named ones first, in the order of
    /// the entries, the rest to the side's `rest` entry. Caches that come in carried go to
    /// the entry's porters [27.25].
    pub fn deal_entries(scen: &Scenario, content: &Content, units: &mut [Unit]) -> Schedule {
        let mut entries = Vec::new();
        let mut dealt = vec![false; units.len()];
        let id_of = |u: &Unit| u.spec().map(|s| s.id.clone()).unwrap_or_default();
        for (k, e) in scen.entry.iter().enumerate().filter(|(_, e)| !e.rest) {
            for (id, n) in content.expand(&e.units) {
                let mine: Vec<usize> = (0..units.len())
                    .filter(|&i| !dealt[i] && units[i].side == e.side && id_of(&units[i]) == id)
                    .take(n as usize)
                    .collect();
                for i in mine {
                    dealt[i] = true;
                    entries.push((i, k));
                }
            }
        }
        for (k, e) in scen.entry.iter().enumerate().filter(|(_, e)| e.rest) {
            for i in 0..units.len() {
                if !dealt[i] && units[i].side == e.side {
                    dealt[i] = true;
                    entries.push((i, k));
                }
            }
        }
        for (k, e) in scen.entry.iter().enumerate() {
            for (cache, &n) in &e.carried {
                for _ in 0..n {
                    let porter = (0..units.len()).find(|&i| {
                        entries.contains(&(i, k))
                            && units[i].is("porter")
                            && units[i].carrying.is_none()
                    });
                    let load = (0..units.len()).find(|&i| {
                        units[i].is(cache.id())
                            && units[i].carried_by.is_none()
                            && !units[i].removed
                    });
                    if let (Some(p), Some(l)) = (porter, load) {
                        units[p].carrying = Some(l);
                        units[l].carried_by = Some(p);
                        entries.retain(|&(j, _)| j != l);
                        entries.push((l, k));
                    }
                }
            }
        }
        entries.sort_unstable();
        Schedule {
            entries,
            nlf_first: scen.first == Side::Nlf,
            ..Schedule::default()
        }
    }

    fn scenario_data(&self) -> Option<&'static Scenario> {
        data().scenario(&self.scenario)
    }

    /// The entry that brings `unit` into play, if the scenario names one.
    pub fn entry_of(&self, unit: usize) -> Option<&'static Entry> {
        let k = self
            .schedule
            .entries
            .binary_search_by_key(&unit, |&(i, _)| i)
            .ok()
            .map(|p| self.schedule.entries[p].1)?;
        self.scenario_data()?.entry.get(k)
    }

    /// Whether `unit` waits off the map for its entry, across an edge or by helicopter
    /// (boarding the landing under way it still waits); setup units do not.
    pub fn waits(&self, unit: usize) -> bool {
        let u = &self.units[unit];
        u.hex.is_none()
            && !u.removed
            && self
                .entry_of(unit)
                .is_some_and(|e| e.method != Method::Setup)
    }

    /// Whether the setup entry of `unit` lets it be placed in `hex` [27.0].
    pub fn in_setup_zone(&self, unit: usize, hex: Hex) -> bool {
        self.entry_of(unit)
            .is_none_or(|e| zone_allows(&self.zone_of(e), &data().map, hex))
    }

    /// Where `entry` comes in: its zone, or with the printed entry edges switched on the
    /// edges the rulebook prints where a ruling moved them (digest ruling A16).
    pub fn zone_of(&self, entry: &super::content::Entry) -> Zone {
        let mut zone = entry.zone.clone();
        if self.options.printed_entry_edges && !zone.printed_edges.is_empty() {
            zone.edges = zone.printed_edges.clone();
        }
        zone
    }

    /// The side whose Player-Turn opens each game-turn.
    pub fn first_side(&self) -> Side {
        if self.schedule.nlf_first {
            Side::Nlf
        } else {
            Side::Us
        }
    }

    /// After the NLF has set up: the first Player-Turn, which for the US opens with the
    /// landing of the units due by helicopter [9.12, 27.0].
    pub(super) fn after_setup(&mut self) {
        self.start_movement(self.first_side());
    }

    /// Units of `side` that may walk in now: waiting for a ground entry that includes this
    /// game-turn, not carried (a porter brings its load).
    fn arrivals(&self, side: Side) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&i| {
                let u = &self.units[i];
                u.side == side
                    && u.carried_by.is_none()
                    && self.waits(i)
                    && self
                        .entry_of(i)
                        .is_some_and(|e| e.method == Method::Ground && e.turns.contains(&self.turn))
            })
            .collect()
    }

    /// Entering units of `side` [27.0]: one of each kind still to come (which one comes next
    /// is the owner's choice), into each hex of its entry zone that it may end in and pay for.
    /// None while a unit already moving could not stop where it is.
    pub fn entry_actions(&self, side: Side) -> Vec<Action> {
        if let Some(a) = self.active
            && self.units[a].on_map()
            && !self.may_end(a, self.units[a].hex.expect("on the map"))
        {
            return Vec::new();
        }
        let map = &data().map;
        let mut kinds = Vec::new();
        let mut out = Vec::new();
        for unit in self.arrivals(side) {
            let kind = self.units[unit].kind;
            if kinds.contains(&kind) {
                continue;
            }
            kinds.push(kind);
            let zone = &self.zone_of(self.entry_of(unit).expect("an arrival has an entry"));
            let mp = self.units[unit].mp;
            out.extend(
                map.hexes()
                    .filter(|&h| zone_allows(zone, map, h))
                    .filter(|&h| self.passable(h, side) && self.side_at(h, side).next().is_none())
                    .filter(|&h| self.first_hex_cost(unit, h) <= mp)
                    .map(|hex| Action::Enter { unit, hex }),
            );
        }
        out
    }

    /// Whether the Movement Phase must go on: units due on their last entry turn that can
    /// still come in [27.0].
    pub fn must_enter(&self, side: Side) -> bool {
        self.arrivals(side).iter().any(|&i| {
            self.entry_of(i)
                .is_some_and(|e| e.turns.iter().all(|&t| t <= self.turn))
        }) && !self.entry_actions(side).is_empty()
    }

    /// A unit walks in across the edge, paying for the first hex, and goes on moving [27.0].
    pub(super) fn enter(&mut self, unit: usize, hex: Hex) {
        self.release_other(unit);
        self.active = Some(unit);
        let cost = self.first_hex_cost(unit, hex);
        let u = &mut self.units[unit];
        u.mp -= cost;
        u.spent += cost;
        u.moved = true;
        self.put(unit, hex);
        self.log_crossing(
            unit,
            hex,
            msg("{unit} enters the map at {hex}"),
            msg("An NLF counter enters the map at {hex}"),
        );
        self.reveal_by_sight();
        self.mine_check(unit, hex);
    }

    /// At the start of a Movement Phase: units whose last entry turn has passed without them
    /// coming in stay out of the game.
    pub(super) fn expire_entries(&mut self, side: Side) {
        let late: Vec<usize> = (0..self.units.len())
            .filter(|&i| self.units[i].side == side && self.waits(i))
            .filter(|&i| {
                self.entry_of(i)
                    .is_some_and(|e| e.turns.iter().all(|&t| t < self.turn))
            })
            .collect();
        if late.is_empty() {
            return;
        }
        for &i in &late {
            self.units[i].removed = true;
        }
        self.log.add(
            "27.0",
            msg_n(
                "{n} {side} unit never came in and is out of the game",
                "{n} {side} units never came in and are out of the game",
                late.len() as u32,
            )
            .arg("n", late.len())
            .term("side", side.name()),
        );
    }

    /// The edge by which `side` may leave the map, if the scenario gives one [27.11, 27.23,
    /// 27.25].
    pub fn exit_edge(&self, side: Side) -> Option<Edge> {
        self.scenario_data()?
            .special
            .iter()
            .find_map(|s| match (s, side) {
                (Special::ExitPoints { edge, .. }, Side::Nlf)
                | (Special::ExitRequired { edge, .. }, Side::Us) => Some(*edge),
                _ => None,
            })
    }

    /// Units free to act in the Movement Phase that stand on their exit edge with a movement
    /// point left to step off [27.0]. Peasants never move [5.25].
    pub fn exit_actions(&self, side: Side, free: &[usize]) -> Vec<Action> {
        let Some(edge) = self.exit_edge(side) else {
            return Vec::new();
        };
        let map = &data().map;
        free.iter()
            .copied()
            .filter(|&i| {
                let u = &self.units[i];
                u.on_map()
                    && u.mp >= 1
                    && !u.pinned
                    && !u.landed
                    && !u.is("peasant")
                    && u.class()
                        .is_some_and(|c| c.personnel() || c == Class::Dummy || c == Class::Vehicle)
                    && u.hex.is_some_and(|h| on_edge(map, h, &[edge]))
            })
            .map(|unit| Action::Exit { unit })
            .collect()
    }

    /// Logs a unit crossing the map edge [27.0]: by name for both sides when it is face-up;
    /// when it is face-down the NLF reads its name and the US only that a counter crossed.
    fn log_crossing(&mut self, unit: usize, hex: Hex, named: Message, unnamed: Message) {
        let name = self.units[unit].spec().map_or("", |s| s.name.as_str());
        let named = named.term("unit", name).arg("hex", hex);
        if self.units[unit].hidden() {
            let unnamed = unnamed.arg("hex", hex);
            self.log
                .add_for(Side::Us.seat(), "27.0", unnamed, Vec::new());
            self.log
                .add_for(Side::Nlf.seat(), "27.0", named, Vec::new());
        } else {
            self.log.add("27.0", named);
        }
    }

    /// A unit steps off the map with what it carries; it is out of play (digest gap G22).
    pub(super) fn exit(&mut self, unit: usize) {
        self.release_other(unit);
        let hex = self.units[unit].hex.expect("an exiting unit is on the map");
        self.log_crossing(
            unit,
            hex,
            msg("{unit} leaves the map at {hex}"),
            msg("An NLF counter leaves the map at {hex}"),
        );
        let load = self.units[unit].carrying;
        self.drop_load(unit);
        // An APC takes its passengers off with it [22.5].
        let riders = self.riders(unit);
        for i in [Some(unit), load].into_iter().flatten().chain(riders) {
            let u = &mut self.units[i];
            u.removed = true;
            u.hex = None;
            u.pinned = false;
            u.aboard = None;
            self.schedule.exited.push(i);
        }
        if self.active == Some(unit) {
            self.active = None;
        }
    }

    /// Records a building hex searched by the US [27.13].
    pub(super) fn note_search(&mut self, hex: Hex) {
        if data().map.terrain(hex) == Terrain::Building
            && !self.schedule.searched_buildings.contains(&hex)
        {
            self.schedule.searched_buildings.push(hex);
        }
    }

    /// The material points of a cache [10.12], times the scenario's multiplier [27.22, 27.31].
    pub fn material_points(&self, cache_id: &str) -> (u32, u32) {
        let (destroyed, captured) = SearchDestroy::material(cache_id);
        let factor = self
            .scenario_data()
            .into_iter()
            .flat_map(|s| &s.special)
            .find_map(|s| match s {
                Special::CacheMultiplier { cache, factor, .. } if cache.id() == cache_id => {
                    Some(u32::from(*factor))
                }
                _ => None,
            })
            .unwrap_or(1);
        (destroyed * factor, captured * factor)
    }

    /// The scenario's special victory conditions, judged at the end [27.0].
    pub(super) fn scenario_points(&mut self) {
        let Some(scen) = self.scenario_data() else {
            return;
        };
        for special in &scen.special {
            match *special {
                Special::ExitPoints { porter, other, .. } => {
                    let (porters, others) = self.exit_counts();
                    let points = u32::from(porter) * porters + u32::from(other) * others;
                    self.points[1] += points;
                    self.log.add(
                        "27.0",
                        msg("Off the map: porters {porters}, other units {others}; points to the NLF: {points}")
                            .arg("porters", porters)
                            .arg("others", others)
                            .arg("points", points),
                    );
                }
                Special::PorterRevealed { points, .. } => {
                    let revealed = self
                        .units
                        .iter()
                        .filter(|u| u.is("porter") && u.face_up)
                        .count() as u32;
                    let total = u32::from(points) * revealed;
                    self.points[0] += total;
                    self.log.add(
                        "27.0",
                        msg("Porters revealed: {n}; points to the US: {points}")
                            .arg("n", revealed)
                            .arg("points", total),
                    );
                }
                Special::SearchedBuilding { points, .. } => {
                    let n = self.schedule.searched_buildings.len() as u32;
                    let total = u32::from(points) * n;
                    self.points[0] += total;
                    self.log.add(
                        "27.13",
                        msg("Building hexes searched: {n}; points to the US: {points}")
                            .arg("n", n)
                            .arg("points", total),
                    );
                }
                Special::ExitRequired { apc, squads, .. } => {
                    let out = |f: &dyn Fn(&Unit) -> bool| {
                        self.schedule
                            .exited
                            .iter()
                            .filter(|&&i| self.units[i].side == Side::Us && f(&self.units[i]))
                            .count()
                    };
                    let apcs = out(&|u| u.is("apc"));
                    let squad_count = out(&|u| {
                        u.spec()
                            .is_some_and(|s| s.class == Class::Combat && s.id.contains("squad"))
                    });
                    self.schedule.exit_failed =
                        apcs < usize::from(apc) || squad_count < usize::from(squads);
                    if self.schedule.exit_failed {
                        self.log.add(
                            "27.11",
                            msg("The US got {apcs} APCs and {squads} squads off the map, too few: it loses")
                                .arg("apcs", apcs)
                                .arg("squads", squad_count),
                        );
                    }
                }
                Special::CacheMultiplier { .. } => {}
            }
        }
    }

    /// NLF porters, and other NLF personnel units, that left by the exit edge; dummies are
    /// no units and score nothing (ruling), nor do the caches carried out.
    fn exit_counts(&self) -> (u32, u32) {
        let mut porters = 0;
        let mut others = 0;
        for &i in &self.schedule.exited {
            let u = &self.units[i];
            if u.side != Side::Nlf {
                continue;
            }
            match u.class() {
                _ if u.is("porter") => porters += 1,
                Some(c) if c.personnel() => others += 1,
                _ => {}
            }
        }
        (porters, others)
    }
}
