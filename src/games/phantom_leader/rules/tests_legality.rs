//! The rules asked of one action ([`PhantomLeader::allows`]) against the step's list, and the
//! bot's proposals against its choices from that list, at every step of bot and random
//! campaigns under several option sets.

use super::bot::HeuristicBot;
use super::content::{Altitude, Side, data};
use super::display::Area;
use super::*;
use crate::engine::bot::{Bot, RandomBot};

/// Actions of every kind the per-action answers cover, legal or not, out-of-range indices
/// included; attacks and suppressions armed only as the prompt arms them (the rules also
/// allow other mixes of counters, which the prompt does not list).
fn candidates(g: &PhantomLeader) -> Vec<Action> {
    let n = g.mission.flight.len() + 1;
    let weapons = data().weapons.len() + 1;
    let mut out = vec![Action::Done, Action::Tanker(true), Action::Tanker(false)];
    for sortie in 0..n {
        out.push(Action::Leave(sortie));
        out.push(Action::HighStress(sortie));
        for weapon in 0..weapons {
            out.push(Action::Load { sortie, weapon });
            out.push(Action::Unload { sortie, weapon });
            out.push(Action::Drop { sortie, weapon });
        }
        for area in Area::ALL {
            for altitude in [Altitude::High, Altitude::Low] {
                out.push(Action::Move {
                    sortie,
                    area,
                    altitude,
                });
                out.push(Action::Place {
                    sortie,
                    area,
                    altitude,
                });
            }
        }
        let arms = if sortie < g.mission.flight.len() {
            g.arms_options(sortie)
        } else {
            vec![Arms::Guns]
        };
        let aims = std::iter::once(Aim::Target)
            .chain((0..=g.mission.sites.len()).map(Aim::Site))
            .chain((0..=g.mission.bandits.len()).map(Aim::Bandit));
        for aim in aims {
            for arms in &arms {
                out.push(Action::Attack {
                    sortie,
                    aim,
                    arms: arms.clone(),
                });
            }
        }
        for arms in arms {
            out.push(Action::Suppress { sortie, arms });
        }
    }
    for side in [Side::Site, Side::Bandit] {
        for index in 0..=g.mission.sites.len().max(g.mission.bandits.len()) {
            out.push(Action::FiresNext(Attacker { side, index }));
        }
    }
    out
}

fn option_sets() -> [Options; 3] {
    [
        Options::default(),
        Options {
            high_stress: true,
            one_less_one_more: true,
            ..Options::default()
        },
        Options {
            awacs_off_display: true,
            adjustments: vec!["improved_defenses".into()],
            ..Options::default()
        },
    ]
}

#[test]
fn one_action_asked_alone_gets_the_lists_answer_and_the_bot_proposes_its_choice() {
    let (mut asked, mut proposed) = (0, 0);
    let sheets: Vec<&str> = PhantomLeader::scenarios()
        .iter()
        .map(|s| s.id)
        .filter(|id| id.ends_with("-short"))
        .collect();
    for (k, options) in option_sets().iter().enumerate() {
        for (j, sheet) in sheets.iter().enumerate().filter(|(j, _)| j % 3 == k) {
            let seed = 70 + j as u64;
            let mut g = PhantomLeader::setup(sheet, options, seed).unwrap();
            let mut bot: Box<dyn Bot<PhantomLeader>> = if j % 2 == 0 {
                Box::new(HeuristicBot::new(seed))
            } else {
                Box::new(RandomBot::new(seed))
            };
            let heuristic = HeuristicBot::new(seed + 1);
            while g.step != Step::Over {
                let listed = g.legal_actions();
                let at = format!("{sheet} seed {seed} day {} at {:?}", g.day, g.step);
                for a in &listed {
                    assert!(g.allows(a), "{a:?} listed but refused: {at}");
                }
                for a in candidates(&g) {
                    asked += 1;
                    assert_eq!(g.allows(&a), listed.contains(&a), "{a:?}: {at}");
                }
                let (mut by_list, mut by_rules) = (heuristic.clone(), heuristic.clone());
                if let Some(p) = by_rules.propose(&g) {
                    proposed += 1;
                    assert_eq!(p, by_list.choose(&g, &listed), "{at}");
                    assert_eq!(by_rules, by_list, "the same draws: {at}");
                }
                let a = bot.choose(&g, &listed);
                g.apply(&a).unwrap();
            }
        }
    }
    assert!(
        asked > 100_000 && proposed > 500,
        "{asked} asked, {proposed} proposed"
    );
}
