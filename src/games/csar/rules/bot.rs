//! A heuristic bot: escorts one helicopter in with Sandys and the FAC, silences guns with
//! Suppress and Attack, sends Fast Movers at the heaviest guns, burns cards when it counts,
//! and weighs rescue attempts with the exact odds.

use crate::engine::bot::Bot;
use crate::engine::rng::Rng;

use super::actions::{Action, CommandTarget, Purchase, Target, title};
use super::content::Symbol;
use super::content::{Kind, content};
use super::draws::counts_as;
use super::odds::rescue_chance;
use super::state::{CENTER, Csar, FireStage, Place, Step, SurvivorPlace, WILD, Want, adjacent};

pub struct HeuristicBot {
    rng: Rng,
}

impl HeuristicBot {
    pub fn new(seed: u64) -> Self {
        HeuristicBot {
            rng: Rng::seeded(seed ^ 0xC5A2),
        }
    }
}

/// Threat a helicopter meets in `zone`: active guns that can reach it, and unknown markers.
fn threat(g: &Csar, zone: u8) -> i32 {
    let mut t = 0;
    for from in 0..5u8 {
        for u in &g.zones[usize::from(from)].units {
            if g.active(from, u) && super::fire::firepower(u.counter, from, zone).is_some() {
                t += 2;
            }
        }
    }
    t + i32::from(g.zones[usize::from(zone)].enemy.is_some())
}

fn active_guns(g: &Csar, zone: u8) -> usize {
    g.zones[usize::from(zone)]
        .units
        .iter()
        .filter(|u| !content().units[usize::from(u.counter)].barrage && g.active(zone, u))
        .count()
}

/// The helicopter that goes in, and the zone it heads for this turn.
fn rescue_plan(g: &Csar) -> Option<(u8, Place)> {
    let helis: Vec<u8> = (0..g.aircraft.len() as u8)
        .filter(|&a| {
            g.kind(a) == Kind::Helicopter
                && g.flying(a)
                && matches!(
                    g.aircraft[usize::from(a)].place,
                    Place::Orbit | Place::Zone(_)
                )
        })
        .collect();
    let carrying = |h: u8| {
        g.survivors
            .iter()
            .any(|s| s.place == SurvivorPlace::Aboard(h))
    };
    let heli = helis
        .iter()
        .copied()
        .find(|&h| matches!(g.aircraft[usize::from(h)].place, Place::Zone(_)))
        .or(helis.first().copied())?;
    let here = g.aircraft[usize::from(heli)].place;
    let target = g
        .stranded()
        .filter(|&(s, _)| !g.options.pinpointing || g.survivors[usize::from(s)].pinpointed)
        .map(|(_, z)| z)
        .min_by_key(|&z| match here {
            Place::Zone(h) if h == z => 0,
            Place::Zone(h) if adjacent(h, z) => 1,
            _ => 2,
        });
    let want = match (carrying(heli), target, here) {
        (true, _, Place::Zone(CENTER)) => Place::Zone(safest_outer_zone(g)),
        (true, _, _) => Place::Orbit,
        (false, Some(t), Place::Zone(h)) if h == t => Place::Zone(t),
        (false, Some(t), Place::Zone(h)) if adjacent(h, t) => Place::Zone(t),
        (false, Some(_), Place::Zone(_)) => Place::Zone(CENTER),
        (false, Some(t), _) if t != CENTER => Place::Zone(t),
        (false, Some(_), _) => Place::Zone(safest_outer_zone(g)),
        (false, None, _) => Place::Orbit,
    };
    Some((heli, want))
}

fn safest_outer_zone(g: &Csar) -> u8 {
    (1..5).min_by_key(|&z| threat(g, z)).unwrap_or(1)
}

/// What every action of one decision is weighed against, worked out once per decision (it
/// depends on the position only, and the bot weighs dozens of actions against it).
struct Plan {
    /// The helicopter that goes in, and the zone it heads for this turn.
    rescue: Option<(u8, Place)>,
    /// The zone the helicopter is in, when it is over the map.
    heli_zone: Option<u8>,
    /// Where the escorts go: with the helicopter, or over the first stranded Survivor.
    escort_zone: Option<u8>,
}

impl Plan {
    fn of(g: &Csar) -> Plan {
        let rescue = rescue_plan(g);
        // Escorts fly with the helicopter once it is over the map (their Suppress and Attack
        // cards only work in their own zone, and Cool aircraft there add rescue draws); until
        // then they wait over the Survivor, leaving room for the helicopter.
        let heli_zone = rescue.and_then(|(h, _)| match g.aircraft[usize::from(h)].place {
            Place::Zone(z) => Some(z),
            _ => None,
        });
        let escort_zone = heli_zone.or_else(|| g.stranded().map(|(_, z)| z).next());
        Plan {
            rescue,
            heli_zone,
            escort_zone,
        }
    }

