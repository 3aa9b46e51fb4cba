//! Optional rule 15.3 (digest 8.3): RESCAP for a pilot down over land in the Support Attacks
//! or a Target box. One or two NVA Patrol boxes hunt him; two A-1 Skyraiders and an HH-53
//! arrive in a rolled round; Skyhawks of the mission may stay and strafe. Up to four rounds
//! of US fire (Table 11), NVA fire (Table 10, Table 26, Table 12) and the Pilot Status Table.

use serde::{Deserialize, Serialize};

use super::Action;
use super::content::{Altitude, Weapon, data};
use super::division::{Ask, DivisionAction, NpcStatus, Who, refuse};
use super::mission::CommonDrms;
use super::state::*;
use super::tables::Drms;
use crate::engine::game::{Choice, Refusal};
use crate::engine::message::{Message, msg, msg_n, n_};

/// Where play goes once the rescue is over.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Resume {
    /// Back to the player's decision that was waiting.
    Step(Step),
    /// The player's mission was over: on with its end.
    Finish,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RescapKind {
    Skyraider,
    Helicopter,
}

/// An aircraft of the RESCAP Units box.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RescapUnit {
    pub kind: RescapKind,
    pub alive: bool,
}

/// An aircraft that may attack an NVA Patrol box this round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Attacker {
    Unit(usize),
    Skyhawk(Who),
}

/// A Skyhawk staying over the downed pilot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Supporter {
    pub who: Who,
    /// Still over the pilot (not gone Bingo, not shot down).
    pub present: bool,
    /// Attack runs left (an NPC's; the player's are counted from his card).
    pub runs: u8,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rescap {
    pub downed: Who,
    pub resume: Resume,
    /// The active NVA Patrol boxes (one or two).
    pub patrols: Vec<NvBox>,
    /// The round the RESCAP aircraft arrive in (0 until rolled).
    pub arrival: u8,
    pub round: u8,
    pub units: Vec<RescapUnit>,
    pub supporters: Vec<Supporter>,
    /// Attackers still to place this round, first first.
    pub queue: Vec<Attacker>,
    /// Attackers placed this round and the patrol box each attacks.
    pub placed: Vec<(Attacker, usize)>,
}

/// How a rescue ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Rescued,
    Pow,
    Kia,
}

impl Rescap {
    fn on_box(&self, b: usize) -> usize {
        self.placed.iter().filter(|(_, p)| *p == b).count()
    }

    fn all_out(&self) -> bool {
        self.patrols.iter().all(|p| p.out)
    }

    /// Patrol boxes the attacker may still join.
    pub(crate) fn open_boxes(&self) -> Vec<usize> {
        let room = usize::from(data().aircraft.division.rescap_per_box);
        (0..self.patrols.len())
            .filter(|&b| !self.patrols[b].out && self.on_box(b) < room)
            .collect()
    }
}

impl Skyhawk {
    pub fn rescap(&self) -> Option<&Rescap> {
        self.division.as_ref()?.rescap.as_ref()
    }

    fn rescap_mut(&mut self) -> Option<&mut Rescap> {
        self.division.as_mut()?.rescap.as_mut()
    }

    /// Whether a pilot down at `at` gets a RESCAP [15.3]: over land, in the Support Attacks
    /// or a Target box, and no other rescue under way (a Skyhawk shot down while supporting
    /// one falls back on Table 21).
    pub(crate) fn rescap_due(&self, at: MapBox) -> bool {
        self.options.rescap
            && self.division.as_ref().is_some_and(|d| d.rescap.is_none())
            && at.combat()
            && at.over_land(self.minelaying())
    }

    /// The player's pilot survived Table 20 over land: RESCAP instead of Table 21 (R36).
    pub(crate) fn rescap_for_player(&mut self) -> bool {
        if !self.rescap_due(self.at) {
            return false;
        }
        self.start_rescap(Who::Player, Resume::Finish);
        true
    }

    /// After a decision: a downed NPC pilot waiting for RESCAP gets it now, the player's
    /// next decision held until the rescue is over.
    pub(crate) fn start_due_rescue(&mut self) {
        while matches!(
            self.step,
            Step::Altitude(_) | Step::AttackChoice | Step::ReAttackOrHome
        ) {
            let resume = Resume::Step(self.step.clone());
            if !self.start_due_rescue_with(resume) {
                return;
            }
        }
    }

