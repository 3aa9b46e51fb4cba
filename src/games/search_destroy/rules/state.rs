//! The Basic game's position [4.1, 5.0-10.0]: every counter, the game-turn and phase, the
//! points, and the pending decision. Rules that read the position (stacking, sight, reveals)
//! live here; `play.rs` turns actions into changes.

use serde::{Deserialize, Serialize};

use super::content::{Cache, Class, CounterSpec, Level, Side, data};
use super::hex::Hex;
use super::los::{Sightlines, line_of_sight};
use super::map::{Hexside, Terrain};
use super::options::Options;
use crate::engine::log::Log;
use crate::engine::message::msg;
use crate::engine::rng::Rng;

/// Range of fire and of sight [6.13, 6.22].
pub const RANGE: u32 = 8;

/// One counter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Index into the content's counters; `None` in a view of a side that may not know it.
    pub kind: Option<u16>,
    pub side: Side,
    /// Where it is; `None` before it is placed and after it is removed.
    pub hex: Option<Hex>,
    pub removed: bool,
    /// NLF counters start face-down; US counters are always face-up once landed.
    pub face_up: bool,
    pub pinned: bool,
    /// The game-turn of its pin, and whether the pin came in its own side's Player-Turn (a
    /// surprise attack, a mine): such a pin outlasts that Player-Turn's Pinned Removal Phase
    /// and lasts through the next one (digest 3.0) [6.16, 7.2].
    #[serde(default)]
    pub pinned_turn: u8,
    #[serde(default)]
    pub pinned_in_own_turn: bool,
    /// Movement points left this Movement Phase.
    pub mp: u8,
    /// Spent movement points this Player-Turn (may not fire [6.17]).
    pub moved: bool,
    /// Released after moving this phase: may not move again [5.0].
    pub released: bool,
    pub fired: bool,
    /// Landed by helicopter this game-turn: may neither move nor fire [9.14].
    pub landed: bool,
    pub carrying: Option<usize>,
    pub carried_by: Option<usize>,
    /// Standard game: searched a hex this game-turn [12.22], and the hex it entered it from
    /// (where a searcher who found a combat unit falls back to [12.0]).
    #[serde(default)]
    pub searched_from: Option<Hex>,
    #[serde(default)]
    pub searched: Option<Hex>,
    /// Public after a search [12.0]: whether this face-down counter's hex held an NLF combat
    /// unit. A reshuffle of identities must respect it.
    #[serde(default)]
    pub known_combat: Option<bool>,
    /// The game-turn it was last turned face-up by search, fire or sight: it may not hide in
    /// that game-turn [11.0].
    #[serde(default)]
    pub revealed_turn: u8,
    /// NLF: out of command this Player-Turn [13.1]. The NLF's secret.
    #[serde(default)]
    pub uncontrolled: bool,
    /// The hexes that fired on it since its own last Player-Turn: the only ones a militia out
    /// of command or a squad under leadership loss may fire at [13.12, 13.22].
    #[serde(default)]
    pub fired_on_from: Vec<Hex>,
    /// US: under leadership loss through the end of this game-turn [13.22]; 0 = none.
    #[serde(default)]
    pub leaderless_until: u8,
    /// Movement points spent this Player-Turn (moves, loads, demolition, search): with
    /// movement and fire a unit that spent at most 6 may still fire [17.0].
    #[serde(default)]
    pub spent: u8,
    /// Picked up, dropped or destroyed something this Player-Turn: no Improved Position at
    /// its end [16.1].
    #[serde(default)]
    pub handled: bool,
    /// Holds an Improved Position: its hex's defence is doubled [16.3]. Public [16.12].
    #[serde(default)]
    pub improved: bool,
    /// Dug in this Player-Turn: it does nothing more this turn [16.1].
    #[serde(default)]
    pub dug_in: bool,
    /// NLF: the Ambush marker this combat unit is assigned to, until it moves [18.0, 18.21].
    /// The NLF's secret.
    #[serde(default)]
    pub ambush: Option<usize>,
    /// Units of fire [19.0]: the owner's secret.
    #[serde(default)]
    pub ammo: super::fire_rate::Ammo,
    /// Interrogation: a peasant or porter found by search, now a marker that waits to be
    /// questioned; it neither moves nor takes fire, and anyone may enter its hex [23.0].
    #[serde(default)]
    pub captive: bool,
    /// Tanks and APCs: the APC this unit rides in; off the map while it does [22.56].
    #[serde(default)]
    pub aboard: Option<usize>,
    /// Standard game: pinned by its own choice this Player-Turn, to destroy the caches of its
    /// hex at its end [12.35].
    #[serde(default)]
    pub demolishing: bool,
    /// US: its company and platoon, for leadership losses [24.35, 24.36].
    #[serde(default)]
    pub org: super::command::Org,
}

