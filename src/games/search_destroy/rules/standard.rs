//! The Standard game's additions [4.2, 11.0-15.0]: hiding, search with its surprise attacks
//! and booby-trap segment, NLF command control and US leadership, landing in several
//! snakes and the NLF's variable order of battle.
//!
//! Hidden stays hidden: the order-of-battle roll and which NLF units are out of command are
//! the NLF's; a search tells both sides only whether the hex held a combat unit [12.0].

use std::collections::BTreeMap;

use super::content::{Class, Content, Level, Pattern, Side, data};
use super::crt::{Crt, odds_column};
use super::hex::Hex;
use super::play::Action;
use super::reach::{Occupied, Steps};
use super::state::{Attack, RANGE, SearchDestroy, Step};
use crate::engine::dice::d6;
use crate::engine::log::{Log, Random};
use crate::engine::message::{Message, msg, msg_n};
use crate::engine::rng::Rng;

/// A search costs this much on top of entering the hex, and the searcher must still have
/// it after paying the entry [12.23].
pub const SEARCH_COST: u8 = 3;
/// A landing snake of the Standard game carries at least this many combat units [14.0].
pub const GROUP: usize = 4;

impl SearchDestroy {
    pub fn standard(&self) -> bool {
        self.level != Level::Basic
    }

    /// The NLF's forces of the variable order of battle [15.0]: the roll picks the column
    /// (1-2, 3-4, 5-6). The roll goes to the NLF's log only.
    pub fn variable_forces(
        content: &Content,
        rng: &mut Rng,
        log: &mut Log,
    ) -> (u8, BTreeMap<String, u32>) {
        let roll = d6(rng);
        let face = u8::try_from(roll.total).unwrap_or(1);
        let column = usize::from((face.clamp(1, 6) - 1) / 2);
        let forces = content
            .variable_ob
            .iter()
            .map(|row| (row.counter.clone(), u32::from(row.columns[column])))
            .filter(|(_, n)| *n > 0)
            .collect();
        log.add_for(
            Side::Nlf.seat(),
            "15.0",
            msg("The NLF rolls {roll} on the variable order of battle").arg("roll", face),
            vec![Random::Dice(roll)],
        );
        (face, forces)
    }

    /// Whether a US unit is under leadership loss now [13.22].
    pub fn leaderless(&self, i: usize) -> bool {
        self.units[i].leaderless_until >= self.turn
    }

    /// Out-of-command militia and squads under leadership loss fire only at hexes that fired
    /// on them [13.12, 13.22].
    pub fn fire_allowed(&self, i: usize, target: Hex) -> bool {
        let u = &self.units[i];
        let restricted = match u.side {
            Side::Nlf => u.uncontrolled && u.is("militia"),
            Side::Us => self.leaderless(i),
        };
        !restricted || u.fired_on_from.contains(&target)
    }

    /// The movement allowance of a unit at the start of its Movement Phase: halved when it
    /// carries [5.31], and for out-of-command hard-core and militia [13.12].
    pub fn allowance(&self, i: usize) -> u8 {
        let u = &self.units[i];
        let Some(s) = u.spec().filter(|_| !u.captive && !self.immobilized(i)) else {
            return 0;
        };
        let halved =
            u.carrying.is_some() || (u.uncontrolled && (u.is("hard_core") || u.is("militia")));
        if halved { s.movement / 2 } else { s.movement }
    }

    // ---- Landing in groups [14.0] --------------------------------------------------------
    //
    // A group is one snake of landing hexes [9.12] carrying at least four combat units and any
    // number of non-combat ones (leaders, forward observers, medical teams). Helicopters are
    // not counters and which one carries whom stays the US's until the landing, so the rule is
    // kept on the numbers: every snake has at least four helicopters, the combat units aboard
    // fill four of them in each, and the company commander rides where four are left besides
    // him; the landing then seats the combat units so (`landing_seats`).
    //
    // RULING: a force with fewer than four combat units still lands, as one snake [9.12]; so
    // does a landing whose scenario entry asks for a single snake, at any level.

