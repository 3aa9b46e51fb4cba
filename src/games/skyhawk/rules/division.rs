//! Optional rules 15.1 and 15.2 (digest 8.1, 8.2, 5.7): the player's four-plane division and
//! further flights of four, all flown by non-player (NPC) Skyhawks. The NPCs make no
//! decisions and roll no random events; they launch, refuel and land one by one, are fired
//! on (Table 26) whenever the player is, bomb as a group (Table 26.1) on every run the player
//! makes, and carry on or fly home when the player's Skyhawk is lost [14.0.4, 15.1].

use serde::{Deserialize, Serialize};

use super::Action;
use super::attack::table5_guide;
use super::content::{Altitude, NvBoxKind, TargetFlag};
use super::loadout::Loadout;
use super::mission::{CommonDrms, table12_column};
use super::rescap::Rescap;
use super::state::*;
use super::tables::{Drms, TableRoll, read_number};
use crate::engine::game::{Choice, Refusal};
use crate::engine::message::{Message, msg, msg_n, n_};

/// What became of a non-player Skyhawk.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NpcStatus {
    /// With its flight (and the player, unless he was lost).
    Flying,
    /// Left the flight for the carrier on its own (failed refuel, Bingo over a downed pilot,
    /// done with a rescue).
    Returning,
    /// Never got off the deck.
    Scrubbed,
    Lost,
    Trapped,
    Mishap,
    /// Third wave-off: diverted to Da Nang.
    Diverted,
}

/// A non-player Skyhawk and its pilot, as on the Division Record Sheet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Npc {
    pub pilot: Pilot,
    /// Position in its flight, 1–4.
    pub position: u8,
    /// Hit boxes checked (six bring it down).
    pub hits: u8,
    pub status: NpcStatus,
    /// Failed its refuel: fuel-state rolls on the way home (R34).
    pub no_refuel: bool,
    pub wave_offs: u8,
    pub fate: PilotFate,
    /// Its numbered counter on the repair track (14.0.2), 0 without it.
    #[serde(default)]
    pub aircraft: u8,
    /// Its pilot's slot on the rotation roster (14.0.3), `None` without it.
    #[serde(default)]
    pub roster_slot: Option<usize>,
    /// Its Table 18 Note A result after a landing mishap (for Table 8).
    #[serde(default)]
    pub mishap: Option<String>,
}

impl Npc {
    pub fn flying(&self) -> bool {
        self.status == NpcStatus::Flying
    }

    /// Still in the air (with the flight or on its own).
    pub fn airborne(&self) -> bool {
        matches!(self.status, NpcStatus::Flying | NpcStatus::Returning)
    }
}

/// A flight of four: the player's (three NPCs beside him) or an all-NPC one [15.2].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flight {
    pub npcs: Vec<Npc>,
    /// Table 26.1 percentages, one per attack run.
    pub runs: Vec<i32>,
    /// Points earned: each run's percentage halved [15.1].
    pub points: i32,
    /// The Table 26.1 roll of each attack run, for the Division Record Sheet.
    #[serde(default)]
    pub rolls: Vec<TableRoll>,
    /// 15.2.1: a target of its own (otherwise the player's).
    #[serde(default)]
    pub target: Option<Target>,
}

impl Flight {
    pub fn new(npcs: Vec<Npc>) -> Flight {
        Flight {
            npcs,
            runs: Vec::new(),
            points: 0,
            rolls: Vec::new(),
            target: None,
        }
    }
}

/// A Skyhawk of the mission: the player's or a non-player one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Who {
    Player,
    Npc { flight: usize, index: usize },
}

/// The division's decisions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ask {
    /// 15.2: how many flights of four fly the mission.
    Flights,
    /// 15.2.1: does this further flight (index) attack a target of its own?
    FlightTarget(usize),
    /// 15.1: the player's position in his flight.
    Position,
    /// The player's Skyhawk is lost: do the NPCs fly on? [14.0.4]
    AfterLoss,
    /// 15.3: which Skyhawks stay over the downed pilot.
    Stay,
    /// 15.3: where the next RESCAP attacker goes this round.
    Place,
}

