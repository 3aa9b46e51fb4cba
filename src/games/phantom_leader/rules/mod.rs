//! Phantom Leader's rules (digest `shared/rules/phantom-leader.md`): the content and its
//! checks, the Tactical Display's geometry, the pilot cards, and the campaign, mission-day,
//! Over Target and Home-Bound machines, so a campaign plays from squadron to victory level.
//! The game is not offered in the launcher until its strings are translated. The rules use
//! only `crate::engine`.

mod arming_form;
pub mod attack;
pub mod bot;
pub mod campaign;
pub mod cards;
pub mod content;
pub mod display;
pub mod fight;
mod fight_prompt;
pub mod homebound;
mod legality;
pub mod mission;
pub mod odds;
pub mod roster;
pub mod state;
#[cfg(test)]
mod tests_bot;
#[cfg(test)]
mod tests_content;
#[cfg(test)]
mod tests_fight;
#[cfg(test)]
mod tests_legality;
#[cfg(test)]
mod tests_machine;
#[cfg(test)]
mod tests_odds;
#[cfg(test)]
mod tests_prompt;
#[cfg(test)]
mod tests_rulings;
#[cfg(test)]
mod tests_same_games;
mod words;

use serde::{Deserialize, Serialize};

use crate::engine::game::*;
use crate::engine::log::Log;
use crate::engine::message::{Message, msg, msg_n};
use crate::engine::rng::Rng;
use cards::Status;
use content::{Altitude, Duration, Level, Side, data};
use display::Area;
pub use state::*;

/// Every decision of a campaign.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// Take this pilot card, at this level, into the squadron (CS6).
    Recruit {
        pilot: usize,
        level: Level,
    },
    /// Random Squadron: draw the open slots of this level (CS6).
    Draw(Level),
    /// List the pilot cards that may fill a place of this level (CS6).
    Focus(Level),
    /// Linked Campaigns: pay for the carried pilot's promotions (`true`) or take a Green
    /// pilot in his place.
    Carry(bool),
    /// Pilot Promotion Priority for this squadron pilot (CS7).
    Promote(usize),
    /// Recon Priority: draw more Target cards (M2).
    BuyRecon,
    /// Fly against this Target card (M3).
    Choose(u8),
    /// No mission today: Down Time (M3a).
    StandDown,
    /// This squadron pilot flies today (M7).
    Assign(usize),
    /// Take this pilot off today's flight.
    Unassign(usize),
    /// Load one counter of a weapon (index into the weapons) on a sortie (M8).
    Load {
        sortie: usize,
        weapon: usize,
    },
    Unload {
        sortie: usize,
        weapon: usize,
    },
    /// Buy the Tanker Priority, or give it up.
    Tanker(bool),
    /// An EB-66/E-1/E-2 rolls to have the event section ignored.
    IgnoreRoll(usize),
    /// The event removes this Site (index into the mission's Sites).
    RemoveSite(usize),
    /// Expend this counter of this sortie to cancel a Special Event attack.
    Negate {
        sortie: usize,
        weapon: usize,
    },
    /// Go Evasive against the attack, or not.
    Evade(bool),
    /// Drop this counter for the event.
    Jettison {
        sortie: usize,
        weapon: usize,
    },
    /// This Slow pilot is Fast in the first turn.
    HotPilot(usize),
    /// This sortie aborts (M10).
    Abort(usize),
    /// Discard this AtG counter for the pending SAR roll (M17).
    SarDiscard {
        sortie: usize,
        weapon: usize,
    },
    SarRoll,
    /// R&R Priority after the mission, or not (D7).
    Rest(bool),
    /// Transfer this Unfit pilot out (D9).
    Transfer(usize),
    /// Start this aircraft in this Pre-Approach area at this altitude (M11).
    Place {
        sortie: usize,
        area: Area,
        altitude: Altitude,
    },
    /// The event removes this Bandit (index into the mission's Bandits).
    RemoveBandit(usize),
    /// Intel removes defenses of this type in this area (M13).
    IntelArea {
        side: Side,
        area: Area,
    },
    /// The E-1/E-2 `by` rolls to make the Slow `pilot` Fast this turn (T0).
    FastRoll {
        by: usize,
        pilot: usize,
    },
    /// High-Stress attacks: this pilot takes 1 Stress for +1 on his rolls this turn.
    HighStress(usize),
    /// Jettison one counter over the target (T1).
    Drop {
        sortie: usize,
        weapon: usize,
    },
    /// An aircraft attacks (T2, T4).
    Attack {
        sortie: usize,
        aim: Aim,
        arms: Arms,
    },
    /// This Site or Bandit fires next (T3, A-14).
    FiresNext(Attacker),
    /// An aircraft tries to suppress the pending enemy attack (T3.4).
    Suppress {
        sortie: usize,
        arms: Arms,
    },
    /// Move (or stay) and set the altitude (T5).
    Move {
        sortie: usize,
        area: Area,
        altitude: Altitude,
    },
    /// Leave the display over the exit (T5).
    Leave(usize),
    /// The event brings this Missing pilot back.
    Rescue(usize),
    /// This pilot stays; the rescued pilot or his replacement leaves.
    Keep(usize),
    /// Ends the step: promotions, assignment, arming, an event's choice, aborts, transfers,
    /// jettison, attacks, movement, leaving.
    Done,
}

