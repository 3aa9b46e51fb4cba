//! Damage to helicopters and the people aboard: the Helicopter Damage Table [C1] and its
//! tracks [9.5], crew wounds [F1, 9.6], and forced landings on the Operations Map
//! [F2, 9.5, ruling A58].

use super::content::{DamageEffect, HeloType, Position, System, WeaponHit, data};
use super::roll::{d6_test, roll};
use super::state::{ChopperPilot, Health, HeloStatus, Location, Passenger, Phase, Stranded};
use crate::engine::dice::d6;
use crate::engine::log::Random;
use crate::engine::message::{Message, msg, n_};

impl ChopperPilot {
    /// Rolls C1 once on helicopter `h`; true when the helicopter can no longer fly.
    pub(super) fn c1(&mut self, h: usize) -> bool {
        let rolled = roll(&mut self.rng, &mut self.log, "C1", &[]);
        self.c1_result(h, rolled.result(), true)
    }

    /// Applies one C1 result; true when the helicopter can no longer fly (a red box, or no
    /// able pilot left: ruling A16). `golden` allows a "Golden BB" to roll twice more.
    pub(super) fn c1_result(&mut self, h: usize, cell: &str, golden: bool) -> bool {
        let kind = self.mission().flight[h].kind;
        let spec = data().helicopter(kind);
        let fatal = match cell {
            "none" => {
                self.note(h, msg("{helicopter}: the rounds pass through"));
                false
            }
            "weapon" => {
                let system = self.weapon_hit(kind);
                self.check_box(h, system)
            }
            "cabin" => {
                self.cabin_hit(h);
                false
            }
            "crew_1" | "crew_2" | "crew_3" | "crew_4" => {
                let slot = usize::from(cell.as_bytes()[5] - b'1');
                let position = spec.crew_hit[slot];
                match self.mission().flight[h]
                    .seats
                    .iter()
                    .position(|s| s.position == position)
                {
                    Some(seat) => self.wound(h, seat),
                    None => self.note(h, msg("{helicopter}: the armoured seats stop the rounds")),
                }
                false
            }
            "crew_random" => {
                let seats = self.mission().flight[h].seats.len();
                let seat = self.rng.index(seats);
                self.wound(h, seat);
                false
            }
            "golden_bb" if golden => {
                let rolls = data().table("C1").value("golden_bb_rolls");
                let mut fatal = false;
                for _ in 0..rolls {
                    let rolled = roll(&mut self.rng, &mut self.log, "C1", &[]);
                    fatal |= self.c1_result(h, rolled.result(), false);
                }
                fatal
            }
            "golden_bb" => false,
            system => match System::from_c1(system) {
                Some(s) => self.check_box(h, s),
                None => false,
            },
        };
        fatal || !self.has_able_pilot(h)
    }

    fn note(&mut self, h: usize, message: crate::engine::message::Message) {
        let name = self.mission().flight[h].name();
        note!(self, "9.5", message.arg("helicopter", name));
    }

    /// Which weapon a C1 "weapon" result hits (digest G04).
    fn weapon_hit(&mut self, kind: HeloType) -> System {
        let spec = data().helicopter(kind);
        let mut first_half = || d6(&mut self.rng).total <= 3;
        match spec.weapon_hit {
            WeaponHit::DoorGun => {
                let guns: Vec<System> = [System::LeftGun, System::RightGun]
                    .into_iter()
                    .filter(|g| spec.track(*g).is_some())
                    .collect();
                if guns.len() == 2 && !first_half() {
                    guns[1]
                } else {
                    guns[0]
                }
            }
            WeaponHit::TurretOrPod => {
                if first_half() {
                    System::Turret
                } else {
                    System::RocketPods
                }
            }
        }
    }

    /// Checks the next box of `system` on helicopter `h`; true when it was the red box.
    pub(super) fn check_box(&mut self, h: usize, system: System) -> bool {
        let heli = &self.mission().flight[h];
        let Some(track) = data().helicopter(heli.kind).track(system) else {
            self.note(h, msg("{helicopter} has no such system: no effect"));
            return false;
        };
        let n = usize::from(heli.boxes_checked(system));
        let Some(colour) = track.boxes.get(n).copied() else {
            self.note(
                h,
                msg("{helicopter}: every box of that system is already checked"),
            );
            return false;
        };
        let heli = &mut self.mission_mut().flight[h];
        match heli.checked.iter_mut().find(|(s, _)| *s == system) {
            Some((_, count)) => *count += 1,
            None => heli.checked.push((system, 1)),
        }
        let name = heli.name();
        note!(
            self,
            "9.5",
            msg("{helicopter}: {system} box {number} ({colour}) checked")
                .arg("helicopter", name)
                .term("system", system.name())
                .arg("number", n + 1)
                .term("colour", colour.name()),
        );
        colour == super::content::Colour::Red
    }

