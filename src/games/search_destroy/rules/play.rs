//! The Basic game's sequence [4.1] as a state machine: the decisions each step offers and
//! what each action does.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::content::{Class, Side, data};
use super::crt::{Crt, CrtCell, Effect, odds_column};
use super::hex::Hex;
use super::map::{Hexside, Terrain};
use super::options::Options;
use super::reach::{Occupied, Reach, Steps};
use super::state::{Attack, RANGE, SearchDestroy, Step, Unit};
use crate::engine::dice::d6;
use crate::engine::game::{Applied, Refusal, SetupError};
use crate::engine::log::{Log, Random};
use crate::engine::message::{Message, msg, msg_n, n_};
use crate::engine::rng::Rng;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// NLF setup: put a counter face-down on a hex [9.11].
    Place {
        unit: usize,
        hex: Hex,
    },
    /// US: a unit that may fly in this game-turn boards the helicopters [27.26].
    Board(usize),
    /// US: the boarding is done; the helicopters take off (or none does) [27.0].
    EndBoarding,
    /// US: add a hex to the landing snake [9.12].
    Land(Hex),
    /// US: start the landing snake again.
    ResetLanding,
    /// US: the landing hex of the company commander's helicopter.
    Commander(Hex),
    /// Pick the hex to attack (a landing helicopter, or enemy units) [6.1, 9.13].
    Target(Hex),
    /// Add a unit to the attack being declared [6.15].
    AddFirer(usize),
    /// Roll the attack [6.0].
    Resolve,
    /// Drop the attack being declared.
    Cancel,
    /// No more attacks this phase (or at these helicopters).
    EndFire,
    /// Take up a unit to move it [5.0]: units move one at a time, and taking up another
    /// releases the one that has moved.
    Select(usize),
    /// Move the unit taken up to a hex [5.1]: straight into an adjacent hex, farther by the
    /// cheapest path. Several moves make one unit's move, so the player traces any path.
    Move {
        unit: usize,
        to: Hex,
    },
    /// Pick up a non-personnel unit in the hex [5.31, 5.32].
    PickUp {
        unit: usize,
        load: usize,
    },
    /// Drop what the unit carries [5.31].
    Drop {
        unit: usize,
    },
    /// Destroy a face-up enemy cache in the hex [5.41].
    Destroy {
        unit: usize,
        cache: usize,
    },
    /// Standard game: the unit stays pinned in its hex through the whole Player-Turn, and
    /// the caches there that were found in an earlier game-turn are destroyed at its end
    /// [12.35].
    Demolish {
        unit: usize,
    },
    EndMovement,
    /// Announce the game-turn's probe of a hex next to the probing unit [5.33].
    Probe {
        hex: Hex,
        unit: usize,
    },
    NoProbe,
    /// The owner of a carrier fired upon picks its hex among the equally distant ones [5.35].
    Retreat(Hex),
    /// Standard game: a US combat unit searches a hex of face-down counters [12.2].
    Search {
        unit: usize,
        hex: Hex,
    },
    /// Standard game: the NLF attacks the searcher by surprise [12.1], or lets it go.
    Surprise,
    NoSurprise,
    /// Standard game: an eligible face-up NLF combat unit turns face-down [11.0].
    Hide(usize),
    EndHiding,
    /// Improved positions: a unit that did nothing this Player-Turn digs in [16.1].
    DigIn(usize),
    /// Ambush, at setup: a combat unit watches a marker (a dummy becomes one) [18.0].
    Ambush {
        unit: usize,
        marker: usize,
    },
    /// Ambush: no more assignments; the US lands.
    EndAmbush,
    /// Increased fire: a firer of the attack being declared puts two units of fire into it
    /// [19.11].
    DoubleFire(usize),
    /// Increased fire: the US flies an ammunition supply in to a hex [19.24].
    DropSupply(Hex),
    /// Scenarios: a unit walks in across the map edge into a hex [27.0].
    Enter {
        unit: usize,
        hex: Hex,
    },
    /// Scenarios: a unit on its exit edge leaves the map [27.0].
    Exit {
        unit: usize,
    },
    /// Interrogation: a decision about questioning a captive [23.0].
    Question(super::interrogation::Question),
    /// HE fire: a call, an impact marker, the fire, an air strike's pattern [21.0].
    He(super::he_fire::HeAction),
    /// Casualty combat system: a MEDEVAC decision [20.6].
    Casualty(super::casualties::CasualtyAction),
    /// Tanks and APCs: mines, boarding, turret fire, RPG-7s [22.0].
    Vehicle(super::vehicles::VehicleAction),
    /// Simultaneous movement: a decision of the Mutual Plot Phase [28.1].
    Plot(super::simultaneous::PlotAction),
    /// Helicopter gun support: guns joining an attack, NLF fire at a helicopter [26.0].
    Guns(super::helicopter_guns::GunAction),
}

fn refuse(why: Message) -> Refusal {
    Refusal::new(why)
}

impl SearchDestroy {
    pub fn new(scenario: &str, seed: u64) -> Result<SearchDestroy, SetupError> {
        SearchDestroy::with_options(scenario, &Options::default(), seed)
    }

    /// A new game of `scenario` with the optional rules of `options` [29.0].
    pub fn with_options(
        scenario: &str,
        options: &Options,
        seed: u64,
    ) -> Result<SearchDestroy, SetupError> {
        let content = super::content::content().map_err(|e| SetupError::Content(e.to_string()))?;
        let scen = content
            .scenario(scenario)
            .ok_or_else(|| SetupError::UnknownScenario(scenario.to_owned()))?;
        if let Some(why) = super::scenario::refusal(scen, content).or_else(|| options.refusal()) {
            return Err(SetupError::invalid(why));
        }
        let mut rng = Rng::for_game(seed);
        let mut log = Log::default();
        let mut vob_roll = None;
        let mut units = Vec::new();
        for side in [Side::Us, Side::Nlf] {
            let mut mine = Vec::new();
            let forces = if side == Side::Nlf && scen.variable_ob {
                let (roll, forces) = SearchDestroy::variable_forces(content, &mut rng, &mut log);
                vob_roll = Some(roll);
                forces
            } else {
                content.expand(scen.forces(side))
            };
            for (id, n) in forces {
                let kind = content
                    .counter_index(&id)
                    .ok_or_else(|| SetupError::Content(format!("no counter '{id}'")))?;
                for _ in 0..n {
                    mine.push(Unit::new(kind as u16, side));
                }
            }
            // The order of the NLF's counters tells nothing about which is which.
            if side == Side::Nlf {
                rng.shuffle(&mut mine);
            }
            units.extend(mine);
        }
        let schedule = SearchDestroy::deal_entries(scen, content, &mut units);
        super::command::organize(scen, content, &mut units);
        log.add(
            "9.0",
            msg("{scenario}: the NLF sets up face-down, then the US lands by helicopter")
                .term("scenario", scen.title.clone()),
        );
        let mut game = SearchDestroy {
            scenario: scenario.to_owned(),
            level: scen.level,
            options: options.clone(),
            vob_roll,
            snake_start: 0,
            surprises: Vec::new(),
            rng,
            log,
            units,
            turn: 1,
            last_turn: scen.game_turns,
            step: Step::Setup,
            points: [0, 0],
            landing: Vec::new(),
            commander_hex: None,
            boarding: Vec::new(),
            attacked: Vec::new(),
            attack: None,
            active: None,
            probe: None,
            commander_destroyed: false,
            ambushes_set: false,
            supplies_flown: 0,
            supply_drop: None,
            schedule,
            interrogation: Default::default(),
            he_fire: Default::default(),
            casualties: Default::default(),
            helicopter_guns: Default::default(),
            vehicles: Default::default(),
            simultaneous: Default::default(),
        };
        game.simultaneous_fits(scen);
        game.issue_fire();
        game.allot_he(scen.artillery, scen.air_strikes);
        // Nothing to set up when every NLF counter walks in [27.23, 27.25].
        if game.next_to_place().is_none() {
            game.end_setup_if_done();
        }
        Ok(game)
    }

