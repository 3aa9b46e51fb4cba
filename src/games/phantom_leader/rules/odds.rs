//! The odds assistant (issue 15): before a decision whose next roll it decides, the exact
//! chance of each outcome, worked out from the same d10, thresholds and modifiers the roll
//! will use — attacks and suppressions (digest 4.6), the enemy's shot with and without
//! evasion (4.7), Search and Rescue (4.10), and the E-1/E-2 and EB-66 rolls (8.3).

use super::Action;
use super::attack::Modifiers;
use super::content::{Damage, data};
use super::state::*;
use crate::engine::message::{Message, msg};

/// The faces of the d10, read 1–10 [p.2].
const FACES: std::ops::RangeInclusive<i32> = 1..=10;

/// The chance of each face of the die being at least `need`.
fn at_least(need: i32) -> f64 {
    f64::from((11 - need.max(1)).clamp(0, 10)) / 10.0
}

/// What an enemy roll can do to an aircraft, by chance: nothing, +1 Stress, Damaged, shot
/// down (digest 4.7's result table).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EnemyOdds {
    pub nothing: f64,
    pub stress: f64,
    pub damaged: f64,
    pub down: f64,
}

/// The chance of each result of an enemy roll on `numbers` with `modifier`, the attacker
/// keeping the lower of two dice when the aircraft evades; a second Damaged result
/// destroys an aircraft already damaged [p.13].
pub fn enemy_odds(numbers: [u8; 3], modifier: i32, evade: bool, damaged: bool) -> EnemyOdds {
    let [stress, damage, down] = numbers.map(i32::from);
    // Counted in pairs of dice out of 100, so that a sure result is exactly 1 and an
    // impossible one exactly 0.
    let mut pairs = [0i32; 4];
    for face in FACES {
        // The lower of two d10 is `face` in 21 − 2·face of the 100 pairs.
        let n = if evade { 21 - 2 * face } else { 10 };
        let total = face + modifier;
        let result = if total >= down || (total >= damage && damaged) {
            3
        } else if total >= damage {
            2
        } else if total >= stress {
            1
        } else {
            0
        };
        pairs[result] += n;
    }
    let [nothing, stress, damaged, down] = pairs.map(|n| f64::from(n) / 100.0);
    EnemyOdds {
        nothing,
        stress,
        damaged,
        down,
    }
}

impl PhantomLeader {
    /// The chance of each number of hits of an attack or suppression (index = hits): one d10
    /// per counter (or one for guns), each scored on its own bands and added up [p.12].
    pub fn hit_distribution(
        &self,
        sortie: usize,
        aim: Aim,
        arms: &Arms,
        suppress: bool,
    ) -> Vec<f64> {
        let weapons: Vec<Option<usize>> = match arms {
            Arms::Guns => vec![None],
            Arms::Counters(ws) => ws.iter().map(|&w| Some(w)).collect(),
        };
        let air = matches!(aim, Aim::Bandit(_));
        let mut dist = vec![1.0];
        for weapon in weapons {
            let m: i32 = self
                .attack_modifiers(sortie, aim, weapon, suppress)
                .iter()
                .map(|x| x.1)
                .sum();
            // Faces out of ten, so that a roll that cannot score misses with exactly 1.
            let mut faces = [0u8; 5];
            for face in FACES {
                faces[usize::from(self.hits_on(weapon, face + m, air))] += 1;
            }
            let one = faces.map(|n| f64::from(n) / 10.0);
            let mut next = vec![0.0; dist.len() + 4];
            for (a, pa) in dist.iter().enumerate() {
                for (b, pb) in one.iter().enumerate() {
                    next[a + b] += pa * pb;
                }
            }
            dist = next;
        }
        while dist.len() > 1 && dist.last() == Some(&0.0) {
            dist.pop();
        }
        dist
    }

    /// The chance that an attack or suppression scores at least one hit (a Site or Bandit
    /// is destroyed, a suppression cancels the shot).
    pub fn score_chance(&self, sortie: usize, aim: Aim, arms: &Arms, suppress: bool) -> f64 {
        1.0 - self.hit_distribution(sortie, aim, arms, suppress)[0]
    }