    /// A cabin hit: one passenger counter, picked at random, loses a step (digest G04).
    fn cabin_hit(&mut self, h: usize) {
        let count = self.mission().flight[h].passengers.len();
        if count == 0 {
            self.note(h, msg("{helicopter}: the rounds go through an empty cabin"));
            return;
        }
        let i = self.rng.index(count);
        self.step_loss(h, i);
    }

    /// Passenger `i` of helicopter `h` loses a step: a fresh two-step unit is damaged, anything
    /// else is destroyed [9.5].
    pub(super) fn step_loss(&mut self, h: usize, i: usize) {
        let p = &mut self.mission_mut().flight[h].passengers[i];
        let steps = data().unit(&p.unit).map_or(1, |u| u.steps);
        let unit = p.unit.clone();
        let destroyed = p.damaged || steps < 2;
        if destroyed {
            let p = self.mission_mut().flight[h].passengers.remove(i);
            if let Some(crew) = p.crew_of {
                self.crew_killed(crew);
            }
        } else {
            p.damaged = true;
        }
        let name = data().unit(&unit).map_or(unit.clone(), |u| u.name.clone());
        note!(
            self,
            "9.5",
            msg("{unit} in the cabin is {result}")
                .term("unit", name)
                .term(
                    "result",
                    if destroyed {
                        n_("destroyed")
                    } else {
                        n_("damaged")
                    },
                ),
        );
    }

    /// A crew hit on seat `seat` of helicopter `h`: a roll on F1 [9.6].
    pub(super) fn wound(&mut self, h: usize, seat: usize) {
        if !matches!(
            self.mission().flight[h].seats[seat].health,
            Health::Killed | Health::Captured
        ) {
            let mine = self.mission().flight[h].seats[seat].member.is_some();
            let mut rolled = roll(&mut self.rng, &mut self.log, "F1", &[]);
            if mine && matches!(rolled.cells[1].as_str(), "kia" | "serious") && self.try_luck() {
                rolled = roll(&mut self.rng, &mut self.log, "F1", &[]);
            }
            let location = Location::from_cell(&rolled.cells[0]);
            let wound: &str = &rolled.cells[1];
            let missions = rolled.number(2);
            let wound = if wound == "armour" {
                let table = data().table("F1");
                let pilot = self.mission().flight[h].seats[seat].position.is_pilot();
                let from = table.value(if pilot {
                    "armour_pilot"
                } else {
                    "armour_gunner"
                });
                let stopped = d6_test(
                    &mut self.rng,
                    &mut self.log,
                    "9.6",
                    [from.clamp(1, 6) as u8, 6],
                );
                if stopped { "stopped" } else { "serious" }
            } else {
                wound
            };
            self.apply_wound(h, seat, location, wound, missions);
        }
    }

    /// Marks a wound read from F1 (digest G11): a second hit on the same location is a near
    /// miss [9.6]; a second serious wound kills, two light wounds make a serious one.
    pub(super) fn apply_wound(
        &mut self,
        h: usize,
        seat: usize,
        location: Location,
        wound: &str,
        missions: u8,
    ) {
        let max = data().table("F1").value("max_missions").max(0) as u8;
        let heli_name = self.mission().flight[h].name();
        let s = &mut self.mission_mut().flight[h].seats[seat];
        let position = s.position;
        let near_miss = wound == "stopped" || s.wounds.iter().any(|(l, _)| *l == location);
        if !near_miss {
            let new = match wound {
                "kia" => Health::Killed,
                "serious" => Health::Serious,
                "light" => Health::Light,
                _ => Health::Minor,
            };
            s.health = match (s.health, new) {
                (Health::Serious, Health::Serious) => Health::Killed,
                (Health::Light, Health::Light) => Health::Serious,
                (old, new) => old.max(new),
            };
            s.wounds.push((location, missions.min(max)));
        }
        let health = s.health;
        if let Some(m) = s.member {
            self.crew[m].health = health;
        }
        note!(
            self,
            "9.6",
            msg("{helicopter}: the {position} is hit in the {location}: {result}")
                .arg("helicopter", heli_name)
                .term("position", position.name())
                .term("location", location.name())
                .term(
                    "result",
                    if near_miss {
                        n_("near miss")
                    } else {
                        health.name()
                    },
                ),
        );
    }

    /// A roll on `table` for helicopter `h`; when it is your helicopter and the result is
    /// `bad`, the pilot may try his Luck Factor for a second roll, which stands [5.3].
    pub(super) fn lucky_roll(
        &mut self,
        h: usize,
        table: &str,
        m: &[super::roll::Modifier],
        bad: impl Fn(&str) -> bool,
    ) -> String {
        let mut result = roll(&mut self.rng, &mut self.log, table, m).result();
        if h == self.mission().yours && bad(result) && self.try_luck() {
            result = roll(&mut self.rng, &mut self.log, table, m).result();
        }
        result.to_owned()
    }

