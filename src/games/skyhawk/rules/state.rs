//! The mission state: everything on the map, the Mission Record Card and the Ordnance Card.
//! The fields are public for reading (the record-card drawing reads them); only the rules
//! change them.

use serde::{Deserialize, Serialize};

use super::content::{
    Altitude, NvBoxKind, PylonId, TargetFlag, TargetList, TargetType, Weapon, data,
};
use super::cycle::Cycle;
use super::loadout::Loadout;
use crate::engine::log::Log;
use crate::engine::message::n_;
use crate::engine::rng::Rng;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Experience {
    Green,
    Experienced,
    Veteran,
}

impl Experience {
    pub fn from_key(key: &str) -> Experience {
        match key {
            "green" => Experience::Green,
            "veteran" => Experience::Veteran,
            _ => Experience::Experienced,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Experience::Green => "Green",
            Experience::Experienced => "Experienced",
            Experience::Veteran => "Veteran",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Weather {
    Good,
    Poor,
    Bad,
}

impl Weather {
    pub fn from_key(key: &str) -> Weather {
        match key {
            "poor" => Weather::Poor,
            "bad" => Weather::Bad,
            _ => Weather::Good,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Weather::Good => "Good",
            Weather::Poor => "Poor",
            Weather::Bad => "Bad",
        }
    }

    /// Table 6 Note B: Good → Poor → Bad → Good.
    pub fn turned(self) -> Weather {
        match self {
            Weather::Good => Weather::Poor,
            Weather::Poor => Weather::Bad,
            Weather::Bad => Weather::Good,
        }
    }

    /// One step worse, Bad stays Bad (Table 17).
    pub fn worse(self) -> Weather {
        match self {
            Weather::Good => Weather::Poor,
            _ => Weather::Bad,
        }
    }
}

/// The map boxes, in the order flown [3.4].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MapBox {
    Launch,
    InboundEvents,
    AerialRefuel,
    SupportAttacks,
    TargetApproach,
    TargetAttack,
    TargetExit,
    ReAttack,
    Outbound,
    Transit,
    CarrierApproach,
    Trap,
    Recovery,
}

impl MapBox {
    pub fn id(self) -> &'static str {
        match self {
            MapBox::Launch => "launch",
            MapBox::InboundEvents => "inbound_events",
            MapBox::AerialRefuel => "aerial_refuel",
            MapBox::SupportAttacks => "support_attacks",
            MapBox::TargetApproach => "target_approach",
            MapBox::TargetAttack => "target_attack",
            MapBox::TargetExit => "target_exit",
            MapBox::ReAttack => "re_attack",
            MapBox::Outbound => "outbound",
            MapBox::Transit => "transit",
            MapBox::CarrierApproach => "carrier_approach",
            MapBox::Trap => "trap",
            MapBox::Recovery => "recovery",
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            MapBox::Launch => n_("Launch"),
            MapBox::InboundEvents => n_("Inbound Random Event"),
            MapBox::AerialRefuel => n_("Aerial Refuel"),
            MapBox::SupportAttacks => n_("Support Attacks"),
            MapBox::TargetApproach => n_("Target Approach"),
            MapBox::TargetAttack => n_("Target Attack"),
            MapBox::TargetExit => n_("Target Exit"),
            MapBox::ReAttack => n_("Target Re-Attack"),
            MapBox::Outbound => n_("Outbound to Carrier"),
            MapBox::Transit => n_("Transit to Carrier"),
            MapBox::CarrierApproach => n_("Carrier Approach"),
            MapBox::Trap => n_("Trap"),
            MapBox::Recovery => n_("Recovery"),
        }
    }

    /// The rule of the box.
    pub fn rule(self) -> &'static str {
        match self {
            MapBox::Launch => "5.1",
            MapBox::InboundEvents => "5.2",
            MapBox::AerialRefuel => "5.3",
            MapBox::SupportAttacks => "5.4",
            MapBox::TargetApproach => "6.1",
            MapBox::TargetAttack => "6.2",
            MapBox::TargetExit => "6.3",
            MapBox::ReAttack => "6.3.1",
            MapBox::Outbound => "6.4",
            MapBox::Transit => "6.5",
            MapBox::CarrierApproach => "6.6",
            MapBox::Trap | MapBox::Recovery => "7.0",
        }
    }