impl Game for PhantomLeader {
    type Action = Action;
    type Options = Options;
    const ID: &'static str = "phantom_leader";

    fn scenarios() -> Vec<ScenarioInfo> {
        let Ok(c) = content::content() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for s in &c.sheets {
            for d in Duration::ALL {
                out.push(ScenarioInfo {
                    id: Box::leak(scenario_id(&s.id, d).into_boxed_str()),
                    summary: None,
                    title: msg("{campaign}, {length}")
                        .term("campaign", s.title.as_str())
                        .term("length", d.name()),
                });
            }
        }
        out
    }

    fn setup(scenario: &str, options: &Options, seed: u64) -> Result<Self, SetupError> {
        let (sheet, length) = scenario
            .rsplit_once('-')
            .ok_or_else(|| SetupError::UnknownScenario(scenario.to_owned()))?;
        let duration = Duration::ALL
            .into_iter()
            .find(|d| format!("{d:?}").eq_ignore_ascii_case(length))
            .ok_or_else(|| SetupError::UnknownScenario(scenario.to_owned()))?;
        let sheet = content::content()
            .map_err(|e| SetupError::Content(e.to_string()))?
            .sheets
            .iter()
            .find(|s| s.id.eq_ignore_ascii_case(sheet))
            .ok_or_else(|| SetupError::UnknownScenario(scenario.to_owned()))?;
        PhantomLeader::new(&sheet.id, duration, options, seed)
    }

    fn prompt(&self) -> Prompt<Action> {
        let (text, rule, choices) = self.choices();
        if self.step == Step::Over {
            return Prompt::game_over(text);
        }
        Prompt {
            actor: Actor::Player(0),
            text,
            rule: rule.to_owned(),
            choices,
        }
    }

    fn apply(&mut self, action: &Action) -> Result<Applied, Refusal> {
        let before = self.rng.clone();
        self.check(action)?;
        self.perform(action);
        Ok(if self.rng == before {
            Applied::QUIET
        } else {
            Applied::REVEALED
        })
    }

