//! A first opponent for either side of the Basic and the Standard game, the digest's "Easy" level (10.4,
//! 10.5): one-ply rules of thumb per phase. It decides from a [`SeatView`], the position as its
//! own side may know it, never from the state itself.

use super::content::{Class, Side, data};
use super::crt::odds_column;
use super::helicopter_guns::GunAction;
use super::hex::Hex;
use super::map::Terrain;
use super::play::Action;
use super::state::{RANGE, SearchDestroy, Step};
use crate::engine::bot::Bot;
use crate::engine::rng::Rng;

/// The position as one side may know it (digest 10.1): the only thing a computer player of
/// Search & Destroy is handed. It can be made only by redacting a game for a side
/// ([`SearchDestroy::redacted`]), and it hands out nothing but that redacted copy: a bot that
/// takes a `SeatView` cannot reach the face-down counters' identities, the order-of-battle
/// roll, the NLF's command status or the generator's future.
pub struct SeatView {
    side: Side,
    view: SearchDestroy,
}

impl SeatView {
    /// What `side` may know of `game`.
    pub fn of(game: &SearchDestroy, side: Side) -> SeatView {
        SeatView {
            side,
            view: game.redacted(side),
        }
    }

    pub fn side(&self) -> Side {
        self.side
    }
}

impl std::ops::Deref for SeatView {
    type Target = SearchDestroy;
    fn deref(&self) -> &SearchDestroy {
        &self.view
    }
}

pub struct HeuristicBot {
    rng: Rng,
}

impl HeuristicBot {
    pub fn new(seed: u64) -> Self {
        HeuristicBot {
            rng: Rng::seeded(seed ^ 0x5D0_5D0),
        }
    }

    pub(crate) fn pick<'a>(&mut self, options: &[&'a Action]) -> Option<&'a Action> {
        (!options.is_empty()).then(|| options[self.rng.index(options.len())])
    }

    /// A number below `n` from the bot's own generator.
    pub(crate) fn rng_below(&mut self, n: u32) -> u32 {
        self.rng.below(n)
    }

    /// Whether a chance of `p` out of 100 comes up.
    pub(crate) fn chance(&mut self, p: u32) -> bool {
        self.rng.below(100) < p
    }
}

/// Hexes of face-down NLF counters, as the US sees them.
pub(crate) fn hidden_hexes(v: &SearchDestroy) -> Vec<Hex> {
    v.units
        .iter()
        .filter(|u| u.on_map() && u.hidden())
        .filter_map(|u| u.hex)
        .collect()
}

pub(crate) fn side_hexes(v: &SearchDestroy, side: Side) -> Vec<Hex> {
    v.units
        .iter()
        .filter(|u| u.on_map() && u.side == side)
        .filter_map(|u| u.hex)
        .collect()
}

pub(crate) fn nearest(hex: Hex, others: &[Hex]) -> u32 {
    others.iter().map(|&o| hex.distance(o)).min().unwrap_or(99)
}

pub(crate) fn cover(t: Terrain) -> bool {
    matches!(t, Terrain::Forest | Terrain::Treeline | Terrain::Building)
}

/// The odds column `side` would get at `hex` with every unit and helicopter free to fire at
/// it [26.1, 26.2].
pub(crate) fn best_column(v: &SearchDestroy, side: Side, hex: Hex) -> usize {
    let guns: u32 = v.guns_at(hex).iter().map(|&k| 2 * v.gun_strength(k)).sum();
    let halves: u32 = guns
        + v.firers(side, hex)
            .iter()
            .map(|&i| v.attack_halves(i))
            .sum::<u32>();
    let defense = if v.helicopter_fire() {
        1
    } else {
        SearchDestroy::defense(hex)
    };
    odds_column(halves, defense)
}

impl HeuristicBot {
    fn setup(&mut self, v: &SearchDestroy, actions: &[Action]) -> Action {
        let map = &data().map;
        let Some(Action::Place { unit, .. }) = actions.first() else {
            return actions[0].clone();
        };
        let id = v.units[*unit].spec().map_or("", |s| s.id.as_str());
        let wanted = |t: Terrain| match id {
            "peasant" => matches!(t, Terrain::Building | Terrain::Open),
            "dummy" => true,
            _ => cover(t),
        };
        let good: Vec<&Action> = actions
            .iter()
            .filter(|a| matches!(a, Action::Place { hex, .. } if wanted(map.terrain(*hex))))
            .collect();
        self.pick(&good).unwrap_or(&actions[0]).clone()
    }