    /// The passengers bound to the snakes (not flying free [27.26]).
    fn snake_passengers(&self) -> Vec<usize> {
        self.passengers()
            .into_iter()
            .filter(|&i| !self.flies_free(i))
            .collect()
    }

    /// The combat units among the passengers bound to the snakes [14.0].
    pub fn snake_combat_units(&self) -> usize {
        self.snake_passengers()
            .into_iter()
            .filter(|&i| self.units[i].class() == Some(Class::Combat))
            .count()
    }

    /// How many separate groups the landing under way may form [9.12, 14.0]: one snake in the
    /// Basic game and where the scenario asks for one; in the Standard game one group for each
    /// four combat units aboard, at least one.
    pub fn groups_allowed(&self) -> usize {
        let single = !self.standard()
            || self.snake_passengers().into_iter().any(|i| {
                self.entry_of(i)
                    .is_some_and(|e| e.pattern == Some(Pattern::Snake))
            });
        if single {
            1
        } else {
            (self.snake_combat_units() / GROUP).max(1)
        }
    }

    /// Why another group may not start now, if it may not [14.0]: the one being laid has fewer
    /// than four helicopters, the combat units aboard make no more groups, or too few
    /// helicopters are left for one.
    fn no_new_group(&self, total: usize) -> Option<Message> {
        let laid = self.landing.len() - self.snake_start;
        let groups = self.groups_allowed();
        let left = total - self.landing.len();
        if groups == 1 {
            Some(msg(
                "All helicopters of this landing come down in one snake",
            ))
        } else if laid < GROUP {
            Some(
                msg_n(
                    "The group being laid has {n} helicopter: it needs four, each with a combat unit, before another group starts",
                    "The group being laid has {n} helicopters: it needs four, each with a combat unit, before another group starts",
                    laid,
                )
                .arg("n", laid),
            )
        } else if self.snakes().len() >= groups {
            let combat = self.snake_combat_units();
            Some(
                msg_n(
                    "Each landing group needs at least four combat units: the {combat} aboard make {groups} group",
                    "Each landing group needs at least four combat units: the {combat} aboard make {groups} groups",
                    groups,
                )
                .arg("combat", combat)
                .arg("groups", groups),
            )
        } else if left < GROUP {
            Some(
                msg_n(
                    "Only {n} helicopter is left, too few for another group of four combat units",
                    "Only {n} helicopters are left, too few for another group of four combat units",
                    left,
                )
                .arg("n", left),
            )
        } else {
            None
        }
    }

    /// Hexes that start another snake: allowed once the one being laid is long enough, while
    /// the combat units aboard make another group and enough helicopters are left for it
    /// [14.0]; a new snake touches no other.
    pub fn new_snake_hexes(&self, total: usize, rappelling: bool) -> Vec<Hex> {
        if self.landing.is_empty() || self.no_new_group(total).is_some() {
            return Vec::new();
        }
        let map = &data().map;
        map.hexes()
            .filter(|&h| self.may_land(h, rappelling) && !self.landing.contains(&h))
            .filter(|&h| map.neighbours(h).all(|n| !self.landing.contains(&n)))
            .collect()
    }

    /// The landing snakes, each a list of hexes; the helicopters flying free are no snake.
    pub fn snakes(&self) -> Vec<&[Hex]> {
        let bound = &self.landing[..self.snake_helicopters().min(self.landing.len())];
        let mut starts = vec![0];
        let map = &data().map;
        for (k, &h) in bound.iter().enumerate().skip(1) {
            if map.neighbours(h).all(|n| !bound[..k].contains(&n)) {
                starts.push(k);
            }
        }
        starts.push(bound.len());
        starts.windows(2).map(|w| &bound[w[0]..w[1]]).collect()
    }

