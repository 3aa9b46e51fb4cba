//! The game state: where every card, counter and aircraft is, and which decision is pending.

use serde::{Deserialize, Serialize};

use crate::engine::cup::Cup;
use crate::engine::deck::Deck;
use crate::engine::game::Verdict;
use crate::engine::log::Log;
use crate::engine::message::{Message, n_};
use crate::engine::rng::Rng;

use super::campaign::CampaignState;
use super::content::{Kind, Symbol, ZoneMarker, content};
use super::draws::LastDraw;
use super::record::TurnRecord;
use super::rewind::Rewind;

pub const CENTER: u8 = 0;
pub const ZONE_KEYS: [&str; 5] = ["C", "N", "E", "S", "W"];
pub const ZONE_NAMES: [&str; 5] = [
    n_("Center"),
    n_("North"),
    n_("East"),
    n_("South"),
    n_("West"),
];
/// The Reshuffle card's number in the Resolution deck.
pub const RESHUFFLE: u8 = 29;
pub const WILD: u8 = 30;

/// Zones as seen by gun range: opposite Outer Zones are the only non-adjacent pairs.
pub fn adjacent(a: u8, b: u8) -> bool {
    a != b && !(a != CENTER && b != CENTER && a.abs_diff(b) == 2)
}

pub fn zone_index(key: &str) -> Option<u8> {
    ZONE_KEYS.iter().position(|k| *k == key).map(|i| i as u8)
}