    fn landing(&mut self, v: &SearchDestroy, actions: &[Action]) -> Action {
        let map = &data().map;
        let hidden = hidden_hexes(v);
        let rappel = v.rappelling();
        let lands: Vec<&Action> = actions
            .iter()
            .filter(|a| matches!(a, Action::Land(_)))
            .collect();
        if lands.is_empty() {
            return Action::ResetLanding;
        }
        let hex_of = |a: &Action| match a {
            Action::Land(h) => *h,
            _ => unreachable!("only landing actions here"),
        };
        let fresh = |a: &&&Action| map.neighbours(hex_of(a)).all(|n| !v.landing.contains(&n));
        let (starts, extensions): (Vec<&Action>, Vec<&Action>) = lands.iter().partition(fresh);
        // Standard game: a new snake now and then once the one being laid is long enough [14.0].
        if !starts.is_empty() && (extensions.is_empty() || self.chance(30)) {
            // Start away from counters that might shoot (range 8, terrain no obstacle).
            let safe: Vec<&Action> = starts
                .iter()
                .copied()
                .filter(|a| {
                    let h = hex_of(a);
                    let threats = hidden.iter().filter(|&&x| x.distance(h) <= RANGE).count();
                    threats <= 2
                        && map.neighbours(h).filter(|&n| v.may_land(n, rappel)).count() >= 4
                })
                .collect();
            return self
                .pick(&safe)
                .or(self.pick(&starts))
                .expect("not empty")
                .clone();
        }
        // Extend where the snake keeps room to grow.
        let room = |h: Hex| {
            map.neighbours(h)
                .filter(|&n| v.may_land(n, rappel) && !v.landing.contains(&n))
                .count()
        };
        let best = extensions
            .iter()
            .map(|a| room(hex_of(a)))
            .max()
            .unwrap_or(0);
        let good: Vec<&Action> = extensions
            .iter()
            .copied()
            .filter(|a| room(hex_of(a)) == best)
            .collect();
        self.pick(&good).expect("not empty").clone()
    }

    fn landing_commander(&mut self, v: &SearchDestroy, actions: &[Action]) -> Action {
        let hidden = hidden_hexes(v);
        actions
            .iter()
            .min_by_key(|a| match a {
                Action::Commander(h) => hidden.iter().filter(|&&x| x.distance(*h) <= RANGE).count(),
                _ => usize::MAX,
            })
            .expect("a landing hex")
            .clone()
    }

    /// Shared by landing fire and both combat phases.
    fn fire(&mut self, v: &SearchDestroy, side: Side, actions: &[Action]) -> Action {
        if v.attack.is_some() {
            // Add every unit that may fire, put a second unit of fire in where a unit has
            // plenty left [19.11], then roll.
            let plenty = |i: usize| v.units[i].ammo.left.is_some_and(|l| l >= 4);
            return actions
                .iter()
                .find(|a| matches!(a, Action::AddFirer(_) | Action::Guns(GunAction::Fire(_))))
                .or_else(|| {
                    actions
                        .iter()
                        .find(|a| matches!(a, Action::DoubleFire(i) if plenty(*i)))
                })
                .or_else(|| actions.iter().find(|a| **a == Action::Resolve))
                .unwrap_or(&Action::Cancel)
                .clone();
        }
        let map = &data().map;
        let mut best: Option<(usize, &Action)> = None;
        for a in actions {
            // A helicopter still on the map, at defence 1 [26.4 (b)].
            if let Action::Guns(GunAction::AtHelicopter(k)) = a {
                let hex = v.helicopter_guns.helicopters[*k].hex;
                let column = v.helicopter_shot_column(hex);
                if (column >= 5 || (column >= 3 && self.chance(30)))
                    && best.is_none_or(|(c, _)| column > c)
                {
                    best = Some((column, a));
                }
                continue;
            }
            let Action::Target(hex) = a else { continue };
            let column = best_column(v, side, *hex);
            let worth = match side {
                Side::Nlf if v.helicopter_fire() => column >= 5 || (column >= 3 && self.chance(30)),
                Side::Nlf => column >= 3,
                Side::Us => {
                    let face_up_combat = v.side_at(*hex, Side::Nlf).any(|i| {
                        let u = &v.units[i];
                        !u.hidden() && u.class() == Some(Class::Combat)
                    });
                    if face_up_combat {
                        column >= 2
                    } else {
                        // A face-down counter in a forest is never a peasant [9.11].
                        map.terrain(*hex) == Terrain::Forest && column >= 3
                    }
                }
            };
            if worth && best.is_none_or(|(c, _)| column > c) {
                best = Some((column, a));
            }
        }
        best.map_or(Action::EndFire, |(_, a)| a.clone())
    }