/// The answers to [`Ask`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum DivisionAction {
    Flights(u8),
    /// 15.2.1: `true` to roll the flight a target of its own.
    OwnTarget(bool),
    /// A position 1–4, or `None` to roll for it (S-7).
    Position(Option<u8>),
    FlyOn,
    FlyHome,
    /// One more Skyhawk stays with the downed pilot, or `None`: no more.
    Stay(Option<Who>),
    /// The attacker goes to this NVA Patrol box, or `None`: it holds (HH-53, Skyhawks).
    Place(Option<usize>),
}

/// The division record of the mission (the Division Record Sheet).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Division {
    /// The player's position in his flight, 1–4 (0 until chosen).
    pub position: u8,
    pub flights: Vec<Flight>,
    /// The load every Skyhawk of the mission carries, as noted at launch [3.3, 15.1].
    #[serde(default)]
    pub load: Option<Loadout>,
    /// After the player's loss: `Some(true)` the NPCs flew on [14.0.4].
    pub flew_on: Option<bool>,
    /// With `flew_on`: the next box the NPCs fly through alone (index into `ALONE`).
    pub alone_at: usize,
    /// Downed pilots waiting for their RESCAP [15.3].
    pub rescues: Vec<Who>,
    pub rescap: Option<Rescap>,
    /// The NPCs are home and the division record is closed.
    pub closed: bool,
}

impl Division {
    /// Points of every NPC flight, added to the player's for the mission total [15.1, 15.2].
    pub fn points(&self) -> i32 {
        self.flights.iter().map(|f| f.points).sum()
    }

    /// NPC Skyhawks lost this mission.
    pub fn skyhawks_lost(&self) -> usize {
        self.npcs().filter(|n| n.status == NpcStatus::Lost).count()
    }

    /// NPC pilots killed or captured this mission.
    pub fn pilots_lost(&self) -> usize {
        self.npcs()
            .filter(|n| matches!(n.fate, PilotFate::Kia | PilotFate::Pow))
            .count()
    }

    pub fn npcs(&self) -> impl Iterator<Item = &Npc> {
        self.flights.iter().flat_map(|f| &f.npcs)
    }

    fn npc_keys(&self) -> Vec<Who> {
        let mut keys = Vec::new();
        for (flight, f) in self.flights.iter().enumerate() {
            for index in 0..f.npcs.len() {
                keys.push(Who::Npc { flight, index });
            }
        }
        keys
    }
}

/// The boxes NPCs fly through after the player's loss [14.0.4].
const ALONE: [MapBox; 5] = [
    MapBox::AerialRefuel,
    MapBox::SupportAttacks,
    MapBox::TargetApproach,
    MapBox::TargetAttack,
    MapBox::TargetExit,
];

/// A decision refused, with its reason.
pub(crate) fn refuse(reason: Message) -> Result<(), Refusal> {
    Err(Refusal::new(reason))
}

/// Table 26.2: the experience a group of NPCs bombs with. Two pilots use the better one
/// [15.1]; otherwise the level most of them share, Experienced when none stands out (recon).
pub fn group_experience(levels: &[Experience]) -> Option<Experience> {
    let best = levels.iter().copied().max_by_key(|e| *e as u8)?;
    if levels.len() <= 2 {
        return Some(best);
    }
    let count = |e: Experience| levels.iter().filter(|&&l| l == e).count();
    let all = [
        Experience::Green,
        Experience::Experienced,
        Experience::Veteran,
    ];
    let top = all.iter().map(|&e| count(e)).max().unwrap_or(0);
    let leaders: Vec<Experience> = all.into_iter().filter(|&e| count(e) == top).collect();
    Some(match leaders.as_slice() {
        [one] => *one,
        _ => Experience::Experienced,
    })
}

impl Skyhawk {
    pub fn npc(&self, who: Who) -> Option<&Npc> {
        let Who::Npc { flight, index } = who else {
            return None;
        };
        self.division.as_ref()?.flights.get(flight)?.npcs.get(index)
    }

    pub(crate) fn npc_mut(&mut self, who: Who) -> Option<&mut Npc> {
        let Who::Npc { flight, index } = who else {
            return None;
        };
        self.division
            .as_mut()?
            .flights
            .get_mut(flight)?
            .npcs
            .get_mut(index)
    }

    /// The name of a Skyhawk's pilot for the log.
    pub fn who_name(&self, who: Who) -> String {
        match self.npc(who) {
            Some(n) => format!("{} {}", n.pilot.rank, n.pilot.name),
            None => self.pilot.name.clone(),
        }
    }

