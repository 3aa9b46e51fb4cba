//! The odds assistant: before a decision whose next roll it decides, the exact chance of
//! each outcome, from the table, the dice and the very modifiers the roll will use — the
//! attack run's On Target chance, and the re-attack's fuel check and Table 14 events.

use super::content::data;
use super::state::{Skyhawk, Step};
use super::tables::Drms;
use crate::engine::message::{Message, msg};

impl Skyhawk {
    /// The chance of each outcome of the pending decision, where the game can say it exactly.
    pub fn decision_odds(&self) -> Option<Vec<(Message, f64)>> {
        let odds = match self.step {
            Step::AttackChoice => self.attack_odds(),
            Step::ReAttackOrHome => self.re_attack_odds(),
            _ => return None,
        };
        (!odds.is_empty()).then_some(odds)
    }

    fn attack_odds(&self) -> Vec<(Message, f64)> {
        self.attack_choices()
            .into_iter()
            .filter_map(|(altitude, group)| {
                let group = group?;
                let label = msg("{weapon} from {altitude}: On Target")
                    .arg("weapon", self.group_label(group))
                    .term("altitude", altitude.name());
                Some((label, self.on_target_chance(group, altitude)))
            })
            .collect()
    }

    /// Re-attacking first checks the fuel (Table 7), then rolls Table 14; heading home checks
    /// the fuel on the way out.
    fn re_attack_odds(&self) -> Vec<(Message, f64)> {
        let t7 = data().table("7");
        let bingo = |column: &str| {
            let c = t7.column(column).unwrap_or(0);
            t7.chance(c, &self.fuel_check_drms(column), |cell| cell == "bingo")
        };
        let bingo_now = bingo("re_attack");
        let mut odds = vec![(msg("Re-attack: Bingo fuel"), bingo_now)];
        let t14 = data().table("14");
        let mut events: Vec<&str> = Vec::new();
        for row in &t14.rows {
            if !events.contains(&row.cells[0].as_str()) {
                events.push(&row.cells[0]);
            }
        }
        for event in events {
            let p = t14.chance(0, &Drms::new(), |cell| cell == event);
            odds.push((re_attack_event(event), (1.0 - bingo_now) * p));
        }
        odds.push((msg("Head home: Bingo fuel"), bingo("outbound")));
        odds
    }
}

/// What a Table 14 result means for the run, as the odds name it [6.3.1].
fn re_attack_event(cell: &str) -> Message {
    match cell {
        "none" => msg("Re-attack: nothing happens"),
        "malfunction" => msg("Re-attack: a malfunction"),
        "smoke" => msg("Re-attack: smoke and dust over the target"),
        "weather_change" => msg("Re-attack: the weather changes"),
        "flak_trap" => msg("Re-attack: a flak trap"),
        "clean_run" => msg("Re-attack: a clean run-in"),
        "migs" => msg("Re-attack: MiGs jump the Skyhawk"),
        other => msg("Re-attack: Table 14 {event}").arg("event", other.to_owned()),
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

    #[test]
    fn the_re_attack_odds_add_up_with_the_fuel_check() {
        let mut seen = 0;
        for seed in 0..200 {
            let mut g = Skyhawk::setup("single", &Options::default(), seed).unwrap();
            let mut bot = Heuristic::new(seed);
            while g.step != Step::ReAttackOrHome {
                let Some(a) = bot.decide(&g) else { break };
                if g.apply(&a).is_err() {
                    break;
                }
            }
            if g.step != Step::ReAttackOrHome {
                continue;
            }
            let odds = g.decision_odds().unwrap();
            let re_attack: f64 = odds
                .iter()
                .filter(|(m, _)| m.english().starts_with("Re-attack"))
                .map(|(_, p)| p)
                .sum();
            // Bingo, or one of Table 14's results: every re-attack ends in exactly one.
            assert!((re_attack - 1.0).abs() < 1e-9, "seed {seed}: {re_attack}");
            let nothing = odds
                .iter()
                .find(|(m, _)| m.english() == "Re-attack: nothing happens")
                .unwrap()
                .1;
            // Table 14 reads 0–3 as nothing: 40 % of the re-attacks that have the fuel.
            assert!((nothing - 0.4 * (1.0 - odds[0].1)).abs() < 1e-9);
            seen += 1;
            if seen == 3 {
                break;
            }
        }
        assert!(seen > 0, "no mission reached the re-attack decision");
    }
}
