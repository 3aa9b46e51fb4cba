//! One non-player Skyhawk's own procedures under optional rule 15.1 (digest 5.7, 8.1): its
//! launch, refuel and landing rolls, NV fire at it on Table 26 with its hit boxes and wound
//! checks, and what becomes of its pilot when it goes down.

use super::content::{Altitude, data};
use super::division::{Npc, NpcStatus, Who};
use super::mission::CommonDrms;
use super::state::*;
use super::tables::Drms;
use crate::engine::message::{msg, n_};

impl Skyhawk {
    // ---- Launch, refuel, recovery: one NPC at a time [15.1] ----

    /// Table 3 (and 3.1) for every NPC; adverse results are its own.
    pub(crate) fn npc_launches(&mut self) {
        let load = self.loadout;
        if let Some(d) = self.division.as_mut() {
            d.load = Some(load);
        }
        for who in self.npcs_flying() {
            let mut d = Drms::new();
            d.when(
                self.yankee_weather,
                "yankee_weather",
                n_("weather at Yankee Station"),
            );
            let name = self.who_name(who);
            note!(self, "15.1", msg("{pilot} launches").arg("pilot", &name));
            if !self.roll("3", "", &d).is("incident") {
                continue;
            }
            match self.roll("3.1", "", &Drms::new()).result {
                // An NPC has no sub-system boxes: the malfunction takes one hit box (recon).
                "malfunction" => self.npc_hit_boxes(who, 1),
                "scrubbed" => {
                    note!(
                        self,
                        "5.1",
                        msg("{pilot} is down on deck").arg("pilot", &name)
                    );
                    self.set_status(who, NpcStatus::Scrubbed);
                }
                "ditch" => {
                    let e = self.npc_experience(who);
                    let mut m = Drms::new();
                    m.pilot(e).weather(self.recovery_weather);
                    let r = self.roll("19", "", &m).result;
                    self.npc_survives(who, r, MapBox::Launch);
                }
                "eject" => self.npc_bails_out(who, MapBox::Launch),
                "crash" => {
                    if self.roll("3.1 crash", "", &Drms::new()).is("eject") {
                        self.npc_bails_out(who, MapBox::Launch);
                    } else {
                        self.npc_killed(who);
                    }
                }
                _ => {}
            }
        }
    }

    /// Table 9 for every NPC with the flight; an NPC unable to take fuel goes home alone.
    pub(crate) fn npc_refuels(&mut self) {
        for who in self.npcs_flying() {
            note!(
                self,
                "15.1",
                msg("{pilot} refuels").arg("pilot", self.who_name(who)),
            );
            if self.roll("9", "", &Drms::new()).is("refuelled") {
                continue;
            }
            let mut d = Drms::new();
            d.pilot(self.npc_experience(who))
                .weather(self.target_weather);
            match self.roll("9 A", "", &d).result {
                "corrected" => {}
                "unable" => {
                    note!(
                        self,
                        "5.3.1",
                        msg("{pilot} cannot take on fuel and turns for home")
                            .arg("pilot", self.who_name(who)),
                    );
                    if let Some(n) = self.npc_mut(who) {
                        n.no_refuel = true;
                        n.status = NpcStatus::Returning;
                    }
                }
                _ => {
                    note!(
                        self,
                        "5.3.1",
                        msg("{pilot} collides with the tanker").arg("pilot", self.who_name(who)),
                    );
                    if self.roll("9 B", "", &Drms::new()).is("bail_out") {
                        self.npc_bails_out(who, MapBox::AerialRefuel);
                    } else {
                        self.npc_killed(who);
                    }
                }
            }
        }
    }

    /// The NPCs come home: fuel-state rolls for those that could not refuel (R34), then
    /// each lands on Table 18 [7.0, 15.1].
    pub(crate) fn npc_recovery(&mut self) {
        for who in self.npcs_where(Npc::airborne) {
            let dry = self.npc(who).is_some_and(|n| n.no_refuel);
            if dry
                && !(self.npc_fuel_state(who, MapBox::Transit)
                    && self.npc_fuel_state(who, MapBox::CarrierApproach))
            {
                continue;
            }
            self.npc_lands(who);
        }
    }

    /// S-6 for an NPC that could not refuel; `false` on a flame-out.
    fn npc_fuel_state(&mut self, who: Who, at: MapBox) -> bool {
        let mut d = Drms::new();
        d.pilot(self.npc_experience(who));
        if self.roll("S-6", "", &d).is("flame_out") {
            note!(
                self,
                "6.5",
                msg("{pilot} flames out").arg("pilot", self.who_name(who)),
            );
            self.npc_bails_out(who, at);
            return false;
        }
        true
    }

