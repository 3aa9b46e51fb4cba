//! A heuristic squadron commander: it picks targets it can hurt, rotates pilots by stress,
//! arms for the target's defenses within the weight budget, flies to the Center at Low to
//! bomb and out over the exit, suppresses and evades when it pays, and buys rest when the
//! squadron is worn. Every choice is a score over the legal actions; ties go to its own
//! seeded generator.

use super::Action;
use super::cards::Status;
use super::content::{
    Altitude, Damage, Effect, Scoring, Side, Speed, WeaponClass, data, named_weapons,
};
use super::display::{Area, AreaKind};
use super::mission::Loads;
use super::state::*;
use crate::engine::bot::Bot;
use crate::engine::rng::Rng;

#[derive(Clone, Debug, PartialEq)]
pub struct HeuristicBot {
    rng: Rng,
}

/// Scores this close count as equal.
const TIE: f64 = 1e-9;

impl HeuristicBot {
    pub fn new(seed: u64) -> Self {
        HeuristicBot {
            rng: Rng::seeded(seed ^ 0xF4F4_0001),
        }
    }

    /// The action the bot takes among `actions` (a step's list, or candidates that hold it,
    /// in its order), of which `legal` says which the rules offer: the best score, ties going
    /// to the bot's generator; but `Done` when even the best scores below 0 and `Done` is
    /// offered. `legal` is asked best first, and no further than that needs. `None` when
    /// nothing is legal.
    fn pick(
        &mut self,
        actions: &[Action],
        scores: &[f64],
        mut legal: impl FnMut(&Action) -> bool,
    ) -> Option<usize> {
        let mut known: Vec<Option<bool>> = vec![None; actions.len()];
        let mut is_legal = |i: usize| *known[i].get_or_insert_with(|| legal(&actions[i]));
        let top = scores[best_first(scores).find(|&i| is_legal(i))?];
        if top < 0.0
            && let Some(done) = actions.iter().position(|a| *a == Action::Done)
            && is_legal(done)
        {
            return Some(done);
        }
        let best: Vec<usize> = (0..actions.len())
            .filter(|&i| scores[i] >= top - TIE && is_legal(i))
            .collect();
        Some(best[self.rng.index(best.len())])
    }
}

/// The indices of `scores`, highest score first, ties in their order (a stable sort by
/// descending score). The first few are picked out one by one, as the first is most often
/// the one wanted; past them the rest are sorted.
fn best_first(scores: &[f64]) -> impl Iterator<Item = usize> + '_ {
    const PICKED: usize = 4;
    let mut taken = vec![false; scores.len()];
    let mut picked = 0;
    let mut rest: Option<std::vec::IntoIter<usize>> = None;
    std::iter::from_fn(move || {
        if picked < PICKED {
            picked += 1;
            let mut best: Option<usize> = None;
            for i in (0..scores.len()).filter(|&i| !taken[i]) {
                if best.is_none_or(|b| scores[i].total_cmp(&scores[b]).is_gt()) {
                    best = Some(i);
                }
            }
            if let Some(b) = best {
                taken[b] = true;
            }
            return best;
        }
        rest.get_or_insert_with(|| {
            let mut order: Vec<usize> = (0..scores.len()).filter(|&i| !taken[i]).collect();
            order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
            order.into_iter()
        })
        .next()
    })
}

impl Bot<PhantomLeader> for HeuristicBot {
    fn choose(&mut self, g: &PhantomLeader, actions: &[Action]) -> Action {
        let scores: Vec<f64> = actions.iter().map(|a| score(g, a)).collect();
        let at = self
            .pick(actions, &scores, |_| true)
            .expect("a choice among at least one action");
        actions[at].clone()
    }