    /// The boxes over the target area, from Support Attacks to Outbound (R45).
    pub fn over_target(self) -> bool {
        matches!(
            self,
            MapBox::SupportAttacks
                | MapBox::TargetApproach
                | MapBox::TargetAttack
                | MapBox::TargetExit
                | MapBox::ReAttack
                | MapBox::Outbound
        )
    }

    /// Over North Vietnam (the green part), unless the mission lays mines (R45).
    pub fn over_land(self, minelaying: bool) -> bool {
        !minelaying && self.over_target()
    }

    /// Beside the carrier: the plane guard helicopter is close (Table 21).
    pub fn at_carrier(self) -> bool {
        matches!(
            self,
            MapBox::Launch | MapBox::CarrierApproach | MapBox::Trap
        )
    }

    /// Boxes where the NV defences fire.
    pub fn combat(self) -> bool {
        matches!(
            self,
            MapBox::SupportAttacks
                | MapBox::TargetApproach
                | MapBox::TargetAttack
                | MapBox::TargetExit
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pilot {
    pub name: String,
    pub rank: String,
    pub experience: Experience,
    pub wounds: u8,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Target {
    pub list: TargetList,
    /// The number rolled on the list.
    pub number: i32,
    pub name: String,
    pub route_package: String,
    pub kind: TargetType,
    pub flags: Vec<TargetFlag>,
}

impl Target {
    pub fn has(&self, flag: TargetFlag) -> bool {
        self.flags.contains(&flag)
    }

    pub fn minelaying(&self) -> bool {
        self.kind == TargetType::WaterMine
    }

    pub fn iron_hand(&self) -> bool {
        self.kind == TargetType::SamSite
    }
}

/// An NV defence box [5.4]: its Suppressed markers, and whether it is Knocked Out (or, for the
/// MiGs, Disengaged).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct NvBox {
    pub suppressed: u8,
    pub out: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum UnitStatus {
    /// In the US Support Units box.
    Ready,
    /// Shot down: the dead pile.
    Dead,
    /// Redirected elsewhere by Table 6 (out for the mission, not dead).
    Redirected,
    /// Left the map with the Skyhawk going home [6.3].
    Gone,
}

/// One support counter chosen for the mission.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    /// Index into the support list of `support.toml`.
    pub kind: usize,
    pub status: UnitStatus,
}

impl Unit {
    pub fn spec(&self) -> &'static super::content::SupportSpec {
        &data().support[self.kind]
    }

    pub fn can_attack(&self, nv: NvBoxKind) -> bool {
        self.spec().attacks.contains(&nv)
    }
}

/// The Iron Hand target SAM site [6.2.3].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetSam {
    /// Cumulative Table 16 damage.
    pub damage: i32,
    /// Radar state for the current attack run.
    pub radar_on: bool,
}

impl TargetSam {
    pub fn suppressed(&self) -> bool {
        self.damage >= 30
    }

    pub fn knocked_out(&self) -> bool {
        self.damage >= 100
    }
}

/// The damage boxes of the Mission Record Card [5.5–5.11].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Damage {
    /// Checked boxes per major section: nose, cockpit, fuselage, left wing, right wing,
    /// engine, tail (the order of `aircraft.toml`).
    pub sections: [u8; 7],
    /// Checked boxes per sub-system: avionics, electrical, com/nav, landing gear, fuel,
    /// ordnance, oxygen, hydraulics.
    pub subsystems: [u8; 8],
    /// Left and right 20 mm cannon destroyed.
    pub cannons: [bool; 2],
    /// Pylon destroyed, LO..RO.
    pub pylons: [bool; 5],
    /// A pylon carrying a tank was destroyed this mission (a Table 7 modifier).
    pub tank_pylon_lost: bool,
}

