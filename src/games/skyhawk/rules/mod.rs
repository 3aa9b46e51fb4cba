//! Skyhawk: Rolling Thunder 1966 — one A-4E strike mission from Yankee Station, box by box
//! (digest section 3). The state is [`Skyhawk`]; decisions are [`Action`]s; the content
//! (tables, ordnance, targets) is in `data/games/skyhawk/*.toml`.

/// Logs a message under a rule reference: `note!(self, "5.4", msg(...))`. The message is
/// built only if the log keeps entries, so that a quiet simulation skips the work (as the
/// `log` crate's macros skip a disabled level).
macro_rules! note {
    ($game:expr, $rule:expr, $message:expr $(,)?) => {
        if $game.log.keeps() {
            let message = $message;
            $game.log.add($rule, message);
        }
    };
}

pub mod attack;
pub mod bot;
pub mod campaign;
pub mod content;
pub mod cycle;
pub mod damage;
pub mod division;
pub mod loadout;
mod loadout_form;
pub mod luck;
pub mod mission;
pub mod npc;
mod odds;
pub mod operations;
pub mod recovery;
pub mod rescap;
pub mod squadron;
pub mod state;
pub mod tables;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_campaign_division;
#[cfg(test)]
mod tests_division;
pub mod words;

use serde::{Deserialize, Serialize};

use crate::engine::bot::Bot;
use crate::engine::game::*;
use crate::engine::log::Log;
use crate::engine::message::{Message, msg, msg_n};
use crate::engine::play::{OptionalRule, Playable};
use crate::engine::reference::RuleSection;
use crate::engine::rng::Rng;

use content::{Altitude, PylonId, TargetList, content, data};
use cycle::{Slot, Stage};
use loadout::{Loadout, Store, Tanks};
pub use state::*;

/// Optional rules [14.0.2–14.1.4, 15.1–15.4.2, seasonal weather]; all off by default.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Options {
    /// 15.4: any full section (nose and cockpit aside) or a destroyed electrical, fuel or
    /// hydraulic system brings the Skyhawk down; landing and fuel-state penalties bite early.
    #[serde(default)]
    pub harsher_damage: bool,
    /// 15.4.1: every Engine box checked may start a fire (only with 15.4).
    #[serde(default)]
    pub engine_fire: bool,
    /// 15.4.2: the first attack altitude is rolled before loading; altitude modifies the
    /// On/Off Target rolls.
    #[serde(default)]
    pub altitude_bombing: bool,
    /// 14.0.2: the squadron's Skyhawks on the repair track, maintenance crews, divisions.
    #[serde(default)]
    pub maintenance: bool,
    /// 14.0.3: the pilot flies when the roster rotation reaches him.
    #[serde(default)]
    pub rotation: bool,
    /// 14.1.3: a pilot back with two wounds may miss missions.
    #[serde(default)]
    pub wound_recovery: bool,
    /// 14.1.4: lost Skyhawks and pilots cost campaign points (with 14.0.2 or 15.1).
    #[serde(default)]
    pub loss_scoring: bool,
    /// Digest 4.5: +1 on both weather rolls from 1 November 1966 (campaigns).
    #[serde(default)]
    pub monsoon: bool,
    /// 15.1: three non-player Skyhawks fly in the player's division.
    #[serde(default)]
    pub division: bool,
    /// 15.2: further all-NPC flights of four (with 15.1).
    #[serde(default)]
    pub multiple_flights: bool,
    /// 15.3: RESCAP for pilots down over land (with 15.1).
    #[serde(default)]
    pub rescap: bool,
}