/// Where an aircraft is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Place {
    /// Not in this mission (or not arrived yet: `Aircraft::arrives`).
    Absent,
    Orbit,
    Pool,
    Zone(u8),
    /// Removed from play; see `Aircraft::fate`.
    Gone,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fate {
    Flying,
    ShotDown,
    Destroyed,
    /// A Fast Mover hit by a gun: out of the game, neither shot down nor destroyed.
    Lost,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Aircraft {
    pub kind: Kind,
    pub place: Place,
    /// Shaken side (for Fast Movers: the EXIT side).
    pub shaken: bool,
    pub moved: bool,
    pub fate: Fate,
    /// Part of this mission (possibly still to arrive).
    pub in_mission: bool,
    /// Turn on which an absent aircraft arrives in the Orbit Box.
    pub arrives: Option<u8>,
    pub pilot: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SurvivorPlace {
    Stranded(u8),
    Aboard(u8),
    OffMap,
    Captured,
    Killed,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Survivor {
    pub place: SurvivorPlace,
    pub injured: bool,
    pub pinpointed: bool,
    /// A Pilot/PJ counter stacked with this Survivor.
    pub pilot: Option<u8>,
    /// The aircraft whose crew this Survivor is (none for the scenario's own).
    #[serde(default)]
    pub downed_from: Option<u8>,
    /// The turn the Survivor came to where it is (none while where the scenario put it).
    #[serde(default)]
    pub turn: Option<u8>,
}

/// An enemy unit counter on the map.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Placed {
    pub counter: u8,
    pub suppressed: bool,
    pub fired: bool,
    pub hits: u8,
    /// MARK marker side (1 or 2).
    pub mark: Option<u8>,
    /// Placed during the current fire window: fires with the new guns only.
    pub fresh: bool,
    /// The zone it fires into this segment.
    pub target: Option<u8>,
    /// Took hits this turn (for BDA).
    pub hit_this_turn: bool,
}

#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Zone {
    /// Face-down Enemy marker (counter id).
    pub enemy: Option<u8>,
    pub hidden: Option<u8>,
    /// Zone marker counters (face up).
    pub markers: Vec<u8>,
    pub units: Vec<Placed>,
    /// CS GAS side (1 or 2).
    pub cs_gas: Option<u8>,
    /// SMOKE marker sides.
    pub smoke: Vec<u8>,
    pub cluster: u8,
    pub too_hits: u8,
    pub too_mark: Option<u8>,
    /// Assigned Aircraft cards: (card, aircraft).
    pub card_box: Vec<(u8, u8)>,
    /// Cards assigned here this turn (max 2).
    pub cards_this_turn: u8,
    /// Rules of Engagement in play here until the Marker Adjustment of that turn.
    pub roe_until: Option<u8>,
}

/// Written out (not derived) for `clone_from`: a position cloned into the last copy reuses its
/// vectors, which keeps the copy a Wild card is resolved again from cheap (see `rewind.rs`).
impl Clone for Zone {
    fn clone(&self) -> Self {
        Zone {
            enemy: self.enemy,
            hidden: self.hidden,
            markers: self.markers.clone(),
            units: self.units.clone(),
            cs_gas: self.cs_gas,
            smoke: self.smoke.clone(),
            cluster: self.cluster,
            too_hits: self.too_hits,
            too_mark: self.too_mark,
            card_box: self.card_box.clone(),
            cards_this_turn: self.cards_this_turn,
            roe_until: self.roe_until,
        }
    }

    /// Field by field, so that the vectors keep their allocations.
    fn clone_from(&mut self, source: &Self) {
        let Zone {
            enemy,
            hidden,
            markers,
            units,
            cs_gas,
            smoke,
            cluster,
            too_hits,
            too_mark,
            card_box,
            cards_this_turn,
            roe_until,
        } = source;
        self.enemy = *enemy;
        self.hidden = *hidden;
        self.markers.clone_from(markers);
        self.units.clone_from(units);
        self.cs_gas = *cs_gas;
        self.smoke.clone_from(smoke);
        self.cluster = *cluster;
        self.too_hits = *too_hits;
        self.too_mark = *too_mark;
        self.card_box.clone_from(card_box);
        self.cards_this_turn = *cards_this_turn;
        self.roe_until = *roe_until;
    }
}

impl Zone {
    pub fn has(&self, marker: ZoneMarker) -> bool {
        self.markers
            .iter()
            .any(|&m| content().zone_markers[usize::from(m)] == marker)
    }
    pub fn has_too(&self) -> bool {
        self.has(ZoneMarker::TargetOfOpportunity)
    }
}

/// Step of the sequence of play at which the game waits (or runs through).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    Purchase,
    ChoosePilot,
    PlacePilot(u8),
    SelectHand,
    RevealZones,
    TurnStart,
    Event,
    ClearSkies,
    Draw,
    Reserve,
    Command,
    Move,
    Assign,
    GunFire,
    Play,
    Rescue,
    EndTurn,
    Search,
    Abort,
    Cleanup,
    Over,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum FireStage {
    ChooseZone,
    Burn {
        zone: u8,
        hits: u8,
    },
    Allocate {
        zone: u8,
        hits: u8,
    },
    /// A WILD, several Fast Movers, or hits enough for every aircraft in the zone: the player
    /// picks who is hit (next).
    PickAircraft {
        zone: u8,
        hits: u8,
        candidates: Vec<u8>,
    },
    /// A hit is about to land on an aircraft whose Pilot/PJ may cancel it.
    Spare {
        zone: u8,
        hits: u8,
        aircraft: u8,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fire {
    /// Only the guns placed just now fire (4.3.5, 9.5).
    pub new_only: bool,
    pub stage: FireStage,
    /// Claws' card cancels every hit on this aircraft for the rest of this resolution.
    pub spared: Option<u8>,
}

/// What a random or outcome-deciding draw is for, so the Wild can be named in the player's
/// favour and the odds module can describe it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Want {
    Avoid(Symbol),
    Get(Symbol),
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Options {
    /// 6.1 Bombing Effectiveness.
    pub bombing_effectiveness: bool,
    /// 6.2 Pinpointing Survivors.
    pub pinpointing: bool,
    /// 6.3 Danger Close.
    pub danger_close: bool,
    /// 6.4 Recovering Pilots.
    pub recovering_pilots: bool,
    /// 6.5 Search Effectiveness (always on in Air Force Cross).
    pub search_effectiveness: bool,
    /// A-24 / G-14 (HS3 only): the lone Huskie carries one Survivor at a time.
    pub huskie_one_survivor: bool,
    /// G-13 (HS2 only): the B-52 ArcLight strike of turn 6 hits the enemy.
    pub arclight_strike: bool,
    /// A-14, the other reading of 4.4.2: every rifle drawn in an Enemy Search captures a
    /// Survivor (by default one search captures one Survivor at most).
    pub capture_per_rifle: bool,
    /// A-15, the other reading of 6.5: only the first rifle is forgiven, a second one in the
    /// same search still captures (by default that whole search captures nobody).
    pub forgive_single_rifle: bool,
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
pub struct Csar {
    pub scenario: String,
    /// Index of the mission's record in `scenarios.toml`.
    pub scenario_index: u8,
    pub options: Options,
    pub rng: Rng,
    pub log: Log,
    pub step: Step,
    pub fire: Option<Fire>,
    /// A declared rescue waiting for the new guns to finish firing: (helicopter, survivor, PJ bonus draws).
    pub rescue_pending: Option<(u8, u8, u8)>,
    pub turn: u8,
    pub turns: u8,
    pub search: u8,
    pub abort: u8,
    pub resolution: Deck<u8>,
    pub hits_pile: Vec<u8>,
    /// Resolution cards set aside for the game (the Wild under 6.4 / 6.5).
    pub set_aside: Vec<u8>,
    pub actions: Deck<u8>,
    pub hand: Vec<u8>,
    pub reserve: Vec<u8>,
    /// Action cards not in this mission (scenario removals, campaign set).
    pub actions_out: Vec<u8>,
    pub events: Deck<u8>,
    pub events_out: Vec<u8>,
    /// Rules of Engagement cards beside a zone.
    pub events_in_play: Vec<u8>,
    pub pilots: Deck<u8>,
    /// Pilot cards with their counter on an aircraft or a Survivor.
    pub pilots_in_play: Vec<u8>,
    /// Pilot cards out of this mission (used abilities, other scenarios, lost in the campaign).
    pub pilots_out: Vec<u8>,
    /// Pilots/PJs killed or captured this mission (their cards are in `pilots_out`).
    pub pilots_lost: Vec<u8>,
    pub aircraft: Vec<Aircraft>,
    pub survivors: Vec<Survivor>,
    pub zones: [Zone; 5],
    pub unit_cup: Cup<u8>,
    pub hidden_cup: Cup<u8>,
    pub enemy_cup: Cup<u8>,
    pub zone_cup: Cup<u8>,
    /// Unit counters removed from play.
    pub units_out: Vec<u8>,
    /// Hidden and Enemy markers revealed or set aside, and those not used in the scenario.
    pub hidden_out: Vec<u8>,
    pub enemy_out: Vec<u8>,
    pub zone_out: Vec<u8>,
    pub hand_limit: u8,
    pub reserve_limit: u8,
    pub search_cap: u8,
    /// This turn's event effects.
    pub comms_trouble: bool,
    pub radio_contact: bool,
    pub migs: bool,
    pub evacuating: Option<u8>,
    /// Survivors already the object of a rescue this segment.
    pub rescue_tried: Vec<u8>,
    /// Helicopters that attempted a rescue this segment.
    pub rescue_helis: Vec<u8>,
    /// 6.5 has forgiven its one capture.
    pub forgiven: bool,
    /// Cards burned so far before the pending Search or Abort draw.
    pub burned: u8,
    /// The aircraft picked to move in the Move Aircraft segment.
    pub selected: Option<u8>,
    /// Pilots/PJs (bought in the campaign) still to be put on an aircraft.
    pub pilot_queue: Vec<u8>,
    pub aborted: bool,
    pub auto_aborted: bool,
    pub result: Option<(Verdict, Message)>,
    pub campaign: Option<CampaignState>,
    /// What the Mission Log prints of each turn so far, turn 1 first.
    #[serde(default)]
    pub record: Vec<TurnRecord>,
    /// The latest draw of Resolution cards (shown under the board).
    #[serde(default)]
    pub last_draw: Option<LastDraw>,
    /// A Wild card drawn and waiting for the player to say what it counts as (2.2.1).
    #[serde(default)]
    pub wild_question: Option<Box<WildQuestion>>,
    /// The player's answers for the Wild cards of the action being resolved, first drawn first.
    #[serde(skip)]
    pub wild_calls: Vec<Symbol>,
    /// What the Wild card drawn last counts as.
    #[serde(skip)]
    pub wild_named: Option<Symbol>,
    /// A Wild card came up with no answer given: what its draw was for.
    #[serde(skip)]
    pub wild_unanswered: Option<Option<Want>>,
    /// Where an action is resolved again from when a Wild card turns up in it: a cache.
    #[serde(skip)]
    pub rewind: Rewind,
}

/// Written out (not derived) for `clone_from`: a position cloned into the last copy reuses its
/// vectors, which keeps the copy a Wild card is resolved again from cheap (see `rewind.rs`).
impl Clone for Csar {
    fn clone(&self) -> Self {
        Csar {
            scenario: self.scenario.clone(),
            scenario_index: self.scenario_index,
            options: self.options.clone(),
            rng: self.rng.clone(),
            log: self.log.clone(),
            step: self.step,
            fire: self.fire.clone(),
            rescue_pending: self.rescue_pending,
            turn: self.turn,
            turns: self.turns,
            search: self.search,
            abort: self.abort,
            resolution: self.resolution.clone(),
            hits_pile: self.hits_pile.clone(),
            set_aside: self.set_aside.clone(),
            actions: self.actions.clone(),
            hand: self.hand.clone(),
            reserve: self.reserve.clone(),
            actions_out: self.actions_out.clone(),
            events: self.events.clone(),
            events_out: self.events_out.clone(),
            events_in_play: self.events_in_play.clone(),
            pilots: self.pilots.clone(),
            pilots_in_play: self.pilots_in_play.clone(),
            pilots_out: self.pilots_out.clone(),
            pilots_lost: self.pilots_lost.clone(),
            aircraft: self.aircraft.clone(),
            survivors: self.survivors.clone(),
            zones: self.zones.clone(),
            unit_cup: self.unit_cup.clone(),
            hidden_cup: self.hidden_cup.clone(),
            enemy_cup: self.enemy_cup.clone(),
            zone_cup: self.zone_cup.clone(),
            units_out: self.units_out.clone(),
            hidden_out: self.hidden_out.clone(),
            enemy_out: self.enemy_out.clone(),
            zone_out: self.zone_out.clone(),
            hand_limit: self.hand_limit,
            reserve_limit: self.reserve_limit,
            search_cap: self.search_cap,
            comms_trouble: self.comms_trouble,
            radio_contact: self.radio_contact,
            migs: self.migs,
            evacuating: self.evacuating,
            rescue_tried: self.rescue_tried.clone(),
            rescue_helis: self.rescue_helis.clone(),
            forgiven: self.forgiven,
            burned: self.burned,
            selected: self.selected,
            pilot_queue: self.pilot_queue.clone(),
            aborted: self.aborted,
            auto_aborted: self.auto_aborted,
            result: self.result.clone(),
            campaign: self.campaign.clone(),
            record: self.record.clone(),
            last_draw: self.last_draw.clone(),
            wild_question: self.wild_question.clone(),
            wild_calls: self.wild_calls.clone(),
            wild_named: self.wild_named,
            wild_unanswered: self.wild_unanswered,
            rewind: Rewind::default(),
        }
    }

    /// Field by field, so that the vectors keep their allocations.
    fn clone_from(&mut self, source: &Self) {
        let Csar {
            scenario,
            scenario_index,
            options,
            rng,
            log,
            step,
            fire,
            rescue_pending,
            turn,
            turns,
            search,
            abort,
            resolution,
            hits_pile,
            set_aside,
            actions,
            hand,
            reserve,
            actions_out,
            events,
            events_out,
            events_in_play,
            pilots,
            pilots_in_play,
            pilots_out,
            pilots_lost,
            aircraft,
            survivors,
            zones,
            unit_cup,
            hidden_cup,
            enemy_cup,
            zone_cup,
            units_out,
            hidden_out,
            enemy_out,
            zone_out,
            hand_limit,
            reserve_limit,
            search_cap,
            comms_trouble,
            radio_contact,
            migs,
            evacuating,
            rescue_tried,
            rescue_helis,
            forgiven,
            burned,
            selected,
            pilot_queue,
            aborted,
            auto_aborted,
            result,
            campaign,
            record,
            last_draw,
            wild_question,
            wild_calls,
            wild_named,
            wild_unanswered,
            rewind: _,
        } = source;
        self.scenario.clone_from(scenario);
        self.scenario_index = *scenario_index;
        self.options.clone_from(options);
        self.rng.clone_from(rng);
        self.log.clone_from(log);
        self.step = *step;
        self.fire.clone_from(fire);
        self.rescue_pending = *rescue_pending;
        self.turn = *turn;
        self.turns = *turns;
        self.search = *search;
        self.abort = *abort;
        self.resolution.clone_from(resolution);
        self.hits_pile.clone_from(hits_pile);
        self.set_aside.clone_from(set_aside);
        self.actions.clone_from(actions);
        self.hand.clone_from(hand);
        self.reserve.clone_from(reserve);
        self.actions_out.clone_from(actions_out);
        self.events.clone_from(events);
        self.events_out.clone_from(events_out);
        self.events_in_play.clone_from(events_in_play);
        self.pilots.clone_from(pilots);
        self.pilots_in_play.clone_from(pilots_in_play);
        self.pilots_out.clone_from(pilots_out);
        self.pilots_lost.clone_from(pilots_lost);
        self.aircraft.clone_from(aircraft);
        self.survivors.clone_from(survivors);
        for (mine, theirs) in self.zones.iter_mut().zip(zones) {
            mine.clone_from(theirs);
        }
        self.unit_cup.clone_from(unit_cup);
        self.hidden_cup.clone_from(hidden_cup);
        self.enemy_cup.clone_from(enemy_cup);
        self.zone_cup.clone_from(zone_cup);
        self.units_out.clone_from(units_out);
        self.hidden_out.clone_from(hidden_out);
        self.enemy_out.clone_from(enemy_out);
        self.zone_out.clone_from(zone_out);
        self.hand_limit = *hand_limit;
        self.reserve_limit = *reserve_limit;
        self.search_cap = *search_cap;
        self.comms_trouble = *comms_trouble;
        self.radio_contact = *radio_contact;
        self.migs = *migs;
        self.evacuating = *evacuating;
        self.rescue_tried.clone_from(rescue_tried);
        self.rescue_helis.clone_from(rescue_helis);
        self.forgiven = *forgiven;
        self.burned = *burned;
        self.selected = *selected;
        self.pilot_queue.clone_from(pilot_queue);
        self.aborted = *aborted;
        self.auto_aborted = *auto_aborted;
        self.result.clone_from(result);
        self.campaign.clone_from(campaign);
        self.record.clone_from(record);
        self.last_draw.clone_from(last_draw);
        self.wild_question.clone_from(wild_question);
        self.wild_calls.clone_from(wild_calls);
        self.wild_named = *wild_named;
        self.wild_unanswered = *wild_unanswered;
        // A cache of this position's past, not the source's.
        self.rewind = Rewind::default();
    }
}

/// A Wild card drawn while an action was resolved (2.2.1): the player says what it counts as —
/// any symbol or a Reshuffle — and the action is resolved again from the position before it,
/// with the same cards, and that answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct WildQuestion {
    /// The position before the action, its log aside.
    pub before: Csar,
    pub action: super::actions::Action,
    /// The answers already given for the Wild cards drawn earlier in the same action.
    pub calls: Vec<Symbol>,
    /// What the draw is for; `None` when the symbol does not matter (the aircraft hit is picked,
    /// or the card's number decides).
    pub want: Option<Want>,
}

impl WildQuestion {
    /// The answers offered: every symbol for a draw whose symbol matters, otherwise the Wild
    /// as it is (`Symbol::Wild`); a Reshuffle always.
    pub fn answers(&self) -> Vec<Symbol> {
        let mut out = if self.want.is_some() {
            vec![
                Symbol::Crosshairs,
                Symbol::Roundel,
                Symbol::Rifle,
                Symbol::Blast,
            ]
        } else {
            vec![Symbol::Wild]
        };
        out.push(Symbol::Reshuffle);
        out
    }
}

impl Csar {
    pub fn zone_aircraft(&self, zone: u8) -> impl Iterator<Item = u8> + '_ {
        self.aircraft
            .iter()
            .enumerate()
            .filter(move |(_, a)| a.place == Place::Zone(zone))
            .map(|(i, _)| i as u8)
    }
    pub fn zone_count(&self, zone: u8) -> usize {
        self.zone_aircraft(zone).count()
    }
    pub fn kind(&self, a: u8) -> Kind {
        self.aircraft[usize::from(a)].kind
    }
    pub fn stranded(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.survivors
            .iter()
            .enumerate()
            .filter_map(|(i, s)| match s.place {
                SurvivorPlace::Stranded(z) => Some((i as u8, z)),
                _ => None,
            })
    }
    pub fn any_stranded(&self) -> bool {
        self.stranded().next().is_some()
    }
    pub fn cs_gas_on_map(&self) -> bool {
        self.zones.iter().any(|z| z.cs_gas.is_some())
    }
    /// A gun is active when not Suppressed and not in a CS Gas zone.
    pub fn active(&self, zone: u8, unit: &Placed) -> bool {
        !unit.suppressed && self.zones[usize::from(zone)].cs_gas.is_none()
    }
    pub fn unit_index(&self, zone: u8, counter: u8) -> Option<usize> {
        self.zones[usize::from(zone)]
            .units
            .iter()
            .position(|u| u.counter == counter)
    }
    pub fn assigned_cards(&self, a: u8) -> usize {
        self.zones
            .iter()
            .flat_map(|z| z.card_box.iter())
            .filter(|(_, who)| *who == a)
            .count()
    }
    pub fn card_limit(&self, a: u8) -> usize {
        match self.kind(a) {
            Kind::Sandy | Kind::Fac => 1,
            Kind::FastMover => 2,
            Kind::Helicopter => 0,
        }
    }
    pub fn is_over(&self) -> bool {
        self.step == Step::Over
    }
    pub fn pinpoint_needed(&self) -> bool {
        self.options.pinpointing && !self.survivors.iter().any(|s| s.pinpointed)
    }
    /// The mission's current turn is the grounded turn of Streetcar Down.
    pub fn grounded(&self) -> bool {
        self.scenario_data().grounded_turn == Some(self.turn)
    }
    /// The scenario record this mission was set up from (Caged Tiger in the campaign).
    pub fn scenario_data(&self) -> &'static super::content::Scenario {
        &content().scenarios[usize::from(self.scenario_index)]
    }
}

pub fn aircraft_name(a: u8) -> &'static str {
    &content().aircraft[usize::from(a)].name
}