impl Unit {
    /// A counter not yet on the map: NLF counters face-down, US counters face-up.
    pub fn new(kind: u16, side: Side) -> Unit {
        Unit {
            kind: Some(kind),
            side,
            hex: None,
            removed: false,
            face_up: side == Side::Us,
            pinned: false,
            pinned_turn: 0,
            pinned_in_own_turn: false,
            mp: 0,
            moved: false,
            released: false,
            fired: false,
            landed: false,
            carrying: None,
            carried_by: None,
            searched_from: None,
            searched: None,
            known_combat: None,
            revealed_turn: 0,
            uncontrolled: false,
            fired_on_from: Vec::new(),
            leaderless_until: 0,
            spent: 0,
            handled: false,
            improved: false,
            dug_in: false,
            ambush: None,
            ammo: Default::default(),
            captive: false,
            aboard: None,
            demolishing: false,
            org: Default::default(),
        }
    }

    pub fn spec(&self) -> Option<&'static CounterSpec> {
        self.kind.map(|k| &data().counters[usize::from(k)])
    }

    pub fn class(&self) -> Option<Class> {
        if self.captive {
            return Some(Class::Captive);
        }
        self.spec().map(|s| s.class)
    }

    pub fn is(&self, id: &str) -> bool {
        self.spec().is_some_and(|s| s.id == id)
    }

    /// On the map and in play: a passenger of an APC is inside it, neither seen, fired on
    /// nor firing [22.56].
    pub fn on_map(&self) -> bool {
        self.hex.is_some() && !self.removed && self.aboard.is_none()
    }

    /// Face-down to the other side: its identity is the owner's secret.
    pub fn hidden(&self) -> bool {
        self.side == Side::Nlf && !self.face_up
    }
}

/// Where the game stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// The NLF places its counters face-down, one per hex [9.11].
    Setup,
    /// The US picks which of the units that may fly in this game-turn board the helicopters
    /// [27.26]; the ones whose last chance it is board anyway.
    Boarding,
    /// The US picks its landing hexes, one snake [9.12].
    Landing,
    /// The US puts its company commander in one of the landing helicopters [9.12].
    Commander,
    /// The NLF may fire at the landing helicopters [9.13].
    LandingFire,
    /// Interrogation at the end of the US Player-Turn [23.0]; who answers is in
    /// [`SearchDestroy::interrogation`].
    Interrogation,
    /// HE fire at the start of the US Combat Phase: calls, impact markers, air strike
    /// patterns [21.41, 21.52]; the segment is in [`SearchDestroy::he_fire`].
    HeFire,
    Movement(Side),
    /// The US may announce one probe [5.33].
    Probe,
    Combat(Side),
    /// Standard game, Search Phase: the NLF may make a surprise attack from each searched hex
    /// that held a combat unit, on the searcher that fell back from it [12.1].
    Surprise,
    /// Standard game: the NLF may turn eligible face-up combat units face-down [11.0].
    Hiding,
    /// A carrier fired upon falls back; its owner picks among equally distant hexes [5.35].
    /// Then the `combat` side's Combat Phase goes on.
    /// Increased fire: the NLF may fire at the helicopter bringing a US ammunition supply
    /// [19.24]; then the US Movement Phase goes on.
    SupplyFire,
    /// Tanks and APCs: the US puts the passengers of an APC that was hit next to it [22.42].
    Vehicles,
    /// Simultaneous movement: `side` writes its secret plot [28.1].
    Plot(Side),
    Retreat {
        unit: usize,
        hexes: Vec<Hex>,
        combat: Side,
        /// Fired upon by a surprise attack: the Search Phase goes on after [12.1].
        #[serde(default)]
        surprise: bool,
    },
    Over,
}