    /// The decision [`HeuristicBot::choose`] takes, found without the step's list where that
    /// list costs the most: the arming and the movement. The bot scores candidates that hold
    /// every legal action, in the list's order, and asks the rules of the best only.
    fn propose(&mut self, g: &PhantomLeader) -> Option<Action> {
        let mut candidates = match g.step {
            Step::Arm => arming_candidates(g),
            Step::Move => move_candidates(g),
            _ => return None,
        };
        let scores: Vec<f64> = candidates.iter().map(|a| score(g, a)).collect();
        let mut loads = Loads::new(g);
        let at = self.pick(&candidates, &scores, |a| match a {
            Action::Load { sortie, weapon } => loads.allow(*sortie, *weapon),
            // Listed from the rules' own options.
            Action::Move { .. } | Action::Unload { .. } => true,
            _ => g.allows(a),
        })?;
        Some(candidates.swap_remove(at))
    }
}

/// The arming step's actions, in its list's order, with every load an aircraft's card and
/// the campaign allow (the rules judge the rest).
fn arming_candidates(g: &PhantomLeader) -> Vec<Action> {
    let c = data();
    let sheet = g.sheet();
    let mut out = Vec::new();
    for (sortie, s) in g.mission.flight.iter().enumerate() {
        let aircraft = g.squadron[s.squad].card().aircraft;
        for weapon in 0..c.weapons.len() {
            if aircraft.can_load(weapon) && sheet.weapon_status(weapon).is_some() {
                out.push(Action::Load { sortie, weapon });
            }
        }
        for (k, &weapon) in s.load.iter().enumerate() {
            if !s.load[..k].contains(&weapon) {
                out.push(Action::Unload { sortie, weapon });
            }
        }
    }
    out.push(Action::Tanker(!g.mission.tanker));
    out.push(Action::Done);
    out
}

/// The movement step's actions, in its list's order: every move of every aircraft still to
/// move, and holding the rest (which the rules judge).
fn move_candidates(g: &PhantomLeader) -> Vec<Action> {
    let mut out = Vec::new();
    for sortie in g.movers() {
        for (area, altitude) in g.move_options(sortie) {
            out.push(Action::Move {
                sortie,
                area,
                altitude,
            });
        }
    }
    out.push(Action::Done);
    out
}

/// The chance that a d10 plus `m` reaches `t`.
fn chance(t: i32, m: i32) -> f64 {
    f64::from((11 - (t - m)).clamp(0, 10)) / 10.0
}

/// How much a pilot is worn: stress as a share of the stress that makes him Unfit.
fn wear(g: &PhantomLeader, squad: usize) -> f64 {
    let p = &g.squadron[squad];
    f64::from(p.stress) / f64::from(p.card().unfit_from().max(1))
}