    /// Setup ends once every counter is placed and no ambush is left to assign [9.11, 18.0].
    pub(super) fn end_setup_if_done(&mut self) {
        if self.mines_to_lay() > 0 {
            return;
        }
        if self.ambush_assignments().is_empty() {
            self.ambushes_set = true;
            self.after_setup();
        }
    }

    /// The side to act.
    pub fn actor(&self) -> Option<Side> {
        match self.step {
            Step::Setup | Step::LandingFire | Step::Surprise | Step::Hiding | Step::SupplyFire => {
                Some(Side::Nlf)
            }
            Step::Boarding
            | Step::Landing
            | Step::Commander
            | Step::Probe
            | Step::HeFire
            | Step::Vehicles => Some(Side::Us),
            Step::Movement(s) | Step::Combat(s) | Step::Plot(s) => Some(s),
            Step::Retreat { unit, .. } => Some(self.units[unit].side),
            Step::Interrogation => Some(self.interrogation_actor()),
            Step::Over => None,
        }
    }

    /// The next NLF counter to place: by kind, so that a player places like with like.
    pub fn next_to_place(&self) -> Option<usize> {
        (0..self.units.len())
            .filter(|&i| {
                let u = &self.units[i];
                u.side == Side::Nlf && u.hex.is_none() && !u.removed && !self.waits(i)
            })
            .min_by_key(|&i| (self.units[i].kind, i))
    }

    /// Where the next counter may go [9.11]: an empty hex; peasants only in clear, broken,
    /// building or treeline hexes, at most two of them in treelines.
    pub fn placement_hexes(&self, unit: usize) -> Vec<Hex> {
        let map = &data().map;
        let peasant = self.units[unit].is("peasant");
        let treeline_peasants = self
            .units
            .iter()
            .filter(|u| {
                u.is("peasant") && u.hex.is_some_and(|h| map.terrain(h) == Terrain::Treeline)
            })
            .count();
        let mut taken = vec![false; usize::from(map.columns) * usize::from(map.rows)];
        let index =
            |h: Hex| usize::from(h.row - 1) * usize::from(map.columns) + usize::from(h.col - 1);
        for h in self
            .units
            .iter()
            .filter_map(|u| u.hex.filter(|_| !u.removed))
        {
            taken[index(h)] = true;
        }
        map.hexes()
            .filter(|&h| !taken[index(h)] && self.in_setup_zone(unit, h))
            .filter(|&h| {
                !peasant
                    || match map.terrain(h) {
                        Terrain::Forest => false,
                        Terrain::Treeline => treeline_peasants < 2,
                        _ => true,
                    }
            })
            .collect()
    }

    /// Landing hexes that extend the snake [9.12, digest ruling A34]: a legal landing hex
    /// next to exactly one chosen hex, which must be an end of the snake. Once the snakes
    /// are laid, the helicopters flying free take any legal landing hex [27.26].
    pub fn landing_hexes(&self) -> Vec<Hex> {
        let map = &data().map;
        let rappelling = self.rappelling();
        let chosen = |h: Hex| self.landing.contains(&h);
        let degree = |h: Hex| map.neighbours(h).filter(|&n| chosen(n)).count();
        let current = &self.landing[self.snake_start..];
        let snake = self.snake_helicopters();
        let free = self.landing.len() >= snake;
        let mut hexes: Vec<Hex> = map
            .hexes()
            .filter(|&h| self.may_land(h, rappelling) && !chosen(h))
            .filter(|&h| {
                if self.landing.is_empty() || free {
                    return true;
                }
                let touching: Vec<Hex> = map.neighbours(h).filter(|&n| chosen(n)).collect();
                touching.len() == 1 && current.contains(&touching[0]) && degree(touching[0]) <= 1
            })
            .collect();
        if !free {
            hexes.extend(self.new_snake_hexes(snake, rappelling));
            hexes.sort();
            hexes.dedup();
        }
        hexes
    }

    /// Units of `side` that may still start or go on moving.
    pub(super) fn movers(&self, side: Side) -> Vec<usize> {
        if let Some(a) = self.active
            && !self.may_end(a, self.units[a].hex.expect("the moving unit is on the map"))
        {
            return vec![a];
        }
        (0..self.units.len())
            .filter(|&i| {
                let u = &self.units[i];
                u.side == side
                    && u.on_map()
                    && (!u.released || self.active == Some(i))
                    && !u.pinned
                    && !u.landed
                    && u.carried_by.is_none()
                    && u.mp > 0
                    && !self.held(i)
            })
            .collect()
    }

    /// The cost for `side` to enter `to` from the adjacent `from` [8.0]: the hex's cost plus
    /// a berm's or river's.
    pub(super) fn entry_cost(from: Hex, to: Hex) -> u8 {
        let map = &data().map;
        let c = data();
        let mut cost = c.terrain[&map.terrain(to)].infantry_mp;
        for feature in [Hexside::Berm, Hexside::River] {
            if map.between(from, to, feature) {
                cost += c.hexsides[&feature].infantry_mp;
            }
        }
        cost
    }

    /// Cheapest paths for a unit within its movement points, through hexes it may pass
    /// [5.14, 5.21]: for each reachable hex, its cost and the hex it is entered from.
    pub fn reach(&self, unit: usize) -> BTreeMap<Hex, (u8, Hex)> {
        self.reach_of(unit, &Occupied::of(self))
            .iter()
            .map(|(hex, cost, from)| (hex, (cost, from)))
            .collect()
    }

    /// The hexes a unit enters on a move to `to` and their total cost: straight in when `to`
    /// is adjacent and the unit can pay for it, else the cheapest path of `reach`.
    fn route(&self, unit: usize, reach: &Reach, to: Hex) -> Option<(u8, Vec<Hex>)> {
        let u = &self.units[unit];
        let start = u.hex.expect("a moving unit is on the map");
        if start.distance(to) == 1 && self.passable(to, u.side) {
            let cost = self.step_cost(unit, start, to);
            if cost <= u.mp {
                return Some((cost, vec![to]));
            }
        }
        let (cost, _) = reach.get(to)?;
        Some((cost, reach.route_to(to)))
    }

    /// Where a unit may move now: hexes it may end in, or stop on to pick up. Every hex the
    /// unit can pay its way to is reached (an adjacent one it can pay for is among them); an
    /// empty one it may always end in.
    pub fn destinations(&self, unit: usize) -> Vec<Hex> {
        let u = &self.units[unit];
        let pick_up = SearchDestroy::pick_up_cost(u.side);
        let start = u.hex.expect("a moving unit is on the map");
        let occupied = Occupied::of(self);
        let steps = Steps::get();
        self.reach_of(unit, &occupied)
            .iter()
            .filter(|&(h, reached, _)| {
                if !occupied.at(steps.index(h)) {
                    return true;
                }
                // Straight in when adjacent and affordable [route], else the cheapest path.
                let direct = self.step_cost(unit, start, h);
                let c = if start.distance(h) == 1 && direct <= u.mp {
                    direct
                } else {
                    reached
                };
                self.may_end(unit, h) || (self.may_stop_to_pick_up(unit, h) && u.mp - c >= pick_up)
            })
            .map(|(h, _, _)| h)
            .collect()
    }

