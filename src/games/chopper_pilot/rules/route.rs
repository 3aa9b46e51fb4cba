//! Flying to a hex in one go [8.3]: the cheapest chain of the movement steps the rules allow
//! one at a time (ahead, a turn of the nose, and from a hover a step sideways or back), at
//! the helicopter's altitude and within the movement points it has left. The window offers
//! it as a click on a hex with the cost and the path shown; the chain is made step by step
//! through the same checks as single steps, so it can do nothing a chain of clicks could not.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashSet};

use super::hex::Hex;
use super::movement::{self, Altitude, Flying, Step};
use super::state::{ChopperPilot, Phase};
use crate::engine::message::{Message, msg};

/// The cheapest way to a hex: its steps, the hexes it passes (the last is the goal) and its
/// cost in movement points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    pub steps: Vec<Step>,
    pub hexes: Vec<Hex>,
    pub cost: u8,
}

/// The steps a route is made of.
const STEPS: [Step; 8] = [
    Step::Forward,
    Step::Turn { clockwise: true },
    Step::Turn { clockwise: false },
    Step::Slide(2),
    Step::Slide(3),
    Step::Slide(4),
    Step::Slide(5),
    Step::Slide(6),
];

/// What a step leaves of a helicopter's movement that a route search tells apart.
type Key = (Hex, u8, bool, bool);

fn key(f: &Flying) -> Key {
    (f.hex, f.facing, f.hovering, f.moved_since_turn)
}

impl ChopperPilot {
    /// Every hex helicopter `h` can fly to now and the cheapest route there (not its own hex).
    pub fn routes(&self, h: usize) -> Vec<(Hex, Route)> {
        let Some(start) = self.route_start(h) else {
            return Vec::new();
        };
        let origin = start.hex;
        let mut best: Vec<(Hex, Route)> = Vec::new();
        for (f, route) in self.search_routes(h, start) {
            if f.hex == origin {
                continue;
            }
            match best.iter_mut().find(|(x, _)| *x == f.hex) {
                Some((_, r)) if (route.cost, route.steps.len()) < (r.cost, r.steps.len()) => {
                    *r = route
                }
                Some(_) => {}
                None => best.push((f.hex, route)),
            }
        }
        best.sort_by_key(|(x, _)| *x);
        best
    }

    /// The cheapest route of helicopter `h` to `to`, or why it cannot fly there now.
    pub fn route(&self, h: usize, to: Hex) -> Result<Route, Message> {
        let f = self
            .route_start(h)
            .ok_or_else(|| msg("Only the helicopter flying now can be moved"))?;
        if f.hex == to {
            return Err(msg("The helicopter is in this hex already"));
        }
        if f.altitude == Altitude::Landed {
            return Err(msg("A landed helicopter takes off before it moves"));
        }
        if !self.tac().ground.layout.contains(to) {
            return Err(msg("That hex is not on the map"));
        }
        if let Some((_, r)) = self.routes(h).into_iter().find(|(x, _)| *x == to) {
            return Ok(r);
        }
        let needed = f.hex.distance(to);
        if needed > i32::from(f.mp_left) {
            return Err(msg("Out of reach: at least {needed} MP, {left} MP left")
                .arg("needed", needed)
                .arg("left", f.mp_left));
        }
        Err(msg(
            "No way there with {left} MP left: the nose must be turned first, or the hexes on the way are full at this altitude",
        )
        .arg("left", f.mp_left))
    }

    /// Flies the route to `to` step by step, each step checked as a single step is; on any
    /// refusal nothing has moved.
    pub(super) fn fly_route(&mut self, to: Hex) -> Result<(), Message> {
        let Phase::Activation(h) = self.phase else {
            return Err(msg("No helicopter is flying now"));
        };
        let route = self.route(h, to)?;
        let mut after = self.clone();
        for s in &route.steps {
            if after.step_cost(h, *s).is_none() {
                return Err(msg("The route is refused on the way"));
            }
            after.make_step(h, *s);
        }
        after.log.add(
            "8.3",
            msg("{helicopter} flies to {hex}: {mp} MP")
                .arg("helicopter", after.mission().flight[h].name())
                .arg("hex", after.hex_name(to))
                .arg("mp", route.cost),
        );
        *self = after;
        Ok(())
    }

