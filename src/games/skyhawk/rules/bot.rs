//! A heuristic pilot: loads for the target type, picks the altitude that draws the least
//! fire, sends fighters at the MiGs and jammers against the SAMs, re-attacks while the
//! aircraft is in fair shape.

use super::Action;
use super::content::{Altitude, NvBoxKind, PylonId, TargetType, Weapon, data};
use super::cycle::{Slot, Stage};
use super::division::{Ask, DivisionAction, Who};
use super::loadout::{Loadout, Store, Tanks};
use super::mission::table12_column;
use super::rescap::{Attacker, RescapKind};
use super::state::*;
use crate::engine::bot::Bot;
use crate::engine::rng::Rng;

pub struct HeuristicBot {
    rng: Rng,
}

impl HeuristicBot {
    pub fn new(seed: u64) -> Self {
        HeuristicBot {
            rng: Rng::seeded(seed ^ 0x5C1A_4A3C),
        }
    }

    /// The bot's decision, worked out from the state alone.
    pub fn decide(&mut self, g: &Skyhawk) -> Option<Action> {
        Some(match &g.step {
            Step::End => return None,
            Step::PilotLost => Action::NewPilot,
            Step::Divisions => Action::Divisions(divisions_to_send(g)),
            Step::Division(ask) => Action::Division(division_choice(g, *ask)?),
            // Spend Lady Luck only to undo the roll that lost the pilot.
            Step::Review => match (&g.last, g.fate) {
                (Some(last), PilotFate::Kia | PilotFate::Pow) if last.last > last.settled => {
                    Action::LadyLuck(last.last)
                }
                _ => Action::Accept,
            },
            Step::ChooseList => Action::List(super::content::TargetList::Navy),
            Step::Loading(_) => Action::SetLoadout(plan_load(g)?),
            Step::PickSupport { .. } => {
                let order = ["f4c", "f105", "f4b", "a6a", "f8e", "ea3b"];
                let k = order.iter().find_map(|id| {
                    let k = data().support.iter().position(|s| s.id == *id)?;
                    (g.support_left(k) > 0).then_some(k)
                })?;
                Action::Support(k)
            }
            Step::Altitude(b) => Action::Altitude(best_altitude(g, *b)),
            Step::AttackChoice => {
                let (altitude, group) = g
                    .attack_choices()
                    .into_iter()
                    .max_by_key(|&(a, grp)| attack_score(g, a, grp))?;
                Action::Attack { altitude, group }
            }
            Step::Cycle => {
                let u = g.unit_to_place()?;
                let slots = g.legal_slots(u);
                let pick = [
                    Slot::Nv(NvBoxKind::Mig),
                    Slot::Nv(NvBoxKind::Sam),
                    Slot::Nv(NvBoxKind::Aaa),
                    Slot::Ecm,
                    Slot::Nv(NvBoxKind::Sa),
                ]
                .into_iter()
                .find(|s| slots.contains(s));
                let replacing = g.cycle.as_ref().is_some_and(|c| c.stage == Stage::Replace);
                match pick {
                    Some(s) => Action::Place {
                        unit: u,
                        slot: Some(s),
                    },
                    None if replacing => Action::Place {
                        unit: u,
                        slot: None,
                    },
                    None => return None,
                }
            }
            Step::ReAttackOrHome => {
                let d = &g.damage;
                let healthy = g.pilot.wounds < 2 && d.destroyed_subsystems() < 3 && !d.low_only();
                if healthy && g.any_usable_group() {
                    Action::ReAttack
                } else {
                    Action::GoHome
                }
            }
            Step::MigGroup => {
                if g.has_ordnance() && g.any_usable_group() {
                    Action::PressOn
                } else if g.guns_ready() && g.pilot.experience == Experience::Veteran {
                    Action::Engage
                } else {
                    Action::Evade
                }
            }
            Step::MigStar { hits } => {
                if *hits <= 1 && g.has_ordnance() {
                    Action::AcceptHits
                } else {
                    Action::DiveAway
                }
            }
        })
    }
}

impl Bot<Skyhawk> for HeuristicBot {
    fn propose(&mut self, game: &Skyhawk) -> Option<Action> {
        self.decide(game)
    }

    fn choose(&mut self, game: &Skyhawk, actions: &[Action]) -> Action {
        if let Some(a) = self.decide(game) {
            let legal = match &a {
                Action::SetLoadout(l) => l.check(&game.load_rules()).is_ok(),
                _ => actions.contains(&a),
            };
            if legal {
                return a;
            }
        }
        actions[self.rng.index(actions.len())].clone()
    }
}