/// Indices into `Damage::sections`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Section {
    Nose = 0,
    Cockpit = 1,
    Fuselage = 2,
    LeftWing = 3,
    RightWing = 4,
    Engine = 5,
    Tail = 6,
}

/// Indices into `Damage::subsystems`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SubSystem {
    Avionics = 0,
    Electrical = 1,
    ComNav = 2,
    LandingGear = 3,
    Fuel = 4,
    Ordnance = 5,
    Oxygen = 6,
    Hydraulics = 7,
}

impl SubSystem {
    pub fn from_key(key: &str) -> Option<SubSystem> {
        Some(match key {
            "avionics" => SubSystem::Avionics,
            "electrical" => SubSystem::Electrical,
            "com_nav" => SubSystem::ComNav,
            "landing_gear" => SubSystem::LandingGear,
            "fuel" => SubSystem::Fuel,
            "ordnance" => SubSystem::Ordnance,
            "oxygen" => SubSystem::Oxygen,
            "hydraulics" => SubSystem::Hydraulics,
            _ => return None,
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            SubSystem::Avionics => n_("Avionics"),
            SubSystem::Electrical => n_("Electrical"),
            SubSystem::ComNav => n_("Com/Nav"),
            SubSystem::LandingGear => n_("Landing Gear"),
            SubSystem::Fuel => n_("Fuel"),
            SubSystem::Ordnance => n_("Ordnance"),
            SubSystem::Oxygen => n_("Oxygen"),
            SubSystem::Hydraulics => n_("Hydraulics"),
        }
    }
}

impl Section {
    pub fn name(self) -> &'static str {
        match self {
            Section::Nose => n_("Nose"),
            Section::Cockpit => n_("Cockpit"),
            Section::Fuselage => n_("Fuselage"),
            Section::LeftWing => n_("Left Wing"),
            Section::RightWing => n_("Right Wing"),
            Section::Engine => n_("Engine"),
            Section::Tail => n_("Tail"),
        }
    }
}

impl Damage {
    pub fn section_destroyed(&self, s: Section) -> bool {
        self.sections[s as usize] >= data().aircraft.section[s as usize].boxes
    }

    pub fn destroyed(&self, s: SubSystem) -> bool {
        self.subsystems[s as usize] >= data().aircraft.subsystem[s as usize].boxes
    }

    pub fn destroyed_subsystems(&self) -> usize {
        (0..8)
            .filter(|&i| self.subsystems[i] >= data().aircraft.subsystem[i].boxes)
            .count()
    }

    /// Every box of every lethal section checked [5.6, R24], or five sub-systems destroyed
    /// [5.7]. With optional 15.4 (`harsh`): any lethal section full, or the electrical, fuel
    /// or hydraulic system destroyed.
    pub fn shot_down(&self, harsh: bool) -> bool {
        let a = &data().aircraft;
        let mut lethal = a
            .section
            .iter()
            .enumerate()
            .filter(|(_, s)| s.lethal)
            .map(|(i, s)| self.sections[i] >= s.boxes);
        let sections = if harsh {
            lethal.any(|full| full)
        } else {
            lethal.all(|full| full)
        };
        let vital = harsh
            && [
                SubSystem::Electrical,
                SubSystem::Fuel,
                SubSystem::Hydraulics,
            ]
            .iter()
            .any(|&s| self.destroyed(s));
        sections || vital || self.destroyed_subsystems() >= usize::from(a.shot_down_at)
    }

    /// Cockpit or Oxygen destroyed: Low only [5.6, 5.7].
    pub fn low_only(&self) -> bool {
        self.section_destroyed(Section::Cockpit) || self.destroyed(SubSystem::Oxygen)
    }

    /// Nose destroyed: the refuelling probe is gone [5.3.2].
    pub fn probe_lost(&self) -> bool {
        self.section_destroyed(Section::Nose)
    }