    /// Whether a unit has anywhere to move: an empty neighbour it can pay for will do, else
    /// its destinations are worked out.
    pub fn has_destination(&self, unit: usize) -> bool {
        let u = &self.units[unit];
        let start = u.hex.expect("a moving unit is on the map");
        data()
            .map
            .neighbours(start)
            .any(|n| self.step_cost(unit, start, n) <= u.mp && self.units_at(n).next().is_none())
            || !self.destinations(unit).is_empty()
    }

    /// Hexes the phasing side may attack [6.11, 6.12; digest ruling A40]: those of enemy
    /// personnel or face-down counters, also where they hold one of the firer's caches.
    pub fn targets(&self, side: Side) -> Vec<Hex> {
        let mut hexes: Vec<Hex> = self
            .units
            .iter()
            .filter(|u| u.side != side && u.on_map())
            .filter(|u| u.hidden() || u.class().is_some_and(Class::personnel))
            .filter_map(|u| u.hex)
            .collect();
        hexes.sort();
        hexes.dedup();
        // A searcher's own hex is no target (digest 4.4.2); a peasant beside a US unit does
        // not shield it (digest 4.2 item 10).
        hexes.retain(|h| {
            !self.attacked.contains(h)
                && !self.side_at(*h, side).any(|i| {
                    let u = &self.units[i];
                    u.class().is_some_and(Class::personnel) && !u.is("peasant")
                })
                && (!self.firers(side, *h).is_empty() || !self.guns_at(*h).is_empty())
        });
        hexes
    }

    /// Units of `side` that may fire at `target`: landing fire by hard-core and leaders at
    /// any helicopter within 8 hexes, terrain never in the way [9.13, 6.28]; otherwise any
    /// combat unit free to fire, in range and sight [6.1, 6.2].
    pub fn firers(&self, side: Side, target: Hex) -> Vec<usize> {
        if self.helicopter_fire() {
            return self.helicopter_firers(target);
        }
        (0..self.units.len())
            .filter(|&i| self.units[i].side == side)
            .filter(|&i| {
                let u = &self.units[i];
                let Some(hex) = u.hex.filter(|_| u.on_map()) else {
                    return false;
                };
                self.may_fire(i)
                    && self.fire_allowed(i, target)
                    && self.near_first_target(i, target)
                    && self.sees(hex, target)
            })
            .collect()
    }

    fn probe_options(&self) -> Vec<(Hex, usize)> {
        let map = &data().map;
        let mut out = Vec::new();
        for i in 0..self.units.len() {
            let u = &self.units[i];
            if u.side != Side::Us || !u.on_map() {
                continue;
            }
            let hex = u.hex.expect("on the map");
            for n in map.neighbours(hex) {
                if self.side_at(n, Side::Nlf).any(|j| self.units[j].hidden())
                    && !out.iter().any(|&(h, _)| h == n)
                {
                    out.push((n, i));
                }
            }
        }
        out.sort();
        out
    }

    /// Every legal action of the pending decision.
    pub fn actions(&self) -> Vec<Action> {
        match &self.step {
            Step::Setup => match self.next_to_place() {
                Some(unit) => self
                    .placement_hexes(unit)
                    .into_iter()
                    .map(|hex| Action::Place { unit, hex })
                    .collect(),
                None if self.mines_to_lay() > 0 => self.mine_actions(),
                None => {
                    let mut out: Vec<Action> = self
                        .ambush_assignments()
                        .into_iter()
                        .map(|(unit, marker)| Action::Ambush { unit, marker })
                        .collect();
                    out.push(Action::EndAmbush);
                    out
                }
            },
            Step::Boarding => self.boarding_actions(),
            Step::Landing => {
                let mut out: Vec<Action> =
                    self.landing_hexes().into_iter().map(Action::Land).collect();
                if !self.landing.is_empty() {
                    out.push(Action::ResetLanding);
                }
                out
            }
            Step::Commander => self
                .commander_hexes()
                .into_iter()
                .map(Action::Commander)
                .collect(),
            Step::Surprise => vec![Action::Surprise, Action::NoSurprise],
            Step::Hiding => {
                let mut out: Vec<Action> = self
                    .hiding_candidates()
                    .into_iter()
                    .map(Action::Hide)
                    .collect();
                out.push(Action::EndHiding);
                out
            }
            Step::LandingFire | Step::Combat(_) | Step::SupplyFire => self.fire_actions(),
            Step::Movement(side) => self.movement_actions(*side),
            Step::Probe => {
                let mut out: Vec<Action> = self
                    .probe_options()
                    .into_iter()
                    .map(|(hex, unit)| Action::Probe { hex, unit })
                    .collect();
                out.push(Action::NoProbe);
                out
            }
            Step::Retreat { hexes, .. } => hexes.iter().map(|&h| Action::Retreat(h)).collect(),
            Step::Interrogation => self.interrogation_actions(),
            Step::HeFire => self.he_actions(),
            Step::Vehicles => self.vehicle_step_actions(),
            Step::Plot(side) => self.plot_actions(*side),
            Step::Over => Vec::new(),
        }
    }

    fn fire_side(&self) -> Side {
        match self.step {
            Step::Combat(s) => s,
            _ => Side::Nlf,
        }
    }

    fn fire_actions(&self) -> Vec<Action> {
        let side = self.fire_side();
        match &self.attack {
            Some(a) => {
                let mut out: Vec<Action> = self
                    .firers(side, a.target)
                    .into_iter()
                    .filter(|i| !a.firers.contains(i))
                    .map(Action::AddFirer)
                    .collect();
                out.extend(self.double_candidates().into_iter().map(Action::DoubleFire));
                out.extend(self.gun_actions(a));
                if !a.firers.is_empty() || !a.guns.is_empty() {
                    out.push(Action::Resolve);
                }
                out.push(Action::Cancel);
                out
            }
            None => {
                let targets = if self.step == Step::LandingFire {
                    self.landing
                        .iter()
                        .copied()
                        .filter(|h| !self.attacked.contains(h) && !self.firers(side, *h).is_empty())
                        .collect()
                } else if self.step == Step::SupplyFire {
                    self.supply_target()
                        .into_iter()
                        .filter(|h| !self.firers(side, *h).is_empty())
                        .collect()
                } else {
                    self.targets(side)
                };
                let mut out: Vec<Action> = targets.into_iter().map(Action::Target).collect();
                out.extend(self.helicopter_targets());
                out.extend(self.rpg_actions());
                out.extend(self.dig_in_candidates().into_iter().map(Action::DigIn));
                out.push(Action::EndFire);
                out
            }
        }
    }

    /// The unit taken up moves; the others may be taken up (units move one at a time [5.0]).
    fn movement_actions(&self, side: Side) -> Vec<Action> {
        if !self.casualties.named.is_empty() {
            return self.medevac_actions();
        }
        let movers = self.movers(side);
        let mut out = Vec::new();
        if let Some(a) = self.active
            && movers.contains(&a)
        {
            out.extend(
                self.destinations(a)
                    .into_iter()
                    .map(|to| Action::Move { unit: a, to }),
            );
        }
        out.extend(
            movers
                .iter()
                .filter(|&&m| Some(m) != self.active && self.has_destination(m))
                .map(|&m| Action::Select(m)),
        );
        for &unit in &movers {
            out.extend(
                self.search_options(unit)
                    .into_iter()
                    .map(|(hex, _)| Action::Search { unit, hex }),
            );
        }
        out.extend(self.entry_actions(side));
        out.extend(self.handling_actions(side));
        out
    }

