//! The Event Phase (4.1, 2.2.3): one Event card a turn from turn 2, effects per G-4.

use crate::engine::log::Random;
use crate::engine::message::msg;

use super::content::{Kind, Symbol, ZoneMarker, content};
use super::markers::MarkerKind;
use super::record::Happening;
use super::state::{Csar, Place, Step, SurvivorPlace, Want, ZONE_NAMES, aircraft_name};

const R: &str = "4.1";
/// The optional ArcLight strike of Streetcar Down (G-13).
const ARCLIGHT: &str = "7.2";

impl Csar {
    /// G-13 (optional RECON): at the start of Streetcar Down's grounded turn the B-52s strike.
    /// Every Enemy Gun, Barrage and Target of Opportunity in a zone with no stranded Survivor
    /// takes one draw; a BLAST removes it (a gun moves Abort 1 toward 0, a Target of
    /// Opportunity 2, a Barrage nothing: A-18).
    fn arclight_strike(&mut self) {
        self.log.add(
            ARCLIGHT,
            msg("ArcLight: the B-52s strike every zone without a Survivor"),
        );
        for zone in 0..5u8 {
            if self.stranded().any(|(_, z)| z == zone) {
                continue;
            }
            let units: Vec<u8> = self.zones[usize::from(zone)]
                .units
                .iter()
                .map(|u| u.counter)
                .collect();
            for counter in units {
                let blast = self.draw_for(
                    1,
                    Want::Get(Symbol::Blast),
                    ARCLIGHT,
                    msg("ArcLight on {unit} in {zone}")
                        .term("unit", &content().units[usize::from(counter)].name)
                        .term("zone", ZONE_NAMES[usize::from(zone)]),
                );
                if blast {
                    self.remove_unit(zone, counter, ARCLIGHT);
                }
            }
            if self.zones[usize::from(zone)].has(ZoneMarker::TargetOfOpportunity) {
                let blast = self.draw_for(
                    1,
                    Want::Get(Symbol::Blast),
                    ARCLIGHT,
                    msg("ArcLight on the Target of Opportunity in {zone}")
                        .term("zone", ZONE_NAMES[usize::from(zone)]),
                );
                if blast {
                    self.destroy_too(zone, ARCLIGHT);
                }
            }
        }
    }

