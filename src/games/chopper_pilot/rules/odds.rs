//! The odds assistant: the exact chance of each result of a roll before it is made, from the
//! same table, column and modifiers the rules will use — a helicopter's attack (B1 or B2,
//! [`ChopperPilot::attack_odds`]), an enemy unit's shot at a helicopter (its Unit Card,
//! [`ChopperPilot::ground_fire_odds`], and every shot a landing would face,
//! [`ChopperPilot::landing_odds`]) and a forced landing (F2, [`ChopperPilot::forced_landing_odds`]).
//! The spotting try's chance is [`super::spotting::spot_chance`]. A Luck Factor re-roll (5.3)
//! is not counted: the odds are those of the roll itself.

use super::Action;
use super::combat::{hits, vs_helicopter};
use super::content::{Dice, Side, Table, data};
use super::hex::Hex;
use super::movement::Altitude;
use super::movement::Step;
use super::ops::unit_name;
use super::roll::Modifier;
use super::state::ChopperPilot;
use super::state::Phase;
use super::tactical::Attack;
use crate::engine::message::{Message, msg};

/// Each natural result of the dice with its chance (D66: the 36 pairs, tens then units).
fn faces(dice: Dice) -> Vec<(i32, f64)> {
    match dice {
        Dice::D6 => (1..=6).map(|n| (n, 1.0 / 6.0)).collect(),
        Dice::D10 => (1..=10).map(|n| (n, 0.1)).collect(),
        Dice::D66 => (1..=6)
            .flat_map(|t| (1..=6).map(move |u| (t * 10 + u, 1.0 / 36.0)))
            .collect(),
    }
}

