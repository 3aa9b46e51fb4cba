//! The contract every game's rules module fulfils.
//!
//! A game is its state. The state says which decision is pending; [`Game::prompt`] says who
//! decides, what, and lists every legal action; [`Game::apply`] checks one action, performs it,
//! logs it, and says whether it revealed anything hidden. Anything that shows a game (window,
//! command line, bot, test) works only through this trait.

use std::borrow::Cow;
use std::fmt::Debug;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::log::Log;
use super::message::{Message, msg};
use super::rng::Rng;

/// Who must act now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Actor {
    /// Player 0 in a solitaire game; players 0 and 1 in a two-player game. A one-seat game
    /// played cooperatively (friends at one table who see everything) names here the friend
    /// who decides, 0, 1, …, all of them at its one seat (see [`Game::SEATS`]).
    Player(u8),
    /// The game is over.
    Nobody,
}

/// One legal action, as offered to whoever acts.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<A> {
    pub action: A,
    pub label: Message,
    /// The map element this action is about (a zone, a counter, a card), so that the window
    /// can offer it as a click on the map as well as a button. Ids are the game's own.
    pub target: Option<String>,
}

impl<A> Choice<A> {
    pub fn new(action: A, label: Message) -> Self {
        Choice {
            action,
            label,
            target: None,
        }
    }

    pub fn on(mut self, target: impl Into<String>) -> Self {
        self.target = Some(target.into());
        self
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Prompt<A> {
    pub actor: Actor,
    pub text: Message,
    /// The rule the decision comes from, e.g. `4.3.2`.
    pub rule: String,
    pub choices: Vec<Choice<A>>,
}

impl<A> Prompt<A> {
    pub fn game_over(text: Message) -> Self {
        Prompt {
            actor: Actor::Nobody,
            text,
            rule: String::new(),
            choices: Vec::new(),
        }
    }
}

/// What an applied action did that matters beyond the state itself.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Applied {
    /// Something hidden that the generator does not show became known (a face-down marker
    /// turned up, a hidden unit spotted): an undo barrier. Dice, cards drawn and cup draws
    /// need no flag: the session sees them in [`Game::rng`].
    pub revealed: bool,
}

impl Applied {
    pub const QUIET: Applied = Applied { revealed: false };
    pub const REVEALED: Applied = Applied { revealed: true };
}

/// Why an action was refused. The state is left exactly as it was. The reason is boxed so
/// that every `apply`'s result stays small: refusals are rare, results are not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub reason: Box<Message>,
}

impl Refusal {
    pub fn new(reason: Message) -> Self {
        Refusal {
            reason: Box::new(reason),
        }
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.reason.render())
    }
}

/// The result of a finished game, from player 0's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Verdict {
    Win,
    Draw,
    Loss,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    pub verdict: Verdict,
    /// Why: the conditions met, in a sentence or two.
    pub summary: Message,
    /// Points scored, where the game counts them.
    pub points: Option<i32>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioInfo {
    pub id: &'static str,
    pub title: Message,
    /// A line under the title in the launcher, where the title alone does not say what the
    /// scenario is (which rules, how long).
    pub summary: Option<Message>,
}

/// Why a game cannot be set up. The `Display` form is English, for the command line and the
/// tests; [`SetupError::message`] is what the window shows, in the reader's language.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("unknown scenario '{0}'")]
    UnknownScenario(String),
    /// The game's data files cannot be read: the content error, which names the file.
    #[error("the game's data cannot be read: {0}")]
    Content(String),
    /// The scenario cannot be played so: optional rules that do not go together, a set-up
    /// that cannot be made as arranged.
    #[error("{}", .0.english())]
    Invalid(Box<Message>),
}

impl SetupError {
    /// The scenario cannot be played so, for this reason.
    pub fn invalid(why: Message) -> SetupError {
        SetupError::Invalid(Box::new(why))
    }

    /// The error in the reader's language. A content error's detail (the file, the line and
    /// the data reader's words) stays as it came.
    pub fn message(&self) -> Message {
        match self {
            SetupError::UnknownScenario(id) => {
                msg("unknown scenario '{scenario}'").arg("scenario", id)
            }
            SetupError::Content(detail) => {
                msg("the game's data cannot be read: {detail}").arg("detail", detail)
            }
            SetupError::Invalid(message) => (**message).clone(),
        }
    }
}

pub trait Game: Clone + Debug + PartialEq + Serialize + DeserializeOwned + 'static {
    type Action: Clone + Debug + PartialEq + Serialize + DeserializeOwned + 'static;
    type Options: Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + 'static;

    /// The id used on the command line and in saves, e.g. `csar`.
    const ID: &'static str;

    /// How many seats (players) the game has, numbered from 0: 1 for a solitaire game. A seat
    /// is what one side may know: each has its own view, the screen is handed over between
    /// seats behind a curtain, and a change of seat is an undo barrier. Players who cooperate
    /// with nothing hidden from each other share one seat, however many they are; the prompt's
    /// actor tells them apart.
    const SEATS: u8 = 1;

    fn scenarios() -> Vec<ScenarioInfo>;

    /// Sets up a new game. All randomness of the game comes from `seed`.
    fn setup(scenario: &str, options: &Self::Options, seed: u64) -> Result<Self, SetupError>;

    fn prompt(&self) -> Prompt<Self::Action>;

    /// The legal actions of the pending decision, in the prompt's order, without their labels.
    /// Bots and simulations call this thousands of times per second; a game whose labels are
    /// costly to build overrides it.
    fn legal_actions(&self) -> Vec<Self::Action> {
        self.prompt()
            .choices
            .into_iter()
            .map(|c| c.action)
            .collect()
    }

    /// Checks and performs one action. On refusal the state must be left unchanged.
    fn apply(&mut self, action: &Self::Action) -> Result<Applied, Refusal>;

    /// Who must act now: the prompt's actor, without building the prompt. Games whose prompt
    /// is costly and that have more than one seat override it.
    fn to_move(&self) -> Actor {
        self.prompt().actor
    }

    /// `Some` once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    fn log(&self) -> &Log;

    /// The game's generator. The session reads its count of results to tell whether an
    /// action made something random known (an undo barrier), so all of the game's
    /// randomness must come from it.
    fn rng(&self) -> &Rng;

    /// The game's generator, for the session to fix coming results in it (arranged draws and
    /// the player's own dice, see [`crate::engine::arranged`]).
    fn rng_mut(&mut self) -> &mut Rng;

    /// The position as seat `seat` may know it: hidden units, cards in the other hand and the
    /// generator's future are left out (replaced by what that seat can tell). Bots are handed
    /// this view, never the state itself. A game without hidden information shows itself.
    fn view(&self, _seat: u8) -> Cow<'_, Self> {
        Cow::Borrowed(self)
    }

    /// Stops writing the log, for a game that bots play only to count its result
    /// (`tonkin simulate`, benchmarks; see [`Log::quiet`]). The game must play exactly as a
    /// logged one. A game whose code reads its own log back keeps writing it (the default).
    fn quiet_log(&mut self) {}

    /// A few lines describing the position (for `tonkin replay`).
    fn summary(&self) -> String {
        match self.outcome() {
            Some(o) => format!("{:?}: {}", o.verdict, o.summary.english()),
            None => format!("in progress: {}", self.prompt().text.english()),
        }
    }
}