/// An attack being put together: its target hex and the units firing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Attack {
    pub target: Hex,
    pub firers: Vec<usize>,
    /// Helicopters whose guns join the attack [26.1, 26.2].
    #[serde(default)]
    pub guns: Vec<usize>,
    /// The helicopter fired at, when the NLF fires at one in its Combat Phase [26.4].
    #[serde(default)]
    pub helicopter: Option<usize>,
}

impl Attack {
    /// An attack on a hex, no firer added yet.
    pub fn on(target: Hex) -> Attack {
        Attack {
            target,
            firers: Vec::new(),
            guns: Vec::new(),
            helicopter: None,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchDestroy {
    pub scenario: String,
    /// The rules in play: Basic [5-10] or Standard [11-15].
    #[serde(default = "basic_level")]
    pub level: Level,
    /// The optional rules in play [16.0-28.0].
    #[serde(default)]
    pub options: Options,
    /// Standard game: the NLF's die roll on the variable order of battle [15.0], its secret
    /// until the game is over.
    #[serde(default)]
    pub vob_roll: Option<u8>,
    /// Standard game: several snakes of landing helicopters [14.0]; where the one being laid
    /// begins in `landing`.
    #[serde(default)]
    pub snake_start: usize,
    /// Standard game: searched hexes of this Search Phase that held a combat unit, with the
    /// searcher, waiting for the NLF's surprise-attack decision [12.1].
    #[serde(default)]
    pub surprises: Vec<(Hex, usize)>,
    pub rng: Rng,
    pub log: Log,
    pub units: Vec<Unit>,
    pub turn: u8,
    pub last_turn: u8,
    pub step: Step,
    /// Victory points [10.1]: US, NLF.
    pub points: [u32; 2],
    /// Landing hexes chosen so far, in snake order [9.12].
    pub landing: Vec<Hex>,
    /// The landing hex of the company commander: the US's secret until the landing fire is
    /// over.
    pub commander_hex: Option<Hex>,
    /// Scenarios: the waiting units flying in with the landing under way [27.0]; which they
    /// are is the US's secret until they are down.
    #[serde(default)]
    pub boarding: Vec<usize>,
    /// Landing hexes already fired at (each helicopter at most once [6.15]).
    pub attacked: Vec<Hex>,
    /// The attack being declared.
    pub attack: Option<Attack>,
    /// The unit being moved.
    pub active: Option<usize>,
    /// This game-turn's probe: the hex and the probing unit [5.33].
    pub probe: Option<(Hex, usize)>,
    pub commander_destroyed: bool,
    /// Ambush: the NLF has finished assigning its ambushes at setup [18.0].
    #[serde(default)]
    pub ambushes_set: bool,
    /// Increased fire: US ammunition supplies flown in so far, and the hex of the one whose
    /// helicopter is landing [19.24].
    #[serde(default)]
    pub supplies_flown: u8,
    #[serde(default)]
    pub supply_drop: Option<Hex>,
    /// Scenarios: which entry brings each unit in, exits, special conditions [27.0].
    #[serde(default)]
    pub schedule: super::scenario::Schedule,
    /// Interrogation: who has been questioned, and the questioning under way [23.0].
    #[serde(default)]
    pub interrogation: super::interrogation::Interrogation,
    /// HE fire: the batteries and air strikes allotted and called, and this Combat Phase's
    /// impact markers [21.0]. Public.
    #[serde(default)]
    pub he_fire: super::he_fire::HeFire,
    /// Casualty combat system: the casualty ledger and MEDEVAC flights [20.0]. Public.
    #[serde(default)]
    pub casualties: super::casualties::Casualties,
    /// Helicopter gun support: the helicopter markers on the map [26.0]. Public.
    #[serde(default)]
    pub helicopter_guns: super::helicopter_guns::HelicopterGuns,
    /// Tanks and APCs: the mines (the NLF's secret until found), RPG-7s fired, immobilized
    /// vehicles, turret fire, boarding [22.0].
    #[serde(default)]
    pub vehicles: super::vehicles::Vehicles,
    /// Simultaneous movement: this game-turn's plots, each side's secret until carried out
    /// [28.0].
    #[serde(default)]
    pub simultaneous: super::simultaneous::Simultaneous,
}

fn basic_level() -> Level {
    Level::Basic
}

/// The blocking contents of hexes as either side sees them: every face-down counter blocks
/// (digest ruling A4), as do personnel and dummies; terrain from the chart.
pub struct World<'a> {
    pub game: &'a SearchDestroy,
}

impl Sightlines for World<'_> {
    /// A line along the map's edge may have a hex off the map on one side: that side is
    /// closed (the other is judged on the map).
    fn blocks(&self, hex: Hex) -> bool {
        !data().map.contains(hex)
            || terrain_blocks(data().map.terrain(hex))
            || self.game.units_at(hex).any(|i| {
                let u = &self.game.units[i];
                u.hidden()
                    || u.class()
                        .is_some_and(|c| c.personnel() || c == Class::Dummy || c == Class::Vehicle)
            })
    }

    fn inhibits(&self, hex: Hex) -> bool {
        data().map.contains(hex) && data().map.terrain(hex) == Terrain::Broken
    }

    fn berm(&self, a: Hex, b: Hex) -> bool {
        data().map.contains(a) && data().map.contains(b) && data().map.between(a, b, Hexside::Berm)
    }
}

pub fn terrain_blocks(t: Terrain) -> bool {
    data().terrain[&t].sight == super::content::Sight::Blocks
}

impl SearchDestroy {
    pub fn side_index(side: Side) -> usize {
        usize::from(side.seat())
    }

