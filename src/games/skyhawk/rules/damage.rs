//! The damage procedure (digest 3.16, [5.5–5.11]): area hit, major section box, sub-system
//! table, and what each destroyed item does; the loss checks.

use super::content::{PylonId, data};
use super::state::*;
use super::tables::Drms;
use crate::engine::message::{msg, n_};

impl Skyhawk {
    /// `n` hits, one after the other, until the Skyhawk is lost.
    pub(crate) fn take_hits(&mut self, n: u8) {
        for _ in 0..n {
            if self.down() {
                return;
            }
            self.take_hit();
        }
    }

    /// One hit: Table 12.1, the section box, the section's sub-system table (D1–D5).
    fn take_hit(&mut self) {
        let area = self.roll("12.1", "", &Drms::new());
        let (section, table) = match area.result {
            "superficial" => {
                note!(self, "5.5", msg("Superficial damage"));
                return;
            }
            "nose" => (Section::Nose, "12.2"),
            "cockpit" => (Section::Cockpit, "12.3"),
            "fuselage" => (Section::Fuselage, "12.4"),
            "engine" => (Section::Engine, "12.6"),
            "tail" => (Section::Tail, "12.7"),
            _ => {
                let wing = self.roll("12.5", "", &Drms::new());
                if wing.is("left") {
                    (Section::LeftWing, "12.5 A/B")
                } else {
                    (Section::RightWing, "12.5 A/B")
                }
            }
        };
        let boxes = data().aircraft.section[section as usize].boxes;
        let checked = &mut self.damage.sections[section as usize];
        if *checked < boxes {
            *checked += 1;
            let n = *checked;
            note!(
                self,
                "5.6",
                msg("{section} box {n} of {boxes} checked")
                    .term("section", section.name())
                    .arg("n", n)
                    .arg("boxes", boxes),
            );
            if section == Section::Engine && self.options.engine_fire {
                self.engine_fire_check();
                if self.down() {
                    return;
                }
            }
        } else {
            note!(
                self,
                "5.5",
                msg("{section} already full: superficial").term("section", section.name()),
            );
        }
        let sub = self.roll(table, "", &Drms::new());
        let effect = match (sub.result, section) {
            ("cannon", Section::LeftWing) => "cannon_left",
            ("cannon", _) => "cannon_right",
            ("outboard_pylon", Section::LeftWing) => "pylon_lo",
            ("outboard_pylon", _) => "pylon_ro",
            ("inboard_pylon", Section::LeftWing) => "pylon_li",
            ("inboard_pylon", _) => "pylon_ri",
            ("centerline_pylon", _) => "pylon_cl",
            (other, _) => other,
        };
        self.damage_effect(effect);
    }

    /// Marks what a sub-system result names: a sub-system box, a cannon, a pylon, a wound.
    pub(crate) fn damage_effect(&mut self, effect: &str) {
        match effect {
            "none" => {}
            "wound" => self.wound("5.10"),
            "cannon_left" => self.destroy_cannon(0),
            "cannon_right" => self.destroy_cannon(1),
            "pylon_lo" => self.destroy_pylon(PylonId::LO),
            "pylon_li" => self.destroy_pylon(PylonId::LI),
            "pylon_cl" => self.destroy_pylon(PylonId::CL),
            "pylon_ri" => self.destroy_pylon(PylonId::RI),
            "pylon_ro" => self.destroy_pylon(PylonId::RO),
            key => {
                if let Some(s) = SubSystem::from_key(key) {
                    self.mark_subsystem(s);
                }
            }
        }
        self.check_loss();
    }

    fn mark_subsystem(&mut self, s: SubSystem) {
        if self.damage.destroyed(s) {
            note!(
                self,
                "5.7",
                msg("{system} already destroyed: superficial").term("system", s.name()),
            );
            return;
        }
        self.damage.subsystems[s as usize] += 1;
        if self.damage.destroyed(s) {
            note!(
                self,
                "5.7",
                msg("{system} destroyed").term("system", s.name())
            );
            if s == SubSystem::Oxygen {
                note!(self, "5.7", msg("Without oxygen the Skyhawk must stay Low"));
            }
        } else {
            note!(
                self,
                "5.7",
                msg("{system} damaged").term("system", s.name())
            );
        }
    }