    fn us_movement(&mut self, v: &SearchDestroy, actions: &[Action]) -> Action {
        let map = &data().map;
        // Caches at hand: destroy early (and rice always), carry late; in the Standard game
        // by staying pinned beside them [12.35].
        let early = v.turn + 2 < v.last_turn;
        for a in actions {
            let caches = match a {
                Action::Destroy { cache, .. } => vec![*cache],
                Action::Demolish { unit } => v.units[*unit]
                    .hex
                    .map_or_else(Vec::new, |h| v.demolishable(h)),
                _ => continue,
            };
            if early || caches.iter().any(|&c| v.units[c].is("rice")) {
                return a.clone();
            }
        }
        if let Some(a) = actions.iter().find(|a| matches!(a, Action::PickUp { .. })) {
            return a.clone();
        }
        // Standard game: search the backs in cover that a search may tell apart [12.0], a
        // squad now and then, the hexes known to hold a combat unit left to fire.
        let searches: Vec<&Action> = actions
            .iter()
            .filter(|a| match a {
                Action::Search { hex, .. } => v
                    .side_at(*hex, Side::Nlf)
                    .all(|i| v.units[i].known_combat != Some(true)),
                _ => false,
            })
            .collect();
        if !searches.is_empty() && self.chance(40) {
            return self.pick(&searches).expect("not empty").clone();
        }
        let caches: Vec<Hex> = v
            .units
            .iter()
            .filter(|u| u.on_map() && !u.hidden() && u.class() == Some(Class::Cache))
            .filter(|u| u.carried_by.is_none())
            .filter_map(|u| u.hex)
            .collect();
        let hidden = hidden_hexes(v);
        self.best_move(v, actions, |bot, unit, to| {
            let u = &v.units[unit];
            if u.moved || u.carrying.is_some() {
                return None;
            }
            if caches.contains(&to) {
                return Some(100);
            }
            if u.class() != Some(Class::Combat) || (unit + usize::from(v.turn)) % 2 == 0 {
                // The commander keeps back; half the squads hold still to fire.
                return None;
            }
            let d = i64::from(nearest(to, &hidden));
            let here = i64::from(nearest(u.hex.expect("on the map"), &hidden));
            if d == 0 || d >= here {
                return None;
            }
            let cover_bonus = i64::from(cover(map.terrain(to)));
            Some(50 - 5 * d + cover_bonus + i64::from(bot.rng.below(3)))
        })
    }

    /// The best-scored move among the unit taken up's moves, else among the units that may be
    /// taken up (their destinations worked out from the view): taken as a move, or as taking
    /// up its unit first. No move worth making ends the phase.
    pub(crate) fn best_move(
        &mut self,
        v: &SearchDestroy,
        actions: &[Action],
        mut score: impl FnMut(&mut Self, usize, Hex) -> Option<i64>,
    ) -> Action {
        let moves: Vec<(usize, Hex, &Action)> = actions
            .iter()
            .filter_map(|a| match a {
                Action::Move { unit, to } => Some((*unit, *to, a)),
                _ => None,
            })
            .collect();
        let takes: Vec<(usize, Hex, &Action)> = actions
            .iter()
            .filter_map(|a| match a {
                Action::Select(unit) => Some((*unit, a)),
                _ => None,
            })
            .flat_map(|(unit, a)| {
                v.destinations(unit)
                    .into_iter()
                    .map(move |to| (unit, to, a))
            })
            .collect();
        let mut best: Option<(i64, Action)> = None;
        for candidates in [moves, takes] {
            for (unit, to, action) in candidates {
                if let Some(s) = score(self, unit, to)
                    && best.as_ref().is_none_or(|(b, _)| s > *b)
                {
                    best = Some((s, action.clone()));
                }
            }
            if best.is_some() {
                break;
            }
        }
        best.map_or(Action::EndMovement, |(_, a)| a)
    }

    fn nlf_movement(&mut self, v: &SearchDestroy, actions: &[Action]) -> Action {
        let map = &data().map;
        let us = side_hexes(v, Side::Us);
        self.best_move(v, actions, |_, unit, to| {
            let u = &v.units[unit];
            // Only counters with nothing to fire slip away from US units that come close.
            let runs = u.is("dummy") || u.is("porter");
            let here = u.hex.expect("on the map");
            if u.moved || !runs || nearest(here, &us) > 4 {
                return None;
            }
            let gain = i64::from(nearest(to, &us)) - i64::from(nearest(here, &us));
            let exposed = matches!(map.terrain(to), Terrain::Open | Terrain::Broken);
            let score = 3 * gain - if exposed { 6 } else { 0 };
            (score > 0).then_some(score)
        })
    }
}

