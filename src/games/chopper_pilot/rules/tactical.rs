//! The Tactical Map [8, 9]: its set-up (maps, landing zone, units the briefing places, the
//! default enemy set-up), the turn sequence (Combat Event card, the Helicopter Phase with each
//! helicopter flown in turn, the ground phases in initiative order, supporting fire,
//! bookkeeping) and everything a helicopter does in its activation: movement and altitude,
//! loading and unloading, spotting, its weapons, searches and leaving the map.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use super::combat::b2_column;
use super::content::{
    Class, EventCard, HeloType, HexRef, Side, SuccessKind, SupportKind, System, UnitSpec, What,
    data,
};
use super::hex::{Hex, Layout, absolute};
use super::movement::{self, Altitude, Flying, Step};
use super::roll::{Modifier, roll, roll_in};
use super::spotting::{e3_modifiers, in_view, other_spots, spots};
use super::state::{ChopperPilot, Health, Location, Passenger, Phase};
use super::terrain::Ground;
use crate::engine::dice::d6;
use crate::engine::log::Random;
use crate::engine::message::{msg, msg_n, n_};

/// Where a helicopter of the flight is on the Tactical Map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Place {
    /// Not yet entered: it comes in at Medium at the entry hex on its first activation [8.1].
    Off,
    On(Flying),
    /// Left through the exit window [8.3].
    Exited,
    /// Down or crashed on this map, or lost before it.
    Gone,
}

/// A counter on the Tactical Map: a ground unit, a crew that walked away from a wreck, a
/// wounded man waiting for a ride, the object a search finds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Unit {
    /// A number that stays with the counter for the mission (targets name it).
    pub id: u16,
    pub unit: String,
    pub hex: Hex,
    pub damaged: bool,
    /// Spawned units start unspotted; placed ones spotted [9.1].
    pub spotted: bool,
    /// The crew counter of this helicopter of the flight [9.5].
    pub crew_of: Option<usize>,
    /// A counter the mission is about: to be brought out (extraction, rescue).
    pub objective: bool,
    /// A downed crew's radio call answered: the rescue helicopter comes at the end of this
    /// turn's Helicopter Phase [F4].
    pub rescue_turn: Option<u16>,
    /// The counter's card, looked up once when it is placed: the rules ask for it at almost
    /// every step. Not saved: a loaded counter looks it up again from `unit`.
    #[serde(skip)]
    card: CardCache,
}

impl Unit {
    pub fn spec(&self) -> &'static UnitSpec {
        match self.card.0 {
            Some(spec) => spec,
            None => data().unit(&self.unit).expect("placed from the unit list"),
        }
    }
}

/// A unit's card as looked up from its id; it takes no part in comparing or showing a unit,
/// which its id already does.
#[derive(Clone, Copy, Default)]
struct CardCache(Option<&'static UnitSpec>);

impl PartialEq for CardCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for CardCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("_")
    }
}

/// Supporting fire called and not yet resolved [9.4.3].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Strike {
    pub kind: StrikeKind,
    pub hex: Hex,
    /// The turn whose Air Strike/Artillery Phase resolves it.
    pub turn: u16,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StrikeKind {
    /// An air strike; the ordnance is known once the aircraft arrive [A1].
    Air {
        ordnance: Option<String>,
    },
    /// The strafing run of an aircraft's secondary ordnance: no scatter [9.4.3].
    Strafing,
    Artillery,
    /// An enemy mortar barrage: artillery against the flight's side [9.4.4].
    Mortar,
}

/// A search in progress [8.7].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Search {
    pub start: Hex,
    pub failures: u8,
    /// A searcher has rolled at the start hex: later rolls may be made around it.
    pub begun: bool,
    pub found: bool,
}

/// The whole Tactical Map of the mission in hand.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tac {
    pub ground: Ground,
    pub entry: Hex,
    pub exit: Hex,
    pub lz: Option<Hex>,
    pub search: Option<Search>,
    pub turn: u16,
    /// Per helicopter of the flight.
    pub places: Vec<Place>,
    pub activated: Vec<bool>,
    /// Rocket pairs left, per helicopter [9.2.2].
    pub rockets: Vec<u8>,
    /// Weapons fired this turn: (helicopter, weapon id).
    pub fired: Vec<(usize, String)>,
    /// Spotting tries this turn: (helicopter, unit id) [ruling A06].
    pub spot_tries: Vec<(usize, u16)>,
    /// Helicopters that searched this turn.
    pub searched: Vec<usize>,
    pub units: Vec<Unit>,
    pub next_id: u16,
    pub suppressed: Vec<Hex>,
    pub strikes: Vec<Strike>,
    /// Combat Event cards are still drawn (your helicopter is flying on or over the map).
    pub events: bool,
    /// Paragraph 409: friendly suppression lifts by itself this turn.
    pub lull: bool,
    /// Initiative chits in the cup: US, Vietnamese [9.4].
    pub chits: (u8, u8),
    /// Counters delivered of those loaded for delivery.
    pub delivered: u8,
    pub to_deliver: u8,
    /// Objective counters at set-up (extraction, rescue).
    pub objectives: u8,
    pub enemies: u16,
    pub enemies_destroyed: u16,
    pub villagers_killed: u16,
}

impl Tac {
    pub fn flying(&self, h: usize) -> Option<&Flying> {
        match &self.places[h] {
            Place::On(f) => Some(f),
            _ => None,
        }
    }

    pub fn unit(&self, id: u16) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }

    pub fn unit_at(&self, id: u16) -> Option<usize> {
        self.units.iter().position(|u| u.id == id)
    }

    pub fn units_in(&self, hex: Hex) -> impl Iterator<Item = &Unit> {
        self.units.iter().filter(move |u| u.hex == hex)
    }

    /// Helicopters on the map in `hex` at `altitude`.
    pub fn helicopters_at(&self, hex: Hex, altitude: Altitude) -> usize {
        self.places
            .iter()
            .filter(|p| matches!(p, Place::On(f) if f.hex == hex && f.altitude == altitude))
            .count()
    }

    pub fn is_suppressed(&self, hex: Hex) -> bool {
        self.suppressed.contains(&hex)
    }

    /// Every hex of the exit (or entry) window: the map edge within 2 hexes of the listed hex
    /// [8.1, 8.3, G09].
    pub fn in_window(&self, at: Hex, listed: Hex) -> bool {
        self.ground.layout.on_edge(at) && at.distance(listed) <= 2
    }

    /// The edge hexes nearest the entry hex, where walking crews are safe [9.5].
    pub fn on_entry_edge(&self, at: Hex) -> bool {
        let (w, h) = self.ground.layout.size();
        let (ex, ey) = self.entry.offset();
        let (x, y) = at.offset();
        (ex == 0 && x == 0)
            || (ey == 0 && y == 0)
            || (ex == w - 1 && x == w - 1)
            || (ey == h - 1 && y == h - 1)
    }
}

/// What the tactical set-up reads, from a briefing or an event's template.
pub struct TacPlan<'a> {
    pub layout: Vec<Vec<u8>>,
    pub entry: &'a str,
    pub exit: &'a str,
    pub lz: Option<&'a str>,
    pub search_start: Option<&'a str>,
    pub preplaced: Vec<(&'a str, &'a str)>,
    /// Hexes whose terrain the briefing gives: (hex, terrain).
    pub terrain: Vec<(&'a str, &'a str)>,
    /// Spotted enemy units the plan places near the landing zone (Red column).
    pub red_enemies: u8,
    pub success: SuccessKind,
    /// The plan sets its own opposition (no default enemy set-up).
    pub own_enemies: bool,
}