    /// The chance that an attack on the target card leaves it Destroyed, counting the hits
    /// it already has.
    fn destroy_chance(&self, sortie: usize, arms: &Arms) -> Option<f64> {
        let card = data().target(self.mission.target?);
        let have = self.mission.hits;
        if card.damage(have) == Damage::Destroyed {
            return None;
        }
        let dist = self.hit_distribution(sortie, Aim::Target, arms, false);
        Some(
            dist.iter()
                .enumerate()
                .filter(|(h, _)| card.damage(have.saturating_add(*h as u8)) == Damage::Destroyed)
                .map(|(_, p)| p)
                .sum(),
        )
    }

    /// The pending enemy shot: its attack numbers, modifier and whether its target is
    /// already damaged, with the aircraft's name.
    fn pending_shot(&self) -> Option<([u8; 3], i32, bool, usize)> {
        match &self.step {
            Step::Suppress { attacker, target } | Step::Evade { attacker, target } => {
                let spec = self.defense_spec(self.attacker(*attacker));
                let m = sum(&self.enemy_modifiers(attacker.side, *target));
                let a = [spec.attack[0], spec.attack[1], spec.attack[2]];
                Some((a, m, self.mission.flight[*target].damaged, *target))
            }
            Step::EventEvade { attack, target, .. } => Some((
                *attack,
                sum(&self.event_attack_modifiers()),
                self.mission.flight[*target].damaged,
                *target,
            )),
            _ => None,
        }
    }

    /// The chance of each SAR result: quick recovery, recovered under fire, Missing [p.14].
    pub fn sar_odds(&self, rescue: &Rescue) -> [f64; 3] {
        let sar = &data().tables.sar;
        let m = sum(&self.sar_modifiers(rescue));
        let quick = at_least(sar.quick_from - m);
        let recovered = at_least(sar.under_fire_from - m);
        [quick, recovered - quick, 1.0 - recovered]
    }

    /// The chance of each outcome of the pending decision, where the game can say it exactly.
    pub fn decision_odds(&self) -> Option<Vec<(Message, f64)>> {
        let mut out = Vec::new();
        match &self.step {
            Step::Attacks { fast } => {
                for sortie in self.attackers(*fast) {
                    for (aim, arms) in self.attack_options(sortie) {
                        let what = msg("{pilot}: {arms} at {aim}")
                            .arg("pilot", self.pilot_name(sortie))
                            .message("arms", self.arms_label(&arms))
                            .message("aim", self.aim_label(aim));
                        let hit = self.score_chance(sortie, aim, &arms, false);
                        out.push(match aim {
                            Aim::Target => (
                                msg("{attack}: at least one hit").message("attack", what.clone()),
                                hit,
                            ),
                            Aim::Site(_) => (
                                msg("{attack}: the Site is destroyed")
                                    .message("attack", what.clone()),
                                hit,
                            ),
                            Aim::Bandit(_) => (
                                msg("{attack}: the Bandit is shot down")
                                    .message("attack", what.clone()),
                                hit,
                            ),
                        });
                        if aim == Aim::Target
                            && let Some(p) = self.destroy_chance(sortie, &arms)
                            && p > 0.0
                            && p < hit
                        {
                            out.push((
                                msg("{attack}: the target is Destroyed").message("attack", what),
                                p,
                            ));
                        }
                    }
                }
            }
            Step::Suppress { attacker, .. } => {
                for (sortie, arms) in self.suppressions(*attacker) {
                    let aim = attacker.aim();
                    out.push((
                        msg("{pilot} suppresses with {arms}: the shot is cancelled")
                            .arg("pilot", self.pilot_name(sortie))
                            .message("arms", self.arms_label(&arms)),
                        self.score_chance(sortie, aim, &arms, true),
                    ));
                }
                self.shot_odds(&mut out);
            }
            Step::Evade { .. } | Step::EventEvade { .. } => self.shot_odds(&mut out),
            Step::Sar { rescue } => {
                let [quick, under_fire, missing] = self.sar_odds(rescue);
                out.push((msg("Quick recovery (+3 Stress)"), quick));
                out.push((msg("Recovered under fire (+5 Stress)"), under_fire));
                out.push((msg("Missing in Action"), missing));
            }
            Step::FastRoll => {
                for (by, pilot) in self.fast_rolls() {
                    let p = &self.squadron[self.mission.flight[by].squad];
                    out.push((
                        msg("{by} makes {pilot} Fast this turn")
                            .arg("by", self.pilot_name(by))
                            .arg("pilot", self.pilot_name(pilot)),
                        at_least(i32::from(p.card().aircraft.fast_on[&p.level])),
                    ));
                }
            }
            Step::EventIgnore { rolled, .. } => {
                for i in self.event_ignorers(rolled) {
                    let p = &self.squadron[self.mission.flight[i].squad];
                    out.push((
                        msg("{pilot} has the event section ignored")
                            .arg("pilot", self.pilot_name(i)),
                        at_least(i32::from(p.card().aircraft.event_ignore[&p.level])),
                    ));
                }
            }
            _ => {}
        }
        (!out.is_empty()).then_some(out)
    }