/// Stores to try, best first, for a target type.
fn preferences(t: TargetType) -> &'static [(Weapon, u8)] {
    use Weapon::*;
    match t {
        TargetType::Airfield => &[
            (Mk82SnakeEye, 2),
            (Mk82SnakeEye, 1),
            (Mk81SnakeEye, 2),
            (Mk82, 2),
            (Mk81, 2),
            (Lau3, 0),
        ],
        TargetType::Bridge => &[(Mk84, 0), (Mk83, 0), (Agm12b, 0), (Mk82, 1)],
        TargetType::Building => &[(Mk84, 0), (Mk82, 2), (Mk83, 0), (Mk82, 1), (Agm12b, 0)],
        TargetType::PortFacility => &[(Mk82, 2), (Mk84, 0), (Mk83, 0), (Mk82, 1), (Lau10, 0)],
        TargetType::SamSite => &[(Mk82, 2), (Mk82, 1), (Agm45, 0), (Mk81, 2), (Lau3, 0)],
        TargetType::Transportation => &[(Mk82, 2), (Mk81, 2), (Mk82, 1), (Lau10, 0), (Lau3, 0)],
        TargetType::WaterMine => &[(Mk36, 0)],
    }
}

/// The lightest legal tanks for the route package, then the best stores that fit, station
/// pair by station pair (centerline, inboard, outboard); under optional 15.4.2 the outboard
/// pair falls back on plain bombs if nothing else is usable at the rolled altitude.
pub fn plan_load(g: &Skyhawk) -> Option<Loadout> {
    let rules = g.load_rules();
    let mut tanks: Vec<Tanks> = Tanks::combinations();
    tanks.sort_by_key(|t| (t.gallons(), t.inboard));
    let base = tanks.into_iter().find_map(|t| {
        let l = Loadout {
            stations: [None; 5],
            tanks: t,
        };
        l.check_partial(&rules).is_ok().then_some(l)
    })?;
    let mut l = base;
    for pylon in [PylonId::CL, PylonId::LI, PylonId::LO] {
        for &(w, clusters) in preferences(rules.target) {
            let mut trial = l;
            trial.set_pair(pylon, Some(Store::clusters(w, clusters)));
            if trial.check_partial(&rules).is_ok() {
                l = trial;
                break;
            }
        }
    }
    if l.check(&rules).is_ok() {
        return Some(l);
    }
    [
        Weapon::Mk82,
        Weapon::Mk81,
        Weapon::Mk83,
        Weapon::Mk82SnakeEye,
        Weapon::Mk81SnakeEye,
    ]
    .into_iter()
    .find_map(|w| {
        let mut trial = l;
        trial.set_pair(PylonId::LO, Some(Store::single(w)));
        trial.check(&rules).is_ok().then_some(trial)
    })
}

/// Expected hits from the NV boxes (and the Iron Hand site) at an altitude, counting
/// suppression and the pilot's experience.
pub fn expected_hits(g: &Skyhawk, altitude: Altitude, migs_only: bool) -> f64 {
    let t12 = data().table("12");
    let pilot = match g.pilot.experience {
        Experience::Green => t12.drm("green"),
        Experience::Veteran => t12.drm("veteran"),
        Experience::Experienced => 0,
    };
    let mut total = 0.0;
    for k in NvBoxKind::ALL {
        if migs_only && k != NvBoxKind::Mig {
            continue;
        }
        let nv = g.nv(k);
        if nv.out || (k == NvBoxKind::Mig && g.migs_gone) {
            continue;
        }
        let Some(col) = table12_column(k, altitude) else {
            continue;
        };
        let c = t12.column(col).unwrap_or(0);
        let m = pilot + t12.drm("per_suppressed") * i32::from(nv.suppressed);
        total += f64::from(t12.d10_total(m, c)) / 10.0;
    }
    if !migs_only
        && g.target.as_ref().is_some_and(Target::iron_hand)
        && !g.target_sam.knocked_out()
        && g.target_sam.radar_on
        && !g.target_sam.suppressed()
    {
        let t13 = data().table("13");
        let c = t13.column(&format!("on_{}", altitude.key())).unwrap_or(0);
        total += f64::from(t13.d10_total(pilot, c)) / 10.0;
    }
    total
}

