//! The position to resolve an action again from when a Wild card turns up in it (2.2.1).
//!
//! The player says what a Wild card counts as when it is drawn, in the middle of an action;
//! the action is then resolved again from the position before it, with the same cards and
//! that answer (see `Csar::resolve`). Copying the whole position before every action for this
//! cost simulations a quarter of their speed, although a Wild card turns up in few actions.
//! So the position before an action is kept as a copy taken earlier plus the actions taken
//! since, and a new copy is taken only before an action that may draw the Wild card: one that
//! resolves cards while the Wild card, or the Reshuffle card that would bring it back, is near
//! the top of the Resolution deck. When the Wild card comes up after an action taken without
//! a copy, the position before that action is rebuilt from the copy by taking the actions
//! since again: the same position, as every action is decided by the position and its
//! generator alone.
//!
//! It is a cache, not part of the position: never saved or compared, and a clone of the game
//! starts without one.

use crate::engine::log::Log;
use crate::engine::rng::Rng;

use super::actions::Action;
use super::state::{Csar, RESHUFFLE, WILD};

/// Actions taken after the copy before a new one is taken anyway (what a rebuild may replay).
const MOST_SINCE: usize = 24;

/// How near the top of the Resolution deck the Wild or Reshuffle card must be for an action
/// that resolves cards to take a copy first: more than an action draws but in rare cases.
const NEAR: usize = 8;

#[derive(Default)]
pub struct Rewind {
    /// A position from before the actions in `since`, its log aside.
    from: Option<Box<Csar>>,
    /// The actions taken since `from`, each with the generator as it stood before it (the
    /// session fixes arranged results and dice in it between actions).
    since: Vec<(Rng, Action)>,
}

impl Clone for Rewind {
    fn clone(&self) -> Self {
        Rewind::default()
    }
}

/// Every cache equals every other: two games are equal by their positions.
impl PartialEq for Rewind {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl std::fmt::Debug for Rewind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Rewind({} since)", self.since.len())
    }
}

impl Csar {
    /// Before `action` is resolved: takes a copy of the position when the action may draw the
    /// Wild card (or when there is none to rebuild from).
    pub(super) fn before_action(&mut self, action: &Action) {
        let copy = self.rewind.from.is_none()
            || self.rewind.since.len() >= MOST_SINCE
            || (!quiet(action) && self.wild_near());
        if !copy {
            return;
        }
        let mut from = self.rewind.from.take();
        let log = std::mem::take(&mut self.log);
        match from.as_deref_mut() {
            // Into the last copy, so that its vectors are reused rather than allocated again.
            Some(from) => from.clone_from(self),
            None => from = Some(Box::new(self.clone())),
        }
        self.log = log;
        self.rewind.from = from;
        self.rewind.since.clear();
    }

    /// After `action` was resolved with no Wild card left unanswered (`rng`: the generator as
    /// it stood before).
    pub(super) fn after_action(&mut self, rng: Rng, action: &Action) {
        self.rewind.since.push((rng, action.clone()));
    }

    /// The position before the action being resolved (`rng`: the generator as it stood then),
    /// its log aside; the copy is used up.
    pub(super) fn position_before(&mut self, rng: Rng) -> Box<Csar> {
        let Rewind { from, since } = std::mem::take(&mut self.rewind);
        // Every action takes a copy when there is none, so there always is one here.
        let mut before = from.unwrap_or_else(|| Box::new(self.clone()));
        if !since.is_empty() {
            before.log = Log::quiet();
            for (rng, action) in &since {
                before.rng = rng.clone();
                // Taken once already from this very position: it cannot be refused now.
                let _ = before.apply_action(action);
            }
            before.rewind = Rewind::default();
        }
        before.log = Log::default();
        before.rng = rng;
        before
    }

    /// `before` is the position before the action being resolved again (a Wild card answered).
    pub(super) fn rewind_to(&mut self, before: Csar) {
        self.rewind = Rewind {
            from: Some(Box::new(before)),
            since: Vec::new(),
        };
    }

    /// Drops the copy: the next action takes a new one.
    pub(super) fn forget_rewind(&mut self) {
        self.rewind = Rewind::default();
    }

    /// Whether the Wild card could be among the next few cards drawn: it, or the Reshuffle
    /// card, is near the top of the Resolution deck, the draw pile is nearly spent (its
    /// discards come back), or a script has arranged a card to be drawn.
    fn wild_near(&self) -> bool {
        let pile = self.resolution.draw_pile();
        pile.len() <= NEAR
            || self.rng.has_arranged()
            || pile[pile.len() - NEAR..]
                .iter()
                .any(|&c| c == WILD || c == RESHUFFLE)
    }
}

/// Actions that resolve no cards of their own (what the segment they may close draws is
/// rarer): after them a Wild card is rebuilt for rather than copied for.
fn quiet(action: &Action) -> bool {
    matches!(
        action,
        Action::Select(_)
            | Action::Move { .. }
            | Action::Assign { .. }
            | Action::Reserve(_)
            | Action::DiscardReserve(_)
            | Action::DiscardCommand(_)
            | Action::DiscardAssigned(_)
            | Action::TakeCard(_)
            | Action::ChoosePilot(_)
            | Action::PlacePilot(_)
            | Action::Buy(_)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::game::Game;
    use crate::engine::play::Playable;
    use crate::games::csar::rules::Options;

    /// A game that keeps its copy only now and then plays exactly as one that copies its
    /// position before every action (a clone starts without a copy), the Wild cards answered
    /// by the bot included, also when the position before a Wild card had to be rebuilt.
    #[test]
    fn rebuilding_the_position_before_plays_as_copying_it() {
        let mut rebuilt = 0;
        let mut questions = 0;
        for seed in 0..60 {
            let scenario = ["caged_tiger", "cauldron_of_fire", "streetcar_down"][seed % 3];
            let seed = seed as u64;
            let mut kept = Csar::setup(scenario, &Options::default(), seed).unwrap();
            let mut copied = kept.clone();
            let mut bot = <Csar as Playable>::heuristic_bot(seed);
            for _ in 0..400 {
                if kept.outcome().is_some() {
                    break;
                }
                let action = bot.choose(&kept, &kept.legal_actions());
                let since = kept.rewind.since.len();
                let copies = kept.rewind.from.is_none()
                    || since >= MOST_SINCE
                    || (!quiet(&action) && kept.wild_near());
                kept.apply(&action).unwrap();
                copied = copied.clone();
                copied.apply(&action).unwrap();
                assert_eq!(kept, copied, "seed {seed}, {action:?}");
                if kept.wild_question.is_some() {
                    questions += 1;
                    rebuilt += usize::from(!copies && since > 0);
                }
            }
        }
        assert!(questions > 20, "{questions} Wild questions");
        assert!(
            rebuilt > 0,
            "no position was rebuilt ({questions} Wild questions)"
        );
    }
}