fn score(g: &PhantomLeader, a: &Action) -> f64 {
    let c = data();
    match a {
        Action::Recruit { pilot, .. } => {
            let t = c.pilot_aircraft(*pilot);
            if t.wp == 0 {
                return 0.1;
            }
            f64::from(t.wp)
                + f64::from(t.atg.unwrap_or(-3))
                + 0.5 * f64::from(t.ata.unwrap_or(-2))
                + 0.3 * f64::from(t.special_options[g.duration.index()])
        }
        Action::Promote(_) => -1.0,
        Action::Draw(_) => 1.0,
        // A level is listed only to fill it: any pilot it lists comes first.
        Action::Focus(_) => -100.0,
        // Keep a promoted pilot while the points leave room for the campaign's needs.
        Action::Carry(pay) => match g.step {
            Step::Carry { squad } if *pay && g.special_options >= g.carry_cost(squad) + 6 => 1.0,
            _ => f64::from(u8::from(!*pay)) * 0.5,
        },
        Action::BuyRecon => {
            if g.eligible_targets().is_empty() && g.special_options >= 8 && g.mission.spent == 0 {
                1.0
            } else {
                -1.0
            }
        }
        Action::Choose(n) => target_value(g, *n),
        Action::StandDown => {
            let fit = g
                .squadron
                .iter()
                .filter(|p| p.duty == Duty::Active && p.status() == Status::Okay)
                .count();
            if fit < 2 { 5.0 } else { 0.0 }
        }
        Action::Assign(i) => {
            let p = &g.squadron[*i];
            if p.card().aircraft.wp == 0 {
                return if p.status() == Status::Okay {
                    0.2
                } else {
                    -1.0
                };
            }
            match p.status() {
                Status::Okay => 2.0 - wear(g, *i),
                Status::Shaken if g.mission.flight.len() < 2 => 0.5 - wear(g, *i),
                _ => -1.0,
            }
        }
        Action::Unassign(_) => -5.0,
        Action::Load { sortie, weapon } => load_value(g, *sortie, *weapon),
        Action::Unload { .. } => -5.0,
        Action::Tanker(on) => {
            let penalty = g
                .mission
                .target
                .and_then(|n| g.sheet().region_of(n))
                .map_or(0, |r| r.wp_penalty);
            let loaded = g.mission.flight.iter().any(|s| !s.load.is_empty());
            if *on
                && penalty < 0
                && !loaded
                && g.special_options >= g.mission.flight.len() as i32 + 6
            {
                3.0
            } else {
                -2.0
            }
        }
        Action::IgnoreRoll(_) => match &g.step {
            Step::EventIgnore { card, .. } => {
                let e = &c.events[usize::from(*card) - 1];
                let effect = if g.mission.home {
                    &e.home_bound.effect
                } else {
                    &e.target_bound.effect
                };
                if harmful(effect) { 1.0 } else { -1.0 }
            }
            _ => -1.0,
        },
        Action::RemoveSite(i) => {
            let d = &g.mission.sites[*i];
            let spec = g.defense_spec(d);
            1.0 + f64::from(spec.range) + if spec.radar { 2.0 } else { 0.0 }
        }
        Action::Negate { .. } => 1.0,
        Action::Evade(on) => evade_value(g, *on),
        Action::Jettison { sortie, weapon } | Action::Drop { sortie, weapon } => {
            if matches!(g.step, Step::Jettison) {
                return -1.0;
            }
            let _ = sortie;
            1.0 - load_worth(g, *weapon)
        }
        Action::HotPilot(i) => attack_skill(g, *i),
        Action::Abort(i) => {
            let s = &g.mission.flight[*i];
            if wear(g, s.squad) > 0.75 { 1.0 } else { -1.0 }
        }
        Action::SarDiscard { .. } => 1.0,
        Action::SarRoll => 0.5,
        Action::Rest(take) => {
            let shaken = g
                .squadron
                .iter()
                .filter(|p| p.duty == Duty::Active && p.status() != Status::Okay)
                .count();
            let want = shaken >= 2 && g.special_options >= 9 + 4;
            if *take == want { 1.0 } else { -1.0 }
        }
        Action::Transfer(i) => {
            let p = &g.squadron[*i];
            let days_left = i32::from(g.days_total()) - i32::from(g.day);
            let over = i32::from(p.stress) - i32::from(p.card().okay.max);
            let per_day = i32::from(p.card().cool) + 2;
            if over > per_day * days_left.max(1) / 2 {
                1.0
            } else {
                -1.0
            }
        }
        Action::Place { area, altitude, .. } => place_value(g, *area, *altitude),
        Action::RemoveBandit(i) => {
            if g.mission.bandits[*i].area == Area::C {
                2.0
            } else {
                1.0
            }
        }
        Action::IntelArea { side, area } => {
            let list = match side {
                Side::Site => &g.mission.sites,
                Side::Bandit => &g.mission.bandits,
            };
            1.0 + list.iter().filter(|d| d.area == *area && !d.listed).count() as f64
                + if *area == Area::C { 0.5 } else { 0.0 }
        }
        Action::FastRoll { pilot, .. } => attack_skill(g, *pilot),
        Action::HighStress(_) => -1.0,
        Action::Attack { sortie, aim, arms } => attack_value(g, *sortie, *aim, arms),
        Action::Suppress { sortie, arms } => suppress_value(g, *sortie, arms),
        // The usual order serves the bot: it has no plan that hangs on the order.
        Action::FiresNext(_) => -1.0,
        Action::Move {
            sortie,
            area,
            altitude,
        } => move_value(g, *sortie, *area, *altitude),
        Action::Leave(i) => {
            if wants_target(g, *i) {
                -1.0
            } else {
                1.0
            }
        }
        Action::Rescue(_) => 1.0,
        Action::Keep(i) => f64::from(g.squadron[*i].level.index() as u8),
        Action::Done => match g.step {
            Step::Squadron | Step::Target => -10.0,
            Step::Leave => 0.0,
            _ => 0.0,
        },
    }
}

