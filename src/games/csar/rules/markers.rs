//! Hidden and Enemy markers, enemy units, ordnance markers and the Marker Adjustment Segment.

use crate::engine::log::Random;
use crate::engine::message::{msg, msg_n, n_};

use super::content::{Kind, MarkerValue, content};
use super::record::Happening;
use super::state::{Csar, Fate, Place, Placed, SurvivorPlace, ZONE_NAMES};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MarkerKind {
    Hidden,
    Enemy,
}

impl Csar {
    fn marker_value(kind: MarkerKind, id: u8) -> MarkerValue {
        match kind {
            MarkerKind::Hidden => content().hidden[usize::from(id)],
            MarkerKind::Enemy => content().enemy[usize::from(id)],
        }
    }

    /// Turns up the zone's marker of `kind` (if face down) and places its units (9.4, §4.5).
    /// Returns how many units were placed; they are `fresh`.
    pub fn reveal(&mut self, zone: u8, kind: MarkerKind, rule: &'static str) -> Option<u8> {
        let z = usize::from(zone);
        let id = match kind {
            MarkerKind::Hidden => self.zones[z].hidden.take(),
            MarkerKind::Enemy => self.zones[z].enemy.take(),
        }?;
        let first = Self::marker_value(kind, id);
        let mut shown = vec![first.label()];
        // For the log: the marker and any 1+ extras, out of the markers still unseen.
        let unseen = 1 + match kind {
            MarkerKind::Hidden => self.hidden_cup.len(),
            MarkerKind::Enemy => self.enemy_cup.len(),
        };
        let mut total = 0u8;
        let mut value = first;
        self.marker_out(kind, id);
        // 1+: add another marker of the same kind from its cup; a second 1+ counts 1 and chains;
        // an empty cup makes it a plain 1. Extra markers are set aside.
        loop {
            match value {
                MarkerValue::Plain(n) => {
                    total += n;
                    break;
                }
                MarkerValue::OnePlus => {
                    let extra = match kind {
                        MarkerKind::Hidden => self.hidden_cup.draw(&mut self.rng),
                        MarkerKind::Enemy => self.enemy_cup.draw(&mut self.rng),
                    };
                    match extra {
                        None => {
                            total += 1;
                            break;
                        }
                        Some(e) => {
                            total += 1;
                            value = Self::marker_value(kind, e);
                            shown.push(value.label());
                            self.marker_out(kind, e);
                        }
                    }
                }
            }
        }
        let placed = self.place_units(zone, total);
        let label = match kind {
            MarkerKind::Hidden => n_("Hidden"),
            MarkerKind::Enemy => n_("Enemy"),
        };
        self.log.add_with(
            rule,
            match placed.len() {
                0 => msg("{kind} marker in {zone} turned up: no enemy unit"),
                n => msg_n(
                    "{kind} marker in {zone} turned up: {n} enemy unit ({units})",
                    "{kind} marker in {zone} turned up: {n} enemy units ({units})",
                    n,
                ),
            }
            .term("kind", label)
            .term("zone", ZONE_NAMES[z])
            .arg("n", placed.len())
            .arg("units", placed.join(", ")),
            vec![Random::Pick {
                picked: shown.join(" + "),
                out_of: unseen,
            }],
        );
        Some(total)
    }

    fn marker_out(&mut self, kind: MarkerKind, id: u8) {
        match kind {
            MarkerKind::Hidden => self.hidden_out.push(id),
            MarkerKind::Enemy => self.enemy_out.push(id),
        }
    }

    /// Draws `n` units from the Enemy Guns/Barrages cup into `zone` (what is left if it runs out).
    pub fn place_units(&mut self, zone: u8, n: u8) -> Vec<String> {
        let mut names = Vec::new();
        for _ in 0..n {
            let Some(counter) = self.unit_cup.draw(&mut self.rng) else {
                break;
            };
            self.put_unit(zone, counter);
            names.push(content().units[usize::from(counter)].name.clone());
        }
        names
    }

