//! Rescue (4.3.5), Bomb Damage Assessment (4.4.1, 6.1), Enemy Search (4.4.2, 6.5), Abort Check
//! (4.4.3), Pinpointing (6.2), Danger Close (6.3) and Recovering Pilots (6.4).

use crate::engine::message::{msg, msg_n};

use super::content::{Kind, Symbol, ZoneMarker, content};
use super::markers::MarkerKind;
use super::record::Happening;
use super::state::{Csar, Place, SurvivorPlace, WILD, Want, ZONE_NAMES, adjacent, aircraft_name};

/// The scenario whose lone helicopter may be limited to one Survivor (A-24).
pub const HUSKIE_SCENARIO: &str = "youve_got_your_troubles";

impl Csar {
    /// Cool friendly aircraft in `zone` for rescue and pinpoint draws (A-41; Covey counts twice).
    pub fn cool_count(&self, zone: u8) -> i32 {
        self.zone_aircraft(zone)
            .filter(|&a| {
                let ac = &self.aircraft[usize::from(a)];
                ac.kind != Kind::FastMover && !ac.shaken
            })
            .map(|a| if self.pilot_named(a, "Covey") { 2 } else { 1 })
            .sum()
    }

    pub fn pilot_named(&self, a: u8, name: &str) -> bool {
        self.aircraft[usize::from(a)]
            .pilot
            .is_some_and(|p| content().pilots[usize::from(p)].name == name)
    }

    /// Rescue draws (4.3.5): Cool aircraft in the zone, minus the modifiers, at least one.
    pub fn rescue_draws(&self, heli: u8, survivor: u8, bonus: u8) -> u8 {
        let Place::Zone(zone) = self.aircraft[usize::from(heli)].place else {
            return 0;
        };
        let s = &self.survivors[usize::from(survivor)];
        let mut n = self.cool_count(zone);
        n -= i32::from(self.aircraft[usize::from(heli)].shaken);
        n -= i32::from(s.injured && !self.pilot_named(heli, "Pits"));
        n -= i32::from(self.cs_gas_on_map());
        n -= i32::from(!self.zones[usize::from(zone)].smoke.is_empty());
        n += i32::from(self.pilot_named(heli, "Doc")) + i32::from(bonus);
        n.max(1) as u8
    }

    /// Whether helicopter `heli` can take another Survivor aboard: always, except for the lone
    /// Huskie of You've Got Your Troubles under the optional one-man limit (A-24, G-14), which
    /// must first leave the map (to the Orbit Box, where its Survivor is home).
    pub fn has_room(&self, heli: u8) -> bool {
        let limited = self.options.huskie_one_survivor && self.scenario == HUSKIE_SCENARIO;
        !limited
            || !self
                .survivors
                .iter()
                .any(|s| s.place == SurvivorPlace::Aboard(heli))
    }

    /// Declares a rescue: reveals markers around, and lets new guns fire first (4.3.5).
    pub fn declare_rescue(&mut self, heli: u8, survivor: u8, bonus: u8) {
        let Place::Zone(zone) = self.aircraft[usize::from(heli)].place else {
            return;
        };
        self.rescue_tried.push(survivor);
        self.rescue_helis.push(heli);
        self.log.add(
            "4.3.5",
            msg("{h} tries to pick up the Survivor in {zone}")
                .term("h", aircraft_name(heli))
                .term("zone", ZONE_NAMES[usize::from(zone)]),
        );
        for z in 0..5u8 {
            if z == zone || adjacent(z, zone) {
                self.reveal(z, MarkerKind::Enemy, "4.3.5");
                self.reveal(z, MarkerKind::Hidden, "4.3.5");
            }
        }
        self.rescue_pending = Some((heli, survivor, bonus));
        self.start_fire(true);
    }

    /// The rescue draw once the new guns have fired.
    pub fn finish_rescue(&mut self) {
        let Some((heli, survivor, bonus)) = self.rescue_pending.take() else {
            return;
        };
        let still_there = self.flying(heli)
            && self.has_room(heli)
            && matches!(self.survivors[usize::from(survivor)].place, SurvivorPlace::Stranded(z) if self.aircraft[usize::from(heli)].place == Place::Zone(z));
        if !still_there {
            self.log
                .add("4.3.5", msg("The rescue attempt is called off"));
            return;
        }
        let n = self.rescue_draws(heli, survivor, bonus);
        let saved = self.draw_for(
            n,
            Want::Get(Symbol::Roundel),
            "4.3.5",
            msg_n("Rescue draw: {n} card", "Rescue draw: {n} cards", n).arg("n", n),
        );
        if saved {
            self.place_survivor(usize::from(survivor), SurvivorPlace::Aboard(heli));
            self.note(Happening::PickedUp { helicopter: heli });
            self.log.add(
                "4.3.5",
                msg("Rescued! The Survivor is aboard {h}").term("h", aircraft_name(heli)),
            );
            if !self.any_stranded() {
                self.search = 0;
            }
        } else {
            self.note(Happening::PickUpFailed);
            self.log
                .add("4.3.5", msg("No roundel: the pick-up fails this turn"));
        }
    }