/// Events worth an ignore roll.
fn harmful(e: &Effect) -> bool {
    match e {
        Effect::Attack { .. } | Effect::Abort { .. } | Effect::Jettison { .. } => true,
        Effect::Stress { amount, .. } => *amount > 0,
        Effect::TargetHits { delta } => *delta < 0,
        Effect::TargetModifier { delta } => *delta < 0,
        Effect::ExtraCenterBandit { .. } | Effect::NoAbort | Effect::GunJam => true,
        Effect::NavigationError | Effect::LowClouds => true,
        _ => false,
    }
}

/// A target's worth: its VP for Damaged and Destroyed against its defenses and stress.
fn target_value(g: &PhantomLeader, n: u8) -> f64 {
    let c = data();
    let t = c.target(n);
    let (dvp, _, _) = t.score(Damage::Damaged);
    let (xvp, re, intel) = t.score(Damage::Destroyed);
    let defenses = f64::from(t.sites[0]) * 4.0 + f64::from(t.sites[1]);
    let bandits = f64::from(t.bandits[0]) * 4.0 + f64::from(t.bandits[1]);
    let region = g.sheet().region_of(n);
    let stress = region.map_or(0, |r| r.stress);
    let penalty = region.map_or(0, |r| r.wp_penalty);
    let need = f64::from(t.damaged.hits[0].max(1));
    2.0 + f64::from(dvp) * 1.5 + f64::from(xvp) + 0.5 * f64::from(re + intel)
        - 0.25 * defenses
        - 0.3 * bandits
        - 0.4 * f64::from(stress)
        + 0.3 * f64::from(penalty)
        - 0.3 * need
        - 0.5 * f64::from(t.politics)
}

/// What a counter is worth on a sortie for today's target.
fn load_value(g: &PhantomLeader, sortie: usize, weapon: usize) -> f64 {
    let c = data();
    let spec = &c.weapons[weapon];
    if g.sheet().weapon_status(weapon) == Some(true) && g.special_options < 12 {
        return -1.0;
    }
    let s = &g.mission.flight[sortie];
    let carried = s
        .load
        .iter()
        .filter(|&&w| c.weapons[w].class == spec.class)
        .count();
    let same = s.load.iter().filter(|&&w| w == weapon).count();
    let card = g.mission.target.map(|n| c.target(n));
    let bandits = card.map_or(0, |t| t.bandits[0] + t.bandits[1]);
    let pilot = &g.squadron[s.squad];
    match spec.class {
        WeaponClass::Ata => {
            let ata = pilot.card().okay.ata.unwrap_or(-5);
            if bandits == 0 || ata < -1 || carried >= 2 {
                return -1.0;
            }
            1.2 - 0.3 * carried as f64 + 0.1 * f64::from(ata)
        }
        WeaponClass::Pod => {
            if same > 0 {
                return -1.0;
            }
            if spec.negate_on.is_some() { 1.0 } else { 0.6 }
        }
        WeaponClass::Atg => {
            if !g.target_attackable() && spec.only_vs.is_empty() {
                // The card scores kills of Sites: any AtG will do.
                return 0.5 * load_worth(g, weapon);
            }
            load_worth(g, weapon)
        }
    }
}