    pub fn put_unit(&mut self, zone: u8, counter: u8) {
        let suppressed = self.zones[usize::from(zone)].cs_gas.is_some();
        self.zones[usize::from(zone)].units.push(Placed {
            counter,
            suppressed,
            fired: false,
            hits: 0,
            mark: None,
            fresh: true,
            target: None,
            hit_this_turn: false,
        });
    }

    /// Takes a unit off the map for good; guns move Abort one space toward 0.
    pub fn remove_unit(&mut self, zone: u8, counter: u8, rule: &'static str) {
        let Some(i) = self.unit_index(zone, counter) else {
            return;
        };
        let unit = self.zones[usize::from(zone)].units.remove(i);
        self.units_out.push(unit.counter);
        self.note(Happening::UnitRemoved { counter });
        let data = &content().units[usize::from(counter)];
        if !data.barrage {
            self.abort = self.abort.saturating_sub(1);
        }
        self.log.add(
            rule,
            msg("{unit} in {zone} is removed; Abort now {abort}")
                .term("unit", &data.name)
                .term("zone", ZONE_NAMES[usize::from(zone)])
                .arg("abort", self.abort),
        );
    }

    /// A Target of Opportunity destroyed: its marker leaves and Abort moves 2 toward 0 (9.3).
    pub fn destroy_too(&mut self, zone: u8, rule: &'static str) {
        let z = &mut self.zones[usize::from(zone)];
        if let Some(i) = z.markers.iter().position(|&m| {
            content().zone_markers[usize::from(m)]
                == super::content::ZoneMarker::TargetOfOpportunity
        }) {
            let m = z.markers.remove(i);
            z.too_hits = 0;
            z.too_mark = None;
            self.zone_out.push(m);
            self.abort = self.abort.saturating_sub(2);
            self.note(Happening::TargetDestroyed);
            self.log.add(
                rule,
                msg("Target of Opportunity in {zone} destroyed; Abort now {abort}")
                    .term("zone", ZONE_NAMES[usize::from(zone)])
                    .arg("abort", self.abort),
            );
        }
    }

    pub fn free_smoke(&self) -> bool {
        self.zones.iter().map(|z| z.smoke.len()).sum::<usize>()
            < usize::from(content().ordnance.smoke)
    }
    pub fn free_cs_gas(&self) -> bool {
        self.zones.iter().filter(|z| z.cs_gas.is_some()).count()
            < usize::from(content().ordnance.cs_gas)
    }
    pub fn free_cluster(&self) -> bool {
        self.zones
            .iter()
            .map(|z| usize::from(z.cluster))
            .sum::<usize>()
            < usize::from(content().ordnance.cluster)
    }
    pub fn marks_used(&self) -> usize {
        self.zones
            .iter()
            .map(|z| {
                z.units.iter().filter(|u| u.mark.is_some()).count()
                    + usize::from(z.too_mark.is_some())
            })
            .sum()
    }
    pub fn free_mark(&self) -> bool {
        self.marks_used() < usize::from(content().ordnance.mark)
    }