    pub fn working_cannons(&self) -> u8 {
        self.cannons.iter().filter(|d| !**d).count() as u8
    }

    /// Boxes checked anywhere (the Skyhawk came back with battle damage).
    pub fn any(&self) -> bool {
        self.sections.iter().any(|&n| n > 0)
            || self.subsystems.iter().any(|&n| n > 0)
            || self.cannons.iter().any(|&d| d)
            || self.pylons.iter().any(|&d| d)
    }
}

/// Snake Eye release mode [3.3].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SnakeMode {
    Slick,
    Drag,
}

/// What one attack run releases [6.2.1]: one weapon type (Snake Eyes in one mode).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    pub weapon: Weapon,
    pub mode: Option<SnakeMode>,
}

/// One attack run, as noted on the card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Run {
    pub group: Group,
    pub altitude: Altitude,
    pub on_target: bool,
    /// The Table 16 percentage (= points).
    pub percent: i32,
}

/// What became of the pilot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PilotFate {
    /// Flying or back aboard in his own aircraft.
    Aboard,
    Rescued,
    Pow,
    Kia,
}

/// How the pilot left his lost Skyhawk: the sea-rescue box his marker goes to [12.0, 13.0].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CameDown {
    /// Table 19: the aircraft ditched at sea.
    Ditched,
    /// Table 20: the pilot ejected.
    BailedOut,
}

/// How the mission ended for the Skyhawk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    /// Still flying.
    Flying,
    /// Launch scrubbed: the mission was not flown.
    Scrubbed,
    /// Trapped aboard (successful landing).
    Trapped,
    /// Landed after a mishap, aircraft damaged but recovered.
    Mishap,
    /// Third wave-off: diverted ashore to Da Nang.
    Diverted,
    /// The Skyhawk was lost.
    Lost,
}

/// Where the mission stands: a decision to make, or the end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Step {
    ChooseList,
    /// Loading the Ordnance Card: tanks first, then each station pair in turn.
    Loading(LoadStage),
    PickSupport {
        left: u8,
    },
    /// Choose the altitude on entering a box.
    Altitude(MapBox),
    /// Target Attack: altitude and weapon group together (R9).
    AttackChoice,
    /// The support attack cycle in a combat box (see `cycle`).
    Cycle,
    /// Target Exit: re-attack or go home.
    ReAttackOrHome,
    /// Table 14 Note C: a MiG group jumps the Skyhawk in the Re-Attack box.
    MigGroup,
    /// A MiG attack marked `*`: dive away or take the hits [5.4.2].
    MigStar {
        hits: u8,
    },
    /// Optional 15.1–15.3: a decision of the division or of a rescue.
    Division(super::division::Ask),
    /// Campaign: the pilot was killed or captured [14.0.4].
    PilotLost,
    /// Campaign with 14.0.2: how many divisions fly with the player today.
    Divisions,
    /// The game is over but a Lady Luck token could still change the last rolls.
    Review,
    End,
}

/// The piece of the load being chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LoadStage {
    Tanks,
    /// Centerline, then inboard pair, then outboard pair.
    Station(PylonId),
}

impl LoadStage {
    pub fn next(self) -> Option<LoadStage> {
        match self {
            LoadStage::Tanks => Some(LoadStage::Station(PylonId::CL)),
            LoadStage::Station(PylonId::CL) => Some(LoadStage::Station(PylonId::LI)),
            LoadStage::Station(PylonId::LI | PylonId::RI) => Some(LoadStage::Station(PylonId::LO)),
            LoadStage::Station(_) => None,
        }
    }
}