/// Expected hits per Weight Point of an AtG counter on today's target (a guess at AtG 0).
fn load_worth(g: &PhantomLeader, weapon: usize) -> f64 {
    let c = data();
    let spec = &c.weapons[weapon];
    if spec.class != WeaponClass::Atg {
        return 0.5;
    }
    if !spec.only_vs.is_empty() {
        let sa2 = g
            .mission
            .sites
            .iter()
            .any(|d| spec.only_vs.contains(&c.defense_counters[d.counter].site));
        return if sa2 { 0.6 } else { -1.0 };
    }
    let card = g.mission.target.map(|n| c.target(n));
    let soft = card.is_some_and(|t| t.soft);
    let m = card.map_or(0, |t| i32::from(t.modifier)) + if soft { i32::from(spec.soft) } else { 0 };
    let hits: f64 = spec.hits.iter().map(|&t| chance(i32::from(t), m)).sum();
    hits / f64::from(spec.wp.max(1)) + if spec.suppress_bonus > 0 { 0.1 } else { 0.0 }
}

fn attack_skill(g: &PhantomLeader, sortie: usize) -> f64 {
    let p = &g.squadron[g.mission.flight[sortie].squad];
    p.card().okay.atg.map_or(0.0, |a| 1.0 + f64::from(a))
}

/// Whether a sortie still carries something for the target (or its scoring Sites).
fn wants_target(g: &PhantomLeader, sortie: usize) -> bool {
    let c = data();
    let s = &g.mission.flight[sortie];
    if g.mission.turn >= 4 || g.squadron[s.squad].status() == Status::Unfit {
        return false;
    }
    s.load.iter().any(|&w| {
        let spec = &c.weapons[w];
        spec.class == WeaponClass::Atg && spec.only_vs.is_empty()
    }) && (g.target_attackable() || !g.mission.sites.is_empty())
}

/// Threat a start area and altitude face from the Sites around it.
fn place_value(g: &PhantomLeader, area: Area, altitude: Altitude) -> f64 {
    let geo = &data().geometry;
    let mut threat = 0.0;
    for d in &g.mission.sites {
        let spec = g.defense_spec(d);
        let near = geo.distance(d.area, area) <= spec.range
            || geo.distance(d.area, area) <= 1 && d.area.kind() == AreaKind::Approach;
        if near && spec.altitudes.contains(&altitude) && g.site_sees(d, area) {
            threat += 1.0;
        }
    }
    let low = if altitude == Altitude::Low { 0.2 } else { 0.0 };
    -threat - low
}

/// Whether to evade: yes unless the stress would make the pilot Unfit or the attack can
/// hardly hurt.
fn evade_value(g: &PhantomLeader, on: bool) -> f64 {
    let (target, numbers, m) = match g.step {
        Step::Evade { attacker, target } | Step::Suppress { attacker, target } => {
            let spec = g.defense_spec(g.attacker(attacker));
            let m: i32 = g
                .enemy_modifiers(attacker.side, target)
                .iter()
                .map(|x| x.1)
                .sum();
            (target, [spec.attack[0], spec.attack[1], spec.attack[2]], m)
        }
        Step::EventEvade { target, attack, .. } => (target, attack, 0),
        _ => return 0.0,
    };
    let p = &g.squadron[g.mission.flight[target].squad];
    let danger = chance(i32::from(numbers[1]), m);
    let safe = p.stress + 2 < p.card().unfit_from();
    let want = safe && danger >= 0.25;
    if on == want { 0.5 } else { 0.2 }
}

