//! A tiny game used only by the engine's own tests: race a counter to a target with safe
//! single steps or a die roll. It exercises every part of the `Game` contract.

use serde::{Deserialize, Serialize};

use super::dice::d6;
use super::game::*;
use super::log::{Log, Random};
use super::message::msg;
use super::rng::Rng;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Race {
    rng: Rng,
    position: i32,
    target: i32,
    turns_left: i32,
    stopped: bool,
    log: Log,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RaceAction {
    Step,
    Roll,
    Stop,
}

impl Game for Race {
    type Action = RaceAction;
    type Options = ();
    const ID: &'static str = "race";

    fn scenarios() -> Vec<ScenarioInfo> {
        vec![
            ScenarioInfo {
                id: "short",
                title: msg("Short"),
            },
            ScenarioInfo {
                id: "long",
                title: msg("Long"),
            },
        ]
    }

    fn setup(scenario: &str, _: &(), seed: u64) -> Result<Self, SetupError> {
        let (target, turns_left) = match scenario {
            "short" => (10, 8),
            "long" => (40, 30),
            other => return Err(SetupError::UnknownScenario(other.to_owned())),
        };
        Ok(Race {
            rng: Rng::seeded(seed),
            position: 0,
            target,
            turns_left,
            stopped: false,
            log: Log::default(),
        })
    }

    fn prompt(&self) -> Prompt<RaceAction> {
        if self.outcome().is_some() {
            return Prompt::game_over(msg("Race over"));
        }
        let mut choices = vec![
            Choice::new(RaceAction::Step, msg("Step")),
            Choice::new(RaceAction::Roll, msg("Roll")),
        ];
        if self.position > 0 {
            choices.push(Choice::new(RaceAction::Stop, msg("Stop")));
        }
        Prompt {
            actor: Actor::Player(0),
            text: msg("Move"),
            rule: "1".into(),
            choices,
        }
    }

    fn apply(&mut self, action: &RaceAction) -> Result<Applied, Refusal> {
        if self.outcome().is_some() {
            return Err(Refusal::new(msg("The race is over")));
        }
        let applied = match action {
            RaceAction::Step => {
                self.position += 1;
                Applied::QUIET
            }
            RaceAction::Roll => {
                let roll = d6(&mut self.rng);
                self.position += roll.total;
                self.log
                    .add_with("1", msg("Rolled"), vec![Random::Dice(roll)]);
                Applied::REVEALED
            }
            RaceAction::Stop => {
                if self.position == 0 {
                    return Err(Refusal::new(msg("You may not stop, not before moving")));
                }
                self.stopped = true;
                Applied::QUIET
            }
        };
        self.turns_left -= 1;
        Ok(applied)
    }

    fn outcome(&self) -> Option<Outcome> {
        let verdict = if self.position >= self.target {
            Verdict::Win
        } else if self.stopped {
            Verdict::Draw
        } else if self.turns_left <= 0 {
            Verdict::Loss
        } else {
            return None;
        };
        Some(Outcome {
            verdict,
            summary: msg("Race over"),
            points: Some(self.position),
        })
    }

    fn log(&self) -> &Log {
        &self.log
    }
}

#[test]
fn random_bot_finishes_a_race() {
    use super::bot::{RandomBot, play_out};
    for seed in 0..200 {
        let mut game = Race::setup("long", &(), seed).unwrap();
        let (_, actions) = play_out(&mut game, &mut RandomBot::new(seed), 100).unwrap();
        assert!(actions <= 30);
    }
}

/// Proposes `Stop` (refused before the first move) and counts how often it had to choose.
struct StopAtOnce {
    chosen: usize,
}

impl super::bot::Bot<Race> for StopAtOnce {
    fn choose(&mut self, _game: &Race, actions: &[RaceAction]) -> RaceAction {
        self.chosen += 1;
        assert!(!actions.contains(&RaceAction::Stop));
        RaceAction::Step
    }

    fn propose(&mut self, _game: &Race) -> Option<RaceAction> {
        Some(RaceAction::Stop)
    }
}

#[test]
fn a_refused_proposal_falls_back_to_choosing_and_a_taken_one_needs_no_list() {
    use super::bot::play_out;
    let mut game = Race::setup("short", &(), 1).unwrap();
    let mut bot = StopAtOnce { chosen: 0 };
    let (outcome, actions) = play_out(&mut game, &mut bot, 100).unwrap();
    // Stop is refused at 0, so the bot steps once from the list; then Stop is taken.
    assert_eq!(
        (bot.chosen, actions, outcome.verdict),
        (1, 2, Verdict::Draw)
    );
    assert_eq!(game.position, 1);
}