    fn npc_lands(&mut self, who: Who) {
        let boxes = data().aircraft.division.npc_hit_boxes;
        loop {
            let Some(n) = self.npc(who) else { return };
            let (hits, waves, e) = (n.hits, n.wave_offs, n.pilot.experience);
            let mut m = Drms::new();
            m.when(
                (3..=4).contains(&hits),
                "npc_hits_3_4",
                n_("3 or 4 hit boxes checked"),
            )
            .when(hits + 1 >= boxes, "npc_hits_5", n_("5 hit boxes checked"))
            .weather(self.recovery_weather)
            .pilot(e)
            .times(i32::from(waves), "per_wave_off", n_("earlier wave-offs"));
            let name = self.who_name(who);
            match self.roll("18", "", &m).result {
                "trap" => {
                    note!(self, "7.0", msg("{pilot} traps aboard").arg("pilot", name));
                    self.set_status(who, NpcStatus::Trapped);
                    return;
                }
                "mishap" => {
                    note!(
                        self,
                        "7.0",
                        msg("{pilot}: landing mishap").arg("pilot", name)
                    );
                    self.npc_mishap(who);
                    return;
                }
                _ => {
                    let n = self.npc_mut(who).map_or(3, |n| {
                        n.wave_offs += 1;
                        n.wave_offs
                    });
                    note!(
                        self,
                        "7.0",
                        msg("{pilot} is waved off ({n})")
                            .arg("pilot", name)
                            .arg("n", n),
                    );
                    if n >= 3 {
                        self.set_status(who, NpcStatus::Diverted);
                        return;
                    }
                    let dry = self.npc(who).is_some_and(|n| n.no_refuel);
                    if dry && !self.npc_fuel_state(who, MapBox::Trap) {
                        return;
                    }
                }
            }
        }
    }

    /// Table 18 Note A for an NPC.
    fn npc_mishap(&mut self, who: Who) {
        let mut m = Drms::new();
        m.pilot(self.npc_experience(who));
        let result = self.roll("18 A", "", &m).result;
        if let Some(n) = self.npc_mut(who) {
            n.mishap = Some(result.to_owned());
        }
        match result {
            "hard_landing" | "barricade" => self.set_status(who, NpcStatus::Mishap),
            "wounded" => {
                self.set_status(who, NpcStatus::Mishap);
                self.npc_wound(who);
            }
            "over_the_side" => self.npc_bails_out(who, MapBox::Trap),
            _ => {
                self.set_status(who, NpcStatus::Lost);
                if self.roll("18 A crash", "", &Drms::new()).is("wounded") {
                    self.npc_wound(who);
                } else {
                    self.npc_killed(who);
                }
            }
        }
    }

    // ---- NV fire on the NPCs (Table 26) [15.1, 15.2] ----

    /// C6: after the player was fired on by `fired` NV boxes, every NPC with him rolls on
    /// Table 26 in that column; `jammed` when an ECM aircraft worked against AAA or radar SAMs.
    pub(crate) fn npcs_under_fire(&mut self, fired: u8, jammed: bool) {
        if fired == 0 {
            return;
        }
        let column = fired.min(4).to_string();
        for who in self.npcs_flying() {
            self.npc_fired_on(who, &column, jammed);
        }
    }

    /// The Iron Hand target SAM fires at every NPC, Table 26 column 2 [15.1].
    pub(crate) fn target_sam_at_npcs(&mut self, jammed: bool) {
        let column = data().aircraft.division.iron_hand_column.clone();
        for who in self.npcs_flying() {
            self.npc_fired_on(who, &column, jammed);
        }
    }

    /// One Table 26 roll at an NPC.
    pub(crate) fn npc_fired_on(&mut self, who: Who, column: &str, jammed: bool) {
        let mut d = Drms::new();
        d.pilot(self.npc_experience(who))
            .when(jammed, "ecm", n_("ECM aircraft"));
        note!(
            self,
            "15.1",
            msg("NV fire at {pilot}").arg("pilot", self.who_name(who)),
        );
        let hits = self.roll("26", column, &d).number() as u8;
        self.npc_hit_boxes(who, hits);
    }

