//! Movement paths over the map [5.14, 5.21, 8.0], worked out on flat tables: the hexes are
//! numbered once, column by column (so their numbers sort as hex numbers do), with each one's
//! six neighbours and what entering each costs. The legal moves of every unit are asked for at
//! every decision of a Movement Phase, by the rules, the bots and the window; this keeps them
//! to array lookups instead of map searches.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::OnceLock;

use super::content::data;
use super::hex::{Dir, Hex};
use super::state::SearchDestroy;

/// No hex: a neighbour off the map, or nothing reached.
const NONE: u16 = u16::MAX;

/// The map's hexes by number and, for each, its neighbours in [`Dir::ALL`] order with the
/// cost of entering them from it, for infantry and for vehicles [8.0, 22.2].
pub struct Steps {
    rows: usize,
    hexes: Vec<Hex>,
    next: Vec<[(u16, u8, u8); 6]>,
}

impl Steps {
    /// The table for the loaded map.
    pub fn get() -> &'static Steps {
        static STEPS: OnceLock<Steps> = OnceLock::new();
        STEPS.get_or_init(|| {
            let map = &data().map;
            let rows = usize::from(map.rows);
            let mut hexes: Vec<Hex> = map.hexes().collect();
            hexes.sort();
            let index = |h: Hex| (usize::from(h.col) - 1) * rows + usize::from(h.row) - 1;
            let next = hexes
                .iter()
                .map(|&h| {
                    std::array::from_fn(|d| match map.neighbour(h, Dir::ALL[d]) {
                        Some(n) => (
                            index(n) as u16,
                            SearchDestroy::entry_cost(h, n),
                            SearchDestroy::vehicle_entry_cost(h, n),
                        ),
                        None => (NONE, 0, 0),
                    })
                })
                .collect();
            Steps { rows, hexes, next }
        })
    }

    /// The number of a hex on the map.
    pub fn index(&self, hex: Hex) -> usize {
        (usize::from(hex.col) - 1) * self.rows + usize::from(hex.row) - 1
    }

    pub fn hex(&self, index: usize) -> Hex {
        self.hexes[index]
    }

    pub fn len(&self) -> usize {
        self.hexes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.hexes.is_empty()
    }
}

/// Which hexes hold a counter on the map: every other hex can be entered and ended in by
/// anyone, and only these need the counters looked at.
pub struct Occupied(Vec<bool>);

impl Occupied {
    pub fn of(game: &SearchDestroy) -> Occupied {
        let steps = Steps::get();
        let mut taken = vec![false; steps.len()];
        for u in game.units.iter().filter(|u| u.on_map()) {
            if let Some(h) = u.hex {
                taken[steps.index(h)] = true;
            }
        }
        Occupied(taken)
    }

    pub fn at(&self, index: usize) -> bool {
        self.0[index]
    }
}

/// A unit's cheapest paths within its movement points: for each hex reached (its start left
/// out), the cost and the hex it is entered from.
pub struct Reach {
    start: usize,
    best: Vec<(u8, u16)>,
}

impl Reach {
    /// The cost of reaching `hex` and the hex it is entered from, if it is reached.
    pub fn get(&self, hex: Hex) -> Option<(u8, Hex)> {
        let steps = Steps::get();
        let i = steps.index(hex);
        self.entry(i).map(|(c, from)| (c, steps.hex(from)))
    }

    fn entry(&self, i: usize) -> Option<(u8, usize)> {
        let (c, from) = *self.best.get(i)?;
        (from != NONE && i != self.start).then_some((c, usize::from(from)))
    }

    /// The hexes entered on the cheapest way to `to`, in order, `to` last and the start left
    /// out (just `to` when it is not reached: the caller has checked it can be entered).
    pub fn route_to(&self, to: Hex) -> Vec<Hex> {
        let start = Steps::get().hex(self.start);
        let mut path = vec![to];
        while let Some((_, from)) = self.get(*path.last().expect("not empty")) {
            if from == start {
                break;
            }
            path.push(from);
        }
        path.reverse();
        path
    }

    /// Every hex reached, in hex-number order, with its cost and the hex it is entered from.
    pub fn iter(&self) -> impl Iterator<Item = (Hex, u8, Hex)> + '_ {
        let steps = Steps::get();
        (0..self.best.len()).filter_map(move |i| {
            self.entry(i)
                .map(|(c, from)| (steps.hex(i), c, steps.hex(from)))
        })
    }
}

impl SearchDestroy {
    /// The cheapest paths of `unit` through hexes it may pass (Dijkstra's search, the
    /// cheapest hex first and among equals the lowest number, a hex's entry kept unless a
    /// cheaper one is found).
    pub fn reach_of(&self, unit: usize, occupied: &Occupied) -> Reach {
        let u = &self.units[unit];
        let start = u.hex.expect("a moving unit is on the map");
        self.reach_from(unit, start, u.mp, occupied)
    }