    /// Where the company commander may ride: with a single snake anywhere in it; with several
    /// only in one that still carries four combat units besides him [14.0]; flying free, in
    /// any helicopter [27.26].
    pub fn commander_hexes(&self) -> Vec<Hex> {
        if !self.standard() || self.commander_flies_free() {
            return self.landing.clone();
        }
        let snakes = self.snakes();
        let several = snakes.len() > 1;
        snakes
            .into_iter()
            .filter(|s| !several || s.len() > GROUP)
            .flat_map(|s| s.iter().copied())
            .collect()
    }

    /// Why the US may not land at `hex` or seat the commander there now, where the groups of
    /// [14.0] are the reason; `None` for any other refusal.
    pub(super) fn landing_refusal(&self, action: &Action) -> Option<Message> {
        let map = &data().map;
        match (&self.step, action) {
            (Step::Landing, Action::Land(hex)) => {
                let total = self.snake_helicopters();
                let fresh = map.neighbours(*hex).all(|n| !self.landing.contains(&n));
                let starts_group = !self.landing.is_empty() && self.landing.len() < total && fresh;
                if !starts_group || !self.may_land(*hex, self.rappelling()) {
                    return None;
                }
                self.no_new_group(total)
            }
            (Step::Commander, Action::Commander(hex)) => {
                let snakes = self.snakes();
                let short = snakes.iter().any(|s| s.len() <= GROUP && s.contains(hex));
                (short && snakes.len() > 1 && !self.commander_flies_free()).then(|| {
                    msg("With the company commander aboard, the group landing at {hex} would carry fewer than four combat units")
                        .arg("hex", hex)
                })
            }
            _ => None,
        }
    }

    /// The order in which the passengers take the landing hexes (the company commander's
    /// aside): in each snake four hexes go to combat units first [14.0], then the rest of the
    /// snakes' passengers, then those flying free. The hexes and their passengers, paired.
    pub(super) fn landing_seats(&self, commander: Option<usize>) -> Vec<(usize, Hex)> {
        let cc = self.commander_hex;
        let mut first = Vec::new();
        let mut rest = Vec::new();
        for snake in self.snakes() {
            let open: Vec<Hex> = snake.iter().copied().filter(|&h| Some(h) != cc).collect();
            let four = open.len().min(GROUP);
            first.extend_from_slice(&open[..four]);
            rest.extend_from_slice(&open[four..]);
        }
        let bound = self.snake_helicopters().min(self.landing.len());
        rest.extend(
            self.landing[bound..]
                .iter()
                .copied()
                .filter(|&h| Some(h) != cc),
        );
        let passengers: Vec<usize> = self
            .passengers()
            .into_iter()
            .filter(|&i| Some(i) != commander)
            .collect();
        let combat = |i: &usize| self.units[*i].class() == Some(Class::Combat);
        let (bound_units, free_units): (Vec<usize>, Vec<usize>) =
            passengers.into_iter().partition(|&i| !self.flies_free(i));
        let (fighters, others): (Vec<usize>, Vec<usize>) =
            bound_units.into_iter().partition(combat);
        fighters
            .into_iter()
            .chain(others)
            .chain(free_units)
            .zip(first.into_iter().chain(rest))
            .collect()
    }

    // ---- Search [12.0] -------------------------------------------------------------------

