//! The alternate simultaneous movement system [28.0], optional, as the digest's 3.6 lays it
//! out. Each game-turn both sides first plot every unit's mission in secret [28.1]: a route
//! (optionally ending in a search, or, with movement and fire, marked to fire as well), and
//! every unit without a route is plotted to fire [28.3]. Then the US and the NLF Combat
//! Phases [28.21], then both sides' plots are carried out movement point by movement point
//! with the collision rules [28.41-28.44], then the Search Phase for plotted searches and
//! intercepted pairs [28.43], pin removal, hiding and the game-turn record.
//!
//! Rulings (digest 3.6): direction letters A-F are N, NE, SE, S, SW, NW; a hex is entered on
//! the movement point at which its whole cost is paid, vehicles by the same numbers (A26); a
//! unit may enter a hex only if no enemy stood in it at the start of that movement point;
//! equal roll-offs are rolled again; the pins of this game-turn's fire are removed at its
//! end (the digest's reading of G; `Options::printed_pin_removal` keeps them a game-turn
//! longer, as printed).

use serde::{Deserialize, Serialize};

use super::content::{Class, Method, Scenario, Side, Special, data};
use super::hex::{Dir, Hex};
use super::play::Action;
use super::reach::Occupied;
use super::standard::SEARCH_COST;
use super::state::{SearchDestroy, Step};
use crate::engine::dice::d6;
use crate::engine::log::Random;
use crate::engine::message::{Message, msg, msg_n};

/// One decision of the Mutual Plot Phase [28.1].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlotAction {
    /// Take up a unit to plot its mission.
    Take(usize),
    /// Extend the route of the unit taken up to `hex`, by the cheapest way from where its
    /// route ends so far.
    To { unit: usize, hex: Hex },
    /// End the route with a search of the adjacent `hex` [12.2].
    Search { unit: usize, hex: Hex },
    /// Mark the route, of at most 6 movement points, to move and fire [17.0, 28.1].
    MoveAndFire(usize),
    /// Strike the unit's route out: it is plotted to fire again [28.3].
    Clear(usize),
    /// The side's plot is written.
    Done,
}

/// A unit's plotted mission: the hexes it enters in order. No plot is a fire mission.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Plot {
    pub unit: usize,
    pub route: Vec<Hex>,
    /// The last hex of the route is entered by a search [12.2].
    pub search: bool,
    /// Move and fire [17.0]: it may fire at half strength before it moves.
    pub fire: bool,
}

/// The plots of the game-turn; each side's are its own secret until they are carried out
/// (digest 3.7).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Simultaneous {
    pub plots: Vec<Plot>,
    /// The unit whose plot is being written.
    pub taken: Option<usize>,
    /// The plots have been carried out: who moved is known to both sides.
    pub executed: bool,
    /// Hexes holding an intercepted pair this game-turn [28.43, 28.44].
    pub intercepted: Vec<Hex>,
    /// The units that moved into an intercepted pair, with the hex each came from.
    pub origins: Vec<(usize, Hex)>,
}

/// Whether a scenario can be played with simultaneous movement: plots are written for
/// units on the map, so units walking in, helicopters coming in after the opening landing,
/// exits and NLF-first turns are not covered yet.
pub fn fits(scenario: &Scenario) -> bool {
    misfit(scenario).is_none()
}

/// Why simultaneous movement does not fit `scenario`, if it does not: units that come in or
/// leave during play, or the NLF moving first, which its plots do not provide for.
pub fn misfit(scenario: &Scenario) -> Option<Message> {
    let arrivals = scenario.entry.iter().any(|e| match e.method {
        Method::Setup => false,
        Method::Helidrop => e.turns != [1],
        Method::Ground => true,
    });
    let exits = scenario
        .special
        .iter()
        .any(|s| matches!(s, Special::ExitRequired { .. } | Special::ExitPoints { .. }));
    if arrivals {
        Some(msg(
            "units come in during play, and a plot has no place for them",
        ))
    } else if exits {
        Some(msg(
            "units leave the map during play, and a plot has no place for that",
        ))
    } else if scenario.first != Side::Us {
        Some(msg(
            "the NLF moves first in each game-turn, and plots are made with the US first",
        ))
    } else {
        None
    }
}