/// Every movement step, in the order the choices list them.
const STEPS: [Step; 17] = [
    Step::Forward,
    Step::Turn { clockwise: true },
    Step::Turn { clockwise: false },
    Step::EnterHover,
    Step::HoldHover,
    Step::Climb,
    Step::Descend,
    Step::Land,
    Step::TakeOff,
    Step::Load,
    Step::Unload,
    Step::Strings,
    Step::Slide(2),
    Step::Slide(3),
    Step::Slide(4),
    Step::Slide(5),
    Step::Slide(6),
];

impl ChopperPilot {
    /// T0: the maps are laid out, the briefing's counters placed and, where it names no enemy,
    /// the default enemy set-up rolled (digest G15); the helicopters wait off the map [8.1].
    pub(super) fn setup_tactical(&mut self, plan: TacPlan<'_>) {
        let grid = &data().grid;
        let layout = Layout::new(plan.layout.clone(), grid.columns, grid.rows);
        let centre = {
            let (w, h) = layout.size();
            Hex::from_offset(w / 2, h / 2)
        };
        let at = |text: &str| {
            HexRef::parse(text)
                .and_then(|r| layout.hex(r))
                .unwrap_or(centre)
        };
        let entry = at(plan.entry);
        let exit = at(plan.exit);
        let lz = plan.lz.map(at);
        let search = plan.search_start.map(at);
        let placed: Vec<(String, Hex)> = plan
            .preplaced
            .iter()
            .map(|(u, h)| ((*u).to_owned(), at(h)))
            .collect();
        let terrain: Vec<(Hex, &str)> = plan.terrain.iter().map(|(h, t)| (at(h), *t)).collect();
        let mut ground = Ground::grow(layout);
        for hex in lz.into_iter().chain(search) {
            ground.clear(hex);
        }
        for (_, hex) in &placed {
            if !ground.passable(*hex) {
                ground.clear(*hex);
            }
        }
        for (hex, terrain) in &terrain {
            ground.set(*hex, terrain);
        }
        let n = self.mission().flight.len();
        let places = self
            .mission()
            .flight
            .iter()
            .map(|h| if h.flying() { Place::Off } else { Place::Gone })
            .collect();
        let to_deliver = self
            .mission()
            .flight
            .iter()
            .map(|h| h.passengers.iter().filter(|p| !p.objective).count() as u8)
            .sum();
        let rockets = self
            .mission()
            .flight
            .iter()
            .map(|h| data().helicopter(h.kind).rocket_pairs)
            .collect();
        let yours = self.mission().yours;
        let primary = data().campaign(self.campaign).combat_events;
        self.mission_mut().tac = Some(Tac {
            ground,
            entry,
            exit,
            lz,
            search: search.map(|start| Search {
                start,
                failures: 0,
                begun: false,
                found: false,
            }),
            turn: 0,
            places,
            activated: vec![false; n],
            rockets,
            fired: Vec::new(),
            spot_tries: Vec::new(),
            searched: Vec::new(),
            units: Vec::new(),
            next_id: 1,
            suppressed: Vec::new(),
            strikes: Vec::new(),
            events: primary && self.mission().flight[yours].flying(),
            lull: false,
            chits: (3, 3),
            delivered: 0,
            to_deliver,
            objectives: 0,
            enemies: 0,
            enemies_destroyed: 0,
            villagers_killed: 0,
        });
        let extraction = matches!(plan.success, SuccessKind::Extraction | SuccessKind::Rescue);
        let mut own = plan.own_enemies;
        for (unit, hex) in placed {
            let Some(spec) = data().unit(&unit) else {
                continue;
            };
            own |= spec.side == Side::Enemy;
            let objective = extraction && spec.side == Side::Us;
            let hex = self.room_near(hex);
            self.add_unit(&unit, hex, true, objective);
        }
        let reference = lz.or(search).unwrap_or(centre);
        for _ in 0..plan.red_enemies {
            self.place_default_enemy(reference, "red", true);
        }
        if !own {
            self.default_enemies(reference);
        }
        note!(
            self,
            "8.1",
            msg("The Tactical Map is laid out: the helicopters enter at {entry}")
                .arg("entry", plan.entry),
        );
        self.start_turn();
    }

    /// Puts a counter on the map; the enemy units are counted for the mission's judgement.
    pub(super) fn add_unit(&mut self, unit: &str, hex: Hex, spotted: bool, objective: bool) -> u16 {
        let t = self.tac_mut();
        let id = t.next_id;
        t.next_id += 1;
        let card = data().unit(unit);
        if card.is_some_and(|s| s.side == Side::Enemy) {
            t.enemies += 1;
        }
        if objective {
            t.objectives += 1;
        }
        t.units.push(Unit {
            id,
            unit: unit.to_owned(),
            hex,
            damaged: false,
            spotted,
            crew_of: None,
            objective,
            rescue_turn: None,
            card: CardCache(card),
        });
        id
    }

    /// The default enemy set-up (digest G15): 1D6, 1-2 none, 3-5 one unit, 6 two; one more
    /// where troops are in contact (extraction, medevac).
    fn default_enemies(&mut self, reference: Hex) {
        let Some(colour) = self.mission().difficulty.clone() else {
            return;
        };
        let r = d6(&mut self.rng);
        let mut n = match r.total {
            1 | 2 => 0,
            3..=5 => 1,
            _ => 2,
        };
        if self.mission_kind_in_contact() {
            n += 1;
        }
        self.log.add_with(
            "8.1",
            msg("Enemy units at the landing zone: {n}").arg("n", n),
            vec![Random::Dice(r)],
        );
        for _ in 0..n {
            self.place_default_enemy(reference, &colour, true);
        }
    }

    fn mission_kind_in_contact(&self) -> bool {
        use super::content::MissionKind;
        let kind = match &self.mission().assignment {
            super::state::Assignment::Briefing(n) => data().mission(*n).map(|m| m.kind),
            super::state::Assignment::Template(t) => data().template(t).map(|t| t.kind),
        };
        matches!(kind, Some(MissionKind::EX | MissionKind::MV))
    }

    /// One enemy result of E2 in `column`, villagers and buffalo rolled again, 3-5 hexes from
    /// the reference hex (direction 1D6 from map north) [G15].
    fn place_default_enemy(&mut self, reference: Hex, column: &str, spotted: bool) {
        let units = loop {
            let units = self.e2(column);
            if units.iter().all(|u| {
                data()
                    .unit(u)
                    .is_some_and(|s| s.side == super::content::Side::Enemy)
            }) {
                break units;
            }
        };
        let direction = (d6(&mut self.rng).total - 1) as u8;
        let distance = 3 + ((d6(&mut self.rng).total - 1) / 2) as u8;
        self.place_units(&units, reference, direction, distance, spotted);
    }

    /// A roll on E2 in the column: one or more unit ids.
    pub(super) fn e2(&mut self, column: &str) -> Vec<String> {
        let col = data().table("E2").column(column).unwrap_or(0);
        let rolled = roll_in(&mut self.rng, &mut self.log, "E2", col, &[]);
        rolled.cells[col].split('+').map(str::to_owned).collect()
    }

