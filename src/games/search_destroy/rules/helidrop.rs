//! Units that come in by helicopter: the opening landing and the scenarios' later drops [27.0],
//! both through the one landing sub-machine of [9.12]-[9.15] (digest 3.2): which units board,
//! the landing hexes, the company commander's helicopter, the NLF's fire at the helicopters,
//! and the landing itself.
//!
//! A drop due on a later game-turn comes in at the start of the US Movement Phase (digest 3.5,
//! U1a); the units already on the map move after it, the landed ones not at all that game-turn
//! [9.14].
//!
//! RULING (27.26, 27.11, 27.13): an entry listing several game-turns lets each of its units fly
//! in with the landing of any of them, at the US's choice, unit by unit ("the non-platoon units
//! may be dropped on any of these Game-Turns"; Rangers "any Game-Turn after Game-Turn Two");
//! on the last listed game-turn the ones still waiting must come. Which units board is the
//! US's secret until they are down, like the helicopter each rides in.
//!
//! RULING (27.26 "in any fashion", 27.13 "anywhere"): units of an entry with the free pattern
//! are not bound to the snakes: their helicopters, laid after the snakes, may each land on any
//! legal landing hex. Their company commander may ride in any helicopter.
//!
//! Rangers rappel [25.0, digest 4.15 and ruling A36]: a landing that carries only Rangers may
//! come down in any terrain, huts and roads included, but never in a hex holding a counter;
//! a landing with other units aboard keeps the terrain limits of [9.12, 9.15] (which
//! helicopter carries a Ranger is secret, so the hexes cannot depend on it).

use super::content::{Method, Pattern, Side};
use super::hex::Hex;
use super::play::Action;
use super::state::{SearchDestroy, Step};

impl SearchDestroy {
    /// The US units flying in with the landing under way: those the opening landing of a
    /// scenario without entries brings, and those that boarded.
    pub fn passengers(&self) -> Vec<usize> {
        (0..self.units.len())
            .filter(|&i| {
                let u = &self.units[i];
                u.side == Side::Us
                    && u.hex.is_none()
                    && !u.removed
                    && (!self.waits(i) || self.boarding.contains(&i))
            })
            .collect()
    }

    /// Whether `unit` flies in "in any fashion", not bound to the snakes [27.26].
    pub(super) fn flies_free(&self, unit: usize) -> bool {
        self.entry_of(unit)
            .is_some_and(|e| e.pattern == Some(Pattern::Free))
    }

    /// How many of the landing's helicopters must form snakes [9.12, 14.0]; the rest of the
    /// passengers fly free.
    pub(super) fn snake_helicopters(&self) -> usize {
        self.passengers()
            .into_iter()
            .filter(|&i| !self.flies_free(i))
            .count()
    }

    /// Whether every passenger is a Ranger, who may rappel into any terrain [25.0].
    pub(super) fn rappelling(&self) -> bool {
        let passengers = self.passengers();
        !passengers.is_empty() && passengers.iter().all(|&i| self.units[i].is("arvn_ranger"))
    }

    /// Whether the landing under way may come down in `hex`: landing terrain without a
    /// counter [9.12, 9.15], any terrain without a counter for Rangers [25.0].
    pub(super) fn may_land(&self, hex: Hex, rappelling: bool) -> bool {
        if rappelling {
            self.units_at(hex).next().is_none()
        } else {
            self.landable(hex)
        }
    }

    /// The company commander flying in with this landing, if he does.
    pub(super) fn commander_aboard(&self) -> Option<usize> {
        self.passengers()
            .into_iter()
            .find(|&i| self.units[i].is("company_commander"))
    }

    /// Whether the company commander aboard flies free, so may ride in any helicopter.
    pub(super) fn commander_flies_free(&self) -> bool {
        self.commander_aboard().is_some_and(|c| self.flies_free(c))
    }

    /// The waiting US units whose helicopter entry includes this game-turn: those that must
    /// come now (its last listed game-turn) and those that may [27.0].
    fn helidrops_due(&self) -> (Vec<usize>, Vec<usize>) {
        let mut must = Vec::new();
        let mut may = Vec::new();
        for i in 0..self.units.len() {
            if self.units[i].side != Side::Us || !self.waits(i) {
                continue;
            }
            let Some(e) = self.entry_of(i) else { continue };
            if e.method != Method::Helidrop || !e.turns.contains(&self.turn) {
                continue;
            }
            if e.turns.iter().all(|&t| t <= self.turn) {
                must.push(i);
            } else {
                may.push(i);
            }
        }
        (must, may)
    }

    /// At the start of the US Movement Phase: the helicopters due this game-turn begin to
    /// come in (digest 3.5, U1a). Whether a landing (or the choice of who boards) begins.
    pub(super) fn start_helidrop(&mut self) -> bool {
        let (must, may) = self.helidrops_due();
        // Units without an entry (a position set up by hand) are the opening landing's.
        if must.is_empty() && may.is_empty() && self.passengers().is_empty() {
            return false;
        }
        self.boarding = must;
        self.landing.clear();
        self.snake_start = 0;
        self.commander_hex = None;
        self.step = if may.is_empty() {
            Step::Landing
        } else {
            Step::Boarding
        };
        true
    }

    /// The boarding choices: one unit of each kind that may still board (which one of a
    /// kind boards makes no difference), and the end of boarding.
    pub fn boarding_actions(&self) -> Vec<Action> {
        let (_, may) = self.helidrops_due();
        let mut kinds = Vec::new();
        let mut out = Vec::new();
        for i in may.into_iter().filter(|i| !self.boarding.contains(i)) {
            if !kinds.contains(&self.units[i].kind) {
                kinds.push(self.units[i].kind);
                out.push(Action::Board(i));
            }
        }
        out.push(Action::EndBoarding);
        out
    }

    /// The boarding is done: the landing begins, or with nobody aboard the Movement Phase
    /// goes on.
    pub(super) fn end_boarding(&mut self) {
        self.step = if self.boarding.is_empty() {
            Step::Movement(Side::Us)
        } else {
            Step::Landing
        };
    }

    /// After the landing: the Movement Phase goes on for the units already on the map, or,
    /// when nothing could move in it (every US unit on the map landed this game-turn and
    /// none is due to walk in), it is over as after the opening landing [9.14].
    pub(super) fn after_landing(&mut self) {
        self.boarding.clear();
        // Under simultaneous movement the landing opens the game; the plots follow [28.0].
        if self.simultaneous() {
            return self.start_plot();
        }
        let idle = self
            .units
            .iter()
            .all(|u| u.side != Side::Us || !u.on_map() || u.landed)
            && self.entry_actions(Side::Us).is_empty();
        if !idle {
            self.step = Step::Movement(Side::Us);
        } else if self.standard() {
            // No probe in the Standard game: the (empty) Search Phase [12.0].
            self.start_search_phase();
        } else {
            self.step = Step::Probe;
        }
    }
}