    /// The Movement Phase's actions other than moves: loads, demolitions, the end.
    fn handling_actions(&self, side: Side) -> Vec<Action> {
        if !self.casualties.named.is_empty() {
            return self.medevac_actions();
        }
        let mut out = self.medevac_actions();
        let movers = self.movers(side);
        let free: Vec<usize> = match self.active {
            Some(a) if movers == [a] => vec![a],
            _ => (0..self.units.len())
                .filter(|&i| {
                    let u = &self.units[i];
                    u.side == side && u.on_map() && (!u.released || self.active == Some(i))
                })
                .collect(),
        };
        for &unit in &free {
            let u = &self.units[unit];
            let hex = u.hex.expect("on the map");
            if u.carrying.is_some() {
                out.push(Action::Drop { unit });
            }
            for load in self.units_at(hex) {
                if load != unit
                    && self.can_carry(unit, load)
                    && u.mp >= SearchDestroy::pick_up_cost(side)
                {
                    out.push(Action::PickUp { unit, load });
                }
                let l = &self.units[load];
                if side == Side::Us
                    && (!self.standard() || self.options.both_cache_destructions)
                    && u.class() == Some(Class::Combat)
                    && !u.pinned
                    && !u.landed
                    && u.carrying.is_none()
                    && u.mp >= 6
                    && l.side == Side::Nlf
                    && l.face_up
                    && l.class() == Some(Class::Cache)
                    && l.carried_by.is_none()
                {
                    out.push(Action::Destroy { unit, cache: load });
                }
            }
            if side == Side::Us && self.may_demolish(unit) {
                out.push(Action::Demolish { unit });
            }
        }
        out.extend(self.transport_actions(side, &free));
        out.extend(self.exit_actions(side, &free));
        out.extend(self.supply_destruction(side, &free));
        out.extend(self.supply_drop_hexes().into_iter().map(Action::DropSupply));
        if self
            .active
            .is_none_or(|a| self.may_end(a, self.units[a].hex.expect("on the map")))
            && !self.must_enter(side)
        {
            out.push(Action::EndMovement);
        }
        out
    }

    /// Checks an action against the legal list and performs it.
    pub fn apply_action(&mut self, action: &Action) -> Result<Applied, Refusal> {
        if self.step == Step::Over {
            return Err(refuse(msg("The game is over")));
        }
        let legal = match (&self.step, action) {
            // Only the one unit's paths need working out.
            (Step::Movement(side), Action::Move { unit, to }) => {
                self.active == Some(*unit)
                    && self.movers(*side).contains(unit)
                    && self.destinations(*unit).contains(to)
            }
            (Step::Movement(side), Action::Select(unit)) => {
                self.active != Some(*unit)
                    && self.movers(*side).contains(unit)
                    && self.has_destination(*unit)
            }
            (Step::Movement(side), Action::Search { unit, hex }) => {
                self.movers(*side).contains(unit)
                    && self.search_options(*unit).iter().any(|(h, _)| h == hex)
            }
            (Step::Movement(side), Action::Enter { .. }) => {
                self.entry_actions(*side).contains(action)
            }
            (Step::Setup, Action::Vehicle(v @ super::vehicles::VehicleAction::Mine(_))) => {
                self.vehicle_legal(*v)
            }
            (Step::Movement(side), _) => self.handling_actions(*side).contains(action),
            _ => self.actions().contains(action),
        };
        if !legal {
            let why = self.landing_refusal(action);
            return Err(refuse(
                why.unwrap_or_else(|| msg("That is not a legal action now")),
            ));
        }
        Ok(self.perform(action))
    }

    fn perform(&mut self, action: &Action) -> Applied {
        match *action {
            Action::Place { unit, hex } => {
                self.units[unit].hex = Some(hex);
                if self.next_to_place().is_none() {
                    self.log
                        .add("9.11", msg("The NLF has placed its counters face-down"));
                    self.end_setup_if_done();
                }
                Applied::QUIET
            }
            Action::Ambush { unit, marker } => {
                self.assign_ambush(unit, marker);
                self.end_setup_if_done();
                Applied::QUIET
            }
            Action::EndAmbush => {
                self.ambushes_set = true;
                self.end_setup_if_done();
                Applied::QUIET
            }
            Action::Land(hex) => {
                if data()
                    .map
                    .neighbours(hex)
                    .all(|n| !self.landing.contains(&n))
                {
                    self.snake_start = self.landing.len();
                }
                self.landing.push(hex);
                if self.landing.len() == self.passengers().len() {
                    if self.commander_aboard().is_some() {
                        self.step = Step::Commander;
                    } else {
                        self.approach();
                    }
                }
                Applied::QUIET
            }
            Action::Board(unit) => {
                self.boarding.push(unit);
                Applied::QUIET
            }
            Action::EndBoarding => {
                self.end_boarding();
                Applied::QUIET
            }
            Action::ResetLanding => {
                self.landing.clear();
                self.snake_start = 0;
                Applied::QUIET
            }
            Action::Commander(hex) => {
                self.commander_hex = Some(hex);
                self.approach();
                // Which helicopter carries whom is the US's until the landing fire is over.
                self.log.add_for(
                    Side::Us.seat(),
                    "9.12",
                    msg("The company commander rides in the helicopter for {hex}").arg("hex", hex),
                    Vec::new(),
                );
                Applied::QUIET
            }
            Action::Target(hex) => {
                self.attack = Some(Attack::on(hex));
                Applied::QUIET
            }
            Action::AddFirer(unit) => {
                if let Some(a) = &mut self.attack {
                    a.firers.push(unit);
                }
                Applied::QUIET
            }
            Action::Cancel => {
                self.clear_doubles();
                self.attack = None;
                Applied::QUIET
            }
            Action::Resolve => {
                let attack = self.attack.take().expect("Resolve needs an attack");
                if self.step == Step::LandingFire || attack.helicopter.is_some() {
                    self.resolve_landing_fire(&attack);
                } else if self.step == Step::SupplyFire {
                    self.resolve_supply_fire(&attack);
                } else {
                    self.resolve_fire(&attack);
                }
                Applied::REVEALED
            }
            Action::EndFire => self.end_fire(),
            Action::Select(unit) => {
                self.release_other(unit);
                self.active = Some(unit);
                Applied::QUIET
            }
            Action::Move { unit, to } => {
                self.move_unit(unit, to);
                Applied::REVEALED
            }
            Action::Retreat(to) => {
                let Step::Retreat {
                    unit,
                    combat,
                    surprise,
                    ..
                } = self.step
                else {
                    unreachable!("a retreat is offered only while one is pending");
                };
                self.fall_back(unit, to);
                self.step = Step::Combat(combat);
                if surprise {
                    self.next_surprise();
                }
                Applied::REVEALED
            }
            Action::Search { unit, hex } => {
                self.release_other(unit);
                self.active = Some(unit);
                self.search(unit, hex);
                Applied::REVEALED
            }
            Action::Surprise | Action::NoSurprise => {
                self.surprise(*action == Action::Surprise);
                Applied::REVEALED
            }
            Action::Hide(unit) => {
                self.hide(unit);
                Applied::QUIET
            }
            Action::EndHiding => {
                self.after_nlf_turn();
                Applied::REVEALED
            }
            Action::DigIn(unit) => {
                self.dig_in(unit);
                Applied::QUIET
            }
            Action::PickUp { unit, load } => {
                self.release_other(unit);
                let cost = SearchDestroy::pick_up_cost(self.units[unit].side);
                let u = &mut self.units[unit];
                u.mp = (u.mp - cost) / 2;
                u.spent += cost;
                u.moved = true;
                u.handled = true;
                u.improved = false;
                u.carrying = Some(load);
                self.units[load].carried_by = Some(unit);
                self.casualty_picked_up(load);
                self.active = Some(unit);
                let name = self.units[load].spec().map_or("", |s| s.name.as_str());
                if self.units[unit].side == Side::Us {
                    self.log.add(
                        "5.31",
                        msg("A US unit picks up the {cache}").term("cache", name),
                    );
                } else {
                    let carrier = self.units[unit].spec().map_or("", |s| s.name.as_str());
                    self.log.add_for(
                        Side::Nlf.seat(),
                        "5.31",
                        msg("The {unit} picks up the {cache}")
                            .term("unit", carrier)
                            .term("cache", name),
                        Vec::new(),
                    );
                }
                Applied::QUIET
            }
            Action::Drop { unit } => {
                self.release_other(unit);
                self.drop_load(unit);
                self.units[unit].handled = true;
                self.active = Some(unit);
                Applied::QUIET
            }
            Action::Destroy { unit, cache } if self.units[unit].side == Side::Nlf => {
                self.release_other(unit);
                self.active = Some(unit);
                self.destroy_supply(unit, cache);
                Applied::QUIET
            }
            Action::Destroy { unit, cache } => {
                self.release_other(unit);
                let u = &mut self.units[unit];
                u.mp -= 6;
                u.spent += 6;
                u.moved = true;
                u.handled = true;
                self.active = Some(unit);
                self.destroy_cache(cache, "5.41");
                Applied::QUIET
            }
            Action::Demolish { unit } => {
                self.release_other(unit);
                self.demolish(unit);
                Applied::QUIET
            }
            Action::EndMovement => {
                self.end_movement();
                Applied::REVEALED
            }
            Action::Probe { hex, unit } => {
                self.probe = Some((hex, unit));
                self.log
                    .add("5.33", msg("The US probes the hex {hex}").arg("hex", hex));
                self.start_us_combat();
                Applied::QUIET
            }
            Action::NoProbe => {
                self.start_us_combat();
                Applied::QUIET
            }
            Action::Enter { unit, hex } => {
                self.enter(unit, hex);
                Applied::REVEALED
            }
            Action::Exit { unit } => {
                self.exit(unit);
                Applied::QUIET
            }
            Action::DoubleFire(unit) => {
                self.units[unit].ammo.doubled = true;
                Applied::QUIET
            }
            Action::DropSupply(hex) => {
                self.drop_supply(hex);
                Applied::REVEALED
            }
            Action::Question(q) => self.question(q),
            Action::He(a) => self.he_act(a),
            Action::Casualty(a) => self.casualty_act(a),
            Action::Vehicle(a) => self.vehicle_act(a),
            Action::Plot(a) => {
                self.plot_act(a);
                Applied::QUIET
            }
            Action::Guns(a) => self.gun_act(a),
        }
    }