    /// Places units `distance` hexes from `from` in absolute `direction`, in the nearest hex
    /// ground units may enter [8.5, G09].
    pub(super) fn place_units(
        &mut self,
        units: &[String],
        from: Hex,
        direction: u8,
        distance: u8,
        spotted: bool,
    ) -> Option<Hex> {
        let t = self.tac();
        let hex = t.ground.layout.place(from, direction, distance, |h| {
            t.ground.passable(h) && t.units_in(h).count() + units.len() <= 3
        })?;
        for u in units {
            self.add_unit(u, hex, spotted, false);
            if !self.log.keeps() {
                continue;
            }
            note!(
                self,
                "8.5",
                msg("{unit} appears at {hex}{how}")
                    .term("unit", super::ops::unit_name(u))
                    .arg("hex", self.hex_name(hex))
                    .term("how", if spotted { "" } else { n_(" (unspotted)") }),
            );
        }
        Some(hex)
    }

    pub fn hex_name(&self, hex: Hex) -> String {
        self.tac()
            .ground
            .layout
            .name(hex)
            .map_or_else(|| "off the map".to_owned(), |r| r.to_string())
    }

    pub fn tac(&self) -> &Tac {
        self.mission()
            .tac
            .as_ref()
            .expect("the Tactical Map is set up in this phase")
    }

    pub fn tac_mut(&mut self) -> &mut Tac {
        self.mission_mut()
            .tac
            .as_mut()
            .expect("the Tactical Map is set up in this phase")
    }

    // ------------------------------------------------------------------ the turn sequence

    /// T1: a new turn: the Combat Event card, then the Helicopter Phase; with no helicopter
    /// left on or over the map, straight on to the ground phases (ruling A59).
    pub(super) fn start_turn(&mut self) {
        let t = self.tac_mut();
        t.turn += 1;
        t.fired.clear();
        t.spot_tries.clear();
        t.searched.clear();
        t.lull = false;
        for (i, p) in t.places.clone().iter().enumerate() {
            t.activated[i] = !matches!(p, Place::Off | Place::On(_));
            if let Place::On(f) = &mut t.places[i] {
                f.mp_left = 0;
            }
        }
        let turn = t.turn;
        note!(self, "8.2", msg("Turn {turn}").arg("turn", turn));
        if self.tac().events {
            self.combat_event();
        }
        self.next_activation();
    }

    /// T1a: a Combat Event card, its spawn measured from your helicopter (from its entry hex
    /// and facing before it has entered: ruling A60) [8.5].
    fn combat_event(&mut self) {
        let Some(deck) = self.decks.combat.as_mut() else {
            return;
        };
        let Some(drawn) = deck.draw(&mut self.rng) else {
            return;
        };
        let card = drawn.card;
        if let Some(d) = self.decks.combat.as_mut() {
            d.discard(card);
        }
        let (from, facing) = self.your_reference();
        match card {
            EventCard::NoEvent => note!(self, "8.5", msg("Combat Event: no event")),
            EventCard::Spawn {
                direction,
                distance,
            } => {
                let column = self
                    .mission()
                    .difficulty
                    .clone()
                    .unwrap_or_else(|| "green".into());
                note!(
                    self,
                    "8.5",
                    msg_n(
                        "Combat Event: direction {direction}, {distance} hex",
                        "Combat Event: direction {direction}, {distance} hexes",
                        distance,
                    )
                    .arg("direction", direction)
                    .arg("distance", distance),
                );
                let units = self.e2(&column);
                self.place_units(&units, from, absolute(facing, direction), distance, false);
            }
            EventCard::Paragraph(n) => self.combat_paragraph(n, from, facing),
        }
    }

    /// Where your helicopter is and faces, or where it will enter.
    pub(super) fn your_reference(&self) -> (Hex, u8) {
        let yours = self.mission().yours;
        match self.tac().flying(yours) {
            Some(f) => (f.hex, f.facing),
            None => (self.tac().entry, self.entry_facing(self.tac().entry)),
        }
    }

    /// Paragraphs 401-409 of the Combat Event deck (digest G14).
    fn combat_paragraph(&mut self, n: u16, from: Hex, facing: u8) {
        let Some(p) = data().paragraphs.get(&n) else {
            return;
        };
        note!(
            self,
            "8.5",
            msg("Combat Event: paragraph {number}, {title}")
                .arg("number", n)
                .arg("title", &p.title),
        );
        for e in &p.effects {
            match &e.what {
                What::Spawn {
                    unit,
                    red_unit,
                    count,
                    distance,
                    spotted,
                    fires,
                    near_lz,
                } => {
                    let colour = self
                        .mission()
                        .difficulty
                        .clone()
                        .unwrap_or_else(|| "green".into());
                    let units: Vec<String> = match (unit, red_unit) {
                        (Some(_), Some(r)) if colour != "green" => vec![r.clone()],
                        (Some(u), _) => vec![u.clone()],
                        (None, _) => (0..*count).flat_map(|_| self.e2(&colour)).collect(),
                    };
                    let units = if unit.is_some() {
                        units
                            .iter()
                            .cycle()
                            .take(usize::from(*count))
                            .cloned()
                            .collect()
                    } else {
                        units
                    };
                    let k = d6(&mut self.rng).total as u8;
                    let (origin, direction) = match (near_lz, self.tac().lz) {
                        (true, Some(lz)) => (lz, k - 1),
                        _ => (from, absolute(facing, k)),
                    };
                    let placed = self.place_units(&units, origin, direction, *distance, *spotted);
                    if *fires && let Some(hex) = placed {
                        let ids: Vec<u16> = self
                            .tac()
                            .units_in(hex)
                            .filter(|u| u.spec().side == Side::Enemy)
                            .map(|u| u.id)
                            .collect();
                        for id in ids {
                            self.snipe(id);
                        }
                    }
                }
                What::Place {
                    counter,
                    distance,
                    distance_d6,
                    spotted,
                } => {
                    let k = d6(&mut self.rng).total as u8;
                    let extra = if *distance_d6 {
                        d6(&mut self.rng).total as u8
                    } else {
                        0
                    };
                    let unit = if data().unit(counter).is_some() {
                        counter.clone()
                    } else {
                        "downed_pilot".to_owned()
                    };
                    if let Some(hex) = self.place_units(
                        std::slice::from_ref(&unit),
                        from,
                        absolute(facing, k),
                        distance + extra,
                        *spotted,
                    ) {
                        for u in &mut self.tac_mut().units {
                            if u.hex == hex && u.unit == unit {
                                u.objective = true;
                            }
                        }
                        self.tac_mut().objectives += 1;
                    }
                }
                What::Mortar => {
                    if let Some(lz) = self.tac().lz {
                        let turn = self.tac().turn;
                        self.tac_mut().strikes.push(Strike {
                            kind: StrikeKind::Mortar,
                            hex: lz,
                            turn,
                        });
                        self.log
                            .add("9.4.4", msg("Enemy mortars range on the landing zone"));
                    }
                }
                What::Lull => self.tac_mut().lull = true,
                other => self.mission_mut().later.push(other.clone()),
            }
        }
    }