/// Who started a MiG attack marked `*`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MigSource {
    Cycle,
    ReAttack,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Skyhawk {
    pub rng: Rng,
    pub log: Log,
    pub options: super::Options,
    /// Optional 15.4.2: the rolled altitude of the first attack run.
    pub attack_altitude: Option<Altitude>,
    pub step: Step,
    pub pilot: Pilot,
    pub list: Option<TargetList>,
    pub target: Option<Target>,
    pub target_weather: Weather,
    pub recovery_weather: Weather,
    pub bomb_shortage: bool,
    pub no_heavy_bombs: bool,
    pub yankee_weather: bool,
    pub loadout: Loadout,
    pub units: Vec<Unit>,
    pub at: MapBox,
    pub altitude: Altitude,
    pub nv: [NvBox; 4],
    /// The MiG counter left the mission (Disengaged, dive-away, or going home).
    pub migs_gone: bool,
    pub target_sam: TargetSam,
    pub damage: Damage,
    /// 20 mm ammunition boxes left, left and right cannon.
    pub ammo: [u8; 2],
    pub strafing_runs: u8,
    pub runs: Vec<Run>,
    pub re_attacks: u8,
    pub wave_offs: u8,
    pub no_refuel: bool,
    pub ace_bomber: bool,
    pub lady_luck: u8,
    pub over_north: bool,
    pub mig_kill: bool,
    /// Table 14 modifiers for the coming run.
    pub smoke: bool,
    pub clean_run: bool,
    pub flak_trap: bool,
    /// Table 17 navigation problem.
    pub navigation_problem: bool,
    /// A Bingo from a tank pylon hit waits for the rest of the box's fire (R61).
    pub bingo_pending: bool,
    /// The weapon group declared for this Target Attack visit.
    pub declared: Option<Group>,
    /// The dive-away ended the attack [5.4.2].
    pub dived_away: bool,
    pub cycle: Option<Cycle>,
    /// ECM aircraft in the ECM box during this box's support cycle.
    pub ecm_in_box: u8,
    pub mig_source: MigSource,
    pub ending: Ending,
    /// How the pilot came down, once his Skyhawk is lost.
    #[serde(default)]
    pub came_down: Option<CameDown>,
    /// The Table 18 Note A result of a landing mishap (repair days, 14.0.2).
    #[serde(default)]
    pub landing_mishap: Option<String>,
    pub fate: PilotFate,
    pub medals: Vec<String>,
    /// Table rolls made so far this mission (Lady Luck counts them).
    pub rolls: u32,
    /// Lady Luck: the roll (by count) to make twice, keeping the second.
    pub reroll_at: Option<u32>,
    /// The last decision, kept while a Lady Luck token could re-roll one of its rolls.
    pub last: Option<Box<super::luck::LastDecision>>,
    /// While a Lady Luck token is held: the lines of the rolls the decision under way has
    /// made (its token choices name them) and what they were rolled on (for their odds),
    /// moved into `last` when the decision ends.
    #[serde(skip)]
    pub roll_lines: Vec<super::luck::RollLine>,
    /// The campaign around the mission, if one is played.
    pub campaign: Option<super::campaign::Campaign>,
    /// Optional 15.1–15.3: the NPC flights of the mission.
    #[serde(default)]
    pub division: Option<super::division::Division>,
    /// Optional 15.1, the Division Record Sheet's count (C6): per pass over the target (the
    /// first run, then each re-attack), the NV boxes that fired at the Skyhawk in each of the
    /// [`super::cycle::COMBAT_BOXES`]; `None` for a box not flown in that pass.
    #[serde(default)]
    pub nv_fire: Vec<[Option<u8>; 4]>,
    /// The player's numbered Skyhawk of the squadron (14.0.2), 0 without it.
    #[serde(default)]
    pub aircraft: u8,
}