/// The worth of an attack: expected hits on the target, or the chance of a kill on a
/// threat, less what the counters could do on the target instead.
fn attack_value(g: &PhantomLeader, sortie: usize, aim: Aim, arms: &Arms) -> f64 {
    let c = data();
    // Guns, or each counter named.
    let (weapons, tries): (&[usize], usize) = match arms {
        Arms::Guns => (&[], 1),
        Arms::Counters(ws) => (ws.as_slice(), ws.len()),
    };
    let guns = matches!(arms, Arms::Guns).then_some(None);
    let mut expected = 0.0;
    let mut cost = 0.0;
    for w in guns.into_iter().chain(weapons.iter().map(|&w| Some(w))) {
        let m = g.attack_modifier_sum(sortie, aim, w, false);
        let hits: f64 = match w {
            None => chance(10, m),
            Some(w) => {
                let early = i32::from(Some(w) == named_weapons().aim9 && g.options.early_aim9);
                let hits = &c.weapons[w].hits;
                if matches!(aim, Aim::Bandit(_)) {
                    chance(i32::from(hits[0]) + early, m)
                } else {
                    hits.iter().map(|&t| chance(i32::from(t) + early, m)).sum()
                }
            }
        };
        expected += hits;
        if let Some(w) = &w
            && aim != Aim::Target
            && c.weapons[*w].class == WeaponClass::Atg
            && c.weapons[*w].only_vs.is_empty()
            && g.target_attackable()
        {
            cost += 0.4 * f64::from(c.weapons[*w].wp);
        }
    }
    let scoring = g.mission.target.map(|n| c.target(n).scoring);
    let value = match aim {
        Aim::Target => expected * 1.5,
        Aim::Site(_) => {
            let bonus = match scoring {
                Some(Scoring::Sites) => 1.5,
                Some(Scoring::ListedSa2) => 1.0,
                _ => 0.0,
            };
            expected.min(1.0) * (0.8 + bonus)
        }
        Aim::Bandit(_) => {
            let bonus = if scoring == Some(Scoring::Bandits) {
                2.0
            } else {
                0.0
            };
            (1.0 - (1.0 - chance_of(expected, tries))) * (1.0 + bonus)
        }
    };
    value - cost - 0.05
}

/// Chance of at least one success from `n` tries with `expected` successes in all.
fn chance_of(expected: f64, n: usize) -> f64 {
    let p = (expected / n.max(1) as f64).clamp(0.0, 1.0);
    1.0 - (1.0 - p).powi(n as i32)
}

fn suppress_value(g: &PhantomLeader, sortie: usize, arms: &Arms) -> f64 {
    let c = data();
    let Step::Suppress { attacker, .. } = g.step else {
        return -1.0;
    };
    let aim = attacker.aim();
    let first = match arms {
        Arms::Guns => None,
        Arms::Counters(ws) => {
            if ws.len() > 1 {
                return -1.0;
            }
            ws.first().copied()
        }
    };
    let m = g.attack_modifier_sum(sortie, aim, first, true);
    let need = first.map_or(10, |w| {
        i32::from(c.weapons[w].hits.first().copied().unwrap_or(10))
    });
    let p = chance(need, m);
    let cost = first.map_or(0.0, |w| {
        if c.weapons[w].class == WeaponClass::Atg && g.target_attackable() {
            0.3 * load_worth(g, w) * f64::from(c.weapons[w].wp)
        } else {
            0.1
        }
    });
    // Better than evading when it is likely to work.
    p - cost + 0.1
}

/// Where an aircraft heads: the Center at Low while it has bombs for the target, else its
/// exit at High; the score is how much closer the move brings it.
fn move_value(g: &PhantomLeader, sortie: usize, area: Area, altitude: Altitude) -> f64 {
    let geo = &data().geometry;
    let s = &g.mission.flight[sortie];
    let Some(pos) = s.pos else {
        return 0.0;
    };
    let exits;
    let (goals, alt): (&[Area], Altitude) = if wants_target(g, sortie) {
        (&[Area::C], Altitude::Low)
    } else {
        let exit = g.mission.paths.get(s.path).map_or(Area::PN, |p| p.exit);
        exits = geo.exits_around(exit);
        (&exits, Altitude::High)
    };
    let dist = |a: Area| goals.iter().map(|&x| geo.distance(a, x)).min().unwrap_or(0);
    let gain = f64::from(dist(pos.area)) - f64::from(dist(area));
    let speed_bonus = if g.speed_now(sortie) == Some(Speed::Slow) {
        0.0
    } else {
        0.01
    };
    gain + if altitude == alt { 0.5 } else { 0.0 } + speed_bonus
}
