//! Search & Destroy's rules: the content, the hex grid and line of sight, the combat table,
//! and the Basic game [4.1, 5.0-10.0] as a state machine for two seats (0 = US, 1 = NLF).
//!
//! Hidden is hidden: [`Game::view`] gives the US a copy in which every face-down NLF counter
//! is a bare back (no identity, no movement allowance) and the NLF a copy without the
//! company commander's helicopter until the landing fire is over; both copies leave out the
//! generator's future. The log carries only what both sides may know.

pub mod ambush;
pub mod bot;
pub mod casualties;
pub mod command;
pub mod content;
pub mod crt;
pub mod fire_rate;
pub mod he_fire;
pub mod helicopter_guns;
pub mod helidrop;
pub mod hex;
pub mod improved_positions;
pub mod interrogation;
pub mod los;
pub mod map;
pub mod movement_fire;
pub mod options;
pub mod play;
pub mod reach;
pub mod scenario;
mod scenario_bot;
pub mod setup_shares;
pub mod sighting;
pub mod simultaneous;
pub mod simultaneous_bot;
pub mod standard;
pub mod state;
pub mod vehicles;

#[cfg(test)]
mod casualties_tests;
#[cfg(test)]
mod helicopter_guns_tests;
#[cfg(test)]
mod helidrop_tests;
#[cfg(test)]
mod leak_tests;
#[cfg(test)]
mod scenario_tests;
#[cfg(test)]
mod simultaneous_tests;
#[cfg(test)]
mod standard_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod vehicles_tests;

use std::borrow::Cow;

use crate::engine::bot::Bot;
use crate::engine::game::{
    Actor, Applied, Choice, Game, Outcome, Prompt, Refusal, ScenarioInfo, SetupError, Verdict,
};
use crate::engine::log::Log;
use crate::engine::message::{Message, msg, msg_n};
use crate::engine::play::Playable;
use crate::engine::reference::RuleSection;
use crate::engine::rng::Rng;

use content::{Side, content};
use hex::Hex;
pub use options::Options;
pub use play::Action;
pub use state::{SearchDestroy, Step};

impl Game for SearchDestroy {
    type Action = Action;
    type Options = Options;
    const ID: &'static str = "search_destroy";
    const SEATS: u8 = 2;

    /// The scenarios whose rules are written: the Basic and the Standard game, and those of
    /// section 27 that need no optional rule still unwritten ([`scenario::refusal`]).
    fn scenarios() -> Vec<ScenarioInfo> {
        content()
            .map(|c| {
                c.scenarios
                    .iter()
                    .filter(|s| scenario::refusal(s, c).is_none())
                    .map(|s| ScenarioInfo {
                        id: s.id.as_str(),
                        title: Message::template(s.title.clone().into()),
                        summary: Some(scenario_summary(s)),
                    })
                    .collect()
            })
            .unwrap_or_default()
    }

    fn setup(scenario: &str, options: &Options, seed: u64) -> Result<Self, SetupError> {
        SearchDestroy::with_options(scenario, options, seed)
    }

    fn prompt(&self) -> Prompt<Action> {
        let Some(side) = self.actor() else {
            return Prompt::game_over(msg("The game is over"));
        };
        let (text, rule) = self.prompt_text();
        Prompt {
            actor: Actor::Player(side.seat()),
            text,
            rule: rule.into(),
            choices: self
                .actions()
                .into_iter()
                .map(|a| {
                    let label = self.label(&a);
                    let target = self.target_of(&a);
                    let choice = Choice::new(a, label);
                    match target {
                        Some(hex) => choice.on(hex.to_string()),
                        None => choice,
                    }
                })
                .collect(),
        }
    }

    /// The side to act, without building the prompt's labels and destinations.
    fn to_move(&self) -> Actor {
        self.actor()
            .map_or(Actor::Nobody, |s| Actor::Player(s.seat()))
    }

    fn legal_actions(&self) -> Vec<Action> {
        self.actions()
    }

    fn apply(&mut self, action: &Action) -> Result<Applied, Refusal> {
        self.apply_action(action)
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.step == Step::Over).then(|| {
            let [us, nlf] = self.points;
            let (verdict, summary) = if self.schedule.exit_failed {
                (
                    Verdict::Loss,
                    msg("The NLF wins: the US did not get its column off the map"),
                )
            } else if us > nlf && !self.commander_destroyed {
                (Verdict::Win, msg("The US wins on points, {us} to {nlf}"))
            } else if nlf > us {
                (Verdict::Loss, msg("The NLF wins on points, {nlf} to {us}"))
            } else if us > nlf {
                (
                    Verdict::Draw,
                    msg("A draw: the US leads {us} to {nlf} but lost its company commander"),
                )
            } else {
                (
                    Verdict::Draw,
                    msg_n(
                        "A draw at {us} point each",
                        "A draw at {us} points each",
                        us,
                    ),
                )
            };
            Outcome {
                verdict,
                summary: summary.arg("us", us).arg("nlf", nlf),
                points: Some(us as i32 - nlf as i32),
            }
        })
    }

    fn log(&self) -> &Log {
        &self.log
    }

    fn rng(&self) -> &Rng {
        &self.rng
    }
    fn rng_mut(&mut self) -> &mut Rng {
        &mut self.rng
    }

    fn view(&self, seat: u8) -> Cow<'_, Self> {
        let side = if seat == 0 { Side::Us } else { Side::Nlf };
        Cow::Owned(self.redacted(side))
    }

    fn quiet_log(&mut self) {
        self.log = Log::quiet();
    }
}