    /// Bomb Damage Assessment (4.4.1; 6.1 instead when chosen).
    pub fn damage_assessment(&mut self) {
        if self.options.bombing_effectiveness {
            return self.bombing_effectiveness();
        }
        for zone in 0..5u8 {
            let entrenched = self.zones[usize::from(zone)].has(ZoneMarker::Entrenchment);
            let hit: Vec<(u8, u8)> = self.zones[usize::from(zone)]
                .units
                .iter()
                .filter(|u| u.hits > 0)
                .map(|u| (u.counter, u.hits))
                .collect();
            for (counter, hits) in hit {
                let n = if entrenched {
                    hits.saturating_sub(1).max(1)
                } else {
                    hits
                };
                let name = &content().units[usize::from(counter)].name;
                let blast = self.draw_for(
                    n,
                    Want::Get(Symbol::Blast),
                    "4.4.1",
                    msg_n(
                        "Damage assessment on {gun} in {zone}: {n} card",
                        "Damage assessment on {gun} in {zone}: {n} cards",
                        n,
                    )
                    .term("gun", name)
                    .term("zone", ZONE_NAMES[usize::from(zone)])
                    .arg("n", n),
                );
                if blast {
                    self.remove_unit(zone, counter, "4.4.1");
                }
            }
            let too = self.zones[usize::from(zone)].too_hits;
            if too > 0 {
                let blast = self.draw_for(
                    too,
                    Want::Get(Symbol::Blast),
                    "9.3",
                    msg_n(
                        "Damage assessment on the Target of Opportunity in {zone}: {n} card",
                        "Damage assessment on the Target of Opportunity in {zone}: {n} cards",
                        too,
                    )
                    .term("zone", ZONE_NAMES[usize::from(zone)])
                    .arg("n", too),
                );
                if blast {
                    self.destroy_too(zone, "9.3");
                }
            }
        }
    }

    /// 6.1: one draw per hit scored this turn; each roundel removes a random hit target.
    fn bombing_effectiveness(&mut self) {
        // Targets hit this turn: (zone, Some(counter)) for guns, (zone, None) for a ToO.
        let mut targets: Vec<(u8, Option<u8>)> = Vec::new();
        let mut total: i32 = 0;
        for zone in 0..5u8 {
            let z = &self.zones[usize::from(zone)];
            let entrenched = z.has(ZoneMarker::Entrenchment);
            for u in z.units.iter().filter(|u| u.hits > 0) {
                targets.push((zone, Some(u.counter)));
                total += i32::from(u.hits) - i32::from(entrenched);
            }
            if z.too_hits > 0 {
                targets.push((zone, None));
                total += i32::from(z.too_hits);
            }
        }
        if targets.is_empty() {
            return;
        }
        let n = total.max(1) as u8;
        let mut seen = Vec::new();
        let mut roundels = 0;
        for _ in 0..n {
            let want = Want::Get(Symbol::Roundel);
            if let Some(c) = self.draw_counted(&mut seen, Some(want)) {
                roundels += usize::from(self.symbol_of(c, want) == Symbol::Roundel);
                self.resolution.discard(c);
            }
        }
        self.log_draw(
            "6.1",
            msg("Bombing effectiveness — cards: {n}, roundels: {r}")
                .arg("n", n)
                .arg("r", roundels),
            seen,
        );
        for _ in 0..roundels.min(targets.len()) {
            let pick = self.determine(
                targets.len(),
                "6.1",
                msg("Which hit target is destroyed: outcome {pick}"),
            );
            let (zone, unit) = targets.remove(pick);
            match unit {
                Some(counter) => self.remove_unit(zone, counter, "6.1"),
                None => self.destroy_too(zone, "6.1"),
            }
        }
    }

    /// Draws for the Enemy Search after burning (4.4.2): Search value minus burned, at least 1.
    pub fn search_draws(&self, burned: u8) -> u8 {
        if self.search == 0 {
            0
        } else {
            self.search.saturating_sub(burned).max(1)
        }
    }

    pub fn enemy_search(&mut self, burned: u8) {
        let n = self.search_draws(burned);
        if n == 0 || !self.any_stranded() {
            return;
        }
        let rifles = self.draw_counting(
            n,
            Want::Avoid(Symbol::Rifle),
            "4.4.2",
            msg_n("Enemy Search: {n} card", "Enemy Search: {n} cards", n).arg("n", n),
        );
        if rifles == 0 {
            self.log.add("4.4.2", msg("The search parties find nobody"));
            return;
        }
        // A-14: one capture per search, or (the other reading) one per rifle.
        let mut captures = if self.options.capture_per_rifle {
            rifles
        } else {
            1
        };
        if (self.options.search_effectiveness
            || self.scenario_data().mandatory_search_effectiveness && self.campaign.is_none())
            && !self.forgiven
        {
            self.forgiven = true;
            let wild = self.resolution.take(&WILD);
            if let Some(w) = wild {
                self.set_aside.push(w);
            }
            self.log.add("6.5", msg("Search Effectiveness: this first rifle captures nobody; the Wild card is set aside"));
            // A-15: the whole search is forgiven, or (the other reading) its first rifle only.
            if !self.options.forgive_single_rifle {
                return;
            }
            captures = captures.min(rifles - 1);
        }
        for _ in 0..captures {
            self.capture_one();
        }
    }

