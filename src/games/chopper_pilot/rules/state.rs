//! The whole game: the campaign (crew, Luck Factor, decks, tour), the mission in hand (its
//! flight, route, events and modifiers) and the decision pending.

use serde::{Deserialize, Serialize};

use super::content::{CampaignId, EventCard, HeloType, Position, SupportSpec, System, What, data};
use super::roll::Modifier;
use crate::engine::deck::Deck;
use crate::engine::log::Log;
use crate::engine::message::{msg, n_};
use crate::engine::play::OptionalRule;
use crate::engine::rng::Rng;

/// The decision pending, or the point the game has reached.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Phase {
    /// C1: choose the crew card for this seat [5.2].
    ChooseCrew(Position),
    /// M1: choose the helicopter your crew flies [6.1].
    ChooseHelicopter,
    /// M2: put the next passenger counter in a passenger box [6.2].
    Load,
    /// O0-O4: the flight is at route point `at` and flies on when told [7.2].
    Fly { at: usize },
    /// O1: a Choice paragraph: take the new mission or keep your own [7.3].
    Choice { paragraph: u16, template: String },
    /// FL5: a counter of a helicopter downed on the Operations Map waits to be picked up.
    Pickup,
    /// T1b: the next helicopter to fly this turn, chosen by you [8.2, 8.3].
    Helicopters,
    /// T1b: this helicopter's activation: its steps, shots, spotting and searches.
    Activation(usize),
    /// T5b: call air strikes and artillery for next turn [9.4.3].
    Support,
    /// O6-O7: the flight flies home and is at route point `at` [7.4].
    Return { at: usize },
    /// P5: spend banked skill points [10.2].
    Training,
    /// P7: a Cobra slot is offered [5.2].
    CobraOffer,
    /// C6: the Primary tour is over: volunteer for MACV-SOG? [11.1]
    Volunteer,
    /// C4: the next mission of the tour has not been written yet.
    Unwritten(u16),
    /// C7: the pilot character was killed or captured.
    PilotLost,
}

/// How a person aboard is [9.6, F1].
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Health {
    Fit,
    Minor,
    Light,
    Serious,
    Killed,
    Captured,
}

impl Health {
    /// The crewman's state as the log and the crew board name it.
    pub fn name(self) -> &'static str {
        match self {
            Health::Fit => n_("fit"),
            Health::Minor => n_("minor wound"),
            Health::Light => n_("light wound"),
            Health::Serious => n_("serious wound"),
            Health::Killed => n_("killed"),
            Health::Captured => n_("captured"),
        }
    }

    /// Can still do his job aboard (fly, shoot, spot).
    pub fn able(self) -> bool {
        matches!(self, Health::Fit | Health::Minor | Health::Light)
    }
}

/// A hit-location box of the Info Card [F1].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Location {
    Head,
    Chest,
    Abdomen,
    Arm,
    Leg,
    HandFoot,
}

impl Location {
    /// Where a wound is, as the log names it.
    pub fn name(self) -> &'static str {
        match self {
            Location::Head => n_("head"),
            Location::Chest => n_("chest"),
            Location::Abdomen => n_("abdomen"),
            Location::Arm => n_("arm"),
            Location::Leg => n_("leg"),
            Location::HandFoot => n_("hand or foot"),
        }
    }

    pub fn from_cell(cell: &str) -> Location {
        match cell {
            "head" => Location::Head,
            "chest" => Location::Chest,
            "abdomen" => Location::Abdomen,
            "arm" => Location::Arm,
            "leg" => Location::Leg,
            _ => Location::HandFoot,
        }
    }
}

/// Someone aboard a helicopter of the flight.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seat {
    pub position: Position,
    /// Index into the campaign's crew for your helicopter's crew; `None` for the crews of the
    /// other helicopters, who have no skills [3.7].
    pub member: Option<usize>,
    pub health: Health,
    /// Checked hit-location boxes with the missions each costs.
    pub wounds: Vec<(Location, u8)>,
}

/// A passenger or cargo counter in a passenger box.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Passenger {
    pub unit: String,
    pub damaged: bool,
    /// Someone the mission is about (to be brought out).
    #[serde(default)]
    pub objective: bool,
    /// The crew counter of this helicopter of the flight [9.5].
    #[serde(default)]
    pub crew_of: Option<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum HeloStatus {
    Flying,
    /// Forced down; crew and passengers on the ground or picked up.
    Down,
    /// Crashed: everyone aboard killed.
    Crashed,
}