    /// The NPCs in the air with the player's box, in order.
    pub fn npcs_flying(&self) -> Vec<Who> {
        self.npcs_where(Npc::flying)
    }

    pub(crate) fn npcs_where(&self, keep: fn(&Npc) -> bool) -> Vec<Who> {
        let Some(d) = &self.division else {
            return Vec::new();
        };
        d.npc_keys()
            .into_iter()
            .filter(|&w| self.npc(w).is_some_and(keep))
            .collect()
    }

    // ---- Forming the division [15.1, 15.2] ----

    /// After the planning rolls: the division's decisions come before the load.
    pub(crate) fn form_division(&mut self) {
        if !self.options.division {
            return;
        }
        self.division = Some(Division::default());
        // With 14.0.2 the divisions chosen for the day are the flights (ruling in
        // `Skyhawk::divisions_flown`).
        if let Some(flights) = self.divisions_flown() {
            if let Some(d) = self.division.as_mut() {
                d.flights = vec![Flight::new(Vec::new()); usize::from(flights)];
            }
            self.step = Step::Division(Ask::Position);
            return;
        }
        self.step = Step::Division(if self.options.multiple_flights {
            Ask::Flights
        } else {
            Ask::Position
        });
    }

    /// Mans the flights around the player's position: pilots from today's rotation when the
    /// roster holds them (14.0.3), otherwise the next names with a Table 1 roll each; the
    /// Skyhawks on deck with the player's take their numbers (14.0.2).
    fn man_flights(&mut self, flights: u8) {
        let position = self.division.as_ref().map_or(1, |d| d.position);
        let mut crews = self.npc_crews(4 * usize::from(flights) - 1).into_iter();
        let mut all = Vec::new();
        for f in 0..usize::from(flights) {
            let mut npcs = Vec::new();
            for p in 1..=4u8 {
                if f == 0 && p == position {
                    continue;
                }
                let Some(crew) = crews.next() else { break };
                npcs.push(Npc {
                    pilot: crew.pilot,
                    position: p,
                    hits: 0,
                    status: NpcStatus::Flying,
                    no_refuel: false,
                    wave_offs: 0,
                    fate: PilotFate::Aboard,
                    aircraft: crew.aircraft,
                    roster_slot: crew.roster_slot,
                    mishap: None,
                });
            }
            all.push(Flight::new(npcs));
        }
        if let Some(d) = self.division.as_mut() {
            d.flights = all;
        }
        for who in self.npcs_flying() {
            let e = match self.npc(who) {
                Some(n) if n.roster_slot.is_some() => n.pilot.experience,
                _ => {
                    let e = Experience::from_key(self.roll("1", "", &Drms::new()).result);
                    if let Some(n) = self.npc_mut(who) {
                        n.pilot.experience = e;
                    }
                    e
                }
            };
            let (flight, position) = match (who, self.npc(who)) {
                (Who::Npc { flight, .. }, Some(n)) => (flight + 1, n.position),
                _ => continue,
            };
            note!(
                self,
                "15.1",
                msg("Flight {flight}, position {position}: {pilot}, {experience}")
                    .arg("flight", flight)
                    .arg("position", position)
                    .arg("pilot", self.who_name(who))
                    .term("experience", e.name()),
            );
        }
    }

    fn flight_count_for_position(&self) -> u8 {
        self.division
            .as_ref()
            .map_or(1, |d| d.flights.len().max(1) as u8)
    }

    // ---- The decisions ----