/// Stable ids for map targets that the window can make clickable.
pub mod target {
    use super::ZONE_KEYS;

    /// `prefix` followed by `n` in decimal, without the formatting machinery (prompts are
    /// built very often by bots).
    fn id(prefix: &str, n: u8) -> String {
        let mut s = String::with_capacity(prefix.len() + 3);
        s.push_str(prefix);
        if n >= 100 {
            s.push(char::from(b'0' + n / 100));
        }
        if n >= 10 {
            s.push(char::from(b'0' + n / 10 % 10));
        }
        s.push(char::from(b'0' + n % 10));
        s
    }
    fn keyed(prefix: &str, z: u8) -> String {
        let mut s = String::from(prefix);
        s.push_str(ZONE_KEYS[usize::from(z)]);
        s
    }
    pub fn zone(z: u8) -> String {
        keyed("zone:", z)
    }
    pub fn aircraft(a: u8) -> String {
        id("aircraft:", a)
    }
    pub fn hand(card: u8) -> String {
        id("card:hand:", card)
    }
    pub fn reserve(card: u8) -> String {
        id("card:reserve:", card)
    }
    pub fn boxed(card: u8) -> String {
        id("card:box:", card)
    }
    pub fn unit(counter: u8) -> String {
        id("unit:", counter)
    }
    pub fn survivor(s: u8) -> String {
        id("survivor:", s)
    }
    pub fn too(z: u8) -> String {
        keyed("too:", z)
    }
    pub const ORBIT: &str = "orbit";
    pub const POOL: &str = "pool";