    fn route_start(&self, h: usize) -> Option<Flying> {
        (self.phase == Phase::Activation(h))
            .then(|| self.tac().flying(h).cloned())
            .flatten()
    }

    /// A cheapest-first search over what the route steps leave of the helicopter's movement:
    /// each state reached with the route that reached it most cheaply (fewest steps among
    /// equals, then the first in step order, so the same position gives the same routes).
    fn search_routes(&self, h: usize, start: Flying) -> Vec<(Flying, Route)> {
        let limits = self.flying_limits(h);
        let layout = &self.tac().ground.layout;
        let mut done: Vec<(Flying, Route)> = Vec::new();
        let mut seen: HashSet<Key> = HashSet::new();
        let mut queue = BinaryHeap::new();
        let mut pending: Vec<(Flying, Route)> = vec![(
            start.clone(),
            Route {
                steps: Vec::new(),
                hexes: vec![start.hex],
                cost: 0,
            },
        )];
        queue.push(Reverse((0u8, 0usize, 0usize)));
        while let Some(Reverse((_, _, i))) = queue.pop() {
            let (f, route) = pending[i].clone();
            if !seen.insert(key(&f)) {
                continue;
            }
            for s in STEPS {
                let Ok(c) = movement::cost(&f, s, &limits, false) else {
                    continue;
                };
                if !self.step_allowed(h, &f, s) {
                    continue;
                }
                let mut next = f.clone();
                movement::make(&mut next, s, c);
                if !layout.contains(next.hex) || seen.contains(&key(&next)) {
                    continue;
                }
                let mut r = route.clone();
                r.steps.push(s);
                if next.hex != f.hex {
                    r.hexes.push(next.hex);
                }
                r.cost += c;
                queue.push(Reverse((r.cost, r.steps.len(), pending.len())));
                pending.push((next, r));
            }
            done.push((f, route));
        }
        done
    }
}

/// The map target of a hex (a route's goal).
pub fn hex_target(hex: Hex) -> String {
    format!("hex:{},{}", hex.q, hex.r)
}