/// An ammunition supply flown in within three hexes of a US infantry unit that is running
/// low, if one may be [19.24].
fn supply_call(v: &SearchDestroy, actions: &[Action]) -> Option<Action> {
    let low: Vec<Hex> = v
        .units
        .iter()
        .filter(|u| u.side == Side::Us && u.on_map() && u.ammo.left.is_some_and(|l| l <= 2))
        .filter(|u| u.class() == Some(Class::Combat))
        .filter_map(|u| u.hex)
        .collect();
    if low.is_empty() {
        return None;
    }
    actions
        .iter()
        .filter_map(|a| match a {
            Action::DropSupply(h) => Some((nearest(*h, &low), a)),
            _ => None,
        })
        .filter(|&(d, _)| d <= 3)
        .min_by_key(|&(d, _)| d)
        .map(|(_, a)| a.clone())
}

impl HeuristicBot {
    /// The rules of thumb for tanks, APCs, mines and RPG-7s [22.0], when they apply.
    pub(crate) fn vehicle_choice(
        &mut self,
        v: &SearchDestroy,
        side: Side,
        actions: &[Action],
    ) -> Option<Action> {
        let rng = &mut self.rng;
        let a = match v.step {
            Step::Movement(Side::Us) => super::vehicles::bot_vehicle_move(v, actions),
            _ => super::vehicles::bot_choice(v, side, actions, &mut |n| rng.index(n)),
        };
        a.filter(|a| actions.contains(a))
    }
}

impl Bot<SearchDestroy> for HeuristicBot {
    fn choose(&mut self, game: &SearchDestroy, actions: &[Action]) -> Action {
        let Some(side) = game.actor() else {
            return actions[0].clone();
        };
        self.decide(&SeatView::of(game, side), actions)
    }
}

impl HeuristicBot {
    /// One decision of the side to act in `view`, among its legal `actions`.
    pub fn decide(&mut self, view: &SeatView, actions: &[Action]) -> Action {
        let side = view.side();
        let v: &SearchDestroy = view;
        if let Some(a) = self.vehicle_choice(v, side, actions) {
            return a;
        }
        let chosen = match v.step {
            Step::Setup => self.setup(v, actions),
            // Everyone who may fly in does, as early as he may: force on the map early counts.
            Step::Boarding => actions[0].clone(),
            Step::Landing => self.landing(v, actions),
            Step::Commander => self.landing_commander(v, actions),
            Step::LandingFire | Step::Combat(_) | Step::SupplyFire => self.fire(v, side, actions),
            Step::Movement(Side::Us) => super::casualties::medevac_call(v, actions)
                .or_else(|| supply_call(v, actions))
                .unwrap_or_else(|| self.us_movement(v, actions)),
            Step::Movement(Side::Nlf) => self.nlf_movement(v, actions),
            // A surprise attack costs nothing the search has not given away [12.1].
            Step::Surprise => Action::Surprise,
            Step::Interrogation => super::interrogation::bot_choice(v, actions),
            Step::HeFire => super::he_fire::bot_choice(v, actions),
            // Every unit that may hide does [11.0].
            Step::Hiding => actions[0].clone(),
            Step::Probe => {
                let probes: Vec<&Action> = actions
                    .iter()
                    .filter(|a| matches!(a, Action::Probe { .. }))
                    .collect();
                self.pick(&probes).unwrap_or(&Action::NoProbe).clone()
            }
            // The hex that keeps the carrier nearest its own side's other units.
            Step::Retreat { unit, .. } => {
                let own = v.units[unit].side;
                let friends: Vec<Hex> = v
                    .units
                    .iter()
                    .enumerate()
                    .filter(|&(i, u)| i != unit && u.side == own && u.on_map())
                    .filter_map(|(_, u)| u.hex)
                    .collect();
                actions
                    .iter()
                    .min_by_key(|a| match a {
                        Action::Retreat(h) => nearest(*h, &friends),
                        _ => u32::MAX,
                    })
                    .unwrap_or(&actions[0])
                    .clone()
            }
            Step::Plot(_) => super::simultaneous_bot::bot_plot(v, side, actions),
            Step::Over | Step::Vehicles => actions[0].clone(),
        };
        let chosen = match v.step {
            Step::Movement(_) => self.scenario_movement(v, side, actions, chosen),
            _ => chosen,
        };
        if actions.contains(&chosen) {
            chosen
        } else {
            actions[self.rng.index(actions.len())].clone()
        }
    }
}
