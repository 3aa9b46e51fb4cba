//! The prompt of the fight over the target and the flight home: what is being decided, and
//! for each attack the die roll it needs, so that no odds are hidden.

use super::content::{Side, data, named_weapons};
use super::display::Area;
use super::fight::altitude_name;
use super::state::*;
use super::{Action, Listed};
use crate::engine::game::Choice;
use crate::engine::message::{Message, msg};

impl PhantomLeader {
    /// The choices of a fight or home-bound step.
    pub(super) fn fight_choices(
        &self,
        step: &Step,
        mut out: Listed,
    ) -> (Message, &'static str, Listed) {
        let c = data();
        let mut add = |action: Action, label: &dyn Fn() -> Message| match &mut out {
            Listed::Bare(actions) => actions.push(action),
            Listed::Labelled(choices) => {
                let target = click_target(&action);
                let choice = Choice::new(action, label());
                choices.push(match target {
                    Some(t) => choice.on(t),
                    None => choice,
                });
            }
        };
        let (text, rule) = match step {
            Step::Place => {
                let Some(sortie) = self.next_to_place() else {
                    return (msg("Place the aircraft"), "M11", out);
                };
                for (area, altitude) in self.start_options() {
                    add(
                        Action::Place {
                            sortie,
                            area,
                            altitude,
                        },
                        &|| {
                            msg("Start in {area}, {altitude}")
                                .term("area", area.name())
                                .term("altitude", altitude_name(altitude))
                        },
                    );
                }
                (
                    msg("Where does {pilot} enter the display? The Exit counter goes across from the start area; he must leave near it")
                        .arg("pilot", self.pilot_name(sortie)),
                    "M11",
                )
            }
            Step::Escort | Step::EventBandit { .. } => {
                let approach_only = matches!(
                    step,
                    Step::EventBandit {
                        approach_only: true,
                        ..
                    }
                );
                for i in self.removable_bandits(approach_only) {
                    add(Action::RemoveBandit(i), &|| {
                        self.aim_subject(Aim::Bandit(i))
                    });
                }
                (msg("Choose the Bandit the event removes"), "M14")
            }
            Step::Intel { sites, bandits } => {
                for side in [Side::Site, Side::Bandit] {
                    for area in self.intel_areas(side) {
                        add(Action::IntelArea { side, area }, &|| {
                            match side {
                                Side::Site => msg("Remove Sites in {area}"),
                                Side::Bandit => msg("Remove Bandits in {area}"),
                            }
                            .term("area", area.name())
                        });
                    }
                }
                add(Action::Done, &|| msg("Remove nothing more"));
                (
                    msg("Intel destroys up to {sites} Sites and {bandits} Bandits, each type in one area")
                        .arg("sites", sites)
                        .arg("bandits", bandits),
                    "M13",
                )
            }
            Step::FastRoll => {
                for (by, pilot) in self.fast_rolls() {
                    let p = &self.squadron[self.mission.flight[by].squad];
                    add(Action::FastRoll { by, pilot }, &|| {
                        msg("{by} directs {pilot} (Fast on {n}+)")
                            .arg("by", self.pilot_name(by))
                            .arg("pilot", self.pilot_name(pilot))
                            .arg("n", p.card().aircraft.fast_on[&p.level])
                    });
                }
                add(Action::Done, &|| msg("No roll"));
                (
                    msg("Turn {turn}: an E-1/E-2 may make a Slow pilot Fast")
                        .arg("turn", self.mission.turn),
                    "T0",
                )
            }
            Step::Jettison => {
                self.high_stress_choices(&mut add);
                for (sortie, weapon) in self.droppable() {
                    add(Action::Drop { sortie, weapon }, &|| {
                        msg("{pilot} jettisons one {weapon}")
                            .arg("pilot", self.pilot_name(sortie))
                            .term("weapon", c.weapons[weapon].name.as_str())
                    });
                }
                add(Action::Done, &|| {
                    msg("Keep the loads: on to the Fast attacks")
                });
                (
                    msg("Turn {turn}: jettison? Dropped munitions are lost; AtG weight hampers dogfights at range 0")
                        .arg("turn", self.mission.turn),
                    "T1",
                )
            }
            Step::Attacks { fast } => {
                self.high_stress_choices(&mut add);
                // A sortie with nothing in its sights has no options: no need to ask first.
                let yet_to_attack = |&i: &usize| self.yet_to_attack(*fast, i);
                for sortie in self.mission.on_display().filter(yet_to_attack) {
                    for (aim, arms) in self.attack_options(sortie) {
                        add(
                            Action::Attack {
                                sortie,
                                aim,
                                arms: arms.clone(),
                            },
                            &|| {
                                msg("{pilot}: {arms} at {aim} ({odds})")
                                    .arg("pilot", self.pilot_name(sortie))
                                    .message("arms", self.arms_label(&arms))
                                    .message("aim", self.aim_label(aim))
                                    .message("odds", self.need_label(sortie, aim, &arms, false))
                            },
                        );
                    }
                }
                add(Action::Done, &|| {
                    if *fast {
                        msg("No more Fast attacks: the enemy fires")
                    } else {
                        msg("No more Slow attacks: movement")
                    }
                });
                (
                    if *fast {
                        msg("Turn {turn}: Fast pilots attack, one attack each")
                    } else {
                        msg("Turn {turn}: Slow pilots attack, one attack each")
                    }
                    .arg("turn", self.mission.turn),
                    if *fast { "T2" } else { "T4" },
                )
            }
            Step::EnemyOrder => {
                for a in self.ready_attackers() {
                    let aim = a.aim();
                    add(Action::FiresNext(a), &|| {
                        msg("{attacker} fires next").message("attacker", self.aim_subject(aim))
                    });
                }
                add(Action::Done, &|| {
                    msg("The rest fire in the usual order (Sites, then Bandits; C, AN, AE, AS, AW)")
                });
                (
                    msg("Turn {turn}: the enemy fires. Which Site or Bandit fires next? The order matters to your suppressions")
                        .arg("turn", self.mission.turn),
                    "T3",
                )
            }
            Step::Suppress { attacker, target } | Step::Evade { attacker, target } => {
                let aim = attacker.aim();
                if matches!(step, Step::Suppress { .. }) {
                    self.high_stress_choices(&mut add);
                    for (sortie, arms) in self.suppressions(*attacker) {
                        add(
                            Action::Suppress {
                                sortie,
                                arms: arms.clone(),
                            },
                            &|| {
                                msg("{pilot} suppresses with {arms} ({odds})")
                                    .arg("pilot", self.pilot_name(sortie))
                                    .message("arms", self.arms_label(&arms))
                                    .message("odds", self.need_label(sortie, aim, &arms, true))
                            },
                        );
                    }
                }
                let spec = self.defense_spec(self.attacker(*attacker));
                let m: i32 = self
                    .enemy_modifiers(attacker.side, *target)
                    .iter()
                    .map(|x| x.1)
                    .sum();
                add(Action::Evade(true), &|| {
                    msg("Evade: +2 Stress, the enemy rolls twice and keeps the lower")
                });
                add(Action::Evade(false), &|| msg("Hold course"));
                (
                    msg("{attacker} fires at {pilot}: {a}+ Stress, {b}+ Damaged, {c}+ shot down (modifier {m})")
                        .message("attacker", self.aim_subject(aim))
                        .arg("pilot", self.pilot_name(*target))
                        .arg("a", spec.attack[0])
                        .arg("b", spec.attack[1])
                        .arg("c", spec.attack[2])
                        .arg("m", format_args!("{m:+}")),
                    "T3",
                )
            }
            Step::Move => {
                let movers = self.movers();
                for &sortie in &movers {
                    let pos = self.mission.flight[sortie].pos;
                    for (area, altitude) in self.move_options(sortie) {
                        let stay = pos.is_some_and(|p| p.area == area && p.altitude == altitude);
                        add(
                            Action::Move {
                                sortie,
                                area,
                                altitude,
                            },
                            &|| {
                                if stay {
                                    msg("{pilot} stays in {area}, {altitude}")
                                } else {
                                    msg("{pilot} to {area}, {altitude}")
                                }
                                .arg("pilot", self.pilot_name(sortie))
                                .term("area", area.name())
                                .term("altitude", altitude_name(altitude))
                            },
                        );
                    }
                }
                if self.may_hold() {
                    add(Action::Done, &|| msg("The others stay where they are"));
                }
                (
                    msg("Turn {turn}: move one area and/or change altitude (turn 4 leaves the Center, turn 5 the Approach areas)")
                        .arg("turn", self.mission.turn),
                    "T5",
                )
            }
            Step::Leave => {
                for sortie in self.leavers() {
                    let area = self.mission.flight[sortie].pos.map_or(Area::C, |p| p.area);
                    add(Action::Leave(sortie), &|| {
                        msg("{pilot} leaves from {area}")
                            .arg("pilot", self.pilot_name(sortie))
                            .term("area", area.name())
                    });
                }
                add(Action::Done, &|| msg("Stay for another turn"));
                (msg("Leave the display over the exit?"), "4.9")
            }
            Step::RescueMia => {
                for i in self.missing() {
                    add(Action::Rescue(i), &|| {
                        msg("Rescue {pilot}").arg("pilot", self.squadron[i].card().name)
                    });
                }
                (msg("Rescued! Which Missing pilot comes back?"), "M16")
            }
            Step::KeepRescued {
                rescued,
                replacement,
            } => {
                for i in [*rescued, *replacement] {
                    add(Action::Keep(i), &|| {
                        msg("Keep {pilot}").arg("pilot", self.squadron[i].card().name)
                    });
                }
                (msg("Keep the rescued pilot or his replacement"), "M16")
            }
            _ => (msg("Nothing to decide"), ""),
        };
        (text, rule, out)
    }