    /// The facing of a helicopter entering at `hex`: the hexside that leads most directly
    /// towards where it is going [8.1, ruling A37].
    pub(super) fn entry_facing(&self, hex: Hex) -> u8 {
        let t = self.tac();
        let goal =
            t.lz.or(t.search.as_ref().map(|s| s.start))
                .unwrap_or(t.exit);
        (0..6u8)
            .min_by_key(|d| (hex.neighbour(*d).distance(goal), *d))
            .unwrap_or(0)
    }

    /// T1b: the next helicopter chooses to fly, or the Helicopter Phase ends.
    pub(super) fn next_activation(&mut self) {
        self.check_pilot();
        if matches!(self.phase, Phase::PilotLost) {
            return;
        }
        let t = self.tac();
        if t.activated.iter().all(|a| *a) {
            self.end_helicopter_phase();
        } else {
            self.phase = Phase::Helicopters;
        }
    }

    /// The helicopters that have not yet flown this turn.
    pub(super) fn to_activate(&self) -> Vec<usize> {
        let t = self.tac();
        (0..t.places.len()).filter(|h| !t.activated[*h]).collect()
    }

    /// A helicopter begins its activation; one that has not yet entered comes in at Medium at
    /// the entry hex, or the nearest edge hex of the window with room [8.1, 8.3].
    pub(super) fn activate(&mut self, h: usize) {
        let limits = movement::limits(&self.mission().flight[h]);
        let kind = self.mission().flight[h].kind;
        if self.tac().places[h] == Place::Off {
            let t = self.tac();
            let entry = t.entry;
            let (w, ht) = t.ground.layout.size();
            // The window lies within two hexes of the entry hex.
            let hex = std::iter::once(entry)
                .chain((1..=2).flat_map(|r| entry.ring(r)))
                .filter(|x| {
                    let (a, b) = x.offset();
                    (0..w).contains(&a) && (0..ht).contains(&b)
                })
                .filter(|x| t.in_window(*x, entry) || *x == entry)
                .filter(|x| t.helicopters_at(*x, Altitude::Medium) < 2)
                .min_by_key(|x| (x.distance(entry), t.ground.layout.name(*x), x.offset()))
                .unwrap_or(entry);
            let facing = self.entry_facing(hex);
            self.tac_mut().places[h] = Place::On(Flying::new(hex, facing, Altitude::Medium));
            note!(
                self,
                "8.1",
                msg("{helicopter} enters the map at {hex}, at Medium")
                    .arg("helicopter", self.mission().flight[h].name())
                    .arg("hex", self.hex_name(hex)),
            );
        }
        let ceiling = self.weather_ceiling();
        if let Place::On(f) = &mut self.tac_mut().places[h] {
            movement::begin(f, kind, &limits);
            if ceiling && f.altitude == Altitude::Medium {
                // Under a low ceiling the helicopter comes down to Low first (weather H2).
                f.level_changes = 0;
            }
        }
        self.phase = Phase::Activation(h);
    }

    /// Whether the weather keeps the flight at Low or below (H2).
    pub(super) fn weather_ceiling(&self) -> bool {
        self.mission()
            .weather
            .as_ref()
            .and_then(|w| data().weather(w))
            .is_some_and(|w| w.descend_to_low)
    }

    /// The flying limits of helicopter `h`, the weather's ceiling included.
    pub(super) fn flying_limits(&self, h: usize) -> movement::Limits {
        let mut l = movement::limits(&self.mission().flight[h]);
        // A team on the strings keeps the Huey at Low or below (ruling A27).
        if self.weather_ceiling() || self.mission().flight[h].strings.is_some() {
            l.ceiling = l.ceiling.min(Altitude::Low);
        }
        l
    }

    /// The movement steps helicopter `h` may make now, with their costs.
    pub(super) fn legal_steps(&self, h: usize) -> Vec<(Step, u8)> {
        let t = self.tac();
        let Some(f) = t.flying(h) else {
            return Vec::new();
        };
        let l = self.flying_limits(h);
        let may_land = self.may_land_here(f);
        STEPS
            .into_iter()
            .filter_map(|s| {
                let c = movement::cost(f, s, &l, may_land).ok()?;
                self.step_allowed(h, f, s).then_some((s, c))
            })
            .collect()
    }

    /// Whether the ground under `f` takes one more landed helicopter [8.3, D].
    fn may_land_here(&self, f: &Flying) -> bool {
        let t = self.tac();
        t.ground.may_land(f.hex) && t.helicopters_at(f.hex, Altitude::Landed) < 2
    }

    /// The cost of one step of helicopter `h` if it may make it now: the same answer as
    /// looking it up in [`ChopperPilot::legal_steps`], without costing the other steps.
    pub(super) fn step_cost(&self, h: usize, step: Step) -> Option<u8> {
        let f = self.tac().flying(h)?;
        let c = movement::cost_with(f, step, || self.flying_limits(h), || self.may_land_here(f))
            .ok()?;
        self.step_allowed(h, f, step).then_some(c)
    }

    /// What the cost table leaves to the map: staying on it, stacking, and something to load
    /// or unload [8.3, 8.4].
    pub(super) fn step_allowed(&self, h: usize, f: &Flying, s: Step) -> bool {
        let t = self.tac();
        let room = |hex: Hex, alt: Altitude| t.helicopters_at(hex, alt) < 2;
        match s {
            // Flying off the map is always possible: through the exit window it is leaving,
            // anywhere else the helicopter is shot down where it crosses the edge [8.3].
            Step::Forward => {
                let to = f.hex.neighbour(f.facing);
                !t.ground.layout.contains(to) || room(to, f.altitude)
            }
            Step::Slide(k) => {
                let to = f.hex.neighbour(absolute(f.facing, k));
                t.ground.layout.contains(to) && room(to, f.altitude)
            }
            Step::Climb => {
                let up = match f.altitude {
                    Altitude::Noe => Altitude::Low,
                    _ => Altitude::Medium,
                };
                room(f.hex, up)
            }
            Step::Descend => {
                let down = match f.altitude {
                    Altitude::Medium => Altitude::Low,
                    _ => Altitude::Noe,
                };
                room(f.hex, down)
            }
            Step::TakeOff => room(f.hex, Altitude::Noe),
            Step::Load => !self.loadable_here(h).is_empty(),
            Step::Unload => self.mission().flight[h]
                .passengers
                .iter()
                .any(|p| p.crew_of.is_none() && !p.objective),
            Step::Strings => self.strings_ready(h, f),
            _ => true,
        }
    }

    /// The counters in the landed helicopter's hex that may board it: wounded, crews, the
    /// people the mission is about; as many as it has free boxes [8.4, 9.5].
    pub(super) fn loadable_here(&self, h: usize) -> Vec<u16> {
        let t = self.tac();
        let heli = &self.mission().flight[h];
        if heli.kind != HeloType::Huey {
            return Vec::new();
        }
        let Some(f) = t.flying(h) else {
            return Vec::new();
        };
        t.units_in(f.hex)
            .filter(|u| u.objective || u.crew_of.is_some() || u.spec().class == Class::Crew)
            .map(|u| u.id)
            .take(heli.free_boxes())
            .collect()
    }

