//! The Normal level (digest 10.4, 10.5): rules of thumb per phase, weighed by expected values.
//! Fire is worth its expected points on the combat table, less (for the US) the penalty if the
//! back hides peasants and (for the NLF) the cost of turning hidden firers face-up; an attack
//! takes only the firers it needs to reach its best odds, the face-up ones first. The US hunts
//! caches by their points as the belief expects them: in the Basic game each game-turn it moves a
//! squad next to the counter most worth probing, since the one probe a game-turn is how caches
//! in cover are found; it searches where that pays; it carries off what is worth more captured
//! than destroyed. In the Standard game exposed NLF
//! units with nothing worth firing at slip back into cover out of sight so that they may hide
//! again. Other steps are Easy's.

use super::Computer;
use crate::engine::message::{Message, msg};
use crate::engine::number::decimal;
use crate::games::search_destroy::rules::Action;
use crate::games::search_destroy::rules::bot::{SeatView, cover, nearest};
use crate::games::search_destroy::rules::content::{Class, Side, data};
use crate::games::search_destroy::rules::crt::{CrtCell, odds_column};
use crate::games::search_destroy::rules::helicopter_guns::GunAction;
use crate::games::search_destroy::rules::hex::Hex;
use crate::games::search_destroy::rules::map::Terrain;
use crate::games::search_destroy::rules::state::{SearchDestroy, Step};

/// Points a hidden NLF firer is worth keeping hidden: once face-up it draws fire.
const EXPOSURE: f64 = 2.0;

pub fn decide(c: &mut Computer, v: &SeatView, actions: &[Action]) -> Action {
    let side = v.side();
    match v.step {
        Step::LandingFire | Step::Combat(_) if v.attack.is_some() => {
            complete_attack(v, side, actions)
        }
        Step::LandingFire | Step::Combat(_) => {
            let ranked = ranked_targets(c, v, actions);
            let ground = ranked.first().map_or(0.0, |r| r.0);
            if let Some((value, hex, a)) = best_helicopter_shot(v, actions)
                && value > 0.25
                && value > ground
            {
                c.note(
                    side,
                    // Translators: the computer's reason; {points} is an expected value with a decimal, not a count.
                    msg("The NLF fires at the helicopter at {hex}: about {points} points to gain")
                        .arg("hex", hex)
                        .message("points", decimal(value, 1)),
                );
                return a;
            }
            match ranked.first() {
                Some((value, hex)) if *value > 0.25 => {
                    let text = match side {
                        // Translators: the computer's reason for a fire, from what its side knows;
                        // {points} is an expected value ("3.3"), not a count.
                        Side::Us => msg("The US fires at {hex}: about {points} points to gain"),
                        // Translators: as above; {points} is an expected value, not a count.
                        Side::Nlf => msg("The NLF fires at {hex}: about {points} points to gain"),
                    };
                    c.note(
                        side,
                        text.arg("hex", hex).message("points", decimal(*value, 1)),
                    );
                    Action::Target(*hex)
                }
                _ => Action::EndFire,
            }
        }
        Step::Movement(Side::Us) => {
            crate::games::search_destroy::rules::casualties::medevac_call(v, actions)
                .unwrap_or_else(|| us_movement(c, v, actions))
        }
        Step::Movement(Side::Nlf) => nlf_movement(c, v, actions),
        Step::Probe => probe(c, v, actions),
        _ => c.easy.decide(v, actions),
    }
}

/// The side as the computer's reasons name it, at the start of a sentence.
pub fn side_name(side: Side) -> Message {
    match side {
        Side::Us => msg("The US"),
        Side::Nlf => msg("The NLF"),
    }
}

/// The mean over the die's six faces of `f` on column `column`.
fn expected(column: usize, f: impl Fn(&CrtCell) -> f64) -> f64 {
    (1..=6).map(|r| f(&data().crt.cell(column, r))).sum::<f64>() / 6.0
}

fn defense(v: &SearchDestroy, hex: Hex) -> u32 {
    if v.helicopter_fire() {
        1
    } else {
        SearchDestroy::defense(hex)
    }
}