/// The direction letters of the map's diagram [28.1; digest ruling, 3.6].
const LETTERS: [char; 6] = ['A', 'B', 'C', 'D', 'E', 'F'];

/// A route as the rulebook writes it, direction letter and number of hexes per straight
/// leg: two hexes north then one northeast is "A2, B1" [28.1].
pub fn letters(start: Hex, route: &[Hex]) -> String {
    let mut legs: Vec<(char, u32)> = Vec::new();
    let mut here = start;
    for &hex in route {
        let letter = here
            .direction_to(hex)
            .map_or('?', |d: Dir| LETTERS[d.index()]);
        match legs.last_mut() {
            Some((l, n)) if *l == letter => *n += 1,
            _ => legs.push((letter, 1)),
        }
        here = hex;
    }
    legs.iter()
        .map(|(l, n)| format!("{l}{n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A unit's move as it will be carried out: each hex with the movement point on which it is
/// entered.
struct Leg {
    unit: usize,
    start: Hex,
    path: Vec<(Hex, u8)>,
    next: usize,
    search: bool,
    done: bool,
}

impl SearchDestroy {
    /// At setup: a scenario simultaneous movement does not fit is played with the ordinary
    /// Movement Phases, as the interrogation rule lies idle in the Basic game, and the log
    /// says so.
    pub(super) fn simultaneous_fits(&mut self, scenario: &Scenario) {
        if let Some(why) = misfit(scenario).filter(|_| self.options.simultaneous) {
            self.options.simultaneous = false;
            self.log.add(
                "28.0",
                msg("Simultaneous movement is not used in this scenario: {why}")
                    .message("why", why),
            );
        }
    }

    pub fn simultaneous(&self) -> bool {
        self.options.simultaneous
    }

    pub fn plot_of(&self, unit: usize) -> Option<&Plot> {
        self.simultaneous.plots.iter().find(|p| p.unit == unit)
    }

    /// Movement points a plotted route spends [28.1], a search's three included.
    pub fn plot_cost(&self, plot: &Plot) -> u8 {
        let Some(mut here) = self.units[plot.unit].hex else {
            return 0;
        };
        let mut cost = 0u8;
        for &hex in &plot.route {
            cost = cost.saturating_add(self.step_cost(plot.unit, here, hex));
            here = hex;
        }
        if plot.search {
            cost = cost.saturating_add(SEARCH_COST);
        }
        cost
    }

    fn plot_end(&self, unit: usize) -> Option<Hex> {
        self.plot_of(unit)
            .and_then(|p| p.route.last().copied())
            .or(self.units[unit].hex)
    }

    fn plot_left(&self, unit: usize) -> u8 {
        let spent = self.plot_of(unit).map_or(0, |p| self.plot_cost(p));
        self.allowance(unit).saturating_sub(spent)
    }

    /// The units of `side` that may be plotted to move: on the map, not landed this
    /// game-turn, carried or held, with a movement allowance.
    pub fn plotters(&self, side: Side) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&i| {
                let u = &self.units[i];
                u.side == side
                    && u.on_map()
                    && !u.landed
                    && !u.pinned
                    && u.carried_by.is_none()
                    && !self.held(i)
                    && self.allowance(i) > 0
            })
            .collect()
    }

    /// Where the route of `unit` may go on to: hexes within the movement points it has
    /// left, through hexes it may pass, ending where it may stop and no other plot of its
    /// side ends.
    pub fn plot_destinations(&self, unit: usize) -> Vec<Hex> {
        if self.plot_of(unit).is_some_and(|p| p.search) {
            return Vec::new();
        }
        let (Some(start), Some(home)) = (self.plot_end(unit), self.units[unit].hex) else {
            return Vec::new();
        };
        let side = self.units[unit].side;
        let ends = self.plot_ends(side, unit);
        self.reach_from(unit, start, self.plot_left(unit), &Occupied::of(self))
            .iter()
            .map(|(h, _, _)| h)
            .filter(|&h| h != home && !ends.contains(&h))
            .filter(|&h| self.units_at(h).next().is_none() || self.may_end(unit, h))
            .collect()
    }

    /// The hexes where the other plots of `side` end.
    fn plot_ends(&self, side: Side, except: usize) -> Vec<Hex> {
        self.simultaneous
            .plots
            .iter()
            .filter(|p| p.unit != except && self.units[p.unit].side == side)
            .filter_map(|p| p.route.last().copied())
            .collect()
    }

    /// The hexes next to the end of the route of `unit` that it may be plotted to search
    /// [12.2]: Standard game, a US combat unit able to search, three points to spare.
    pub fn plot_searches(&self, unit: usize) -> Vec<Hex> {
        let u = &self.units[unit];
        if !self.standard()
            || u.side != Side::Us
            || u.class() != Some(Class::Combat)
            || self.leaderless(unit)
            || u.carrying.is_some()
            || self.plot_of(unit).is_some_and(|p| p.search)
        {
            return Vec::new();
        }
        let Some(end) = self.plot_end(unit) else {
            return Vec::new();
        };
        let left = self.plot_left(unit);
        let taken = self.plot_ends(Side::Us, unit);
        data()
            .map
            .neighbours(end)
            .filter(|&n| {
                self.searchable(n)
                    && !taken.contains(&n)
                    && SearchDestroy::entry_cost(end, n) + SEARCH_COST <= left
            })
            .collect()
    }

    /// The route from where the plot of `unit` ends to `to`, by the cheapest way.
    pub(super) fn plot_leg(&self, unit: usize, to: Hex) -> Vec<Hex> {
        let Some(start) = self.plot_end(unit) else {
            return Vec::new();
        };
        self.reach_from(unit, start, self.plot_left(unit), &Occupied::of(self))
            .route_to(to)
    }

    /// The choices of the Mutual Plot Phase for `side`.
    pub fn plot_actions(&self, side: Side) -> Vec<Action> {
        let mut out = Vec::new();
        if let Some(unit) = self.simultaneous.taken {
            out.extend(
                self.plot_destinations(unit)
                    .into_iter()
                    .map(|hex| Action::Plot(PlotAction::To { unit, hex })),
            );
            out.extend(
                self.plot_searches(unit)
                    .into_iter()
                    .map(|hex| Action::Plot(PlotAction::Search { unit, hex })),
            );
            if let Some(plot) = self.plot_of(unit) {
                if self.options.movement_and_fire
                    && !plot.fire
                    && !self.is_vehicle(unit)
                    && self.units[unit].class() == Some(Class::Combat)
                    && self.plot_cost(plot) <= super::movement_fire::MOVE_AND_FIRE_MP
                {
                    out.push(Action::Plot(PlotAction::MoveAndFire(unit)));
                }
                out.push(Action::Plot(PlotAction::Clear(unit)));
            }
        }
        out.extend(
            self.plotters(side)
                .into_iter()
                .filter(|&u| Some(u) != self.simultaneous.taken)
                .map(|u| Action::Plot(PlotAction::Take(u))),
        );
        out.push(Action::Plot(PlotAction::Done));
        out
    }

    /// Performs a legal plot decision.
    pub(super) fn plot_act(&mut self, action: PlotAction) {
        match action {
            PlotAction::Take(unit) => self.simultaneous.taken = Some(unit),
            PlotAction::To { unit, hex } => {
                let leg = self.plot_leg(unit, hex);
                self.plot_mut(unit).route.extend(leg);
            }
            PlotAction::Search { unit, hex } => {
                let plot = self.plot_mut(unit);
                plot.route.push(hex);
                plot.search = true;
            }
            PlotAction::MoveAndFire(unit) => self.plot_mut(unit).fire = true,
            PlotAction::Clear(unit) => self.simultaneous.plots.retain(|p| p.unit != unit),
            PlotAction::Done => {
                self.simultaneous.taken = None;
                let Step::Plot(side) = self.step else {
                    return;
                };
                self.log_plots(side);
                match side {
                    Side::Us => self.step = Step::Plot(Side::Nlf),
                    Side::Nlf => self.after_plots(),
                }
            }
        }
    }

    fn plot_mut(&mut self, unit: usize) -> &mut Plot {
        let plots = &mut self.simultaneous.plots;
        let at = match plots.iter().position(|p| p.unit == unit) {
            Some(at) => at,
            None => {
                plots.push(Plot {
                    unit,
                    ..Plot::default()
                });
                plots.len() - 1
            }
        };
        &mut plots[at]
    }

    /// The written plot of `side` goes into its own log, in the rulebook's letters; the
    /// other side reads only that it is written.
    fn log_plots(&mut self, side: Side) {
        let mut lines = Vec::new();
        for plot in self
            .simultaneous
            .plots
            .iter()
            .filter(|p| self.units[p.unit].side == side && !p.route.is_empty())
        {
            let u = &self.units[plot.unit];
            let Some(start) = u.hex else { continue };
            let name = u.spec().map_or("", |s| s.name.as_str());
            let text = match (plot.search, plot.fire) {
                (true, _) => msg("Plot: the {unit} at {hex} moves {route} and searches"),
                (_, true) => msg("Plot: the {unit} at {hex} moves {route} and fires"),
                _ => msg("Plot: the {unit} at {hex} moves {route}"),
            };
            lines.push(
                text.term("unit", name)
                    .arg("hex", start)
                    .arg("route", letters(start, &plot.route)),
            );
        }
        for line in lines {
            self.log.add_for(side.seat(), "28.1", line, Vec::new());
        }
        self.log.add(
            "28.1",
            msg("The {side} has written its plot").term("side", side.name()),
        );
    }

    /// A new game-turn under simultaneous movement: every unit starts afresh and the US
    /// writes its plot first (the two plots are secret from each other, so the order tells
    /// nothing) [28.0 A].
    pub(super) fn start_plot(&mut self) {
        for i in 0..self.units.len() {
            let u = &mut self.units[i];
            u.ammo.new_turn();
            u.uncontrolled = false;
            u.fired_on_from.clear();
            u.moved = false;
            u.released = false;
            u.fired = false;
            u.spent = 0;
            u.handled = false;
            u.dug_in = false;
            let mp = self.allowance(i);
            self.units[i].mp = mp;
        }
        self.active = None;
        self.attacked.clear();
        self.new_vehicle_phase();
        self.simultaneous = Simultaneous::default();
        self.log.add(
            "28.0",
            msg("Game-Turn {turn}, Mutual Plot Phase").arg("turn", self.turn),
        );
        self.step = Step::Plot(Side::Us);
    }

    /// Both plots are written: the NLF's leadership control, then the US Combat Phase.
    /// A unit plotted to move may not fire, one plotted to move and fire fires at half
    /// [28.0 B-C, 17.0].
    fn after_plots(&mut self) {
        if self.standard() {
            self.command_control();
        }
        for p in self.simultaneous.plots.clone() {
            if p.route.is_empty() {
                continue;
            }
            let cost = self.plot_cost(&p);
            let u = &mut self.units[p.unit];
            u.moved = true;
            u.spent = if p.fire { cost } else { u8::MAX };
        }
        self.start_us_combat();
    }

    /// The end of a Combat Phase under simultaneous movement: the NLF's follows the US's;
    /// after the NLF's the plots are carried out and the Search Phase follows [28.0 C-F].
    pub(super) fn simultaneous_fire_over(&mut self) {
        self.attacked.clear();
        match self.step {
            Step::Combat(Side::Us) => self.step = Step::Combat(Side::Nlf),
            _ => {
                self.execute_plots();
                self.start_search_phase();
            }
        }
    }

    /// What a plot leaves of a move after the fire [28.22, 28.23]: a pinned unit carries
    /// out the first half of its allowance, one plotted to move and fire only fires.
    fn movement_limit(&self, plot: &Plot) -> u8 {
        let u = &self.units[plot.unit];
        let full = self.allowance(plot.unit);
        if !u.pinned {
            full
        } else if plot.fire {
            0
        } else {
            full / 2
        }
    }

    fn legs(&mut self) -> Vec<Leg> {
        let mut legs = Vec::new();
        for plot in self.simultaneous.plots.clone() {
            let unit = plot.unit;
            let Some(mut here) = self.units[unit].hex.filter(|_| self.units[unit].on_map()) else {
                continue;
            };
            let start = here;
            let limit = self.movement_limit(&plot);
            let mut path = Vec::new();
            let mut spent = 0u8;
            for (k, &hex) in plot.route.iter().enumerate() {
                let mut cost = self.step_cost(unit, here, hex);
                if plot.search && k + 1 == plot.route.len() {
                    cost += SEARCH_COST;
                }
                spent = spent.saturating_add(cost);
                if spent > limit {
                    break;
                }
                path.push((hex, spent));
                here = hex;
            }
            if path.len() < plot.route.len() && !self.units[unit].hidden() {
                let name = self.units[unit].spec().map_or("", |s| s.name.as_str());
                self.log.add(
                    "28.22",
                    msg_n(
                        "The {unit} is pinned: it carries out {n} hex of its plot",
                        "The {unit} is pinned: it carries out {n} hexes of its plot",
                        path.len(),
                    )
                    .term("unit", name)
                    .arg("n", path.len()),
                );
            }
            let u = &mut self.units[unit];
            u.spent = 0;
            u.moved = false;
            if !path.is_empty() {
                legs.push(Leg {
                    unit,
                    start,
                    search: plot.search && path.len() == plot.route.len(),
                    path,
                    next: 0,
                    done: false,
                });
            }
        }
        legs
    }

    /// The Movement Execution Phase [28.4]: every plot is carried out movement point by
    /// movement point, the earliest part first; collisions stop the units [28.42-28.44];
    /// sight reveals after every movement point [6.34].
    pub(super) fn execute_plots(&mut self) {
        self.simultaneous.executed = true;
        self.log.add(
            "28.4",
            msg("Movement Execution Phase: the plots are carried out"),
        );
        let mut legs = self.legs();
        let last = legs
            .iter()
            .filter_map(|l| l.path.last().map(|&(_, t)| t))
            .max()
            .unwrap_or(0);
        for mp in 1..=last {
            let due: Vec<usize> = (0..legs.len())
                .filter(|&k| !legs[k].done && legs[k].path[legs[k].next].1 == mp)
                .collect();
            if due.is_empty() {
                continue;
            }
            self.movement_point(&mut legs, &due);
            for leg in legs.iter_mut() {
                let u = &self.units[leg.unit];
                if !u.on_map() || leg.next >= leg.path.len() {
                    leg.done = true;
                }
            }
            self.reveal_by_sight();
            for leg in legs.iter_mut() {
                if !self.units[leg.unit].on_map() {
                    leg.done = true;
                }
            }
        }
        self.searches_after_collisions();
    }

    /// One movement point of the execution: the units due to enter a hex on it. Who may
    /// enter is judged on the position at the start of the point.
    fn movement_point(&mut self, legs: &mut [Leg], due: &[usize]) {
        struct Due {
            k: usize,
            side: Side,
            from: Hex,
            to: Hex,
            search: bool,
        }
        let due: Vec<Due> = due
            .iter()
            .map(|&k| {
                let leg = &legs[k];
                let u = &self.units[leg.unit];
                Due {
                    k,
                    side: u.side,
                    from: u.hex.expect("a mover is on the map"),
                    to: leg.path[leg.next].0,
                    search: leg.search && leg.next + 1 == leg.path.len(),
                }
            })
            .collect();
        let mut handled = vec![false; due.len()];
        // (leg, hex, stops there, came from)
        let mut moves: Vec<(usize, Hex, bool, Hex)> = Vec::new();
        // Crossing the same hexside from both ends: a roll-off [28.42].
        for a in 0..due.len() {
            for b in a + 1..due.len() {
                let (da, db) = (&due[a], &due[b]);
                if handled[a] || handled[b] || da.side == db.side {
                    continue;
                }
                if da.to == db.from && db.to == da.from {
                    handled[a] = true;
                    handled[b] = true;
                    let (us, nlf) = if da.side == Side::Us {
                        (da, db)
                    } else {
                        (db, da)
                    };
                    let winner = if self.roll_off(us.from, nlf.from) {
                        us
                    } else {
                        nlf
                    };
                    moves.push((winner.k, winner.to, true, winner.from));
                    legs[us.k].done = true;
                    legs[nlf.k].done = true;
                    self.simultaneous.intercepted.push(winner.to);
                }
            }
        }
        // Entering the same hex at the same point from different hexsides: both stop there
        // [28.42].
        for a in 0..due.len() {
            if handled[a] {
                continue;
            }
            let hex = due[a].to;
            let group: Vec<usize> = (0..due.len())
                .filter(|&b| !handled[b] && due[b].to == hex)
                .collect();
            let sides_meet = group.iter().any(|&b| due[b].side != due[a].side);
            if sides_meet
                && self.passable(hex, Side::Us)
                && self.passable(hex, Side::Nlf)
                && !self.simultaneous.intercepted.contains(&hex)
            {
                // One unit of each side makes the pair; the others stop before it [28.44].
                for side in [Side::Us, Side::Nlf] {
                    let b = *group
                        .iter()
                        .find(|&&b| due[b].side == side)
                        .expect("both sides meet");
                    handled[b] = true;
                    moves.push((due[b].k, hex, true, due[b].from));
                    legs[due[b].k].done = true;
                }
                self.simultaneous.intercepted.push(hex);
                self.log.add(
                    "28.42",
                    msg("US and NLF units meet in {hex}: both stop there").arg("hex", hex),
                );
            }
        }
        // Everyone else enters if no enemy stands in the hex and it holds no intercepted
        // pair [28.44]; a plotted search enters among the hidden counters.
        let mut searching = Vec::new();
        let mut stopped = Vec::new();
        for (a, d) in due.iter().enumerate() {
            if handled[a] {
                continue;
            }
            let search = d.search && self.searchable(d.to);
            let unit = legs[d.k].unit;
            let last = legs[d.k].next + 1 == legs[d.k].path.len();
            let enters = !self.simultaneous.intercepted.contains(&d.to)
                && (search || (self.passable(d.to, d.side) && (!last || self.may_end(unit, d.to))));
            if enters {
                moves.push((d.k, d.to, false, d.from));
                if search {
                    searching.push(d.k);
                }
            } else {
                legs[d.k].done = true;
                stopped.push(d.k);
            }
        }
        for (k, hex, stops, came_from) in moves {
            let unit = legs[k].unit;
            self.plot_step(unit, hex);
            if stops {
                self.simultaneous.origins.push((unit, came_from));
            }
            if searching.contains(&k) {
                let u = &mut self.units[unit];
                u.searched = Some(hex);
                u.searched_from = Some(came_from);
                self.note_search(hex);
                self.log.add(
                    "12.2",
                    msg("A US unit searches the hex {hex}").arg("hex", hex),
                );
            }
            legs[k].next += 1;
            if stops || self.mine_check(unit, hex) {
                legs[k].done = true;
            }
        }
        for k in stopped {
            self.stop_short(&legs[k]);
        }
    }

    /// A unit that cannot go on stops; where it stands on a friendly unit it stops instead
    /// in the last hex of its way where it may end its move (digest ruling: stacking
    /// [5.14] still holds), else where it stands.
    fn stop_short(&mut self, leg: &Leg) {
        let unit = leg.unit;
        let here = self.units[unit].hex.expect("a mover is on the map");
        let blocked = leg.path[leg.next.min(leg.path.len() - 1)].0;
        self.log_stop(unit, blocked);
        if self.may_end(unit, here) {
            return;
        }
        let back = leg.path[..leg.next]
            .iter()
            .rev()
            .map(|&(h, _)| h)
            .skip(1)
            .chain([leg.start])
            .find(|&h| self.may_end(unit, h) && self.units_at(h).all(|i| i != unit));
        if let Some(back) = back {
            self.put(unit, back);
            self.log.add(
                "28.41",
                msg("The unit stops in {hex}, where it may end its move").arg("hex", back),
            );
        }
    }

    /// A roll-off at a hexside [28.42]: each side rolls, equal rolls again (digest ruling);
    /// whether the US wins.
    fn roll_off(&mut self, us_hex: Hex, nlf_hex: Hex) -> bool {
        loop {
            let us = d6(&mut self.rng);
            let nlf = d6(&mut self.rng);
            let won = us.total > nlf.total;
            let text = if us.total == nlf.total {
                msg(
                    "US and NLF units cross the hexside between {us_hex} and {nlf_hex} at once: equal rolls, roll again",
                )
            } else if won {
                msg(
                    "US and NLF units cross the hexside between {us_hex} and {nlf_hex} at once: the US rolls higher and advances",
                )
            } else {
                msg(
                    "US and NLF units cross the hexside between {us_hex} and {nlf_hex} at once: the NLF rolls higher and advances",
                )
            };
            let equal = us.total == nlf.total;
            self.log.add_with(
                "28.42",
                text.arg("us_hex", us_hex).arg("nlf_hex", nlf_hex),
                vec![Random::Dice(us), Random::Dice(nlf)],
            );
            if !equal {
                return won;
            }
        }
    }

    /// A unit enters the next hex of its plot.
    fn plot_step(&mut self, unit: usize, hex: Hex) {
        let here = self.units[unit].hex.expect("a mover is on the map");
        let cost = self.step_cost(unit, here, hex);
        let u = &mut self.units[unit];
        u.spent = u.spent.saturating_add(cost);
        u.moved = true;
        self.lapse_ambush(unit);
        self.put(unit, hex);
        let name = self.units[unit].spec().map_or("", |s| s.name.as_str());
        let named = msg("{unit} moves to {hex}")
            .term("unit", name)
            .arg("hex", hex);
        if self.units[unit].hidden() {
            self.log.add_for(
                Side::Us.seat(),
                "28.4",
                msg("An NLF counter moves to {hex}").arg("hex", hex),
                Vec::new(),
            );
            self.log
                .add_for(Side::Nlf.seat(), "28.4", named, Vec::new());
        } else {
            self.log.add("28.4", named);
        }
    }

    fn log_stop(&mut self, unit: usize, hex: Hex) {
        let at = self.units[unit]
            .hex
            .map(|h| h.to_string())
            .unwrap_or_default();
        self.log.add(
            "28.44",
            msg("A unit at {at} cannot enter {hex} and stops")
                .arg("at", at)
                .arg("hex", hex),
        );
    }

    /// Hexes holding an intercepted pair are searched by the US [28.43]: a US unit there is
    /// the searcher, falling back to where it came from if a combat unit is found.
    fn searches_after_collisions(&mut self) {
        let mut hexes = self.simultaneous.intercepted.clone();
        hexes.sort();
        hexes.dedup();
        for hex in hexes {
            let searchers: Vec<usize> = self
                .side_at(hex, Side::Us)
                .filter(|&i| self.units[i].searched_from.is_none())
                .collect();
            if searchers.is_empty() || self.side_at(hex, Side::Nlf).next().is_none() {
                continue;
            }
            for searcher in searchers {
                let from = self.intercept_origin(searcher, hex);
                let u = &mut self.units[searcher];
                u.searched = Some(hex);
                u.searched_from = Some(from);
            }
            self.note_search(hex);
            self.log.add(
                "28.43",
                msg("The intercepted pair at {hex} is searched").arg("hex", hex),
            );
        }
    }

    /// The hex the searcher of an intercepted pair entered from, or its own when it stood
    /// still (the Search Phase then sends it to the nearest free neighbour).
    fn intercept_origin(&self, unit: usize, hex: Hex) -> Hex {
        self.simultaneous
            .origins
            .iter()
            .find(|&&(u, _)| u == unit)
            .map_or(hex, |&(_, from)| from)
    }

    /// After the Search Phase: the counters of searched hexes are turned face-up (there is no
    /// later US Combat Phase, digest 3.6 F), pins are removed [28.0 G], the NLF may hide
    /// [28.0 H], and the game-turn ends. The digest reads G as removing this game-turn's
    /// pins; as printed, only those of the game-turn before go.
    pub(super) fn end_simultaneous_search(&mut self) {
        self.expose_searched();
        let turn = self.turn;
        let printed = self.options.printed_pin_removal;
        let goes = |u: &super::state::Unit| u.pinned && (!printed || u.pinned_turn < turn);
        if self.units.iter().any(|u| goes(u) && u.on_map()) {
            self.log.add(
                "28.0",
                if printed {
                    msg("Pinned Removal Phase: the pins of the game-turn before are removed")
                } else {
                    msg("Pinned Removal Phase: the pins of this game-turn are removed")
                },
            );
        }
        for u in &mut self.units {
            if goes(u) {
                u.pinned = false;
            }
        }
        if self.hiding_candidates().is_empty() {
            self.next_game_turn();
        } else {
            self.step = Step::Hiding;
        }
    }

    /// The plot phase's question for the side to act.
    pub(super) fn plot_prompt(&self, side: Side) -> (Message, &'static str) {
        let Some(unit) = self.simultaneous.taken else {
            return (
                msg("Game-Turn {turn}, {side} plot: choose a unit and plot its route in secret; a unit without a route stays and may fire")
                    .arg("turn", self.turn)
                    .term("side", side.name()),
                "28.1",
            );
        };
        let u = &self.units[unit];
        let start = u.hex.map(|h| h.to_string()).unwrap_or_default();
        let name = u.spec().map_or("", |s| s.name.as_str());
        let plot = self.plot_of(unit);
        let route = plot
            .zip(u.hex)
            .map(|(p, h)| letters(h, &p.route))
            .filter(|r| !r.is_empty());
        let spent = plot.map_or(0, |p| self.plot_cost(p));
        let text = match route {
            Some(route) => msg_n(
                "{side} plot: the {unit} at {hex} moves {route}, {spent} of {mp} movement point; click a hex to go on, or take up another unit",
                "{side} plot: the {unit} at {hex} moves {route}, {spent} of {mp} movement points; click a hex to go on, or take up another unit",
                self.allowance(unit),
            )
            .arg("route", route),
            None => msg_n(
                "{side} plot: the {unit} at {hex} fires unless you plot a route; click the hex it moves to ({mp} movement point)",
                "{side} plot: the {unit} at {hex} fires unless you plot a route; click the hex it moves to ({mp} movement points)",
                self.allowance(unit),
            ),
        };
        (
            text.term("side", side.name())
                .term("unit", name)
                .arg("hex", start)
                .arg("spent", spent)
                .arg("mp", self.allowance(unit)),
            "28.1",
        )
    }

    pub(super) fn plot_label(&self, action: PlotAction) -> Message {
        let name = |i: usize| self.units[i].spec().map_or("", |s| s.name.as_str());
        let at = |i: usize| self.units[i].hex.map(|h| h.to_string()).unwrap_or_default();
        match action {
            PlotAction::Take(unit) => msg("Plot the {unit} at {hex}")
                .term("unit", name(unit))
                .arg("hex", at(unit)),
            PlotAction::To { hex, .. } => msg("Plot a move on to {hex}").arg("hex", hex),
            PlotAction::Search { hex, .. } => msg("Plot a search of {hex}").arg("hex", hex),
            PlotAction::MoveAndFire(_) => msg("Plot it to fire before it moves, at half strength"),
            PlotAction::Clear(_) => msg("Strike out its route: it stays and may fire"),
            PlotAction::Done => msg("The plot is written"),
        }
    }

    pub(super) fn plot_hex(&self, action: PlotAction) -> Option<Hex> {
        match action {
            PlotAction::Take(unit) => self.units[unit].hex,
            PlotAction::To { hex, .. } | PlotAction::Search { hex, .. } => Some(hex),
            _ => None,
        }
    }

    /// The position as `side` may know it: until they are carried out, the other side's
    /// plots, and which of its units are plotted to move, are left out (digest 3.7).
    pub(super) fn hide_plots(view: &mut SearchDestroy, side: Side) {
        let units = &view.units;
        view.simultaneous
            .plots
            .retain(|p| units[p.unit].side == side);
        if view
            .simultaneous
            .taken
            .is_some_and(|t| view.units[t].side != side)
        {
            view.simultaneous.taken = None;
        }
        if view.simultaneous() && !view.simultaneous.executed {
            for u in view.units.iter_mut().filter(|u| u.side != side) {
                u.moved = false;
                u.spent = 0;
            }
        }
    }
}