    /// As [`SearchDestroy::reach_of`], from `start` with `mp` points (a route being plotted
    /// goes on from where its last leg ends [28.1]).
    pub fn reach_from(&self, unit: usize, start: Hex, mp: u8, occupied: &Occupied) -> Reach {
        let u = &self.units[unit];
        let steps = Steps::get();
        let s = steps.index(start);
        let mut best = vec![(0u8, NONE); steps.len()];
        // Hexes with counters in them, judged once: 0 not yet, 1 passable, 2 not.
        let mut judged = vec![0u8; steps.len()];
        let mut passable = |i: usize| {
            if !occupied.at(i) {
                return true;
            }
            if judged[i] == 0 {
                judged[i] = if self.passable(steps.hex(i), u.side) {
                    1
                } else {
                    2
                };
            }
            judged[i] == 1
        };
        let vehicle = self.is_vehicle(unit);
        // A vehicle stops on a mine it drives into [22.33]: a route may end on a mine the
        // US has found, but never go on through it (nobody would choose "to 0321" expecting
        // to stop at 0221). Mines not yet found are the NLF's secret and change nothing.
        let found_mines: Vec<usize> = if vehicle {
            self.vehicles
                .found
                .iter()
                .map(|&h| steps.index(h))
                .collect()
        } else {
            Vec::new()
        };
        let mut queue = BinaryHeap::new();
        queue.push(Reverse((0u8, s as u16)));
        best[s] = (0, s as u16);
        while let Some(Reverse((cost, i))) = queue.pop() {
            let i = usize::from(i);
            if best[i].0 < cost || (i != s && found_mines.contains(&i)) {
                continue;
            }
            for &(n, infantry, vehicle_cost) in &steps.next[i] {
                if n == NONE {
                    continue;
                }
                let entry = if vehicle { vehicle_cost } else { infantry };
                let n = usize::from(n);
                if !passable(n) {
                    continue;
                }
                let c = cost.saturating_add(entry);
                if c > mp {
                    continue;
                }
                if best[n].1 == NONE || c < best[n].0 {
                    best[n] = (c, i as u16);
                    queue.push(Reverse((c, n as u16)));
                }
            }
        }
        Reach { start: s, best }
    }
}

#[cfg(test)]
mod tests {
    use std::cmp::Reverse;
    use std::collections::{BTreeMap, BinaryHeap};

    use super::super::bot::HeuristicBot;
    use super::super::content::Side;
    use super::super::leak_tests::all_options;
    use super::super::options::Options;
    use super::super::state::Step;
    use super::*;
    use crate::engine::bot::Bot;
    use crate::engine::game::Game;

    /// The search as first written, over the map and the counters themselves: the tables must
    /// find exactly its paths.
    fn reference_reach(g: &SearchDestroy, unit: usize) -> BTreeMap<Hex, (u8, Hex)> {
        let u = &g.units[unit];
        let start = u.hex.unwrap();
        let map = &data().map;
        let mut best = BTreeMap::new();
        let mut queue = BinaryHeap::new();
        queue.push(Reverse((0u8, start)));
        best.insert(start, (0, start));
        while let Some(Reverse((cost, hex))) = queue.pop() {
            if best.get(&hex).is_some_and(|&(c, _)| c < cost) {
                continue;
            }
            for next in map.neighbours(hex) {
                if !g.passable(next, u.side) {
                    continue;
                }
                let c = cost + SearchDestroy::entry_cost(hex, next);
                if c <= u.mp && best.get(&next).is_none_or(|&(old, _)| c < old) {
                    best.insert(next, (c, hex));
                    queue.push(Reverse((c, next)));
                }
            }
        }
        best.remove(&start);
        best
    }

    /// The destinations as first written: every reached hex and every neighbour, each with
    /// its route's cost, kept when the unit may end or stop to pick up there.
    fn reference_destinations(g: &SearchDestroy, unit: usize) -> Vec<Hex> {
        let u = &g.units[unit];
        let start = u.hex.unwrap();
        let reach = reference_reach(g, unit);
        let mut hexes: Vec<Hex> = reach.keys().copied().collect();
        hexes.extend(
            data()
                .map
                .neighbours(start)
                .filter(|n| !reach.contains_key(n)),
        );
        hexes.sort();
        hexes
            .into_iter()
            .filter(|&h| {
                let direct = SearchDestroy::entry_cost(start, h);
                let cost = if start.distance(h) == 1 && g.passable(h, u.side) && direct <= u.mp {
                    Some(direct)
                } else {
                    reach.get(&h).map(|&(c, _)| c)
                };
                cost.is_some_and(|c| {
                    g.may_end(unit, h)
                        || (g.may_stop_to_pick_up(unit, h)
                            && u.mp - c >= SearchDestroy::pick_up_cost(u.side))
                })
            })
            .collect()
    }

    #[test]
    fn the_tables_find_the_same_paths_as_the_map_search() {
        let mut checked = 0;
        for (scenario, options, seed) in [
            ("basic", Options::default(), 1),
            ("standard", all_options(), 3),
        ] {
            let mut g = SearchDestroy::setup(scenario, &options, seed).unwrap();
            let mut bot = HeuristicBot::new(seed);
            while g.outcome().is_none() {
                if let Step::Movement(side) = g.step {
                    for unit in (0..g.units.len()).filter(|&i| {
                        let u = &g.units[i];
                        u.side == side && u.on_map() && u.mp > 0
                    }) {
                        assert_eq!(g.reach(unit), reference_reach(&g, unit));
                        let destinations = reference_destinations(&g, unit);
                        assert_eq!(g.destinations(unit), destinations);
                        assert_eq!(g.has_destination(unit), !destinations.is_empty());
                        checked += 1;
                    }
                }
                let actions = g.legal_actions();
                let seat = u8::from(g.actor() == Some(Side::Nlf));
                let a = bot.choose(&g.view(seat), &actions);
                g.apply(&a).unwrap();
            }
        }
        assert!(checked > 500, "{checked}");
    }
}
