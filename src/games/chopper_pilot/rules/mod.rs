//! Chopper Pilot Vietnam's rules: the state machine, on `crate::engine` only.
//!
//! The Primary tour plays from the crew cards to the last mission: the campaign's start
//! (crew, Luck Factor, decks), each mission's set-up and loading, the Operations Map outbound
//! (`ops.rs`, with damage, wounds and forced landings in `damage.rs`), the Tactical Map
//! (`tactical.rs`: set-up, the turn sequence and each helicopter's activation on the grid of
//! `hex.rs` and `terrain.rs`, with `movement.rs`, `spotting.rs` and `combat.rs`; `ground.rs`:
//! the ground phases, strikes, suppression, crews on the ground), the way home and the
//! post-mission bookkeeping (`after.rs`). The decisions of the later phases are offered in
//! `choices.rs`. The optional repair rule is `repair.rs`; the odds of a roll before it is made
//! are `odds.rs`; cooperative play (who flies which helicopter) is `cooperative.rs`. Not built
//! yet: emergency support.

/// Logs a message under a rule reference: `note!(self, "8.3", msg(...))`. The message (hex
/// names, helicopter names, terms) is built only if the log keeps entries, so that a quiet
/// game (`tonkin simulate`, the benches) skips the work; it plays the same either way.
macro_rules! note {
    ($game:expr, $rule:expr, $message:expr $(,)?) => {
        if $game.log.keeps() {
            let message = $message;
            $game.log.add($rule, message);
        }
    };
}

mod after;
pub mod bot;
mod choices;
pub mod combat;
pub mod content;
mod cooperative;
mod damage;
#[cfg(test)]
mod examples;
mod ground;
pub mod hex;
pub mod movement;
pub mod odds;
mod ops;
pub mod repair;
pub mod roll;
pub mod route;
pub mod spotting;
pub mod state;
pub mod tactical;
pub mod terrain;
#[cfg(test)]
mod tests;
pub mod view;
pub mod words;

use serde::{Deserialize, Serialize};

use crate::engine::dice::d10;
use crate::engine::game::{
    Applied, Choice, Game, Outcome, Prompt, Refusal, ScenarioInfo, SetupError, Verdict,
};
use crate::engine::log::{Log, Random};
use crate::engine::message::{msg, n_};
use crate::engine::rng::Rng;

use content::{BioKind, CampaignId, Position, content as checked_content, data};
use ops::{campaign_of, unit_name};
pub use state::{ChopperPilot, Options, Phase, optional_rules};
use state::{CrewMember, Decks, Health};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    /// C1: this Crew Bio card for the seat being filled.
    Crew(String),
    /// M1: your crew flies this helicopter of the flight.
    Fly(usize),
    /// M2: the next counter boards this helicopter.
    Load(usize),
    /// O0-O4: fly on to the next point of the route.
    FlyOn,
    /// O1: take the new mission a Choice paragraph offers, or keep your own.
    Accept,
    Decline,
    /// FL5: this Huey picks up the first stranded counter; or it is left behind.
    PickUp(usize),
    LeaveBehind,
    /// T1b: this helicopter flies next.
    Activate(usize),
    /// A movement step of the active helicopter [8.3].
    Move(movement::Step),
    /// The active helicopter flies the cheapest chain of steps to this hex [8.3]
    /// (`route.rs`). The window offers it as a click on a hex; the steps it is made of are
    /// the legal actions, so bots and the lists of legal actions do without it.
    FlyTo(hex::Hex),
    /// The active helicopter fires weapon `weapon` (of its Info Card) at unit `unit` [9.2].
    Fire {
        weapon: u8,
        unit: u16,
    },
    /// The active helicopter tries to spot unit `unit` [9.1].
    Spot(u16),
    /// The active helicopter searches (E5) [8.7].
    Search,
    /// The active helicopter leaves through the exit window [8.3].
    Exit,
    /// The active helicopter's activation is over.
    EndActivation,
    /// T5b: call supporting fire on the hex of unit `unit` for next turn [9.4.3].
    Call {
        kind: content::SupportKind,
        unit: u16,
    },
    /// No more calls this turn.
    Pass,
    /// P5: five skill points buy a level of this skill for this crew member [10.2].
    Train {
        member: usize,
        skill: after::Skill,
    },
    /// No more training.
    Done,
}

impl Game for ChopperPilot {
    type Action = Action;
    type Options = Options;
    const ID: &'static str = "chopper_pilot";

    fn scenarios() -> Vec<ScenarioInfo> {
        vec![
            ScenarioInfo {
                id: "primary",
                summary: None,
                title: msg("Primary campaign: 1st Air Cavalry, 1967-68"),
            },
            ScenarioInfo {
                id: "sog",
                summary: None,
                title: msg("MACV-SOG campaign on its own, 1968"),
            },
        ]
    }