    /// The Luck Factor [5.3, 4.1, ruling A02]: 1D10 at most the Luck Factor re-rolls a roll
    /// gone badly, if the pilot's standing order covers it. Only a successful try uses it up,
    /// once a mission unless an event allows more; the pilot must be aboard and able.
    pub(super) fn try_luck(&mut self) -> bool {
        let Some(m) = self.mission.as_ref() else {
            return false;
        };
        let pilot_aboard = m.flight[m.yours]
            .seats
            .iter()
            .any(|s| s.member == Some(0) && s.health.able());
        if self.options.luck == super::state::LuckUse::Never
            || m.luck_used >= m.luck_uses
            || !pilot_aboard
        {
            return false;
        }
        let (n, dice) = super::roll::throw(&mut self.rng, super::content::Dice::D10);
        let lucky = n <= i32::from(self.luck);
        self.log.add_with(
            "5.3",
            msg("Luck Factor {luck}: {result}")
                .arg("luck", self.luck)
                .term(
                    "result",
                    if lucky {
                        n_("the roll is made again")
                    } else {
                        n_("no luck")
                    },
                ),
            dice,
        );
        if lucky {
            self.mission_mut().luck_used += 1;
        }
        lucky
    }

    /// Whether someone able to fly is at the controls [9.6, ruling A16].
    fn has_able_pilot(&self, h: usize) -> bool {
        self.mission().flight[h]
            .seats
            .iter()
            .any(|s| s.position.is_pilot() && s.health.able())
    }

    /// A helicopter that can no longer fly over the Operations Map: F2 with no modifiers
    /// [9.5]; crash kills everyone aboard, a hard landing wounds, and whoever walks away waits
    /// for a ride (ruling A58).
    pub(super) fn ops_forced_landing(&mut self, h: usize) {
        let result = self.lucky_roll(h, "F2", &[], |r| r == "crash");
        let result = result.as_str();
        let name = self.mission().flight[h].name();
        if self.crash_or_hard_landing(h, result) {
            return;
        }
        let heli = &mut self.mission_mut().flight[h];
        heli.status = HeloStatus::Down;
        let survivors = heli.seats.iter().any(|s| s.health != Health::Killed);
        let passengers: Vec<Passenger> = heli.passengers.drain(..).collect();
        let m = self.mission_mut();
        if survivors {
            m.stranded.push(Stranded::Crew { helicopter: h });
        }
        m.stranded
            .extend(passengers.into_iter().map(Stranded::Passenger));
        note!(
            self,
            "9.5",
            msg("{helicopter} is down on the Operations Map and lost").arg("helicopter", name),
        );
        if !self.mission().stranded.is_empty() {
            self.phase = Phase::Pickup;
        }
    }

    /// The F2 results that hurt [9.5, digest G11]: a crash destroys the helicopter with
    /// everyone aboard (true: nothing is left of it); a hard landing wounds every crew member
    /// and costs each passenger counter a step.
    pub(super) fn crash_or_hard_landing(&mut self, h: usize, result: &str) -> bool {
        if result == "crash" {
            let name = self.mission().flight[h].name();
            self.lose_passengers(h);
            let heli = &mut self.mission_mut().flight[h];
            heli.status = HeloStatus::Crashed;
            for s in &mut heli.seats {
                s.health = Health::Killed;
            }
            self.sync_crew(h);
            note!(
                self,
                "9.5",
                msg("{helicopter} crashes: everyone aboard is killed").arg("helicopter", name),
            );
            return true;
        }
        if result == "hard" {
            for seat in 0..self.mission().flight[h].seats.len() {
                self.wound(h, seat);
            }
            for i in (0..self.mission().flight[h].passengers.len()).rev() {
                self.step_loss(h, i);
            }
        }
        false
    }

    /// The sum of one damage modifier (F2 or F3) over the checked boxes of helicopter `h`
    /// [C2].
    pub(super) fn damage_drm(&self, h: usize, of: impl Fn(&DamageEffect) -> i32) -> i32 {
        let heli = &self.mission().flight[h];
        let spec = data().helicopter(heli.kind);
        heli.checked
            .iter()
            .flat_map(|(s, n)| {
                spec.track(*s)
                    .map(|t| {
                        t.boxes
                            .iter()
                            .take(usize::from(*n))
                            .map(|c| (*s, *c))
                            .collect::<Vec<_>>()
                    })
                    .unwrap_or_default()
            })
            .filter_map(|(s, c)| data().effect(s, c).map(&of))
            .sum()
    }

