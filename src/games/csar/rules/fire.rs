//! Enemy Gun Fire (4.3.3, 9.5): target zones, Zone Firepower Value, the hits draw, burning,
//! and hits on aircraft (Fast Movers first, random allocation, Shaken, shot down, destroyed).

use crate::engine::message::{msg, msg_n, n_};

use super::content::{Kind, Symbol, ZoneMarker, content};
use super::record::Happening;
use super::state::{
    Csar, Fate, Fire, FireStage, Place, Placed, Survivor, SurvivorPlace, WILD, Want, ZONE_NAMES,
    adjacent, aircraft_name,
};

/// The firepower a unit brings into `to` from `from`, if it can reach it (9.5 range table).
pub fn firepower(counter: u8, from: u8, to: u8) -> Option<u8> {
    let u = &content().units[usize::from(counter)];
    if u.barrage {
        None
    } else if from == to {
        Some(u.own)
    } else if u.range > 0 && (adjacent(from, to) || u.star) {
        Some(u.range)
    } else {
        None
    }
}

/// Zone Firepower Value (4.3.3 B, 9.2, 9.3): the best firepower among the guns firing into the
/// zone, +1 for each other gun, +1 for Coordinated Fire, -1 for Smoke, never below 0.
pub fn zone_firepower(firing: &[u8], coordinated: bool, smoke: bool) -> u8 {
    let Some(&best) = firing.iter().max() else {
        return 0;
    };
    let value =
        i32::from(best) + firing.len() as i32 - 1 + i32::from(coordinated) - i32::from(smoke);
    value.max(0) as u8
}

impl Csar {
    fn can_fire(&self, zone: u8, u: &Placed, new_only: bool) -> bool {
        !content().units[usize::from(u.counter)].barrage
            && self.active(zone, u)
            && !u.fired
            && (!new_only || u.fresh)
    }

    /// Opens a fire window: every eligible gun picks its target zone (4.3.3 A). Returns false
    /// when no gun has anything to shoot at.
    pub fn start_fire(&mut self, new_only: bool) -> bool {
        let counts: Vec<usize> = (0..5).map(|z| self.zone_count(z)).collect();
        let mut any = false;
        for zone in 0..5u8 {
            for i in 0..self.zones[usize::from(zone)].units.len() {
                let u = self.zones[usize::from(zone)].units[i].clone();
                if !self.can_fire(zone, &u, new_only) {
                    continue;
                }
                let target = if counts[usize::from(zone)] > 0 {
                    Some(zone)
                } else {
                    let in_range: Vec<u8> = (0..5u8)
                        .filter(|&t| {
                            counts[usize::from(t)] > 0 && firepower(u.counter, zone, t).is_some()
                        })
                        .collect();
                    let most = in_range
                        .iter()
                        .map(|&t| counts[usize::from(t)])
                        .max()
                        .unwrap_or(0);
                    let tied: Vec<u8> = in_range
                        .into_iter()
                        .filter(|&t| counts[usize::from(t)] == most)
                        .collect();
                    match tied.len() {
                        0 => None,
                        1 => Some(tied[0]),
                        n => {
                            let pick = self.determine(
                                n,
                                "4.3.3 A",
                                msg("{gun} in {zone}: tie between target zones, outcome {pick}")
                                    .term("gun", &content().units[usize::from(u.counter)].name)
                                    .term("zone", ZONE_NAMES[usize::from(zone)]),
                            );
                            Some(tied[pick])
                        }
                    }
                };
                self.zones[usize::from(zone)].units[i].target = target;
                any |= target.is_some();
            }
        }
        if any {
            self.fire = Some(Fire {
                new_only,
                stage: FireStage::ChooseZone,
                spared: None,
            });
        } else {
            self.end_fire();
        }
        any
    }