    /// Each result of the pending enemy shot, holding course and evading.
    fn shot_odds(&self, out: &mut Vec<(Message, f64)>) {
        let Some((numbers, m, damaged, target)) = self.pending_shot() else {
            return;
        };
        let pilot = self.pilot_name(target);
        for evade in [false, true] {
            let o = enemy_odds(numbers, m, evade, damaged);
            let way = if evade {
                msg("{pilot} evades").arg("pilot", pilot)
            } else {
                msg("{pilot} holds course").arg("pilot", pilot)
            };
            for (what, p) in [
                (msg("{way}: no effect"), o.nothing),
                (msg("{way}: +1 Stress"), o.stress),
                (msg("{way}: Damaged, all counters lost"), o.damaged),
                (msg("{way}: shot down"), o.down),
            ] {
                if p > 0.0 {
                    out.push((what.message("way", way.clone()), p));
                }
            }
        }
    }

    /// What one of the prompt's actions risks: an attack or suppression that misses, the
    /// enemy's shot holding course or evading, a pilot left Missing.
    pub fn action_risks(&self, action: &Action) -> Vec<(Message, f64)> {
        match (&self.step, action) {
            (Step::Attacks { .. }, Action::Attack { sortie, aim, arms }) => vec![(
                msg("the attack scores no hit"),
                1.0 - self.score_chance(*sortie, *aim, arms, false),
            )],
            (Step::Suppress { attacker, .. }, Action::Suppress { sortie, arms }) => {
                let aim = attacker.aim();
                vec![(
                    msg("the suppression fails"),
                    1.0 - self.score_chance(*sortie, aim, arms, true),
                )]
            }
            (_, Action::Evade(evade)) => {
                let Some((numbers, m, damaged, _)) = self.pending_shot() else {
                    return Vec::new();
                };
                let o = enemy_odds(numbers, m, *evade, damaged);
                [
                    (msg("shot down"), o.down),
                    (msg("Damaged, all counters lost"), o.damaged),
                ]
                .into_iter()
                .filter(|r| r.1 > 0.0)
                .collect()
            }
            (Step::Sar { rescue }, Action::SarRoll) => {
                vec![(msg("Missing in Action"), self.sar_odds(rescue)[2])]
            }
            (Step::Sar { rescue }, Action::SarDiscard { weapon, .. }) => {
                let after = Rescue {
                    sortie: rescue.sortie,
                    discarded_wp: rescue.discarded_wp + data().weapons[*weapon].wp,
                };
                vec![(
                    msg("Missing in Action, after this discard"),
                    self.sar_odds(&after)[2],
                )]
            }
            _ => Vec::new(),
        }
    }
}

fn sum(m: &Modifiers) -> i32 {
    m.iter().map(|x| x.1).sum()
}