/// One helicopter of the flight with its Info Card.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Helicopter {
    pub kind: HeloType,
    pub number: u8,
    /// Boxes checked per system, in track order.
    pub checked: Vec<(System, u8)>,
    pub seats: Vec<Seat>,
    pub passengers: Vec<Passenger>,
    pub status: HeloStatus,
    /// A team hanging on the SOG strings below the helicopter [11.1].
    #[serde(default)]
    pub strings: Option<Passenger>,
}

impl Helicopter {
    pub fn new(kind: HeloType, number: u8) -> Self {
        let spec = data().helicopter(kind);
        Helicopter {
            kind,
            number,
            checked: Vec::new(),
            seats: spec
                .crew
                .iter()
                .map(|&position| Seat {
                    position,
                    member: None,
                    health: Health::Fit,
                    wounds: Vec::new(),
                })
                .collect(),
            passengers: Vec::new(),
            status: HeloStatus::Flying,
            strings: None,
        }
    }

    pub fn name(&self) -> String {
        format!("{} #{}", self.kind.name(), self.number)
    }

    pub fn boxes_checked(&self, system: System) -> u8 {
        self.checked
            .iter()
            .find(|(s, _)| *s == system)
            .map_or(0, |(_, n)| *n)
    }

    pub fn free_boxes(&self) -> usize {
        usize::from(data().helicopter(self.kind).passenger_boxes)
            .saturating_sub(self.passengers.len())
    }

    pub fn flying(&self) -> bool {
        self.status == HeloStatus::Flying
    }
}

/// A member of your crew, kept from mission to mission [3.7, 5.2].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CrewMember {
    /// The Crew Bio card; `None` for the pilot character.
    pub bio: Option<String>,
    pub name: String,
    pub position: Position,
    pub flying: u8,
    pub perception: u8,
    pub gunnery: u8,
    pub health: Health,
    /// Missions still to sit out on the Base Mat [9.6].
    #[serde(default)]
    pub away: u8,
}

/// What the mission in hand flies: its own briefing or one made by an event [7.3].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Assignment {
    Briefing(u16),
    Template(String),
}

/// Something on the ground after a helicopter went down on the Operations Map, waiting for
/// a ride [9.5, ruling A58].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Stranded {
    /// The surviving crew of a helicopter (one counter, one box).
    Crew {
        helicopter: usize,
    },
    Passenger(Passenger),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MissionState {
    /// The Tour Card number being flown.
    pub number: u16,
    pub assignment: Assignment,
    pub route: Vec<String>,
    /// The route point the flight is at (0 = base).
    pub at: usize,
    /// What is still to happen at that point.
    pub steps: Vec<super::ops::Step>,
    pub flight: Vec<Helicopter>,
    /// Your helicopter, an index into `flight` (set at M1).
    pub yours: usize,
    /// Counters still to be placed in passenger boxes (M2).
    pub to_load: Vec<String>,
    /// One-shot modifiers for later rolls, by table id [7.3 "Events"].
    pub modifiers: Vec<(String, Modifier)>,
    pub support: SupportSpec,
    /// Successful Luck Factor uses allowed this mission [5.3].
    pub luck_uses: u8,
    /// Successful Luck Factor uses made this mission.
    #[serde(default)]
    pub luck_used: u8,
    /// Event effects for the Tactical Map and after the mission (bonus skill points, held
    /// support, countdowns), kept until then.
    pub later: Vec<What>,
    pub weather: Option<String>,
    pub difficulty: Option<String>,
    pub stranded: Vec<Stranded>,
    /// Crews recovered after the mission (F4 contact) and captured (no contact).
    pub recovered: u8,
    pub captured: u8,
    /// How the mission is judged (the briefing's, or the event template's).
    pub success: Option<super::content::SuccessKind>,
    pub tac: Option<super::tactical::Tac>,
    /// Flying home [7.4].
    pub returning: bool,
    /// Objective counters brought out other than aboard the flight (walked off, lifted by a
    /// rescue helicopter).
    pub rescued: u8,
}