    /// The hexes `unit` may search now, each with the hex it enters from [12.2, 13.22]: a
    /// hex of face-down NLF counters that no US unit holds or searched this game-turn, whose
    /// entry the unit can pay with three movement points to spare.
    pub fn search_options(&self, unit: usize) -> Vec<(Hex, Hex)> {
        let u = &self.units[unit];
        if !self.standard()
            || u.side != Side::Us
            || u.class() != Some(Class::Combat)
            || u.searched.is_some()
            || self.leaderless(unit)
            || u.carrying.is_some()
        {
            return Vec::new();
        }
        let Some(start) = u.hex else {
            return Vec::new();
        };
        // Every hex costs at least one point: nothing farther can be reached.
        let near = |h: Hex| start.distance(h) <= u32::from(u.mp);
        if !self
            .units
            .iter()
            .any(|x| x.on_map() && x.hidden() && x.hex.is_some_and(near))
        {
            return Vec::new();
        }
        let map = &data().map;
        let occupied = Occupied::of(self);
        let steps = Steps::get();
        let mut reach: Vec<(Hex, u8)> = self
            .reach_of(unit, &occupied)
            .iter()
            .map(|(h, c, _)| (h, c))
            .collect();
        reach.push((start, 0));
        let mut best: BTreeMap<Hex, (u8, Hex)> = BTreeMap::new();
        for (from, spent) in reach {
            // An empty hex may always be ended in.
            if occupied.at(steps.index(from)) && !self.may_end(unit, from) && from != start {
                continue;
            }
            for hex in map.neighbours(from) {
                let cost = spent + SearchDestroy::entry_cost(from, hex) + SEARCH_COST;
                if cost <= u.mp
                    && occupied.at(steps.index(hex))
                    && self.searchable(hex)
                    && best.get(&hex).is_none_or(|&(c, _)| cost < c)
                {
                    best.insert(hex, (cost, from));
                }
            }
        }
        best.into_iter()
            .map(|(hex, (_, from))| (hex, from))
            .collect()
    }

    /// A hex of face-down NLF counters no US unit holds or searched this game-turn [12.0].
    pub(super) fn searchable(&self, hex: Hex) -> bool {
        self.side_at(hex, Side::Nlf).any(|i| self.units[i].hidden())
            && self.side_at(hex, Side::Us).next().is_none()
            && !self.units.iter().any(|u| u.searched == Some(hex))
    }

    /// The searcher moves to the hex it enters from, then pays the entry and the search and
    /// ends its move among the counters [12.2].
    pub fn search(&mut self, unit: usize, hex: Hex) {
        let Some(&(_, from)) = self.search_options(unit).iter().find(|(h, _)| *h == hex) else {
            return;
        };
        if self.units[unit].hex != Some(from) {
            self.move_unit(unit, from);
        }
        // Sight on the way may have turned the hex's counters up: then there is nothing to
        // search and the unit stays where it is.
        if !self.searchable(hex) || self.units[unit].hex != Some(from) {
            return;
        }
        let cost = SearchDestroy::entry_cost(from, hex) + SEARCH_COST;
        let u = &mut self.units[unit];
        if u.mp < cost {
            return;
        }
        u.mp = 0;
        u.spent += cost;
        u.moved = true;
        u.released = true;
        u.searched = Some(hex);
        u.searched_from = Some(from);
        self.put(unit, hex);
        self.active = None;
        self.note_search(hex);
        self.log.add(
            "12.2",
            msg("A US unit searches the hex {hex}").arg("hex", hex),
        );
        self.reveal_by_sight();
    }

    /// The Search Phase [12.0]: for each searched hex the NLF says whether it holds a combat
    /// unit; each such searcher falls back to the hex it came from, and the NLF may then
    /// attack it by surprise.
    pub fn start_search_phase(&mut self) {
        let searchers: Vec<usize> = (0..self.units.len())
            .filter(|&i| self.units[i].on_map() && self.units[i].searched_from.is_some())
            .collect();
        for s in searchers {
            let hex = self.units[s].searched.expect("a searcher has searched");
            let from = self.units[s]
                .searched_from
                .take()
                .expect("a searcher came from a hex");
            let nlf: Vec<usize> = self.side_at(hex, Side::Nlf).collect();
            let combat = nlf
                .iter()
                .any(|&i| self.units[i].class() == Some(Class::Combat));
            for &i in &nlf {
                if self.units[i].hidden() {
                    self.units[i].known_combat = Some(combat);
                }
            }
            if !combat {
                self.log.add(
                    "12.0",
                    msg("The search of {hex} finds no NLF combat unit").arg("hex", hex),
                );
                continue;
            }
            let back = self.fall_back_hex(s, hex, from);
            self.put(s, back);
            self.log.add(
                "12.0",
                msg("The search of {hex} finds an NLF combat unit: the searcher falls back to {back}")
                    .arg("hex", hex)
                    .arg("back", back),
            );
            self.surprises.push((hex, s));
        }
        self.reveal_by_sight();
        self.next_surprise();
    }