    /// Starting to handle another unit releases the one being moved, once it has spent
    /// movement points [5.0]; one only taken up and put down again may still move.
    pub(super) fn release_other(&mut self, unit: usize) {
        if let Some(a) = self.active
            && a != unit
        {
            self.units[a].released = self.units[a].moved;
        }
    }

    pub(super) fn move_unit(&mut self, unit: usize, to: Hex) {
        self.release_other(unit);
        self.active = Some(unit);
        let reach = self.reach_of(unit, &Occupied::of(self));
        let (_, path) = self
            .route(unit, &reach, to)
            .expect("a legal move has a route");
        let mut here = self.units[unit].hex.expect("on the map");
        for hex in path {
            let cost = self.step_cost(unit, here, hex);
            let u = &mut self.units[unit];
            u.mp -= cost;
            u.spent += cost;
            u.moved = true;
            self.lapse_ambush(unit);
            self.put(unit, hex);
            here = hex;
            let name = self.units[unit].spec().map_or("", |s| s.name.as_str());
            let named = msg("{unit} moves to {hex}")
                .term("unit", name)
                .arg("hex", hex);
            if self.units[unit].hidden() {
                // The US sees a back move; the NLF reads which of its counters it was [10.1].
                let seat = Side::Us.seat();
                self.log.add_for(
                    seat,
                    "5.1",
                    msg("An NLF counter moves to {hex}").arg("hex", hex),
                    Vec::new(),
                );
                self.log.add_for(Side::Nlf.seat(), "5.1", named, Vec::new());
            } else {
                self.log.add("5.1", named);
            }
            self.reveal_by_sight();
            if self.units[unit].removed {
                self.active = None;
                break;
            }
            if self.mine_check(unit, hex) {
                break;
            }
        }
    }

    /// A fixed attack: an anti-personnel trap at 2-1 with +2, pins never applying [5.52,
    /// 5.54].
    pub(super) fn trap_attack(&mut self, target: Hex) {
        if self.casualty_system() {
            return self.trap_casualties(target);
        }
        let roll = d6(&mut self.rng);
        let cell = data().crt.cell(3, roll.total + 2);
        self.points[1] += u32::from(cell.nlf_points);
        self.log.add_with(
            "5.52",
            msg_n(
                "A booby trap attacks the US unit at {hex} at 2-1: {points} point to the NLF",
                "A booby trap attacks the US unit at {hex} at 2-1: {points} points to the NLF",
                cell.nlf_points,
            )
            .arg("hex", target)
            .arg("points", cell.nlf_points),
            vec![
                Random::Dice(roll),
                Random::Modifier {
                    reason: "booby trap".into(),
                    value: 2,
                },
            ],
        );
        let hit: Vec<usize> = self.side_at(target, Side::Us).collect();
        if cell.effect == Effect::Destroyed {
            for &i in &hit {
                self.remove(i);
            }
        } else if cell.nlf_points > 0 {
            self.leadership_rolls(&hit);
        }
    }

    pub(super) fn end_movement(&mut self) {
        if self.mine_attacks() {
            return;
        }
        if let Some(a) = self.active.take() {
            self.units[a].released = true;
        }
        match self.step {
            Step::Movement(Side::Us) if self.standard() => self.start_search_phase(),
            Step::Movement(Side::Us) => {
                // Booby traps attack US units standing in their revealed hexes [5.54].
                let trap_hexes: Vec<Hex> = self
                    .units
                    .iter()
                    .filter(|u| u.on_map() && u.face_up && u.is("ap_trap"))
                    .filter_map(|u| u.hex)
                    .filter(|&h| self.side_at(h, Side::Us).next().is_some())
                    .collect();
                for hex in trap_hexes {
                    self.trap_attack(hex);
                }
                self.step = Step::Probe;
            }
            _ => self.step = Step::Combat(Side::Nlf),
        }
    }

    /// Whether the fire being declared is at a helicopter: one coming in to land [9.13,
    /// 19.24, 20.61], or one still on the map [26.4].
    pub fn helicopter_fire(&self) -> bool {
        matches!(self.step, Step::LandingFire | Step::SupplyFire)
            || self.attack.as_ref().is_some_and(|a| a.helicopter.is_some())
    }

    /// Whether the NLF might fire at a helicopter coming down at `hex`, as far as the US can
    /// tell: a face-down counter, or an unpinned face-up hard-core or leader, within range
    /// [9.13, 6.28]. Which backs are hard-core or leaders, and what units of fire they have
    /// left, are the NLF's secrets: where one of them is near, the helicopter waits for the
    /// NLF's answer even when none of them may fire.
    pub fn helicopter_exposed(&self, hex: Hex) -> bool {
        self.units.iter().any(|u| {
            u.side == Side::Nlf
                && u.on_map()
                && u.hex.is_some_and(|h| h.distance(hex) <= RANGE)
                && (u.hidden() || ((u.is("hard_core") || u.is("nlf_leader")) && !u.pinned))
        })
    }