/// The hex a map target names, if it names one.
pub fn target_hex(target: &str) -> Option<Hex> {
    let (q, r) = target.strip_prefix("hex:")?.split_once(',')?;
    Some(Hex {
        q: q.parse().ok()?,
        r: r.parse().ok()?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::bot::Bot;
    use crate::engine::game::Game;
    use crate::games::chopper_pilot::rules::Action;
    use crate::games::chopper_pilot::rules::bot::Commander;
    use crate::games::chopper_pilot::rules::hex::absolute;

    /// A bot tour stopped at an activation of a helicopter flying on the Tactical Map.
    fn flying(seed: u64) -> (ChopperPilot, usize) {
        let mut g = ChopperPilot::setup("primary", &Default::default(), seed).unwrap();
        for _ in 0..20_000 {
            if let Phase::Activation(h) = g.phase
                && g.tac()
                    .flying(h)
                    .is_some_and(|f| f.altitude != Altitude::Landed)
            {
                return (g, h);
            }
            let a = Commander.choose(&g, &g.legal_actions());
            g.apply(&a).unwrap();
        }
        panic!("seed {seed}: no helicopter flew");
    }

    /// The helicopter put in the middle of the map at Low, nose north, with `mp` to spend
    /// and no other helicopter about.
    fn in_the_open(seed: u64, mp: u8) -> (ChopperPilot, usize, Hex) {
        let (mut g, h) = flying(seed);
        let (w, ht) = g.tac().ground.layout.size();
        let centre = Hex::from_offset((w / 2) & !1, ht / 2);
        let t = g.tac_mut();
        for (i, p) in t.places.iter_mut().enumerate() {
            if i != h && matches!(p, super::super::tactical::Place::On(_)) {
                *p = super::super::tactical::Place::Exited;
            }
        }
        let mut f = Flying::new(centre, 0, Altitude::Low);
        f.mp_left = mp;
        t.places[h] = super::super::tactical::Place::On(f);
        (g, h, centre)
    }

    #[test]
    fn a_route_costs_a_point_a_hex_ahead_and_a_point_a_turn_8_3() {
        let (g, h, c) = in_the_open(3, 6);
        let ahead = g.route(h, c.step(0, 3)).unwrap();
        assert_eq!(ahead.cost, 3, "three hexes straight ahead");
        assert_eq!(ahead.steps, vec![Step::Forward; 3]);
        assert_eq!(ahead.hexes.len(), 4, "the start and three hexes");
        // North-east of the nose: one turn and one hex.
        let beside = g.route(h, c.neighbour(1)).unwrap();
        assert_eq!(beside.cost, 2);
        // Straight behind: a turn needs a hex ahead before the next one unless hovering, so
        // the way round is a loop longer than the 6 MP.
        let behind = g.route(h, c.neighbour(3)).unwrap_err().english();
        assert!(behind.contains("nose"), "{behind}");
        for (hex, r) in g.routes(h) {
            assert!(i32::from(r.cost) >= c.distance(hex), "{hex:?}: {r:?}");
            assert!(r.cost <= 6);
        }
    }

    #[test]
    fn from_a_hover_a_side_step_costs_two_8_3() {
        let (mut g, h, c) = in_the_open(3, 6);
        if let super::super::tactical::Place::On(f) = &mut g.tac_mut().places[h] {
            f.hovering = true;
        }
        // Right-back of the nose (rulebook direction 3) and straight back: one slide of
        // 2 MP each, the nose kept.
        for k in [3, 4] {
            let r = g.route(h, c.neighbour(absolute(0, k))).unwrap();
            assert_eq!(
                (r.cost, r.steps.clone()),
                (2, vec![Step::Slide(k)]),
                "{r:?}"
            );
        }
    }

    #[test]
    fn refused_routes_say_why() {
        let (mut g, h, c) = in_the_open(3, 2);
        let far = g.route(h, c.step(0, 5)).unwrap_err().english();
        assert!(far.contains("at least 5 MP, 2 MP left"), "{far}");
        assert!(g.apply(&Action::FlyTo(c.step(0, 5))).is_err());
        assert!(g.route(h, c).is_err(), "its own hex");
        if let super::super::tactical::Place::On(f) = &mut g.tac_mut().places[h] {
            f.altitude = Altitude::Landed;
        }
        let landed = g.route(h, c.neighbour(0)).unwrap_err().english();
        assert!(landed.contains("takes off"), "{landed}");
    }

    #[test]
    fn flying_a_route_is_making_its_steps_one_by_one() {
        for seed in 1..6 {
            let (g, h) = flying(seed);
            let routes = g.routes(h);
            assert!(!routes.is_empty(), "seed {seed}: nowhere to go");
            for (hex, r) in routes {
                let mut by_route = g.clone();
                by_route.apply(&Action::FlyTo(hex)).unwrap();
                let mut by_steps = g.clone();
                for s in &r.steps {
                    by_steps.apply(&Action::Move(*s)).unwrap();
                }
                assert_eq!(by_route.tac(), by_steps.tac(), "seed {seed}: {hex:?}");
                assert_eq!(by_route.phase, by_steps.phase);
                let f = by_route.tac().flying(h).unwrap();
                assert_eq!(f.hex, hex);
                assert_eq!(f.mp_spent - g.tac().flying(h).unwrap().mp_spent, r.cost);
            }
        }
    }
}