    /// Makes one movement step of the active helicopter.
    pub(super) fn make_step(&mut self, h: usize, step: Step) {
        let Some(cost) = self.step_cost(h, step) else {
            return;
        };
        let from = self.tac().flying(h).expect("on the map").hex;
        if let Place::On(f) = &mut self.tac_mut().places[h] {
            movement::make(f, step, cost);
        }
        let to = self.tac().flying(h).expect("on the map").hex;
        if !self.tac().ground.layout.contains(to) {
            self.off_the_map(h, from);
            return;
        }
        match step {
            Step::Load => self.board_here(h),
            Step::Unload => self.unload_here(h),
            Step::Strings => self.work_strings(h),
            _ => {}
        }
        if self.log.keeps()
            && matches!(
                step,
                Step::Land | Step::TakeOff | Step::Climb | Step::Descend
            )
        {
            let f = self.tac().flying(h).expect("on the map").clone();
            note!(
                self,
                "8.3",
                msg("{helicopter} is now at {altitude} in {hex}")
                    .arg("helicopter", self.mission().flight[h].name())
                    .term("altitude", f.altitude.name())
                    .arg("hex", self.hex_name(f.hex)),
            );
        }
    }

    /// SOG strings [11.1, ruling A27]: a Huey of a campaign with strings, hovering over a team
    /// waiting in jungle or woods, may lower them; landed with a team on them and a free box,
    /// it may take the team aboard.
    fn strings_ready(&self, h: usize, f: &Flying) -> bool {
        let heli = &self.mission().flight[h];
        if !data().campaign(self.campaign).strings || heli.kind != HeloType::Huey {
            return false;
        }
        if f.altitude == Altitude::Landed {
            return heli.strings.is_some() && heli.free_boxes() > 0;
        }
        heli.strings.is_none() && self.string_team(f.hex).is_some()
    }

    /// The team in `hex` that may be lifted on strings: the mission's people, in terrain that
    /// allows strings [11.1].
    pub(super) fn string_team(&self, hex: Hex) -> Option<u16> {
        let t = self.tac();
        if !t.ground.at(hex).strings {
            return None;
        }
        t.units_in(hex)
            .find(|u| u.objective && u.spec().side == Side::Us)
            .map(|u| u.id)
    }

    /// Lowers the strings to the team below, or takes the team on them aboard [11.1].
    fn work_strings(&mut self, h: usize) {
        let name = self.mission().flight[h].name();
        let landed = self
            .tac()
            .flying(h)
            .is_some_and(|f| f.altitude == Altitude::Landed);
        if landed {
            if let Some(p) = self.mission_mut().flight[h].strings.take() {
                self.mission_mut().flight[h].passengers.push(p);
                note!(
                    self,
                    "11.1",
                    msg("{helicopter} takes the team on its strings aboard")
                        .arg("helicopter", name),
                );
            }
            return;
        }
        let hex = self.tac().flying(h).expect("on the map").hex;
        let Some(id) = self.string_team(hex) else {
            return;
        };
        let i = self.tac().unit_at(id).expect("listed");
        let u = self.tac_mut().units.remove(i);
        note!(
            self,
            "11.1",
            msg("{helicopter} lowers its strings: {unit} is lifted out of the trees")
                .arg("helicopter", name)
                .term("unit", super::ops::unit_name(&u.unit)),
        );
        self.mission_mut().flight[h].strings = Some(Passenger {
            unit: u.unit,
            damaged: u.damaged,
            objective: u.objective,
            crew_of: u.crew_of,
        });
    }

    /// The counters in the hex board the landed Huey.
    fn board_here(&mut self, h: usize) {
        for id in self.loadable_here(h) {
            let i = self.tac().unit_at(id).expect("listed");
            let u = self.tac_mut().units.remove(i);
            note!(
                self,
                "8.4",
                msg("{unit} boards {helicopter}")
                    .term("unit", super::ops::unit_name(&u.unit))
                    .arg("helicopter", self.mission().flight[h].name()),
            );
            self.mission_mut().flight[h].passengers.push(Passenger {
                unit: u.unit,
                damaged: u.damaged,
                objective: u.objective,
                crew_of: u.crew_of,
            });
        }
    }

    /// The troops and cargo the Huey brought get off: troops become ground units in the hex,
    /// cargo is delivered [8.4].
    fn unload_here(&mut self, h: usize) {
        let hex = self.tac().flying(h).expect("landed").hex;
        let (off, stay): (Vec<Passenger>, Vec<Passenger>) = self.mission_mut().flight[h]
            .passengers
            .drain(..)
            .partition(|p| p.crew_of.is_none() && !p.objective);
        self.mission_mut().flight[h].passengers = stay;
        for p in off {
            self.tac_mut().delivered += 1;
            note!(
                self,
                "8.4",
                msg("{unit} is unloaded at {hex}")
                    .term("unit", super::ops::unit_name(&p.unit))
                    .arg("hex", self.hex_name(hex)),
            );
            let fights = data().unit(&p.unit).is_some_and(|s| s.class.fights());
            if fights && self.tac().units_in(hex).count() < 3 {
                let id = self.add_unit(&p.unit, hex, true, false);
                let i = self.tac().unit_at(id).expect("just placed");
                self.tac_mut().units[i].damaged = p.damaged;
            }
        }
    }

    /// Ends the active helicopter's activation: an airborne helicopter that did not move
    /// hovers [8.3, ruling A26].
    pub(super) fn end_activation(&mut self, h: usize) {
        let l = self.flying_limits(h);
        if let Place::On(f) = &mut self.tac_mut().places[h] {
            movement::end(f, &l);
        }
        self.tac_mut().activated[h] = true;
        self.next_activation();
    }

    /// Whether the active helicopter may end its activation: under a low ceiling it must
    /// first come down from Medium (H2); and it must have spent the minimum of 1 MP [8.3].
    /// An airborne helicopter that spent nothing pays that by hovering (ruling A26), so only
    /// one that cannot hover (damage) has to move, turn or change altitude first, as long as
    /// any step is open to it. `steps` are its legal steps if they are at hand; without them
    /// the rules are asked of the steps that matter, and only when they matter (most ends of
    /// an activation need none: no low ceiling, a helicopter that may hover).
    pub(super) fn may_end(&self, h: usize, steps: Option<&[(Step, u8)]>) -> bool {
        let Some(f) = self.tac().flying(h) else {
            return true;
        };
        let open = |s: Step| match steps {
            Some(list) => list.iter().any(|(x, _)| *x == s),
            None => self.step_cost(h, s).is_some(),
        };
        let any_open = || match steps {
            Some(list) => !list.is_empty(),
            None => STEPS.iter().any(|s| self.step_cost(h, *s).is_some()),
        };
        let ceiling =
            f.altitude == Altitude::Medium && self.weather_ceiling() && open(Step::Descend);
        let unspent = f.altitude != Altitude::Landed
            && f.mp_spent == 0
            && self.flying_limits(h).no_hover
            && any_open();
        !(ceiling || unspent)
    }

    /// Whether helicopter `h` may leave through the exit window now [8.3].
    pub(super) fn may_exit(&self, h: usize) -> bool {
        let t = self.tac();
        t.flying(h)
            .is_some_and(|f| f.altitude != Altitude::Landed && t.in_window(f.hex, t.exit))
    }