/// Every decision of a mission.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Action {
    /// Which JCS-94 list the target comes from [3.5].
    List(TargetList),
    /// Fit these external tanks (they meet the route package's fuel rule) [3.3, 3.6].
    Tanks(Tanks),
    /// Hang `store` (or nothing) on the station pair being loaded.
    Load(Option<Store>),
    /// The whole load at once, at any point of loading (checked like the pieces).
    SetLoadout(Loadout),
    /// Take a counter of this support type (index into `support.toml`) [4.3].
    Support(usize),
    Altitude(Altitude),
    /// Target Attack: the altitude and the weapon group of the run (R9, R62).
    Attack {
        altitude: Altitude,
        group: Option<Group>,
    },
    /// Place a support unit; `None` keeps a unit in place after a knock-out [5.4.1.1].
    Place {
        unit: usize,
        slot: Option<Slot>,
    },
    DiveAway,
    AcceptHits,
    ReAttack,
    GoHome,
    Engage,
    Evade,
    PressOn,
    /// Spend a Lady Luck token on the roll with this count (R40).
    LadyLuck(u32),
    /// Let the mission's last rolls stand.
    Accept,
    /// Campaign, the pilot lost: carry on with the next pilot of the roster [14.0.4].
    NewPilot,
    /// Campaign, the pilot lost: end the campaign and score it now [14.0.4].
    EndCampaign,
    /// Campaign with 14.0.2: this many 4-plane divisions fly with the player today.
    Divisions(u8),
    /// A decision of the division or of a rescue (15.1–15.3).
    Division(division::DivisionAction),
}

impl Game for Skyhawk {
    type Action = Action;
    type Options = Options;
    const ID: &'static str = "skyhawk";

    fn scenarios() -> Vec<ScenarioInfo> {
        vec![
            ScenarioInfo {
                id: "single",
                summary: None,
                title: msg("Single mission"),
            },
            ScenarioInfo {
                id: "campaign1",
                summary: None,
                title: msg("Campaign 1: first tour of duty"),
            },
            ScenarioInfo {
                id: "campaign2",
                summary: None,
                title: msg("Campaign 2: second tour of duty"),
            },
            ScenarioInfo {
                id: "campaign3",
                summary: None,
                title: msg("Campaign 3: the full cruise"),
            },
        ]
    }

    fn setup(scenario: &str, options: &Options, seed: u64) -> Result<Self, SetupError> {
        let c = content().map_err(|e| SetupError::Content(e.to_string()))?;
        let campaign = match scenario {
            "single" => None,
            id => Some(
                c.campaigns
                    .campaign
                    .iter()
                    .find(|k| k.id == id)
                    .ok_or_else(|| SetupError::UnknownScenario(id.to_owned()))?,
            ),
        };
        if options.engine_fire && !options.harsher_damage {
            return Err(SetupError::invalid(msg(
                "optional rule 15.4.1 (engine fire) is played with 15.4 (harsher damage)",
            )));
        }
        if options.loss_scoring && !(options.maintenance || options.division) {
            return Err(SetupError::invalid(msg(
                "optional rule 14.1.4 (loss scoring) is played with the divisions of 14.0.2 (maintenance and repair) or 15.1 (the four-plane division)",
            )));
        }
        if (options.multiple_flights || options.rescap) && !options.division {
            return Err(SetupError::invalid(msg(
                "optional rules 15.2 and 15.3 are played with 15.1 (the four-plane division)",
            )));
        }
        let mut game = Skyhawk::blank(options, Rng::for_game(seed), campaign::roster_pilot(0));
        game.new_pilot();
        if let Some(k) = campaign {
            game.start_campaign(k);
        }
        Ok(game)
    }