    /// Checks hit boxes one by one, each with its S-8 wound check; six bring it down.
    fn npc_hit_boxes(&mut self, who: Who, hits: u8) {
        let boxes = data().aircraft.division.npc_hit_boxes;
        for _ in 0..hits {
            if !self.npc(who).is_some_and(Npc::airborne) {
                return;
            }
            let n = self.npc_mut(who).map_or(0, |n| {
                n.hits = (n.hits + 1).min(boxes);
                n.hits
            });
            note!(
                self,
                "15.1",
                msg("{pilot}: hit box {n} of {boxes}")
                    .arg("pilot", self.who_name(who))
                    .arg("n", n)
                    .arg("boxes", boxes),
            );
            if self.roll("S-8", "", &Drms::new()).is("wounded") {
                self.npc_wound(who);
            }
            if n >= boxes && self.npc(who).is_some_and(Npc::airborne) {
                note!(
                    self,
                    "15.1",
                    msg("{pilot} is shot down").arg("pilot", self.who_name(who)),
                );
                let at = self.at;
                self.npc_bails_out(who, at);
            }
        }
    }

    fn npc_wound(&mut self, who: Who) {
        let wounds = self.npc_mut(who).map_or(0, |n| {
            n.pilot.wounds += 1;
            n.pilot.wounds
        });
        note!(
            self,
            "15.1",
            msg("{pilot} is wounded ({n})")
                .arg("pilot", self.who_name(who))
                .arg("n", wounds),
        );
        if wounds >= data().aircraft.wounds_to_kill {
            self.npc_killed(who);
        }
    }

    fn npc_killed(&mut self, who: Who) {
        if let Some(n) = self.npc_mut(who) {
            n.status = NpcStatus::Lost;
            n.fate = PilotFate::Kia;
        }
        note!(
            self,
            "5.10",
            msg("{pilot} is killed").arg("pilot", self.who_name(who)),
        );
    }

    pub(crate) fn set_status(&mut self, who: Who, status: NpcStatus) {
        if let Some(n) = self.npc_mut(who) {
            n.status = status;
        }
    }

    pub(crate) fn npc_experience(&self, who: Who) -> Experience {
        self.npc(who)
            .map_or(Experience::Experienced, |n| n.pilot.experience)
    }

    /// The NPC is lost; its pilot ejects at `at`: Table 20, then RESCAP or Table 21 [15.1].
    pub(crate) fn npc_bails_out(&mut self, who: Who, at: MapBox) {
        self.set_status(who, NpcStatus::Lost);
        // Off the deck or in the landing pattern it is Low; elsewhere at the player's altitude.
        let low = self.altitude == Altitude::Low || matches!(at, MapBox::Launch | MapBox::Trap);
        let result = self.bail_out_roll(false, low, self.npc_experience(who));
        self.npc_survives(who, result, at);
    }

    /// A Table 19/20 result for an NPC pilot.
    fn npc_survives(&mut self, who: Who, result: &str, at: MapBox) {
        self.set_status(who, NpcStatus::Lost);
        match result {
            "killed" => return self.npc_killed(who),
            "injured" => self.npc_wound(who),
            _ => {}
        }
        if self.npc(who).is_some_and(|n| n.fate == PilotFate::Kia) {
            return;
        }
        if self.rescap_due(at) {
            if let Some(d) = self.division.as_mut() {
                d.rescues.push(who);
            }
            return;
        }
        let fate = match self.rescue_roll(at) {
            "rescued" => PilotFate::Rescued,
            "exposure" => {
                self.npc_wound(who);
                PilotFate::Rescued
            }
            "pow" => PilotFate::Pow,
            _ => PilotFate::Kia,
        };
        if self.npc(who).is_some_and(|n| n.fate == PilotFate::Aboard) {
            self.set_fate(who, fate);
        }
    }

    /// The end of a downed pilot's story, logged.
    pub(crate) fn set_fate(&mut self, who: Who, fate: PilotFate) {
        let name = self.who_name(who);
        let text = match fate {
            PilotFate::Rescued => msg("{pilot} is rescued"),
            PilotFate::Pow => msg("{pilot} is captured"),
            PilotFate::Kia => msg("{pilot} is lost"),
            PilotFate::Aboard => return,
        };
        note!(self, "12.0", text.arg("pilot", name));
        match who {
            Who::Player => self.fate = fate,
            npc => {
                if let Some(n) = self.npc_mut(npc) {
                    n.fate = fate;
                }
            }
        }
    }
}