    fn setup(scenario: &str, options: &Options, seed: u64) -> Result<Self, SetupError> {
        let campaign = campaign_of(scenario)
            .ok_or_else(|| SetupError::UnknownScenario(scenario.to_owned()))?;
        let c = checked_content().map_err(|e| SetupError::Content(e.to_string()))?;
        let spec = c.campaign(campaign);
        let mut rng = Rng::for_game(seed);
        // C3: each deck of the campaign is shuffled once [3.10-3.12].
        let decks = Decks::shuffled(campaign, &mut rng);
        let mut log = Log::default();
        log.add("5.1", msg("{campaign} begins").arg("campaign", &spec.title));
        Ok(ChopperPilot {
            rng,
            log,
            campaign,
            phase: Phase::ChooseCrew(Position::Copilot),
            crew: vec![CrewMember {
                bio: None,
                name: "You".into(),
                position: Position::Pilot,
                flying: 0,
                perception: 0,
                gunnery: 0,
                health: Health::Fit,
                away: 0,
            }],
            luck: 0,
            cobra_pilot: false,
            skill_points: 0,
            victory_points: 0,
            missions_flown: 0,
            tour_next: spec.first_mission,
            redirect_pending: None,
            decks,
            mission: None,
            primary_vp: None,
            mission_vp: Vec::new(),
            options: options.clone(),
            fleet: Vec::new(),
        })
    }

    fn prompt(&self) -> Prompt<Action> {
        let heli = |i: usize| self.mission().flight[i].name();
        let (text, rule, choices): (_, &str, Vec<Choice<Action>>) = match &self.phase {
            Phase::ChooseCrew(position) => (
                msg("Choose your {position}").term("position", position.name()),
                "5.2",
                self.crew_cards(*position)
                    .into_iter()
                    .map(|id| {
                        let b = data().bio(&id).expect("listed from the bios");
                        Choice::new(
                            Action::Crew(id.clone()),
                            msg("{rank} {name}, {age}, of {home}")
                                .arg("rank", &b.rank)
                                .arg("name", &b.name)
                                .arg("age", b.age)
                                .arg("home", &b.home),
                        )
                        .on(format!("bio:{id}"))
                    })
                    .collect(),
            ),
            Phase::ChooseHelicopter => (
                msg("Which helicopter does your crew fly?"),
                "6.1",
                self.your_choices()
                    .into_iter()
                    .map(|i| {
                        Choice::new(
                            Action::Fly(i),
                            msg("{helicopter}").arg("helicopter", heli(i)),
                        )
                        .on(format!("helicopter:{i}"))
                    })
                    .collect(),
            ),
            Phase::Load => (
                msg("Where does {unit} ride?").term("unit", unit_name(&self.mission().to_load[0])),
                "6.2",
                self.loadable()
                    .into_iter()
                    .map(|i| {
                        Choice::new(
                            Action::Load(i),
                            msg("{helicopter}").arg("helicopter", heli(i)),
                        )
                        .on(format!("helicopter:{i}"))
                    })
                    .collect(),
            ),
            Phase::Fly { at } => {
                let next = &self.mission().route[at + 1];
                (
                    msg("The flight is at {point}").arg("point", &self.mission().route[*at]),
                    "7.2",
                    vec![Choice::new(
                        Action::FlyOn,
                        msg("Fly on to {point}").arg("point", next),
                    )],
                )
            }
            Phase::Choice {
                paragraph,
                template,
            } => {
                let t = data().template(template).expect("checked");
                (
                    msg("Paragraph {number}: take the new mission?").arg("number", paragraph),
                    "7.3",
                    vec![
                        Choice::new(
                            Action::Accept,
                            msg("Take it: {title}").arg("title", &t.title),
                        ),
                        Choice::new(Action::Decline, msg("Fly your own mission")),
                    ],
                )
            }
            Phase::Pickup => {
                let who = self.stranded_name(&self.mission().stranded[0]);
                let mut choices: Vec<Choice<Action>> = self
                    .rides()
                    .into_iter()
                    .map(|i| {
                        Choice::new(
                            Action::PickUp(i),
                            msg("{helicopter} picks them up").arg("helicopter", heli(i)),
                        )
                    })
                    .collect();
                choices.push(Choice::new(
                    Action::LeaveBehind,
                    msg("Leave them to radio for help"),
                ));
                (
                    msg("{unit} is on the ground").message("unit", who),
                    "9.5",
                    choices,
                )
            }
            Phase::Helicopters
            | Phase::Activation(_)
            | Phase::Support
            | Phase::Return { .. }
            | Phase::Training
            | Phase::CobraOffer
            | Phase::Volunteer => self.later_choices(),
            _ => return Prompt::game_over(self.ending().1),
        };
        Prompt {
            actor: self.actor(),
            text: self.addressed(text),
            rule: rule.into(),
            choices,
        }
    }

    fn legal_actions(&self) -> Vec<Action> {
        match &self.phase {
            Phase::ChooseCrew(p) => self.crew_cards(*p).into_iter().map(Action::Crew).collect(),
            Phase::ChooseHelicopter => self.your_choices().into_iter().map(Action::Fly).collect(),
            Phase::Load => self.loadable().into_iter().map(Action::Load).collect(),
            Phase::Fly { .. } => vec![Action::FlyOn],
            Phase::Choice { .. } => vec![Action::Accept, Action::Decline],
            Phase::Pickup => {
                let mut a: Vec<Action> = self.rides().into_iter().map(Action::PickUp).collect();
                a.push(Action::LeaveBehind);
                a
            }
            Phase::Helicopters
            | Phase::Activation(_)
            | Phase::Support
            | Phase::Return { .. }
            | Phase::Training
            | Phase::CobraOffer
            | Phase::Volunteer => self.later_actions(),
            _ => Vec::new(),
        }
    }

