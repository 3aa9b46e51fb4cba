//! The optional helicopter repair rule [10.5, digest 6.1, rulings A20-A21]: with it, damage
//! stays on an airframe's Info Card from mission to mission until the mechanics fix it. After
//! each mission every damaged system of the fleet is rolled for on 1D6: 3-6 (with -1 for the
//! four major systems) it is ready for the next mission, 1-2 it is not. A system that fails
//! twice is not rolled for again and is fixed after its third missed mission. Lost airframes
//! are replaced by new ones of the same type. Without the rule every mission starts with clean
//! Info Cards [10.4].

use serde::{Deserialize, Serialize};

use super::content::{HeloType, System};
use super::state::{ChopperPilot, Helicopter, HeloStatus};
use crate::engine::dice::d6;
use crate::engine::log::Random;
use crate::engine::message::{msg, n_};

/// The missions a system may miss before it is fixed without a roll (ruling A20).
const MISSED_BEFORE_FIXED: u8 = 3;
/// The failed rolls after which no more rolls are made (ruling A20).
const ROLLS: u8 = 2;

/// One airframe of the fleet with its unrepaired damage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Airframe {
    pub kind: HeloType,
    pub number: u8,
    pub damage: Vec<Damaged>,
}

/// A damaged system waiting for the mechanics.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Damaged {
    pub system: System,
    /// The boxes checked on its track.
    pub boxes: u8,
    /// The missions it has missed so far (it flew them unrepaired).
    pub missed: u8,
}

/// The four major systems, harder to repair (-1) [10.5].
pub fn major(system: System) -> bool {
    matches!(
        system,
        System::Fuel | System::Engine | System::Hydraulics | System::Transmission
    )
}

/// Whether a repair roll of `natural` fixes `system` in time: 3-6 after the modifier [10.5].
pub fn repaired(system: System, natural: i32) -> bool {
    natural - i32::from(major(system)) >= 3
}

impl ChopperPilot {
    /// M1: a helicopter of the new mission's flight takes the damage its airframe still
    /// carries (only with the repair rule).
    pub(super) fn carry_damage(&mut self, heli: &mut Helicopter) {
        if !self.options.repair {
            return;
        }
        let Some(a) = self
            .fleet
            .iter()
            .find(|a| a.kind == heli.kind && a.number == heli.number)
        else {
            return;
        };
        for d in &a.damage {
            heli.checked.push((d.system, d.boxes));
            note!(
                self,
                "10.5",
                msg("{helicopter} flies with its {system} unrepaired")
                    .arg("helicopter", heli.name())
                    .term("system", d.system.name()),
            );
        }
    }