    /// Starts the next waiting rescue, if any.
    pub(crate) fn start_due_rescue_with(&mut self, resume: Resume) -> bool {
        let Some(d) = self.division.as_mut() else {
            return false;
        };
        if d.rescap.is_some() || d.rescues.is_empty() {
            return false;
        }
        let who = d.rescues.remove(0);
        self.start_rescap(who, resume);
        true
    }

    fn start_rescap(&mut self, downed: Who, resume: Resume) {
        note!(
            self,
            "15.3",
            msg("Beeper on Guard: {pilot} is down over land, RESCAP launches")
                .arg("pilot", self.who_name(downed)),
        );
        let threat = self.roll("S-10", "", &Drms::new()).number().max(1) as usize;
        let spec = &data().aircraft.division;
        let units = std::iter::repeat_n(RescapKind::Skyraider, usize::from(spec.rescap_a1))
            .chain(std::iter::repeat_n(
                RescapKind::Helicopter,
                usize::from(spec.rescap_hh53),
            ))
            .map(|kind| RescapUnit { kind, alive: true })
            .collect();
        if let Some(d) = self.division.as_mut() {
            d.rescap = Some(Rescap {
                downed,
                resume,
                patrols: vec![NvBox::default(); threat.min(2)],
                arrival: 0,
                round: 0,
                units,
                supporters: Vec::new(),
                queue: Vec::new(),
                placed: Vec::new(),
            });
        }
        note!(
            self,
            "15.3",
            msg_n(
                "{n} NVA Patrol box hunts the pilot",
                "{n} NVA Patrol boxes hunt the pilot",
                threat
            )
            .arg("n", threat),
        );
        self.ask_stay();
    }

    /// Skyhawks that may still choose to stay: with the flight, in the same box.
    pub fn stay_candidates(&self) -> Vec<Who> {
        let Some(r) = self.rescap() else {
            return Vec::new();
        };
        if r.supporters.len() >= 2 {
            return Vec::new();
        }
        let mut c = Vec::new();
        if r.downed != Who::Player && !self.down() {
            c.push(Who::Player);
        }
        c.extend(self.npcs_flying());
        c.retain(|w| *w != r.downed && !r.supporters.iter().any(|s| s.who == *w));
        c
    }

    fn ask_stay(&mut self) {
        if self.stay_candidates().is_empty() {
            self.begin_rounds();
        } else {
            self.step = Step::Division(Ask::Stay);
        }
    }

    fn stays(&mut self, who: Who) {
        let runs = match who {
            Who::Player => {
                self.loadout.stations = self
                    .loadout
                    .stations
                    .map(|s| s.filter(|s| rockets(s.weapon)));
                note!(
                    self,
                    "15.3",
                    msg("Your Skyhawk stays low over the pilot; bombs and missiles go"),
                );
                self.altitude = Altitude::Low;
                0
            }
            _ => {
                note!(
                    self,
                    "15.3",
                    msg("{pilot} stays low over the downed pilot").arg("pilot", self.who_name(who)),
                );
                self.pod_types() + data().aircraft.ammo_per_cannon
            }
        };
        if let Some(r) = self.rescap_mut() {
            r.supporters.push(Supporter {
                who,
                present: true,
                runs,
            });
        }
        self.ask_stay();
    }

    /// Rocket pod types on the player's card: one run each (the NPCs carry the same load).
    fn pod_types(&self) -> u8 {
        self.groups().iter().filter(|g| rockets(g.weapon)).count() as u8
    }

    /// The attack runs a supporting Skyhawk has left.
    fn runs_left(&self, s: &Supporter) -> u8 {
        match s.who {
            Who::Player => {
                let guns = (0..2)
                    .filter(|&i| !self.damage.cannons[i])
                    .map(|i| self.ammo[i])
                    .max()
                    .unwrap_or(0);
                self.pod_types() + guns
            }
            _ => s.runs,
        }
    }