    fn high_stress_choices(&self, add: &mut impl FnMut(Action, &dyn Fn() -> Message)) {
        for i in self.high_stress_takers() {
            add(Action::HighStress(i), &|| {
                msg("{pilot} presses hard: +1 Stress, +1 to his rolls this turn")
                    .arg("pilot", self.pilot_name(i))
            });
        }
    }

    /// "needs 6+ on the die" for each roll of an attack: the lowest face that scores.
    pub fn need_label(&self, sortie: usize, aim: Aim, arms: &Arms, suppress: bool) -> Message {
        let weapon = match arms {
            Arms::Guns => None,
            Arms::Counters(ws) => ws.first().copied(),
        };
        let m: i32 = self
            .attack_modifiers(sortie, aim, weapon, suppress)
            .iter()
            .map(|x| x.1)
            .sum();
        let first = match weapon {
            None => 10,
            Some(w) => {
                let spec = &data().weapons[w];
                i32::from(spec.hits.first().copied().unwrap_or(10))
                    + i32::from(Some(w) == named_weapons().aim9 && self.early_aim9())
            }
        };
        let need = first - m;
        if need > 10 {
            msg("cannot score")
        } else {
            msg("{n}+ to score").arg("n", need.max(1))
        }
    }
}

/// The display target a choice is taken by clicking: an area or a piece.
fn click_target(action: &Action) -> Option<String> {
    let aim = |aim: &Aim| match aim {
        Aim::Target => "target".to_owned(),
        Aim::Site(i) => format!("site:{i}"),
        Aim::Bandit(i) => format!("bandit:{i}"),
    };
    match action {
        Action::Place { area, .. } | Action::Move { area, .. } | Action::IntelArea { area, .. } => {
            Some(format!("area:{area:?}"))
        }
        Action::Attack { aim: a, .. } => Some(aim(a)),
        Action::FiresNext(a) => Some(match a.side {
            Side::Site => format!("site:{}", a.index),
            Side::Bandit => format!("bandit:{}", a.index),
        }),
        Action::RemoveBandit(i) => Some(format!("bandit:{i}")),
        _ => None,
    }
}