    /// Everyone still alive aboard helicopter `crew`'s seats is killed (their counter lost).
    pub(super) fn crew_killed(&mut self, crew: usize) {
        for s in &mut self.mission_mut().flight[crew].seats {
            s.health = Health::Killed;
        }
        self.sync_crew(crew);
    }

    /// A crash takes the passengers with it, crews of other helicopters riding along too.
    pub(super) fn lose_passengers(&mut self, h: usize) {
        let lost: Vec<Passenger> = self.mission_mut().flight[h].passengers.drain(..).collect();
        for p in lost {
            if let Some(crew) = p.crew_of {
                self.crew_killed(crew);
            }
        }
    }

    /// Copies the health of your crew's seats on helicopter `h` back to the campaign crew.
    pub(super) fn sync_crew(&mut self, h: usize) {
        let seats = self.mission().flight[h].seats.clone();
        for s in seats {
            if let Some(m) = s.member {
                self.crew[m].health = s.health;
            }
        }
    }

    /// The flying Hueys with a free passenger box [9.5: "any other Hueys that have room"].
    pub(super) fn rides(&self) -> Vec<usize> {
        let m = self.mission();
        (0..m.flight.len())
            .filter(|&i| m.flight[i].flying() && m.flight[i].free_boxes() > 0)
            .collect()
    }

    /// The first stranded counter boards helicopter `h` (one box, ruling A63).
    pub(super) fn pick_up(&mut self, h: usize) {
        let counter = self.mission_mut().stranded.remove(0);
        let passenger = match &counter {
            Stranded::Crew { helicopter } => Passenger {
                unit: "helo_crew".into(),
                damaged: false,
                objective: false,
                crew_of: Some(*helicopter),
            },
            Stranded::Passenger(p) => p.clone(),
        };
        let name = self.mission().flight[h].name();
        note!(
            self,
            "9.5",
            msg("{helicopter} lands beside the wreck and takes {unit} aboard")
                .arg("helicopter", name)
                .message("unit", self.stranded_name(&counter)),
        );
        self.mission_mut().flight[h].passengers.push(passenger);
    }

    /// The first stranded counter is left behind: one F4 roll; contact means recovered after
    /// the mission, no contact captured (ruling A58).
    pub(super) fn leave_behind(&mut self) {
        let counter = self.mission_mut().stranded.remove(0);
        let rolled = roll(&mut self.rng, &mut self.log, "F4", &[]);
        let contact = rolled.result() != "no_contact";
        let m = self.mission_mut();
        if contact {
            m.recovered += 1;
        } else {
            m.captured += 1;
            if let Stranded::Crew { helicopter } = counter {
                for s in &mut m.flight[helicopter].seats {
                    if s.health != Health::Killed {
                        s.health = Health::Captured;
                    }
                }
                self.sync_crew(helicopter);
            }
        }
        note!(
            self,
            "9.5",
            msg("{unit} is left behind: {result}")
                .message("unit", self.stranded_name(&counter))
                .term(
                    "result",
                    if contact {
                        n_("recovered after the mission")
                    } else {
                        n_("captured")
                    },
                ),
        );
    }

    pub(super) fn stranded_name(&self, s: &Stranded) -> Message {
        match s {
            Stranded::Crew { helicopter } => msg("the crew of {helicopter}")
                .arg("helicopter", self.mission().flight[*helicopter].name()),
            Stranded::Passenger(p) => msg("{unit}").term("unit", super::ops::unit_name(&p.unit)),
        }
    }

    /// The pilot character's seat health, wherever he flies.
    pub fn pilot_health(&self) -> Health {
        self.crew[0].health
    }

    /// One helicopter picked at random among those still flying.
    pub(super) fn random_flying(&mut self, exclude: &[usize]) -> Option<usize> {
        let flying: Vec<usize> = (0..self.mission().flight.len())
            .filter(|i| self.mission().flight[*i].flying() && !exclude.contains(i))
            .collect();
        if flying.is_empty() {
            return None;
        }
        let i = flying[self.rng.index(flying.len())];
        if self.log.keeps() {
            let name = self.mission().flight[i].name();
            self.log.add_with(
                "7.2",
                msg("Hit: {helicopter}").arg("helicopter", name.clone()),
                vec![Random::Pick {
                    picked: name,
                    out_of: flying.len(),
                }],
            );
        }
        Some(i)
    }
}

/// The seat a campaign crew member takes aboard a type, if it has one for him.
pub fn seat_for(kind: HeloType, position: Position) -> Option<Position> {
    let crew = &data().helicopter(kind).crew;
    if crew.contains(&position) {
        return Some(position);
    }
    // A Loach's door gunner comes from your gunners.
    (position == Position::Gunner && crew.contains(&Position::DoorGunner))
        .then_some(Position::DoorGunner)
}
