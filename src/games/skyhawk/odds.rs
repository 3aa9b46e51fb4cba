//! The odds assistant: before the attack choice, the exact chance that each run on offer is
//! On Target, from the run's table, the dice and the very modifiers the roll will use.

use super::state::{Skyhawk, Step};
use crate::engine::message::{Message, msg};

impl Skyhawk {
    /// The chance of each outcome of the pending decision, where the game can say it exactly.
    pub fn decision_odds(&self) -> Option<Vec<(Message, f64)>> {
        if self.step != Step::AttackChoice {
            return None;
        }
        let odds: Vec<(Message, f64)> = self
            .attack_choices()
            .into_iter()
            .filter_map(|(altitude, group)| {
                let group = group?;
                let label = msg("{weapon} from {altitude}: On Target")
                    .arg("weapon", self.group_label(group))
                    .term("altitude", altitude.name());
                Some((label, self.on_target_chance(group, altitude)))
            })
            .collect();
        (!odds.is_empty()).then_some(odds)
    }
}

#[cfg(test)]
mod tests {
    use crate::engine::game::Game;
    use crate::games::skyhawk::bot::Heuristic;
    use crate::games::skyhawk::state::Step;
    use crate::games::skyhawk::{Options, Skyhawk};

    /// A mission brought to its first attack choice by the heuristic bot.
    fn at_attack_choice(seed: u64) -> Option<Skyhawk> {
        let mut g = Skyhawk::setup("single", &Options::default(), seed).unwrap();
        let mut bot = Heuristic::new(seed);
        for _ in 0..200 {
            if g.step == Step::AttackChoice {
                return Some(g);
            }
            let a = bot.decide(&g)?;
            g.apply(&a).ok()?;
        }
        None
    }

    #[test]
    fn the_odds_are_the_share_of_rolls_that_come_out_on_target() {
        let mut checked = 0;
        for seed in 0..40 {
            let Some(g) = at_attack_choice(seed) else {
                continue;
            };
            let odds = g.decision_odds().expect("odds at the attack choice");
            for (label, p) in &odds {
                assert!((0.0..=1.0).contains(p), "{}: {p}", label.english());
            }
            // Fly the first offered run many times from the same position with fresh dice:
            // the share On Target matches the computed chance.
            let (altitude, group) = g.attack_choices()[0];
            let Some(group) = group else { continue };
            let expected = g.on_target_chance(group, altitude);
            let (mut flown, mut on) = (0u32, 0u32);
            for n in 0..600 {
                let mut h = g.clone();
                h.rng = crate::engine::rng::Rng::seeded(1000 + n);
                let before = h.runs.len();
                let attack = crate::games::skyhawk::Action::Attack {
                    altitude,
                    group: Some(group),
                };
                if h.apply(&attack).is_err() {
                    break;
                }
                // Fire on the way in may end the run before it is flown: count flown runs.
                if let Some(run) = h.runs.get(before) {
                    flown += 1;
                    on += u32::from(run.on_target);
                }
            }
            if flown < 200 {
                continue;
            }
            let share = f64::from(on) / f64::from(flown);
            assert!(
                (share - expected).abs() < 0.09,
                "seed {seed}: {share} on target, {expected} computed"
            );
            checked += 1;
            if checked == 3 {
                break;
            }
        }
        assert!(checked > 0, "no mission reached an attack choice");
    }
}