/// The firers an attack on `hex` needs to reach the best odds all could reach, the face-up
/// ones and the strongest first, with the column they reach.
pub fn plan_firers(v: &SearchDestroy, side: Side, hex: Hex) -> (Vec<usize>, usize) {
    let mut firers = v.firers(side, hex);
    // Helicopter guns always join: they have no other use this game-turn [26.1, 26.2].
    let guns: u32 = v.guns_at(hex).iter().map(|&k| 2 * v.gun_strength(k)).sum();
    let all: u32 = guns + firers.iter().map(|&i| v.attack_halves(i)).sum::<u32>();
    let d = defense(v, hex);
    let best = odds_column(all, d);
    firers.sort_by_key(|&i| {
        (
            v.units[i].hidden(),
            std::cmp::Reverse(v.attack_halves(i)),
            i,
        )
    });
    let mut chosen = Vec::new();
    let mut halves = guns;
    for i in firers {
        if odds_column(halves, d) >= best && (!chosen.is_empty() || guns > 0) {
            break;
        }
        halves += v.attack_halves(i);
        chosen.push(i);
    }
    (chosen, best)
}

fn complete_attack(v: &SeatView, side: Side, actions: &[Action]) -> Action {
    let attack = v.attack.as_ref().expect("an attack being declared");
    let (plan, _) = plan_firers(v, side, attack.target);
    let guns = actions
        .iter()
        .find(|a| matches!(a, Action::Guns(GunAction::Fire(_))))
        .cloned();
    guns.or_else(|| {
        plan.iter()
            .filter(|i| !attack.firers.contains(i))
            .map(|&i| Action::AddFirer(i))
            .find(|a| actions.contains(a))
    })
    .or_else(|| {
        ((!attack.firers.is_empty() || !attack.guns.is_empty())
            && actions.contains(&Action::Resolve))
        .then_some(Action::Resolve)
    })
    .or_else(|| {
        actions
            .iter()
            .find(|a| matches!(a, Action::AddFirer(_)))
            .cloned()
    })
    .unwrap_or(Action::Cancel)
}

/// The best helicopter on offer to the NLF in its Combat Phase [26.4 (b)], with the points a
/// shot at it is worth on average: every hard-core and leader that may fire at it, at
/// defence 1.
pub fn best_helicopter_shot(v: &SearchDestroy, actions: &[Action]) -> Option<(f64, Hex, Action)> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Guns(GunAction::AtHelicopter(k)) => {
                Some((v.helicopter_guns.helicopters[*k].hex, a))
            }
            _ => None,
        })
        .map(|(hex, a)| {
            let column = v.helicopter_shot_column(hex);
            let down = expected(column, |cell| f64::from(u8::from(cell.helicopter)));
            (down * f64::from(v.helicopter_points()), hex, a.clone())
        })
        .max_by(|a, b| a.0.total_cmp(&b.0))
}

/// The targets on offer with their expected worth, best first.
pub fn ranked_targets(c: &Computer, v: &SeatView, actions: &[Action]) -> Vec<(f64, Hex)> {
    let side = v.side();
    let mut out: Vec<(f64, Hex)> = actions
        .iter()
        .filter_map(|a| match a {
            Action::Target(hex) => Some((target_value(c, v, side, *hex), *hex)),
            _ => None,
        })
        .collect();
    out.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    out
}

fn target_value(c: &Computer, v: &SeatView, side: Side, hex: Hex) -> f64 {
    let (firers, column) = plan_firers(v, side, hex);
    let destroyed = expected(column, |cell| {
        f64::from(u8::from(
            cell.effect == crate::games::search_destroy::rules::crt::Effect::Destroyed,
        ))
    });
    match side {
        Side::Us => {
            let units: Vec<usize> = v.side_at(hex, Side::Nlf).collect();
            let none =
                |p: &dyn Fn(usize) -> f64| units.iter().fold(1.0, |acc, &i| acc * (1.0 - p(i)));
            let good = 1.0
                - none(&|i| {
                    c.belief.p(i, |k| {
                        let s = &data().counters[k];
                        s.class.personnel() && s.id != "peasant"
                    })
                });
            let peasant = 1.0 - none(&|i| c.belief.p_id(i, "peasant"));
            let shooter = 1.0 - none(&|i| c.belief.p_combat(i));
            let points = expected(column, |cell| {
                if cell.scores() {
                    f64::from(cell.us_points)
                } else {
                    0.0
                }
            });
            let mult = f64::from(data().points.peasant_multiplier);
            points * (good - mult * peasant) + 3.0 * destroyed * shooter
        }
        Side::Nlf => {
            let hidden = firers.iter().filter(|&&i| v.units[i].hidden()).count() as f64;
            if v.step == Step::LandingFire {
                let shot = expected(column, |cell| f64::from(u8::from(cell.helicopter)));
                return shot * f64::from(data().points.helicopter) - 2.0 * EXPOSURE * hidden;
            }
            let points = expected(column, |cell| f64::from(cell.nlf_points));
            let commander = v
                .side_at(hex, Side::Us)
                .any(|i| v.units[i].is("company_commander"));
            let leader_bonus = if commander { 20.0 * destroyed } else { 0.0 };
            points + leader_bonus + 2.0 * destroyed - EXPOSURE * hidden
        }
    }
}