    /// One run spent: a rocket pod type, else a burst from the cannon.
    fn spend_run(&mut self, who: Who) {
        if who != Who::Player {
            if let Some(s) = self
                .rescap_mut()
                .and_then(|r| r.supporters.iter_mut().find(|s| s.who == who))
            {
                s.runs = s.runs.saturating_sub(1);
            }
            return;
        }
        let pod = self
            .loadout
            .stations
            .iter()
            .flatten()
            .map(|s| s.weapon)
            .find(|&w| rockets(w));
        match pod {
            Some(w) => {
                for s in &mut self.loadout.stations {
                    if s.is_some_and(|s| s.weapon == w) {
                        *s = None;
                    }
                }
            }
            None => {
                for i in 0..2 {
                    if !self.damage.cannons[i] && self.ammo[i] > 0 {
                        self.ammo[i] -= 1;
                    }
                }
            }
        }
    }

    fn begin_rounds(&mut self) {
        let arrival = self.roll("S-11", "", &Drms::new()).number() as u8;
        note!(
            self,
            "15.3",
            msg("The Skyraiders and the HH-53 arrive in round {n}").arg("n", arrival),
        );
        if let Some(r) = self.rescap_mut() {
            r.arrival = arrival;
        }
        self.start_round();
    }

    /// A new round: the supporters' fuel, then the attackers to place.
    fn start_round(&mut self) {
        let Some(r) = self.rescap_mut() else { return };
        r.round += 1;
        r.placed.clear();
        let round = r.round;
        let supporters: Vec<Supporter> = r.supporters.clone();
        note!(self, "15.3", msg("RESCAP round {n}").arg("n", round));
        for s in supporters.iter().filter(|s| s.present) {
            let e = self.experience_of(s.who);
            let mut d = Drms::new();
            d.pilot(e);
            if self.roll("S-12", "", &d).is("bingo") {
                note!(
                    self,
                    "15.3",
                    msg("{pilot} is Bingo and leaves for the carrier")
                        .arg("pilot", self.who_name(s.who)),
                );
                self.supporter_leaves(s.who);
            }
        }
        let Some(r) = self.rescap() else { return };
        let arrived = r.round >= r.arrival;
        let mut queue: Vec<Attacker> = (0..r.units.len())
            .filter(|&i| arrived && r.units[i].alive)
            .map(Attacker::Unit)
            .collect();
        let supporters: Vec<Supporter> =
            r.supporters.iter().copied().filter(|s| s.present).collect();
        for s in supporters {
            if self.runs_left(&s) > 0 {
                queue.push(Attacker::Skyhawk(s.who));
            }
        }
        if let Some(r) = self.rescap_mut() {
            r.queue = queue;
        }
        self.run_rescap();
    }

    fn supporter_leaves(&mut self, who: Who) {
        if let Some(s) = self
            .rescap_mut()
            .and_then(|r| r.supporters.iter_mut().find(|s| s.who == who))
        {
            s.present = false;
        }
        if let Some(n) = self.npc(who)
            && n.status == NpcStatus::Flying
        {
            self.set_npc_returning(who);
        }
    }

    fn set_npc_returning(&mut self, who: Who) {
        if let Who::Npc { flight, index } = who
            && let Some(n) = self
                .division
                .as_mut()
                .and_then(|d| d.flights.get_mut(flight))
                .and_then(|f| f.npcs.get_mut(index))
            && n.status == NpcStatus::Flying
        {
            n.status = NpcStatus::Returning;
        }
    }

    pub(crate) fn experience_of(&self, who: Who) -> Experience {
        match self.npc(who) {
            Some(n) => n.pilot.experience,
            None => self.pilot.experience,
        }
    }

    /// May the attacker stay out of the fight this round (the HH-53 waits with the pilot,
    /// a Skyhawk saves its runs); the A-1s must attack where they can.
    fn may_hold(&self, a: Attacker) -> bool {
        match a {
            Attacker::Unit(i) => self
                .rescap()
                .is_some_and(|r| r.units[i].kind == RescapKind::Helicopter),
            Attacker::Skyhawk(_) => true,
        }
    }