impl Skyhawk {
    /// A mission not yet planned, for `pilot`.
    pub fn blank(options: &super::Options, rng: Rng, pilot: Pilot) -> Skyhawk {
        Skyhawk {
            rng,
            log: Log::default(),
            options: options.clone(),
            attack_altitude: None,
            step: Step::ChooseList,
            pilot,
            list: None,
            target: None,
            target_weather: Weather::Good,
            recovery_weather: Weather::Good,
            bomb_shortage: false,
            no_heavy_bombs: false,
            yankee_weather: false,
            loadout: Loadout::default(),
            units: Vec::new(),
            at: MapBox::Launch,
            altitude: Altitude::Low,
            nv: [NvBox::default(); 4],
            migs_gone: false,
            target_sam: TargetSam::default(),
            damage: Damage::default(),
            ammo: [data().aircraft.ammo_per_cannon; 2],
            strafing_runs: 0,
            runs: Vec::new(),
            re_attacks: 0,
            wave_offs: 0,
            no_refuel: false,
            ace_bomber: false,
            lady_luck: 0,
            over_north: false,
            mig_kill: false,
            smoke: false,
            clean_run: false,
            flak_trap: false,
            navigation_problem: false,
            bingo_pending: false,
            declared: None,
            dived_away: false,
            cycle: None,
            ecm_in_box: 0,
            mig_source: MigSource::Cycle,
            ending: Ending::Flying,
            came_down: None,
            landing_mishap: None,
            fate: PilotFate::Aboard,
            medals: Vec::new(),
            rolls: 0,
            reroll_at: None,
            last: None,
            roll_lines: Vec::new(),
            campaign: None,
            division: None,
            nv_fire: Vec::new(),
            aircraft: 0,
        }
    }

    /// Clears the card for the next campaign mission; the pilot, his Lady Luck tokens, the
    /// log and the campaign carry on (wounds clear, R25).
    pub fn reset_mission(&mut self) {
        let mut pilot = self.pilot.clone();
        pilot.wounds = 0;
        let mut fresh = Skyhawk::blank(&self.options, self.rng.clone(), pilot);
        fresh.log = std::mem::take(&mut self.log);
        fresh.lady_luck = self.lady_luck;
        fresh.rolls = self.rolls;
        fresh.roll_lines = std::mem::take(&mut self.roll_lines);
        fresh.campaign = self.campaign.take();
        *self = fresh;
    }

    pub fn target(&self) -> &Target {
        self.target.as_ref().expect("target rolled in planning")
    }

    pub fn minelaying(&self) -> bool {
        self.target.as_ref().is_some_and(Target::minelaying)
    }

    /// Total mission points: Table 16 percentages added, uncapped [6.2.2], and the NPC
    /// flights' points with optional 15.1/15.2.
    pub fn points(&self) -> i32 {
        self.own_points() + self.division.as_ref().map_or(0, |d| d.points())
    }

    /// The player's own Table 16 points.
    pub fn own_points(&self) -> i32 {
        self.runs.iter().map(|r| r.percent).sum()
    }

    /// Target damage by the player's runs, capped at 100% (destroyed) [6.2.2]; the NPC
    /// percentages are never added to it [15.1].
    pub fn percent(&self) -> i32 {
        self.own_points().min(100)
    }

    pub fn on_target_points(&self) -> i32 {
        self.runs
            .iter()
            .filter(|r| r.on_target)
            .map(|r| r.percent)
            .sum()
    }

    pub fn nv(&self, kind: NvBoxKind) -> &NvBox {
        &self.nv[kind.index()]
    }

    pub fn is(&self, e: Experience) -> bool {
        self.pilot.experience == e
    }

    /// May still refuel from a tanker: no earlier failure, probe intact [5.3.2].
    pub fn can_refuel(&self) -> bool {
        !self.no_refuel && !self.damage.probe_lost()
    }

    /// Altitudes the pilot may choose now [5.6, 5.7].
    pub fn allowed_altitudes(&self) -> &'static [Altitude] {
        if self.damage.low_only() {
            &[Altitude::Low]
        } else {
            &Altitude::ALL
        }
    }

    /// Whether a pylon still carries anything that hangs on it.
    pub fn carries(&self, pylon: PylonId) -> bool {
        self.loadout.store(pylon).is_some()
    }

    /// Any external ordnance left.
    pub fn has_ordnance(&self) -> bool {
        self.loadout.stations.iter().any(Option::is_some)
    }
}