    /// Where a searcher who found a combat unit goes: the hex it came from, else the free
    /// neighbour of the searched hex nearest to it (digest 4.4.2 item 3).
    fn fall_back_hex(&self, unit: usize, searched: Hex, from: Hex) -> Hex {
        if self.may_end(unit, from) {
            return from;
        }
        data()
            .map
            .neighbours(searched)
            .filter(|&n| self.may_end(unit, n))
            .min_by_key(|&n| (n.distance(from), n))
            .unwrap_or(from)
    }

    /// The NLF units in a searched hex that may attack by surprise: its combat units not
    /// pinned, even out of command [12.1, 13.13].
    pub fn surprise_firers(&self, hex: Hex) -> Vec<usize> {
        self.side_at(hex, Side::Nlf)
            .filter(|&i| self.units[i].class() == Some(Class::Combat) && !self.units[i].pinned)
            .filter(|&i| !self.fired_out(i))
            .collect()
    }

    /// Offers the next surprise attack that can be made, else goes on to the booby traps.
    pub fn next_surprise(&mut self) {
        while let Some(&(hex, searcher)) = self.surprises.first() {
            if self.units[searcher].on_map() && !self.surprise_firers(hex).is_empty() {
                self.step = Step::Surprise;
                return;
            }
            self.surprises.remove(0);
        }
        self.anti_personnel_segment();
    }

    /// The NLF's answer to the first pending surprise attack [12.1]: the searched unit fires
    /// at the searcher's hex with +2 on the die.
    pub fn surprise(&mut self, attack: bool) {
        let (hex, searcher) = self.surprises.remove(0);
        if attack && let Some(target) = self.units[searcher].hex {
            let firers = self.surprise_firers(hex);
            self.log.add(
                "12.1",
                msg("The NLF attacks the searcher at {target} by surprise from {hex}")
                    .arg("target", target)
                    .arg("hex", hex),
            );
            self.resolve_fire_with(
                &Attack {
                    firers,
                    ..Attack::on(target)
                },
                2,
                "12.1",
            );
            if matches!(self.step, Step::Retreat { .. }) {
                return;
            }
        }
        self.next_surprise();
    }

    /// Every US unit in a booby-trapped hex is attacked at 2-1 with +2, pins ignored; a trap
    /// doing so is turned face-up [12.4, 12.42].
    fn anti_personnel_segment(&mut self) {
        let mut hexes: Vec<Hex> = self
            .units
            .iter()
            .filter(|u| u.on_map() && u.is("ap_trap"))
            .filter_map(|u| u.hex)
            .filter(|&h| self.side_at(h, Side::Us).next().is_some())
            .collect();
        hexes.sort();
        hexes.dedup();
        for hex in hexes {
            let traps: Vec<usize> = self
                .side_at(hex, Side::Nlf)
                .filter(|&i| self.units[i].is("ap_trap") && self.units[i].hidden())
                .collect();
            for t in traps {
                self.expose(t);
            }
            self.trap_attack(hex);
        }
        if self.simultaneous() {
            return self.end_simultaneous_search();
        }
        self.start_us_combat();
    }

    /// At the end of the US Combat Phase every counter in a hex searched this game-turn is
    /// turned face-up [12.0, 12.31-12.35].
    pub fn expose_searched(&mut self) {
        let mut hexes: Vec<Hex> = self.units.iter().filter_map(|u| u.searched).collect();
        hexes.sort();
        hexes.dedup();
        for hex in hexes {
            let hidden: Vec<usize> = self
                .side_at(hex, Side::Nlf)
                .filter(|&i| self.units[i].hidden())
                .collect();
            if hidden.is_empty() {
                continue;
            }
            self.log.add(
                "12.31",
                msg("The searched hex {hex} is turned face-up").arg("hex", hex),
            );
            for i in hidden {
                if !self.take_captive(i) {
                    self.expose(i);
                }
            }
        }
    }

    // ---- Cache destruction [12.35] --------------------------------------------------------