    /// Places attackers until a decision is needed, then fires the round.
    fn run_rescap(&mut self) {
        loop {
            let Some(r) = self.rescap() else { return };
            let Some(&head) = r.queue.first() else {
                self.fire_round();
                return;
            };
            let open = r.open_boxes();
            let hold = self.may_hold(head);
            match (open.len(), hold) {
                (0, _) => self.place_attacker(None),
                (1, false) => self.place_attacker(Some(open[0])),
                _ => {
                    self.step = Step::Division(Ask::Place);
                    return;
                }
            }
        }
    }

    fn place_attacker(&mut self, b: Option<usize>) {
        let Some(r) = self.rescap_mut() else { return };
        let a = r.queue.remove(0);
        if let Some(b) = b {
            r.placed.push((a, b));
            let name = self.attacker_name(a);
            note!(
                self,
                "15.3",
                msg("{aircraft} goes to NVA Patrol box {n}")
                    .arg("aircraft", name)
                    .arg("n", b + 1),
            );
        }
    }

    pub(crate) fn attacker_name(&self, a: Attacker) -> String {
        match a {
            Attacker::Unit(i) => match self.rescap().map(|r| r.units[i].kind) {
                Some(RescapKind::Helicopter) => "HH-53".into(),
                _ => "A-1 Skyraider".into(),
            },
            Attacker::Skyhawk(w) => self.who_name(w),
        }
    }

    /// The Table 11 column and modifiers of an attack on an NVA Patrol box [15.3].
    pub(crate) fn rescap_attack_roll(&self) -> (&'static str, Drms) {
        let mut d = Drms::new();
        d.weather(self.target_weather);
        ("sa", d)
    }

    /// US fire first (Table 11, Small Arms column), then the patrols fire back, then the
    /// contested pick-up and the Pilot Status Table [15.3].
    fn fire_round(&mut self) {
        let placed = self.rescap().map(|r| r.placed.clone()).unwrap_or_default();
        for (k, (a, mut b)) in placed.into_iter().enumerate() {
            let Some(r) = self.rescap() else { return };
            if r.patrols[b].out {
                // Its box was knocked out before it fired: it may switch to the other box.
                let room = usize::from(data().aircraft.division.rescap_per_box);
                let Some(other) =
                    (0..r.patrols.len()).find(|&o| !r.patrols[o].out && r.on_box(o) < room)
                else {
                    continue;
                };
                b = other;
                if let Some(r) = self.rescap_mut() {
                    r.placed[k].1 = other;
                }
            }
            if let Attacker::Skyhawk(w) = a {
                self.spend_run(w);
            }
            let (column, d) = self.rescap_attack_roll();
            note!(
                self,
                "15.3",
                msg("{aircraft} attacks NVA Patrol box {n}")
                    .arg("aircraft", self.attacker_name(a))
                    .arg("n", b + 1),
            );
            let result = self.roll("11", column, &d).result;
            let Some(r) = self.rescap_mut() else { return };
            match result {
                "suppressed" => r.patrols[b].suppressed += 1,
                "out" => r.patrols[b].out = true,
                _ => {}
            }
            if r.all_out() {
                note!(self, "15.3", msg("Every NVA Patrol is knocked out"));
                return self.end_rescap(Outcome::Rescued);
            }
        }
        if self.patrols_fire() {
            return;
        }
        self.pilot_status();
    }