    /// The guns still due to fire into `target`, as (zone, counter).
    pub fn guns_into(&self, target: u8) -> Vec<(u8, u8)> {
        let new_only = self.fire.as_ref().is_some_and(|f| f.new_only);
        let mut out = Vec::new();
        for zone in 0..5u8 {
            for u in &self.zones[usize::from(zone)].units {
                if u.target == Some(target) && self.can_fire(zone, u, new_only) {
                    out.push((zone, u.counter));
                }
            }
        }
        out
    }

    /// Target zones still to resolve.
    pub fn pending_targets(&self) -> Vec<u8> {
        (0..5u8)
            .filter(|&t| !self.guns_into(t).is_empty())
            .collect()
    }

    pub fn zfv_of(&self, target: u8) -> u8 {
        let firing: Vec<u8> = self
            .guns_into(target)
            .iter()
            .filter_map(|&(from, c)| firepower(c, from, target))
            .collect();
        let z = &self.zones[usize::from(target)];
        zone_firepower(
            &firing,
            z.has(ZoneMarker::CoordinatedFire),
            !z.smoke.is_empty(),
        )
    }

    /// Resolves the fire of every gun aimed at `target` (4.3.3 B–C).
    pub fn fire_at(&mut self, target: u8) {
        let zfv = self.zfv_of(target);
        for (zone, counter) in self.guns_into(target) {
            if let Some(i) = self.unit_index(zone, counter) {
                self.zones[usize::from(zone)].units[i].fired = true;
            }
        }
        let mut seen = Vec::new();
        for _ in 0..zfv {
            let want = Want::Avoid(Symbol::Crosshairs);
            let Some(card) = self.draw_counted(&mut seen, Some(want)) else {
                break;
            };
            match self.symbol_of(card, want) {
                Symbol::Crosshairs => self.hits_pile.push(card),
                Symbol::Roundel => {
                    self.resolution.discard(card);
                    for c in std::mem::take(&mut self.hits_pile) {
                        self.resolution.discard(c);
                    }
                }
                _ => self.resolution.discard(card),
            }
        }
        let hits = self.hits_pile.len() as u8;
        self.note(Happening::Fire { zone: target, hits });
        self.log_draw(
            "4.3.3 C",
            msg_n(
                "Fire into {zone}: Zone Firepower {zfv}, {hits} hit",
                "Fire into {zone}: Zone Firepower {zfv}, {hits} hits",
                hits,
            )
            .term("zone", ZONE_NAMES[usize::from(target)])
            .arg("zfv", zfv)
            .arg("hits", hits),
            seen,
        );
        let burnable = self.burnable().next().is_some();
        let stage = if hits >= 2 && burnable {
            FireStage::Burn { zone: target, hits }
        } else {
            FireStage::Allocate { zone: target, hits }
        };
        if let Some(f) = self.fire.as_mut() {
            f.stage = stage;
            f.spared = None;
        }
    }

