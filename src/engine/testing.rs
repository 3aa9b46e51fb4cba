//! Tiny games used only by the crate's own tests. `Race`: race a counter to a target with
//! safe single steps or a die roll; it exercises every part of the `Game` contract. `Duel`:
//! two seats, each with a secret; it exercises seats, views and the log's audiences.

use std::borrow::Cow;

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
                summary: None,
                title: msg("Short"),
            },
            ScenarioInfo {
                id: "long",
                summary: None,
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
                // No flag: the session sees the generator used.
                Applied::QUIET
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

    fn rng(&self) -> &Rng {
        &self.rng
    }
    fn rng_mut(&mut self) -> &mut Rng {
        &mut self.rng
    }
}

/// Two seats, each dealt a secret from 1 to 3. On its turn a seat notes its own secret (a
/// log line for itself alone), shows it to both (a reveal), or guesses the other's: right
/// wins, wrong hands the turn over.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Duel {
    rng: Rng,
    pub secrets: [u8; 2],
    pub shown: [bool; 2],
    turn: u8,
    winner: Option<u8>,
    log: Log,
}

/// What a seat's view holds in place of a secret it may not know.
pub(crate) const UNKNOWN: u8 = 0;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) enum DuelAction {
    Note,
    Show,
    Guess(u8),
}

impl Game for Duel {
    type Action = DuelAction;
    type Options = ();
    const ID: &'static str = "duel";
    const SEATS: u8 = 2;

    fn scenarios() -> Vec<ScenarioInfo> {
        vec![ScenarioInfo {
            id: "duel",
            summary: None,
            title: msg("Duel"),
        }]
    }

    fn setup(scenario: &str, _: &(), seed: u64) -> Result<Self, SetupError> {
        if scenario != "duel" {
            return Err(SetupError::UnknownScenario(scenario.to_owned()));
        }
        let mut rng = Rng::seeded(seed);
        let mut deal = || 1 + rng.below(3) as u8;
        let secrets = [deal(), deal()];
        Ok(Duel {
            rng,
            secrets,
            shown: [false; 2],
            turn: 0,
            winner: None,
            log: Log::default(),
        })
    }

    fn prompt(&self) -> Prompt<DuelAction> {
        if self.winner.is_some() {
            return Prompt::game_over(msg("Duel over"));
        }
        let mut choices = vec![Choice::new(DuelAction::Note, msg("Note"))];
        if !self.shown[usize::from(self.turn)] {
            choices.push(Choice::new(DuelAction::Show, msg("Show")));
        }
        choices.extend((1..=3).map(|n| Choice::new(DuelAction::Guess(n), msg("Guess"))));
        Prompt {
            actor: Actor::Player(self.turn),
            text: msg("Your turn"),
            rule: "1".into(),
            choices,
        }
    }

    fn apply(&mut self, action: &DuelAction) -> Result<Applied, Refusal> {
        if self.winner.is_some() {
            return Err(Refusal::new(msg("The duel is over")));
        }
        let seat = self.turn;
        let other = 1 - seat;
        Ok(match action {
            DuelAction::Note => {
                self.log.add_for(
                    seat,
                    "1",
                    msg("Your secret is {n}").arg("n", self.secrets[usize::from(seat)]),
                    Vec::new(),
                );
                Applied::QUIET
            }
            DuelAction::Show => {
                if self.shown[usize::from(seat)] {
                    return Err(Refusal::new(msg("Already shown")));
                }
                self.shown[usize::from(seat)] = true;
                self.log.add("1", msg("A secret is shown"));
                Applied::REVEALED
            }
            DuelAction::Guess(n) => {
                if *n == self.secrets[usize::from(other)] {
                    self.winner = Some(seat);
                } else {
                    self.turn = other;
                }
                Applied::QUIET
            }
        })
    }

    fn to_move(&self) -> Actor {
        match self.winner {
            Some(_) => Actor::Nobody,
            None => Actor::Player(self.turn),
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let verdict = match self.winner? {
            0 => Verdict::Win,
            _ => Verdict::Loss,
        };
        Some(Outcome {
            verdict,
            summary: msg("Duel over"),
            points: None,
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

    /// The other seat's secret unless shown, the other seat's log lines and the generator's
    /// future are left out.
    fn view(&self, seat: u8) -> Cow<'_, Self> {
        let other = usize::from(1 - seat);
        let mut view = Duel {
            rng: Rng::seeded(0),
            log: self.log.seen_by(seat).into_owned(),
            ..self.clone()
        };
        if !self.shown[other] {
            view.secrets[other] = UNKNOWN;
        }
        Cow::Owned(view)
    }
}

/// A bot that checks every view it is handed: its own secret is there, the other seat's is
/// not (unless shown), and no log line of the other seat. It plays at random.
pub(crate) struct Peeker {
    rng: Rng,
    /// How many views each seat's bot was handed.
    pub views: [usize; 2],
}

impl Peeker {
    pub fn new(seed: u64) -> Self {
        Peeker {
            rng: Rng::seeded(seed),
            views: [0; 2],
        }
    }

    fn check(&mut self, view: &Duel) {
        let seat = view.turn;
        self.views[usize::from(seat)] += 1;
        let (mine, theirs) = (usize::from(seat), usize::from(1 - seat));
        assert_ne!(view.secrets[mine], UNKNOWN, "a bot knows its own secret");
        assert!(
            view.shown[theirs] || view.secrets[theirs] == UNKNOWN,
            "seat {seat}'s bot was handed the other seat's secret: {view:?}"
        );
        assert!(
            view.log.entries().iter().all(|e| e.audience.includes(seat)),
            "seat {seat}'s bot was handed the other seat's log lines"
        );
    }
}

impl super::bot::Bot<Duel> for Peeker {
    fn choose(&mut self, view: &Duel, actions: &[DuelAction]) -> DuelAction {
        self.check(view);
        actions[self.rng.index(actions.len())].clone()
    }

    fn propose(&mut self, view: &Duel) -> Option<DuelAction> {
        self.check(view);
        None
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

#[test]
fn a_bot_is_handed_its_seats_view_only() {
    use super::bot::play_out;
    let mut views = [0; 2];
    for seed in 0..40 {
        let mut game = Duel::setup("duel", &(), seed).unwrap();
        let mut bot = Peeker::new(seed);
        play_out(&mut game, &mut bot, 1_000).unwrap();
        assert!(game.secrets.iter().all(|&s| s != UNKNOWN));
        views[0] += bot.views[0];
        views[1] += bot.views[1];
    }
    // Both seats' bots were handed views, and every one was checked.
    assert!(views[0] > 40 && views[1] > 40, "{views:?}");
}

#[test]
#[should_panic(expected = "was handed the other seat's secret")]
fn the_state_itself_would_give_the_secret_away() {
    use super::bot::Bot;
    let game = Duel::setup("duel", &(), 1).unwrap();
    Peeker::new(1).choose(&game, &game.legal_actions());
}