    pub(crate) fn division_prompt(&self, ask: Ask) -> (Message, &'static str, Vec<Choice<Action>>) {
        let act = |a: DivisionAction| Action::Division(a);
        match ask {
            Ask::Flights => (
                msg("How many flights of four fly the mission?"),
                "15.2",
                (1..=self.most_flights())
                    .map(|n| {
                        Choice::new(
                            act(DivisionAction::Flights(n)),
                            msg_n(
                                "{n} flight, {planes} Skyhawks",
                                "{n} flights, {planes} Skyhawks",
                                n,
                            )
                            .arg("n", n)
                            .arg("planes", 4 * u32::from(n)),
                        )
                    })
                    .collect(),
            ),
            Ask::Position => {
                let mut c: Vec<Choice<Action>> = (1..=4u8)
                    .map(|p| {
                        Choice::new(
                            act(DivisionAction::Position(Some(p))),
                            msg("Fly in position {p}").arg("p", p),
                        )
                    })
                    .collect();
                c.push(Choice::new(
                    act(DivisionAction::Position(None)),
                    msg("Roll for the position"),
                ));
                (msg("Your position in the division"), "15.1", c)
            }
            Ask::FlightTarget(f) => (
                msg("Flight {n}: which target?").arg("n", f + 1),
                "15.2.1",
                vec![
                    Choice::new(act(DivisionAction::OwnTarget(false)), msg("Your target")),
                    Choice::new(
                        act(DivisionAction::OwnTarget(true)),
                        msg("A target of its own, rolled on the same list"),
                    ),
                ],
            ),
            Ask::AfterLoss => (
                msg("Your Skyhawk is lost. What do the other Skyhawks do?"),
                "14.0.4",
                vec![
                    Choice::new(act(DivisionAction::FlyOn), msg("Fly on with the mission")),
                    Choice::new(
                        act(DivisionAction::FlyHome),
                        msg("Turn for Transit to Carrier"),
                    ),
                ],
            ),
            Ask::Stay | Ask::Place => self.rescap_prompt(ask),
        }
    }

    pub(crate) fn decide_division(
        &mut self,
        ask: Ask,
        action: &DivisionAction,
    ) -> Result<(), Refusal> {
        match (ask, action) {
            (Ask::Flights, DivisionAction::Flights(n)) => {
                if !(1..=self.most_flights()).contains(n) {
                    return refuse(msg("That many flights cannot be formed"));
                }
                note!(
                    self,
                    "15.2",
                    msg_n(
                        "{n} flight of four flies the mission",
                        "{n} flights of four fly the mission",
                        *n
                    )
                    .arg("n", n),
                );
                // The flights are manned once the player's position is known.
                if let Some(d) = self.division.as_mut() {
                    d.flights = vec![Flight::new(Vec::new()); usize::from(*n)];
                }
                self.step = Step::Division(Ask::Position);
            }
            (Ask::Position, DivisionAction::Position(p)) => {
                let position = match p {
                    Some(p @ 1..=4) => *p,
                    Some(_) => return refuse(msg("A division has positions 1 to 4")),
                    None => self.roll("S-7", "", &Drms::new()).number() as u8,
                };
                if let Some(d) = self.division.as_mut() {
                    d.position = position;
                }
                let role = match position {
                    1 => n_("division leader"),
                    3 => n_("second section leader"),
                    _ => n_("wingman"),
                };
                note!(
                    self,
                    "15.1",
                    msg("The player flies in position {p} ({role})")
                        .arg("p", position)
                        .term("role", role),
                );
                let flights = self.flight_count_for_position();
                self.man_flights(flights);
                self.next_flight_target(1);
            }
            (Ask::FlightTarget(f), DivisionAction::OwnTarget(own)) => {
                if *own {
                    self.own_target(f);
                }
                self.next_flight_target(f + 1);
            }
            (Ask::AfterLoss, DivisionAction::FlyOn | DivisionAction::FlyHome) => {
                let on = *action == DivisionAction::FlyOn;
                let start = self.alone_from();
                if let Some(d) = self.division.as_mut() {
                    d.flew_on = Some(on);
                    d.alone_at = if on { start } else { ALONE.len() };
                }
                note!(
                    self,
                    "14.0.4",
                    if on {
                        msg("The other Skyhawks fly on with the mission")
                    } else {
                        msg("The other Skyhawks turn for the carrier")
                    },
                );
                self.finish();
            }
            (Ask::Stay | Ask::Place, _) => return self.decide_rescap(ask, action),
            _ => return refuse(msg("That is not a decision to make now")),
        }
        Ok(())
    }

    /// 15.2.1: asks about the target of further flight `f`, or on to the load.
    fn next_flight_target(&mut self, f: usize) {
        let flights = self.division.as_ref().map_or(0, |d| d.flights.len());
        self.step = if f < flights {
            Step::Division(Ask::FlightTarget(f))
        } else {
            Step::Loading(LoadStage::Tanks)
        };
    }