    /// The Marker Adjustment Segment (4.4.5), its twelve steps in order (§4.14).
    pub fn marker_adjustment(&mut self) {
        const R: &str = "4.4.5";
        let scen = self.scenario_data();
        // 1. Hit markers off. 2. TWO sides off. 3. ONE sides to TWO.
        for z in self.zones.iter_mut() {
            z.too_hits = 0;
            for u in z.units.iter_mut() {
                u.hits = 0;
                u.hit_this_turn = false;
                u.mark = match u.mark {
                    Some(1) => Some(2),
                    _ => None,
                };
            }
            z.too_mark = match z.too_mark {
                Some(1) => Some(2),
                _ => None,
            };
            z.cs_gas = match z.cs_gas {
                Some(1) => Some(2),
                _ => None,
            };
            z.smoke.retain(|&s| s == 1);
            for s in z.smoke.iter_mut() {
                *s = 2;
            }
            // 4. Suppressed guns back to Active (a CS Gas zone keeps them silent, A-11).
            // 5. Fired guns upright.
            for u in z.units.iter_mut() {
                u.suppressed = false;
                u.fired = false;
                u.target = None;
                u.fresh = false;
            }
            if z.roe_until.is_some_and(|t| t <= self.turn) {
                z.roe_until = None;
            }
        }
        let roe_zones_left = self.zones.iter().filter(|z| z.roe_until.is_some()).count();
        while self.events_in_play.len() > roe_zones_left {
            let e = self.events_in_play.remove(0);
            self.events.discard(e);
        }
        // 6. Fast Movers on EXIT go back to the Pool.
        for a in self.aircraft.iter_mut() {
            if a.kind == Kind::FastMover
                && a.shaken
                && matches!(a.place, Place::Orbit | Place::Zone(_))
            {
                a.place = Place::Pool;
                a.shaken = false;
            }
        }
        // 7. Fast Movers still on the map to the Orbit Box (Streetcar Down turn 5: everyone).
        let withdraw = scen.withdraw_turn == Some(self.turn) && self.campaign.is_none();
        for i in 0..self.aircraft.len() {
            if let Place::Zone(_) = self.aircraft[i].place
                && (self.aircraft[i].kind == Kind::FastMover || withdraw)
            {
                self.to_orbit(i as u8);
            }
        }
        if withdraw {
            self.log.add(
                "7.0",
                msg("Streetcar Down: every aircraft withdraws to the Orbit Box"),
            );
        }
        // 8. Fast Movers in the Orbit Box flip to EXIT (Air Force Cross turns 1-6: to the Pool).
        let to_pool = scen
            .fast_movers_return_until
            .is_some_and(|t| self.turn <= t)
            && self.campaign.is_none();
        for a in self.aircraft.iter_mut() {
            if a.kind == Kind::FastMover && a.place == Place::Orbit {
                if to_pool {
                    a.place = Place::Pool;
                } else {
                    a.shaken = true;
                }
            }
        }
        // 9. Shaken aircraft in the Orbit Box recover.
        for a in self.aircraft.iter_mut() {
            if a.kind != Kind::FastMover && a.place == Place::Orbit {
                a.shaken = false;
            }
        }
        // 10. Barrages shake every other aircraft in their zone.
        for zone in 0..5u8 {
            let barrage = self.zones[usize::from(zone)]
                .units
                .iter()
                .any(|u| content().units[usize::from(u.counter)].barrage);
            if barrage {
                for a in self.aircraft.iter_mut() {
                    if a.place == Place::Zone(zone) && a.kind != Kind::FastMover {
                        a.shaken = true;
                    }
                }
            }
        }
        // 11. Search +1 while a Survivor is stranded.
        if self.any_stranded() {
            self.search = (self.search + 1).min(self.search_cap);
        }
        // 12. The Turn marker advances (done by the turn loop).
        if let Some(turn) = self.record.last_mut() {
            (turn.search, turn.abort) = (Some(self.search), Some(self.abort));
        }
        let survivors = self.survivor_count();
        if let Some(turn) = self.record.last_mut() {
            turn.survivors = Some(survivors);
        }
        self.log.add(
            R,
            msg("Markers adjusted; Search {search}, Abort {abort}")
                .arg("search", self.search)
                .arg("abort", self.abort),
        );
    }

    /// Moves an aircraft to the Orbit Box; Survivors aboard a helicopter leave the map (G-21).
    pub fn to_orbit(&mut self, a: u8) {
        self.aircraft[usize::from(a)].place = Place::Orbit;
        for s in 0..self.survivors.len() {
            if self.survivors[s].place == SurvivorPlace::Aboard(a) {
                self.place_survivor(s, SurvivorPlace::OffMap);
            }
        }
        self.discard_assigned(a);
    }

    /// Discards every card assigned to `a`.
    pub fn discard_assigned(&mut self, a: u8) {
        for zone in 0..5 {
            let mut kept = Vec::new();
            for (card, who) in std::mem::take(&mut self.zones[zone].card_box) {
                if who == a {
                    self.actions.discard(card);
                } else {
                    kept.push((card, who));
                }
            }
            self.zones[zone].card_box = kept;
        }
    }

    pub fn flying(&self, a: u8) -> bool {
        self.aircraft[usize::from(a)].fate == Fate::Flying
    }
}