fn best_altitude(g: &Skyhawk, b: MapBox) -> Altitude {
    let allowed = g.allowed_altitudes();
    if !b.combat() && b != MapBox::ReAttack {
        // Outside the fight only bailing out cares: Low is worse there.
        return *allowed.last().unwrap_or(&Altitude::Low);
    }
    let migs_only = b == MapBox::ReAttack;
    let mut best = allowed[0];
    let mut least = f64::MAX;
    for &a in allowed {
        let h = expected_hits(g, a, migs_only);
        if h < least {
            least = h;
            best = a;
        }
    }
    best
}

/// Rough worth of a run: the weapon's Table 5 modifier, clusters and drag, less the fire
/// drawn at that altitude.
fn attack_score(g: &Skyhawk, a: Altitude, group: Option<Group>) -> i64 {
    let Some(group) = group else {
        return -(expected_hits(g, a, false) * 100.0) as i64;
    };
    let spec = group.weapon.spec();
    let t = g.target();
    let guide = match group.mode {
        Some(SnakeMode::Drag) => spec.drag_guide.get(&t.kind).copied(),
        _ => spec.guide.get(&t.kind).copied(),
    }
    .or(spec.hcrt_guide)
    .unwrap_or(0);
    let clusters: i64 = g
        .loadout
        .stations
        .iter()
        .flatten()
        .filter(|s| s.weapon == group.weapon)
        .map(|s| i64::from(s.clusters.max(1)))
        .sum();
    let drag = i64::from(group.mode == Some(SnakeMode::Drag)) * 2;
    let cannon = if group.weapon == Weapon::Cannon {
        -4
    } else {
        0
    };
    let value = 20 + 5 * i64::from(guide) + 4 * clusters + drag + cannon;
    value * 10 - (expected_hits(g, a, false) * 60.0) as i64
}

/// The divisions that go with the player under 14.0.2. Only when they are played as flights
/// of four (15.1 with 15.2) do they bomb and score; then as many as leave one division Ready
/// Now for tomorrow. Otherwise one: the fewest Skyhawks exposed.
fn divisions_to_send(g: &Skyhawk) -> u8 {
    let size = usize::from(data().campaigns.squadron.division.max(1));
    if !(g.options.division && g.options.multiple_flights) {
        return 1;
    }
    let ready = g.squadron().map_or(0, |s| s.ready_now());
    let spare = (ready.saturating_sub(size) / size) as u8;
    spare.clamp(1, g.most_divisions())
}

/// The division's and the rescue's decisions: roll for the position, every flight the
/// squadron can man (each scores on its own), fly home after a loss; one NPC stays over a
/// downed pilot; every attacker goes where the fewest patrols' guns wait, the HH-53 goes in
/// only for the last round or against a beaten patrol.
fn division_choice(g: &Skyhawk, ask: Ask) -> Option<DivisionAction> {
    Some(match ask {
        Ask::Flights => DivisionAction::Flights(g.most_flights()),
        Ask::FlightTarget(_) => DivisionAction::OwnTarget(false),
        Ask::Position => DivisionAction::Position(None),
        // Fly on only when the target has not been hit yet and most of the division is fit.
        Ask::AfterLoss => {
            let fit = g
                .npcs_flying()
                .into_iter()
                .filter(|&w| g.npc(w).is_some_and(|n| n.hits < 3))
                .count();
            if g.runs.is_empty() && fit >= 2 {
                DivisionAction::FlyOn
            } else {
                DivisionAction::FlyHome
            }
        }
        Ask::Stay => {
            let npc = g.stay_candidates().into_iter().find(|w| *w != Who::Player);
            let staying = g.rescap()?.supporters.len();
            DivisionAction::Stay(npc.filter(|_| staying == 0))
        }
        Ask::Place => {
            let r = g.rescap()?;
            let head = *r.queue.first()?;
            let open: Vec<usize> = (0..r.patrols.len())
                .filter(|&b| !r.patrols[b].out)
                .collect();
            let weakest = open
                .iter()
                .copied()
                .max_by_key(|&b| r.patrols[b].suppressed);
            let heli =
                matches!(head, Attacker::Unit(i) if r.units[i].kind == RescapKind::Helicopter);
            let last = r.round >= data().aircraft.division.rescap_rounds;
            let beaten = weakest.is_some_and(|b| r.patrols[b].suppressed > 0);
            if heli && !(last || beaten) {
                DivisionAction::Place(None)
            } else {
                DivisionAction::Place(weakest)
            }
        }
    })
}
