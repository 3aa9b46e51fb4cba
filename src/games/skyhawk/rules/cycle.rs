//! The support attack cycle of the four combat boxes (digest 3.15, [5.4–5.4.3]): place the
//! support units, the SAM radar roll, US fire, NV fire box by box (at the units that attack
//! it, then at the Skyhawk), clean-up.

use serde::{Deserialize, Serialize};

use super::content::{Altitude, NvBoxKind, SupportSpec};
use super::mission::CommonDrms;
use super::mission::{bullpup, table12_column};
use super::state::*;
use super::tables::Drms;
use crate::engine::message::{msg, n_};

/// The four combat boxes where the support attack cycle is fought, in the order flown.
pub const COMBAT_BOXES: [MapBox; 4] = [
    MapBox::SupportAttacks,
    MapBox::TargetApproach,
    MapBox::TargetAttack,
    MapBox::TargetExit,
];

/// Where a support unit goes this cycle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Slot {
    Nv(NvBoxKind),
    Ecm,
}

impl Slot {
    pub fn id(self) -> String {
        match self {
            Slot::Nv(k) => format!("box:nv_{}", k.key()),
            Slot::Ecm => "box:ecm".into(),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Slot::Nv(k) => k.name(),
            Slot::Ecm => "ECM",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// C1: units are placed one by one.
    Place,
    /// C3: units fire one by one.
    UsFire,
    /// C3: a box was knocked out; its unfired units may move.
    Replace,
    /// C4: the NV boxes fire, SA, AAA, SAM, MiGs (R18).
    NvFire,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cycle {
    pub map_box: MapBox,
    pub stage: Stage,
    /// Where each unit of `Skyhawk::units` is this cycle.
    pub slots: Vec<Option<Slot>>,
    pub fired: Vec<bool>,
    /// Units waiting to be placed (Place) or offered a move (Replace), first first.
    pub queue: Vec<usize>,
    pub radar_on: bool,
    pub radar_rolled: bool,
    /// A unit attacked the MiG box this cycle: the MiGs fire only at it.
    pub mig_attacked: bool,
    pub next_nv: usize,
    /// NV boxes that fired at the Skyhawk in this box.
    pub fired_at_skyhawk: u8,
    /// AAA or a radar-guided SAM box was among them (ECM counts on Table 26).
    #[serde(default)]
    pub jammable_fire: bool,
}

impl Cycle {
    fn count(&self, slot: Slot) -> usize {
        self.slots.iter().filter(|s| **s == Some(slot)).count()
    }

    pub fn ecm(&self) -> u8 {
        self.count(Slot::Ecm) as u8
    }
}

impl Skyhawk {
    pub(crate) fn start_cycle(&mut self, b: MapBox) {
        let n = self.units.len();
        let queue = (0..n)
            .filter(|&i| self.units[i].status == UnitStatus::Ready)
            .collect();
        self.cycle = Some(Cycle {
            map_box: b,
            stage: Stage::Place,
            slots: vec![None; n],
            fired: vec![false; n],
            queue,
            radar_on: true,
            radar_rolled: false,
            mig_attacked: false,
            next_nv: 0,
            fired_at_skyhawk: 0,
            jammable_fire: false,
        });
        self.record_nv_fire(b, 0);
        self.step = Step::Cycle;
        self.run_cycle();
    }

    /// The `k` box is still in the fight: not Knocked Out, and for MiGs not gone.
    pub(crate) fn nv_in_action(&self, k: NvBoxKind) -> bool {
        let migs_away = k == NvBoxKind::Mig && self.migs_gone;
        !(self.nv(k).out || migs_away)
    }

    /// Where unit `u` may go now: a box it can attack that is still in action and has room,
    /// or the ECM box (not when moving after a knock-out).
    pub fn legal_slots(&self, u: usize) -> Vec<Slot> {
        let Some(c) = &self.cycle else {
            return Vec::new();
        };
        let unit = &self.units[u];
        let mut slots = Vec::new();
        for k in NvBoxKind::ALL {
            let slot = Slot::Nv(k);
            if unit.can_attack(k)
                && self.nv_in_action(k)
                && c.count(slot) < k.capacity()
                && c.slots[u] != Some(slot)
            {
                slots.push(slot);
            }
        }
        if c.stage == Stage::Place && unit.spec().ecm && c.count(Slot::Ecm) < 2 {
            slots.push(Slot::Ecm);
        }
        slots
    }

    /// The unit whose placement is being decided, if the cycle waits for one.
    pub fn unit_to_place(&self) -> Option<usize> {
        let c = self.cycle.as_ref()?;
        matches!(c.stage, Stage::Place | Stage::Replace)
            .then(|| c.queue.first().copied())
            .flatten()
    }

    /// The player placed (or, after a knock-out, kept: `None`) the unit at the head of the queue.
    pub(crate) fn place(&mut self, slot: Option<Slot>) {
        self.place_head(slot);
        self.run_cycle();
    }

    /// Takes the unit at the head of the queue to `slot` (or leaves it where it is).
    fn place_head(&mut self, slot: Option<Slot>) {
        let Some(c) = self.cycle.as_mut() else {
            return;
        };
        let u = c.queue.remove(0);
        if let Some(s) = slot {
            c.slots[u] = Some(s);
            let name = self.units[u].spec().name.as_str();
            note!(
                self,
                "5.4",
                msg("{unit} goes to the {slot} box")
                    .static_arg("unit", name)
                    .term("slot", s.name()),
            );
        }
    }

    /// Runs the cycle until a decision or its end.
    pub(crate) fn run_cycle(&mut self) {
        loop {
            if self.down() {
                self.cycle = None;
                return;
            }
            let Some(c) = self.cycle.as_ref() else {
                return;
            };
            match c.stage {
                Stage::Place | Stage::Replace => {
                    let Some(&u) = c.queue.first() else {
                        self.end_placing();
                        continue;
                    };
                    let slots = self.legal_slots(u);
                    let replacing = c.stage == Stage::Replace;
                    match (slots.len(), replacing) {
                        (0, _) => self.place_head(None),
                        (1, false) => self.place_head(Some(slots[0])),
                        _ => {
                            self.step = Step::Cycle;
                            return;
                        }
                    }
                }
                Stage::UsFire => self.us_fire_next(),
                Stage::NvFire => {
                    if c.next_nv >= NvBoxKind::ALL.len() {
                        self.end_cycle();
                        return;
                    }
                    let k = NvBoxKind::ALL[c.next_nv];
                    if let Some(c) = self.cycle.as_mut() {
                        c.next_nv += 1;
                    }
                    if let Some(hits) = self.nv_fires(k) {
                        self.mig_source = MigSource::Cycle;
                        self.step = Step::MigStar { hits };
                        return;
                    }
                }
            }
        }
    }

    /// Placing is over: the radar roll if the SAM box is attacked (C2, R17), then US fire.
    fn end_placing(&mut self) {
        let Some(c) = self.cycle.as_ref() else {
            return;
        };
        let on_sam = c.count(Slot::Nv(NvBoxKind::Sam)) > 0;
        if on_sam && !c.radar_rolled {
            let r = self.roll("S-1", "", &Drms::new());
            if let Some(c) = self.cycle.as_mut() {
                c.radar_on = r.is("on");
                c.radar_rolled = true;
            }
        }
        if let Some(c) = self.cycle.as_mut() {
            c.mig_attacked |= c.count(Slot::Nv(NvBoxKind::Mig)) > 0;
            c.stage = Stage::UsFire;
        }
    }

    /// C3: the next unplaced unit fires on Table 11.
    fn us_fire_next(&mut self) {
        let Some(c) = self.cycle.as_mut() else {
            return;
        };
        let Some(u) =
            (0..c.slots.len()).find(|&i| matches!(c.slots[i], Some(Slot::Nv(_))) && !c.fired[i])
        else {
            c.stage = Stage::NvFire;
            return;
        };
        c.fired[u] = true;
        let Some(Slot::Nv(k)) = c.slots[u] else {
            return;
        };
        let radar_on = c.radar_on;
        let d = self.us_fire_drms(self.units[u].spec(), k, radar_on);
        let name = self.units[u].spec().name.as_str();
        note!(
            self,
            "5.4.1.1",
            msg("{unit} attacks the {nv} box")
                .static_arg("unit", name)
                .term("nv", k.name()),
        );
        let r = self.roll("11", k.key(), &d);
        match r.result {
            "suppressed" => {
                self.nv[k.index()].suppressed += 1;
                note!(
                    self,
                    "5.4.1.1",
                    msg("{nv} box Suppressed").term("nv", k.name())
                );
            }
            "out" => {
                self.nv[k.index()].out = true;
                if k == NvBoxKind::Mig {
                    self.migs_gone = true;
                    note!(self, "5.4.2", msg("The MiGs disengage"));
                } else {
                    note!(
                        self,
                        "5.4.1.1",
                        msg("{nv} box Knocked Out").term("nv", k.name())
                    );
                }
                let Some(c) = self.cycle.as_mut() else {
                    return;
                };
                let waiting: Vec<usize> = (0..c.slots.len())
                    .filter(|&i| c.slots[i] == Some(Slot::Nv(k)) && !c.fired[i])
                    .collect();
                if !waiting.is_empty() {
                    for &i in &waiting {
                        c.slots[i] = None;
                    }
                    c.queue = waiting;
                    c.stage = Stage::Replace;
                }
            }
            _ => {}
        }
    }

    /// The modifiers of an attack by a support unit of type `spec` on the `k` box
    /// (Table 11) [5.4.1.1].
    pub(crate) fn us_fire_drms(&self, spec: &SupportSpec, k: NvBoxKind, radar_on: bool) -> Drms {
        let radar_off = k == NvBoxKind::Sam && !radar_on;
        let f105 = spec.id == "f105" && k == NvBoxKind::Sam;
        let f4 = spec.id.starts_with("f4") && k == NvBoxKind::Mig;
        let mut d = Drms::new();
        d.weather(self.target_weather)
            .when(radar_off, "radar_off", n_("SAM radar off"))
            .when(f105, "f105_vs_sam", n_("F-105 against SAMs"))
            .when(f4, "f4_vs_mig", n_("F-4 against MiGs"));
        d
    }

    /// Whether ECM aircraft count against the `k` box's fire: AAA, and SAMs by radar.
    fn jammable(k: NvBoxKind, radar_on: bool) -> bool {
        k == NvBoxKind::Aaa || (k == NvBoxKind::Sam && radar_on)
    }

    /// The ECM aircraft that count against the `k` box's fire.
    fn jamming(k: NvBoxKind, radar_on: bool, ecm: u8) -> i32 {
        if Self::jammable(k, radar_on) {
            i32::from(ecm)
        } else {
            0
        }
    }

    /// The modifiers every NV box's fire has, at a unit or at the Skyhawk: its Suppressed
    /// markers, the SAM radar off (SAMs fire at the Skyhawk by hand then, without Table 12),
    /// the ECM aircraft jamming it [5.4.1.1].
    fn nv_fire_drms(&self, k: NvBoxKind, radar_on: bool, ecm: u8) -> Drms {
        let mut d = Drms::new();
        d.times(
            i32::from(self.nv(k).suppressed),
            "per_suppressed",
            n_("Suppressed markers"),
        )
        .when(
            k == NvBoxKind::Sam && !radar_on,
            "radar_off",
            n_("SAM radar off"),
        )
        .times(
            Self::jamming(k, radar_on, ecm),
            "per_ecm",
            n_("ECM aircraft"),
        );
        d
    }

    /// Bad weather spoils the aim of every NV box but the SAMs.
    fn spoils_aim(&self, k: NvBoxKind) -> bool {
        self.target_weather == Weather::Bad && k != NvBoxKind::Sam
    }

    /// The modifiers of the `k` box's fire at a support unit attacking it (Table 10),
    /// with the SAM radar `radar_on` and `ecm` aircraft in the ECM box [5.4.1.1].
    pub(crate) fn fire_at_unit_drms(&self, k: NvBoxKind, radar_on: bool, ecm: u8) -> Drms {
        let mut d = self.nv_fire_drms(k, radar_on, ecm);
        d.when(self.spoils_aim(k), "weather_bad", n_("weather Bad"));
        d
    }

    /// The modifiers of the `k` box's fire at the Skyhawk (Table 12), with the SAM radar
    /// `radar_on`, `ecm` aircraft in the ECM box, and whether the Skyhawk is guiding a
    /// Bullpup in this box [5.4.1.1].
    pub(crate) fn fire_at_skyhawk_drms(
        &self,
        k: NvBoxKind,
        radar_on: bool,
        ecm: u8,
        bullpup: bool,
    ) -> Drms {
        let mut d = self.nv_fire_drms(k, radar_on, ecm);
        d.when(
            bullpup && k != NvBoxKind::Sa,
            "bullpup",
            n_("guiding a Bullpup"),
        )
        .pilot(self.pilot.experience)
        .when(self.spoils_aim(k), "weather_bad", n_("weather Bad"))
        .when(
            k == NvBoxKind::Aaa && self.flak_trap,
            "flak_trap",
            n_("flak trap"),
        );
        d
    }

    /// Whether the Skyhawk guides a Bullpup in box `b`: its declared run is one (+1 on the
    /// fire at it) [3.3].
    pub(crate) fn guiding_bullpup(&self, b: MapBox) -> bool {
        b == MapBox::TargetAttack && bullpup(self.declared)
    }

    /// Whether the `k` box fires at the Skyhawk at all this cycle (5.4.1.1 b): not the
    /// small arms of a minelaying run without small-arms fire, not MiGs a unit attacked.
    pub(crate) fn nv_fires_at_skyhawk(&self, k: NvBoxKind, mig_attacked: bool) -> bool {
        let quiet_sa = k == NvBoxKind::Sa
            && self.minelaying()
            && !self.target().has(super::content::TargetFlag::SmallArmsFire);
        let migs_busy = k == NvBoxKind::Mig && mig_attacked;
        !(quiet_sa || migs_busy)
    }

    /// With a division (15.1), notes for the Division Record Sheet that `fired` NV boxes
    /// have fired at the Skyhawk (or, once it is lost, could have) so far in combat box `b` of this pass over the target (C6).
    pub(crate) fn record_nv_fire(&mut self, b: MapBox, fired: u8) {
        if self.division.is_none() {
            return;
        }
        let Some(column) = COMBAT_BOXES.iter().position(|&x| x == b) else {
            return;
        };
        let pass = usize::from(self.re_attacks);
        if self.nv_fire.len() <= pass {
            self.nv_fire.resize(pass + 1, [None; 4]);
        }
        self.nv_fire[pass][column] = Some(fired);
    }

    /// C4 for one NV box. Returns the hits of a MiG result marked `*` (a decision).
    fn nv_fires(&mut self, k: NvBoxKind) -> Option<u8> {
        if !self.nv_in_action(k) {
            return None;
        }
        let c = self.cycle.as_ref()?;
        let radar_on = c.radar_on;
        let ecm = c.ecm();
        let mig_attacked = c.mig_attacked;
        let b = c.map_box;
        let attackers: Vec<usize> = (0..c.slots.len())
            .filter(|&i| c.slots[i] == Some(Slot::Nv(k)))
            .collect();
        let jammed = Self::jammable(k, radar_on);
        // a. at the support units attacking the box.
        for u in attackers {
            let d = self.fire_at_unit_drms(k, radar_on, ecm);
            let r = self.roll("10", k.key(), &d);
            if r.is("hit") {
                self.units[u].status = UnitStatus::Dead;
                if let Some(c) = self.cycle.as_mut() {
                    c.slots[u] = None;
                }
                let name = self.units[u].spec().name.as_str();
                note!(
                    self,
                    "5.4.1.1",
                    msg("{unit} is shot down").static_arg("unit", name),
                );
            }
        }
        // b. at the Skyhawk.
        if !self.nv_fires_at_skyhawk(k, mig_attacked) {
            return None;
        }
        let column = table12_column(k, self.altitude)?;
        if let Some(c) = self.cycle.as_mut() {
            c.fired_at_skyhawk += 1;
            c.jammable_fire |= jammed;
            let fired = c.fired_at_skyhawk;
            self.record_nv_fire(b, fired);
        }
        if k == NvBoxKind::Sam && !radar_on {
            note!(self, "5.4.1.1", msg("The SAMs fire without radar"));
            let r = self.roll("S-2", "", &Drms::new());
            self.take_hits(r.number() as u8);
            return None;
        }
        let guiding = self.guiding_bullpup(b);
        let d = self.fire_at_skyhawk_drms(k, radar_on, ecm, guiding);
        note!(
            self,
            "5.4.1.1",
            msg("The {nv} box fires at the Skyhawk").term("nv", k.name()),
        );
        let r = self.roll("12", column, &d);
        let hits = r.number() as u8;
        if r.result.ends_with('*') {
            return Some(hits);
        }
        self.take_hits(hits);
        None
    }

    /// C5: units return, double-Suppressed boxes go out, the radar comes back on.
    fn end_cycle(&mut self) {
        let Some(c) = self.cycle.take() else {
            return;
        };
        self.ecm_in_box = c.ecm();
        for k in NvBoxKind::ALL {
            let nv = &mut self.nv[k.index()];
            if !nv.out && nv.suppressed >= 2 {
                nv.out = true;
                if k == NvBoxKind::Mig {
                    self.migs_gone = true;
                    note!(self, "5.4.1.2", msg("Twice suppressed, the MiGs disengage"));
                } else {
                    note!(
                        self,
                        "5.4.1.2",
                        msg("Twice suppressed, the {nv} box is Knocked Out").term("nv", k.name()),
                    );
                }
            }
        }
        self.npcs_under_fire(c.fired_at_skyhawk, c.jammable_fire && c.ecm() > 0);
        self.after_cycle(c.map_box);
    }

    /// A MiG attack marked `*` begins: the player decides.
    pub(crate) fn start_mig_star(&mut self, hits: u8) {
        self.step = Step::MigStar { hits };
    }

    /// The decision on a `*` MiG result [5.4.2, R60].
    pub(crate) fn resolve_mig_star(&mut self, dive: bool, hits: u8) {
        if dive {
            self.dived_away = true;
            self.jettison("5.4.2");
            note!(
                self,
                "5.4.2",
                msg("The Skyhawk dives away from the MiGs: the attack is over"),
            );
        } else {
            self.take_hits(hits);
            if self.down() {
                self.cycle = None;
                return;
            }
        }
        match self.mig_source {
            MigSource::Cycle => {
                self.step = Step::Cycle;
                self.run_cycle();
            }
            MigSource::ReAttack => self.after_press_on(),
        }
    }

    /// Whether the Skyhawk flies at an altitude where an NV box could reach it (bots use it).
    pub fn exposed(&self, k: NvBoxKind, altitude: Altitude) -> bool {
        table12_column(k, altitude).is_some()
    }
}
