//! The player's actions, and the effects of Action cards (4.2.3, 4.3.4, 9.1–9.3, G-3).

use serde::{Deserialize, Serialize};

use crate::engine::message::{msg, msg_n};

use super::content::{CardKind, Symbol, ZoneMarker, content};
use super::markers::MarkerKind;
use super::record::Happening;
use super::state::{Csar, Place, SurvivorPlace, Want, ZONE_NAMES, adjacent, aircraft_name};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Target {
    /// The card acts on its whole zone.
    Zone,
    /// An enemy unit counter (gun or Barrage).
    Unit(u8),
    TargetOfOpportunity,
    /// CBU's other use: the Search marker.
    Search,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CommandTarget {
    None,
    /// Move Survivor / Exfil Team: which Survivor, to which zone (`None`: off the map).
    Survivor {
        survivor: u8,
        to: Option<u8>,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Purchase {
    /// One copy of a card title set aside for the campaign (index into the campaign set).
    Card(u8),
    ExtraTurn,
    Pilot(u8),
    FastMover,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    Buy(Purchase),
    ChoosePilot(u8),
    DrawPilot,
    PlacePilot(u8),
    TakeCard(u8),
    RevealZone(u8),
    Reserve(u8),
    DiscardReserve(u8),
    PlayCommand {
        card: u8,
        target: CommandTarget,
    },
    DiscardCommand(u8),
    /// Picks the aircraft to move next (the window then offers its destinations).
    Select(u8),
    Move {
        aircraft: u8,
        to: Place,
    },
    Assign {
        card: u8,
        aircraft: u8,
    },
    Suppress {
        card: u8,
        gun: u8,
        second: Option<u8>,
    },
    FireAt(u8),
    Burn(u8),
    HitAircraft(u8),
    UsePilotCard,
    Play {
        card: u8,
        target: Target,
    },
    DiscardAssigned(u8),
    Rescue {
        heli: u8,
        survivor: u8,
        pj_card: bool,
    },
    /// A Pilot's own discard ability outside fire (Piney: recover; Covey: reveal).
    PilotAbility(u8),
    ClearSkies(u8),
    /// Says what the Wild card just drawn counts as (2.2.1): a symbol, `Reshuffle`, or `Wild`
    /// to keep it as it is where only the aircraft picked or the card's number matters.
    NameWild(Symbol),
    /// Ends the current segment or decision (take the hits, draw, no more moves…).
    Done,
}

pub fn title(card: u8) -> &'static str {
    &content().action(card).title
}

/// Zones a stranded Survivor may be moved to (9.2, 9.3): never into, out of or through
/// Impassable or Cluster Munitions zones.
pub fn survivor_steps(state: &Csar, from: u8, steps: u8) -> Vec<u8> {
    let blocked = |z: u8| {
        let zone = &state.zones[usize::from(z)];
        zone.has(ZoneMarker::Impassable) || zone.cluster > 0
    };
    if blocked(from) {
        return Vec::new();
    }
    let mut out: Vec<u8> = Vec::new();
    let mut frontier = vec![from];
    for _ in 0..steps {
        let mut next = Vec::new();
        for &z in &frontier {
            for t in 0..5u8 {
                if adjacent(z, t) && t != from && !blocked(t) && !out.contains(&t) {
                    out.push(t);
                    next.push(t);
                }
            }
        }
        frontier = next;
    }
    out
}

impl Csar {
    pub fn card_zone(&self, card: u8) -> Option<(u8, u8)> {
        (0..5u8).find_map(|z| {
            self.zones[usize::from(z)]
                .card_box
                .iter()
                .find(|(c, _)| *c == card)
                .map(|&(_, a)| (z, a))
        })
    }

    fn take_from_box(&mut self, card: u8) {
        for z in self.zones.iter_mut() {
            z.card_box.retain(|(c, _)| *c != card);
        }
    }

    /// Whether Attack, Napalm and CBU may strike in `zone` (Rules of Engagement, 9.3).
    pub fn strikes_allowed(&self, zone: u8) -> bool {
        self.zones[usize::from(zone)].roe_until.is_none()
    }

    /// Every legal (card, target) for an assigned Aircraft card other than Suppress.
    pub fn play_targets(&self, card: u8) -> Vec<Target> {
        let Some((zone, _)) = self.card_zone(card) else {
            return Vec::new();
        };
        let z = &self.zones[usize::from(zone)];
        let strikes = self.strikes_allowed(zone);
        let village = z.has(ZoneMarker::Village);
        let guns = || {
            z.units
                .iter()
                .filter(|u| !content().units[usize::from(u.counter)].barrage)
                .map(|u| Target::Unit(u.counter))
        };
        let mut out = Vec::new();
        match title(card) {
            "Troll for Fire" if z.enemy.is_some() && !z.has(ZoneMarker::HeavyJungle) => {
                out.push(Target::Zone);
            }
            "Attack" if strikes => {
                out.extend(z.units.iter().map(|u| Target::Unit(u.counter)));
                if z.has_too() {
                    out.push(Target::TargetOfOpportunity);
                }
            }
            "Mark Target" if self.free_mark() => {
                out.extend(
                    z.units
                        .iter()
                        .filter(|u| {
                            u.mark.is_none() && !content().units[usize::from(u.counter)].barrage
                        })
                        .map(|u| Target::Unit(u.counter)),
                );
                if z.has_too() && z.too_mark.is_none() {
                    out.push(Target::TargetOfOpportunity);
                }
            }
            "Ordnance: Napalm"
                if strikes && !village && (guns().next().is_some() || z.has_too()) =>
            {
                out.push(Target::Zone);
            }
            "Ordnance: CBU" if !village && self.free_cluster() => {
                if strikes {
                    out.extend(guns());
                    if z.has_too() {
                        out.push(Target::TargetOfOpportunity);
                    }
                }
                if self.stranded().any(|(_, sz)| sz == zone) {
                    out.push(Target::Search);
                }
            }
            "Ordnance: CS Gas" if !village && self.free_cs_gas() => {
                out.push(Target::Zone);
            }
            "Ordnance: Smoke" | "Smoke Marker" if self.free_smoke() => {
                out.push(Target::Zone);
            }
            _ => {}
        }
        out
    }

    /// Plays an assigned Aircraft card on a target already checked legal.
    pub fn play_card(&mut self, card: u8, target: Target) {
        let Some((zone, aircraft)) = self.card_zone(card) else {
            return;
        };
        self.take_from_box(card);
        let name = title(card);
        let zi = usize::from(zone);
        self.note(Happening::Played {
            aircraft,
            card,
            zone,
        });
        self.log.add(
            "4.3.4",
            msg("{a} plays {card} in {zone}")
                .term("a", aircraft_name(aircraft))
                .term("card", name)
                .term("zone", ZONE_NAMES[zi]),
        );
        let claws = u8::from(self.pilot_named(aircraft, "Claws"));
        let mut strike = false;
        match (name, target) {
            ("Troll for Fire", _) => {
                self.finish_card(card);
                self.reveal(zone, MarkerKind::Enemy, "4.3.4");
                self.start_fire(true);
                return;
            }
            ("Attack", Target::Unit(c)) if content().units[usize::from(c)].barrage => {
                self.remove_unit(zone, c, "4.3.4");
                strike = true;
            }
            ("Attack", t) => {
                self.add_hits(zone, t, 2 + claws);
                strike = true;
            }
            ("Mark Target", Target::Unit(c)) => {
                if let Some(i) = self.unit_index(zone, c) {
                    self.zones[zi].units[i].mark = Some(1);
                }
            }
            ("Mark Target", _) => self.zones[zi].too_mark = Some(1),
            ("Ordnance: Napalm", _) => {
                let guns: Vec<u8> = self.zones[zi]
                    .units
                    .iter()
                    .filter(|u| !content().units[usize::from(u.counter)].barrage)
                    .map(|u| u.counter)
                    .collect();
                for g in guns {
                    self.add_hits(zone, Target::Unit(g), 2 + claws);
                }
                if self.zones[zi].has_too() {
                    self.add_hits(zone, Target::TargetOfOpportunity, 2 + claws);
                }
                strike = true;
            }
            ("Ordnance: CBU", t) => {
                self.zones[zi].cluster += 1;
                match t {
                    Target::Unit(c) => self.remove_unit(zone, c, "9.2"),
                    Target::TargetOfOpportunity => self.destroy_too(zone, "9.3"),
                    _ => {
                        self.search = self.search.saturating_sub(2);
                        self.log.add(
                            "9.2",
                            msg("CBU keeps the search parties down: Search {s}")
                                .arg("s", self.search),
                        );
                    }
                }
                strike = true;
            }
            ("Ordnance: CS Gas", _) => self.zones[zi].cs_gas = Some(1),
            _ => self.zones[zi].smoke.push(1),
        }
        self.finish_card(card);
        if strike {
            self.danger_close(zone);
        }
    }

    fn add_hits(&mut self, zone: u8, target: Target, base: u8) {
        let zi = usize::from(zone);
        match target {
            Target::Unit(c) => {
                if let Some(i) = self.unit_index(zone, c) {
                    let u = &mut self.zones[zi].units[i];
                    let n = if u.mark.is_some() { base * 2 } else { base };
                    u.hits += n;
                    u.hit_this_turn = true;
                    self.log.add(
                        "9.1",
                        msg_n("{n} hit on {gun}", "{n} hits on {gun}", n)
                            .arg("n", n)
                            .term("gun", &content().units[usize::from(c)].name),
                    );
                }
            }
            _ => {
                let z = &mut self.zones[zi];
                let n = if z.too_mark.is_some() { base * 2 } else { base };
                z.too_hits += n;
                self.log.add(
                    "9.3",
                    msg_n(
                        "{n} hit on the Target of Opportunity",
                        "{n} hits on the Target of Opportunity",
                        n,
                    )
                    .arg("n", n),
                );
            }
        }
    }

    /// Guns an assigned Suppress card may silence now.
    pub fn suppress_targets(&self, card: u8) -> Vec<u8> {
        let Some((zone, _)) = self.card_zone(card) else {
            return Vec::new();
        };
        self.zones[usize::from(zone)]
            .units
            .iter()
            .filter(|u| !content().units[usize::from(u.counter)].barrage && self.active(zone, u))
            .map(|u| u.counter)
            .collect()
    }

    pub fn play_suppress(&mut self, card: u8, gun: u8, second: Option<u8>) {
        let Some((zone, aircraft)) = self.card_zone(card) else {
            return;
        };
        self.take_from_box(card);
        for g in std::iter::once(gun).chain(second) {
            if let Some(i) = self.unit_index(zone, g) {
                self.zones[usize::from(zone)].units[i].suppressed = true;
                self.log.add(
                    "4.3.4",
                    msg("{a} suppresses {gun} in {zone}")
                        .term("a", aircraft_name(aircraft))
                        .term("gun", &content().units[usize::from(g)].name)
                        .term("zone", ZONE_NAMES[usize::from(zone)]),
                );
            }
        }
        self.finish_card(card);
    }

    /// Legal targets of a Command card in hand (4.2.3, G-3).
    pub fn command_targets(&self, card: u8) -> Vec<CommandTarget> {
        let mut out = Vec::new();
        let in_pool = self.aircraft.iter().any(|a| a.place == Place::Pool);
        match title(card) {
            "Request Aircraft" if in_pool && !self.comms_trouble => {
                out.push(CommandTarget::None);
            }
            "Broken Arrow" if in_pool => {
                out.push(CommandTarget::None);
            }
            t @ ("Move Survivor" | "Exfil Team") => {
                for (s, zone) in self.stranded() {
                    let exfil = t == "Exfil Team";
                    let steps = if exfil || self.survivors[usize::from(s)].injured {
                        1
                    } else {
                        2
                    };
                    let dests = survivor_steps(self, zone, steps);
                    let can_leave = !dests.is_empty() || zone != 0;
                    for d in dests {
                        out.push(CommandTarget::Survivor {
                            survivor: s,
                            to: Some(d),
                        });
                    }
                    let blocked = self.zones[usize::from(zone)].has(ZoneMarker::Impassable)
                        || self.zones[usize::from(zone)].cluster > 0;
                    if exfil && zone != 0 && !blocked && can_leave {
                        out.push(CommandTarget::Survivor {
                            survivor: s,
                            to: None,
                        });
                    }
                }
            }
            _ => {}
        }
        out
    }

    pub fn play_command(&mut self, card: u8, target: CommandTarget) {
        self.hand.retain(|&c| c != card);
        let name = title(card);
        self.log
            .add("4.2.3", msg("You play {card}").term("card", name));
        match (name, target) {
            ("Request Aircraft", _) => {
                let want = Want::Avoid(Symbol::Rifle);
                let ok = self.draw_one(Some(want), "4.2.3", msg("Request Aircraft draw"));
                if ok.is_some_and(|c| self.symbol_of(c, want) != Symbol::Rifle) {
                    self.fast_mover_from_pool();
                } else {
                    self.log.add("4.2.3", msg("The request is turned down"));
                }
            }
            ("Broken Arrow", _) => while self.fast_mover_from_pool() {},
            (
                "Move Survivor",
                CommandTarget::Survivor {
                    survivor,
                    to: Some(to),
                },
            ) => {
                self.place_survivor(usize::from(survivor), SurvivorPlace::Stranded(to));
                self.log.add(
                    "9.2",
                    msg("The Survivor moves to {zone}").term("zone", ZONE_NAMES[usize::from(to)]),
                );
            }
            ("Exfil Team", CommandTarget::Survivor { survivor, to }) => {
                let want = Want::Get(Symbol::Roundel);
                let card_drawn = self.draw_one(Some(want), "9.2", msg("Exfil Team draw"));
                let sym = card_drawn.map(|c| self.symbol_of(c, want));
                if sym == Some(Symbol::Roundel) {
                    let place = match to {
                        Some(z) => SurvivorPlace::Stranded(z),
                        None => SurvivorPlace::OffMap,
                    };
                    self.place_survivor(usize::from(survivor), place);
                    self.log
                        .add("9.2", msg("The Exfil Team moves the Survivor"));
                    if !self.any_stranded() {
                        self.search = 0;
                    }
                } else if sym == Some(Symbol::Rifle) {
                    self.search = (self.search + 1).min(self.search_cap);
                    self.log.add(
                        "9.2",
                        msg("The Exfil Team is spotted: Search {s}").arg("s", self.search),
                    );
                } else {
                    self.log
                        .add("9.2", msg("The Exfil Team cannot reach the Survivor"));
                }
            }
            _ => {}
        }
        self.finish_card(card);
    }

    /// One Fast Mover Pool → Orbit Box, ENTER side up. False if the Pool is empty.
    pub fn fast_mover_from_pool(&mut self) -> bool {
        let Some(a) = self.aircraft.iter().position(|a| a.place == Place::Pool) else {
            return false;
        };
        self.aircraft[a].place = Place::Orbit;
        self.aircraft[a].shaken = false;
        self.log.add(
            "2.1.3",
            msg("{a} arrives in the Orbit Box").term("a", aircraft_name(a as u8)),
        );
        true
    }

    pub fn is_command(card: u8) -> bool {
        content().action(card).kind == CardKind::Command
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game;

    #[test]
    fn survivors_never_cross_impassable_zones() {
        let mut g = Csar::setup("youve_got_your_troubles", &Default::default(), 1).unwrap();
        // North and East are Impassable in this scenario: from the Center only South and West.
        let mut steps = survivor_steps(&g, 0, 2);
        steps.sort();
        assert_eq!(steps, vec![3, 4]);
        assert!(
            survivor_steps(&g, 1, 2).is_empty(),
            "nothing leaves an Impassable zone"
        );
        g.zones[3].cluster = 1;
        assert_eq!(survivor_steps(&g, 0, 2), vec![4]);
    }
}