    fn prompt(&self) -> Prompt<Action> {
        let (text, rule, choices) = match &self.step {
            Step::End => {
                return Prompt::game_over(self.ending_text());
            }
            Step::ChooseList => (
                msg("Choose the target list"),
                "3.5",
                TargetList::ALL
                    .iter()
                    .map(|&l| {
                        Choice::new(Action::List(l), msg("{list} list").term("list", l.name()))
                            .on(format!("list:{l:?}").to_lowercase())
                    })
                    .collect(),
            ),
            Step::Loading(stage) => (
                match stage {
                    LoadStage::Tanks => msg("External fuel tanks for route package {rp}")
                        .arg("rp", &self.target().route_package),
                    LoadStage::Station(p) => msg("Load the {pylon} station ({weight} lb so far)")
                        .arg("pylon", pylon_pair(*p))
                        .arg("weight", self.loadout.total_weight()),
                },
                "4.2",
                self.loading_choices(*stage),
            ),
            Step::PickSupport { left } => (
                msg("Choose a support aircraft ({n} to go)").arg("n", left),
                "4.3",
                (0..data().support.len())
                    .filter(|&k| self.support_left(k) > 0)
                    .map(|k| {
                        let s = &data().support[k];
                        Choice::new(
                            Action::Support(k),
                            msg("{unit} ({service})")
                                .arg("unit", &s.name)
                                .arg("service", &s.service),
                        )
                        .on(format!("support:{}", s.id))
                    })
                    .collect(),
            ),
            Step::Altitude(b) => (
                msg("Altitude in the {box} box").term("box", b.name()),
                b.rule(),
                self.allowed_altitudes()
                    .iter()
                    .map(|&a| altitude_choice(Action::Altitude(a), a))
                    .collect(),
            ),
            Step::AttackChoice => (
                msg("Target Attack: altitude and weapon"),
                if self.first_run_altitude().is_some() {
                    "15.4.2"
                } else {
                    "6.2"
                },
                self.attack_choices()
                    .into_iter()
                    .map(|(a, g)| {
                        let label = match g {
                            Some(g) => msg("{weapon} at {altitude}")
                                .arg("weapon", self.group_label(g))
                                .term("altitude", a.name()),
                            None => msg("No usable weapon: fly through at {altitude}")
                                .term("altitude", a.name()),
                        };
                        Choice::new(
                            Action::Attack {
                                altitude: a,
                                group: g,
                            },
                            label,
                        )
                        .on(format!("altitude:{}", a.key()))
                    })
                    .collect(),
            ),
            Step::Cycle => self.placement_prompt(),
            Step::ReAttackOrHome => (
                msg("Re-attack the target or head home?"),
                "6.3",
                vec![
                    Choice::new(Action::ReAttack, msg("Re-attack")).on("box:re_attack"),
                    Choice::new(Action::GoHome, msg("Head home")).on("box:outbound"),
                ],
            ),
            Step::MigGroup => {
                let mut c = Vec::new();
                if self.guns_ready() {
                    c.push(Choice::new(
                        Action::Engage,
                        msg("Engage the MiGs with the guns"),
                    ));
                }
                c.push(Choice::new(Action::Evade, msg("Jettison and evade")).on("box:outbound"));
                c.push(
                    Choice::new(Action::PressOn, msg("Press on to the target"))
                        .on("box:target_approach"),
                );
                (msg("MiGs attack!"), "6.3.1", c)
            }
            Step::Division(ask) => self.division_prompt(*ask),
            Step::PilotLost => (
                msg("Your pilot is lost. Carry on with a new pilot?"),
                "14.0.4",
                vec![
                    Choice::new(Action::NewPilot, msg("Carry on with a new pilot")),
                    Choice::new(Action::EndCampaign, msg("End the campaign now")),
                ],
            ),
            Step::Divisions => self.divisions_prompt(),
            Step::Review => (
                msg("Mission over. Let the last rolls stand?"),
                "5.2",
                vec![Choice::new(Action::Accept, msg("Let them stand"))],
            ),
            Step::MigStar { hits } => (
                msg_n(
                    "MiGs on your tail: {hits} hit coming",
                    "MiGs on your tail: {hits} hits coming",
                    *hits,
                )
                .arg("hits", hits),
                "5.4.2",
                vec![
                    Choice::new(
                        Action::DiveAway,
                        msg("Jettison and dive away (the attack ends)"),
                    ),
                    Choice::new(
                        Action::AcceptHits,
                        msg("Take the hits and keep the ordnance"),
                    ),
                ],
            ),
        };
        let mut choices = choices;
        choices.extend(self.luck_choices());
        Prompt {
            actor: Actor::Player(0),
            text,
            rule: rule.to_owned(),
            choices,
        }
    }