/// What finding a cache of kind `k` is worth to the US: the better of destroying it and of
/// carrying it off to the end, a carrier that may yet be fired on and drop it [5.35, 10.12].
fn cache_worth(k: usize) -> f64 {
    let (destroyed, captured) = SearchDestroy::material(&data().counters[k].id);
    f64::from(destroyed).max(0.8 * f64::from(captured))
}

/// What the US expects from turning counter `i` face-up by a search or a probe: the caches it
/// may take in a later Movement Phase, weighed by their points, porters and dummies cleared,
/// against a trap's attack; a combat unit means a surprise attack after a search [12.1], but
/// after a probe a unit turned face-up that the US may fire at [5.33, 6.31].
fn search_value(c: &Computer, v: &SearchDestroy, i: usize) -> f64 {
    let later = v.turn < v.last_turn;
    let cache = if later {
        c.belief.p_value(i, |k| {
            (data().counters[k].class == Class::Cache).then(|| cache_worth(k))
        })
    } else {
        0.0
    };
    let combat = if v.standard() {
        -2.5
    } else if later {
        1.5
    } else {
        0.0
    };
    cache
        + c.belief.p_id(i, "porter") * 3.0
        + c.belief.p_class(i, Class::Dummy) * 1.0
        + c.belief.p_combat(i) * combat
        - c.belief.p_class(i, Class::Trap) * 4.0
}

/// How much the US wants to close in on counter `i`: caches to take, units to fire at.
fn approach_value(c: &Computer, i: usize) -> f64 {
    let cache = c.belief.p_value(i, |k| {
        (data().counters[k].class == Class::Cache).then(|| cache_worth(k) / 6.0)
    });
    cache + c.belief.p_combat(i) * 3.0
        - c.belief.p_id(i, "peasant")
        - c.belief.p_class(i, Class::Trap) * 3.0
}

/// The worth of searching or probing each hex that holds face-down NLF counters.
fn hex_values(c: &Computer, v: &SearchDestroy) -> Vec<(Hex, f64)> {
    let mut out: Vec<(Hex, f64)> = Vec::new();
    for (i, u) in v.units.iter().enumerate() {
        if !(u.on_map() && u.hidden()) {
            continue;
        }
        let hex = u.hex.expect("on the map");
        let value = search_value(c, v, i);
        match out.iter_mut().find(|(h, _)| *h == hex) {
            Some(entry) => entry.1 += value,
            None => out.push((hex, value)),
        }
    }
    out
}

/// The best probe a US unit standing at `hexes` would offer.
fn best_probe(values: &[(Hex, f64)], hexes: impl Iterator<Item = Hex>) -> f64 {
    let mut best = 0.0f64;
    for h in hexes {
        for &(target, value) in values {
            if target.distance(h) == 1 {
                best = best.max(value);
            }
        }
    }
    best
}