    /// The odds column of an attack as declared: its firers' strength against the target
    /// hex's defence, or against 1 for fire at a landing helicopter [6.0, 9.13].
    pub(super) fn attack_column(&self, attack: &Attack) -> usize {
        let halves: u32 = attack
            .firers
            .iter()
            .map(|&i| self.fire_halves(i))
            .sum::<u32>()
            + self.gun_halves(attack);
        let defense = if self.helicopter_fire() {
            1
        } else {
            self.defense_of(attack.target, self.fire_side().other())
        };
        odds_column(halves, defense)
    }

    /// What rolling the declared attack risks (issue 17: every choice explains itself): the
    /// chance, over the die's six faces, that it does nothing. The target hex's defence is
    /// printed on the map, so both sides may know it.
    pub fn attack_risks(&self, action: &Action) -> Vec<(Message, f64)> {
        let (Action::Resolve, Some(attack)) = (action, &self.attack) else {
            return Vec::new();
        };
        let column = self.attack_column(attack);
        let landing = self.helicopter_fire();
        // The side to act knows its own ambushes [18.12].
        let modifier = if self.ambush_fire(attack) {
            super::ambush::AMBUSH_MODIFIER
        } else {
            0
        };
        let wasted = (1..=6)
            .map(|roll| data().crt.cell(column, roll + modifier))
            .filter(|cell| {
                if landing {
                    !cell.helicopter
                } else {
                    cell.effect == Effect::None
                }
            })
            .count();
        let what = if landing {
            msg("the helicopter lands unharmed")
        } else {
            msg("the fire has no effect")
        };
        vec![(what, wasted as f64 / 6.0)]
    }

    /// NLF fire at a helicopter, landing or bringing a supply [9.13, 19.24]: the roll on the
    /// table, the firers fired and turned face-up, their fire spent. The odds column, the
    /// die, and whether the helicopter is shot down.
    pub(super) fn fire_at_helicopter(
        &mut self,
        attack: &Attack,
    ) -> (usize, crate::engine::dice::Roll, bool) {
        let column = self.attack_column(attack);
        let roll = d6(&mut self.rng);
        let shot_down = data().crt.cell(column, roll.total).helicopter;
        for &i in &attack.firers {
            self.units[i].fired = true;
            self.turn_up_firer(i);
        }
        self.spend_fire(attack);
        (column, roll, shot_down)
    }

    fn resolve_landing_fire(&mut self, attack: &Attack) {
        // A helicopter that came down earlier carries nobody [26.4].
        let later = self.later_chance(attack);
        if attack.helicopter.is_none() {
            self.attacked.push(attack.target);
        }
        self.helicopter_fired_on(attack);
        let (column, roll, shot_down) = self.fire_at_helicopter(attack);
        let text = if shot_down {
            let points = self.helicopter_points();
            self.points[1] += points;
            let snake = self
                .landing
                .iter()
                .position(|&h| h == attack.target)
                .is_some_and(|k| k < self.snake_helicopters());
            self.landing.retain(|&h| h != attack.target);
            if later {
                self.helicopter_shot_down(attack);
            } else if !self.casualties.flying {
                self.downed(attack.target, snake);
            }
            self.crash(attack.target);
            if later {
                msg_n(
                    "NLF fire at {odds} shoots down the helicopter at {hex}: {points} point",
                    "NLF fire at {odds} shoots down the helicopter at {hex}: {points} points",
                    points,
                )
            } else {
                msg_n(
                    "NLF fire at {odds} shoots down the helicopter landing at {hex}: {points} point",
                    "NLF fire at {odds} shoots down the helicopter landing at {hex}: {points} points",
                    points,
                )
            }
            .arg("points", points)
        } else if later {
            msg("NLF fire at {odds} misses the helicopter at {hex}")
        } else {
            msg("NLF fire at {odds} misses the helicopter landing at {hex}")
        };
        self.log.add_with(
            if later { "26.4" } else { "9.13" },
            text.arg("odds", Crt::COLUMNS[column])
                .arg("hex", attack.target),
            vec![Random::Dice(roll)],
        );
    }

    /// The helicopters are on their way: the NLF may fire at them [9.12, 9.13].
    fn approach(&mut self) {
        let hexes: Vec<String> = self.landing.iter().map(Hex::to_string).collect();
        self.log.add(
            "9.12",
            msg("US helicopters come in to land at {hexes}").arg("hexes", hexes.join(", ")),
        );
        self.step = Step::LandingFire;
    }

    /// The passenger of a helicopter shot down is lost (digest gap G16): one of those bound to
    /// the snakes if it flew in one (`snake`), else one flying free [27.26].
    fn downed(&mut self, hex: Hex, snake: bool) {
        let commander = self.commander_aboard();
        let passenger = if self.commander_hex == Some(hex) {
            self.commander_hex = None;
            commander
        } else {
            let aboard: Vec<usize> = self
                .passengers()
                .into_iter()
                .filter(|&i| Some(i) != commander)
                .collect();
            aboard
                .iter()
                .copied()
                .find(|&i| self.flies_free(i) != snake)
                .or(aboard.first().copied())
        };
        if let Some(p) = passenger {
            self.remove(p);
        }
    }

    pub(super) fn turn_up_firer(&mut self, i: usize) {
        if !self.units[i].face_up {
            self.units[i].face_up = true;
            self.units[i].revealed_turn = self.turn;
            let name = self.units[i].spec().map_or("", |s| s.name.as_str());
            self.log.add(
                "6.31",
                msg("The firing counter at {hex} is turned face-up: {unit}")
                    .arg(
                        "hex",
                        self.units[i].hex.map(|h| h.to_string()).unwrap_or_default(),
                    )
                    .term("unit", name),
            );
        }
    }

    /// The helicopters that got through land their units face-up [9.13, 9.14].
    fn land(&mut self) {
        let commander = self.commander_aboard();
        let seats = self.landing_seats(commander);
        if let (Some(hex), Some(cc)) = (self.commander_hex, commander) {
            self.units[cc].hex = Some(hex);
            self.units[cc].landed = true;
        }
        for (i, hex) in seats {
            self.units[i].hex = Some(hex);
            self.units[i].landed = true;
        }
        let text = match (commander.is_some(), self.commander_hex) {
            (true, Some(hex)) => {
                msg("The US lands; its company commander comes down at {hex}").arg("hex", hex)
            }
            _ => msg("The US lands"),
        };
        self.log.add("9.13", text);
        let down = self.landing.clone();
        self.helicopters_down(&down, super::helicopter_guns::Mission::Troops);
        self.reveal_by_sight();
    }

    fn end_fire(&mut self) -> Applied {
        if let Step::Combat(side) = self.step {
            self.resupply(side);
        }
        match self.step {
            Step::Combat(_) if self.simultaneous() => self.simultaneous_fire_over(),
            Step::SupplyFire => self.land_supply(),
            Step::LandingFire if self.casualties.flying => self.medevac_lift(),
            Step::LandingFire if self.helicopter_guns.third => self.end_third_chance(),
            Step::LandingFire => {
                self.land();
                self.attacked.clear();
                self.after_landing();
            }
            Step::Combat(Side::Us) => {
                self.attacked.clear();
                self.helicopters_leave();
                self.finish_probe();
                self.expose_searched();
                self.cache_destruction_phase();
                if !self.start_interrogation() {
                    self.end_us_player_turn();
                }
            }
            _ => {
                self.attacked.clear();
                self.end_player_turn(Side::Nlf);
                if self.hiding_candidates().is_empty() {
                    self.after_nlf_turn();
                } else {
                    self.step = Step::Hiding;
                }
            }
        }
        Applied::REVEALED
    }

    /// The US Player-Turn is over: the NLF's follows, or where the NLF moves first the
    /// game-turn ends.
    pub(super) fn end_us_player_turn(&mut self) {
        self.end_player_turn(Side::Us);
        if self.schedule.nlf_first {
            self.next_game_turn();
        } else {
            self.start_movement(Side::Nlf);
        }
    }

