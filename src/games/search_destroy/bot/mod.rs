//! Computer opponents for either side of Search & Destroy at three levels (digest 10.3-10.5):
//! Easy, the one-ply rules of thumb of [`HeuristicBot`]; Normal, rules of thumb weighed by
//! what the side knows (for the US, the [`Belief`] over the face-down counters); Hard, a search
//! that deals the unknown counters out from the belief, plays each candidate out and keeps the
//! best on average. Every level decides from a [`SeatView`] only.

pub mod belief;
mod hard;
mod normal;

#[cfg(test)]
mod measure;

#[cfg(test)]
mod tests;

use crate::engine::bot::Bot;
use crate::engine::log::Audience;
use crate::engine::message::{Message, msg};
use crate::engine::rng::Rng;
use crate::games::search_destroy::rules::Action;
use crate::games::search_destroy::rules::bot::{HeuristicBot, SeatView};
use crate::games::search_destroy::rules::content::Side;
use crate::games::search_destroy::rules::state::{SearchDestroy, Step};
pub use belief::Belief;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    Easy,
    Normal,
    Hard,
}

impl Difficulty {
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Normal, Difficulty::Hard];

    pub fn id(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Normal => "normal",
            Difficulty::Hard => "hard",
        }
    }

    pub fn from_id(id: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.id() == id)
    }
}

/// A computer player of one side.
pub struct Computer {
    pub difficulty: Difficulty,
    easy: HeuristicBot,
    rng: Rng,
    /// The US side's belief, brought up to date at each decision.
    pub belief: Belief,
    /// Deals per candidate for Hard: always this many, so that the same seed plays the same
    /// game on any machine.
    pub rollouts: usize,
    /// A cap on the time a Hard decision may take, or none. Only the window sets one
    /// ([`Computer::for_window`]), so that a slow machine still answers in time there; when
    /// it cuts a decision short the game depends on the machine's speed. Tests and
    /// measurement runs leave it off.
    pub budget: Option<std::time::Duration>,
    /// Whether the belief is drawn anew at each decision. Hard's play-outs keep the belief
    /// of the decision they weigh and only take in what their deal shows (`false`): drawing
    /// it again at every step of every play-out would cost a hundred times the decision.
    redraw_belief: bool,
    /// What the decisions since the last [`Bot::take_notes`] were for, in sentences a player
    /// of its side could have written, with who may read each.
    pub notes: Vec<(Audience, Message)>,
}

impl Computer {
    pub fn new(difficulty: Difficulty, seed: u64) -> Computer {
        Computer {
            difficulty,
            easy: HeuristicBot::new(seed),
            rng: Rng::seeded(seed ^ 0xB07_5EED),
            belief: Belief::default(),
            rollouts: hard::ROLLOUTS,
            budget: None,
            redraw_belief: true,
            notes: Vec::new(),
        }
    }

    /// A computer player for the window: as [`Computer::new`], with Hard's decisions capped
    /// at [`hard::WINDOW_BUDGET`].
    pub fn for_window(difficulty: Difficulty, seed: u64) -> Computer {
        Computer {
            budget: Some(hard::WINDOW_BUDGET),
            ..Computer::new(difficulty, seed)
        }
    }

    /// One decision of the side to act in `view`, among its legal `actions`.
    pub fn decide(&mut self, view: &SeatView, actions: &[Action]) -> Action {
        if self.difficulty != Difficulty::Easy && view.side() == Side::Us {
            if self.redraw_belief {
                self.belief.update(view, &mut self.rng);
            } else {
                self.belief.observe(view);
            }
        }
        let vehicles = self.easy.vehicle_choice(view, view.side(), actions);
        let chosen = match self.difficulty {
            _ if vehicles.is_some() => vehicles.expect("just checked"),
            Difficulty::Easy => self.easy.decide(view, actions),
            Difficulty::Normal => normal::decide(self, view, actions),
            Difficulty::Hard => hard::decide(self, view, actions),
        };
        let chosen = match view.step {
            Step::Movement(_) => self
                .easy
                .scenario_movement(view, view.side(), actions, chosen),
            _ => chosen,
        };
        let chosen = if actions.contains(&chosen) {
            chosen
        } else {
            self.easy.decide(view, actions)
        };
        self.explain_hidden_move(view, &chosen);
        chosen
    }

    /// The NLF's reason for moving a counter the US sees only from the back: it names the
    /// counter, which only the NLF may read.
    fn explain_hidden_move(&mut self, view: &SeatView, chosen: &Action) {
        if let (Step::Movement(Side::Nlf), Action::Move { unit, to }) = (&view.step, chosen)
            && let Some(u) = view.units.get(*unit).filter(|u| u.hidden())
            && let (Some(spec), Some(hex)) = (u.spec(), u.hex)
        {
            self.note(
                Side::Nlf,
                // Translators: the computer's reason for a move, from what the NLF knows.
                msg("The NLF moves its {unit} from {hex} to {to} while the US sees only the back of the counter")
                    .term("unit", spec.name.as_str())
                    .arg("hex", hex)
                    .arg("to", to),
            );
        }
    }

    /// Notes a reason of `side`'s. The US's reasons are drawn from what both sides see (the
    /// map, the counters' backs, the fire), so both may read them; the NLF's may name its own
    /// hidden counters, so they stay with the NLF.
    fn note(&mut self, side: Side, text: Message) {
        if self.notes.len() > 40 {
            self.notes.remove(0);
        }
        let audience = match side {
            Side::Us => Audience::Everyone,
            Side::Nlf => Audience::Seat(side.seat()),
        };
        self.notes.push((audience, text));
    }
}

impl Bot<SearchDestroy> for Computer {
    fn choose(&mut self, game: &SearchDestroy, actions: &[Action]) -> Action {
        let Some(side) = game.actor() else {
            return actions[0].clone();
        };
        self.decide(&SeatView::of(game, side), actions)
    }

    fn take_notes(&mut self) -> Vec<(Audience, Message)> {
        std::mem::take(&mut self.notes)
    }
}