    /// A helicopter flew over the map edge from `edge`: through the exit window it leaves;
    /// anywhere else it is shot down at the point where it left [8.3], which is fatal damage
    /// there (the forced-landing procedure by its altitude, 9.5).
    fn off_the_map(&mut self, h: usize, edge: Hex) {
        if let Place::On(f) = &mut self.tac_mut().places[h] {
            f.hex = edge;
        }
        if self.may_exit(h) {
            self.exit(h);
            return;
        }
        note!(
            self,
            "8.3",
            msg("{helicopter} leaves the map outside the exit window at {hex}: shot down")
                .arg("helicopter", self.mission().flight[h].name())
                .arg("hex", self.hex_name(edge)),
        );
        self.tac_forced_landing(h);
        self.next_activation();
    }

    pub(super) fn exit(&mut self, h: usize) {
        // A team on the strings leaves the map with its Huey: it is extracted (ruling A27).
        if let Some(p) = self.mission_mut().flight[h].strings.take() {
            if p.objective {
                self.mission_mut().rescued += 1;
            }
            note!(
                self,
                "11.1",
                msg("{unit} is carried out on the strings")
                    .term("unit", super::ops::unit_name(&p.unit)),
            );
        }
        self.tac_mut().places[h] = Place::Exited;
        self.tac_mut().activated[h] = true;
        if h == self.mission().yours {
            self.tac_mut().events = false;
        }
        note!(
            self,
            "8.3",
            msg("{helicopter} leaves the map").arg("helicopter", self.mission().flight[h].name()),
        );
        self.next_activation();
    }

    // ---------------------------------------------------------------------------- spotting

    /// The unspotted units helicopter `h` may try to spot now [9.1].
    pub(super) fn spottable(&self, h: usize) -> Vec<u16> {
        self.spottable_units(h).collect()
    }