    /// The Game-Turn Record: the next game-turn, or the end [4.1, 4.2].
    pub(super) fn next_game_turn(&mut self) {
        if self.turn >= self.last_turn {
            self.finish();
            return;
        }
        self.turn += 1;
        for u in &mut self.units {
            u.landed = false;
            u.searched = None;
        }
        self.log
            .add("4.1", msg("Game-Turn {turn}").arg("turn", self.turn));
        if self.simultaneous() {
            return self.start_plot();
        }
        self.start_movement(self.first_side());
    }

    /// The NLF Player-Turn is over: the US's follows in the same game-turn where the NLF
    /// moves first [27.23, 27.25], else the game-turn ends.
    fn after_nlf_turn(&mut self) {
        if self.schedule.nlf_first {
            self.start_movement(Side::Us);
        } else {
            self.next_game_turn();
        }
    }

    /// At the end of the Combat Phase the probed hex is revealed [5.33, 5.5].
    fn finish_probe(&mut self) {
        let Some((hex, prober)) = self.probe.take() else {
            return;
        };
        let hidden: Vec<usize> = self
            .side_at(hex, Side::Nlf)
            .filter(|&i| self.units[i].hidden())
            .collect();
        let mut trap = false;
        for i in hidden {
            self.log.add(
                "5.33",
                msg("The probe reveals a counter at {hex}").arg("hex", hex),
            );
            trap |= self.units[i].is("ap_trap");
            self.expose(i);
        }
        if trap
            && let Some(target) = self.units[prober]
                .hex
                .filter(|_| self.units[prober].on_map())
        {
            self.trap_attack(target);
        }
    }

    /// A US unit destroys a face-up NLF cache: its destruction points go to the US [10.12].
    pub(super) fn destroy_cache(&mut self, cache: usize, rule: &'static str) {
        let spec = self.units[cache].spec().expect("a face-up cache is known");
        let (destroyed, _) = self.material_points(&spec.id);
        self.points[0] += destroyed;
        self.log.add(
            rule,
            msg_n(
                "A US unit destroys the {cache}: {points} point",
                "A US unit destroys the {cache}: {points} points",
                destroyed,
            )
            .term("cache", spec.name.as_str())
            .arg("points", destroyed),
        );
        self.remove(cache);
    }

    /// The side whose Player-Turn it is; `None` at setup, in the simultaneous system's
    /// game-turn and at the end.
    pub fn phasing_side(&self) -> Option<Side> {
        match &self.step {
            Step::Setup | Step::Plot(_) | Step::Over => None,
            _ if self.simultaneous() => None,
            Step::Movement(side) | Step::Combat(side) => Some(*side),
            Step::Retreat {
                combat, surprise, ..
            } => Some(if *surprise { Side::Us } else { *combat }),
            Step::Hiding => Some(Side::Nlf),
            Step::Boarding
            | Step::Landing
            | Step::Commander
            | Step::LandingFire
            | Step::Interrogation
            | Step::HeFire
            | Step::Probe
            | Step::Surprise
            | Step::SupplyFire
            | Step::Vehicles => Some(Side::Us),
        }
    }

    /// A combat result pins the unit: it may neither move nor fire in its next own
    /// Player-Turn [6.16, 7.2].
    pub(super) fn pin(&mut self, i: usize) {
        let own_turn = self.phasing_side() == Some(self.units[i].side);
        let u = &mut self.units[i];
        u.pinned = true;
        u.pinned_turn = self.turn;
        u.pinned_in_own_turn = own_turn;
    }

    /// The Pinned Removal Phase of `side`'s Player-Turn. A pin lasts through its unit's next
    /// own Player-Turn (digest 3.0, ruling A46), so one placed in this very Player-Turn stays
    /// for the next; as printed, only pins of an earlier game-turn go [4.2]. A pin taken to
    /// destroy caches always goes [12.35].
    /// What fired on a unit counts until the end of its own next Player-Turn [13.12, 13.22].
    fn end_player_turn(&mut self, side: Side) {
        let (turn, printed) = (self.turn, self.options.printed_pin_removal);
        for u in self.units.iter_mut().filter(|u| u.side == side) {
            let stays = if printed {
                u.pinned_turn >= turn
            } else {
                u.pinned_in_own_turn
            };
            if u.demolishing || !stays {
                u.pinned = false;
            }
            u.pinned_in_own_turn = false;
            u.demolishing = false;
            u.fired_on_from.clear();
        }
    }

    pub(super) fn start_movement(&mut self, side: Side) {
        if side == Side::Nlf && self.standard() {
            self.command_control();
        }
        self.expire_entries(side);
        // Units of fire are counted per phase: a new Player-Turn starts both sides afresh
        // (a surprise attack in the US turn is not the NLF's Combat Phase) [19.11].
        for u in &mut self.units {
            u.ammo.new_turn();
        }
        for i in 0..self.units.len() {
            if self.units[i].side != side {
                continue;
            }
            let mp = self.allowance(i);
            let u = &mut self.units[i];
            u.moved = false;
            u.released = false;
            u.fired = false;
            u.spent = 0;
            u.handled = false;
            u.dug_in = false;
            u.mp = mp;
        }
        self.active = None;
        self.new_vehicle_phase();
        self.step = Step::Movement(side);
        if side == Side::Us {
            self.start_helidrop();
        }
    }

    fn resolve_fire(&mut self, attack: &Attack) {
        if self.ambush_fire(attack) {
            self.spring_ambush(attack.target);
            self.resolve_fire_with(attack, super::ambush::AMBUSH_MODIFIER, "18.12");
        } else {
            self.resolve_fire_with(attack, 0, "6.0");
        }
    }

    /// An attack by the side firing now, `modifier` added to the die (a surprise attack's +2
    /// [12.16]).
    pub(super) fn resolve_fire_with(&mut self, attack: &Attack, modifier: i32, rule: &'static str) {
        let side = self.fire_side();
        let target = attack.target;
        let column = self.attack_column(attack);
        let roll = d6(&mut self.rng);
        let cell = data().crt.cell(column, roll.total + modifier);
        self.attacked.push(target);
        for &i in &attack.firers {
            self.units[i].fired = true;
            if side == Side::Nlf {
                self.turn_up_firer(i);
            }
        }
        self.spend_fire(attack);
        let mut firing_hexes: Vec<Hex> = attack
            .firers
            .iter()
            .filter_map(|&i| self.units[i].hex)
            .collect();
        firing_hexes.extend(self.guns_fire(attack));
        for i in self.side_at(target, side.other()).collect::<Vec<_>>() {
            self.units[i]
                .fired_on_from
                .extend(firing_hexes.iter().copied());
        }
        let base = msg("{side} fire at {hex}, {odds}")
            .term("side", side.name())
            .arg("hex", target)
            .arg("odds", Crt::COLUMNS[column]);
        let mut random = vec![Random::Dice(roll.clone())];
        if modifier != 0 {
            random.push(Random::Modifier {
                reason: if rule == "18.12" {
                    n_("ambush")
                } else {
                    n_("surprise attack")
                }
                .into(),
                value: modifier,
            });
        }
        self.log.add_with(rule, base, random);
        if self.casualty_system() {
            self.casualty_fire(side, target, column, roll.total + modifier, &firing_hexes);
        } else {
            match side {
                Side::Us => self.us_fire_result(target, cell),
                Side::Nlf => self.nlf_fire_result(target, cell),
            }
        }
        // A carrier fired upon drops its load and leaves the hex [5.35].
        let carriers: Vec<usize> = self
            .side_at(target, side.other())
            .filter(|&i| self.units[i].carrying.is_some())
            .collect();
        for c in carriers {
            self.drop_load(c);
            self.displace(c, &firing_hexes);
        }
    }