    /// Aircraft cards in hand: the only cards that may be burned against hits (4.3.3 D).
    pub fn burnable(&self) -> impl Iterator<Item = u8> + '_ {
        self.hand
            .iter()
            .copied()
            .filter(|&c| content().action(c).kind == super::content::CardKind::Aircraft)
    }

    /// Runs the fire window until it needs a decision or is over.
    pub fn fire_auto(&mut self) {
        while let Some(fire) = self.fire.clone() {
            match fire.stage {
                FireStage::ChooseZone => {
                    let pending = self.pending_targets();
                    if pending.is_empty() {
                        self.end_fire();
                    } else if pending.len() == 1 && !self.suppress_possible() {
                        self.fire_at(pending[0]);
                    } else {
                        return;
                    }
                }
                FireStage::Allocate { zone, hits } => {
                    if !self.allocate(zone, hits) {
                        return;
                    }
                    for c in std::mem::take(&mut self.hits_pile) {
                        self.resolution.discard(c);
                    }
                    if let Some(f) = self.fire.as_mut() {
                        f.stage = FireStage::ChooseZone;
                    }
                    if self.result.is_some() || self.ended_now() {
                        return;
                    }
                }
                _ => return,
            }
        }
    }

    pub fn end_fire(&mut self) {
        self.fire = None;
        for z in self.zones.iter_mut() {
            for u in z.units.iter_mut() {
                u.fresh = false;
            }
        }
    }

    fn set_stage(&mut self, stage: FireStage) {
        if let Some(f) = self.fire.as_mut() {
            f.stage = stage;
        }
    }

    /// Implements hits in `zone` (4.3.3 E). Returns true once all are done, false when a
    /// decision is pending (the stage says which).
    fn allocate(&mut self, zone: u8, mut hits: u8) -> bool {
        let mut guard = 0;
        while hits > 0 {
            guard += 1;
            if guard > 64 || self.ended_now() {
                return true;
            }
            let fms: Vec<u8> = self
                .zone_aircraft(zone)
                .filter(|&a| self.kind(a) == Kind::FastMover)
                .collect();
            if !fms.is_empty() {
                // One jet left goes; otherwise the player picks which, also when
                // every jet in the zone goes, in the order he likes.
                if fms.len() == 1 {
                    self.lose_fast_mover(fms[0]);
                    hits -= 1;
                    continue;
                }
                self.set_stage(FireStage::PickAircraft {
                    zone,
                    hits,
                    candidates: fms,
                });
                return false;
            }
            let others: Vec<u8> = self.zone_aircraft(zone).collect();
            if others.is_empty() {
                self.log.add(
                    "4.3.3 E",
                    msg_n(
                        "{n} hit finds no aircraft left",
                        "{n} hits find no aircraft left",
                        hits,
                    )
                    .arg("n", hits),
                );
                return true;
            }
            let capacity: u8 = others
                .iter()
                .map(|&a| {
                    if self.aircraft[usize::from(a)].shaken {
                        1
                    } else {
                        2
                    }
                })
                .sum();
            // Hits enough to bring down every aircraft here: the player picks the order.
            let victim = if others.len() == 1 {
                others[0]
            } else if hits >= capacity {
                self.set_stage(FireStage::PickAircraft {
                    zone,
                    hits,
                    candidates: others,
                });
                return false;
            } else {
                match self.draw_victim(&others) {
                    Some(v) => v,
                    None => {
                        self.set_stage(FireStage::PickAircraft {
                            zone,
                            hits,
                            candidates: others,
                        });
                        return false;
                    }
                }
            };
            if self.fire.as_ref().and_then(|f| f.spared) == Some(victim) {
                self.log.add(
                    "2.4.1",
                    msg("Claws' card spares {a} this hit").term("a", aircraft_name(victim)),
                );
                hits -= 1;
                continue;
            }
            if self.can_spare(victim) {
                self.set_stage(FireStage::Spare {
                    zone,
                    hits,
                    aircraft: victim,
                });
                return false;
            }
            self.hit_aircraft(victim);
            hits -= 1;
        }
        true
    }

    /// Draws until a card names an aircraft among `candidates`; `None` on the Wild (the player picks).
    fn draw_victim(&mut self, candidates: &[u8]) -> Option<u8> {
        let mut seen = Vec::new();
        let mut victim = candidates[0];
        let mut wild = false;
        for _ in 0..200 {
            let Some(card) = self.draw_counted(&mut seen, None) else {
                break;
            };
            self.resolution.discard(card);
            if card == WILD {
                wild = true;
                break;
            }
            let id = content().res(card).aircraft;
            if id > 0 && candidates.contains(&(id - 1)) {
                victim = id - 1;
                break;
            }
        }
        let message = if wild {
            msg("WILD: you pick the aircraft hit")
        } else {
            msg("Hit falls on {a}").term("a", aircraft_name(victim))
        };
        self.log_draw("4.3.3 E", message, seen);
        (!wild).then_some(victim)
    }

    pub fn can_spare(&self, a: u8) -> bool {
        let Some(p) = self.aircraft[usize::from(a)].pilot else {
            return false;
        };
        matches!(
            content().pilots[usize::from(p)].name.as_str(),
            "Claws" | "Hoist"
        )
    }

    /// The player's answer at a fire decision, continuing the allocation.
    pub fn resume_allocation(&mut self, zone: u8, hits: u8, victim: u8, spare: bool) {
        let mut left = hits;
        if spare {
            let p = self.aircraft[usize::from(victim)].pilot.unwrap_or(0);
            let name = content().pilots[usize::from(p)].name.clone();
            self.pilot_card_used(victim);
            if name == "Claws"
                && let Some(f) = self.fire.as_mut()
            {
                f.spared = Some(victim);
            }
            self.log.add(
                "2.4.1",
                msg("{p}'s card cancels a hit on {a}")
                    .term("p", name.clone())
                    .term("a", aircraft_name(victim)),
            );
            left -= 1;
        } else if self.kind(victim) == Kind::FastMover {
            self.lose_fast_mover(victim);
            left -= 1;
        } else if self.can_spare(victim)
            && !matches!(
                self.fire.as_ref().map(|f| &f.stage),
                Some(FireStage::Spare { .. })
            )
        {
            self.set_stage(FireStage::Spare {
                zone,
                hits,
                aircraft: victim,
            });
            return;
        } else {
            self.hit_aircraft(victim);
            left -= 1;
        }
        self.set_stage(FireStage::Allocate { zone, hits: left });
    }

    fn lose_fast_mover(&mut self, a: u8) {
        self.discard_assigned(a);
        let ac = &mut self.aircraft[usize::from(a)];
        ac.place = Place::Gone;
        ac.fate = Fate::Lost;
        self.note(Happening::AircraftLost { aircraft: a });
        self.log.add(
            "4.3.3 E",
            msg("{a} is hit and leaves the game").term("a", aircraft_name(a)),
        );
    }

    /// One hit on a Sandy, FAC or helicopter (4.3.3 E).
    pub fn hit_aircraft(&mut self, a: u8) {
        let i = usize::from(a);
        let Place::Zone(zone) = self.aircraft[i].place else {
            return;
        };
        if !self.aircraft[i].shaken {
            self.aircraft[i].shaken = true;
            self.discard_assigned(a);
            self.log.add(
                "4.3.3 E",
                msg("{a} is hit and Shaken").term("a", aircraft_name(a)),
            );
            return;
        }
        self.discard_assigned(a);
        self.aircraft[i].place = Place::Gone;
        let want = Want::Avoid(Symbol::Blast);
        let card = self
            .draw_one(
                Some(want),
                "4.3.3 E",
                msg("{a} goes down").term("a", aircraft_name(a)),
            )
            .unwrap_or(WILD);
        let destroyed = self.symbol_of(card, want) == Symbol::Blast;
        let pilot = self.aircraft[i].pilot.take();
        let aboard: Vec<usize> = (0..self.survivors.len())
            .filter(|&s| self.survivors[s].place == SurvivorPlace::Aboard(a))
            .collect();
        if destroyed {
            self.aircraft[i].fate = Fate::Destroyed;
            for &s in &aboard {
                self.place_survivor(s, SurvivorPlace::Killed);
            }
            if let Some(p) = pilot {
                self.pilot_lost(p);
            }
            self.move_abort(2);
            self.note(Happening::AircraftLost { aircraft: a });
            self.log.add(
                "4.3.3 E",
                msg_n(
                    "{a} is destroyed: crew and {n} Survivor aboard killed; Abort {abort}",
                    "{a} is destroyed: crew and {n} Survivors aboard killed; Abort {abort}",
                    aboard.len(),
                )
                .term("a", aircraft_name(a))
                .arg("n", aboard.len())
                .arg("abort", self.abort),
            );
            return;
        }
        self.aircraft[i].fate = Fate::ShotDown;
        let hoist = pilot.is_some_and(|p| content().pilots[usize::from(p)].name == "Hoist");
        if aboard.is_empty() {
            let injured = card % 2 == 1;
            self.survivors.push(Survivor {
                place: SurvivorPlace::Stranded(zone),
                injured,
                pinpointed: true,
                pilot,
                downed_from: Some(a),
                turn: Some(self.turn),
            });
            self.note(Happening::AircraftLost { aircraft: a });
            self.log.add(
                "4.3.3 E",
                msg("{a} is shot down: a {state} Survivor in {zone}")
                    .term("a", aircraft_name(a))
                    .term(
                        "state",
                        if injured {
                            n_("Injured")
                        } else {
                            n_("Healthy")
                        },
                    )
                    .term("zone", ZONE_NAMES[usize::from(zone)]),
            );
        } else {
            for (k, &s) in aboard.iter().enumerate() {
                self.place_survivor(s, SurvivorPlace::Stranded(zone));
                if k == 0 && pilot.is_some() && self.survivors[s].pilot.is_none() {
                    self.survivors[s].pilot = pilot;
                }
                if !self.survivors[s].injured && !hoist {
                    let c = self
                        .draw_one(None, "4.3.3 E", msg("Is the Survivor hurt in the crash?"))
                        .unwrap_or(WILD);
                    self.survivors[s].injured = c % 2 == 1;
                }
            }
            if let Some(p) = pilot
                && !aboard.iter().any(|&s| self.survivors[s].pilot == Some(p))
            {
                self.survivors.push(Survivor {
                    place: SurvivorPlace::Stranded(zone),
                    injured: false,
                    pinpointed: true,
                    pilot: Some(p),
                    downed_from: Some(a),
                    turn: Some(self.turn),
                });
            }
            self.note(Happening::AircraftLost { aircraft: a });
            self.log.add(
                "4.3.3 E",
                msg_n(
                    "{a} is shot down with {n} Survivor aboard: stranded in {zone}",
                    "{a} is shot down with {n} Survivors aboard: they are stranded in {zone}",
                    aboard.len(),
                )
                .term("a", aircraft_name(a))
                .arg("n", aboard.len())
                .term("zone", ZONE_NAMES[usize::from(zone)]),
            );
        }
        self.move_abort(1);
    }

    /// Moves the Abort marker toward Auto Abort; reaching it aborts the mission (2.1.1).
    pub fn move_abort(&mut self, by: u8) {
        let auto = content().tracks.abort_auto;
        self.abort = (self.abort + by).min(auto);
        if self.abort >= auto {
            self.auto_aborted = true;
            self.aborted = true;
            self.log.add(
                "2.1.1",
                msg("The Abort marker reaches AUTO ABORT: the mission is aborted"),
            );
        }
    }

    /// Whether any assigned Suppress card could be played now on an active gun.
    pub fn suppress_possible(&self) -> bool {
        (0..5u8).any(|zone| {
            let z = &self.zones[usize::from(zone)];
            z.card_box
                .iter()
                .any(|&(c, _)| content().action(c).title == "Suppress")
                && z.units.iter().any(|u| {
                    !content().units[usize::from(u.counter)].barrage && self.active(zone, u)
                })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit(name: &str) -> u8 {
        content().units.iter().position(|u| u.name == name).unwrap() as u8
    }

    #[test]
    fn gun_ranges_follow_the_range_table() {
        // 9.5: one number = own zone only; L/R = own and adjacent; L/R* = anywhere on the map.
        let (dshk, m38, s60, barrage) = (unit("DShK"), unit("M38"), unit("S-60"), unit("Barrage"));
        assert_eq!(firepower(dshk, 1, 1), Some(1));
        assert_eq!(firepower(dshk, 1, 0), None);
        assert_eq!(firepower(m38, 0, 0), Some(2));
        assert_eq!(firepower(m38, 0, 3), Some(1));
        assert_eq!(
            firepower(m38, 1, 3),
            None,
            "North and South are not adjacent"
        );
        assert_eq!(firepower(s60, 1, 3), Some(2));
        assert_eq!(firepower(s60, 2, 2), Some(1));
        assert_eq!(firepower(barrage, 2, 2), None, "Barrages never fire");
    }
}
