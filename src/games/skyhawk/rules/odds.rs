//! The odds assistant: before a decision whose next roll it decides, the exact chance of
//! each outcome, from the table, the dice and the very modifiers the roll will use — the
//! attack run's On Target chance, and the re-attack's fuel check and Table 14 events here;
//! the fire an altitude decides (`fire`), the support units' attacks (`support`), the MiGs
//! (`migs`), the division and rescue decisions (`division`), and rolling again with a Lady
//! Luck token (`luck`).

mod division;
mod fire;
mod luck;
mod migs;
mod support;
#[cfg(test)]
mod tests;

use super::Action;
use super::content::data;
use super::cycle::Slot;
use super::mission::bullpup;
use super::state::{MapBox, Skyhawk, Step};
use super::tables::{Drms, Table};
use crate::engine::message::{Message, msg};
use crate::engine::number::decimal;

impl Skyhawk {
    /// The chance of each outcome of the pending decision, where the game can say it exactly.
    pub fn decision_odds(&self) -> Option<Vec<(Message, f64)>> {
        let odds = match self.step {
            Step::PickSupport { .. } => self.pick_support_odds(),
            Step::Altitude(b) => self.altitude_odds(b),
            Step::AttackChoice => self.attack_odds(),
            Step::Cycle => self.placement_odds(),
            Step::MigStar { hits } => self.mig_star_odds(hits),
            Step::MigGroup => self.mig_group_odds(),
            Step::Division(ask) => self.division_odds(ask),
            Step::ReAttackOrHome => self.re_attack_odds(),
            _ => Vec::new(),
        };
        // A Lady Luck token may make a roll of the last decision again, at any step.
        let mut odds = odds;
        odds.extend(self.luck_odds());
        (!odds.is_empty()).then_some(odds)
    }

    /// What one of the prompt's actions risks (issue 17: every choice explains itself), from
    /// the same tables and modifiers as the odds: the fire an altitude draws, a missed run,
    /// running out of fuel, a support unit lost, the MiGs' hits when pressing on.
    pub fn action_risks(&self, action: &Action) -> Vec<(Message, f64)> {
        let hit = |fire: fire::Fire| {
            (
                // Translators: {hits} is an average ("1.35"), not a count.
                msg("the Skyhawk is hit ({hits} hits on average)")
                    .message("hits", decimal(fire.mean, 2)),
                fire.at_least_one(),
            )
        };
        match (&self.step, action) {
            (Step::Altitude(MapBox::ReAttack), &Action::Altitude(a)) => {
                let (column, drms) = self.press_on_roll(a);
                let fire = fire::Fire::roll("12", column, &drms);
                vec![(
                    msg("the Skyhawk is hit, should MiGs jump it and it press on"),
                    fire.at_least_one(),
                )]
            }
            (Step::Altitude(b), &Action::Altitude(a)) => {
                self.box_fire(*b, a, false).map(hit).into_iter().collect()
            }
            (Step::AttackChoice, &Action::Attack { altitude, group }) => {
                let mut risks: Vec<(Message, f64)> = group
                    .map(|g| {
                        (
                            msg("the run misses the target"),
                            1.0 - self.on_target_chance(g, altitude),
                        )
                    })
                    .into_iter()
                    .collect();
                risks.extend(
                    self.box_fire(MapBox::TargetAttack, altitude, bullpup(group))
                        .map(hit),
                );
                risks
            }
            (Step::ReAttackOrHome, Action::ReAttack) => {
                vec![(msg("Bingo fuel"), self.bingo_chance("re_attack"))]
            }
            (Step::ReAttackOrHome, Action::GoHome) => {
                vec![(msg("Bingo fuel"), self.bingo_chance("outbound"))]
            }
            (
                Step::Cycle,
                &Action::Place {
                    slot: Some(Slot::Nv(k)),
                    ..
                },
            ) => vec![(
                msg("the support unit is shot down, if the box still fires"),
                self.unit_shot_down_chance(k),
            )],
            (Step::MigGroup, Action::PressOn) => {
                let (column, drms) = self.press_on_roll(self.altitude);
                let fire = fire::Fire::roll("12", column, &drms);
                vec![hit(fire)]
            }
            _ => Vec::new(),
        }
    }

    fn attack_odds(&self) -> Vec<(Message, f64)> {
        let mut odds = self.on_target_odds();
        odds.extend(self.attack_fire_odds());
        odds
    }

    fn on_target_odds(&self) -> Vec<(Message, f64)> {
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
        let bingo_now = self.bingo_chance("re_attack");
        let mut odds = vec![(msg("Re-attack: Bingo fuel"), bingo_now)];
        let t14 = data().table("14");
        for event in distinct_cells(t14, 0) {
            let p = t14.chance(0, &Drms::new(), |cell| cell == event);
            odds.push((re_attack_event(event), (1.0 - bingo_now) * p));
        }
        odds.push((msg("Head home: Bingo fuel"), self.bingo_chance("outbound")));
        odds
    }

    /// The chance that a Table 7 fuel check in `column` reads Bingo.
    fn bingo_chance(&self, column: &str) -> f64 {
        let t7 = data().table("7");
        let c = t7.column(column).unwrap_or(0);
        t7.chance(c, &self.fuel_check_drms(column), |cell| cell == "bingo")
    }
}

/// The different results of a table's column, top row first.
fn distinct_cells(t: &Table, column: usize) -> Vec<&str> {
    let mut cells: Vec<&str> = Vec::new();
    for row in &t.rows {
        let cell = row.cells[column].as_str();
        if !cells.contains(&cell) {
            cells.push(cell);
        }
    }
    cells
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