impl Playable for SearchDestroy {
    fn heuristic_bot(seed: u64) -> Box<dyn Bot<Self>> {
        Box::new(bot::HeuristicBot::new(seed))
    }

    fn optional_rules() -> Vec<crate::engine::play::OptionalRule> {
        options::optional_rules()
    }

    fn idle_optional_rules(scenario: &str) -> Vec<(&'static str, Message)> {
        let Some(scen) = content().ok().and_then(|c| c.scenario(scenario)) else {
            return Vec::new();
        };
        let mut idle: Vec<(&'static str, Message)> = simultaneous::misfit(scen)
            .map(|why| ("simultaneous", why))
            .into_iter()
            .collect();
        if scen.entry.iter().all(|e| e.zone.printed_edges.is_empty()) {
            idle.push((
                "printed_entry_edges",
                msg("its units come in where the rulebook prints"),
            ));
        }
        if scen.level == content::Level::Basic {
            idle.push((
                "both_cache_destructions",
                msg("the Basic game has only the one way, for movement points"),
            ));
        }
        idle
    }

    fn rules_reference() -> Vec<RuleSection> {
        // Broken content refuses every game at setup, with the file and line named.
        content().map(|c| c.rules.clone()).unwrap_or_default()
    }

    fn risks(&self, action: &Action) -> Vec<(Message, f64)> {
        self.attack_risks(action)
    }

    /// One kind per question, whichever side asks it: the guide's explanations are keyed by it.
    fn decision_kind(&self) -> String {
        let kind = match self.step {
            Step::Setup if self.next_to_place().is_none() && self.mines_to_lay() > 0 => "mines",
            Step::Setup => "setup",
            Step::Boarding => "boarding",
            Step::Landing => "landing",
            Step::Commander => "commander",
            Step::LandingFire => "landing-fire",
            Step::Movement(_) if self.active.is_some() => "move-unit",
            Step::Movement(_) => "movement",
            Step::Probe => "probe",
            Step::Combat(_) if self.attack.is_some() => "combat-fire",
            Step::Combat(_) => "combat",
            Step::Retreat { .. } => "retreat",
            Step::Surprise => "surprise",
            Step::Hiding => "hiding",
            Step::SupplyFire => "supply-fire",
            Step::Interrogation => "interrogation",
            Step::HeFire => "he-fire",
            Step::Vehicles => "apc-passengers",
            Step::Plot(_) if self.simultaneous.taken.is_some() => "plot-unit",
            Step::Plot(_) => "plot",
            Step::Over => "over",
        };
        kind.to_owned()
    }
}

impl SearchDestroy {
    /// The hex a choice is about, for a click on the map.
    fn target_of(&self, action: &Action) -> Option<Hex> {
        match *action {
            Action::Place { hex, .. }
            | Action::Land(hex)
            | Action::Commander(hex)
            | Action::Target(hex)
            | Action::Move { to: hex, .. }
            | Action::Probe { hex, .. }
            | Action::Retreat(hex)
            | Action::Search { hex, .. }
            | Action::Enter { hex, .. }
            | Action::DropSupply(hex) => Some(hex),
            Action::Surprise => self.surprises.first().map(|&(hex, _)| hex),
            Action::Select(unit)
            | Action::AddFirer(unit)
            | Action::PickUp { unit, .. }
            | Action::Drop { unit }
            | Action::Destroy { unit, .. }
            | Action::Demolish { unit }
            | Action::Hide(unit)
            | Action::Board(unit)
            | Action::Exit { unit }
            | Action::DigIn(unit)
            | Action::DoubleFire(unit) => self.units[unit].hex,
            Action::Ambush { marker, .. } => self.units[marker].hex,
            Action::Question(q) => self.question_hex(q),
            Action::Casualty(casualties::CasualtyAction::Medevac(hex)) => Some(hex),
            Action::Casualty(_) => None,
            Action::He(a) => self.he_hex(a),
            Action::Vehicle(a) => self.vehicle_hex(a),
            Action::Plot(a) => self.plot_hex(a),
            Action::Guns(a) => self.gun_hex(a),
            Action::ResetLanding
            | Action::EndBoarding
            | Action::Resolve
            | Action::Cancel
            | Action::EndFire
            | Action::EndMovement
            | Action::NoProbe
            | Action::NoSurprise
            | Action::EndHiding
            | Action::EndAmbush => None,
        }
    }