    /// The caches at `hex` that a unit pinned beside them would destroy: face-up NLF caches,
    /// not carried, found in an earlier game-turn [4.2, 12.35]. Casualty markers are never
    /// destroyed [5.37].
    pub fn demolishable(&self, hex: Hex) -> Vec<usize> {
        self.side_at(hex, Side::Nlf)
            .filter(|&i| {
                let u = &self.units[i];
                u.face_up
                    && u.class() == Some(Class::Cache)
                    && u.carried_by.is_none()
                    && u.revealed_turn < self.turn
            })
            .collect()
    }

    /// Whether a US unit may choose, before it does anything else this Player-Turn, to stay
    /// pinned in its hex and destroy the caches there at the Player-Turn's end [12.35].
    pub fn may_demolish(&self, unit: usize) -> bool {
        let u = &self.units[unit];
        self.standard()
            && !self.simultaneous()
            && u.side == Side::Us
            && u.class() == Some(Class::Combat)
            && !(u.pinned || u.landed || u.moved || u.fired || u.handled || u.demolishing)
            && u.spent == 0
            && u.carrying.is_none()
            && u.hex.is_some_and(|h| !self.demolishable(h).is_empty())
    }

    /// The unit is pinned by its own choice for the rest of the Player-Turn [12.35].
    pub(super) fn demolish(&mut self, unit: usize) {
        let u = &mut self.units[unit];
        u.pinned = true;
        u.demolishing = true;
        u.released = true;
        u.handled = true;
        u.mp = 0;
        let hex = u.hex.expect("on the map");
        self.active = None;
        self.log.add(
            "12.35",
            msg("A US unit at {hex} stays pinned to destroy the caches there").arg("hex", hex),
        );
    }

    /// The NLF Cache Destruction Phase: each unit that stayed pinned for it destroys the
    /// caches of its hex that were found in an earlier game-turn [4.2, 12.35].
    pub(super) fn cache_destruction_phase(&mut self) {
        for unit in 0..self.units.len() {
            if !self.units[unit].demolishing {
                continue;
            }
            if let Some(hex) = self.units[unit].hex.filter(|_| self.units[unit].on_map()) {
                for cache in self.demolishable(hex) {
                    self.destroy_cache(cache, "12.35");
                }
            }
        }
    }

    // ---- Command [13.0] ------------------------------------------------------------------

    /// At the start of the NLF Player-Turn every NLF unit more than 8 hexes from all NLF
    /// leaders is out of command [13.1]. The NLF's secret.
    pub fn command_control(&mut self) {
        let leaders: Vec<Hex> = self
            .units
            .iter()
            .filter(|u| u.on_map() && u.is("nlf_leader"))
            .filter_map(|u| u.hex)
            .collect();
        let mut out = 0;
        for u in self.units.iter_mut().filter(|u| u.side == Side::Nlf) {
            u.uncontrolled = u.on_map()
                && u.class().is_some_and(Class::personnel)
                && u.hex
                    .is_some_and(|h| leaders.iter().all(|&l| l.distance(h) > RANGE));
            out += usize::from(u.uncontrolled);
        }
        if out > 0 {
            self.log.add_for(
                Side::Nlf.seat(),
                "13.1",
                msg_n(
                    "{n} NLF unit is out of command this Player-Turn",
                    "{n} NLF units are out of command this Player-Turn",
                    out as u32,
                )
                .arg("n", out),
                Vec::new(),
            );
        }
    }

    /// After an attack scored against US units, each rolls for its leadership: a 1 loses it
    /// for half a die of game-turns, rounded up, and a leader's loss passes down his chain
    /// of command [13.2, 13.22-13.24, 24.34].
    pub fn leadership_rolls(&mut self, hit: &[usize]) {
        if !self.standard() {
            return;
        }
        for &i in hit {
            if !self.units[i].on_map() || !self.units[i].class().is_some_and(Class::personnel) {
                continue;
            }
            if self.leadership_roll(i, 1, "13.2") {
                self.pass_down_leadership_loss(i);
            }
        }
    }