impl MissionState {
    pub fn your_helicopter(&self) -> &Helicopter {
        &self.flight[self.yours]
    }
}

/// Options of a game.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// When your pilot tries his Luck Factor [5.3].
    #[serde(default)]
    pub luck: LuckUse,
    /// The optional helicopter repair rule: damage stays until repaired [10.5].
    #[serde(default)]
    pub repair: bool,
    /// Cooperative play: two players split the flight's helicopters [2.2, ruling G20].
    #[serde(default)]
    pub cooperative: bool,
}

/// The optional rules a player may switch on, by their `Options` field [10.5].
pub fn optional_rules() -> Vec<OptionalRule> {
    vec![
        OptionalRule {
            key: "repair",
            title: msg("Helicopter repair"),
            rule: "10.5",
            summary: msg(
                "Damage stays on a helicopter after the mission: each damaged system is rolled for (3-6 on 1D6, -1 for Fuel, Engine, Hydraulics and Transmission) and flies the next missions unrepaired until it is fixed, at the latest after three missed missions.",
            ),
        },
        OptionalRule {
            key: "cooperative",
            title: msg("Cooperative play for two"),
            rule: "2.2",
            summary: msg(
                "Two players at one screen share the flight: each flies the helicopters dealt to them when the lead helicopter is chosen, while the owner of the lead (player 1) keeps the crew, the Luck Factor and the flight's decisions. The victory points are shared.",
            ),
        },
    ]
}

/// The pilot's standing order for his Luck Factor: one successful re-roll a mission [5.3].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LuckUse {
    /// Against the rolls that would kill or maim your crew: F1 killed or seriously wounded,
    /// F2 and F3 crashes of your helicopter.
    #[default]
    Lethal,
    /// Never.
    Never,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decks {
    pub enroute: Deck<EventCard>,
    pub back: Deck<EventCard>,
    pub combat: Option<Deck<EventCard>>,
}

impl Decks {
    /// C3: each deck of the campaign, shuffled once [3.10-3.12].
    pub fn shuffled(campaign: CampaignId, rng: &mut Rng) -> Decks {
        let spec = data().campaign(campaign);
        // Named by their ids, so that a script can arrange the next card of each.
        let mut deck = |id: &str| {
            Deck::shuffled(data().deck(id).expect("checked").cards(), &mut *rng).named(id)
        };
        Decks {
            enroute: deck(&spec.enroute_deck),
            back: deck(&spec.return_deck),
            combat: spec.combat_deck.as_ref().map(|id| deck(id)),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ChopperPilot {
    pub(super) rng: Rng,
    pub(super) log: Log,
    pub campaign: CampaignId,
    pub phase: Phase,
    pub crew: Vec<CrewMember>,
    pub luck: u8,
    pub cobra_pilot: bool,
    pub skill_points: u8,
    pub victory_points: u32,
    pub missions_flown: u16,
    /// The next Tour Card number to fly (C4).
    pub tour_next: u16,
    /// The mission replaced by a Choice or Re-direct, flown next [7.3].
    pub redirect_pending: Option<u16>,
    pub decks: Decks,
    pub mission: Option<MissionState>,
    /// The Primary tour's victory points once the pilot has gone on to MACV-SOG [11.1].
    #[serde(default)]
    pub primary_vp: Option<u32>,
    /// The victory points of each Primary mission, in the order flown [10.3]: what the
    /// campaign summary's column holds, and what `simulate` counts.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mission_vp: Vec<u8>,
    #[serde(default)]
    pub options: Options,
    /// The fleet's unrepaired airframes (the optional repair rule) [10.5].
    #[serde(default)]
    pub fleet: Vec<super::repair::Airframe>,
}

impl ChopperPilot {
    pub fn mission(&self) -> &MissionState {
        self.mission
            .as_ref()
            .expect("a mission is in hand in this phase")
    }

    pub fn mission_mut(&mut self) -> &mut MissionState {
        self.mission
            .as_mut()
            .expect("a mission is in hand in this phase")
    }

    /// The crew member sitting in `position` of your crew.
    pub fn member(&self, position: Position) -> Option<&CrewMember> {
        self.crew.iter().find(|m| m.position == position)
    }
}