    /// Whether an escort fits in zone `z` and leaves room for the helicopter.
    fn room(&self, g: &Csar, z: u8) -> bool {
        let needed = if self.heli_zone == Some(z) { 4 } else { 3 };
        g.zone_count(z) < needed
    }
}

fn card_value(card: u8) -> i32 {
    match title(card) {
        "Suppress" => 9,
        "Attack" => 8,
        "Ordnance: Napalm" => 7,
        "Ordnance: CBU" => 7,
        "Mark Target" => 5,
        "Ordnance: CS Gas" => 4,
        "Troll for Fire" => 3,
        _ => 2,
    }
}

impl HeuristicBot {
    fn score(g: &Csar, plan: &Plan, action: &Action) -> i32 {
        match *action {
            Action::Buy(Purchase::FastMover) => {
                let cs = g.campaign.as_ref().map_or(0, |c| c.morale);
                if cs >= 3 { 5 } else { -1 }
            }
            Action::Buy(_) => -1,
            Action::ChoosePilot(p) => match content().pilots[usize::from(p)].name.as_str() {
                "Pits" => 10,
                "Doc" => 9,
                "Covey" => 7,
                _ => 5,
            },
            Action::PlacePilot(_)
            | Action::RevealZone(_)
            | Action::ClearSkies(_)
            | Action::DrawPilot => 1,
            Action::TakeCard(c) => {
                card_value(c) * 10 + i32::from(content().action(c).aircraft == Some(Kind::Sandy))
            }
            Action::Reserve(c) => {
                // Keep enough cards in hand to burn against the coming Enemy Search.
                let fodder = g.hand.len() as i32 - 1 - i32::from(g.search);
                if card_value(c) >= 7 && fodder > 0 {
                    3
                } else {
                    -1
                }
            }
            Action::DiscardReserve(_) => -5,
            Action::PlayCommand { card, target } => match (title(card), target) {
                ("Request Aircraft" | "Broken Arrow", _) => 10,
                ("Exfil Team", CommandTarget::Survivor { to: None, .. }) => 12,
                ("Exfil Team", _) => -1,
                (
                    "Move Survivor",
                    CommandTarget::Survivor {
                        survivor,
                        to: Some(to),
                    },
                ) => {
                    let from = match g.survivors[usize::from(survivor)].place {
                        SurvivorPlace::Stranded(z) => z,
                        _ => return -1,
                    };
                    // Out of the Center to a quiet Outer Zone shortens the helicopter's trip.
                    if from == CENTER && to != CENTER && threat(g, to) <= threat(g, from) {
                        6 - threat(g, to)
                    } else {
                        -1
                    }
                }
                _ => -1,
            },
            Action::DiscardCommand(_) => 0,
            Action::Select(a) => g
                .destinations(a)
                .into_iter()
                .map(|to| Self::score(g, plan, &Action::Move { aircraft: a, to }))
                .max()
                .unwrap_or(-1),
            Action::Move { aircraft, to } => {
                let ac = &g.aircraft[usize::from(aircraft)];
                match ac.kind {
                    Kind::Helicopter => match plan.rescue {
                        Some((h, want)) if h == aircraft && want == to => 50,
                        _ => -1,
                    },
                    Kind::FastMover => {
                        let Place::Zone(z) = to else { return -1 };
                        // A jet only goes in with a card to fly.
                        let armed = g.hand.iter().chain(&g.reserve).any(|&c| {
                            content().action(c).aircraft == Some(Kind::FastMover)
                                && title(c) != "Ordnance: Smoke"
                        });
                        if !armed {
                            return -1;
                        }
                        let guns = active_guns(g, z) as i32;
                        if guns == 0 && g.zones[usize::from(z)].units.is_empty() {
                            -1
                        } else {
                            10 + guns * 3
                        }
                    }
                    _ => {
                        if ac.shaken {
                            return if to == Place::Orbit { 30 } else { -1 };
                        }
                        match (to, plan.escort_zone) {
                            (Place::Zone(z), Some(e))
                                if z == e && ac.place != Place::Zone(e) && plan.room(g, z) =>
                            {
                                20
                            }
                            (Place::Orbit, Some(e)) if ac.place != Place::Zone(e) => 2,
                            _ => -1,
                        }
                    }
                }
            }
            Action::Assign { card, aircraft } => {
                let Place::Zone(z) = g.aircraft[usize::from(aircraft)].place else {
                    return -1;
                };
                let zone = &g.zones[usize::from(z)];
                let guns = zone
                    .units
                    .iter()
                    .any(|u| !content().units[usize::from(u.counter)].barrage);
                let unknown = zone.enemy.is_some() || zone.hidden.is_some();
                let heli_here = g.zone_aircraft(z).any(|a| g.kind(a) == Kind::Helicopter);
                // Cards from the Reserve first: hand cards are burn fodder for the End Turn Phase.
                let from_reserve = i32::from(g.reserve.contains(&card));
                let base = match title(card) {
                    "Suppress" if guns || unknown => 20,
                    "Attack" if guns || zone.has_too() || !zone.units.is_empty() => 18,
                    "Ordnance: Napalm" | "Ordnance: CBU" if guns => 17,
                    "Mark Target" if guns => 12,
                    "Ordnance: Smoke" | "Smoke Marker" if guns && !heli_here => 6,
                    "Troll for Fire" if zone.enemy.is_some() && !heli_here => 8,
                    _ => -1,
                };
                if base < 0 { base } else { base + from_reserve }
            }
            Action::Suppress { gun, second, .. } => {
                30 + i32::from(content().units[usize::from(gun)].own)
                    + i32::from(second.is_some()) * 5
            }
            Action::FireAt(z) => 10 - i32::from(g.zfv_of(z)),
            Action::Burn(_) => match (&g.fire, g.step) {
                (Some(fire), _) => {
                    // A card burned now is one fewer against the Enemy Search. Weigh the hit it
                    // cancels against the capture risk the exact odds give for one more draw.
                    let FireStage::Burn { zone, .. } = fire.stage else {
                        return -1;
                    };
                    let fragile = g.zone_aircraft(zone).any(|a| {
                        let ac = &g.aircraft[usize::from(a)];
                        ac.shaken || ac.kind == Kind::Helicopter
                    });
                    let search_draws = g.search_draws(0);
                    let spare = g.hand.len() as i32 - i32::from(search_draws.saturating_sub(1));
                    let extra_risk = g.chance(Want::Avoid(Symbol::Rifle), search_draws)
                        - g.chance(Want::Avoid(Symbol::Rifle), search_draws.saturating_sub(1));
                    if fragile || spare > 0 || extra_risk < 0.1 {
                        5
                    } else {
                        -1
                    }
                }
                (None, Step::Search | Step::Abort) => 5,
                _ => -1,
            },
            Action::HitAircraft(a) => {
                let ac = &g.aircraft[usize::from(a)];
                let mut s = if ac.shaken { 0 } else { 10 };
                if ac.kind == Kind::Helicopter {
                    s -= 5;
                }
                s
            }
            Action::UsePilotCard => {
                if let Some(f) = &g.fire
                    && let FireStage::Spare { aircraft, .. } = f.stage
                    && g.aircraft[usize::from(aircraft)].shaken
                {
                    return 10;
                }
                -1
            }
            Action::Play { card, target } => {
                let Some((z, _)) = g.card_zone(card) else {
                    return -1;
                };
                match target {
                    Target::Unit(u) => {
                        let data = &content().units[usize::from(u)];
                        let marked = g
                            .unit_index(z, u)
                            .is_some_and(|i| g.zones[usize::from(z)].units[i].mark.is_some());
                        10 + i32::from(data.own.max(data.range)) + i32::from(marked) * 3
                            - i32::from(data.barrage) * 2
                    }
                    Target::Search => 6,
                    _ => 8,
                }
            }
            Action::DiscardAssigned(_) => 0,
            Action::Rescue { pj_card, .. } => {
                let p = rescue_chance(g, action).unwrap_or(0.0);
                (p * 100.0) as i32 + i32::from(pj_card)
            }
            Action::PilotAbility(_) => 4,
            // The Wild named in the player's favour, kept as it is where only the aircraft or
            // the number matters.
            Action::NameWild(s) => {
                let best = g
                    .wild_question
                    .as_ref()
                    .and_then(|q| q.want)
                    .map_or(Symbol::Wild, |w| counts_as(WILD, w));
                if s == best { 10 } else { 1 }
            }
            Action::Done => 0,
        }
    }
}

impl Bot<Csar> for HeuristicBot {
    fn choose(&mut self, game: &Csar, actions: &[Action]) -> Action {
        let mut best: Vec<usize> = Vec::new();
        let mut best_score = i32::MIN;
        let plan = Plan::of(game);
        for (i, action) in actions.iter().enumerate() {
            let s = Self::score(game, &plan, action);
            if s > best_score {
                best_score = s;
                best.clear();
            }
            if s == best_score {
                best.push(i);
            }
        }
        // A negative best means "none of these is worth it": take Done if offered.
        if best_score < 0 && actions.contains(&Action::Done) {
            return Action::Done;
        }
        let pick = best[self.rng.index(best.len())];
        actions[pick].clone()
    }
}