    /// A leader has lost his leadership: each unit under him rolls, losing it on 1-3, and a
    /// leader among them passes his loss on in turn [13.23, 13.24, 24.34, 24.35].
    fn pass_down_leadership_loss(&mut self, leader: usize) {
        let rule = if self.units[leader].is("platoon_leader") {
            "13.23"
        } else if self.units[leader].is("company_commander") {
            "13.24"
        } else {
            "24.35"
        };
        for j in self.commanded_by(leader) {
            if self.leadership_roll(j, 3, rule) {
                self.pass_down_leadership_loss(j);
            }
        }
    }

    /// One leadership roll: a result of at most `loses_on` loses leadership for ceil(d6/2)
    /// game-turns after this one (a later end replaces an earlier one). Returns the loss.
    fn leadership_roll(&mut self, i: usize, loses_on: i32, rule: &'static str) -> bool {
        let roll = d6(&mut self.rng);
        let hex = self.units[i].hex.map(|h| h.to_string()).unwrap_or_default();
        if roll.total > loses_on {
            self.log.add_with(
                rule,
                msg("Leadership roll for the {unit} at {hex}: it holds")
                    .message("unit", self.designated_name(i))
                    .arg("hex", hex),
                vec![Random::Dice(roll)],
            );
            return false;
        }
        let length = d6(&mut self.rng);
        let turns = u8::try_from(length.total + 1).unwrap_or(2) / 2;
        let until = self.turn + turns;
        let u = &mut self.units[i];
        u.leaderless_until = u.leaderless_until.max(until);
        self.log.add_with(
            rule,
            msg("The {unit} at {hex} loses its leadership through Game-Turn {until}")
                .message("unit", self.designated_name(i))
                .arg("hex", hex)
                .arg("until", until),
            vec![Random::Dice(roll), Random::Dice(length)],
        );
        true
    }

    // ---- Hiding [11.0] -------------------------------------------------------------------

    /// Face-up NLF combat units that may turn face-down at the end of the NLF Player-Turn
    /// [11.0]: not turned up this game-turn, not firing this Player-Turn, neither next to
    /// nor in sight of a US personnel unit.
    pub fn hiding_candidates(&self) -> Vec<usize> {
        if !self.standard() {
            return Vec::new();
        }
        let us: Vec<Hex> = self
            .units
            .iter()
            .filter(|u| u.side == Side::Us && u.on_map())
            .filter(|u| u.class().is_some_and(Class::personnel))
            .filter_map(|u| u.hex)
            .collect();
        (0..self.units.len())
            .filter(|&i| {
                let u = &self.units[i];
                u.side == Side::Nlf
                    && u.on_map()
                    && u.face_up
                    && u.class() == Some(Class::Combat)
                    && u.revealed_turn != self.turn
                    && !u.fired
            })
            .filter(|&i| {
                let hex = self.units[i].hex.expect("on the map");
                us.iter()
                    .all(|&x| x.distance(hex) > 1 && !self.sees(x, hex))
            })
            .collect()
    }

    pub fn hide(&mut self, unit: usize) {
        let name = self.units[unit].spec().map_or("", |s| s.name.as_str());
        let hex = self.units[unit]
            .hex
            .map(|h| h.to_string())
            .unwrap_or_default();
        let u = &mut self.units[unit];
        u.face_up = false;
        u.known_combat = None;
        self.log.add(
            "11.0",
            msg("The {unit} at {hex} goes back into hiding")
                .term("unit", name)
                .arg("hex", hex),
        );
    }

    /// Odds of a surprise attack, for its prompt: the searched unit against the searcher's
    /// hex.
    pub fn surprise_odds(&self) -> Option<&'static str> {
        let &(hex, searcher) = self.surprises.first()?;
        let target = self.units[searcher].hex?;
        let halves: u32 = self
            .surprise_firers(hex)
            .iter()
            .map(|&i| self.attack_halves(i))
            .sum();
        Some(Crt::COLUMNS[odds_column(halves, self.defense_of(target, Side::Us))])
    }
}