    /// Each patrol box fires at the aircraft attacking it. `true` if that ended the rescue.
    fn patrols_fire(&mut self) -> bool {
        let Some(r) = self.rescap() else { return true };
        let placed = r.placed.clone();
        let patrols = r.patrols.clone();
        let column = data().aircraft.division.patrol_column.clone();
        for (b, patrol) in patrols.iter().enumerate() {
            if patrol.out {
                continue;
            }
            let suppressed = i32::from(patrol.suppressed);
            for &(a, _) in placed.iter().filter(|(_, p)| *p == b) {
                match a {
                    Attacker::Unit(i) => {
                        let heli = self
                            .rescap()
                            .is_some_and(|r| r.units[i].kind == RescapKind::Helicopter);
                        let mut d = Drms::new();
                        d.times(suppressed, "per_suppressed", n_("Suppressed markers"))
                            .when(
                                self.target_weather == Weather::Bad,
                                "weather_bad",
                                n_("weather Bad"),
                            )
                            .when(heli, "contested", n_("HH-53 hovering for the pick-up"));
                        if self.roll("10", "sa", &d).is("hit") {
                            let name = self.attacker_name(a);
                            note!(
                                self,
                                "15.3",
                                msg("{aircraft} is shot down").arg("aircraft", name)
                            );
                            if let Some(r) = self.rescap_mut() {
                                r.units[i].alive = false;
                            }
                            if heli {
                                self.end_rescap(Outcome::Pow);
                                return true;
                            }
                        }
                    }
                    Attacker::Skyhawk(Who::Player) => {
                        let mut d = self.pilot_drms();
                        d.times(suppressed, "per_suppressed", n_("Suppressed markers"))
                            .when(
                                self.target_weather == Weather::Bad,
                                "weather_bad",
                                n_("weather Bad"),
                            );
                        note!(self, "15.3", msg("The NVA Patrol fires at your Skyhawk"));
                        let hits = self.roll("12", "sa_low", &d).number() as u8;
                        self.take_hits(hits);
                        if self.down() {
                            self.supporter_leaves(Who::Player);
                        }
                    }
                    Attacker::Skyhawk(w) => {
                        self.npc_fired_on(w, &column, false);
                        if !self.npc(w).is_some_and(|n| n.airborne()) {
                            self.supporter_leaves(w);
                        }
                    }
                }
            }
        }
        // The HH-53 came through the fire over a patrol: the pilot is snatched away.
        let Some(r) = self.rescap() else { return true };
        let snatched = r.placed.iter().any(|&(a, _)| {
            matches!(a, Attacker::Unit(i) if r.units[i].kind == RescapKind::Helicopter && r.units[i].alive)
        });
        if snatched {
            note!(self, "15.3", msg("The HH-53 snatches the pilot under fire"));
            self.end_rescap(Outcome::Rescued);
            return true;
        }
        false
    }

    /// The Pilot Status Table, then the end of the round (ruling R39).
    fn pilot_status(&mut self) {
        let Some(r) = self.rescap() else { return };
        let patrols = r.patrols.clone();
        let round = r.round;
        let downed = r.downed;
        let knocked_out = patrols.iter().filter(|p| p.out).count() as i32;
        let active: Vec<&NvBox> = patrols.iter().filter(|p| !p.out).collect();
        let any_suppressed = active.iter().any(|p| p.suppressed > 0);
        let two_fresh = active.len() == 2 && !any_suppressed;
        let (e, wounds) = match self.npc(downed) {
            Some(n) => (n.pilot.experience, n.pilot.wounds),
            None => (self.pilot.experience, self.pilot.wounds),
        };
        let mut d = Drms::new();
        d.times(
            knocked_out,
            "per_knocked_out",
            n_("NVA Patrols knocked out"),
        )
        .when(any_suppressed, "suppressed", n_("an NVA Patrol suppressed"))
        .when(two_fresh, "two_active", n_("two NVA Patrols in full cry"))
        .pilot(e)
        .when(wounds >= 2, "two_wounds", n_("pilot twice wounded"))
        .when(
            self.target_weather == Weather::Bad,
            "weather_bad",
            n_("weather Bad"),
        );
        match self.roll("pilot status", "", &d).result {
            "pow" => return self.end_rescap(Outcome::Pow),
            "kia" => return self.end_rescap(Outcome::Kia),
            _ => note!(self, "15.3", msg("The pilot evades capture")),
        }
        if let Some(r) = self.rescap_mut() {
            for p in &mut r.patrols {
                if p.suppressed >= 2 {
                    p.out = true;
                }
            }
        }
        if self.rescap().is_some_and(Rescap::all_out) {
            note!(
                self,
                "15.3",
                msg("Twice suppressed, the last NVA Patrol is knocked out"),
            );
            return self.end_rescap(Outcome::Rescued);
        }
        if round >= data().aircraft.division.rescap_rounds {
            note!(self, "15.3", msg("The rescue has run out of time"));
            return self.end_rescap(Outcome::Pow);
        }
        self.start_round();
    }