    fn destroy_cannon(&mut self, side: usize) {
        if self.damage.cannons[side] {
            note!(self, "5.8", msg("Cannon already out: superficial"));
            return;
        }
        self.damage.cannons[side] = true;
        self.ammo[side] = 0;
        note!(
            self,
            "5.8",
            msg("The {side} 20 mm cannon is knocked out")
                .term("side", if side == 0 { n_("left") } else { n_("right") }),
        );
    }

    /// A pylon hit [5.11]: its stores are lost; a tank on it forces an immediate fuel check.
    fn destroy_pylon(&mut self, p: PylonId) {
        let i = p.index();
        if self.damage.pylons[i] {
            note!(
                self,
                "5.11",
                msg("Pylon {pylon} already gone: superficial").arg("pylon", p.name()),
            );
            return;
        }
        self.damage.pylons[i] = true;
        note!(
            self,
            "5.11",
            msg("Pylon {pylon} shot away").arg("pylon", p.name()),
        );
        if let Some(store) = self.loadout.stations[i].take() {
            note!(
                self,
                "5.11",
                msg("{stores} lost with it").arg("stores", store.label()),
            );
        }
        if self.loadout.tanks.on(p) > 0 {
            self.damage.tank_pylon_lost = true;
            let column = if self.at == MapBox::SupportAttacks {
                "support_attacks"
            } else {
                "re_attack"
            };
            if self.fuel_check(column) == "bingo" && !self.bingo_pending {
                note!(
                    self,
                    "5.11",
                    msg("Bingo fuel: home once this box's fire is over")
                );
                self.jettison("5.11");
                self.bingo_pending = true;
            }
        }
    }

    /// Optional 15.4.1: a checked Engine box may start a fire; an uncontrollable one means
    /// bailing out.
    fn engine_fire_check(&mut self) {
        if self.roll("S-13", "", &Drms::new()).is("fire") {
            note!(self, "15.4.1", msg("Engine fire!"));
            if self
                .roll("S-13 fire", "", &Drms::new())
                .is("uncontrollable")
            {
                note!(self, "15.4.1", msg("The fire is out of control"));
                self.bail_out();
            } else {
                note!(self, "15.4.1", msg("The fire is out"));
            }
        }
    }

    /// A section or sub-system counts against the landing and the fuel state once
    /// destroyed, or (optional 15.4) once any of its boxes is checked.
    pub(crate) fn section_hurts(&self, s: Section) -> bool {
        if self.options.harsher_damage {
            self.damage.sections[s as usize] > 0
        } else {
            self.damage.section_destroyed(s)
        }
    }

    pub(crate) fn subsystem_hurts(&self, s: SubSystem) -> bool {
        if self.options.harsher_damage {
            self.damage.subsystems[s as usize] > 0
        } else {
            self.damage.destroyed(s)
        }
    }

    /// One wound; the third kills the pilot [5.10].
    pub(crate) fn wound(&mut self, rule: &'static str) {
        if self.fate == PilotFate::Kia {
            return;
        }
        self.pilot.wounds += 1;
        note!(
            self,
            rule,
            msg("The pilot is wounded ({n})").arg("n", self.pilot.wounds),
        );
        if self.pilot.wounds >= data().aircraft.wounds_to_kill {
            self.pilot_killed(msg("The pilot dies of his wounds"));
        }
    }

    /// Loss conditions after damage [5.6, 5.7].
    fn check_loss(&mut self) {
        if !self.down() && self.damage.shot_down(self.options.harsher_damage) {
            note!(self, "5.6", msg("The Skyhawk is shot down"));
            self.bail_out();
        }
    }
}