    /// 15.2.1: a target rolled for flight `f` as the player's was.
    fn own_target(&mut self, f: usize) {
        let players = self.target.take();
        self.roll_target(false);
        let theirs = std::mem::replace(&mut self.target, players);
        if let Some(t) = &theirs {
            note!(
                self,
                "15.2.1",
                msg("Flight {n} attacks {target}")
                    .arg("n", f + 1)
                    .arg("target", &t.name),
            );
        }
        if let Some(flight) = self.division.as_mut().and_then(|d| d.flights.get_mut(f)) {
            flight.target = theirs;
        }
    }

    /// The first box the NPCs fly alone: the box of the loss if NV fire was due there,
    /// otherwise the next one.
    fn alone_from(&self) -> usize {
        match ALONE.iter().position(|&b| b == self.at) {
            Some(i) if self.at.combat() => i,
            Some(i) => i + 1,
            None if matches!(self.at, MapBox::Launch | MapBox::InboundEvents) => 0,
            None => ALONE.len(),
        }
    }

    // ---- NPC bombing (Table 26.1) [15.1, 15.2] ----

    /// Every flight with NPCs over the target rolls once on Table 26.1 for this run, in the
    /// column of the On/Off result; half the percentage is its points.
    pub(crate) fn npc_bombing(&mut self, on_target: bool, group: Group) {
        let Some(d) = &self.division else { return };
        for f in 0..d.flights.len() {
            let Some(flight) = self.division.as_ref().map(|d| &d.flights[f]) else {
                return;
            };
            // 15.2.1 (ruling R35): a flight on its own target rolls its own On/Off.
            let (on_target, guide) = match flight.target.clone() {
                None => (on_target, self.table5_guide(group)),
                Some(t) => {
                    if flight.npcs.iter().all(|n| !n.flying()) {
                        continue;
                    }
                    let Some(guide) = table5_guide(group, &t) else {
                        note!(
                            self,
                            "15.2.1",
                            msg("Flight {n} cannot use that weapon on its target").arg("n", f + 1),
                        );
                        continue;
                    };
                    (self.npc_on_off(group, self.altitude), guide)
                }
            };
            let Some(flight) = self.division.as_ref().map(|d| &d.flights[f]) else {
                return;
            };
            let levels: Vec<Experience> = flight
                .npcs
                .iter()
                .filter(|n| n.flying())
                .map(|n| n.pilot.experience)
                .collect();
            let Some(level) = group_experience(&levels) else {
                continue;
            };
            let missing = (flight.npcs.len() - levels.len()) as i32;
            let mut drms = Drms::new();
            drms.pilot(level)
                .value(guide, n_("Table 5: weapon against this target type"))
                .weather(self.target_weather)
                .times(
                    missing,
                    "per_missing",
                    n_("Skyhawks missing from the flight"),
                );
            note!(
                self,
                "15.1",
                msg("Flight {n} bombs with the player's result").arg("n", f + 1),
            );
            let roll = self.roll_kept("26.1", if on_target { "on" } else { "off" }, &drms);
            let percent = read_number(&roll.result);
            let points = percent / 2;
            if let Some(flight) = self.division.as_mut().map(|d| &mut d.flights[f]) {
                flight.runs.push(percent);
                flight.rolls.push(roll);
                flight.points += points;
            }
            note!(
                self,
                "15.1",
                msg_n(
                    "Flight {n}: {percent}%, {points} point",
                    "Flight {n}: {percent}%, {points} points",
                    points.unsigned_abs()
                )
                .arg("n", f + 1)
                .arg("percent", percent)
                .arg("points", points),
            );
        }
    }

    // ---- The end of the mission with a division ----

    /// Called as the player's mission ends: `true` while the division still has something
    /// to do (a decision, a rescue, NPCs flying on); then it brings the NPCs home.
    pub(crate) fn division_holds_end(&mut self) -> bool {
        let Some(d) = &self.division else {
            return false;
        };
        if d.rescap.is_some() {
            return true;
        }
        if d.closed {
            return false;
        }
        let player_out = matches!(self.ending, Ending::Lost | Ending::Scrubbed);
        if player_out
            && d.flew_on.is_none()
            && self.alone_from() < ALONE.len()
            && !self.npcs_flying().is_empty()
        {
            self.step = Step::Division(Ask::AfterLoss);
            return true;
        }
        loop {
            if self.start_due_rescue_with(super::rescap::Resume::Finish) {
                return true;
            }
            let Some(d) = self.division.as_mut() else {
                return false;
            };
            if d.flew_on != Some(true) || d.alone_at >= ALONE.len() {
                break;
            }
            let b = ALONE[d.alone_at];
            d.alone_at += 1;
            self.fly_alone(b);
        }
        self.npc_recovery();
        self.npc_awards();
        if let Some(d) = self.division.as_mut() {
            d.closed = true;
        }
        false
    }