    fn prompt_text(&self) -> (Message, &'static str) {
        if let Some(p) = self.casualty_prompt().or_else(|| self.gun_prompt()) {
            return p;
        }
        let turn = self.turn;
        match self.step {
            Step::Setup if self.next_to_place().is_none() && self.mines_to_lay() > 0 => {
                self.mine_prompt()
            }
            Step::Setup if self.next_to_place().is_none() => (
                msg("NLF: assign combat units to Ambush markers? A dummy they see becomes one"),
                "18.0",
            ),
            Step::Setup => {
                let next = self.next_to_place().and_then(|i| self.units[i].spec());
                let left = self
                    .units
                    .iter()
                    .filter(|u| u.side == Side::Nlf && u.hex.is_none() && !u.removed)
                    .count();
                (
                    msg("NLF: place the {unit} face-down, one counter per hex ({n} left)")
                        .term("unit", next.map_or("", |s| s.name.as_str()))
                        .arg("n", left),
                    "9.11",
                )
            }
            Step::Boarding => (
                msg("US: which of the units that may fly in this game-turn board the helicopters ({n} aboard)?")
                    .arg("n", self.passengers().len()),
                "27.26",
            ),
            Step::Landing if self.groups_allowed() > 1 => (
                msg("US: choose the landing hexes, at most {groups} snakes of four combat units or more ({n} so far)")
                    .arg("groups", self.groups_allowed())
                    .arg("n", self.landing.len()),
                "14.0",
            ),
            Step::Landing => (
                msg("US: choose the landing hexes, one snake ({n} so far)")
                    .arg("n", self.landing.len()),
                "9.12",
            ),
            Step::Commander => (
                msg("US: which helicopter carries the company commander?"),
                "9.12",
            ),
            Step::LandingFire => (msg("NLF: fire at the landing helicopters?"), "9.13"),
            Step::SupplyFire => (
                msg("NLF: fire at the helicopter bringing ammunition to {hex}?").arg(
                    "hex",
                    self.supply_drop.map(|h| h.to_string()).unwrap_or_default(),
                ),
                "19.24",
            ),
            Step::Movement(side) => (
                msg("Game-Turn {turn}, {side} Movement Phase")
                    .arg("turn", turn)
                    .term("side", side.name()),
                "5.0",
            ),
            Step::Probe => (msg("US: announce a probe?"), "5.33"),
            Step::Surprise => {
                let (hex, searcher) = self.surprises.first().copied().unzip();
                (
                    msg(
                        "NLF: attack the searcher at {target} by surprise from {hex} ({odds}, +2)?",
                    )
                    .arg("hex", hex.map(|h| h.to_string()).unwrap_or_default())
                    .arg(
                        "target",
                        searcher
                            .and_then(|s| self.units[s].hex)
                            .map(|h| h.to_string())
                            .unwrap_or_default(),
                    )
                    .arg("odds", self.surprise_odds().unwrap_or("-")),
                    "12.1",
                )
            }
            Step::Hiding => (
                msg("NLF: turn face-up units out of the enemy's sight face-down again?"),
                "11.0",
            ),
            Step::Combat(side) => (
                msg("Game-Turn {turn}, {side} Combat Phase")
                    .arg("turn", turn)
                    .term("side", side.name()),
                "6.0",
            ),
            Step::Retreat { unit, .. } => (
                msg("{side}: the carrier fired upon falls back; choose its hex")
                    .term("side", self.units[unit].side.name()),
                "5.35",
            ),
            Step::Interrogation => self.interrogation_prompt(),
            Step::HeFire => self.he_prompt(),
            Step::Vehicles => self.vehicle_prompt(),
            Step::Plot(side) => self.plot_prompt(side),
            Step::Over => (msg("The game is over"), "10.3"),
        }
    }