    fn end_rescap(&mut self, outcome: Outcome) {
        let Some(r) = self.division.as_mut().and_then(|d| d.rescap.take()) else {
            return;
        };
        let fate = match outcome {
            Outcome::Rescued => PilotFate::Rescued,
            Outcome::Pow => PilotFate::Pow,
            Outcome::Kia => PilotFate::Kia,
        };
        self.set_fate(r.downed, fate);
        let mut player_home = false;
        for s in &r.supporters {
            match s.who {
                Who::Player => player_home = !self.down(),
                w => self.set_npc_returning(w),
            }
        }
        if self.down() {
            self.finish();
            return;
        }
        match r.resume {
            Resume::Finish => self.finish(),
            Resume::Step(step) => {
                if player_home {
                    note!(
                        self,
                        "15.3",
                        msg("Your Skyhawk turns for Transit to Carrier")
                    );
                    self.go_home("15.3");
                    self.step = Step::Altitude(MapBox::Transit);
                } else {
                    self.step = step;
                }
            }
        }
    }

    // ---- The decisions ----

    pub(crate) fn rescap_prompt(&self, ask: Ask) -> (Message, &'static str, Vec<Choice<Action>>) {
        let act = |a: DivisionAction| Action::Division(a);
        match ask {
            Ask::Stay => {
                let mut c: Vec<Choice<Action>> = self
                    .stay_candidates()
                    .into_iter()
                    .map(|w| {
                        Choice::new(
                            act(DivisionAction::Stay(Some(w))),
                            msg("{pilot} stays over the downed pilot")
                                .arg("pilot", self.who_name(w)),
                        )
                    })
                    .collect();
                c.push(Choice::new(
                    act(DivisionAction::Stay(None)),
                    msg("No more Skyhawks stay"),
                ));
                (msg("Which Skyhawks stay with the downed pilot?"), "15.3", c)
            }
            _ => {
                let Some(r) = self.rescap() else {
                    return (msg("RESCAP"), "15.3", Vec::new());
                };
                let Some(&head) = r.queue.first() else {
                    return (msg("RESCAP"), "15.3", Vec::new());
                };
                let name = self.attacker_name(head);
                let mut c: Vec<Choice<Action>> = r
                    .open_boxes()
                    .into_iter()
                    .map(|b| {
                        Choice::new(
                            act(DivisionAction::Place(Some(b))),
                            msg("{aircraft} attacks NVA Patrol box {n}")
                                .arg("aircraft", &name)
                                .arg("n", b + 1),
                        )
                        .on(format!("box:nva_patrol_{}", b + 1))
                    })
                    .collect();
                if self.may_hold(head) {
                    c.push(Choice::new(
                        act(DivisionAction::Place(None)),
                        msg("{aircraft} holds off this round").arg("aircraft", &name),
                    ));
                }
                (
                    msg("RESCAP round {n}: where does {aircraft} go?")
                        .arg("n", r.round)
                        .arg("aircraft", name),
                    "15.3",
                    c,
                )
            }
        }
    }

    pub(crate) fn decide_rescap(
        &mut self,
        ask: Ask,
        action: &DivisionAction,
    ) -> Result<(), Refusal> {
        match (ask, action) {
            (Ask::Stay, DivisionAction::Stay(Some(w))) => {
                if !self.stay_candidates().contains(w) {
                    return refuse(msg("That Skyhawk cannot stay over the pilot"));
                }
                self.stays(*w);
            }
            (Ask::Stay, DivisionAction::Stay(None)) => self.begin_rounds(),
            (Ask::Place, DivisionAction::Place(b)) => {
                let Some(r) = self.rescap() else {
                    return refuse(msg("No rescue is under way"));
                };
                let Some(&head) = r.queue.first() else {
                    return refuse(msg("No aircraft waits for a place"));
                };
                let legal = match b {
                    Some(b) => r.open_boxes().contains(b),
                    None => self.may_hold(head),
                };
                if !legal {
                    return refuse(msg("That aircraft cannot go there"));
                }
                self.place_attacker(*b);
                self.run_rescap();
            }
            _ => return refuse(msg("That is not a decision to make now")),
        }
        Ok(())
    }
}

fn rockets(w: Weapon) -> bool {
    matches!(w, Weapon::Lau3 | Weapon::Lau10)
}