    /// The NPCs fly a box without the player [14.0.4]: Table 26 in the column of the NV
    /// boxes that could have fired at him; in Target Attack they bomb, with an On/Off roll
    /// of their own as the player made none (as ruling R35 for a flight on its own target).
    fn fly_alone(&mut self, b: MapBox) {
        if self.npcs_flying().is_empty() {
            return;
        }
        self.at = b;
        note!(
            self,
            b.rule(),
            msg("The other Skyhawks fly through {box}").term("box", b.name()),
        );
        if b == MapBox::AerialRefuel {
            self.npc_refuels();
            return;
        }
        let could = self.could_have_fired();
        // The division's fire still goes on its record sheet [15.1].
        self.record_nv_fire(b, could);
        self.npcs_under_fire(could, false);
        let sam = self.target.as_ref().is_some_and(Target::iron_hand)
            && !self.target_sam.knocked_out()
            && b != MapBox::SupportAttacks;
        if sam {
            self.target_sam_at_npcs(false);
        }
        if b == MapBox::TargetAttack {
            let altitude = self.altitude;
            let Some(group) = self
                .groups()
                .into_iter()
                .find(|&g| self.usable(g, altitude))
            else {
                return;
            };
            let on = self.npc_on_off(group, altitude);
            self.npc_bombing(on, group);
        }
    }

    /// An On/Off Target roll of the NPCs' own, with the Table-Notes modifiers only (R35).
    fn npc_on_off(&mut self, group: Group, altitude: Altitude) -> bool {
        let spec = group.weapon.spec();
        let mut d = Drms::new();
        d.when(
            group.mode == Some(SnakeMode::Drag) && altitude == Altitude::Low,
            "drag_low",
            n_("Snake Eye drag at Low"),
        )
        .weather(self.target_weather);
        note!(
            self,
            "15.2.1",
            msg("The flight rolls its own On/Off Target")
        );
        self.roll(&spec.table, "", &d).is("on")
    }

    /// The NV boxes that could fire at a Skyhawk at the player's altitude now [14.0.4].
    pub fn could_have_fired(&self) -> u8 {
        let sa_silent = self.minelaying()
            && !self
                .target
                .as_ref()
                .is_some_and(|t| t.has(TargetFlag::SmallArmsFire));
        NvBoxKind::ALL
            .into_iter()
            .filter(|&k| {
                let silent = match k {
                    NvBoxKind::Mig => self.migs_gone,
                    NvBoxKind::Sa => sa_silent,
                    _ => false,
                };
                let out = self.nv(k).out || silent;
                !out && table12_column(k, self.altitude).is_some()
            })
            .count() as u8
    }

    /// The mission's closing line, with the division's share when there is one.
    pub(crate) fn with_division_summary(&self, text: Message) -> Message {
        let Some(d) = &self.division else {
            return text;
        };
        msg("{mission} Rest of the division — points: {points}; Skyhawks lost: {skyhawks}; pilots killed or captured: {pilots}.")
            .message("mission", text)
            .arg("points", d.points())
            .arg("skyhawks", d.skyhawks_lost())
            .arg("pilots", d.pilots_lost())
    }

    /// Purple Hearts for wounded or killed NPC pilots (ruling R38).
    fn npc_awards(&mut self) {
        let Some(d) = &self.division else { return };
        let hurt: Vec<String> = d
            .npcs()
            .filter(|n| n.pilot.wounds > 0 || n.fate == PilotFate::Kia)
            .map(|n| format!("{} {}", n.pilot.rank, n.pilot.name))
            .collect();
        for name in hurt {
            note!(
                self,
                "15.2",
                msg("{pilot} is awarded the Purple Heart").arg("pilot", name),
            );
        }
    }
}