/// The Basic game's one probe a game-turn [5.33] is the US's way to its caches: a squad moves
/// to stand next to the face-down counter most worth probing, unless one already does.
fn prober_move(c: &mut Computer, v: &SeatView, actions: &[Action]) -> Option<Action> {
    if v.standard() || v.turn >= v.last_turn {
        return None;
    }
    let values = hex_values(c, v);
    let standing = v
        .units
        .iter()
        .filter(|u| u.side == Side::Us && u.on_map())
        .filter_map(|u| u.hex);
    let now = best_probe(&values, standing);
    let map = &data().map;
    let chosen = c.easy.best_move(v, actions, |_, unit, to| {
        let u = &v.units[unit];
        if u.moved || u.carrying.is_some() || u.class() != Some(Class::Combat) {
            return None;
        }
        let gain = best_probe(&values, std::iter::once(to)) - now;
        if gain < 0.5 {
            return None;
        }
        let here = u.hex.expect("on the map");
        Some(
            (10.0 * gain) as i64 + i64::from(cover(map.terrain(to)))
                - i64::from(here.distance(to)) / 4,
        )
    });
    (chosen != Action::EndMovement).then_some(chosen)
}

/// A cache at hand: rice and whatever is worth no more carried off is destroyed, for movement
/// points or, in the Standard game, by a unit that stays pinned beside it; the others are
/// carried off to count as captured at the end [5.3, 5.4, 10.12, 12.35].
fn take_cache(v: &SearchDestroy, actions: &[Action]) -> Option<Action> {
    let worth_carrying = |cache: usize| {
        let id = v.units[cache].spec().map_or("", |s| s.id.as_str());
        let (destroyed, captured) = SearchDestroy::material(id);
        captured > destroyed
    };
    actions
        .iter()
        .find(|a| matches!(a, Action::PickUp { load, .. } if worth_carrying(*load)))
        .or_else(|| {
            actions
                .iter()
                .find(|a| matches!(a, Action::Destroy { cache, .. } if !worth_carrying(*cache)))
        })
        .or_else(|| actions.iter().find(|a| matches!(a, Action::Destroy { .. })))
        .or_else(|| {
            actions.iter().find(|a| match a {
                Action::Demolish { unit } => v.units[*unit]
                    .hex
                    .is_some_and(|h| v.demolishable(h).into_iter().any(|c| !worth_carrying(c))),
                _ => false,
            })
        })
        .cloned()
}

fn us_movement(c: &mut Computer, v: &SeatView, actions: &[Action]) -> Action {
    if let Some(a) = take_cache(v, actions) {
        return a;
    }
    let best_search = actions
        .iter()
        .filter_map(|a| match a {
            Action::Search { hex, .. } => {
                let value: f64 = v
                    .side_at(*hex, Side::Nlf)
                    .map(|i| search_value(c, v, i))
                    .sum();
                Some((value, a))
            }
            _ => None,
        })
        .max_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((value, a)) = best_search
        && value > 0.5
    {
        if let Action::Search { hex, .. } = a {
            c.note(
                Side::Us,
                // Translators: the computer's reason for a search, from what the US knows;
                // {points} is an expected value ("2.5"), not a count.
                msg("The US searches {hex}: worth about {points} points")
                    .arg("hex", hex)
                    .message("points", decimal(value, 1)),
            );
        }
        return a.clone();
    }
    if let Some(a) = prober_move(c, v, actions) {
        return a;
    }
    let caches: Vec<Hex> = v
        .units
        .iter()
        .filter(|u| u.on_map() && !u.hidden() && u.class() == Some(Class::Cache))
        .filter(|u| u.carried_by.is_none())
        .filter_map(|u| u.hex)
        .collect();
    let wanted: Vec<(Hex, f64)> = (0..v.units.len())
        .filter(|&i| v.units[i].on_map() && v.units[i].hidden())
        .map(|i| (v.units[i].hex.expect("on the map"), approach_value(c, i)))
        .filter(|&(_, value)| value > 0.5)
        .collect();
    let hexes: Vec<Hex> = wanted.iter().map(|&(h, _)| h).collect();
    let map = &data().map;
    let turn = usize::from(v.turn);
    c.easy.best_move(v, actions, |bot, unit, to| {
        let u = &v.units[unit];
        if u.moved || u.carrying.is_some() {
            return None;
        }
        if caches.contains(&to) {
            return Some(100);
        }
        if u.class() != Some(Class::Combat) || (unit + turn) % 2 == 0 {
            return None;
        }
        let here = nearest(u.hex.expect("on the map"), &hexes);
        let d = nearest(to, &hexes);
        if d == 0 || d >= here {
            return None;
        }
        let value = wanted
            .iter()
            .filter(|&&(h, _)| h.distance(to) == d)
            .map(|&(_, value)| value)
            .fold(0.0, f64::max);
        let open = matches!(map.terrain(to), Terrain::Open | Terrain::Broken);
        Some(
            50 - 5 * i64::from(d) + (3.0 * value) as i64 + i64::from(cover(map.terrain(to)))
                - i64::from(open)
                + i64::from(bot.rng_below(3)),
        )
    })
}