    /// The legal actions without their labels: the bots' and simulations' hot path.
    fn legal_actions(&self) -> Vec<Action> {
        self.choices_labelled(false).2.into_actions()
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.step == Step::Over).then(|| {
            let name = self.outcome_name();
            Outcome {
                verdict: if campaign::OUTCOMES[..2].contains(&name) {
                    Verdict::Loss
                } else {
                    Verdict::Win
                },
                summary: msg("{vp} VP: {outcome}")
                    .arg("vp", self.vp)
                    .term("outcome", name),
                points: Some(self.vp),
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

    fn quiet_log(&mut self) {
        self.log = Log::quiet();
    }
}

/// A scenario's id: the sheet and the length, e.g. `LB-USN-short`.
pub fn scenario_id(sheet: &str, duration: Duration) -> String {
    format!("{sheet}-{}", format!("{duration:?}").to_lowercase())
}

/// The choices of a step: labelled, with their clicks on the board, for the prompt; or the
/// bare actions, for the bots and the legality check, with no sentence built.
pub(super) enum Listed {
    Labelled(Vec<Choice<Action>>),
    Bare(Vec<Action>),
}

impl Listed {
    fn new(labels: bool) -> Self {
        // Room for a usual step's list at once, not grown one push at a time.
        if labels {
            Listed::Labelled(Vec::with_capacity(16))
        } else {
            Listed::Bare(Vec::with_capacity(32))
        }
    }

    /// Lists an action; its label is made only for the prompt.
    pub(super) fn add(&mut self, action: Action, label: &dyn Fn() -> Message) {
        match self {
            Listed::Labelled(choices) => choices.push(Choice::new(action, label())),
            Listed::Bare(actions) => actions.push(action),
        }
    }

    fn is_empty(&self) -> bool {
        match self {
            Listed::Labelled(choices) => choices.is_empty(),
            Listed::Bare(actions) => actions.is_empty(),
        }
    }

    fn contains(&self, action: &Action) -> bool {
        match self {
            Listed::Labelled(choices) => choices.iter().any(|c| &c.action == action),
            Listed::Bare(actions) => actions.contains(action),
        }
    }

    fn into_actions(self) -> Vec<Action> {
        match self {
            Listed::Labelled(choices) => choices.into_iter().map(|c| c.action).collect(),
            Listed::Bare(actions) => actions,
        }
    }

    fn into_choices(self) -> Vec<Choice<Action>> {
        match self {
            Listed::Labelled(choices) => choices,
            Listed::Bare(actions) => actions
                .into_iter()
                .map(|a| Choice::new(a, msg("")))
                .collect(),
        }
    }
}

impl PhantomLeader {
    /// The pending decision: its text, rule and legal actions.
    fn choices(&self) -> (Message, &'static str, Vec<Choice<Action>>) {
        let (text, rule, listed) = self.choices_labelled(true);
        (text, rule, listed.into_choices())
    }

    /// The pending decision; without `labels` the bare actions (what the bots and the
    /// legality check need, at a fraction of the cost).
    fn choices_labelled(&self, labels: bool) -> (Message, &'static str, Listed) {
        let c = data();
        let mut out = Listed::new(labels);
        let mut add = |action: Action, label: &dyn Fn() -> Message| out.add(action, label);
        let (text, rule) = match &self.step {
            Step::Squadron if self.options.random_squadron => {
                for level in Level::ALL {
                    if !self.draw_pool(level).is_empty() {
                        add(Action::Draw(level), &|| {
                            // Translators: {level} is a skill level ("Green"), not a count.
                            msg("Draw the {level} pilots").term("level", level.name())
                        });
                    }
                }
                (
                    msg("Random Squadron: choose the level of the next draws"),
                    "CS6",
                )
            }
            Step::Carry { squad } => {
                let p = &self.squadron[*squad];
                let cost = self.carry_cost(*squad);
                if self.special_options >= cost {
                    add(Action::Carry(true), &|| {
                        msg("Keep {pilot}: {so} SO")
                            .arg("pilot", p.card().name)
                            .arg("so", cost)
                    });
                }
                add(Action::Carry(false), &|| {
                    msg("A Green pilot takes {pilot}'s place").arg("pilot", p.card().name)
                });
                (
                    msg("{pilot}: promotions in the last campaign: {n}")
                        .arg("pilot", p.card().name)
                        .arg("n", p.promotions),
                    "CS6",
                )
            }
            Step::Squadron => {
                let focus = self.focus_level();
                if let Some(level) = focus {
                    for pilot in 0..c.pilots.len() {
                        if self.recruit_refusal(pilot, level).is_none() {
                            add(Action::Recruit { pilot, level }, &|| {
                                let aircraft = c.pilot_aircraft(pilot);
                                msg("{pilot} · {aircraft} · {so} SO")
                                    .arg("pilot", &c.pilots[pilot].name)
                                    .arg("aircraft", &aircraft.name)
                                    .arg(
                                        "so",
                                        format_args!(
                                            "{:+}",
                                            aircraft.special_options[self.duration.index()]
                                        ),
                                    )
                            });
                        }
                    }
                }
                for level in Level::ALL {
                    let open = self.open_slots(level);
                    if open > 0 && Some(level) != focus {
                        add(Action::Focus(level), &|| {
                            msg_n("{level}: {n} place open", "{level}: {n} places open", open)
                                .term("level", level.name())
                                .arg("n", open)
                        });
                    }
                }
                (
                    match focus {
                        Some(level) => msg("Pick a {level} pilot ({so} SO left); or another level")
                            .term("level", level.name())
                            .arg("so", self.special_options),
                        None => msg("Pick the squadron's pilots: first choose a level ({so} SO)")
                            .arg("so", self.special_options),
                    },
                    "CS6",
                )
            }
            Step::Promotions => {
                for (i, p) in self.squadron.iter().enumerate() {
                    if self.promotion_refusal(i).is_none() {
                        add(Action::Promote(i), &|| {
                            msg("Promote {pilot}").arg("pilot", p.card().name)
                        });
                    }
                }
                add(Action::Done, &|| msg("Start the campaign"));
                (
                    msg("Buy promotions ({cost} SO each)?").arg("cost", self.promotion_cost()),
                    "CS7",
                )
            }
            Step::Target => {
                if self.can_buy_recon() {
                    add(Action::BuyRecon, &|| {
                        msg("Recon Priority: draw 2 more cards")
                    });
                }
                for n in self.eligible_targets() {
                    add(Action::Choose(n), &|| {
                        msg("Target #{n} {name}")
                            .arg("n", n)
                            .term("name", c.target(n).name.as_str())
                    });
                }
                add(Action::StandDown, &|| msg("Stand down: Down Time"));
                (msg("Day {day}: choose a target").arg("day", self.day), "M3")
            }
            Step::Assign => {
                for i in 0..self.squadron.len() {
                    if self.assign_refusal(i).is_none() {
                        add(Action::Assign(i), &|| {
                            msg("{pilot} flies").arg("pilot", self.squadron[i].card().name)
                        });
                    }
                }
                for s in &self.mission.flight {
                    add(Action::Unassign(s.squad), &|| {
                        msg("{pilot} stays home").arg("pilot", self.squadron[s.squad].card().name)
                    });
                }
                if !self.mission.flight.is_empty() {
                    add(Action::Done, &|| msg("Arm the aircraft"));
                } else if (0..self.squadron.len()).all(|i| self.assign_refusal(i).is_some()) {
                    // Every pilot is Unfit or gone: the day can only be Down Time.
                    add(Action::StandDown, &|| {
                        msg("No pilot can fly: stand down (Down Time)")
                    });
                }
                (msg("Choose the pilots"), "M7")
            }
            Step::Arm => {
                let loads = self.legal_loads();
                for (i, s) in self.mission.flight.iter().enumerate() {
                    for &(_, w) in loads.iter().filter(|l| l.0 == i) {
                        add(
                            Action::Load {
                                sortie: i,
                                weapon: w,
                            },
                            &|| {
                                msg("{pilot}: load {weapon}")
                                    .arg("pilot", self.pilot_name(i))
                                    .term("weapon", c.weapons[w].name.as_str())
                            },
                        );
                    }
                    let mut seen = Vec::new();
                    for &w in &s.load {
                        if !seen.contains(&w) {
                            seen.push(w);
                            add(
                                Action::Unload {
                                    sortie: i,
                                    weapon: w,
                                },
                                &|| {
                                    msg("{pilot}: unload {weapon}")
                                        .arg("pilot", self.pilot_name(i))
                                        .term("weapon", c.weapons[w].name.as_str())
                                },
                            );
                        }
                    }
                }
                let tanker = !self.mission.tanker;
                if self.arming_refusal(&self.mission.flight, tanker).is_none() {
                    add(Action::Tanker(tanker), &|| {
                        if tanker {
                            msg("Buy Tanker Priority")
                        } else {
                            msg("Give up the tanker")
                        }
                    });
                }
                add(Action::Done, &|| msg("Launch"));
                (msg("Arm the aircraft"), "M8")
            }
            Step::EventIgnore { rolled, .. } => {
                for i in self.event_ignorers(rolled) {
                    add(Action::IgnoreRoll(i), &|| {
                        msg("{pilot} rolls to ignore the event").arg("pilot", self.pilot_name(i))
                    });
                }
                add(Action::Done, &|| msg("Let the event happen"));
                if self.mission.home {
                    (msg("The Home-Bound event"), "M16")
                } else {
                    (msg("The Target-Bound event"), "M9")
                }
            }
            Step::EventSite { .. } => {
                for i in self.removable_sites() {
                    let d = &self.mission.sites[i];
                    add(Action::RemoveSite(i), &|| {
                        msg("{site} in {area}")
                            .term("site", self.defense_name(d))
                            .term("area", d.area.name())
                    });
                }
                if out.is_empty() {
                    out.add(Action::Done, &|| msg("No Site qualifies"));
                }
                (msg("Choose the Site to remove"), "M9")
            }
            Step::EventAttack { .. } => {
                for (sortie, weapon) in self.negators() {
                    add(Action::Negate { sortie, weapon }, &|| {
                        msg("{pilot} expends {weapon}")
                            .arg("pilot", self.pilot_name(sortie))
                            .term("weapon", c.weapons[weapon].name.as_str())
                    });
                }
                add(Action::Done, &|| msg("Let the attack come"));
                (msg("Cancel the attack?"), "M9")
            }
            Step::EventEvade { target, .. } => {
                add(Action::Evade(true), &|| msg("Evade (+2 Stress)"));
                add(Action::Evade(false), &|| msg("Hold course"));
                (
                    msg("{pilot} is attacked").arg("pilot", self.pilot_name(*target)),
                    "4.7",
                )
            }
            Step::EventJettison { .. } => {
                for i in self.jettison_owing() {
                    let mut seen = Vec::new();
                    for &w in &self.mission.flight[i].load {
                        if c.weapons[w].class != content::WeaponClass::Pod && !seen.contains(&w) {
                            seen.push(w);
                            add(
                                Action::Jettison {
                                    sortie: i,
                                    weapon: w,
                                },
                                &|| {
                                    msg("{pilot} drops {weapon}")
                                        .arg("pilot", self.pilot_name(i))
                                        .term("weapon", c.weapons[w].name.as_str())
                                },
                            );
                        }
                    }
                }
                (msg("Drop munitions"), "M9")
            }
            Step::EventHotPilot => {
                for i in self.slow_flying() {
                    add(Action::HotPilot(i), &|| {
                        msg("{pilot} is Fast in turn 1").arg("pilot", self.pilot_name(i))
                    });
                }
                (msg("Choose the Slow pilot"), "M9")
            }
            Step::Abort => {
                if !self.mission.flags.no_abort {
                    for i in self.mission.flying() {
                        add(Action::Abort(i), &|| {
                            msg("{pilot} aborts").arg("pilot", self.pilot_name(i))
                        });
                    }
                }
                add(Action::Done, &|| msg("Press on"));
                (msg("Abort any aircraft?"), "M10")
            }
            Step::Sar { rescue } => {
                for (sortie, weapon) in self.sar_discards() {
                    add(Action::SarDiscard { sortie, weapon }, &|| {
                        msg("Discard {weapon} from {pilot}")
                            .arg("pilot", self.pilot_name(sortie))
                            .term("weapon", c.weapons[weapon].name.as_str())
                    });
                }
                add(Action::SarRoll, &|| msg("Roll for the rescue"));
                (
                    msg("Search and Rescue for {pilot}")
                        .arg("pilot", self.pilot_name(rescue.sortie)),
                    "M17",
                )
            }
            Step::Rest => {
                add(Action::Rest(true), &|| {
                    msg("R&R: 9 SO, 2 Stress off every pilot")
                });
                add(Action::Rest(false), &|| msg("No R&R"));
                (msg("R&R Priority?"), "D7")
            }
            Step::Transfer => {
                for (i, p) in self.squadron.iter().enumerate() {
                    if p.duty == Duty::Active && p.status() == Status::Unfit {
                        add(Action::Transfer(i), &|| {
                            msg("Transfer {pilot}").arg("pilot", p.card().name)
                        });
                    }
                }
                add(Action::Done, &|| msg("Keep them"));
                (msg("Transfer Unfit pilots?"), "D9")
            }
            Step::Over => (
                msg("{vp} VP: {outcome}")
                    .arg("vp", self.vp)
                    .term("outcome", self.outcome_name()),
                "CS10",
            ),
            step => return self.fight_choices(step, out),
        };
        // Target cards and pilot rows are also clicks on the board.
        let Listed::Labelled(choices) = &mut out else {
            return (text, rule, out);
        };
        for ch in choices {
            ch.target = match ch.action {
                Action::Choose(n) => Some(format!("card:{n}")),
                Action::Assign(i) | Action::Unassign(i) => Some(format!("pilot:{i}")),
                _ => ch.target.take(),
            };
        }
        (text, rule, out)
    }

    pub fn promotion_refusal(&self, squad: usize) -> Option<Message> {
        if self.squadron[squad].level.next().is_none() {
            Some(msg("An Ace cannot be promoted"))
        } else if self.special_options < self.promotion_cost() {
            Some(msg("Not enough Special Option points"))
        } else {
            None
        }
    }

    /// Whether the step's list of choices holds this action whatever the position (the
    /// step's "done" and its yes/no answers): the check need not build the list.
    fn always_offered(&self, action: &Action) -> bool {
        matches!(
            (&self.step, action),
            (
                Step::Promotions
                    | Step::EventIgnore { .. }
                    | Step::EventAttack { .. }
                    | Step::Abort
                    | Step::Transfer
                    | Step::Intel { .. }
                    | Step::FastRoll
                    | Step::Jettison
                    | Step::Attacks { .. }
                    | Step::EnemyOrder
                    | Step::Leave,
                Action::Done
            ) | (Step::Target, Action::StandDown)
                | (
                    Step::EventEvade { .. } | Step::Suppress { .. } | Step::Evade { .. },
                    Action::Evade(_)
                )
                | (Step::Sar { .. }, Action::SarRoll)
                | (Step::Rest, Action::Rest(_))
        )
    }

    /// Refuses an action that is not legal now, saying why; changes nothing.
    fn check(&self, action: &Action) -> Result<(), Refusal> {
        if self.allows(action) {
            return Ok(());
        }
        let reason = match (action, &self.step) {
            (Action::Attack { sortie, aim, arms }, Step::Attacks { .. })
                if self.attacks_now(*sortie) =>
            {
                self.arms_refusal(*sortie, *aim, arms)
                    .unwrap_or_else(|| msg("Not now"))
            }
            (Action::Suppress { sortie, arms }, Step::Suppress { attacker, .. }) => self
                .arms_refusal(*sortie, attacker.aim(), arms)
                .unwrap_or_else(|| msg("Not now")),
            (Action::Recruit { pilot, level }, Step::Squadron) => self
                .recruit_refusal(*pilot, *level)
                .map(msg)
                .unwrap_or_else(|| msg("No such pilot")),
            (Action::Assign(i), Step::Assign) => self
                .assign_refusal(*i)
                .unwrap_or_else(|| msg("No such pilot")),
            (Action::Promote(i), Step::Promotions) if *i < self.squadron.len() => self
                .promotion_refusal(*i)
                .unwrap_or_else(|| msg("No such pilot")),
            (Action::Load { sortie, weapon }, Step::Arm)
                if *sortie < self.mission.flight.len() && *weapon < data().weapons.len() =>
            {
                self.load_refusal(*sortie, *weapon)
                    .unwrap_or_else(|| msg("Not now"))
            }
            (Action::Tanker(on), Step::Arm) => self
                .arming_refusal(&self.mission.flight, *on)
                .unwrap_or_else(|| msg("Not now")),
            (Action::Abort(_), Step::Abort) if self.mission.flags.no_abort => {
                msg("No aircraft may abort this mission")
            }
            _ => msg("That is not a choice now"),
        };
        Err(Refusal::new(reason))
    }

    /// Performs a checked action.
    fn perform(&mut self, action: &Action) {
        match action.clone() {
            Action::Recruit { pilot, level } => self.recruit(pilot, level),
            Action::Draw(level) => self.draw_level(level),
            Action::Focus(level) => self.focus = Some(level),
            Action::Carry(pay) => self.carry(pay),
            Action::Promote(i) => self.promote_now(i),
            Action::BuyRecon => self.buy_recon(),
            Action::Choose(n) => self.choose_target(n),
            Action::StandDown => {
                // Standing down after choosing a target puts the card back unflown.
                if self.step == Step::Assign
                    && let Some(n) = self.mission.target.take()
                {
                    self.targets.discard(n);
                }
                self.down_time()
            }
            Action::Assign(i) => self.assign(i),
            Action::Unassign(i) => self.mission.flight.retain(|s| s.squad != i),
            Action::Load { sortie, weapon } => self.mission.flight[sortie].load.push(weapon),
            Action::Unload { sortie, weapon } => self.take_counter(sortie, weapon),
            Action::Tanker(on) => self.mission.tanker = on,
            Action::IgnoreRoll(i) => {
                if let Step::EventIgnore { card, rolled } = self.step.clone() {
                    self.ignore_roll(card, i, rolled);
                }
            }
            Action::RemoveSite(i) => self.remove_site(i),
            Action::Negate { sortie, weapon } => self.negate(sortie, weapon),
            Action::Evade(on) => match self.step {
                Step::EventEvade { .. } => self.resolve_event_attack(on),
                _ => self.enemy_roll(on),
            },
            Action::Jettison { sortie, weapon } => self.jettison(sortie, weapon),
            Action::HotPilot(i) => {
                self.mission.flags.hot_pilot = Some(i);
                self.abort_step();
            }
            Action::Abort(i) => {
                self.mission.flight[i].fate = Fate::Aborted;
                self.log.add(
                    "M10",
                    msg("{pilot} aborts").arg("pilot", self.pilot_name(i)),
                );
            }
            Action::SarDiscard { sortie, weapon } => self.sar_discard(sortie, weapon),
            Action::SarRoll => self.sar_roll(),
            Action::Rest(take) => self.rest(take),
            Action::Transfer(i) => {
                self.lose(i, Duty::Transferred);
                if !self
                    .squadron
                    .iter()
                    .any(|p| p.duty == Duty::Active && p.status() == Status::Unfit)
                {
                    self.finish_debrief();
                }
            }
            Action::Place {
                sortie,
                area,
                altitude,
            } => self.place_aircraft(sortie, area, altitude),
            Action::RemoveBandit(i) => match self.step {
                Step::Escort => self.escort_remove(i),
                _ => self.event_remove_bandit(i),
            },
            Action::IntelArea { side, area } => self.intel_remove(side, area),
            Action::FastRoll { by, pilot } => self.fast_roll(by, pilot),
            Action::HighStress(i) => self.take_high_stress(i),
            Action::Drop { sortie, weapon } => self.drop_munition(sortie, weapon),
            Action::Attack { sortie, aim, arms } => self.attack(sortie, aim, &arms),
            Action::FiresNext(a) => self.fires_next(a),
            Action::Suppress { sortie, arms } => self.suppress(sortie, &arms),
            Action::Move {
                sortie,
                area,
                altitude,
            } => self.move_aircraft(sortie, area, altitude),
            Action::Leave(i) => self.leave(i),
            Action::Rescue(i) => self.rescue_mia(i),
            Action::Keep(i) => self.keep_rescued(i),
            Action::Done => self.done(),
        }
    }

    fn done(&mut self) {
        match self.step.clone() {
            Step::Promotions => self.next_day(),
            Step::Assign => self.step = Step::Arm,
            Step::Arm => self.launch(),
            Step::EventIgnore { card, .. } => self.event_section(card),
            Step::EventSite { .. } => self.abort_step(),
            Step::EventAttack {
                left,
                side,
                attack,
                negate_by,
            } => self.pick_event_target(left, side, attack, negate_by),
            Step::Abort => self.proceed(),
            Step::Transfer => self.finish_debrief(),
            Step::Escort => self.start_intel(),
            Step::Intel { .. } => self.over_target_event(),
            Step::FastRoll => self.jettison_step(),
            Step::Jettison => self.attacks(true),
            Step::Attacks { fast } => self.end_attacks(fast),
            Step::EnemyOrder => {
                self.mission.fight.usual_order = true;
                self.next_enemy();
            }
            Step::Move => self.hold_the_rest(),
            Step::Leave => self.end_turn(),
            _ => {}
        }
    }
}

impl crate::engine::play::Playable for PhantomLeader {
    /// One kind per question: the guide's explanations (`learn.toml`) are keyed by it.
    fn decision_kind(&self) -> String {
        let kind = match &self.step {
            Step::Squadron if self.options.random_squadron => "random-squadron",
            Step::Squadron => "squadron",
            Step::Carry { .. } => "carry",
            Step::Promotions => "promotions",
            Step::Target => "target",
            Step::Assign => "assign",
            Step::Arm => "arm",
            Step::EventIgnore { .. } => "event-ignore",
            Step::EventSite { .. } => "event-site",
            Step::EventAttack { .. } => "event-attack",
            Step::EventEvade { .. } | Step::Evade { .. } => "evade",
            Step::EventJettison { .. } | Step::Jettison => "jettison",
            Step::EventHotPilot => "hot-pilot",
            Step::Abort => "abort",
            Step::Place => "place",
            Step::Escort | Step::EventBandit { .. } => "remove-bandit",
            Step::Intel { .. } => "intel",
            Step::FastRoll => "fast-roll",
            Step::Attacks { .. } => "attacks",
            Step::EnemyOrder => "enemy-order",
            Step::Suppress { .. } => "suppress",
            Step::Move => "move",
            Step::Leave => "leave",
            Step::RescueMia | Step::KeepRescued { .. } => "rescued",
            Step::Sar { .. } => "sar",
            Step::Rest => "rest",
            Step::Transfer => "transfer",
            Step::Over => "over",
        };
        kind.to_owned()
    }

    fn heuristic_bot(seed: u64) -> Box<dyn crate::engine::bot::Bot<Self>> {
        Box::new(bot::HeuristicBot::new(seed))
    }

    fn rules_reference() -> Vec<crate::engine::reference::RuleSection> {
        content::content().map_or_else(|_| Vec::new(), |c| c.rules.clone())
    }

    fn optional_rules() -> Vec<crate::engine::play::OptionalRule> {
        let rule = |key, title, rule, summary| crate::engine::play::OptionalRule {
            key,
            title,
            rule,
            summary,
        };
        vec![
            rule(
                "early_aim9",
                msg("Early AIM-9 Sidewinders"),
                "6",
                msg(
                    "Sidewinders fired before 1968 hit on 7 instead of 6; you get more Special Options.",
                ),
            ),
            rule(
                "one_less_one_more",
                msg("Flying one less or one more aircraft"),
                "6",
                msg(
                    "A mission may take one aircraft more than the card allows (−1 VP) or one fewer (+1 VP if the target is destroyed).",
                ),
            ),
            rule(
                "high_stress",
                msg("High-Stress attacks and suppressions"),
                "6",
                msg(
                    "Once a turn a pilot may take 1 Stress for +1 on all his attack and suppression rolls that turn.",
                ),
            ),
            rule(
                "random_squadron",
                msg("Random squadron selection"),
                "6",
                msg(
                    "The pilots are drawn at random, level by level, instead of picked; a squadron that would leave Special Options below 0 is drawn again.",
                ),
            ),
            rule(
                "linked",
                msg("Linked campaigns"),
                "6",
                msg(
                    "When the campaign ends the squadron flies on, with its pilots, into the next campaign of its service.",
                ),
            ),
            rule(
                "awacs_off_display",
                msg("E-1 and E-2 stay off the Tactical Display"),
                "A-16",
                msg(
                    "Early-warning aircraft fly the mission off the display: only Target-Bound and Home-Bound events can reach them.",
                ),
            ),
            rule(
                "three_row_atg_penalty",
                msg("Graded AtG-weight penalty"),
                "A-2",
                msg(
                    "The printed penalty for dogfighting with bombs aboard is incomplete; this reads it as −1 for 1–2 WP, −2 for 3–4 WP and −3 from 5 WP, instead of −1 for 1–2 WP and −3 from 3 WP.",
                ),
            ),
            rule(
                "no_navy_gun_pod",
                msg("No Gun Pod on Navy F-4s"),
                "A-4",
                msg(
                    "The Gun Pod rule names only Air Force F-4s: with this on, a Navy F-4 may not carry one (the sample of play arms one, so it may by default).",
                ),
            ),
            rule(
                "single_down_time_politics",
                msg("Down Time moves Politics once"),
                "A-5",
                msg(
                    "A day without a mission moves Politics 1 left only once, not again at the debriefing.",
                ),
            ),
            rule(
                "intel_hits_listed",
                msg("Intel may destroy a target's listed defenses"),
                "A-32",
                msg(
                    "The Sites and Bandits printed on a Target card may be removed by Intel like any others; by default they are part of the mission.",
                ),
            ),
        ]
    }

    fn odds(&self) -> Option<Vec<(Message, f64)>> {
        self.decision_odds()
    }

    fn risks(&self, action: &Action) -> Vec<(Message, f64)> {
        self.action_risks(action)
    }

    fn form(&self) -> Option<crate::engine::play::FormView> {
        self.arming_form()
    }

    fn form_action(&self, values: &[usize]) -> (Vec<Message>, Result<Action, Message>) {
        self.arming_form_action(values)
    }
}