    fn apply(&mut self, action: &Action) -> Result<Applied, Refusal> {
        match action {
            Action::LadyLuck(n) => self.use_luck(*n),
            Action::Accept if self.step == Step::Review => {
                self.last = None;
                self.step = Step::End;
                Ok(Applied::QUIET)
            }
            _ => self.apply_decision(action, 0),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.step != Step::End {
            return None;
        }
        Some(match &self.campaign {
            Some(c) => c.outcome(),
            None => Outcome {
                verdict: self.mission_verdict(),
                summary: self.ending_text(),
                points: Some(self.points()),
            },
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

    fn quiet_log(&mut self) {
        self.log = Log::quiet();
    }
}

impl Skyhawk {
    /// Checks and performs a decision; `settled` is the last roll Lady Luck may no longer
    /// change (0 for a fresh decision).
    pub(crate) fn apply_decision(
        &mut self,
        action: &Action,
        settled: u32,
    ) -> Result<Applied, Refusal> {
        let before = self.keep_for_luck();
        let log_before = self.log.len();
        self.decide(action)?;
        self.start_due_rescue();
        // A campaign mission that ended goes on the record and the calendar moves on, once the
        // decision's own sequence is over.
        if self.step == Step::End
            && self
                .campaign
                .as_ref()
                .is_some_and(|k| k.final_level.is_none())
        {
            self.after_campaign_mission();
        }
        self.remember_for_luck(before, log_before, action, settled);
        // Its rolls are undo barriers of themselves: the session sees the generator used.
        Ok(Applied::QUIET)
    }

    fn decide(&mut self, action: &Action) -> Result<(), Refusal> {
        let refuse = |m: Message| Err(Refusal::new(m));
        match (&self.step, action) {
            (Step::ChooseList, Action::List(l)) => self.choose_list(*l),
            (Step::Loading(stage), Action::Tanks(t)) => {
                let stage = *stage;
                let mut l = self.loadout;
                l.tanks = *t;
                if stage != LoadStage::Tanks {
                    return refuse(msg("The tanks are already fitted"));
                }
                if let Err(m) = l.check_partial(&self.load_rules()) {
                    return refuse(m);
                }
                self.loadout = l;
                self.next_load_stage(stage);
            }
            (Step::Loading(stage), Action::Load(store)) => {
                let stage = *stage;
                let LoadStage::Station(pylon) = stage else {
                    return refuse(msg("Fit the tanks first"));
                };
                let mut l = self.loadout;
                l.set_pair(pylon, *store);
                if let Err(m) = self.check_piece(&l, pylon) {
                    return refuse(m);
                }
                self.loadout = l;
                self.next_load_stage(stage);
            }
            (Step::Loading(_), Action::SetLoadout(l)) => {
                if let Err(m) = l.check(&self.load_rules()) {
                    return refuse(m);
                }
                self.loadout = *l;
                self.finish_loading();
            }
            (Step::PickSupport { .. }, Action::Support(k)) => {
                if *k >= data().support.len() || self.support_left(*k) == 0 {
                    return refuse(msg("No counter of that support type is left"));
                }
                self.pick_support(*k);
            }
            (Step::Altitude(b), Action::Altitude(a)) => {
                if !self.allowed_altitudes().contains(a) {
                    return refuse(msg("With this damage the Skyhawk must stay Low"));
                }
                let b = *b;
                self.enter(b, *a);
            }
            (Step::AttackChoice, Action::Attack { altitude, group }) => {
                if !self.attack_choices().contains(&(*altitude, *group)) {
                    return refuse(msg("That weapon cannot be used at that altitude"));
                }
                self.declare_attack(*altitude, *group);
            }
            (Step::Cycle, Action::Place { unit, slot }) => {
                let Some(u) = self.unit_to_place() else {
                    return refuse(msg("No support unit waits for a place"));
                };
                let replacing = self
                    .cycle
                    .as_ref()
                    .is_some_and(|c| c.stage == Stage::Replace);
                let legal = match slot {
                    Some(s) => self.legal_slots(u).contains(s),
                    None => replacing,
                };
                if *unit != u || !legal {
                    return refuse(msg("That support unit cannot go there"));
                }
                self.place(*slot);
            }
            (Step::ReAttackOrHome, Action::ReAttack) => {
                if !self.any_usable_group() {
                    return refuse(msg("Nothing usable is left for another run"));
                }
                self.at = MapBox::ReAttack;
                note!(self, "6.3", msg("The Skyhawk comes round for another run"));
                self.step = Step::Altitude(MapBox::ReAttack);
                return Ok(());
            }
            (Step::ReAttackOrHome, Action::GoHome) => self.go_home("6.3"),
            (Step::MigGroup, Action::Engage) => {
                if !self.guns_ready() {
                    return refuse(msg("The guns cannot fire"));
                }
                self.engage_migs();
            }
            (Step::MigGroup, Action::Evade) => {
                self.jettison("6.3.1");
                note!(self, "6.3.1", msg("The Skyhawk evades the MiGs"));
                self.go_home("6.3.1");
            }
            (Step::MigGroup, Action::PressOn) => self.press_on(),
            (Step::MigStar { hits }, Action::DiveAway) => {
                let hits = *hits;
                self.resolve_mig_star(true, hits);
            }
            (Step::MigStar { hits }, Action::AcceptHits) => {
                let hits = *hits;
                self.resolve_mig_star(false, hits);
            }
            (Step::Division(ask), Action::Division(a)) => {
                let ask = *ask;
                self.decide_division(ask, a)?;
            }
            (Step::PilotLost, Action::NewPilot) => self.replace_pilot(),
            (Step::PilotLost, Action::EndCampaign) => self.end_campaign_now(),
            (Step::Divisions, Action::Divisions(n)) => {
                if *n == 0 || *n > self.most_divisions() {
                    return refuse(msg("Not that many divisions can fly today"));
                }
                self.send_divisions(*n);
            }
            (Step::End | Step::Review, _) => return refuse(msg("The mission is over")),
            _ => return refuse(msg("That is not a decision to make now")),
        }
        Ok(())
    }
}

fn altitude_choice(action: Action, a: Altitude) -> Choice<Action> {
    Choice::new(action, msg(a.name())).on(format!("altitude:{}", a.key()))
}

impl Skyhawk {
    /// A working cannon with ammunition (Table 14 Note C).
    pub fn guns_ready(&self) -> bool {
        (0..2).any(|i| !self.damage.cannons[i] && self.ammo[i] > 0)
    }

    /// The legal choices for the piece of the load being chosen: tank sets meeting the
    /// route package's fuel rule, or the stores that fit the station pair.
    fn loading_choices(&self, stage: LoadStage) -> Vec<Choice<Action>> {
        let rules = self.load_rules();
        match stage {
            LoadStage::Tanks => Tanks::combinations()
                .into_iter()
                .filter(|&t| {
                    let l = Loadout {
                        stations: [None; 5],
                        tanks: t,
                    };
                    l.check_partial(&rules).is_ok()
                })
                .map(|t| {
                    Choice::new(
                        Action::Tanks(t),
                        msg("Tanks: {tanks}").message("tanks", t.describe()),
                    )
                    .on("tanks")
                })
                .collect(),
            LoadStage::Station(pylon) => self
                .stores_for(pylon)
                .into_iter()
                .map(|store| {
                    let label = match store {
                        Some(s) => msg("{store}").arg("store", s.label()),
                        None => msg("Nothing"),
                    };
                    Choice::new(Action::Load(store), label).on(format!("pylon:{}", pylon.name()))
                })
                .collect(),
        }
    }

    /// Stores that may go on a station pair now.
    pub fn stores_for(&self, pylon: PylonId) -> Vec<Option<Store>> {
        let mut stores = Vec::new();
        let candidates = std::iter::once(None).chain(
            content::Weapon::ALL
                .iter()
                .flat_map(|&w| (0..=2).map(move |c| Some(Store::clusters(w, c)))),
        );
        for store in candidates {
            let mut l = self.loadout;
            l.set_pair(pylon, store);
            if self.check_piece(&l, pylon).is_ok() {
                stores.push(store);
            }
        }
        stores
    }

    /// A load after choosing the pair at `pylon`: the last pair (outboard) must complete a
    /// legal load, the earlier ones only keep it legal so far.
    fn check_piece(&self, l: &Loadout, pylon: PylonId) -> Result<(), Message> {
        let rules = self.load_rules();
        match LoadStage::Station(pylon).next() {
            None => l.check(&rules),
            Some(_) => l.check_partial(&rules),
        }
    }

    /// On to the next station pair, skipping pairs where nothing fits; the load is done
    /// after the outboard pair.
    fn next_load_stage(&mut self, from: LoadStage) {
        let mut stage = from.next();
        while let Some(LoadStage::Station(p)) = stage {
            let stores = self.stores_for(p);
            let only_nothing = stores.len() == 1 && stores[0].is_none();
            if !only_nothing && !stores.is_empty() {
                self.step = Step::Loading(LoadStage::Station(p));
                return;
            }
            stage = LoadStage::Station(p).next();
        }
        if let Err(m) = self.loadout.check(&self.load_rules()) {
            // Only 15.4.2 can leave a load unfinished here: start the card again.
            note!(self, "15.4.2", m);
            self.loadout = Loadout::default();
            self.step = Step::Loading(LoadStage::Tanks);
            return;
        }
        self.finish_loading();
    }

    fn placement_prompt(&self) -> (Message, &'static str, Vec<Choice<Action>>) {
        let Some(u) = self.unit_to_place() else {
            return (msg("Support attacks"), "5.4", Vec::new());
        };
        let name = &self.units[u].spec().name;
        let replacing = self
            .cycle
            .as_ref()
            .is_some_and(|c| c.stage == Stage::Replace);
        let mut choices: Vec<Choice<Action>> = self
            .legal_slots(u)
            .into_iter()
            .map(|s| {
                Choice::new(
                    Action::Place {
                        unit: u,
                        slot: Some(s),
                    },
                    msg("{unit} to the {slot} box")
                        .arg("unit", name)
                        .term("slot", s.name()),
                )
                .on(s.id())
            })
            .collect();
        if replacing {
            choices.push(Choice::new(
                Action::Place {
                    unit: u,
                    slot: None,
                },
                msg("{unit} holds off this cycle").arg("unit", name),
            ));
        }
        let text = if replacing {
            msg("Its box is knocked out: where does {unit} go?").arg("unit", name)
        } else {
            msg("Where does {unit} attack?").arg("unit", name)
        };
        (text, if replacing { "5.4.1.1" } else { "5.4" }, choices)
    }
}

fn pylon_pair(p: PylonId) -> &'static str {
    match p {
        PylonId::LO | PylonId::RO => "Outboard (LO+RO)",
        PylonId::LI | PylonId::RI => "Inboard (LI+RI)",
        PylonId::CL => "Centerline",
    }
}

impl Playable for Skyhawk {
    fn heuristic_bot(seed: u64) -> Box<dyn Bot<Self>> {
        Box::new(bot::HeuristicBot::new(seed))
    }

    fn rules_reference() -> Vec<RuleSection> {
        // Broken content refuses every game at setup, with the file and line named.
        content().map(|c| c.rules.clone()).unwrap_or_default()
    }

    /// One kind per question of the prompt: the guide's explanations are keyed by it.
    fn decision_kind(&self) -> String {
        use division::Ask;
        let kind = match &self.step {
            Step::ChooseList => "target-list",
            Step::Loading(LoadStage::Tanks) => "load-tanks",
            Step::Loading(LoadStage::Station(_)) => "load-station",
            Step::PickSupport { .. } => "support",
            Step::Altitude(_) => "altitude",
            Step::AttackChoice => "attack",
            Step::Cycle
                if self
                    .cycle
                    .as_ref()
                    .is_some_and(|c| c.stage == Stage::Replace) =>
            {
                "support-replace"
            }
            Step::Cycle => "support-attack",
            Step::ReAttackOrHome => "re-attack",
            Step::MigGroup => "mig-group",
            Step::MigStar { .. } => "mig-star",
            Step::Division(Ask::Flights) => "division-flights",
            Step::Division(Ask::FlightTarget(_)) => "division-target",
            Step::Division(Ask::Position) => "division-position",
            Step::Division(Ask::AfterLoss) => "division-after-loss",
            Step::Division(Ask::Stay) => "rescap-stay",
            Step::Division(Ask::Place) => "rescap-place",
            Step::PilotLost => "pilot-lost",
            Step::Divisions => "divisions",
            Step::Review => "review",
            Step::End => "over",
        };
        kind.to_owned()
    }

    fn optional_rules() -> Vec<OptionalRule> {
        let rule = |key, title, rule, summary| OptionalRule {
            key,
            title,
            rule,
            summary,
        };
        vec![
            rule(
                "harsher_damage",
                msg("Harsher damage"),
                "15.4",
                msg(
                    "One fully checked section or one destroyed vital system brings the Skyhawk down, and damage weighs on the rolls sooner.",
                ),
            ),
            rule(
                "engine_fire",
                msg("Engine fires (with harsher damage)"),
                "15.4.1",
                msg(
                    "Each hit on the engine may start a fire that forces the pilot to bail out; needs Harsher damage.",
                ),
            ),
            rule(
                "altitude_bombing",
                msg("Rolled attack altitude"),
                "15.4.2",
                msg(
                    "A die decides the first attack's altitude before loading; low attacks hit more easily, high ones less.",
                ),
            ),
            rule(
                "maintenance",
                msg("Campaign: Skyhawk repairs and divisions"),
                "14.0.2",
                msg(
                    "Damaged Skyhawks wait on the repair track, and other divisions fly with the squadron each day.",
                ),
            ),
            rule(
                "rotation",
                msg("Campaign: pilot rotation"),
                "14.0.3",
                msg(
                    "A roster of pilots takes turns; your pilot flies when the rotation reaches him, not every other day.",
                ),
            ),
            rule(
                "wound_recovery",
                msg("Campaign: wounds keep pilots out"),
                "14.1.3",
                msg("A pilot wounded twice may miss the next one or two missions."),
            ),
            rule(
                "loss_scoring",
                msg("Campaign: losses cost points (with divisions)"),
                "14.1.4",
                msg(
                    "Lost Skyhawks and pilots killed or captured are taken off the campaign score; needs the division.",
                ),
            ),
            rule(
                "monsoon",
                msg("Campaign: monsoon weather from November"),
                "4.0",
                msg("From 1 November bad weather is more likely."),
            ),
            rule(
                "division",
                msg("Four-plane division with non-player Skyhawks"),
                "15.1",
                msg(
                    "Three computer-flown Skyhawks fly with you, carry your load, score and can be lost.",
                ),
            ),
            rule(
                "multiple_flights",
                msg("Further flights of four (with the division)"),
                "15.2",
                msg("More computer-flown flights of four join the strike; needs the division."),
            ),
            rule(
                "rescap",
                msg("RESCAP for downed pilots (with the division)"),
                "15.3",
                msg(
                    "Skyraiders and a rescue helicopter try to pick up pilots who bail out; needs the division.",
                ),
            ),
        ]
    }

    fn form(&self) -> Option<crate::engine::play::FormView> {
        self.loadout_form()
    }

    fn form_action(&self, values: &[usize]) -> (Vec<Message>, Result<Action, Message>) {
        self.loadout_form_action(values)
    }

    fn odds(&self) -> Option<Vec<(Message, f64)>> {
        self.decision_odds()
    }

    fn risks(&self, action: &Action) -> Vec<(Message, f64)> {
        self.action_risks(action)
    }
}