fn nlf_movement(c: &mut Computer, v: &SeatView, actions: &[Action]) -> Action {
    let map = &data().map;
    let us: Vec<Hex> = v
        .units
        .iter()
        .filter(|u| u.side == Side::Us && u.on_map())
        .filter_map(|u| u.hex)
        .collect();
    let seen = |h: Hex| {
        us.iter()
            .any(|&from| from.distance(h) <= 1 || v.sees(from, h))
    };
    let firing: Vec<usize> = (0..v.units.len())
        .filter(|&i| v.units[i].side == Side::Nlf && !v.units[i].hidden())
        .filter(|&i| v.units[i].class() == Some(Class::Combat))
        .filter(|&i| fire_worth(c, v, i) > EXPOSURE)
        .collect();
    let chosen = c.easy.best_move(v, actions, |_, unit, to| {
        let u = &v.units[unit];
        let here = u.hex.expect("on the map");
        // A face-up combat unit in the US's sight slips into unseen cover to hide again at
        // the end of the turn [11.0], when it may (the Standard game, not turned up this
        // game-turn) and has no fire worth more than being hidden; the others hold still to
        // fire. In the Basic game a unit turned face-up stays so [6.31]: pulling it back
        // would only take it out of the fight.
        if !v.standard()
            || u.revealed_turn == v.turn
            || u.moved
            || u.hidden()
            || u.class() != Some(Class::Combat)
            || !seen(here)
            || firing.contains(&unit)
        {
            return None;
        }
        if seen(to) || !cover(map.terrain(to)) {
            return None;
        }
        Some(20 - i64::from(here.distance(to)))
    });
    if chosen != Action::EndMovement {
        if let Action::Select(unit) = chosen
            && let Some(hex) = v.units[unit].hex
        {
            let name = v.units[unit].spec().map_or("", |s| s.name.as_str());
            c.note(
                Side::Nlf,
                // Translators: the computer's reason for a move, from what the NLF knows.
                msg("The NLF pulls its {unit} at {hex} back out of the US's sight")
                    .term("unit", name)
                    .arg("hex", hex),
            );
        }
        return chosen;
    }
    c.easy.decide(v, actions)
}

/// The most an attack of the NLF Combat Phase on a US-held hex could be worth with `unit`
/// among its firers, as the fire is weighed there, from the positions as they stand.
fn fire_worth(c: &Computer, v: &SeatView, unit: usize) -> f64 {
    let mut targets: Vec<Hex> = v
        .units
        .iter()
        .filter(|u| u.side == Side::Us && u.on_map())
        .filter_map(|u| u.hex)
        .collect();
    targets.sort();
    targets.dedup();
    targets
        .into_iter()
        .filter(|&hex| v.firers(Side::Nlf, hex).contains(&unit))
        .map(|hex| target_value(c, v, Side::Nlf, hex))
        .fold(0.0, f64::max)
}

fn probe(c: &mut Computer, v: &SeatView, actions: &[Action]) -> Action {
    ranked_probes(c, v, actions)
        .into_iter()
        .next()
        .map_or(Action::NoProbe, |(_, a)| a)
}

/// The probes on offer, the most worth first: what the US expects from turning the hex's
/// counters face-up.
pub fn ranked_probes(c: &Computer, v: &SeatView, actions: &[Action]) -> Vec<(f64, Action)> {
    let mut ranked: Vec<(f64, Action)> = actions
        .iter()
        .filter_map(|a| match a {
            Action::Probe { hex, .. } => {
                let value: f64 = v
                    .side_at(*hex, Side::Nlf)
                    .map(|i| search_value(c, v, i))
                    .sum();
                Some((value, a.clone()))
            }
            _ => None,
        })
        .collect();
    // The first of equals stays first, as `max_by` kept the last: ties go to the later.
    ranked.reverse();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    ranked
}
