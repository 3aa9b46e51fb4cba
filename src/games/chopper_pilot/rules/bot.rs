//! A heuristic Aircraft Commander for the layers built so far: takes the first crew cards,
//! flies the lead helicopter, spreads the passengers over the flight so that one lost
//! helicopter costs as few of them as possible, keeps its own mission when an event offers
//! another, and never leaves anyone on the ground while a Huey has room.

use super::state::Phase;
use super::{Action, ChopperPilot};
use crate::engine::bot::Bot;

#[derive(Clone, Debug, Default)]
pub struct Commander;

impl Bot<ChopperPilot> for Commander {
    fn choose(&mut self, game: &ChopperPilot, actions: &[Action]) -> Action {
        let pick = match game.phase {
            Phase::Load => actions
                .iter()
                .max_by_key(|a| match a {
                    // The emptiest helicopter first; the first of equals.
                    Action::Load(h) => (game.mission().flight[*h].free_boxes(), usize::MAX - h),
                    _ => (0, 0),
                })
                .cloned(),
            Phase::Choice { .. } => Some(Action::Decline),
            _ => None,
        };
        pick.filter(|a| actions.contains(a))
            .unwrap_or_else(|| actions[0].clone())
    }
}