    /// The mechanics' work after a mission (only with the repair rule): the flight's new
    /// damage goes on the fleet's cards, lost airframes are replaced, and each damaged system
    /// of the fleet is rolled for (ruling A20).
    pub(super) fn repair_fleet(&mut self) {
        if !self.options.repair {
            return;
        }
        let flight = self.mission().flight.clone();
        for heli in &flight {
            let at = self
                .fleet
                .iter()
                .position(|a| a.kind == heli.kind && a.number == heli.number);
            if heli.status != HeloStatus::Flying {
                // A new airframe of the same type replaces the lost one [10.5].
                if let Some(i) = at {
                    self.fleet.remove(i);
                }
                continue;
            }
            let i = at.unwrap_or_else(|| {
                self.fleet.push(Airframe {
                    kind: heli.kind,
                    number: heli.number,
                    damage: Vec::new(),
                });
                self.fleet.len() - 1
            });
            for &(system, boxes) in heli.checked.iter().filter(|(_, n)| *n > 0) {
                let damage = &mut self.fleet[i].damage;
                match damage.iter_mut().find(|d| d.system == system) {
                    // More damage this mission: the repair starts over.
                    Some(d) if boxes > d.boxes => {
                        *d = Damaged {
                            system,
                            boxes,
                            missed: 0,
                        }
                    }
                    Some(_) => {}
                    None => damage.push(Damaged {
                        system,
                        boxes,
                        missed: 0,
                    }),
                }
            }
        }
        for i in 0..self.fleet.len() {
            let name = format!("{} #{}", self.fleet[i].kind.name(), self.fleet[i].number);
            let mut kept = Vec::new();
            for mut d in std::mem::take(&mut self.fleet[i].damage) {
                let fixed = if d.missed >= MISSED_BEFORE_FIXED {
                    note!(
                        self,
                        "10.5",
                        msg("{helicopter}: {system} repaired at last")
                            .arg("helicopter", name.clone())
                            .term("system", d.system.name()),
                    );
                    true
                } else if d.missed < ROLLS {
                    let r = d6(&mut self.rng);
                    let ok = repaired(d.system, r.total);
                    self.log.add_with(
                        "10.5",
                        msg("{helicopter}: {system} repair roll: {result}")
                            .arg("helicopter", name.clone())
                            .term("system", d.system.name())
                            .term("result", if ok { n_("ready") } else { n_("not ready") }),
                        vec![Random::Dice(r)],
                    );
                    ok
                } else {
                    false
                };
                if !fixed {
                    d.missed += 1;
                    kept.push(d);
                }
            }
            self.fleet[i].damage = kept;
        }
        self.fleet.retain(|a| !a.damage.is_empty());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::arranged::Arranged;
    use crate::engine::game::Game;
    use crate::games::chopper_pilot::rules::Options;

    fn with_repair(seed: u64) -> ChopperPilot {
        let options = Options {
            repair: true,
            ..Options::default()
        };
        ChopperPilot::setup("primary", &options, seed).unwrap()
    }

    #[test]
    fn three_to_six_repairs_and_the_major_systems_take_minus_one_10_5() {
        assert!(!repaired(System::Radio, 2));
        assert!(repaired(System::Radio, 3));
        assert!(!repaired(System::Engine, 3), "Engine: 3 - 1 = 2");
        assert!(repaired(System::Engine, 4));
        for s in [
            System::Fuel,
            System::Engine,
            System::Hydraulics,
            System::Transmission,
        ] {
            assert!(major(s));
        }
        assert!(!major(System::TailRotor));
    }

    /// A game at the end of a mission whose flight is `flight`.
    fn after(g: &mut ChopperPilot, flight: Vec<Helicopter>) {
        while g.mission.is_none() {
            let a = g.legal_actions()[0].clone();
            g.apply(&a).unwrap();
        }
        g.mission_mut().flight = flight;
    }

    #[test]
    fn a_system_that_fails_twice_is_fixed_after_its_third_missed_mission_a20() {
        let mut g = with_repair(3);
        let mut huey = Helicopter::new(HeloType::Huey, 2);
        huey.checked.push((System::Radio, 1));
        after(&mut g, vec![huey.clone()]);
        // After mission N: 1 fails; after N+1: 2 fails; no roll after N+2; fixed after N+3.
        for (face, missed) in [(1, 1), (2, 2)] {
            g.rng_mut().arrange(Arranged::D6(face));
            g.repair_fleet();
            assert_eq!(g.fleet[0].damage[0].missed, missed);
            let mut next = Helicopter::new(HeloType::Huey, 2);
            g.carry_damage(&mut next);
            assert_eq!(next.boxes_checked(System::Radio), 1, "flies unrepaired");
            after(&mut g, vec![next]);
        }
        g.repair_fleet();
        assert_eq!(g.fleet[0].damage[0].missed, 3, "no third roll");
        assert!(g.rng_mut().settle().unused.is_empty());
        g.repair_fleet();
        assert!(g.fleet.is_empty(), "fixed after the third missed mission");
        let mut next = Helicopter::new(HeloType::Huey, 2);
        g.carry_damage(&mut next);
        assert!(next.checked.is_empty());
    }

    #[test]
    fn a_good_roll_repairs_and_a_lost_airframe_is_replaced_by_a_new_one_10_5() {
        let mut g = with_repair(4);
        let mut a = Helicopter::new(HeloType::Huey, 1);
        a.checked.push((System::Engine, 1));
        let mut b = Helicopter::new(HeloType::Huey, 2);
        b.checked.push((System::Radio, 1));
        b.status = HeloStatus::Crashed;
        after(&mut g, vec![a]);
        g.rng_mut().arrange(Arranged::D6(4));
        g.repair_fleet();
        assert!(g.fleet.is_empty(), "Engine: 4 - 1 = 3, ready");
        after(&mut g, vec![b]);
        g.repair_fleet();
        assert!(
            g.fleet.is_empty(),
            "the lost Huey #2 is replaced, no damage kept"
        );
    }

    #[test]
    fn without_the_rule_every_mission_starts_clean_10_4() {
        let mut g = ChopperPilot::setup("primary", &Options::default(), 5).unwrap();
        let mut a = Helicopter::new(HeloType::Huey, 1);
        a.checked.push((System::Engine, 1));
        after(&mut g, vec![a]);
        g.repair_fleet();
        assert!(g.fleet.is_empty());
    }
}