    pub(super) fn us_fire_result(&mut self, target: Hex, cell: CrtCell) {
        let nlf: Vec<usize> = self.side_at(target, Side::Nlf).collect();
        let personnel: Vec<usize> = nlf
            .iter()
            .copied()
            .filter(|&i| self.units[i].class().is_some_and(Class::personnel))
            .collect();
        if cell.scores() {
            if personnel.is_empty() {
                // Face-down and not personnel: the fire has no effect [6.0].
                self.log
                    .add("6.0", msg("No effect: no personnel unit there"));
                return;
            }
            for &i in &personnel {
                if self.units[i].hidden() {
                    self.expose(i);
                }
            }
            let points = u32::from(cell.us_points);
            if personnel.iter().any(|&i| self.units[i].is("peasant")) {
                let penalty = points * u32::from(data().points.peasant_multiplier);
                self.points[1] += penalty;
                self.log.add(
                    "10.2",
                    msg_n(
                        "Peasants were hit: {points} point to the NLF",
                        "Peasants were hit: {points} points to the NLF",
                        penalty,
                    )
                    .arg("points", penalty),
                );
            } else {
                self.points[0] += points;
                self.log.add(
                    "7.2",
                    msg_n(
                        "{points} point to the US",
                        "{points} points to the US",
                        points,
                    )
                    .arg("points", points),
                );
            }
        }
        self.apply_effect(target, cell.effect, Side::Nlf);
    }

    fn nlf_fire_result(&mut self, target: Hex, cell: CrtCell) {
        let points = u32::from(cell.nlf_points);
        if points > 0 {
            self.points[1] += points;
            self.log.add(
                "7.2",
                msg_n(
                    "{points} point to the NLF",
                    "{points} points to the NLF",
                    points,
                )
                .arg("points", points),
            );
        }
        let hit: Vec<usize> = self.side_at(target, Side::Us).collect();
        self.apply_effect(target, cell.effect, Side::Us);
        if points > 0 {
            self.leadership_rolls(&hit);
        }
    }

    /// P pins the units in the hex (face-down counters too, without revealing them); D
    /// removes every enemy unit in it that fire can touch [7.2].
    pub(super) fn apply_effect(&mut self, target: Hex, effect: Effect, victim: Side) {
        let hit: Vec<usize> = self
            .side_at(target, victim)
            .filter(|&i| {
                let u = &self.units[i];
                u.hidden()
                    || u.class()
                        .is_some_and(|c| c.personnel() || c == Class::Dummy)
            })
            .collect();
        match effect {
            Effect::None => {}
            Effect::Pinned => {
                for i in hit {
                    self.pin(i);
                }
                self.log.add("7.2", msg("Pinned"));
            }
            Effect::Destroyed => {
                for i in hit {
                    if self.units[i].hidden() {
                        // Only personnel are destroyed; a face-down non-personnel counter stays.
                        continue;
                    }
                    self.remove(i);
                }
                self.log.add("7.2", msg("Destroyed"));
            }
        }
    }

    /// The adjacent hexes a fired-upon carrier may fall back to: those it may occupy that
    /// are farthest from the nearest firer (digest 4.1 item 8); several on a tie.
    pub fn retreat_hexes(&self, unit: usize, firing: &[Hex]) -> Vec<Hex> {
        let Some(hex) = self.units[unit].hex.filter(|_| self.units[unit].on_map()) else {
            return Vec::new();
        };
        let away = |n: Hex| firing.iter().map(|&f| f.distance(n)).min().unwrap_or(0);
        let open: Vec<Hex> = data()
            .map
            .neighbours(hex)
            .filter(|&n| self.may_end(unit, n))
            .collect();
        let best = open.iter().map(|&n| away(n)).max();
        open.into_iter()
            .filter(|&n| Some(away(n)) == best)
            .collect()
    }

    /// Moves a fired-upon carrier back [5.35]: where one hex is farthest it goes there; on a
    /// tie its owner picks (a pending [`Step::Retreat`]); with nowhere to go it stays.
    pub(super) fn displace(&mut self, unit: usize, firing: &[Hex]) {
        let hexes = self.retreat_hexes(unit, firing);
        match hexes.as_slice() {
            [] => {}
            [to] => self.fall_back(unit, *to),
            _ => {
                let surprise = self.step == Step::Surprise;
                let combat = if surprise { Side::Us } else { self.fire_side() };
                self.step = Step::Retreat {
                    unit,
                    hexes,
                    combat,
                    surprise,
                };
            }
        }
    }

    pub(super) fn fall_back(&mut self, unit: usize, to: Hex) {
        let from = self.units[unit]
            .hex
            .expect("a carrier fired upon is on the map");
        self.put(unit, to);
        self.log.add(
            "5.35",
            msg("The carrier at {from} drops its load and falls back to {to}")
                .arg("from", from)
                .arg("to", to),
        );
        self.reveal_by_sight();
    }

    /// The end of the last game-turn [10.0, 10.12, 10.3].
    fn finish(&mut self) {
        let carried: Vec<usize> = self
            .units
            .iter()
            .filter(|u| u.side == Side::Us && u.on_map())
            .filter_map(|u| u.carrying)
            .filter(|&load| self.units[load].side == Side::Nlf)
            .collect();
        for load in carried {
            let spec = self.units[load].spec().expect("a carried cache is known");
            let (_, captured) = self.material_points(&spec.id);
            self.points[0] += captured;
            self.log.add(
                "10.12",
                msg_n(
                    "The US has captured the {cache}: {points} point",
                    "The US has captured the {cache}: {points} points",
                    captured,
                )
                .term("cache", spec.name.as_str())
                .arg("points", captured),
            );
        }
        self.score_casualties();
        self.scenario_points();
        self.step = Step::Over;
        if let Some(roll) = self.vob_roll {
            self.log.add(
                "15.0",
                msg("The NLF's roll on the variable order of battle was {roll}").arg("roll", roll),
            );
        }
        self.log.add(
            "10.3",
            msg("The game is over. Points: US {us}, NLF {nlf}")
                .arg("us", self.points[0])
                .arg("nlf", self.points[1]),
        );
    }

    /// The position as `side` may know it: the other side's secrets and the generator's
    /// future left out.
    pub fn redacted(&self, side: Side) -> SearchDestroy {
        let mut view = self.clone();
        view.rng = Rng::seeded(0);
        // The other side's own lines stay with it.
        if let std::borrow::Cow::Owned(log) = self.log.seen_by(side.seat()) {
            view.log = log;
        }
        SearchDestroy::hide_fire(&mut view, side);
        SearchDestroy::redact_vehicles(&mut view, side);
        SearchDestroy::hide_plots(&mut view, side);
        match side {
            Side::Us => {
                for u in view.units.iter_mut().filter(|u| u.hidden()) {
                    u.kind = None;
                    u.mp = 0;
                }
                for u in view.units.iter_mut().filter(|u| u.side == Side::Nlf) {
                    u.uncontrolled = false;
                    u.ambush = None;
                }
                for u in view.units.iter_mut().filter(|u| u.hidden()) {
                    u.spent = 0;
                    u.handled = false;
                }
                if view.step != Step::Over {
                    view.vob_roll = None;
                }
            }
            Side::Nlf => {
                if view
                    .units
                    .iter()
                    .any(|u| u.side == Side::Us && u.hex.is_none() && !u.removed)
                {
                    view.commander_hex = None;
                }
                view.boarding.clear();
            }
        }
        view
    }
}