/// The chance of each result of one roll on `table` in `column` with `modifiers`, in the
/// order the results first appear from the lowest roll; with `miss_below_one` a modified roll
/// below 1 misses whatever the table says [3.9]. The chances add up to 1.
pub fn outcomes(
    table: &'static Table,
    column: usize,
    modifiers: &[Modifier],
    miss_below_one: bool,
) -> Vec<(&'static str, f64)> {
    let sum: i32 = modifiers.iter().map(|(_, v)| v).sum();
    let mut out: Vec<(&'static str, f64)> = Vec::new();
    for (natural, p) in faces(table.dice) {
        let modified = natural + sum;
        let cell = if miss_below_one && modified < 1 {
            "miss"
        } else {
            let cells = table.cells(natural, modified);
            cells.get(column).unwrap_or(&cells[0]).as_str()
        };
        match out.iter_mut().find(|(c, _)| *c == cell) {
            Some((_, q)) => *q += p,
            None => out.push((cell, p)),
        }
    }
    out
}

/// The chance that a 1D10 shot needing `needed` with `modifiers` hits [9.3, 3.9].
pub fn hit_chance(needed: i32, modifiers: &[Modifier]) -> f64 {
    (1..=10).filter(|n| hits(*n, needed, modifiers)).count() as f64 / 10.0
}

/// What one unit faces from an attack: every modifier of its rolls and the chance of each
/// result of one roll ("miss", "sup", "dm", "dm_sup", "de").
#[derive(Clone, Debug, PartialEq)]
pub struct TargetOdds {
    pub unit: u16,
    pub modifiers: Vec<Modifier>,
    pub each_roll: Vec<(&'static str, f64)>,
}

/// The odds of a helicopter weapon's attack: how it attacks, and each unit it rolls against
/// (B2: the target; B1: every enemy unit in the target's hex).
#[derive(Clone, Debug, PartialEq)]
pub struct AttackOdds {
    pub attack: Attack,
    pub targets: Vec<TargetOdds>,
}

impl TargetOdds {
    /// The chance that at least one of `rolls` rolls gives a result in `results`, the unit
    /// standing after each (an upper bound once a roll can destroy it).
    pub fn at_least_once(&self, rolls: u8, results: &[&str]) -> f64 {
        let p: f64 = self
            .each_roll
            .iter()
            .filter(|(r, _)| results.contains(r))
            .map(|(_, p)| p)
            .sum();
        1.0 - (1.0 - p).powi(i32::from(rolls))
    }
}

impl ChopperPilot {
    /// The odds of helicopter `h` firing weapon `w` (its Info Card's index) at unit `id`, as
    /// [`ChopperPilot::fire`] resolves it; `None` when there is no such attack now.
    pub fn attack_odds(&self, h: usize, w: u8, id: u16) -> Option<AttackOdds> {
        let attack = self.weapon_attack(h, w, id)?;
        let t = self.tac();
        let hex = t.unit(id)?.hex;
        let table = data().table(attack.table);
        let column = attack
            .column
            .and_then(|c| table.column(c))
            .unwrap_or_default();
        let targets = t
            .units
            .iter()
            .filter(|u| match attack.column {
                Some(_) => u.id == id,
                None => u.hex == hex && u.spec().side == Side::Enemy,
            })
            .map(|u| {
                let modifiers = self.target_modifiers(u, &attack.modifiers);
                TargetOdds {
                    unit: u.id,
                    each_roll: outcomes(table, column, &modifiers, true),
                    modifiers,
                }
            })
            .collect();
        Some(AttackOdds { attack, targets })
    }

    /// The chance that enemy unit `id` hits helicopter `h` where it is now with one shot
    /// (`moved`: after moving, -1); `None` when it may not fire at it.
    pub fn ground_fire_odds(&self, id: u16, h: usize, moved: bool) -> Option<f64> {
        let (needed, m) = self.enemy_shot(id, h, moved)?;
        Some(hit_chance(needed, &m))
    }

    /// Landing under fire: for helicopter `h` landed in `hex`, each spotted enemy unit that
    /// could fire at it there and its chance of a hit with one shot, and the chance that at
    /// least one of them hits if all fire [9.3, G08]. `None` off the map.
    pub fn landing_odds(&self, h: usize, hex: Hex) -> Option<(Vec<(u16, f64)>, f64)> {
        let t = self.tac();
        t.flying(h)?;
        let weather = self.weather_value(|w| w.enemy_vs_helicopter);
        let each: Vec<(u16, f64)> = t
            .units
            .iter()
            .filter(|u| u.spotted && u.spec().side == Side::Enemy)
            .filter_map(|u| {
                let (needed, m) = vs_helicopter(
                    u.spec(),
                    hex.distance(u.hex),
                    Altitude::Landed,
                    false,
                    u.damaged,
                    false,
                    weather,
                )?;
                Some((u.id, hit_chance(needed, &m)))
            })
            .collect();
        let none: f64 = each.iter().map(|(_, p)| 1.0 - p).product();
        Some((each, 1.0 - none))
    }

    /// The forced-landing roll helicopter `h` would make if it came down now: at Medium a
    /// crash, landed a wreck, at Low or NOE F2 with its modifiers [9.5, ruling A15].
    pub fn forced_landing_odds(&self, h: usize) -> Option<Vec<(&'static str, f64)>> {
        let f = self.tac().flying(h)?;
        Some(match f.altitude {
            Altitude::Medium => vec![("crash", 1.0)],
            Altitude::Landed => vec![("landed", 1.0)],
            a => outcomes(
                data().table("F2"),
                0,
                &self.f2_modifiers(h, a, f.hex),
                false,
            ),
        })
    }
}

/// The results of an attack roll that do something to the unit.
const EFFECTS: [&str; 4] = ["sup", "dm", "dm_sup", "de"];

impl ChopperPilot {
    /// What the odds assistant shows beside the prompt while a helicopter flies: each attack
    /// it may make (the target destroyed, or touched at all), the fire a landing here would
    /// draw, the fire it faces if its activation ends where it is, and a forced landing here.
    pub fn activation_odds(&self) -> Option<Vec<(Message, f64)>> {
        let Phase::Activation(h) = self.phase else {
            return None;
        };
        let f = self.tac().flying(h)?;
        let weapons = &data().helicopter(self.mission().flight[h].kind).weapons;
        let mut odds: Vec<(Message, f64)> = Vec::new();
        for (w, id) in self.shots(h) {
            let (Some(a), Some(u)) = (self.attack_odds(h, w, id), self.tac().unit(id)) else {
                continue;
            };
            let Some(t) = a.targets.iter().find(|t| t.unit == id) else {
                continue;
            };
            let weapon = weapons[usize::from(w)].name.as_str();
            let (name, hex) = (unit_name(&u.unit), self.hex_name(u.hex));
            odds.push((
                msg("{weapon} at {unit} in {hex}: destroyed")
                    .term("weapon", weapon)
                    .term("unit", name.clone())
                    .arg("hex", &hex),
                t.at_least_once(a.attack.rolls, &["de"]),
            ));
            odds.push((
                msg("{weapon} at {unit} in {hex}: any effect")
                    .term("weapon", weapon)
                    .term("unit", name)
                    .arg("hex", &hex),
                t.at_least_once(a.attack.rolls, &EFFECTS),
            ));
        }
        if self.step_cost(h, Step::Land).is_some()
            && let Some((_, any)) = self.landing_odds(h, f.hex)
        {
            odds.push((msg("Landing here: hit by enemy fire"), any));
        }
        let moved = f.mp_spent > 0;
        let ground = self.ground_fire_here(h, moved);
        if ground > 0.0 {
            odds.push((msg("Staying here: hit by the enemy units spotted"), ground));
        }
        for (result, p) in self.forced_landing_odds(h).unwrap_or_default() {
            let what = match result {
                "crash" => msg("Forced down here: crash"),
                "hard" => msg("Forced down here: hard landing"),
                _ => msg("Forced down here: safe landing"),
            };
            if p > 0.0 {
                odds.push((what, p));
            }
        }
        (!odds.is_empty()).then_some(odds)
    }

    /// The chance that at least one spotted enemy unit able to fire at helicopter `h` where it
    /// is hits it with one shot each [9.3].
    fn ground_fire_here(&self, h: usize, moved: bool) -> f64 {
        let none: f64 = self
            .tac()
            .units
            .iter()
            .filter(|u| u.spotted && u.spec().side == Side::Enemy)
            .filter_map(|u| self.ground_fire_odds(u.id, h, moved))
            .map(|p| 1.0 - p)
            .product();
        1.0 - none
    }

    /// What one of the active helicopter's actions risks: an attack that does nothing, a
    /// landing under fire, a spotting try that fails.
    pub fn action_risks(&self, action: &Action) -> Vec<(Message, f64)> {
        let Phase::Activation(h) = self.phase else {
            return Vec::new();
        };
        match action {
            Action::Spot(unit) => self
                .spot_odds(h, *unit)
                .map(|p| vec![(msg("The unit is not spotted"), 1.0 - p)])
                .unwrap_or_default(),
            Action::Fire { weapon, unit } => self
                .attack_odds(h, *weapon, *unit)
                .and_then(|a| {
                    let t = a.targets.iter().find(|t| t.unit == *unit)?;
                    let touched = t.at_least_once(a.attack.rolls, &EFFECTS);
                    Some(vec![(msg("The attack has no effect"), 1.0 - touched)])
                })
                .unwrap_or_default(),
            Action::Move(Step::Land) => self
                .tac()
                .flying(h)
                .and_then(|f| self.landing_odds(h, f.hex))
                .filter(|(_, any)| *any > 0.0)
                .map(|(_, any)| vec![(msg("Hit by enemy fire once landed"), any)])
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use super::*;

    fn total(o: &[(&str, f64)]) -> f64 {
        o.iter().map(|(_, p)| p).sum()
    }

    fn chance(o: &[(&str, f64)], result: &str) -> f64 {
        o.iter()
            .find(|(r, _)| *r == result)
            .map_or(0.0, |(_, p)| *p)
    }

    #[test]
    fn b1_odds_read_the_rows_with_their_modifiers_9_2_2() {
        let b1 = data().table("B1");
        let plain = outcomes(b1, 0, &[], true);
        assert!((total(&plain) - 1.0).abs() < 1e-9);
        // 1-2 miss, 3-4 sup, 5-6 dm, 7-8 dm_sup, 9-10 de (G02).
        for r in ["miss", "sup", "dm", "dm_sup", "de"] {
            assert!((chance(&plain, r) - 0.2).abs() < 1e-9, "{r}");
        }
        // Rockets at long range (-1) in jungle: a modified roll below 1 misses [3.9].
        let m: Vec<Modifier> = vec![(Cow::Borrowed("range"), -1), (Cow::Borrowed("terrain"), -2)];
        let hard = outcomes(b1, 0, &m, true);
        assert!((chance(&hard, "miss") - 0.5).abs() < 1e-9, "{hard:?}");
        assert!((chance(&hard, "de") - 0.0).abs() < 1e-9);
        assert!((total(&hard) - 1.0).abs() < 1e-9);
    }

    #[test]
    fn forced_landing_odds_follow_f2_9_5() {
        let f2 = data().table("F2");
        // No modifiers: crash on 1, hard on 2, landed on 3-6 (G11).
        let o = outcomes(f2, 0, &[], false);
        assert!((chance(&o, "crash") - 1.0 / 6.0).abs() < 1e-9);
        assert!((chance(&o, "hard") - 1.0 / 6.0).abs() < 1e-9);
        // NOE +1: the 1 reads hard, no crash.
        let noe = outcomes(f2, 0, &[(Cow::Borrowed("altitude"), 1)], false);
        assert_eq!(chance(&noe, "crash"), 0.0);
        // No pilot able (-2): 1-3 crash.
        let alone = outcomes(f2, 0, &[(Cow::Borrowed("no pilot"), -2)], false);
        assert!((chance(&alone, "crash") - 0.5).abs() < 1e-9);
    }

    #[test]
    fn a_hit_chance_counts_the_faces_that_hit_9_3() {
        // Needing 7 with +2 (landed): 5-10 hit.
        assert!((hit_chance(7, &[(Cow::Borrowed("altitude"), 2)]) - 0.6).abs() < 1e-9);
        // Needing 7 at Medium after moving (-3): only a 10.
        assert!((hit_chance(7, &[(Cow::Borrowed("altitude"), -3)]) - 0.1).abs() < 1e-9);
        assert_eq!(hit_chance(12, &[]), 0.0);
    }

    #[test]
    fn d66_tables_count_thirty_six_pairs() {
        let c1 = data().table("C1");
        let o = outcomes(c1, 0, &[], false);
        assert!((total(&o) - 1.0).abs() < 1e-9, "{o:?}");
    }

    fn in_the_sights() -> ChopperPilot {
        super::super::bot::position_in_the_sights()
    }

    #[test]
    fn the_assistant_gives_each_attack_its_chances_and_each_risk_its_own() {
        let g = in_the_sights();
        let Phase::Activation(h) = g.phase else {
            unreachable!()
        };
        let odds = g.activation_odds().expect("attacks to weigh");
        let shots = g.shots(h);
        let lines: Vec<String> = odds.iter().map(|(m, _)| m.english()).collect();
        for (w, id) in &shots {
            let a = g.attack_odds(h, *w, *id).unwrap();
            let t = a.targets.iter().find(|t| t.unit == *id).unwrap();
            let de = t.at_least_once(a.attack.rolls, &["de"]);
            let any = t.at_least_once(a.attack.rolls, &EFFECTS);
            assert!(de <= any + 1e-12);
            assert!(
                odds.iter().any(|(_, p)| (*p - any).abs() < 1e-12),
                "{lines:?}"
            );
            let risk = g.action_risks(&Action::Fire {
                weapon: *w,
                unit: *id,
            });
            assert_eq!(risk.len(), 1);
            assert!((risk[0].1 - (1.0 - any)).abs() < 1e-12);
        }
        assert!(lines.iter().filter(|l| l.contains(": destroyed")).count() == shots.len());
        assert!(odds.iter().all(|(_, p)| (0.0..=1.0).contains(p)));
        // A forced landing's results add up to one.
        let forced: f64 = odds
            .iter()
            .filter(|(m, _)| m.english().starts_with("Forced down here"))
            .map(|(_, p)| p)
            .sum();
        assert!((forced - 1.0).abs() < 1e-9, "{lines:?}");
    }
}