    /// An action in words for the side to act: its own counters by name, the other side's
    /// face-down ones as counters.
    fn label(&self, action: &Action) -> Message {
        let actor = self.actor();
        // A unit as the side to act may know it: a US unit with its designation [24.36].
        let name = |i: usize| {
            let u = &self.units[i];
            match u.spec().filter(|_| !u.hidden() || actor == Some(u.side)) {
                Some(_) => self.designated_name(i),
                None => msg("{unit}").term("unit", "counter"),
            }
        };
        let at = |i: usize| self.units[i].hex.map(|h| h.to_string()).unwrap_or_default();
        match *action {
            Action::Place { unit, hex } => msg("Place the {unit} at {hex}")
                .message("unit", name(unit))
                .arg("hex", hex),
            Action::Land(hex) => msg("Land at {hex}").arg("hex", hex),
            Action::ResetLanding => msg("Start the landing snake again"),
            Action::Board(unit) => {
                msg("The {unit} boards the helicopters").message("unit", name(unit))
            }
            Action::EndBoarding if self.boarding.is_empty() => {
                msg("Nobody flies in this game-turn")
            }
            Action::EndBoarding => msg("Take off"),
            Action::Commander(hex) => msg("The commander lands at {hex}").arg("hex", hex),
            Action::Target(hex) => msg("Attack {hex}").arg("hex", hex),
            Action::AddFirer(unit) => msg("Fire with the {unit} at {hex}")
                .message("unit", name(unit))
                .arg("hex", at(unit)),
            Action::Resolve => msg("Roll"),
            Action::Cancel => msg("Call the attack off"),
            Action::EndFire => msg("No more fire"),
            Action::Select(unit) => msg("Take up the {unit} at {hex}")
                .message("unit", name(unit))
                .arg("hex", at(unit)),
            Action::Retreat(hex) => msg("Fall back to {hex}").arg("hex", hex),
            Action::Move { unit, to } => msg("Move the {unit} to {hex}")
                .message("unit", name(unit))
                .arg("hex", to),
            Action::PickUp { unit, load } => msg("The {unit} picks up the {load}")
                .message("unit", name(unit))
                .message("load", name(load)),
            Action::Drop { unit } => msg("The {unit} drops its load").message("unit", name(unit)),
            Action::Destroy { unit, cache } => msg("The {unit} destroys the {cache}")
                .message("unit", name(unit))
                .message("cache", name(cache)),
            Action::Demolish { unit } => {
                msg("The {unit} stays pinned at {hex} to destroy the caches there")
                    .message("unit", name(unit))
                    .arg("hex", at(unit))
            }
            Action::EndMovement => msg("End the Movement Phase"),
            Action::Probe { hex, .. } => msg("Probe {hex}").arg("hex", hex),
            Action::NoProbe => msg("No probe"),
            Action::Search { unit, hex } => msg("Search {hex} with the {unit}")
                .message("unit", name(unit))
                .arg("hex", hex),
            Action::Surprise => msg("Attack by surprise"),
            Action::NoSurprise => msg("Let the searcher go"),
            Action::Hide(unit) => msg("Hide the {unit} at {hex}")
                .message("unit", name(unit))
                .arg("hex", at(unit)),
            Action::EndHiding => msg("Leave the rest face-up"),
            Action::Ambush { unit, marker } => {
                msg("The {unit} at {from} lies in ambush over {hex}")
                    .message("unit", name(unit))
                    .arg("from", at(unit))
                    .arg("hex", at(marker))
            }
            Action::EndAmbush => msg("No more ambushes"),
            Action::DigIn(unit) => msg("Dig in the {unit} at {hex}")
                .message("unit", name(unit))
                .arg("hex", at(unit)),
            Action::Enter { unit, hex } => msg("Bring the {unit} in at {hex}")
                .message("unit", name(unit))
                .arg("hex", hex),
            Action::Exit { unit } => msg("Take the {unit} off the map at {hex}")
                .message("unit", name(unit))
                .arg("hex", at(unit)),
            Action::DoubleFire(unit) => msg("The {unit} at {hex} fires two units of fire")
                .message("unit", name(unit))
                .arg("hex", at(unit)),
            Action::DropSupply(hex) => msg("Fly an ammunition supply in to {hex}").arg("hex", hex),
            Action::Question(q) => self.question_label(q),
            Action::Casualty(a) => self.casualty_label(a),
            Action::He(a) => self.he_label(a),
            Action::Vehicle(a) => self.vehicle_label(a),
            Action::Plot(a) => self.plot_label(a),
            Action::Guns(a) => self.gun_label(a),
        }
    }
}

/// The launcher's line under a scenario's title: which rules it is played with and how long
/// it lasts, so that a newcomer knows where to start.
fn scenario_summary(scenario: &content::Scenario) -> Message {
    let n = scenario.game_turns;
    match scenario.level {
        content::Level::Basic => msg_n(
            "Start here: the Basic rules, {n} game-turn",
            "Start here: the Basic rules, {n} game-turns",
            n,
        ),
        content::Level::Standard => msg_n(
            "The Standard rules add searches and hidden movement; {n} game-turn",
            "The Standard rules add searches and hidden movement; {n} game-turns",
            n,
        ),
        content::Level::Advanced => msg_n(
            "Historical scenario, with the optional rules of your choice; {n} game-turn",
            "Historical scenario, with the optional rules of your choice; {n} game-turns",
            n,
        ),
    }
    .arg("n", n)
}