    #[cfg(test)]
    #[test]
    fn ids_read_as_written() {
        assert_eq!(aircraft(7), "aircraft:7");
        assert_eq!(hand(36), "card:hand:36");
        assert_eq!(unit(105), "unit:105");
        assert_eq!(zone(2), "zone:E");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The written-out `clone_from` (the copy a Wild card is resolved again from, 2.2.1)
    /// copies every field: a finished game cloned into a fresh one equals it.
    #[test]
    fn clone_from_copies_the_whole_position() {
        use crate::engine::bot::play_out;
        use crate::engine::game::Game;
        let mut played = Csar::setup("caged_tiger", &Options::default(), 3).unwrap();
        play_out(
            &mut played,
            &mut super::super::bot::HeuristicBot::new(3),
            5_000,
        )
        .unwrap();
        let mut spare = Csar::setup("cauldron_of_fire", &Options::default(), 4).unwrap();
        spare.clone_from(&played);
        assert!(spare == played);
        assert!(played.clone() == played);
    }

    #[test]
    fn adjacency_of_the_concentric_map() {
        // the Center touches all; opposite Outer Zones do not touch.
        for z in 1..5 {
            assert!(adjacent(CENTER, z) && adjacent(z, CENTER));
        }
        assert!(adjacent(1, 2) && adjacent(4, 1) && adjacent(3, 4));
        assert!(!adjacent(1, 3) && !adjacent(2, 4) && !adjacent(2, 2));
        assert_eq!(zone_index("W"), Some(4));
        assert_eq!(zone_index("X"), None);
    }
}