    fn apply(&mut self, action: &Action) -> Result<Applied, Refusal> {
        if let Action::FlyTo(hex) = action {
            self.fly_route(*hex).map_err(Refusal::new)?;
            return Ok(Applied::QUIET);
        }
        let legal = match self.phase {
            Phase::Activation(h) => self.activation_allows(h, action),
            _ => self.legal_actions().contains(action),
        };
        if !legal {
            return Err(Refusal::new(msg("That is not one of the choices now")));
        }
        match action {
            Action::Crew(id) => self.take_crew(id),
            Action::Fly(h) => self.board(*h),
            Action::Load(h) => self.load(*h),
            Action::FlyOn if matches!(self.phase, Phase::Return { .. }) => self.fly_back(),
            Action::FlyOn => self.fly_on(),
            Action::Accept | Action::Decline if self.phase == Phase::CobraOffer => {
                self.answer_cobra(*action == Action::Accept)
            }
            Action::Accept | Action::Decline if self.phase == Phase::Volunteer => {
                self.volunteer(*action == Action::Accept)
            }
            Action::Accept => self.choose(true),
            Action::Decline => self.choose(false),
            Action::PickUp(h) => {
                self.pick_up(*h);
                self.run_steps();
            }
            Action::LeaveBehind => {
                self.leave_behind();
                self.run_steps();
            }
            other => self.apply_later(other),
        }
        // Dice and cards drawn are undo barriers the session reads from the generator's count
        // of results; nothing else in this game is hidden.
        Ok(Applied::QUIET)
    }

    fn outcome(&self) -> Option<Outcome> {
        let (verdict, summary) = match self.phase {
            Phase::PilotLost | Phase::Unwritten(_) => self.ending(),
            _ => return None,
        };
        let points = (data().campaign(self.campaign).victory_points || self.primary_vp.is_some())
            .then_some(self.victory_points as i32);
        Some(Outcome {
            verdict,
            summary,
            points,
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

impl ChopperPilot {
    /// How the game as built ends, and why.
    fn ending(&self) -> (Verdict, crate::engine::message::Message) {
        match self.phase {
            Phase::PilotLost => {
                let how = if self.pilot_health() == Health::Captured {
                    n_("captured")
                } else {
                    n_("killed")
                };
                (
                    Verdict::Loss,
                    msg("Your pilot was {how}: the tour is over [C7]").term("how", how),
                )
            }
            Phase::Unwritten(0) => self.tour_over(),
            Phase::Unwritten(n) => (
                Verdict::Draw,
                msg("Mission {number} of the tour is not written yet").arg("number", n),
            ),
            _ => (Verdict::Draw, msg("In progress")),
        }
    }

    /// The unused Crew Bio cards of the kind a seat takes [5.2]: co-pilots are pilots, crew
    /// chiefs and gunners are gunners.
    fn crew_cards(&self, position: Position) -> Vec<String> {
        let kind = if position.is_pilot() {
            BioKind::Pilot
        } else {
            BioKind::Gunner
        };
        data()
            .bios
            .iter()
            .filter(|b| {
                b.kind == kind
                    && !self
                        .crew
                        .iter()
                        .any(|m| m.bio.as_deref() == Some(b.id.as_str()))
            })
            .map(|b| b.id.clone())
            .collect()
    }

    /// C1-C3: a crew card fills the seat; after the gunner, the Luck Factor is rolled and the
    /// first mission begins [5.2, 5.3].
    fn take_crew(&mut self, id: &str) {
        let Phase::ChooseCrew(position) = self.phase else {
            return;
        };
        let b = data().bio(id).expect("offered from the bios");
        self.crew.push(CrewMember {
            bio: Some(id.to_owned()),
            name: b.name.clone(),
            position,
            flying: 0,
            perception: 0,
            gunnery: 0,
            health: Health::Fit,
            away: 0,
        });
        note!(
            self,
            "5.2",
            msg("{name} joins your crew as {position}")
                .arg("name", &b.name)
                .term("position", position.name()),
        );
        self.phase = match position {
            Position::Copilot => Phase::ChooseCrew(Position::CrewChief),
            Position::CrewChief => Phase::ChooseCrew(Position::Gunner),
            _ => {
                let roll = d10(&mut self.rng);
                self.luck = if roll.total == 0 {
                    10
                } else {
                    roll.total as u8
                };
                self.log.add_with(
                    "5.3",
                    msg("Your Luck Factor is {luck}").arg("luck", self.luck),
                    vec![Random::Dice(roll)],
                );
                self.next_mission();
                return;
            }
        };
    }

    pub fn campaign_id(&self) -> CampaignId {
        self.campaign
    }
}