    /// Enemy Search finds one of the stranded Survivors, picked at random (4.4.2).
    fn capture_one(&mut self) {
        if !self.any_stranded() {
            return;
        }
        let stranded: Vec<u8> = self.stranded().map(|(s, _)| s).collect();
        let pick = self.determine(
            stranded.len(),
            "4.4.2",
            msg("Which Survivor is found: outcome {pick}"),
        );
        let s = stranded[pick];
        self.place_survivor(usize::from(s), SurvivorPlace::Captured);
        if let Some(p) = self.survivors[usize::from(s)].pilot {
            self.pilot_lost(p);
        }
        self.note(Happening::SurvivorCaptured);
        self.log.add("4.4.2", msg("A Survivor is captured"));
    }

    /// Draws for the Abort Check after burning (4.4.3): the Abort value minus burned, at least 1.
    pub fn abort_draws(&self, burned: u8) -> u8 {
        self.abort.saturating_sub(burned).max(1)
    }

    pub fn abort_check_due(&self) -> bool {
        self.any_stranded() && self.abort > 0
    }

    pub fn abort_check(&mut self, burned: u8) {
        if !self.abort_check_due() {
            return;
        }
        let n = self.abort_draws(burned);
        if self.draw_for(
            n,
            Want::Avoid(Symbol::Rifle),
            "4.4.3",
            msg_n("Abort Check: {n} card", "Abort Check: {n} cards", n).arg("n", n),
        ) {
            self.aborted = true;
            self.log
                .add("4.4.3", msg("A rifle: the mission is aborted"));
        }
    }

    /// 6.2: before the Event Phase, each Survivor not yet pinpointed may be found.
    pub fn pinpointing(&mut self) {
        let todo: Vec<(u8, u8)> = self
            .stranded()
            .filter(|&(s, _)| !self.survivors[usize::from(s)].pinpointed)
            .collect();
        for (s, zone) in todo {
            let n = self.cool_count(zone).max(0) as u8;
            if n == 0 {
                continue;
            }
            if self.draw_for(
                n,
                Want::Get(Symbol::Roundel),
                "6.2",
                msg_n(
                    "Pinpointing in {zone}: {n} card",
                    "Pinpointing in {zone}: {n} cards",
                    n,
                )
                .term("zone", ZONE_NAMES[usize::from(zone)])
                .arg("n", n),
            ) {
                self.survivors[usize::from(s)].pinpointed = true;
                self.log.add("6.2", msg("The Survivor is pinpointed"));
            }
        }
    }

    /// 6.3: an attack in a zone with stranded Survivors may hurt them.
    pub fn danger_close(&mut self, zone: u8) {
        if !self.options.danger_close {
            return;
        }
        let here: Vec<u8> = self
            .stranded()
            .filter(|&(_, z)| z == zone)
            .map(|(s, _)| s)
            .collect();
        for s in here {
            if self.draw_for(
                1,
                Want::Avoid(Symbol::Rifle),
                "6.3",
                msg("Danger Close draw"),
            ) {
                let s = usize::from(s);
                if self.survivors[s].injured {
                    self.place_survivor(s, SurvivorPlace::Killed);
                    if let Some(p) = self.survivors[s].pilot {
                        self.pilot_lost(p);
                    }
                    self.aborted = true;
                    self.log.add(
                        "6.3",
                        msg("Danger Close: the injured Survivor is killed; the mission is aborted"),
                    );
                } else {
                    self.survivors[s].injured = true;
                    self.log
                        .add("6.3", msg("Danger Close: the Survivor is injured"));
                }
            }
        }
    }

    /// 6.4: after Marker Adjustment each Shaken aircraft may recover.
    pub fn recovering_pilots(&mut self) {
        if !self.options.recovering_pilots {
            return;
        }
        for a in 0..self.aircraft.len() as u8 {
            let ac = &self.aircraft[usize::from(a)];
            if ac.kind == Kind::FastMover
                || !ac.shaken
                || !matches!(ac.place, Place::Zone(_) | Place::Orbit)
            {
                continue;
            }
            if self.draw_for(
                1,
                Want::Get(Symbol::Roundel),
                "6.4",
                msg("{a} tries to recover").term("a", aircraft_name(a)),
            ) {
                self.aircraft[usize::from(a)].shaken = false;
            }
        }
    }
}