    /// Units on the map in `hex`.
    pub fn units_at(&self, hex: Hex) -> impl Iterator<Item = usize> + '_ {
        self.units
            .iter()
            .enumerate()
            .filter(move |(_, u)| u.on_map() && u.hex == Some(hex))
            .map(|(i, _)| i)
    }

    pub fn side_at(&self, hex: Hex, side: Side) -> impl Iterator<Item = usize> + '_ {
        self.units_at(hex)
            .filter(move |&i| self.units[i].side == side)
    }

    /// Whether `from` sees `to` (range 8, the digest's section 5).
    pub fn sees(&self, from: Hex, to: Hex) -> bool {
        line_of_sight(from, to, Some(RANGE), &World { game: self })
    }

    /// Whether a unit of `side` may enter `hex` on its way: no enemy counter there other
    /// than face-up non-personnel ones [5.21, 5.33].
    pub fn passable(&self, hex: Hex, side: Side) -> bool {
        self.side_at(hex, side.other()).all(|i| {
            let u = &self.units[i];
            u.face_up
                && u.class()
                    .is_some_and(|c| !c.personnel() && c != Class::Dummy)
        })
    }

    /// Whether `unit` may end its move in `hex`: passable, and no other friendly unit there
    /// except the load it carries [5.14, 5.22, 5.36].
    pub fn may_end(&self, unit: usize, hex: Hex) -> bool {
        let u = &self.units[unit];
        self.passable(hex, u.side)
            && (self.tends(unit, hex)
                || self.stopped_by_mine(unit, hex)
                || self.side_at(hex, u.side).all(|i| {
                    i == unit
                        || Some(i) == u.carrying
                        || self.stops_on_ammunition(unit, i)
                        || self.units[i].captive
                        || self.is_casualty(i)
                }))
    }

    /// A porter (or a dummy pretending [5.39]) may also stop on a friendly load it can pick up.
    pub fn may_stop_to_pick_up(&self, unit: usize, hex: Hex) -> bool {
        let u = &self.units[unit];
        if u.carrying.is_some() || !self.passable(hex, u.side) {
            return false;
        }
        let mut others = self
            .side_at(hex, u.side)
            .filter(|&i| i != unit && !self.units[i].captive && !self.is_casualty(i));
        match (others.next(), others.next()) {
            (Some(load), None) => self.can_carry(unit, load),
            _ => false,
        }
    }

    /// Whether `unit` may pick up `load` [5.31, 5.32, 5.38, 5.39]: US personnel carry any
    /// non-personnel except traps (a face-up cache of the NLF); only NLF porters carry, and
    /// dummies carry dummies.
    pub fn can_carry(&self, unit: usize, load: usize) -> bool {
        let (u, l) = (&self.units[unit], &self.units[load]);
        if l.carried_by.is_some() || u.carrying.is_some() || u.pinned || u.fired {
            return false;
        }
        if l.class() == Some(Class::Casualty) {
            return self.may_carry_casualty(unit, load);
        }
        match u.side {
            Side::Us => {
                (u.class().is_some_and(Class::personnel)
                    && l.side == Side::Nlf
                    && l.face_up
                    && l.class() == Some(Class::Cache))
                    || self.carries_supply(unit, load)
            }
            Side::Nlf => {
                l.side == Side::Nlf
                    && !u.captive
                    && !self.interrogation.fixed.contains(&load)
                    && ((u.is("porter") && l.class() == Some(Class::Cache))
                        || (u.is("dummy") && l.is("dummy")))
            }
        }
    }

    /// The cost of picking up [5.31, 5.32].
    pub fn pick_up_cost(side: Side) -> u8 {
        match side {
            Side::Us => 6,
            Side::Nlf => 3,
        }
    }

    /// Reveals every face-down NLF counter in an open or broken hex that a US unit sees
    /// [6.34]. Returns whether anything was revealed.
    pub fn reveal_by_sight(&mut self) -> bool {
        let map = &data().map;
        let us: Vec<Hex> = self
            .units
            .iter()
            .filter(|u| u.side == Side::Us && u.on_map())
            .filter(|u| !matches!(u.class(), Some(Class::Supply | Class::Casualty)))
            .filter_map(|u| u.hex)
            .collect();
        if us.is_empty() {
            return false;
        }
        let seen: Vec<usize> = (0..self.units.len())
            .filter(|&i| {
                let u = &self.units[i];
                let Some(hex) = u.hex.filter(|_| u.on_map() && u.hidden()) else {
                    return false;
                };
                matches!(map.terrain(hex), Terrain::Open | Terrain::Broken)
                    && us.iter().any(|&from| self.sees(from, hex))
            })
            .collect();
        for &i in &seen {
            let hex = self.units[i].hex.expect("a sighted counter is on the map");
            self.log.add(
                "6.34",
                msg("A US unit sights the counter at {hex}").arg("hex", hex),
            );
            self.expose(i);
        }
        !seen.is_empty()
    }

    /// Turns a counter face-up; an exposed dummy or porter is removed, a porter's load
    /// dropping face-up in its hex [6.31, 6.35].
    pub fn expose(&mut self, i: usize) {
        if self.units[i].removed {
            return;
        }
        self.units[i].face_up = true;
        self.units[i].revealed_turn = self.turn;
        let name = self.units[i].spec().map_or("", |s| s.name.as_str());
        if self.units[i].is("dummy") || self.units[i].is("porter") {
            self.log.add(
                "6.31",
                msg("Turned face-up: {unit}, removed").term("unit", name),
            );
            if let Some(load) = self.units[i].carrying {
                self.drop_load(i);
                self.expose(load);
            }
            self.remove(i);
        } else {
            self.log
                .add("6.31", msg("Turned face-up: {unit}").term("unit", name));
        }
    }

    pub fn drop_load(&mut self, carrier: usize) {
        if let Some(load) = self.units[carrier].carrying.take() {
            self.units[load].carried_by = None;
        }
    }

    /// Takes a unit off the map for good (its load stays in the hex).
    pub fn remove(&mut self, i: usize) {
        self.drop_load(i);
        if let Some(c) = self.units[i].carried_by.take() {
            self.units[c].carrying = None;
        }
        let u = &mut self.units[i];
        u.removed = true;
        u.hex = None;
        u.pinned = false;
        u.improved = false;
        if u.is("company_commander") {
            self.commander_destroyed = true;
        }
    }

    /// Moves a unit (and its load) to `hex`. An Improved Position belongs to the unit and
    /// is lost when it leaves its hex [16.2].
    pub fn put(&mut self, i: usize, hex: Hex) {
        if self.units[i].hex != Some(hex) {
            self.units[i].improved = false;
        }
        self.units[i].hex = Some(hex);
        if let Some(load) = self.units[i].carrying {
            self.units[load].hex = Some(hex);
        }
        self.enter_casualty_hex(i, hex);
        for u in self.units.iter_mut().filter(|u| u.aboard == Some(i)) {
            u.hex = Some(hex);
        }
    }

    /// Defence strength of a hex's terrain [8.0].
    pub fn defense(hex: Hex) -> u32 {
        u32::from(data().terrain[&data().map.terrain(hex)].defense)
    }

    /// Defence strength of `victim`'s units in `hex`: the terrain's, doubled by an
    /// Improved Position [8.0, 16.3].
    pub fn defense_of(&self, hex: Hex, victim: Side) -> u32 {
        SearchDestroy::defense(hex) * if self.entrenched(hex, victim) { 2 } else { 1 }
    }

    /// Attack strength in half points (ARVN squads fire at half [24.12]).
    pub fn attack_halves(&self, i: usize) -> u32 {
        let halves = self.units[i].spec().map_or(0, |s| {
            let full = 2 * u32::from(s.attack);
            if s.arvn { full / 2 } else { full }
        });
        self.after_movement(i, halves)
    }

    /// Whether a unit may fire now [6.12, 6.16, 6.17, 9.14, 5.35].
    pub fn may_fire(&self, i: usize) -> bool {
        let u = &self.units[i];
        u.on_map()
            && matches!(u.class(), Some(Class::Combat | Class::Vehicle))
            && !u.pinned
            && !self.moved_too_far_to_fire(i)
            && !self.fired_out(i)
            && !u.dug_in
            && !u.landed
            && u.carrying.is_none()
    }

    /// The material points of a cache [10.12].
    pub fn material(cache_id: &str) -> (u32, u32) {
        Cache::from_id(cache_id)
            .map(|c| {
                let m = &data().material[&c];
                (u32::from(m.destroyed), u32::from(m.captured))
            })
            .unwrap_or((0, 0))
    }

    /// Landing terrain [9.12, 9.15]: open or broken, no road, no counter.
    pub fn landable(&self, hex: Hex) -> bool {
        let map = &data().map;
        matches!(map.terrain(hex), Terrain::Open | Terrain::Broken)
            && !map.road(hex)
            && self.units_at(hex).next().is_none()
    }
}