    /// [`ChopperPilot::spottable`] one unit at a time (the bot wants the first, a check one).
    pub(super) fn spottable_units(&self, h: usize) -> impl Iterator<Item = u16> + '_ {
        let t = self.tac();
        let f = t.flying(h).filter(|_| self.crew_can(h, |p| p.is_pilot()));
        f.into_iter().flat_map(move |f| {
            t.units
                .iter()
                .filter(move |u| !u.spotted && in_view(f.hex, f.facing, u.hex))
                .filter(move |u| !t.spot_tries.contains(&(h, u.id)))
                .map(|u| u.id)
        })
    }

    /// A spotting attempt: E3 for your helicopter, 5-6 for the others [9.1].
    pub(super) fn spot(&mut self, h: usize, id: u16) {
        self.tac_mut().spot_tries.push((h, id));
        let f = self.tac().flying(h).expect("on the map").clone();
        let u = self.tac().unit(id).expect("listed").clone();
        let seen = if h == self.mission().yours {
            let perception = self.best_skill(h, |m| m.perception, true);
            let weather = self.weather_value(|w| w.e3);
            let event = self
                .mission()
                .later
                .iter()
                .filter_map(|w| match w {
                    What::Modifier { table, value } if table == "E3" => Some(*value),
                    _ => None,
                })
                .sum();
            let m = e3_modifiers(
                perception,
                self.tac().ground.at(u.hex).spot,
                f.altitude,
                f.hex.distance(u.hex),
                weather,
                event,
            );
            let rolled = roll(&mut self.rng, &mut self.log, "E3", &m);
            spots(rolled.natural, &m)
        } else {
            let r = d6(&mut self.rng);
            let seen = other_spots(r.total);
            self.log.add_with(
                "9.1",
                msg("{helicopter} looks for the unit: {result}")
                    .arg("helicopter", self.mission().flight[h].name())
                    .term("result", if seen { n_("spotted") } else { n_("not seen") }),
                vec![Random::Dice(r)],
            );
            seen
        };
        // A helicopter whose radio is out cannot pass its sighting on [9.1]; the others may
        // still fire only at what they saw themselves, which this model keeps as one flag:
        // a sighting by a helicopter without a radio does not count.
        if seen && !self.radio_out(h) {
            let i = self.tac().unit_at(id).expect("listed");
            self.tac_mut().units[i].spotted = true;
            note!(
                self,
                "9.1",
                msg("{unit} at {hex} is spotted")
                    .term("unit", super::ops::unit_name(&u.unit))
                    .arg("hex", self.hex_name(u.hex)),
            );
        } else if seen {
            note!(
                self,
                "9.1",
                msg("The radio is out: the sighting cannot be shared"),
            );
        }
    }

    pub(super) fn radio_out(&self, h: usize) -> bool {
        let heli = &self.mission().flight[h];
        let spec = data().helicopter(heli.kind);
        spec.track(System::Radio).is_some_and(|t| {
            t.boxes
                .iter()
                .take(usize::from(heli.boxes_checked(System::Radio)))
                .any(|c| {
                    data()
                        .effect(System::Radio, *c)
                        .is_some_and(|e| e.radio_out)
                })
        })
    }

    /// A weather modifier of the mission's weather.
    pub(super) fn weather_value(&self, f: impl Fn(&super::content::Weather) -> i32) -> i32 {
        self.mission()
            .weather
            .as_ref()
            .and_then(|w| data().weather(w))
            .map_or(0, f)
    }

    /// The best skill of your crew's able members in seats matching `pilots` (pilot and
    /// co-pilot) or all seats; 0 for the other helicopters, whose crews have no skills [3.7].
    pub(super) fn best_skill(
        &self,
        h: usize,
        skill: impl Fn(&super::state::CrewMember) -> u8,
        pilots: bool,
    ) -> u8 {
        self.mission().flight[h]
            .seats
            .iter()
            .filter(|s| s.health.able() && (!pilots || s.position.is_pilot()))
            .filter_map(|s| s.member.map(|m| skill(&self.crew[m])))
            .max()
            .unwrap_or(0)
    }

    /// Whether an able crew member sits in a seat matching `seat`.
    pub(super) fn crew_can(
        &self,
        h: usize,
        seat: impl Fn(super::content::Position) -> bool,
    ) -> bool {
        self.mission().flight[h]
            .seats
            .iter()
            .any(|s| seat(s.position) && s.health.able())
    }

    // ---------------------------------------------------------------------------- searches

    /// Whether helicopter `h` may roll E5 now [8.7, ruling A12].
    pub(super) fn may_search(&self, h: usize) -> bool {
        let t = self.tac();
        let Some(s) = &t.search else { return false };
        let Some(f) = t.flying(h) else { return false };
        let searcher = self.may_search_ever(h);
        let radius = data().table("E5").value("radius");
        searcher
            && !s.found
            && !t.searched.contains(&h)
            && f.altitude != Altitude::Landed
            && (f.hex == s.start || s.begun && f.hex.distance(s.start) <= radius)
    }

    /// E5: a search roll; what is found is placed 1D6 direction, 1D6 hexes from your
    /// helicopter [8.7].
    pub(super) fn search(&mut self, h: usize) {
        let e5 = data().table("E5");
        let f = self.tac().flying(h).expect("on the map").clone();
        let s = self.tac().search.clone().expect("a search");
        let mut m: Vec<Modifier> = Vec::new();
        if h == self.mission().yours {
            let p = self.best_skill(h, |c| c.perception, true);
            m.push((Cow::Borrowed("Perception"), i32::from(p)));
        }
        if self.mission().flight[h].kind == HeloType::Loach {
            m.push((Cow::Borrowed("Loach"), e5.value("loach")));
        }
        let alt = match f.altitude {
            Altitude::Noe | Altitude::Landed => e5.value("noe"),
            Altitude::Low => e5.value("low"),
            Altitude::Medium => e5.value("medium"),
        };
        m.push((Cow::Borrowed("altitude"), alt));
        if self.tac().ground.at(f.hex).id == "jungle" {
            m.push((Cow::Borrowed("jungle"), e5.value("jungle")));
        }
        let earlier = i32::from(s.failures).min(e5.value("max_failures")) * e5.value("per_failure");
        m.push((Cow::Borrowed("earlier searches"), earlier));
        m.retain(|(_, v)| *v != 0);
        let rolled = roll(&mut self.rng, &mut self.log, "E5", &m);
        let t = self.tac_mut();
        t.searched.push(h);
        let search = t.search.as_mut().expect("a search");
        search.begun = true;
        if rolled.result() == "found" {
            search.found = true;
            let (from, facing) = self.your_reference();
            let k = d6(&mut self.rng).total as u8;
            let n = d6(&mut self.rng).total as u8;
            let object = "downed_pilot".to_owned();
            if let Some(hex) = self.place_units(
                std::slice::from_ref(&object),
                from,
                absolute(facing, k),
                n,
                true,
            ) {
                self.tac_mut().ground.clear(hex);
                for u in &mut self.tac_mut().units {
                    if u.hex == hex && u.unit == object {
                        u.objective = true;
                    }
                }
                self.tac_mut().objectives += 1;
            }
        } else {
            search.failures += 1;
        }
    }

    // ------------------------------------------------------------------ helicopter weapons

    /// The shots helicopter `h` may take now: (weapon index, target unit) [9.2].
    pub(super) fn shots(&self, h: usize) -> Vec<(u8, u16)> {
        let mut out = Vec::new();
        self.each_shot(h, |w, id| {
            out.push((w, id));
            false
        });
        out
    }

    /// The first of [`ChopperPilot::shots`], without the others.
    pub(super) fn first_shot(&self, h: usize) -> Option<(u8, u16)> {
        let mut first = None;
        self.each_shot(h, |w, id| {
            first = Some((w, id));
            true
        });
        first
    }

    /// Whether [`ChopperPilot::shots`] offers weapon `w` at unit `id`.
    pub(super) fn may_fire(&self, h: usize, w: u8, id: u16) -> bool {
        self.each_shot(h, |x, u| (x, u) == (w, id))
    }

    /// Hands the shots of [`ChopperPilot::shots`] to `visit` in their order until it answers
    /// true (then true).
    fn each_shot(&self, h: usize, mut visit: impl FnMut(u8, u16) -> bool) -> bool {
        let t = self.tac();
        let Some(f) = t.flying(h) else {
            return false;
        };
        // Nothing to shoot at (most steps of a mission): no weapon needs asking.
        if !t
            .units
            .iter()
            .any(|u| u.spotted && u.spec().side == Side::Enemy)
        {
            return false;
        }
        let heli = &self.mission().flight[h];
        let spec = data().helicopter(heli.kind);
        // What depends on the target only, worked out once for all the weapons: its sectors
        // from the nose and whether a helicopter at this altitude is in the line.
        let mut sectors: smallvec::SmallVec<[Option<u8>; 32]> =
            smallvec::smallvec![None; t.units.len()];
        let mut blocked: smallvec::SmallVec<[Option<bool>; 32]> =
            smallvec::smallvec![None; t.units.len()];
        for (w, weapon) in spec.weapons.iter().enumerate() {
            if t.fired.iter().any(|(x, id)| *x == h && *id == weapon.id)
                || !self.weapon_ready(h, &weapon.id)
            {
                continue;
            }
            // Minigun and grenade launcher share the turret: one of them a turn here.
            if (weapon.id == "minigun" || weapon.id == "grenades")
                && t.fired
                    .iter()
                    .any(|(x, id)| *x == h && (id == "minigun" || id == "grenades"))
            {
                continue;
            }
            if !heli
                .seats
                .iter()
                .any(|s| s.position == weapon.operator && s.health.able())
            {
                continue;
            }
            for (i, u) in t.units.iter().enumerate() {
                // The cheap tests first: most units are out of range or not in sight.
                if !u.spotted || f.hex.distance(u.hex) > i32::from(weapon.range) {
                    continue;
                }
                if u.spec().side != Side::Enemy {
                    continue;
                }
                let in_arc = if weapon.arc == [1] {
                    (1..=weapon.range).any(|n| f.hex.step(f.facing, n) == u.hex)
                } else {
                    let mask =
                        *sectors[i].get_or_insert_with(|| f.hex.sector_mask(f.facing, u.hex));
                    weapon.arc.iter().any(|s| *s < 8 && mask & (1 << s) != 0)
                };
                if !in_arc {
                    continue;
                }
                let blocked = *blocked[i].get_or_insert_with(|| {
                    f.hex.between_pairs(u.hex).any(|(a, b)| {
                        t.helicopters_at(a, f.altitude) > 0 || t.helicopters_at(b, f.altitude) > 0
                    })
                });
                if !blocked && visit(w as u8, u.id) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether a weapon is loaded and not jammed [9.2, C2].
    fn weapon_ready(&self, h: usize, weapon: &str) -> bool {
        let heli = &self.mission().flight[h];
        match weapon {
            "left_gun" => heli.boxes_checked(System::LeftGun) == 0,
            "right_gun" => heli.boxes_checked(System::RightGun) == 0,
            "minigun" | "grenades" => heli.boxes_checked(System::Turret) == 0,
            "rockets" => self.rocket_pairs(h) > 0,
            _ => true,
        }
    }

    /// Rocket pairs left: a destroyed pod takes its partner's rockets with it [9.2.2, G06].
    pub(super) fn rocket_pairs(&self, h: usize) -> u8 {
        let heli = &self.mission().flight[h];
        let full = data().helicopter(heli.kind).rocket_pairs;
        let pods = heli.boxes_checked(System::RocketPods).min(2);
        let capacity = full.saturating_sub(full / 2 * pods);
        self.tac().rockets[h].min(capacity)
    }

    /// How weapon `w` of helicopter `h` attacks unit `id` [9.2]: its table, its B2 range
    /// column, the modifiers of the weapon and its crew (the target's terrain and defence are
    /// added per unit, [`ChopperPilot::target_modifiers`]) and the rolls against each unit.
    pub fn weapon_attack(&self, h: usize, w: u8, id: u16) -> Option<Attack> {
        let heli = &self.mission().flight[h];
        let weapon = data().helicopter(heli.kind).weapons.get(usize::from(w))?;
        let f = self.tac().flying(h)?;
        let target = self.tac().unit(id)?;
        let d = f.hex.distance(target.hex);
        let seat = heli.seats.iter().find(|s| s.position == weapon.operator);
        let gunnery = seat
            .and_then(|s| s.member)
            .map_or(0, |m| i32::from(self.crew[m].gunnery));
        let arm = seat.is_some_and(|s| s.wounds.iter().any(|(l, _)| *l == Location::Arm));
        let named = |m: &[(&'static str, i32)]| -> Vec<Modifier> {
            m.iter()
                .filter(|(_, v)| *v != 0)
                .map(|(n, v)| (Cow::Borrowed(*n), *v))
                .collect()
        };
        if weapon.table == "B2" {
            let b2 = data().table("B2");
            let alt = match f.altitude {
                Altitude::Noe => b2.value("noe"),
                Altitude::Low => b2.value("low"),
                Altitude::Medium => b2.value("medium"),
                Altitude::Landed => b2.value("landed"),
            };
            Some(Attack {
                table: "B2",
                column: Some(b2_column(d)),
                modifiers: named(&[
                    ("Gunnery", gunnery),
                    ("altitude", alt),
                    ("arm wound", if arm { b2.value("arm_wound") } else { 0 }),
                    ("weather", self.weather_value(|w| w.b2)),
                ]),
                rolls: weapon.rolls,
                rockets: false,
            })
        } else {
            let b1 = data().table("B1");
            let rockets = weapon.id == "rockets";
            let long = if rockets && d >= b1.value("long_range_from") {
                b1.value("rockets_long_range")
            } else {
                0
            };
            Some(Attack {
                table: "B1",
                column: None,
                modifiers: named(&[("Gunnery", gunnery), ("range", long)]),
                rolls: if rockets {
                    self.rocket_pairs(h).min(4)
                } else {
                    4
                },
                rockets,
            })
        }
    }

    /// Fires weapon `w` of helicopter `h` at unit `id` [9.2].
    pub(super) fn fire(&mut self, h: usize, w: u8, id: u16) {
        let Some(attack) = self.weapon_attack(h, w, id) else {
            return;
        };
        let heli = &self.mission().flight[h];
        let name = heli.name();
        let weapon = &data().helicopter(heli.kind).weapons[usize::from(w)];
        let target = self.tac().unit(id).expect("listed").clone();
        note!(
            self,
            "9.2",
            msg("{helicopter} fires its {weapon} at {unit} in {hex}")
                .arg("helicopter", name)
                .term("weapon", weapon.name.as_str())
                .term("unit", super::ops::unit_name(&target.unit))
                .arg("hex", self.hex_name(target.hex)),
        );
        self.tac_mut().fired.push((h, weapon.id.clone()));
        if let Some(column) = attack.column {
            for _ in 0..attack.rolls {
                if self.tac().unit(id).is_none() {
                    break;
                }
                self.b2_attack(id, column, &attack.modifiers);
            }
        } else {
            if attack.rockets {
                self.tac_mut().rockets[h] -= attack.rolls;
            }
            for _ in 0..attack.rolls {
                self.b1_hex(target.hex, &attack.modifiers, true);
            }
            if attack.rockets {
                self.suppress_around(target.hex);
            }
        }
    }

    /// An enemy unit appears and fires straight away (paragraph 405): it is spotted because it
    /// fired [9.1].
    fn snipe(&mut self, id: u16) {
        let (from, _) = self.your_reference();
        let yours = self.mission().yours;
        if self.tac().flying(yours).is_some() {
            self.enemy_fires_at_helicopter(id, yours, false);
        } else if let Some(i) = self.tac().unit_at(id) {
            self.tac_mut().units[i].spotted = true;
            let _ = from;
        }
    }

    /// The pilot character killed or captured ends the tour [ruling A22].
    pub(super) fn check_pilot(&mut self) {
        if matches!(self.pilot_health(), Health::Killed | Health::Captured) {
            self.phase = Phase::PilotLost;
        }
    }
}

/// A helicopter weapon's attack on a unit, as [`ChopperPilot::weapon_attack`] works it out.
#[derive(Clone, Debug, PartialEq)]
pub struct Attack {
    /// "B1" (rockets, grenades: every enemy unit in the hex) or "B2" (machine guns).
    pub table: &'static str,
    /// The B2 column for the range.
    pub column: Option<&'static str>,
    /// The modifiers of the weapon and its crew.
    pub modifiers: Vec<Modifier>,
    /// The rolls against each unit attacked (a rocket salvo: its pairs, at most 4).
    pub rolls: u8,
    /// A rocket salvo: it uses up rocket pairs and suppresses the hexes around.
    pub rockets: bool,
}

/// SupportKind as a name for the log.
pub fn support_name(kind: SupportKind) -> &'static str {
    match kind {
        SupportKind::Air => n_("air strike"),
        SupportKind::Artillery => n_("artillery barrage"),
    }
}

impl ChopperPilot {
    /// Where helicopter `h` has business on the map, and whether it lands there: the landing
    /// zone while it carries a load, whoever waits for a ride while it has room, the search
    /// area until the search succeeds; `None` when it has nothing left but to leave.
    pub fn task_of(&self, h: usize) -> (Option<Hex>, bool) {
        let t = self.tac();
        let heli = &self.mission().flight[h];
        let Some(f) = t.flying(h) else {
            return (None, false);
        };
        if heli.strings.is_some() {
            return (None, false);
        }
        let carrying = heli
            .passengers
            .iter()
            .any(|p| p.crew_of.is_none() && !p.objective);
        if carrying && let Some(lz) = t.lz {
            return (Some(self.landing_spot(h, lz)), true);
        }
        if heli.kind == HeloType::Huey && heli.free_boxes() > 0 {
            let waiting = t
                .units
                .iter()
                .filter(|u| u.objective || u.spec().class == Class::Crew)
                .filter(|u| t.ground.may_land(u.hex))
                .min_by_key(|u| (u.hex.distance(f.hex), u.id));
            if let Some(u) = waiting {
                return (Some(self.landing_spot(h, u.hex)), true);
            }
            if data().campaign(self.campaign).strings {
                let team = t
                    .units
                    .iter()
                    .filter(|u| self.string_team(u.hex) == Some(u.id))
                    .min_by_key(|u| (u.hex.distance(f.hex), u.id));
                if let Some(u) = team {
                    return (Some(u.hex), false);
                }
            }
        }
        if let Some(s) = &t.search
            && !s.found
            && self.may_search_ever(h)
        {
            return (Some(s.start), false);
        }
        (None, false)
    }

    /// The landing zone, or the nearest hex beside it where helicopter `h` can land and later
    /// take off again (two helicopters a hex and altitude) [8.3, 8.4].
    pub fn landing_spot(&self, h: usize, goal: Hex) -> Hex {
        let t = self.tac();
        let here = t.flying(h).map_or(goal, |f| f.hex);
        let others = |hex: Hex, alt: Altitude| {
            t.places
                .iter()
                .enumerate()
                .filter(|(i, p)| {
                    *i != h && matches!(p, Place::On(f) if f.hex == hex && f.altitude == alt)
                })
                .count()
        };
        // The goal and the hexes up to two from it.
        let near = (-2..=2).flat_map(|dq: i32| {
            (-2..=2).filter_map(move |dr: i32| {
                ((dq + dr).abs() <= 2).then_some(Hex {
                    q: goal.q + dq,
                    r: goal.r + dr,
                })
            })
        });
        // Nearest first: the nearest hex that takes the helicopter is the one (the goal
        // itself, most of the time, so it is asked first).
        let takes = |x: Hex| {
            t.ground.may_land(x) && others(x, Altitude::Landed) < 2 && others(x, Altitude::Noe) < 2
        };
        if takes(goal) {
            return goal;
        }
        let key = |x: &Hex| (x.distance(goal), x.distance(here), *x);
        near.filter(|x| takes(*x)).min_by_key(key).unwrap_or(goal)
    }

    fn may_search_ever(&self, h: usize) -> bool {
        match data().helicopter(self.mission().flight[h].kind).searches {
            super::content::Searches::Always => true,
            super::content::Searches::YoursOnly => h == self.mission().yours,
        }
    }
}