    /// Draws and resolves the turn's Event. Sets the next step (a choice, or the Draw segment).
    pub fn event_phase(&mut self) {
        self.step = Step::Draw;
        if self.options.arclight_strike && self.grounded() {
            self.arclight_strike();
        }
        let Some(drawn) = self.events.draw(&mut self.rng) else {
            return;
        };
        let card = drawn.card;
        self.note(Happening::Event { card });
        let ev = &content().events[usize::from(card)];
        self.log.add_with(
            R,
            msg("Event: {title}").term("title", &ev.title),
            vec![Random::Cards(vec![ev.title.as_str().into()])],
        );
        let mut stays = false;
        match ev.effect.as_str() {
            "wind_shift" => {
                for z in self.zones.iter_mut() {
                    z.smoke.clear();
                    z.cs_gas = None;
                }
            }
            "comms_trouble" => self.comms_trouble = true,
            "evacuation" => {
                let helis: Vec<u8> = self.in_place(Place::Orbit, |k| k == Kind::Helicopter);
                if !helis.is_empty() {
                    let pick = self.determine(
                        helis.len(),
                        R,
                        msg("Which helicopter is called away: outcome {pick}"),
                    );
                    self.evacuating = Some(helis[pick]);
                }
            }
            "hydraulics_failure" => {
                let cool: Vec<u8> = (0..self.aircraft.len() as u8)
                    .filter(|&a| {
                        let ac = &self.aircraft[usize::from(a)];
                        matches!(ac.place, Place::Zone(_))
                            && ac.kind != Kind::FastMover
                            && !ac.shaken
                    })
                    .collect();
                if !cool.is_empty() {
                    let pick =
                        self.determine(cool.len(), R, msg("Which aircraft fails: outcome {pick}"));
                    self.aircraft[usize::from(cool[pick])].shaken = true;
                    self.log
                        .add(R, msg("{a} is Shaken").term("a", aircraft_name(cool[pick])));
                }
            }
            "reinforcements" => {
                let zone =
                    self.determine(5, R, msg("Where the enemy arrives: outcome {pick}")) as u8;
                let names = self.place_units(zone, 1);
                self.log.add(
                    R,
                    msg("{units} arrive in {zone}")
                        .arg("units", names.join(", "))
                        .term("zone", ZONE_NAMES[usize::from(zone)]),
                );
                self.start_fire(true);
            }
            "migs" => self.migs = true,
            "rules_of_engagement" => {
                let zones: Vec<u8> = (0..5u8)
                    .filter(|&z| {
                        !self.zones[usize::from(z)].units.is_empty()
                            || self.zones[usize::from(z)].has_too()
                    })
                    .collect();
                if !zones.is_empty() {
                    let pick = self.determine(
                        zones.len(),
                        R,
                        msg("Where the rules of engagement apply: outcome {pick}"),
                    );
                    self.zones[usize::from(zones[pick])].roe_until = Some(self.turn + 1);
                    self.events_in_play.push(card);
                    stays = true;
                }
            }
            "survivor_injured" => {
                let healthy: Vec<u8> = self
                    .stranded()
                    .filter(|&(s, _)| !self.survivors[usize::from(s)].injured)
                    .map(|(s, _)| s)
                    .collect();
                if !healthy.is_empty() {
                    let pick = self.determine(
                        healthy.len(),
                        R,
                        msg("Which Survivor is hurt: outcome {pick}"),
                    );
                    self.survivors[usize::from(healthy[pick])].injured = true;
                }
            }
            "search_party" if self.any_stranded() => {
                self.search = (self.search + 1).min(self.search_cap);
            }
            "good_hiding_place" => self.search = self.search.saturating_sub(1),
            "flak_trap" => {
                let zones: Vec<u8> = (0..5u8)
                    .filter(|&z| self.zones[usize::from(z)].hidden.is_some())
                    .collect();
                if !zones.is_empty() {
                    let pick = self.determine(
                        zones.len(),
                        R,
                        msg("Which Hidden marker springs the trap: outcome {pick}"),
                    );
                    self.reveal(zones[pick], MarkerKind::Hidden, R);
                    self.start_fire(true);
                }
            }
            "bingo_fuel" => {
                let sandys: Vec<u8> = (0..self.aircraft.len() as u8)
                    .filter(|&a| {
                        self.kind(a) == Kind::Sandy
                            && matches!(self.aircraft[usize::from(a)].place, Place::Zone(_))
                    })
                    .collect();
                if !sandys.is_empty() {
                    let pick = self.determine(
                        sandys.len(),
                        R,
                        msg("Which Sandy runs low on fuel: outcome {pick}"),
                    );
                    self.to_orbit(sandys[pick]);
                }
            }
            "radio_contact" => self.radio_contact = true,
            "firebase_support" => {
                let mut guns = Vec::new();
                for z in 0..5u8 {
                    if self.stranded().any(|(_, sz)| sz == z) {
                        continue;
                    }
                    for u in &self.zones[usize::from(z)].units {
                        if !content().units[usize::from(u.counter)].barrage && !u.suppressed {
                            guns.push((z, u.counter));
                        }
                    }
                }
                if !guns.is_empty() {
                    let pick = self.determine(
                        guns.len(),
                        R,
                        msg("Which gun the firebase shells: outcome {pick}"),
                    );
                    let (z, c) = guns[pick];
                    if let Some(i) = self.unit_index(z, c) {
                        self.zones[usize::from(z)].units[i].suppressed = true;
                    }
                }
            }
            "clear_skies" if !self.shaken_aircraft().is_empty() => {
                self.step = Step::ClearSkies;
            }
            _ => {}
        }
        if !stays {
            self.events.discard(card);
        }
    }

    pub fn shaken_aircraft(&self) -> Vec<u8> {
        (0..self.aircraft.len() as u8)
            .filter(|&a| {
                let ac = &self.aircraft[usize::from(a)];
                ac.kind != Kind::FastMover
                    && ac.shaken
                    && matches!(ac.place, Place::Zone(_) | Place::Orbit)
            })
            .collect()
    }

    pub fn in_place(&self, place: Place, kind: impl Fn(Kind) -> bool) -> Vec<u8> {
        (0..self.aircraft.len() as u8)
            .filter(|&a| self.aircraft[usize::from(a)].place == place && kind(self.kind(a)))
            .collect()
    }

    /// Survivors still on the map: stranded or aboard a helicopter in a map zone.
    pub fn survivors_on_map(&self) -> bool {
        self.survivors.iter().any(|s| {
            matches!(
                s.place,
                SurvivorPlace::Stranded(_) | SurvivorPlace::Aboard(_)
            )
        })
    }
}
